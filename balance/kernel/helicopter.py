"""The helicopter in its hangar: parts, tank, preparation and take-off (HELI-1..6, GAP-7, GAP-57).

Repairing and breaking its parts go through ACT-REPAIR and ACT-BREAK (steps 7 and 8); the rest
resolves in step 9. Seats are taken one by one in resolution order during step 9, and the
take-off itself is decided once step 9 is over, when the whole group is known (HELI-5).
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.infection import roll_conversion
from balance.kernel.items import pour_with_store
from balance.compile.jit import compiled
from balance.kernel.perception import can_act, log_act
from balance.kernel.state import (
    CH_FORM,
    CH_LEFT_STATION,
    CH_N_DECL,
    CH_ROOM,
    CH_SEATED,
    IT_KIND,
    CH_HAND,
    ST_HELI_BROKEN,
    ST_HELI_FUEL,
    ST_HELI_GONE,
    ST_HELI_PILOT,
    ST_HELI_PREPARED,
    ST_REASON,
    ST_TURN,
    ST_WINNER,
)
from balance.kernel.public import D_ACTION, D_ARG
from balance.kernel.station import usable_here


@compiled
def set_up_helicopter(st, ip):
    """HELI-2: engine, rotor and control panel broken and the tank empty at the start."""
    for k in range(len(codes.HELI_PARTS)):
        st[ST_HELI_BROKEN + k] = ip[P.I_HELI_STARTS_BROKEN]
    st[ST_HELI_FUEL] = 0
    st[ST_HELI_PREPARED] = 0
    st[ST_HELI_PILOT] = -1
    st[ST_HELI_GONE] = 0


@compiled
def flyable(st, ip):
    """HELI-4, HELI-5: still here, every part intact and the tank full."""
    if st[ST_HELI_GONE] == 1 or st[ST_HELI_FUEL] < ip[P.I_HELI_TANK]:
        return False
    for k in range(len(codes.HELI_PARTS)):
        if st[ST_HELI_BROKEN + k] == 1:
            return False
    return True


@compiled
def boarding_open(st):
    """HELI-5, GAP-57: the turn after a preparation, and only that turn."""
    prepared = st[ST_HELI_PREPARED]
    return st[ST_HELI_GONE] == 0 and prepared > 0 and prepared == st[ST_TURN] - 1


@compiled
def fuel_tank(ch, it, st, events, ip, c, h, out_of_tank):
    """HELI-3, GAP-18: a canister in hand into the tank, or the tank into it; min(source, room)."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] not in codes.FUEL_CONTAINERS or st[ST_HELI_GONE] == 1:
        return
    amount = pour_with_store(st, it, i, ST_HELI_FUEL, ip[P.I_HELI_TANK], out_of_tank)
    if amount > 0:
        log_act(ch, st, events, codes.E_HELI_FUEL, c, -1, amount, out_of_tank, ch[c, CH_ROOM])


@compiled
def prepare(ch, st, events, ip, c, rec):
    """HELI-4: one pilot sets the helicopter up for a take-off on the next turn. HELI-5: not
    while boarding for last turn's preparation is open: the pilot who prepared it keeps his
    seat and his flight (refused at declaration too: actions.action_cost; this guard makes the
    resolution order irrelevant)."""
    if not flyable(st, ip) or boarding_open(st):
        return
    st[ST_HELI_PREPARED] = st[ST_TURN]
    st[ST_HELI_PILOT] = c
    if rec[R.C_HELI_PREPARED_TURN] == 0:
        rec[R.C_HELI_PREPARED_TURN] = st[ST_TURN]
    log_act(ch, st, events, codes.E_HELI_PREPARED, c, -1, 0, 0, ch[c, CH_ROOM])


@compiled
def take_seat(ch, st, events, ip, c):
    """HELI-5, GAP-57: the pilot always has a seat; the others take the remaining seats in
    resolution order (step 9), which keeps one free for the pilot until he is seated."""
    if not boarding_open(st) or not flyable(st, ip):
        return
    pilot = st[ST_HELI_PILOT]
    if c != pilot:
        others = 0
        for d in range(ch.shape[0]):
            if ch[d, CH_SEATED] == 1 and d != pilot:
                others += 1
        if others >= ip[P.I_HELI_SEATS] - 1:
            return
    ch[c, CH_SEATED] = 1
    log_act(ch, st, events, codes.E_HELI_BOARD, c, -1, 1 if c == pilot else 0, 0, ch[c, CH_ROOM])


@compiled
def refusal_mask(ch, decl, c):
    """The characters c declared he will not fly with (A_HELI_BOARD's arg, a bitmask)."""
    for j in range(ch[c, CH_N_DECL]):
        if decl[c, j, D_ACTION] == codes.A_HELI_BOARD:
            return decl[c, j, D_ARG]
    return 0


@compiled
def take_off(ch, st, rng, events, decl, ip, fp, rec):
    """HELI-5, GAP-7, GAP-57, after step 9: the seated learn of each other; if the helicopter
    is still intact and fuelled, the pilot aboard and nobody refuses the group, they leave. A
    human aboard has survived; an infected one rolls his conversion at once; any Thing aboard
    wins the game for the Things. A grounded flight leaves everyone on the station, unseated."""
    group = 0
    for c in range(ch.shape[0]):
        if ch[c, CH_SEATED] == 1:
            if can_act(ch, c):
                group |= 1 << c
            ch[c, CH_SEATED] = 0
    if group == 0 or not flyable(st, ip):
        return  # HELI-5: fuel drawn out later in step 9 than the seats grounds it
    pilot = st[ST_HELI_PILOT]
    if pilot < 0 or (group >> pilot) & 1 == 0:
        return  # HELI-5: no take-off without the pilot who prepared it
    for c in range(ch.shape[0]):
        if (group >> c) & 1 == 1 and refusal_mask(ch, decl, c) & group != 0:
            log_act(ch, st, events, codes.E_HELI_REFUSED, c, -1, 0, 0, ch[c, CH_ROOM])
            return  # HELI-5: if at least one refuses, nobody leaves this turn
    aboard, things = 0, 0
    for c in range(ch.shape[0]):
        if (group >> c) & 1 == 1:
            roll_conversion(ch, st, rng, ip, fp, c, rec)  # GAP-7
            ch[c, CH_LEFT_STATION] = 2
            aboard += 1
            if ch[c, CH_FORM] != codes.HUMAN:
                things += 1
    st[ST_HELI_GONE] = 1
    rec[R.C_HELI_FLIGHT_TURN] = st[ST_TURN]
    log_act(ch, st, events, codes.E_TAKEOFF, -1, -1, aboard, things, codes.HANGAR)
    if things > 0:
        st[ST_WINNER] = codes.THINGS  # GAP-7: the Things win at once
        st[ST_REASON] = codes.R_THING_ESCAPED


@compiled
def helicopter_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a helicopter declaration if legal when declared, else -1."""
    if not usable_here(ch, st, room_block, c, codes.OBJ_ENGINE):
        return -1  # HELI-1
    if action == codes.A_HELI_FUEL:
        return ip[P.I_HELI_FUEL_AP] if 0 <= target <= 1 and 0 <= arg <= 1 else -1  # HELI-3
    if action == codes.A_HELI_PREPARE:  # HELI-5: not while last turn's preparation boards
        return ip[P.I_HELI_PREPARE_AP] if not boarding_open(st) else -1  # HELI-4
    return ip[P.I_HELI_BOARD_AP] if boarding_open(st) else -1  # HELI-5


@compiled
def resolve_helicopter(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A helicopter declaration at its step."""
    if not usable_here(ch, st, room_block, c, codes.OBJ_ENGINE):
        return  # HELI-1
    if action == codes.A_HELI_FUEL:
        fuel_tank(ch, it, st, events, ip, c, target, arg)
    elif action == codes.A_HELI_PREPARE:
        prepare(ch, st, events, ip, c, rec)
    else:
        take_seat(ch, st, events, ip, c)

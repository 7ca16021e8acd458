"""Keeping the station running (A5, A10, GAP-6): refuelling generators (GEN-4), the pump
(LOC-FUEL-1), breaking and repairing objects (ACT-BREAK, ACT-REPAIR), the beacon and the call for
help: their costs and effects."""

from balance.compile.jit import compiled
from balance.kernel.events import log_event
from balance.kernel.health import damage
from balance.kernel.hindering import success_chance
from balance.kernel.items import holds_kind, pour_with_store
from balance.kernel.locks import door_broken, mend_door, smash_door
from balance.kernel.perception import log_act
from balance.kernel.rng import WORLD, chance
from balance.kernel.state import (
    CH_ERUDITION,
    CH_HAND,
    CH_ROOM,
    IT_KIND,
    IT_PLACE,
    IT_WHERE,
    ST_BEACON_ON,
    ST_GEN_FUEL,
    ST_GEN_RUNNING,
    ST_REMOTE_BROKEN,
    ST_TURN,
)
from balance.kernel.station import block_of_generator_room, broken_cell, usable_here
from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.locks import break_door, door_action_cost
from balance.kernel.state import (
    CH_FORM,
    IT_FUEL,
    ST_BEACON_BROKEN,
    ST_CALL_TURN,
    ST_LIGHTING,
    ST_PUMP_BROKEN,
    ST_RESCUE_DUE,
)
from balance.kernel.station import beacon_active


@compiled
def broken_this_turn(st, room, obj):
    """ACT-REPAIR: whether object obj of room was broken earlier this turn, not at its start. In
    the steps before a repair's (7) only the Mutant's remote break breaks anything (step 1;
    ACT-BREAK is step 8)."""
    remote = st[ST_REMOTE_BROKEN : ST_REMOTE_BROKEN + 3]
    return remote[0] == st[ST_TURN] and remote[1] == room and remote[2] == obj


@compiled
def remote_break(st, events, room_block, room, obj, rec):
    """ARCH-MUTANT-1, GAP-43: the remote break of object obj of room, noted for ACT-REPAIR."""
    wreck(st, events, room_block, room, obj, rec)
    st[ST_REMOTE_BROKEN] = st[ST_TURN]
    st[ST_REMOTE_BROKEN + 1] = room
    st[ST_REMOTE_BROKEN + 2] = obj


@compiled
def repair(ch, it, st, rng, events, ip, fp, room_block, c, obj, rec):
    """ACT-REPAIR, GAP-20: an object of c's room, broken now and at the start of the turn ("the
    object must be broken at the start of the turn")."""
    r = ch[c, CH_ROOM]
    cell = broken_cell(room_block, r, obj)
    if st[cell] == 0 or broken_this_turn(st, r, obj) or not usable_here(ch, st, room_block, c, obj):
        return
    if repair_roll(ch, it, st, rng, events, ip, fp, c, obj, -1, rec):
        st[cell] = 0


@compiled
def repair_door(ch, it, st, rng, events, ip, fp, c, room, rec):
    """ACT-REPAIR, DOOR-3, ITEM-SCRAP: the door of `room` (c's own or a neighbour's: the
    declaration was checked), broken now and at the start of the turn, mended with scrap metal."""
    if not door_broken(st, room) or broken_this_turn(st, room, codes.OBJ_DOOR):
        return
    if repair_roll(ch, it, st, rng, events, ip, fp, c, codes.OBJ_DOOR, room, rec):
        mend_door(st, room)


@compiled
def repair_roll(ch, it, st, rng, events, ip, fp, c, obj, room, rec):
    """ACT-REPAIR, GAP-20: 90% with the object's tool in hand, else 50%, halved in the dark; the
    tool is used up on success; a failure may hurt unless Erudition is high enough. Returns
    whether the repair succeeded; the event names the door's room, -1 for other objects."""
    # ITEM-PARTS, ITEM-SCRAP, ITEM-WIRES, HELI-2: spare parts for most objects, scrap for the
    # main rotor and doors, wires for the control panel
    tool = holds_kind(ch, it, c, codes.REPAIR_TOOL[obj])
    base = fp[P.F_REPAIR_TOOL] if tool >= 0 else fp[P.F_REPAIR_NO_TOOL]
    if chance(rng, WORLD, success_chance(ch, st, fp, c, base, codes.A_REPAIR, obj)):
        if tool >= 0:
            i = ch[c, CH_HAND + tool]
            ch[c, CH_HAND + tool] = -1
            it[i, IT_PLACE] = codes.DESTROYED
            it[i, IT_WHERE] = -1
        rec[R.C_REPAIRS] += 1
        if obj in codes.HELI_PARTS:
            rec[R.C_HELI_REPAIRS] += 1
        log_act(ch, st, events, codes.E_REPAIR, c, room, obj, 1, ch[c, CH_ROOM])
        return True
    log_act(ch, st, events, codes.E_REPAIR, c, room, obj, 0, ch[c, CH_ROOM])
    if ch[c, CH_ERUDITION] < ip[P.I_SAFE_ERUDITION] and chance(rng, WORLD, fp[P.F_INJURY]):
        log_act(ch, st, events, codes.E_INJURED, c, -1, ip[P.I_INJURY_DAMAGE], 0, ch[c, CH_ROOM])
        damage(ch, it, st, rng, events, ip, c, ip[P.I_INJURY_DAMAGE], codes.DC_INJURY, rec)
    return False


@compiled
def break_object(ch, st, events, room_block, c, obj, rec):
    """ACT-BREAK, GAP-20: breaking always succeeds."""
    r = ch[c, CH_ROOM]
    if not usable_here(ch, st, room_block, c, obj):
        return
    wreck(st, events, room_block, r, obj, rec)
    log_act(
        ch,
        st,
        events,
        codes.E_BREAK,
        c,
        -1,
        obj,
        block_of_generator_room(room_block, r),
        ch[c, CH_ROOM],
    )


@compiled
def wreck(st, events, room_block, r, obj, rec):
    """GAP-20, HELI-6, DOOR-3: object obj of room r is broken; a broken beacon must be activated
    again. GEN-3, GAP-17: a generator stops at once, its block unpowered (and no longer heated:
    TEMP-2(a)) for the rest of the turn, its lighting held (GAP-22); it can start again only at
    a turn's start."""
    if obj == codes.OBJ_DOOR:
        smash_door(st, r, rec)
        return
    cell = broken_cell(room_block, r, obj)
    if obj == codes.OBJ_GENERATOR:
        if st[cell] == 0:
            rec[R.C_GENERATOR_BREAKS] += 1
        b = block_of_generator_room(room_block, r)
        if st[ST_GEN_RUNNING + b] == 1:
            st[ST_GEN_RUNNING + b] = 0
            log_event(st, events, codes.E_GENERATOR, -1, -1, b, 0)
    if obj == codes.OBJ_BEACON:
        st[ST_BEACON_ON + block_of_generator_room(room_block, r)] = 0
    st[cell] = 1


@compiled
def fuel_generator(ch, it, st, events, ip, room_block, c, h, out_of_generator, rec):
    """GEN-4, GAP-18 (step 7): the canister (or flamethrower tank: ITEM-FLAMETHROWER-5) in hand
    h into the generator of c's room, or the generator into it (items.pour_with_store)."""
    b = block_of_generator_room(room_block, ch[c, CH_ROOM])
    i = ch[c, CH_HAND + h]
    if b < 0 or i < 0 or it[i, IT_KIND] not in codes.FUEL_CONTAINERS:
        return
    cell = ST_GEN_FUEL + b
    amount = pour_with_store(st, it, i, cell, ip[P.I_GEN_CAPACITY], out_of_generator)
    if amount <= 0:
        return
    if out_of_generator == 1:
        log_act(ch, st, events, codes.E_DEFUEL, c, -1, amount, b, ch[c, CH_ROOM])
    else:
        rec[R.C_REFUELS] += 1
        log_act(ch, st, events, codes.E_REFUEL, c, -1, amount, b, ch[c, CH_ROOM])


@compiled
def upkeep_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a declaration keeping the station running if legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if (action == codes.A_BREAK or action == codes.A_REPAIR) and target == codes.OBJ_DOOR:
        return door_action_cost(ch, it, ip, adjacent, c, action, target, arg)  # A13
    if action == codes.A_REFUEL:  # GEN-4: arg 0 into the generator, 1 out of it
        if not (0 <= target <= 1 and 0 <= arg <= 1) or block_of_generator_room(room_block, r) < 0:
            return -1
        return ip[P.I_REFUEL_AP]
    if action == codes.A_FILL:
        if not 0 <= target <= 1 or r != codes.FUEL_ROOM:
            return -1
        return ip[P.I_PUMP_AP]  # LOC-FUEL-1
    if action == codes.A_BREAK:
        if not usable_here(ch, st, room_block, c, target):
            return -1
        # THING-ACTIVE-7: the active Thing breaks as with an axe
        axe = holds_kind(ch, it, c, codes.AXE) >= 0 or ch[c, CH_FORM] == codes.THING_ACTIVE
        return ip[P.I_BREAK_AXE_AP] if axe else ip[P.I_BREAK_AP]
    if action == codes.A_REPAIR:
        return ip[P.I_REPAIR_AP] if usable_here(ch, st, room_block, c, target) else -1
    if action == codes.A_BEACON:
        return ip[P.I_BEACON_AP] if block_of_generator_room(room_block, r) >= 0 else -1
    if action == codes.A_CALL:
        return ip[P.I_CALL_AP] if r == codes.RADIO_ROOM else -1
    return -1


@compiled
def resolve_upkeep(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A declaration keeping the station running, at its step."""
    r = ch[c, CH_ROOM]
    if action == codes.A_REFUEL:
        fuel_generator(ch, it, st, events, ip, room_block, c, target, arg, rec)
    elif action == codes.A_FILL:
        i = ch[c, CH_HAND + target]
        if (
            i >= 0
            and it[i, IT_KIND] in codes.FUEL_CONTAINERS
            and it[i, IT_FUEL] == 0
            and st[ST_PUMP_BROKEN] == 0
        ):
            it[i, IT_FUEL] = ip[P.I_PUMP_FILL]  # LOC-FUEL-1, GAP-18: only empty ones, to full
            rec[R.C_CANISTERS_FILLED] += 1
            log_act(ch, st, events, codes.E_FILL, c, -1, 0, 0, ch[c, CH_ROOM])
    elif action == codes.A_REPAIR and target == codes.OBJ_DOOR:
        repair_door(ch, it, st, rng, events, ip, fp, c, arg, rec)
    elif action == codes.A_REPAIR:
        repair(ch, it, st, rng, events, ip, fp, room_block, c, target, rec)
    elif action == codes.A_BREAK and target == codes.OBJ_DOOR:
        break_door(ch, it, st, events, c, arg, rec)
    elif action == codes.A_BREAK:
        break_object(ch, st, events, room_block, c, target, rec)
    elif action == codes.A_BEACON:
        b = block_of_generator_room(room_block, r)
        lit = (
            st[ST_LIGHTING + r] == codes.LIGHT or st[ST_LIGHTING + r] == codes.FLASHLIGHT
        )  # LIGHT-5
        if (
            lit
            and st[ST_GEN_RUNNING + b] == 1
            and st[ST_BEACON_BROKEN + b] == 0
            and st[ST_BEACON_ON + b] == 0
        ):
            st[ST_BEACON_ON + b] = 1  # GAP-6
            if rec[R.C_BEACON_TURN] == 0:
                rec[R.C_BEACON_TURN] = st[ST_TURN]
            log_act(ch, st, events, codes.E_BEACON, c, -1, b, 0, ch[c, CH_ROOM])
    elif action == codes.A_CALL:
        powered = st[ST_GEN_RUNNING + room_block[codes.RADIO_ROOM]] == 1
        any_beacon = False
        for b in range(codes.N_BLOCKS):
            any_beacon = any_beacon or beacon_active(st, b)
        if st[ST_CALL_TURN] == 0 and powered and any_beacon:  # GAP-6: once per game
            st[ST_CALL_TURN] = st[ST_TURN]
            st[ST_RESCUE_DUE] = st[ST_TURN] + ip[P.I_RESCUE_DELAY]
            rec[R.C_CALL_TURN] = st[ST_TURN]
            log_act(ch, st, events, codes.E_CALL, c, -1, st[ST_RESCUE_DUE], 0, ch[c, CH_ROOM])

"""Moving (ACT-MOVE, ACT-FOLLOW; LIGHT-4, DOOR-1, GAP-31, GAP-32): its cost, leaving, the
destination a blizzard may change, entering and following."""

from balance.compile.jit import compiled
from balance.kernel.events import log_event
from balance.kernel.hindering import foiled
from balance.kernel.locks import door_open_from
from balance.kernel.perception import can_act, log_act, place
from balance.kernel.public import D_COST, D_TARGET
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import CH_ALIVE, CH_LEFT_STATION, CH_MOVE_TO, CH_ROOM, ST_LIGHTING
from balance import codes
from balance.kernel import params as P
from balance.kernel.health import other_here
from balance.kernel.state import CH_ARCHETYPE, CH_FORM, CH_INITIATIVE


@compiled
def leave_room(ch, st, rng, events, decl, fp, room_block, c, j):
    """ACT-MOVE exit (step 10), LIGHT-4, GAP-2: a move that starts on the Street in a blizzard
    lands, with the misdirection chance, in another room of the target's block (or any indoor
    room when heading for the Tower). DOOR-1, GAP-25, GAP-26: a room whose door is locked and
    was not opened this turn from the mover's room cannot be entered, by the misdirected too
    (GAP-2): the mover stays where he is. Leaving is never blocked (DOOR-4)."""
    if not can_act(ch, c):
        return
    target = decl[c, j, D_TARGET]
    if foiled(ch, st, rng, events, c, codes.A_MOVE, target, decl[c, j, D_COST]):
        return  # GAP-28: a hindered move may fail
    dest = destination(ch, st, rng, fp, room_block, c, target)
    if not door_open_from(st, ch[c, CH_ROOM], dest):
        log_event(st, events, codes.E_DOOR, c, target, dest, codes.DE_BLOCKED)
        return
    log_act(ch, st, events, codes.E_LEAVE, c, -1, ch[c, CH_ROOM], target, ch[c, CH_ROOM])  # INFO-2
    ch[c, CH_MOVE_TO] = dest


@compiled
def destination(ch, st, rng, fp, room_block, c, target):
    """LIGHT-4, GAP-2: where a move from c's room towards `target` lands: leaving the Street in
    a blizzard, with the misdirection chance, another room of the target's block (any indoor
    room when heading for the Tower)."""
    if not (
        ch[c, CH_ROOM] == codes.STREET
        and st[ST_LIGHTING + codes.STREET] == codes.BLIZZARD
        and chance(rng, WORLD, fp[P.F_MISDIRECT])
    ):
        return target
    if target == codes.TOWER:
        return below(rng, WORLD, codes.N_INDOOR)
    b = room_block[target]
    n_other = 0
    for r in range(codes.N_INDOOR):
        if room_block[r] == b and r != target:
            n_other += 1
    if n_other == 0:
        return target
    k = below(rng, WORLD, n_other)
    for r in range(codes.N_INDOOR):
        if room_block[r] == b and r != target:
            if k == 0:
                return r
            k -= 1
    return target


@compiled
def follow(ch, st, rng, events, fp, room_block, c, target):
    """ACT-FOLLOW (entry step 13), GAP-32: after the one followed has moved, go where he went;
    others see an ordinary move. It fails, its AP spent, if he stayed, died or fell unconscious;
    misdirection in a blizzard is rolled for the follower on his own."""
    origin = ch[c, CH_ROOM]
    there = ch[target, CH_ROOM]
    if there == origin or not can_act(ch, target) or ch[target, CH_LEFT_STATION] != 0:
        log_event(st, events, codes.E_FOLLOW, c, target, origin, 0)
        return
    dest = destination(ch, st, rng, fp, room_block, c, there)
    if not door_open_from(st, origin, dest):  # GAP-26, GAP-32: locks apply
        log_event(st, events, codes.E_DOOR, c, there, dest, codes.DE_BLOCKED)
        return
    log_act(ch, st, events, codes.E_LEAVE, c, -1, origin, there, origin)
    place(ch, st, c, dest)
    kind = codes.E_MOVE if dest == there else codes.E_MISDIRECTED
    log_act(ch, st, events, kind, c, -1, origin if dest == there else there, dest, dest)
    log_event(st, events, codes.E_FOLLOW, c, target, dest, 1)


@compiled
def enter_room(ch, st, events, c, intended):
    """ACT-MOVE entry (step 12)."""
    dest = ch[c, CH_MOVE_TO]
    if dest < 0:
        return
    ch[c, CH_MOVE_TO] = -1
    if ch[c, CH_ALIVE] == 0:
        return
    origin = ch[c, CH_ROOM]
    place(ch, st, c, dest)
    if dest == intended:
        log_act(ch, st, events, codes.E_MOVE, c, -1, origin, dest, ch[c, CH_ROOM])
    else:
        log_act(ch, st, events, codes.E_MISDIRECTED, c, -1, intended, dest, ch[c, CH_ROOM])


@compiled
def movement_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a move or a follow if legal when declared, else -1."""
    if action == codes.A_FOLLOW:  # ACT-FOLLOW, GAP-32: Light only; not the active Thing
        ok = other_here(ch, c, target) and ch[c, CH_FORM] != codes.THING_ACTIVE
        return ip[P.I_FOLLOW_AP] if ok else -1
    if target < 0 or target >= codes.N_ROOMS or adjacent[ch[c, CH_ROOM], target] == 0:
        return -1
    if ch[c, CH_FORM] == codes.THING_ACTIVE and ch[c, CH_ARCHETYPE] == codes.ARCH_SOLDIER:
        return ip[P.I_SOLDIER_MOVE_AP]  # ARCH-SOLDIER-2 (GAP-31: still one move a turn)
    fast = ch[c, CH_INITIATIVE] >= ip[P.I_FAST_INITIATIVE] and ch[c, CH_FORM] != codes.THING_ACTIVE
    return ip[P.I_MOVE_FAST_AP] if fast else ip[P.I_MOVE_AP]  # ACT-MOVE, STAT-INIT-2


@compiled
def resolve_movement(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A follow at its step (a move's exit and entry are game.resolve_step's)."""
    if action == codes.A_FOLLOW:
        follow(ch, st, rng, events, fp, room_block, c, target)

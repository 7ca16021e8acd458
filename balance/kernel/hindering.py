"""Hindering (A11: ACT-HINDER-CHAR, ACT-HINDER-TARGET; GAP-27, GAP-28): the chance an uncertain
action keeps once hindered, the hindering itself, and the check that foils a hindered action."""

from balance.compile.jit import compiled
from balance.kernel.perception import log_act
from balance.kernel.rng import WORLD, chance
from balance.kernel.state import (
    CH_FORM,
    CH_HINDERED,
    CH_HINDER_IMMUNE,
    CH_PHYSICAL,
    CH_ROOM,
    CH_SHIELDED,
    ST_LIGHTING,
    ST_SHIELDS,
    ST_SHIELD_ROOMS,
    ST_TURN,
)
from balance import codes
from balance.kernel import params as P
from balance.kernel.health import other_here
from balance.kernel.station import object_here


@compiled
def success_chance(ch, st, fp, c, base, action, target):
    """LIGHT-2, GAP-27, THING-P-1: an uncertain action's chance, halved in the dark, less what
    hindering takes off (ACT-HINDER-*), never below the floor (none by default)."""
    light = st[ST_LIGHTING + ch[c, CH_ROOM]]
    dark = (light == codes.DARK or light == codes.BLIZZARD) and ch[c, CH_FORM] == codes.HUMAN
    p = base * fp[P.F_DARKNESS_FACTOR] if dark else base
    h = hindrance(ch, c, action, target) + object_shield(ch, st, c, action, target)
    return max(fp[P.F_CHANCE_FLOOR], p - h)


@compiled
def helpless_chance(ch, fp, c, action, target):
    """HP-4: an attack on the helpless succeeds 100%, so darkness does not halve it (LIGHT-2:
    «кроме тех, что изначально успешны всегда»); GAP-28: hindering lowers it, as it lowers the
    other actions certain of success."""
    return max(fp[P.F_CHANCE_FLOOR], 1.0 - hindrance(ch, c, action, target))


@compiled
def hindrance(ch, c, action, target):
    """ACT-HINDER-CHAR, ACT-HINDER-TARGET, GAP-28: the chance taken off c's action: his own
    hindering plus the shield of the character it is aimed at; nothing for the active Thing
    (THING-ACTIVE-9)."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        return 0.0
    points = ch[c, CH_HINDERED]
    if action in codes.ACTIONS_AIMED_AT_CHARACTERS and 0 <= target < ch.shape[0]:
        points += ch[target, CH_SHIELDED]
    return points / 100.0


@compiled
def aimed_object(action, target):
    """ACT-HINDER-TARGET, GAP-28: the object of the room an action is aimed at, or -1: what
    it breaks or repairs, and the object it is done with (a door is not: which door a break or a
    repair names is its own argument, and a door is not hindered)."""
    if action == codes.A_BREAK or action == codes.A_REPAIR:
        return target if 0 <= target < codes.N_OBJECTS and target != codes.OBJ_DOOR else -1
    if action == codes.A_REFUEL:
        return codes.OBJ_GENERATOR  # GEN-4
    if action == codes.A_BEACON:
        return codes.OBJ_BEACON  # GAP-6
    if action == codes.A_FILL:
        return codes.OBJ_PUMP  # LOC-FUEL-1
    if action == codes.A_LAB_INSERT or action == codes.A_LAB_START:
        return codes.OBJ_ANALYZER  # LOC-LAB-2, LOC-LAB-3
    if action == codes.A_LAB_VIEW:
        return codes.OBJ_COMPUTER  # LOC-LAB-4
    if action == codes.A_FORECAST:
        return codes.OBJ_WEATHER_STATION  # LOC-TOWER-2
    if action == codes.A_TERMINAL:
        return codes.OBJ_TERMINAL  # LOC-TOWER-3/4
    if action == codes.A_STOVE_PREPARE or action == codes.A_COOK:
        return codes.OBJ_STOVE  # LOC-LIVING-3/4
    if action == codes.A_MIRROR:
        return codes.OBJ_MIRROR  # LOC-LIVING-2
    return -1


@compiled
def object_shield(ch, st, c, action, target):
    """ACT-HINDER-TARGET, GAP-28: the chance taken off c's action by those hindering the
    object of his room it is aimed at (aimed_object); nothing for the active Thing
    (THING-ACTIVE-9)."""
    r = ch[c, CH_ROOM]
    if (st[ST_SHIELD_ROOMS] >> r) & 1 == 0 or ch[c, CH_FORM] == codes.THING_ACTIVE:
        return 0.0
    obj = aimed_object(action, target)
    return st[ST_SHIELDS + r * codes.N_OBJECTS + obj] / 100.0 if obj >= 0 else 0.0


@compiled
def foiled(ch, st, rng, events, c, action, target, cost):
    """GAP-28: a hindered action that costs AP and has no chance of its own now succeeds with
    100% less the hindrance (a move drops to 80%); a failure does nothing, its AP are spent.
    GAP-45: a grenade "cannot be reduced by hindering", so its throw is never foiled."""
    if (
        ch[c, CH_HINDERED] == 0
        and not (0 <= target < ch.shape[0] and ch[target, CH_SHIELDED] > 0)
        and st[ST_SHIELD_ROOMS] == 0
    ):
        return False  # nobody hindered: the common case, decided without the action tables
    if cost <= 0 or action in codes.ACTIONS_WITH_CHANCE or action == codes.A_THROW:
        return False
    h = hindrance(ch, c, action, target) + object_shield(ch, st, c, action, target)
    if h <= 0.0 or chance(rng, WORLD, 1.0 - h):
        return False
    aimed = action in codes.ACTIONS_AIMED_AT_CHARACTERS
    log_act(ch, st, events, codes.E_HINDERED, c, target if aimed else -1, action, 0, ch[c, CH_ROOM])
    return True


@compiled
def shield_object(ch, st, events, ip, c, obj):
    """ACT-HINDER-TARGET, GAP-28, step 1: the actions aimed at object obj of c's room lose
    points by the hinderer's Physical form (STAT-PHYS-1, STAT-PHYS-2), several adding up, this
    turn; an object is never immune (GAP-28's immunity is a hindered character's)."""
    r = ch[c, CH_ROOM]
    points = ip[P.I_HINDER_PENALTY + ch[c, CH_PHYSICAL]]
    st[ST_SHIELDS + r * codes.N_OBJECTS + obj] += points
    st[ST_SHIELD_ROOMS] |= 1 << r
    log_act(ch, st, events, codes.E_SHIELD, c, -1, obj, points, r)


@compiled
def hinder(ch, st, events, ip, c, target, aimed):
    """ACT-HINDER-CHAR (aimed = 0) and ACT-HINDER-TARGET (aimed = 1), step 1: points by the
    hinderer's Physical form (STAT-PHYS-1, STAT-PHYS-2), several adding up; GAP-28: one hindered
    last turn cannot be hindered again; THING-ACTIVE-9: the active Thing is immune."""
    t = st[ST_TURN]
    last = ch[target, CH_HINDER_IMMUNE]
    if last > 0 and 0 < t - last <= ip[P.I_HINDER_IMMUNE_TURNS]:
        return
    if ch[target, CH_FORM] == codes.THING_ACTIVE or ch[target, CH_ROOM] != ch[c, CH_ROOM]:
        return
    points = ip[P.I_HINDER_PENALTY + ch[c, CH_PHYSICAL]]
    if aimed == 1:
        ch[target, CH_SHIELDED] += points
    else:
        ch[target, CH_HINDERED] += points
        ch[target, CH_HINDER_IMMUNE] = t
    log_act(ch, st, events, codes.E_HINDER, c, target, aimed, points, ch[c, CH_ROOM])


@compiled
def hindering_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of hindering if legal when declared (Light only: LIGHT-5), else -1."""
    if action == codes.A_HINDER_TARGET and arg == 1:  # an object standing here (GAP-28)
        ok = target != codes.OBJ_DOOR and object_here(room_block, ch[c, CH_ROOM], target)
    elif arg == 0:
        mine = action == codes.A_HINDER_TARGET and target == c  # one may shield oneself
        ok = mine or other_here(ch, c, target)
    else:
        ok = False
    return ip[P.I_HINDER_AP] if ok else -1


@compiled
def resolve_hindering(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A hindering at its step."""
    if action == codes.A_HINDER_TARGET and arg == 1:
        shield_object(ch, st, events, ip, c, target)
    else:
        hinder(ch, st, events, ip, c, target, 1 if action == codes.A_HINDER_TARGET else 0)

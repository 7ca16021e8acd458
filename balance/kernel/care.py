"""Care of body and mind (A4, A12: ACT-BANDAGE, ACT-FIRSTAID, ACT-DRINK; LOC-LIVING-2,
LOC-TOWER-2): bandaging, first aid, drinking a vial, the mirror and the forecast."""

from balance.compile.jit import compiled
from balance.kernel.contagion import first_aid_contagion
from balance.kernel.health import heavy_wound_hp, other_here
from balance.kernel.hindering import success_chance
from balance.kernel.inventory import use_up_held_or_seen
from balance.kernel.items import use_up_in_hand
from balance.kernel.perception import can_act, log_act
from balance.kernel.public import D_ACTION, D_TARGET
from balance.kernel.rng import WORLD, chance
from balance.kernel.state import (
    CH_FORECAST_TURN,
    CH_HP,
    CH_LOST_HAND,
    CH_MAX_HP,
    CH_MIRROR_SANITY,
    CH_N_DECL,
    CH_ROOM,
    CH_SANITY,
    ST_MIRROR_BROKEN,
    ST_TURN,
    ST_WEATHER_STATION_BROKEN,
)
from balance.kernel.station import any_generator_running
from balance.kernel.vials import take_vial
from balance import codes
from balance import records as R
from balance.kernel import params as P


@compiled
def bandage(ch, it, st, rng, events, decl, ip, fp, c, target, arg, rec):
    """ACT-BANDAGE, ACT-FIRSTAID, GAP-34, ITEM-BANDAGE: the bandage in hand arg & 1 is used up
    whatever the result; another character must declare first aid from this bandager; a success
    restores HP up to the maximum, and rising above the heavy-wound threshold gives back the lost
    hand. INF-8, GAP-35: first aid given to another may carry a Thing's infection either way."""
    if use_up_in_hand(ch, it, c, arg & 1, codes.BANDAGE) < 0:
        return
    p = fp[P.F_BANDAGE_SELF] if target == c else fp[P.F_BANDAGE_OTHER]
    p = success_chance(ch, st, fp, c, p, codes.A_BANDAGE, target)  # in light: no halving
    given = False  # first aid reached another character
    if target != c:
        accepted = False
        for j in range(ch[target, CH_N_DECL]):
            if decl[target, j, D_ACTION] == codes.A_FIRSTAID and decl[target, j, D_TARGET] == c:
                accepted = True
        given = accepted and can_act(ch, target) and other_here(ch, c, target)
        if not given:
            p = 0.0
    healed = chance(rng, WORLD, p)
    if healed:
        ch[target, CH_HP] = min(ch[target, CH_MAX_HP], ch[target, CH_HP] + ip[P.I_BANDAGE_HEAL])
        if ch[target, CH_HP] > heavy_wound_hp(ch, ip, target):  # the threshold that took it
            ch[target, CH_LOST_HAND] = -1
    log_act(ch, st, events, codes.E_BANDAGE, c, target, 1 if healed else 0, 0, ch[c, CH_ROOM])
    if given:
        chosen = arg & codes.BANDAGE_INFECT != 0
        first_aid_contagion(ch, st, rng, events, ip, c, target, chosen, rec)  # INF-8, GAP-35


@compiled
def drink(ch, it, st, events, ip, c, kind, lying, rec):
    """ACT-DRINK (step 6, GAP-24): drink a vial of `kind` from one's hand or, if it can be seen
    (LIGHT-2), from the floor; the vial is used up and takes effect (VIAL-1)."""
    if use_up_held_or_seen(ch, it, st, c, kind, lying) < 0:
        return
    rec[R.C_VIALS_DRUNK] += 1
    log_act(ch, st, events, codes.E_DRINK, c, -1, kind, 0, ch[c, CH_ROOM])
    take_vial(ch, st, ip, c, kind)


@compiled
def look_in_mirror(ch, st, events, c):
    """LOC-LIVING-2, INFO-3 (step 4, GAP-24): learn one's own sanity as it is now, unless the
    mirror was broken since the declaration (GAP-20)."""
    if st[ST_MIRROR_BROKEN] == 1:
        return
    ch[c, CH_MIRROR_SANITY] = ch[c, CH_SANITY]
    log_act(ch, st, events, codes.E_MIRROR, c, -1, ch[c, CH_SANITY], 0, ch[c, CH_ROOM])


@compiled
def read_forecast(ch, st, events, ip, c):
    """LOC-TOWER-2, WEATHER-4, GAP-55 (step 4, GAP-24): the weather station, a Tower device that
    works while any generator does (GEN-6, GAP-21), shows its reader alone the weather of the
    next forecast_turns turns, exactly (the sequence is drawn in advance). A weather station
    broken since the declaration shows nothing (GAP-20)."""
    if not any_generator_running(st) or st[ST_WEATHER_STATION_BROKEN] == 1:
        return
    ch[c, CH_FORECAST_TURN] = st[ST_TURN]
    log_act(ch, st, events, codes.E_FORECAST, c, -1, ip[P.I_FORECAST], 0, ch[c, CH_ROOM])


@compiled
def care_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a care declaration if legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if action == codes.A_BANDAGE:  # arg: the hand slot, and INF-8's BANDAGE_INFECT bit
        ok = 0 <= arg <= 1 + codes.BANDAGE_INFECT
        ok = ok and (target == c or other_here(ch, c, target))
        return ip[P.I_BANDAGE_AP] if ok else -1
    if action == codes.A_FIRSTAID:
        return ip[P.I_FIRSTAID_AP] if other_here(ch, c, target) else -1
    if action == codes.A_DRINK:
        ok = (target == codes.VIAL_BLUE or target == codes.VIAL_RED) and 0 <= arg <= 1
        return ip[P.I_DRINK_AP] if ok else -1  # ACT-DRINK
    if action == codes.A_MIRROR:  # LOC-LIVING-2; GAP-20: a broken mirror is refused, as the lab's
        ok = r == codes.LIVING_QUARTERS and st[ST_MIRROR_BROKEN] == 0
        return ip[P.I_MIRROR_AP] if ok else -1
    if action == codes.A_FORECAST:  # LOC-TOWER-2; GAP-20: so is a broken weather station
        ok = r == codes.TOWER and st[ST_WEATHER_STATION_BROKEN] == 0
        return ip[P.I_FORECAST_AP] if ok else -1
    return -1


@compiled
def resolve_care(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec):
    """A care declaration at its step (first aid is the bandager's to resolve)."""
    if action == codes.A_BANDAGE:
        bandage(ch, it, st, rng, events, decl, ip, fp, c, target, arg, rec)
    elif action == codes.A_DRINK:
        drink(ch, it, st, events, ip, c, target, arg, rec)
    elif action == codes.A_MIRROR:
        look_in_mirror(ch, st, events, c)
    elif action == codes.A_FORECAST:
        read_forecast(ch, st, events, ip, c)

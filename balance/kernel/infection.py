"""The infection clock (A6, A8: INF-1..8, GAP-36, GAP-38): who may be infected and at what cost,
the blackout it brings, waking and the roll that converts."""

from balance.compile.jit import compiled
from balance.kernel.health import is_hidden_original, on_station
from balance.kernel.items import drop_hands, take_back_dropped
from balance.kernel.perception import log_act
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import (
    CH_ALIVE,
    CH_BLACKOUT_TURN,
    CH_FORM,
    CH_INFECTED,
    CH_INFECT_READY,
    CH_LEFT_STATION,
    CH_MAX_HP,
    CH_RECOVERED,
    CH_ROOM,
    CH_SALIVA_TURN,
    CH_SURE_CONVERSION,
    CH_UNCONSCIOUS,
    ST_LAST_LOSS_CAUSE,
    ST_LIGHTING,
    ST_TURN,
)
from balance.kernel.station import living_in_room
from balance import codes
from balance import records as R
from balance.kernel import params as P


# Under which rule an infection is allowed (infection_rule)
INF_DARK = 0  # INF-1: in the dark, free and secret
INF_CROWD = 1  # INF-5(b): in Light among a crowd of I_INF_CROWD living characters, free and secret
INF_UNCONSCIOUS = 2  # INF-5(a): in Light on an unconscious character, spending the turn; not
#                      secret, so the others present see it (AP-6)


@compiled
def infection_rule(ch, st, ip, c, target):
    """INF-1, INF-5, INF-6: the rule under which c may infect `target` now (INF_*), or -1.
    GAP-38, THING-ACTIVE-4: an original Thing in hidden form only."""
    if not is_hidden_original(ch, c) or st[ST_TURN] < ch[c, CH_INFECT_READY]:
        return -1
    if target < 0 or target >= ch.shape[0] or target == c:
        return -1
    if (
        ch[target, CH_ROOM] != ch[c, CH_ROOM]
        or ch[target, CH_ALIVE] == 0
        or ch[target, CH_LEFT_STATION] != 0
    ):
        return -1
    light = st[ST_LIGHTING + ch[c, CH_ROOM]]
    if light == codes.DARK:
        return INF_DARK
    if light == codes.BLIZZARD:
        return -1  # LIGHT-4: nobody can be made out in a blizzard
    # INF-5(b) before INF-5(a): in a crowd the infection is free and secret, the target
    # unconscious or not
    if living_in_room(ch, ch[c, CH_ROOM]) >= ip[P.I_INF_CROWD]:
        return INF_CROWD
    if ch[target, CH_UNCONSCIOUS] == 1:
        return INF_UNCONSCIOUS
    return -1


@compiled
def infection_cost(ch, st, ip, c, target):
    """INF-1, INF-5: AP an infection of `target` costs now, or -1 if it is not allowed."""
    rule = infection_rule(ch, st, ip, c, target)
    if rule == INF_UNCONSCIOUS:
        return ip[P.I_INF_UNCONSCIOUS_AP]  # INF-5(a), GAP-14: spending the turn
    return 0 if rule >= 0 else -1


@compiled
def start_blackouts(ch, it, st, events):
    """INF-2, GAP-36: an infected human is unconscious for the whole of turn t + k; his hand items
    drop (UNC-1) and come back if still lying there when he wakes (GAP-56)."""
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 1 and on_station(ch, c) and ch[c, CH_BLACKOUT_TURN] == t:
            ch[c, CH_UNCONSCIOUS] = 1
            drop_hands(ch, it, c, c)
            log_act(ch, st, events, codes.E_UNCONSCIOUS, c, -1, 1, 0, ch[c, CH_ROOM])


@compiled
def wake_up(ch, it, st, rng, events, ip, fp, c, rec):
    """INF-3, INF-7 (step 11): the infected wakes, no longer infected; he has become a Thing with
    the conversion chance (certain if re-infected) and does not feel which (GAP-38)."""
    ch[c, CH_UNCONSCIOUS] = 0
    ch[c, CH_BLACKOUT_TURN] = 0
    take_back_dropped(ch, it, c)
    converted = roll_conversion(ch, st, rng, ip, fp, c, rec)
    log_act(ch, st, events, codes.E_WAKE, c, -1, converted, 0, ch[c, CH_ROOM])


@compiled
def roll_conversion(ch, st, rng, ip, fp, c, rec):
    """INF-3, INF-7: an infected human's infection ends; he becomes a Thing with the conversion
    chance (certain if re-infected). Returns 1 if he converted, 0 otherwise."""
    if ch[c, CH_INFECTED] == 0:
        return 0
    converted = 0
    p = fp[P.F_RECONVERT] if ch[c, CH_SURE_CONVERSION] == 1 else fp[P.F_CONVERT]
    if chance(rng, WORLD, p):
        converted = 1
        ch[c, CH_FORM] = codes.THING_HIDDEN  # GAP-38: a Thing in body, unaware
        ch[c, CH_MAX_HP] = ip[P.I_THING_HP]  # GAP-38: current HP unchanged
        st[ST_LAST_LOSS_CAUSE] = -1
        rec[R.C_CONVERSIONS] += 1
    else:
        ch[c, CH_RECOVERED] = 1
    ch[c, CH_INFECTED] = 0
    ch[c, CH_SURE_CONVERSION] = 0
    ch[c, CH_BLACKOUT_TURN] = 0
    return converted


@compiled
def infect(ch, it, st, rng, events, ip, c, target, in_view, rec):
    """INF-1, INF-6, GAP-36: an infection attempt by Thing c: its cooldown starts (used on t,
    usable on t + 4) and it takes effect (contaminate). INF-5(a), AP-6: one `in_view` (in Light,
    on an unconscious character) is not secret: the others present see it (E_INFECT_SEEN)."""
    rec[R.C_INFECTION_ATTEMPTS] += 1
    ch[c, CH_INFECT_READY] = st[ST_TURN] + ip[P.I_INF_COOLDOWN] + 1
    kind = codes.E_INFECT_SEEN if in_view else codes.E_INFECT
    contaminate(ch, st, rng, events, ip, c, target, kind, rec)


@compiled
def contaminate(ch, st, rng, events, ip, c, target, kind, rec):
    """INF-2, INF-7, GAP-36: the infection of `target` by Thing c (the event's actor: -1 for a
    convert unaware of it), logged as event `kind`, whose sight says who perceives it: secret
    (INF-1, INF-5(b); first aid: INF-8) or seen (INF-5(a)). SALIVA-3: it cancels a saliva
    blackout still to come."""
    t = st[ST_TURN]
    r = ch[target, CH_ROOM]
    if ch[target, CH_FORM] != codes.HUMAN or ch[target, CH_ALIVE] == 0:
        log_act(ch, st, events, kind, c, target, -1, 0, r)  # GAP-36: targeting a Thing wastes it
        return
    ch[target, CH_SALIVA_TURN] = 0
    if ch[target, CH_INFECTED] == 1:
        ch[target, CH_SURE_CONVERSION] = 1  # INF-7: the timer keeps running, conversion certain
        rec[R.C_REINFECTIONS] += 1
        log_act(ch, st, events, kind, c, target, 1, ch[target, CH_BLACKOUT_TURN], r)
        return
    ch[target, CH_INFECTED] = 1
    # GAP-36: a recovered human converts surely
    ch[target, CH_SURE_CONVERSION] = ch[target, CH_RECOVERED]
    lo = ip[P.I_INF_DELAY_MIN]
    ch[target, CH_BLACKOUT_TURN] = t + lo + below(rng, WORLD, ip[P.I_INF_DELAY_MAX] - lo + 1)
    rec[R.C_INFECTIONS] += 1
    if ch[target, CH_RECOVERED] == 1:
        rec[R.C_REINFECTIONS] += 1
    a, b = ch[target, CH_RECOVERED], ch[target, CH_BLACKOUT_TURN]
    log_act(ch, st, events, kind, c, target, a, b, r)

"""Health, death, frostbite, unconsciousness and the infection clock (A6, A8, A16)."""

from numba import njit

from balance import codes
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.kernel.items import drop_hands, take_back_dropped
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import G_LAST_LOSS_CAUSE, G_TURN
from balance import records as R


@njit(cache=True)
def on_station(s, c):
    return s.left_station[c] == 0


@njit(cache=True)
def paralysed(s, c):
    return s.paralysed_until[c] > 0


@njit(cache=True)
def can_act(s, c):
    """Alive, conscious, not paralysed and still on the station (UNC-1, THING-P-3)."""
    return s.alive[c] == 1 and s.unconscious[c] == 0 and s.paralysed_until[c] == 0 \
        and s.left_station[c] == 0


@njit(cache=True)
def is_human(s, c):
    """GAP-9: infected but unconverted characters are humans; converts are Things."""
    return s.form[c] == codes.HUMAN


@njit(cache=True)
def die(s, c, cause, rec):
    """HP-3: death; hand items drop where the character lies."""
    s.alive[c] = 0
    s.death_cause[c] = cause
    drop_hands(s, c, -1)
    rec[R.DEATH_COLUMN_BY_CAUSE[cause]] += 1
    if rec[R.C_FIRST_DEATH_TURN] == 0:
        rec[R.C_FIRST_DEATH_TURN] = s.g[G_TURN]
    if is_human(s, c):
        s.g[G_LAST_LOSS_CAUSE] = cause
    log_event(s, codes.E_DEATH, c, -1, cause, 0)


@njit(cache=True)
def damage(s, ip, c, amount, cause, rec):
    """HP-3, RES-4: lose HP, never below 0; at 0 a human dies, a Thing is paralysed (THING-P-3)."""
    if s.alive[c] == 0 or amount <= 0:
        return
    s.hp[c] = max(0, s.hp[c] - amount)
    if s.hp[c] > 0 or paralysed(s, c):
        return
    if s.form[c] == codes.HUMAN:
        die(s, c, cause, rec)
    else:
        # THING-P-3: paralysed for the next paralysis_turns turns; seen as "dead" (UNC-3)
        s.paralysed_until[c] = s.g[G_TURN] + ip[P.I_PARALYSIS]
        log_event(s, codes.E_PARALYSED, c, -1, cause, s.paralysed_until[c])


@njit(cache=True)
def revive_things(s, ip):
    """THING-P-3: after its paralysis a Thing revives with revive_hp and no frostbite marks."""
    t = s.g[G_TURN]
    for c in range(s.hp.shape[0]):
        if s.alive[c] == 1 and s.paralysed_until[c] > 0 and t > s.paralysed_until[c]:
            s.paralysed_until[c] = 0
            s.hp[c] = min(ip[P.I_REVIVE_HP], s.max_hp[c])
            s.frost[c] = 0  # FROST-5
            log_event(s, codes.E_REVIVE, c, -1, s.hp[c], 0)


@njit(cache=True)
def frostbite_delta(s, ip, c, temperature):
    """FROST-2, FROST-4, GAP-47: marks gained (or removed, if negative) at this temperature."""
    if s.form[c] == codes.THING_ACTIVE:
        felt = temperature  # THING-ACTIVE-8: the parka column, no resistance
        parka = True
    else:
        felt = temperature + ip[P.I_RESISTANCE + s.physical[c]]
        parka = s.worn[c] >= 0
    n_bands = ip[P.I_N_BANDS]
    band = n_bands - 1  # colder than the last floor still counts in the last band
    for k in range(n_bands):
        if felt >= ip[P.I_BAND_FLOOR + k]:
            band = k
            break
    return ip[P.I_BAND_PARKA + band] if parka else ip[P.I_BAND_BARE + band]


@njit(cache=True)
def apply_frostbite(s, ip, rec):
    """FROST-1, FROST-3, GAP-48: marks at the start of the turn from the room's temperature; at
    marks_per_hp they are cleared (excess lost) and 1 HP is lost. Not for the dead or paralysed."""
    for c in range(s.hp.shape[0]):
        if s.alive[c] == 0 or paralysed(s, c) or not on_station(s, c):
            continue
        marks = max(0, s.frost[c] + frostbite_delta(s, ip, c, s.temperature[s.room[c]]))
        if marks >= ip[P.I_MARKS_PER_HP]:
            s.frost[c] = 0
            log_event(s, codes.E_FROSTBITE, c, -1, s.hp[c] - 1, 0)
            damage(s, ip, c, 1, codes.DC_COLD, rec)
        else:
            s.frost[c] = marks


@njit(cache=True)
def start_blackouts(s):
    """INF-2, GAP-36: an infected human is unconscious for the whole of turn t + k; his hand items
    drop (UNC-1) and come back if still lying there when he wakes (GAP-56)."""
    t = s.g[G_TURN]
    for c in range(s.hp.shape[0]):
        if s.alive[c] == 1 and on_station(s, c) and s.blackout_turn[c] == t:
            s.unconscious[c] = 1
            drop_hands(s, c, c)
            log_event(s, codes.E_UNCONSCIOUS, c, -1, 1, 0)


@njit(cache=True)
def wake_up(s, ip, fp, c, rec):
    """INF-3, INF-7 (step 11): the infected wakes, no longer infected; he has become a Thing with
    the conversion chance (certain if re-infected) and does not feel which (GAP-38)."""
    s.unconscious[c] = 0
    s.blackout_turn[c] = 0
    take_back_dropped(s, c)
    converted = 0
    if s.infected[c] == 1:
        p = fp[P.F_RECONVERT] if s.sure_conversion[c] == 1 else fp[P.F_CONVERT]
        if chance(s.rng, WORLD, p):
            converted = 1
            s.form[c] = codes.THING_HIDDEN  # GAP-38: a Thing in body, unaware
            s.max_hp[c] = ip[P.I_THING_HP]  # GAP-38: current HP unchanged
            s.g[G_LAST_LOSS_CAUSE] = -1
            rec[R.C_CONVERSIONS] += 1
        else:
            s.recovered[c] = 1
        s.infected[c] = 0
        s.sure_conversion[c] = 0
    log_event(s, codes.E_WAKE, c, -1, converted, 0)


@njit(cache=True)
def infect(s, ip, c, target, rec):
    """INF-1, INF-2, INF-6, INF-7, GAP-36: the effect of an infection attempt by Thing c."""
    t = s.g[G_TURN]
    rec[R.C_INFECTION_ATTEMPTS] += 1
    s.infect_ready[c] = t + ip[P.I_INF_COOLDOWN] + 1  # INF-6: used on t, usable on t + 4
    if s.form[target] != codes.HUMAN or s.alive[target] == 0:
        log_event(s, codes.E_INFECT, c, target, -1, 0)  # GAP-36: targeting a Thing wastes it
        return
    if s.infected[target] == 1:
        s.sure_conversion[target] = 1  # INF-7: the timer keeps running, conversion certain
        rec[R.C_REINFECTIONS] += 1
        log_event(s, codes.E_INFECT, c, target, 1, s.blackout_turn[target])
        return
    s.infected[target] = 1
    s.sure_conversion[target] = s.recovered[target]  # GAP-36: a recovered human converts surely
    lo = ip[P.I_INF_DELAY_MIN]
    s.blackout_turn[target] = t + lo + below(s.rng, WORLD, ip[P.I_INF_DELAY_MAX] - lo + 1)
    rec[R.C_INFECTIONS] += 1
    if s.recovered[target] == 1:
        rec[R.C_REINFECTIONS] += 1
    log_event(s, codes.E_INFECT, c, target, s.recovered[target], s.blackout_turn[target])

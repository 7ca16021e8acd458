"""Health, death, frostbite, unconsciousness and the infection clock (A6, A8, A16)."""

from balance import codes
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.compile.jit import compiled
from balance.kernel.perception import can_act, log_act
from balance.kernel.items import drop_from_hand, drop_hands, take_back_dropped
from balance.kernel.rng import WORLD, below, chance
from balance import records as R
from balance.kernel.public import band_marks
from balance.kernel.state import (
    CH_ALIVE,
    CH_ARCHETYPE,
    CH_COVERED_BY,
    CH_BLACKOUT_TURN,
    CH_DEATH_CAUSE,
    CH_FORM,
    CH_FROST,
    CH_HP,
    CH_INFECTED,
    CH_INFECT_READY,
    CH_KNOCKOUT_TURN,
    CH_LAST_BLUE,
    CH_LAST_RED,
    CH_LEFT_STATION,
    CH_LOST_HAND,
    CH_MAX_HP,
    CH_MIRROR_SANITY,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_PHYSICAL,
    CH_POISON_TURN,
    CH_RECOVERED,
    CH_RED_UNTIL,
    CH_ROOM,
    CH_SALIVA_TURN,
    CH_SANITY,
    CH_SURE_CONVERSION,
    CH_UNCONSCIOUS,
    CH_WORN,
    ST_LAST_LOSS_CAUSE,
    ST_TEMPERATURE,
    ST_TURN,
)


@compiled
def on_station(ch, c):
    return ch[c, CH_LEFT_STATION] == 0


@compiled
def paralysed(ch, c):
    return ch[c, CH_PARALYSED_UNTIL] > 0


@compiled
def is_human(ch, c):
    """GAP-9: infected but unconverted characters are humans; converts are Things."""
    return ch[c, CH_FORM] == codes.HUMAN


@compiled
def is_hidden_original(ch, c):
    """An original Thing in hidden form: the one character with the hidden form's active
    abilities (THING-HIDDEN-1, INF-1, SALIVA-1, the bandage's chosen infection of INF-8, the
    Thing's meal of LOC-FREEZER-4). GAP-38: an unaware convert has none of them; he may do only
    what a human may, so nothing he tries tells him what he is (INF-3)."""
    return ch[c, CH_FORM] == codes.THING_HIDDEN and ch[c, CH_ORIGINAL] == 1


@compiled
def heavy_wound_hp(ch, ip, c):
    """HP-2, THING-P-2, INV-2: the HP at or below which c is heavily wounded and loses a hand;
    "lightly wounded" is the one value above it. An original Thing, hidden or active, goes by
    THING-P-2's table, which matches a human's hit for hit. Everyone else, a convert included,
    goes by the human one: a convert's HP stay a human's (GAP-38: only his maximum becomes 4),
    and the Thing's table would show him lightly wounded at full health, a tell."""
    return ip[P.I_THING_HEAVY_HP] if ch[c, CH_ORIGINAL] == 1 else ip[P.I_HUMAN_HEAVY_HP]


@compiled
def die(ch, it, st, events, c, cause, rec):
    """HP-3: death; hand items drop where the character lies."""
    ch[c, CH_ALIVE] = 0
    ch[c, CH_DEATH_CAUSE] = cause
    drop_hands(ch, it, c, -1)
    rec[R.DEATH_COLUMN_BY_CAUSE[cause]] += 1
    if rec[R.C_FIRST_DEATH_TURN] == 0:
        rec[R.C_FIRST_DEATH_TURN] = st[ST_TURN]
    if is_human(ch, c):
        st[ST_LAST_LOSS_CAUSE] = cause
    log_act(ch, st, events, codes.E_DEATH, c, -1, cause, 0, ch[c, CH_ROOM])


@compiled
def lose_a_hand(ch, it, st, rng, events, c):
    """INV-2: on becoming heavily wounded a character loses the use of a random hand; what it
    held drops (GAP-34: healing back above the threshold returns it)."""
    h = below(rng, WORLD, 2)
    ch[c, CH_LOST_HAND] = h
    drop_from_hand(ch, it, c, h, -1)
    log_act(ch, st, events, codes.E_HAND_LOST, c, -1, h, 0, ch[c, CH_ROOM])


@compiled
def damage(ch, it, st, rng, events, ip, c, amount, cause, rec):
    """HP-3, RES-4: lose HP, never below 0; at 0 a human dies, a Thing is paralysed (THING-P-3),
    and the active Mutant's organs explode (ARCH-MUTANT-2)."""
    if hurt(ch, it, st, rng, events, ip, c, amount, cause, rec):
        burst_organs(ch, it, st, rng, events, ip, c, rec)


@compiled
def hurt(ch, it, st, rng, events, ip, c, amount, cause, rec):
    """`damage` but for the Mutant's organs; True if it brought c down to 0 HP."""
    if ch[c, CH_ALIVE] == 0 or amount <= 0:
        return False
    ch[c, CH_HP] = max(0, ch[c, CH_HP] - amount)
    if ch[c, CH_HP] > 0:
        if ch[c, CH_HP] <= heavy_wound_hp(ch, ip, c) and ch[c, CH_LOST_HAND] < 0:
            lose_a_hand(ch, it, st, rng, events, c)
        return False
    if paralysed(ch, c):
        return False
    if ch[c, CH_FORM] == codes.HUMAN:
        die(ch, it, st, events, c, cause, rec)
    else:
        # THING-P-3: paralysed for the next paralysis_turns turns; others see it as "dead", so
        # its hand items drop as a corpse's do (HP-3), to come back on revival as an unconscious
        # character's do (UNC-1, GAP-56), and witnesses perceive its fall as a death
        # (perception.apparent_kind) while the log keeps the paralysis. RES-1: the cold's loss
        # (FROST-3, the only one at the start of a turn) resolved at the very end of the last
        # turn, so its paralysis counts from that turn: this turn and the next, as a blow's are
        # the two after the turn it lands in
        fell = st[ST_TURN] - 1 if cause == codes.DC_COLD else st[ST_TURN]
        ch[c, CH_PARALYSED_UNTIL] = fell + ip[P.I_PARALYSIS]
        drop_hands(ch, it, c, c)
        until = ch[c, CH_PARALYSED_UNTIL]
        log_act(ch, st, events, codes.E_PARALYSED, c, -1, cause, until, ch[c, CH_ROOM])
    return True


@compiled
def burst_organs(ch, it, st, rng, events, ip, c, rec):
    """ARCH-MUTANT-2: when the active Mutant falls to 0 HP (or is burned alive: GAP-44), every
    human and every hidden Thing in its room is hurt. They can never be the active Mutant, so
    `hurt` does not come back here."""
    if ch[c, CH_FORM] != codes.THING_ACTIVE or ch[c, CH_ARCHETYPE] != codes.ARCH_MUTANT:
        return
    r = ch[c, CH_ROOM]
    victims = 0
    for d in range(ch.shape[0]):
        if (
            d != c
            and ch[d, CH_ROOM] == r
            and ch[d, CH_ALIVE] == 1
            and on_station(ch, d)
            and ch[d, CH_FORM] != codes.THING_ACTIVE
        ):
            victims |= 1 << d
    log_act(ch, st, events, codes.E_ORGANS, c, -1, bin_count(victims), 0, r)
    for d in range(ch.shape[0]):
        if (victims >> d) & 1 == 1:
            hurt(ch, it, st, rng, events, ip, d, ip[P.I_ORGANS_DAMAGE], codes.DC_ATTACK, rec)


@compiled
def bin_count(mask):
    n = 0
    while mask != 0:
        n += mask & 1
        mask >>= 1
    return n


@compiled
def helpless(ch, c):
    """HP-4: unconscious, paralysed or dead."""
    return ch[c, CH_ALIVE] == 0 or ch[c, CH_UNCONSCIOUS] == 1 or paralysed(ch, c)


@compiled
def through_cover(ch, st, events, c, target):
    """GAP-29: the target of c's shot, melee or claw attack once cover is applied."""
    coverer = ch[target, CH_COVERED_BY]
    if coverer < 0 or coverer == c or not can_act(ch, coverer):
        return target
    if ch[coverer, CH_ROOM] != ch[target, CH_ROOM]:
        return target
    ch[target, CH_COVERED_BY] = -1  # only the first attack
    log_act(ch, st, events, codes.E_COVERED, coverer, target, 0, 0, ch[coverer, CH_ROOM])
    return coverer


@compiled
def revive_things(ch, it, st, rng, events, ip):
    """THING-P-3: after its paralysis a Thing revives with revive_hp and no frostbite marks; in
    the hidden form, the items its fall dropped come back to its hands if still lying here
    (UNC-1, GAP-56). INV-2: revived heavily wounded with both hands (felled from above the
    threshold in one blow), it loses one then."""
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 1 and ch[c, CH_PARALYSED_UNTIL] > 0 and t > ch[c, CH_PARALYSED_UNTIL]:
            ch[c, CH_PARALYSED_UNTIL] = 0
            ch[c, CH_HP] = min(ip[P.I_REVIVE_HP], ch[c, CH_MAX_HP])
            ch[c, CH_FROST] = 0  # FROST-5
            if ch[c, CH_FORM] == codes.THING_HIDDEN:  # THING-ACTIVE-3: the active form holds none
                take_back_dropped(ch, it, c)
            log_act(ch, st, events, codes.E_REVIVE, c, -1, ch[c, CH_HP], 0, ch[c, CH_ROOM])
            if ch[c, CH_HP] <= heavy_wound_hp(ch, ip, c) and ch[c, CH_LOST_HAND] < 0:
                lose_a_hand(ch, it, st, rng, events, c)


@compiled
def red_vial_active(ch, st, c):
    """ITEM-VIAL-RED: the red effect holds in the turns after the one it was drunk in (set at
    step 6, so nothing of that turn is left to use it)."""
    return ch[c, CH_RED_UNTIL] > 0 and st[ST_TURN] <= ch[c, CH_RED_UNTIL]


@compiled
def frostbite_delta(ch, st, ip, c, temperature):
    """FROST-2, FROST-4, GAP-47: marks gained (or removed, if negative) at this temperature."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        felt = temperature  # THING-ACTIVE-8: the parka column, no resistance
        parka = True
    else:
        felt = temperature + ip[P.I_RESISTANCE + ch[c, CH_PHYSICAL]]
        if red_vial_active(ch, st, c):
            felt += ip[P.I_RED_WARMTH]  # FROST-4, GAP-47: the red vial's +10
        parka = ch[c, CH_WORN] >= 0
    return band_marks(ip, felt, parka)


@compiled
def apply_frostbite(ch, it, st, rng, events, ip, rec):
    """FROST-1, FROST-3, GAP-48: marks at the start of the turn from the room's temperature; at
    marks_per_hp they are cleared (excess lost) and 1 HP is lost. Not for the dead or paralysed."""
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 0 or paralysed(ch, c) or not on_station(ch, c):
            continue
        marks = max(
            0, ch[c, CH_FROST] + frostbite_delta(ch, st, ip, c, st[ST_TEMPERATURE + ch[c, CH_ROOM]])
        )
        if marks >= ip[P.I_MARKS_PER_HP]:
            ch[c, CH_FROST] = 0
            log_event(st, events, codes.E_FROSTBITE, c, -1, ch[c, CH_HP] - 1, 0)
            damage(ch, it, st, rng, events, ip, c, 1, codes.DC_COLD, rec)
        else:
            ch[c, CH_FROST] = marks


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


@compiled
def start_sanity(ch, ip, c):
    """GAP-11, LOC-LIVING-2: sanity starts full and unknown until seen in the mirror."""
    ch[c, CH_SANITY] = ip[P.I_SANITY_START]
    ch[c, CH_MIRROR_SANITY] = -1


@compiled
def count_dose(ch, st, ip, c, kind):
    """VIAL-1, GAP-49: a dose of `kind` taken this turn enters the windows. A dose fewer than
    overdose_gap turns after the previous one knocks the character out for the whole next turn;
    blue and red fewer than mixing_gap turns apart set the poison's death turn, which a later
    mixing does not move (there is no cure)."""
    t = st[ST_TURN]
    last = max(ch[c, CH_LAST_BLUE], ch[c, CH_LAST_RED])
    if last > 0 and t - last < ip[P.I_OVERDOSE_GAP]:
        ch[c, CH_KNOCKOUT_TURN] = t + 1
    other = ch[c, CH_LAST_RED] if kind == codes.VIAL_BLUE else ch[c, CH_LAST_BLUE]
    if other > 0 and t - other < ip[P.I_MIXING_GAP] and ch[c, CH_POISON_TURN] == 0:
        ch[c, CH_POISON_TURN] = t + ip[P.I_POISON_DELAY]
    if kind == codes.VIAL_BLUE:
        ch[c, CH_LAST_BLUE] = t
    else:
        ch[c, CH_LAST_RED] = t


@compiled
def take_vial(ch, st, ip, c, kind):
    """VIAL-1, GAP-49, ITEM-VIAL-BLUE, ITEM-VIAL-RED: the effects of a vial drunk this turn; an
    overdose knocks the drinker out (count_dose) and the effect still applies."""
    count_dose(ch, st, ip, c, kind)
    t = st[ST_TURN]
    if kind == codes.VIAL_BLUE:
        ch[c, CH_SANITY] = min(ip[P.I_SANITY_MAX], ch[c, CH_SANITY] + ip[P.I_BLUE_SANITY])
    else:
        ch[c, CH_RED_UNTIL] = t + ip[P.I_RED_TURNS]


@compiled
def start_vial_effects(ch, it, st, events, ip, rec):
    """GAP-49, VIAL-1, UNC-1, GAP-11 at the start of the turn, after the infection's blackouts:
    the blue-red mixture kills a human on its turn (a Thing's body is not human: the poison does
    nothing to it, and a human converted in the meantime survives it); an overdose knocks the
    character out for this whole turn, dropping his hand items; in the GAP-11 variant, so does
    zero sanity, which is then reset. One already unconscious or paralysed stays so."""
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 0 or not on_station(ch, c):
            continue
        if ch[c, CH_POISON_TURN] == t and is_human(ch, c):
            die(ch, it, st, events, c, codes.DC_POISON, rec)
            continue
        if ch[c, CH_UNCONSCIOUS] == 1 or paralysed(ch, c):
            continue
        cause = 0
        if ch[c, CH_KNOCKOUT_TURN] == t:
            cause = codes.UNC_OVERDOSE
        elif ip[P.I_SANITY_BLACKOUT] == 1 and ch[c, CH_SANITY] == 0:
            ch[c, CH_KNOCKOUT_TURN] = t
            ch[c, CH_SANITY] = ip[P.I_SANITY_RESET]
            cause = codes.UNC_SANITY
        if cause > 0:
            ch[c, CH_UNCONSCIOUS] = 1
            drop_hands(ch, it, c, c)
            log_act(ch, st, events, codes.E_UNCONSCIOUS, c, -1, cause, 0, ch[c, CH_ROOM])


@compiled
def come_round(ch, it, st, events, c):
    """UNC-2, GAP-49 (step 11): the end of an overdose or zero-sanity blackout; no conversion
    roll, the dropped items come back if still lying here (GAP-56)."""
    if ch[c, CH_UNCONSCIOUS] == 0 or ch[c, CH_ALIVE] == 0 or ch[c, CH_KNOCKOUT_TURN] != st[ST_TURN]:
        return
    ch[c, CH_UNCONSCIOUS] = 0
    ch[c, CH_KNOCKOUT_TURN] = 0
    take_back_dropped(ch, it, c)
    log_act(ch, st, events, codes.E_WAKE, c, -1, 0, 0, ch[c, CH_ROOM])


@compiled
def other_here(ch, c, d):
    """d is another character, on the station in c's room (alive or not)."""
    return (
        0 <= d < ch.shape[0]
        and d != c
        and ch[d, CH_ROOM] == ch[c, CH_ROOM]
        and ch[d, CH_LEFT_STATION] == 0
    )

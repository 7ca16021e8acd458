"""Sanity and vials (GAP-11, VIAL-1, ITEM-VIAL-BLUE, ITEM-VIAL-RED, GAP-49): doses, overdose and
mixing windows, and the effects that start with the turn."""

from balance.compile.jit import compiled
from balance.kernel.health import die, is_human, on_station, paralysed
from balance.kernel.items import drop_hands
from balance.kernel.perception import log_act
from balance.kernel.state import (
    CH_ALIVE,
    CH_KNOCKOUT_TURN,
    CH_LAST_BLUE,
    CH_LAST_RED,
    CH_MIRROR_SANITY,
    CH_POISON_TURN,
    CH_RED_UNTIL,
    CH_ROOM,
    CH_SANITY,
    CH_UNCONSCIOUS,
    ST_TURN,
)
from balance import codes
from balance.kernel import params as P


@compiled
def red_vial_active(ch, st, c):
    """ITEM-VIAL-RED: the red effect holds in the turns after the one it was drunk in (set at
    step 6, so nothing of that turn is left to use it)."""
    return ch[c, CH_RED_UNTIL] > 0 and st[ST_TURN] <= ch[c, CH_RED_UNTIL]


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

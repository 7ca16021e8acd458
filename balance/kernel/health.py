"""Health (A6, A16: HP-1..4, UNC-1..3, THING-P-2/3): wounds, losing a hand, death, paralysis and
revival, helplessness, coming round; and who is where."""

from balance.compile.jit import compiled
from balance.kernel.items import drop_from_hand, drop_hands, take_back_dropped
from balance.kernel.perception import log_act
from balance.kernel.rng import WORLD, below
from balance.kernel.state import (
    CH_SANITY,
    CH_ALIVE,
    CH_ARCHETYPE,
    CH_DEATH_CAUSE,
    CH_FORM,
    CH_FROST,
    CH_HP,
    CH_KNOCKOUT_TURN,
    CH_LEFT_STATION,
    CH_LOST_HAND,
    CH_MAX_HP,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_ROOM,
    CH_UNCONSCIOUS,
    ST_LAST_LOSS_CAUSE,
    ST_TURN,
)
from balance import codes
from balance import records as R
from balance.kernel import params as P


@compiled
def ap_this_turn(ch, ip, c):
    """AP-1: the action points c has this turn; in the GAP-11 variant one fewer while his
    sanity is below sanity.shaken_below (0: never)."""
    shaken = ip[P.I_SANITY_SHAKEN] > 0 and ch[c, CH_SANITY] < ip[P.I_SANITY_SHAKEN]
    return max(0, ip[P.I_AP] - (1 if shaken else 0))


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

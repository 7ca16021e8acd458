"""Who perceives what (A18, AP-6, AP-7, LIGHT-1..4, INFO-1, INFO-2, WEATHER-2).

An act is an event logged with the room it happened in and two bitmasks over characters taken
at that moment: those present who can see it (Light, a Flashlight, a Thing's Night vision) and
those present at all (alive, conscious, not paralysed, not on their way out). Each event kind
says what it shows (codes.EVENT_SIGHT). A character's observation then lists what he perceived
of the acts of the last turn, each detail he could not perceive replaced by UNSEEN.
"""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.kernel.events import noticers, write_event
from balance.compile.jit import compiled
from balance.kernel.state import (
    CH_ALIVE,
    CH_FORM,
    CH_LEFT_STATION,
    CH_MOVE_TO,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_REACT_STATE,
    CH_REACT_STEP,
    CH_REACT_TRIGGER,
    CH_ROOM,
    CH_SHOTS_HEARD,
    CH_UNCONSCIOUS,
    EV_A,
    EV_ACTOR,
    EV_B,
    EV_KIND,
    EV_NOTICERS,
    EV_SEERS,
    EV_TARGET,
    ST_LIGHTING,
    ST_N_EVENTS,
    ST_OCCUPANTS,
    ST_REACTIONS,
    ST_STEP,
    ST_TURN,
    ST_TURN_EVENTS,
    ST_WEATHER,
)
from balance.observation import PERCEIVED_SLOTS, UNSEEN


@compiled
def sees_in_room(ch, st, c):
    """LIGHT-1..3, THING-P-1: c sees details in its room (Light, Flashlight or Night vision)."""
    light = st[ST_LIGHTING + ch[c, CH_ROOM]]
    lit = (light == codes.LIGHT) | (light == codes.FLASHLIGHT)
    return lit | ((ch[c, CH_FORM] != codes.HUMAN) & (light == codes.DARK))


@compiled
def perceives_details(ch, st, c):
    """What c knows he sees: an unaware convert's Night vision is unknown to him (GAP-38), so he
    takes the dark for dark as a human does. Called into the active form (THING-P-5) he knows
    what he is and is played by the Things, and the active form keeps Night vision
    (THING-ACTIVE-4): he sees in the dark as an original does."""
    dark = st[ST_LIGHTING + ch[c, CH_ROOM]] == codes.DARK
    unaware = (ch[c, CH_FORM] == codes.THING_HIDDEN) & (ch[c, CH_ORIGINAL] == 0)
    return sees_in_room(ch, st, c) & (not (dark & unaware))


@compiled
def place(ch, st, c, r):
    """c now stands in room r: his CH_ROOM and the rooms' occupants together."""
    st[ST_OCCUPANTS + ch[c, CH_ROOM]] &= ~(1 << c)
    ch[c, CH_ROOM] = r
    st[ST_OCCUPANTS + r] |= 1 << c


@compiled
def can_act(ch, c):
    """Alive, conscious, not paralysed and still on the station (UNC-1, THING-P-3): able to act,
    and to see and hear."""
    # the four read and and-ed without a branch: whom it refuses varies from call to call
    return (
        (ch[c, CH_ALIVE] == 1)
        & (ch[c, CH_UNCONSCIOUS] == 0)
        & (ch[c, CH_PARALYSED_UNTIL] == 0)
        & (ch[c, CH_LEFT_STATION] == 0)
    )


@compiled
def plays_for_things(ch, c):
    """GAP-61, GAP-38: an original Thing, or a convert once in the active form (the Things' call,
    THING-P-5), declares through the Things' policy; everyone else through the humans'."""
    return ch[c, CH_ORIGINAL] == 1 or ch[c, CH_FORM] == codes.THING_ACTIVE


@compiled
def witnesses(ch, st, r):
    """(seers, present) bitmasks of room r now: UNC-1 (the unconscious perceive nothing),
    LIGHT-4 (nobody is made out in a blizzard), GAP-56."""
    seers, present = 0, 0
    if st[ST_LIGHTING + r] == codes.BLIZZARD:
        return seers, present
    here = st[ST_OCCUPANTS + r]  # only those standing in r: a room holds a few
    while here != 0:
        w = trailing_zeros(here)
        here &= here - 1
        if can_act(ch, w) & (ch[w, CH_MOVE_TO] < 0):
            present |= 1 << w
            if perceives_details(ch, st, w):
                seers |= 1 << w
    return seers, present


@compiled
def log_act(ch, st, events, kind, actor, target, a, b, room):
    """Log an act in `room` with who perceived it there; it may set off reactions."""
    seers, present = witnesses(ch, st, room)
    if actor >= 0 and ch[actor, CH_FORM] == codes.THING_ACTIVE:
        seers = present  # THING-ACTIVE-2: all present see the monster's acts, even in the dark
    write_event(st, events, kind, actor, target, a, b, room, seers, present)
    if st[ST_REACTIONS] > 0:
        trigger_reactions(ch, st, kind, actor, target, seers, present)


@compiled
def trigger_reactions(ch, st, kind, actor, target, seers, present):
    """GAP-33: a waiting reaction on this kind of event fires if its character perceives it
    (as the kind he takes it for: apparent_kind) before the step of the declaration it would
    replace."""
    perceivers = noticers(kind, actor, target, seers, present)
    for c in range(ch.shape[0]):
        if (
            ch[c, CH_REACT_STATE] == 0
            and st[ST_STEP] < ch[c, CH_REACT_STEP]
            and (perceivers >> c) & 1 == 1
            and ch[c, CH_REACT_TRIGGER] == apparent_kind(kind, actor, c, (seers >> c) & 1 == 1)
        ):
            ch[c, CH_REACT_STATE] = 1


@compiled
def apparent_kind(kind, actor, c, sees):
    """The kind of event c takes an act for (its actor knows what he did): THING-P-3, others see
    a paralysed Thing as "dead", so its fall looks like a death; LIGHT-2, in the dark the
    unconscious show as "dead", so a blackout there looks like one too. Their other fields then
    read as a death's (perceive), so that nothing tells them from one."""
    if actor == c:
        return kind
    if kind == codes.E_PARALYSED or (kind == codes.E_UNCONSCIOUS and not sees):
        return codes.E_DEATH
    return kind


@compiled
def hearing_zone(room_block, r):
    """WEATHER-2, GAP-2: a block 0..2, the Tower (3) or the Street (4)."""
    if r == codes.STREET:
        return codes.N_BLOCKS + 1
    return room_block[r]


@compiled
def count_shot(ch, st, room_block, r):
    """INFO-1, WEATHER-2, GAP-2, GAP-58: a shot fired in r (air shots count) is heard by every
    character awake on the station in clear weather; in a storm only by those in its block (the
    Tower its own), and by none on the Street. The unconscious and the paralysed hear nothing
    (UNC-1, THING-P-3): each hears where he stands when it is fired."""
    zone = hearing_zone(room_block, r)
    clear = st[ST_WEATHER + st[ST_TURN]] == codes.CLEAR
    for c in range(ch.shape[0]):
        if can_act(ch, c):
            here = hearing_zone(room_block, ch[c, CH_ROOM])
            if clear or (here == zone and here != codes.N_BLOCKS + 1):
                ch[c, CH_SHOTS_HEARD] += 1


@compiled
def list_noticed(st, events, noticed):
    """noticed[c, 0]: how many of the acts since the last declaration c noticed
    (events[e, EV_NOTICERS]), at most PERCEIVED_SLOTS (observe's model limit: the first acts
    of a crowded turn); noticed[c, 1..] the events, in the order they happened. Nothing happens
    while characters declare, so this is listed once a turn for what each of them perceives:
    each act is read once, not once per character."""
    noticed[:, 0] = 0
    everyone = (1 << noticed.shape[0]) - 1
    for e in range(st[ST_TURN_EVENTS], st[ST_N_EVENTS]):
        m = events[e, EV_NOTICERS] & everyone
        while m != 0:
            c = trailing_zeros(m)
            m &= m - 1  # the next noticer
            k = noticed[c, 0]
            if k < PERCEIVED_SLOTS:
                noticed[c, 1 + k] = e
                noticed[c, 0] = k + 1


@compiled
def perceive(events, e, c, out, k):
    """Write into out[k..k+4] (actor, kind, target, a, b) as c perceived event e, which he
    noticed (events[e, EV_NOTICERS]). AP-6: those who see, see everything not secret;
    LIGHT-2: in the dark only some acts are noticed, and only moves show who (INFO-2); AP-7:
    the target of an act learns of it, in the dark without who; the actor knows his own act,
    except whether his shot hit in the dark (ACT-SHOOT-4). THING-P-3, LIGHT-2: a Thing's
    paralysis, and a blackout in the dark, are taken for deaths (apparent_kind)."""
    kind = events[e, EV_KIND]
    actor = events[e, EV_ACTOR]
    target = events[e, EV_TARGET]
    seers = events[e, EV_SEERS]
    sight = codes.EVENT_SIGHT[kind]
    sees = (seers >> c) & 1 == 1
    out[k] = actor
    out[k + 1] = kind
    out[k + 2] = target
    out[k + 3] = events[e, EV_A]
    out[k + 4] = events[e, EV_B]
    if actor == c:
        hidden = sight & codes.ACTOR_UNAWARE != 0 or (kind == codes.E_SHOT and not sees)
    elif sees and sight & codes.SEEN != 0:
        hidden = sight & codes.DETAILS_PRIVATE != 0
    else:  # noticed in the dark, or told as its target
        hidden = True
        if sight & codes.SHOWS_ACTOR_IN_DARK == 0:
            out[k] = UNSEEN
        if target != c or sight & codes.TARGET_TOLD == 0:
            out[k + 2] = UNSEEN
    if hidden:
        out[k + 3] = UNSEEN
        out[k + 4] = UNSEEN
    shown = apparent_kind(kind, actor, c, sees)
    if shown != kind:  # THING-P-3, LIGHT-2: taken for a death, whose b is 0 (health.die)
        out[k + 1] = shown
        if not hidden:
            out[k + 4] = 0

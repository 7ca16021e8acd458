"""What a character has learned about the others, folded turn by turn from its own observation.

Cells M_KNOWLEDGE..M_KNOWLEDGE+31 of the memory row (policies.memory), two blocks of
MAX_CHARACTERS cells indexed by character d:

- K_FLAGS + d: bit flags, F_* below (what is known for certain, or from a trusted blood test).
- K_SUSPICION + d: evidence points accumulated from acts one perceived (S_* below); a policy
  compares them with a knob threshold.

What counts as proof that d is a Thing (F_THING_SEEN): d seen in the active form (THING-ACTIVE-2:
visible in any lighting), seen transforming, clawing, throwing back, spraying or screaming
(THING-ACTIVE-6), reviving from "death" (THING-P-3: only a Thing revives), eating the Freezer's
stock (LOC-FREEZER-4), infecting an unconscious character in Light (INF-5(a)), or his organs
exploding (ARCH-MUTANT-2). A blood comparison (LOC-LAB-3/4) against a dog's sample whose result
says d's labelled sample differs from the dog's marks F_BLOOD_THING ("exposed"), or F_BLOOD_HUMAN
if it matches; a result counts only if I started it (I know my own question) or its starter is
trusted (not known to be a Thing, suspicion below `trust_below`), who is assumed to follow the
protocol and ask Q_EQUAL. A Thing can lie with labels; the trust filter is the defence.

Suspicion points (evidence short of proof): breaking a device (a generator, the pump, the
beacon, the laboratory's machines...: humans repair, saboteurs break), or trying to and being
seen foiled by hindering (GAP-28), S_SABOTAGE; attacking a
character not known to be a Thing S_ATTACK; killing a dog of the Kennel (the blood tests' human
control) S_DOG.
"""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.observation import (
    LAB_LOG_FIELDS,
    LAB_LOG_ROWS,
    MAX_CHARACTERS,
    MEM_HELD_THINGS,
    O_BODIES_BURNABLE,
    O_LAB_LOG,
    O_LAB_MY_FINISH,
    O_LAB_MY_QUESTION,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_HERE,
    O_PRESENT,
    O_SELF,
    P_ACTIVE_THING,
    PERCEIVED_FIELDS,
    UNSEEN,
)
from policies.memory import M_KNOWLEDGE

K_FLAGS = M_KNOWLEDGE
K_SUSPICION = M_KNOWLEDGE + MAX_CHARACTERS

F_THING_SEEN = 1  # seen in the active form or doing what only a Thing does
F_DEAD = 2  # seen dead or burned
F_BLOOD_THING = 4  # a trusted comparison says his blood is not a dog's (exposed)
F_BLOOD_HUMAN = 8  # a trusted comparison says his blood equals a dog's
F_LIAR = 16  # caught claiming what I know is false (policies.claims)
F_SEEN_BREAKING = 32  # seen breaking a device
F_PAIR_DOG_1 = 64  # the trusted comparison that tells his blood was against dog 1's (else 0's)
F_TOLD_HUMAN = 128  # a believed claim says a blood test cleared him: he counts as cleared, but
#                     the hearer did not read the test and does not pass it on (policies.claims)

S_SABOTAGE = 4
S_ATTACK = 2
S_DOG = 3


@compiled
def flag(mem, d, f):
    mem[K_FLAGS + d] |= f


@compiled
def has(mem, d, f):
    return (mem[K_FLAGS + d] & f) != 0


@compiled
def known_thing(mem, d):
    """d is a Thing for certain (seen as one) or exposed by a trusted blood test."""
    return has(mem, d, F_THING_SEEN | F_BLOOD_THING)  # either flag: one test, no branch


@compiled
def known_dead(mem, d):
    return has(mem, d, F_DEAD)


@compiled
def cleared(mem, d):
    """d's blood matched a dog's in a trusted test, or a believed claim says so, and nothing
    since showed him a Thing."""
    return has(mem, d, F_BLOOD_HUMAN | F_TOLD_HUMAN) and not known_thing(mem, d)


@compiled
def suspicion(mem, d):
    """Evidence points against d; a known Thing is beyond any threshold."""
    if known_thing(mem, d):
        return 1 << 20
    return mem[K_SUSPICION + d]


@compiled
def trusted(mem, me, d, trust_below):
    """Whether d's word (a lab result he started) counts: myself, or nobody known bad."""
    return d == me or (not known_thing(mem, d) and suspicion(mem, d) < trust_below)


@compiled
def note_sightings(obs, mem):
    """Those here who show the active form (THING-ACTIVE-2)."""
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        if obs[O_PRESENT + d] == P_ACTIVE_THING:
            flag(mem, d, F_THING_SEEN)


@compiled
def thing_only_act(kind):
    """Acts only a Thing can do (THING-HIDDEN-1, THING-ACTIVE-6, THING-P-3, ARCH-MUTANT-2,
    LOC-FREEZER-4, INF-5(a))."""
    return (
        kind == codes.E_TRANSFORM
        or kind == codes.E_CLAWS
        or kind == codes.E_THROW_BACK
        or kind == codes.E_SPRAY
        or kind == codes.E_SCREAM
        or kind == codes.E_REVIVE
        or kind == codes.E_ORGANS
        or kind == codes.E_EAT_STOCK
        or kind == codes.E_INFECT_SEEN
    )


@compiled
def note_act(mem, actor, kind, target, a):
    """Fold one perceived act (actor known; a its first detail, UNSEEN if not perceived) into
    flags and suspicion. THING-P-3: a Thing felled looks dead, so a death proves nothing of a
    known Thing unless seen to be by fire (the only end of a Thing); one who rises was not dead."""
    if thing_only_act(kind):
        flag(mem, actor, F_THING_SEEN)
        if kind == codes.E_REVIVE:
            mem[K_FLAGS + actor] &= ~F_DEAD
    elif kind == codes.E_DEATH:
        if not known_thing(mem, actor) or a == codes.DC_FIRE:
            flag(mem, actor, F_DEAD)
    elif kind == codes.E_BURN and target >= 0 and target < MAX_CHARACTERS:
        flag(mem, target, F_DEAD)  # THING-P-3: a burned body is gone for good
    elif kind == codes.E_BREAK or kind == codes.E_HINDERED and a == codes.A_BREAK:
        mem[K_SUSPICION + actor] += S_SABOTAGE  # a break seen foiled (GAP-28) was tried too
        flag(mem, actor, F_SEEN_BREAKING)
    elif kind == codes.E_KILL_DOG:
        mem[K_SUSPICION + actor] += S_DOG
    elif kind == codes.E_SHOT or kind == codes.E_MELEE or kind == codes.E_FLAME:
        if target >= 0 and target < MAX_CHARACTERS and not known_thing(mem, target):
            mem[K_SUSPICION + actor] += S_ATTACK


@compiled
def note_acts(obs, mem, spare_ordered):
    """The acts perceived since the last declaration (balance.kernel.perception). With
    `spare_ordered`, a break by one seen ordered to do it (E_ORDERED, GAP-42's variant
    archetypes.order_seen) is the Queen's doing, not his: it adds no suspicion."""
    me = obs[O_SELF]
    ordered = 0
    for k in range(obs[O_N_PERCEIVED]):
        row = O_PERCEIVED + k * PERCEIVED_FIELDS
        actor = obs[row]
        kind = obs[row + 1]
        target = obs[row + 2]
        if kind == codes.E_ORDERED and 0 <= target < MAX_CHARACTERS:
            ordered |= 1 << target
            continue
        if actor == UNSEEN or actor < 0 or actor >= MAX_CHARACTERS or actor == me:
            continue
        if spare_ordered and (ordered >> actor) & 1 == 1 and not thing_only_act(kind):
            continue
        note_act(mem, actor, kind, target, obs[row + 3])


@compiled
def blood_verdict(mem, me, lab1, lab2, starter, yes, question, trust_below):
    """One completed comparison: if one label is a dog (the human control, GAP-53: dogs are
    never infected) and the other a character, its answer tells his blood, when the question is
    known (mine) or assumed Q_EQUAL from a trusted starter."""
    if lab1 >= codes.DOG_LABEL:
        lab1, lab2 = lab2, lab1
    if lab1 < 0 or lab1 >= MAX_CHARACTERS or lab2 < codes.DOG_LABEL:
        return
    if starter != me and not trusted(mem, me, starter, trust_below):
        return
    equal = yes == 1 if question == codes.Q_EQUAL else yes == 0
    flag(mem, lab1, F_BLOOD_HUMAN if equal else F_BLOOD_THING)
    if lab2 == codes.DOG_LABEL + 1:
        flag(mem, lab1, F_PAIR_DOG_1)


@compiled
def note_lab_log(obs, mem, trust_below):
    """LOC-LAB-4: the computer's completed checks as last read (idempotent: flags only).
    LOC-LAB-3: only the starter knows the question; mine is O_LAB_MY_QUESTION."""
    me = obs[O_SELF]
    for k in range(LAB_LOG_ROWS):
        row = O_LAB_LOG + k * LAB_LOG_FIELDS
        if obs[row] == UNSEEN:
            break
        starter = obs[row + 2]
        question = codes.Q_EQUAL
        if starter == me and obs[O_LAB_MY_FINISH] == obs[row + 3]:
            question = obs[O_LAB_MY_QUESTION]
        blood_verdict(mem, me, obs[row], obs[row + 1], starter, obs[row + 4], question, trust_below)


@compiled
def report_held(mem, attack_suspicion):
    """The records' MEM_HELD_THINGS: those I hold for Things, known, or with evidence against
    them (points) enough to be attacked (balance.records' thing_exposed_turn); the kernel only
    counts it. Without points nobody is held, whatever the threshold: at 0 one attacks anyone,
    which is no belief about who is a Thing."""
    held = 0
    for d in range(MAX_CHARACTERS):
        points = mem[K_SUSPICION + d]
        if known_thing(mem, d) or (points > 0 and points >= attack_suspicion):
            held |= 1 << d
    mem[MEM_HELD_THINGS] = held


@compiled
def learn(obs, mem, trust_below, spare_ordered):
    """Fold this turn's observation into the knowledge cells."""
    note_sightings(obs, mem)
    note_acts(obs, mem, spare_ordered)
    note_lab_log(obs, mem, trust_below)


@compiled
def thing_body_here(obs, mem):
    """A known Thing lying here "dead" and burnable: paralysed, not gone for good (THING-P-3)."""
    bodies = obs[O_BODIES_BURNABLE]
    if bodies <= 0:
        return -1
    for d in range(MAX_CHARACTERS):
        if (bodies >> d) & 1 == 1 and known_thing(mem, d) and not known_dead(mem, d):
            return d
    return -1


@compiled
def refusals(obs, mem):
    """HELI-5: the characters I will not fly with: all but me and those a blood test cleared."""
    mask = 0
    for d in range(MAX_CHARACTERS):
        if d != obs[O_SELF] and not cleared(mem, d):
            mask |= 1 << d
    return mask

"""Talk as the scripted policies play it (GAP-64): what a human makes of the claims he hears,
what he tells, and the Things' lies.

Hearing (`hear_claim`, folded by policies.knowledge.learn for the expert humans). A claim heard
(E_SAY aloud, E_RADIO on the radio: speaker, topic, packed subject/proof/pair) is weighed by what
the hearer knows of its speaker and of its subject, never by anything hidden:
- **caught lying**: a claim that goes against what the hearer knows himself (that he is a Thing;
  that one he saw act as a Thing, or whose blood a trusted test showed to be a Thing's, is human;
  that one a trusted test cleared is a Thing; that help was called when the public call turn says
  it was not) marks its speaker a liar (F_LIAR) and adds `lie_points` of suspicion to him, once;
- **believed**: from a speaker cleared by a blood test, or not a known Thing, not a liar and
  below `believe_below` suspicion points (0: only cleared speakers are believed), a claim that
  a character is a Thing adds `proof_points` of suspicion to him when it gives a proof (seen
  acting as a Thing, breaking, infecting, a blood test) and `word_points` on the speaker's word
  alone; that a character is human takes `word_points` off, and with a blood test as its proof
  clears him (F_TOLD_HUMAN: cleared as by a trusted test, but not passed on, since the hearer
  did not read the test himself); that a generator is broken or dry is taken
  for a sighting, when the hearer's own is older. Each speaker's word about each character counts
  once (M_HEARD), and a claim counts as believed (the records' MEM_CLAIMS_BELIEVED) when it
  changed what the hearer holds.

Telling (`human_claim`): with others to hear him (not in a blizzard: LIGHT-4), a human says one
thing a turn, the most useful he knows first hand: a Thing he saw or tested (rotating among them
turn by turn), one a test cleared (himself included), one he saw breaking, a generator he sees
broken or dry. If he holds a switched-on radio he says it on the radio as well.

Lying (`thing_claim`): a hidden Thing with humans to hear it may, each turn with chance
`frame_chance`, say that a human who is not here to deny it is a Thing (with a made-up sighting
if `frame_proof`, else on its word); else with chance `vouch_chance`, say that a fellow Thing
(itself included) is human (with a made-up blood test if `vouch_proof`); else with chance
`alarm_chance`, say that a generator is dry, to send the fuelers off. Otherwise it stays quiet.
"""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.kernel.public import burn_per_turn, pack_claim, unpack_claim
from balance.kernel.rng import below, chance
from balance.observation import (
    MAX_CHARACTERS,
    MEM_CLAIMS_BELIEVED,
    O_CALL_TURN,
    O_GEN_BROKEN,
    O_GEN_FUEL,
    O_HAND_KIND,
    O_HAND_ON,
    O_HERE,
    O_KNOWN_THING,
    O_LIGHTING,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_PRESENT,
    O_ROOM,
    O_SELF,
    O_THING,
    O_TURN,
    OT_CONVERTS,
    P_ABSENT,
    P_LOOKS_DEAD,
    PERCEIVED_FIELDS,
    UNSEEN,
)
from policies.common import emit
from policies.knowledge import (
    F_BLOOD_HUMAN,
    F_BLOOD_THING,
    F_DEAD,
    F_LIAR,
    F_PAIR_DOG_1,
    F_SEEN_BREAKING,
    F_THING_SEEN,
    F_TOLD_HUMAN,
    K_FLAGS,
    K_SUSPICION,
)
from policies.memory import M_GEN_BROKEN, M_GEN_FUEL, M_GEN_SEEN, M_HEARD

HEARD_HUMAN_SHIFT = 16  # M_HEARD + speaker: bits 0..15 "d is a Thing", 16..31 "d is human"


@compiled
def others_hear_me(obs):
    """Someone else is here, awake, to hear me (LIGHT-4: nobody in a blizzard)."""
    me = obs[O_SELF]
    if obs[O_LIGHTING] == codes.BLIZZARD:
        return False
    others = obs[O_HERE] & ~(1 << me)
    while others != 0:
        d = trailing_zeros(others)
        others &= others - 1
        if obs[O_PRESENT + d] != P_ABSENT and obs[O_PRESENT + d] != P_LOOKS_DEAD:
            return True
    return False


@compiled
def radio_in_hand(obs):
    """A switched-on radio in hand (ACT-RADIO-SPEAK), or -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.RADIO and obs[O_HAND_ON + h] == 1:
            return h
    return -1


@compiled
def say(obs, out, n, topic, arg):
    """One claim aloud, and on the radio too if I hold one switched on (0 AP each: GAP-64)."""
    n = emit(out, n, codes.A_SAY, topic, arg)
    if radio_in_hand(obs) >= 0:
        n = emit(out, n, codes.A_RADIO_SPEAK, topic, arg)
    return n


# --- hearing ---


@compiled
def contradicts(obs, mem, me, topic, subject):
    """The claim goes against what I know myself (see the module's docstring)."""
    f = mem[K_FLAGS + subject] if 0 <= subject < MAX_CHARACTERS else 0
    if topic == codes.CLAIM_THING:
        return subject == me or (f & F_BLOOD_HUMAN != 0 and f & F_THING_SEEN == 0)
    if topic == codes.CLAIM_HUMAN:
        return subject != me and f & (F_THING_SEEN | F_BLOOD_THING) != 0
    if topic == codes.CLAIM_HELP_CALLED:
        return obs[O_CALL_TURN] == UNSEEN  # the call is public (GAP-6)
    return False


@compiled
def believed_speaker(mem, s, believe_below):
    """Whom I believe: one a trusted test cleared, or one neither known bad, nor caught lying,
    nor with `believe_below` suspicion points or more."""
    f = mem[K_FLAGS + s]
    if f & (F_BLOOD_HUMAN | F_TOLD_HUMAN) != 0 and f & (F_THING_SEEN | F_BLOOD_THING) == 0:
        return True
    bad = F_THING_SEEN | F_BLOOD_THING | F_LIAR
    return f & bad == 0 and mem[K_SUSPICION + s] < believe_below


@compiled
def hear_claim(obs, mem, s, topic, arg, believe_below, proof_points, word_points, lie_points):
    """Fold claim (topic, arg) said by s into my knowledge cells (policies.knowledge). Returns
    whether it changed what I hold."""
    me = obs[O_SELF]
    subject, proof, pair = unpack_claim(arg)
    if contradicts(obs, mem, me, topic, subject):
        if mem[K_FLAGS + s] & F_LIAR == 0:
            mem[K_FLAGS + s] |= F_LIAR
            mem[K_SUSPICION + s] += lie_points
        return False
    if not believed_speaker(mem, s, believe_below):
        return False
    t = obs[O_TURN]
    if topic == codes.CLAIM_THING or topic == codes.CLAIM_HUMAN:
        bit = 1 << (subject + (HEARD_HUMAN_SHIFT if topic == codes.CLAIM_HUMAN else 0))
        if subject == me or mem[M_HEARD + s] & bit != 0:
            return False  # each speaker's word about each character counts once
        mem[M_HEARD + s] |= bit
        if topic == codes.CLAIM_THING:
            mem[K_SUSPICION + subject] += word_points if proof == codes.PROOF_WORD else proof_points
        else:
            mem[K_SUSPICION + subject] = max(0, mem[K_SUSPICION + subject] - word_points)
            if proof == codes.PROOF_BLOOD and pair >= codes.DOG_LABEL:
                mem[K_FLAGS + subject] |= F_TOLD_HUMAN
        return True
    if topic == codes.CLAIM_GENERATOR_BROKEN or topic == codes.CLAIM_GENERATOR_DRY:
        b = subject
        if mem[M_GEN_SEEN + b] >= t - 1:
            return False  # my own sighting is as fresh
        mem[M_GEN_SEEN + b] = t - 1  # said at step 1 of last turn
        mem[M_GEN_BROKEN + b] = 1 if topic == codes.CLAIM_GENERATOR_BROKEN else 0
        if topic == codes.CLAIM_GENERATOR_DRY:
            mem[M_GEN_FUEL + b] = 0
        return True
    return False


@compiled
def hear_claims(obs, mem, believe_below, proof_points, word_points, lie_points):
    """The claims heard since the last declaration (E_SAY, E_RADIO), in the order said, each
    believed one counted for the records (MEM_CLAIMS_BELIEVED)."""
    me = obs[O_SELF]
    for k in range(obs[O_N_PERCEIVED]):
        row = O_PERCEIVED + k * PERCEIVED_FIELDS
        s, kind, topic, arg = obs[row], obs[row + 1], obs[row + 3], obs[row + 4]
        if (kind != codes.E_SAY and kind != codes.E_RADIO) or s == me or s == UNSEEN:
            continue
        if hear_claim(
            obs, mem, s, topic, arg, believe_below, proof_points, word_points, lie_points
        ):
            mem[MEM_CLAIMS_BELIEVED] += 1


# --- telling ---


@compiled
def blood_pair(f):
    return codes.DOG_LABEL + (1 if f & F_PAIR_DOG_1 != 0 else 0)


@compiled
def human_claim(obs, mem, ip, room_block, out, n):
    """What I tell those here this turn (see the module's docstring): a claim, or nothing."""
    if not others_hear_me(obs):
        return n
    me = obs[O_SELF]
    t = obs[O_TURN]
    for k in range(MAX_CHARACTERS):  # a known Thing, rotating turn by turn
        d = (t + k) % MAX_CHARACTERS
        f = mem[K_FLAGS + d]
        if d == me or f & F_DEAD != 0:
            continue
        if f & F_THING_SEEN != 0:
            return say(obs, out, n, codes.CLAIM_THING, pack_claim(d, codes.PROOF_SEEN_THING, -1))
        if f & F_BLOOD_THING != 0:
            arg = pack_claim(d, codes.PROOF_BLOOD, blood_pair(f))
            return say(obs, out, n, codes.CLAIM_THING, arg)
    for k in range(MAX_CHARACTERS):  # one a test cleared, myself included
        d = (t + k) % MAX_CHARACTERS
        f = mem[K_FLAGS + d]
        if f & F_BLOOD_HUMAN != 0 and f & (F_DEAD | F_THING_SEEN | F_BLOOD_THING) == 0:
            arg = pack_claim(d, codes.PROOF_BLOOD, blood_pair(f))
            return say(obs, out, n, codes.CLAIM_HUMAN, arg)
    for k in range(MAX_CHARACTERS):  # one I saw breaking a device
        d = (t + k) % MAX_CHARACTERS
        f = mem[K_FLAGS + d]
        if d != me and f & F_SEEN_BREAKING != 0 and f & F_DEAD == 0:
            arg = pack_claim(d, codes.PROOF_SEEN_BREAKING, -1)
            return say(obs, out, n, codes.CLAIM_THING, arg)
    if obs[O_GEN_BROKEN] != UNSEEN:  # a generator I see broken or dry (GEN-2, GAP-17)
        b = room_block[obs[O_ROOM]]
        if obs[O_GEN_BROKEN] == 1:
            return say(obs, out, n, codes.CLAIM_GENERATOR_BROKEN, pack_claim(b, 0, -1))
        if obs[O_GEN_FUEL] < burn_per_turn(ip):
            return say(obs, out, n, codes.CLAIM_GENERATOR_DRY, pack_claim(b, 0, -1))
    return n


# --- lying ---


@compiled
def ally(obs, d):
    """d is a Thing I know of: an original (THING-P-4) or one of our converts (THING-P-5)."""
    converts = obs[O_THING + OT_CONVERTS]
    return obs[O_KNOWN_THING + d] == 1 or (converts != UNSEEN and (converts >> d) & 1 == 1)


@compiled
def humans_hear_me(obs):
    """A character here, awake, not known to be a Thing, to hear me (not in a blizzard)."""
    if obs[O_LIGHTING] == codes.BLIZZARD:
        return False
    me = obs[O_SELF]
    others = obs[O_HERE] & ~(1 << me)
    while others != 0:
        d = trailing_zeros(others)
        others &= others - 1
        p = obs[O_PRESENT + d]
        if p != P_ABSENT and p != P_LOOKS_DEAD and not ally(obs, d):
            return True
    return False


@compiled
def pick(obs, rng, k, want_thing, absent_only, players):
    """A character drawn at random among the fellow Things (want_thing) or the others, those
    here left out if `absent_only`; -1 if none."""
    count = 0
    for d in range(players):
        if ally(obs, d) == want_thing and not (absent_only and (obs[O_HERE] >> d) & 1):
            count += 1
    if count == 0:
        return -1
    j = below(rng, k, count)
    for d in range(players):
        if ally(obs, d) == want_thing and not (absent_only and (obs[O_HERE] >> d) & 1):
            if j == 0:
                return d
            j -= 1
    return -1


@compiled
def thing_claim(obs, ip, rng, k, out, n, frame, frame_proof, vouch, vouch_proof, alarm):
    """A hidden Thing's lie this turn, or silence (see the module's docstring)."""
    if (frame <= 0 and vouch <= 0 and alarm <= 0) or not humans_hear_me(obs):
        return n
    players = ip[P.I_PLAYERS]
    if frame > 0 and chance(rng, k, frame):
        d = pick(obs, rng, k, False, True, players)
        if d >= 0:
            proof = codes.PROOF_SEEN_THING if frame_proof > 0 else codes.PROOF_WORD
            return say(obs, out, n, codes.CLAIM_THING, pack_claim(d, proof, -1))
    if vouch > 0 and chance(rng, k, vouch):
        d = pick(obs, rng, k, True, False, players)
        if d >= 0:
            if vouch_proof > 0:
                arg = pack_claim(d, codes.PROOF_BLOOD, codes.DOG_LABEL)
            else:
                arg = pack_claim(d, codes.PROOF_WORD, -1)
            return say(obs, out, n, codes.CLAIM_HUMAN, arg)
    if alarm > 0 and chance(rng, k, alarm):
        b = below(rng, k, codes.N_BLOCKS)
        return say(obs, out, n, codes.CLAIM_GENERATOR_DRY, pack_claim(b, 0, -1))
    return n

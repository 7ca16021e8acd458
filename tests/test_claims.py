"""Talk as the policies play it (GAP-64, policies.claims): what the expert humans tell, how they
weigh what they hear (believed, caught lying, each word once), and the expert Things' lies."""

import numpy as np

from balance import codes
from balance.kernel import state as S
from balance.kernel.public import pack_claim
from balance.observation import MEM_CLAIMS_BELIEVED, MEM_HELD_THINGS
from harness import lit
from policies.knowledge import (
    F_BLOOD_HUMAN,
    F_LIAR,
    F_THING_SEEN,
    F_TOLD_HUMAN,
    K_FLAGS,
    K_SUSPICION,
    cleared,
)
from policies.memory import M_GEN_FUEL, M_GEN_SEEN

ROOM = codes.LIVING_QUARTERS
SPEAKER, HEARER, SUBJECT, THING = 0, 1, 2, 3
PROOF_POINTS, WORD_POINTS, LIE_POINTS, BELIEVE_BELOW = 4, 2, 6, 4  # configs/policies.toml


def scene(sets=()):
    """Everyone human in a lit room but THING, an original Thing; SUBJECT elsewhere."""
    sc = lit(sets=sets).make_thing(THING)
    sc.park_everyone(ROOM)
    sc.put(SUBJECT, codes.ARSENAL)
    return sc


def said(topic, subject, proof=codes.PROOF_WORD, pair=-1, action=codes.A_SAY):
    return (action, topic, pack_claim(subject, proof, pair))


def hear(sc, c, claims):
    """c's memory after the scripted claims were said this turn and c declared the next."""
    sc.step(claims)
    sc.declares(c, "expert")
    return sc.g.memory[c]


def says(sc, c, side=codes.HUMANS):
    return [row for row in sc.declares(c, "expert", side) if row[0] == codes.A_SAY]


def test_GAP_64_a_human_tells_those_here_of_the_Thing_he_saw():
    """The expert human says, aloud and first of all, that a Thing he saw is one, naming his
    proof; with `talk` off he says nothing; alone, he says nothing either."""
    sc = scene()
    sc.g.memory[SPEAKER, K_FLAGS + THING] |= F_THING_SEEN
    assert says(sc, SPEAKER) == [said(codes.CLAIM_THING, THING, codes.PROOF_SEEN_THING)]
    quiet = scene(("policies.humans.expert.talk=0",))
    quiet.g.memory[SPEAKER, K_FLAGS + THING] |= F_THING_SEEN
    assert says(quiet, SPEAKER) == []
    alone = scene()
    alone.g.memory[SPEAKER, K_FLAGS + THING] |= F_THING_SEEN
    alone.put(SPEAKER, codes.KENNEL)
    assert says(alone, SPEAKER) == []


def test_GAP_64_a_human_tells_of_one_his_blood_test_cleared_with_its_pair():
    sc = scene()
    sc.g.memory[SPEAKER, K_FLAGS + HEARER] |= F_BLOOD_HUMAN
    proof = (codes.PROOF_BLOOD, codes.DOG_LABEL)
    assert says(sc, SPEAKER) == [said(codes.CLAIM_HUMAN, HEARER, *proof)]


def test_GAP_64_a_believed_claim_adds_suspicion_once_per_speaker_and_is_counted():
    """From a speaker nobody suspects, "X is a Thing" with a proof adds proof_points to X, on
    the word alone word_points; the same speaker saying it again adds nothing; each claim that
    changed what the hearer holds is counted for the records (MEM_CLAIMS_BELIEVED)."""
    sc = scene()
    mem = hear(sc, HEARER, {SPEAKER: [said(codes.CLAIM_THING, SUBJECT, codes.PROOF_SEEN_THING)]})
    assert mem[K_SUSPICION + SUBJECT] == PROOF_POINTS
    assert mem[MEM_CLAIMS_BELIEVED] == 1
    mem = hear(sc, HEARER, {SPEAKER: [said(codes.CLAIM_THING, SUBJECT, codes.PROOF_SEEN_THING)]})
    assert mem[K_SUSPICION + SUBJECT] == PROOF_POINTS and mem[MEM_CLAIMS_BELIEVED] == 1
    mem = hear(sc, HEARER, {5: [said(codes.CLAIM_THING, SUBJECT)]})
    assert mem[K_SUSPICION + SUBJECT] == PROOF_POINTS + WORD_POINTS
    assert mem[MEM_CLAIMS_BELIEVED] == 2
    # past the attack threshold (attack_suspicion = 4) he holds SUBJECT for a Thing
    assert (mem[MEM_HELD_THINGS] >> SUBJECT) & 1 == 1


def test_GAP_64_a_suspect_speaker_is_not_believed():
    sc = scene()
    sc.g.memory[HEARER, K_SUSPICION + SPEAKER] = BELIEVE_BELOW
    mem = hear(sc, HEARER, {SPEAKER: [said(codes.CLAIM_THING, SUBJECT, codes.PROOF_SEEN_THING)]})
    assert mem[K_SUSPICION + SUBJECT] == 0 and mem[MEM_CLAIMS_BELIEVED] == 0


def test_GAP_64_a_speaker_is_caught_lying_by_what_the_hearer_knows_himself():
    """Saying the hearer is a Thing (he knows he is not), or that one he saw act as a Thing is
    human, marks the speaker a liar, lie_points once; a liar is believed no more."""
    sc = scene()
    mem = hear(sc, HEARER, {THING: [said(codes.CLAIM_THING, HEARER, codes.PROOF_SEEN_THING)]})
    assert mem[K_FLAGS + THING] & F_LIAR and mem[K_SUSPICION + THING] == LIE_POINTS
    sc = scene()
    sc.g.memory[HEARER, K_FLAGS + SUBJECT] |= F_THING_SEEN
    mem = hear(sc, HEARER, {THING: [said(codes.CLAIM_HUMAN, SUBJECT)]})
    assert mem[K_FLAGS + THING] & F_LIAR and mem[K_SUSPICION + THING] == LIE_POINTS
    mem = hear(sc, HEARER, {THING: [said(codes.CLAIM_THING, 5, codes.PROOF_SEEN_THING)]})
    assert mem[K_SUSPICION + 5] == 0 and mem[K_SUSPICION + THING] == LIE_POINTS


def test_GAP_64_help_said_to_be_called_when_it_was_not_is_a_lie():
    """GAP-6: the call is public, so a false "help has been called" is caught."""
    sc = scene()
    mem = hear(sc, HEARER, {THING: [(codes.A_SAY, codes.CLAIM_HELP_CALLED, 0)]})
    assert mem[K_FLAGS + THING] & F_LIAR


def test_GAP_64_a_believed_blood_vouch_clears_but_is_not_passed_on():
    """A believed "X is human, by a blood test" clears X for the hearer (F_TOLD_HUMAN), who
    did not read the test himself and so does not tell it on."""
    sc = scene()
    vouch = said(codes.CLAIM_HUMAN, THING, codes.PROOF_BLOOD, codes.DOG_LABEL)
    mem = hear(sc, HEARER, {SPEAKER: [vouch]})
    assert mem[K_FLAGS + THING] & F_TOLD_HUMAN and cleared(mem, THING)
    assert says(sc, HEARER) == []


def test_GAP_64_a_generator_said_dry_is_taken_for_a_sighting():
    """Said at step 1 of the last turn: the hearer, who has not seen block 2's generator since
    the start, takes it for dry as of then."""
    sc = scene()
    block = 2
    sc.run(3)
    mem = hear(sc, HEARER, {SPEAKER: [said(codes.CLAIM_GENERATOR_DRY, block)]})
    assert mem[M_GEN_FUEL + block] == 0 and mem[M_GEN_SEEN + block] == sc.turn - 1


def test_GAP_64_the_expert_Thing_frames_a_human_who_is_not_here():
    """With frame_chance 1, a hidden Thing with humans to hear it says that a human who is not
    here is a Thing, claiming a sighting (frame_proof); with every lie off it says nothing."""
    sc = scene(("policies.things.expert.frame_chance=1",))
    (claim,) = says(sc, THING, codes.THINGS)
    assert claim[:2] == (codes.A_SAY, codes.CLAIM_THING)
    assert claim == said(codes.CLAIM_THING, SUBJECT, codes.PROOF_SEEN_THING)  # the only absent
    quiet = scene(
        ("policies.things.expert.frame_chance=0", "policies.things.expert.vouch_chance=0")
    )
    assert says(quiet, THING, codes.THINGS) == []


def test_GAP_64_the_expert_Thing_vouches_for_a_fellow_Thing_with_a_made_up_test():
    sets = ("policies.things.expert.frame_chance=0", "policies.things.expert.vouch_chance=1")
    sc = scene(sets)
    assert says(sc, THING, codes.THINGS) == [
        said(codes.CLAIM_HUMAN, THING, codes.PROOF_BLOOD, codes.DOG_LABEL)
    ]
    assert np.all(sc.ch[:, S.CH_ALIVE] == 1)


def test_nobody_is_held_for_a_Thing_without_evidence_even_at_a_zero_threshold():
    """The report (MEM_HELD_THINGS) counts evidence, not the attack threshold alone."""
    from policies.knowledge import report_held

    mem = np.zeros(256, dtype=np.int64)
    report_held(mem, 0.0)
    assert mem[MEM_HELD_THINGS] == 0
    mem[K_SUSPICION + SUBJECT] = 1
    mem[K_FLAGS + THING] |= F_THING_SEEN
    report_held(mem, 0.0)
    assert mem[MEM_HELD_THINGS] == (1 << SUBJECT) | (1 << THING)
    report_held(mem, 4.0)
    assert mem[MEM_HELD_THINGS] == 1 << THING

"""Blood samples handed to a tester (policies.samples, knob hand_samples of the expert humans):
ACT-BLOOD-SELF, ACT-GIVE, ACT-RECEIVE, LOC-KENNEL-2, LOC-LAB-2..4, GAP-53."""

import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from harness import lit
from policies.knowledge import F_BLOOD_HUMAN, F_BLOOD_THING, has

TESTER, GIVER = 6, 7  # neither fuels nor guards at 12 players
KNOB = "policies.humans.expert.hand_samples"
QUIET = "policies.humans.expert.talk=0"  # talk is tests/test_claims.py's


def scene(knob, infected=False):
    """Everyone human and warm in the Kennel, help called; only TESTER's card opens the
    Laboratory (the others' the Arsenal)."""
    sc = lit(sets=(f"{KNOB}={knob}", QUIET)).park_everyone(codes.KENNEL)
    for c in range(8):
        sc.wear_parka(c)
    sc.ch[:, S.CH_CARD_ACCESS] = 1 << codes.ARSENAL
    sc.ch[:, S.CH_CARD_TOP] = 0
    sc.ch[TESTER, S.CH_CARD_ACCESS] = 1 << codes.LABORATORY
    sc.ch[GIVER, S.CH_INFECTED] = int(infected)
    sc.st[S.ST_CALL_TURN] = 1
    sc.st[S.ST_RESCUE_DUE] = 99
    for c in (TESTER, GIVER):  # armed already: the pistol errand is out of the way
        sc.give(c, codes.PISTOL, hand=1)
    return sc


def play(sc, turns):
    """TESTER and GIVER play the expert policy; returns every declaration made, by turn."""
    made = []
    for _ in range(turns):
        decl = {c: sc.declares(c, "expert") for c in (TESTER, GIVER)}
        made.append(decl)
        sc.step(decl)
    return made


@pytest.mark.parametrize("infected", [False, True])
def test_ACT_GIVE_ACT_RECEIVE_a_handed_sample_is_compared_with_a_dogs_labelled_with_its_giver(
    infected,
):
    """In the Kennel the tester takes a dog's sample into his backpack; GIVER takes his own
    blood and offers it; rather than take his own blood the tester accepts it (ACT-RECEIVE:
    naming him and the kind), compares it with the dog's in the Laboratory labelled with GIVER's
    index, and reads the result: GIVER cleared, or exposed if infected (INF-4). That reading
    counts as his one test (blood_tests = 1): he does not test himself after."""
    sc = scene(3, infected)
    made = play(sc, 40)
    gives = [
        e
        for e in sc.events(codes.E_GIVE)
        if e[2] == GIVER and e[3] == TESTER and e[4] == codes.BLOOD_SAMPLE
    ]
    assert len(gives) == 1
    assert any((codes.A_RECEIVE, GIVER, codes.BLOOD_SAMPLE) in t[TESTER] for t in made)
    assert not any((codes.A_BLOOD_SELF, 0, 0) in t[TESTER] for t in made)
    assert sc.rec[R.C_BLOOD_TESTS] == 1
    labels = tuple(sc.st[S.ST_LAB_LOG : S.ST_LAB_LOG + 3])
    assert labels[0] >= codes.DOG_LABEL and labels[1:] == (GIVER, TESTER)
    memory = sc.g.memory[TESTER]
    assert has(memory, GIVER, F_BLOOD_THING if infected else F_BLOOD_HUMAN)


def test_with_hand_samples_off_nobody_hands_blood_over():
    sc = scene(0)
    made = play(sc, 40)
    assert len(sc.events(codes.E_GIVE)) == 0
    assert not any((codes.A_BLOOD_SELF, 0, 0) in t[GIVER] for t in made)
    assert sc.rec[R.C_BLOOD_TESTS] == 1

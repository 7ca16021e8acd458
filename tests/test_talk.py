"""Talk and radios: claims said aloud or on the radio, who hears them, how they are counted;
radio colours and switching (GAP-64, LOC-RADIO-1, ITEM-RADIO, ACT-RADIO-TOGGLE, ACT-RADIO-SPEAK,
AP-11, GAP-54, LIGHT-4)."""

import numpy as np
import pytest
from hypothesis import given, strategies as st

from balance import codes
from balance import records as R
from balance.catalogue.events import EVENTS
from balance.kernel import state as S
from balance.kernel.actions import action_cost
from balance.kernel.public import pack_claim, unpack_claim
from balance.observation import O_HAND_COLOUR, O_HAND_ON
from harness import lit

SPEAKER, NEAR, FAR, DEAF = 0, 1, 2, 3
BLUE, RED, GREEN = 0, 1, 2
SUSPECT = codes.CLAIM_THING
SEVEN_IS_A_THING = pack_claim(7, codes.PROOF_WORD, -1)
NINE_IS_A_THING = pack_claim(9, codes.PROOF_WORD, -1)


def radios(sc):
    return np.flatnonzero(sc.it[:, S.IT_KIND] == codes.RADIO)


def hand_radio(sc, c, colour, hand=0, on=1):
    """Move a radio of `colour` from the Radio room into c's hand."""
    i = next(
        int(i)
        for i in radios(sc)
        if sc.it[i, S.IT_COLOUR] == colour and sc.it[i, S.IT_PLACE] == codes.IN_ROOM
    )
    sc.it[i, S.IT_PLACE] = codes.IN_HAND
    sc.it[i, S.IT_WHERE] = c
    sc.it[i, S.IT_ON] = on
    sc.ch[c, S.CH_HAND + hand] = i
    return i


def test_LOC_RADIO_1_seven_radios_switched_on():
    """LOC-RADIO-1, ITEM-RADIO: 7 radios, 2 blue, 2 red and 3 green, all switched on."""
    sc = lit()
    ids = radios(sc)
    assert len(ids) == 7
    assert (sc.it[ids, S.IT_PLACE] == codes.IN_ROOM).all()
    assert (sc.it[ids, S.IT_WHERE] == codes.RADIO_ROOM).all() and (sc.it[ids, S.IT_ON] == 1).all()
    assert np.bincount(sc.it[ids, S.IT_COLOUR]).tolist() == [2, 2, 3]


def test_ACT_RADIO_SPEAK_heard_wherever_a_radio_of_that_colour_is_on():
    """ACT-RADIO-SPEAK (0 AP, AP-11): heard with the speaker's name in every room that holds a
    switched-on radio of the same colour, in a hand, a backpack or on the floor; not on
    another colour, not on a switched-off radio."""
    sc = lit()
    sc.put(SPEAKER, codes.TOWER).put(NEAR, codes.ARSENAL).put(FAR, codes.FREEZER)
    sc.put(DEAF, codes.KENNEL).put(4, codes.RADIO_ROOM)
    tower = set(range(5, 12))  # they stand beside the speaker and hear his voice
    hand_radio(sc, SPEAKER, GREEN)
    i = hand_radio(sc, NEAR, GREEN)  # in the backpack
    sc.ch[NEAR, S.CH_HAND] = -1
    sc.ch[NEAR, S.CH_BACKPACK] = i
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    hand_radio(sc, FAR, BLUE)  # another colour
    hand_radio(sc, DEAF, RED)
    said = (codes.A_RADIO_SPEAK, SUSPECT, SEVEN_IS_A_THING)
    sc.step({SPEAKER: [said]})
    assert sc.kept(SPEAKER) == [said]
    heard = (SPEAKER, codes.E_RADIO, -1, SUSPECT, SEVEN_IS_A_THING)
    # the third green radio lies in the Radio room, switched on: character 4 hears it there
    assert {c for c in range(12) if heard in sc.perceived(c)} == {SPEAKER, NEAR, 4} | tower


def test_GAP_54_a_switched_off_radio_neither_sends_nor_receives():
    sc = lit()
    sc.put(SPEAKER, codes.TOWER).put(NEAR, codes.ARSENAL)
    hand_radio(sc, SPEAKER, GREEN, on=0)
    hand_radio(sc, NEAR, GREEN)
    sc.step({SPEAKER: [(codes.A_RADIO_SPEAK, SUSPECT, SEVEN_IS_A_THING)]})
    assert sc.perceived(NEAR) == []


def test_ACT_RADIO_TOGGLE_in_hand_or_lying_here_from_the_next_step_13():
    sc = lit()
    sc.put(SPEAKER, codes.RADIO_ROOM)
    i = hand_radio(sc, SPEAKER, RED)
    sc.step({SPEAKER: [(codes.A_RADIO_TOGGLE, 0, 0)]})
    assert sc.it[i, S.IT_ON] == 0
    o = sc.observe(SPEAKER)
    assert o[O_HAND_ON] == 0 and o[O_HAND_COLOUR] == RED and o[O_HAND_COLOUR + 1] == -1
    sc.step({SPEAKER: [(codes.A_RADIO_TOGGLE, 2, GREEN)]})
    greens = [j for j in radios(sc) if sc.it[j, S.IT_COLOUR] == GREEN]
    assert sorted(int(sc.it[j, S.IT_ON]) for j in greens) == [0, 1, 1]
    assert (SPEAKER, codes.E_RADIO_TOGGLE, -1, GREEN, 0) in sc.perceived(SPEAKER)


def test_LIGHT_4_in_a_blizzard_only_radios_carry_voices():
    """LIGHT-4: on the Street in a storm nobody is heard beside the speaker, aloud or on the
    radio (GAP-64); the radio still carries (GAP-54: every weather)."""
    sc = lit()
    sc.put(SPEAKER, codes.STREET).put(NEAR, codes.STREET).put(FAR, codes.ARSENAL)
    hand_radio(sc, SPEAKER, GREEN)
    hand_radio(sc, FAR, GREEN)
    said = (codes.A_SAY, SUSPECT, NINE_IS_A_THING)
    sc.step({SPEAKER: [(codes.A_RADIO_SPEAK, SUSPECT, NINE_IS_A_THING), said]})
    assert sc.kept(SPEAKER)[1] == said
    assert sc.st[S.ST_LIGHTING + codes.STREET] == codes.BLIZZARD
    assert sc.perceived(NEAR) == []
    assert sc.perceived(FAR) == [(SPEAKER, codes.E_RADIO, -1, SUSPECT, NINE_IS_A_THING)]


def cost(sc, c, declaration):
    pk = sc.pk
    return action_cost(sc.ch, sc.it, sc.st, pk.ip, pk.adjacent, pk.room_block, c, *declaration)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_GAP_64_a_claim_aloud_is_heard_by_all_present_even_in_the_dark(dark):
    """GAP-64: a claim said aloud costs `talk.say_ap` (0) and needs no radio; everyone present
    and awake hears it with the speaker's name and all it says, in the dark too (a voice is
    known); the unconscious (UNC-1) and those in another room hear nothing."""
    sc = lit()
    room = codes.GENERATOR_1
    sc.put(SPEAKER, room).put(NEAR, room).put(DEAF, room).put(FAR, codes.ARSENAL)
    sc.ch[DEAF, S.CH_UNCONSCIOUS] = 1
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[room]] = 1
    claim = pack_claim(FAR, codes.PROOF_BLOOD, codes.DOG_LABEL + 1)
    said = (codes.A_SAY, codes.CLAIM_THING, claim)
    assert cost(sc, SPEAKER, said) == 0
    assert cost(lit(sets=("talk.say_ap=2",)), SPEAKER, said) == 2
    sc.step({SPEAKER: [said]})
    assert sc.st[S.ST_LIGHTING + room] == (codes.DARK if dark else codes.LIGHT)
    assert sc.kept(SPEAKER) == [said]
    heard = (SPEAKER, codes.E_SAY, -1, codes.CLAIM_THING, claim)
    assert sc.perceived(SPEAKER) == [heard]
    assert sc.perceived(NEAR) == [heard]
    assert sc.perceived(FAR) == [] and sc.perceived(DEAF) == []


@pytest.mark.parametrize("per_turn", [1, 2])
def test_GAP_64_one_claim_aloud_and_one_on_the_radio_a_turn(per_turn):
    """GAP-64: talk is summed up as `talk.claims_per_turn` claims a turn on each channel, aloud
    and on the radio (ACT-RADIO-SPEAK); those beyond are dropped."""
    sc = lit(sets=(f"talk.claims_per_turn={per_turn}",))
    hand_radio(sc, SPEAKER, GREEN)
    first = (codes.A_SAY, codes.CLAIM_HUMAN, pack_claim(NEAR, codes.PROOF_WORD, -1))
    second = (codes.A_SAY, codes.CLAIM_THING, SEVEN_IS_A_THING)
    third = (codes.A_SAY, codes.CLAIM_THING, NINE_IS_A_THING)
    radio = (codes.A_RADIO_SPEAK, codes.CLAIM_HELP_CALLED, 0)
    sc.step({SPEAKER: [first, second, third, radio, radio]})
    kept = [first, radio] if per_turn == 1 else [first, second, radio, radio]
    assert sc.kept(SPEAKER) == kept


@pytest.mark.parametrize(
    "topic, arg",
    [
        (len(codes.CLAIM_TOPIC_NAMES), 0),  # no such topic
        (codes.CLAIM_THING, 16),  # no such character
        (codes.CLAIM_GENERATOR_DRY, 3),  # no such block
        (codes.CLAIM_GOING, codes.N_ROOMS),  # no such room
        (codes.CLAIM_HELP_CALLED, 1),  # the call has no subject
        (codes.CLAIM_HUMAN, pack_claim(1, len(codes.PROOF_NAMES), -1)),  # no such proof
        (codes.CLAIM_HUMAN, pack_claim(1, codes.PROOF_BLOOD, codes.DOG_LABEL + 2)),  # no sample
        (codes.CLAIM_HUMAN, pack_claim(1, codes.PROOF_WORD, -1) | 1 << 20),  # stray bits
        (codes.CLAIM_HUMAN, -1),
    ],
)
def test_GAP_64_a_claim_outside_the_vocabulary_is_refused(topic, arg):
    sc = lit()
    hand_radio(sc, SPEAKER, GREEN)
    assert cost(sc, SPEAKER, (codes.A_SAY, topic, arg)) == -1
    assert cost(sc, SPEAKER, (codes.A_RADIO_SPEAK, topic, arg)) == -1


@given(
    subject=st.integers(0, 31),
    proof=st.integers(0, 7),
    pair=st.integers(-1, 30),
)
def test_GAP_64_a_claims_arg_packs_subject_proof_and_pair(subject, proof, pair):
    assert unpack_claim(pack_claim(subject, proof, pair)) == (subject, proof, pair)


def test_GAP_64_claims_are_counted_true_or_false_by_the_speakers_side():
    """The record counts each claim said, true or false, by the side its speaker plays for
    (GAP-61): a Thing framing a human lies; a human naming the Thing and a Thing vouching for
    a human tell the truth; a generator's state and the call are judged as they are when said
    (step 1), a move by the declarations of the turn. Nobody in the game learns the verdict."""
    thing, human = 5, 6
    sc = lit().make_thing(thing)
    sc.put(thing, codes.TOWER).put(human, codes.TOWER)
    sc.st[S.ST_GEN_BROKEN + 1] = 1
    claims = {
        thing: [(codes.A_SAY, codes.CLAIM_THING, pack_claim(human, codes.PROOF_SEEN_THING, -1))],
        human: [(codes.A_SAY, codes.CLAIM_THING, pack_claim(thing, codes.PROOF_WORD, -1))],
        0: [(codes.A_SAY, codes.CLAIM_GENERATOR_BROKEN, pack_claim(1, codes.PROOF_WORD, -1))],
        1: [(codes.A_SAY, codes.CLAIM_GENERATOR_BROKEN, pack_claim(0, codes.PROOF_WORD, -1))],
        2: [(codes.A_SAY, codes.CLAIM_HELP_CALLED, 0)],
        3: [
            (codes.A_SAY, codes.CLAIM_GOING, pack_claim(codes.STREET, codes.PROOF_WORD, -1)),
            (codes.A_MOVE, codes.STREET, 0),
        ],
        4: [(codes.A_SAY, codes.CLAIM_GOING, pack_claim(codes.ARSENAL, codes.PROOF_WORD, -1))],
    }
    sc.step(claims)
    assert all(sc.kept(c) == rows for c, rows in claims.items())
    sc.step({thing: [(codes.A_SAY, codes.CLAIM_HUMAN, pack_claim(human, codes.PROOF_WORD, -1))]})
    rec = sc.rec
    assert rec[R.C_CLAIMS_THINGS_FALSE] == 1 and rec[R.C_CLAIMS_THINGS_TRUE] == 1
    # true: the Thing named, block 1's generator broken, going to the Street; false: block 0's
    # generator broken, help called, going to the Arsenal
    assert rec[R.C_CLAIMS_HUMANS_TRUE] == 3 and rec[R.C_CLAIMS_HUMANS_FALSE] == 3


def test_GAP_64_a_claims_event_decodes_into_words():
    event = EVENTS[codes.E_SAY]
    fields = event.fields(-1, codes.CLAIM_THING, pack_claim(3, codes.PROOF_BLOOD, 17))
    assert fields == {"topic": "thing", "subject": 3, "proof": "blood_test", "pair": 17}
    who = "c{}".format
    assert event.sentence(fields, who) == "said aloud: c3 is a Thing (blood test against dog 1)"
    radio = EVENTS[codes.E_RADIO]
    fields = radio.fields(-1, codes.CLAIM_GENERATOR_DRY, pack_claim(2, codes.PROOF_WORD, -1))
    assert radio.sentence(fields, who) == "said on the radio: the generator of block 3 is dry"


def test_GAP_64_the_active_Thing_can_still_talk():
    """The active form drops its items (no radio) but can still talk to those present."""
    sc = lit().make_thing(SPEAKER)
    sc.ch[SPEAKER, S.CH_FORM] = codes.THING_ACTIVE
    said = (codes.A_SAY, codes.CLAIM_HELP_CALLED, 0)
    assert cost(sc, SPEAKER, said) == 0

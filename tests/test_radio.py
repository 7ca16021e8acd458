"""Radios: colours, switching, and who hears what is said (LOC-RADIO-1, ITEM-RADIO,
ACT-RADIO-TOGGLE, ACT-RADIO-SPEAK, AP-11, GAP-54, LIGHT-4)."""

import numpy as np

from balance import codes
from balance.kernel import state as S
from balance.observation import O_HAND_COLOUR, O_HAND_ON
from harness import lit

SPEAKER, NEAR, FAR, DEAF = 0, 1, 2, 3
BLUE, RED, GREEN = 0, 1, 2
SUSPECT = codes.RADIO_TOPIC_NAMES.index("suspect")


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
    said = (codes.A_RADIO_SPEAK, SUSPECT, 7)
    sc.step({SPEAKER: [said]})
    assert sc.kept(SPEAKER) == [said]
    heard = (SPEAKER, codes.E_RADIO, -1, SUSPECT, 7)
    # the third green radio lies in the Radio room, switched on: character 4 hears it there
    assert {c for c in range(12) if heard in sc.perceived(c)} == {SPEAKER, NEAR, 4} | tower


def test_GAP_54_a_switched_off_radio_neither_sends_nor_receives():
    sc = lit()
    sc.put(SPEAKER, codes.TOWER).put(NEAR, codes.ARSENAL)
    hand_radio(sc, SPEAKER, GREEN, on=0)
    hand_radio(sc, NEAR, GREEN)
    sc.step({SPEAKER: [(codes.A_RADIO_SPEAK, SUSPECT, 7)]})
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
    """LIGHT-4: on the Street in a storm nobody is heard beside the speaker; the radio still
    carries (GAP-54: every weather)."""
    sc = lit()
    sc.put(SPEAKER, codes.STREET).put(NEAR, codes.STREET).put(FAR, codes.ARSENAL)
    hand_radio(sc, SPEAKER, GREEN)
    hand_radio(sc, FAR, GREEN)
    sc.step({SPEAKER: [(codes.A_RADIO_SPEAK, SUSPECT, 9)]})
    assert sc.st[S.ST_LIGHTING + codes.STREET] == codes.BLIZZARD
    assert sc.perceived(NEAR) == []
    assert sc.perceived(FAR) == [(SPEAKER, codes.E_RADIO, -1, SUSPECT, 9)]

"""What a character may know (A18, LIGHT-1/2, GAP-61): its observation vector never changes when
a fact it could not have observed changes."""

import numpy as np
from hypothesis import given, settings, strategies as st_

from balance import codes
from balance.kernel import state as S
from balance.observation import O_FROST, O_IS_ORIGINAL_THING, O_INFECT_READY, O_SEES
from harness import HIDDEN_CHANGES, Scenario


@settings(max_examples=150, deadline=None)
@given(
    game=st_.integers(0, 10_000),
    turns=st_.integers(1, 12),
    change=st_.sampled_from(HIDDEN_CHANGES),
    other=st_.integers(1, 11),
)
def test_hidden_facts_never_reach_a_humans_observation(game, turns, change, other):
    """Who else is a Thing or infected, what lies in another's backpack (INV-5) or in another
    room, another's frostbite marks or infection timer, and an act in a dark room he was not in
    are invisible to human 0, in light or dark."""
    sc = Scenario(12, seed=77, game=game).all_human()
    sc.make_thing(11)
    sc.run(turns)
    me = 0
    before = sc.observe(me)
    sc.hide(change, me, other)
    assert np.array_equal(before, sc.observe(me))


def test_GAP_38_a_convert_observes_like_a_human():
    """GAP-38: a convert does not know he is a Thing: no Thing flags, and no night vision in
    the dark as far as he can tell."""
    sc = Scenario(12, seed=78).all_human().make_thing(11).park_everyone(codes.LIVING_QUARTERS)
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.step()
    human = sc.observe(0)
    sc.ch[0, S.CH_FORM] = codes.THING_HIDDEN
    sc.ch[0, S.CH_MAX_HP] = 4
    convert = sc.observe(0)
    assert convert[O_IS_ORIGINAL_THING] == 0 and convert[O_INFECT_READY] == 0
    assert convert[O_SEES] == 0
    assert np.array_equal(human, convert)
    thing = sc.observe(11)
    assert thing[O_IS_ORIGINAL_THING] == 1 and thing[O_SEES] == 1  # THING-P-1, THING-P-4


def test_FROST_6_only_the_character_sees_his_frostbite_marks():
    """FROST-6: a character's own marks are in his observation; a change of them changes nobody
    else's, not even of one standing beside him in light."""
    sc = Scenario(12, seed=80).all_human().make_thing(11).park_everyone(codes.LIVING_QUARTERS)
    sc.step()
    sc.ch[0, S.CH_FROST] = 3
    assert sc.observe(0)[O_FROST] == 3
    beside = sc.observe(1)
    sc.ch[0, S.CH_FROST] = 1
    assert sc.observe(0)[O_FROST] == 1
    assert np.array_equal(beside, sc.observe(1))


def test_UNC_3_unconscious_look_dead_in_the_dark():
    """UNC-3, LIGHT-1/2: an unconscious character is seen as unconscious in light and as dead in
    the dark."""
    from balance.observation import O_PRESENT, P_LOOKS_DEAD, P_UNCONSCIOUS

    sc = Scenario(12, seed=79).all_human().make_thing(11).park_everyone(codes.LIVING_QUARTERS)
    sc.put(1, codes.LIVING_QUARTERS)
    sc.step()
    sc.ch[1, S.CH_UNCONSCIOUS] = 1
    assert sc.observe(0)[O_PRESENT + 1] == P_UNCONSCIOUS
    sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] = codes.DARK
    assert sc.observe(0)[O_PRESENT + 1] == P_LOOKS_DEAD


@settings(max_examples=40, deadline=None)
@given(game=st_.integers(0, 10_000), turns=st_.integers(1, 15))
def test_the_bitmask_fields_hold_the_slots_they_sum_up(game, turns):
    """O_HERE and O_CARDS_HELD, which the policies' loops iterate, hold exactly the characters
    whose O_PRESENT is not P_ABSENT (LIGHT-4: in a blizzard oneself alone) and the owners whose
    O_CARD is not UNSEEN; O_LAMPS_SHOWN and O_LAMPS_LOCKED the rooms whose O_DOOR is not UNSEEN
    and those showing a locked door (DOOR-1)."""
    from balance.observation import (
        MAX_CHARACTERS,
        O_CARD,
        O_CARDS_HELD,
        O_DOOR,
        O_HERE,
        O_LAMPS_LOCKED,
        O_LAMPS_SHOWN,
        O_PRESENT,
        P_ABSENT,
        UNSEEN,
    )

    def bits(slots):
        return sum(1 << int(d) for d in np.flatnonzero(slots))

    sc = Scenario(12, seed=80, game=game)
    for _ in range(turns):
        sc.play_turn("expert", "expert")
    for c in range(12):
        o = sc.observe(c)
        present = o[O_PRESENT : O_PRESENT + MAX_CHARACTERS] != P_ABSENT
        assert o[O_HERE] == bits(present)
        assert present[c] == (sc.ch[c, S.CH_LEFT_STATION] == 0)
        assert o[O_CARDS_HELD] == bits(o[O_CARD : O_CARD + MAX_CHARACTERS] != UNSEEN)
        doors = o[O_DOOR : O_DOOR + codes.N_ROOMS]
        assert o[O_LAMPS_SHOWN] == bits(doors != UNSEEN) != 0  # one's own door at least
        assert o[O_LAMPS_LOCKED] == bits(doors == codes.DOOR_LOCKED)

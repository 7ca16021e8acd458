"""The Thing's own actions (A8, A9): the transformation, the active form, Call of the spawn and
the archetypes, with what the others perceive of them in light and in the dark."""

import numpy as np

from balance import codes
from balance.kernel import state as S
from balance.kernel.game import begin_turn, finish_turn
from balance.kernel.public import D_COST, pack_order
from balance import records as R
from balance.observation import (
    O_AP,
    OT_CONVERTS,
    OT_FORM,
    OT_ROOMS_BEFORE,
    O_BODIES_BURNABLE,
    O_HELD,
    O_KNOWN_THING,
    O_MOVE_AP,
    O_PRESENT,
    O_SEES,
    O_THING,
    O_WOUND,
    P_ACTIVE_THING,
    P_LOOKS_DEAD,
    P_UNCONSCIOUS,
    UNSEEN as U,
    W_HEAVY,
    W_LIGHT,
)
from harness import Scenario, declare_through_policies, lit

THING, HUMAN, WITNESS, OTHER = 0, 1, 2, 3
ROOM = codes.GENERATOR_1  # breaking its block's generator darkens it
EARLY = ("thing.transform_from_turn=1",)


def scene(sets=(), dark=False, seed=1, archetype=codes.ARCH_NONE):
    """A hidden original Thing with three humans in ROOM, lit or dark."""
    sc = lit(sets=EARLY + tuple(sets), seed=seed)
    sc.make_thing(THING, archetype)
    for c in (THING, HUMAN, WITNESS, OTHER):
        sc.put(c, ROOM)
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[ROOM]] = 1
    return sc


def activate(sc, c):
    """Put c in the active form as the transformation leaves it (tests of the form's rules)."""
    sc.ch[c, S.CH_FORM] = codes.THING_ACTIVE
    for col in (S.CH_PHYSICAL, S.CH_INITIATIVE, S.CH_ERUDITION):
        sc.ch[c, col] = codes.STAT_BASIC
    card = sc.it.shape[0] - sc.ch.shape[0] + c  # its own ID card drops (GAP-5)
    sc.lay(card, sc.ch[c, S.CH_ROOM])


def costs(sc, c):
    return [int(sc.g.decl[c, j, D_COST]) for j in range(sc.ch[c, S.CH_N_DECL])]


def test_THING_1_THING_HIDDEN_1_transformation_3_AP_only_from_turn_10_and_for_good():
    """THING-1: hidden at the start, active after the transformation (3 AP, from turn 10:
    THING-HIDDEN-1), and never hidden again: a second transformation is refused."""
    sc = lit()
    sc.make_thing(THING)
    for t in range(1, 11):
        sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
        if t < 10:
            assert sc.kept(THING) == [] and sc.ch[THING, S.CH_FORM] == codes.THING_HIDDEN
    assert costs(sc, THING) == [3]
    assert sc.ch[THING, S.CH_FORM] == codes.THING_ACTIVE
    for _ in range(3):
        sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
        assert sc.kept(THING) == [] and sc.ch[THING, S.CH_FORM] == codes.THING_ACTIVE
    assert sc.events(codes.E_TRANSFORM).tolist() == [[10, codes.E_TRANSFORM, THING, -1, 0, 0]]
    assert sc.violations == 0


def test_THING_HIDDEN_1_GAP_38_neither_humans_nor_unaware_converts_transform_themselves():
    sc = scene()
    sc.ch[HUMAN, S.CH_FORM] = codes.THING_HIDDEN  # a convert
    sc.step({HUMAN: [(codes.A_TRANSFORM, 0, 0)], WITNESS: [(codes.A_TRANSFORM, 0, 0)]})
    assert sc.kept(HUMAN) == [] and sc.kept(WITNESS) == []


def test_THING_ACTIVE_1_THING_ACTIVE_3_GAP_5_drops_every_item_and_loses_the_parka():
    """Hands, backpack and carried ID card drop where it stands (the original: "drops every item
    of its inventory"); the worn parka is destroyed."""
    sc = scene()
    sc.wear_parka(THING)
    parka = sc.ch[THING, S.CH_WORN]
    axe = sc.give(THING, codes.AXE)
    pistol = sc.give(THING, codes.PISTOL, hand=1)
    sc.ch[THING, S.CH_HAND + 1] = -1
    sc.it[pistol, S.IT_PLACE] = codes.IN_BACKPACK
    sc.ch[THING, S.CH_BACKPACK] = pistol
    card = sc.it.shape[0] - sc.ch.shape[0] + THING
    assert sc.it[card, S.IT_PLACE] == codes.CARRIED and sc.it[card, S.IT_WHERE] == THING
    sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
    for i in (axe, pistol, card):
        assert (sc.it[i, S.IT_PLACE], sc.it[i, S.IT_WHERE]) == (codes.IN_ROOM, ROOM)
    assert sc.it[parka, S.IT_PLACE] == codes.DESTROYED
    assert (sc.ch[THING, S.CH_HAND : S.CH_WORN + 1] == -1).all()
    assert sc.violations == 0


def test_THING_ACTIVE_2_seen_by_everyone_even_in_the_dark():
    for dark in (False, True):
        sc = scene(dark=dark)
        sc.give(THING, codes.AXE)
        sc.step({THING: [(codes.A_DROP, 0, 0)]})
        assert sc.st[S.ST_LIGHTING + ROOM] == (codes.DARK if dark else codes.LIGHT)
        # LIGHT-2: the hidden Thing's act goes unseen in the dark
        assert sc.perceived(WITNESS) == ([] if dark else [(THING, codes.E_DROP, -1, codes.AXE, 0)])
        sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
        assert sc.perceived(WITNESS) == [(THING, codes.E_TRANSFORM, -1, 0, 0)]
        assert sc.observe(WITNESS)[O_PRESENT + THING] == P_ACTIVE_THING
        sc.step({THING: [(codes.A_THROW_BACK, HUMAN, 0)]})
        assert sc.perceived(WITNESS) == [(THING, codes.E_THROW_BACK, HUMAN, 0, 0)]
        assert sc.perceived(HUMAN) == [(THING, codes.E_THROW_BACK, HUMAN, 0, 0)]


def test_THING_ACTIVE_4_GAP_39_the_active_form_loses_the_hidden_forms_abilities():
    """No infection, no call, none of the hidden-form archetype abilities; Night vision stays
    (it sees in the dark)."""
    for arch, ability in (
        (codes.ARCH_QUEEN, (codes.A_ORDER, HUMAN, pack_order(codes.A_DROP, 0, 0))),
        (codes.ARCH_SOLDIER, (codes.A_WAVES, 0, 0)),
        (codes.ARCH_MUTANT, (codes.A_REMOTE_BREAK, codes.OBJ_LIGHT_FIXTURE, ROOM)),
    ):
        sc = scene(archetype=arch, dark=True)
        sc.step()
        activate(sc, THING)
        sc.ch[WITNESS, S.CH_FORM] = codes.THING_HIDDEN  # a convert
        sc.step({THING: [ability, (codes.A_INFECT, HUMAN, 0), (codes.A_CALL_SPAWN, WITNESS, 0)]})
        assert sc.kept(THING) == []
        assert sc.observe(THING)[O_SEES] == 1


def test_THING_ACTIVE_5_only_its_own_list_of_actions():
    sc = scene()
    activate(sc, THING)
    lying = sc.it[:, S.IT_PLACE] == codes.IN_ROOM
    sc.it[np.flatnonzero(lying)[0], S.IT_WHERE] = ROOM  # something lies here to destroy
    kind = int(sc.it[np.flatnonzero(lying)[0], S.IT_KIND])
    refused = [
        (codes.A_PICKUP, kind, 0),
        (codes.A_INFECT, HUMAN, 0),
        (codes.A_DESTROY, kind, 1),
        (codes.A_REPAIR, codes.OBJ_GENERATOR, 0),
        (codes.A_COVER, HUMAN, 0),
        (codes.A_FOLLOW, HUMAN, 0),
    ]
    for row in refused:
        sc.step({THING: [row]})
        assert sc.kept(THING) == [], row
    for row in (
        (codes.A_DESTROY, kind, 0),
        (codes.A_MELEE, HUMAN, 0),
        (codes.A_BREAK, codes.OBJ_LIGHT_FIXTURE, 0),
        (codes.A_FIRSTAID, HUMAN, 0),
        (codes.A_MOVE, codes.STREET, 0),
    ):
        sc.put(THING, ROOM)
        sc.step({THING: [row]})
        assert sc.kept(THING) == [row]


def test_THING_ACTIVE_6_GAP_13_costs_and_once_a_turn():
    sc = scene()
    activate(sc, THING)
    sc.step({THING: [(codes.A_THROW_BACK, HUMAN, 0), (codes.A_CLAWS, WITNESS, 0)]})
    assert costs(sc, THING) == [1, 2]
    sc.step({THING: [(codes.A_THROW_BACK, HUMAN, 0), (codes.A_THROW_BACK, WITNESS, 0)]})
    assert sc.kept(THING) == [(codes.A_THROW_BACK, HUMAN, 0)]  # AP-3: once a turn
    sc.step({THING: [(codes.A_SPRAY, 0, 0)]})
    assert costs(sc, THING) == [3]


def test_THING_ACTIVE_6_RES_5_GAP_40_throw_back_cancels_the_targets_whole_turn():
    """Resolved in step 1: the target's pickup (step 5) and move (step 10) never happen."""
    sc = scene()
    activate(sc, THING)
    sc.give(OTHER, codes.AXE)
    sc.step({OTHER: [(codes.A_DROP, 0, 0)]})
    plan = [(codes.A_PICKUP, codes.AXE, 0), (codes.A_MOVE, codes.STREET, 0)]
    sc.step({THING: [(codes.A_THROW_BACK, HUMAN, 0)], HUMAN: plan})
    assert sc.ch[HUMAN, S.CH_ROOM] == ROOM and sc.ch[HUMAN, S.CH_HAND] == -1
    sc.step({HUMAN: plan})  # the next turn is his own again
    assert sc.ch[HUMAN, S.CH_ROOM] == codes.STREET and sc.ch[HUMAN, S.CH_HAND] >= 0


def test_THING_ACTIVE_6_claws_hit_half_the_time_for_2_damage():
    """400 seeded claw strikes: hits within 0.5 +- 0.1 (4 standard deviations), each for 2."""
    hits = trials = 0
    for seed in range(8):
        sc = scene(seed=seed)
        activate(sc, THING)
        for _ in range(50):
            sc.ch[HUMAN, S.CH_HP] = 3
            sc.ch[HUMAN, S.CH_LOST_HAND] = -1
            sc.step({THING: [(codes.A_CLAWS, HUMAN, 0)]})
            hit = sc.ch[HUMAN, S.CH_HP] < 3
            assert sc.ch[HUMAN, S.CH_HP] == (1 if hit else 3)
            hits += hit
            trials += 1
    assert 0.4 <= hits / trials <= 0.6


def test_THING_ACTIVE_6_GAP_40_spray_rolls_each_character_and_spares_the_chosen():
    """400 sprays on a human, a hidden Thing and a spared human: each of the first two is hurt
    with 0.5 +- 0.1, both with 0.25 +- 0.09 (independent rolls); the spared never."""
    human = thing = both = trials = 0
    for seed in range(8):
        sc = scene(seed=seed)
        activate(sc, THING)
        sc.make_thing(WITNESS)  # a hidden Thing: sprayed too
        for _ in range(50):
            sc.ch[HUMAN, S.CH_HP] = 3
            sc.ch[WITNESS, S.CH_HP] = 4
            sc.ch[[HUMAN, WITNESS], S.CH_LOST_HAND] = -1
            sc.step({THING: [(codes.A_SPRAY, 0, 1 << OTHER)]})
            h, t = sc.ch[HUMAN, S.CH_HP] == 2, sc.ch[WITNESS, S.CH_HP] == 3
            assert sc.ch[HUMAN, S.CH_HP] in (2, 3) and sc.ch[WITNESS, S.CH_HP] in (3, 4)
            assert sc.ch[OTHER, S.CH_HP] == 3
            human += h
            thing += t
            both += h and t
            trials += 1
    assert 0.4 <= human / trials <= 0.6 and 0.4 <= thing / trials <= 0.6
    assert 0.16 <= both / trials <= 0.34


def test_THING_ACTIVE_6_GAP_29_cover_takes_the_claws():
    sc = scene(sets=("thing.claws_chance=1",))
    activate(sc, THING)
    sc.step({WITNESS: [(codes.A_COVER, HUMAN, 0)], THING: [(codes.A_CLAWS, HUMAN, 0)]})
    assert sc.ch[HUMAN, S.CH_HP] == 3 and sc.ch[WITNESS, S.CH_HP] == 1
    assert sc.events(codes.E_CLAWS)[-1, 3] == WITNESS


def test_THING_ACTIVE_6_HP_4_claws_on_the_helpless_always_hit_for_4():
    sc = scene(sets=("thing.claws_chance=0",))
    activate(sc, THING)
    sc.make_thing(HUMAN)
    sc.ch[HUMAN, S.CH_UNCONSCIOUS] = 1
    sc.ch[HUMAN, S.CH_KNOCKOUT_TURN] = 1
    sc.step({THING: [(codes.A_CLAWS, HUMAN, 0)]})
    assert sc.ch[HUMAN, S.CH_HP] == 0 and sc.ch[HUMAN, S.CH_PARALYSED_UNTIL] == 3


def test_GAP_15_the_active_Things_melee_needs_no_weapon_and_deals_1():
    sc = scene(sets=("combat.hit_chance_by_physical=[1,1,1]",))
    activate(sc, THING)
    sc.step({THING: [(codes.A_MELEE, HUMAN, 0)]})
    assert costs(sc, THING) == [2] and sc.ch[HUMAN, S.CH_HP] == 2
    assert sc.perceived(WITNESS) == [(THING, codes.E_MELEE, HUMAN, 1, 0)]


def test_THING_ACTIVE_7_breaks_as_with_an_axe_but_doors_still_cost_2():
    sc = scene()
    activate(sc, THING)
    sc.step({THING: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]})
    assert costs(sc, THING) == [1]
    assert sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[ROOM]] == 1
    sc.step({THING: [(codes.A_BREAK, codes.OBJ_DOOR, ROOM)]})  # no axe in any hand
    assert costs(sc, THING) == [2]
    assert (sc.st[S.ST_DOORS_BROKEN] >> ROOM) & 1 == 1


def test_THING_ACTIVE_8_cold_as_a_human_in_a_parka():
    """On the Street (-45): 2 marks a turn, a bare human of Physical form 1 gets 3, one in a
    parka 2; a hidden Thing of Physical form 3 keeps its resistance (felt -30: 2)."""
    sc = scene()
    sc.ch[[THING, HUMAN, WITNESS, OTHER], S.CH_PHYSICAL] = [3, 1, 1, 3]
    sc.make_thing(OTHER)
    activate(sc, THING)
    sc.wear_parka(WITNESS)
    for c in (THING, HUMAN, WITNESS, OTHER):
        sc.put(c, codes.STREET)
    sc.step()
    assert sc.ch[[THING, HUMAN, WITNESS, OTHER], S.CH_FROST].tolist() == [2, 3, 2, 2]


def test_THING_ACTIVE_9_nobody_lowers_its_chances():
    """A shield on the target (ACT-HINDER-TARGET, 40 points) would bring 30% claws to nothing;
    the active Thing still hits, and hindering it does nothing."""
    sets = ("thing.claws_chance=0.3", "hinder.penalty_by_physical=[40,40,40]")
    hits = 0
    for seed in range(20):
        sc = scene(sets=sets, seed=seed)
        activate(sc, THING)
        sc.step(
            {
                WITNESS: [(codes.A_HINDER_TARGET, HUMAN, 0)],
                OTHER: [(codes.A_HINDER, THING, 0)],
                THING: [(codes.A_CLAWS, HUMAN, 0)],
            }
        )
        assert sc.ch[THING, S.CH_HINDERED] == 0 and sc.ch[HUMAN, S.CH_SHIELDED] >= 40
        hits += sc.ch[HUMAN, S.CH_HP] == 1
    assert hits >= 2


def test_THING_2_GAP_62_the_hidden_thing_declares_as_a_human_with_its_stats():
    """THING-2, GAP-62: the hidden Thing declares from the humans' list at its profession's costs:
    at Initiative 3 a move costs it 1 AP, a bandage 2; the witness sees it leave as anyone."""
    sc = scene()
    sc.ch[THING, S.CH_INITIATIVE] = 3
    sc.give(THING, codes.BANDAGE)
    rows = [(codes.A_BANDAGE, HUMAN, 0), (codes.A_MOVE, codes.STREET, 0)]
    sc.step({THING: rows})
    assert sc.kept(THING) == rows and costs(sc, THING) == [2, 1]
    assert sc.ch[THING, S.CH_ROOM] == codes.STREET
    assert (THING, codes.E_LEAVE, -1, ROOM, codes.STREET) in sc.perceived(WITNESS)


def test_THING_ACTIVE_10_GAP_62_loses_every_stat_bonus():
    """Initiative 3 and Physical form 3 before; after: moves for 2 AP, no reaction, the base hit
    chance of Physical form 1."""
    sc = scene()
    sc.ch[THING, [S.CH_PHYSICAL, S.CH_INITIATIVE, S.CH_ERUDITION]] = 3
    assert sc.observe(THING)[O_MOVE_AP] == 1
    sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
    assert sc.ch[THING, [S.CH_PHYSICAL, S.CH_INITIATIVE, S.CH_ERUDITION]].tolist() == [1, 1, 1]
    assert sc.observe(THING)[O_MOVE_AP] == 2
    to_street = (codes.A_MOVE, codes.STREET, 0)
    sc.step({THING: [to_street, (codes.A_REACT, codes.E_SHOT, 0), (codes.A_MOVE, ROOM, 0)]})
    assert costs(sc, THING) == [2] and sc.ch[THING, S.CH_REACT_TRIGGER] == -1


def test_THING_ACTIVE_11_leaves_in_step_12_and_enters_in_step_13():
    """A grenade thrown here explodes in step 11: the human who left in step 10 is gone, the
    active Thing leaving with him is still there; it arrives after him."""
    sc = scene()
    activate(sc, THING)
    sc.ch[HUMAN, S.CH_INITIATIVE] = 2  # step 12: he enters before the Thing leaves
    sc.give(WITNESS, codes.GRENADE)
    out = (codes.A_MOVE, codes.STREET, 0)
    sc.step({THING: [out], HUMAN: [out], WITNESS: [(codes.A_THROW, ROOM, 0)]})
    assert sc.ch[THING, S.CH_HP] == 4 - 2 and sc.ch[HUMAN, S.CH_HP] == 3
    moves = [tuple(e[[1, 2]]) for e in sc.events() if e[1] in (codes.E_LEAVE, codes.E_MOVE)]
    assert moves == [
        (codes.E_LEAVE, HUMAN),
        (codes.E_MOVE, HUMAN),
        (codes.E_LEAVE, THING),
        (codes.E_MOVE, THING),
    ]
    assert sc.ch[THING, S.CH_ROOM] == codes.STREET


def test_THING_P_2_THING_P_3_the_active_form_keeps_paralysis_and_revival():
    """Felled on turn 1 (claws cannot: an axe blow on 1 HP): paralysed through turn 3, seen as
    dead, declaring nothing; revives at the start of turn 4 with 1 HP, seen as a monster."""
    sc = scene(sets=("combat.hit_chance_by_physical=[1,1,1]",))
    activate(sc, THING)
    sc.ch[THING, S.CH_HP] = 1
    sc.give(HUMAN, codes.AXE)
    sc.step({HUMAN: [(codes.A_MELEE, THING, 0)]})
    assert sc.ch[THING, S.CH_PARALYSED_UNTIL] == 3 and sc.ch[THING, S.CH_ALIVE] == 1
    for _ in (2, 3):
        assert sc.observe(WITNESS)[O_PRESENT + THING] == P_LOOKS_DEAD
        sc.step({THING: [(codes.A_CLAWS, HUMAN, 0)]})
        assert sc.kept(THING) == []
    sc.step({THING: [(codes.A_THROW_BACK, HUMAN, 0)]})
    assert sc.ch[THING, S.CH_HP] == 1 and sc.ch[THING, S.CH_FORM] == codes.THING_ACTIVE
    assert sc.kept(THING) == [(codes.A_THROW_BACK, HUMAN, 0)]
    assert sc.observe(WITNESS)[O_PRESENT + THING] == P_ACTIVE_THING


def test_THING_P_3_witnesses_take_the_paralysis_for_a_death():
    """THING-P-3: others see the paralysed Thing as "dead". A witness perceives a Thing felled
    as he does a human killed beside it (E_DEATH, with the cause in light, only who in the
    dark), and sees the same body: "dead", burnable, its hand items dropped (HP-3). The log
    keeps the paralysis (E_PARALYSED) and the records count one death, the human's; on revival
    the Thing takes back what is still lying there (as on waking: UNC-1, GAP-56)."""
    for dark in (False, True):
        sc = scene(sets=("combat.hit_chance_by_physical=[1,1,1]",), dark=dark)
        HITTER_1, HITTER_2 = 4, 5
        for c in (HITTER_1, HITTER_2):  # Things: Night vision, so their blows land in the dark
            sc.make_thing(c).put(c, ROOM).give(c, codes.AXE)
        sc.ch[THING, S.CH_HP] = sc.ch[OTHER, S.CH_HP] = 1
        radios = [sc.give(d, codes.RADIO) for d in (THING, OTHER)]  # in hand 0
        sc.ch[[THING, OTHER], S.CH_LOST_HAND] = 1  # at 1 HP both lost one (INV-2)
        sc.step({HITTER_1: [(codes.A_MELEE, THING, 0)], HITTER_2: [(codes.A_MELEE, OTHER, 0)]})
        assert sc.ch[THING, S.CH_PARALYSED_UNTIL] == 3 and sc.ch[OTHER, S.CH_ALIVE] == 0
        deaths = {row[0]: row[1:] for row in sc.perceived(WITNESS) if row[1] == codes.E_DEATH}
        seen = (U, U, U) if dark else (-1, codes.DC_ATTACK, 0)
        assert deaths == {THING: (codes.E_DEATH, *seen), OTHER: (codes.E_DEATH, *seen)}
        o = sc.observe(WITNESS)
        for d in (THING, OTHER):
            assert o[O_PRESENT + d] == P_LOOKS_DEAD and (o[O_BODIES_BURNABLE] >> d) & 1 == 1
            assert o[O_WOUND + d] == (U if dark else W_HEAVY)
            assert [o[O_HELD + 2 * d + h] for h in range(2)] == [U if dark else codes.NO_ITEM] * 2
        assert all(sc.it[i, S.IT_PLACE] == codes.IN_ROOM for i in radios)
        assert sc.events(codes.E_PARALYSED)[:, 2].tolist() == [THING]
        assert sc.events(codes.E_DEATH)[:, 2].tolist() == [OTHER]
        assert sc.rec[R.C_DEATHS_ATTACK] == 1
        assert sc.perceived(THING)[-1] == (THING, codes.E_PARALYSED, -1, codes.DC_ATTACK, 3)
    sc.run(3)  # revives at the start of turn 4
    assert sc.ch[THING, S.CH_HP] == 1 and radios[0] in sc.ch[THING, S.CH_HAND : S.CH_HAND + 2]


def test_THING_P_4_one_mind_for_the_original_Things_only():
    sc = scene()
    sc.make_thing(OTHER)
    sc.ch[HUMAN, S.CH_FORM] = codes.THING_HIDDEN  # a convert
    for c, known in ((THING, {THING, OTHER}), (OTHER, {THING, OTHER}), (HUMAN, set())):
        o = sc.observe(c)
        assert {d for d in range(16) if o[O_KNOWN_THING + d] == 1} == known


def test_THING_P_5_GAP_38_call_of_the_spawn():
    """Any turn (turn 1 here), 0 AP, from another room: the convert turns, drops his items, and
    what his player had declared that turn is void. The original Things know him; he did not."""
    sc = lit()
    sc.make_thing(THING)
    sc.put(THING, codes.FREEZER).put(HUMAN, ROOM).put(WITNESS, ROOM)
    sc.ch[HUMAN, S.CH_FORM] = codes.THING_HIDDEN
    axe = sc.give(HUMAN, codes.AXE)
    assert sc.observe(THING)[O_THING + OT_CONVERTS] == 1 << HUMAN
    assert sc.observe(HUMAN)[O_THING + OT_FORM] == codes.HUMAN
    assert sc.observe(HUMAN)[O_KNOWN_THING + THING] == 0
    sc.step(
        {
            THING: [(codes.A_CALL_SPAWN, HUMAN, 0), (codes.A_TRANSFORM, 0, 0)],
            HUMAN: [(codes.A_MOVE, codes.STREET, 0)],
        }
    )
    assert sc.kept(THING) == [(codes.A_CALL_SPAWN, HUMAN, 0)]  # the turn-10 rule is its own
    assert sc.ch[HUMAN, S.CH_FORM] == codes.THING_ACTIVE and sc.ch[HUMAN, S.CH_ROOM] == ROOM
    assert sc.it[axe, S.IT_PLACE] == codes.IN_ROOM
    assert sc.perceived(WITNESS) == [(HUMAN, codes.E_TRANSFORM, -1, 1, 0)]  # not who called
    assert sc.observe(HUMAN)[O_THING + OT_FORM] == codes.THING_ACTIVE
    # the Things play him now (THING-P-5): he knows the original Things as they do (THING-P-4)
    assert sc.observe(HUMAN)[O_KNOWN_THING + THING] == 1
    sc.step({THING: [(codes.A_CALL_SPAWN, HUMAN, 0)]})
    assert sc.kept(THING) == []  # he is active already
    assert sc.violations == 0


def test_THING_P_5_THING_ACTIVE_4_GAP_38_a_called_convert_sees_in_the_dark_and_knows_the_converts():
    """THING-ACTIVE-4, GAP-38: the active form keeps Night vision, and a called convert, played
    by the Things from then on (THING-P-5: "отныне им управляете вы"), knows what they know. In a
    dark room he sees what an original does: wounds, hands, the unconscious as unconscious
    (not "dead"), the others' acts; and he knows the hidden converts, so the expert Things'
    spray spares them. Unaware, before the call, he saw none of it and knew of no convert."""
    from policies.expert_things import spared

    sc = scene(dark=True)
    BODY = 4
    sc.put(BODY, ROOM)
    for c in (HUMAN, OTHER):
        sc.ch[c, S.CH_FORM] = codes.THING_HIDDEN  # converts
        sc.ch[c, S.CH_MAX_HP] = sc.cfg["health.thing_hp"]
    sc.give(WITNESS, codes.AXE)
    sc.ch[WITNESS, S.CH_HP] = 2
    sc.step()
    o = sc.observe(HUMAN)
    assert o[O_SEES] == 0 and o[O_THING + OT_CONVERTS] == U
    sc.step({THING: [(codes.A_CALL_SPAWN, HUMAN, 0)]})
    assert sc.ch[HUMAN, S.CH_FORM] == codes.THING_ACTIVE
    assert sc.st[S.ST_LIGHTING + ROOM] == codes.DARK
    sc.ch[BODY, S.CH_UNCONSCIOUS] = 1
    o = sc.observe(HUMAN)
    assert o[O_SEES] == 1
    assert o[O_WOUND + WITNESS] == W_LIGHT and o[O_HELD + 2 * WITNESS] == codes.AXE
    assert o[O_PRESENT + BODY] == P_UNCONSCIOUS
    assert o[O_THING + OT_CONVERTS] == 1 << HUMAN | 1 << OTHER
    assert spared(o) == 1 << THING | 1 << HUMAN | 1 << OTHER
    sc.ch[BODY, S.CH_UNCONSCIOUS] = 0
    sc.step({WITNESS: [(codes.A_DROP, 0, 0)]})
    drop = (WITNESS, codes.E_DROP, -1, codes.AXE, 0)
    assert drop in sc.perceived(HUMAN) and drop in sc.perceived(THING)
    assert drop not in sc.perceived(OTHER)  # still unaware: the dark is dark to him
    assert sc.violations == 0


def test_THING_P_5_GAP_38_a_convert_plays_the_human_policy_until_called():
    """Through game.declare_by_policies (harness.declare_through_policies): the humans' policy
    here declares nothing, the Things' policy attacks; the convert is silent until the original
    Thing calls him, then attacks."""
    from policies import make

    sc = scene()
    sc.put(THING, codes.FREEZER)
    sc.ch[HUMAN, S.CH_FORM] = codes.THING_HIDDEN
    humans = make("idle", codes.HUMANS, sc.cfg)
    things = make("naive", codes.THINGS, sc.cfg)
    pk = sc.pk

    def declare():
        args = (sc.g, pk.ip, pk.room_block, pk.adjacent, pk.next_hop)
        declare_through_policies(*args, humans[0], humans[1], things[0], things[1])

    sc.turn += 1
    begin_turn(sc.g, pk.ip, pk.room_block, sc.rec, sc.turn, True)
    declare()
    assert sc.ch[HUMAN, S.CH_N_DECL] == 0
    sc.g.decl[THING, 0, :] = (codes.A_CALL_SPAWN, HUMAN, 0, 0)  # the original's call, scripted
    sc.ch[THING, S.CH_N_DECL] = 1
    finish_turn(sc.g, pk.ip, pk.fp, pk.room_block, sc.rec, True)
    sc.turn += 1
    begin_turn(sc.g, pk.ip, pk.room_block, sc.rec, sc.turn, True)
    declare()
    kept = sc.kept(HUMAN)
    assert kept and kept[-1][0] == codes.A_CLAWS and kept[-1][1] in (WITNESS, OTHER)


def test_ARCH_1_GAP_41_distinct_archetypes_to_the_starting_Things_only():
    seen = {1: set(), 3: set()}
    for players, things in ((9, 1), (15, 3)):
        for game in range(24):
            sc = Scenario(players, game=game)
            arch = sc.ch[:, S.CH_ARCHETYPE]
            originals = sc.ch[:, S.CH_ORIGINAL] == 1
            assert (arch[~originals] == codes.ARCH_NONE).all()
            assert sorted(arch[originals]) == sorted(set(arch[originals])) and len(arch[originals])
            assert (arch[originals] != codes.ARCH_NONE).all()
            seen[things].add(tuple(sorted(arch[originals])))
    assert seen[1] == {(1,), (2,), (3,)} and seen[3] == {(1, 2, 3)}


def test_GAP_41_cooldown_used_on_t_next_on_t_plus_N_plus_1():
    sc = scene(archetype=codes.ARCH_SOLDIER)
    usable = []
    for t in range(1, 8):
        sc.step({THING: [(codes.A_WAVES, 0, 0)]})
        if sc.kept(THING):
            usable.append(t)
    assert usable == [1, 6]  # waves_cooldown = 4


def test_ARCH_SOLDIER_1_waves_secretly_take_2_sanity_from_every_human_here():
    sc = scene(archetype=codes.ARCH_SOLDIER)
    sc.make_thing(OTHER)  # character 4 is in the Tower
    sc.step({THING: [(codes.A_WAVES, 0, 0)]})
    assert costs(sc, THING) == [0]
    start = sc.cfg["sanity.start"]
    assert sc.ch[[HUMAN, WITNESS, OTHER, 4], S.CH_SANITY].tolist() == [start - 2] * 2 + [start] * 2
    assert sc.perceived(WITNESS) == [] and sc.perceived(HUMAN) == []


def test_ARCH_SOLDIER_1_GAP_11_AP_1_in_the_shaken_variant_a_wave_costs_an_AP_a_turn():
    """GAP-11's variant sanity.shaken_below: below it a character has one AP fewer each turn
    from the next turn's start (AP-1), as he observes; the waves (10 -> 8 < 9) take it from the
    humans here, not from one elsewhere, and the declaration past the AP left is dropped
    (GAP-59). Off by default."""
    picks = [(codes.A_PICKUP, k, 0) for k in (codes.BANDAGE, codes.VIAL_BLUE)]
    reload = (codes.A_RELOAD, 0, 0)
    for shaken_below, shaken in ((0, False), (9, True)):
        sc = scene(sets=(f"sanity.shaken_below={shaken_below}",), archetype=codes.ARCH_SOLDIER)
        full = sc.cfg["game.ap_per_turn"]
        sc.put(OTHER, codes.KENNEL)
        sc.step({THING: [(codes.A_WAVES, 0, 0)]})
        assert sc.ch[HUMAN, S.CH_AP_TURN] == full  # the waves came after the turn began
        sc.put(HUMAN, codes.LIVING_QUARTERS)
        sc.give(HUMAN, codes.PISTOL, hand=0)
        sc.step({HUMAN: [*picks, reload]})  # 3 AP
        assert sc.ch[HUMAN, S.CH_AP_TURN] == full - shaken
        assert sc.ch[OTHER, S.CH_AP_TURN] == full
        assert sc.kept(HUMAN) == [*picks, reload][: full - shaken]
        sc.begin_turn()
        assert sc.observe(HUMAN)[O_AP] == full - shaken and sc.observe(OTHER)[O_AP] == full
        assert sc.violations == 0


def test_ARCH_SOLDIER_2_GAP_31_the_active_Soldier_moves_for_0_AP_once_a_turn():
    sc = scene(archetype=codes.ARCH_SOLDIER)
    activate(sc, THING)
    assert sc.observe(THING)[O_MOVE_AP] == 0
    plan = [
        (codes.A_THROW_BACK, HUMAN, 0),
        (codes.A_CLAWS, WITNESS, 0),
        (codes.A_MOVE, codes.STREET, 0),
        (codes.A_MOVE, codes.FREEZER, 0),
    ]
    sc.step({THING: plan})
    assert sc.kept(THING) == plan[:3] and costs(sc, THING) == [1, 2, 0]
    assert sc.ch[THING, S.CH_ROOM] == codes.STREET


def test_ARCH_QUEEN_1_GAP_42_the_order_joins_his_declarations_in_secret():
    """He declared three 1-AP pickups; the forced move (2 AP) drops his latest two. He and a
    witness in light perceive an ordinary move of his; nobody perceives the Order."""
    sc = scene(archetype=codes.ARCH_QUEEN)
    sc.put(THING, codes.LIVING_QUARTERS).put(HUMAN, codes.LIVING_QUARTERS)
    sc.put(WITNESS, codes.LIVING_QUARTERS)
    sc.ch[HUMAN, S.CH_INITIATIVE] = 1  # a move costs him 2 AP (1 at Initiative 3)
    picks = [(codes.A_PICKUP, k, 0) for k in (codes.BANDAGE, codes.VIAL_BLUE, codes.VIAL_RED)]
    order = pack_order(codes.A_MOVE, codes.STREET, 0)
    sc.step({THING: [(codes.A_ORDER, HUMAN, order)], HUMAN: picks})
    assert costs(sc, THING) == [0]
    assert sc.kept(HUMAN) == [picks[0], (codes.A_MOVE, codes.STREET, 0)]
    assert sc.ch[HUMAN, S.CH_ROOM] == codes.STREET
    held = sc.ch[HUMAN, S.CH_HAND]
    assert sc.it[held, S.IT_KIND] == codes.BANDAGE and sc.ch[HUMAN, S.CH_HAND + 1] == -1
    kinds = [row[1] for row in sc.perceived(WITNESS)]
    assert codes.E_ABILITY not in kinds and codes.E_LEAVE in kinds
    assert all(row[0] == HUMAN for row in sc.perceived(WITNESS))
    assert codes.E_ABILITY not in [row[1] for row in sc.perceived(HUMAN)]
    ability = sc.events(codes.E_ABILITY).tolist()
    assert ability == [[1, codes.E_ABILITY, THING, HUMAN, codes.A_ORDER, codes.A_MOVE]]
    sc.step({THING: [(codes.A_ORDER, WITNESS, order)]})
    assert sc.kept(THING) == []  # cooldown 6
    assert sc.violations == 0


def test_AP_1_ARCH_QUEEN_1_GAP_42_the_order_drops_only_what_he_has_not_done_yet():
    """He comes before the Queen in the resolution order and declared two 1-AP pickups, then a
    reload (1 AP, step 1): by her Order (step 1) the reload is done, so the forced move (1 AP at
    Initiative 3) takes the second pickup's place, not the reload's. He spends his 3 AP, not 4."""
    sc = scene(archetype=codes.ARCH_QUEEN)
    sc.put(THING, codes.LIVING_QUARTERS).put(HUMAN, codes.LIVING_QUARTERS)
    sc.ch[HUMAN, S.CH_INITIATIVE] = 3  # first in the order; a move costs him 1 AP
    sc.ch[THING, S.CH_INITIATIVE] = 1
    sc.give(HUMAN, codes.PISTOL, hand=0)
    picks = [(codes.A_PICKUP, k, 0) for k in (codes.BANDAGE, codes.VIAL_BLUE)]
    reload = (codes.A_RELOAD, 0, 0)
    move = (codes.A_MOVE, codes.STREET, 0)
    sc.step({THING: [(codes.A_ORDER, HUMAN, pack_order(*move))], HUMAN: [*picks, reload]})
    assert sc.ch[HUMAN, S.CH_RANK] < sc.ch[THING, S.CH_RANK]
    assert sc.kept(HUMAN) == [picks[0], reload, move]
    assert sc.ch[HUMAN, S.CH_AP_SPENT] == 3 and sc.ch[HUMAN, S.CH_ROOM] == codes.STREET
    assert sc.violations == 0


def test_ARCH_QUEEN_1_GAP_42_with_order_seen_the_ordered_act_is_known_to_be_forced():
    """GAP-42's variant (archetypes.order_seen): the target and those who see the room learn
    who was ordered to do what, not by whom; in the dark the target alone is told."""
    for dark in (False, True):
        sc = scene(sets=("archetypes.order_seen=true",), dark=dark, archetype=codes.ARCH_QUEEN)
        sc.put(OTHER, codes.KENNEL)
        sc.step({THING: [(codes.A_ORDER, HUMAN, pack_order(codes.A_DROP, 0, 0))]})
        seen = (-1, codes.E_ORDERED, HUMAN, codes.A_DROP, 0)
        told = (-1, codes.E_ORDERED, HUMAN, U, U) if dark else seen
        assert told in sc.perceived(HUMAN)
        assert (seen in sc.perceived(WITNESS)) != dark
        assert not any(row[1] == codes.E_ORDERED for row in sc.perceived(OTHER))


def test_ARCH_QUEEN_1_GAP_42_only_a_legal_action_of_a_human_here():
    sc = scene(archetype=codes.ARCH_QUEEN)
    sc.make_thing(OTHER)
    drop = pack_order(codes.A_DROP, 0, 0)
    for target, order in (
        (HUMAN, pack_order(codes.A_MOVE, codes.KENNEL, 0)),  # not next door
        (HUMAN, pack_order(codes.A_FILL, 0, 0)),  # not in the Fuel room
        (HUMAN, pack_order(codes.A_ORDER, WITNESS, drop)),  # not an ordinary action
        (OTHER, drop),  # a Thing
    ):
        sc.step({THING: [(codes.A_ORDER, target, order)]})
        assert sc.kept(THING) == []


def test_ARCH_QUEEN_2_GAP_40_the_scream_stuns_the_humans_here_not_hidden_Things():
    sc = scene(archetype=codes.ARCH_QUEEN)
    activate(sc, THING)
    sc.make_thing(OTHER)
    sc.ch[WITNESS, S.CH_INFECTED] = 1  # the infected are humans
    sc.ch[WITNESS, S.CH_BLACKOUT_TURN] = 50
    out = (codes.A_MOVE, codes.STREET, 0)
    sc.step({THING: [(codes.A_SCREAM, 0, 0)], HUMAN: [out], WITNESS: [out], OTHER: [out]})
    assert costs(sc, THING) == [1]
    rooms = sc.ch[[HUMAN, WITNESS, OTHER], S.CH_ROOM].tolist()
    assert rooms == [ROOM, ROOM, codes.STREET]
    assert (THING, codes.E_SCREAM, -1, 2, 0) in sc.perceived(HUMAN)
    usable = []
    for t in range(2, 11):
        sc.step({THING: [(codes.A_SCREAM, 0, 0)]})
        if sc.kept(THING):
            usable.append(t)
    assert usable == [10]  # cooldown 8: used on 1, again on 10
    assert sc.violations == 0


def test_ARCH_MUTANT_1_GAP_43_remote_break_where_it_was_in_the_last_3_turns():
    sc = scene(archetype=codes.ARCH_MUTANT, sets=("move.blizzard_misdirect_chance=0",))
    block = sc.pk.room_block[ROOM]
    sc.step({THING: [(codes.A_MOVE, codes.STREET, 0)]})  # turn 1: in ROOM, then the Street
    sc.step({THING: [(codes.A_MOVE, codes.FREEZER, 0)]})
    # what it knew when declaring turn 2: turn 1 took it from ROOM to the Street
    assert sc.observe(THING)[O_THING + OT_ROOMS_BEFORE] == (1 << ROOM) | (1 << codes.STREET)
    never = (codes.A_REMOTE_BREAK, codes.OBJ_GENERATOR, codes.GENERATOR_2)
    sc.step({THING: [never, (codes.A_REMOTE_BREAK, codes.OBJ_GENERATOR, ROOM)]})  # turn 3
    assert sc.kept(THING) == [(codes.A_REMOTE_BREAK, codes.OBJ_GENERATOR, ROOM)]
    assert sc.st[S.ST_GEN_BROKEN + block] == 1
    assert sc.perceived(HUMAN) == [] and sc.perceived(WITNESS) == []
    door = (codes.A_REMOTE_BREAK, codes.OBJ_DOOR, codes.FREEZER)
    for _ in range(4, 10):  # cooldown 6: used on turn 3, next on turn 10
        sc.step({THING: [door]})
        assert sc.kept(THING) == []
    # turn 10: the rooms of turns 7..9 (the Freezer) only; ROOM (turn 1) is out of reach
    sc.step({THING: [(codes.A_REMOTE_BREAK, codes.OBJ_LIGHT_FIXTURE, ROOM), door]})
    assert sc.kept(THING) == [door]
    assert (sc.st[S.ST_DOORS_BROKEN] >> codes.FREEZER) & 1 == 1  # GAP-43: no axe needed
    assert sc.violations == 0


def test_ACT_REPAIR_ARCH_MUTANT_1_what_the_remote_break_broke_is_repaired_from_the_next_turn():
    """ACT-REPAIR: "the object must be broken at the start of the turn". The remote break
    (step 1) breaks the generator before a repair declared the same turn resolves (step 7):
    that repair does nothing, the next turn's works (certain: the room is dark by then, so
    darkness must not halve it)."""
    sets = ("repair.chance_with_tool=1", "light.darkness_factor=1")
    sc = scene(archetype=codes.ARCH_MUTANT, sets=sets)
    block = sc.pk.room_block[ROOM]
    sc.step({THING: [(codes.A_MOVE, codes.STREET, 0)]})
    sc.step()
    sc.give(HUMAN, codes.SPARE_PARTS)
    fix = (codes.A_REPAIR, codes.OBJ_GENERATOR, 0)
    sc.step({THING: [(codes.A_REMOTE_BREAK, codes.OBJ_GENERATOR, ROOM)], HUMAN: [fix]})
    assert sc.kept(HUMAN) == [fix] and sc.st[S.ST_GEN_BROKEN + block] == 1
    sc.step({HUMAN: [fix]})
    assert sc.st[S.ST_GEN_BROKEN + block] == 0
    assert sc.violations == 0


def test_ARCH_MUTANT_2_its_organs_explode_when_it_falls():
    """At 0 HP the active Mutant hurts every human and hidden Thing there by 1, not another
    active Thing; seen by all, in the dark too."""
    sets = ("combat.hit_chance_by_physical=[1,1,1]", "light.darkness_factor=1")
    sc = scene(sets=sets, dark=True)
    sc.ch[THING, S.CH_ARCHETYPE] = codes.ARCH_MUTANT
    activate(sc, THING)
    sc.ch[THING, S.CH_HP] = 1
    sc.make_thing(OTHER)
    sc.make_thing(WITNESS)
    sc.ch[WITNESS, S.CH_ORIGINAL] = 0  # a convert, called
    activate(sc, WITNESS)
    sc.give(HUMAN, codes.AXE)
    sc.step({HUMAN: [(codes.A_MELEE, THING, 0)]})
    assert sc.ch[[HUMAN, WITNESS, OTHER], S.CH_HP].tolist() == [2, 4, 3]
    assert (THING, codes.E_ORGANS, -1, 2, 0) in sc.perceived(HUMAN)
    assert sc.violations == 0


def test_THING_ACTIVE_policies_random_play_offers_the_Things_actions():
    sc = scene(archetype=codes.ARCH_MUTANT)
    sc.step({THING: [(codes.A_MOVE, codes.STREET, 0)]})
    sc.step()
    assert (codes.A_REMOTE_BREAK, codes.OBJ_GENERATOR, ROOM) in sc.offered(THING)
    assert (codes.A_TRANSFORM, 0, 0) in sc.offered(THING)
    sc.put(THING, ROOM)
    activate(sc, THING)
    offered = {row[0] for row in sc.offered(THING)}
    assert {codes.A_THROW_BACK, codes.A_CLAWS, codes.A_SPRAY, codes.A_MELEE} <= offered
    assert codes.A_TRANSFORM not in offered

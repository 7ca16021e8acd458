"""Food and corpses: the Freezer's shelves and counting, the stove, eating and dosing portions,
searching a corpse (A12 LOC-FREEZER-2/3, LOC-LIVING-3/4, A4 ACT-EAT / ACT-DOSE-FOOD, A17
ITEM-FOOD, VIAL-2, A18 INFO-4, WIN-3, GAP-8, GAP-12, GAP-21, GAP-49, GAP-50, GAP-51, GAP-60).

Each test plays scripted turns and checks the declaration kept or refused, the effect, and what
the actor and a witness perceived (Scenario.perceived: (actor, event kind, target, a, b) rows,
U where the character could not tell)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from balance.kernel.vials import red_vial_active
from balance.kernel.food import COOKED_BLUE, COOKED_RED, DOSE_BLUE, DOSE_RED
from balance.observation import (
    O_FOOD_COUNT_TURN,
    O_FOOD_COUNTED,
    O_HAND_KIND,
    O_ROOM_ITEMS,
    O_STOVE,
    O_WEARS,
    UNSEEN as U,
)
from harness import Scenario, lit

ACTOR, WITNESS, OTHER = 0, 1, 2
TAKE = (codes.A_TAKE_FOOD, 0, 0)
COUNT = (codes.A_COUNT_FOOD, 0, 0)
PREPARE = (codes.A_STOVE_PREPARE, 0, 0)
EAT_HELD = (codes.A_EAT, 0, 0)
EAT_LYING = (codes.A_EAT, 1, 0)
BLUE_RED = DOSE_BLUE | DOSE_RED  # a cook's arg naming both vial kinds


def cook_with(vials: int = 0) -> tuple[int, int, int]:
    return (codes.A_COOK, 0, vials)


def room(r: int, dark: bool = False, sets: tuple[str, ...] = ()) -> Scenario:
    """Everyone human; the actor and a witness in room r, lit or with its block's power cut (the
    others stay in the Tower)."""
    sc = lit(sets=sets)
    sc.put(ACTOR, r).put(WITNESS, r)
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[r]] = 1
    return sc


def hand_box(sc: Scenario, c: int, hand: int = 0) -> int:
    """Put a box from the shelves into c's hand, as taking it would (GAP-50)."""
    i = sc.give(c, codes.FOOD_BOX, hand=hand)
    sc.st[S.ST_FOOD_STOCK] -= 1
    return i


def hand_portion(sc: Scenario, c: int, dose: int = 0, hand: int = 0) -> int:
    i = sc.give(c, codes.FOOD, hand=hand)
    sc.it[i, S.IT_DOSE] = dose
    return i


def lay_portion(sc: Scenario, r: int = codes.LIVING_QUARTERS) -> int:
    """Lay a portion from the supply in room r (the lowest id: Scenario.give takes the highest
    free one, so the two never pick the same)."""
    i = int(
        np.flatnonzero(
            (sc.it[:, S.IT_KIND] == codes.FOOD) & (sc.it[:, S.IT_PLACE] == codes.IN_SUPPLY)
        )[0]
    )
    sc.lay(i, r)
    return i


def stash(sc: Scenario, c: int, kind: int, slot: int = 0) -> int:
    """Put an item of `kind` into c's backpack slot."""
    i = sc.give(c, kind, hand=1)
    sc.ch[c, S.CH_HAND + 1] = -1
    sc.ch[c, S.CH_BACKPACK + slot] = i
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    return i


def portions_lying(sc: Scenario, r: int = codes.LIVING_QUARTERS) -> np.ndarray:
    it = sc.it
    here = (it[:, S.IT_KIND] == codes.FOOD) & (it[:, S.IT_PLACE] == codes.IN_ROOM)
    return np.flatnonzero(here & (it[:, S.IT_WHERE] == r))


# --- LOC-FREEZER-2, GAP-50: the shelves ---


def test_LOC_FREEZER_2_GAP_50_taking_a_box_lowers_the_hidden_stock():
    """GAP-50 (1 AP, step 5): a box off the shelves into a free hand; the stock drops by one.
    LOC-FREEZER-2, INFO-4: the shelves show nothing, even in light: the taker and the witness
    see him take a box, not how many are left; the boxes are no items lying in the room."""
    sc = room(codes.FREEZER)
    assert sc.st[S.ST_FOOD_STOCK] == 10
    o = sc.observe(WITNESS)
    assert o[O_ROOM_ITEMS + codes.FOOD_BOX] == 0 and o[O_FOOD_COUNTED] == U
    sc.step({ACTOR: [TAKE] * 4})
    assert sc.kept(ACTOR) == [TAKE] * 3  # 1 AP each
    assert sc.st[S.ST_FOOD_STOCK] == 8  # the third found no free hand
    assert sc.observe(ACTOR)[O_HAND_KIND : O_HAND_KIND + 2].tolist() == [codes.FOOD_BOX] * 2
    took = (ACTOR, codes.E_TAKE_FOOD, -1, U, U)
    assert sc.perceived(ACTOR) == [took, took] and sc.perceived(WITNESS) == [took, took]
    assert sc.events(codes.E_TAKE_FOOD)[:, 4].tolist() == [9, 8]  # the replay alone knows
    assert sc.observe(WITNESS)[O_ROOM_ITEMS + codes.FOOD_BOX] == 0
    sc.put(OTHER, codes.LIVING_QUARTERS)
    sc.step({OTHER: [TAKE]})  # only in the Freezer
    assert sc.kept(OTHER) == []
    assert sc.violations == 0


def test_GAP_50_taking_in_the_dark_and_from_empty_shelves():
    """GAP-50: taking needs no light (A4 lists no lighting); in the dark the witness notices
    nothing. Once the shelves are empty nothing more comes off them."""
    sc = room(codes.FREEZER, dark=True, sets=("freezer.food_boxes=1",))
    sc.step({ACTOR: [TAKE]})
    assert sc.st[S.ST_LIGHTING + codes.FREEZER] == codes.DARK
    assert sc.st[S.ST_FOOD_STOCK] == 0 and sc.ch[ACTOR, S.CH_HAND] >= 0
    assert sc.perceived(WITNESS) == []
    sc.step({WITNESS: [TAKE]})
    assert sc.kept(WITNESS) == [TAKE] and sc.ch[WITNESS, S.CH_HAND] == -1
    assert sc.st[S.ST_FOOD_STOCK] == 0 and len(sc.events(codes.E_TAKE_FOOD)) == 1
    assert sc.violations == 0


def test_GAP_50_a_box_is_carried_in_hand_only():
    """GAP-50: a box goes into no backpack (the put is refused, a pickup into the backpack lands
    in a hand); it can be dropped, picked up and handed over like other items; a box lying on the
    Freezer's floor is not on the shelves.
    LOC-LIVING-5: the contradiction is resolved so: a box is carried, in a hand only."""
    sc = room(codes.FREEZER)
    box = hand_box(sc, ACTOR)
    sc.step({ACTOR: [(codes.A_BACKPACK, 0, 0)]})
    assert sc.ch[ACTOR, S.CH_HAND] == box and sc.ch[ACTOR, S.CH_BACKPACK] == -1
    assert sc.events(codes.E_BACKPACK).size == 0
    sc.step({ACTOR: [(codes.A_DROP, 0, 0)]})
    assert sc.it[box, S.IT_PLACE] == codes.IN_ROOM and sc.st[S.ST_FOOD_STOCK] == 9
    assert sc.observe(WITNESS)[O_ROOM_ITEMS + codes.FOOD_BOX] == 1  # lying: seen in light
    sc.step({WITNESS: [(codes.A_PICKUP, codes.FOOD_BOX, 1)]})
    assert sc.ch[WITNESS, S.CH_HAND] == box and sc.ch[WITNESS, S.CH_BACKPACK] == -1
    give = (codes.A_GIVE, ACTOR, 0)
    sc.step({WITNESS: [give], ACTOR: [(codes.A_RECEIVE, WITNESS, codes.FOOD_BOX)]})
    assert sc.ch[ACTOR, S.CH_HAND] == box
    assert sc.violations == 0


def test_GAP_50_variant_the_stove_is_unusable():
    sc = room(codes.LIVING_QUARTERS, sets=("stove.usable=false",))
    hand_box(sc, ACTOR)
    sc.step({ACTOR: [PREPARE]})
    assert sc.kept(ACTOR) == [] and sc.st[S.ST_STOVE_PREPARED] == 0
    sc.st[S.ST_STOVE_PREPARED] = 1
    sc.step({ACTOR: [cook_with()]})
    assert sc.kept(ACTOR) == [] and portions_lying(sc).size == 0


# --- LOC-FREEZER-3, INFO-4: counting ---


def test_LOC_FREEZER_3_INFO_4_counting_in_light_tells_the_counter_alone():
    """LOC-FREEZER-3 (2 AP, Light only, step 4): the counter learns the stock and keeps the
    figure, with its turn, until he counts again; it is counted in step 4, before the boxes
    taken in step 5 of the same turn. The witness sees him count but not the figure (INFO-4)."""
    sc = room(codes.FREEZER)
    sc.put(OTHER, codes.FREEZER)
    sc.step({ACTOR: [COUNT, COUNT], OTHER: [TAKE]})
    assert sc.kept(ACTOR) == [COUNT]  # 2 + 2 > 3 AP
    o = sc.observe(ACTOR)
    assert o[O_FOOD_COUNTED] == 10 and o[O_FOOD_COUNT_TURN] == 1
    assert sc.st[S.ST_FOOD_STOCK] == 9
    assert sc.perceived(ACTOR)[0] == (ACTOR, codes.E_COUNT_FOOD, -1, 10, 0)
    assert sc.perceived(WITNESS)[0] == (ACTOR, codes.E_COUNT_FOOD, -1, U, U)
    for c in (WITNESS, OTHER):
        assert sc.observe(c)[O_FOOD_COUNTED] == U and sc.observe(c)[O_FOOD_COUNT_TURN] == U
    sc.step({OTHER: [TAKE]})
    assert sc.observe(ACTOR)[O_FOOD_COUNTED] == 10  # not counted again yet
    sc.step({ACTOR: [COUNT]})
    o = sc.observe(ACTOR)
    assert o[O_FOOD_COUNTED] == 8 and o[O_FOOD_COUNT_TURN] == 3
    sc.put(ACTOR, codes.LIVING_QUARTERS)
    sc.step({ACTOR: [COUNT]})
    assert sc.kept(ACTOR) == []  # only in the Freezer
    assert sc.violations == 0


def test_LOC_FREEZER_3_no_counting_in_the_dark():
    """LOC-FREEZER-3, LIGHT-5: in the dark a human cannot count; a Thing's Night vision can."""
    sc = room(codes.FREEZER, dark=True)
    sc.make_thing(WITNESS)
    sc.step({ACTOR: [COUNT], WITNESS: [COUNT]})
    assert sc.kept(ACTOR) == [] and sc.kept(WITNESS) == [COUNT]
    assert sc.observe(WITNESS)[O_FOOD_COUNTED] == 10
    assert sc.perceived(ACTOR) == []  # the dark hides the counting


def test_INFO_4_the_stock_never_shows_in_an_observation():
    """INFO-4: whatever the stock, the observation of a character in the Freezer who has not
    counted is the same."""
    sc = room(codes.FREEZER)
    sc.step()
    before = sc.observe(ACTOR)
    sc.st[S.ST_FOOD_STOCK] = 3
    for i in np.flatnonzero(sc.it[:, S.IT_KIND] == codes.FOOD_BOX)[:7]:
        sc.it[i, S.IT_PLACE] = codes.DESTROYED
    assert np.array_equal(before, sc.observe(ACTOR))


# --- WIN-3, GAP-8: the elimination win reads the live stock ---


@pytest.mark.parametrize("taken", [1, 2])
def test_WIN_3_GAP_8_the_elimination_win_needs_a_box_on_the_shelves(taken):
    """WIN-3, GAP-8, GAP-50: with two boxes on the shelves, a human takes `taken` of them and
    drops them on the Freezer's floor; then the last Thing dies for good. With a box still on the
    shelves the humans win at once (things_dead); with the shelves empty they cannot, boxes on
    the floor notwithstanding."""
    sc = Scenario(12, ("freezer.food_boxes=2",), seed=14).all_human().make_thing(11)
    sc.put(ACTOR, codes.FREEZER)
    sc.step({ACTOR: [TAKE] * taken})
    sc.step({ACTOR: [(codes.A_DROP, h, 0) for h in range(taken)]})
    assert sc.st[S.ST_FOOD_STOCK] == 2 - taken and not sc.over
    sc.ch[11, S.CH_ALIVE] = 0  # burned while paralysed (GAP-8: dead for good)
    sc.step()
    assert sc.over == (taken == 1)
    if sc.over:
        rec = sc.finish()
        assert rec[R.C_WINNER] == codes.HUMANS and rec[R.C_REASON] == codes.R_THINGS_DEAD
    assert sc.violations == 0


# --- LOC-LIVING-3: preparing ---


def test_LOC_LIVING_3_prepare_uses_up_the_box_in_hand():
    """LOC-LIVING-3, GAP-50 (2 AP, step 9): the box in hand is used up and the prepared food
    stays on the stove, for all who see the stove; the stove holds one prepared box at a time;
    without a box the declaration is kept and does nothing; only in the Living quarters."""
    sc = room(codes.LIVING_QUARTERS)
    assert sc.observe(WITNESS)[O_STOVE] == 0
    box = hand_box(sc, ACTOR)
    second = hand_box(sc, WITNESS)
    sc.step({ACTOR: [PREPARE, PREPARE]})
    assert sc.kept(ACTOR) == [PREPARE]  # 2 + 2 > 3 AP
    assert sc.it[box, S.IT_PLACE] == codes.DESTROYED and sc.ch[ACTOR, S.CH_HAND] == -1
    assert sc.st[S.ST_STOVE_PREPARED] == 1
    assert sc.observe(WITNESS)[O_STOVE] == 1 and sc.observe(5)[O_STOVE] == U  # 5: the Tower
    seen = (ACTOR, codes.E_STOVE, -1, 0, 0)
    assert sc.perceived(ACTOR) == [seen] and sc.perceived(WITNESS) == [seen]
    sc.step({WITNESS: [PREPARE], ACTOR: [PREPARE]})  # the stove is taken; ACTOR has no box
    assert sc.kept(ACTOR) == [PREPARE] and sc.kept(WITNESS) == [PREPARE]
    assert sc.ch[WITNESS, S.CH_HAND] == second and len(sc.events(codes.E_STOVE)) == 1
    sc.put(WITNESS, codes.FREEZER)
    sc.step({WITNESS: [PREPARE]})
    assert sc.kept(WITNESS) == []
    assert sc.violations == 0


def test_GAP_21_the_stove_needs_power():
    """GAP-21: with the block's generator down, preparing and cooking do nothing (the Living
    quarters is dark, so the witness neither sees it nor sees the stove)."""
    sc = room(codes.LIVING_QUARTERS, dark=True)
    box = hand_box(sc, ACTOR)
    sc.step({ACTOR: [PREPARE]})
    assert sc.kept(ACTOR) == [PREPARE]
    assert sc.ch[ACTOR, S.CH_HAND] == box and sc.st[S.ST_STOVE_PREPARED] == 0
    assert sc.observe(WITNESS)[O_STOVE] == U
    sc.st[S.ST_STOVE_PREPARED] = 1
    sc.step({ACTOR: [cook_with()]})
    assert sc.st[S.ST_STOVE_PREPARED] == 1 and portions_lying(sc).size == 0
    assert sc.events(codes.E_STOVE).size == 0 and sc.perceived(WITNESS) == []


# --- LOC-LIVING-4, VIAL-2: cooking ---


def test_LOC_LIVING_4_cooking_lays_10_portions_in_the_living_quarters():
    """LOC-LIVING-4, ITEM-FOOD (3 AP, step 9): the prepared food becomes 10 portions lying in the
    Living quarters, with nothing in them; the stove is empty again; cooking with nothing
    prepared does nothing."""
    sc = room(codes.LIVING_QUARTERS)
    sc.step({ACTOR: [cook_with()]})
    assert sc.kept(ACTOR) == [cook_with()] and sc.events(codes.E_STOVE).size == 0
    hand_box(sc, WITNESS)
    sc.step({WITNESS: [PREPARE], ACTOR: [cook_with(), cook_with()]})
    # step 9 in resolution order: the cook goes first or second; both orders end in a
    # prepared stove or in portions, never both
    assert sc.kept(ACTOR) == [cook_with()]  # 3 + 3 > 3 AP
    if sc.st[S.ST_STOVE_PREPARED] == 1:
        sc.step({ACTOR: [cook_with()]})
    assert sc.st[S.ST_STOVE_PREPARED] == 0
    lying = portions_lying(sc)
    assert lying.size == 10 and (sc.it[lying, S.IT_DOSE] == 0).all()
    assert sc.observe(WITNESS)[O_ROOM_ITEMS + codes.FOOD] == 10
    cooked = (ACTOR, codes.E_STOVE, -1, 1, 10)
    assert sc.perceived(ACTOR)[-1] == cooked and sc.perceived(WITNESS)[-1] == cooked
    sc.put(ACTOR, codes.FREEZER)
    sc.step({ACTOR: [cook_with()]})
    assert sc.kept(ACTOR) == []
    assert sc.violations == 0


def test_LOC_LIVING_4_VIAL_2_vials_from_the_cook_s_inventory_go_secretly_into_every_portion():
    """LOC-LIVING-4, VIAL-2: a blue vial in hand and a red one in the backpack, both named, are
    used up and put into each of the 10 portions as cooked doses. The witness sees the cooking,
    never the vials; the cook knows what he put in. A vial named but not carried is left out."""
    sc = room(codes.LIVING_QUARTERS)
    blue = sc.give(ACTOR, codes.VIAL_BLUE)
    red = stash(sc, ACTOR, codes.VIAL_RED)
    sc.st[S.ST_STOVE_PREPARED] = 1
    sc.step({ACTOR: [cook_with(BLUE_RED)]})
    assert sc.it[blue, S.IT_PLACE] == codes.DESTROYED and sc.it[red, S.IT_PLACE] == codes.DESTROYED
    assert sc.ch[ACTOR, S.CH_HAND] == -1 and sc.ch[ACTOR, S.CH_BACKPACK] == -1
    lying = portions_lying(sc)
    assert lying.size == 10 and (sc.it[lying, S.IT_DOSE] == COOKED_BLUE | COOKED_RED).all()
    cooked = (ACTOR, codes.E_STOVE, -1, 1, 10)
    assert sc.perceived(WITNESS) == [cooked]
    assert sc.perceived(ACTOR) == [
        cooked,
        (ACTOR, codes.E_DOSE, -1, codes.VIAL_BLUE, 10),
        (ACTOR, codes.E_DOSE, -1, codes.VIAL_RED, 10),
    ]
    sc.give(ACTOR, codes.VIAL_RED)
    sc.st[S.ST_STOVE_PREPARED] = 1
    sc.step({ACTOR: [cook_with(BLUE_RED)]})  # no blue vial carried now
    new = np.setdiff1d(portions_lying(sc), lying)
    assert new.size == 10 and (sc.it[new, S.IT_DOSE] == COOKED_RED).all()
    assert sc.violations == 0


# --- ACT-EAT ---


def test_ACT_EAT_a_portion_in_hand_or_lying_here_is_used_up():
    """ACT-EAT (1 AP, step 6, GAP-24): a portion from one's hand or seen lying here is used up,
    seen by the witness in light; a plain portion does nothing (GAP-50: no hunger, GAP-12); in
    the dark a human cannot see the portions on the floor (LIGHT-2) and the witness sees
    nothing."""
    sc = room(codes.LIVING_QUARTERS)
    held = hand_portion(sc, ACTOR)
    lying = sc.give(WITNESS, codes.FOOD)
    sc.step({WITNESS: [(codes.A_DROP, 0, 0)]})  # seen lying from now on
    effects = [S.CH_SANITY, S.CH_RED_UNTIL, S.CH_POISON_TURN, S.CH_KNOCKOUT_TURN]
    before = sc.ch[ACTOR, effects].copy()
    sc.step({ACTOR: [EAT_HELD, EAT_LYING, EAT_LYING, EAT_HELD]})
    assert sc.kept(ACTOR) == [EAT_HELD, EAT_LYING, EAT_LYING]  # 1 AP each
    assert (sc.it[[held, lying], S.IT_PLACE] == codes.DESTROYED).all()
    assert sc.ch[ACTOR, S.CH_HAND] == -1 and len(sc.events(codes.E_EAT)) == 2
    assert np.array_equal(before, sc.ch[ACTOR, effects])  # nothing in them: no effect
    assert sc.ch[ACTOR, S.CH_LAST_BLUE] == sc.ch[ACTOR, S.CH_LAST_RED] == 0
    ate = [(ACTOR, codes.E_EAT, -1, 0, 0), (ACTOR, codes.E_EAT, -1, 1, 0)]
    assert sc.perceived(ACTOR) == ate and sc.perceived(WITNESS) == ate
    sc = room(codes.LIVING_QUARTERS, dark=True)
    held = hand_portion(sc, ACTOR)
    lying = lay_portion(sc)
    sc.step({ACTOR: [EAT_LYING, EAT_HELD]})
    assert sc.kept(ACTOR) == [EAT_LYING, EAT_HELD]
    assert sc.it[lying, S.IT_PLACE] == codes.IN_ROOM
    assert sc.it[held, S.IT_PLACE] == codes.DESTROYED
    assert sc.perceived(WITNESS) == [] and sc.perceived(ACTOR) == [(ACTOR, codes.E_EAT, -1, 0, 0)]
    assert sc.violations == 0


def test_LOC_LIVING_4_cooked_blue_adds_1_sanity_and_red_lasts_5_turns():
    """LOC-LIVING-4: a portion cooked with blue adds 1 sanity; one cooked with red gives the red
    effect for the 5 turns after the meal; neither the eater nor the witness learns what was in
    it."""
    sc = room(codes.LIVING_QUARTERS)
    sc.ch[ACTOR, S.CH_SANITY] = 5
    hand_portion(sc, ACTOR, COOKED_BLUE, hand=0)
    hand_portion(sc, WITNESS, COOKED_RED, hand=0)
    sc.step({ACTOR: [EAT_HELD], WITNESS: [EAT_HELD]})  # turn 1
    assert sc.ch[ACTOR, S.CH_SANITY] == 6
    for c in (ACTOR, WITNESS):
        assert all(row[1] == codes.E_EAT for row in sc.perceived(c))
    effects = sc.events(codes.E_FOOD_EFFECT)
    assert sorted(effects[:, [2, 3, 4, 5]].tolist()) == [
        [-1, ACTOR, codes.VIAL_BLUE, 0],
        [-1, WITNESS, codes.VIAL_RED, 0],
    ]
    active = []
    for _ in range(7):
        sc.step()
        active.append(red_vial_active(sc.ch, sc.st, WITNESS))
    assert active == [True] * 5 + [False] * 2  # turns 2..6, then none
    assert sc.violations == 0


def test_LOC_LIVING_4_blue_and_red_cooked_together_kill_each_human_eater_10_turns_later():
    """LOC-LIVING-4: each portion cooked with both vials kills a human who eats it at the start
    of the 10th turn after (cause poison); a Thing eating one is unharmed (as with vials)."""
    sc = room(codes.LIVING_QUARTERS)
    sc.make_thing(OTHER).put(OTHER, codes.LIVING_QUARTERS)
    for c in (ACTOR, OTHER):
        hand_portion(sc, c, COOKED_BLUE | COOKED_RED)
    sc.step({ACTOR: [EAT_HELD], OTHER: [EAT_HELD]})  # turn 1
    assert sc.ch[ACTOR, S.CH_POISON_TURN] == 11
    sc.run(9)  # turns 2..10
    assert sc.ch[ACTOR, S.CH_ALIVE] == 1
    sc.step()  # turn 11
    assert sc.ch[ACTOR, S.CH_ALIVE] == 0 and sc.ch[ACTOR, S.CH_DEATH_CAUSE] == codes.DC_POISON
    assert sc.ch[OTHER, S.CH_ALIVE] == 1 and sc.rec[R.C_DEATHS_POISON] == 1
    assert sc.violations == 0


def test_GAP_49_food_stays_out_of_the_overdose_window():
    """GAP-49: dosed portions do not count toward the overdose (or mixing) window: a blue vial,
    then the next turn a portion with a full blue dose and one cooked with red, knock nobody out
    and poison nobody. With the variant food.doses_count_as_vials, the same meal is an overdose
    and, after the blue vial, a mixing."""
    for counted in (False, True):
        sets = ("food.doses_count_as_vials=true",) if counted else ()
        sc = room(codes.LIVING_QUARTERS, sets=sets)
        sc.step({ACTOR: [(codes.A_DRINK, codes.VIAL_BLUE, 1)]})  # turn 1
        hand_portion(sc, ACTOR, DOSE_BLUE, hand=0)
        hand_portion(sc, ACTOR, COOKED_RED, hand=1)
        sc.step({ACTOR: [EAT_HELD, EAT_HELD]})  # turn 2
        sc.step()  # turn 3
        knocked_out = sc.events(codes.E_UNCONSCIOUS).size > 0
        assert knocked_out == counted
        assert (sc.ch[ACTOR, S.CH_POISON_TURN] > 0) == counted
        assert sc.ch[ACTOR, S.CH_LAST_BLUE] == (2 if counted else 1)
        assert sc.violations == 0


# --- ACT-DOSE-FOOD, VIAL-2, GAP-49 ---


@pytest.mark.parametrize("where", range(4))
def test_ACT_DOSE_FOOD_secretly_puts_the_full_vial_into_one_portion(where):
    """ACT-DOSE-FOOD (0 AP, secret, step 5): a vial and a portion, each in hand or lying here
    (the bits of `where`); the vial is used up and the portion carries its full effect (GAP-49).
    Nobody but the doser perceives it, in light."""
    sc = room(codes.LIVING_QUARTERS)
    vial = sc.give(ACTOR, codes.VIAL_RED, hand=0)  # one of the vials lying here otherwise
    portion = hand_portion(sc, ACTOR, hand=1)
    if where & codes.DOSE_FROM_FLOOR_VIAL:
        sc.ch[ACTOR, S.CH_HAND] = -1
        sc.lay(vial, codes.LIVING_QUARTERS)
    if where & codes.DOSE_FROM_FLOOR_PORTION:
        sc.ch[ACTOR, S.CH_HAND + 1] = -1
        sc.lay(portion, codes.LIVING_QUARTERS)
    dose = (codes.A_DOSE_FOOD, codes.VIAL_RED, where)
    mirror = (codes.A_MIRROR, 0, 0)
    sc.step({ACTOR: [dose, TAKE, dose, mirror, mirror, mirror]})
    assert sc.kept(ACTOR) == [dose, dose, mirror, mirror, mirror]  # 0 AP; no taking food here
    destroyed = np.flatnonzero(
        (sc.it[:, S.IT_KIND] == codes.VIAL_RED) & (sc.it[:, S.IT_PLACE] == codes.DESTROYED)
    )
    floor = where & codes.DOSE_FROM_FLOOR_VIAL
    assert destroyed.size == (2 if floor else 1)  # from the floor a second vial lies at hand
    assert sc.it[portion, S.IT_DOSE] == DOSE_RED
    assert all(row[1] != codes.E_DOSE for row in sc.perceived(WITNESS))
    doses = [row for row in sc.perceived(ACTOR) if row[1] == codes.E_DOSE]
    assert doses == [(ACTOR, codes.E_DOSE, -1, codes.VIAL_RED, 1)] * destroyed.size
    assert sc.violations == 0


def test_VIAL_2_GAP_49_a_dosed_portion_acts_as_its_vial_on_whoever_eats_it():
    """VIAL-2, GAP-49: the doser hands out portions: a full blue adds 3 sanity, a full red gives
    the red effect for 10 turns, blue and red dosed into one portion kill a human 10 turns after
    the meal. The eaters perceive only their meal. In the dark, a human cannot dose with what
    lies on the floor."""
    sc = room(codes.LIVING_QUARTERS)
    third = OTHER
    sc.put(third, codes.LIVING_QUARTERS)
    portions = [hand_portion(sc, c) for c in (ACTOR, WITNESS, third)]
    for c in (ACTOR, WITNESS, third):
        sc.ch[c, S.CH_SANITY] = 4
    sc.it[portions[0], S.IT_DOSE] = DOSE_BLUE
    sc.it[portions[1], S.IT_DOSE] = DOSE_RED
    sc.it[portions[2], S.IT_DOSE] = DOSE_BLUE | DOSE_RED
    sc.step({c: [EAT_HELD] for c in (ACTOR, WITNESS, third)})  # turn 1
    assert sc.ch[ACTOR, S.CH_SANITY] == 7 and sc.ch[third, S.CH_SANITY] == 7
    assert sc.ch[WITNESS, S.CH_RED_UNTIL] == 11 and sc.ch[third, S.CH_RED_UNTIL] == 11
    assert sc.ch[third, S.CH_POISON_TURN] == 11 and sc.ch[ACTOR, S.CH_POISON_TURN] == 0
    assert all(row[1] == codes.E_EAT for row in sc.perceived(third))
    assert sorted(sc.events(codes.E_FOOD_EFFECT)[:, [3, 4, 5]].tolist()) == [
        [ACTOR, codes.VIAL_BLUE, 1],
        [WITNESS, codes.VIAL_RED, 1],
        [third, codes.VIAL_BLUE, 1],
        [third, codes.VIAL_RED, 1],
    ]
    sc.run(10)  # turns 2..11
    assert sc.ch[third, S.CH_ALIVE] == 0 and sc.ch[WITNESS, S.CH_ALIVE] == 1
    sc = room(codes.LIVING_QUARTERS, dark=True)
    portion = hand_portion(sc, ACTOR)
    dose = (codes.A_DOSE_FOOD, codes.VIAL_BLUE, codes.DOSE_FROM_FLOOR_VIAL)
    sc.step({ACTOR: [dose]})
    assert sc.kept(ACTOR) == [dose] and sc.it[portion, S.IT_DOSE] == 0
    assert sc.events(codes.E_DOSE).size == 0


def test_ACT_DOSE_FOOD_refused_declarations():
    """A dose names a vial kind and where the two are: anything else is refused."""
    sc = room(codes.LIVING_QUARTERS)
    bad = [(codes.A_DOSE_FOOD, codes.PISTOL, 0), (codes.A_DOSE_FOOD, codes.VIAL_BLUE, 4)]
    sc.step({ACTOR: bad + [(codes.A_EAT, 2, 0), cook_with(4)]})
    assert sc.kept(ACTOR) == []


# --- GAP-51, GAP-60: corpses ---


def dead_body(sc: Scenario, c: int) -> tuple[int, int, int]:
    """c dies holding an axe, with a pistol in backpack slot 1 and a parka on (GAP-60)."""
    sc.wear_parka(c)
    pistol = stash(sc, c, codes.PISTOL, slot=1)
    axe = sc.give(c, codes.AXE)
    sc.ch[c, S.CH_HP] = 1
    sc.give(ACTOR, codes.AXE, hand=1)
    sc.step({ACTOR: [(codes.A_MELEE, c, 1)]})
    assert sc.ch[c, S.CH_ALIVE] == 0
    return axe, pistol, int(sc.ch[c, S.CH_WORN])


def test_GAP_60_the_backpack_and_parka_stay_on_the_corpse():
    """GAP-60, HP-3: at death the hand items drop; the backpack and the worn parka stay on the
    corpse, the parka for all to see in light (INV-5 keeps the backpack hidden)."""
    sets = ("combat.hit_chance_by_physical=[1,1,1]",)
    sc = room(codes.LIVING_QUARTERS, sets=sets)
    sc.put(OTHER, codes.LIVING_QUARTERS)
    axe, pistol, parka = dead_body(sc, OTHER)
    assert sc.it[axe, S.IT_PLACE] == codes.IN_ROOM
    assert sc.ch[OTHER, S.CH_BACKPACK + 1] == pistol and sc.it[pistol, S.IT_WHERE] == OTHER
    assert sc.it[pistol, S.IT_PLACE] == codes.IN_BACKPACK
    assert parka >= 0 and sc.it[parka, S.IT_PLACE] == codes.WORN
    assert sc.observe(WITNESS)[O_WEARS + OTHER] == 1
    assert sc.violations == 0


def test_GAP_51_searching_a_corpse_in_light():
    """GAP-51 (1 AP, Light only, step 5): one item from the body's backpack, or its parka, into a
    free hand (else the backpack); a parka is put on by one who wears none (ITEM-PARKA); an empty
    slot yields nothing; the witness sees who searched whom and what came out. A living
    character cannot be searched: the declaration stands (he could fall in steps 2-3), the
    search finds nothing."""
    sets = ("combat.hit_chance_by_physical=[1,1,1]",)
    sc = room(codes.LIVING_QUARTERS, sets=sets)
    sc.put(OTHER, codes.LIVING_QUARTERS)
    _, pistol, parka = dead_body(sc, OTHER)
    search = [(codes.A_SEARCH_CORPSE, OTHER, what) for what in (1, 0, codes.SEARCH_PARKA, 1)]
    sc.step({WITNESS: search})
    assert sc.kept(WITNESS) == search[:3]  # 1 AP each
    assert sc.ch[WITNESS, S.CH_HAND] == pistol and sc.ch[WITNESS, S.CH_WORN] == parka
    assert sc.ch[OTHER, S.CH_WORN] == -1 and sc.ch[OTHER, S.CH_BACKPACK + 1] == -1
    seen = [
        (WITNESS, codes.E_SEARCH, OTHER, codes.PISTOL, 0),
        (WITNESS, codes.E_SEARCH, OTHER, codes.PARKA, 0),
    ]
    assert sc.perceived(WITNESS) == seen and sc.perceived(ACTOR) == seen
    sc.step({ACTOR: [(codes.A_SEARCH_CORPSE, WITNESS, 0)]})
    assert len(sc.events(codes.E_SEARCH)) == 2
    assert sc.violations == 0


def test_GAP_51_search_with_full_hands_and_in_the_dark():
    """GAP-51: with both hands full the finds go into the backpack, a parka too when one wears
    one already; in the dark a human cannot search (Light only), a Thing's Night vision can; a
    paralysed Thing looks dead and can be searched too (THING-P-3)."""
    sets = ("combat.hit_chance_by_physical=[1,1,1]",)
    sc = room(codes.LIVING_QUARTERS, sets=sets)
    sc.put(OTHER, codes.LIVING_QUARTERS)
    _, pistol, parka = dead_body(sc, OTHER)
    sc.wear_parka(WITNESS)
    sc.give(WITNESS, codes.BANDAGE, hand=0)
    sc.give(WITNESS, codes.BANDAGE, hand=1)
    sc.step({WITNESS: [(codes.A_SEARCH_CORPSE, OTHER, 1), (codes.A_SEARCH_CORPSE, OTHER, 3)]})
    assert sc.ch[WITNESS, S.CH_BACKPACK] == pistol and sc.ch[WITNESS, S.CH_BACKPACK + 1] == parka
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    sc.make_thing(ACTOR)
    thing_search = (codes.A_SEARCH_CORPSE, OTHER, 0)
    sc.step({WITNESS: [(codes.A_SEARCH_CORPSE, OTHER, 0)], ACTOR: [thing_search]})
    assert sc.kept(WITNESS) == [] and sc.kept(ACTOR) == [thing_search]
    sc.make_thing(OTHER)
    sc.ch[OTHER, S.CH_ALIVE] = 1
    sc.ch[OTHER, S.CH_HP] = 0
    sc.ch[OTHER, S.CH_PARALYSED_UNTIL] = sc.turn + 2
    wires = stash(sc, OTHER, codes.WIRES, slot=2)
    sc.step({ACTOR: [(codes.A_SEARCH_CORPSE, OTHER, 2)]})
    assert sc.it[wires, S.IT_PLACE] == codes.IN_HAND and sc.it[wires, S.IT_WHERE] == ACTOR
    assert sc.violations == 0


# --- fuzzing, replay and the invariant checker ---


def test_random_policy_offers_every_food_action():
    """The fuzzing policy lists taking and counting food, preparing, cooking with any vials,
    eating and dosing from hand and floor, and searching a body, so the invariant runs of
    tests/test_invariants.py reach them."""
    sc = room(codes.FREEZER)
    sc.step()
    assert {TAKE, COUNT} <= sc.offered(ACTOR)
    sc = room(codes.LIVING_QUARTERS)
    hand_box(sc, ACTOR)
    hand_portion(sc, WITNESS, hand=0)
    sc.give(WITNESS, codes.VIAL_BLUE, hand=1)
    lay_portion(sc)
    sc.step()
    assert PREPARE in sc.offered(ACTOR)
    sc.st[S.ST_STOVE_PREPARED] = 1
    found = sc.offered(WITNESS)
    assert {cook_with(v) for v in range(4)} | {EAT_HELD, EAT_LYING} <= found
    for where in range(4):
        assert (codes.A_DOSE_FOOD, codes.VIAL_BLUE, where) in found
    sc.ch[OTHER, S.CH_ALIVE] = 0
    sc.put(OTHER, codes.LIVING_QUARTERS)
    searches = {(codes.A_SEARCH_CORPSE, OTHER, w) for w in range(codes.SEARCH_PARKA + 1)}
    assert searches <= sc.offered(WITNESS)


def test_random_play_reaches_every_food_event():
    """Random games reach every food and corpse event (the chains: a box from the Freezer to the
    stove, then cooking; portions eaten and dosed; bodies searched)."""
    from balance.config import load_config
    from balance.runner import replay_game

    cfg = load_config(12)
    seen: set[int] = set()
    wanted = {
        codes.E_TAKE_FOOD,
        codes.E_COUNT_FOOD,
        codes.E_STOVE,
        codes.E_EAT,
        codes.E_DOSE,
        codes.E_SEARCH,
        codes.E_FOOD_EFFECT,
    }
    for game in range(3000):
        seen |= set(replay_game(cfg, 96, game, "random", "random").events[:, 1].tolist())
        if wanted <= seen:
            break
    assert wanted <= seen, wanted - seen


def test_replay_decodes_the_food_events():
    from balance.replay import SENTENCES, _event

    rows = [
        (codes.E_TAKE_FOOD, ACTOR, -1, 9, 0, "took a food box (9 left on the shelves)"),
        (codes.E_STOVE, ACTOR, -1, 0, 0, "prepared a food box to cook"),
        (codes.E_STOVE, ACTOR, -1, 1, 10, "cooked the food into 10 portions"),
        (codes.E_EAT, ACTOR, -1, 1, 0, "ate a portion of food lying there"),
        (codes.E_DOSE, ACTOR, -1, codes.VIAL_RED, 1, "secretly put a red vial into 1 portion"),
        (codes.E_COUNT_FOOD, ACTOR, -1, 4, 0, "counted the food: 4 boxes left"),
        (codes.E_SEARCH, ACTOR, 3, codes.PARKA, 0, "searched #3's body and took a parka"),
        (
            codes.E_FOOD_EFFECT,
            -1,
            2,
            codes.VIAL_BLUE,
            0,
            "the blue vial in the portion #2 ate took effect (cooked in)",
        ),
    ]
    for kind, actor, target, a, b, sentence in rows:
        e = _event(np.array([1, kind, actor, target, a, b]))
        assert SENTENCES[e["event"]](e, lambda c: f"#{c}") == sentence


def test_invariant_checker_catches_food_violations():
    from balance.kernel import invariants as I

    def violations(corrupt):
        sc = room(codes.FREEZER)
        sc.step()
        corrupt(sc)
        return I.check_invariants(sc.ch, sc.it, sc.st, sc.pk.ip)

    def box_in_backpack(sc):
        box = hand_box(sc, ACTOR)
        sc.ch[ACTOR, S.CH_HAND] = -1
        sc.ch[ACTOR, S.CH_BACKPACK] = box
        sc.it[box, S.IT_PLACE] = codes.IN_BACKPACK

    def dosed_vial(sc):
        sc.it[sc.give(ACTOR, codes.VIAL_RED), S.IT_DOSE] = DOSE_RED

    assert violations(lambda sc: None) == 0
    assert violations(lambda sc: hand_box(sc, ACTOR)) == 0
    assert violations(lambda sc: sc.st.__setitem__(S.ST_FOOD_STOCK, 9)) == I.FOOD
    assert violations(lambda sc: sc.st.__setitem__(S.ST_STOVE_PREPARED, 2)) == I.FOOD
    assert violations(box_in_backpack) == I.FOOD
    assert violations(dosed_vial) == I.FOOD
    assert violations(lambda sc: sc.ch.__setitem__((ACTOR, S.CH_FOOD_COUNT_TURN), 5)) == I.FOOD
    assert violations(lambda sc: sc.ch.__setitem__((ACTOR, S.CH_FOOD_COUNTED), 11)) == I.FOOD

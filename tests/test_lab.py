"""Blood samples and the Laboratory: taking blood (A4 ACT-BLOOD-SELF, A17 ITEM-BLOOD, INF-4,
GAP-38, GAP-51, GAP-53's dog samples), the analyzer (LOC-LAB-1..3, INFO-3, GAP-52), the computer
(LOC-LAB-4), power and breakage (LOC-LAB-5, GEN-3, GAP-20, GAP-21) and lighting (LIGHT-*).

Each test plays scripted turns and checks the declaration kept or refused, the effect, and what
the actor and the others perceived (Scenario.perceived: (actor, event kind, target, a, b) rows,
U where the character could not tell) or observe (the O_LAB_* fields)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import invariants as I
from balance.kernel import state as S
from balance.kernel.public import pack_insert
from balance.observation import (
    LAB_EMPTY as EMPTY,
    LAB_LOG_FIELDS,
    LAB_LOG_ROWS,
    MAX_CHARACTERS,
    O_BACKPACK_KIND,
    O_HAND_KIND,
    O_LAB_ANALYZER_BROKEN,
    O_LAB_COMPUTER_BROKEN,
    O_LAB_LOG,
    O_LAB_MY_FINISH,
    O_LAB_MY_QUESTION,
    O_LAB_SLOTS,
    O_LAB_STAGE,
    O_LAB_VIEW_TURN,
    UNSEEN as U,
)
from harness import Scenario, lit

ACTOR, WITNESS, OTHER = 0, 1, 2
LAB = codes.LABORATORY
DOG = codes.DOG_LABEL
HUMAN_BLOOD, THING_BLOOD = 0, 1
BLOOD_HAND = (codes.A_BLOOD_SELF, 0, 0)
BLOOD_BACKPACK = (codes.A_BLOOD_SELF, 1, 0)
VIEW = (codes.A_LAB_VIEW, 0, 0)
START_EQUAL = (codes.A_LAB_START, codes.Q_EQUAL, 0)
START_NOT_EQUAL = (codes.A_LAB_START, codes.Q_NOT_EQUAL, 0)
BREAK_ANALYZER = (codes.A_BREAK, codes.OBJ_ANALYZER, 0)


def insert(slot: int, label: int, source: int = 0) -> tuple[int, int, int]:
    """LOC-LAB-2: the sample in `source` (hand 0/1, backpack slot 2 + k) into `slot`."""
    return (codes.A_LAB_INSERT, slot, pack_insert(source, label))


def lab(dark: bool = False, sets: tuple[str, ...] = ()) -> Scenario:
    """Everyone human; the actor and a witness in the Laboratory, the others in the Tower. Dark
    means a broken light fixture: the room is dark but its generator runs."""
    sc = lit(sets=sets)
    sc.put(ACTOR, LAB).put(WITNESS, LAB)
    if dark:
        sc.st[S.ST_FIXTURE_BROKEN + LAB] = 1
    return sc


def sample(sc: Scenario, c: int, owner: int, thing: int, hand: int = 0) -> int:
    """Put a blood sample of `owner` into c's hand, as ACT-BLOOD-SELF would leave it."""
    i = sc.give(c, codes.BLOOD_SAMPLE, hand=hand)
    sc.it[i, S.IT_BLOOD_OWNER] = owner
    sc.it[i, S.IT_THING_BLOOD] = thing
    sc.it[i, S.IT_LABEL] = -1
    return i


def lab_rows(sc: Scenario, c: int) -> list[tuple[int, ...]]:
    """The computer's rows c read at his last view, as his observation holds them."""
    o = sc.observe(c)
    rows = o[O_LAB_LOG : O_LAB_LOG + LAB_LOG_ROWS * LAB_LOG_FIELDS].reshape(-1, LAB_LOG_FIELDS)
    return [tuple(int(v) for v in row) for row in rows if row[0] != U]


def seen(sc: Scenario, c: int, kind: int) -> list[tuple[int, ...]]:
    return [row for row in sc.perceived(c) if row[1] == kind]


def compare(sc: Scenario, first: int, second: int, question: int) -> int:
    """Run one comparison of the two samples the actor holds (turns t..t+2) and read its row on
    turn t + 3; returns the answer shown (1 YES, 0 NO)."""
    start = (codes.A_LAB_START, question, 0)
    sc.step({ACTOR: [insert(0, first, 0), insert(1, second, 1), start]})
    assert sc.st[S.ST_LAB_STARTED] == sc.turn
    sc.run(2)
    sc.step({ACTOR: [VIEW]})
    row = lab_rows(sc, ACTOR)[-1]
    assert row[:4] == (first, second, ACTOR, sc.turn - 1)
    return row[4]


# --- ACT-BLOOD-SELF, ITEM-BLOOD ---


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_ACT_BLOOD_SELF_ITEM_BLOOD_own_blood_into_hand_or_backpack(dark):
    """ACT-BLOOD-SELF (2 AP, step 5, any lighting): a sample of one's own blood goes into a free
    hand or the backpack. ITEM-BLOOD: it takes a slot; whose it is and what it is are columns
    of the item; no label yet. AP-6, LIGHT-2: a witness sees whose blood is taken in light and
    nothing in the dark; the holder's observation shows a blood sample, never its owner."""
    sc = lab(dark)
    sc.step({ACTOR: [BLOOD_HAND, BLOOD_HAND]})
    assert sc.kept(ACTOR) == [BLOOD_HAND]  # 2 AP each
    i = sc.ch[ACTOR, S.CH_HAND]
    assert sc.it[i, S.IT_KIND] == codes.BLOOD_SAMPLE and sc.it[i, S.IT_PLACE] == codes.IN_HAND
    assert (sc.it[i, S.IT_BLOOD_OWNER], sc.it[i, S.IT_THING_BLOOD], sc.it[i, S.IT_LABEL]) == (
        ACTOR,
        HUMAN_BLOOD,
        -1,
    )
    took = (ACTOR, codes.E_BLOOD, -1, ACTOR, 0)
    assert seen(sc, ACTOR, codes.E_BLOOD) == [took]
    assert seen(sc, WITNESS, codes.E_BLOOD) == ([] if dark else [took])
    assert sc.observe(ACTOR)[O_HAND_KIND] == codes.BLOOD_SAMPLE
    sc.step({ACTOR: [BLOOD_BACKPACK]})
    k = sc.ch[ACTOR, S.CH_BACKPACK]
    assert sc.it[k, S.IT_PLACE] == codes.IN_BACKPACK and sc.it[k, S.IT_BLOOD_OWNER] == ACTOR
    assert sc.observe(ACTOR)[O_BACKPACK_KIND] == codes.BLOOD_SAMPLE
    into_pack = (ACTOR, codes.E_BLOOD, -1, ACTOR, 1)
    assert seen(sc, WITNESS, codes.E_BLOOD) == ([] if dark else [into_pack])
    assert sc.violations == 0


def test_ACT_BLOOD_SELF_without_room_or_samples_nothing_is_taken():
    """ITEM-BLOOD: a sample needs a free hand or backpack slot (a full backpack falls back to a
    free hand); the preallocated pool (laboratory.samples) is a model limit: once it is used up
    nobody takes blood."""
    sc = lab(sets=("laboratory.samples=2",))
    for slot in range(3):
        i = sc.give(ACTOR, codes.SCRAP, hand=1)
        sc.ch[ACTOR, S.CH_HAND + 1] = -1
        sc.ch[ACTOR, S.CH_BACKPACK + slot] = i
        sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    sc.step({ACTOR: [BLOOD_BACKPACK]})
    assert sc.it[sc.ch[ACTOR, S.CH_HAND], S.IT_KIND] == codes.BLOOD_SAMPLE  # into the free hand
    sc.give(ACTOR, codes.SCRAP, hand=1)
    sc.step({ACTOR: [BLOOD_HAND]})
    assert sc.kept(ACTOR) == [BLOOD_HAND] and len(sc.events(codes.E_BLOOD)) == 1  # no room
    sc.step({WITNESS: [BLOOD_HAND]})
    sc.step({WITNESS: [BLOOD_HAND]})
    assert sc.ch[WITNESS, S.CH_HAND + 1] == -1  # the pool of 2 is used up
    assert len(sc.events(codes.E_BLOOD)) == 2
    assert sc.violations == 0


# --- INF-4, GAP-38, GAP-53, GAP-51: whose blood is Thing blood ---


def test_INF_4_blood_taken_while_infected_is_thing_blood_for_good():
    """INF-4: a sample taken while infected is Thing blood, whatever happens to its donor later,
    even the turn of the infection (step 1, before the sample's step 5); one taken before the
    infection, or after waking human (GAP-36), is human blood. The infection comes from a real
    Thing in the dark; blood is taken in any lighting."""
    sc = Scenario(12, ("temperature.step=1",), seed=1).all_human().park_everyone(codes.WAREHOUSE)
    sc.make_thing(OTHER)
    sc.put(OTHER, codes.LIVING_QUARTERS).put(ACTOR, codes.LIVING_QUARTERS)
    sc.st[S.ST_GEN_BROKEN] = 1  # block 1 dark
    sc.step({ACTOR: [BLOOD_BACKPACK]})
    before = sc.ch[ACTOR, S.CH_BACKPACK]
    assert sc.it[before, S.IT_THING_BLOOD] == HUMAN_BLOOD
    sc.step({ACTOR: [BLOOD_HAND], OTHER: [(codes.A_INFECT, ACTOR, 0)]})
    infected = sc.ch[ACTOR, S.CH_HAND]  # the infection (step 1) came before the sample (step 5)
    assert sc.ch[ACTOR, S.CH_INFECTED] == 1
    assert sc.it[infected, S.IT_THING_BLOOD] == THING_BLOOD
    assert sc.ch[ACTOR, S.CH_FORM] == codes.HUMAN  # still human: the blood tells
    sc.ch[ACTOR, S.CH_INFECTED] = 0  # woke human (GAP-36)
    sc.ch[ACTOR, S.CH_RECOVERED] = 1
    sc.ch[ACTOR, S.CH_BLACKOUT_TURN] = 0
    sc.step({ACTOR: [BLOOD_BACKPACK]})
    after = sc.ch[ACTOR, S.CH_BACKPACK + 1]
    assert sc.it[infected, S.IT_THING_BLOOD] == THING_BLOOD  # fixed when taken
    assert sc.it[after, S.IT_THING_BLOOD] == HUMAN_BLOOD
    assert sc.violations == 0


def test_INF_4_an_infected_humans_sample_compares_as_thing_blood():
    """INF-4, LOC-LAB-3: the infected human's sample and a Thing's are "equal"; with a healthy
    human's they are "not equal"."""
    sc = lab()
    sc.make_thing(WITNESS)
    sc.ch[OTHER, S.CH_INFECTED] = 1
    sc.put(OTHER, LAB)
    sc.step({OTHER: [BLOOD_HAND], WITNESS: [BLOOD_HAND]})
    infected = sc.ch[OTHER, S.CH_HAND]
    thing = sc.ch[WITNESS, S.CH_HAND]
    assert sc.it[infected, S.IT_THING_BLOOD] == sc.it[thing, S.IT_THING_BLOOD] == THING_BLOOD
    for i, h in ((infected, 0), (thing, 1)):  # handed to the actor (ACT-GIVE's effect)
        holder = sc.it[i, S.IT_WHERE]
        sc.ch[holder, S.CH_HAND] = -1
        sc.ch[ACTOR, S.CH_HAND + h] = i
        sc.it[i, S.IT_WHERE] = ACTOR
    assert compare(sc, OTHER, WITNESS, codes.Q_EQUAL) == 1
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sc.step({OTHER: [BLOOD_HAND]})
    i = sc.ch[OTHER, S.CH_HAND]
    sc.ch[OTHER, S.CH_HAND] = -1
    sc.ch[ACTOR, S.CH_HAND + 1] = i
    sc.it[i, S.IT_WHERE] = ACTOR
    assert compare(sc, ACTOR, OTHER, codes.Q_EQUAL) == 0
    assert sc.violations == 0


def test_GAP_38_a_converts_blood_tests_as_thing_blood():
    """GAP-38, INF-4: a convert (an unaware Thing, infected and woken as a Thing) gives Thing
    blood, as an original Thing does: their samples compare "equal", and a convert's against a
    human's "not equal"."""
    for game in range(40):
        sets = ("temperature.step=1", "generator.burn_per_turn=0")
        sc = Scenario(12, sets, seed=7, game=game).all_human()
        sc.park_everyone(codes.WAREHOUSE).make_thing(OTHER)
        sc.put(OTHER, codes.LIVING_QUARTERS).put(ACTOR, codes.LIVING_QUARTERS)
        sc.st[S.ST_GEN_BROKEN] = 1
        sc.step({OTHER: [(codes.A_INFECT, ACTOR, 0)]})
        while sc.turn < sc.ch[ACTOR, S.CH_BLACKOUT_TURN]:
            sc.step()
        if sc.ch[ACTOR, S.CH_FORM] == codes.THING_HIDDEN:
            break
    else:
        pytest.fail("no conversion in 40 trials")
    assert sc.ch[ACTOR, S.CH_ORIGINAL] == 0 and sc.ch[ACTOR, S.CH_INFECTED] == 0
    sc.st[S.ST_GEN_BROKEN] = 0
    sc.put(ACTOR, LAB).put(OTHER, LAB).put(WITNESS, LAB)
    sc.step({ACTOR: [BLOOD_HAND], OTHER: [BLOOD_HAND], WITNESS: [BLOOD_HAND]})
    convert, original = sc.ch[ACTOR, S.CH_HAND], sc.ch[OTHER, S.CH_HAND]
    human = sc.ch[WITNESS, S.CH_HAND]
    assert sc.it[convert, S.IT_THING_BLOOD] == sc.it[original, S.IT_THING_BLOOD] == THING_BLOOD
    sc.ch[OTHER, S.CH_HAND] = -1
    sc.ch[ACTOR, S.CH_HAND + 1] = original
    sc.it[original, S.IT_WHERE] = ACTOR
    assert compare(sc, ACTOR, OTHER, codes.Q_EQUAL) == 1
    sc.ch[WITNESS, S.CH_HAND] = -1
    sc.ch[ACTOR, S.CH_HAND + 1] = human
    sc.it[human, S.IT_WHERE] = ACTOR
    sc.step({ACTOR: [BLOOD_HAND]})
    assert compare(sc, ACTOR, WITNESS, codes.Q_NOT_EQUAL) == 1
    assert sc.violations == 0


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_GAP_53_dog_blood_from_a_living_or_dead_dog_never_a_burned_one(dark):
    """GAP-53, LOC-KENNEL-2 (1 AP, step 5, any lighting): in the Kennel, a sample of a dog's
    blood, living or dead (its alive cell plays no part), into hand or backpack; a burned dog
    gives none, nor does any dog outside the Kennel. Dogs are never infected: human blood. A
    witness sees it in light only."""
    sc = lit()
    sc.put(ACTOR, codes.KENNEL).put(WITNESS, codes.KENNEL)
    if dark:
        sc.st[S.ST_FIXTURE_BROKEN + codes.KENNEL] = 1
    sc.st[S.ST_DOG_ALIVE] = 0  # dog 0 dead, dog 1 alive: both give blood
    sc.st[S.ST_DOG_ALIVE + 1] = 1
    rows = [(codes.A_BLOOD_DOG, 0, 0), (codes.A_BLOOD_DOG, 1, 0), (codes.A_BLOOD_DOG, 0, 1)]
    sc.step({ACTOR: rows})
    assert sc.kept(ACTOR) == rows  # 1 AP each
    got = [sc.ch[ACTOR, S.CH_HAND], sc.ch[ACTOR, S.CH_HAND + 1], sc.ch[ACTOR, S.CH_BACKPACK]]
    assert [sc.it[i, S.IT_BLOOD_OWNER] for i in got] == [DOG, DOG + 1, DOG]
    assert all(sc.it[i, S.IT_THING_BLOOD] == HUMAN_BLOOD for i in got)
    took = [(ACTOR, codes.E_BLOOD, -1, DOG, 0), (ACTOR, codes.E_BLOOD, -1, DOG + 1, 0)]
    took.append((ACTOR, codes.E_BLOOD, -1, DOG, 1))
    assert seen(sc, ACTOR, codes.E_BLOOD) == took
    assert seen(sc, WITNESS, codes.E_BLOOD) == ([] if dark else took)
    sc.st[S.ST_DOG_ALIVE + 1] = 0  # killed, then burned (a living dog is never burned)
    sc.st[S.ST_DOG_BURNED + 1] = 1
    sc.put(OTHER, codes.KENNEL)
    sc.step({OTHER: [(codes.A_BLOOD_DOG, 1, 0), (codes.A_BLOOD_DOG, 2, 0)]})
    assert sc.kept(OTHER) == []  # a burned dog; no third dog
    sc.step({WITNESS: [(codes.A_MOVE, codes.STREET, 0)]})
    sc.step({WITNESS: [(codes.A_BLOOD_DOG, 0, 0)]})
    assert sc.kept(WITNESS) == []  # only in the Kennel
    assert sc.violations == 0


def test_GAP_53_a_dog_sample_is_a_clean_human_control():
    """GAP-53, LOC-LAB-3: a dog's blood compares "equal" to a human's and "not equal" to a
    Thing's: the forum's control test."""
    sc = lab()
    sc.make_thing(WITNESS)
    sample(sc, ACTOR, DOG, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, OTHER, HUMAN_BLOOD, hand=1)
    assert compare(sc, DOG, OTHER, codes.Q_EQUAL) == 1
    sample(sc, ACTOR, DOG + 1, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, WITNESS, THING_BLOOD, hand=1)
    assert compare(sc, DOG + 1, WITNESS, codes.Q_EQUAL) == 0
    assert sc.violations == 0


def test_GAP_51_no_blood_is_ever_taken_from_a_corpse():
    """GAP-51: blood comes from oneself or a dog only: a corpse (or any character) cannot be the
    target of a dog sample, the dead declare nothing, and every sample taken is the taker's."""
    sc = lab()
    sc.put(OTHER, LAB)
    sc.ch[OTHER, S.CH_ALIVE] = 0
    sc.ch[OTHER, S.CH_HP] = 0
    sc.put(ACTOR, codes.KENNEL).put(OTHER, codes.KENNEL)
    sc.step({ACTOR: [(codes.A_BLOOD_DOG, OTHER, 0), BLOOD_HAND], OTHER: [BLOOD_HAND]})
    assert sc.kept(ACTOR) == [BLOOD_HAND] and sc.kept(OTHER) == []
    owners = sc.it[sc.it[:, S.IT_KIND] == codes.BLOOD_SAMPLE]
    owners = owners[owners[:, S.IT_PLACE] != codes.IN_SUPPLY][:, S.IT_BLOOD_OWNER]
    assert owners.tolist() == [ACTOR]
    assert sc.violations == 0


# --- LOC-LAB-1, LOC-LAB-2, INFO-3: the analyzer ---


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_LOC_LAB_2_insert_from_hand_or_backpack_with_a_label_that_may_lie(dark):
    """LOC-LAB-2 (1 AP, step 7): a sample from a hand or the backpack goes into slot 1 or 2 with
    the label the inserter writes, true or not (GAP-52). LOC-LAB-1, INFO-3: everyone in the
    Laboratory sees the labels on the analyzer's screen in any lighting, never the owners; the
    act itself is seen in light only (AP-6); nobody outside sees the screen."""
    sc = lab(dark)
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD)
    k = sc.give(ACTOR, codes.BLOOD_SAMPLE, hand=1)  # a dog's sample in the backpack
    sc.it[k, S.IT_BLOOD_OWNER] = DOG
    sc.ch[ACTOR, S.CH_HAND + 1] = -1
    sc.ch[ACTOR, S.CH_BACKPACK + 2] = k
    sc.it[k, S.IT_PLACE] = codes.IN_BACKPACK
    rows = [insert(0, OTHER, 0), insert(1, DOG + 1, 4)]  # both labels lie
    sc.step({ACTOR: rows})
    assert sc.kept(ACTOR) == rows
    slots = sc.st[S.ST_LAB_SLOT : S.ST_LAB_SLOT + 2].tolist()
    assert sc.it[slots, S.IT_PLACE].tolist() == [codes.IN_ANALYZER] * 2
    assert sc.it[slots, S.IT_WHERE].tolist() == [0, 1]
    assert sc.it[slots, S.IT_LABEL].tolist() == [OTHER, DOG + 1]
    assert sc.ch[ACTOR, S.CH_HAND] == -1 and sc.ch[ACTOR, S.CH_BACKPACK + 2] == -1
    acts = [(ACTOR, codes.E_LAB_INSERT, -1, 0, OTHER), (ACTOR, codes.E_LAB_INSERT, -1, 1, DOG + 1)]
    assert seen(sc, ACTOR, codes.E_LAB_INSERT) == acts
    assert seen(sc, WITNESS, codes.E_LAB_INSERT) == ([] if dark else acts)
    for c in (ACTOR, WITNESS):
        o = sc.observe(c)
        assert o[O_LAB_SLOTS : O_LAB_SLOTS + 2].tolist() == [OTHER, DOG + 1]
        assert o[O_LAB_STAGE] == 0
    outside = sc.observe(OTHER)[O_LAB_SLOTS : O_LAB_LOG + LAB_LOG_ROWS * LAB_LOG_FIELDS]
    assert (outside == U).all()  # in the Tower
    assert sc.violations == 0


def test_LOC_LAB_1_INFO_3_LIGHT_3_the_screen_shows_in_any_lighting_while_powered():
    """LOC-LAB-1, INFO-3: everyone in the Laboratory passively sees the samples' labels and the
    stage, in light and in the dark (a broken light fixture), since the analyzer's screen lights
    itself. LIGHT-3, GAP-21: a flashlight lights the room when the generator is down, but the
    analyzer does not work then and shows nothing. Whether the devices are broken is seen in
    light only; nobody outside the Laboratory sees any of it."""
    sc = lab()
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, DOG, HUMAN_BLOOD, hand=1)
    sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, DOG, 1), START_EQUAL]})
    screen = [ACTOR, DOG, 3]
    o = sc.observe(WITNESS)
    assert o[O_LAB_SLOTS : O_LAB_STAGE + 1].tolist() == screen
    assert o[O_LAB_ANALYZER_BROKEN] == 0 and o[O_LAB_COMPUTER_BROKEN] == 0
    assert (sc.observe(OTHER)[O_LAB_SLOTS:O_LAB_VIEW_TURN] == U).all()  # in the Tower
    sc.st[S.ST_FIXTURE_BROKEN + LAB] = 1
    sc.step()
    assert sc.st[S.ST_LIGHTING + LAB] == codes.DARK
    o = sc.observe(WITNESS)
    assert o[O_LAB_SLOTS : O_LAB_STAGE + 1].tolist() == screen
    assert o[O_LAB_ANALYZER_BROKEN] == U and o[O_LAB_COMPUTER_BROKEN] == U
    sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[LAB]] = 1
    torch = sc.give(WITNESS, codes.FLASHLIGHT_ITEM)
    sc.it[torch, S.IT_ON] = 1
    sc.st[S.ST_YELLOW_LEFT] -= 1  # a yellow box's content
    sc.step()
    assert sc.st[S.ST_LIGHTING + LAB] == codes.FLASHLIGHT
    o = sc.observe(ACTOR)
    assert o[O_LAB_SLOTS : O_LAB_STAGE + 1].tolist() == [U, U, U]
    assert o[O_LAB_ANALYZER_BROKEN] == 0  # seen by the flashlight
    assert sc.violations == 0


def test_LOC_LAB_2_refusals_full_slot_bad_label_elsewhere_and_no_sample():
    """LOC-LAB-2: a label names a character of the game or a dog; the action exists only in the
    Laboratory; a filled slot takes no second sample and something that is not a blood sample
    does not go in (its declaration is kept, the AP spent)."""
    sc = lab()
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD)
    sc.give(ACTOR, codes.AXE, hand=1)
    bad = [insert(0, 12), insert(0, DOG + 2), insert(2, ACTOR), insert(0, ACTOR, 5)]
    sc.step({ACTOR: bad})
    assert sc.kept(ACTOR) == []  # 12 players: no character 12; two dogs; two slots; 5 sources
    sc.step({ACTOR: [insert(0, ACTOR, 1), insert(0, ACTOR, 0)]})
    assert sc.it[sc.st[S.ST_LAB_SLOT], S.IT_KIND] == codes.BLOOD_SAMPLE  # the axe stayed out
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD)
    sc.step({ACTOR: [insert(0, WITNESS, 0)]})
    assert sc.kept(ACTOR) == [insert(0, WITNESS, 0)]
    assert sc.it[sc.st[S.ST_LAB_SLOT], S.IT_LABEL] == ACTOR  # slot 1 was full
    assert sc.it[sc.ch[ACTOR, S.CH_HAND], S.IT_KIND] == codes.BLOOD_SAMPLE
    sc.put(OTHER, codes.WAREHOUSE)
    sample(sc, OTHER, OTHER, HUMAN_BLOOD)
    sc.step({OTHER: [insert(1, OTHER, 0), START_EQUAL, VIEW]})
    assert sc.kept(OTHER) == []  # not in the Laboratory
    assert sc.violations == 0


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_LOC_LAB_3_GAP_52_a_comparison_runs_the_next_two_turns(dark):
    """LOC-LAB-3, GAP-52: started on turn 1 (step 7, after the step's insertions, whoever
    resolves first), it runs on turns 2 and 3 and finishes at the end of turn 3: the samples
    are used up and the slots empty. Only one person starts it: a second start, the same turn or
    while it runs, does nothing. The starter alone knows his question: others see him start it
    in light (not the question) and nothing in the dark, while the screen shows the stage in any
    lighting (LOC-LAB-1). Nobody perceives the result: it is on the computer only."""
    sc = lab(dark)
    sc.put(OTHER, LAB)
    first = sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    second = sample(sc, ACTOR, DOG, HUMAN_BLOOD, hand=1)
    sc.ch[WITNESS, S.CH_INITIATIVE] = 3  # resolves before the inserter in step 7
    sc.ch[ACTOR, S.CH_INITIATIVE] = 1
    sc.ch[OTHER, S.CH_INITIATIVE] = 1
    sc.step(
        {
            ACTOR: [insert(0, ACTOR, 0), insert(1, DOG, 1)],
            WITNESS: [START_NOT_EQUAL],
            OTHER: [START_EQUAL],
        }
    )
    assert sc.kept(WITNESS) == [START_NOT_EQUAL] and sc.kept(OTHER) == [START_EQUAL]
    assert sc.st[S.ST_LAB_STARTED] == 1 and sc.st[S.ST_LAB_STARTER] == WITNESS
    assert sc.st[S.ST_LAB_QUESTION] == codes.Q_NOT_EQUAL  # the first to press start
    assert seen(sc, WITNESS, codes.E_LAB_START) == [
        (WITNESS, codes.E_LAB_START, -1, codes.Q_NOT_EQUAL, 3)
    ]
    for c in (ACTOR, OTHER):
        assert seen(sc, c, codes.E_LAB_START) == (
            [] if dark else [(WITNESS, codes.E_LAB_START, -1, U, U)]
        )
    for _ in range(2):
        for c in (ACTOR, WITNESS, OTHER):
            o = sc.observe(c)
            assert o[O_LAB_STAGE] == 3  # running: finishes at the end of turn 3
            assert o[O_LAB_SLOTS : O_LAB_SLOTS + 2].tolist() == [ACTOR, DOG]
            mine = c == WITNESS
            assert o[O_LAB_MY_QUESTION] == (codes.Q_NOT_EQUAL if mine else U)
            assert o[O_LAB_MY_FINISH] == (3 if mine else U)
        sc.step({OTHER: [START_EQUAL]})  # one at a time
        assert len(sc.events(codes.E_LAB_START)) == 1
    assert sc.it[[first, second], S.IT_PLACE].tolist() == [codes.DESTROYED] * 2
    assert sc.st[S.ST_LAB_SLOT : S.ST_LAB_SLOT + 2].tolist() == [-1, -1]
    assert sc.rec[R.C_BLOOD_TESTS] == 1
    assert sc.events(codes.E_LAB_RESULT).tolist() == [
        [3, codes.E_LAB_RESULT, -1, WITNESS, codes.Q_NOT_EQUAL, 0]  # human and dog: equal
    ]
    for c in range(12):
        assert seen(sc, c, codes.E_LAB_RESULT) == []
        assert lab_rows(sc, c) == []
    o = sc.observe(ACTOR)
    assert o[O_LAB_STAGE] == 0 and o[O_LAB_SLOTS : O_LAB_SLOTS + 2].tolist() == [EMPTY] * 2
    assert sc.violations == 0


def test_LOC_LAB_3_a_start_without_two_samples_does_nothing():
    """LOC-LAB-3: the comparison needs both slots filled when the step's insertions are done."""
    sc = lab()
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD)
    sc.step({ACTOR: [insert(0, ACTOR, 0), START_EQUAL]})
    assert sc.kept(ACTOR) == [insert(0, ACTOR, 0), START_EQUAL]
    assert sc.st[S.ST_LAB_STARTED] == 0 and sc.st[S.ST_LAB_STARTER] == -1
    assert len(sc.events(codes.E_LAB_START)) == 0
    assert sc.observe(ACTOR)[O_LAB_MY_QUESTION] == U
    assert sc.violations == 0


@pytest.mark.parametrize(
    "first, second, question, answer",
    [
        (HUMAN_BLOOD, HUMAN_BLOOD, codes.Q_EQUAL, 1),
        (THING_BLOOD, THING_BLOOD, codes.Q_EQUAL, 1),
        (HUMAN_BLOOD, THING_BLOOD, codes.Q_EQUAL, 0),
        (THING_BLOOD, HUMAN_BLOOD, codes.Q_EQUAL, 0),
        (HUMAN_BLOOD, HUMAN_BLOOD, codes.Q_NOT_EQUAL, 0),
        (THING_BLOOD, THING_BLOOD, codes.Q_NOT_EQUAL, 0),
        (HUMAN_BLOOD, THING_BLOOD, codes.Q_NOT_EQUAL, 1),
    ],
)
def test_LOC_LAB_3_equal_means_human_human_or_thing_thing(first, second, question, answer):
    """LOC-LAB-3: "equal" is human-human or Thing-Thing; YES or NO answers the question asked."""
    sc = lab()
    sample(sc, ACTOR, WITNESS, first, hand=0)
    sample(sc, ACTOR, OTHER, second, hand=1)
    assert compare(sc, WITNESS, OTHER, question) == answer
    assert sc.violations == 0


# --- LOC-LAB-4: the computer ---


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_LOC_LAB_4_the_computer_shows_labels_starter_turn_and_answer(dark):
    """LOC-LAB-4 (2 AP, step 1, any lighting: LIGHT-3 asks only for power): a row reads label 1,
    label 2, who started it, the turn it finished and YES/NO, with no field for the question
    and the labels, not the true owners (GAP-52). A comparison finished at the end of turn 3 is
    shown from turn 4, not on turn 3. The reader keeps what he read; the others, in light,
    see him read without seeing the screen, in the dark nothing; rows completed later are only
    seen at a later view."""
    sc = lab(dark)
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, OTHER, THING_BLOOD, hand=1)  # a Thing's sample labelled as a dog's
    sc.step({ACTOR: [insert(0, WITNESS, 0), insert(1, DOG, 1), START_EQUAL]})
    sc.step()
    sc.step({WITNESS: [VIEW, VIEW]})
    assert sc.kept(WITNESS) == [VIEW]  # 2 AP
    assert lab_rows(sc, WITNESS) == [] and sc.observe(WITNESS)[O_LAB_VIEW_TURN] == 3
    assert seen(sc, WITNESS, codes.E_LAB_VIEW) == [(WITNESS, codes.E_LAB_VIEW, -1, 0, 0)]
    sc.step({WITNESS: [VIEW]})
    row = (WITNESS, DOG, ACTOR, 3, 0)  # "equal?" NO: human and Thing
    assert lab_rows(sc, WITNESS) == [row]
    assert seen(sc, WITNESS, codes.E_LAB_VIEW) == [(WITNESS, codes.E_LAB_VIEW, -1, 1, 0)]
    assert seen(sc, ACTOR, codes.E_LAB_VIEW) == (
        [] if dark else [(WITNESS, codes.E_LAB_VIEW, -1, U, U)]
    )
    assert lab_rows(sc, ACTOR) == [] and sc.observe(ACTOR)[O_LAB_VIEW_TURN] == U
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=1)
    sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, ACTOR, 1), START_NOT_EQUAL]})
    sc.run(2)
    sc.put(OTHER, LAB)
    sc.step()
    assert lab_rows(sc, WITNESS) == [row]  # read on turn 4: the new row needs a new view
    sc.step({OTHER: [VIEW]})
    assert lab_rows(sc, OTHER) == [row, (ACTOR, ACTOR, ACTOR, 7, 0)]
    assert sc.violations == 0


def test_LOC_LAB_4_results_reach_only_the_computers_readers():
    """LOC-LAB-4, A18: the hidden facts of a comparison (the owners, what the blood is, the
    answer) change no observation of anyone who has not read the computer; the starter's
    question is in his own observation only."""

    def play(thing: int) -> list[np.ndarray]:
        sc = lab()
        sc.make_thing(OTHER)
        sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
        sample(sc, ACTOR, OTHER if thing else WITNESS, thing, hand=1)
        sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, WITNESS, 1), START_EQUAL]})
        sc.run(3)
        return [sc.observe(c) for c in range(12)]

    human, thing = play(HUMAN_BLOOD), play(THING_BLOOD)
    for c in range(12):
        assert (human[c] == thing[c]).all(), c


# --- LOC-LAB-5, GEN-3, GAP-21, GAP-20: power and breakage ---


def test_LOC_LAB_5_GEN_3_GAP_21_the_lab_devices_need_block_2s_generator():
    """LOC-LAB-5, GEN-3, GAP-21: without its generator neither the analyzer nor the computer
    works: nothing can be inserted, started or read and the screen shows nothing; a loss of
    power stops a running comparison (its samples stay in their slots, no row is logged). The
    variant devices_need_power = false lets them run in the dark."""
    sc = lab()
    block = sc.pk.room_block[LAB]
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, WITNESS, HUMAN_BLOOD, hand=1)
    sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, WITNESS, 1), START_EQUAL]})
    sc.st[S.ST_GEN_BROKEN + block] = 1
    sc.step({WITNESS: [VIEW]})
    assert sc.kept(WITNESS) == []
    assert sc.events(codes.E_LAB_ABORT).tolist() == [[2, codes.E_LAB_ABORT, -1, ACTOR, 1, 0]]
    assert sc.st[S.ST_LAB_STARTED] == 0 and (sc.st[S.ST_LAB_SLOT : S.ST_LAB_SLOT + 2] >= 0).all()
    o = sc.observe(ACTOR)
    assert o[O_LAB_SLOTS] == U and o[O_LAB_STAGE] == U
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sc.step({ACTOR: [insert(0, ACTOR, 0), START_EQUAL]})
    assert sc.kept(ACTOR) == []
    sc.st[S.ST_GEN_BROKEN + block] = 0
    sc.step({ACTOR: [START_EQUAL]})  # power back: the samples still there are compared
    assert sc.st[S.ST_LAB_STARTED] == 4
    variant = lab(sets=("laboratory.devices_need_power=false",))
    variant.st[S.ST_GEN_BROKEN + block] = 1
    variant.step({ACTOR: [VIEW]})
    assert variant.kept(ACTOR) == [VIEW] and variant.observe(ACTOR)[O_LAB_STAGE] == 0
    assert sc.violations == 0 and variant.violations == 0


def test_GAP_20_GAP_52_breaking_the_analyzer_aborts_the_comparison():
    """GAP-20, GAP-52: the analyzer and the computer can be broken (2 AP, step 8, always) and are
    repaired with spare parts (ITEM-PARTS); breaking the analyzer aborts the comparison that
    runs, its samples staying in the slots; a broken analyzer shows nothing and takes nothing,
    a broken computer cannot be read; in light one sees that they are broken."""
    sc = lab(sets=("repair.chance_with_tool=1",))
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
    sample(sc, ACTOR, WITNESS, HUMAN_BLOOD, hand=1)
    sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, WITNESS, 1), START_EQUAL]})
    sc.step({WITNESS: [BREAK_ANALYZER, (codes.A_BREAK, codes.OBJ_COMPUTER, 0)]})
    assert sc.kept(WITNESS) == [BREAK_ANALYZER]  # 2 AP each
    assert sc.st[S.ST_ANALYZER_BROKEN] == 1
    assert seen(sc, ACTOR, codes.E_BREAK) == [(WITNESS, codes.E_BREAK, -1, codes.OBJ_ANALYZER, -1)]
    assert sc.events(codes.E_LAB_ABORT)[:, 3:5].tolist() == [[ACTOR, 0]]
    assert sc.st[S.ST_LAB_STARTED] == 0 and (sc.st[S.ST_LAB_SLOT : S.ST_LAB_SLOT + 2] >= 0).all()
    o = sc.observe(ACTOR)
    assert o[O_LAB_SLOTS] == U and o[O_LAB_ANALYZER_BROKEN] == 1 and o[O_LAB_COMPUTER_BROKEN] == 0
    sc.step({ACTOR: [START_EQUAL], WITNESS: [(codes.A_BREAK, codes.OBJ_COMPUTER, 0)]})
    assert sc.kept(ACTOR) == [] and sc.st[S.ST_COMPUTER_BROKEN] == 1
    sc.step({WITNESS: [VIEW]})
    assert sc.kept(WITNESS) == []
    assert codes.REPAIR_TOOL[codes.OBJ_ANALYZER] == codes.REPAIR_TOOL[codes.OBJ_COMPUTER]
    sc.give(ACTOR, codes.SPARE_PARTS, hand=0)
    sc.give(WITNESS, codes.SPARE_PARTS, hand=0)
    sc.step(
        {
            ACTOR: [(codes.A_REPAIR, codes.OBJ_ANALYZER, 0)],
            WITNESS: [(codes.A_REPAIR, codes.OBJ_COMPUTER, 0)],
        }
    )
    assert sc.st[S.ST_ANALYZER_BROKEN] == 0 and sc.st[S.ST_COMPUTER_BROKEN] == 0
    sc.step({ACTOR: [START_EQUAL]})
    assert sc.st[S.ST_LAB_STARTED] == sc.turn
    sc.put(OTHER, codes.WAREHOUSE)
    sc.step({OTHER: [BREAK_ANALYZER]})
    assert sc.kept(OTHER) == []  # the analyzer stands in the Laboratory only
    assert sc.violations == 0


# --- the random policy, the replay and the invariants ---


def test_random_play_offers_the_lab_actions():
    """policies.random_play offers blood anywhere, a dog's in the Kennel, and in the Laboratory
    the computer, an insertion of each carried sample into each empty slot, the start once both
    are filled, and breaking and repairing both devices."""
    sc = lab()
    sc.step()  # the turn's power and lighting
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD)
    offered = sc.offered(ACTOR)
    wanted = {BLOOD_HAND, VIEW, (codes.A_LAB_INSERT, 0, 0), (codes.A_LAB_INSERT, 1, 0)}
    for obj in (codes.OBJ_ANALYZER, codes.OBJ_COMPUTER):
        wanted |= {(codes.A_BREAK, obj, 0), (codes.A_REPAIR, obj, 0)}
    assert wanted <= offered
    assert not any(a == codes.A_LAB_START for a, _, _ in offered)
    sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=1)
    sc.step({ACTOR: [insert(0, ACTOR, 0), insert(1, ACTOR, 1)]})
    assert {START_EQUAL, START_NOT_EQUAL} <= sc.offered(ACTOR)
    sc.put(WITNESS, codes.KENNEL)
    assert {(codes.A_BLOOD_DOG, 0, 0), (codes.A_BLOOD_DOG, 1, 0)} <= sc.offered(WITNESS)


def test_replay_decodes_the_lab_events():
    """balance.replay: each event of the laboratory decodes and reads as a sentence."""
    from balance.catalogue.events import EVENTS
    from balance.replay import SENTENCES, _event

    def who(c: int) -> str:
        return f"#{c}"

    rows = [
        (codes.E_BLOOD, -1, DOG + 1, 1),
        (codes.E_LAB_INSERT, -1, 1, 3),
        (codes.E_LAB_START, -1, codes.Q_NOT_EQUAL, 9),
        (codes.E_LAB_RESULT, 2, codes.Q_EQUAL, 1),
        (codes.E_LAB_ABORT, 2, 1, 0),
        (codes.E_LAB_VIEW, -1, 2, 0),
    ]
    text = []
    for kind, target, a, b in rows:
        assert EVENTS[kind] is not None
        e = _event(np.array([9, kind, 4, target, a, b]))
        text.append(SENTENCES[e["event"]](e, who))
    assert text == [
        "took a blood sample from dog 2 into the backpack",
        "put a blood sample into slot 2 of the analyzer, labelled #3",
        "started a blood comparison, secretly asking whether the samples are not equal; it "
        "finishes at the end of turn 9",
        'the blood comparison started by #2 finished: "equal?" YES',
        "the blood comparison started by #2 stopped: the analyzer lost power",
        "read the laboratory computer: 2 completed checks",
    ]


def test_the_invariant_checker_catches_lab_violations():
    """Invariant bit LAB (2048): each corruption of the laboratory's state is caught."""
    assert codes.DOG_LABEL >= MAX_CHARACTERS  # a dog's code never names a character

    def violations(corrupt):
        sc = lab()
        i = sample(sc, ACTOR, ACTOR, HUMAN_BLOOD, hand=0)
        sample(sc, ACTOR, DOG, HUMAN_BLOOD, hand=1)
        sc.step({ACTOR: [insert(0, WITNESS, 0), insert(1, DOG, 1), START_EQUAL]})
        corrupt(sc, i)
        return I.check_invariants(sc.ch, sc.it, sc.st, sc.pk.ip)

    assert violations(lambda sc, i: None) == 0
    dog = lambda sc, i: sc.it.__setitem__((sc.st[S.ST_LAB_SLOT + 1], S.IT_THING_BLOOD), 1)  # noqa: E731
    assert violations(dog) == I.LAB
    assert violations(lambda sc, i: sc.st.__setitem__(S.ST_LAB_SLOT, -1)) == I.LAB
    assert violations(lambda sc, i: sc.it.__setitem__((i, S.IT_LABEL), 12)) == I.LAB
    assert violations(lambda sc, i: sc.st.__setitem__(S.ST_LAB_STARTER, -1)) == I.LAB
    assert violations(lambda sc, i: sc.st.__setitem__(S.ST_ANALYZER_BROKEN, 2)) == I.LAB
    assert violations(lambda sc, i: sc.ch.__setitem__((0, S.CH_LAB_VIEW_ROWS), 1)) == I.LAB

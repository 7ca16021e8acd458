"""Hindering a character or what is done to him, and following (ACT-HINDER-CHAR,
ACT-HINDER-TARGET, STAT-PHYS-1/2, GAP-27, GAP-28, ACT-FOLLOW, GAP-31, GAP-32)."""

import numpy as np
import pytest

from balance import codes
from balance.kernel import state as S
from balance.kernel.actions import action_cost
from balance.kernel.hindering import success_chance
from harness import lit

HINDERER, HINDERED, OTHER = 0, 1, 2
N = 2000


def within(successes: int, n: int, p: float) -> bool:
    return abs(successes / n - p) < 3.29 * np.sqrt(p * (1 - p) / n) + 1e-9


def hinder(sc, target, physical=1, by=HINDERER, shield=False):
    sc.ch[by, S.CH_PHYSICAL] = physical
    return (codes.A_HINDER_TARGET if shield else codes.A_HINDER, target, 0)


def trio(room=codes.LIVING_QUARTERS, **kw):
    sc = lit(**kw)
    for c in (HINDERER, HINDERED, OTHER):
        sc.put(c, room)
    return sc


@pytest.mark.parametrize("physical, points", [(1, 20), (2, 30), (3, 40)])
def test_ACT_HINDER_CHAR_STAT_PHYS_1_2_points_by_physical_form(physical, points):
    """ACT-HINDER-CHAR (3 AP, step 1), STAT-PHYS-1/2, GAP-27: the hindered character's chances
    lose 20, 30 or 40 points this turn; two hinderers add up."""
    sc = trio()
    sc.step({HINDERER: [hinder(sc, HINDERED, physical)]})
    assert sc.kept(HINDERER) == [(codes.A_HINDER, HINDERED, 0)]
    assert sc.ch[HINDERED, S.CH_HINDERED] == points
    p = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.6, codes.A_SHOOT, OTHER)
    assert p == pytest.approx(0.6 - points / 100)
    sc = trio()
    sc.put(3, codes.LIVING_QUARTERS)
    sc.ch[3, S.CH_PHYSICAL] = 3
    sc.step({HINDERER: [hinder(sc, HINDERED, physical)], 3: [(codes.A_HINDER, HINDERED, 0)]})
    assert sc.ch[HINDERED, S.CH_HINDERED] == points + 40


def test_ACT_HINDER_TARGET_shields_a_character_from_actions_aimed_at_him():
    sc = trio()
    sc.step({HINDERER: [hinder(sc, HINDERED, 2, shield=True)]})
    assert sc.ch[HINDERED, S.CH_SHIELDED] == 30 and sc.ch[HINDERED, S.CH_HINDERED] == 0
    at_him = success_chance(sc.ch, sc.st, sc.pk.fp, OTHER, 0.6, codes.A_SHOOT, HINDERED)
    his_own = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.6, codes.A_SHOOT, OTHER)
    assert at_him == pytest.approx(0.3) and his_own == pytest.approx(0.6)


def guard_the_generator(physical=2, sets=(), seed=1, game=0):
    """A saboteur (HINDERED) and a guard (HINDERER) in the lit generator room of block 0."""
    sc = lit(seed=seed, game=game, sets=sets)
    for c in (HINDERER, HINDERED, OTHER):
        sc.put(c, codes.GENERATOR_1)
    sc.ch[HINDERER, S.CH_PHYSICAL] = physical
    return sc


def test_ACT_HINDER_TARGET_GAP_28_an_object_here_loses_points_for_this_turn():
    """ACT-HINDER-TARGET, GAP-28: hindering an object (arg 1) takes the hinderer's points off
    every action aimed at it this turn: 30 points off a repair of the generator (90% with parts
    becomes 60%), none off a repair of another object; two hinderers add up. The object is never
    immune, and it is cleared at the next turn's resolution."""
    sc = guard_the_generator()
    sc.ch[OTHER, S.CH_PHYSICAL] = 3
    shield = (codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)
    sc.step({HINDERER: [shield], OTHER: [shield]})
    assert sc.kept(HINDERER) == [shield]
    shields = sc.events(codes.E_SHIELD)
    assert sorted(shields[:, 4].tolist()) == [codes.OBJ_GENERATOR] * 2
    assert sorted(shields[:, 5].tolist()) == [30, 40]
    gen = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.9, codes.A_REPAIR, codes.OBJ_GENERATOR)
    beacon = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.9, codes.A_REPAIR, codes.OBJ_BEACON)
    assert gen == pytest.approx(0.2) and beacon == pytest.approx(0.9)
    sc.step({HINDERER: [shield]})  # no immunity for an object: 30 points again, not 70
    gen = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.9, codes.A_REPAIR, codes.OBJ_GENERATOR)
    assert gen == pytest.approx(0.6)
    sc.step({})
    gen = success_chance(sc.ch, sc.st, sc.pk.fp, HINDERED, 0.9, codes.A_REPAIR, codes.OBJ_GENERATOR)
    assert gen == pytest.approx(0.9)


def test_ACT_HINDER_TARGET_an_object_needs_light_and_must_stand_here():
    """LIGHT-5: Light only; the object must stand in the hinderer's room (GAP-20); a door is
    not hindered (which door a break names is its own argument)."""
    sc = guard_the_generator()

    def cost(obj):
        pk = sc.pk
        decl = (codes.A_HINDER_TARGET, obj, 1)
        return action_cost(sc.ch, sc.it, sc.st, pk.ip, pk.adjacent, pk.room_block, HINDERER, *decl)

    sc.step({})  # the turn's lighting is computed
    assert [cost(obj) for obj in range(codes.N_OBJECTS)] == [
        3 if obj in (codes.OBJ_GENERATOR, codes.OBJ_BEACON, codes.OBJ_LIGHT_FIXTURE) else -1
        for obj in range(codes.N_OBJECTS)
    ]
    sc.st[S.ST_LIGHTING + codes.GENERATOR_1] = codes.DARK
    assert cost(codes.OBJ_GENERATOR) == -1


def test_ACT_HINDER_TARGET_a_break_of_a_hindered_object_fails_for_certain_at_100_points():
    """GAP-28: breaking (certain, ACT-BREAK) of a hindered generator fails with 100 points off,
    its AP spent, and everyone here sees it fail; the same break unhindered succeeds."""
    sets = ("hinder.penalty_by_physical=[100,100,100]",)
    for hindered in (True, False):
        sc = guard_the_generator(sets=sets)
        plan = {HINDERED: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]}
        if hindered:
            plan[HINDERER] = [(codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)]
        sc.step(plan)
        assert sc.st[S.ST_GEN_BROKEN + 0] == (0 if hindered else 1)
        assert (sc.events(codes.E_HINDERED).shape[0] == 1) == hindered
        if hindered:
            seen = (HINDERED, codes.E_HINDERED, -1, codes.A_BREAK, 0)
            assert seen in sc.perceived(OTHER)


@pytest.mark.slow
def test_ACT_HINDER_TARGET_a_break_of_the_guarded_generator_succeeds_at_70_percent():
    """GAP-28: a guard of Physical form 2 takes 30 points off the certain break: 70%."""
    broken = 0
    for game in range(N):
        sc = guard_the_generator(seed=61, game=game)
        sc.step(
            {
                HINDERER: [(codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)],
                HINDERED: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)],
            }
        )
        broken += sc.st[S.ST_GEN_BROKEN + 0]
    assert within(broken, N, 0.7)


@pytest.mark.slow
def test_GAP_28_a_hindered_move_succeeds_at_80_percent():
    moved = 0
    for game in range(N):
        sc = trio(seed=51, game=game)
        sc.step(
            {
                HINDERER: [hinder(sc, HINDERED)],
                HINDERED: [(codes.A_MOVE, codes.FREEZER, 0)],
            }
        )
        moved += sc.ch[HINDERED, S.CH_ROOM] == codes.FREEZER
        assert sc.ch[HINDERED, S.CH_ROOM] == codes.FREEZER or sc.events(codes.E_HINDERED).size
    assert within(moved, N, 0.8)


def test_GAP_28_certain_failure_and_instant_actions():
    """GAP-28: with 100 points off, every AP-costing action fails (its AP spent) but a free one
    (dropping) still happens."""
    sc = trio(sets=("hinder.penalty_by_physical=[100,100,100]",))
    sc.ch[HINDERER, S.CH_INITIATIVE] = 3  # his hindering resolves first in step 1 (RES-3)
    sc.ch[HINDERED, S.CH_INITIATIVE] = 1
    sc.give(HINDERED, codes.AXE)
    sc.give(HINDERED, codes.SCRAP, hand=1)
    sc.step(
        {
            HINDERER: [hinder(sc, HINDERED)],
            HINDERED: [(codes.A_DROP, 0, 0), (codes.A_DESTROY, codes.SCRAP, 1)],
        }
    )
    assert sc.ch[HINDERED, S.CH_HAND] == -1  # the axe was dropped
    assert sc.ch[HINDERED, S.CH_HAND + 1] >= 0  # the scrap was not destroyed
    failed = sc.events(codes.E_HINDERED)
    assert failed[:, 2].tolist() == [HINDERED] and failed[:, 4].tolist() == [codes.A_DESTROY]
    assert (HINDERED, codes.E_HINDERED, -1, codes.A_DESTROY, 0) in sc.perceived(OTHER)


def test_HP_4_GAP_28_hindering_lowers_an_attack_on_the_helpless():
    """HP-4: an attack on an unconscious character is certain; GAP-28: hindering lowers the
    actions certain of success too, so 100 points off (the shooter's hindering and the target's
    shield, 50 each) make the certain shot, axe blow and flamethrower attack all miss. Unhindered
    they land."""
    sets = ("hinder.penalty_by_physical=[50,50,50]",)
    for weapon, action in (
        (codes.PISTOL, codes.A_SHOOT),
        (codes.AXE, codes.A_MELEE),
        (codes.FLAMETHROWER, codes.A_MELEE),
    ):
        for hindered in (True, False):
            sc = trio(sets=sets)
            sc.put(3, codes.LIVING_QUARTERS)
            sc.ch[OTHER, S.CH_UNCONSCIOUS] = 1
            sc.wear_parka(OTHER)  # the flamethrower hurts a humanoid only through a parka
            fuel = codes.FUEL_UNITS if weapon == codes.FLAMETHROWER else 0
            sc.give(HINDERED, weapon, fuel=fuel)
            plan = {HINDERED: [(action, OTHER, 0)]}
            if hindered:
                plan[HINDERER] = [hinder(sc, HINDERED)]
                plan[3] = [hinder(sc, OTHER, by=3, shield=True)]
            hp = int(sc.ch[OTHER, S.CH_HP])
            sc.step(plan)
            assert (sc.ch[OTHER, S.CH_HP] == hp) == hindered, (weapon, hindered)


def test_GAP_28_a_hindered_character_is_immune_the_next_turn():
    sc = trio()
    for turn, points in ((1, 20), (2, 0), (3, 20)):
        sc.step({HINDERER: [hinder(sc, HINDERED)]})
        assert sc.ch[HINDERED, S.CH_HINDERED] == points, turn


def test_ACT_HINDER_needs_light_and_the_target_here():
    sc = trio()
    sc.st[S.ST_GEN_BROKEN] = 1  # block 1 dark from turn 1
    sc.step({HINDERER: [hinder(sc, HINDERED)]})
    assert sc.kept(HINDERER) == []
    sc = trio()
    sc.put(HINDERED, codes.FREEZER)
    sc.step({HINDERER: [hinder(sc, HINDERED)]})
    assert sc.kept(HINDERER) == []


def test_ACT_FOLLOW_enters_after_the_one_followed_looking_like_a_move():
    """ACT-FOLLOW (2 AP, entry step 13): the follower ends where the followed went; those left
    behind and those in the new room perceive an ordinary move."""
    sc = trio()
    sc.put(3, codes.FREEZER)
    sc.step(
        {
            HINDERED: [(codes.A_MOVE, codes.FREEZER, 0)],
            HINDERER: [(codes.A_FOLLOW, HINDERED, 0)],
        }
    )
    assert sc.ch[HINDERER, S.CH_ROOM] == codes.FREEZER
    lq, fr = codes.LIVING_QUARTERS, codes.FREEZER
    assert sc.perceived(OTHER) == [
        (HINDERED, codes.E_LEAVE, -1, lq, fr),
        (HINDERER, codes.E_LEAVE, -1, lq, fr),
    ]
    assert sc.perceived(3) == [
        (HINDERED, codes.E_MOVE, -1, lq, fr),
        (HINDERER, codes.E_MOVE, -1, lq, fr),
    ]
    assert sc.events(codes.E_FOLLOW)[0, 4:6].tolist() == [fr, 1]


def test_ACT_FOLLOW_RES_ORDER_the_follower_waits_for_the_active_thing_and_for_his_leader():
    """ACT-FOLLOW, RES-ORDER step 13, THING-ACTIVE-11: "following happens after the chosen
    player has moved". The active Thing enters in step 13, so its follower, whatever his
    Initiative, enters after it; one following a follower enters after him (here he ranks
    first); in a ring of two followers nobody moves, so both fail (GAP-32)."""
    fr = codes.FREEZER
    follow = codes.A_FOLLOW
    sc = trio()
    sc.make_thing(HINDERED)
    sc.ch[HINDERED, S.CH_FORM] = codes.THING_ACTIVE
    sc.ch[HINDERED, S.CH_INITIATIVE] = 1  # THING-ACTIVE-10
    sc.ch[HINDERER, S.CH_INITIATIVE] = 3  # resolves first
    sc.step({HINDERED: [(codes.A_MOVE, fr, 0)], HINDERER: [(follow, HINDERED, 0)]})
    assert sc.ch[HINDERED, S.CH_ROOM] == fr and sc.ch[HINDERER, S.CH_ROOM] == fr
    assert sc.events(codes.E_FOLLOW)[0, 4:6].tolist() == [fr, 1]

    sc = trio()
    sc.ch[HINDERER, S.CH_INITIATIVE] = 3
    sc.ch[HINDERED, S.CH_INITIATIVE] = 1
    sc.step(
        {
            OTHER: [(codes.A_MOVE, fr, 0)],
            HINDERED: [(follow, OTHER, 0)],
            HINDERER: [(follow, HINDERED, 0)],
        }
    )
    assert [sc.ch[c, S.CH_ROOM] for c in (HINDERER, HINDERED, OTHER)] == [fr] * 3
    assert sc.events(codes.E_FOLLOW)[:, 2].tolist() == [HINDERED, HINDERER]

    sc = trio()
    sc.step({HINDERED: [(follow, HINDERER, 0)], HINDERER: [(follow, HINDERED, 0)]})
    assert sc.ch[HINDERER, S.CH_ROOM] == sc.ch[HINDERED, S.CH_ROOM] == codes.LIVING_QUARTERS
    assert sc.events(codes.E_FOLLOW)[:, 5].tolist() == [0, 0]


def test_GAP_32_following_one_who_stays_fails_and_GAP_31_one_move_a_turn():
    sc = trio()
    plan = [(codes.A_FOLLOW, HINDERED, 0), (codes.A_MOVE, codes.FREEZER, 0)]
    sc.step({HINDERER: plan})
    assert sc.kept(HINDERER) == plan[:1]  # a follow is the turn's move
    assert sc.ch[HINDERER, S.CH_ROOM] == codes.LIVING_QUARTERS
    assert sc.events(codes.E_FOLLOW)[0, 5] == 0
    sc = trio()
    sc.st[S.ST_GEN_BROKEN] = 1  # GAP-32: following needs light
    sc.step({HINDERER: plan[:1]})
    assert sc.kept(HINDERER) == []

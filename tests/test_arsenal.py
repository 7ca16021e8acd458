"""Crafted weapons: recipes and crafting in the Arsenal, the grenade and the flamethrower
(CRAFT-1..3, STAT-ERUD-1/2, LOC-ARSENAL-1/2, ITEM-GRENADE-*, ITEM-FLAMETHROWER-*, GAP-44/45)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from harness import Scenario, lit

N = 2000  # trials for each chance; tolerances are 3.29 standard errors
ALL_RECIPES = (1 << codes.N_RECIPES) - 1


def within(successes: int, n: int, p: float) -> bool:
    return abs(successes / n - p) < 3.29 * np.sqrt(p * (1 - p) / n) + 1e-9


def test_CRAFT_1_STAT_ERUD_1_STAT_ERUD_2_recipes_known_by_erudition():
    """CRAFT-1: Erudition 1 knows none, 3 knows all three, 2 one recipe drawn uniformly.
    STAT-2: level 1 grants nothing, level 3 keeps what level 2 grants."""
    drawn = np.zeros(codes.N_RECIPES, dtype=int)
    n2 = 0
    for game in range(300):
        sc = Scenario(12, seed=31, game=game)
        for c in range(12):
            erudition, recipes = sc.ch[c, S.CH_ERUDITION], int(sc.ch[c, S.CH_RECIPES])
            if erudition == 1:
                assert recipes == 0
            elif erudition == 3:
                assert recipes == ALL_RECIPES
            else:
                assert bin(recipes).count("1") == 1
                drawn[recipes.bit_length() - 1] += 1
                n2 += 1
    for count in drawn:
        assert within(count, n2, 1 / 3)


def workshop(sets=(), recipes=ALL_RECIPES):
    sc = lit(sets=sets)
    sc.put(0, codes.ARSENAL).put(1, codes.ARSENAL)
    sc.ch[0, S.CH_RECIPES] = recipes
    return sc


def stash(sc, c, kind):
    """Put an item of `kind` into c's first free backpack slot."""
    i = sc.give(c, kind, hand=1)
    sc.ch[c, S.CH_HAND + 1] = -1
    k = [sc.ch[c, S.CH_BACKPACK + k] for k in range(3)].index(-1)
    sc.ch[c, S.CH_BACKPACK + k] = i
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    return i


@pytest.mark.parametrize("recipe", range(codes.N_RECIPES))
def test_CRAFT_2_CRAFT_3_each_recipe_uses_up_its_components(recipe):
    """CRAFT-2, GAP-20: components in hand or backpack are used up; the weapon goes to the
    freed hand (LOC-ARSENAL-2: 3 AP, step 9).
    ITEM-GRENADE-1: the grenade is crafted and takes one ordinary slot (a hand)."""
    sc = workshop()
    first, second = codes.RECIPE_PARTS[recipe]
    a = sc.give(0, first)
    b = stash(sc, 0, second)
    sc.step({0: [(codes.A_CRAFT, recipe, 0)]})
    assert sc.kept(0) == [(codes.A_CRAFT, recipe, 0)]
    assert sc.it[a, S.IT_PLACE] == codes.DESTROYED and sc.it[b, S.IT_PLACE] == codes.DESTROYED
    product = sc.ch[0, S.CH_HAND]
    assert sc.it[product, S.IT_KIND] == codes.RECIPE_PRODUCT[recipe]
    assert sc.rec[R.C_CRAFTED] == 1 and sc.events(codes.E_CRAFT)[0, 4] == recipe
    assert sc.violations == 0


def test_CRAFT_1_needs_the_recipe_and_LOC_ARSENAL_1_light_and_power():
    sc = workshop(recipes=1 << codes.RECIPE_GRENADE)
    sc.give(0, codes.SCRAP)
    sc.give(0, codes.WIRES, hand=1)
    sc.step({0: [(codes.A_CRAFT, codes.RECIPE_FLAMETHROWER, 0)]})  # not a known recipe
    assert sc.events(codes.E_CRAFT).shape[0] == 0 and sc.ch[0, S.CH_HAND] >= 0
    sc = workshop()
    sc.give(0, codes.SCRAP)
    sc.give(0, codes.WIRES, hand=1)
    sc.give(1, codes.FLASHLIGHT_ITEM)
    sc.it[sc.ch[1, S.CH_HAND], S.IT_ON] = 1
    sc.st[S.ST_GEN_BROKEN + 2] = 1  # no power in block 3: the flashlight lights, nothing runs
    sc.step({0: [(codes.A_CRAFT, codes.RECIPE_FLAMETHROWER, 0)]})
    assert sc.st[S.ST_LIGHTING + codes.ARSENAL] == codes.FLASHLIGHT
    assert sc.kept(0) == []


def test_ITEM_GRENADE_2_ITEM_GRENADE_3_GAP_45_who_the_explosion_finds():
    """GAP-45: thrown from the Fuel room into the Arsenal (3 AP, spending the turn), it
    explodes in step 11: the one who left in step 10 escapes it, the one arriving in step 12
    too; everyone else there takes 2, the unconscious included (not the helpless 4). The
    Arsenal is left unlocked: its lock (GAP-45) is tested in tests/test_doors_in_play.py."""
    sc = lit(sets=("doors.locked_rooms=[]",))
    sc.put(0, codes.FUEL_ROOM)
    for c in (1, 2, 3):
        sc.put(c, codes.ARSENAL)
    sc.put(4, codes.GENERATOR_3)
    sc.ch[3, S.CH_UNCONSCIOUS] = 1
    sc.ch[3, S.CH_BLACKOUT_TURN] = 99
    g = sc.give(0, codes.GRENADE)
    sc.step(
        {
            0: [(codes.A_THROW, codes.ARSENAL, 0), (codes.A_DROP, 1, 0)],
            2: [(codes.A_MOVE, codes.GENERATOR_3, 0)],
            4: [(codes.A_MOVE, codes.ARSENAL, 0)],
        }
    )
    assert sc.kept(0) == [(codes.A_THROW, codes.ARSENAL, 0), (codes.A_DROP, 1, 0)]  # drop: free
    hp = [int(sc.ch[c, S.CH_HP]) for c in range(5)]
    assert hp == [3, 1, 3, 1, 3]
    assert sc.it[g, S.IT_PLACE] == codes.DESTROYED
    assert sc.events(codes.E_GRENADE)[0, 4:6].tolist() == [codes.ARSENAL, 2]
    assert sc.rec[R.C_GRENADES] == 1


def test_GAP_45_GAP_28_a_hindered_thrower_still_throws_his_grenade():
    """GAP-45: the grenade "cannot be reduced by hindering": thrown into the next room (3 AP)
    by one hindered by two hinderers at 40 points each, it explodes in each of 40 games, where
    another AP-costing action hindered so fails 80% of the time (GAP-28)."""
    for game in range(40):
        sc = lit(sets=("doors.locked_rooms=[]",), game=game)
        for c in (0, 1, 2):
            sc.put(c, codes.FUEL_ROOM)
        sc.put(3, codes.ARSENAL)
        for c in (1, 2):
            sc.ch[c, S.CH_PHYSICAL] = 3
        sc.give(0, codes.GRENADE)
        sc.step(
            {
                0: [(codes.A_THROW, codes.ARSENAL, 0)],
                1: [(codes.A_HINDER, 0, 0)],
                2: [(codes.A_HINDER, 0, 0)],
            }
        )
        assert sc.ch[0, S.CH_HINDERED] == 80 and sc.ch[3, S.CH_HP] == 1


def test_ITEM_GRENADE_2_into_ones_own_room_is_free_and_hurts_the_thrower_too():
    sc = lit()
    sc.put(0, codes.ARSENAL).put(1, codes.ARSENAL)
    sc.give(0, codes.GRENADE)
    sc.step({0: [(codes.A_THROW, codes.ARSENAL, 0), (codes.A_MOVE, codes.STREET, 0)]})
    assert len(sc.kept(0)) == 2  # 0 + 2 AP
    assert sc.ch[0, S.CH_HP] == 3 and sc.ch[1, S.CH_HP] == 1  # the thrower left in step 10
    sc = lit()
    sc.put(0, codes.ARSENAL)
    sc.give(0, codes.GRENADE)
    sc.step({0: [(codes.A_THROW, codes.ARSENAL, 0)]})
    assert sc.ch[0, S.CH_HP] == 1


def test_ITEM_GRENADE_2_never_into_the_Street_nor_beyond_a_neighbour():
    sc = lit()
    sc.put(0, codes.ARSENAL)
    sc.give(0, codes.GRENADE)
    for room in (codes.STREET, codes.WAREHOUSE, codes.TOWER):
        sc.step({0: [(codes.A_THROW, room, 0)]})
        assert sc.kept(0) == []


def flamer(target_form=codes.HUMAN, parka=True, sets=(), seed=1, game=0, fuel=codes.FUEL_UNITS):
    """Character 0 with a flamethrower (other hand empty) and target 1 in the lit Arsenal."""
    sc = lit(seed=seed, game=game, sets=sets)
    sc.put(0, codes.ARSENAL).put(1, codes.ARSENAL)
    if target_form != codes.HUMAN:
        sc.make_thing(1)
        sc.ch[1, S.CH_FORM] = target_form
    if parka:
        sc.wear_parka(1)
    sc.give(0, codes.FLAMETHROWER, fuel=fuel)
    return sc


@pytest.mark.slow
@pytest.mark.parametrize(
    "form, parka, p, dealt",
    [
        (codes.HUMAN, True, 0.6, 1),
        (codes.THING_HIDDEN, True, 0.6, 1),  # GAP-44: a hidden Thing is a humanoid
        (codes.THING_ACTIVE, False, 0.8, 2),  # a monster
    ],
)
def test_ITEM_FLAMETHROWER_3_chances_by_target(form, parka, p, dealt):
    hits = 0
    for game in range(N):
        sc = flamer(form, parka, seed=41, game=game)
        sc.step({0: [(codes.A_MELEE, 1, 0)]})
        event = sc.events(codes.E_FLAME)[0]
        assert event[4] in (0, dealt)
        hits += event[4] == dealt
    assert within(hits, N, p)


def test_ITEM_FLAMETHROWER_3_no_damage_without_a_parka():
    for game in range(50):
        sc = flamer(parka=False, game=game)
        sc.step({0: [(codes.A_MELEE, 1, 0)]})
        assert sc.ch[1, S.CH_HP] == 3 and sc.events(codes.E_FLAME)[0, 4] == 0


def test_HP_4_ITEM_FLAMETHROWER_3_the_flame_hits_the_helpless_surely_for_its_own_damage():
    """HP-4 with ITEM-FLAMETHROWER-3 (a decision: the specific rule over the general): on an
    unconscious humanoid the flame always hits, dealing its own 1 in a parka (not 4) and none
    without one."""
    for parka, dealt in ((True, 1), (False, 0)):
        for game in range(20):
            sc = flamer(parka=parka, game=game)
            sc.ch[1, S.CH_UNCONSCIOUS] = 1
            sc.ch[1, S.CH_BLACKOUT_TURN] = 99
            sc.step({0: [(codes.A_MELEE, 1, 0)]})
            assert sc.events(codes.E_FLAME)[0, 4] == dealt and sc.ch[1, S.CH_HP] == 3 - dealt


def test_GAP_29_GAP_44_cover_takes_the_first_attack_of_a_volley_only():
    """GAP-29: the coverer takes "the first flamethrower attack"; the volley's later attacks
    find the one aimed at (both in parkas, every attack a hit of 1: 1 to the coverer, 3 to the
    target, who dies at the third)."""
    sc = flamer(sets=("flamethrower.parka_chance=1",))
    sc.put(2, codes.ARSENAL).wear_parka(2)
    sc.ch[2, S.CH_INITIATIVE] = 3  # covers before the volley resolves (step 1 against 3)
    sc.step({2: [(codes.A_COVER, 1, 0)], 0: [(codes.A_FLAME_VOLLEY, 1, 0)]})
    assert sc.events(codes.E_FLAME)[:, 3].tolist() == [2, 1, 1, 1]
    assert sc.ch[2, S.CH_HP] == 2 and sc.ch[1, S.CH_ALIVE] == 0


def test_ITEM_FLAMETHROWER_2_a_quarter_tank_per_attack_and_the_volley():
    """ITEM-FLAMETHROWER-2, GAP-44: one attack (2 AP) burns 1/4 of the tank; the volley (3 AP)
    attacks until the tank is dry: 4 attacks from full, 2 from half."""
    sure = ("flamethrower.parka_chance=0",)  # misses only: the target survives every attack
    sc = flamer(sets=sure)
    sc.step({0: [(codes.A_MELEE, 1, 0)]})
    assert sc.it[sc.ch[0, S.CH_HAND], S.IT_FUEL] == 45
    for fuel, attacks in ((codes.FUEL_UNITS, 4), (30, 2), (10, 0)):
        sc = flamer(sets=sure, fuel=fuel)
        sc.step({0: [(codes.A_FLAME_VOLLEY, 1, 0)]})
        assert sc.events(codes.E_FLAME).shape[0] == attacks
        assert sc.rec[R.C_MELEE_ATTACKS] == attacks


def test_ITEM_FLAMETHROWER_1_attacking_needs_both_hands():
    sc = flamer(sets=("flamethrower.parka_chance=1",))
    sc.give(0, codes.SCRAP, hand=1)
    sc.step({0: [(codes.A_MELEE, 1, 0)]})
    assert sc.events(codes.E_FLAME).shape[0] == 0 and sc.ch[1, S.CH_HP] == 3


def test_ITEM_FLAMETHROWER_4_GAP_44_burned_things_do_not_come_back():
    """ITEM-FLAMETHROWER-4, GAP-44: a hidden Thing in a parka brought to 0 HP by the flame is
    dead for good with everything it carried; an axe's blow would have paralysed it."""
    sc = flamer(codes.THING_HIDDEN, sets=("flamethrower.parka_chance=1",))
    sc.ch[1, S.CH_HP] = 1
    axe = sc.give(1, codes.AXE)
    parka = sc.ch[1, S.CH_WORN]
    sc.step({0: [(codes.A_MELEE, 1, 0)]})
    assert sc.ch[1, S.CH_ALIVE] == 0 and sc.ch[1, S.CH_PARALYSED_UNTIL] == 0
    assert sc.ch[1, S.CH_DEATH_CAUSE] == codes.DC_FIRE and sc.rec[R.C_DEATHS_FIRE] == 1
    assert sc.it[axe, S.IT_PLACE] == codes.DESTROYED and sc.it[parka, S.IT_PLACE] == codes.DESTROYED
    sc.run(4)
    assert sc.ch[1, S.CH_ALIVE] == 0 and sc.events(codes.E_REVIVE).shape[0] == 0
    assert sc.violations == 0


def test_ITEM_FLAMETHROWER_5_ACT_FUEL_canister_and_tank_pour_into_each_other():
    """ITEM-FLAMETHROWER-5 ("the same functions as a canister"), ACT-FUEL, GAP-18: a canister
    tops up a half-used tank with what fits, and the tank pours out like a canister."""
    sc = lit()
    sc.put(0, codes.LIVING_QUARTERS)
    f = sc.give(0, codes.FLAMETHROWER, fuel=codes.FUEL_UNITS // 2)
    k = sc.give(0, codes.CANISTER, fuel=codes.FUEL_UNITS, hand=1)
    sc.step({0: [(codes.A_FUEL, 1, 0)]})
    assert sc.it[f, S.IT_FUEL] == codes.FUEL_UNITS and sc.it[k, S.IT_FUEL] == codes.FUEL_UNITS // 2
    sc.step({0: [(codes.A_FUEL, 0, -1)]})
    assert sc.it[f, S.IT_FUEL] == 0
    assert (codes.A_FUEL, 0, 1) in sc.offered(0)


def test_ITEM_FLAMETHROWER_5_the_tank_works_like_a_canister():
    """ITEM-FLAMETHROWER-5: filled at the pump when empty, it refuels a generator."""
    sc = lit()
    sc.put(0, codes.FUEL_ROOM)
    f = sc.give(0, codes.FLAMETHROWER, fuel=0)
    sc.step({0: [(codes.A_FILL, 0, 0), (codes.A_MOVE, codes.GENERATOR_3, 0)]})
    assert sc.it[f, S.IT_FUEL] == codes.FUEL_UNITS
    sc.st[S.ST_GEN_FUEL + 2] = 100
    sc.step({0: [(codes.A_REFUEL, 0, 0)]})
    assert sc.st[S.ST_GEN_FUEL + 2] == 160 and sc.it[f, S.IT_FUEL] == 0

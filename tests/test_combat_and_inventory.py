"""Combat and inventory: shooting, melee, wounds, hand-overs, the backpack, destroying, and the
stock of SETUP-3 (A4, A6, A7, A17)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from harness import lit

SHOOTER, TARGET, BYSTANDER = 0, 1, 2
N = 3000  # trials for each chance; tolerances are 3.29 standard errors


def within(successes: int, n: int, p: float) -> bool:
    return abs(successes / n - p) < 3.29 * np.sqrt(p * (1 - p) / n) + 1e-9


def duel(seed, game, physical=1, dark=False, bystander=False):
    """A shooter with a pistol and a target in the Arsenal (lit unless `dark`)."""
    sc = lit(seed=seed, game=game)
    sc.put(SHOOTER, codes.ARSENAL, physical=physical).put(TARGET, codes.ARSENAL)
    if bystander:
        sc.put(BYSTANDER, codes.ARSENAL)
    if dark:
        sc.st[S.ST_GEN_BROKEN + 2] = 1  # the Arsenal's block loses power from turn 1
    sc.give(SHOOTER, codes.PISTOL)
    return sc


@pytest.mark.slow
@pytest.mark.parametrize("physical, p", [(1, 0.6), (2, 0.75), (3, 0.85)])
def test_ACT_SHOOT_1_hit_chance_by_physical_form(physical, p):
    """ACT-SHOOT-1: 60% / 75% / 85% by Physical form 1 / 2 / 3 (STAT-PHYS-1, STAT-PHYS-2)."""
    hits = 0
    for game in range(N):
        sc = duel(101, game, physical)
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)]})
        hits += sc.ch[TARGET, S.CH_HP] == 2  # GAP-15: 1 damage
    assert within(hits, N, p)


@pytest.mark.slow
def test_LIGHT_2_darkness_halves_a_shot():
    hits = 0
    for game in range(N):
        sc = duel(102, game, physical=2, dark=True)
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)]})
        assert sc.st[S.ST_LIGHTING + codes.ARSENAL] == codes.DARK
        hits += sc.ch[TARGET, S.CH_HP] == 2
    assert within(hits, N, 0.375)


@pytest.mark.slow
def test_ACT_SHOOT_2_a_miss_strays_into_a_bystander_at_30_percent():
    """ACT-SHOOT-2, GAP-30: of the misses (40% at Physical form 1), 30% hit the one bystander."""
    misses = strays = 0
    for game in range(N):
        sc = duel(103, game, bystander=True)
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)]})
        assert sc.ch[SHOOTER, S.CH_HP] == 3  # never the shooter
        if sc.ch[TARGET, S.CH_HP] == 3:
            misses += 1
            strays += sc.ch[BYSTANDER, S.CH_HP] == 2
        else:
            assert sc.ch[BYSTANDER, S.CH_HP] == 3
    assert within(strays, misses, 0.3)


def test_ACT_SHOOT_5_into_the_air_and_ACT_SHOOT_6_two_pistols_AP_3_once_per_pistol():
    sc = duel(104, 0)
    sc.give(SHOOTER, codes.PISTOL, hand=1)
    shots = [(codes.A_SHOOT, -1, 0), (codes.A_SHOOT, TARGET, 0), (codes.A_SHOOT, -1, 1)]
    sc.step({SHOOTER: shots})
    assert sc.kept(SHOOTER) == [shots[0], shots[2]]  # the second shot of hand 0 is refused
    assert sc.rec[R.C_SHOTS] == 2 and sc.ch[TARGET, S.CH_HP] == 3


def test_ACT_SHOOT_7_INV_6_a_pistol_from_the_backpack_cannot_fire_that_turn():
    """ACT-SHOOT-7, INV-6, INV-3: a backpack's item must come into a hand to be used, and a
    pistol taken out in step 5 misses the shots of step 2."""
    sc = lit(seed=105)
    sc.put(SHOOTER, codes.ARSENAL).put(TARGET, codes.ARSENAL)
    i = sc.give(SHOOTER, codes.PISTOL)
    sc.ch[SHOOTER, S.CH_HAND] = -1
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    sc.ch[SHOOTER, S.CH_BACKPACK] = i
    sc.step({SHOOTER: [(codes.A_BACKPACK, 0, 0), (codes.A_SHOOT, TARGET, 0)]})
    assert sc.ch[SHOOTER, S.CH_HAND] == i  # out of the backpack in step 5 ...
    assert sc.rec[R.C_SHOTS] == 0  # ... after the shot of step 2 found no pistol


def test_RES_ORDER_a_shot_hits_a_target_who_leaves_that_turn():
    """Step 2 before step 10: the target is still there when the shot resolves."""
    for game in range(50):
        sc = duel(106, game, physical=3)
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)], TARGET: [(codes.A_MOVE, codes.STREET, 0)]})
        assert sc.ch[TARGET, S.CH_ROOM] == codes.STREET
        if sc.ch[TARGET, S.CH_HP] == 2:
            return
    pytest.fail("no hit in 50 shots at 85%")


def test_HP_4_attacks_on_the_helpless_always_hit_for_4():
    sc = duel(107, 0)
    sc.ch[TARGET, S.CH_UNCONSCIOUS] = 1
    sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)]})
    assert sc.ch[TARGET, S.CH_ALIVE] == 0 and sc.ch[TARGET, S.CH_DEATH_CAUSE] == codes.DC_ATTACK
    assert sc.rec[R.C_DEATHS_ATTACK] == 1


@pytest.mark.slow
def test_ACT_MELEE_needs_a_weapon_and_hits_at_the_base_chance():
    """ACT-MELEE, GAP-15: an axe hits at 60% (Physical form 1); without a weapon nothing."""
    sc = lit(seed=108)
    sc.put(SHOOTER, codes.ARSENAL).put(TARGET, codes.ARSENAL)
    sc.step({SHOOTER: [(codes.A_MELEE, TARGET, 0)]})
    assert sc.rec[R.C_MELEE_ATTACKS] == 0
    hits = 0
    for game in range(N):
        sc = lit(seed=108, game=game)
        sc.put(SHOOTER, codes.ARSENAL, physical=1).put(TARGET, codes.ARSENAL)
        sc.give(SHOOTER, codes.AXE)
        sc.step({SHOOTER: [(codes.A_MELEE, TARGET, 0)]})
        hits += sc.ch[TARGET, S.CH_HP] == 2
    assert within(hits, N, 0.6)


def test_INV_2_heavy_wound_loses_a_hand_and_its_item():
    """HP-2, INV-2: at 1 HP a human loses a random hand; its item drops; it holds nothing more."""
    lost = set()
    for game in range(40):
        sc = duel(109, game, physical=3)
        sc.give(TARGET, codes.AXE, hand=0)
        sc.give(TARGET, codes.SCRAP, hand=1)
        sc.ch[TARGET, S.CH_HP] = 2
        sc.ch[SHOOTER, S.CH_UNCONSCIOUS] = 0
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)]})
        if sc.ch[TARGET, S.CH_HP] != 1:
            continue
        h = int(sc.ch[TARGET, S.CH_LOST_HAND])
        lost.add(h)
        assert sc.ch[TARGET, S.CH_HAND + h] == -1 and sc.ch[TARGET, S.CH_HAND + 1 - h] >= 0
        sc.step({TARGET: [(codes.A_PICKUP, codes.PISTOL, 0)]})  # only the lost hand is empty
        assert sc.ch[TARGET, S.CH_HAND + h] == -1
    assert lost == {0, 1}


def test_ACT_GIVE_ACT_RECEIVE_need_both_declarations():
    sc = lit(seed=110)
    sc.put(0, codes.ARSENAL).put(1, codes.ARSENAL)
    axe = sc.give(0, codes.AXE)
    sc.step({0: [(codes.A_GIVE, 1, 0)]})
    assert sc.ch[0, S.CH_HAND] == axe  # no receive: nothing moves
    sc.step({0: [(codes.A_GIVE, 1, 0)], 1: [(codes.A_RECEIVE, 0, codes.PISTOL)]})
    assert sc.ch[0, S.CH_HAND] == axe  # he asked for another item
    sc.step({0: [(codes.A_GIVE, 1, 0)], 1: [(codes.A_RECEIVE, 0, codes.AXE)]})
    assert sc.ch[1, S.CH_HAND] == axe and sc.ch[0, S.CH_HAND] == -1
    assert sc.violations == 0


def test_ACT_GIVE_from_the_backpack():
    """ACT-GIVE: an item is given "from hands or backpack": A_GIVE's arg -(1 + k) names
    backpack slot k (as A_BACKPACK numbers them); the receiver takes it into a free hand.
    INV-3: the backpack holds 3 items (slot 4 does not exist)."""
    sc = lit(seed=110)
    sc.put(0, codes.ARSENAL).put(1, codes.ARSENAL)
    axe = sc.give(0, codes.AXE)
    sc.step({0: [(codes.A_BACKPACK, 0, 1)]})
    assert sc.ch[0, S.CH_BACKPACK + 1] == axe and sc.ch[0, S.CH_HAND] == -1
    assert (codes.A_GIVE, 1, -2) in sc.offered(0)  # the random policy draws it
    sc.step({0: [(codes.A_GIVE, 1, -2)], 1: [(codes.A_RECEIVE, 0, codes.AXE)]})
    assert sc.kept(0) == [(codes.A_GIVE, 1, -2)]
    assert sc.ch[1, S.CH_HAND] == axe and sc.ch[0, S.CH_BACKPACK + 1] == -1
    assert sc.it[axe, S.IT_PLACE] == codes.IN_HAND and sc.it[axe, S.IT_WHERE] == 1
    assert sc.events(codes.E_GIVE)[:, 2:5].tolist() == [[0, 1, codes.AXE]]
    sc.step({1: [(codes.A_GIVE, 0, -4)]})  # the backpack has 3 slots
    assert sc.kept(1) == []
    assert sc.violations == 0


def test_ACT_RECEIVE_into_the_backpack_when_both_hands_are_full():
    """ACT-RECEIVE: «только если у вас есть место в инвентаре»: with both hands full the item
    goes into a free backpack slot; with the backpack full too, or for a food box, which is
    carried in a hand only (GAP-50), nothing moves.
    INV-1: two hands, then the backpack."""
    sc = lit(seed=110)
    sc.put(0, codes.FREEZER).put(1, codes.FREEZER)
    axe = sc.give(0, codes.AXE)
    box = sc.give(0, codes.FOOD_BOX, hand=1)
    sc.st[S.ST_FOOD_STOCK] -= 1  # taken off the shelves (GAP-50)
    sc.give(1, codes.SCRAP)
    sc.give(1, codes.SCRAP, hand=1)
    sc.step({0: [(codes.A_GIVE, 1, 0)], 1: [(codes.A_RECEIVE, 0, codes.AXE)]})
    assert sc.ch[1, S.CH_BACKPACK] == axe and sc.ch[0, S.CH_HAND] == -1
    assert sc.it[axe, S.IT_PLACE] == codes.IN_BACKPACK and sc.it[axe, S.IT_WHERE] == 1
    sc.step({0: [(codes.A_GIVE, 1, 1)], 1: [(codes.A_RECEIVE, 0, codes.FOOD_BOX)]})
    assert sc.ch[0, S.CH_HAND + 1] == box  # no hand free for it
    for k in (1, 2):
        sc.ch[1, S.CH_BACKPACK + k] = sc.give(2, codes.SCRAP)
        sc.ch[2, S.CH_HAND] = -1
        sc.it[sc.ch[1, S.CH_BACKPACK + k], S.IT_PLACE] = codes.IN_BACKPACK
        sc.it[sc.ch[1, S.CH_BACKPACK + k], S.IT_WHERE] = 1
    pistol = sc.give(0, codes.PISTOL)
    sc.step({0: [(codes.A_GIVE, 1, 0)], 1: [(codes.A_RECEIVE, 0, codes.PISTOL)]})
    assert sc.ch[0, S.CH_HAND] == pistol  # no room left anywhere
    assert sc.violations == 0


def test_ACT_BACKPACK_put_take_and_swap():
    sc = lit(seed=111)
    axe = sc.give(0, codes.AXE)
    sc.step({0: [(codes.A_BACKPACK, 0, 2)]})  # put
    assert sc.ch[0, S.CH_BACKPACK + 2] == axe and sc.ch[0, S.CH_HAND] == -1
    scrap = sc.give(0, codes.SCRAP)
    sc.step({0: [(codes.A_BACKPACK, 0, 2)]})  # swap
    assert sc.ch[0, S.CH_BACKPACK + 2] == scrap and sc.ch[0, S.CH_HAND] == axe
    assert sc.it[axe, S.IT_PLACE] == codes.IN_HAND and sc.it[scrap, S.IT_PLACE] == codes.IN_BACKPACK
    assert sc.violations == 0


def test_ACT_DESTROY_in_hand_and_lying_here():
    sc = lit(seed=112)
    sc.put(0, codes.ARSENAL)
    axe = sc.give(0, codes.AXE)
    sc.step({0: [(codes.A_DESTROY, codes.AXE, 1)]})
    assert sc.it[axe, S.IT_PLACE] == codes.DESTROYED and sc.ch[0, S.CH_HAND] == -1
    sc.step({0: [(codes.A_DESTROY, codes.PISTOL, 0)]})
    pistols = sc.it[sc.it[:, S.IT_KIND] == codes.PISTOL, S.IT_PLACE]
    assert (pistols == codes.DESTROYED).sum() == 1 and (pistols == codes.IN_ROOM).sum() == 4


def test_SETUP_3_stock_lies_in_its_rooms():
    """SETUP-3: 5 pistols in the Arsenal; 5 bandages, 5 blue and 5 red vials in the Living
    quarters (the pistols that crafting can add wait in the supply: CRAFT-2).
    ITEM-PISTOL: the 5 in the Arsenal; LOC-LIVING-1: the Living quarters' bandages and vials."""
    sc = lit(seed=113)
    it = sc.it
    for kind, room in (
        (codes.PISTOL, codes.ARSENAL),
        (codes.BANDAGE, codes.LIVING_QUARTERS),
        (codes.VIAL_BLUE, codes.LIVING_QUARTERS),
        (codes.VIAL_RED, codes.LIVING_QUARTERS),
    ):
        rows = it[(it[:, S.IT_KIND] == kind) & (it[:, S.IT_PLACE] != codes.IN_SUPPLY)]
        assert len(rows) == 5
        assert (rows[:, S.IT_PLACE] == codes.IN_ROOM).all() and (rows[:, S.IT_WHERE] == room).all()
    crafted = it[(it[:, S.IT_KIND] == codes.PISTOL) & (it[:, S.IT_PLACE] == codes.IN_SUPPLY)]
    assert len(crafted) == sc.cfg["supply.pistols"]


def test_LIGHT_3_a_flashlight_lights_a_dark_room_from_the_next_turn():
    """ACT-FLASHLIGHT (step 13), LIGHT-3, GAP-22, ITEM-FLASHLIGHT: switched on in hand it lights
    a dark room from the next turn; switched off, or no longer in a conscious hand, it does not;
    in a blizzard it has no effect (LIGHT-4)."""
    sc = lit(seed=120)
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.put(0, codes.LIVING_QUARTERS)
    sc.give(0, codes.FLASHLIGHT_ITEM)
    sc.step({0: [(codes.A_FLASHLIGHT, 0, 0)]})
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK  # held for the turn
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.FLASHLIGHT
    sc.ch[0, S.CH_UNCONSCIOUS] = 1
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    sc.ch[0, S.CH_UNCONSCIOUS] = 0
    sc.put(0, codes.STREET)  # turn 1 was stormy; find a stormy turn to come
    while sc.st[S.ST_WEATHER + sc.turn + 1] != codes.STORM:
        sc.step()
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.STREET] == codes.BLIZZARD
    sc.step({0: [(codes.A_FLASHLIGHT, 0, 0)]})  # off again
    sc.put(0, codes.LIVING_QUARTERS)
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK


@pytest.mark.slow
def test_ACT_BANDAGE_chances_and_ACT_FIRSTAID():
    """ACT-BANDAGE, ACT-FIRSTAID, GAP-34: 50% on oneself, 80% on another who declares first aid,
    nothing without it; the bandage is used up whatever the result; +1 HP.
    ITEM-BANDAGE: each attempt uses one bandage up."""
    for on_self, p in ((True, 0.5), (False, 0.8)):
        healed = 0
        for game in range(N):
            sc = lit(seed=121, game=game)
            sc.put(0, codes.LIVING_QUARTERS).put(1, codes.LIVING_QUARTERS)
            patient = 0 if on_self else 1
            sc.ch[patient, S.CH_HP] = 2
            i = sc.give(0, codes.BANDAGE)
            plan = {0: [(codes.A_BANDAGE, patient, 0)]}
            if not on_self:
                plan[1] = [(codes.A_FIRSTAID, 0, 0)]
            sc.step(plan)
            assert sc.it[i, S.IT_PLACE] == codes.DESTROYED
            healed += sc.ch[patient, S.CH_HP] == 3
        assert within(healed, N, p)
    sc = lit(seed=122)
    sc.put(0, codes.LIVING_QUARTERS).put(1, codes.LIVING_QUARTERS)
    sc.ch[1, S.CH_HP] = 2
    for _ in range(5):  # the stock of SETUP-3
        sc.give(0, codes.BANDAGE)
        sc.step({0: [(codes.A_BANDAGE, 1, 0)]})  # no first aid declared
    assert sc.ch[1, S.CH_HP] == 2


def test_GAP_34_healing_gives_back_the_lost_hand_and_first_aid_needs_light():
    sc = lit(seed=123, sets=("stock.bandages=30",))
    sc.put(0, codes.LIVING_QUARTERS)
    sc.ch[0, S.CH_HP] = 1
    sc.ch[0, S.CH_LOST_HAND] = 1
    for _ in range(30):
        if sc.ch[0, S.CH_HP] == 2:
            break
        sc.give(0, codes.BANDAGE)
        sc.step({0: [(codes.A_BANDAGE, 0, 0)]})
    assert sc.ch[0, S.CH_HP] == 2 and sc.ch[0, S.CH_LOST_HAND] == -1
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.put(1, codes.LIVING_QUARTERS)
    sc.step()
    sc.step({1: [(codes.A_FIRSTAID, 0, 0)], 0: [(codes.A_BANDAGE, 1, 0)]})
    assert sc.kept(1) == [] and sc.kept(0) == []  # LIGHT-5: Light-only actions in the dark


def test_ACT_COVER_takes_the_first_attack_only():
    """ACT-COVER, GAP-29: the coverer takes the first attack meant for the covered, at the
    attacker's own chance against him; a second shot reaches the target (helpless: always hit
    for 4, HP-4); of two coverers the higher Initiative takes it."""
    sc = duel(130, 0)
    sc.give(SHOOTER, codes.PISTOL, hand=1)
    sc.put(BYSTANDER, codes.ARSENAL).put(3, codes.ARSENAL)
    sc.ch[TARGET, S.CH_UNCONSCIOUS] = 1  # so every shot hits
    sc.ch[BYSTANDER, S.CH_INITIATIVE] = 3
    sc.ch[3, S.CH_INITIATIVE] = 1
    sc.step(
        {
            SHOOTER: [(codes.A_SHOOT, TARGET, 0), (codes.A_SHOOT, TARGET, 1)],
            BYSTANDER: [(codes.A_COVER, TARGET, 0)],
            3: [(codes.A_COVER, TARGET, 0)],
        }
    )
    shots = sc.events(codes.E_SHOT)
    assert shots[:, 3].tolist() == [BYSTANDER, TARGET]  # the first shot went to the coverer
    assert sc.ch[3, S.CH_HP] == 3
    assert sc.ch[TARGET, S.CH_ALIVE] == 0  # the second shot: helpless, 4 damage
    assert sc.events(codes.E_COVERED)[:, 2].tolist() == [BYSTANDER]


def test_ACT_COVER_needs_light():
    sc = duel(131, 0, dark=True)
    sc.put(BYSTANDER, codes.ARSENAL)
    sc.step({BYSTANDER: [(codes.A_COVER, TARGET, 0)]})
    assert sc.kept(BYSTANDER) == []  # LIGHT-5


def test_RES_4_a_character_killed_by_a_shot_does_not_act_later_in_the_turn():
    """RES-4, HP-3: the target, at 1 HP, declared a pick-up (step 5); a shot of step 2 that
    hits kills him at once, so the axe stays on the floor; when the shot misses he takes it.
    Physical form 3 hits 85%: over 40 games both happen."""
    outcomes = set()
    for game in range(40):
        sc = duel(130, game, physical=3)
        sc.ch[TARGET, S.CH_HP] = 1
        axe = sc.give(BYSTANDER, codes.AXE)
        sc.ch[BYSTANDER, S.CH_HAND] = -1
        sc.lay(axe, codes.ARSENAL)
        sc.step({SHOOTER: [(codes.A_SHOOT, TARGET, 0)], TARGET: [(codes.A_PICKUP, codes.AXE, 0)]})
        killed = sc.ch[TARGET, S.CH_ALIVE] == 0
        assert killed == (sc.ch[TARGET, S.CH_HP] == 0)
        assert (sc.it[axe, S.IT_PLACE] == codes.IN_ROOM) == killed
        outcomes.add(bool(killed))
    assert outcomes == {True, False}

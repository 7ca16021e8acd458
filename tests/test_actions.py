"""Actions of the walking skeleton: moving, boxes, the pump, refuelling, breaking and repairing,
declarations and resolution order (A3, A4, A5, A12)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st_

from balance import codes
from balance import records as R
from balance.config import load_config
from balance.kernel import state as S
from balance.kernel.game import sort_by_initiative
from harness import lit

MOVE_TO = lambda room: (codes.A_MOVE, room, 0)  # noqa: E731


def test_ACT_MOVE_costs_two_AP_and_one_at_initiative_3():
    """ACT-MOVE, STAT-INIT-2, AP-1, GAP-59: with 3 AP a move (2) leaves no room for a 2-AP box;
    at Initiative 3 the move costs 1 and both fit."""
    sc = lit()
    for c, initiative in ((0, 1), (1, 3)):
        sc.put(c, codes.WAREHOUSE)
        sc.ch[c, S.CH_INITIATIVE] = initiative
    plan = [(codes.A_OPEN_BOX, codes.RED_BOX, -1), MOVE_TO(codes.STREET)]
    sc.step({0: plan, 1: plan})
    assert sc.kept(0) == plan[:1]  # 2 + 2 > 3: the later move is lost
    assert sc.kept(1) == plan
    assert sc.ch[1, S.CH_ROOM] == codes.STREET and sc.ch[0, S.CH_ROOM] == codes.WAREHOUSE


def test_GAP_31_one_move_a_turn_and_GAP_1_adjacency():
    """GAP-31: a second move is dropped; GAP-1: rooms of a block are adjacent, other blocks are
    reached through the Street, the Tower only from the Street (MAP-4).
    MAP-2: rooms of a block are joined by doors; MAP-3, LOC-STREET-2: every room has an outside
    door onto the Street, and the Street leads to the Tower."""
    sc = lit()
    sc.put(0, codes.LIVING_QUARTERS)
    sc.ch[0, S.CH_INITIATIVE] = 3
    sc.step({0: [MOVE_TO(codes.FREEZER), MOVE_TO(codes.RADIO_ROOM)]})
    assert sc.kept(0) == [MOVE_TO(codes.FREEZER)]
    assert sc.ch[0, S.CH_ROOM] == codes.FREEZER
    for target in (codes.WAREHOUSE, codes.TOWER):
        sc.step({0: [MOVE_TO(target)]})
        assert sc.kept(0) == []
    adjacent = sc.pk.adjacent
    assert adjacent[codes.TOWER].nonzero()[0].tolist() == [codes.STREET]
    assert adjacent[codes.STREET].sum() == 13
    assert adjacent[codes.LIVING_QUARTERS].nonzero()[0].tolist() == [0, 2, 3, codes.STREET]


@pytest.mark.slow
def test_LIGHT_4_blizzard_misdirection():
    """LIGHT-4, GAP-2: leaving the Street in a blizzard (turn 1 is stormy), a move lands in the
    chosen room with probability 1/2, else uniformly in another room of its block; heading for
    the Tower, else in a random indoor room. 2,000 trials each: 3.29 standard errors. No room
    is locked here: GAP-2's locks are tested in tests/test_doors_in_play.py."""
    n = 2000
    arrivals = np.zeros(codes.N_ROOMS, dtype=int)
    tower = 0
    for game in range(n):
        sc = lit(seed=21, game=game, sets=("doors.locked_rooms=[]",))
        sc.put(0, codes.STREET).put(1, codes.STREET)
        sc.step({0: [MOVE_TO(codes.WAREHOUSE)], 1: [MOVE_TO(codes.TOWER)]})
        arrivals[sc.ch[0, S.CH_ROOM]] += 1
        tower += sc.ch[1, S.CH_ROOM] == codes.TOWER
        assert sc.ch[1, S.CH_ROOM] in list(range(codes.N_INDOOR)) + [codes.TOWER]
    tol = 3.29 * np.sqrt(0.25 / n)
    assert abs(arrivals[codes.WAREHOUSE] / n - 0.5) < tol
    assert abs(tower / n - 0.5) < tol
    others = arrivals[[codes.GENERATOR_2, codes.LABORATORY, codes.KENNEL]]
    assert others.sum() + arrivals[codes.WAREHOUSE] == n
    assert all(abs(k / n - 1 / 6) < 3.29 * np.sqrt(1 / 6 * 5 / 6 / n) for k in others)


def test_LIGHT_4_no_misdirection_in_clear_weather():
    sc = lit(seed=2)
    sc.run(1)
    while sc.st[S.ST_WEATHER + sc.turn + 1] != codes.CLEAR:
        sc.step()
    sc.put(0, codes.STREET)
    sc.step({0: [MOVE_TO(codes.WAREHOUSE)]})
    assert sc.ch[0, S.CH_ROOM] == codes.WAREHOUSE


def test_LOC_WAREHOUSE_3_yellow_boxes_without_replacement_and_parka_worn():
    """LOC-WAREHOUSE-3, GAP-19, ITEM-PARKA: the 15 yellow boxes hold exactly 10 parkas and 5
    flashlights; the first parka is worn at once, leaving both hands free (INV-7); then no
    yellow box is left."""
    sc = lit()
    sc.put(0, codes.WAREHOUSE)
    sc.ch[0, S.CH_INITIATIVE] = 1  # no reroll
    found = []
    for _ in range(16):
        for h in range(2):  # empty the hands so a box can be opened
            i = sc.ch[0, S.CH_HAND + h]
            if i >= 0:
                sc.it[i, S.IT_PLACE] = codes.DESTROYED
                sc.ch[0, S.CH_HAND + h] = -1
        before = len(sc.events(codes.E_BOX))
        sc.step({0: [(codes.A_OPEN_BOX, codes.YELLOW_BOX, -1)]})
        boxes = sc.events(codes.E_BOX)
        if len(boxes) > before:
            found.append(int(boxes[-1, 5]))
            if found == [codes.PARKA]:
                assert sc.ch[0, S.CH_WORN] >= 0
                assert sc.ch[0, S.CH_HAND] == sc.ch[0, S.CH_HAND + 1] == -1
    assert sorted(found) == [codes.PARKA] * 10 + [codes.FLASHLIGHT_ITEM] * 5
    assert sc.ch[0, S.CH_WORN] >= 0 and sc.rec[R.C_PARKAS_TAKEN] == 10
    assert sc.st[S.ST_YELLOW_LEFT] == 0


@pytest.mark.slow
def test_STAT_INIT_1_reroll_when_opening_a_box():
    """STAT-INIT-1, LOC-WAREHOUSE-5, GAP-19: wanting a parka from the first yellow box gives 2/3
    at Initiative 1 and 1 - (1/3)^2 = 8/9 with the reroll at Initiative 2+ (1,500 trials
    each)."""
    n = 1500
    for initiative, p in ((1, 2 / 3), (2, 8 / 9)):
        parkas = 0
        for game in range(n):
            sc = lit(seed=33, game=game)
            sc.put(0, codes.WAREHOUSE)
            sc.ch[0, S.CH_INITIATIVE] = initiative
            sc.step({0: [(codes.A_OPEN_BOX, codes.YELLOW_BOX, codes.PARKA)]})
            parkas += sc.ch[0, S.CH_WORN] >= 0
        assert abs(parkas / n - p) < 3.29 * np.sqrt(p * (1 - p) / n), initiative


def test_LOC_WAREHOUSE_1_red_boxes_axes_then_empty_canisters():
    """LOC-WAREHOUSE-1, GAP-18, GAP-19: an axe with 20% while any of the 3 remain, else an empty
    canister; a box needs a free hand (LOC-WAREHOUSE-4)."""
    sc = lit(seed=4)
    sc.put(0, codes.WAREHOUSE)
    kinds = []
    for _ in range(50):
        for h in range(2):
            i = sc.ch[0, S.CH_HAND + h]
            if i >= 0:
                kinds.append((int(sc.it[i, S.IT_KIND]), int(sc.it[i, S.IT_FUEL])))
                sc.it[i, S.IT_PLACE] = codes.DESTROYED
                sc.ch[0, S.CH_HAND + h] = -1
        sc.step({0: [(codes.A_OPEN_BOX, codes.RED_BOX, -1)]})
    axes = [k for k in kinds if k[0] == codes.AXE]
    cans = [k for k in kinds if k[0] == codes.CANISTER]
    assert len(axes) == 3 and len(axes) + len(cans) == len(kinds)
    assert all(fuel == 0 for _, fuel in cans)
    sc.give(0, codes.SCRAP, hand=0)
    sc.give(0, codes.SCRAP, hand=1)
    before = len(sc.events(codes.E_BOX))
    sc.step({0: [(codes.A_OPEN_BOX, codes.RED_BOX, -1)]})
    assert len(sc.events(codes.E_BOX)) == before


def test_LOC_FUEL_1_pump_fills_only_empty_canisters_to_full():
    """LOC-FUEL-1, GAP-18: 1 AP, an empty canister in hand becomes full; a part-full one does not
    change; a broken pump fills nothing."""
    sc = lit()
    sc.put(0, codes.FUEL_ROOM)
    empty = sc.give(0, codes.CANISTER, fuel=0, hand=0)
    part = sc.give(0, codes.CANISTER, fuel=30, hand=1)
    sc.step({0: [(codes.A_FILL, 0, 0), (codes.A_FILL, 1, 0)]})
    assert sc.it[empty, S.IT_FUEL] == 60 and sc.it[part, S.IT_FUEL] == 30
    sc.it[empty, S.IT_FUEL] = 0
    sc.st[S.ST_PUMP_BROKEN] = 1
    sc.step({0: [(codes.A_FILL, 0, 0)]})
    assert sc.it[empty, S.IT_FUEL] == 0


def test_ACT_BREAK_generator_stops_at_once_and_axe_saves_an_AP():
    """ACT-BREAK, GAP-20, ITEM-AXE: breaking costs 2 AP (1 with an axe in hand) and succeeds;
    the broken generator stops at once (GEN-3), its block's lighting held for the turn (GAP-22),
    dark from the next turn start, and it burns nothing.
    AP-5: breaking gives no chance, so it always succeeds."""
    sc = lit()
    sc.put(0, codes.GENERATOR_1).put(1, codes.GENERATOR_2)
    sc.give(1, codes.AXE)
    brk = (codes.A_BREAK, codes.OBJ_GENERATOR, 0)
    sc.step({0: [brk, brk], 1: [brk, brk, brk]})
    assert len(sc.kept(0)) == 1 and len(sc.kept(1)) == 3
    assert sc.st[S.ST_GEN_RUNNING : S.ST_GEN_RUNNING + 3].tolist() == [0, 0, 1]
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.LIGHT
    fuel = sc.st[S.ST_GEN_FUEL]
    sc.step()
    assert sc.st[S.ST_GEN_RUNNING : S.ST_GEN_RUNNING + 3].tolist() == [0, 0, 1]
    assert sc.st[S.ST_GEN_FUEL] == fuel
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    assert sc.rec[R.C_GENERATOR_BREAKS] == 2


@pytest.mark.slow
def test_ACT_REPAIR_chances_tools_and_injury():
    """ACT-REPAIR, GAP-20, STAT-ERUD-1: in light 90% with spare parts in hand (used up only on
    success), 50% without; a failure hurts with 30% below Erudition 2, never from 2 up. The
    pump's room is lit, so the printed chances apply (1,500 trials each, 3.29 s.e.)."""
    n = 1500
    for tool, p in ((True, 0.9), (False, 0.5)):
        ok = hurt = fails = 0
        for game in range(n):
            sc = lit(seed=55, game=game)
            sc.put(0, codes.FUEL_ROOM)
            sc.ch[0, S.CH_ERUDITION] = 1
            sc.st[S.ST_PUMP_BROKEN] = 1
            parts = sc.give(0, codes.SPARE_PARTS) if tool else -1
            sc.step({0: [(codes.A_REPAIR, codes.OBJ_PUMP, 0)]})
            repaired = sc.st[S.ST_PUMP_BROKEN] == 0
            ok += repaired
            if tool:
                assert (sc.it[parts, S.IT_PLACE] == codes.DESTROYED) == repaired
            if not repaired:
                fails += 1
                hurt += sc.ch[0, S.CH_HP] == 2
        assert abs(ok / n - p) < 3.29 * np.sqrt(p * (1 - p) / n)
        assert abs(hurt / fails - 0.3) < 3.29 * np.sqrt(0.21 / fails)


def test_STAT_ERUD_1_no_repair_injury_from_erudition_2():
    for game in range(200):
        sc = lit(seed=56, game=game)
        sc.put(0, codes.FUEL_ROOM)
        sc.ch[0, S.CH_ERUDITION] = 2
        sc.st[S.ST_PUMP_BROKEN] = 1
        sc.step({0: [(codes.A_REPAIR, codes.OBJ_PUMP, 0)]})
        assert sc.ch[0, S.CH_HP] == 3


def test_LIGHT_2_darkness_halves_a_repair():
    """LIGHT-2, GAP-27: a broken generator darkens its room, so repairing it there succeeds at
    half the chance: 45% with parts (1,500 trials)."""
    n, ok = 1500, 0
    for game in range(n):
        sc = lit(seed=57, game=game)
        sc.put(0, codes.GENERATOR_1)
        sc.st[S.ST_GEN_BROKEN] = 1
        sc.give(0, codes.SPARE_PARTS)
        sc.step({0: [(codes.A_REPAIR, codes.OBJ_GENERATOR, 0)]})
        assert sc.st[S.ST_LIGHTING + codes.GENERATOR_1] == codes.DARK
        ok += sc.st[S.ST_GEN_BROKEN] == 0
    assert abs(ok / n - 0.45) < 3.29 * np.sqrt(0.45 * 0.55 / n)


def test_LIGHT_4_a_blizzard_halves_a_humans_chance_and_THING_P_1_not_a_things():
    """LIGHT-4 (a decision: the source is silent): on the Street in a blizzard a human's chance
    is halved as in the dark (LIGHT-2); a hidden Thing's Night vision spares it (THING-P-1).
    In clear weather the Street is dark: the same."""
    from balance.kernel.hindering import success_chance

    sc = lit()
    sc.make_thing(1)
    sc.put(0, codes.STREET).put(1, codes.STREET)
    for light in (codes.BLIZZARD, codes.DARK, codes.LIGHT):
        sc.st[S.ST_LIGHTING + codes.STREET] = light
        human, thing = (
            success_chance(sc.ch, sc.st, sc.pk.fp, c, 0.6, codes.A_SHOOT, -1) for c in (0, 1)
        )
        assert (human, thing) == ((0.6, 0.6) if light == codes.LIGHT else (0.3, 0.6))


def test_LIGHT_4_nobody_can_be_aimed_at_in_a_blizzard():
    """LIGHT-4: in a blizzard «вы не видите, кто находится в локации (включая Нечто)», so an
    act aimed at someone there is refused when declared: a shot, a blow, taking a hand-over,
    the active Thing's claws and throw back. On the dark Street of a clear turn (turn 2 here)
    they are allowed. Turn 1 is stormy (WEATHER-1)."""
    plans = {
        0: [(codes.A_SHOOT, 1, 0), (codes.A_MELEE, 1, 1)],
        1: [(codes.A_RECEIVE, 0, codes.PISTOL)],
        2: [(codes.A_THROW_BACK, 1, 0), (codes.A_CLAWS, 1, 0)],
    }
    for c, acts in plans.items():
        for plan in acts:
            for turn, light in ((1, codes.BLIZZARD), (2, codes.DARK)):
                sc = lit()
                sc.put(0, codes.STREET).put(1, codes.STREET).put(2, codes.STREET)
                sc.give(0, codes.PISTOL)
                sc.give(0, codes.AXE, hand=1)
                sc.make_thing(2)
                sc.ch[2, S.CH_FORM] = codes.THING_ACTIVE
                sc.st[S.ST_WEATHER + 2] = codes.CLEAR
                if turn == 2:
                    sc.step()
                sc.step({c: [plan]})
                assert sc.st[S.ST_LIGHTING + codes.STREET] == light
                assert sc.kept(c) == ([] if light == codes.BLIZZARD else [plan]), plan


PICK_CANISTER = [(codes.A_PICKUP, codes.CANISTER, 0)]


def last_canister(initiatives, plans):
    """Two characters in the Warehouse with these Initiatives reach for the one canister lying
    there with these declarations; returns the scenario and the canister's id."""
    sc = lit()
    sc.put(0, codes.WAREHOUSE).put(1, codes.WAREHOUSE)
    i = sc.give(2, codes.CANISTER)
    sc.ch[2, S.CH_HAND] = -1
    sc.lay(i, codes.WAREHOUSE)
    for c, initiative in enumerate(initiatives):
        sc.ch[c, S.CH_INITIATIVE] = initiative
    sc.step(dict(enumerate(plans)))
    return sc, i


def test_RES_3_higher_initiative_takes_the_last_item_first():
    """RES-3, RES-2, STAT-3: two characters pick up the one canister lying here; Initiative
    decides."""
    for first, second in ((0, 1), (1, 0)):
        initiatives = [3, 1] if first == 0 else [1, 3]
        sc, i = last_canister(initiatives, [PICK_CANISTER, PICK_CANISTER])
        assert sc.ch[first, S.CH_HAND] == i and sc.ch[second, S.CH_HAND] == -1


@settings(max_examples=300, deadline=None)
@given(
    rows=st_.lists(
        st_.tuples(
            st_.integers(0, 4),  # this turn's Initiative
            st_.integers(0, 3),  # the tiebreak's high 32 bits: few values, so that they tie
            st_.integers(0, 2**31 - 1),  # its low 31 bits
        ),
        min_size=1,
        max_size=16,
    )
)
def test_RES_3_sort_by_initiative_orders_by_initiative_then_the_whole_tiebreak(rows):
    """RES-3: higher Initiative first, equal Initiative by the lower 63-bit tiebreak, equal
    tiebreaks in seat order. The sort compares one key of the Initiative and the tiebreak's high
    bits; where those tie, the whole tiebreak must still decide."""
    ch = np.zeros((len(rows), S.N_CH), dtype=np.int64)
    for c, (initiative, high, low) in enumerate(rows):
        ch[c, S.CH_ORDER_INITIATIVE] = initiative
        ch[c, S.CH_TIEBREAK] = (high << 31) | low
    order = np.full(len(rows), -1, dtype=np.int64)
    sort_by_initiative(ch, order)
    expected = sorted(range(len(rows)), key=lambda c: (-rows[c][0], ch[c, S.CH_TIEBREAK]))
    assert order.tolist() == expected


def test_AP_9_an_action_flagged_last_resolves_after_the_others_of_its_step():
    """AP-9, GAP-59: the faster character flags his pick-up 'last' (a free marker): the slower
    one takes the canister. Flagged by both, Initiative orders them again."""
    flag = [(codes.A_RESOLVE_LAST, codes.A_PICKUP, 0)]
    sc, i = last_canister([3, 1], [flag + PICK_CANISTER, PICK_CANISTER])
    assert sc.kept(0) == flag + PICK_CANISTER  # the marker costs nothing
    assert sc.ch[1, S.CH_HAND] == i and sc.ch[0, S.CH_HAND] == -1
    sc, i = last_canister([3, 1], [flag + PICK_CANISTER, flag + PICK_CANISTER])
    assert sc.ch[0, S.CH_HAND] == i and sc.ch[1, S.CH_HAND] == -1


def test_AP_9_the_flag_applies_to_its_own_kind_of_action_only():
    flag_moves = [(codes.A_RESOLVE_LAST, codes.A_MOVE, 0)]
    sc, i = last_canister([3, 1], [flag_moves + PICK_CANISTER, PICK_CANISTER])
    assert sc.ch[0, S.CH_HAND] == i


def test_AP_10_lowering_initiative_to_0_lets_the_slower_go_first():
    """AP-10: Initiative 3 lowered to 0 for the turn resolves after Initiative 1; his own
    Initiative (and its abilities) are unchanged."""
    lower = [(codes.A_LOWER_INITIATIVE, 0, 0)]
    sc, i = last_canister([3, 1], [lower + PICK_CANISTER, PICK_CANISTER])
    assert sc.kept(0) == lower + PICK_CANISTER
    assert sc.ch[1, S.CH_HAND] == i and sc.ch[0, S.CH_HAND] == -1
    assert sc.ch[0, S.CH_INITIATIVE] == 3


def test_RES_ORDER_refuelling_in_step_7_comes_before_breaking_in_step_8():
    """RES-ORDER (000: 7. починка, заправка генератора; 8. поломка): a refuel and a break of the
    same generator in one turn: the fuel goes in first, then the generator is broken, and a
    repair declared that turn finds it intact (ACT-REPAIR: broken at the start of the turn)."""
    sc = lit()
    for c in range(3):
        sc.put(c, codes.GENERATOR_1)
    sc.st[S.ST_GEN_FUEL] = 100
    sc.give(0, codes.CANISTER, fuel=30)
    sc.give(2, codes.SPARE_PARTS)
    sc.step(
        {
            0: [(codes.A_REFUEL, 0, 0)],
            1: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)],
            2: [(codes.A_REPAIR, codes.OBJ_GENERATOR, 0)],
        }
    )
    assert sc.st[S.ST_GEN_FUEL] == 130 and sc.st[S.ST_GEN_BROKEN] == 1
    assert sc.events(codes.E_REPAIR).shape[0] == 0 and sc.ch[2, S.CH_HAND] >= 0


def test_RES_ORDER_AP_4_exit_in_step_10_after_filling_in_step_9():
    """RES-ORDER, AP-4: listed first, the move still resolves after the pump (step 9 before the
    exit in step 10), so the canister is filled before leaving."""
    sc = lit()
    sc.put(0, codes.FUEL_ROOM)
    sc.ch[0, S.CH_INITIATIVE] = 1
    can = sc.give(0, codes.CANISTER)
    sc.step({0: [MOVE_TO(codes.STREET), (codes.A_FILL, 0, 0)]})
    assert sc.it[can, S.IT_FUEL] == 60 and sc.ch[0, S.CH_ROOM] == codes.STREET


# The catalogue's printed AP (A4): one filled star, one AP (AP-2); ACT-SHOOT's lone star is
# GAP-13's 1 AP.
CATALOGUE_AP = {
    "items.pickup_ap": 1,  # ACT-PICKUP
    "items.give_ap": 1,  # ACT-GIVE
    "items.receive_ap": 1,  # ACT-RECEIVE
    "items.flashlight_ap": 1,  # ACT-FLASHLIGHT
    "radio.toggle_ap": 1,  # ACT-RADIO-TOGGLE
    "items.fuel_ap": 1,  # ACT-FUEL
    "items.backpack_ap": 1,  # ACT-BACKPACK
    "food.eat_ap": 1,  # ACT-EAT
    "vials.drink_ap": 1,  # ACT-DRINK
    "move.ap": 2,  # ACT-MOVE
    "combat.melee_ap": 2,  # ACT-MELEE
    "break.ap": 2,  # ACT-BREAK
    "doors.break_ap": 2,  # ACT-BREAK: doors always 2
    "items.destroy_ap": 2,  # ACT-DESTROY
    "laboratory.blood_self_ap": 2,  # ACT-BLOOD-SELF
    "corpse.burn_ap": 2,  # ACT-BURN-CORPSE
    "repair.ap": 3,  # ACT-REPAIR
    "items.parka_off_ap": 0,  # ACT-PARKA
    "food.dose_ap": 0,  # ACT-DOSE-FOOD
    "combat.reload_ap": 1,  # ACT-RELOAD
    "combat.shoot_ap": 1,  # ACT-SHOOT, GAP-13
    "combat.cover_ap": 1,  # ACT-COVER
    "healing.bandage_ap": 2,  # ACT-BANDAGE
    "healing.firstaid_ap": 2,  # ACT-FIRSTAID
    "follow.ap": 2,  # ACT-FOLLOW
    "hinder.ap": 3,  # ACT-HINDER-CHAR, ACT-HINDER-TARGET
    "radio.speak_ap": 0,  # ACT-RADIO-SPEAK
    "doors.code_ap": 1,  # ACT-CODE
    "doors.idcard_ap": 0,  # ACT-IDCARD
}


def test_AP_2_the_default_costs_are_the_catalogues_stars():
    """AP-2: each filled star of the catalogue costs 1 AP; the defaults of configs/base.toml
    are the printed costs, and a declaration costs what its key says."""
    cfg = load_config(12)
    assert {key: cfg[key] for key in CATALOGUE_AP} == CATALOGUE_AP
    # a destroy (2) and a pick-up (1) fill the 3 AP; the second pick-up is dropped
    sc = lit()
    sc.put(0, codes.WAREHOUSE)
    sc.give(0, codes.AXE)
    plan = [(codes.A_DESTROY, codes.AXE, 1), PICK_CANISTER[0], PICK_CANISTER[0]]
    sc.step({0: plan})
    assert sc.kept(0) == plan[:2]
    sc = lit(sets=("items.destroy_ap=1",))
    sc.put(0, codes.WAREHOUSE)
    sc.give(0, codes.AXE)
    sc.step({0: plan})
    assert sc.kept(0) == plan


def lying_here(sc, room, *kinds):
    """Items of these kinds lying in `room` (handed to character 11 in the Tower, then laid)."""
    items = [sc.give(11, kind, hand=h) for h, kind in enumerate(kinds)]
    sc.ch[11, S.CH_HAND : S.CH_HAND + 2] = -1
    for i in items:
        sc.lay(i, room)
    return items


def test_ACT_PICKUP_into_a_hand_or_the_backpack_and_LIGHT_2_never_in_the_dark():
    """ACT-PICKUP: 1 AP each, an item lying here goes into a free hand (arg 0) or the backpack
    (arg 1); LIGHT-2: in the dark nothing lying here can be seen or taken."""
    sc = lit()
    sc.put(0, codes.WAREHOUSE)
    first, second = lying_here(sc, codes.WAREHOUSE, codes.AXE, codes.AXE)
    (canister,) = lying_here(sc, codes.WAREHOUSE, codes.CANISTER)
    pick = [(codes.A_PICKUP, codes.AXE, 0), (codes.A_PICKUP, codes.AXE, 1)]
    sc.step({0: pick + PICK_CANISTER + PICK_CANISTER})
    assert sc.kept(0) == pick + PICK_CANISTER  # 3 AP: the fourth is dropped
    hands = {sc.ch[0, S.CH_HAND], sc.ch[0, S.CH_HAND + 1]}
    assert hands == {canister, first} or hands == {canister, second}
    assert sc.ch[0, S.CH_BACKPACK] in (first, second)
    assert sc.it[sc.ch[0, S.CH_BACKPACK], S.IT_PLACE] == codes.IN_BACKPACK
    sc = lit()
    sc.put(0, codes.WAREHOUSE)
    (canister,) = lying_here(sc, codes.WAREHOUSE, codes.CANISTER)
    sc.st[S.ST_GEN_BROKEN + 1] = 1  # the Warehouse's block is dark from this turn
    sc.step({0: PICK_CANISTER})
    assert sc.st[S.ST_LIGHTING + codes.WAREHOUSE] == codes.DARK
    assert sc.it[canister, S.IT_PLACE] == codes.IN_ROOM and sc.ch[0, S.CH_HAND] == -1


@pytest.mark.parametrize("backpack_ap, kept", [(1, 2), (0, 3)])
def test_INV_4_GAP_23_the_backpack_costs_1_AP_or_nothing_in_the_variant(backpack_ap, kept):
    """GAP-23, INV-4: moving an item between hand and backpack costs the action list's 1 AP
    (`items.backpack_ap`); the inventory text's "free action" is the variant 0. Two moves to
    the backpack and a walk (2 AP) fit in 3 AP only when the backpack is free."""
    sc = lit(sets=(f"items.backpack_ap={backpack_ap}",))
    sc.put(0, codes.WAREHOUSE)
    sc.give(0, codes.AXE)
    sc.give(0, codes.SCRAP, hand=1)
    plan = [(codes.A_BACKPACK, 0, 0), (codes.A_BACKPACK, 1, 1), MOVE_TO(codes.STREET)]
    sc.step({0: plan})
    assert sc.kept(0) == plan[:kept]
    assert sc.ch[0, S.CH_HAND] == -1 and sc.ch[0, S.CH_HAND + 1] == -1

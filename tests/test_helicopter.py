"""The helicopter: parts, tank, preparation, seats and what a flight means (HELI-1..6, WIN-4,
GAP-7, GAP-57), and the Radio room's wires (LOC-RADIO-2, ITEM-WIRES)."""

import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from balance.kernel.helicopter import boarding_open, prepare
from balance.observation import (
    O_HELI_BOARDING,
    O_HELI_BROKEN,
    O_HELI_FUEL,
    O_HELI_PILOT,
    UNSEEN,
)
from harness import lit

FULL = codes.FUEL_UNITS
SURE_REPAIR = ("repair.chance_with_tool=1",)
PARTS = (codes.OBJ_ENGINE, codes.OBJ_ROTOR, codes.OBJ_PANEL)
TOOLS = (codes.SPARE_PARTS, codes.SCRAP, codes.WIRES)
PILOT = 0


def hangar(team: int = 6, sets: tuple[str, ...] = SURE_REPAIR, seed: int = 1):
    """Everyone in the Tower, `team` of them in the lit hangar; all human but the last, a Thing
    who stays in the Tower so that the game goes on."""
    sc = lit(seed=seed, sets=sets).make_thing(11)
    for c in range(team):
        sc.put(c, codes.HANGAR)
    return sc


def fuelled_and_repaired(sc):
    """A scripted team, from the broken start: three mechanics repair the three parts with their
    tools (step 7) while three others pour a full canister each into the tank (step 9)."""
    assert [int(sc.st[S.ST_HELI_BROKEN + k]) for k in range(3)] == [1, 1, 1]  # HELI-2
    assert sc.st[S.ST_HELI_FUEL] == 0
    for c, tool in enumerate(TOOLS):
        sc.give(c, tool)
    for c in (3, 4, 5):
        sc.give(c, codes.CANISTER, fuel=FULL)
    sc.step(
        {
            **{c: [(codes.A_REPAIR, PARTS[c], 0)] for c in range(3)},
            **{c: [(codes.A_HELI_FUEL, 0, 0)] for c in (3, 4, 5)},
        }
    )
    assert [int(sc.st[S.ST_HELI_BROKEN + k]) for k in range(3)] == [0, 0, 0]
    assert sc.st[S.ST_HELI_FUEL] == 3 * FULL  # HELI-2: 3 canisters
    for c in range(3):  # GAP-20: each tool is used up on success
        assert sc.ch[c, S.CH_HAND] == -1


def prepared(team: int = 6, sets: tuple[str, ...] = SURE_REPAIR, seed: int = 1):
    sc = hangar(team, sets, seed)
    fuelled_and_repaired(sc)
    sc.step({PILOT: [(codes.A_HELI_PREPARE, 0, 0)]})  # HELI-4
    assert sc.st[S.ST_HELI_PREPARED] == 2 and sc.st[S.ST_HELI_PILOT] == PILOT
    assert sc.rec[R.C_HELI_PREPARED_TURN] == 2
    return sc


BOARD = [(codes.A_HELI_BOARD, 0, 0)]


def test_HELI_3_HELI_4_HELI_5_a_team_repairs_fuels_and_flies():
    """HELI-2..5, WIN-4, GAP-7: repair and fuel on turn 1, prepare on turn 2, fly on turn 3;
    the four aboard have left the station and the game goes on for the others."""
    sc = prepared()
    sc.step({c: BOARD for c in range(4)})
    assert sc.st[S.ST_HELI_GONE] == 1
    assert [int(sc.ch[c, S.CH_LEFT_STATION]) for c in range(6)] == [2, 2, 2, 2, 0, 0]
    takeoff = sc.events(codes.E_TAKEOFF)
    assert takeoff.shape[0] == 1 and takeoff[0, 4] == 4 and takeoff[0, 5] == 0
    assert not sc.over  # humans are left on the station with the Thing: the game goes on
    rec = sc.finish()
    assert rec[R.C_HUMANS_ESCAPED] == 4
    # GAP-7: one flight: nothing is left to interact with
    sc.put(4, codes.HANGAR)
    sc.step({4: [(codes.A_HELI_PREPARE, 0, 0)]})
    assert sc.kept(4) == []


def test_HELI_5_GAP_57_four_seats_and_the_pilot_always_has_one():
    """HELI-5, GAP-57: six want to fly; seats go in resolution order (Initiative) but one is
    kept for the pilot, who resolves last here: the pilot plus the three fastest others."""
    sc = prepared()
    sc.ch[:, S.CH_INITIATIVE] = 2
    sc.ch[PILOT, S.CH_INITIATIVE] = 1
    for c, initiative in ((1, 3), (2, 3), (3, 3)):
        sc.ch[c, S.CH_INITIATIVE] = initiative
    sc.step({c: BOARD for c in range(6)})
    left = [int(sc.ch[c, S.CH_LEFT_STATION]) for c in range(6)]
    assert left == [2, 2, 2, 2, 0, 0]
    seated = sc.events(codes.E_HELI_BOARD)
    # RES-3: the three at Initiative 3 in a random order, the pilot last and flagged as the pilot
    assert sorted(seated[:3, 2].tolist()) == [1, 2, 3] and seated[3, 2] == PILOT
    assert seated[:, 4].tolist() == [0, 0, 0, 1]


def test_HELI_5_no_take_off_without_the_pilot_and_GAP_57_preparation_lasts_one_turn():
    sc = prepared()
    sc.step({c: BOARD for c in (1, 2, 3)})  # the pilot changed his mind
    assert sc.st[S.ST_HELI_GONE] == 0
    assert all(sc.ch[c, S.CH_LEFT_STATION] == 0 for c in range(6))
    sc.step({c: BOARD for c in range(4)})  # turn 4: the preparation of turn 2 has lapsed
    assert all(sc.kept(c) == [] for c in range(4))
    assert sc.st[S.ST_HELI_GONE] == 0


@pytest.mark.parametrize("pilot_first", [True, False])
def test_HELI_5_a_second_preparation_on_the_boarding_turn_cannot_ground_the_flight(pilot_first):
    """HELI-5: «Пилот, готовивший вертолет на прошлом ходу, гарантированно получает место»:
    on turn 3 the pilot boards while another prepares again; the preparation is refused at
    declaration and the helicopter leaves with the pilot, whichever resolves first (RES-3)."""
    sc = prepared()
    sc.ch[PILOT, S.CH_INITIATIVE] = 3 if pilot_first else 1
    sc.ch[1, S.CH_INITIATIVE] = 1 if pilot_first else 3
    sc.step({PILOT: BOARD, 1: [(codes.A_HELI_PREPARE, 0, 0)]})
    assert sc.st[S.ST_HELI_GONE] == 1 and sc.ch[PILOT, S.CH_LEFT_STATION] == 2
    assert sc.kept(1) == []
    assert sc.st[S.ST_HELI_PREPARED] == 2 and sc.st[S.ST_HELI_PILOT] == PILOT


def test_HELI_5_a_preparation_resolving_while_boarding_is_open_changes_nothing():
    """HELI-5: at resolution too, a preparation while boarding for last turn's is open keeps
    last turn's pilot and turn (so resolution order cannot matter)."""
    sc = prepared()
    sc.begin_turn()  # turn 3: boarding is open
    assert boarding_open(sc.st)
    prepare(sc.ch, sc.st, sc.g.events, sc.pk.ip, 1, sc.rec)
    assert sc.st[S.ST_HELI_PREPARED] == 2 and sc.st[S.ST_HELI_PILOT] == PILOT
    assert sc.events(codes.E_HELI_PREPARED).shape[0] == 1


def test_HELI_5_one_refusal_cancels_the_flight():
    """HELI-5, GAP-57: every boarder accepts or rejects the group (A_HELI_BOARD's arg is the
    set of characters he will not fly with); one rejection and nobody leaves this turn."""
    sc = prepared()
    refuse_2 = [(codes.A_HELI_BOARD, 0, 1 << 2)]
    sc.step({0: BOARD, 1: refuse_2, 2: BOARD, 3: BOARD})
    assert sc.st[S.ST_HELI_GONE] == 0
    assert sc.events(codes.E_HELI_REFUSED)[:, 2].tolist() == [1]
    assert all(sc.ch[c, S.CH_LEFT_STATION] == 0 for c in range(6))


def test_GAP_7_a_Thing_aboard_wins_at_once():
    sc = prepared()
    sc.make_thing(2)
    sc.step({c: BOARD for c in range(4)})
    assert sc.over and sc.ended_turn == 3
    assert sc.st[S.ST_WINNER] == codes.THINGS and sc.st[S.ST_REASON] == codes.R_THING_ESCAPED
    assert sc.events(codes.E_TAKEOFF)[0, 5] == 1


def test_GAP_7_an_infected_human_aboard_rolls_conversion_at_once():
    """GAP-7, INF-7: a re-infected human converts for certain: the flight carries a Thing."""
    sc = prepared()
    sc.ch[1, S.CH_INFECTED] = 1
    sc.ch[1, S.CH_SURE_CONVERSION] = 1
    sc.ch[1, S.CH_BLACKOUT_TURN] = 9
    sc.step({c: BOARD for c in range(4)})
    assert sc.ch[1, S.CH_FORM] == codes.THING_HIDDEN and sc.ch[1, S.CH_INFECTED] == 0
    assert sc.st[S.ST_REASON] == codes.R_THING_ESCAPED
    assert sc.rec[R.C_CONVERSIONS] == 1


def test_WIN_4_GAP_9_the_last_humans_fly_away():
    """GAP-7, GAP-9: when no human is left on the station but some flew away, the Things have
    not won: the game ends as an escape, a human win."""
    sc = prepared(team=6)
    for c in range(4, 11):
        sc.ch[c, S.CH_ALIVE] = 0
    sc.step({c: BOARD for c in range(4)})
    assert sc.over and sc.ended_turn == 3
    assert sc.st[S.ST_WINNER] == codes.HUMANS and sc.st[S.ST_REASON] == codes.R_ESCAPE


def test_HELI_6_a_part_broken_in_step_8_grounds_the_flight_of_step_9():
    """HELI-6: breaking (step 8) comes before the take-off (step 9) of the same turn."""
    sc = prepared()
    sc.make_thing(5)
    sc.step({**{c: BOARD for c in range(4)}, 5: [(codes.A_BREAK, codes.OBJ_ROTOR, 0)]})
    assert sc.st[S.ST_HELI_BROKEN + 1] == 1
    assert sc.st[S.ST_HELI_GONE] == 0 and sc.events(codes.E_HELI_BOARD).shape[0] == 0


def test_HELI_5_fuel_taken_out_after_the_seats_grounds_the_flight():
    """HELI-5: the helicopter leaves only if it is still intact and fuelled at take-off, after
    step 9: fuel drawn out of the tank later in step 9 than the seats were taken keeps everyone
    on the station, the seats emptied."""
    sc = prepared()
    for c in range(4):
        sc.ch[c, S.CH_INITIATIVE] = 3  # seated before character 4 resolves (RES-3)
    sc.ch[4, S.CH_INITIATIVE] = 1
    sc.give(4, codes.CANISTER, fuel=0)
    sc.step({**{c: BOARD for c in range(4)}, 4: [(codes.A_HELI_FUEL, 0, 1)]})
    assert sc.events(codes.E_HELI_BOARD).shape[0] == 4
    assert sc.st[S.ST_HELI_FUEL] == 2 * FULL
    assert sc.st[S.ST_HELI_GONE] == 0 and sc.events(codes.E_TAKEOFF).shape[0] == 0
    assert all(sc.ch[c, S.CH_LEFT_STATION] == 0 for c in range(6))
    assert all(sc.ch[c, S.CH_SEATED] == 0 for c in range(6))


def test_HELI_6_repair_in_step_7_then_break_in_step_8():
    sc = hangar()
    sc.give(0, codes.SPARE_PARTS)
    sc.step({0: [(codes.A_REPAIR, codes.OBJ_ENGINE, 0)], 1: [(codes.A_BREAK, codes.OBJ_ENGINE, 0)]})
    assert sc.events(codes.E_REPAIR)[0, 5] == 1
    assert sc.st[S.ST_HELI_BROKEN] == 1


@pytest.mark.parametrize("part, tool", list(zip(PARTS, TOOLS)))
def test_HELI_2_each_part_has_its_own_tool(part, tool):
    """HELI-2, ITEM-PARTS/SCRAP/WIRES: with the right tool the repair is certain here (chance
    set to 1) and the tool is used up; with another part's tool it is the 50% toolless repair
    (set to 0 here) and nothing is used up."""
    sc = hangar(sets=("repair.chance_with_tool=1", "repair.chance_without_tool=0"))
    wrong = TOOLS[(TOOLS.index(tool) + 1) % 3]
    sc.give(0, wrong)
    sc.step({0: [(codes.A_REPAIR, part, 0)]})
    assert sc.st[S.ST_HELI_BROKEN + PARTS.index(part)] == 1 and sc.ch[0, S.CH_HAND] >= 0
    sc.give(1, tool)
    sc.step({1: [(codes.A_REPAIR, part, 0)]})
    assert sc.st[S.ST_HELI_BROKEN + PARTS.index(part)] == 0 and sc.ch[1, S.CH_HAND] == -1


def test_HELI_3_fuel_into_and_out_of_the_tank():
    """HELI-3, GAP-18: transfers move min(source, free space), both ways."""
    sc = hangar()
    sc.give(0, codes.CANISTER, fuel=FULL)
    sc.give(0, codes.CANISTER, fuel=FULL, hand=1)
    sc.st[S.ST_HELI_FUEL] = 2 * FULL + 20
    sc.step({0: [(codes.A_HELI_FUEL, 0, 0), (codes.A_HELI_FUEL, 1, 0)]})
    assert sc.st[S.ST_HELI_FUEL] == 3 * FULL  # the tank holds 3 canisters
    assert (
        sc.it[sc.ch[0, S.CH_HAND], S.IT_FUEL] == 20
        and sc.it[sc.ch[0, S.CH_HAND + 1], S.IT_FUEL] == FULL
    )
    sc.step({0: [(codes.A_HELI_FUEL, 0, 1)]})  # out of the tank: 40 units fill the canister
    assert sc.st[S.ST_HELI_FUEL] == 3 * FULL - 40
    assert sc.it[sc.ch[0, S.CH_HAND], S.IT_FUEL] == FULL


def test_HELI_1_the_helicopter_is_neither_seen_nor_used_in_the_dark():
    sc = hangar()
    sc.st[S.ST_GEN_BROKEN + 2] = 1  # the hangar's block has no power from turn 1
    sc.give(0, codes.SPARE_PARTS)
    sc.give(1, codes.CANISTER, fuel=FULL)
    plans = {
        0: [(codes.A_REPAIR, codes.OBJ_ENGINE, 0)],
        1: [(codes.A_HELI_FUEL, 0, 0)],
        2: [(codes.A_HELI_PREPARE, 0, 0)],
        3: [(codes.A_BREAK, codes.OBJ_ROTOR, 0)],
    }
    sc.step(plans)
    assert sc.st[S.ST_LIGHTING + codes.HANGAR] == codes.DARK
    assert all(sc.kept(c) == [] for c in plans)
    o = sc.observe(0)
    assert o[O_HELI_FUEL] == UNSEEN and o[O_HELI_BROKEN] == UNSEEN
    assert o[O_HELI_BOARDING] == UNSEEN


def test_HELI_1_in_light_the_state_is_seen_and_the_pilot_known():
    sc = prepared()
    sc.step()  # turn 3, the turn after the preparation: boarding is open
    o = sc.observe(1)
    assert o[O_HELI_BROKEN : O_HELI_BROKEN + 3].tolist() == [0, 0, 0]
    assert o[O_HELI_FUEL] == 3 * FULL and o[O_HELI_BOARDING] == 1 and o[O_HELI_PILOT] == PILOT
    assert sc.observe(7)[O_HELI_FUEL] == UNSEEN  # someone in the Tower


def test_LOC_RADIO_2_wires_are_taken_in_the_Radio_room_only():
    """LOC-RADIO-2, ITEM-WIRES: the Radio room's wires are picked up (1 AP, step 5) as if they
    lay there; elsewhere there are none."""
    sc = lit()
    sc.put(0, codes.RADIO_ROOM).put(1, codes.LIVING_QUARTERS)
    pick = [(codes.A_PICKUP, codes.WIRES, 0), (codes.A_PICKUP, codes.WIRES, 0)]
    sc.step({0: pick, 1: pick})
    kinds = [sc.it[sc.ch[0, S.CH_HAND + h], S.IT_KIND] for h in range(2)]
    assert kinds == [codes.WIRES, codes.WIRES]
    assert sc.ch[1, S.CH_HAND] == -1 and sc.ch[1, S.CH_HAND + 1] == -1
    assert sc.violations == 0

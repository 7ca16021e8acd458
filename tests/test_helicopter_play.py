"""The helicopter round of the `expert` humans (policies.helicopter_play): the mechanics' if
`heli_fuel`, the pilots' (`pilots_share`) from the first turn; HELI-1..5, GAP-7."""

import pytest

from balance import codes
from balance.kernel import params as P
from balance.kernel import state as S
from tests.harness import lit

MECHANIC = 6  # fuels no generator, guards nothing (12 players: fuelers 0..2, guards 3..5)
PILOT = 6  # the first after the fuelers and the guards: pilots_share 0.1 makes 1 at 12 players


def mechanic_scene(heli_fuel):
    """MECHANIC, whose card opens the hangar, in the lit hangar from the first turn
    (heli_from_turn = 0), the helicopter repaired and its tank empty, an empty canister in each
    hand, the pump working."""
    sets = (
        f"policies.humans.expert.heli_fuel={heli_fuel}",
        "policies.humans.expert.heli_from_turn=0",
        "policies.humans.expert.arm_up=0",
        "policies.humans.expert.blood_tests=0",
    )
    sc = lit(sets=sets).park_everyone(codes.TOWER).put(MECHANIC, codes.HANGAR)
    sc.wear_parka(MECHANIC)
    sc.ch[:, S.CH_CARD_TOP] = 0
    sc.ch[MECHANIC, S.CH_CARD_ACCESS] = 1 << codes.HANGAR
    sc.st[S.ST_HELI_BROKEN : S.ST_HELI_BROKEN + 3] = 0
    sc.give(MECHANIC, codes.CANISTER, fuel=0, hand=0)
    sc.give(MECHANIC, codes.CANISTER, fuel=0, hand=1)
    sc.step()
    return sc


@pytest.mark.parametrize("heli_fuel", [0, 1])
def test_heli_fuel_a_mechanic_who_finds_the_tank_short_goes_for_fuel_HELI_2_HELI_3(heli_fuel):
    """The mechanics' omission (expert_humans.in_hangar): in the hangar, the tank short and no
    fuel in hand, he did nothing for the helicopter, as the round sent for fuel only from outside
    the hangar. With heli_fuel he goes to fill his canisters at the pump next door (LOC-FUEL-1)."""
    sc = mechanic_scene(heli_fuel)
    decl = sc.declares(MECHANIC, "expert")
    to_pump = (codes.A_MOVE, codes.FUEL_ROOM, 0)
    assert (decl == [to_pump]) == (heli_fuel == 1)
    if heli_fuel == 0:
        assert to_pump not in decl


def test_heli_fuel_the_mechanic_pours_both_canisters_then_prepares_HELI_3_HELI_4():
    """Back with two full canisters (1 AP each: HELI-3), both go in the same turn; the tank
    full and the parts intact, he prepares the flight (HELI-4)."""
    sc = mechanic_scene(1)
    for h in range(2):
        sc.it[sc.ch[MECHANIC, S.CH_HAND + h], S.IT_FUEL] = codes.FUEL_UNITS
    sc.st[S.ST_HELI_FUEL] = sc.pk.ip[P.I_HELI_TANK] - 2 * codes.FUEL_UNITS
    assert sc.declares(MECHANIC, "expert") == [
        (codes.A_HELI_FUEL, 0, 0),
        (codes.A_HELI_FUEL, 1, 0),
    ]
    sc.step({MECHANIC: sc.declares(MECHANIC, "expert")})
    assert sc.st[S.ST_HELI_FUEL] == sc.pk.ip[P.I_HELI_TANK]
    assert sc.declares(MECHANIC, "expert") == [(codes.A_HELI_PREPARE, 0, 0)]


def pilot_scene(pilots_share, room=codes.WAREHOUSE):
    """Everyone human and in the Tower but PILOT, in a parka, whose card opens the Laboratory,
    not the hangar; Erudition 2: a failed repair does not hurt him (ACT-REPAIR)."""
    sets = (f"policies.humans.expert.pilots_share={pilots_share}",)
    sc = lit(sets=sets).park_everyone(codes.TOWER).put(PILOT, room)
    sc.wear_parka(PILOT)
    sc.ch[:, S.CH_CARD_TOP] = 0
    sc.ch[PILOT, S.CH_CARD_ACCESS] = 1 << codes.LABORATORY
    sc.ch[PILOT, S.CH_ERUDITION] = 2
    sc.step()
    return sc


@pytest.mark.parametrize("pilots_share", [0, 0.1])
def test_pilots_share_a_pilot_takes_canisters_in_the_Warehouse_LOC_WAREHOUSE_1(pilots_share):
    """A pilot standing in the Warehouse takes an (empty) canister from a red box for the tank
    (HELI-2: it starts empty), before anything else; without pilots nobody does."""
    sc = pilot_scene(pilots_share)
    red = (codes.A_OPEN_BOX, codes.RED_BOX, codes.CANISTER)
    assert (sc.declares(PILOT, "expert") == [red]) == (pilots_share > 0)


def test_pilots_share_a_pilot_fills_keys_in_the_hangar_code_repairs_and_flies_alone_GAP_7():
    """The whole round, the pilot alone at work (the others declare nothing), the Things none:
    two canisters from red boxes, filled at the pump, the hangar's code cracked from the Fuel
    room next door (his card does not open it: policies.doors_play), both poured in, the three
    parts repaired, a third canister, then the preparation and the boarding, refusing everyone
    not cleared (HELI-4, HELI-5). He leaves the station (GAP-7)."""
    sc = pilot_scene(0.1)
    seen = set()
    for _ in range(45):
        decl = sc.policy_step(PILOT, "expert")
        seen |= {row[0] for row in decl}
        if sc.ch[PILOT, S.CH_LEFT_STATION] != 0:
            break
    assert sc.ch[PILOT, S.CH_LEFT_STATION] == 2 and sc.st[S.ST_HELI_GONE] == 1
    for action in (codes.A_OPEN_BOX, codes.A_FILL, codes.A_CODE, codes.A_HELI_FUEL):
        assert action in seen
    assert {codes.A_REPAIR, codes.A_HELI_PREPARE, codes.A_HELI_BOARD} <= seen


def test_a_pilot_in_a_dark_hangar_switches_his_flashlight_on_HELI_1_LIGHT_3():
    """HELI-1: nothing is seen or done to the helicopter in the dark; a flashlight in hand
    switched on lights the hangar from the next turn (LIGHT-3)."""
    sc = pilot_scene(0.1, room=codes.HANGAR)
    sc.st[S.ST_FIXTURE_BROKEN + codes.HANGAR] = 1
    sc.give(PILOT, codes.FLASHLIGHT_ITEM, hand=0)
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.HANGAR] == codes.DARK
    assert sc.declares(PILOT, "expert")[0] == (codes.A_FLASHLIGHT, 0, 0)

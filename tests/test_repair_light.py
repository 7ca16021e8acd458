"""Light for repairs in the dark (policies.repair_light, knob `dark_repairs`; ACT-REPAIR,
LIGHT-2, LIGHT-3, ITEM-FLASHLIGHT)."""

import pytest

from balance import codes
from balance.kernel import state as S
from tests.harness import lit

REPAIRER = 6  # fuels no generator, guards nothing (12 players: fuelers 0..2, guards 3..5)
FUELER = 0  # fuels block 0's generator


def dark_generator_room(dark_repairs, sets=()):
    """REPAIRER, in a parka, stands in Generator 1's room, its generator broken two turns ago:
    the room is dark (LIGHT-2) and not from its fixture (the block was not lit a turn ago)."""
    sets = (f"policies.humans.expert.dark_repairs={dark_repairs}",) + tuple(sets)
    sc = lit(sets=sets).park_everyone(codes.TOWER).put(REPAIRER, codes.GENERATOR_1)
    sc.wear_parka(REPAIRER)
    sc.ch[REPAIRER, S.CH_ERUDITION] = 2  # STAT-ERUD-1: failed repairs do not hurt him
    sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[codes.GENERATOR_1]] = 1
    sc.run(2)
    assert sc.st[S.ST_LIGHTING + codes.GENERATOR_1] == codes.DARK
    return sc


REPAIR = (codes.A_REPAIR, codes.OBJ_GENERATOR, 0)


@pytest.mark.parametrize("dark_repairs", [0, 1])
def test_a_repairer_in_the_dark_switches_his_flashlight_on_first_LIGHT_3(dark_repairs):
    """With the knob, the repair in the dark (25%, LIGHT-2) waits a turn for the flashlight in
    hand (LIGHT-3: lit from next turn, 50%); without it he repairs at once, and the switch
    declared after the errands does not fit in his AP (expert `flashlight`)."""
    sc = dark_generator_room(dark_repairs)
    sc.give(REPAIRER, codes.FLASHLIGHT_ITEM, hand=0)
    decl = sc.declares(REPAIRER, "expert")
    if dark_repairs:
        assert decl == [(codes.A_FLASHLIGHT, 0, 0)]
        sc.step({REPAIRER: decl})
        sc.begin_turn()
        assert sc.st[S.ST_LIGHTING + codes.GENERATOR_1] == codes.FLASHLIGHT
        assert sc.declares(REPAIRER, "expert")[0] == REPAIR
    else:
        assert decl[0] == REPAIR


@pytest.mark.parametrize("dark_repairs", [0, 1])
def test_a_repairer_takes_the_flashlight_out_of_his_backpack_ACT_BACKPACK(dark_repairs):
    sc = dark_generator_room(dark_repairs)
    i = sc.give(REPAIRER, codes.FLASHLIGHT_ITEM, hand=0)
    sc.ch[REPAIRER, S.CH_HAND] = -1
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    sc.ch[REPAIRER, S.CH_BACKPACK + 1] = i
    decl = sc.declares(REPAIRER, "expert")
    assert decl[0] == ((codes.A_BACKPACK, 0, 1) if dark_repairs else REPAIR)


def tender_scene(dark_repairs, room=codes.LIVING_QUARTERS):
    sets = (f"policies.humans.expert.dark_repairs={dark_repairs}",)
    sc = lit(sets=sets).park_everyone(codes.TOWER).put(FUELER, room)
    sc.wear_parka(FUELER)
    sc.step()
    return sc


@pytest.mark.parametrize("dark_repairs", [0, 1])
def test_a_fueler_stows_his_flashlight_rather_than_drop_it(dark_repairs):
    """Hands full of a canister and a flashlight (expert_humans.free_a_hand drops what has no
    use, ACT-DROP): the fueler, who repairs his generator in the dark, keeps the flashlight in
    his backpack (ACT-BACKPACK)."""
    sc = tender_scene(dark_repairs)
    sc.give(FUELER, codes.FLASHLIGHT_ITEM, hand=0)
    sc.give(FUELER, codes.CANISTER, hand=1)
    kept = (codes.A_BACKPACK, 0, 0)
    assert sc.declares(FUELER, "expert")[0] == (kept if dark_repairs else (codes.A_DROP, 0, 0))


@pytest.mark.parametrize("dark_repairs", [0, 1])
def test_a_fueler_picks_up_a_flashlight_lying_in_the_Warehouse_ACT_PICKUP(dark_repairs):
    sc = tender_scene(dark_repairs, room=codes.WAREHOUSE)
    i = sc.give(FUELER, codes.FLASHLIGHT_ITEM)
    sc.ch[FUELER, S.CH_HAND] = -1
    sc.lay(i, codes.WAREHOUSE)
    pickup = (codes.A_PICKUP, codes.FLASHLIGHT_ITEM, 0)
    assert (sc.declares(FUELER, "expert")[0] == pickup) == (dark_repairs == 1)


@pytest.mark.parametrize("dark_repairs", [1, 2])
def test_after_a_failed_repair_in_the_dark_he_fetches_the_flashlight_he_saw(dark_repairs):
    """dark_repairs = 2: he saw a flashlight lying in the lit Warehouse, two moves away; his
    repair of Generator 1 fails in the dark (certain here: repair.chance_without_tool = 0); he
    stops retrying, goes for it, takes it and sets off back in one turn (ACT-PICKUP, ACT-MOVE),
    switching it on on the way, and back there repairs at the full chance (LIGHT-3). At 1 he
    tries again."""
    sc = dark_generator_room(dark_repairs, sets=("repair.chance_without_tool=0",))
    i = sc.give(REPAIRER, codes.FLASHLIGHT_ITEM)
    sc.ch[REPAIRER, S.CH_HAND] = -1
    sc.lay(i, codes.WAREHOUSE)
    sc.put(REPAIRER, codes.WAREHOUSE)
    sc.declares(REPAIRER, "expert")  # he sees it lying there (LIGHT-1)
    sc.put(REPAIRER, codes.GENERATOR_1)
    assert sc.policy_step(REPAIRER, "expert")[0] == REPAIR
    decl = sc.policy_step(REPAIRER, "expert")
    if dark_repairs == 1:
        assert decl[0] == REPAIR
        return
    assert decl == [(codes.A_MOVE, codes.STREET, 0)]
    assert sc.policy_step(REPAIRER, "expert") == [(codes.A_MOVE, codes.WAREHOUSE, 0)]
    assert sc.policy_step(REPAIRER, "expert") == [
        (codes.A_PICKUP, codes.FLASHLIGHT_ITEM, 0),
        (codes.A_MOVE, codes.STREET, 0),
    ]
    # the move leaves an AP: the flashlight goes on on the way (expert `flashlight`)
    back = [(codes.A_MOVE, codes.GENERATOR_1, 0), (codes.A_FLASHLIGHT, 0, 0)]
    assert sc.policy_step(REPAIRER, "expert") == back
    sc.begin_turn()
    assert sc.st[S.ST_LIGHTING + codes.GENERATOR_1] == codes.FLASHLIGHT
    assert sc.declares(REPAIRER, "expert")[0] == REPAIR

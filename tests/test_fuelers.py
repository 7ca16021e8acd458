"""The fuelers' errand at the pump (policies.humans.fill_at_pump), for the `naive` human policy
and the `expert` one that falls back on it: a fueler who finds the pump broken repairs it, in
light and in the dark, rather than waiting, wandering off or filling in vain forever."""

import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from tests.harness import lit

FUELER = 0  # 1 fueler a block (fuelers_share 0.25): characters 0..2 fuel blocks 0..2


def scene(policy):
    """Everyone human and warm; the fueler in the Fuel room with an empty canister, the pump
    broken. The expert's fueler also holds a pistol (he arms up first), so both hands are full."""
    sc = lit().put(FUELER, codes.FUEL_ROOM)
    sc.wear_parka(FUELER)
    sc.ch[FUELER, S.CH_ERUDITION] = 2  # STAT-ERUD-1: failed repairs do not hurt him
    sc.give(FUELER, codes.CANISTER, fuel=0, hand=0)
    if policy == "expert":
        sc.give(FUELER, codes.PISTOL, hand=1)
    sc.st[S.ST_PUMP_BROKEN] = 1
    return sc


def decide(sc, policy, c=FUELER):
    """What the policy declares for c now, as game.declare_by_policies would ask it."""
    return sc.declares(c, policy)


@pytest.mark.parametrize("policy", ["naive", "expert"])
def test_a_fueler_repairs_the_pump_he_sees_broken_LOC_FUEL_1_ACT_REPAIR(policy):
    """In light he sees the pump broken: he repairs it (it is the only fuel: GAP-18), instead
    of going for another empty canister (naive) or standing idle with his hands full."""
    sc = scene(policy)
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.FUEL_ROOM] == codes.LIGHT
    assert decide(sc, policy) == [(codes.A_REPAIR, codes.OBJ_PUMP, 0)]
    for _ in range(10):
        sc.step({FUELER: decide(sc, policy)})
        if sc.rec[R.C_CANISTERS_FILLED] > 0:
            break
    assert sc.st[S.ST_PUMP_BROKEN] == 0 and sc.rec[R.C_CANISTERS_FILLED] == 1


@pytest.mark.parametrize("policy", ["naive", "expert"])
def test_a_fueler_in_the_dark_repairs_the_pump_after_a_vain_fill_LIGHT_2_LOC_FUEL_1(policy):
    """In the dark the pump is not seen (LIGHT-2): he tries a fill; the canister stays empty, so
    he repairs the pump (ACT-REPAIR: any lighting, at half the chance) until his repair works,
    then fills; never a fill on a pump he knows broken."""
    sc = scene(policy)
    sc.st[S.ST_FIXTURE_BROKEN + codes.FUEL_ROOM] = 1
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.FUEL_ROOM] == codes.DARK
    first = decide(sc, policy)
    assert first == [(codes.A_FILL, 0, 0)]
    sc.step({FUELER: first})
    assert decide(sc, policy) == [(codes.A_REPAIR, codes.OBJ_PUMP, 0)]
    for _ in range(40):
        decl = decide(sc, policy)
        if sc.st[S.ST_PUMP_BROKEN] == 1:  # his last repair failed, and he saw it
            assert decl == [(codes.A_REPAIR, codes.OBJ_PUMP, 0)]
        sc.step({FUELER: decl})
        if sc.rec[R.C_CANISTERS_FILLED] > 0:
            break
    assert sc.st[S.ST_PUMP_BROKEN] == 0 and sc.rec[R.C_CANISTERS_FILLED] == 1

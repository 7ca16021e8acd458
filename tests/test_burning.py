"""A canister kept back for burning (policies.burning, knob burn_reserve of the expert humans):
THING-P-3, ACT-BURN-CORPSE, ACT-BACKPACK, GEN-4."""

import pytest

from balance import codes
from balance.kernel import params as P
from balance.kernel import state as S
from harness import lit
from policies.common import radio_generator_room

HUMAN, THING = 6, 9  # HUMAN fuels and guards nothing at 12 players
KNOB = "policies.humans.expert.burn_reserve"
QUIET = "policies.humans.expert.talk=0"  # talk is tests/test_claims.py's


def scene(knob, called=True):
    """Everyone human and warm in the Living quarters, THING an original Thing, HUMAN armed
    (a pistol in hand 0), every card opening the Arsenal; help called or not."""
    sc = lit(sets=(f"{KNOB}={knob}", QUIET)).make_thing(THING)
    sc.park_everyone(codes.LIVING_QUARTERS)
    for c in range(8):
        sc.wear_parka(c)
    sc.give(HUMAN, codes.PISTOL, hand=0)
    sc.ch[:, S.CH_CARD_ACCESS] = 1 << codes.ARSENAL  # no tester, no mechanic: no other errand
    sc.ch[:, S.CH_CARD_TOP] = 0
    if called:
        sc.st[S.ST_CALL_TURN] = 1
        sc.st[S.ST_RESCUE_DUE] = 99
    return sc


def stow(sc, c, i, slot):
    """Item i, in c's hand 1, goes into backpack slot `slot`."""
    sc.ch[c, S.CH_HAND + 1] = -1
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    sc.ch[c, S.CH_BACKPACK + slot] = i


def fell(sc, c):
    """c, seen in the active form, lies paralysed (THING-P-3)."""
    sc.ch[c, S.CH_FORM] = codes.THING_ACTIVE
    sc.declares(HUMAN, "expert")  # he sees the monster
    sc.ch[c, S.CH_HP] = 0
    sc.ch[c, S.CH_PARALYSED_UNTIL] = sc.turn + 3


@pytest.mark.parametrize("knob", [0, 1])
def test_THING_P_3_the_reserve_is_taken_out_and_the_body_burned_the_same_turn(knob):
    """ACT-BACKPACK (step 5) then ACT-BURN-CORPSE (step 6): with burn_reserve, a paralysed known
    Thing here and a full canister in his backpack, he takes it into his free hand and burns the
    body that turn; the Thing dies for good. Off, he goes to fetch fuel (the body revives)."""
    sc = scene(knob)
    can = sc.give(HUMAN, codes.CANISTER, fuel=sc.pk.ip[P.I_PUMP_FILL], hand=1)
    stow(sc, HUMAN, can, 2)
    fell(sc, THING)
    decl = sc.declares(HUMAN, "expert")
    if not knob:
        assert decl and decl[-1][0] == codes.A_MOVE
        return
    assert decl == [(codes.A_BACKPACK, 1, 2), (codes.A_BURN_CORPSE, THING, 1)]
    sc.step({HUMAN: decl})
    assert sc.ch[THING, S.CH_ALIVE] == 0
    assert sc.it[can, S.IT_FUEL] == sc.pk.ip[P.I_PUMP_FILL] - sc.pk.ip[P.I_BURN_FUEL]


@pytest.mark.parametrize("knob", [0, 1])
def test_ACT_BACKPACK_an_armed_human_stows_a_canister_with_a_burnings_fuel(knob):
    """burn_reserve, help called: an armed human with a canister holding a burning's fuel in
    hand puts it into his backpack (out of the generators' way); off, he does not."""
    sc = scene(knob)
    sc.give(HUMAN, codes.CANISTER, fuel=sc.pk.ip[P.I_BURN_FUEL], hand=1)
    assert ((codes.A_BACKPACK, 1, 0) in sc.declares(HUMAN, "expert")) == bool(knob)


@pytest.mark.parametrize(
    "knob, called, walks", [(1, True, False), (2, False, False), (2, True, True)]
)
def test_the_reserve_is_walked_for_only_at_2_and_once_help_is_called_GAP_6(knob, called, walks):
    """Without a canister, in the Living quarters: at 1 he takes one only where he stands (here,
    none: he stays); at 2, once help is called, he walks to the Warehouse for one (out onto the
    Street, then in); before the call the call comes first (he heads for the beacon)."""
    sc = scene(knob, called)
    sc.step()  # turn 1: beacon_after_turn
    decl = sc.declares(HUMAN, "expert")
    if not called:
        room = radio_generator_room(sc.pk.room_block)
        assert decl == [(codes.A_MOVE, room, 0)]  # policies.humans.beacon_errand
        return
    assert (decl == [(codes.A_MOVE, codes.STREET, 0)]) == walks
    if walks:
        sc.step({HUMAN: decl})
        assert sc.declares(HUMAN, "expert") == [(codes.A_MOVE, codes.WAREHOUSE, 0)]
    else:
        assert decl == []


def test_GEN_4_GAP_17_the_reserve_is_filled_from_a_broken_generator():
    """With an empty canister, he fills it from the generator he saw broken (a broken one burns
    nothing, GAP-17): out of it for 1 AP (GEN-4: A_REFUEL with arg 1), even in the dark."""
    sc = scene(1)
    sc.give(HUMAN, codes.CANISTER, fuel=0, hand=1)
    room = codes.GENERATOR_3
    b = sc.pk.room_block[room]
    sc.st[S.ST_GEN_BROKEN + b] = 1
    sc.put(HUMAN, room)
    sc.declares(HUMAN, "expert")  # he sees it broken, still lit
    sc.step()  # its room goes dark
    assert sc.st[S.ST_LIGHTING + room] == codes.DARK
    first = sc.declares(HUMAN, "expert")
    assert first == [(codes.A_REFUEL, 1, 1)]
    sc.step({HUMAN: first})
    hand = sc.ch[HUMAN, S.CH_HAND + 1]
    assert sc.it[hand, S.IT_FUEL] == codes.FUEL_UNITS
    assert sc.declares(HUMAN, "expert")[0] == (codes.A_BACKPACK, 1, 0)

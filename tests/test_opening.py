"""The expert humans' opening plan (policies.opening: knobs callers_share and call_from_start;
arms_first in policies.expert_humans); tests/test_no_peeking.py checks them on."""

import pytest

from balance import codes
from balance.kernel import state as S
from harness import lit
from policies.common import radio_generator_room

HUMAN = 6  # fuels nothing and guards nothing at 12 players (fuelers 0..2, guards 3..5)
SECOND = 7
KNOB = "policies.humans.expert."
QUIET = "policies.humans.expert.talk=0"  # talk is tests/test_claims.py's


def scene(*sets):
    """Everyone human in the Tower (lit, generators that never run dry), the knobs set."""
    return lit(sets=(QUIET, *(KNOB + s for s in sets)))


@pytest.mark.parametrize("knob", [0, 1])
def test_GAP_6_who_starts_in_the_Radio_room_calls_at_once_with_call_from_start(knob):
    """call_from_start: a human starting in the Radio room calls for help on turn 1 (3 AP),
    before the parka; with the knob off he leaves for the Warehouse's parkas."""
    sc = scene(f"call_from_start={knob}").put(HUMAN, codes.RADIO_ROOM)
    decl = sc.declares(HUMAN, "expert")
    if knob:
        assert decl == [(codes.A_CALL, 0, 0)]
    else:
        assert decl[-1][0] == codes.A_MOVE and (codes.A_CALL, 0, 0) not in decl


@pytest.mark.parametrize("knob", [0, 1])
def test_GAP_6_a_beacon_is_switched_on_where_one_starts_and_the_call_goes_through(knob):
    """call_from_start: one who starts in block 2's generator room switches its beacon on at
    once (any active beacon serves the call), one who starts in the Living quarters goes to the
    Radio room; the turn after, the call goes through (rescue due 15 turns later). Off: neither."""
    sc = scene(f"call_from_start={knob}")
    sc.put(HUMAN, codes.GENERATOR_2).put(SECOND, codes.LIVING_QUARTERS)
    beacon = sc.declares(HUMAN, "expert")
    walk = sc.declares(SECOND, "expert")
    assert (beacon == [(codes.A_BEACON, 0, 0)]) == bool(knob)
    assert (walk == [(codes.A_MOVE, codes.RADIO_ROOM, 0)]) == bool(knob)
    sc.step({HUMAN: beacon, SECOND: walk})
    assert (sc.st[S.ST_BEACON_ON + sc.pk.room_block[codes.GENERATOR_2]] == 1) == bool(knob)
    call = sc.declares(SECOND, "expert")
    assert (call == [(codes.A_CALL, 0, 0)]) == bool(knob)
    sc.step({SECOND: call})
    assert (sc.st[S.ST_CALL_TURN] == 2) == bool(knob)


def test_GAP_6_the_holder_of_the_generator_room_switches_on_then_hinders():
    """call_from_start: one who starts in the Radio block's generator room switches its beacon
    on, then holds the room, hindering what is done to the generator before anyone not cleared
    (ACT-HINDER-TARGET), as a guard does."""
    sc = scene("call_from_start=1")
    room = radio_generator_room(sc.pk.room_block)
    sc.put(HUMAN, room)
    assert sc.declares(HUMAN, "expert") == [(codes.A_BEACON, 0, 0)]
    sc.step({HUMAN: [(codes.A_BEACON, 0, 0)]})
    assert sc.declares(HUMAN, "expert") == []
    sc.put(SECOND, room)
    assert sc.declares(HUMAN, "expert") == [(codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)]


def test_GAP_6_a_Radio_room_holder_whose_calls_fail_goes_to_switch_the_beacon_on():
    """No beacon is on: the holder of the Radio room calls PATIENCE turns, then goes to the
    Radio block's generator room, switches its beacon on, comes back and calls: it goes
    through."""
    sc = scene("call_from_start=1").put(HUMAN, codes.RADIO_ROOM)
    room = radio_generator_room(sc.pk.room_block)
    plays = []
    for _ in range(8):
        decl = sc.declares(HUMAN, "expert")
        plays.append(decl[-1][:2])
        sc.step({HUMAN: decl})
        if sc.st[S.ST_CALL_TURN] > 0:
            break
    call, beacon = (codes.A_CALL, 0), (codes.A_BEACON, 0)
    assert plays == [
        call,
        call,
        (codes.A_MOVE, room),
        beacon,
        (codes.A_MOVE, codes.RADIO_ROOM),
        call,
    ]
    assert sc.st[S.ST_CALL_TURN] == 6


@pytest.mark.parametrize("share, role", [(0.0, None), (0.25, "radio"), (0.5, "power")])
def test_callers_share_sends_callers_by_index_before_the_parka(share, role):
    """callers_share: at 12 players 0.25 makes 3 callers, by index after the 3 fuelers and the 3
    guards: 6, 7, 8. The first heads for the Radio room, the second for its generator room; with
    no callers, 6 and 7 go for a parka (the Warehouse) first."""
    sc = scene(f"callers_share={share}")
    c = HUMAN if role != "power" else SECOND
    decl = sc.declares(c, "expert")
    assert decl[-1] == (codes.A_MOVE, codes.STREET, 0)  # out of the Tower first, whatever the way
    sc.step({c: decl})
    dest = {
        None: codes.WAREHOUSE,
        "radio": codes.RADIO_ROOM,
        "power": radio_generator_room(sc.pk.room_block),
    }[role]
    assert sc.declares(c, "expert")[-1] == (codes.A_MOVE, dest, 0)


@pytest.mark.parametrize("knob", [0, 1])
def test_arms_first_fetches_the_pistol_before_the_parka_LOC_ARSENAL_1(knob):
    """arms_first: in the Arsenal without a parka, he picks up a pistol; without the knob he
    leaves for the parkas first."""
    sc = scene(f"arms_first={knob}").put(HUMAN, codes.ARSENAL)
    decl = sc.declares(HUMAN, "expert")
    if knob:
        assert decl == [(codes.A_PICKUP, codes.PISTOL, 0)]
    else:
        assert decl[-1][0] == codes.A_MOVE

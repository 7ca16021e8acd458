"""Keeping away from a Thing whose organs may burst (policies.organs, knob organs_hp of the
expert humans): ARCH-MUTANT-2, ARCH-1, THING-P-3."""

import pytest

from balance import codes
from balance.kernel import params as P
from balance.kernel import state as S
from harness import lit
from policies.common import radio_generator_room

HUMAN, SECOND, THING, MUTANT = 6, 7, 9, 10
GUARD = 3  # the first guard at 12 players (fuelers 0..2)
KNOB = "policies.humans.expert.organs_hp"
QUIET = "policies.humans.expert.talk=0"  # talk is tests/test_claims.py's


def scene(knob, room=codes.LIVING_QUARTERS):
    """Everyone human and warm in `room`, THING an original Thing in the active form there,
    HUMAN armed (a pistol)."""
    sc = lit(sets=(f"{KNOB}={knob}", QUIET)).make_thing(THING)
    sc.park_everyone(room)
    for c in range(8):
        sc.wear_parka(c)
    sc.give(HUMAN, codes.PISTOL, hand=0)
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    return sc


@pytest.mark.parametrize("knob, hp, leaves", [(0, 1, False), (1, 1, True), (1, 2, False)])
def test_ARCH_MUTANT_2_a_wounded_human_leaves_a_Thing_that_may_be_the_Mutant(knob, hp, leaves):
    """organs_hp: with at most that many HP he leaves a room where an active Thing that may be
    the Mutant stands (its fall would hurt him) instead of shooting it; with more HP, or the
    knob off, he shoots."""
    sc = scene(knob)
    sc.ch[HUMAN, S.CH_HP] = hp
    decl = sc.declares(HUMAN, "expert")
    if leaves:
        assert decl[-1][0] == codes.A_MOVE and decl[-1][1] != codes.STREET
        assert all(a != codes.A_SHOOT for a, _, _ in decl)
    else:
        assert decl == [(codes.A_SHOOT, THING, 0)]


def test_ARCH_1_once_the_Mutant_burst_another_Thing_is_fought_at_1_HP():
    """ARCH-1: one Mutant at most. He saw MUTANT burst (E_ORGANS) when SECOND felled it, so
    THING is not the Mutant: at 1 HP he stays and shoots it."""
    sc = scene(1)
    sc.make_thing(MUTANT, codes.ARCH_MUTANT)
    sc.ch[MUTANT, S.CH_FORM] = codes.THING_ACTIVE
    sc.ch[MUTANT, S.CH_HP] = 1
    sc.ch[THING, S.CH_FORM] = codes.THING_HIDDEN
    sc.give(SECOND, codes.PISTOL, hand=0)
    sc.ch[SECOND, S.CH_INITIATIVE] = 3  # he shoots first
    for _ in range(20):  # a shot may miss
        sc.step({SECOND: [(codes.A_SHOOT, MUTANT, 0)]})
        sc.declares(HUMAN, "expert")  # what he perceived of the turn
        if len(sc.events(codes.E_ORGANS)):
            break
    assert len(sc.events(codes.E_ORGANS)) == 1
    sc.put(MUTANT, codes.KENNEL)  # its body out of the way
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    sc.ch[HUMAN, S.CH_HP] = 1
    assert sc.declares(HUMAN, "expert") == [(codes.A_SHOOT, THING, 0)]


def test_ARCH_MUTANT_2_he_does_not_walk_back_in_while_the_danger_lasts():
    """The first guard, at 1 HP, leaves his generator room for an active Thing there; the next
    turn his post calls him back, but the move is dropped (he waits), until the turn after."""
    room = radio_generator_room(lit().pk.room_block)
    sc = scene(1, room)
    sc.give(GUARD, codes.PISTOL, hand=0)
    sc.ch[GUARD, S.CH_HP] = 1
    decl = sc.declares(GUARD, "expert")
    assert decl[-1][0] == codes.A_MOVE
    sc.step({GUARD: decl})
    assert sc.ch[GUARD, S.CH_ROOM] != room
    sc.ch[THING, S.CH_FORM] = codes.THING_HIDDEN
    assert all(a != codes.A_MOVE for a, _, _ in sc.declares(GUARD, "expert"))
    sc.step()
    assert sc.declares(GUARD, "expert")[-1] == (codes.A_MOVE, room, 0)


@pytest.mark.parametrize("fuel", [False, True])
def test_THING_P_3_only_the_burner_stays_by_a_paralysed_Thing(fuel):
    """A known Thing that may be the Mutant lies paralysed here: at 1 HP he leaves before it
    revives (the shots that fell it again burst it), unless he can burn it (ACT-BURN-CORPSE)."""
    sc = scene(1)
    sc.declares(HUMAN, "expert")  # he sees the monster
    sc.ch[THING, S.CH_HP] = 0
    sc.ch[THING, S.CH_PARALYSED_UNTIL] = sc.turn + 2
    sc.ch[HUMAN, S.CH_HP] = 1
    if fuel:
        sc.give(HUMAN, codes.CANISTER, fuel=sc.pk.ip[P.I_PUMP_FILL], hand=1)
    decl = sc.declares(HUMAN, "expert")
    if fuel:
        assert decl == [(codes.A_BURN_CORPSE, THING, 1)]
    else:
        assert decl[-1][0] == codes.A_MOVE and decl[-1][1] != codes.STREET

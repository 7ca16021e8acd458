"""Invariants over many random-policy games at each preset (the pgx api_test habit).

The kernel's check mode tests every turn: HP within [0, max], temperatures within [-45, 25] and
the Street at -45, fuel within [0, capacity] in generators and canisters, every item in exactly
one place, and nobody unable to act holding declarations (balance/kernel/invariants.py). The
replays check from the outside that no action event comes from the dead or unconscious.
"""

import numpy as np
import pytest

from balance import codes
from balance.config import load_config
from balance.kernel import state as S
from balance.kernel.invariants import AP_SPENT
from balance.runner import replay_game, run_games

ACTION_EVENTS = [
    codes.E_MOVE,
    codes.E_MISDIRECTED,
    codes.E_REFUEL,
    codes.E_DEFUEL,
    codes.E_FILL,
    codes.E_BOX,
    codes.E_PICKUP,
    codes.E_DROP,
    codes.E_PARKA_ON,
    codes.E_BREAK,
    codes.E_REPAIR,
    codes.E_BEACON,
    codes.E_CALL,
    codes.E_INFECT,
    codes.E_INFECT_SEEN,
    codes.E_DRINK,
    codes.E_MIRROR,
    codes.E_FORECAST,
    codes.E_PARKA_OFF,
    codes.E_FUEL,
    codes.E_TAKE_FOOD,
    codes.E_COUNT_FOOD,
    codes.E_STOVE,
    codes.E_EAT,
    codes.E_DOSE,
    codes.E_SEARCH,
    codes.E_CODE,
    codes.E_IDCARD,
    codes.E_TERMINAL,
    codes.E_SALIVA,
    codes.E_BURN,
    codes.E_KILL_DOG,
    codes.E_EAT_STOCK,
    codes.E_SHIELD,
]


@pytest.mark.slow
@pytest.mark.parametrize("players", [9, 12, 15])
def test_invariants_hold_every_turn_with_random_policies(players):
    """Every invariant, every turn; among them HP-1: nobody's HP ever exceed his maximum (3 for
    a human, SETUP-5), whatever bandages and first aid the random policies try."""
    records = run_games(
        load_config(players), 20_000, 31337, "random", "random", check_invariants=True
    )
    bad = records["invariant_violations"]
    assert (bad == 0).all(), np.unique(bad[bad != 0], return_counts=True)
    assert (records["end_turn"] >= 1).all()


@pytest.mark.slow
@pytest.mark.parametrize("players", [9, 12, 15])
def test_AP_1_nobody_spends_more_AP_than_a_turn_allows_in_expert_games(players):
    """AP-1, GAP-42: the expert Queen orders a human in about one game in eight, and before her
    Order kept what he had already done it spent 4 AP of his in 1,195 / 2,566 / 4,243 of these
    games; the random policies' 20,000 a count are checked above."""
    records = run_games(load_config(players), 20_000, 54, check_invariants=True)
    assert (records["invariant_violations"] & AP_SPENT == 0).all()
    assert (records["invariant_violations"] == 0).all()


@pytest.mark.parametrize("players", [9, 12, 15])
def test_invariants_hold_with_default_policies(players):
    records = run_games(load_config(players), 3000, 5, check_invariants=True)
    assert (records["invariant_violations"] == 0).all()


@pytest.mark.slow
@pytest.mark.parametrize("players", [9, 12, 15])
def test_the_dead_and_unconscious_never_act(players):
    """UNC-1, HP-3: in replays, every action event's actor was alive and conscious at the start
    of that turn, and nobody acts after his death."""
    cfg = load_config(players)
    for game in range(150):
        rp = replay_game(cfg, 4242, game, "random", "random")
        ev = rp.events
        acts = ev[np.isin(ev[:, 1], ACTION_EVENTS)]
        turn_index = acts[:, 0] - 1
        actor = acts[:, 2]
        at_start = rp.characters[turn_index, actor]
        assert (at_start[:, S.SNAP_ALIVE] == 1).all()
        assert (at_start[:, S.SNAP_CONSCIOUS] == 1).all()
        deaths = ev[ev[:, 1] == codes.E_DEATH]
        for turn, _, who, *_ in deaths:
            assert not ((acts[:, 2] == who) & (acts[:, 0] > turn)).any()


def test_random_policies_exercise_every_action():
    """The fuzzing policy reaches every implemented action, so the invariants above see them.
    Refuelling ends a long chain (a red box, the pump, a walk to a generator), rare in random
    play; with full canisters in the boxes (the GAP-18 variant) it is reached often, so the
    invariant runs below also play that variant."""
    r = run_games(load_config(12), 20_000, 31337, "random", "random")
    for field in (
        "canisters_filled",
        "parkas_taken",
        "generator_breaks",
        "repairs",
        "infections",
        "conversions",
        "deaths_cold",
        "deaths_injury",
        "deaths_attack",
        "shots",
        "melee_attacks",
        "vials_drunk",
        "deaths_poison",
        "code_entries",
        "doors_opened",
        "doors_broken",
        "terminal_uses",
        "blood_tests",
    ):
        assert r[field].sum() > 0, field
    assert (r["beacon_turn"] > 0).any() and (r["call_turn"] > 0).any()
    assert (r["reason"] == codes.R_RESCUE).any()
    full = run_games(
        load_config(12, ["canister.box_fill=1"]),
        20_000,
        31337,
        "random",
        "random",
        check_invariants=True,
    )
    assert full["refuels"].sum() > 0
    assert (full["invariant_violations"] == 0).all()


def test_the_invariant_checker_catches_each_violation():
    """Each invariant bit fires on a state that breaks it: a checker that cannot fail is no test."""
    from balance.kernel import invariants as I
    from harness import Scenario

    def violations(corrupt):
        sc = Scenario(12).all_human()
        sc.step()
        corrupt(sc)
        return I.check_invariants(sc.ch, sc.it, sc.st, sc.pk.ip) | I.check_declarations(sc.ch)

    assert violations(lambda sc: None) == 0
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_HP), 4)) == I.HP_RANGE
    assert violations(lambda sc: sc.st.__setitem__(S.ST_TEMPERATURE + 1, 30)) == I.TEMPERATURE_RANGE
    assert (
        violations(lambda sc: sc.st.__setitem__(S.ST_TEMPERATURE + codes.STREET, -40))
        == I.TEMPERATURE_RANGE
    )
    assert violations(lambda sc: sc.st.__setitem__(S.ST_GEN_FUEL, 181)) == I.FUEL_RANGE

    def two_places(sc):
        i = sc.give(0, codes.AXE)
        sc.ch[1, S.CH_HAND] = i  # the same axe in two hands

    assert violations(two_places) == I.ITEM_PLACE

    def vanished(sc):
        sc.give(0, codes.AXE)
        sc.ch[0, S.CH_HAND] = -1  # the item says "in hand", no hand holds it

    assert violations(vanished) == I.ITEM_PLACE

    def dead_declaring(sc):
        sc.ch[0, S.CH_ALIVE] = 0
        sc.ch[0, S.CH_N_DECL] = 1

    assert violations(dead_declaring) & I.INCAPACITATED_ACTING
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_SANITY), 11)) == I.SANITY_RANGE
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_MIRROR_SANITY), -2)) == I.SANITY_RANGE
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_LAST_RED), 2)) == I.VIAL_CLOCKS
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_KNOCKOUT_TURN), 3)) == I.VIAL_CLOCKS

    def card_in_hand(sc):
        i = sc.it.shape[0] - 12
        sc.it[i, S.IT_PLACE] = codes.IN_HAND
        sc.ch[0, S.CH_HAND] = i

    assert violations(card_in_hand) == I.DOORS
    assert violations(lambda sc: sc.st.__setitem__(S.ST_CODE + codes.ARSENAL, 1123)) == I.DOORS
    street = 1 << codes.STREET
    assert violations(lambda sc: sc.st.__setitem__(S.ST_DOORS_LOCKED, street)) == I.DOORS
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_CARD_ACCESS), street)) == I.DOORS

    def axe_carried(sc):
        i = sc.give(0, codes.AXE)
        sc.ch[0, S.CH_HAND] = -1
        sc.it[i, S.IT_PLACE] = codes.CARRIED  # only ID cards are carried out of the slots

    assert violations(axe_carried) == I.ITEM_PLACE

    def laid_by_hand(sc):
        i = sc.give(0, codes.AXE)
        sc.ch[0, S.CH_HAND] = -1
        sc.it[i, S.IT_PLACE] = codes.IN_ROOM  # not through items.drop_on_floor: not in its index
        sc.it[i, S.IT_WHERE] = codes.TOWER

    assert violations(laid_by_hand) == I.ITEM_PLACE
    # a character moved without the rooms' occupants (perception.place) knowing of it
    assert violations(lambda sc: sc.ch.__setitem__((0, S.CH_ROOM), codes.TOWER)) == I.OCCUPANTS

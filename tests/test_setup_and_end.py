"""Setup (A1), the beacon, call and rescue (GAP-6), and how games end (A2, GAP-8..10)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.config import load_config
from balance.kernel import state as S
from balance.runner import replay_game, run_games
from harness import Scenario


@pytest.mark.parametrize("players, things", [(9, 1), (12, 2), (15, 3)])
def test_SETUP_1_SETUP_4_SETUP_5_roles_and_health(players, things):
    """SETUP-1: 1 / 2 / 3 Things; SETUP-4: they start hidden; SETUP-5: 3 HP humans, 4 HP Things."""
    for game in range(20):
        sc = Scenario(players, seed=8, game=game)
        original = sc.ch[:, S.CH_ORIGINAL] == 1
        assert original.sum() == things
        assert (sc.ch[original, S.CH_FORM] == codes.THING_HIDDEN).all()
        assert (sc.ch[~original, S.CH_FORM] == codes.HUMAN).all()
        assert (sc.ch[original, S.CH_HP] == 4).all() and (sc.ch[~original, S.CH_HP] == 3).all()


@pytest.mark.parametrize("players", [9, 12, 15])
def test_GAP_3_professions_dealt_round_robin(players):
    """GAP-3: each of the 6 professions is dealt floor(N/6) or ceil(N/6) times; STAT-1: each
    character has the three stats of his profession."""
    cfg = load_config(players)
    for game in range(20):
        sc = Scenario(players, seed=9, game=game)
        counts = np.bincount(sc.ch[:, S.CH_PROFESSION], minlength=6)
        assert counts.min() >= players // 6 and counts.max() <= -(-players // 6)
        for c in range(players):
            p = sc.ch[c, S.CH_PROFESSION]
            assert sc.ch[c, S.CH_PHYSICAL] == cfg["professions.physical"][p]
            assert sc.ch[c, S.CH_INITIATIVE] == cfg["professions.initiative"][p]
            assert sc.ch[c, S.CH_ERUDITION] == cfg["professions.erudition"][p]


@pytest.mark.parametrize("players", [9, 15])
def test_GAP_3_extra_copies_drawn_at_random(players):
    """GAP-3: at 9 and 15 players three professions are dealt once more than the others; which
    three is drawn each game from the shuffled deck, not the list's first three. Each profession
    is among them with probability 1/2: over 400 games each count lies within 4.5 standard
    deviations (10) of 200."""
    extra = np.zeros(6, dtype=int)
    for game in range(400):
        sc = Scenario(players, seed=11, game=game)
        counts = np.bincount(sc.ch[:, S.CH_PROFESSION], minlength=6)
        extra += counts > players // 6
    assert extra.sum() == 400 * 3
    assert (np.abs(extra - 200) <= 45).all(), extra


def test_GAP_4_start_rooms_and_SETUP_3_station():
    """GAP-4: everyone starts in an indoor room (never the Street or the Tower), all 12 used over
    many games; the variant puts everyone in the Living quarters. SETUP-3, TEMP-1: full
    generators, +25 everywhere but the Freezer (-5) and the Street (-45), 15 yellow boxes."""
    seen = set()
    for game in range(50):
        sc = Scenario(12, seed=10, game=game)
        seen.update(sc.ch[:, S.CH_ROOM].tolist())
        assert sc.st[S.ST_GEN_FUEL : S.ST_GEN_FUEL + 3].tolist() == [180, 180, 180]
        temps = sc.st[S.ST_TEMPERATURE : S.ST_TEMPERATURE + codes.N_ROOMS]
        assert temps[codes.FREEZER] == -5 and temps[codes.STREET] == -45
        assert all(
            temps[r] == 25 for r in range(codes.N_ROOMS) if r not in (codes.FREEZER, codes.STREET)
        )
        assert sc.st[S.ST_YELLOW_LEFT] == 15
    assert seen == set(range(codes.N_INDOOR))
    sc = Scenario(12, ('game.start_rooms="living_quarters"',))
    assert (sc.ch[:, S.CH_ROOM] == codes.LIVING_QUARTERS).all()


def beacon_and_call(sets=()) -> Scenario:
    """Character 0 activates generator_1's beacon on turn 1, walks to the Radio room on turn 2
    and calls for help on turn 3; a Thing waits in the Tower so the game goes on."""
    sc = Scenario(12, ("generator.burn_per_turn=0",) + tuple(sets), seed=12).all_human()
    sc.park_everyone(codes.LIVING_QUARTERS).make_thing(11).put(11, codes.TOWER)
    sc.put(0, codes.GENERATOR_1)
    sc.step({0: [(codes.A_BEACON, 0, 0)]})
    sc.step({0: [(codes.A_MOVE, codes.RADIO_ROOM, 0)]})
    sc.step({0: [(codes.A_CALL, 0, 0)]})
    return sc


def test_GAP_6_beacon_call_and_rescue_timeline():
    """GAP-6: the beacon (3 AP, lit, powered) then the call (3 AP, Radio room, >= 1 active
    beacon) on turn 3: the rescue is due at the end of turn 18, or the first clear turn after;
    every living human on the station is rescued and the humans win.
    WIN-1: beacon, call, wait for the rescue: the humans' win."""
    sc = beacon_and_call()
    assert sc.rec[R.C_BEACON_TURN] == 1 and sc.rec[R.C_CALL_TURN] == 3
    assert sc.st[S.ST_RESCUE_DUE] == 18
    while not sc.over:
        sc.step()
    weather = sc.st[S.ST_WEATHER + 18 : S.ST_WEATHER + sc.ended_turn + 1]
    assert sc.ended_turn >= 18 and weather[-1] == codes.CLEAR
    assert (weather[:-1] == codes.STORM).all()
    rec = sc.finish()
    assert rec[R.C_WINNER] == codes.HUMANS and rec[R.C_REASON] == codes.R_RESCUE
    assert rec[R.C_HUMANS_RESCUED] == 11 and rec[R.C_END_TURN] == sc.ended_turn


def test_GAP_6_rescue_delay_is_a_config_key_and_storms_can_be_ignored():
    sc = beacon_and_call(["rescue.delay_turns=5", "rescue.wait_for_clear=false"])
    while not sc.over:
        sc.step()
    assert sc.ended_turn == 8


def test_GAP_6_call_needs_an_active_powered_beacon_and_happens_once():
    sc = Scenario(12, ("generator.burn_per_turn=0",), seed=12).all_human()
    sc.park_everyone(codes.RADIO_ROOM).make_thing(11).put(11, codes.TOWER)
    sc.step({0: [(codes.A_CALL, 0, 0)]})
    assert sc.rec[R.C_CALL_TURN] == 0  # no beacon yet
    sc.st[S.ST_BEACON_ON + 2] = 1  # generator_3's beacon was activated ...
    sc.st[S.ST_GEN_BROKEN + 2] = 1  # ... but its generator stops
    sc.step()
    sc.step({0: [(codes.A_CALL, 0, 0)]})
    assert sc.rec[R.C_CALL_TURN] == 0
    sc.st[S.ST_GEN_BROKEN + 2] = 0
    sc.step()
    sc.step({0: [(codes.A_CALL, 0, 0)], 1: [(codes.A_CALL, 0, 0)]})
    assert sc.rec[R.C_CALL_TURN] == 5 and len(sc.events(codes.E_CALL)) == 1


def test_GAP_6_beacon_needs_light_and_power():
    sc = Scenario(12, seed=12).all_human().park_everyone(codes.GENERATOR_2)
    sc.st[S.ST_GEN_BROKEN + 1] = 1
    sc.step({0: [(codes.A_BEACON, 0, 0)]})
    assert sc.st[S.ST_BEACON_ON + 1] == 0 and sc.rec[R.C_BEACON_TURN] == 0


def test_GAP_8_humans_win_when_no_thing_and_no_infected_remains():
    """WIN-3, GAP-8: no Thing left, no human infected and food on the shelves: humans win at
    once; an infected human delays it until he wakes human."""
    sc = Scenario(12, seed=14).all_human()
    sc.step()
    assert sc.over and sc.ended_turn == 1
    rec = sc.finish()
    assert rec[R.C_WINNER] == codes.HUMANS and rec[R.C_REASON] == codes.R_THINGS_DEAD
    sc = Scenario(12, seed=14).all_human()
    sc.ch[0, S.CH_INFECTED] = 1
    sc.ch[0, S.CH_BLACKOUT_TURN] = 3
    sc.run(2)
    assert not sc.over
    sc.step()
    assert sc.over == (sc.ch[0, S.CH_FORM] == codes.HUMAN)
    sc = Scenario(12, ("freezer.food_boxes=0",), seed=14).all_human()
    sc.step()
    assert not sc.over  # WIN-3: without food the elimination win is gone


def test_GAP_9_things_win_when_the_last_human_freezes():
    """WIN-2, GAP-9: no living human left and none rescued: the Things win; the reason is
    `frozen` when the cold took the last one."""
    sc = Scenario(12, seed=15).all_human().make_thing(0).put(0, codes.TOWER)
    for c in range(1, 12):
        sc.put(c, codes.STREET, physical=1)
    while not sc.over:
        sc.step()
    rec = sc.finish()
    assert sc.ended_turn == 6
    assert rec[R.C_WINNER] == codes.THINGS and rec[R.C_REASON] == codes.R_FROZEN
    assert rec[R.C_DEATHS_COLD] == 11 and rec[R.C_HUMANS_ALIVE] == 0


def test_GAP_9_a_converted_last_human_is_a_thing_win():
    sc = Scenario(12, ("infection.convert_chance=1",), seed=16).all_human()
    sc.make_thing(0)
    sc.park_everyone(codes.LIVING_QUARTERS)
    for c in range(2, 12):  # the other humans freeze at the start of turn 2
        sc.put(c, codes.STREET, physical=1)
        sc.ch[c, S.CH_HP] = 1
        sc.ch[c, S.CH_FROST] = 4
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.step({0: [(codes.A_INFECT, 1, 0)]})
    while not sc.over:
        sc.step()
    rec = sc.finish()
    assert rec[R.C_WINNER] == codes.THINGS and rec[R.C_REASON] == codes.R_HUMANS_DEAD
    assert rec[R.C_CONVERSIONS] == 1


def test_GAP_10_timeout_is_no_winner():
    rec = run_games(load_config(12, ["game.max_turns=5"]), 20, 1, "idle", "idle")
    assert (rec["winner"] == codes.NOBODY).all() and (rec["reason"] == codes.R_TIMEOUT).all()
    assert (rec["end_turn"] == 5).all()


def test_GAP_38_convert_keeps_playing_the_human_policy():
    """GAP-38, THING-P-4: policies are chosen by what a character knows: a convert keeps the
    human policy; only original Things get the Thing policy and know each other."""
    cfg = load_config(12)
    for game in range(30):
        rp = replay_game(cfg, 3, game)
        converts = [e[2] for e in rp.events if e[1] == codes.E_WAKE and e[4] == 1]
        infections = (codes.E_INFECT, codes.E_INFECT_SEEN)
        infectors = {e[2] for e in rp.events if e[1] in infections}
        assert not infectors & set(converts)
        assert infectors <= set(np.flatnonzero(rp.original_things))

"""The infection clock: INF-1..7 with GAP-36, unconsciousness (UNC-*) and converts (GAP-38)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from balance.observation import UNSEEN as U
from harness import Scenario, lit

THING, VICTIM = 0, 1
INFECT = (codes.A_INFECT, VICTIM, 0)


def dark_pair(seed: int, game: int = 0) -> Scenario:
    """A Thing and a human alone in the Living quarters, whose generator is broken (dark). The
    room cools by 1 a turn instead of 5 so that the cold plays no part for 20 turns."""
    sc = (
        Scenario(12, ("temperature.step=1",), seed=seed, game=game)
        .all_human()
        .park_everyone(codes.WAREHOUSE)
    )
    sc.make_thing(THING)
    sc.put(THING, codes.LIVING_QUARTERS).put(VICTIM, codes.LIVING_QUARTERS)
    sc.st[S.ST_GEN_BROKEN] = 1
    return sc


def infect_and_wait(sc: Scenario):
    """Infect on turn 1, then play until the victim wakes. Returns (delay k, converted)."""
    sc.step({THING: [INFECT]})
    assert sc.ch[VICTIM, S.CH_INFECTED] == 1
    blackout = int(sc.ch[VICTIM, S.CH_BLACKOUT_TURN])
    while sc.turn < blackout:
        sc.step()
        if sc.turn < blackout:
            assert sc.ch[VICTIM, S.CH_UNCONSCIOUS] == 0
    return blackout - 1, sc.ch[VICTIM, S.CH_FORM] == codes.THING_HIDDEN


def test_INF_1_infection_in_the_dark_is_free_and_secret():
    """INF-1, INF-2: in the dark the Thing infects at 0 AP; the victim is infected, still human,
    and nothing about it is in his observation."""
    sc = dark_pair(seed=1)
    sc.step({THING: [INFECT, (codes.A_MOVE, codes.STREET, 0)]})
    assert sc.kept(THING) == [INFECT, (codes.A_MOVE, codes.STREET, 0)]
    assert sc.ch[VICTIM, S.CH_INFECTED] == 1 and sc.ch[VICTIM, S.CH_FORM] == codes.HUMAN
    assert sc.rec[R.C_INFECTIONS] == 1


def test_INF_2_blackout_timeline_and_UNC_1_items():
    """INF-2, GAP-36, UNC-1, GAP-56: unconscious for the whole of turn 1 + k, hand items drop and
    come back at waking in step 11 of that turn."""
    sc = dark_pair(seed=2)
    item = sc.give(VICTIM, codes.AXE)
    sc.step({THING: [INFECT]})
    blackout = int(sc.ch[VICTIM, S.CH_BLACKOUT_TURN])
    while sc.turn < blackout - 1:
        sc.step()
    sc.step({VICTIM: [(codes.A_MOVE, codes.STREET, 0)]})  # the blackout turn: declares nothing
    assert sc.ch[VICTIM, S.CH_ROOM] == codes.LIVING_QUARTERS
    unc = sc.events(codes.E_UNCONSCIOUS)
    wake = sc.events(codes.E_WAKE)
    assert unc[:, 0].tolist() == [blackout] and wake[:, 0].tolist() == [blackout]
    assert sc.ch[VICTIM, S.CH_UNCONSCIOUS] == 0 and sc.ch[VICTIM, S.CH_INFECTED] == 0
    assert sc.ch[VICTIM, S.CH_HAND] == item  # back in hand (UNC-1)


@pytest.mark.slow
def test_INF_2_delay_uniform_on_2_to_8_and_INF_3_conversion_half():
    """INF-2: k is uniform on {2..8} (chi-square, 6 dof, p = 0.001: < 22.46 over 2100 trials);
    INF-3: conversion 50% within 3.29 standard errors."""
    delays, converted = [], 0
    n = 2100
    for game in range(n):
        k, conv = infect_and_wait(dark_pair(seed=5, game=game))
        delays.append(k)
        converted += conv
    counts = np.bincount(delays, minlength=9)
    assert counts[:2].sum() == 0 and len(counts) == 9
    expected = n / 7
    chi2 = ((counts[2:] - expected) ** 2 / expected).sum()
    assert chi2 < 22.46, counts
    assert abs(converted / n - 0.5) < 3.29 * np.sqrt(0.25 / n)


def test_INF_3_conversion_makes_an_unaware_thing():
    """INF-3, GAP-38: a convert is a Thing in body (max HP 4, current HP unchanged), not an
    original Thing, and is counted as a conversion."""
    for game in range(40):
        sc = dark_pair(seed=7, game=game)
        _, conv = infect_and_wait(sc)
        if conv:
            assert sc.ch[VICTIM, S.CH_MAX_HP] == 4 and sc.ch[VICTIM, S.CH_HP] == 3
            assert sc.ch[VICTIM, S.CH_ORIGINAL] == 0
            assert sc.rec[R.C_CONVERSIONS] == 1
            return
    pytest.fail("no conversion in 40 trials")


def test_INF_7_reinfection_while_infected_converts_always():
    """INF-7, GAP-36: re-infecting an infected human keeps his timer and makes conversion sure."""
    trials = 0
    for game in range(400):
        sc = dark_pair(seed=9, game=game)
        sc.step({THING: [INFECT]})
        blackout = int(sc.ch[VICTIM, S.CH_BLACKOUT_TURN])
        if blackout <= 5:
            continue  # the cooldown allows the second infection on turn 5 only
        sc.run(3)
        sc.step({THING: [INFECT]})
        assert sc.ch[VICTIM, S.CH_BLACKOUT_TURN] == blackout
        assert sc.ch[VICTIM, S.CH_SURE_CONVERSION] == 1
        sc.run(blackout - sc.turn)
        assert sc.ch[VICTIM, S.CH_FORM] == codes.THING_HIDDEN
        trials += 1
    assert trials > 100


def test_INF_7_reinfection_after_recovery_converts_always():
    """GAP-36: a human who woke human and is infected again gets a new timer and converts."""
    trials = 0
    for game in range(200):
        sc = dark_pair(seed=13, game=game)
        _, conv = infect_and_wait(sc)
        if conv:
            continue
        while sc.turn + 1 < sc.ch[THING, S.CH_INFECT_READY]:
            sc.step()
        sc.step({THING: [INFECT]})
        blackout = int(sc.ch[VICTIM, S.CH_BLACKOUT_TURN])
        assert 2 <= blackout - sc.turn <= 8
        sc.run(blackout - sc.turn)
        assert sc.ch[VICTIM, S.CH_FORM] == codes.THING_HIDDEN
        trials += 1
    assert trials > 50


def test_INF_6_cooldown_three_turns():
    """INF-6, GAP-36: used on turn 1, the ability is refused on turns 2-4 and allowed on turn 5,
    even on another target, and even if the attempt was wasted on a Thing."""
    sc = dark_pair(seed=3)
    sc.put(2, codes.LIVING_QUARTERS)
    sc.make_thing(3)
    sc.put(3, codes.LIVING_QUARTERS)
    sc.step({THING: [(codes.A_INFECT, 3, 0)]})  # GAP-36: a Thing target wastes the attempt
    assert sc.ch[3, S.CH_INFECTED] == 0 and sc.rec[R.C_INFECTION_ATTEMPTS] == 1
    for _ in range(3):
        sc.step({THING: [(codes.A_INFECT, 2, 0)]})
        assert sc.kept(THING) == []
    sc.step({THING: [(codes.A_INFECT, 2, 0)]})
    assert sc.kept(THING) == [(codes.A_INFECT, 2, 0)]
    assert sc.ch[2, S.CH_INFECTED] == 1


def test_INF_5_light_exceptions():
    """INF-5: in Light a conscious victim cannot be infected, unless 8+ living characters are
    present (free); an unconscious one can, by spending the turn (3 AP).
    GAP-14: spending the turn is all 3 AP: the move declared after it is dropped."""
    sc = Scenario(12, seed=4).all_human().park_everyone(codes.WAREHOUSE)
    sc.make_thing(THING)
    sc.put(THING, codes.LIVING_QUARTERS).put(VICTIM, codes.LIVING_QUARTERS)
    sc.step({THING: [INFECT]})
    assert sc.kept(THING) == []
    sc.ch[VICTIM, S.CH_UNCONSCIOUS] = 1  # as if blacked out
    sc.step({THING: [INFECT, (codes.A_MOVE, codes.STREET, 0)]})
    assert sc.kept(THING) == [INFECT]  # the 3 AP leave no room for the move
    assert sc.ch[VICTIM, S.CH_INFECTED] == 1
    crowd = Scenario(12, seed=4).all_human().park_everyone(codes.LIVING_QUARTERS)
    crowd.make_thing(THING)
    for c in range(7, 12):
        crowd.put(c, codes.WAREHOUSE)  # 7 living here: too few
    crowd.step({THING: [INFECT]})
    assert crowd.kept(THING) == []
    crowd.put(7, codes.LIVING_QUARTERS)  # 8 living here, the Thing included
    crowd.step({THING: [INFECT, (codes.A_MOVE, codes.STREET, 0)]})
    assert crowd.kept(THING) == [INFECT, (codes.A_MOVE, codes.STREET, 0)]
    assert crowd.ch[VICTIM, S.CH_INFECTED] == 1


def test_INF_5b_before_INF_5a_an_unconscious_victim_in_a_crowd_costs_nothing():
    """INF-5(b) comes before INF-5(a): among 8+ living characters in Light the infection is free
    (and secret) even when its target is unconscious, so the Thing still has its AP to move."""
    crowd = Scenario(12, seed=4).all_human().park_everyone(codes.LIVING_QUARTERS)
    crowd.make_thing(THING)
    for c in range(8, 12):
        crowd.put(c, codes.WAREHOUSE)  # 8 living here, the Thing included
    crowd.ch[VICTIM, S.CH_UNCONSCIOUS] = 1
    crowd.step({THING: [INFECT, (codes.A_MOVE, codes.STREET, 0)]})
    assert crowd.kept(THING) == [INFECT, (codes.A_MOVE, codes.STREET, 0)]
    assert crowd.ch[VICTIM, S.CH_INFECTED] == 1


WITNESS = 2


@pytest.mark.parametrize("setting", ["light", "dark", "crowd"])
def test_INF_5a_AP_6_infecting_the_unconscious_in_light_is_seen(setting):
    """INF-5(a), AP-6: in Light the infection of an unconscious character is not marked secret,
    so an awake witness sees the Thing do it (E_INFECT_SEEN), though not whether it took; in the
    dark (INF-1) or among 8+ living characters (INF-5(b)) it stays secret (E_INFECT). The Thing
    knows what it did; the unconscious victim perceives nothing (UNC-1)."""
    sc = lit()
    sc.make_thing(THING)
    here = (THING, VICTIM, WITNESS) + (tuple(range(3, 8)) if setting == "crowd" else ())
    for c in here:
        sc.put(c, codes.LIVING_QUARTERS)
    if setting == "dark":
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[codes.LIVING_QUARTERS]] = 1
    sc.ch[VICTIM, S.CH_UNCONSCIOUS] = 1
    sc.step({THING: [INFECT]})
    assert sc.ch[VICTIM, S.CH_INFECTED] == 1
    blackout = int(sc.ch[VICTIM, S.CH_BLACKOUT_TURN])
    kind = codes.E_INFECT_SEEN if setting == "light" else codes.E_INFECT

    def infections(c):
        return [row for row in sc.perceived(c) if row[1] in (codes.E_INFECT, codes.E_INFECT_SEEN)]

    assert infections(THING) == [(THING, kind, VICTIM, 0, blackout)]
    assert infections(WITNESS) == ([(THING, kind, VICTIM, U, U)] if setting == "light" else [])
    assert infections(VICTIM) == []


def test_INF_5a_the_replay_tells_an_infection_seen():
    """balance.replay: an infection in view has its decoder and sentence, as E_INFECT's."""
    from balance.catalogue.events import EVENTS
    from balance.replay import SENTENCES

    fields = EVENTS[codes.E_INFECT_SEEN].fields(VICTIM, 0, 6)
    assert fields == {"target": VICTIM, "result": "first", "blackout_turn": 6}
    event = {"event": EVENTS[codes.E_INFECT_SEEN].name, "actor": THING, **fields}
    sentence = SENTENCES[event["event"]](event, lambda c: f"#{c}")
    assert sentence == "infected #1, unconscious, in view"


def test_INF_3_dead_cannot_convert():
    """INF-3: a victim who dies before waking never becomes a Thing."""
    sc = dark_pair(seed=6)
    sc.step({THING: [INFECT]})
    sc.put(VICTIM, codes.STREET, physical=1)
    sc.ch[VICTIM, S.CH_HP] = 1
    sc.ch[VICTIM, S.CH_FROST] = 4  # the cold kills him at the start of turn 2, before any blackout
    sc.run(10)
    assert sc.ch[VICTIM, S.CH_ALIVE] == 0 and sc.ch[VICTIM, S.CH_FORM] == codes.HUMAN
    assert sc.rec[R.C_CONVERSIONS] == 0

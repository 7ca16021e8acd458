"""Wilson intervals against known values and `summarize` on hand-made records."""

from __future__ import annotations

import json

import numpy as np
import pytest

import balance
from balance import codes
from balance.records import RECORD_DTYPE
from balance.summary import LEVERS, summarize, wilson_interval


@pytest.mark.parametrize(
    "successes, n, expected",
    [
        (50, 100, (0.4038, 0.5962)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (1, 3, (0.0615, 0.7923)),
        (812, 1000, (0.7866, 0.8350)),
    ],
)
def test_wilson_known_values(successes, n, expected):
    low, high = wilson_interval(successes, n)
    assert (round(low, 4), round(high, 4)) == expected


def test_wilson_without_games_is_the_whole_range():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_narrows_with_z():
    wide, narrow = wilson_interval(30, 100), wilson_interval(30, 100, z=1.0)
    assert wide[0] < narrow[0] < 0.3 < narrow[1] < wide[1]


@pytest.mark.parametrize("successes, n", [(-1, 10), (11, 10), (0, -1)])
def test_wilson_rejects_impossible_counts(successes, n):
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


def _records(rows: list[dict]) -> np.ndarray:
    records = np.zeros(len(rows), dtype=RECORD_DTYPE)
    for i, row in enumerate(rows):
        records[i]["game"] = i
        for name, value in row.items():
            records[i][name] = value
    return records


HAND_MADE = _records(
    [
        dict(
            winner=codes.HUMANS,
            reason=codes.R_RESCUE,
            end_turn=20,
            deaths_cold=1,
            infections=2,
            conversions=1,
        ),
        dict(
            winner=codes.HUMANS,
            reason=codes.R_THINGS_DEAD,
            end_turn=30,
            deaths_attack=2,
            infections=1,
        ),
        dict(
            winner=codes.THINGS,
            reason=codes.R_HUMANS_DEAD,
            end_turn=40,
            deaths_attack=3,
            deaths_injury=1,
            infections=4,
            conversions=2,
        ),
        dict(winner=codes.THINGS, reason=codes.R_FROZEN, end_turn=10, deaths_cold=5, infections=1),
        dict(winner=codes.NOBODY, reason=codes.R_TIMEOUT, end_turn=60, infections=2, conversions=1),
    ]
)


def test_summarize_hand_made_records():
    s = summarize(
        HAND_MADE, players=12, things=2, seed=7, games=5, config_hash="abc", elapsed_seconds=0.5
    )
    assert s["players"] == 12 and s["things"] == 2 and s["seed"] == 7 and s["games"] == 5
    assert s["config_hash"] == "abc"
    assert s["version"] == balance.__version__
    assert s["rules_version"] == balance.RULES_VERSION
    assert s["human_win_rate"] == 0.4
    assert s["thing_win_rate"] == 0.4
    assert s["human_win_ci"] == list(wilson_interval(2, 5))
    assert s["thing_win_ci"] == list(wilson_interval(2, 5))
    assert s["timeout_rate"] == 0.2
    assert s["end_reasons"] == {
        "rescue": 1,
        "escape": 0,
        "things_dead": 1,
        "humans_dead": 1,
        "frozen": 1,
        "timeout": 1,
        "thing_escaped": 0,
    }
    assert s["mean_turns"] == 32.0
    assert s["median_turns"] == 30.0
    assert s["deaths_by_cause"] == {"cold": 6, "injury": 1, "attack": 5, "poison": 0, "fire": 0}
    assert s["mean_infections"] == 2.0
    assert s["mean_conversions"] == 0.8
    assert s["games_per_second"] == 10.0
    # the hand-made games fill no lever's field (`infections` is not `infection_attempts`)
    assert set(s["levers"].values()) == {0.0}
    json.dumps(s)  # JSON-ready: no numpy scalars


def test_summarize_levers_are_shares_of_games_that_used_them():
    records = HAND_MADE.copy()
    records["refuels"] = [0, 3, 1, 0, 0]
    records["transformations"] = [0, 0, 0, 0, 2]
    records["heli_prepared_turn"] = [0, 0, 0, 31, 0]
    s = summarize(
        records, players=12, things=2, seed=7, games=5, config_hash="abc", elapsed_seconds=0.5
    )
    assert s["levers"]["generator_refuelled"] == 0.4
    assert s["levers"]["thing_revealed"] == 0.2
    assert s["levers"]["helicopter_prepared"] == 0.2
    assert list(s["levers"]) == list(LEVERS)


def test_summarize_lists_every_end_reason():
    s = summarize(
        HAND_MADE[:1], players=9, things=1, seed=0, games=1, config_hash="x", elapsed_seconds=0.0
    )
    assert list(s["end_reasons"]) == [r for r in codes.REASON_NAMES if r != "running"]
    assert sum(s["end_reasons"].values()) == 1
    assert s["games_per_second"] is None


def test_summarize_checks_the_game_count():
    with pytest.raises(ValueError, match="games=4"):
        summarize(
            HAND_MADE, players=12, things=2, seed=0, games=4, config_hash="x", elapsed_seconds=1.0
        )


def test_wilson_interval_contains_its_rate_at_the_ends():
    """At 0 or n successes the interval ends exactly at the rate (no rounding hair)."""
    assert wilson_interval(0, 200)[0] == 0.0
    assert wilson_interval(2000, 2000)[1] == 1.0

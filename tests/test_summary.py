"""Wilson intervals against known values, `summarize` on hand-made records, the batch-by-batch
fold (`Totals`) against `summarize` of all the records, and the Parquet file written batch by
batch against the one written at once."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

import balance
from balance import codes
from balance.config import load_config
from balance.records import RECORD_DTYPE, to_polars
from balance.runner import play_batches, run_games
from balance.summary import (
    LEVERS,
    PARQUET_METADATA_KEY,
    Provenance,
    Totals,
    records_writer,
    summarize,
    wilson_interval,
    write_records,
)


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
        HAND_MADE,
        Provenance(players=12, things=2, games=5, seed=7, config_hash="abc"),
        0.5,
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
        records,
        Provenance(players=12, things=2, games=5, seed=7, config_hash="abc"),
        0.5,
    )
    assert s["levers"]["generator_refuelled"] == 0.4
    assert s["levers"]["thing_revealed"] == 0.2
    assert s["levers"]["helicopter_prepared"] == 0.2
    assert list(s["levers"]) == list(LEVERS)


def test_summarize_talk_counts_claims_by_side_and_early_exposure():
    """GAP-64: claims a game by side, true and false; claims believed a game; and the share of
    games where a Thing was held for one by half the humans before turn 10 (a turn of 0 is
    never)."""
    records = HAND_MADE.copy()
    records["claims_humans_true"] = [4, 0, 2, 0, 4]
    records["claims_humans_false"] = [1, 0, 0, 0, 0]
    records["claims_things_false"] = [0, 5, 0, 0, 0]
    records["claims_believed"] = [2, 2, 2, 2, 2]
    records["thing_exposed_turn"] = [3, 0, 10, 9, 12]
    records["heli_flight_turn"] = [0, 0, 0, 0, 25]
    s = summarize(
        records,
        Provenance(players=12, things=2, games=5, seed=7, config_hash="abc"),
        0.5,
    )
    talk = s["talk"]
    assert talk["claims_per_game"] == {
        "humans": {"true": 2.0, "false": 0.2},
        "things": {"true": 0.0, "false": 1.0},
    }
    assert talk["believed_per_game"] == 2.0
    assert talk["thing_exposed_before_turn_10"] == 0.4
    assert s["levers"]["thing_exposed"] == 0.8
    assert s["levers"]["helicopter_flown"] == 0.2


@pytest.mark.parametrize("overrides", [(), ("ruleset=classic",)])
def test_summarize_lists_every_end_reason_of_its_ruleset(overrides):
    """The main ruleset's games never starve, the classic's never end by a rescue."""
    s = summarize(
        HAND_MADE[:1],
        Provenance(players=9, things=1, games=1, seed=0, config_hash="x", overrides=overrides),
        0.0,
    )
    ruleset = "classic" if overrides else "nemesis"
    assert list(s["end_reasons"]) == list(codes.END_REASONS_OF[ruleset])
    assert (
        ("starved" in s["end_reasons"]) == (ruleset == "classic") != ("rescue" in s["end_reasons"])
    )
    assert s["games_per_second"] is None


def test_summarize_checks_the_game_count():
    with pytest.raises(ValueError, match="games=4"):
        summarize(
            HAND_MADE,
            Provenance(players=12, things=2, games=4, seed=0, config_hash="x"),
            1.0,
        )


def test_wilson_interval_contains_its_rate_at_the_ends():
    """At 0 or n successes the interval ends exactly at the rate (no rounding hair)."""
    assert wilson_interval(0, 200)[0] == 0.0
    assert wilson_interval(2000, 2000)[1] == 1.0


def test_median_of_an_even_number_of_games_is_the_mean_of_the_middle_two():
    s = summarize(
        HAND_MADE[:4],
        Provenance(players=12, things=2, games=4, seed=7, config_hash="abc"),
        1,
    )
    assert s["median_turns"] == 25.0  # lengths 20, 30, 40, 10


def _provenance(games: int) -> Provenance:
    return Provenance(players=12, things=2, games=games, seed=2024, config_hash="x")


@pytest.mark.parametrize("games", [2999, 3000])  # an odd and an even count for the median
def test_totals_over_batches_equal_summarize_of_all_records(games):
    cfg = load_config(12)
    records = run_games(cfg, games, 2024)
    totals = Totals()
    for batch in play_batches(cfg, games, 2024, batch_size=37):
        totals.add(batch)
    streamed = totals.summary(_provenance(games), 2.0)
    whole = summarize(records, _provenance(games), 2.0)
    assert json.dumps(streamed) == json.dumps(whole)  # same keys in the same order, same numbers
    # and the numbers are the records' own, computed here another way
    df = to_polars(records)
    assert whole["median_turns"] == df["end_turn"].median()
    assert whole["mean_turns"] == df["end_turn"].mean()
    assert whole["mean_infections"] == df["infections"].mean()
    assert whole["end_reasons"]["rescue"] == (df["reason"] == "rescue").sum()
    assert whole["levers"]["thing_revealed"] == (df["transformations"] > 0).mean()
    assert whole["deaths_by_cause"]["cold"] == df["deaths_cold"].sum()


def test_totals_check_the_game_count():
    totals = Totals()
    totals.add(HAND_MADE)
    with pytest.raises(ValueError, match="games=6 but 5 records"):
        totals.summary(_provenance(6), 2.0)


def test_provenance_of_a_config_is_what_outputs_carry():
    """The keys (in the order a summary prints them) and values of a run's provenance, and
    the overrides its Parquet file adds to them."""
    cfg = load_config(12, ["things.start=3"])
    provenance = Provenance.of(cfg, 500, 4, "naive", "expert")
    assert list(provenance.as_dict().items()) == [
        ("players", 12),
        ("things", 3),
        ("games", 500),
        ("seed", 4),
        ("config_hash", cfg.hash),
        ("version", balance.__version__),
        ("rules_version", balance.RULES_VERSION),
        ("humans_policy", "naive"),
        ("things_policy", "expert"),
    ]
    assert provenance.file_metadata() == {**provenance.as_dict(), "overrides": ["things.start=3"]}


PROVENANCE = Provenance(
    players=9, things=1, games=1000, seed=3, config_hash="x", overrides=("things.start=1",)
)


def _one_shot_parquet(records: np.ndarray, path, meta: dict) -> None:
    """The file `balance run --out` wrote before it streamed: every record in one table."""
    table = to_polars(records).to_arrow()
    table = table.replace_schema_metadata(
        {**(table.schema.metadata or {}), b"balance": json.dumps(meta).encode()}
    )
    pq.write_table(table, path)


def test_parquet_written_batch_by_batch_equals_the_one_shot_file(tmp_path):
    cfg = load_config(9)
    records = run_games(cfg, 1000, 3)
    _one_shot_parquet(records, tmp_path / "one-shot.parquet", PROVENANCE.file_metadata())
    with records_writer(tmp_path / "batches.parquet", PROVENANCE) as write:
        for batch in play_batches(cfg, 1000, 3, batch_size=300):
            write(batch)
    write_records(records, tmp_path / "write_records.parquet", PROVENANCE)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "batches.parquet",
        "one-shot.parquet",
        "write_records.parquet",
    ]
    assert pq.ParquetFile(tmp_path / "batches.parquet").metadata.num_row_groups == 4
    expected = pl.read_parquet(tmp_path / "one-shot.parquet")
    expected_meta = pq.read_schema(tmp_path / "one-shot.parquet").metadata
    assert json.loads(expected_meta[PARQUET_METADATA_KEY]) == PROVENANCE.file_metadata()
    for name in ("batches.parquet", "write_records.parquet"):
        assert pl.read_parquet(tmp_path / name).equals(expected)
        assert pq.read_schema(tmp_path / name).metadata == expected_meta


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_interrupted_write_leaves_no_file_and_keeps_an_existing_one(tmp_path, error):
    batch = HAND_MADE
    with pytest.raises(error):
        with records_writer(tmp_path / "new.parquet", PROVENANCE) as write:
            write(batch)
            raise error
    assert list(tmp_path.iterdir()) == []
    old = tmp_path / "old.parquet"
    old.write_bytes(b"an earlier run")
    with pytest.raises(error):
        with records_writer(old, PROVENANCE) as write:
            write(batch)
            raise error
    assert list(tmp_path.iterdir()) == [old] and old.read_bytes() == b"an earlier run"

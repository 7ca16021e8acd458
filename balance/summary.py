"""Summaries of a run: win rates with Wilson intervals, end reasons, game length, deaths.

`summarize` turns the per-game records of one configuration into a flat, JSON-ready dict that
carries its provenance (package and rules version, config hash, seed, number of games);
`write_records` stores the records themselves as Parquet with the same provenance.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

import balance
from policies import DEFAULT
from balance import codes
from balance.records import to_polars

Z_95 = 1.959963984540054  # two-sided 95% normal quantile

# Every reason a finished game can end with: "running" never appears in a record.
END_REASONS = tuple(name for name in codes.REASON_NAMES if name != "running")
DEATH_CAUSES = codes.DEATH_CAUSE_NAMES[1:]  # "none" is no cause of death
# The levers each side plays (issue 5): a lever counts as used in a game when its record field
# is positive there; the summary gives the share of games that used it.
LEVERS = {
    "generator_refuelled": "refuels",
    "parka_fetched": "parkas_taken",
    "beacon_activated": "beacon_turn",
    "help_called": "call_turn",
    "blood_test_completed": "blood_tests",
    "helicopter_part_repaired": "heli_repairs",
    "helicopter_prepared": "heli_prepared_turn",
    "infection_attempted": "infection_attempts",
    "generator_broken": "generator_breaks",
    "thing_revealed": "transformations",
}


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion `successes / n`.

    With n = 0 nothing is known, so the interval is the whole range (0.0, 1.0).
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"wilson_interval: need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half_width = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denominator
    # at p = 0 or 1 the exact endpoint is 0 or 1; rounding would leave a hair of error that puts
    # the interval beside its own rate
    low = 0.0 if successes == 0 else max(0.0, centre - half_width)
    high = 1.0 if successes == n else min(1.0, centre + half_width)
    return low, high


def provenance(
    *,
    players: int,
    things: int,
    seed: int,
    games: int,
    config_hash: str,
    humans_policy: str,
    things_policy: str,
) -> dict[str, Any]:
    """What identifies a run's results: package and rules version, config, policies, seed, games."""
    return {
        "players": players,
        "things": things,
        "games": games,
        "seed": seed,
        "config_hash": config_hash,
        "version": balance.__version__,
        "rules_version": balance.RULES_VERSION,
        "humans_policy": humans_policy,
        "things_policy": things_policy,
    }


def summarize(
    records: np.ndarray,
    *,
    players: int,
    things: int,
    seed: int,
    games: int,
    config_hash: str,
    elapsed_seconds: float,
    humans_policy: str = DEFAULT,
    things_policy: str = DEFAULT,
) -> dict[str, Any]:
    """Summarize the records (balance.records.RECORD_DTYPE) of one run into a JSON-ready dict.

    `things` is the number of Things at the start; `games` must equal len(records).
    `games_per_second` is None when `elapsed_seconds` is not positive.
    """
    if len(records) != games or games < 1:
        raise ValueError(f"summarize: games={games} but {len(records)} records (need at least 1)")
    df = to_polars(records)
    totals = df.select(
        (pl.col("winner") == "humans").sum().alias("human_wins"),
        (pl.col("winner") == "things").sum().alias("thing_wins"),
        pl.col("end_turn").mean().alias("mean_turns"),
        pl.col("end_turn").median().alias("median_turns"),
        *(pl.col(f"deaths_{cause}").sum().alias(cause) for cause in DEATH_CAUSES),
        pl.col("infections").mean().alias("mean_infections"),
        pl.col("conversions").mean().alias("mean_conversions"),
        *((pl.col(field) > 0).mean().alias(lever) for lever, field in LEVERS.items()),
    ).row(0, named=True)
    reason_counts = dict(df.group_by("reason").len().iter_rows())
    end_reasons = {name: int(reason_counts.get(name, 0)) for name in END_REASONS}
    human_wins, thing_wins = int(totals["human_wins"]), int(totals["thing_wins"])
    return {
        **provenance(
            players=players,
            things=things,
            seed=seed,
            games=games,
            config_hash=config_hash,
            humans_policy=humans_policy,
            things_policy=things_policy,
        ),
        "human_win_rate": human_wins / games,
        "human_win_ci": list(wilson_interval(human_wins, games)),
        "thing_win_rate": thing_wins / games,
        "thing_win_ci": list(wilson_interval(thing_wins, games)),
        "timeout_rate": end_reasons["timeout"] / games,
        "end_reasons": end_reasons,
        "mean_turns": float(totals["mean_turns"]),
        "median_turns": float(totals["median_turns"]),
        "deaths_by_cause": {cause: int(totals[cause]) for cause in DEATH_CAUSES},
        "mean_infections": float(totals["mean_infections"]),
        "mean_conversions": float(totals["mean_conversions"]),
        "levers": {lever: float(totals[lever]) for lever in LEVERS},
        "games_per_second": games / elapsed_seconds if elapsed_seconds > 0 else None,
    }


PARQUET_METADATA_KEY = b"balance"


def write_records(records: np.ndarray, path: Path, meta: dict[str, Any]) -> None:
    """Write one row per game to Parquet at `path`, with `meta` (JSON) in the file's metadata
    under the key "balance".

    The file is written beside its destination under a temporary name and renamed into place,
    so a failure never leaves a partial file at `path`.
    """
    import pyarrow.parquet as pq

    table = to_polars(records).to_arrow()
    table = table.replace_schema_metadata(
        {**(table.schema.metadata or {}), PARQUET_METADATA_KEY: json.dumps(meta).encode()}
    )
    path = Path(path)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        pq.write_table(table, tmp_name)
        os.replace(tmp_name, path)
    except BaseException:
        os.unlink(tmp_name)
        raise

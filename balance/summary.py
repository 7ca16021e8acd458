"""Summaries of a run: win rates with Wilson intervals, end reasons, game length, deaths.

`Totals` folds the per-game records of one configuration batch by batch, and `summarize` all of
them at once, into a flat, JSON-ready dict that carries the run's `Provenance` (package and rules
version, config hash, policies, seed, number of games); `records_writer` stores the records
themselves as Parquet with the same provenance.
"""

from __future__ import annotations

import json
import math
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np

import balance
from policies import DEFAULT
from balance import codes
from balance.config import Config, split_ruleset
from balance.files import written_whole
from balance.records import RECORD_DTYPE, to_polars

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
    "helicopter_flown": "heli_flight_turn",
    "door_code_entered": "code_entries",
    "thing_burned": "things_dead",
    "thing_exposed": "thing_exposed_turn",
}
# Talk (GAP-64): claims said a game by each side, true and false, and claims believed
CLAIM_FIELDS = {
    side: {truth: f"claims_{side}_{truth}" for truth in ("true", "false")}
    for side in ("humans", "things")
}
EARLY_EXPOSURE_TURN = 10  # a Thing exposed before this turn counts as exposed early


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


@dataclass(frozen=True)
class Provenance:
    """What identifies a run's results: the package and rules version that played it, the config
    (its hash, player count, Things at the start and the overrides it was resolved with), the
    policies, the seed and the number of games. Built once per run (`of`), it is carried by the
    run's summary, its Parquet file and a sweep's cell files."""

    players: int
    things: int
    games: int
    seed: int
    config_hash: str
    humans_policy: str = DEFAULT
    things_policy: str = DEFAULT
    overrides: tuple[str, ...] = ()
    precision: float | None = None  # the half-width played to (balance.precision), or None
    version: str = balance.__version__
    rules_version: str = balance.RULES_VERSION

    @classmethod
    def of(
        cls,
        cfg: Config,
        games: int,
        seed: int,
        humans: str,
        things: str,
        precision: float | None = None,
    ) -> Provenance:
        """The provenance of `games` games with `seed` of `cfg`, the humans and Things playing
        `humans` and `things` (each as given: a preset name or a strategy file), played to
        `precision` when given."""
        return cls(
            players=cfg.players,
            things=cfg["things.start"],
            games=games,
            seed=seed,
            config_hash=cfg.hash,
            humans_policy=humans,
            things_policy=things,
            overrides=cfg.overrides,
            precision=precision,
        )

    def as_dict(self) -> dict[str, Any]:
        """The keys a summary and a sweep's cell file carry, in the order they print (the
        overrides are left to `file_metadata`: a cell file has its sweep's instead)."""
        return {
            "players": self.players,
            "things": self.things,
            "games": self.games,
            "seed": self.seed,
            "config_hash": self.config_hash,
            "version": self.version,
            "rules_version": self.rules_version,
            "humans_policy": self.humans_policy,
            "things_policy": self.things_policy,
        } | ({} if self.precision is None else {"precision": self.precision})

    def file_metadata(self) -> dict[str, Any]:
        """What a run's Parquet file carries in its metadata: `as_dict` and the overrides."""
        return {**self.as_dict(), "overrides": list(self.overrides)}


class Totals:
    """Running totals of a run's records, added batch by batch: counts, sums and a histogram of
    game lengths (for an exact median), so summarizing a run of any length needs the memory of
    one batch. `summarize` is these totals over all the records at once.
    """

    def __init__(self) -> None:
        self.games = 0
        self.winners = np.zeros(len(codes.WINNER_NAMES), dtype=np.int64)
        self.reasons = np.zeros(len(codes.REASON_NAMES), dtype=np.int64)
        self.games_by_length = np.zeros(0, dtype=np.int64)  # index: the game's last turn
        self.deaths = dict.fromkeys(DEATH_CAUSES, 0)
        self.infections = 0
        self.conversions = 0
        self.lever_games = dict.fromkeys(LEVERS, 0)
        self.claims = {f: 0 for fields in CLAIM_FIELDS.values() for f in fields.values()}
        self.claims_believed = 0
        self.exposed_early = 0

    def add(self, records: np.ndarray) -> None:
        """Add a batch of records (balance.records.RECORD_DTYPE)."""
        self.games += len(records)
        self.winners = _add_counts(self.winners, records["winner"])
        self.reasons = _add_counts(self.reasons, records["reason"])
        self.games_by_length = _add_counts(self.games_by_length, records["end_turn"])
        for cause in DEATH_CAUSES:
            self.deaths[cause] += int(records[f"deaths_{cause}"].sum())
        self.infections += int(records["infections"].sum())
        self.conversions += int(records["conversions"].sum())
        for lever, field in LEVERS.items():
            self.lever_games[lever] += int((records[field] > 0).sum())
        for field in self.claims:
            self.claims[field] += int(records[field].sum())
        self.claims_believed += int(records["claims_believed"].sum())
        exposed = records["thing_exposed_turn"]
        self.exposed_early += int(((exposed > 0) & (exposed < EARLY_EXPOSURE_TURN)).sum())

    def precision(self) -> float:
        """The larger half-width of the two win rates' Wilson intervals so far."""
        return max(
            (high - low) / 2
            for low, high in (
                wilson_interval(int(self.winners[side]), self.games)
                for side in (codes.HUMANS, codes.THINGS)
            )
        )

    def summary(self, provenance: Provenance, elapsed_seconds: float) -> dict[str, Any]:
        """The run's summary as a JSON-ready dict: its provenance (`Provenance.as_dict`), then
        the figures; the provenance's games must equal the games added.

        `games_per_second` is None when `elapsed_seconds` is not positive.
        """
        games = provenance.games
        if self.games != games or games < 1:
            raise ValueError(f"summarize: games={games} but {self.games} records (need at least 1)")
        human_wins = int(self.winners[codes.HUMANS])
        thing_wins = int(self.winners[codes.THINGS])
        ruleset = split_ruleset(provenance.overrides)[0]
        end_reasons = {
            name: int(self.reasons[codes.REASON_NAMES.index(name)])
            for name in codes.END_REASONS_OF[ruleset]
        }
        lengths = np.arange(len(self.games_by_length))
        return {
            **provenance.as_dict(),
            "human_win_rate": human_wins / games,
            "human_win_ci": list(wilson_interval(human_wins, games)),
            "thing_win_rate": thing_wins / games,
            "thing_win_ci": list(wilson_interval(thing_wins, games)),
            "timeout_rate": end_reasons["timeout"] / games,
            "end_reasons": end_reasons,
            "mean_turns": int(lengths @ self.games_by_length) / games,
            "median_turns": _median(self.games_by_length),
            "deaths_by_cause": dict(self.deaths),
            "mean_infections": self.infections / games,
            "mean_conversions": self.conversions / games,
            "levers": {lever: n / games for lever, n in self.lever_games.items()},
            "talk": {
                "claims_per_game": {
                    side: {truth: self.claims[f] / games for truth, f in fields.items()}
                    for side, fields in CLAIM_FIELDS.items()
                },
                "believed_per_game": self.claims_believed / games,
                "thing_exposed_before_turn_10": self.exposed_early / games,
            },
            "games_per_second": games / elapsed_seconds if elapsed_seconds > 0 else None,
        }


def _add_counts(counts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """`counts` (games per value) with `values` counted in, lengthened if a value needs it."""
    more = np.bincount(values, minlength=len(counts))
    more[: len(counts)] += counts
    return more


def _median(counts: np.ndarray) -> float:
    """Median of the values counted by `counts` (games per value): the middle value, or the mean
    of the two middle values when the number of games is even."""
    cumulative = np.cumsum(counts)
    n = int(cumulative[-1])
    low = int(np.searchsorted(cumulative, (n - 1) // 2, side="right"))
    high = int(np.searchsorted(cumulative, n // 2, side="right"))
    return (low + high) / 2


def summarize(
    records: np.ndarray, provenance: Provenance, elapsed_seconds: float
) -> dict[str, Any]:
    """Summarize all the records (balance.records.RECORD_DTYPE) of one run into a JSON-ready
    dict, as `Totals.summary` does batch by batch."""
    totals = Totals()
    totals.add(records)
    return totals.summary(provenance, elapsed_seconds)


PARQUET_METADATA_KEY = b"balance"


@contextmanager
def records_writer(path: Path, provenance: Provenance) -> Iterator[Callable[[np.ndarray], None]]:
    """Write one row per game to Parquet at `path`, batch by batch: the context yields a function
    that appends a batch of records (one row group each); the run's provenance
    (`Provenance.file_metadata`) goes as JSON into the file's metadata under the key "balance".

    The file is written whole or not at all (balance.files.written_whole): `path` is never
    partial and a file already there stays as it was until the run ends.
    """
    import pyarrow.parquet as pq

    schema = _arrow(np.zeros(0, dtype=RECORD_DTYPE)).schema
    schema = schema.with_metadata(
        {
            **(schema.metadata or {}),
            PARQUET_METADATA_KEY: json.dumps(provenance.file_metadata()).encode(),
        }
    )
    with written_whole(path) as tmp, pq.ParquetWriter(tmp, schema) as writer:
        yield lambda records: writer.write_table(_arrow(records))


def write_records(records: np.ndarray, path: Path, provenance: Provenance) -> None:
    """Write all the records of a run to Parquet at `path` at once (see `records_writer`)."""
    with records_writer(path, provenance) as write:
        write(records)


def _arrow(records: np.ndarray):
    """Records as the pyarrow table stored in Parquet: the polars view's columns."""
    return to_polars(records).to_arrow()

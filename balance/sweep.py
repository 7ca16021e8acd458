"""Parameter sweeps: every cell of a grid at every player count, stored as Parquet, resumable.

A sweep directory holds `manifest.json` and one Parquet file per finished cell under `cells/`.
A cell is one player count and one value per grid axis; its seed depends only on the sweep seed
and the cell's values, so adding a value to an axis leaves every other cell's records unchanged.
A cell's file appears only by an atomic rename once all its games are played, so an interrupted
sweep restarted with the same command plays just the missing cells and ends with the same
records as an uninterrupted one.

Cells are played in this process, in joblib worker processes, or on the workers of a Dask
cluster; wherever a cell is played, its records come back here and this process alone writes
the cell files, so workers need no shared file system and a dying worker leaves no file behind.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import socket
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np
import polars as pl

import balance
from policies import DEFAULT
from balance import codes
from balance.config import Config, ConfigError, load_config
from balance.files import TEMPORARY_GLOB, written_whole
from balance.records import to_polars
from balance.summary import wilson_interval

MANIFEST = "manifest.json"
CELLS = "cells"
POLICY_AXES = ("humans", "things")  # grid axes that pick a policy preset instead of a config key
SETTINGS = (
    "seed",
    "games",
    "sets",
    "humans",
    "things",
    "version",
    "rules_version",
    "source_digest",
)


@dataclass(frozen=True)
class Cell:
    """One player count and one value (as given on the command line) per grid axis."""

    players: int
    values: tuple[tuple[str, str], ...]

    @property
    def id(self) -> str:
        return hashlib.sha256(self._canonical().encode()).hexdigest()[:16]

    def _canonical(self) -> str:
        return json.dumps([self.players, [list(v) for v in self.values]])

    def seed(self, sweep_seed: int) -> int:
        """The cell's run seed: a function of the sweep seed and the cell's values only."""
        text = f"{sweep_seed}|{self._canonical()}"
        return int(hashlib.sha256(text.encode()).hexdigest()[:15], 16)

    def overrides(self) -> list[str]:
        return [f"{k}={v}" for k, v in self.values if k not in POLICY_AXES]

    def policy(self, side: str, default: str) -> str:
        return dict(self.values).get(side, default)


@dataclass(frozen=True)
class SweepPlan:
    """Everything a sweep needs, validated before a game is played."""

    players: tuple[int, ...]
    axes: dict[str, list[str]]
    sets: tuple[str, ...]
    humans: str
    things: str
    games: int
    seed: int
    cells: tuple[Cell, ...]
    command: str = ""
    # the compiled code the plan was made with, carried to workers that may run other sources
    source_digest: str = balance.SOURCE_DIGEST

    def settings(self) -> dict[str, Any]:
        """What must match for cells of two runs to be comparable: a directory made with other
        settings, or by other compiled code (source_digest), is refused rather than mixed."""
        return {
            "seed": self.seed,
            "games": self.games,
            "sets": list(self.sets),
            "humans": self.humans,
            "things": self.things,
            "version": balance.__version__,
            "rules_version": balance.RULES_VERSION,
            "source_digest": self.source_digest,
        }


def parse_grid(texts: Sequence[str]) -> dict[str, list[str]]:
    """`KEY=V1,V2,...` texts into {key: [value texts]}, in the order given."""
    axes: dict[str, list[str]] = {}
    for text in texts:
        key, sep, raw = text.partition("=")
        key = key.strip()
        values = [v.strip() for v in raw.split(",")]
        if not sep or not key or not all(values):
            raise ConfigError(
                f"--grid: {text!r} is not allowed (allowed: KEY=V1,V2,... e.g. things.start=1,2,3)"
            )
        if key in axes:
            raise ConfigError(f"--grid: {key!r} is given twice (allowed: one --grid per key)")
        if len(set(values)) != len(values):
            raise ConfigError(f"--grid: {text!r} repeats a value (allowed: distinct values)")
        axes[key] = values
    return axes


def plan_sweep(
    players: Sequence[int],
    axes: dict[str, list[str]],
    sets: Sequence[str] = (),
    humans: str = DEFAULT,
    things: str = DEFAULT,
    games: int = 10_000,
    seed: int = 0,
    command: str = "",
) -> SweepPlan:
    """Build the cells and resolve every cell's config now, so a bad key or value stops the
    sweep before any game (the error names the key and the value)."""
    from policies import names

    if not isinstance(games, int) or games < 1:
        raise ConfigError(f"--games: {games!r} is not allowed (allowed: a whole number >= 1)")
    if not players:
        raise ConfigError("--players: empty (allowed: a comma-separated list such as 9,12,15)")

    def check_policy(flag: str, side: int, name: str) -> None:
        known = names(side)
        if name not in known:
            raise ConfigError(f"{flag}: {name!r} is not allowed (allowed: {', '.join(known)})")

    check_policy("--humans", codes.HUMANS, humans)
    check_policy("--things", codes.THINGS, things)
    for key in POLICY_AXES:
        side = codes.HUMANS if key == "humans" else codes.THINGS
        for name in axes.get(key, []):
            check_policy(f"--grid {key}", side, name)
    cells = tuple(
        Cell(p, tuple(zip(axes, combo)))
        for p in players
        for combo in itertools.product(*axes.values())
    )
    seen: dict[tuple, Cell] = {}
    for cell in cells:
        cfg = load_config(cell.players, [*sets, *cell.overrides()])
        same = (
            cell.players,
            cfg.hash,
            cell.policy("humans", humans),
            cell.policy("things", things),
        )
        if same in seen:
            raise ConfigError(
                f"--grid: {dict(seen[same].values)} and {dict(cell.values)} are the "
                "same configuration (allowed: values that differ once resolved)"
            )
        seen[same] = cell
    return SweepPlan(
        tuple(players), dict(axes), tuple(sets), humans, things, games, seed, cells, command
    )


def _write_manifest(plan: SweepPlan, out: Path) -> None:
    """Create or extend the manifest; refuse a directory made with other settings."""
    path = out / MANIFEST
    cells: dict[str, Any] = {}
    axes: dict[str, list[str]] = {}
    commands: list[str] = []
    if path.exists():
        old = json.loads(path.read_text())
        if old["settings"] != plan.settings():
            changed = [k for k in SETTINGS if old["settings"].get(k) != plan.settings()[k]]
            raise ConfigError(
                f"--out: {str(out)!r} holds a sweep made with other settings "
                f"({', '.join(changed)}) (allowed: the same settings, or a new "
                "directory)"
            )
        if set(old["axes"]) != set(plan.axes):
            raise ConfigError(
                f"--out: {str(out)!r} holds a sweep over the axes "
                f"{sorted(old['axes'])} (allowed: the same axes, or a new directory)"
            )
        cells, axes, commands = old["cells"], old["axes"], old["commands"]
    for key, values in plan.axes.items():
        axes[key] = axes.get(key, []) + [v for v in values if v not in axes.get(key, [])]
    for cell in plan.cells:
        cfg = load_config(cell.players, [*plan.sets, *cell.overrides()])
        cells[cell.id] = {
            "players": cell.players,
            "values": dict(cell.values),
            "config_hash": cfg.hash,
            "seed": cell.seed(plan.seed),
            "file": f"{CELLS}/{cell.id}.parquet",
        }
    if plan.command and plan.command not in commands:
        commands.append(plan.command)  # every command that made or grew this sweep, in order
    manifest = {
        "settings": plan.settings(),
        "command": commands[0] if commands else "",  # the command that made it
        "commands": commands,
        "axes": axes,
        "cells": cells,
    }
    with written_whole(path) as tmp:
        tmp.write_text(json.dumps(manifest, indent=1))


def _cell_frame(plan: SweepPlan, cell: Cell, records: np.ndarray, cfg: Config) -> pl.DataFrame:
    """The cell's records with its columns: id, players, config hash, seed, axis values."""
    columns: dict[str, Any] = {
        "cell": cell.id,
        "players": cell.players,
        "config_hash": cfg.hash,
        "cell_seed": cell.seed(plan.seed),
    }
    for key, text in cell.values:
        columns[key] = text if key in POLICY_AXES else cfg.display(key)
    df = to_polars(records)
    return df.with_columns(pl.lit(value).alias(name) for name, value in columns.items())


def _play_cell(plan: SweepPlan, cell: Cell, threads: int | None) -> tuple[Cell, np.ndarray]:
    """Play one cell's games; runs here, in a joblib worker or on a Dask worker."""
    import numba

    from balance.runner import run_games

    if plan.source_digest != balance.SOURCE_DIGEST:
        # a worker installed from other sources, or started after the sources were edited,
        # would play other games under the same seeds
        raise ConfigError(
            f"worker on {socket.gethostname()}: runs other balance sources (compiled-source "
            f"digest {balance.SOURCE_DIGEST}, this sweep's {plan.source_digest}; allowed: "
            "workers running the same sources as the sweep, unchanged since it started)"
        )
    if threads is not None:
        numba.set_num_threads(threads)
    records = run_games(
        _cell_config(plan, cell),
        plan.games,
        cell.seed(plan.seed),
        cell.policy("humans", plan.humans),
        cell.policy("things", plan.things),
    )
    return cell, records


def _cell_config(plan: SweepPlan, cell: Cell) -> Config:
    return load_config(cell.players, [*plan.sets, *cell.overrides()])


def _write_cell(plan: SweepPlan, cell: Cell, records: np.ndarray, out: Path) -> None:
    """Publish a played cell: a temporary file renamed into place, so it is whole or absent."""
    final = out / CELLS / f"{cell.id}.parquet"
    with written_whole(final) as tmp:
        _cell_frame(plan, cell, records, _cell_config(plan, cell)).write_parquet(tmp)


def _warm_up(plan: SweepPlan, cells: Sequence[Cell]) -> None:
    """Compile the kernel, or load it from numba's cache, for every policy pairing of `cells`."""
    from balance.runner import warm_up

    pairings = {(c.policy("humans", plan.humans), c.policy("things", plan.things)) for c in cells}
    for humans, things in sorted(pairings):
        warm_up(_cell_config(plan, cells[0]), humans, things)


async def _warm_up_worker(plan: SweepPlan, cells: Sequence[Cell]) -> None:
    # client.run calls a plain function on the worker's event loop; a cold compile (~30 s)
    # there would stall its heartbeats, so the work goes to a thread
    await asyncio.to_thread(_warm_up, plan, cells)


def missing_cells(plan: SweepPlan, out: Path) -> list[Cell]:
    return [c for c in plan.cells if not (out / CELLS / f"{c.id}.parquet").exists()]


SCHEDULER_ALLOWED = "allowed: a running scheduler address like tcp://host:8786, or local"
CONNECT_TIMEOUT = 5  # seconds to reach a scheduler, and for it to have a worker
# Re-runs of a cell whose task raised on a worker. A cell on a worker that dies is re-run by
# the scheduler itself (its distributed.scheduler.allowed-failures setting, 3 by default).
CELL_RETRIES = 2


@contextmanager
def _dask_client(scheduler: str, jobs: int) -> Iterator[Any]:
    """A Client of the scheduler at `scheduler`, or of a LocalCluster of `jobs` one-thread
    workers for `local`; a scheduler that cannot be reached is a one-line ConfigError."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ConfigError(
            "--scheduler: dask is not installed (allowed: install it with pip install '.[dask]')"
        ) from None
    if scheduler == "local":
        with (
            LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                # the scheduler serves health checks over HTTP even without a dashboard, on
                # port 8787 unless told otherwise: taken by any other scheduler on the machine
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client
        return
    if jobs != 1:
        raise ConfigError(
            f"--jobs: {jobs!r} is not allowed with --scheduler {scheduler} (the cluster's "
            "workers decide how many cells play at once; allowed: 1, or --scheduler local)"
        )
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, ValueError) as exc:
        raise ConfigError(
            f"--scheduler: {scheduler!r} is not allowed (could not connect: {exc}; "
            f"{SCHEDULER_ALLOWED})"
        ) from None
    with client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except TimeoutError:
            raise ConfigError(
                f"--scheduler: {scheduler!r} is not allowed (no worker joined it within "
                f"{CONNECT_TIMEOUT} s; {SCHEDULER_ALLOWED}, with workers)"
            ) from None
        yield client


def _played_on_dask(
    client: Any, plan: SweepPlan, todo: list[Cell]
) -> Iterator[tuple[Cell, np.ndarray]]:
    """(cell, records) pairs as the cluster finishes them, in any order."""
    from distributed import as_completed

    client.run(_warm_up_worker, plan, todo)
    # pure=False: a task's key must not be shared with another sweep's cell of the same values
    futures = (
        client.submit(_play_cell, plan, cell, 1, pure=False, retries=CELL_RETRIES) for cell in todo
    )
    # as_completed lets go of each future once yielded, so the workers free its records
    for future in as_completed(futures):
        yield future.result()


def run_sweep(
    plan: SweepPlan,
    out: Path,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str | None = None,
) -> int:
    """Play every missing cell of `plan` into `out`; returns the number of cells played.

    jobs = 1 plays cells one after another with numba's threads; jobs > 1 runs that many
    worker processes (joblib) with one numba thread each, so cores are used at one level only.
    `scheduler` sends the cells to the Dask scheduler at that address instead, or to a
    LocalCluster of `jobs` workers for `local`, one numba thread per cell there too.
    `progress(done, total)` is called as cells finish.
    """
    from joblib import Parallel, delayed

    if not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"--jobs: {jobs!r} is not allowed (allowed: a whole number >= 1)")
    # connected first, so an unreachable scheduler stops the sweep before any file is written
    connection = nullcontext() if scheduler is None else _dask_client(scheduler, jobs)
    with connection as client:
        out = Path(out)
        try:
            (out / CELLS).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"--out: {str(out)!r} is not allowed ({exc.strerror}; allowed: a writable "
                "directory)"
            ) from None
        _write_manifest(plan, out)
        for stale in (out / CELLS).glob(TEMPORARY_GLOB):
            stale.unlink()  # a half-written file of an interrupted run, never read as a result
        todo = missing_cells(plan, out)
        total = len(todo)
        if progress is not None:
            progress(0, total)
        if not todo:
            return 0
        _warm_up(plan, todo)  # compile here once: workers on this machine then load the cache
        played: Iterable[tuple[Cell, np.ndarray]]
        if client is not None:
            played = _played_on_dask(client, plan, todo)
        elif jobs == 1:
            played = (_play_cell(plan, c, None) for c in todo)
        else:
            played = Parallel(n_jobs=jobs, return_as="generator_unordered")(
                delayed(_play_cell)(plan, c, 1) for c in todo
            )
        for done, (cell, records) in enumerate(played, start=1):
            _write_cell(plan, cell, records, out)
            if progress is not None:
                progress(done, total)
    return total


# ----------------------------------------------------------------------------------------------
# Reading a sweep back
# ----------------------------------------------------------------------------------------------


def load_manifest(out: Path) -> dict[str, Any]:
    path = Path(out) / MANIFEST
    if not path.exists():
        raise ConfigError(
            f"sweep directory: {str(out)!r} has no {MANIFEST} (allowed: a directory "
            "written by `balance sweep --out`)"
        )
    return json.loads(path.read_text())


def load_records(out: Path) -> pl.DataFrame:
    """Every finished cell's per-game records, with the cell's columns: `cell`, `players`,
    `config_hash`, `cell_seed` and one column per grid axis (fuel in canisters)."""
    manifest = load_manifest(out)
    files = sorted((Path(out) / CELLS).glob("*.parquet"))
    if not files:
        raise ConfigError(f"sweep directory: {str(out)!r} has no finished cell yet")
    frames = [pl.read_parquet(f) for f in files]
    df = pl.concat(frames, how="diagonal_relaxed")
    axes = list(manifest["axes"])
    return df.sort(["players", *[a for a in axes if a in df.columns], "game"])


REASONS = [r for r in codes.REASON_NAMES if r != "running"]


def summarize_cells(records: pl.DataFrame, axes: Sequence[str] = ()) -> pl.DataFrame:
    """One row per cell: win rates with Wilson 95% intervals, end-reason shares, game length
    quantiles, deaths by cause, infections and conversions per game."""
    keys = ["cell", "players", *axes, "config_hash", "cell_seed"]
    agg = records.group_by(keys, maintain_order=True).agg(
        pl.len().alias("games"),
        (pl.col("winner") == "humans").sum().alias("human_wins"),
        (pl.col("winner") == "things").sum().alias("thing_wins"),
        *[(pl.col("reason") == r).mean().alias(f"share_{r}") for r in REASONS],
        pl.col("end_turn").mean().alias("turns_mean"),
        pl.col("end_turn").quantile(0.1, "nearest").alias("turns_p10"),
        pl.col("end_turn").quantile(0.5, "nearest").alias("turns_p50"),
        pl.col("end_turn").quantile(0.9, "nearest").alias("turns_p90"),
        pl.col("deaths_cold").mean().alias("deaths_cold_per_game"),
        pl.col("deaths_injury").mean().alias("deaths_injury_per_game"),
        pl.col("deaths_attack").mean().alias("deaths_attack_per_game"),
        pl.col("infections").mean().alias("infections_per_game"),
        pl.col("conversions").mean().alias("conversions_per_game"),
    )
    rows = []
    for wins_col, name in (("human_wins", "human_win"), ("thing_wins", "thing_win")):
        lo_hi = [wilson_interval(w, n) for w, n in zip(agg[wins_col], agg["games"])]
        rows.append(
            pl.DataFrame(
                {
                    f"{name}_rate": (agg[wins_col] / agg["games"]).to_list(),
                    f"{name}_low": [lo for lo, _ in lo_hi],
                    f"{name}_high": [hi for _, hi in lo_hi],
                }
            )
        )
    return pl.concat([agg, *rows], how="horizontal")

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

A sweep directory is trusted only as far as it proves itself. A sweep holds an exclusive lock on
its directory for its whole run, so two sweeps never write one directory at once. Every cell file
carries in its Parquet metadata the identity of its sweep (a hash of the sweep's settings), its
own id, values, config hash, seed, games and the compiled sources' digest; resuming and reading
a sweep check every cell file against the manifest. A cell of another sweep is refused, never
mixed in; a damaged cell (truncated, not Parquet, without metadata) is played again by resuming,
and named by reading. Figures read back come from the cells, never from the manifest, which is
only the plan.

`Grid` is a sweep's grid as its charts and report read it: each axis's values in order, as typed
and as resolved, and each player count's baseline cell.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import math
import os
import signal
import socket
import sys
import threading
import time
import warnings
from collections.abc import Iterable, Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Generator, Iterator, Sequence

import numpy as np
import polars as pl

import balance
from policies import DEFAULT
from balance import codes
from balance.config import Config, in_canisters, load_config, split_ruleset
from balance.errors import ConfigError
from balance.files import TEMPORARY_GLOB, locked_folder, written_whole
from balance.precision import check_precision
from balance.records import to_polars
from balance.runner import MAX_SEED, RunResult, run, warm_up
from balance.signals import ending_raises
from balance.strategy import parse_strategy, play_as
from balance.summary import PARQUET_METADATA_KEY, Provenance, wilson_interval

MANIFEST = "manifest.json"
CELLS = "cells"
LOCK = "sweep.lock"  # held (flock) by the sweep writing the directory
POLICY_AXES = ("humans", "things")  # grid axes that pick a policy preset instead of a config key
PLAYERS_KEY = "game.players"  # set by --players, never by a grid axis
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
# settings a sweep has only when given (a sweep to a precision); compared like SETTINGS
OPTIONAL_SETTINGS = ("precision",)


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
    games: int | None  # None: each cell plays to `precision`
    seed: int
    cells: tuple[Cell, ...]
    command: str = ""
    precision: float | None = None
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
        } | ({} if self.precision is None else {"precision": self.precision})

    @property
    def id(self) -> str:
        """The sweep's identity: a hash of its settings, carried by every cell it writes."""
        return sweep_id(self.settings())


def games_per_cell(settings: Mapping[str, Any]) -> str:
    """How many games a sweep's cells play, as its report says it."""
    if settings.get("precision") is not None:
        return f"games until +-{100 * settings['precision']:g} points per cell"
    return f"{settings['games']} games per cell"


def sweep_id(settings: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]


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
    games: int | None = 10_000,
    seed: int = 0,
    command: str = "",
    precision: float | None = None,
) -> SweepPlan:
    """Build the cells and resolve every cell's config now, so a bad key or value stops the
    sweep before any game (the error names the key and the value). With `precision` (and
    `games` None) each cell plays until its win rates' intervals are that narrow."""
    if precision is not None:
        check_precision(precision)
    elif not isinstance(games, int) or games < 1:
        raise ConfigError(f"--games: {games!r} is not allowed (allowed: a whole number >= 1)")
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(
            f"--seed: {seed!r} is not allowed (allowed: a whole number from 0 to 2**63-1)"
        )
    if PLAYERS_KEY in axes:
        # a cell is labelled and seeded by its --players count; one that played another count
        # would be reported under the wrong one
        raise ConfigError(
            f"--grid: {PLAYERS_KEY!r} is not allowed (the player count is --players, e.g. "
            "--players 9,15; allowed: any other config key, humans or things)"
        )
    if not players:
        raise ConfigError("--players: empty (allowed: a comma-separated list such as 9,12,15)")

    for side, default in (("humans", humans), ("things", things)):
        for option, names in ((f"--{side}", [default]), (f"--grid {side}", axes.get(side, []))):
            for name in names:
                for count in players:  # a strategy file must be one of this side at each count
                    parse_strategy(name, side, count, option, split_ruleset(tuple(sets))[0])
    cells = tuple(
        Cell(p, tuple(zip(axes, combo)))
        for p in players
        for combo in itertools.product(*axes.values())
    )
    seen: dict[tuple, Cell] = {}
    for cell in cells:
        cfg = load_config(cell.players, [*sets, *cell.overrides()])
        if cfg.players != cell.players:
            raise ConfigError(
                f"--set: {PLAYERS_KEY}={cfg.players} is not allowed in a sweep (the player count "
                f"is --players, here {cell.players}; allowed: --players {cfg.players})"
            )
        played, h, t = _cell_play(
            SweepPlan(tuple(players), dict(axes), tuple(sets), humans, things, games, seed, ()),
            cell,
        )
        same = (cell.players, played.hash, h, t)
        if same in seen:
            raise ConfigError(
                f"--grid: {dict(seen[same].values)} and {dict(cell.values)} are the "
                "same configuration (allowed: values that differ once resolved)"
            )
        seen[same] = cell
    return SweepPlan(
        tuple(players),
        dict(axes),
        tuple(sets),
        humans,
        things,
        games,
        seed,
        cells,
        command,
        precision,
    )


MANIFEST_KEYS = {"sweep": str, "settings": dict, "axes": dict, "cells": dict}
CELL_ENTRY_KEYS = ("players", "values", "config_hash", "seed")


def _read_manifest(out: Path) -> dict[str, Any] | None:
    """The manifest in `out`, None if there is none; one that is not a sweep's manifest (not
    JSON, keys missing) is a ConfigError saying what to do."""
    path = out / MANIFEST
    try:
        manifest = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except OSError as exc:
        problem = exc.strerror
    except ValueError as exc:  # not JSON, or not UTF-8
        problem = f"not JSON: {exc}"
    else:
        problem = _manifest_problem(manifest)
    if problem is None:
        return manifest
    raise ConfigError(
        f"sweep directory: {str(path)!r} is not a sweep manifest ({problem}; allowed: the "
        f"{MANIFEST} `balance sweep` wrote: remove it and run the sweep command again, which "
        "keeps the cells that belong to that sweep)"
    )


def _manifest_problem(manifest: Any) -> str | None:
    if not isinstance(manifest, dict):
        return "not a JSON object"
    for key, kind in MANIFEST_KEYS.items():
        if key not in manifest:
            return f"no key {key!r}"
        if not isinstance(manifest[key], kind):
            return f"{key!r} is not a JSON {'string' if kind is str else 'object'}"
    missing = [k for k in SETTINGS if k not in manifest["settings"]]
    if missing:
        return f"no key {missing[0]!r} in settings"
    for axis, values in manifest["axes"].items():
        if not isinstance(values, list):
            return f"axis {axis!r} has no list of values"
    for cell_id, entry in manifest["cells"].items():
        if not isinstance(entry, dict) or any(k not in entry for k in CELL_ENTRY_KEYS):
            return f"cell {cell_id!r} lacks one of {', '.join(CELL_ENTRY_KEYS)}"
        if not isinstance(entry["players"], int) or not isinstance(entry["values"], dict):
            return f"cell {cell_id!r} has no whole-number players or no values object"
    if "grid" in manifest:  # absent from the manifests of an older balance
        return _grid_problem(manifest["grid"], manifest["axes"])
    return None


def _grid_problem(grid: Any, axes: dict[str, list[str]]) -> str | None:
    if not (
        isinstance(grid, dict)
        and isinstance(grid.get("values"), dict)
        and isinstance(grid.get("defaults"), dict)
    ):
        return "'grid' is not an object of values and defaults"
    for axis, texts in axes.items():
        values = grid["values"].get(axis)
        if not isinstance(values, list) or len(values) != len(texts):
            return f"'grid' has no list of {len(texts)} values for axis {axis!r}"
    for players, own in grid["defaults"].items():
        if not players.isdigit() or not isinstance(own, dict) or any(a not in own for a in axes):
            return f"'grid' has no default of every axis at {players!r} players"
    return None


def _grown_manifest(plan: SweepPlan, old: dict[str, Any] | None, out: Path) -> dict[str, Any]:
    """The manifest of the directory once `plan` is added to what `old` holds; a directory made
    with other settings or over other axes is refused."""
    cells: dict[str, Any] = {}
    axes: dict[str, list[str]] = {}
    commands: list[str] = []
    if old is not None:
        if old["settings"] != plan.settings():
            changed = [
                k
                for k in SETTINGS + OPTIONAL_SETTINGS
                if old["settings"].get(k) != plan.settings().get(k)
            ]
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
        cells, axes, commands = old["cells"], old["axes"], list(old.get("commands", []))
    for key, values in plan.axes.items():
        axes[key] = axes.get(key, []) + [v for v in values if v not in axes.get(key, [])]
    for cell in plan.cells:
        cells[cell.id] = _cell_entry(plan, cell, _cell_config(plan, cell))
    if plan.command and plan.command not in commands:
        commands.append(plan.command)  # every command that made or grew this sweep, in order
    players = {entry["players"] for entry in cells.values()}
    grid = Grid.resolve(players, axes, plan.sets, plan.humans, plan.things)
    return {
        "sweep": plan.id,
        "settings": plan.settings(),
        "command": commands[0] if commands else "",  # the command that made it
        "commands": commands,
        "axes": axes,
        "grid": grid.to_manifest(),  # what the charts show of the axes, resolved now
        "cells": cells,
    }


def _cell_entry(plan: SweepPlan, cell: Cell, cfg: Config) -> dict[str, Any]:
    return {
        "players": cell.players,
        "values": dict(cell.values),
        "config_hash": cfg.hash,
        "seed": cell.seed(plan.seed),
        "file": f"{CELLS}/{cell.id}.parquet",
    }


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


def _play_cell(plan: SweepPlan, cell: Cell, threads: int | None) -> tuple[Cell, RunResult]:
    """Play one cell's games, keeping its records for the cell file (`runner.run`, as `balance
    run` plays); runs here, in a joblib worker or on a Dask worker."""
    if plan.source_digest != balance.SOURCE_DIGEST:
        # a worker installed from other sources, or started after the sources were edited,
        # would play other games under the same seeds
        raise ConfigError(
            f"worker on {socket.gethostname()}: runs other balance sources (compiled-source "
            f"digest {balance.SOURCE_DIGEST}, this sweep's {plan.source_digest}; allowed: "
            "workers running the same sources as the sweep, unchanged since it started)"
        )
    played = run(
        cell.players,
        plan.games,
        cell.seed(plan.seed),
        [*plan.sets, *cell.overrides()],
        cell.policy("humans", plan.humans),
        cell.policy("things", plan.things),
        precision=plan.precision,
        threads=threads,
        keep_records=True,
    )
    return cell, played


def _cell_play(plan: SweepPlan, cell: Cell) -> tuple[Config, str, str]:
    """The config a cell plays (its --set and grid values, then the knobs of any strategy file
    it plays) and the two policy presets."""
    sets, humans, things = play_as(
        cell.players,
        [*plan.sets, *cell.overrides()],
        cell.policy("humans", plan.humans),
        cell.policy("things", plan.things),
    )
    return load_config(cell.players, sets), humans, things


def _cell_config(plan: SweepPlan, cell: Cell) -> Config:
    return _cell_play(plan, cell)[0]


def _write_cell(plan: SweepPlan, cell: Cell, played: RunResult, out: Path) -> None:
    """Publish a played cell: a temporary file renamed into place, so it is whole or absent;
    its metadata says which sweep and cell it is (`_cell_meta`)."""
    meta = {PARQUET_METADATA_KEY.decode(): json.dumps(_cell_meta(plan, cell, played.provenance))}
    frame = _cell_frame(plan, cell, played.records, _cell_config(plan, cell))
    with written_whole(out / CELLS / f"{cell.id}.parquet") as tmp:
        frame.write_parquet(tmp, metadata=meta)


CELL_META_KEYS = ("sweep", "sweep_settings", "cell", "values", *CELL_ENTRY_KEYS, "games")


def _cell_meta(plan: SweepPlan, cell: Cell, provenance: Provenance) -> dict[str, Any]:
    """What a cell file proves about itself: the run's provenance (as `balance run --out`
    writes it, less the overrides: the sweep's settings and the cell's values say them), the
    compiled sources' digest, the cell's id and values, and its sweep's identity and
    settings."""
    return {
        **provenance.as_dict(),
        "source_digest": plan.source_digest,
        "cell": cell.id,
        "values": dict(cell.values),
        "sweep": plan.id,
        "sweep_settings": plan.settings(),
    }


class DamagedCell(Exception):
    """A cell file that cannot be read back whole; the message says why."""


def _read_cell(path: Path) -> tuple[dict[str, Any], pl.DataFrame]:
    """A cell file's metadata (`_cell_meta`) and records; DamagedCell if it is not a whole
    cell file: not Parquet, cut short, without its metadata or with fewer games."""
    import pyarrow.parquet as pq

    try:
        footer = pq.read_metadata(path)
        frame = pl.read_parquet(path)
    except (OSError, ValueError, pl.exceptions.PolarsError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DamagedCell(f"not a readable Parquet file: {reason}") from None
    try:
        meta = json.loads((footer.metadata or {})[PARQUET_METADATA_KEY])
    except (KeyError, ValueError):
        meta = None
    if not isinstance(meta, dict) or any(k not in meta for k in CELL_META_KEYS):
        raise DamagedCell("no sweep provenance in its metadata")
    if frame.height != meta["games"]:
        raise DamagedCell(f"{frame.height} games where its metadata says {meta['games']}")
    return meta, frame


def _not_of_sweep(
    path: Path, meta: dict[str, Any], manifest: dict[str, Any], settings: dict[str, Any]
) -> str | None:
    """Why the cell file at `path` (metadata `meta`) is not a cell of the sweep of `manifest`
    (made with `settings`), or None when it is one."""
    if meta["sweep"] != manifest["sweep"]:
        theirs = meta["sweep_settings"] if isinstance(meta["sweep_settings"], dict) else {}
        changed = [
            f"{key} {theirs.get(key)!r}, this sweep's {settings.get(key)!r}"
            for key in SETTINGS + OPTIONAL_SETTINGS
            if theirs.get(key) != settings.get(key)
        ]
        return (
            "it was written by another sweep ("
            + ("; ".join(changed) or f"sweep {meta['sweep']}, this sweep's {manifest['sweep']}")
            + ")"
        )
    entry = manifest["cells"].get(path.stem)
    if meta["cell"] != path.stem or entry is None:
        return (
            f"it holds cell {meta['cell']} ({meta['players']} players, {meta['values']}), "
            "which is not in this sweep's grid"
        )
    changed = [
        f"{key} {meta[key]!r}, the manifest's {entry[key]!r}"
        for key in CELL_ENTRY_KEYS
        if meta[key] != entry[key]
    ]
    return f"it differs from its cell in {MANIFEST} ({'; '.join(changed)})" if changed else None


def _foreign_cell(path: Path, why: str) -> ConfigError:
    return ConfigError(
        f"sweep directory: {str(path)!r} is not a cell of this sweep: {why} (allowed: this "
        "sweep's cells only: remove the file, or sweep into another --out)"
    )


def _cells_to_replay(
    plan: SweepPlan, manifest: dict[str, Any], out: Path, notice: Callable[[str], None]
) -> list[Cell]:
    """Check every cell file in `out` against `manifest` before anything is played: a cell of
    another sweep is refused; the damaged ones of `plan` are returned, to be played again (each
    new file replaces the damaged one when it is renamed into place)."""
    planned = {cell.id: cell for cell in plan.cells}
    replay = []
    for path in sorted((out / CELLS).glob("*.parquet")):
        try:
            meta, _ = _read_cell(path)
        except DamagedCell as exc:
            if path.stem in planned:
                notice(f"{path} is damaged ({exc}): playing it again, its new file replaces it")
                replay.append(planned[path.stem])
            elif path.stem in manifest["cells"]:  # a cell of this sweep, of a command before
                notice(
                    f"{path} is damaged ({exc}) and not in this command's grid: the sweep "
                    "command that played it plays it again"
                )
            else:
                raise _foreign_cell(path, f"it is damaged ({exc}) and not in {MANIFEST}") from None
            continue
        why = _not_of_sweep(path, meta, manifest, plan.settings())
        if why is not None:
            raise _foreign_cell(path, why)
    return replay


def _warm_up(plan: SweepPlan, cells: Sequence[Cell]) -> None:
    """Compile the kernel, or load it from numba's cache, for every policy pairing of `cells`."""
    pairings = {_cell_play(plan, c)[1:] for c in cells}
    for humans, things in sorted(pairings):
        warm_up(_cell_config(plan, cells[0]), humans, things)


async def _warm_up_worker(plan: SweepPlan, cells: Sequence[Cell]) -> None:
    # client.run calls a plain function on the worker's event loop; a cold compile (~30 s)
    # there would stall its heartbeats, so the work goes to a thread
    await asyncio.to_thread(_warm_up, plan, cells)


def missing_cells(plan: SweepPlan, out: Path) -> list[Cell]:
    return [c for c in plan.cells if not (out / CELLS / f"{c.id}.parquet").exists()]


WATCH_INTERVAL = 0.2  # seconds between a worker's checks that its sweep still runs


def _end_with(sweep_pid: int) -> None:
    """Start a thread that ends this joblib worker process (its initializer) when its parent,
    the sweep process `sweep_pid`, is gone, even killed by SIGKILL: a worker would otherwise
    play on, then wait for more cells for minutes, and keep loky's resource trackers alive with
    it. A thread that watches the parent rather than prctl's death signal, which fires when
    the parent's *thread* that started the worker ends: loky's manager thread restarts lost
    workers, and ends with its executor while they play on."""

    def watch() -> None:
        while os.getppid() == sweep_pid:
            time.sleep(WATCH_INTERVAL)
        os._exit(1)  # at once: the cell it plays has nobody to go to

    threading.Thread(target=watch, name="end-with-sweep", daemon=True).start()


def _start_quiet_resource_trackers() -> None:
    """Start the resource trackers of joblib's workers (processes that remove the semaphores
    and folders the workers share, also after a kill) with standard error on /dev/null: a
    sweep stopped by a signal or killed can leave them a semaphore to remove, which they would
    report on the user's terminal after the sweep's own one line. A tracker already running
    is left as it is."""
    from multiprocessing import resource_tracker

    from joblib.externals.loky.backend import resource_tracker as loky_resource_tracker

    sys.stderr.flush()
    stderr, devnull = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)  # the trackers inherit descriptor 2 as their standard error
        loky_resource_tracker.ensure_running()
        resource_tracker.ensure_running()
    finally:
        os.dup2(stderr, 2)
        os.close(stderr)
        os.close(devnull)


class Stopped(Exception):
    """The sweep was stopped by SIGTERM or SIGHUP; the cells it finished are kept."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum


def _close_quietly(played: Generator[Any, None, None]) -> None:
    """Close the generator of played cells: an early close (an error, a signal) makes joblib
    stop its workers, with a warning about cells played for nothing that we do not want."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        played.close()


def _print_notice(line: str) -> None:
    print(f"warning: sweep: {line}", file=sys.stderr)


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
) -> Iterator[tuple[Cell, RunResult]]:
    """(cell, played run) pairs as the cluster finishes them, in any order."""
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
    notice: Callable[[str], None] = _print_notice,
) -> int:
    """Play every missing or damaged cell of `plan` into `out`; returns the number of cells
    played.

    jobs = 1 plays cells one after another with numba's threads; jobs > 1 runs that many
    worker processes (joblib) with one numba thread each, so cores are used at one level only.
    `scheduler` sends the cells to the Dask scheduler at that address instead, or to a
    LocalCluster of `jobs` workers for `local`, one numba thread per cell there too.
    `progress(done, total)` is called as cells finish; `notice(line)` tells of each damaged
    cell played again. A sweep already writing `out`, a cell file of another sweep in it or a
    manifest that is not a sweep's is a ConfigError before anything is written; SIGTERM or
    SIGHUP raise Stopped once the workers are stopped and the temporary files removed.
    """
    from joblib import Parallel, delayed

    if not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"--jobs: {jobs!r} is not allowed (allowed: a whole number >= 1)")
    # connected first, so an unreachable scheduler stops the sweep before any file is written
    connection = nullcontext() if scheduler is None else _dask_client(scheduler, jobs)
    out = Path(out)
    lock = locked_folder(out / CELLS, out / LOCK, "balance sweep")
    with connection as client, lock, ending_raises(Stopped):
        manifest = _grown_manifest(plan, _read_manifest(out), out)
        damaged = _cells_to_replay(plan, manifest, out, notice)
        with written_whole(out / MANIFEST) as tmp:
            tmp.write_text(json.dumps(manifest, indent=1))
        for stale in (out / CELLS).glob(TEMPORARY_GLOB):
            stale.unlink()  # a half-written file of an interrupted run, never read as a result
        todo = missing_cells(plan, out) + damaged
        total = len(todo)
        if progress is not None:
            progress(0, total)
        if not todo:
            return 0
        _warm_up(plan, todo)  # compile here once: workers on this machine then load the cache
        played: Generator[tuple[Cell, RunResult], None, None]
        if client is not None:
            played = _played_on_dask(client, plan, todo)
        elif jobs == 1:
            played = (_play_cell(plan, c, None) for c in todo)
        else:
            _start_quiet_resource_trackers()
            played = Parallel(
                n_jobs=jobs,
                return_as="generator_unordered",
                initializer=_end_with,
                initargs=(os.getpid(),),
            )(delayed(_play_cell)(plan, c, 1) for c in todo)
        try:
            for done, (cell, result) in enumerate(played, start=1):
                _write_cell(plan, cell, result, out)
                if progress is not None:
                    progress(done, total)
        finally:
            _close_quietly(played)
    return total


# ----------------------------------------------------------------------------------------------
# Reading a sweep back
# ----------------------------------------------------------------------------------------------


def load_manifest(out: Path) -> dict[str, Any]:
    """The sweep's manifest: its plan (settings, axes, cells), not its results."""
    manifest = _read_manifest(Path(out))
    if manifest is None:
        raise ConfigError(
            f"sweep directory: {str(out)!r} has no {MANIFEST} (allowed: a directory "
            "written by `balance sweep --out`)"
        )
    return manifest


def read_sweep(out: Path) -> tuple[dict[str, Any], pl.DataFrame]:
    """The manifest, its settings replaced by those the cells carry (a hand-edited manifest
    changes no figure), and every finished cell's records (see `load_records`). Every cell file
    is checked: one of another sweep or a damaged one is a ConfigError naming it."""
    out = Path(out)
    manifest = load_manifest(out)
    files = sorted((out / CELLS).glob("*.parquet"))
    if not files:
        raise ConfigError(f"sweep directory: {str(out)!r} has no finished cell yet")
    frames = []
    for path in files:
        try:
            meta, frame = _read_cell(path)
        except DamagedCell as exc:
            raise ConfigError(
                f"sweep directory: {str(path)!r} is a damaged cell ({exc}; allowed: run the "
                "sweep command again, which plays damaged cells again)"
            ) from None
        why = _not_of_sweep(path, meta, manifest, manifest["settings"])
        if why is not None:
            raise _foreign_cell(path, why)
        frames.append(frame)
    # every cell carries the same settings: it was checked to be of the manifest's sweep
    manifest = {**manifest, "settings": meta["sweep_settings"]}
    df = pl.concat(frames, how="diagonal_relaxed")
    axes = [a for a in manifest["axes"] if a in df.columns]
    return manifest, df.sort(["players", *axes, "game"])


def load_records(out: Path) -> pl.DataFrame:
    """Every finished cell's per-game records, with the cell's columns: `cell`, `players`,
    `config_hash`, `cell_seed` and one column per grid axis (fuel in canisters)."""
    return read_sweep(out)[1]


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


# ----------------------------------------------------------------------------------------------
# The grid: axes, their values in order, labels as typed, baselines per player count
# ----------------------------------------------------------------------------------------------

FLOAT_TOLERANCE = 1e-9  # resolved fuel values are k/60 canisters held as floats

# Columns of summarize_cells that are statistics or identity, not grid axes.
_SUMMARY_COLUMNS = {
    "cell",
    "players",
    "config_hash",
    "cell_seed",
    "games",
    "human_wins",
    "thing_wins",
}
_SUMMARY_PREFIXES = ("share_", "turns_", "deaths_", "human_win_", "thing_win_")
_SUMMARY_SUFFIXES = ("_per_game",)


@dataclass(frozen=True)
class Grid:
    """The swept axes of a sweep.

    `values[axis]` are the resolved values (as in the summary's axis columns: fuel in canisters,
    policy axes as preset names) in the order the sweep gave them; `labels[axis]` the same
    values as typed on the command line; `defaults[players][axis]` the value the axis takes in
    the sweep's own configuration at that player count (the preset with the sweep's --set, or
    its --humans/--things for a policy axis; None where it is not known), and
    `baseline[players][axis]` the baseline value: the default when the grid holds it, else the
    axis's first value.
    """

    values: Mapping[str, tuple[Any, ...]]
    labels: Mapping[str, tuple[str, ...]]
    defaults: Mapping[int, Mapping[str, Any]]

    @property
    def axes(self) -> list[str]:
        return list(self.values)

    @property
    def config_axes(self) -> list[str]:
        return [a for a in self.values if a not in POLICY_AXES]

    @property
    def players(self) -> list[int]:
        return sorted(self.defaults)

    @property
    def baseline(self) -> dict[int, dict[str, Any]]:
        return {
            p: {a: _pick_baseline(self.values[a], own[a]) for a in self.values}
            for p, own in self.defaults.items()
        }

    def label(self, axis: str, value: Any) -> str:
        """The value as typed in the sweep command (or formatted, for an inferred grid)."""
        for v, text in zip(self.values[axis], self.labels[axis]):
            if same_value(v, value):
                return text
        return _format_value(value)

    def ordered(self, axis: str) -> tuple[Any, ...]:
        """The axis values in plotting order: ascending for numbers, as given otherwise."""
        values = self.values[axis]
        return tuple(sorted(values)) if is_numeric(values) else values

    def baseline_label(self, players: int) -> str:
        """`axis=value, ...` of the player count's baseline cell (empty without axes)."""
        return ", ".join(f"{a}={self.label(a, self.baseline[players][a])}" for a in self.axes)

    @classmethod
    def resolve(
        cls,
        players: Iterable[int],
        axes: Mapping[str, Sequence[str]],
        sets: Sequence[str],
        humans: str,
        things: str,
    ) -> Grid:
        """The grid of a sweep over `axes` (the values as typed) at `players`, made with the
        overrides `sets` and the policies `humans` and `things`, resolved by the configs: done
        when a sweep is made or grown and stored in its manifest, so reading the sweep back needs
        no config (whose presets may have changed since)."""
        players = sorted(players)
        labels = {axis: tuple(texts) for axis, texts in axes.items()}
        values: dict[str, tuple[Any, ...]] = {}
        for axis, texts in labels.items():
            if axis in POLICY_AXES:
                values[axis] = texts
            else:  # a value's display form does not depend on the player count
                values[axis] = tuple(
                    load_config(players[0], [*sets, f"{axis}={t}"]).display(axis) for t in texts
                )
        policies = {"humans": humans, "things": things}
        defaults: dict[int, dict[str, Any]] = {}
        for p in players:
            cfg = load_config(p, list(sets))
            defaults[p] = {
                axis: policies[axis] if axis in POLICY_AXES else cfg.display(axis)
                for axis in values
            }
        return cls(values, labels, defaults)

    def to_manifest(self) -> dict[str, Any]:
        """The grid as a manifest stores it, beside the axes' values as typed (the labels)."""
        return {
            "values": {axis: list(values) for axis, values in self.values.items()},
            "defaults": {str(p): dict(own) for p, own in self.defaults.items()},
        }

    @classmethod
    def from_manifest(cls, manifest: Mapping[str, Any]) -> Grid:
        """The grid of a sweep directory's manifest (`load_manifest`), as resolved when the
        sweep was made or last grown."""
        stored = manifest.get("grid")
        if stored is None:  # a manifest of an older balance, which did not store its grid
            settings = manifest["settings"]
            return cls.resolve(
                {int(c["players"]) for c in manifest["cells"].values()},
                manifest["axes"],
                settings.get("sets", []),
                settings.get("humans", DEFAULT),
                settings.get("things", DEFAULT),
            )
        return cls(
            values={axis: tuple(values) for axis, values in stored["values"].items()},
            labels={axis: tuple(texts) for axis, texts in manifest["axes"].items()},
            defaults={int(p): own for p, own in stored["defaults"].items()},
        )

    @classmethod
    def infer(cls, summary: pl.DataFrame, axes: Sequence[str] | None = None) -> Grid:
        """A grid read off a summary alone: axes are its non-statistic columns (or `axes`),
        values in ascending order, baselines from the presets without overrides."""
        if axes is None:
            axes = [c for c in summary.columns if _is_axis_column(c)]
        values = {a: tuple(summary[a].unique(maintain_order=True).sort().to_list()) for a in axes}
        labels = {
            a: tuple(_fuel_label(v) if in_canisters(a) else _format_value(v) for v in vs)
            for a, vs in values.items()
        }
        defaults: dict[int, dict[str, Any]] = {}
        for p in sorted(set(summary["players"].to_list())):
            cfg = None
            try:
                cfg = load_config(p)
            except ValueError:  # not a preset player count: first values are the baseline
                pass
            defaults[p] = {}
            for a in axes:
                if a in POLICY_AXES:
                    defaults[p][a] = DEFAULT
                elif cfg is not None and a in cfg.values:  # a rule or a policy knob
                    defaults[p][a] = cfg.display(a)
                else:
                    defaults[p][a] = None
        return cls(values, labels, defaults)


def _pick_baseline(values: Sequence[Any], default: Any) -> Any:
    for v in values:
        if same_value(v, default):
            return v
    return values[0]


def _is_axis_column(name: str) -> bool:
    return not (
        name in _SUMMARY_COLUMNS
        or name.startswith(_SUMMARY_PREFIXES)
        or name.endswith(_SUMMARY_SUFFIXES)
    )


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)


def is_numeric(values: Iterable[Any]) -> bool:
    """Whether every value is a number (a bool is not): an axis drawn to scale."""
    return all(_is_number(v) for v in values)


def same_value(a: Any, b: Any) -> bool:
    """Whether two values of an axis are the same: numbers within FLOAT_TOLERANCE."""
    if _is_number(a) and _is_number(b):
        return math.isclose(float(a), float(b), rel_tol=0.0, abs_tol=FLOAT_TOLERANCE)
    return a == b


def _fuel_label(canisters: float) -> str:
    """Canisters as the fraction a designer types: 1/6, 1/4, 3/2."""
    return str(Fraction(round(canisters * codes.FUEL_UNITS), codes.FUEL_UNITS))


def _format_value(v: Any) -> str:
    return f"{v:.4g}" if isinstance(v, float) else str(v)

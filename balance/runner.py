"""Play games: the Python side of the kernel (validate, allocate, call, wrap).

Game i of a run depends only on (seed, i): the same seed gives the same records whatever the
thread count or batch size, and `replay_game` re-plays one game with its event log switched on.
`run` is a whole run as `balance run` and a sweep's cells play it: options resolved into a
config, games played in batches folded into a summary (and written to Parquet), with the run's
provenance.
"""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import closing, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numba
import numpy as np

from policies import DEFAULT
from balance import codes
from balance.config import Config, load_config
from balance.errors import ConfigError
from balance.files import check_output_file
from balance.records import N_FIELDS, RECORD_DTYPE, as_structured
from balance.rulesets import Kernel, kernel
from balance.strategy import play_as
from balance.precision import PRECISION_BATCH, check_precision, share_games_bound
from balance.summary import Provenance, Totals, records_writer, write_records

MAX_SEED = 2**63 - 1
MAX_GAME = 2**63 - 1  # game indices are int64 in the kernel (a larger one would recompile it)
MAX_EVENTS = 20_000  # replay event buffer; a 60-turn game at 15 players writes far fewer
# Games per task of the thread pool: each chunk allocates one game's arrays and plays its games
# one after another; small enough to balance the threads, large enough that handing a task to
# a thread (tens of microseconds) is noise beside playing it (a fraction of a second).
CHUNK = 256
# A small run (a search's trial, a mixture's block) cut in CHUNK-game chunks would leave threads
# idle at its end: it gets at least CHUNKS_PER_THREAD chunks a thread, down to MIN_CHUNK games.
CHUNKS_PER_THREAD = 4
MIN_CHUNK = 32
# Seconds the main thread waits for a chunk at a time. A signal (Ctrl-C, SIGTERM) is handled in
# the main thread between two waits: an untimed wait is not always cut short by it (once polars
# is imported, its own SIGINT handler leaves the wait to the chunk's end, seconds later).
WAIT_STEP = 0.1


def _policies(cfg: Config, humans: str, things: str) -> tuple:
    """(human policy id, its knobs, Thing policy id, its knobs), as the kernel takes them."""
    from policies import make

    h_id, h_knobs = make(humans, codes.HUMANS, cfg)
    t_id, t_knobs = make(things, codes.THINGS, cfg)
    return h_id, h_knobs, t_id, t_knobs


def _check_game(game: int) -> None:
    if not isinstance(game, int) or not 0 <= game <= MAX_GAME:
        raise ConfigError(
            f"--game: {game!r} is not allowed (allowed: a whole number from 0 to 2**63-1)"
        )


def _check_run_args(games: int, seed: int, first_game: int = 0) -> None:
    _check_game(first_game)
    if not isinstance(games, int) or not 1 <= games <= MAX_GAME + 1 - first_game:
        raise ConfigError(
            f"--games: {games!r} is not allowed (allowed: a whole number from 1 to "
            f"{MAX_GAME + 1 - first_game}: game indices end at 2**63-1)"
        )
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(
            f"--seed: {seed!r} is not allowed (allowed: a whole number from 0 to 2**63-1)"
        )


BATCH_SIZE = 50_000  # games per batch: 16 MB of records


def play_batches(
    cfg: Config,
    games: int,
    seed: int,
    humans: str = DEFAULT,
    things: str = DEFAULT,
    *,
    first_game: int = 0,
    batch_size: int = BATCH_SIZE,
    check_invariants: bool = False,
) -> Iterator[np.ndarray]:
    """Play games first_game .. first_game+games-1 in batches of `batch_size` games and yield
    each batch's records (RECORD_DTYPE) in game order, so a run of any length needs the memory
    of about three batches (the one yielded, the one playing, the next one queued). The batch
    size changes only how the records are cut, never the records.

    The arguments are checked here, before the first batch is asked for. Close the generator
    (`contextlib.closing`) when leaving it early, on an error or Ctrl-C: it then stops the
    games being played within a game and drops the others, where an unclosed one keeps the
    threads playing to the end of the queued batches.
    """
    _check_run_args(games, seed, first_game)
    k = kernel(cfg)
    rules = tuple(k.pack(cfg, check_invariants))
    policies = _policies(cfg, humans, things)
    return _batches(k, np.uint64(seed), first_game, games, batch_size, rules, policies)


def _await(chunk: Future) -> None:
    """Wait for a chunk to end, in steps of WAIT_STEP, and re-raise its error."""
    while not chunk.done():
        wait([chunk], timeout=WAIT_STEP)
    chunk.result()


def _batches(
    k: Kernel,
    seed: np.uint64,
    first_game: int,
    games: int,
    batch_size: int,
    rules: tuple,
    policies: tuple,
) -> Iterator[np.ndarray]:
    """The batches of play_batches, each played in chunks of CHUNK games (fewer in a small
    run) on numba's number of threads (`numba.set_num_threads`, NUMBA_NUM_THREADS). The kernel
    runs without the GIL, so the threads play at once; each game's record depends on (seed,
    game index) only, never on the threads, the chunks or the batches.

    One thread pool plays the whole run, and the next batch's chunks are queued before this
    one's are awaited: the threads go on to them as this batch ends and while the caller folds
    or writes it, instead of idling at each batch's end (a run cut in 2,000-game batches for
    its progress bar played some 8% fewer games a second so: docs/performance.md)."""
    entry = k.entry_point(rules, policies)
    scratch = np.zeros((1, N_FIELDS), dtype=np.int64)
    k.compile_kernel(entry, k.allocate(rules[0], 0), seed, first_game, scratch, rules, policies)
    stop = np.zeros(1, dtype=np.int64)  # set when the run ends early: every chunk checks it

    def play(start: int, out: np.ndarray) -> None:  # games first_game + start .. into out
        entry(k.allocate(rules[0], 0, stop), seed, first_game + start, out, rules, policies)

    threads = numba.get_num_threads()
    size = max(MIN_CHUNK, min(CHUNK, -(-games // (threads * CHUNKS_PER_THREAD))))
    threads = min(threads, -(-games // size))
    with ThreadPoolExecutor(max_workers=threads) as pool:

        def queue(start: int) -> tuple[np.ndarray, list]:
            out = np.zeros((min(games, start + batch_size) - start, N_FIELDS), dtype=np.int64)
            chunks = range(0, out.shape[0], size)
            return out, [pool.submit(play, start + k, out[k : k + size]) for k in chunks]

        starts = iter(range(0, games, batch_size))
        queued = deque([queue(next(starts))])
        try:
            while queued:
                out, chunks = queued[0]  # left in the queue while awaited, to be cancelled too
                start = next(starts, None)
                if start is not None:
                    queued.append(queue(start))
                for chunk in chunks:
                    _await(chunk)
                queued.popleft()
                yield as_structured(out)
        finally:  # an error, Ctrl-C, or the caller stopped early: stop the chunks playing
            # after their current game (the pool waits for them) and drop those not started
            stop[0] = 1
            for _, chunks in queued:
                for chunk in chunks:
                    chunk.cancel()


def run_games(
    cfg: Config,
    games: int,
    seed: int,
    humans: str = DEFAULT,
    things: str = DEFAULT,
    *,
    first_game: int = 0,
    batch_size: int = BATCH_SIZE,
    check_invariants: bool = False,
) -> np.ndarray:
    """Play games first_game .. first_game+games-1 and return their records (RECORD_DTYPE) in
    one array: the batches of `play_batches`, gathered. A long run that needs only a summary or
    a file should fold or write the batches of `play_batches` instead, one at a time.
    """
    batches = play_batches(
        cfg,
        games,
        seed,
        humans,
        things,
        first_game=first_game,
        batch_size=batch_size,
        check_invariants=check_invariants,
    )
    records = np.zeros(games, dtype=RECORD_DTYPE)
    start = 0
    with closing(batches):
        for batch in batches:
            records[start : start + len(batch)] = batch
            start += len(batch)
    return records


def warm_up(cfg: Config, humans: str = DEFAULT, things: str = DEFAULT) -> None:
    """Compile the kernel, or load it from numba's cache, by playing one game: call it before
    timing a run or starting worker processes."""
    run_games(cfg, 1, 0, humans, things)


# A run is cut into batches of 1% of its games, so a progress callback moves in steps of 1%, but
# batches of at least PROGRESS_MIN_BATCH games, to keep every numba thread busy, and at most
# BATCH_SIZE. The batches change how the records are cut, never the records.
PROGRESS_STEPS = 100
PROGRESS_MIN_BATCH = 2_000


@dataclass(frozen=True)
class RunResult:
    """A played run: what identifies it, the totals of its records, the seconds its games took
    to play (loading or compiling the kernel not counted) and, when asked for, every record."""

    provenance: Provenance
    totals: Totals
    elapsed_seconds: float
    records: np.ndarray | None = None  # RECORD_DTYPE, in game order: run(keep_records=True)

    def summary(self) -> dict[str, Any]:
        """The run's summary as a JSON-ready dict (`Totals.summary`)."""
        return self.totals.summary(self.provenance, self.elapsed_seconds)


def run(
    players: int,
    games: int | None,
    seed: int = 0,
    overrides: Sequence[str] = (),
    humans: str = DEFAULT,
    things: str = DEFAULT,
    *,
    precision: float | None = None,
    threads: int | None = None,
    out: Path | None = None,
    keep_records: bool = False,
    progress: Callable[..., None] | None = None,
    on_kernel_load: Callable[[], None] | None = None,
) -> RunResult:
    """Play games 0 .. games-1 of `seed` at the preset of `players` with the config `overrides`
    (--set texts, in order), the humans and the Things playing `humans` and `things` (each a
    policy preset or a strategy file), and fold them into totals: what `balance run` and a
    sweep's cells (also those of the notebooks) play.

    With `precision` instead of `games` (None), play batches of PRECISION_BATCH games until
    both win rates' Wilson intervals have a half-width of at most `precision`
    (balance.precision); the summary says the games used.

    `threads` sets numba's threads (None keeps them). `out` also writes one row per game to that
    Parquet file with the run's provenance, into a temporary file renamed when complete: the
    file is whole or absent, and one already there stays as it was if the run fails or is
    stopped. `keep_records` returns every record as well (memory grows with `games`; without it
    a run of any length holds about three batches, a run to a precision all of its games when
    it writes them). `progress(n)` is called with the games of each batch once it is played
    (and `progress(0, remaining=0)` when a run to a precision stops early); `on_kernel_load()`
    once the arguments are checked, before the kernel is loaded (compiled on a first run, which
    takes a while).

    Every argument is checked before the kernel is loaded: a bad one is a ConfigError naming
    its option.
    """
    from balance.bench import set_threads  # bench imports this module

    sets, humans_preset, things_preset = play_as(players, list(overrides), humans, things)
    cfg = load_config(players, sets)
    set_threads(threads)
    if out is not None:
        check_output_file(out)
    if precision is not None:
        check_precision(precision)
        games = share_games_bound(precision)  # enough for any win rate: the run stops earlier
    _check_run_args(games, seed)  # now, not only in play_batches once the kernel is loaded
    batch_size = (
        PRECISION_BATCH
        if precision is not None
        else min(BATCH_SIZE, max(PROGRESS_MIN_BATCH, games // PROGRESS_STEPS))
    )
    if on_kernel_load is not None:
        on_kernel_load()
    warm_up(cfg, humans_preset, things_preset)  # compile time is not play time
    # each batch is folded into the totals (and appended to the file) and dropped; a run to a
    # precision keeps its batches for the file, whose provenance holds the games it ends with
    batches = play_batches(cfg, games, seed, humans_preset, things_preset, batch_size=batch_size)
    totals = Totals()
    kept: list[np.ndarray] = []
    keep = keep_records or (precision is not None and out is not None)
    streamed = out is not None and precision is None
    writer = (
        records_writer(out, Provenance.of(cfg, games, seed, humans, things))
        if streamed
        else nullcontext()
    )
    # closed on leaving early (an error, Ctrl-C, SIGTERM): the games playing stop at once
    with closing(batches), writer as write:
        # the time of play: until the last batch is played (the threads play on while earlier
        # batches are folded and written), not the folding and writing of the last one
        start = time.perf_counter()
        for batch in batches:
            elapsed = time.perf_counter() - start
            totals.add(batch)
            if keep:
                kept.append(batch)
            if write is not None:
                write(batch)
            if progress is not None:
                progress(len(batch))
            if precision is not None and totals.precision() <= precision:
                if progress is not None:
                    progress(0, remaining=0)
                break
    provenance = Provenance.of(cfg, totals.games, seed, humans, things, precision)
    records = np.concatenate(kept) if kept else None
    if out is not None and not streamed:
        write_records(records, out, provenance)
    return RunResult(provenance, totals, elapsed, records if keep_records else None)


@dataclass(frozen=True)
class Replay:
    """One game re-played with its log: the record, the events and a snapshot per turn.

    events: int64[n, 6] rows of (turn, kind, actor, target, a, b); kinds are codes.E_*.
    Snapshots are taken at the start of each turn, after the start-of-turn effects; index t-1
    holds turn t. `turns` is the number of turns played.
    """

    config: Config
    seed: int
    game: int
    record: np.void
    events: np.ndarray
    turns: int
    weather: np.ndarray  # [T] codes.CLEAR / codes.STORM
    generator_fuel: np.ndarray  # [T, 3] fuel units
    generator_running: np.ndarray  # [T, 3] 0/1
    generator_broken: np.ndarray  # [T, 3] 0/1
    temperature: np.ndarray  # [T, N_ROOMS]
    lighting: np.ndarray  # [T, N_ROOMS] codes.LIGHT ...
    doors: np.ndarray  # [T, N_ROOMS] codes.DOOR_FREE ...
    characters: np.ndarray  # [T, players, SNAP_FIELDS], see balance.kernel.state.SNAP_*
    professions: np.ndarray  # [players] index into cfg["professions.names"]
    original_things: np.ndarray  # [players] 0/1
    archetypes: np.ndarray  # [players] codes.ARCH_*: the starting Things' (ARCH-1), else ARCH_NONE


def replay_game(
    cfg: Config, seed: int, game: int, humans: str = DEFAULT, things: str = DEFAULT
) -> Any:
    """Re-play game `game` of a run with `seed`, with the event log and snapshots on; a
    classic game as a balance.classic.replay.ClassicReplay."""
    from balance.kernel.state import CH_ARCHETYPE, CH_ORIGINAL, CH_PROFESSION, ST_N_EVENTS

    _check_game(game)
    _check_run_args(1, seed, game)
    k = kernel(cfg)
    rules = tuple(k.pack(cfg, False))
    policies = _policies(cfg, humans, things)
    g = k.allocate(rules[0], MAX_EVENTS)
    record = np.zeros((1, N_FIELDS), dtype=np.int64)
    entry = k.entry_point(rules, policies)
    k.compile_kernel(entry, g, np.uint64(seed), game, record, rules, policies)
    entry(g, np.uint64(seed), game, record, rules, policies)
    rec = as_structured(record)[0]
    if cfg.ruleset == "classic":
        from balance.classic.replay import classic_replay

        return classic_replay(cfg, seed, game, g, rec)
    turns = int(rec["end_turn"])
    return Replay(
        config=cfg,
        seed=seed,
        game=game,
        record=rec,
        events=g.events[: g.st[ST_N_EVENTS], :6].copy(),  # the witnesses stay in the kernel
        turns=turns,
        weather=g.snap_weather[:turns],
        generator_fuel=g.snap_gen[:turns, :, 0],
        generator_running=g.snap_gen[:turns, :, 1],
        generator_broken=g.snap_gen[:turns, :, 2],
        temperature=g.snap_rooms[:turns, 0],
        lighting=g.snap_rooms[:turns, 1],
        doors=g.snap_rooms[:turns, 2],
        characters=g.snap_chars[:turns],
        professions=g.ch[:, CH_PROFESSION].copy(),
        original_things=g.ch[:, CH_ORIGINAL].copy(),
        archetypes=g.ch[:, CH_ARCHETYPE].copy(),
    )

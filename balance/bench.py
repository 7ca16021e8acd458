"""Throughput benchmark: games per second of the batch kernel, per player-count preset and
policy pairing."""

from __future__ import annotations

import resource
import statistics
import sys
import time
from contextlib import closing
from typing import Any, Sequence

import numba

import balance
from balance import codes
from balance.config import load_config, with_ruleset
from balance.errors import ConfigError
from balance.runner import play_batches, warm_up


def set_threads(threads: int | None) -> int:
    """Use `threads` numba threads (None keeps the current number); return the number in use."""
    if threads is not None:
        if (
            isinstance(threads, bool)
            or not isinstance(threads, int)
            or not 1 <= threads <= numba.config.NUMBA_NUM_THREADS
        ):
            raise ConfigError(
                f"--threads: {threads!r} is not allowed (allowed: a whole number "
                f"from 1 to {numba.config.NUMBA_NUM_THREADS})"
            )
        numba.set_num_threads(threads)
    return numba.get_num_threads()


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # ru_maxrss is in KiB on Linux and in bytes on macOS
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def bench(
    players_list: Sequence[int],
    games: int,
    pairings: Sequence[tuple[str, str]],
    threads: int | None = None,
    seed: int = 0,
    repeat: int = 1,
    ruleset: str = codes.DEFAULT_RULESET,
) -> list[dict[str, Any]]:
    """Time the kernel for each player count and each (humans, Things) policy pairing, `repeat`
    times per cell, with the default config of `ruleset` (configs/, or configs/classic/ for the
    classic ruleset); one dict per cell, in the order players x pairings.

    Each pairing first plays an untimed game, so compiling or loading the numba cache is not
    counted. A timed run plays `games` games in batches of runner.BATCH_SIZE and drops their
    records, so memory does not grow with `games`. `games_per_second` is the median of the runs
    and `runs_games_per_second` every run's figure. Peak RSS is the process's peak so far, so it
    never decreases along the list.
    """
    if isinstance(repeat, bool) or not isinstance(repeat, int) or repeat < 1:
        raise ConfigError(f"--repeat: {repeat!r} is not allowed (allowed: a whole number >= 1)")
    n_threads = set_threads(threads)
    sets = with_ruleset(ruleset, [])
    # fail on a bad preset up front
    configs = [load_config(players, sets) for players in players_list]
    results = []
    for cfg in configs:
        for humans, things in pairings:
            warm_up(cfg, humans, things)
            seconds = []
            for _ in range(repeat):
                start = time.perf_counter()
                with closing(play_batches(cfg, games, seed, humans, things)) as batches:
                    for _records in batches:
                        pass  # timed: the kernel; the records are not needed
                seconds.append(time.perf_counter() - start)
            rates = [games / s for s in seconds]
            results.append(
                {
                    "ruleset": cfg.ruleset,
                    "players": cfg.players,
                    "things": cfg["things.start"],
                    "humans_policy": humans,
                    "things_policy": things,
                    "games": games,
                    "repeat": repeat,
                    "games_per_second": statistics.median(rates),
                    "runs_games_per_second": rates,
                    "runs_seconds": seconds,
                    "threads": n_threads,
                    "peak_rss_mib": peak_rss_mib(),
                    "version": balance.__version__,
                    "rules_version": balance.RULES_VERSION,
                    "config_hash": cfg.hash,
                }
            )
    return results


def bench_sensitivity(
    players_list: Sequence[int],
    threads: int | None = None,
    seed: int = 0,
    ruleset: str = codes.DEFAULT_RULESET,
) -> list[dict[str, Any]]:
    """Time the default `balance sensitivity` run of a ruleset (every default key, to
    DEFAULT_PRECISION, expert against expert) at each player count, into a fresh temporary
    folder: the readings, the games they needed and the seconds, compiling not counted."""
    import tempfile
    from pathlib import Path

    from balance.sensitivity import (
        DEFAULT_PRECISION,
        default_keys,
        plan_sensitivity,
        run_sensitivity,
    )

    n_threads = set_threads(threads)
    results = []
    for players in players_list:
        keys = default_keys(ruleset)
        plan = plan_sensitivity([players], keys, seed, None, DEFAULT_PRECISION, None, ruleset)
        warm_up(load_config(players, with_ruleset(ruleset, [])))
        played = []
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            rows, baselines = run_sensitivity(plan, Path(folder), played.append)
            seconds = time.perf_counter() - start
        results.append(
            {
                "ruleset": ruleset,
                "players": players,
                "readings": len(rows),
                "precision": DEFAULT_PRECISION,
                "games": sum(played),
                "seconds": seconds,
                "games_per_second": sum(played) / seconds,
                "threads": n_threads,
                "peak_rss_mib": peak_rss_mib(),
                "version": balance.__version__,
                "rules_version": balance.RULES_VERSION,
            }
        )
    return results

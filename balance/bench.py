"""Throughput benchmark: games per second of the batch kernel, per player-count preset."""

from __future__ import annotations

import resource
import sys
import time
from typing import Any, Sequence

import numba

import balance
from policies import DEFAULT
from balance.config import ConfigError, load_config
from balance.runner import run_games, warm_up


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
    humans: str = DEFAULT,
    things: str = DEFAULT,
    threads: int | None = None,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """Time `run_games` for each player count with the given policies; one dict per preset.

    Each preset first plays a few untimed games, so compiling or loading the numba cache is not
    counted. Peak RSS is the process's peak so far, so it never decreases along the list.
    """
    n_threads = set_threads(threads)
    configs = [load_config(players) for players in players_list]  # fail on a bad preset up front
    results = []
    for cfg in configs:
        warm_up(cfg, humans, things)
        start = time.perf_counter()
        run_games(cfg, games, seed, humans, things)
        seconds = time.perf_counter() - start
        results.append(
            {
                "players": cfg.players,
                "things": cfg["things.start"],
                "humans_policy": humans,
                "things_policy": things,
                "games": games,
                "seconds": seconds,
                "games_per_second": games / seconds,
                "threads": n_threads,
                "peak_rss_mib": peak_rss_mib(),
                "version": balance.__version__,
                "rules_version": balance.RULES_VERSION,
                "config_hash": cfg.hash,
            }
        )
    return results

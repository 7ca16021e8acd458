"""Evaluate what two sides play: each game's outcome for a pair of strategies or mixtures, on
given games, so that comparisons share their dice (common random numbers).

The payoff is the human win: 1 when the humans win a game, 0 otherwise (a Thing win or a
time-out). The humans maximise its mean and the Things minimise it, so the game between the two
policy spaces is zero-sum (balance.meta_game).

A mixture plays each pair of components in a block of consecutive games whose length is its
share of the games (largest remainders), so a mixture against a mixture plays every game index
once, and two evaluations of the same mixtures on the same games play the same pairs on the same
games. A share of the games instead of a draw per game: the same expectation with less variance.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from balance import codes
from balance.config import load_config
from balance.strategy import Mixture, Strategy


def pair_records(
    players: int,
    sets: Sequence[str],
    humans: Strategy,
    things: Strategy,
    games: int,
    seed: int,
    first_game: int = 0,
) -> np.ndarray:
    """The records (RECORD_DTYPE) of games first_game .. first_game+games-1 of `seed`."""
    from balance.runner import run_games

    cfg = load_config(players, [*sets, *humans.overrides(), *things.overrides()])
    return run_games(cfg, games, seed, humans.preset, things.preset, first_game=first_game)


def human_won(records: np.ndarray) -> np.ndarray:
    """Each game's payoff: 1.0 where the humans won, else 0.0."""
    return (records["winner"] == codes.HUMANS).astype(np.float64)


def blocks(weights: Sequence[float], games: int) -> list[int]:
    """Games for each weight: proportional, rounded by largest remainders, summing to games."""
    exact = np.asarray(weights, dtype=np.float64) * games
    counts = np.floor(exact).astype(int)
    order = np.argsort(-(exact - counts), kind="stable")
    counts[order[: games - counts.sum()]] += 1
    return counts.tolist()


def mixture_records(
    players: int,
    sets: Sequence[str],
    humans: Mixture,
    things: Mixture,
    games: int,
    seed: int,
    first_game: int = 0,
) -> np.ndarray:
    """The records of the games, in game index order, each pair of components in its block."""
    from balance.records import RECORD_DTYPE

    pairs = [(h, t, wh * wt) for h, wh in humans.components for t, wt in things.components]
    out = np.zeros(games, dtype=RECORD_DTYPE)
    start = 0
    for (h, t, _), n in zip(pairs, blocks([w for _, _, w in pairs], games)):
        if n:
            out[start : start + n] = pair_records(players, sets, h, t, n, seed, first_game + start)
        start += n
    return out


def paired_interval(
    a: np.ndarray, b: np.ndarray, z: float = 1.959964
) -> tuple[float, float, float]:
    """Mean of a - b over the same games, with its 95% interval (normal, per-game pairs)."""
    d = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    mean = float(d.mean())
    half = z * float(d.std(ddof=1)) / np.sqrt(len(d)) if len(d) > 1 else float("inf")
    return mean, mean - half, mean + half

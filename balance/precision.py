"""Playing to a precision instead of a number of games: `--precision P` of run, sweep and
sensitivity.

A run to a precision plays batches of PRECISION_BATCH games and stops after the first batch at
which every interval it reports has a half-width (half the interval's length) of at most P. The
batches are the same whatever the threads, so the games played, and so the records, depend only
on the seed, the configuration and P.

Each kind of figure has a number of games after which its interval is that narrow whatever the
games show, which bounds the run:
- a share (a win rate, Wilson's interval): its half-width is largest at a share of one half,
  where it is below z / (2 sqrt(n)), so z^2 / (4 P^2) games always reach P (9,604 for P = 0.01);
- a paired difference of two shares (the same games under two rules, a normal interval): each
  game's difference is -1, 0 or 1, its standard deviation at most 1, so z^2 / P^2 games reach
  P (38,415 for P = 0.01). Most alternatives change few games and stop far earlier.
"""

from __future__ import annotations

import math

from balance.errors import ConfigError
from balance.summary import Z_95

PRECISION_BATCH = 2_000  # games played between two looks at the intervals
MIN_PRECISION = 0.001
MAX_PRECISION = 0.25


def check_precision(precision: float) -> None:
    if not MIN_PRECISION <= precision <= MAX_PRECISION:
        raise ConfigError(
            f"--precision: {precision!r} is not allowed (allowed: the half-width of the 95% "
            f"intervals to reach, from {MIN_PRECISION} to {MAX_PRECISION}, e.g. 0.01)"
        )


def games_or_precision(
    games: int | None,
    precision: float | None,
    *,
    default_games: int | None = None,
    default_precision: float | None = None,
) -> tuple[int | None, float | None]:
    """(games, None) to play that many games, or (None, precision) to play to it: at most one
    of --games and --precision is given; without either, the command's default (a count or a
    precision), and a command with neither default needs one."""
    if games is not None and precision is not None:
        raise ConfigError(
            f"--games {games} and --precision {precision}: both given (allowed: one of them; "
            "--precision plays until the intervals are that narrow)"
        )
    if games is None and precision is None:
        if default_games is None and default_precision is None:
            raise ConfigError("--games or --precision: neither given (allowed: one of them)")
        games, precision = default_games, default_precision
    if precision is not None:
        check_precision(precision)
    return games, precision


def whole_batches(games: float) -> int:
    """`games` rounded up to whole batches of PRECISION_BATCH."""
    return max(1, math.ceil(games / PRECISION_BATCH)) * PRECISION_BATCH


def share_games_bound(precision: float) -> int:
    """Games after which any share's Wilson interval has a half-width below `precision`."""
    return whole_batches(Z_95**2 / (4 * precision**2))


def paired_games_bound(precision: float) -> int:
    """Games after which any paired difference of two shares has an interval's half-width of
    about `precision` or less (the sample deviation of n games exceeds 1 by sqrt(n / (n-1)))."""
    return whole_batches(Z_95**2 / precision**2)


def half_width(low: float, high: float) -> float:
    return (high - low) / 2

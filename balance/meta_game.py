"""The meta-game: a zero-sum matrix game between two pools of strategies, solved by linear
programming.

payoff[i, j] is the humans' win rate when human strategy i plays Thing strategy j. The humans
(rows) maximise it and the Things (columns) minimise it. Each side's maximin mixture solves one
linear program (scipy.optimize.linprog, HiGHS):

    rows:    max v  s.t.  sum_i x_i payoff[i, j] >= v  for every j,  sum x = 1,  x >= 0
    columns: min u  s.t.  sum_j payoff[i, j] y_j <= u  for every i,  sum y = 1,  y >= 0

By the minimax theorem v = u, the value of the game.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy.optimize import linprog


class Solution(NamedTuple):
    value: float  # the humans' win rate when both sides play their mixture
    rows: np.ndarray  # the humans' mixture over the pool's rows
    columns: np.ndarray  # the Things' mixture over the pool's columns


def _maximin(payoff: np.ndarray) -> tuple[float, np.ndarray]:
    """The row player's maximin mixture and value of `payoff` (rows maximise)."""
    m, n = payoff.shape
    # variables: x_1..x_m, v; minimise -v
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    upper = np.hstack([-payoff.T, np.ones((n, 1))])  # v - x . payoff[:, j] <= 0
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0], bounds=bounds)
    if not result.success:  # a bounded feasible LP: only a solver fault gets here
        raise RuntimeError(f"the meta-game's linear program failed: {result.message}")
    x = np.clip(result.x[:m], 0.0, None)
    return float(result.x[-1]), x / x.sum()


def solve(payoff: np.ndarray) -> Solution:
    """Both sides' equilibrium mixtures and the value of the zero-sum game `payoff`."""
    payoff = np.asarray(payoff, dtype=np.float64)
    if payoff.ndim != 2 or 0 in payoff.shape or not np.isfinite(payoff).all():
        raise ValueError(f"a payoff matrix needs finite entries and both sides, not {payoff!r}")
    value, rows = _maximin(payoff)
    _, columns = _maximin(-payoff.T)  # the columns maximise minus the payoff
    return Solution(value, rows, columns)


def exploitability(
    payoff: np.ndarray, rows: np.ndarray, columns: np.ndarray
) -> tuple[float, float]:
    """How much each side gains by its best pure answer within the pool: (humans, Things)."""
    payoff = np.asarray(payoff, dtype=np.float64)
    value = float(rows @ payoff @ columns)
    return float((payoff @ columns).max() - value), float(value - (rows @ payoff).min())

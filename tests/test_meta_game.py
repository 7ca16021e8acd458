"""The meta-game solver (balance.meta_game) on matrix games whose answers are known."""

import numpy as np
import pytest

from balance.meta_game import exploitability, solve


def test_rock_paper_scissors_is_worth_a_half_with_uniform_mixtures():
    """Win 1, tie 1/2, loss 0 for the rows: value 1/2, each side plays each third."""
    payoff = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    value, rows, columns = solve(payoff)
    assert value == pytest.approx(0.5, abs=1e-9)
    np.testing.assert_allclose(rows, [1 / 3] * 3, atol=1e-9)
    np.testing.assert_allclose(columns, [1 / 3] * 3, atol=1e-9)
    assert exploitability(payoff, rows, columns) == pytest.approx((0, 0), abs=1e-9)


def test_a_two_by_two_game_with_a_known_mixed_equilibrium():
    """[[a, b], [c, d]] with no saddle point: the rows play p = (d - c) / (a - b - c + d) on
    the first row, the columns q = (d - b) / (a - b - c + d) on the first column, value
    (ad - bc) / (a - b - c + d). With a, b, c, d = 0.9, 0.2, 0.3, 0.6: p = 0.3, q = 0.4 and
    the value 0.48."""
    a, b, c, d = 0.9, 0.2, 0.3, 0.6
    denominator = a - b - c + d
    value, rows, columns = solve(np.array([[a, b], [c, d]]))
    assert value == pytest.approx((a * d - b * c) / denominator, abs=1e-9)  # 0.48
    np.testing.assert_allclose(rows, [(d - c) / denominator, (a - b) / denominator], atol=1e-9)
    np.testing.assert_allclose(columns, [(d - b) / denominator, (a - c) / denominator], atol=1e-9)


def test_a_dominated_strategy_gets_no_weight():
    """The second row is worse than the first against every column, and the third column is
    worse for the columns than the first: neither is played."""
    payoff = np.array([[0.6, 0.3, 0.8], [0.5, 0.2, 0.7]])
    value, rows, columns = solve(payoff)
    assert rows[1] == pytest.approx(0, abs=1e-9)
    assert columns[2] == pytest.approx(0, abs=1e-9)
    assert value == pytest.approx(0.3, abs=1e-9)  # the first row against the second column


def test_a_saddle_point_is_a_pure_equilibrium():
    """Entry (1, 0) is the least of its row and the most of its column."""
    payoff = np.array([[0.2, 0.9, 0.4], [0.5, 0.7, 0.6], [0.1, 0.8, 0.3]])
    value, rows, columns = solve(payoff)
    assert value == pytest.approx(0.5, abs=1e-9)
    np.testing.assert_allclose(rows, [0, 1, 0], atol=1e-9)
    np.testing.assert_allclose(columns, [1, 0, 0], atol=1e-9)


def test_one_strategy_each_is_its_own_equilibrium():
    value, rows, columns = solve(np.array([[0.42]]))
    assert value == pytest.approx(0.42) and rows.tolist() == [1.0] and columns.tolist() == [1.0]


@pytest.mark.parametrize("bad", [np.zeros((0, 2)), np.array([[np.nan]]), np.zeros(3)])
def test_a_malformed_matrix_is_refused(bad):
    with pytest.raises(ValueError):
        solve(bad)

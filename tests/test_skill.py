"""Issue 5's competence check: against the same opponent, on the same games, the expert preset
of each side wins more often than the naive one, by a margin whose 95% interval excludes zero."""

import math

import pytest

from balance import codes
from balance.config import load_config
from balance.runner import run_games

GAMES = 2000
Z_95 = 1.959963984540054


def win_share(players: int, humans: str, things: str, side: int) -> float:
    records = run_games(load_config(players), GAMES, 11, humans, things)
    return float((records["winner"] == side).mean())


def margin_interval(p: float, q: float) -> tuple[float, float]:
    """95% normal interval of p - q for two shares of GAMES games each."""
    half = Z_95 * math.sqrt(p * (1 - p) / GAMES + q * (1 - q) / GAMES)
    return p - q - half, p - q + half


@pytest.mark.slow
@pytest.mark.parametrize("players", [9, 12, 15])
def test_expert_beats_naive_on_both_sides(players):
    expert = win_share(players, "expert", "expert", codes.HUMANS)
    naive = win_share(players, "naive", "expert", codes.HUMANS)
    assert margin_interval(expert, naive)[0] > 0, (expert, naive)
    expert = win_share(players, "expert", "expert", codes.THINGS)
    naive = win_share(players, "expert", "naive", codes.THINGS)
    assert margin_interval(expert, naive)[0] > 0, (expert, naive)

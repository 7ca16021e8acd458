"""The balance gate: its statistics (known values, simulated error rates) and its decisions."""

import numpy as np
import pytest

from balance import gate
from balance.gate import (
    METRICS as METRICS_OF,
    REASONS as REASONS_OF,
    compare,
    difference_interval,
    games_for_power,
    holm,
    two_proportion_p,
)


METRICS = METRICS_OF["nemesis"]
REASONS = REASONS_OF["nemesis"]


def test_newcombe_interval_matches_the_published_examples():
    """Newcombe (1998), method 10: 56/70 vs 48/80 -> (0.0524, 0.3339); 9/10 vs 3/10 ->
    (0.1705, 0.8090). The function gives the interval of p2 - p1."""
    lo, hi = difference_interval(48, 80, 56, 70)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    lo, hi = difference_interval(3, 10, 9, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1705, 0.8090)


def test_two_proportion_test_known_values():
    # 50/100 vs 65/100: pooled 0.575, z = -0.15 / sqrt(0.575 * 0.425 * 0.02) = -2.1450
    assert two_proportion_p(50, 100, 65, 100) == pytest.approx(0.03196, abs=1e-4)
    assert two_proportion_p(0, 100, 0, 100) == 1.0
    assert two_proportion_p(30, 100, 30, 100) == pytest.approx(1.0)


def test_holm_step_down():
    assert holm([0.001, 0.04, 0.0001, 0.5], alpha=0.05) == [True, False, True, False]
    assert holm([0.012, 0.013], alpha=0.025) == [True, True]  # 0.012 < 0.0125, 0.013 < 0.025
    assert holm([0.02, 0.013], alpha=0.025) == [False, False]


def test_games_for_power_formula():
    """n = ((z(1 - a/2m) + z(power)) * sqrt(1/2) / shift)^2, rounded up."""
    assert games_for_power(21) == 12669
    assert games_for_power(1, alpha=0.05, shift=0.1, power=0.8) == 393
    assert games_for_power(42) > games_for_power(21)
    assert games_for_power(48) == 13835  # 3 presets and 3 equilibria, 8 metrics each


def test_each_ruleset_compares_the_end_reasons_its_games_can_have():
    """Only the main ruleset calls a rescue, only the classic one starves: 8 metrics each."""
    assert "starved" not in REASONS_OF["nemesis"] and "rescue" in REASONS_OF["nemesis"]
    assert "rescue" not in REASONS_OF["classic"] and "starved" in REASONS_OF["classic"]
    assert len(METRICS_OF["nemesis"]) == len(METRICS_OF["classic"]) == 8


def simulated(rates: dict[int, float], games: int, rng) -> dict[int, dict]:
    """Measurements whose human wins are binomial draws; the other reasons split the rest."""
    out = {}
    for players, p in rates.items():
        wins = int(rng.binomial(games, p))
        rest = games - wins
        timeouts = int(rng.binomial(rest, 0.5))
        reasons = {r: 0 for r in REASONS}
        reasons.update(rescue=wins, timeout=timeouts, frozen=rest - timeouts)
        out[players] = {
            "games": games,
            "records_hash": str(rng.random()),
            "human_wins": wins,
            "end_reasons": reasons,
        }
    return out


@pytest.mark.slow
def test_false_alarms_and_power_by_simulation():
    """Unchanged rates: the gate fires in at most 1% of checks (99% upper bound of 2,000
    simulated checks); a 3-point shift of one preset's human win rate from 50% is caught in at
    least 90% of checks (the worst case the game count is sized for)."""
    rng = np.random.default_rng(5)
    n = games_for_power(3 * len(METRICS))
    rates = {9: 0.5, 12: 0.5, 15: 0.5}
    trials = 2000
    alarms = sum(
        compare(simulated(rates, n, rng), simulated(rates, n, rng)).failed for _ in range(trials)
    )
    assert alarms / trials <= 0.01 + 2.33 * np.sqrt(0.01 * 0.99 / trials)
    shifted = {**rates, 12: 0.47}
    caught = sum(
        compare(simulated(rates, n, rng), simulated(shifted, n, rng)).failed for _ in range(500)
    )
    assert caught / 500 >= 0.90 - 2.33 * np.sqrt(0.9 * 0.1 / 500)


def test_check_passes_on_unchanged_rules_and_fails_on_a_big_change(tmp_path):
    """Identical records pass as identical; tripling the fuel burn at 12 players fails there."""
    path = tmp_path / "baseline.toml"
    gate.update_baseline(games=1500, players=(12,), path=path)
    same = gate.check(path=path)
    assert same.identical and not same.failed
    changed = gate.check(["generator.burn_per_turn=1/2"], path=path)
    assert not changed.identical and changed.failed
    failing = {c.metric for c in changed.comparisons if c.significant}
    assert "human_win_rate" in failing


def test_check_covers_the_classic_ruleset_in_its_own_tables(tmp_path):
    """The baseline holds the classic presets and equilibria apart; `check --ruleset classic`
    plays them: the same rules pass as identical, a station that freezes three times faster
    fails."""
    path = tmp_path / "baseline.toml"
    gate.update_baseline(games=1500, players=(12,), path=path)
    data = gate.load_baseline(path)
    assert (
        set(data["classic_presets"]) == {"12"}
        and "starved" in (data["classic_presets"]["12"]["end_reasons"])
    )
    same = gate.check(["ruleset=classic"], path=path)
    assert same.identical and not same.failed
    # the classic presets and the classic equilibrium stored in configs/classic/strategies
    assert {c.preset for c in same.comparisons} == {"12", "equilibrium 12"}
    colder = gate.check(["ruleset=classic", "temperature.drop=15"], path=path)
    assert colder.failed and "share_frozen" in {
        c.metric for c in colder.comparisons if c.significant
    }

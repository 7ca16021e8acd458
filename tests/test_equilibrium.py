"""The double-oracle loop (balance.equilibrium): on a matrix game whose value is known, and on
the real game, where an interrupted run resumes to the same result."""

import json

import numpy as np
import pytest

from balance import equilibrium as eq
from balance.meta_game import solve
from balance.strategy import Strategy


class MatrixGame(eq.DoubleOracle):
    """Strategies are the row and column indices of a large matrix; a best response is exact."""

    def __init__(self, full, epsilon=1e-9, iterations=100):
        state = {"pools": {"humans": ["0"], "things": ["0"]}, "payoff": [], "history": []}
        super().__init__(state, epsilon, iterations)
        self.full = full

    def play(self, human, thing):
        return self.full[int(human), int(thing)]

    def respond(self, side, x, y, label):
        pools = self.state["pools"]
        rows = [int(h) for h in pools["humans"]]
        cols = [int(t) for t in pools["things"]]
        value = x @ self.full[np.ix_(rows, cols)] @ y
        if side == "humans":
            against = self.full[:, cols] @ y
            best = int(np.argmax(against))
            gain = against[best] - value
        else:
            against = x @ self.full[rows, :]
            best = int(np.argmin(against))
            gain = value - against[best]
        return {"strategy": str(best), "gain": float(gain), "gain_ci": [gain, gain]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_double_oracle_converges_to_the_value_of_the_whole_game(seed):
    """A 30 x 40 random game, pools of one strategy each at first: the loop ends with no best
    response gaining, at the whole game's value, no strategy added twice."""
    full = np.random.default_rng(seed).random((30, 40))
    game = MatrixGame(full)
    game.iterate()
    value, x, y, responses = game.exploitability()
    assert value == pytest.approx(solve(full).value, abs=1e-7)
    assert all(r["gain"] <= 1e-7 for r in responses.values())
    assert not game.state["history"][-1]["added"]
    for pool in game.state["pools"].values():
        assert len(set(pool)) == len(pool)


def test_a_gain_within_epsilon_or_within_noise_adds_nothing():
    game = MatrixGame(np.zeros((2, 2)), epsilon=0.02)
    assert game.gains({"gain": 0.05, "gain_ci": [0.01, 0.09]})
    assert not game.gains({"gain": 0.015, "gain_ci": [0.01, 0.02]})  # within epsilon
    assert not game.gains({"gain": 0.05, "gain_ci": [-0.01, 0.11]})  # within noise


def test_the_iterations_cap_stops_the_loop():
    game = MatrixGame(np.random.default_rng(4).random((30, 40)), iterations=2)
    game.iterate()
    assert len(game.state["history"]) == 2 and game.state["history"][-1]["added"]


SMALL = dict(games=120, trials=3, iterations=2, epsilon=0.0, confirm_games=300, seed=5)


@pytest.mark.slow
def test_an_interrupted_equilibrium_resumes_to_the_same_result(tmp_path, monkeypatch):
    """Stopped by Ctrl-C in its second iteration, the same command again ends with the result
    of a run without a break."""
    whole = eq.equilibrium(tmp_path / "whole", [9], (), **SMALL)[9]
    calls = []
    real = eq.Run.respond

    def interrupted(self, side, x, y, label):
        calls.append(label)
        if len(calls) == 3:  # the humans' search of iteration 2
            raise KeyboardInterrupt
        return real(self, side, x, y, label)

    monkeypatch.setattr(eq.Run, "respond", interrupted)
    with pytest.raises(KeyboardInterrupt):
        eq.equilibrium(tmp_path / "broken", [9], (), **SMALL)
    monkeypatch.setattr(eq.Run, "respond", real)
    resumed = eq.equilibrium(tmp_path / "broken", [9], (), **SMALL)[9]
    for key in ("value", "value_ci", "mixtures", "payoff_matrix", "exploitability", "strategies"):
        assert resumed[key] == whole[key], key


def test_a_folder_of_other_settings_is_refused(tmp_path):
    folder = tmp_path / "9p"
    folder.mkdir()
    settings = eq.Settings(9, (), 100, 3, 2, 0.02, 300, 5).as_dict()
    (folder / eq.STATE).write_text(json.dumps({"settings": {**settings, "games": 999}}))
    with pytest.raises(eq.ConfigError, match="games = 999, not 100"):
        eq.equilibrium(tmp_path, [9], (), **{**SMALL, "games": 100})


def test_a_best_response_refines_the_heaviest_strategies_its_mixture_plays(tmp_path):
    """Up to REFINE_STARTS starts, heaviest first, only of the tuned preset; when the mixture
    plays none of them, the tuned strategy that does best against the other side's mixture."""
    settings = eq.Settings(9, (), 100, 3, 2, 0.02, 300, 5)
    run = eq.Run(tmp_path / "9p", settings)
    names = [f"humans-br{k}" for k in range(1, 6)]
    for k, name in enumerate(names):
        Strategy("humans", "expert", (("arm_up", k % 2),), 9, name).save(
            tmp_path / "9p" / eq.STRATEGIES / f"{name}.toml"
        )
    run.state["pools"]["humans"] += names  # expert, naive, br1..br5
    run.state["payoff"] = [[0.5, 0.5, 0.5]] * 7
    run.state["payoff"][3] = [0.9, 0.9, 0.9]  # br2 does best against any Thing mixture
    y = np.array([1.0, 0.0, 0.0])
    x = np.array([0.1, 0.3, 0.0, 0.05, 0.2, 0.15, 0.2])
    starts = [s.label for s in run.refine_starts("humans", x, y)]
    assert eq.REFINE_STARTS == 3 and starts == ["humans-br3", "humans-br5", "humans-br4"]
    only_naive = np.array([0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    assert [s.label for s in run.refine_starts("humans", only_naive, y)] == ["humans-br2"]

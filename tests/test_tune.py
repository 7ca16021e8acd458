"""The best-response search (balance.tune.search) on a synthetic game whose optimum is known,
through the same code path as `balance tune`: Optuna's seeded TPE, the pruner on a first
quarter of the games, common random numbers, the confirmation on fresh games, and resuming an
interrupted study from its database."""

import numpy as np
import pytest

from balance.tune import Range, derive_seed, search

SPACE = {"share": Range(0.0, 1.0, False), "count": Range(0, 10, True)}
START = {"share": 0.0, "count": 0.0}


def win_chance(knobs):
    """0.2 far from the optimum, 0.8 at share = 0.7 and count = 7."""
    bump = np.exp(-((knobs["share"] - 0.7) ** 2) / 0.02)
    return 0.2 + 0.6 * bump * (1.0 if knobs["count"] == 7 else 0.6)


def score(knobs, seed, first_game, games):
    """Each game's win, its dice drawn from (seed, game index) alone: common random numbers."""
    dice = np.array([np.random.default_rng([seed, first_game + i]).random() for i in range(games)])
    return (dice < win_chance(knobs)).astype(float)


def run(tmp_path, name="a", trials=40, score=score):
    return search(
        SPACE,
        START,
        score,
        trials=trials,
        games=400,
        seed=3,
        storage=f"sqlite:///{tmp_path / name}.db",
        study_name="planted",
        confirm_games=2000,
    )


def test_the_search_recovers_a_planted_optimum_and_confirms_its_gain(tmp_path):
    result = run(tmp_path)
    assert result.best["count"] == 7
    assert abs(result.best["share"] - 0.7) < 0.12
    assert result.start_score == pytest.approx(0.2, abs=0.03)  # the start on fresh games
    assert result.gain_ci[0] > 0.4  # 0.8 - 0.2, less the miss, known within the interval
    assert result.confirm_seed == derive_seed(3, "confirm")


def test_an_interrupted_study_resumes_to_the_same_result(tmp_path):
    """Ctrl-C in the 8th trial, then the same search again: the same trials, the same best."""
    whole = run(tmp_path, "whole", trials=16)
    calls = []

    def interrupted(knobs, seed, first_game, games):
        calls.append(1)
        if len(calls) == 15:  # the 8th trial's second batch (the first 8 are never pruned)
            raise KeyboardInterrupt
        return score(knobs, seed, first_game, games)

    with pytest.raises(KeyboardInterrupt):
        run(tmp_path, "broken", trials=16, score=interrupted)
    resumed = run(tmp_path, "broken", trials=16)
    assert resumed.best == whole.best
    assert resumed.best_score == whole.best_score and resumed.gain_ci == whole.gain_ci

    import optuna

    def finished(name):
        study = optuna.load_study(study_name="planted", storage=f"sqlite:///{tmp_path / name}.db")
        return [(t.params, t.value) for t in study.trials if t.state.name in ("COMPLETE", "PRUNED")]

    assert finished("broken") == finished("whole")


@pytest.mark.slow
def test_a_best_response_of_the_humans_beats_the_expert_preset_at_12_players():
    """The real game: 20 trials of the expert humans' knobs against the expert Things find a
    setting that wins more, by a paired 95% interval above 0 on 4,000 fresh games."""
    from balance.strategy import parse_mixture
    from balance.tune import tune_strategy

    against = parse_mixture("expert", "things", 12)
    strategy, result = tune_strategy(
        12,
        (),
        "humans",
        "expert",
        against,
        trials=20,
        games=1000,
        seed=11,
        storage=None,
        confirm_games=4000,
    )
    assert result.gain_ci[0] > 0, result.gain_ci
    assert strategy.measured["gain"] == pytest.approx(result.gain, abs=1e-6)
    assert dict(strategy.knobs) == result.best


def test_fixed_knobs_keep_their_configured_value_and_are_never_searched(tmp_path):
    """--fix: a knob named SIDE.KNOB is left out of the search space and keeps the value the
    config gives it, in every trial and in the strategy written."""
    import optuna

    from balance.strategy import parse_fixed, parse_mixture
    from balance.tune import tune_strategy

    fixed = parse_fixed("humans.talk,things.frame_chance")
    assert fixed == ("humans.talk", "things.frame_chance")
    storage = f"sqlite:///{tmp_path / 'fixed.db'}"
    strategy, result = tune_strategy(
        9,
        ("policies.humans.expert.talk=0",),
        "humans",
        "expert",
        parse_mixture("expert", "things", 9),
        trials=3,
        games=40,
        seed=5,
        storage=storage,
        confirm_games=100,
        fixed=fixed,
    )
    assert dict(strategy.knobs)["talk"] == 0 and result.best["talk"] == 0
    (study,) = optuna.get_all_study_summaries(storage)
    trials = optuna.load_study(study_name=study.study_name, storage=storage).trials
    assert len(trials) == 3 and all("talk" not in t.params for t in trials)
    assert all("fuel_low" in t.params for t in trials)


def test_fix_names_a_knob_of_a_side():
    from balance.errors import ConfigError
    from balance.strategy import parse_fixed

    for wrong in ("humans.nope", "talk", "monsters.talk"):
        with pytest.raises(ConfigError, match="--fix"):
            parse_fixed(wrong)

"""Best responses: a search over one side's knobs against a fixed opponent, with Optuna.

`search` maximises a side's mean score (1 per game the side "wins": for the humans a human win,
for the Things a game the humans do not win) over the knobs' declared ranges:

- every trial plays the same games (the same seed and game indices): common random numbers, so
  two trials differ by their knobs, not their dice;
- a trial plays a first quarter of its games, reports it, and stops there when Optuna's median
  pruner finds it below the median of earlier trials at that point;
- the first trials are the start and its neighbours, each with one knob moved; then Optuna's
  TPE sampler takes over, seeded anew before each trial from the seed and the number of trials
  finished, so a study interrupted and resumed makes the same suggestions as one run
  without a break (the history it learns from is the same);
- the study lives in a database (SQLite by default, any URL Optuna accepts): it resumes after
  Ctrl-C and several processes or machines can share it;
- the best few trials are then re-played on fresh games, beside the baseline (the starting
  knobs, or what the caller gives), and the best of them is chosen on those games, with the
  paired 95% interval of its gain, so the winner's curse of picking the best of many noisy
  trials does not inflate the gain.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import warnings
from dataclasses import dataclass
from typing import Callable

import numpy as np

from balance.errors import ConfigError
from balance.evaluate import paired_interval
from balance.strategy import Mixture, Strategy

# score(knobs, seed, first_game, games) -> each game's score for the tuned side (0 or 1)
Score = Callable[[dict[str, float], int, int, int], np.ndarray]
Baseline = Callable[[int, int, int], np.ndarray]  # (seed, first_game, games) -> scores

FIRST_SHARE = 4  # a trial's first report comes after 1/FIRST_SHARE of its games
PRUNER_STARTUP = 8  # trials played in full before the pruner may stop one
CONFIRM_TOP = 2  # trials re-played on fresh games


@dataclass(frozen=True)
class Range:
    """A knob's search range (balance.config.KnobRange's bounds)."""

    low: float
    high: float
    whole: bool


@dataclass(frozen=True)
class TuneResult:
    start: dict[str, float]  # the starting knobs
    best: dict[str, float]  # the knobs chosen on the fresh games
    start_score: float  # the baseline's mean score on the fresh games
    best_score: float  # the chosen knobs' mean score on the fresh games
    gain: float  # best_score - start_score, paired
    gain_ci: tuple[float, float]  # its 95% interval
    trials: int  # trials finished in the study (complete or pruned)
    train_best: float  # the chosen knobs' mean on the search games
    confirm_seed: int
    confirm_games: int
    best_scores: np.ndarray  # the chosen knobs' per-game scores on the fresh games


def derive_seed(seed: int, label: str) -> int:
    """A seed for one use of a run's seed: independent streams for distinct labels."""
    return int(hashlib.sha256(f"{seed}|{label}".encode()).hexdigest()[:15], 16)


def search(
    space: dict[str, Range],
    start: dict[str, float],
    score: Score,
    *,
    trials: int,
    games: int,
    seed: int,
    storage: str | None,
    study_name: str,
    confirm_games: int,
    baseline: Baseline | None = None,
    confirm_seed: int | None = None,
    progress: Callable[[int, float | None], None] | None = None,
) -> TuneResult:
    """Search `space` from `start` for `trials` trials of `games` games each; confirm the best
    on `confirm_games` fresh games against `baseline` (default: `start`'s own score)."""
    import optuna
    from optuna.trial import TrialState

    optuna.logging.set_verbosity(logging.WARNING)
    study = _open_study(storage, study_name)
    first = max(1, games // FIRST_SHARE)
    distributions = {name: _distribution(r) for name, r in space.items()}
    start_params = {k: int(start[k]) if r.whole else float(start[k]) for k, r in space.items()}
    if not study.trials:
        for params in [start_params, *_probes(space, start_params, seed)][:trials]:
            study.enqueue_trial(params)
    elif not any(
        t.params == start_params and (_finished(t) or t.state == TrialState.WAITING)
        for t in study.trials
    ):  # a break lost the trial of the starting knobs: play it again
        study.enqueue_trial(start_params)
    while (done := sum(_finished(t) for t in study.trials)) < trials:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            study.sampler = optuna.samplers.TPESampler(
                seed=derive_seed(seed, f"trial {done}") % 2**32, constant_liar=False
            )
        trial = study.ask(distributions)
        knobs = {**start, **trial.params}
        head = score(knobs, seed, 0, first)
        trial.report(float(head.mean()), step=0)
        if trial.should_prune():
            study.tell(trial, state=TrialState.PRUNED)
            value = None
        else:
            value = float(np.concatenate([head, score(knobs, seed, first, games - first)]).mean())
            study.tell(trial, value)
        if progress is not None:
            progress(done + 1, value)
    if confirm_seed is None:
        confirm_seed = derive_seed(seed, "confirm")
    return _confirm(study, start, score, baseline, confirm_seed, confirm_games, trials)


def _probes(space: dict[str, Range], start: dict[str, float], seed: int) -> list[dict]:
    """The first trials after the start: the start with one knob moved, each knob in turn, to a
    value drawn from its range (a switch flips). Most of a search space is far worse than a
    tuned start, so TPE learns more from the start's neighbours than from its random draws."""
    rng = np.random.default_rng(derive_seed(seed, "probes"))
    probes = []
    for name, r in space.items():
        params = dict(start)
        if r.whole:
            others = [v for v in range(int(r.low), int(r.high) + 1) if v != start[name]]
            params[name] = int(rng.choice(others))
        else:
            params[name] = float(rng.uniform(r.low, r.high))
        probes.append(params)
    return probes


def _confirm(study, start, score, baseline, confirm_seed, confirm_games, trials) -> TuneResult:
    """Re-play the best trials and the baseline on fresh games; choose the best there."""
    from optuna.trial import TrialState

    complete = sorted(
        (t for t in study.trials if t.state == TrialState.COMPLETE), key=lambda t: -t.value
    )
    candidates: list[tuple[dict[str, float], float]] = []
    for t in complete:
        knobs = {**start, **t.params}
        if all(knobs != c for c, _ in candidates):
            candidates.append((knobs, t.value))
        if len(candidates) == CONFIRM_TOP:
            break
    if baseline is None:
        base = score(start, confirm_seed, 0, confirm_games)
    else:
        base = baseline(confirm_seed, 0, confirm_games)
    scored = [(score(k, confirm_seed, 0, confirm_games), k, v) for k, v in candidates]
    best_scores, best, train_best = max(scored, key=lambda s: s[0].mean())
    gain, low, high = paired_interval(best_scores, base)
    return TuneResult(
        start=dict(start),
        best=best,
        start_score=float(base.mean()),
        best_score=float(best_scores.mean()),
        gain=gain,
        gain_ci=(low, high),
        trials=trials,
        train_best=train_best,
        confirm_seed=confirm_seed,
        confirm_games=confirm_games,
        best_scores=best_scores,
    )


def _finished(trial) -> bool:
    from optuna.trial import TrialState

    return trial.state in (TrialState.COMPLETE, TrialState.PRUNED)


def _distribution(r: Range):
    from optuna.distributions import FloatDistribution, IntDistribution

    if r.whole:
        return IntDistribution(int(r.low), int(r.high))
    return FloatDistribution(r.low, r.high)


def _open_study(storage: str | None, study_name: str):
    """The study of this search in `storage` (created if new); a storage that cannot be opened
    or is no Optuna database is a one-line error."""
    import optuna

    try:
        return optuna.create_study(
            storage=storage,
            study_name=study_name,
            direction="maximize",
            pruner=optuna.pruners.MedianPruner(n_startup_trials=PRUNER_STARTUP),
            load_if_exists=True,
        )
    except Exception as exc:  # SQLAlchemy and Optuna raise many kinds; all mean the same here
        message = " ".join(str(exc).split())[:200]
        raise ConfigError(
            f"--storage: {storage!r} cannot hold an Optuna study ({type(exc).__name__}: "
            f"{message}); give another --storage, or remove the file if it is damaged"
        ) from None


# --- the game: one side's knobs against a fixed opponent ---


@functools.lru_cache(maxsize=16)
def side_scores(
    players: int, sets, side: str, own: Mixture, against: Mixture, seed, first_game, games
) -> np.ndarray:
    """Each game's score for `side` when it plays `own` against `against`: for the humans a
    human win, for the Things a game the humans do not win (the zero-sum payoff). Kept for
    the searches that confirm on the same games against the same baseline (read-only)."""
    from balance.evaluate import human_won, mixture_records

    humans, things = (own, against) if side == "humans" else (against, own)
    wins = human_won(mixture_records(players, sets, humans, things, games, seed, first_game))
    scores = wins if side == "humans" else 1.0 - wins
    scores.flags.writeable = False
    return scores


def tune_strategy(
    players: int,
    sets: tuple[str, ...],
    side: str,
    preset: str,
    against: Mixture,
    *,
    trials: int,
    games: int,
    seed: int,
    storage: str | None,
    confirm_games: int,
    baseline: Mixture | None = None,
    start: Strategy | None = None,
    confirm_seed: int | None = None,
    name: str = "",
    fixed: tuple[str, ...] = (),
    progress: Callable[[int, float | None], None] | None = None,
) -> tuple[Strategy, TuneResult]:
    """The best response of `side`'s `preset` to `against`: every knob searched within its
    declared range but those `fixed` names (SIDE.KNOB, strategy.parse_fixed), which keep the
    value `sets` gives them, from `start`'s knobs (default: the values `sets` gives them); confirmed
    against `baseline` (default: the starting knobs) on the games of `confirm_seed` (default:
    one derived from `seed`). Returns the strategy (with what was measured) and the search's
    result."""
    import balance
    from balance.config import knob_ranges, load_config, policies_file
    from balance.strategy import knob_key, preset_knobs

    cfg = load_config(players, list(sets))
    knobs = preset_knobs(side, preset, ruleset=cfg.ruleset)
    start_cfg = cfg if start is None else load_config(players, [*sets, *start.overrides()])
    ranges = knob_ranges(policies_file(cfg.ruleset))
    space = {}
    for k in knobs:
        r = ranges[knob_key(side, preset, k)]
        space[k] = Range(r.low, r.high, r.whole)
    first = {k: start_cfg[knob_key(side, preset, k)] for k in knobs}
    for k in knobs:
        if f"{side}.{k}" in fixed:
            del space[k]
            first[k] = cfg[knob_key(side, preset, k)]

    def strategy(values: dict[str, float]) -> Strategy:
        return Strategy(
            side, preset, tuple((k, values[k]) for k in knobs), players, name, ruleset=cfg.ruleset
        )

    def score(values, s, first_game, n):
        own = Mixture.pure(strategy(values))
        return side_scores(players, sets, side, own, against, s, first_game, n)

    base = None
    if baseline is not None:

        def base(s, first_game, n):
            return side_scores(players, sets, side, baseline, against, s, first_game, n)

    opponent = [against.label] + [o for s, _ in against.components for o in s.overrides()]
    study_name = "-".join(
        [
            f"{side}-{players}p-{preset}",
            f"vs-{_digest(*opponent)}",
            f"from-{_digest(*(start.overrides() if start else []))}",
            *([f"fixed-{_digest(*fixed)}"] if fixed else []),
            f"rules-{cfg.hash}",
            f"seed-{seed}-games-{games}",
            f"code-{balance.SOURCE_DIGEST}",
        ]
    )
    result = search(
        space,
        first,
        score,
        trials=trials,
        games=games,
        seed=seed,
        storage=storage,
        study_name=study_name,
        confirm_games=confirm_games,
        baseline=base,
        confirm_seed=confirm_seed,
        progress=progress,
    )
    low, high = result.gain_ci
    tuned = Strategy(
        side,
        preset,
        tuple((k, result.best[k]) for k in knobs),
        players,
        name,
        ruleset=cfg.ruleset,
        measured={
            "win_rate": round(result.best_score, 6),
            "start_win_rate": round(result.start_score, 6),
            "gain": round(result.gain, 6),
            "gain_ci": [round(float(low), 6), round(float(high), 6)],
            "against": against.label,
            "confirm_games": result.confirm_games,
            "confirm_seed": result.confirm_seed,
        },
        provenance={
            "version": balance.__version__,
            "rules_version": balance.RULES_VERSION,
            "source_digest": balance.SOURCE_DIGEST,
            "config_hash": cfg.hash,
            "sets": list(sets),
            "fixed": list(fixed),
            "seed": seed,
            "games": games,
            "trials": result.trials,
            "study": study_name,
        },
    )
    return tuned, result


def _digest(*texts: str) -> str:
    return hashlib.sha256("|".join(texts).encode()).hexdigest()[:10]

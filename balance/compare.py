"""Side by side: two equilibria on the same games, or two rulesets (`balance compare`).

Two equilibria: each folder holds the verdict of a `balance equilibrium` run (equilibrium.toml
and the strategies its mixtures play), made with its own settings (the --set overrides and the
knobs --fix held still: with and without talk, say). Both sides' mixtures of each are played on
the same games of one seed (common random numbers: game i of the seed has the same dice in
both), so each figure's difference comes with a paired 95% interval, much narrower than two
independent intervals.

Two rulesets (the main one and the classic edition): different games, so no dice are shared.
Each ruleset plays expert against expert and its stored equilibrium's mixtures (configs/strategies,
configs/classic/strategies); each figure comes with its 95% interval (Wilson for a share, normal
for a mean) and the difference with an interval for independent samples (Newcombe's for shares,
Welch's for means). The equilibrium's value and exploitability are as `balance equilibrium`
measured them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np

from balance import codes
from balance.errors import ConfigError
from balance.evaluate import human_won, mixture_records, paired_interval
from balance.summary import EARLY_EXPOSURE_TURN, Z_95, wilson_interval

# The per-game figures compared: name -> (what it is, its value in each game's record)
FIGURES = {
    "human_win_rate": ("the humans win", human_won),
    "thing_exposed_early": (
        f"a Thing held for one by half the humans before turn {EARLY_EXPOSURE_TURN}",
        lambda r: (
            (r["thing_exposed_turn"] > 0) & (r["thing_exposed_turn"] < EARLY_EXPOSURE_TURN)
        ).astype(np.float64),
    ),
    "help_called": ("help called", lambda r: (r["call_turn"] > 0).astype(np.float64)),
    "rescue": ("ended by the rescue", lambda r: (r["reason"] == codes.R_RESCUE).astype(float)),
    "mean_turns": ("turns played", lambda r: r["end_turn"].astype(np.float64)),
    "claims_believed": ("claims believed a game", lambda r: r["claims_believed"].astype(float)),
}


def compare_verdicts(
    folders: Sequence[Path], players: Sequence[int] | None, games: int, seed: int
) -> list[dict[str, Any]]:
    """For each player count in both verdicts (or `players`), both verdicts' figures on games
    0 .. games-1 of `seed`, and the second's minus the first's with a paired 95% interval; with
    each verdict's own value and exploitability as `balance equilibrium` measured them."""
    from balance.equilibrium import load_verdict

    if len(folders) != 2:
        raise ConfigError(
            f"--strategies: {len(folders)} given (allowed: exactly two equilibrium folders)"
        )
    verdicts = [load_verdict(Path(f)) for f in folders]
    common = sorted(set(verdicts[0]) & set(verdicts[1]))
    counts = list(players) if players else common
    for n in counts:
        if n not in common:
            raise ConfigError(
                f"--players: {n} is not allowed (allowed: the player counts both verdicts hold:"
                f" {', '.join(map(str, common)) or 'none'})"
            )
    rows = []
    for n in counts:
        records = []
        for verdict in verdicts:
            entry = verdict[n]
            sets = entry["settings"].get("sets", [])
            mix = entry["mixture"]
            records.append(mixture_records(n, sets, mix["humans"], mix["things"], games, seed))
        for name, (label, per_game) in FIGURES.items():
            a, b = (per_game(r) for r in records)
            diff, low, high = paired_interval(b, a)
            rows.append(
                {
                    "players": n,
                    "figure": name,
                    "label": label,
                    "first": float(a.mean()),
                    "second": float(b.mean()),
                    "difference": diff,
                    "difference_ci": [low, high],
                    "games": games,
                }
            )
        for i, verdict in enumerate(verdicts):
            entry = verdict[n]
            rows.append(
                {
                    "players": n,
                    "figure": f"verdict_{'first' if i == 0 else 'second'}",
                    "label": str(folders[i]),
                    "value": entry["value"],
                    "value_ci": entry["value_ci"],
                    "exploitability_humans": entry["exploitability_humans"],
                    "exploitability_things": entry["exploitability_things"],
                    "converged": entry["converged"],
                    "sets": entry["settings"].get("sets", []),
                    "fixed": entry["settings"].get("fixed", []),
                }
            )
    return rows


PLAYS = ("expert", "equilibrium")  # expert against expert; the stored equilibrium's mixtures


def _share_figure(x: np.ndarray) -> tuple[float, list[float]]:
    low, high = wilson_interval(int(x.sum()), len(x))
    return float(x.mean()), [low, high]


def _mean_figure(x: np.ndarray) -> tuple[float, list[float]]:
    half = Z_95 * float(x.std(ddof=1)) / np.sqrt(len(x))
    return float(x.mean()), [float(x.mean()) - half, float(x.mean()) + half]


def _difference(a: np.ndarray, b: np.ndarray, share: bool) -> tuple[float, list[float]]:
    """b's mean minus a's, with a 95% interval for independent samples."""
    from balance.gate import difference_interval

    if share:
        low, high = difference_interval(int(a.sum()), len(a), int(b.sum()), len(b))
        return float(b.mean() - a.mean()), [low, high]
    half = Z_95 * float(np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b)))
    d = float(b.mean() - a.mean())
    return d, [d - half, d + half]


def ruleset_records(
    ruleset: str, players: int, play: str, entry: dict[str, Any], games: int, seed: int
) -> np.ndarray:
    """Games 0 .. games-1 of `seed` of a ruleset at `players`: expert against expert, or both
    sides' mixtures of its stored equilibrium's `entry` at that count (load_verdict)."""
    from balance.config import load_config, with_ruleset
    from balance.runner import run_games

    if play == "expert":
        return run_games(load_config(players, with_ruleset(ruleset, [])), games, seed)
    mix = entry["mixture"]
    return mixture_records(
        players, entry["settings"]["sets"], mix["humans"], mix["things"], games, seed
    )


def stored_verdict(ruleset: str) -> dict[int, dict[str, Any]]:
    """A ruleset's stored equilibrium (gate.strategies_dir), ready to play (load_verdict); a
    missing one is a one-line error saying how to store it."""
    from balance.equilibrium import VERDICT, load_verdict
    from balance.gate import strategies_dir

    folder = strategies_dir(ruleset)
    if not (folder / VERDICT).exists():
        raise ConfigError(
            f"--ruleset: {ruleset!r} has no stored equilibrium in {folder} (allowed: a ruleset "
            f"whose equilibrium `balance equilibrium --ruleset {ruleset} --store {folder}` wrote)"
        )
    return load_verdict(folder)


def compare_rulesets(
    rulesets: Sequence[str], players: Sequence[int], games: int, seed: int
) -> list[dict[str, Any]]:
    """Per player count and play (PLAYS), the second ruleset's figures beside the first's: the
    human win rate, the share of each end reason either has, the turns played; each with its
    95% interval and the difference's; then each ruleset's equilibrium value and exploitability
    as `balance equilibrium` measured them."""
    from balance.gate import REASONS

    if len(rulesets) != 2 or len(set(rulesets)) != 2:
        raise ConfigError(
            f"--ruleset: {', '.join(rulesets) or 'none'} given (allowed: two different "
            f"rulesets among {', '.join(codes.RULESETS)}, e.g. --ruleset nemesis --ruleset classic)"
        )
    verdicts = [stored_verdict(rs) for rs in rulesets]
    for n in players:
        for rs, verdict in zip(rulesets, verdicts):
            if n not in verdict:
                raise ConfigError(
                    f"--players: {n} is not allowed (allowed: the player counts of the stored "
                    f"{rs} equilibrium: {', '.join(map(str, sorted(verdict)))})"
                )
    reasons = [r for r in codes.REASON_NAMES if any(r in REASONS[rs] for rs in rulesets)]
    figures = [("human_win_rate", "the humans win", True)]
    figures += [(f"share_{r}", f"ended: {r}", True) for r in reasons]
    figures += [("mean_turns", "turns played", False)]
    rows = []
    for n in players:
        for play in PLAYS:
            a, b = (
                ruleset_records(rs, n, play, verdict[n], games, seed)
                for rs, verdict in zip(rulesets, verdicts)
            )
            for name, label, share in figures:
                if name == "human_win_rate":
                    xa, xb = human_won(a), human_won(b)
                elif name == "mean_turns":
                    xa, xb = (r["end_turn"].astype(np.float64) for r in (a, b))
                else:
                    code = codes.REASON_NAMES.index(name.removeprefix("share_"))
                    xa, xb = ((r["reason"] == code).astype(np.float64) for r in (a, b))
                figure = _share_figure if share else _mean_figure
                (va, ca), (vb, cb) = figure(xa), figure(xb)
                diff, diff_ci = _difference(xa, xb, share)
                rows.append(
                    {
                        "players": n,
                        "play": play,
                        "figure": name,
                        "label": label,
                        "first": va,
                        "first_ci": ca,
                        "second": vb,
                        "second_ci": cb,
                        "difference": diff,
                        "difference_ci": diff_ci,
                        "games": games,
                    }
                )
        for rs, verdict in zip(rulesets, verdicts):
            entry = verdict[n]
            rows.append(
                {
                    "players": n,
                    "play": "equilibrium",
                    "figure": "verdict",
                    "label": rs,
                    "value": entry["value"],
                    "value_ci": entry["value_ci"],
                    "exploitability_humans": entry["exploitability_humans"],
                    "exploitability_things": entry["exploitability_things"],
                    "converged": entry["converged"],
                }
            )
    return rows

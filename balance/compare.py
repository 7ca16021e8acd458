"""Two equilibria side by side on the same games: `balance compare`.

Each folder holds the verdict of a `balance equilibrium` run (equilibrium.toml and the strategies
its mixtures play), made with its own settings (the --set overrides and the knobs --fix held
still: with and without talk, say). Both sides' mixtures of each are played on the same games of
one seed (common random numbers: game i of the seed has the same dice in both), so each figure's
difference comes with a paired 95% interval, much narrower than two independent intervals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np

from balance import codes
from balance.errors import ConfigError
from balance.evaluate import human_won, mixture_records, paired_interval
from balance.summary import EARLY_EXPOSURE_TURN

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

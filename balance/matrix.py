"""The skill matrix: every human preset against every Thing preset, so balance can be read at
equal and at unequal skill.

Each cell plays the same games (the same seed and game indices) with a different pair of
policies: common random numbers, so a difference between two cells is the policies' and not the
dice's.
"""

from __future__ import annotations

from typing import Any, Callable

from balance import codes
from balance.config import Config
from balance.summary import wilson_interval
from policies import names


def presets(side: int) -> list[str]:
    """A side's presets in the matrix's order: from the weakest play to the strongest, then any
    other preset (e.g. the degenerate `saboteur`)."""
    ladder = ["idle", "random", "naive", "expert"]
    available = names(side)
    return [p for p in ladder if p in available] + [p for p in available if p not in ladder]


def skill_matrix(
    cfg: Config,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play `games` games of `cfg` for every pair of presets; one dict per cell with the human
    and Thing win rates and their Wilson 95% intervals."""
    from balance.runner import run_games

    cells = []
    for humans in presets(codes.HUMANS):
        for things in presets(codes.THINGS):
            records = run_games(cfg, games, seed, humans, things)
            human_wins = int((records["winner"] == codes.HUMANS).sum())
            thing_wins = int((records["winner"] == codes.THINGS).sum())
            cells.append(
                {
                    "players": cfg.players,
                    "humans_policy": humans,
                    "things_policy": things,
                    "games": games,
                    "seed": seed,
                    "human_win_rate": human_wins / games,
                    "human_win_ci": list(wilson_interval(human_wins, games)),
                    "thing_win_rate": thing_wins / games,
                    "thing_win_ci": list(wilson_interval(thing_wins, games)),
                }
            )
            if progress is not None:
                progress(games)
    return cells

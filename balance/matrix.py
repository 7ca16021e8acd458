"""The skill matrix: every human preset (or strategy file) against every Thing preset (or
file), so balance can be read at equal and at unequal skill.

Each cell plays the same games (the same seed and game indices) with a different pair of
policies: common random numbers, so a difference between two cells is the policies' and not the
dice's.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from balance import codes
from balance.config import load_config
from balance.strategy import play_as
from balance.summary import wilson_interval
from policies import names


def presets(side: int, ruleset: str = codes.DEFAULT_RULESET) -> list[str]:
    """A side's presets of a ruleset in the matrix's order: from the weakest play to the
    strongest, then any other preset (e.g. the degenerate `saboteur`)."""
    ladder = ["idle", "random", "naive", "expert"]
    available = names(side, ruleset)
    return [p for p in ladder if p in available] + [p for p in available if p not in ladder]


def skill_matrix(
    players: int,
    sets: Sequence[str],
    humans: Sequence[str],
    things: Sequence[str],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play `games` games for every pair of a human and a Thing strategy (each a preset name
    or a strategy file); one dict per cell with the human and Thing win rates and their Wilson
    95% intervals."""
    from balance.runner import run_games

    cells = []
    for h in humans:
        for t in things:
            played, h_preset, t_preset = play_as(players, sets, h, t)
            records = run_games(load_config(players, played), games, seed, h_preset, t_preset)
            human_wins = int((records["winner"] == codes.HUMANS).sum())
            thing_wins = int((records["winner"] == codes.THINGS).sum())
            cells.append(
                {
                    "players": players,
                    "humans_policy": h,
                    "things_policy": t,
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

"""Regenerate the golden transcripts in tests/golden/: one short seeded replay per preset, and
one played by the random policies.

Run it on purpose, after a deliberate change to the rules, the policies or the replay format,
then review `git diff tests/golden/`: the diff is the change in behaviour. tests/test_golden.py
replays the same games and fails at the first line that differs.

    python scripts/regenerate_golden.py          # rewrite the files, print which ones changed
    python scripts/regenerate_golden.py --pick   # show which games the selection rule picks now

Each file holds one JSON header line (what was replayed, and the `balance replay` command that
prints the remaining lines), then the lines of `balance.replay.to_jsonl` for that game.

Which game: seed SEED with `game.max_turns` capped (MAX_TURNS, RANDOM_MAX_TURNS), so that each
file stays small. The rule is: the first game index of that seed whose capped replay shows every
event its golden wants (WANTED, RANDOM_WANTED). The indices the rule gave are pinned in GAMES,
so that regenerating after a rule change shows how the *same* game changed instead of jumping to
another one. If a pinned game no longer shows every wanted event, the script says so; `--pick`
applies the rule again and prints the indices to pin.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import balance
from balance.codes import DEFAULT_RULESET
from balance.config import load_config, ruleset_dir, with_ruleset
from balance.replay import to_jsonl
from balance.runner import replay_game
from policies import DEFAULT

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"
COMMAND = "python scripts/regenerate_golden.py"

SEED = 1
MAX_TURNS = 12
# The events a preset's golden game must show within its MAX_TURNS turns (see events_shown).
WANTED = ("infection", "conversion", "generator_break", "parka", "call_for_help", "say")
# The default policies use some rules rarely or late (saliva, the hidden-form abilities, the
# active form from turn 10): one more golden game is played by the random policies, which offer
# every action, long enough to reach turn 10 (THING-HIDDEN-1), and must show these.
RANDOM_PLAYERS = 12
RANDOM_MAX_TURNS = 20
RANDOM_WANTED = ("transform", "claws", "blood_sample", "saliva", "thing_ability")
SEARCH_GAMES = 200  # the rule looks at games 0 .. SEARCH_GAMES-1
# the classic ruleset's games (balance.classic.replay's event names)
CLASSIC_WANTED = ("infected", "shoot", "test", "paralysed", "switch")
CLASSIC_RANDOM_WANTED = ("generator_break", "repair", "eat", "swap", "mix", "melee")


@dataclass(frozen=True)
class Golden:
    """One golden game: what is played, and which events it must show."""

    players: int
    policy: str  # both sides' policy
    max_turns: int
    wanted: tuple[str, ...]
    ruleset: str = DEFAULT_RULESET

    @property
    def name(self) -> str:
        kind = "players" if self.policy == DEFAULT else self.policy
        if self.ruleset != DEFAULT_RULESET:
            kind = self.ruleset if self.policy == DEFAULT else f"{self.ruleset}-{kind}"
        return f"{kind}-{self.players:02d}"

    @property
    def overrides(self) -> tuple[str, ...]:
        return (*with_ruleset(self.ruleset, []), f"game.max_turns={self.max_turns}")


def presets(ruleset: str = DEFAULT_RULESET) -> list[int]:
    folder = ruleset_dir(ruleset)
    return sorted(int(p.stem.removeprefix("players-")) for p in folder.glob("players-*.toml"))


def goldens() -> list[Golden]:
    """A default-policy game per preset in configs/, then the random-policy game; the same for
    the classic ruleset's presets (configs/classic/)."""
    main = [Golden(p, DEFAULT, MAX_TURNS, WANTED) for p in presets()] + [
        Golden(RANDOM_PLAYERS, "random", RANDOM_MAX_TURNS, RANDOM_WANTED)
    ]
    classic = [Golden(p, DEFAULT, MAX_TURNS, CLASSIC_WANTED, "classic") for p in presets("classic")]
    classic.append(
        Golden(RANDOM_PLAYERS, "random", RANDOM_MAX_TURNS, CLASSIC_RANDOM_WANTED, "classic")
    )
    return main + classic


# Game index per golden file, as the rule picked it (run with --pick to check).
GAMES = {
    "players-09": 1,
    "players-12": 1,
    "players-15": 6,
    "random-12": 64,
    "classic-09": 27,
    "classic-12": 1,
    "classic-15": 0,
    "classic-random-12": 21,
}


def golden_path(golden: Golden) -> Path:
    return GOLDEN_DIR / f"{golden.name}.jsonl"


def header(golden: Golden, game: int) -> dict[str, Any]:
    """The first line of a golden file: everything needed to replay the game it holds."""
    ruleset = f"--ruleset {golden.ruleset} " if golden.ruleset != DEFAULT_RULESET else ""
    sets = " ".join(f"--set {o}" for o in golden.overrides if not o.startswith("ruleset="))
    return {
        "golden": "balance replay",
        "players": golden.players,
        "seed": SEED,
        "game": game,
        "humans": golden.policy,
        "things": golden.policy,
        "overrides": list(golden.overrides),
        "rules_version": balance.RULES_VERSION,
        "command": (
            f"balance replay {ruleset}--players {golden.players} --seed {SEED} --game {game} "
            f"{sets} "
            f"--humans {golden.policy} --things {golden.policy} --jsonl"
        ),
        "regenerate": COMMAND,
    }


def replay_lines(golden: Golden, game: int) -> list[str]:
    cfg = load_config(golden.players, golden.overrides)
    return list(to_jsonl(replay_game(cfg, SEED, game, golden.policy, golden.policy)))


def events_shown(lines: Iterable[str]) -> set[str]:
    """Labels of the notable events among a replay's JSON lines (the vocabulary of WANTED)."""
    shown = set()
    for line in lines:
        e = json.loads(line)
        kind = e["event"]
        if kind == "infection" and e["result"] == "first":
            shown.add("infection")
        elif kind == "infection" and e["result"] == "reinfected":
            shown.add("reinfection")
        elif kind == "wake" and e["converted"]:
            shown.add("conversion")
        elif kind == "break":
            shown.add(f"{e['object']}_break")
        elif kind == "parka_on" or (kind == "open_box" and e["item"] == "parka"):
            shown.add("parka")  # ITEM-PARKA: a parka taken from a box is put on at once
        else:
            shown.add(kind)
    return shown


def pick_game(golden: Golden) -> int:
    """The rule: the first game of SEED whose capped replay shows every wanted event."""
    for game in range(SEARCH_GAMES):
        if set(golden.wanted) <= events_shown(replay_lines(golden, game)):
            return game
    raise SystemExit(
        f"no game among the first {SEARCH_GAMES} of seed {SEED} for {golden.name} shows "
        f"all of {', '.join(golden.wanted)} within {golden.max_turns} turns: change the "
        "wanted events or the turn cap"
    )


def first_difference(old: list[str], new: list[str]) -> int | None:
    """1-based number of the first line that differs, None when the two are equal."""
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return number
    return None if len(old) == len(new) else min(len(old), len(new)) + 1


def write(path: Path, lines: list[str]) -> str:
    """Write the lines to path when they differ from its content; return what happened."""
    old = path.read_text().splitlines() if path.exists() else None
    if old == lines:
        return "unchanged"
    path.write_text("\n".join(lines) + "\n")
    if old is None:
        return "created"
    return f"changed from line {first_difference(old, lines)}, {len(old)} -> {len(lines)} lines"


def readme(games: dict[Golden, int]) -> list[str]:
    rows = [
        f"| `{golden_path(g).name}` | {g.players} | {g.policy} | {SEED} | {game} | "
        f"`{' '.join(g.overrides)}` | {', '.join(f'`{w}`' for w in g.wanted)} |"
        for g, game in games.items()
    ]
    text = f"""\
# Golden transcripts

Written by `{COMMAND}`; do not edit by hand.

Each file is one short seeded game re-played with its event log (`balance.runner.replay_game`)
and written as JSON lines (`balance.replay.to_jsonl`): `players-NN.jsonl` a game of the preset
`configs/players-NN.toml` with the default policies, `random-NN.jsonl` one played by the random
policies on both sides, which offer every action, so that the rules the default policies never
use (the Thing's active form and abilities, saliva, blood tests) have a transcript too.
`classic-NN.jsonl` and `classic-random-12.jsonl` are the same for the classic ruleset
(`--ruleset classic`, `configs/classic/`).

- line 1, a header: the players, seed, game index, policies and `--set` overrides of the game,
  the `rules_version`, and the `balance replay` command that prints lines 2 onwards;
- one `turn_start` line per turn with the full visible state (weather, generators, every
  location, every character), then one line per event of that turn, in the order they happened;
- a final `game_end` line with the winner and the end reason.

`tests/test_golden.py` replays every game and compares it with its file line by line; it also
checks that every preset has a file and that each game ends as the same game does in a batch run
(`balance.runner.run_games`).

## When the test fails

The rules are still being extended, so these files change on purpose. After a deliberate change
to the rules, the policies or the replay format (bump `balance.RULES_VERSION` when results
change; the header records it, so a bump alone also asks for a regeneration), regenerate them
from the repository root, with the project's virtual environment active:

    {COMMAND}

It prints which files changed. Then review `git diff tests/golden/`: the diff shows what the
change did to each game, turn by turn, and belongs in the same commit as the change. If the
test fails and you did not mean to change behaviour, the diff is the bug.

## Which games

| file | players | policies | seed | game | overrides | must show |
| --- | --- | --- | --- | --- | --- | --- |
{chr(10).join(rows)}

Games are capped (`game.max_turns`) so that the files stay small; a capped game may end in a
time-out. The weather of every turn is drawn when the game starts, so a capped game is not the
first turns of the same game index played without the cap.

The game index was picked by a fixed rule: the first game of seed {SEED} whose capped replay
shows each of the events in the last column. The indices are pinned in the script, so that
regenerating after a rule change shows how the same game changed. To apply the rule again and
print the indices it picks now:

    {COMMAND} --pick
"""
    return text.splitlines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pick",
        action="store_true",
        help="apply the selection rule and print the games it picks; write nothing",
    )
    args = parser.parse_args(argv)

    if args.pick:
        for golden in goldens():
            game, pinned = pick_game(golden), GAMES.get(golden.name)
            note = "" if game == pinned else f"  <- pin it in GAMES (pinned: {pinned})"
            print(f"{golden.name}: the rule picks game {game}{note}")
        return 0

    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    games = {}
    changed = 0
    for golden in goldens():
        game = GAMES.get(golden.name)
        if game is None:
            game = pick_game(golden)
            print(f"note: no game pinned for {golden.name}; the rule picks {game}: pin it")
        games[golden] = game
        lines = replay_lines(golden, game)
        missing = [w for w in golden.wanted if w not in events_shown(lines)]
        if missing:
            print(
                f"note: game {game} of {golden.name} no longer shows {', '.join(missing)}; "
                f"`{COMMAND} --pick` finds a game that does"
            )
        path = golden_path(golden)
        status = write(path, [json.dumps(header(golden, game))] + lines)
        changed += status != "unchanged"
        size = path.stat().st_size / 1000
        print(f"{path.relative_to(ROOT)}: {status} (game {game}, {size:.1f} KB)")
    for stale in sorted(set(GOLDEN_DIR.glob("*.jsonl")) - {golden_path(g) for g in games}):
        print(f"{stale.relative_to(ROOT)}: no golden game is written there any more; delete it")
    path = GOLDEN_DIR / "README.md"
    status = write(path, readme(games))
    changed += status != "unchanged"
    print(f"{path.relative_to(ROOT)}: {status}")
    total = len(games) + 1
    if changed:
        print(f"{changed} of {total} files changed: review them with `git diff tests/golden/`")
    else:
        print(f"none of {total} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

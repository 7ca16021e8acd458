"""Golden transcripts: one short seeded replay per preset, and one of the random policies,
compared line by line with tests/golden/*.jsonl (see tests/golden/README.md).

Each file's first line names the game it holds (players, seed, game, policies, overrides); the
test replays that game and compares the JSON lines. A failure after a deliberate rule change is
expected: regenerate the files and review their diff.
"""

import json
from pathlib import Path
from typing import Any

import pytest

import balance
from balance import codes
from balance.config import load_config, ruleset_dir
from balance.replay import to_jsonl
from balance.runner import replay_game, run_games

GOLDEN_DIR = Path(__file__).parent / "golden"
REGENERATE = "python scripts/regenerate_golden.py"
HINT = (
    f"If the change is deliberate, regenerate with `{REGENERATE}` and review "
    "`git diff tests/golden/` (see tests/golden/README.md)."
)
SHOWN = 160  # characters of a differing line shown in a failure message


def presets(ruleset: str = codes.DEFAULT_RULESET) -> list[int]:
    folder = ruleset_dir(ruleset)
    return sorted(int(p.stem.removeprefix("players-")) for p in folder.glob("players-*.toml"))


def golden_names() -> list[str]:
    """A default-policy game per preset, and the random-policy game, of each ruleset
    (scripts/regenerate_golden)."""
    main = [f"players-{p:02d}" for p in presets()] + ["random-12"]
    return main + [f"classic-{p:02d}" for p in presets("classic")] + ["classic-random-12"]


def read_golden(name: str) -> tuple[dict[str, Any], list[str]]:
    """The header of a golden file and all its lines (the header included)."""
    path = GOLDEN_DIR / f"{name}.jsonl"
    if not path.exists():
        pytest.fail(f"{path.name} is missing. {HINT}", pytrace=False)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    assert head.get("golden") == "balance replay", f"{path.name}: line 1 is not a golden header"
    players = int(name.rsplit("-", 1)[1])
    assert head["players"] == players, f"{path.name}: header says {head['players']} players"
    return head, lines


def replay(head: dict[str, Any]):
    cfg = load_config(head["players"], head["overrides"])
    return replay_game(cfg, head["seed"], head["game"], head["humans"], head["things"])


def first_json_difference(expected: Any, actual: Any, path: str = "") -> str | None:
    """Where two decoded JSON values first differ, as `path: expected ... != actual ...`."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if key not in actual or key not in expected:
                return f"{path}.{key}: present in only one of them".lstrip(".")
            found = first_json_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual)):
            found = first_json_difference(e, a, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items != {len(actual)} items".lstrip(".")
        return None
    if expected != actual:
        return f"{path}: expected {expected!r}, actual {actual!r}".lstrip(".")
    return None


def excerpt(line: str | None, column: int) -> str:
    """SHOWN characters of the line around the column where it differs, with … at cuts."""
    if line is None:
        return "(no line)"
    start = max(0, min(column - SHOWN // 3, len(line) - SHOWN))
    text = line[start : start + SHOWN]
    return ("…" if start > 0 else "") + text + ("…" if start + SHOWN < len(line) else "")


def mismatch_message(name: str, expected: list[str], actual: list[str]) -> str | None:
    """None when the lines are equal, else a message naming the first line that differs."""
    number = next(
        (n for n, (e, a) in enumerate(zip(expected, actual), start=1) if e != a),
        None if len(expected) == len(actual) else min(len(expected), len(actual)) + 1,
    )
    if number is None:
        return None
    want = expected[number - 1] if number <= len(expected) else None
    got = actual[number - 1] if number <= len(actual) else None
    column = 0
    where = ""
    if want is not None and got is not None:
        column = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), 0)
        found = first_json_difference(json.loads(want), json.loads(got))
        where = f"\n  first difference: {found or 'same values, written differently'}"
    return (
        f"{name}: the replay differs from the golden file at line {number} "
        f"({len(expected)} lines expected, {len(actual)} replayed){where}\n"
        f"  expected: {excerpt(want, column)}\n"
        f"  actual:   {excerpt(got, column)}\n"
        f"{HINT}"
    )


def test_all_games_tested():
    """Every preset in configs/ has a golden file, the random policies one, and every golden
    file is one of those."""
    wanted = {f"{name}.jsonl" for name in golden_names()}
    present = {p.name for p in GOLDEN_DIR.glob("*.jsonl")}
    assert wanted, "no players-NN.toml presets found in configs/"
    assert wanted == present, (
        f"games without a golden file: {sorted(wanted - present)}; golden files of no "
        f"game: {sorted(present - wanted)}. Run `{REGENERATE}` (and delete stale files)."
    )


@pytest.mark.parametrize("name", golden_names())
def test_replay_matches_golden(name):
    head, expected = read_golden(name)
    assert head["rules_version"] == balance.RULES_VERSION, (
        f"{name}.jsonl was written under rules_version {head['rules_version']}, "
        f"the package is at {balance.RULES_VERSION}. {HINT}"
    )
    actual = [expected[0]] + list(to_jsonl(replay(head)))
    message = mismatch_message(f"{name}.jsonl", expected, actual)
    if message:
        pytest.fail(message, pytrace=False)


@pytest.mark.parametrize("name", golden_names())
def test_golden_game_ends_as_in_a_batch(name):
    """The replayed game ends as game `game` of a batch run with the same seed and overrides."""
    head, _ = read_golden(name)
    replayed = replay(head)
    cfg = load_config(head["players"], head["overrides"])
    game = head["game"]
    batch = run_games(cfg, game + 1, head["seed"], head["humans"], head["things"])[game]
    end = json.loads(list(to_jsonl(replayed))[-1])
    assert end == {
        "event": "game_end",
        "turn": int(batch["end_turn"]),
        "winner": codes.WINNER_NAMES[batch["winner"]],
        "reason": codes.REASON_NAMES[batch["reason"]],
    }
    assert replayed.record.tolist() == batch.tolist()

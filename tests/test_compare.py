"""`balance compare`: two equilibrium verdicts played on the same games, their differences with
paired intervals (balance.compare)."""

import json

import pytest
from typer.testing import CliRunner

from balance.cli import app
from balance.compare import FIGURES, compare_verdicts

QUIET = [
    "policies.humans.expert.talk=0",
    "policies.things.expert.frame_chance=0",
    "policies.things.expert.vouch_chance=0",
]


def verdict(folder, sets=()):
    """A verdict of pure expert strategies at 9 players, made with `sets`."""
    folder.mkdir()
    lines = [
        "[players.9]",
        "value = 0.8",
        "value_ci = [0.79, 0.81]",
        "exploitability_humans = 0.01",
        "exploitability_things = 0.02",
        "converged = true",
        "[players.9.settings]",
        f"sets = {json.dumps(list(sets))}",
        'fixed = ["humans.talk"]' if sets else "fixed = []",
    ]
    for side in ("humans", "things"):
        lines += [
            f"[[players.9.{side}]]",
            'strategy = "expert"',
            'preset = "expert"',
            "weight = 1.0",
        ]
    (folder / "equilibrium.toml").write_text("\n".join(lines) + "\n")
    return folder


def figure(rows, name):
    (row,) = [r for r in rows if r["figure"] == name]
    return row


def test_a_verdict_against_itself_differs_by_nothing(tmp_path):
    a = verdict(tmp_path / "a")
    rows = compare_verdicts([a, a], None, 200, 3)
    for name in FIGURES:
        row = figure(rows, name)
        assert row["first"] == row["second"] and row["difference_ci"] == [0.0, 0.0]
    assert figure(rows, "verdict_first")["value"] == 0.8


def test_each_verdict_plays_with_its_own_settings_on_the_same_games(tmp_path):
    """Without talk (the second verdict's sets) no claim is believed: the difference is the
    first's whole count, known exactly (every game pairs with itself)."""
    talk, quiet = verdict(tmp_path / "talk"), verdict(tmp_path / "quiet", QUIET)
    rows = compare_verdicts([talk, quiet], [9], 300, 3)
    believed = figure(rows, "claims_believed")
    assert believed["first"] > 1 and believed["second"] == 0
    assert believed["difference"] == pytest.approx(-believed["first"])
    low, high = believed["difference_ci"]
    assert low < believed["difference"] < high < 0
    assert figure(rows, "verdict_second")["fixed"] == ["humans.talk"]


def test_compare_needs_two_folders_and_counts_both_hold(tmp_path):
    a = verdict(tmp_path / "a")
    runner = CliRunner()
    result = runner.invoke(app, ["compare", "--strategies", str(a)])
    assert result.exit_code == 2 and "exactly two" in result.output
    result = runner.invoke(
        app, ["compare", "--strategies", str(a), "--strategies", str(a), "--players", "12"]
    )
    assert result.exit_code == 2 and "--players: 12 is not allowed" in result.output

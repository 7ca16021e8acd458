"""`balance compare --ruleset nemesis --ruleset classic`: the two editions side by side, expert
against expert and at their stored equilibria, with intervals; and its section of the report."""

import pytest
from typer.testing import CliRunner

from balance import codes, gate
from balance.cli import app
from balance.compare import compare_rulesets
from balance.config import load_config
from balance.report import _with_rulesets, read_comparison
from balance.runner import run_games

VERDICT = """
[players.9]
value = {value}
value_ci = [{low}, {high}]
exploitability_humans = 0.01
exploitability_things = 0.02
converged = true

[players.9.settings]
sets = {sets}

[[players.9.humans]]
strategy = "expert"
preset = "expert"
weight = 1.0

[[players.9.things]]
strategy = "expert"
preset = "expert"
weight = 1.0
"""


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """A stored equilibrium per ruleset whose mixtures are the expert presets."""
    folders = {}
    for ruleset, value, sets in (("nemesis", 0.8, "[]"), ("classic", 0.3, '["ruleset=classic"]')):
        folder = tmp_path / ruleset
        folder.mkdir()
        text = VERDICT.format(value=value, low=value - 0.01, high=value + 0.01, sets=sets)
        (folder / "equilibrium.toml").write_text(text)
        folders[ruleset] = folder
    monkeypatch.setattr(gate, "strategies_dir", lambda ruleset: folders[ruleset])
    return folders


def test_the_editions_side_by_side_with_their_intervals(stored):
    rows = compare_rulesets(["nemesis", "classic"], [9], 400, 3)
    first = run_games(load_config(9), 400, 3)
    second = run_games(load_config(9, ["ruleset=classic"]), 400, 3)
    by = {(r["play"], r["figure"]): r for r in rows if r["figure"] != "verdict"}
    win = by["expert", "human_win_rate"]
    assert win["first"] == (first["winner"] == codes.HUMANS).mean()
    assert win["second"] == (second["winner"] == codes.HUMANS).mean()
    for side in ("first", "second"):
        low, high = win[f"{side}_ci"]
        assert low < win[side] < high
    low, high = win["difference_ci"]
    assert win["difference"] == pytest.approx(win["second"] - win["first"])
    assert low < win["difference"] < high
    # the stored mixtures are the expert presets: the same games, the same figures
    assert by["equilibrium", "human_win_rate"]["second"] == win["second"]
    turns = by["expert", "mean_turns"]
    assert turns["second"] == pytest.approx(second["end_turn"].mean())
    # each end reason either ruleset can have, "starved" only the classic's
    starved = by["expert", "share_starved"]
    assert starved["first"] == 0 and "share_rescue" in {f for _, f in by}
    shares = [r["second"] for (play, f), r in by.items() if play == "expert" and "share_" in f]
    assert sum(shares) == pytest.approx(1.0)
    verdicts = {r["label"]: r for r in rows if r["figure"] == "verdict"}
    assert verdicts["classic"]["value"] == 0.3 and verdicts["nemesis"]["value"] == 0.8


def test_compare_rulesets_on_the_command_line_and_in_the_report(stored, tmp_path):
    out = tmp_path / "editions.json"
    result = CliRunner().invoke(
        app,
        ["compare", "--ruleset", "nemesis", "--ruleset", "classic", "--players", "9"]
        + ["--games", "200", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "9 players, expert, the humans win: nemesis" in result.stdout
    comparison = read_comparison(out)
    assert comparison["rulesets"] == ["nemesis", "classic"]
    text = _with_rulesets("# report\n", comparison, tmp_path)
    assert "## The nemesis and classic rulesets side by side" in text
    assert (tmp_path / "rulesets_side_by_side.png").stat().st_size > 10_000
    assert "| 9 | at equilibrium | the humans win |" in text


@pytest.mark.parametrize(
    "args",
    [
        ["--ruleset", "nemesis"],
        ["--ruleset", "classic", "--ruleset", "classic"],
        ["--ruleset", "nemesis", "--ruleset", "chess"],
        ["--ruleset", "nemesis", "--strategies", "x"],
    ],
)
def test_compare_rulesets_refuses_what_it_cannot_compare(stored, args):
    result = CliRunner().invoke(app, ["compare", *args, "--games", "200"])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.output
    assert "Traceback" not in result.output


def test_a_ruleset_without_a_stored_equilibrium_is_named(stored, tmp_path, monkeypatch):
    monkeypatch.setattr(gate, "strategies_dir", lambda ruleset: tmp_path / "none")
    result = CliRunner().invoke(
        app, ["compare", "--ruleset", "nemesis", "--ruleset", "classic", "--games", "200"]
    )
    assert result.exit_code == 2 and "no stored equilibrium" in result.stderr

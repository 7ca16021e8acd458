"""The sweep report: every chart that applies, provenance, baselines, the 50% contour, the CLI."""

from __future__ import annotations

import re
import stat
import sys
from pathlib import Path

import matplotlib.image
import polars as pl
import pytest
from matplotlib.contour import ContourSet
from PIL import Image
from typer.testing import CliRunner

import balance
from balance import plots
from balance.cli import app
from balance.config import load_config
from balance.report import REPORT_FILE, write_report
from balance.sweep import (
    Grid,
    load_manifest,
    load_records,
    parse_grid,
    plan_sweep,
    run_sweep,
    summarize_cells,
)

GAMES = 300
FUEL_THINGS = ["generator.burn_per_turn=1/6,1/5,1/4", "things.start=1,2"]
POLICIES = ["humans=random,expert", "things=random,expert"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _sweep(out: Path, grid: list[str], players=(9, 12), seed: int = 5) -> Path:
    plan = plan_sweep(players, parse_grid(grid), games=GAMES, seed=seed, command="test sweep")
    run_sweep(plan, out)
    return out


@pytest.fixture(scope="module")
def fuel_things(tmp_path_factory) -> Path:
    """A two-axis sweep (fuel burn x Thing count) at 9 and 12 players, with its report."""
    out = _sweep(tmp_path_factory.mktemp("sweep") / "fuel-things", FUEL_THINGS)
    write_report(out, out / "report")
    return out


@pytest.fixture(scope="module")
def policy_sweep(tmp_path_factory) -> Path:
    return _sweep(tmp_path_factory.mktemp("sweep") / "policies", POLICIES, players=(9,))


def _charts_of(report_md: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", report_md)


def _assert_valid_png(path: Path) -> None:
    assert path.is_file() and path.stat().st_size > 0, path
    assert path.read_bytes()[:8] == PNG_SIGNATURE, path
    height, width = matplotlib.image.imread(path).shape[:2]
    assert height > 100 and width > 100, path


def test_report_holds_every_chart_of_a_two_axis_sweep(fuel_things):
    folder = fuel_things / "report"
    expected = {
        "win_rate_by_players.png",
        "win_rate_vs_generator_burn_per_turn.png",
        "win_rate_vs_things_start.png",
        "heatmap_generator_burn_per_turn_things_start_9p.png",
        "heatmap_generator_burn_per_turn_things_start_12p.png",
        "end_reasons.png",
        "game_length.png",
    }
    assert {p.name for p in folder.glob("*.png")} == expected
    for name in expected:
        _assert_valid_png(folder / name)
    referenced = _charts_of((folder / REPORT_FILE).read_text())
    assert sorted(referenced) == sorted(expected)  # each chart once, nothing missing
    # nothing is left beside the report: no temporary or old folder
    assert sorted(p.name for p in fuel_things.iterdir()) == [
        "cells",
        "manifest.json",
        "report",
        "sweep.lock",
    ]


def test_report_states_its_provenance(fuel_things):
    text = (fuel_things / "report" / REPORT_FILE).read_text()
    assert f"balance {balance.__version__}, rules version {balance.RULES_VERSION}" in text
    assert "seed: 5; 300 games per cell" in text
    assert "command: `test sweep`" in text
    assert "- cells: 12" in text
    # the baseline of each player count is its preset, which the grid holds
    assert f"9 players: config `{load_config(9).hash}`" in text
    assert f"12 players: config `{load_config(12).hash}`" in text
    assert "generator.burn_per_turn=1/5, things.start=2" in text
    # every caption carries the sweep's provenance; so does each PNG's metadata
    captions = [line for line in text.splitlines() if line.startswith("*")]
    assert len(captions) == 7
    assert all("seed 5, 300 games per cell" in c and "config" in c for c in captions)
    description = Image.open(fuel_things / "report" / "win_rate_by_players.png").info
    assert (
        "seed 5" in description["Description"] and load_config(9).hash in description["Description"]
    )


def test_report_tables(fuel_things):
    text = (fuel_things / "report" / REPORT_FILE).read_text()
    summary_rows = [line for line in text.splitlines() if re.match(r"\| (9|12) \| \d+\.\d%", line)]
    assert len(summary_rows) == 2  # one per player count, baseline only
    cell_rows = [line for line in text.splitlines() if re.match(r"\| (9|12) \| 1/", line)]
    assert len(cell_rows) == 12
    assert sum("| yes |" in row for row in cell_rows) == 2
    assert all(re.search(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", row) for row in cell_rows)


def test_rewriting_a_report_replaces_it_whole(fuel_things, tmp_path, umask):
    out = tmp_path / "rep"
    write_report(fuel_things, out)
    # the folder and its files have the permissions of any the user makes (not mkdtemp's 0700)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~umask
    assert {stat.S_IMODE(p.stat().st_mode) for p in out.iterdir()} == {0o666 & ~umask}
    (out / "stale.png").write_bytes(b"old")
    write_report(fuel_things, out)
    assert not (out / "stale.png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]
    assert (out / REPORT_FILE).read_text() == (fuel_things / "report" / REPORT_FILE).read_text()


def test_a_failing_report_leaves_the_earlier_one_intact(fuel_things, tmp_path, monkeypatch):
    out = tmp_path / "rep"
    write_report(fuel_things, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(*args, **kwargs):
        raise RuntimeError("chart failed")

    monkeypatch.setattr(plots, "game_length_distribution", broken)
    with pytest.raises(RuntimeError, match="chart failed"):
        write_report(fuel_things, out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]  # no temporary folder left


def test_report_refuses_a_folder_that_is_not_a_report(fuel_things, tmp_path):
    from balance.errors import ConfigError

    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="not a report folder"):
        write_report(fuel_things, tmp_path)
    with pytest.raises(ConfigError, match="does not hold the sweep"):
        write_report(fuel_things, fuel_things)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def _synthetic(rates: list[list[float]]) -> pl.DataFrame:
    """A summary at 9 players over fuel burn (columns) x Thing count (rows)."""
    burns = [1 / 6, 1 / 5, 1 / 4, 1 / 3][: len(rates[0])]
    rows = []
    for i, row in enumerate(rates):
        for j, rate in enumerate(row):
            rows.append(
                {
                    "players": 9,
                    "generator.burn_per_turn": burns[j],
                    "things.start": i + 1,
                    "config_hash": f"h{i}{j}",
                    "human_win_rate": rate,
                    "human_win_low": max(0.0, rate - 0.05),
                    "human_win_high": min(1.0, rate + 0.05),
                }
            )
    return pl.DataFrame(rows)


def _contours(fig) -> list[ContourSet]:
    return [a for a in fig.axes[0].get_children() if isinstance(a, ContourSet)]


def test_heat_map_draws_the_50_percent_contour_where_the_rate_crosses_it():
    summary = _synthetic([[0.9, 0.7, 0.55, 0.4], [0.75, 0.6, 0.45, 0.3], [0.6, 0.45, 0.3, 0.2]])
    fig = plots.heatmap_two_parameters(
        summary, "generator.burn_per_turn", "things.start", 9, "prov"
    )
    (contour,) = _contours(fig)
    assert list(contour.levels) == [0.5] and contour.get_gid() == plots.CONTOUR_GID
    assert sum(len(path.vertices) for path in contour.get_paths()) >= 2
    notes = [t.get_text() for t in fig.axes[0].texts if re.fullmatch(r"\d+\.\d%", t.get_text())]
    assert sorted(notes) == sorted(f"{100 * r:.1f}%" for r in summary["human_win_rate"])
    ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert ticks == ["1/6", "1/5", "1/4", "1/3"]  # fuel read back as the fractions typed
    assert plots.provenance_of(fig) == "prov, 12 configs"


@pytest.mark.parametrize(
    "rates",
    [
        [[0.9, 0.8], [0.7, 0.6]],  # never crosses 50%
        [[0.9, 0.4, 0.2]],  # crosses, but one row only
    ],
    ids=["no crossing", "1x3 grid"],
)
def test_heat_map_draws_no_contour_without_a_crossing_on_a_2x2_grid(rates):
    fig = plots.heatmap_two_parameters(
        _synthetic(rates), "generator.burn_per_turn", "things.start", 9, "prov"
    )
    assert _contours(fig) == []


def test_baseline_is_the_default_value_when_the_grid_holds_it():
    manifest = {
        "settings": {"seed": 0, "games": 1, "sets": [], "humans": "expert", "things": "idle"},
        "axes": {
            "generator.burn_per_turn": ["1/4", "1/3", "1/6"],
            "things.start": ["3", "1", "2"],
            "humans": ["random", "expert"],
            "things": ["random", "expert"],
        },
        "cells": {str(p): {"players": p, "values": {}} for p in (9, 12, 15)},
    }
    grid = Grid.from_manifest(manifest)
    assert grid.values["generator.burn_per_turn"] == (0.25, 1 / 3, 1 / 6)
    burn = {p: grid.baseline[p]["generator.burn_per_turn"] for p in (9, 12, 15)}
    # 9 and 15 players: the preset's 1/6 and 1/4 are in the grid; 12's 1/5 is not: first value
    assert burn == {9: pytest.approx(1 / 6), 12: 0.25, 15: 0.25}
    assert {p: grid.baseline[p]["things.start"] for p in (9, 12, 15)} == {9: 1, 12: 2, 15: 3}
    assert grid.baseline[9]["humans"] == "expert"
    assert grid.baseline[9]["things"] == "random"  # the sweep's `idle` is not in the grid
    assert grid.label("generator.burn_per_turn", 10 / 60) == "1/6"


def test_baseline_cells_of_a_sweep_are_the_presets(fuel_things):
    manifest = load_manifest(fuel_things)
    summary = summarize_cells(load_records(fuel_things), list(manifest["axes"]))
    for grid in (Grid.from_manifest(manifest), Grid.infer(summary)):
        base = plots.at_baseline(summary, grid).sort("players")
        assert base["players"].to_list() == [9, 12]
        assert base["config_hash"].to_list() == [load_config(9).hash, load_config(12).hash]


def test_the_manifest_stores_the_grid_the_charts_read(fuel_things, monkeypatch):
    """The values and defaults of the axes are resolved when the sweep is made and read back
    from its manifest without a config (the presets may change after the sweep); a manifest
    of an older balance, which lacks them, gives the same grid resolved from its settings."""
    manifest = load_manifest(fuel_things)
    assert manifest["grid"] == {
        "values": {"generator.burn_per_turn": [1 / 6, 1 / 5, 1 / 4], "things.start": [1, 2]},
        "defaults": {
            "9": {"generator.burn_per_turn": 1 / 6, "things.start": 1},
            "12": {"generator.burn_per_turn": 1 / 5, "things.start": 2},
        },
    }
    older = {key: value for key, value in manifest.items() if key != "grid"}
    resolved = Grid.from_manifest(older)
    monkeypatch.setattr("balance.sweep.load_config", None)  # would raise if called
    stored = Grid.from_manifest(manifest)
    assert stored == resolved
    assert stored.baseline == {
        9: {"generator.burn_per_turn": 1 / 6, "things.start": 1},
        12: {"generator.burn_per_turn": 1 / 5, "things.start": 2},
    }


def test_policy_sweep_has_a_skill_matrix(policy_sweep, tmp_path):
    path = write_report(policy_sweep, tmp_path / "report")
    names = _charts_of(path.read_text())
    assert "skill_matrix_9p.png" in names
    assert not any(n.startswith("heatmap_") for n in names)  # no two config axes
    _assert_valid_png(path.parent / "skill_matrix_9p.png")
    manifest = load_manifest(policy_sweep)
    summary = summarize_cells(load_records(policy_sweep), list(manifest["axes"]))
    fig = plots.skill_matrix(summary, 9, "prov", grid=Grid.from_manifest(manifest))
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["random", "expert"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["random", "expert"]
    assert len([t for t in ax.texts if "%" in t.get_text()]) == 4
    # charts are built without pyplot: nothing is left open in its global state
    import matplotlib.pyplot as plt

    assert plt.get_fignums() == []


def test_one_axis_and_no_axis_sweeps_report(tmp_path):
    one = _sweep(tmp_path / "one", ["things.start=1,2"], players=(9,))
    names = _charts_of(write_report(one, one / "report").read_text())
    assert names == [
        "win_rate_by_players.png",
        "win_rate_vs_things_start.png",
        "end_reasons.png",
        "game_length.png",
    ]
    none = _sweep(tmp_path / "none", [], players=(9, 12))
    names = _charts_of(write_report(none, none / "report").read_text())
    assert names == ["win_rate_by_players.png", "end_reasons.png", "game_length.png"]


# ----------------------------------------------------------------------------------------------
# CLI
# ----------------------------------------------------------------------------------------------


def _one_error_line(result, name: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and name in lines[0], lines
    assert "Traceback" not in result.output and result.stdout == ""


def test_cli_sweep_then_report(tmp_path, monkeypatch):
    out = tmp_path / "sweep"
    args = ["sweep", "--players", "9,12", "--grid", "things.start=1,2", "--games", "200"]
    args += ["--seed", "2", "--out", str(out)]
    grow = [*args[:4], "things.start=1,2,3", *args[5:]]
    runner = CliRunner()

    def invoke(argv: list[str]):
        monkeypatch.setattr(sys, "argv", ["balance", *argv])  # as typed in a shell
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
        return result.stdout

    assert f"4 cells in {out} (4 played, 0 already there)" in invoke(args)
    assert "(0 played, 4 already there)" in invoke(args)  # resumable: nothing left to play
    grown = invoke(grow)  # one more value on an axis: only the new cells are played
    assert "6 cells in" in grown and "(2 played, 4 already there)" in grown
    typed = [" ".join(["balance", *args]), " ".join(["balance", *grow])]
    assert load_manifest(out)["command"] == typed[0]

    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    report = out / "report" / REPORT_FILE
    assert result.stdout.strip() == f"report: {report}"
    text = report.read_text()
    assert "win_rate_vs_things_start.png" in text
    assert all(f"`{command}`" in text for command in typed)
    other = tmp_path / "elsewhere"
    assert runner.invoke(app, ["report", str(out), "--out", str(other)]).exit_code == 0
    assert (other / REPORT_FILE).exists()


@pytest.mark.parametrize(
    "extra, name",
    [
        (["--grid", "things.start"], "--grid"),
        (["--grid", "things.start=1,,2"], "--grid"),
        (["--grid", "nosuch.key=1,2"], "nosuch.key"),
        (["--grid", "humans=heroic,expert"], "--grid humans"),
        (["--players", "9;12"], "--players"),
        (["--players", "9,9"], "--players"),
    ],
)
def test_cli_sweep_rejects_bad_options_in_one_line(tmp_path, extra, name):
    args = ["sweep", "--players", "9", "--games", "10", "--seed", "1"]
    args += ["--out", str(tmp_path / "s"), *extra]
    _one_error_line(CliRunner().invoke(app, args), name)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_cli_report_of_a_directory_without_manifest(tmp_path):
    _one_error_line(CliRunner().invoke(app, ["report", str(tmp_path)]), "manifest.json")
    assert list(tmp_path.iterdir()) == []

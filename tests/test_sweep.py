"""Sweeps: value-keyed cell seeds, atomic cell files, resuming after a kill, growing a grid."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest
from polars.testing import assert_frame_equal

from balance.errors import ConfigError
from balance.records import FIELD_NAMES, to_polars
from balance.runner import run
from balance.summary import PARQUET_METADATA_KEY
from balance.sweep import (
    CELLS,
    load_manifest,
    load_records,
    parse_grid,
    plan_sweep,
    run_sweep,
    summarize_cells,
)

ROOT = Path(__file__).resolve().parents[1]
GRID = ["generator.burn_per_turn=1/6,1/4", "things.start=1,2"]


def sweep(out: Path, grid=GRID, players=(9, 12), games=400, jobs=1, seed=3) -> int:
    return run_sweep(plan_sweep(players, parse_grid(grid), games=games, seed=seed), out, jobs)


def test_jobs_do_not_change_records(tmp_path):
    """Reproducible across backends: one process with numba threads, or joblib workers."""
    sweep(tmp_path / "one", jobs=1)
    sweep(tmp_path / "two", jobs=2)
    assert_frame_equal(load_records(tmp_path / "one"), load_records(tmp_path / "two"))


def test_a_cell_holds_the_run_of_its_config_and_seed(tmp_path):
    """A cell is played as `balance run` plays (runner.run): the same records, and the run's
    provenance in the cell file's metadata."""
    plan = plan_sweep(
        [9], parse_grid(["things.start=2"]), ["game.max_turns=30"], "naive", games=300, seed=3
    )
    run_sweep(plan, tmp_path)
    (cell,) = plan.cells
    played = run(
        9, 300, cell.seed(3), ["game.max_turns=30", "things.start=2"], "naive", keep_records=True
    )
    path = tmp_path / CELLS / f"{cell.id}.parquet"
    assert pl.read_parquet(path).select(FIELD_NAMES).equals(to_polars(played.records))
    meta = json.loads(pq.read_metadata(path).metadata[PARQUET_METADATA_KEY])
    assert {key: meta[key] for key in played.provenance.as_dict()} == played.provenance.as_dict()


def test_adding_a_value_plays_only_the_new_cells(tmp_path):
    out = tmp_path / "grow"
    assert sweep(out) == 8
    before = {p.name: p.read_bytes() for p in (out / CELLS).glob("*.parquet")}
    assert sweep(out, grid=["generator.burn_per_turn=1/6,1/4", "things.start=1,2,3"]) == 4
    after = {p.name: p.read_bytes() for p in (out / CELLS).glob("*.parquet")}
    assert len(after) == 12 and all(after[name] == data for name, data in before.items())
    assert load_manifest(out)["axes"]["things.start"] == ["1", "2", "3"]
    fresh = tmp_path / "fresh"
    sweep(fresh, grid=["generator.burn_per_turn=1/6,1/4", "things.start=3"])
    grown = load_records(out).filter(pl.col("things.start") == 3)
    assert_frame_equal(grown, load_records(fresh))
    assert sweep(out) == 0  # nothing left to play


def test_rerun_with_other_settings_is_refused(tmp_path):
    sweep(tmp_path, games=200)
    with pytest.raises(ConfigError, match="games"):
        sweep(tmp_path, games=300)


KILL_GAMES = 2000  # per cell: enough that a kill lands between the 3rd and the 18th cell
KILLABLE = f"""
import sys
from pathlib import Path
from balance.sweep import parse_grid, plan_sweep, run_sweep
grid = parse_grid(sys.argv[2:])
run_sweep(plan_sweep((9, 12, 15), grid, games={KILL_GAMES}, seed=11), Path(sys.argv[1]), jobs=1)
"""
KILL_GRID = ["generator.burn_per_turn=1/6,1/5,1/4", "things.start=1,2"]


@pytest.mark.slow
def test_a_killed_sweep_resumes_to_identical_results(tmp_path):
    """Kill the process part-way (SIGKILL: no clean-up), leave a half-written file behind, run
    the same sweep again: only the missing cells are played, and the records equal those of an
    uninterrupted sweep."""
    out = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-c", KILLABLE, str(out), *KILL_GRID], cwd=ROOT)
    deadline = time.time() + 240
    while time.time() < deadline and len(list((out / CELLS).glob("*.parquet"))) < 3:
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    finished = len(list((out / CELLS).glob("*.parquet")))
    assert 3 <= finished < 18
    (out / CELLS / "deadbeef.parquet.tmp-1").write_bytes(b"half a file")
    plan = plan_sweep((9, 12, 15), parse_grid(KILL_GRID), games=KILL_GAMES, seed=11)
    assert run_sweep(plan, out, jobs=2) == 18 - finished
    assert not list((out / CELLS).glob("*.tmp-*"))
    whole = tmp_path / "whole"
    run_sweep(plan, whole, jobs=2)
    assert_frame_equal(load_records(out), load_records(whole))


def test_bad_grid_and_values_stop_before_any_game(tmp_path):
    with pytest.raises(ConfigError, match="--grid"):
        parse_grid(["things.start"])
    with pytest.raises(ConfigError, match="given twice"):
        parse_grid(["things.start=1", "things.start=2"])
    with pytest.raises(ConfigError, match="things.start"):
        plan_sweep((9,), parse_grid(["things.start=1,9"]))
    with pytest.raises(ConfigError, match="no.such"):
        plan_sweep((9,), parse_grid(["no.such=1"]))
    with pytest.raises(ConfigError, match="humans"):
        plan_sweep((9,), parse_grid(["humans=clever"]))
    assert not (tmp_path / CELLS).exists()


def test_cell_summary_counts(tmp_path):
    sweep(tmp_path, players=(9,), grid=["things.start=1,2"], games=500)
    records = load_records(tmp_path)
    summary = summarize_cells(records, ["things.start"])
    assert summary["games"].to_list() == [500, 500]
    for row in summary.iter_rows(named=True):
        cell = records.filter(pl.col("cell") == row["cell"])
        wins = (cell["winner"] == "humans").sum()
        assert row["human_win_rate"] == wins / 500
        assert row["human_win_low"] <= row["human_win_rate"] <= row["human_win_high"]
        shares = sum(row[c] for c in summary.columns if c.startswith("share_"))
        assert shares == pytest.approx(1.0)


def test_policy_presets_can_be_axes(tmp_path):
    sweep(tmp_path, players=(9,), grid=["humans=idle,naive"], games=300)
    summary = summarize_cells(load_records(tmp_path), ["humans"]).sort("humans")
    rates = dict(zip(summary["humans"], summary["human_win_rate"]))
    assert rates["naive"] > rates["idle"]


def test_values_that_resolve_alike_and_other_axes_are_refused(tmp_path):
    with pytest.raises(ConfigError, match="same configuration"):
        plan_sweep((9,), parse_grid(["generator.burn_per_turn=1/6,10/60"]))
    sweep(tmp_path, players=(9,), grid=["things.start=1"], games=100)
    with pytest.raises(ConfigError, match="axes"):
        sweep(tmp_path, players=(9,), grid=["generator.burn_per_turn=1/6"], games=100)


def test_unknown_policies_and_unwritable_out_are_one_line_errors(tmp_path):
    with pytest.raises(ConfigError, match="--humans"):
        plan_sweep((9,), {}, humans="foo")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(ConfigError, match="--out"):
        run_sweep(plan_sweep((9,), {}, games=10), blocker)

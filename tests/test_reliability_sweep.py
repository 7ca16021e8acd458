"""Sweep folders under faults (issue 50): a sweep holds its folder alone, every cell file proves
it belongs to the sweep, damaged cells are played again by resuming and named by `report`, the
report's figures come from the records, and a killed `sweep --jobs N` takes its workers with it.
Each test injects a real fault: real `balance sweep` processes, real signals, real files cut
short, copied in or edited by hand."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import psutil
import pytest
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from balance import sweep as sweep_module
from balance.cli import app
from balance.errors import ConfigError
from balance.report import write_report
from balance.sweep import (
    CELLS,
    MANIFEST,
    load_manifest,
    load_records,
    parse_grid,
    plan_sweep,
    run_sweep,
)

BALANCE = Path(sys.executable).parent / "balance"
GRID = ["things.start=1,2"]
GAMES = 300


def _sweep(out: Path, seed: int = 3, grid=GRID) -> int:
    return run_sweep(plan_sweep((9,), parse_grid(grid), games=GAMES, seed=seed), out)


def _cell_files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / CELLS).iterdir())}


def _sweep_args(out: Path, seed: int, games: int, grid=GRID, jobs: int = 1) -> list[str]:
    args = ["sweep", "--players", "9", "--games", str(games), "--seed", str(seed)]
    for axis in grid:
        args += ["--grid", axis]
    return [*args, "--out", str(out), "--jobs", str(jobs)]


def _one_error_line(result, *names: str) -> str:
    """The CLI's contract for a user error: exit 2, one `error:` line naming `names`."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert all(name in lines[0] for name in names), lines
    assert "Traceback" not in result.output and result.stdout == ""
    return lines[0]


def _wait_for(condition, seconds: float = 120, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


# ----------------------------------------------------------------------------------------------
# Case 2 (a) and the sweep half of case 11: one sweep at a time on a folder
# ----------------------------------------------------------------------------------------------

LONG_GRID = ["things.start=1,2,3", "generator.burn_per_turn=1/6,1/5,1/4"]  # 9 cells


def test_two_sweeps_started_together_on_one_folder_never_mix(tmp_path):
    """Two real sweeps with different seeds started at the same moment on one new folder: one
    gets the folder, the other is refused at once in one line, while the first runs; the
    folder ends with the first one's cells only."""
    out = tmp_path / "shared"
    procs = {
        seed: subprocess.Popen(
            [BALANCE, *_sweep_args(out, seed, 1000, LONG_GRID)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    }
    _wait_for(lambda: any(p.poll() is not None for p in procs.values()), what="a sweep to end")
    [(loser, refused)] = [(s, p) for s, p in procs.items() if p.poll() is not None]
    [(winner, running)] = [(s, p) for s, p in procs.items() if s != loser]
    assert running.poll() is None  # the refusal came while the other sweep held the folder
    stdout, stderr = refused.communicate()
    assert refused.returncode == 2 and stdout == ""
    [line] = stderr.splitlines()
    assert line.startswith(f"error: --out: {str(out)!r} is being written by another balance sweep")
    stdout, stderr = running.communicate(timeout=240)
    assert running.returncode == 0, stderr
    assert "9 cells" in stdout and "9 played" in stdout
    assert load_manifest(out)["settings"]["seed"] == winner
    records = load_records(out)  # every cell checked: all of them the winner's
    assert records["cell"].n_unique() == 9 and records.height == 9 * 1000


def test_a_second_sweep_touches_nothing_of_a_running_one(tmp_path):
    """A sweep on a folder another sweep is writing (the same command, so no settings differ)
    is refused before it reads or changes anything: the running sweep's cells and its
    temporary file (an in-flight cell) are left as they were."""
    out = tmp_path / "busy"
    first = subprocess.Popen(
        [BALANCE, *_sweep_args(out, 1, 2000, LONG_GRID)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(lambda: list((out / CELLS).glob("*.parquet")), what="the first cell")
        in_flight = out / CELLS / f"0000.parquet.tmp-{first.pid}-cafe"
        in_flight.write_bytes(b"a cell being written")
        before = {p.name: p.read_bytes() for p in (out / CELLS).glob("*.parquet")}
        manifest = (out / MANIFEST).read_bytes()
        second = subprocess.run(
            [BALANCE, *_sweep_args(out, 1, 2000, LONG_GRID)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert first.poll() is None, "the first sweep ended before the second one started"
        assert second.returncode == 2 and second.stdout == ""
        [line] = second.stderr.splitlines()
        assert "is being written by another balance sweep" in line and "--out" in line
        assert f"(process {first.pid})" in line
        assert in_flight.read_bytes() == b"a cell being written"
        assert (out / MANIFEST).read_bytes() == manifest
        assert all((out / CELLS / name).read_bytes() == data for name, data in before.items())
    finally:
        first.terminate()
        first.communicate(timeout=60)


# ----------------------------------------------------------------------------------------------
# Case 2 (b), (c): a cell proves which sweep it belongs to
# ----------------------------------------------------------------------------------------------


def test_a_cell_of_another_sweep_copied_in_is_refused(tmp_path):
    """A cell file of the same id but another seed, copied over one of this sweep's, is refused
    by resuming and by `report`, naming the file and the setting that differs; so is a cell of
    this sweep's settings but of another grid, copied in beside the others."""
    ours, theirs, wider = tmp_path / "ours", tmp_path / "theirs", tmp_path / "wider"
    _sweep(ours, seed=3)
    _sweep(theirs, seed=4)
    _sweep(wider, seed=3, grid=["things.start=1,2,3"])
    name = sorted(_cell_files(ours))[0]
    shutil.copy(theirs / CELLS / name, ours / CELLS / name)
    copied = _cell_files(ours)
    with pytest.raises(ConfigError, match=rf"{name}.* another sweep \(seed 4, this sweep's 3\)"):
        _sweep(ours, seed=3)
    result = CliRunner().invoke(app, ["report", str(ours)])
    line = _one_error_line(result, name, "seed 4, this sweep's 3", "remove the file")
    assert "is not a cell of this sweep" in line
    assert _cell_files(ours) == copied and not (ours / "report").exists()

    shutil.copy(wider / CELLS / name, ours / CELLS / name)  # ours again
    extra = (set(_cell_files(wider)) - set(copied)).pop()
    shutil.copy(wider / CELLS / extra, ours / CELLS / extra)
    with pytest.raises(ConfigError, match=rf"{extra}.* not in this sweep's grid"):
        _sweep(ours, seed=3)
    _one_error_line(CliRunner().invoke(app, ["report", str(ours)]), extra, "grid")


def test_old_cells_are_not_adopted_after_the_manifest_is_deleted(tmp_path):
    """manifest.json deleted, then a sweep with another seed on the folder: the old cells are
    refused (no manifest written, nothing changed); the original command resumes them."""
    out = tmp_path / "s"
    _sweep(out, seed=3)
    cells = _cell_files(out)
    (out / MANIFEST).unlink()
    with pytest.raises(ConfigError, match=r"another sweep \(seed 3, this sweep's 5\)"):
        _sweep(out, seed=5)
    assert not (out / MANIFEST).exists() and _cell_files(out) == cells
    assert _sweep(out, seed=3) == 0  # the cells prove they are this sweep's: nothing to play
    assert load_manifest(out)["settings"]["seed"] == 3 and _cell_files(out) == cells


# ----------------------------------------------------------------------------------------------
# Case 3: a damaged cell is played again by resuming, named by `report`
# ----------------------------------------------------------------------------------------------


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _junk(path: Path) -> None:
    path.write_bytes(os.urandom(4096))


def _without_provenance(path: Path) -> None:  # whole Parquet, as an older balance wrote it
    pl.read_parquet(path).write_parquet(path)


DAMAGE = {"truncated": _truncated, "junk": _junk, "without provenance": _without_provenance}


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("whole") / "sweep"
    _sweep(out)
    return out


@pytest.mark.parametrize("damage", DAMAGE)
def test_resume_plays_a_damaged_cell_again(whole, tmp_path, capsys, damage):
    out = tmp_path / "s"
    shutil.copytree(whole, out)
    name = sorted(_cell_files(out))[1]
    DAMAGE[damage](out / CELLS / name)
    assert _sweep(out) == 1
    [notice] = capsys.readouterr().err.splitlines()
    assert notice.startswith("warning: sweep: ") and name in notice
    assert "is damaged" in notice and "playing it again" in notice
    assert _cell_files(out) == _cell_files(whole)  # the same bytes as a sweep never damaged
    assert_frame_equal(load_records(out), load_records(whole))


@pytest.mark.parametrize("damage", DAMAGE)
def test_report_names_a_damaged_cell(whole, tmp_path, damage):
    out = tmp_path / "s"
    shutil.copytree(whole, out)
    name = sorted(_cell_files(out))[0]
    DAMAGE[damage](out / CELLS / name)
    result = CliRunner().invoke(app, ["report", str(out)])
    _one_error_line(result, name, "is a damaged cell", "run the sweep command again")
    assert not (out / "report").exists()


def test_the_cli_says_which_damaged_cell_it_plays_again(whole, tmp_path):
    out = tmp_path / "s"
    shutil.copytree(whole, out)
    name = sorted(_cell_files(out))[0]
    _junk(out / CELLS / name)
    result = CliRunner().invoke(app, _sweep_args(out, 3, GAMES))
    assert result.exit_code == 0, (result.stdout, result.stderr)
    [warning] = [line for line in result.stderr.splitlines() if "damaged" in line]
    assert warning.startswith("warning: sweep: ") and name in warning
    assert "(1 played, 1 already there)" in result.stdout


# ----------------------------------------------------------------------------------------------
# Case 4: the report's figures come from the records
# ----------------------------------------------------------------------------------------------


def test_a_hand_edited_manifest_changes_no_figure_of_the_report(whole, tmp_path):
    out = tmp_path / "s"
    shutil.copytree(whole, out)
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["settings"]["games"] = 999_999
    manifest["settings"]["seed"] = 77
    (out / MANIFEST).write_text(json.dumps(manifest))
    text = write_report(out, out / "report").read_text()
    assert f"seed: 3; {GAMES} games per cell" in text
    assert "999999" not in text and "999,999" not in text and "seed 77" not in text
    assert f"seed 3, {GAMES} games per cell" in text  # the charts' provenance too
    assert text == write_report(whole, tmp_path / "clean").read_text().replace(
        f"sweep `{whole.name}`", f"sweep `{out.name}`"
    )


# ----------------------------------------------------------------------------------------------
# Case 6: the player count is not a grid axis
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra, name",
    [
        (["--grid", "game.players=9,15"], "--grid: 'game.players'"),
        (["--grid", "game.players=9"], "--grid: 'game.players'"),
        (["--set", "game.players=15"], "--set: game.players=15"),
    ],
)
def test_the_player_count_is_refused_as_a_grid_axis(tmp_path, extra, name):
    args = ["sweep", "--players", "9", "--games", "10", "--seed", "1"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "s"), *extra])
    _one_error_line(result, name, "--players")
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------------------------------------
# Case 10: a killed `sweep --jobs N` takes its workers with it
# ----------------------------------------------------------------------------------------------


def _workers(sweep: psutil.Process) -> list[psutil.Process]:
    found = []
    for proc in sweep.children(recursive=True):
        try:
            if "popen_loky" in " ".join(proc.cmdline()):
                found.append(proc)
        except psutil.Error:  # gone meanwhile
            pass
    return found


def _running(procs: list[psutil.Process]) -> list[psutil.Process]:
    alive = []
    for proc in procs:
        try:
            if proc.status() != psutil.STATUS_ZOMBIE:  # a zombie has ended, awaiting its reaper
                alive.append(proc)
        except psutil.NoSuchProcess:
            pass
    return alive


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP], ids=str)
def test_a_killed_parallel_sweep_leaves_no_process_behind(tmp_path, sig):
    """Kill `balance sweep --jobs 2` while its two workers run: the workers and the resource
    trackers end within seconds. SIGTERM and SIGHUP are answered with one line and exit
    128 + signal, no temporary file left."""
    out = tmp_path / "s"
    args = _sweep_args(out, 1, 50_000, ["things.start=1,2,3,4"], jobs=2)
    proc = subprocess.Popen([BALANCE, *args], stderr=subprocess.PIPE, text=True)
    descendants: list[psutil.Process] = []
    workers: list[psutil.Process] = []
    try:
        sweep = psutil.Process(proc.pid)
        _wait_for(lambda: len(_workers(sweep)) == 2, what="two workers")
        workers = _workers(sweep)
        # playing: each worker has the cell it was sent, its kernel busy on a core
        _wait_for(lambda: all(w.cpu_percent(0.2) > 20 for w in workers), what="busy workers")
        descendants = sweep.children(recursive=True)  # the workers and the resource trackers
        proc.send_signal(sig)
        proc.wait(timeout=60)
        _wait_for(lambda: not _running(descendants), seconds=5, what="the workers to end")
    finally:  # whatever the test found, it leaves no process behind
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for worker in _running(workers):
            worker.kill()
        # the resource trackers end once the workers are gone, removing what they shared
        psutil.wait_procs(_running(descendants), timeout=5)
        for leftover in _running(descendants):
            leftover.kill()
    stderr = proc.stderr.read()
    assert not list((out / CELLS).glob("*.tmp-*"))
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
        return
    assert proc.returncode == 128 + sig
    assert len(stderr.splitlines()) == 1, stderr
    [line] = stderr.splitlines()
    assert line.startswith(f"error: sweep stopped by {sig.name}: its workers are stopped")


def test_a_sweep_stopped_while_writing_a_cell_leaves_no_temporary_file(tmp_path, monkeypatch):
    """SIGTERM delivered while a cell file is being written: the sweep stops (Stopped) with
    no temporary file, no partial cell, its signal handlers and its folder's lock given back."""
    from balance.sweep import Stopped

    out = tmp_path / "s"
    handler = signal.getsignal(signal.SIGTERM)
    write_parquet = pl.DataFrame.write_parquet

    def write_then_killed(frame, path, **kwargs):
        write_parquet(frame.head(5), path, **kwargs)  # half a cell on disk
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises here, in the main thread

    monkeypatch.setattr(pl.DataFrame, "write_parquet", write_then_killed)
    with pytest.raises(Stopped) as stopped:
        _sweep(out)
    assert stopped.value.signum == signal.SIGTERM
    assert list((out / CELLS).iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) == handler
    monkeypatch.undo()
    assert _sweep(out) == 2  # the lock was released: the same sweep runs to the end


# ----------------------------------------------------------------------------------------------
# Case 14: a manifest that is not a sweep's; sweep --seed out of range
# ----------------------------------------------------------------------------------------------


def _drop(key: str):
    def edit(manifest: dict) -> dict:
        del manifest[key]
        return manifest

    return edit


def _drop_setting(manifest: dict) -> dict:
    del manifest["settings"]["seed"]
    return manifest


def _drop_cell_seed(manifest: dict) -> dict:
    del next(iter(manifest["cells"].values()))["seed"]
    return manifest


def _drop_grid_value(manifest: dict) -> dict:
    manifest["grid"]["values"]["things.start"].pop()
    return manifest


BAD_MANIFESTS = {
    "not JSON": lambda text: text[: len(text) // 2],
    "not UTF-8": lambda text: b"\xff\xfe" + text.encode(),
    "a list": lambda text: "[]",
    "no settings": lambda text: json.dumps(_drop("settings")(json.loads(text))),
    "no cells": lambda text: json.dumps(_drop("cells")(json.loads(text))),
    "no seed setting": lambda text: json.dumps(_drop_setting(json.loads(text))),
    "a cell without its seed": lambda text: json.dumps(_drop_cell_seed(json.loads(text))),
    "a grid short of a value": lambda text: json.dumps(_drop_grid_value(json.loads(text))),
}


@pytest.mark.parametrize("bad", BAD_MANIFESTS)
def test_a_manifest_that_is_not_a_sweeps_is_one_line(whole, tmp_path, bad):
    out = tmp_path / "s"
    shutil.copytree(whole, out)
    edited = BAD_MANIFESTS[bad]((out / MANIFEST).read_text())
    path = out / MANIFEST
    path.write_bytes(edited if isinstance(edited, bytes) else edited.encode())
    cells = _cell_files(out)
    runner = CliRunner()
    for args in (["report", str(out)], _sweep_args(out, 3, GAMES)):
        line = _one_error_line(runner.invoke(app, args), f"{str(path)!r} is not a sweep manifest")
        assert "remove it and run the sweep command again" in line
    assert _cell_files(out) == cells and not (out / "report").exists()
    path.unlink()  # what the message says to do: the cells are kept, nothing is played
    assert _sweep(out) == 0 and _cell_files(out) == cells


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_sweep_refuses_a_seed_that_run_refuses(tmp_path, seed):
    args = ["sweep", "--players", "9", "--games", "10", "--seed", seed]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "s")])
    _one_error_line(result, f"--seed: {seed} is not allowed", "0 to 2**63-1")
    assert list(tmp_path.iterdir()) == []


def test_cells_carry_their_sweep_and_cell_identity(whole):
    """The metadata every check relies on, as a reader of a cell file finds it."""
    import pyarrow.parquet as pq

    manifest = load_manifest(whole)
    for path in (whole / CELLS).glob("*.parquet"):
        meta = json.loads(pq.read_metadata(path).metadata[b"balance"])
        entry = manifest["cells"][path.stem]
        assert meta["sweep"] == manifest["sweep"] == sweep_module.sweep_id(meta["sweep_settings"])
        assert meta["cell"] == path.stem and meta["games"] == GAMES
        assert {k: meta[k] for k in ("players", "values", "config_hash", "seed")} == {
            k: entry[k] for k in ("players", "values", "config_hash", "seed")
        }
        assert meta["source_digest"] == manifest["settings"]["source_digest"]

"""Sweeps on a Dask cluster: a scheduler and two workers on 127.0.0.1 play the same records as a
local run, a worker killed mid-sweep loses no cell, and a bad --scheduler is a one-line error."""

import dataclasses
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from distributed import Client
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from balance.cli import app
from balance.errors import ConfigError
from balance.sweep import CELLS, load_records, parse_grid, plan_sweep, run_sweep

BIN = Path(sys.executable).parent  # the venv's `dask` and `balance` commands
# one numba thread per worker process, as the README advises for real workers
WORKER_ENV = {**os.environ, "NUMBA_NUM_THREADS": "1"}


@contextmanager
def dask_cluster(folder: Path, workers: int = 2):
    """A `dask scheduler` and `dask worker` subprocesses on 127.0.0.1; yields the scheduler's
    address and the worker processes. Workers run without a nanny, so a killed one stays dead."""
    folder.mkdir(parents=True, exist_ok=True)
    scheduler_file = folder / "scheduler.json"
    log = open(folder / "cluster.log", "w")
    procs = [
        subprocess.Popen(
            [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
            # its HTTP health checks on a free port rather than 8787, which may be taken
            + ["--dashboard-address", "127.0.0.1:0", "--scheduler-file", scheduler_file],
            stdout=log,
            stderr=log,
        )
    ]
    try:
        deadline = time.time() + 60
        while not scheduler_file.exists() and time.time() < deadline:
            time.sleep(0.1)
        with Client(scheduler_file=str(scheduler_file), timeout=30) as client:
            address = client.scheduler.address
            for _ in range(workers):
                procs.append(
                    subprocess.Popen(
                        [BIN / "dask", "worker", address, "--nthreads", "1", "--no-nanny"]
                        + ["--host", "127.0.0.1", "--no-dashboard", "--local-directory", folder],
                        stdout=log,
                        stderr=log,
                        env=WORKER_ENV,
                    )
                )
            if workers:
                client.wait_for_workers(workers, timeout=60)
        yield address, procs[1:]
    finally:
        # workers first: a worker stopping after its scheduler waits for it in vain
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with dask_cluster(tmp_path_factory.mktemp("cluster")) as (address, _):
        yield address


SMALL = ["--players", "9", "--grid", "things.start=1,2", "--games", "300", "--seed", "5"]


def test_a_cluster_plays_the_records_of_a_local_run(cluster, tmp_path):
    result = CliRunner().invoke(
        app, ["sweep", *SMALL, "--out", str(tmp_path / "dask"), "--scheduler", cluster]
    )
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert "2 played" in result.stdout
    plan = plan_sweep((9,), parse_grid(["things.start=1,2"]), games=300, seed=5)
    run_sweep(plan, tmp_path / "local")
    assert_frame_equal(load_records(tmp_path / "dask"), load_records(tmp_path / "local"))


def test_workers_with_other_sources_are_refused(cluster, tmp_path):
    """A plan made from other compiled sources than the workers' would get other games under
    the same seeds: the cell fails with a one-line error and no cell file is written."""
    plan = plan_sweep((9,), {}, games=100, seed=5)
    other = dataclasses.replace(plan, source_digest="0" * 12)
    with pytest.raises(ConfigError, match="runs other balance sources"):
        run_sweep(other, tmp_path, scheduler=cluster)
    assert not list((tmp_path / CELLS).glob("*.parquet"))


def test_a_scheduler_without_workers_is_a_one_line_error(tmp_path):
    with dask_cluster(tmp_path / "cluster", workers=0) as (address, _):
        with pytest.raises(ConfigError, match="no worker joined it within 5 s"):
            run_sweep(plan_sweep((9,), {}, games=10), tmp_path / "never", scheduler=address)
    assert not (tmp_path / "never").exists()


def test_scheduler_local_starts_its_own_cluster(tmp_path):
    plan = plan_sweep((9,), parse_grid(["things.start=1,2"]), games=300, seed=5)
    assert run_sweep(plan, tmp_path / "dask", jobs=2, scheduler="local") == 2
    run_sweep(plan, tmp_path / "local")
    assert_frame_equal(load_records(tmp_path / "dask"), load_records(tmp_path / "local"))


KILL_GRID = ["things.start=1,2,3"]
KILL_ARGS = ["--players", "9,12,15", "--grid", *KILL_GRID, "--games", "4000", "--seed", "7"]


@pytest.mark.slow
def test_a_worker_killed_mid_sweep_loses_no_cell(tmp_path):
    """SIGKILL one of two workers once the first cell is written: the scheduler re-runs its
    cells on the other worker and the sweep ends with the records of a local run."""
    out = tmp_path / "dask"
    with dask_cluster(tmp_path / "cluster") as (address, workers):
        sweep = subprocess.Popen(
            [BIN / "balance", "sweep", *KILL_ARGS, "--out", out, "--scheduler", address],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.time() + 120
        while time.time() < deadline and not list((out / CELLS).glob("*.parquet")):
            time.sleep(0.05)
        os.kill(workers[0].pid, signal.SIGKILL)
        at_kill = len(list((out / CELLS).glob("*.parquet")))
        stdout, stderr = sweep.communicate(timeout=240)
    assert 1 <= at_kill < 9
    assert sweep.returncode == 0, stderr
    assert "9 cells" in stdout and "9 played" in stdout
    plan = plan_sweep((9, 12, 15), parse_grid(KILL_GRID), games=4000, seed=7)
    run_sweep(plan, tmp_path / "local", jobs=2)
    assert_frame_equal(load_records(out), load_records(tmp_path / "local"))


def test_an_unreachable_scheduler_is_a_one_line_error(tmp_path):
    with socket.socket() as s:  # a port nothing listens on: bound, then released
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    out = tmp_path / "never"
    result = subprocess.run(
        [BIN / "balance", "sweep", *SMALL, "--out", out, "--scheduler", address],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: --scheduler: {address!r} is not allowed (could not connect")
    assert "allowed: a running scheduler address like tcp://host:8786, or local" in line
    assert not out.exists()  # stopped before any file is written


def test_without_dask_the_error_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    plan = plan_sweep((9,), {}, games=10)
    with pytest.raises(ConfigError, match=r"pip install '\.\[dask\]'"):
        run_sweep(plan, tmp_path / "never", scheduler="local")
    assert not (tmp_path / "never").exists()


def test_jobs_with_a_scheduler_address_is_refused(tmp_path):
    """The cluster's workers set how many cells play at once; --jobs sizes only `local`."""
    plan = plan_sweep((9,), {}, games=10)
    with pytest.raises(ConfigError, match="--jobs: 2 is not allowed with --scheduler"):
        run_sweep(plan, tmp_path / "never", jobs=2, scheduler="tcp://127.0.0.1:8786")
    assert not (tmp_path / "never").exists()

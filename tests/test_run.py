"""`balance.runner.run`, the one run of the library: `balance run` is it and a print, and its
records are those of the kernel's batches."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from balance import runner
from balance.cli import app
from balance.config import ConfigError, load_config
from balance.records import to_polars
from balance.runner import run_games


def test_balance_run_prints_and_writes_what_the_library_run_returns_and_writes(tmp_path):
    library, command = tmp_path / "library.parquet", tmp_path / "command.parquet"
    batches: list[int] = []
    result = runner.run(
        9,
        4500,
        5,
        ["things.start=2"],
        "naive",
        out=library,
        keep_records=True,
        progress=batches.append,
    )
    cli = CliRunner().invoke(
        app,
        [
            "run",
            "--players",
            "9",
            "--games",
            "4500",
            "--seed",
            "5",
            "--set",
            "things.start=2",
            "--humans",
            "naive",
            "--out",
            str(command),
            "--json",
        ],
    )
    assert cli.exit_code == 0, (cli.stdout, cli.stderr)
    printed, summary = json.loads(cli.stdout), result.summary()
    printed["games_per_second"] = summary["games_per_second"] = None  # a timing
    assert json.dumps(printed) == json.dumps(summary)  # same keys in order, same numbers
    assert pl.read_parquet(command).equals(pl.read_parquet(library))
    assert pq.read_schema(command).metadata == pq.read_schema(library).metadata
    # the records returned are the file's rows and the kernel's records
    assert pl.read_parquet(library).equals(to_polars(result.records))
    cfg = load_config(9, ["things.start=2"])
    assert np.array_equal(result.records, run_games(cfg, 4500, 5, "naive"))
    assert result.provenance.config_hash == cfg.hash
    assert result.provenance.overrides == ("things.start=2",)
    # 1% batches of at least runner.PROGRESS_MIN_BATCH games, each reported once played
    assert batches == [2000, 2000, 500]


def test_a_bad_argument_is_refused_before_the_kernel_loads(tmp_path):
    loads = []
    with pytest.raises(ConfigError, match="^--out: .* is a directory"):
        runner.run(12, 10, out=tmp_path, on_kernel_load=lambda: loads.append(1))
    with pytest.raises(ConfigError, match="^--humans: 'nobody' is not allowed"):
        runner.run(12, 10, humans="nobody", on_kernel_load=lambda: loads.append(1))
    with pytest.raises(ConfigError, match="^--games: 0 is not allowed"):
        runner.run(12, 0, on_kernel_load=lambda: loads.append(1))
    assert loads == [] and list(tmp_path.iterdir()) == []

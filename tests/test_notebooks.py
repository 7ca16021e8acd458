"""The notebooks run top to bottom on small sweeps, and are committed without outputs.

Each notebook is executed with nbclient in a `python3` kernel started from this interpreter
(the project's venv when the tests run as `.venv/bin/python -m pytest`): a kernel spec pointing
at `sys.executable` is written to a temporary JUPYTER_PATH, which comes before any user-wide or
system-wide `python3` spec, and the test checks `sys.executable` and `sys.prefix` inside the
kernel. The notebooks run with notebooks/ as working directory, MPLBACKEND=Agg (so charts must be
displayed without the inline backend), BALANCE_NB_GAMES=200 games per cell and
BALANCE_SWEEP_DIR in tmp_path. The executed copies are kept in memory only.

Timings (2 cores, numba cache warm): about 10 s for the default-rules notebook run twice, 7 s for
the 36-cell grid; so neither is marked slow. With a cold numba cache the first notebook also pays
the kernel's compilation (about 30 s more), as any first run of the kernel does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from ipykernel.kernelspec import write_kernel_spec
from nbclient import NotebookClient

from balance.sweep import CELLS, MANIFEST, load_records

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
DEFAULT_RULES = "01_win_rates_and_end_reasons.ipynb"
FUEL_THINGS = "02_fuel_burn_by_thing_count.ipynb"
GAMES = 200
KERNEL_NAME = "python3"

# appended to the in-memory copy of a notebook: which interpreter ran it, and where
WHO_RAN_ME = """\
import json, os, sys
print("KERNEL " + json.dumps({"executable": sys.executable, "prefix": sys.prefix,
                              "cwd": os.getcwd()}))
"""


@pytest.fixture(scope="module")
def kernel_path(tmp_path_factory) -> Path:
    """A JUPYTER_PATH whose `python3` kernel runs this interpreter."""
    root = tmp_path_factory.mktemp("jupyter")
    write_kernel_spec(root / "kernels" / KERNEL_NAME)
    spec = json.loads((root / "kernels" / KERNEL_NAME / "kernel.json").read_text())
    assert spec["argv"][0] == sys.executable
    return root


def execute(name: str, sweep_dir: Path, kernel_path: Path, monkeypatch) -> nbformat.NotebookNode:
    """Run a notebook top to bottom; a failing cell raises CellExecutionError."""
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_path))
    # no user IPython profile or startup script, no connection files in the home directory
    monkeypatch.setenv("IPYTHONDIR", str(kernel_path / "ipython"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(kernel_path / "runtime"))
    monkeypatch.setenv("BALANCE_SWEEP_DIR", str(sweep_dir))
    monkeypatch.setenv("BALANCE_NB_GAMES", str(GAMES))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(WHO_RAN_ME))
    NotebookClient(
        nb,
        kernel_name=KERNEL_NAME,
        timeout=600,
        startup_timeout=120,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute()
    return nb


def outputs(nb: nbformat.NotebookNode, tag: str | None = None) -> list:
    return [
        out
        for cell in nb.cells
        if cell.cell_type == "code" and (tag is None or tag in cell.metadata.get("tags", []))
        for out in cell.outputs
    ]


def text_of(nb: nbformat.NotebookNode) -> str:
    return "".join(out.get("text", "") for out in outputs(nb) if out.output_type == "stream")


def images(nb: nbformat.NotebookNode, tag: str | None = None) -> list:
    return [
        out
        for out in outputs(nb, tag)
        if out.output_type == "display_data" and "image/png" in out.get("data", {})
    ]


def check_ran_cleanly(nb: nbformat.NotebookNode) -> None:
    assert not [out for out in outputs(nb) if out.output_type == "error"]
    line = next(x for x in text_of(nb).splitlines() if x.startswith("KERNEL "))
    kernel = json.loads(line.removeprefix("KERNEL "))
    assert kernel["executable"] == sys.executable, "the notebook ran in another interpreter"
    assert kernel["prefix"] == sys.prefix, "the notebook ran outside this environment"
    assert Path(kernel["cwd"]).resolve() == NOTEBOOKS


def test_notebooks_are_committed_without_outputs():
    found = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert {DEFAULT_RULES, FUEL_THINGS} <= set(found)
    for name in found:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        nbformat.validate(nb)
        assert nb.metadata["kernelspec"]["name"] == KERNEL_NAME, name
        for i, cell in enumerate(nb.cells):
            where = f"{name} cell {i}"
            assert "execution" not in cell.metadata, f"{where}: timing metadata committed"
            if cell.cell_type == "code":
                assert cell.outputs == [], f"{where}: outputs committed"
                assert cell.execution_count is None, f"{where}: execution count committed"


def test_default_rules_notebook_runs_then_rereads_its_sweep(tmp_path, kernel_path, monkeypatch):
    sweep_dir = tmp_path / "default-sweep"
    nb = execute(DEFAULT_RULES, sweep_dir, kernel_path, monkeypatch)

    check_ran_cleanly(nb)
    assert f"playing 3 cell(s) x {GAMES} games" in text_of(nb)
    records = load_records(sweep_dir)
    assert records.group_by("players").len().sort("players").rows() == [
        (9, GAMES),
        (12, GAMES),
        (15, GAMES),
    ]
    for tag in ("win-rate-table", "end-reasons", "deaths"):
        assert any("text/html" in out.get("data", {}) for out in outputs(nb, tag)), tag
    for tag in ("win-rate-chart", "end-reasons", "game-length", "deaths"):
        assert len(images(nb, tag)) == 1, tag
    assert len(images(nb)) == 4

    # a second run reads the finished sweep and plays nothing
    files = {p: p.stat().st_mtime_ns for p in (sweep_dir / CELLS).glob("*.parquet")}
    manifest = (sweep_dir / MANIFEST).read_text()
    again = execute(DEFAULT_RULES, sweep_dir, kernel_path, monkeypatch)
    check_ran_cleanly(again)
    assert "every cell already played" in text_of(again)
    assert {p: p.stat().st_mtime_ns for p in (sweep_dir / CELLS).glob("*.parquet")} == files
    assert (sweep_dir / MANIFEST).read_text() == manifest
    assert len(images(again)) == 4


def test_fuel_burn_notebook_runs_its_grid(tmp_path, kernel_path, monkeypatch):
    sweep_dir = tmp_path / "fuel-things-sweep"
    nb = execute(FUEL_THINGS, sweep_dir, kernel_path, monkeypatch)

    check_ran_cleanly(nb)
    assert f"playing 36 cell(s) x {GAMES} games" in text_of(nb)
    manifest = json.loads((sweep_dir / MANIFEST).read_text())
    assert manifest["axes"] == {
        "generator.burn_per_turn": ["1/6", "1/5", "1/4", "1/3"],
        "things.start": ["1", "2", "3"],
    }
    assert len(list((sweep_dir / CELLS).glob("*.parquet"))) == 36
    pivot = outputs(nb, "pivot-table")
    assert any("text/html" in out.get("data", {}) for out in pivot)
    html = next(out["data"]["text/html"] for out in pivot if "text/html" in out.get("data", {}))
    for burn in ("1/6", "1/5", "1/4", "1/3"):
        assert f"burn {burn}" in html
    for tag in ("heat-maps", "burn-lines"):
        assert len(images(nb, tag)) == 1, tag
    note = [out for out in outputs(nb, "near-half") if "text/markdown" in out.get("data", {})]
    assert note and all(f"**{p} players**" in note[0]["data"]["text/markdown"] for p in (9, 12, 15))

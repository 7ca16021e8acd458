"""Case 1 of issue 50, stale machine code: compiled code is cached in balance's build folder
(balance.build_folder, named by the digest of the compiled sources) and nowhere else.

Numba falls back on `__pycache__` beside the sources when its cache folder cannot be written,
and that cache is keyed only by each function's own file: after an edit of policies/humans.py a
run loaded the old machine code of the kernel functions that inline it. A user's
NUMBA_CACHE_DIR was used as it was, with the same staleness. Now it is the root that holds the
build folders, and when the build folder cannot be written a run compiles without a cache and
says so in one line.

The runs of `balance` here compile the kernel cold (about a minute each); the check of an
unwritable XDG_CACHE_HOME compiles one kernel function, as the warning and the folders are the
same whichever variable names the unwritable folder.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from numba.core import config
from numba.core.caching import NullCache
from typer.testing import CliRunner

import balance
from balance.cli import app
from balance.compile import jit
from balance.compile.jit import compiled

SOURCE_TREE = Path(balance.__file__).resolve().parents[1]
RUN = ["run", "--players", "9", "--games", "200"]
WARNING = "warning: cannot write the compile cache "


def _numba_files(*folders: Path) -> set[Path]:
    """numba's cache files (index and data) under `folders`."""
    return {path for folder in folders for path in folder.rglob("*.nb[ic]")}


def _source_tree_files() -> set[Path]:
    return _numba_files(SOURCE_TREE / "balance", SOURCE_TREE / "policies")


def _under_a_file(tmp_path: Path) -> Path:
    """A folder that cannot be created, even by root: its parent is a regular file."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    return blocker / "cache"


def _run_balance(
    tmp_path: Path, *args: str, **cache_env: str
) -> tuple[subprocess.CompletedProcess, set]:
    """`balance run` (or python with `args`) in a process of its own with these cache variables
    (the others unset), and the numba cache files it created in the source tree."""
    unset = ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", *balance._CODE_SWITCHES)
    env = {k: v for k, v in os.environ.items() if k not in unset} | cache_env
    before = _source_tree_files()
    command = (
        [sys.executable, *args] if args else [str(Path(sys.executable).parent / "balance"), *RUN]
    )
    done = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=900
    )
    return done, _source_tree_files() - before


def _assert_one_warning(stderr: str, unwritable: Path) -> None:
    [line] = stderr.splitlines()
    assert line.startswith(f"{WARNING}{unwritable}/"), line
    assert "(Not a directory); compiling without a cache" in line
    assert line.endswith("set XDG_CACHE_HOME or NUMBA_CACHE_DIR to a writable folder")


def _summary(stdout: str) -> list[str]:
    """The run's summary without its speed, which differs from run to run."""
    return [line for line in stdout.splitlines() if "games per second" not in line]


@pytest.fixture(scope="module")
def expected_summary() -> list[str]:
    """The summary of the same run from this process's kernel (conftest.compiled_kernel)."""
    result = CliRunner().invoke(app, RUN)
    assert result.exit_code == 0, result.stderr
    return _summary(result.stdout)


@pytest.mark.slow
def test_a_numba_cache_dir_that_cannot_be_written_compiles_without_a_cache_and_says_so(
    tmp_path, expected_summary
):
    """Nothing is cached, neither beside the sources nor in the user's cache folder: the run
    compiles, prints the right numbers and one warning line."""
    unwritable, user_cache = _under_a_file(tmp_path), tmp_path / "user-cache"
    done, in_source_tree = _run_balance(
        tmp_path, NUMBA_CACHE_DIR=str(unwritable), XDG_CACHE_HOME=str(user_cache)
    )
    assert done.returncode == 0, done.stderr[-2000:]
    _assert_one_warning(done.stderr, unwritable)
    assert _summary(done.stdout) == expected_summary
    assert in_source_tree == set()
    assert not user_cache.exists()


def test_an_xdg_cache_home_that_cannot_be_written_compiles_without_a_cache_and_says_so(tmp_path):
    """One kernel function compiled and called: one warning line, nothing cached beside the
    sources, and the right result."""
    unwritable = _under_a_file(tmp_path)
    call = "from balance.kernel.items import fits_in_backpack as f; print(f(3), f(14))"
    done, in_source_tree = _run_balance(tmp_path, "-c", call, XDG_CACHE_HOME=str(unwritable))
    assert done.returncode == 0, done.stderr[-2000:]
    _assert_one_warning(done.stderr, unwritable)
    assert done.stdout.split() == ["True", "False"]  # GAP-50: a food box (14) is not stowed
    assert in_source_tree == set()


@pytest.mark.slow
def test_a_numba_cache_dir_holds_the_build_folder_named_by_the_digest_and_nothing_else(
    tmp_path, expected_summary
):
    root, user_cache = tmp_path / "numba-cache-dir", tmp_path / "user-cache"
    build = root / f"numba-{balance.__version__}-{balance._source_digest()}"
    done, in_source_tree = _run_balance(
        tmp_path, NUMBA_CACHE_DIR=str(root), XDG_CACHE_HOME=str(user_cache)
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    assert _summary(done.stdout) == expected_summary
    assert [p.name for p in root.iterdir()] == [build.name]
    cached = _numba_files(root)
    assert cached and all(build in path.parents for path in cached)
    assert in_source_tree == set()
    assert not user_cache.exists()


def _triple(x):
    return 3 * x


def _build_folder_at(monkeypatch, folder: Path) -> None:
    """Make `folder` this build's folder, for the compiled functions created from now on
    (without a NUMBA_ variable, whose change would reload numba's whole config)."""
    monkeypatch.setattr(balance, "build_folder", lambda: folder)
    monkeypatch.setattr(jit, "_said_uncached", False)


def test_the_only_locator_is_the_build_folder_even_when_it_cannot_be_written(tmp_path, monkeypatch):
    """numba's own locators would fall back on `__pycache__` beside the sources, or on those
    NUMBA_CACHE_LOCATOR_CLASSES names; balance's cache never does."""
    build = _under_a_file(tmp_path)
    _build_folder_at(monkeypatch, build)
    monkeypatch.setattr(config, "CACHE_LOCATOR_CLASSES", "InTreeCacheLocator")
    assert jit._BuildFolderCacheImpl._locator_classes == [jit._BuildFolderLocator]
    locator = jit._BuildFolderCacheImpl(_triple).locator
    assert type(locator) is jit._BuildFolderLocator
    assert locator.build_folder == build
    assert Path(locator.get_cache_path()).parent == build
    assert config.CACHE_LOCATOR_CLASSES == "InTreeCacheLocator"  # put back as it was


def test_functions_compile_uncached_with_one_warning_when_the_build_folder_cannot_be_written(
    tmp_path, monkeypatch, capsys
):
    build = _under_a_file(tmp_path)
    _build_folder_at(monkeypatch, build)
    before = _numba_files(Path(__file__).parent)
    functions = [compiled(_triple), compiled(_triple)]
    for f in functions:
        assert isinstance(f._cache, NullCache)
        assert isinstance(f.compiled_code_twin._cache, NullCache)
        assert f(2) == 6
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"{WARNING}{build} (Not a directory); compiling without a cache")
    assert _numba_files(Path(__file__).parent) == before


def test_a_build_folder_lost_after_the_start_ends_the_caching_not_the_compile(
    tmp_path, monkeypatch, capsys
):
    build = tmp_path / "build"
    _build_folder_at(monkeypatch, build)
    triple = compiled(_triple)
    assert isinstance(triple._cache, jit._KernelCache)
    shutil.rmtree(build)
    build.write_text("")  # numba's index of the function is now under a file
    assert triple(2) == 6
    assert triple(3) == 9
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"{WARNING}{build} (Not a directory)")

"""`balance cache`: the compile caches of balance's builds, listed and pruned."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from typer.testing import CliRunner

import balance
from balance.compile import cache as compile_cache
from balance.cli import app


def _build(root: Path, name: str, sizes: tuple[int, ...], written: float) -> Path:
    """A build folder with files of `sizes` bytes, its newest written at `written`."""
    folder = root / name
    (folder / "sub").mkdir(parents=True)
    for i, size in enumerate(sizes):
        path = folder / ("sub" if i % 2 else "") / f"f{i}.nbc"
        path.write_bytes(b"x" * size)
        os.utime(path, (written - i, written - i))
    return folder


def _station(tmp_path: Path) -> tuple[Path, Path]:
    """A cache root holding three builds, a file and a stranger's folder; the middle build is
    the one in use (named as balance.build_folder names this build's)."""
    root = tmp_path / "balance"
    _build(root, "numba-0.0.9-aaaaaaaaaaaa", (100, 20), 1_000.0)
    current = _build(root, balance.build_folder().name, (7,), 3_000.0)
    _build(root, "numba-0.1.0-cccccccccccc-debuginfo1", (5, 5, 5), 2_000.0)
    (root / "notes.txt").write_text("not a build")
    (root / "other").mkdir()
    return root, current


def test_folders_lists_the_builds_newest_first_with_their_size(tmp_path):
    root, current = _station(tmp_path)
    found = compile_cache.folders(root, current)
    assert [(f.path.name, f.size, f.last_written, f.in_use) for f in found] == [
        (current.name, 7, 3_000.0, True),
        ("numba-0.1.0-cccccccccccc-debuginfo1", 15, 2_000.0, False),
        ("numba-0.0.9-aaaaaaaaaaaa", 120, 1_000.0, False),
    ]
    assert compile_cache.folders(tmp_path / "none", current) == []


def test_prune_keeps_the_build_in_use_and_what_is_not_a_build(tmp_path):
    root, current = _station(tmp_path)
    (root / ".removing-0.0.8-dddddddddddd").mkdir()  # left by an interrupted prune
    removed = compile_cache.prune(root, current)
    assert sorted(f.path.name for f in removed) == [
        "numba-0.0.9-aaaaaaaaaaaa",
        "numba-0.1.0-cccccccccccc-debuginfo1",
    ]
    assert sorted(p.name for p in root.iterdir()) == ["notes.txt", current.name, "other"]
    assert (current / "f0.nbc").read_bytes() == b"x" * 7
    assert compile_cache.prune(root, current) == []


def test_a_folder_that_cannot_be_removed_is_one_error_line_naming_it(tmp_path, monkeypatch):
    root, current = _station(tmp_path)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(root))

    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(shutil, "rmtree", refuse)
    result = CliRunner().invoke(app, ["cache", "--prune"])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: cannot remove the compile cache ")
    assert ".removing-" in line and "Permission denied" in line


def test_cache_command_lists_then_prunes(tmp_path, monkeypatch):
    root, current = _station(tmp_path)
    assert balance.cache_root() != root
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert balance.cache_root() == root
    assert compile_cache.current_folder() == current

    listed = CliRunner().invoke(app, ["cache"])
    assert listed.exit_code == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 4
    assert lines[0].endswith(f"{current.name}  (this build)")
    assert lines[2].endswith("numba-0.0.9-aaaaaaaaaaaa")
    assert lines[3].startswith(f"3 compile caches under {root}, 0 MiB in 2 unused")

    pruned = CliRunner().invoke(app, ["cache", "--prune"])
    assert pruned.exit_code == 0, pruned.stderr
    assert pruned.stdout == f"removed 2 unused compile caches under {root} (0 MiB)\n"
    assert [f.path for f in compile_cache.folders(root, current)] == [current]


def test_a_numba_cache_dir_of_the_users_is_the_root_of_the_build_folders(tmp_path, monkeypatch):
    """A user's NUMBA_CACHE_DIR holds the build folders, as ~/.cache/balance does: it is never a
    cache of its own, which no digest would key (tests/test_reliability_cache.py)."""
    mine = tmp_path / "my-cache"
    root, current = _station(mine)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(root))
    assert balance.cache_root() == root
    assert compile_cache.current_folder() == current
    listed = CliRunner().invoke(app, ["cache"])
    assert listed.exit_code == 0, listed.stderr
    assert listed.stdout.splitlines()[0].endswith(f"{current.name}  (this build)")
    assert listed.stdout.splitlines()[-1].startswith(f"3 compile caches under {root}, ")

"""Outputs written whole or not at all (balance.files), with the permissions of any new file."""

from __future__ import annotations

import os
import stat

import pytest

from balance.files import TEMPORARY_GLOB, temporary_beside, written_whole


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_file_written_whole_replaces_the_old_one_with_the_users_permissions(tmp_path, umask):
    path = tmp_path / "out.txt"
    path.write_text("old")
    os.chmod(path, 0o600)
    with written_whole(path) as tmp:
        assert tmp.parent == tmp_path and tmp.match(TEMPORARY_GLOB)
        tmp.write_text("new")
        assert path.read_text() == "old"  # untouched until the block ends
    assert path.read_text() == "new"
    assert _mode(path) == 0o666 & ~umask  # not mkstemp's 0600
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_the_permissions_follow_the_umask(tmp_path):
    before = os.umask(0o027)
    try:
        with written_whole(tmp_path / "out.txt") as tmp:
            tmp.write_text("x")
    finally:
        os.umask(before)
    assert _mode(tmp_path / "out.txt") == 0o640


@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt])
def test_an_error_or_ctrl_c_leaves_the_old_file_and_no_temporary_one(tmp_path, error):
    path = tmp_path / "out.txt"
    path.write_text("old")
    with pytest.raises(error):
        with written_whole(path) as tmp:
            tmp.write_text("half")
            raise error
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_an_error_before_anything_is_written_is_raised_as_it_is(tmp_path):
    with pytest.raises(ValueError, match="bad"):
        with written_whole(tmp_path / "out.txt"):
            raise ValueError("bad")
    assert list(tmp_path.iterdir()) == []


def test_temporary_names_are_distinct_and_beside_their_destination(tmp_path):
    names = {temporary_beside(tmp_path / "out.parquet") for _ in range(100)}
    assert len(names) == 100
    assert all(p.parent == tmp_path and p.name.startswith("out.parquet.tmp-") for p in names)

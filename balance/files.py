"""Outputs written whole or not at all: every file and folder balance writes for the user (run
records, sweep cells and manifest, the gate's baseline, the report) is written under a
temporary name beside its destination and renamed into place once complete. A failed or
interrupted write never leaves a partial output, and an output already there stays whole
until the new one replaces it.

The temporary names end in `.tmp-<pid>-<token>` (TEMPORARY_GLOB finds those a killed process
left behind). They are not created by `tempfile.mkstemp`/`mkdtemp`, whose private permissions
(0600, 0700) the renamed output would keep: a new file or folder gets the permissions the
user's umask gives, like any file the user creates.
"""

from __future__ import annotations

import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

TEMPORARY_GLOB = "*.tmp-*"


def temporary_beside(path: Path) -> Path:
    """An unused name in the folder of `path` to write it under before the rename: on the same
    file system, so the rename is atomic."""
    return path.with_name(f"{path.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}")


@contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write the file `path` to; when the block ends without an
    error, rename it onto `path`; on an error or Ctrl-C remove it and re-raise."""
    path = Path(path)
    tmp = temporary_beside(path)
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise

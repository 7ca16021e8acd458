"""balance's compile caches on disk: list them, and remove those of other builds.

Each build of the kernel (package version, digest of the compiled sources, numba's code
switches) is cached in a folder of its own under `balance.cache_root()` (`balance.build_folder`),
up to 80 MB each. A new release or an edited kernel starts a new folder, and only that build's
runs read it, so old folders pile up until `balance cache --prune` removes them.
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from balance import build_folder
from balance.errors import ConfigError

PREFIX = "numba-"  # every build's folder name starts with it; nothing else under the root is ours
REMOVING = ".removing-"  # a folder being removed, renamed out of the builds' names


@dataclass(frozen=True)
class CacheFolder:
    path: Path
    size: int  # bytes of the files in it
    last_written: float  # seconds since the epoch of its newest file (its last compile)
    in_use: bool  # the folder this process's numba caches into


def current_folder() -> Path:
    """The folder this build caches into."""
    return build_folder()


def folders(root: Path, current: Path) -> list[CacheFolder]:
    """The build folders under `root`, the newest compile first."""
    found = []
    for path in root.glob(PREFIX + "*"):
        if not path.is_dir():
            continue
        stats = [f.stat() for f in path.rglob("*") if f.is_file()]
        found.append(
            CacheFolder(
                path=path,
                size=sum(s.st_size for s in stats),
                last_written=max((s.st_mtime for s in stats), default=path.stat().st_mtime),
                in_use=_same(path, current),
            )
        )
    return sorted(found, key=lambda f: f.last_written, reverse=True)


def prune(root: Path, current: Path) -> list[CacheFolder]:
    """Remove every build folder under `root` but `current`; return those removed.

    Each is first renamed out of the `numba-*` names, so a run starting meanwhile never loads a
    half-removed cache: it finds no folder for its build and compiles into a new one. What an
    interrupted prune left under the new name goes too."""
    removed = [f for f in folders(root, current) if not f.in_use]
    for folder in removed:
        with _explained(folder.path):
            folder.path.rename(root / (REMOVING + folder.path.name[len(PREFIX) :]))
    for doomed in root.glob(REMOVING + "*"):
        with _explained(doomed):
            shutil.rmtree(doomed)
    return removed


@contextmanager
def _explained(path: Path) -> Iterator[None]:
    """Turn a failure to remove `path` into a one-line error that says what to do."""
    try:
        yield
    except OSError as exc:
        raise ConfigError(
            f"cannot remove the compile cache {path}: {exc.strerror} "
            "(remove it by hand, or fix its permissions and run `balance cache --prune` again)"
        ) from None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False

"""Outputs written whole or not at all: every file and folder balance writes for the user (run
records, sweep cells and manifest, the gate's baseline, the report) is written under a
temporary name beside its destination and renamed into place once complete. A failed or
interrupted write never leaves a partial output, and an output already there stays whole
until the new one replaces it.

The temporary names end in `.tmp-<pid>-<token>` (TEMPORARY_GLOB finds those a killed process
left behind), the destination's name cut short when the whole would pass the file system's
limit on a name. They are not created by `tempfile.mkstemp`/`mkdtemp`, whose private
permissions (0600, 0700) the renamed output would keep: a new file or folder gets the
permissions the user's umask gives, like any file the user creates.

A file is written only over a regular file (or a new name): a FIFO or a device cannot hold an
output whole (its reader sees every byte of a write that fails), and a rename would replace it
with a regular file (`--out /dev/null` as root would replace the system's /dev/null). A symbolic
link is written through: its target is replaced, the link kept. A process killed outright
(SIGKILL) leaves its temporary file behind; the next write of the same name removes those of
processes no longer alive.
"""

from __future__ import annotations

import fcntl
import os
import re
import secrets
import stat
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Iterator

from balance.errors import ConfigError

TEMPORARY_GLOB = "*.tmp-*"
NAME_MAX = 255  # bytes in a file name, where the file system does not say (os.pathconf)
TAIL_MAX = len("4194304-") + 8  # a temporary name's `<pid>-<token>`: Linux pids are < 2**22

SPECIAL_FILES = {  # what a file other than a regular one or a folder is, as a message says it
    stat.S_ISCHR: "a character device",
    stat.S_ISBLK: "a block device",
    stat.S_ISFIFO: "a FIFO",
    stat.S_ISSOCK: "a socket",
}


class OutputError(OSError):
    """An output that cannot be written; the message is one line naming it and saying why."""


def reason(exc: OSError) -> str:
    """Why an OSError happened, in one line: the system's words for its errno (pyarrow's
    strerror is a sentence of its own naming the temporary file), else its message."""
    if isinstance(exc.errno, int):
        return os.strerror(exc.errno)
    found = re.search(r"\[errno (\d+)\]", str(exc))  # pyarrow: `... Detail: [errno 28] ...`
    return os.strerror(int(found[1])) if found else " ".join(str(exc).split())


def destination(path: Path) -> Path:
    """Where an output named `path` is written: the file a symbolic link points to (the link
    is kept), else `path` itself."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def destination_problem(path: Path) -> str | None:
    """Why no output can be written at `path` (its destination), as the end of a sentence
    naming it (`is a FIFO`), or None when it can: a new name or a regular file."""
    path = destination(path)
    try:
        os.fsencode(path).decode("utf-8")
    except UnicodeDecodeError:  # pyarrow and polars take only UTF-8 names
        return "is not a UTF-8 name"
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be looked up ({reason(exc)})"
    if stat.S_ISDIR(mode):
        return "is a directory"
    for is_kind, kind in SPECIAL_FILES.items():
        if is_kind(mode):
            return f"is {kind}"
    return None


def check_output_file(path: Path, option: str = "--out") -> None:
    """Refuse, as a one-line ConfigError naming `option`, a file output that cannot be written:
    before any game is played, not at the rename after them all."""
    from balance.errors import ConfigError

    problem = destination_problem(path)
    if problem is None and not Path(path).parent.is_dir():
        problem = "is not allowed"
    if problem:
        raise ConfigError(
            f"{option}: {str(path)!r} {problem} (allowed: a file in an existing directory, a "
            "new name or a regular file)"
        )


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return NAME_MAX


def _temporary_prefix(path: Path) -> bytes:
    """The start of the temporary names of `path`: its name and `.tmp-`, the name cut short
    so that a pid and a token still fit within the file system's limit on a name (a valid
    name of 250 bytes would not take the suffix)."""
    suffix = b".tmp-"
    name = os.fsencode(path.name)
    keep = _name_max(path.parent) - len(suffix) - TAIL_MAX
    if len(name) > keep:  # cut between characters: pyarrow takes only UTF-8 names
        name = name[:keep].decode("utf-8", "ignore").encode()
    return name + suffix


def temporary_beside(path: Path) -> Path:
    """An unused name in the folder of `path` to write it under before the rename: on the same
    file system, so the rename is atomic."""
    path = Path(path)
    tail = f"{os.getpid()}-{secrets.token_hex(4)}".encode()
    return path.with_name(os.fsdecode(_temporary_prefix(path) + tail))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        pass
    return True


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files of `path` that processes no longer alive left behind (killed
    by SIGKILL, or a power cut). Those of a live process, another run writing the same name
    now, are left alone. (A pid tells a live process on this machine only: in a folder shared
    by several machines, another machine's run of the same name may lose its temporary, and
    then fails with one line instead of renaming it.)"""
    path = Path(path)
    pattern = re.compile(re.escape(_temporary_prefix(path)) + rb"(\d{1,7})-[0-9a-f]{8}")
    with suppress(OSError), os.scandir(os.fsencode(path.parent)) as entries:
        for entry in entries:
            found = pattern.fullmatch(entry.name)
            if found and entry.is_file(follow_symlinks=False) and not _alive(int(found[1])):
                with suppress(FileNotFoundError):  # removed meanwhile by another run
                    os.unlink(entry.path)


@contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write the file `path` to; when the block ends without an
    error, rename it onto `path` (onto a symbolic link's target); on an error, Ctrl-C or
    SIGTERM remove it and re-raise. OutputError when `path` cannot take an output
    (`destination_problem`) or a write or the rename fails (a full disk, a read-only file
    system): one line naming `path`."""
    path = Path(path)
    problem = destination_problem(path)
    if problem:
        raise OutputError(f"{str(path)!r} {problem} (allowed: a new or regular file)")
    target = destination(path)
    remove_stale_temporaries(target)
    tmp = temporary_beside(target)
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException as exc:
        with suppress(OSError):  # the error that stopped the write is the one to report
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            raise OutputError(f"{str(path)!r} cannot be written ({reason(exc)})") from exc
        raise


@contextmanager
def locked_folder(folder: Path, lock: Path, command: str) -> Iterator[None]:
    """Make `folder` (and its parents) and hold the lock file `lock` while the block runs: a
    second `command` on the same output is refused at once, before it reads or changes anything
    (a killed process's lock goes with it). The error names --out, the lock's folder."""
    out = Path(lock).parent
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        held = os.fdopen(os.open(lock, os.O_RDWR | os.O_CREAT, 0o666), "r+")
    except OSError as exc:
        raise ConfigError(
            f"--out: {str(out)!r} is not allowed ({exc.strerror}; allowed: a writable directory)"
        ) from None
    with held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = held.read().strip()
            raise ConfigError(
                f"--out: {str(out)!r} is being written by another {command}"
                + (f" (process {holder})" if holder else "")
                + " (allowed: wait for it to end, or another --out)"
            ) from None
        held.truncate(0)
        held.write(str(os.getpid()))  # names the holder to a run refused by the lock
        held.flush()
        yield

"""balance: a Monte-Carlo balance analyzer for The Thing: Nemesis.

Compiled code is cached in a build folder tied to the package version and to a digest of the
compiled sources (`build_folder`), and only there (balance.compile.jit). Numba invalidates a
cached function only when its own file changes, not when a function or a constant it uses from
another module does; keying the folder by every source file means an edited kernel never runs
stale machine code.
"""

import hashlib
import os
from pathlib import Path

__version__ = "0.1.0"
# Bump when a change to rules or kernel changes per-game results for the same seed and config.
RULES_VERSION = "12"


# The modules compiled code is built from: the kernel, the policies, the entry points that wire
# them together (play.py), the constants they read and the compiler's choices (compile/jit.py).
_COMPILED_SOURCES = (
    "kernel/*.py",
    "classic/*.py",
    "play.py",
    "codes.py",
    "observation.py",
    "records.py",
    "../policies/*.py",
    "../policies/classic/*.py",
    "compile/jit.py",
)


def _source_digest() -> str:
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for pattern in _COMPILED_SOURCES:
        for path in sorted(root.glob(pattern)):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# Identifies the compiled code: results of the same seed and config can change only with it.
SOURCE_DIGEST = _source_digest()


# numba's switches that change the machine code it makes from the same sources: a kernel built
# with debug information or bounds checks (scripts/profile_kernel.py, a debugging session) is
# cached in a folder of its own, and never serves an ordinary run, nor it theirs.
_CODE_SWITCHES = ("NUMBA_DEBUGINFO", "NUMBA_BOUNDSCHECK", "NUMBA_OPT")


def cache_root() -> Path:
    """The folder that holds balance's compile caches, one build folder each: the user's
    NUMBA_CACHE_DIR when it is set, else `balance` in the user's cache folder."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "balance"


def build_folder() -> Path:
    """The folder this build's compiled code is cached in, the only one: named by the package
    version, the digest of the compiled sources and numba's code switches. A process and the
    processes it starts (the compile's helper, a sweep's workers) compute the same folder from
    the same environment."""
    switches = "".join(
        f"-{name[len('NUMBA_') :].lower()}{os.environ[name]}"
        for name in _CODE_SWITCHES
        if os.environ.get(name)
    )
    return cache_root() / f"numba-{__version__}-{SOURCE_DIGEST}{switches}"

"""balance: a Monte-Carlo balance analyzer for The Thing: Nemesis.

Importing the package points numba's compile cache at a folder tied to the package version, so a
new version never loads machine code compiled from an older kernel.
"""

import os
from pathlib import Path

__version__ = "0.1.0"
# Bump when a change to rules or kernel changes per-game results for the same seed and config.
RULES_VERSION = "1"


def _numba_cache_dir() -> str:
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return str(base / "balance" / f"numba-{__version__}")


# Must happen before numba is first imported; respect a cache dir the user chose.
os.environ.setdefault("NUMBA_CACHE_DIR", _numba_cache_dir())

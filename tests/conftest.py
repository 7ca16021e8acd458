import os
import sys
from pathlib import Path

# the scenario harness lives beside the tests
sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# CI draws the same examples every run, so a red build can be replayed; locally they vary, which
# keeps exploring new cases.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def compiled_kernel():
    """Compile the kernel (or load it from numba's cache) before the first test, as a first
    `balance run` does: split between two processes (balance.compile.warm). The scenario tests
    then reuse its functions instead of compiling them one by one, and on a clean clone the
    records-hash test checks the machine code of a split compile."""
    from balance.config import load_config
    from balance.runner import warm_up

    warm_up(load_config(12))


@pytest.fixture
def umask() -> int:
    """The process's umask: a file the user creates gets mode 0o666 & ~umask, a folder 0o777 &
    ~umask."""
    mask = os.umask(0)
    os.umask(mask)
    return mask

import os
import sys
from pathlib import Path

# the scenario harness lives beside the tests
sys.path.insert(0, str(Path(__file__).parent))

from hypothesis import settings  # noqa: E402

# CI draws the same examples every run, so a red build can be replayed; locally they vary, which
# keeps exploring new cases.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")

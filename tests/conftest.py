import sys
from pathlib import Path

# the scenario harness lives beside the tests
sys.path.insert(0, str(Path(__file__).parent))

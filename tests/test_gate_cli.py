"""`balance check` and `balance baseline` through the command line, on the committed baseline."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def balance(*args: str) -> subprocess.CompletedProcess:
    command = Path(sys.executable).parent / "balance"  # the entry point beside this python
    return subprocess.run([str(command), *args], cwd=ROOT, capture_output=True, text=True)


def test_check_passes_on_main_with_identical_records():
    done = balance("check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "identical per-game records" in done.stdout


def test_check_fails_when_fuel_burns_at_a_third_and_names_the_shift():
    done = balance("check", "--set", "generator.burn_per_turn=1/3")
    assert done.returncode == 1
    rows = [line for line in done.stdout.splitlines() if "human_win_rate" in line]
    assert any(line.split()[1] == "12" for line in rows), done.stdout
    assert "fail" in done.stdout


def test_a_change_too_small_to_matter_passes_as_records_changed():
    done = balance("check", "--set", "warehouse.red_axe_chance=0.25")
    assert done.returncode == 0, done.stdout
    assert "records changed, but no shift is significant" in done.stdout


def test_check_names_a_bad_override_in_one_line():
    done = balance("check", "--set", "things.start=99")
    assert done.returncode == 2
    assert done.stderr.strip().startswith("error: things.start")
    assert len(done.stderr.strip().splitlines()) == 1

"""Faults around `balance run`, `replay`, the baseline and the config files (issue 50, cases 5, 8,
9, 11, 12, 13 and 14): real signals sent to real `balance` processes, real FIFOs, devices,
symbolic links, full and read-only file systems, a full standard output and a closed pipe. Each
fault ends in one `error:` line (or the signal's exit code), no traceback, no partial output, and
a file already there left as it was."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from balance import gate
from balance.cli import app
from balance.config import CONFIG_DIR, load_config
from balance.errors import ConfigError
from balance.files import TEMPORARY_GLOB, written_whole

BALANCE = str(Path(sys.executable).parent / "balance")  # the entry point beside this python

# Games of some 5 to 10 ms each (16 idle players, 1,000 turns, every pool of items full): a
# chunk of 256 takes seconds, so a signal lands while one is playing and must not wait for it.
SLOW_GAMES = [
    "--players", "15", "--humans", "idle", "--things", "idle",
    *[
        arg
        for key_value in (
            "game.players=16", "game.max_turns=1000", "generator.burn_per_turn=0",
            "freezer.food_boxes=100", "stove.portions=20", "supply.canisters=200",
            "supply.spare_parts=200", "supply.scrap=200", "supply.wires=200",
            "laboratory.samples=200", "stock.pistols=50", "stock.bandages=50",
            "stock.blue_vials=50", "stock.red_vials=50", "warehouse.axes=100",
            "supply.flamethrowers=50", "supply.grenades=50", "supply.pistols=50",
        )
        for arg in ("--set", key_value)
    ],
]  # fmt: skip


def _assert_one_error_line(code: int, stderr: str, *names: str) -> None:
    lines = stderr.splitlines()
    assert code == 2, (code, stderr)
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    assert all(name in lines[0] for name in names), lines[0]


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


def _ctrl_c_as_in_a_terminal() -> None:
    """Ctrl-C's default action in the child, as a terminal's foreground command has it: a
    command started in the background by a non-interactive shell (a CI runner's may start the
    suite so) inherits SIGINT ignored, and Python then keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def start_run():
    """Start a real `balance run` of 2,000,000 slow games on one thread, writing `out`; the runs
    still alive at the test's end are killed, whatever the test found (one that missed its
    signal would play on for hours)."""
    runs: list[subprocess.Popen] = []

    def start(out: Path) -> subprocess.Popen:
        command = [BALANCE, "run", "--games", "2000000", "--threads", "1", *SLOW_GAMES]
        runs.append(
            subprocess.Popen(
                [*command, "--out", str(out)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                preexec_fn=_ctrl_c_as_in_a_terminal,
            )
        )
        return runs[-1]

    yield start
    for run in runs:
        if run.poll() is None:
            run.kill()
            run.communicate()


def _temporary_of(proc: subprocess.Popen, folder: Path) -> Path:
    """The temporary file of `proc`'s output once it appears: the run opens it just before its
    first chunk of games starts (after loading the compiled kernel, or compiling it)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        found = list(folder.glob(TEMPORARY_GLOB))
        if found:
            return found[0]
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    proc.kill()
    raise AssertionError("the run never opened its output")


# --- case 8 and case 11: signals ------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_a_run_within_a_second_and_leaves_the_earlier_file(
    tmp_path, signum, start_run
):
    """Ctrl-C, SIGTERM or SIGHUP while a compiled chunk plays: the run ends within about a
    second (not at the chunk's end, seconds later), with exit code 128 + the signal, no
    temporary file and the earlier output as it was."""
    out = tmp_path / "games.parquet"
    out.write_bytes(b"an earlier run")
    proc = start_run(out)
    _temporary_of(proc, tmp_path)
    time.sleep(0.1)  # the first chunk is playing
    sent = time.monotonic()
    proc.send_signal(signum)
    proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum
    assert time.monotonic() - sent < 1.5
    assert list(tmp_path.iterdir()) == [out] and out.read_bytes() == b"an earlier run"


def test_the_next_run_removes_the_temporary_file_of_a_killed_run(tmp_path, start_run):
    """SIGKILL leaves the temporary file (nothing runs in a killed process); the next run
    writing the same name removes it, and leaves the temporary file of a live process."""
    out = tmp_path / "games.parquet"
    proc = start_run(out)
    stale = _temporary_of(proc, tmp_path)
    proc.kill()
    proc.communicate()
    assert stale.exists()
    live = tmp_path / f"games.parquet.tmp-{os.getpid()}-0123abcd"  # this test's own: alive
    live.write_bytes(b"another run writing now")
    done = subprocess.run(
        [BALANCE, "run", "--games", "5", "--out", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert sorted(tmp_path.iterdir()) == sorted([out, live])
    assert pq.read_metadata(out).num_rows == 5


# --- case 12: special files and symbolic links ------------------------------------------------


def test_out_onto_a_fifo_is_refused_and_the_fifo_kept(tmp_path):
    fifo = tmp_path / "games.parquet"
    os.mkfifo(fifo)
    result = _cli("run", "--games", "5", "--out", str(fifo))
    _assert_one_error_line(result.exit_code, result.stderr, "--out", "is a FIFO")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and list(tmp_path.iterdir()) == [fifo]


def test_out_onto_a_character_device_is_refused_and_the_device_kept(tmp_path):
    """A device like /dev/null (as root a rename would replace the system's own): here a null
    device made in the test's folder."""
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device needs root")
    result = _cli("run", "--games", "5", "--out", str(device))
    _assert_one_error_line(result.exit_code, result.stderr, "--out", "is a character device")
    assert stat.S_ISCHR(device.lstat().st_mode) and list(tmp_path.iterdir()) == [device]


def test_out_through_a_symbolic_link_replaces_its_target_and_keeps_the_link(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "runs").mkdir()
    target = tmp_path / "data" / "games.parquet"
    target.write_bytes(b"an earlier run")
    link = tmp_path / "runs" / "latest.parquet"
    link.symlink_to("../data/games.parquet")
    result = _cli("run", "--games", "5", "--out", str(link), "--json")
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == "../data/games.parquet"
    assert pq.read_metadata(target).num_rows == 5
    assert list((tmp_path / "runs").iterdir()) == [link]
    assert list((tmp_path / "data").iterdir()) == [target]  # the temporary was beside the target


# --- case 13: I/O errors -------------------------------------------------------------------


def test_an_output_name_of_250_bytes_is_written(tmp_path):
    """A valid name near the limit of 255 bytes, which the temporary suffix would push past
    it: the temporary name is cut short instead."""
    out = tmp_path / ("é" * 121 + ".parquet")  # 250 bytes in UTF-8
    result = _cli("run", "--games", "5", "--out", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    assert list(tmp_path.iterdir()) == [out] and pq.read_metadata(out).num_rows == 5


def test_a_name_that_is_not_utf8_is_refused_in_one_line(tmp_path):
    done = subprocess.run(
        [BALANCE, "run", "--games", "5", "--out", b"games-\xff.parquet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    _assert_one_error_line(done.returncode, done.stderr, "--out", "not a UTF-8 name")
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_is_one_line():
    """/proc takes no new file, even from root."""
    result = _cli("run", "--games", "5", "--out", "/proc/games.parquet")
    _assert_one_error_line(result.exit_code, result.stderr, "'/proc/games.parquet'")


MOUNTED_RUN = """
mount -t tmpfs -o size=16k tmpfs "$1" && printf 'an earlier run' > "$1/games.parquet" &&
mount -o "remount,$2" "$1" || exit 99
"$3" run --games 3000 --out "$1/games.parquet"
echo "exit $?"
ls -A "$1"
cat "$1/games.parquet"
"""


@pytest.mark.parametrize(
    "options, reason", [("size=16k", "No space left on device"), ("ro", "Read-only file system")]
)
def test_a_full_or_read_only_file_system_is_one_line_and_the_earlier_file_kept(
    tmp_path, options, reason
):
    """A tmpfs of 16 KiB, full before the run's 3,000 records are written, or read-only,
    mounted in a private mount namespace (`unshare`, as root) that ends with the run."""
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode:
        pytest.skip("a private mount namespace needs unshare and root")
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", MOUNTED_RUN, "sh", str(tmp_path), options, BALANCE],
        capture_output=True,
        text=True,
    )
    assert done.stdout == "exit 2\ngames.parquet\nan earlier run", done.stdout + done.stderr
    _assert_one_error_line(2, done.stderr, "games.parquet' cannot be written", reason)


def test_a_write_that_fails_midway_is_one_line_and_leaves_nothing(tmp_path):
    """Files limited to 16 KiB (RLIMIT_FSIZE; Python ignores SIGXFSZ, so the write fails):
    the run's 3,000 records fail part way, as on a disk that fills up."""
    import resource

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))

    done = subprocess.run(
        [BALANCE, "run", "--games", "3000", "--out", str(tmp_path / "games.parquet")],
        capture_output=True,
        text=True,
        preexec_fn=limit_files,
    )
    _assert_one_error_line(done.returncode, done.stderr, "cannot be written (File too large)")
    assert list(tmp_path.iterdir()) == []


def test_standard_output_on_a_full_device_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [BALANCE, "run", "--games", "5", "--json"], stdout=full, stderr=subprocess.PIPE
        )
    assert done.stderr.decode() == (
        "error: standard output cannot be written (No space left on device)\n"
    )
    assert done.returncode == 2


def test_replay_into_a_closed_pipe_exits_141_quietly():
    """`balance replay --jsonl | head -1`: the reader leaves after a line; balance ends as a
    Unix tool killed by SIGPIPE does (exit 141), without a word on stderr."""
    replay = subprocess.Popen(
        [BALANCE, "replay", "--jsonl"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    head = subprocess.Popen(["head", "-1"], stdin=replay.stdout, stdout=subprocess.PIPE)
    replay.stdout.close()  # head holds the pipe's only reading end
    first, _ = head.communicate(timeout=120)
    stderr = replay.stderr.read()
    replay.wait(timeout=120)
    assert first.startswith(b'{"event": "turn_start"') and first.count(b"\n") == 1
    assert replay.returncode == 141 and stderr == b""


# --- case 5, case 9 and case 14: values and files -------------------------------------------


@pytest.mark.parametrize("text", ["things.start=2\nthings.start=3", "things.start=\t2"])
def test_a_set_value_with_a_control_character_is_refused(text):
    result = _cli("policies", "--set", text)
    _assert_one_error_line(result.exit_code, result.stderr, "--set", "control characters")


@pytest.mark.parametrize("value", ["01e999999999", '"1e999999999"', '"1e-999999999"'])
def test_a_fuel_value_with_an_absurd_exponent_or_length_is_refused_at_once(value):
    """Read exactly, 1e999999999 is a whole number of a billion digits: minutes of work."""
    started = time.monotonic()
    done = subprocess.run(
        [BALANCE, "policies", "--set", f"generator.burn_per_turn={value}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    _assert_one_error_line(done.returncode, done.stderr, "generator.burn_per_turn")
    assert time.monotonic() - started < 20


def test_a_set_integer_of_more_than_4300_digits_is_one_line():
    result = _cli("policies", "--set", "things.start=" + "1" * 4301)
    _assert_one_error_line(result.exit_code, result.stderr, "things.start", "4,300 digits")
    assert len(result.stderr) < 300  # the value is quoted cut short


@pytest.mark.parametrize("game", [str(10**30), str(2**63), "-1"])
def test_replay_refuses_a_game_index_outside_int64(game, monkeypatch):
    """Refused before the kernel is compiled for it (2**63 would compile it for uint64)."""
    monkeypatch.setattr("balance.compile.warm.compile_kernel", None)  # would raise if called
    result = _cli("replay", "--game", game)
    _assert_one_error_line(result.exit_code, result.stderr, "--game", "2**63-1")


@pytest.mark.parametrize("value", ["0", "-2", "many"])
def test_numba_num_threads_that_numba_cannot_use_is_one_line(value):
    done = subprocess.run(
        [BALANCE, "policies"],
        capture_output=True,
        text=True,
        env={**os.environ, "NUMBA_NUM_THREADS": value},
    )
    _assert_one_error_line(done.returncode, done.stderr, "NUMBA_NUM_THREADS", repr(value))


def test_a_config_file_with_a_byte_that_is_not_utf8_is_one_line(tmp_path):
    shutil.copytree(CONFIG_DIR, tmp_path / "configs")
    base = tmp_path / "configs" / "base.toml"
    base.write_bytes(b"# \xff\n" + base.read_bytes())
    with pytest.raises(ConfigError, match=r"^base\.toml: not valid TOML") as info:
        load_config(12, config_dir=tmp_path / "configs")
    assert "\n" not in str(info.value)


BASELINE_9 = """[meta]
humans = "expert"
things = "expert"

[presets."9"]
games = 10
seed = 1
config_hash = "x"
records_hash = "y"
human_wins = {wins}

[presets."9".end_reasons]
rescue = 10
escape = 0
things_dead = 0
humans_dead = 0
frozen = 0
timeout = 0
thing_escaped = 0
"""


@pytest.mark.parametrize(
    "text, problem",
    [
        ("[meta\nhumans = 1\n", "not TOML"),
        ('[meta]\nhumans = "expert"\nthings = "expert"\n', "no [presets] table"),
        (BASELINE_9.split("[presets")[0] + "[presets]\n", "no [presets] table"),
        (BASELINE_9.format(wins=5).replace("[meta]", "[other]"), "no [meta] table"),
        (BASELINE_9.format(wins=11), "human_wins is not a whole number from 0 to its games"),
        (BASELINE_9.format(wins=5).replace("escape = 0", ""), "end_reasons.escape"),
    ],
    ids=["not TOML", "no presets", "empty presets", "no meta", "more wins", "reason missing"],
)
def test_a_malformed_baseline_is_one_line_naming_it(tmp_path, text, problem):
    path = tmp_path / "baseline.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        gate.check(path=path)
    message = str(info.value)
    assert "\n" not in message and f"baseline: {str(path)!r}" in message and problem in message


def test_an_absent_baseline_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(gate, "BASELINE", tmp_path / "baseline.toml")
    result = _cli("baseline")
    _assert_one_error_line(result.exit_code, result.stderr, "baseline.toml", "does not exist")


def test_written_whole_refuses_a_fifo_and_names_the_output(tmp_path):
    """The library's own check, for every output (cells, the baseline), not only `run --out`."""
    fifo = tmp_path / "baseline.toml"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="baseline.toml' is a FIFO"):
        with written_whole(fifo) as tmp:
            tmp.write_text("x")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and list(tmp_path.iterdir()) == [fifo]

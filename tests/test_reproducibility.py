"""Reproducibility: game i depends only on (seed, i), whatever the threads, batches or mode."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numba
import numpy as np
import pytest

from balance import runner
from balance.config import load_config
from balance.runner import play_batches, replay_game, run_games

ROOT = Path(__file__).resolve().parents[1]
DUMP = """
import sys, numpy as np
from balance.config import load_config
from balance.runner import run_games
cfg = load_config(12)
whole = run_games(cfg, 3000, 2024)
# batches of 700 (4 of them and a short one): the threads play the next batch's chunks while
# this one's are awaited
batched = run_games(cfg, 3000, 2024, batch_size=700)
sys.stdout.buffer.write(whole.tobytes() + batched.tobytes())
"""


def records_with_threads(threads: int) -> bytes:
    env = {**os.environ, "NUMBA_NUM_THREADS": str(threads)}
    return subprocess.run(
        [sys.executable, "-c", DUMP], env=env, cwd=ROOT, check=True, capture_output=True
    ).stdout


def test_same_records_with_one_and_two_threads_in_one_batch_or_several():
    one, two = records_with_threads(1), records_with_threads(2)
    half = len(one) // 2
    assert half > 0 and one == two
    assert one[:half] == one[half:]


def test_batch_size_and_offset_do_not_change_records():
    cfg = load_config(9)
    whole = run_games(cfg, 500, 7)
    batched = run_games(cfg, 500, 7, batch_size=37)
    assert np.array_equal(whole, batched)
    tail = run_games(cfg, 200, 7, first_game=300)
    assert np.array_equal(whole[300:], tail)


def test_play_batches_cut_the_same_records_in_game_order():
    cfg = load_config(9)
    whole = run_games(cfg, 500, 7)
    batches = list(play_batches(cfg, 500, 7, batch_size=37))
    assert [len(b) for b in batches] == [37] * 13 + [19]
    assert np.array_equal(np.concatenate(batches), whole)


def play_on_one_thread_with(monkeypatch, entry):
    """The runner plays on one pool thread with `entry` standing in for the compiled kernel."""
    monkeypatch.setattr("balance.play.entry_point", lambda rules, policies: entry)
    monkeypatch.setattr("balance.compile.warm.compile_kernel", lambda *args: None)
    monkeypatch.setattr(numba, "get_num_threads", lambda: 1)


def test_a_run_stopped_early_drops_the_queued_games(monkeypatch):
    """The next batch's chunks are queued while a batch is handed out; when the caller stops
    (an error, Ctrl-C, a break), those not started are cancelled, not played to the end."""
    played = []
    second_batch_started = threading.Event()

    def entry(g, seed, first_game, out, rules, policies):  # stands in for the kernel
        played.append(first_game)
        if first_game >= 3 * runner.CHUNK:
            second_batch_started.set()
            time.sleep(1.0)  # the second batch: still playing its first chunk at the stop

    play_on_one_thread_with(monkeypatch, entry)
    batches = play_batches(load_config(9), 30 * runner.CHUNK, 0, batch_size=3 * runner.CHUNK)
    assert len(next(batches)) == 3 * runner.CHUNK
    # the pool's thread goes on to the second batch as the first is handed out; stop once it
    # has, or the stop could come first and cancel that chunk too
    assert second_batch_started.wait(timeout=30)
    batches.close()
    # the first batch's three chunks and the second's first, running when it stopped; the
    # second's other two were cancelled, and no third batch was queued
    assert played == [0, runner.CHUNK, 2 * runner.CHUNK, 3 * runner.CHUNK]


def test_a_chunk_error_drops_the_rest_of_its_batch(monkeypatch):
    """A chunk's error reaches the caller, and the chunks of its batch not yet started are
    cancelled with the queued batch's, not played to the end."""
    played = []

    def entry(g, seed, first_game, out, rules, policies):  # stands in for the kernel
        played.append(first_game)
        if first_game == 0:
            raise RuntimeError("a chunk failed")
        time.sleep(1.0)  # the next chunk, if the pool's thread started it before the stop

    play_on_one_thread_with(monkeypatch, entry)
    batches = play_batches(load_config(9), 8 * runner.CHUNK, 0, batch_size=4 * runner.CHUNK)
    with pytest.raises(RuntimeError, match="a chunk failed"):
        next(batches)
    # the failed chunk, and at most the one the thread went on to: the batch's last two and
    # the queued batch's four were cancelled
    assert played in ([0], [0, runner.CHUNK])


def test_replay_reproduces_the_batch_record():
    for players in (9, 12, 15):
        cfg = load_config(players)
        batch = run_games(cfg, 60, 99)
        for game in (0, 17, 59):
            replayed = replay_game(cfg, 99, game)
            assert replayed.record.tolist() == batch[game].tolist()


def test_different_seeds_differ():
    cfg = load_config(12)
    assert not np.array_equal(run_games(cfg, 200, 1), run_games(cfg, 200, 2))

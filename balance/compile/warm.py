"""A cold compile on two cores: a helper process compiles the declaration checks and the turn's
resolution while this one compiles the rest of the kernel.

Numba compiles in one thread, so the first run after an install or a change of the compiled
sources kept one core busy for minutes and left the other idle. `compile_kernel` starts a
helper (`python -m balance.compile.warm`) that compiles `declare` and `resolve_turn`, and all
they call, into numba's on-disk cache, and meanwhile compiles the entry point here (balance.play:
play_chunk or play_expert_chunk, which call them alike). This compile reaches `declare` after
the setup, the start of the turn, the observation and the policies, about as much work as the
helper's; it waits there for the helper to report each of the two, and numba loads them from
the cache. Before the entry point it compiles a part of the resolution the helper reaches late,
for the helper to load, and the end of the turn, which it would otherwise compile after the wait
(`_compiled_here_first`): that evens the two sides' work. A cached function keeps its LLVM
module for linking into its callers, so the entry point's machine code, and every record, is
the same as from a compile in one process.
"""

import functools
import os
import subprocess
import sys

import numba
import numpy as np
from numba.core.caching import NullCache

from balance.kernel.actions import declare
from balance.kernel.contagion import check_saliva, resolve_contagion, warm_burned_rooms
from balance.kernel.game import check_end, finish_record, resolve_turn
from balance.kernel.lab import run_analyzer
from balance.kernel.station import update_temperatures

# what the helper prints once a function is in the cache: "<name> compiled"
_REPORT = " compiled"


def _helper_calls(g, rules, rec) -> tuple:
    """The functions the helper compiles, in the order an entry point's compile reaches them,
    each with the arguments it passes them (game.py: declare_by_policies, finish_turn), whose
    types it is compiled for."""
    ip, fp, room_block, adjacent, _ = rules
    c = n_wanted = 0  # a character's index and his count of declarations: int64
    resolution = (g.ch, g.it, g.st, g.rng, g.events, g.decl, g.order, ip, fp, room_block, rec)
    return (
        (declare, (g.ch, g.it, g.st, g.decl, ip, adjacent, room_block, c, n_wanted)),
        (resolve_turn, resolution),
    )


def _compiled_here_first(g, rules, rec) -> tuple:
    """The functions this process compiles before the entry point, while the helper compiles
    its own, with the arguments the entry point's code passes them (actions.resolve,
    game.resolve_turn and finish_turn). Without them the helper took some 7 s longer than this
    compile took to reach resolve_turn, which waited there for it:

    - a part of the resolution the helper reaches among the last (`resolve_contagion`, about
      1.5 s), which it then loads from the cache this process wrote;
    - the functions the entry point calls after resolve_turn (its end of turn), which were
      compiled after the wait, and now are before it."""
    ip, fp, room_block, _, _ = rules
    c = j = action = target = arg = 0  # a character's index, his declaration's, and it: int64
    resolution = (g.ch, g.it, g.st, g.rng, g.events, g.decl, ip, fp, room_block, c, j)
    resolution += (action, target, arg, rec)
    return (
        (resolve_contagion, resolution),
        (run_analyzer, (g.it, g.st, g.events, ip, room_block, rec)),
        (check_saliva, (g.ch, g.it, g.st, g.events)),
        (update_temperatures, (g.st, ip, room_block)),
        (warm_burned_rooms, (g.st, ip)),
        (check_end, (g.ch, g.st, g.events, ip, rec, True)),
        (finish_record, (g.ch, g.st, rec)),
    )


def _signatures(calls) -> list:
    return [(f, tuple(numba.typeof(a) for a in args)) for f, args in calls]


def helper_signatures(g, rules, rec) -> list:
    """(function, argument types) of each function the helper compiles, for the game arrays g,
    the packed rules and a record row rec."""
    return _signatures(_helper_calls(g, rules, rec))


def _is_cached(dispatcher, sig: tuple) -> bool:
    """Whether numba's on-disk cache holds `dispatcher` compiled for `sig`: a read of its index
    (numba internals; a change there only makes every compile a cold one)."""
    try:
        cache = dispatcher._cache
        key = cache._index_key(sig, dispatcher.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except (AttributeError, TypeError):
        return False


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


class _Helper:
    """The helper process, as this compile waits for its reports."""

    def __init__(self, stdout):
        self.stdout = stdout
        self.reported = set()

    def await_report(self, name: str) -> None:
        """Wait until the helper reports `name` compiled, or ends without doing so (an error,
        a kill): numba then compiles it here."""
        while name not in self.reported:
            line = self.stdout.readline()
            if not line:
                return
            if line.strip().endswith(_REPORT):
                self.reported.add(line.strip()[: -len(_REPORT)])


def compile_kernel(entry, g, seed, first_game, out, rules, policies) -> None:
    """Compile the entry point `entry` (balance.play.entry_point) for the types of these arguments
    (those of a call), or load it from numba's cache when it is there, in this thread: the
    runner's threads then only call it. A cold compile on a machine of two cores or more is
    split with a helper process, which hands its functions over through the on-disk cache: none
    when the cache cannot be written (balance.compile.jit._KernelCache.of)."""
    sig = tuple(numba.typeof(a) for a in (g, seed, first_game, out, rules, policies))
    if sig in entry.overloads:
        return
    if _is_cached(entry, sig) or _cores() < 2 or isinstance(entry._cache, NullCache):
        entry.compile(sig)  # loads it, or compiles it in this process alone
        return
    process = subprocess.Popen(
        [sys.executable, "-m", "balance.compile.warm"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    helper = _Helper(process.stdout)
    twins = [f.compiled_code_twin for f, _ in _helper_calls(g, rules, out[0])]
    for twin in twins:
        twin.compiled_elsewhere = functools.partial(helper.await_report, twin.py_func.__name__)
    try:
        for f, types in _signatures(_compiled_here_first(g, rules, out[0])):
            f.compiled_code_twin.compile(types)
        entry.compile(sig)
    finally:
        for twin in twins:
            twin.compiled_elsewhere = None
        process.kill()  # done by now unless this compile never needed it
        process.wait()
        process.stdout.close()


def _compile_for_entry_points() -> None:
    """The helper: compile its functions for the kernel's argument types into the cache."""
    from balance.config import PRESET_PLAYERS, load_config, pack
    from balance.kernel.state import allocate
    from balance.records import N_FIELDS

    rules = tuple(pack(load_config(PRESET_PLAYERS[0])))  # any config: the types are the same
    g = allocate(rules[0], 0)
    for f, sig in helper_signatures(g, rules, np.zeros(N_FIELDS, dtype=np.int64)):
        f.compiled_code_twin.compile(sig)
        print(f.py_func.__name__ + _REPORT, flush=True)


if __name__ == "__main__":
    _compile_for_entry_points()

"""A cold compile on two cores: a helper process compiles the turn's resolution while this one
compiles the rest of the kernel.

Numba compiles in one thread, so the first run after an install or a change of the compiled
sources kept one core busy for minutes and left the other idle. `compile_kernel` starts a
helper (`python -m balance.kernel.warm`) that compiles `resolve_turn`, and all it calls, into
numba's on-disk cache, and meanwhile compiles `play_chunk` here. This compile reaches
`resolve_turn` after the setup, the start of the turn, the observation and the policies, about
as much work as the helper's; it waits there for the helper to report, and numba loads
`resolve_turn` from the cache. A cached function keeps its LLVM bitcode for linking into its
callers, so `play_chunk`'s machine code, and every record, is the same as from a compile in
one process.
"""

import functools
import os
import subprocess
import sys

import numba
import numpy as np

from balance.kernel.game import play_chunk, resolve_turn

# what the helper prints once resolve_turn is in the cache
_DONE = "resolve_turn compiled"


def _resolve_turn_args(g, rules, rec):
    """The arguments finish_turn passes to resolve_turn (game.py), whose types the helper
    compiles it for."""
    ip, fp, room_block, _, _ = rules
    return (g.ch, g.it, g.st, g.rng, g.events, g.decl, g.order, ip, fp, room_block, rec)


def resolve_turn_signature(g, rules, rec) -> tuple:
    """The argument types of resolve_turn as play_chunk calls it, for the game arrays g, the
    packed rules and a record row rec."""
    return tuple(numba.typeof(a) for a in _resolve_turn_args(g, rules, rec))


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


def _await_helper(helper: subprocess.Popen) -> None:
    for line in helper.stdout:
        if line.strip() == _DONE:
            return
    # the helper ended without compiling it (an error, a kill): numba compiles it here


def compile_kernel(g, seed, first_game, out, rules, policies) -> None:
    """Compile play_chunk for the types of these arguments (those of a call), or leave it to
    load from numba's cache when it is there. A cold compile on a machine of two cores or more
    is split with a helper process."""
    sig = tuple(numba.typeof(a) for a in (g, seed, first_game, out, rules, policies))
    if sig in play_chunk.overloads or _is_cached(play_chunk, sig) or _cores() < 2:
        return  # the call loads or compiles it
    helper = subprocess.Popen(
        [sys.executable, "-m", "balance.kernel.warm"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    twin = resolve_turn.compiled_code_twin
    twin.compiled_elsewhere = functools.partial(_await_helper, helper)
    try:
        play_chunk.compile(sig)
    finally:
        twin.compiled_elsewhere = None
        helper.kill()  # done by now unless this compile never needed it
        helper.wait()
        helper.stdout.close()


def _compile_resolution() -> None:
    """The helper: compile resolve_turn for the kernel's argument types into the cache."""
    from balance.config import PRESET_PLAYERS, load_config, pack
    from balance.kernel.state import allocate
    from balance.records import N_FIELDS

    rules = tuple(pack(load_config(PRESET_PLAYERS[0])))  # any config: the types are the same
    g = allocate(rules[0], 0)
    rec = np.zeros(N_FIELDS, dtype=np.int64)
    resolve_turn.compiled_code_twin.compile(resolve_turn_signature(g, rules, rec))
    print(_DONE, flush=True)


if __name__ == "__main__":
    _compile_resolution()

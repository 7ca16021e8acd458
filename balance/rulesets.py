"""The two rulesets' kernels behind one interface, so that the runner plays either alike.

A ruleset's kernel is: how a Config is packed into the arrays its compiled code reads, how one
game's arrays are allocated, which compiled entry point plays a chunk of games for these rules
and policies, and how that entry point is compiled (or loaded from the cache) before the
threads call it. The main ruleset ("nemesis") is balance.kernel with balance.play; the classic
one is balance.classic.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

import numba

from balance.config import Config


class Kernel(NamedTuple):
    pack: Callable  # (cfg, check_invariants) -> the rules tuple the entry point takes
    allocate: Callable  # (ip, n_events, stop=None) -> one game's arrays
    entry_point: Callable  # (rules, policies) -> the compiled chunk player
    compile_kernel: Callable  # (entry, g, seed, first_game, out, rules, policies) -> None


def compile_in_one_process(entry, g, seed, first_game, out, rules, policies) -> None:
    """Compile (or load) an entry point for these arguments' types in this process."""
    sig = tuple(numba.typeof(a) for a in (g, seed, first_game, out, rules, policies))
    if sig not in entry.overloads:
        entry.compile(sig)


def kernel(cfg: Config) -> Kernel:
    """The kernel that plays `cfg`'s ruleset (imported on first use: each compiles apart)."""
    if cfg.ruleset == "classic":
        from balance.classic.play import entry_point
        from balance.classic.state import allocate
        from balance.config import pack_classic

        return Kernel(pack_classic, allocate, entry_point, compile_in_one_process)
    from balance.compile.warm import compile_kernel
    from balance.config import pack
    from balance.kernel.state import allocate
    from balance.play import entry_point

    return Kernel(pack, allocate, entry_point, compile_kernel)

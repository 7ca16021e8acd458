"""`@compiled`: how every kernel and policy function is compiled (numba, nopython, cached).

Two choices differ from a plain `@njit(cache=True)`, both measured (docs/performance.md):

- No runtime (`_nrt=False`): a function borrows the arrays it is handed and never counts
  references to them. A game's arrays are allocated in Python (state.allocate) once per chunk
  and outlive every call, so numba's reference counts (an atomic increment and decrement of an
  array's count at most calls and views) were pure cost: 28% of a turn. Compiled code cannot
  allocate arrays then, and does not need to.
- One compilation per argument *type*: numba compiles a function called from compiled code anew
  for every combination of constants it is called with (`log_event(..., -1, 0)` and
  `log_event(..., x, 0)` are two functions to it: write_event had 33 copies), which was a
  quarter of the compilations. The dispatcher below drops the constants' values from the call's
  types before it compiles; the code is the same, only compiled once.
"""

from numba.core import types
from numba.core.registry import CPUDispatcher


class TypeKeyedDispatcher(CPUDispatcher):
    """A CPU dispatcher that specialises on argument types, never on constant values."""

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


def compiled(func=None, *, nogil=False, inline=False):
    """Compile `func` in nopython mode, cached on disk (balance.__init__ picks the folder).
    nogil=True releases the GIL while it runs, for an entry point played from several threads.

    inline=True inlines the function's body into its callers before they are typed, so it is
    not compiled on its own when called from compiled code. Numba compiles every function with
    all the functions it calls linked in, so a thin wrapper over the whole turn costs a compile
    of the whole kernel; inlining the wrappers between the entry point and the turn's parts
    saves those. It costs typing the body at each call site: for thin, single-caller functions
    only (inlining the small helpers called from many places made compiling slower)."""

    def wrap(f):
        options = {"nopython": True, "_nrt": False, "nogil": nogil}
        if inline:
            options["inline"] = "always"
        dispatcher = TypeKeyedDispatcher(py_func=f, locals={}, targetoptions=options)
        dispatcher.enable_caching()
        return dispatcher

    return wrap if func is None else wrap(func)

"""`@compiled`: how every kernel and policy function is compiled (numba, nopython, cached).

Three choices differ from a plain `@njit(cache=True)`, all measured (docs/performance.md):

- No runtime (`_nrt=False`): a function borrows the arrays it is handed and never counts
  references to them. A game's arrays are allocated in Python (state.allocate) once per chunk
  and outlive every call, so numba's reference counts (an atomic increment and decrement of an
  array's count at most calls and views) were pure cost: 28% of a turn. Compiled code cannot
  allocate arrays then, and does not need to.
- One compilation per argument *type*: numba compiles a function called from compiled code anew
  for every combination of constants it is called with (`log_event(..., -1, 0)` and
  `log_event(..., x, 0)` are two functions to it: write_event had 33 copies), which was a
  quarter of the compilations. The compiled-code dispatcher below drops the constants' values
  from the call's types before it compiles; the code is the same, only compiled once.
- No wrappers where nothing calls them: numba gives every compiled function a wrapper that
  converts Python objects (called from Python) and one callable through a C pointer (never
  used here). Nearly every function is called only from other compiled code, and building,
  optimising and emitting the two wrappers was a seventh of the kernel's compile time. Each
  function therefore has two dispatchers: the one its name is bound to, called from Python
  (the runner's entry point, a test), compiles with the Python wrapper; calls from compiled
  code go to its twin, which compiles without either wrapper. A function's code is the same
  in both; only what is compiled around it differs.
"""

from numba.core import types
from numba.core.caching import FunctionCache
from numba.core.registry import CPUDispatcher


class _CompiledCodeCache(FunctionCache):
    """The on-disk cache of the compiled-code twin: the same files as its Python-callable
    dispatcher's, under keys of their own, so neither ever loads the other's machine code
    (the twin's has no Python wrapper to call)."""

    def _index_key(self, sig, codegen):
        return ("called from compiled code",) + super()._index_key(sig, codegen)


class _CompiledCodeDispatcher(CPUDispatcher):
    """The twin that compiled code calls: no wrappers, and one compilation per argument type,
    never per combination of constant values.

    `compiled_elsewhere`, when set, is called (once) before this function is first compiled:
    it waits until another process has compiled it into the on-disk cache, from which numba
    then loads it (balance.kernel.warm splits a cold compile between two processes)."""

    compiled_elsewhere = None

    def enable_caching(self):
        self._cache = _CompiledCodeCache(self.py_func)

    def compile(self, sig):
        wait, self.compiled_elsewhere = self.compiled_elsewhere, None
        if wait is not None and tuple(sig) not in self.overloads:
            wait()
        return super().compile(sig)

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


class CompiledFunction(CPUDispatcher):
    """A compiled function as Python sees it: called from Python it compiles with the Python
    wrapper; a call from compiled code is typed, compiled and linked through its twin."""

    def get_call_template(self, args, kws):
        return self.compiled_code_twin.get_call_template(args, kws)

    def get_overload(self, sig):
        return self.compiled_code_twin.get_overload(sig)


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
        options = {"nopython": True, "_nrt": False, "nogil": nogil, "no_cfunc_wrapper": True}
        if inline:
            options["inline"] = "always"
        dispatcher = CompiledFunction(py_func=f, locals={}, targetoptions=options)
        dispatcher.enable_caching()
        twin = _CompiledCodeDispatcher(
            py_func=f, locals={}, targetoptions={**options, "no_cpython_wrapper": True}
        )
        twin.enable_caching()
        dispatcher.compiled_code_twin = twin
        return dispatcher

    return wrap if func is None else wrap(func)

"""`@compiled`: how every kernel and policy function is compiled (numba, nopython, cached).

Seven choices differ from a plain `@njit(cache=True)`, all measured (docs/performance.md):

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
- No machine code where nothing runs it, and one optimisation of the whole: numba emits
  machine code for every function it compiles, though a function called from compiled code
  only ever runs as part of its callers, which link in its LLVM module and emit their own
  machine code for it; and it optimises each function's module with all its callees linked
  in, so the code of a small helper was optimised again at every level above it. The twin's
  library therefore stops at its module with its callees linked in, each function optimised
  on its own (`_KernelLibrary`), and is cached as that module's bitcode; the entry point
  optimises the whole kernel once, as numba optimises any module. Emitting the code was a
  sixth of a cold compile, and optimising the twins' modules another sixth.
- The linked functions internal to the entry point's module: numba gives each function it
  links into a caller linkonce_odr linkage (another module may define and call it), which
  keeps LLVM from changing its arguments or counting a function called once as free to
  inline. Nothing but the entry point's own module calls them, so they are made internal
  before it is optimised: about a quarter more games per second, for some 3 s more of the
  entry point's optimisation.
- No loop vectorising: the kernel's loops are short, branching and over integers; LLVM's loop
  vectoriser cost a third of the entry point's optimisation and gained no speed.
- No negative indices counted from the end: numba makes `a[i]` of a signed `i` compute
  `i + len(a)` when `i < 0`, as Python does, at every index of every array. No kernel function
  indexes from the end (a literal negative index still works), so a kernel function's
  variable indices are used as they are (`_index_as_is`): about a fifth more games per second. An
  index that is negative anyway is then out of bounds, which a run with numba's bounds checks
  on (NUMBA_BOUNDSCHECK=1) reports as an IndexError (tests/test_kernel_compile.py plays games
  so).

Compiled code is cached in balance's build folder (balance.build_folder) and nowhere else: numba
falls back on other folders (`__pycache__` beside the sources, a user-wide one) when its own
cannot be written, and those are keyed by a function's own file only, so an edited policy would
run the old machine code of the kernel functions that inline it. When the build folder cannot
be written, functions compile without a cache, and the process says so once.

Besides, two choices make numba's own work in a compile shorter: a compile started from Python
runs on a deep Python stack (`_on_a_deep_stack`), and numba's flags list their values without a
property call per option (`_option_values`).
"""

import functools
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from types import FunctionType

from llvmlite import binding as ll
from llvmlite import ir
from numba.core import config, types
from numba.core.caching import (
    CompileResultCacheImpl,
    FunctionCache,
    NullCache,
    _CacheLocator,
    _SourceFileBackedLocatorMixin,
)
from numba.core.codegen import JITCodeLibrary
from numba.core.registry import CPUDispatcher, cpu_target
from numba.core.targetconfig import TargetConfig
from numba.np import arrayobj

import balance


def _call(f, args):
    return f(*args)


# f(*args) in a frame that claims 2**20 stack slots (8 MiB): CPython 3.11 and 3.12 keep Python
# frames in chunks of 16 KiB and free a chunk as soon as the frame that opened it returns, so
# numba's compile, deep and looping, crossed a chunk's end some 800,000 times, each an mmap
# and munmap with its page faults (CPython gh-142183, fixed in 3.13): a seventh of a cold
# compile. This frame opens a chunk of 16 MiB, and the compile's frames fit in the half it
# leaves; the pages are only claimed from the system as frames use them.
_on_a_deep_stack = FunctionType(
    _call.__code__.replace(co_stacksize=2**20), globals(), "_on_a_deep_stack"
)


class _Compiling:
    """What numba is compiling now: TWIN, a function that runs only inside its callers (a
    twin's compile, and the numba internals it types), whose library is link-only; KERNEL, a
    kernel function called from Python (an entry point, a test's call), whose library optimises
    all the code it links; or None, any other function (a notebook's own), which numba compiles
    as it always does. Compiles nest (a caller's typing compiles its callees) and hold numba's
    compiler lock; numba creates a function's library after typing its callees."""

    TWIN, KERNEL = "twin", "kernel"
    now = None

    def __init__(self, what: str):
        self._what, self._outer = what, None

    def __enter__(self):
        self._outer, _Compiling.now = _Compiling.now, self._what

    def __exit__(self, *exc):
        _Compiling.now = self._outer

    @staticmethod
    def compile(what: str, compile_sig, sig):
        """compile_sig(sig) as `what`; a compile started from Python (not nested in another
        one) on a deep stack, which the compiles nested in it share."""
        outermost = _Compiling.now is None
        with _Compiling(what):
            return _on_a_deep_stack(compile_sig, (sig,)) if outermost else compile_sig(sig)


_fix_integer_index = arrayobj.fix_integer_index


def _index_as_is(context, builder, idxty, idx, size):
    """numba's fix_integer_index, which lowers an integer index of an array, without the
    wraparound of a negative variable index while a kernel function compiles."""
    if _Compiling.now is None or not idxty.signed or isinstance(idx, ir.Constant):
        return _fix_integer_index(context, builder, idxty, idx, size)
    return context.cast(builder, idx, idxty, types.intp)


arrayobj.fix_integer_index = _index_as_is


_option_defaults = {}  # per TargetConfig class: each option's default


def _option_values(self):
    """numba's TargetConfig.values, the dict of every option's value, built from the options'
    defaults and the values set instead of through a property per option. Typing a call to an
    overloaded function (`min`, an array method) hashes and compares the compile's flags, which
    each build this dict: some 230,000 times in a cold compile, 3 s of it."""
    defaults = _option_defaults.get(type(self))
    if defaults is None:
        defaults = {k: option.default for k, option in type(self).options.items()}
        _option_defaults[type(self)] = defaults
    return {**defaults, **self._values}


TargetConfig.values = _option_values


class _KernelLibrary(JITCodeLibrary):
    """numba's code library, which when created for a function that runs only inside its
    callers keeps its LLVM module for them to link, leaves optimising the module to the
    function called from Python that links it (which optimises all it links at once) and emits
    no machine code; and which optimises a kernel function called from Python with the
    functions it links made internal to its module, and without LLVM's loop vectoriser (numba
    reads the switch when it builds the passes)."""

    def __init__(self, codegen, name):
        super().__init__(codegen, name)
        self._link_only = _Compiling.now == _Compiling.TWIN
        self._kernel = _Compiling.now == _Compiling.KERNEL
        self._own_functions = set()  # defined in the function's own modules, not linked in

    def add_llvm_module(self, ll_module):
        self._own_functions.update(f.name for f in ll_module.functions if not f.is_declaration)
        super().add_llvm_module(ll_module)

    def _optimize_final_module(self):
        if self._link_only:
            return
        if not self._kernel:
            super()._optimize_final_module()
            return
        for f in self._final_module.functions:  # nothing outside this module calls them
            if not f.is_declaration and f.name not in self._own_functions:
                f.linkage = ll.Linkage.internal
        vectorize, config.LOOP_VECTORIZE = config.LOOP_VECTORIZE, False
        try:
            super()._optimize_final_module()
        finally:
            config.LOOP_VECTORIZE = vectorize

    def _finalize_final_module(self):
        if not self._link_only:
            super()._finalize_final_module()
            return
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        self._finalized = True  # never added to the JIT engine: no machine code

    def serialize_using_object_code(self):
        if not self._link_only:
            return super().serialize_using_object_code()
        return (self.name, "bitcode", self._get_module_for_linking().as_bitcode())

    @classmethod
    def _unserialize(cls, codegen, state):
        name, kind, data = state
        if kind != "bitcode":
            return super()._unserialize(codegen, state)
        self = codegen.create_library(name)
        self._link_only = True
        self._final_module = ll.parse_bitcode(data)  # already the module for linking
        self._finalize_final_module()
        return self


def _emit_kernel_libraries(codegen) -> None:
    """Make numba's CPU code generator create _KernelLibrary libraries. numba points each
    compiled function's environment global at its environment object; a link-only library has
    no such global in the JIT engine (address 0), and its callers never read it."""
    set_env = codegen.set_env

    def set_env_if_emitted(env_name, env):
        if codegen._engine.get_global_value_address(env_name) != 0:
            set_env(env_name, env)

    codegen._library_class = _KernelLibrary
    codegen.set_env = set_env_if_emitted


_emit_kernel_libraries(cpu_target.target_context.codegen())


_said_uncached = False  # whether this process has said that it compiles without a cache


def _say_uncached(folder: Path, exc: OSError) -> None:
    """Say, once per process, that compiled code is not cached, why, and what to do."""
    global _said_uncached
    if not _said_uncached:
        _said_uncached = True
        print(
            f"warning: cannot write the compile cache {folder} ({exc.strerror or exc}); "
            "compiling without a cache, so every run compiles (about a minute): "
            "set XDG_CACHE_HOME or NUMBA_CACHE_DIR to a writable folder",
            file=sys.stderr,
            flush=True,
        )


@functools.cache
def _writable(folder: Path) -> bool:
    """Whether the build folder can be created and written in (else say so)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as exc:
        _say_uncached(folder, exc)
        return False
    return True


class _BuildFolderLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
    """Where numba caches a function: the build folder, in a sub-folder per source folder (as
    numba names it under a NUMBA_CACHE_DIR)."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self.build_folder = balance.build_folder()
        self._cache_path = str(self.build_folder / self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self):
        return self._cache_path

    @classmethod
    def from_function(cls, py_func, py_file):
        return cls(py_func, py_file)  # never None, which would send numba to the next locator


class _BuildFolderCacheImpl(CompileResultCacheImpl):
    """numba's cache of compile results, with the build folder as its only locator."""

    _locator_classes = [_BuildFolderLocator]

    def __init__(self, py_func):
        # numba takes its locators from NUMBA_CACHE_LOCATOR_CLASSES instead when it is set
        chosen, config.CACHE_LOCATOR_CLASSES = config.CACHE_LOCATOR_CLASSES, ""
        try:
            super().__init__(py_func)
        finally:
            config.CACHE_LOCATOR_CLASSES = chosen


class _KernelCache(FunctionCache):
    """The on-disk cache of a compiled function, in the build folder only. A folder that cannot
    be read or written any more (removed meanwhile, a full disk) ends the caching of the
    function instead of its compile."""

    _impl_class = _BuildFolderCacheImpl

    @classmethod
    def of(cls, py_func):
        """The cache of `py_func`, or none when the build folder cannot be written."""
        return cls(py_func) if _writable(balance.build_folder()) else NullCache()

    def load_overload(self, sig, target_context):
        with self._or_uncached():
            return super().load_overload(sig, target_context)
        return None  # the folder failed: compile it

    def save_overload(self, sig, data):
        with self._or_uncached():
            super().save_overload(sig, data)

    @contextmanager
    def _or_uncached(self):
        try:
            yield
        except OSError as exc:
            _say_uncached(self._impl.locator.build_folder, exc)
            self.disable()


# A plain numba function that calls kernel functions (a test's `@njit(cache=True)`) is cached by
# numba's own locators, which take the build folder first: not beside its file, keyed by that
# file alone, unless the build folder cannot be written.
config.CACHE_DIR = str(balance.build_folder())


class _CompiledCodeCache(_KernelCache):
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
    then loads it (balance.compile.warm splits a cold compile between two processes)."""

    compiled_elsewhere = None

    def enable_caching(self):
        self._cache = _CompiledCodeCache.of(self.py_func)

    def compile(self, sig):
        wait, self.compiled_elsewhere = self.compiled_elsewhere, None
        if wait is not None and tuple(sig) not in self.overloads:
            wait()
        return _Compiling.compile(_Compiling.TWIN, super().compile, sig)

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


class CompiledFunction(CPUDispatcher):
    """A compiled function as Python sees it: called from Python it compiles with the Python
    wrapper; a call from compiled code is typed, compiled and linked through its twin."""

    def enable_caching(self):
        self._cache = _KernelCache.of(self.py_func)

    def compile(self, sig):
        return _Compiling.compile(_Compiling.KERNEL, super().compile, sig)

    def get_call_template(self, args, kws):
        return self.compiled_code_twin.get_call_template(args, kws)

    def get_overload(self, sig):
        return self.compiled_code_twin.get_overload(sig)


def compiled(func=None, *, nogil=False, inline=False):
    """Compile `func` in nopython mode, cached on disk in the build folder alone.
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

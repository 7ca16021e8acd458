"""How the kernel is compiled (balance.compile.jit, balance.compile.warm): the split of a cold
compile between two processes, and the twin dispatchers it relies on. The split itself, on an
empty cache, is exercised by the session's first compile (conftest.compiled_kernel); on a clean
clone the records-hash test then checks its machine code."""

import io
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import numba
import numpy as np
import pytest
from llvmlite import binding as ll
from numba.core import types
from numba.core.caching import NullCache
from numba.core.codegen import JITCodeLibrary
from numba.core.dispatcher import Dispatcher
from packaging.requirements import Requirement

from balance.config import load_config, pack
from balance.kernel.actions import resolve
from balance.compile import warm
from balance.kernel.game import play_game, resolve_turn
from balance.compile import jit
from balance.compile.jit import compiled
from balance.kernel.state import allocate
from balance.play import entry_point, play_chunk, play_expert_chunk
from balance.records import C_GAME, N_FIELDS
from balance.runner import _policies, run_games
from policies.dispatch import policy_declare


def test_numba_is_the_minor_version_jit_py_was_written_for():
    """balance/compile/jit.py relies on numba's internals; pyproject.toml pins their version."""
    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    pin = next(
        Requirement(r) for r in pyproject["project"]["dependencies"] if r.startswith("numba")
    )
    assert numba.__version__ in pin.specifier, (
        f"numba {numba.__version__} is installed, but balance/compile/jit.py patches the internals "
        f"of numba{pin.specifier}: reinstall with `make venv` (pip install -e .), or port jit.py "
        "to the new version and move the pin in pyproject.toml"
    )


@compiled
def _double(x):
    return 2 * x


@compiled
def _calls_double(x):
    return _double(x)


@compiled
def _triple(x):
    return 3 * x


@compiled
def _calls_triple(x):
    return _triple(x) + 1


def _kernel_args():
    rules = tuple(pack(load_config(12)))
    return allocate(rules[0], 0), rules, np.zeros(N_FIELDS, dtype=np.int64)


# Not cached, unlike every kernel function: compiled afresh in each session, it types its calls
# of the kernel's functions (through the inlined parts of a game, as in play_chunk) instead of
# loading the machine code of an earlier session, which would not say what it called.
@numba.njit
def _game(g, rules, policies, seed, game, rec):
    play_game(g, rules, policies, seed, game, rec, policy_declare, True)


@pytest.fixture(scope="module")
def game_compiled():
    """The arguments of a game, with _game compiled for their types."""
    g, rules, rec = _kernel_args()
    policies = _policies(load_config(12), "expert", "expert")
    _game.compile(tuple(numba.typeof(a) for a in (g, rules, policies, np.uint64(0), 0, rec)))
    return g, rules, rec


def test_the_helper_compiles_its_functions_for_the_types_play_chunk_calls_them_with(
    game_compiled,
):
    calls = warm.helper_signatures(*game_compiled)
    assert [f.py_func.__name__ for f, _ in calls] == ["declare", "resolve_turn"]
    for f, sig in calls:
        assert f.compiled_code_twin.signatures == [sig]


def test_what_this_process_compiles_first_has_the_types_play_chunk_calls_it_with(
    game_compiled,
):
    calls = warm._signatures(warm._compiled_here_first(*game_compiled))
    assert [f.py_func.__name__ for f, _ in calls] == [
        "resolve_contagion",
        "run_analyzer",
        "check_saliva",
        "update_temperatures",
        "warm_burned_rooms",
        "check_end",
        "finish_record",
    ]
    # resolve_contagion is called in actions.resolve, called in resolve_turn, both of which _game
    # loads from the cache whole: compiled here from their Python, each types its calls afresh
    g, rules, rec = game_compiled
    numba.njit(resolve_turn.py_func).compile(warm.helper_signatures(g, rules, rec)[1][1])
    numba.njit(resolve.py_func).compile(resolve.compiled_code_twin.signatures[0])
    for f, sig in calls:  # one compile each: the entry point's call, and the helper's, find it
        assert f.compiled_code_twin.signatures == [sig]


def test_the_entry_point_of_a_run_is_found_in_the_cache_after_it():
    cfg = load_config(9)
    run_games(cfg, 1, 0)
    g, rules, _ = _kernel_args()
    out = np.zeros((1, N_FIELDS), dtype=np.int64)
    args = (g, np.uint64(0), 0, out, rules, _policies(cfg, "expert", "expert"))
    assert warm._is_cached(play_expert_chunk, tuple(numba.typeof(a) for a in args))
    assert not warm._is_cached(play_expert_chunk, (types.int64,))


def test_the_expert_entry_point_plays_the_expert_policies_and_idle_without_invariant_checks():
    cfg = load_config(12)
    rules, checked = tuple(pack(cfg)), tuple(pack(cfg, check_invariants=True))
    for humans, things in [("expert", "expert"), ("expert", "saboteur"), ("idle", "expert")]:
        policies = _policies(cfg, humans, things)
        assert entry_point(rules, policies) is play_expert_chunk
        assert entry_point(checked, policies) is play_chunk
    for humans, things in [("naive", "expert"), ("expert", "naive"), ("random", "random")]:
        assert entry_point(rules, _policies(cfg, humans, things)) is play_chunk


def test_both_entry_points_play_the_same_records():
    cfg = load_config(15)
    rules, policies = tuple(pack(cfg)), _policies(cfg, "expert", "saboteur")
    records = []
    for entry in (play_chunk, play_expert_chunk):
        out = np.zeros((150, N_FIELDS), dtype=np.int64)
        entry(allocate(rules[0], 0), np.uint64(11), 40, out, rules, policies)
        records.append(out)
    assert records[0][:, C_GAME].tolist() == list(range(40, 190))  # the games asked for, all played
    np.testing.assert_array_equal(records[0], records[1])


def test_the_helper_process_reports_each_function_compiled_in_turn():
    done = subprocess.run(
        [sys.executable, "-m", "balance.compile.warm"], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["declare compiled", "resolve_turn compiled"]


def test_a_function_compiled_elsewhere_is_awaited_once_before_its_first_compile():
    twin = _double.compiled_code_twin
    calls = []
    twin.compiled_elsewhere = lambda: calls.append("waited")
    twin.compile((types.int64,))
    assert calls == ["waited"]
    twin.compiled_elsewhere = lambda: calls.append("waited again")
    twin.compile((types.int64,))  # compiled already: nothing to wait for
    assert calls == ["waited"] and twin.compiled_elsewhere is None
    assert _calls_double(21) == 42  # the caller links the twin's code


def test_calls_from_compiled_code_go_to_the_twin_without_a_python_wrapper():
    _calls_double._cache = NullCache()  # compiled afresh: a cached caller types no callee
    assert _calls_double(2) == 4
    assert (types.int64,) in _double.compiled_code_twin.signatures
    assert _double.signatures == []  # never called from Python: no wrapped copy compiled
    assert _double(5) == 10  # called from Python, it compiles one with the wrapper
    assert _double.signatures == [(types.int64,)]


def test_waiting_for_the_helper_reads_up_to_the_report_awaited():
    output = io.StringIO("warming up\ndeclare compiled\nresolve_turn compiled\nafterwards\n")
    helper = warm._Helper(output)
    helper.await_report("resolve_turn")
    assert helper.reported == {"declare", "resolve_turn"}
    assert output.read() == "afterwards\n"
    helper.await_report("declare")  # reported already: nothing more is read


def test_a_helper_that_ends_without_reporting_is_not_waited_for_again():
    output = io.StringIO("declare compiled\nTraceback (most recent call last):\n")
    helper = warm._Helper(output)
    helper.await_report("resolve_turn")  # returns at the end of its output: numba compiles here
    assert helper.reported == {"declare"} and output.read() == ""


def test_a_twin_emits_no_machine_code_and_is_cached_as_its_module():
    _calls_triple._cache = NullCache()  # the caller compiled afresh, emitting its machine code
    assert _calls_triple(4) == 13  # the caller runs the twin's code, linked into its own
    _triple.compiled_code_twin.compile((types.int64,))  # compiled, or loaded from the cache
    twin = _triple.compiled_code_twin.overloads[(types.int64,)].library
    caller = _calls_triple.overloads[(types.int64,)].library
    assert twin._link_only and not caller._link_only
    assert getattr(twin, "_compiled_object", None) is None  # no object code was ever emitted
    assert len(caller._get_compiled_object()) > 0
    name, kind, bitcode = twin.serialize_using_object_code()
    assert kind == "bitcode" and bitcode == twin._get_module_for_linking().as_bitcode()
    loaded = twin.codegen.unserialize_library((name, kind, bitcode))  # as from the cache
    assert loaded._link_only and loaded._get_module_for_linking().as_bitcode() == bitcode


def test_a_twin_leaves_optimising_its_module_to_the_function_called_from_python():
    _calls_triple._cache = NullCache()  # compiled afresh: a cached function keeps no LLVM text
    assert _calls_triple(1) == 4
    twin = _calls_triple.compiled_code_twin
    twin.compile((types.int64,))  # as when compiled code calls it
    linked = twin.overloads[(types.int64,)].library.get_llvm_str()
    optimised = _calls_triple.overloads[(types.int64,)].library.get_llvm_str()

    def calls_triple(ir):  # a call of _triple, by its mangled name
        return any("call" in line and "7_triple" in line for line in ir.splitlines())

    assert "define" in optimised and calls_triple(linked) and not calls_triple(optimised)


def test_a_function_called_from_python_has_the_functions_it_links_internal_to_its_module(
    monkeypatch,
):
    _calls_triple._cache = NullCache()  # compiled afresh: a cached function links nothing
    optimise, linkage = JITCodeLibrary._optimize_final_module, {}

    def spy(self):  # the linkage of _triple and of _calls_triple as the module is optimised
        for f in self._final_module.functions:
            for name in ("_triple", "_calls_triple"):
                if not f.is_declaration and f"{len(name)}{name}B" in f.name:
                    linkage[self._kernel, name] = f.linkage
        optimise(self)

    monkeypatch.setattr(JITCodeLibrary, "_optimize_final_module", spy)
    two = np.int32(2)  # a type no other test compiles _calls_triple for
    assert _calls_triple(two) == 7
    assert numba.njit(_calls_triple.py_func)(two) == 7  # links the same twin of _triple
    assert linkage[True, "_calls_triple"] == linkage[False, "_calls_triple"]
    assert linkage[False, "_triple"] == ll.Linkage.linkonce_odr
    assert linkage[True, "_triple"] == ll.Linkage.internal != linkage[True, "_calls_triple"]


@compiled
def _total(a):
    total = 0
    for x in a:
        total += x
    return total


def test_kernel_functions_are_optimised_without_the_loop_vectoriser_and_others_with_it():
    _total._cache = NullCache()  # compiled afresh: a cached function keeps no LLVM text
    a = np.arange(100)
    plain = numba.njit(_total.py_func)
    assert _total(a) == plain(a) == 4950
    ours = _total.overloads[(numba.typeof(a),)].library.get_llvm_str()
    theirs = plain.overloads[(numba.typeof(a),)].library.get_llvm_str()
    assert "_total" in ours and "_total" in theirs  # both hold the function's code
    assert " x i64>" in theirs and " x i64>" not in ours  # vectors of integers: vectorised


@compiled
def _negate(x):
    return -x


@compiled
def _calls_negate(x):
    return _negate(x) + 1


def _deep_stack_frames() -> int:
    frame, count = sys._getframe(), 0
    while frame is not None:
        count += frame.f_code is jit._on_a_deep_stack.__code__
        frame = frame.f_back
    return count


def test_a_compile_from_python_runs_on_one_deep_stack_its_nested_compiles_share(monkeypatch):
    _calls_negate._cache = _negate.compiled_code_twin._cache = NullCache()  # compiled afresh
    compile_sig, frames = Dispatcher.compile, {}

    def spy(self, sig):
        frames[self.py_func.__name__] = _deep_stack_frames()
        return compile_sig(self, sig)

    monkeypatch.setattr(Dispatcher, "compile", spy)
    assert _calls_negate(2) == -1
    assert frames == {"_calls_negate": 1, "_negate": 1}  # the twin's compile, nested in it
    assert _deep_stack_frames() == 0


@compiled
def _at(a, i):
    return a[i]


@compiled
def _last(a):
    return a[-1]


def test_a_kernel_function_uses_a_negative_variable_index_as_it_is_and_a_literal_one_from_the_end():
    a = np.arange(10, 15)
    view = a[1:]  # an index of -1 into the view is a's first element, just before it
    assert numba.njit(_at.py_func)(view, -1) == 14  # numba's wraparound, as Python's
    assert _at(view, -1) == 10  # the kernel's: no wraparound
    assert _at(view, 2) == 13
    assert _last(view) == 14  # a literal index still counts from the end


# each Thing and human preset plays on both sides, the invariant checks on so that one entry
# point (play_chunk) plays them all
BOUNDS_PAIRINGS = (
    ("expert", "expert"),
    ("random", "random"),
    ("naive", "saboteur"),
    ("idle", "naive"),
)
BOUNDS_GAMES = 150


def _index_checked() -> bool:
    """Whether this process's kernel raises at an index out of bounds."""
    try:
        _at(np.arange(3)[1:], -1)
    except IndexError:
        return True
    return False


def _bounds_hashes() -> dict[str, str]:
    from balance.gate import records_hash

    return {
        f"{players}-{humans}-{things}": records_hash(
            run_games(load_config(players), BOUNDS_GAMES, 11, humans, things, check_invariants=True)
        )
        for players in (9, 12, 15)
        for humans, things in BOUNDS_PAIRINGS
    }


@pytest.mark.slow
def test_no_kernel_index_is_negative_in_games_played_with_numbas_bounds_checks_on(tmp_path):
    """Without wraparound (jit._index_as_is) a negative index would read outside its array: a
    kernel compiled with numba's bounds checks raises IndexError at any index out of bounds.
    It plays every policy at every player count, with the same records as the kernel without
    the checks."""
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    script = (
        "import json, test_kernel_compile as t\n"
        "assert t._index_checked(), 'numba did not check the bounds'\n"
        "print(json.dumps(t._bounds_hashes()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert not _index_checked()
    assert json.loads(done.stdout.splitlines()[-1]) == _bounds_hashes()


def test_the_flags_list_the_same_values_as_through_their_properties():
    from numba.core.compiler import Flags

    flags = Flags()
    flags.nrt = False
    flags.no_cpython_wrapper = True
    flags.error_model = "numpy"
    through_properties = {name: getattr(flags, name) for name in flags.options}
    assert flags.values() == through_properties
    assert list(flags.values()) == list(through_properties)  # the same order of keys
    assert flags.values()["nrt"] is False and flags.values()["error_model"] == "numpy"
    assert Flags().values() == {name: getattr(Flags(), name) for name in Flags.options}


def test_a_kernel_built_with_other_numba_switches_is_cached_apart(monkeypatch):
    """Debug information, bounds checks or another optimisation level make other machine code
    from the same sources: each is cached in a folder of its own (balance.build_folder),
    so a profiling build never serves an ordinary run, nor a stale one a profile."""
    import balance

    for name in balance._CODE_SWITCHES:
        monkeypatch.delenv(name, raising=False)
    plain = str(balance.build_folder())
    assert plain.endswith(f"numba-{balance.__version__}-{balance.SOURCE_DIGEST}")
    monkeypatch.setenv("NUMBA_DEBUGINFO", "1")
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "0")
    assert str(balance.build_folder()) == plain + "-debuginfo1-boundscheck0"
    monkeypatch.delenv("NUMBA_DEBUGINFO")
    assert str(balance.build_folder()) == plain + "-boundscheck0"

"""Where the kernel's time goes: sample a run with Linux `perf` and name the compiled functions.

    perf record -F 1999 -o /tmp/kernel.data -- \
        python scripts/profile_kernel.py play 12 expert expert 20000
    python scripts/profile_kernel.py report /tmp/kernel.data

`play` loads the compiled kernel (numba's cache), writes /tmp/perf-<pid>.map, the symbol map
perf reads for code it cannot name (numba's machine code is in anonymous memory), and plays the
games on one numba thread. `report` prints the share of samples per compiled function (its own
time: what LLVM inlined into it counts as its caller's), per part of a turn and per policy.

The symbol map is built from the object code numba loads from its cache, read off
`CPUCodeLibrary._set_compiled_object`: a numba internal, so this is a developer's tool that may
need adjusting when numba changes. perf comes with Debian's linux-perf package.

LLVM inlines most of the kernel into its entry point, so `report` names little more than it.
`lines` names the source function and line of each sample instead, from the debug information
of a kernel compiled with it (balance caches it in a folder of its own, keyed like the others
by the sources' digest: debug information makes other machine code, which must not serve
runs, and a fixed folder would serve a stale kernel after an edit):

    export NUMBA_DEBUGINFO=1 NUMBA_BOUNDSCHECK=0
    python scripts/profile_kernel.py play 12 expert expert 100   # compiles it
    perf record -F 2999 -o /tmp/kernel.data -- \
        python scripts/profile_kernel.py play 12 expert expert 20000
    python scripts/profile_kernel.py lines /tmp/kernel.data [how many]

`play` saves the object code it maps in /tmp/kernel-objects for `lines`, which reads it with
llvm-symbolizer (Debian's llvm package). A function LLVM inlined counts as itself there, not
as its caller. The kernel compiled so ran at about two thirds of its usual speed here.

`counts` gives exact counts instead of samples: the instructions, conditional branches and
mispredicted ones per game in the kernel's code, in all and by source function and line, from
valgrind's callgrind (Debian's valgrind package), which counts every instruction run and
simulates a branch predictor. valgrind emulates no AVX-512, so the kernel is built for a
processor it does emulate; the names by source need the debug build above, the totals do not
(valgrind runs the process some fifty times slower):

    export NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES=$(printf %s +64bit,+avx,+avx2,+bmi,\
    +bmi2,+cmov,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,\
    +sse4.1,+sse4.2,+ssse3,+xsave,+mmx)
    python scripts/profile_kernel.py play 12 expert expert 10   # compiles it
    valgrind --tool=callgrind --branch-sim=yes --dump-instr=yes --compress-pos=no \
        --callgrind-out-file=/tmp/cg.out python scripts/profile_kernel.py play 12 expert expert 300
    python scripts/profile_kernel.py counts /tmp/cg.out 300 [how many]

Without `NUMBA_CPU_FEATURES` numba finds other features under valgrind and compiles again.
`memset` (the observation's fills, called from the kernel) is counted apart: valgrind counts
each step of its `rep stosb` as a conditional branch.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

# The part of a turn each compiled function belongs to, by module and name, in this order: the
# first rule that matches wins. Functions LLVM did not inline keep their own names; the rest
# count in the function they were inlined into.
PHASES = (
    (
        "observation (kernel.observe, perception)",
        r"balance::kernel::(observe|perception)::|observe_",
    ),
    ("policies", r"^policies::"),
    ("declaration checks (actions.declare, action costs)", r"::declare\b|action_cost|_cost\b"),
    (
        "start of turn",
        r"start_turn|begin_turn|frostbite|burn_generators|compute_lighting|"
        r"flashlight_rooms|revive|blackouts|vial_effects|remember_rooms|light_burned",
    ),
    (
        "resolution (the 13 steps)",
        r"resolve|leave_room|enter_room|follow|shoot|melee|flame|"
        r"bandage|transfer_fuel|give|wreck|repair|open_box|take_off|start_comparison|"
        r"balance::kernel::(actions|thing|contagion|food|lab|locks|doors|arsenal|items|"
        r"helicopter|terminal|characters)::",
    ),
    (
        "end of turn (temperatures, analyzer, end checks)",
        r"update_temperatures|run_analyzer|"
        r"check_saliva|warm_burned|check_end|count_humans|finish_record|finish_turn",
    ),
    ("setup", r"setup_game|new_game|stock_items|set_up|deal_|shuffle|seed_streams"),
    ("game loop", r"balance::kernel::game::|numba_parfor|NRT_|memset"),
)


def write_symbol_map() -> int:
    """Write /tmp/perf-<pid>.map for the compiled functions loaded from numba's cache."""
    from numba.core import codegen
    from numba.core.registry import CPUDispatcher

    objects: dict[str, bytes] = {}
    keep = codegen.CPUCodeLibrary._set_compiled_object

    def remember_object(self, value):
        objects[self.name] = value
        return keep(self, value)

    codegen.CPUCodeLibrary._set_compiled_object = remember_object
    from balance.config import load_config
    from balance.runner import warm_up

    warm_up(load_config(int(sys.argv[2])), sys.argv[3], sys.argv[4])
    shutil.rmtree(OBJECTS, ignore_errors=True)
    OBJECTS.mkdir()
    lines, index = [], []
    for name, module in list(sys.modules.items()):
        if not name.startswith(("balance", "policies")):
            continue
        for dispatcher in vars(module).values():
            if not isinstance(dispatcher, CPUDispatcher):
                continue
            for result in dispatcher.overloads.values():
                library = result.library
                if library.name not in objects:
                    continue
                path = OBJECTS / f"{len(index)}.o"
                path.write_bytes(objects.pop(library.name))
                base, symbols = library_symbols(library, path, result)
                lines += symbols
                index.append({"path": str(path), "base": base, "size": code_size(path)})
    Path(f"/tmp/perf-{os.getpid()}.map").write_text("".join(lines))
    (OBJECTS / "index.json").write_text(json.dumps(index))
    return len(lines)


# the object code `play` mapped, each with the address its code was loaded at, for `lines`
OBJECTS = Path("/tmp/kernel-objects")


def code_size(path: Path) -> int:
    """The bytes of machine code in an object file: numba's large code model puts it in .ltext."""
    sections = subprocess.run(
        ["size", "-A", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return sum(
        int(line.split()[1])
        for line in sections.splitlines()
        if line.startswith((".text", ".ltext"))
    )


def library_symbols(library, path: Path, result) -> tuple[int, list[str]]:
    """The address one library's object code (in file `path`) was loaded at, and perf map lines
    for its functions, placed by its entry."""
    raw = subprocess.run(
        ["nm", "--defined-only", "-S", str(path)], capture_output=True, text=True, check=True
    ).stdout
    demangled = subprocess.run(
        ["nm", "--defined-only", "-S", "-C", str(path)], capture_output=True, text=True, check=True
    ).stdout
    entry = result.fndesc.llvm_func_name
    offset = None
    for line in raw.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3] == entry:
            offset = int(parts[0], 16)
    base = library.get_pointer_to_function(entry) - offset
    lines = []
    for line in demangled.splitlines():
        parts = line.split(None, 3)
        if len(parts) == 4 and parts[2] in "tTwW":
            name = re.sub(r"\[abi:[^\]]*\]|\(.*", "", parts[3])
            lines.append(f"{base + int(parts[0], 16):x} {int(parts[1], 16):x} {name}\n")
    return base, lines


def play() -> None:
    import numba

    numba.set_num_threads(1)
    symbols = write_symbol_map()
    from balance.config import load_config
    from balance.runner import run_games

    players, humans, things, games = int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
    start = time.perf_counter()
    records = run_games(load_config(players), games, 0, humans, things)
    seconds = time.perf_counter() - start
    turns = int(records["end_turn"].sum())
    print(
        f"{symbols} symbols mapped; {games} games, {turns} turns in {seconds:.2f} s: "
        f"{games / seconds:,.0f} games/s, {seconds / turns * 1e6:.2f} us per turn",
        file=sys.stderr,
    )
    if symbols == 0:  # the map is read off machine code loaded from the cache, not compiled
        print(
            "no symbols: the kernel was compiled, not loaded from numba's cache; "
            "run this once more",
            file=sys.stderr,
        )


def report() -> None:
    out = subprocess.run(
        ["perf", "report", "-i", sys.argv[2], "--no-children", "--sort", "sym", "--stdio"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shares = []
    for line in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[[.k]\]\s+(.*)", line)
        if m:
            shares.append((float(m.group(1)), m.group(2).strip()))
    phases: dict[str, float] = defaultdict(float)
    policies: dict[str, float] = defaultdict(float)
    outside = 0.0  # Python, numpy, imports: the start of the process and the kernel's callers
    kernel = []
    for share, name in shares:
        for phase, pattern in PHASES:
            if re.search(pattern, name):
                phases[phase] += share
                kernel.append((share, name))
                if name.startswith("policies::"):
                    policies[name.split("::")[1]] += share
                break
        else:
            outside += share
    total = sum(phases.values())
    print(f"{outside:.1f}% of the samples fell outside the kernel; of those in it:")
    print("by part of a turn:")
    for phase, share in sorted(phases.items(), key=lambda x: -x[1]):
        print(f"  {100 * share / total:6.2f}%  {phase}")
    print("by policy module:")
    for module, share in sorted(policies.items(), key=lambda x: -x[1]):
        print(f"  {100 * share / total:6.2f}%  policies.{module}")
    print("top compiled functions (own time):")
    for share, name in kernel[:25]:
        print(f"  {100 * share / total:6.2f}%  {name}")


def symbolize(costs: dict[int, list[int]]) -> tuple[dict, dict, list[int]]:
    """Sum the costs of the kernel's code addresses (each a list of counts) by source function
    and by source line (the innermost frame, from the debug information of the object code
    `play` saved), and the costs that fell outside the kernel."""
    index = json.loads((OBJECTS / "index.json").read_text())
    width = len(next(iter(costs.values())))
    functions = defaultdict(lambda: [0] * width)
    source_lines = defaultdict(lambda: [0] * width)
    outside = [sum(c[i] for c in costs.values()) for i in range(width)]
    for code in index:
        lo, hi = code["base"], code["base"] + code["size"]
        asked = [x for x in costs if lo <= x < hi]
        if not asked:
            continue
        out = subprocess.run(
            ["llvm-symbolizer", "--obj=" + code["path"], "--functions=short"],
            input="".join(f"0x{x - lo:x}\n" for x in asked),
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for x, frames in zip(asked, out.strip("\n").split("\n\n")):
            function, place = frames.split("\n")[:2]  # the innermost frame
            source, line = re.sub(r"^.*/(?=(balance|policies)/)", "", place).split(":")[:2]
            for i, n in enumerate(costs[x]):
                functions[f"{source}: {function}"][i] += n
                source_lines[f"{source}:{line}"][i] += n
                outside[i] -= n
    return functions, source_lines, outside


def lines() -> None:
    samples = subprocess.run(
        ["perf", "script", "-i", sys.argv[2], "-F", "ip"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    hits = Counter(int(sample, 16) for sample in samples)
    functions, source_lines, outside = symbolize({x: [n] for x, n in hits.items()})
    in_kernel = len(samples) - outside[0]
    print(
        f"{100 * outside[0] / len(samples):.1f}% of the samples fell outside the kernel; "
        "of those in it (line 0: code LLVM made of several lines):"
    )
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    for title, counts in (("by source function", functions), ("by source line", source_lines)):
        print(title + ":")
        for name, (n,) in sorted(counts.items(), key=lambda kv: -kv[1][0])[:top]:
            print(f"  {100 * n / in_kernel:6.2f}%  {name}")


def counts() -> None:
    """Instructions, conditional branches and their mispredictions per game, in the kernel's
    code by source function and line, from callgrind's output of `play` (see the docstring)."""
    path, games = sys.argv[2], int(sys.argv[3]) + 1  # `play` warms up with one game
    costs: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    memset: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # by the address calling it
    with open(path) as out:
        events = next(line for line in out if line.startswith("events:")).split()[1:]
        columns = [events.index(e) for e in ("Ir", "Bc", "Bcm")]
        names: dict[str, str] = {}
        call = None  # after `calls=`: the callee's name; its cost line is the call's cost
        for line in out:
            if line.startswith(("fn=", "cfn=")):  # "(id) name" the first time, "(id)" after
                key, _, name = line.partition("=")[2].strip().partition(" ")
                callee = names.setdefault(key, name)
            elif line.startswith("calls="):
                call = callee
            elif line.startswith(("+", "-", "*")):
                sys.exit("counts needs absolute addresses: run callgrind with --compress-pos=no")
            elif line.startswith("0x"):
                values = line.split()
                address = int(values[0], 16)
                if call is None:  # the instruction's own cost
                    row = costs[address]
                elif "memset" in call:  # a call to memset, by the address calling it
                    row = memset[address]
                else:  # a call to any other function: counted in that function
                    row = [0, 0, 0]
                for i, c in enumerate(columns):
                    row[i] += int(values[2 + c]) if 2 + c < len(values) else 0
                call = None
    functions, source_lines, _ = symbolize(costs)
    kernel = [sum(c[i] for c in functions.values()) for i in range(3)]
    called, _, _ = symbolize(memset)
    fills = sum(c[0] for c in called.values())
    print(
        f"per game, in the kernel's code: {kernel[0] / games:,.0f} instructions, "
        f"{kernel[1] / games:,.0f} conditional branches, {kernel[2] / games:,.0f} "
        f"mispredicted; in the memset it calls: {fills / games:,.0f} instructions"
    )
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 30
    for title, table in (("source function", functions), ("source line", source_lines)):
        for i, event in ((0, "instructions"), (2, "mispredicted branches")):
            print(f"by {title}, {event} (share, then instructions and mispredicts a game):")
            for name, c in sorted(table.items(), key=lambda kv: -kv[1][i])[:top]:
                print(
                    f"  {100 * c[i] / kernel[i]:6.2f}%  {c[0] / games:9,.0f}  "
                    f"{c[2] / games:7,.0f}  {name}"
                )


if __name__ == "__main__":
    {"play": play, "report": report, "lines": lines, "counts": counts}[sys.argv[1]]()

"""Games per second of two source trees' kernels, in alternating rounds on one core.

    git worktree add /tmp/before HEAD~1
    python scripts/ab_kernel.py /tmp/before . [--rounds 20] [--games 1000] [--players 12] \
        [--humans expert] [--things expert] [--core 1] [--after-env NAME=VALUE ...]

Each tree's package runs in a worker process of its own (PYTHONPATH=tree), which compiles its
kernel or loads it from its numba cache folder, then plays `--games` games each time it is
asked. The workers are pinned to the same core and asked in turn, one at a time, in
alternating order, so the two kernels see the same drift of the machine's speed; the script
prints each round's games per second and the median of the after/before ratios, with the
middle half of the ratios. A compile switch set through the environment is measured by giving
the same tree twice and the switch with `--after-env` (`python scripts/ab_kernel.py . .
--after-env NUMBA_CPU_NAME=generic`). The two workers do not share machine code: numba keys
each cached function by the processor and features it was compiled for, and balance keys its
cache folder by the other code switches (`balance._CODE_SWITCHES`).

Why: this project's machine is a 2-core VM whose speed drifts by a third within minutes. Two
`balance bench` processes started side by side, one per core, differed by up to a tenth with
the same code in both; rounds started a fraction of a second apart on one core do not. The two
kernels cannot share one process: numba names a cached function's machine code by module,
name and types, so the second tree's kernel would link to the first's functions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

WORKER = """
import sys, time
import numba
numba.set_num_threads(1)
from balance.config import load_config
from balance.runner import run_games, warm_up
players, humans, things = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cfg = load_config(players)
warm_up(cfg, humans, things)
print("ready", flush=True)
for line in sys.stdin:
    games, seed = map(int, line.split())
    start = time.perf_counter()
    run_games(cfg, games, seed, humans, things)
    print(games / (time.perf_counter() - start), flush=True)
"""


def start_worker(tree: str, args, env: dict[str, str]) -> subprocess.Popen:
    tree = os.path.abspath(tree)
    if not os.path.isfile(os.path.join(tree, "balance", "__init__.py")):
        sys.exit(f"error: {tree} is not a checkout of this repository (no balance/__init__.py)")
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER, str(args.players), args.humans, args.things],
        cwd=tree,
        env={**os.environ, **env, "PYTHONPATH": tree},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    os.sched_setaffinity(worker.pid, {args.core})
    if worker.stdout.readline().strip() != "ready":
        sys.exit(f"error: the worker of {tree} did not start")
    return worker


def play(worker: subprocess.Popen, games: int, seed: int) -> float:
    worker.stdin.write(f"{games} {seed}\n")
    worker.stdin.flush()
    return float(worker.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="a checkout of the code before the change")
    parser.add_argument("after", help="a checkout of the code after it")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--games", type=int, default=1000, help="games per kernel and round")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--humans", default="expert")
    parser.add_argument("--things", default="expert")
    parser.add_argument("--core", type=int, default=max(os.sched_getaffinity(0)))
    parser.add_argument(
        "--after-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment variable for the after tree's worker alone (a compile switch such "
        "as NUMBA_CPU_NAME=generic; give the same tree twice to measure the switch)",
    )
    args = parser.parse_args()
    bad = [item for item in args.after_env if "=" not in item]
    if bad:
        parser.error(f"--after-env {bad[0]!r}: expected NAME=VALUE")
    after_env = dict(item.split("=", 1) for item in args.after_env)
    workers = [start_worker(args.before, args, {}), start_worker(args.after, args, after_env)]
    speeds: list[list[float]] = [[], []]
    for r in range(args.rounds):
        for k in (0, 1) if r % 2 == 0 else (1, 0):
            speeds[k].append(play(workers[k], args.games, 1000 + r))
        print(f"round {r + 1}: {speeds[0][-1]:,.0f} / {speeds[1][-1]:,.0f} games/s", flush=True)
    for worker in workers:
        worker.stdin.close()
        worker.wait()
    ratios = sorted(b / a for a, b in zip(*speeds))
    quarter = len(ratios) // 4
    print(
        f"median before {statistics.median(speeds[0]):,.0f}, after "
        f"{statistics.median(speeds[1]):,.0f} games/s; after/before: median "
        f"{statistics.median(ratios):.3f}, middle half {ratios[quarter]:.3f}-"
        f"{ratios[-1 - quarter]:.3f}"
    )


if __name__ == "__main__":
    main()

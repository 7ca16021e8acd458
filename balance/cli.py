"""The `balance` command line: run, replay, bench, policies, matrix, sweep, report, check,
baseline and cache.

Each command parses its options, makes one call into the library and prints. Every error a user
can cause (a bad option value, a bad config key or value) ends the command with one line
`error: <message>` on stderr and exit code 2, before any output file is written; so does a
failure of the system (a full disk, a read-only folder, a full standard output). Ctrl-C, SIGTERM
and SIGHUP stop a command with exit code 128 + the signal, its outputs absent or as they were,
and a closed pipe (`balance replay ... | head -1`) ends it quietly with 141.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import sys
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Optional

import typer
from typer.core import TyperGroup

from balance.codes import DEFAULT_RULESET
from balance.config import PRESET_PLAYERS, check_ruleset, load_config, with_ruleset
from balance.errors import ConfigError
from balance.signals import ending_raises
from balance import files


def _numba_threads_problem() -> str | None:
    """What is wrong with NUMBA_NUM_THREADS, or None. Numba reads it when it is imported and
    stops with a traceback on 0 (or warns and ignores a word); a bad value is taken out of the
    environment before numba is imported (by policies, below), and main refuses it in one line."""
    text = os.environ.get("NUMBA_NUM_THREADS")
    if text is None or (text.strip().isdigit() and int(text) >= 1):
        return None
    del os.environ["NUMBA_NUM_THREADS"]
    return (
        f"NUMBA_NUM_THREADS: {text!r} is not allowed (allowed: a whole number >= 1, or unset "
        "for every core)"
    )


NUMBA_THREADS_PROBLEM = _numba_threads_problem()

from policies import DEFAULT  # noqa: E402  (imports numba: after the check above)
from balance.precision import PRECISION_BATCH, games_or_precision  # noqa: E402

USAGE_ERROR = 2
# A command stopped by a signal exits with 128 + its number, as a shell reports a process
# killed by it: 130 for Ctrl-C (SIGINT), 143 for SIGTERM, 129 for SIGHUP, and 141 when the
# reader of its output went away (SIGPIPE: `balance replay ... | head -1`), like `cat` or `yes`.
# A pipeline's status is its last command's (head's 0), and under `set -o pipefail` 141 says
# that the output was cut short, which it was.
PIPE_CLOSED = 128 + signal.SIGPIPE


class _StreamError(Exception):
    """A write to standard output or standard error failed: `name` says which."""

    def __init__(self, name: str, error: OSError) -> None:
        super().__init__(f"{name} cannot be written ({files.reason(error)})")
        self.name, self.error = name, error


class _Stream:
    """sys.stdout or sys.stderr while a command runs: a failed write raises _StreamError naming
    the stream (a bare OSError names nothing), which main reports in one line."""

    def __init__(self, stream: Any, name: str) -> None:
        self._stream, self._name = stream, name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._stream, attribute)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise _StreamError(self._name, exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise _StreamError(self._name, exc) from exc


def _silence(stream: Any) -> None:
    """Point a stream that failed at /dev/null: the interpreter flushes what is left in it at
    exit, which would fail again with a traceback."""
    with suppress(OSError, ValueError):  # a test's captured stream has no descriptor
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def _error_line(exc: Exception) -> str:
    """The one line that reports a user error or a failure of the system (`error: ...`)."""
    if isinstance(exc, typer.TyperException):
        message = exc.format_message()
    elif isinstance(exc, OSError) and not isinstance(exc, files.OutputError):
        where = f"{exc.filename!r}: " if exc.filename else ""
        message = f"{where}{files.reason(exc)}"
    else:
        message = str(exc)
    return f"error: {' '.join(message.split())}"  # usage messages may wrap; the contract is one


class _OneLineErrors(TyperGroup):
    """Print user errors and failures of the system (a full disk, a read-only folder, a full or
    closed standard output) as one `error:` line with exit code 2 instead of a usage box or a
    traceback; anything else (a bug) still raises. SIGTERM and SIGHUP stop a command as Ctrl-C
    does, with exit code 128 + the signal."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        streams = sys.stdout, sys.stderr
        sys.stdout = _Stream(sys.stdout, "standard output")
        sys.stderr = _Stream(sys.stderr, "standard error")
        try:
            # SIGTERM and SIGHUP end a command as Ctrl-C does, exiting 128 + the signal
            with ending_raises(lambda signum: SystemExit(128 + signum)):
                if NUMBA_THREADS_PROBLEM:
                    raise ConfigError(NUMBA_THREADS_PROBLEM)
                result = super().main(*args, standalone_mode=False, **kwargs)
                sys.stdout.flush()  # a full or closed stdout fails here, not at the exit
        except (ConfigError, typer.TyperException, OSError, _StreamError) as exc:
            sys.stdout, sys.stderr = streams
            if not standalone_mode:
                raise
            if isinstance(exc, _StreamError):
                _silence(sys.stdout if exc.name == "standard output" else sys.stderr)
                if exc.error.errno == errno.EPIPE:
                    sys.exit(PIPE_CLOSED)
            with suppress(OSError):  # standard error may be the stream that failed
                print(_error_line(exc), file=sys.stderr)
            sys.exit(USAGE_ERROR)
        finally:
            sys.stdout, sys.stderr = streams
        if not standalone_mode:
            return result
        # a command returns None; --help and typer.Exit come back as their exit code
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    rich_markup_mode="markdown",  # --help reflows docstrings; [brackets] are text, not markup
    add_completion=False,
    help="Monte-Carlo balance analyzer for The Thing: Nemesis. "
    "Rule numbers come from configs/ (base.toml, players-NN.toml, policies.toml); "
    "override any of them with --set KEY=VALUE.",
)

PlayersOption = Annotated[
    int,
    typer.Option("--players", help="Player count: one of the presets in configs/ (9, 12 or 15)."),
]
SeedOption = Annotated[
    int,
    typer.Option(
        "--seed", help="Seed of the run (0 to 2**63-1). Game i of a run depends only on seed and i."
    ),
]
FixOption = Annotated[
    Optional[str],
    typer.Option(
        "--fix",
        metavar="SIDE.KNOB,...",
        help="Knobs of the expert presets that no search moves: they keep the value the "
        "config (or --set) gives them, e.g. --fix humans.talk,things.frame_chance with "
        "--set policies.humans.expert.talk=0, to measure the game without a strategy.",
    ),
]
SetOption = Annotated[
    Optional[list[str]],
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="Override a config key, e.g. --set generator.burn_per_turn=1/4 or "
        "--set policies.humans.expert.fuel_low=0.3. VALUE is read as TOML, else as a string. "
        "Repeatable; applied in order, after the preset.",
    ),
]
RulesetOption = Annotated[
    str,
    typer.Option(
        "--ruleset",
        metavar="[nemesis|classic]",
        help="Ruleset: nemesis, the main one (configs/), or classic, the edition it grew from "
        "(configs/classic/).",
    ),
]
HumansOption = Annotated[
    str,
    typer.Option(
        "--humans",
        help="What the humans play: a policy preset (see `balance policies`) or a strategy "
        "file (written by `balance tune` or `balance equilibrium`).",
    ),
]
ThingsOption = Annotated[
    str,
    typer.Option(
        "--things",
        help="What the Things play: a policy preset (see `balance policies`) or a strategy "
        "file (written by `balance tune` or `balance equilibrium`).",
    ),
]
PrecisionOption = Annotated[
    Optional[float],
    typer.Option(
        "--precision",
        metavar="P",
        help="Instead of --games: play batches until every 95% interval reported has a "
        "half-width of at most P (e.g. 0.01 for +-1 point), and say the games used.",
    ),
]
ThreadsOption = Annotated[
    Optional[int],
    typer.Option(
        "--threads",
        help="Numba threads to play games on (default: all cores, or NUMBA_NUM_THREADS).",
    ),
]

PROGRESS_MIN_GAMES = 20_000  # below this a run is short enough to need no progress bar off a TTY


def _stdout_console(min_width: int = 0):
    """Rich console on stdout, at least `min_width` columns wide even off a terminal (where rich
    assumes 80)."""
    from rich.console import Console

    console = Console(highlight=False)
    if console.width < min_width:
        console = Console(highlight=False, width=min_width)
    return console


@app.command()
def run(
    players: PlayersOption = 12,
    games: Annotated[
        Optional[int],
        typer.Option(
            "--games", help="Number of games to play (>= 1; default 10,000 unless --precision)."
        ),
    ] = None,
    precision: PrecisionOption = None,
    seed: SeedOption = 0,
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    humans: HumansOption = DEFAULT,
    things: ThingsOption = DEFAULT,
    threads: ThreadsOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the summary as one JSON object on stdout, and nothing else."
        ),
    ] = False,
    out: Annotated[
        Optional[Path],
        typer.Option(
            "--out",
            metavar="FILE.parquet",
            help="Also write one row per game to this Parquet file, provenance in its metadata, "
            "batch by batch into a temporary file renamed when complete: the file is complete "
            "or absent, and an error or Ctrl-C leaves a file already there as it was.",
        ),
    ] = None,
) -> None:
    """Play GAMES games of one configuration, or as many as --precision needs, and summarize
    them: win rates with Wilson 95% intervals, end reasons, game length, deaths by cause,
    throughput."""
    from balance import runner
    from balance.precision import share_games_bound

    sets = with_ruleset(ruleset, overrides or [])
    games, precision = games_or_precision(games, precision, default_games=10_000)
    with _progress(games if precision is None else share_games_bound(precision)) as advance:
        result = runner.run(
            players,
            games,
            seed,
            sets,
            humans,
            things,
            precision=precision,
            threads=threads,
            out=out,
            progress=advance,
            on_kernel_load=_say_kernel_loads,
        )
    if as_json:
        print(json.dumps(result.summary()))
    else:
        _print_summary(result.summary(), result.provenance.overrides)


def _say_kernel_loads() -> None:
    """On a terminal, say what the first seconds of a command are spent on."""
    if sys.stderr.isatty():
        print("loading the compiled kernel (compiling it on a first run)...", file=sys.stderr)


@contextmanager
def _progress(games: int) -> Iterator[Callable[..., None] | None]:
    """A callback `advance(n, remaining=None)`, called with the games of each finished batch,
    that drives a progress bar on stderr (`remaining`, when given, resets the games still to
    come: a run to a precision learns them as it goes); None when no bar is shown: the bar is
    shown only on a TTY or for long runs (off a TTY rich prints just the finished bar), so
    stdout stays clean."""
    if not (sys.stderr.isatty() or games >= PROGRESS_MIN_GAMES):
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True))
    task = bar.add_task("games", total=games)

    def advance(n: int, remaining: int | None = None) -> None:
        # started on the first finished batch, so an argument error raised before any game is
        # played stays the only line on stderr (start is idempotent)
        if n == 0 and not remaining:
            return
        bar.start()
        bar.advance(task, n)
        if remaining is not None:
            bar.update(task, total=bar.tasks[task].completed + remaining)

    try:
        yield advance
    finally:
        if bar.live.is_started:  # stopping a bar that never started would still print a newline
            bar.stop()


def _share(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_summary(s: dict[str, Any], overrides: tuple[str, ...]) -> None:
    from rich.table import Table

    games = s["games"]
    played = f"{games} games" + (
        f" (to a precision of +-{100 * s['precision']:g} points)" if "precision" in s else ""
    )
    table = Table(title=f"{s['players']} players, {s['things']} Things, {played}")
    table.add_column("")
    table.add_column("value", justify="right")
    table.add_column("share / 95% interval", justify="right")
    for side in ("human", "thing"):
        low, high = s[f"{side}_win_ci"]
        table.add_row(
            f"{side.capitalize()} wins",
            _share(s[f"{side}_win_rate"]),
            f"{_share(low)} - {_share(high)}",
        )
    table.add_section()
    for reason, count in s["end_reasons"].items():
        table.add_row(f"end: {reason}", str(count), _share(count / games))
    table.add_section()
    table.add_row(
        "game length (turns)", f"mean {s['mean_turns']:.1f}", f"median {s['median_turns']:g}"
    )
    for cause, deaths in s["deaths_by_cause"].items():
        table.add_row(f"deaths: {cause}", str(deaths), f"{deaths / games:.2f} per game")
    table.add_row("infections per game", f"{s['mean_infections']:.2f}", "")
    table.add_row("conversions per game", f"{s['mean_conversions']:.2f}", "")
    table.add_section()
    for lever, share in s["levers"].items():
        table.add_row(f"lever: {lever.replace('_', ' ')}", "", _share(share))
    table.add_section()
    talk = s["talk"]
    for side, claims in talk["claims_per_game"].items():
        table.add_row(
            f"claims by the {'Things' if side == 'things' else side} per game",
            f"{claims['true'] + claims['false']:.1f}",
            f"{claims['false']:.1f} false",
        )
    table.add_row("claims believed per game", f"{talk['believed_per_game']:.1f}", "")
    table.add_row(
        "a Thing exposed before turn 10", "", _share(talk["thing_exposed_before_turn_10"])
    )
    table.add_section()
    rate = s["games_per_second"]
    table.add_row("games per second", f"{rate:,.0f}" if rate is not None else "-", "")
    console = _stdout_console()
    console.print(table)
    console.print(
        f"balance {s['version']}, rules {s['rules_version']}, config {s['config_hash']}, "
        f"seed {s['seed']}, {games} games, policies humans={s['humans_policy']} "
        f"things={s['things_policy']}"
        + (f", overrides: {' '.join(overrides)}" if overrides else "")
    )


@app.command()
def replay(
    players: PlayersOption = 12,
    seed: SeedOption = 0,
    game: Annotated[
        int,
        typer.Option(
            "--game", help="Index of the game within the run of SEED (>= 0), as in `run`."
        ),
    ] = 0,
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    humans: HumansOption = DEFAULT,
    things: ThingsOption = DEFAULT,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl",
            help="Print JSON lines (turn_start, one line per event, game_end) instead "
            "of the readable log.",
        ),
    ] = False,
) -> None:
    """Re-play one game of a run with its event log: the same seed and game index give the
    same game as in `balance run`."""
    from balance.replay import to_jsonl, to_text
    from balance.runner import replay_game
    from balance.strategy import play_as

    sets, humans_preset, things_preset = play_as(
        players, with_ruleset(ruleset, overrides or []), humans, things
    )
    played = replay_game(load_config(players, sets), seed, game, humans_preset, things_preset)
    for line in (to_jsonl if jsonl else to_text)(played):
        print(line)


MATRIX_WIDTH = 120  # columns the skill matrix needs to print each cell on one line

PlayerCountsOption = Annotated[
    str,
    typer.Option("--players", help="Player counts, separated by commas (e.g. 9,12,15 or 12)."),
]


def _player_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or len(set(counts)) != len(counts):
        raise ConfigError(
            f"--players: {text!r} is not allowed (allowed: distinct player counts separated "
            "by commas, e.g. 9,12,15)"
        )
    return counts


# the strongest play, the simple one, the cheapest (nobody declares anything) and the random
# play that exercises every action
BENCH_PAIRINGS = f"{DEFAULT}:{DEFAULT},naive:naive,idle:idle,random:random"
BENCH_WIDTH = 120  # columns the bench table needs to print a few runs' figures on one line


def _pairings(text: str | None, ruleset: str = DEFAULT_RULESET) -> list[tuple[str, str]]:
    """Policy pairings written HUMANS:THINGS, separated by commas, each pair once, of the
    ruleset's policies; None: those of BENCH_PAIRINGS the ruleset has (classic has no naive)."""
    from balance import codes
    from policies import names

    humans, things = names(codes.HUMANS, ruleset), names(codes.THINGS, ruleset)
    pairs = [part.split(":") for part in BENCH_PAIRINGS.split(",")]
    default = ",".join(f"{h}:{t}" for h, t in pairs if h in humans and t in things)
    text = default if text is None else text
    pairings: list[tuple[str, str]] = []
    for part in text.split(","):
        pair = tuple(name.strip() for name in part.split(":"))
        if len(pair) != 2 or pair[0] not in humans or pair[1] not in things or pair in pairings:
            raise ConfigError(
                f"--pairings: {part.strip()!r} in {text!r} is not allowed (allowed: distinct "
                f"HUMANS:THINGS pairs separated by commas, e.g. {default}; humans one of "
                f"{', '.join(humans)}; Things one of {', '.join(things)}"
                + (")" if ruleset == DEFAULT_RULESET else f" in the {ruleset} ruleset)")
            )
        pairings.append(pair)
    return pairings


@app.command()
def bench(
    players: PlayerCountsOption = "9,12,15",
    games: Annotated[int, typer.Option("--games", help="Games per timed run (>= 1).")] = 20_000,
    pairings: Annotated[
        Optional[str],
        typer.Option(
            "--pairings",
            metavar="HUMANS:THINGS,...",
            help="Policy pairings to time at each player count, humans:Things separated by "
            "commas (see `balance policies --ruleset ...`); by default those of "
            f"{BENCH_PAIRINGS} the ruleset has.",
            show_default=False,
        ),
    ] = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    repeat: Annotated[
        int,
        typer.Option(
            "--repeat", help="Timed runs per player count and pairing; games/s is their median."
        ),
    ] = 1,
    threads: ThreadsOption = None,
    sensitivity: Annotated[
        bool,
        typer.Option(
            "--sensitivity",
            help="Time the default `balance sensitivity` run at each player count instead "
            "(every default key to a precision of 0.01, expert against expert, into a "
            "temporary folder): the readings, the games they needed and the seconds.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as one JSON list on stdout.")
    ] = False,
) -> None:
    """Time the batch kernel with the default config of each player count and each policy
    pairing: games per second (median of the runs, and each run's), numba threads and peak
    memory. Each pairing is warmed up first (compilation, untimed)."""
    from balance.bench import bench as run_bench, bench_sensitivity
    from rich.table import Table

    check_ruleset(ruleset)  # refused before anything is timed
    if sensitivity:
        results = bench_sensitivity(_player_counts(players), threads, ruleset=ruleset)
        if as_json:
            print(json.dumps(results))
            return
        table = Table(title="balance bench --sensitivity: the default sensitivity run")
        for column in ("players", "readings", "games", "seconds", "games/s", "threads"):
            table.add_column(column, justify="right")
        for r in results:
            table.add_row(
                str(r["players"]),
                str(r["readings"]),
                f"{r['games']:,}",
                f"{r['seconds']:,.0f}",
                f"{r['games_per_second']:,.0f}",
                str(r["threads"]),
            )
        _stdout_console(BENCH_WIDTH).print(table)
        return
    results = run_bench(
        _player_counts(players),
        games,
        _pairings(pairings, ruleset),
        threads,
        repeat=repeat,
        ruleset=ruleset,
    )
    if as_json:
        print(json.dumps(results))
        return

    runs = f"median of {repeat} runs" if repeat > 1 else "one run"
    table = Table(
        title=f"balance bench: the {ruleset} ruleset, {games} games per run, {runs} per cell"
    )
    columns = ("players", "Things", "humans", "things", "games/s", "runs (games/s)", "threads")
    for column in (*columns, "peak RSS (MiB)"):
        table.add_column(column, justify="left" if column in ("humans", "things") else "right")
    for r in results:
        table.add_row(
            str(r["players"]),
            str(r["things"]),
            r["humans_policy"],
            r["things_policy"],
            f"{r['games_per_second']:,.0f}",
            " ".join(f"{rate:,.0f}" for rate in r["runs_games_per_second"]),
            str(r["threads"]),
            f"{r['peak_rss_mib']:.0f}",
        )
    _stdout_console(BENCH_WIDTH).print(table)


@app.command()
def matrix(
    players: PlayerCountsOption = "12",
    games: Annotated[
        int, typer.Option("--games", help="Games per pair of presets (>= 1).")
    ] = 2_000,
    seed: SeedOption = 0,
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    humans: Annotated[
        Optional[str],
        typer.Option(
            "--humans",
            help="The rows: presets or strategy files, separated by commas (default: every "
            "human preset).",
        ),
    ] = None,
    things: Annotated[
        Optional[str],
        typer.Option(
            "--things",
            help="The columns: presets or strategy files, separated by commas (default: every "
            "Thing preset).",
        ),
    ] = None,
    threads: ThreadsOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the cells as one JSON list on stdout.")
    ] = False,
) -> None:
    """The skill matrix: every human preset against every Thing preset (see `balance
    policies`), or the strategies --humans and --things list, GAMES games each, the same games
    in every cell. Prints the human win rate with its Wilson 95% interval, humans down the side
    and Things across."""
    import balance
    from balance import codes
    from balance.bench import set_threads
    from balance.matrix import presets, skill_matrix
    from balance.runner import warm_up
    from policies import SIDES

    from balance.strategy import play_as

    sets = with_ruleset(ruleset, overrides or [])
    rows = humans.split(",") if humans else presets(codes.HUMANS, ruleset)
    columns = things.split(",") if things else presets(codes.THINGS, ruleset)
    configs = [load_config(p, sets) for p in _player_counts(players)]
    for cfg in configs:  # every file checked at every count before a game is played
        for h in rows:
            for t in columns:
                play_as(cfg.players, sets, h, t)
    set_threads(threads)
    _say_kernel_loads()
    warm_up(configs[0])
    n_cells = len(rows) * len(columns)
    cells = []
    with _progress(games * n_cells * len(configs)) as advance:
        for cfg in configs:  # a cell reports once it is played
            cells += skill_matrix(cfg.players, sets, rows, columns, games, seed, advance)
    if as_json:
        print(json.dumps(cells))
        return
    from rich.table import Table

    console = _stdout_console(MATRIX_WIDTH)
    for cfg in configs:
        table = Table(
            title=f"human wins in %, {cfg.players} players, {cfg['things.start']} Things, "
            f"{games} games per cell (Wilson 95% interval)"
        )
        table.add_column(f"{SIDES[codes.HUMANS]} \\ {SIDES[codes.THINGS]}")
        for t in columns:
            table.add_column(t, justify="right")
        for h in rows:
            row = [c for c in cells if c["players"] == cfg.players and c["humans_policy"] == h]
            table.add_row(
                h,
                *(
                    f"{100 * c['human_win_rate']:.1f} "
                    f"({100 * c['human_win_ci'][0]:.1f}-{100 * c['human_win_ci'][1]:.1f})"
                    for c in row
                ),
            )
        console.print(table)
    console.print(
        f"balance {balance.__version__}, rules {balance.RULES_VERSION}, seed {seed}"
        + (f", ruleset {ruleset}" if ruleset != DEFAULT_RULESET else "")
    )


@app.command()
def policies(
    players: PlayersOption = 12,
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
) -> None:
    """List the registered policies of each side with their knobs, the values they resolve
    to (configs/policies.toml, or configs/classic/policies.toml, then --set) and the range
    each may take."""
    from balance.config import knob_ranges, policies_file
    from policies import SIDES, registry

    cfg = load_config(players, with_ruleset(ruleset, overrides or []))
    ranges = knob_ranges(policies_file(cfg.ruleset))
    for side, side_name in SIDES.items():
        print(f"{side_name}:")
        for (spec_side, name), spec in sorted(
            registry(cfg.ruleset).items(), key=lambda kv: kv[0][1]
        ):
            if spec_side != side:
                continue
            print(f"  {name}: {spec.summary}")
            for knob in spec.knobs:
                key = f"policies.{side_name}.{name}.{knob}"
                print(f"    {key} = {cfg[key]:g}  ({ranges[key].low:g}..{ranges[key].high:g})")


SWEEP_HELP = (
    "Play a grid of configurations: every combination of the --grid values at every player "
    "count, GAMES games per cell, one Parquet file per cell in DIR."
    "\n\n"
    "Resumable: a cell's file appears only once all its games are played, so running the same "
    "command again after an interruption plays only the missing cells (and any damaged one). "
    "Every cell file carries its sweep's identity and its own, and a cell of another sweep in "
    "DIR is refused, never mixed in. A cell's seed depends "
    "only on SEED and the cell's own values, so adding a value to an axis (the same command "
    "with one more value) plays only the new cells and leaves the others unchanged."
    "\n\n"
    "`balance report DIR` turns the results into tables and charts."
)


@app.command(help=SWEEP_HELP)
def sweep(
    *,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="Player counts, separated by commas (e.g. 9,12,15 or 12); each is played "
            "with its preset (configs/players-NN.toml).",
        ),
    ],
    seed: SeedOption,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Sweep directory: manifest.json and one Parquet file per finished cell. "
            "Created if missing. A directory of a sweep with other settings (--games, --seed, "
            "--set, --humans, --things or package version) is refused, and so is one another "
            "sweep is writing (it holds DIR/sweep.lock while it runs).",
        ),
    ],
    grid: Annotated[
        Optional[list[str]],
        typer.Option(
            "--grid",
            metavar="KEY=V1,V2,...",
            help="A grid axis: a config key and its values, e.g. --grid "
            "generator.burn_per_turn=1/6,1/5,1/4 or --grid things.start=1,2,3. KEY may also be "
            "`humans` or `things` to sweep policy presets (--grid humans=random,default). "
            "Repeatable, one per key; every combination of values is a cell, at every player "
            "count. Without --grid each player count's preset is one cell.",
        ),
    ] = None,
    overrides: Annotated[
        Optional[list[str]],
        typer.Option(
            "--set",
            metavar="KEY=VALUE",
            help="Override a config key in every cell, as in `balance run`; a --grid axis on "
            "the same key wins. Repeatable.",
        ),
    ] = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    games: Annotated[
        Optional[int],
        typer.Option("--games", help="Games played per cell (>= 1); or give --precision."),
    ] = None,
    precision: PrecisionOption = None,
    humans: Annotated[
        str,
        typer.Option(
            "--humans",
            help="Policy playing the humans in every cell, unless `humans` is a --grid axis.",
        ),
    ] = DEFAULT,
    things: Annotated[
        str,
        typer.Option(
            "--things",
            help="Policy playing the Things in every cell, unless `things` is a --grid axis.",
        ),
    ] = DEFAULT,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            help="Worker processes, each playing whole cells on one numba thread (>= 1); "
            "1 plays cells one after another on all numba threads. With --scheduler local, "
            "the number of local Dask workers.",
        ),
    ] = 1,
    scheduler: Annotated[
        Optional[str],
        typer.Option(
            "--scheduler",
            metavar="ADDRESS",
            help="Play the cells on a Dask cluster: the address of its running scheduler "
            "(e.g. tcp://host:8786; needs pip install '.[dask]'), or `local` for a Dask "
            "cluster of --jobs workers on this machine. The records are the same as without it.",
        ),
    ] = None,
) -> None:
    """Play a grid of configurations into a resumable sweep directory (help: SWEEP_HELP)."""
    from balance.sweep import Stopped, parse_grid, plan_sweep, run_sweep

    sets = with_ruleset(ruleset, overrides or [])
    games, precision = games_or_precision(games, precision)
    plan = plan_sweep(
        _player_counts(players),
        parse_grid(grid or []),
        sets=sets,
        humans=humans,
        things=things,
        games=games,
        seed=seed,
        precision=precision,
        command=" ".join(["balance", *sys.argv[1:]]),
    )
    try:
        with _cell_progress() as progress:
            played = run_sweep(plan, out, jobs, progress=progress, scheduler=scheduler)
    except Stopped as stop:
        print(
            f"error: sweep {stop}: its workers are stopped and the cells it finished kept in "
            f"{out}; run the same command again to play the others",
            file=sys.stderr,
        )
        raise typer.Exit(128 + stop.signum) from None
    total = len(plan.cells)
    print(
        f"sweep: {total} cells in {out} ({played} played, {total - played} already there); "
        f"report with: balance report {out}"
    )


@contextmanager
def _cell_progress() -> Iterator[Any]:
    """A `progress(done, total)` callback driving a bar over cells on stderr; the bar starts
    with the first cell to play, so a sweep with nothing left to play prints no bar."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress(
        "cells",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
    )
    task = bar.add_task("cells", total=None)

    def progress(done: int, total: int) -> None:
        if total == 0:
            return
        bar.start()
        bar.update(task, completed=done, total=total)

    try:
        yield progress
    except BaseException:
        # the error's one line is all stderr gets, not a half bar: erased on a terminal, not
        # printed elsewhere
        bar.live.transient = True
        bar.console.quiet = not bar.console.is_terminal
        raise
    finally:
        if bar.live.is_started:
            bar.stop()


SENSITIVITY_HELP = """Rank the unwritten rules by how far they move the human win rate.

For each player count, every chosen key's alternative readings are played on the same games as
the baseline: game i of SEED has the same dice under every reading, so each change of the human
win rate comes with a paired 95% interval. A key's readings are declared once, beside it in
balance/catalogue/numbers.py: the other options of a choice or a switch, the alternatives
docs/rules.md lists for an assumption, and a number's low and high (its value minus and plus
its step: 1 for a whole number, 0.1 for a chance, unless the key declares its own). A reading
the configuration refuses (a minimum above its maximum), or that prices an action above the AP
of a turn (which would remove the action), is skipped with a note.

Both sides play expert against expert, or with --strategies the mixtures of an equilibrium
(`balance equilibrium --out` or configs/strategies), with the settings it was found with. The
mixtures are not found again under each reading: a reading that defeats their plan shows how
fragile it is; `balance equilibrium --set KEY=VALUE` finds the changed rules' equilibrium.

Printed per player count, largest change first: the key, its baseline and alternative, the human
win rate under the alternative, the change with its interval, and the games. The folder --out
holds the played games (resumable: the same command plays only what is missing, a longer or
more precise run reuses what is there) and ranking.json, which `balance report --sensitivity`
draws as a tornado chart."""


@app.command(help=SENSITIVITY_HELP)
def sensitivity(
    *,
    players: Annotated[
        str, typer.Option("--players", help="Player counts, separated by commas, e.g. 9,12,15.")
    ],
    seed: SeedOption,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Folder for the played games and ranking.json; created if missing. A folder "
            "of another --seed, --strategies or package version is refused.",
        ),
    ],
    keys: Annotated[
        Optional[str],
        typer.Option(
            "--keys",
            metavar="K1,K2,...",
            help="Keys or tables of configs/base.toml, e.g. rescue.delay_turns,thing (default: "
            "every assumption key, citing a GAP, and every key of the generator, canister, "
            "infection, frostbite, thing, archetypes and rescue tables).",
        ),
    ] = None,
    games: Annotated[
        Optional[int],
        typer.Option(
            "--games",
            help=f"Games each reading plays, rounded up to whole batches of {PRECISION_BATCH:,}, "
            "instead of --precision.",
        ),
    ] = None,
    precision: Annotated[
        Optional[float],
        typer.Option(
            "--precision",
            metavar="P",
            help="Play each reading until its change's 95% interval has a half-width of at most "
            "P (default 0.01 without --games): a reading that changes few games stops at "
            f"{PRECISION_BATCH:,}, one that changes many plays up to 1.96^2/P^2.",
        ),
    ] = None,
    strategies: Annotated[
        Optional[Path],
        typer.Option(
            "--strategies",
            metavar="DIR",
            help="An equilibrium folder: both sides play its mixtures (default: expert against "
            "expert).",
        ),
    ] = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    threads: ThreadsOption = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON list, one object per reading.")
    ] = False,
) -> None:
    from balance.bench import set_threads
    from balance.sensitivity import (
        DEFAULT_PRECISION,
        parse_keys,
        plan_sensitivity,
        run_sensitivity,
    )

    check_ruleset(ruleset)
    games, precision = games_or_precision(games, precision, default_precision=DEFAULT_PRECISION)
    set_threads(threads)
    plan = plan_sensitivity(
        _player_counts(players),
        parse_keys(keys, ruleset),
        seed,
        games,
        precision,
        strategies,
        ruleset,
    )
    skipped: dict[tuple[str, str], list[int]] = {}  # the same reading refused at each count
    for reading, why in plan.skipped:
        skipped.setdefault((reading.key, why), []).append(reading.players)
    for (key, why), counts in skipped.items():
        at = ", ".join(map(str, counts))
        print(f"not played at {at} players: {key}: {why}", file=sys.stderr)
    played: list[int] = []

    def progress(games: int) -> None:
        played.append(games)
        if advance is not None:
            advance(games)

    start = time.perf_counter()
    with _progress(PROGRESS_MIN_GAMES) as advance:
        rows, baselines = run_sensitivity(
            plan,
            out,
            progress=progress,
            planned=None if advance is None else lambda missing: advance(0, missing),
        )
    if json_output:
        print(json.dumps(rows))
        return
    _print_ranking(rows, baselines, plan.strategies)
    print(
        f"{len(rows)} readings; {sum(played):,} games played now in "
        f"{time.perf_counter() - start:,.0f} s ({sum(r['games'] for r in rows):,} games of "
        f"readings and {sum(b['games'] for b in baselines.values()):,} of baselines in {out})"
    )


def _print_ranking(
    rows: list[dict[str, Any]], baselines: dict[int, dict[str, Any]], strategies: str | None
) -> None:
    from balance.sensitivity import reading_text

    console = _stdout_console(min_width=100)
    play = f"the mixtures of {strategies}" if strategies else "expert against expert"
    for n, base in baselines.items():
        console.print(
            f"{n} players, {play}: the humans win {_share(base['human_win_rate'])} of "
            f"{base['games']:,} games under the baseline"
        )
        console.print(f"{'':>4} {'change [95%]':>22} {'human wins':>10} {'games':>7}  key: reading")
        ranked = [r for r in rows if r["players"] == n]
        for rank, r in enumerate(ranked, start=1):
            low, high = r["delta_ci"]
            change = f"{100 * r['delta']:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"
            console.print(
                f"{rank:>4} {change:>22} {_share(r['human_win_rate']):>10} {r['games']:>7,}  "
                f"{r['key']}: {reading_text(r['baseline'])} -> {reading_text(r['alternative'])}",
                soft_wrap=True,
            )


@app.command()
def report(
    directory: Annotated[
        Path, typer.Argument(metavar="DIR", help="A sweep directory (`balance sweep --out`).")
    ],
    out: Annotated[
        Optional[Path],
        typer.Option(
            "--out",
            metavar="FOLDER",
            help="Folder for report.md and the PNG charts (default: DIR/report). Built beside "
            "it and moved into place whole; an earlier report there is replaced.",
        ),
    ] = None,
    equilibrium: Annotated[
        Optional[Path],
        typer.Option(
            "--equilibrium",
            metavar="FOLDER",
            help="Add the equilibrium verdict of this folder (its equilibrium.toml: a `balance "
            "equilibrium --out` folder, or its --store, e.g. configs/strategies).",
        ),
    ] = None,
    sensitivity: Annotated[
        Optional[list[Path]],
        typer.Option(
            "--sensitivity",
            metavar="FOLDER",
            help="Add the ranking of a `balance sensitivity --out` folder: a tornado chart per "
            "player count and the ten assumptions that move balance most. Repeatable (expert "
            "against expert, and at equilibrium).",
        ),
    ] = None,
    rulesets: Annotated[
        Optional[Path],
        typer.Option(
            "--rulesets",
            metavar="FILE",
            help="Add the two editions side by side: the file `balance compare --ruleset "
            "nemesis --ruleset classic --out FILE` wrote (a table and a chart).",
        ),
    ] = None,
) -> None:
    """Write a sweep's balance report: provenance, win rates with Wilson 95% intervals per
    player count and per cell, end reasons, and charts (win rate per player count and against
    each swept axis, heat maps with the 50% contour, end reasons, game length, and the policy
    skill matrix when `humans` and `things` were swept). Covers the cells finished so far."""
    from balance.report import write_report

    path = write_report(
        directory,
        out if out is not None else directory / "report",
        equilibrium,
        sensitivity or [],
        rulesets,
    )
    print(f"report: {path}")


CHECK_HELP = """Play the presets with the current rules and compare them with configs/baseline.toml.

The presets are expert against expert at each player count, and the equilibrium mixtures stored
in configs/strategies (`balance equilibrium --store`) where the baseline has them. Identical
per-game records pass at once. Otherwise, each preset's human win rate and each end-reason share
are compared with the baseline by a two-sided two-proportion z-test, and the p-values are held
to a family-wise false-alarm rate of 1% by Holm's procedure. A significant shift exits 1 with a
table (preset, metric, baseline, now, 95% interval of the difference, p-value); a change within
noise exits 0 and says that the records changed.

Games per preset: with m comparisons (8 metrics per preset) Holm's first step tests at 0.01/m;
catching a 3-point shift with 90% power at a rate of 50% (the largest variance) needs
n = ((z(1 - 0.01/2m) + z(0.9)) * sqrt(1/2) / 0.03)^2 games per preset: 12,858 for m = 24 (3
presets), 13,835 for m = 48 (3 presets and 3 equilibria).
"""


@app.command(help=CHECK_HELP)
def check(
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    seed: Annotated[
        Optional[int],
        typer.Option(
            "--seed",
            help="Play with this seed instead of the baseline's (fresh games: measures the "
            "false-alarm rate; the records then always differ).",
        ),
    ] = None,
    humans: Annotated[
        Optional[str],
        typer.Option(
            "--humans",
            help="Play this preset or strategy file for the humans instead of the baseline's "
            "(does it play like the baseline?).",
        ),
    ] = None,
    things: Annotated[
        Optional[str],
        typer.Option(
            "--things",
            help="Play this preset or strategy file for the Things instead of the baseline's.",
        ),
    ] = None,
) -> None:
    from rich.table import Table

    from balance import gate

    sets = with_ruleset(ruleset, overrides or [])
    result = gate.check(sets, seed=seed, humans=humans, things=things)
    console = _stdout_console()
    if result.identical:
        console.print("balance check: identical per-game records at every preset: pass")
        return
    shown = [c for c in result.comparisons if c.significant] or result.comparisons
    table = Table(title="significant shifts" if result.failed else "compared (within noise)")
    for name in ("preset", "metric", "baseline", "now", "95% interval of now - baseline", "p"):
        table.add_column(name, justify="left" if name == "metric" else "right")
    for c in shown:
        table.add_row(
            c.preset,
            c.metric,
            _share(c.baseline),
            _share(c.now),
            f"{100 * c.low:+.1f} to {100 * c.high:+.1f} points",
            f"{c.p_value:.2g}" if c.p_value > 0 else "<1e-16",
        )
    console.print(table)
    if result.failed:
        console.print("balance check: the rules moved balance significantly (family-wise 1%): fail")
        raise typer.Exit(1)
    console.print("balance check: records changed, but no shift is significant: pass")


@app.command()
def baseline(
    update: Annotated[
        bool,
        typer.Option("--update", help="Rewrite configs/baseline.toml from the current rules."),
    ] = False,
) -> None:
    """Show the balance baseline, or rewrite it with --update after a deliberate rule change
    (commit it in the same commit as the change)."""
    from balance import gate

    if update:
        print(f"baseline written: {gate.update_baseline()}")
        return
    print(gate.baseline_text())


@app.command()
def cache(
    prune: Annotated[
        bool,
        typer.Option(
            "--prune",
            help="Remove every folder but the one this build uses. Another version or checkout "
            "whose folder is removed compiles its kernel again on its next run (about 30 s).",
        ),
    ] = False,
) -> None:
    """List the compile caches of balance's builds (one folder per version and edit of the
    kernel, up to 80 MB each), or remove the unused ones with --prune."""
    from datetime import datetime

    from balance import cache_root
    from balance.compile import cache as compile_cache

    root, current = cache_root(), compile_cache.current_folder()
    if prune:
        removed = compile_cache.prune(root, current)
        freed = sum(f.size for f in removed) / 2**20
        print(f"removed {len(removed)} unused compile caches under {root} ({freed:,.0f} MiB)")
        return
    found = compile_cache.folders(root, current)
    for f in found:
        written = datetime.fromtimestamp(f.last_written).strftime("%Y-%m-%d %H:%M")
        mark = "  (this build)" if f.in_use else ""
        print(f"{f.size / 2**20:7,.0f} MiB  {written}  {f.path.name}{mark}")
    unused = [f for f in found if not f.in_use]
    print(
        f"{len(found)} compile caches under {root}, "
        f"{sum(f.size for f in unused) / 2**20:,.0f} MiB in {len(unused)} unused "
        "(`balance cache --prune` removes them)"
    )
    if not any(f.in_use for f in found):
        print(f"this build caches into {current}")


@contextmanager
def _status() -> Iterator[Callable[[str], None]]:
    """A `say(text)` callback for long searches: on a terminal a one-line status on stderr that
    each call replaces; off a terminal nothing, so logs and stdout stay clean."""
    if not sys.stderr.isatty():
        yield lambda text: None
        return
    from rich.console import Console

    with Console(stderr=True).status("") as status:
        yield lambda text: status.update(text)


SideOption = Annotated[
    str, typer.Option("--side", help="The side whose knobs are tuned: humans or things.")
]
StorageOption = Annotated[
    Optional[str],
    typer.Option(
        "--storage",
        help="Where the Optuna study lives: any database URL Optuna accepts (default: an SQLite "
        "file beside --out). Running the same command again resumes the study; several "
        "machines can share one database.",
    ),
]


def _positive(option: str, value: int, least: int = 1) -> None:
    if value < least:
        raise ConfigError(
            f"{option}: {value!r} is not allowed (allowed: a whole number >= {least})"
        )


@app.command()
def tune(
    *,
    players: PlayersOption = 12,
    side: SideOption = "humans",
    preset: Annotated[
        str, typer.Option("--preset", help="The policy whose knobs are searched.")
    ] = DEFAULT,
    against: Annotated[
        str,
        typer.Option(
            "--against",
            help="The fixed opponent: a preset name, a strategy file, or a mixture "
            "mix:FILE1=0.6,FILE2=0.4 (weights summing to 1).",
        ),
    ] = DEFAULT,
    start: Annotated[
        Optional[str],
        typer.Option(
            "--start",
            help="Start the search from this strategy file's knobs (of --preset) instead of "
            "the preset's values.",
        ),
    ] = None,
    baseline: Annotated[
        Optional[str],
        typer.Option(
            "--baseline",
            help="What the gain is measured against, on the fresh games: a preset, a strategy "
            "file or a mixture of --side (default: the starting knobs). E.g. the side's "
            "equilibrium mixture, to measure its exploitability.",
        ),
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="Trials of the search.")] = 60,
    games: Annotated[
        int, typer.Option("--games", help="Games per trial, the same games for every trial.")
    ] = 2000,
    confirm_games: Annotated[
        int,
        typer.Option(
            "--confirm-games",
            help="Fresh games on which the best trials and the start are re-played.",
        ),
    ] = 10_000,
    seed: SeedOption = 0,
    storage: StorageOption = None,
    out: Annotated[
        Path, typer.Option("--out", help="The strategy file to write (TOML).", show_default=False)
    ],
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    fix: FixOption = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
) -> None:
    """Best response: search one side's knobs against a fixed opponent.

    Every numeric knob of --preset is searched within its declared range (`balance policies`)
    by Optuna's TPE sampler, every trial on the same games (common random numbers), poor trials
    stopped after a quarter of their games. The best few trials are re-played on fresh games
    beside the starting knobs, and the best there is written to --out with its gain and the
    paired 95% interval of the gain. The file plays wherever --humans or --things take a
    policy (run, sweep, matrix, check, replay). A side's win rate is the humans' wins for the
    humans, and the games the humans do not win for the Things."""
    from balance.strategy import parse_fixed, parse_mixture, parse_strategy, preset_knobs
    from balance.tune import tune_strategy

    if side not in ("humans", "things"):
        raise ConfigError(f"--side: {side!r} is not allowed (allowed: humans or things)")
    _positive("--trials", trials)
    _positive("--games", games, 4)
    _positive("--confirm-games", confirm_games, 100)
    if out.suffix != ".toml":
        raise ConfigError(f"--out: {str(out)!r} is not allowed (allowed: a .toml file name)")
    sets = tuple(with_ruleset(ruleset, overrides or []))
    load_config(players, list(sets))
    preset_knobs(side, preset, ruleset=ruleset)
    fixed = parse_fixed(fix, preset, ruleset)
    other = "things" if side == "humans" else "humans"
    opponent = parse_mixture(against, other, players, ruleset)
    first = parse_strategy(start, side, players, ruleset=ruleset) if start else None
    if first is not None and first.preset != preset:
        raise ConfigError(
            f"--start: {start!r} sets the knobs of {first.preset!r}, not of --preset {preset!r}"
        )
    reference = parse_mixture(baseline, side, players, ruleset) if baseline else None
    url = storage or f"sqlite:///{out.resolve().with_suffix('.optuna.db')}"
    with _status() as say:
        strategy, result = tune_strategy(
            players,
            sets,
            side,
            preset,
            opponent,
            trials=trials,
            games=games,
            seed=seed,
            storage=url,
            confirm_games=confirm_games,
            baseline=reference,
            start=first,
            name=out.stem,
            fixed=fixed,
            progress=lambda n, value: say(f"trial {n}/{trials}"),
        )
    strategy.save(out)
    changed = {k: v for k, v in result.best.items() if v != result.start[k]}
    summary = {
        "side": side,
        "players": players,
        "preset": preset,
        "against": opponent.label,
        "baseline": reference.label if reference else "the starting knobs",
        "start_win_rate": result.start_score,
        "best_win_rate": result.best_score,
        "gain": result.gain,
        "gain_ci": list(result.gain_ci),
        "knobs": result.best,
        "changed": changed,
        "trials": result.trials,
        "confirm_games": confirm_games,
        "out": str(out),
        "storage": url,
    }
    if json_output:
        print(json.dumps(summary))
        return
    low, high = result.gain_ci
    print(f"{side} {preset} against {opponent.label}, {players} players, {trials} trials")
    print(
        f"win rate: {summary['baseline']} {_share(result.start_score)}, the best found "
        f"{_share(result.best_score)}: gain {_share(result.gain)} [{_share(low)}, "
        f"{_share(high)}] on {confirm_games:,} fresh games"
    )
    print("knobs changed from the start:" if changed else "no knob changed from the start")
    for k, v in changed.items():
        print(f"  {k}: {result.start[k]:g} -> {v:g}")
    print(f"written to {out}")


@app.command()
def equilibrium(
    *,
    players: Annotated[
        str,
        typer.Option("--players", help="Player counts, separated by commas (e.g. 9,12,15)."),
    ] = "12",
    games: Annotated[
        int,
        typer.Option("--games", help="Games per payoff-matrix cell and per search trial."),
    ] = 2000,
    trials: Annotated[
        int, typer.Option("--trials", help="Trials of each best-response search.")
    ] = 40,
    iterations: Annotated[
        int, typer.Option("--iterations", help="At most this many double-oracle iterations.")
    ] = 20,
    epsilon: Annotated[
        float,
        typer.Option(
            "--epsilon",
            help="Stop when no side's best response gains more than this share of games (0.02: "
            "2 points) with an interval above 0.",
        ),
    ] = 0.02,
    confirm_games: Annotated[
        int,
        typer.Option(
            "--confirm-games",
            help="Fresh games for each best response's gain and for the value's interval.",
        ),
    ] = 10_000,
    seed: SeedOption = 0,
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="Folder of the run: rerun the same command to resume.", show_default=False
        ),
    ],
    store: Annotated[
        Optional[Path],
        typer.Option(
            "--store",
            help="Also write the verdict and the strategies its mixtures play to this folder "
            "(e.g. configs/strategies, which `balance check` plays and `make run` reports); "
            "the player counts not run are kept.",
        ),
    ] = None,
    overrides: SetOption = None,
    ruleset: RulesetOption = DEFAULT_RULESET,
    fix: FixOption = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON object keyed by player count.")
    ] = False,
) -> None:
    """Balance at equilibrium: both sides best-responding (double oracle).

    Per player count, the pools start from the presets; every pair plays the same games (the
    payoff matrix of human win rates); the zero-sum matrix game is solved by linear
    programming; each side's best response to the other's mixture is searched as `balance tune`
    does and joins its pool when it gains more than --epsilon; until no side's does. Prints the
    value (the human win rate at equilibrium) with its 95% interval, each side's mixture and its
    exploitability: what a fresh best response still gains against it."""
    from balance.equilibrium import TUNED_PRESET, equilibrium as solve_equilibrium
    from balance.strategy import parse_fixed

    sets = tuple(with_ruleset(ruleset, overrides or []))
    counts = _player_counts(players)
    fixed = parse_fixed(fix, TUNED_PRESET, ruleset)
    _positive("--games", games, 4)
    _positive("--trials", trials)
    _positive("--iterations", iterations)
    _positive("--confirm-games", confirm_games, 100)
    if not 0 <= epsilon < 1:
        raise ConfigError(f"--epsilon: {epsilon!r} is not allowed (allowed: from 0 to 1)")
    with _status() as say:
        results = solve_equilibrium(
            out,
            counts,
            sets,
            games=games,
            trials=trials,
            iterations=iterations,
            epsilon=epsilon,
            confirm_games=confirm_games,
            seed=seed,
            fixed=fixed,
            store=store,
            progress=say,
        )
    keys = ("value", "value_ci", "mixtures", "exploitability", "exploitability_ci")
    keys += ("payoff_matrix", "strategies", "iterations", "converged", "seconds")
    if json_output:
        print(json.dumps({str(n): {k: r[k] for k in keys} for n, r in results.items()}))
        return
    for n, r in results.items():
        low, high = r["value_ci"]
        state = "converged" if r["converged"] else "stopped at --iterations"
        print(
            f"{n} players: human win rate at equilibrium {_share(r['value'])} "
            f"[{_share(low)}, {_share(high)}], {r['iterations']} iterations ({state}), "
            f"{r['seconds'] / 60:.1f} min"
        )
        for side in ("humans", "things"):
            gain = r["exploitability"][side]
            g_low, g_high = r["exploitability_ci"][side]
            mix = ", ".join(
                f"{m['strategy']} {_share(m['weight'])}"
                for m in r["mixtures"][side]
                if m["weight"] > 1e-6
            )
            print(
                f"  {side}: {mix}; a best response gains {_share(gain)} "
                f"[{_share(g_low)}, {_share(g_high)}]"
            )


@app.command()
def compare(
    *,
    strategies: Annotated[
        Optional[list[Path]],
        typer.Option(
            "--strategies",
            help="An equilibrium folder (written by balance equilibrium --out or --store); give "
            "it twice: the first, then the second to compare with it.",
            show_default=False,
        ),
    ] = None,
    rulesets: Annotated[
        Optional[list[str]],
        typer.Option(
            "--ruleset",
            help="A ruleset (nemesis or classic); give it twice, e.g. --ruleset nemesis "
            "--ruleset classic, to compare the two editions (instead of --strategies).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        Optional[str],
        typer.Option(
            "--players",
            help="Player counts, separated by commas (default: every count both verdicts hold).",
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", help="Games each verdict's mixtures play, the same games.")
    ] = 20_000,
    seed: SeedOption = 0,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON list, one object per row.")
    ] = False,
    out: Annotated[
        Optional[Path],
        typer.Option(
            "--out",
            help="With --ruleset: also write the rows as JSON to this file, for `balance report "
            "--rulesets`.",
        ),
    ] = None,
) -> None:
    """Two equilibria side by side, on the same games; or two rulesets side by side.

    Each folder's verdict was computed with its own settings (its --set overrides and the knobs
    it held still with --fix: with and without talk, say). Both sides' mixtures of each verdict
    play games 0 .. GAMES-1 of SEED, each with its own settings: the same dice for both, so the
    second's figures minus the first's come with paired 95% intervals. Printed per player count:
    each verdict's value and exploitability as measured by balance equilibrium, then the human
    win rate, a Thing exposed early, help called, the rescue, game length and claims believed,
    for both and their difference.

    Two rulesets (--ruleset nemesis --ruleset classic): each plays expert against expert and
    its stored equilibrium's mixtures (configs/strategies, configs/classic/strategies) on
    GAMES games at each player count (default 9, 12 and 15); printed per count and play: the
    human win rate, each end reason's share and the turns played, with 95% intervals, and the
    second's minus the first's; then each equilibrium's value and exploitability."""
    from balance.compare import compare_verdicts

    _positive("--games", games, 100)
    if bool(strategies) == bool(rulesets):
        raise ConfigError(
            "--strategies/--ruleset: give one of them, twice (allowed: --strategies A "
            "--strategies B, or --ruleset nemesis --ruleset classic)"
        )
    if rulesets:
        _compare_rulesets(rulesets, players, games, seed, json_output, out)
        return
    if out is not None:
        raise ConfigError("--out: is not allowed with --strategies (allowed: with --ruleset)")
    counts = _player_counts(players) if players else None
    with _status() as say:
        say("playing both verdicts' mixtures")
        rows = compare_verdicts(strategies, counts, games, seed)
    if json_output:
        print(json.dumps(rows))
        return
    for row in rows:
        n = row["players"]
        if row["figure"].startswith("verdict"):
            low, high = row["value_ci"]
            settings = " ".join(
                row["sets"] + [f"--fix {','.join(row['fixed'])}"] * bool(row["fixed"])
            )
            print(
                f"{n} players, {row['label']}: value {_share(row['value'])} [{_share(low)}, "
                f"{_share(high)}], exploitability humans {_share(row['exploitability_humans'])} "
                f"things {_share(row['exploitability_things'])}"
                + ("" if row["converged"] else " (not converged)")
                + (f"; {settings}" if settings else "")
            )
            continue
        low, high = row["difference_ci"]
        fmt = (
            (lambda x: f"{x:.2f}") if row["figure"] in ("mean_turns", "claims_believed") else _share
        )
        print(
            f"{n} players, {row['label']}: {fmt(row['first'])} -> {fmt(row['second'])}, "
            f"difference {fmt(row['difference'])} [{fmt(low)}, {fmt(high)}]"
        )


def _compare_rulesets(
    rulesets: list[str], players: str | None, games: int, seed: int, json_output: bool, out
) -> None:
    """`balance compare --ruleset A --ruleset B`: see compare's help."""
    from balance.compare import compare_rulesets
    from balance.files import check_output_file, written_whole

    for name in rulesets:
        check_ruleset(name)
    if out is not None:
        check_output_file(out)
    counts = _player_counts(players) if players else list(PRESET_PLAYERS)
    with _status() as say:
        say(f"playing {' and '.join(rulesets)} at {', '.join(map(str, counts))} players")
        rows = compare_rulesets(rulesets, counts, games, seed)
    if out is not None:
        with written_whole(Path(out)) as tmp:
            tmp.write_text(json.dumps({"rulesets": rulesets, "rows": rows}, indent=1) + "\n")
    if json_output:
        print(json.dumps(rows))
        return
    first, second = rulesets
    for row in rows:
        n = row["players"]
        if row["figure"] == "verdict":
            low, high = row["value_ci"]
            print(
                f"{n} players, {row['label']} at equilibrium: value {_share(row['value'])} "
                f"[{_share(low)}, {_share(high)}], exploitability humans "
                f"{_share(row['exploitability_humans'])} things "
                f"{_share(row['exploitability_things'])}"
                + ("" if row["converged"] else " (not converged)")
            )
            continue
        fmt = (lambda x: f"{x:.1f}") if row["figure"] == "mean_turns" else _share
        (a0, a1), (b0, b1), (d0, d1) = row["first_ci"], row["second_ci"], row["difference_ci"]
        print(
            f"{n} players, {row['play']}, {row['label']}: {first} {fmt(row['first'])} "
            f"[{fmt(a0)}, {fmt(a1)}], {second} {fmt(row['second'])} [{fmt(b0)}, {fmt(b1)}], "
            f"difference {fmt(row['difference'])} [{fmt(d0)}, {fmt(d1)}]"
        )

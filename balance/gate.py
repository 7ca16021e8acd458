"""The balance gate: compare the current rules with a committed baseline, and fail on a shift.

`configs/baseline.toml` records, per preset (expert against expert at each player count) and
per stored equilibrium (both sides' mixtures of configs/strategies/equilibrium.toml, each pair of
strategies in its share of the games), the games played (seed, count, config hash), a hash of
every per-game record, the human wins and the count of each end reason. `check` plays them
again. Identical records pass at once. Otherwise every metric (the human win rate and each
end-reason share, per preset) is compared with a two-sided two-proportion z-test, and the
p-values are held to a family-wise false-alarm rate of ALPHA by Holm's step-down procedure.

How many games: with m comparisons, Holm's first step tests at ALPHA / m. To detect a shift of
MIN_SHIFT in a proportion near 1/2 (the largest variance, so every true rate is covered) with
probability POWER, each side needs

    n = ((z(1 - ALPHA / 2m) + z(POWER)) * sqrt(2 * 1/2 * 1/2) / MIN_SHIFT) ** 2

games per preset (`games_for_power`); with ALPHA = 1%, a 3-point shift and 90% power that is
12,858 games per preset for m = 24 (3 presets x 8 metrics: the human win rate and 7 end-reason
shares), and 13,835 for m = 48 (the presets and the equilibria at 3 player counts).
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any, Sequence

import numpy as np

import balance
from policies import DEFAULT
from balance import codes
from balance.config import (
    CONFIG_DIR,
    PRESET_PLAYERS,
    load_config,
    ruleset_dir,
    split_ruleset,
    with_ruleset,
)
from balance.errors import ConfigError
from balance.files import written_whole
from balance.summary import wilson_interval

BASELINE = CONFIG_DIR / "baseline.toml"
ALPHA = 0.01  # family-wise false-alarm rate
MIN_SHIFT = 0.03  # the smallest shift of a rate the gate must catch ...
POWER = 0.9  # ... with this probability
REASONS = {rs: list(reasons) for rs, reasons in codes.END_REASONS_OF.items()}
METRICS = {rs: ["human_win_rate", *[f"share_{r}" for r in REASONS[rs]]] for rs in codes.RULESETS}
# the baseline's tables of each ruleset: its presets and its stored equilibrium's mixtures
TABLES = {
    "nemesis": ("presets", "equilibria"),
    "classic": ("classic_presets", "classic_equilibria"),
}


def strategies_dir(ruleset: str) -> Path:
    """Where a ruleset's stored equilibrium lives (balance equilibrium --store): the mixtures
    `balance check` plays, configs/strategies and configs/classic/strategies."""
    return ruleset_dir(ruleset) / "strategies"


META_KEYS = ("humans", "things")  # the policies a baseline's games were played with
_Z = NormalDist()


def games_for_power(
    m: int, alpha: float = ALPHA, shift: float = MIN_SHIFT, power: float = POWER
) -> int:
    """Games per preset and side for the power stated in the module docstring."""
    z_alpha = _Z.inv_cdf(1 - alpha / (2 * m))
    z_power = _Z.inv_cdf(power)
    return math.ceil(((z_alpha + z_power) * math.sqrt(0.5) / shift) ** 2)


def records_hash(records: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(records).tobytes()).hexdigest()[:32]


def two_proportion_p(x1: int, n1: int, x2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (1 when both are 0% or 100%)."""
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var == 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / math.sqrt(var)
    return 2 * (1 - _Z.cdf(abs(z)))


def difference_interval(x1: int, n1: int, x2: int, n2: int) -> tuple[float, float]:
    """Newcombe's hybrid score 95% interval for p2 - p1, built from Wilson intervals."""
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson_interval(x1, n1)
    l2, u2 = wilson_interval(x2, n2)
    d = p2 - p1
    return d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt(
        (u2 - p2) ** 2 + (p1 - l1) ** 2
    )


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down rejections at family-wise level alpha, in the input order."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    reject = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        reject[i] = True
    return reject


def measure(
    players: int,
    games: int,
    seed: int,
    sets: Sequence[str] = (),
    humans: str = DEFAULT,
    things: str = DEFAULT,
) -> dict[str, Any]:
    """Play one pairing (each side a preset or a strategy file) and count what the gate
    compares."""
    from balance.runner import run_games
    from balance.strategy import play_as

    played, h_preset, t_preset = play_as(players, list(sets), humans, things)
    cfg = load_config(players, played)
    records = run_games(cfg, games, seed, h_preset, t_preset)
    return _counted(records, players, games, seed, cfg)


def measure_equilibrium(
    players: int, games: int, seed: int, sets: Sequence[str], mixtures: dict[str, Any]
) -> dict[str, Any]:
    """Play the two sides' equilibrium mixtures ({"humans": Mixture, "things": Mixture}), each
    pair of strategies in its share of the games (balance.evaluate), and count as `measure`."""
    from balance.evaluate import mixture_records

    records = mixture_records(players, sets, mixtures["humans"], mixtures["things"], games, seed)
    return _counted(records, players, games, seed, load_config(players, list(sets)))


def _counted(records: np.ndarray, players: int, games: int, seed: int, cfg) -> dict:
    reasons = np.bincount(records["reason"], minlength=len(codes.REASON_NAMES))
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "config_hash": cfg.hash,
        "records_hash": records_hash(records),
        "human_wins": int((records["winner"] == codes.HUMANS).sum()),
        "end_reasons": {r: int(reasons[codes.REASON_NAMES.index(r)]) for r in REASONS[cfg.ruleset]},
    }


def _counts(m: dict[str, Any], ruleset: str) -> dict[str, int]:
    return {
        "human_win_rate": m["human_wins"],
        **{f"share_{r}": m["end_reasons"][r] for r in REASONS[ruleset]},
    }


@dataclass(frozen=True)
class Comparison:
    preset: str  # "12" (the presets at 12 players) or "equilibrium 12"
    metric: str
    baseline: float
    now: float
    low: float
    high: float
    p_value: float
    significant: bool


@dataclass(frozen=True)
class CheckResult:
    identical: bool
    comparisons: list[Comparison]

    @property
    def failed(self) -> bool:
        return any(c.significant for c in self.comparisons)


def compare(
    baseline: dict[Any, dict[str, Any]],
    now: dict[Any, dict[str, Any]],
    ruleset: str = codes.DEFAULT_RULESET,
) -> CheckResult:
    """Compare measurements of a ruleset preset by preset (see the module docstring)."""
    identical = all(baseline[p]["records_hash"] == now[p]["records_hash"] for p in baseline)
    rows = []
    for players in sorted(baseline, key=str):
        b, n = baseline[players], now[players]
        cb, cn = _counts(b, ruleset), _counts(n, ruleset)
        for metric in METRICS[ruleset]:
            x1, x2 = cb[metric], cn[metric]
            if x1 == 0 and x2 == 0:
                continue  # a reason that never happens carries no information
            lo, hi = difference_interval(x1, b["games"], x2, n["games"])
            rows.append(
                (
                    str(players),
                    metric,
                    x1 / b["games"],
                    x2 / n["games"],
                    lo,
                    hi,
                    two_proportion_p(x1, b["games"], x2, n["games"]),
                )
            )
    rejected = holm([r[-1] for r in rows])
    return CheckResult(identical, [Comparison(*r, s) for r, s in zip(rows, rejected)])


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _preset_problem(where: str, m: Any, reasons: list[str]) -> str | None:
    """What is wrong with one measurement's table of a baseline (`where`), or None."""
    if not isinstance(m, dict):
        return f"{where} is not a table"
    if not _whole(m.get("games"), 1, 2**63 - 1):
        return f"{where}.games is not a whole number >= 1"
    if not _whole(m.get("seed"), 0, 2**63 - 1):
        return f"{where}.seed is not a whole number from 0 to 2**63-1"
    if not isinstance(m.get("records_hash"), str):
        return f"{where}.records_hash is not a string"
    games, counted = m["games"], m.get("end_reasons")
    if not _whole(m.get("human_wins"), 0, games):
        return f"{where}.human_wins is not a whole number from 0 to its games ({games})"
    if not isinstance(counted, dict):
        return f"{where}.end_reasons is not a table"
    for reason in reasons:  # one missing: written before that end reason existed
        if not _whole(counted.get(reason), 0, games):
            return f"{where}.end_reasons.{reason} is not a whole number from 0 to {games}"
    if sum(counted[r] for r in reasons) != games:
        return f"{where}.end_reasons do not add up to its games ({games})"
    return None


def _baseline_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with a baseline's tables (those `update_baseline` writes), or None."""
    meta, presets = data.get("meta"), data.get("presets")
    if not isinstance(meta, dict) or not all(isinstance(meta.get(k), str) for k in META_KEYS):
        return f"no [meta] table with the strings {' and '.join(META_KEYS)}"
    if not isinstance(presets, dict) or not presets:
        return "no [presets] table"
    for ruleset, tables in TABLES.items():
        for table in tables:
            entries = data.get(table, {})
            if not isinstance(entries, dict):
                return f"{table} is not a table"
            for players, m in entries.items():
                if players not in {str(p) for p in PRESET_PLAYERS}:
                    return f"{table}.{players} is not a player count of configs/ ({PRESET_PLAYERS})"
                problem = _preset_problem(f"{table}.{players}", m, REASONS[ruleset])
                if problem:
                    return problem
    return None


def load_baseline(path: Path | None = None) -> dict[str, Any]:
    """The baseline at `path` (default BASELINE), checked: a file that is missing, not TOML or
    not what `update_baseline` writes is a one-line ConfigError naming it and what is wrong."""
    path = BASELINE if path is None else path
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(
            f"baseline: {str(path)!r} does not exist (allowed: create it with "
            "`balance baseline --update`)"
        ) from None
    except OSError as exc:
        problem = f"cannot be read: {exc.strerror}"
    except ValueError as exc:  # not TOML, or not UTF-8
        problem = f"not TOML: {exc}"
    else:
        problem = _baseline_problem(data)
    if problem:
        raise ConfigError(
            f"baseline: {str(path)!r} is not a balance baseline ({problem}; allowed: the file "
            "`balance baseline --update` writes: restore it from git or rewrite it so)"
        )
    return data


def baseline_measurements(
    data: dict[str, Any], ruleset: str = codes.DEFAULT_RULESET
) -> dict[str, dict[str, Any]]:
    """The measurements of a ruleset in a checked baseline (`load_baseline`): the presets' by
    player count ("12"), the equilibrium mixtures' as "equilibrium 12"."""
    presets, equilibria = TABLES[ruleset]
    found = {p: {**m, "players": int(p)} for p, m in data.get(presets, {}).items()}
    for p, m in data.get(equilibria, {}).items():
        found[f"{EQUILIBRIUM} {p}"] = {**m, "players": int(p)}
    return found


EQUILIBRIUM = "equilibrium"


def baseline_text(path: Path | None = None) -> str:
    """The baseline file as it is written, once checked (`load_baseline`)."""
    path = BASELINE if path is None else path
    load_baseline(path)
    return path.read_text()


def check(
    sets: Sequence[str] = (),
    seed: int | None = None,
    path: Path | None = None,
    humans: str | None = None,
    things: str | None = None,
    strategies: Path | None = None,
) -> CheckResult:
    """Play every preset of the baseline (default BASELINE) of the ruleset `sets` play with the
    current rules (and `sets`), and the equilibrium mixtures of `strategies` (default: the
    ruleset's stored equilibrium, strategies_dir) where the baseline has them, and compare.
    `seed` replaces the baseline's seed (to measure the false-alarm rate with fresh games);
    `humans` and `things` (presets or strategy files) replace what the baseline's presets
    played (to see whether a strategy plays like them)."""
    from balance.equilibrium import load_verdict

    ruleset = split_ruleset(tuple(sets))[0]
    data = load_baseline(path)
    base = baseline_measurements(data, ruleset)
    if not base:
        raise ConfigError(
            f"baseline: no {TABLES[ruleset][0]} table for --ruleset {ruleset} (allowed: write "
            "it with `balance baseline --update`)"
        )
    meta = data["meta"]
    strategies = strategies or strategies_dir(ruleset)
    verdict = load_verdict(strategies) if data.get(TABLES[ruleset][1]) else {}
    now = {}
    for label, m in base.items():
        games, players = m["games"], m["players"]
        played_seed = m["seed"] if seed is None else seed
        if label.startswith(EQUILIBRIUM):
            if players not in verdict:
                raise ConfigError(
                    f"baseline: {label} is in the baseline but not in "
                    f"{strategies / 'equilibrium.toml'} (allowed: the stored "
                    "equilibrium of every count the baseline holds: `balance baseline --update`)"
                )
            mixtures = verdict[players]["mixture"]
            now[label] = measure_equilibrium(players, games, played_seed, sets, mixtures)
        else:
            h, t = humans or meta["humans"], things or meta["things"]
            now[label] = measure(players, games, played_seed, sets, h, t)
    return compare(base, now, ruleset)


def update_baseline(
    games: int | None = None,
    seed: int = 20261129,
    players: Sequence[int] = PRESET_PLAYERS,
    path: Path | None = None,
    strategies: Path | None = None,
) -> Path:
    """Rewrite the baseline (default BASELINE) from the current rules (after a deliberate rule
    change): for each ruleset, the presets, and the equilibrium mixtures stored in its
    strategies folder (`strategies` for the main ruleset; default strategies_dir) at the player
    counts it holds. Each ruleset's games are the count its own comparisons need."""
    from balance.equilibrium import load_verdict, read_verdict_file

    path = BASELINE if path is None else path
    tables = []
    for ruleset in codes.RULESETS:
        folder = strategies_dir(ruleset)
        if strategies is not None and ruleset == codes.DEFAULT_RULESET:
            folder = strategies
        sets = with_ruleset(ruleset, [])
        verdict = load_verdict(folder) if read_verdict_file(folder) else {}
        counts = [p for p in players if p in verdict]
        m = (len(players) + len(counts)) * len(METRICS[ruleset])
        n = games or games_for_power(m)
        presets, equilibria = TABLES[ruleset]
        tables += [(presets, p, measure(p, n, seed, sets)) for p in players]
        tables += [
            (equilibria, p, measure_equilibrium(p, n, seed, sets, verdict[p]["mixture"]))
            for p in counts
        ]
    lines = [
        "# The balance baseline that `balance check` compares the current rules with.",
        "# Rewrite it on purpose with `balance baseline --update` after a deliberate rule change,",
        "# in the same commit as the change. Games per preset: balance/gate.py explains the count.",
        "",
        "[meta]",
        f'version = "{balance.__version__}"',
        f'rules_version = "{balance.RULES_VERSION}"',
        f'humans = "{DEFAULT}"',
        f'things = "{DEFAULT}"',
        f"alpha = {ALPHA}",
        f"min_shift = {MIN_SHIFT}",
        f"power = {POWER}",
        "",
    ]
    for table, p, meas in tables:
        ruleset = next(rs for rs, names in TABLES.items() if table in names)
        lines += [
            f'[{table}."{p}"]',
            f"games = {meas['games']}",
            f"seed = {meas['seed']}",
            f'config_hash = "{meas["config_hash"]}"',
            f'records_hash = "{meas["records_hash"]}"',
            f"human_wins = {meas['human_wins']}",
            f"human_win_rate = {meas['human_wins'] / meas['games']:.4f}",
            "",
            f'[{table}."{p}".end_reasons]',
            *[f"{r} = {meas['end_reasons'][r]}" for r in REASONS[ruleset]],
            "",
        ]
    with written_whole(path) as tmp:
        tmp.write_text("\n".join(lines))
    return path

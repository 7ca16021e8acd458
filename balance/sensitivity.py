"""Which unwritten rules decide the balance: `balance sensitivity`.

For each player count, every chosen key's alternative readings (declared once, beside the key,
in balance.catalogue.numbers: `Number.readings`) are played on the same games as the baseline,
and the keys are ranked by how far each moves the human win rate. Game i of the seed has the
same dice under every reading (common random numbers), so each change comes with a paired 95%
interval, far narrower than two independent intervals: most readings change only the games
they touch.

Both sides play expert against expert, or, given an equilibrium folder, the mixtures of its
verdict with the settings it was computed with (its --set overrides come before the reading).

A sensitivity folder holds `manifest.json` (the settings) and one Parquet file per reading
under `cells/`, with each game's winner, end reason and length. Games are played in whole
batches of PRECISION_BATCH, batch b being games b*B .. (b+1)*B-1 of the seed in every cell (a
mixture shares each batch out among its pairs the same way in every cell), and a cell's file
is rewritten whole after each batch: an interrupted run resumed with the same command plays
only what is missing, and a longer or more precise run reuses the games already played.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
import polars as pl

import balance
from policies import DEFAULT
from balance.catalogue.classic import CLASSIC_NUMBERS
from balance.catalogue.kinds import AP
from balance.catalogue.numbers import NUMBERS, Number
from balance.codes import DEFAULT_RULESET
from balance.config import load_config, split_ruleset, toml_value, with_ruleset
from balance.errors import ConfigError
from balance.evaluate import human_won, mixture_records, paired_interval
from balance.files import locked_folder, written_whole
from balance.precision import (
    PRECISION_BATCH,
    half_width,
    paired_games_bound,
    whole_batches,
)
from balance.strategy import Mixture, parse_strategy
from balance.summary import PARQUET_METADATA_KEY

MANIFEST = "manifest.json"
CELLS = "cells"
LOCK = "sensitivity.lock"
RANKING = "ranking.json"  # the rows and baselines of the last run, for `balance report`
# The rule numbers a designer asks about beside the assumptions, per ruleset: the main one's
# tables of generators, fuel, infection, frostbite, the Thing's abilities and the rescue; the
# classic one's of combat, infection, temperature, food, weather and the helicopter
RULE_TABLES = {
    "nemesis": ("generator", "canister", "infection", "frostbite", "thing", "archetypes", "rescue"),
    "classic": ("combat", "infection", "temperature", "food", "weather", "helicopter"),
}


def numbers_of(ruleset: str) -> tuple[Number, ...]:
    """The rule numbers of a ruleset's catalogue."""
    return CLASSIC_NUMBERS if ruleset == "classic" else NUMBERS


COLUMNS = ("winner", "reason", "end_turn")  # what a cell keeps of each game
DEFAULT_PRECISION = 0.01  # what a run plays to without --games or --precision
GROWTH = 1.2  # a reading short of the precision asks for this much more than the estimate


def is_assumption(number: Number) -> bool:
    return any(rule.startswith(("GAP-", "CL-GAP-")) for rule in number.rule.split())


def default_keys(ruleset: str = DEFAULT_RULESET) -> list[str]:
    """Every assumption key of a ruleset (one citing a GAP, or a classic CL-GAP, of
    docs/rules.md) and every key of its RULE_TABLES, in the catalogue's order."""
    tables = RULE_TABLES[ruleset]
    return [n.key for n in numbers_of(ruleset) if is_assumption(n) or n.key.split(".")[0] in tables]


def parse_keys(text: str | None, ruleset: str = DEFAULT_RULESET) -> list[str]:
    """--keys: keys or table names (`rescue` is every rescue.* key), separated by commas."""
    if text is None:
        return default_keys(ruleset)
    known = [n.key for n in numbers_of(ruleset)]
    keys: list[str] = []
    for item in (t.strip() for t in text.split(",")):
        chosen = [k for k in known if k == item or k.split(".")[0] == item]
        if not chosen:
            raise ConfigError(
                f"--keys: {item!r} is not allowed (allowed: keys or tables of the ruleset's "
                "base.toml, separated by commas, e.g. rescue.delay_turns,thing)"
            )
        keys += [k for k in chosen if k not in keys]
    return keys


@dataclass(frozen=True)
class Reading:
    """One cell: a player count under the baseline (key None) or one reading of one key."""

    players: int
    key: str | None = None
    value: Any = None  # as a config writes it

    @property
    def override(self) -> list[str]:
        return [] if self.key is None else [f"{self.key}={toml_value(self.value)}"]

    def file(self, settings_id: str) -> str:
        what = json.dumps([settings_id, self.players, self.key, self.value], sort_keys=True)
        name = "baseline" if self.key is None else self.key
        return f"{self.players}p-{name}-{hashlib.sha256(what.encode()).hexdigest()[:12]}.parquet"


@dataclass(frozen=True)
class Side:
    """What both sides play at one player count, and the settings they were found with."""

    sets: tuple[str, ...]
    humans: Mixture
    things: Mixture


@dataclass(frozen=True)
class Plan:
    """Everything a sensitivity run plays, resolved before its first game."""

    players: tuple[int, ...]
    seed: int
    games: int | None  # None: play to `precision`
    precision: float | None
    strategies: str | None  # the equilibrium folder, or None for expert against expert
    verdict_digest: str | None
    ruleset: str
    sides: dict[int, Side]
    readings: dict[int, list[Reading]]  # per count, the readings played
    baselines: dict[int, dict[str, Any]]  # per count, each key's baseline value
    skipped: list[tuple[Reading, str]]  # readings the configuration refuses, and why

    def settings(self) -> dict[str, Any]:
        """What cells must share to be reused: other settings are refused, not mixed in."""
        settings = {
            "seed": self.seed,
            "strategies": self.verdict_digest,
            "version": balance.__version__,
            "rules_version": balance.RULES_VERSION,
            "source_digest": balance.SOURCE_DIGEST,
        }
        if self.ruleset != DEFAULT_RULESET:  # the main ruleset's folders stay as they were
            settings["ruleset"] = self.ruleset
        return settings

    @property
    def id(self) -> str:
        text = json.dumps(self.settings(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def reading_text(value: Any) -> str:
    """A key's value as a table shows it: links as `a-b`, switches as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, (list, tuple)) for v in value):
            return " ".join("-".join(map(str, v)) for v in value) or "none"
        return ",".join(map(str, value)) or "none"
    return str(value)


def _frozen(value: Any) -> Any:
    """A list value (a map's links) as nested tuples, so a Reading can key a dict."""
    return tuple(map(_frozen, value)) if isinstance(value, list) else value


def plan_sensitivity(
    players: Sequence[int],
    keys: Sequence[str],
    seed: int,
    games: int | None,
    precision: float | None,
    strategies: Path | None = None,
    ruleset: str = DEFAULT_RULESET,
) -> Plan:
    """Resolve every reading's configuration now, so a bad argument stops the run before any
    game. A reading the configuration refuses (a delay_min above delay_max, say) is skipped, and
    so is an action's cost above the AP a turn has: that reading would remove the action. An
    equilibrium folder must be one of `ruleset`."""
    from balance.equilibrium import VERDICT, load_verdict

    if games is not None and games < 1:
        raise ConfigError(f"--games: {games!r} is not allowed (allowed: a whole number >= 1)")
    sides: dict[int, Side] = {}
    digest = None
    if strategies is not None:
        verdict = load_verdict(strategies)
        digest = hashlib.sha256((Path(strategies) / VERDICT).read_bytes()).hexdigest()[:16]
        for n in players:
            if n not in verdict:
                raise ConfigError(
                    f"--players: {n} is not allowed (allowed: the player counts of "
                    f"{strategies}: {', '.join(map(str, sorted(verdict)))})"
                )
            entry = verdict[n]
            mix = entry["mixture"]
            sets = tuple(entry["settings"].get("sets", []))
            if split_ruleset(sets)[0] != ruleset:
                raise ConfigError(
                    f"--strategies: {strategies} holds an equilibrium of the "
                    f"{split_ruleset(sets)[0]!r} ruleset, not of {ruleset!r} (give --ruleset "
                    "to match it)"
                )
            sides[n] = Side(sets, mix["humans"], mix["things"])
    else:
        sets = tuple(with_ruleset(ruleset, []))
        for n in players:
            load_config(n, sets)  # a player count without a preset is refused here
            sides[n] = Side(
                sets,
                Mixture.pure(parse_strategy(DEFAULT, "humans", n, ruleset=ruleset)),
                Mixture.pure(parse_strategy(DEFAULT, "things", n, ruleset=ruleset)),
            )
    by_key = {n.key: n for n in numbers_of(ruleset)}
    readings: dict[int, list[Reading]] = {}
    baselines: dict[int, dict[str, Any]] = {}
    skipped: list[tuple[Reading, str]] = []
    for n in players:
        cfg = load_config(n, sides[n].sets)
        readings[n], baselines[n] = [], {}
        for key in keys:
            number = by_key[key]
            baselines[n][key] = number.kind.raw(cfg[key])
            for value in number.readings(cfg[key]):
                reading = Reading(n, key, _frozen(value))
                if number.kind is AP and value > cfg["game.ap_per_turn"]:
                    # AP-1: it would remove the action, not price it
                    skipped.append(
                        (
                            reading,
                            f"{key}={value}: more than the {cfg['game.ap_per_turn']} AP of a "
                            "turn, so the action could never be taken",
                        )
                    )
                    continue
                try:
                    load_config(n, [*sides[n].sets, *reading.override])
                except ConfigError as exc:
                    skipped.append((reading, str(exc)))
                    continue
                readings[n].append(reading)
    return Plan(
        tuple(players),
        seed,
        games,
        precision,
        None if strategies is None else str(strategies),
        digest,
        ruleset,
        sides,
        readings,
        baselines,
        skipped,
    )


def _read_cell(path: Path, plan: Plan) -> pl.DataFrame | None:
    """The games a cell file holds, or None when it is absent, damaged or of other settings (it
    is then played again from the start)."""
    import pyarrow.parquet as pq

    if not path.exists():
        return None
    try:
        meta = json.loads(pq.read_metadata(path).metadata[PARQUET_METADATA_KEY])
        frame = pl.read_parquet(path)
    except (OSError, ValueError, KeyError, TypeError, pl.exceptions.PolarsError):
        return None
    if meta.get("settings") != plan.id or frame.height % PRECISION_BATCH or frame.height == 0:
        return None
    return frame


class Cells:
    """The cells of one run, read from and grown in the folder."""

    def __init__(self, plan: Plan, out: Path, progress: Callable[[int], None] | None) -> None:
        self.plan, self.out, self.progress = plan, Path(out), progress
        self.frames: dict[Reading, pl.DataFrame] = {}

    def path(self, reading: Reading) -> Path:
        return self.out / CELLS / reading.file(self.plan.id)

    def stored(self, reading: Reading) -> int:
        """Games the cell holds (reading its file the first time)."""
        if reading not in self.frames:
            frame = _read_cell(self.path(reading), self.plan)
            self.frames[reading] = frame if frame is not None else pl.DataFrame()
        return self.frames[reading].height

    def grow(self, reading: Reading, games: int) -> None:
        """Play the cell's missing batches up to `games`, writing it after each batch."""
        side = self.plan.sides[reading.players]
        sets = [*side.sets, *reading.override]
        while self.stored(reading) < games:
            first = self.stored(reading)
            records = mixture_records(
                reading.players,
                sets,
                side.humans,
                side.things,
                PRECISION_BATCH,
                self.plan.seed,
                first,
            )
            batch = pl.DataFrame({c: records[c] for c in COLUMNS})
            frame = pl.concat([self.frames[reading], batch]) if first else batch
            meta = {PARQUET_METADATA_KEY.decode(): json.dumps({"settings": self.plan.id})}
            with written_whole(self.path(reading)) as tmp:
                frame.write_parquet(tmp, metadata=meta)
            self.frames[reading] = frame
            if self.progress is not None:
                self.progress(PRECISION_BATCH)

    def won(self, reading: Reading, games: int) -> np.ndarray:
        """Each of the first `games` games' payoff: 1.0 where the humans won, else 0.0."""
        return human_won(self.frames[reading].head(games).to_numpy(structured=True))


def run_sensitivity(
    plan: Plan,
    out: Path,
    progress: Callable[[int], None] | None = None,
    planned: Callable[[int], None] | None = None,
) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """Play the plan into `out`. Returns the rows, sorted by the size of the change within each
    player count, and each count's baseline: its human win rate over the games its cell holds.
    `planned(games)` is told the games still to play each time the plan grows (a reading short
    of the precision asks for more); `progress(games)` as they are played."""
    out = Path(out)
    with locked_folder(out / CELLS, out / LOCK, "balance sensitivity"):
        _check_manifest(plan, out)
        cells = Cells(plan, out, progress)
        rows = []
        baselines = {}
        for n in plan.players:
            rows += _rank(plan, cells, n, planned)
            base = Reading(n)
            won = cells.won(base, cells.stored(base))
            baselines[n] = {"human_win_rate": float(won.mean()), "games": len(won)}
        ranking = {
            "players": list(plan.players),
            "seed": plan.seed,
            "games": plan.games,
            "precision": plan.precision,
            "strategies": plan.strategies,
            "settings": plan.settings(),
            "baselines": {str(n): b for n, b in baselines.items()},
            "rows": rows,
        }
        with written_whole(out / RANKING) as tmp:
            tmp.write_text(json.dumps(ranking, indent=1), encoding="utf-8")
    return rows, baselines


def read_ranking(folder: Path) -> dict[str, Any]:
    """The ranking.json of a sensitivity folder."""
    path = Path(folder) / RANKING
    try:
        ranking = json.loads(path.read_text(encoding="utf-8"))
        ranking["baselines"] = {int(n): b for n, b in ranking["baselines"].items()}
        return ranking
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(
            f"--sensitivity: {str(path)!r} cannot be read ({type(exc).__name__}; allowed: a "
            "folder written by `balance sensitivity --out`)"
        ) from None


def _check_manifest(plan: Plan, out: Path) -> None:
    """Refuse a folder of other settings; write the manifest of this one."""
    path = out / MANIFEST
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))["settings"]
        except (OSError, ValueError, KeyError, TypeError):
            old = None
        if old != plan.settings():
            differ = (
                ", ".join(k for k in plan.settings() if not old or old.get(k) != plan.settings()[k])
                if isinstance(old, dict)
                else "not a sensitivity manifest"
            )
            raise ConfigError(
                f"--out: {str(out)!r} holds a sensitivity run of other settings ({differ}) "
                "(allowed: the same --seed and --strategies, or another --out)"
            )
    manifest = {"settings": plan.settings(), "strategies_folder": plan.strategies}
    with written_whole(path) as tmp:
        tmp.write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def _rank(
    plan: Plan, cells: Cells, n: int, planned: Callable[[int], None] | None
) -> list[dict[str, Any]]:
    """Grow the cells of player count n until every reading's change reaches the precision (or
    the games asked for), and return the rows, largest change first."""
    base = Reading(n)
    readings = plan.readings[n]
    if plan.games is not None:
        need = dict.fromkeys(readings, whole_batches(plan.games))
    else:
        need = dict.fromkeys(readings, PRECISION_BATCH)
    bound = None if plan.precision is None else paired_games_bound(plan.precision)
    while True:
        top = max(need.values(), default=whole_batches(plan.games or 1))
        if planned is not None:
            missing = max(0, top - cells.stored(base)) + sum(
                max(0, g - cells.stored(r)) for r, g in need.items()
            )
            planned(missing)
        cells.grow(base, top)
        for reading, games in need.items():
            cells.grow(reading, games)
        if bound is None:
            break
        more = {}
        for reading, games in need.items():
            _, low, high = paired_interval(cells.won(reading, games), cells.won(base, games))
            width = half_width(low, high)
            if width > plan.precision and games < bound:
                wanted = games * (width / plan.precision) ** 2 * GROWTH
                more[reading] = min(bound, max(games + PRECISION_BATCH, whole_batches(wanted)))
        if not more:
            break
        need.update(more)
    rows = []
    for reading, games in need.items():
        alternative = cells.won(reading, games)
        delta, low, high = paired_interval(alternative, cells.won(base, games))
        rows.append(
            {
                "players": n,
                "key": reading.key,
                "baseline": plan.baselines[n][reading.key],
                "alternative": reading.value,
                "human_win_rate": float(alternative.mean()),
                "delta": float(delta),
                "delta_ci": [float(low), float(high)],
                "games": games,
            }
        )
    rows.sort(key=lambda r: -abs(r["delta"]))
    return rows

"""Rule configuration: TOML files and overrides resolved into one frozen, validated object.

Resolution order: configs/base.toml, then configs/players-NN.toml, then the policy knobs of
configs/policies.toml (under `policies.`), then `--set KEY=VALUE` overrides in the order given.
Every key is declared in balance/catalogue/numbers.py (or is a policy knob); every value is
checked, and a bad one raises ConfigError with a one-line message naming the dotted key, the
value and what is allowed.

The classic ruleset (`--ruleset classic`, which the overrides carry as their `ruleset=classic`)
resolves the same way from configs/classic/, its keys declared in balance/catalogue/classic.py.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

import numpy as np

from balance import codes
from balance.catalogue.classic import CLASSIC_DERIVED, CLASSIC_NUMBERS
from balance.catalogue.kinds import Kind, refuse, shown
from balance.catalogue.numbers import DERIVED, NUMBERS
from balance.errors import ConfigError
from balance.kernel import params as P

CONFIG_DIR = Path(__file__).resolve().parent.parent / "configs"
PRESET_PLAYERS = (9, 12, 15)


SCHEMA: dict[str, Callable[[str, Any], Any]] = {n.key: n.kind.parse for n in NUMBERS}
KINDS: dict[str, Kind] = {n.key: n.kind for n in NUMBERS}
CLASSIC_SCHEMA: dict[str, Callable[[str, Any], Any]] = {
    n.key: n.kind.parse for n in CLASSIC_NUMBERS
}
RULESET_KEY = "ruleset"  # the override that picks the ruleset: `ruleset=classic`


def ruleset_dir(ruleset: str, config_dir: Path = CONFIG_DIR) -> Path:
    """The folder of a ruleset's configs: configs/ for the main one, configs/classic/."""
    return config_dir if ruleset == codes.DEFAULT_RULESET else config_dir / ruleset


def policies_file(ruleset: str) -> Path:
    """A ruleset's policy knobs with their declared ranges (knob_ranges)."""
    return ruleset_dir(ruleset) / "policies.toml"


def check_ruleset(ruleset: str) -> None:
    """Refuse a ruleset that does not exist, naming --ruleset."""
    if ruleset not in codes.RULESETS:
        raise ConfigError(
            f"--ruleset: {ruleset!r} is not allowed (allowed: {', '.join(codes.RULESETS)})"
        )


def split_ruleset(overrides: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """(the ruleset the overrides pick, the other overrides): the last `ruleset=NAME` wins."""
    ruleset = codes.DEFAULT_RULESET
    rest = []
    for text in overrides:
        key, sep, raw = text.partition("=")
        if sep and key.strip() == RULESET_KEY:
            ruleset = raw.strip().strip('"')
            check_ruleset(ruleset)
        else:
            rest.append(text)
    return ruleset, tuple(rest)


def with_ruleset(ruleset: str, overrides) -> list[str]:
    """The overrides that play `ruleset`: `ruleset=NAME` first, none for the main ruleset."""
    check_ruleset(ruleset)
    rest = list(split_ruleset(tuple(overrides))[1])
    return rest if ruleset == codes.DEFAULT_RULESET else [f"{RULESET_KEY}={ruleset}", *rest]


def in_canisters(key: str) -> bool:
    """Whether the values of `key` are fuel: resolved in 1/60-canister units, read in canisters."""
    return key in KINDS and KINDS[key].in_canisters


def _need(v: Mapping[str, Any], ok: bool, key: str, allowed: str) -> None:
    if not ok:
        raise refuse(key, v[key], allowed)


def _check_classic_relations(v: Mapping[str, Any]) -> None:
    """The classic ruleset's checks that involve more than one key."""
    _need(
        v,
        v["things.start"] < v["game.players"],
        "things.start",
        f"at least 1 and fewer than game.players = {v['game.players']}",
    )
    _need(
        v,
        sum(v["professions.counts"]) <= v["game.players"],
        "professions.counts",
        f"counts adding up to at most game.players = {v['game.players']}",
    )
    _need(
        v,
        v["temperature.start"] <= v["temperature.maximum"],
        "temperature.start",
        "at most temperature.maximum",
    )
    _need(
        v,
        v["health.revive_hp"] <= v["health.thing_hp"],
        "health.revive_hp",
        "at most health.thing_hp",
    )
    _need(
        v,
        v["health.wounded_slots"] <= v["health.slots"],
        "health.wounded_slots",
        "at most health.slots",
    )
    _need(
        v,
        v["helicopter.start_fuel"] <= v["helicopter.fuel_needed"],
        "helicopter.start_fuel",
        "at most helicopter.fuel_needed",
    )


def _check_relations(v: Mapping[str, Any]) -> None:
    """Checks that involve more than one key; each names the key that must change."""

    def need(ok: bool, key: str, allowed: str) -> None:
        _need(v, ok, key, allowed)

    need(
        v["things.start"] < v["game.players"],
        "things.start",
        f"at least 1 and fewer than game.players = {v['game.players']}",
    )
    n = len(v["professions.names"])
    for stat in ("physical", "initiative", "erudition"):
        need(
            len(v[f"professions.{stat}"]) == n,
            f"professions.{stat}",
            f"one value per profession in professions.names ({n})",
        )
    need(
        v["generator.start_fuel"] <= v["generator.capacity"],
        "generator.start_fuel",
        "at most generator.capacity",
    )
    need(
        v["temperature.minimum"] <= v["temperature.maximum"],
        "temperature.minimum",
        "at most temperature.maximum",
    )
    for key in ("temperature.start", "temperature.freezer"):
        need(
            v["temperature.minimum"] <= v[key] <= v["temperature.maximum"],
            key,
            f"from temperature.minimum to temperature.maximum "
            f"({v['temperature.minimum']}..{v['temperature.maximum']})",
        )
    floors = v["frostbite.band_floor"]
    need(
        all(a > b for a, b in zip(floors, floors[1:])),
        "frostbite.band_floor",
        "floors in strictly decreasing order, warmest band first",
    )
    need(
        floors[-1] <= v["temperature.street"],
        "frostbite.band_floor",
        f"a last floor at or below the coldest temperature ({v['temperature.street']})",
    )
    for key in ("frostbite.marks_without_parka", "frostbite.marks_with_parka"):
        need(
            len(v[key]) == len(floors),
            key,
            f"one value per band of frostbite.band_floor ({len(floors)})",
        )
    for key in ("sanity.start", "sanity.reset"):
        need(
            v[key] <= v["sanity.maximum"],
            key,
            f"at most sanity.maximum ({v['sanity.maximum']})",
        )
    need(
        v["infection.delay_min"] <= v["infection.delay_max"],
        "infection.delay_min",
        "at most infection.delay_max",
    )
    need(
        v["saliva.delay_min"] <= v["saliva.delay_max"],
        "saliva.delay_min",
        "at most saliva.delay_max",
    )
    need(
        v["doors.top_access_cards"] <= v["game.players"],
        "doors.top_access_cards",
        f"at most game.players = {v['game.players']}",
    )
    need(
        v["warehouse.parkas"] + v["warehouse.flashlights"] == v["warehouse.yellow_boxes"],
        "warehouse.yellow_boxes",
        "warehouse.parkas + warehouse.flashlights (each yellow box holds one)",
    )


# ----------------------------------------------------------------------------------------------
# Resolution
# ----------------------------------------------------------------------------------------------


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, val in table.items():
        key = f"{prefix}{k}"
        if isinstance(val, dict):
            out.update(_flatten(val, key + "."))
        else:
            out[key] = val
    return out


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return _flatten(tomllib.load(fh))
    except OSError as exc:
        raise ConfigError(f"{path.name}: cannot be read ({exc.strerror}: {str(path)!r})") from None
    except ValueError as exc:  # not TOML, not UTF-8, or a whole number of over 4,300 digits
        raise ConfigError(f"{path.name}: not valid TOML ({exc})") from None


def parse_override(text: str) -> tuple[str, Any]:
    """Split `KEY=VALUE`; VALUE is read as a TOML value, or kept as a string when it is not one.
    A control character (a newline, a tab) is refused: TOML would read only the first line,
    while the provenance records the whole text."""
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise ConfigError(
            f"--set: {shown(text)} is not allowed (allowed: KEY=VALUE without control "
            "characters such as a newline or a tab, e.g. things.start=2)"
        )
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key:
        raise ConfigError(
            f"--set: {text!r} is not allowed (allowed: KEY=VALUE, e.g. things.start=2)"
        )
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    except ValueError:  # a whole number of over 4,300 digits, which int() refuses to read
        raise refuse(key, raw, "a number of at most 4,300 digits") from None
    return key, value


def toml_value(value: Any) -> str:
    """A value as TOML writes it (what a --set text and a strategy file take)."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):  # repr of a numpy float is np.float64(...)
        return repr(float(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class Config:
    """A resolved, validated rule configuration. `values` maps dotted keys to normalised values
    (fuel in 1/60-canister units); `overrides` records the `--set` texts it was built with."""

    values: Mapping[str, Any]
    overrides: tuple[str, ...] = field(default=())
    ruleset: str = codes.DEFAULT_RULESET

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def players(self) -> int:
        return self.values["game.players"]

    def display(self, key: str) -> Any:
        """The value of `key` as a person reads it: fuel in canisters, everything else as is."""
        value = self.values[key]
        if in_canisters(key):
            return value / codes.FUEL_UNITS
        return value

    @property
    def hash(self) -> str:
        """A short stable hash of every resolved value: the config's identity in outputs."""
        canon = json.dumps({k: self.values[k] for k in sorted(self.values)}, sort_keys=True)
        return hashlib.sha256(canon.encode()).hexdigest()[:16]


class KnobRange(NamedTuple):
    """A knob's declared range: the values it may take, and the space `balance tune` searches."""

    low: float
    high: float
    whole: bool  # takes whole numbers only (a count, a turn, a switch)

    def describe(self) -> str:
        if self.whole:
            return f"a whole number from {self.low:g} to {self.high:g}"
        return f"a number from {self.low:g} to {self.high:g}"

    def parser(self) -> Callable[[str, Any], float]:
        def parse(key: str, value: Any) -> float:
            ok = (
                isinstance(value, (int, float))
                and not isinstance(value, bool)
                and math.isfinite(value)
                and self.low <= value <= self.high
                and (not self.whole or float(value).is_integer())
            )
            if not ok:
                raise ConfigError(f"{key}: {value!r} is not allowed (allowed: {self.describe()})")
            return float(value)

        return parse


# `name = default  # LO..HI: what it does` in configs/policies.toml
_KNOB_LINE = re.compile(r"^(\w+)\s*=\s*([-\d.]+)\s*#\s*(-?[\d.]+)\.\.(-?[\d.]+)\b")


def knob_ranges(path: Path | None = None) -> dict[str, KnobRange]:
    """{`policies.<side>.<name>.<knob>`: its range}, read from the comment that opens each
    knob's line in configs/policies.toml (LO..HI). A knob is whole when its default and both
    bounds are written without a decimal point."""
    section = None
    ranges = {}
    text = (path or CONFIG_DIR / "policies.toml").read_text(encoding="utf-8")
    for line in text.splitlines():
        head = re.match(r"^\[(\w+\.\w+)\]", line)
        if head:
            section = head.group(1)
            continue
        knob = _KNOB_LINE.match(line)
        if knob and section:
            name, default, low, high = knob.groups()
            whole = not any("." in v for v in (default, low, high))
            ranges[f"policies.{section}.{name}"] = KnobRange(float(low), float(high), whole)
    return ranges


def _policy_schema(ruleset: str) -> dict[str, Callable[[str, Any], Any]]:
    """Config keys of every policy knob of a ruleset, policies.<side>.<name>.<knob>, each
    checked against its declared range."""
    # the registry imports every policy, and numba's compiler with them (about a second): only
    # when a config is resolved
    from policies import SIDES, registry

    path = policies_file(ruleset)
    ranges = knob_ranges(path)
    schema = {}
    for (side, name), spec in registry(ruleset).items():
        for knob in spec.knobs:
            key = f"policies.{SIDES[side]}.{name}.{knob}"
            if key not in ranges:
                shown_path = path.relative_to(CONFIG_DIR.parent)
                raise RuntimeError(f"{shown_path}: {key} declares no range (LO..HI)")
            schema[key] = ranges[key].parser()
    return schema


def load_config(
    players: int, overrides: list[str] | tuple[str, ...] = (), config_dir: Path = CONFIG_DIR
) -> Config:
    """Resolve base + preset + policy knobs + overrides into a validated Config.

    Resolved configs are kept (a best-response search resolves one per trial and opponent):
    the same player count and overrides give the same Config while the files it is read from
    are unchanged (their modification times and sizes are part of the key)."""
    ruleset, rest = split_ruleset(tuple(overrides))
    config_dir = ruleset_dir(ruleset, Path(config_dir))
    files = (
        config_dir / "base.toml",
        config_dir / f"players-{players:02d}.toml" if isinstance(players, int) else None,
        config_dir / "policies.toml",
        policies_file(ruleset),  # the knobs' declared ranges
    )
    stamps = tuple(_stamp(f) for f in files)
    return _resolved(players, tuple(overrides), ruleset, rest, config_dir, stamps)


def _stamp(path: Path | None) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except (OSError, AttributeError):  # absent (the error comes when it is read), or no path
        return None
    return stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=512)
def _resolved(
    players: int,
    overrides: tuple[str, ...],
    ruleset: str,
    rest: tuple[str, ...],
    config_dir: Path,
    stamps: tuple,
) -> Config:
    """load_config's work, for one state of the files (`stamps`); `rest` are the overrides
    but the ruleset's."""
    preset = config_dir / f"players-{players:02d}.toml"
    if not preset.exists():
        raise ConfigError(
            f"--players: {players!r} is not allowed (allowed: "
            f"{', '.join(str(p) for p in PRESET_PLAYERS)}; no file {preset.name})"
        )
    raw = _read_toml(config_dir / "base.toml")
    raw.update(_read_toml(preset))
    raw.update(
        {f"policies.{k}": val for k, val in _read_toml(config_dir / "policies.toml").items()}
    )
    classic = ruleset == "classic"
    schema = {**(CLASSIC_SCHEMA if classic else SCHEMA), **_policy_schema(ruleset)}
    for text in rest:
        key, value = parse_override(text)
        if key not in schema:
            raise ConfigError(
                f"{key}: unknown key (see configs/base.toml and configs/policies.toml "
                "for the keys that exist)"
            )
        raw[key] = value
    unknown = sorted(set(raw) - set(schema))
    if unknown:
        raise ConfigError(
            f"{unknown[0]}: unknown key (see configs/base.toml for the keys that exist)"
        )
    missing = sorted(set(schema) - set(raw))
    if missing:
        raise ConfigError(f"{missing[0]}: missing (every key of the schema needs a value)")
    values = {key: schema[key](key, raw[key]) for key in sorted(schema)}
    (_check_classic_relations if classic else _check_relations)(values)
    return Config(values=MappingProxyType(values), overrides=tuple(overrides), ruleset=ruleset)


# ----------------------------------------------------------------------------------------------
# Packing for the kernel
# ----------------------------------------------------------------------------------------------


class Packed(NamedTuple):
    """Flat arrays the kernel reads; see balance.kernel.params for the layout of ip and fp."""

    ip: np.ndarray  # int64[N_IP]
    fp: np.ndarray  # float64[N_FP]
    room_block: np.ndarray  # int64[N_ROOMS]: block of each room (BLOCK_TOWER, BLOCK_STREET)
    adjacent: np.ndarray  # int64[N_ROOMS, N_ROOMS]: 1 where a move links the two rooms
    next_hop: np.ndarray  # int64[N_ROOMS, N_ROOMS]: first room on a shortest path (public map)


def _map_arrays(cfg: Config) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """GAP-1, GAP-2, MAP-3: room blocks, adjacency (every room of a block, the Street from every
    indoor room) and next hops."""
    index = {name: i for i, name in enumerate(codes.ROOM_NAMES)}
    block = np.full(codes.N_ROOMS, codes.BLOCK_STREET, dtype=np.int64)
    block[codes.TOWER] = codes.BLOCK_TOWER
    for b, rooms in enumerate(cfg["map.blocks"]):
        for r in rooms:
            block[index[r]] = b
    adj = np.zeros((codes.N_ROOMS, codes.N_ROOMS), dtype=np.int64)
    for a in range(codes.N_INDOOR):
        adj[a, codes.STREET] = adj[codes.STREET, a] = (
            1  # GAP-1, LOC-STREET-2: every room opens outside
        )
        for b in range(codes.N_INDOOR):
            if a != b and block[a] == block[b]:
                adj[a, b] = 1  # MAP-1, MAP-2, GAP-1: rooms of a block are all adjacent
    adj[codes.TOWER, codes.STREET] = adj[codes.STREET, codes.TOWER] = 1  # MAP-4
    for a, b in cfg["map.extra_links"]:
        adj[index[a], index[b]] = adj[index[b], index[a]] = 1
    # breadth-first search from every room, recording the first hop
    hop = np.full((codes.N_ROOMS, codes.N_ROOMS), -1, dtype=np.int64)
    for src in range(codes.N_ROOMS):
        hop[src, src] = src
        frontier = [src]
        while frontier:
            nxt = []
            for room in frontier:
                for dst in np.flatnonzero(adj[room]):
                    if hop[src, dst] < 0:
                        hop[src, dst] = dst if room == src else hop[src, room]
                        nxt.append(int(dst))
            frontier = nxt
    return block, adj, hop


def pack_numbers(cfg: Config, numbers, derived, layout, adj, check_invariants: bool) -> tuple:
    """(ip, fp): each rule number of a catalogue packed into its slots of `layout` (a params
    module), then the derived slots."""
    arrays = {
        "ip": np.zeros(layout.N_IP, dtype=np.int64),
        "fp": np.zeros(layout.N_FP, dtype=np.float64),
    }
    for number in numbers:
        if number.slot is not None:
            slots = number.kind.encode(cfg[number.key])
            offset = getattr(layout, number.slot)
            arrays[number.kind.array][offset : offset + len(slots)] = slots
    ip = arrays["ip"]
    for d in derived:
        offset = getattr(layout, d.slot)
        ip[offset : offset + d.width] = d.fill(cfg.values, adj, check_invariants)
    return ip, arrays["fp"]


def pack(cfg: Config, check_invariants: bool = False) -> Packed:
    """Pack a main-ruleset Config into the kernel's arrays (pack_numbers), with the map."""
    block, adj, hop = _map_arrays(cfg)
    ip, fp = pack_numbers(cfg, NUMBERS, DERIVED, P, adj, check_invariants)
    return Packed(ip=ip, fp=fp, room_block=block, adjacent=adj, next_hop=hop)


def pack_classic(cfg: Config, check_invariants: bool = False) -> tuple:
    """Pack a classic Config into its kernel's (ip, fp) (balance.classic.params)."""
    from balance.classic import params as CP

    return pack_numbers(cfg, CLASSIC_NUMBERS, CLASSIC_DERIVED, CP, None, check_invariants)

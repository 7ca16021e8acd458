"""Strategies and mixtures: what one side plays.

A strategy is a policy preset with a value for each of its knobs. A preset name (`expert`) is a
strategy with the knobs of configs/policies.toml; a strategy file pins every knob, so it plays
the same whatever the defaults become:

    side = "humans"            # or "things"
    players = 12               # the player count it was made for
    preset = "expert"          # the policy it sets the knobs of (`balance policies`)
    name = "humans-12-br1"     # optional; the file's stem otherwise

    [knobs]                    # every knob of the preset, each within its declared range
    arm_up = 0
    fuel_low = 0.35
    ...

    [measured]                 # optional: what `balance tune` measured
    [provenance]               # optional: version, rules version, seed, games, ...

A mixture plays each of its strategies in a share of the games. A SPEC names one on the
command line: a preset name, a strategy file, or `mix:FILE1=0.6,FILE2=0.4` (weights summing
to 1; a component may also be a preset name).

A strategy reaches the kernel as config overrides of its preset's knobs
(`policies.humans.expert.arm_up=0`), so the config hash of every output identifies it.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from balance import codes
from balance.config import PRESET_PLAYERS, load_config, split_ruleset, toml_value, with_ruleset
from balance.errors import ConfigError
from balance.files import written_whole

SIDE_CODES = {"humans": codes.HUMANS, "things": codes.THINGS}
FLAGS = {"humans": "--humans", "things": "--things"}
MIX_PREFIX = "mix:"


@dataclass(frozen=True)
class Strategy:
    """One side's play: a preset and the values of its knobs (all of them for a file's
    strategy; none for a bare preset, which plays configs/policies.toml's defaults)."""

    side: str
    preset: str
    knobs: tuple[tuple[str, float], ...] = ()
    players: int | None = None  # the player count a file's strategy was made for
    name: str = ""
    ruleset: str = codes.DEFAULT_RULESET
    measured: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    provenance: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def label(self) -> str:
        return self.name or self.preset

    def overrides(self) -> list[str]:
        """The config overrides that set this strategy's knobs (in the overrides of a game of
        its ruleset)."""
        return [f"{knob_key(self.side, self.preset, k)}={_toml_number(v)}" for k, v in self.knobs]

    def knob_values(self, players: int) -> dict[str, float]:
        """Every knob of the preset with the value this strategy plays at `players`."""
        cfg = load_config(players, with_ruleset(self.ruleset, self.overrides()))
        return {
            k: cfg[knob_key(self.side, self.preset, k)]
            for k in preset_knobs(self.side, self.preset, ruleset=self.ruleset)
        }

    def to_toml(self) -> str:
        lines = [
            f'side = "{self.side}"',
            f"players = {self.players}",
            f'preset = "{self.preset}"',
            f'name = "{self.name}"',
            # only the classic ruleset is written: the main one's files stay as they were
            *([f'ruleset = "{self.ruleset}"'] if self.ruleset != codes.DEFAULT_RULESET else []),
            "",
            "[knobs]",
            *(f"{k} = {_toml_number(v)}" for k, v in self.knobs),
        ]
        for table, values in (("measured", self.measured), ("provenance", self.provenance)):
            if values:
                lines += ["", f"[{table}]", *(f"{k} = {toml_value(v)}" for k, v in values.items())]
        return "\n".join(lines) + "\n"

    def save(self, path: Path) -> None:
        """Write the strategy file whole (a temporary file renamed into place)."""
        with written_whole(Path(path)) as tmp:
            tmp.write_text(self.to_toml(), encoding="utf-8")


@dataclass(frozen=True)
class Mixture:
    """Strategies of one side played with these weights (summing to 1)."""

    components: tuple[tuple[Strategy, float], ...]

    @property
    def side(self) -> str:
        return self.components[0][0].side

    @property
    def label(self) -> str:
        if len(self.components) == 1:
            return self.components[0][0].label
        return MIX_PREFIX + ",".join(f"{s.label}={w:.3g}" for s, w in self.components)

    @classmethod
    def pure(cls, strategy: Strategy) -> "Mixture":
        return cls(((strategy, 1.0),))


def knob_key(side: str, preset: str, knob: str) -> str:
    return f"policies.{side}.{preset}.{knob}"


def parse_fixed(
    text: str | None, preset: str = "expert", ruleset: str = codes.DEFAULT_RULESET
) -> tuple[str, ...]:
    """--fix: knobs of `preset` the searches leave at their configured value, as SIDE.KNOB
    separated by commas (e.g. humans.talk,things.frame_chance); each checked to exist."""
    if not text:
        return ()
    fixed = []
    for item in text.split(","):
        side, _, knob = item.strip().partition(".")
        if side not in SIDE_CODES or knob not in preset_knobs(side, preset, ruleset=ruleset):
            raise ConfigError(
                f"--fix: {item.strip()!r} is not allowed (allowed: humans.KNOB or things.KNOB, "
                f"a knob of the {preset!r} presets: balance policies lists them)"
            )
        fixed.append(f"{side}.{knob}")
    return tuple(sorted(set(fixed)))


def preset_knobs(
    side: str, preset: str, option: str = "", ruleset: str = codes.DEFAULT_RULESET
) -> tuple[str, ...]:
    """The knobs of `side`'s `preset` in `ruleset`; an unknown preset is an error naming
    `option` (default: --humans or --things)."""
    from policies import names, registry

    spec = registry(ruleset).get((SIDE_CODES[side], preset))
    if spec is None:
        raise ConfigError(
            f"{option or FLAGS[side]}: {preset!r} is not allowed (allowed: "
            f"{', '.join(names(SIDE_CODES[side], ruleset))}, a strategy file, or mix:FILE=W,...)"
        )
    return spec.knobs


def load_strategy(
    path: Path,
    side: str,
    players: int,
    option: str = "",
    ruleset: str = codes.DEFAULT_RULESET,
) -> Strategy:
    """Read a strategy file for `side` at `players` in `ruleset`; any fault is a one-line
    ConfigError naming `option` (default: --humans or --things) and the file."""
    where = f"{option or FLAGS[side]}: {path}"
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"{where}: no such file (give a preset name or a strategy file)"
        ) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{where}: not a strategy file ({_one_line(exc)})") from None
    file_side, preset, file_players = data.get("side"), data.get("preset"), data.get("players")
    if file_side not in SIDE_CODES or not isinstance(preset, str):
        raise ConfigError(f"{where}: not a strategy file (it needs side and preset)")
    if file_side != side:
        raise ConfigError(f"{where}: a strategy of the {file_side}, not of the {side}")
    if file_players not in PRESET_PLAYERS:
        raise ConfigError(f"{where}: players = {file_players!r} (allowed: 9, 12 or 15)")
    if file_players != players:
        raise ConfigError(
            f"{where}: made for {file_players} players, not {players} (tune one for {players})"
        )
    file_ruleset = data.get("ruleset", codes.DEFAULT_RULESET)
    if file_ruleset != ruleset:
        raise ConfigError(
            f"{where}: a strategy of the {file_ruleset!r} ruleset, not of {ruleset!r} "
            "(give --ruleset to match it)"
        )
    known = preset_knobs(side, preset, option, ruleset)
    knobs = data.get("knobs", {})
    if not isinstance(knobs, dict):
        raise ConfigError(f"{where}: [knobs] must be a table of knob = value")
    unknown = sorted(set(knobs) - set(known))
    if unknown:
        raise ConfigError(
            f"{where}: {unknown[0]} is not a knob of {side} preset {preset!r} "
            f"(see `balance policies`)"
        )
    strategy = Strategy(
        side=side,
        preset=preset,
        knobs=tuple((k, knobs[k]) for k in known if k in knobs),
        players=file_players,
        name=str(data.get("name") or Path(path).stem),
        ruleset=ruleset,
        measured=dict(data.get("measured", {})),
        provenance=dict(data.get("provenance", {})),
    )
    try:
        # each knob within its declared range
        load_config(players, with_ruleset(ruleset, strategy.overrides()))
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    return strategy


def parse_strategy(
    spec: str,
    side: str,
    players: int,
    option: str = "",
    ruleset: str = codes.DEFAULT_RULESET,
) -> Strategy:
    """A preset name or a strategy file of `ruleset` (what --humans and --things take); an
    error names `option`, the option it was given to (default: --humans or --things)."""
    if spec.endswith(".toml") or "/" in spec:
        return load_strategy(Path(spec), side, players, option, ruleset)
    preset_knobs(side, spec, option, ruleset)
    return Strategy(side=side, preset=spec, ruleset=ruleset)


def parse_mixture(
    spec: str, side: str, players: int, ruleset: str = codes.DEFAULT_RULESET
) -> Mixture:
    """A preset name, a strategy file, or `mix:SPEC1=W1,SPEC2=W2,...` (weights sum to 1)."""
    if not spec.startswith(MIX_PREFIX):
        return Mixture.pure(parse_strategy(spec, side, players, ruleset=ruleset))
    components = []
    for part in spec[len(MIX_PREFIX) :].split(","):
        name, sep, weight = part.rpartition("=")
        try:
            w = float(weight)
        except ValueError:
            w = math.nan
        if not sep or not name or not math.isfinite(w) or w <= 0:
            raise ConfigError(
                f"{spec!r}: {part!r} is not allowed (allowed: SPEC=WEIGHT with a weight > 0, "
                "e.g. mix:a.toml=0.6,expert=0.4)"
            )
        components.append((parse_strategy(name, side, players, ruleset=ruleset), w))
    total = sum(w for _, w in components)
    if abs(total - 1) > 1e-6:
        raise ConfigError(f"{spec!r}: the weights sum to {total:g} (allowed: weights summing to 1)")
    return Mixture(tuple(components))


def _toml_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split())


def play_as(
    players: int, sets: list[str] | tuple[str, ...], humans: str, things: str
) -> tuple[list[str], str, str]:
    """What --humans and --things name (each a preset or a strategy file of the ruleset `sets`
    play) as the kernel plays it: the config overrides (`sets`, then each file's knobs) and
    the two presets."""
    ruleset = split_ruleset(tuple(sets))[0]
    h = parse_strategy(humans, "humans", players, ruleset=ruleset)
    t = parse_strategy(things, "things", players, ruleset=ruleset)
    return [*sets, *h.overrides(), *t.overrides()], h.preset, t.preset

"""Rule configuration: TOML files and overrides resolved into one frozen, validated object.

Resolution order: configs/base.toml, then configs/players-NN.toml, then the policy knobs of
configs/policies.toml (under `policies.`), then `--set KEY=VALUE` overrides in the order given.
Every key must exist in the schema below; every value is checked, and a bad one raises
ConfigError with a one-line message naming the dotted key, the value and what is allowed.
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
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

import numpy as np

from balance import codes
from balance.errors import ConfigError
from balance.kernel import params as P
from balance.observation import ENTRY_LOG_SLOTS, MAX_CHARACTERS

CONFIG_DIR = Path(__file__).resolve().parent.parent / "configs"
PRESET_PLAYERS = (9, 12, 15)


# ----------------------------------------------------------------------------------------------
# Value kinds. Each parser returns the normalised value or raises ConfigError.
# ----------------------------------------------------------------------------------------------


MAX_SHOWN = 80  # characters of a value a message quotes


def _shown(value: Any) -> str:
    """The value as a message quotes it: its repr, cut short when long (a 5,000-digit string)."""
    text = repr(value)
    if len(text) <= MAX_SHOWN:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[: MAX_SHOWN - 20]}... ({length} characters)"


def _fail(key: str, value: Any, allowed: str) -> ConfigError:
    return ConfigError(f"{key}: {_shown(value)} is not allowed (allowed: {allowed})")


def _int(lo: int, hi: int) -> Callable[[str, Any], int]:
    def parse(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise _fail(key, value, f"a whole number from {lo} to {hi}")
        return value

    return parse


def _prob(key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise _fail(key, value, "a probability from 0 to 1")
    return float(value)


# A number written as text is read exactly by Fraction, which turns "1e999999999" into a whole
# number of a billion digits (minutes of work): a text number is refused unless it is short and
# its exponent small. No fuel value needs more.
MAX_NUMBER_CHARS = 40
MAX_EXPONENT = 30


def _short_number(text: str) -> bool:
    """Whether `text` is short enough to read as an exact number (see MAX_NUMBER_CHARS)."""
    if len(text) > MAX_NUMBER_CHARS:
        return False
    exponent = re.search(r"[eE]\s*([+-]?\d+)", text)
    return exponent is None or abs(int(exponent[1])) <= MAX_EXPONENT


def _fuel(lo_canisters: float = 0.0, hi_canisters: float = 100.0) -> Callable[[str, Any], int]:
    """Canisters as a number or a fraction string, returned in 1/60-canister units."""
    allowed = (
        f"a number of canisters from {lo_canisters:g} to {hi_canisters:g} "
        f'in steps of 1/{codes.FUEL_UNITS}, e.g. 0.25 or "1/5"'
    )

    def parse(key: str, value: Any) -> int:
        if isinstance(value, bool) or (isinstance(value, str) and not _short_number(value)):
            raise _fail(key, value, allowed)
        try:
            amount = Fraction(value) if isinstance(value, (int, str)) else Fraction(str(value))
        except (ValueError, ZeroDivisionError, TypeError):
            raise _fail(key, value, allowed) from None
        units = amount * codes.FUEL_UNITS
        if units.denominator != 1 or not lo_canisters <= amount <= hi_canisters:
            raise _fail(key, value, allowed)
        return int(units)

    parse.in_canisters = True  # the resolved value is in fuel units; shown in canisters
    return parse


def _prob_list(length: int) -> Callable[[str, Any], tuple]:
    def parse(key: str, value: Any) -> tuple:
        ok = (
            isinstance(value, list)
            and len(value) == length
            and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
                for v in value
            )
        )
        if not ok:
            raise _fail(key, value, f"a list of {length} probabilities from 0 to 1")
        return tuple(float(v) for v in value)

    return parse


def _bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _fail(key, value, "true or false")
    return value


def _choice(*options: str) -> Callable[[str, Any], str]:
    def parse(key: str, value: Any) -> str:
        if value not in options:
            raise _fail(key, value, " or ".join(repr(o) for o in options))
        return value

    return parse


def _int_list(lo: int, hi: int, min_len: int, max_len: int) -> Callable[[str, Any], tuple]:
    def parse(key: str, value: Any) -> tuple:
        ok = (
            isinstance(value, list)
            and min_len <= len(value) <= max_len
            and all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value)
        )
        if not ok:
            raise _fail(
                key, value, f"a list of {min_len} to {max_len} whole numbers from {lo} to {hi}"
            )
        return tuple(value)

    return parse


def _name_list(key: str, value: Any) -> tuple:
    if not (
        isinstance(value, list)
        and 1 <= len(value) <= P.MAX_PROFESSIONS
        and all(isinstance(v, str) and v for v in value)
    ):
        raise _fail(key, value, f"a list of 1 to {P.MAX_PROFESSIONS} names")
    return tuple(value)


def _blocks(key: str, value: Any) -> tuple:
    rooms = set(codes.ROOM_NAMES[: codes.N_INDOOR])
    allowed = (
        f"{codes.N_BLOCKS} lists that together hold each of {sorted(rooms)} once, "
        "one generator room in each"
    )
    if not (
        isinstance(value, list)
        and len(value) == codes.N_BLOCKS
        and all(isinstance(b, list) and all(isinstance(r, str) for r in b) for b in value)
    ):
        raise _fail(key, value, allowed)
    flat = [r for b in value for r in b]
    gens = {codes.ROOM_NAMES[g] for g in codes.GENERATOR_ROOMS}
    if sorted(flat) != sorted(rooms) or any(len(gens & set(b)) != 1 for b in value):
        raise _fail(key, value, allowed)
    return tuple(tuple(b) for b in value)


def _links(key: str, value: Any) -> tuple:
    rooms = codes.ROOM_NAMES[: codes.N_INDOOR]
    if not (
        isinstance(value, list)
        and all(
            isinstance(pair, list)
            and len(pair) == 2
            and all(r in rooms for r in pair)
            and pair[0] != pair[1]
            for pair in value
        )
    ):
        raise _fail(key, value, "a list of [room, room] pairs of two different indoor rooms")
    return tuple(tuple(pair) for pair in value)


def _lockable_rooms(key: str, value: Any) -> tuple:
    rooms = [r for r in codes.ROOM_NAMES if r != "street"]
    ok = (
        isinstance(value, list)
        and all(isinstance(r, str) and r in rooms for r in value)
        and len(set(value)) == len(value)
    )
    if not ok:
        raise _fail(key, value, f"a list of different rooms among {rooms} (the Street has no door)")
    return tuple(value)


_TEMP = _int(-100, 100)
_AP = _int(0, 10)

SCHEMA: dict[str, Callable[[str, Any], Any]] = {
    "game.players": _int(3, MAX_CHARACTERS),
    "game.max_turns": _int(1, 1000),
    "game.ap_per_turn": _int(1, 10),
    "game.start_rooms": _choice("random_indoor", "living_quarters"),
    "things.start": _int(1, MAX_CHARACTERS - 1),
    "health.human_hp": _int(1, 20),
    "health.thing_hp": _int(1, 20),
    "health.human_heavy_wound_hp": _int(0, 20),
    "health.thing_heavy_wound_hp": _int(0, 20),
    "items.give_ap": _AP,
    "items.receive_ap": _AP,
    "items.backpack_ap": _AP,
    "items.destroy_ap": _AP,
    "items.flashlight_ap": _AP,
    "healing.bandage_ap": _AP,
    "healing.firstaid_ap": _AP,
    "healing.bandage_other_chance": _prob,
    "healing.bandage_self_chance": _prob,
    "healing.heal": _int(0, 20),
    "stock.pistols": _int(0, 50),
    "stock.bandages": _int(0, 50),
    "stock.blue_vials": _int(0, 50),
    "stock.red_vials": _int(0, 50),
    "sanity.start": _int(0, 100),
    "sanity.maximum": _int(0, 100),
    "sanity.zero_blackout": _bool,
    "sanity.reset": _int(0, 100),
    "vials.drink_ap": _AP,
    "vials.blue_sanity": _int(0, 100),
    "vials.red_turns": _int(0, 1000),
    "vials.red_hit_bonus": _prob,
    "vials.red_warmth": _int(0, 100),
    "vials.overdose_gap": _int(0, 1000),
    "vials.mixing_gap": _int(0, 1000),
    "vials.poison_delay": _int(1, 1000),
    "rooms.mirror_ap": _AP,
    "rooms.forecast_ap": _AP,
    "combat.hit_chance_by_physical": _prob_list(3),
    "combat.stray_chance": _prob,
    "combat.weapon_damage": _int(0, 20),
    "combat.helpless_damage": _int(0, 20),
    "combat.shoot_ap": _AP,
    "combat.melee_ap": _AP,
    "combat.cover_ap": _AP,
    "combat.reload_ap": _AP,
    "professions.names": _name_list,
    "professions.physical": _int_list(1, 3, 1, P.MAX_PROFESSIONS),
    "professions.initiative": _int_list(1, 3, 1, P.MAX_PROFESSIONS),
    "professions.erudition": _int_list(1, 3, 1, P.MAX_PROFESSIONS),
    "generator.capacity": _fuel(1 / codes.FUEL_UNITS, 100),
    "generator.start_fuel": _fuel(),
    "generator.burn_per_turn": _fuel(0, 100),
    "canister.box_fill": _fuel(0, 1),
    "canister.pump_fill": _fuel(1 / codes.FUEL_UNITS, 1),
    "temperature.start": _TEMP,
    "temperature.street": _TEMP,
    "temperature.minimum": _TEMP,
    "temperature.maximum": _TEMP,
    "temperature.freezer": _TEMP,
    "temperature.step": _int(1, 50),
    "frostbite.band_floor": _int_list(-100, 100, 1, P.MAX_BANDS),
    "frostbite.marks_without_parka": _int_list(-10, 10, 1, P.MAX_BANDS),
    "frostbite.marks_with_parka": _int_list(-10, 10, 1, P.MAX_BANDS),
    "frostbite.marks_per_hp": _int(1, 100),
    "frostbite.resistance_by_physical": _int_list(0, 100, 3, 3),
    "weather.initial": _choice("storm", "clear"),
    "weather.clear_chance": _prob,
    "weather.forecast_turns": _int(0, 50),
    "light.darkness_factor": _prob,
    "move.ap": _AP,
    "move.fast_ap": _AP,
    "move.fast_initiative": _int(1, 4),
    "move.blizzard_misdirect_chance": _prob,
    "infection.delay_min": _int(1, 100),
    "infection.delay_max": _int(1, 100),
    "infection.convert_chance": _prob,
    "infection.reinfected_convert_chance": _prob,
    "infection.cooldown_turns": _int(0, 100),
    "infection.light_crowd": _int(1, MAX_CHARACTERS + 1),
    "infection.light_unconscious_ap": _AP,
    # THING-P-3: at least 1, for a Thing the cold fells on turn 1 (characters.hurt counts its
    # paralysis from turn 0, RES-1) to be paralysed at all
    "thing.paralysis_turns": _int(1, 100),
    "thing.revive_hp": _int(1, 20),
    "repair.ap": _AP,
    "repair.chance_with_tool": _prob,
    "repair.chance_without_tool": _prob,
    "repair.injury_chance": _prob,
    "repair.injury_damage": _int(0, 20),
    "repair.safe_erudition": _int(1, 4),
    "break.ap": _AP,
    "break.axe_ap": _AP,
    "items.pickup_ap": _AP,
    "items.refuel_ap": _AP,
    "items.pump_ap": _AP,
    "items.open_box_ap": _AP,
    "items.parka_off_ap": _AP,
    "items.fuel_ap": _AP,
    "warehouse.yellow_boxes": _int(0, 100),
    "warehouse.parkas": _int(0, 100),
    "warehouse.flashlights": _int(0, 100),
    "warehouse.axes": _int(0, 100),
    "warehouse.red_axe_chance": _prob,
    "warehouse.blue_parts_chance": _prob,
    "warehouse.reroll_initiative": _int(1, 4),
    "supply.canisters": _int(0, 200),
    "supply.spare_parts": _int(0, 200),
    "supply.scrap": _int(0, 200),
    "supply.wires": _int(0, 200),
    "helicopter.seats": _int(1, 16),
    "helicopter.tank": _fuel(1 / codes.FUEL_UNITS, 20),
    "helicopter.fuel_ap": _AP,
    "helicopter.prepare_ap": _AP,
    "helicopter.board_ap": _AP,
    "helicopter.starts_broken": _bool,
    "supply.flamethrowers": _int(0, 50),
    "supply.grenades": _int(0, 50),
    "supply.pistols": _int(0, 50),
    "crafting.ap": _AP,
    "crafting.one_recipe_erudition": _int(1, 4),
    "crafting.all_recipes_erudition": _int(1, 4),
    "grenade.throw_away_ap": _AP,
    "grenade.throw_here_ap": _AP,
    "grenade.damage": _int(0, 10),
    "flamethrower.attack_ap": _AP,
    "flamethrower.volley_ap": _AP,
    "flamethrower.fuel_per_attack": _fuel(1 / codes.FUEL_UNITS, 1),
    "flamethrower.parka_chance": _prob,
    "flamethrower.parka_damage": _int(0, 10),
    "flamethrower.monster_chance": _prob,
    "flamethrower.monster_damage": _int(0, 10),
    "combat.chance_floor": _prob,
    "hinder.ap": _AP,
    "hinder.penalty_by_physical": _int_list(0, 100, 3, 3),
    "hinder.immune_turns": _int(0, 10),
    "follow.ap": _AP,
    "radio.by_colour": _int_list(0, 10, 3, 3),
    "reaction.initiative": _int(1, 4),
    "radio.toggle_ap": _AP,
    "radio.speak_ap": _AP,
    "beacon.activate_ap": _AP,
    "beacon.call_ap": _AP,
    "freezer.food_boxes": _int(0, 100),
    "freezer.take_ap": _AP,
    "freezer.count_ap": _AP,
    "stove.usable": _bool,
    "stove.prepare_ap": _AP,
    "stove.cook_ap": _AP,
    "stove.portions": _int(1, 20),
    "stove.blue_sanity": _int(0, 100),
    "stove.red_turns": _int(0, 1000),
    "food.eat_ap": _AP,
    "food.dose_ap": _AP,
    "food.mixed_poison_delay": _int(1, 1000),
    "food.doses_count_as_vials": _bool,
    "corpse.search_ap": _AP,
    "rescue.delay_turns": _int(0, 1000),
    "rescue.wait_for_clear": _bool,
    "doors.locked_rooms": _lockable_rooms,
    "doors.card_rooms": _int(0, codes.N_ROOMS - 1),
    "doors.top_access_cards": _int(0, MAX_CHARACTERS),
    "doors.code_ap": _AP,
    "doors.positions_erudition": _int(1, 4),
    "doors.absent_erudition": _int(1, 4),
    "doors.idcard_ap": _AP,
    "doors.break_ap": _AP,
    "terminal.report_ap": _AP,
    "terminal.card_access_ap": _AP,
    "terminal.open_all_ap": _AP,
    "terminal.lock_all_ap": _AP,
    "terminal.give_top_ap": _AP,
    "terminal.edit_room_ap": _AP,
    "terminal.entry_log_ap": _AP,
    "terminal.entry_log_turns": _int(1, ENTRY_LOG_SLOTS),
    # the Thing's own actions and archetypes (kernel.thing)
    "thing.transform_ap": _AP,
    "thing.transform_from_turn": _int(1, 1000),
    "thing.throw_back_ap": _AP,
    "thing.claws_ap": _AP,
    "thing.call_spawn_ap": _AP,
    "thing.claws_chance": _prob,
    "thing.claws_damage": _int(0, 20),
    "thing.spray_ap": _AP,
    "thing.spray_chance": _prob,
    "thing.spray_damage": _int(0, 20),
    "thing.melee_damage": _int(0, 20),
    "archetypes.order_ap": _AP,
    "archetypes.order_cooldown": _int(0, 100),
    "archetypes.scream_ap": _AP,
    "archetypes.scream_cooldown": _int(0, 100),
    "archetypes.waves_ap": _AP,
    "archetypes.waves_cooldown": _int(0, 100),
    "archetypes.waves_sanity": _int(0, 100),
    "archetypes.soldier_move_ap": _AP,
    "archetypes.remote_break_ap": _AP,
    "archetypes.remote_break_cooldown": _int(0, 100),
    "archetypes.remote_break_turns": _int(1, 3),  # the rooms remembered (state.CH_ROOMS_BEFORE)
    "archetypes.organs_damage": _int(0, 20),
    #
    # contagion, corpses, dogs, the Thing eating (kernel.contagion)
    "corpse.burn_ap": _AP,
    "corpse.burn_fuel": _fuel(1 / codes.FUEL_UNITS, 1),
    "corpse.fire_warmth": _int(0, 100),
    "saliva.ap": _AP,
    "saliva.delay_min": _int(1, 100),
    "saliva.delay_max": _int(1, 100),
    "first_aid.infection_cooldown": _bool,
    "kennel.dogs": _int(0, codes.N_DOGS),
    "kennel.kill_ap": _AP,
    "kennel.burn_ap": _AP,
    "thing_food.eat_ap": _AP,
    # blood and the laboratory (kernel.lab)
    "laboratory.blood_self_ap": _AP,
    "laboratory.dog_sample_ap": _AP,
    "laboratory.insert_ap": _AP,
    "laboratory.start_ap": _AP,
    "laboratory.view_ap": _AP,
    "laboratory.comparison_turns": _int(1, 10),
    "laboratory.devices_need_power": _bool,
    "laboratory.samples": _int(0, 200),
    "map.blocks": _blocks,
    "map.extra_links": _links,
}


def _check_relations(v: Mapping[str, Any]) -> None:
    """Checks that involve more than one key; each names the key that must change."""

    def need(ok: bool, key: str, allowed: str) -> None:
        if not ok:
            raise _fail(key, v[key], allowed)

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
            f"--set: {_shown(text)} is not allowed (allowed: KEY=VALUE without control "
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
        raise _fail(key, raw, "a number of at most 4,300 digits") from None
    return key, value


@dataclass(frozen=True)
class Config:
    """A resolved, validated rule configuration. `values` maps dotted keys to normalised values
    (fuel in 1/60-canister units); `overrides` records the `--set` texts it was built with."""

    values: Mapping[str, Any]
    overrides: tuple[str, ...] = field(default=())

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def players(self) -> int:
        return self.values["game.players"]

    def display(self, key: str) -> Any:
        """The value of `key` as a person reads it: fuel in canisters, everything else as is."""
        value = self.values[key]
        if getattr(SCHEMA.get(key), "in_canisters", False):
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


def _policy_schema() -> dict[str, Callable[[str, Any], Any]]:
    """Config keys of every policy knob, policies.<side>.<name>.<knob>, each checked against
    its declared range."""
    # the registry imports every policy, and numba's compiler with them (about a second): only
    # when a config is resolved
    from policies import REGISTRY, SIDES

    ranges = knob_ranges()
    schema = {}
    for (side, name), spec in REGISTRY.items():
        for knob in spec.knobs:
            key = f"policies.{SIDES[side]}.{name}.{knob}"
            if key not in ranges:
                raise RuntimeError(f"configs/policies.toml: {key} declares no range (LO..HI)")
            schema[key] = ranges[key].parser()
    return schema


def load_config(
    players: int, overrides: list[str] | tuple[str, ...] = (), config_dir: Path = CONFIG_DIR
) -> Config:
    """Resolve base + preset + policy knobs + overrides into a validated Config.

    Resolved configs are kept (a best-response search resolves one per trial and opponent):
    the same player count and overrides give the same Config while the files it is read from
    are unchanged (their modification times and sizes are part of the key)."""
    config_dir = Path(config_dir)
    files = (
        config_dir / "base.toml",
        config_dir / f"players-{players:02d}.toml" if isinstance(players, int) else None,
        config_dir / "policies.toml",
        CONFIG_DIR / "policies.toml",  # the knobs' declared ranges
    )
    return _resolved(players, tuple(overrides), config_dir, tuple(_stamp(f) for f in files))


def _stamp(path: Path | None) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except (OSError, AttributeError):  # absent (the error comes when it is read), or no path
        return None
    return stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=512)
def _resolved(players: int, overrides: tuple[str, ...], config_dir: Path, stamps: tuple) -> Config:
    """load_config's work, for one state of the files (`stamps`)."""
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
    schema = {**SCHEMA, **_policy_schema()}
    for text in overrides:
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
    _check_relations(values)
    return Config(values=MappingProxyType(values), overrides=tuple(overrides))


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


def pack(cfg: Config, check_invariants: bool = False) -> Packed:
    """Pack a Config into the kernel's arrays."""
    v = cfg.values
    ip = np.zeros(P.N_IP, dtype=np.int64)
    fp = np.zeros(P.N_FP, dtype=np.float64)
    scalar_ints = {
        P.I_PLAYERS: "game.players",
        P.I_THINGS: "things.start",
        P.I_MAX_TURNS: "game.max_turns",
        P.I_AP: "game.ap_per_turn",
        P.I_HUMAN_HP: "health.human_hp",
        P.I_THING_HP: "health.thing_hp",
        P.I_GEN_CAPACITY: "generator.capacity",
        P.I_GEN_START: "generator.start_fuel",
        P.I_BURN: "generator.burn_per_turn",
        P.I_BOX_FILL: "canister.box_fill",
        P.I_PUMP_FILL: "canister.pump_fill",
        P.I_T_START: "temperature.start",
        P.I_T_STREET: "temperature.street",
        P.I_T_MIN: "temperature.minimum",
        P.I_T_MAX: "temperature.maximum",
        P.I_T_FREEZER: "temperature.freezer",
        P.I_T_STEP: "temperature.step",
        P.I_MARKS_PER_HP: "frostbite.marks_per_hp",
        P.I_FORECAST: "weather.forecast_turns",
        P.I_MOVE_AP: "move.ap",
        P.I_MOVE_FAST_AP: "move.fast_ap",
        P.I_FAST_INITIATIVE: "move.fast_initiative",
        P.I_INF_DELAY_MIN: "infection.delay_min",
        P.I_INF_DELAY_MAX: "infection.delay_max",
        P.I_INF_COOLDOWN: "infection.cooldown_turns",
        P.I_INF_CROWD: "infection.light_crowd",
        P.I_INF_UNCONSCIOUS_AP: "infection.light_unconscious_ap",
        P.I_PARALYSIS: "thing.paralysis_turns",
        P.I_REVIVE_HP: "thing.revive_hp",
        P.I_REPAIR_AP: "repair.ap",
        P.I_INJURY_DAMAGE: "repair.injury_damage",
        P.I_SAFE_ERUDITION: "repair.safe_erudition",
        P.I_BREAK_AP: "break.ap",
        P.I_BREAK_AXE_AP: "break.axe_ap",
        P.I_PICKUP_AP: "items.pickup_ap",
        P.I_REFUEL_AP: "items.refuel_ap",
        P.I_PUMP_AP: "items.pump_ap",
        P.I_OPEN_BOX_AP: "items.open_box_ap",
        P.I_YELLOW_BOXES: "warehouse.yellow_boxes",
        P.I_PARKAS: "warehouse.parkas",
        P.I_FLASHLIGHTS: "warehouse.flashlights",
        P.I_AXES: "warehouse.axes",
        P.I_REROLL_INITIATIVE: "warehouse.reroll_initiative",
        P.I_POOL_CANISTERS: "supply.canisters",
        P.I_POOL_PARTS: "supply.spare_parts",
        P.I_POOL_SCRAP: "supply.scrap",
        P.I_POOL_WIRES: "supply.wires",
        P.I_HELI_SEATS: "helicopter.seats",
        P.I_HELI_TANK: "helicopter.tank",
        P.I_HELI_FUEL_AP: "helicopter.fuel_ap",
        P.I_HELI_PREPARE_AP: "helicopter.prepare_ap",
        P.I_HELI_BOARD_AP: "helicopter.board_ap",
        P.I_HELI_STARTS_BROKEN: "helicopter.starts_broken",
        P.I_POOL_FLAMETHROWERS: "supply.flamethrowers",
        P.I_POOL_GRENADES: "supply.grenades",
        P.I_POOL_PISTOLS: "supply.pistols",
        P.I_CRAFT_AP: "crafting.ap",
        P.I_RECIPES_ONE_ERUDITION: "crafting.one_recipe_erudition",
        P.I_RECIPES_ALL_ERUDITION: "crafting.all_recipes_erudition",
        P.I_THROW_AWAY_AP: "grenade.throw_away_ap",
        P.I_THROW_HERE_AP: "grenade.throw_here_ap",
        P.I_GRENADE_DAMAGE: "grenade.damage",
        P.I_FLAME_AP: "flamethrower.attack_ap",
        P.I_FLAME_VOLLEY_AP: "flamethrower.volley_ap",
        P.I_FLAME_SHOT_FUEL: "flamethrower.fuel_per_attack",
        P.I_FLAME_PARKA_DAMAGE: "flamethrower.parka_damage",
        P.I_FLAME_MONSTER_DAMAGE: "flamethrower.monster_damage",
        P.I_HINDER_AP: "hinder.ap",
        P.I_HINDER_IMMUNE_TURNS: "hinder.immune_turns",
        P.I_FOLLOW_AP: "follow.ap",
        P.I_RADIO_TOGGLE_AP: "radio.toggle_ap",
        P.I_REACTION_INITIATIVE: "reaction.initiative",
        P.I_RADIO_SPEAK_AP: "radio.speak_ap",
        P.I_BEACON_AP: "beacon.activate_ap",
        P.I_CALL_AP: "beacon.call_ap",
        P.I_RESCUE_DELAY: "rescue.delay_turns",
        P.I_RESCUE_WAIT_CLEAR: "rescue.wait_for_clear",
        P.I_PISTOLS: "stock.pistols",
        P.I_BANDAGES: "stock.bandages",
        P.I_BLUE_VIALS: "stock.blue_vials",
        P.I_RED_VIALS: "stock.red_vials",
        P.I_WEAPON_DAMAGE: "combat.weapon_damage",
        P.I_HELPLESS_DAMAGE: "combat.helpless_damage",
        P.I_SHOOT_AP: "combat.shoot_ap",
        P.I_MELEE_AP: "combat.melee_ap",
        P.I_GIVE_AP: "items.give_ap",
        P.I_RECEIVE_AP: "items.receive_ap",
        P.I_BACKPACK_AP: "items.backpack_ap",
        P.I_DESTROY_AP: "items.destroy_ap",
        P.I_HUMAN_HEAVY_HP: "health.human_heavy_wound_hp",
        P.I_THING_HEAVY_HP: "health.thing_heavy_wound_hp",
        P.I_FLASHLIGHT_AP: "items.flashlight_ap",
        P.I_BANDAGE_AP: "healing.bandage_ap",
        P.I_FIRSTAID_AP: "healing.firstaid_ap",
        P.I_BANDAGE_HEAL: "healing.heal",
        P.I_COVER_AP: "combat.cover_ap",
        P.I_FOOD: "freezer.food_boxes",
        P.I_SANITY_START: "sanity.start",
        P.I_SANITY_MAX: "sanity.maximum",
        P.I_SANITY_BLACKOUT: "sanity.zero_blackout",
        P.I_SANITY_RESET: "sanity.reset",
        P.I_DRINK_AP: "vials.drink_ap",
        P.I_BLUE_SANITY: "vials.blue_sanity",
        P.I_RED_TURNS: "vials.red_turns",
        P.I_RED_WARMTH: "vials.red_warmth",
        P.I_OVERDOSE_GAP: "vials.overdose_gap",
        P.I_MIXING_GAP: "vials.mixing_gap",
        P.I_POISON_DELAY: "vials.poison_delay",
        P.I_MIRROR_AP: "rooms.mirror_ap",
        P.I_FORECAST_AP: "rooms.forecast_ap",
        P.I_PARKA_OFF_AP: "items.parka_off_ap",
        P.I_FUEL_AP: "items.fuel_ap",
        P.I_RELOAD_AP: "combat.reload_ap",
        P.I_TAKE_FOOD_AP: "freezer.take_ap",
        P.I_COUNT_FOOD_AP: "freezer.count_ap",
        P.I_STOVE_USABLE: "stove.usable",
        P.I_STOVE_PREPARE_AP: "stove.prepare_ap",
        P.I_COOK_AP: "stove.cook_ap",
        P.I_PORTIONS: "stove.portions",
        P.I_COOKED_BLUE_SANITY: "stove.blue_sanity",
        P.I_COOKED_RED_TURNS: "stove.red_turns",
        P.I_EAT_AP: "food.eat_ap",
        P.I_DOSE_FOOD_AP: "food.dose_ap",
        P.I_FOOD_POISON_DELAY: "food.mixed_poison_delay",
        P.I_FOOD_COUNTS_AS_DOSE: "food.doses_count_as_vials",
        P.I_SEARCH_AP: "corpse.search_ap",
        P.I_CARD_ROOMS: "doors.card_rooms",
        P.I_TOP_CARDS: "doors.top_access_cards",
        P.I_CODE_AP: "doors.code_ap",
        P.I_POSITIONS_ERUDITION: "doors.positions_erudition",
        P.I_ABSENT_ERUDITION: "doors.absent_erudition",
        P.I_IDCARD_AP: "doors.idcard_ap",
        P.I_DOOR_BREAK_AP: "doors.break_ap",
        P.I_REPORT_AP: "terminal.report_ap",
        P.I_CARD_ACCESS_AP: "terminal.card_access_ap",
        P.I_OPEN_ALL_AP: "terminal.open_all_ap",
        P.I_LOCK_ALL_AP: "terminal.lock_all_ap",
        P.I_GIVE_TOP_AP: "terminal.give_top_ap",
        P.I_EDIT_ROOM_AP: "terminal.edit_room_ap",
        P.I_ENTRY_LOG_AP: "terminal.entry_log_ap",
        P.I_ENTRY_LOG_TURNS: "terminal.entry_log_turns",
        # the Thing's own actions and archetypes (kernel.thing)
        P.I_TRANSFORM_AP: "thing.transform_ap",
        P.I_TRANSFORM_TURN: "thing.transform_from_turn",
        P.I_THROW_BACK_AP: "thing.throw_back_ap",
        P.I_CLAWS_AP: "thing.claws_ap",
        P.I_CALL_SPAWN_AP: "thing.call_spawn_ap",
        P.I_SPRAY_AP: "thing.spray_ap",
        P.I_CLAWS_DAMAGE: "thing.claws_damage",
        P.I_SPRAY_DAMAGE: "thing.spray_damage",
        P.I_ACTIVE_MELEE_DAMAGE: "thing.melee_damage",
        P.I_ORGANS_DAMAGE: "archetypes.organs_damage",
        P.I_REMOTE_BREAK_WINDOW: "archetypes.remote_break_turns",
        P.I_ORDER_AP: "archetypes.order_ap",
        P.I_ORDER_COOLDOWN: "archetypes.order_cooldown",
        P.I_SCREAM_AP: "archetypes.scream_ap",
        P.I_SCREAM_COOLDOWN: "archetypes.scream_cooldown",
        P.I_WAVES_AP: "archetypes.waves_ap",
        P.I_WAVES_COOLDOWN: "archetypes.waves_cooldown",
        P.I_WAVES_SANITY: "archetypes.waves_sanity",
        P.I_SOLDIER_MOVE_AP: "archetypes.soldier_move_ap",
        P.I_REMOTE_BREAK_AP: "archetypes.remote_break_ap",
        P.I_REMOTE_BREAK_COOLDOWN: "archetypes.remote_break_cooldown",
        #
        # contagion, corpses, dogs, the Thing eating (kernel.contagion)
        P.I_BURN_AP: "corpse.burn_ap",
        P.I_BURN_FUEL: "corpse.burn_fuel",
        P.I_FIRE_WARMTH: "corpse.fire_warmth",
        P.I_SALIVA_AP: "saliva.ap",
        P.I_SALIVA_DELAY_MIN: "saliva.delay_min",
        P.I_SALIVA_DELAY_MAX: "saliva.delay_max",
        P.I_FIRST_AID_COOLDOWN: "first_aid.infection_cooldown",
        P.I_DOGS: "kennel.dogs",
        P.I_KILL_DOG_AP: "kennel.kill_ap",
        P.I_BURN_DOG_AP: "kennel.burn_ap",
        P.I_EAT_STOCK_AP: "thing_food.eat_ap",
        # blood and the laboratory (kernel.lab)
        P.I_BLOOD_SELF_AP: "laboratory.blood_self_ap",
        P.I_DOG_SAMPLE_AP: "laboratory.dog_sample_ap",
        P.I_LAB_INSERT_AP: "laboratory.insert_ap",
        P.I_LAB_START_AP: "laboratory.start_ap",
        P.I_LAB_VIEW_AP: "laboratory.view_ap",
        P.I_COMPARISON_TURNS: "laboratory.comparison_turns",
        P.I_LAB_NEEDS_POWER: "laboratory.devices_need_power",
        P.I_BLOOD_SAMPLES: "laboratory.samples",
    }
    for index, key in scalar_ints.items():
        ip[index] = int(v[key])
    ip[P.I_START_ROOMS] = 0 if v["game.start_rooms"] == "random_indoor" else 1
    ip[P.I_WEATHER_INITIAL] = codes.STORM if v["weather.initial"] == "storm" else codes.CLEAR
    ip[P.I_CHECK_INVARIANTS] = int(check_invariants)
    ip[P.I_LOCKED_ROOMS] = sum(1 << codes.ROOM_NAMES.index(r) for r in v["doors.locked_rooms"])
    n_prof = len(v["professions.names"])
    ip[P.I_N_PROFESSIONS] = n_prof
    for offset, key in (
        (P.I_PROF_PHYSICAL, "professions.physical"),
        (P.I_PROF_INITIATIVE, "professions.initiative"),
        (P.I_PROF_ERUDITION, "professions.erudition"),
        (P.I_BAND_FLOOR, "frostbite.band_floor"),
        (P.I_BAND_BARE, "frostbite.marks_without_parka"),
        (P.I_BAND_PARKA, "frostbite.marks_with_parka"),
    ):
        ip[offset : offset + len(v[key])] = v[key]
    ip[P.I_N_BANDS] = len(v["frostbite.band_floor"])
    ip[P.I_RESISTANCE + 1 : P.I_RESISTANCE + 4] = v["frostbite.resistance_by_physical"]
    ip[P.I_HINDER_PENALTY + 1 : P.I_HINDER_PENALTY + 4] = v["hinder.penalty_by_physical"]
    ip[P.I_RADIOS : P.I_RADIOS + 3] = v["radio.by_colour"]
    floats = {
        P.F_CLEAR_CHANCE: "weather.clear_chance",
        P.F_DARKNESS_FACTOR: "light.darkness_factor",
        P.F_MISDIRECT: "move.blizzard_misdirect_chance",
        P.F_CONVERT: "infection.convert_chance",
        P.F_RECONVERT: "infection.reinfected_convert_chance",
        P.F_REPAIR_TOOL: "repair.chance_with_tool",
        P.F_REPAIR_NO_TOOL: "repair.chance_without_tool",
        P.F_INJURY: "repair.injury_chance",
        P.F_RED_AXE: "warehouse.red_axe_chance",
        P.F_BLUE_PARTS: "warehouse.blue_parts_chance",
        P.F_FLAME_PARKA: "flamethrower.parka_chance",
        P.F_FLAME_MONSTER: "flamethrower.monster_chance",
        P.F_CHANCE_FLOOR: "combat.chance_floor",
        # the Thing's own actions and archetypes (kernel.thing)
        P.F_CLAWS_CHANCE: "thing.claws_chance",
        P.F_SPRAY_CHANCE: "thing.spray_chance",
        #
        # contagion, corpses, dogs, the Thing eating (kernel.contagion)
        #
        # blood and the laboratory (kernel.lab)
    }
    for index, key in floats.items():
        fp[index] = v[key]
    fp[P.F_HIT_CHANCE : P.F_HIT_CHANCE + 3] = v["combat.hit_chance_by_physical"]
    fp[P.F_STRAY] = v["combat.stray_chance"]
    fp[P.F_BANDAGE_OTHER] = v["healing.bandage_other_chance"]
    fp[P.F_BANDAGE_SELF] = v["healing.bandage_self_chance"]
    fp[P.F_RED_HIT_BONUS] = v["vials.red_hit_bonus"]
    block, adj, hop = _map_arrays(cfg)
    for r in range(codes.N_ROOMS):
        ip[P.I_ADJACENT + r] = sum(1 << int(q) for q in np.flatnonzero(adj[r]))
    return Packed(ip=ip, fp=fp, room_block=block, adjacent=adj, next_hop=hop)

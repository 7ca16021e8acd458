"""The kinds of value a rule number can take: how each is read from TOML, what it allows, and how
it is laid out in the kernel's packed arrays (balance.kernel.params, generated).

A kind parses a raw value into its normalised form or raises ConfigError with a one-line message
naming the key, the value and what is allowed. `array` says which packed array holds it ("ip" for
whole numbers, "fp" for chances, None for values only the Python layer reads), `width` how many
slots, and `encode` what goes into them.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from balance import codes
from balance.errors import ConfigError

MAX_SHOWN = 80  # characters of a value a message quotes


def shown(value: Any) -> str:
    """The value as a message quotes it: its repr, cut short when long (a 5,000-digit string)."""
    text = repr(value)
    if len(text) <= MAX_SHOWN:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return f"{text[: MAX_SHOWN - 20]}... ({length} characters)"


def refuse(key: str, value: Any, allowed: str) -> ConfigError:
    return ConfigError(f"{key}: {shown(value)} is not allowed (allowed: {allowed})")


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Kind:
    """A scalar whole number in one `ip` slot unless a subclass says otherwise."""

    array: str | None = "ip"
    width = 1
    in_canisters = False  # the resolved value is in fuel units; people read it in canisters

    def parse(self, key: str, value: Any) -> Any:
        raise NotImplementedError

    def encode(self, value: Any) -> tuple:
        """The slots' contents for a parsed value."""
        return (int(value),)

    def alternatives(self, default: Any) -> tuple:
        """The other values this kind can only take (a switch's other side, a choice's other
        options); numbers have no such list."""
        return ()

    def around(self, default: Any, step: Any) -> tuple:
        """A number's low and high readings: `default` minus and plus `step` (None: the kind's
        own step), as written in a config; kinds that are not one number have none."""
        return ()

    def raw(self, value: Any) -> Any:
        """A parsed value as a config writes it (what `parse` reads back to `value`)."""
        return list(value) if isinstance(value, tuple) else value


class Whole(Kind):
    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi

    def parse(self, key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise refuse(key, value, f"a whole number from {self.lo} to {self.hi}")
        return value

    def around(self, default: int, step: int | None) -> tuple:
        step = 1 if step is None else step
        return tuple(v for v in (default - step, default + step) if self.lo <= v <= self.hi)


class Chance(Kind):
    array = "fp"

    def parse(self, key: str, value: Any) -> float:
        if not _is_number(value) or not 0.0 <= value <= 1.0:
            raise refuse(key, value, "a probability from 0 to 1")
        return float(value)

    def around(self, default: float, step: float | None) -> tuple:
        step = 0.1 if step is None else step
        return tuple(
            v for v in (round(default - step, 6), round(default + step, 6)) if 0.0 <= v <= 1.0
        )

    def encode(self, value: float) -> tuple:
        return (value,)


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


ONE_UNIT = 1 / codes.FUEL_UNITS  # the smallest amount of fuel, in canisters


class Fuel(Kind):
    """Canisters as a number or a fraction string, resolved in 1/60-canister units."""

    in_canisters = True

    def __init__(self, lo_canisters: float = 0.0, hi_canisters: float = 100.0):
        self.lo, self.hi = lo_canisters, hi_canisters
        self.allowed = (
            f"a number of canisters from {lo_canisters:g} to {hi_canisters:g} "
            f'in steps of 1/{codes.FUEL_UNITS}, e.g. 0.25 or "1/5"'
        )

    def parse(self, key: str, value: Any) -> int:
        if isinstance(value, bool) or (isinstance(value, str) and not _short_number(value)):
            raise refuse(key, value, self.allowed)
        try:
            amount = Fraction(value) if isinstance(value, (int, str)) else Fraction(str(value))
        except (ValueError, ZeroDivisionError, TypeError):
            raise refuse(key, value, self.allowed) from None
        units = amount * codes.FUEL_UNITS
        if units.denominator != 1 or not self.lo <= amount <= self.hi:
            raise refuse(key, value, self.allowed)
        return int(units)

    def around(self, default: int, step: str | None) -> tuple:
        """`step` in canisters ("1/20"); a fuel amount has no step of its own."""
        if step is None:
            return ()
        units = Fraction(step) * codes.FUEL_UNITS
        shifted = (Fraction(default) - units, Fraction(default) + units)
        return tuple(self.raw(v) for v in shifted if self.lo <= v / codes.FUEL_UNITS <= self.hi)

    def raw(self, value: int) -> str:
        return str(Fraction(value) / codes.FUEL_UNITS)  # units as canisters: 12 -> "1/5"


class Switch(Kind):
    """true or false, packed as 1 or 0: a variant of the rules switched on or off."""

    def parse(self, key: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise refuse(key, value, "true or false")
        return value

    def alternatives(self, default: bool) -> tuple:
        return (not default,)


class Choice(Kind):
    """One of named options, packed as the code given for it."""

    def __init__(self, **codes_by_option: int):
        self.codes = codes_by_option

    def parse(self, key: str, value: Any) -> str:
        if value not in self.codes:
            raise refuse(key, value, " or ".join(repr(o) for o in self.codes))
        return value

    def encode(self, value: str) -> tuple:
        return (self.codes[value],)

    def alternatives(self, default: str) -> tuple:
        return tuple(o for o in self.codes if o != default)


class ChanceList(Kind):
    array = "fp"

    def __init__(self, length: int):
        self.width = length

    def parse(self, key: str, value: Any) -> tuple:
        ok = (
            isinstance(value, list)
            and len(value) == self.width
            and all(_is_number(v) and 0 <= v <= 1 for v in value)
        )
        if not ok:
            raise refuse(key, value, f"a list of {self.width} probabilities from 0 to 1")
        return tuple(float(v) for v in value)

    def encode(self, value: tuple) -> tuple:
        return value


class WholeList(Kind):
    """min_len to max_len whole numbers, packed into max_len slots from the first."""

    def __init__(self, lo: int, hi: int, min_len: int, max_len: int):
        self.lo, self.hi, self.min_len, self.max_len = lo, hi, min_len, max_len
        self.width = max_len

    def parse(self, key: str, value: Any) -> tuple:
        ok = (
            isinstance(value, list)
            and self.min_len <= len(value) <= self.max_len
            and all(
                isinstance(v, int) and not isinstance(v, bool) and self.lo <= v <= self.hi
                for v in value
            )
        )
        if not ok:
            raise refuse(
                key,
                value,
                f"a list of {self.min_len} to {self.max_len} whole numbers "
                f"from {self.lo} to {self.hi}",
            )
        return tuple(value)

    def encode(self, value: tuple) -> tuple:
        return tuple(value)


class ByPhysical(WholeList):
    """One whole number per Physical form 1..3, packed into 4 slots indexed by the form 0..3
    (form 0, which no character has, holds 0)."""

    def __init__(self, lo: int, hi: int):
        super().__init__(lo, hi, 3, 3)
        self.width = 4

    def encode(self, value: tuple) -> tuple:
        return (0, *value)


class Names(Kind):
    """A list of names (the professions), packed as their count."""

    def __init__(self, max_len: int):
        self.max_len = max_len

    def parse(self, key: str, value: Any) -> tuple:
        if not (
            isinstance(value, list)
            and 1 <= len(value) <= self.max_len
            and all(isinstance(v, str) and v for v in value)
        ):
            raise refuse(key, value, f"a list of 1 to {self.max_len} names")
        return tuple(value)

    def encode(self, value: tuple) -> tuple:
        return (len(value),)


class Blocks(Kind):
    """The indoor rooms of each block (MAP-1, GAP-1); the kernel reads the packed map arrays."""

    array = None

    def parse(self, key: str, value: Any) -> tuple:
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
            raise refuse(key, value, allowed)
        flat = [r for b in value for r in b]
        gens = {codes.ROOM_NAMES[g] for g in codes.GENERATOR_ROOMS}
        if sorted(flat) != sorted(rooms) or any(len(gens & set(b)) != 1 for b in value):
            raise refuse(key, value, allowed)
        return tuple(tuple(b) for b in value)


class Links(Kind):
    """Extra [room, room] links between indoor rooms (MAP-3); read through the packed map."""

    array = None

    def parse(self, key: str, value: Any) -> tuple:
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
            raise refuse(key, value, "a list of [room, room] pairs of two different indoor rooms")
        return tuple(tuple(pair) for pair in value)


class LockableRooms(Kind):
    """Different rooms with a door (every room but the Street), packed as a bitmask."""

    def parse(self, key: str, value: Any) -> tuple:
        rooms = [r for r in codes.ROOM_NAMES if r != "street"]
        ok = (
            isinstance(value, list)
            and all(isinstance(r, str) and r in rooms for r in value)
            and len(set(value)) == len(value)
        )
        if not ok:
            raise refuse(
                key, value, f"a list of different rooms among {rooms} (the Street has no door)"
            )
        return tuple(value)

    def encode(self, value: tuple) -> tuple:
        return (sum(1 << codes.ROOM_NAMES.index(r) for r in value),)


AP = Whole(0, 10)  # the action points an action costs
TEMPERATURE = Whole(-100, 100)
CHANCE = Chance()
SWITCH = Switch()
BLOCKS = Blocks()
LINKS = Links()
LOCKABLE_ROOMS = LockableRooms()

"""Scripted policies: a registry of named human and Thing policies with numeric knobs.

A policy is an @njit function (see policies.dispatch) that reads one character's observation
vector (balance.observation), its own memory and the public map, and writes declarations. Each
policy has named knobs whose defaults and ranges live in configs/policies.toml under
[<side>.<name>]; they resolve like rules (`--set policies.humans.expert.fuel_low=0.5`), checked
by balance.config against their ranges. The registry imports no config: `make` is handed one.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

from balance import codes
from balance.errors import ConfigError
from policies import expert_humans, expert_knobs, expert_things, humans, random_play, things
from policies.dispatch import (
    EXPERT_HUMANS,
    EXPERT_THINGS,
    IDLE,
    NAIVE_HUMANS,
    NAIVE_THINGS,
    RANDOM,
    SABOTEUR_THINGS,
)
from policies.spec import PolicySpec

SIDES = {codes.HUMANS: "humans", codes.THINGS: "things"}
DEFAULT = "expert"  # the strongest preset of each side: what run, sweep and check play


REGISTRY: dict[tuple[int, str], PolicySpec] = {
    (codes.HUMANS, "idle"): PolicySpec(IDLE, codes.HUMANS, (), "declares nothing"),
    (codes.THINGS, "idle"): PolicySpec(IDLE, codes.THINGS, (), "declares nothing"),
    (codes.HUMANS, "random"): PolicySpec(
        RANDOM, codes.HUMANS, random_play.KNOBS, "a random legal declaration each turn, for fuzzing"
    ),
    (codes.THINGS, "random"): PolicySpec(
        RANDOM, codes.THINGS, random_play.KNOBS, "a random legal declaration each turn, for fuzzing"
    ),
    (codes.HUMANS, "naive"): PolicySpec(
        NAIVE_HUMANS,
        codes.HUMANS,
        humans.KNOBS,
        "keeps generators fuelled, fetches parkas, activates a beacon and calls for help; "
        "suspects nobody",
    ),
    (codes.THINGS, "naive"): PolicySpec(
        NAIVE_THINGS, codes.THINGS, things.KNOBS, "infects in the dark and sabotages generators"
    ),
    (codes.HUMANS, "expert"): PolicySpec(
        EXPERT_HUMANS, codes.HUMANS, expert_knobs.KNOBS, expert_humans.SUMMARY
    ),
    (codes.THINGS, "expert"): PolicySpec(
        EXPERT_THINGS, codes.THINGS, expert_things.KNOBS, expert_things.SUMMARY
    ),
    (codes.THINGS, "saboteur"): PolicySpec(
        SABOTEUR_THINGS, codes.THINGS, expert_things.SABOTEUR_KNOBS, expert_things.SABOTEUR_SUMMARY
    ),
}


def registry(ruleset: str = codes.DEFAULT_RULESET) -> dict[tuple[int, str], PolicySpec]:
    """The policies of a ruleset: REGISTRY for the main one, policies.classic's for the classic."""
    if ruleset == "classic":
        from policies.classic import REGISTRY as CLASSIC

        return CLASSIC
    return REGISTRY


def names(side: int, ruleset: str = codes.DEFAULT_RULESET) -> list[str]:
    """Policy names available for a side (codes.HUMANS or codes.THINGS) in a ruleset."""
    return sorted(name for (s, name) in registry(ruleset) if s == side)


def _per_block(share: float, players: int) -> float:
    return math.floor(share * players / codes.N_BLOCKS + 0.5)


def _of_players(share: float, players: int) -> float:
    return math.floor(share * players + 0.5)


# Knobs that are a share of the players in the config, so that a strategy means the same at
# every player count, and a head count in the policy: the count each share makes at the game's
# player count (rounded half up) is what the policy reads in the knob's slot.
HEAD_COUNTS: dict[str, Callable[[float, int], float]] = {
    "fuelers_share": _per_block,  # fuelers in each block
    "guards_share": _of_players,  # guards of the Radio block's generator room
    "callers_share": _of_players,  # callers who go for the call before the parka (opening)
    "pilots_share": _of_players,  # pilots of the helicopter (policies.helicopter_play)
    "food_guards_share": _of_players,  # the classic food store's guards (policies.classic.experts)
    "power_guards_share": _of_players,  # the classic generator room's guards
}


def make(name: str, side: int, cfg) -> tuple[int, np.ndarray]:
    """Return (policy id, knob values) of the preset `name` for `side`; the knobs come from
    `cfg` (balance.config.load_config), each share of HEAD_COUNTS turned into its head count at
    the config's player count."""
    spec = registry(cfg.ruleset).get((side, name))
    if spec is None:
        flag = "--humans" if side == codes.HUMANS else "--things"
        allowed = ", ".join(names(side, cfg.ruleset))
        raise ConfigError(f"{flag}: {name!r} is not allowed (allowed: {allowed})")
    values = []
    for k in spec.knobs:
        value = cfg[f"policies.{SIDES[side]}.{name}.{k}"]
        values.append(HEAD_COUNTS[k](value, cfg.players) if k in HEAD_COUNTS else value)
    knobs = np.array(values or [0.0], dtype=np.float64)
    return spec.policy_id, knobs

"""Render a replayed game (balance.runner.Replay) as JSON lines or as a readable turn log.

Both renderings walk the same timeline of JSON-ready objects:

- events logged before turn 1 (turn 0), if any;
- per turn, one `turn_start` object built from the snapshot taken at the start of that turn
  (weather, generators, every location, every character), then that turn's events in the order
  they happened, each decoded into readable names;
- one `game_end` object with the winner and the end reason of the game's record.

Blocks are numbered 1 to 3 as on the board; a location's block is null for the Street and
"tower" for the Tower.
"""

from __future__ import annotations

from collections import Counter

import json
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from balance import codes
from balance.catalogue.events import EVENTS, canisters, counted, item_name, named, room_name
from balance.config import pack
from balance.kernel import state as S
from balance.runner import Replay


# the sentence of each event kind, by name (balance.catalogue.events)
SENTENCES = {event.name: event.sentence for event in EVENTS if event is not None}


def _board_block(block: int) -> int | str | None:
    """The kernel's block code as shown on the board: 1-3, "tower", or None for the Street."""
    if block == codes.BLOCK_STREET:
        return None
    if block == codes.BLOCK_TOWER:
        return "tower"
    return int(block) + 1


def _event(row: np.ndarray) -> dict[str, Any]:
    turn, kind, actor, target, a, b = (int(x) for x in row)
    event = EVENTS[kind] if 0 <= kind < len(EVENTS) else None
    if event is None:
        raise ValueError(f"replay: unknown event kind {kind} on turn {turn}")
    return {
        "event": event.name,
        "turn": turn,
        "actor": actor if actor >= 0 else None,
        **event.fields(target, a, b),
    }


def _turn_start(
    replay: Replay, turn: int, room_block: np.ndarray, profession_names: Sequence[str]
) -> dict[str, Any]:
    i = turn - 1  # snapshot index t-1 holds turn t
    generators = [
        {
            "block": b + 1,
            "fuel_units": int(replay.generator_fuel[i, b]),
            "running": bool(replay.generator_running[i, b]),
            "broken": bool(replay.generator_broken[i, b]),
        }
        for b in range(codes.N_BLOCKS)
    ]
    locations = [
        {
            "name": name,
            "block": _board_block(room_block[r]),
            "temperature": int(replay.temperature[i, r]),
            "lighting": named(codes.LIGHTING_NAMES, replay.lighting[i, r], "lighting"),
            "door": named(codes.DOOR_STATE_NAMES, replay.doors[i, r], "door state"),
        }
        for r, name in enumerate(codes.ROOM_NAMES)
    ]
    characters = []
    n = len(replay.characters[i])
    for c, snap in enumerate(replay.characters[i]):
        characters.append(
            {
                "id": c,
                "profession": profession_names[replay.professions[c]],
                "location": room_name(snap[S.SNAP_ROOM]),
                "hp": int(snap[S.SNAP_HP]),
                "max_hp": int(snap[S.SNAP_MAX_HP]),
                "frost_marks": int(snap[S.SNAP_FROST]),
                "parka": bool(snap[S.SNAP_PARKA]),
                "physical": int(snap[S.SNAP_PHYSICAL]),
                "alive": bool(snap[S.SNAP_ALIVE]),
                "conscious": bool(snap[S.SNAP_CONSCIOUS]),
                "is_thing": int(snap[S.SNAP_FORM]) != codes.HUMAN,
                "archetype": named(codes.ARCHETYPE_NAMES, replay.archetypes[c], "archetype"),
                "infected": bool(snap[S.SNAP_INFECTED]),
                "hands": [item_name(snap[S.SNAP_HAND_0]), item_name(snap[S.SNAP_HAND_1])],
                # what his policy made of what it saw and heard (GAP-64): its report
                "holds_for_things": [d for d in range(n) if (int(snap[S.SNAP_HOLDS]) >> d) & 1],
            }
        )
    return {
        "event": "turn_start",
        "turn": turn,
        "weather": named(codes.WEATHER_NAMES, replay.weather[i], "weather"),
        "generators": generators,
        "locations": locations,
        "characters": characters,
    }


def interleaved(
    events: np.ndarray,
    turns: int,
    event: Callable[[np.ndarray], dict[str, Any]],
    turn_start: Callable[[int], dict[str, Any]],
) -> Iterator[dict[str, Any]]:
    """Each turn's start, after the events logged before it (turn 0's setup events, then the
    previous turn's), then the events of the last turn: a timeline of either ruleset."""
    k = 0
    for turn in range(1, turns + 1):
        while k < len(events) and events[k, 0] < turn:
            yield event(events[k])
            k += 1
        yield turn_start(turn)
    for row in events[k:]:
        yield event(row)


def timeline(replay: Replay) -> Iterator[dict[str, Any]]:
    """The game as JSON-ready objects: turn starts, events and the game end, in order."""
    room_block = pack(replay.config).room_block
    profession_names = replay.config["professions.names"]
    yield from interleaved(
        replay.events,
        replay.turns,
        _event,
        lambda turn: _turn_start(replay, turn, room_block, profession_names),
    )
    record = replay.record
    yield {
        "event": "game_end",
        "turn": int(record["end_turn"]),
        "winner": named(codes.WINNER_NAMES, record["winner"], "winner"),
        "reason": named(codes.REASON_NAMES, record["reason"], "end reason"),
    }


def to_jsonl(replay: Replay) -> Iterator[str]:
    """The replay as JSON lines (no trailing newlines), one object per line; see the module doc.
    A classic game's are balance.classic.replay's."""
    if replay.config.ruleset == "classic":
        from balance.classic.replay import to_jsonl as classic_jsonl

        yield from classic_jsonl(replay)
        return
    for obj in timeline(replay):
        yield json.dumps(obj)


# ------------------------------------------------------------------------------------------------
# Text log
# ------------------------------------------------------------------------------------------------


def _turn_line(state: dict[str, Any]) -> str:
    generators = []
    for g in state["generators"]:
        flags = [flag for flag, on in (("broken", g["broken"]), ("off", not g["running"])) if on]
        generators.append(canisters(g["fuel_units"]) + (f" ({', '.join(flags)})" if flags else ""))
    lit = sum(loc["lighting"] == "light" for loc in state["locations"])
    doors = ""
    for kind in ("locked", "broken"):
        n = sum(loc["door"] == kind for loc in state["locations"])
        doors += f"; {counted(n, kind + ' door')}" if n else ""
    living = [c for c in state["characters"] if c["alive"]]
    things = sum(c["is_thing"] for c in living)
    held = Counter(d for c in living if not c["is_thing"] for d in c["holds_for_things"])
    beliefs = ", ".join(f"#{d} by {held[d]}" for d in sorted(held))
    return (
        f"turn {state['turn']}: {state['weather']}; generators {' / '.join(generators)} "
        f"canisters; {counted(lit, 'room')} lit{doors}; "
        f"{counted(len(living) - things, 'human')} and {counted(things, 'Thing')} alive"
        + (f"; held for Things: {beliefs}" if beliefs else "")
    )


def to_text(replay: Replay) -> Iterator[str]:
    """The replay as a readable log: a header and the starting Things with their archetypes,
    then per turn a summary line and one sentence per event, then the end of the game. A
    classic game's is balance.classic.replay's."""
    cfg = replay.config
    if cfg.ruleset == "classic":
        from balance.classic.replay import to_text as classic_text

        yield from classic_text(replay)
        return
    profession_names = cfg["professions.names"]

    def who(c: int) -> str:
        return f"#{c} ({profession_names[replay.professions[c]]})"

    overrides = f"; overrides {' '.join(cfg.overrides)}" if cfg.overrides else ""
    yield (
        f"replay of game {replay.game}, seed {replay.seed}: {cfg.players} players, "
        f"{counted(cfg['things.start'], 'Thing')}, config {cfg.hash}{overrides}"
    )
    things = [
        f"{who(c)}, {named(codes.ARCHETYPE_NAMES, replay.archetypes[c], 'archetype')}"
        for c in np.flatnonzero(replay.original_things)
    ]
    yield f"the starting Things and their archetypes: {'; '.join(things)}"
    for obj in timeline(replay):
        kind = obj["event"]
        if kind == "turn_start":
            yield _turn_line(obj)
        elif kind == "game_end":
            outcome = "no winner" if obj["winner"] == "none" else f"{obj['winner']} win"
            yield f"turn {obj['turn']}: game over, {outcome} ({obj['reason']})"
        else:
            sentence = SENTENCES[kind](obj, who)
            subject = f"{who(obj['actor'])} " if obj["actor"] is not None else ""
            yield f"turn {obj['turn']}: {subject}{sentence}"

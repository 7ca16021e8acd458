"""One classic game re-played with its event log, and rendered as JSON lines or a readable log,
as balance.replay does for the main ruleset: per turn a `turn_start` object from the snapshot
taken at its start (the station and every character), then that turn's events, then one
`game_end` object."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from balance import codes
from balance.catalogue.classic import PROFESSIONS
from balance.classic import codes as K
from balance.classic import state as S
from balance.config import Config


@dataclass(frozen=True)
class ClassicReplay:
    """A classic game re-played: its record, events (turn, kind, actor, target, a, b) and a
    snapshot per turn of the station (state.SNAP_ST) and of each character (state.SNAP_CH)."""

    config: Config
    seed: int
    game: int
    record: np.void
    events: np.ndarray
    turns: int
    station: np.ndarray  # [T, len(SNAP_ST)]
    characters: np.ndarray  # [T, players, len(SNAP_CH)]
    professions: np.ndarray  # [players] classic.codes PILOT .. SCIENTIST
    original_things: np.ndarray  # [players] 0/1


def classic_replay(cfg: Config, seed: int, game: int, g, record: np.void) -> ClassicReplay:
    """The replay of a classic game just played in the arrays `g` (balance.runner.replay_game
    plays it with its event log and snapshots on), with its record."""
    turns = int(record["end_turn"])
    return ClassicReplay(
        config=cfg,
        seed=seed,
        game=game,
        record=record,
        events=g.events[: g.st[S.ST_N_EVENTS]].copy(),
        turns=turns,
        station=g.snap_st[:turns].copy(),
        characters=g.snap_ch[:turns].copy(),
        professions=g.ch[:, S.CH_PROFESSION].copy(),
        original_things=g.ch[:, S.CH_ORIGINAL].copy(),
    )


def _name(names, code: int) -> str:
    return names[code] if 0 <= code < len(names) else str(code)


def _event(row: np.ndarray) -> dict[str, Any]:
    turn, kind, actor, target, a, b = (int(x) for x in row)
    event: dict[str, Any] = {
        "event": K.EVENT_NAMES.get(kind, str(kind)),
        "turn": turn,
        "actor": actor if actor >= 0 else None,
        "target": target if target >= 0 else None,
    }
    if kind == K.E_FAILED:
        event["action"] = _name(K.ACTION_NAMES, a)
    elif kind == K.E_DIED:
        event["cause"] = _name(K.DEATH_CAUSE_NAMES, a)
    elif kind == K.E_FLIGHT:
        event["success"] = bool(a)
        event["aboard"] = [c for c in range(64) if (b >> c) & 1]
    elif kind in (K.A_BREAK, K.A_REPAIR):
        event["object"] = _name(K.OBJECT_NAMES, a)
    elif kind == K.A_MOVE:
        event["to"] = _name(K.LOC_NAMES, a)
    elif kind in (K.A_TAKE, K.A_SPOIL, K.A_PICK_UP, K.A_DESTROY_ITEM, K.F_GIVE, K.F_DROP):
        event["item"] = _name(K.ITEM_NAMES, a)
    elif kind == K.E_WOUNDED:
        event["hp"] = a
    else:
        event["a"], event["b"] = a, b
    return event


def _turn_start(replay: ClassicReplay, turn: int) -> dict[str, Any]:
    i = turn - 1
    on, temperature, heli_fuel, prepared, food = (int(x) for x in replay.station[i])
    characters = []
    for c, snap in enumerate(replay.characters[i]):
        loc, hp, alive, thing, active, convert, paralysed = (int(x) for x in snap)
        characters.append(
            {
                "id": c,
                "profession": PROFESSIONS[replay.professions[c]],
                "location": _name(K.LOC_NAMES, loc),
                "hp": hp,
                "alive": bool(alive),
                "is_thing": bool(thing),
                "active": bool(active),
                "infected": convert > 0,
                "paralysed": paralysed > 0,
            }
        )
    return {
        "event": "turn_start",
        "turn": turn,
        "generator_on": bool(on),
        "temperature": temperature,
        "helicopter_fuel": heli_fuel,
        "helicopter_prepared": prepared,
        "food": food,
        "characters": characters,
    }


def timeline(replay: ClassicReplay) -> Iterator[dict[str, Any]]:
    """The game as JSON-ready objects: turn starts, events and the game end, in order."""
    from balance.replay import interleaved

    yield from interleaved(
        replay.events, replay.turns, _event, lambda turn: _turn_start(replay, turn)
    )
    record = replay.record
    yield {
        "event": "game_end",
        "turn": int(record["end_turn"]),
        "winner": _name(codes.WINNER_NAMES, int(record["winner"])),
        "reason": _name(codes.REASON_NAMES, int(record["reason"])),
    }


def to_jsonl(replay: ClassicReplay) -> Iterator[str]:
    for obj in timeline(replay):
        yield json.dumps(obj)


def to_text(replay: ClassicReplay) -> Iterator[str]:
    """A readable log: a header, per turn a summary line and one line per event, the end."""
    cfg = replay.config

    def who(c: int | None) -> str:
        return "" if c is None else f"#{c} ({PROFESSIONS[replay.professions[c]]})"

    yield (
        f"replay of classic game {replay.game}, seed {replay.seed}: {cfg.players} players, "
        f"config {cfg.hash}; the starting Things: "
        + ", ".join(who(int(c)) for c in np.flatnonzero(replay.original_things))
    )
    for obj in timeline(replay):
        kind = obj["event"]
        if kind == "turn_start":
            living = [c for c in obj["characters"] if c["alive"]]
            things = sum(c["is_thing"] for c in living)
            yield (
                f"turn {obj['turn']}: generator {'on' if obj['generator_on'] else 'off'}, "
                f"{obj['temperature']} degrees, helicopter fuel {obj['helicopter_fuel']}, "
                f"food {obj['food']}; {len(living) - things} humans and {things} Things alive"
            )
        elif kind == "game_end":
            yield f"turn {obj['turn']}: game over, {obj['winner']} ({obj['reason']})"
        else:
            details = {
                k: v for k, v in obj.items() if k not in ("event", "turn", "actor", "target")
            }
            target = f" -> {who(obj['target'])}" if obj["target"] is not None else ""
            extra = "".join(f", {k} {v}" for k, v in details.items())
            yield f"turn {obj['turn']}: {who(obj['actor']) or 'the station'} {kind}{target}{extra}"

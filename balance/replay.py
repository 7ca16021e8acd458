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

import json
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from balance import codes
from balance.config import pack
from balance.kernel import state as S
from balance.runner import Replay

# the a of E_INFECT, E_INFECT_SEEN and E_FIRST_AID_INFECTION
INFECTION_RESULTS = {-1: "wasted", 0: "first", 1: "reinfected"}
UNCONSCIOUS_CAUSES = {  # E_UNCONSCIOUS's a (UNC-2)
    codes.UNC_INFECTION: "infection",
    codes.UNC_OVERDOSE: "overdose",
    codes.UNC_SANITY: "sanity",
    codes.UNC_SALIVA: "saliva",
}
SALIVA_SLOT_NAMES = ("hand_0", "hand_1", "backpack_0", "backpack_1", "backpack_2", "parka")


def _saliva_slots(mask: int) -> list[str]:
    """The inventory slots named by A_SALIVA's bitmask (codes.SALIVA_*)."""
    return [name for k, name in enumerate(SALIVA_SLOT_NAMES) if (mask >> k) & 1]


def _name(names: Sequence[str] | dict[int, str], code: int, what: str) -> str:
    """names[code], refusing codes outside the table (a negative index must not wrap around)."""
    code = int(code)
    if isinstance(names, dict):
        if code in names:
            return names[code]
    elif 0 <= code < len(names):
        return names[code]
    raise ValueError(f"replay: unknown {what} code {code}")


def _infection(t: int, a: int, b: int) -> dict[str, Any]:
    """The fields of an infection event: its target, its result and, if it took, the blackout."""
    return {
        "target": t,
        "result": _name(INFECTION_RESULTS, a, "infection result"),
        **({"blackout_turn": b} if a >= 0 else {}),
    }


def _item(code: int) -> str | None:
    return None if code == codes.NO_ITEM else _name(codes.ITEM_NAMES, code, "item")


def _room(code: int) -> str:
    return _name(codes.ROOM_NAMES, code, "room")


def _owner(code: int) -> int | str:
    """A blood sample's owner or label (ITEM-BLOOD, GAP-53): a character id, or "dog 1"/"dog 2"."""
    code = int(code)
    return f"dog {code - codes.DOG_LABEL + 1}" if code >= codes.DOG_LABEL else code


def _board_block(block: int) -> int | str | None:
    """The kernel's block code as shown on the board: 1-3, "tower", or None for the Street."""
    if block == codes.BLOCK_STREET:
        return None
    if block == codes.BLOCK_TOWER:
        return "tower"
    return int(block) + 1


def _ability(t: int, a: int, b: int) -> dict[str, Any]:
    """E_ABILITY: a hidden-form ability of the Thing (codes.E_ABILITY)."""
    fields: dict[str, Any] = {"ability": _name(codes.ACTION_NAMES, a, "action")}
    if a == codes.A_REMOTE_BREAK:
        return {**fields, "room": _room(t), "object": _name(codes.OBJECT_NAMES, b, "object")}
    if a == codes.A_WAVES:
        return {**fields, "humans": b}
    if a == codes.A_ORDER:
        return {**fields, "target": t, "forced": _name(codes.ACTION_NAMES, b, "action")}
    return {**fields, "target": t}


def _ability_sentence(e: dict[str, Any], who: Callable[[int], str]) -> str:
    if e["ability"] == "remote_break":
        return f"secretly broke the {e['object']} of the {e['room']} from afar"
    if e["ability"] == "suppressing_waves":
        return f"secretly sent suppressing waves at {_count(e['humans'], 'human')}"
    if e["ability"] == "order":
        return f"secretly ordered {who(e['target'])} to {e['forced'].replace('_', ' ')}"
    return f"called {who(e['target'])} into the active form"


# Decoders of an event's (target, a, b) into named fields, per kind; see codes.E_* for the meaning.
_EVENT_FIELDS: dict[int, Callable[[int, int, int], dict[str, Any]]] = {
    codes.E_MOVE: lambda t, a, b: {"from": _room(a), "to": _room(b)},
    codes.E_MISDIRECTED: lambda t, a, b: {"heading": _room(a), "to": _room(b)},
    codes.E_REFUEL: lambda t, a, b: {"fuel_units": a, "block": b + 1},
    codes.E_DEFUEL: lambda t, a, b: {"fuel_units": a, "block": b + 1},
    codes.E_FILL: lambda t, a, b: {},
    codes.E_BOX: lambda t, a, b: {"box": _name(codes.BOX_NAMES, a, "box colour"), "item": _item(b)},
    codes.E_PICKUP: lambda t, a, b: {"item": _item(a)},
    codes.E_DROP: lambda t, a, b: {"item": _item(a)},
    codes.E_PARKA_ON: lambda t, a, b: {},
    codes.E_BREAK: lambda t, a, b: {
        "object": _name(codes.OBJECT_NAMES, a, "object"),
        **({"room": _room(b)} if a == codes.OBJ_DOOR else {"block": b + 1 if b >= 0 else None}),
    },
    codes.E_REPAIR: lambda t, a, b: {
        "object": _name(codes.OBJECT_NAMES, a, "object"),
        "success": bool(b),
        **({"room": _room(t)} if a == codes.OBJ_DOOR else {}),
    },
    codes.E_INJURED: lambda t, a, b: {"damage": a},
    codes.E_BEACON: lambda t, a, b: {"block": a + 1},
    codes.E_CALL: lambda t, a, b: {"rescue_due": a},
    codes.E_INFECT: _infection,
    codes.E_UNCONSCIOUS: lambda t, a, b: {
        "cause": _name(UNCONSCIOUS_CAUSES, a, "unconsciousness cause")
    },
    codes.E_WAKE: lambda t, a, b: {"converted": bool(a)},
    codes.E_FROSTBITE: lambda t, a, b: {"hp": a},
    codes.E_DEATH: lambda t, a, b: {"cause": _name(codes.DEATH_CAUSE_NAMES, a, "death cause")},
    codes.E_GENERATOR: lambda t, a, b: {"block": a + 1, "running": bool(b)},
    codes.E_PARALYSED: lambda t, a, b: {
        "cause": _name(codes.DEATH_CAUSE_NAMES, a, "cause"),
        "paralysed_until": b,
    },
    codes.E_REVIVE: lambda t, a, b: {"hp": a},
    codes.E_RESCUE: lambda t, a, b: {"rescued": a},
    codes.E_WEATHER: lambda t, a, b: {"weather": _name(codes.WEATHER_NAMES, a, "weather")},
    codes.E_SHOT: lambda t, a, b: {
        "target": t if t >= 0 else None,
        "hit": bool(a),
        "stray_victim": b if b >= 0 else None,
    },
    codes.E_MELEE: lambda t, a, b: {"target": t, "hit": bool(a)},
    codes.E_GIVE: lambda t, a, b: {"target": t, "item": _item(a)},
    codes.E_BACKPACK: lambda t, a, b: {"taken_out": _item(a), "put_in": _item(b)},
    codes.E_DESTROY: lambda t, a, b: {"item": _item(a)},
    codes.E_HAND_LOST: lambda t, a, b: {"hand": a},
    codes.E_FLASHLIGHT: lambda t, a, b: {"on": bool(a)},
    codes.E_BANDAGE: lambda t, a, b: {"target": t, "healed": bool(a)},
    codes.E_COVERED: lambda t, a, b: {"target": t},
    codes.E_HELI_FUEL: lambda t, a, b: {"fuel_units": a, "into_tank": not b},
    codes.E_HELI_PREPARED: lambda t, a, b: {},
    codes.E_HELI_BOARD: lambda t, a, b: {"pilot": bool(a)},
    codes.E_HELI_REFUSED: lambda t, a, b: {},
    codes.E_TAKEOFF: lambda t, a, b: {"aboard": a, "things_aboard": b},
    codes.E_DRINK: lambda t, a, b: {"vial": _item(a)},
    codes.E_MIRROR: lambda t, a, b: {"sanity": a},
    codes.E_FORECAST: lambda t, a, b: {"cycles": a},
    codes.E_PARKA_OFF: lambda t, a, b: {},
    codes.E_FUEL: lambda t, a, b: {"fuel_units": a, "into": t if t >= 0 else None},
    codes.E_CRAFT: lambda t, a, b: {"recipe": _name(codes.RECIPE_NAMES, a, "recipe")},
    codes.E_GRENADE: lambda t, a, b: {"room": _room(a), "hurt": b},
    codes.E_FLAME: lambda t, a, b: {"target": t, "damage": a},
    codes.E_CODE: lambda t, a, b: {
        "room": _room(t),
        **({"bulls": a, "cows": b, "opened": a == 4} if a >= 0 else {"answered": False}),
    },
    codes.E_IDCARD: lambda t, a, b: {"room": _room(t), "card_of": a, "opened": bool(b)},
    codes.E_DOOR: lambda t, a, b: {
        "room": _room(a) if a >= 0 else None,
        "what": _name(codes.DOOR_EVENT_NAMES, b, "door event"),
        **({"heading": _room(t)} if t >= 0 else {}),
    },
    codes.E_TERMINAL: lambda t, a, b: {
        "function": _name(codes.TERMINAL_NAMES, a, "terminal function"),
        "parameter": b,
    },
    codes.E_THROW: lambda t, a, b: {"into": _room(a)},
    codes.E_LEAVE: lambda t, a, b: {"from": _room(a), "heading": _room(b)},
    codes.E_TAKE_FOOD: lambda t, a, b: {"boxes_left": a},
    codes.E_STOVE: lambda t, a, b: {"cooked": bool(a), "portions": b},
    codes.E_EAT: lambda t, a, b: {"from_floor": bool(a)},
    codes.E_DOSE: lambda t, a, b: {"vial": _item(a), "portions": b},
    codes.E_COUNT_FOOD: lambda t, a, b: {"boxes_left": a},
    codes.E_SEARCH: lambda t, a, b: {"corpse": t, "item": _item(a)},
    codes.E_FOOD_EFFECT: lambda t, a, b: {"eater": t, "vial": _item(a), "full_dose": bool(b)},
    codes.E_RADIO_TOGGLE: lambda t, a, b: {"colour": a, "on": bool(b)},
    codes.E_RADIO: lambda t, a, b: {"topic": a, "subject": b},
    codes.E_HINDER: lambda t, a, b: {"target": t, "aimed_at": bool(a)},
    codes.E_HINDERED: lambda t, a, b: {"action": _name(codes.ACTION_NAMES, a, "action")},
    codes.E_SHIELD: lambda t, a, b: {"object": _name(codes.OBJECT_NAMES, a, "object"), "points": b},
    codes.E_FOLLOW: lambda t, a, b: {"target": t, "room": _room(a), "followed": bool(b)},
    codes.E_REACTION: lambda t, a, b: {
        "instead_of": _name(codes.ACTION_NAMES, a, "action"),
        "now": _name(codes.ACTION_NAMES, b, "action"),
    },
    codes.E_BLOOD: lambda t, a, b: {"donor": _owner(a), "into_backpack": bool(b)},
    codes.E_LAB_INSERT: lambda t, a, b: {"slot": a + 1, "label": _owner(b)},
    codes.E_LAB_START: lambda t, a, b: {
        "question": _name(codes.QUESTION_NAMES, a, "question"),
        "finishes": b,
    },
    codes.E_LAB_RESULT: lambda t, a, b: {
        "starter": t,
        "question": _name(codes.QUESTION_NAMES, a, "question"),
        "answer": bool(b),
    },
    codes.E_LAB_ABORT: lambda t, a, b: {"starter": t, "cause": ("broken", "unpowered")[a]},
    codes.E_LAB_VIEW: lambda t, a, b: {"rows": a},
    codes.E_TRANSFORM: lambda t, a, b: {"called": bool(a)},
    codes.E_THROW_BACK: lambda t, a, b: {"target": t},
    codes.E_CLAWS: lambda t, a, b: {"target": t, "hit": bool(a)},
    codes.E_SPRAY: lambda t, a, b: {"target": t, "hit": bool(a)},
    codes.E_SCREAM: lambda t, a, b: {"stunned": a},
    codes.E_ABILITY: _ability,
    codes.E_ORGANS: lambda t, a, b: {"hurt": a},
    codes.E_SALIVA: lambda t, a, b: {"slots": _saliva_slots(a), "delay": b},
    codes.E_SALIVA_CONTACT: lambda t, a, b: {"target": t, "item": _item(a), "blackout_turn": b},
    codes.E_FIRST_AID_INFECTION: _infection,
    codes.E_BURN: lambda t, a, b: {
        "body": t if t >= 0 else None,
        "dog": a if t < 0 else None,
        "fuel_from": _item(b),
    },
    codes.E_KILL_DOG: lambda t, a, b: {"dog": a, "weapon": _item(b)},
    codes.E_EAT_STOCK: lambda t, a, b: {"boxes_left": a},
    codes.E_INFECT_SEEN: _infection,
}


def _event(row: np.ndarray) -> dict[str, Any]:
    turn, kind, actor, target, a, b = (int(x) for x in row)
    if kind not in _EVENT_FIELDS:
        raise ValueError(f"replay: unknown event kind {kind} on turn {turn}")
    return {
        "event": codes.EVENT_NAMES[kind],
        "turn": turn,
        "actor": actor if actor >= 0 else None,
        **_EVENT_FIELDS[kind](target, a, b),
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
            "lighting": _name(codes.LIGHTING_NAMES, replay.lighting[i, r], "lighting"),
            "door": _name(codes.DOOR_STATE_NAMES, replay.doors[i, r], "door state"),
        }
        for r, name in enumerate(codes.ROOM_NAMES)
    ]
    characters = []
    for c, snap in enumerate(replay.characters[i]):
        characters.append(
            {
                "id": c,
                "profession": profession_names[replay.professions[c]],
                "location": _room(snap[S.SNAP_ROOM]),
                "hp": int(snap[S.SNAP_HP]),
                "max_hp": int(snap[S.SNAP_MAX_HP]),
                "frost_marks": int(snap[S.SNAP_FROST]),
                "parka": bool(snap[S.SNAP_PARKA]),
                "physical": int(snap[S.SNAP_PHYSICAL]),
                "alive": bool(snap[S.SNAP_ALIVE]),
                "conscious": bool(snap[S.SNAP_CONSCIOUS]),
                "is_thing": int(snap[S.SNAP_FORM]) != codes.HUMAN,
                "archetype": _name(codes.ARCHETYPE_NAMES, replay.archetypes[c], "archetype"),
                "infected": bool(snap[S.SNAP_INFECTED]),
                "hands": [_item(snap[S.SNAP_HAND_0]), _item(snap[S.SNAP_HAND_1])],
            }
        )
    return {
        "event": "turn_start",
        "turn": turn,
        "weather": _name(codes.WEATHER_NAMES, replay.weather[i], "weather"),
        "generators": generators,
        "locations": locations,
        "characters": characters,
    }


def timeline(replay: Replay) -> Iterator[dict[str, Any]]:
    """The game as JSON-ready objects: turn starts, events and the game end, in order."""
    room_block = pack(replay.config).room_block
    profession_names = replay.config["professions.names"]
    events = replay.events
    next_event = 0
    for turn in range(1, replay.turns + 1):
        # events before this turn: turn 0's setup events, then the previous turn's
        while next_event < len(events) and events[next_event, 0] < turn:
            yield _event(events[next_event])
            next_event += 1
        yield _turn_start(replay, turn, room_block, profession_names)
    for row in events[next_event:]:
        yield _event(row)
    record = replay.record
    yield {
        "event": "game_end",
        "turn": int(record["end_turn"]),
        "winner": _name(codes.WINNER_NAMES, record["winner"], "winner"),
        "reason": _name(codes.REASON_NAMES, record["reason"], "end reason"),
    }


def to_jsonl(replay: Replay) -> Iterator[str]:
    """The replay as JSON lines (no trailing newlines), one object per line; see the module doc."""
    for obj in timeline(replay):
        yield json.dumps(obj)


# ------------------------------------------------------------------------------------------------
# Text log
# ------------------------------------------------------------------------------------------------


def _canisters(units: int) -> str:
    return f"{units / codes.FUEL_UNITS:.2f}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _a(item: str | None) -> str:
    if item is None:
        return "nothing"
    return f"{'an' if item[0] in 'aeiou' else 'a'} {item.replace('_', ' ')}"


# One sentence per event kind, from the decoded event `e` and a labeller of character ids.
_SENTENCES: dict[str, Callable[[dict[str, Any], Callable[[int], str]], str]] = {
    "move": lambda e, who: f"moved {e['from']} -> {e['to']}",
    "misdirected": lambda e, who: f"headed for {e['heading']} but lost the way to {e['to']}",
    "refuel": lambda e, who: (
        f"poured {_canisters(e['fuel_units'])} canisters into the generator of block {e['block']}"
    ),
    "defuel": lambda e, who: (
        f"drew {_canisters(e['fuel_units'])} canisters out of the generator of block {e['block']}"
    ),
    "fill_canister": lambda e, who: "filled a canister at the pump",
    "open_box": lambda e, who: f"opened a {e['box']} box and found {_a(e['item'])}",
    "pickup": lambda e, who: f"picked up {_a(e['item'])}",
    "drop": lambda e, who: f"dropped {_a(e['item'])}",
    "parka_on": lambda e, who: "put on a parka",
    "break": lambda e, who: f"broke the {_object(e)}",
    "repair": lambda e, who: (
        f"repaired the {_object(e)}" if e["success"] else f"failed to repair the {_object(e)}"
    ),
    "injured": lambda e, who: "was hurt by a failed repair",
    "beacon_activated": lambda e, who: f"activated the beacon of block {e['block']}",
    "call_for_help": lambda e, who: f"called for help; the rescue is due on turn {e['rescue_due']}",
    "infection": lambda e, who: {
        "first": "infected {}",
        "reinfected": "re-infected {}",
        "wasted": "wasted an infection on {}",
    }[e["result"]].format(who(e["target"])),
    "infection_seen": lambda e, who: {
        "first": "infected {}, unconscious, in view",
        "reinfected": "re-infected {}, unconscious, in view",
        "wasted": "wasted an infection on {}, unconscious, in view",
    }[e["result"]].format(who(e["target"])),
    "unconscious": lambda e, who: f"fell unconscious ({e['cause']})",
    "wake": lambda e, who: "woke up as a Thing" if e["converted"] else "woke up",
    "frostbite": lambda e, who: "lost 1 HP to frostbite",
    "death": lambda e, who: f"died ({e['cause']})",
    "generator": lambda e, who: (
        f"the generator of block {e['block']} {'restarted' if e['running'] else 'stopped'}"
    ),
    "paralysed": lambda e, who: "fell to 0 HP and is paralysed",
    "revive": lambda e, who: "revived",
    "rescue": lambda e, who: f"the rescue arrived: {e['rescued']} humans rescued",
    "weather": lambda e, who: f"the weather turned to {e['weather']}",
    "shot": lambda e, who: (
        "shot into the air"
        if e["target"] is None
        else f"shot at {who(e['target'])} and {'hit' if e['hit'] else 'missed'}"
        + (
            f", hitting {who(e['stray_victim'])} by accident"
            if e["stray_victim"] is not None
            else ""
        )
    ),
    "melee": lambda e, who: f"struck at {who(e['target'])} and {'hit' if e['hit'] else 'missed'}",
    "give": lambda e, who: f"handed {_a(e['item'])} to {who(e['target'])}",
    "backpack": lambda e, who: (
        f"took {_a(e['taken_out'])} out of the backpack"
        if e["put_in"] is None
        else f"put {_a(e['put_in'])} into the backpack"
        if e["taken_out"] is None
        else f"swapped {_a(e['put_in'])} for {_a(e['taken_out'])} in the backpack"
    ),
    "destroy": lambda e, who: f"destroyed {_a(e['item'])}",
    "hand_lost": lambda e, who: "is heavily wounded and lost the use of a hand",
    "covered": lambda e, who: f"took the attack meant for {who(e['target'])}",
    "flashlight": lambda e, who: f"switched a flashlight {'on' if e['on'] else 'off'}",
    "bandage": lambda e, who: (
        f"bandaged {who(e['target'])}" + ("" if e["healed"] else ", to no effect")
    ),
    "heli_fuel": lambda e, who: (
        f"poured {_canisters(e['fuel_units'])} canisters "
        + ("into the helicopter's tank" if e["into_tank"] else "out of the helicopter's tank")
    ),
    "heli_prepared": lambda e, who: "prepared the helicopter for take-off as its pilot",
    "heli_board": lambda e, who: (
        "took the pilot's seat" if e["pilot"] else "took a helicopter seat"
    ),
    "heli_refused": lambda e, who: "refused to fly with this group: nobody leaves",
    "takeoff": lambda e, who: (
        f"the helicopter took off with {_count(e['aboard'], 'character')} aboard"
        + (f", {_count(e['things_aboard'], 'Thing')} among them" if e["things_aboard"] else "")
    ),
    "drink": lambda e, who: f"drank {_a(e['vial'])}",
    "mirror": lambda e, who: f"looked in the mirror: sanity {e['sanity']}",
    "forecast": lambda e, who: f"read the weather forecast for {e['cycles']} turns",
    "parka_off": lambda e, who: "took off the parka",
    "fuel_transfer": lambda e, who: (
        f"poured out {_canisters(e['fuel_units'])} canisters"
        if e["into"] is None
        else f"poured {_canisters(e['fuel_units'])} canisters into {who(e['into'])}'s canister"
    ),
    "craft": lambda e, who: f"crafted {_a(e['recipe'])}",
    "grenade": lambda e, who: f"a grenade exploded in {e['room']}, hurting {e['hurt']}",
    "flamethrower": lambda e, who: (
        f"burned {who(e['target'])} for {e['damage']} damage"
        if e["damage"]
        else f"turned the flamethrower on {who(e['target'])} to no effect"
    ),
    "throw_grenade": lambda e, who: f"threw a grenade into {e['into']}",
    "leave": lambda e, who: f"left {e['from']} for {e['heading']}",
    "take_food": lambda e, who: f"took a food box ({e['boxes_left']} left on the shelves)",
    "stove": lambda e, who: (
        f"cooked the food into {_count(e['portions'], 'portion')}"
        if e["cooked"]
        else "prepared a food box to cook"
    ),
    "eat": lambda e, who: "ate a portion of food" + (" lying there" if e["from_floor"] else ""),
    "dose_food": lambda e, who: (
        f"secretly put {_a(e['vial'])} into {_count(e['portions'], 'portion')}"
    ),
    "count_food": lambda e, who: f"counted the food: {e['boxes_left']} boxes left",
    "search_corpse": lambda e, who: f"searched {who(e['corpse'])}'s body and took {_a(e['item'])}",
    "food_effect": lambda e, who: (
        f"the {e['vial'].replace('_', ' ')} in the portion {who(e['eater'])} ate took effect"
        + (" (a full dose)" if e["full_dose"] else " (cooked in)")
    ),
    "radio_toggle": lambda e, who: f"switched a radio {'on' if e['on'] else 'off'}",
    "radio": lambda e, who: f"said on the radio: topic {e['topic']}, subject {e['subject']}",
    "hinder": lambda e, who: (
        f"hindered what is done to {who(e['target'])}"
        if e["aimed_at"]
        else f"hindered {who(e['target'])}"
    ),
    "hindered": lambda e, who: f"was hindered: {e['action']} failed",
    "hinder_object": lambda e, who: (
        f"hindered what is done to the {e['object'].replace('_', ' ')} ({e['points']} points off)"
    ),
    "follow": lambda e, who: (
        f"followed {who(e['target'])} into {e['room']}"
        if e["followed"]
        else f"could not follow {who(e['target'])}"
    ),
    "reaction": lambda e, who: f"reacted: {e['now']} instead of {e['instead_of']}",
    "transform": lambda e, who: (
        "was called by the Things into the active form"
        if e["called"]
        else "turned into the active form of the Thing"
    ),
    "throw_back": lambda e, who: f"threw {who(e['target'])} back: he skips the turn",
    "claws": lambda e, who: (
        f"struck at {who(e['target'])} with its claws and {'hit' if e['hit'] else 'missed'}"
    ),
    "toxic_spray": lambda e, who: (
        f"sprayed {who(e['target'])} with toxin{'' if e['hit'] else ', missing'}"
    ),
    "scream": lambda e, who: f"screamed: {_count(e['stunned'], 'human')} skip the turn",
    "thing_ability": _ability_sentence,
    "organs_exploded": lambda e, who: f"exploded, hurting {_count(e['hurt'], 'character')}",
    "saliva": lambda e, who: (
        f"secretly poisoned the items in {', '.join(e['slots'])} (delay {e['delay']})"
    ),
    "saliva_contact": lambda e, who: (
        f"{who(e['target'])} ended the turn holding a poisoned {e['item'].replace('_', ' ')}: "
        f"out on turn {e['blackout_turn']}"
    ),
    "first_aid_infection": lambda e, who: (
        {
            "first": "infected {} through first aid",
            "reinfected": "re-infected {} through first aid",
            "wasted": "wasted first aid's infection on {}",
        }[e["result"]].format(who(e["target"]))
        + ("" if e["actor"] is not None else ", as an unaware convert's body does")
    ),
    "burn": lambda e, who: (
        (f"burned dog {e['dog']}" if e["body"] is None else f"burned the body of {who(e['body'])}")
        + f" with fuel from {_a(e['fuel_from'])}"
    ),
    "kill_dog": lambda e, who: f"killed dog {e['dog']} with {_a(e['weapon'])}",
    "eat_stock": lambda e, who: "ate a food box off the Freezer's shelves",
    "code": lambda e, who: (
        f"entered a code at the door of the {e['room']}: "
        + (
            "no answer"
            if not e.get("answered", True)
            else "it opened"
            if e["opened"]
            else f"{e['bulls']} right, {e['cows']} misplaced"
        )
    ),
    "id_card": lambda e, who: (
        f"used the ID card of {who(e['card_of'])} at the door of the {e['room']}: "
        + ("it opened" if e["opened"] else "refused")
    ),
    "door": lambda e, who: (
        (
            f"headed for {e['heading']}, lost the way and "
            if e.get("heading", e["room"]) != e["room"]
            else ""
        )
        + {
            "blocked": "was stopped by the locked door of the {}",
            "locked": "locked the door of the {} from the terminal",
            "all_open": "released every lock from the terminal",
            "lockdown": "locked every door from the terminal",
        }[e["what"]].format(e["room"])
    ),
    "terminal": lambda e, who: f"used the terminal: {e['function'].replace('_', ' ')}",
    "blood_sample": lambda e, who: (
        f"took a blood sample from {_sample_owner(e['donor'], who)} into the "
        + ("backpack" if e["into_backpack"] else "hand")
    ),
    "lab_insert": lambda e, who: (
        f"put a blood sample into slot {e['slot']} of the analyzer, labelled "
        + _sample_owner(e["label"], who)
    ),
    "lab_start": lambda e, who: (
        f"started a blood comparison, secretly asking whether the samples are "
        f"{e['question'].replace('_', ' ')}; it finishes at the end of turn {e['finishes']}"
    ),
    "lab_result": lambda e, who: (
        f"the blood comparison started by {who(e['starter'])} finished: "
        f'"{e["question"].replace("_", " ")}?" {"YES" if e["answer"] else "NO"}'
    ),
    "lab_abort": lambda e, who: (
        f"the blood comparison started by {who(e['starter'])} stopped: the analyzer "
        + ("broke" if e["cause"] == "broken" else "lost power")
    ),
    "lab_view": lambda e, who: (
        f"read the laboratory computer: {_count(e['rows'], 'completed check')}"
    ),
}


def _sample_owner(owner: int | str, who: Callable[[int], str]) -> str:
    """A sample's owner or label in a sentence: a character by his label, a dog by its name."""
    return owner if isinstance(owner, str) else who(owner)


def _object(e: dict[str, Any]) -> str:
    """An object as a sentence names it: a door by its room."""
    return f"door of the {e['room']}" if e["object"] == "door" else e["object"]


def _turn_line(state: dict[str, Any]) -> str:
    generators = []
    for g in state["generators"]:
        flags = [flag for flag, on in (("broken", g["broken"]), ("off", not g["running"])) if on]
        generators.append(_canisters(g["fuel_units"]) + (f" ({', '.join(flags)})" if flags else ""))
    lit = sum(loc["lighting"] == "light" for loc in state["locations"])
    doors = ""
    for kind in ("locked", "broken"):
        n = sum(loc["door"] == kind for loc in state["locations"])
        doors += f"; {_count(n, kind + ' door')}" if n else ""
    living = [c for c in state["characters"] if c["alive"]]
    things = sum(c["is_thing"] for c in living)
    return (
        f"turn {state['turn']}: {state['weather']}; generators {' / '.join(generators)} "
        f"canisters; {_count(lit, 'room')} lit{doors}; "
        f"{_count(len(living) - things, 'human')} and {_count(things, 'Thing')} alive"
    )


def to_text(replay: Replay) -> Iterator[str]:
    """The replay as a readable log: a header and the starting Things with their archetypes,
    then per turn a summary line and one sentence per event, then the end of the game."""
    cfg = replay.config
    profession_names = cfg["professions.names"]

    def who(c: int) -> str:
        return f"#{c} ({profession_names[replay.professions[c]]})"

    overrides = f"; overrides {' '.join(cfg.overrides)}" if cfg.overrides else ""
    yield (
        f"replay of game {replay.game}, seed {replay.seed}: {cfg.players} players, "
        f"{_count(cfg['things.start'], 'Thing')}, config {cfg.hash}{overrides}"
    )
    things = [
        f"{who(c)}, {_name(codes.ARCHETYPE_NAMES, replay.archetypes[c], 'archetype')}"
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
            sentence = _SENTENCES[kind](obj, who)
            subject = f"{who(obj['actor'])} " if obj["actor"] is not None else ""
            yield f"turn {obj['turn']}: {subject}{sentence}"

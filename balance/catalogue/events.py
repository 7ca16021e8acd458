"""Every event the kernel logs, declared once: what it means, who perceives it, and how a replay
decodes and tells it.

An `Event` gives its constant (codes.E_*), its name, its sight (the bits of codes.SEEN ...
ACTOR_UNAWARE: who in the room perceives it, and what, by A18, AP-6, AP-7, LIGHT-1 and LIGHT-2),
what its (target, a, b) mean, the decoder of (target, a, b) into named fields, and the sentence a
text replay writes for it. Its code is its place in EVENTS: codes.E_* and
EVENT_SIGHT are generated from this list (`python -m balance.catalogue`); append new events at the
end (codes are recorded in replays, and a policy's reaction names one). A None is a code no event
has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from balance import codes
from balance.codes import (
    ACTOR_UNAWARE,
    DETAILS_PRIVATE,
    NOTICED_IN_DARK,
    SEEN,
    SHOWS_ACTOR_IN_DARK,
    TARGET_TOLD,
)
from balance.kernel.public import unpack_claim

PUBLIC = SEEN  # those who see learn who, whom and the details (AP-6)
ARRIVAL = SEEN | NOTICED_IN_DARK | SHOWS_ACTOR_IN_DARK  # one coming or going shows even in the dark
AIMED = SEEN | TARGET_TOLD  # and the target is told, without who in the dark (AP-7)
SECRET = 0  # secret acts (INF-1) and station events: only the actor, if anyone, knows


@dataclass(frozen=True)
class Event:
    const: str  # the kernel's constant, codes.E_*
    name: str  # as replays name it
    sight: int  # who in the room perceives it, and what (codes.SEEN ... ACTOR_UNAWARE)
    doc: str  # what actor, target, a and b mean
    fields: Callable[[int, int, int], dict[str, Any]]  # (target, a, b) -> named fields
    sentence: Callable[[dict[str, Any], Callable[[int], str]], str]  # (fields, who) -> text


# --- decoding and telling (target, a, b) ---
# the a of E_INFECT, E_INFECT_SEEN and E_FIRST_AID_INFECTION
INFECTION_RESULTS = {-1: "wasted", 0: "first", 1: "reinfected"}


UNCONSCIOUS_CAUSES = {  # E_UNCONSCIOUS's a (UNC-2)
    codes.UNC_INFECTION: "infection",
    codes.UNC_OVERDOSE: "overdose",
    codes.UNC_SANITY: "sanity",
    codes.UNC_SALIVA: "saliva",
}


SALIVA_SLOT_NAMES = ("hand_0", "hand_1", "backpack_0", "backpack_1", "backpack_2", "parka")


def saliva_slots(mask: int) -> list[str]:
    """The inventory slots named by A_SALIVA's bitmask (codes.SALIVA_*)."""
    return [name for k, name in enumerate(SALIVA_SLOT_NAMES) if (mask >> k) & 1]


def named(names: Sequence[str] | dict[int, str], code: int, what: str) -> str:
    """names[code], refusing codes outside the table (a negative index must not wrap around)."""
    code = int(code)
    if isinstance(names, dict):
        if code in names:
            return names[code]
    elif 0 <= code < len(names):
        return names[code]
    raise ValueError(f"replay: unknown {what} code {code}")


def claim_fields(t: int, a: int, b: int) -> dict[str, Any]:
    """A claim's topic, subject, proof and pair (GAP-64, kernel.public.pack_claim)."""
    subject, proof, pair = unpack_claim(b)
    return {
        "topic": named(codes.CLAIM_TOPIC_NAMES, a, "claim topic"),
        "subject": subject,
        "proof": named(codes.PROOF_NAMES, proof, "claim proof"),
        "pair": pair,
    }


def claim_sentence(e: dict[str, Any], who: Callable[[int], str]) -> str:
    """What a claim says, in words."""
    topic, subject = e["topic"], e["subject"]
    if topic in ("thing", "human"):
        said = f"{who(subject)} is {'a Thing' if topic == 'thing' else 'human'}"
        if e["proof"] == "blood_test":
            pair = e["pair"]
            other = f"dog {pair - codes.DOG_LABEL}" if pair >= codes.DOG_LABEL else who(pair)
            return f"{said} (blood test against {other})"
        return said if e["proof"] == "word" else f"{said} ({e['proof'].replace('_', ' ')})"
    if topic == "going":
        return f"going to {room_name(subject)}"
    if topic == "help_called":
        return "help has been called"
    return f"the generator of block {subject + 1} is {topic.split('_')[1]}"


def infection_fields(t: int, a: int, b: int) -> dict[str, Any]:
    """The fields of an infection event: its target, its result and, if it took, the blackout."""
    return {
        "target": t,
        "result": named(INFECTION_RESULTS, a, "infection result"),
        **({"blackout_turn": b} if a >= 0 else {}),
    }


def item_name(code: int) -> str | None:
    return None if code == codes.NO_ITEM else named(codes.ITEM_NAMES, code, "item")


def room_name(code: int) -> str:
    return named(codes.ROOM_NAMES, code, "room")


def sample_label(code: int) -> int | str:
    """A blood sample's owner or label (ITEM-BLOOD, GAP-53): a character id, or "dog 1"/"dog 2"."""
    code = int(code)
    return f"dog {code - codes.DOG_LABEL + 1}" if code >= codes.DOG_LABEL else code


def ability_fields(t: int, a: int, b: int) -> dict[str, Any]:
    """E_ABILITY: a hidden-form ability of the Thing (codes.E_ABILITY)."""
    fields: dict[str, Any] = {"ability": named(codes.ACTION_NAMES, a, "action")}
    if a == codes.A_REMOTE_BREAK:
        return {**fields, "room": room_name(t), "object": named(codes.OBJECT_NAMES, b, "object")}
    if a == codes.A_WAVES:
        return {**fields, "humans": b}
    if a == codes.A_ORDER:
        return {**fields, "target": t, "forced": named(codes.ACTION_NAMES, b, "action")}
    return {**fields, "target": t}


def ability_sentence(e: dict[str, Any], who: Callable[[int], str]) -> str:
    if e["ability"] == "remote_break":
        return f"secretly broke the {e['object']} of the {e['room']} from afar"
    if e["ability"] == "suppressing_waves":
        return f"secretly sent suppressing waves at {counted(e['humans'], 'human')}"
    if e["ability"] == "order":
        return f"secretly ordered {who(e['target'])} to {e['forced'].replace('_', ' ')}"
    return f"called {who(e['target'])} into the active form"


def canisters(units: int) -> str:
    return f"{units / codes.FUEL_UNITS:.2f}"


def counted(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def with_article(item: str | None) -> str:
    if item is None:
        return "nothing"
    return f"{'an' if item[0] in 'aeiou' else 'a'} {item.replace('_', ' ')}"


def sample_phrase(owner: int | str, who: Callable[[int], str]) -> str:
    """A sample's owner or label in a sentence: a character by his label, a dog by its name."""
    return owner if isinstance(owner, str) else who(owner)


def object_phrase(e: dict[str, Any]) -> str:
    """An object as a sentence names it: a door by its room."""
    return f"door of the {e['room']}" if e["object"] == "door" else e["object"]


EVENTS: tuple[Event | None, ...] = (
    None,  # 0: no event
    # E_MOVE: in light, also from where (INFO-2)
    Event(
        "E_MOVE",
        "move",
        ARRIVAL,
        doc="actor moved from a to b",
        fields=lambda t, a, b: {"from": room_name(a), "to": room_name(b)},
        sentence=lambda e, who: f"moved {e['from']} -> {e['to']}",
    ),
    # E_MISDIRECTED: where he meant to go stays his own
    Event(
        "E_MISDIRECTED",
        "misdirected",
        ARRIVAL | DETAILS_PRIVATE,
        doc="actor headed for a, arrived in b (LIGHT-4)",
        fields=lambda t, a, b: {"heading": room_name(a), "to": room_name(b)},
        sentence=lambda e, who: f"headed for {e['heading']} but lost the way to {e['to']}",
    ),
    Event(
        "E_REFUEL",
        "refuel",
        PUBLIC,
        doc="actor poured a units into generator of block b",
        fields=lambda t, a, b: {"fuel_units": a, "block": b + 1},
        sentence=lambda e, who: (
            f"poured {canisters(e['fuel_units'])} canisters "
            f"into the generator of block {e['block']}"
        ),
    ),
    Event(
        "E_FILL",
        "fill_canister",
        PUBLIC,
        doc="actor filled a canister at the pump",
        fields=lambda t, a, b: {},
        sentence=lambda e, who: "filled a canister at the pump",
    ),
    # E_BOX: the find is in his hand for all to see (LIGHT-1)
    Event(
        "E_BOX",
        "open_box",
        PUBLIC,
        doc="actor opened a box of colour a and got item kind b (-1: nothing)",
        fields=lambda t, a, b: {
            "box": named(codes.BOX_NAMES, a, "box colour"),
            "item": item_name(b),
        },
        sentence=lambda e, who: f"opened a {e['box']} box and found {with_article(e['item'])}",
    ),
    Event(
        "E_PICKUP",
        "pickup",
        PUBLIC,
        doc="actor picked up an item of kind a",
        fields=lambda t, a, b: {"item": item_name(a)},
        sentence=lambda e, who: f"picked up {with_article(e['item'])}",
    ),
    Event(
        "E_DROP",
        "drop",
        PUBLIC,
        doc="actor dropped an item of kind a",
        fields=lambda t, a, b: {"item": item_name(a)},
        sentence=lambda e, who: f"dropped {with_article(e['item'])}",
    ),
    Event(
        "E_PARKA_ON",
        "parka_on",
        PUBLIC,
        doc="actor put on a parka",
        fields=lambda t, a, b: {},
        sentence=lambda e, who: "put on a parka",
    ),
    Event(
        "E_BREAK",
        "break",
        PUBLIC,
        doc="actor broke object a (b = block, -1 for the pump; a door: b = its room)",
        fields=lambda t, a, b: {
            "object": named(codes.OBJECT_NAMES, a, "object"),
            **(
                {"room": room_name(b)}
                if a == codes.OBJ_DOOR
                else {"block": b + 1 if b >= 0 else None}
            ),
        },
        sentence=lambda e, who: f"broke the {object_phrase(e)}",
    ),
    Event(
        "E_REPAIR",
        "repair",
        PUBLIC,
        doc="actor repaired object a (b = 1 success, 0 failure; a door: target = its room)",
        fields=lambda t, a, b: {
            "object": named(codes.OBJECT_NAMES, a, "object"),
            "success": bool(b),
            **({"room": room_name(t)} if a == codes.OBJ_DOOR else {}),
        },
        sentence=lambda e, who: (
            f"repaired the {object_phrase(e)}"
            if e["success"]
            else f"failed to repair the {object_phrase(e)}"
        ),
    ),
    Event(
        "E_INJURED",
        "injured",
        PUBLIC,
        doc="actor was hurt by a failed repair (a = damage)",
        fields=lambda t, a, b: {"damage": a},
        sentence=lambda e, who: "was hurt by a failed repair",
    ),
    Event(
        "E_BEACON",
        "beacon_activated",
        PUBLIC,
        doc="actor activated the beacon of block a",
        fields=lambda t, a, b: {"block": a + 1},
        sentence=lambda e, who: f"activated the beacon of block {e['block']}",
    ),
    Event(
        "E_CALL",
        "call_for_help",
        PUBLIC,
        doc="actor called for help; rescue due at turn a",
        fields=lambda t, a, b: {"rescue_due": a},
        sentence=lambda e, who: f"called for help; the rescue is due on turn {e['rescue_due']}",
    ),
    # E_INFECT: (INF-1, INF-5(b)); INF-5(a) in Light is E_INFECT_SEEN
    Event(
        "E_INFECT",
        "infection",
        SECRET,
        doc="actor infected target (a = 1 re-infected, 0 first time, -1 wasted; b = blackout turn)",
        fields=infection_fields,
        sentence=lambda e, who: {
            "first": "infected {}",
            "reinfected": "re-infected {}",
            "wasted": "wasted an infection on {}",
        }[e["result"]].format(who(e["target"])),
    ),
    Event(
        "E_UNCONSCIOUS",
        "unconscious",
        ARRIVAL | DETAILS_PRIVATE | ACTOR_UNAWARE,
        doc="actor fell unconscious (a = cause: UNC_*)",
        fields=lambda t, a, b: {"cause": named(UNCONSCIOUS_CAUSES, a, "unconsciousness cause")},
        sentence=lambda e, who: f"fell unconscious ({e['cause']})",
    ),
    # E_WAKE: a convert does not feel it (GAP-38)
    Event(
        "E_WAKE",
        "wake",
        SEEN | DETAILS_PRIVATE | ACTOR_UNAWARE,
        doc="actor woke up (a = 1 if converted to a Thing)",
        fields=lambda t, a, b: {"converted": bool(a)},
        sentence=lambda e, who: "woke up as a Thing" if e["converted"] else "woke up",
    ),
    # E_FROSTBITE: marks are secret (FROST-6); the wound shows (HP-2)
    Event(
        "E_FROSTBITE",
        "frostbite",
        SECRET,
        doc="actor lost a HP to frostbite (a = HP left)",
        fields=lambda t, a, b: {"hp": a},
        sentence=lambda e, who: "lost 1 HP to frostbite",
    ),
    # E_DEATH: "dead" is always visible (LIGHT-2)
    Event(
        "E_DEATH",
        "death",
        ARRIVAL,
        doc="actor died (a = cause)",
        fields=lambda t, a, b: {"cause": named(codes.DEATH_CAUSE_NAMES, a, "death cause")},
        sentence=lambda e, who: f"died ({e['cause']})",
    ),
    # E_GENERATOR: a station event
    Event(
        "E_GENERATOR",
        "generator",
        SECRET,
        doc="generator of block a stopped (b = 0) or restarted (b = 1)",
        fields=lambda t, a, b: {"block": a + 1, "running": bool(b)},
        sentence=lambda e, who: (
            f"the generator of block {e['block']} {'restarted' if e['running'] else 'stopped'}"
        ),
    ),
    # E_PARALYSED: as E_DEATH, which others take it for (THING-P-3: apparent_kind)
    Event(
        "E_PARALYSED",
        "paralysed",
        ARRIVAL,
        doc="a Thing fell to 0 HP and is paralysed (a = cause, b = last turn of it)",
        fields=lambda t, a, b: {
            "cause": named(codes.DEATH_CAUSE_NAMES, a, "cause"),
            "paralysed_until": b,
        },
        sentence=lambda e, who: "fell to 0 HP and is paralysed",
    ),
    # E_REVIVE: the dead rise, in any lighting
    Event(
        "E_REVIVE",
        "revive",
        ARRIVAL,
        doc="a paralysed Thing revived (a = HP)",
        fields=lambda t, a, b: {"hp": a},
        sentence=lambda e, who: "revived",
    ),
    Event(
        "E_RESCUE",
        "rescue",
        SECRET,
        doc="the rescue arrived: a humans rescued",
        fields=lambda t, a, b: {"rescued": a},
        sentence=lambda e, who: f"the rescue arrived: {e['rescued']} humans rescued",
    ),
    # E_WEATHER: public through the observation
    Event(
        "E_WEATHER",
        "weather",
        SECRET,
        doc="the weather turned to a",
        fields=lambda t, a, b: {"weather": named(codes.WEATHER_NAMES, a, "weather")},
        sentence=lambda e, who: f"the weather turned to {e['weather']}",
    ),
    # E_SHOT: in the dark, that a shot happened (ACT-SHOOT-3)
    Event(
        "E_SHOT",
        "shot",
        AIMED | NOTICED_IN_DARK,
        doc="actor shot at target (-1: the air); a = 1 hit, 0 miss; b = stray victim or -1",
        fields=lambda t, a, b: {
            "target": t if t >= 0 else None,
            "hit": bool(a),
            "stray_victim": b if b >= 0 else None,
        },
        sentence=lambda e, who: (
            "shot into the air"
            if e["target"] is None
            else f"shot at {who(e['target'])} and {'hit' if e['hit'] else 'missed'}"
            + (
                f", hitting {who(e['stray_victim'])} by accident"
                if e["stray_victim"] is not None
                else ""
            )
        ),
    ),
    Event(
        "E_MELEE",
        "melee",
        AIMED,
        doc="actor attacked target with a melee weapon; a = 1 hit, 0 miss",
        fields=lambda t, a, b: {"target": t, "hit": bool(a)},
        sentence=lambda e, who: (
            f"struck at {who(e['target'])} and {'hit' if e['hit'] else 'missed'}"
        ),
    ),
    Event(
        "E_GIVE",
        "give",
        AIMED,
        doc="actor handed an item of kind a to target",
        fields=lambda t, a, b: {"target": t, "item": item_name(a)},
        sentence=lambda e, who: f"handed {with_article(e['item'])} to {who(e['target'])}",
    ),
    # E_BACKPACK: its contents are hidden (INV-5)
    Event(
        "E_BACKPACK",
        "backpack",
        SEEN | DETAILS_PRIVATE,
        doc="actor moved kind a into a hand and kind b into the backpack (-1: none)",
        fields=lambda t, a, b: {"taken_out": item_name(a), "put_in": item_name(b)},
        sentence=lambda e, who: (
            f"took {with_article(e['taken_out'])} out of the backpack"
            if e["put_in"] is None
            else f"put {with_article(e['put_in'])} into the backpack"
            if e["taken_out"] is None
            else f"swapped {with_article(e['put_in'])} for {with_article(e['taken_out'])} "
            "in the backpack"
        ),
    ),
    Event(
        "E_DESTROY",
        "destroy",
        PUBLIC,
        doc="actor destroyed an item of kind a",
        fields=lambda t, a, b: {"item": item_name(a)},
        sentence=lambda e, who: f"destroyed {with_article(e['item'])}",
    ),
    Event(
        "E_HAND_LOST",
        "hand_lost",
        PUBLIC,
        doc="actor, heavily wounded, lost the use of hand a (INV-2)",
        fields=lambda t, a, b: {"hand": a},
        sentence=lambda e, who: "is heavily wounded and lost the use of a hand",
    ),
    # E_FLASHLIGHT: a light going on or off is noticed
    Event(
        "E_FLASHLIGHT",
        "flashlight",
        SEEN | NOTICED_IN_DARK,
        doc="actor switched a flashlight on (a = 1) or off (a = 0)",
        fields=lambda t, a, b: {"on": bool(a)},
        sentence=lambda e, who: f"switched a flashlight {'on' if e['on'] else 'off'}",
    ),
    Event(
        "E_BANDAGE",
        "bandage",
        AIMED,
        doc="actor bandaged target; a = 1 healed, 0 failed",
        fields=lambda t, a, b: {"target": t, "healed": bool(a)},
        sentence=lambda e, who: (
            f"bandaged {who(e['target'])}" + ("" if e["healed"] else ", to no effect")
        ),
    ),
    Event(
        "E_COVERED",
        "covered",
        AIMED,
        doc="actor took the attack meant for target (ACT-COVER)",
        fields=lambda t, a, b: {"target": t},
        sentence=lambda e, who: f"took the attack meant for {who(e['target'])}",
    ),
    Event(
        "E_HELI_FUEL",
        "heli_fuel",
        PUBLIC,
        doc="actor moved a units of fuel into the tank (b = 0) or out of it (b = 1)",
        fields=lambda t, a, b: {"fuel_units": a, "into_tank": not b},
        sentence=lambda e, who: (
            f"poured {canisters(e['fuel_units'])} canisters "
            + ("into the helicopter's tank" if e["into_tank"] else "out of the helicopter's tank")
        ),
    ),
    Event(
        "E_HELI_PREPARED",
        "heli_prepared",
        PUBLIC,
        doc="actor prepared the helicopter as its pilot (HELI-4)",
        fields=lambda t, a, b: {},
        sentence=lambda e, who: "prepared the helicopter for take-off as its pilot",
    ),
    Event(
        "E_HELI_BOARD",
        "heli_board",
        PUBLIC,
        doc="actor took a seat (a = 1 as the pilot)",
        fields=lambda t, a, b: {"pilot": bool(a)},
        sentence=lambda e, who: "took the pilot's seat" if e["pilot"] else "took a helicopter seat",
    ),
    # E_HELI_REFUSED: the boarders learn of each other (HELI-5)
    Event(
        "E_HELI_REFUSED",
        "heli_refused",
        PUBLIC,
        doc="actor refused the group: nobody leaves this turn (HELI-5)",
        fields=lambda t, a, b: {},
        sentence=lambda e, who: "refused to fly with this group: nobody leaves",
    ),
    Event(
        "E_TAKEOFF",
        "takeoff",
        SEEN | NOTICED_IN_DARK,
        doc="the helicopter left with a aboard, b of them Things (GAP-7)",
        fields=lambda t, a, b: {"aboard": a, "things_aboard": b},
        sentence=lambda e, who: (
            f"the helicopter took off with {counted(e['aboard'], 'character')} aboard"
            + (f", {counted(e['things_aboard'], 'Thing')} among them" if e["things_aboard"] else "")
        ),
    ),
    Event(
        "E_DRINK",
        "drink",
        PUBLIC,
        doc="actor drank a vial of kind a (VIAL-1)",
        fields=lambda t, a, b: {"vial": item_name(a)},
        sentence=lambda e, who: f"drank {with_article(e['vial'])}",
    ),
    # E_MIRROR: (LOC-LIVING-2)
    Event(
        "E_MIRROR",
        "mirror",
        SEEN | DETAILS_PRIVATE,
        doc="actor looked in the mirror and saw sanity a (LOC-LIVING-2)",
        fields=lambda t, a, b: {"sanity": a},
        sentence=lambda e, who: f"looked in the mirror: sanity {e['sanity']}",
    ),
    # E_FORECAST: (GAP-55)
    Event(
        "E_FORECAST",
        "forecast",
        SEEN | DETAILS_PRIVATE,
        doc="actor read the forecast of a cycles (LOC-TOWER-2)",
        fields=lambda t, a, b: {"cycles": a},
        sentence=lambda e, who: f"read the weather forecast for {e['cycles']} turns",
    ),
    Event(
        "E_PARKA_OFF",
        "parka_off",
        PUBLIC,
        doc="actor took off the parka",
        fields=lambda t, a, b: {},
        sentence=lambda e, who: "took off the parka",
    ),
    Event(
        "E_FUEL",
        "fuel_transfer",
        AIMED,
        doc="actor poured a units out (target -1) or into a canister held by target",
        fields=lambda t, a, b: {"fuel_units": a, "into": t if t >= 0 else None},
        sentence=lambda e, who: (
            f"poured out {canisters(e['fuel_units'])} canisters"
            if e["into"] is None
            else f"poured {canisters(e['fuel_units'])} canisters into {who(e['into'])}'s canister"
        ),
    ),
    Event(
        "E_CRAFT",
        "craft",
        PUBLIC,
        doc="actor crafted recipe a (CRAFT-2)",
        fields=lambda t, a, b: {"recipe": named(codes.RECIPE_NAMES, a, "recipe")},
        sentence=lambda e, who: f"crafted {with_article(e['recipe'])}",
    ),
    # E_GRENADE: everyone there notices the explosion
    Event(
        "E_GRENADE",
        "grenade",
        SEEN | NOTICED_IN_DARK,
        doc="actor's grenade exploded in room a, hurting b characters (ITEM-GRENADE-3)",
        fields=lambda t, a, b: {"room": room_name(a), "hurt": b},
        sentence=lambda e, who: f"a grenade exploded in {e['room']}, hurting {e['hurt']}",
    ),
    Event(
        "E_FLAME",
        "flamethrower",
        AIMED,
        doc="actor attacked target with the flamethrower; a = damage dealt (0: none)",
        fields=lambda t, a, b: {"target": t, "damage": a},
        sentence=lambda e, who: (
            f"burned {who(e['target'])} for {e['damage']} damage"
            if e["damage"]
            else f"turned the flamethrower on {who(e['target'])} to no effect"
        ),
    ),
    # E_CODE: nobody sees the digits (ACT-CODE)
    Event(
        "E_CODE",
        "code",
        SEEN | NOTICED_IN_DARK | DETAILS_PRIVATE,
        doc=(
            "actor tried a code at the door of room target: a = bulls, b = cows (a = 4: open; "
            "both -1: the keypad answered nothing, FEEDBACK_REFUSED)"
        ),
        fields=lambda t, a, b: {
            "room": room_name(t),
            **({"bulls": a, "cows": b, "opened": a == 4} if a >= 0 else {"answered": False}),
        },
        sentence=lambda e, who: (
            f"entered a code at the door of the {e['room']}: "
            + (
                "no answer"
                if not e.get("answered", True)
                else "it opened"
                if e["opened"]
                else f"{e['bulls']} right, {e['cows']} misplaced"
            )
        ),
    ),
    Event(
        "E_IDCARD",
        "id_card",
        SEEN | NOTICED_IN_DARK,
        doc="actor used the card of owner a at the door of room target: b = 1 opened, 0 refused",
        fields=lambda t, a, b: {"room": room_name(t), "card_of": a, "opened": bool(b)},
        sentence=lambda e, who: (
            f"used the ID card of {who(e['card_of'])} at the door of the {e['room']}: "
            + ("it opened" if e["opened"] else "refused")
        ),
    ),
    Event(
        "E_DOOR",
        "door",
        SEEN | NOTICED_IN_DARK,
        doc=(
            "at the door of room a (-1: every door): b = what happened, DE_* (actor or -1; a "
            "stopped move: target = the room it headed for, a misdirected one's differs)"
        ),
        fields=lambda t, a, b: {
            "room": room_name(a) if a >= 0 else None,
            "what": named(codes.DOOR_EVENT_NAMES, b, "door event"),
            **({"heading": room_name(t)} if t >= 0 else {}),
        },
        sentence=lambda e, who: (
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
    ),
    Event(
        "E_TERMINAL",
        "terminal",
        SEEN | DETAILS_PRIVATE,
        doc="actor used terminal function a with parameter b (LOC-TOWER-3/4)",
        fields=lambda t, a, b: {
            "function": named(codes.TERMINAL_NAMES, a, "terminal function"),
            "parameter": b,
        },
        sentence=lambda e, who: f"used the terminal: {e['function'].replace('_', ' ')}",
    ),
    Event(
        "E_THROW",
        "throw_grenade",
        PUBLIC,
        doc="actor threw a grenade into room a (ITEM-GRENADE-2)",
        fields=lambda t, a, b: {"into": room_name(a)},
        sentence=lambda e, who: f"threw a grenade into {e['into']}",
    ),
    # E_LEAVE: in light, also where to (INFO-2)
    Event(
        "E_LEAVE",
        "leave",
        ARRIVAL,
        doc="actor left room a heading for room b (ACT-MOVE exit, step 10)",
        fields=lambda t, a, b: {"from": room_name(a), "heading": room_name(b)},
        sentence=lambda e, who: f"left {e['from']} for {e['heading']}",
    ),
    # E_TAKE_FOOD: nobody sees the stock (LOC-FREEZER-2)
    Event(
        "E_TAKE_FOOD",
        "take_food",
        SEEN | DETAILS_PRIVATE | ACTOR_UNAWARE,
        doc="actor took a food box; a = boxes left on the shelves (the replay's alone)",
        fields=lambda t, a, b: {"boxes_left": a},
        sentence=lambda e, who: f"took a food box ({e['boxes_left']} left on the shelves)",
    ),
    # E_STOVE: the vials go in secretly, as an E_DOSE (LOC-LIVING-4)
    Event(
        "E_STOVE",
        "stove",
        PUBLIC,
        doc="actor prepared (a = 0) or cooked (a = 1) food; b = portions it made",
        fields=lambda t, a, b: {"cooked": bool(a), "portions": b},
        sentence=lambda e, who: (
            f"cooked the food into {counted(e['portions'], 'portion')}"
            if e["cooked"]
            else "prepared a food box to cook"
        ),
    ),
    Event(
        "E_EAT",
        "eat",
        PUBLIC,
        doc="actor ate a portion (a = 0 from his hand, 1 lying here)",
        fields=lambda t, a, b: {"from_floor": bool(a)},
        sentence=lambda e, who: (
            "ate a portion of food" + (" lying there" if e["from_floor"] else "")
        ),
    ),
    # E_DOSE: (ACT-DOSE-FOOD, LOC-LIVING-4)
    Event(
        "E_DOSE",
        "dose_food",
        SECRET,
        doc="actor put a vial of kind a into b portions (secret: ACT-DOSE-FOOD, LOC-LIVING-4)",
        fields=lambda t, a, b: {"vial": item_name(a), "portions": b},
        sentence=lambda e, who: (
            f"secretly put {with_article(e['vial'])} into {counted(e['portions'], 'portion')}"
        ),
    ),
    # E_COUNT_FOOD: the count is the counter's (INFO-4)
    Event(
        "E_COUNT_FOOD",
        "count_food",
        SEEN | DETAILS_PRIVATE,
        doc="actor counted a food boxes left",
        fields=lambda t, a, b: {"boxes_left": a},
        sentence=lambda e, who: f"counted the food: {e['boxes_left']} boxes left",
    ),
    Event(
        "E_SEARCH",
        "search_corpse",
        PUBLIC,
        doc="actor searched the corpse of target and took an item of kind a",
        fields=lambda t, a, b: {"corpse": t, "item": item_name(a)},
        sentence=lambda e, who: (
            f"searched {who(e['corpse'])}'s body and took {with_article(e['item'])}"
        ),
    ),
    # E_FOOD_EFFECT: the eater does not feel what was in it (ACT-DOSE-FOOD)
    Event(
        "E_FOOD_EFFECT",
        "food_effect",
        SECRET,
        doc=(
            "a substance in the portion target ate took effect: a = vial kind, b = 1 a full dose "
            "(ACT-DOSE-FOOD), 0 a cooked one (LOC-LIVING-4); no actor"
        ),
        fields=lambda t, a, b: {"eater": t, "vial": item_name(a), "full_dose": bool(b)},
        sentence=lambda e, who: (
            f"the {e['vial'].replace('_', ' ')} in the portion {who(e['eater'])} ate took effect"
            + (" (a full dose)" if e["full_dose"] else " (cooked in)")
        ),
    ),
    None,  # 59: a retired code
    Event(
        "E_RADIO_TOGGLE",
        "radio_toggle",
        SEEN | NOTICED_IN_DARK,
        doc="actor switched a radio of colour a on (b = 1) or off (b = 0)",
        fields=lambda t, a, b: {"colour": a, "on": bool(b)},
        sentence=lambda e, who: f"switched a radio {'on' if e['on'] else 'off'}",
    ),
    # E_RADIO: its "seers" are the listeners on that colour (ACT-RADIO-SPEAK)
    Event(
        "E_RADIO",
        "radio",
        PUBLIC,
        doc="actor said claim a (codes.CLAIM_*), b = public.pack_claim(...), on the radio",
        fields=claim_fields,
        sentence=lambda e, who: f"said on the radio: {claim_sentence(e, who)}",
    ),
    Event(
        "E_HINDER",
        "hinder",
        AIMED,
        doc="actor hindered target (a = 0) or actions aimed at target (a = 1)",
        fields=lambda t, a, b: {"target": t, "aimed_at": bool(a)},
        sentence=lambda e, who: (
            f"hindered what is done to {who(e['target'])}"
            if e["aimed_at"]
            else f"hindered {who(e['target'])}"
        ),
    ),
    Event(
        "E_HINDERED",
        "hindered",
        PUBLIC,
        doc="actor's action a failed for the hindering",
        fields=lambda t, a, b: {"action": named(codes.ACTION_NAMES, a, "action")},
        sentence=lambda e, who: f"was hindered: {e['action']} failed",
    ),
    # E_FOLLOW: others perceive an ordinary move (ACT-FOLLOW)
    Event(
        "E_FOLLOW",
        "follow",
        SECRET,
        doc="actor followed target into room a (b = 1) or failed (b = 0)",
        fields=lambda t, a, b: {"target": t, "room": room_name(a), "followed": bool(b)},
        sentence=lambda e, who: (
            f"followed {who(e['target'])} into {e['room']}"
            if e["followed"]
            else f"could not follow {who(e['target'])}"
        ),
    ),
    # E_REACTION: others see only the action he ends up doing
    Event(
        "E_REACTION",
        "reaction",
        SECRET,
        doc="actor's reaction fired: action a became action b (STAT-INIT-1, GAP-33)",
        fields=lambda t, a, b: {
            "instead_of": named(codes.ACTION_NAMES, a, "action"),
            "now": named(codes.ACTION_NAMES, b, "action"),
        },
        sentence=lambda e, who: f"reacted: {e['now']} instead of {e['instead_of']}",
    ),
    # E_TRANSFORM: the Thing's own actions (kernel.thing) THING-ACTIVE-2: the monster is seen by all
    # present, even in the dark (perception.log_act)
    Event(
        "E_TRANSFORM",
        "transform",
        ARRIVAL,
        doc="actor entered the active form (a = 1 called by the Things: THING-P-5)",
        fields=lambda t, a, b: {"called": bool(a)},
        sentence=lambda e, who: (
            "was called by the Things into the active form"
            if e["called"]
            else "turned into the active form of the Thing"
        ),
    ),
    Event(
        "E_THROW_BACK",
        "throw_back",
        AIMED,
        doc="actor threw target back: target skips the turn (THING-ACTIVE-6, GAP-40)",
        fields=lambda t, a, b: {"target": t},
        sentence=lambda e, who: f"threw {who(e['target'])} back: he skips the turn",
    ),
    Event(
        "E_CLAWS",
        "claws",
        AIMED,
        doc="actor struck target with its claws; a = 1 hit, 0 miss",
        fields=lambda t, a, b: {"target": t, "hit": bool(a)},
        sentence=lambda e, who: (
            f"struck at {who(e['target'])} with its claws and {'hit' if e['hit'] else 'missed'}"
        ),
    ),
    Event(
        "E_SPRAY",
        "toxic_spray",
        AIMED,
        doc="actor's toxic spray reached target; a = 1 hurt, 0 missed (one per character)",
        fields=lambda t, a, b: {"target": t, "hit": bool(a)},
        sentence=lambda e, who: (
            f"sprayed {who(e['target'])} with toxin{'' if e['hit'] else ', missing'}"
        ),
    ),
    Event(
        "E_SCREAM",
        "scream",
        PUBLIC,
        doc="actor's stunning scream: a humans here skip the turn (ARCH-QUEEN-2, GAP-40)",
        fields=lambda t, a, b: {"stunned": a},
        sentence=lambda e, who: f"screamed: {counted(e['stunned'], 'human')} skip the turn",
    ),
    # E_ABILITY: hidden-form abilities are secret (GAP-41, GAP-42)
    Event(
        "E_ABILITY",
        "thing_ability",
        SECRET,
        doc=(
            "actor secretly used hidden-form ability a (an action code) on target: A_ORDER (b = "
            "the forced action), A_WAVES (b = humans reached), A_REMOTE_BREAK (target = the room,"
            " b = the object), A_CALL_SPAWN (target = the convert)"
        ),
        fields=ability_fields,
        sentence=ability_sentence,
    ),
    Event(
        "E_ORGANS",
        "organs_exploded",
        SEEN | NOTICED_IN_DARK,
        doc="the active Mutant's organs exploded: a characters hurt (ARCH-MUTANT-2)",
        fields=lambda t, a, b: {"hurt": a},
        sentence=lambda e, who: f"exploded, hurting {counted(e['hurt'], 'character')}",
    ),
    None,  # 73: a retired code
    # E_SALIVA: contagion, corpses, dogs (kernel.contagion) (SALIVA-1)
    Event(
        "E_SALIVA",
        "saliva",
        SECRET,
        doc="actor poisoned the items of his slots in bitmask a, with delay b (SALIVA-1)",
        fields=lambda t, a, b: {"slots": saliva_slots(a), "delay": b},
        sentence=lambda e, who: (
            f"secretly poisoned the items in {', '.join(e['slots'])} (delay {e['delay']})"
        ),
    ),
    # E_SALIVA_CONTACT: the victim feels nothing (SALIVA-2)
    Event(
        "E_SALIVA_CONTACT",
        "saliva_contact",
        SECRET,
        doc=(
            "target ended the turn holding a poisoned item of kind a: out on turn b (SALIVA-2); "
            "no actor"
        ),
        fields=lambda t, a, b: {"target": t, "item": item_name(a), "blackout_turn": b},
        sentence=lambda e, who: (
            f"{who(e['target'])} ended the turn holding a poisoned {e['item'].replace('_', ' ')}: "
            f"out on turn {e['blackout_turn']}"
        ),
    ),
    # E_FIRST_AID_INFECTION: the bandage is seen (E_BANDAGE), the infection not (INF-1)
    Event(
        "E_FIRST_AID_INFECTION",
        "first_aid_infection",
        SECRET,
        doc=(
            "actor infected target through first aid (INF-8, GAP-35); a and b as E_INFECT's; no "
            "actor when a convert did it unaware (GAP-38)"
        ),
        fields=infection_fields,
        sentence=lambda e, who: (
            {
                "first": "infected {} through first aid",
                "reinfected": "re-infected {} through first aid",
                "wasted": "wasted first aid's infection on {}",
            }[e["result"]].format(who(e["target"]))
            + ("" if e["actor"] is not None else ", as an unaware convert's body does")
        ),
    ),
    # E_BURN: the fire shows who lit it
    Event(
        "E_BURN",
        "burn",
        ARRIVAL,
        doc=(
            "actor burned the body of target (-1: dog a), with fuel from a container of kind b "
            "(ACT-BURN-CORPSE, LOC-KENNEL-2)"
        ),
        fields=lambda t, a, b: {
            "body": t if t >= 0 else None,
            "dog": a if t < 0 else None,
            "fuel_from": item_name(b),
        },
        sentence=lambda e, who: (
            (
                f"burned dog {e['dog']}"
                if e["body"] is None
                else f"burned the body of {who(e['body'])}"
            )
            + f" with fuel from {with_article(e['fuel_from'])}"
        ),
    ),
    # E_KILL_DOG: a dying dog is heard in the dark
    Event(
        "E_KILL_DOG",
        "kill_dog",
        SEEN | NOTICED_IN_DARK,
        doc="actor killed dog a with a weapon of kind b (LOC-KENNEL-2, GAP-53)",
        fields=lambda t, a, b: {"dog": a, "weapon": item_name(b)},
        sentence=lambda e, who: f"killed dog {e['dog']} with {with_article(e['weapon'])}",
    ),
    # E_EAT_STOCK: seen eating; the stock stays hidden
    Event(
        "E_EAT_STOCK",
        "eat_stock",
        SEEN | DETAILS_PRIVATE | ACTOR_UNAWARE,
        doc="actor, a Thing, ate a food box off the shelves; a = boxes left (LOC-FREEZER-4)",
        fields=lambda t, a, b: {"boxes_left": a},
        sentence=lambda e, who: "ate a food box off the Freezer's shelves",
    ),
    # E_BLOOD: blood and the laboratory (kernel.lab) in light, whose blood he takes (AP-6); nothing
    # in the dark
    Event(
        "E_BLOOD",
        "blood_sample",
        PUBLIC,
        doc=(
            "actor took a blood sample of a (his own: a = actor; a dog: DOG_LABEL + d) into his "
            "hand (b = 0) or backpack (b = 1)  ACT-BLOOD-SELF, GAP-53"
        ),
        fields=lambda t, a, b: {"donor": sample_label(a), "into_backpack": bool(b)},
        sentence=lambda e, who: (
            f"took a blood sample from {sample_phrase(e['donor'], who)} into the "
            + ("backpack" if e["into_backpack"] else "hand")
        ),
    ),
    # E_LAB_INSERT: the analyzer shows the label anyway, in any lighting (LOC-LAB-1)
    Event(
        "E_LAB_INSERT",
        "lab_insert",
        PUBLIC,
        doc="actor put a sample into analyzer slot a, labelled b (LOC-LAB-2)",
        fields=lambda t, a, b: {"slot": a + 1, "label": sample_label(b)},
        sentence=lambda e, who: (
            f"put a blood sample into slot {e['slot']} of the analyzer, labelled "
            + sample_phrase(e["label"], who)
        ),
    ),
    # E_LAB_START: the question is secret (LOC-LAB-3)
    Event(
        "E_LAB_START",
        "lab_start",
        SEEN | DETAILS_PRIVATE,
        doc="actor started a comparison asking question a; it finishes at the end of turn b",
        fields=lambda t, a, b: {
            "question": named(codes.QUESTION_NAMES, a, "question"),
            "finishes": b,
        },
        sentence=lambda e, who: (
            f"started a blood comparison, secretly asking whether the samples are "
            f"{e['question'].replace('_', ' ')}; it finishes at the end of turn {e['finishes']}"
        ),
    ),
    # E_LAB_RESULT: read on the computer only (LOC-LAB-4)
    Event(
        "E_LAB_RESULT",
        "lab_result",
        SECRET,
        doc=(
            "the comparison started by target finished: question a, answer b (1 yes, 0 no); only "
            "the computer shows it (LOC-LAB-4)"
        ),
        fields=lambda t, a, b: {
            "starter": t,
            "question": named(codes.QUESTION_NAMES, a, "question"),
            "answer": bool(b),
        },
        sentence=lambda e, who: (
            f"the blood comparison started by {who(e['starter'])} finished: "
            f'"{e["question"].replace("_", " ")}?" {"YES" if e["answer"] else "NO"}'
        ),
    ),
    # E_LAB_ABORT: the analyzer's display shows it idle (LOC-LAB-1)
    Event(
        "E_LAB_ABORT",
        "lab_abort",
        SECRET,
        doc=(
            "the comparison started by target stopped: the analyzer broke (a = 0) or lost power "
            "(a = 1) (GAP-52)"
        ),
        fields=lambda t, a, b: {"starter": t, "cause": ("broken", "unpowered")[a]},
        sentence=lambda e, who: (
            f"the blood comparison started by {who(e['starter'])} stopped: the analyzer "
            + ("broke" if e["cause"] == "broken" else "lost power")
        ),
    ),
    # E_LAB_VIEW: what the screen shows is the reader's (LOC-LAB-4)
    Event(
        "E_LAB_VIEW",
        "lab_view",
        SEEN | DETAILS_PRIVATE,
        doc="actor read the laboratory computer: a rows of completed checks (LOC-LAB-4)",
        fields=lambda t, a, b: {"rows": a},
        sentence=lambda e, who: (
            f"read the laboratory computer: {counted(e['rows'], 'completed check')}"
        ),
    ),
    # E_INFECT_SEEN: not secret (INF-5(a), AP-6), yet nobody can tell
    Event(
        "E_INFECT_SEEN",
        "infection_seen",
        SEEN | DETAILS_PRIVATE,
        doc="actor infected the unconscious target in Light (INF-5(a)); a, b as E_INFECT's",
        fields=infection_fields,
        sentence=lambda e, who: {
            "first": "infected {}, unconscious, in view",
            "reinfected": "re-infected {}, unconscious, in view",
            "wasted": "wasted an infection on {}, unconscious, in view",
        }[e["result"]].format(who(e["target"])),
    ),
    # E_DEFUEL: whether it took; its unconscious target perceives nothing (UNC-1) , as E_REFUEL
    Event(
        "E_DEFUEL",
        "defuel",
        PUBLIC,
        doc="actor drew a units out of the generator of block b into a canister (GEN-4)",
        fields=lambda t, a, b: {"fuel_units": a, "block": b + 1},
        sentence=lambda e, who: (
            f"drew {canisters(e['fuel_units'])} canisters "
            f"out of the generator of block {e['block']}"
        ),
    ),
    Event(
        "E_SHIELD",
        "hinder_object",
        PUBLIC,
        doc="actor hindered the actions aimed at object a of the room, by b points",
        fields=lambda t, a, b: {"object": named(codes.OBJECT_NAMES, a, "object"), "points": b},
        sentence=lambda e, who: (
            f"hindered what is done to the {e['object'].replace('_', ' ')} "
            f"({e['points']} points off)"
        ),
    ),
    # E_SAY: heard, not seen: its "seers" are all present, in the dark too (GAP-64, LIGHT-4)
    Event(
        "E_SAY",
        "say",
        PUBLIC,
        doc="actor said claim a (codes.CLAIM_*), b = public.pack_claim(...), aloud in his room",
        fields=claim_fields,
        sentence=lambda e, who: f"said aloud: {claim_sentence(e, who)}",
    ),
    # E_ORDERED: only with archetypes.order_seen (GAP-42's variant); the Queen stays unknown
    Event(
        "E_ORDERED",
        "ordered",
        AIMED,
        doc="target was forced by a Queen's Order to do action a this turn (ARCH-QUEEN-1, GAP-42)",
        fields=lambda t, a, b: {"target": t, "action": named(codes.ACTION_NAMES, a, "action")},
        sentence=lambda e, who: f"{who(e['target'])} was ordered to {e['action']}",
    ),
)

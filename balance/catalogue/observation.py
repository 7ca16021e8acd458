"""Every field of the observation vector, declared once: its name, its size, what it holds.

A character's observation (balance.observation; filled by balance.kernel.observe) is the fields
below laid end to end, in this order; a str is a heading. The offsets, codes of the kernel's
observation (balance.observation.O_*, OT_*, N_OBS), are generated from these lists (`python -m
balance.catalogue`). The order matters: balance.kernel.observe fills the fields up to O_DOOR
with 0, and from O_DOOR on with UNSEEN, before writing what is perceived.
"""

from __future__ import annotations

from dataclasses import dataclass

from balance.codes import MAX_DECLARED, N_ITEM_KINDS, N_ROOMS
from balance.observation import (
    ENTRY_LOG_SLOTS,
    FORECAST_SLOTS,
    LAB_LOG_FIELDS,
    LAB_LOG_ROWS,
    MAX_CHARACTERS,
    PERCEIVED_FIELDS,
    PERCEIVED_SLOTS,
)


@dataclass(frozen=True)
class Field:
    const: str  # the kernel's constant: the offset of the field's first cell
    size: int = 1  # cells
    doc: str = ""


# the Thing's own state, at O_THING + OT_* (kernel.thing.observe_thing)
THING: tuple[Field, ...] = (
    Field(
        "OT_FORM", doc="own form as the character believes it: an unaware convert reads codes.HUMAN"
    ),
    Field("OT_ARCHETYPE", doc="codes.ARCH_* (ARCH-1)"),
    Field("OT_HIDDEN_READY", doc="1 if the hidden-form archetype ability may be used now"),
    Field("OT_HIDDEN_READY_TURN", doc="the first turn it may be used again"),
    Field("OT_SCREAM_READY", doc="the Queen: 1 if the scream may be used now (ARCH-QUEEN-2)"),
    Field("OT_SCREAM_READY_TURN", doc="the first turn the Queen may scream again"),
    Field("OT_TRANSFORM_READY", doc="1 if the transformation is allowed now (THING-HIDDEN-1)"),
    Field("OT_CONVERTS", doc="original Things: bitmask of the converts (THING-P-5), else UNSEEN"),
    Field(
        "OT_ROOMS_BEFORE",
        size=3,
        doc="rooms one occupied during turns t-1, t-2, t-3 (ARCH-MUTANT-1)",
    ),
)

FIELDS: tuple[Field | str, ...] = (
    "the character itself",
    Field("O_TURN", doc=""),
    Field("O_SELF", doc="own character index"),
    Field("O_ROOM", doc=""),
    Field("O_HP", doc=""),
    Field("O_MAX_HP", doc=""),
    Field("O_FROST", doc="own frostbite marks (FROST-6: only the character sees them)"),
    Field("O_WEARS_PARKA", doc=""),
    Field("O_PHYSICAL", doc=""),
    Field("O_INITIATIVE", doc=""),
    Field("O_ERUDITION", doc=""),
    Field("O_AP", doc="action points this turn (AP-1)"),
    Field("O_MOVE_AP", doc="own move cost (ACT-MOVE, STAT-INIT-2)"),
    Field(
        "O_IS_ORIGINAL_THING",
        doc=("an original Thing knows it is one (SETUP-4); a convert does not (GAP-38)"),
    ),
    Field("O_INFECT_READY", doc="1 when an original Thing's infection is off cooldown (INF-6)"),
    Field("O_HAND_KIND", size=2, doc="item kind in each hand, NO_ITEM if empty"),
    Field("O_HAND_FUEL", size=2, doc="fuel units of a canister in that hand"),
    Field("O_BACKPACK_KIND", size=3, doc=""),
    Field("O_BACKPACK_FUEL", size=3, doc=""),
    "the location, as perceived",
    Field("O_LIGHTING", doc="LIGHT / DARK / FLASHLIGHT / BLIZZARD"),
    Field("O_TEMPERATURE", doc="felt directly: the location's temperature"),
    Field("O_WEATHER", doc="the current weather is public (one looks out of a window)"),
    Field(
        "O_SEES",
        doc=("1 if the character sees details here (Light, Flashlight, or Night vision)"),
    ),
    Field("O_GEN_FUEL", doc="in a generator room and seeing: fuel units, else UNSEEN"),
    Field("O_GEN_BROKEN", doc="in a generator room and seeing: 0/1, else UNSEEN"),
    Field("O_BEACON_BROKEN", doc="in a generator room and seeing: 0/1, else UNSEEN"),
    Field("O_BEACON_ACTIVE", doc="in a generator room and seeing: 0/1, else UNSEEN"),
    Field("O_PUMP_BROKEN", doc="in the Fuel room and seeing: 0/1, else UNSEEN"),
    Field("O_YELLOW_LEFT", doc="in the Warehouse and seeing: unopened yellow boxes, else UNSEEN"),
    Field(
        "O_ROOM_ITEMS",
        size=N_ITEM_KINDS,
        doc=("visible items lying here, by kind (0 when unseen)"),
    ),
    Field("O_EMPTY_CANISTERS_HERE", doc="visible empty canisters lying here"),
    Field("O_CALL_TURN", doc="public: turn of the call for help, or UNSEEN"),
    Field("O_LIVING_HERE", doc="living characters perceived here, self included"),
    "others in the location",
    Field("O_PRESENT", size=MAX_CHARACTERS, doc="per character: one of the P_* codes"),
    Field(
        "O_KNOWN_THING",
        size=MAX_CHARACTERS,
        doc=("per character: 1 if known to be a Thing (THING-P-4)"),
    ),
    "the helicopter: in the hangar, seeing, and while it is still there (HELI-1), else UNSEEN",
    Field("O_HELI_BROKEN", size=3, doc="engine, main rotor, control panel"),
    Field("O_HELI_FUEL", doc="fuel units in the tank"),
    Field("O_HELI_BOARDING", doc="1 if it was prepared last turn: take-off is possible now"),
    Field("O_HELI_PILOT", doc="who prepared it last turn (seen in light), -1 if nobody"),
    Field("O_RECIPES", doc="bitmask of the crafting recipes one knows (CRAFT-1)"),
    Field("O_WORKSHOP", doc="in the Arsenal: 1 if crafting works now (light and power)"),
    "what the character learned in the Living quarters and the Tower",
    Field("O_MIRROR_SANITY", doc="own sanity last seen in the mirror, or UNSEEN"),
    Field(
        "O_FORECAST",
        size=FORECAST_SLOTS,
        doc=(
            "weather of turns t+1.. as far as the last weather-station reading covers them, else "
            "UNSEEN"
        ),
    ),
    "one's own devices",
    Field("O_HAND_ON", size=2, doc="flashlight/radio on"),
    Field("O_HAND_COLOUR", size=2, doc="a radio's colour in that hand, else -1 (ITEM-RADIO)"),
    Field("O_FIXTURE_BROKEN", doc="seeing: 0/1, the room's light fixture (GAP-20), else UNSEEN"),
    "food (A12 Freezer and Living quarters, INFO-4)",
    Field(
        "O_FOOD_COUNTED",
        doc=(
            "boxes one saw on the Freezer's shelves at one's last count (LOC-FREEZER-3), or UNSEEN"
        ),
    ),
    Field("O_FOOD_COUNT_TURN", doc="the turn of that count, or UNSEEN"),
    Field(
        "O_STOVE",
        doc=(
            "in the Living quarters and seeing: 1 if prepared food waits on the stove (LOC-"
            "LIVING-3), 0 if not, else UNSEEN"
        ),
    ),
    "the Thing's own state and abilities (kernel.thing.observe_thing): THING below",
    Field("O_THING", size=sum(f.size for f in THING), doc="THING's fields, at O_THING + OT_*"),
    "contagion: saliva, corpses, dogs (kernel.contagion)",
    Field(
        "O_POISONED",
        doc=(
            "an original Thing: bitmask of its own slots holding poisoned items, by "
            "codes.SALIVA_* (SALIVA-1); UNSEEN for the others"
        ),
    ),
    Field("O_DOGS_ALIVE", doc="in the Kennel and seeing: bitmask of the dogs alive, else UNSEEN"),
    Field("O_DOGS_DEAD", doc="... of the dogs dead and not burned yet (LOC-KENNEL-2), else UNSEEN"),
    Field("O_DOGS_BURNED", doc="... of the dogs burned (LOC-KENNEL-2, GAP-53), else UNSEEN"),
    Field(
        "O_BODIES_BURNABLE",
        doc=(
            "bitmask of the bodies here that can still be burned: the dead and the paralysed, not"
            " burned yet (ACT-BURN-CORPSE), and, as nothing tells them from these, the "
            "unconscious one takes for dead in the dark (LIGHT-2: a burn of one is refused); 0 in"
            " a blizzard (LIGHT-4)"
        ),
    ),
    "the Tower's and the Living quarters' devices (GAP-20)",
    Field(
        "O_DEVICES_BROKEN",
        doc=(
            "seeing: bitmask of the devices of one's room seen broken, bit k for object code k "
            "(the weather station, terminal, stove and mirror: codes.OBJ_*; the other objects "
            "have fields of their own), 0 where none stands; else UNSEEN"
        ),
    ),
    "who is here and whose ID cards I carry, as bitmasks: what a policy's loops iterate",
    Field(
        "O_HERE",
        doc=(
            "bitmask of the characters perceived here (their O_PRESENT is not P_ABSENT), oneself "
            "included"
        ),
    ),
    Field(
        "O_CARDS_HELD",
        doc=("bitmask of the owners of the ID cards I carry (their O_CARD is not UNSEEN)"),
    ),
    Field(
        "O_LAMPS_SHOWN",
        doc=("bitmask of the rooms whose door lamp I see (their O_DOOR is not UNSEEN)"),
    ),
    Field("O_LAMPS_LOCKED", doc="... of those showing codes.DOOR_LOCKED"),
    Field("O_SHOTS_HEARD", doc="shots heard last turn (INFO-1, WEATHER-2, GAP-58)"),
    Field("O_N_PERCEIVED", doc="acts perceived since the last declaration (at most the slots)"),
    "doors, ID cards and the Tower's security terminal (A13, LOC-TOWER-1/3/4)",
    Field(
        "O_DOOR",
        size=N_ROOMS,
        doc=(
            "the state (codes.DOOR_*) of the door of my room and of each room next to it, seen at"
            " its lamp in any lighting (DOOR-1); in the Tower, while its terminal works, of every"
            " room (LOC-TOWER-1); else UNSEEN. Nobody has opened a door yet when this is filled: "
            "codes and cards come after the declarations (GAP-25)."
        ),
    ),
    Field(
        "O_CARD",
        size=MAX_CHARACTERS,
        doc=(
            "by card owner: for each ID card I carry, the rooms it opens (bitmask), with "
            "codes.CARD_TOP_BIT for top access; UNSEEN for the others"
        ),
    ),
    Field(
        "O_CODE_ROOM",
        size=MAX_DECLARED,
        doc=("my code entries of last turn, in order: the room (UNSEEN: no entry), ..."),
    ),
    Field(
        "O_CODE_GUESS", size=MAX_DECLARED, doc="... the code entered (kernel.public packing) ..."
    ),
    Field(
        "O_CODE_FEEDBACK",
        size=MAX_DECLARED,
        doc=(
            "... and what the keypad answered: kernel.public feedback for my Erudition "
            "(CODE-1..3), or codes.FEEDBACK_REFUSED"
        ),
    ),
    Field(
        "O_DOORS_OPENED",
        doc=(
            "last turn, where I stood: rooms whose door I saw open to a code or a card (bitmask; "
            "ACT-CODE, ID-1: in any lighting)"
        ),
    ),
    Field("O_DOORS_REFUSED", doc="... rooms whose door stayed shut to one"),
    Field("O_DOOR_USERS", doc="... characters I saw use them (bitmask; needs sight)"),
    Field(
        "O_ROOM_TEMPERATURES",
        size=N_ROOMS,
        doc=(
            "in the Tower while its terminal works, every room's temperature (LOC-TOWER-1, "
            "INFO-3); else UNSEEN"
        ),
    ),
    Field(
        "O_ACCESS_REPORT",
        size=N_ROOMS,
        doc=(
            "in the Tower, the turn after an access report and while the terminal works: for each"
            " locked room, the owners of the cards that open it (bitmask; LOC-TOWER-3); UNSEEN "
            "for the other rooms or without a report"
        ),
    ),
    Field(
        "O_ENTRY_LOG",
        size=ENTRY_LOG_SLOTS * N_ROOMS,
        doc=(
            "the same, after an entry-log request (LOC-TOWER-4): slot k * N_ROOMS + r holds the "
            "owners whose cards opened room r on turn t - 1 - k (k < terminal.entry_log_turns; "
            "ID-3, GAP-63); else UNSEEN"
        ),
    ),
    "what the character perceives of the others (A18)",
    Field("O_WOUND", size=MAX_CHARACTERS, doc="per character seen here: a W_* wound state (HP-2)"),
    Field(
        "O_HELD",
        size=2 * MAX_CHARACTERS,
        doc=("2 per character seen here: item kinds in hand (LIGHT-1)"),
    ),
    Field("O_WEARS", size=MAX_CHARACTERS, doc="per character seen here: 1 if wearing a parka"),
    Field(
        "O_PERCEIVED",
        size=PERCEIVED_SLOTS * PERCEIVED_FIELDS,
        doc=(
            "PERCEIVED_SLOTS rows of PERCEIVED_FIELDS, in the order they happened: (actor, event "
            "kind, target, a, b), UNSEEN where the character could not perceive it "
            "(balance.kernel.perception)"
        ),
    ),
    "blood samples and the laboratory (kernel.lab)",
    Field(
        "O_LAB_SLOTS",
        size=2,
        doc=(
            "in the Laboratory while the analyzer works, the label on the sample in slot 1 and 2 "
            "(a character, or codes.DOG_LABEL + dog), LAB_EMPTY if none, in any lighting (LOC-"
            "LAB-1); else UNSEEN. Nobody sees a sample's true owner."
        ),
    ),
    Field(
        "O_LAB_STAGE",
        doc=(
            "... and the stage: 0 idle, else the turn at whose end the running comparison "
            "finishes (its progress, read against the current turn)"
        ),
    ),
    Field("O_LAB_ANALYZER_BROKEN", doc="in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN"),
    Field("O_LAB_COMPUTER_BROKEN", doc="in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN"),
    Field("O_LAB_VIEW_TURN", doc="the turn one last read the computer (LOC-LAB-4), or UNSEEN"),
    Field(
        "O_LAB_MY_QUESTION",
        doc=(
            "the question of the last comparison one started (codes.Q_*), known to its starter "
            "alone (LOC-LAB-3), or UNSEEN"
        ),
    ),
    Field(
        "O_LAB_MY_FINISH",
        doc=("the turn that comparison finishes (its computer row's), or UNSEEN"),
    ),
    Field(
        "O_LAB_LOG",
        size=LAB_LOG_ROWS * LAB_LOG_FIELDS,
        doc=(
            "LAB_LOG_ROWS rows of LAB_LOG_FIELDS, oldest first: the completed checks as one read "
            "them at one's last view, those the computer still keeps (state.ST_LAB_LOG fields); "
            "UNSEEN past them"
        ),
    ),
)

"""Codes of the classic ruleset: locations, objects, items, actions and events (CL-*).

The sides, winners and end reasons are the main ruleset's (balance.codes), so both editions'
records read alike; the starvation reason is the classic edition's own.
"""

# --- Locations (CL-LOC-*): movement reaches any of them (CL-ACT-MOVE) ---
HELIPAD = 0
KENNEL = 1
RADIO = 2
ARSENAL = 3
FOOD = 4
FUEL = 5
TOOLS = 6
LAB = 7
GENERATOR = 8
METEO = 9
N_LOC = 10
LOC_NAMES = (
    "helipad",
    "kennel",
    "radio room",
    "arsenal",
    "food store",
    "fuel store",
    "tool store",
    "laboratory",
    "generator room",
    "weather station",
)

# --- Breakable objects, with the location each stands in ---
OB_GENERATOR = 0  # CL-LOC-GEN
OB_HELICOPTER = 1  # CL-LOC-HELI
OB_LAB = 2  # CL-LOC-LAB: the laboratory's computer
OB_RADIO = 3  # CL-LOC-RADIO
OB_METEO = 4  # CL-LOC-METEO
OB_SPEAKER = 5  # CL-LOC-RADIO: the loudspeaker of location l is object OB_SPEAKER + l
N_OBJECTS = OB_SPEAKER + N_LOC
OBJECT_LOC = (GENERATOR, HELIPAD, LAB, RADIO, METEO) + tuple(range(N_LOC))
# the radio room broadcasts through the others' loudspeakers and has none of its own
HAS_SPEAKER = tuple(int(loc != RADIO) for loc in range(N_LOC))
OBJECT_NAMES = ("generator", "helicopter", "lab computer", "radio", "weather station") + tuple(
    f"loudspeaker ({name})" for name in LOC_NAMES
)

# --- Items that fill a slot (CL-ITEM); 0 is an empty slot ---
NO_ITEM = 0
WEAPON = 1
RADIO_SET = 2
FLASHLIGHT = 3
FUEL_UNIT = 4
PARTS = 5
N_ITEMS = 6
ITEM_NAMES = ("nothing", "weapon", "radio", "flashlight", "fuel", "spare parts")
# the store of each location holds these kinds (CL-LOC-ARSENAL, CL-LOC-FUEL, CL-LOC-TOOLS);
# the food store's food is no item (CL-LOC-FOOD)
STORE_OF = (
    (ARSENAL, WEAPON),
    (FUEL, FUEL_UNIT),
    (TOOLS, RADIO_SET),
    (TOOLS, FLASHLIGHT),
    (TOOLS, PARTS),
)

# --- Professions (CL-CHAR-1..5) ---
PILOT = 0
TECHNICIAN = 1
SOLDIER = 2
MEDIC = 3
SCIENTIST = 4

# --- Blood samples: a sample's sources are a bitmask of characters, dogs above them ---
DOG_BIT = 16  # the kennel's dog d is source DOG_BIT + d
MAX_SAMPLES = 48  # rows of the sample table; a full table refuses a new sample

# --- Causes of death: balance.codes DC_* and the classic edition's own ---
DC_HUNGER = 6  # CL-LOC-FOOD: starved (no column of its own in the record: the end reason says it)
DC_CRASH = 7  # CL-LOC-HELI, CL-GAP-8: aboard a failed flight
DEATH_CAUSE_NAMES = ("none", "cold", "injury", "attack", "poison", "fire", "hunger", "crash")

# --- Talk (CL-TALK-1): what a claim says of its subject ---
SAYS_THING = 1
SAYS_CLEAN = 2

# --- Actions: one a turn (CL-TURN-1); the free ones (*) come on top ---
A_NONE = 0
A_MOVE = 1  # CL-ACT-MOVE: arg = location
A_HINDER = 2  # CL-ACT-HINDER: target
A_SHOOT = 3  # CL-ACT-SHOOT: target
A_SUICIDE = 4  # CL-ACT-SUICIDE
A_CORPSE_BLOOD = 5  # CL-ACT-CORPSE: target = the corpse
A_CORPSE_ITEM = 6  # CL-ACT-CORPSE: target = the corpse, arg = item kind
A_OWN_BLOOD = 7  # CL-ACT-BLOOD
A_PICK_UP = 8  # CL-ACT-ITEM: arg = item kind lying here
A_DESTROY_ITEM = 9  # CL-ACT-ITEM: arg = item kind lying here
A_INFECT = 10  # CL-THING-INF: target
A_MELEE = 11  # CL-THING-MELEE: target
A_REFUEL = 12  # CL-LOC-HELI: pour a fuel unit held into the helicopter
A_PREPARE = 13  # CL-LOC-HELI
A_FLY = 14  # CL-LOC-HELI
A_BREAK = 15  # CL-LOC-*: arg = object
A_REPAIR = 16  # CL-REPAIR: arg = object
A_DOG_BLOOD = 17  # CL-LOC-KENNEL
A_KILL_DOG = 18  # CL-LOC-KENNEL: one bullet
A_BROADCAST = 19  # CL-LOC-RADIO: this turn's claims reach every working loudspeaker
A_TAKE = 20  # CL-LOC-ARSENAL/FUEL/TOOLS: arg = item kind from the store here
A_SPOIL = 21  # CL-LOC-ARSENAL/FUEL/TOOLS: arg = item kind of the store here, destroyed
A_EAT = 22  # CL-LOC-FOOD
A_TEST = 23  # CL-LOC-LAB: arg = sample row; target = a second row for the medic, or -1
A_SWITCH = 24  # CL-LOC-GEN: switch the generator on or off
A_FORECAST = 25  # CL-LOC-METEO
A_BURN = 26  # CL-COMBAT-2: target = a paralysed Thing (or what looks like a corpse)
N_MAIN_ACTIONS = 27
# free actions (CL-ACT-FREE, CL-THING-REVEAL, CL-ITEM, CL-TALK-1)
F_REVEAL = 27  # CL-THING-REVEAL
F_GIVE = 28  # CL-ACT-FREE: target, arg = item kind
F_GIVE_SAMPLE = 29  # CL-ACT-FREE: target, arg = sample row
F_DROP = 30  # CL-ACT-FREE: arg = item kind
F_LIGHT = 31  # CL-LIGHT-3: arg = 1 on, 0 off
F_SWAP = 32  # CL-ACT-FREE: target = sample row, arg = sample row: their contents swapped
F_MIX = 33  # CL-ACT-FREE: target = sample row kept, arg = sample row poured into it
F_SAY = 34  # CL-TALK-1: target = the subject, arg = SAYS_*
N_ACTIONS = 35
ACTION_NAMES = (
    "none",
    "move",
    "hinder",
    "shoot",
    "suicide",
    "corpse_blood",
    "corpse_item",
    "own_blood",
    "pick_up",
    "destroy_item",
    "infect",
    "melee",
    "refuel",
    "prepare",
    "fly",
    "break",
    "repair",
    "dog_blood",
    "kill_dog",
    "broadcast",
    "take",
    "spoil",
    "eat",
    "test",
    "switch",
    "forecast",
    "burn",
    "reveal",
    "give",
    "give_sample",
    "drop",
    "light",
    "swap",
    "mix",
    "say",
)
MAX_DECLARED = 6  # rows a character declares a turn: the action and up to five free ones

# --- When a turn's action resolves (CL-TURN-2): hindering, then breaking (it resolves first),
# then the attacks on where the turn found everyone, then burning what they paralysed, then
# everything else in the turn's random order ---
PH_NONE = 0
PH_HINDER = 1
PH_BREAK = 2
PH_ATTACK = 3
PH_BURN = 4
PH_OTHER = 5
_PHASES = {
    A_NONE: PH_NONE,
    A_HINDER: PH_HINDER,
    A_BREAK: PH_BREAK,
    A_SPOIL: PH_BREAK,
    A_DESTROY_ITEM: PH_BREAK,
    A_SHOOT: PH_ATTACK,
    A_MELEE: PH_ATTACK,
    A_SUICIDE: PH_ATTACK,
    A_KILL_DOG: PH_ATTACK,
    A_BURN: PH_BURN,
}
ACTION_PHASE = tuple(_PHASES.get(a, PH_OTHER) for a in range(N_MAIN_ACTIONS))

# --- Events of the log: an action's outcome is its action code; these are the others ---
E_CONVERTED = 40  # CL-THING-INF: actor became a Thing; target = who infected him
E_WOUNDED = 41  # actor's hit points fell to a (target = who hit)
E_DIED = 42  # actor died; a = codes.DC_*
E_PARALYSED = 43  # CL-COMBAT-2
E_REVIVED = 44  # CL-COMBAT-2
E_BURNED = 45  # CL-COMBAT-2: actor burned for good by target
E_FROZE = 46  # CL-TEMP-1: every human froze
E_STARVED = 47  # CL-LOC-FOOD: the humans starved
E_FLIGHT = 48  # CL-LOC-HELI: a = 1 success, 0 failure; b = passengers (bitmask)
E_INFECTED = 49  # CL-THING-INF: target was infected by actor
E_FAILED = 50  # actor's declared action (a) failed: hindered, refused or left without means
EVENT_NAMES = {
    **dict(enumerate(ACTION_NAMES)),
    E_CONVERTED: "converted",
    E_WOUNDED: "wounded",
    E_DIED: "died",
    E_PARALYSED: "paralysed",
    E_REVIVED: "revived",
    E_BURNED: "burned",
    E_FROZE: "froze",
    E_STARVED: "starved",
    E_FLIGHT: "flight",
    E_INFECTED: "infected",
    E_FAILED: "failed",
}

"""Named codes shared by the kernel, the policies and the Python layer.

Module-level ints are compile-time constants inside numba functions, so the kernel never holds a
bare number for a location, item, action, event or outcome. Rule numbers do not live here: they
live in configs/ (see balance.config).
"""

# --- Fuel representation (DESIGN: integer fuel). Not a rule number: the unit of account. ---
FUEL_UNITS = 60  # units per canister: 1/4 = 15, 1/5 = 12, 1/6 = 10

# --- Locations (MAP-5). Their blocks and links come from configs [map]. ---
ROOM_NAMES = (
    "generator_1",
    "living_quarters",
    "freezer",
    "radio_room",
    "generator_2",
    "laboratory",
    "kennel",
    "warehouse",
    "generator_3",
    "arsenal",
    "fuel_room",
    "helicopter_hangar",
    "tower",
    "street",
)
N_ROOMS = len(ROOM_NAMES)
GENERATOR_1 = 0
LIVING_QUARTERS = 1
FREEZER = 2
RADIO_ROOM = 3
GENERATOR_2 = 4
LABORATORY = 5
KENNEL = 6
WAREHOUSE = 7
GENERATOR_3 = 8
ARSENAL = 9
FUEL_ROOM = 10
HANGAR = 11
TOWER = 12
STREET = 13
N_INDOOR = 12  # rooms 0..11 are the block rooms: starting rooms (GAP-4)
N_BLOCKS = 3
BLOCK_TOWER = 3  # GAP-2: the Tower is its own pseudo-block
BLOCK_STREET = -1  # GAP-2: the Street has no block
GENERATOR_ROOMS = (GENERATOR_1, GENERATOR_2, GENERATOR_3)

# --- Lighting (LIGHT-1..4) ---
LIGHT = 0
DARK = 1
FLASHLIGHT = 2
BLIZZARD = 3
LIGHTING_NAMES = ("light", "dark", "flashlight", "blizzard")

# --- Weather (WEATHER-1) ---
CLEAR = 0
STORM = 1
WEATHER_NAMES = ("clear", "storm")

# --- Item kinds (A17) ---
NO_ITEM = -1
CANISTER = 0
PARKA = 1
FLASHLIGHT_ITEM = 2
AXE = 3
SPARE_PARTS = 4
SCRAP = 5
PISTOL = 6
BANDAGE = 7
VIAL_BLUE = 8
VIAL_RED = 9
WIRES = 10
FLAMETHROWER = 11  # crafted (CRAFT-2); one ordinary slot (ITEM-FLAMETHROWER-1)
GRENADE = 12  # crafted (CRAFT-2); one ordinary slot (ITEM-GRENADE-1)
ID_CARD = 13  # ITEM-IDCARD, GAP-5
FOOD_BOX = 14  # a box from the Freezer's shelves, carried to be cooked (GAP-50)
FOOD = 15  # a portion of cooked food (ITEM-FOOD)
RADIO = 16  # ITEM-RADIO (its colour is an item column)
BLOOD_SAMPLE = 17  # ITEM-BLOOD, INF-4: whose blood and what it is are item columns
N_ITEM_KINDS = 18
# Blood samples (ITEM-BLOOD, LOC-LAB-2, GAP-53): a sample's owner and its label name a character
# by index, or dog d of the Kennel as DOG_LABEL + d (above every character index: at most 16)
N_DOGS = 2  # LOC-KENNEL-1
DOG_LABEL = 16
# the question the starter of a comparison secretly asks (LOC-LAB-3)
Q_EQUAL = 0
Q_NOT_EQUAL = 1
QUESTION_NAMES = ("equal", "not_equal")
RADIO_COLOUR_NAMES = ("blue", "red", "green")  # LOC-RADIO-1
# Talk (ACT-RADIO-SPEAK, GAP-64): a claim is a topic (the declaration's target) and an arg
# packed by kernel.public.pack_claim (subject, proof, pair), said aloud to the room (A_SAY) or
# on the radio (A_RADIO_SPEAK). The kernel carries it to the listeners unchanged: anyone may say
# anything, true or false; its truth is judged only for the records (kernel.talk.claim_is_true).
CLAIM_THING = 0  # subject: a character the speaker says is a Thing
CLAIM_HUMAN = 1  # subject: a character the speaker says is human
CLAIM_GENERATOR_BROKEN = 2  # subject: a block whose generator the speaker says is broken
CLAIM_GENERATOR_DRY = 3  # subject: a block whose generator the speaker says has no fuel
CLAIM_GOING = 4  # subject: the room the speaker says he is going to
CLAIM_HELP_CALLED = 5  # subject 0: the speaker says help has been called (GAP-6)
CLAIM_TOPIC_NAMES = ("thing", "human", "generator_broken", "generator_dry", "going", "help_called")
# What a claim about a character rests on (GAP-64), with the pair of a blood test: the label of
# the other sample of the comparison (a dog: DOG_LABEL + d)
PROOF_WORD = 0  # nothing but the speaker's word
PROOF_SEEN_THING = 1  # seen transforming, in the active form or doing what only a Thing does
PROOF_BLOOD = 2  # a blood comparison against the pair read on the laboratory's computer
PROOF_SEEN_BREAKING = 3  # seen breaking a device
PROOF_SEEN_INFECTING = 4  # seen infecting someone (INF-5(a))
PROOF_NAMES = ("word", "seen_thing", "blood_test", "seen_breaking", "seen_infecting")
FUEL_CONTAINERS = (CANISTER, FLAMETHROWER)  # ITEM-FLAMETHROWER-5: its tank works like a canister
ITEM_NAMES = (
    "canister",
    "parka",
    "flashlight",
    "axe",
    "spare_parts",
    "scrap",
    "pistol",
    "bandage",
    "blue_vial",
    "red_vial",
    "wires",
    "flamethrower",
    "grenade",
    "id_card",
    "food_box",
    "food",
    "radio",
    "blood_sample",
)

# --- Where an item is (the invariant: each item is in exactly one place) ---
IN_SUPPLY = 0  # not yet in play: in an unopened box or an unlimited stock's pool
IN_ROOM = 1  # lying in a location (where = room)
IN_HAND = 2  # in a character's hand (where = character)
IN_BACKPACK = 3  # in a character's backpack (where = character)
WORN = 4  # a worn parka (where = character)
DESTROYED = 5
CARRIED = 6  # an ID card on a character, living or dead, in no slot (GAP-5): where = character
IN_ANALYZER = 7  # a blood sample in the Laboratory's analyzer (LOC-LAB-2): where = slot 0 or 1

# --- Crafting recipes (CRAFT-2), as bits of a character's known recipes ---
RECIPE_FLAMETHROWER = 0  # scrap metal + wires
RECIPE_GRENADE = 1  # spare parts + wires; recipe 2, the pistol: scrap metal + spare parts
N_RECIPES = 3
RECIPE_NAMES = ("flamethrower", "grenade", "pistol")
RECIPE_PRODUCT = (FLAMETHROWER, GRENADE, PISTOL)
RECIPE_PARTS = ((SCRAP, WIRES), (SPARE_PARTS, WIRES), (SCRAP, SPARE_PARTS))

# --- Box colours (LOC-WAREHOUSE-1..3) ---
RED_BOX = 0
BLUE_BOX = 1
YELLOW_BOX = 2
BOX_NAMES = ("red", "blue", "yellow")

# --- Breakable objects in a room (GAP-20) ---
OBJ_GENERATOR = 0
OBJ_PUMP = 1
OBJ_BEACON = 2
OBJ_ENGINE = 3  # the helicopter's parts (HELI-2)
OBJ_ROTOR = 4
OBJ_PANEL = 5
OBJ_DOOR = 6  # a room's door (DOOR-2, TEMP-2(b)); which one is the declaration's to say
OBJ_LIGHT_FIXTURE = 7  # every room's light but the Street's (LIGHT-1, LIGHT-2, GAP-20)
OBJ_ANALYZER = 8  # the Laboratory's analyzer (LOC-LAB-1, GAP-20, GAP-52)
OBJ_COMPUTER = 9  # the Laboratory's computer (LOC-LAB-4, GAP-20)
OBJ_WEATHER_STATION = 10  # the Tower's weather station (LOC-TOWER-2, GAP-20)
OBJ_TERMINAL = 11  # the Tower's security terminal (LOC-TOWER-1/3/4, GAP-20)
OBJ_STOVE = 12  # the Living quarters' stove (LOC-LIVING-3/4, GAP-20)
OBJ_MIRROR = 13  # the Living quarters' mirror (LOC-LIVING-2, GAP-20)
OBJECT_NAMES = (
    "generator",
    "pump",
    "beacon",
    "engine",
    "main_rotor",
    "control_panel",
    "door",
    "light_fixture",
    "analyzer",
    "computer",
    "weather_station",
    "terminal",
    "stove",
    "mirror",
)
N_OBJECTS = len(OBJECT_NAMES)
HELI_PARTS = (OBJ_ENGINE, OBJ_ROTOR, OBJ_PANEL)  # ST_HELI_BROKEN + (obj - OBJ_ENGINE)
# ITEM-PARTS, ITEM-SCRAP, ITEM-WIRES: the repair tool of each object, by object code
REPAIR_TOOL = (
    SPARE_PARTS,
    SPARE_PARTS,
    SPARE_PARTS,
    SPARE_PARTS,
    SCRAP,
    WIRES,
    SCRAP,
    WIRES,
    SPARE_PARTS,  # the analyzer
    SPARE_PARTS,  # the computer: ITEM-PARTS mends every object but doors, fixtures, rotor, panel
    SPARE_PARTS,  # the weather station
    SPARE_PARTS,  # the terminal
    SPARE_PARTS,  # the stove
    SPARE_PARTS,  # the mirror
)

# --- Doors (A13). One door per room: its lock covers every way in (GAP-26) and it is the room's
# outside door (TEMP-2(b)); the Street has none. What a character sees at its lamp (DOOR-1):
DOOR_FREE = 0  # not locked: anyone enters
DOOR_LOCKED = 1  # the red lamp: entry needs the door opened this turn, by a code or a card
DOOR_BROKEN = 2  # anyone enters (DOOR-3); the room loses heat (TEMP-2(b))
DOOR_UNPOWERED = 3  # all three generators down: anyone enters (DOOR-3, DOOR-5, GEN-5)
DOOR_STATE_NAMES = ("free", "locked", "broken", "unpowered")
LOCKABLE_ROOMS = (1 << N_ROOMS) - 1 - (1 << STREET)  # bitmask: every room but the Street
CARD_TOP_BIT = 1 << N_ROOMS  # in a card's access mask as observed: top access (ID-1, GAP-5)
FEEDBACK_REFUSED = -2  # a keypad that answers nothing: no code set, or a lockdown (LOC-TOWER-4)
# What happened at a door: the b of E_DOOR
DE_BLOCKED = 0  # actor's move or grenade into room a was stopped by its lock (DOOR-1, GAP-45)
DE_LOCKED = 1  # the terminal locked room a (LOC-TOWER-4: its access edited)
DE_ALL_OPEN = 2  # the terminal released every lock (LOC-TOWER-4); a = -1
DE_LOCKDOWN = 3  # the terminal locked every door for all but top access (LOC-TOWER-4); a = -1
DOOR_EVENT_NAMES = ("blocked", "locked", "all_open", "lockdown")

# --- Tower security terminal functions (LOC-TOWER-3/4): the target of A_TERMINAL ---
T_ACCESS_REPORT = 0  # who may enter each locked room, seen in the Tower next turn (LOC-TOWER-3)
T_CARD_ACCESS = 1  # top: arg = owner | rooms << 4: that card opens exactly those rooms
T_OPEN_ALL = 2  # top: every lock released
T_LOCK_ALL = 3  # top: every door locked; only top-access cards open them
T_GIVE_TOP = 4  # top: arg = owner: that card gets top access, for good
T_EDIT_ROOM = 5  # top: arg packed by kernel.public.pack_edit: a room's code and who may enter
T_ENTRY_LOG = 6  # top: the card entries of the last turns, seen in the Tower next turn
N_TERMINAL = 7
TERMINAL_NAMES = (
    "access_report",
    "card_access",
    "open_all",
    "lock_all",
    "give_top_access",
    "edit_room",
    "entry_log",
)

# --- Actions. A declaration is (action, target, arg); balance/catalogue/actions.py declares each.
# RES-ORDER steps (GAP-24 where the source is silent): each action's is its ACTION_STEP, but
# moves: exit in step 10, entry in step 12; the active form's in 12 and 13
# (THING-ACTIVE-11). The unconscious come round in step 11 (UNC-2).
MOVE_EXIT_STEP = 10
MOVE_ENTRY_STEP = 12
ACTIVE_EXIT_STEP = 12
ACTIVE_ENTRY_STEP = 13
WAKE_STEP = 11
# ACT-FOLLOW: the followers enter at the end of step 13, after everything else of it (the active
# Thing's entry among it), each after the one he follows has moved (game.resolve_follows)
FOLLOW_STEP = 14
# <generated: actions> (`python -m balance.catalogue`; edit balance/catalogue/, not this block)
A_NONE = 0  # an empty declaration slot
A_MOVE = 1  # target = room; ACT-MOVE (exit step 10, entry step 12)
A_OPEN_BOX = 2  # target = box colour, arg = wanted kind; LOC-WAREHOUSE-4 (step 5)
A_PICKUP = 3  # target = item kind, arg = 1 to backpack; ACT-PICKUP (step 5) (an ID card: arg = 2 +
#   its owner, lying here or on a corpse here: GAP-51)
A_DROP = 4  # target = hand slot, or 2 + owner of a carried ID card; ACT-DROP (step 1)
A_PARKA_ON = 5  # target = hand slot holding a parka; ACT-PARKA (step 1)
A_REFUEL = 6  # target = hand slot of a canister, arg = 0 into the generator, 1 out; GEN-4 (step 7)
A_FILL = 7  # target = hand slot holding a canister; LOC-FUEL-1 (step 9)
A_BREAK = 8  # target = object code (OBJ_DOOR: arg = the door's room); ACT-BREAK (step 8)
A_REPAIR = 9  # target = object code (OBJ_DOOR: arg = the door's room); ACT-REPAIR (step 7)
A_BEACON = 10  # activate this room's beacon; GAP-6 (step 9)
A_CALL = 11  # call for help from the Radio room; GAP-6 (step 9)
A_INFECT = 12  # target = character; INF-1 (step 1)
A_BACKPACK = 13  # target = hand slot, arg = backpack slot: take, put or swap; ACT-BACKPACK (step 5)
A_GIVE = 14  # target = receiver, arg = hand slot, -(1 + k) for backpack slot k, or 2 + owner of a
#   carried ID card; ACT-GIVE (step 5)
A_RECEIVE = 15  # target = giver, arg = item kind named; ACT-RECEIVE (step 5)
A_DESTROY = 16  # target = item kind, arg = 0 lying here (step 5), 1 in own hand (step 1)
A_SHOOT = 17  # target = character or -1 (the air), arg = hand slot; ACT-SHOOT (step 2)
A_MELEE = 18  # target = character, arg = hand slot of the weapon; ACT-MELEE (step 3)
A_FLASHLIGHT = 19  # target = hand slot: switch the flashlight on or off; ACT-FLASHLIGHT (step 13)
A_BANDAGE = 20  # target = character (self included), arg = hand slot of the bandage (step 6)
A_FIRSTAID = 21  # target = the character bandaging me; ACT-FIRSTAID (step 6)
A_COVER = 22  # target = character to shield; ACT-COVER (step 1)
A_HELI_FUEL = 23  # target = hand slot of a canister, arg = 0 into the tank, 1 out; HELI-3 (step 9)
A_HELI_PREPARE = 24  # set up the helicopter as its pilot; HELI-4 (step 9)
A_HELI_BOARD = 25  # arg = bitmask of characters one refuses to fly with; HELI-5 (step 9)
A_DRINK = 26  # target = item kind of the vial, arg = 0 in hand, 1 lying here; ACT-DRINK (step 6)
A_MIRROR = 27  # learn one's own sanity; LOC-LIVING-2 (step 4)
A_FORECAST = 28  # read the weather of the next cycles; LOC-TOWER-2 (step 4)
A_PARKA_OFF = 29  # take the worn parka off into a free hand; ACT-PARKA (step 1)
A_FUEL = 30  # target = hand slot of the source canister, arg = -1 pour out, else the hand slot of
#   the canister to fill (own) or 2 + character holding it; ACT-FUEL (step 4)
A_RELOAD = 31  # target = hand slot of the pistol: a legal no-op (GAP-16); ACT-RELOAD (step 1)
A_RESOLVE_LAST = 32  # target = an action code: mine of that kind resolve last in their step; AP-9
A_LOWER_INITIATIVE = 33  # my Initiative counts as 0 for this turn's resolution order; AP-10
A_CRAFT = 34  # target = recipe (RECIPE_*); CRAFT-1, LOC-ARSENAL-2 (step 9)
A_THROW = 35  # target = room, arg = hand slot of the grenade; ITEM-GRENADE-2 (explodes in step 11)
A_FLAME_VOLLEY = 36  # target = character, arg = hand slot: attacks while fuel lasts (step 3)
A_CODE = 37  # target = room, arg = the code tried; ACT-CODE, CODE-1..3 (before step 1: GAP-25)
A_IDCARD = 38  # target = room, arg = the card's owner; ACT-IDCARD, ID-1..3 (before step 1: GAP-25)
A_TERMINAL = 39  # target = terminal function, arg = its parameter; LOC-TOWER-3/4 (step 4)
A_TAKE_FOOD = 40  # take a food box off the Freezer's shelves; GAP-50 (step 5)
A_STOVE_PREPARE = 41  # prepare the food box in hand at the stove; LOC-LIVING-3 (step 9)
A_COOK = 42  # cook the prepared food, arg = bitmask of vial kinds to add; LOC-LIVING-4 (step 9)
A_EAT = 43  # target = 0 a portion in hand, 1 lying here; ACT-EAT (step 6)
A_DOSE_FOOD = 44  # target = vial kind, arg = DOSE_FROM_* bits: where the vial and the portion are
#   (in hand, or lying here); ACT-DOSE-FOOD (secret, step 5)
A_COUNT_FOOD = 45  # count the food boxes left; LOC-FREEZER-3 (step 4)
A_SEARCH_CORPSE = 46  # target = corpse, arg = backpack slot 0..2, or SEARCH_PARKA; GAP-51 (step 5)
A_RADIO_TOGGLE = 47  # target = hand slot (or -1: a radio lying here); ACT-RADIO-TOGGLE (step 13)
A_RADIO_SPEAK = 48  # target = claim topic (codes.CLAIM_*), arg = public.pack_claim(subject, proof,
#   pair): said on the radio in hand; ACT-RADIO-SPEAK, GAP-64
A_HINDER = 49  # target = character; ACT-HINDER-CHAR (step 1)
A_HINDER_TARGET = 50  # target = character to protect from actions aimed at it (arg = 0), or the
#   object here whose actions it lowers (arg = 1); ACT-HINDER-TARGET (step 1)
A_FOLLOW = 51  # target = character to follow; ACT-FOLLOW (entry step 13)
A_REACT = 52  # target = an event kind: if he perceives one before the declaration kept just before
#   this row resolves, it is replaced by the declaration just after; GAP-33
A_TRANSFORM = 53  # enter the active form; THING-HIDDEN-1 (step 1)
A_THROW_BACK = 54  # target = character: he skips the turn; THING-ACTIVE-6, GAP-40 (step 1)
A_CLAWS = 55  # target = character; THING-ACTIVE-6 (step 3)
A_SPRAY = 56  # arg = bitmask of characters spared; THING-ACTIVE-6, GAP-40 (step 3)
A_CALL_SPAWN = 57  # target = a convert: into the active form; THING-P-5, GAP-38 (step 1)
A_ORDER = 58  # target = human, arg = the forced action packed; ARCH-QUEEN-1, GAP-42 (step 1)
A_SCREAM = 59  # every human here skips the turn; ARCH-QUEEN-2, GAP-40 (step 1)
A_WAVES = 60  # sanity of every human here falls; ARCH-SOLDIER-1 (step 1)
A_REMOTE_BREAK = 61  # target = object, arg = room; ARCH-MUTANT-1, GAP-43 (step 1)
A_SALIVA = 62  # target = bitmask of own slots (SALIVA_SLOTS), arg = the delay; SALIVA-1, GAP-37
A_BURN_CORPSE = 63  # target = body here, arg = hand slot of the fuel; ACT-BURN-CORPSE, GAP-60
A_EAT_STOCK = 64  # a Thing eats a food box off the shelves; LOC-FREEZER-4 (step 5)
A_KILL_DOG = 65  # target = dog, arg = hand slot of the weapon; LOC-KENNEL-2, GAP-53 (step 3)
A_BURN_DOG = 66  # target = dead dog, arg = hand slot of the fuel; LOC-KENNEL-2, GAP-53 (step 6)
A_BLOOD_SELF = 67  # target = 0 into a hand, 1 into the backpack; ACT-BLOOD-SELF, INF-4 (step 5)
A_BLOOD_DOG = 68  # target = dog, arg = 0 hand / 1 backpack; LOC-KENNEL-2, GAP-53 (step 5)
A_LAB_INSERT = 69  # target = slot, arg = public.pack_insert(source, label); LOC-LAB-2 (step 7)
A_LAB_START = 70  # target = the secret question (Q_*); LOC-LAB-3, GAP-52 (step 7)
A_LAB_VIEW = 71  # read the computer's completed checks; LOC-LAB-4 (step 1)
A_SAY = 72  # target = claim topic (codes.CLAIM_*), arg = public.pack_claim(subject, proof, pair):
#   said aloud to everyone in the room; GAP-64
N_ACTIONS = 73
ACTION_NAMES = (
    "none",
    "move",
    "open_box",
    "pickup",
    "drop",
    "parka_on",
    "refuel",
    "fill_canister",
    "break",
    "repair",
    "activate_beacon",
    "call_for_help",
    "infect",
    "backpack",
    "give",
    "receive",
    "destroy",
    "shoot",
    "melee",
    "flashlight",
    "bandage",
    "first_aid",
    "cover",
    "heli_fuel",
    "heli_prepare",
    "heli_board",
    "drink",
    "mirror",
    "forecast",
    "parka_off",
    "fuel_transfer",
    "reload",
    "resolve_last",
    "lower_initiative",
    "craft",
    "throw_grenade",
    "flame_volley",
    "enter_code",
    "use_id_card",
    "terminal",
    "take_food",
    "stove_prepare",
    "cook",
    "eat",
    "dose_food",
    "count_food",
    "search_corpse",
    "radio_toggle",
    "radio_speak",
    "hinder",
    "hinder_target",
    "follow",
    "react",
    "transform",
    "throw_back",
    "claws",
    "toxic_spray",
    "call_of_the_spawn",
    "order",
    "scream",
    "suppressing_waves",
    "remote_break",
    "saliva",
    "burn_corpse",
    "eat_stock",
    "kill_dog",
    "burn_dog",
    "blood_self",
    "blood_dog",
    "lab_insert",
    "lab_start",
    "lab_view",
    "say",
)
# the rule module that prices and resolves each action (balance/kernel/<section>.py)
S_TURN = 0
S_MOVEMENT = 1
S_INVENTORY = 2
S_UPKEEP = 3
S_COMBAT = 4
S_ARSENAL = 5
S_CARE = 6
S_HINDERING = 7
S_TALK = 8
S_HELICOPTER = 9
S_LOCKS = 10
S_TERMINAL = 11
S_FOOD = 12
S_THING = 13
S_CONTAGION = 14
S_LAB = 15
ACTION_SECTION = (
    S_TURN,  # A_NONE
    S_MOVEMENT,  # A_MOVE
    S_INVENTORY,  # A_OPEN_BOX
    S_INVENTORY,  # A_PICKUP
    S_INVENTORY,  # A_DROP
    S_INVENTORY,  # A_PARKA_ON
    S_UPKEEP,  # A_REFUEL
    S_UPKEEP,  # A_FILL
    S_UPKEEP,  # A_BREAK
    S_UPKEEP,  # A_REPAIR
    S_UPKEEP,  # A_BEACON
    S_UPKEEP,  # A_CALL
    S_CONTAGION,  # A_INFECT
    S_INVENTORY,  # A_BACKPACK
    S_INVENTORY,  # A_GIVE
    S_INVENTORY,  # A_RECEIVE
    S_INVENTORY,  # A_DESTROY
    S_COMBAT,  # A_SHOOT
    S_COMBAT,  # A_MELEE
    S_INVENTORY,  # A_FLASHLIGHT
    S_CARE,  # A_BANDAGE
    S_CARE,  # A_FIRSTAID
    S_COMBAT,  # A_COVER
    S_HELICOPTER,  # A_HELI_FUEL
    S_HELICOPTER,  # A_HELI_PREPARE
    S_HELICOPTER,  # A_HELI_BOARD
    S_CARE,  # A_DRINK
    S_CARE,  # A_MIRROR
    S_CARE,  # A_FORECAST
    S_INVENTORY,  # A_PARKA_OFF
    S_INVENTORY,  # A_FUEL
    S_INVENTORY,  # A_RELOAD
    S_TURN,  # A_RESOLVE_LAST
    S_TURN,  # A_LOWER_INITIATIVE
    S_ARSENAL,  # A_CRAFT
    S_ARSENAL,  # A_THROW
    S_COMBAT,  # A_FLAME_VOLLEY
    S_LOCKS,  # A_CODE
    S_LOCKS,  # A_IDCARD
    S_TERMINAL,  # A_TERMINAL
    S_FOOD,  # A_TAKE_FOOD
    S_FOOD,  # A_STOVE_PREPARE
    S_FOOD,  # A_COOK
    S_FOOD,  # A_EAT
    S_FOOD,  # A_DOSE_FOOD
    S_FOOD,  # A_COUNT_FOOD
    S_FOOD,  # A_SEARCH_CORPSE
    S_TALK,  # A_RADIO_TOGGLE
    S_TALK,  # A_RADIO_SPEAK
    S_HINDERING,  # A_HINDER
    S_HINDERING,  # A_HINDER_TARGET
    S_MOVEMENT,  # A_FOLLOW
    S_TURN,  # A_REACT
    S_THING,  # A_TRANSFORM
    S_THING,  # A_THROW_BACK
    S_THING,  # A_CLAWS
    S_THING,  # A_SPRAY
    S_THING,  # A_CALL_SPAWN
    S_THING,  # A_ORDER
    S_THING,  # A_SCREAM
    S_THING,  # A_WAVES
    S_THING,  # A_REMOTE_BREAK
    S_CONTAGION,  # A_SALIVA
    S_CONTAGION,  # A_BURN_CORPSE
    S_CONTAGION,  # A_EAT_STOCK
    S_CONTAGION,  # A_KILL_DOG
    S_CONTAGION,  # A_BURN_DOG
    S_LAB,  # A_BLOOD_SELF
    S_LAB,  # A_BLOOD_DOG
    S_LAB,  # A_LAB_INSERT
    S_LAB,  # A_LAB_START
    S_LAB,  # A_LAB_VIEW
    S_TALK,  # A_SAY
)
# RES-ORDER step of each action (moves: codes.MOVE_* and ACTIVE_*)
ACTION_STEP = (
    0,  # A_NONE
    10,  # A_MOVE
    5,  # A_OPEN_BOX
    5,  # A_PICKUP
    1,  # A_DROP
    1,  # A_PARKA_ON
    7,  # A_REFUEL
    9,  # A_FILL
    8,  # A_BREAK
    7,  # A_REPAIR
    9,  # A_BEACON
    9,  # A_CALL
    1,  # A_INFECT
    5,  # A_BACKPACK
    5,  # A_GIVE
    5,  # A_RECEIVE
    5,  # A_DESTROY
    2,  # A_SHOOT
    3,  # A_MELEE
    13,  # A_FLASHLIGHT
    6,  # A_BANDAGE
    6,  # A_FIRSTAID
    1,  # A_COVER
    9,  # A_HELI_FUEL
    9,  # A_HELI_PREPARE
    9,  # A_HELI_BOARD
    6,  # A_DRINK
    4,  # A_MIRROR
    4,  # A_FORECAST
    1,  # A_PARKA_OFF
    4,  # A_FUEL
    1,  # A_RELOAD
    0,  # A_RESOLVE_LAST
    0,  # A_LOWER_INITIATIVE
    9,  # A_CRAFT
    11,  # A_THROW
    3,  # A_FLAME_VOLLEY
    0,  # A_CODE
    0,  # A_IDCARD
    4,  # A_TERMINAL
    5,  # A_TAKE_FOOD
    9,  # A_STOVE_PREPARE
    9,  # A_COOK
    6,  # A_EAT
    5,  # A_DOSE_FOOD
    4,  # A_COUNT_FOOD
    5,  # A_SEARCH_CORPSE
    13,  # A_RADIO_TOGGLE
    1,  # A_RADIO_SPEAK
    1,  # A_HINDER
    1,  # A_HINDER_TARGET
    14,  # A_FOLLOW
    0,  # A_REACT
    1,  # A_TRANSFORM
    1,  # A_THROW_BACK
    3,  # A_CLAWS
    3,  # A_SPRAY
    1,  # A_CALL_SPAWN
    1,  # A_ORDER
    1,  # A_SCREAM
    1,  # A_WAVES
    1,  # A_REMOTE_BREAK
    1,  # A_SALIVA
    6,  # A_BURN_CORPSE
    5,  # A_EAT_STOCK
    3,  # A_KILL_DOG
    6,  # A_BURN_DOG
    5,  # A_BLOOD_SELF
    5,  # A_BLOOD_DOG
    7,  # A_LAB_INSERT
    7,  # A_LAB_START
    1,  # A_LAB_VIEW
    1,  # A_SAY
)
# LIGHT-5: refused when declared without sight
ACTIONS_NEEDING_LIGHT = (
    A_BANDAGE,
    A_FIRSTAID,
    A_COVER,
    A_COUNT_FOOD,
    A_SEARCH_CORPSE,
    A_HINDER,
    A_HINDER_TARGET,
    A_FOLLOW,
)
# rolled on their own chance, which hindering lowers (GAP-27, GAP-28)
ACTIONS_WITH_CHANCE = (
    A_REPAIR,
    A_SHOOT,
    A_MELEE,
    A_BANDAGE,
    A_FLAME_VOLLEY,
)
# ACT-HINDER-TARGET shields their target (GAP-28)
ACTIONS_AIMED_AT_CHARACTERS = (
    A_INFECT,
    A_GIVE,
    A_RECEIVE,
    A_SHOOT,
    A_MELEE,
    A_BANDAGE,
    A_FIRSTAID,
    A_COVER,
    A_FLAME_VOLLEY,
    A_SEARCH_CORPSE,
    A_HINDER,
    A_HINDER_TARGET,
    A_FOLLOW,
    A_BURN_CORPSE,
)
# LIGHT-4: refused in a blizzard, where nobody is made out
ACTIONS_AIMED_AT_SOMEONE_SEEN = ACTIONS_AIMED_AT_CHARACTERS + (
    A_THROW_BACK,
    A_CLAWS,
    A_ORDER,
)
# AP-3, GAP-13
ONCE_A_TURN = (
    A_TRANSFORM,
    A_THROW_BACK,
    A_CLAWS,
    A_SPRAY,
    A_ORDER,
    A_SCREAM,
    A_WAVES,
    A_REMOTE_BREAK,
    A_EAT_STOCK,
)
# THING-ACTIVE-5/6, ARCH-QUEEN-2: all the active Thing may declare (THING-ACTIVE-3)
ACTIVE_FORM_ACTIONS = (
    A_MOVE,
    A_BREAK,
    A_DESTROY,
    A_MELEE,
    A_FIRSTAID,
    A_RESOLVE_LAST,
    A_LOWER_INITIATIVE,
    A_THROW_BACK,
    A_CLAWS,
    A_SPRAY,
    A_SCREAM,
    A_SAY,
)
# </generated: actions>
# ACT-DOSE-FOOD: the bits of its arg
DOSE_FROM_FLOOR_VIAL = 1  # the vial lies here (else it is in a hand)
DOSE_FROM_FLOOR_PORTION = 2  # the portion lies here (else it is in a hand)
SEARCH_PARKA = 3  # GAP-51: the arg of A_SEARCH_CORPSE taking the corpse's parka
BANDAGE_INFECT = 2  # INF-8, GAP-35: this bit of A_BANDAGE's arg (hand slot | bit): a Thing
#                     bandaging applies the infection-like effect
# SALIVA-1: the bits of A_SALIVA's target, over the bandager's own inventory
SALIVA_HANDS = 0  # bits 0, 1: the hands
SALIVA_BACKPACK = 2  # bits 2..4: the backpack slots
SALIVA_WORN = 5  # bit 5: the worn parka
SALIVA_SLOTS = 6
WEAPONS = (PISTOL, AXE, FLAMETHROWER)  # GAP-53: "any weapon" kills a dog
MAX_DECLARED = 6  # declaration slots per character per turn (3 AP plus free actions)
N_STEPS = FOLLOW_STEP  # the last step: RES-ORDER's 13, the followers' end of step 13 apart

# --- Rulesets: the main one (seed 000) and the classic edition it grew from (seed 001) ---
RULESETS = ("nemesis", "classic")
DEFAULT_RULESET = "nemesis"

# --- Sides and outcomes ---
NOBODY = 0
HUMANS = 1
THINGS = 2
WINNER_NAMES = ("none", "humans", "things")

R_NONE = 0  # still running
R_RESCUE = 1  # GAP-6
R_ESCAPE = 2  # GAP-7 (helicopter)
R_THINGS_DEAD = 3  # WIN-3, GAP-8
R_HUMANS_DEAD = 4  # WIN-2, GAP-9
R_FROZEN = 5  # WIN-2 with the last human lost to the cold
R_TIMEOUT = 6  # GAP-10
R_THING_ESCAPED = 7  # GAP-7: a Thing was aboard the helicopter
R_STARVED = 8  # the classic ruleset's CL-LOC-FOOD: the humans starved
REASON_NAMES = (
    "running",
    "rescue",
    "escape",
    "things_dead",
    "humans_dead",
    "frozen",
    "timeout",
    "thing_escaped",
    "starved",
)
# the end reasons each ruleset's games can have: only the main one calls a rescue, only the
# classic one starves
END_REASONS_OF = {
    "nemesis": tuple(r for r in REASON_NAMES if r not in ("running", "starved")),
    "classic": tuple(r for r in REASON_NAMES if r not in ("running", "rescue")),
}

# --- Causes of death ---
DC_NONE = 0
DC_COLD = 1  # FROST-3
DC_INJURY = 2  # ACT-REPAIR injury
DC_ATTACK = 3  # combat
DC_POISON = 4  # blue and red vials mixed (VIAL-1, GAP-49)
DC_FIRE = 5  # burned: by the flamethrower (ITEM-FLAMETHROWER-4, GAP-44) or, paralysed, by a fire
#             (THING-P-3, ACT-BURN-CORPSE): no body, no return
DEATH_CAUSE_NAMES = ("none", "cold", "injury", "attack", "poison", "fire")

# --- Causes of unconsciousness (UNC-2): the `a` of E_UNCONSCIOUS ---
UNC_INFECTION = 1  # INF-2
UNC_OVERDOSE = 2  # VIAL-1
UNC_SANITY = 3  # GAP-11 variant: zero sanity
UNC_SALIVA = 4  # SALIVA-2

# --- Thing forms (THING-1) and character flags ---
HUMAN = 0
THING_HIDDEN = 1
THING_ACTIVE = 2
STAT_BASIC = 1  # STAT-2: level 1 grants nothing: the active form's stats (THING-ACTIVE-10)

# --- Archetypes (A9): CH_ARCHETYPE; GAP-41: dealt to the starting Things, converts get none ---
ARCH_NONE = 0
ARCH_QUEEN = 1
ARCH_SOLDIER = 2
ARCH_MUTANT = 3
ARCHETYPE_NAMES = ("none", "queen", "soldier", "mutant")
# ARCH-QUEEN-1, GAP-42: the Order's arg packs the forced declaration (action, target, arg) as
# action | (target + 1) << ORDER_TARGET_SHIFT | (arg + ORDER_ARG_OFFSET) << ORDER_ARG_SHIFT
# (kernel.public.pack_order / unpack_order): target from -1, arg from -ORDER_ARG_OFFSET
ORDER_TARGET_SHIFT = 8
ORDER_ARG_SHIFT = 16
ORDER_ARG_OFFSET = 1 << 15

# --- Events written in replay mode: (turn, kind, actor, target, a, b); balance/catalogue/events.py
# declares each ---
# What the others in the room perceive of an event (A18, AP-6, AP-7, LIGHT-1, LIGHT-2), as bits
SEEN = 1  # those who see (Light, Flashlight, Night vision) see who, whom and the details (AP-6)
NOTICED_IN_DARK = 2  # those present in the dark notice that it happened (LIGHT-2, ACT-SHOOT-3)
SHOWS_ACTOR_IN_DARK = 4  # ... and who did it: a character arriving or leaving (INFO-2)
TARGET_TOLD = 8  # the target learns of it, without who in the dark (AP-7)
DETAILS_PRIVATE = 16  # nobody but the actor learns a and b (INV-5, FROST-6, LOC-LIVING-2, GAP-55)
ACTOR_UNAWARE = 32  # not even the actor learns a and b (INF-1, GAP-38: the infected feels nothing)
# <generated: events> (`python -m balance.catalogue`; edit balance/catalogue/, not this block)
E_MOVE = 1  # actor moved from a to b
E_MISDIRECTED = 2  # actor headed for a, arrived in b (LIGHT-4)
E_REFUEL = 3  # actor poured a units into generator of block b
E_FILL = 4  # actor filled a canister at the pump
E_BOX = 5  # actor opened a box of colour a and got item kind b (-1: nothing)
E_PICKUP = 6  # actor picked up an item of kind a
E_DROP = 7  # actor dropped an item of kind a
E_PARKA_ON = 8  # actor put on a parka
E_BREAK = 9  # actor broke object a (b = block, -1 for the pump; a door: b = its room)
E_REPAIR = 10  # actor repaired object a (b = 1 success, 0 failure; a door: target = its room)
E_INJURED = 11  # actor was hurt by a failed repair (a = damage)
E_BEACON = 12  # actor activated the beacon of block a
E_CALL = 13  # actor called for help; rescue due at turn a
E_INFECT = 14  # actor infected target (a = 1 re-infected, 0 first time, -1 wasted; b = blackout
#   turn)
E_UNCONSCIOUS = 15  # actor fell unconscious (a = cause: UNC_*)
E_WAKE = 16  # actor woke up (a = 1 if converted to a Thing)
E_FROSTBITE = 17  # actor lost a HP to frostbite (a = HP left)
E_DEATH = 18  # actor died (a = cause)
E_GENERATOR = 19  # generator of block a stopped (b = 0) or restarted (b = 1)
E_PARALYSED = 20  # a Thing fell to 0 HP and is paralysed (a = cause, b = last turn of it)
E_REVIVE = 21  # a paralysed Thing revived (a = HP)
E_RESCUE = 22  # the rescue arrived: a humans rescued
E_WEATHER = 23  # the weather turned to a
E_SHOT = 24  # actor shot at target (-1: the air); a = 1 hit, 0 miss; b = stray victim or -1
E_MELEE = 25  # actor attacked target with a melee weapon; a = 1 hit, 0 miss
E_GIVE = 26  # actor handed an item of kind a to target
E_BACKPACK = 27  # actor moved kind a into a hand and kind b into the backpack (-1: none)
E_DESTROY = 28  # actor destroyed an item of kind a
E_HAND_LOST = 29  # actor, heavily wounded, lost the use of hand a (INV-2)
E_FLASHLIGHT = 30  # actor switched a flashlight on (a = 1) or off (a = 0)
E_BANDAGE = 31  # actor bandaged target; a = 1 healed, 0 failed
E_COVERED = 32  # actor took the attack meant for target (ACT-COVER)
E_HELI_FUEL = 33  # actor moved a units of fuel into the tank (b = 0) or out of it (b = 1)
E_HELI_PREPARED = 34  # actor prepared the helicopter as its pilot (HELI-4)
E_HELI_BOARD = 35  # actor took a seat (a = 1 as the pilot)
E_HELI_REFUSED = 36  # actor refused the group: nobody leaves this turn (HELI-5)
E_TAKEOFF = 37  # the helicopter left with a aboard, b of them Things (GAP-7)
E_DRINK = 38  # actor drank a vial of kind a (VIAL-1)
E_MIRROR = 39  # actor looked in the mirror and saw sanity a (LOC-LIVING-2)
E_FORECAST = 40  # actor read the forecast of a cycles (LOC-TOWER-2)
E_PARKA_OFF = 41  # actor took off the parka
E_FUEL = 42  # actor poured a units out (target -1) or into a canister held by target
E_CRAFT = 43  # actor crafted recipe a (CRAFT-2)
E_GRENADE = 44  # actor's grenade exploded in room a, hurting b characters (ITEM-GRENADE-3)
E_FLAME = 45  # actor attacked target with the flamethrower; a = damage dealt (0: none)
E_CODE = 46  # actor tried a code at the door of room target: a = bulls, b = cows (a = 4: open; both
#   -1: the keypad answered nothing, FEEDBACK_REFUSED)
E_IDCARD = 47  # actor used the card of owner a at the door of room target: b = 1 opened, 0 refused
E_DOOR = 48  # at the door of room a (-1: every door): b = what happened, DE_* (actor or -1; a
#   stopped move: target = the room it headed for, a misdirected one's differs)
E_TERMINAL = 49  # actor used terminal function a with parameter b (LOC-TOWER-3/4)
E_THROW = 50  # actor threw a grenade into room a (ITEM-GRENADE-2)
E_LEAVE = 51  # actor left room a heading for room b (ACT-MOVE exit, step 10)
E_TAKE_FOOD = 52  # actor took a food box; a = boxes left on the shelves (the replay's alone)
E_STOVE = 53  # actor prepared (a = 0) or cooked (a = 1) food; b = portions it made
E_EAT = 54  # actor ate a portion (a = 0 from his hand, 1 lying here)
E_DOSE = 55  # actor put a vial of kind a into b portions (secret: ACT-DOSE-FOOD, LOC-LIVING-4)
E_COUNT_FOOD = 56  # actor counted a food boxes left
E_SEARCH = 57  # actor searched the corpse of target and took an item of kind a
E_FOOD_EFFECT = 58  # a substance in the portion target ate took effect: a = vial kind, b = 1 a full
#   dose (ACT-DOSE-FOOD), 0 a cooked one (LOC-LIVING-4); no actor
E_RADIO_TOGGLE = 60  # actor switched a radio of colour a on (b = 1) or off (b = 0)
E_RADIO = 61  # actor said claim a (codes.CLAIM_*), b = public.pack_claim(...), on the radio
E_HINDER = 62  # actor hindered target (a = 0) or actions aimed at target (a = 1)
E_HINDERED = 63  # actor's action a failed for the hindering
E_FOLLOW = 64  # actor followed target into room a (b = 1) or failed (b = 0)
E_REACTION = 65  # actor's reaction fired: action a became action b (STAT-INIT-1, GAP-33)
E_TRANSFORM = 66  # actor entered the active form (a = 1 called by the Things: THING-P-5)
E_THROW_BACK = 67  # actor threw target back: target skips the turn (THING-ACTIVE-6, GAP-40)
E_CLAWS = 68  # actor struck target with its claws; a = 1 hit, 0 miss
E_SPRAY = 69  # actor's toxic spray reached target; a = 1 hurt, 0 missed (one per character)
E_SCREAM = 70  # actor's stunning scream: a humans here skip the turn (ARCH-QUEEN-2, GAP-40)
E_ABILITY = 71  # actor secretly used hidden-form ability a (an action code) on target: A_ORDER (b =
#   the forced action), A_WAVES (b = humans reached), A_REMOTE_BREAK (target = the room, b = the
#   object), A_CALL_SPAWN (target = the convert)
E_ORGANS = 72  # the active Mutant's organs exploded: a characters hurt (ARCH-MUTANT-2)
E_SALIVA = 74  # actor poisoned the items of his slots in bitmask a, with delay b (SALIVA-1)
E_SALIVA_CONTACT = 75  # target ended the turn holding a poisoned item of kind a: out on turn b
#   (SALIVA-2); no actor
E_FIRST_AID_INFECTION = 76  # actor infected target through first aid (INF-8, GAP-35); a and b as
#   E_INFECT's; no actor when a convert did it unaware (GAP-38)
E_BURN = 77  # actor burned the body of target (-1: dog a), with fuel from a container of kind b
#   (ACT-BURN-CORPSE, LOC-KENNEL-2)
E_KILL_DOG = 78  # actor killed dog a with a weapon of kind b (LOC-KENNEL-2, GAP-53)
E_EAT_STOCK = 79  # actor, a Thing, ate a food box off the shelves; a = boxes left (LOC-FREEZER-4)
E_BLOOD = 80  # actor took a blood sample of a (his own: a = actor; a dog: DOG_LABEL + d) into his
#   hand (b = 0) or backpack (b = 1)  ACT-BLOOD-SELF, GAP-53
E_LAB_INSERT = 81  # actor put a sample into analyzer slot a, labelled b (LOC-LAB-2)
E_LAB_START = 82  # actor started a comparison asking question a; it finishes at the end of turn b
E_LAB_RESULT = 83  # the comparison started by target finished: question a, answer b (1 yes, 0 no);
#   only the computer shows it (LOC-LAB-4)
E_LAB_ABORT = 84  # the comparison started by target stopped: the analyzer broke (a = 0) or lost
#   power (a = 1) (GAP-52)
E_LAB_VIEW = 85  # actor read the laboratory computer: a rows of completed checks (LOC-LAB-4)
E_INFECT_SEEN = 86  # actor infected the unconscious target in Light (INF-5(a)); a, b as E_INFECT's
E_DEFUEL = 87  # actor drew a units out of the generator of block b into a canister (GEN-4)
E_SHIELD = 88  # actor hindered the actions aimed at object a of the room, by b points
E_SAY = 89  # actor said claim a (codes.CLAIM_*), b = public.pack_claim(...), aloud in his room
E_ORDERED = 90  # target was forced by a Queen's Order to do action a this turn (ARCH-QUEEN-1,
#   GAP-42)
# who in the room perceives each event, and what (the bits above); 0: no event
EVENT_SIGHT = (
    0,  # none
    7,  # E_MOVE
    23,  # E_MISDIRECTED
    1,  # E_REFUEL
    1,  # E_FILL
    1,  # E_BOX
    1,  # E_PICKUP
    1,  # E_DROP
    1,  # E_PARKA_ON
    1,  # E_BREAK
    1,  # E_REPAIR
    1,  # E_INJURED
    1,  # E_BEACON
    1,  # E_CALL
    0,  # E_INFECT
    55,  # E_UNCONSCIOUS
    49,  # E_WAKE
    0,  # E_FROSTBITE
    7,  # E_DEATH
    0,  # E_GENERATOR
    7,  # E_PARALYSED
    7,  # E_REVIVE
    0,  # E_RESCUE
    0,  # E_WEATHER
    11,  # E_SHOT
    9,  # E_MELEE
    9,  # E_GIVE
    17,  # E_BACKPACK
    1,  # E_DESTROY
    1,  # E_HAND_LOST
    3,  # E_FLASHLIGHT
    9,  # E_BANDAGE
    9,  # E_COVERED
    1,  # E_HELI_FUEL
    1,  # E_HELI_PREPARED
    1,  # E_HELI_BOARD
    1,  # E_HELI_REFUSED
    3,  # E_TAKEOFF
    1,  # E_DRINK
    17,  # E_MIRROR
    17,  # E_FORECAST
    1,  # E_PARKA_OFF
    9,  # E_FUEL
    1,  # E_CRAFT
    3,  # E_GRENADE
    9,  # E_FLAME
    19,  # E_CODE
    3,  # E_IDCARD
    3,  # E_DOOR
    17,  # E_TERMINAL
    1,  # E_THROW
    7,  # E_LEAVE
    49,  # E_TAKE_FOOD
    1,  # E_STOVE
    1,  # E_EAT
    0,  # E_DOSE
    17,  # E_COUNT_FOOD
    1,  # E_SEARCH
    0,  # E_FOOD_EFFECT
    0,  # none
    3,  # E_RADIO_TOGGLE
    1,  # E_RADIO
    9,  # E_HINDER
    1,  # E_HINDERED
    0,  # E_FOLLOW
    0,  # E_REACTION
    7,  # E_TRANSFORM
    9,  # E_THROW_BACK
    9,  # E_CLAWS
    9,  # E_SPRAY
    1,  # E_SCREAM
    0,  # E_ABILITY
    3,  # E_ORGANS
    0,  # none
    0,  # E_SALIVA
    0,  # E_SALIVA_CONTACT
    0,  # E_FIRST_AID_INFECTION
    7,  # E_BURN
    3,  # E_KILL_DOG
    49,  # E_EAT_STOCK
    1,  # E_BLOOD
    1,  # E_LAB_INSERT
    17,  # E_LAB_START
    0,  # E_LAB_RESULT
    0,  # E_LAB_ABORT
    17,  # E_LAB_VIEW
    17,  # E_INFECT_SEEN
    1,  # E_DEFUEL
    1,  # E_SHIELD
    1,  # E_SAY
    9,  # E_ORDERED
)
# </generated: events>

"""Layout of what a character knows when it declares: the observation vector.

The kernel fills one int64 vector per character per turn from what that character can perceive
under the rules of A18 and the lighting of its location (balance.kernel.observe). Policies read
this vector, their own memory and public map facts, never the game state itself (GAP-61).
A field that the character cannot see holds UNSEEN. Each field is declared in
balance/catalogue/observation.py; their offsets below are generated from it. They fall in three
runs, each filled in one step before what is seen is written over it (balance.kernel.observe):
up to O_DOOR they start at 0; from O_DOOR to O_PERCEIVED, and past the acts perceived to the end,
at UNSEEN.
"""

UNSEEN = -1
MAX_CHARACTERS = 16
FORECAST_SLOTS = 5  # LOC-TOWER-2: the 5 cycles a reading shows
ENTRY_LOG_SLOTS = 5  # LOC-TOWER-4: "the last 5 turns"; terminal.entry_log_turns is at most this
# acts perceived a turn, in rows of PERCEIVED_FIELDS (with talk, 38 seen at most at 15 players)
PERCEIVED_SLOTS = 40
PERCEIVED_FIELDS = 5
LAB_LOG_ROWS = 16  # comparisons the laboratory's computer keeps (LOC-LAB-4)
LAB_LOG_FIELDS = 5  # label 1, label 2, who started it, the turn it finished, yes/no
LAB_EMPTY = -2  # an empty analyzer slot

# wound states anyone who sees a character can tell (HP-2)
W_UNHURT = 0
W_LIGHT = 1  # "lightly wounded": 2 HP
W_HEAVY = 2  # "heavily wounded": 1 HP

# presence codes (LIGHT-1, LIGHT-2, UNC-3)
P_ABSENT = 0  # not here, or not perceivable (blizzard)
P_CONSCIOUS = 1  # here, living and conscious (in the dark: "present")
P_LOOKS_DEAD = 2  # dead, or unconscious / paralysed seen in the dark
P_UNCONSCIOUS = 3  # unconscious, seen in light
P_ACTIVE_THING = 4  # an active Thing, visible in any lighting (THING-ACTIVE-2)

# policy memory: each character owns MEMORY_SIZE int64 cells, zeroed at the start of each game;
# policies.memory splits them between the policies
MEMORY_SIZE = 256
# Two cells of each row are the policy's report for the records (balance.records), which the
# kernel reads at the turn's declarations and the game's end and never acts on: the claims heard
# that the policy believed (GAP-64), and the bitmask of the characters it holds for Things
MEM_CLAIMS_BELIEVED = 94
MEM_HELD_THINGS = 95

# <generated: fields> (`python -m balance.catalogue`; edit balance/catalogue/, not this block)
# --- the character itself ---
O_TURN = 0
O_SELF = 1  # own character index
O_ROOM = 2
O_HP = 3
O_MAX_HP = 4
O_FROST = 5  # own frostbite marks (FROST-6: only the character sees them)
O_WEARS_PARKA = 6
O_PHYSICAL = 7
O_INITIATIVE = 8
O_ERUDITION = 9
O_AP = 10  # action points this turn (AP-1)
O_MOVE_AP = 11  # own move cost (ACT-MOVE, STAT-INIT-2)
O_IS_ORIGINAL_THING = 12  # an original Thing knows it is one (SETUP-4); a convert does not (GAP-38)
O_INFECT_READY = 13  # 1 when an original Thing's infection is off cooldown (INF-6)
O_HAND_KIND = 14  # 2 cells: item kind in each hand, NO_ITEM if empty
O_HAND_FUEL = 16  # 2 cells: fuel units of a canister in that hand
O_BACKPACK_KIND = 18  # 3 cells:
O_BACKPACK_FUEL = 21  # 3 cells:
# --- the location, as perceived ---
O_LIGHTING = 24  # LIGHT / DARK / FLASHLIGHT / BLIZZARD
O_TEMPERATURE = 25  # felt directly: the location's temperature
O_WEATHER = 26  # the current weather is public (one looks out of a window)
O_SEES = 27  # 1 if the character sees details here (Light, Flashlight, or Night vision)
O_GEN_FUEL = 28  # in a generator room and seeing: fuel units, else UNSEEN
O_GEN_BROKEN = 29  # in a generator room and seeing: 0/1, else UNSEEN
O_BEACON_BROKEN = 30  # in a generator room and seeing: 0/1, else UNSEEN
O_BEACON_ACTIVE = 31  # in a generator room and seeing: 0/1, else UNSEEN
O_PUMP_BROKEN = 32  # in the Fuel room and seeing: 0/1, else UNSEEN
O_YELLOW_LEFT = 33  # in the Warehouse and seeing: unopened yellow boxes, else UNSEEN
O_ROOM_ITEMS = 34  # 18 cells: visible items lying here, by kind (0 when unseen)
O_EMPTY_CANISTERS_HERE = 52  # visible empty canisters lying here
O_CALL_TURN = 53  # public: turn of the call for help, or UNSEEN
O_LIVING_HERE = 54  # living characters perceived here, self included
# --- others in the location ---
O_PRESENT = 55  # 16 cells: per character: one of the P_* codes
O_KNOWN_THING = 71  # 16 cells: per character: 1 if known to be a Thing (THING-P-4)
# --- the helicopter: in the hangar, seeing, and while it is still there (HELI-1), else UNSEEN ---
O_HELI_BROKEN = 87  # 3 cells: engine, main rotor, control panel
O_HELI_FUEL = 90  # fuel units in the tank
O_HELI_BOARDING = 91  # 1 if it was prepared last turn: take-off is possible now
O_HELI_PILOT = 92  # who prepared it last turn (seen in light), -1 if nobody
O_RECIPES = 93  # bitmask of the crafting recipes one knows (CRAFT-1)
O_WORKSHOP = 94  # in the Arsenal: 1 if crafting works now (light and power)
# --- what the character learned in the Living quarters and the Tower ---
O_MIRROR_SANITY = 95  # own sanity last seen in the mirror, or UNSEEN
O_FORECAST = 96  # 5 cells: weather of turns t+1.. as far as the last weather-station reading covers
#   them, else UNSEEN
# --- one's own devices ---
O_HAND_ON = 101  # 2 cells: flashlight/radio on
O_HAND_COLOUR = 103  # 2 cells: a radio's colour in that hand, else -1 (ITEM-RADIO)
O_FIXTURE_BROKEN = 105  # seeing: 0/1, the room's light fixture (GAP-20), else UNSEEN
# --- food (A12 Freezer and Living quarters, INFO-4) ---
O_FOOD_COUNTED = 106  # boxes one saw on the Freezer's shelves at one's last count (LOC-FREEZER-3),
#   or UNSEEN
O_FOOD_COUNT_TURN = 107  # the turn of that count, or UNSEEN
O_STOVE = 108  # in the Living quarters and seeing: 1 if prepared food waits on the stove (LOC-
#   LIVING-3), 0 if not, else UNSEEN
# --- the Thing's own state and abilities (kernel.thing.observe_thing): THING below ---
O_THING = 109  # 11 cells: THING's fields, at O_THING + OT_*
# --- contagion: saliva, corpses, dogs (kernel.contagion) ---
O_POISONED = 120  # an original Thing: bitmask of its own slots holding poisoned items, by
#   codes.SALIVA_* (SALIVA-1); UNSEEN for the others
O_DOGS_ALIVE = 121  # in the Kennel and seeing: bitmask of the dogs alive, else UNSEEN
O_DOGS_DEAD = 122  # ... of the dogs dead and not burned yet (LOC-KENNEL-2), else UNSEEN
O_DOGS_BURNED = 123  # ... of the dogs burned (LOC-KENNEL-2, GAP-53), else UNSEEN
O_BODIES_BURNABLE = 124  # bitmask of the bodies here that can still be burned: the dead and the
#   paralysed, not burned yet (ACT-BURN-CORPSE), and, as nothing tells them from these, the
#   unconscious one takes for dead in the dark (LIGHT-2: a burn of one is refused); 0 in a blizzard
#   (LIGHT-4)
# --- the Tower's and the Living quarters' devices (GAP-20) ---
O_DEVICES_BROKEN = 125  # seeing: bitmask of the devices of one's room seen broken, bit k for object
#   code k (the weather station, terminal, stove and mirror: codes.OBJ_*; the other objects have
#   fields of their own), 0 where none stands; else UNSEEN
# --- who is here and whose ID cards I carry, as bitmasks: what a policy's loops iterate ---
O_HERE = 126  # bitmask of the characters perceived here (their O_PRESENT is not P_ABSENT), oneself
#   included
O_CARDS_HELD = 127  # bitmask of the owners of the ID cards I carry (their O_CARD is not UNSEEN)
O_LAMPS_SHOWN = 128  # bitmask of the rooms whose door lamp I see (their O_DOOR is not UNSEEN)
O_LAMPS_LOCKED = 129  # ... of those showing codes.DOOR_LOCKED
O_SHOTS_HEARD = 130  # shots heard last turn (INFO-1, WEATHER-2, GAP-58)
O_N_PERCEIVED = 131  # acts perceived since the last declaration (at most the slots)
# --- doors, ID cards and the Tower's security terminal (A13, LOC-TOWER-1/3/4) ---
O_DOOR = 132  # 14 cells: the state (codes.DOOR_*) of the door of my room and of each room next to
#   it, seen at its lamp in any lighting (DOOR-1); in the Tower, while its terminal works, of every
#   room (LOC-TOWER-1); else UNSEEN. Nobody has opened a door yet when this is filled: codes and
#   cards come after the declarations (GAP-25).
O_CARD = 146  # 16 cells: by card owner: for each ID card I carry, the rooms it opens (bitmask),
#   with codes.CARD_TOP_BIT for top access; UNSEEN for the others
O_CODE_ROOM = 162  # 6 cells: my code entries of last turn, in order: the room (UNSEEN: no entry),
#   ...
O_CODE_GUESS = 168  # 6 cells: ... the code entered (kernel.public packing) ...
O_CODE_FEEDBACK = 174  # 6 cells: ... and what the keypad answered: kernel.public feedback for my
#   Erudition (CODE-1..3), or codes.FEEDBACK_REFUSED
O_DOORS_OPENED = 180  # last turn, where I stood: rooms whose door I saw open to a code or a card
#   (bitmask; ACT-CODE, ID-1: in any lighting)
O_DOORS_REFUSED = 181  # ... rooms whose door stayed shut to one
O_DOOR_USERS = 182  # ... characters I saw use them (bitmask; needs sight)
O_ROOM_TEMPERATURES = 183  # 14 cells: in the Tower while its terminal works, every room's
#   temperature (LOC-TOWER-1, INFO-3); else UNSEEN
O_ACCESS_REPORT = 197  # 14 cells: in the Tower, the turn after an access report and while the
#   terminal works: for each locked room, the owners of the cards that open it (bitmask; LOC-
#   TOWER-3); UNSEEN for the other rooms or without a report
O_ENTRY_LOG = 211  # 70 cells: the same, after an entry-log request (LOC-TOWER-4): slot k * N_ROOMS
#   + r holds the owners whose cards opened room r on turn t - 1 - k (k < terminal.entry_log_turns;
#   ID-3, GAP-63); else UNSEEN
# --- what the character perceives of the others (A18) ---
O_WOUND = 281  # 16 cells: per character seen here: a W_* wound state (HP-2)
O_HELD = 297  # 32 cells: 2 per character seen here: item kinds in hand (LIGHT-1)
O_WEARS = 329  # 16 cells: per character seen here: 1 if wearing a parka
O_PERCEIVED = 345  # 200 cells: PERCEIVED_SLOTS rows of PERCEIVED_FIELDS, in the order they
#   happened: (actor, event kind, target, a, b), UNSEEN where the character could not perceive it
#   (balance.kernel.perception)
# --- blood samples and the laboratory (kernel.lab) ---
O_LAB_SLOTS = 545  # 2 cells: in the Laboratory while the analyzer works, the label on the sample in
#   slot 1 and 2 (a character, or codes.DOG_LABEL + dog), LAB_EMPTY if none, in any lighting (LOC-
#   LAB-1); else UNSEEN. Nobody sees a sample's true owner.
O_LAB_STAGE = 547  # ... and the stage: 0 idle, else the turn at whose end the running comparison
#   finishes (its progress, read against the current turn)
O_LAB_ANALYZER_BROKEN = 548  # in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN
O_LAB_COMPUTER_BROKEN = 549  # in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN
O_LAB_VIEW_TURN = 550  # the turn one last read the computer (LOC-LAB-4), or UNSEEN
O_LAB_MY_QUESTION = 551  # the question of the last comparison one started (codes.Q_*), known to its
#   starter alone (LOC-LAB-3), or UNSEEN
O_LAB_MY_FINISH = 552  # the turn that comparison finishes (its computer row's), or UNSEEN
O_LAB_LOG = 553  # 80 cells: LAB_LOG_ROWS rows of LAB_LOG_FIELDS, oldest first: the completed checks
#   as one read them at one's last view, those the computer still keeps (state.ST_LAB_LOG fields);
#   UNSEEN past them
N_OBS = 633
# the fields of O_THING's block, from O_THING on
OT_FORM = 0  # own form as the character believes it: an unaware convert reads codes.HUMAN
OT_ARCHETYPE = 1  # codes.ARCH_* (ARCH-1)
OT_HIDDEN_READY = 2  # 1 if the hidden-form archetype ability may be used now
OT_HIDDEN_READY_TURN = 3  # the first turn it may be used again
OT_SCREAM_READY = 4  # the Queen: 1 if the scream may be used now (ARCH-QUEEN-2)
OT_SCREAM_READY_TURN = 5  # the first turn the Queen may scream again
OT_TRANSFORM_READY = 6  # 1 if the transformation is allowed now (THING-HIDDEN-1)
OT_CONVERTS = 7  # original Things: bitmask of the converts (THING-P-5), else UNSEEN
OT_ROOMS_BEFORE = 8  # 3 cells: rooms one occupied during turns t-1, t-2, t-3 (ARCH-MUTANT-1)
# </generated: fields>

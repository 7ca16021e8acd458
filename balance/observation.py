"""Layout of what a character knows when it declares: the observation vector.

The kernel fills one int64 vector per character per turn from what that character can perceive
under the rules of A18 and the lighting of its location (balance.kernel.observe). Policies read
this vector, their own memory and public map facts, never the game state itself (GAP-61).
A field that the character cannot see holds UNSEEN.
"""

from balance.codes import MAX_DECLARED, N_ITEM_KINDS, N_ROOMS

UNSEEN = -1
MAX_CHARACTERS = 16

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
O_HAND_KIND = 14  # 2 slots: item kind in each hand, NO_ITEM if empty
O_HAND_FUEL = 16  # 2 slots: fuel units of a canister in that hand
O_BACKPACK_KIND = 18  # 3 slots
O_BACKPACK_FUEL = 21  # 3 slots
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
O_ROOM_ITEMS = 34  # N_ITEM_KINDS slots: visible items lying here, by kind (0 when unseen)
O_EMPTY_CANISTERS_HERE = O_ROOM_ITEMS + N_ITEM_KINDS  # visible empty canisters lying here
O_CALL_TURN = O_EMPTY_CANISTERS_HERE + 1  # public: turn of the call for help, or UNSEEN
O_LIVING_HERE = O_CALL_TURN + 1  # living characters perceived here, self included
# --- others in the location: MAX_CHARACTERS slots each ---
O_PRESENT = O_LIVING_HERE + 1  # per character: one of the P_* codes below
O_KNOWN_THING = O_PRESENT + MAX_CHARACTERS  # per character: 1 if known to be a Thing (THING-P-4)
# --- the helicopter: in the hangar, seeing, and while it is still there (HELI-1), else UNSEEN ---
O_HELI_BROKEN = O_KNOWN_THING + MAX_CHARACTERS  # 3 slots: engine, main rotor, control panel
O_HELI_FUEL = O_HELI_BROKEN + 3  # fuel units in the tank
O_HELI_BOARDING = O_HELI_FUEL + 1  # 1 if it was prepared last turn: take-off is possible now
O_HELI_PILOT = O_HELI_BOARDING + 1  # who prepared it last turn (seen in light), -1 if nobody
O_RECIPES = O_HELI_PILOT + 1  # bitmask of the crafting recipes one knows (CRAFT-1)
O_WORKSHOP = O_RECIPES + 1  # in the Arsenal: 1 if crafting works now (light and power)
# --- what the character learned in the Living quarters and the Tower ---
O_MIRROR_SANITY = O_WORKSHOP + 1  # own sanity last seen in the mirror, or UNSEEN
O_FORECAST = O_MIRROR_SANITY + 1  # FORECAST_SLOTS slots: weather of turns t+1.. as far as the
#                                   last weather-station reading covers them, else UNSEEN
FORECAST_SLOTS = 5  # LOC-TOWER-2: the 5 cycles a reading shows
# The fields fall in three runs, each filled in one step before what is seen is written over it
# (balance.kernel.observe): up to O_DOOR they start at 0; from O_DOOR to O_PERCEIVED, and past
# the acts perceived to the end, at UNSEEN.
# --- one's own devices ---
O_HAND_ON = O_FORECAST + FORECAST_SLOTS  # 2 slots: flashlight/radio on
O_HAND_COLOUR = O_HAND_ON + 2  # 2 slots: a radio's colour in that hand, else -1 (ITEM-RADIO)
O_FIXTURE_BROKEN = O_HAND_COLOUR + 2  # seeing: 0/1, the room's light fixture (GAP-20), else UNSEEN
# --- food (A12 Freezer and Living quarters, INFO-4) ---
O_FOOD_COUNTED = O_FIXTURE_BROKEN + 1  # boxes one saw on the
#                             Freezer's shelves at one's last count (LOC-FREEZER-3), or UNSEEN
O_FOOD_COUNT_TURN = O_FOOD_COUNTED + 1  # the turn of that count, or UNSEEN
O_STOVE = O_FOOD_COUNT_TURN + 1  # in the Living quarters and seeing: 1 if prepared food waits on
#                                  the stove (LOC-LIVING-3), 0 if not, else UNSEEN
# --- the Thing's own state and abilities (kernel.thing; its fields are kernel.public.OT_*): own
# form as believed, archetype, cooldowns, whether it may transform, the converts an original
# Thing knows (THING-P-5) and the rooms one occupied in the last 3 turns (ARCH-MUTANT-1) ---
O_THING = O_STOVE + 1
THING_FIELDS = 16
# --- contagion: saliva, corpses, dogs (kernel.contagion) ---
O_CONTAGION = O_THING + THING_FIELDS
CONTAGION_FIELDS = 8
O_POISONED = O_CONTAGION  # an original Thing: bitmask of its own slots holding poisoned items, by
#                           codes.SALIVA_* (SALIVA-1); UNSEEN for the others
O_DOGS_ALIVE = O_CONTAGION + 1  # in the Kennel and seeing: bitmask of the dogs alive, else UNSEEN
O_DOGS_DEAD = O_CONTAGION + 2  # ... of the dogs dead and not burned yet (LOC-KENNEL-2), else UNSEEN
O_DOGS_BURNED = O_CONTAGION + 3  # ... of the dogs burned (LOC-KENNEL-2, GAP-53), else UNSEEN
O_BODIES_BURNABLE = O_CONTAGION + 4  # bitmask of the bodies here that can still be burned: the
#   dead and the paralysed, not burned yet (ACT-BURN-CORPSE), and, as nothing tells them from
#   these, the unconscious one takes for dead in the dark (LIGHT-2: a burn of one is refused);
#   0 in a blizzard (LIGHT-4)
# --- the Tower's and the Living quarters' devices (GAP-20) ---
O_DEVICES_BROKEN = O_CONTAGION + CONTAGION_FIELDS  # seeing: bitmask of the devices of one's
#   room seen broken, bit k for object code k (the weather station, terminal, stove and mirror:
#   codes.OBJ_*; the other objects have fields of their own), 0 where none stands; else UNSEEN
# --- who is here and whose ID cards I carry, as bitmasks: what a policy's loops iterate ---
O_HERE = O_DEVICES_BROKEN + 1  # bitmask of the characters perceived here (their O_PRESENT is
#                                not P_ABSENT), oneself included
O_CARDS_HELD = O_HERE + 1  # bitmask of the owners of the ID cards I carry (their O_CARD is not
#                            UNSEEN)
O_LAMPS_SHOWN = O_CARDS_HELD + 1  # bitmask of the rooms whose door lamp I see (their O_DOOR is
#                                   not UNSEEN)
O_LAMPS_LOCKED = O_LAMPS_SHOWN + 1  # ... of those showing codes.DOOR_LOCKED
O_SHOTS_HEARD = O_LAMPS_LOCKED + 1  # shots heard last turn (INFO-1, WEATHER-2, GAP-58)
O_N_PERCEIVED = O_SHOTS_HEARD + 1  # acts perceived since the last declaration (at most the slots)
# --- doors, ID cards and the Tower's security terminal (A13, LOC-TOWER-1/3/4) ---
O_DOOR = O_N_PERCEIVED + 1  # N_ROOMS slots: the state (codes.DOOR_*) of the door of my
#   room and of each room next to it, seen at its lamp in any lighting (DOOR-1); in the Tower,
#   while its terminal works, of every room (LOC-TOWER-1); else UNSEEN. Nobody has opened a door
#   yet when this is filled: codes and cards come after the declarations (GAP-25).
O_CARD = O_DOOR + N_ROOMS  # MAX_CHARACTERS slots, by card owner: for each ID card I carry, the
#   rooms it opens (bitmask), with codes.CARD_TOP_BIT for top access; UNSEEN for the others
O_CODE_ROOM = O_CARD + MAX_CHARACTERS  # MAX_DECLARED slots: my code entries of last turn, in
#   order: the room (UNSEEN: no entry), ...
O_CODE_GUESS = O_CODE_ROOM + MAX_DECLARED  # ... the code entered (kernel.public packing) ...
O_CODE_FEEDBACK = O_CODE_GUESS + MAX_DECLARED  # ... and what the keypad answered: kernel.public
#   feedback for my Erudition (CODE-1..3), or codes.FEEDBACK_REFUSED
O_DOORS_OPENED = O_CODE_FEEDBACK + MAX_DECLARED  # last turn, where I stood: rooms whose door I
#   saw open to a code or a card (bitmask; ACT-CODE, ID-1: in any lighting)
O_DOORS_REFUSED = O_DOORS_OPENED + 1  # ... rooms whose door stayed shut to one
O_DOOR_USERS = O_DOORS_REFUSED + 1  # ... characters I saw use them (bitmask; needs sight)
O_ROOM_TEMPERATURES = O_DOOR_USERS + 1  # N_ROOMS slots: in the Tower while its terminal works,
#   every room's temperature (LOC-TOWER-1, INFO-3); else UNSEEN
O_ACCESS_REPORT = O_ROOM_TEMPERATURES + N_ROOMS  # N_ROOMS slots: in the Tower, the turn after an
#   access report and while the terminal works: for each locked room, the owners of the cards
#   that open it (bitmask; LOC-TOWER-3); UNSEEN for the other rooms or without a report
O_ENTRY_LOG = O_ACCESS_REPORT + N_ROOMS  # ENTRY_LOG_SLOTS * N_ROOMS slots: the same, after an
#   entry-log request (LOC-TOWER-4): slot k * N_ROOMS + r holds the owners whose cards opened
#   room r on turn t - 1 - k (k < terminal.entry_log_turns; ID-3, GAP-63); else UNSEEN
ENTRY_LOG_SLOTS = 5  # LOC-TOWER-4: "the last 5 turns"; terminal.entry_log_turns is at most this
# --- what the character perceives of the others (A18) ---
O_WOUND = O_ENTRY_LOG + ENTRY_LOG_SLOTS * N_ROOMS  # per character seen here: a W_* wound state
#                                                    (HP-2)
O_HELD = O_WOUND + MAX_CHARACTERS  # 2 per character seen here: item kinds in hand (LIGHT-1)
O_WEARS = O_HELD + 2 * MAX_CHARACTERS  # per character seen here: 1 if wearing a parka
O_PERCEIVED = O_WEARS + MAX_CHARACTERS  # PERCEIVED_SLOTS rows of PERCEIVED_FIELDS, in the
#   order they happened: (actor, event kind, target, a, b), UNSEEN where the character could not
#   perceive it (balance.kernel.perception)
PERCEIVED_SLOTS = 24
PERCEIVED_FIELDS = 5
# --- blood samples and the laboratory (kernel.lab) ---
O_LAB = O_PERCEIVED + PERCEIVED_SLOTS * PERCEIVED_FIELDS
LAB_LOG_ROWS = 16  # comparisons the laboratory's computer keeps (LOC-LAB-4)
LAB_LOG_FIELDS = 5  # label 1, label 2, who started it, the turn it finished, yes/no
LAB_FIELDS = 8 + LAB_LOG_ROWS * LAB_LOG_FIELDS  # the analyzer, and the computer's rows
O_LAB_SLOTS = O_LAB  # 2 slots: in the Laboratory while the analyzer works, the label on the
#   sample in slot 1 and 2 (a character, or codes.DOG_LABEL + dog), LAB_EMPTY if none, in any
#   lighting (LOC-LAB-1); else UNSEEN. Nobody sees a sample's true owner.
O_LAB_STAGE = O_LAB + 2  # ... and the stage: 0 idle, else the turn at whose end the running
#                          comparison finishes (its progress, read against the current turn)
O_LAB_ANALYZER_BROKEN = O_LAB + 3  # in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN
O_LAB_COMPUTER_BROKEN = O_LAB + 4  # in the Laboratory and seeing: 0/1 (GAP-20), else UNSEEN
O_LAB_VIEW_TURN = O_LAB + 5  # the turn one last read the computer (LOC-LAB-4), or UNSEEN
O_LAB_MY_QUESTION = O_LAB + 6  # the question of the last comparison one started (codes.Q_*),
#                                known to its starter alone (LOC-LAB-3), or UNSEEN
O_LAB_MY_FINISH = O_LAB + 7  # the turn that comparison finishes (its computer row's), or UNSEEN
O_LAB_LOG = O_LAB + 8  # LAB_LOG_ROWS rows of LAB_LOG_FIELDS, oldest first: the completed checks
#   as one read them at one's last view, those the computer still keeps (state.ST_LAB_LOG
#   fields); UNSEEN past them
LAB_EMPTY = -2  # an empty analyzer slot
N_OBS = O_LAB + LAB_FIELDS

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

"""Game state as a few plain arrays with named columns, allocated once per chunk of games.

Numba passes a tuple of arrays by copying every member on each call, so a state of forty
arrays costs most of a turn in call overhead. The state is therefore a handful of 2-D arrays
whose columns are the constants below (the vectorbt "enums" habit): `ch[c, CH_HP]` is
character c's HP. Each constant's comment gives its meaning and range.
Indices: c = character (0..players-1), i = item, b = block (0..2), r = room (codes.ROOM_NAMES).
"""

from typing import NamedTuple

import numpy as np

from balance.codes import MAX_DECLARED, N_BLOCKS, N_ITEM_KINDS, N_OBJECTS, N_ROOMS, N_STEPS
from balance.kernel import params as P
from balance.observation import (
    ENTRY_LOG_SLOTS,
    LAB_LOG_FIELDS,
    LAB_LOG_ROWS,
    MEMORY_SIZE,
    N_OBS,
    PERCEIVED_SLOTS,
)

# --- ch: int64[n, N_CH], one row per character ---
CH_ROOM = 0  # current room
CH_HP = 1  # 0..max (HP-1, THING-P-2)
CH_MAX_HP = 2  # 3 for humans, 4 for Things (GAP-38: converts too)
CH_FROST = 3  # frostbite marks 0..marks_per_hp-1 (FROST-2, FROST-3)
CH_PROFESSION = 4  # index into the profession table (GAP-3)
CH_PHYSICAL = 5  # 1..3 (STAT-1)
CH_INITIATIVE = 6  # 1..3
CH_ERUDITION = 7  # 1..3
CH_ALIVE = 8  # 0/1; a paralysed Thing is alive
CH_UNCONSCIOUS = 9  # 0/1 (UNC-*)
CH_FORM = 10  # codes.HUMAN / THING_HIDDEN / THING_ACTIVE (THING-1)
CH_ORIGINAL = 11  # 0/1: an original Thing (THING-P-4)
CH_INFECTED = 12  # 0/1 (INF-2)
CH_SURE_CONVERSION = 13  # 0/1: re-infected, converts for certain (INF-7)
CH_RECOVERED = 14  # 0/1: was infected before and woke human (GAP-36)
CH_BLACKOUT_TURN = 15  # turn of the infection's unconsciousness, 0 if none (INF-2)
CH_INFECT_READY = 16  # first turn an infection may be tried again (INF-6)
CH_PARALYSED_UNTIL = 17  # last turn of paralysis, 0 if not paralysed (THING-P-3)
CH_DEATH_CAUSE = 18  # codes.DC_*
CH_LEFT_STATION = 19  # 0 on the station, 1 rescued, 2 escaped
CH_HAND = 20  # 2 columns: item id in each hand or -1 (INV-1)
CH_BACKPACK = 22  # 3 columns: item ids or -1 (INV-3)
CH_WORN = 25  # worn parka item id or -1 (ITEM-PARKA)
CH_MOVE_TO = 26  # room a move heads for between exit and entry, -1 if none
CH_N_DECL = 27  # declarations kept this turn
CH_TIEBREAK = 28  # random key breaking equal Initiative this turn (RES-3)
CH_LOST_HAND = 29  # the hand a heavy wound took (INV-2), -1 if none
CH_COVERED_BY = 30  # who covers this character this turn (ACT-COVER), -1 if nobody
CH_SANITY = 31  # 0..sanity max (GAP-11)
CH_MIRROR_SANITY = 32  # sanity last seen in the mirror (LOC-LIVING-2), -1 if never looked
CH_FORECAST_TURN = 33  # turn of the last weather-station reading (LOC-TOWER-2), 0 if none
CH_LAST_BLUE = 34  # turn the last blue vial was drunk, 0 if none (VIAL-1)
CH_LAST_RED = 35  # turn the last red vial was drunk, 0 if none (VIAL-1)
CH_RED_UNTIL = 36  # last turn of the red vial's effect, 0 if none (ITEM-VIAL-RED)
CH_KNOCKOUT_TURN = 37  # turn of an overdose (or zero-sanity) blackout, 0 if none (VIAL-1, GAP-11)
CH_POISON_TURN = 38  # turn the blue-red mixture kills, 0 if none (GAP-49)
CH_SEATED = 40  # 0/1: took a helicopter seat this turn (HELI-5)
CH_DEFERRED = 41  # bitmask over action codes 0..63 this character resolves last this turn (AP-9)
CH_DEFERRED_HIGH = 46  # the same over action codes 64..127 (game.deferred)
CH_ORDER_INITIATIVE = 42  # the Initiative that orders this turn's resolution (RES-3, AP-10)
CH_RECIPES = 43  # bitmask of the crafting recipes known, by codes.RECIPE_* (CRAFT-1)
CH_FOOD_COUNTED = 44  # food boxes seen on the shelves at the last count (INFO-4)
CH_FOOD_COUNT_TURN = 45  # turn of that count (LOC-FREEZER-3), 0 if never
CH_STEPS = 39  # bitmask of the resolution steps of c's declarations this turn (game.resolve_turn)
CH_HINDERED = 47  # percentage points off this character's actions this turn (ACT-HINDER-CHAR)
CH_SHIELDED = 48  # percentage points off actions aimed at him this turn (ACT-HINDER-TARGET)
CH_HINDER_IMMUNE = 49  # last turn he cannot be hindered, 0 if none (GAP-28)
CH_REACT_TRIGGER = 60  # the event kind this turn's reaction waits for, -1 if none (GAP-33)
CH_REACT_ROW = 61  # the declaration it replaces
CH_REACT_STEP = 62  # that declaration's step: the trigger must come before it
CH_REACT_STATE = 63  # 0 waiting, 1 triggered, 2 done (the declaration replaced)
CH_REACT_ACTION = 64  # the replacement (action, target, arg)
CH_REACT_TARGET = 65
CH_REACT_ARG = 66
# ID cards (A13, GAP-5): the card of character c is item it.shape[0] - n + c (the last n items,
# see items.stock_items); what it opens is kept on its owner's row, whoever holds it (GAP-63)
CH_CARD_ACCESS = 50  # bitmask of the rooms the card owned by c opens (ID-1)
CH_CARD_TOP = 51  # 0/1: the card owned by c has top access (ID-1, LOC-TOWER-4)
CH_CODE_TURN = 52  # turn of c's code entries held below, 0 if none (ACT-CODE)
CH_CODE_ENTRIES = 53  # MAX_DECLARED columns: that turn's entries in order, locks.pack_entry or -1
CH_DOORS_SEEN = 59  # what c saw at doors in its room: locks.pack_seen (ACT-CODE, ID-1)
# the Thing's own actions, forms and archetypes (kernel.thing)
CH_ARCHETYPE = 67  # codes.ARCH_* (ARCH-1, GAP-41): the starting Things only
CH_HIDDEN_READY = 68  # first turn the hidden-form archetype ability may be used again (GAP-41)
CH_ACTIVE_READY = 69  # first turn the Queen's scream may be used again (ARCH-QUEEN-2, GAP-41)
CH_ORDER_COST = 70  # AP of the action this turn's Order forces, set when declared (GAP-42)
CH_TURN_ROOM = 71  # the room c was in at the start of this turn (ARCH-MUTANT-1)
CH_ROOMS_BEFORE = 72  # 3 columns: bitmask of the rooms c occupied during turns t-1, t-2, t-3
CH_RANK = 75  # c's place in this turn's resolution order, 0 first (RES-3: game.resolution_order)
CH_ORDER_KEY = 76  # Initiative and tiebreak as one sort key (RES-3: game.sort_by_initiative)
# contagion: saliva, first aid, corpses (kernel.contagion)
CH_SALIVA_TURN = 77  # turn the saliva's blackout is due, 0 if none (SALIVA-2, GAP-37)
CH_BURNED = 78  # 0/1: the body was burned, and is gone with its items (ACT-BURN-CORPSE, GAP-60)
# 79..81 free
# blood and the laboratory (kernel.lab, LOC-LAB-3/4)
CH_LAB_VIEW_TURN = 82  # turn c last read the laboratory computer, 0 if never
CH_LAB_VIEW_ROWS = 83  # comparisons the computer had logged then (ST_LAB_ROWS at the view)
CH_LAB_ASKED = 84  # the last comparison c started: lab.pack_asked(finish turn, question), 0 if none
CH_SHOTS_HEARD = 85  # shots c heard this turn where he stood, awake (INFO-1, WEATHER-2, UNC-1)
CH_AP_SPENT = 86  # AP of c's declarations resolved this turn, counted in check mode (AP-1)
CH_AP_TURN = 87  # AP c has this turn, set as it begins (AP-1, GAP-11 variant: less when shaken)
N_CH = 88

# --- it: int64[m, N_IT], one row per item ---
IT_KIND = 0  # codes item kind
IT_PLACE = 1  # codes.IN_SUPPLY / IN_ROOM / IN_HAND / IN_BACKPACK / WORN / DESTROYED
IT_WHERE = 2  # room or character, by place; -1 in supply or destroyed
IT_FUEL = 3  # fuel units held by a canister
IT_DROPPED_BY = 4  # character whose blackout dropped it, else -1 (UNC-1)
IT_ON = 5  # a flashlight or radio switched on: 0/1 (ITEM-FLASHLIGHT, ITEM-RADIO)
IT_DOSE = 6  # a food portion's substances: bits of kernel.food.DOSE_* (VIAL-2, GAP-49), else 0
IT_COLOUR = 7  # a radio's colour, by codes.RADIO_COLOUR_NAMES (LOC-RADIO-1)
IT_SALIVA = 8  # the delay a Thing's saliva on this item sets, 0 if clean (SALIVA-1/2, GAP-37)
IT_BLOOD_OWNER = 9  # a blood sample's donor: a character, or codes.DOG_LABEL + dog (ITEM-BLOOD)
IT_THING_BLOOD = 10  # 0/1: Thing blood, fixed when taken (INF-4, GAP-38, GAP-53)
IT_LABEL = 11  # the label written on it in the analyzer (LOC-LAB-2): an owner code, -1 before
IT_FLOOR = 12  # not the item's own: in row w, the bitmask of the items 64w..64w+63 put on a floor
#   (items.drop_on_floor) that observe.survey has not yet found gone from it; the survey counts
#   the items lying in the rooms from these bits instead of reading every item each turn
N_IT = 13

# --- st: int64[N_ST + weather length], the station and the game's scalars ---
ST_TURN = 0  # current turn, 1-based
ST_CALL_TURN = 1  # turn of the call for help, 0 if none (GAP-6)
ST_RESCUE_DUE = 2  # earliest turn the rescue can arrive, 0 if no call
ST_WINNER = 3
ST_REASON = 4
ST_N_EVENTS = 5  # events written so far (replay mode)
ST_YELLOW_LEFT = 6  # unopened yellow boxes (LOC-WAREHOUSE-3)
ST_LAST_LOSS_CAUSE = 7  # how the most recent human was lost: a death cause, or -1 for conversion
ST_PUMP_BROKEN = 8  # 0/1 (LOC-FUEL-1)
ST_GEN_FUEL = 9  # 3 cells: fuel units per block (GEN-1)
ST_GEN_RUNNING = 12  # 3 cells: 0/1 this turn (GEN-2, GAP-17)
ST_GEN_BROKEN = 15  # 3 cells: 0/1 (ACT-BREAK, GAP-20)
ST_BEACON_BROKEN = 18  # 3 cells: 0/1 (GAP-6)
ST_BEACON_ON = 21  # 3 cells: activated; active while also powered and unbroken (GAP-6)
ST_HELI_BROKEN = 24  # 3 cells: engine, main rotor, control panel (HELI-2), by codes.HELI_PARTS
ST_HELI_FUEL = 27  # fuel units in the helicopter's tank (HELI-2, HELI-3)
ST_HELI_PREPARED = 28  # turn the helicopter was last prepared, 0 if never (HELI-4)
ST_HELI_PILOT = 29  # who prepared it then, -1 if nobody (HELI-4, HELI-5)
ST_HELI_GONE = 30  # 0/1: the helicopter has flown (GAP-7: one flight)
# doors, codes, ID cards and the Tower terminal (A13, LOC-TOWER-3/4)
ST_DOORS_LOCKED = 31  # bitmask of the rooms whose door is locked (GAP-5, LOC-TOWER-4)
ST_DOORS_BROKEN = 32  # bitmask of the rooms whose door is broken (DOOR-2, DOOR-3, TEMP-2(b))
ST_LOCKDOWN = 33  # 0/1: every door locked, only top-access cards open them (LOC-TOWER-4)
ST_REPORT_TURN = 34  # turn the last access report was requested, 0 if never (LOC-TOWER-3)
ST_ENTRY_LOG_TURN = 35  # turn the last entry log was requested, 0 if never (LOC-TOWER-4)
ST_CODE = 36  # N_ROOMS cells: each room's code (kernel.public packing), -1 if it has none
ST_OPENED_FROM = ST_CODE + N_ROOMS  # N_ROOMS cells: bitmask of the rooms from which the door
#                                     was opened this turn (GAP-25: the link stays open)
LOG_SLOTS = ENTRY_LOG_SLOTS  # turns the entry log keeps (LOC-TOWER-4); slot = turn % LOG_SLOTS
LOG_ROOMS_PER_CELL = 4  # an entry-log cell holds a 16-bit owner mask for each of 4 rooms
LOG_CELLS = 4  # cells per turn: the 13 lockable rooms, 4 to a cell
ST_LOG_TURN = ST_OPENED_FROM + N_ROOMS  # LOG_SLOTS cells: the turn each slot holds
ST_LOG = ST_LOG_TURN + LOG_SLOTS  # LOG_SLOTS * LOG_CELLS cells: owners whose cards opened doors
# the laboratory (kernel.lab): ST_LOG + LOG_SLOTS * LOG_CELLS .. 99
ST_ANALYZER_BROKEN = ST_LOG + LOG_SLOTS * LOG_CELLS  # 0/1 (GAP-20)
ST_COMPUTER_BROKEN = ST_ANALYZER_BROKEN + 1  # 0/1 (GAP-20)
ST_LAB_SLOT = ST_COMPUTER_BROKEN + 1  # 2 cells: the sample in analyzer slot 1 and 2, -1 if empty
ST_LAB_STARTED = ST_LAB_SLOT + 2  # turn the running comparison started, 0 if none (LOC-LAB-3)
ST_LAB_STARTER = ST_LAB_STARTED + 1  # who started it, -1 if none
ST_LAB_QUESTION = ST_LAB_STARTER + 1  # the question he asked (codes.Q_*)
ST_LAB_ROWS = ST_LAB_QUESTION + 1  # comparisons completed so far; the computer keeps the last
#                                    LAB_LOG_ROWS of them in ST_LAB_LOG, row k at k % LAB_LOG_ROWS
ST_SHIELD_ROOMS = ST_LAB_ROWS + 1  # bitmask of the rooms with an object hindered this turn
# ST_LAB_ROWS + 2 .. 99: free
ST_TURN_EVENTS = 100  # index of the first event of the turn being perceived (A18)
ST_REMOTE_BROKEN = (
    101  # 3 cells: the turn, room and object of the latest remote break (ARCH-MUTANT-1)
)
# 104 .. 106: free
ST_FOOD_STOCK = 107  # food boxes left on the Freezer's shelves (LOC-FREEZER-2, GAP-50)
ST_STOVE_PREPARED = 108  # 0/1: a prepared box waits on the stove (LOC-LIVING-3, GAP-50)
# the Tower's and the Living quarters' devices (GAP-20), 0/1 each; 114 free
ST_WEATHER_STATION_BROKEN = 109  # LOC-TOWER-2
ST_TERMINAL_BROKEN = 110  # LOC-TOWER-1/3/4: its functions and its passive display
ST_STOVE_BROKEN = 111  # LOC-LIVING-3/4
ST_MIRROR_BROKEN = 112  # LOC-LIVING-2
ST_STEPS = 113  # bitmask of the resolution steps of any declaration this turn (resolve_turn)
ST_DOG_ALIVE = 115  # 2 cells: 0/1 each dog of the Kennel (LOC-KENNEL-1)
ST_DOG_BURNED = 117  # 2 cells: 0/1 a dead dog burned (LOC-KENNEL-2, GAP-53)
# 119, 122: contagion, corpses (kernel.contagion); 127..129 free
ST_FIRE_ROOMS = 119  # bitmask of the rooms where a body or a dog burned this turn (ACT-BURN-CORPSE)
ST_FIRE_LIGHT = 122  # bitmask of the rooms those fires light this turn (LIGHT-6)
# what every observation of a turn shares, surveyed once before the declarations (observe.survey)
ST_ORIGINALS = 123  # bitmask of the original Things (THING-P-4)
ST_CONVERTS = 124  # bitmask of the converts (GAP-38, THING-P-5: thing.is_convert)
ST_LAMPS_LOCKED = 125  # bitmask of the rooms whose door lamp shows codes.DOOR_LOCKED (DOOR-1)
ST_SHOWN_UNCONSCIOUS = 126  # bitmask of those shown unconscious in sight, "dead" unseen (LIGHT-2)
ST_REACTIONS = 120  # reactions declared this turn (GAP-33)
ST_STEP = 121  # the resolution step under way (RES-ORDER), 0 outside resolution
ST_FIXTURE_BROKEN = 130  # N_ROOMS cells: 0/1, a room's light fixture (GAP-20; none on the Street)
ST_LAB_LOG = ST_FIXTURE_BROKEN + N_ROOMS  # LAB_LOG_ROWS * LAB_LOG_FIELDS cells: the computer's
#   rows (LOC-LAB-4): the labels in slot 1 and 2, who started it, the turn it finished, the
#   answer (1 yes, 0 no); the fields are LAB_* below
LAB_LABEL_1 = 0
LAB_LABEL_2 = 1
LAB_STARTER = 2
LAB_FINISHED = 3
LAB_ANSWER = 4
ST_TEMPERATURE = ST_LAB_LOG + LAB_LOG_ROWS * LAB_LOG_FIELDS  # N_ROOMS cells (TEMP-*)
ST_LIGHTING = ST_TEMPERATURE + N_ROOMS  # N_ROOMS cells: this turn's lighting (GAP-22)
ST_OCCUPANTS = ST_LIGHTING + N_ROOMS  # N_ROOMS cells: bitmask of the characters whose CH_ROOM
#   is the room, whatever their state, kept by every placing and move (perception.place): who is
#   in a room is read, not searched for
ST_STEP_RANKS = ST_OCCUPANTS + N_ROOMS  # N_STEPS + 1 cells, by resolution step: bitmask of the
#   ranks (CH_RANK) of the characters with a declaration in it this turn (steps.add_step)
ST_SHIELDS = ST_STEP_RANKS + N_STEPS + 1  # N_ROOMS * N_OBJECTS cells: percentage points off the
#   actions aimed at each object of each room this turn (ACT-HINDER-TARGET), by room then object
ST_WEATHER = ST_SHIELDS + N_ROOMS * N_OBJECTS  # weather by turn, drawn in advance (GAP-55)
N_ST = ST_WEATHER


# --- each room as surveyed once a turn, before the declarations (observe.survey) ---
RS_CHARACTERS = 0  # bitmask of the characters in the room on the station, alive or not
RS_BODIES = 1  # bitmask of the bodies lying there that can still be burned (contagion.burnable)
RS_DOOR = 2  # what the lamp of its door shows (codes.DOOR_*, locks.door_lamp)
N_RS = 3

# --- each character as surveyed once a turn, before the declarations (observe.survey) ---
CS_CARDS = 0  # bitmask of the owners of the ID cards the character carries
CS_LOOKS = 1  # how he shows to those in his room who see (balance.observation.P_*)
CS_LOOKS_DARK = 2  # how he shows to those who do not (LIGHT-2: the unconscious as "dead")
CS_WOUND = 3  # his public wound state (balance.observation.W_*: observe.wound_state)
CS_HELD = 4  # 2 cells: the kind of item in each hand, codes.NO_ITEM for none
CS_WEARS = 6  # 1 if he wears a parka
N_CS = 7

# --- events: int64[E, N_EV], one row per event ---
EV_TURN = 0
EV_KIND = 1  # codes.E_*
EV_ACTOR = 2  # character, -1 for none
EV_TARGET = 3
EV_A = 4  # the kind's details, see codes.E_*
EV_B = 5
EV_ROOM = 6  # where it happened, -1 for station events
EV_SEERS = 7  # bitmask of the characters who saw it (balance.kernel.perception)
EV_PRESENT = 8  # bitmask of the characters present, seeing or not
EV_NOTICERS = 9  # bitmask of the characters who perceive anything of it (perception.noticers)
N_EV = 10
TURN_EVENTS_PER_PLAYER = 40  # batch runs keep only the current turn's events: this many each

# --- replay snapshot of a character: the last axis of Replay.characters ---
SNAP_ROOM = 0
SNAP_HP = 1
SNAP_FROST = 2
SNAP_PARKA = 3
SNAP_PHYSICAL = 4
SNAP_INITIATIVE = 5
SNAP_ERUDITION = 6
SNAP_ALIVE = 7
SNAP_CONSCIOUS = 8
SNAP_FORM = 9  # codes.HUMAN / THING_HIDDEN / THING_ACTIVE (hidden truth)
SNAP_INFECTED = 10
SNAP_MAX_HP = 11
SNAP_HAND_0 = 12  # item kind or NO_ITEM
SNAP_HAND_1 = 13
SNAP_HOLDS = 14  # the characters his policy held for Things (its report, MEM_HELD_THINGS)
SNAP_FIELDS = 15


class Game(NamedTuple):
    """Every array of one game. Unpacked once per game: the turn loop passes arrays, never this."""

    ch: np.ndarray  # int64[n, N_CH]
    it: np.ndarray  # int64[m, N_IT]
    st: np.ndarray  # int64[N_ST + max_turns + forecast + 2]
    decl: np.ndarray  # int64[n, MAX_DECLARED, 4]: (action, target, arg, AP it cost) per declaration
    order: np.ndarray  # int64[n]: this turn's resolution order (RES-3)
    obs: np.ndarray  # int64[N_OBS]: scratch observation vector
    room_items: np.ndarray  # int64[N_ROOMS, N_ITEM_KINDS + 1]: observe.survey
    room_survey: np.ndarray  # int64[N_ROOMS, N_RS]: observe.survey
    char_survey: np.ndarray  # int64[n, N_CS]: observe.survey
    noticed: np.ndarray  # int64[n, PERCEIVED_SLOTS + 1]: perception.list_noticed
    memory: np.ndarray  # int64[n, MEMORY_SIZE]: each character's policy memory
    rng: np.ndarray  # uint64[n + 2]: 0 the world, 1 + c character c's policy, n + 1 the weather
    events: np.ndarray  # int64[E, N_EV]: the whole game in replay mode, one turn in batch runs
    snap_weather: np.ndarray  # int64[T]: replay only (T = 0 in batch runs)
    snap_gen: np.ndarray  # int64[T, 3, 3]: per block fuel, running, broken
    snap_rooms: np.ndarray  # int64[T, 3, N_ROOMS]: temperature, lighting, door (codes.DOOR_*)
    snap_chars: np.ndarray  # int64[T, n, SNAP_FIELDS]
    # int64[1]: shared by a run's chunks; set to 1 (Ctrl-C, an error) to end each chunk before
    # its next game (balance.play.play_chunk)
    stop: np.ndarray


def item_capacity(ip):
    """Items preallocated per game: yellow-box contents, axes, the unlimited-stock pools, the
    stock lying in rooms, the food boxes and the portions cooking can make of them, the radios,
    the blood samples and the ID cards."""
    return (
        ip[P.I_PISTOLS]
        + ip[P.I_BANDAGES]
        + ip[P.I_BLUE_VIALS]
        + ip[P.I_RED_VIALS]
        + ip[P.I_PARKAS]
        + ip[P.I_FLASHLIGHTS]
        + ip[P.I_AXES]
        + ip[P.I_POOL_CANISTERS]
        + ip[P.I_POOL_PARTS]
        + ip[P.I_POOL_SCRAP]
        + ip[P.I_POOL_WIRES]
        + ip[P.I_POOL_FLAMETHROWERS]
        + ip[P.I_POOL_GRENADES]
        + ip[P.I_POOL_PISTOLS]
        + ip[P.I_RADIOS]
        + ip[P.I_RADIOS + 1]
        + ip[P.I_RADIOS + 2]
        + ip[P.I_FOOD] * (1 + ip[P.I_PORTIONS])  # each box and the portions it can become
        + ip[P.I_BLOOD_SAMPLES]  # ITEM-BLOOD: the samples that can be taken in a game
        + ip[P.I_PLAYERS]  # one ID card each (GAP-5)
    )


def allocate(ip, n_events, stop=None):
    """Allocate one game's arrays for the players and items in ip; n_events > 0 switches on
    replay mode (the whole game's event log and per-turn snapshots), else the event log holds
    one turn. `stop` is the run's stop flag (int64[1]), a fresh one when None. Plain numpy,
    called from Python: the compiled kernel never allocates (balance.compile.jit)."""
    n = ip[P.I_PLAYERS]
    t = ip[P.I_MAX_TURNS] if n_events > 0 else 0
    i64 = np.int64
    return Game(
        np.zeros((n, N_CH), i64),
        np.zeros((item_capacity(ip), N_IT), i64),
        np.zeros(N_ST + ip[P.I_MAX_TURNS] + ip[P.I_FORECAST] + 2, i64),
        np.zeros((n, MAX_DECLARED, 4), i64),
        np.zeros(n, i64),
        np.zeros(N_OBS, i64),
        np.zeros((N_ROOMS, N_ITEM_KINDS + 1), i64),
        np.zeros((N_ROOMS, N_RS), i64),
        np.zeros((n, N_CS), i64),
        np.zeros((n, PERCEIVED_SLOTS + 1), i64),
        np.zeros((n, MEMORY_SIZE), i64),
        np.zeros(n + 2, np.uint64),
        np.zeros((n_events if n_events > 0 else n * TURN_EVENTS_PER_PLAYER, N_EV), i64),
        np.zeros(t, i64),
        np.zeros((t, N_BLOCKS, 3), i64),
        np.zeros((t, 3, N_ROOMS), i64),
        np.zeros((t, n, SNAP_FIELDS), i64),
        np.zeros(1, i64) if stop is None else stop,
    )

"""The classic game's state: a few plain arrays with named columns, allocated once per chunk.

As in balance.kernel.state, `ch[c, CH_HP]` is character c's hit points; `st` holds the
station's scalars. Indices: c = character, l = location (classic.codes.LOC_NAMES),
o = object (classic.codes.OBJECT_NAMES), k = item kind, s = sample row.
"""

from typing import NamedTuple

import numpy as np

from balance.classic import params as P
from balance.classic.codes import MAX_DECLARED, MAX_SAMPLES, N_ITEMS, N_LOC, N_OBJECTS
from balance.classic.observation import MEMORY_SIZE, N_OBS

# --- ch: int64[n, N_CH] ---
CH_LOC = 0  # current location
CH_HP = 1  # hit points, 0..CH_MAX_HP
CH_MAX_HP = 2  # health.human_hp, or health.thing_hp for a Thing
CH_PROFESSION = 3  # classic.codes PILOT .. SCIENTIST
CH_ALIVE = 4  # 0/1; a paralysed Thing is alive
CH_THING = 5  # 0/1: a Thing, hidden or active
CH_ACTIVE = 6  # 0/1: in the active form (CL-THING-REVEAL)
CH_ORIGINAL = 7  # 0/1: a Thing from the start
CH_CONVERT_TURN = 8  # turn an infected human becomes a Thing, 0 if not infected
CH_INFECTOR = 9  # who infected him, -1
CH_PARALYSED_UNTIL = 10  # last turn of paralysis, 0 if not paralysed (CL-COMBAT-2)
CH_SLOT = 11  # 2 columns: item kinds held (classic.codes WEAPON ..), 0 empty
CH_BULLETS = 13  # bullets carried (CL-ITEM)
CH_LIGHT_ON = 14  # 0/1: his flashlight is on (CL-LIGHT-3)
CH_ESCAPED = 15  # 0/1: flew away (CL-WIN-1)
CH_DEATH_CAUSE = 16  # balance.codes.DC_*
CH_FELT = 17  # turn someone last tried to infect him in the dark (CL-THING-INF), 0
CH_START_LOC = 18  # location at the start of the turn: where he acts (CL-TURN-2)
CH_HINDERED = 19  # hinderers on him this turn
CH_N_DECL = 20  # declarations kept this turn
CH_TAINT = 21  # 2 columns: the item in each slot was last held by a Thing (CL-GAP-13)
CH_DAMAGE = 23  # hits taken this turn, applied together (CL-TURN-2)
CH_HIT_BY = 24  # the last who hit him this turn, -1
CH_MOVE_TO = 25  # location he moves to at the turn's end, -1
CH_ABOARD = 26  # 1: boards the helicopter this turn; 2: prepares it (CL-LOC-HELI)
CH_ACT = 27  # his turn's action (A_*), once declared (declare_all)
CH_ACT_TARGET = 28
CH_ACT_ARG = 29
CH_LAST_ACT = 30  # his action of the turn before (CH_ACT when it ended): what was seen (CL-LIGHT-1)
CH_LAST_TARGET = 31
CH_LAST_ARG = 32
N_CH = 33

# --- st: int64[N_ST] ---
ST_TURN = 0
ST_GEN_ON = 1  # 0/1: switched on (it runs while switched on and not broken)
ST_GEN_SINCE = 2  # turn it was last switched on or off (CL-TEMP-1)
ST_TEMPERATURE = 3
ST_HELI_FUEL = 4
ST_HELI_PREPARED = 5  # turns of preparation done
ST_HELI_GONE = 6  # 0/1: flown away or wrecked
ST_FOOD = 7  # food units in the store
ST_STARVE_TURN = 8  # turn the humans starve, 0 while food is left (CL-LOC-FOOD)
ST_DOGS = 9
ST_FORECAST_CYCLE = 10  # cycle of the last logged forecast, -1 (CL-LOC-METEO)
ST_SHOTS = 11  # shots fired this turn (CL-COMBAT-3: heard everywhere)
ST_N_EVENTS = 12
ST_N_CLAIMS = 13  # claims said this turn
ST_WINNER = 14
ST_REASON = 15
N_ST = 16

# --- obj: int64[N_OBJECTS]: hits left ---
# --- store: int64[N_LOC, N_ITEMS]: items in each location's store ---
# --- floor: int64[N_LOC, N_ITEMS, 2]: items lying in each location, clean and tainted ---

# --- samples: int64[MAX_SAMPLES, N_SM] ---
SM_HOLDER = 0  # who holds it, -1 a free row
SM_LABEL = 1  # whose blood its holder takes it for (bitmask of sources)
SM_CONTENT = 2  # whose blood it holds (bitmask)
SM_POSITIVE = 3  # 0/1: it holds a Thing's or an infected's blood (CL-THING-INF)
N_SM = 4

# --- decl: int64[n, MAX_DECLARED, 3]: (action, target, arg), kept until the next turn's
# declarations: the next observations read what was seen of them ---

# --- claims: int64[MAX_CLAIMS, N_CL]: this turn's claims and who hears them ---
CL_SPEAKER = 0
CL_SUBJECT = 1
CL_SAYS = 2
CL_HEARERS = 3  # bitmask
N_CL = 4
MAX_CLAIMS = 64

# --- events: int64[k, 6]: (turn, kind, actor, target, a, b) ---
N_EV = 6
TURN_EVENTS_PER_PLAYER = 12

# --- snapshots (replay): per turn, the station and each character ---
SNAP_ST = (ST_GEN_ON, ST_TEMPERATURE, ST_HELI_FUEL, ST_HELI_PREPARED, ST_FOOD)
SNAP_CH = (CH_LOC, CH_HP, CH_ALIVE, CH_THING, CH_ACTIVE, CH_CONVERT_TURN, CH_PARALYSED_UNTIL)


class Game(NamedTuple):
    ch: np.ndarray
    st: np.ndarray
    obj: np.ndarray
    store: np.ndarray
    floor: np.ndarray
    samples: np.ndarray
    decl: np.ndarray
    order: np.ndarray  # int64[n]: this turn's order of resolution
    claims: np.ndarray  # this turn's, read in the next turn's observations
    lit: np.ndarray  # int64[2, N_LOC]: 0/1, each location lit now, and during last turn's actions
    results: np.ndarray  # int64[n, 2, 2]: (label, positive) of the analyses read this turn
    obs: np.ndarray
    memory: np.ndarray
    rng: np.ndarray
    events: np.ndarray
    snap_st: np.ndarray
    snap_ch: np.ndarray
    stop: np.ndarray


def allocate(ip, n_events, stop=None):
    """One game's arrays for ip's players; n_events > 0 switches on replay mode (the whole
    game's event log and a snapshot per turn). Plain numpy, called from Python."""
    n = ip[P.I_PLAYERS]
    t = ip[P.I_MAX_TURNS] if n_events > 0 else 0
    i64 = np.int64
    return Game(
        np.zeros((n, N_CH), i64),
        np.zeros(N_ST, i64),
        np.zeros(N_OBJECTS, i64),
        np.zeros((N_LOC, N_ITEMS), i64),
        np.zeros((N_LOC, N_ITEMS, 2), i64),
        np.zeros((MAX_SAMPLES, N_SM), i64),
        np.zeros((n, MAX_DECLARED, 3), i64),
        np.zeros(n, i64),
        np.zeros((MAX_CLAIMS, N_CL), i64),
        np.zeros((2, N_LOC), i64),
        np.zeros((n, 2, 2), i64),
        np.zeros(N_OBS, i64),
        np.zeros((n, MEMORY_SIZE), i64),
        np.zeros(n + 2, np.uint64),
        np.zeros((n_events if n_events > 0 else n * TURN_EVENTS_PER_PLAYER, N_EV), i64),
        np.zeros((t, len(SNAP_ST)), i64),
        np.zeros((t, n, len(SNAP_CH)), i64),
        np.zeros(1, i64) if stop is None else stop,
    )

"""Game state as named arrays: allocated once per chunk of games, reset between games.

Every field is a plain numpy array so that numba compiles one signature; the comment on each
field gives its meaning and range. Indices: c = character (0..players-1), i = item, b = block
(0..2), r = room (codes.ROOM_NAMES).
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from balance.codes import MAX_DECLARED, N_BLOCKS, N_ROOMS
from balance.kernel import params as P
from balance.observation import MEMORY_SIZE, N_OBS

# --- scalars: indices into State.g ---
G_TURN = 0            # current turn, 1-based
G_CALL_TURN = 1       # turn of the call for help, 0 if none (GAP-6)
G_RESCUE_DUE = 2      # earliest turn the rescue can arrive, 0 if no call
G_WINNER = 3
G_REASON = 4
G_N_EVENTS = 5        # events written so far (replay mode)
G_YELLOW_LEFT = 6     # unopened yellow boxes (LOC-WAREHOUSE-3)
G_LAST_LOSS_CAUSE = 7 # how the most recent human was lost: a death cause, or -1 for conversion
G_PUMP_BROKEN = 8     # 0/1 (LOC-FUEL-1)
N_G = 9

# --- replay snapshot of a character: indices into the last axis of Replay.characters ---
SNAP_ROOM = 0
SNAP_HP = 1
SNAP_FROST = 2
SNAP_PARKA = 3
SNAP_PHYSICAL = 4
SNAP_INITIATIVE = 5
SNAP_ERUDITION = 6
SNAP_ALIVE = 7
SNAP_CONSCIOUS = 8
SNAP_FORM = 9         # codes.HUMAN / THING_HIDDEN / THING_ACTIVE (hidden truth)
SNAP_INFECTED = 10
SNAP_MAX_HP = 11
SNAP_HAND_0 = 12      # item kind or NO_ITEM
SNAP_HAND_1 = 13
SNAP_FIELDS = 14


class State(NamedTuple):
    # --- characters ---
    room: np.ndarray             # [n] current room
    hp: np.ndarray               # [n] 0..max_hp (HP-1, THING-P-2)
    max_hp: np.ndarray           # [n] 3 for humans, 4 for Things (GAP-38: converts too)
    frost: np.ndarray            # [n] frostbite marks 0..marks_per_hp-1 (FROST-2, FROST-3)
    profession: np.ndarray       # [n] index into the profession table (GAP-3)
    physical: np.ndarray         # [n] 1..3 (STAT-1)
    initiative: np.ndarray       # [n] 1..3
    erudition: np.ndarray        # [n] 1..3
    alive: np.ndarray            # [n] 0/1; a paralysed Thing is alive
    unconscious: np.ndarray      # [n] 0/1 (UNC-*)
    form: np.ndarray             # [n] HUMAN / THING_HIDDEN / THING_ACTIVE (THING-1)
    original: np.ndarray         # [n] 0/1: an original Thing (THING-P-4)
    infected: np.ndarray         # [n] 0/1 (INF-2)
    sure_conversion: np.ndarray  # [n] 0/1: re-infected, converts for certain (INF-7)
    recovered: np.ndarray        # [n] 0/1: was infected before and woke human (GAP-36)
    blackout_turn: np.ndarray    # [n] turn of the infection's unconsciousness, 0 if none (INF-2)
    infect_ready: np.ndarray     # [n] first turn an infection may be tried again (INF-6)
    paralysed_until: np.ndarray  # [n] last turn of paralysis, 0 if not paralysed (THING-P-3)
    death_cause: np.ndarray      # [n] codes.DC_*
    left_station: np.ndarray     # [n] 0 on the station, 1 rescued, 2 escaped
    hand: np.ndarray             # [n, 2] item id or -1 (INV-1)
    backpack: np.ndarray         # [n, 3] item id or -1 (INV-3)
    worn: np.ndarray             # [n] worn parka item id or -1 (ITEM-PARKA)
    move_to: np.ndarray          # [n] room a declared move heads for this turn, -1 if none
    # --- items ---
    item_kind: np.ndarray        # [m] codes item kind
    item_place: np.ndarray       # [m] IN_SUPPLY / IN_ROOM / IN_HAND / IN_BACKPACK / WORN / DESTROYED
    item_where: np.ndarray       # [m] room or character, by place; -1 in supply or destroyed
    item_fuel: np.ndarray        # [m] fuel units held by a canister
    item_dropped_by: np.ndarray  # [m] character whose unconsciousness dropped it, else -1 (UNC-1)
    # --- station ---
    gen_fuel: np.ndarray         # [3] fuel units (GEN-1)
    gen_running: np.ndarray      # [3] 0/1 this turn (GEN-2, GAP-17)
    gen_broken: np.ndarray       # [3] 0/1 (ACT-BREAK, GAP-20)
    beacon_broken: np.ndarray    # [3] 0/1 (GAP-6)
    beacon_on: np.ndarray        # [3] 0/1 activated (GAP-6); active while also powered, unbroken
    temperature: np.ndarray      # [N_ROOMS] (TEMP-*)
    lighting: np.ndarray         # [N_ROOMS] this turn's lighting (GAP-22)
    weather: np.ndarray          # [max_turns + forecast + 1] weather by turn, drawn in advance (GAP-55)
    g: np.ndarray                # [N_G] scalars, G_* indices
    # --- declarations and resolution scratch ---
    decl: np.ndarray             # [n, MAX_DECLARED, 3] (action, target, arg)
    n_decl: np.ndarray           # [n] declarations kept this turn
    order: np.ndarray            # [n] resolution order for this turn (RES-3)
    tiebreak: np.ndarray         # [n] random key breaking equal Initiative this turn
    # --- knowledge and randomness ---
    obs: np.ndarray              # [N_OBS] scratch observation vector
    memory: np.ndarray           # [n, MEMORY_SIZE] each character's policy memory
    rng: np.ndarray              # [n + 1] uint64 streams: 0 the world, 1 + c character c's policy
    # --- replay mode only (zero-length in batch runs) ---
    events: np.ndarray           # [E, 6] (turn, kind, actor, target, a, b), kinds codes.E_*
    snap_weather: np.ndarray     # [T] weather at each turn start
    snap_gen: np.ndarray         # [T, 3, 3] per block: fuel, running, broken
    snap_rooms: np.ndarray       # [T, 2, N_ROOMS] temperature, lighting
    snap_chars: np.ndarray       # [T, n, SNAP_FIELDS]


@njit(cache=True)
def item_capacity(ip):
    """Items preallocated per game: yellow-box contents, axes and the unlimited-stock pools."""
    return (ip[P.I_PARKAS] + ip[P.I_FLASHLIGHTS] + ip[P.I_AXES] + ip[P.I_POOL_CANISTERS]
            + ip[P.I_POOL_PARTS] + ip[P.I_POOL_SCRAP])


@njit(cache=True)
def allocate(ip, n_events):
    """Allocate the state of one game for the players and item counts in ip; n_events > 0
    switches on replay mode (event log and per-turn snapshots)."""
    n = ip[P.I_PLAYERS]
    t = ip[P.I_MAX_TURNS] if n_events > 0 else 0
    m = item_capacity(ip)
    n_weather = ip[P.I_MAX_TURNS] + ip[P.I_FORECAST] + 2
    i64 = np.int64
    return State(
        np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64),
        np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64),
        np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64),
        np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, i64),
        np.zeros((n, 2), i64), np.zeros((n, 3), i64), np.zeros(n, i64), np.zeros(n, i64),
        np.zeros(m, i64), np.zeros(m, i64), np.zeros(m, i64), np.zeros(m, i64), np.zeros(m, i64),
        np.zeros(N_BLOCKS, i64), np.zeros(N_BLOCKS, i64), np.zeros(N_BLOCKS, i64),
        np.zeros(N_BLOCKS, i64), np.zeros(N_BLOCKS, i64),
        np.zeros(N_ROOMS, i64), np.zeros(N_ROOMS, i64), np.zeros(n_weather, i64), np.zeros(N_G, i64),
        np.zeros((n, MAX_DECLARED, 3), i64), np.zeros(n, i64), np.zeros(n, i64), np.zeros(n, np.float64),
        np.zeros(N_OBS, i64), np.zeros((n, MEMORY_SIZE), i64), np.zeros(n + 1, np.uint64),
        np.zeros((n_events, 6), i64), np.zeros(t, i64), np.zeros((t, N_BLOCKS, 3), i64),
        np.zeros((t, 2, N_ROOMS), i64), np.zeros((t, n, SNAP_FIELDS), i64),
    )

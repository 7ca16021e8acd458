"""The station: generators and fuel, weather, lighting and temperature (A11, A14, A15, A16)."""

import numpy as np

from balance import codes
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.kernel.public import burn_per_turn
from balance.compile.jit import compiled
from balance.kernel.perception import can_act
from balance.kernel.rng import chance, weather_stream
from balance.kernel.state import (
    CH_HAND,
    CH_ROOM,
    IT_KIND,
    IT_ON,
    ST_DOORS_BROKEN,
    ST_GEN_BROKEN,
    ST_GEN_FUEL,
    ST_GEN_RUNNING,
    ST_FIXTURE_BROKEN,
    ST_LIGHTING,
    ST_TEMPERATURE,
    ST_TURN,
    ST_WEATHER,
)
from balance.kernel.perception import sees_in_room
from balance.kernel.state import (
    CH_ALIVE,
    CH_LEFT_STATION,
    CH_PARALYSED_UNTIL,
    ST_ANALYZER_BROKEN,
    ST_BEACON_BROKEN,
    ST_BEACON_ON,
    ST_COMPUTER_BROKEN,
    ST_HELI_BROKEN,
    ST_HELI_GONE,
    ST_MIRROR_BROKEN,
    ST_PUMP_BROKEN,
    ST_STOVE_BROKEN,
    ST_TERMINAL_BROKEN,
    ST_WEATHER_STATION_BROKEN,
)


@compiled
def draw_weather(st, rng, ip, fp):
    """WEATHER-1, WEATHER-4, GAP-55: the whole sequence is drawn in advance so forecasts are
    exact; turn 1 has the initial weather and each later turn is rolled."""
    st[ST_WEATHER + 0] = ip[P.I_WEATHER_INITIAL]
    st[ST_WEATHER + 1] = ip[P.I_WEATHER_INITIAL]
    k = weather_stream(rng)
    for t in range(2, st.shape[0] - ST_WEATHER):
        st[ST_WEATHER + t] = codes.CLEAR if chance(rng, k, fp[P.F_CLEAR_CHANCE]) else codes.STORM


@compiled
def burn_generators(st, events, ip):
    """GEN-2, GAP-17: at the start of each turn a working generator burns its share; one that
    cannot, or is broken, stops for the turn and keeps its fuel. With generator.burn_timing =
    "step_13" the share is only needed here and is burnt at the turn's end (burn_in_step_13).
    Returns generators off."""
    burn = burn_per_turn(ip)
    at_start = ip[P.I_BURN_TIMING] == 0
    off = 0
    for b in range(codes.N_BLOCKS):
        was = st[ST_GEN_RUNNING + b]
        if st[ST_GEN_BROKEN + b] == 0 and st[ST_GEN_FUEL + b] >= burn:
            if at_start:
                st[ST_GEN_FUEL + b] -= burn
            st[ST_GEN_RUNNING + b] = 1
        else:
            st[ST_GEN_RUNNING + b] = 0
            off += 1
        if st[ST_TURN] > 1 and was != st[ST_GEN_RUNNING + b]:
            log_event(st, events, codes.E_GENERATOR, -1, -1, b, st[ST_GEN_RUNNING + b])
    return off


@compiled
def burn_in_step_13(st, ip):
    """GEN-2, GAP-17 with generator.burn_timing = "step_13" (RES-ORDER's fuel consumption):
    each generator that ran this turn and is still whole burns its share at the turn's end, or
    what is left of it when it was drawn from meanwhile."""
    if ip[P.I_BURN_TIMING] != 1:
        return
    burn = burn_per_turn(ip)
    for b in range(codes.N_BLOCKS):
        if st[ST_GEN_RUNNING + b] == 1 and st[ST_GEN_BROKEN + b] == 0:
            st[ST_GEN_FUEL + b] = max(0, st[ST_GEN_FUEL + b] - burn)


@compiled
def any_generator_running(st):
    for b in range(codes.N_BLOCKS):
        if st[ST_GEN_RUNNING + b] == 1:
            return True
    return False


@compiled
def room_powered(st, room_block, r):
    """GEN-3, GEN-6, GAP-2: a block room needs its generator, the Tower any, the Street none."""
    b = room_block[r]
    if b == codes.BLOCK_STREET:
        return False
    if b == codes.BLOCK_TOWER:
        return any_generator_running(st)
    return st[ST_GEN_RUNNING + b] == 1


@compiled
def flashlight_rooms(ch, it):
    """LIGHT-3, ITEM-FLASHLIGHT: bitmask of rooms where a living, conscious character holds a
    switched-on flashlight in hand."""
    mask = 0
    for c in range(ch.shape[0]):
        able = can_act(ch, c)
        for h in range(2):  # without a branch: who holds one varies from turn to turn
            i = ch[c, CH_HAND + h]
            j = max(i, 0)  # a row to read when the hand is empty, its answer masked off
            on = able & (i >= 0) & (it[j, IT_KIND] == codes.FLASHLIGHT_ITEM) & (it[j, IT_ON] == 1)
            mask |= np.int64(on) << ch[c, CH_ROOM]
    return mask


@compiled
def compute_lighting(ch, it, st, room_block):
    """LIGHT-1..4, GAP-22: each room's lighting, computed once per turn after burn and weather;
    a flashlight lights a dark room, never a blizzard (LIGHT-3, LIGHT-4)."""
    storm = st[ST_WEATHER + st[ST_TURN]] == codes.STORM
    torches = flashlight_rooms(ch, it)
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            st[ST_LIGHTING + r] = (
                codes.BLIZZARD if storm else codes.DARK
            )  # LIGHT-4, WEATHER-3, LOC-STREET-1
        elif room_powered(st, room_block, r) and st[ST_FIXTURE_BROKEN + r] == 0:
            st[ST_LIGHTING + r] = codes.LIGHT  # LIGHT-1: power and an intact light fixture
        else:
            st[ST_LIGHTING + r] = codes.DARK  # LIGHT-2, GEN-3: no power or a broken fixture
        if st[ST_LIGHTING + r] == codes.DARK and (torches >> r) & 1 == 1:
            st[ST_LIGHTING + r] = codes.FLASHLIGHT  # LIGHT-3


@compiled
def update_temperatures(st, ip, room_block):
    """TEMP-2..5, GAP-46: once per turn after step 13, each room falls by a step per condition
    that holds (no power; a broken outside door) or rises by a step, within its range."""
    step = ip[P.I_T_STEP]
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            st[ST_TEMPERATURE + r] = ip[P.I_T_STREET]  # TEMP-4: always -45
            continue
        conditions = 0 if room_powered(st, room_block, r) else 1  # TEMP-2(a)
        conditions += (st[ST_DOORS_BROKEN] >> r) & 1  # TEMP-2(b): its outside door is broken
        t = (
            st[ST_TEMPERATURE + r] - step * conditions
            if conditions > 0
            else st[ST_TEMPERATURE + r] + step
        )
        ceiling = (
            ip[P.I_T_FREEZER] if r == codes.FREEZER else ip[P.I_T_MAX]
        )  # TEMP-5, LOC-FREEZER-1, GAP-46
        st[ST_TEMPERATURE + r] = max(ip[P.I_T_MIN], min(ceiling, t))  # TEMP-4


@compiled
def block_of_generator_room(room_block, r):
    """The block whose generator stands in room r, or -1 if r is not a generator room."""
    for b in range(codes.N_BLOCKS):
        if codes.GENERATOR_ROOMS[b] == r:
            return room_block[r]
    return -1


@compiled
def living_in_room(ch, r):
    """INF-5(b), GAP-36, GAP-56: living characters present; unconscious count, paralysed do not."""
    n = 0
    for d in range(ch.shape[0]):
        if (
            ch[d, CH_ROOM] == r
            and ch[d, CH_ALIVE] == 1
            and ch[d, CH_PARALYSED_UNTIL] == 0
            and ch[d, CH_LEFT_STATION] == 0
        ):
            n += 1
    return n


@compiled
def object_here(room_block, r, obj):
    """GAP-20: which breakable objects stand in room r."""
    if obj == codes.OBJ_GENERATOR or obj == codes.OBJ_BEACON:
        return block_of_generator_room(room_block, r) >= 0
    if obj == codes.OBJ_PUMP:
        return r == codes.FUEL_ROOM
    if codes.OBJ_ENGINE <= obj <= codes.OBJ_PANEL:
        return r == codes.HANGAR  # HELI-2
    if obj == codes.OBJ_LIGHT_FIXTURE:
        return 0 <= r < codes.N_ROOMS and r != codes.STREET  # GAP-20
    if obj == codes.OBJ_ANALYZER or obj == codes.OBJ_COMPUTER:
        return r == codes.LABORATORY  # GAP-20, LOC-LAB-1, LOC-LAB-4
    if obj == codes.OBJ_WEATHER_STATION or obj == codes.OBJ_TERMINAL:
        return r == codes.TOWER  # GAP-20, LOC-TOWER-1..4
    if obj == codes.OBJ_STOVE or obj == codes.OBJ_MIRROR:
        return r == codes.LIVING_QUARTERS  # GAP-20, LOC-LIVING-2..4
    return False


@compiled
def broken_cell(room_block, r, obj):
    """The st cell holding whether object obj of room r is broken (GAP-20, HELI-2)."""
    if obj == codes.OBJ_GENERATOR:
        return ST_GEN_BROKEN + block_of_generator_room(room_block, r)
    if obj == codes.OBJ_BEACON:
        return ST_BEACON_BROKEN + block_of_generator_room(room_block, r)
    if obj == codes.OBJ_PUMP:
        return ST_PUMP_BROKEN
    if obj == codes.OBJ_LIGHT_FIXTURE:
        return ST_FIXTURE_BROKEN + r
    if obj == codes.OBJ_ANALYZER:
        return ST_ANALYZER_BROKEN
    if obj == codes.OBJ_COMPUTER:
        return ST_COMPUTER_BROKEN
    if obj == codes.OBJ_WEATHER_STATION:
        return ST_WEATHER_STATION_BROKEN
    if obj == codes.OBJ_TERMINAL:
        return ST_TERMINAL_BROKEN
    if obj == codes.OBJ_STOVE:
        return ST_STOVE_BROKEN
    if obj == codes.OBJ_MIRROR:
        return ST_MIRROR_BROKEN
    return ST_HELI_BROKEN + obj - codes.OBJ_ENGINE


@compiled
def usable_here(ch, st, room_block, c, obj):
    """Object obj stands in c's room and c may use it: the helicopter is neither seen nor used
    in the dark, and not at all once it has flown (HELI-1, GAP-7)."""
    r = ch[c, CH_ROOM]
    if not object_here(room_block, r, obj):
        return False
    if r == codes.HANGAR:
        return st[ST_HELI_GONE] == 0 and sees_in_room(ch, st, c)
    return True


@compiled
def beacon_active(st, b):
    """GAP-6: an activated beacon works while unbroken and powered."""
    return (
        st[ST_BEACON_ON + b] == 1 and st[ST_BEACON_BROKEN + b] == 0 and st[ST_GEN_RUNNING + b] == 1
    )

"""The station: generators and fuel, weather, lighting and temperature (A11, A14, A15, A16)."""

from numba import njit

from balance import codes
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.kernel.rng import WORLD, chance
from balance.kernel.state import G_TURN


@njit(cache=True)
def draw_weather(s, ip, fp):
    """WEATHER-1, WEATHER-4, GAP-55: the whole sequence is drawn in advance so forecasts are
    exact; turn 1 has the initial weather and each later turn is rolled."""
    s.weather[0] = ip[P.I_WEATHER_INITIAL]
    s.weather[1] = ip[P.I_WEATHER_INITIAL]
    for t in range(2, s.weather.shape[0]):
        s.weather[t] = codes.CLEAR if chance(s.rng, WORLD, fp[P.F_CLEAR_CHANCE]) else codes.STORM


@njit(cache=True)
def burn_generators(s, ip, rec_off):
    """GEN-2, GAP-17: at the start of each turn a working generator burns its share; one that
    cannot, or is broken, stops for the turn and keeps its fuel. Returns generators off."""
    burn = ip[P.I_BURN]
    off = 0
    for b in range(codes.N_BLOCKS):
        was = s.gen_running[b]
        if s.gen_broken[b] == 0 and s.gen_fuel[b] >= burn:
            s.gen_fuel[b] -= burn
            s.gen_running[b] = 1
        else:
            s.gen_running[b] = 0
            off += 1
        if s.g[G_TURN] > 1 and was != s.gen_running[b]:
            log_event(s, codes.E_GENERATOR, -1, -1, b, s.gen_running[b])
    return off


@njit(cache=True)
def any_generator_running(s):
    for b in range(codes.N_BLOCKS):
        if s.gen_running[b] == 1:
            return True
    return False


@njit(cache=True)
def room_powered(s, room_block, r):
    """GEN-3, GEN-6, GAP-2: a block room needs its generator; the Tower needs any; the Street none."""
    b = room_block[r]
    if b == codes.BLOCK_STREET:
        return False
    if b == codes.BLOCK_TOWER:
        return any_generator_running(s)
    return s.gen_running[b] == 1


@njit(cache=True)
def compute_lighting(s, room_block):
    """LIGHT-1..4, GAP-22: each room's lighting, computed once per turn after burn and weather."""
    storm = s.weather[s.g[G_TURN]] == codes.STORM
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            s.lighting[r] = codes.BLIZZARD if storm else codes.DARK  # LIGHT-4, LOC-STREET-1
        elif room_powered(s, room_block, r):
            s.lighting[r] = codes.LIGHT  # LIGHT-1
        else:
            s.lighting[r] = codes.DARK  # LIGHT-2, GEN-3


@njit(cache=True)
def update_temperatures(s, ip, room_block):
    """TEMP-2..5, GAP-46: once per turn after step 13, each room falls by a step per condition
    that holds (no power; a broken outside door) or rises by a step, within its range."""
    step = ip[P.I_T_STEP]
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            s.temperature[r] = ip[P.I_T_STREET]  # TEMP-4: always -45
            continue
        conditions = 0 if room_powered(s, room_block, r) else 1  # TEMP-2(a)
        # TEMP-2(b): outside doors cannot be broken yet (doors come with A13)
        t = s.temperature[r] - step * conditions if conditions > 0 else s.temperature[r] + step
        ceiling = ip[P.I_T_FREEZER] if r == codes.FREEZER else ip[P.I_T_MAX]  # TEMP-5, GAP-46
        s.temperature[r] = max(ip[P.I_T_MIN], min(ceiling, t))  # TEMP-4

"""One game from setup to its end, and the batch and replay entry points (A1, A2, A5).

A turn: start-of-turn effects (frostbite, generator burn, weather, timers, lighting), then every
character able to act declares through its policy, then the 13 resolution steps, then the
temperature update and the end-of-game checks.
"""

import numpy as np
from numba import njit, prange

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.actions import declare, enter_room, leave_room, resolve
from balance.kernel.characters import apply_frostbite, can_act, revive_things, start_blackouts, wake_up
from balance.kernel.events import log_event
from balance.kernel.invariants import check_declarations, check_invariants
from balance.kernel.items import stock_items
from balance.kernel.observe import observe
from balance.kernel.rng import WORLD, below, seed_streams, uniform
from balance.kernel.state import (G_LAST_LOSS_CAUSE, G_N_EVENTS, G_REASON, G_RESCUE_DUE, G_TURN, G_WINNER,
                                  G_YELLOW_LEFT, SNAP_ALIVE, SNAP_CONSCIOUS, SNAP_ERUDITION,
                                  SNAP_FORM, SNAP_FROST, SNAP_HAND_0, SNAP_HAND_1, SNAP_HP,
                                  SNAP_INFECTED, SNAP_INITIATIVE, SNAP_MAX_HP, SNAP_PARKA,
                                  SNAP_PHYSICAL, SNAP_ROOM, allocate)
from balance.kernel.station import burn_generators, compute_lighting, draw_weather, update_temperatures
from policies.dispatch import policy_declare

CHUNK = 16  # games per prange iteration; each chunk allocates its state once


@njit(cache=True)
def shuffle(s, a):
    """Fisher-Yates on the world stream."""
    for k in range(a.shape[0] - 1, 0, -1):
        j = below(s.rng, WORLD, k + 1)
        a[k], a[j] = a[j], a[k]


@njit(cache=True)
def setup_game(s, ip, fp, seed, game):
    """SETUP-1..5, GAP-3, GAP-4, GAP-5: a fresh game keyed by (seed, game)."""
    n = ip[P.I_PLAYERS]
    seed_streams(s.rng, seed, game)
    s.g[:] = 0
    for c in range(n):  # GAP-3: professions dealt round-robin, then shuffled
        s.profession[c] = c % ip[P.I_N_PROFESSIONS]
    shuffle(s, s.profession)
    for c in range(n):
        s.order[c] = c
    shuffle(s, s.order)  # SETUP-4: the first `things` of a random order are the Things
    for c in range(n):
        p = s.profession[c]
        s.physical[c] = ip[P.I_PROF_PHYSICAL + p]
        s.initiative[c] = ip[P.I_PROF_INITIATIVE + p]
        s.erudition[c] = ip[P.I_PROF_ERUDITION + p]
        s.form[c] = codes.HUMAN
        s.original[c] = 0
        s.max_hp[c] = ip[P.I_HUMAN_HP]  # HP-1
        s.alive[c] = 1
        s.room[c] = codes.LIVING_QUARTERS if ip[P.I_START_ROOMS] == 1 \
            else below(s.rng, WORLD, codes.N_INDOOR)  # GAP-4
    for k in range(ip[P.I_THINGS]):
        c = s.order[k]
        s.form[c] = codes.THING_HIDDEN  # SETUP-4
        s.original[c] = 1
        s.max_hp[c] = ip[P.I_THING_HP]  # THING-P-2
    for c in range(n):
        s.hp[c] = s.max_hp[c]  # SETUP-5
    s.frost[:] = 0
    s.unconscious[:] = 0
    s.infected[:] = 0
    s.sure_conversion[:] = 0
    s.recovered[:] = 0
    s.blackout_turn[:] = 0
    s.infect_ready[:] = 1
    s.paralysed_until[:] = 0
    s.death_cause[:] = codes.DC_NONE
    s.left_station[:] = 0
    s.hand[:] = -1  # GAP-5: empty hands, empty backpack, no parka
    s.backpack[:] = -1
    s.worn[:] = -1
    s.move_to[:] = -1
    s.memory[:] = 0
    stock_items(s, ip)
    s.g[G_YELLOW_LEFT] = ip[P.I_YELLOW_BOXES]
    s.gen_fuel[:] = ip[P.I_GEN_START]  # GEN-1, SETUP-3
    s.gen_running[:] = 0
    s.gen_broken[:] = 0
    s.beacon_broken[:] = 0
    s.beacon_on[:] = 0
    for r in range(codes.N_ROOMS):  # TEMP-1, SETUP-3
        s.temperature[r] = ip[P.I_T_START]
    s.temperature[codes.FREEZER] = ip[P.I_T_FREEZER]
    s.temperature[codes.STREET] = ip[P.I_T_STREET]
    draw_weather(s, ip, fp)


@njit(cache=True)
def start_turn(s, ip, room_block, rec):
    """The start-of-turn effects, in the order the rules give them."""
    t = s.g[G_TURN]
    apply_frostbite(s, ip, rec)  # FROST-1: before anything else
    rec[R.C_GENERATOR_OFF_TURNS] += burn_generators(s, ip, 0)  # GEN-2, GAP-17
    if t > 1 and s.weather[t] != s.weather[t - 1]:
        log_event(s, codes.E_WEATHER, -1, -1, s.weather[t], 0)  # WEATHER-1, GAP-55
    revive_things(s, ip)  # THING-P-3
    start_blackouts(s)  # INF-2
    compute_lighting(s, room_block)  # GAP-22: once, after burn and weather


@njit(cache=True)
def resolution_order(s):
    """RES-3: higher Initiative first; equal Initiative in a random order drawn each turn."""
    n = s.hp.shape[0]
    for c in range(n):
        s.tiebreak[c] = uniform(s.rng, WORLD)
        s.order[c] = c
    for k in range(1, n):  # insertion sort: n <= 16
        c = s.order[k]
        j = k - 1
        while j >= 0 and (s.initiative[s.order[j]] < s.initiative[c] or (
                s.initiative[s.order[j]] == s.initiative[c] and s.tiebreak[s.order[j]] > s.tiebreak[c])):
            s.order[j + 1] = s.order[j]
            j -= 1
        s.order[j + 1] = c


@njit(cache=True)
def resolve_turn(s, ip, fp, room_block, rec):
    """RES-ORDER: the 13 steps in order; within a step by resolution order, then each
    character's declarations in the order declared (GAP-59)."""
    n = s.hp.shape[0]
    resolution_order(s)
    t = s.g[G_TURN]
    for step in range(1, codes.N_STEPS + 1):
        for k in range(n):
            c = s.order[k]
            if step == 11 and s.unconscious[c] == 1 and s.blackout_turn[c] == t and s.alive[c] == 1:
                wake_up(s, ip, fp, c, rec)  # UNC-2, INF-3: regaining consciousness in step 11
            for j in range(s.n_decl[c]):
                action = s.decl[c, j, 0]
                if action == codes.A_MOVE:
                    if step == 10:
                        leave_room(s, fp, room_block, c, j)  # ACT-MOVE: exit in step 10
                    elif step == 12:
                        enter_room(s, c, s.decl[c, j, 1])  # ACT-MOVE: entry in step 12
                elif codes.ACTION_STEP[action] == step:
                    resolve(s, ip, fp, room_block, c, j, rec)


@njit(cache=True)
def count_humans(s):
    """GAP-9: (living humans on the station, humans who left it alive)."""
    on, left = 0, 0
    for c in range(s.hp.shape[0]):
        if s.form[c] == codes.HUMAN and s.alive[c] == 1:
            if s.left_station[c] == 0:
                on += 1
            else:
                left += 1
    return on, left


@njit(cache=True)
def check_end(s, ip, rec, end_of_turn):
    """WIN-1..3, GAP-6, GAP-8, GAP-9. Returns True when the game is over."""
    on, left = count_humans(s)
    if on == 0 and left == 0:  # WIN-2, GAP-9
        s.g[G_WINNER] = codes.THINGS
        s.g[G_REASON] = codes.R_FROZEN if s.g[G_LAST_LOSS_CAUSE] == codes.DC_COLD else codes.R_HUMANS_DEAD
        return True
    things, infected = 0, 0
    for c in range(s.hp.shape[0]):
        if s.form[c] != codes.HUMAN and s.alive[c] == 1:
            things += 1  # GAP-8: a paralysed Thing still counts
        if s.form[c] == codes.HUMAN and s.alive[c] == 1 and s.infected[c] == 1:
            infected += 1
    if things == 0 and infected == 0 and ip[P.I_FOOD] >= 1:  # WIN-3, GAP-8
        s.g[G_WINNER] = codes.HUMANS
        s.g[G_REASON] = codes.R_THINGS_DEAD
        return True
    t = s.g[G_TURN]
    due = s.g[G_RESCUE_DUE]
    if end_of_turn and due > 0 and t >= due and (
            ip[P.I_RESCUE_WAIT_CLEAR] == 0 or s.weather[t] == codes.CLEAR):  # GAP-6
        for c in range(s.hp.shape[0]):
            if s.form[c] == codes.HUMAN and s.alive[c] == 1 and s.left_station[c] == 0:
                s.left_station[c] = 1
                rec[R.C_HUMANS_RESCUED] += 1
        log_event(s, codes.E_RESCUE, -1, -1, rec[R.C_HUMANS_RESCUED], 0)
        s.g[G_WINNER] = codes.HUMANS
        s.g[G_REASON] = codes.R_RESCUE
        return True
    return False


@njit(cache=True)
def finish_record(s, rec):
    on, left = count_humans(s)
    rec[R.C_WINNER] = s.g[G_WINNER]
    rec[R.C_REASON] = s.g[G_REASON]
    rec[R.C_END_TURN] = s.g[G_TURN]
    rec[R.C_HUMANS_ALIVE] = on + left
    for c in range(s.hp.shape[0]):
        if s.form[c] != codes.HUMAN:
            if s.alive[c] == 1:
                rec[R.C_THINGS_ALIVE] += 1
            else:
                rec[R.C_THINGS_DEAD] += 1
        if s.left_station[c] == 2 and s.form[c] == codes.HUMAN:
            rec[R.C_HUMANS_ESCAPED] += 1


@njit(cache=True)
def snapshot(s, t):
    """Replay mode: the state at the start of turn t, after the start-of-turn effects."""
    k = t - 1
    s.snap_weather[k] = s.weather[t]
    for b in range(codes.N_BLOCKS):
        s.snap_gen[k, b, 0] = s.gen_fuel[b]
        s.snap_gen[k, b, 1] = s.gen_running[b]
        s.snap_gen[k, b, 2] = s.gen_broken[b]
    for r in range(codes.N_ROOMS):
        s.snap_rooms[k, 0, r] = s.temperature[r]
        s.snap_rooms[k, 1, r] = s.lighting[r]
    for c in range(s.hp.shape[0]):
        s.snap_chars[k, c, SNAP_ROOM] = s.room[c]
        s.snap_chars[k, c, SNAP_HP] = s.hp[c]
        s.snap_chars[k, c, SNAP_FROST] = s.frost[c]
        s.snap_chars[k, c, SNAP_PARKA] = 1 if s.worn[c] >= 0 else 0
        s.snap_chars[k, c, SNAP_PHYSICAL] = s.physical[c]
        s.snap_chars[k, c, SNAP_INITIATIVE] = s.initiative[c]
        s.snap_chars[k, c, SNAP_ERUDITION] = s.erudition[c]
        s.snap_chars[k, c, SNAP_ALIVE] = s.alive[c]
        s.snap_chars[k, c, SNAP_CONSCIOUS] = 1 - s.unconscious[c] if s.paralysed_until[c] == 0 else 0
        s.snap_chars[k, c, SNAP_FORM] = s.form[c]
        s.snap_chars[k, c, SNAP_INFECTED] = s.infected[c]
        s.snap_chars[k, c, SNAP_MAX_HP] = s.max_hp[c]
        s.snap_chars[k, c, SNAP_HAND_0] = s.item_kind[s.hand[c, 0]] if s.hand[c, 0] >= 0 else codes.NO_ITEM
        s.snap_chars[k, c, SNAP_HAND_1] = s.item_kind[s.hand[c, 1]] if s.hand[c, 1] >= 0 else codes.NO_ITEM


@njit(cache=True)
def play_game(s, ip, fp, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs,
              seed, game, rec):
    """Play game `game` of `seed` to its end and write its record into rec."""
    setup_game(s, ip, fp, seed, game)
    rec[:] = 0
    rec[R.C_GAME] = game
    check = ip[P.I_CHECK_INVARIANTS] == 1
    replay = s.snap_weather.shape[0] > 0
    n = s.hp.shape[0]
    over = False
    for t in range(1, ip[P.I_MAX_TURNS] + 1):
        s.g[G_TURN] = t
        start_turn(s, ip, room_block, rec)
        if replay:
            snapshot(s, t)
        if check:
            rec[R.C_INVARIANT_VIOLATIONS] |= check_invariants(s, ip)
        if check_end(s, ip, rec, False):
            over = True
            break
        for c in range(n):
            s.n_decl[c] = 0
            if not can_act(s, c):
                continue  # UNC-1, HP-3: the dead, unconscious and paralysed declare nothing
            observe(s, ip, room_block, c, s.obs)
            original = s.original[c] == 1  # GAP-38: a convert keeps playing as a human
            n_wanted = policy_declare(t_id if original else h_id, t_knobs if original else h_knobs,
                                      s.obs, s.memory[c], s.rng, 1 + c, s.decl[c], next_hop,
                                      room_block, ip)
            declare(s, ip, adjacent, room_block, c, s.decl[c], n_wanted)
        if check:
            rec[R.C_INVARIANT_VIOLATIONS] |= check_declarations(s)
        resolve_turn(s, ip, fp, room_block, rec)
        update_temperatures(s, ip, room_block)  # GAP-46: after step 13
        if check:
            rec[R.C_INVARIANT_VIOLATIONS] |= check_invariants(s, ip)
        if check_end(s, ip, rec, True):
            over = True
            break
    if not over:  # GAP-10
        s.g[G_WINNER] = codes.NOBODY
        s.g[G_REASON] = codes.R_TIMEOUT
    finish_record(s, rec)


@njit(cache=True, parallel=True)
def play_games(seed, first_game, out, ip, fp, room_block, adjacent, next_hop,
               h_id, h_knobs, t_id, t_knobs):
    """Play games first_game .. first_game + len(out) - 1, one record row each. Each game is
    played whole by one thread; results depend on (seed, game index) only."""
    n_games = out.shape[0]
    n_chunks = (n_games + CHUNK - 1) // CHUNK
    for k in prange(n_chunks):
        s = allocate(ip, 0)
        for g in range(k * CHUNK, min(n_games, (k + 1) * CHUNK)):
            play_game(s, ip, fp, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs,
                      seed, first_game + g, out[g])


@njit(cache=True)
def replay_one(seed, game, record, ip, fp, room_block, adjacent, next_hop, h_id, h_knobs,
               t_id, t_knobs, events, weather, gen, rooms, chars, static):
    """Play one game with the event log and snapshots on; copy them out. Returns the number of
    events written."""
    s = allocate(ip, events.shape[0])
    play_game(s, ip, fp, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs,
              seed, game, record[0])
    weather[:] = s.snap_weather
    gen[:] = s.snap_gen
    rooms[:] = s.snap_rooms
    chars[:] = s.snap_chars
    events[:] = s.events
    static[0, :] = s.profession
    static[1, :] = s.original
    return s.g[G_N_EVENTS]

"""The classic ruleset's kernel: a game played to its end, one turn at a time (CL-*).

A turn: its start (conversions, revivals, the cold, starvation), each able character's
observation and declarations (one action and free ones: CL-TURN-1), then their resolution.
Declarations resolve together (CL-TURN-2): free actions first, then breaking, then the attacks
on the characters where the turn found them, then everything else in a random order (which
decides who takes a store's last item), the flight, and the moves last. Every number comes from
the packed config (balance.classic.params); randomness from counter-based streams keyed by
(seed, game) (balance.kernel.rng), so a game's record depends on nothing else.
"""

import numpy as np

from balance import codes as C
from balance import records as R
from balance.classic import codes as K
from balance.classic import observation as O
from balance.classic import params as P
from balance.classic.state import (
    CH_LAST_ACT,
    CH_LAST_ARG,
    CH_LAST_TARGET,
    CH_ACT,
    CH_ACT_ARG,
    CH_ACT_TARGET,
    CH_ABOARD,
    CH_ACTIVE,
    CH_ALIVE,
    CH_BULLETS,
    CH_CONVERT_TURN,
    CH_DAMAGE,
    CH_DEATH_CAUSE,
    CH_ESCAPED,
    CH_FELT,
    CH_HINDERED,
    CH_HIT_BY,
    CH_HP,
    CH_INFECTOR,
    CH_LIGHT_ON,
    CH_LOC,
    CH_MAX_HP,
    CH_MOVE_TO,
    CH_N_DECL,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_PROFESSION,
    CH_SLOT,
    CH_START_LOC,
    CH_TAINT,
    CH_THING,
    CL_HEARERS,
    CL_SAYS,
    CL_SPEAKER,
    CL_SUBJECT,
    MAX_CLAIMS,
    SM_CONTENT,
    SM_HOLDER,
    SM_LABEL,
    SM_POSITIVE,
    SNAP_CH,
    SNAP_ST,
    ST_DOGS,
    ST_FOOD,
    ST_FORECAST_CYCLE,
    ST_GEN_ON,
    ST_GEN_SINCE,
    ST_HELI_FUEL,
    ST_HELI_GONE,
    ST_HELI_PREPARED,
    ST_N_CLAIMS,
    ST_N_EVENTS,
    ST_REASON,
    ST_SHOTS,
    ST_STARVE_TURN,
    ST_TEMPERATURE,
    ST_TURN,
    ST_WINNER,
)
from balance.compile.jit import compiled
from balance.kernel.rng import (
    GAMMA,
    WORLD,
    below,
    chance,
    mix64,
    seed_streams,
    shuffle,
    weather_stream,
)

_INV_2_53 = 1.0 / 9007199254740992.0
_S11 = np.uint64(11)

# invariant bits (checked when the rules' I_CHECK_INVARIANTS is on)
INV_HP = 1  # hit points outside 0..max, or a living human at 0
INV_SLOTS = 2  # more items than slots, or an unknown item kind
INV_BULLETS = 4  # more bullets than allowed, or fewer than none
INV_STOCK = 8  # a store, the floor, the food or the dogs below zero
INV_FORM = 16  # active but no Thing, or a Thing still counting down an infection
INV_SAMPLES = 32  # a sample held by nobody who is playing
INV_TEMPERATURE = 64  # warmer than the maximum
INV_HELICOPTER = 128  # more fuel or preparation than it takes


# ------------------------------------------------------------------------------------------
# small helpers
# ------------------------------------------------------------------------------------------


@compiled
def log(st, events, kind, actor, target, a, b):
    """Append an event (turn, kind, actor, target, a, b) if the log has room."""
    k = st[ST_N_EVENTS]
    if k < events.shape[0]:
        events[k, 0] = st[ST_TURN]
        events[k, 1] = kind
        events[k, 2] = actor
        events[k, 3] = target
        events[k, 4] = a
        events[k, 5] = b
        st[ST_N_EVENTS] = k + 1


@compiled
def cycle_weather(rng, cycle, clear_chance):
    """CL-WEATHER-1: the weather of cycle `cycle` (0 = the first turns), drawn from the weather
    stream's key and the cycle alone, so a forecast reads what will come."""
    z = mix64(rng[weather_stream(rng)] + np.uint64(cycle + 1) * GAMMA)
    u = np.float64(z >> _S11) * _INV_2_53
    return C.CLEAR if u < clear_chance else C.STORM


@compiled
def cycle_of(ip, turn):
    return (turn - 1) // ip[P.I_WEATHER_CYCLE]


@compiled
def can_act(ch, c):
    """Alive, not paralysed and still on the station."""
    return ch[c, CH_ALIVE] == 1 and ch[c, CH_PARALYSED_UNTIL] == 0 and ch[c, CH_ESCAPED] == 0


@compiled
def on_station(ch, c):
    return ch[c, CH_ALIVE] == 1 and ch[c, CH_ESCAPED] == 0


@compiled
def looks_dead(ch, c):
    """A corpse, or a paralysed Thing, which looks like one (CL-COMBAT-2); a burned Thing
    leaves none."""
    if ch[c, CH_ESCAPED] == 1 or ch[c, CH_DEATH_CAUSE] == C.DC_FIRE:
        return False
    return ch[c, CH_ALIVE] == 0 or ch[c, CH_PARALYSED_UNTIL] > 0


@compiled
def infected(ch, c):
    return ch[c, CH_CONVERT_TURN] > 0


@compiled
def shows_as_thing(ch, c):
    """A blood test shows him as a Thing (CL-THING-INF)."""
    return ch[c, CH_THING] == 1 or ch[c, CH_CONVERT_TURN] > 0


@compiled
def generator_runs(st, obj):
    return st[ST_GEN_ON] == 1 and obj[K.OB_GENERATOR] > 0


@compiled
def slots_allowed(ch, c, ip):
    """CL-ITEM, CL-COMBAT-1: a wounded human has fewer slots."""
    if ch[c, CH_THING] == 0 and ch[c, CH_HP] < ch[c, CH_MAX_HP]:
        return ip[P.I_WOUNDED_SLOTS]
    return ip[P.I_SLOTS]


@compiled
def slot_of(ch, c, kind):
    """The slot holding `kind`, or -1."""
    for s in range(2):
        if ch[c, CH_SLOT + s] == kind:
            return s
    return -1


@compiled
def free_slot(ch, c, ip):
    """An empty slot he may fill, or -1."""
    for s in range(min(2, slots_allowed(ch, c, ip))):
        if ch[c, CH_SLOT + s] == K.NO_ITEM:
            return s
    return -1


@compiled
def put_in_slot(ch, c, s, kind, tainted):
    ch[c, CH_SLOT + s] = kind
    ch[c, CH_TAINT + s] = tainted


@compiled
def drop_slot(ch, floor, c, s):
    """His item in slot s falls to the floor where he stands; a Thing's is infectious
    (CL-THING-INF, CL-GAP-13)."""
    kind = ch[c, CH_SLOT + s]
    if kind != K.NO_ITEM:
        tainted = 1 if (ch[c, CH_THING] == 1 or ch[c, CH_TAINT + s] == 1) else 0
        floor[ch[c, CH_LOC], kind, tainted] += 1
        ch[c, CH_SLOT + s] = K.NO_ITEM
        ch[c, CH_TAINT + s] = 0
        if kind == K.FLASHLIGHT and slot_of(ch, c, K.FLASHLIGHT) < 0:
            ch[c, CH_LIGHT_ON] = 0


@compiled
def success(rng, ch, fp, c, p, rolled):
    """CL-ACT-HINDER: whether c's action succeeds: a rolled one on its chance p, an unrolled one
    for sure; each hinderer takes hinder.penalty off (an unrolled action falls to
    hinder.unrolled_chance with the first), never below hinder.floor."""
    k = ch[c, CH_HINDERED]
    if k > 0:
        if rolled:
            p = p - k * fp[P.F_HINDER]
        else:
            p = fp[P.F_HINDER_UNROLLED] - (k - 1) * fp[P.F_HINDER]
        if p < fp[P.F_HINDER_FLOOR]:
            p = fp[P.F_HINDER_FLOOR]
    elif not rolled:
        return True
    return chance(rng, WORLD, p)


@compiled
def try_infect(ch, st, events, rng, ip, rec, target, infector, p):
    """An infection attempt on a human: on success he turns on the turn infection.turns after
    this one (CL-THING-INF, CL-TURN-3); one already infected, or a Thing, is left as he is."""
    rec[R.C_INFECTION_ATTEMPTS] += 1
    if ch[target, CH_THING] == 1 or ch[target, CH_CONVERT_TURN] > 0:
        return
    if chance(rng, WORLD, p):
        ch[target, CH_CONVERT_TURN] = st[ST_TURN] + ip[P.I_INFECT_TURNS]
        ch[target, CH_INFECTOR] = infector
        rec[R.C_INFECTIONS] += 1
        log(st, events, K.E_INFECTED, infector, target, 0, 0)


# ------------------------------------------------------------------------------------------
# setup and the start of a turn
# ------------------------------------------------------------------------------------------


@compiled
def new_game(g, ip, seed, game, rec):
    """CL-CHAR-7, CL-GAP-1/2/4/6/7: deal types and Things at random, fill the stores."""
    ch, st, obj, store, floor, samples = g.ch, g.st, g.obj, g.store, g.floor, g.samples
    n = ch.shape[0]
    seed_streams(g.rng, seed, game)
    ch[:, :] = 0
    st[:] = 0
    floor[:, :, :] = 0
    store[:, :] = 0
    g.memory[:, :] = 0
    g.claims[:, :] = 0
    g.results[:, :, :] = O.UNSEEN
    g.decl[:, :, :] = 0
    samples[:, :] = 0
    samples[:, SM_HOLDER] = -1
    rec[:] = 0
    rec[R.C_GAME] = game
    order = g.order
    # professions: the specialists of professions.counts, scientists for the rest, shuffled
    for c in range(n):
        order[c] = c
    shuffle(g.rng, order)
    k = 0
    for prof in range(K.SCIENTIST):
        for _ in range(ip[P.I_PROF_COUNTS + prof]):
            if k < n:
                ch[order[k], CH_PROFESSION] = prof
                k += 1
    for j in range(k, n):
        ch[order[j], CH_PROFESSION] = K.SCIENTIST
    # the Things, dealt on top of a type (CL-GAP-2)
    for c in range(n):
        order[c] = c
    shuffle(g.rng, order)
    for c in range(n):
        ch[c, CH_ALIVE] = 1
        ch[c, CH_INFECTOR] = -1
        ch[c, CH_MAX_HP] = ip[P.I_HUMAN_HP]
        ch[c, CH_MOVE_TO] = -1
        ch[c, CH_HIT_BY] = -1
        if ip[P.I_START] == 1:
            ch[c, CH_LOC] = K.GENERATOR
        else:
            ch[c, CH_LOC] = below(g.rng, WORLD, K.N_LOC)
        ch[c, CH_START_LOC] = ch[c, CH_LOC]
    for k in range(ip[P.I_THINGS]):
        c = order[k]
        ch[c, CH_THING] = 1
        ch[c, CH_ORIGINAL] = 1
        ch[c, CH_MAX_HP] = ip[P.I_THING_HP]
    for c in range(n):
        ch[c, CH_HP] = ch[c, CH_MAX_HP]
    st[ST_GEN_ON] = ip[P.I_GEN_START_ON]
    st[ST_TEMPERATURE] = ip[P.I_T_START]
    st[ST_HELI_FUEL] = ip[P.I_HELI_START_FUEL]
    per = n * ip[P.I_STORE_PER_PLAYER]
    st[ST_FOOD] = per
    st[ST_DOGS] = ip[P.I_DOGS]
    st[ST_FORECAST_CYCLE] = -1
    obj[K.OB_GENERATOR] = ip[P.I_GEN_HITS]
    obj[K.OB_HELICOPTER] = ip[P.I_HELI_HITS]
    obj[K.OB_LAB] = ip[P.I_LAB_HITS]
    obj[K.OB_RADIO] = ip[P.I_RADIO_HITS]
    obj[K.OB_METEO] = ip[P.I_METEO_HITS]
    for loc in range(K.N_LOC):
        obj[K.OB_SPEAKER + loc] = ip[P.I_SPEAKER_HITS] * K.HAS_SPEAKER[loc]
    for loc, kind in K.STORE_OF:
        store[loc, kind] = per


@compiled
def max_hits(ip, o):
    if o == K.OB_GENERATOR:
        return ip[P.I_GEN_HITS]
    if o == K.OB_HELICOPTER:
        return ip[P.I_HELI_HITS]
    if o == K.OB_LAB:
        return ip[P.I_LAB_HITS]
    if o == K.OB_RADIO:
        return ip[P.I_RADIO_HITS]
    if o == K.OB_METEO:
        return ip[P.I_METEO_HITS]
    return ip[P.I_SPEAKER_HITS] * K.HAS_SPEAKER[o - K.OB_SPEAKER]


@compiled
def kill(ch, st, events, rec, c, cause):
    ch[c, CH_ALIVE] = 0
    ch[c, CH_HP] = 0
    ch[c, CH_PARALYSED_UNTIL] = 0
    ch[c, CH_DEATH_CAUSE] = cause
    ch[c, CH_LIGHT_ON] = 0
    if rec[R.C_FIRST_DEATH_TURN] == 0:
        rec[R.C_FIRST_DEATH_TURN] = st[ST_TURN]
    if cause == C.DC_COLD:
        rec[R.C_DEATHS_COLD] += 1
    elif cause == C.DC_ATTACK:
        rec[R.C_DEATHS_ATTACK] += 1
    elif cause == C.DC_FIRE:
        rec[R.C_DEATHS_FIRE] += 1
    elif cause == C.DC_INJURY:
        rec[R.C_DEATHS_INJURY] += 1
    log(st, events, K.E_DIED, c, -1, cause, 0)


@compiled
def kill_humans(ch, st, events, rec, cause):
    """Every human on the station dies: the cold (CL-TEMP-1) or hunger (CL-LOC-FOOD)."""
    for c in range(ch.shape[0]):
        if on_station(ch, c) and ch[c, CH_THING] == 0:
            kill(ch, st, events, rec, c, cause)


@compiled
def update_light(g):
    """CL-LIGHT-1..3: the running generator lights every location; a flashlight switched on
    lights its holder's."""
    for loc in range(K.N_LOC):
        g.lit[0, loc] = 1 if generator_runs(g.st, g.obj) else 0
    for c in range(g.ch.shape[0]):
        if g.ch[c, CH_LIGHT_ON] == 1 and can_act(g.ch, c):
            g.lit[0, g.ch[c, CH_LOC]] = 1


@compiled
def update_temperature(st, obj, ip, t):
    """CL-TEMP-1: -drop every turn after the generator stopped; +rise every rise_every turns
    from the turn after it was switched on, up to the maximum."""
    since = st[ST_GEN_SINCE]
    if generator_runs(st, obj):
        if (t - since - 1) % ip[P.I_T_RISE_EVERY] == 0:
            st[ST_TEMPERATURE] = min(ip[P.I_T_MAX], st[ST_TEMPERATURE] + ip[P.I_T_RISE])
    elif t > since:
        st[ST_TEMPERATURE] -= ip[P.I_T_DROP]


@compiled
def begin_turn(g, ip, rec, t):
    """The turn's start: conversions (CL-THING-INF), revivals (CL-COMBAT-2), the temperature and
    the cold (CL-TEMP-1), starvation (CL-LOC-FOOD). Returns whether the game is over."""
    ch, st = g.ch, g.st
    st[ST_TURN] = t
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 0:
            continue
        if ch[c, CH_CONVERT_TURN] == t and ch[c, CH_THING] == 0:
            ch[c, CH_THING] = 1
            ch[c, CH_CONVERT_TURN] = 0
            wounds = ch[c, CH_MAX_HP] - ch[c, CH_HP]
            ch[c, CH_MAX_HP] = ip[P.I_THING_HP]
            ch[c, CH_HP] = ip[P.I_THING_HP]
            if ip[P.I_KEEPS_WOUNDS] == 1:  # CL-GAP-12
                ch[c, CH_HP] = max(1, ip[P.I_THING_HP] - wounds)
            rec[R.C_CONVERSIONS] += 1
            log(st, g.events, K.E_CONVERTED, c, ch[c, CH_INFECTOR], 0, 0)
        if 0 < ch[c, CH_PARALYSED_UNTIL] < t:
            ch[c, CH_PARALYSED_UNTIL] = 0
            ch[c, CH_HP] = min(ip[P.I_REVIVE_HP], ch[c, CH_MAX_HP])
            log(st, g.events, K.E_REVIVED, c, -1, 0, 0)
    if not generator_runs(st, g.obj):
        rec[R.C_GENERATOR_OFF_TURNS] += 1
    update_temperature(st, g.obj, ip, t)
    if st[ST_TEMPERATURE] <= ip[P.I_T_FREEZE]:
        log(st, g.events, K.E_FROZE, -1, -1, st[ST_TEMPERATURE], 0)
        kill_humans(ch, st, g.events, rec, C.DC_COLD)
    if st[ST_STARVE_TURN] > 0 and t >= st[ST_STARVE_TURN]:
        log(st, g.events, K.E_STARVED, -1, -1, 0, 0)
        kill_humans(ch, st, g.events, rec, K.DC_HUNGER)
    update_light(g)
    return check_end(g, ip, rec)


# ------------------------------------------------------------------------------------------
# the end
# ------------------------------------------------------------------------------------------


@compiled
def humans_left(ch):
    """Humans (the infected too) alive on the station."""
    k = 0
    for c in range(ch.shape[0]):
        if on_station(ch, c) and ch[c, CH_THING] == 0:
            k += 1
    return k


@compiled
def check_end(g, ip, rec):
    """CL-WIN-1/2: the humans win once no Thing is left (nor, CL-GAP-10, an infected); the
    Things once no human is left on the station. Sets the winner; returns whether it is over.
    A turn that leaves neither side counts for the humans: the Things are all dead."""
    ch, st = g.ch, g.st
    if st[ST_WINNER] != C.NOBODY:
        return True
    humans = 0
    things = 0
    for c in range(ch.shape[0]):
        if not on_station(ch, c):
            continue
        if ch[c, CH_THING] == 1:
            things += 1
        else:
            humans += 1
            if ch[c, CH_CONVERT_TURN] > 0 and ip[P.I_INFECTED_ARE_THINGS] == 1:
                things += 1
    if things == 0:
        st[ST_WINNER] = C.HUMANS
        st[ST_REASON] = C.R_THINGS_DEAD
        return True
    if humans == 0:
        st[ST_WINNER] = C.THINGS
        st[ST_REASON] = C.R_HUMANS_DEAD
        if st[ST_TEMPERATURE] <= ip[P.I_T_FREEZE]:
            st[ST_REASON] = C.R_FROZEN
        elif st[ST_STARVE_TURN] > 0 and st[ST_TURN] >= st[ST_STARVE_TURN]:
            st[ST_REASON] = C.R_STARVED
        return True
    return False


@compiled
def finish_record(g, rec):
    ch, st = g.ch, g.st
    rec[R.C_END_TURN] = st[ST_TURN]
    rec[R.C_WINNER] = st[ST_WINNER]
    rec[R.C_REASON] = st[ST_REASON] if st[ST_WINNER] != C.NOBODY else C.R_TIMEOUT
    for c in range(ch.shape[0]):
        alive = ch[c, CH_ALIVE] == 1
        if ch[c, CH_THING] == 1:
            if alive:
                rec[R.C_THINGS_ALIVE] += 1
            else:
                rec[R.C_THINGS_DEAD] += 1
        elif alive:
            rec[R.C_HUMANS_ALIVE] += 1
            if ch[c, CH_ESCAPED] == 1:
                rec[R.C_HUMANS_ESCAPED] += 1


# ------------------------------------------------------------------------------------------
# what a character perceives
# ------------------------------------------------------------------------------------------


@compiled
def observe(g, ip, fp, c, o):
    """Fill o with what c perceives now (balance.classic.observation): his own state, what the
    light of his location shows (CL-LIGHT-1..3), what he saw done last turn where he was, the
    claims he heard (CL-TALK-1), the shots heard anywhere (CL-COMBAT-3)."""
    ch, st, obj = g.ch, g.st, g.obj
    n = ch.shape[0]
    t = st[ST_TURN]
    loc = ch[c, CH_LOC]
    lit = g.lit[0, loc] == 1
    o[:] = O.UNSEEN
    o[O.O_TURN] = t
    o[O.O_ME] = c
    o[O.O_PLAYERS] = n
    o[O.O_LOC] = loc
    o[O.O_HP] = ch[c, CH_HP]
    o[O.O_MAX_HP] = ch[c, CH_MAX_HP]
    o[O.O_THING] = ch[c, CH_THING]
    o[O.O_ACTIVE] = ch[c, CH_ACTIVE]
    o[O.O_PROFESSION] = ch[c, CH_PROFESSION]
    o[O.O_SLOTS] = slots_allowed(ch, c, ip)
    o[O.O_SLOT] = ch[c, CH_SLOT]
    o[O.O_SLOT + 1] = ch[c, CH_SLOT + 1]
    o[O.O_BULLETS] = ch[c, CH_BULLETS]
    o[O.O_LIT] = g.lit[0, loc]
    o[O.O_POWER] = 1 if generator_runs(st, obj) else 0
    o[O.O_TEMPERATURE] = st[ST_TEMPERATURE]
    o[O.O_WEATHER] = cycle_weather(g.rng, cycle_of(ip, t), fp[P.F_CLEAR])
    o[O.O_HELI_GONE] = st[ST_HELI_GONE]
    o[O.O_FELT] = 1 if ch[c, CH_FELT] == t - 1 and t > 1 else 0
    o[O.O_SHOTS] = st[ST_SHOTS]
    if ch[c, CH_THING] == 1:
        o[O.O_INFECTOR] = ch[c, CH_INFECTOR]
    # CL-LOC-METEO: the logged forecast of the next cycle, read where the station works
    if (
        loc == K.METEO
        and generator_runs(st, obj)
        and obj[K.OB_METEO] > 0
        and st[ST_FORECAST_CYCLE] == cycle_of(ip, t) + 1
    ):
        o[O.O_FORECAST] = cycle_weather(g.rng, st[ST_FORECAST_CYCLE], fp[P.F_CLEAR])
    if lit:  # CL-LIGHT-1: objects, stores and the floor of his location
        for ob in range(K.N_OBJECTS):
            if K.OBJECT_LOC[ob] == loc:
                o[O.O_HITS + ob] = obj[ob]
        for kind in range(K.N_ITEMS):
            o[O.O_FLOOR + kind] = g.floor[loc, kind, 0] + g.floor[loc, kind, 1]
            o[O.O_STORE + kind] = g.store[loc, kind]
        if loc == K.HELIPAD:
            o[O.O_HELI_FUEL] = st[ST_HELI_FUEL]
            o[O.O_HELI_PREPARED] = st[ST_HELI_PREPARED]
        elif loc == K.FOOD:
            o[O.O_FOOD] = st[ST_FOOD]
        elif loc == K.KENNEL:
            o[O.O_DOGS] = st[ST_DOGS]
    k = 0
    for s in range(g.samples.shape[0]):
        if g.samples[s, SM_HOLDER] == c and k < O.OWN_SAMPLES:
            o[O.O_SAMPLE_ROW + k] = s
            o[O.O_SAMPLE_LABEL + k] = g.samples[s, SM_LABEL]
            k += 1
    for r in range(2):
        o[O.O_RESULT_LABEL + r] = g.results[c, r, 0]
        o[O.O_RESULT + r] = g.results[c, r, 1]
    prev_lit = t > 1 and g.lit[1, ch[c, CH_START_LOC]] == 1  # where he stood last turn
    for j in range(n):
        gone = ch[j, CH_ESCAPED] == 1 or ch[j, CH_DEATH_CAUSE] == C.DC_FIRE
        here = ch[j, CH_LOC] == loc and not gone
        if j == c:
            o[O.O_SEE + j] = O.P_HERE
        elif here:
            if looks_dead(ch, j):
                o[O.O_SEE + j] = O.P_LOOKS_DEAD
            elif ch[j, CH_ACTIVE] == 1:
                o[O.O_SEE + j] = O.P_ACTIVE
            else:
                o[O.O_SEE + j] = O.P_HERE
        else:
            o[O.O_SEE + j] = O.P_ABSENT
        if here and (lit or j == c):
            o[O.O_WOUNDED + j] = 1 if ch[j, CH_HP] < ch[j, CH_MAX_HP] else 0
            mask = 0
            for s in range(2):
                if ch[j, CH_SLOT + s] != K.NO_ITEM:
                    mask |= 1 << ch[j, CH_SLOT + s]
            o[O.O_ITEMS + j] = mask
        # CL-LIGHT-1: his action last turn, if both stood in the same lit location
        if t > 1 and j != c and prev_lit and ch[j, CH_START_LOC] == ch[c, CH_START_LOC]:
            o[O.O_DID + j] = ch[j, CH_LAST_ACT]
            o[O.O_DID_TARGET + j] = ch[j, CH_LAST_TARGET]
            o[O.O_DID_ARG + j] = ch[j, CH_LAST_ARG]
            if ch[j, CH_LAST_ACT] == K.A_INFECT and ch[j, CH_ACTIVE] == 0:
                # CL-THING-INF: onlookers see only the item handed over (in the slots), not
                # an attempt to infect
                o[O.O_DID + j] = K.A_NONE
                o[O.O_DID_TARGET + j] = -1
                o[O.O_DID_ARG + j] = -1
        fellow = 0
        if ch[c, CH_THING] == 1 and ch[j, CH_THING] == 1:
            # CL-GAP-5: the starting Things know each other; a convert knows his infector
            both_original = ch[c, CH_ORIGINAL] == 1 and ch[j, CH_ORIGINAL] == 1
            if (both_original and ip[P.I_THINGS_KNOW] == 1) or ch[c, CH_INFECTOR] == j:
                fellow = 1
        o[O.O_FELLOW + j] = fellow if j != c else ch[c, CH_THING]
    for j in range(n, O.MAX_CHARACTERS):
        o[O.O_SEE + j] = O.P_ABSENT
    k = 0
    for r in range(min(g.st[ST_N_CLAIMS], MAX_CLAIMS)):
        if (g.claims[r, CL_HEARERS] >> c) & 1 == 1 and k < O.HEARD:
            o[O.O_HEARD_SPEAKER + k] = g.claims[r, CL_SPEAKER]
            o[O.O_HEARD_SUBJECT + k] = g.claims[r, CL_SUBJECT]
            o[O.O_HEARD_SAYS + k] = g.claims[r, CL_SAYS]
            k += 1


# ------------------------------------------------------------------------------------------
# declarations
# ------------------------------------------------------------------------------------------


@compiled
def declare_all(g, ip, fp, policies, dispatch):
    """Each able character's policy declares, from his observation: the humans' policy for a
    human (an infected one too: he does not know it), the Things' for a Thing. His first main
    action is his turn's action (CL-TURN-1); his free actions come with it."""
    h_id, h_knobs, t_id, t_knobs = policies
    ch = g.ch
    for c in range(ch.shape[0]):
        ch[c, CH_N_DECL] = 0
        ch[c, CH_ACT] = K.A_NONE
        ch[c, CH_ACT_TARGET] = -1
        ch[c, CH_ACT_ARG] = -1
        if not can_act(ch, c):
            continue
        observe(g, ip, fp, c, g.obs)
        out = g.decl[c]
        if ch[c, CH_THING] == 1:
            k = dispatch(t_id, t_knobs, g.obs, g.memory[c], g.rng, 1 + c, out, ip)
        else:
            k = dispatch(h_id, h_knobs, g.obs, g.memory[c], g.rng, 1 + c, out, ip)
        k = min(max(k, 0), K.MAX_DECLARED)
        ch[c, CH_N_DECL] = k
        for r in range(k):
            if 0 < out[r, 0] < K.N_MAIN_ACTIONS:
                ch[c, CH_ACT] = out[r, 0]
                ch[c, CH_ACT_TARGET] = out[r, 1]
                ch[c, CH_ACT_ARG] = out[r, 2]
                break


# ------------------------------------------------------------------------------------------
# resolution
# ------------------------------------------------------------------------------------------


@compiled
def beside(ch, c, j):
    """j is on the station in the location c acts in (CL-TURN-2: where the turn found them)."""
    n = ch.shape[0]
    return (
        0 <= j < n
        and j != c
        and ch[j, CH_ESCAPED] == 0
        and ch[j, CH_START_LOC] == ch[c, CH_START_LOC]
    )


@compiled
def new_sample(samples, holder, source_bit, positive):
    """A blood sample in a free row (CL-ACT-BLOOD, CL-ACT-CORPSE, CL-LOC-KENNEL); False when
    the table is full."""
    for s in range(samples.shape[0]):
        if samples[s, SM_HOLDER] < 0:
            samples[s, SM_HOLDER] = holder
            samples[s, SM_LABEL] = np.int64(1) << source_bit
            samples[s, SM_CONTENT] = np.int64(1) << source_bit
            samples[s, SM_POSITIVE] = positive
            return True
    return False


@compiled
def holds_sample(samples, c, s):
    return 0 <= s < samples.shape[0] and samples[s, SM_HOLDER] == c


@compiled
def say(g, rec, c, subject, says):
    """CL-TALK-1: a claim heard by everyone else in his location (in the dark too: the speaker
    lets them all hear) and, through a radio he holds (CL-ITEM), by everyone holding one."""
    ch, st = g.ch, g.st
    n = ch.shape[0]
    if not (0 <= subject < n) or (says != K.SAYS_THING and says != K.SAYS_CLEAN):
        return
    r = st[ST_N_CLAIMS]
    if r >= MAX_CLAIMS:
        return
    radio = ch[c, CH_ACTIVE] == 0 and slot_of(ch, c, K.RADIO_SET) >= 0
    hearers = 0
    for j in range(n):
        if j != c and can_act(ch, j):
            if ch[j, CH_LOC] == ch[c, CH_LOC]:
                hearers |= 1 << j
            elif radio and ch[j, CH_ACTIVE] == 0 and slot_of(ch, j, K.RADIO_SET) >= 0:
                hearers |= 1 << j
    g.claims[r, CL_SPEAKER] = c
    g.claims[r, CL_SUBJECT] = subject
    g.claims[r, CL_SAYS] = says
    g.claims[r, CL_HEARERS] = hearers
    st[ST_N_CLAIMS] = r + 1
    true = shows_as_thing(ch, subject) == (says == K.SAYS_THING)
    if ch[c, CH_THING] == 1:
        rec[R.C_CLAIMS_THINGS_TRUE if true else R.C_CLAIMS_THINGS_FALSE] += 1
    else:
        rec[R.C_CLAIMS_HUMANS_TRUE if true else R.C_CLAIMS_HUMANS_FALSE] += 1


@compiled
def resolve_free(g, ip, rec, c, a, target, arg):
    """The free actions (CL-ACT-FREE, CL-THING-REVEAL, CL-LIGHT-3, CL-TALK-1), before the
    turn's actions (a modelling choice: docs/rules.md)."""
    ch, st, samples = g.ch, g.st, g.samples
    active = ch[c, CH_ACTIVE] == 1
    if a == K.F_REVEAL:
        if ch[c, CH_THING] == 1 and not active:
            ch[c, CH_ACTIVE] = 1  # CL-CHAR-6: no items in the active form; they fall
            ch[c, CH_LIGHT_ON] = 0
            for s in range(2):
                drop_slot(ch, g.floor, c, s)
            rec[R.C_TRANSFORMATIONS] += 1
            log(st, g.events, a, c, -1, 0, 0)
    elif a == K.F_SAY:
        say(g, rec, c, target, arg)
    elif active:
        return  # CL-CHAR-6: the active Thing uses no items
    elif a == K.F_GIVE:
        s = slot_of(ch, c, arg) if arg != K.NO_ITEM else -1
        if s >= 0 and beside(ch, c, target) and can_act(ch, target) and ch[target, CH_ACTIVE] == 0:
            f = free_slot(ch, target, ip)
            if f >= 0:
                tainted = 1 if (ch[c, CH_THING] == 1 or ch[c, CH_TAINT + s] == 1) else 0
                put_in_slot(ch, target, f, arg, tainted)
                ch[c, CH_SLOT + s] = K.NO_ITEM
                ch[c, CH_TAINT + s] = 0
                if arg == K.FLASHLIGHT:
                    ch[c, CH_LIGHT_ON] = 0
                log(st, g.events, a, c, target, arg, 0)
    elif a == K.F_GIVE_SAMPLE:
        if holds_sample(samples, c, arg) and beside(ch, c, target) and ch[target, CH_ALIVE] == 1:
            samples[arg, SM_HOLDER] = target
            log(st, g.events, a, c, target, arg, 0)
    elif a == K.F_DROP:
        s = slot_of(ch, c, arg) if arg != K.NO_ITEM else -1
        if s >= 0:
            drop_slot(ch, g.floor, c, s)
            log(st, g.events, a, c, -1, arg, 0)
    elif a == K.F_LIGHT:
        on = 1 if arg == 1 and slot_of(ch, c, K.FLASHLIGHT) >= 0 else 0
        ch[c, CH_LIGHT_ON] = on
    elif a == K.F_SWAP:
        if holds_sample(samples, c, target) and holds_sample(samples, c, arg) and target != arg:
            for col in (SM_CONTENT, SM_POSITIVE):
                samples[target, col], samples[arg, col] = samples[arg, col], samples[target, col]
            log(st, g.events, a, c, -1, target, arg)
    elif a == K.F_MIX:
        if holds_sample(samples, c, target) and holds_sample(samples, c, arg) and target != arg:
            for col in (SM_LABEL, SM_CONTENT, SM_POSITIVE):
                samples[target, col] |= samples[arg, col]
            samples[arg, SM_HOLDER] = -1
            log(st, g.events, a, c, -1, target, arg)


@compiled
def failed(g, c):
    log(g.st, g.events, K.E_FAILED, c, g.ch[c, CH_ACT_TARGET], g.ch[c, CH_ACT], 0)


@compiled
def done(g, c, a, target, arg):
    log(g.st, g.events, a, c, target, arg, 0)


@compiled
def object_here(ch, c, ob):
    return 0 <= ob < K.N_OBJECTS and K.OBJECT_LOC[ob] == ch[c, CH_START_LOC]


@compiled
def resolve_break(g, ip, fp, rec, c):
    """CL-TURN-2: breaking resolves first. A_BREAK takes hits off an object (the technician
    more: CL-CHAR-2); A_SPOIL destroys a store's item; A_DESTROY_ITEM one lying here."""
    ch, st, obj = g.ch, g.st, g.obj
    a, target, arg = ch[c, CH_ACT], ch[c, CH_ACT_TARGET], ch[c, CH_ACT_ARG]
    loc = ch[c, CH_START_LOC]
    if a == K.A_BREAK:
        if not (object_here(ch, c, arg) and obj[arg] > 0 and success(g.rng, ch, fp, c, 1.0, False)):
            failed(g, c)
            return
        tech = ch[c, CH_PROFESSION] == K.TECHNICIAN and ch[c, CH_ACTIVE] == 0
        obj[arg] = max(0, obj[arg] - (ip[P.I_TECH_BREAK] if tech else 1))
        if arg == K.OB_GENERATOR:
            rec[R.C_GENERATOR_BREAKS] += 1
            if obj[arg] == 0 and st[ST_GEN_ON] == 1:  # CL-LOC-GEN: it must be switched on again
                st[ST_GEN_ON] = 0
                st[ST_GEN_SINCE] = st[ST_TURN]
        if arg == K.OB_HELICOPTER:
            st[ST_HELI_PREPARED] = 0
        done(g, c, a, target, arg)
    elif a == K.A_SPOIL:
        ok = 0 < arg < K.N_ITEMS and g.store[loc, arg] > 0 and ch[c, CH_ACTIVE] == 0
        if not (ok and success(g.rng, ch, fp, c, 1.0, False)):
            failed(g, c)
            return
        g.store[loc, arg] -= 1
        done(g, c, a, target, arg)
    else:  # A_DESTROY_ITEM: CL-ACT-ITEM, at the risk of infection
        ok = 0 < arg < K.N_ITEMS and g.floor[loc, arg, 0] + g.floor[loc, arg, 1] > 0
        if not (ok and ch[c, CH_ACTIVE] == 0 and success(g.rng, ch, fp, c, 1.0, False)):
            failed(g, c)
            return
        tainted = take_from_floor(g, loc, arg)
        if tainted == 1 and ch[c, CH_THING] == 0:
            try_infect(ch, st, g.events, g.rng, ip, rec, c, -1, fp[P.F_ITEM_INFECT])
        done(g, c, a, target, arg)


@compiled
def take_from_floor(g, loc, kind):
    """One item of `kind` off the floor, a tainted one in proportion; returns its taint."""
    clean, tainted = g.floor[loc, kind, 0], g.floor[loc, kind, 1]
    if tainted > 0 and (clean == 0 or below(g.rng, WORLD, clean + tainted) < tainted):
        g.floor[loc, kind, 1] -= 1
        return 1
    g.floor[loc, kind, 0] -= 1
    return 0


@compiled
def resolve_attack(g, ip, fp, rec, c):
    """CL-ACT-SHOOT, CL-THING-MELEE, CL-ACT-SUICIDE, CL-LOC-KENNEL: rolls made on where the turn
    found everyone (CL-TURN-2), the hits applied together afterwards."""
    ch, st = g.ch, g.st
    a, target = ch[c, CH_ACT], ch[c, CH_ACT_TARGET]
    if a == K.A_MELEE:
        ok = ch[c, CH_ACTIVE] == 1 and beside(ch, c, target) and ch[target, CH_ALIVE] == 1
        if not ok:
            failed(g, c)
            return
        rec[R.C_MELEE_ATTACKS] += 1
        p = fp[P.F_MELEE]
        if ch[target, CH_PROFESSION] == K.SOLDIER and ch[target, CH_ACTIVE] == 0:
            p -= fp[P.F_MELEE_SOLDIER]  # CL-CHAR-3
        if success(g.rng, ch, fp, c, p, True):
            ch[target, CH_DAMAGE] += 1
            ch[target, CH_HIT_BY] = c
        done(g, c, a, target, 0)
        return
    armed = ch[c, CH_ACTIVE] == 0 and slot_of(ch, c, K.WEAPON) >= 0 and ch[c, CH_BULLETS] > 0
    if a == K.A_KILL_DOG:
        if not (armed and ch[c, CH_START_LOC] == K.KENNEL and st[ST_DOGS] > 0):
            failed(g, c)
            return
        ch[c, CH_BULLETS] -= 1
        st[ST_SHOTS] += 1
        rec[R.C_SHOTS] += 1
        if success(g.rng, ch, fp, c, 1.0, False):  # 100% (CL-LOC-KENNEL) unless hindered
            st[ST_DOGS] -= 1
        done(g, c, a, -1, 0)
        return
    if a == K.A_SUICIDE:
        if not armed:
            failed(g, c)
            return
        ch[c, CH_BULLETS] -= 1
        st[ST_SHOTS] += 1
        rec[R.C_SHOTS] += 1
        ch[c, CH_DAMAGE] += ch[c, CH_MAX_HP]
        ch[c, CH_HIT_BY] = c
        done(g, c, a, c, 0)
        return
    # A_SHOOT
    if not (armed and beside(ch, c, target) and ch[target, CH_ALIVE] == 1):
        failed(g, c)
        return
    ch[c, CH_BULLETS] -= 1
    st[ST_SHOTS] += 1  # CL-COMBAT-3: heard everywhere
    rec[R.C_SHOTS] += 1
    p = fp[P.F_SHOOT]
    if ch[c, CH_PROFESSION] == K.SOLDIER:
        p += fp[P.F_SOLDIER_SHOOT]  # CL-CHAR-3
    if success(g.rng, ch, fp, c, p, True):
        ch[target, CH_DAMAGE] += 1
        ch[target, CH_HIT_BY] = c
    done(g, c, a, target, 0)


@compiled
def apply_damage(g, ip, rec):
    """CL-COMBAT-1/2: a human dies at 0 hit points; a Thing is paralysed for
    health.paralysis_turns, and looks dead; a wounded human keeps only his wounded slots."""
    ch, st = g.ch, g.st
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        d = ch[c, CH_DAMAGE]
        if d == 0 or ch[c, CH_ALIVE] == 0:
            continue
        if ch[c, CH_PARALYSED_UNTIL] > 0:
            continue  # a paralysed Thing must be burned (CL-COMBAT-2)
        ch[c, CH_HP] = max(0, ch[c, CH_HP] - d)
        log(st, g.events, K.E_WOUNDED, c, ch[c, CH_HIT_BY], ch[c, CH_HP], 0)
        if ch[c, CH_HP] == 0:
            if ch[c, CH_THING] == 1:
                ch[c, CH_PARALYSED_UNTIL] = t + ip[P.I_PARALYSIS]
                ch[c, CH_ACTIVE] = 0  # CL-COMBAT-2: it looks like a dead human
                ch[c, CH_LIGHT_ON] = 0
                log(st, g.events, K.E_PARALYSED, c, ch[c, CH_HIT_BY], 0, 0)
                if ip[P.I_PARALYSIS] == 0:
                    ch[c, CH_PARALYSED_UNTIL] = t  # revives at the next turn's start
            else:
                kill(ch, st, g.events, rec, c, C.DC_ATTACK)
        elif ch[c, CH_THING] == 0:
            for s in range(slots_allowed(ch, c, ip), 2):
                drop_slot(ch, g.floor, c, s)


@compiled
def resolve_burn(g, ip, fp, rec, c):
    """CL-COMBAT-2: fuel poured on what lies here; a Thing paralysed once this turn's hits are
    in burns for good, anything else wastes the fuel."""
    ch = g.ch
    target = ch[c, CH_ACT_TARGET]
    s = slot_of(ch, c, K.FUEL_UNIT)
    if ch[c, CH_ACTIVE] == 1 or s < 0 or not beside(ch, c, target):
        failed(g, c)
        return
    if not success(g.rng, ch, fp, c, 1.0, False):
        failed(g, c)
        return
    ch[c, CH_SLOT + s] = K.NO_ITEM
    ch[c, CH_TAINT + s] = 0
    done(g, c, K.A_BURN, target, 0)
    if ch[target, CH_ALIVE] == 1 and ch[target, CH_PARALYSED_UNTIL] > 0:
        kill(ch, g.st, g.events, rec, target, C.DC_FIRE)
        log(g.st, g.events, K.E_BURNED, target, c, 0, 0)


@compiled
def can_use_location(g, c):
    """CL-CHAR-6: the active Thing uses no location and no item."""
    return g.ch[c, CH_ACTIVE] == 0


@compiled
def resolve_other(g, ip, fp, rec, c):
    """Every other action, in the turn's random order (CL-TURN-2; the order decides who takes
    a store's last item). An action on something broken this turn fails."""
    ch, st, obj, samples = g.ch, g.st, g.obj, g.samples
    a, target, arg = ch[c, CH_ACT], ch[c, CH_ACT_TARGET], ch[c, CH_ACT_ARG]
    loc = ch[c, CH_START_LOC]
    t = st[ST_TURN]
    runs = generator_runs(st, obj)
    if a == K.A_MOVE:
        if not (0 <= arg < K.N_LOC and success(g.rng, ch, fp, c, 1.0, False)):
            failed(g, c)
            return
        ch[c, CH_MOVE_TO] = arg
        done(g, c, a, -1, arg)
        return
    if a == K.A_INFECT:
        # CL-THING-INF: in the dark by declaring it; in the light only by handing over an item
        # (the active Thing may infect in the light); the active Thing only the wounded
        ok = ch[c, CH_THING] == 1 and beside(ch, c, target) and can_act(ch, target)
        ok = ok and ch[target, CH_ACTIVE] == 0
        if ok and ch[c, CH_ACTIVE] == 1 and ip[P.I_ACTIVE_NEEDS_WOUND] == 1:
            ok = ch[target, CH_HP] < ch[target, CH_MAX_HP]
        handover = -1
        if ok and g.lit[0, loc] == 1 and ch[c, CH_ACTIVE] == 0:
            handover = 0 if ch[c, CH_SLOT] != K.NO_ITEM else 1
            ok = ch[c, CH_SLOT + handover] != K.NO_ITEM and free_slot(ch, target, ip) >= 0
        if not ok:
            failed(g, c)
            return
        if handover >= 0:
            f = free_slot(ch, target, ip)
            put_in_slot(ch, target, f, ch[c, CH_SLOT + handover], 1)
            ch[c, CH_SLOT + handover] = K.NO_ITEM
            ch[c, CH_TAINT + handover] = 0
        elif g.lit[0, loc] == 0:
            ch[target, CH_FELT] = t  # in the dark the target feels the attempt
        p = fp[P.F_INFECT]
        k = ch[c, CH_HINDERED]
        if k > 0:
            p = max(fp[P.F_HINDER_FLOOR], p - k * fp[P.F_HINDER])
        try_infect(ch, st, g.events, g.rng, ip, rec, target, c, p)
        done(g, c, a, target, 0)
        return
    usable = can_use_location(g, c) and success(g.rng, ch, fp, c, 1.0, False)
    if not usable:
        failed(g, c)
        return
    if a == K.A_CORPSE_BLOOD or a == K.A_CORPSE_ITEM:
        if not (beside(ch, c, target) and looks_dead(ch, target)):
            failed(g, c)
            return
        risky = shows_as_thing(ch, target)
        if a == K.A_CORPSE_BLOOD:
            if not new_sample(samples, c, target, 1 if risky else 0):
                failed(g, c)
                return
        else:
            s = slot_of(ch, target, arg) if arg != K.NO_ITEM else -1
            f = free_slot(ch, c, ip)
            if s < 0 or f < 0:
                failed(g, c)
                return
            put_in_slot(ch, c, f, arg, 1 if risky else ch[target, CH_TAINT + s])
            ch[target, CH_SLOT + s] = K.NO_ITEM
            if arg == K.WEAPON:  # his bullets go with his weapon
                ch[c, CH_BULLETS] = min(
                    ip[P.I_MAX_BULLETS], ch[c, CH_BULLETS] + ch[target, CH_BULLETS]
                )
                ch[target, CH_BULLETS] = 0
        if risky and ch[c, CH_THING] == 0:  # CL-ACT-CORPSE: at the risk of infection
            try_infect(ch, st, g.events, g.rng, ip, rec, c, -1, fp[P.F_ITEM_INFECT])
        done(g, c, a, target, arg)
    elif a == K.A_OWN_BLOOD:
        if not new_sample(samples, c, c, 1 if shows_as_thing(ch, c) else 0):
            failed(g, c)
            return
        done(g, c, a, -1, 0)
    elif a == K.A_DOG_BLOOD:
        if not (loc == K.KENNEL and st[ST_DOGS] > 0 and new_sample(samples, c, K.DOG_BIT, 0)):
            failed(g, c)
            return
        done(g, c, a, -1, 0)
    elif a == K.A_PICK_UP:
        f = free_slot(ch, c, ip)
        ok = 0 < arg < K.N_ITEMS and g.floor[loc, arg, 0] + g.floor[loc, arg, 1] > 0
        if not (ok and f >= 0):
            failed(g, c)
            return
        tainted = take_from_floor(g, loc, arg)
        put_in_slot(ch, c, f, arg, tainted)
        if tainted == 1 and ch[c, CH_THING] == 0:  # CL-THING-INF: a Thing's item infects
            try_infect(ch, st, g.events, g.rng, ip, rec, c, -1, fp[P.F_ITEM_INFECT])
        done(g, c, a, -1, arg)
    elif a == K.A_TAKE:
        f = free_slot(ch, c, ip)
        if not (0 < arg < K.N_ITEMS and g.store[loc, arg] > 0 and f >= 0):
            failed(g, c)
            return
        g.store[loc, arg] -= 1
        put_in_slot(ch, c, f, arg, 0)
        if arg == K.WEAPON:  # CL-LOC-ARSENAL: loaded
            ch[c, CH_BULLETS] = min(ip[P.I_MAX_BULLETS], ch[c, CH_BULLETS] + ip[P.I_WEAPON_BULLETS])
        done(g, c, a, -1, arg)
    elif a == K.A_EAT:
        if not (loc == K.FOOD and st[ST_FOOD] > 0):
            failed(g, c)
            return
        st[ST_FOOD] -= 1
        if st[ST_FOOD] == 0:  # CL-LOC-FOOD, CL-TURN-3: "in 2 turns" is on the third
            st[ST_STARVE_TURN] = t + ip[P.I_STARVE_AFTER] + 1
        done(g, c, a, -1, 0)
    elif a == K.A_REFUEL:
        s = slot_of(ch, c, K.FUEL_UNIT)
        ok = loc == K.HELIPAD and st[ST_HELI_GONE] == 0 and st[ST_HELI_FUEL] < ip[P.I_HELI_FUEL]
        if not (ok and s >= 0):
            failed(g, c)
            return
        ch[c, CH_SLOT + s] = K.NO_ITEM
        ch[c, CH_TAINT + s] = 0
        st[ST_HELI_FUEL] += 1
        rec[R.C_REFUELS] += 1
        done(g, c, a, -1, 0)
    elif a == K.A_PREPARE:
        ok = loc == K.HELIPAD and st[ST_HELI_GONE] == 0
        ok = ok and st[ST_HELI_FUEL] >= ip[P.I_HELI_FUEL]
        ok = ok and obj[K.OB_HELICOPTER] >= ip[P.I_HELI_HITS]
        if not ok:
            failed(g, c)
            return
        ch[c, CH_ABOARD] = 2  # a preparer: the turn counts once, whoever prepares
        done(g, c, a, -1, 0)
    elif a == K.A_FLY:
        if not (loc == K.HELIPAD and st[ST_HELI_GONE] == 0):
            failed(g, c)
            return
        ch[c, CH_ABOARD] = 1
        done(g, c, a, -1, 0)
    elif a == K.A_REPAIR:
        # CL-REPAIR: +1 hit a turn (the technician's 2); from 0 only with spare parts, to 1
        if not object_here(ch, c, arg) or obj[arg] >= max_hits(ip, arg):
            failed(g, c)
            return
        if obj[arg] == 0:
            s = slot_of(ch, c, K.PARTS)
            if s < 0:
                failed(g, c)
                return
            ch[c, CH_SLOT + s] = K.NO_ITEM
            ch[c, CH_TAINT + s] = 0
            obj[arg] = 1
        else:
            tech = ch[c, CH_PROFESSION] == K.TECHNICIAN
            obj[arg] = min(
                max_hits(ip, arg), obj[arg] + (ip[P.I_TECH_REPAIR] if tech else ip[P.I_REPAIR])
            )
        rec[R.C_REPAIRS] += 1
        if arg == K.OB_HELICOPTER:
            rec[R.C_HELI_REPAIRS] += 1
        done(g, c, a, -1, arg)
    elif a == K.A_SWITCH:
        if not (loc == K.GENERATOR and (st[ST_GEN_ON] == 1 or obj[K.OB_GENERATOR] > 0)):
            failed(g, c)
            return
        st[ST_GEN_ON] = 1 - st[ST_GEN_ON]
        st[ST_GEN_SINCE] = t
        done(g, c, a, -1, st[ST_GEN_ON])
    elif a == K.A_FORECAST:
        if not (loc == K.METEO and runs and obj[K.OB_METEO] > 0):
            failed(g, c)
            return
        st[ST_FORECAST_CYCLE] = cycle_of(ip, t) + 1
        done(g, c, a, -1, 0)
    elif a == K.A_BROADCAST:
        # CL-LOC-RADIO: his claims this turn reach every location with a working loudspeaker
        if not (loc == K.RADIO and runs and obj[K.OB_RADIO] > 0):
            failed(g, c)
            return
        reach = 0
        for j in range(ch.shape[0]):
            if j != c and can_act(ch, j) and obj[K.OB_SPEAKER + ch[j, CH_LOC]] > 0:
                reach |= 1 << j
        for r in range(st[ST_N_CLAIMS]):
            if g.claims[r, CL_SPEAKER] == c:
                g.claims[r, CL_HEARERS] |= reach
        done(g, c, a, -1, 0)
    elif a == K.A_TEST:
        # CL-LOC-LAB: one analysis a turn (the medic's two); the computer needs the generator
        if not (loc == K.LAB and runs and obj[K.OB_LAB] > 0):
            failed(g, c)
            return
        tests = ip[P.I_MEDIC_TESTS] if ch[c, CH_PROFESSION] == K.MEDIC else ip[P.I_LAB_TESTS]
        k = 0
        for s in (arg, target):
            if k < tests and holds_sample(samples, c, s):
                read_result(g, ip, c, k, s)
                rec[R.C_BLOOD_TESTS] += 1
                k += 1
        if k == 0:
            failed(g, c)
            return
        done(g, c, a, target, arg)


@compiled
def read_result(g, ip, c, k, s):
    """An analysis's result: read by the tester, or by everyone in the laboratory (CL-GAP-11)."""
    ch = g.ch
    for j in range(ch.shape[0]):
        reads = j == c or (ip[P.I_LAB_SEEN_BY] == 1 and beside(ch, c, j) and can_act(ch, j))
        if reads:
            g.results[j, k, 0] = g.samples[s, SM_LABEL]
            g.results[j, k, 1] = g.samples[s, SM_POSITIVE]


@compiled
def resolve_flight(g, ip, fp, rec):
    """CL-LOC-HELI: a turn with a preparer adds a turn of preparation; those who board a
    prepared helicopter fly, on a roll by the weather and whether the pilot is aboard. A Thing
    aboard a successful flight wins for the Things (CL-WIN-2); humans alone are saved, and
    the others play on (CL-WIN-1). CL-GAP-8/9 decide a failed flight and an infected aboard."""
    ch, st = g.ch, g.st
    t = st[ST_TURN]
    prepared = False
    passengers = 0
    pilot = False
    thing = False
    for c in range(ch.shape[0]):
        if ch[c, CH_ABOARD] == 2:
            prepared = True
        elif ch[c, CH_ABOARD] == 1 and can_act(ch, c):
            passengers |= 1 << c
            if ch[c, CH_PROFESSION] == K.PILOT and ch[c, CH_ACTIVE] == 0:
                pilot = True
            if ch[c, CH_THING] == 1 or (infected(ch, c) and ip[P.I_INFECTED_ABOARD] == 0):
                thing = True
    ready = st[ST_HELI_PREPARED] >= ip[P.I_HELI_PREPARE]
    whole = g.obj[K.OB_HELICOPTER] >= ip[P.I_HELI_HITS] and st[ST_HELI_FUEL] >= ip[P.I_HELI_FUEL]
    if passengers != 0 and ready and whole and st[ST_HELI_GONE] == 0:
        clear = cycle_weather(g.rng, cycle_of(ip, t), fp[P.F_CLEAR]) == C.CLEAR
        if pilot:
            p = fp[P.F_PILOT_CLEAR] if clear else fp[P.F_PILOT_STORM]
        else:
            p = fp[P.F_FLY_CLEAR] if clear else fp[P.F_FLY_STORM]
        ok = chance(g.rng, WORLD, p)
        rec[R.C_HELI_FLIGHT_TURN] = t
        log(st, g.events, K.E_FLIGHT, -1, -1, 1 if ok else 0, passengers)
        if ok:
            st[ST_HELI_GONE] = 1
            for c in range(ch.shape[0]):
                if (passengers >> c) & 1 == 1:
                    ch[c, CH_ESCAPED] = 1
                    ch[c, CH_LIGHT_ON] = 0
            if thing:
                st[ST_WINNER] = C.THINGS
                st[ST_REASON] = C.R_THING_ESCAPED
            elif humans_left(ch) == 0:  # the last humans flew away: saved, nobody was killed
                st[ST_WINNER] = C.HUMANS
                st[ST_REASON] = C.R_ESCAPE
        elif ip[P.I_FAILED_FLIGHT] == 0:  # crash
            st[ST_HELI_GONE] = 1
            for c in range(ch.shape[0]):
                if (passengers >> c) & 1 == 1:
                    kill(ch, st, g.events, rec, c, K.DC_CRASH)
        else:
            st[ST_HELI_PREPARED] = 0
    elif prepared and whole and st[ST_HELI_GONE] == 0:
        st[ST_HELI_PREPARED] = min(ip[P.I_HELI_PREPARE], st[ST_HELI_PREPARED] + 1)
        if st[ST_HELI_PREPARED] >= ip[P.I_HELI_PREPARE] and rec[R.C_HELI_PREPARED_TURN] == 0:
            rec[R.C_HELI_PREPARED_TURN] = t


@compiled
def resolve_turn(g, ip, fp, rec):
    """Resolve the declarations together (CL-TURN-2). Returns whether the game is over."""
    ch, st = g.ch, g.st
    n = ch.shape[0]
    st[ST_SHOTS] = 0
    st[ST_N_CLAIMS] = 0
    for c in range(n):
        ch[c, CH_START_LOC] = ch[c, CH_LOC]
        ch[c, CH_HINDERED] = 0
        ch[c, CH_DAMAGE] = 0
        ch[c, CH_HIT_BY] = -1
        ch[c, CH_MOVE_TO] = -1
        ch[c, CH_ABOARD] = 0
        for k in range(2):
            g.results[c, k, 0] = O.UNSEEN
            g.results[c, k, 1] = O.UNSEEN
    for c in range(n):  # free actions first (CL-ACT-FREE)
        for r in range(ch[c, CH_N_DECL]):
            a = g.decl[c, r, 0]
            if a >= K.N_MAIN_ACTIONS and a < K.N_ACTIONS:
                resolve_free(g, ip, rec, c, a, g.decl[c, r, 1], g.decl[c, r, 2])
    update_light(g)
    for c in range(n):  # CL-ACT-HINDER
        if K.ACTION_PHASE[ch[c, CH_ACT]] == K.PH_HINDER:
            target = ch[c, CH_ACT_TARGET]
            if beside(ch, c, target) and ch[target, CH_ALIVE] == 1:
                ch[target, CH_HINDERED] += 1
                done(g, c, K.A_HINDER, target, 0)
            else:
                failed(g, c)
    for c in range(n):  # CL-TURN-2: breaking first
        if K.ACTION_PHASE[ch[c, CH_ACT]] == K.PH_BREAK:
            resolve_break(g, ip, fp, rec, c)
    for c in range(n):
        if K.ACTION_PHASE[ch[c, CH_ACT]] == K.PH_ATTACK:
            resolve_attack(g, ip, fp, rec, c)
    apply_damage(g, ip, rec)
    for c in range(n):
        if K.ACTION_PHASE[ch[c, CH_ACT]] == K.PH_BURN:
            resolve_burn(g, ip, fp, rec, c)
    order = g.order
    for c in range(n):
        order[c] = c
    shuffle(g.rng, order)
    for k in range(n):
        c = order[k]
        if K.ACTION_PHASE[ch[c, CH_ACT]] == K.PH_OTHER:
            resolve_other(g, ip, fp, rec, c)
    resolve_flight(g, ip, fp, rec)
    for c in range(n):  # CL-TURN-2: the moves come last
        if ch[c, CH_MOVE_TO] >= 0 and ch[c, CH_ALIVE] == 1 and ch[c, CH_PARALYSED_UNTIL] == 0:
            ch[c, CH_LOC] = ch[c, CH_MOVE_TO]
    for loc in range(K.N_LOC):
        g.lit[1, loc] = g.lit[0, loc]
    for c in range(n):  # what the next turn's observations show of this turn's actions
        ch[c, CH_LAST_ACT] = ch[c, CH_ACT]
        ch[c, CH_LAST_TARGET] = ch[c, CH_ACT_TARGET]
        ch[c, CH_LAST_ARG] = ch[c, CH_ACT_ARG]
    return check_end(g, ip, rec)


@compiled
def snapshot(g):
    """Replay mode: the station and each character at the turn's start."""
    t = g.st[ST_TURN] - 1
    if t < g.snap_st.shape[0]:
        for k in range(len(SNAP_ST)):
            g.snap_st[t, k] = g.st[SNAP_ST[k]]
        for c in range(g.ch.shape[0]):
            for k in range(len(SNAP_CH)):
                g.snap_ch[t, c, k] = g.ch[c, SNAP_CH[k]]


@compiled
def violations(g, ip):
    """The invariants of the state (INV_* bits) that do not hold."""
    ch, st = g.ch, g.st
    bad = 0
    for c in range(ch.shape[0]):
        hp = ch[c, CH_HP]
        if hp < 0 or hp > ch[c, CH_MAX_HP]:
            bad |= INV_HP
        if ch[c, CH_ALIVE] == 1 and hp == 0 and ch[c, CH_PARALYSED_UNTIL] == 0:
            bad |= INV_HP
        held = 0
        for s in range(2):
            kind = ch[c, CH_SLOT + s]
            if kind < 0 or kind >= K.N_ITEMS:
                bad |= INV_SLOTS
            elif kind != K.NO_ITEM:
                held += 1
        if ch[c, CH_ALIVE] == 1 and held > slots_allowed(ch, c, ip):
            bad |= INV_SLOTS
        if ch[c, CH_ACTIVE] == 1 and held > 0:
            bad |= INV_SLOTS
        if ch[c, CH_BULLETS] < 0 or ch[c, CH_BULLETS] > ip[P.I_MAX_BULLETS]:
            bad |= INV_BULLETS
        if ch[c, CH_ACTIVE] == 1 and ch[c, CH_THING] == 0:
            bad |= INV_FORM
        if ch[c, CH_THING] == 1 and ch[c, CH_CONVERT_TURN] > 0:
            bad |= INV_FORM
    for loc in range(K.N_LOC):
        for kind in range(K.N_ITEMS):
            if g.store[loc, kind] < 0 or g.floor[loc, kind, 0] < 0 or g.floor[loc, kind, 1] < 0:
                bad |= INV_STOCK
    if st[ST_FOOD] < 0 or st[ST_DOGS] < 0:
        bad |= INV_STOCK
    for s in range(g.samples.shape[0]):
        h = g.samples[s, SM_HOLDER]
        if h >= ch.shape[0] or h < -1:
            bad |= INV_SAMPLES
    if st[ST_TEMPERATURE] > ip[P.I_T_MAX] and st[ST_TEMPERATURE] > ip[P.I_T_START]:
        bad |= INV_TEMPERATURE
    if st[ST_HELI_FUEL] > max(ip[P.I_HELI_FUEL], ip[P.I_HELI_START_FUEL]):
        bad |= INV_HELICOPTER
    if st[ST_HELI_PREPARED] > ip[P.I_HELI_PREPARE]:
        bad |= INV_HELICOPTER
    return bad


@compiled
def play_game(g, rules, policies, seed, game, rec, dispatch, checks):
    """Play game `game` of `seed` to its end with the arrays of g, writing its record into rec.
    rules = (ip, fp), the packed config; policies = (human policy id, its knobs, Thing policy
    id, its knobs); `dispatch` calls a policy by id (policies.classic.dispatch)."""
    ip, fp = rules
    new_game(g, ip, seed, game, rec)
    over = False
    for t in range(1, ip[P.I_MAX_TURNS] + 1):
        over = begin_turn(g, ip, rec, t)
        snapshot(g)
        if checks:
            rec[R.C_INVARIANT_VIOLATIONS] |= violations(g, ip)
        if over:
            break
        declare_all(g, ip, fp, policies, dispatch)
        over = resolve_turn(g, ip, fp, rec)
        if checks:
            rec[R.C_INVARIANT_VIOLATIONS] |= violations(g, ip)
        if over:
            break
    finish_record(g, rec)

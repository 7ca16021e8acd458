"""The `expert` Thing policy and the degenerate `saboteur`.

`expert` plays the Things to win (WIN-2): the first original Thing guards the Radio room's block
(its generator powers the call and its beacon, GAP-6; with the Radio room's light broken, nobody
there can tell whether it has power), the others cut the fuel (the pump) and the other
generators, the beacons and the analyzer, each its own share first (job_holder, THING-P-4);
every original infects in the dark whenever the cooldown allows (INF-1, INF-6), breaks a room's
light fixture to make the dark (LIGHT-2), heads for humans in the dark, reveals itself when
exposed, when alone with few humans, late in the game or when the rescue is near
(THING-HIDDEN-1), calls its converts (THING-P-5) and uses its archetype (ARCH-*). In the active
form it throws back and claws the weakest, or sprays a crowd (THING-ACTIVE-6). `saboteur` only
breaks every generator and the pump, again and again.

Memory: cells M_EXPERT_THINGS.. of the character's row (policies.memory), zero at the start of a
game and for a convert the Things have just called (X_READY tells):
- X_READY: 1 once these cells are set up
- X_INFECTED: bitmask of the characters I infected once
- X_TWICE: bitmask of those I infected again (INF-7: sure to turn)
- X_EXPOSED: the last turn I was attacked or seen breaking something (0: never)
- X_CALLED: bitmask of the converts I called (THING-P-5)
- X_EATEN: food boxes I ate off the Freezer's shelves (LOC-FREEZER-4)
- X_FIXTURES: bitmask of the rooms whose light fixture I believe broken
- X_BROKEN: N_JOBS cells: the turn I last made or saw each sabotage job's object broken, 0 if I
  believe it works (jobs below)
- X_LAST_INFECT: the turn of my last infection attempt (INF-6)

The saboteur reads policies.memory's generator cells and keeps the pump's X_BROKEN cell.
Knob indices follow KNOBS and SABOTEUR_KNOBS."""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.kernel.rng import below, chance
from balance.kernel.public import pack_order
from balance.observation import (
    MAX_CHARACTERS,
    OT_ARCHETYPE,
    OT_CONVERTS,
    OT_FORM,
    OT_HIDDEN_READY,
    OT_ROOMS_BEFORE,
    OT_SCREAM_READY,
    OT_TRANSFORM_READY,
    O_AP,
    O_BEACON_BROKEN,
    O_CALL_TURN,
    O_FIXTURE_BROKEN,
    O_GEN_BROKEN,
    O_HELD,
    O_HERE,
    O_INFECT_READY,
    O_KNOWN_THING,
    O_LAB_ANALYZER_BROKEN,
    O_LIGHTING,
    O_LIVING_HERE,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_PRESENT,
    O_PUMP_BROKEN,
    O_ROOM,
    O_SELF,
    O_THING,
    O_TURN,
    O_WOUND,
    PERCEIVED_FIELDS,
    PERCEIVED_SLOTS,
    P_CONSCIOUS,
    P_UNCONSCIOUS,
    UNSEEN,
    W_HEAVY,
    W_LIGHT,
)
from policies.common import (
    emit,
    generator_room_of_block,
    hops,
    move_through,
    radio_generator_room,
    step_toward,
)
from policies.memory import (
    M_CROWD,
    M_CROWD_SEEN,
    M_EXPERT_THINGS,
    M_GEN_BROKEN,
    M_GEN_SEEN,
    fuel_estimate,
    remember,
    remember_lamps,
)
from policies.claims import ally, thing_claim
from policies.things import enterable_rooms

KNOBS = (
    "warden",
    "radio_weight",
    "pump_weight",
    "generator_weight",
    "beacon_weight",
    "analyzer_weight",
    "recheck_turns",
    "witness_limit",
    "fixture_witnesses",
    "reinfect",
    "infect_unconscious",
    "crowd_weight",
    "dark_weight",
    "lone_weight",
    "reveal_turn",
    "reveal_max_humans",
    "reveal_late_turn",
    "reveal_before_rescue",
    "exposed_turns",
    "call_turn",
    "spray_min",
    "eat_food",
    "wait_infect",
    "guard",
    "radio_fixture_weight",
    "radio_witness_limit",
    "infect_chance",
    "ally_job_weight",
    "frame_chance",
    "frame_proof",
    "vouch_chance",
    "vouch_proof",
    "alarm_chance",
)
K_WARDEN = 0
K_RADIO_WEIGHT = 1
K_PUMP_WEIGHT = 2
K_GENERATOR_WEIGHT = 3
K_BEACON_WEIGHT = 4
K_ANALYZER_WEIGHT = 5
K_RECHECK_TURNS = 6
K_WITNESS_LIMIT = 7
K_FIXTURE_WITNESSES = 8
K_REINFECT = 9
K_INFECT_UNCONSCIOUS = 10
K_CROWD_WEIGHT = 11
K_DARK_WEIGHT = 12
K_LONE_WEIGHT = 13
K_REVEAL_TURN = 14
K_REVEAL_MAX_HUMANS = 15
K_REVEAL_LATE_TURN = 16
K_REVEAL_BEFORE_RESCUE = 17
K_EXPOSED_TURNS = 18
K_CALL_TURN = 19
K_SPRAY_MIN = 20
K_EAT_FOOD = 21
K_WAIT_INFECT = 22
K_GUARD = 23
K_RADIO_FIXTURE_WEIGHT = 24
K_RADIO_WITNESS_LIMIT = 25
K_INFECT_CHANCE = 26
K_ALLY_JOB_WEIGHT = 27
K_FRAME_CHANCE = 28
K_FRAME_PROOF = 29
K_VOUCH_CHANCE = 30
K_VOUCH_PROOF = 31
K_ALARM_CHANCE = 32

SABOTEUR_KNOBS = ("pump", "recheck_turns")
KS_PUMP = 0
KS_RECHECK_TURNS = 1

SUMMARY = (
    "guards the Radio room's block, cuts fuel, power, beacons and the analyzer, infects in the "
    "dark, reveals when it pays and calls its converts"
)
SABOTEUR_SUMMARY = "degenerate: every Thing breaks every generator and the pump, again and again"

X_READY = M_EXPERT_THINGS
X_INFECTED = M_EXPERT_THINGS + 1
X_TWICE = M_EXPERT_THINGS + 2
X_EXPOSED = M_EXPERT_THINGS + 3
X_CALLED = M_EXPERT_THINGS + 4
X_EATEN = M_EXPERT_THINGS + 5
X_FIXTURES = M_EXPERT_THINGS + 6

NEVER = 1000.0  # a job weight from which that kind of job is never done
WARDEN_FIRST = 100.0  # taken off the warden's Radio block job weights: before any other job

# sabotage jobs: an object in a room; the "other" blocks are the two without the Radio room
J_RADIO_GEN = 0  # the generator of the Radio room's block: the call needs its power (GAP-6)
J_RADIO_BEACON = 1  # the beacon beside it
J_PUMP = 2  # LOC-FUEL-1: no more fuel for any generator
J_GEN_A = 3
J_GEN_B = 4
J_BEACON_A = 5
J_BEACON_B = 6
J_ANALYZER = 7  # LOC-LAB-1: no blood tests
J_RADIO_FIXTURE = 8  # LIGHT-2: the Radio room's light; in the dark one cannot tell it has power
N_JOBS = 9

X_BROKEN = M_EXPERT_THINGS + 7  # N_JOBS cells
X_LAST_INFECT = X_BROKEN + N_JOBS  # the turn of my last infection attempt (INF-6)


@compiled
def other_block(room_block, k):
    """The k-th (0 or 1) block other than the Radio room's."""
    radio = room_block[codes.RADIO_ROOM]
    for b in range(codes.N_BLOCKS):
        if b != radio:
            if k == 0:
                return b
            k -= 1
    return -1


@compiled
def job_room(room_block, j):
    """Where job j's object stands."""
    if j == J_RADIO_GEN or j == J_RADIO_BEACON:
        return radio_generator_room(room_block)
    if j == J_PUMP:
        return codes.FUEL_ROOM
    if j == J_ANALYZER:
        return codes.LABORATORY
    if j == J_RADIO_FIXTURE:
        return codes.RADIO_ROOM
    k = 0 if j == J_GEN_A or j == J_BEACON_A else 1
    return generator_room_of_block(room_block, other_block(room_block, k))


@compiled
def job_object(j):
    if j == J_RADIO_GEN or j == J_GEN_A or j == J_GEN_B:
        return codes.OBJ_GENERATOR
    if j == J_RADIO_BEACON or j == J_BEACON_A or j == J_BEACON_B:
        return codes.OBJ_BEACON
    if j == J_PUMP:
        return codes.OBJ_PUMP
    if j == J_RADIO_FIXTURE:
        return codes.OBJ_LIGHT_FIXTURE
    return codes.OBJ_ANALYZER


@compiled
def seen_broken(obs, obj):
    """The object's state as I see it here: 1 broken, 0 working, UNSEEN."""
    if obj == codes.OBJ_GENERATOR:
        return obs[O_GEN_BROKEN]
    if obj == codes.OBJ_BEACON:
        return obs[O_BEACON_BROKEN]
    if obj == codes.OBJ_PUMP:
        return obs[O_PUMP_BROKEN]
    if obj == codes.OBJ_LIGHT_FIXTURE:
        return obs[O_FIXTURE_BROKEN]
    return obs[O_LAB_ANALYZER_BROKEN]


@compiled
def setup_cells(mem):
    """First turn on this policy (a game's start, or a convert just called, whose cells here
    the human policy left at zero): nothing I infected, called or broke yet."""
    if mem[X_READY] == 0:
        for cell in range(X_READY, X_LAST_INFECT + 1):
            mem[cell] = 0
        mem[X_READY] = 1


@compiled
def remember_jobs(obs, mem, room_block):
    """Fold what I see of the sabotage targets here into X_BROKEN; a generator seen working
    elsewhere in memory (policies.memory) clears its job too."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    for j in range(N_JOBS):
        if job_room(room_block, j) == here:
            s = seen_broken(obs, job_object(j))
            if s == 1:
                mem[X_BROKEN + j] = t
            elif s == 0:
                mem[X_BROKEN + j] = 0
    if obs[O_FIXTURE_BROKEN] == 1:
        mem[X_FIXTURES] |= 1 << here
    elif obs[O_FIXTURE_BROKEN] == 0:
        mem[X_FIXTURES] &= ~(1 << here)


@compiled
def remember_exposure(obs, mem):
    """Exposed: I perceived a shot, a blow or a flame aimed at me (frostbite is no sign)."""
    t = obs[O_TURN]
    me = obs[O_SELF]
    for s in range(min(obs[O_N_PERCEIVED], PERCEIVED_SLOTS)):
        row = O_PERCEIVED + s * PERCEIVED_FIELDS
        kind = obs[row + 1]
        attack = (kind == codes.E_SHOT) | (kind == codes.E_MELEE) | (kind == codes.E_FLAME)
        if attack & (obs[row + 2] == me):  # one branch, seldom taken
            mem[X_EXPOSED] = t


@compiled
def exposed(obs, mem, knobs):
    return mem[X_EXPOSED] > 0 and obs[O_TURN] - mem[X_EXPOSED] <= knobs[K_EXPOSED_TURNS]


@compiled
def humans_here(obs):
    """Characters here, living and not known to be Things: the humans as far as I know."""
    me = obs[O_SELF]
    n = 0
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        p = obs[O_PRESENT + d]
        n += (d != me) & ((p == P_CONSCIOUS) | (p == P_UNCONSCIOUS)) & (not ally(obs, d))
    return n


@compiled
def armed_here(obs):
    """A human here with a weapon in hand (LIGHT-1: seen), or -1."""
    me = obs[O_SELF]
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        if d == me or obs[O_PRESENT + d] != P_CONSCIOUS or ally(obs, d):
            continue
        for h in range(2):
            kind = obs[O_HELD + 2 * d + h]
            if kind == codes.PISTOL or kind == codes.FLAMETHROWER or kind == codes.AXE:
                return d
    return -1


@compiled
def rank(obs):
    """My place among the original Things by index (THING-P-4: they know each other)."""
    me = obs[O_SELF]
    r = 0
    for d in range(me):
        if obs[O_KNOWN_THING + d] == 1:
            r += 1
    return r


@compiled
def originals(obs):
    """How many original Things there are, me included (THING-P-4)."""
    n = 0
    for d in range(MAX_CHARACTERS):
        if obs[O_KNOWN_THING + d] == 1:
            n += 1
    return n


@compiled
def infection_value(obs, mem, knobs, d):
    """How much infecting d is worth: a stranger 2, one I infected once (INF-7) `reinfect`,
    a sure convert, an ally or a dead body 0."""
    if ally(obs, d) or (mem[X_TWICE] >> d) & 1 == 1:
        return 0.0
    if (mem[X_INFECTED] >> d) & 1 == 1:
        return knobs[K_REINFECT]
    return 2.0


@compiled
def best_victim(obs, mem, knobs, rng, k, unconscious_only):
    """The present character most worth infecting (ties broken at random), or -1."""
    me = obs[O_SELF]
    best, best_v, ties = -1, 0.0, 0
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        p = obs[O_PRESENT + d]
        ok = p == P_UNCONSCIOUS if unconscious_only else (p == P_CONSCIOUS or p == P_UNCONSCIOUS)
        if d == me or not ok:
            continue
        v = infection_value(obs, mem, knobs, d)
        if v > best_v:
            best, best_v, ties = d, v, 1
        elif v == best_v and v > 0:
            ties += 1
            if below(rng, k, ties) == 0:
                best = d
    return best


@compiled
def infect(obs, mem, ip, knobs, rng, k, out, n):
    """INF-1, INF-5, INF-6: infect when ready; free and secret in the dark or in a crowd of
    I_INF_CROWD; an unconscious victim in Light spends the turn (returns -1 - n then) and is
    seen done (INF-5(a), AP-6), so only with no awake human here to see it."""
    if obs[O_INFECT_READY] != 1:
        return n
    light = obs[O_LIGHTING]
    if light == codes.BLIZZARD:
        return n  # LIGHT-4
    free = light == codes.DARK or obs[O_LIVING_HERE] >= ip[P.I_INF_CROWD]
    if not free and (knobs[K_INFECT_UNCONSCIOUS] <= 0 or obs[O_AP] < ip[P.I_INF_UNCONSCIOUS_AP]):
        return n
    if not free and some_human(obs) >= 0:
        return n  # a witness would know me for a Thing
    victim = best_victim(obs, mem, knobs, rng, k, not free)
    if victim < 0 or not chance(rng, k, knobs[K_INFECT_CHANCE]):
        return n
    if (mem[X_INFECTED] >> victim) & 1 == 1:
        mem[X_TWICE] |= 1 << victim  # INF-7
    mem[X_INFECTED] |= 1 << victim
    n = emit(out, n, codes.A_INFECT, victim, 0)
    return n if free else -1 - n  # INF-5(a), GAP-14: the turn is spent


# --- the converts and the archetypes ---


@compiled
def rescue_near(obs, ip, knobs):
    """GAP-6: the call is public; the rescue comes I_RESCUE_DELAY turns after it."""
    call = obs[O_CALL_TURN]
    left = call + ip[P.I_RESCUE_DELAY] - obs[O_TURN]
    return call != UNSEEN and left <= knobs[K_REVEAL_BEFORE_RESCUE]


@compiled
def call_converts(obs, mem, ip, knobs, out, n, revealing):
    """THING-P-5 (0 AP): call every convert once it pays: from `call_turn` on, when the rescue
    is near, or when I reveal myself."""
    converts = obs[O_THING + OT_CONVERTS]
    if converts == UNSEEN or converts == 0:
        return n
    if not (revealing or obs[O_TURN] >= knobs[K_CALL_TURN] or rescue_near(obs, ip, knobs)):
        return n
    for d in range(MAX_CHARACTERS):
        if (converts >> d) & 1 == 1 and (mem[X_CALLED] >> d) & 1 == 0:
            mem[X_CALLED] |= 1 << d
            n = emit(out, n, codes.A_CALL_SPAWN, d, 0)
    return n


@compiled
def some_human(obs):
    """A conscious human here, or -1."""
    me = obs[O_SELF]
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        if d != me and obs[O_PRESENT + d] == P_CONSCIOUS and not ally(obs, d):
            return d
    return -1


@compiled
def sanity_matters(ip):
    """GAP-11: sanity has an effect only in a variant: a blackout at 0, or an AP fewer below
    sanity.shaken_below."""
    return ip[P.I_SANITY_BLACKOUT] == 1 or ip[P.I_SANITY_SHAKEN] > 0


@compiled
def hidden_ability(obs, mem, ip, out, n, room_block):
    """ARCH-* hidden form (0 AP, secret, GAP-41): the Mutant breaks a generator or beacon it
    believes working in a room of its last turns (ARCH-MUTANT-1); the Queen orders a human in a
    generator room with power to break the generator himself (ARCH-QUEEN-1, GAP-42: witnesses
    see his act); the Soldier's waves only matter when sanity does (GAP-11 variants)."""
    if obs[O_THING + OT_HIDDEN_READY] != 1:
        return n
    arch = obs[O_THING + OT_ARCHETYPE]
    if arch == codes.ARCH_MUTANT:
        for j in range(N_JOBS):
            r = job_room(room_block, j)
            recent = False
            for w in range(min(ip[P.I_REMOTE_BREAK_WINDOW], 3)):
                recent = recent or (obs[O_THING + OT_ROOMS_BEFORE + w] >> r) & 1 == 1
            if recent and r != obs[O_ROOM] and mem[X_BROKEN + j] == 0:
                mem[X_BROKEN + j] = obs[O_TURN]
                return emit(out, n, codes.A_REMOTE_BREAK, job_object(j), r)
    elif arch == codes.ARCH_QUEEN:
        d = some_human(obs)
        if d >= 0 and obs[O_GEN_BROKEN] == 0:
            order = pack_order(codes.A_BREAK, codes.OBJ_GENERATOR, 0)
            return emit(out, n, codes.A_ORDER, d, order)
    elif arch == codes.ARCH_SOLDIER and sanity_matters(ip) and humans_here(obs) > 0:
        return emit(out, n, codes.A_WAVES, 0, 0)
    return n


# --- revealing ---


@compiled
def should_reveal(obs, mem, ip, knobs):
    """THING-HIDDEN-1 (from I_TRANSFORM_TURN): reveal when exposed with humans at hand, when
    alone with a few unarmed humans from `reveal_turn` on, late in the game, or when the
    rescue is near (GAP-6)."""
    if obs[O_THING + OT_TRANSFORM_READY] != 1 or obs[O_AP] < ip[P.I_TRANSFORM_AP]:
        return False
    h = humans_here(obs)
    t = obs[O_TURN]
    if rescue_near(obs, ip, knobs) or t >= knobs[K_REVEAL_LATE_TURN]:
        return True
    if exposed(obs, mem, knobs) and h > 0:
        return True
    few = 0 < h <= knobs[K_REVEAL_MAX_HUMANS]
    return t >= knobs[K_REVEAL_TURN] and few and armed_here(obs) < 0


# --- sabotage ---


@compiled
def job_weight(knobs, j, warden):
    """Lower is sooner: the knob of the job's kind (the warden puts the Radio block first)."""
    if j == J_RADIO_GEN or j == J_RADIO_BEACON or j == J_RADIO_FIXTURE:
        if j == J_RADIO_FIXTURE:
            w = knobs[K_RADIO_FIXTURE_WEIGHT]
        else:
            w = knobs[K_RADIO_WEIGHT] + (1.0 if j == J_RADIO_BEACON else 0.0)
        return w - WARDEN_FIRST if warden and w < NEVER else w
    if j == J_PUMP:
        return knobs[K_PUMP_WEIGHT]
    if j == J_GEN_A or j == J_GEN_B:
        return knobs[K_GENERATOR_WEIGHT]
    if j == J_BEACON_A or j == J_BEACON_B:
        return knobs[K_BEACON_WEIGHT]
    return knobs[K_ANALYZER_WEIGHT]


@compiled
def urgent_job(j):
    """The Radio room's power, beacon and light decide whether the humans can call (GAP-6)."""
    return j == J_RADIO_GEN or j == J_RADIO_BEACON or j == J_RADIO_FIXTURE


@compiled
def job_holder(obs, knobs, j):
    """THING-P-4 (One mind): the originals deal the jobs out among themselves at the start, so
    that two of them do not walk to the same object (none sees where the others are): the
    warden (rank 0) holds the Radio block's jobs, the others the rest dealt in turn by job
    index. Returns the rank of the job's holder."""
    n = originals(obs)
    if knobs[K_WARDEN] > 0 and n > 1:
        if urgent_job(j):
            return 0
        k = 0  # j's place among the jobs dealt to the others
        for i in range(j):
            if not urgent_job(i):
                k += 1
        return 1 + k % (n - 1)
    return j % max(n, 1)


@compiled
def job_pending(obs, mem, knobs, j):
    """I believe job j's object works, or I have not checked it for `recheck_turns`."""
    broken_at = mem[X_BROKEN + j]
    return broken_at == 0 or obs[O_TURN] - broken_at > knobs[K_RECHECK_TURNS]


@compiled
def pick_job(obs, mem, knobs, next_hop, room_block, enterable, warden, radio_only):
    """The pending job with the lowest weight + distance among the rooms I can get into (the
    Radio block's alone if `radio_only`); a weight of NEVER or more switches a kind off. With
    `ally_job_weight` > 0 the jobs are dealt (job_holder): one dealt to another original weighs
    that much more, so that mine come first, and the warden leaves them all to the others (it
    keeps to the Radio block)."""
    best, best_score = -1, NEVER
    me = rank(obs)
    dealt = knobs[K_ALLY_JOB_WEIGHT] > 0
    for j in range(N_JOBS):
        r = job_room(room_block, j)
        w = job_weight(knobs, j, warden)
        if w >= NEVER or (enterable >> r) & 1 == 0 or not job_pending(obs, mem, knobs, j):
            continue
        if radio_only and not urgent_job(j):
            continue
        if dealt and job_holder(obs, knobs, j) != me:
            if warden:
                continue
            w += knobs[K_ALLY_JOB_WEIGHT]
        score = w + hops(next_hop, obs[O_ROOM], r)
        if score < best_score:
            best, best_score = j, score
    return best


@compiled
def witnesses_allow(obs, limit):
    """AP-6: in Light every human here sees what I do; break only before `limit` of them."""
    if obs[O_LIGHTING] == codes.DARK:
        return True
    return humans_here(obs) <= limit


@compiled
def break_here(obs, mem, ip, out, n, obj, j):
    """ACT-BREAK (I_BREAK_AP) the job's object here, remembering it; seen doing it in Light,
    I count as exposed (the witnesses will suspect me)."""
    if obs[O_AP] < ip[P.I_BREAK_AP]:
        return n
    t = obs[O_TURN]
    if j >= 0:
        mem[X_BROKEN + j] = t
    if obs[O_LIGHTING] != codes.DARK and humans_here(obs) > 0:
        mem[X_EXPOSED] = t
    return emit(out, n, codes.A_BREAK, obj, 0)


@compiled
def do_job(obs, mem, ip, knobs, out, n, next_hop, room_block, j):
    """Go to job j's room and break its object when the witnesses allow (`radio_witness_limit`
    for the Radio block's objects: they decide whether the humans can call, GAP-6)."""
    r = job_room(room_block, j)
    if obs[O_ROOM] != r:
        return move_through(obs, out, n, step_toward(obs, next_hop, r))
    s = seen_broken(obs, job_object(j))
    if s == 1:
        mem[X_BROKEN + j] = obs[O_TURN]
        return n
    limit = knobs[K_RADIO_WITNESS_LIMIT] if urgent_job(j) else knobs[K_WITNESS_LIMIT]
    if witnesses_allow(obs, limit):
        return break_here(obs, mem, ip, out, n, job_object(j), j)
    return n  # wait for the witnesses to leave


@compiled
def darken(obs, mem, ip, knobs, out, n):
    """LIGHT-2: break the light fixture of a lit room where humans are, so that I can infect
    here next turn; only before `fixture_witnesses` of them."""
    if obs[O_LIGHTING] != codes.LIGHT or obs[O_FIXTURE_BROKEN] != 0:
        return n
    h = humans_here(obs)
    if h == 0 or h > knobs[K_FIXTURE_WITNESSES]:
        return n
    mem[X_FIXTURES] |= 1 << obs[O_ROOM]
    return break_here(obs, mem, ip, out, n, codes.OBJ_LIGHT_FIXTURE, -1)


# --- going where the humans are ---


@compiled
def believed_dark(mem, ip, room_block, r, t):
    """The room's block generator is believed down (broken or dry), or its fixture broken."""
    if (mem[X_FIXTURES] >> r) & 1 == 1:
        return True
    b = room_block[r]
    if b < 0 or b >= codes.N_BLOCKS:
        return False
    return mem[M_GEN_BROKEN + b] == 1 or fuel_estimate(mem, ip, b, t) == 0


@compiled
def room_score(knobs, mem, ip, room_block, r, t):
    """Others seen there lately (the sighting counted me), the dark and a lone human count for
    it, age against it."""
    others = mem[M_CROWD + r] - 1
    if others <= 0 or mem[M_CROWD_SEEN + r] == 0:
        return -1e9
    score = others * knobs[K_CROWD_WEIGHT] - (t - mem[M_CROWD_SEEN + r])
    if believed_dark(mem, ip, room_block, r, t):
        score += knobs[K_DARK_WEIGHT]
    if others == 1:
        score += knobs[K_LONE_WEIGHT]
    return score


@compiled
def hunt(obs, mem, ip, knobs, rng, k, out, n, next_hop, room_block, enterable):
    """Head for the best room to find humans in (room_score), else a random room."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    best, best_score = -1, -1e8
    for r in range(codes.N_INDOOR):
        if r == here or (enterable >> r) & 1 == 0:
            continue
        s = room_score(knobs, mem, ip, room_block, r, t)
        if s > best_score:
            best, best_score = r, s
    if best < 0:
        best = below(rng, k, codes.N_INDOOR)
        if (enterable >> best) & 1 == 0:
            return n
    hop = step_toward(obs, next_hop, best)
    return move_through(obs, out, n, hop) if hop >= 0 else n


@compiled
def victims_in_dark(obs, mem, knobs):
    """Humans here in the dark whom infecting is still worth something (INF-1)."""
    if obs[O_LIGHTING] != codes.DARK:
        return False
    me = obs[O_SELF]
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        p = obs[O_PRESENT + d]
        if d != me and (p == P_CONSCIOUS or p == P_UNCONSCIOUS):
            if infection_value(obs, mem, knobs, d) > 0:
                return True
    return False


@compiled
def ready_soon(obs, mem, ip, knobs):
    """INF-6, GAP-36: my infection is allowed again within `wait_infect` turns (used on t,
    allowed on t + cooldown + 1)."""
    if obs[O_INFECT_READY] == 1 or mem[X_LAST_INFECT] == 0:
        return True
    ready = mem[X_LAST_INFECT] + ip[P.I_INF_COOLDOWN] + 1
    return ready - obs[O_TURN] <= knobs[K_WAIT_INFECT]


# --- the active form ---


@compiled
def weakest_prey(obs):
    """The human here easiest to kill: heavily, then lightly wounded, then any (HP-2)."""
    me = obs[O_SELF]
    best, best_v = -1, -1
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        p = obs[O_PRESENT + d]
        if d == me or not (p == P_CONSCIOUS or p == P_UNCONSCIOUS) or ally(obs, d):
            continue
        w = obs[O_WOUND + d]
        v = 3 if w == W_HEAVY else (2 if w == W_LIGHT else 1)
        if p == P_UNCONSCIOUS:
            v += 1
        if v > best_v:
            best, best_v = d, v
    return best


@compiled
def spared(obs):
    """GAP-40: the spray spares the Things I know of."""
    mask = 0
    for d in range(MAX_CHARACTERS):
        if ally(obs, d) or d == obs[O_SELF]:
            mask |= 1 << d
    return mask


@compiled
def active_declare(obs, mem, ip, knobs, rng, k, out, next_hop, room_block, enterable):
    """THING-ACTIVE-6: spray a crowd of `spray_min` humans; else the Queen screams (ARCH-QUEEN-2)
    or I throw back an armed human, then claw the weakest. With nobody here, break a job's
    object here, else hunt."""
    h = humans_here(obs)
    n = 0
    if h == 0:
        j = job_here(obs, knobs, room_block)
        if j >= 0 and obs[O_AP] >= ip[P.I_BREAK_AXE_AP]:
            mem[X_BROKEN + j] = obs[O_TURN]
            return emit(out, n, codes.A_BREAK, job_object(j), 0)  # THING-ACTIVE-7
        return hunt(obs, mem, ip, knobs, rng, k, out, n, next_hop, room_block, enterable)
    if h >= knobs[K_SPRAY_MIN]:
        return emit(out, n, codes.A_SPRAY, 0, spared(obs))
    victim = weakest_prey(obs)
    if obs[O_THING + OT_ARCHETYPE] == codes.ARCH_QUEEN and obs[O_THING + OT_SCREAM_READY] == 1:
        if h > 1:
            n = emit(out, n, codes.A_SCREAM, 0, 0)
    else:
        armed = armed_here(obs)
        n = emit(out, n, codes.A_THROW_BACK, armed if armed >= 0 else victim, 0)
    return emit(out, n, codes.A_CLAWS, victim, 0)


@compiled
def job_here(obs, knobs, room_block):
    """A sabotage job whose object stands here and is seen working, or -1."""
    for j in range(N_JOBS):
        if job_room(room_block, j) == obs[O_ROOM] and seen_broken(obs, job_object(j)) == 0:
            if job_weight(knobs, j, False) < NEVER:
                return j
    return -1


# --- the hidden form ---


@compiled
def eat_food(obs, mem, ip, knobs, out, n):
    """LOC-FREEZER-4, WIN-3: in the Freezer with no witness, eat the stock (I_FOOD boxes at
    most; once a turn, GAP-13)."""
    if knobs[K_EAT_FOOD] <= 0 or obs[O_ROOM] != codes.FREEZER or mem[X_EATEN] >= ip[P.I_FOOD]:
        return n
    if not witnesses_allow(obs, 0) or obs[O_AP] < ip[P.I_EAT_STOCK_AP]:
        return n
    mem[X_EATEN] += 1
    return emit(out, n, codes.A_EAT_STOCK, 0, 0)


@compiled
def hidden_declare(obs, mem, ip, knobs, rng, k, out, next_hop, room_block, enterable):
    """The hidden original's turn: free acts first (call, ability, infection), then reveal,
    sabotage, darken a room, eat the food or hunt."""
    if should_reveal(obs, mem, ip, knobs):
        n = call_converts(obs, mem, ip, knobs, out, 0, True)
        return emit(out, n, codes.A_TRANSFORM, 0, 0)  # THING-HIDDEN-1
    n = call_converts(obs, mem, ip, knobs, out, 0, False)
    n = hidden_ability(obs, mem, ip, out, n, room_block)
    before = n
    n = infect(obs, mem, ip, knobs, rng, k, out, n)
    if n < 0:
        mem[X_LAST_INFECT] = obs[O_TURN]
        return -1 - n
    if n > before:
        mem[X_LAST_INFECT] = obs[O_TURN]
    warden = knobs[K_WARDEN] > 0 and rank(obs) == 0
    guard = warden and obs[O_TURN] <= knobs[K_GUARD]
    j = pick_job(obs, mem, knobs, next_hop, room_block, enterable, warden, guard)
    urgent = urgent_job(j)
    waiting = victims_in_dark(obs, mem, knobs) and ready_soon(obs, mem, ip, knobs)
    if j >= 0 and (urgent or not waiting):
        return do_job(obs, mem, ip, knobs, out, n, next_hop, room_block, j)
    if ready_soon(obs, mem, ip, knobs):
        m = darken(obs, mem, ip, knobs, out, n)
        if m > n:
            return m
    if waiting:
        return n  # stay with them
    m = eat_food(obs, mem, ip, knobs, out, n)
    if m > n:
        return m
    post = job_room(room_block, J_RADIO_GEN)
    if guard and obs[O_ROOM] != post:
        return move_through(obs, out, n, step_toward(obs, next_hop, post))
    if guard:
        return n  # GAP-6: whoever comes to repair the Radio block's power finds me in the dark
    return hunt(obs, mem, ip, knobs, rng, k, out, n, next_hop, room_block, enterable)


@compiled
def expert_thing_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    remember(obs, mem, ip, room_block)
    remember_lamps(obs, mem)
    setup_cells(mem)
    remember_jobs(obs, mem, room_block)
    remember_exposure(obs, mem)
    enterable = enterable_rooms(obs, mem)
    if obs[O_THING + OT_FORM] == codes.THING_ACTIVE:
        return active_declare(obs, mem, ip, knobs, rng, k, out, next_hop, room_block, enterable)
    n = hidden_declare(obs, mem, ip, knobs, rng, k, out, next_hop, room_block, enterable)
    return thing_claim(  # GAP-64: a lie or silence, 0 AP
        obs,
        ip,
        rng,
        k,
        out,
        n,
        knobs[K_FRAME_CHANCE],
        knobs[K_FRAME_PROOF],
        knobs[K_VOUCH_CHANCE],
        knobs[K_VOUCH_PROOF],
        knobs[K_ALARM_CHANCE],
    )


# --- the saboteur ---


@compiled
def saboteur_target(obs, mem, knobs, next_hop, room_block):
    """The nearest generator (or the pump, if `pump`) believed working or not seen for
    `recheck_turns`; else the one seen longest ago, to re-break what was repaired."""
    t = obs[O_TURN]
    best, best_hops = -1, codes.N_ROOMS + 1
    oldest, oldest_turn = -1, t + 1
    for s in range(codes.N_BLOCKS + 1):
        if s < codes.N_BLOCKS:
            r = generator_room_of_block(room_block, s)
            broken, seen = mem[M_GEN_BROKEN + s], mem[M_GEN_SEEN + s]
        elif knobs[KS_PUMP] > 0:
            r = codes.FUEL_ROOM
            seen = mem[X_BROKEN + J_PUMP]
            broken = 1 if seen > 0 else 0
        else:
            break
        if r == obs[O_ROOM]:
            continue
        if broken == 0 or t - seen > knobs[KS_RECHECK_TURNS]:
            h = hops(next_hop, obs[O_ROOM], r)
            if h < best_hops:
                best, best_hops = r, h
        if seen < oldest_turn:
            oldest, oldest_turn = r, seen
    return best if best >= 0 else oldest


@compiled
def saboteur_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    """Break every generator and the pump (ACT-BREAK); go back to whatever was repaired.
    Nothing else."""
    remember(obs, mem, ip, room_block)
    remember_lamps(obs, mem)
    remember_jobs(obs, mem, room_block)
    if obs[O_GEN_BROKEN] == 0:
        return emit(out, 0, codes.A_BREAK, codes.OBJ_GENERATOR, 0)
    if obs[O_PUMP_BROKEN] == 0 and knobs[KS_PUMP] > 0:
        mem[X_BROKEN + J_PUMP] = obs[O_TURN]
        return emit(out, 0, codes.A_BREAK, codes.OBJ_PUMP, 0)
    dest = saboteur_target(obs, mem, knobs, next_hop, room_block)
    return move_through(obs, out, 0, step_toward(obs, next_hop, dest))

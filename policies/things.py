"""The `naive` Thing policy: infect in the dark, sabotage generators and beacons, and stay
near the humans; in the active form (a convert the Things called, THING-P-5), claw whoever is
here, else hunt. Knob indices follow KNOBS."""

from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.kernel.rng import below, chance
from balance.observation import (
    MAX_CHARACTERS,
    OT_CONVERTS,
    OT_FORM,
    O_BEACON_ACTIVE,
    O_GEN_BROKEN,
    O_INFECT_READY,
    O_KNOWN_THING,
    O_LIGHTING,
    O_LIVING_HERE,
    O_PRESENT,
    O_ROOM,
    O_SELF,
    O_THING,
    O_TURN,
    P_CONSCIOUS,
    P_UNCONSCIOUS,
    UNSEEN,
)
from policies.common import card_rooms, emit, generator_room_of_block, move_through, step_toward
from policies.memory import (
    M_CROWD,
    M_CROWD_SEEN,
    M_GEN_BROKEN,
    M_INFECTED,
    M_LOCKED,
    M_TARGET_BLOCK,
    fuel_estimate,
    remember,
    remember_lamps,
)

KNOBS = ("sabotage_chance", "infect_chance", "hunt_humans", "crowd_weight")
K_SABOTAGE_CHANCE = 0
K_INFECT_CHANCE = 1
K_HUNT_HUMANS = 2
K_CROWD_WEIGHT = 3


@compiled
def pick_victim(obs, mem, rng, k, want_unconscious):
    """A random present character not known to be a Thing and not infected by me, or -1."""
    me = obs[O_SELF]
    n = 0
    for d in range(MAX_CHARACTERS):
        p = obs[O_PRESENT + d]
        ok = p == P_UNCONSCIOUS if want_unconscious else (p == P_CONSCIOUS or p == P_UNCONSCIOUS)
        if d != me and ok and obs[O_KNOWN_THING + d] == 0 and (mem[M_INFECTED] >> d) & 1 == 0:
            n += 1
    if n == 0:
        return -1
    pick = below(rng, k, n)
    for d in range(MAX_CHARACTERS):
        p = obs[O_PRESENT + d]
        ok = p == P_UNCONSCIOUS if want_unconscious else (p == P_CONSCIOUS or p == P_UNCONSCIOUS)
        if d != me and ok and obs[O_KNOWN_THING + d] == 0 and (mem[M_INFECTED] >> d) & 1 == 0:
            if pick == 0:
                return d
            pick -= 1
    return -1


@compiled
def enterable_rooms(obs, mem):
    """DOOR-1: bitmask of the rooms I can get into: not believed locked, or a card I carry opens
    them."""
    return ~mem[M_LOCKED] | card_rooms(obs)


@compiled
def thing_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    remember(obs, mem, ip, room_block)
    remember_lamps(obs, mem)
    if obs[O_THING + OT_FORM] == codes.THING_ACTIVE:
        return active_declare(knobs, obs, mem, rng, k, out, next_hop, enterable_rooms(obs, mem))
    t = obs[O_TURN]
    here = obs[O_ROOM]
    n = 0
    # INF-1, INF-5, INF-6: infect when allowed and free; in Light only through the crowd rule,
    # or by spending the turn on an unconscious victim
    if obs[O_INFECT_READY] == 1 and chance(rng, k, knobs[K_INFECT_CHANCE]):
        light = obs[O_LIGHTING]
        free = light == codes.DARK or (
            light != codes.BLIZZARD and obs[O_LIVING_HERE] >= ip[P.I_INF_CROWD]
        )
        victim = pick_victim(obs, mem, rng, k, not free)
        if victim >= 0 and light != codes.BLIZZARD:
            mem[M_INFECTED] |= 1 << victim
            n = emit(out, n, codes.A_INFECT, victim, 0)
            if not free:
                return n  # the turn is spent (INF-5(a), GAP-14)
    # sabotage: break the generator (and an active beacon) of a chosen block
    b = mem[M_TARGET_BLOCK] - 1
    if b < 0 and chance(rng, k, knobs[K_SABOTAGE_CHANCE]):
        best, best_fuel = -1, 0
        for blk in range(codes.N_BLOCKS):
            f = fuel_estimate(mem, ip, blk, t)
            if mem[M_GEN_BROKEN + blk] == 0 and f > best_fuel:
                best, best_fuel = blk, f
        mem[M_TARGET_BLOCK] = best + 1
        b = best
    enterable = enterable_rooms(obs, mem)
    if b >= 0 and (enterable >> generator_room_of_block(room_block, b)) & 1 == 0:
        mem[M_TARGET_BLOCK] = 0  # locked against me: another time, another block
        b = -1
    if b >= 0:
        gen_room = generator_room_of_block(room_block, b)
        if here == gen_room:
            if obs[O_BEACON_ACTIVE] == 1:
                n = emit(out, n, codes.A_BREAK, codes.OBJ_BEACON, 0)
            if obs[O_GEN_BROKEN] != 1:
                n = emit(out, n, codes.A_BREAK, codes.OBJ_GENERATOR, 0)  # ACT-BREAK
            mem[M_TARGET_BLOCK] = 0
            return n
        return move_through(obs, out, n, step_toward(obs, next_hop, gen_room))
    # hunt: stay with humans in the dark, else head for the busiest room seen lately
    if knobs[K_HUNT_HUMANS] > 0 and not (obs[O_LIGHTING] == codes.DARK and obs[O_LIVING_HERE] > 1):
        n = hunt(knobs, obs, mem, rng, k, out, n, next_hop, enterable)
    return n


@compiled
def hunt(knobs, obs, mem, rng, k, out, n, next_hop, enterable):
    """Head for the busiest room seen lately, else a random room I can get into."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    best, best_score = -1, 0
    for r in range(codes.N_INDOOR):
        age = t - mem[M_CROWD_SEEN + r]
        score = mem[M_CROWD + r] * knobs[K_CROWD_WEIGHT] - age
        ok = mem[M_CROWD_SEEN + r] > 0 and r != here and (enterable >> r) & 1 == 1
        if ok and score > best_score:
            best, best_score = r, score
    if best < 0:  # a random room among those I can get into
        n_open = 0
        for r in range(codes.N_INDOOR):
            n_open += (enterable >> r) & 1
        pick = below(rng, k, n_open) if n_open > 0 else -1
        for r in range(codes.N_INDOOR):
            if pick >= 0 and (enterable >> r) & 1 == 1:
                if pick == 0:
                    best = r
                pick -= 1
    hop = step_toward(obs, next_hop, best)
    if hop >= 0:
        n = move_through(obs, out, n, hop)
    return n


@compiled
def prey(obs, rng, k):
    """A random character here who is neither a known Thing nor a convert nor a visible
    monster, or -1."""
    me = obs[O_SELF]
    converts = obs[O_THING + OT_CONVERTS]
    n = 0
    for d in range(MAX_CHARACTERS):
        p = obs[O_PRESENT + d]
        ok = (p == P_CONSCIOUS or p == P_UNCONSCIOUS) and obs[O_KNOWN_THING + d] == 0
        if d != me and ok and (converts == UNSEEN or (converts >> d) & 1 == 0):
            n += 1
    if n == 0:
        return -1
    pick = below(rng, k, n)
    for d in range(MAX_CHARACTERS):
        p = obs[O_PRESENT + d]
        ok = (p == P_CONSCIOUS or p == P_UNCONSCIOUS) and obs[O_KNOWN_THING + d] == 0
        if d != me and ok and (converts == UNSEEN or (converts >> d) & 1 == 0):
            if pick == 0:
                return d
            pick -= 1
    return -1


@compiled
def active_declare(knobs, obs, mem, rng, k, out, next_hop, enterable):
    """THING-ACTIVE-5/6 (a called convert too, THING-P-5): claw someone here and throw him back
    so that he cannot answer; with nobody here, hunt."""
    victim = prey(obs, rng, k)
    if victim < 0:
        return hunt(knobs, obs, mem, rng, k, out, 0, next_hop, enterable)
    n = emit(out, 0, codes.A_THROW_BACK, victim, 0)
    return emit(out, n, codes.A_CLAWS, victim, 0)

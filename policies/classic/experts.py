"""The classic `expert` policies of both sides: scripted play of the classic rules with knobs.

Humans: keep the generator running (the technician, and anyone finding it off in the cold),
arm at the arsenal, take their own blood and have someone else in the laboratory test it,
announce each result aloud (a radio carries it station-wide), shoot who they hold for a Thing
and burn him once he lies paralysed, guard the food, and fly once the helicopter is ready.
Things: darken and chill the station at the generator, infect in the dark (or hand over an item
in the light), eat the food, pour out the fuel, lie about the blood tests, reveal themselves to
strike when the humans here are few, and board a ready helicopter.

A policy reads its character's observation (balance.classic.observation) and its own memory,
never the game's state. What it holds of each other character lives in its memory: a status
(unknown, cleared, Thing) and suspicion points.
"""

from balance import codes as C
from balance.classic import codes as K
from balance.classic import observation as O
from balance.classic import params as P
from balance.compile.jit import compiled
from balance.kernel.rng import below, chance

# --- memory cells ---
M_STATUS = 0  # 16 cells: what he holds each character for: 0 unknown, 1 cleared, 2 a Thing
M_SUSPICION = 16  # 16 cells: suspicion points
M_SAMPLED = 32  # 1: his own blood sample was taken
M_GAVE = 33  # 1: he handed his sample over for testing
M_HELI_FUEL = 34  # helicopter fuel last seen, -1
M_HELI_PREPARED = 35  # preparation last seen, -1
M_INIT = 36  # 1 once the memory is set up
M_TESTED = 37  # bitmask of the sample rows he has tested
M_LAST_LOC = 40  # 16 cells: 1 + the location each character was last seen in, 0 never

UNKNOWN = 0
CLEARED = 1
THING = 2

HUMAN_KNOBS = (
    "arm",
    "test_blood",
    "keep_power",
    "cold_alarm",
    "trust_claims",
    "shoot_suspicion",
    "food_guards_share",
    "helicopter",
    "fly_weather",
    "radio",
    "hunt",
    "carry_fuel",
    "eating_proves",
    "power_guards_share",
    "sabotage_proves",
)
# the knobs' slots, in HUMAN_KNOBS' order
(
    ARM,
    TEST_BLOOD,
    KEEP_POWER,
    COLD_ALARM,
    TRUST_CLAIMS,
    SHOOT_SUSPICION,
    FOOD_GUARDS,  # a head count: policies.HEAD_COUNTS turns the share into it
    HELICOPTER,
    FLY_WEATHER,
    RADIO,
    HUNT,
    CARRY_FUEL,
    EATING_PROVES,
    POWER_GUARDS,  # a head count, as FOOD_GUARDS: the guards after the food's, by index
    SABOTAGE_PROVES,
) = range(len(HUMAN_KNOBS))
THING_KNOBS = ("darken", "infect", "eat", "spoil_fuel", "reveal_below", "lie", "board")
(DARKEN, INFECT, EAT, SPOIL_FUEL, REVEAL_BELOW, LIE, BOARD) = range(len(THING_KNOBS))

# what raises suspicion of a character seen doing it (humans have no reason to)
SUSPICIOUS = (K.A_EAT, K.A_SPOIL, K.A_BREAK, K.A_DESTROY_ITEM, K.A_INFECT, K.A_MELEE)


@compiled
def setup(obs, memory):
    if memory[M_INIT] == 0:
        memory[M_INIT] = 1
        memory[M_HELI_FUEL] = -1
        memory[M_HELI_PREPARED] = -1


@compiled
def write(out, k, a, target, arg):
    if k < K.MAX_DECLARED:
        out[k, 0] = a
        out[k, 1] = target
        out[k, 2] = arg
        return k + 1
    return k


@compiled
def holds(obs, kind):
    return obs[O.O_SLOT] == kind or obs[O.O_SLOT + 1] == kind


@compiled
def has_free_slot(obs):
    for s in range(min(2, obs[O.O_SLOTS])):
        if obs[O.O_SLOT + s] == K.NO_ITEM:
            return True
    return False


@compiled
def here(obs, j):
    return obs[O.O_SEE + j] != O.P_ABSENT and j != obs[O.O_ME]


@compiled
def standing(obs, j):
    """j is here, alive and up, in whatever form."""
    return here(obs, j) and obs[O.O_SEE + j] != O.P_LOOKS_DEAD


@compiled
def learn(obs, memory, trust, eating_proves, sabotage_proves):
    """Fold this turn's observation into the memory (shared by both sides' bookkeeping)."""
    n = obs[O.O_PLAYERS]
    me = obs[O.O_ME]
    for j in range(n):
        if obs[O.O_SEE + j] == O.P_ACTIVE or obs[O.O_FELLOW + j] == 1:
            memory[M_STATUS + j] = THING
        if obs[O.O_SEE + j] == O.P_HERE or obs[O.O_SEE + j] == O.P_ACTIVE:
            memory[M_LAST_LOC + j] = 1 + obs[O.O_LOC]
        did = obs[O.O_DID + j]
        if did != O.UNSEEN:
            for a in SUSPICIOUS:
                if did == a:
                    memory[M_SUSPICION + j] += 2
            if did == K.A_EAT and eating_proves:  # no human needs to eat: only a Thing would
                memory[M_STATUS + j] = THING
            # breaking the generator, or switching it off (it is off now), is sabotage
            broke = did == K.A_BREAK and obs[O.O_DID_ARG + j] == K.OB_GENERATOR
            if sabotage_proves and (broke or (did == K.A_SWITCH and obs[O.O_POWER] == 0)):
                memory[M_STATUS + j] = THING
            if did == K.A_SHOOT and 0 <= obs[O.O_DID_TARGET + j] < n:
                victim = obs[O.O_DID_TARGET + j]
                if memory[M_STATUS + victim] == CLEARED or victim == me:
                    memory[M_SUSPICION + j] += 3
    if obs[O.O_FELT] == 1:  # someone here tried to infect him in the dark
        for j in range(n):
            if standing(obs, j) and memory[M_STATUS + j] != CLEARED:
                memory[M_SUSPICION + j] += 3
    for r in range(2):  # his own analyses
        label = obs[O.O_RESULT_LABEL + r]
        if label != O.UNSEEN and label > 0:
            for j in range(n):
                if label == (1 << j):
                    memory[M_STATUS + j] = THING if obs[O.O_RESULT + r] == 1 else CLEARED
    for k in range(O.HEARD):  # claims heard (CL-TALK-1)
        speaker = obs[O.O_HEARD_SPEAKER + k]
        if speaker == O.UNSEEN:
            break
        subject = obs[O.O_HEARD_SUBJECT + k]
        if memory[M_STATUS + speaker] == THING or subject == me:
            continue
        trusted = memory[M_STATUS + speaker] == CLEARED or trust
        if trusted and memory[M_STATUS + subject] != THING:
            if obs[O.O_HEARD_SAYS + k] == K.SAYS_THING:
                memory[M_STATUS + subject] = THING
            elif memory[M_STATUS + subject] == UNKNOWN:
                memory[M_STATUS + subject] = CLEARED
    if obs[O.O_LOC] == K.HELIPAD and obs[O.O_HELI_FUEL] != O.UNSEEN:
        memory[M_HELI_FUEL] = obs[O.O_HELI_FUEL]
        memory[M_HELI_PREPARED] = obs[O.O_HELI_PREPARED]


@compiled
def move(out, k, obs, loc):
    if obs[O.O_LOC] == loc:
        return write(out, k, K.A_NONE, -1, 0)
    return write(out, k, K.A_MOVE, -1, loc)


@compiled
def armed(obs):
    return holds(obs, K.WEAPON) and obs[O.O_BULLETS] > 0


# ------------------------------------------------------------------------------------------
# humans
# ------------------------------------------------------------------------------------------


@compiled
def human_main(knobs, obs, memory, ip, rng, stream, out, k):
    """The human's one action of the turn, the first that applies."""
    n = obs[O.O_PLAYERS]
    me = obs[O.O_ME]
    loc = obs[O.O_LOC]
    food_guard = me < knobs[FOOD_GUARDS]  # the guards, by index: the food's, then the power's
    power_guard = not food_guard and me < knobs[FOOD_GUARDS] + knobs[POWER_GUARDS]
    guard = food_guard or power_guard
    # a Thing lying paralysed here, or one he would shoot: burn it (CL-COMBAT-2)
    for j in range(n):
        if here(obs, j) and obs[O.O_SEE + j] == O.P_LOOKS_DEAD and holds(obs, K.FUEL_UNIT):
            if memory[M_STATUS + j] == THING or shot_on_suspicion(knobs, memory, j):
                return write(out, k, K.A_BURN, j, 0)
    # shoot a Thing, or the most suspected one past the threshold
    if armed(obs):
        best, score = -1, -1
        for j in range(n):
            if not standing(obs, j) or memory[M_STATUS + j] == CLEARED:
                continue
            s = memory[M_SUSPICION + j]
            if memory[M_STATUS + j] == THING:
                s += 100
            if (memory[M_STATUS + j] == THING or shot_on_suspicion(knobs, memory, j)) and s > score:
                best, score = j, s
        if best >= 0:
            return write(out, k, K.A_SHOOT, best, 0)
    # hunt a Thing he knows of where he last saw it
    if knobs[HUNT] > 0.5 and armed(obs) and not guard:
        for j in range(n):
            seen = memory[M_LAST_LOC + j] - 1
            if memory[M_STATUS + j] == THING and seen >= 0 and obs[O.O_SEE + j] != O.P_LOOKS_DEAD:
                if seen != loc:
                    return move(out, k, obs, seen)
    # flee an active Thing unarmed
    for j in range(n):
        if obs[O.O_SEE + j] == O.P_ACTIVE and j != me and not armed(obs):
            return move(out, k, obs, K.ARSENAL if loc != K.ARSENAL else K.LAB)
    # guard the food (CL-LOC-FOOD) or the generator (CL-LOC-GEN), armed, whatever else he is
    if guard:
        if not holds(obs, K.WEAPON) and has_free_slot(obs):
            if loc == K.ARSENAL and obs[O.O_STORE + K.WEAPON] != 0:
                return write(out, k, K.A_TAKE, -1, K.WEAPON)
            if loc != K.ARSENAL:
                return move(out, k, obs, K.ARSENAL)
        # the power's guards spare parts; the food's, every other one a light for the dark,
        # the others fuel to burn the shot down
        kind, store = (K.FLASHLIGHT, K.TOOLS) if me % 2 == 0 else (K.FUEL_UNIT, K.FUEL)
        if power_guard:
            kind, store = K.PARTS, K.TOOLS
        if not holds(obs, kind) and has_free_slot(obs):
            if loc == store and obs[O.O_STORE + kind] != 0:
                return write(out, k, K.A_TAKE, -1, kind)
            if loc != store:
                return move(out, k, obs, store)
        post = K.GENERATOR if power_guard else K.FOOD
        if loc != post:
            return move(out, k, obs, post)
        if power_guard:
            return keep_power(obs, ip, out, k)
        return write(out, k, K.A_NONE, -1, 0)
    # the power and the cold (CL-TEMP-1)
    power_keeper = obs[O.O_PROFESSION] == K.TECHNICIAN and knobs[KEEP_POWER] > 0.5
    cold = obs[O.O_TEMPERATURE] <= knobs[COLD_ALARM]
    if power_keeper and not holds(obs, K.PARTS) and has_free_slot(obs):
        if loc == K.TOOLS and obs[O.O_STORE + K.PARTS] != 0:
            return write(out, k, K.A_TAKE, -1, K.PARTS)
        if loc != K.TOOLS:
            return move(out, k, obs, K.TOOLS)
    if power_keeper or (obs[O.O_POWER] == 0 and cold):
        if loc != K.GENERATOR:
            return move(out, k, obs, K.GENERATOR)
        return keep_power(obs, ip, out, k)
    # arm up (CL-LOC-ARSENAL)
    if knobs[ARM] > 0.5 and not holds(obs, K.WEAPON) and has_free_slot(obs):
        if loc == K.ARSENAL and obs[O.O_STORE + K.WEAPON] != 0:
            return write(out, k, K.A_TAKE, -1, K.WEAPON)
        if memory[M_SAMPLED] == 1 or knobs[TEST_BLOOD] < 0.5 or guard:
            if loc != K.ARSENAL:
                return move(out, k, obs, K.ARSENAL)
    # a fuel unit at hand, to burn a Thing once shot down (CL-COMBAT-2)
    carrier = knobs[CARRY_FUEL] > 0.5 and not guard
    if carrier and holds(obs, K.WEAPON) and not holds(obs, K.FUEL_UNIT):
        if has_free_slot(obs):
            if loc == K.FUEL and obs[O.O_STORE + K.FUEL_UNIT] != 0:
                return write(out, k, K.A_TAKE, -1, K.FUEL_UNIT)
            if loc != K.FUEL and (memory[M_SAMPLED] == 1 or knobs[TEST_BLOOD] < 0.5):
                return move(out, k, obs, K.FUEL)
    # a radio to hear and say the results station-wide (CL-ITEM)
    if knobs[RADIO] > 0.5 and not holds(obs, K.RADIO_SET) and has_free_slot(obs):
        if loc == K.TOOLS and obs[O.O_STORE + K.RADIO_SET] != 0:
            return write(out, k, K.A_TAKE, -1, K.RADIO_SET)
    # blood: his own sample, tested by someone else in the laboratory (CL-LOC-LAB)
    if knobs[TEST_BLOOD] > 0.5 and not guard:
        if memory[M_SAMPLED] == 0:
            memory[M_SAMPLED] = 1
            return write(out, k, K.A_OWN_BLOOD, -1, 0)
        if loc == K.LAB and obs[O.O_POWER] == 1:
            # test a sample someone gave him (any held but his own), each once
            for r in range(O.OWN_SAMPLES):
                label = obs[O.O_SAMPLE_LABEL + r]
                row = obs[O.O_SAMPLE_ROW + r]
                if row != O.UNSEEN and label != (1 << me) and (memory[M_TESTED] >> row) & 1 == 0:
                    memory[M_TESTED] |= 1 << row
                    return write(out, k, K.A_TEST, -1, row)
        if memory[M_GAVE] == 0 or holds_foreign_sample(obs, memory):
            if loc != K.LAB:
                return move(out, k, obs, K.LAB)
            return write(out, k, K.A_NONE, -1, 0)
    # the helicopter (CL-LOC-HELI): the pilot fuels and prepares it
    if knobs[HELICOPTER] > 0.5 and not guard:
        act = helicopter_errand(knobs, obs, memory, ip, out, k)
        if act >= 0:
            return act
    # else keep company where most are, the generator room
    return move(out, k, obs, K.GENERATOR)


@compiled
def shot_on_suspicion(knobs, memory, j):
    """He is suspected enough to be shot (knob shoot_suspicion; 0: nobody on suspicion)."""
    return knobs[SHOOT_SUSPICION] > 0 and memory[M_SUSPICION + j] >= knobs[SHOOT_SUSPICION]


@compiled
def keep_power(obs, ip, out, k):
    """In the generator room: switch it on, repair it (from 0 with spare parts) (CL-LOC-GEN,
    CL-REPAIR)."""
    hits = obs[O.O_HITS + K.OB_GENERATOR]
    if hits == O.UNSEEN:
        # dark, so off, and its state unseen: repair and switch on turn about (a repair of a
        # whole one and a switch of a broken one fail, and cost only the turn)
        if obs[O.O_TURN] % 2 == 0:
            return write(out, k, K.A_SWITCH, -1, 0)
        return write(out, k, K.A_REPAIR, -1, K.OB_GENERATOR)
    if hits == 0:
        if holds(obs, K.PARTS):
            return write(out, k, K.A_REPAIR, -1, K.OB_GENERATOR)
        return write(out, k, K.A_NONE, -1, 0)
    if obs[O.O_POWER] == 0:
        return write(out, k, K.A_SWITCH, -1, 0)
    if hits < ip[P.I_GEN_HITS]:
        return write(out, k, K.A_REPAIR, -1, K.OB_GENERATOR)
    return write(out, k, K.A_NONE, -1, 0)


@compiled
def holds_foreign_sample(obs, memory):
    """He holds a sample of someone else's he has not tested yet."""
    me = obs[O.O_ME]
    for r in range(O.OWN_SAMPLES):
        row = obs[O.O_SAMPLE_ROW + r]
        if row != O.UNSEEN and obs[O.O_SAMPLE_LABEL + r] != (1 << me):
            if (memory[M_TESTED] >> row) & 1 == 0:
                return True
    return False


@compiled
def helicopter_errand(knobs, obs, memory, ip, out, k):
    """The pilot's errands; returns the declaration count, or -1 when he has none."""
    loc = obs[O.O_LOC]
    if obs[O.O_HELI_GONE] == 1:
        return -1
    fuel_seen = memory[M_HELI_FUEL]
    prepared = memory[M_HELI_PREPARED]
    fuel, whole = ip[P.I_HELI_FUEL], ip[P.I_HELI_HITS]
    ready = prepared >= ip[P.I_HELI_PREPARE] and fuel_seen >= fuel
    clear_enough = obs[O.O_WEATHER] == C.CLEAR or knobs[FLY_WEATHER] < 0.5
    if ready and loc == K.HELIPAD:
        if clear_enough and obs[O.O_HITS + K.OB_HELICOPTER] == whole:
            return write(out, k, K.A_FLY, -1, 0)
        return write(out, k, K.A_NONE, -1, 0)
    if obs[O.O_PROFESSION] != K.PILOT:
        if ready and clear_enough:
            return move(out, k, obs, K.HELIPAD)
        return -1
    if loc == K.HELIPAD:
        hits = obs[O.O_HITS + K.OB_HELICOPTER]
        if hits == 0 and holds(obs, K.PARTS) or 0 < hits < whole:
            return write(out, k, K.A_REPAIR, -1, K.OB_HELICOPTER)
        if obs[O.O_HELI_FUEL] < fuel:
            if holds(obs, K.FUEL_UNIT):
                return write(out, k, K.A_REFUEL, -1, 0)
            return move(out, k, obs, K.FUEL)
        if hits == whole:
            return write(out, k, K.A_PREPARE, -1, 0)
        return -1
    if fuel_seen < fuel and not holds(obs, K.FUEL_UNIT) and has_free_slot(obs):
        if loc == K.FUEL and obs[O.O_STORE + K.FUEL_UNIT] != 0:
            return write(out, k, K.A_TAKE, -1, K.FUEL_UNIT)
        if loc != K.FUEL:
            return move(out, k, obs, K.FUEL)
    return move(out, k, obs, K.HELIPAD)


@compiled
def human_free(knobs, obs, memory, out, k):
    """Free actions: hand his sample to someone in the laboratory not held for a Thing, say
    what he holds of each present or reachable by radio, light a flashlight in the dark."""
    n = obs[O.O_PLAYERS]
    me = obs[O.O_ME]
    if obs[O.O_LOC] == K.LAB and memory[M_GAVE] == 0:
        for r in range(O.OWN_SAMPLES):
            if obs[O.O_SAMPLE_ROW + r] != O.UNSEEN and obs[O.O_SAMPLE_LABEL + r] == (1 << me):
                for j in range(n):
                    if standing(obs, j) and memory[M_STATUS + j] != THING:
                        memory[M_GAVE] = 1
                        k = write(out, k, K.F_GIVE_SAMPLE, j, obs[O.O_SAMPLE_ROW + r])
                        break
                break
    for r in range(2):  # announce his own results
        label = obs[O.O_RESULT_LABEL + r]
        if label != O.UNSEEN and label > 0:
            for j in range(n):
                if label == (1 << j):
                    says = K.SAYS_THING if obs[O.O_RESULT + r] == 1 else K.SAYS_CLEAN
                    k = write(out, k, K.F_SAY, j, says)
    if obs[O.O_LIT] == 0 and holds(obs, K.FLASHLIGHT):
        k = write(out, k, K.F_LIGHT, -1, 1)
    return k


@compiled
def expert_human_declare(knobs, obs, memory, rng, stream, out, ip):
    setup(obs, memory)
    learn(
        obs,
        memory,
        knobs[TRUST_CLAIMS] > 0.5,
        knobs[EATING_PROVES] > 0.5,
        knobs[SABOTAGE_PROVES] > 0.5,
    )
    k = human_main(knobs, obs, memory, ip, rng, stream, out, 0)
    return human_free(knobs, obs, memory, out, k)


# ------------------------------------------------------------------------------------------
# Things
# ------------------------------------------------------------------------------------------


@compiled
def humans_here(obs, memory):
    """Characters standing here he does not know for Things."""
    k = 0
    for j in range(obs[O.O_PLAYERS]):
        if standing(obs, j) and obs[O.O_FELLOW + j] == 0 and obs[O.O_SEE + j] != O.P_ACTIVE:
            k += 1
    return k


@compiled
def a_human_here(obs, rng, stream, wounded_only):
    n = obs[O.O_PLAYERS]
    k = 0
    for j in range(n):
        if standing(obs, j) and obs[O.O_FELLOW + j] == 0 and obs[O.O_SEE + j] != O.P_ACTIVE:
            if not wounded_only or obs[O.O_WOUNDED + j] == 1:
                k += 1
    if k == 0:
        return -1
    pick = below(rng, stream, k)
    for j in range(n):
        if standing(obs, j) and obs[O.O_FELLOW + j] == 0 and obs[O.O_SEE + j] != O.P_ACTIVE:
            if not wounded_only or obs[O.O_WOUNDED + j] == 1:
                if pick == 0:
                    return j
                pick -= 1
    return -1


@compiled
def thing_main(knobs, obs, memory, ip, rng, stream, out, k):
    loc = obs[O.O_LOC]
    few = humans_here(obs, memory)
    # the active form: strike the wounded to infect, the rest to wound (CL-THING-MELEE)
    if obs[O.O_ACTIVE] == 1:
        target = a_human_here(obs, rng, stream, True)
        if target >= 0 and chance(rng, stream, knobs[INFECT]):
            return write(out, k, K.A_INFECT, target, 0)
        target = a_human_here(obs, rng, stream, False)
        if target >= 0:
            return write(out, k, K.A_MELEE, target, 0)
        return move(out, k, obs, below(rng, stream, K.N_LOC))
    # a ready helicopter: board it (CL-WIN-2)
    prepared = obs[O.O_HELI_PREPARED] >= ip[P.I_HELI_PREPARE]
    if knobs[BOARD] > 0.5 and loc == K.HELIPAD and obs[O.O_HELI_PREPARED] != O.UNSEEN and prepared:
        return write(out, k, K.A_FLY, -1, 0)
    # infect a lone human in the dark, or by an item in the light (CL-THING-INF)
    if few >= 1 and few <= 2 and chance(rng, stream, knobs[INFECT]):
        target = a_human_here(obs, rng, stream, False)
        if obs[O.O_LIT] == 0 or (obs[O.O_SLOT] != K.NO_ITEM or obs[O.O_SLOT + 1] != K.NO_ITEM):
            if target >= 0:
                return write(out, k, K.A_INFECT, target, 0)
    # darken the station: switch the generator off, break it (CL-LOC-GEN)
    if obs[O.O_POWER] == 1 and chance(rng, stream, knobs[DARKEN]):
        if loc == K.GENERATOR:
            if few == 0:
                return write(out, k, K.A_BREAK, -1, K.OB_GENERATOR)
            return write(out, k, K.A_SWITCH, -1, 0)
        return move(out, k, obs, K.GENERATOR)
    if obs[O.O_POWER] == 0 and loc == K.GENERATOR and obs[O.O_HITS + K.OB_GENERATOR] > 0:
        if few == 0 and knobs[DARKEN] > 0:
            return write(out, k, K.A_BREAK, -1, K.OB_GENERATOR)
    # eat the food (CL-LOC-FOOD) and pour out the fuel (CL-LOC-FUEL)
    if chance(rng, stream, knobs[EAT]):
        if loc == K.FOOD and obs[O.O_FOOD] != 0:
            return write(out, k, K.A_EAT, -1, 0)
        if obs[O.O_FOOD] != 0:
            return move(out, k, obs, K.FOOD)
    if chance(rng, stream, knobs[SPOIL_FUEL]):
        if loc == K.FUEL and obs[O.O_STORE + K.FUEL_UNIT] != 0:
            return write(out, k, K.A_SPOIL, -1, K.FUEL_UNIT)
        if loc != K.FUEL:
            return move(out, k, obs, K.FUEL)
    # else go where humans are
    return move(out, k, obs, below(rng, stream, K.N_LOC))


@compiled
def expert_thing_declare(knobs, obs, memory, rng, stream, out, ip):
    setup(obs, memory)
    learn(obs, memory, False, False, False)
    few = humans_here(obs, memory)
    if obs[O.O_ACTIVE] == 0 and 0 < few < knobs[REVEAL_BELOW]:
        # reveal and strike when the humans here are few (CL-THING-REVEAL, CL-THING-MELEE)
        k = write(out, 0, K.F_REVEAL, -1, 0)
        k = write(out, k, K.A_MELEE, a_human_here(obs, rng, stream, False), 0)
    else:
        k = thing_main(knobs, obs, memory, ip, rng, stream, out, 0)
    # lies (talk): clear a fellow Thing, accuse a human (CL-TALK-1)
    if chance(rng, stream, knobs[LIE]):
        n = obs[O.O_PLAYERS]
        for j in range(n):
            if standing(obs, j) and obs[O.O_FELLOW + j] == 1:
                k = write(out, k, K.F_SAY, j, K.SAYS_CLEAN)
                break
        target = a_human_here(obs, rng, stream, False)
        if target >= 0:
            k = write(out, k, K.F_SAY, target, K.SAYS_THING)
    return k

"""The classic `random` policy: a random declaration each turn, for fuzzing the classic rules.

The action is drawn uniformly among the classic actions, its target among the characters the
observation shows here and its argument among what it could name (a location, an object of
this location, an item kind, a sample held); with knob `act_chance` each free action is added
too. The kernel still refuses what the rules do not allow, so every refusal path is exercised.
"""

from balance.classic import codes as K
from balance.classic import observation as O
from balance.compile.jit import compiled
from balance.kernel.rng import below, chance

KNOBS = ("act_chance",)


@compiled
def someone_here(obs, rng, stream):
    """A random other character this observation shows here, or -1."""
    n = obs[O.O_PLAYERS]
    k = 0
    for j in range(n):
        if j != obs[O.O_ME] and obs[O.O_SEE + j] != O.P_ABSENT:
            k += 1
    if k == 0:
        return -1
    pick = below(rng, stream, k)
    for j in range(n):
        if j != obs[O.O_ME] and obs[O.O_SEE + j] != O.P_ABSENT:
            if pick == 0:
                return j
            pick -= 1
    return -1


@compiled
def own_sample(obs, rng, stream):
    k = 0
    while k < O.OWN_SAMPLES and obs[O.O_SAMPLE_ROW + k] != O.UNSEEN:
        k += 1
    return obs[O.O_SAMPLE_ROW + below(rng, stream, k)] if k > 0 else -1


@compiled
def object_here(obs, rng, stream):
    k = 0
    for ob in range(K.N_OBJECTS):
        if K.OBJECT_LOC[ob] == obs[O.O_LOC]:
            k += 1
    pick = below(rng, stream, k)
    for ob in range(K.N_OBJECTS):
        if K.OBJECT_LOC[ob] == obs[O.O_LOC]:
            if pick == 0:
                return ob
            pick -= 1
    return -1


@compiled
def random_declare(knobs, obs, rng, stream, out, ip):
    a = 1 + below(rng, stream, K.N_MAIN_ACTIONS - 1)
    target = someone_here(obs, rng, stream)
    arg = 1 + below(rng, stream, K.N_ITEMS - 1)
    if a == K.A_MOVE:
        arg = below(rng, stream, K.N_LOC)
    elif a == K.A_BREAK or a == K.A_REPAIR:
        arg = object_here(obs, rng, stream)
    elif a == K.A_TEST:
        arg = own_sample(obs, rng, stream)
        target = own_sample(obs, rng, stream)
    out[0, 0] = a
    out[0, 1] = target
    out[0, 2] = arg
    k = 1
    for f in range(K.N_MAIN_ACTIONS, K.N_ACTIONS):
        if k < K.MAX_DECLARED and chance(rng, stream, knobs[0] / 4):
            out[k, 0] = f
            out[k, 1] = someone_here(obs, rng, stream)
            out[k, 2] = 1 + below(rng, stream, K.N_ITEMS - 1)
            if f == K.F_SAY:
                out[k, 2] = K.SAYS_THING + below(rng, stream, 2)
            elif f == K.F_LIGHT:
                out[k, 2] = below(rng, stream, 2)
            elif f == K.F_GIVE_SAMPLE:
                out[k, 2] = own_sample(obs, rng, stream)
            elif f == K.F_SWAP or f == K.F_MIX:
                out[k, 1] = own_sample(obs, rng, stream)
                out[k, 2] = own_sample(obs, rng, stream)
            k += 1
    return k

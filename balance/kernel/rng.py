"""Counter-based randomness: SplitMix64 streams keyed by (seed, game index, stream).

Stream 0 of a game drives the world (rolls of the rules); stream 1 + c drives character c's
policy, so a policy's own choices never shift when a hidden fact changes the world's rolls; the
last stream draws the weather, so the weather of turn t does not depend on the turn cap or on
anything else that happens.
Nothing here depends on threads or chunking: game i's streams depend on (seed, i) only.
"""

import numpy as np

from balance.compile.jit import compiled

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_INV_2_53 = 1.0 / 9007199254740992.0
WORLD = 0


@compiled
def weather_stream(rng):
    """Index of the weather's stream: the last one."""
    return rng.shape[0] - 1


@compiled
def mix64(z):
    """SplitMix64's finaliser: a bijective avalanche of a 64-bit word."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@compiled
def seed_streams(rng, seed, game):
    """Key every stream of `rng` (uint64[k]) by (seed, game, stream index)."""
    game_key = mix64(seed ^ mix64(np.uint64(game) * GAMMA + GAMMA))
    for k in range(rng.shape[0]):
        rng[k] = mix64(game_key + np.uint64(k + 1) * GAMMA)


@compiled
def next_u64(rng, k):
    rng[k] += GAMMA
    return mix64(rng[k])


@compiled
def uniform(rng, k):
    """A float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(rng, k) >> _S11) * _INV_2_53


@compiled
def below(rng, k, n):
    """A whole number in [0, n)."""
    return np.int64(uniform(rng, k) * n)


@compiled
def chance(rng, k, p):
    """True with probability p (p <= 0 never, p >= 1 always, without drawing in those cases)."""
    if p >= 1.0:
        return True
    if p <= 0.0:
        return False
    return uniform(rng, k) < p


@compiled
def shuffle(rng, a):
    """Fisher-Yates on the world stream."""
    for k in range(a.shape[0] - 1, 0, -1):
        j = below(rng, WORLD, k + 1)
        a[k], a[j] = a[j], a[k]

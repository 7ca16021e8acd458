"""The `random` policy: random declarations, legal or not, for fuzzing the rules.

The kernel drops what is illegal or over the AP, so any sequence is safe to declare; the mix
below keeps most declarations plausible so that every action gets exercised.
"""

from numba import njit

from balance import codes
from balance.kernel.rng import below, chance
from balance.observation import MAX_CHARACTERS, O_PRESENT, O_ROOM, O_SELF, P_ABSENT
from policies.common import emit

K_ACT_CHANCE = 0


@njit(cache=True)
def random_declare(knobs, obs, rng, k, out, next_hop):
    n = 0
    here = obs[O_ROOM]
    while n < out.shape[0] and chance(rng, k, knobs[K_ACT_CHANCE]):
        action = 1 + below(rng, k, codes.N_ACTIONS - 1)
        target = 0
        arg = 0
        if action == codes.A_MOVE:
            target = below(rng, k, codes.N_ROOMS)
            if next_hop[here, target] != target:
                target = next_hop[here, target]  # mostly a neighbour; sometimes an illegal move
        elif action == codes.A_OPEN_BOX:
            target = below(rng, k, 3)
            arg = below(rng, k, codes.N_ITEM_KINDS + 1) - 1
        elif action == codes.A_PICKUP:
            target = below(rng, k, codes.N_ITEM_KINDS)
            arg = below(rng, k, 2)
        elif (
            action == codes.A_DROP
            or action == codes.A_PARKA_ON
            or action == codes.A_REFUEL
            or action == codes.A_FILL
        ):
            target = below(rng, k, 2)
        elif action == codes.A_BREAK or action == codes.A_REPAIR:
            target = below(rng, k, 3)
        elif action == codes.A_INFECT:
            target = below(rng, k, MAX_CHARACTERS)
            if obs[O_PRESENT + target] == P_ABSENT or target == obs[O_SELF]:
                continue
        n = emit(out, n, action, target, arg)
    return n

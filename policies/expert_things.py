"""The `expert` Thing policy and the degenerate `saboteur` (placeholders until written: both
play like `naive`).

Memory: the cells policies.memory.M_EXPERT_THINGS.. of the character's row. Knob indices follow
KNOBS and SABOTEUR_KNOBS."""

from numba import njit

from policies.things import thing_declare

KNOBS = ("sabotage_chance", "infect_chance", "hunt_humans", "crowd_weight")
SABOTEUR_KNOBS = ("sabotage_chance", "infect_chance", "hunt_humans", "crowd_weight")
SUMMARY = "placeholder: plays like naive"
SABOTEUR_SUMMARY = "placeholder: plays like naive"


@njit(cache=True)
def expert_thing_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    return thing_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block)


@njit(cache=True)
def saboteur_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    return thing_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block)

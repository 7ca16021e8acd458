"""The `expert` human policy (placeholder until written: plays like `naive`).

Memory: the cells policies.memory.M_EXPERT_HUMANS.. of the character's row; the shared knowledge
of policies.knowledge. Knob indices follow KNOBS."""

from numba import njit

from policies.humans import human_declare

KNOBS = ("fuel_low", "fuelers_per_block", "parka_first", "beacon_after_turn", "street_max_frost")
SUMMARY = "placeholder: plays like naive"


@njit(cache=True)
def expert_human_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    return human_declare(knobs, obs, mem, ip, out, next_hop, room_block)

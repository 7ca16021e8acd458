"""One compiled entry point for every policy: the kernel calls policy_declare with a policy id
(see policies.REGISTRY), so adding a policy adds a branch, not a kernel signature."""

from balance.kernel.jit import compiled
from policies.expert_humans import expert_human_declare
from policies.expert_things import expert_thing_declare, saboteur_declare
from policies.humans import human_declare
from policies.random_play import random_declare
from policies.things import thing_declare

IDLE = 0
RANDOM = 1
NAIVE_HUMANS = 2
NAIVE_THINGS = 3
EXPERT_HUMANS = 4
EXPERT_THINGS = 5
SABOTEUR_THINGS = 6


@compiled
def policy_declare(policy_id, knobs, obs, memory, rng, stream, out, next_hop, room_block, ip):
    """Write character declarations into out (rows of action, target, arg); return how many.
    `rng[stream]` is the character's own random stream; `ip` holds the public rules."""
    if policy_id == RANDOM:
        return random_declare(knobs, obs, rng, stream, out, next_hop, ip)
    if policy_id == NAIVE_HUMANS:
        return human_declare(knobs, obs, memory, ip, out, next_hop, room_block)
    if policy_id == NAIVE_THINGS:
        return thing_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    if policy_id == EXPERT_HUMANS:
        return expert_human_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    if policy_id == EXPERT_THINGS:
        return expert_thing_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    if policy_id == SABOTEUR_THINGS:
        return saboteur_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    return 0  # IDLE

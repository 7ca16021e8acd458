"""The compiled entry point for the classic policies: the classic kernel calls `classic_declare`
with a policy id (policies.classic.REGISTRY), as policies.dispatch does for the main ruleset."""

from balance.compile.jit import compiled
from policies.classic.experts import expert_human_declare, expert_thing_declare
from policies.classic.random_play import random_declare

IDLE = 0
RANDOM = 1
EXPERT_HUMANS = 2
EXPERT_THINGS = 3


@compiled
def classic_declare(policy_id, knobs, obs, memory, rng, stream, out, ip):
    """Write a character's declarations into out (rows of action, target, arg); return how
    many. `rng[stream]` is the character's own random stream."""
    if policy_id == RANDOM:
        return random_declare(knobs, obs, rng, stream, out, ip)
    if policy_id == EXPERT_HUMANS:
        return expert_human_declare(knobs, obs, memory, rng, stream, out, ip)
    if policy_id == EXPERT_THINGS:
        return expert_thing_declare(knobs, obs, memory, rng, stream, out, ip)
    return 0  # IDLE

"""The compiled entry points for the policies: a game's turn calls one of them with a policy id
(see policies.REGISTRY), so adding a policy adds a branch, not a kernel signature.

`expert_declare` dispatches among the strong policies only, what run, sweep and check play by
default; the entry point for them (balance.play.play_expert_chunk) compiles without the
others, in less time. `policy_declare` dispatches among them all."""

from balance.compile.jit import compiled
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

EXPERT_POLICIES = (IDLE, EXPERT_HUMANS, EXPERT_THINGS, SABOTEUR_THINGS)  # expert_declare's


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
    return expert_declare(policy_id, knobs, obs, memory, rng, stream, out, next_hop, room_block, ip)


@compiled
def expert_declare(policy_id, knobs, obs, memory, rng, stream, out, next_hop, room_block, ip):
    """policy_declare for the policies of EXPERT_POLICIES."""
    if policy_id == EXPERT_HUMANS:
        return expert_human_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    if policy_id == EXPERT_THINGS:
        return expert_thing_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    if policy_id == SABOTEUR_THINGS:
        return saboteur_declare(knobs, obs, memory, ip, rng, stream, out, next_hop, room_block)
    return 0  # IDLE

"""Helpers shared by the scripted policies. Everything here reads only the observation vector,
the policy's own memory, the public map and the public rules (ip)."""

from numba import njit

from balance import codes
from balance.observation import O_HAND_KIND, O_ROOM


@njit(cache=True)
def emit(out, n, action, target, arg):
    """Append a declaration (action, target, arg) to out if there is room; returns the new count."""
    if n < out.shape[0]:
        out[n, 0] = action
        out[n, 1] = target
        out[n, 2] = arg
        return n + 1
    return n


@njit(cache=True)
def hand_with(obs, kind):
    """The hand slot holding an item of `kind`, or -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] == kind:
            return h
    return -1


@njit(cache=True)
def step_toward(obs, next_hop, dest):
    """The next room on a shortest path from here to dest (the map is public), or -1 if here."""
    here = obs[O_ROOM]
    if here == dest or dest < 0:
        return -1
    return next_hop[here, dest]


@njit(cache=True)
def is_generator_room(r):
    return r == codes.GENERATOR_1 or r == codes.GENERATOR_2 or r == codes.GENERATOR_3


@njit(cache=True)
def generator_room_of_block(room_block, b):
    for k in range(codes.N_BLOCKS):
        r = codes.GENERATOR_ROOMS[k]
        if room_block[r] == b:
            return r
    return -1

"""Blood samples and the Laboratory

Reserved module: its helper fills it in.
"""

from numba import njit


@njit(cache=True)
def lab_action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of one of this module's declarations if legal when declared, else -1."""
    return -1


@njit(cache=True)
def resolve_lab(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec):
    """Apply one of this module's declarations at its step."""
    return

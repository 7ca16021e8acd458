"""The replay event log: a no-op in batch runs, where the buffer has zero rows."""

from numba import njit

from balance.kernel.state import G_N_EVENTS, G_TURN


@njit(cache=True)
def log_event(s, kind, actor, target, a, b):
    """Append (turn, kind, actor, target, a, b) to the log if replay mode is on and it has room."""
    k = s.g[G_N_EVENTS]
    if k < s.events.shape[0]:
        s.events[k, 0] = s.g[G_TURN]
        s.events[k, 1] = kind
        s.events[k, 2] = actor
        s.events[k, 3] = target
        s.events[k, 4] = a
        s.events[k, 5] = b
        s.g[G_N_EVENTS] = k + 1

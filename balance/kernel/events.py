"""The replay event log: a no-op in batch runs, where the buffer has zero rows."""

from numba import njit
from balance.kernel.state import ST_N_EVENTS, ST_TURN


@njit(cache=True)
def log_event(st, events, kind, actor, target, a, b):
    """Append (turn, kind, actor, target, a, b) to the log if replay mode is on and it has room."""
    k = st[ST_N_EVENTS]
    if k < events.shape[0]:
        events[k, 0] = st[ST_TURN]
        events[k, 1] = kind
        events[k, 2] = actor
        events[k, 3] = target
        events[k, 4] = a
        events[k, 5] = b
        st[ST_N_EVENTS] = k + 1

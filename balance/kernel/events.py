"""The event log: every event of the game in replay mode, the current turn's in batch runs
(where it feeds what characters perceive: balance.kernel.perception)."""

from numba import njit

from balance.kernel.state import (
    EV_A,
    EV_ACTOR,
    EV_B,
    EV_KIND,
    EV_PRESENT,
    EV_ROOM,
    EV_SEERS,
    EV_TARGET,
    EV_TURN,
    ST_N_EVENTS,
    ST_TURN,
)


@njit(cache=True, _nrt=False)
def write_event(st, events, kind, actor, target, a, b, room, seers, present):
    """Append an event to the log if it has room."""
    k = st[ST_N_EVENTS]
    if k < events.shape[0]:
        events[k, EV_TURN] = st[ST_TURN]
        events[k, EV_KIND] = kind
        events[k, EV_ACTOR] = actor
        events[k, EV_TARGET] = target
        events[k, EV_A] = a
        events[k, EV_B] = b
        events[k, EV_ROOM] = room
        events[k, EV_SEERS] = seers
        events[k, EV_PRESENT] = present
        st[ST_N_EVENTS] = k + 1


@njit(cache=True, _nrt=False)
def log_event(st, events, kind, actor, target, a, b):
    """Append an event nobody but its actor perceives (a station event, a private change)."""
    write_event(st, events, kind, actor, target, a, b, -1, 0, 0)

"""The event log: every event of the game in replay mode, the current turn's in batch runs
(where it feeds what characters perceive: balance.kernel.perception)."""

from balance import codes
from balance.compile.jit import compiled
from balance.kernel.state import (
    EV_A,
    EV_ACTOR,
    EV_B,
    EV_KIND,
    EV_NOTICERS,
    EV_PRESENT,
    EV_ROOM,
    EV_SEERS,
    EV_TARGET,
    EV_TURN,
    ST_N_EVENTS,
    ST_TURN,
)


@compiled
def noticers(kind, actor, target, seers, present):
    """The bitmask of the characters who perceive anything of an event (see perception.perceive):
    its actor; those who see it, if it can be seen; those present, if it is noticed in the dark,
    or else only its target, if it is told to its target."""
    sight = codes.EVENT_SIGHT[kind]
    mask = 1 << actor if 0 <= actor < 63 else 0
    if sight & codes.SEEN != 0:
        mask |= seers
    if sight & codes.NOTICED_IN_DARK != 0:
        mask |= present
    elif sight & codes.TARGET_TOLD != 0 and 0 <= target < 63:
        mask |= present & (1 << target)
    return mask


@compiled
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
        events[k, EV_NOTICERS] = noticers(kind, actor, target, seers, present)
        st[ST_N_EVENTS] = k + 1


@compiled
def log_event(st, events, kind, actor, target, a, b):
    """Append an event nobody but its actor perceives (a station event, a private change)."""
    write_event(st, events, kind, actor, target, a, b, -1, 0, 0)

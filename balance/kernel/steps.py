"""The resolution steps of declarations (RES-ORDER), which game.resolve_turn reads to visit
only the steps, and in each step only the characters, with something to resolve."""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.kernel.state import CH_RANK, CH_STEPS, ST_STEP_RANKS, ST_STEPS


@compiled
def action_step(action, arg):
    """RES-ORDER step of an action: destroying an item of one's own inventory is step 1, one
    lying in the room step 5; every other action has one step (codes.ACTION_STEP)."""
    if action == codes.A_DESTROY and arg == 1:
        return 1
    return codes.ACTION_STEP[action]


@compiled
def is_move(action):
    """GAP-31: a move or a follow; a turn has at most one of either."""
    return action == codes.A_MOVE or action == codes.A_FOLLOW


@compiled
def declaration_steps(action, arg):
    """The bitmask of the steps a declaration (action, arg) resolves in: a move's exit and entry
    steps in either form (THING-ACTIVE-11: the form can change during the turn), else its
    action_step."""
    if action == codes.A_MOVE:
        steps = (1 << codes.MOVE_EXIT_STEP) | (1 << codes.MOVE_ENTRY_STEP)
        return steps | (1 << codes.ACTIVE_EXIT_STEP) | (1 << codes.ACTIVE_ENTRY_STEP)
    return 1 << action_step(action, arg)


@compiled
def mark_ranks(st, steps, rank):
    """The character of this rank has something in each step of `steps` (ST_STEP_RANKS)."""
    while steps != 0:
        step = trailing_zeros(steps)
        steps &= steps - 1
        st[ST_STEP_RANKS + step] |= 1 << rank


@compiled
def add_step(ch, st, c, action, arg):
    """A declaration joins c's during the resolution (thing.order): its steps join c's
    (CH_STEPS), the turn's (ST_STEPS) and the steps' ranks (ST_STEP_RANKS), which may bring in a
    step nobody declared in."""
    steps = declaration_steps(action, arg)
    ch[c, CH_STEPS] |= steps
    st[ST_STEPS] |= steps
    mark_ranks(st, steps, ch[c, CH_RANK])

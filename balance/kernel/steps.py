"""The resolution step a declaration resolves in (RES-ORDER), and the steps a turn's
declarations use, which game.resolve_turn reads to skip the others."""

from balance import codes
from balance.kernel.jit import compiled
from balance.kernel.state import CH_STEPS, ST_STEPS


@compiled
def action_step(action, arg):
    """RES-ORDER step of an action: destroying an item of one's own inventory is step 1, one
    lying in the room step 5; every other action has one step (codes.ACTION_STEP)."""
    if action == codes.A_DESTROY and arg == 1:
        return 1
    return codes.ACTION_STEP[action]


@compiled
def add_step(ch, st, c, action, arg):
    """Count the step c's declaration (action, arg) resolves in into CH_STEPS and ST_STEPS: a
    move's exit and entry steps in either form (THING-ACTIVE-11), else its action_step."""
    if action == codes.A_MOVE:
        steps = (1 << codes.MOVE_EXIT_STEP) | (1 << codes.MOVE_ENTRY_STEP)
        steps |= (1 << codes.ACTIVE_EXIT_STEP) | (1 << codes.ACTIVE_ENTRY_STEP)
    else:
        steps = 1 << action_step(action, arg)
    ch[c, CH_STEPS] |= steps
    st[ST_STEPS] |= steps

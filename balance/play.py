"""The compiled entry points that play games: the rules (balance.kernel.game.play_game) wired to
the policies (policies.dispatch), from above both, so that the kernel never imports a policy.
balance.runner calls the one `entry_point` chooses for a run's rules and policies."""

from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.kernel.game import play_game
from policies.dispatch import EXPERT_POLICIES, expert_declare, policy_declare


@compiled(nogil=True)
def play_chunk(g, seed, first_game, out, rules, policies):
    """Play games first_game .. first_game + len(out) - 1 one after another in the arrays of g
    (state.allocate), one record row each; with g allocated for replay, one game with its event
    log and snapshots. Runs without the GIL: balance.runner plays chunks on several threads, and
    each game's result depends on (seed, game index) only. Any policies; the invariants are
    checked when the rules' switch asks for them (config.pack). A chunk ends before its next
    game once g.stop[0] is set (by the runner, on Ctrl-C or an error), leaving the rows of the
    games it did not play as they were: a run stops within a game, not a chunk."""
    for i in range(out.shape[0]):
        if g.stop[0]:
            return
        play_game(g, rules, policies, seed, first_game + i, out[i], policy_declare, True)


@compiled(nogil=True)
def play_expert_chunk(g, seed, first_game, out, rules, policies):
    """play_chunk for the policies of EXPERT_POLICIES, without invariant checks: the same
    records, from a compile without the other policies and the checks (a run's first,
    from an empty cache, is about a sixth shorter)."""
    for i in range(out.shape[0]):
        if g.stop[0]:
            return
        play_game(g, rules, policies, seed, first_game + i, out[i], expert_declare, False)


def entry_point(rules, policies):
    """The entry point that plays these packed rules and policies: play_expert_chunk when it
    can, else play_chunk."""
    ip = rules[0]
    h_id, _, t_id, _ = policies
    if ip[P.I_CHECK_INVARIANTS] == 0 and h_id in EXPERT_POLICIES and t_id in EXPERT_POLICIES:
        return play_expert_chunk
    return play_chunk

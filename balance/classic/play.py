"""The compiled entry points that play classic games: the classic rules
(balance.classic.rules.play_game) wired to the classic policies (policies.classic.dispatch),
with the same signature as balance.play's, so that balance.runner plays either ruleset alike."""

from balance.classic.rules import play_game
from balance.compile.jit import compiled
from policies.classic.dispatch import classic_declare


@compiled(nogil=True)
def play_classic_chunk(g, seed, first_game, out, rules, policies):
    """Play games first_game .. first_game + len(out) - 1 one after another in the arrays of g
    (balance.classic.state.allocate), one record row each; checks the invariants when the
    rules' switch asks for it. Stops before its next game once g.stop[0] is set."""
    ip = rules[0]
    checks = ip[-1] == 1  # I_CHECK_INVARIANTS, the last slot
    for i in range(out.shape[0]):
        if g.stop[0]:
            return
        play_game(g, rules, policies, seed, first_game + i, out[i], classic_declare, checks)


def entry_point(rules, policies):
    """The classic entry point (one, for every policy)."""
    return play_classic_chunk

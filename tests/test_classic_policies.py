"""The classic policies: they never peek (a fact a character could not have observed changes
neither his observation nor what his policy declares and remembers), and the expert presets
play the classic game to its end on both sides' terms."""

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st_

from balance import codes as C
from balance.classic import codes as K
from balance.classic import rules as RU
from balance.classic import state as S
from balance.classic.state import allocate
from balance.config import load_config, pack_classic
from balance.records import N_FIELDS
from balance.runner import run_games
from classic_harness import keep_declarations
from policies import SIDES, make, names
from policies.classic.dispatch import classic_declare


class Played:
    """A classic game played turn by turn from Python with the policies' own declarations."""

    def __init__(self, players, game, humans, things):
        self.cfg = load_config(players, ["ruleset=classic"])
        self.ip, self.fp = pack_classic(self.cfg)
        self.g = allocate(self.ip, 0)
        self.rec = np.zeros(N_FIELDS, dtype=np.int64)
        self.policies = {
            C.HUMANS: make(humans, C.HUMANS, self.cfg),
            C.THINGS: make(things, C.THINGS, self.cfg),
        }
        RU.new_game(self.g, self.ip, np.uint64(61), game, self.rec)
        self.t = 0

    def side_of(self, c):
        return C.THINGS if self.g.ch[c, S.CH_THING] == 1 else C.HUMANS

    def declare(self, c, memory, rng, policy=None):
        """What c's policy declares now, from copies of its memory and the streams; with the
        observation it was given."""
        pid, knobs = policy or self.policies[self.side_of(c)]
        obs = np.zeros_like(self.g.obs)
        RU.observe(self.g, self.ip, self.fp, c, obs)
        mem, rng = memory.copy(), rng.copy()
        out = np.zeros((K.MAX_DECLARED, 3), dtype=np.int64)
        n = classic_declare(pid, knobs, obs, mem, rng, 1 + c, out, self.ip)
        return obs, out[:n].tolist(), mem, rng

    def play(self, turns):
        """Play up to `turns` turns; returns whether the game went on that long."""
        g = self.g
        for _ in range(turns):
            self.t += 1
            if RU.begin_turn(g, self.ip, self.rec, self.t):
                return False
            for c in range(g.ch.shape[0]):
                g.ch[c, S.CH_N_DECL] = 0
                g.ch[c, S.CH_ACT] = K.A_NONE
                if not RU.can_act(g.ch, c):
                    continue
                _, rows, mem, rng = self.declare(c, g.memory[c], g.rng)
                g.memory[c] = mem
                g.rng[:] = rng
                keep_declarations(g, c, rows)
            if RU.resolve_turn(g, self.ip, self.fp, self.rec):
                return False
        self.t += 1
        return not RU.begin_turn(g, self.ip, self.rec, self.t)


HIDDEN = ("thing", "infected", "profession", "far_state", "samples", "stores_far")


def hide(game, change, me, other):
    """Change a fact `me` cannot have observed about `other` (or the station)."""
    g = game.g
    ch = g.ch
    here = ch[other, S.CH_LOC] == ch[me, S.CH_LOC] and g.lit[0, ch[me, S.CH_LOC]] == 1
    if change == "thing":
        assume(ch[other, S.CH_ACTIVE] == 0 and ch[me, S.CH_THING] == 0)
        ch[other, S.CH_THING] = 1 - ch[other, S.CH_THING]
    elif change == "infected":
        assume(ch[other, S.CH_THING] == 0 and ch[me, S.CH_INFECTOR] != other)
        ch[other, S.CH_CONVERT_TURN] = 0 if ch[other, S.CH_CONVERT_TURN] else game.t + 5
    elif change == "profession":
        ch[other, S.CH_PROFESSION] = (ch[other, S.CH_PROFESSION] + 1) % 5
    elif change == "far_state":
        assume(not here)
        ch[other, S.CH_HP] = max(1, ch[other, S.CH_HP] - 1) if ch[other, S.CH_HP] > 1 else 2
        ch[other, S.CH_SLOT] = (ch[other, S.CH_SLOT] + 1) % K.N_ITEMS
        ch[other, S.CH_BULLETS] = 3 - ch[other, S.CH_BULLETS]
    elif change == "samples":
        g.samples[:, S.SM_POSITIVE] = 1 - g.samples[:, S.SM_POSITIVE]
        g.samples[:, S.SM_CONTENT] ^= 1 << other
    else:  # stores_far: the stores and the helicopter where he is not
        for loc in range(K.N_LOC):
            if loc != ch[me, S.CH_LOC]:
                g.store[loc] += 1
        if ch[me, S.CH_LOC] != K.HELIPAD:
            g.st[S.ST_HELI_FUEL] = 1 - min(1, g.st[S.ST_HELI_FUEL])
        if ch[me, S.CH_LOC] != K.FOOD:
            g.st[S.ST_FOOD] += 1


CASES = [(side, name) for side in SIDES for name in names(side, "classic")]


@pytest.mark.parametrize("side,name", CASES, ids=[f"{SIDES[s]}-{n}" for s, n in CASES])
@settings(max_examples=30, deadline=None)
@given(
    game=st_.integers(0, 10_000),
    turns=st_.integers(1, 14),
    change=st_.sampled_from(HIDDEN),
    other_offset=st_.integers(1, 11),
)
def test_CL_policies_never_peek(side, name, game, turns, change, other_offset):
    """A real classic game (the expert presets on both sides), then a hidden fact changed and
    the policy asked again: the same observation, declarations, memory and streams."""
    played = Played(12, game, "expert", "expert")
    assume(played.play(turns))
    ch = played.g.ch
    mine = [c for c in range(12) if RU.can_act(ch, c) and played.side_of(c) == side]
    assume(mine)
    me = mine[0]
    other = (me + other_offset) % 12
    policy = make(name, side, played.cfg)
    before = played.declare(me, played.g.memory[me], played.g.rng, policy)
    hide(played, change, me, other)
    after = played.declare(me, played.g.memory[me], played.g.rng, policy)
    assert np.array_equal(before[0], after[0])
    assert before[1] == after[1]
    assert np.array_equal(before[2], after[2]) and np.array_equal(before[3], after[3])


@pytest.mark.parametrize("players", [9, 12, 15])
def test_CL_WIN_1_CL_WIN_2_the_expert_presets_play_to_every_kind_of_end(players):
    """Expert against expert, both sides win some games, by more than one way each."""
    records = run_games(load_config(players, ["ruleset=classic"]), 4000, 1)
    winners = np.bincount(records["winner"], minlength=3)
    assert winners[C.HUMANS] > 40 and winners[C.THINGS] > 400
    reasons = set(records["reason"][records["winner"] == C.THINGS])
    assert {C.R_FROZEN, C.R_HUMANS_DEAD, C.R_THING_ESCAPED} <= reasons
    assert C.R_THINGS_DEAD in set(records["reason"])

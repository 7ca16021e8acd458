"""A classic game set up by hand and played turn by turn with declarations written by the test:
the harness of tests/test_classic_rules.py, over the compiled classic kernel itself."""

from __future__ import annotations

import numpy as np

from balance.classic import codes as K
from balance.classic import rules as RU
from balance.classic import state as S
from balance.classic.state import allocate
from balance.config import load_config, pack_classic
from balance.records import N_FIELDS


def keep_declarations(g, c, rows) -> None:
    """c's declarations this turn, as declare_all keeps them: rows of (action, target, arg);
    his first main action is his turn's."""
    for r, row in enumerate(rows):
        g.decl[c, r] = row
    g.ch[c, S.CH_N_DECL] = len(rows)
    for a, target, arg in rows:
        if 0 < a < K.N_MAIN_ACTIONS:
            g.ch[c, S.CH_ACT : S.CH_ACT + 3] = (a, target, arg)
            break


class Classic:
    """A classic game after its setup, every character made human, unhurt, empty-handed and in
    `loc`, unless the test says otherwise."""

    def __init__(self, players=12, sets=(), seed=0, game=0, loc=K.GENERATOR, things=()):
        self.cfg = load_config(players, ["ruleset=classic", *sets])
        self.ip, self.fp = pack_classic(self.cfg, True)
        self.g = allocate(self.ip, 5000)
        self.rec = np.zeros(N_FIELDS, dtype=np.int64)
        RU.new_game(self.g, self.ip, np.uint64(seed), game, self.rec)
        ch = self.g.ch
        for c in range(players):
            ch[c, S.CH_THING] = ch[c, S.CH_ORIGINAL] = 0
            ch[c, S.CH_MAX_HP] = ch[c, S.CH_HP] = self.cfg["health.human_hp"]
            ch[c, S.CH_LOC] = ch[c, S.CH_START_LOC] = loc
            ch[c, S.CH_PROFESSION] = K.SCIENTIST
        for c in things:
            self.make_thing(c)
        self.t = 0

    @property
    def ch(self):
        return self.g.ch

    @property
    def st(self):
        return self.g.st

    def make_thing(self, c, original=True):
        self.ch[c, S.CH_THING] = 1
        self.ch[c, S.CH_ORIGINAL] = int(original)
        self.ch[c, S.CH_MAX_HP] = self.ch[c, S.CH_HP] = self.cfg["health.thing_hp"]

    def give(self, c, kind, bullets=0):
        s = 0 if self.ch[c, S.CH_SLOT] == K.NO_ITEM else 1
        self.ch[c, S.CH_SLOT + s] = kind
        self.ch[c, S.CH_BULLETS] += bullets

    def start(self):
        """The next turn's start; returns whether the game is over."""
        self.t += 1
        return RU.begin_turn(self.g, self.ip, self.rec, self.t)

    def declare(self, c, *rows):
        """c's declarations this turn (keep_declarations)."""
        keep_declarations(self.g, c, rows)

    def resolve(self):
        """Resolve the declarations; returns whether the game is over."""
        return RU.resolve_turn(self.g, self.ip, self.fp, self.rec)

    def turn(self, declarations=None):
        """A whole turn: its start, the declarations {c: [rows]}, the resolution (even when
        the game is over: a test with no Thing plays on). Returns whether the game is over."""
        over = self.start()
        for c in range(self.ch.shape[0]):  # what declare_all does before the policies
            self.ch[c, S.CH_N_DECL] = 0
            self.ch[c, S.CH_ACT] = K.A_NONE
        for c, rows in (declarations or {}).items():
            self.declare(c, *rows)
        return self.resolve() or over

    def observe(self, c):
        """What c perceives now; what was done last turn is seen once the next turn starts."""
        o = np.zeros_like(self.g.obs)
        RU.observe(self.g, self.ip, self.fp, c, o)
        return o

    def events(self, kind=None):
        rows = self.g.events[: self.st[S.ST_N_EVENTS]]
        return rows if kind is None else rows[rows[:, 1] == kind]


def share(trials, hit) -> float:
    """The share of `trials` fresh games (seeds 0..trials-1) in which hit(seed) holds."""
    return sum(bool(hit(seed)) for seed in range(trials)) / trials


def within(p_hat, p, trials, z=4.0) -> bool:
    """p_hat within z standard errors of p (z = 4: a fixed-seed test that fails by chance
    about once in 16,000 such checks)."""
    return abs(p_hat - p) <= z * (p * (1 - p) / trials) ** 0.5

"""A scenario harness: one game set up by hand and driven turn by turn with scripted
declarations, through the same compiled steps as a batch game (begin_turn, declare,
finish_turn). Characters without a script declare nothing."""

from __future__ import annotations

import functools

import numpy as np

from balance import codes
from balance.config import load_config, pack
from balance.kernel import state as S
from balance.kernel.actions import declare
from balance.kernel.perception import can_act
from balance.kernel.events import write_event
from balance.kernel.items import drop_on_floor, free_backpack_slot, put_in_backpack
from balance.kernel.public import pack_claim
from balance.kernel.game import (
    begin_turn,
    declare_by_policies,
    end_game,
    finish_turn,
    new_game,
    observe_in,
)
from balance.compile.jit import compiled
from balance.kernel.observe import survey
from balance.kernel.perception import list_noticed, place
from balance.observation import N_OBS, O_N_PERCEIVED, O_PERCEIVED, PERCEIVED_FIELDS
from balance import records as R
from balance.records import N_FIELDS
from policies.dispatch import policy_declare


@compiled
def declare_through_policies(g, ip, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs):
    """game.declare_by_policies as play_chunk calls it, through any policy."""
    declare_by_policies(
        g, ip, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs, policy_declare
    )


# Facts about another character, or about a room one is not in, that Scenario.hide changes
HIDDEN_CHANGES = (
    "form",
    "infected",
    "backpack",
    "far_item",
    "frost",
    "blackout",
    "dark_event",
    "unheard_claim",
    "unheard_radio",
)


@functools.lru_cache(maxsize=None)
def _rules(players: int, sets: tuple[str, ...]):
    """The config and its packed rules, loaded once per (players, sets): reading the TOML files
    was most of a scenario's time, and the statistical tests set up thousands. Scenarios share
    them; neither the kernel nor a test writes to them."""
    cfg = load_config(players, list(sets))
    return cfg, pack(cfg, check_invariants=True)


class Scenario:
    def __init__(self, players: int = 12, sets: tuple[str, ...] = (), seed: int = 1, game: int = 0):
        self.cfg, self.pk = _rules(players, tuple(sets))
        self.g = S.allocate(self.pk.ip, 20_000)
        self.rec = np.zeros(N_FIELDS, dtype=np.int64)
        new_game(self.g, self.pk.ip, self.pk.fp, np.uint64(seed), game, self.rec)
        self.turn = 0
        self.over = False
        self.ended_turn = 0  # first turn the end-of-game checks fired; play may go on after it

    # --- state access ---
    @property
    def ch(self) -> np.ndarray:
        return self.g.ch

    @property
    def st(self) -> np.ndarray:
        return self.g.st

    @property
    def it(self) -> np.ndarray:
        return self.g.it

    def all_human(self) -> "Scenario":
        """Make every character an ordinary human (no Things)."""
        self.ch[:, S.CH_FORM] = codes.HUMAN
        self.ch[:, S.CH_ORIGINAL] = 0
        self.ch[:, S.CH_ARCHETYPE] = codes.ARCH_NONE
        self.ch[:, S.CH_MAX_HP] = self.cfg["health.human_hp"]
        self.ch[:, S.CH_HP] = self.cfg["health.human_hp"]
        return self

    def make_thing(self, c: int, archetype: int = codes.ARCH_NONE) -> "Scenario":
        self.ch[c, S.CH_FORM] = codes.THING_HIDDEN
        self.ch[c, S.CH_ORIGINAL] = 1
        self.ch[c, S.CH_ARCHETYPE] = archetype
        self.ch[c, S.CH_MAX_HP] = self.ch[c, S.CH_HP] = self.cfg["health.thing_hp"]
        return self

    def put(self, c: int, room: int, physical: int | None = None) -> "Scenario":
        place(self.ch, self.st, c, room)
        if physical is not None:
            self.ch[c, S.CH_PHYSICAL] = physical
        return self

    def park_everyone(self, room: int = codes.LIVING_QUARTERS) -> "Scenario":
        for c in range(self.ch.shape[0]):
            place(self.ch, self.st, c, room)
        return self

    def spare(self, kind: int) -> np.ndarray:
        """The items of `kind` that `give` may hand out: in the supply or, for the stock that
        lies in rooms (SETUP-3), on the floor."""
        it = self.it
        free = (it[:, S.IT_KIND] == kind) & (
            (it[:, S.IT_PLACE] == codes.IN_SUPPLY) | (it[:, S.IT_PLACE] == codes.IN_ROOM)
        )
        return np.flatnonzero(free)

    def give(self, c: int, kind: int, fuel: int = 0, hand: int = 0) -> int:
        """Put a spare item of `kind` into c's hand; returns its id."""
        it = self.it
        i = int(self.spare(kind)[-1])
        it[i, S.IT_PLACE] = codes.IN_HAND
        it[i, S.IT_WHERE] = c
        it[i, S.IT_FUEL] = fuel
        self.ch[c, S.CH_HAND + hand] = i
        return i

    def lay(self, i: int, room: int) -> None:
        """Item i now lies in `room`, laid there as the kernel lays items (items.drop_on_floor:
        the survey counts the floor's items from its index)."""
        drop_on_floor(self.it, i, room)

    def wear_parka(self, c: int) -> None:
        i = self.give(c, codes.PARKA)
        self.ch[c, S.CH_HAND] = -1
        self.it[i, S.IT_PLACE] = codes.WORN
        self.ch[c, S.CH_WORN] = i
        # a parka from the supply is a yellow box's content: one box fewer
        self.st[S.ST_YELLOW_LEFT] -= 1

    # --- driving ---
    def step(self, declarations: dict[int, list[tuple[int, int, int]]] | None = None) -> bool:
        """Play one turn with these declarations: {character: [(action, target, arg), ...]}.
        A scenario keeps playing after the end-of-game checks fire (a test of one rule need
        not keep a Thing alive); `ended_turn` records when they first did."""
        self._begin_turn()
        declarations = declarations or {}
        for c in range(self.ch.shape[0]):
            self.ch[c, S.CH_N_DECL] = 0
            self._declare(c, declarations.get(c, []))
        self._finish_turn()
        return self.over

    def play_turn(
        self,
        humans: str,
        things: str,
        scripted: dict[int, list[tuple[int, int, int]]] | None = None,
    ) -> dict[int, list[tuple[int, int, int]]]:
        """Play one turn with both sides' policies declaring, as a batch game does
        (game.declare_by_policies); `scripted` replaces the declarations of its characters.
        Returns what the kernel kept of each character's declarations."""
        from policies import make

        self._begin_turn()
        h_id, h_knobs = make(humans, codes.HUMANS, self.cfg)
        t_id, t_knobs = make(things, codes.THINGS, self.cfg)
        pk = self.pk
        declare_through_policies(
            self.g, pk.ip, pk.room_block, pk.adjacent, pk.next_hop, h_id, h_knobs, t_id, t_knobs
        )
        for c, rows in (scripted or {}).items():
            self._declare(c, rows)
        kept = {c: self.kept(c) for c in range(self.ch.shape[0])}
        self._finish_turn()
        return kept

    def policy_step(self, c: int, policy: str, side: int = codes.HUMANS) -> list[tuple[int, ...]]:
        """Play one turn in which c declares what `policy` makes of his observation at the turn's
        start (`declares`, after the start-of-turn effects, as in a batch game) and the others
        declare nothing. Returns c's declarations."""
        self._begin_turn()
        rows = self.declares(c, policy, side)
        for d in range(self.ch.shape[0]):
            self.ch[d, S.CH_N_DECL] = 0
        self._declare(c, rows)
        self._finish_turn()
        return rows

    def play(self, turns: int, humans: str, things: str) -> None:
        """Play turns with both sides' policies choosing every declaration (play_turn)."""
        for _ in range(turns):
            self.play_turn(humans, things)

    def begin_turn(self) -> None:
        """Only begin the next turn: its start-of-turn effects (deaths, blackouts, revivals)
        happen and `perceived` shows them, as characters perceive them when they declare."""
        self._begin_turn()

    def _begin_turn(self) -> None:
        assert self.turn < self.cfg["game.max_turns"], "the replay buffers end at game.max_turns"
        self.turn += 1
        if begin_turn(self.g, self.pk.ip, self.pk.room_block, self.rec, self.turn, True):
            self._ended()

    def _declare(self, c: int, rows: list[tuple[int, int, int]]) -> None:
        """c declares `rows` through the kernel's checks (actions.declare), if he can act."""
        if not rows or not can_act(self.ch, c):
            return
        for j, row in enumerate(rows):
            self.g.decl[c, j, :3] = row
        pk = self.pk
        declare(
            self.ch, self.it, self.st, self.g.decl, pk.ip, pk.adjacent, pk.room_block, c, len(rows)
        )

    def _finish_turn(self) -> None:
        if finish_turn(self.g, self.pk.ip, self.pk.fp, self.pk.room_block, self.rec, True):
            self._ended()

    def hide(self, change: str, me: int, other: int) -> None:
        """Change one fact about `other`, or somewhere `me` is not, that `me` cannot observe."""
        ch, it, st = self.ch, self.it, self.st
        far = (ch[me, S.CH_ROOM] + 1 + other % 5) % codes.N_INDOOR
        if change == "form":
            ch[other, S.CH_FORM] = (
                codes.THING_HIDDEN if ch[other, S.CH_FORM] == codes.HUMAN else codes.HUMAN
            )
        elif change == "infected":
            ch[other, S.CH_INFECTED] ^= 1
        elif change == "backpack":  # an axe, or a canister once every axe is in play
            kind = codes.AXE if self._unseen_spare(codes.AXE, me).size else codes.CANISTER
            slot = max(free_backpack_slot(ch, other), 0)
            if ch[other, S.CH_BACKPACK + slot] >= 0:  # a full backpack: one item to the supply
                it[ch[other, S.CH_BACKPACK + slot], S.IT_PLACE] = codes.IN_SUPPLY
                it[ch[other, S.CH_BACKPACK + slot], S.IT_WHERE] = -1
            put_in_backpack(ch, it, other, slot, int(self._unseen_spare(kind, me)[-1]))
        elif change == "far_item":
            self.lay(int(self._unseen_spare(codes.CANISTER, me)[-1]), far)
        elif change == "frost":
            ch[other, S.CH_FROST] = (ch[other, S.CH_FROST] + 2) % 5
        elif change == "blackout":
            ch[other, S.CH_BLACKOUT_TURN] += 3
        elif change == "dark_event":  # something happened last turn in a room `me` was not in
            st[S.ST_LIGHTING + far] = codes.DARK
            write_event(st, self.g.events, codes.E_MELEE, other, me, 1, 0, far, 0, 1 << other)
        elif change in ("unheard_claim", "unheard_radio"):  # GAP-64: said where `me` cannot hear
            kind = codes.E_SAY if change == "unheard_claim" else codes.E_RADIO
            room = far if kind == codes.E_SAY else -1
            claim = pack_claim(me, codes.PROOF_SEEN_THING, -1)  # "me is a Thing, I saw it"
            heard = 1 << other
            write_event(
                st, self.g.events, kind, other, -1, codes.CLAIM_THING, claim, room, heard, heard
            )

    def _unseen_spare(self, kind: int, me: int) -> np.ndarray:
        """The spare items of `kind` that `me` does not see: in the supply, or lying in a room
        other than his (taking one from his floor, or from anyone's hands, would be seen)."""
        it = self.it
        here = self.ch[me, S.CH_ROOM]
        spare = self.spare(kind)
        return spare[(it[spare, S.IT_PLACE] == codes.IN_SUPPLY) | (it[spare, S.IT_WHERE] != here)]

    def _ended(self) -> None:
        if not self.over:
            self.over = True
            self.ended_turn = self.turn

    def run(self, turns: int, declarations=None) -> None:
        for _ in range(turns):
            self.step(declarations)

    def finish(self) -> np.ndarray:
        end_game(self.g, self.rec, self.over)
        return self.rec

    def events(self, kind: int | None = None) -> np.ndarray:
        ev = self.g.events[: self.st[S.ST_N_EVENTS], :6]  # the witnesses: Scenario.perceived
        return ev if kind is None else ev[ev[:, 1] == kind]

    def kept(self, c: int) -> list[tuple[int, int, int]]:
        return [
            tuple(int(v) for v in self.g.decl[c, j, :3]) for j in range(self.ch[c, S.CH_N_DECL])
        ]

    def observe(self, c: int) -> np.ndarray:
        """Character c's observation now, as its policy would be given it."""
        o = np.zeros(N_OBS, dtype=np.int64)
        g, ip, room_block = self.g, self.pk.ip, self.pk.room_block
        survey(self.ch, self.it, self.st, ip, g.room_items, g.room_survey, g.char_survey)
        list_noticed(self.st, g.events, g.noticed)
        observe_in(g, ip, room_block, c, o)
        return o

    def declares(self, c: int, policy: str, side: int = codes.HUMANS) -> list[tuple[int, ...]]:
        """What the `policy` preset of `side` declares for c now, as game.declare_by_policies
        asks it: (action, target, arg) rows."""
        from policies import make

        policy_id, knobs = make(policy, side, self.cfg)
        out = np.zeros((self.g.decl.shape[1], 3), dtype=np.int64)
        pk = self.pk
        n = policy_declare(
            policy_id,
            knobs,
            self.observe(c),
            self.g.memory[c],
            self.g.rng,
            1 + c,
            out,
            pk.next_hop,
            pk.room_block,
            pk.ip,
        )
        return [tuple(int(v) for v in row) for row in out[:n]]

    def perceived(self, c: int) -> list[tuple[int, ...]]:
        """What c perceived of the last turn: (actor, event kind, target, a, b) rows, UNSEEN (-1)
        where he could not tell."""
        o = self.observe(c)
        rows = o[O_PERCEIVED : O_PERCEIVED + o[O_N_PERCEIVED] * PERCEIVED_FIELDS]
        return [tuple(int(v) for v in row) for row in rows.reshape(-1, PERCEIVED_FIELDS)]

    def offered(self, c: int) -> set[tuple[int, int, int]]:
        """Every declaration the `random` policy could draw for c now."""
        from policies.random_play import candidate

        out = np.zeros((1, 3), dtype=np.int64)
        o = self.observe(c)
        found = set()
        for k in range(candidate(o, self.pk.next_hop, -1, out, 0)):
            candidate(o, self.pk.next_hop, k, out, 0)
            found.add(tuple(int(v) for v in out[0]))
        return found

    @property
    def violations(self) -> int:
        return int(self.rec[R.C_INVARIANT_VIOLATIONS])


def lit(seed: int = 1, game: int = 0, sets: tuple[str, ...] = (), players: int = 12) -> Scenario:
    """Everyone human and in the Tower; generators never run dry, so rooms stay lit."""
    scenario = Scenario(players, ("generator.burn_per_turn=0",) + tuple(sets), seed=seed, game=game)
    return scenario.all_human().park_everyone(codes.TOWER)

"""Policies never peek (GAP-61, issue 5): changing a fact a character could not have observed
never changes what its policy declares, nor what it remembers, for every preset of both sides,
for humans, original Things and converts (who play the human policy until called: GAP-38), and
for the expert humans with the knobs that the presets leave off turned on."""

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st_

from balance import codes
from balance.codes import MAX_DECLARED
from balance.kernel import state as S
from balance.kernel.perception import can_act
from harness import HIDDEN_CHANGES, Scenario
from policies import DEFAULT, SIDES, make, names
from policies.dispatch import policy_declare

# every preset of each side, with the roles whose declarations it makes
CASES = [
    (side, name, role)
    for side in SIDES
    for name in names(side)
    for role in (("original",) if side == codes.THINGS else ("human", "convert"))
]


def declare_now(sc: Scenario, c: int, side: int, name: str, memory, rng):
    """What c's policy declares now and what it then remembers, from copies of its memory and
    of the random streams (the game itself is left as it was)."""
    policy_id, knobs = make(name, side, sc.cfg)
    mem, rng = memory.copy(), rng.copy()
    out = np.zeros((MAX_DECLARED, 3), dtype=np.int64)
    n = policy_declare(
        policy_id,
        knobs,
        sc.observe(c),
        mem,
        rng,
        1 + c,
        out,
        sc.pk.next_hop,
        sc.pk.room_block,
        sc.pk.ip,
    )
    return out[:n].tolist(), mem, rng


def pick(sc: Scenario, role: str) -> int:
    """A character able to act in `role`, or -1."""
    ch = sc.ch
    for c in range(ch.shape[0]):
        original = ch[c, S.CH_ORIGINAL] == 1
        human = ch[c, S.CH_FORM] == codes.HUMAN
        if can_act(ch, c) and (original if role == "original" else human):
            return c
    return -1


def assert_a_hidden_fact_changes_nothing(sc, side, name, role, change, other_offset):
    """Pick a character of `role` whose policy is `name`'s (a convert is a human made a Thing:
    GAP-38, he does not know it and plays the human policy), change a fact he could not have
    observed about another, and compare what he declares and then remembers."""
    me = pick(sc, role)
    assume(me >= 0)
    if role == "convert":
        sc.ch[me, S.CH_FORM] = codes.THING_HIDDEN
        sc.ch[me, S.CH_MAX_HP] = sc.cfg["health.thing_hp"]
    other = (me + other_offset) % sc.ch.shape[0]
    assume(sc.ch[other, S.CH_FORM] != codes.THING_ACTIVE)  # THING-ACTIVE-2: no secret
    # the originals know each other and learn of the converts (THING-P-4/5)
    assume(not (change == "form" and side == codes.THINGS))
    memory, rng = sc.g.memory[me], sc.g.rng
    before = declare_now(sc, me, side, name, memory, rng)
    sc.hide(change, me, other)
    after = declare_now(sc, me, side, name, memory, rng)
    assert before[0] == after[0]
    assert np.array_equal(before[1], after[1]) and np.array_equal(before[2], after[2])


@pytest.mark.parametrize("side,name,role", CASES, ids=[f"{SIDES[s]}-{n}-{r}" for s, n, r in CASES])
@settings(max_examples=30, deadline=None)
@given(
    game=st_.integers(0, 10_000),
    turns=st_.integers(1, 14),
    change=st_.sampled_from(HIDDEN_CHANGES),
    other_offset=st_.integers(1, 11),
)
def test_GAP_61_no_policy_peeks(side, name, role, game, turns, change, other_offset):
    """Play a real game with the preset on its side (the strongest preset on the other), change
    a hidden fact and compare. Facts everyone may know are not changed: the active Thing's
    form (THING-ACTIVE-2), and a Thing's form to another Thing (THING-P-4)."""
    sc = Scenario(12, seed=61, game=game)
    sc.play(
        turns, name if side == codes.HUMANS else DEFAULT, name if side == codes.THINGS else DEFAULT
    )
    assert_a_hidden_fact_changes_nothing(sc, side, name, role, change, other_offset)


# The expert humans' knobs that the presets leave off, on together: the opening, the burning
# reserve, the organs, handed samples; door codes, the helicopter and light for repairs.
KNOBS_ON = {
    "opening-burning-organs-samples": (
        "callers_share=0.25",
        "call_from_start=1",
        "arms_first=1",
        "burn_reserve=1",
        "organs_hp=2",
        "hand_samples=3",
    ),
    "doors-helicopter-repairs": (
        "door_codes=2",
        "heli_fuel=1",
        "heli_from_turn=0",
        "pilots_share=0.3",
        "dark_repairs=2",
    ),
}


@pytest.mark.parametrize("knobs", KNOBS_ON)
@pytest.mark.parametrize("role", ["human", "convert"])
@settings(max_examples=40, deadline=None)
@given(
    game=st_.integers(0, 10_000),
    turns=st_.integers(1, 20),
    change=st_.sampled_from(HIDDEN_CHANGES),
    other_offset=st_.integers(1, 11),
)
def test_GAP_61_the_expert_humans_knobs_off_in_the_presets_do_not_peek(
    knobs, role, game, turns, change, other_offset
):
    sets = tuple(f"policies.humans.expert.{k}" for k in KNOBS_ON[knobs])
    sc = Scenario(12, sets, seed=61, game=game)
    sc.play(turns, "expert", "expert")
    assert_a_hidden_fact_changes_nothing(sc, codes.HUMANS, "expert", role, change, other_offset)

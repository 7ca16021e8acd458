"""Door codes for the `expert` humans (policies.doors_play, knob `door_codes`; ACT-CODE,
CODE-1..3, GAP-25), and the compact cracking of policies.codebreak they use."""

import numpy as np
import pytest

from balance import codes
from balance.kernel import state as S
from balance.kernel.public import CODES, N_CODES, feedback
from balance.observation import MEMORY_SIZE
from policies import codebreak as CB
from policies import doors_play as DP
from policies.doors_play import known_code
from tests.harness import lit

CRACKER = 6  # at 12 players 1 fueler a block (0..2) and 3 guards (3..5): no role of his own
CARD_ROOM = codes.LABORATORY  # his card opens the Laboratory, not the Arsenal


def arsenal_scene(door_codes, called=False):
    """Everyone human; CRACKER, in a parka, unarmed, hands free, stands in Generator 3, next to
    the locked Arsenal (GAP-5; power on: its lamp shows it locked), with a card that does not
    open it."""
    sc = lit(sets=(f"policies.humans.expert.door_codes={door_codes}",))
    sc.park_everyone(codes.TOWER).put(CRACKER, codes.GENERATOR_3)
    sc.wear_parka(CRACKER)
    sc.ch[:, S.CH_CARD_TOP] = 0
    sc.ch[CRACKER, S.CH_CARD_ACCESS] = 1 << CARD_ROOM
    sc.ch[CRACKER, S.CH_ERUDITION] = 1  # bulls and cows only (CODE-1)
    if called:
        sc.st[S.ST_CALL_TURN] = 1
    sc.step()  # a turn played: the generators run, the lamps show the locks (DOOR-1)
    return sc


def entries(decl, room=codes.ARSENAL):
    return [row for row in decl if row[0] == codes.A_CODE and row[1] == room]


def test_without_the_knob_a_cardless_human_gives_up_the_Arsenal():
    """Today's behaviour (door_codes = 0): no card for the Arsenal, no entry."""
    sc = arsenal_scene(0)
    assert entries(sc.declares(CRACKER, "expert")) == []


def test_DOOR_1_ACT_CODE_a_cardless_expert_cracks_the_Arsenal_and_keeps_its_code():
    """door_codes = 2: three entries a turn (1 AP each, no move while many codes are possible),
    each a code of 4 different digits still possible after the feedback of his earlier ones
    (CODE-1); once few are left, an entry and the move. He gets in (GAP-25: the door opened
    from his room this turn) and keeps the code that opened it."""
    sc = arsenal_scene(2)
    guessed = set()
    for turn in range(8):
        decl = sc.policy_step(CRACKER, "expert")
        if turn == 0:
            assert len(entries(decl)) == 3 and decl == entries(decl)  # no move yet
        for _, _, code in entries(decl):
            assert code not in guessed  # every guess fits the feedback so far: never again
            guessed.add(code)
        if sc.ch[CRACKER, S.CH_ROOM] == codes.ARSENAL:
            break
    assert sc.ch[CRACKER, S.CH_ROOM] == codes.ARSENAL, "in within 8 turns (3 expected)"
    assert entries(decl)[-1] == (codes.A_CODE, codes.ARSENAL, sc.st[S.ST_CODE + codes.ARSENAL])
    assert decl[-1] == (codes.A_MOVE, codes.ARSENAL, 0)
    code = sc.st[S.ST_CODE + codes.ARSENAL]
    assert sc.policy_step(CRACKER, "expert") == [(codes.A_PICKUP, codes.PISTOL, 0)]
    assert known_code(sc.g.memory[CRACKER], sc.pk.ip, codes.ARSENAL) == code
    hand = sc.ch[CRACKER, S.CH_HAND]
    sc.ch[CRACKER, S.CH_HAND] = -1  # the pistol gone, he leaves: a known code takes one turn
    sc.it[hand, S.IT_PLACE] = codes.DESTROYED
    sc.step({CRACKER: [(codes.A_MOVE, codes.GENERATOR_3, 0)]})
    sc.begin_turn()
    assert sc.declares(CRACKER, "expert") == [
        (codes.A_CODE, codes.ARSENAL, code),
        (codes.A_MOVE, codes.ARSENAL, 0),
    ]


@pytest.mark.parametrize("called", [False, True])
def test_door_codes_1_waits_for_the_call_for_help(called):
    """door_codes = 1: the Arsenal's code only once help is called (GAP-6), as arming before
    the call delays the beacon (measured: see docs/policies.md)."""
    sc = arsenal_scene(1, called=called)
    assert bool(entries(sc.declares(CRACKER, "expert"))) == called


def test_no_code_for_an_Arsenal_whose_pistols_were_all_seen_in_hands():
    """LOC-ARSENAL-1: once he has seen as many others holding a pistol as the Arsenal held, it
    is empty: no entry."""
    sc = arsenal_scene(2)
    pistols = sc.cfg["stock.pistols"]
    holders = [c for c in range(sc.ch.shape[0]) if c != CRACKER][:pistols]
    for k, c in enumerate(holders):
        sc.put(c, codes.GENERATOR_3)
        sc.give(c, codes.PISTOL)
        assert bool(entries(sc.declares(CRACKER, "expert"))) == (k + 1 < pistols)


def test_codebreak_compact_cracking_agrees_with_the_bitset():
    """doors_play's count_fitting and spread_fitting, from packed entries alone
    (codebreak.pack_attempt), agree with codebreak's 79-word set
    rebuilt by `replay`: the same count, and codes that are possible, distinct and spread."""
    rng = np.random.default_rng(5)
    cands = np.zeros(CB.N_WORDS, dtype=np.int64)
    for insight in (0, 1, 3):
        secret = int(CODES[rng.integers(N_CODES)])
        cells = np.zeros(8, dtype=np.int64)
        for n in range(6):
            CB.replay(cands, cells, n)
            possible = DP.count_fitting(cells, 0, n)
            assert possible == CB.count(cands)
            k = min(3, possible)
            packed = DP.spread_fitting(cells, 0, n, possible, 7 % possible, possible // k, k)
            got = [DP.spread_code(packed, j) for j in range(k)]
            assert len(set(got)) == k
            for code in got:
                index = int(np.flatnonzero(CODES == code)[0])
                assert CB.is_possible(cands, index)
            guess = got[0]
            cells[n] = CB.pack_attempt(guess, feedback(secret, guess, insight), insight)
            if guess == secret:
                break


def test_the_expert_humans_memory_cells_never_overlap():
    """Every cell the expert humans' modules keep lies in their range, and no two share one."""
    from policies import (
        doors_play,
        expert_humans,
        helicopter_play,
        opening,
        organs,
        repair_light,
        samples,
    )
    from policies.memory import M_EXPERT_HUMANS

    cells = [
        *(getattr(expert_humans, n) for n in dir(expert_humans) if n.startswith("H_")),
        *(getattr(opening, n) for n in dir(opening) if n.startswith("OP_")),
        *(getattr(organs, n) for n in dir(organs) if n.startswith("OR_")),
        *(getattr(samples, n) for n in dir(samples) if n.startswith("SA_")),
        doors_play.H_PISTOLS_SEEN,
        doors_play.H_DARK_ARSENAL,
        doors_play.H_DOOR_CODES,
        doors_play.H_CRACK,
        *range(doors_play.H_ENTRIES, doors_play.H_ENTRIES + doors_play.N_ENTRIES),
        helicopter_play.H_HELI_DRAW,
        helicopter_play.H_HELI_BELIEF,
        repair_light.H_FLASH_SEEN,
        repair_light.H_REPAIR_BACK,
    ]
    assert len(cells) > 40 and len(set(cells)) == len(cells)
    assert all(M_EXPERT_HUMANS <= c < MEMORY_SIZE for c in cells)


def test_the_policy_reckons_the_keypad_answer_as_the_rules_do_CODE_1_CODE_2_CODE_3():
    """doors_play.answer, the policy's own reckoning of the feedback (kernel.public.feedback's
    packing), over a sample of codes and guesses at every insight."""
    rng = np.random.default_rng(3)
    for _ in range(3000):
        code, guess = (int(c) for c in CODES[rng.integers(N_CODES, size=2)])
        for shown in range(4):
            assert DP.answer(code, guess, shown) == feedback(code, guess, shown)

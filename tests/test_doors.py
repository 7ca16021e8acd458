"""Door codes and their feedback (A13: CODE-1..3; GAP-5) and the code-breaking helper a policy
uses (policies.codebreak), against a plain-Python reference."""

from functools import cache
from itertools import permutations

import numpy as np
import pytest
from numba import njit

from balance.kernel import public as D
from balance.kernel.rng import seed_streams
from policies import codebreak as CB

ALL_CODES = [int("".join(p)) for p in permutations("0123456789", 4)]
# what an enterer of each Erudition is shown at the default thresholds (doors.positions_erudition
# 2, doors.absent_erudition 3: tests/test_doors_in_play.py checks the keys)
INSIGHT = {1: 0, 2: D.SHOWS_POSITIONS, 3: D.SHOWS_POSITIONS | D.SHOWS_ABSENT}


# --- plain-Python reference ------------------------------------------------------------------


def ref_digits(code: int) -> str:
    return f"{code:04d}"


def ref_bulls_cows(code: int, guess: int) -> tuple[int, int]:
    c, g = ref_digits(code), ref_digits(guess)
    bulls = sum(c[i] == g[i] for i in range(4))
    return bulls, sum(d in c for d in g) - bulls


def ref_right_positions(code: int, guess: int) -> int:
    c, g = ref_digits(code), ref_digits(guess)
    return sum(1 << i for i in range(4) if c[i] == g[i])


def ref_absent(code: int, guess: int) -> int:
    c, g = ref_digits(code), ref_digits(guess)
    return sum(1 << i for i in range(4) if g[i] not in c)


def random_pairs(n: int, seed: int) -> np.ndarray:
    gen = np.random.default_rng(seed)
    codes = np.array(ALL_CODES)
    return np.stack([gen.choice(codes, n), gen.choice(codes, n)], axis=1)


# --- packing and ranking -----------------------------------------------------------------------


def test_CODE_1_the_5040_codes_rank_and_unrank():
    """GAP-5: 4 different digits, leading 0 allowed: 5,040 codes, packed base 10 (0123 -> 123),
    indexed in increasing numeric order."""
    assert len(ALL_CODES) == D.N_CODES == 5040
    assert D.CODES.tolist() == ALL_CODES == sorted(ALL_CODES)
    for i, code in enumerate(ALL_CODES):
        assert D.code_at(i) == code
        assert D.code_index(code) == i
    valid = set(ALL_CODES)
    assert [x for x in range(-5, 10005) if D.is_valid_code(x)] == sorted(valid)
    assert [D.digit(9870, i) for i in range(4)] == [9, 8, 7, 0]
    assert D.pack_code(0, 1, 2, 3) == 123


# --- CODE-1..3 feedback ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, guess, bulls_cows",
    [
        (1234, 1243, (2, 2)),
        (1234, 5678, (0, 0)),
        (123, 3210, (0, 4)),  # 0123 / 3210
        (1234, 1234, (4, 0)),
        (9876, 6789, (0, 4)),
        (123, 1234, (0, 3)),  # 0123 / 1234
        (5940, 5041, (2, 1)),
    ],
)
def test_CODE_1_bulls_cows_hand_examples(code, guess, bulls_cows):
    assert D.bulls_cows(code, guess) == bulls_cows
    assert ref_bulls_cows(code, guess) == bulls_cows


def test_CODE_1_bulls_cows_matches_reference():
    """20,000 random pairs of valid codes, and every guess against one fixed code."""
    for code, guess in random_pairs(20_000, seed=1):
        assert D.bulls_cows(code, guess) == ref_bulls_cows(code, guess), (code, guess)
    for guess in ALL_CODES:
        assert D.bulls_cows(123, guess) == ref_bulls_cows(123, guess), guess


def test_CODE_2_right_positions_matches_reference():
    """Bit i = position i (leftmost digit = bit 0) where the guess has the code's digit."""
    assert D.right_positions(1234, 1243) == 0b0011
    assert D.right_positions(1234, 5274) == 0b1010
    assert D.right_positions(123, 3210) == 0
    assert D.right_positions(1234, 1234) == 0b1111
    for code, guess in random_pairs(20_000, seed=2):
        assert D.right_positions(code, guess) == ref_right_positions(code, guess), (code, guess)


def test_CODE_3_absent_digits_matches_reference():
    """Bit i = position i of the guess whose digit is not in the code at all."""
    assert D.absent_digits(1234, 5678) == 0b1111
    assert D.absent_digits(1234, 1243) == 0
    assert D.absent_digits(1234, 1567) == 0b1110
    assert D.absent_digits(123, 4561) == 0b0111  # 0123 / 4561: only the 1 is in the code
    for code, guess in random_pairs(20_000, seed=3):
        assert D.absent_digits(code, guess) == ref_absent(code, guess), (code, guess)


def test_CODE_2_CODE_3_feedback_packs_what_each_erudition_learns():
    """CODE-1 for everyone; CODE-2 (STAT-ERUD-1) positions from Erudition 2; CODE-3
    (STAT-ERUD-2) absences at Erudition 3; nothing more below those levels."""
    assert D.feedback(1234, 1243, INSIGHT[1]) == 2 + (2 << 3)
    assert D.feedback(1234, 1243, INSIGHT[2]) == 2 + (2 << 3) + (0b0011 << 6)
    assert D.feedback(1234, 1567, INSIGHT[3]) == 1 + (0b0001 << 6) + (0b1110 << 10)
    for code, guess in random_pairs(5_000, seed=4):
        bulls, cows = ref_bulls_cows(code, guess)
        for erudition in (1, 2, 3):
            fb = D.feedback(code, guess, INSIGHT[erudition])
            assert (D.fb_bulls(fb), D.fb_cows(fb)) == (bulls, cows)
            right = ref_right_positions(code, guess) if erudition >= 2 else 0
            absent = ref_absent(code, guess) if erudition >= 3 else 0
            assert D.fb_right(fb) == right
            assert D.fb_absent(fb) == absent
            assert fb == bulls | cows << 3 | right << 6 | absent << 10
            assert D.is_open(fb) == (code == guess)
    for erudition in (1, 2, 3):
        assert D.is_open(D.feedback(5012, 5012, INSIGHT[erudition]))


# --- GAP-5: random codes -----------------------------------------------------------------------


@njit(cache=True)
def draw_codes(n, seed):
    rng = np.zeros(2, np.uint64)
    seed_streams(rng, np.uint64(seed), 0)
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = D.random_code(rng, 1)
    return out


def test_GAP_5_random_code_is_valid_and_uniform():
    """504,000 draws: all valid; every digit in every position within 0.1 +- 0.003 (about 7
    standard deviations of 0.00042); per-code counts pass a chi-square bound of mean + 6 sd."""
    n = 504_000
    drawn = draw_codes(n, 7)
    assert all(D.is_valid_code(c) for c in np.unique(drawn))
    index = np.searchsorted(D.CODES, drawn)  # CODES is sorted: a code's index
    assert (D.CODES[np.minimum(index, D.N_CODES - 1)] == drawn).all()
    for i, place in enumerate((1000, 100, 10, 1)):
        freq = np.bincount((drawn // place) % 10, minlength=10) / n
        assert np.abs(freq - 0.1).max() < 0.003, (i, freq)
    counts = np.bincount(index, minlength=D.N_CODES)
    expected = n / D.N_CODES
    chi2 = ((counts - expected) ** 2 / expected).sum()
    dof = D.N_CODES - 1
    assert chi2 < dof + 6 * np.sqrt(2 * dof), chi2


# --- the code-breaking helper ------------------------------------------------------------------

MAX_TRIES = 64


@njit(cache=True)
def open_every_code(insight, seed):
    """Attempts the helper needs to open each of the 5,040 codes (by index), -1 if it failed:
    an invalid or repeated guess, the true code dropped from the set, or MAX_TRIES reached."""
    rng = np.zeros(1, np.uint64)
    cand = np.zeros(CB.N_WORDS, np.int64)
    out = np.zeros(D.N_CODES, np.int64)
    for i in range(D.N_CODES):
        code = D.code_at(i)
        seed_streams(rng, np.uint64(seed), i)
        CB.reset(cand)
        n = 0
        ok = True
        while n < MAX_TRIES:
            before = CB.count(cand)
            g = CB.next_guess(cand, rng, 0)
            n += 1
            if g < 0 or not D.is_valid_code(g):
                ok = False
                break
            fb = D.feedback(code, g, insight)
            if D.is_open(fb):
                break
            CB.update(cand, g, fb, insight)
            if CB.is_possible(cand, D.code_index(g)) or not CB.is_possible(cand, i):
                ok = False
                break
            if CB.count(cand) >= before:
                ok = False
                break
        out[i] = n if ok and n < MAX_TRIES else -1
    return out


@cache
def attempts(erudition: int) -> np.ndarray:
    return open_every_code(INSIGHT[erudition], 11)


# measured with seed 11: Erudition 1 mean 5.47, max 8 (9 with some seeds); 2: 4.87, 8; 3: 4.26, 7
MAX_ATTEMPTS = {1: 10, 2: 9, 3: 8}
MAX_MEAN = {1: 5.6, 2: 5.0, 3: 4.4}


def check_opens_every_code(erudition):
    a = attempts(erudition)
    assert (a > 0).all(), np.flatnonzero(a <= 0)[:10]
    assert a.max() <= MAX_ATTEMPTS[erudition], np.bincount(a)
    assert a.mean() <= MAX_MEAN[erudition], a.mean()


def test_CODE_1_solver_opens_every_code_with_bulls_and_cows():
    check_opens_every_code(1)


def test_CODE_2_solver_opens_every_code_with_right_positions():
    check_opens_every_code(2)


def test_CODE_3_solver_opens_every_code_with_absent_digits():
    check_opens_every_code(3)


def test_CODE_2_CODE_3_more_erudition_never_needs_more_attempts_on_average():
    means = [attempts(e).mean() for e in (1, 2, 3)]
    assert means[0] > means[1] > means[2], means


@pytest.mark.parametrize("erudition", [1, 2, 3])
def test_CODE_1_replayed_attempts_rebuild_the_candidates(erudition):
    """One packed cell per entry is enough memory: replaying them gives the same set as
    updating entry by entry; the set only ever holds codes consistent with every feedback."""
    rng = np.zeros(1, np.uint64)
    for game, code in enumerate((123, 9876, 5012, 4739)):
        seed_streams(rng, np.uint64(5), game)
        cand = np.zeros(CB.N_WORDS, np.int64)
        rebuilt = np.zeros(CB.N_WORDS, np.int64)
        cells = np.zeros(16, np.int64)
        CB.reset(cand)
        assert CB.count(cand) == D.N_CODES
        history = []
        for n in range(16):
            g = CB.next_guess(cand, rng, 0)
            fb = D.feedback(code, g, INSIGHT[erudition])
            if D.is_open(fb):
                break
            CB.update(cand, g, fb, INSIGHT[erudition])
            history.append((g, fb))
            cells[n] = CB.pack_attempt(g, fb, INSIGHT[erudition])
            CB.replay(rebuilt, cells, n + 1)
            assert (rebuilt == cand).all()
            possible = [c for i, c in enumerate(ALL_CODES) if CB.is_possible(cand, i)]
            consistent = [
                c
                for c in ALL_CODES
                if all(D.feedback(c, h, INSIGHT[erudition]) == f for h, f in history)
            ]
            assert possible == consistent and code in possible
        else:
            pytest.fail("not opened in 16 attempts")

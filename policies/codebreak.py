"""Cracking a door code from the feedback of one's own entries (CODE-1..3, GAP-25).

A policy keeps, per door, the set of codes still consistent with every feedback it has had: a
bitmask over the 5,040 code indices of balance.kernel.public (bit i & 63 of word i >> 6 stands for
the code of index i, public.code_at(i) == public.CODES[i]), in N_WORDS = 79 int64 words (bits
5040..5055 of the last word stay 0). Nothing here sees the true code: `update` reads only the
guess, the packed feedback and what the enterer was shown (his insight, public.SHOWS_* bits, which
goes by his Erudition: locks.code_insight), and keeps exactly the codes that would have given that
same feedback.

Strategy (`next_guess`): a code drawn uniformly among those still possible. Every guess is
consistent with all feedback so far, so it is either right or removes itself (and every code it
cannot be told apart from): the set shrinks at each wrong entry and the door always opens.
Measured over all 5,040 codes (tests/test_doors.py): mean / max attempts about 5.46 / 9 at
Erudition 1, 4.87 / 8 at Erudition 2 and 4.27 / 7 at Erudition 3. Cost: one `update` evaluates
the feedback of every still-possible code (at most 5,040, about 0.1 ms).

Memory: 79 cells per door. A policy that cannot spare them can instead keep one cell per entry
(`pack_attempt`) and rebuild the set into a scratch array with `replay` before guessing; or, with
no scratch array at all (compiled policy code allocates none), test each code against the packed
entries as it goes (`unpack_attempt`: policies.doors_play does).
"""

import numpy as np
from balance.kernel.public import CODES, N_CODES, feedback
from balance.compile.jit import compiled
from balance.kernel.rng import below

N_WORDS = (N_CODES + 63) // 64  # 79
_LAST_BITS = N_CODES - 64 * (N_WORDS - 1)  # 48 codes in the last word
_ATTEMPT_FB_SHIFT = 14  # a packed guess is < 10,000 < 2**14; a packed feedback < 2**14
_ATTEMPT_INSIGHT_SHIFT = 28


@compiled
def reset(candidates):
    """Every code possible again (a new door, or nothing learned yet)."""
    for w in range(N_WORDS - 1):
        candidates[w] = -1  # all 64 bits
    candidates[N_WORDS - 1] = (np.int64(1) << _LAST_BITS) - 1


@compiled
def _popcount64(x):
    """Set bits of an int64 word (SWAR on its unsigned view)."""
    v = np.uint64(x)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@compiled
def count(candidates):
    """How many codes are still possible."""
    n = np.int64(0)
    for w in range(N_WORDS):
        n += _popcount64(candidates[w])
    return n


@compiled
def is_possible(candidates, index):
    """True if the code of index `index` is still possible."""
    return (candidates[index >> 6] >> (index & 63)) & 1 == 1


@compiled
def next_guess(candidates, rng, k):
    """A code drawn uniformly among those still possible (stream k of rng), or -1 if none is
    (only after feedback that no code could give, e.g. a corrupted memory: then `reset`)."""
    n = count(candidates)
    if n == 0:
        return np.int64(-1)
    r = below(rng, k, n)  # the r-th possible code in index order
    for w in range(N_WORDS):
        word = candidates[w]
        c = _popcount64(word)
        if r >= c:
            r -= c
            continue
        for b in range(64):
            if (word >> b) & 1:
                if r == 0:
                    return CODES[w * 64 + b]
                r -= 1
    return np.int64(-1)  # unreachable


@compiled
def update(candidates, guess, fb, insight):
    """Keep only the codes that would have given feedback `fb` to an enterer with this insight
    entering `guess` (CODE-1 bulls and cows; CODE-2 positions; CODE-3 absences)."""
    for w in range(N_WORDS):
        rest = candidates[w]
        wrong = np.int64(0)
        while rest != 0:  # each set bit, lowest first
            low = rest & -rest
            if feedback(CODES[w * 64 + _popcount64(low - 1)], guess, insight) != fb:
                wrong |= low
            rest ^= low
        candidates[w] &= ~wrong


@compiled
def pack_attempt(guess, fb, insight):
    """One memory cell for one entry: guess | feedback << 14 | insight << 28."""
    return guess | (fb << _ATTEMPT_FB_SHIFT) | (np.int64(insight) << _ATTEMPT_INSIGHT_SHIFT)


@compiled
def replay(candidates, attempts, n):
    """Rebuild the possible set from the first n packed attempts (see `pack_attempt`)."""
    reset(candidates)
    for a in range(n):
        guess, fb, insight = unpack_attempt(attempts[a])
        update(candidates, guess, fb, insight)


@compiled
def unpack_attempt(cell):
    """(guess, feedback, insight) of a `pack_attempt` cell."""
    mask = (np.int64(1) << _ATTEMPT_FB_SHIFT) - 1
    return cell & mask, (cell >> _ATTEMPT_FB_SHIFT) & mask, cell >> _ATTEMPT_INSIGHT_SHIFT

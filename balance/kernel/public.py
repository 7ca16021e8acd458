"""What the policies may know of the rules besides their parameters (balance.kernel.params), the
codes (balance.codes) and the observation (balance.observation): the layout of a declaration and
the args that pack several values, the fuel a generator burns, the fields of the Thing's part of
the observation, the marks of the frost bands, and the door codes with the feedback an entry
gives. The kernel reads them from here too: one definition of each, shared by the rules and the
policies. Nothing here reads a game's state."""

from itertools import permutations

import numpy as np

from balance import codes
from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.kernel.rng import below


# --- decl: the last axis of a declaration ---
D_ACTION = 0
D_TARGET = 1
D_ARG = 2
D_COST = 3  # the AP it cost, filled in by actions.declare (policies fill the first three)


# --- args that pack several values (the kernel unpacks them) ---

N_SOURCES = 5  # where an inserted sample comes from: hand 0 or 1, backpack slot 0..2 (2 + k)


@compiled
def pack_insert(source, label):
    """A_LAB_INSERT's arg: the sample in `source` (hand 0/1, backpack slot 2 + k) gets `label`."""
    return source + 8 * label


@compiled
def insert_source(arg):
    return arg & 7


@compiled
def insert_label(arg):
    return arg >> 3


_CODE_FIELD = 16383  # 14 bits: a code + 1, 0 to keep the room's code
_WHO_SHIFT = 18


@compiled
def pack_card_access(owner, rooms):
    """T_CARD_ACCESS's arg: the card of `owner` will open exactly the rooms of bitmask `rooms`."""
    return owner | (rooms << 4)


@compiled
def pack_edit(room, code, who):
    """T_EDIT_ROOM's arg: room's new code (-1: keep it) and the owners whose cards may enter
    (bitmask; -1: keep who may)."""
    return room | ((code + 1) << 4) | ((who + 1) << _WHO_SHIFT)


@compiled
def edit_room(arg):
    return arg & 15


@compiled
def edit_code(arg):
    return ((arg >> 4) & _CODE_FIELD) - 1


@compiled
def edit_who(arg):
    return (arg >> _WHO_SHIFT) - 1


@compiled
def pack_order(action, target, arg):
    """ARCH-QUEEN-1, GAP-42: the forced declaration in one arg (codes.ORDER_*)."""
    return (
        action
        | ((target + 1) << codes.ORDER_TARGET_SHIFT)
        | ((arg + codes.ORDER_ARG_OFFSET) << codes.ORDER_ARG_SHIFT)
    )


@compiled
def unpack_order(packed):
    """(action, target, arg) of an Order's arg."""
    mask = (1 << codes.ORDER_TARGET_SHIFT) - 1
    action = packed & mask
    target = ((packed >> codes.ORDER_TARGET_SHIFT) & ((1 << 8) - 1)) - 1
    arg = (packed >> codes.ORDER_ARG_SHIFT) - codes.ORDER_ARG_OFFSET
    return action, target, arg


# --- talk (GAP-64) ---
CLAIM_FIELD_BITS = 5  # a subject (a character, a room or a block) and a pair's label + 1 (<= 18)
CLAIM_PROOF_BITS = 3


@compiled
def pack_claim(subject, proof, pair):
    """A_SAY's and A_RADIO_SPEAK's arg: the claim's subject, its proof (codes.PROOF_*) and, for
    a blood test, the pair (the other sample's label; -1 for none)."""
    return (
        subject
        | (proof << CLAIM_FIELD_BITS)
        | ((pair + 1) << (CLAIM_FIELD_BITS + CLAIM_PROOF_BITS))
    )


@compiled
def unpack_claim(arg):
    """(subject, proof, pair) of a claim's arg."""
    field = (1 << CLAIM_FIELD_BITS) - 1
    subject = arg & field
    proof = (arg >> CLAIM_FIELD_BITS) & ((1 << CLAIM_PROOF_BITS) - 1)
    pair = ((arg >> (CLAIM_FIELD_BITS + CLAIM_PROOF_BITS)) & field) - 1
    return subject, proof, pair


# --- generators ---


@compiled
def burn_per_turn(ip):
    """GEN-2, GAP-17: the fuel a running generator burns a turn, by the reading of the rules
    chosen (generator.burn_reading): the setup table's amount for the player count, or the
    generator text's flat amount at every count."""
    return ip[P.I_FLAT_BURN] if ip[P.I_BURN_READING] == 1 else ip[P.I_BURN]


# --- frostbite ---


@compiled
def band_marks(ip, felt, parka):
    """FROST-2, GAP-47: the marks of the band covering this felt temperature, with or without a
    parka (a public rule: the policies reckon their own marks with it)."""
    n_bands = ip[P.I_N_BANDS]
    # the floors fall strictly (config), so the band is how many floors lie above felt: counted
    # without a branch, as the felt temperature's band varies from call to call
    band = 0
    for k in range(n_bands - 1):  # colder than the last floor still counts in the last band
        band += felt < ip[P.I_BAND_FLOOR + k]
    return ip[P.I_BAND_PARKA + band] if parka else ip[P.I_BAND_BARE + band]


# Door codes and the feedback of a wrong entry (A13: CODE-1..3; GAP-5, GAP-25).
#
# Representation (one int64 per code, so the kernel keeps the 3 door codes in an int64 array):
# a code is its 4 digits packed base 10, leftmost digit first, as the number written on the
# keypad: 0123 -> 123, 9876 -> 9876. Position 0 is the leftmost digit, position 3 the rightmost.
# A valid code has 4 different digits 0-9, leading 0 allowed (CODE-1, GAP-5): 10*9*8*7 = 5,040
# codes. Guesses are codes too: an entry is 4 different digits (the model's enterers never key in
# a repeated digit; the functions below assume it).
#
# Code index: the 5,040 codes ranked in increasing numeric order (index 0 = 0123, index
# 5039 = 9876); `code_at` unranks, `code_index` ranks. This is the lexicographic order of the digit
# permutations, so unranking is a mixed-radix number with place values 504, 56, 7, 1.
#
# Position masks: bit i (value 1 << i) stands for position i, leftmost digit = bit 0.
#
# Feedback (what the enterer learns from one entry, CODE-1..3), packed into one int64:
#     bulls                     bits 0-2   digits in the right position (CODE-1); 4 = the door opens
#     cows            << 3      bits 3-5   digits in the code but in the wrong position (CODE-1)
#     right positions << 6      bits 6-9   which positions are right, if the enterer is shown them
#                                          (SHOWS_POSITIONS: CODE-2, STAT-ERUD-1), else 0
#     absent digits   << 10     bits 10-13 which entered digits (by position in the guess) are
#                                          not in the code, if he is shown them (SHOWS_ABSENT:
#                                          CODE-3, STAT-ERUD-2), else 0
# What an enterer is shown goes by his Erudition against the config's thresholds
# (doors.positions_erudition, 2, and doors.absent_erudition, 3: locks.code_insight).
# For example code 1234, guess 1243: bulls 2, cows 2, right positions 0b0011, absent 0b0000, so
# feedback = 2 + (2 << 3) = 18 shown neither and 18 + (3 << 6) = 210 shown the positions. The right
# code gives bulls = 4 (and mask 0b1111 if the positions are shown): `is_open` tests that.
N_CODES = 5040  # 10 * 9 * 8 * 7 codes of 4 different digits (GAP-5)
N_DIGITS = 4
FB_COWS_SHIFT = 3
FB_RIGHT_SHIFT = 6
FB_ABSENT_SHIFT = 10
OPEN_BULLS = 4
SHOWS_POSITIONS = 1  # an enterer's insight (a bitmask): the right positions (CODE-2)
SHOWS_ABSENT = 2  # the entered digits absent from the code (CODE-3)

# Every code by index, for loops over all codes (a global array is a compile-time constant in
# numba). Lexicographic permutations of the digit characters are in increasing numeric order,
# so CODES[i] == code_at(i) (tested).
CODES = np.array([int("".join(p)) for p in permutations("0123456789", N_DIGITS)], dtype=np.int64)


# --- packing -----------------------------------------------------------------------------------


@compiled
def digit(code, i):
    """The digit at position i of a packed code (position 0 = leftmost)."""
    if i == 0:
        return code // 1000
    if i == 1:
        return (code // 100) % 10
    if i == 2:
        return (code // 10) % 10
    return code % 10


@compiled
def pack_code(d0, d1, d2, d3):
    """The packed code with digits d0 d1 d2 d3 (d0 leftmost)."""
    return np.int64(((d0 * 10 + d1) * 10 + d2) * 10 + d3)


@compiled
def digit_set(code):
    """The 10-bit mask of the digits in `code` (bit d = digit d)."""
    return (
        (np.int64(1) << (code // 1000))
        | (np.int64(1) << ((code // 100) % 10))
        | (np.int64(1) << ((code // 10) % 10))
        | (np.int64(1) << (code % 10))
    )


@compiled
def popcount4(m):
    """The number of set bits of a mask below 16."""
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1)


@compiled
def popcount10(m):
    """The number of set bits of a mask below 1024."""
    return popcount4(m & 15) + popcount4((m >> 4) & 15) + ((m >> 8) & 1) + ((m >> 9) & 1)


@compiled
def is_valid_code(code):
    """True if `code` packs 4 different digits 0-9 (CODE-1)."""
    if code < 0 or code > 9999:
        return False
    return popcount10(digit_set(code)) == N_DIGITS


# --- ranking -----------------------------------------------------------------------------------


@compiled
def code_at(index):
    """The code of rank `index` in 0..5039 (increasing numeric order), by arithmetic unranking
    (loops over many codes read the same values from CODES, which is faster)."""
    free = np.int64(1023)  # digits not used yet
    code = np.int64(0)
    place = np.int64(504)  # 9*8*7, then 8*7, 7, 1
    left = np.int64(9)  # radix of the next position after this one
    rest = index
    for _ in range(N_DIGITS):
        j = rest // place
        rest = rest % place
        d = 0
        while True:  # the j-th free digit, smallest first
            if (free >> d) & 1:
                if j == 0:
                    break
                j -= 1
            d += 1
        free &= ~(np.int64(1) << d)
        code = code * 10 + d
        if left > 6:
            place = place // left
            left -= 1
    return code


@compiled
def code_index(code):
    """The rank 0..5039 of a valid code (the inverse of `code_at`)."""
    free = np.int64(1023)
    index = np.int64(0)
    place = np.int64(504)
    left = np.int64(9)
    for i in range(N_DIGITS):
        d = digit(code, i)
        index += popcount10(free & ((np.int64(1) << d) - 1)) * place
        free &= ~(np.int64(1) << d)
        if left > 6:
            place = place // left
            left -= 1
    return index


@compiled
def random_code(rng, k):
    """A code drawn uniformly among the 5,040 (GAP-5), from stream k of rng."""
    return code_at(below(rng, k, N_CODES))


# --- feedback of a wrong entry -----------------------------------------------------------------


@compiled
def right_positions(code, guess):
    """CODE-2: the 4-bit mask of positions where guess has the code's digit."""
    m = np.int64(0)
    for i in range(N_DIGITS):
        if digit(code, i) == digit(guess, i):
            m |= np.int64(1) << i
    return m


@compiled
def absent_digits(code, guess):
    """CODE-3: the 4-bit mask of guess positions whose digit is not in the code at all."""
    present = digit_set(code)
    m = np.int64(0)
    for i in range(N_DIGITS):
        if (present >> digit(guess, i)) & 1 == 0:
            m |= np.int64(1) << i
    return m


@compiled
def bulls_cows(code, guess):
    """CODE-1: (digits in the right position, digits in the code but elsewhere)."""
    bulls = popcount4(right_positions(code, guess))
    common = popcount10(digit_set(code) & digit_set(guess))
    return bulls, common - bulls


@compiled
def feedback(code, guess, insight):
    """What an enterer with this insight (SHOWS_* bits) learns from entering `guess` at a door
    with `code`, packed as the module docstring says (CODE-1; CODE-2; CODE-3)."""
    right = right_positions(code, guess)
    bulls = popcount4(right)
    common = popcount10(digit_set(code) & digit_set(guess))
    fb = bulls | ((common - bulls) << FB_COWS_SHIFT)  # CODE-1
    if insight & SHOWS_POSITIONS:
        fb |= right << FB_RIGHT_SHIFT  # CODE-2, STAT-ERUD-1
    if insight & SHOWS_ABSENT:
        fb |= absent_digits(code, guess) << FB_ABSENT_SHIFT  # CODE-3, STAT-ERUD-2
    return fb


@compiled
def fb_bulls(fb):
    return fb & 7


@compiled
def fb_cows(fb):
    return (fb >> FB_COWS_SHIFT) & 7


@compiled
def fb_right(fb):
    return (fb >> FB_RIGHT_SHIFT) & 15


@compiled
def fb_absent(fb):
    return (fb >> FB_ABSENT_SHIFT) & 15


@compiled
def is_open(fb):
    """True if the entry was the right code (CODE-1: the door opens)."""
    return fb & 7 == OPEN_BULLS

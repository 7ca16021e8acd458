"""Getting into a locked room without a card: door codes for the `expert` humans (DOOR-1,
ACT-CODE, CODE-1..3, GAP-5, GAP-25), if `door_codes`.

Every character's card opens one of the three rooms that start locked (GAP-5: the Arsenal, the
Laboratory, the hangar; one card opens all), so two humans in three find the Arsenal shut to
them, and the errands gave it up. Here such a human keys in codes instead, cracking each door
from the feedback of his own entries (policies.codebreak), and keeps the code once it opened.

Where: at the door from a room next to it, a room of the same block rather than the Street
(-45, TEMP-4: frostbite while he keys in), the nearest such room he can get into; from the
Street only if there is none.

How many a turn (GAP-25: a turn's entries are declared together, so only next turn's guesses
use their feedback; a code costs 1 AP, `doors.code_ap`, a move 2, 1 at Initiative 3): while more
than three codes are still possible, as many entries as the AP allow and no move; then the
entries that leave the AP for the move, and the move, which goes through if one of them opens
the door (the move's door is checked as it resolves, after step 0). Over the 5,040 codes this
gets him in in about 3 turns (2.8 to 3.1 by Erudition, mean of 150 codes each; 4 at most), where
one entry and the move every turn take 4 to 5. A known code and the move take one turn.

Memory (cells of the expert humans' range, policies.memory.M_EXPERT_HUMANS):
- H_DOOR_CODES: the codes that opened a door for me, 15 bits per room that starts locked
  (doors.locked_rooms, by rank among them), code + 1 (0: not known)
- H_CRACK: the door I am cracking: room + 1, plus 16 times the entries kept for it
- H_ENTRIES..: those entries, one cell each (codebreak.pack_attempt): the set of the codes still
  possible is rebuilt from them when I guess (codebreak.count_fitting), as compiled policy code
  has no scratch array for codebreak's 79-word set. Past N_ENTRIES entries, later feedback is
  not kept, and he enters one code and the move a turn until it opens.
- H_PISTOLS_SEEN: the others I saw holding a pistol (LIGHT-1: hands are seen in light): once
  they are as many as the Arsenal held (LOC-ARSENAL-1, stock.pistols), it is taken for empty and
  its code is not worth cracking (in play the cardholders empty it in the first turns);
- H_DARK_ARSENAL: the last turn I stood in the Arsenal without seeing (its pistols cannot be
  seen or taken in the dark: LIGHT-2); the code is not keyed in again for DARK_WAIT turns, or
  he would go in and out every turn.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.kernel.public import (
    CODES,
    FB_ABSENT_SHIFT,
    FB_COWS_SHIFT,
    FB_RIGHT_SHIFT,
    N_CODES,
    SHOWS_ABSENT,
    SHOWS_POSITIONS,
    is_open,
)
from balance.observation import (
    O_AP,
    O_CODE_FEEDBACK,
    O_CODE_GUESS,
    O_CODE_ROOM,
    O_DOOR,
    O_ERUDITION,
    O_HELD,
    O_HERE,
    O_MOVE_AP,
    O_ROOM,
    O_SEES,
    O_SELF,
    O_TURN,
)
from policies.codebreak import pack_attempt, unpack_attempt
from policies.common import card_for, emit, hops
from policies.humans import go
from policies.memory import M_EXPERT_HUMANS, M_LOCKED
from policies.things import enterable_rooms

H_PISTOLS_SEEN = M_EXPERT_HUMANS + 45
H_DARK_ARSENAL = M_EXPERT_HUMANS + 47
H_DOOR_CODES = M_EXPERT_HUMANS + 48
H_CRACK = M_EXPERT_HUMANS + 49
H_ENTRIES = M_EXPERT_HUMANS + 50
N_ENTRIES = 14  # cells 50..63 of the expert humans' 64: about 9 entries crack a door at worst
CODE_BITS = 15
DARK_WAIT = 6  # turns a card-less human stays away from an Arsenal he found dark
FEW = 3  # codes still possible at which he keys in with the move (see the module's docstring)


# --- the codes still possible, from the packed entries alone (no scratch array) -------------

PLACES = (1000, 100, 10, 1)  # position i of a packed code (kernel.public), leftmost first
SPREAD_MAX = 4  # codes spread_fitting returns at most, 14 bits each
SPREAD_BITS = 14


@compiled
def answer(code, guess, shown):
    """What the keypad of a door with `code` answers an entry of `guess` (CODE-1..3, the public
    packing of kernel.public.feedback, worked out here from the digits: a policy reckoning the
    rules it knows)."""
    present = 0
    for i in range(4):
        present |= 1 << ((code // PLACES[i]) % 10)
    right, common, absent = 0, 0, 0
    for i in range(4):
        g = (guess // PLACES[i]) % 10
        if g == (code // PLACES[i]) % 10:
            right |= 1 << i
        if (present >> g) & 1 == 1:
            common += 1
        else:
            absent |= 1 << i
    bulls = (right & 1) + ((right >> 1) & 1) + ((right >> 2) & 1) + ((right >> 3) & 1)
    fb = bulls | ((common - bulls) << FB_COWS_SHIFT)
    if shown & SHOWS_POSITIONS:
        fb |= right << FB_RIGHT_SHIFT
    if shown & SHOWS_ABSENT:
        fb |= absent << FB_ABSENT_SHIFT
    return fb


@compiled
def fits(cells, first, n, code):
    """`code` would have given each of the n packed entries cells[first:first + n] (codebreak's
    pack_attempt) its feedback (CODE-1..3)."""
    for a in range(n):
        guess, fb, shown = unpack_attempt(cells[first + a])
        if answer(code, guess, shown) != fb:
            return False
    return True


@compiled
def count_fitting(cells, first, n):
    """How many codes are still possible after the n packed entries from cells[first]: about
    5,040 feedbacks, as most codes fail the first entry."""
    found = np.int64(0)
    for i in range(N_CODES):
        if fits(cells, first, n, CODES[i]):
            found += 1
    return found


@compiled
def spread_fitting(cells, first, n, possible, r, stride, k):
    """Up to SPREAD_MAX codes still possible after the n packed entries from cells[first]: those
    of ranks r, r + stride, ... (mod `possible`, their count_fitting), k of them, in one pass
    over the codes; packed code + 1 per SPREAD_BITS bits, lowest first (`spread_code`)."""
    k = min(k, SPREAD_MAX)
    packed = np.int64(0)
    got = 0
    if n == 0:  # nothing learned yet: the code of each rank
        for j in range(k):
            packed |= (CODES[(r + j * stride) % N_CODES] + 1) << (SPREAD_BITS * j)
        return packed
    i = np.int64(0)  # rank of the next fitting code
    for c in range(N_CODES):
        if got == k:
            break
        if not fits(cells, first, n, CODES[c]):
            continue
        off = (i - r) % possible
        if off % stride == 0 and off // stride < k:
            packed |= (CODES[c] + 1) << (SPREAD_BITS * got)
            got += 1
        i += 1
    return packed


@compiled
def spread_code(packed, j):
    """The j-th code of a spread_fitting answer, or -1."""
    return ((packed >> (SPREAD_BITS * j)) & ((np.int64(1) << SPREAD_BITS) - 1)) - 1


@compiled
def insight(obs, ip):
    """What my entries show beyond bulls and cows, by my Erudition (CODE-2, CODE-3: the public
    thresholds doors.positions_erudition and doors.absent_erudition)."""
    shown = 0
    if obs[O_ERUDITION] >= ip[P.I_POSITIONS_ERUDITION]:
        shown |= SHOWS_POSITIONS
    if obs[O_ERUDITION] >= ip[P.I_ABSENT_ERUDITION]:
        shown |= SHOWS_ABSENT
    return shown


@compiled
def lock_rank(ip, room):
    """The rank of `room` among the rooms that start locked (GAP-5), or -1."""
    locked = ip[P.I_LOCKED_ROOMS]
    if (locked >> room) & 1 == 0:
        return -1
    rank = 0
    for r in range(room):
        rank += (locked >> r) & 1
    return rank if rank < 64 // CODE_BITS else -1


@compiled
def known_code(mem, ip, room):
    """The code that opened the door of `room` for me, or -1."""
    k = lock_rank(ip, room)
    if k < 0:
        return -1
    return ((mem[H_DOOR_CODES] >> (CODE_BITS * k)) & ((1 << CODE_BITS) - 1)) - 1


@compiled
def keep_code(mem, ip, room, code):
    """Remember (code >= 0) or forget (code = -1) the code of `room`."""
    k = lock_rank(ip, room)
    if k < 0:
        return
    shift = CODE_BITS * k
    mem[H_DOOR_CODES] = (mem[H_DOOR_CODES] & ~(((1 << CODE_BITS) - 1) << shift)) | (
        (code + 1) << shift
    )


@compiled
def fold_entries(obs, mem, ip):
    """ACT-CODE: last turn's entries and what the keypad answered (the enterer's observation,
    the next turn only): a code that opened is kept; a kept code that did not is forgotten (the
    Tower's terminal can change it: LOC-TOWER-4); the feedback of the others is kept for the
    door being cracked. Entries answered by nothing (no code, a lockdown) teach nothing."""
    crack = mem[H_CRACK] % 16 - 1
    kept = mem[H_CRACK] // 16
    if obs[O_ROOM] == codes.ARSENAL and obs[O_SEES] == 0:
        mem[H_DARK_ARSENAL] = obs[O_TURN]
    others = obs[O_HERE] & ~(1 << obs[O_SELF])
    while others != 0:
        d = trailing_zeros(others)
        others &= others - 1
        if obs[O_HELD + 2 * d] == codes.PISTOL or obs[O_HELD + 2 * d + 1] == codes.PISTOL:
            mem[H_PISTOLS_SEEN] |= 1 << d
    for j in range(codes.MAX_DECLARED):
        room = obs[O_CODE_ROOM + j]
        fb = obs[O_CODE_FEEDBACK + j]
        if room < 0 or fb < 0:
            continue
        guess = obs[O_CODE_GUESS + j]
        if is_open(fb):
            keep_code(mem, ip, room, guess)
            if room == crack:
                crack, kept = -1, 0
        else:
            if known_code(mem, ip, room) == guess:
                keep_code(mem, ip, room, -1)
            if room == crack and kept < N_ENTRIES:
                mem[H_ENTRIES + kept] = pack_attempt(guess, fb, insight(obs, ip))
                kept += 1
    mem[H_CRACK] = crack + 1 + 16 * kept


@compiled
def door_room(obs, mem, ip, next_hop, room_block, dest):
    """The room to key in dest's code from: here if next to it and not the Street; else the
    nearest room of dest's block I can get into (DOOR-1); else the Street."""
    here = obs[O_ROOM]
    if here != codes.STREET and (ip[P.I_ADJACENT + here] >> dest) & 1 == 1:
        return here
    rooms = enterable_rooms(obs, mem)
    best, best_hops = codes.STREET, codes.N_ROOMS + 1
    for r in range(codes.N_INDOOR):
        if r == dest or room_block[r] != room_block[dest] or (rooms >> r) & 1 == 0:
            continue
        if (ip[P.I_ADJACENT + r] >> dest) & 1 == 0:
            continue
        h = hops(next_hop, here, r)
        if h < best_hops:
            best, best_hops = r, h
    return best


@compiled
def key_in(obs, mem, ip, out, n, dest):
    """At dest's door: its known code and the move; else entries from the codes still possible
    (codebreak), with the move once few are left (see the module's docstring)."""
    code = known_code(mem, ip, dest)
    if code >= 0:
        n = emit(out, n, codes.A_CODE, dest, code)
        return emit(out, n, codes.A_MOVE, dest, 0)
    if mem[H_CRACK] % 16 != dest + 1:
        mem[H_CRACK] = dest + 1  # a new door: nothing kept yet
    kept = mem[H_CRACK] // 16
    possible = count_fitting(mem, H_ENTRIES, kept) if kept > 0 else N_CODES
    if possible == 0:  # feedback no code gives (the code changed): start again
        mem[H_CRACK] = dest + 1
        kept = 0
        possible = N_CODES
    per_ap = max(1, ip[P.I_CODE_AP])
    with_move = (obs[O_AP] - obs[O_MOVE_AP]) // per_ap
    moving = with_move >= 1 and (possible <= FEW * with_move or kept >= N_ENTRIES)
    entries = with_move if moving else obs[O_AP] // per_ap
    entries = min(entries, possible, SPREAD_MAX)
    # a rank spread by who I am and how far I got, as a policy draws from no random stream
    # here; a turn's entries spread over the ranks, as codes of neighbouring ranks share digits
    # and teach little more than one of them
    r = (obs[O_SELF] * 7919 + kept * 104729 + dest * 613) % possible
    stride = max(1, possible // max(1, entries))
    guesses = spread_fitting(mem, H_ENTRIES, kept, possible, r, stride, entries)
    for j in range(entries):
        guess = spread_code(guesses, j)
        if guess >= 0:
            n = emit(out, n, codes.A_CODE, dest, guess)
    if moving:
        n = emit(out, n, codes.A_MOVE, dest, 0)
    return n


@compiled
def enter_by_code(obs, mem, ip, knobs, out, n, next_hop, room_block, dest):
    """Head for dest, keying in its code at its door if its lamp shows it locked and no card I
    carry opens it (DOOR-1, ACT-CODE); a door one's card opens, or one not locked, is gone
    through as policies.humans.go goes. -1 if I am in dest already."""
    here = obs[O_ROOM]
    if here == dest:
        return -1
    locked = (mem[M_LOCKED] >> dest) & 1 == 1 and card_for(obs, dest) < 0
    if not locked:
        return go(obs, out, n, next_hop, dest, knobs, ip)
    at = door_room(obs, mem, ip, next_hop, room_block, dest)
    if here != at:
        return go(obs, out, n, next_hop, at, knobs, ip)
    if obs[O_DOOR + dest] != codes.DOOR_LOCKED:  # unpowered, broken or free now (DOOR-3, DOOR-5)
        return emit(out, n, codes.A_MOVE, dest, 0)
    return key_in(obs, mem, ip, out, n, dest)


@compiled
def arm_by_code(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """The expert's arming (expert_humans.arm_errand) for one whose card does not open the
    Arsenal (LOC-ARSENAL-1): in by its code, unless he found it dark lately or has seen its
    pistols in others' hands. The caller checks that he wants a pistol. -1 if not the case."""
    if card_for(obs, codes.ARSENAL) >= 0 or obs[O_ROOM] == codes.ARSENAL:
        return -1
    if mem[H_DARK_ARSENAL] > 0 and obs[O_TURN] - mem[H_DARK_ARSENAL] < DARK_WAIT:
        return -1
    seen = 0
    held = mem[H_PISTOLS_SEEN]
    while held != 0:
        held &= held - 1
        seen += 1
    if seen >= ip[P.I_PISTOLS]:
        return -1
    return enter_by_code(obs, mem, ip, knobs, out, n, next_hop, room_block, codes.ARSENAL)

"""The expert humans' opening plan: who goes for the call for help before the parka and the
pistols (knobs `callers_share` and `call_from_start`; `arms_first`, the order of the parka and
the pistol, is a reordering in policies.expert_humans.errands_declare).

GAP-6: the call is made once, for 3 AP, from the Radio room while its block's generator runs and
at least one beacon is active; a beacon is switched on for 3 AP in its generator room, in light,
while that block's generator runs, and stays on while unbroken and powered. The expert Things'
warden cuts the Radio block's generator first (policies.expert_things), on turn 3 in most games
(turns 1-2 when it starts in that block), and a break (step 8) comes before the call and the
beacon (step 9). Fetching a parka and a pistol first, as everyone did, left the call to the
repairs of the dark generator room; the plan below makes it before the break where it can:

- `call_from_start`: what everyone can agree at the table, each by the room he starts in
  (GAP-4: random, and each knows his own): who starts in any generator room switches its beacon
  on at once (any active beacon serves the call: a beacon of another block is also out of the
  warden's way); who starts in the Radio block's generator room then holds it; who starts in the
  Radio room or another room of its block holds the Radio room and calls from there each turn.
- `callers_share`: besides, this share of the players (a head count at the game's player count:
  policies.HEAD_COUNTS), by index after the fuelers and the guards, do the same from wherever they
  start, the first holding the Radio room, the next its generator room, and so on in turn.

Those callers leave the parka and the pistol for after the call. The one holding the generator
room switches the beacon on (or repairs it), hinders what is done to the generator before anyone
not cleared by a blood test (ACT-HINDER-TARGET, GAP-28, as a guard does), and leaves its dark
room to the expert's repairs (tend_dark_generator_room). The one holding the Radio room calls
each turn, in any lighting (the call needs power, not light). Neither can see the other, so each
waits PATIENCE turns: a caller whose calls have not gone through goes to switch the beacon on
(and comes back at once when it is on), and a holder of the generator room who saw the beacon on
that long without the call goes to call (and comes back when his calls fail that long): naive's
beacon errand (policies.humans.beacon_errand), with the patience of two posts. Once help is
called the plan is over: the call is made once.

Memory (cells OP_* from M_EXPERT_HUMANS + 14):
- OP_START: the room I started in (my first declaration's), plus 1
- OP_MODE: the post I head for now, MODE_RADIO or MODE_POWER (0: not set yet)
- OP_SINCE: the turn I began to wait at it, plus 1 (0: not waiting)
"""

from policies.expert_knobs import K_CALLERS, K_CALL_FROM_START
from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.observation import (
    O_BEACON_ACTIVE,
    O_BEACON_BROKEN,
    O_CALL_TURN,
    O_GEN_BROKEN,
    O_GEN_FUEL,
    O_HERE,
    O_PRESENT,
    O_ROOM,
    O_SEES,
    O_SELF,
    O_TURN,
    P_LOOKS_DEAD,
    UNSEEN,
)
from policies.common import emit, is_generator_room, radio_generator_room
from policies.humans import go
from policies.knowledge import cleared
from policies.memory import M_BEACON_SEEN, M_CALL_TRIED, M_EXPERT_HUMANS


OP_START = M_EXPERT_HUMANS + 14
OP_MODE = OP_START + 1
OP_SINCE = OP_START + 2

MODE_NONE = 0
MODE_RADIO = 1  # hold the Radio room, calling each turn
MODE_POWER = 2  # hold the Radio block's generator room: its beacon and its generator

# turns a post is held without the call before its holder goes to the other post: a turn for the
# other to walk there (one move a turn: GAP-31) and one for him to act
PATIENCE = 2


@compiled
def start_room(obs, mem):
    """The room I started in (GAP-4), remembered from my first declaration."""
    if mem[OP_START] == 0:
        mem[OP_START] = obs[O_ROOM] + 1
    return mem[OP_START] - 1


@compiled
def role(obs, mem, knobs, room_block, first):
    """My post in the plan, MODE_*: by the room I started in if `call_from_start` and it is in
    the Radio room's block, else by my index among the `callers_share` callers (who come after
    the `first` indices: the fuelers and the guards), the first the Radio room's, the next its
    generator room's, in turn."""
    start = start_room(obs, mem)
    if knobs[K_CALL_FROM_START] > 0:
        if start == radio_generator_room(room_block):
            return MODE_POWER
        if room_block[start] == room_block[codes.RADIO_ROOM]:
            return MODE_RADIO
    k = obs[O_SELF] - first
    if 0 <= k < knobs[K_CALLERS]:
        return MODE_RADIO if k % 2 == 0 else MODE_POWER
    return MODE_NONE


@compiled
def can_switch_on(obs):
    """GAP-6: in a generator room I see in (Light or a flashlight), its generator running (not
    broken, fuelled), its beacon off and unbroken."""
    return (
        is_generator_room(obs[O_ROOM])
        and obs[O_SEES] == 1
        and obs[O_GEN_BROKEN] == 0
        and obs[O_GEN_FUEL] > 0
        and obs[O_BEACON_ACTIVE] == 0
        and obs[O_BEACON_BROKEN] == 0
    )


@compiled
def someone_uncleared_here(obs, mem):
    """Someone up here whom no blood test cleared: the generator is hindered before him."""
    me = obs[O_SELF]
    others = obs[O_HERE] & ~(1 << me)  # only those here: nothing is done for the absent
    found = False
    while others != 0:  # or-ed, not returned early: the loop then ends where the set does
        d = trailing_zeros(others)
        others &= others - 1
        found |= obs[O_PRESENT + d] != P_LOOKS_DEAD and not cleared(mem, d)
    return found


@compiled
def hold_radio_room(obs, mem, ip, knobs, out, n, next_hop):
    """MODE_RADIO: go to the Radio room and call each turn (GAP-6: power, not light, is needed,
    so in the dark too); PATIENCE turns of calls without the call, and I go to switch the beacon
    on myself (-1: MODE_POWER now)."""
    t = obs[O_TURN]
    if obs[O_ROOM] != codes.RADIO_ROOM:
        mem[OP_SINCE] = 0
        return go(obs, out, n, next_hop, codes.RADIO_ROOM, knobs, ip)
    if mem[OP_SINCE] == 0:
        mem[OP_SINCE] = t + 1
    if t + 1 - mem[OP_SINCE] >= PATIENCE:
        mem[OP_MODE] = MODE_POWER
        mem[OP_SINCE] = 0
        mem[M_BEACON_SEEN] = 0
        return -1
    mem[M_CALL_TRIED] = t
    return emit(out, n, codes.A_CALL, 0, 0)


@compiled
def hold_generator_room(obs, mem, ip, knobs, out, n, next_hop, room_block, post):
    """MODE_POWER: go to the Radio block's generator room; switch its beacon on, or repair it
    (ACT-REPAIR); while it is on, hinder what is done to the generator before anyone not cleared
    (ACT-HINDER-TARGET, GAP-28: the turn's AP), and wait. Dark, the room is left to the expert's
    repairs (-1). The beacon on PATIENCE turns without the call, and I go to call myself (-1:
    MODE_RADIO now); at once if my post is the Radio room (post: I came because my calls did
    not go through)."""
    t = obs[O_TURN]
    room = radio_generator_room(room_block)
    if obs[O_ROOM] != room:
        mem[OP_SINCE] = 0
        return go(obs, out, n, next_hop, room, knobs, ip)
    if obs[O_SEES] != 1 or obs[O_GEN_BROKEN] != 0 or obs[O_GEN_FUEL] <= 0:
        mem[OP_SINCE] = 0
        return -1  # tend_dark_generator_room: the generator or the fixture, or fuel
    if can_switch_on(obs):
        mem[OP_SINCE] = 0
        mem[M_BEACON_SEEN] = 1
        return emit(out, n, codes.A_BEACON, 0, 0)
    if obs[O_BEACON_BROKEN] == 1:
        mem[OP_SINCE] = 0
        return emit(out, n, codes.A_REPAIR, codes.OBJ_BEACON, 0)
    mem[M_BEACON_SEEN] = 1
    if mem[OP_SINCE] == 0:
        mem[OP_SINCE] = t + 1
    if t + 1 - mem[OP_SINCE] >= (0 if post == MODE_RADIO else PATIENCE):
        mem[OP_MODE] = MODE_RADIO
        mem[OP_SINCE] = 0
        return -1
    if someone_uncleared_here(obs, mem):
        return emit(out, n, codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)
    return n


@compiled
def call_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, first):
    """A caller's turn until help is called (see the module's docstring); -1 if I am none, or
    the call is made, or my post needs the other errands (its room dark)."""
    if knobs[K_CALLERS] <= 0 and knobs[K_CALL_FROM_START] <= 0:
        return -1
    post = role(obs, mem, knobs, room_block, first)  # first: so as to remember the start room
    if obs[O_CALL_TURN] != UNSEEN:
        return -1
    if knobs[K_CALL_FROM_START] > 0 and obs[O_ROOM] == mem[OP_START] - 1 and can_switch_on(obs):
        mem[M_BEACON_SEEN] = 1
        return emit(out, n, codes.A_BEACON, 0, 0)  # where I start, before anything else
    if post == MODE_NONE:
        return -1
    if mem[OP_MODE] == MODE_NONE:
        mem[OP_MODE] = post
    for _ in range(2):  # a post given up hands over to the other at once
        if mem[OP_MODE] == MODE_RADIO:
            m = hold_radio_room(obs, mem, ip, knobs, out, n, next_hop)
            if m >= 0 or mem[OP_MODE] == MODE_RADIO:
                return m
        else:
            m = hold_generator_room(obs, mem, ip, knobs, out, n, next_hop, room_block, post)
            if m >= 0 or mem[OP_MODE] == MODE_POWER:
                return m
    return -1

"""Helpers shared by the scripted policies. Everything here reads only the observation vector,
the policy's own memory, the public map and the public rules (ip)."""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.kernel.public import D_ACTION, D_ARG, D_TARGET
from balance.observation import (
    O_DOGS_ALIVE,
    O_DOGS_BURNED,
    O_DOGS_DEAD,
    UNSEEN,
    O_CARD,
    O_CARDS_HELD,
    O_BACKPACK_KIND,
    O_BACKPACK_FUEL,
    O_DOOR,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_ROOM,
    O_SELF,
    PERCEIVED_FIELDS,
)


@compiled
def emit(out, n, action, target, arg):
    """Append a declaration (action, target, arg) to out if there is room; returns the new count."""
    if n < out.shape[0]:
        out[n, D_ACTION] = action
        out[n, D_TARGET] = target
        out[n, D_ARG] = arg
        return n + 1
    return n


@compiled
def hand_with(obs, kind):
    """The hand slot holding an item of `kind`, or -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] == kind:
            return h
    return -1


@compiled
def fuel_hand(obs, full):
    """Hand holding a canister with fuel (full=True) or an empty one (full=False), or -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.CANISTER and (obs[O_HAND_FUEL + h] > 0) == full:
            return h
    return -1


@compiled
def backpack_slot(obs, kind):
    """The first backpack slot holding an item of `kind` (NO_ITEM: a free slot), or -1."""
    for k in range(O_BACKPACK_FUEL - O_BACKPACK_KIND):
        if obs[O_BACKPACK_KIND + k] == kind:
            return k
    return -1


@compiled
def my_repair(obs, obj):
    """The outcome of my repair roll on object obj last turn as I perceived it (the actor knows
    his act and its outcome, in any lighting: ACT-REPAIR): 1 success, 0 failure, -1 if I rolled
    none (a repair of something not broken is refused: no roll)."""
    me = obs[O_SELF]
    for j in range(obs[O_N_PERCEIVED]):
        row = O_PERCEIVED + j * PERCEIVED_FIELDS
        if obs[row] == me and obs[row + 1] == codes.E_REPAIR and obs[row + 3] == obj:
            return obs[row + 4]
    return -1


@compiled
def hops(next_hop, a, b):
    """Moves from room a to room b on a shortest path (the map is public)."""
    k = 0
    while a != b and k < codes.N_ROOMS:
        a = next_hop[a, b]
        k += 1
    return k


@compiled
def step_toward(obs, next_hop, dest):
    """The next room on a shortest path from here to dest (the map is public), or -1 if here."""
    here = obs[O_ROOM]
    if here == dest or dest < 0:
        return -1
    return next_hop[here, dest]


@compiled
def is_generator_room(r):
    return r == codes.GENERATOR_1 or r == codes.GENERATOR_2 or r == codes.GENERATOR_3


@compiled
def generator_room_of_block(room_block, b):
    for k in range(codes.N_BLOCKS):
        r = codes.GENERATOR_ROOMS[k]
        if room_block[r] == b:
            return r
    return -1


@compiled
def radio_generator_room(room_block):
    """The generator room of the Radio room's block: its power makes the call (GAP-6)."""
    return generator_room_of_block(room_block, room_block[codes.RADIO_ROOM])


@compiled
def card_for(obs, room):
    """The owner of an ID card I carry that opens `room` as I read it (my own first), or -1."""
    me = obs[O_SELF]
    held = obs[O_CARDS_HELD]
    if (held >> me) & 1 == 1 and access_opens(obs[O_CARD + me], room):
        return me
    held &= ~(1 << me)
    while held != 0:
        d = trailing_zeros(held)
        held &= held - 1
        if access_opens(obs[O_CARD + d], room):
            return d
    return -1


@compiled
def access_opens(access, room):
    """A card of this access (O_CARD) opens `room`: top access opens all."""
    return access & codes.CARD_TOP_BIT != 0 or (access >> room) & 1 == 1


@compiled
def card_rooms(obs):
    """Bitmask of the rooms the ID cards I carry open, as I read them (top access: all)."""
    rooms = 0
    held = obs[O_CARDS_HELD]
    while held != 0:
        d = trailing_zeros(held)
        held &= held - 1
        access = obs[O_CARD + d]
        rooms |= codes.LOCKABLE_ROOMS if access & codes.CARD_TOP_BIT != 0 else access
    return rooms


@compiled
def move_through(obs, out, n, hop):
    """Move into the next room; if its lamp shows it locked, first open it with a card that has
    access (ACT-IDCARD: free, and it must be the same turn: GAP-25)."""
    if obs[O_DOOR + hop] == codes.DOOR_LOCKED:
        n = open_with_card(obs, out, n, hop)
    return emit(out, n, codes.A_MOVE, hop, 0)


@compiled
def open_with_card(obs, out, n, room):
    """ACT-IDCARD at the door of `room` with a card I carry that opens it, if I have one."""
    card = card_for(obs, room)
    return emit(out, n, codes.A_IDCARD, room, card) if card >= 0 else n


@compiled
def dog_to_sample(obs):
    """A dog whose blood can be taken: alive or dead, not burned (LOC-KENNEL-2); in the dark,
    dog 0 on trust."""
    if obs[O_DOGS_ALIVE] == UNSEEN:
        return 0
    usable = (obs[O_DOGS_ALIVE] | obs[O_DOGS_DEAD]) & ~obs[O_DOGS_BURNED]
    for d in range(codes.N_DOGS):
        if (usable >> d) & 1 == 1:
            return d
    return -1


@compiled
def canister_hand(obs, ip, enough):
    """A hand holding a canister with a burning's fuel (enough) or with less (not enough), or
    -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.CANISTER and (
            (obs[O_HAND_FUEL + h] >= ip[P.I_BURN_FUEL]) == enough
        ):
            return h
    return -1

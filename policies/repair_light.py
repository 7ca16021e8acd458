"""Light for the repairs made in the dark, for the `expert` humans (ACT-REPAIR, LIGHT-2, LIGHT-3,
ITEM-FLASHLIGHT), if `dark_repairs`.

A repair succeeds 50% of the time bare-handed and half that in the dark (ACT-REPAIR, LIGHT-2).
A broken generator darkens its own room, and a stopped block darkens the Fuel room with the pump,
so most repairs are made in the dark: over 60 games at 12 players (seed 1), 653 of the 1,063
repair declarations were a generator's or the pump's in the dark, bare-handed, without a
flashlight, succeeding 24% of the time; a failure hurts 3 times in 10 (58 HP lost, about one a
game). A flashlight switched on in hand makes the room Flashlight-lit (LIGHT-3), where the repair
has its full chance, for everyone there. There are five (LOC-WAREHOUSE-3); a turn of play finds
about 1.6 of them lying in the Warehouse, dropped there to free a hand for a box
(expert_humans.free_a_hand), 0.9 elsewhere on a floor, 0.8 in hand, and 1.6 still in the boxes.

`dark_repairs` 1: a repairer in the dark (the errands declared a repair, LIGHT-2) who holds a
switched-off flashlight switches it on instead, and repairs from the next turn at the full chance
(1 + 2 turns on average rather than 4); one who carries a flashlight in his backpack takes it
into a free hand first (ACT-BACKPACK). And those who tend the generators (the fuelers and the
guards), who make most of these repairs, keep a light: with none, they pick up a flashlight
they see lying (ACT-PICKUP), and with both hands full they stow it in the backpack rather than
drop it (1 AP rather than none); the others drop theirs as before, in the Warehouse mostly,
where the tenders pass for canisters and parkas.
`dark_repairs` 2: also, after a failed repair in the dark with no flashlight at hand, he stops
retrying and fetches the flashlight he last saw lying, if it is at most FETCH_HOPS moves away, and
comes back with it (pick-up and move in one turn: ACT-PICKUP 1 AP, ACT-MOVE 2).

Memory (cells of the expert humans' range):
- H_FLASH_SEEN: the room where I last saw a flashlight lying, + 1 (0: none known)
- H_REPAIR_BACK: the room of the repair I left to fetch one, + 1, plus 16 times the turn I left
"""

from balance import codes
from balance.compile.jit import compiled
from balance.kernel.public import D_ACTION, D_TARGET
from balance.observation import (
    O_HAND_ON,
    O_LIGHTING,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_TURN,
)
from policies.common import backpack_slot, emit, hand_with, hops, my_repair
from policies.humans import go
from policies.memory import M_EXPERT_HUMANS

H_FLASH_SEEN = M_EXPERT_HUMANS + 40
H_REPAIR_BACK = M_EXPERT_HUMANS + 41
FETCH_HOPS = 2  # at most this many moves to a flashlight (the Street counts as one)
FETCH_TURNS = 8  # a fetch given up after this many turns


@compiled
def note_flashlights(obs, mem):
    """LIGHT-1, LIGHT-2: the room where I last saw a flashlight lying (only seen in light)."""
    if obs[O_SEES] != 1:
        return
    here = obs[O_ROOM]
    if obs[O_ROOM_ITEMS + codes.FLASHLIGHT_ITEM] > 0:
        mem[H_FLASH_SEEN] = here + 1
    elif mem[H_FLASH_SEEN] == here + 1:
        mem[H_FLASH_SEEN] = 0


@compiled
def keep_light(obs, out, n):
    """For those who tend the generators (the fuelers and the guards): with no flashlight in hand
    or backpack, pick up one lying here in light with a free hand (ACT-PICKUP); with both hands
    full (the errands would drop what has no use: expert_humans.free_a_hand), stow the
    flashlight in a free backpack slot instead of dropping it (ACT-BACKPACK). n if neither."""
    h = hand_with(obs, codes.FLASHLIGHT_ITEM)
    packed = backpack_slot(obs, codes.FLASHLIGHT_ITEM)
    free = hand_with(obs, codes.NO_ITEM)
    if h < 0 and packed < 0:
        if free >= 0 and obs[O_SEES] == 1 and obs[O_ROOM_ITEMS + codes.FLASHLIGHT_ITEM] > 0:
            return emit(out, n, codes.A_PICKUP, codes.FLASHLIGHT_ITEM, 0)
        return n
    slot = backpack_slot(obs, codes.NO_ITEM)
    if h < 0 or free >= 0 or slot < 0:
        return n
    return emit(out, n, codes.A_BACKPACK, h, slot)


@compiled
def light_repairs(obs, out, n):
    """LIGHT-2, LIGHT-3: the errands declared a repair here in the dark: light the room first with
    the flashlight in hand, or take the one in the backpack into a free hand. The repair and what
    follows it are replaced; n if nothing changes."""
    if obs[O_LIGHTING] != codes.DARK:
        return n
    j = 0
    while j < n and out[j, D_ACTION] != codes.A_REPAIR:
        j += 1
    if j == n:
        return n
    h = hand_with(obs, codes.FLASHLIGHT_ITEM)
    if h >= 0:
        for i in range(j):
            if out[i, D_ACTION] == codes.A_DROP and out[i, D_TARGET] == h:
                return n
        if obs[O_HAND_ON + h] == 1:
            return n  # on already (the dark of a blizzard, say): nothing more to do
        return emit(out, j, codes.A_FLASHLIGHT, h, 0)  # ACT-FLASHLIGHT: lit from next turn
    slot = backpack_slot(obs, codes.FLASHLIGHT_ITEM)
    free = hand_with(obs, codes.NO_ITEM)
    if slot < 0 or free < 0:
        return n
    return emit(out, j, codes.A_BACKPACK, free, slot)


@compiled
def fetch_light(obs, mem, ip, knobs, out, n, next_hop):
    """`dark_repairs` 2: after my failed repair in the dark, with no flashlight in hand or
    backpack, fetch the one I last saw lying if it is near, and come back with it. -1 if not
    the case (the errands go on: back in the room, the repair, lit first: light_repairs)."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    back = mem[H_REPAIR_BACK] % 16 - 1
    if back >= 0 and t - mem[H_REPAIR_BACK] // 16 > FETCH_TURNS:
        mem[H_REPAIR_BACK] = 0
        back = -1
    held = hand_with(obs, codes.FLASHLIGHT_ITEM) >= 0
    if back >= 0:
        if held:
            if here == back:
                mem[H_REPAIR_BACK] = 0
                return -1
            return go(obs, out, n, next_hop, back, knobs, ip)
        there = mem[H_FLASH_SEEN] - 1
        if there < 0:
            mem[H_REPAIR_BACK] = 0
            return -1
        if here == there:
            if obs[O_SEES] != 1:  # LIGHT-2: nothing lying is seen or taken in the dark
                mem[H_REPAIR_BACK] = 0
                return -1
            n = emit(out, n, codes.A_PICKUP, codes.FLASHLIGHT_ITEM, 0)  # ACT-PICKUP
            return go(obs, out, n, next_hop, back, knobs, ip)
        return go(obs, out, n, next_hop, there, knobs, ip)
    if obs[O_LIGHTING] != codes.DARK or held or backpack_slot(obs, codes.FLASHLIGHT_ITEM) >= 0:
        return -1
    failed = my_repair(obs, codes.OBJ_GENERATOR) == 0 or my_repair(obs, codes.OBJ_PUMP) == 0
    there = mem[H_FLASH_SEEN] - 1
    if not failed or there < 0 or hops(next_hop, here, there) > FETCH_HOPS:
        return -1
    if hand_with(obs, codes.NO_ITEM) < 0:
        return -1
    mem[H_REPAIR_BACK] = here + 1 + 16 * t
    return go(obs, out, n, next_hop, there, knobs, ip)

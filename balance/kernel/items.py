"""Items and inventory: hands, backpack, worn parka, the room floor and the supply (A7, A17).

Every item lives in exactly one place (codes.IN_*); these helpers are the only code that moves
items, so each move updates both the item's place and the holder's slot together.
"""

import numpy as np

from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.kernel.state import (
    CH_BACKPACK,
    CH_HAND,
    CH_LOST_HAND,
    CH_ROOM,
    CH_WORN,
    IT_DROPPED_BY,
    IT_FLOOR,
    IT_FUEL,
    IT_COLOUR,
    IT_KIND,
    IT_ON,
    IT_PLACE,
    IT_WHERE,
)


@compiled
def free_hand(ch, c):
    """Index of an empty hand of c, or -1 (INV-1)."""
    for h in range(2):
        if ch[c, CH_HAND + h] < 0 and h != ch[c, CH_LOST_HAND]:  # INV-2
            return h
    return -1


@compiled
def fits_in_backpack(kind):
    """GAP-50: a food box is carried in a hand only."""
    return kind != codes.FOOD_BOX


@compiled
def free_backpack_slot(ch, c):
    for k in range(3):
        if ch[c, CH_BACKPACK + k] < 0:
            return k
    return -1


@compiled
def holds_kind(ch, it, c, kind):
    """Hand slot of c holding an item of `kind`, or -1."""
    for h in range(2):
        i = ch[c, CH_HAND + h]
        if i >= 0 and it[i, IT_KIND] == kind:
            return h
    return -1


@compiled
def held_by(it, i, place, c):
    """Item i is now held by character c: in a hand, the backpack or worn."""
    it[i, IT_PLACE] = place
    it[i, IT_WHERE] = c
    it[i, IT_DROPPED_BY] = -1


@compiled
def put_in_hand(ch, it, c, h, i):
    ch[c, CH_HAND + h] = i
    held_by(it, i, codes.IN_HAND, c)


@compiled
def put_in_backpack(ch, it, c, k, i):
    ch[c, CH_BACKPACK + k] = i
    held_by(it, i, codes.IN_BACKPACK, c)


@compiled
def stow(ch, it, c, i):
    """INV-1, INV-3: item i into a free hand of c, else into a free backpack slot if it fits
    there (GAP-50); False if he has no room for it."""
    h = free_hand(ch, c)
    if h >= 0:
        put_in_hand(ch, it, c, h, i)
        return True
    k = free_backpack_slot(ch, c)
    if k >= 0 and fits_in_backpack(it[i, IT_KIND]):
        put_in_backpack(ch, it, c, k, i)
        return True
    return False


@compiled
def wear_parka(ch, it, c, i):
    """ITEM-PARKA, INV-7: a worn parka takes no hand."""
    ch[c, CH_WORN] = i
    held_by(it, i, codes.WORN, c)


@compiled
def drop_from_hand(ch, it, c, h, dropped_by):
    """Put the item in hand h of c on the floor of c's room (ACT-DROP, HP-3, UNC-1)."""
    i = ch[c, CH_HAND + h]
    if i < 0:
        return -1
    ch[c, CH_HAND + h] = -1
    drop_on_floor(it, i, ch[c, CH_ROOM])
    it[i, IT_DROPPED_BY] = dropped_by
    return i


@compiled
def use_up_in_hand(ch, it, c, h, kind):
    """The item of `kind` in c's hand h is used up (destroyed); its id, or -1 if there is none."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] != kind:
        return -1
    ch[c, CH_HAND + h] = -1
    it[i, IT_PLACE] = codes.DESTROYED
    it[i, IT_WHERE] = -1
    return i


@compiled
def drop_on_floor(it, i, r):
    """Item i now lies in room r: the one way an item comes to lie on a floor (IT_FLOOR)."""
    it[i, IT_PLACE] = codes.IN_ROOM
    it[i, IT_WHERE] = r
    it[i, IT_DROPPED_BY] = -1
    it[i >> 6, IT_FLOOR] |= np.int64(1) << (i & 63)


@compiled
def shed(it, i, r):
    """Item i leaves its owner: it lies in room r, or is destroyed when r < 0."""
    if r >= 0:
        drop_on_floor(it, i, r)
    else:
        it[i, IT_PLACE] = codes.DESTROYED
        it[i, IT_WHERE] = -1


@compiled
def shed_belongings(ch, it, c, r):
    """Everything c holds, carries and wears leaves him: hands, backpack and carried ID cards
    (GAP-5) lie in room r, or are destroyed when r < 0 (ITEM-FLAMETHROWER-4, ACT-BURN-CORPSE);
    a worn parka is destroyed either way (THING-ACTIVE-1)."""
    for k in range(2):
        if ch[c, CH_HAND + k] >= 0:
            shed(it, ch[c, CH_HAND + k], r)
            ch[c, CH_HAND + k] = -1
    for k in range(3):
        if ch[c, CH_BACKPACK + k] >= 0:
            shed(it, ch[c, CH_BACKPACK + k], r)
            ch[c, CH_BACKPACK + k] = -1
    if ch[c, CH_WORN] >= 0:
        shed(it, ch[c, CH_WORN], -1)
        ch[c, CH_WORN] = -1
    n = ch.shape[0]
    for i in range(it.shape[0] - n, it.shape[0]):  # the ID cards c carries (items.stock_items)
        if it[i, IT_PLACE] == codes.CARRIED and it[i, IT_WHERE] == c:
            shed(it, i, r)


@compiled
def drop_hands(ch, it, c, dropped_by):
    for h in range(2):
        drop_from_hand(ch, it, c, h, dropped_by)


@compiled
def take_back_dropped(ch, it, c):
    """UNC-1, GAP-56: on waking, items the blackout dropped return to hand if still lying here."""
    for i in range(it.shape[0]):
        if (
            it[i, IT_DROPPED_BY] == c
            and it[i, IT_PLACE] == codes.IN_ROOM
            and it[i, IT_WHERE] == ch[c, CH_ROOM]
        ):
            h = free_hand(ch, c)
            if h < 0:
                return
            put_in_hand(ch, it, c, h, i)


@compiled
def take_from_supply(it, kind):
    """An item of `kind` still in the supply (lowest id), or -1 when the pool is exhausted."""
    for i in range(it.shape[0]):
        if it[i, IT_KIND] == kind and it[i, IT_PLACE] == codes.IN_SUPPLY:
            return i
    return -1


@compiled
def count_in_supply(it, kind):
    n = 0
    for i in range(it.shape[0]):
        if it[i, IT_KIND] == kind and it[i, IT_PLACE] == codes.IN_SUPPLY:
            n += 1
    return n


@compiled
def pour_with_store(st, it, i, cell, capacity, out_of_store):
    """GAP-18, ITEM-CANISTER: fuel between container item i (it holds a canister) and the store
    st[cell] of `capacity` units (a generator's, the helicopter's tank), into the store or out of
    it (out_of_store = 1): min(source, room). Returns the units moved."""
    if out_of_store == 1:
        amount = min(st[cell], codes.FUEL_UNITS - it[i, IT_FUEL])
        st[cell] -= amount
        it[i, IT_FUEL] += amount
    else:
        amount = min(it[i, IT_FUEL], capacity - st[cell])
        it[i, IT_FUEL] -= amount
        st[cell] += amount
    return amount


@compiled
def find_on_floor(it, r, kind):
    """An item of `kind` lying in room r (for canisters, the fullest), or -1."""
    best = -1
    for i in range(it.shape[0]):
        if it[i, IT_KIND] == kind and it[i, IT_PLACE] == codes.IN_ROOM and it[i, IT_WHERE] == r:
            if best < 0 or it[i, IT_FUEL] > it[best, IT_FUEL]:
                best = i
    return best


@compiled
def stock_items(it, ip):
    """SETUP-3, LOC-WAREHOUSE-1..3, GAP-5: lay out every item of the game. Ids run: yellow-box
    parkas and flashlights, the axes, the unlimited-stock pools, the food boxes and portions and
    the blood samples (all in the supply), the stock lying in its rooms, the radios, then one ID
    card per character, carried by its owner: the card of character c is the item
    it.shape[0] - players + c."""
    it[:, :] = 0  # the arrays are reused game after game: no column may carry over
    i = 0
    for kind, count in (
        (codes.PARKA, ip[P.I_PARKAS]),
        (codes.FLASHLIGHT_ITEM, ip[P.I_FLASHLIGHTS]),
        (codes.AXE, ip[P.I_AXES]),
        (codes.CANISTER, ip[P.I_POOL_CANISTERS]),
        (codes.SPARE_PARTS, ip[P.I_POOL_PARTS]),
        (codes.SCRAP, ip[P.I_POOL_SCRAP]),
        (codes.WIRES, ip[P.I_POOL_WIRES]),
        (codes.FLAMETHROWER, ip[P.I_POOL_FLAMETHROWERS]),  # what crafting can make (CRAFT-2)
        (codes.GRENADE, ip[P.I_POOL_GRENADES]),
        (codes.PISTOL, ip[P.I_POOL_PISTOLS]),
        (codes.FOOD_BOX, ip[P.I_FOOD]),  # LOC-FREEZER-2: the shelves (kernel.food)
        (codes.FOOD, ip[P.I_FOOD] * ip[P.I_PORTIONS]),  # LOC-LIVING-4: what cooking can make
        (codes.BLOOD_SAMPLE, ip[P.I_BLOOD_SAMPLES]),  # ITEM-BLOOD: what can be taken (kernel.lab)
    ):
        for _ in range(count):
            it[i, IT_KIND] = kind
            it[i, IT_PLACE] = codes.IN_SUPPLY
            it[i, IT_WHERE] = -1
            it[i, IT_FUEL] = 0
            it[i, IT_DROPPED_BY] = -1
            i += 1
    # SETUP-3: the stock lying in its rooms
    for kind, count, room in (
        (codes.PISTOL, ip[P.I_PISTOLS], codes.ARSENAL),  # LOC-ARSENAL-1, ITEM-PISTOL
        (codes.BANDAGE, ip[P.I_BANDAGES], codes.LIVING_QUARTERS),  # LOC-LIVING-1
        (codes.VIAL_BLUE, ip[P.I_BLUE_VIALS], codes.LIVING_QUARTERS),
        (codes.VIAL_RED, ip[P.I_RED_VIALS], codes.LIVING_QUARTERS),
    ):
        for _ in range(count):
            it[i, IT_KIND] = kind
            drop_on_floor(it, i, room)
            i += 1
    for colour in range(len(codes.RADIO_COLOUR_NAMES)):  # LOC-RADIO-1: all switched on
        for _ in range(ip[P.I_RADIOS + colour]):
            it[i, IT_KIND] = codes.RADIO
            drop_on_floor(it, i, codes.RADIO_ROOM)
            it[i, IT_ON] = 1
            it[i, IT_COLOUR] = colour
            i += 1
    for c in range(ip[P.I_PLAYERS]):  # GAP-5: a personal card in no hand or backpack slot
        it[i, IT_KIND] = codes.ID_CARD
        it[i, IT_PLACE] = codes.CARRIED
        it[i, IT_WHERE] = c
        it[i, IT_DROPPED_BY] = -1
        i += 1

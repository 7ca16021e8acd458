"""Items and inventory: hands, backpack, worn parka, the room floor and the supply (A7, A17).

Every item lives in exactly one place (codes.IN_*); these helpers are the only code that moves
items, so each move updates both the item's place and the holder's slot together.
"""

from numba import njit

from balance import codes
from balance.kernel import params as P


@njit(cache=True)
def free_hand(s, c):
    """Index of an empty hand of c, or -1 (INV-1)."""
    for h in range(2):
        if s.hand[c, h] < 0:
            return h
    return -1


@njit(cache=True)
def free_backpack_slot(s, c):
    for k in range(3):
        if s.backpack[c, k] < 0:
            return k
    return -1


@njit(cache=True)
def holds_kind(s, c, kind):
    """Hand slot of c holding an item of `kind`, or -1."""
    for h in range(2):
        i = s.hand[c, h]
        if i >= 0 and s.item_kind[i] == kind:
            return h
    return -1


@njit(cache=True)
def put_in_hand(s, c, h, i):
    s.hand[c, h] = i
    s.item_place[i] = codes.IN_HAND
    s.item_where[i] = c
    s.item_dropped_by[i] = -1


@njit(cache=True)
def put_in_backpack(s, c, k, i):
    s.backpack[c, k] = i
    s.item_place[i] = codes.IN_BACKPACK
    s.item_where[i] = c
    s.item_dropped_by[i] = -1


@njit(cache=True)
def wear_parka(s, c, i):
    """ITEM-PARKA: a worn parka takes no hand."""
    s.worn[c] = i
    s.item_place[i] = codes.WORN
    s.item_where[i] = c
    s.item_dropped_by[i] = -1


@njit(cache=True)
def drop_from_hand(s, c, h, dropped_by):
    """Put the item in hand h of c on the floor of c's room (ACT-DROP, HP-3, UNC-1)."""
    i = s.hand[c, h]
    if i < 0:
        return -1
    s.hand[c, h] = -1
    s.item_place[i] = codes.IN_ROOM
    s.item_where[i] = s.room[c]
    s.item_dropped_by[i] = dropped_by
    return i


@njit(cache=True)
def drop_hands(s, c, dropped_by):
    for h in range(2):
        drop_from_hand(s, c, h, dropped_by)


@njit(cache=True)
def take_back_dropped(s, c):
    """UNC-1, GAP-56: on waking, items the blackout dropped return to hand if still lying here."""
    for i in range(s.item_kind.shape[0]):
        if (s.item_dropped_by[i] == c and s.item_place[i] == codes.IN_ROOM
                and s.item_where[i] == s.room[c]):
            h = free_hand(s, c)
            if h < 0:
                return
            put_in_hand(s, c, h, i)


@njit(cache=True)
def take_from_supply(s, kind):
    """An item of `kind` still in the supply (lowest id), or -1 when the pool is exhausted."""
    for i in range(s.item_kind.shape[0]):
        if s.item_kind[i] == kind and s.item_place[i] == codes.IN_SUPPLY:
            return i
    return -1


@njit(cache=True)
def count_in_supply(s, kind):
    n = 0
    for i in range(s.item_kind.shape[0]):
        if s.item_kind[i] == kind and s.item_place[i] == codes.IN_SUPPLY:
            n += 1
    return n


@njit(cache=True)
def find_on_floor(s, r, kind):
    """An item of `kind` lying in room r (for canisters, the fullest), or -1."""
    best = -1
    for i in range(s.item_kind.shape[0]):
        if s.item_kind[i] == kind and s.item_place[i] == codes.IN_ROOM and s.item_where[i] == r:
            if best < 0 or s.item_fuel[i] > s.item_fuel[best]:
                best = i
    return best


@njit(cache=True)
def stock_items(s, ip):
    """SETUP-3, LOC-WAREHOUSE-1..3: lay out every item of the game in the supply.
    Ids run: yellow-box parkas and flashlights, the axes, then the unlimited-stock pools."""
    i = 0
    for kind, count in ((codes.PARKA, ip[P.I_PARKAS]), (codes.FLASHLIGHT_ITEM, ip[P.I_FLASHLIGHTS]),
                        (codes.AXE, ip[P.I_AXES]), (codes.CANISTER, ip[P.I_POOL_CANISTERS]),
                        (codes.SPARE_PARTS, ip[P.I_POOL_PARTS]), (codes.SCRAP, ip[P.I_POOL_SCRAP])):
        for _ in range(count):
            s.item_kind[i] = kind
            s.item_place[i] = codes.IN_SUPPLY
            s.item_where[i] = -1
            s.item_fuel[i] = 0
            s.item_dropped_by[i] = -1
            i += 1

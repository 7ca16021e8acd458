"""Invariants checked every turn in check mode (tests): a bitmask of what is broken.

Bits: 1 HP outside [0, max]; 2 a temperature outside [min, max] or the Street not at its fixed
value; 4 fuel outside [0, capacity] (generators and canisters); 8 an item in no place or two
places; 16 a living character at 0 HP who is not a paralysed Thing, or a character unable to
act holding declarations (checked right after the declarations).
"""

from numba import njit

from balance import codes
from balance.kernel import params as P
from balance.kernel.state import G_YELLOW_LEFT

HP_RANGE = 1
TEMPERATURE_RANGE = 2
FUEL_RANGE = 4
ITEM_PLACE = 8
INCAPACITATED_ACTING = 16


@njit(cache=True)
def check_invariants(s, ip):
    bad = 0
    n = s.hp.shape[0]
    for c in range(n):
        if s.hp[c] < 0 or s.hp[c] > s.max_hp[c]:
            bad |= HP_RANGE
        if s.alive[c] == 1 and s.hp[c] == 0 and s.paralysed_until[c] == 0:
            bad |= INCAPACITATED_ACTING
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            if s.temperature[r] != ip[P.I_T_STREET]:
                bad |= TEMPERATURE_RANGE
        elif s.temperature[r] < ip[P.I_T_MIN] or s.temperature[r] > ip[P.I_T_MAX]:
            bad |= TEMPERATURE_RANGE
    for b in range(codes.N_BLOCKS):
        if s.gen_fuel[b] < 0 or s.gen_fuel[b] > ip[P.I_GEN_CAPACITY]:
            bad |= FUEL_RANGE
    # every item in exactly one place, and every slot pointing at an item that says so
    held = 0
    yellow_in_supply = 0
    for i in range(s.item_kind.shape[0]):
        place = s.item_place[i]
        w = s.item_where[i]
        if s.item_kind[i] == codes.CANISTER and (s.item_fuel[i] < 0 or s.item_fuel[i] > codes.FUEL_UNITS):
            bad |= FUEL_RANGE
        if place == codes.IN_HAND:
            held += 1
            if not (0 <= w < n) or (s.hand[w, 0] != i and s.hand[w, 1] != i):
                bad |= ITEM_PLACE
        elif place == codes.IN_BACKPACK:
            held += 1
            if not (0 <= w < n) or (s.backpack[w, 0] != i and s.backpack[w, 1] != i
                                    and s.backpack[w, 2] != i):
                bad |= ITEM_PLACE
        elif place == codes.WORN:
            held += 1
            if not (0 <= w < n) or s.worn[w] != i:
                bad |= ITEM_PLACE
        elif place == codes.IN_ROOM:
            if not (0 <= w < codes.N_ROOMS):
                bad |= ITEM_PLACE
        elif place == codes.IN_SUPPLY:
            if s.item_kind[i] == codes.PARKA or s.item_kind[i] == codes.FLASHLIGHT_ITEM:
                yellow_in_supply += 1
        elif place != codes.DESTROYED:
            bad |= ITEM_PLACE
    slots = 0
    for c in range(n):
        for h in range(2):
            if s.hand[c, h] >= 0:
                slots += 1
        for k in range(3):
            if s.backpack[c, k] >= 0:
                slots += 1
        if s.worn[c] >= 0:
            slots += 1
    if slots != held or yellow_in_supply != s.g[G_YELLOW_LEFT]:
        bad |= ITEM_PLACE
    return bad


@njit(cache=True)
def check_declarations(s):
    """UNC-1, HP-3, THING-P-3: nobody dead, unconscious, paralysed or gone has declared."""
    for c in range(s.hp.shape[0]):
        incapacitated = s.alive[c] == 0 or s.unconscious[c] == 1 or s.paralysed_until[c] > 0 \
            or s.left_station[c] != 0
        if incapacitated and s.n_decl[c] > 0:
            return INCAPACITATED_ACTING
    return 0

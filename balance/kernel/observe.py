"""What a character perceives when it declares (A18, LIGHT-1..4, AP-6): the observation vector.

This is the only code that reads game state on a policy's behalf. It copies the character's
own state, the public facts, and what the lighting of its room lets it see; nothing else.
"""

from numba import njit

from balance import codes
from balance.kernel import params as P
from balance.kernel.actions import block_of_generator_room, sees_in_room
from balance.kernel.state import G_CALL_TURN, G_PUMP_BROKEN, G_TURN, G_YELLOW_LEFT
from balance.observation import (
    MAX_CHARACTERS, O_AP, O_BACKPACK_FUEL, O_BACKPACK_KIND, O_BEACON_ACTIVE, O_BEACON_BROKEN,
    O_CALL_TURN, O_EMPTY_CANISTERS_HERE, O_ERUDITION, O_FROST, O_GEN_BROKEN, O_GEN_FUEL,
    O_HAND_FUEL, O_HAND_KIND, O_HP, O_INFECT_READY, O_INITIATIVE, O_IS_ORIGINAL_THING,
    O_KNOWN_THING, O_LIGHTING, O_LIVING_HERE, O_MAX_HP, O_MOVE_AP, O_PHYSICAL, O_PRESENT,
    O_PUMP_BROKEN, O_ROOM, O_ROOM_ITEMS, O_SEES, O_SELF, O_TEMPERATURE, O_TURN, O_WEARS_PARKA,
    O_WEATHER, O_YELLOW_LEFT, P_ABSENT, P_ACTIVE_THING, P_CONSCIOUS, P_LOOKS_DEAD, P_UNCONSCIOUS,
    UNSEEN)


@njit(cache=True)
def observe(s, ip, room_block, c, o):
    """Fill observation vector `o` for character c (see balance.observation for the fields)."""
    o[:] = 0
    r = s.room[c]
    original = s.original[c] == 1
    # room details need sight (LIGHT-1, LIGHT-2); a convert's night vision is unknown to him,
    # so he perceives the dark as a human does
    sees = sees_in_room(s, c) and (s.form[c] == codes.HUMAN or original
                                   or s.lighting[r] != codes.DARK)
    o[O_TURN] = s.g[G_TURN]
    o[O_SELF] = c
    o[O_ROOM] = r
    o[O_HP] = s.hp[c]
    o[O_MAX_HP] = s.max_hp[c]  # a convert notices nothing: GAP-38 leaves current HP unchanged
    o[O_FROST] = s.frost[c]  # FROST-6
    o[O_WEARS_PARKA] = 1 if s.worn[c] >= 0 else 0
    o[O_PHYSICAL] = s.physical[c]
    o[O_INITIATIVE] = s.initiative[c]
    o[O_ERUDITION] = s.erudition[c]
    o[O_AP] = ip[P.I_AP]
    fast = s.initiative[c] >= ip[P.I_FAST_INITIATIVE]
    o[O_MOVE_AP] = ip[P.I_MOVE_FAST_AP] if fast else ip[P.I_MOVE_AP]
    o[O_IS_ORIGINAL_THING] = 1 if original else 0
    o[O_INFECT_READY] = 1 if original and s.form[c] == codes.THING_HIDDEN \
        and s.g[G_TURN] >= s.infect_ready[c] else 0
    for h in range(2):
        i = s.hand[c, h]
        o[O_HAND_KIND + h] = s.item_kind[i] if i >= 0 else codes.NO_ITEM
        o[O_HAND_FUEL + h] = s.item_fuel[i] if i >= 0 else 0
    for k in range(3):
        i = s.backpack[c, k]
        o[O_BACKPACK_KIND + k] = s.item_kind[i] if i >= 0 else codes.NO_ITEM
        o[O_BACKPACK_FUEL + k] = s.item_fuel[i] if i >= 0 else 0
    o[O_LIGHTING] = s.lighting[r]
    o[O_TEMPERATURE] = s.temperature[r]
    o[O_WEATHER] = s.weather[s.g[G_TURN]]
    o[O_SEES] = 1 if sees else 0
    b = block_of_generator_room(room_block, r)
    o[O_GEN_FUEL] = s.gen_fuel[b] if sees and b >= 0 else UNSEEN
    o[O_GEN_BROKEN] = s.gen_broken[b] if sees and b >= 0 else UNSEEN
    o[O_BEACON_BROKEN] = s.beacon_broken[b] if sees and b >= 0 else UNSEEN
    o[O_BEACON_ACTIVE] = s.beacon_on[b] if sees and b >= 0 else UNSEEN
    o[O_PUMP_BROKEN] = s.g[G_PUMP_BROKEN] if sees and r == codes.FUEL_ROOM else UNSEEN
    o[O_YELLOW_LEFT] = s.g[G_YELLOW_LEFT] if sees and r == codes.WAREHOUSE else UNSEEN
    if sees:
        for i in range(s.item_kind.shape[0]):
            if s.item_place[i] == codes.IN_ROOM and s.item_where[i] == r:
                o[O_ROOM_ITEMS + s.item_kind[i]] += 1
                if s.item_kind[i] == codes.CANISTER and s.item_fuel[i] == 0:
                    o[O_EMPTY_CANISTERS_HERE] += 1
    o[O_CALL_TURN] = s.g[G_CALL_TURN] if s.g[G_CALL_TURN] > 0 else UNSEEN  # announced by radio
    blizzard = s.lighting[r] == codes.BLIZZARD
    living = 0
    for d in range(min(s.hp.shape[0], MAX_CHARACTERS)):
        if original and s.original[d] == 1:
            o[O_KNOWN_THING + d] = 1  # THING-P-4
        if s.room[d] != r or s.left_station[d] != 0 or (blizzard and d != c):
            o[O_PRESENT + d] = P_ABSENT  # LIGHT-4: nobody is seen in a blizzard
            continue
        if s.form[d] == codes.THING_ACTIVE and s.alive[d] == 1 and s.paralysed_until[d] == 0:
            o[O_PRESENT + d] = P_ACTIVE_THING  # THING-ACTIVE-2
        elif s.alive[d] == 0 or s.paralysed_until[d] > 0:
            o[O_PRESENT + d] = P_LOOKS_DEAD  # LIGHT-2, THING-P-3
        elif s.unconscious[d] == 1:
            o[O_PRESENT + d] = P_UNCONSCIOUS if sees else P_LOOKS_DEAD  # UNC-3
        else:
            o[O_PRESENT + d] = P_CONSCIOUS
        if o[O_PRESENT + d] != P_LOOKS_DEAD:
            living += 1
    o[O_LIVING_HERE] = living

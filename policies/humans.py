"""The `naive` human policy: keep the generators fuelled and people warm, fetch parkas,
activate a beacon and call for help. It never suspects anyone. Knob indices follow KNOBS.

The cold (FROST-1..3, TEMP-*): a human reckons his own frostbite marks by the public bands
(FROST-2), his Physical form (FROST-4) and his parka, at the temperatures he believes rooms have
(policies.memory.believed_temperature). In a room about to give him marks that would bring him
to `cold_marks` (5: an HP lost, FROST-3) he drops whatever he does for the warmest place he
knows: the one where heading leaves him the fewest marks over the next `shelter_turns` turn
starts, the nearest among equals, if it beats staying. The Tower counts only if
`shelter_in_tower`."""

from balance import codes
from balance.kernel import params as P
from balance.kernel.public import band_marks
from balance.compile.jit import compiled
from balance.observation import (
    O_CALL_TURN,
    O_DOOR,
    O_BEACON_BROKEN,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_BEACON_ACTIVE,
    O_FROST,
    O_LIGHTING,
    O_PHYSICAL,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SELF,
    O_TEMPERATURE,
    O_TURN,
    O_WEARS_PARKA,
    O_YELLOW_LEFT,
    O_SEES,
    UNSEEN,
)
from policies.common import (
    backpack_slot,
    emit,
    fuel_hand,
    generator_room_of_block,
    hand_with,
    hops,
    is_generator_room,
    open_with_card,
    radio_generator_room,
    step_toward,
)
from policies.memory import (
    M_BEACON_SEEN,
    M_CALL_TRIED,
    M_FILL_TRIED,
    M_GEN_BROKEN,
    M_NO_YELLOW,
    M_PART_TAKEN,
    M_PUMP_BROKEN,
    M_PUMP_REPAIR_TRIED,
    M_SHELTER,
    believed_temperature,
    fuel_estimate,
    remember,
)
from policies.things import enterable_rooms

KNOBS = (
    "fuel_low",
    "fuelers_share",  # read as the fuelers per block it makes (policies.HEAD_COUNTS)
    "parka_first",
    "beacon_after_turn",
    "street_max_frost",
    "shelter_turns",
    "shelter_in_tower",
    "cold_marks",
)
K_FUEL_LOW = 0
K_FUELERS_PER_BLOCK = 1
K_PARKA_FIRST = 2
K_BEACON_AFTER_TURN = 3
K_STREET_MAX_FROST = 4
K_SHELTER_TURNS = 5
K_SHELTER_IN_TOWER = 6
K_COLD_MARKS = 7


@compiled
def free_hands(obs):
    n = 0
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.NO_ITEM:
            n += 1
    return n


@compiled
def go(obs, out, n, next_hop, dest, knobs, ip):
    """Move one step toward dest, but wait indoors before the Street while frostbitten and warm."""
    hop = step_toward(obs, next_hop, dest)
    if hop < 0:
        return n
    if (
        hop == codes.STREET
        and obs[O_FROST] > knobs[K_STREET_MAX_FROST]
        and obs[O_TEMPERATURE] >= ip[P.I_BAND_FLOOR]
    ):
        return n  # recover first: the warmest band removes a mark a turn (FROST-2)
    if obs[O_DOOR + hop] == codes.DOOR_LOCKED:  # DOOR-1: the lamp
        n = open_with_card(obs, out, n, hop)
    return emit(out, n, codes.A_MOVE, hop, 0)


@compiled
def marks_at(obs, ip, temperature):
    """FROST-2, FROST-4, GAP-47: the marks I take starting a turn at this temperature (negative:
    removed), by my Physical form and my parka (one in hand goes on this turn: ACT-PARKA); a
    red vial's warmth is not counted."""
    felt = temperature + ip[P.I_RESISTANCE + obs[O_PHYSICAL]]
    parka = obs[O_WEARS_PARKA] == 1 or hand_with(obs, codes.PARKA) >= 0
    return band_marks(ip, felt, parka)


@compiled
def marks_heading_for(obs, mem, ip, next_hop, room_block, dest, turns):
    """FROST-1: my marks after the next `turns` turn starts if I head for dest (here: if I stay),
    a move a turn (GAP-31), at the temperatures I believe the rooms on the way will have. Marks
    past an HP's worth (FROST-3) are counted on, as what they cost."""
    t = obs[O_TURN]
    room = obs[O_ROOM]
    marks = obs[O_FROST]
    for j in range(1, turns + 1):
        if room != dest:
            room = next_hop[room, dest]
        temperature = believed_temperature(mem, ip, room_block, room, t, t + j)
        marks = max(0, marks + marks_at(obs, ip, temperature))
    return marks


@compiled
def warmest_place(obs, mem, ip, knobs, next_hop, room_block):
    """The room I can get into (DOOR-1) where heading leaves me the fewest marks after
    shelter_turns turn starts, the nearest among equals, here if nothing beats staying; the
    Tower only if shelter_in_tower, and first among equals then (warm while any generator
    runs: GAP-2). Never the Street."""
    here = obs[O_ROOM]
    turns = int(knobs[K_SHELTER_TURNS])
    best = here
    best_marks = marks_heading_for(obs, mem, ip, next_hop, room_block, here, turns)
    best_hops = 0
    rooms = enterable_rooms(obs, mem)
    for k in range(codes.N_ROOMS):
        r = (codes.TOWER + k) % codes.N_ROOMS  # the Tower first
        if r == here or r == codes.STREET or (rooms >> r) & 1 == 0:
            continue
        if r == codes.TOWER and knobs[K_SHELTER_IN_TOWER] <= 0:
            continue
        m = marks_heading_for(obs, mem, ip, next_hop, room_block, r, turns)
        h = hops(next_hop, here, r)
        if m < best_marks or m == best_marks and h < best_hops:
            best, best_marks, best_hops = r, m, h
    return best


@compiled
def cold(obs, mem, ip, knobs, room_block):
    """FROST-2, FROST-3: the room I am in will give me marks at the next turn start, at the
    temperature I believe it will have then, and I would have at least cold_marks. Not on the
    Street, which one only crosses."""
    here = obs[O_ROOM]
    if here == codes.STREET:
        return False
    t = obs[O_TURN]
    marks = marks_at(obs, ip, believed_temperature(mem, ip, room_block, here, t, t + 1))
    return marks > 0 and obs[O_FROST] + marks >= knobs[K_COLD_MARKS]


@compiled
def pour_here(obs, out, n):
    """GEN-4: in a generator room, pour in the fuel I carry."""
    if not is_generator_room(obs[O_ROOM]):
        return n
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.CANISTER and obs[O_HAND_FUEL + h] > 0:
            n = emit(out, n, codes.A_REFUEL, h, 0)
    return n


@compiled
def warm_up(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """FROST-1, FROST-3: no errand is worth freezing in place. When `cold`, head for the warmest
    place (warmest_place), pouring in the fuel I carry if I leave a generator room (GEN-4); on
    the Street, go on to the shelter I left for. Returns -1 if not cold, or if nowhere beats
    staying."""
    here = obs[O_ROOM]
    if here == codes.STREET:
        if mem[M_SHELTER] > 0:
            return go(obs, out, n, next_hop, mem[M_SHELTER] - 1, knobs, ip)
        return -1
    mem[M_SHELTER] = 0
    if not cold(obs, mem, ip, knobs, room_block):
        return -1
    dest = warmest_place(obs, mem, ip, knobs, next_hop, room_block)
    if dest == here:
        return -1
    mem[M_SHELTER] = dest + 1
    n = pour_here(obs, out, n)
    return go(obs, out, n, next_hop, dest, knobs, ip)


@compiled
def tend_dark_generator(obs, out, n):
    """In a dark generator room one cannot see why it stopped: pour in fuel if carried, and try
    a repair (a working generator just wastes the AP)."""
    full = fuel_hand(obs, True)
    if full >= 0:
        n = emit(out, n, codes.A_REFUEL, full, 0)
    return emit(out, n, codes.A_REPAIR, codes.OBJ_GENERATOR, 0)


@compiled
def take_out_part(obs, mem, out, n, obj):
    """ITEM-PARTS, LIGHT-2: about to repair obj bare-handed in the dark (ACT-REPAIR: 50%,
    halved), take the spare part I carry in my backpack into a free hand (ACT-BACKPACK) and
    repair with it from next turn (90%, halved): a repair takes the whole turn. In light such a
    turn is worth about what it saves, so the part is kept for the dark. If it is not in hand
    the turn after, the hand I took it into is lost (INV-2: it holds nothing, though it looks
    free), and I repair without it from then on. Returns n if nothing is taken out (the naive
    policy never stows a part)."""
    t = obs[O_TURN]
    if codes.REPAIR_TOOL[obj] != codes.SPARE_PARTS or obs[O_SEES] == 1:
        return n
    if mem[M_PART_TAKEN] < 0 or hand_with(obs, codes.SPARE_PARTS) >= 0:
        return n
    if mem[M_PART_TAKEN] == t - 1:
        mem[M_PART_TAKEN] = -1
        return n
    k = backpack_slot(obs, codes.SPARE_PARTS)
    h = hand_with(obs, codes.NO_ITEM)
    if k < 0 or h < 0:
        return n
    mem[M_PART_TAKEN] = t
    return emit(out, n, codes.A_BACKPACK, h, k)  # ACT-BACKPACK


@compiled
def fill_at_pump(obs, mem, out, n):
    """In the Fuel room with an empty canister in hand: fill every empty canister in hand
    (LOC-FUEL-1), or repair the pump if I believe it broken (memory.remember_pump; ACT-REPAIR,
    in any lighting): it is the only fuel there is, red boxes' canisters being empty (GAP-18)."""
    t = obs[O_TURN]
    if mem[M_PUMP_BROKEN] == 1:
        m = take_out_part(obs, mem, out, n, codes.OBJ_PUMP)
        if m > n:
            return m
        mem[M_PUMP_REPAIR_TRIED] = t
        return emit(out, n, codes.A_REPAIR, codes.OBJ_PUMP, 0)  # ACT-REPAIR
    mem[M_FILL_TRIED] = t
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.CANISTER and obs[O_HAND_FUEL + h] == 0:
            n = emit(out, n, codes.A_FILL, h, 0)  # LOC-FUEL-1
    return n


@compiled
def fuel_errand(obs, mem, ip, knobs, b, out, n, next_hop, room_block):
    """Keep block b's generator fuelled: canisters from red boxes, filled at the pump, which he
    repairs if he finds it broken (fill_at_pump)."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    gen_room = generator_room_of_block(room_block, b)
    if here == gen_room and obs[O_LIGHTING] != codes.LIGHT:
        return tend_dark_generator(obs, out, n)
    low = fuel_estimate(mem, ip, b, t) < knobs[K_FUEL_LOW] * ip[P.I_GEN_CAPACITY]
    full = fuel_hand(obs, True)
    empty = fuel_hand(obs, False)
    if mem[M_GEN_BROKEN + b] == 1:
        if here == gen_room:
            return emit(out, n, codes.A_REPAIR, codes.OBJ_GENERATOR, 0)  # ACT-REPAIR
        return go(obs, out, n, next_hop, gen_room, knobs, ip)
    if full >= 0 and (low or empty < 0 and free_hands(obs) == 0):
        if here == gen_room:
            n = emit(out, n, codes.A_REFUEL, full, 0)  # GEN-4
            other = 1 - full
            if obs[O_HAND_KIND + other] == codes.CANISTER and obs[O_HAND_FUEL + other] > 0:
                n = emit(out, n, codes.A_REFUEL, other, 0)
            return n
        return go(obs, out, n, next_hop, gen_room, knobs, ip)
    if empty >= 0:
        if here == codes.FUEL_ROOM:
            return fill_at_pump(obs, mem, out, n)
        return go(obs, out, n, next_hop, codes.FUEL_ROOM, knobs, ip)
    if free_hands(obs) > 0 and full < 0:
        if here == codes.WAREHOUSE:
            if obs[O_ROOM_ITEMS + codes.CANISTER] > 0:
                return emit(out, n, codes.A_PICKUP, codes.CANISTER, 0)
            return emit(out, n, codes.A_OPEN_BOX, codes.RED_BOX, codes.CANISTER)  # LOC-WAREHOUSE-1
        return go(obs, out, n, next_hop, codes.WAREHOUSE, knobs, ip)
    if full >= 0:
        return go(obs, out, n, next_hop, gen_room, knobs, ip)  # wait by the generator, warm
    return n


@compiled
def beacon_errand(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """GAP-6: activate the beacon in the Radio room's block (the call needs that block powered
    anyway), then call for help from the Radio room. A call that did not go through means the
    beacon is down: go back to it."""
    here = obs[O_ROOM]
    gen_room = radio_generator_room(room_block)
    if mem[M_CALL_TRIED] > 0 and obs[O_CALL_TURN] == UNSEEN:
        mem[M_BEACON_SEEN] = 0
        mem[M_CALL_TRIED] = 0
    if mem[M_BEACON_SEEN] == 0:
        if here != gen_room:
            return go(obs, out, n, next_hop, gen_room, knobs, ip)
        if obs[O_LIGHTING] != codes.LIGHT:
            return tend_dark_generator(obs, out, n)
        if obs[O_BEACON_ACTIVE] == 0:
            if obs[O_BEACON_BROKEN] == 1:
                return emit(out, n, codes.A_REPAIR, codes.OBJ_BEACON, 0)
            mem[M_BEACON_SEEN] = 1  # on after step 9 unless the power fails
            return emit(out, n, codes.A_BEACON, 0, 0)
    if here != codes.RADIO_ROOM:
        return go(obs, out, n, next_hop, codes.RADIO_ROOM, knobs, ip)
    if obs[O_LIGHTING] != codes.LIGHT:
        mem[M_BEACON_SEEN] = 0  # no power for the radio equipment: see to the generator
        return n
    mem[M_CALL_TRIED] = obs[O_TURN]
    return emit(out, n, codes.A_CALL, 0, 0)


@compiled
def human_declare(knobs, obs, mem, ip, out, next_hop, room_block):
    remember(obs, mem, ip, room_block)
    me = obs[O_SELF]
    here = obs[O_ROOM]
    n = 0
    parka_hand = hand_with(obs, codes.PARKA)
    if parka_hand >= 0 and obs[O_WEARS_PARKA] == 0:
        n = emit(out, n, codes.A_PARKA_ON, parka_hand, 0)  # ACT-PARKA: free
    m = warm_up(obs, mem, ip, knobs, out, n, next_hop, room_block)
    if m >= 0:
        return m
    if here == codes.WAREHOUSE and obs[O_YELLOW_LEFT] == 0:
        mem[M_NO_YELLOW] = 1
    if (
        obs[O_WEARS_PARKA] == 0
        and parka_hand < 0
        and knobs[K_PARKA_FIRST] > 0
        and mem[M_NO_YELLOW] == 0
        and free_hands(obs) > 0
    ):
        if here == codes.WAREHOUSE:
            if obs[O_ROOM_ITEMS + codes.PARKA] > 0:
                return emit(out, n, codes.A_PICKUP, codes.PARKA, 0)
            return emit(out, n, codes.A_OPEN_BOX, codes.YELLOW_BOX, codes.PARKA)  # LOC-WAREHOUSE-3
        return go(obs, out, n, next_hop, codes.WAREHOUSE, knobs, ip)
    if me // codes.N_BLOCKS < knobs[K_FUELERS_PER_BLOCK]:
        return fuel_errand(obs, mem, ip, knobs, me % codes.N_BLOCKS, out, n, next_hop, room_block)
    if obs[O_CALL_TURN] == UNSEEN and obs[O_TURN] >= knobs[K_BEACON_AFTER_TURN]:
        return beacon_errand(obs, mem, ip, knobs, out, n, next_hop, room_block)
    return n

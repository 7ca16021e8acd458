"""Declarations and the actions of characters: costs, legality and effects (A3, A4, A11, A12).

`declare` keeps what a policy declared if it is legal when declared and fits the AP; `resolve`
applies one kept declaration at its RES-ORDER step, re-checking what may have changed since.
"""

from numba import njit

from balance import codes
from balance.kernel import params as P
from balance.kernel.characters import can_act, damage, infect
from balance.kernel.events import log_event
from balance.kernel.items import (count_in_supply, drop_from_hand, find_on_floor, free_backpack_slot,
                                  free_hand, holds_kind, put_in_backpack, put_in_hand,
                                  take_from_supply, wear_parka)
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import G_CALL_TURN, G_PUMP_BROKEN, G_RESCUE_DUE, G_TURN, G_YELLOW_LEFT
from balance import records as R


@njit(cache=True)
def block_of_generator_room(room_block, r):
    """The block whose generator stands in room r, or -1 if r is not a generator room."""
    for b in range(codes.N_BLOCKS):
        if codes.GENERATOR_ROOMS[b] == r:
            return room_block[r]
    return -1


@njit(cache=True)
def living_in_room(s, r):
    """INF-5(b), GAP-36, GAP-56: living characters present; unconscious count, paralysed do not."""
    n = 0
    for d in range(s.hp.shape[0]):
        if s.room[d] == r and s.alive[d] == 1 and s.paralysed_until[d] == 0 and s.left_station[d] == 0:
            n += 1
    return n


@njit(cache=True)
def sees_in_room(s, c):
    """LIGHT-1..3, THING-P-1: c sees details in its room (Light, Flashlight or Night vision)."""
    light = s.lighting[s.room[c]]
    if light == codes.LIGHT or light == codes.FLASHLIGHT:
        return True
    return s.form[c] != codes.HUMAN and light == codes.DARK


@njit(cache=True)
def infection_cost(s, ip, c, target):
    """INF-1, INF-5, INF-6: AP an infection of `target` costs now, or -1 if it is not allowed."""
    if s.form[c] != codes.THING_HIDDEN or s.g[G_TURN] < s.infect_ready[c]:
        return -1
    if target < 0 or target >= s.hp.shape[0] or target == c:
        return -1
    if s.room[target] != s.room[c] or s.alive[target] == 0 or s.left_station[target] != 0:
        return -1
    light = s.lighting[s.room[c]]
    if light == codes.DARK:
        return 0  # INF-1
    if light == codes.BLIZZARD:
        return -1  # LIGHT-4: nobody can be made out in a blizzard
    if s.unconscious[target] == 1:
        return ip[P.I_INF_UNCONSCIOUS_AP]  # INF-5(a): spending the turn
    if living_in_room(s, s.room[c]) >= ip[P.I_INF_CROWD]:
        return 0  # INF-5(b)
    return -1


@njit(cache=True)
def object_here(s, room_block, r, obj):
    """GAP-20: which breakable objects stand in room r."""
    if obj == codes.OBJ_GENERATOR or obj == codes.OBJ_BEACON:
        return block_of_generator_room(room_block, r) >= 0
    if obj == codes.OBJ_PUMP:
        return r == codes.FUEL_ROOM
    return False


@njit(cache=True)
def action_cost(s, ip, adjacent, room_block, c, action, target):
    """AP cost of a declaration if it is legal when declared, else -1 (A4, GAP-13)."""
    r = s.room[c]
    if action == codes.A_MOVE:
        if target < 0 or target >= codes.N_ROOMS or adjacent[r, target] == 0:
            return -1
        fast = s.initiative[c] >= ip[P.I_FAST_INITIATIVE] and s.form[c] != codes.THING_ACTIVE
        return ip[P.I_MOVE_FAST_AP] if fast else ip[P.I_MOVE_AP]  # ACT-MOVE, STAT-INIT-2
    if action == codes.A_OPEN_BOX:
        if r != codes.WAREHOUSE or target < 0 or target > codes.YELLOW_BOX:
            return -1
        return ip[P.I_OPEN_BOX_AP]  # LOC-WAREHOUSE-4
    if action == codes.A_PICKUP:
        if target < 0 or target >= codes.N_ITEM_KINDS:
            return -1
        return ip[P.I_PICKUP_AP]  # ACT-PICKUP
    if action == codes.A_DROP or action == codes.A_PARKA_ON:
        return 0 if 0 <= target <= 1 else -1  # ACT-DROP, ACT-PARKA
    if action == codes.A_REFUEL:
        if not 0 <= target <= 1 or block_of_generator_room(room_block, r) < 0:
            return -1
        return ip[P.I_REFUEL_AP]  # GEN-4
    if action == codes.A_FILL:
        if not 0 <= target <= 1 or r != codes.FUEL_ROOM:
            return -1
        return ip[P.I_PUMP_AP]  # LOC-FUEL-1
    if action == codes.A_BREAK:
        if not object_here(s, room_block, r, target):
            return -1
        return ip[P.I_BREAK_AXE_AP] if holds_kind(s, c, codes.AXE) >= 0 else ip[P.I_BREAK_AP]
    if action == codes.A_REPAIR:
        return ip[P.I_REPAIR_AP] if object_here(s, room_block, r, target) else -1
    if action == codes.A_BEACON:
        return ip[P.I_BEACON_AP] if block_of_generator_room(room_block, r) >= 0 else -1
    if action == codes.A_CALL:
        return ip[P.I_CALL_AP] if r == codes.RADIO_ROOM else -1
    if action == codes.A_INFECT:
        return infection_cost(s, ip, c, target)
    return -1


@njit(cache=True)
def declare(s, ip, adjacent, room_block, c, wanted, n_wanted):
    """Keep c's declarations (rows of `wanted`: action, target, arg) that are legal and fit in
    the AP. AP-1, GAP-31 (one move a turn), GAP-59 (over 3 AP: the latest are lost)."""
    ap_left = ip[P.I_AP]
    kept = 0
    moved = False
    for j in range(n_wanted):
        action = wanted[j, 0]
        target = wanted[j, 1]
        cost = action_cost(s, ip, adjacent, room_block, c, action, target)
        if cost < 0 or (action == codes.A_MOVE and moved):
            continue
        if cost > ap_left:
            break
        ap_left -= cost
        moved = moved or action == codes.A_MOVE
        s.decl[c, kept, 0] = action
        s.decl[c, kept, 1] = target
        s.decl[c, kept, 2] = wanted[j, 2]
        kept += 1
    s.n_decl[c] = kept


@njit(cache=True)
def success_chance(s, fp, c, base):
    """LIGHT-2, GAP-27, THING-P-1: an uncertain action's chance, halved in the dark."""
    light = s.lighting[s.room[c]]
    dark = (light == codes.DARK or light == codes.BLIZZARD) and s.form[c] == codes.HUMAN
    return base * fp[P.F_DARKNESS_FACTOR] if dark else base


@njit(cache=True)
def open_box(s, ip, fp, c, colour, wanted, rec):
    """LOC-WAREHOUSE-1..5, GAP-19: open a box, take its item into the free hand."""
    h = free_hand(s, c)
    if h < 0:
        return
    if not sees_in_room(s, c):
        # GAP-19: in the dark a box of a uniformly random available colour opens
        colour = below(s.rng, WORLD, 3 if s.g[G_YELLOW_LEFT] > 0 else 2)
    if colour == codes.YELLOW_BOX and s.g[G_YELLOW_LEFT] <= 0:
        return
    rerolls = 1 if s.initiative[c] >= ip[P.I_REROLL_INITIATIVE] and wanted >= 0 else 0
    item = -1
    while True:
        if colour == codes.RED_BOX:
            axes = count_in_supply(s, codes.AXE) > 0
            kind = codes.AXE if axes and chance(s.rng, WORLD, fp[P.F_RED_AXE]) else codes.CANISTER
            item = take_from_supply(s, kind)
        elif colour == codes.BLUE_BOX:
            kind = codes.SPARE_PARTS if chance(s.rng, WORLD, fp[P.F_BLUE_PARTS]) else codes.SCRAP
            item = take_from_supply(s, kind)
        else:
            item = draw_yellow(s)  # GAP-19: without replacement
        if rerolls == 0 or item < 0 or s.item_kind[item] == wanted:
            break
        rerolls -= 1  # STAT-INIT-1: the die is rerolled once; the first find stays in its box
    if colour == codes.YELLOW_BOX:
        s.g[G_YELLOW_LEFT] -= 1
    if item < 0:
        log_event(s, codes.E_BOX, c, -1, colour, -1)  # model limit: the pool is exhausted
        return
    if s.item_kind[item] == codes.CANISTER:
        s.item_fuel[item] = ip[P.I_BOX_FILL]  # GAP-18
    log_event(s, codes.E_BOX, c, -1, colour, s.item_kind[item])
    if s.item_kind[item] == codes.PARKA:
        rec[R.C_PARKAS_TAKEN] += 1
        if s.worn[c] < 0:
            wear_parka(s, c, item)  # ITEM-PARKA: put on by default when taken
            return
    put_in_hand(s, c, h, item)


@njit(cache=True)
def draw_yellow(s):
    """GAP-19: one of the unopened yellow boxes, uniformly, so P(parka) = parkas left / boxes left."""
    left = 0
    for i in range(s.item_kind.shape[0]):
        if s.item_place[i] == codes.IN_SUPPLY and (s.item_kind[i] == codes.PARKA
                                                   or s.item_kind[i] == codes.FLASHLIGHT_ITEM):
            left += 1
    if left == 0:
        return -1
    pick = below(s.rng, WORLD, left)
    for i in range(s.item_kind.shape[0]):
        if s.item_place[i] == codes.IN_SUPPLY and (s.item_kind[i] == codes.PARKA
                                                   or s.item_kind[i] == codes.FLASHLIGHT_ITEM):
            if pick == 0:
                return i
            pick -= 1
    return -1


@njit(cache=True)
def pick_up(s, c, kind, to_backpack):
    """ACT-PICKUP, LIGHT-2: take a visible item lying here into a hand or the backpack."""
    if not sees_in_room(s, c):
        return
    i = find_on_floor(s, s.room[c], kind)
    if i < 0:
        return
    if kind == codes.PARKA and s.worn[c] < 0:
        wear_parka(s, c, i)  # ITEM-PARKA
    elif to_backpack == 1 and free_backpack_slot(s, c) >= 0:
        put_in_backpack(s, c, free_backpack_slot(s, c), i)
    elif free_hand(s, c) >= 0:
        put_in_hand(s, c, free_hand(s, c), i)
    else:
        return
    log_event(s, codes.E_PICKUP, c, -1, kind, 0)


@njit(cache=True)
def repair(s, ip, fp, room_block, c, obj, rec):
    """ACT-REPAIR, GAP-20: 90% with spare parts in hand, else 50%, halved in the dark; parts are
    used up on success; a failure may hurt unless Erudition is high enough."""
    b = block_of_generator_room(room_block, s.room[c])
    if obj == codes.OBJ_GENERATOR:
        broken = s.gen_broken[b] == 1
    elif obj == codes.OBJ_BEACON:
        broken = s.beacon_broken[b] == 1
    else:
        broken = s.g[G_PUMP_BROKEN] == 1
    if not broken:
        return
    tool = holds_kind(s, c, codes.SPARE_PARTS)  # ITEM-PARTS: the tool for these objects
    base = fp[P.F_REPAIR_TOOL] if tool >= 0 else fp[P.F_REPAIR_NO_TOOL]
    if chance(s.rng, WORLD, success_chance(s, fp, c, base)):
        if obj == codes.OBJ_GENERATOR:
            s.gen_broken[b] = 0
        elif obj == codes.OBJ_BEACON:
            s.beacon_broken[b] = 0
        else:
            s.g[G_PUMP_BROKEN] = 0
        if tool >= 0:
            i = s.hand[c, tool]
            s.hand[c, tool] = -1
            s.item_place[i] = codes.DESTROYED
            s.item_where[i] = -1
        rec[R.C_REPAIRS] += 1
        log_event(s, codes.E_REPAIR, c, -1, obj, 1)
        return
    log_event(s, codes.E_REPAIR, c, -1, obj, 0)
    if s.erudition[c] < ip[P.I_SAFE_ERUDITION] and chance(s.rng, WORLD, fp[P.F_INJURY]):
        log_event(s, codes.E_INJURED, c, -1, ip[P.I_INJURY_DAMAGE], 0)
        damage(s, ip, c, ip[P.I_INJURY_DAMAGE], codes.DC_INJURY, rec)


@njit(cache=True)
def break_object(s, room_block, c, obj, rec):
    """ACT-BREAK, GAP-20: breaking always succeeds; a broken beacon must be activated again."""
    b = block_of_generator_room(room_block, s.room[c])
    if obj == codes.OBJ_GENERATOR:
        if s.gen_broken[b] == 0:
            rec[R.C_GENERATOR_BREAKS] += 1
        s.gen_broken[b] = 1
    elif obj == codes.OBJ_BEACON:
        s.beacon_broken[b] = 1
        s.beacon_on[b] = 0
    else:
        s.g[G_PUMP_BROKEN] = 1
    log_event(s, codes.E_BREAK, c, -1, obj, 0)


@njit(cache=True)
def beacon_active(s, b):
    """GAP-6: an activated beacon works while unbroken and powered."""
    return s.beacon_on[b] == 1 and s.beacon_broken[b] == 0 and s.gen_running[b] == 1


@njit(cache=True)
def resolve(s, ip, fp, room_block, c, j, rec):
    """Apply declaration j of character c at its step (RES-ORDER); moves are handled apart."""
    if not can_act(s, c):
        return  # UNC-1, HP-3, GAP-56: the dead, unconscious and paralysed do nothing
    action = s.decl[c, j, 0]
    target = s.decl[c, j, 1]
    arg = s.decl[c, j, 2]
    r = s.room[c]
    if action == codes.A_DROP:
        i = drop_from_hand(s, c, target, -1)
        if i >= 0:
            log_event(s, codes.E_DROP, c, -1, s.item_kind[i], 0)
    elif action == codes.A_PARKA_ON:
        i = s.hand[c, target]
        if i >= 0 and s.item_kind[i] == codes.PARKA and s.worn[c] < 0:
            s.hand[c, target] = -1
            wear_parka(s, c, i)
            log_event(s, codes.E_PARKA_ON, c, -1, 0, 0)
    elif action == codes.A_INFECT:
        if infection_cost(s, ip, c, target) >= 0:
            infect(s, ip, c, target, rec)
    elif action == codes.A_OPEN_BOX:
        open_box(s, ip, fp, c, target, arg, rec)
    elif action == codes.A_PICKUP:
        pick_up(s, c, target, arg)
    elif action == codes.A_REFUEL:
        i = s.hand[c, target]
        b = block_of_generator_room(room_block, r)
        if i >= 0 and s.item_kind[i] == codes.CANISTER:
            amount = min(s.item_fuel[i], ip[P.I_GEN_CAPACITY] - s.gen_fuel[b])  # GAP-18
            if amount > 0:
                s.item_fuel[i] -= amount
                s.gen_fuel[b] += amount
                rec[R.C_REFUELS] += 1
                log_event(s, codes.E_REFUEL, c, -1, amount, b)
    elif action == codes.A_FILL:
        i = s.hand[c, target]
        if i >= 0 and s.item_kind[i] == codes.CANISTER and s.item_fuel[i] == 0 \
                and s.g[G_PUMP_BROKEN] == 0:
            s.item_fuel[i] = ip[P.I_PUMP_FILL]  # LOC-FUEL-1, GAP-18: only empty ones, to full
            rec[R.C_CANISTERS_FILLED] += 1
            log_event(s, codes.E_FILL, c, -1, 0, 0)
    elif action == codes.A_REPAIR:
        repair(s, ip, fp, room_block, c, target, rec)
    elif action == codes.A_BREAK:
        break_object(s, room_block, c, target, rec)
    elif action == codes.A_BEACON:
        b = block_of_generator_room(room_block, r)
        lit = s.lighting[r] == codes.LIGHT or s.lighting[r] == codes.FLASHLIGHT
        if lit and s.gen_running[b] == 1 and s.beacon_broken[b] == 0 and s.beacon_on[b] == 0:
            s.beacon_on[b] = 1  # GAP-6
            if rec[R.C_BEACON_TURN] == 0:
                rec[R.C_BEACON_TURN] = s.g[G_TURN]
            log_event(s, codes.E_BEACON, c, -1, b, 0)
    elif action == codes.A_CALL:
        powered = s.gen_running[room_block[codes.RADIO_ROOM]] == 1
        any_beacon = False
        for b in range(codes.N_BLOCKS):
            any_beacon = any_beacon or beacon_active(s, b)
        if s.g[G_CALL_TURN] == 0 and powered and any_beacon:  # GAP-6: once per game
            s.g[G_CALL_TURN] = s.g[G_TURN]
            s.g[G_RESCUE_DUE] = s.g[G_TURN] + ip[P.I_RESCUE_DELAY]
            rec[R.C_CALL_TURN] = s.g[G_TURN]
            log_event(s, codes.E_CALL, c, -1, s.g[G_RESCUE_DUE], 0)


@njit(cache=True)
def leave_room(s, fp, room_block, c, j):
    """ACT-MOVE exit (step 10), LIGHT-4, GAP-2: a move that starts on the Street in a blizzard
    lands, with the misdirection chance, in another room of the target's block (or any indoor
    room when heading for the Tower)."""
    if not can_act(s, c):
        return
    target = s.decl[c, j, 1]
    dest = target
    if s.room[c] == codes.STREET and s.lighting[codes.STREET] == codes.BLIZZARD \
            and chance(s.rng, WORLD, fp[P.F_MISDIRECT]):
        if target == codes.TOWER:
            dest = below(s.rng, WORLD, codes.N_INDOOR)
        else:
            b = room_block[target]
            n_other = 0
            for r in range(codes.N_INDOOR):
                if room_block[r] == b and r != target:
                    n_other += 1
            if n_other > 0:
                k = below(s.rng, WORLD, n_other)
                for r in range(codes.N_INDOOR):
                    if room_block[r] == b and r != target:
                        if k == 0:
                            dest = r
                            break
                        k -= 1
    s.move_to[c] = dest


@njit(cache=True)
def enter_room(s, c, intended):
    """ACT-MOVE entry (step 12)."""
    dest = s.move_to[c]
    if dest < 0:
        return
    s.move_to[c] = -1
    if s.alive[c] == 0:
        return
    origin = s.room[c]
    s.room[c] = dest
    if dest == intended:
        log_event(s, codes.E_MOVE, c, -1, origin, dest)
    else:
        log_event(s, codes.E_MISDIRECTED, c, -1, intended, dest)

"""Inventory actions (A4: ACT-PICKUP, ACT-DROP, ACT-PARKA, ACT-GIVE, ACT-RECEIVE, ACT-BACKPACK,
ACT-DESTROY, ACT-FLASHLIGHT, ACT-FUEL, ACT-RELOAD; LOC-WAREHOUSE-4): their costs and effects."""

from balance.compile.jit import compiled
from balance.kernel.health import other_here
from balance.kernel.items import (
    count_in_supply,
    find_on_floor,
    fits_in_backpack,
    free_backpack_slot,
    free_hand,
    holds_kind,
    put_in_backpack,
    put_in_hand,
    stow,
    take_from_supply,
    wear_parka,
)
from balance.kernel.perception import can_act, log_act, sees_in_room
from balance.kernel.public import D_ACTION, D_ARG, D_TARGET
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import (
    CH_BACKPACK,
    CH_HAND,
    CH_INITIATIVE,
    CH_LOST_HAND,
    CH_N_DECL,
    CH_ROOM,
    CH_WORN,
    IT_FUEL,
    IT_KIND,
    IT_ON,
    IT_PLACE,
    IT_WHERE,
    ST_YELLOW_LEFT,
)
from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.items import drop_from_hand
from balance.kernel.locks import (
    carries_card,
    door_action_cost,
    drop_card,
    hand_over_card,
    take_card,
)


@compiled
def in_hand_is(ch, it, c, h, kind):
    """Hand h of c (0 or 1) holds an item of `kind`."""
    return 0 <= h <= 1 and ch[c, CH_HAND + h] >= 0 and it[ch[c, CH_HAND + h], IT_KIND] == kind


@compiled
def fuel_transfer_declarable(ch, c, h, arg):
    """ACT-FUEL: the source canister's hand h, and arg: -1 pour out; 0 or 1 c's other hand;
    2 + d into the hand of d, here; -(2 + d) receiving from d, here."""
    if not 0 <= h <= 1:
        return False
    if arg == -1:
        return True
    if arg == 0 or arg == 1:
        return arg != h
    if arg >= 2:
        return other_here(ch, c, arg - 2)
    return other_here(ch, c, -arg - 2)


@compiled
def open_box(ch, it, st, rng, events, ip, fp, c, colour, wanted, rec):
    """LOC-WAREHOUSE-1..5, GAP-19: open a box, take its item into the free hand."""
    h = free_hand(ch, c)
    if h < 0:
        return
    if not sees_in_room(ch, st, c):
        # GAP-19: in the dark a box of a uniformly random available colour opens
        colour = below(rng, WORLD, 3 if st[ST_YELLOW_LEFT] > 0 else 2)
    if colour == codes.YELLOW_BOX and st[ST_YELLOW_LEFT] <= 0:
        return
    rerolls = 1 if ch[c, CH_INITIATIVE] >= ip[P.I_REROLL_INITIATIVE] and wanted >= 0 else 0
    item = -1
    while True:
        if colour == codes.RED_BOX:
            axes = count_in_supply(it, codes.AXE) > 0
            kind = codes.AXE if axes and chance(rng, WORLD, fp[P.F_RED_AXE]) else codes.CANISTER
            item = take_from_supply(it, kind)
        elif colour == codes.BLUE_BOX:
            kind = codes.SPARE_PARTS if chance(rng, WORLD, fp[P.F_BLUE_PARTS]) else codes.SCRAP
            item = take_from_supply(it, kind)
        else:
            item = draw_yellow(it, ip, rng)  # GAP-19: without replacement
        if rerolls == 0 or item < 0 or it[item, IT_KIND] == wanted:
            break
        rerolls -= 1  # STAT-INIT-1: the die is rerolled once; the first find stays in its box
    if colour == codes.YELLOW_BOX:
        st[ST_YELLOW_LEFT] -= 1
    if item < 0:
        log_act(
            ch, st, events, codes.E_BOX, c, -1, colour, -1, ch[c, CH_ROOM]
        )  # model limit: the pool is exhausted
        return
    if it[item, IT_KIND] == codes.CANISTER:
        it[item, IT_FUEL] = ip[P.I_BOX_FILL]  # GAP-18
    log_act(ch, st, events, codes.E_BOX, c, -1, colour, it[item, IT_KIND], ch[c, CH_ROOM])
    if it[item, IT_KIND] == codes.PARKA:
        rec[R.C_PARKAS_TAKEN] += 1
        if ch[c, CH_WORN] < 0:
            wear_parka(ch, it, c, item)  # ITEM-PARKA: put on by default when taken
            return
    put_in_hand(ch, it, c, h, item)


@compiled
def draw_yellow(it, ip, rng):
    """GAP-19: one of the unopened yellow boxes, uniformly: P(parka) = parkas left / boxes left.
    The boxes' parkas and flashlights are the first item ids (items.stock_items)."""
    boxes = ip[P.I_PARKAS] + ip[P.I_FLASHLIGHTS]
    left = 0
    for i in range(boxes):
        if it[i, IT_PLACE] == codes.IN_SUPPLY:
            left += 1
    if left == 0:
        return -1
    pick = below(rng, WORLD, left)
    for i in range(boxes):
        if it[i, IT_PLACE] == codes.IN_SUPPLY:
            if pick == 0:
                return i
            pick -= 1
    return -1


@compiled
def pick_up(ch, it, st, events, c, kind, to_backpack):
    """ACT-PICKUP, LIGHT-2: take a visible item lying here into a hand or the backpack."""
    if not sees_in_room(ch, st, c):
        return
    i = find_on_floor(it, ch[c, CH_ROOM], kind)
    if i < 0 and kind == codes.WIRES and ch[c, CH_ROOM] == codes.RADIO_ROOM:
        i = take_from_supply(it, codes.WIRES)  # LOC-RADIO-2: the Radio room's unlimited wires
    if i < 0:
        return
    if kind == codes.PARKA and ch[c, CH_WORN] < 0:
        wear_parka(ch, it, c, i)  # ITEM-PARKA
    elif to_backpack == 1 and free_backpack_slot(ch, c) >= 0 and fits_in_backpack(kind):
        put_in_backpack(ch, it, c, free_backpack_slot(ch, c), i)
    elif free_hand(ch, c) >= 0:
        put_in_hand(ch, it, c, free_hand(ch, c), i)
    else:
        return
    log_act(ch, st, events, codes.E_PICKUP, c, -1, kind, 0, ch[c, CH_ROOM])


@compiled
def receives(ch, decl, giver, receiver, kind):
    """ACT-RECEIVE: the receiver declared taking this kind of item from the giver this turn."""
    for j in range(ch[receiver, CH_N_DECL]):
        if (
            decl[receiver, j, D_ACTION] == codes.A_RECEIVE
            and decl[receiver, j, D_TARGET] == giver
            and decl[receiver, j, D_ARG] == kind
        ):
            return True
    return False


@compiled
def give(ch, it, st, events, decl, c, target, source):
    """ACT-GIVE, ACT-RECEIVE (step 5): the item in hand `source` (0 or 1) or in backpack slot
    -(1 + source) is handed over; it needs both declarations, the receiver able to act and with
    room for it: a free hand, else his backpack («место в инвентаре»)."""
    cell = CH_HAND + source if source >= 0 else CH_BACKPACK - 1 - source
    i = ch[c, cell]
    if i < 0 or not other_here(ch, c, target) or not can_act(ch, target):
        return
    kind = it[i, IT_KIND]
    if not receives(ch, decl, c, target, kind) or not stow(ch, it, target, i):
        return
    ch[c, cell] = -1
    log_act(ch, st, events, codes.E_GIVE, c, target, kind, 0, ch[c, CH_ROOM])


@compiled
def use_backpack(ch, it, st, events, c, h, k):
    """ACT-BACKPACK, INV-3, GAP-23: take from, put into, or swap with backpack slot k."""
    in_hand = ch[c, CH_HAND + h]
    in_pack = ch[c, CH_BACKPACK + k]
    if h == ch[c, CH_LOST_HAND] or (in_hand < 0 and in_pack < 0):
        return  # INV-2: a lost hand holds nothing
    if in_hand >= 0 and not fits_in_backpack(it[in_hand, IT_KIND]):
        return  # GAP-50
    ch[c, CH_HAND + h] = -1
    ch[c, CH_BACKPACK + k] = -1
    if in_pack >= 0:
        put_in_hand(ch, it, c, h, in_pack)
    if in_hand >= 0:
        put_in_backpack(ch, it, c, k, in_hand)
    taken = it[in_pack, IT_KIND] if in_pack >= 0 else -1
    stored = it[in_hand, IT_KIND] if in_hand >= 0 else -1
    log_act(ch, st, events, codes.E_BACKPACK, c, -1, taken, stored, ch[c, CH_ROOM])


@compiled
def use_up_held_or_seen(ch, it, st, c, kind, lying):
    """Destroy an item of `kind` from c's hand (lying = 0) or, if he can see it (LIGHT-2: items
    on a dark floor cannot be seen), from his room's floor (lying = 1); its id, or -1 if none."""
    i = -1
    if lying == 0:
        h = holds_kind(ch, it, c, kind)
        if h >= 0:
            i = ch[c, CH_HAND + h]
            ch[c, CH_HAND + h] = -1
    elif sees_in_room(ch, st, c):
        i = find_on_floor(it, ch[c, CH_ROOM], kind)
    if i >= 0:
        it[i, IT_PLACE] = codes.DESTROYED
        it[i, IT_WHERE] = -1
    return i


@compiled
def destroy(ch, it, st, events, c, kind, own):
    """ACT-DESTROY: an item of `kind` in one's hands (step 1) or visibly lying here (step 5)."""
    if use_up_held_or_seen(ch, it, st, c, kind, 1 - own) < 0:
        return
    log_act(ch, st, events, codes.E_DESTROY, c, -1, kind, 0, ch[c, CH_ROOM])


@compiled
def toggle_flashlight(it, st, events, ch, c, h):
    """ACT-FLASHLIGHT (step 13): the change lights the room from the next turn (GAP-22)."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] != codes.FLASHLIGHT_ITEM:
        return
    it[i, IT_ON] = 1 - it[i, IT_ON]
    log_act(ch, st, events, codes.E_FLASHLIGHT, c, -1, it[i, IT_ON], 0, ch[c, CH_ROOM])


@compiled
def take_off_parka(ch, it, st, events, c):
    """ACT-PARKA, ITEM-PARKA (step 1): the worn parka goes into a free hand; without one, or
    without a parka on, nothing happens."""
    i = ch[c, CH_WORN]
    h = free_hand(ch, c)
    if i < 0 or h < 0:
        return
    ch[c, CH_WORN] = -1
    put_in_hand(ch, it, c, h, i)
    log_act(ch, st, events, codes.E_PARKA_OFF, c, -1, 0, 0, ch[c, CH_ROOM])


@compiled
def fuel_receiving_hand(ch, decl, receiver, giver):
    """ACT-FUEL: the hand in which the receiver declared taking fuel from the giver this turn,
    or -1."""
    for j in range(ch[receiver, CH_N_DECL]):
        if decl[receiver, j, D_ACTION] == codes.A_FUEL and decl[receiver, j, D_ARG] == -(2 + giver):
            return decl[receiver, j, D_TARGET]
    return -1


@compiled
def transfer_fuel(ch, it, st, events, decl, c, h, arg):
    """ACT-FUEL, GAP-18 (step 4): pour the canister in hand h out (arg -1), or into the canister
    in c's other hand (arg 0 or 1) or in the hand of d = arg - 2, here and able to act, who
    declared receiving it (arg -(2 + c)); a transfer moves min(source, free space). The
    receiver's own declaration (arg <= -2) does nothing: the giver's resolves the transfer.
    ITEM-FLAMETHROWER-5: the flamethrower's tank "has the same functions as a canister", as
    source or receiver."""
    i = ch[c, CH_HAND + h]
    if arg <= -2 or i < 0 or it[i, IT_KIND] not in codes.FUEL_CONTAINERS:
        return
    if arg == -1:
        log_act(ch, st, events, codes.E_FUEL, c, -1, it[i, IT_FUEL], 0, ch[c, CH_ROOM])
        it[i, IT_FUEL] = 0
        return
    holder, slot = c, arg
    if arg >= 2:
        holder = arg - 2
        if not other_here(ch, c, holder) or not can_act(ch, holder):
            return
        slot = fuel_receiving_hand(ch, decl, holder, c)
        if slot < 0:
            return
    k = ch[holder, CH_HAND + slot]
    if k < 0 or k == i or it[k, IT_KIND] not in codes.FUEL_CONTAINERS:
        return
    amount = min(it[i, IT_FUEL], codes.FUEL_UNITS - it[k, IT_FUEL])  # each holds 1 canister
    it[i, IT_FUEL] -= amount
    it[k, IT_FUEL] += amount
    log_act(ch, st, events, codes.E_FUEL, c, holder, amount, 0, ch[c, CH_ROOM])


@compiled
def inventory_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of an inventory declaration if legal when declared, else -1."""
    if action == codes.A_DROP and target >= 2:
        return door_action_cost(ch, it, ip, adjacent, c, action, target, arg)  # GAP-5: a card
    if action == codes.A_OPEN_BOX:
        if ch[c, CH_ROOM] != codes.WAREHOUSE or target < 0 or target > codes.YELLOW_BOX:
            return -1
        return ip[P.I_OPEN_BOX_AP]  # LOC-WAREHOUSE-4
    if action == codes.A_PICKUP:
        if target < 0 or target >= codes.N_ITEM_KINDS:
            return -1
        return ip[P.I_PICKUP_AP]  # ACT-PICKUP
    if action == codes.A_DROP or action == codes.A_PARKA_ON:
        return 0 if 0 <= target <= 1 else -1  # ACT-DROP, ACT-PARKA
    if action == codes.A_BACKPACK:
        return ip[P.I_BACKPACK_AP] if 0 <= target <= 1 and 0 <= arg <= 2 else -1  # GAP-23, INV-4
    if action == codes.A_GIVE:  # ACT-GIVE: from a hand or the backpack; a carried ID card (GAP-5)
        from_hand_or_backpack = 0 <= arg <= 1 or 0 <= -1 - arg <= 2
        ok = from_hand_or_backpack or carries_card(ch, it, c, arg - 2)
        return ip[P.I_GIVE_AP] if ok and other_here(ch, c, target) else -1
    if action == codes.A_RECEIVE:
        ok = other_here(ch, c, target) and 0 <= arg < codes.N_ITEM_KINDS
        return ip[P.I_RECEIVE_AP] if ok else -1
    if action == codes.A_DESTROY:
        ok = 0 <= target < codes.N_ITEM_KINDS and 0 <= arg <= 1
        return ip[P.I_DESTROY_AP] if ok else -1
    if action == codes.A_FLASHLIGHT:
        return ip[P.I_FLASHLIGHT_AP] if 0 <= target <= 1 else -1
    if action == codes.A_PARKA_OFF:
        return ip[P.I_PARKA_OFF_AP]  # ACT-PARKA
    if action == codes.A_FUEL:
        return ip[P.I_FUEL_AP] if fuel_transfer_declarable(ch, c, target, arg) else -1
    if action == codes.A_RELOAD:
        # ACT-RELOAD, GAP-16: ammunition is unlimited, so it resolves as a no-op
        return ip[P.I_RELOAD_AP] if in_hand_is(ch, it, c, target, codes.PISTOL) else -1
    return -1


@compiled
def resolve_inventory(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """An inventory declaration at its step."""
    if action == codes.A_GIVE:
        if arg >= 2:  # GAP-5: an ID card
            accepted = receives(ch, decl, c, target, codes.ID_CARD)
            hand_over_card(ch, it, st, events, c, target, arg - 2, accepted)
        else:
            give(ch, it, st, events, decl, c, target, arg)
    elif action == codes.A_BACKPACK:
        use_backpack(ch, it, st, events, c, target, arg)
    elif action == codes.A_DESTROY:
        destroy(ch, it, st, events, c, target, arg)
    elif action == codes.A_DROP and target >= 2:
        drop_card(ch, it, st, events, c, target - 2)  # GAP-5
    elif action == codes.A_DROP:
        i = drop_from_hand(ch, it, c, target, -1)
        if i >= 0:
            log_act(ch, st, events, codes.E_DROP, c, -1, it[i, IT_KIND], 0, ch[c, CH_ROOM])
    elif action == codes.A_PARKA_ON:
        i = ch[c, CH_HAND + target]
        if i >= 0 and it[i, IT_KIND] == codes.PARKA and ch[c, CH_WORN] < 0:
            ch[c, CH_HAND + target] = -1
            wear_parka(ch, it, c, i)
            log_act(ch, st, events, codes.E_PARKA_ON, c, -1, 0, 0, ch[c, CH_ROOM])
    elif action == codes.A_PARKA_OFF:
        take_off_parka(ch, it, st, events, c)
    elif action == codes.A_FUEL:
        transfer_fuel(ch, it, st, events, decl, c, target, arg)
    elif action == codes.A_OPEN_BOX:
        open_box(ch, it, st, rng, events, ip, fp, c, target, arg, rec)
    elif action == codes.A_PICKUP and target == codes.ID_CARD:  # GAP-5, GAP-51
        take_card(ch, it, st, events, c, arg - 2 if arg >= 2 else -1, sees_in_room(ch, st, c))
    elif action == codes.A_PICKUP:
        pick_up(ch, it, st, events, c, target, arg)
    elif action == codes.A_FLASHLIGHT:
        toggle_flashlight(it, st, events, ch, c, target)

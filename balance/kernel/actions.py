"""Declarations and the actions of characters: costs, legality and effects (A3, A4, A11, A12).

`declare` keeps what a policy declared if it is legal when declared and fits the AP; `resolve`
applies one kept declaration at its RES-ORDER step, re-checking what may have changed since.
"""

from balance.compile.jit import compiled
from balance.kernel.steps import action_step, is_move

from balance import codes
from balance.kernel import params as P
from balance.kernel.health import other_here
from balance.kernel.infection import infect
from balance.kernel.arsenal import (
    craft,
    explode_grenade,
    workshop_works,
)
from balance.kernel.events import log_event
from balance.kernel.food import food_action_cost, resolve_food
from balance.kernel.perception import (
    can_act,
    log_act,
    sees_in_room,
)
from balance.kernel.helicopter import boarding_open, fuel_tank, prepare, take_seat
from balance.kernel.items import (
    drop_from_hand,
    holds_kind,
    wear_parka,
)
from balance.kernel.locks import (
    break_door,
    carries_card,
    door_action_cost,
    door_open_from,
    drop_card,
    enter_code,
    hand_over_card,
    take_card,
    use_card,
)
from balance.observation import MAX_CHARACTERS
from balance.kernel.terminal import terminal_cost, use_terminal
from balance.kernel.thing import (
    active_form_allows,
    resolve_thing,
    thing_action_cost,
)
from balance.kernel.public import unpack_order, D_ACTION, D_TARGET, D_ARG, D_COST
from balance.kernel.contagion import (
    contagion_action_cost,
    resolve_contagion,
)
from balance.kernel.lab import lab_action_cost, resolve_lab
from balance import records as R
from balance.kernel.state import (
    CH_ARCHETYPE,
    CH_ORDER_COST,
    ST_MIRROR_BROKEN,
    ST_WEATHER_STATION_BROKEN,
    CH_REACT_ACTION,
    CH_REACT_ARG,
    CH_REACT_ROW,
    CH_REACT_STATE,
    CH_REACT_STEP,
    CH_REACT_TARGET,
    CH_REACT_TRIGGER,
    ST_REACTIONS,
    CH_FORM,
    CH_HAND,
    CH_INITIATIVE,
    CH_N_DECL,
    CH_ROOM,
    CH_WORN,
    IT_FUEL,
    IT_KIND,
    ST_BEACON_BROKEN,
    ST_BEACON_ON,
    ST_CALL_TURN,
    ST_GEN_RUNNING,
    ST_LIGHTING,
    ST_PUMP_BROKEN,
    ST_RESCUE_DUE,
    ST_TURN,
)
from balance.kernel.care import bandage, drink, look_in_mirror, read_forecast
from balance.kernel.combat import cover, flame, melee, shoot
from balance.kernel.hindering import foiled, hinder, shield_object
from balance.kernel.infection import infection_cost, infection_rule
from balance.kernel.inventory import (
    destroy,
    fuel_transfer_declarable,
    give,
    in_hand_is,
    open_box,
    pick_up,
    receives,
    take_off_parka,
    toggle_flashlight,
    transfer_fuel,
    use_backpack,
)
from balance.kernel.movement import follow
from balance.kernel.radio import speak, toggle_radio
from balance.kernel.station import beacon_active, block_of_generator_room, object_here, usable_here
from balance.kernel.upkeep import break_object, fuel_generator, remote_break, repair, repair_door
from balance.kernel.infection import INF_UNCONSCIOUS


@compiled
def action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a declaration if it is legal when declared, else -1.
    AP-2: the stars of A4; GAP-13."""
    r = ch[c, CH_ROOM]
    if ch[c, CH_FORM] == codes.THING_ACTIVE and not active_form_allows(action, arg):
        return -1  # THING-ACTIVE-3, THING-ACTIVE-5
    if st[ST_LIGHTING + r] == codes.BLIZZARD and action in codes.ACTIONS_AIMED_AT_SOMEONE_SEEN:
        return -1  # LIGHT-4: «вы не видите, кто находится в локации»: nobody to aim at
    if action in codes.ACTIONS_NEEDING_LIGHT and not sees_in_room(ch, st, c):
        return -1  # LIGHT-5: Light or a Flashlight (a Thing's Night vision will do)
    if (
        action == codes.A_CODE
        or action == codes.A_IDCARD
        or ((action == codes.A_BREAK or action == codes.A_REPAIR) and target == codes.OBJ_DOOR)
        or (action == codes.A_DROP and target >= 2)
    ):
        return door_action_cost(ch, it, ip, adjacent, c, action, target, arg)  # A13
    if action == codes.A_TERMINAL:
        return terminal_cost(ch, it, st, ip, c, target, arg)  # LOC-TOWER-3/4
    if codes.A_TRANSFORM <= action <= codes.A_REMOTE_BREAK:  # A8, A9
        door = target == codes.OBJ_DOOR and arg != codes.STREET
        if action == codes.A_REMOTE_BREAK and not (door or object_here(room_block, arg, target)):
            return -1  # ARCH-MUTANT-1, GAP-43: an object standing in that room, or its door
        return thing_action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg)
    if codes.A_SALIVA <= action <= codes.A_BURN_DOG:
        return contagion_action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg)
    if codes.A_BLOOD_SELF <= action <= codes.A_LAB_VIEW:  # ACT-BLOOD-SELF, LOC-LAB-*
        return lab_action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg)
    if action == codes.A_MOVE:
        if target < 0 or target >= codes.N_ROOMS or adjacent[r, target] == 0:
            return -1
        if ch[c, CH_FORM] == codes.THING_ACTIVE and ch[c, CH_ARCHETYPE] == codes.ARCH_SOLDIER:
            return ip[P.I_SOLDIER_MOVE_AP]  # ARCH-SOLDIER-2 (GAP-31: still one move a turn)
        fast = (
            ch[c, CH_INITIATIVE] >= ip[P.I_FAST_INITIATIVE] and ch[c, CH_FORM] != codes.THING_ACTIVE
        )
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
    if action == codes.A_REFUEL:  # GEN-4: arg 0 into the generator, 1 out of it
        if not (0 <= target <= 1 and 0 <= arg <= 1) or block_of_generator_room(room_block, r) < 0:
            return -1
        return ip[P.I_REFUEL_AP]
    if action == codes.A_FILL:
        if not 0 <= target <= 1 or r != codes.FUEL_ROOM:
            return -1
        return ip[P.I_PUMP_AP]  # LOC-FUEL-1
    if action == codes.A_BREAK:
        if not usable_here(ch, st, room_block, c, target):
            return -1
        # THING-ACTIVE-7: the active Thing breaks as with an axe
        axe = holds_kind(ch, it, c, codes.AXE) >= 0 or ch[c, CH_FORM] == codes.THING_ACTIVE
        return ip[P.I_BREAK_AXE_AP] if axe else ip[P.I_BREAK_AP]
    if action == codes.A_REPAIR:
        return ip[P.I_REPAIR_AP] if usable_here(ch, st, room_block, c, target) else -1
    if action == codes.A_HELI_FUEL:
        ok = usable_here(ch, st, room_block, c, codes.OBJ_ENGINE) and 0 <= target <= 1
        return ip[P.I_HELI_FUEL_AP] if ok and 0 <= arg <= 1 else -1  # HELI-3
    if action == codes.A_HELI_PREPARE:  # HELI-5: not while last turn's preparation boards
        ok = usable_here(ch, st, room_block, c, codes.OBJ_ENGINE) and not boarding_open(st)
        return ip[P.I_HELI_PREPARE_AP] if ok else -1  # HELI-4
    if action == codes.A_HELI_BOARD:
        ok = usable_here(ch, st, room_block, c, codes.OBJ_ENGINE) and boarding_open(st)
        return ip[P.I_HELI_BOARD_AP] if ok else -1  # HELI-5
    if action == codes.A_BEACON:
        return ip[P.I_BEACON_AP] if block_of_generator_room(room_block, r) >= 0 else -1
    if action == codes.A_CALL:
        return ip[P.I_CALL_AP] if r == codes.RADIO_ROOM else -1
    if action == codes.A_INFECT:
        return infection_cost(ch, st, ip, c, target)
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
    if action == codes.A_SHOOT:
        ok = 0 <= arg <= 1 and (target == -1 or other_here(ch, c, target))  # ACT-SHOOT-5: the air
        return ip[P.I_SHOOT_AP] if ok else -1
    if action == codes.A_MELEE or action == codes.A_FLAME_VOLLEY:
        if not (0 <= arg <= 1 and other_here(ch, c, target)):
            return -1
        if action == codes.A_FLAME_VOLLEY:
            return ip[P.I_FLAME_VOLLEY_AP]  # GAP-44
        i = ch[c, CH_HAND + arg]
        flamethrower = i >= 0 and it[i, IT_KIND] == codes.FLAMETHROWER
        return ip[P.I_FLAME_AP] if flamethrower else ip[P.I_MELEE_AP]
    if action == codes.A_CRAFT:  # CRAFT-1, LOC-ARSENAL-1/2
        ok = r == codes.ARSENAL and 0 <= target < codes.N_RECIPES and workshop_works(st, room_block)
        return ip[P.I_CRAFT_AP] if ok else -1
    if action == codes.A_THROW:  # ITEM-GRENADE-2
        if not 0 <= arg <= 1:
            return -1
        if target == r:
            return ip[P.I_THROW_HERE_AP]
        ok = 0 <= target < codes.N_ROOMS and target != codes.STREET and adjacent[r, target] == 1
        return ip[P.I_THROW_AWAY_AP] if ok else -1
    if action == codes.A_FLASHLIGHT:
        return ip[P.I_FLASHLIGHT_AP] if 0 <= target <= 1 else -1
    if action == codes.A_HINDER or action == codes.A_HINDER_TARGET:  # Light only (LIGHT-5)
        if action == codes.A_HINDER_TARGET and arg == 1:  # an object standing here (GAP-28)
            ok = target != codes.OBJ_DOOR and object_here(room_block, r, target)
        elif arg == 0:
            mine = action == codes.A_HINDER_TARGET and target == c  # one may shield oneself
            ok = mine or other_here(ch, c, target)
        else:
            ok = False
        return ip[P.I_HINDER_AP] if ok else -1
    if action == codes.A_FOLLOW:  # ACT-FOLLOW, GAP-32: Light only; not the active Thing
        ok = other_here(ch, c, target) and ch[c, CH_FORM] != codes.THING_ACTIVE
        return ip[P.I_FOLLOW_AP] if ok else -1
    if action == codes.A_RADIO_TOGGLE:  # ACT-RADIO-TOGGLE: a hand (0, 1), or one lying here (2)
        ok = 0 <= target <= 1 or (target == 2 and 0 <= arg < len(codes.RADIO_COLOUR_NAMES))
        return ip[P.I_RADIO_TOGGLE_AP] if ok else -1
    if action == codes.A_RADIO_SPEAK:  # ACT-RADIO-SPEAK, AP-11
        # the subject is a character or a room, as the topic says
        subjects = max(codes.N_ROOMS, MAX_CHARACTERS)
        ok = 0 <= target < len(codes.RADIO_TOPIC_NAMES) and 0 <= arg < subjects
        return ip[P.I_RADIO_SPEAK_AP] if ok else -1
    if action == codes.A_RESOLVE_LAST:  # AP-9: a free marker on another kind of action
        ok = codes.A_NONE < target < codes.N_ACTIONS and target != codes.A_RESOLVE_LAST
        return 0 if ok else -1
    if action == codes.A_LOWER_INITIATIVE:  # AP-10
        return 0
    if action == codes.A_DRINK:
        ok = (target == codes.VIAL_BLUE or target == codes.VIAL_RED) and 0 <= arg <= 1
        return ip[P.I_DRINK_AP] if ok else -1  # ACT-DRINK
    if action == codes.A_MIRROR:  # LOC-LIVING-2; GAP-20: a broken mirror is refused, as the lab's
        ok = r == codes.LIVING_QUARTERS and st[ST_MIRROR_BROKEN] == 0
        return ip[P.I_MIRROR_AP] if ok else -1
    if action == codes.A_FORECAST:  # LOC-TOWER-2; GAP-20: so is a broken weather station
        ok = r == codes.TOWER and st[ST_WEATHER_STATION_BROKEN] == 0
        return ip[P.I_FORECAST_AP] if ok else -1
    if action == codes.A_PARKA_OFF:
        return ip[P.I_PARKA_OFF_AP]  # ACT-PARKA
    if action == codes.A_FUEL:
        return ip[P.I_FUEL_AP] if fuel_transfer_declarable(ch, c, target, arg) else -1
    if action == codes.A_RELOAD:
        # ACT-RELOAD, GAP-16: ammunition is unlimited, so it resolves as a no-op
        return ip[P.I_RELOAD_AP] if in_hand_is(ch, it, c, target, codes.PISTOL) else -1
    if codes.A_TAKE_FOOD <= action <= codes.A_SEARCH_CORPSE:  # kernel.food
        if action == codes.A_SEARCH_CORPSE and not other_here(ch, c, target):
            return -1
        return food_action_cost(ch, st, ip, c, action, target, arg)
    if action == codes.A_BANDAGE:  # arg: the hand slot, and INF-8's BANDAGE_INFECT bit
        ok = 0 <= arg <= 1 + codes.BANDAGE_INFECT
        ok = ok and (target == c or other_here(ch, c, target))
        return ip[P.I_BANDAGE_AP] if ok else -1
    if action == codes.A_FIRSTAID:
        return ip[P.I_FIRSTAID_AP] if other_here(ch, c, target) else -1
    if action == codes.A_COVER:
        return ip[P.I_COVER_AP] if other_here(ch, c, target) else -1
    return -1


@compiled
def react(ch, it, st, decl, ip, adjacent, room_block, c, row, j, trigger):
    """STAT-INIT-1, GAP-33: at Initiative 2+, one reaction a turn: if c perceives an event of
    kind `trigger` before kept declaration `row` resolves, row becomes declaration j + 1, which
    must be legal now and cost no more AP (and keep the limits a turn: `replacement_within_limits`,
    once all are kept)."""
    if ch[c, CH_REACT_TRIGGER] >= 0 or ch[c, CH_INITIATIVE] < ip[P.I_REACTION_INITIATIVE]:
        return
    if not 0 < trigger < len(codes.EVENT_SIGHT):
        return
    action, target, arg = decl[c, j + 1, D_ACTION], decl[c, j + 1, D_TARGET], decl[c, j + 1, D_ARG]
    cost = action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg)
    if cost < 0 or cost > decl[c, row, D_COST] or action == codes.A_REACT:
        return
    ch[c, CH_REACT_TRIGGER] = trigger
    ch[c, CH_REACT_ROW] = row
    ch[c, CH_REACT_STEP] = action_step(decl[c, row, D_ACTION], decl[c, row, D_ARG])
    ch[c, CH_REACT_STATE] = 0
    ch[c, CH_REACT_ACTION] = action
    ch[c, CH_REACT_TARGET] = target
    ch[c, CH_REACT_ARG] = arg
    st[ST_REACTIONS] += 1


@compiled
def replacement_within_limits(ch, decl, c):
    """GAP-33 with AP-3, ACT-SHOOT-6 and GAP-31: a reaction's replacement counts with c's other
    kept declarations, those before the reaction and after it: no second once-a-turn action, no
    second shot from one hand's pistol, no second move or follow."""
    action = ch[c, CH_REACT_ACTION]
    for j in range(ch[c, CH_N_DECL]):
        other = decl[c, j, D_ACTION]
        if j == ch[c, CH_REACT_ROW]:
            continue
        if is_move(action) and is_move(other):
            return False
        if other != action:
            continue
        if action in codes.ONCE_A_TURN:
            return False
        if action == codes.A_SHOOT and decl[c, j, D_ARG] == ch[c, CH_REACT_ARG]:
            return False
    return True


@compiled
def replace_reacted(ch, st, events, decl, c, j):
    """GAP-33: a triggered reaction replaces its declaration, which then resolves in the new
    action's own step if that step is still to come (and is lost otherwise)."""
    if ch[c, CH_REACT_STATE] != 1 or j != ch[c, CH_REACT_ROW]:
        return
    ch[c, CH_REACT_STATE] = 2
    log_event(st, events, codes.E_REACTION, c, -1, decl[c, j, D_ACTION], ch[c, CH_REACT_ACTION])
    decl[c, j, D_ACTION] = ch[c, CH_REACT_ACTION]
    decl[c, j, D_TARGET] = ch[c, CH_REACT_TARGET]
    decl[c, j, D_ARG] = ch[c, CH_REACT_ARG]


@compiled
def declare(ch, it, st, decl, ip, adjacent, room_block, c, n_wanted):
    """Keep, in place, those of the first n_wanted rows of decl[c] (action, target, arg) that are
    legal and fit in the AP, with what each cost. AP-1, GAP-31 (one move or follow a turn),
    GAP-59 (over 3 AP: the latest are lost). A hidden Thing declares from the same list as a
    human, with his profession's stats (THING-2, GAP-62)."""
    ap_left = ip[P.I_AP]
    kept = 0
    moved = False
    shot_from = 0  # AP-3, ACT-SHOOT-6: one shot a turn from each hand's pistol (bit per hand)
    ch[c, CH_REACT_TRIGGER] = -1
    replacement = False
    for j in range(n_wanted):
        if replacement:
            replacement = False
            continue  # the row after a reaction is its replacement, not a declaration
        action = decl[c, j, D_ACTION]
        target = decl[c, j, D_TARGET]
        arg = decl[c, j, D_ARG]
        if action == codes.A_REACT:
            replacement = j + 1 < n_wanted
            if replacement and kept > 0:
                react(ch, it, st, decl, ip, adjacent, room_block, c, kept - 1, j, target)
            continue
        cost = action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg)
        if cost < 0 or (is_move(action) and moved):
            continue
        if action in codes.ONCE_A_TURN and kept_before(decl, c, kept, action):
            continue  # AP-3, GAP-13
        if action == codes.A_ORDER:  # ARCH-QUEEN-1, GAP-42: a legal action for him, now
            fa, ft, fg = unpack_order(arg)
            forced = action_cost(ch, it, st, ip, adjacent, room_block, target, fa, ft, fg)
            if forced < 0:
                continue
            ch[c, CH_ORDER_COST] = forced
        if action == codes.A_SHOOT and (shot_from >> arg) & 1 == 1:
            continue
        if cost > ap_left:
            break
        ap_left -= cost
        moved = moved or is_move(action)
        if action == codes.A_SHOOT:
            shot_from |= 1 << arg
        decl[c, kept, D_ACTION] = action
        decl[c, kept, D_TARGET] = target
        decl[c, kept, D_ARG] = arg
        decl[c, kept, D_COST] = cost
        kept += 1
    ch[c, CH_N_DECL] = kept
    if ch[c, CH_REACT_TRIGGER] >= 0 and not replacement_within_limits(ch, decl, c):
        ch[c, CH_REACT_TRIGGER] = -1
        st[ST_REACTIONS] -= 1


@compiled
def kept_before(decl, c, kept, action):
    """An earlier kept declaration of c is of this action."""
    for j in range(kept):
        if decl[c, j, D_ACTION] == action:
            return True
    return False


@compiled
def resolve(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec):
    """Apply declaration j of character c at its step (RES-ORDER); moves are handled apart.
    An action with no chance given always succeeds (AP-5)."""
    if not can_act(ch, c):
        return  # UNC-1, HP-3, GAP-56: the dead, unconscious and paralysed do nothing
    action = decl[c, j, D_ACTION]
    target = decl[c, j, D_TARGET]
    arg = decl[c, j, D_ARG]
    r = ch[c, CH_ROOM]
    if foiled(ch, st, rng, events, c, action, target, decl[c, j, D_COST]):
        return
    if action == codes.A_SHOOT:
        shoot(ch, it, st, rng, events, ip, fp, room_block, c, target, arg, rec)
    elif action == codes.A_COVER:
        cover(ch, c, target)
    elif action == codes.A_HINDER_TARGET and arg == 1:
        shield_object(ch, st, events, ip, c, target)
    elif action == codes.A_HINDER or action == codes.A_HINDER_TARGET:
        hinder(ch, st, events, ip, c, target, 1 if action == codes.A_HINDER_TARGET else 0)
    elif action == codes.A_FOLLOW:
        follow(ch, st, rng, events, fp, room_block, c, target)
    elif action == codes.A_RADIO_TOGGLE:
        toggle_radio(ch, it, st, events, c, target, arg)
    elif action == codes.A_RADIO_SPEAK:
        speak(ch, it, st, events, c, target, arg)
    elif action == codes.A_FLASHLIGHT:
        toggle_flashlight(it, st, events, ch, c, target)
    elif action == codes.A_BANDAGE:
        bandage(ch, it, st, rng, events, decl, ip, fp, c, target, arg, rec)
    elif action == codes.A_MELEE:
        melee(ch, it, st, rng, events, ip, fp, c, target, arg, rec)
    elif action == codes.A_FLAME_VOLLEY:  # GAP-44: as many attacks as the tank allows
        flame(ch, it, st, rng, events, ip, fp, c, target, arg, codes.FUEL_UNITS, rec)
    elif action == codes.A_CRAFT:
        craft(ch, it, st, events, room_block, c, target, rec)
    elif action == codes.A_CODE:
        enter_code(ch, st, events, ip, c, target, arg, rec)
    elif action == codes.A_IDCARD:
        use_card(ch, it, st, events, c, target, arg, rec)
    elif action == codes.A_TERMINAL:
        use_terminal(ch, it, st, events, c, target, arg, rec)
    elif action == codes.A_THROW:
        if door_open_from(st, r, target):
            explode_grenade(ch, it, st, rng, events, ip, c, target, arg, rec)
        else:  # GAP-45: a locked door not opened this turn blocks the throw
            log_event(st, events, codes.E_DOOR, c, -1, target, codes.DE_BLOCKED)
    elif action == codes.A_GIVE:
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
    elif action == codes.A_DRINK:
        drink(ch, it, st, events, ip, c, target, arg, rec)
    elif action == codes.A_MIRROR:
        look_in_mirror(ch, st, events, c)
    elif action == codes.A_FORECAST:
        read_forecast(ch, st, events, ip, c)
    elif action == codes.A_FUEL:
        transfer_fuel(ch, it, st, events, decl, c, target, arg)
    elif codes.A_TAKE_FOOD <= action <= codes.A_SEARCH_CORPSE:
        resolve_food(ch, it, st, events, ip, room_block, c, action, target, arg)
    elif codes.A_TRANSFORM <= action <= codes.A_REMOTE_BREAK:
        if resolve_thing(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec):
            remote_break(st, events, room_block, arg, target, rec)
    elif codes.A_SALIVA <= action <= codes.A_BURN_DOG:
        resolve_contagion(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec)
    elif codes.A_BLOOD_SELF <= action <= codes.A_LAB_VIEW:
        resolve_lab(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec)
    elif action == codes.A_INFECT:
        rule = infection_rule(ch, st, ip, c, target)
        if rule >= 0:
            infect(ch, it, st, rng, events, ip, c, target, rule == INF_UNCONSCIOUS, rec)
    elif action == codes.A_OPEN_BOX:
        open_box(ch, it, st, rng, events, ip, fp, c, target, arg, rec)
    elif action == codes.A_PICKUP and target == codes.ID_CARD:  # GAP-5, GAP-51
        take_card(ch, it, st, events, c, arg - 2 if arg >= 2 else -1, sees_in_room(ch, st, c))
    elif action == codes.A_PICKUP:
        pick_up(ch, it, st, events, c, target, arg)
    elif action == codes.A_REFUEL:
        fuel_generator(ch, it, st, events, ip, room_block, c, target, arg, rec)
    elif action == codes.A_FILL:
        i = ch[c, CH_HAND + target]
        if (
            i >= 0
            and it[i, IT_KIND] in codes.FUEL_CONTAINERS
            and it[i, IT_FUEL] == 0
            and st[ST_PUMP_BROKEN] == 0
        ):
            it[i, IT_FUEL] = ip[P.I_PUMP_FILL]  # LOC-FUEL-1, GAP-18: only empty ones, to full
            rec[R.C_CANISTERS_FILLED] += 1
            log_act(ch, st, events, codes.E_FILL, c, -1, 0, 0, ch[c, CH_ROOM])
    elif action == codes.A_REPAIR and target == codes.OBJ_DOOR:
        repair_door(ch, it, st, rng, events, ip, fp, c, arg, rec)
    elif action == codes.A_REPAIR:
        repair(ch, it, st, rng, events, ip, fp, room_block, c, target, rec)
    elif codes.A_HELI_FUEL <= action <= codes.A_HELI_BOARD:
        if not usable_here(ch, st, room_block, c, codes.OBJ_ENGINE):
            return  # HELI-1
        if action == codes.A_HELI_FUEL:
            fuel_tank(ch, it, st, events, ip, c, target, arg)
        elif action == codes.A_HELI_PREPARE:
            prepare(ch, st, events, ip, c, rec)
        else:
            take_seat(ch, st, events, ip, c)
    elif action == codes.A_BREAK and target == codes.OBJ_DOOR:
        break_door(ch, it, st, events, c, arg, rec)
    elif action == codes.A_BREAK:
        break_object(ch, st, events, room_block, c, target, rec)
    elif action == codes.A_BEACON:
        b = block_of_generator_room(room_block, r)
        lit = (
            st[ST_LIGHTING + r] == codes.LIGHT or st[ST_LIGHTING + r] == codes.FLASHLIGHT
        )  # LIGHT-5
        if (
            lit
            and st[ST_GEN_RUNNING + b] == 1
            and st[ST_BEACON_BROKEN + b] == 0
            and st[ST_BEACON_ON + b] == 0
        ):
            st[ST_BEACON_ON + b] = 1  # GAP-6
            if rec[R.C_BEACON_TURN] == 0:
                rec[R.C_BEACON_TURN] = st[ST_TURN]
            log_act(ch, st, events, codes.E_BEACON, c, -1, b, 0, ch[c, CH_ROOM])
    elif action == codes.A_CALL:
        powered = st[ST_GEN_RUNNING + room_block[codes.RADIO_ROOM]] == 1
        any_beacon = False
        for b in range(codes.N_BLOCKS):
            any_beacon = any_beacon or beacon_active(st, b)
        if st[ST_CALL_TURN] == 0 and powered and any_beacon:  # GAP-6: once per game
            st[ST_CALL_TURN] = st[ST_TURN]
            st[ST_RESCUE_DUE] = st[ST_TURN] + ip[P.I_RESCUE_DELAY]
            rec[R.C_CALL_TURN] = st[ST_TURN]
            log_act(ch, st, events, codes.E_CALL, c, -1, st[ST_RESCUE_DUE], 0, ch[c, CH_ROOM])

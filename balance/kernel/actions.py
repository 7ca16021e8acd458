"""Declarations and the actions of characters: costs, legality and effects (A3, A4, A11, A12).

`declare` keeps what a policy declared if it is legal when declared and fits the AP; `resolve`
applies one kept declaration at its RES-ORDER step, re-checking what may have changed since.
"""

from balance.compile.jit import compiled
from balance.kernel.steps import action_step, is_move

from balance import codes
from balance.kernel import params as P
from balance.kernel.characters import (
    damage,
    heavy_wound_hp,
    helpless,
    infect,
    is_hidden_original,
    other_here,
    red_vial_active,
    take_vial,
    through_cover,
)
from balance.kernel.arsenal import (
    craft,
    explode_grenade,
    flame_attack,
    flame_chance_and_damage,
    flamethrower_ready,
    workshop_works,
)
from balance.kernel.events import log_event, write_event
from balance.kernel.food import food_action_cost, resolve_food
from balance.kernel.perception import (
    can_act,
    count_shot,
    log_act,
    place,
    sees_in_room,
    witnesses,
)
from balance.kernel.helicopter import boarding_open, fuel_tank, prepare, take_seat
from balance.kernel.items import (
    count_in_supply,
    drop_from_hand,
    find_on_floor,
    fits_in_backpack,
    free_backpack_slot,
    free_hand,
    holds_kind,
    pour_with_store,
    put_in_backpack,
    put_in_hand,
    stow,
    take_from_supply,
    use_up_in_hand,
    wear_parka,
)
from balance.kernel.locks import (
    smash_door,
    break_door,
    carries_card,
    door_action_cost,
    door_broken,
    door_open_from,
    drop_card,
    enter_code,
    hand_over_card,
    mend_door,
    take_card,
    use_card,
)
from balance.kernel.rng import WORLD, below, chance
from balance.observation import MAX_CHARACTERS
from balance.kernel.station import any_generator_running
from balance.kernel.terminal import terminal_cost, use_terminal
from balance.kernel.thing import (
    active_form_allows,
    active_melee,
    resolve_thing,
    thing_action_cost,
)
from balance.kernel.public import unpack_order, D_ACTION, D_TARGET, D_ARG, D_COST
from balance.kernel.contagion import (
    contagion_action_cost,
    first_aid_contagion,
    resolve_contagion,
)
from balance.kernel.lab import lab_action_cost, resolve_lab
from balance import records as R
from balance.kernel.state import (
    ST_ANALYZER_BROKEN,
    ST_COMPUTER_BROKEN,
    CH_ARCHETYPE,
    CH_ORDER_COST,
    ST_FIXTURE_BROKEN,
    ST_MIRROR_BROKEN,
    ST_STOVE_BROKEN,
    ST_TERMINAL_BROKEN,
    ST_WEATHER_STATION_BROKEN,
    CH_REACT_ACTION,
    CH_REACT_ARG,
    CH_REACT_ROW,
    CH_REACT_STATE,
    CH_REACT_STEP,
    CH_REACT_TARGET,
    CH_REACT_TRIGGER,
    ST_REACTIONS,
    ST_REMOTE_BROKEN,
    ST_SHIELD_ROOMS,
    ST_SHIELDS,
    IT_COLOUR,
    CH_HINDERED,
    CH_HINDER_IMMUNE,
    CH_SHIELDED,
    CH_ALIVE,
    CH_BACKPACK,
    CH_COVERED_BY,
    CH_ERUDITION,
    CH_FORECAST_TURN,
    CH_FORM,
    CH_HAND,
    CH_HP,
    CH_INFECT_READY,
    CH_INITIATIVE,
    CH_LEFT_STATION,
    CH_LOST_HAND,
    CH_MAX_HP,
    CH_MIRROR_SANITY,
    CH_MOVE_TO,
    CH_N_DECL,
    CH_PARALYSED_UNTIL,
    CH_PHYSICAL,
    CH_ROOM,
    CH_SANITY,
    CH_UNCONSCIOUS,
    CH_WORN,
    IT_FUEL,
    IT_KIND,
    IT_ON,
    IT_PLACE,
    IT_WHERE,
    ST_BEACON_BROKEN,
    ST_BEACON_ON,
    ST_CALL_TURN,
    ST_GEN_BROKEN,
    ST_GEN_FUEL,
    ST_GEN_RUNNING,
    ST_HELI_BROKEN,
    ST_HELI_GONE,
    ST_LIGHTING,
    ST_PUMP_BROKEN,
    ST_RESCUE_DUE,
    ST_TURN,
    ST_YELLOW_LEFT,
)


@compiled
def block_of_generator_room(room_block, r):
    """The block whose generator stands in room r, or -1 if r is not a generator room."""
    for b in range(codes.N_BLOCKS):
        if codes.GENERATOR_ROOMS[b] == r:
            return room_block[r]
    return -1


@compiled
def living_in_room(ch, r):
    """INF-5(b), GAP-36, GAP-56: living characters present; unconscious count, paralysed do not."""
    n = 0
    for d in range(ch.shape[0]):
        if (
            ch[d, CH_ROOM] == r
            and ch[d, CH_ALIVE] == 1
            and ch[d, CH_PARALYSED_UNTIL] == 0
            and ch[d, CH_LEFT_STATION] == 0
        ):
            n += 1
    return n


# Under which rule an infection is allowed (infection_rule)
INF_DARK = 0  # INF-1: in the dark, free and secret
INF_CROWD = 1  # INF-5(b): in Light among a crowd of I_INF_CROWD living characters, free and secret
INF_UNCONSCIOUS = 2  # INF-5(a): in Light on an unconscious character, spending the turn; not
#                      secret, so the others present see it (AP-6)


@compiled
def infection_rule(ch, st, ip, c, target):
    """INF-1, INF-5, INF-6: the rule under which c may infect `target` now (INF_*), or -1.
    GAP-38, THING-ACTIVE-4: an original Thing in hidden form only."""
    if not is_hidden_original(ch, c) or st[ST_TURN] < ch[c, CH_INFECT_READY]:
        return -1
    if target < 0 or target >= ch.shape[0] or target == c:
        return -1
    if (
        ch[target, CH_ROOM] != ch[c, CH_ROOM]
        or ch[target, CH_ALIVE] == 0
        or ch[target, CH_LEFT_STATION] != 0
    ):
        return -1
    light = st[ST_LIGHTING + ch[c, CH_ROOM]]
    if light == codes.DARK:
        return INF_DARK
    if light == codes.BLIZZARD:
        return -1  # LIGHT-4: nobody can be made out in a blizzard
    # INF-5(b) before INF-5(a): in a crowd the infection is free and secret, the target
    # unconscious or not
    if living_in_room(ch, ch[c, CH_ROOM]) >= ip[P.I_INF_CROWD]:
        return INF_CROWD
    if ch[target, CH_UNCONSCIOUS] == 1:
        return INF_UNCONSCIOUS
    return -1


@compiled
def infection_cost(ch, st, ip, c, target):
    """INF-1, INF-5: AP an infection of `target` costs now, or -1 if it is not allowed."""
    rule = infection_rule(ch, st, ip, c, target)
    if rule == INF_UNCONSCIOUS:
        return ip[P.I_INF_UNCONSCIOUS_AP]  # INF-5(a), GAP-14: spending the turn
    return 0 if rule >= 0 else -1


@compiled
def object_here(room_block, r, obj):
    """GAP-20: which breakable objects stand in room r."""
    if obj == codes.OBJ_GENERATOR or obj == codes.OBJ_BEACON:
        return block_of_generator_room(room_block, r) >= 0
    if obj == codes.OBJ_PUMP:
        return r == codes.FUEL_ROOM
    if codes.OBJ_ENGINE <= obj <= codes.OBJ_PANEL:
        return r == codes.HANGAR  # HELI-2
    if obj == codes.OBJ_LIGHT_FIXTURE:
        return 0 <= r < codes.N_ROOMS and r != codes.STREET  # GAP-20
    if obj == codes.OBJ_ANALYZER or obj == codes.OBJ_COMPUTER:
        return r == codes.LABORATORY  # GAP-20, LOC-LAB-1, LOC-LAB-4
    if obj == codes.OBJ_WEATHER_STATION or obj == codes.OBJ_TERMINAL:
        return r == codes.TOWER  # GAP-20, LOC-TOWER-1..4
    if obj == codes.OBJ_STOVE or obj == codes.OBJ_MIRROR:
        return r == codes.LIVING_QUARTERS  # GAP-20, LOC-LIVING-2..4
    return False


@compiled
def broken_cell(room_block, r, obj):
    """The st cell holding whether object obj of room r is broken (GAP-20, HELI-2)."""
    if obj == codes.OBJ_GENERATOR:
        return ST_GEN_BROKEN + block_of_generator_room(room_block, r)
    if obj == codes.OBJ_BEACON:
        return ST_BEACON_BROKEN + block_of_generator_room(room_block, r)
    if obj == codes.OBJ_PUMP:
        return ST_PUMP_BROKEN
    if obj == codes.OBJ_LIGHT_FIXTURE:
        return ST_FIXTURE_BROKEN + r
    if obj == codes.OBJ_ANALYZER:
        return ST_ANALYZER_BROKEN
    if obj == codes.OBJ_COMPUTER:
        return ST_COMPUTER_BROKEN
    if obj == codes.OBJ_WEATHER_STATION:
        return ST_WEATHER_STATION_BROKEN
    if obj == codes.OBJ_TERMINAL:
        return ST_TERMINAL_BROKEN
    if obj == codes.OBJ_STOVE:
        return ST_STOVE_BROKEN
    if obj == codes.OBJ_MIRROR:
        return ST_MIRROR_BROKEN
    return ST_HELI_BROKEN + obj - codes.OBJ_ENGINE


@compiled
def usable_here(ch, st, room_block, c, obj):
    """Object obj stands in c's room and c may use it: the helicopter is neither seen nor used
    in the dark, and not at all once it has flown (HELI-1, GAP-7)."""
    r = ch[c, CH_ROOM]
    if not object_here(room_block, r, obj):
        return False
    if r == codes.HANGAR:
        return st[ST_HELI_GONE] == 0 and sees_in_room(ch, st, c)
    return True


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
def success_chance(ch, st, fp, c, base, action, target):
    """LIGHT-2, GAP-27, THING-P-1: an uncertain action's chance, halved in the dark, less what
    hindering takes off (ACT-HINDER-*), never below the floor (none by default)."""
    light = st[ST_LIGHTING + ch[c, CH_ROOM]]
    dark = (light == codes.DARK or light == codes.BLIZZARD) and ch[c, CH_FORM] == codes.HUMAN
    p = base * fp[P.F_DARKNESS_FACTOR] if dark else base
    h = hindrance(ch, c, action, target) + object_shield(ch, st, c, action, target)
    return max(fp[P.F_CHANCE_FLOOR], p - h)


@compiled
def helpless_chance(ch, fp, c, action, target):
    """HP-4: an attack on the helpless succeeds 100%, so darkness does not halve it (LIGHT-2:
    «кроме тех, что изначально успешны всегда»); GAP-28: hindering lowers it, as it lowers the
    other actions certain of success."""
    return max(fp[P.F_CHANCE_FLOOR], 1.0 - hindrance(ch, c, action, target))


@compiled
def hindrance(ch, c, action, target):
    """ACT-HINDER-CHAR, ACT-HINDER-TARGET, GAP-28: the chance taken off c's action: his own
    hindering plus the shield of the character it is aimed at; nothing for the active Thing
    (THING-ACTIVE-9)."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        return 0.0
    points = ch[c, CH_HINDERED]
    if action in codes.ACTIONS_AIMED_AT_CHARACTERS and 0 <= target < ch.shape[0]:
        points += ch[target, CH_SHIELDED]
    return points / 100.0


@compiled
def aimed_object(action, target):
    """ACT-HINDER-TARGET, GAP-28: the object of the room an action is aimed at, or -1: what
    it breaks or repairs, and the object it is done with (a door is not: which door a break or a
    repair names is its own argument, and a door is not hindered)."""
    if action == codes.A_BREAK or action == codes.A_REPAIR:
        return target if 0 <= target < codes.N_OBJECTS and target != codes.OBJ_DOOR else -1
    if action == codes.A_REFUEL:
        return codes.OBJ_GENERATOR  # GEN-4
    if action == codes.A_BEACON:
        return codes.OBJ_BEACON  # GAP-6
    if action == codes.A_FILL:
        return codes.OBJ_PUMP  # LOC-FUEL-1
    if action == codes.A_LAB_INSERT or action == codes.A_LAB_START:
        return codes.OBJ_ANALYZER  # LOC-LAB-2, LOC-LAB-3
    if action == codes.A_LAB_VIEW:
        return codes.OBJ_COMPUTER  # LOC-LAB-4
    if action == codes.A_FORECAST:
        return codes.OBJ_WEATHER_STATION  # LOC-TOWER-2
    if action == codes.A_TERMINAL:
        return codes.OBJ_TERMINAL  # LOC-TOWER-3/4
    if action == codes.A_STOVE_PREPARE or action == codes.A_COOK:
        return codes.OBJ_STOVE  # LOC-LIVING-3/4
    if action == codes.A_MIRROR:
        return codes.OBJ_MIRROR  # LOC-LIVING-2
    return -1


@compiled
def object_shield(ch, st, c, action, target):
    """ACT-HINDER-TARGET, GAP-28: the chance taken off c's action by those hindering the
    object of his room it is aimed at (aimed_object); nothing for the active Thing
    (THING-ACTIVE-9)."""
    r = ch[c, CH_ROOM]
    if (st[ST_SHIELD_ROOMS] >> r) & 1 == 0 or ch[c, CH_FORM] == codes.THING_ACTIVE:
        return 0.0
    obj = aimed_object(action, target)
    return st[ST_SHIELDS + r * codes.N_OBJECTS + obj] / 100.0 if obj >= 0 else 0.0


@compiled
def foiled(ch, st, rng, events, c, action, target, cost):
    """GAP-28: a hindered action that costs AP and has no chance of its own now succeeds with
    100% less the hindrance (a move drops to 80%); a failure does nothing, its AP are spent.
    GAP-45: a grenade "cannot be reduced by hindering", so its throw is never foiled."""
    if (
        ch[c, CH_HINDERED] == 0
        and not (0 <= target < ch.shape[0] and ch[target, CH_SHIELDED] > 0)
        and st[ST_SHIELD_ROOMS] == 0
    ):
        return False  # nobody hindered: the common case, decided without the action tables
    if cost <= 0 or action in codes.ACTIONS_WITH_CHANCE or action == codes.A_THROW:
        return False
    h = hindrance(ch, c, action, target) + object_shield(ch, st, c, action, target)
    if h <= 0.0 or chance(rng, WORLD, 1.0 - h):
        return False
    aimed = action in codes.ACTIONS_AIMED_AT_CHARACTERS
    log_act(ch, st, events, codes.E_HINDERED, c, target if aimed else -1, action, 0, ch[c, CH_ROOM])
    return True


@compiled
def shield_object(ch, st, events, ip, c, obj):
    """ACT-HINDER-TARGET, GAP-28, step 1: the actions aimed at object obj of c's room lose
    points by the hinderer's Physical form (STAT-PHYS-1, STAT-PHYS-2), several adding up, this
    turn; an object is never immune (GAP-28's immunity is a hindered character's)."""
    r = ch[c, CH_ROOM]
    points = ip[P.I_HINDER_PENALTY + ch[c, CH_PHYSICAL]]
    st[ST_SHIELDS + r * codes.N_OBJECTS + obj] += points
    st[ST_SHIELD_ROOMS] |= 1 << r
    log_act(ch, st, events, codes.E_SHIELD, c, -1, obj, points, r)


@compiled
def hinder(ch, st, events, ip, c, target, aimed):
    """ACT-HINDER-CHAR (aimed = 0) and ACT-HINDER-TARGET (aimed = 1), step 1: points by the
    hinderer's Physical form (STAT-PHYS-1, STAT-PHYS-2), several adding up; GAP-28: one hindered
    last turn cannot be hindered again; THING-ACTIVE-9: the active Thing is immune."""
    t = st[ST_TURN]
    last = ch[target, CH_HINDER_IMMUNE]
    if last > 0 and 0 < t - last <= ip[P.I_HINDER_IMMUNE_TURNS]:
        return
    if ch[target, CH_FORM] == codes.THING_ACTIVE or ch[target, CH_ROOM] != ch[c, CH_ROOM]:
        return
    points = ip[P.I_HINDER_PENALTY + ch[c, CH_PHYSICAL]]
    if aimed == 1:
        ch[target, CH_SHIELDED] += points
    else:
        ch[target, CH_HINDERED] += points
        ch[target, CH_HINDER_IMMUNE] = t
    log_act(ch, st, events, codes.E_HINDER, c, target, aimed, points, ch[c, CH_ROOM])


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
def broken_this_turn(st, room, obj):
    """ACT-REPAIR: whether object obj of room was broken earlier this turn, not at its start. In
    the steps before a repair's (7) only the Mutant's remote break breaks anything (step 1;
    ACT-BREAK is step 8)."""
    remote = st[ST_REMOTE_BROKEN : ST_REMOTE_BROKEN + 3]
    return remote[0] == st[ST_TURN] and remote[1] == room and remote[2] == obj


@compiled
def remote_break(st, events, room_block, room, obj, rec):
    """ARCH-MUTANT-1, GAP-43: the remote break of object obj of room, noted for ACT-REPAIR."""
    wreck(st, events, room_block, room, obj, rec)
    st[ST_REMOTE_BROKEN] = st[ST_TURN]
    st[ST_REMOTE_BROKEN + 1] = room
    st[ST_REMOTE_BROKEN + 2] = obj


@compiled
def repair(ch, it, st, rng, events, ip, fp, room_block, c, obj, rec):
    """ACT-REPAIR, GAP-20: an object of c's room, broken now and at the start of the turn ("the
    object must be broken at the start of the turn")."""
    r = ch[c, CH_ROOM]
    cell = broken_cell(room_block, r, obj)
    if st[cell] == 0 or broken_this_turn(st, r, obj) or not usable_here(ch, st, room_block, c, obj):
        return
    if repair_roll(ch, it, st, rng, events, ip, fp, c, obj, -1, rec):
        st[cell] = 0


@compiled
def repair_door(ch, it, st, rng, events, ip, fp, c, room, rec):
    """ACT-REPAIR, DOOR-3, ITEM-SCRAP: the door of `room` (c's own or a neighbour's: the
    declaration was checked), broken now and at the start of the turn, mended with scrap metal."""
    if not door_broken(st, room) or broken_this_turn(st, room, codes.OBJ_DOOR):
        return
    if repair_roll(ch, it, st, rng, events, ip, fp, c, codes.OBJ_DOOR, room, rec):
        mend_door(st, room)


@compiled
def repair_roll(ch, it, st, rng, events, ip, fp, c, obj, room, rec):
    """ACT-REPAIR, GAP-20: 90% with the object's tool in hand, else 50%, halved in the dark; the
    tool is used up on success; a failure may hurt unless Erudition is high enough. Returns
    whether the repair succeeded; the event names the door's room, -1 for other objects."""
    # ITEM-PARTS, ITEM-SCRAP, ITEM-WIRES, HELI-2: spare parts for most objects, scrap for the
    # main rotor and doors, wires for the control panel
    tool = holds_kind(ch, it, c, codes.REPAIR_TOOL[obj])
    base = fp[P.F_REPAIR_TOOL] if tool >= 0 else fp[P.F_REPAIR_NO_TOOL]
    if chance(rng, WORLD, success_chance(ch, st, fp, c, base, codes.A_REPAIR, obj)):
        if tool >= 0:
            i = ch[c, CH_HAND + tool]
            ch[c, CH_HAND + tool] = -1
            it[i, IT_PLACE] = codes.DESTROYED
            it[i, IT_WHERE] = -1
        rec[R.C_REPAIRS] += 1
        if obj in codes.HELI_PARTS:
            rec[R.C_HELI_REPAIRS] += 1
        log_act(ch, st, events, codes.E_REPAIR, c, room, obj, 1, ch[c, CH_ROOM])
        return True
    log_act(ch, st, events, codes.E_REPAIR, c, room, obj, 0, ch[c, CH_ROOM])
    if ch[c, CH_ERUDITION] < ip[P.I_SAFE_ERUDITION] and chance(rng, WORLD, fp[P.F_INJURY]):
        log_act(ch, st, events, codes.E_INJURED, c, -1, ip[P.I_INJURY_DAMAGE], 0, ch[c, CH_ROOM])
        damage(ch, it, st, rng, events, ip, c, ip[P.I_INJURY_DAMAGE], codes.DC_INJURY, rec)
    return False


@compiled
def break_object(ch, st, events, room_block, c, obj, rec):
    """ACT-BREAK, GAP-20: breaking always succeeds."""
    r = ch[c, CH_ROOM]
    if not usable_here(ch, st, room_block, c, obj):
        return
    wreck(st, events, room_block, r, obj, rec)
    log_act(
        ch,
        st,
        events,
        codes.E_BREAK,
        c,
        -1,
        obj,
        block_of_generator_room(room_block, r),
        ch[c, CH_ROOM],
    )


@compiled
def wreck(st, events, room_block, r, obj, rec):
    """GAP-20, HELI-6, DOOR-3: object obj of room r is broken; a broken beacon must be activated
    again. GEN-3, GAP-17: a generator stops at once, its block unpowered (and no longer heated:
    TEMP-2(a)) for the rest of the turn, its lighting held (GAP-22); it can start again only at
    a turn's start."""
    if obj == codes.OBJ_DOOR:
        smash_door(st, r, rec)
        return
    cell = broken_cell(room_block, r, obj)
    if obj == codes.OBJ_GENERATOR:
        if st[cell] == 0:
            rec[R.C_GENERATOR_BREAKS] += 1
        b = block_of_generator_room(room_block, r)
        if st[ST_GEN_RUNNING + b] == 1:
            st[ST_GEN_RUNNING + b] = 0
            log_event(st, events, codes.E_GENERATOR, -1, -1, b, 0)
    if obj == codes.OBJ_BEACON:
        st[ST_BEACON_ON + block_of_generator_room(room_block, r)] = 0
    st[cell] = 1


@compiled
def beacon_active(st, b):
    """GAP-6: an activated beacon works while unbroken and powered."""
    return (
        st[ST_BEACON_ON + b] == 1 and st[ST_BEACON_BROKEN + b] == 0 and st[ST_GEN_RUNNING + b] == 1
    )


@compiled
def attack_chance(ch, st, fp, c, action, target):
    """ACT-SHOOT-1, ACT-MELEE, HP-4, GAP-27: the base chance by Physical form plus the red
    vial's bonus, then halved in the dark; an unconscious, paralysed or dead target is always
    hit (helpless_chance)."""
    if helpless(ch, target):
        return helpless_chance(ch, fp, c, action, target)
    base = fp[P.F_HIT_CHANCE + ch[c, CH_PHYSICAL] - 1]
    if red_vial_active(ch, st, c):
        base += fp[P.F_RED_HIT_BONUS]  # ITEM-VIAL-RED, ACT-SHOOT-1: before darkness (GAP-27)
    return success_chance(ch, st, fp, c, base, action, target)


@compiled
def hit(ch, it, st, rng, events, ip, target, rec):
    """GAP-15, HP-4: a weapon hit deals its damage; a helpless target takes the helpless damage."""
    amount = ip[P.I_HELPLESS_DAMAGE] if helpless(ch, target) else ip[P.I_WEAPON_DAMAGE]
    damage(ch, it, st, rng, events, ip, target, amount, codes.DC_ATTACK, rec)


@compiled
def cover(ch, c, target):
    """ACT-COVER (step 1), GAP-29: this turn the first attack on target goes to c; of several
    coverers the first in resolution order (the highest Initiative) takes it."""
    if ch[target, CH_COVERED_BY] < 0:
        ch[target, CH_COVERED_BY] = c


@compiled
def shoot(ch, it, st, rng, events, ip, fp, room_block, c, target, h, rec):
    """ACT-SHOOT-1..7, GAP-30: the pistol must be in hand now (step 2, before the backpack in
    step 5: INV-6); a miss strays with 30% into another living character here, never the
    shooter or the target; a shot into the air needs no roll but is a shot (INFO-1)."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] != codes.PISTOL:
        return
    rec[R.C_SHOTS] += 1
    count_shot(ch, st, room_block, ch[c, CH_ROOM])  # INFO-1
    if target < 0:
        log_act(ch, st, events, codes.E_SHOT, c, -1, 0, -1, ch[c, CH_ROOM])
        return
    target = through_cover(ch, st, events, c, target)
    if chance(rng, WORLD, attack_chance(ch, st, fp, c, codes.A_SHOOT, target)):
        log_act(ch, st, events, codes.E_SHOT, c, target, 1, -1, ch[c, CH_ROOM])
        hit(ch, it, st, rng, events, ip, target, rec)
        return
    victim = -1
    if chance(rng, WORLD, fp[P.F_STRAY]):
        n = 0
        for d in range(ch.shape[0]):
            if d != c and d != target and other_here(ch, c, d) and ch[d, CH_ALIVE] == 1:
                n += 1
        if n > 0:
            k = below(rng, WORLD, n)
            for d in range(ch.shape[0]):
                if d != c and d != target and other_here(ch, c, d) and ch[d, CH_ALIVE] == 1:
                    if k == 0:
                        victim = d
                        break
                    k -= 1
    log_act(ch, st, events, codes.E_SHOT, c, target, 0, victim, ch[c, CH_ROOM])
    if victim >= 0:
        damage(ch, it, st, rng, events, ip, victim, ip[P.I_WEAPON_DAMAGE], codes.DC_ATTACK, rec)


@compiled
def flame(ch, it, st, rng, events, ip, fp, c, target, h, attacks, rec):
    """ACT-MELEE with the flamethrower, ITEM-FLAMETHROWER-2/3, GAP-29, GAP-44: up to `attacks`
    attacks on one target while the fuel lasts, until it is dead; cover takes the first attack
    only (the later ones find the target); the chance of the target's kind, certain on the
    helpless (HP-4, less hindering), else halved in the dark."""
    aimed = target
    for _ in range(attacks):
        if not flamethrower_ready(ch, it, ip, c, h) or not other_here(ch, c, aimed):
            return
        target = through_cover(ch, st, events, c, aimed)  # the first attack only: it is used up
        p, amount = flame_chance_and_damage(ch, fp, ip, target)
        if red_vial_active(ch, st, c) and p > 0:
            p += fp[P.F_RED_HIT_BONUS]  # GAP-44: the red vial adds its +10%
        if helpless(ch, target):
            p = helpless_chance(ch, fp, c, codes.A_MELEE, target)
        else:
            p = success_chance(ch, st, fp, c, p, codes.A_MELEE, target)
        flame_attack(ch, it, st, rng, events, ip, c, target, h, p, amount, rec)
        if ch[aimed, CH_ALIVE] == 0:
            return


@compiled
def melee(ch, it, st, rng, events, ip, fp, c, target, h, rec):
    """ACT-MELEE, GAP-15: an axe or the flamethrower in hand (humans and hidden Things have no
    unarmed attack; the active Thing needs no weapon)."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        active_melee(ch, it, st, rng, events, ip, fp, c, target, rec)
        return
    i = ch[c, CH_HAND + h]
    if i >= 0 and it[i, IT_KIND] == codes.FLAMETHROWER:
        flame(ch, it, st, rng, events, ip, fp, c, target, h, 1, rec)
        return
    if i < 0 or it[i, IT_KIND] != codes.AXE:
        return
    rec[R.C_MELEE_ATTACKS] += 1
    target = through_cover(ch, st, events, c, target)
    landed = chance(rng, WORLD, attack_chance(ch, st, fp, c, codes.A_MELEE, target))
    log_act(ch, st, events, codes.E_MELEE, c, target, 1 if landed else 0, 0, ch[c, CH_ROOM])
    if landed:
        hit(ch, it, st, rng, events, ip, target, rec)


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
def bandage(ch, it, st, rng, events, decl, ip, fp, c, target, arg, rec):
    """ACT-BANDAGE, ACT-FIRSTAID, GAP-34, ITEM-BANDAGE: the bandage in hand arg & 1 is used up
    whatever the result; another character must declare first aid from this bandager; a success
    restores HP up to the maximum, and rising above the heavy-wound threshold gives back the lost
    hand. INF-8, GAP-35: first aid given to another may carry a Thing's infection either way."""
    if use_up_in_hand(ch, it, c, arg & 1, codes.BANDAGE) < 0:
        return
    p = fp[P.F_BANDAGE_SELF] if target == c else fp[P.F_BANDAGE_OTHER]
    p = success_chance(ch, st, fp, c, p, codes.A_BANDAGE, target)  # in light: no halving
    given = False  # first aid reached another character
    if target != c:
        accepted = False
        for j in range(ch[target, CH_N_DECL]):
            if decl[target, j, D_ACTION] == codes.A_FIRSTAID and decl[target, j, D_TARGET] == c:
                accepted = True
        given = accepted and can_act(ch, target) and other_here(ch, c, target)
        if not given:
            p = 0.0
    healed = chance(rng, WORLD, p)
    if healed:
        ch[target, CH_HP] = min(ch[target, CH_MAX_HP], ch[target, CH_HP] + ip[P.I_BANDAGE_HEAL])
        if ch[target, CH_HP] > heavy_wound_hp(ch, ip, target):  # the threshold that took it
            ch[target, CH_LOST_HAND] = -1
    log_act(ch, st, events, codes.E_BANDAGE, c, target, 1 if healed else 0, 0, ch[c, CH_ROOM])
    if given:
        chosen = arg & codes.BANDAGE_INFECT != 0
        first_aid_contagion(ch, st, rng, events, ip, c, target, chosen, rec)  # INF-8, GAP-35


@compiled
def drink(ch, it, st, events, ip, c, kind, lying, rec):
    """ACT-DRINK (step 6, GAP-24): drink a vial of `kind` from one's hand or, if it can be seen
    (LIGHT-2), from the floor; the vial is used up and takes effect (VIAL-1)."""
    if use_up_held_or_seen(ch, it, st, c, kind, lying) < 0:
        return
    rec[R.C_VIALS_DRUNK] += 1
    log_act(ch, st, events, codes.E_DRINK, c, -1, kind, 0, ch[c, CH_ROOM])
    take_vial(ch, st, ip, c, kind)


@compiled
def look_in_mirror(ch, st, events, c):
    """LOC-LIVING-2, INFO-3 (step 4, GAP-24): learn one's own sanity as it is now, unless the
    mirror was broken since the declaration (GAP-20)."""
    if st[ST_MIRROR_BROKEN] == 1:
        return
    ch[c, CH_MIRROR_SANITY] = ch[c, CH_SANITY]
    log_act(ch, st, events, codes.E_MIRROR, c, -1, ch[c, CH_SANITY], 0, ch[c, CH_ROOM])


@compiled
def read_forecast(ch, st, events, ip, c):
    """LOC-TOWER-2, WEATHER-4, GAP-55 (step 4, GAP-24): the weather station, a Tower device that
    works while any generator does (GEN-6, GAP-21), shows its reader alone the weather of the
    next forecast_turns turns, exactly (the sequence is drawn in advance). A weather station
    broken since the declaration shows nothing (GAP-20)."""
    if not any_generator_running(st) or st[ST_WEATHER_STATION_BROKEN] == 1:
        return
    ch[c, CH_FORECAST_TURN] = st[ST_TURN]
    log_act(ch, st, events, codes.E_FORECAST, c, -1, ip[P.I_FORECAST], 0, ch[c, CH_ROOM])


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
def fuel_generator(ch, it, st, events, ip, room_block, c, h, out_of_generator, rec):
    """GEN-4, GAP-18 (step 7): the canister (or flamethrower tank: ITEM-FLAMETHROWER-5) in hand
    h into the generator of c's room, or the generator into it (items.pour_with_store)."""
    b = block_of_generator_room(room_block, ch[c, CH_ROOM])
    i = ch[c, CH_HAND + h]
    if b < 0 or i < 0 or it[i, IT_KIND] not in codes.FUEL_CONTAINERS:
        return
    cell = ST_GEN_FUEL + b
    amount = pour_with_store(st, it, i, cell, ip[P.I_GEN_CAPACITY], out_of_generator)
    if amount <= 0:
        return
    if out_of_generator == 1:
        log_act(ch, st, events, codes.E_DEFUEL, c, -1, amount, b, ch[c, CH_ROOM])
    else:
        rec[R.C_REFUELS] += 1
        log_act(ch, st, events, codes.E_REFUEL, c, -1, amount, b, ch[c, CH_ROOM])


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


@compiled
def leave_room(ch, st, rng, events, decl, fp, room_block, c, j):
    """ACT-MOVE exit (step 10), LIGHT-4, GAP-2: a move that starts on the Street in a blizzard
    lands, with the misdirection chance, in another room of the target's block (or any indoor
    room when heading for the Tower). DOOR-1, GAP-25, GAP-26: a room whose door is locked and
    was not opened this turn from the mover's room cannot be entered, by the misdirected too
    (GAP-2): the mover stays where he is. Leaving is never blocked (DOOR-4)."""
    if not can_act(ch, c):
        return
    target = decl[c, j, D_TARGET]
    if foiled(ch, st, rng, events, c, codes.A_MOVE, target, decl[c, j, D_COST]):
        return  # GAP-28: a hindered move may fail
    dest = destination(ch, st, rng, fp, room_block, c, target)
    if not door_open_from(st, ch[c, CH_ROOM], dest):
        log_event(st, events, codes.E_DOOR, c, target, dest, codes.DE_BLOCKED)
        return
    log_act(ch, st, events, codes.E_LEAVE, c, -1, ch[c, CH_ROOM], target, ch[c, CH_ROOM])  # INFO-2
    ch[c, CH_MOVE_TO] = dest


@compiled
def destination(ch, st, rng, fp, room_block, c, target):
    """LIGHT-4, GAP-2: where a move from c's room towards `target` lands: leaving the Street in
    a blizzard, with the misdirection chance, another room of the target's block (any indoor
    room when heading for the Tower)."""
    if not (
        ch[c, CH_ROOM] == codes.STREET
        and st[ST_LIGHTING + codes.STREET] == codes.BLIZZARD
        and chance(rng, WORLD, fp[P.F_MISDIRECT])
    ):
        return target
    if target == codes.TOWER:
        return below(rng, WORLD, codes.N_INDOOR)
    b = room_block[target]
    n_other = 0
    for r in range(codes.N_INDOOR):
        if room_block[r] == b and r != target:
            n_other += 1
    if n_other == 0:
        return target
    k = below(rng, WORLD, n_other)
    for r in range(codes.N_INDOOR):
        if room_block[r] == b and r != target:
            if k == 0:
                return r
            k -= 1
    return target


@compiled
def follow(ch, st, rng, events, fp, room_block, c, target):
    """ACT-FOLLOW (entry step 13), GAP-32: after the one followed has moved, go where he went;
    others see an ordinary move. It fails, its AP spent, if he stayed, died or fell unconscious;
    misdirection in a blizzard is rolled for the follower on his own."""
    origin = ch[c, CH_ROOM]
    there = ch[target, CH_ROOM]
    if there == origin or not can_act(ch, target) or ch[target, CH_LEFT_STATION] != 0:
        log_event(st, events, codes.E_FOLLOW, c, target, origin, 0)
        return
    dest = destination(ch, st, rng, fp, room_block, c, there)
    if not door_open_from(st, origin, dest):  # GAP-26, GAP-32: locks apply
        log_event(st, events, codes.E_DOOR, c, there, dest, codes.DE_BLOCKED)
        return
    log_act(ch, st, events, codes.E_LEAVE, c, -1, origin, there, origin)
    place(ch, st, c, dest)
    kind = codes.E_MOVE if dest == there else codes.E_MISDIRECTED
    log_act(ch, st, events, kind, c, -1, origin if dest == there else there, dest, dest)
    log_event(st, events, codes.E_FOLLOW, c, target, dest, 1)


@compiled
def enter_room(ch, st, events, c, intended):
    """ACT-MOVE entry (step 12)."""
    dest = ch[c, CH_MOVE_TO]
    if dest < 0:
        return
    ch[c, CH_MOVE_TO] = -1
    if ch[c, CH_ALIVE] == 0:
        return
    origin = ch[c, CH_ROOM]
    place(ch, st, c, dest)
    if dest == intended:
        log_act(ch, st, events, codes.E_MOVE, c, -1, origin, dest, ch[c, CH_ROOM])
    else:
        log_act(ch, st, events, codes.E_MISDIRECTED, c, -1, intended, dest, ch[c, CH_ROOM])


@compiled
def toggle_radio(ch, it, st, events, c, slot, colour):
    """ACT-RADIO-TOGGLE (step 13), GAP-54: "channel change" is on/off; the radio in hand `slot`,
    or (slot 2) one of that colour lying here, which needs sight (LIGHT-2)."""
    i = -1
    if slot < 2:
        i = ch[c, CH_HAND + slot]
    elif sees_in_room(ch, st, c):
        for k in range(it.shape[0]):
            if (
                it[k, IT_KIND] == codes.RADIO
                and it[k, IT_PLACE] == codes.IN_ROOM
                and it[k, IT_WHERE] == ch[c, CH_ROOM]
                and it[k, IT_COLOUR] == colour
            ):
                i = k
                break
    if i < 0 or it[i, IT_KIND] != codes.RADIO:
        return
    it[i, IT_ON] = 1 - it[i, IT_ON]
    log_act(
        ch, st, events, codes.E_RADIO_TOGGLE, c, -1, it[i, IT_COLOUR], it[i, IT_ON], ch[c, CH_ROOM]
    )


@compiled
def speak(ch, it, st, events, c, topic, subject):
    """ACT-RADIO-SPEAK, ITEM-RADIO, GAP-54: into a switched-on radio in hand; heard, with the
    speaker's name, by everyone able to hear in a room holding a switched-on radio of that
    colour, in a hand, a backpack or on the floor, and by those beside the speaker (outside a
    blizzard, where only radios carry: LIGHT-4)."""
    colour = -1
    for h in range(2):
        i = ch[c, CH_HAND + h]
        if colour < 0 and i >= 0 and it[i, IT_KIND] == codes.RADIO and it[i, IT_ON] == 1:
            colour = it[i, IT_COLOUR]
    if colour < 0:
        return
    rooms = 0
    for i in range(it.shape[0]):
        if it[i, IT_KIND] != codes.RADIO or it[i, IT_ON] == 0 or it[i, IT_COLOUR] != colour:
            continue
        if it[i, IT_PLACE] == codes.IN_ROOM:
            rooms |= 1 << it[i, IT_WHERE]
        elif it[i, IT_PLACE] == codes.IN_HAND or it[i, IT_PLACE] == codes.IN_BACKPACK:
            rooms |= 1 << ch[it[i, IT_WHERE], CH_ROOM]
    listeners = 0
    for r in range(codes.N_ROOMS):
        if (rooms >> r) & 1 == 1:
            listeners |= witnesses(ch, st, r)[1]
    listeners |= witnesses(ch, st, ch[c, CH_ROOM])[1]  # a blizzard hides everyone: no one
    write_event(st, events, codes.E_RADIO, c, -1, topic, subject, -1, listeners, listeners)

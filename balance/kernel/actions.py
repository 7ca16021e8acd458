"""Declarations and the actions of characters: costs, legality and effects (A3, A4, A11, A12).

`declare` keeps what a policy declared if it is legal when declared and fits the AP; `resolve`
applies one kept declaration at its RES-ORDER step, re-checking what may have changed since.
"""

from balance.compile.jit import compiled
from balance.kernel.steps import action_step, is_move

from balance import codes
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.kernel.food import resolve_food
from balance.kernel.perception import (
    can_act,
    sees_in_room,
)
from balance.kernel.terminal import terminal_cost
from balance.kernel.thing import (
    active_form_allows,
    resolve_thing,
)
from balance.kernel.public import unpack_order, D_ACTION, D_TARGET, D_ARG, D_COST
from balance.kernel.contagion import (
    resolve_contagion,
)
from balance.kernel.lab import resolve_lab
from balance.kernel.state import (
    CH_AP_TURN,
    CH_ORDER_COST,
    CH_REACT_ACTION,
    CH_REACT_ARG,
    CH_REACT_ROW,
    CH_REACT_STATE,
    CH_REACT_STEP,
    CH_REACT_TARGET,
    CH_REACT_TRIGGER,
    ST_REACTIONS,
    CH_FORM,
    CH_INITIATIVE,
    CH_N_DECL,
    CH_ROOM,
    ST_LIGHTING,
)
from balance.kernel.hindering import foiled
from balance.kernel.arsenal import arsenal_cost, resolve_arsenal
from balance.kernel.care import care_cost, resolve_care
from balance.kernel.combat import combat_cost, resolve_combat
from balance.kernel.contagion import contagion_cost
from balance.kernel.food import food_cost
from balance.kernel.helicopter import helicopter_cost, resolve_helicopter
from balance.kernel.hindering import hindering_cost, resolve_hindering
from balance.kernel.inventory import inventory_cost, resolve_inventory
from balance.kernel.lab import lab_cost
from balance.kernel.locks import locks_cost, resolve_locks
from balance.kernel.movement import movement_cost, resolve_movement
from balance.kernel.talk import resolve_talk, talk_cost
from balance.kernel.terminal import resolve_terminal
from balance.kernel.thing import thing_cost
from balance.kernel.upkeep import resolve_upkeep, upkeep_cost


@compiled
def turn_cost(action, target):
    """AP of the turn's markers (AP-9, AP-10), free; -1 for anything else of the turn's."""
    if action == codes.A_RESOLVE_LAST:  # AP-9: a free marker on another kind of action
        ok = codes.A_NONE < target < codes.N_ACTIONS and target != codes.A_RESOLVE_LAST
        return 0 if ok else -1
    if action == codes.A_LOWER_INITIATIVE:  # AP-10
        return 0
    return -1


@compiled
def action_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a declaration if it is legal when declared, else -1: the checks every action
    shares, then its section's (codes.ACTION_SECTION: the module that prices and resolves it).
    AP-2: the stars of A4; GAP-13."""
    if not 0 <= action < codes.N_ACTIONS:
        return -1
    r = ch[c, CH_ROOM]
    if ch[c, CH_FORM] == codes.THING_ACTIVE and not active_form_allows(action, arg):
        return -1  # THING-ACTIVE-3, THING-ACTIVE-5
    if st[ST_LIGHTING + r] == codes.BLIZZARD and action in codes.ACTIONS_AIMED_AT_SOMEONE_SEEN:
        return -1  # LIGHT-4: «вы не видите, кто находится в локации»: nobody to aim at
    if action in codes.ACTIONS_NEEDING_LIGHT and not sees_in_room(ch, st, c):
        return -1  # LIGHT-5: Light or a Flashlight (a Thing's Night vision will do)
    section = codes.ACTION_SECTION[action]
    args = (ch, it, st, ip, adjacent, room_block, c, action, target, arg)
    if section == codes.S_MOVEMENT:
        return movement_cost(*args)
    if section == codes.S_INVENTORY:
        return inventory_cost(*args)
    if section == codes.S_UPKEEP:
        return upkeep_cost(*args)
    if section == codes.S_COMBAT:
        return combat_cost(*args)
    if section == codes.S_ARSENAL:
        return arsenal_cost(*args)
    if section == codes.S_CARE:
        return care_cost(*args)
    if section == codes.S_HINDERING:
        return hindering_cost(*args)
    if section == codes.S_TALK:
        return talk_cost(*args)
    if section == codes.S_HELICOPTER:
        return helicopter_cost(*args)
    if section == codes.S_LOCKS:
        return locks_cost(*args)
    if section == codes.S_TERMINAL:
        return terminal_cost(*args)
    if section == codes.S_FOOD:
        return food_cost(*args)
    if section == codes.S_THING:
        return thing_cost(*args)
    if section == codes.S_CONTAGION:
        return contagion_cost(*args)
    if section == codes.S_LAB:
        return lab_cost(*args)
    return turn_cost(action, target)


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
def replacement_within_limits(ch, decl, ip, c):
    """GAP-33 with AP-3, ACT-SHOOT-6, GAP-31 and GAP-64: a reaction's replacement counts with c's
    other kept declarations, those before the reaction and after it: no second once-a-turn
    action, no second shot from one hand's pistol, no second move or follow, no claim beyond
    talk.claims_per_turn on its channel."""
    action = ch[c, CH_REACT_ACTION]
    others = count_kept(decl, c, ch[c, CH_N_DECL], action) - (
        decl[c, ch[c, CH_REACT_ROW], D_ACTION] == action
    )
    if is_claim(action) and others >= ip[P.I_CLAIMS_PER_TURN]:
        return False
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
    ap_left = ch[c, CH_AP_TURN]  # AP-1, set as the turn began (game.begin_turn)
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
        if is_claim(action) and count_kept(decl, c, kept, action) >= ip[P.I_CLAIMS_PER_TURN]:
            continue  # GAP-64: talk.claims_per_turn on each channel
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
    if ch[c, CH_REACT_TRIGGER] >= 0 and not replacement_within_limits(ch, decl, ip, c):
        ch[c, CH_REACT_TRIGGER] = -1
        st[ST_REACTIONS] -= 1


@compiled
def kept_before(decl, c, kept, action):
    """An earlier kept declaration of c is of this action."""
    return count_kept(decl, c, kept, action) > 0


@compiled
def count_kept(decl, c, kept, action):
    """How many of c's first `kept` declarations are of this action."""
    n = 0
    for j in range(kept):
        n += decl[c, j, D_ACTION] == action
    return n


@compiled
def is_claim(action):
    """GAP-64: a claim, aloud or on the radio."""
    return action == codes.A_SAY or action == codes.A_RADIO_SPEAK


@compiled
def resolve(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec):
    """Apply declaration j of character c at its step (RES-ORDER) by its section's module
    (codes.ACTION_SECTION); a move's exit and entry are game.resolve_step's, the turn's markers
    resolve nothing. An action with no chance given always succeeds (AP-5)."""
    if not can_act(ch, c):
        return  # UNC-1, HP-3, GAP-56: the dead, unconscious and paralysed do nothing
    action = decl[c, j, D_ACTION]
    target = decl[c, j, D_TARGET]
    arg = decl[c, j, D_ARG]
    if foiled(ch, st, rng, events, c, action, target, decl[c, j, D_COST]):
        return
    section = codes.ACTION_SECTION[action]
    args = (ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec)
    if section == codes.S_MOVEMENT:
        resolve_movement(*args)
    elif section == codes.S_INVENTORY:
        resolve_inventory(*args)
    elif section == codes.S_UPKEEP:
        resolve_upkeep(*args)
    elif section == codes.S_COMBAT:
        resolve_combat(*args)
    elif section == codes.S_ARSENAL:
        resolve_arsenal(*args)
    elif section == codes.S_CARE:
        resolve_care(*args)
    elif section == codes.S_HINDERING:
        resolve_hindering(*args)
    elif section == codes.S_TALK:
        resolve_talk(*args)
    elif section == codes.S_HELICOPTER:
        resolve_helicopter(*args)
    elif section == codes.S_LOCKS:
        resolve_locks(*args)
    elif section == codes.S_TERMINAL:
        resolve_terminal(*args)
    elif section == codes.S_FOOD:
        resolve_food(*args)
    elif section == codes.S_THING:
        resolve_thing(*args)
    elif section == codes.S_CONTAGION:
        resolve_contagion(*args)
    elif section == codes.S_LAB:
        resolve_lab(*args)

"""The Thing's own actions: the transformation, the active form and the archetypes (A8, A9).

Decisions where the rules are silent (each also in docs/rules.md):
- THING-ACTIVE-1: the Russian original has the Thing drop "every item of its inventory", and the
  inventory holds the hands and the backpack, so the backpack's contents drop with the hands'
  and only the worn parka is destroyed (the backpack itself is no item here). Carried ID cards
  (GAP-5: in no slot) drop too: the active form has no inventory at all (THING-ACTIVE-3).
- THING-ACTIVE-10, GAP-62: the active Thing's three stats become codes.STAT_BASIC, the level
  that grants nothing (STAT-2): base hit chance, move cost, reactions and frost resistance as
  for level 1. Its Initiative also orders its resolution (STAT-3) from then on.
- RES-5, GAP-40: skipping the turn cancels every declaration of the turn not yet resolved.
- THING-P-5, GAP-38: a called convert's declarations of that turn are void (his player left),
  and from the next turn he declares through the Things' policy (game.declare_by_policies).
- ARCH-MUTANT-2: "dies" is read as falling to 0 HP (the "dead" of THING-P-2's wound scale),
  paralysis included, or being burned alive (GAP-44); health.burst_organs.
- GAP-41: with more starting Things than archetypes, the Things past the third get none.
- THING-ACTIVE-4: in the active form every ability of the hidden form is lost (thing_cost
  and infection.infection_rule ask for the hidden form); Night vision, Vitality and Resurrection
  stay. GAP-39: Smell and Limited potential have no effect, so no code stands for them.
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.health import damage, is_hidden_original, other_here
from balance.kernel.events import log_event
from balance.kernel.items import shed_belongings
from balance.compile.jit import compiled
from balance.kernel.perception import can_act, log_act
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.steps import action_step, add_step, is_move
from balance.kernel.state import (
    CH_AP_TURN,
    CH_ACTIVE_READY,
    CH_ALIVE,
    CH_ARCHETYPE,
    CH_ERUDITION,
    CH_FORM,
    CH_HIDDEN_READY,
    CH_INITIATIVE,
    CH_LEFT_STATION,
    CH_N_DECL,
    CH_ORDER_COST,
    CH_ORIGINAL,
    CH_PHYSICAL,
    CH_RANK,
    CH_REACT_STATE,
    CH_REACT_TRIGGER,
    CH_ROOM,
    CH_ROOMS_BEFORE,
    CH_SANITY,
    CH_TURN_ROOM,
    ST_CONVERTS,
    ST_STEP,
    ST_TURN,
)
from balance.kernel.public import D_ACTION, D_ARG, D_COST, D_TARGET, unpack_order
from balance.observation import (
    OT_ARCHETYPE,
    OT_CONVERTS,
    OT_FORM,
    OT_HIDDEN_READY,
    OT_HIDDEN_READY_TURN,
    OT_ROOMS_BEFORE,
    OT_SCREAM_READY,
    OT_SCREAM_READY_TURN,
    OT_TRANSFORM_READY,
    O_MOVE_AP,
    O_THING,
    UNSEEN,
)
from balance.kernel.combat import strike
from balance.kernel.station import object_here
from balance.kernel.upkeep import remote_break


@compiled
def orderable(action):
    """GAP-42: an ordinary action, not one of the turn's (a marker, a reaction) or the Thing's."""
    return (
        0 <= action < codes.N_ACTIONS
        and codes.ACTION_SECTION[action] != codes.S_TURN
        and codes.ACTION_SECTION[action] != codes.S_THING
    )


@compiled
def active_form_allows(action, arg):
    """THING-ACTIVE-3, THING-ACTIVE-5: what the active Thing may declare at all."""
    if action == codes.A_DESTROY:
        return arg == 0  # only an item lying here: it carries nothing
    return action in codes.ACTIVE_FORM_ACTIONS


@compiled
def beside(ch, c, d):
    """d is another character on the station in c's room, alive."""
    return other_here(ch, c, d) and ch[d, CH_ALIVE] == 1


@compiled
def ready(ch, st, c, column):
    """GAP-41: an ability's cooldown is over."""
    return st[ST_TURN] >= ch[c, column]


@compiled
def is_convert(ch, d):
    """GAP-38: a Thing in body that was not one at the start."""
    return ch[d, CH_FORM] != codes.HUMAN and ch[d, CH_ORIGINAL] == 0


@compiled
def remote_room_allowed(ch, ip, c, room):
    """ARCH-MUTANT-1, GAP-43: c occupied `room` during one of the last remote_break_turns turns."""
    if not 0 <= room < codes.N_ROOMS:
        return False
    for k in range(ip[P.I_REMOTE_BREAK_WINDOW]):
        if (ch[c, CH_ROOMS_BEFORE + k] >> room) & 1 == 1:
            return True
    return False


@compiled
def thing_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of one of this module's declarations if legal when declared, else -1 (GAP-13).
    The action an Order forces is checked by actions.declare, which knows every action's cost."""
    door = target == codes.OBJ_DOOR and arg != codes.STREET
    if action == codes.A_REMOTE_BREAK and not (door or object_here(room_block, arg, target)):
        return -1  # ARCH-MUTANT-1, GAP-43: an object standing in that room, or its door
    form = ch[c, CH_FORM]
    hidden_original = is_hidden_original(ch, c)
    arch = ch[c, CH_ARCHETYPE]
    if action == codes.A_TRANSFORM:  # THING-HIDDEN-1
        ok = hidden_original and st[ST_TURN] >= ip[P.I_TRANSFORM_TURN]
        return ip[P.I_TRANSFORM_AP] if ok else -1
    if action == codes.A_THROW_BACK:  # THING-ACTIVE-6
        ok = form == codes.THING_ACTIVE and beside(ch, c, target)
        return ip[P.I_THROW_BACK_AP] if ok else -1
    if action == codes.A_CLAWS:
        ok = form == codes.THING_ACTIVE and beside(ch, c, target)
        return ip[P.I_CLAWS_AP] if ok else -1
    if action == codes.A_SPRAY:  # arg: the characters spared (GAP-40)
        return ip[P.I_SPRAY_AP] if form == codes.THING_ACTIVE else -1
    if action == codes.A_CALL_SPAWN:  # THING-P-5, GAP-38: free, any turn, wherever he is
        ok = hidden_original and 0 <= target < ch.shape[0] and ch[target, CH_ALIVE] == 1
        ok = ok and ch[target, CH_FORM] == codes.THING_HIDDEN and ch[target, CH_ORIGINAL] == 0
        return ip[P.I_CALL_SPAWN_AP] if ok and ch[target, CH_LEFT_STATION] == 0 else -1
    if action == codes.A_ORDER:  # ARCH-QUEEN-1, GAP-42: a human here
        ok = hidden_original and arch == codes.ARCH_QUEEN and ready(ch, st, c, CH_HIDDEN_READY)
        ok = ok and beside(ch, c, target) and ch[target, CH_FORM] == codes.HUMAN
        return ip[P.I_ORDER_AP] if ok and orderable(unpack_order(arg)[0]) else -1
    if action == codes.A_SCREAM:  # ARCH-QUEEN-2
        ok = form == codes.THING_ACTIVE and arch == codes.ARCH_QUEEN
        return ip[P.I_SCREAM_AP] if ok and ready(ch, st, c, CH_ACTIVE_READY) else -1
    if action == codes.A_WAVES:  # ARCH-SOLDIER-1
        ok = hidden_original and arch == codes.ARCH_SOLDIER
        return ip[P.I_WAVES_AP] if ok and ready(ch, st, c, CH_HIDDEN_READY) else -1
    if action == codes.A_REMOTE_BREAK:  # ARCH-MUTANT-1, GAP-43: target = object, arg = room
        ok = hidden_original and arch == codes.ARCH_MUTANT and ready(ch, st, c, CH_HIDDEN_READY)
        ok = ok and remote_room_allowed(ch, ip, c, arg)
        return ip[P.I_REMOTE_BREAK_AP] if ok else -1
    return -1


@compiled
def skip_turn(ch, d):
    """RES-5, GAP-40: d's declarations of this turn not yet resolved are cancelled (AP wasted)."""
    ch[d, CH_N_DECL] = 0
    ch[d, CH_REACT_TRIGGER] = -1  # GAP-33: nor does a reaction replace anything
    ch[d, CH_REACT_STATE] = 2


@compiled
def transform(ch, it, st, events, c, called, rec):
    """THING-HIDDEN-1, THING-ACTIVE-1/3/10: into the active form, dropping every item (hands,
    backpack and carried ID cards: see the module docstring); a worn parka is destroyed."""
    r = ch[c, CH_ROOM]
    shed_belongings(ch, it, c, r)
    ch[c, CH_PHYSICAL] = codes.STAT_BASIC  # THING-ACTIVE-10, GAP-62
    ch[c, CH_INITIATIVE] = codes.STAT_BASIC
    ch[c, CH_ERUDITION] = codes.STAT_BASIC
    ch[c, CH_FORM] = codes.THING_ACTIVE
    rec[R.C_TRANSFORMATIONS] += 1
    log_act(ch, st, events, codes.E_TRANSFORM, c, -1, called, 0, r)  # THING-ACTIVE-2


@compiled
def spray(ch, it, st, rng, events, ip, fp, c, spared, rec):
    """THING-ACTIVE-6, GAP-40: every other living character here but the spared ones, hidden
    Things included, is hurt on his own roll; an area effect, so no cover (GAP-29)."""
    for d in range(ch.shape[0]):
        if not beside(ch, c, d) or (spared >> d) & 1 == 1:
            continue
        hurt = chance(rng, WORLD, fp[P.F_SPRAY_CHANCE])
        log_act(ch, st, events, codes.E_SPRAY, c, d, 1 if hurt else 0, 0, ch[c, CH_ROOM])
        if hurt:
            damage(ch, it, st, rng, events, ip, d, ip[P.I_SPRAY_DAMAGE], codes.DC_ATTACK, rec)


@compiled
def scream(ch, st, events, ip, c):
    """ARCH-QUEEN-2, GAP-40: every human here (the infected are humans, hidden Things are not)
    skips the turn."""
    stunned = 0
    for d in range(ch.shape[0]):
        if beside(ch, c, d) and ch[d, CH_FORM] == codes.HUMAN:
            skip_turn(ch, d)
            stunned += 1
    ch[c, CH_ACTIVE_READY] = st[ST_TURN] + ip[P.I_SCREAM_COOLDOWN] + 1  # GAP-41
    log_act(ch, st, events, codes.E_SCREAM, c, -1, stunned, 0, ch[c, CH_ROOM])


@compiled
def waves(ch, st, events, ip, c):
    """ARCH-SOLDIER-1, GAP-11, GAP-41: secretly, every human here loses sanity."""
    reached = 0
    for d in range(ch.shape[0]):
        if beside(ch, c, d) and ch[d, CH_FORM] == codes.HUMAN:
            ch[d, CH_SANITY] = max(0, ch[d, CH_SANITY] - ip[P.I_WAVES_SANITY])
            reached += 1
    ch[c, CH_HIDDEN_READY] = st[ST_TURN] + ip[P.I_WAVES_COOLDOWN] + 1
    log_event(st, events, codes.E_ABILITY, c, -1, codes.A_WAVES, reached)


@compiled
def resolved_already(ch, st, decl, c, h, j):
    """h's declaration j has resolved by the time c's Order does (GAP-42, RES-ORDER): its step
    is past, or is this one and h comes before c in the resolution order (RES-3)."""
    step = action_step(decl[h, j, D_ACTION], decl[h, j, D_ARG])
    if is_move(decl[h, j, D_ACTION]):
        return False  # a move leaves and enters in steps 10 and 12, after any Order
    return step < st[ST_STEP] or (step == st[ST_STEP] and ch[h, CH_RANK] < ch[c, CH_RANK])


@compiled
def order(ch, st, events, decl, ip, c, h, packed):
    """ARCH-QUEEN-1, GAP-42 (step 1): the forced declaration joins h's own, his latest ones
    not yet resolved dropped to make room for its AP (and his move, for a forced move: GAP-31);
    it resolves in its own step as his, and he is not told (the event is secret). What he has
    already done keeps its AP (AP-1): when the rest cannot make room, the Order is void and its
    cooldown spent."""
    action, target, arg = unpack_order(packed)
    cost = ch[c, CH_ORDER_COST]
    n = ch[h, CH_N_DECL]
    keep = 0  # bit j: h's row j stays
    spent = 0
    rows = 0
    for j in range(n):
        if is_move(action) and is_move(decl[h, j, D_ACTION]):
            continue
        keep |= 1 << j
        spent += decl[h, j, D_COST]
        rows += 1
    j = n - 1
    while j >= 0 and (spent + cost > ch[h, CH_AP_TURN] or rows >= codes.MAX_DECLARED):
        if (keep >> j) & 1 == 1 and not resolved_already(ch, st, decl, c, h, j):
            keep &= ~(1 << j)
            spent -= decl[h, j, D_COST]
            rows -= 1
        j -= 1
    ch[c, CH_HIDDEN_READY] = st[ST_TURN] + ip[P.I_ORDER_COOLDOWN] + 1  # GAP-41
    if spent + cost > ch[h, CH_AP_TURN] or rows >= codes.MAX_DECLARED:
        return  # AP-1: what he has done leaves no room for it
    kept = 0
    for j in range(n):
        if (keep >> j) & 1 == 1:
            for f in range(4):
                decl[h, kept, f] = decl[h, j, f]
            kept += 1
    if kept < n:  # rows moved or dropped: his reaction no longer knows its row (GAP-33)
        ch[h, CH_REACT_TRIGGER] = -1
        ch[h, CH_REACT_STATE] = 2
    decl[h, kept, D_ACTION] = action
    decl[h, kept, D_TARGET] = target
    decl[h, kept, D_ARG] = arg
    decl[h, kept, D_COST] = cost
    ch[h, CH_N_DECL] = kept + 1
    add_step(ch, st, h, action, arg)  # its step may be one nobody declared in (resolve_turn)
    log_event(st, events, codes.E_ABILITY, c, h, codes.A_ORDER, action)
    if ip[P.I_ORDER_SEEN] == 1:  # GAP-42's variant: the ordered act is seen to be forced
        log_act(ch, st, events, codes.E_ORDERED, -1, h, action, 0, ch[h, CH_ROOM])


@compiled
def resolve_thing(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """Apply one of this module's declarations at its step."""
    form = ch[c, CH_FORM]
    if action == codes.A_TRANSFORM:
        if form == codes.THING_HIDDEN:
            transform(ch, it, st, events, c, 0, rec)
    elif action == codes.A_CALL_SPAWN:  # THING-P-5, GAP-38
        if form == codes.THING_HIDDEN and ch[target, CH_FORM] == codes.THING_HIDDEN:
            log_event(st, events, codes.E_ABILITY, c, target, codes.A_CALL_SPAWN, 0)
            transform(ch, it, st, events, target, 1, rec)
            skip_turn(ch, target)  # his player has left: what he declared is void
    elif form == codes.THING_ACTIVE:
        if action == codes.A_THROW_BACK:  # THING-ACTIVE-6, GAP-40
            if beside(ch, c, target):
                log_act(ch, st, events, codes.E_THROW_BACK, c, target, 0, 0, ch[c, CH_ROOM])
                skip_turn(ch, target)
        elif action == codes.A_CLAWS:
            if beside(ch, c, target):
                p = fp[P.F_CLAWS_CHANCE]
                strike(
                    ch,
                    it,
                    st,
                    rng,
                    events,
                    ip,
                    c,
                    target,
                    p,
                    ip[P.I_CLAWS_DAMAGE],
                    codes.E_CLAWS,
                    rec,
                )
        elif action == codes.A_SPRAY:
            spray(ch, it, st, rng, events, ip, fp, c, arg, rec)
        elif action == codes.A_SCREAM:
            scream(ch, st, events, ip, c)
    elif form == codes.THING_HIDDEN:
        if action == codes.A_ORDER:
            if beside(ch, c, target) and ch[target, CH_FORM] == codes.HUMAN and can_act(ch, target):
                order(ch, st, events, decl, ip, c, target, arg)
        elif action == codes.A_WAVES:
            waves(ch, st, events, ip, c)
        elif action == codes.A_REMOTE_BREAK and remote_room_allowed(ch, ip, c, arg):
            ch[c, CH_HIDDEN_READY] = st[ST_TURN] + ip[P.I_REMOTE_BREAK_COOLDOWN] + 1
            log_event(st, events, codes.E_ABILITY, c, arg, codes.A_REMOTE_BREAK, target)
            remote_break(st, events, room_block, arg, target, rec)


@compiled
def remember_rooms(ch, st):
    """ARCH-MUTANT-1 (start of turn): the rooms each character occupied during the last turn,
    where it began it and where it ended it (GAP-31: one move a turn at most)."""
    for c in range(ch.shape[0]):
        if st[ST_TURN] > 1:
            for k in range(2, 0, -1):
                ch[c, CH_ROOMS_BEFORE + k] = ch[c, CH_ROOMS_BEFORE + k - 1]
            ch[c, CH_ROOMS_BEFORE] = (1 << ch[c, CH_TURN_ROOM]) | (1 << ch[c, CH_ROOM])
        ch[c, CH_TURN_ROOM] = ch[c, CH_ROOM]


@compiled
def deal_archetypes(ch, rng, ip):
    """ARCH-1, GAP-41 (setup): k distinct archetypes at random to the k starting Things, in
    character order; past the third, none."""
    left = 3  # the Queen, the Soldier and the Mutant
    pool = 0b1110  # bits 1..3: codes.ARCH_QUEEN..ARCH_MUTANT still to deal
    for c in range(ch.shape[0]):
        if ch[c, CH_ORIGINAL] == 0 or left == 0:
            continue
        k = below(rng, WORLD, left)
        for a in range(codes.ARCH_QUEEN, codes.ARCH_MUTANT + 1):
            if (pool >> a) & 1 == 1:
                if k == 0:
                    ch[c, CH_ARCHETYPE] = a
                    pool &= ~(1 << a)
                    break
                k -= 1
        left -= 1


@compiled
def observe_thing(ch, st, ip, c, o):
    """The O_THING block of c's observation: what c knows of its own Thing nature."""
    t = st[ST_TURN]
    original = ch[c, CH_ORIGINAL] == 1
    knows = original or ch[c, CH_FORM] == codes.THING_ACTIVE  # GAP-38: a convert is unaware
    for k in range(OT_ROOMS_BEFORE + 3):
        o[O_THING + k] = UNSEEN
    o[O_THING + OT_FORM] = ch[c, CH_FORM] if knows else codes.HUMAN
    for k in range(3):  # one's own whereabouts are no secret to oneself
        o[O_THING + OT_ROOMS_BEFORE + k] = ch[c, CH_ROOMS_BEFORE + k]
    if not knows:
        return
    arch = ch[c, CH_ARCHETYPE]
    o[O_THING + OT_ARCHETYPE] = arch
    if arch != codes.ARCH_NONE:
        o[O_THING + OT_HIDDEN_READY] = 1 if t >= ch[c, CH_HIDDEN_READY] else 0
        o[O_THING + OT_HIDDEN_READY_TURN] = max(t, ch[c, CH_HIDDEN_READY])
    if arch == codes.ARCH_QUEEN:
        o[O_THING + OT_SCREAM_READY] = 1 if t >= ch[c, CH_ACTIVE_READY] else 0
        o[O_THING + OT_SCREAM_READY_TURN] = max(t, ch[c, CH_ACTIVE_READY])
    hidden = ch[c, CH_FORM] == codes.THING_HIDDEN
    o[O_THING + OT_TRANSFORM_READY] = 1 if hidden and t >= ip[P.I_TRANSFORM_TURN] else 0
    # THING-P-5: the Things learn of every conversion, and a called convert is played by them
    # from then on ("отныне им управляете вы"), so he knows the converts as they do
    o[O_THING + OT_CONVERTS] = st[ST_CONVERTS]  # observe.survey
    if ch[c, CH_FORM] == codes.THING_ACTIVE and arch == codes.ARCH_SOLDIER:
        o[O_MOVE_AP] = ip[P.I_SOLDIER_MOVE_AP]  # ARCH-SOLDIER-2

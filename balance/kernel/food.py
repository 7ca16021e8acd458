"""Food and corpses: the Freezer's shelves, the stove, portions and the substances in them, and
searching a corpse (LOC-FREEZER-1..3, LOC-LIVING-3..5, ITEM-FOOD, VIAL-2, ACT-EAT, ACT-DOSE-FOOD,
INFO-4, GAP-49, GAP-50, GAP-51, GAP-60).

Where food is:
- the boxes on the Freezer's shelves are FOOD_BOX items in the supply, and st[ST_FOOD_STOCK]
  counts them: the live stock that WIN-3 reads (GAP-8, GAP-50: "food" = boxes on the shelf);
  a box taken off the shelves is carried in a hand only (GAP-50), never in a backpack;
- preparing a box uses it up and leaves st[ST_STOVE_PREPARED] = 1 (GAP-50);
- portions are FOOD items in the supply until cooking lays them in the Living quarters; what a
  portion carries is the bit set in its IT_DOSE column: a full dose per vial kind put in with
  ACT-DOSE-FOOD, and a weaker cooked dose per vial kind added at the stove (LOC-LIVING-4).
"""

from balance import codes
from balance.kernel import params as P
from balance.kernel.arsenal import carried, use_up
from balance.kernel.vials import count_dose
from balance.kernel.health import paralysed
from balance.kernel.events import log_event
from balance.kernel.items import (
    drop_on_floor,
    find_on_floor,
    free_hand,
    holds_kind,
    put_in_hand,
    stow,
    take_from_supply,
    wear_parka,
)
from balance.compile.jit import compiled
from balance.kernel.perception import log_act, sees_in_room
from balance.kernel.station import room_powered
from balance.kernel.state import (
    CH_ALIVE,
    CH_BACKPACK,
    CH_FOOD_COUNT_TURN,
    CH_FOOD_COUNTED,
    CH_HAND,
    CH_LEFT_STATION,
    CH_POISON_TURN,
    CH_RED_UNTIL,
    CH_ROOM,
    CH_SANITY,
    CH_WORN,
    IT_DOSE,
    IT_KIND,
    IT_PLACE,
    IT_WHERE,
    ST_FOOD_STOCK,
    ST_STOVE_BROKEN,
    ST_STOVE_PREPARED,
    ST_TURN,
)
from balance.kernel.health import other_here

# The bits of a portion's IT_DOSE: a full dose (ACT-DOSE-FOOD, GAP-49) or a cooked one
# (LOC-LIVING-4) of each vial kind. A cook's arg names vial kinds by the same low bits.
DOSE_BLUE = 1
DOSE_RED = 2
COOKED_BLUE = 4
COOKED_RED = 8
ALL_DOSES = 15


@compiled
def vial_bit(kind):
    """The full-dose bit of a vial kind (shifted left by 2 for a cooked dose)."""
    return DOSE_BLUE if kind == codes.VIAL_BLUE else DOSE_RED


@compiled
def set_up_food(st, ip):
    """SETUP-3, LOC-FREEZER-2: the shelves full, nothing on the stove."""
    st[ST_FOOD_STOCK] = ip[P.I_FOOD]
    st[ST_STOVE_PREPARED] = 0


@compiled
def looks_dead(ch, d):
    """GAP-51, THING-P-3: a body one may search: a corpse, or a paralysed Thing, which looks
    dead to all (and a search must not tell them apart)."""
    return ch[d, CH_ALIVE] == 0 or paralysed(ch, d)


@compiled
def food_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a food or corpse declaration if it is legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if action == codes.A_TAKE_FOOD:
        return ip[P.I_TAKE_FOOD_AP] if r == codes.FREEZER else -1  # GAP-50
    if action == codes.A_COUNT_FOOD:  # LOC-FREEZER-3: Light only (LIGHT-5, actions.action_cost)
        return ip[P.I_COUNT_FOOD_AP] if r == codes.FREEZER else -1
    if action == codes.A_STOVE_PREPARE or action == codes.A_COOK:
        if r != codes.LIVING_QUARTERS or ip[P.I_STOVE_USABLE] == 0:  # GAP-50 variant
            return -1
        if st[ST_STOVE_BROKEN] == 1:  # GAP-20: refused, as the lab's broken devices are
            return -1
        if action == codes.A_STOVE_PREPARE:
            return ip[P.I_STOVE_PREPARE_AP]  # LOC-LIVING-3
        return ip[P.I_COOK_AP] if 0 <= arg <= DOSE_BLUE | DOSE_RED else -1  # LOC-LIVING-4
    if action == codes.A_EAT:
        return ip[P.I_EAT_AP] if 0 <= target <= 1 else -1  # ACT-EAT
    if action == codes.A_DOSE_FOOD:  # ACT-DOSE-FOOD
        vial = target == codes.VIAL_BLUE or target == codes.VIAL_RED
        where = codes.DOSE_FROM_FLOOR_VIAL | codes.DOSE_FROM_FLOOR_PORTION
        return ip[P.I_DOSE_FOOD_AP] if vial and 0 <= arg <= where else -1
    if action == codes.A_SEARCH_CORPSE:  # GAP-51: Light only (LIGHT-5, actions.action_cost)
        if not other_here(ch, c, target):
            return -1
        # RES-ORDER: whether the one searched looks dead is checked at step 5 (search_corpse),
        # after the attacks of steps 2-3
        return ip[P.I_SEARCH_AP] if 0 <= arg <= codes.SEARCH_PARKA else -1
    return -1


@compiled
def take_food(ch, it, st, events, c):
    """GAP-50, LOC-FREEZER-2 (step 5): a box off the shelves into a free hand; the stock drops by
    one. Nobody, the taker included, sees how many are left (INFO-4)."""
    h = free_hand(ch, c)
    if h < 0 or st[ST_FOOD_STOCK] <= 0:
        return
    i = take_from_supply(it, codes.FOOD_BOX)
    st[ST_FOOD_STOCK] -= 1
    put_in_hand(ch, it, c, h, i)
    log_act(ch, st, events, codes.E_TAKE_FOOD, c, -1, st[ST_FOOD_STOCK], 0, ch[c, CH_ROOM])


@compiled
def count_food(ch, st, events, c):
    """LOC-FREEZER-3, INFO-4 (step 4, before this turn's boxes are taken in step 5): the counter
    alone learns the stock, and keeps that figure until he counts again."""
    ch[c, CH_FOOD_COUNTED] = st[ST_FOOD_STOCK]
    ch[c, CH_FOOD_COUNT_TURN] = st[ST_TURN]
    log_act(ch, st, events, codes.E_COUNT_FOOD, c, -1, st[ST_FOOD_STOCK], 0, ch[c, CH_ROOM])


@compiled
def stove_works(st, room_block):
    """GAP-21: the stove is electrical: it needs the Living quarters' generator; GAP-20: and it
    must not be broken (a stove broken before step 9 prepares and cooks nothing)."""
    return st[ST_STOVE_BROKEN] == 0 and room_powered(st, room_block, codes.LIVING_QUARTERS)


@compiled
def prepare_food(ch, it, st, events, room_block, c):
    """LOC-LIVING-3, GAP-50 (step 9): the box in hand is used up and the prepared food stays on
    the powered stove, which holds one prepared box at a time."""
    h = holds_kind(ch, it, c, codes.FOOD_BOX)
    if h < 0 or st[ST_STOVE_PREPARED] == 1 or not stove_works(st, room_block):
        return
    i = ch[c, CH_HAND + h]
    ch[c, CH_HAND + h] = -1
    it[i, IT_PLACE] = codes.DESTROYED
    it[i, IT_WHERE] = -1
    st[ST_STOVE_PREPARED] = 1
    log_act(ch, st, events, codes.E_STOVE, c, -1, 0, 0, ch[c, CH_ROOM])


@compiled
def cook(ch, it, st, events, ip, room_block, c, wanted):
    """LOC-LIVING-4, GAP-50 (step 9): the prepared food on the powered stove becomes `portions`
    portions lying in the Living quarters. Each vial kind named in `wanted` that the cook carries
    (hands or backpack, as crafting components: CRAFT-1) is used up and put secretly into every
    portion as a cooked dose; a kind he does not carry is left out."""
    if st[ST_STOVE_PREPARED] == 0 or not stove_works(st, room_block):
        return
    cooked = 0
    for kind in (codes.VIAL_BLUE, codes.VIAL_RED):
        if wanted & vial_bit(kind) == 0:
            continue
        vial = carried(ch, it, c, kind, -1)
        if vial >= 0:
            use_up(ch, it, c, vial)
            cooked |= vial_bit(kind) << 2
    st[ST_STOVE_PREPARED] = 0
    made = ip[P.I_PORTIONS]
    for _ in range(made):  # the supply holds the portions of every box (state.item_capacity)
        i = take_from_supply(it, codes.FOOD)
        drop_on_floor(it, i, codes.LIVING_QUARTERS)
        it[i, IT_DOSE] = cooked
    r = ch[c, CH_ROOM]
    log_act(ch, st, events, codes.E_STOVE, c, -1, 1, made, r)
    for kind in (codes.VIAL_BLUE, codes.VIAL_RED):
        if cooked & (vial_bit(kind) << 2) != 0:
            log_act(ch, st, events, codes.E_DOSE, c, -1, kind, made, r)


@compiled
def portion_at_hand(ch, it, st, c, lying):
    """A portion in c's hand (lying = 0) or seen lying here (lying = 1, LIGHT-2), or -1."""
    if lying == 0:
        h = holds_kind(ch, it, c, codes.FOOD)
        return ch[c, CH_HAND + h] if h >= 0 else -1
    if sees_in_room(ch, st, c):
        return find_on_floor(it, ch[c, CH_ROOM], codes.FOOD)
    return -1


@compiled
def eat(ch, it, st, events, ip, c, lying):
    """ACT-EAT, ITEM-FOOD (step 6, GAP-24): a portion from one's hand or seen lying here is used
    up; eating does nothing but what was put into it (GAP-50)."""
    i = portion_at_hand(ch, it, st, c, lying)
    if i < 0:
        return
    dose = it[i, IT_DOSE]
    use_up(ch, it, c, i)
    log_act(ch, st, events, codes.E_EAT, c, -1, lying, 0, ch[c, CH_ROOM])
    take_food_doses(ch, st, events, ip, c, dose)


@compiled
def take_food_doses(ch, st, events, ip, c, dose):
    """VIAL-2, LOC-LIVING-4, GAP-49: what a portion's substances do to its eater this turn.
    A full dose acts as its vial (blue: + blue_sanity; red: the red effect for red_turns), a
    cooked one weaker (blue: + cooked_blue_sanity; red: the red effect for cooked_red_turns);
    blue and red in one portion, however they got there, kill a human poison_delay turns later
    (LOC-LIVING-4; a Thing is unharmed, as by vials). A red effect already running is never
    shortened. Food stays out of the vials' overdose and mixing windows unless the GAP-49
    variant counts it."""
    if dose == 0:
        return
    t = st[ST_TURN]
    blue = dose & (DOSE_BLUE | COOKED_BLUE) != 0
    red = dose & (DOSE_RED | COOKED_RED) != 0
    if blue and red and ch[c, CH_POISON_TURN] == 0:
        ch[c, CH_POISON_TURN] = t + ip[P.I_FOOD_POISON_DELAY]
    top = ip[P.I_SANITY_MAX]
    if dose & DOSE_BLUE != 0:
        ch[c, CH_SANITY] = min(top, ch[c, CH_SANITY] + ip[P.I_BLUE_SANITY])
    if dose & COOKED_BLUE != 0:
        ch[c, CH_SANITY] = min(top, ch[c, CH_SANITY] + ip[P.I_COOKED_BLUE_SANITY])
    if dose & DOSE_RED != 0:
        ch[c, CH_RED_UNTIL] = max(ch[c, CH_RED_UNTIL], t + ip[P.I_RED_TURNS])
    if dose & COOKED_RED != 0:
        ch[c, CH_RED_UNTIL] = max(ch[c, CH_RED_UNTIL], t + ip[P.I_COOKED_RED_TURNS])
    for kind in (codes.VIAL_BLUE, codes.VIAL_RED):
        bit = vial_bit(kind)
        if dose & (bit | bit << 2) == 0:
            continue
        if ip[P.I_FOOD_COUNTS_AS_DOSE] == 1:
            count_dose(ch, st, ip, c, kind)  # GAP-49 variant: as if the vial were drunk
        for full in (1, 0):
            if dose & (bit if full == 1 else bit << 2) != 0:
                # ACT-DOSE-FOOD: put in secretly; the eater does not feel it (no actor, nobody
                # perceives it: the replay alone shows it)
                log_event(st, events, codes.E_FOOD_EFFECT, -1, c, kind, full)


@compiled
def vial_at_hand(ch, it, st, c, kind, lying):
    """A vial of `kind` in c's hand (lying = 0) or seen lying here (lying = 1, LIGHT-2), or -1."""
    if lying == 0:
        h = holds_kind(ch, it, c, kind)
        return ch[c, CH_HAND + h] if h >= 0 else -1
    if sees_in_room(ch, st, c):
        return find_on_floor(it, ch[c, CH_ROOM], kind)
    return -1


@compiled
def dose_food(ch, it, st, events, c, kind, where):
    """ACT-DOSE-FOOD, VIAL-2, GAP-49 (0 AP, secret, step 5, GAP-24): a vial of `kind` and a
    portion, each in hand or seen lying here (the bits of `where`); the vial is used up and the
    portion carries its full effect."""
    vial = vial_at_hand(ch, it, st, c, kind, 1 if where & codes.DOSE_FROM_FLOOR_VIAL else 0)
    portion = portion_at_hand(ch, it, st, c, 1 if where & codes.DOSE_FROM_FLOOR_PORTION else 0)
    if vial < 0 or portion < 0:
        return
    use_up(ch, it, c, vial)
    it[portion, IT_DOSE] |= vial_bit(kind)
    log_act(ch, st, events, codes.E_DOSE, c, -1, kind, 1, ch[c, CH_ROOM])


@compiled
def search_corpse(ch, it, st, events, c, corpse, what):
    """GAP-51, GAP-60 (step 5, Light only): take the item in a backpack slot of a body lying here
    (what = 0..2), or its parka (what = SEARCH_PARKA), into a free hand, else one's backpack; a
    parka is put on if one wears none (ITEM-PARKA). An empty slot yields nothing."""
    if (
        ch[corpse, CH_ROOM] != ch[c, CH_ROOM]
        or ch[corpse, CH_LEFT_STATION] != 0
        or not looks_dead(ch, corpse)
        or not sees_in_room(ch, st, c)
    ):
        return
    if what == codes.SEARCH_PARKA:
        i = ch[corpse, CH_WORN]
    else:
        i = ch[corpse, CH_BACKPACK + what]
    if i < 0:
        return
    if it[i, IT_KIND] == codes.PARKA and ch[c, CH_WORN] < 0:
        wear_parka(ch, it, c, i)
    elif not stow(ch, it, c, i):
        return
    if what == codes.SEARCH_PARKA:
        ch[corpse, CH_WORN] = -1
    else:
        ch[corpse, CH_BACKPACK + what] = -1
    log_act(ch, st, events, codes.E_SEARCH, c, corpse, it[i, IT_KIND], 0, ch[c, CH_ROOM])


@compiled
def resolve_food(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec):
    """Apply a food or corpse declaration at its step (codes.ACTION_STEP)."""
    if action == codes.A_TAKE_FOOD:
        take_food(ch, it, st, events, c)
    elif action == codes.A_COUNT_FOOD:
        count_food(ch, st, events, c)
    elif action == codes.A_STOVE_PREPARE:
        prepare_food(ch, it, st, events, room_block, c)
    elif action == codes.A_COOK:
        cook(ch, it, st, events, ip, room_block, c, arg)
    elif action == codes.A_EAT:
        eat(ch, it, st, events, ip, c, target)
    elif action == codes.A_DOSE_FOOD:
        dose_food(ch, it, st, events, c, target, arg)
    elif action == codes.A_SEARCH_CORPSE:
        search_corpse(ch, it, st, events, c, target, arg)

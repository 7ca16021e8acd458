"""Invariants checked every turn in check mode (tests): a bitmask of what is broken.

Bits: 1 HP outside [0, max]; 2 a temperature outside [min, max] or the Street not at its fixed
value; 4 fuel outside [0, capacity] (generators and canisters); 8 an item in no place or two
places, or lying on a floor without its bit in the floor's index (state.IT_FLOOR); 16 a living
character at 0 HP who is not a paralysed Thing, or a character unable to act holding
declarations (checked right after the declarations); 32 a sanity outside
[0, maximum], or one seen in the mirror outside [-1, maximum] (GAP-11); 64 a vial drunk or a
forecast read after this turn, or an overdose blackout due after the next turn (VIAL-1);
128 the Freezer's stock outside [0, food_boxes] or not the boxes left in the supply, a food box
in a backpack (GAP-50), a dose on anything but a portion or outside the dose bits, the stove
neither empty nor prepared, or a food count outside [0, food_boxes] or from a future turn.
256 doors and ID cards: the last `players` items are the ID cards, one per owner, each carried
by a character, lying in a room or destroyed, and no other item is carried that way (GAP-5); a
lock, a broken door or an opened door on a room that has no door (the Street); a code that is
not 4 different digits (CODE-1); a card opening a room that has no door (ID-1).
512 the Thing's forms and archetypes (kernel.thing): an archetype dealt twice or to anyone but
an original Thing (GAP-41); an original Thing in human form; a cooldown or a room history out of
range; an active Thing holding, carrying or wearing anything, or with stats other than the basic
level (THING-ACTIVE-1/3/10).
1024 contagion (kernel.contagion): an item's saliva delay neither 0 nor in [delay_min,
delay_max]; a saliva blackout not due within the next delay_max turns, or due for one who is not
a clean human (SALIVA-3); a burned body that is alive (GAP-60); a dog beyond kennel.dogs, burned
alive, or flags not 0/1 (LOC-KENNEL-1/2); a fire mask naming no room.
2048 the laboratory (kernel.lab): a sample in the analyzer not the one its slot names, or with no
valid label; a blood sample with an owner outside the game, Thing blood that is not 0/1 or is a
dog's (GAP-53); a device's broken flag not 0/1 (the lab's, and the Tower's and Living
quarters' devices: GAP-20); a comparison running longer than
comparison_turns, without both samples, without a starter or with no valid question; the
computer's log or what characters read of it or asked of it out of range (LOC-LAB-3/4).
4096 a room's occupants (ST_OCCUPANTS) not the characters whose room it is.
8192 a character whose declarations of the turn, as resolved (a Queen's Order included), cost
more than the AP a turn allows (AP-1; checked after the resolution).
"""

from balance import codes
from balance.kernel import params as P
from balance.kernel.public import is_valid_code
from balance.kernel.food import ALL_DOSES
from balance.compile.jit import compiled
from balance.kernel.lab import valid_owner
from balance.observation import LAB_LOG_FIELDS, LAB_LOG_ROWS
from balance.kernel.state import (
    CH_LAB_ASKED,
    CH_LAB_VIEW_ROWS,
    CH_LAB_VIEW_TURN,
    IT_BLOOD_OWNER,
    IT_FLOOR,
    IT_LABEL,
    IT_THING_BLOOD,
    LAB_ANSWER,
    LAB_FINISHED,
    LAB_LABEL_1,
    LAB_LABEL_2,
    LAB_STARTER,
    ST_ANALYZER_BROKEN,
    ST_COMPUTER_BROKEN,
    ST_LAB_LOG,
    ST_LAB_QUESTION,
    ST_LAB_ROWS,
    ST_LAB_SLOT,
    ST_LAB_STARTED,
    ST_LAB_STARTER,
    CH_ACTIVE_READY,
    CH_ARCHETYPE,
    CH_ERUDITION,
    CH_HIDDEN_READY,
    CH_INITIATIVE,
    CH_ORIGINAL,
    CH_PHYSICAL,
    CH_ROOM,
    CH_ROOMS_BEFORE,
    CH_ALIVE,
    CH_BACKPACK,
    CH_BURNED,
    CH_FORM,
    CH_INFECTED,
    CH_SALIVA_TURN,
    CH_CARD_ACCESS,
    CH_CARD_TOP,
    CH_FOOD_COUNT_TURN,
    CH_FOOD_COUNTED,
    CH_FORECAST_TURN,
    CH_HAND,
    CH_HP,
    CH_KNOCKOUT_TURN,
    CH_LAST_BLUE,
    CH_LAST_RED,
    CH_LEFT_STATION,
    CH_MAX_HP,
    CH_MIRROR_SANITY,
    CH_AP_SPENT,
    CH_AP_TURN,
    CH_N_DECL,
    CH_PARALYSED_UNTIL,
    CH_SANITY,
    CH_UNCONSCIOUS,
    CH_WORN,
    IT_DOSE,
    IT_FUEL,
    IT_KIND,
    IT_PLACE,
    IT_SALIVA,
    IT_WHERE,
    ST_CODE,
    ST_DOORS_BROKEN,
    ST_DOG_ALIVE,
    ST_DOG_BURNED,
    ST_DOORS_LOCKED,
    ST_FIRE_LIGHT,
    ST_FIRE_ROOMS,
    ST_FOOD_STOCK,
    ST_GEN_FUEL,
    ST_HELI_FUEL,
    ST_LOCKDOWN,
    ST_OPENED_FROM,
    ST_MIRROR_BROKEN,
    ST_STOVE_BROKEN,
    ST_STOVE_PREPARED,
    ST_OCCUPANTS,
    ST_TEMPERATURE,
    ST_TERMINAL_BROKEN,
    ST_WEATHER_STATION_BROKEN,
    ST_TURN,
    ST_YELLOW_LEFT,
)

HP_RANGE = 1
TEMPERATURE_RANGE = 2
FUEL_RANGE = 4
ITEM_PLACE = 8
INCAPACITATED_ACTING = 16
SANITY_RANGE = 32
VIAL_CLOCKS = 64
FOOD = 128
DOORS = 256
THING_FORMS = 512  # the Thing's forms and archetypes (kernel.thing)
CONTAGION = 1024  # saliva, corpses, dogs (kernel.contagion)
LAB = 2048  # the laboratory (kernel.lab)
OCCUPANTS = 4096  # who stands where (perception.place)
AP_SPENT = 8192  # AP-1: the AP a character's declarations cost this turn (kernel.thing.order)


@compiled
def check_invariants(ch, it, st, ip):
    bad = 0
    n = ch.shape[0]
    for c in range(n):
        if ch[c, CH_HP] < 0 or ch[c, CH_HP] > ch[c, CH_MAX_HP]:
            bad |= HP_RANGE
        if ch[c, CH_ALIVE] == 1 and ch[c, CH_HP] == 0 and ch[c, CH_PARALYSED_UNTIL] == 0:
            bad |= INCAPACITATED_ACTING
        bad |= mind_and_vials(ch, st, ip, c)
    bad |= food_state(ch, it, st, ip)
    bad |= contagion_state(ch, it, st, ip)
    for r in range(codes.N_ROOMS):
        for c in range(n):
            if ((st[ST_OCCUPANTS + r] >> c) & 1 == 1) != (ch[c, CH_ROOM] == r):
                bad |= OCCUPANTS
    for r in range(codes.N_ROOMS):
        if r == codes.STREET:
            if st[ST_TEMPERATURE + r] != ip[P.I_T_STREET]:
                bad |= TEMPERATURE_RANGE
        elif st[ST_TEMPERATURE + r] < ip[P.I_T_MIN] or st[ST_TEMPERATURE + r] > ip[P.I_T_MAX]:
            bad |= TEMPERATURE_RANGE
    for b in range(codes.N_BLOCKS):
        if st[ST_GEN_FUEL + b] < 0 or st[ST_GEN_FUEL + b] > ip[P.I_GEN_CAPACITY]:
            bad |= FUEL_RANGE
    if st[ST_HELI_FUEL] < 0 or st[ST_HELI_FUEL] > ip[P.I_HELI_TANK]:
        bad |= FUEL_RANGE
    # every item in exactly one place, and every slot pointing at an item that says so
    held = 0
    yellow_in_supply = 0
    for i in range(it.shape[0]):
        place = it[i, IT_PLACE]
        w = it[i, IT_WHERE]
        if it[i, IT_KIND] in codes.FUEL_CONTAINERS and (
            it[i, IT_FUEL] < 0 or it[i, IT_FUEL] > codes.FUEL_UNITS
        ):
            bad |= FUEL_RANGE
        if place == codes.IN_HAND:
            held += 1
            if not (0 <= w < n) or (ch[w, CH_HAND + 0] != i and ch[w, CH_HAND + 1] != i):
                bad |= ITEM_PLACE
        elif place == codes.IN_BACKPACK:
            held += 1
            if not (0 <= w < n) or (
                ch[w, CH_BACKPACK + 0] != i
                and ch[w, CH_BACKPACK + 1] != i
                and ch[w, CH_BACKPACK + 2] != i
            ):
                bad |= ITEM_PLACE
        elif place == codes.WORN:
            held += 1
            if not (0 <= w < n) or ch[w, CH_WORN] != i:
                bad |= ITEM_PLACE
        elif place == codes.IN_ROOM:
            floor = (it[i >> 6, IT_FLOOR] >> (i & 63)) & 1  # laid by items.drop_on_floor
            if not (0 <= w < codes.N_ROOMS) or floor == 0:
                bad |= ITEM_PLACE
        elif place == codes.IN_SUPPLY:
            if it[i, IT_KIND] == codes.PARKA or it[i, IT_KIND] == codes.FLASHLIGHT_ITEM:
                yellow_in_supply += 1
        elif place == codes.CARRIED:
            if not (0 <= w < n) or it[i, IT_KIND] != codes.ID_CARD:
                bad |= ITEM_PLACE
        elif place != codes.DESTROYED and place != codes.IN_ANALYZER:  # the latter: lab_state
            bad |= ITEM_PLACE
    slots = 0
    for c in range(n):
        for h in range(2):
            if ch[c, CH_HAND + h] >= 0:
                slots += 1
        for k in range(3):
            if ch[c, CH_BACKPACK + k] >= 0:
                slots += 1
        if ch[c, CH_WORN] >= 0:
            slots += 1
    if slots != held or yellow_in_supply != st[ST_YELLOW_LEFT]:
        bad |= ITEM_PLACE
    return (
        bad | doors_and_cards(ch, it, st) | lab_state(ch, it, st, ip) | thing_forms(ch, it, st, ip)
    )


@compiled
def lab_state(ch, it, st, ip):
    """The LAB bit (kernel.lab, ITEM-BLOOD, LOC-LAB-1..4, GAP-52, GAP-53)."""
    n = ch.shape[0]
    t = st[ST_TURN]
    for i in range(it.shape[0]):
        if it[i, IT_KIND] != codes.BLOOD_SAMPLE:
            if it[i, IT_THING_BLOOD] != 0 or it[i, IT_PLACE] == codes.IN_ANALYZER:
                return LAB
            continue
        if it[i, IT_PLACE] == codes.IN_SUPPLY:
            continue
        owner, thing = it[i, IT_BLOOD_OWNER], it[i, IT_THING_BLOOD]
        if not valid_owner(n, owner) or not 0 <= thing <= 1:
            return LAB
        if owner >= codes.DOG_LABEL and thing == 1:
            return LAB  # GAP-53: dogs are never infected
        if it[i, IT_PLACE] == codes.IN_ANALYZER:
            slot = it[i, IT_WHERE]
            if not 0 <= slot <= 1 or st[ST_LAB_SLOT + slot] != i:
                return LAB
            if not valid_owner(n, it[i, IT_LABEL]):
                return LAB
    for slot in range(2):
        i = st[ST_LAB_SLOT + slot]
        if i != -1 and not (0 <= i < it.shape[0] and it[i, IT_PLACE] == codes.IN_ANALYZER):
            return LAB
    for cell in (
        ST_ANALYZER_BROKEN,
        ST_COMPUTER_BROKEN,
        ST_WEATHER_STATION_BROKEN,  # GAP-20
        ST_TERMINAL_BROKEN,
        ST_STOVE_BROKEN,
        ST_MIRROR_BROKEN,
    ):
        if not 0 <= st[cell] <= 1:
            return LAB
    started = st[ST_LAB_STARTED]
    if started == 0:
        if st[ST_LAB_STARTER] != -1:
            return LAB
    elif (
        not 0 <= t - started <= ip[P.I_COMPARISON_TURNS]
        or st[ST_LAB_SLOT] < 0
        or st[ST_LAB_SLOT + 1] < 0
        or not 0 <= st[ST_LAB_STARTER] < n
        or not codes.Q_EQUAL <= st[ST_LAB_QUESTION] <= codes.Q_NOT_EQUAL
    ):
        return LAB
    rows = st[ST_LAB_ROWS]
    if rows < 0:
        return LAB
    for k in range(min(rows, LAB_LOG_ROWS)):
        row = ST_LAB_LOG + k * LAB_LOG_FIELDS
        if (
            not 0 <= st[row + LAB_STARTER] < n
            or not 0 < st[row + LAB_FINISHED] <= t
            or not 0 <= st[row + LAB_ANSWER] <= 1
            or not valid_owner(n, st[row + LAB_LABEL_1])
            or not valid_owner(n, st[row + LAB_LABEL_2])
        ):
            return LAB
    for c in range(n):
        if not 0 <= ch[c, CH_LAB_VIEW_TURN] <= t or not 0 <= ch[c, CH_LAB_VIEW_ROWS] <= rows:
            return LAB
        if not 0 <= ch[c, CH_LAB_ASKED] >> 1 <= t + ip[P.I_COMPARISON_TURNS]:
            return LAB
    return 0


@compiled
def thing_forms(ch, it, st, ip):
    """The THING_FORMS bit (THING-1, THING-ACTIVE-1/3/10, ARCH-1, GAP-41): archetypes distinct
    and only on original Things; an active Thing carries nothing and has the basic stats;
    cooldowns and the rooms remembered within range."""
    n = ch.shape[0]
    t = st[ST_TURN]
    dealt = 0
    longest = max(ip[P.I_ORDER_COOLDOWN], ip[P.I_WAVES_COOLDOWN], ip[P.I_REMOTE_BREAK_COOLDOWN])
    for c in range(n):
        arch = ch[c, CH_ARCHETYPE]
        if not codes.ARCH_NONE <= arch <= codes.ARCH_MUTANT:
            return THING_FORMS
        if arch != codes.ARCH_NONE:
            if ch[c, CH_ORIGINAL] == 0 or (dealt >> arch) & 1 == 1:
                return THING_FORMS
            dealt |= 1 << arch
        if ch[c, CH_ORIGINAL] == 1 and ch[c, CH_FORM] == codes.HUMAN:
            return THING_FORMS
        if not 0 <= ch[c, CH_HIDDEN_READY] <= t + longest + 1:
            return THING_FORMS
        if not 0 <= ch[c, CH_ACTIVE_READY] <= t + ip[P.I_SCREAM_COOLDOWN] + 1:
            return THING_FORMS
        for k in range(3):
            if not 0 <= ch[c, CH_ROOMS_BEFORE + k] < (1 << codes.N_ROOMS):
                return THING_FORMS
        if ch[c, CH_FORM] == codes.THING_ACTIVE:
            for col in (CH_PHYSICAL, CH_INITIATIVE, CH_ERUDITION):
                if ch[c, col] != codes.STAT_BASIC:
                    return THING_FORMS
            for k in range(2):
                if ch[c, CH_HAND + k] >= 0:
                    return THING_FORMS
            for k in range(3):
                if ch[c, CH_BACKPACK + k] >= 0:
                    return THING_FORMS
            if ch[c, CH_WORN] >= 0:
                return THING_FORMS
            for i in range(it.shape[0] - n, it.shape[0]):
                if it[i, IT_PLACE] == codes.CARRIED and it[i, IT_WHERE] == c:
                    return THING_FORMS
    return 0


@compiled
def doors_and_cards(ch, it, st):
    """The DOORS bit (GAP-5, CODE-1, ID-1, GAP-25)."""
    n = ch.shape[0]
    m = it.shape[0]
    for i in range(m):
        card = i >= m - n
        if (it[i, IT_KIND] == codes.ID_CARD) != card:
            return DOORS
        if card and it[i, IT_PLACE] not in (codes.CARRIED, codes.IN_ROOM, codes.DESTROYED):
            return DOORS
    outside = ~codes.LOCKABLE_ROOMS
    if (st[ST_DOORS_LOCKED] | st[ST_DOORS_BROKEN]) & outside != 0:
        return DOORS
    if st[ST_LOCKDOWN] != 0 and st[ST_LOCKDOWN] != 1:
        return DOORS
    for r in range(codes.N_ROOMS):
        code = st[ST_CODE + r]
        if code != -1 and not is_valid_code(code):
            return DOORS
        if (st[ST_OPENED_FROM + r] >> codes.N_ROOMS) != 0 or (
            r == codes.STREET and st[ST_OPENED_FROM + r] != 0
        ):
            return DOORS
    for c in range(n):
        if ch[c, CH_CARD_ACCESS] & outside != 0 or not 0 <= ch[c, CH_CARD_TOP] <= 1:
            return DOORS
    return 0


@compiled
def mind_and_vials(ch, st, ip, c):
    """The SANITY_RANGE and VIAL_CLOCKS bits of character c."""
    bad = 0
    top = ip[P.I_SANITY_MAX]
    if not (0 <= ch[c, CH_SANITY] <= top and -1 <= ch[c, CH_MIRROR_SANITY] <= top):
        bad |= SANITY_RANGE
    t = st[ST_TURN]
    for col in (CH_LAST_BLUE, CH_LAST_RED, CH_FORECAST_TURN):
        if not 0 <= ch[c, col] <= t:
            bad |= VIAL_CLOCKS
    if not 0 <= ch[c, CH_KNOCKOUT_TURN] <= t + 1:
        bad |= VIAL_CLOCKS
    return bad


@compiled
def food_state(ch, it, st, ip):
    """The FOOD bit: the shelves, the stove, boxes, portions and the counts (kernel.food)."""
    bad = 0
    boxes = ip[P.I_FOOD]
    on_shelves = 0
    for i in range(it.shape[0]):
        kind = it[i, IT_KIND]
        if kind == codes.FOOD_BOX:
            if it[i, IT_PLACE] == codes.IN_SUPPLY:
                on_shelves += 1
            elif it[i, IT_PLACE] == codes.IN_BACKPACK:
                bad |= FOOD
        if it[i, IT_DOSE] != 0 and (kind != codes.FOOD or not 0 < it[i, IT_DOSE] <= ALL_DOSES):
            bad |= FOOD
    stock = st[ST_FOOD_STOCK]
    if not 0 <= stock <= boxes or stock != on_shelves or not 0 <= st[ST_STOVE_PREPARED] <= 1:
        bad |= FOOD
    for c in range(ch.shape[0]):
        if not 0 <= ch[c, CH_FOOD_COUNT_TURN] <= st[ST_TURN]:
            bad |= FOOD
        if not 0 <= ch[c, CH_FOOD_COUNTED] <= boxes:
            bad |= FOOD
    return bad


@compiled
def contagion_state(ch, it, st, ip):
    """The CONTAGION bit: saliva, burned bodies, the dogs and the fire masks (kernel.contagion)."""
    t = st[ST_TURN]
    lo, hi = ip[P.I_SALIVA_DELAY_MIN], ip[P.I_SALIVA_DELAY_MAX]
    for i in range(it.shape[0]):
        if it[i, IT_SALIVA] != 0 and not lo <= it[i, IT_SALIVA] <= hi:
            return CONTAGION
    for c in range(ch.shape[0]):
        due = ch[c, CH_SALIVA_TURN]
        if due != 0 and (
            not t < due <= t + hi or ch[c, CH_FORM] != codes.HUMAN or ch[c, CH_INFECTED] == 1
        ):
            return CONTAGION
        if not 0 <= ch[c, CH_BURNED] <= 1 or (ch[c, CH_BURNED] == 1 and ch[c, CH_ALIVE] == 1):
            return CONTAGION
    for dog in range(2):
        alive, burned = st[ST_DOG_ALIVE + dog], st[ST_DOG_BURNED + dog]
        if not (0 <= alive <= 1 and 0 <= burned <= 1) or alive + burned == 2:
            return CONTAGION
        if dog >= ip[P.I_DOGS] and alive + burned != 0:
            return CONTAGION
    rooms = (1 << codes.N_ROOMS) - 1
    if st[ST_FIRE_ROOMS] & ~rooms != 0 or st[ST_FIRE_LIGHT] & ~rooms != 0:
        return CONTAGION
    return 0


@compiled
def check_declarations(ch):
    """UNC-1, HP-3, THING-P-3: nobody dead, unconscious, paralysed or gone has declared."""
    for c in range(ch.shape[0]):
        incapacitated = (
            ch[c, CH_ALIVE] == 0
            or ch[c, CH_UNCONSCIOUS] == 1
            or ch[c, CH_PARALYSED_UNTIL] > 0
            or ch[c, CH_LEFT_STATION] != 0
        )
        if incapacitated and ch[c, CH_N_DECL] > 0:
            return INCAPACITATED_ACTING
    return 0


@compiled
def check_spent_ap(ch):
    """AP-1: nobody's declarations that resolved this turn cost more than the AP he had
    (CH_AP_TURN: game.ap_per_turn, one fewer when shaken in the GAP-11 variant), counted in
    CH_AP_SPENT by game.resolve_step; an Order (GAP-42) drops only rows not yet resolved to
    make room (kernel.thing.order)."""
    for c in range(ch.shape[0]):
        if ch[c, CH_AP_SPENT] > ch[c, CH_AP_TURN]:
            return AP_SPENT
    return 0

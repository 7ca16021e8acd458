"""What a character perceives when it declares (A18, LIGHT-1..4, AP-6): the observation vector.

This is the only code that reads game state on a policy's behalf. It copies the character's
own state, the public facts, and what the lighting of its room lets it see; nothing else.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.kernel import params as P
from balance.kernel.station import block_of_generator_room
from balance.compile.jit import compiled
from balance.kernel.perception import perceive, perceives_details
from balance.kernel.arsenal import workshop_works
from balance.kernel.health import heavy_wound_hp
from balance.kernel.contagion import burnable, observe_contagion
from balance.kernel.helicopter import boarding_open
from balance.kernel.lab import observe_lab
from balance.kernel.locks import (
    card_opens,
    door_state,
    entry_feedback,
    entry_guess,
    entry_room,
    logged_owners,
    seen_opened,
    seen_refused,
    seen_turn,
    seen_users,
)
from balance.kernel.terminal import terminal_works
from balance.kernel.thing import is_convert, observe_thing
from balance.kernel.state import (
    CH_AP_TURN,
    CH_ALIVE,
    CH_BACKPACK,
    CH_CARD_ACCESS,
    CH_CARD_TOP,
    CH_CODE_ENTRIES,
    CH_CODE_TURN,
    CH_DOORS_SEEN,
    CH_ERUDITION,
    CH_FOOD_COUNT_TURN,
    CH_FOOD_COUNTED,
    CH_FORECAST_TURN,
    CH_FORM,
    CH_FROST,
    CH_HAND,
    CH_HP,
    CH_INFECT_READY,
    CH_INITIATIVE,
    CH_LEFT_STATION,
    CH_MAX_HP,
    CH_MIRROR_SANITY,
    CH_ORIGINAL,
    CH_RECIPES,
    CH_PARALYSED_UNTIL,
    CH_PHYSICAL,
    CH_ROOM,
    CH_SHOTS_HEARD,
    CH_UNCONSCIOUS,
    CH_WORN,
    CS_CARDS,
    CS_HELD,
    CS_LOOKS,
    CS_LOOKS_DARK,
    CS_WEARS,
    CS_WOUND,
    RS_BODIES,
    RS_CHARACTERS,
    RS_DOOR,
    IT_FLOOR,
    IT_FUEL,
    IT_COLOUR,
    IT_KIND,
    IT_ON,
    IT_PLACE,
    IT_WHERE,
    ST_BEACON_BROKEN,
    ST_BEACON_ON,
    ST_CALL_TURN,
    ST_FIXTURE_BROKEN,
    ST_ENTRY_LOG_TURN,
    ST_GEN_BROKEN,
    ST_GEN_FUEL,
    ST_HELI_BROKEN,
    ST_HELI_FUEL,
    ST_HELI_GONE,
    ST_HELI_PILOT,
    ST_CONVERTS,
    ST_LAMPS_LOCKED,
    ST_SHOWN_UNCONSCIOUS,
    ST_LIGHTING,
    ST_MIRROR_BROKEN,
    ST_ORIGINALS,
    ST_PUMP_BROKEN,
    ST_STOVE_BROKEN,
    ST_STOVE_PREPARED,
    ST_TERMINAL_BROKEN,
    ST_WEATHER_STATION_BROKEN,
    ST_REPORT_TURN,
    ST_TEMPERATURE,
    ST_TURN,
    ST_WEATHER,
    ST_YELLOW_LEFT,
)
from balance.observation import (
    FORECAST_SLOTS,
    O_ACCESS_REPORT,
    O_CARD,
    O_CARDS_HELD,
    O_CODE_FEEDBACK,
    O_CODE_GUESS,
    O_CODE_ROOM,
    O_DOOR,
    O_DOOR_USERS,
    O_DOORS_OPENED,
    O_DOORS_REFUSED,
    O_ENTRY_LOG,
    O_ROOM_TEMPERATURES,
    MAX_CHARACTERS,
    O_AP,
    O_BACKPACK_FUEL,
    O_BACKPACK_KIND,
    O_BEACON_ACTIVE,
    O_BEACON_BROKEN,
    O_CALL_TURN,
    O_ERUDITION,
    O_FOOD_COUNT_TURN,
    O_FOOD_COUNTED,
    O_FORECAST,
    O_FROST,
    O_GEN_BROKEN,
    O_GEN_FUEL,
    O_DEVICES_BROKEN,
    O_FIXTURE_BROKEN,
    O_HAND_COLOUR,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_HAND_ON,
    O_HP,
    O_INFECT_READY,
    O_INITIATIVE,
    O_IS_ORIGINAL_THING,
    O_HELI_BOARDING,
    O_HELI_BROKEN,
    O_HELI_FUEL,
    O_HELI_PILOT,
    O_HELD,
    O_HERE,
    O_KNOWN_THING,
    O_LAMPS_LOCKED,
    O_LAMPS_SHOWN,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_SHOTS_HEARD,
    O_STOVE,
    O_WEARS,
    O_WOUND,
    PERCEIVED_FIELDS,
    W_HEAVY,
    W_LIGHT,
    W_UNHURT,
    O_RECIPES,
    O_WORKSHOP,
    O_LIGHTING,
    O_LIVING_HERE,
    O_MAX_HP,
    O_MIRROR_SANITY,
    O_MOVE_AP,
    O_PHYSICAL,
    O_PRESENT,
    O_PUMP_BROKEN,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_SELF,
    O_TEMPERATURE,
    O_TURN,
    O_WEARS_PARKA,
    O_WEATHER,
    O_YELLOW_LEFT,
    P_ACTIVE_THING,
    P_CONSCIOUS,
    P_LOOKS_DEAD,
    P_UNCONSCIOUS,
    UNSEEN,
)


ALL_ROOMS = (1 << codes.N_ROOMS) - 1


@compiled
def wound_state(ch, ip, d):
    """HP-2, THING-P-2: the public wound state by d's own table (health.heavy_wound_hp): an
    original Thing's in either form, so that a hit shows on it as on a human and the hand it
    loses (INV-2) never shows on a body that looks unhurt; a convert's stays human (GAP-38)."""
    heavy = heavy_wound_hp(ch, ip, d)
    if ch[d, CH_HP] <= heavy:
        return W_HEAVY
    return W_LIGHT if ch[d, CH_HP] == heavy + 1 else W_UNHURT


@compiled
def survey(ch, it, st, ip, room_items, room_survey, char_survey):
    """What lies and stands in each room and how each character shows, for what each
    character perceives (observe): room_items[r, kind] the items of each kind lying in room r,
    and in the last column its empty canisters; room_survey[r] the characters and the bodies
    there and its door's lamp (state.RS_*); char_survey[c] the ID cards c carries and how he
    shows to those in his room (state.CS_*). Nothing moves while characters declare, so this is
    surveyed once a turn, not once per character and again for each who shares his room."""
    room_items[:, :] = 0
    for w in range((it.shape[0] + 63) >> 6):  # the items put on a floor (IT_FLOOR)
        floor = it[w, IT_FLOOR]
        bits = floor
        while bits != 0:
            b = trailing_zeros(bits)
            bits &= bits - 1
            i = (w << 6) + b
            if it[i, IT_PLACE] != codes.IN_ROOM:
                floor &= ~(np.int64(1) << b)  # taken or used up since
                continue
            r = it[i, IT_WHERE]
            room_items[r, it[i, IT_KIND]] += 1
            if it[i, IT_KIND] == codes.CANISTER and it[i, IT_FUEL] == 0:
                room_items[r, codes.N_ITEM_KINDS] += 1
        it[w, IT_FLOOR] = floor
    room_survey[:, :] = 0
    n = ch.shape[0]
    st[ST_ORIGINALS] = 0
    st[ST_CONVERTS] = 0
    st[ST_SHOWN_UNCONSCIOUS] = 0
    for d in range(n):
        if ch[d, CH_ORIGINAL] == 1:
            st[ST_ORIGINALS] |= 1 << d
        if is_convert(ch, d):
            st[ST_CONVERTS] |= 1 << d
        if ch[d, CH_LEFT_STATION] == 0:
            r = ch[d, CH_ROOM]
            room_survey[r, RS_CHARACTERS] |= 1 << d
            if burnable(ch, d):
                room_survey[r, RS_BODIES] |= 1 << d
            survey_looks(ch, it, st, ip, char_survey, d)
    st[ST_LAMPS_LOCKED] = 0
    for r in range(codes.N_ROOMS):
        room_survey[r, RS_DOOR] = door_state(st, r)
        if room_survey[r, RS_DOOR] == codes.DOOR_LOCKED:
            st[ST_LAMPS_LOCKED] |= 1 << r
    char_survey[:, CS_CARDS] = 0
    for owner in range(n):  # the card of `owner` is item it.shape[0] - n + owner (stock_items)
        i = it.shape[0] - n + owner
        if it[i, IT_PLACE] == codes.CARRIED:
            char_survey[it[i, IT_WHERE], CS_CARDS] |= 1 << owner


@compiled
def survey_looks(ch, it, st, ip, char_survey, d):
    """How d, on the station, shows to those in his room this turn (state.CS_LOOKS..CS_WEARS):
    to all, whether he is present, lies "dead" or is an active Thing; to those who see, his
    wounds, hands and parka (LIGHT-1; LIGHT-2: none of it in the dark)."""
    if (
        ch[d, CH_FORM] == codes.THING_ACTIVE
        and ch[d, CH_ALIVE] == 1
        and ch[d, CH_PARALYSED_UNTIL] == 0
    ):
        looks = P_ACTIVE_THING  # THING-ACTIVE-2
    elif ch[d, CH_ALIVE] == 0 or ch[d, CH_PARALYSED_UNTIL] > 0:
        looks = P_LOOKS_DEAD  # LIGHT-2, THING-P-3
    elif ch[d, CH_UNCONSCIOUS] == 1:
        looks = P_UNCONSCIOUS  # UNC-3
        st[ST_SHOWN_UNCONSCIOUS] |= 1 << d
    else:
        looks = P_CONSCIOUS
    char_survey[d, CS_LOOKS] = looks
    char_survey[d, CS_LOOKS_DARK] = P_LOOKS_DEAD if looks == P_UNCONSCIOUS else looks  # UNC-3
    char_survey[d, CS_WOUND] = wound_state(ch, ip, d)
    for h in range(2):
        i = ch[d, CH_HAND + h]
        char_survey[d, CS_HELD + h] = it[i, IT_KIND] if i >= 0 else codes.NO_ITEM
    char_survey[d, CS_WEARS] = 1 if ch[d, CH_WORN] >= 0 else 0


@compiled
def observe(
    ch, it, st, events, ip, room_block, room_items, room_survey, char_survey, noticed, c, o
):
    """Fill observation vector `o` for character c (see balance.observation for the fields);
    room_items, room_survey and char_survey are survey's tables of this turn, noticed
    perception.list_noticed's."""
    # the three runs of the layout (balance.observation), each filled in one step: the fields
    # up to the doors start at 0; the doors and the Tower's reports and what is seen of those
    # here start UNSEEN; the acts perceived and the laboratory too, below, past the acts
    o[:O_DOOR] = 0
    o[O_DOOR:O_PERCEIVED] = UNSEEN
    r = ch[c, CH_ROOM]
    original = ch[c, CH_ORIGINAL] == 1
    # room details need sight (LIGHT-1, LIGHT-2); an unaware convert's night vision is unknown
    # to him, so he perceives the dark as a human does (perception.perceives_details)
    sees = perceives_details(ch, st, c)
    o[O_TURN] = st[ST_TURN]
    o[O_SELF] = c
    o[O_ROOM] = r
    o[O_HP] = ch[c, CH_HP]
    # what the character believes: a convert does not know his maximum became a Thing's (GAP-38)
    o[O_MAX_HP] = (
        ch[c, CH_MAX_HP] if original or ch[c, CH_FORM] == codes.HUMAN else ip[P.I_HUMAN_HP]
    )
    o[O_FROST] = ch[c, CH_FROST]  # FROST-6
    o[O_WEARS_PARKA] = 1 if ch[c, CH_WORN] >= 0 else 0
    o[O_PHYSICAL] = ch[c, CH_PHYSICAL]
    o[O_INITIATIVE] = ch[c, CH_INITIATIVE]
    o[O_ERUDITION] = ch[c, CH_ERUDITION]
    o[O_AP] = ch[c, CH_AP_TURN]  # AP-1, GAP-11 variant
    fast = ch[c, CH_INITIATIVE] >= ip[P.I_FAST_INITIATIVE]
    o[O_MOVE_AP] = ip[P.I_MOVE_FAST_AP] if fast else ip[P.I_MOVE_AP]
    o[O_IS_ORIGINAL_THING] = 1 if original else 0
    o[O_INFECT_READY] = (
        1
        if original
        and ch[c, CH_FORM] == codes.THING_HIDDEN
        and st[ST_TURN] >= ch[c, CH_INFECT_READY]
        else 0
    )
    for h in range(2):
        i = ch[c, CH_HAND + h]
        o[O_HAND_KIND + h] = it[i, IT_KIND] if i >= 0 else codes.NO_ITEM
        o[O_HAND_FUEL + h] = it[i, IT_FUEL] if i >= 0 else 0
        o[O_HAND_ON + h] = it[i, IT_ON] if i >= 0 else 0
        radio = i >= 0 and it[i, IT_KIND] == codes.RADIO
        o[O_HAND_COLOUR + h] = it[i, IT_COLOUR] if radio else -1
    for k in range(3):  # only one's own backpack: INV-5 hides the others'
        i = ch[c, CH_BACKPACK + k]
        o[O_BACKPACK_KIND + k] = it[i, IT_KIND] if i >= 0 else codes.NO_ITEM
        o[O_BACKPACK_FUEL + k] = it[i, IT_FUEL] if i >= 0 else 0
    o[O_LIGHTING] = st[ST_LIGHTING + r]
    o[O_TEMPERATURE] = st[ST_TEMPERATURE + r]
    o[O_WEATHER] = st[ST_WEATHER + st[ST_TURN]]
    o[O_SEES] = 1 if sees else 0
    b = block_of_generator_room(room_block, r)
    o[O_GEN_FUEL] = st[ST_GEN_FUEL + b] if sees and b >= 0 else UNSEEN
    o[O_GEN_BROKEN] = st[ST_GEN_BROKEN + b] if sees and b >= 0 else UNSEEN
    o[O_BEACON_BROKEN] = st[ST_BEACON_BROKEN + b] if sees and b >= 0 else UNSEEN
    o[O_BEACON_ACTIVE] = st[ST_BEACON_ON + b] if sees and b >= 0 else UNSEEN
    o[O_PUMP_BROKEN] = st[ST_PUMP_BROKEN] if sees and r == codes.FUEL_ROOM else UNSEEN
    fixture = sees and r != codes.STREET
    o[O_FIXTURE_BROKEN] = st[ST_FIXTURE_BROKEN + r] if fixture else UNSEEN
    o[O_YELLOW_LEFT] = st[ST_YELLOW_LEFT] if sees and r == codes.WAREHOUSE else UNSEEN
    if sees:  # O_EMPTY_CANISTERS_HERE follows the kinds: the table's last column
        for k in range(codes.N_ITEM_KINDS + 1):
            o[O_ROOM_ITEMS + k] = room_items[r, k]
    o[O_CALL_TURN] = st[ST_CALL_TURN] if st[ST_CALL_TURN] > 0 else UNSEEN  # announced by radio
    blizzard = st[ST_LIGHTING + r] == codes.BLIZZARD
    living = 0
    # THING-P-4: the original Things know each other; a convert called into the active form is
    # played by them from then on (THING-P-5), so he knows what they know
    knows_things = original or ch[c, CH_FORM] == codes.THING_ACTIVE
    if knows_things:
        known = st[ST_ORIGINALS] & ((1 << MAX_CHARACTERS) - 1)
        while known != 0:
            d = trailing_zeros(known)
            known &= known - 1
            o[O_KNOWN_THING + d] = 1
    # those in the room, c among them; the others stay P_ABSENT (0: zeroed above); LIGHT-4:
    # nobody is seen in a blizzard
    here = room_survey[r, RS_CHARACTERS] & ((1 << MAX_CHARACTERS) - 1)
    if blizzard:
        here &= 1 << c
    o[O_HERE] = here
    # LIGHT-2: the unconscious shown as "dead" in the dark
    seen_dead = 0 if sees else here & st[ST_SHOWN_UNCONSCIOUS]
    looks = CS_LOOKS if sees else CS_LOOKS_DARK
    while here != 0:  # how each shows: survey_looks
        d = trailing_zeros(here)
        here &= here - 1
        o[O_PRESENT + d] = char_survey[d, looks]
        living += char_survey[d, looks] != P_LOOKS_DEAD
        if sees and d != c:  # LIGHT-1: hands, clothes and health; LIGHT-2: none of it
            o[O_WOUND + d] = char_survey[d, CS_WOUND]
            o[O_HELD + 2 * d] = char_survey[d, CS_HELD]
            o[O_HELD + 2 * d + 1] = char_survey[d, CS_HELD + 1]
            o[O_WEARS + d] = char_survey[d, CS_WEARS]
    o[O_LIVING_HERE] = living
    o[O_SHOTS_HEARD] = ch[c, CH_SHOTS_HEARD]  # since the last declaration
    n = noticed[c, 0]
    for k in range(n):
        perceive(events, noticed[c, 1 + k], c, o, O_PERCEIVED + k * PERCEIVED_FIELDS)
    # the unused slots as one slice: a fill, not a store per index
    o[O_PERCEIVED + n * PERCEIVED_FIELDS :] = UNSEEN  # the slots left, and the laboratory
    o[O_N_PERCEIVED] = n
    heli = sees and r == codes.HANGAR and st[ST_HELI_GONE] == 0  # HELI-1
    for k in range(3):
        o[O_HELI_BROKEN + k] = st[ST_HELI_BROKEN + k] if heli else UNSEEN
    o[O_HELI_FUEL] = st[ST_HELI_FUEL] if heli else UNSEEN
    boarding = heli and boarding_open(st)
    o[O_HELI_BOARDING] = (1 if boarding else 0) if heli else UNSEEN
    o[O_HELI_PILOT] = (st[ST_HELI_PILOT] if boarding else -1) if heli else UNSEEN
    o[O_RECIPES] = ch[c, CH_RECIPES]
    o[O_WORKSHOP] = (1 if workshop_works(st, room_block) else 0) if r == codes.ARSENAL else UNSEEN
    o[O_MIRROR_SANITY] = ch[c, CH_MIRROR_SANITY]  # LOC-LIVING-2, INFO-3; -1 is UNSEEN
    counted = ch[c, CH_FOOD_COUNT_TURN] > 0  # LOC-FREEZER-3, INFO-4: the counter's alone
    o[O_FOOD_COUNTED] = ch[c, CH_FOOD_COUNTED] if counted else UNSEEN
    o[O_FOOD_COUNT_TURN] = ch[c, CH_FOOD_COUNT_TURN] if counted else UNSEEN
    stove = sees and r == codes.LIVING_QUARTERS  # LOC-LIVING-3: the prepared food shows
    o[O_STOVE] = st[ST_STOVE_PREPARED] if stove else UNSEEN
    read = ch[c, CH_FORECAST_TURN]  # LOC-TOWER-2, GAP-55: known to the reader alone
    for k in range(FORECAST_SLOTS):
        u = st[ST_TURN] + 1 + k
        covered = read > 0 and u <= read + ip[P.I_FORECAST]
        o[O_FORECAST + k] = st[ST_WEATHER + u] if covered else UNSEEN
    # doors, ID cards and the Tower terminal (A13, LOC-TOWER-1/3/4, INFO-3): written inline,
    # since this runs for every character every turn and a call passing arrays is not free
    t = st[ST_TURN]
    o[O_DOORS_OPENED] = 0
    o[O_DOORS_REFUSED] = 0
    o[O_DOOR_USERS] = 0
    terminal = r == codes.TOWER and terminal_works(st)  # GEN-6, GAP-20: its passive display
    # DOOR-1: the lamps next door, in any lighting
    shown = ALL_ROOMS if terminal else ip[P.I_ADJACENT + r] | (1 << r)
    for q in range(codes.N_ROOMS):
        if (shown >> q) & 1 == 1:
            o[O_DOOR + q] = room_survey[q, RS_DOOR]
    o[O_LAMPS_SHOWN] = shown
    o[O_LAMPS_LOCKED] = shown & st[ST_LAMPS_LOCKED]
    held = char_survey[c, CS_CARDS] & ((1 << MAX_CHARACTERS) - 1)  # the ID cards c carries
    o[O_CARDS_HELD] = held
    while held != 0:
        owner = trailing_zeros(held)
        held &= held - 1
        top = codes.CARD_TOP_BIT if ch[owner, CH_CARD_TOP] == 1 else 0
        o[O_CARD + owner] = ch[owner, CH_CARD_ACCESS] | top
    if ch[c, CH_CODE_TURN] == t - 1 and t > 1:  # ACT-CODE, CODE-1..3: last turn's entries
        for k in range(codes.MAX_DECLARED):
            cell = ch[c, CH_CODE_ENTRIES + k]
            if cell >= 0:
                o[O_CODE_ROOM + k] = entry_room(cell)
                o[O_CODE_GUESS + k] = entry_guess(cell)
                o[O_CODE_FEEDBACK + k] = entry_feedback(cell)
    seen = ch[c, CH_DOORS_SEEN]
    if seen_turn(seen) == t - 1 and t > 1:  # ACT-CODE, ID-1: what happened at doors here
        o[O_DOORS_OPENED] = seen_opened(seen)
        o[O_DOORS_REFUSED] = seen_refused(seen)
        o[O_DOOR_USERS] = seen_users(seen)
    # SALIVA-1, LOC-KENNEL-1/2, ACT-BURN-CORPSE; LIGHT-2: nothing tells the unconscious shown as
    # "dead" from a corpse, so they show among the bodies that can burn (burning one is still
    # refused: contagion.body_here, ACT-BURN-CORPSE burns the dead)
    observe_contagion(ch, it, st, ip, c, sees, room_survey[r, RS_BODIES] | seen_dead, o)
    if terminal:
        observe_terminal(ch, st, ip, o)
    observe_lab(ch, it, st, ip, room_block, c, o)  # LOC-LAB-1, LOC-LAB-4
    o[O_DEVICES_BROKEN] = devices_broken(st, r) if sees else UNSEEN  # GAP-20
    observe_thing(ch, st, ip, c, o)  # A8, A9


@compiled
def devices_broken(st, r):
    """GAP-20: the bitmask of room r's broken devices, by object code (O_DEVICES_BROKEN)."""
    mask = 0
    if r == codes.TOWER:
        mask |= st[ST_WEATHER_STATION_BROKEN] << codes.OBJ_WEATHER_STATION
        mask |= st[ST_TERMINAL_BROKEN] << codes.OBJ_TERMINAL
    elif r == codes.LIVING_QUARTERS:
        mask |= st[ST_STOVE_BROKEN] << codes.OBJ_STOVE
        mask |= st[ST_MIRROR_BROKEN] << codes.OBJ_MIRROR
    return mask


@compiled
def observe_terminal(ch, st, ip, o):
    """LOC-TOWER-1, LOC-TOWER-3, LOC-TOWER-4, INFO-3: in the Tower while the terminal works,
    every room's temperature, and the reports printed for this turn."""
    n = ch.shape[0]
    t = st[ST_TURN]
    for q in range(codes.N_ROOMS):
        o[O_ROOM_TEMPERATURES + q] = st[ST_TEMPERATURE + q]
    if st[ST_REPORT_TURN] == t - 1 and t > 1:  # LOC-TOWER-3
        for q in range(codes.N_ROOMS):
            if door_state(st, q) == codes.DOOR_LOCKED:
                who = 0
                for owner in range(n):
                    if card_opens(ch, st, owner, q):
                        who |= 1 << owner
                o[O_ACCESS_REPORT + q] = who
    if st[ST_ENTRY_LOG_TURN] == t - 1 and t > 1:  # LOC-TOWER-4, ID-3
        for k in range(ip[P.I_ENTRY_LOG_TURNS]):
            for q in range(codes.N_ROOMS):
                o[O_ENTRY_LOG + k * codes.N_ROOMS + q] = logged_owners(st, t - 1 - k, q)

"""Locked doors and ID cards in play (A13: DOOR-1..5, CODE-1..3, ID-1..3; GAP-2, GAP-5, GAP-25,
GAP-26, GAP-45, GAP-51, GAP-63). The codes' arithmetic is in balance.kernel.public.

One door per room, the Street excepted: its lock covers every way in (GAP-26) and it is the
room's outside door, whose breaking cools the room (TEMP-2(b)). It is broken from inside the room
or from any room next to it, and broken it lets anyone in from every side (DOOR-3).

Codes and cards resolve in step 0, before step 1 (GAP-25): a right code, or a card with access,
opens the door from the enterer's room, for everyone who moves in from that room this turn.
Each room's code is kept in st; what a card opens is kept on its owner's row (CH_CARD_*), and
the card itself is an item of kind ID_CARD, carried in no slot (codes.CARRIED), lying in a room
or destroyed; the card of character c is item it.shape[0] - players + c (items.stock_items).
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.public import (
    OPEN_BULLS,
    SHOWS_ABSENT,
    SHOWS_POSITIONS,
    fb_bulls,
    fb_cows,
    feedback,
    is_valid_code,
    random_code,
)
from balance.kernel.events import log_event
from balance.kernel.items import drop_on_floor, holds_kind
from balance.compile.jit import compiled
from balance.kernel.perception import can_act, log_act
from balance.kernel.rng import WORLD, below
from balance.kernel.state import (
    CH_ALIVE,
    CH_CARD_ACCESS,
    CH_CARD_TOP,
    CH_CODE_ENTRIES,
    CH_CODE_TURN,
    CH_DOORS_SEEN,
    CH_ERUDITION,
    CH_FORM,
    CH_LEFT_STATION,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_ROOM,
    IT_PLACE,
    IT_WHERE,
    LOG_CELLS,
    LOG_ROOMS_PER_CELL,
    LOG_SLOTS,
    ST_CODE,
    ST_DOORS_BROKEN,
    ST_DOORS_LOCKED,
    ST_LIGHTING,
    ST_LOCKDOWN,
    ST_LOG,
    ST_LOG_TURN,
    ST_OPENED_FROM,
    ST_TURN,
)
from balance.kernel.station import any_generator_running

ROOM_MASK = (1 << codes.N_ROOMS) - 1
OWNER_MASK = (1 << 16) - 1  # observation.MAX_CHARACTERS owners


# --- the state of a door ------------------------------------------------------------------


@compiled
def door_state(st, r):
    """What the lamp of room r's door shows (codes.DOOR_*)."""
    return door_lamp(st[ST_DOORS_BROKEN], any_generator_running(st), locked_rooms(st), r)


@compiled
def locked_rooms(st):
    """Bitmask of the rooms whose door is locked: a lockdown locks them all (LOC-TOWER-4)."""
    return codes.LOCKABLE_ROOMS if st[ST_LOCKDOWN] == 1 else st[ST_DOORS_LOCKED]


@compiled
def door_lamp(broken, powered, locked, r):
    """The lamp of room r's door, from the rooms broken and locked and whether any generator
    runs: broken and unpowered doors let anyone in (DOOR-3, DOOR-5, GEN-5); scalars only, so
    that a loop over the rooms costs no array passing."""
    if r == codes.STREET:
        return codes.DOOR_FREE
    if (broken >> r) & 1 == 1:
        return codes.DOOR_BROKEN
    if not powered:
        return codes.DOOR_UNPOWERED
    if (locked >> r) & 1 == 1:
        return codes.DOOR_LOCKED
    return codes.DOOR_FREE


@compiled
def door_open_from(st, origin, r):
    """GAP-25, GAP-26, DOOR-4: one may go from origin into r now: r's door is not locked, or it
    was opened from origin this turn. Staying put, and so leaving, needs no door."""
    if r == origin:
        return True
    return door_state(st, r) != codes.DOOR_LOCKED or (st[ST_OPENED_FROM + r] >> origin) & 1 == 1


@compiled
def door_reachable(adjacent, here, r):
    """The door of room r can be worked from room `here`: r is here or next to it, not the
    Street (which has no door)."""
    if r < 0 or r >= codes.N_ROOMS or r == codes.STREET:
        return False
    return r == here or adjacent[here, r] == 1


@compiled
def close_opened_doors(st):
    """GAP-25: a door opened last turn is shut again before this turn's codes and cards."""
    for r in range(codes.N_ROOMS):
        st[ST_OPENED_FROM + r] = 0


# --- setup --------------------------------------------------------------------------------


@compiled
def set_up_doors(ch, st, rng, ip):
    """GAP-5: the rooms of doors.locked_rooms are locked, each with its own random code (all
    different); every card opens doors.card_rooms of them, drawn uniformly; the cards of
    doors.top_access_cards characters drawn uniformly, Things included, have top access."""
    locked = ip[P.I_LOCKED_ROOMS]
    st[ST_DOORS_LOCKED] = locked
    st[ST_DOORS_BROKEN] = 0
    n_locked = 0
    for r in range(codes.N_ROOMS):
        st[ST_CODE + r] = -1
        st[ST_OPENED_FROM + r] = 0
        if (locked >> r) & 1 == 1:
            while True:  # CODE-1: each door its own code
                code = random_code(rng, WORLD)
                taken = False
                for q in range(r):
                    taken = taken or st[ST_CODE + q] == code
                if not taken:
                    break
            st[ST_CODE + r] = code
            n_locked += 1
    n = ch.shape[0]
    for c in range(n):
        access = 0
        for _ in range(min(ip[P.I_CARD_ROOMS], n_locked)):  # without replacement
            k = below(rng, WORLD, n_locked - popcount(access))
            for r in range(codes.N_ROOMS):
                if (locked >> r) & 1 == 1 and (access >> r) & 1 == 0:
                    if k == 0:
                        access |= 1 << r
                        break
                    k -= 1
        ch[c, CH_CARD_ACCESS] = access
        ch[c, CH_CARD_TOP] = 0
    for k in range(min(ip[P.I_TOP_CARDS], n)):
        j = below(rng, WORLD, n - k)  # the j-th character still without top access
        for c in range(n):
            if ch[c, CH_CARD_TOP] == 0:
                if j == 0:
                    ch[c, CH_CARD_TOP] = 1
                    break
                j -= 1


@compiled
def popcount(m):
    n = 0
    while m != 0:
        m &= m - 1
        n += 1
    return n


# --- ID cards as items --------------------------------------------------------------------


@compiled
def card_item(ch, it, owner):
    """The item id of the card of `owner` (items.stock_items lays the cards out last)."""
    return it.shape[0] - ch.shape[0] + owner


@compiled
def carries_card(ch, it, c, owner):
    """c carries the card of `owner` (GAP-5: in no slot)."""
    if owner < 0 or owner >= ch.shape[0]:
        return False
    i = card_item(ch, it, owner)
    return it[i, IT_PLACE] == codes.CARRIED and it[i, IT_WHERE] == c


@compiled
def card_opens(ch, st, owner, r):
    """ID-1, LOC-TOWER-4: a top-access card opens every door; another its rooms, but no door in
    a lockdown."""
    if ch[owner, CH_CARD_TOP] == 1:
        return True
    return st[ST_LOCKDOWN] == 0 and (ch[owner, CH_CARD_ACCESS] >> r) & 1 == 1


@compiled
def drop_card(ch, it, st, events, c, owner):
    """ACT-DROP, GAP-5: a carried card is dropped like an item (step 1)."""
    if not carries_card(ch, it, c, owner):
        return
    drop_on_floor(it, card_item(ch, it, owner), ch[c, CH_ROOM])
    log_act(ch, st, events, codes.E_DROP, c, -1, codes.ID_CARD, 0, ch[c, CH_ROOM])  # AP-6


@compiled
def hand_over_card(ch, it, st, events, c, receiver, owner, accepted):
    """ACT-GIVE, ACT-RECEIVE, GAP-5 (step 5): a card takes no slot, so any receiver who declared
    taking an ID card from c (`accepted`) and can act gets it."""
    if not accepted or not carries_card(ch, it, c, owner) or not can_act(ch, receiver):
        return
    if ch[receiver, CH_ROOM] != ch[c, CH_ROOM] or ch[receiver, CH_LEFT_STATION] != 0:
        return
    i = card_item(ch, it, owner)
    it[i, IT_WHERE] = receiver
    log_act(ch, st, events, codes.E_GIVE, c, receiver, codes.ID_CARD, 0, ch[c, CH_ROOM])  # AP-6


@compiled
def take_card(ch, it, st, events, c, owner, sees):
    """ACT-PICKUP, GAP-51 (step 5): the card of `owner` lying here, or carried by a corpse here
    (a paralysed Thing looks like one: THING-P-3), goes to c; it needs sight (LIGHT-2, GAP-51).
    owner < 0: any card lying here."""
    if not sees:
        return
    r = ch[c, CH_ROOM]
    n = ch.shape[0]
    for o in range(n):
        if owner >= 0 and o != owner:
            continue
        i = card_item(ch, it, o)
        lying = it[i, IT_PLACE] == codes.IN_ROOM and it[i, IT_WHERE] == r
        body = False
        if owner >= 0 and it[i, IT_PLACE] == codes.CARRIED:
            d = it[i, IT_WHERE]
            body = (
                d != c
                and ch[d, CH_ROOM] == r
                and ch[d, CH_LEFT_STATION] == 0
                and (ch[d, CH_ALIVE] == 0 or ch[d, CH_PARALYSED_UNTIL] > 0)
            )
        if lying or body:
            it[i, IT_PLACE] = codes.CARRIED
            it[i, IT_WHERE] = c
            log_act(ch, st, events, codes.E_PICKUP, c, -1, codes.ID_CARD, 0, r)  # AP-6
            return


# --- declarations -------------------------------------------------------------------------


@compiled
def door_action_cost(ch, it, ip, adjacent, c, action, target, arg):
    """AP of a declaration at a door, or -1 if it is not legal now: ACT-CODE at a room next to
    one's own (GAP-25: its door), a valid code of 4 different digits (CODE-1); ACT-IDCARD with a
    card one carries (ID-2); breaking a door (DOOR-2: an axe in hand, always the same AP) or
    repairing it, from inside its room or next to it; dropping a carried card (ACT-DROP)."""
    here = ch[c, CH_ROOM]
    if action == codes.A_CODE:
        ok = target != here and door_reachable(adjacent, here, target) and is_valid_code(arg)
        return ip[P.I_CODE_AP] if ok else -1
    if action == codes.A_IDCARD:
        ok = target != here and door_reachable(adjacent, here, target)
        return ip[P.I_IDCARD_AP] if ok and carries_card(ch, it, c, arg) else -1
    if action == codes.A_BREAK:
        # THING-ACTIVE-7: the active Thing needs no axe, and still pays the door's AP
        axe = holds_kind(ch, it, c, codes.AXE) >= 0 or ch[c, CH_FORM] == codes.THING_ACTIVE
        return ip[P.I_DOOR_BREAK_AP] if door_reachable(adjacent, here, arg) and axe else -1
    if action == codes.A_REPAIR:
        return ip[P.I_REPAIR_AP] if door_reachable(adjacent, here, arg) else -1
    if action == codes.A_DROP:
        return 0 if carries_card(ch, it, c, target - 2) else -1
    return -1


# --- what the enterer and the onlookers learn ---------------------------------------------


@compiled
def pack_entry(room, guess, fb):
    """One code entry in a CH_CODE_ENTRIES cell: room | guess << 4 | (feedback + 2) << 18."""
    return room | (guess << 4) | ((fb + 2) << 18)


@compiled
def entry_room(cell):
    return cell & 15


@compiled
def entry_guess(cell):
    return (cell >> 4) & 16383


@compiled
def entry_feedback(cell):
    return (cell >> 18) - 2


@compiled
def record_entry(ch, st, c, room, guess, fb):
    """ACT-CODE: the enterer learns each entry's feedback (CODE-1..3); his observation shows the
    turn's entries next turn."""
    t = st[ST_TURN]
    if ch[c, CH_CODE_TURN] != t:
        ch[c, CH_CODE_TURN] = t
        for k in range(codes.MAX_DECLARED):
            ch[c, CH_CODE_ENTRIES + k] = -1
    for k in range(codes.MAX_DECLARED):
        if ch[c, CH_CODE_ENTRIES + k] < 0:
            ch[c, CH_CODE_ENTRIES + k] = pack_entry(room, guess, fb)
            return


@compiled
def pack_seen(opened, refused, users, turn):
    """A CH_DOORS_SEEN cell: rooms seen opened | refused << 14 | users << 28 | turn << 44."""
    return opened | (refused << 14) | (users << 28) | (turn << 44)


@compiled
def seen_opened(cell):
    return cell & ROOM_MASK


@compiled
def seen_refused(cell):
    return (cell >> 14) & ROOM_MASK


@compiled
def seen_users(cell):
    return (cell >> 28) & OWNER_MASK


@compiled
def seen_turn(cell):
    return cell >> 44


@compiled
def sees_who(ch, st, d):
    """Whether d makes out who works a door: Light or a Flashlight, or the dark to an original
    Thing (THING-P-1); a convert perceives the dark as a human (GAP-38), nobody sees anyone in a
    blizzard (LIGHT-4), as in kernel.observe."""
    light = st[ST_LIGHTING + ch[d, CH_ROOM]]
    if light == codes.LIGHT or light == codes.FLASHLIGHT:
        return True
    return light == codes.DARK and ch[d, CH_ORIGINAL] == 1


@compiled
def witness(ch, st, c, room, opened):
    """ACT-CODE, ID-1: everyone able to perceive in c's location, c included, learns whether the
    door of `room` opened, in any lighting (AP-11); those who can see also learn who tried."""
    t = st[ST_TURN]
    here = ch[c, CH_ROOM]
    for d in range(ch.shape[0]):
        if ch[d, CH_ROOM] != here or not can_act(ch, d):
            continue
        cell = ch[d, CH_DOORS_SEEN]
        if seen_turn(cell) != t:
            cell = pack_seen(0, 0, 0, t)
        o, f, u = seen_opened(cell), seen_refused(cell), seen_users(cell)
        if opened:
            o |= 1 << room
        else:
            f |= 1 << room
        if sees_who(ch, st, d) or d == c:
            u |= 1 << c
        ch[d, CH_DOORS_SEEN] = pack_seen(o, f, u, t)


# --- step 0: codes and cards (GAP-25) -----------------------------------------------------


@compiled
def code_insight(ip, erudition):
    """What a code entry shows beyond bulls and cows at this Erudition (public.SHOWS_* bits):
    the right positions (CODE-2, STAT-ERUD-1) and the absent digits (CODE-3, STAT-ERUD-2)."""
    insight = 0
    if erudition >= ip[P.I_POSITIONS_ERUDITION]:
        insight |= SHOWS_POSITIONS
    if erudition >= ip[P.I_ABSENT_ERUDITION]:
        insight |= SHOWS_ABSENT
    return insight


@compiled
def enter_code(ch, st, events, ip, c, room, guess, rec):
    """ACT-CODE, CODE-1..3, GAP-25 (step 0): a code entered at the door of `room` from c's room.
    An entry at a door that already lets c through (unlocked, broken, unpowered or opened)
    answers nothing. The keypad answers bulls and cows, and more at higher Erudition; it
    answers nothing where the room has no code or in a lockdown (LOC-TOWER-4). The right code
    opens the door from c's room for the rest of the turn."""
    here = ch[c, CH_ROOM]
    if door_open_from(st, here, room):
        return
    code = st[ST_CODE + room]
    if code < 0 or st[ST_LOCKDOWN] == 1:
        fb = codes.FEEDBACK_REFUSED
        log_event(st, events, codes.E_CODE, c, room, -1, -1)
    else:
        fb = feedback(code, guess, code_insight(ip, ch[c, CH_ERUDITION]))
        log_event(st, events, codes.E_CODE, c, room, fb_bulls(fb), fb_cows(fb))
    rec[R.C_CODE_ENTRIES] += 1
    record_entry(ch, st, c, room, guess, fb)
    opened = fb >= 0 and fb_bulls(fb) == OPEN_BULLS
    if opened:
        st[ST_OPENED_FROM + room] |= 1 << here
        rec[R.C_DOORS_OPENED] += 1
    witness(ch, st, c, room, opened)


@compiled
def use_card(ch, it, st, events, c, room, owner, rec):
    """ACT-IDCARD, ID-1..3, GAP-25, GAP-63 (step 0): any holder may use any card; it opens the
    door of `room` from c's room if it has access, and the entry log records the card's owner.
    A door that already lets c through needs no card."""
    here = ch[c, CH_ROOM]
    if not carries_card(ch, it, c, owner) or door_open_from(st, here, room):
        return
    opened = card_opens(ch, st, owner, room)
    log_event(st, events, codes.E_IDCARD, c, room, owner, 1 if opened else 0)
    if opened:
        st[ST_OPENED_FROM + room] |= 1 << here
        log_card_entry(st, room, owner)
        rec[R.C_DOORS_OPENED] += 1
    witness(ch, st, c, room, opened)


# --- the entry log (ID-3, LOC-TOWER-4) ----------------------------------------------------


@compiled
def log_cell(slot, r):
    return ST_LOG + slot * LOG_CELLS + r // LOG_ROOMS_PER_CELL


@compiled
def log_card_entry(st, r, owner):
    """ID-3, GAP-63: room r was opened this turn with the card of `owner`."""
    t = st[ST_TURN]
    slot = t % LOG_SLOTS
    if st[ST_LOG_TURN + slot] != t:
        st[ST_LOG_TURN + slot] = t
        for k in range(LOG_CELLS):
            st[ST_LOG + slot * LOG_CELLS + k] = 0
    st[log_cell(slot, r)] |= (1 << owner) << (16 * (r % LOG_ROOMS_PER_CELL))


@compiled
def logged_owners(st, t, r):
    """The owners whose cards opened room r on turn t, if the log still holds that turn."""
    slot = t % LOG_SLOTS
    if t < 1 or st[ST_LOG_TURN + slot] != t:
        return 0
    return (st[log_cell(slot, r)] >> (16 * (r % LOG_ROOMS_PER_CELL))) & OWNER_MASK


# --- breaking a door ----------------------------------------------------------------------


@compiled
def break_door(ch, it, st, events, c, room, rec):
    """DOOR-2, DOOR-3, ACT-BREAK (step 8): with an axe in hand (THING-ACTIVE-7: the active Thing
    needs none), the door of `room` (c's own or a neighbour's) breaks: anyone enters, and the
    room loses heat (TEMP-2(b))."""
    if holds_kind(ch, it, c, codes.AXE) < 0 and ch[c, CH_FORM] != codes.THING_ACTIVE:
        return
    smash_door(st, room, rec)
    log_act(ch, st, events, codes.E_BREAK, c, -1, codes.OBJ_DOOR, room, ch[c, CH_ROOM])  # AP-6


@compiled
def smash_door(st, room, rec):
    """DOOR-3: the door of `room` is broken from now on."""
    if (st[ST_DOORS_BROKEN] >> room) & 1 == 0:
        rec[R.C_DOORS_BROKEN] += 1
    st[ST_DOORS_BROKEN] |= 1 << room


@compiled
def door_broken(st, room):
    return (st[ST_DOORS_BROKEN] >> room) & 1 == 1


@compiled
def mend_door(st, room):
    """ACT-REPAIR: the door holds again; its lock is as it was (DOOR-1)."""
    st[ST_DOORS_BROKEN] &= ~(1 << room)


@compiled
def locks_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a code or a card entered at a door if legal when declared, else -1."""
    return door_action_cost(ch, it, ip, adjacent, c, action, target, arg)


@compiled
def resolve_locks(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A code or a card entered at a door, before step 1 (GAP-25)."""
    if action == codes.A_CODE:
        enter_code(ch, st, events, ip, c, target, arg, rec)
    else:
        use_card(ch, it, st, events, c, target, arg, rec)

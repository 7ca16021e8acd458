"""The Tower's security terminal (LOC-TOWER-1, LOC-TOWER-3, LOC-TOWER-4; ID-1, ID-3, GAP-63).

A Tower device: it works while at least one generator does (GEN-6, GAP-2) and it is not broken
(GAP-20: a broken terminal is refused when declared, as the lab's devices, and does nothing if
broken before it resolves; its passive display goes dark too). Passively it shows
everyone in the Tower every door's state and every room's temperature (kernel.observe). Its
functions resolve in step 4 (GAP-24: terminal reports): the access report is open to anyone,
the others need a top-access card carried by the user, whoever owns it (GAP-63). The card
functions name a card by its owner.

Both reports are printed for the start of the next turn: whoever is in the Tower then, the
terminal working, sees them (LOC-TOWER-3). The rules do not say who reads the entry log; it is
shown the same way. Since codes and cards are used in step 0, everything changed here takes
effect from the next turn, as LOC-TOWER-4 asks of a card's firmware.
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.compile.jit import compiled
from balance.kernel.perception import log_act
from balance.kernel.locks import carries_card
from balance.kernel.public import edit_code, edit_room, edit_who, is_valid_code
from balance.kernel.state import (
    CH_CARD_ACCESS,
    CH_CARD_TOP,
    CH_ROOM,
    ST_CODE,
    ST_DOORS_LOCKED,
    ST_ENTRY_LOG_TURN,
    ST_LOCKDOWN,
    ST_REPORT_TURN,
    ST_TERMINAL_BROKEN,
    ST_TURN,
)
from balance.kernel.station import any_generator_running


@compiled
def carries_top_card(ch, it, c):
    """LOC-TOWER-4, GAP-63: c carries a card with top access, his own or another's."""
    for owner in range(ch.shape[0]):
        if ch[owner, CH_CARD_TOP] == 1 and carries_card(ch, it, c, owner):
            return True
    return False


@compiled
def terminal_works(st):
    """LOC-TOWER-1/3/4: powered by any running generator (GEN-6) and not broken (GAP-20)."""
    return st[ST_TERMINAL_BROKEN] == 0 and any_generator_running(st)


@compiled
def terminal_cost(ch, it, st, ip, adjacent, room_block, c, action, function, arg):
    """AP of a terminal function (LOC-TOWER-3/4), or -1 if c may not use it now: in the Tower,
    the terminal unbroken (GAP-20), with a top-access card for all but the access report, and a
    valid parameter."""
    n = ch.shape[0]
    if ch[c, CH_ROOM] != codes.TOWER or function < 0 or function >= codes.N_TERMINAL:
        return -1
    if st[ST_TERMINAL_BROKEN] == 1:
        return -1
    if function == codes.T_ACCESS_REPORT:
        return ip[P.I_REPORT_AP]
    if not carries_top_card(ch, it, c):
        return -1
    if function == codes.T_CARD_ACCESS:
        owner, rooms = arg & 15, arg >> 4
        ok = arg >= 0 and owner < n and rooms & ~codes.LOCKABLE_ROOMS == 0
        return ip[P.I_CARD_ACCESS_AP] if ok else -1
    if function == codes.T_OPEN_ALL:
        return ip[P.I_OPEN_ALL_AP]
    if function == codes.T_LOCK_ALL:
        return ip[P.I_LOCK_ALL_AP]
    if function == codes.T_GIVE_TOP:
        return ip[P.I_GIVE_TOP_AP] if 0 <= arg < n else -1
    if function == codes.T_EDIT_ROOM:
        if arg < 0:
            return -1
        room, code, who = edit_room(arg), edit_code(arg), edit_who(arg)
        ok = (
            (codes.LOCKABLE_ROOMS >> room) & 1 == 1
            and (code == -1 or is_valid_code(code))
            and -1 <= who < (1 << n)
        )
        return ip[P.I_EDIT_ROOM_AP] if ok else -1
    return ip[P.I_ENTRY_LOG_AP]  # T_ENTRY_LOG


@compiled
def use_terminal(ch, it, st, events, c, function, arg, rec):
    """LOC-TOWER-3/4 (step 4, GAP-24): one function of the terminal, if it works (GEN-6, GAP-20)
    and c still carries a top-access card where one is needed."""
    if not terminal_works(st) or ch[c, CH_ROOM] != codes.TOWER:
        return
    if function != codes.T_ACCESS_REPORT and not carries_top_card(ch, it, c):
        return
    t = st[ST_TURN]
    if function == codes.T_ACCESS_REPORT:
        st[ST_REPORT_TURN] = t  # seen in the Tower next turn (LOC-TOWER-3)
    elif function == codes.T_CARD_ACCESS:
        ch[arg & 15, CH_CARD_ACCESS] = arg >> 4  # the firmware: from the next turn on
    elif function == codes.T_OPEN_ALL:
        st[ST_DOORS_LOCKED] = 0
        st[ST_LOCKDOWN] = 0
        log_event(st, events, codes.E_DOOR, c, -1, -1, codes.DE_ALL_OPEN)
    elif function == codes.T_LOCK_ALL:
        st[ST_LOCKDOWN] = 1
        log_event(st, events, codes.E_DOOR, c, -1, -1, codes.DE_LOCKDOWN)
    elif function == codes.T_GIVE_TOP:
        ch[arg, CH_CARD_TOP] = 1  # it cannot be taken away
    elif function == codes.T_EDIT_ROOM:
        room, code, who = edit_room(arg), edit_code(arg), edit_who(arg)
        if code >= 0:
            st[ST_CODE + room] = code
        if who >= 0:
            for owner in range(ch.shape[0]):
                if (who >> owner) & 1 == 1:
                    ch[owner, CH_CARD_ACCESS] |= 1 << room
                else:
                    ch[owner, CH_CARD_ACCESS] &= ~(1 << room)
        st[ST_DOORS_LOCKED] |= 1 << room  # access is now controlled: the door is locked
        log_event(st, events, codes.E_DOOR, c, -1, room, codes.DE_LOCKED)
    else:
        st[ST_ENTRY_LOG_TURN] = t  # T_ENTRY_LOG: seen in the Tower next turn
    rec[R.C_TERMINAL_USES] += 1
    log_act(ch, st, events, codes.E_TERMINAL, c, -1, function, arg, ch[c, CH_ROOM])  # AP-6


@compiled
def resolve_terminal(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A terminal function at its step (LOC-TOWER-3/4)."""
    use_terminal(ch, it, st, events, c, target, arg, rec)

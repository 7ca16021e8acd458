"""Radios (ITEM-RADIO, ACT-RADIO-TOGGLE, ACT-RADIO-SPEAK, GAP-54): switching one and speaking."""

from balance.compile.jit import compiled
from balance.kernel.events import write_event
from balance.kernel.perception import log_act, sees_in_room, witnesses
from balance.kernel.state import CH_HAND, CH_ROOM, IT_COLOUR, IT_KIND, IT_ON, IT_PLACE, IT_WHERE
from balance import codes
from balance.kernel import params as P
from balance.observation import MAX_CHARACTERS


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


@compiled
def radio_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a radio declaration if legal when declared, else -1."""
    if action == codes.A_RADIO_TOGGLE:  # ACT-RADIO-TOGGLE: a hand (0, 1), or one lying here (2)
        ok = 0 <= target <= 1 or (target == 2 and 0 <= arg < len(codes.RADIO_COLOUR_NAMES))
        return ip[P.I_RADIO_TOGGLE_AP] if ok else -1
    # ACT-RADIO-SPEAK, AP-11: the subject is a character or a room, as the topic says
    subjects = max(codes.N_ROOMS, MAX_CHARACTERS)
    ok = 0 <= target < len(codes.RADIO_TOPIC_NAMES) and 0 <= arg < subjects
    return ip[P.I_RADIO_SPEAK_AP] if ok else -1


@compiled
def resolve_radio(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """A radio declaration at its step."""
    if action == codes.A_RADIO_TOGGLE:
        toggle_radio(ch, it, st, events, c, target, arg)
    else:
        speak(ch, it, st, events, c, target, arg)

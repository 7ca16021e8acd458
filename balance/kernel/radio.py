"""Radios (ITEM-RADIO, ACT-RADIO-TOGGLE, ACT-RADIO-SPEAK, GAP-54): switching one and speaking."""

from balance.compile.jit import compiled
from balance.kernel.events import write_event
from balance.kernel.perception import log_act, sees_in_room, witnesses
from balance.kernel.state import CH_HAND, CH_ROOM, IT_COLOUR, IT_KIND, IT_ON, IT_PLACE, IT_WHERE
from balance import codes


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

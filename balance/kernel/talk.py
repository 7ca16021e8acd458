"""Talk (GAP-64, ACT-RADIO-SPEAK, LIGHT-4) and radios (ITEM-RADIO, ACT-RADIO-TOGGLE, GAP-54):
a claim said aloud to the room or on the radio, and switching a radio on or off.

A claim is a topic of codes.CLAIM_* with a subject, a proof and a pair (public.pack_claim): the
closed vocabulary of what players tell each other. The kernel carries it unchanged, true or
false, to those who hear it (an event whose "seers" are the listeners: its content and speaker
reach them in any lighting), and counts it true or false by the speaker's side in the record.
"""

from balance.compile.jit import compiled
from balance.kernel.events import write_event
from balance.kernel.perception import log_act, plays_for_things, sees_in_room, witnesses
from balance.kernel.public import D_ACTION, D_TARGET, burn_per_turn, pack_claim, unpack_claim
from balance.kernel.state import (
    CH_FORM,
    CH_HAND,
    CH_N_DECL,
    CH_ROOM,
    IT_COLOUR,
    IT_KIND,
    IT_ON,
    IT_PLACE,
    IT_WHERE,
    ST_CALL_TURN,
    ST_GEN_BROKEN,
    ST_GEN_FUEL,
)
from balance import codes
from balance import records as R
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
def speak(ch, it, st, events, c, topic, arg):
    """ACT-RADIO-SPEAK, ITEM-RADIO, GAP-54: into a switched-on radio in hand; heard, with the
    speaker's name, by everyone able to hear in a room holding a switched-on radio of that
    colour, in a hand, a backpack or on the floor, and by those beside the speaker (outside a
    blizzard, where only radios carry: LIGHT-4). Returns whether it was said."""
    colour = -1
    for h in range(2):
        i = ch[c, CH_HAND + h]
        if colour < 0 and i >= 0 and it[i, IT_KIND] == codes.RADIO and it[i, IT_ON] == 1:
            colour = it[i, IT_COLOUR]
    if colour < 0:
        return False
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
    write_event(st, events, codes.E_RADIO, c, -1, topic, arg, -1, listeners, listeners)
    return True


@compiled
def say(ch, st, events, c, topic, arg):
    """GAP-64, AP-11: a claim said aloud at once (step 1), heard with the speaker's name by
    everyone present able to hear, in any lighting (a voice is known in the dark); in a
    blizzard nobody can talk but by radio (LIGHT-4: witnesses finds nobody there), and the
    unconscious and the paralysed hear nothing (UNC-1, THING-P-3)."""
    room = ch[c, CH_ROOM]
    present = witnesses(ch, st, room)[1]
    write_event(st, events, codes.E_SAY, c, -1, topic, arg, room, present, present)


@compiled
def claim_is_true(ch, st, decl, ip, c, topic, subject):
    """Whether c's claim is true now (for the record only: nobody in the game learns it)."""
    if topic == codes.CLAIM_THING or topic == codes.CLAIM_HUMAN:
        if subject >= ch.shape[0]:
            return False
        return (ch[subject, CH_FORM] != codes.HUMAN) == (topic == codes.CLAIM_THING)
    if topic == codes.CLAIM_GENERATOR_BROKEN:
        return st[ST_GEN_BROKEN + subject] == 1
    if topic == codes.CLAIM_GENERATOR_DRY:  # GEN-2, GAP-17: short of a turn's burn
        return st[ST_GEN_BROKEN + subject] == 0 and st[ST_GEN_FUEL + subject] < burn_per_turn(ip)
    if topic == codes.CLAIM_GOING:  # here already, or a move there declared this turn
        going = ch[c, CH_ROOM] == subject
        for j in range(ch[c, CH_N_DECL]):
            going |= decl[c, j, D_ACTION] == codes.A_MOVE and decl[c, j, D_TARGET] == subject
        return going
    return st[ST_CALL_TURN] > 0  # CLAIM_HELP_CALLED (GAP-6)


@compiled
def count_claim(ch, st, decl, ip, c, topic, arg, rec):
    """The record's count of claims, true and false, by the speaker's side."""
    true = claim_is_true(ch, st, decl, ip, c, topic, unpack_claim(arg)[0])
    if plays_for_things(ch, c):
        rec[R.C_CLAIMS_THINGS_TRUE if true else R.C_CLAIMS_THINGS_FALSE] += 1
    else:
        rec[R.C_CLAIMS_HUMANS_TRUE if true else R.C_CLAIMS_HUMANS_FALSE] += 1


@compiled
def talk_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of a talk declaration if legal when declared, else -1."""
    if action == codes.A_RADIO_TOGGLE:  # ACT-RADIO-TOGGLE: a hand (0, 1), or one lying here (2)
        ok = 0 <= target <= 1 or (target == 2 and 0 <= arg < len(codes.RADIO_COLOUR_NAMES))
        return ip[P.I_RADIO_TOGGLE_AP] if ok else -1
    if not claim_is_well_formed(target, arg):
        return -1
    return ip[P.I_SAY_AP] if action == codes.A_SAY else ip[P.I_RADIO_SPEAK_AP]


@compiled
def claim_is_well_formed(topic, arg):
    """GAP-64: a topic of the vocabulary with a subject of its kind (a character, a block, a
    room; 0 for the call), a proof of codes.PROOF_* and a pair that is a sample's label or -1."""
    if arg < 0:
        return False
    subject, proof, pair = unpack_claim(arg)
    if topic == codes.CLAIM_THING or topic == codes.CLAIM_HUMAN:
        subjects = MAX_CHARACTERS
    elif topic == codes.CLAIM_GENERATOR_BROKEN or topic == codes.CLAIM_GENERATOR_DRY:
        subjects = codes.N_BLOCKS
    elif topic == codes.CLAIM_GOING:
        subjects = codes.N_ROOMS
    elif topic == codes.CLAIM_HELP_CALLED:
        subjects = 1
    else:
        return False
    return (
        subject < subjects
        and proof < len(codes.PROOF_NAMES)
        and pair < codes.DOG_LABEL + codes.N_DOGS
        and arg == pack_claim(subject, proof, pair)  # no stray high bits
    )


@compiled
def resolve_talk(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec):
    """A talk declaration at its step."""
    if action == codes.A_RADIO_TOGGLE:
        toggle_radio(ch, it, st, events, c, target, arg)
    elif action == codes.A_SAY:
        say(ch, st, events, c, target, arg)
        count_claim(ch, st, decl, ip, c, target, arg, rec)
    elif speak(ch, it, st, events, c, target, arg):
        count_claim(ch, st, decl, ip, c, target, arg, rec)

"""Blood samples and the Laboratory: taking blood, the analyzer and the computer (ACT-BLOOD-SELF,
ITEM-BLOOD, INF-4, LOC-LAB-1..5, LOC-KENNEL-2's dog samples, INFO-3, GAP-20, GAP-21, GAP-51,
GAP-52, GAP-53).

A sample is a BLOOD_SAMPLE item taken from the supply pool (laboratory.samples). Its columns say
whose blood it is (IT_BLOOD_OWNER: a character, or codes.DOG_LABEL + dog) and whether it is
Thing blood (IT_THING_BLOOD), fixed when it is taken: a Thing's blood, original or convert
(GAP-38), and an infected human's (INF-4); a dog's never (GAP-53); saliva leaves the blood
alone (GAP-37). Blood is only ever one's own or a dog's: nobody takes a corpse's (GAP-51).

A carried sample shows nobody whose it is, its holder included: the tube is unlabelled until the
analyzer (LOC-LAB-2) and the observation shows only its kind. Who took it knows what he took
(his own E_BLOOD act); a policy that wants to follow a sample keeps that in its memory.

The analyzer has two slots. A sample goes in from a hand or the backpack with a label, which is
an owner code chosen by the inserter and may lie (GAP-52). One character starts the comparison
with a secret question, "equal" or "not equal" (LOC-LAB-3); equal means both human blood or both
Thing blood. Starting is pressed in step 7 and takes effect at the end of that step, after every
insertion of the step, if both slots are filled: the first to press it that turn is the one who
starts it, whatever his Initiative against the inserters'. Started on turn t, it finishes at the
end of turn t + comparison_turns; the samples are then used up and the computer logs a row: the
two labels, who started it, the turn it finished, and YES or NO answering the question, which no
field shows (LOC-LAB-4). One comparison at a time, and no slot can be filled while it runs
(GAP-52). The analyzer's work is checked at the end of every turn (RES-ORDER lists "the
analyzer's work" in step 4; GAP-52's timing asks for the end of the turn): a broken analyzer
(GAP-52) or one without power (GAP-21: the analyzer is electrical and cannot run without it)
aborts the comparison; the samples stay in their slots.

Everything here works in any lighting: A4 lists no light for taking blood, and the source marks a
location action needing light ("если светло", the Freezer's count; the Hangar) where it means it,
which it does not for the Laboratory. Both devices have screens of their own: while the
analyzer works everyone in the Laboratory sees the slots' labels and the stage (LOC-LAB-1,
INFO-3) as the Tower terminal's screen is seen, and the computer is read in the dark too
(LIGHT-3 only warns that devices need power). Whether the devices are broken shows in light.
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.events import log_event
from balance.kernel.items import (
    free_backpack_slot,
    free_hand,
    put_in_backpack,
    put_in_hand,
    take_from_supply,
)
from balance.compile.jit import compiled
from balance.kernel.perception import log_act, perceives_details
from balance.kernel.station import room_powered
from balance.kernel.state import (
    CH_BACKPACK,
    CH_FORM,
    CH_HAND,
    CH_INFECTED,
    CH_LAB_ASKED,
    CH_LAB_VIEW_ROWS,
    CH_LAB_VIEW_TURN,
    CH_ROOM,
    IT_BLOOD_OWNER,
    IT_KIND,
    IT_LABEL,
    IT_PLACE,
    IT_THING_BLOOD,
    IT_WHERE,
    LAB_ANSWER,
    LAB_FINISHED,
    LAB_LABEL_1,
    LAB_LABEL_2,
    LAB_STARTER,
    ST_ANALYZER_BROKEN,
    ST_COMPUTER_BROKEN,
    ST_DOG_BURNED,
    ST_LAB_LOG,
    ST_LAB_QUESTION,
    ST_LAB_ROWS,
    ST_LAB_SLOT,
    ST_LAB_STARTED,
    ST_LAB_STARTER,
    ST_TURN,
)
from balance.kernel.public import N_SOURCES, insert_label, insert_source
from balance.observation import (
    LAB_EMPTY,
    LAB_LOG_FIELDS,
    LAB_LOG_ROWS,
    O_LAB_ANALYZER_BROKEN,
    O_LAB_COMPUTER_BROKEN,
    O_LAB_LOG,
    O_LAB_MY_FINISH,
    O_LAB_MY_QUESTION,
    O_LAB_SLOTS,
    O_LAB_STAGE,
    O_LAB_VIEW_TURN,
)


@compiled
def pack_asked(finish_turn, question):
    """CH_LAB_ASKED: the starter's own memory of his last comparison (LOC-LAB-3)."""
    return 2 * finish_turn + question


@compiled
def valid_owner(n, code):
    """A sample owner or label: a character of this game, or a dog (GAP-53)."""
    return 0 <= code < n or codes.DOG_LABEL <= code < codes.DOG_LABEL + codes.N_DOGS


@compiled
def set_up_lab(st):
    """The analyzer empty and idle, both devices intact, the computer's log empty."""
    st[ST_LAB_SLOT] = -1
    st[ST_LAB_SLOT + 1] = -1
    st[ST_LAB_STARTER] = -1


@compiled
def lab_powered(st, ip, room_block):
    """LOC-LAB-5, GAP-21: the analyzer and computer need the Laboratory's generator (variant:
    they need none)."""
    return ip[P.I_LAB_NEEDS_POWER] == 0 or room_powered(st, room_block, codes.LABORATORY)


@compiled
def analyzer_works(st, ip, room_block):
    """LOC-LAB-1, GAP-20, GAP-21."""
    return st[ST_ANALYZER_BROKEN] == 0 and lab_powered(st, ip, room_block)


@compiled
def computer_works(st, ip, room_block):
    """LOC-LAB-4, GAP-20, GAP-21."""
    return st[ST_COMPUTER_BROKEN] == 0 and lab_powered(st, ip, room_block)


@compiled
def lab_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of one of this module's declarations if legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if action == codes.A_BLOOD_SELF:  # ACT-BLOOD-SELF: any lighting, anywhere
        return ip[P.I_BLOOD_SELF_AP] if 0 <= target <= 1 else -1
    if action == codes.A_BLOOD_DOG:  # LOC-KENNEL-2, GAP-53: living or dead, not burned
        ok = r == codes.KENNEL and 0 <= target < codes.N_DOGS and 0 <= arg <= 1
        return ip[P.I_DOG_SAMPLE_AP] if ok and st[ST_DOG_BURNED + target] == 0 else -1
    if r != codes.LABORATORY:
        return -1
    if action == codes.A_LAB_INSERT:  # LOC-LAB-2
        ok = (
            0 <= target <= 1
            and arg >= 0
            and insert_source(arg) < N_SOURCES
            and valid_owner(ch.shape[0], insert_label(arg))
        )
        return ip[P.I_LAB_INSERT_AP] if ok and analyzer_works(st, ip, room_block) else -1
    if action == codes.A_LAB_START:  # LOC-LAB-3
        ok = target == codes.Q_EQUAL or target == codes.Q_NOT_EQUAL
        return ip[P.I_LAB_START_AP] if ok and analyzer_works(st, ip, room_block) else -1
    if action == codes.A_LAB_VIEW:  # LOC-LAB-4
        return ip[P.I_LAB_VIEW_AP] if computer_works(st, ip, room_block) else -1
    return -1


@compiled
def resolve_lab(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec):
    """Apply one of this module's declarations at its step."""
    if action == codes.A_BLOOD_SELF:
        take_blood(ch, it, st, events, c, c, target)
    elif action == codes.A_BLOOD_DOG:
        if ch[c, CH_ROOM] == codes.KENNEL and st[ST_DOG_BURNED + target] == 0:
            take_blood(ch, it, st, events, c, codes.DOG_LABEL + target, arg)
    elif action == codes.A_LAB_INSERT:
        insert_sample(ch, it, st, events, ip, room_block, c, target, arg)
    elif action == codes.A_LAB_START:
        request_comparison(ch, st, ip, room_block, c, target)
    elif action == codes.A_LAB_VIEW:
        view_results(ch, st, events, ip, room_block, c)


@compiled
def is_thing_blood(ch, donor):
    """INF-4, GAP-38, GAP-53: a Thing's blood (original or convert, any form) or an infected
    human's; a dog's never. Saliva infects nobody, so it never shows here (GAP-37)."""
    if donor >= codes.DOG_LABEL:
        return False
    return ch[donor, CH_FORM] != codes.HUMAN or ch[donor, CH_INFECTED] == 1


@compiled
def take_blood(ch, it, st, events, c, donor, to_backpack):
    """ACT-BLOOD-SELF, LOC-KENNEL-2, ITEM-BLOOD (step 5): a sample of `donor`'s blood into the
    backpack if asked and there is room, else into a free hand; without room, or with the pool
    used up (a model limit), nothing is taken."""
    h = free_hand(ch, c)
    k = free_backpack_slot(ch, c)
    into_backpack = to_backpack == 1 and k >= 0
    if not into_backpack and h < 0:
        return
    i = take_from_supply(it, codes.BLOOD_SAMPLE)
    if i < 0:
        return
    it[i, IT_BLOOD_OWNER] = donor
    it[i, IT_THING_BLOOD] = 1 if is_thing_blood(ch, donor) else 0  # fixed now (INF-4)
    it[i, IT_LABEL] = -1
    if into_backpack:
        put_in_backpack(ch, it, c, k, i)
    else:
        put_in_hand(ch, it, c, h, i)
    log_act(ch, st, events, codes.E_BLOOD, c, -1, donor, 1 if into_backpack else 0, ch[c, CH_ROOM])


@compiled
def insert_sample(ch, it, st, events, ip, room_block, c, slot, arg):
    """LOC-LAB-2, GAP-52 (step 7): the sample in hand or backpack `source` goes into an empty slot
    of the working analyzer with the label chosen, unless a comparison runs."""
    if ch[c, CH_ROOM] != codes.LABORATORY or not analyzer_works(st, ip, room_block):
        return
    if st[ST_LAB_STARTED] > 0 or st[ST_LAB_SLOT + slot] >= 0:
        return
    source = insert_source(arg)
    cell = CH_HAND + source if source < 2 else CH_BACKPACK + source - 2
    i = ch[c, cell]
    if i < 0 or it[i, IT_KIND] != codes.BLOOD_SAMPLE:
        return
    ch[c, cell] = -1
    it[i, IT_PLACE] = codes.IN_ANALYZER
    it[i, IT_WHERE] = slot
    it[i, IT_LABEL] = insert_label(arg)
    st[ST_LAB_SLOT + slot] = i
    log_act(ch, st, events, codes.E_LAB_INSERT, c, -1, slot, insert_label(arg), ch[c, CH_ROOM])


@compiled
def request_comparison(ch, st, ip, room_block, c, question):
    """LOC-LAB-3 (step 7): c presses start with his secret question; the first to do so this turn
    is the one who may start it (start_comparison, once the step's insertions are done)."""
    if ch[c, CH_ROOM] != codes.LABORATORY or not analyzer_works(st, ip, room_block):
        return
    if st[ST_LAB_STARTED] > 0 or st[ST_LAB_STARTER] >= 0:
        return  # GAP-52: one at a time; only one person starts it
    st[ST_LAB_STARTER] = c
    st[ST_LAB_QUESTION] = question


@compiled
def start_comparison(ch, st, events, ip):
    """LOC-LAB-3, GAP-52 (the end of step 7, after every insertion of the step): the comparison
    asked for starts if both slots are filled; its starter alone knows the question."""
    c = st[ST_LAB_STARTER]
    if c < 0 or st[ST_LAB_STARTED] > 0:
        return
    if st[ST_LAB_SLOT] < 0 or st[ST_LAB_SLOT + 1] < 0:
        st[ST_LAB_STARTER] = -1
        return
    t = st[ST_TURN]
    finish = t + ip[P.I_COMPARISON_TURNS]
    st[ST_LAB_STARTED] = t
    ch[c, CH_LAB_ASKED] = pack_asked(finish, st[ST_LAB_QUESTION])
    log_act(ch, st, events, codes.E_LAB_START, c, -1, st[ST_LAB_QUESTION], finish, codes.LABORATORY)


@compiled
def run_analyzer(it, st, events, ip, room_block, rec):
    """LOC-LAB-3, GAP-52, GAP-21 (end of turn): a comparison without a working analyzer stops;
    one started comparison_turns ago completes: its samples are used up and the computer logs
    its row (LOC-LAB-4)."""
    started = st[ST_LAB_STARTED]
    if started == 0:
        return
    starter = st[ST_LAB_STARTER]
    if not analyzer_works(st, ip, room_block):
        st[ST_LAB_STARTED] = 0
        st[ST_LAB_STARTER] = -1
        cause = 0 if st[ST_ANALYZER_BROKEN] == 1 else 1
        log_event(st, events, codes.E_LAB_ABORT, -1, starter, cause, 0)
        return
    t = st[ST_TURN]
    if t < started + ip[P.I_COMPARISON_TURNS]:
        return
    first, second = st[ST_LAB_SLOT], st[ST_LAB_SLOT + 1]
    equal = it[first, IT_THING_BLOOD] == it[second, IT_THING_BLOOD]  # human-human, Thing-Thing
    question = st[ST_LAB_QUESTION]
    answer = 1 if equal == (question == codes.Q_EQUAL) else 0
    row = ST_LAB_LOG + (st[ST_LAB_ROWS] % LAB_LOG_ROWS) * LAB_LOG_FIELDS
    st[row + LAB_LABEL_1] = it[first, IT_LABEL]  # labels, never the true owners (GAP-52)
    st[row + LAB_LABEL_2] = it[second, IT_LABEL]
    st[row + LAB_STARTER] = starter
    st[row + LAB_FINISHED] = t
    st[row + LAB_ANSWER] = answer
    st[ST_LAB_ROWS] += 1
    rec[R.C_BLOOD_TESTS] += 1
    for i in (first, second):  # GAP-52: used up
        it[i, IT_PLACE] = codes.DESTROYED
        it[i, IT_WHERE] = -1
    st[ST_LAB_SLOT] = -1
    st[ST_LAB_SLOT + 1] = -1
    st[ST_LAB_STARTED] = 0
    st[ST_LAB_STARTER] = -1
    log_event(st, events, codes.E_LAB_RESULT, -1, starter, question, answer)


@compiled
def view_results(ch, st, events, ip, room_block, c):
    """LOC-LAB-4 (step 1): the working computer shows c the checks completed so far; he keeps
    what he read (kernel.observe)."""
    if ch[c, CH_ROOM] != codes.LABORATORY or not computer_works(st, ip, room_block):
        return
    ch[c, CH_LAB_VIEW_TURN] = st[ST_TURN]
    ch[c, CH_LAB_VIEW_ROWS] = st[ST_LAB_ROWS]
    shown = min(st[ST_LAB_ROWS], LAB_LOG_ROWS)
    log_act(ch, st, events, codes.E_LAB_VIEW, c, -1, shown, 0, ch[c, CH_ROOM])


@compiled
def observe_lab(ch, it, st, ip, room_block, c, o):
    """LOC-LAB-1, LOC-LAB-3, LOC-LAB-4, INFO-3: the O_LAB_* fields of c's observation (see
    balance.observation), which observe has filled with UNSEEN."""
    if ch[c, CH_ROOM] == codes.LABORATORY:
        if analyzer_works(st, ip, room_block):  # its screen, in any lighting
            for slot in range(2):
                i = st[ST_LAB_SLOT + slot]
                o[O_LAB_SLOTS + slot] = it[i, IT_LABEL] if i >= 0 else LAB_EMPTY
            started = st[ST_LAB_STARTED]
            o[O_LAB_STAGE] = started + ip[P.I_COMPARISON_TURNS] if started > 0 else 0
        if perceives_details(ch, st, c):
            o[O_LAB_ANALYZER_BROKEN] = st[ST_ANALYZER_BROKEN]
            o[O_LAB_COMPUTER_BROKEN] = st[ST_COMPUTER_BROKEN]
    asked = ch[c, CH_LAB_ASKED]
    if asked > 0:
        o[O_LAB_MY_QUESTION] = asked & 1
        o[O_LAB_MY_FINISH] = asked >> 1
    if ch[c, CH_LAB_VIEW_TURN] == 0:
        return
    o[O_LAB_VIEW_TURN] = ch[c, CH_LAB_VIEW_TURN]
    # the rows read then that the computer still keeps: model limit, older ones are gone
    first = max(0, st[ST_LAB_ROWS] - LAB_LOG_ROWS, ch[c, CH_LAB_VIEW_ROWS] - LAB_LOG_ROWS)
    for k in range(ch[c, CH_LAB_VIEW_ROWS] - first):
        row = ST_LAB_LOG + ((first + k) % LAB_LOG_ROWS) * LAB_LOG_FIELDS
        for f in range(LAB_LOG_FIELDS):
            o[O_LAB_LOG + k * LAB_LOG_FIELDS + f] = st[row + f]

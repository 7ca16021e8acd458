"""Locked doors, codes and ID cards in play, and the Tower's security terminal (A13: DOOR-1..5,
CODE-1..3, ID-1..3; A12: LOC-TOWER-1/3/4; TEMP-2(b); GAP-2, GAP-5, GAP-25, GAP-26, GAP-45,
GAP-51, GAP-63). The codes' arithmetic alone is tested in tests/test_doors.py."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.config import load_config
from balance.errors import ConfigError
from balance.kernel import public as D
from balance.kernel import state as S
from balance.kernel.health import die
from balance.kernel.game import new_game
from balance.kernel.public import pack_card_access, pack_edit
from balance.observation import (
    O_ACCESS_REPORT,
    O_CARD,
    O_CODE_FEEDBACK,
    O_CODE_GUESS,
    O_CODE_ROOM,
    O_DOOR,
    O_DOOR_USERS,
    O_DOORS_OPENED,
    O_DOORS_REFUSED,
    O_ENTRY_LOG,
    O_ROOM_ITEMS,
    O_ROOM_TEMPERATURES,
    UNSEEN,
)
from harness import Scenario, lit

ARSENAL, LAB, HANGAR = codes.ARSENAL, codes.LABORATORY, codes.HANGAR
G3, FUEL, STREET, TOWER = codes.GENERATOR_3, codes.FUEL_ROOM, codes.STREET, codes.TOWER
LOCKED = (1 << ARSENAL) | (1 << LAB) | (1 << HANGAR)  # GAP-5
OPEN_UP = ("doors.locked_rooms=[]",)
SURE_REPAIR = ("repair.chance_with_tool=1",)


def station(sets: tuple[str, ...] = (), seed: int = 1) -> Scenario:
    """harness.lit (everyone human, in the Tower, the generators never dry) without blizzard
    misdirection, so that moves from the Street land where they head."""
    return lit(seed=seed, sets=("move.blizzard_misdirect_chance=0",) + sets)


def next_observation(sc: Scenario, c: int) -> np.ndarray:
    """c's observation on the next turn: a turn in which nobody declares anything is played."""
    sc.step()
    return sc.observe(c)


def card(sc: Scenario, owner: int) -> int:
    """The item id of owner's card (the last items, one per character: items.stock_items)."""
    return sc.it.shape[0] - sc.ch.shape[0] + owner


def grant(sc: Scenario, owner: int, *rooms: int, top: bool = False) -> None:
    """Set what the card of `owner` opens."""
    sc.ch[owner, S.CH_CARD_ACCESS] = sum(1 << r for r in rooms)
    sc.ch[owner, S.CH_CARD_TOP] = int(top)


def move(room):
    return (codes.A_MOVE, room, 0)


def swipe(room, owner):
    return (codes.A_IDCARD, room, owner)


def key_in(room, code):
    return (codes.A_CODE, room, code)


def door_events(sc: Scenario, what: int) -> list[tuple[int, int]]:
    """(actor, room) of this turn's E_DOOR events of kind `what` (codes.DE_*)."""
    ev = sc.events(codes.E_DOOR)
    ev = ev[(ev[:, 0] == sc.turn) & (ev[:, 5] == what)]
    return [(int(a), int(r)) for a, r in ev[:, [2, 4]]]


def wrong_code(sc: Scenario, room: int) -> int:
    """A valid code that is not room's."""
    return next(int(x) for x in D.CODES if x != sc.st[S.ST_CODE + room])


def a_room(sc: Scenario) -> int:
    return int(sc.st[S.ST_CODE + ARSENAL])


# --- setup ---------------------------------------------------------------------------------


def test_GAP_5_setup_locks_codes_cards_and_one_top_access():
    """GAP-5: the Arsenal, the Laboratory and the hangar start locked, each with its own valid
    code (4 different digits, all three different); every character carries a personal card in
    no slot, opening one of the three rooms drawn uniformly; exactly one character, drawn
    uniformly among all (Things included), has top access. 600 games, 3.29 standard errors."""
    sc = Scenario(12, seed=5)
    n_games = 600
    by_room = np.zeros(codes.N_ROOMS, dtype=int)
    by_holder = np.zeros(12, dtype=int)
    things_on_top = 0
    first_digits = np.zeros(10, dtype=int)
    for game in range(n_games):
        new_game(sc.g, sc.pk.ip, sc.pk.fp, np.uint64(5), game, sc.rec)
        st, ch, it = sc.st, sc.ch, sc.it
        assert st[S.ST_DOORS_LOCKED] == LOCKED and st[S.ST_DOORS_BROKEN] == 0
        assert st[S.ST_LOCKDOWN] == 0
        room_codes = [int(st[S.ST_CODE + r]) for r in range(codes.N_ROOMS)]
        for r, code in enumerate(room_codes):
            assert D.is_valid_code(code) if (LOCKED >> r) & 1 else code == -1
        assert len({room_codes[r] for r in (ARSENAL, LAB, HANGAR)}) == 3  # CODE-1: its own
        for r in (ARSENAL, LAB, HANGAR):
            first_digits[D.digit(room_codes[r], 0)] += 1
        for c in range(12):
            access = int(ch[c, S.CH_CARD_ACCESS])
            assert access in (1 << ARSENAL, 1 << LAB, 1 << HANGAR)
            by_room[access.bit_length() - 1] += 1
            i = card(sc, c)
            assert it[i, S.IT_KIND] == codes.ID_CARD
            assert it[i, S.IT_PLACE] == codes.CARRIED and it[i, S.IT_WHERE] == c
        assert not np.isin(
            ch[:, S.CH_HAND : S.CH_WORN + 1], np.arange(it.shape[0] - 12, it.shape[0])
        ).any()
        top = np.flatnonzero(ch[:, S.CH_CARD_TOP])
        assert len(top) == 1
        by_holder[top[0]] += 1
        things_on_top += int(ch[top[0], S.CH_ORIGINAL])

    def near(k: int, n: int, p: float) -> bool:
        return abs(k / n - p) < 3.29 * np.sqrt(p * (1 - p) / n)

    for r in (ARSENAL, LAB, HANGAR):
        assert near(by_room[r], 12 * n_games, 1 / 3)
    assert all(near(k, n_games, 1 / 12) for k in by_holder)
    assert near(things_on_top, n_games, 2 / 12)  # Things included
    assert all(near(k, 3 * n_games, 1 / 10) for k in first_digits)  # leading 0 allowed


def test_GAP_5_locked_rooms_and_cards_are_config_keys():
    """doors.locked_rooms, doors.card_rooms (a card opens at most all of them) and
    doors.top_access_cards; the Street has no door."""
    sc = station(sets=("doors.locked_rooms=['tower']", "doors.top_access_cards=0"))
    assert sc.st[S.ST_DOORS_LOCKED] == 1 << TOWER
    assert (sc.ch[:, S.CH_CARD_ACCESS] == 1 << TOWER).all() and sc.ch[:, S.CH_CARD_TOP].sum() == 0
    sc = station(sets=("doors.card_rooms=3", "doors.top_access_cards=12"))
    assert (sc.ch[:, S.CH_CARD_ACCESS] == LOCKED).all() and (sc.ch[:, S.CH_CARD_TOP] == 1).all()
    sc = station(sets=OPEN_UP)
    assert sc.st[S.ST_DOORS_LOCKED] == 0 and (sc.ch[:, S.CH_CARD_ACCESS] == 0).all()
    for bad in ("doors.locked_rooms=['street']", "doors.top_access_cards=13"):
        with pytest.raises(ConfigError, match="doors"):
            load_config(12, [bad])


# --- entering --------------------------------------------------------------------------------


def test_DOOR_1_a_locked_room_is_entered_only_through_an_opened_door():
    """DOOR-1: without a card or the code the mover stays where he is (and the kernel logs it);
    the red lamp shows from the rooms next door, in any lighting."""
    sc = station()
    sc.put(0, G3)
    sc.st[S.ST_GEN_BROKEN + 2] = 1  # block 3 dark; the other generators keep the doors powered
    sc.step({0: [move(ARSENAL)]})
    assert sc.ch[0, S.CH_ROOM] == G3
    assert door_events(sc, codes.DE_BLOCKED) == [(0, ARSENAL)]
    assert sc.events(codes.E_DOOR)[-1, 3] == ARSENAL  # where he headed: there
    o = sc.observe(0)
    assert sc.st[S.ST_LIGHTING + G3] == codes.DARK
    assert o[O_DOOR + ARSENAL] == codes.DOOR_LOCKED and o[O_DOOR + FUEL] == codes.DOOR_FREE
    assert o[O_DOOR + LAB] == UNSEEN  # another block: no lamp in sight
    assert sc.violations == 0


def test_ID_1_GAP_25_a_card_with_access_opens_the_door_for_everyone_coming_through_it():
    """ID-1, GAP-25: a card with access opens the door in step 0, from the user's room, until
    the end of the turn: a companion moving from the same room gets in without a card; one
    coming from the Street does not (GAP-26: the link from his room was not opened). Next turn
    the door is shut again.
    ITEM-IDCARD: the card opens the doors its access names."""
    sc = station()
    grant(sc, 0, ARSENAL)
    sc.put(0, G3).put(1, G3).put(2, STREET)
    sc.step({0: [swipe(ARSENAL, 0), move(ARSENAL)], 1: [move(ARSENAL)], 2: [move(ARSENAL)]})
    assert [int(sc.ch[c, S.CH_ROOM]) for c in range(3)] == [ARSENAL, ARSENAL, STREET]
    assert door_events(sc, codes.DE_BLOCKED) == [(2, ARSENAL)]
    ev = sc.events(codes.E_IDCARD)
    assert ev[:, 2:].tolist() == [[0, ARSENAL, 0, 1]]
    assert sc.rec[R.C_DOORS_OPENED] == 1
    sc.put(3, G3)
    sc.step({3: [move(ARSENAL)]})  # GAP-25: opened last turn, shut now
    assert sc.ch[3, S.CH_ROOM] == G3 and door_events(sc, codes.DE_BLOCKED) == [(3, ARSENAL)]


def test_ID_1_a_card_without_access_is_refused_and_top_access_opens_every_door():
    sc = station()
    grant(sc, 0, LAB)
    grant(sc, 1, top=True)
    sc.put(0, G3).put(1, G3)
    sc.step({0: [swipe(ARSENAL, 0), move(ARSENAL)]})
    assert sc.ch[0, S.CH_ROOM] == G3
    assert sc.events(codes.E_IDCARD)[:, 2:].tolist() == [[0, ARSENAL, 0, 0]]
    sc.step({1: [swipe(HANGAR, 1), move(HANGAR)]})
    assert sc.ch[1, S.CH_ROOM] == HANGAR


def test_ID_2_a_card_costs_no_AP_and_AP_11_works_in_the_dark():
    """ID-2, ACT-IDCARD: card (0) + move (2) + pick-up (1) fit in 3 AP; AP-11: instant, in any
    lighting."""
    sc = station()
    grant(sc, 0, ARSENAL)
    sc.put(0, G3)
    sc.st[S.ST_GEN_BROKEN + 2] = 1
    rows = [swipe(ARSENAL, 0), move(ARSENAL), (codes.A_PICKUP, codes.PISTOL, 0)]
    sc.step({0: rows})
    assert sc.kept(0) == rows
    assert sc.ch[0, S.CH_ROOM] == ARSENAL


def test_CODE_1_wrong_then_right_code_in_one_turn_with_the_feedback_in_the_observation():
    """ACT-CODE, CODE-1, GAP-25: 1 AP per entry, several a turn, resolved one after another in
    step 0: a wrong entry answers bulls and cows, the right one opens the door for this turn's
    move (a fast mover: 1 + 1 + 1 AP). The enterer reads each entry's feedback next turn."""
    sc = station()
    sc.put(0, G3)
    sc.ch[0, S.CH_INITIATIVE] = 3  # STAT-INIT-2: a move costs 1 AP
    sc.ch[0, S.CH_ERUDITION] = 1
    code = a_room(sc)
    wrong = wrong_code(sc, ARSENAL)
    rows = [key_in(ARSENAL, wrong), key_in(ARSENAL, code), move(ARSENAL)]
    sc.step({0: rows})
    assert sc.kept(0) == rows and sc.ch[0, S.CH_ROOM] == ARSENAL
    bulls, cows = D.bulls_cows(code, wrong)
    assert sc.events(codes.E_CODE)[:, 2:].tolist() == [
        [0, ARSENAL, bulls, cows],
        [0, ARSENAL, 4, 0],
    ]
    assert sc.rec[R.C_CODE_ENTRIES] == 2 and sc.rec[R.C_DOORS_OPENED] == 1
    o = next_observation(sc, 0)
    assert o[O_CODE_ROOM : O_CODE_ROOM + 3].tolist() == [ARSENAL, ARSENAL, UNSEEN]
    assert o[O_CODE_GUESS : O_CODE_GUESS + 2].tolist() == [wrong, code]
    assert o[O_CODE_FEEDBACK] == D.feedback(code, wrong, 1)
    assert D.is_open(o[O_CODE_FEEDBACK + 1])
    assert next_observation(sc, 0)[O_CODE_ROOM] == UNSEEN  # a turn later: gone (memory's job)


def test_CODE_1_an_entry_at_an_open_door_answers_nothing():
    """The door is already open (opened this turn, or not locked): an entry costs its AP and
    answers nothing."""
    sc = station()
    sc.put(0, G3)
    code = a_room(sc)
    sc.step({0: [key_in(ARSENAL, code), key_in(ARSENAL, wrong_code(sc, ARSENAL))]})
    assert sc.events(codes.E_CODE).shape[0] == 1
    sc.step({0: [key_in(FUEL, code)]})
    assert sc.events(codes.E_CODE).shape[0] == 1 and sc.rec[R.C_CODE_ENTRIES] == 1


@pytest.mark.parametrize(
    "erudition, sets, shows_positions, shows_absent",
    [
        (1, (), False, False),
        (2, (), True, False),
        (3, (), True, True),
        # the thresholds are config keys: lowered, Erudition 1 is shown everything
        (1, ("doors.positions_erudition=1", "doors.absent_erudition=1"), True, True),
        # raised past every Erudition, nobody is shown more than bulls and cows
        (3, ("doors.positions_erudition=4", "doors.absent_erudition=4"), False, False),
    ],
)
def test_CODE_2_CODE_3_the_feedback_grows_with_erudition(
    erudition, sets, shows_positions, shows_absent
):
    """CODE-2 (STAT-ERUD-1): Erudition 2+ (doors.positions_erudition) also shows the right
    positions; CODE-3 (STAT-ERUD-2): Erudition 3 (doors.absent_erudition) also shows which
    entered digits are not in the code."""
    sc = station(sets)
    sc.put(0, G3)
    sc.ch[0, S.CH_ERUDITION] = erudition
    code = a_room(sc)
    d = [D.digit(code, i) for i in range(4)]
    absent = next(x for x in range(10) if x not in d)
    guess = D.pack_code(d[0], d[2], d[1], absent)  # 1 bull, 2 cows, 1 absent digit
    sc.step({0: [key_in(ARSENAL, guess)]})
    fb = int(next_observation(sc, 0)[O_CODE_FEEDBACK])
    assert (D.fb_bulls(fb), D.fb_cows(fb)) == (1, 2)
    assert D.fb_right(fb) == (0b0001 if shows_positions else 0)
    assert D.fb_absent(fb) == (0b1000 if shows_absent else 0)
    insight = (D.SHOWS_POSITIONS if shows_positions else 0) | (
        D.SHOWS_ABSENT if shows_absent else 0
    )
    assert fb == D.feedback(code, guess, insight)


@pytest.mark.parametrize("light", ["light", "dark"])
def test_ACT_CODE_everyone_in_the_location_learns_whether_the_door_opened(light):
    """ACT-CODE, ID-1: everyone in the enterer's location learns whether the door opened, in
    any lighting; who tried only where one sees (LIGHT-1/2): in the dark an original Thing does
    (THING-P-1), a human does not. Others elsewhere learn nothing."""
    sc = station()
    sc.make_thing(3)
    grant(sc, 1, ARSENAL)
    for c in (0, 1, 2, 3):
        sc.put(c, G3)
    sc.put(4, FUEL)
    if light == "dark":
        sc.st[S.ST_GEN_BROKEN + 2] = 1
    sc.step({0: [key_in(ARSENAL, wrong_code(sc, ARSENAL))], 1: [swipe(HANGAR, 1)]})
    sc.step()
    assert sc.st[S.ST_LIGHTING + G3] == (codes.LIGHT if light == "light" else codes.DARK)
    watcher, thing, elsewhere = sc.observe(2), sc.observe(3), sc.observe(4)
    refused = (1 << ARSENAL) | (1 << HANGAR)
    assert watcher[O_DOORS_REFUSED] == refused and watcher[O_DOORS_OPENED] == 0
    assert watcher[O_DOOR_USERS] == (0b11 if light == "light" else 0)
    assert thing[O_DOOR_USERS] == 0b11  # Night vision
    assert elsewhere[O_DOORS_REFUSED] == 0 and elsewhere[O_DOOR_USERS] == 0
    sc.step({1: [swipe(ARSENAL, 1)]})
    watcher = next_observation(sc, 2)
    assert watcher[O_DOORS_OPENED] == 1 << ARSENAL and watcher[O_DOORS_REFUSED] == 0


# --- breaking, repairing, power ----------------------------------------------------------


def test_DOOR_2_breaking_a_door_needs_an_axe_and_always_costs_2_AP():
    """DOOR-2: without an axe it cannot be declared; with one it costs 2 AP, not the axe's 1 of
    other objects (ITEM-AXE); from the room next door or from inside; then anyone enters from
    any side (DOOR-3)."""
    sc = station()
    sc.put(0, G3).put(1, G3).put(2, STREET)
    break_it = (codes.A_BREAK, codes.OBJ_DOOR, ARSENAL)
    sc.step({1: [break_it]})
    assert sc.kept(1) == []
    sc.give(0, codes.AXE)
    sc.ch[0, S.CH_INITIATIVE] = 1  # a move costs 2 AP
    sc.step({0: [break_it, move(FUEL)], 2: [move(ARSENAL)]})
    assert sc.kept(0) == [break_it]  # 2 + 2 > 3 AP: the move is dropped
    assert sc.ch[2, S.CH_ROOM] == ARSENAL  # broken in step 8, entered in step 12
    assert sc.rec[R.C_DOORS_BROKEN] == 1
    ev = sc.events(codes.E_BREAK)
    assert ev[:, 2:6].tolist() == [[0, -1, codes.OBJ_DOOR, ARSENAL]]
    # AP-6: the one beside him in the lit room sees it, which door included
    assert (0, codes.E_BREAK, -1, codes.OBJ_DOOR, ARSENAL) in sc.perceived(1)
    assert sc.observe(1)[O_DOOR + ARSENAL] == codes.DOOR_BROKEN
    sc.step({1: [move(ARSENAL)]})
    assert sc.ch[1, S.CH_ROOM] == ARSENAL
    sc.put(0, LAB)
    sc.step({0: [(codes.A_BREAK, codes.OBJ_DOOR, LAB), (codes.A_PICKUP, codes.PISTOL, 0)]})
    assert len(sc.kept(0)) == 2 and sc.st[S.ST_DOORS_BROKEN] == (1 << ARSENAL) | (1 << LAB)


def test_DOOR_3_ACT_REPAIR_a_door_is_repaired_with_scrap_and_locks_again():
    """ACT-REPAIR, ITEM-SCRAP: scrap is the door's tool (90%, used up on success); the lock
    holds again."""
    sc = station(sets=SURE_REPAIR)
    sc.put(0, G3)
    sc.st[S.ST_DOORS_BROKEN] = 1 << ARSENAL
    scrap = sc.give(0, codes.SCRAP)
    sc.step({0: [(codes.A_REPAIR, codes.OBJ_DOOR, ARSENAL)]})
    assert sc.st[S.ST_DOORS_BROKEN] == 0 and sc.it[scrap, S.IT_PLACE] == codes.DESTROYED
    assert sc.events(codes.E_REPAIR)[:, 2:6].tolist() == [[0, ARSENAL, codes.OBJ_DOOR, 1]]
    assert sc.observe(0)[O_DOOR + ARSENAL] == codes.DOOR_LOCKED
    assert codes.REPAIR_TOOL[codes.OBJ_DOOR] == codes.SCRAP


def test_DOOR_4_leaving_is_never_blocked():
    """DOOR-4: out of a locked room, into the next room or onto the Street; in a lockdown the
    next room is locked too (LOC-TOWER-4), but the way out to the Street stays open.
    MAP-3: the outside door is always open for leaving."""
    sc = station()
    for c in (0, 1, 2):
        sc.put(c, ARSENAL)
    sc.step({0: [move(G3)], 1: [move(STREET)]})
    assert sc.ch[0, S.CH_ROOM] == G3 and sc.ch[1, S.CH_ROOM] == STREET
    sc.st[S.ST_LOCKDOWN] = 1
    sc.step({2: [move(STREET)]})
    assert sc.ch[2, S.CH_ROOM] == STREET


def test_DOOR_5_GEN_5_doors_lose_power_only_when_all_three_generators_are_down():
    sc = station()
    sc.put(0, STREET)
    for b in range(2):
        sc.st[S.ST_GEN_BROKEN + b] = 1
    sc.step({0: [move(LAB)]})
    assert sc.ch[0, S.CH_ROOM] == STREET  # one generator still runs: locked
    sc.st[S.ST_GEN_BROKEN + 2] = 1
    sc.step({0: [move(LAB)]})
    assert sc.ch[0, S.CH_ROOM] == LAB  # DOOR-3: unpowered, anyone enters
    assert sc.observe(0)[O_DOOR + HANGAR] == UNSEEN
    assert sc.observe(0)[O_DOOR + codes.KENNEL] == codes.DOOR_UNPOWERED


def test_GAP_26_the_lock_covers_every_way_in():
    """GAP-26: from each room of its block and from the Street."""
    sc = station()
    for c, room in enumerate((G3, FUEL, HANGAR, STREET)):
        sc.put(c, room)
    sc.step({c: [move(ARSENAL)] for c in range(4)})
    assert [int(sc.ch[c, S.CH_ROOM]) for c in range(4)] == [G3, FUEL, HANGAR, STREET]
    assert sorted(door_events(sc, codes.DE_BLOCKED)) == [(c, ARSENAL) for c in range(4)]


def test_GAP_2_a_misdirected_character_without_access_stays_on_the_street():
    """GAP-2, LIGHT-4: heading for the Warehouse in a blizzard, always misdirected here, a
    character lands in another room of block 2; the Laboratory is locked, so a third of the
    time he stays on the Street, unless someone opened the Laboratory from the Street this turn
    (GAP-25)."""
    n = 300
    landed = np.zeros(codes.N_ROOMS, dtype=int)
    for game in range(n):
        sc = lit(seed=9, game=game, sets=("move.blizzard_misdirect_chance=1",))
        grant(sc, 1, LAB)
        sc.put(0, STREET).put(1, STREET)
        opened = game % 2 == 1
        sc.step({0: [move(codes.WAREHOUSE)], 1: [swipe(LAB, 1)] if opened else []})
        where = int(sc.ch[0, S.CH_ROOM])
        landed[where] += 1
        if where == STREET:
            assert door_events(sc, codes.DE_BLOCKED) == [(0, LAB)] and not opened
            assert sc.events(codes.E_DOOR)[-1, 3] == codes.WAREHOUSE  # where he headed
        assert where != LAB or opened
    assert landed[codes.WAREHOUSE] == 0
    assert abs(landed[STREET] / n - 1 / 6) < 3.29 * np.sqrt(1 / 6 * 5 / 6 / n)
    assert abs(landed[LAB] / n - 1 / 6) < 3.29 * np.sqrt(1 / 6 * 5 / 6 / n)


def test_GAP_45_a_locked_unopened_door_blocks_a_grenade():
    """GAP-45: thrown from the Fuel room into the locked Arsenal, the grenade stays in hand (its
    AP spent); opened from the Fuel room with a card in step 0, the throw goes through."""
    sc = station()
    sc.put(0, FUEL).put(1, ARSENAL)
    g = sc.give(0, codes.GRENADE)
    sc.step({0: [(codes.A_THROW, ARSENAL, 0)]})
    assert sc.ch[1, S.CH_HP] == 3 and sc.ch[0, S.CH_HAND] == g
    assert door_events(sc, codes.DE_BLOCKED) == [(0, ARSENAL)]
    grant(sc, 0, ARSENAL)
    sc.step({0: [swipe(ARSENAL, 0), (codes.A_THROW, ARSENAL, 0)]})
    assert sc.ch[1, S.CH_HP] == 1 and sc.it[g, S.IT_PLACE] == codes.DESTROYED


def test_TEMP_2_b_a_broken_outside_door_cools_its_room_exactly():
    """TEMP-2(b), TEMP-3, GAP-46: broken in step 8 of turn 1, the Arsenal's door makes the room
    fall by 5 at each update (after step 13) instead of rising; with block 3's generator down as
    well (turns 3 and 4) it falls by 10; repaired in step 7 of turn 6, the room warms by 5 a turn
    again. The Fuel room next door, its door whole, feels the generator alone."""
    sc = station(sets=SURE_REPAIR)
    sc.put(0, G3)
    sc.give(0, codes.AXE)
    sc.give(0, codes.SCRAP, hand=1)
    temps = []
    for turn in range(1, 11):
        sc.st[S.ST_GEN_BROKEN + 2] = 1 if turn in (3, 4) else 0  # read at the turn's start
        rows = {
            1: [(codes.A_BREAK, codes.OBJ_DOOR, ARSENAL)],
            6: [(codes.A_REPAIR, codes.OBJ_DOOR, ARSENAL)],
        }
        sc.step({0: rows.get(turn, [])})
        temps.append((int(sc.st[S.ST_TEMPERATURE + ARSENAL]), int(sc.st[S.ST_TEMPERATURE + FUEL])))
    assert temps == [
        (20, 25),
        (15, 25),
        (5, 20),
        (-5, 15),
        (-10, 20),
        (-5, 25),
        (0, 25),
        (5, 25),
        (10, 25),
        (15, 25),
    ]
    assert sc.violations == 0


# --- ID cards as items ---------------------------------------------------------------------


def test_GAP_5_a_card_is_given_received_and_dropped_like_an_item_and_takes_no_slot():
    """GAP-5: like an item, and AP-6, seen like one in the lit room by the witness 2."""
    sc = station()
    sc.put(0, G3).put(1, G3).put(2, G3)
    for hand in (0, 1):
        sc.give(1, codes.CANISTER, hand=hand)  # full hands: a card still fits
    sc.step({0: [(codes.A_GIVE, 1, 2 + 0)], 1: [(codes.A_RECEIVE, 0, codes.ID_CARD)]})
    assert (0, codes.E_GIVE, 1, codes.ID_CARD, 0) in sc.perceived(2)
    i = card(sc, 0)
    assert sc.it[i, S.IT_PLACE] == codes.CARRIED and sc.it[i, S.IT_WHERE] == 1
    o = sc.observe(1)
    assert o[O_CARD + 0] == sc.ch[0, S.CH_CARD_ACCESS] | (
        codes.CARD_TOP_BIT if sc.ch[0, S.CH_CARD_TOP] else 0
    )
    assert sc.observe(0)[O_CARD + 0] == UNSEEN
    sc.step({1: [(codes.A_DROP, 2 + 0, 0)]})
    assert (1, codes.E_DROP, -1, codes.ID_CARD, 0) in sc.perceived(2)
    assert sc.it[i, S.IT_PLACE] == codes.IN_ROOM and sc.it[i, S.IT_WHERE] == G3
    assert sc.observe(0)[O_ROOM_ITEMS + codes.ID_CARD] == 1  # lying in sight
    sc.step({0: [(codes.A_PICKUP, codes.ID_CARD, 0)]})
    assert (0, codes.E_PICKUP, -1, codes.ID_CARD, 0) in sc.perceived(2)
    assert sc.it[i, S.IT_PLACE] == codes.CARRIED and sc.it[i, S.IT_WHERE] == 0
    assert sc.ch[0, S.CH_HAND] == -1 and sc.ch[0, S.CH_HAND + 1] == -1
    assert sc.violations == 0


def test_GAP_51_a_card_stays_on_the_corpse_and_a_search_takes_it():
    """GAP-5, GAP-51: at death the card stays on the body; searching it (1 AP, step 5) needs
    sight (LIGHT-2)."""
    sc = station()
    sc.put(0, G3).put(1, G3)
    die(sc.ch, sc.it, sc.st, sc.g.events, 1, codes.DC_ATTACK, sc.rec)
    i = card(sc, 1)
    assert sc.it[i, S.IT_PLACE] == codes.CARRIED and sc.it[i, S.IT_WHERE] == 1
    take = (codes.A_PICKUP, codes.ID_CARD, 2 + 1)
    sc.st[S.ST_GEN_BROKEN + 2] = 1
    sc.step({0: [take]})
    assert sc.it[i, S.IT_WHERE] == 1  # dark: nothing found
    sc.st[S.ST_GEN_BROKEN + 2] = 0
    sc.step({0: [take]})
    assert sc.it[i, S.IT_WHERE] == 0 and sc.kept(0) == [take]


def test_ITEM_FLAMETHROWER_4_a_burned_body_burns_its_card():
    from balance.kernel.items import shed_belongings

    sc = station()
    shed_belongings(sc.ch, sc.it, 4, -1)  # no room: destroyed
    assert sc.it[card(sc, 4), S.IT_PLACE] == codes.DESTROYED
    sc.step()
    assert sc.violations == 0


def test_ID_3_GAP_63_any_holder_uses_any_card_and_the_entry_log_names_its_owner():
    """GAP-63, ID-3: the card of 0 in the hands of 1 opens the Laboratory; the entry log read at
    the terminal (LOC-TOWER-4: top access, 3 AP) names 0."""
    sc = station()
    grant(sc, 0, LAB)
    grant(sc, 5, top=True)
    sc.put(1, STREET)
    sc.it[card(sc, 0), S.IT_WHERE] = 1
    sc.step({1: [swipe(LAB, 0), move(LAB)]})
    assert sc.ch[1, S.CH_ROOM] == LAB
    log_turn = sc.turn
    sc.step({5: [(codes.A_TERMINAL, codes.T_ENTRY_LOG, 0)]})
    assert sc.kept(5) == [(codes.A_TERMINAL, codes.T_ENTRY_LOG, 0)]
    o = next_observation(sc, 6)  # anyone in the Tower the next turn
    k = sc.turn - 1 - log_turn  # slot k holds turn t - 1 - k
    assert o[O_ENTRY_LOG + k * codes.N_ROOMS + LAB] == 1 << 0
    assert (o[O_ENTRY_LOG : O_ENTRY_LOG + 5 * codes.N_ROOMS] > 0).sum() == 1
    assert next_observation(sc, 6)[O_ENTRY_LOG] == UNSEEN  # a turn later: gone


# --- the Tower terminal --------------------------------------------------------------------


def test_LOC_TOWER_1_the_terminal_shows_every_door_and_every_temperature():
    """LOC-TOWER-1, INFO-3: in the Tower, while a generator runs (GEN-6), every door's state and
    every room's temperature; elsewhere only the lamps next door."""
    sc = station()
    sc.st[S.ST_DOORS_BROKEN] = 1 << codes.KENNEL
    sc.put(1, codes.LIVING_QUARTERS)
    sc.step()
    tower, away = sc.observe(0), sc.observe(1)
    states = [int(x) for x in tower[O_DOOR : O_DOOR + codes.N_ROOMS]]
    expected = [codes.DOOR_FREE] * codes.N_ROOMS
    for r in (ARSENAL, LAB, HANGAR):
        expected[r] = codes.DOOR_LOCKED
    expected[codes.KENNEL] = codes.DOOR_BROKEN
    assert states == expected
    temps = tower[O_ROOM_TEMPERATURES : O_ROOM_TEMPERATURES + codes.N_ROOMS]
    assert temps.tolist() == sc.st[S.ST_TEMPERATURE : S.ST_TEMPERATURE + codes.N_ROOMS].tolist()
    assert away[O_DOOR + codes.KENNEL] == UNSEEN and away[O_ROOM_TEMPERATURES] == UNSEEN
    assert away[O_DOOR + codes.FREEZER] == codes.DOOR_FREE


def test_LOC_TOWER_3_the_access_report_is_seen_in_the_tower_the_next_turn():
    """LOC-TOWER-3: 1 AP, no card needed; those in the Tower at the start of the next turn see,
    for each locked room, whose cards open it (top access included); nobody elsewhere."""
    sc = station()
    sc.ch[:, S.CH_CARD_TOP] = 0
    for c in range(12):
        grant(sc, c, (ARSENAL, LAB, HANGAR)[c % 3])
    grant(sc, 11, top=True)
    sc.put(1, STREET)
    sc.step({0: [(codes.A_TERMINAL, codes.T_ACCESS_REPORT, 0)]})
    assert sc.kept(0) == [(codes.A_TERMINAL, codes.T_ACCESS_REPORT, 0)]
    assert sc.observe(0)[O_ACCESS_REPORT + ARSENAL] == UNSEEN  # not printed yet
    seen, away = next_observation(sc, 2), sc.observe(1)
    for k, r in enumerate((ARSENAL, LAB, HANGAR)):
        owners = sum(1 << c for c in range(11) if c % 3 == k) | 1 << 11
        assert seen[O_ACCESS_REPORT + r] == owners
    assert seen[O_ACCESS_REPORT + FUEL] == UNSEEN
    assert (away[O_ACCESS_REPORT : O_ACCESS_REPORT + codes.N_ROOMS] == UNSEEN).all()


def terminal(function, arg=0):
    return (codes.A_TERMINAL, function, arg)


def test_LOC_TOWER_4_needs_a_top_access_card():
    sc = station()
    grant(sc, 0, ARSENAL)
    sc.ch[:, S.CH_CARD_TOP] = 0
    for function in range(1, codes.N_TERMINAL):
        sc.step({0: [terminal(function)]})
        assert sc.kept(0) == []
    sc.put(1, STREET)
    grant(sc, 1, top=True)
    sc.step({1: [terminal(codes.T_OPEN_ALL)]})
    assert sc.kept(1) == []  # not in the Tower
    sc.it[card(sc, 1), S.IT_WHERE] = 0  # GAP-63: whoever carries it
    sc.step({0: [terminal(codes.T_OPEN_ALL)]})
    assert sc.st[S.ST_DOORS_LOCKED] == 0 and sc.rec[R.C_TERMINAL_USES] == 1


def test_LOC_TOWER_4_a_cards_firmware_changes_from_the_next_turn():
    """LOC-TOWER-4: 1 AP. Declared with a card use in the same turn, the use (step 0) comes
    before the change (step 4); the next turn the card opens what it was given."""
    sc = station()
    grant(sc, 0, top=True)
    grant(sc, 1, ARSENAL)
    sc.put(1, STREET)
    new_access = pack_card_access(1, 1 << LAB)
    sc.step({0: [terminal(codes.T_CARD_ACCESS, new_access)], 1: [swipe(LAB, 1), move(LAB)]})
    assert sc.ch[1, S.CH_ROOM] == STREET and sc.ch[1, S.CH_CARD_ACCESS] == 1 << LAB
    sc.step({1: [swipe(LAB, 1), move(LAB)]})
    assert sc.ch[1, S.CH_ROOM] == LAB


def test_LOC_TOWER_4_lock_all_open_all_and_top_access_for_good():
    """LOC-TOWER-4: a lockdown locks every door (the Tower's too) and only top-access cards open
    them; keypads answer nothing (codes.FEEDBACK_REFUSED). Top access given cannot be taken
    away by a firmware update. Opening all releases every lock."""
    sc = station()
    grant(sc, 0, top=True)
    grant(sc, 1, codes.LIVING_QUARTERS)
    sc.put(1, STREET, physical=3).put(2, G3).put(3, STREET, physical=3)
    sc.wear_parka(1)
    sc.wear_parka(3)  # some turns on the Street ahead
    sc.step({0: [terminal(codes.T_LOCK_ALL)]})
    assert door_events(sc, codes.DE_LOCKDOWN) == [(0, -1)]
    sc.step(
        {
            1: [swipe(codes.LIVING_QUARTERS, 1), move(codes.LIVING_QUARTERS)],
            2: [key_in(ARSENAL, a_room(sc)), move(ARSENAL)],
            3: [move(TOWER)],
        }
    )
    assert [int(sc.ch[c, S.CH_ROOM]) for c in (1, 2, 3)] == [STREET, G3, STREET]
    assert next_observation(sc, 2)[O_CODE_FEEDBACK] == codes.FEEDBACK_REFUSED
    assert sc.events(codes.E_CODE)[-1, 4:].tolist() == [-1, -1]
    sc.step({0: [terminal(codes.T_GIVE_TOP, 1)]})
    sc.step({0: [terminal(codes.T_CARD_ACCESS, pack_card_access(1, 0))]})
    sc.step({1: [swipe(codes.LIVING_QUARTERS, 1), move(codes.LIVING_QUARTERS)]})
    assert sc.ch[1, S.CH_ROOM] == codes.LIVING_QUARTERS and sc.ch[1, S.CH_CARD_TOP] == 1
    sc.step({0: [terminal(codes.T_OPEN_ALL)]})
    sc.step({2: [move(ARSENAL)], 3: [move(TOWER)]})
    assert sc.ch[2, S.CH_ROOM] == ARSENAL and sc.ch[3, S.CH_ROOM] == TOWER


def test_LOC_TOWER_4_AP_6_a_lockdown_bars_that_turns_moves_and_its_use_is_seen():
    """LOC-TOWER-4: *lock all* resolves in step 4, so it bars a move of the same turn (step
    10); AP-6: the others in the lit Tower see who used the terminal, not what he did."""
    sc = station()
    grant(sc, 0, top=True)
    sc.put(2, G3)
    sc.step({0: [terminal(codes.T_LOCK_ALL)], 2: [move(FUEL)]})
    assert sc.ch[2, S.CH_ROOM] == G3
    used = [row for row in sc.perceived(1) if row[1] == codes.E_TERMINAL]
    assert used == [(0, codes.E_TERMINAL, -1, UNSEEN, UNSEEN)]


def test_LOC_TOWER_4_edit_a_rooms_code_and_who_may_enter():
    """LOC-TOWER-4: 2 AP; the room is locked, with the new code and only the chosen cards."""
    sc = station()
    grant(sc, 0, top=True)
    grant(sc, 1, ARSENAL)
    grant(sc, 2, ARSENAL)
    new_code = 9876
    edit = pack_edit(codes.FREEZER, new_code, 1 << 2)
    sc.step({0: [terminal(codes.T_EDIT_ROOM, edit)]})
    assert sc.kept(0) == [terminal(codes.T_EDIT_ROOM, edit)]
    assert sc.st[S.ST_CODE + codes.FREEZER] == new_code
    assert door_events(sc, codes.DE_LOCKED) == [(0, codes.FREEZER)]
    for c in (1, 2, 3):
        sc.put(c, STREET)
    sc.step({1: [swipe(codes.FREEZER, 1), move(codes.FREEZER)]})
    assert sc.ch[1, S.CH_ROOM] == STREET  # no longer among those who may enter
    sc.step({2: [swipe(codes.FREEZER, 2), move(codes.FREEZER)]})
    sc.step({3: [key_in(codes.FREEZER, new_code), move(codes.FREEZER)]})
    assert sc.ch[2, S.CH_ROOM] == codes.FREEZER and sc.ch[3, S.CH_ROOM] == codes.FREEZER
    keep_code = pack_edit(ARSENAL, -1, 0)  # nobody's card, the same code
    old = a_room(sc)
    sc.step({0: [terminal(codes.T_EDIT_ROOM, keep_code)]})
    assert a_room(sc) == old and (sc.ch[:, S.CH_CARD_ACCESS] >> ARSENAL & 1).sum() == 0


def test_a_policy_observation_never_shows_codes_or_other_cards():
    """GAP-61: the codes and what the cards of others open are hidden from a character outside
    the Tower: changing them changes nothing he observes."""
    sc = station()
    sc.put(0, G3)
    sc.step()
    before = sc.observe(0)
    sc.st[S.ST_CODE + ARSENAL] = 1234
    sc.ch[1:, S.CH_CARD_ACCESS] = 1 << LAB
    sc.ch[1:, S.CH_CARD_TOP] ^= 1
    assert np.array_equal(before, sc.observe(0))


# --- policies ------------------------------------------------------------------------------


def test_random_policy_offers_codes_cards_doors_and_the_terminal():

    sc = station()
    grant(sc, 0, top=True)
    sc.put(1, G3).put(2, G3)
    sc.give(1, codes.AXE)
    sc.st[S.ST_DOORS_BROKEN] = 1 << FUEL
    die(sc.ch, sc.it, sc.st, sc.g.events, 2, codes.DC_ATTACK, sc.rec)
    sc.step()
    tower = sc.offered(0)
    assert {terminal(f) for f in range(codes.N_TERMINAL)} <= tower
    assert {(codes.A_DROP, 2, 0), (codes.A_GIVE, 3, 2)} <= tower
    g3 = sc.offered(1)
    for row in (
        key_in(ARSENAL, -1),
        swipe(ARSENAL, 1),
        (codes.A_BREAK, codes.OBJ_DOOR, G3),
        (codes.A_BREAK, codes.OBJ_DOOR, ARSENAL),
        (codes.A_PICKUP, codes.ID_CARD, 2 + 2),
    ):
        assert row in g3, row
    sc.ch[1, S.CH_HAND] = -1
    sc.it[sc.it[:, S.IT_KIND] == codes.AXE, S.IT_PLACE] = codes.IN_SUPPLY
    assert (codes.A_REPAIR, codes.OBJ_DOOR, FUEL) in sc.offered(1)


def test_a_thing_opens_the_door_of_a_room_it_heads_for_with_its_card():
    """The naive Thing policy reads the lamps and its cards: a room it can open is a goal,
    reached with the card the same turn (GAP-25); one it cannot is not."""
    from policies.memory import M_CROWD, M_CROWD_SEEN
    from policies.things import thing_declare

    sc = station()
    sc.make_thing(11)
    sc.put(11, STREET)
    sc.step()
    cfg = sc.cfg
    knobs = np.array([0.0, 0.0, 1.0, cfg["policies.things.naive.crowd_weight"]])
    out = np.zeros((codes.MAX_DECLARED, 3), dtype=np.int64)

    def declare():
        mem = sc.g.memory[11]
        n = thing_declare(
            knobs,
            sc.observe(11),
            mem,
            sc.pk.ip,
            sc.g.rng,
            12,
            out,
            sc.pk.next_hop,
            sc.pk.room_block,
        )
        return [tuple(int(v) for v in out[j]) for j in range(n)]

    declare()  # the memory starts
    mem = sc.g.memory[11]
    mem[M_CROWD + LAB] = 6
    mem[M_CROWD_SEEN + LAB] = sc.turn
    grant(sc, 11, LAB)
    assert declare() == [swipe(LAB, 11), move(LAB)]
    grant(sc, 11, ARSENAL)
    assert move(LAB) not in declare()


def test_default_policies_walk_into_locked_doors_only_when_a_blizzard_misleads_them():
    """Default play: the only moves a lock stops are misdirected ones (GAP-2), from the Street
    in a storm; no policy keeps walking into a door it cannot open."""
    from balance.runner import replay_game

    cfg = load_config(12)
    blocked = 0
    for game in range(40):
        rp = replay_game(cfg, 3, game)
        ev = rp.events
        stops = ev[(ev[:, 1] == codes.E_DOOR) & (ev[:, 5] == codes.DE_BLOCKED)]
        for turn, _, who, _, room, _ in stops:
            assert rp.characters[turn - 1, who, S.SNAP_ROOM] == STREET
            assert rp.weather[turn - 1] == codes.STORM
            blocked += 1
    assert blocked > 0

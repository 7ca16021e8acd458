"""What characters learn of each other (A18 and the visibility rules it gathers: AP-6, AP-7,
LIGHT-1/2/4, UNC-1, HP-2, INV-5, INFO-1, INFO-2, ACT-SHOOT-2..4, WEATHER-2, GAP-38, GAP-58).

Each test plays one scripted turn and reads what a witness perceived of it (Scenario.perceived:
(actor, event kind, target, a, b) rows, U where the witness could not tell)."""

from balance import codes
from balance.kernel import state as S
from balance.observation import (
    O_HELD,
    O_SHOTS_HEARD,
    O_WEARS,
    O_WOUND,
    UNSEEN as U,
    W_HEAVY,
    W_LIGHT,
    W_UNHURT,
)
from harness import lit

ACTOR, WITNESS, TARGET = 0, 1, 2


def room_of(room, dark=False, sets=()):
    """Actor, witness and target together in `room`, lit or with its block's power cut."""
    sc = lit(sets=sets)
    for c in (ACTOR, WITNESS, TARGET):
        sc.put(c, room)
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[room]] = 1
    return sc


def test_AP_6_LIGHT_1_in_light_every_act_is_seen_with_its_details():
    sc = room_of(codes.LIVING_QUARTERS)
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [(codes.A_DROP, 0, 0)]})
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.LIGHT
    drop = (ACTOR, codes.E_DROP, -1, codes.AXE, 0)
    assert sc.perceived(WITNESS) == [drop] and sc.perceived(ACTOR) == [drop]
    assert sc.perceived(5) == []  # someone in the Tower saw nothing of it


def test_LIGHT_2_in_the_dark_acts_go_unseen():
    sc = room_of(codes.LIVING_QUARTERS, dark=True)
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [(codes.A_DROP, 0, 0)]})
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    assert sc.perceived(WITNESS) == []
    assert sc.perceived(ACTOR) == [(ACTOR, codes.E_DROP, -1, codes.AXE, 0)]


def test_AP_7_the_target_learns_of_an_attack_in_the_dark_but_not_who():
    for dark in (False, True):
        sc = room_of(
            codes.LIVING_QUARTERS, dark=dark, sets=("combat.hit_chance_by_physical=[1,1,1]",)
        )
        sc.give(ACTOR, codes.AXE)
        sc.step({ACTOR: [(codes.A_MELEE, TARGET, 0)]})
        hit = int(sc.events(codes.E_MELEE)[0, 4])  # darkness halves the sure hit to 50%
        if dark:
            assert sc.perceived(TARGET) == [(U, codes.E_MELEE, TARGET, U, U)]
            assert sc.perceived(WITNESS) == []
        else:
            seen = (ACTOR, codes.E_MELEE, TARGET, hit, 0)
            assert sc.perceived(TARGET)[0] == seen and sc.perceived(WITNESS)[0] == seen


def test_INFO_2_moves_show_where_in_light_and_only_who_in_the_dark():
    """INFO-2, LIGHT-1, LIGHT-2: those left behind see him go (in light: where to); those in
    the room he enters see him arrive (in light: where from)."""
    for dark in (False, True):
        sc = lit()
        sc.put(ACTOR, codes.LIVING_QUARTERS).put(WITNESS, codes.LIVING_QUARTERS)
        sc.put(TARGET, codes.FREEZER)
        if dark:
            sc.st[S.ST_GEN_BROKEN] = 1  # block 1: both rooms dark
        sc.step({ACTOR: [(codes.A_MOVE, codes.FREEZER, 0)]})
        lq, fr = codes.LIVING_QUARTERS, codes.FREEZER
        if dark:
            assert sc.perceived(WITNESS) == [(ACTOR, codes.E_LEAVE, -1, U, U)]
            assert sc.perceived(TARGET) == [(ACTOR, codes.E_MOVE, -1, U, U)]
        else:
            assert sc.perceived(WITNESS) == [(ACTOR, codes.E_LEAVE, -1, lq, fr)]
            assert sc.perceived(TARGET) == [(ACTOR, codes.E_MOVE, -1, lq, fr)]


def test_ACT_SHOOT_3_ACT_SHOOT_4_a_shot_in_the_dark():
    """ACT-SHOOT-3: in the dark, those present learn that a shot was fired there, and the target
    that it was at him; ACT-SHOOT-4: the shooter does not learn whether it hit."""
    sc = room_of(codes.ARSENAL, dark=True)
    sc.give(ACTOR, codes.PISTOL)
    sc.step({ACTOR: [(codes.A_SHOOT, TARGET, 0)]})
    assert sc.perceived(WITNESS) == [(U, codes.E_SHOT, U, U, U)]
    assert sc.perceived(TARGET)[0] == (U, codes.E_SHOT, TARGET, U, U)
    assert sc.perceived(ACTOR)[0] == (ACTOR, codes.E_SHOT, TARGET, U, U)


def test_ACT_SHOOT_2_in_light_witnesses_see_the_accident():
    """ACT-SHOOT-2, GAP-30: a sure miss and a sure stray (set so): everyone sees who was hit."""
    sets = ("combat.hit_chance_by_physical=[0,0,0]", "combat.stray_chance=1")
    sc = room_of(codes.ARSENAL, sets=sets)
    sc.give(ACTOR, codes.PISTOL)
    sc.step({ACTOR: [(codes.A_SHOOT, TARGET, 0)]})
    shot = (ACTOR, codes.E_SHOT, TARGET, 0, WITNESS)
    assert sc.perceived(WITNESS)[0] == shot and sc.perceived(TARGET)[0] == shot


def test_INFO_1_WEATHER_2_GAP_58_shots_heard_by_weather_and_place():
    """In clear weather every shot on the station is heard everywhere; in a storm only in the
    shooter's block, the Tower hears its own and the Street none. Air shots count."""
    for clear in (True, False):
        sc = lit(sets=("weather.clear_chance=1",) if clear else ("weather.clear_chance=0",))
        sc.put(ACTOR, codes.ARSENAL).put(3, codes.FUEL_ROOM).put(4, codes.LIVING_QUARTERS)
        sc.put(5, codes.STREET)  # 6 and the others stay in the Tower
        sc.give(ACTOR, codes.PISTOL)
        sc.step()  # turn 1 is stormy whatever the chance (WEATHER-1)
        sc.step({ACTOR: [(codes.A_SHOOT, -1, 0)]})
        heard = [int(sc.observe(c)[O_SHOTS_HEARD]) for c in (ACTOR, 3, 4, 5, 6)]
        assert sc.st[S.ST_WEATHER + 2] == (codes.CLEAR if clear else codes.STORM)
        assert heard == ([1, 1, 1, 1, 1] if clear else [1, 1, 0, 0, 0])


def test_INFO_1_WEATHER_2_UNC_1_each_hears_where_he_stands_when_the_shot_is_fired():
    """A shot (step 2) is heard where each character stands when it is fired, not where he ends
    the turn: in a storm, one who leaves the shooter's block for the Street later in the turn
    heard it, one who comes in from the Street did not; the unconscious hear nothing (UNC-1)."""
    sc = lit(sets=("weather.clear_chance=0",))
    sc.put(ACTOR, codes.ARSENAL).put(3, codes.FUEL_ROOM).put(4, codes.STREET)
    sc.put(5, codes.FUEL_ROOM)
    sc.ch[5, S.CH_UNCONSCIOUS] = 1
    sc.give(ACTOR, codes.PISTOL)
    sc.step(
        {
            ACTOR: [(codes.A_SHOOT, -1, 0)],
            3: [(codes.A_MOVE, codes.STREET, 0)],
            4: [(codes.A_MOVE, codes.FUEL_ROOM, 0)],
        }
    )
    assert sc.ch[3, S.CH_ROOM] == codes.STREET and sc.ch[4, S.CH_ROOM] != codes.STREET
    heard = [int(sc.observe(c)[O_SHOTS_HEARD]) for c in (ACTOR, 3, 4, 5)]
    assert heard == [1, 1, 0, 0]


def test_INF_1_an_infection_is_never_seen():
    """INF-1, INF-5(b): in a lit room of 8, nobody sees the infection, its target included; the
    Thing knows what it did."""
    sc = lit()
    sc.make_thing(ACTOR)
    for c in range(8):
        sc.put(c, codes.LIVING_QUARTERS)
    sc.step({ACTOR: [(codes.A_INFECT, TARGET, 0)]})
    assert sc.ch[TARGET, S.CH_INFECTED] == 1
    assert sc.perceived(TARGET) == [] and sc.perceived(WITNESS) == []
    assert sc.perceived(ACTOR)[0][:3] == (ACTOR, codes.E_INFECT, TARGET)


def test_GAP_38_the_convert_does_not_learn_that_he_converted():
    sc = room_of(codes.LIVING_QUARTERS)
    sc.ch[TARGET, S.CH_INFECTED] = 1
    sc.ch[TARGET, S.CH_SURE_CONVERSION] = 1
    sc.ch[TARGET, S.CH_BLACKOUT_TURN] = 1
    sc.step()
    assert sc.ch[TARGET, S.CH_FORM] == codes.THING_HIDDEN
    assert (TARGET, codes.E_WAKE, -1, U, U) in sc.perceived(TARGET)
    assert (TARGET, codes.E_WAKE, -1, U, U) in sc.perceived(WITNESS)


def test_HP_2_LIGHT_1_wounds_hands_and_parkas_seen_in_light_only():
    """HP-2: 2 HP is lightly, 1 heavily wounded, for all to see in light; a hidden Thing shows
    the human table (3 of 4 HP reads unhurt). LIGHT-1: hands and parka; LIGHT-2: none of it."""
    for dark in (False, True):
        sc = room_of(codes.LIVING_QUARTERS, dark=dark)
        sc.put(3, codes.LIVING_QUARTERS).put(4, codes.LIVING_QUARTERS)
        sc.ch[ACTOR, S.CH_HP] = 2
        sc.ch[TARGET, S.CH_HP] = 1
        sc.make_thing(3)
        sc.ch[3, S.CH_HP] = 3
        sc.give(ACTOR, codes.AXE, hand=1)
        sc.wear_parka(TARGET)
        sc.step()
        o = sc.observe(WITNESS)
        wounds = [int(o[O_WOUND + c]) for c in (ACTOR, TARGET, 3, 4, WITNESS, 5)]
        held = [int(o[O_HELD + 2 * ACTOR + h]) for h in range(2)]
        wears = [int(o[O_WEARS + c]) for c in (ACTOR, TARGET)]
        if dark:
            assert wounds == [U] * 6 and held == [U, U] and wears == [U, U]
        else:
            assert wounds == [W_LIGHT, W_HEAVY, W_UNHURT, W_UNHURT, U, U]
            assert held == [codes.NO_ITEM, codes.AXE] and wears == [0, 1]


def test_INV_5_what_goes_into_a_backpack_stays_hidden():
    sc = room_of(codes.LIVING_QUARTERS)
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [(codes.A_BACKPACK, 0, 0)]})
    assert sc.perceived(WITNESS) == [(ACTOR, codes.E_BACKPACK, -1, U, U)]
    assert sc.perceived(ACTOR) == [(ACTOR, codes.E_BACKPACK, -1, codes.NO_ITEM, codes.AXE)]


def test_LIGHT_4_nobody_is_made_out_in_a_blizzard():
    sc = room_of(codes.STREET)
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [(codes.A_DROP, 0, 0)]})  # turn 1 is stormy: a blizzard on the Street
    assert sc.st[S.ST_LIGHTING + codes.STREET] == codes.BLIZZARD
    assert sc.perceived(WITNESS) == []


def test_UNC_1_the_unconscious_perceive_nothing():
    sc = room_of(codes.LIVING_QUARTERS)
    sc.ch[WITNESS, S.CH_UNCONSCIOUS] = 1
    sc.ch[WITNESS, S.CH_BLACKOUT_TURN] = 99
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [(codes.A_DROP, 0, 0)]})
    assert sc.perceived(WITNESS) == [] and len(sc.perceived(TARGET)) == 1


def test_A18_a_crowded_turn_shows_the_first_acts_each_one_noticed_in_order():
    """A18, AP-6: the observation lists the acts one noticed since one's last declaration in the
    order they happened, the first PERCEIVED_SLOTS of a crowded turn (a model limit); acts he was
    not there for are not among them and take no slot."""
    from balance.kernel.events import write_event
    from balance.observation import PERCEIVED_SLOTS

    sc = room_of(codes.LIVING_QUARTERS)
    sc.put(5, codes.FREEZER)
    sc.step()
    st, here, freezer = sc.st, (1 << ACTOR) | (1 << WITNESS), 1 << 5
    st[S.ST_TURN_EVENTS] = st[S.ST_N_EVENTS]  # the acts of the last turn are these
    acts = PERCEIVED_SLOTS * 3 // 2 + 6  # every third one in the Freezer, seen by 5 alone
    for k in range(acts):
        room, seers = (codes.FREEZER, freezer) if k % 3 == 2 else (codes.LIVING_QUARTERS, here)
        actor = 5 if k % 3 == 2 else ACTOR
        write_event(st, sc.g.events, codes.E_DROP, actor, -1, k, 0, room, seers, seers)
    lounge = [k for k in range(acts) if k % 3 != 2]
    assert len(lounge) > PERCEIVED_SLOTS
    first = [(ACTOR, codes.E_DROP, -1, k, 0) for k in lounge[:PERCEIVED_SLOTS]]
    assert sc.perceived(WITNESS) == first and sc.perceived(ACTOR) == first
    assert sc.perceived(5) == [(5, codes.E_DROP, -1, k, 0) for k in range(2, acts, 3)]
    assert sc.perceived(7) == []  # in the Tower

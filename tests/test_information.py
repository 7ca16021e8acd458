"""What characters learn of each other (A18 and the visibility rules it gathers: AP-6, AP-7,
LIGHT-1/2/4, UNC-1, HP-2, INV-5, INFO-1, INFO-2, ACT-SHOOT-2..4, WEATHER-2, GAP-38, GAP-58).

Each test plays one scripted turn and reads what a witness perceived of it (Scenario.perceived:
(actor, event kind, target, a, b) rows, U where the witness could not tell)."""

from balance import codes
from balance.kernel import state as S
from balance.observation import (
    O_BODIES_BURNABLE,
    O_HELD,
    O_PRESENT,
    O_SHOTS_HEARD,
    O_WEARS,
    O_WOUND,
    P_LOOKS_DEAD,
    P_UNCONSCIOUS,
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
    """HP-2: 2 HP is lightly, 1 heavily wounded, for all to see in light; a convert shows the
    human table (GAP-38: 3 of his 4 HP reads unhurt). LIGHT-1: hands and parka; LIGHT-2: none of
    it."""
    for dark in (False, True):
        sc = room_of(codes.LIVING_QUARTERS, dark=dark)
        sc.put(3, codes.LIVING_QUARTERS).put(4, codes.LIVING_QUARTERS)
        sc.ch[ACTOR, S.CH_HP] = 2
        sc.ch[TARGET, S.CH_HP] = 1
        make_convert(sc, 3)
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


def make_convert(sc, c, form=codes.THING_HIDDEN):
    """c converted (GAP-38): a Thing in body, not an original one; his maximum becomes a Thing's
    and his 3 HP stay."""
    sc.ch[c, S.CH_FORM] = form
    sc.ch[c, S.CH_MAX_HP] = sc.cfg["health.thing_hp"]


def test_THING_P_2_INV_2_an_original_Thing_shows_each_hit_as_a_human_does():
    """THING-P-2: an original Thing, hidden or active, is healthy at 4 HP, lightly wounded at 3,
    heavily at 2 and 1. A hit shows on it as on a human (HP-2: 3, 2, 1), and the second both
    shows heavy and takes a hand (INV-2) on both: the hidden form passes for human."""
    for form in (codes.THING_HIDDEN, codes.THING_ACTIVE):
        sc = room_of(codes.LIVING_QUARTERS, sets=("combat.hit_chance_by_physical=[1,1,1]",))
        sc.make_thing(TARGET)
        sc.ch[TARGET, S.CH_FORM] = form
        HUMAN, HITTER = 3, 4
        sc.put(HUMAN, codes.LIVING_QUARTERS).put(HITTER, codes.LIVING_QUARTERS)
        sc.give(ACTOR, codes.AXE)
        sc.give(HITTER, codes.AXE)
        for hp, wound in ((3, W_LIGHT), (2, W_HEAVY)):
            sc.step({ACTOR: [(codes.A_MELEE, TARGET, 0)], HITTER: [(codes.A_MELEE, HUMAN, 0)]})
            assert sc.ch[TARGET, S.CH_HP] == hp and sc.ch[HUMAN, S.CH_HP] == hp - 1
            o = sc.observe(WITNESS)
            assert o[O_WOUND + TARGET] == o[O_WOUND + HUMAN] == wound
            lost = [sc.ch[d, S.CH_LOST_HAND] >= 0 for d in (TARGET, HUMAN)]
            assert lost == [wound == W_HEAVY] * 2


def test_GAP_38_INV_2_GAP_34_a_convert_keeps_the_human_wound_table_and_hand():
    """GAP-38 (decision): a convert's HP stay a human's, so he keeps the human wound table (HP-2)
    and loses a hand at its threshold (INV-2), in either form: at 3 HP he looks unhurt (the
    Thing's table would show him lightly wounded at full health), at 2 lightly wounded with both
    hands, at 1 heavily wounded with one; bandaged back to 2 he has it back (GAP-34: the same
    threshold), and at his new maximum of 4 he looks unhurt."""
    sets = ("combat.hit_chance_by_physical=[1,1,1]", "healing.bandage_self_chance=1")
    sc = room_of(codes.LIVING_QUARTERS, sets=sets)
    make_convert(sc, TARGET)
    sc.give(ACTOR, codes.AXE)
    assert sc.observe(WITNESS)[O_WOUND + TARGET] == W_UNHURT
    for hp, wound in ((2, W_LIGHT), (1, W_HEAVY)):
        sc.step({ACTOR: [(codes.A_MELEE, TARGET, 0)]})
        assert sc.ch[TARGET, S.CH_HP] == hp
        assert sc.observe(WITNESS)[O_WOUND + TARGET] == wound
        assert (sc.ch[TARGET, S.CH_LOST_HAND] >= 0) == (wound == W_HEAVY)
    hand = 1 - int(sc.ch[TARGET, S.CH_LOST_HAND])
    for hp, wound in ((2, W_LIGHT), (3, W_UNHURT), (4, W_UNHURT)):
        sc.give(TARGET, codes.BANDAGE, hand=hand)
        sc.step({TARGET: [(codes.A_BANDAGE, TARGET, hand)]})
        assert sc.ch[TARGET, S.CH_HP] == hp and sc.ch[TARGET, S.CH_LOST_HAND] == -1
        assert sc.observe(WITNESS)[O_WOUND + TARGET] == wound
    sc = room_of(codes.LIVING_QUARTERS)
    make_convert(sc, TARGET, codes.THING_ACTIVE)  # called (THING-P-5): still his own table
    assert sc.observe(WITNESS)[O_WOUND + TARGET] == W_UNHURT


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


def body_as_seen(o, d):
    """What observation o shows of character d: presence, wound, hands, parka, and whether his
    body can burn."""
    held = [o[O_HELD + 2 * d + h] for h in range(2)]
    shown = [o[O_PRESENT + d], o[O_WOUND + d], *held, o[O_WEARS + d], o[O_BODIES_BURNABLE] >> d & 1]
    return [int(v) for v in shown]


def test_LIGHT_2_in_the_dark_the_unconscious_look_like_corpses_in_every_field():
    """LIGHT-2: in the dark "unconscious characters are shown as dead", so nothing a witness
    perceives tells one from a corpse: both present as "dead", among the bodies that can burn
    (O_BODIES_BURNABLE), no wound, hands or parka shown, and the fall noticed as a death. In
    light the unconscious shows as such and cannot burn. (Burning one fails at step 6:
    ACT-BURN-CORPSE burns the dead.)"""
    DEAD, SLEEPER = ACTOR, TARGET
    for dark in (False, True):
        sc = room_of(codes.LIVING_QUARTERS, dark=dark)
        sc.ch[DEAD, S.CH_POISON_TURN] = 2  # GAP-49: the mixture kills at the start of turn 2
        sc.ch[SLEEPER, S.CH_BLACKOUT_TURN] = 2  # INF-2: out for the whole of turn 2
        sc.step()
        sc.begin_turn()
        assert sc.ch[DEAD, S.CH_ALIVE] == 0 and sc.ch[SLEEPER, S.CH_UNCONSCIOUS] == 1
        o = sc.observe(WITNESS)
        seen = {d: body_as_seen(o, d) for d in (DEAD, SLEEPER)}
        falls = {row[0]: row[1:] for row in sc.perceived(WITNESS)}
        if dark:
            assert seen[SLEEPER] == seen[DEAD] == [P_LOOKS_DEAD, U, U, U, U, 1]
            assert falls == {d: (codes.E_DEATH, U, U, U) for d in (DEAD, SLEEPER)}
        else:
            assert seen[SLEEPER][0] == P_UNCONSCIOUS and seen[SLEEPER][5] == 0
            assert falls[SLEEPER] == (codes.E_UNCONSCIOUS, -1, U, U)
            assert falls[DEAD] == (codes.E_DEATH, -1, codes.DC_POISON, 0)
        assert sc.perceived(SLEEPER) == [(SLEEPER, codes.E_UNCONSCIOUS, -1, U, U)]


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

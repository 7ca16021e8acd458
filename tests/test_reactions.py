"""Reactions at Initiative 2+ (STAT-INIT-1, GAP-33): "if <event> happens, I change my action
to <...>", one a turn, the trigger perceived before the replaced action resolves."""

from balance import codes
from balance.kernel import state as S
from harness import lit

REACTOR, SHOOTER = 0, 1
TO_FREEZER = (codes.A_MOVE, codes.FREEZER, 0)
TO_STREET = (codes.A_MOVE, codes.STREET, 0)
ON_A_SHOT = (codes.A_REACT, codes.E_SHOT, 0)
AIR_SHOT = (codes.A_SHOOT, -1, 0)


def scene(initiative=2):
    sc = lit()
    sc.put(REACTOR, codes.LIVING_QUARTERS).put(SHOOTER, codes.LIVING_QUARTERS)
    sc.ch[REACTOR, S.CH_INITIATIVE] = initiative
    sc.give(SHOOTER, codes.PISTOL)
    return sc


def test_STAT_INIT_1_GAP_33_a_shot_turns_a_move_elsewhere():
    """A shot (step 2) heard before the move's exit (step 10) replaces the move; without the
    shot the first move stands."""
    for shot, room in ((True, codes.STREET), (False, codes.FREEZER)):
        sc = scene()
        sc.step(
            {
                REACTOR: [TO_FREEZER, ON_A_SHOT, TO_STREET],
                SHOOTER: [AIR_SHOT] if shot else [],
            }
        )
        # the reaction rows are not declarations; the one declaration became its replacement
        assert sc.kept(REACTOR) == [TO_STREET if shot else TO_FREEZER]
        assert sc.ch[REACTOR, S.CH_ROOM] == room
        reactions = sc.events(codes.E_REACTION)
        assert reactions.shape[0] == (1 if shot else 0)
        if shot:
            leave = (REACTOR, codes.E_LEAVE, -1, codes.LIVING_QUARTERS, codes.STREET)
            assert sc.perceived(SHOOTER)[-1] == leave  # others see an ordinary move


def test_GAP_33_a_replacement_whose_step_has_passed_is_lost():
    """The move (step 10) is replaced by a drop (step 1) when the shot comes in step 2: the drop
    can no longer resolve, so neither happens."""
    sc = scene()
    sc.give(REACTOR, codes.AXE)
    sc.step({REACTOR: [TO_FREEZER, ON_A_SHOT, (codes.A_DROP, 0, 0)], SHOOTER: [AIR_SHOT]})
    assert sc.ch[REACTOR, S.CH_ROOM] == codes.LIVING_QUARTERS and sc.ch[REACTOR, S.CH_HAND] >= 0


def test_GAP_33_the_trigger_must_come_before_the_replaced_action():
    """A drop resolves in step 1, before the shot of step 2: nothing is replaced."""
    sc = scene()
    sc.give(REACTOR, codes.AXE)
    sc.step({REACTOR: [(codes.A_DROP, 0, 0), ON_A_SHOT, TO_STREET], SHOOTER: [AIR_SHOT]})
    assert sc.ch[REACTOR, S.CH_HAND] == -1 and sc.ch[REACTOR, S.CH_ROOM] == codes.LIVING_QUARTERS
    assert sc.events(codes.E_REACTION).shape[0] == 0


def test_GAP_33_the_replacement_costs_no_more_AP_and_STAT_INIT_1_needs_initiative_2():
    sc = scene()
    sc.give(REACTOR, codes.AXE)
    pick = (codes.A_BACKPACK, 0, 0)  # 1 AP, step 5, replaced by a 2-AP move: refused
    sc.step({REACTOR: [pick, ON_A_SHOT, TO_STREET], SHOOTER: [AIR_SHOT]})
    assert sc.ch[REACTOR, S.CH_REACT_TRIGGER] == -1
    assert sc.ch[REACTOR, S.CH_ROOM] == codes.LIVING_QUARTERS
    sc = scene(initiative=1)
    sc.step({REACTOR: [TO_FREEZER, ON_A_SHOT, TO_STREET], SHOOTER: [AIR_SHOT]})
    assert sc.ch[REACTOR, S.CH_ROOM] == codes.FREEZER


def test_GAP_33_the_trigger_must_be_perceived():
    """A shot in another block, in a storm, is not heard in the room (WEATHER-2): the event
    is not perceived, so the reaction does not fire."""
    sc = scene()
    sc.put(SHOOTER, codes.ARSENAL)
    sc.step({REACTOR: [TO_FREEZER, ON_A_SHOT, TO_STREET], SHOOTER: [AIR_SHOT]})
    assert sc.ch[REACTOR, S.CH_ROOM] == codes.FREEZER


def test_GAP_33_AP_3_ACT_SHOOT_6_GAP_31_a_replacement_keeps_the_limits_of_a_turn():
    """The replacement counts with every other kept declaration, before the reaction and after
    it: no second shot from one hand's pistol (ACT-SHOOT-6), no second once-a-turn action (AP-3,
    GAP-13), no second move (GAP-31). Such a reaction is refused when declared; the same
    reaction within the limits is kept."""
    hand_1_air_shot = (codes.A_SHOOT, -1, 1)
    eat = (codes.A_EAT_STOCK, 0, 0)
    cases = (
        # (declarations, extra set-up, kept?)
        ([AIR_SHOT, TO_FREEZER, ON_A_SHOT, AIR_SHOT], "pistols", False),
        ([AIR_SHOT, TO_FREEZER, ON_A_SHOT, hand_1_air_shot], "pistols", True),
        ([AIR_SHOT, ON_A_SHOT, TO_STREET, TO_FREEZER], "quick", False),
        ([AIR_SHOT, ON_A_SHOT, TO_STREET], "quick", True),
        ([eat, AIR_SHOT, ON_A_SHOT, eat], "thing", False),
        ([AIR_SHOT, AIR_SHOT, ON_A_SHOT, eat], "thing", True),
    )
    for declared, setup, kept in cases:
        sc = scene()
        sc.give(REACTOR, codes.PISTOL)
        if setup == "pistols":
            sc.give(REACTOR, codes.PISTOL)
        if setup == "quick":
            sc.ch[REACTOR, S.CH_INITIATIVE] = 3  # STAT-INIT-2: a move costs 1 AP
        if setup == "thing":
            sc.make_thing(REACTOR).put(REACTOR, codes.FREEZER).put(SHOOTER, codes.FREEZER)
        sc.step({REACTOR: declared})
        trigger = sc.ch[REACTOR, S.CH_REACT_TRIGGER]
        assert trigger == (codes.E_SHOT if kept else -1), (declared, setup)

"""Every action of the catalogue (A4) played once in light and once in the dark: the declaration
kept (or refused where the action needs light, LIGHT-5), the act logged, and what a witness in
the room learns of it (AP-6, AP-7, LIGHT-1, LIGHT-2, through codes.EVENT_SIGHT).

Each case builds the actor's situation, declares one action and names the event it must log.
The detailed effects are tested in the files named after each part of the rules; this file
checks that no action escapes the visibility rules."""

import pytest

from balance import codes
from balance.kernel import state as S
from balance.observation import UNSEEN as U
from harness import lit

ACTOR, WITNESS, OTHER = 0, 1, 2
ROOM = codes.GENERATOR_1  # block 1, darkened by breaking its generator


def holding(*kinds):
    def setup(sc):
        for h, kind in enumerate(kinds):
            sc.give(ACTOR, kind, fuel=codes.FUEL_UNITS, hand=h)

    return setup


def lying(kind):
    def setup(sc):
        i = sc.give(OTHER, kind)
        sc.ch[OTHER, S.CH_HAND] = -1
        sc.lay(i, ROOM)

    return setup


def nothing(sc):
    pass


# (rule ID, setup, the actor's declaration, the partner's declaration or None, the event it
# logs, whether nothing happens in the dark)
CASES = [
    ("ACT-DROP", holding(codes.AXE), (codes.A_DROP, 0, 0), None, codes.E_DROP, False),
    ("ACT-PICKUP", lying(codes.AXE), (codes.A_PICKUP, codes.AXE, 0), None, codes.E_PICKUP, True),
    (
        "ACT-GIVE",
        holding(codes.AXE),
        (codes.A_GIVE, OTHER, 0),
        (codes.A_RECEIVE, ACTOR, codes.AXE),
        codes.E_GIVE,
        False,
    ),
    (
        "ACT-FLASHLIGHT",
        holding(codes.FLASHLIGHT_ITEM),
        (codes.A_FLASHLIGHT, 0, 0),
        None,
        codes.E_FLASHLIGHT,
        False,
    ),
    ("ACT-FUEL", holding(codes.CANISTER), (codes.A_FUEL, 0, -1), None, codes.E_FUEL, False),
    ("ACT-BACKPACK", holding(codes.AXE), (codes.A_BACKPACK, 0, 0), None, codes.E_BACKPACK, False),
    (
        "ACT-DRINK",
        holding(codes.VIAL_BLUE),
        (codes.A_DRINK, codes.VIAL_BLUE, 0),
        None,
        codes.E_DRINK,
        False,
    ),
    ("ACT-MOVE", nothing, (codes.A_MOVE, codes.LIVING_QUARTERS, 0), None, codes.E_LEAVE, False),
    ("ACT-MELEE", holding(codes.AXE), (codes.A_MELEE, OTHER, 0), None, codes.E_MELEE, False),
    ("ACT-SHOOT", holding(codes.PISTOL), (codes.A_SHOOT, OTHER, 0), None, codes.E_SHOT, False),
    ("ACT-BREAK", nothing, (codes.A_BREAK, codes.OBJ_BEACON, 0), None, codes.E_BREAK, False),
    (
        "ACT-DESTROY",
        holding(codes.AXE),
        (codes.A_DESTROY, codes.AXE, 1),
        None,
        codes.E_DESTROY,
        False,
    ),
    (
        "ACT-REPAIR",
        holding(codes.SPARE_PARTS),
        (codes.A_REPAIR, codes.OBJ_PUMP, 0),
        None,
        codes.E_REPAIR,
        False,
    ),
    ("ACT-PARKA", holding(codes.PARKA), (codes.A_PARKA_ON, 0, 0), None, codes.E_PARKA_ON, False),
    ("ACT-BLOOD-SELF", nothing, (codes.A_BLOOD_SELF, 0, 0), None, codes.E_BLOOD, False),
    ("ACT-COVER", nothing, (codes.A_COVER, OTHER, 0), None, None, True),
    (
        "ACT-BANDAGE",
        holding(codes.BANDAGE),
        (codes.A_BANDAGE, OTHER, 0),
        (codes.A_FIRSTAID, ACTOR, 0),
        codes.E_BANDAGE,
        True,
    ),
    ("ACT-HINDER-CHAR", nothing, (codes.A_HINDER, OTHER, 0), None, codes.E_HINDER, True),
    (
        "ACT-FOLLOW",
        nothing,
        (codes.A_FOLLOW, OTHER, 0),
        (codes.A_MOVE, codes.FREEZER, 0),
        codes.E_LEAVE,
        True,
    ),
    (
        "ACT-RADIO-TOGGLE",
        holding(codes.RADIO),
        (codes.A_RADIO_TOGGLE, 0, 0),
        None,
        codes.E_RADIO_TOGGLE,
        False,
    ),
]


def play(case, dark):
    """The case played once; returns the scenario and the room it happened in."""
    _, setup, declared, partner, _, _ = case
    sc = lit(sets=("repair.chance_with_tool=1",))
    room = codes.FUEL_ROOM if declared[:2] == (codes.A_REPAIR, codes.OBJ_PUMP) else ROOM
    for c in (ACTOR, WITNESS, OTHER):
        sc.put(c, room)
    sc.st[S.ST_PUMP_BROKEN] = 1  # something to repair
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[room]] = 1
    setup(sc)
    sc.step({ACTOR: [declared], **({OTHER: [partner]} if partner else {})})
    return sc, room


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_A4_each_action_is_declared_resolved_and_perceived_by_the_rules(case, dark):
    rule, _, declared, _, event, needs_light = case
    sc, room = play(case, dark)
    assert sc.st[S.ST_LIGHTING + room] == (codes.DARK if dark else codes.LIGHT)
    if declared[0] == codes.A_COVER:  # its effect shows in the state, not in an event
        assert sc.ch[OTHER, S.CH_COVERED_BY] == (-1 if dark else ACTOR)
        return
    if dark and needs_light:  # LIGHT-5 (light-only actions), LIGHT-2 (a dark floor hides items)
        assert ACTOR not in sc.events(event)[:, 2], rule
        return
    assert sc.kept(ACTOR) == [declared], rule
    mine = [row for row in sc.perceived(ACTOR) if row[:2] == (ACTOR, event)]
    assert mine, f"{rule}: the actor knows what he did"
    seen = [row for row in sc.perceived(WITNESS) if row[1] == event and row[0] in (ACTOR, U)]
    sight = codes.EVENT_SIGHT[event]
    if not dark:
        assert seen and seen[0][0] == ACTOR, f"{rule}: seen in light (AP-6)"
    elif sight & codes.NOTICED_IN_DARK:
        who = ACTOR if sight & codes.SHOWS_ACTOR_IN_DARK else U
        assert seen and seen[0][0] == who and seen[0][3:] == (U, U), f"{rule}: noticed in the dark"
    else:
        assert not seen, f"{rule}: unseen in the dark (LIGHT-2)"
    if sight & codes.TARGET_TOLD and mine[0][2] == OTHER:
        told = [row for row in sc.perceived(OTHER) if row[1] == event]
        assert told and told[0][0] == (U if dark else ACTOR), f"{rule}: the target is told (AP-7)"

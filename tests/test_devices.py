"""The Tower's and the Living quarters' devices as breakable objects (GAP-20): the weather
station (LOC-TOWER-2), the security terminal and its passive display (LOC-TOWER-1/3/4), the stove
(LOC-LIVING-3/4) and the mirror (LOC-LIVING-2); breaking them (ACT-BREAK, THING-ACTIVE-7,
ARCH-MUTANT-1) and repairing them with spare parts (ACT-REPAIR, ITEM-PARTS).

As the Laboratory's analyzer and computer (kernel.lab), a device known broken when declared is
refused, and one broken between the declaration and its step does nothing. Each test plays
scripted turns and checks the declaration kept or refused, the effect, and what the actor and the
others perceived (Scenario.perceived) or observe (O_DEVICES_BROKEN)."""

import numpy as np
import pytest

from balance import codes
from balance.kernel import invariants as I
from balance.kernel import params as P
from balance.kernel import state as S
from balance.kernel.public import D_COST
from balance.observation import (
    O_ACCESS_REPORT,
    O_DEVICES_BROKEN,
    O_DOOR,
    O_FORECAST,
    O_MIRROR_SANITY,
    O_ROOM_TEMPERATURES,
    UNSEEN as U,
)
from harness import Scenario, lit

ACTOR, WITNESS, OTHER, THING = 0, 1, 2, 3
TOWER, LIVING = codes.TOWER, codes.LIVING_QUARTERS
WS, TERMINAL, STOVE, MIRROR = (
    codes.OBJ_WEATHER_STATION,
    codes.OBJ_TERMINAL,
    codes.OBJ_STOVE,
    codes.OBJ_MIRROR,
)
ROOM_OF = {WS: TOWER, TERMINAL: TOWER, STOVE: LIVING, MIRROR: LIVING}
CELL = {
    WS: S.ST_WEATHER_STATION_BROKEN,
    TERMINAL: S.ST_TERMINAL_BROKEN,
    STOVE: S.ST_STOVE_BROKEN,
    MIRROR: S.ST_MIRROR_BROKEN,
}
DEVICES = [WS, TERMINAL, STOVE, MIRROR]
IDS = ["weather_station", "terminal", "stove", "mirror"]
FORECAST = (codes.A_FORECAST, 0, 0)
MIRROR_LOOK = (codes.A_MIRROR, 0, 0)
REPORT = (codes.A_TERMINAL, codes.T_ACCESS_REPORT, 0)
LOCK_ALL = (codes.A_TERMINAL, codes.T_LOCK_ALL, 0)
PREPARE = (codes.A_STOVE_PREPARE, 0, 0)
COOK = (codes.A_COOK, 0, 0)
SURE_REPAIR = ("repair.chance_with_tool=1",)


def brk(obj: int) -> tuple[int, int, int]:
    return (codes.A_BREAK, obj, 0)


def repair(obj: int) -> tuple[int, int, int]:
    return (codes.A_REPAIR, obj, 0)


def room(r: int, dark: bool = False, sets: tuple[str, ...] = ()) -> Scenario:
    """Everyone human; the actor and a witness in room r, lit or darkened by its broken light
    fixture (its generator still runs, so the devices have power); the others in the Tower."""
    sc = lit(sets=sets)
    sc.put(ACTOR, r).put(WITNESS, r).put(OTHER, codes.FREEZER)
    if dark:
        sc.st[S.ST_FIXTURE_BROKEN + r] = 1
    return sc


def costs(sc: Scenario, c: int) -> list[int]:
    return [int(sc.g.decl[c, j, D_COST]) for j in range(sc.ch[c, S.CH_N_DECL])]


# --- GAP-20, ACT-BREAK: each device breaks, seen in light only ---


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("obj", DEVICES, ids=IDS)
def test_GAP_20_ACT_BREAK_each_device_breaks_and_is_seen_broken_in_light(obj, dark):
    """GAP-20, ACT-BREAK (2 AP, step 8, always): the device of its room breaks; in light the
    witness sees who broke what and sees it broken (O_DEVICES_BROKEN, bit = object code); in the
    dark he perceives neither (E_BREAK is public, LIGHT-2); elsewhere it is not there to break."""
    r = ROOM_OF[obj]
    sc = room(r, dark)
    sc.step()  # the turn's lighting
    assert sc.observe(WITNESS)[O_DEVICES_BROKEN] == (U if dark else 0)
    sc.step({ACTOR: [brk(obj), brk(obj)]})
    assert sc.kept(ACTOR) == [brk(obj)] and costs(sc, ACTOR) == [2]  # 2 + 2 > 3 AP
    assert sc.st[CELL[obj]] == 1
    others = set(DEVICES) - {obj}
    assert all(sc.st[CELL[d]] == 0 for d in others)
    row = (ACTOR, codes.E_BREAK, -1, obj, -1)
    assert sc.perceived(ACTOR) == [row]
    assert sc.perceived(WITNESS) == ([] if dark else [row])
    assert sc.observe(WITNESS)[O_DEVICES_BROKEN] == (U if dark else 1 << obj)
    assert sc.observe(OTHER)[O_DEVICES_BROKEN] == 0  # the Freezer, lit: nothing of it there
    sc.put(OTHER, codes.TOWER if r == LIVING else LIVING)
    sc.step({OTHER: [brk(obj)]})
    assert sc.kept(OTHER) == []
    assert sc.violations == 0


def test_ACT_BREAK_THING_ACTIVE_7_an_axe_or_the_active_form_breaks_for_1_AP():
    """ACT-BREAK, ITEM-AXE: 1 AP less with an axe in hand; THING-ACTIVE-7: the active Thing
    breaks as with an axe."""
    sc = room(TOWER)
    sc.give(ACTOR, codes.AXE)
    sc.step({ACTOR: [brk(TERMINAL), brk(WS)]})
    assert costs(sc, ACTOR) == [1, 1] and sc.st[S.ST_TERMINAL_BROKEN] == 1
    assert sc.st[S.ST_WEATHER_STATION_BROKEN] == 1
    sc = room(LIVING).make_thing(THING)
    sc.put(THING, LIVING)
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    sc.step({THING: [brk(STOVE), brk(MIRROR)]})
    assert costs(sc, THING) == [1, 1]
    assert sc.st[S.ST_STOVE_BROKEN] == 1 and sc.st[S.ST_MIRROR_BROKEN] == 1


@pytest.mark.parametrize(
    "obj, action",
    [(WS, FORECAST), (TERMINAL, REPORT), (STOVE, PREPARE), (MIRROR, MIRROR_LOOK)],
    ids=IDS,
)
def test_ARCH_MUTANT_1_GAP_20_a_device_broken_from_afar_before_its_step_does_nothing(obj, action):
    """ARCH-MUTANT-1, GAP-43 (step 1): the Mutant breaks a device of a room it was in during the
    last 3 turns; a declaration on it made that turn is kept (it worked when declared) and
    resolves as nothing (GAP-20): no forecast, no report, no prepared food, no sanity seen."""
    r = ROOM_OF[obj]
    sc = room(r, sets=("thing.transform_from_turn=1",)).make_thing(THING, codes.ARCH_MUTANT)
    sc.put(THING, r)
    box = sc.give(ACTOR, codes.FOOD_BOX)
    sc.st[S.ST_FOOD_STOCK] -= 1
    sc.run(2)
    remote = (codes.A_REMOTE_BREAK, obj, r)
    sc.step({THING: [remote], ACTOR: [action]})
    assert sc.kept(THING) == [remote] and sc.kept(ACTOR) == [action]
    assert sc.st[CELL[obj]] == 1
    assert sc.perceived(WITNESS) == []  # secret
    o = sc.observe(ACTOR)
    kinds = {codes.E_FORECAST, codes.E_TERMINAL, codes.E_STOVE, codes.E_MIRROR}
    assert not kinds & set(sc.events()[:, 1].tolist())
    assert sc.ch[ACTOR, S.CH_FORECAST_TURN] == 0 and (o[O_FORECAST] == U)
    assert sc.st[S.ST_REPORT_TURN] == 0
    assert sc.ch[ACTOR, S.CH_HAND] == box and sc.st[S.ST_STOVE_PREPARED] == 0
    assert o[O_MIRROR_SANITY] == U
    sc.step({ACTOR: [action]})
    assert sc.kept(ACTOR) == []  # known broken: refused
    assert sc.violations == 0


# --- ACT-REPAIR, ITEM-PARTS ---


@pytest.mark.parametrize("obj", DEVICES, ids=IDS)
def test_ACT_REPAIR_ITEM_PARTS_spare_parts_mend_each_device(obj):
    """ACT-REPAIR (3 AP, step 7), ITEM-PARTS: spare parts are the tool of every device here; a
    success uses them up and the device works again, as all who see it see."""
    assert codes.REPAIR_TOOL[obj] == codes.SPARE_PARTS
    sc = room(ROOM_OF[obj], sets=SURE_REPAIR)
    sc.st[CELL[obj]] = 1
    parts = sc.give(ACTOR, codes.SPARE_PARTS)
    sc.step({ACTOR: [repair(obj)]})
    assert sc.kept(ACTOR) == [repair(obj)] and costs(sc, ACTOR) == [3]
    assert sc.st[CELL[obj]] == 0 and sc.it[parts, S.IT_PLACE] == codes.DESTROYED
    assert sc.perceived(WITNESS) == [(ACTOR, codes.E_REPAIR, -1, obj, 1)]
    assert sc.observe(WITNESS)[O_DEVICES_BROKEN] == 0
    assert sc.violations == 0


def test_ACT_REPAIR_without_the_tool_half_the_time():
    """ACT-REPAIR: without spare parts 50% (chance_without_tool) over many tries."""
    wins = 0
    for seed in range(40):
        sc = lit(seed=seed).put(ACTOR, TOWER)
        sc.st[S.ST_TERMINAL_BROKEN] = 1
        sc.step({ACTOR: [repair(TERMINAL)]})
        wins += sc.st[S.ST_TERMINAL_BROKEN] == 0
    assert 10 <= wins <= 30  # binomial(40, 0.5): beyond 3 sigma otherwise


# --- LOC-TOWER-2: the weather station ---


def test_LOC_TOWER_2_a_broken_weather_station_is_refused_and_a_mended_one_forecasts():
    sc = room(TOWER, sets=SURE_REPAIR)
    sc.step({WITNESS: [brk(WS)]})
    sc.step({ACTOR: [FORECAST]})
    assert sc.kept(ACTOR) == [] and sc.ch[ACTOR, S.CH_FORECAST_TURN] == 0
    sc.give(WITNESS, codes.SPARE_PARTS)
    sc.step({WITNESS: [repair(WS)]})
    sc.step({ACTOR: [FORECAST]})
    assert sc.kept(ACTOR) == [FORECAST] and sc.ch[ACTOR, S.CH_FORECAST_TURN] == sc.turn
    assert sc.observe(ACTOR)[O_FORECAST] != U
    assert sc.violations == 0


# --- LOC-TOWER-1/3/4: the terminal and its passive display ---


@pytest.mark.parametrize("broken", [False, True], ids=["working", "broken"])
def test_LOC_TOWER_1_LOC_TOWER_3_a_terminal_broken_after_the_report_shows_nothing(broken):
    """LOC-TOWER-3 (step 4) then ACT-BREAK (step 8) in one turn: the report was printed, but the
    next turn the broken terminal shows neither it nor the passive display (LOC-TOWER-1: every
    room's temperature, every door's state); a working one shows them all."""
    sc = room(TOWER)
    sc.st[S.ST_DOORS_LOCKED] |= 1 << codes.ARSENAL
    lamps = sc.pk.ip[P.I_ADJACENT + TOWER] | (1 << TOWER)
    far = next(q for q in range(codes.N_ROOMS) if (lamps >> q) & 1 == 0)
    sc.step()  # the turn's power
    assert sc.observe(WITNESS)[O_ROOM_TEMPERATURES + codes.FREEZER] != U
    sc.step({ACTOR: [REPORT], WITNESS: [brk(TERMINAL)] if broken else []})
    assert sc.st[S.ST_REPORT_TURN] == sc.turn
    sc.step()
    o = sc.observe(ACTOR)
    shown = o[O_ROOM_TEMPERATURES + codes.FREEZER], o[O_ACCESS_REPORT + codes.ARSENAL]
    assert (np.array(shown) == U).all() if broken else (np.array(shown) != U).all()
    assert (o[O_DOOR + far] == U) == broken
    assert o[O_DOOR + TOWER] != U  # its own door's lamp is seen anyway (DOOR-1)
    assert sc.violations == 0


def test_LOC_TOWER_4_a_broken_terminal_refuses_its_functions_until_mended():
    sc = room(TOWER, sets=SURE_REPAIR)
    sc.ch[ACTOR, S.CH_CARD_TOP] = 1  # his own card, carried, now has top access
    sc.st[S.ST_TERMINAL_BROKEN] = 1
    sc.step({ACTOR: [LOCK_ALL], WITNESS: [REPORT]})
    assert sc.kept(ACTOR) == [] and sc.kept(WITNESS) == [] and sc.st[S.ST_LOCKDOWN] == 0
    sc.give(WITNESS, codes.SPARE_PARTS)
    sc.step({WITNESS: [repair(TERMINAL)]})
    sc.step({ACTOR: [LOCK_ALL]})
    assert sc.kept(ACTOR) == [LOCK_ALL] and sc.st[S.ST_LOCKDOWN] == 1
    assert sc.observe(WITNESS)[O_ROOM_TEMPERATURES + codes.FREEZER] != U
    assert sc.violations == 0


# --- LOC-LIVING-3/4: the stove ---


def test_LOC_LIVING_3_LOC_LIVING_4_a_broken_stove_prepares_and_cooks_nothing():
    """The stove broken in step 8 prepares nothing in step 9 of the same turn; then preparing and
    cooking are refused; mended, it prepares again."""
    sc = room(LIVING, sets=SURE_REPAIR)
    box = sc.give(ACTOR, codes.FOOD_BOX)
    sc.st[S.ST_FOOD_STOCK] -= 1
    sc.step({ACTOR: [PREPARE], WITNESS: [brk(STOVE)]})
    assert sc.kept(ACTOR) == [PREPARE] and sc.st[S.ST_STOVE_BROKEN] == 1
    assert sc.ch[ACTOR, S.CH_HAND] == box and sc.st[S.ST_STOVE_PREPARED] == 0
    sc.st[S.ST_STOVE_PREPARED] = 1  # food prepared before the stove broke stays, uncooked
    sc.step({ACTOR: [PREPARE], WITNESS: [COOK]})
    assert sc.kept(ACTOR) == [] and sc.kept(WITNESS) == []
    assert sc.events(codes.E_STOVE).size == 0
    sc.give(WITNESS, codes.SPARE_PARTS)
    sc.step({WITNESS: [repair(STOVE)]})
    sc.step({WITNESS: [COOK]})
    assert sc.kept(WITNESS) == [COOK] and sc.st[S.ST_STOVE_PREPARED] == 0
    assert len(sc.events(codes.E_STOVE)) == 1
    assert sc.violations == 0


# --- LOC-LIVING-2: the mirror ---


def test_LOC_LIVING_2_a_broken_mirror_shows_nothing_until_mended():
    sc = room(LIVING, sets=SURE_REPAIR)
    sc.step({WITNESS: [brk(MIRROR)]})
    sc.step({ACTOR: [MIRROR_LOOK]})
    assert sc.kept(ACTOR) == [] and sc.observe(ACTOR)[O_MIRROR_SANITY] == U
    sc.give(WITNESS, codes.SPARE_PARTS)
    sc.step({WITNESS: [repair(MIRROR)]})
    sc.step({ACTOR: [MIRROR_LOOK]})
    assert sc.observe(ACTOR)[O_MIRROR_SANITY] == sc.ch[ACTOR, S.CH_SANITY]
    assert sc.violations == 0


# --- the random policy, the replay and the invariants ---


def test_random_play_offers_breaking_and_repairing_the_devices():
    for r, objs in ((TOWER, (WS, TERMINAL)), (LIVING, (STOVE, MIRROR))):
        sc = room(r)
        sc.step()
        offered = sc.offered(ACTOR)
        assert {f(obj) for obj in objs for f in (brk, repair)} <= offered


def test_GAP_20_replay_names_the_devices():
    from balance.replay import SENTENCES, _event

    for obj, name in zip(DEVICES, IDS):
        assert codes.OBJECT_NAMES[obj] == name
        e = _event(np.array([1, codes.E_BREAK, ACTOR, -1, obj, -1]))
        assert e["object"] == name and e["block"] is None
        assert SENTENCES[e["event"]](e, lambda c: f"#{c}") == f"broke the {name}"


@pytest.mark.parametrize("obj", DEVICES, ids=IDS)
def test_GAP_20_the_invariant_checker_catches_a_broken_flag_out_of_range(obj):
    sc = room(TOWER)
    assert I.check_invariants(sc.ch, sc.it, sc.st, sc.pk.ip) == 0
    sc.st[CELL[obj]] = 2
    assert I.check_invariants(sc.ch, sc.it, sc.st, sc.pk.ip) == I.LAB

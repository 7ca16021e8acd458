"""Vials, sanity, the mirror, the weather station, taking a parka off, fuel between canisters and
reloading (A4 ACT-DRINK / ACT-PARKA / ACT-FUEL / ACT-RELOAD, A12 LOC-LIVING-2 / LOC-TOWER-2,
A17 ITEM-VIAL-*, VIAL-1, GAP-11, GAP-16, GAP-18, GAP-49, GAP-55)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.config import load_config, pack
from balance.errors import ConfigError
from balance.kernel import state as S
from balance.kernel.combat import attack_chance
from balance.kernel.frost import frostbite_delta
from balance.observation import (
    FORECAST_SLOTS,
    O_FORECAST,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_MIRROR_SANITY,
    O_PRESENT,
    O_ROOM_ITEMS,
    O_WEARS_PARKA,
    O_WEATHER,
    P_LOOKS_DEAD,
    UNSEEN,
)
from harness import Scenario, lit

DRINKER, OTHER = 0, 1
BLUE_HERE = (codes.A_DRINK, codes.VIAL_BLUE, 1)
RED_HERE = (codes.A_DRINK, codes.VIAL_RED, 1)
MIRROR = (codes.A_MIRROR, 0, 0)
FORECAST = (codes.A_FORECAST, 0, 0)


def living_quarters(seed: int = 1, sets: tuple[str, ...] = ()) -> Scenario:
    """Everyone human and lit; the drinker and an observer in the Living quarters, where the
    vials lie (SETUP-3)."""
    sc = lit(seed=seed, sets=sets)
    return sc.put(DRINKER, codes.LIVING_QUARTERS).put(OTHER, codes.LIVING_QUARTERS)


def vials_lying(sc: Scenario, kind: int) -> int:
    it = sc.it
    here = (it[:, S.IT_PLACE] == codes.IN_ROOM) & (it[:, S.IT_WHERE] == codes.LIVING_QUARTERS)
    return int((here & (it[:, S.IT_KIND] == kind)).sum())


def conscious_at_start(sc: Scenario, turn: int, c: int) -> bool:
    """From the replay snapshot taken after the start-of-turn effects of `turn`."""
    return bool(sc.g.snap_chars[turn - 1, c, S.SNAP_CONSCIOUS])


# --- ACT-DRINK, ITEM-VIAL-BLUE ---


def test_ACT_DRINK_from_the_floor_and_from_the_hand():
    """ACT-DRINK (1 AP, step 6): a vial lying here, or in one's hand, is drunk and used up; a
    declaration naming anything but a vial is refused; the vial is counted in the record."""
    sc = living_quarters()
    assert sc.observe(DRINKER)[O_ROOM_ITEMS + codes.VIAL_BLUE] == 5
    sc.step({DRINKER: [BLUE_HERE, (codes.A_DRINK, codes.PISTOL, 0)]})
    assert sc.kept(DRINKER) == [BLUE_HERE]
    assert vials_lying(sc, codes.VIAL_BLUE) == 4
    assert sc.observe(OTHER)[O_ROOM_ITEMS + codes.VIAL_BLUE] == 4
    red = sc.give(OTHER, codes.VIAL_RED, hand=1)
    assert sc.observe(OTHER)[O_HAND_KIND + 1] == codes.VIAL_RED
    sc.step({OTHER: [(codes.A_DRINK, codes.VIAL_RED, 0)]})
    assert sc.it[red, S.IT_PLACE] == codes.DESTROYED and sc.ch[OTHER, S.CH_HAND + 1] == -1
    assert sc.observe(OTHER)[O_HAND_KIND + 1] == codes.NO_ITEM
    drinks = sc.events(codes.E_DRINK)
    assert drinks[:, [0, 2, 4]].tolist() == [
        [1, DRINKER, codes.VIAL_BLUE],
        [2, OTHER, codes.VIAL_RED],
    ]
    assert sc.rec[R.C_VIALS_DRUNK] == 2 and sc.violations == 0


def test_ACT_DRINK_LIGHT_2_a_dark_floor_hides_the_vials():
    """LIGHT-2: in the dark a human cannot see, so cannot drink, the vials lying there (the
    declaration is kept and spent); a Thing's Night vision sees them (THING-P-1)."""
    sc = living_quarters()
    sc.make_thing(OTHER)
    sc.st[S.ST_GEN_BROKEN] = 1  # the Living quarters' block is dark from turn 1
    sc.step({DRINKER: [BLUE_HERE], OTHER: [RED_HERE]})
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    assert sc.kept(DRINKER) == [BLUE_HERE]
    assert vials_lying(sc, codes.VIAL_BLUE) == 5 and vials_lying(sc, codes.VIAL_RED) == 4
    assert sc.rec[R.C_VIALS_DRUNK] == 1


def test_ITEM_VIAL_BLUE_adds_3_sanity_up_to_10_and_GAP_11_start():
    """GAP-11, ITEM-VIAL-BLUE: everyone starts at 10 sanity; a blue vial adds 3, capped at 10."""
    sc = living_quarters()
    assert (sc.ch[:, S.CH_SANITY] == 10).all()
    sc.ch[DRINKER, S.CH_SANITY] = 4
    sc.step({DRINKER: [BLUE_HERE], OTHER: [BLUE_HERE]})
    assert sc.ch[DRINKER, S.CH_SANITY] == 7 and sc.ch[OTHER, S.CH_SANITY] == 10


# --- VIAL-1, GAP-49: overdose and mixing ---


def test_VIAL_1_overdose_within_5_turns_knocks_out_next_turn():
    """VIAL-1, GAP-49, UNC-1: a second blue vial 4 turns after the first knocks the drinker out
    for the whole next turn (he declares nothing, his hand item drops and comes back when he
    wakes in step 11, with no conversion roll); the vial's effect still applies. Five turns
    apart, nothing happens."""
    sc = living_quarters()
    axe = sc.give(DRINKER, codes.AXE, hand=0)
    sc.ch[DRINKER, S.CH_SANITY] = 1
    sc.step({DRINKER: [BLUE_HERE]})  # turn 1
    sc.run(3)
    sc.step({DRINKER: [BLUE_HERE]})  # turn 5: 4 turns after the first dose
    assert sc.ch[DRINKER, S.CH_SANITY] == 7  # both doses took effect
    assert sc.events(codes.E_UNCONSCIOUS).size == 0
    sc.step({DRINKER: [MIRROR]})  # turn 6: out cold
    assert sc.kept(DRINKER) == [] and sc.events(codes.E_MIRROR).size == 0
    assert not conscious_at_start(sc, 6, DRINKER) and conscious_at_start(sc, 6, OTHER)
    assert sc.g.snap_chars[5, DRINKER, S.SNAP_HAND_0] == codes.NO_ITEM  # dropped (UNC-1)
    unc, wake = sc.events(codes.E_UNCONSCIOUS), sc.events(codes.E_WAKE)
    assert unc[:, [0, 2, 4]].tolist() == [[6, DRINKER, codes.UNC_OVERDOSE]]
    assert wake[:, [0, 2, 4]].tolist() == [[6, DRINKER, 0]]  # no conversion
    assert sc.ch[DRINKER, S.CH_UNCONSCIOUS] == 0 and sc.ch[DRINKER, S.CH_HAND] == axe
    assert sc.observe(DRINKER)[O_HAND_KIND] == codes.AXE
    sc.step({DRINKER: [MIRROR]})  # turn 7: awake again
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == 7
    sc.run(4)  # turns 8..11
    sc.step({DRINKER: [BLUE_HERE]})  # turn 12: 7 turns after the last dose
    sc.run(1)
    assert len(sc.events(codes.E_UNCONSCIOUS)) == 1
    sc = living_quarters()
    sc.step({DRINKER: [BLUE_HERE]})
    sc.run(4)
    sc.step({DRINKER: [BLUE_HERE]})  # turn 6: exactly 5 turns later
    sc.step()
    assert sc.events(codes.E_UNCONSCIOUS).size == 0 and conscious_at_start(sc, 7, DRINKER)
    assert sc.violations == 0


def test_GAP_49_mixing_kills_10_turns_later():
    """VIAL-1, GAP-49: blue on turn 1 and red on turn 2 kill a human at the start of turn 12
    (cause poison), whatever he does; it knocks him out on turn 3 as well (an overdose). Blue
    and red 5 turns apart do nothing. A Thing is not harmed by the mixture, nor is a human who
    converted before the due turn."""
    sc = living_quarters()
    thing, convert, apart = 2, 3, 4
    sc.make_thing(thing)
    for c in (thing, convert, apart):
        sc.put(c, codes.LIVING_QUARTERS)
    sc.step({c: [BLUE_HERE] for c in (DRINKER, thing, convert, apart)})  # turn 1
    sc.step({c: [RED_HERE] for c in (DRINKER, thing, convert)})  # turn 2
    assert sc.ch[DRINKER, S.CH_POISON_TURN] == 12
    sc.step()  # turn 3: out cold after the second dose in a row (VIAL-1)
    assert not conscious_at_start(sc, 3, DRINKER)
    sc.ch[convert, S.CH_FORM] = codes.THING_HIDDEN  # INF-3: he woke as a Thing (GAP-38)
    sc.run(2)  # turns 4, 5
    sc.step({apart: [RED_HERE]})  # turn 6: 5 turns after his blue
    assert sc.ch[apart, S.CH_POISON_TURN] == 0
    sc.run(5)  # turns 7..11
    assert sc.ch[DRINKER, S.CH_ALIVE] == 1
    assert sc.observe(OTHER)[O_PRESENT + DRINKER] != P_LOOKS_DEAD
    sc.step()  # turn 12
    assert sc.ch[DRINKER, S.CH_ALIVE] == 0
    assert sc.ch[DRINKER, S.CH_DEATH_CAUSE] == codes.DC_POISON
    deaths = sc.events(codes.E_DEATH)
    assert deaths[:, [0, 2, 4]].tolist() == [[12, DRINKER, codes.DC_POISON]]
    assert sc.rec[R.C_DEATHS_POISON] == 1 and sc.rec[R.C_FIRST_DEATH_TURN] == 12
    assert sc.observe(OTHER)[O_PRESENT + DRINKER] == P_LOOKS_DEAD
    sc.run(6)
    assert all(sc.ch[c, S.CH_ALIVE] == 1 for c in (thing, convert, apart))
    assert sc.violations == 0


# --- ITEM-VIAL-RED: attacks (GAP-27) and cold (FROST-4, GAP-47) ---


def test_GAP_27_red_vial_bonus_before_darkness_for_10_turns():
    """ITEM-VIAL-RED, ACT-SHOOT-1, GAP-27: drunk on turn 1, the red vial adds 10 points to the
    base chance on turns 2..11, before the darkness factor: 60 -> 70 in light, 35 in the dark,
    85 -> 95 at Physical form 3; from turn 12 the base chance is back."""
    sc = lit(seed=3).put(DRINKER, codes.ARSENAL, physical=1).put(OTHER, codes.ARSENAL)
    sc.give(DRINKER, codes.VIAL_RED)
    fp = sc.pk.fp

    def chance() -> float:
        return attack_chance(sc.ch, sc.st, fp, DRINKER, codes.A_SHOOT, OTHER)

    assert chance() == pytest.approx(0.6)
    sc.step({DRINKER: [(codes.A_DRINK, codes.VIAL_RED, 0)]})
    sc.step()  # turn 2
    assert chance() == pytest.approx(0.7)
    sc.st[S.ST_LIGHTING + codes.ARSENAL] = codes.DARK
    assert chance() == pytest.approx(0.35)
    sc.ch[DRINKER, S.CH_PHYSICAL] = 3
    sc.run(9)  # turn 11: the effect's last turn
    assert chance() == pytest.approx(0.95)
    sc.step()  # turn 12
    assert chance() == pytest.approx(0.85)


@pytest.mark.slow
@pytest.mark.parametrize("dark, p", [(False, 0.7), (True, 0.35)])
def test_ITEM_VIAL_RED_adds_10_to_hit_chance(dark, p):
    """ITEM-VIAL-RED, GAP-27: a shot on the turn after a red vial hits at (60 + 10)%, halved in
    the dark (3,000 trials each, 3.29 standard errors)."""
    n, hits = 3000, 0
    for game in range(n):
        sc = lit(seed=140, game=game).put(DRINKER, codes.ARSENAL, physical=1)
        sc.put(OTHER, codes.ARSENAL)
        if dark:
            sc.st[S.ST_GEN_BROKEN + 2] = 1
        sc.give(DRINKER, codes.PISTOL, hand=0)
        sc.give(DRINKER, codes.VIAL_RED, hand=1)
        sc.step({DRINKER: [(codes.A_DRINK, codes.VIAL_RED, 0)]})
        sc.step({DRINKER: [(codes.A_SHOOT, OTHER, 0)]})
        hits += sc.ch[OTHER, S.CH_HP] == 2
    assert abs(hits / n - p) < 3.29 * np.sqrt(p * (1 - p) / n)


def test_FROST_4_red_vial_resistance():
    """FROST-4, GAP-47: the red effect adds 10 to the felt temperature, on top of Physical form,
    for the FROST-2 bands and the warm-up rule alike. On the Street (-45) in a parka, Physical
    form 2 feels -40 (+2 marks a turn), and -30 (+1) on the 10 turns after a red vial."""
    ip = pack(load_config(12)).ip
    ch = np.zeros((1, S.N_CH), dtype=np.int64)
    st = np.zeros(S.N_ST + 1, dtype=np.int64)
    st[S.ST_TURN] = 3
    for physical, resistance in ((1, 0), (2, 5), (3, 15)):
        ch[0, S.CH_PHYSICAL] = physical
        for temperature in range(-45, 30, 5):
            ch[0, S.CH_RED_UNTIL] = 3  # the effect's last turn
            warm = frostbite_delta(ch, st, ip, 0, temperature)
            for gone in (0, 2):  # never drunk; over since turn 2
                ch[0, S.CH_RED_UNTIL] = gone
                assert warm == frostbite_delta(ch, st, ip, 0, temperature + 10), temperature
    sc = Scenario(12).all_human().park_everyone(codes.LIVING_QUARTERS)
    sc.put(DRINKER, codes.STREET, physical=2).put(OTHER, codes.STREET, physical=2)
    for c in (DRINKER, OTHER):
        sc.wear_parka(c)
    sc.give(DRINKER, codes.VIAL_RED)
    marks = {DRINKER: [], OTHER: []}
    hp = {DRINKER: [], OTHER: []}
    sc.step({DRINKER: [(codes.A_DRINK, codes.VIAL_RED, 0)]})
    for _ in range(13):
        for c in marks:
            marks[c].append(int(sc.ch[c, S.CH_FROST]))
            hp[c].append(int(sc.ch[c, S.CH_HP]))
        sc.step()
    # turn 1 +2; turns 2..11 +1 each; from turn 12 +2 again; at 5 marks: clear and -1 HP
    assert marks[DRINKER] == [2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 4, 0]
    assert hp[DRINKER] == [3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0]
    assert marks[OTHER][:4] == [2, 4, 0, 2] and hp[OTHER][:3] == [3, 3, 2]


# --- GAP-11: the zero-sanity variant ---


def test_GAP_11_zero_sanity_has_no_effect_unless_the_variant_is_on():
    """GAP-11: at 0 sanity nothing happens by default; with sanity.zero_blackout the character
    is unconscious for the next turn (items dropped, back at waking) and then has 3 sanity."""
    sc = living_quarters()
    sc.ch[DRINKER, S.CH_SANITY] = 0
    sc.run(2)
    assert sc.events(codes.E_UNCONSCIOUS).size == 0 and sc.ch[DRINKER, S.CH_SANITY] == 0
    sc = living_quarters(sets=("sanity.zero_blackout=true",))
    axe = sc.give(DRINKER, codes.AXE)
    sc.step()
    sc.ch[DRINKER, S.CH_SANITY] = 0  # as Suppressing waves would leave it (ARCH-SOLDIER-1)
    sc.step({DRINKER: [MIRROR]})  # turn 2
    assert sc.kept(DRINKER) == [] and not conscious_at_start(sc, 2, DRINKER)
    assert sc.events(codes.E_UNCONSCIOUS)[:, [0, 4]].tolist() == [[2, codes.UNC_SANITY]]
    assert sc.ch[DRINKER, S.CH_HAND] == axe and sc.ch[DRINKER, S.CH_UNCONSCIOUS] == 0
    sc.step({DRINKER: [MIRROR]})
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == 3
    assert sc.violations == 0


def test_GAP_11_sanity_keys_are_checked():
    with pytest.raises(ConfigError, match="sanity.start"):
        load_config(12, ["sanity.start=11"])
    with pytest.raises(ConfigError, match="sanity.reset"):
        load_config(12, ["sanity.maximum=2", "sanity.start=2"])


# --- LOC-LIVING-2: the mirror ---


def test_LOC_LIVING_2_mirror():
    """LOC-LIVING-2, INFO-3 (1 AP, step 4): only in the Living quarters, in any lighting (it
    needs no power: GAP-21); the looker alone learns his sanity as it is then, and keeps that
    value until he looks again."""
    sc = living_quarters()
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == UNSEEN
    sc.step({DRINKER: [MIRROR] * 4})
    assert sc.kept(DRINKER) == [MIRROR] * 3  # 1 AP each
    assert sc.events(codes.E_MIRROR)[:, [2, 4]].tolist() == [[DRINKER, 10]] * 3
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == 10
    assert sc.observe(OTHER)[O_MIRROR_SANITY] == UNSEEN
    sc.ch[DRINKER, S.CH_SANITY] = 2
    sc.step({DRINKER: [BLUE_HERE]})
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == 10  # not looked again yet
    sc.st[S.ST_GEN_BROKEN] = 1
    sc.step()
    sc.step({DRINKER: [MIRROR]})
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    assert sc.observe(DRINKER)[O_MIRROR_SANITY] == 5
    sc.put(DRINKER, codes.FREEZER)
    sc.step({DRINKER: [MIRROR]})
    assert sc.kept(DRINKER) == []


# --- LOC-TOWER-2: the weather station ---


def test_LOC_TOWER_2_forecast_matches_the_weather():
    """LOC-TOWER-2, WEATHER-4, GAP-55 (2 AP, step 4): read on turn 1, the forecast shows the
    weather of turns 2..6, which is then exactly the weather of those turns; the slots look
    t+1..t+5 ahead and go UNSEEN beyond what the reading covered; nobody else learns it; the
    station needs a working generator (GEN-6) and stands only in the Tower."""
    sc = lit(seed=9)  # everyone in the Tower
    assert (sc.observe(DRINKER)[O_FORECAST : O_FORECAST + FORECAST_SLOTS] == UNSEEN).all()
    sc.step({DRINKER: [FORECAST, FORECAST]})
    assert sc.kept(DRINKER) == [FORECAST]  # 2 + 2 > 3 AP
    assert sc.events(codes.E_FORECAST)[:, [0, 2, 4]].tolist() == [[1, DRINKER, 5]]
    forecast = sc.observe(DRINKER)[O_FORECAST : O_FORECAST + FORECAST_SLOTS].tolist()
    assert forecast == sc.st[S.ST_WEATHER + 2 : S.ST_WEATHER + 7].tolist()
    assert (sc.observe(OTHER)[O_FORECAST : O_FORECAST + FORECAST_SLOTS] == UNSEEN).all()
    sc.step()
    sc.step()  # turn 3: turns 4..6 still covered, 7 and 8 not
    assert sc.observe(DRINKER)[O_FORECAST : O_FORECAST + 5].tolist() == forecast[2:] + [
        UNSEEN,
        UNSEEN,
    ]
    for k in range(3):  # turns 4, 5, 6
        sc.step()
        assert sc.observe(DRINKER)[O_WEATHER] == forecast[2 + k]
    sc.st[S.ST_GEN_BROKEN : S.ST_GEN_BROKEN + 3] = 1
    sc.step({DRINKER: [FORECAST]})  # turn 7: no generator runs
    assert sc.kept(DRINKER) == [FORECAST] and len(sc.events(codes.E_FORECAST)) == 1
    assert (sc.observe(DRINKER)[O_FORECAST : O_FORECAST + 5] == UNSEEN).all()
    sc.put(DRINKER, codes.STREET)
    sc.step({DRINKER: [FORECAST]})
    assert sc.kept(DRINKER) == []


# --- ACT-PARKA: taking it off ---


def test_ACT_PARKA_take_off():
    """ACT-PARKA, ITEM-PARKA (0 AP, step 1): the worn parka goes into a free hand, where it
    counts for nothing against the cold; with both hands full it stays on."""
    sc = lit(seed=11)
    sc.wear_parka(DRINKER)
    parka = sc.ch[DRINKER, S.CH_WORN]
    pistol = sc.give(DRINKER, codes.PISTOL, hand=1)
    plan = [(codes.A_PARKA_OFF, 0, 0), FORECAST, (codes.A_RELOAD, 1, 0)]
    sc.step({DRINKER: plan})
    assert sc.kept(DRINKER) == plan  # 0 + 2 + 1 AP
    assert sc.ch[DRINKER, S.CH_WORN] == -1 and sc.ch[DRINKER, S.CH_HAND] == parka
    assert sc.it[parka, S.IT_PLACE] == codes.IN_HAND and sc.it[parka, S.IT_WHERE] == DRINKER
    o = sc.observe(DRINKER)
    assert o[O_WEARS_PARKA] == 0 and o[O_HAND_KIND] == codes.PARKA
    assert sc.events(codes.E_PARKA_OFF)[:, 2].tolist() == [DRINKER]
    sc.step({DRINKER: [(codes.A_PARKA_ON, 0, 0)]})
    assert sc.ch[DRINKER, S.CH_WORN] == parka
    sc.give(DRINKER, codes.AXE, hand=0)
    sc.step({DRINKER: [(codes.A_PARKA_OFF, 0, 0)]})  # no free hand
    assert sc.ch[DRINKER, S.CH_WORN] == parka and sc.ch[DRINKER, S.CH_HAND + 1] == pistol
    sc.step({OTHER: [(codes.A_PARKA_OFF, 0, 0)]})  # nothing to take off
    assert sc.ch[OTHER, S.CH_HAND] == -1 and len(sc.events(codes.E_PARKA_OFF)) == 1
    assert sc.violations == 0


# --- ACT-FUEL ---


def test_ACT_FUEL_pour_and_transfer():
    """ACT-FUEL, GAP-18 (1 AP, step 4): a transfer moves min(source, free space) units, a pour
    empties the canister; into another character's canister only if he, here, declares receiving
    it from this giver in the same turn (and pays 1 AP for it)."""
    sc = lit(seed=12)
    third = 2
    for c in (DRINKER, OTHER, third):
        sc.put(c, codes.FUEL_ROOM)
    a = sc.give(DRINKER, codes.CANISTER, fuel=60, hand=0)
    b = sc.give(DRINKER, codes.CANISTER, fuel=20, hand=1)
    c = sc.give(OTHER, codes.CANISTER, fuel=50, hand=1)
    absent = (codes.A_FUEL, 0, 2 + 5)  # character 5 stays in the Tower
    sc.step({DRINKER: [(codes.A_FUEL, 0, 0), absent, (codes.A_FUEL, 0, 1)]})
    assert sc.kept(DRINKER) == [(codes.A_FUEL, 0, 1)]  # not into the same hand, nor to 5
    assert sc.it[a, S.IT_FUEL] == 20 and sc.it[b, S.IT_FUEL] == 60
    assert sc.observe(DRINKER)[O_HAND_FUEL : O_HAND_FUEL + 2].tolist() == [20, 60]
    sc.step({DRINKER: [(codes.A_FUEL, 1, -1)]})  # pour out
    assert sc.it[b, S.IT_FUEL] == 0
    give = (codes.A_FUEL, 0, 2 + OTHER)
    sc.step({DRINKER: [give]})  # no receiving declaration
    assert sc.kept(DRINKER) == [give] and sc.it[a, S.IT_FUEL] == 20 and sc.it[c, S.IT_FUEL] == 50
    sc.step({DRINKER: [give], OTHER: [(codes.A_FUEL, 1, -(2 + third))]})  # from someone else
    assert sc.it[a, S.IT_FUEL] == 20 and sc.it[c, S.IT_FUEL] == 50
    receive = (codes.A_FUEL, 1, -(2 + DRINKER))
    sc.step({DRINKER: [give], OTHER: [receive] * 4})
    assert sc.kept(OTHER) == [receive] * 3  # 1 AP each
    assert sc.it[a, S.IT_FUEL] == 10 and sc.it[c, S.IT_FUEL] == 60  # 10 units of free space
    assert sc.observe(OTHER)[O_HAND_FUEL + 1] == 60
    fuel = sc.events(codes.E_FUEL)
    assert fuel[:, [0, 2, 3, 4]].tolist() == [
        [1, DRINKER, DRINKER, 40],
        [2, DRINKER, -1, 60],
        [5, DRINKER, OTHER, 10],
    ]
    sc.put(OTHER, codes.STREET)
    sc.step({DRINKER: [give], OTHER: [receive]})  # not in the same room
    assert sc.kept(DRINKER) == [] and sc.kept(OTHER) == []
    assert sc.violations == 0


# --- ACT-RELOAD ---


def test_ACT_RELOAD_is_a_no_op():
    """ACT-RELOAD, GAP-16 (1 AP): allowed only with a pistol in that hand, and changes nothing:
    the game goes on exactly as that of a twin who declared nothing."""
    reload_ = (codes.A_RELOAD, 0, 0)
    twins = [lit(seed=13), lit(seed=13)]
    for sc in twins:
        sc.give(DRINKER, codes.PISTOL, hand=0)
    twins[0].step({DRINKER: [reload_] * 4 + [(codes.A_RELOAD, 1, 0)]})
    twins[1].step()
    assert twins[0].kept(DRINKER) == [reload_] * 3
    # what was declared differs, and so do the steps it resolves in and the AP it spent (AP-1)
    ch0, ch1 = twins[0].ch.copy(), twins[1].ch.copy()
    declared = [S.CH_N_DECL, S.CH_STEPS, S.CH_AP_SPENT]
    assert ch0[DRINKER, S.CH_AP_SPENT] == 3 and ch1[DRINKER, S.CH_AP_SPENT] == 0
    ch0[:, declared] = ch1[:, declared] = 0
    st0, st1 = twins[0].st.copy(), twins[1].st.copy()
    steps = np.r_[S.ST_STEPS, S.ST_STEP_RANKS : S.ST_STEP_RANKS + codes.N_STEPS + 1]
    st0[steps] = st1[steps] = 0
    assert np.array_equal(ch0, ch1)
    assert np.array_equal(twins[0].it, twins[1].it) and np.array_equal(st0, st1)
    assert np.array_equal(twins[0].rec, twins[1].rec)
    twins[0].step({DRINKER: [(codes.A_RELOAD, 1, 0)], OTHER: [reload_]})  # no pistol there
    assert twins[0].kept(DRINKER) == [] and twins[0].kept(OTHER) == []


def test_random_policy_offers_every_new_action():
    """The fuzzing policy lists drinking (hand and floor), the mirror, the weather station, taking
    the parka off, every kind of fuel declaration and reloading among its candidates, so the
    invariant runs of tests/test_invariants.py reach them."""

    sc = living_quarters()
    sc.wear_parka(DRINKER)
    sc.give(DRINKER, codes.CANISTER, fuel=30, hand=0)
    sc.step()
    first = sc.offered(DRINKER)
    for row in (
        BLUE_HERE,
        RED_HERE,
        MIRROR,
        (codes.A_PARKA_OFF, 0, 0),
        (codes.A_FUEL, 0, -1),
        (codes.A_FUEL, 0, 2 + OTHER),
        (codes.A_FUEL, 0, -(2 + OTHER)),
    ):
        assert row in first, row
    sc.give(DRINKER, codes.CANISTER, hand=1)
    sc.give(OTHER, codes.PISTOL, hand=0)
    sc.give(OTHER, codes.VIAL_RED, hand=1)
    assert (codes.A_FUEL, 0, 1) in sc.offered(DRINKER)
    assert {(codes.A_RELOAD, 0, 0), (codes.A_DRINK, codes.VIAL_RED, 0)} <= sc.offered(OTHER)
    sc.put(OTHER, codes.TOWER)
    assert FORECAST in sc.offered(OTHER)

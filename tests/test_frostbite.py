"""Frostbite: the FROST-2 bands with and without a parka and with each cold resistance, the
5-marks HP loss, and death by cold on the Street (A16)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st_

from balance import codes
from balance import records as R
from balance.config import load_config, pack
from balance.kernel import params as P
from balance.kernel import state as S
from balance.kernel.frost import frostbite_delta
from balance.kernel.public import band_marks
from harness import Scenario

RESISTANCE = {1: 0, 2: 5, 3: 15}  # FROST-4, STAT-PHYS-1/2
TURN_1 = np.zeros(S.N_ST + 1, dtype=np.int64)  # the station state frostbite_delta reads: the turn
TURN_1[S.ST_TURN] = 1


def frost2_table(felt: int, parka: bool) -> int:
    """FROST-2 as printed, on the felt temperature (GAP-47)."""
    if felt >= 15:
        return -1
    if felt == 10:
        return 0
    if -10 <= felt <= 5:
        return 0 if parka else 1
    if -30 <= felt <= -15:
        return 1 if parka else 2
    return 2 if parka else 3  # -35 and colder


@settings(max_examples=300, deadline=None)
@given(
    floors=st_.lists(st_.integers(-100, 100), min_size=1, max_size=P.MAX_BANDS, unique=True).map(
        lambda f: sorted(f, reverse=True)
    ),
    felt=st_.integers(-150, 150),
    parka=st_.booleans(),
)
def test_FROST_2_GAP_47_the_band_is_the_first_whose_floor_the_felt_temperature_reaches(
    floors, felt, parka
):
    """FROST-2, GAP-47: for any bands the config allows (floors strictly falling, warmest first),
    the marks are those of the first band whose floor the felt temperature reaches, and of the
    last band below every floor: band_marks counts the floors above felt instead of scanning."""
    ip = pack(load_config(12)).ip.copy()
    n = len(floors)
    ip[P.I_N_BANDS] = n
    ip[P.I_BAND_FLOOR : P.I_BAND_FLOOR + n] = floors
    ip[P.I_BAND_BARE : P.I_BAND_BARE + n] = np.arange(n) * 10 + 1  # every band's marks differ
    ip[P.I_BAND_PARKA : P.I_BAND_PARKA + n] = np.arange(n) * 10 + 2
    band = next((k for k, floor in enumerate(floors) if felt >= floor), n - 1)
    assert band_marks(ip, felt, parka) == band * 10 + (2 if parka else 1)


@pytest.mark.parametrize("physical", [1, 2, 3])
@pytest.mark.parametrize("parka", [False, True])
def test_FROST_2_bands_with_resistance(physical, parka):
    """FROST-2, FROST-4, GAP-47: marks for every temperature from -45 to +25, the felt
    temperature raised by 0 / 5 / 15 at Physical form 1 / 2 / 3 (STAT-PHYS-1, STAT-PHYS-2)."""
    ip = pack(load_config(12)).ip
    ch = np.zeros((1, S.N_CH), dtype=np.int64)
    ch[0, S.CH_PHYSICAL] = physical
    ch[0, S.CH_WORN] = 0 if parka else -1
    for temperature in range(-45, 30, 5):
        felt = temperature + RESISTANCE[physical]
        assert frostbite_delta(ch, TURN_1, ip, 0, temperature) == frost2_table(felt, parka), (
            temperature
        )


def test_THING_ACTIVE_8_active_thing_uses_the_parka_column_without_resistance():
    ip = pack(load_config(12)).ip
    ch = np.zeros((1, S.N_CH), dtype=np.int64)
    ch[0, S.CH_FORM] = codes.THING_ACTIVE
    ch[0, S.CH_PHYSICAL] = 3
    ch[0, S.CH_WORN] = -1
    for temperature in range(-45, 30, 5):
        assert frostbite_delta(ch, TURN_1, ip, 0, temperature) == frost2_table(temperature, True)


def street_timeline(physical: int, parka: bool, turns: int = 12):
    """Marks and HP at each turn start of a character left on the Street from turn 1."""
    sc = Scenario(12).all_human().park_everyone(codes.LIVING_QUARTERS)
    sc.put(0, codes.STREET, physical=physical)
    if parka:
        sc.wear_parka(0)
    marks, hp = [], []
    for _ in range(turns):
        sc.step()
        marks.append(int(sc.ch[0, S.CH_FROST]))
        hp.append(int(sc.ch[0, S.CH_HP]))
    return sc, marks, hp


def test_FROST_3_five_marks_cost_one_hp_and_cold_kills_on_the_street():
    """FROST-1, FROST-3, GAP-48, LOC-STREET-1: bare on the Street (-45), +3 marks a turn; at 5
    marks they clear (excess lost) and 1 HP goes; the third loss kills at the 6th turn start."""
    sc, marks, hp = street_timeline(physical=1, parka=False, turns=6)
    assert marks == [3, 0, 3, 0, 3, 0]
    assert hp == [3, 2, 2, 1, 1, 0]
    assert sc.ch[0, S.CH_ALIVE] == 0
    assert sc.ch[0, S.CH_DEATH_CAUSE] == codes.DC_COLD
    assert sc.rec[R.C_DEATHS_COLD] == 1 and sc.rec[R.C_FIRST_DEATH_TURN] == 6


def test_FROST_3_parka_and_physical_form_slow_the_cold():
    """With a parka (+2 a turn) the same character dies at the 9th turn start; Physical form 3
    bare feels -30 (+2 a turn); Physical form 3 in a parka (+1 a turn) lasts 15 turns."""
    _, marks, hp = street_timeline(physical=1, parka=True, turns=9)
    assert marks == [2, 4, 0, 2, 4, 0, 2, 4, 0]
    assert hp == [3, 3, 2, 2, 2, 1, 1, 1, 0]
    _, marks, hp = street_timeline(physical=3, parka=False, turns=9)
    assert hp == [3, 3, 2, 2, 2, 1, 1, 1, 0]
    _, marks, hp = street_timeline(physical=3, parka=True, turns=15)
    assert marks[:6] == [1, 2, 3, 4, 0, 1]
    assert hp[-1] == 0 and hp[-2] == 1


def test_FROST_2_warm_rooms_heal_one_mark_a_turn():
    """FROST-2: at +15 or warmer one mark goes each turn start; never below 0."""
    sc = Scenario(12).all_human().park_everyone(codes.LIVING_QUARTERS)
    sc.ch[0, S.CH_FROST] = 3
    marks = []
    for _ in range(5):
        sc.step()
        marks.append(int(sc.ch[0, S.CH_FROST]))
    assert marks == [2, 1, 0, 0, 0]


def test_FROST_1_freezer_marks_from_turn_one():
    """SETUP-3, TEMP-5: the Freezer starts at -5, so a bare character there gets +1 at turn 1."""
    sc = Scenario(12).all_human().park_everyone(codes.LIVING_QUARTERS)
    sc.put(0, codes.FREEZER, physical=1)
    sc.step()
    assert sc.ch[0, S.CH_FROST] == 1


def test_THING_P_3_RES_1_FROST_5_paralysis_by_the_cold_lasts_two_turns():
    """THING-P-3, RES-1, FROST-5, GAP-48: the cold's HP loss resolves at the very end of the last
    turn (RES-1), so a Thing it brings to 0 HP at the start of turn 1 is paralysed for 2 turns,
    1 and 2 (no marks meanwhile), and revives with 1 HP and no marks at the start of turn 3, as
    one felled by a blow in turn 0 would (a blow in turn 1 costs the rest of turn 1, then turns
    2 and 3: test_thing). It is still counted alive meanwhile (GAP-8)."""
    sc = Scenario(12).all_human().make_thing(0).put(0, codes.STREET, physical=1)
    sc.ch[0, S.CH_HP] = 1
    sc.ch[0, S.CH_FROST] = 4
    timeline = []
    for _ in range(4):
        sc.step()
        timeline.append(
            (
                int(sc.ch[0, S.CH_HP]),
                int(sc.ch[0, S.CH_FROST]),
                int(sc.ch[0, S.CH_PARALYSED_UNTIL] > 0),
            )
        )
        assert sc.ch[0, S.CH_ALIVE] == 1 and not sc.over
    assert timeline == [(0, 0, 1), (0, 0, 1), (1, 0, 0), (1, 3, 0)]
    assert sc.events(codes.E_PARALYSED)[:, [0, 2, 4, 5]].tolist() == [[1, 0, codes.DC_COLD, 2]]
    assert sc.events(codes.E_REVIVE)[:, 0].tolist() == [3]

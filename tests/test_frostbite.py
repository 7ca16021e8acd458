"""Frostbite: the FROST-2 bands with and without a parka and with each cold resistance, the
5-marks HP loss, and death by cold on the Street (A16)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.config import load_config, pack
from balance.kernel import state as S
from balance.kernel.characters import frostbite_delta
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


@pytest.mark.parametrize("physical", [1, 2, 3])
@pytest.mark.parametrize("parka", [False, True])
def test_FROST_2_bands_with_resistance(physical, parka):
    """FROST-2, FROST-4, GAP-47: marks for every temperature from -45 to +25."""
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


def test_THING_P_3_FROST_5_paralysis_and_revival_timeline():
    """THING-P-3, FROST-5, GAP-48: a Thing brought to 0 HP by the cold at the start of turn 1 is
    paralysed for turns 2 and 3 (no marks meanwhile), revives with 1 HP and no marks at the
    start of turn 4, and is still counted alive (GAP-8)."""
    sc = Scenario(12).all_human().make_thing(0).put(0, codes.STREET, physical=1)
    sc.ch[0, S.CH_HP] = 1
    sc.ch[0, S.CH_FROST] = 4
    timeline = []
    for _ in range(5):
        sc.step()
        timeline.append(
            (
                int(sc.ch[0, S.CH_HP]),
                int(sc.ch[0, S.CH_FROST]),
                int(sc.ch[0, S.CH_PARALYSED_UNTIL] > 0),
            )
        )
    assert timeline == [(0, 0, 1), (0, 0, 1), (0, 0, 1), (1, 0, 0), (1, 3, 0)]
    assert sc.ch[0, S.CH_ALIVE] == 1 and not sc.over
    assert sc.events(codes.E_REVIVE)[:, 0].tolist() == [4]


def test_THING_P_3_INV_2_revived_heavily_wounded_it_loses_a_hand():
    """INV-2, THING-P-2: felled from 4 HP in one blow (4 damage, HP-4), the Thing kept both
    hands; it revives at 1 HP, heavily wounded, and loses one then."""
    sc = Scenario(12).all_human().make_thing(0).put(0, codes.LIVING_QUARTERS)
    sc.ch[0, S.CH_HP] = 0  # as if hit at 4 by 4 in turn 0: both hands kept
    sc.ch[0, S.CH_PARALYSED_UNTIL] = 1
    sc.step()
    assert sc.ch[0, S.CH_PARALYSED_UNTIL] == 1 and sc.ch[0, S.CH_LOST_HAND] < 0
    sc.step()
    assert sc.ch[0, S.CH_HP] == 1 and sc.ch[0, S.CH_LOST_HAND] >= 0
    assert sc.events(codes.E_HAND_LOST)[:, 2].tolist() == [0]

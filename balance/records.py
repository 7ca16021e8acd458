"""The per-game record: one fixed-width row per game, written by the kernel.

The kernel fills an int64 matrix [games, N_FIELDS] whose columns are the C_* indices below; the
Python layer views it as a structured array, a pandas or a polars DataFrame, or Parquet.
"""

from __future__ import annotations

import numpy as np

from balance import codes

RECORD_FIELDS = (
    ("game", "game index within the run (the randomness key with the seed)"),
    ("winner", "0 none (time-out), 1 humans, 2 Things"),
    ("reason", "end reason code, see balance.codes.REASON_NAMES"),
    ("end_turn", "last turn played"),
    ("humans_alive", "living humans at the end (on the station, rescued or escaped)"),
    ("humans_rescued", "humans taken away by the rescue (GAP-6)"),
    ("humans_escaped", "humans who flew away (GAP-7)"),
    ("things_alive", "Things not permanently dead at the end (originals and converts)"),
    ("things_dead", "Things permanently dead"),
    ("infections", "successful infections (INF-2)"),
    ("reinfections", "infections of an already infected or recovered human (INF-7)"),
    ("infection_attempts", "infection attempts, wasted ones included (INF-6)"),
    ("conversions", "infected humans who woke as Things (INF-3)"),
    ("deaths_cold", "deaths by frostbite (FROST-3)"),
    ("deaths_injury", "deaths from repair injuries (ACT-REPAIR)"),
    ("deaths_attack", "deaths from attacks"),
    ("deaths_poison", "deaths from mixing blue and red vials (VIAL-1)"),
    ("deaths_fire", "characters burned to death by the flamethrower, Things included (GAP-44)"),
    ("first_death_turn", "turn of the first death, 0 if none"),
    ("generator_off_turns", "sum over generators of turns not running"),
    ("refuels", "canisters poured into generators (GEN-4)"),
    ("canisters_filled", "canisters filled at the pump (LOC-FUEL-1)"),
    ("parkas_taken", "parkas taken from yellow boxes (LOC-WAREHOUSE-3)"),
    ("generator_breaks", "generators broken (ACT-BREAK)"),
    ("repairs", "successful repairs (ACT-REPAIR)"),
    ("beacon_turn", "turn the first beacon was activated, 0 if never (GAP-6)"),
    ("call_turn", "turn of the call for help, 0 if never (GAP-6)"),
    ("shots", "pistol shots fired, into the air included (ACT-SHOOT)"),
    ("melee_attacks", "melee attacks made (ACT-MELEE)"),
    ("heli_prepared_turn", "turn the helicopter was first prepared for take-off, 0 if never"),
    ("vials_drunk", "vials drunk (ACT-DRINK)"),
    ("crafted", "weapons crafted in the Arsenal (CRAFT-1)"),
    ("grenades", "grenades that exploded (ITEM-GRENADE-3)"),
    ("code_entries", "codes entered at locked doors (ACT-CODE)"),
    ("doors_opened", "locked doors opened by a code or an ID card (ACT-CODE, ACT-IDCARD)"),
    ("doors_broken", "doors broken (DOOR-2)"),
    ("terminal_uses", "functions of the Tower's security terminal used (LOC-TOWER-3/4)"),
    ("blood_tests", "blood comparisons the laboratory's analyzer completed (LOC-LAB-3)"),
    ("transformations", "Things that entered the active form (THING-HIDDEN-1, THING-P-5)"),
    ("heli_repairs", "helicopter parts repaired (HELI-2, ACT-REPAIR)"),
    ("heli_flight_turn", "turn the helicopter took off, 0 if never (HELI-5, GAP-7)"),
    ("claims_humans_true", "true claims said by the humans' side, aloud or by radio (GAP-64)"),
    ("claims_humans_false", "false claims said by the humans' side (GAP-64)"),
    ("claims_things_true", "true claims said by the Things' side (GAP-64)"),
    ("claims_things_false", "false claims said by the Things' side: lies (GAP-64)"),
    ("claims_believed", "claims heard that their hearer's policy believed (its report)"),
    (
        "thing_exposed_turn",
        "first turn at whose start at least half of the humans' side held a true Thing for a"
        " Thing (their policies' report), 0 if never",
    ),
    ("invariant_violations", "bitmask of broken invariants (only counted in check mode)"),
)
N_FIELDS = len(RECORD_FIELDS)
FIELD_NAMES = tuple(name for name, _ in RECORD_FIELDS)

# column indices for the kernel, one constant per field
(
    C_GAME,
    C_WINNER,
    C_REASON,
    C_END_TURN,
    C_HUMANS_ALIVE,
    C_HUMANS_RESCUED,
    C_HUMANS_ESCAPED,
    C_THINGS_ALIVE,
    C_THINGS_DEAD,
    C_INFECTIONS,
    C_REINFECTIONS,
    C_INFECTION_ATTEMPTS,
    C_CONVERSIONS,
    C_DEATHS_COLD,
    C_DEATHS_INJURY,
    C_DEATHS_ATTACK,
    C_DEATHS_POISON,
    C_DEATHS_FIRE,
    C_FIRST_DEATH_TURN,
    C_GENERATOR_OFF_TURNS,
    C_REFUELS,
    C_CANISTERS_FILLED,
    C_PARKAS_TAKEN,
    C_GENERATOR_BREAKS,
    C_REPAIRS,
    C_BEACON_TURN,
    C_CALL_TURN,
    C_SHOTS,
    C_MELEE_ATTACKS,
    C_HELI_PREPARED_TURN,
    C_VIALS_DRUNK,
    C_CRAFTED,
    C_GRENADES,
    C_CODE_ENTRIES,
    C_DOORS_OPENED,
    C_DOORS_BROKEN,
    C_TERMINAL_USES,
    C_BLOOD_TESTS,
    C_TRANSFORMATIONS,
    C_HELI_REPAIRS,
    C_HELI_FLIGHT_TURN,
    C_CLAIMS_HUMANS_TRUE,
    C_CLAIMS_HUMANS_FALSE,
    C_CLAIMS_THINGS_TRUE,
    C_CLAIMS_THINGS_FALSE,
    C_CLAIMS_BELIEVED,
    C_THING_EXPOSED_TURN,
    C_INVARIANT_VIOLATIONS,
) = range(N_FIELDS)

# record column counting each death cause (indexed by codes.DC_*; DC_NONE never counts)
DEATH_COLUMN_BY_CAUSE = (
    C_DEATHS_ATTACK,
    C_DEATHS_COLD,
    C_DEATHS_INJURY,
    C_DEATHS_ATTACK,
    C_DEATHS_POISON,
    C_DEATHS_FIRE,
)

RECORD_DTYPE = np.dtype([(name, np.int64) for name in FIELD_NAMES])


def as_structured(matrix: np.ndarray) -> np.ndarray:
    """View the kernel's int64 matrix as a structured array of RECORD_DTYPE (no copy)."""
    return np.ascontiguousarray(matrix, dtype=np.int64).view(RECORD_DTYPE).reshape(-1)


def to_polars(records: np.ndarray):
    """Records as a polars DataFrame with readable winner and reason columns."""
    import polars as pl

    df = pl.DataFrame({name: records[name] for name in FIELD_NAMES})
    return df.with_columns(
        pl.col("winner").replace_strict(dict(enumerate(codes.WINNER_NAMES)), return_dtype=pl.Utf8),
        pl.col("reason").replace_strict(dict(enumerate(codes.REASON_NAMES)), return_dtype=pl.Utf8),
    )

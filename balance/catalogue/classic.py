"""Every rule number of the classic ruleset (seed 001, rule IDs CL-*), declared once.

The same declarations as balance/catalogue/numbers.py, for the classic edition: each a key of
configs/classic/base.toml with its kind, its slot in the classic kernel's arrays
(balance/classic/params.py, generated: `python -m balance.catalogue`) and the CL- rule IDs it
implements. Keys citing a CL-GAP are the assumptions where the classic text is silent or leaves
the choice to a game master (docs/rules.md, "Classic ruleset").
"""

from __future__ import annotations

from balance.catalogue.kinds import CHANCE, SWITCH, TEMPERATURE, Choice, Whole, WholeList
from balance.catalogue.numbers import Derived, Number
from balance.observation import MAX_CHARACTERS

# CL-CHAR-1..5: the types a character is dealt, in this order; the Thing (CL-CHAR-6) is dealt
# on top of one (CL-GAP-2)
PROFESSIONS = ("pilot", "technician", "soldier", "medic", "scientist")
SPECIALISTS = len(PROFESSIONS) - 1  # professions.counts lists these; scientists fill the rest

CLASSIC_NUMBERS: tuple[Number, ...] = (
    # [game]
    Number("game.players", Whole(3, MAX_CHARACTERS), "I_PLAYERS", "CL-CHAR-7"),
    Number("game.max_turns", Whole(1, 1000), "I_MAX_TURNS", "CL-GAP-3", step=10),
    Number("game.start", Choice(random=0, together=1), "I_START", "CL-GAP-4"),
    # [things]
    Number("things.start", Whole(1, MAX_CHARACTERS - 1), "I_THINGS", "CL-CHAR-7 CL-GAP-1"),
    Number("things.know_each_other", SWITCH, "I_THINGS_KNOW", "CL-GAP-5"),
    # [professions]
    Number(
        "professions.counts",
        WholeList(0, MAX_CHARACTERS, SPECIALISTS, SPECIALISTS),
        "I_PROF_COUNTS",
        "CL-CHAR-7 CL-GAP-2",
    ),
    # [health]
    Number("health.human_hp", Whole(1, 10), "I_HUMAN_HP", "CL-COMBAT-1"),
    Number("health.thing_hp", Whole(1, 10), "I_THING_HP", "CL-COMBAT-2"),
    Number("health.paralysis_turns", Whole(0, 10), "I_PARALYSIS", "CL-COMBAT-2"),
    Number("health.revive_hp", Whole(1, 10), "I_REVIVE_HP", "CL-COMBAT-2"),
    Number("health.slots", Whole(0, 4), "I_SLOTS", "CL-ITEM"),
    Number("health.wounded_slots", Whole(0, 4), "I_WOUNDED_SLOTS", "CL-COMBAT-1"),
    # [combat]
    Number("combat.shoot_chance", CHANCE, "F_SHOOT", "CL-ACT-SHOOT"),
    Number("combat.soldier_shoot_bonus", CHANCE, "F_SOLDIER_SHOOT", "CL-CHAR-3 CL-ACT-SHOOT"),
    Number("combat.melee_chance", CHANCE, "F_MELEE", "CL-THING-MELEE"),
    Number("combat.melee_soldier_malus", CHANCE, "F_MELEE_SOLDIER", "CL-CHAR-3 CL-THING-MELEE"),
    Number("combat.bullets_per_weapon", Whole(0, 10), "I_WEAPON_BULLETS", "CL-LOC-ARSENAL"),
    Number("combat.max_bullets", Whole(0, 10), "I_MAX_BULLETS", "CL-ITEM"),
    # [hinder]
    Number("hinder.penalty", CHANCE, "F_HINDER", "CL-ACT-HINDER"),
    Number("hinder.unrolled_chance", CHANCE, "F_HINDER_UNROLLED", "CL-ACT-HINDER"),
    Number("hinder.floor", CHANCE, "F_HINDER_FLOOR", "CL-ACT-HINDER"),
    # [infection]
    Number("infection.chance", CHANCE, "F_INFECT", "CL-THING-INF"),
    Number("infection.turns", Whole(1, 100), "I_INFECT_TURNS", "CL-THING-INF CL-TURN-3"),
    Number("infection.item_chance", CHANCE, "F_ITEM_INFECT", "CL-THING-INF CL-GAP-13"),
    Number("infection.active_needs_wound", SWITCH, "I_ACTIVE_NEEDS_WOUND", "CL-THING-INF"),
    Number("infection.keeps_wounds", SWITCH, "I_KEEPS_WOUNDS", "CL-GAP-12"),
    # [temperature]
    Number("temperature.start", TEMPERATURE, "I_T_START", "CL-TEMP-1"),
    Number("temperature.maximum", TEMPERATURE, "I_T_MAX", "CL-TEMP-1"),
    Number("temperature.drop", Whole(0, 100), "I_T_DROP", "CL-TEMP-1"),
    Number("temperature.rise", Whole(0, 100), "I_T_RISE", "CL-TEMP-1"),
    Number("temperature.rise_every", Whole(1, 10), "I_T_RISE_EVERY", "CL-TEMP-1"),
    Number("temperature.freeze", TEMPERATURE, "I_T_FREEZE", "CL-TEMP-1"),
    # [generator]
    Number("generator.start_on", SWITCH, "I_GEN_START_ON", "CL-GAP-6"),
    # [objects]: hits of each breakable object (CL-LOC-*)
    Number("objects.generator_hits", Whole(1, 20), "I_GEN_HITS", "CL-LOC-GEN"),
    Number("objects.helicopter_hits", Whole(1, 20), "I_HELI_HITS", "CL-LOC-HELI"),
    Number("objects.lab_hits", Whole(1, 20), "I_LAB_HITS", "CL-LOC-LAB"),
    Number("objects.radio_hits", Whole(1, 20), "I_RADIO_HITS", "CL-LOC-RADIO"),
    Number("objects.meteo_hits", Whole(1, 20), "I_METEO_HITS", "CL-LOC-METEO"),
    Number("objects.speaker_hits", Whole(1, 20), "I_SPEAKER_HITS", "CL-LOC-RADIO"),
    Number("objects.repair", Whole(1, 10), "I_REPAIR", "CL-REPAIR"),
    Number("objects.technician_repair", Whole(1, 10), "I_TECH_REPAIR", "CL-CHAR-2 CL-REPAIR"),
    Number("objects.technician_break", Whole(1, 10), "I_TECH_BREAK", "CL-CHAR-2"),
    # [stores]
    Number("stores.per_player", Whole(0, 10), "I_STORE_PER_PLAYER", "CL-LOC-ARSENAL CL-GAP-14"),
    Number("stores.dogs", Whole(0, 10), "I_DOGS", "CL-LOC-KENNEL"),
    # [food]
    Number("food.starve_after", Whole(0, 20), "I_STARVE_AFTER", "CL-LOC-FOOD CL-TURN-3"),
    # [weather]
    Number("weather.cycle_turns", Whole(1, 50), "I_WEATHER_CYCLE", "CL-WEATHER-1"),
    Number("weather.clear_chance", CHANCE, "F_CLEAR", "CL-WEATHER-1"),
    # [helicopter]
    Number("helicopter.fuel_needed", Whole(0, 10), "I_HELI_FUEL", "CL-LOC-HELI"),
    Number("helicopter.start_fuel", Whole(0, 10), "I_HELI_START_FUEL", "CL-GAP-7"),
    Number("helicopter.prepare_turns", Whole(0, 10), "I_HELI_PREPARE", "CL-LOC-HELI"),
    Number("helicopter.storm_chance", CHANCE, "F_FLY_STORM", "CL-LOC-HELI"),
    Number("helicopter.clear_chance", CHANCE, "F_FLY_CLEAR", "CL-LOC-HELI"),
    Number("helicopter.pilot_storm_chance", CHANCE, "F_PILOT_STORM", "CL-CHAR-1 CL-LOC-HELI"),
    Number("helicopter.pilot_clear_chance", CHANCE, "F_PILOT_CLEAR", "CL-CHAR-1 CL-LOC-HELI"),
    Number("helicopter.failed_flight", Choice(crash=0, grounded=1), "I_FAILED_FLIGHT", "CL-GAP-8"),
    Number("helicopter.infected_aboard", Choice(thing=0, human=1), "I_INFECTED_ABOARD", "CL-GAP-9"),
    # [lab]
    Number("lab.tests", Whole(0, 10), "I_LAB_TESTS", "CL-LOC-LAB"),
    Number("lab.medic_tests", Whole(0, 10), "I_MEDIC_TESTS", "CL-CHAR-4 CL-LOC-LAB"),
    Number("lab.result_seen_by", Choice(tester=0, room=1), "I_LAB_SEEN_BY", "CL-GAP-11"),
    # [win]
    Number("win.infected_are_things", SWITCH, "I_INFECTED_ARE_THINGS", "CL-WIN-1 CL-GAP-10"),
)

CLASSIC_DERIVED: tuple[Derived, ...] = (
    Derived(
        "I_CHECK_INVARIANTS",
        1,
        "a run-time switch, not a rule: count invariant violations every turn",
        lambda v, m, check: (int(check),),
    ),
)

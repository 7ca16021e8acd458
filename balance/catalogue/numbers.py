"""Every rule number of the game, declared once.

A `Number` is a key of configs/base.toml (where its default lives, with a comment for the
designer), its kind (what values it allows and how it is packed), the name of the kernel's slot
constant that reads it, the rule IDs it implements (docs/rules.md), and, where the rulebook
leaves a choice, the alternative values a designer could take instead. The config schema
(balance.config), the packing of the kernel's arrays and the slot constants of
balance.kernel.params (generated: `python -m balance.catalogue`) all come from this list.

A `Derived` slot holds what the kernel needs that is no key's own value: a count, the packed map,
a run-time switch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from balance import codes
from balance.catalogue.kinds import (
    AP,
    BLOCKS,
    CHANCE,
    LINKS,
    LOCKABLE_ROOMS,
    SWITCH,
    TEMPERATURE,
    ByPhysical,
    ChanceList,
    Choice,
    Fuel,
    Kind,
    Names,
    ONE_UNIT,
    Whole,
    WholeList,
)
from balance.observation import ENTRY_LOG_SLOTS, MAX_CHARACTERS

MAX_PROFESSIONS = 8  # slots of the professions' lists
MAX_BANDS = 8  # slots of the frostbite bands' lists
NAMES = Names(MAX_PROFESSIONS)


@dataclass(frozen=True)
class Number:
    key: str  # dotted key of configs/base.toml
    kind: Kind
    slot: str | None  # the kernel's constant (I_* in ip, F_* in fp); None: read in Python only
    # the rule IDs it implements, space-separated, as its line of configs/base.toml cites them
    # (else its table's line); "" for a limit of the model, not a rule
    rule: str
    alternatives: tuple = ()  # other readings of the rules a designer could choose
    # a number's low and high readings are its value minus and plus this (None: the kind's
    # step, 1 for a whole number, 0.1 for a chance; a fuel amount has none unless given)
    step: Any = None

    def readings(self, default: Any) -> tuple:
        """The values other than `default` (parsed) that the rules allow, as a config writes
        them: the declared alternatives, a switch's or a choice's other sides, and a number's
        low and high readings (`step`), each once."""
        readings = []
        seen = [default]
        for value in (
            self.alternatives
            + self.kind.alternatives(default)
            + self.kind.around(default, self.step)
        ):
            parsed = self.kind.parse(self.key, value)
            if parsed not in seen:
                seen.append(parsed)
                readings.append(value)
        return tuple(readings)


@dataclass(frozen=True)
class Derived:
    slot: str
    width: int
    doc: str
    # (resolved values, adjacency matrix, whether to check invariants) -> the slots' contents
    fill: Callable[[Mapping[str, Any], Any, bool], tuple]


NUMBERS: tuple[Number, ...] = (
    # [game]
    Number("game.players", Whole(3, MAX_CHARACTERS), "I_PLAYERS", "SETUP-1"),
    Number("game.max_turns", Whole(1, 1000), "I_MAX_TURNS", "GAP-10", step=10),
    Number("game.ap_per_turn", Whole(1, 10), "I_AP", "AP-1"),
    Number(
        "game.start_rooms", Choice(random_indoor=0, living_quarters=1), "I_START_ROOMS", "GAP-4"
    ),
    # [things]
    Number("things.start", Whole(1, MAX_CHARACTERS - 1), "I_THINGS", "SETUP-1"),
    # [health]
    Number("health.human_hp", Whole(1, 20), "I_HUMAN_HP", "HP-1 SETUP-5"),
    Number("health.thing_hp", Whole(1, 20), "I_THING_HP", "THING-P-2 SETUP-5"),
    Number("health.human_heavy_wound_hp", Whole(0, 20), "I_HUMAN_HEAVY_HP", "HP-2 INV-2"),
    Number("health.thing_heavy_wound_hp", Whole(0, 20), "I_THING_HEAVY_HP", "THING-P-2"),
    # [professions]
    Number("professions.names", NAMES, "I_N_PROFESSIONS", "GAP-3"),
    Number(
        "professions.physical", WholeList(1, 3, 1, MAX_PROFESSIONS), "I_PROF_PHYSICAL", "STAT-1"
    ),
    Number(
        "professions.initiative", WholeList(1, 3, 1, MAX_PROFESSIONS), "I_PROF_INITIATIVE", "STAT-1"
    ),
    Number(
        "professions.erudition", WholeList(1, 3, 1, MAX_PROFESSIONS), "I_PROF_ERUDITION", "STAT-1"
    ),
    # [generator]
    Number("generator.capacity", Fuel(ONE_UNIT, 100), "I_GEN_CAPACITY", "GEN-1", step="1"),
    Number("generator.start_fuel", Fuel(), "I_GEN_START", "SETUP-3", step="1"),
    Number("generator.burn_per_turn", Fuel(0, 100), "I_BURN", "SETUP-1 GAP-17", step="1/20"),
    Number("generator.burn_reading", Choice(table=0, flat=1), "I_BURN_READING", "GEN-2 GAP-17"),
    Number("generator.flat_burn", Fuel(0, 100), "I_FLAT_BURN", "GEN-2 GAP-17", step="1/20"),
    Number(
        "generator.burn_timing", Choice(turn_start=0, step_13=1), "I_BURN_TIMING", "GEN-2 GAP-17"
    ),
    # [canister]
    Number("canister.box_fill", Fuel(0, 1), "I_BOX_FILL", "GAP-18", alternatives=(1,)),
    Number("canister.pump_fill", Fuel(ONE_UNIT, 1), "I_PUMP_FILL", "LOC-FUEL-1 GAP-18", step="1/2"),
    # [temperature]
    Number("temperature.start", TEMPERATURE, "I_T_START", "TEMP-1 SETUP-3"),
    Number("temperature.street", TEMPERATURE, "I_T_STREET", "TEMP-4 LOC-STREET-1"),
    Number("temperature.minimum", TEMPERATURE, "I_T_MIN", "TEMP-4"),
    Number("temperature.maximum", TEMPERATURE, "I_T_MAX", "TEMP-4"),
    Number("temperature.freezer", TEMPERATURE, "I_T_FREEZER", "TEMP-5 GAP-46"),
    Number("temperature.step", Whole(1, 50), "I_T_STEP", "TEMP-2 TEMP-3"),
    # [frostbite]
    Number(
        "frostbite.band_floor", WholeList(-100, 100, 1, MAX_BANDS), "I_BAND_FLOOR", "FROST-2 GAP-47"
    ),
    Number(
        "frostbite.marks_without_parka", WholeList(-10, 10, 1, MAX_BANDS), "I_BAND_BARE", "FROST-2"
    ),
    Number(
        "frostbite.marks_with_parka", WholeList(-10, 10, 1, MAX_BANDS), "I_BAND_PARKA", "FROST-2"
    ),
    Number("frostbite.marks_per_hp", Whole(1, 100), "I_MARKS_PER_HP", "FROST-3 GAP-48"),
    Number(
        "frostbite.resistance_by_physical",
        ByPhysical(0, 100),
        "I_RESISTANCE",
        "FROST-4 STAT-PHYS-1",
    ),
    # [weather]
    Number(
        "weather.initial",
        Choice(storm=codes.STORM, clear=codes.CLEAR),
        "I_WEATHER_INITIAL",
        "WEATHER-1 SETUP-3",
    ),
    Number("weather.clear_chance", CHANCE, "F_CLEAR_CHANCE", "WEATHER-1"),
    Number("weather.forecast_turns", Whole(0, 50), "I_FORECAST", "WEATHER-4 LOC-TOWER-2"),
    # [light]
    Number("light.darkness_factor", CHANCE, "F_DARKNESS_FACTOR", "LIGHT-2 GAP-27"),
    # [move]
    Number("move.ap", AP, "I_MOVE_AP", "ACT-MOVE"),
    Number("move.fast_ap", AP, "I_MOVE_FAST_AP", "STAT-INIT-2"),
    Number("move.fast_initiative", Whole(1, 4), "I_FAST_INITIATIVE", "STAT-INIT-2"),
    Number("move.blizzard_misdirect_chance", CHANCE, "F_MISDIRECT", "LIGHT-4 GAP-2"),
    # [infection]
    Number("infection.delay_min", Whole(1, 100), "I_INF_DELAY_MIN", "INF-2 GAP-36"),
    Number("infection.delay_max", Whole(1, 100), "I_INF_DELAY_MAX", "INF-2 GAP-36"),
    Number("infection.convert_chance", CHANCE, "F_CONVERT", "INF-3"),
    Number("infection.reinfected_convert_chance", CHANCE, "F_RECONVERT", "INF-7 GAP-36"),
    Number("infection.cooldown_turns", Whole(0, 100), "I_INF_COOLDOWN", "INF-6 GAP-36"),
    Number("infection.light_crowd", Whole(1, MAX_CHARACTERS + 1), "I_INF_CROWD", "INF-5"),
    Number("infection.light_unconscious_ap", AP, "I_INF_UNCONSCIOUS_AP", "INF-5 GAP-14"),
    # [thing]
    # THING-P-3: at least 1, for a Thing the cold fells on turn 1 (health.hurt counts its
    # paralysis from turn 0, RES-1) to be paralysed at all
    Number("thing.paralysis_turns", Whole(1, 100), "I_PARALYSIS", "THING-P-3"),
    Number("thing.revive_hp", Whole(1, 20), "I_REVIVE_HP", "THING-P-3"),
    Number("thing.transform_ap", AP, "I_TRANSFORM_AP", "THING-HIDDEN-1 GAP-38"),
    Number(
        "thing.transform_from_turn",
        Whole(1, 1000),
        "I_TRANSFORM_TURN",
        "THING-HIDDEN-1 GAP-38",
        step=5,
    ),
    Number("thing.throw_back_ap", AP, "I_THROW_BACK_AP", "THING-ACTIVE-6 GAP-13 GAP-40"),
    Number("thing.claws_ap", AP, "I_CLAWS_AP", "THING-ACTIVE-6 GAP-13 GAP-29"),
    Number("thing.claws_chance", CHANCE, "F_CLAWS_CHANCE", "THING-ACTIVE-6"),
    Number("thing.claws_damage", Whole(0, 20), "I_CLAWS_DAMAGE", "THING-ACTIVE-6"),
    Number("thing.spray_ap", AP, "I_SPRAY_AP", "THING-ACTIVE-6 GAP-13"),
    Number("thing.spray_chance", CHANCE, "F_SPRAY_CHANCE", "THING-ACTIVE-6 GAP-40"),
    Number("thing.spray_damage", Whole(0, 20), "I_SPRAY_DAMAGE", "THING-ACTIVE-6"),
    Number("thing.melee_damage", Whole(0, 20), "I_ACTIVE_MELEE_DAMAGE", "GAP-15"),
    Number("thing.call_spawn_ap", AP, "I_CALL_SPAWN_AP", "THING-P-5 GAP-38"),
    # [archetypes]
    Number("archetypes.order_ap", AP, "I_ORDER_AP", "ARCH-QUEEN-1 GAP-13 GAP-42"),
    Number("archetypes.order_cooldown", Whole(0, 100), "I_ORDER_COOLDOWN", "ARCH-QUEEN-1 GAP-41"),
    Number("archetypes.order_seen", SWITCH, "I_ORDER_SEEN", "ARCH-QUEEN-1 GAP-42"),
    Number("archetypes.scream_ap", AP, "I_SCREAM_AP", "ARCH-QUEEN-2 GAP-13 GAP-40"),
    Number("archetypes.scream_cooldown", Whole(0, 100), "I_SCREAM_COOLDOWN", "ARCH-QUEEN-2 GAP-41"),
    Number("archetypes.waves_ap", AP, "I_WAVES_AP", "ARCH-SOLDIER-1 GAP-13"),
    Number("archetypes.waves_cooldown", Whole(0, 100), "I_WAVES_COOLDOWN", "ARCH-SOLDIER-1 GAP-41"),
    Number("archetypes.waves_sanity", Whole(0, 100), "I_WAVES_SANITY", "ARCH-SOLDIER-1 GAP-11"),
    Number("archetypes.soldier_move_ap", AP, "I_SOLDIER_MOVE_AP", "ARCH-SOLDIER-2 GAP-31"),
    Number("archetypes.remote_break_ap", AP, "I_REMOTE_BREAK_AP", "ARCH-MUTANT-1 GAP-13"),
    Number(
        "archetypes.remote_break_cooldown",
        Whole(0, 100),
        "I_REMOTE_BREAK_COOLDOWN",
        "ARCH-MUTANT-1 GAP-41",
    ),
    Number(
        "archetypes.remote_break_turns",
        Whole(1, 3),
        "I_REMOTE_BREAK_WINDOW",
        "ARCH-MUTANT-1 GAP-43",
    ),  # the rooms remembered (state.CH_ROOMS_BEFORE)
    Number("archetypes.organs_damage", Whole(0, 20), "I_ORGANS_DAMAGE", "ARCH-MUTANT-2"),
    # [repair]
    Number("repair.ap", AP, "I_REPAIR_AP", "ACT-REPAIR"),
    Number("repair.chance_with_tool", CHANCE, "F_REPAIR_TOOL", "ACT-REPAIR"),
    Number("repair.chance_without_tool", CHANCE, "F_REPAIR_NO_TOOL", "ACT-REPAIR"),
    Number("repair.injury_chance", CHANCE, "F_INJURY", "ACT-REPAIR"),
    Number("repair.injury_damage", Whole(0, 20), "I_INJURY_DAMAGE", "ACT-REPAIR"),
    Number("repair.safe_erudition", Whole(1, 4), "I_SAFE_ERUDITION", "STAT-ERUD-1"),
    # [break]
    Number("break.ap", AP, "I_BREAK_AP", "ACT-BREAK"),
    Number("break.axe_ap", AP, "I_BREAK_AXE_AP", "ACT-BREAK ITEM-AXE"),
    # [items]
    Number("items.pickup_ap", AP, "I_PICKUP_AP", "ACT-PICKUP"),
    Number("items.give_ap", AP, "I_GIVE_AP", "ACT-GIVE"),
    Number("items.receive_ap", AP, "I_RECEIVE_AP", "ACT-RECEIVE"),
    Number("items.backpack_ap", AP, "I_BACKPACK_AP", "ACT-BACKPACK GAP-23 INV-4"),
    Number("items.destroy_ap", AP, "I_DESTROY_AP", "ACT-DESTROY"),
    Number("items.flashlight_ap", AP, "I_FLASHLIGHT_AP", "ACT-FLASHLIGHT ITEM-FLASHLIGHT"),
    Number("items.refuel_ap", AP, "I_REFUEL_AP", "GEN-4"),
    Number("items.pump_ap", AP, "I_PUMP_AP", "LOC-FUEL-1"),
    Number("items.open_box_ap", AP, "I_OPEN_BOX_AP", "LOC-WAREHOUSE-4"),
    Number("items.parka_off_ap", AP, "I_PARKA_OFF_AP", "ACT-PARKA ITEM-PARKA"),
    Number("items.fuel_ap", AP, "I_FUEL_AP", "ACT-FUEL"),
    # [healing]
    Number("healing.bandage_ap", AP, "I_BANDAGE_AP", "ACT-BANDAGE"),
    Number("healing.firstaid_ap", AP, "I_FIRSTAID_AP", "ACT-FIRSTAID"),
    Number("healing.bandage_other_chance", CHANCE, "F_BANDAGE_OTHER", "ACT-BANDAGE"),
    Number("healing.bandage_self_chance", CHANCE, "F_BANDAGE_SELF", "ACT-BANDAGE"),
    Number("healing.heal", Whole(0, 20), "I_BANDAGE_HEAL", "GAP-34"),
    # [warehouse]
    Number("warehouse.yellow_boxes", Whole(0, 100), "I_YELLOW_BOXES", "LOC-WAREHOUSE-3 SETUP-3"),
    Number("warehouse.parkas", Whole(0, 100), "I_PARKAS", "LOC-WAREHOUSE-3"),
    Number("warehouse.flashlights", Whole(0, 100), "I_FLASHLIGHTS", "LOC-WAREHOUSE-3"),
    Number("warehouse.axes", Whole(0, 100), "I_AXES", "LOC-WAREHOUSE-1 SETUP-3"),
    Number("warehouse.red_axe_chance", CHANCE, "F_RED_AXE", "LOC-WAREHOUSE-1 GAP-19"),
    Number("warehouse.blue_parts_chance", CHANCE, "F_BLUE_PARTS", "GAP-19"),
    Number(
        "warehouse.reroll_initiative",
        Whole(1, 4),
        "I_REROLL_INITIATIVE",
        "STAT-INIT-1 LOC-WAREHOUSE-5",
    ),
    # [stock]
    Number("stock.pistols", Whole(0, 50), "I_PISTOLS", "LOC-ARSENAL-1 ITEM-PISTOL"),
    Number("stock.bandages", Whole(0, 50), "I_BANDAGES", "LOC-LIVING-1 ITEM-BANDAGE"),
    Number("stock.blue_vials", Whole(0, 50), "I_BLUE_VIALS", "LOC-LIVING-1 ITEM-VIAL-BLUE"),
    Number("stock.red_vials", Whole(0, 50), "I_RED_VIALS", "LOC-LIVING-1 ITEM-VIAL-RED"),
    # [sanity]
    Number("sanity.start", Whole(0, 100), "I_SANITY_START", "GAP-11"),
    Number("sanity.maximum", Whole(0, 100), "I_SANITY_MAX", "GAP-11"),
    Number("sanity.zero_blackout", SWITCH, "I_SANITY_BLACKOUT", "GAP-11"),
    Number("sanity.reset", Whole(0, 100), "I_SANITY_RESET", "GAP-11"),
    Number("sanity.shaken_below", Whole(0, 100), "I_SANITY_SHAKEN", "GAP-11 AP-1", step=5),
    # [vials]
    Number("vials.drink_ap", AP, "I_DRINK_AP", "ACT-DRINK GAP-24 LIGHT-2"),
    Number("vials.blue_sanity", Whole(0, 100), "I_BLUE_SANITY", "ITEM-VIAL-BLUE"),
    Number("vials.red_turns", Whole(0, 1000), "I_RED_TURNS", "ITEM-VIAL-RED"),
    Number("vials.red_hit_bonus", CHANCE, "F_RED_HIT_BONUS", "ITEM-VIAL-RED ACT-SHOOT-1 GAP-27"),
    Number("vials.red_warmth", Whole(0, 100), "I_RED_WARMTH", "ITEM-VIAL-RED FROST-4 GAP-47"),
    Number("vials.overdose_gap", Whole(0, 1000), "I_OVERDOSE_GAP", "VIAL-1 GAP-49"),
    Number("vials.mixing_gap", Whole(0, 1000), "I_MIXING_GAP", "VIAL-1 GAP-49"),
    Number("vials.poison_delay", Whole(1, 1000), "I_POISON_DELAY", "GAP-49"),
    # [rooms]
    Number("rooms.mirror_ap", AP, "I_MIRROR_AP", "LOC-LIVING-2 GAP-24"),
    Number("rooms.forecast_ap", AP, "I_FORECAST_AP", "LOC-TOWER-2 WEATHER-4 GAP-24"),
    # [combat]
    Number(
        "combat.hit_chance_by_physical",
        ChanceList(3),
        "F_HIT_CHANCE",
        "ACT-SHOOT-1 ACT-MELEE STAT-PHYS-1",
    ),
    Number("combat.stray_chance", CHANCE, "F_STRAY", "ACT-SHOOT-2 GAP-30"),
    Number("combat.weapon_damage", Whole(0, 20), "I_WEAPON_DAMAGE", "GAP-15"),
    Number("combat.helpless_damage", Whole(0, 20), "I_HELPLESS_DAMAGE", "HP-4"),
    Number("combat.shoot_ap", AP, "I_SHOOT_AP", "GAP-13 AP-3"),
    Number("combat.melee_ap", AP, "I_MELEE_AP", "ACT-MELEE"),
    Number("combat.cover_ap", AP, "I_COVER_AP", "ACT-COVER"),
    Number("combat.chance_floor", CHANCE, "F_CHANCE_FLOOR", "GAP-27", alternatives=(0.2,)),
    Number("combat.reload_ap", AP, "I_RELOAD_AP", "ACT-RELOAD GAP-16"),
    # [hinder]
    Number("hinder.ap", AP, "I_HINDER_AP", "ACT-HINDER-CHAR ACT-HINDER-TARGET GAP-28"),
    Number("hinder.penalty_by_physical", ByPhysical(0, 100), "I_HINDER_PENALTY", "STAT-PHYS-1"),
    Number("hinder.immune_turns", Whole(0, 10), "I_HINDER_IMMUNE_TURNS", "GAP-28"),
    # [reaction]
    Number("reaction.initiative", Whole(1, 4), "I_REACTION_INITIATIVE", "STAT-INIT-1"),
    # [follow]
    Number("follow.ap", AP, "I_FOLLOW_AP", "ACT-FOLLOW GAP-32"),
    # [radio]
    Number("radio.by_colour", WholeList(0, 10, 3, 3), "I_RADIOS", "LOC-RADIO-1"),
    Number("radio.toggle_ap", AP, "I_RADIO_TOGGLE_AP", "ACT-RADIO-TOGGLE"),
    Number("radio.speak_ap", AP, "I_RADIO_SPEAK_AP", "ACT-RADIO-SPEAK AP-11 GAP-64"),
    # [talk]
    Number("talk.say_ap", AP, "I_SAY_AP", "GAP-64 AP-11"),
    Number("talk.claims_per_turn", Whole(1, 8), "I_CLAIMS_PER_TURN", "GAP-64"),
    # [supply]
    Number("supply.canisters", Whole(0, 200), "I_POOL_CANISTERS", ""),
    Number("supply.spare_parts", Whole(0, 200), "I_POOL_PARTS", ""),
    Number("supply.scrap", Whole(0, 200), "I_POOL_SCRAP", ""),
    Number("supply.wires", Whole(0, 200), "I_POOL_WIRES", "LOC-RADIO-2"),
    Number("supply.flamethrowers", Whole(0, 50), "I_POOL_FLAMETHROWERS", "CRAFT-2"),
    Number("supply.grenades", Whole(0, 50), "I_POOL_GRENADES", ""),
    Number("supply.pistols", Whole(0, 50), "I_POOL_PISTOLS", ""),
    # [crafting]
    Number("crafting.ap", AP, "I_CRAFT_AP", "LOC-ARSENAL-2"),
    Number("crafting.one_recipe_erudition", Whole(1, 4), "I_RECIPES_ONE_ERUDITION", "STAT-ERUD-1"),
    Number(
        "crafting.all_recipes_erudition",
        Whole(1, 4),
        "I_RECIPES_ALL_ERUDITION",
        "STAT-ERUD-2 GAP-20",
    ),
    # [grenade]
    Number("grenade.throw_away_ap", AP, "I_THROW_AWAY_AP", "ITEM-GRENADE-2 GAP-14"),
    Number("grenade.throw_here_ap", AP, "I_THROW_HERE_AP", "ITEM-GRENADE-2"),
    Number("grenade.damage", Whole(0, 10), "I_GRENADE_DAMAGE", "ITEM-GRENADE-3 GAP-45"),
    # [flamethrower]
    Number("flamethrower.attack_ap", AP, "I_FLAME_AP", "GAP-44 ACT-MELEE"),
    Number("flamethrower.volley_ap", AP, "I_FLAME_VOLLEY_AP", "GAP-44"),
    Number(
        "flamethrower.fuel_per_attack",
        Fuel(ONE_UNIT, 1),
        "I_FLAME_SHOT_FUEL",
        "ITEM-FLAMETHROWER-2",
    ),
    Number("flamethrower.parka_chance", CHANCE, "F_FLAME_PARKA", "ITEM-FLAMETHROWER-3"),
    Number(
        "flamethrower.parka_damage",
        Whole(0, 10),
        "I_FLAME_PARKA_DAMAGE",
        "ITEM-FLAMETHROWER-1..5 GAP-44",
    ),
    Number("flamethrower.monster_chance", CHANCE, "F_FLAME_MONSTER", "ITEM-FLAMETHROWER-3 GAP-44"),
    Number(
        "flamethrower.monster_damage",
        Whole(0, 10),
        "I_FLAME_MONSTER_DAMAGE",
        "ITEM-FLAMETHROWER-1..5 GAP-44",
    ),
    # [helicopter]
    Number("helicopter.seats", Whole(1, 16), "I_HELI_SEATS", "HELI-5 GAP-57"),
    Number("helicopter.tank", Fuel(ONE_UNIT, 20), "I_HELI_TANK", "HELI-2"),
    Number("helicopter.fuel_ap", AP, "I_HELI_FUEL_AP", "HELI-3"),
    Number("helicopter.prepare_ap", AP, "I_HELI_PREPARE_AP", "HELI-4 GAP-57"),
    Number("helicopter.board_ap", AP, "I_HELI_BOARD_AP", "HELI-5"),
    Number("helicopter.starts_broken", SWITCH, "I_HELI_STARTS_BROKEN", "HELI-2"),
    # [freezer]
    Number("freezer.food_boxes", Whole(0, 100), "I_FOOD", "SETUP-3 LOC-FREEZER-2 WIN-3 GAP-8"),
    Number("freezer.take_ap", AP, "I_TAKE_FOOD_AP", "GAP-50"),
    Number("freezer.count_ap", AP, "I_COUNT_FOOD_AP", "LOC-FREEZER-3 INFO-4"),
    # [stove]
    Number("stove.usable", SWITCH, "I_STOVE_USABLE", "GAP-50"),
    Number("stove.prepare_ap", AP, "I_STOVE_PREPARE_AP", "LOC-LIVING-3"),
    Number("stove.cook_ap", AP, "I_COOK_AP", "LOC-LIVING-4"),
    Number("stove.portions", Whole(1, 20), "I_PORTIONS", "LOC-LIVING-4 ITEM-FOOD"),
    Number("stove.blue_sanity", Whole(0, 100), "I_COOKED_BLUE_SANITY", "LOC-LIVING-4"),
    Number("stove.red_turns", Whole(0, 1000), "I_COOKED_RED_TURNS", "LOC-LIVING-4"),
    # [food]
    Number("food.eat_ap", AP, "I_EAT_AP", "ACT-EAT GAP-24"),
    Number("food.dose_ap", AP, "I_DOSE_FOOD_AP", "ACT-DOSE-FOOD GAP-49 GAP-24"),
    Number("food.mixed_poison_delay", Whole(1, 1000), "I_FOOD_POISON_DELAY", "LOC-LIVING-4"),
    Number("food.doses_count_as_vials", SWITCH, "I_FOOD_COUNTS_AS_DOSE", "GAP-49"),
    # [corpse]
    Number("corpse.search_ap", AP, "I_SEARCH_AP", "GAP-51"),
    Number("corpse.burn_ap", AP, "I_BURN_AP", "ACT-BURN-CORPSE GAP-60 THING-P-3"),
    Number(
        "corpse.burn_fuel",
        Fuel(ONE_UNIT, 1),
        "I_BURN_FUEL",
        "ACT-BURN-CORPSE ITEM-CANISTER ITEM-FLAMETHROWER-5",
    ),
    Number("corpse.fire_warmth", Whole(0, 100), "I_FIRE_WARMTH", "TEMP-6 GAP-46"),
    # [saliva]
    Number("saliva.ap", AP, "I_SALIVA_AP", "SALIVA-1 GAP-37"),
    Number("saliva.delay_min", Whole(1, 100), "I_SALIVA_DELAY_MIN", "SALIVA-2"),
    Number("saliva.delay_max", Whole(1, 100), "I_SALIVA_DELAY_MAX", "SALIVA-2"),
    # [first_aid]
    Number("first_aid.infection_cooldown", SWITCH, "I_FIRST_AID_COOLDOWN", "GAP-35 INF-6"),
    # [kennel]
    Number("kennel.dogs", Whole(0, codes.N_DOGS), "I_DOGS", "LOC-KENNEL-1"),
    Number("kennel.kill_ap", AP, "I_KILL_DOG_AP", "LOC-KENNEL-2 GAP-53"),
    Number("kennel.burn_ap", AP, "I_BURN_DOG_AP", "LOC-KENNEL-2 GAP-53 ACT-BURN-CORPSE"),
    # [thing_food]
    Number("thing_food.eat_ap", AP, "I_EAT_STOCK_AP", "GAP-13"),
    # [beacon]
    Number("beacon.activate_ap", AP, "I_BEACON_AP", "GAP-6"),
    Number("beacon.call_ap", AP, "I_CALL_AP", "GAP-6"),
    # [rescue]
    Number("rescue.delay_turns", Whole(0, 1000), "I_RESCUE_DELAY", "GAP-6", step=5),
    Number("rescue.wait_for_clear", SWITCH, "I_RESCUE_WAIT_CLEAR", "GAP-6"),
    # [doors]
    Number("doors.locked_rooms", LOCKABLE_ROOMS, "I_LOCKED_ROOMS", "GAP-5"),
    Number("doors.card_rooms", Whole(0, codes.N_ROOMS - 1), "I_CARD_ROOMS", "GAP-5"),
    Number("doors.top_access_cards", Whole(0, MAX_CHARACTERS), "I_TOP_CARDS", "GAP-5"),
    Number("doors.code_ap", AP, "I_CODE_AP", "ACT-CODE GAP-25"),
    Number("doors.positions_erudition", Whole(1, 4), "I_POSITIONS_ERUDITION", "CODE-2 STAT-ERUD-1"),
    Number("doors.absent_erudition", Whole(1, 4), "I_ABSENT_ERUDITION", "CODE-3 STAT-ERUD-2"),
    Number("doors.idcard_ap", AP, "I_IDCARD_AP", "ACT-IDCARD ID-2 GAP-25"),
    Number("doors.break_ap", AP, "I_DOOR_BREAK_AP", "DOOR-2 ACT-BREAK ITEM-SCRAP"),
    # [terminal]
    Number("terminal.report_ap", AP, "I_REPORT_AP", "LOC-TOWER-3"),
    Number("terminal.card_access_ap", AP, "I_CARD_ACCESS_AP", "LOC-TOWER-4"),
    Number("terminal.open_all_ap", AP, "I_OPEN_ALL_AP", "LOC-TOWER-4"),
    Number("terminal.lock_all_ap", AP, "I_LOCK_ALL_AP", "LOC-TOWER-4"),
    Number("terminal.give_top_ap", AP, "I_GIVE_TOP_AP", "LOC-TOWER-4"),
    Number("terminal.edit_room_ap", AP, "I_EDIT_ROOM_AP", "LOC-TOWER-4"),
    Number("terminal.entry_log_ap", AP, "I_ENTRY_LOG_AP", "LOC-TOWER-4"),
    Number(
        "terminal.entry_log_turns",
        Whole(1, ENTRY_LOG_SLOTS),
        "I_ENTRY_LOG_TURNS",
        "LOC-TOWER-4 ID-3",
    ),
    # [laboratory]
    Number("laboratory.blood_self_ap", AP, "I_BLOOD_SELF_AP", "ACT-BLOOD-SELF"),
    Number("laboratory.dog_sample_ap", AP, "I_DOG_SAMPLE_AP", "LOC-KENNEL-2 GAP-53"),
    Number("laboratory.insert_ap", AP, "I_LAB_INSERT_AP", "LOC-LAB-2"),
    Number("laboratory.start_ap", AP, "I_LAB_START_AP", "LOC-LAB-3"),
    Number("laboratory.view_ap", AP, "I_LAB_VIEW_AP", "LOC-LAB-4"),
    Number("laboratory.comparison_turns", Whole(1, 10), "I_COMPARISON_TURNS", "LOC-LAB-3 GAP-52"),
    Number("laboratory.devices_need_power", SWITCH, "I_LAB_NEEDS_POWER", "GAP-21"),
    Number("laboratory.samples", Whole(0, 200), "I_BLOOD_SAMPLES", "ITEM-BLOOD"),
    # [map]
    Number("map.blocks", BLOCKS, None, "GAP-1 GAP-2 MAP-1 MAP-2 MAP-3 MAP-4 MAP-5"),
    Number(
        "map.extra_links",
        LINKS,
        None,
        "GAP-1",
        alternatives=([["generator_1", "generator_2"], ["generator_2", "generator_3"]],),
    ),
)

DERIVED: tuple[Derived, ...] = (
    Derived(
        "I_N_BANDS",
        1,
        "the frostbite bands in use (FROST-2)",
        lambda v, m, check: (len(v["frostbite.band_floor"]),),
    ),
    Derived(
        "I_ADJACENT",
        codes.N_ROOMS,
        "per room, the bitmask of the rooms next to it (the packed map)",
        lambda v, m, check: tuple(
            sum(1 << int(q) for q in range(codes.N_ROOMS) if row[q]) for row in m
        ),
    ),
    Derived(
        "I_CHECK_INVARIANTS",
        1,
        "a run-time switch, not a rule: count invariant violations every turn",
        lambda v, m, check: (int(check),),
    ),
)

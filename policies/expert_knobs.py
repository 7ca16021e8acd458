"""The expert humans' knobs, in order, and the index of each: the one list that
policies.expert_humans and the modules of its errands (policies.opening, burning, organs,
samples, doors_play, helicopter_play, repair_light) read, so that no index is written twice.
Naive's knobs come first, at the indices policies.humans reads them at; a knob counting people
is a share of the players (policies.HEAD_COUNTS)."""

from policies.humans import KNOBS as HUMAN_KNOBS

KNOBS = HUMAN_KNOBS + (
    "arm_up",
    "attack_suspicion",
    "flee_unarmed",
    "burn_things",
    "trust_below",
    "avoid_pairs",
    "blood_tests",
    "test_after_call",
    "supply_dry",
    "lab_retry_turns",
    "mechanics",
    "heli_from_turn",
    "fly_out",
    "fly_untested",
    "flashlight",
    "carry_parts",
    "guards_share",
    "callers_share",
    "call_from_start",
    "arms_first",
    "burn_reserve",
    "organs_hp",
    "hand_samples",
    "talk",
    "believe_below",
    "proof_points",
    "word_points",
    "lie_points",
    "spare_ordered",
    "door_codes",  # policies.doors_play
    "heli_fuel",  # policies.helicopter_play
    "pilots_share",  # read as the pilots it makes (policies.HEAD_COUNTS); policies.helicopter_play
    "dark_repairs",  # policies.repair_light
)
K_ARM_UP = KNOBS.index("arm_up")
K_ATTACK_SUSPICION = KNOBS.index("attack_suspicion")
K_FLEE_UNARMED = KNOBS.index("flee_unarmed")
K_BURN_THINGS = KNOBS.index("burn_things")
K_TRUST_BELOW = KNOBS.index("trust_below")
K_AVOID_PAIRS = KNOBS.index("avoid_pairs")
K_BLOOD_TESTS = KNOBS.index("blood_tests")
K_TEST_AFTER_CALL = KNOBS.index("test_after_call")
K_SUPPLY_DRY = KNOBS.index("supply_dry")
K_LAB_RETRY_TURNS = KNOBS.index("lab_retry_turns")
K_MECHANICS = KNOBS.index("mechanics")
K_HELI_FROM_TURN = KNOBS.index("heli_from_turn")
K_FLY_OUT = KNOBS.index("fly_out")
K_FLY_UNTESTED = KNOBS.index("fly_untested")
K_FLASHLIGHT = KNOBS.index("flashlight")
K_CARRY_PARTS = KNOBS.index("carry_parts")
K_GUARDS = KNOBS.index("guards_share")
K_CALLERS = KNOBS.index("callers_share")
K_CALL_FROM_START = KNOBS.index("call_from_start")
K_ARMS_FIRST = KNOBS.index("arms_first")
K_BURN_RESERVE = KNOBS.index("burn_reserve")
K_ORGANS_HP = KNOBS.index("organs_hp")
K_HAND_SAMPLES = KNOBS.index("hand_samples")
K_TALK = KNOBS.index("talk")
K_BELIEVE_BELOW = KNOBS.index("believe_below")
K_PROOF_POINTS = KNOBS.index("proof_points")
K_WORD_POINTS = KNOBS.index("word_points")
K_LIE_POINTS = KNOBS.index("lie_points")
K_SPARE_ORDERED = KNOBS.index("spare_ordered")
K_DOOR_CODES = KNOBS.index("door_codes")
K_HELI_FUEL = KNOBS.index("heli_fuel")
K_PILOTS = KNOBS.index("pilots_share")
K_DARK_REPAIRS = KNOBS.index("dark_repairs")

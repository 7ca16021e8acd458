"""The classic ruleset's rules (CL-*), each checked on the compiled classic kernel: exact
outcomes where the rules are certain, chances within four standard errors over fixed seeds."""

import numpy as np
import pytest

from balance import codes as C
from balance import records as R
from balance.classic import codes as K
from balance.classic import observation as O
from balance.classic import params as P
from balance.classic import state as S
from balance.classic.rules import cycle_weather
from balance.config import load_config
from balance.runner import run_games
from classic_harness import Classic, share, within

TRIALS = 2000


# --- setup ---


@pytest.mark.parametrize("players,things", [(9, 1), (12, 2), (15, 3)])
def test_CL_CHAR_7_CL_GAP_1_CL_GAP_2_CL_GAP_14_the_deal_and_the_stores(players, things):
    from balance.classic import rules as RU
    from balance.classic.state import allocate
    from balance.config import pack_classic

    cfg = load_config(players, ["ruleset=classic"])
    ip, _ = pack_classic(cfg)
    g = allocate(ip, 0)
    rec = np.zeros(R.N_FIELDS, dtype=np.int64)
    RU.new_game(g, ip, np.uint64(3), 7, rec)
    assert g.ch[:, S.CH_THING].sum() == things == g.ch[:, S.CH_ORIGINAL].sum()
    professions = np.bincount(g.ch[:, S.CH_PROFESSION], minlength=5)
    assert list(professions) == [1, 1, 1, 1, players - 4]  # CL-CHAR-1..5, CL-GAP-2
    # CL-COMBAT-1/2: 2 hit points for a human, 3 for a Thing
    assert set(g.ch[g.ch[:, S.CH_THING] == 0, S.CH_HP]) == {2}
    assert set(g.ch[g.ch[:, S.CH_THING] == 1, S.CH_HP]) == {3}
    # CL-GAP-14: each store holds as many of each kind as there are players
    assert g.store[K.ARSENAL, K.WEAPON] == g.store[K.FUEL, K.FUEL_UNIT] == players
    assert g.store[K.TOOLS, K.RADIO_SET] == g.store[K.TOOLS, K.PARTS] == players
    assert g.st[S.ST_FOOD] == players and g.st[S.ST_DOGS] == 2  # CL-LOC-FOOD, CL-LOC-KENNEL
    # CL-GAP-6, CL-GAP-7: the generator runs, the helicopter is whole and dry
    assert g.st[S.ST_GEN_ON] == 1 and g.st[S.ST_HELI_FUEL] == 0
    assert g.obj[K.OB_HELICOPTER] == 3 and g.obj[K.OB_GENERATOR] == 3
    assert g.st[S.ST_TEMPERATURE] == 25  # CL-TEMP-1


def test_CL_GAP_4_CL_GAP_5_start_locations_and_the_Things_know_each_other():
    together = Classic(sets=["game.start=together"])
    from balance.classic import rules as RU

    RU.new_game(together.g, together.ip, np.uint64(0), 0, together.rec)
    assert set(together.ch[:, S.CH_LOC]) == {K.GENERATOR}
    game = Classic(things=(1, 5))
    o = game.observe(1)
    assert o[O.O_FELLOW + 5] == 1 and o[O.O_FELLOW + 2] == 0 and o[O.O_THING] == 1
    strangers = Classic(sets=["things.know_each_other=false"], things=(1, 5))
    assert strangers.observe(1)[O.O_FELLOW + 5] == 0
    assert game.observe(2)[O.O_FELLOW + 1] == 0  # a human knows nobody


# --- turns ---


def test_CL_TURN_1_one_action_a_turn_and_free_actions_on_top():
    game = Classic(loc=K.ARSENAL)
    game.turn({0: [(K.A_TAKE, -1, K.WEAPON), (K.A_MOVE, -1, K.LAB), (K.F_SAY, 3, K.SAYS_CLEAN)]})
    assert game.ch[0, S.CH_SLOT] == K.WEAPON and game.ch[0, S.CH_LOC] == K.ARSENAL
    assert game.st[S.ST_N_CLAIMS] == 1  # CL-TALK-1: the free claim came too


def test_CL_TURN_2_simultaneous_shots_and_breaking_first():
    game = Classic(things=(11,), sets=["combat.shoot_chance=1.0"])
    game.give(0, K.WEAPON, bullets=3)
    game.turn({0: [(K.A_SHOOT, 1, 0)], 1: [(K.A_MOVE, -1, K.LAB)]})
    # he left, yet the shot was aimed where the turn found him
    assert game.ch[1, S.CH_LOC] == K.LAB and game.ch[1, S.CH_HP] == 1
    # two who shoot each other both fire, though each shot kills
    game = Classic(things=(11,), sets=["combat.shoot_chance=1.0"])
    for c in (0, 1):
        game.give(c, K.WEAPON, bullets=3)
        game.ch[c, S.CH_HP] = 1
    game.turn({0: [(K.A_SHOOT, 1, 0)], 1: [(K.A_SHOOT, 0, 0)]})
    assert game.ch[0, S.CH_ALIVE] == 0 == game.ch[1, S.CH_ALIVE]
    # breaking resolves first: the last hit breaks the generator and the switch fails
    game = Classic()
    game.g.obj[K.OB_GENERATOR] = 1
    game.turn({0: [(K.A_BREAK, -1, K.OB_GENERATOR)], 1: [(K.A_SWITCH, -1, 0)]})
    assert game.g.obj[K.OB_GENERATOR] == 0 and game.st[S.ST_GEN_ON] == 0
    failed = game.events(K.E_FAILED)
    assert list(failed[:, 2]) == [1] and list(failed[:, 4]) == [K.A_SWITCH]


def test_CL_TURN_3_CL_THING_INF_the_infected_turns_on_the_seventh_turn():
    game = Classic(things=(0,), sets=["infection.chance=1.0", "generator.start_on=false"])
    game.turn({0: [(K.A_INFECT, 1, 0)]})  # turn 1, in the dark
    assert game.ch[1, S.CH_CONVERT_TURN] == 8 and game.ch[1, S.CH_FELT] == 1
    assert game.observe(1)[O.O_THING] == 0  # he does not know it
    for t in range(2, 8):
        game.turn()
        assert game.ch[1, S.CH_THING] == 0, t
    game.start()  # turn 8 = 1 + 7
    assert game.ch[1, S.CH_THING] == 1 and game.ch[1, S.CH_MAX_HP] == 3
    assert game.observe(1)[O.O_INFECTOR] == 0  # and learns who infected him
    assert game.rec[R.C_CONVERSIONS] == 1


# --- the Thing ---


def test_CL_THING_INF_chance_in_the_dark_and_the_handover_in_the_light():
    def dark(seed):
        game = Classic(things=(0,), seed=seed, sets=["generator.start_on=false"])
        game.turn({0: [(K.A_INFECT, 1, 0)]})
        return game.ch[1, S.CH_CONVERT_TURN] > 0

    assert within(share(TRIALS, dark), 0.6, TRIALS)
    # in the light only by handing over an item: without one the attempt is refused
    game = Classic(things=(0,), sets=["infection.chance=1.0"])
    game.turn({0: [(K.A_INFECT, 1, 0)]})
    assert game.ch[1, S.CH_CONVERT_TURN] == 0 and game.rec[R.C_INFECTION_ATTEMPTS] == 0
    game.give(0, K.FLASHLIGHT)
    game.turn({0: [(K.A_INFECT, 1, 0)]})
    assert game.ch[1, S.CH_CONVERT_TURN] > 0 and game.ch[1, S.CH_SLOT] == K.FLASHLIGHT
    assert game.ch[1, S.CH_FELT] == 0  # handed over in the light, no feeling of it
    # the active Thing infects in the light, but only the wounded (CL-THING-INF)
    game = Classic(things=(0,), sets=["infection.chance=1.0"])
    game.turn({0: [(K.F_REVEAL, -1, 0), (K.A_INFECT, 1, 0)]})
    assert game.ch[1, S.CH_CONVERT_TURN] == 0
    game.ch[1, S.CH_HP] = 1
    game.turn({0: [(K.A_INFECT, 1, 0)]})
    assert game.ch[1, S.CH_CONVERT_TURN] > 0


def test_CL_THING_REVEAL_CL_THING_MELEE_CL_CHAR_6_CL_CHAR_3_the_active_form():
    game = Classic(things=(0,))
    game.give(0, K.WEAPON, bullets=3)
    game.turn({0: [(K.F_REVEAL, -1, 0)]})
    assert game.ch[0, S.CH_ACTIVE] == 1 and game.ch[0, S.CH_SLOT] == K.NO_ITEM  # items fall
    assert game.g.floor[K.GENERATOR, K.WEAPON].sum() == 1
    assert game.observe(5)[O.O_SEE + 0] == O.P_ACTIVE
    game.turn({0: [(K.A_TAKE, -1, K.WEAPON)]})  # CL-CHAR-6: no item for the active form
    assert game.events(K.E_FAILED).shape[0] == 1

    def melee(seed, soldier):
        game = Classic(things=(0,), seed=seed)
        game.ch[1, S.CH_PROFESSION] = K.SOLDIER if soldier else K.SCIENTIST
        game.turn({0: [(K.F_REVEAL, -1, 0), (K.A_MELEE, 1, 0)]})
        return game.ch[1, S.CH_HP] == 1

    assert within(share(TRIALS, lambda s: melee(s, False)), 0.8, TRIALS)
    assert within(share(TRIALS, lambda s: melee(s, True)), 0.7, TRIALS)
    # melee needs the active form
    game = Classic(things=(0,))
    game.turn({0: [(K.A_MELEE, 1, 0)]})
    assert game.rec[R.C_MELEE_ATTACKS] == 0


# --- actions ---


def test_CL_ACT_SHOOT_CL_CHAR_3_CL_COMBAT_3_shots():
    def shot(seed, soldier):
        game = Classic(seed=seed)
        game.give(0, K.WEAPON, bullets=3)
        game.ch[0, S.CH_PROFESSION] = K.SOLDIER if soldier else K.PILOT
        game.turn({0: [(K.A_SHOOT, 1, 0)]})
        assert game.ch[0, S.CH_BULLETS] == 2
        return game.ch[1, S.CH_HP] == 1

    assert within(share(TRIALS, lambda s: shot(s, False)), 0.7, TRIALS)
    assert within(share(TRIALS, lambda s: shot(s, True)), 0.8, TRIALS)
    game = Classic()
    game.ch[7, S.CH_LOC] = K.METEO
    game.give(0, K.WEAPON, bullets=1)
    game.turn({0: [(K.A_SHOOT, 1, 0)]})
    assert game.observe(7)[O.O_SHOTS] == 1  # CL-COMBAT-3: heard anywhere
    game.turn({0: [(K.A_SHOOT, 1, 0)]})  # no bullet left
    assert game.rec[R.C_SHOTS] == 1


def test_CL_ACT_HINDER_minus_two_tenths_a_hinderer_and_the_floor():
    def hindered_shot(seed, hinderers):
        game = Classic(seed=seed)
        game.give(0, K.WEAPON, bullets=3)
        rows = {0: [(K.A_SHOOT, 1, 0)]}
        rows.update({h: [(K.A_HINDER, 0, 0)] for h in range(2, 2 + hinderers)})
        game.turn(rows)
        return game.ch[1, S.CH_HP] == 1

    assert within(share(TRIALS, lambda s: hindered_shot(s, 1)), 0.5, TRIALS)
    assert within(share(TRIALS, lambda s: hindered_shot(s, 3)), 0.2, TRIALS)  # the floor

    def hindered_move(seed):
        game = Classic(seed=seed)
        game.turn({0: [(K.A_MOVE, -1, K.LAB)], 1: [(K.A_HINDER, 0, 0)]})
        return game.ch[0, S.CH_LOC] == K.LAB

    assert within(share(TRIALS, hindered_move), 0.8, TRIALS)  # no roll: 8/10


def test_CL_ACT_MOVE_CL_ACT_SUICIDE_any_location_and_the_last_bullet():
    game = Classic(loc=K.HELIPAD)
    game.turn({0: [(K.A_MOVE, -1, K.METEO)]})  # CL-ACT-MOVE: no adjacency
    assert game.ch[0, S.CH_LOC] == K.METEO
    game.give(1, K.WEAPON, bullets=1)
    game.turn({1: [(K.A_SUICIDE, -1, 0)]})
    assert game.ch[1, S.CH_ALIVE] == 0 and game.ch[1, S.CH_BULLETS] == 0


def test_CL_COMBAT_1_CL_COMBAT_2_wounds_death_paralysis_and_revival():
    game = Classic(things=(1,), sets=["combat.shoot_chance=1.0"])
    game.give(0, K.WEAPON, bullets=3)
    game.give(2, K.WEAPON, bullets=3)
    game.give(2, K.RADIO_SET)
    game.give(3, K.WEAPON, bullets=3)
    game.turn({0: [(K.A_SHOOT, 2, 0)]})  # a wounded human keeps one slot (CL-COMBAT-1)
    assert game.ch[2, S.CH_HP] == 1 and game.ch[2, S.CH_SLOT + 1] == K.NO_ITEM
    assert game.g.floor[K.GENERATOR, K.RADIO_SET].sum() == 1
    game.turn({0: [(K.A_SHOOT, 2, 0)]})
    assert game.ch[2, S.CH_ALIVE] == 0
    # the Thing: wounded twice without revealing itself, then paralysed, looking dead
    game.turn({0: [(K.A_SHOOT, 1, 0)], 3: [(K.A_SHOOT, 1, 0)]})
    assert game.ch[1, S.CH_HP] == 1 and game.ch[1, S.CH_ACTIVE] == 0
    game.turn({3: [(K.A_SHOOT, 1, 0)]})  # turn 4: paralysed for turns 5 and 6
    assert game.ch[1, S.CH_PARALYSED_UNTIL] == 6 and game.ch[1, S.CH_ALIVE] == 1
    assert game.observe(4)[O.O_SEE + 1] == O.P_LOOKS_DEAD == game.observe(4)[O.O_SEE + 2]
    game.turn()
    game.turn()
    assert game.ch[1, S.CH_PARALYSED_UNTIL] == 6
    game.start()  # turn 7: revives with 1 hit point
    assert game.ch[1, S.CH_PARALYSED_UNTIL] == 0 and game.ch[1, S.CH_HP] == 1


def test_CL_COMBAT_2_burning_the_paralysed_and_fuel_wasted():
    game = Classic(things=(1,), sets=["combat.shoot_chance=1.0"])
    game.ch[1, S.CH_HP] = 1
    game.give(0, K.WEAPON, bullets=3)
    game.give(2, K.FUEL_UNIT)
    game.give(3, K.FUEL_UNIT)
    game.turn({3: [(K.A_BURN, 4, 0)]})  # a living human: the fuel is wasted
    assert game.ch[3, S.CH_SLOT] == K.NO_ITEM and game.ch[4, S.CH_ALIVE] == 1
    # the shot paralyses it and the fuel poured the same turn burns it for good
    over = game.turn({0: [(K.A_SHOOT, 1, 0)], 2: [(K.A_BURN, 1, 0)]})
    assert game.ch[1, S.CH_ALIVE] == 0 and game.ch[1, S.CH_DEATH_CAUSE] == C.DC_FIRE
    assert over and game.st[S.ST_WINNER] == C.HUMANS and game.st[S.ST_REASON] == C.R_THINGS_DEAD


# --- locations ---


def test_CL_LOC_ARSENAL_CL_LOC_FUEL_CL_LOC_TOOLS_CL_ITEM_stores_and_slots():
    game = Classic(loc=K.ARSENAL)
    game.turn({0: [(K.A_TAKE, -1, K.WEAPON)], 1: [(K.A_SPOIL, -1, K.WEAPON)]})
    assert game.ch[0, S.CH_BULLETS] == 3 and game.g.store[K.ARSENAL, K.WEAPON] == 10
    game.ch[0, S.CH_LOC] = game.ch[1, S.CH_LOC] = K.FUEL
    game.turn({0: [(K.A_TAKE, -1, K.FUEL_UNIT)], 1: [(K.A_SPOIL, -1, K.FUEL_UNIT)]})
    assert game.ch[0, S.CH_SLOT + 1] == K.FUEL_UNIT and game.g.store[K.FUEL, K.FUEL_UNIT] == 10
    game.ch[0, S.CH_LOC] = K.TOOLS
    game.turn({0: [(K.A_TAKE, -1, K.PARTS)]})  # CL-ITEM: two slots, both full
    assert game.g.store[K.TOOLS, K.PARTS] == 12 and game.events(K.E_FAILED).shape[0] == 1
    game.turn({0: [(K.F_DROP, -1, K.FUEL_UNIT), (K.A_TAKE, -1, K.PARTS)]})
    assert game.ch[0, S.CH_SLOT + 1] == K.PARTS


def test_CL_LOC_GEN_CL_REPAIR_CL_CHAR_2_breaking_repairing_switching():
    game = Classic()
    game.ch[1, S.CH_PROFESSION] = K.TECHNICIAN
    game.turn({0: [(K.A_BREAK, -1, K.OB_GENERATOR)], 1: [(K.A_BREAK, -1, K.OB_GENERATOR)]})
    assert game.g.obj[K.OB_GENERATOR] == 0 and game.st[S.ST_GEN_ON] == 0  # 1 + 2 hits
    game.turn({1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})  # at 0 hits only with spare parts
    assert game.g.obj[K.OB_GENERATOR] == 0
    game.give(0, K.PARTS)
    game.turn({0: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})
    assert game.g.obj[K.OB_GENERATOR] == 1 and game.ch[0, S.CH_SLOT] == K.NO_ITEM
    game.turn({1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})  # the technician repairs 2
    assert game.g.obj[K.OB_GENERATOR] == 3 and game.st[S.ST_GEN_ON] == 0  # still off
    game.turn({0: [(K.A_SWITCH, -1, 0)]})
    assert game.st[S.ST_GEN_ON] == 1 and game.observe(5)[O.O_POWER] == 1


def test_CL_TEMP_1_cooling_freezing_and_warming():
    game = Classic(things=(11,))
    game.turn({0: [(K.A_SWITCH, -1, 0)]})  # off on turn 1
    temps = []
    over = False
    while not over:
        over = game.turn()
        temps.append(game.st[S.ST_TEMPERATURE])
    assert temps == [20, 15, 10, 5, 0, -5, -10, -15, -20, -25, -30]  # turns 2..12
    assert game.st[S.ST_WINNER] == C.THINGS and game.st[S.ST_REASON] == C.R_FROZEN
    assert game.rec[R.C_DEATHS_COLD] == 11 and game.ch[11, S.CH_ALIVE] == 1
    game = Classic()
    game.st[S.ST_TEMPERATURE] = 0
    game.st[S.ST_GEN_ON] = 0
    game.turn({0: [(K.A_SWITCH, -1, 0)]})  # on during turn 1 (it cooled at its start)
    temps = []
    for _ in range(6):
        game.turn()
        temps.append(game.st[S.ST_TEMPERATURE])
    assert temps == [0, 0, 5, 5, 10, 10]  # +5 every second turn from the next: 2, 4, 6


def test_CL_LOC_FOOD_starvation_two_turns_after_the_last_food():
    game = Classic(loc=K.FOOD, things=(0,), sets=["stores.per_player=1"])
    game.st[S.ST_FOOD] = 1
    game.turn({0: [(K.A_EAT, -1, 0)]})  # turn 1: the last food, "in 2 turns" is turn 4
    assert game.st[S.ST_STARVE_TURN] == 4
    assert not game.turn() and not game.turn()
    assert game.start()
    assert game.st[S.ST_WINNER] == C.THINGS and game.st[S.ST_REASON] == C.R_STARVED


def test_CL_LOC_HELI_CL_CHAR_1_refuel_prepare_and_fly():
    game = Classic(loc=K.HELIPAD, sets=["helicopter.pilot_clear_chance=1.0"])
    for c in range(12):  # everyone but 0 and 1 is somewhere else
        game.ch[c, S.CH_LOC] = K.HELIPAD if c < 2 else K.LAB
    game.make_thing(11)
    game.give(0, K.FUEL_UNIT)
    game.give(0, K.FUEL_UNIT)
    game.turn({0: [(K.A_PREPARE, -1, 0)]})  # not fuelled: refused
    assert game.st[S.ST_HELI_PREPARED] == 0
    game.turn({0: [(K.A_REFUEL, -1, 0)]})
    game.turn({0: [(K.A_REFUEL, -1, 0)]})
    assert game.st[S.ST_HELI_FUEL] == 2
    game.turn({0: [(K.A_PREPARE, -1, 0)], 1: [(K.A_PREPARE, -1, 0)]})
    assert game.st[S.ST_HELI_PREPARED] == 1  # two preparers, one turn
    game.turn({1: [(K.A_PREPARE, -1, 0)]})
    assert game.st[S.ST_HELI_PREPARED] == 2 and game.rec[R.C_HELI_PREPARED_TURN] == game.t
    game.ch[0, S.CH_PROFESSION] = K.PILOT
    # fly in a clear cycle with the pilot: certain; the others play on (CL-WIN-1)
    clear = next(
        t
        for t in range(game.t + 1, 60)
        if cycle_weather(game.g.rng, (t - 1) // 5, game.fp[P.F_CLEAR]) == C.CLEAR
    )
    while game.t < clear - 1:
        game.turn()
    over = game.turn({0: [(K.A_FLY, -1, 0)], 1: [(K.A_FLY, -1, 0)]})
    assert not over and game.ch[0, S.CH_ESCAPED] == 1 == game.ch[1, S.CH_ESCAPED]
    assert game.st[S.ST_HELI_GONE] == 1 and game.rec[R.C_HELI_FLIGHT_TURN] == clear


def _ready_helipad(sets=(), thing=None, infected=None):
    game = Classic(loc=K.HELIPAD, sets=sets)
    for c in range(12):
        game.ch[c, S.CH_LOC] = K.HELIPAD if c < 2 else K.LAB
    game.make_thing(11)
    if thing is not None:
        game.make_thing(thing)
    if infected is not None:
        game.ch[infected, S.CH_CONVERT_TURN] = 50
    game.st[S.ST_HELI_FUEL] = 2
    game.st[S.ST_HELI_PREPARED] = 2
    return game


def test_CL_LOC_HELI_CL_WIN_2_a_Thing_aboard_wins_and_CL_GAP_9_the_infected():
    sets = ["helicopter.clear_chance=1.0", "helicopter.storm_chance=1.0"]
    game = _ready_helipad(sets, thing=1)
    assert game.turn({0: [(K.A_FLY, -1, 0)], 1: [(K.A_FLY, -1, 0)]})
    assert game.st[S.ST_WINNER] == C.THINGS and game.st[S.ST_REASON] == C.R_THING_ESCAPED
    game = _ready_helipad(sets, infected=1)
    assert game.turn({0: [(K.A_FLY, -1, 0)], 1: [(K.A_FLY, -1, 0)]})
    assert game.st[S.ST_REASON] == C.R_THING_ESCAPED
    game = _ready_helipad([*sets, "helicopter.infected_aboard=human"], infected=1)
    assert not game.turn({0: [(K.A_FLY, -1, 0)], 1: [(K.A_FLY, -1, 0)]})


def test_CL_LOC_HELI_flight_chances_and_CL_GAP_8_the_crash():
    def flight(seed, pilot):
        game = _ready_helipad(["helicopter.failed_flight=grounded"])
        game.g.rng[:] = 0  # replaced below: each seed its own streams
        from balance.classic import rules as RU

        RU.seed_streams(game.g.rng, np.uint64(seed), 0)
        game.ch[0, S.CH_PROFESSION] = K.PILOT if pilot else K.SCIENTIST
        game.turn({0: [(K.A_FLY, -1, 0)]})
        weather = game.observe(1)[O.O_WEATHER]
        return weather, game.ch[0, S.CH_ESCAPED] == 1

    for pilot, (storm, clear) in ((False, (0.2, 0.8)), (True, (0.5, 1.0))):
        results = [flight(s, pilot) for s in range(TRIALS)]
        for weather, p in ((C.STORM, storm), (C.CLEAR, clear)):
            flown = [ok for w, ok in results if w == weather]
            assert within(sum(flown) / len(flown), p, len(flown)), (pilot, weather)
    crash = _ready_helipad(["helicopter.clear_chance=0.0", "helicopter.storm_chance=0.0"])
    crash.turn({0: [(K.A_FLY, -1, 0)]})
    assert crash.ch[0, S.CH_ALIVE] == 0 and crash.ch[0, S.CH_DEATH_CAUSE] == K.DC_CRASH
    assert crash.st[S.ST_HELI_GONE] == 1


def test_CL_WIN_1_CL_GAP_10_the_last_humans_flying_away_win():
    sets = ["helicopter.clear_chance=1.0", "helicopter.storm_chance=1.0"]
    game = _ready_helipad(sets)
    for c in range(2, 11):
        game.ch[c, S.CH_ALIVE] = 0
    assert game.turn({0: [(K.A_FLY, -1, 0)], 1: [(K.A_FLY, -1, 0)]})
    assert game.st[S.ST_WINNER] == C.HUMANS and game.st[S.ST_REASON] == C.R_ESCAPE
    # CL-GAP-10: an infected human left alive keeps the game going after the last Thing dies
    game = Classic(things=(5,), sets=["combat.shoot_chance=1.0"])
    game.ch[5, S.CH_HP] = 1
    game.ch[6, S.CH_CONVERT_TURN] = 30
    game.give(0, K.WEAPON, bullets=3)
    game.give(1, K.FUEL_UNIT)
    assert not game.turn({0: [(K.A_SHOOT, 5, 0)], 1: [(K.A_BURN, 5, 0)]})
    off = Classic(things=(5,), sets=["combat.shoot_chance=1.0", "win.infected_are_things=false"])
    off.ch[5, S.CH_HP] = 1
    off.ch[6, S.CH_CONVERT_TURN] = 30
    off.give(0, K.WEAPON, bullets=3)
    off.give(1, K.FUEL_UNIT)
    assert off.turn({0: [(K.A_SHOOT, 5, 0)], 1: [(K.A_BURN, 5, 0)]})


def test_CL_LOC_LAB_CL_CHAR_4_CL_ACT_BLOOD_CL_ACT_FREE_tests_mixes_and_swaps():
    game = Classic(loc=K.LAB, things=(3,))
    for c in range(5):
        game.turn({c: [(K.A_OWN_BLOOD, -1, 0)]})
    rows = {int(game.g.samples[s, S.SM_HOLDER]): s for s in range(5)}
    # everyone hands his sample to 0; 0 mixes 1, 2 and 3 into one and tests it
    game.turn({c: [(K.F_GIVE_SAMPLE, 0, rows[c])] for c in (1, 2, 3, 4)})
    game.turn(
        {0: [(K.F_MIX, rows[1], rows[2]), (K.F_MIX, rows[1], rows[3]), (K.A_TEST, -1, rows[1])]}
    )
    o = game.observe(0)
    assert o[O.O_RESULT_LABEL] == 0b1110 and o[O.O_RESULT] == 1  # a Thing among 1, 2, 3
    assert game.observe(4)[O.O_RESULT_LABEL] == O.UNSEEN  # CL-GAP-11: the tester alone
    # the medic tests two a turn; a scientist one
    game.ch[0, S.CH_PROFESSION] = K.MEDIC
    game.turn({0: [(K.A_TEST, rows[4], rows[0])]})
    o = game.observe(0)
    assert list(o[O.O_RESULT_LABEL : O.O_RESULT_LABEL + 2]) == [1, 16]
    assert list(o[O.O_RESULT : O.O_RESULT + 2]) == [0, 0]
    # a swap puts one's blood under another's label
    game.turn({0: [(K.F_SWAP, rows[4], rows[1]), (K.A_TEST, -1, rows[4])]})
    assert game.observe(0)[O.O_RESULT] == 1
    # no generator, no analysis
    game.st[S.ST_GEN_ON] = 0
    game.turn({0: [(K.A_TEST, -1, rows[0])]})
    assert game.observe(0)[O.O_RESULT_LABEL] == O.UNSEEN
    room = Classic(loc=K.LAB, things=(3,), sets=["lab.result_seen_by=room"])
    room.turn({0: [(K.A_OWN_BLOOD, -1, 0)]})
    room.turn({0: [(K.A_TEST, -1, 0)]})
    assert room.observe(4)[O.O_RESULT_LABEL] == 1


def test_CL_ACT_CORPSE_CL_LOC_KENNEL_CL_ACT_ITEM_CL_GAP_13_samples_and_tainted_items():
    game = Classic(loc=K.KENNEL, things=(2,))
    game.ch[1, S.CH_ALIVE] = 0
    game.give(1, K.RADIO_SET)
    game.turn({0: [(K.A_DOG_BLOOD, -1, 0)], 3: [(K.A_CORPSE_BLOOD, 1, 0)]})
    labels = sorted(game.g.samples[game.g.samples[:, S.SM_HOLDER] >= 0, S.SM_LABEL])
    assert labels == [2, 1 << K.DOG_BIT]
    game.turn({3: [(K.A_CORPSE_ITEM, 1, K.RADIO_SET)]})
    assert game.ch[3, S.CH_SLOT] == K.RADIO_SET
    game.turn({0: [(K.A_KILL_DOG, -1, 0)]})  # unarmed: refused
    assert game.st[S.ST_DOGS] == 2

    def tainted_pickup(seed):
        game = Classic(seed=seed, things=(2,))
        game.give(2, K.FLASHLIGHT)
        game.turn({2: [(K.F_DROP, -1, K.FLASHLIGHT)]})  # any item a Thing drops infects
        game.turn({0: [(K.A_PICK_UP, -1, K.FLASHLIGHT)]})
        assert game.ch[0, S.CH_SLOT] == K.FLASHLIGHT
        return game.ch[0, S.CH_CONVERT_TURN] > 0

    assert within(share(TRIALS, tainted_pickup), 0.6, TRIALS)


def test_CL_LIGHT_1_CL_LIGHT_2_CL_LIGHT_3_what_is_seen():
    game = Classic(things=(3,))
    game.give(1, K.WEAPON, bullets=3)
    game.ch[2, S.CH_HP] = 1
    game.turn({1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})
    game.start()
    lit = game.observe(0)
    assert lit[O.O_ITEMS + 1] == 1 << K.WEAPON and lit[O.O_WOUNDED + 2] == 1
    assert lit[O.O_DID + 1] == K.A_REPAIR and lit[O.O_HITS + K.OB_GENERATOR] == 3
    game.st[S.ST_GEN_ON] = 0
    game.turn({1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})
    game.start()
    dark = game.observe(0)
    assert dark[O.O_SEE + 1] == O.P_HERE and dark[O.O_ITEMS + 1] == O.UNSEEN
    assert dark[O.O_WOUNDED + 2] == O.UNSEEN and dark[O.O_DID + 1] == O.UNSEEN
    assert dark[O.O_HITS + K.OB_GENERATOR] == O.UNSEEN
    game.ch[4, S.CH_ALIVE] = 0
    game.turn({3: [(K.F_REVEAL, -1, 0)]})
    dark = game.observe(0)
    assert dark[O.O_SEE + 4] == O.P_LOOKS_DEAD and dark[O.O_SEE + 3] == O.P_ACTIVE
    game.give(0, K.FLASHLIGHT)
    game.turn({0: [(K.F_LIGHT, -1, 1)], 1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})
    game.start()
    lit = game.observe(0)
    assert lit[O.O_LIT] == 1 and lit[O.O_ITEMS + 1] == 1 << K.WEAPON
    assert lit[O.O_DID + 1] == K.A_REPAIR


def test_CL_TALK_1_CL_LOC_RADIO_CL_ITEM_who_hears_a_claim():
    game = Classic()
    game.ch[5, S.CH_LOC] = K.METEO
    game.ch[6, S.CH_LOC] = K.RADIO
    game.turn({0: [(K.F_SAY, 3, K.SAYS_THING)]})
    assert game.observe(1)[O.O_HEARD_SUBJECT] == 3 and game.observe(5)[O.O_HEARD_SUBJECT] == -1
    game.give(0, K.RADIO_SET)
    game.give(5, K.RADIO_SET)
    game.turn({0: [(K.F_SAY, 3, K.SAYS_CLEAN)]})  # a radio reaches every radio
    assert game.observe(5)[O.O_HEARD_SAYS] == K.SAYS_CLEAN
    game.turn({6: [(K.F_SAY, 2, K.SAYS_THING), (K.A_BROADCAST, -1, 0)]})
    assert game.observe(5)[O.O_HEARD_SPEAKER] == 6  # through the loudspeakers
    game.g.obj[K.OB_SPEAKER + K.METEO] = 0
    game.turn({6: [(K.F_SAY, 2, K.SAYS_THING), (K.A_BROADCAST, -1, 0)]})
    assert game.observe(5)[O.O_HEARD_SPEAKER] == -1


def test_CL_LOC_METEO_CL_WEATHER_1_the_forecast_and_the_cycles():
    game = Classic(loc=K.METEO)
    game.turn({0: [(K.A_FORECAST, -1, 0)]})
    o = game.observe(1)
    assert o[O.O_FORECAST] == cycle_weather(game.g.rng, 1, game.fp[P.F_CLEAR])
    weathers = []
    for t in range(2, 7):
        game.turn()
        weathers.append(game.observe(1)[O.O_WEATHER])
    assert len(set(weathers[:4])) == 1 and weathers[4] == o[O.O_FORECAST]  # turns 2..5, 6
    clear = [cycle_weather(game.g.rng, k, 0.3) == C.CLEAR for k in range(20_000)]
    assert within(sum(clear) / len(clear), 0.3, len(clear))


def test_CL_GAP_3_CL_GAP_12_time_out_and_the_convert_keeps_his_wounds():
    cfg = load_config(9, ["ruleset=classic", "game.max_turns=3"])
    records = run_games(cfg, 200, 0, "idle", "idle")
    assert set(records["reason"]) == {C.R_TIMEOUT} and set(records["end_turn"]) == {3}
    for keeps, hp in ((True, 2), (False, 3)):
        game = Classic(things=(0,), sets=[f"infection.keeps_wounds={str(keeps).lower()}"])
        game.ch[1, S.CH_HP] = 1
        game.ch[1, S.CH_CONVERT_TURN] = 1
        game.start()
        assert game.ch[1, S.CH_THING] == 1 and game.ch[1, S.CH_HP] == hp


@pytest.mark.parametrize("players", [9, 12, 15])
def test_CL_invariants_hold_over_random_games(players):
    """Invariants over 20,000 random-policy games per player count (issue 55)."""
    cfg = load_config(players, ["ruleset=classic"])
    records = run_games(cfg, 20_000, 55, "random", "random", check_invariants=True)
    assert not np.bitwise_or.reduce(records["invariant_violations"])
    assert set(records["reason"]) <= {
        C.R_THINGS_DEAD,
        C.R_HUMANS_DEAD,
        C.R_FROZEN,
        C.R_TIMEOUT,
        C.R_THING_ESCAPED,
        C.R_ESCAPE,
        C.R_STARVED,
    }


def test_CL_LIGHT_1_what_others_declare_this_turn_is_not_seen_before_it_is_done():
    game = Classic(things=(11,))
    game.turn({1: [(K.A_REPAIR, -1, K.OB_GENERATOR)]})
    game.start()
    before = game.observe(0)
    game.declare(1, (K.A_SWITCH, -1, 0))  # his declaration of this turn
    after = game.observe(0)
    assert before[O.O_DID + 1] == K.A_REPAIR and np.array_equal(before, after)


def test_CL_THING_INF_onlookers_see_the_handover_not_the_attempt():
    game = Classic(things=(0,), sets=["infection.chance=1.0"])
    game.give(0, K.FLASHLIGHT)
    game.turn({0: [(K.A_INFECT, 1, 0)]})
    game.start()
    seen = game.observe(2)
    assert seen[O.O_DID + 0] == K.A_NONE and seen[O.O_ITEMS + 1] == 1 << K.FLASHLIGHT
    assert seen[O.O_ITEMS + 0] == 0  # the item changed hands, in plain sight

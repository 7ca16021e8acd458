"""The `expert` Thing policy and the `saboteur` preset (policies.expert_things): scripted
situations played through game.declare_by_policies (what the kernel keeps of the declarations),
and one statistical check against `random` humans."""

import numpy as np
import pytest

from balance import codes
from balance.kernel import state as S
from balance.summary import wilson_interval
from harness import lit

THING, HUMAN, WITNESS, OTHER = 0, 1, 2, 3
RADIO_GEN = codes.GENERATOR_1  # the Radio room's block's generator room (configs [map])
EARLY = ("thing.transform_from_turn=1",)
KNOB = "policies.things.expert."
JOBS = ("radio", "pump", "generator", "beacon", "analyzer", "radio_fixture")
NO_JOBS = (KNOB + "warden=0",) + tuple(f"{KNOB}{job}_weight=1000" for job in JOBS)  # no sabotage


def scene(sets=(), dark=False, room=codes.LIVING_QUARTERS, archetype=codes.ARCH_NONE):
    """A hidden original Thing with three humans in `room`, lit or dark (its block's generator
    broken); everyone else in the Tower."""
    sc = lit(sets=EARLY + tuple(sets))
    sc.make_thing(THING, archetype)
    for c in (THING, HUMAN, WITNESS, OTHER):
        sc.put(c, room)
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[room]] = 1
    return sc


def play(sc, things="expert", humans="idle", scripted=None):
    """One turn with the Things on `things` and the humans on `humans` (`scripted`: {character:
    declarations} replacing his policy's); returns what the kernel kept of each character's
    declarations."""
    return sc.play_turn(humans, things, scripted)


def actions(kept, c, action):
    return [d for d in kept[c] if d[0] == action]


def test_INF_1_THING_P_4_expert_infects_a_human_in_the_dark_never_a_known_Thing():
    """INF-1: in the dark the expert infects (0 AP); THING-P-4: another original Thing here is
    never its target, so with only him here it infects nobody."""
    sc = scene(dark=True)
    sc.make_thing(WITNESS)
    sc.put(OTHER, codes.TOWER)
    kept = play(sc)
    assert actions(kept, THING, codes.A_INFECT) == [(codes.A_INFECT, HUMAN, 0)]
    sc = scene(dark=True)
    sc.make_thing(WITNESS)
    sc.put(HUMAN, codes.TOWER)
    sc.put(OTHER, codes.TOWER)
    for _ in range(6):
        assert actions(play(sc), THING, codes.A_INFECT) == []


def test_INF_6_INF_7_expert_respects_the_cooldown_and_prefers_strangers():
    """INF-6: after an attempt on turn t the next is on t + cooldown + 1, never before; INF-7:
    the three humans here are each infected once before anyone twice."""
    delay = ("infection.delay_min=20", "infection.delay_max=20")
    sc = scene(dark=True, room=codes.KENNEL, sets=NO_JOBS + delay)
    cooldown = sc.cfg["infection.cooldown_turns"]
    turns, victims = [], []
    for t in range(1, 3 * (cooldown + 1) + 1):
        sc.put(THING, codes.KENNEL)  # with them all along
        kept = play(sc)
        for _, victim, _ in actions(kept, THING, codes.A_INFECT):
            turns.append(t)
            victims.append(victim)
    assert turns == [1, cooldown + 2, 2 * cooldown + 3]
    assert sorted(victims) == [HUMAN, WITNESS, OTHER]


def test_INF_5_expert_does_not_infect_a_conscious_human_in_light():
    """INF-5: in Light with fewer than the crowd of I_INF_CROWD, no infection of the conscious."""
    sc = scene(room=codes.KENNEL, sets=NO_JOBS)
    for _ in range(4):
        assert actions(play(sc), THING, codes.A_INFECT) == []


def test_INF_5a_AP_6_expert_infects_the_unconscious_in_light_only_unwatched():
    """INF-5(a), AP-6: infecting an unconscious character in Light is seen by every awake
    character here, so the expert spends its turn on it only when no awake human would see it;
    watched, it refrains."""
    sc = scene(room=codes.KENNEL, sets=NO_JOBS)
    sc.ch[HUMAN, S.CH_UNCONSCIOUS] = 1  # WITNESS and OTHER are awake
    for _ in range(3):
        for c in (THING, HUMAN, WITNESS, OTHER):
            sc.put(c, codes.KENNEL)
        assert actions(play(sc), THING, codes.A_INFECT) == []
    sc.put(THING, codes.KENNEL).put(WITNESS, codes.TOWER).put(OTHER, codes.TOWER)
    kept = play(sc)
    assert actions(kept, THING, codes.A_INFECT) == [(codes.A_INFECT, HUMAN, 0)]
    assert sc.ch[HUMAN, S.CH_INFECTED] == 1


def test_THING_HIDDEN_1_expert_reveals_when_attacked_not_before():
    """THING-HIDDEN-1: with three humans here and nothing against it, the expert stays hidden;
    once one of them shoots at it (exposed), it transforms."""
    sc = scene(room=codes.KENNEL, sets=NO_JOBS)
    hand = 0
    sc.give(HUMAN, codes.PISTOL, hand=hand)
    for _ in range(3):
        sc.put(THING, codes.KENNEL)  # the scene: the Thing with them
        assert actions(play(sc), THING, codes.A_TRANSFORM) == []
    sc.put(THING, codes.KENNEL)
    play(sc, scripted={HUMAN: [(codes.A_SHOOT, THING, hand)]})
    sc.put(THING, codes.KENNEL)
    kept = play(sc)
    assert actions(kept, THING, codes.A_TRANSFORM) == [(codes.A_TRANSFORM, 0, 0)]
    assert sc.ch[THING, S.CH_FORM] == codes.THING_ACTIVE


def test_THING_ACTIVE_6_active_expert_throws_back_then_claws_the_weakest():
    """THING-ACTIVE-6, HP-2: in the active form with two humans here, throw back and claws on
    the most wounded one."""
    sc = scene(room=codes.KENNEL, sets=("policies.things.expert.spray_min=9",))
    sc.put(OTHER, codes.TOWER)
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    sc.ch[WITNESS, S.CH_HP] = 1
    kept = play(sc)
    assert kept[THING] == [(codes.A_THROW_BACK, WITNESS, 0), (codes.A_CLAWS, WITNESS, 0)]


def test_THING_ACTIVE_6_GAP_40_active_expert_sprays_a_crowd_sparing_the_Things():
    sc = scene(room=codes.KENNEL)
    sc.make_thing(4)
    sc.put(4, codes.KENNEL)
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    kept = play(sc)
    assert kept[THING] == [(codes.A_SPRAY, 0, (1 << THING) | (1 << 4))]


def test_THING_P_5_expert_calls_its_convert_who_then_claws():
    """THING-P-5: from `call_turn` the original calls the convert (0 AP); the next turn the
    convert, on the Things' policy with his memory row, claws a human beside him."""
    sc = scene(room=codes.KENNEL, sets=("policies.things.expert.call_turn=1",))
    sc.put(THING, codes.FREEZER)
    sc.ch[HUMAN, S.CH_FORM] = codes.THING_HIDDEN  # a convert
    kept = play(sc)
    assert actions(kept, THING, codes.A_CALL_SPAWN) == [(codes.A_CALL_SPAWN, HUMAN, 0)]
    assert sc.ch[HUMAN, S.CH_FORM] == codes.THING_ACTIVE
    kept = play(sc)
    claws = actions(kept, HUMAN, codes.A_CLAWS)
    assert len(claws) == 1 and claws[0][1] in (WITNESS, OTHER)


def test_GAP_6_ACT_BREAK_the_warden_breaks_the_Radio_blocks_generator_first():
    """GAP-6: the call needs the Radio room's block powered; the first original Thing alone in
    that generator room breaks the generator, then, the room dark, the beacon, then the Radio
    room's light fixture (LIGHT-2: once the power is back, the room stays dark), then, while
    `guard` lasts, it returns to wait by the generator."""
    sc = scene(room=RADIO_GEN, sets=(KNOB + "guard=60",))
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    kept = play(sc)
    assert actions(kept, THING, codes.A_BREAK) == [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]
    kept = play(sc)
    assert actions(kept, THING, codes.A_BREAK) == [(codes.A_BREAK, codes.OBJ_BEACON, 0)]
    assert play(sc)[THING] == [(codes.A_MOVE, codes.RADIO_ROOM, 0)]
    assert play(sc)[THING] == [(codes.A_BREAK, codes.OBJ_LIGHT_FIXTURE, 0)]
    assert play(sc)[THING] == [(codes.A_MOVE, RADIO_GEN, 0)]


def test_ACT_BREAK_AP_6_expert_does_not_break_a_generator_before_witnesses():
    """AP-6: in Light with more humans than `witness_limit` here, the expert does not break the
    pump in front of them."""
    sc = scene(room=codes.FUEL_ROOM)
    sc.make_thing(4)  # rank 0 is THING: the warden; 4 goes for the pump
    sc.put(4, codes.FUEL_ROOM)
    sc.put(THING, codes.TOWER)
    kept = play(sc)
    assert actions(kept, 4, codes.A_BREAK) == []
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    kept = play(sc)
    assert actions(kept, 4, codes.A_BREAK) == [(codes.A_BREAK, codes.OBJ_PUMP, 0)]


def test_THING_HIDDEN_1_GAP_6_expert_reveals_near_the_rescue_not_at_the_call():
    """THING-HIDDEN-1, GAP-6: help was called on turn 1; a hidden original with nobody to claw
    stays hidden (it could still infect) until the rescue, due at the end of turn 1 + delay, is
    `reveal_before_rescue` turns away, then transforms: not right after the call."""
    sc = scene(room=codes.KENNEL, sets=NO_JOBS)
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    sc.st[S.ST_CALL_TURN] = 1
    first = 1 + sc.cfg["rescue.delay_turns"] - int(sc.cfg[KNOB + "reveal_before_rescue"])
    assert first > 2  # the knob leaves turns between the call and the reveal
    for t in range(1, first):
        sc.put(THING, codes.KENNEL)  # alone
        assert actions(play(sc), THING, codes.A_TRANSFORM) == [], t
    sc.put(THING, codes.KENNEL)
    assert actions(play(sc), THING, codes.A_TRANSFORM) == [(codes.A_TRANSFORM, 0, 0)]


def test_THING_P_4_ACT_BREAK_the_originals_deal_the_sabotage_jobs_out():
    """THING-P-4 (One mind): the originals share out the sabotage jobs instead of walking to the
    same object. The second original, alone by the Radio block's working generator, leaves it
    to the warden (the first) and heads for the pump, its own; the warden, alone by the pump
    with its Radio block jobs switched off, leaves the pump to the other."""
    sc = scene(room=RADIO_GEN)
    sc.make_thing(4)
    sc.put(4, RADIO_GEN).put(THING, codes.TOWER)
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    kept = play(sc)
    assert kept[4] == [(codes.A_MOVE, int(sc.pk.next_hop[RADIO_GEN, codes.FUEL_ROOM]), 0)]
    radio_off = (KNOB + "radio_weight=1000", KNOB + "radio_fixture_weight=1000")
    sc = scene(room=codes.FUEL_ROOM, sets=radio_off)
    sc.make_thing(4)
    sc.put(4, codes.TOWER)
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    assert actions(play(sc), THING, codes.A_BREAK) == []
    sc = scene(room=codes.FUEL_ROOM, sets=radio_off + (KNOB + "ally_job_weight=0",))
    sc.make_thing(4)
    sc.put(4, codes.TOWER)
    for c in (HUMAN, WITNESS, OTHER):
        sc.put(c, codes.TOWER)
    kept = play(sc)  # no dealing: the warden breaks the pump in front of it, as before
    assert actions(kept, THING, codes.A_BREAK) == [(codes.A_BREAK, codes.OBJ_PUMP, 0)]


def test_THING_P_4_three_originals_share_the_jobs_without_overlap():
    """THING-P-4: with three originals (15 players) the warden holds the Radio block's jobs and
    the other two the rest, each a generator with its beacon; nobody else holds a job."""
    from balance.config import load_config
    from balance.observation import N_OBS, O_KNOWN_THING
    from policies import make
    from policies import expert_things as E

    _, knobs = make("expert", codes.THINGS, load_config(15))
    obs = np.zeros(N_OBS, dtype=np.int64)
    for d in (2, 5, 9):
        obs[O_KNOWN_THING + d] = 1
    held = {r: {j for j in range(E.N_JOBS) if E.job_holder(obs, knobs, j) == r} for r in range(3)}
    assert held[0] == {E.J_RADIO_GEN, E.J_RADIO_BEACON, E.J_RADIO_FIXTURE}
    assert held[1] == {E.J_PUMP, E.J_GEN_B, E.J_BEACON_B}
    assert held[2] == {E.J_GEN_A, E.J_BEACON_A, E.J_ANALYZER}


def test_saboteur_heads_for_the_generators_and_breaks_them():
    """The saboteur walks to the nearest generator room and breaks the generator."""
    sc = scene(room=codes.LIVING_QUARTERS)
    kept = play(sc, things="saboteur")
    assert kept[THING] == [(codes.A_MOVE, RADIO_GEN, 0)]
    kept = play(sc, things="saboteur")
    assert kept[THING] == [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]


@pytest.mark.slow
def test_WIN_2_expert_Things_beat_random_humans_in_95_percent():
    """WIN-2: 2,000 games at 12 players, seed 5: expert Things win (winner 2, a time-out is
    no win) with a Wilson 95% lower bound of at least 0.95 (when written: 1,986 wins, lower
    bound 0.988)."""
    from balance.config import load_config
    from balance.runner import run_games

    records = run_games(load_config(12), 2000, 5, "random", "expert")
    wins = int(np.sum(records["winner"] == codes.THINGS))
    assert wilson_interval(wins, 2000)[0] >= 0.95, wins

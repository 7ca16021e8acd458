"""The `expert` human policy and its knowledge (policies.expert_humans, policies.knowledge):
scripted scenarios through the harness, the policy called as the kernel calls it, and one
statistical check against `random` Things."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.config import load_config
from balance.kernel import params as P
from balance.kernel import state as S
from balance.observation import (
    LAB_LOG_FIELDS,
    MAX_CHARACTERS,
    MEMORY_SIZE,
    N_OBS,
    O_LAB_LOG,
    O_LAB_MY_FINISH,
    O_SELF,
    O_TURN,
    UNSEEN,
)
from balance.runner import run_games
from balance.summary import wilson_interval
from policies.common import generator_room_of_block
from policies.knowledge import (
    F_BLOOD_HUMAN,
    F_BLOOD_THING,
    S_SABOTAGE,
    has,
    known_thing,
    learn,
    suspicion,
)
from tests.harness import lit

HUMAN, THING, OTHER = 0, 1, 2
ROOM = codes.LIVING_QUARTERS
TRUST = 4.0


def scene():
    """Everyone human and warm in a lit room, THING an original Thing among them."""
    sc = lit().make_thing(THING)
    sc.park_everyone(ROOM)
    for c in range(8):  # those the tests play: parkas are fewer than people
        sc.wear_parka(c)
    return sc


def expert(sc, c):
    """What the expert policy declares for c now, as game.declare_by_policies would ask it,
    but for what he says (tests/test_claims.py: talk costs nothing and comes last)."""
    talk = (codes.A_SAY, codes.A_RADIO_SPEAK)
    return [row for row in sc.declares(c, "expert") if row[0] not in talk]


def activate(sc, c):
    sc.ch[c, S.CH_FORM] = codes.THING_ACTIVE


def test_knowledge_marks_a_character_seen_in_the_active_form_THING_ACTIVE_2():
    sc = scene()
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    learn(sc.observe(HUMAN), mem, TRUST, True)
    assert not known_thing(mem, THING)
    activate(sc, THING)
    learn(sc.observe(HUMAN), mem, TRUST, True)
    assert known_thing(mem, THING) and not known_thing(mem, OTHER)


def test_knowledge_marks_a_witnessed_transformation_THING_HIDDEN_1():
    sc = scene()
    sc.turn = sc.cfg["thing.transform_from_turn"] - 1
    sc.step({THING: [(codes.A_TRANSFORM, 0, 0)]})
    assert sc.ch[THING, S.CH_FORM] == codes.THING_ACTIVE
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    learn(sc.observe(OTHER), mem, TRUST, True)
    assert known_thing(mem, THING)


@pytest.mark.parametrize("spare", [True, False])
def test_knowledge_spares_one_seen_ordered_to_break_ARCH_QUEEN_1_GAP_42(spare):
    """With archetypes.order_seen (GAP-42's variant), a witness who saw HUMAN ordered to break
    the generator adds no suspicion to him if he spares the ordered; else he is a saboteur."""
    from balance.kernel.public import pack_order

    sc = lit(sets=("archetypes.order_seen=true",)).make_thing(THING, codes.ARCH_QUEEN)
    room = generator_room_of_block(sc.pk.room_block, 0)
    for c in (HUMAN, THING, OTHER):
        sc.put(c, room)
    order = pack_order(codes.A_BREAK, codes.OBJ_GENERATOR, 0)
    sc.step({THING: [(codes.A_ORDER, HUMAN, order)]})
    assert len(sc.events(codes.E_BREAK)) == 1
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    learn(sc.observe(OTHER), mem, TRUST, spare)
    assert suspicion(mem, HUMAN) == (0 if spare else S_SABOTAGE)


def test_knowledge_marks_a_Thing_seen_infecting_the_unconscious_INF_5():
    """INF-5(a), AP-6: in Light the infection of an unconscious character is not secret; the
    witness knows the infector for a Thing, and nothing of the victim."""
    sc = scene().park_everyone(codes.TOWER)
    for c in (HUMAN, THING, OTHER):
        sc.put(c, ROOM)
    sc.ch[OTHER, S.CH_UNCONSCIOUS] = 1
    sc.step({THING: [(codes.A_INFECT, OTHER, 0)]})
    assert sc.ch[OTHER, S.CH_INFECTED] == 1
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    learn(sc.observe(HUMAN), mem, TRUST, True)
    assert known_thing(mem, THING) and not known_thing(mem, OTHER)


def test_knowledge_counts_sabotage_as_suspicion_ACT_BREAK():
    sc = scene().put(THING, codes.GENERATOR_1).put(HUMAN, codes.GENERATOR_1)
    sc.step({THING: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]})
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    learn(sc.observe(HUMAN), mem, TRUST, True)
    assert suspicion(mem, THING) == S_SABOTAGE and not known_thing(mem, THING)


def test_knowledge_reads_blood_tests_against_a_dog_weighed_by_starter_LOC_LAB_4():
    """A NO to "equal" between a character's sample and a dog's (GAP-53: a dog is human blood)
    exposes him; a YES clears him; a result started by a suspect is ignored."""
    from policies.knowledge import K_SUSPICION, note_lab_log

    dog = codes.DOG_LABEL
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    mem[K_SUSPICION + 5] = 10  # character 5 is a suspect
    rows = [(3, dog, OTHER, 4, 0), (dog + 1, 4, OTHER, 6, 1), (6, dog, 5, 8, 0)]
    obs = np.full(N_OBS, UNSEEN, dtype=np.int64)
    obs[O_SELF] = HUMAN
    for k, row in enumerate(rows):
        obs[O_LAB_LOG + k * LAB_LOG_FIELDS : O_LAB_LOG + (k + 1) * LAB_LOG_FIELDS] = row
    note_lab_log(obs, mem, TRUST)
    assert has(mem, 3, F_BLOOD_THING) and known_thing(mem, 3)
    assert has(mem, 4, F_BLOOD_HUMAN) and not known_thing(mem, 4)
    assert not known_thing(mem, 6)


def test_what_a_human_cannot_observe_never_changes_his_declarations_GAP_61():
    """Two games alike but for a hidden fact (OTHER is secretly a convert, GAP-38): the expert
    human beside him declares the same, turn after turn."""
    plays = []
    for convert in (False, True):
        sc = scene()
        if convert:
            sc.ch[OTHER, S.CH_FORM] = codes.THING_HIDDEN
        turns = []
        for _ in range(6):
            decl = expert(sc, HUMAN)
            turns.append(decl)
            sc.step({HUMAN: decl})
        plays.append(turns)
    assert plays[0] == plays[1] and any(plays[0])


def test_an_armed_expert_shoots_a_known_Thing_ACT_SHOOT_6():
    sc = scene()
    sc.give(HUMAN, codes.PISTOL, hand=0)
    sc.give(HUMAN, codes.PISTOL, hand=1)
    activate(sc, THING)
    decl = expert(sc, HUMAN)
    assert decl == [(codes.A_SHOOT, THING, 0), (codes.A_SHOOT, THING, 1)]
    sc.step({HUMAN: decl})
    assert len(sc.events(codes.E_SHOT)) == 2


def test_an_armed_expert_leaves_the_unsuspected_alone():
    sc = scene()
    sc.give(HUMAN, codes.PISTOL)
    assert all(a != codes.A_SHOOT for a, _, _ in expert(sc, HUMAN))


def test_an_unarmed_expert_flees_an_active_Thing():
    sc = scene()
    activate(sc, THING)
    decl = expert(sc, HUMAN)
    assert decl and decl[-1][0] == codes.A_MOVE and decl[-1][1] != codes.STREET


def test_an_expert_burns_a_paralysed_known_Thing_ACT_BURN_CORPSE_THING_P_3():
    sc = scene()
    activate(sc, THING)
    expert(sc, HUMAN)  # he sees the monster
    sc.ch[THING, S.CH_HP] = 0
    sc.ch[THING, S.CH_PARALYSED_UNTIL] = sc.turn + 3
    sc.give(HUMAN, codes.CANISTER, fuel=sc.pk.ip[P.I_PUMP_FILL])
    decl = expert(sc, HUMAN)
    assert decl == [(codes.A_BURN_CORPSE, THING, 0)]
    sc.step({HUMAN: decl})
    assert sc.ch[THING, S.CH_ALIVE] == 0


def test_an_expert_fetches_fuel_to_burn_a_paralysed_Thing():
    sc = scene()
    activate(sc, THING)
    expert(sc, HUMAN)
    sc.ch[THING, S.CH_HP] = 0
    sc.ch[THING, S.CH_PARALYSED_UNTIL] = sc.turn + 3
    decl = expert(sc, HUMAN)
    assert decl and decl[-1][0] == codes.A_MOVE  # toward the Warehouse's red boxes


def test_hands_full_of_flashlights_drop_one_ACT_DROP():
    """Two flashlights from yellow boxes leave no hand for a canister: one goes (free); the one
    kept is switched on (knob `flashlight`), not the one dropped."""
    sc = scene()
    sc.give(HUMAN, codes.FLASHLIGHT_ITEM, hand=0)
    sc.give(HUMAN, codes.FLASHLIGHT_ITEM, hand=1)
    assert expert(sc, HUMAN) == [(codes.A_DROP, 0, 0), (codes.A_FLASHLIGHT, 1, 0)]


@pytest.mark.parametrize("knob, on, switched", [(1, 0, True), (0, 0, False), (1, 1, False)])
def test_an_expert_switches_his_flashlight_on_ACT_FLASHLIGHT(knob, on, switched):
    """ITEM-FLASHLIGHT, ACT-FLASHLIGHT: «работают только если их держать в руке во включенной
    состоянии»: with `flashlight` = 1 an expert holding a switched-off flashlight switches it
    on (1 AP, after his errands: he keeps his AP for them); not with the knob at 0, nor if it is
    on already. Switched on, it is kept on the next turn."""
    sc = lit(sets=(f"policies.humans.expert.flashlight={knob}",)).make_thing(THING)
    sc.park_everyone(ROOM)
    sc.wear_parka(HUMAN)
    i = sc.give(HUMAN, codes.FLASHLIGHT_ITEM, hand=0)
    sc.it[i, S.IT_ON] = on
    decl = expert(sc, HUMAN)
    assert ((codes.A_FLASHLIGHT, 0, 0) in decl) == switched
    if switched:
        assert decl[-1] == (codes.A_FLASHLIGHT, 0, 0)
        sc.step({HUMAN: decl})
        assert (codes.A_FLASHLIGHT, 0, 0) in sc.kept(HUMAN) and sc.it[i, S.IT_ON] == 1
        assert (codes.A_FLASHLIGHT, 0, 0) not in expert(sc, HUMAN)


def test_an_expert_picks_up_a_pistol_in_the_Arsenal_LOC_ARSENAL_1():
    sc = scene().put(HUMAN, codes.ARSENAL)
    assert expert(sc, HUMAN) == [(codes.A_PICKUP, codes.PISTOL, 0)]


def test_a_fueler_in_his_dark_generator_room_repairs_rather_than_waits_GAP_20():
    """A broken light fixture darkens a running generator's room (GAP-20, LIGHT-2): the fueler
    of that block tries the repairs (ACT-REPAIR: any lighting) instead of waiting in the dark."""
    sc = scene()
    room = generator_room_of_block(sc.pk.room_block, HUMAN % codes.N_BLOCKS)
    sc.put(HUMAN, room)
    sc.st[S.ST_FIXTURE_BROKEN + room] = 1
    sc.step()
    assert sc.st[S.ST_LIGHTING + room] == codes.DARK
    tried = set()
    for _ in range(2):
        decl = expert(sc, HUMAN)
        tried |= {(a, t) for a, t, _ in decl}
        sc.step({HUMAN: decl})
    assert (codes.A_REPAIR, codes.OBJ_LIGHT_FIXTURE) in tried


TESTER, READER = (
    6,
    7,
)  # neither fuels nor guards (at 12 players 1 fueler a block and 3 guards: 0..5)


def lab_scene():
    """Everyone human, warm and holding a top-access card (GAP-5) in the Kennel."""
    sc = lit(sets=("doors.top_access_cards=12",)).park_everyone(codes.KENNEL)
    for c in range(8):  # those the tests play: parkas are fewer than people
        sc.wear_parka(c)
    return sc


def play_tester(sc, turns):
    for _ in range(turns):
        sc.step({TESTER: expert(sc, TESTER)})


def test_a_tester_completes_a_blood_test_against_a_dog_LOC_LAB_3_GAP_53():
    sc = lab_scene()
    play_tester(sc, 16)  # he reads the result on turn 14 or sooner, and learns it the next turn
    assert sc.rec[R.C_BLOOD_TESTS] == 1
    assert len(sc.events(codes.E_LAB_VIEW)) == 1
    assert has(sc.g.memory[TESTER], TESTER, F_BLOOD_HUMAN)


def test_a_NO_against_the_dog_exposes_and_an_armed_reader_shoots_INF_4_LOC_LAB_4():
    """The tester is infected (INF-4: Thing blood): his comparison answers NO; a reader of the
    computer treats him as exposed and shoots him on sight."""
    sc = lab_scene()
    sc.ch[TESTER, S.CH_INFECTED] = 1
    play_tester(sc, 14)
    assert sc.rec[R.C_BLOOD_TESTS] == 1
    sc.put(READER, codes.LABORATORY).put(TESTER, codes.LABORATORY)
    sc.step({READER: [(codes.A_LAB_VIEW, 0, 0)]})
    sc.give(READER, codes.PISTOL)
    decl = expert(sc, READER)
    assert known_thing(sc.g.memory[READER], TESTER)
    assert (codes.A_SHOOT, TESTER, 0) in decl


def test_LOC_LAB_4_GAP_21_a_tester_refused_the_computer_comes_back_later():
    """His comparison is done, but block 2's generator stops before he reads the computer
    (GAP-21: no power, so the reading is refused): he tries again lab_retry_turns later, not
    every turn in the dark Laboratory (a bug: he stayed there for good)."""
    sc = lab_scene()
    while sc.observe(TESTER)[O_LAB_MY_FINISH] == UNSEEN:
        play_tester(sc, 1)
    finish = sc.observe(TESTER)[O_LAB_MY_FINISH]
    while sc.observe(TESTER)[O_TURN] <= finish:
        play_tester(sc, 1)
    assert sc.rec[R.C_BLOOD_TESTS] == 1
    sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[codes.LABORATORY]] = 1
    retry = int(sc.cfg["policies.humans.expert.lab_retry_turns"])
    views = []
    for _ in range(retry + 1):
        decl = expert(sc, TESTER)
        views.append((codes.A_LAB_VIEW, 0, 0) in decl)
        sc.step({TESTER: decl})
    assert views == [True] + [False] * retry
    assert len(sc.events(codes.E_LAB_VIEW)) == 0


@pytest.mark.slow
def test_expert_humans_beat_random_Things_in_95_percent_of_games():
    """2,000 games at 12 players, seed 1: the Wilson 95% lower bound of the humans' win share is
    at least 0.95 (measured: 1,990 wins, 99.5%, lower bound 0.991)."""
    records = run_games(load_config(12), 2000, 1, "expert", "random")
    wins = int((records["winner"] == codes.HUMANS).sum())
    assert wilson_interval(wins, len(records))[0] >= 0.95


MECHANIC = 5  # fuels no generator; every card opens the hangar in lab_scene


def hangar_scene():
    """Everyone human, warm and holding a top-access card in the hangar; the mechanics see to
    the helicopter at once and do nothing else."""
    sets = (
        "doors.top_access_cards=12",
        "policies.humans.expert.heli_from_turn=0",
        "policies.humans.expert.arm_up=0",
        "policies.humans.expert.blood_tests=0",
        "policies.humans.expert.guards_share=0",
    )
    sc = lit(sets=sets).park_everyone(codes.HANGAR)
    for c in range(8):
        sc.wear_parka(c)
    return sc


def test_HELI_2_HELI_4_HELI_5_GAP_7_a_mechanic_repairs_fuels_prepares_and_flies_out():
    """A hangar cardholder sees to the helicopter (heli_from_turn=0: at once): he repairs its
    three parts, pours fuel in, prepares it and boards it the next turn, refusing everyone no
    blood test cleared; he leaves the station (GAP-7)."""
    sc = hangar_scene()
    parts = [(codes.A_REPAIR, obj, 0) for obj in codes.HELI_PARTS]
    assert expert(sc, MECHANIC) == parts
    sc.st[S.ST_HELI_BROKEN : S.ST_HELI_BROKEN + 3] = 0
    sc.give(MECHANIC, codes.CANISTER, fuel=codes.FUEL_UNITS)
    assert expert(sc, MECHANIC) == [(codes.A_HELI_FUEL, 0, 0)]
    sc.st[S.ST_HELI_FUEL] = sc.pk.ip[P.I_HELI_TANK]
    assert expert(sc, MECHANIC) == [(codes.A_HELI_PREPARE, 0, 0)]
    sc.step({MECHANIC: [(codes.A_HELI_PREPARE, 0, 0)]})
    sc.st[S.ST_TURN] += 1  # the next turn has begun (begin_turn) when he declares again
    everyone_else = sum(1 << d for d in range(MAX_CHARACTERS) if d != MECHANIC)
    assert expert(sc, MECHANIC) == [(codes.A_HELI_BOARD, 0, everyone_else)]
    sc.step({MECHANIC: [(codes.A_HELI_BOARD, 0, everyone_else)]})
    assert sc.ch[MECHANIC, S.CH_LEFT_STATION] == 2


def test_HELI_5_another_mechanic_leaves_the_boarding_to_the_pilot():
    """HELI-5: while the pilot's preparation of last turn is boarding, the other mechanics in
    the hangar neither prepare again (refused: it would ground the flight) nor board (their
    refusals would cancel the pilot's group); the pilot flies out."""
    sc = hangar_scene()
    sc.st[S.ST_HELI_BROKEN : S.ST_HELI_BROKEN + 3] = 0
    sc.st[S.ST_HELI_FUEL] = sc.pk.ip[P.I_HELI_TANK]
    sc.step({MECHANIC: [(codes.A_HELI_PREPARE, 0, 0)]})
    sc.st[S.ST_TURN] += 1  # the next turn has begun (begin_turn) when they declare
    heli = (codes.A_HELI_PREPARE, codes.A_HELI_BOARD)
    others = range(MECHANIC + 1, 8)  # the other mechanics, in parkas: nothing else to fetch
    assert [c for c in others if any(row[0] in heli for row in expert(sc, c))] == []
    sc.st[S.ST_TURN] -= 1
    sc.play_turn("expert", "expert")
    assert sc.ch[MECHANIC, S.CH_LEFT_STATION] == 2 and sc.st[S.ST_HELI_GONE] == 1


CARRIER = 6  # fuels no generator, guards nothing (3 guards at 12 players: characters 3..5)


def carried_parts(sc, c):
    """Where c's spare parts are: (in hand, in the backpack)."""
    it, ch = sc.it, sc.ch

    def count(cells):
        return sum(1 for i in cells if i >= 0 and it[i, S.IT_KIND] == codes.SPARE_PARTS)

    return count(ch[c, S.CH_HAND : S.CH_HAND + 2]), count(ch[c, S.CH_BACKPACK : S.CH_BACKPACK + 3])


@pytest.mark.parametrize("carry, parts_chance", [(1, 1.0), (1, 0.0), (0, 1.0)])
def test_an_expert_in_the_Warehouse_carries_a_spare_part_ITEM_PARTS_LOC_WAREHOUSE_2(
    carry, parts_chance
):
    """carry_parts: in a lit Warehouse an armed expert who fuels no generator opens one blue box
    (LOC-WAREHOUSE-2, GAP-19) and stows the spare part he finds in his backpack, so that his
    hand stays free; scrap he drops, and he opens no other box. With the knob off he opens
    none."""
    sets = (
        f"policies.humans.expert.carry_parts={carry}",
        f"warehouse.blue_parts_chance={parts_chance}",
    )
    sc = lit(sets=sets).put(CARRIER, codes.WAREHOUSE)
    sc.wear_parka(CARRIER)
    sc.give(CARRIER, codes.PISTOL, hand=1)
    blue = (codes.A_OPEN_BOX, codes.BLUE_BOX, codes.SPARE_PARTS)
    first = expert(sc, CARRIER)
    assert (blue in first) == (carry == 1)
    if not carry:
        return
    sc.step({CARRIER: first})
    found = codes.SPARE_PARTS if parts_chance else codes.SCRAP
    assert sc.it[sc.ch[CARRIER, S.CH_HAND], S.IT_KIND] == found
    then = expert(sc, CARRIER)
    assert blue not in then
    assert then[0] == ((codes.A_BACKPACK, 0, 0) if parts_chance else (codes.A_DROP, 0, 0))
    sc.step({CARRIER: then})
    assert carried_parts(sc, CARRIER) == ((0, 1) if parts_chance else (0, 0))
    assert sc.ch[CARRIER, S.CH_HAND] < 0


def test_an_expert_repairs_a_dark_generator_with_his_spare_part_ITEM_PARTS_LIGHT_2():
    """ACT-REPAIR in the dark: 25% bare-handed, 45% with spare parts in hand. He takes the part
    from his backpack into his free hand (ACT-BACKPACK) before the first try, repairs with it
    until the generator runs, and the part is used up (carry_parts)."""
    sc = lit(sets=("policies.humans.expert.carry_parts=1",)).put(CARRIER, codes.GENERATOR_1)
    sc.wear_parka(CARRIER)
    sc.ch[CARRIER, S.CH_ERUDITION] = 2  # STAT-ERUD-1: failed repairs do not hurt him
    sc.give(CARRIER, codes.PISTOL, hand=1)
    part = sc.give(CARRIER, codes.SPARE_PARTS, hand=0)
    sc.ch[CARRIER, S.CH_HAND] = -1
    sc.it[part, S.IT_PLACE] = codes.IN_BACKPACK
    sc.ch[CARRIER, S.CH_BACKPACK + 2] = part
    b = sc.pk.room_block[codes.GENERATOR_1]
    sc.st[S.ST_GEN_BROKEN + b] = 1
    sc.run(2)  # his block was not lit a turn ago: the generator is the trouble, not the fixture
    assert sc.st[S.ST_LIGHTING + codes.GENERATOR_1] == codes.DARK
    assert expert(sc, CARRIER) == [(codes.A_BACKPACK, 0, 2)]
    sc.step({CARRIER: [(codes.A_BACKPACK, 0, 2)]})
    assert carried_parts(sc, CARRIER) == (1, 0)
    for _ in range(20):
        decl = expert(sc, CARRIER)
        assert decl == [(codes.A_REPAIR, codes.OBJ_GENERATOR, 0)]
        sc.step({CARRIER: decl})
        if sc.st[S.ST_GEN_BROKEN + b] == 0:
            break
    assert sc.st[S.ST_GEN_BROKEN + b] == 0 and carried_parts(sc, CARRIER) == (0, 0)


GUARD = 3  # 1 fueler a block at 12 players (characters 0..2), so the first of the guards


def test_a_guard_hinders_the_Radio_blocks_generator_before_the_uncleared_ACT_HINDER_TARGET():
    """GAP-6, GAP-28: the first guard keeps to the generator room of the Radio room's block; lit,
    the generator working, he hinders what is done to the generator while anyone not cleared
    stands with him, and waits there when alone."""
    sc = scene()
    room = generator_room_of_block(sc.pk.room_block, sc.pk.room_block[codes.RADIO_ROOM])
    sc.put(GUARD, room)
    assert sc.st[S.ST_LIGHTING + room] != codes.DARK
    assert expert(sc, GUARD) == []
    sc.put(THING, room)
    assert expert(sc, GUARD) == [(codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)]
    sc.step({GUARD: expert(sc, GUARD), THING: [(codes.A_BREAK, codes.OBJ_GENERATOR, 0)]})
    assert sc.events(codes.E_SHIELD).shape[0] == 1


def test_a_guard_away_from_his_post_goes_there():
    sc = scene()
    room = generator_room_of_block(sc.pk.room_block, sc.pk.room_block[codes.RADIO_ROOM])
    decl = expert(sc, GUARD)
    assert decl and decl[0][0] == codes.A_MOVE
    for _ in range(6):
        sc.step({GUARD: expert(sc, GUARD)})
    assert sc.ch[GUARD, S.CH_ROOM] == room

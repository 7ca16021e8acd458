"""Humans and the cold (policies.humans.warm_up; policies.memory's beliefs about the rooms'
warmth): a human whom the room's frostbite marks would cost an HP next turn (FROST-1..3) drops
his errand for the warmest place he knows, the Tower included for the expert (GAP-2: warm while
any generator runs)."""

import numpy as np
from hypothesis import given, settings, strategies as st_

from balance import codes
from balance.config import load_config, pack
from balance.kernel import params as P
from balance.kernel import state as S
from balance.observation import (
    MAX_CHARACTERS,
    MEMORY_SIZE,
    MEM_CLAIMS_BELIEVED,
    MEM_HELD_THINGS,
    N_OBS,
    O_GEN_FUEL,
    O_LIGHTING,
    O_LIVING_HERE,
    O_ROOM,
    O_TEMPERATURE,
    O_TURN,
    UNSEEN,
)
from policies import knowledge, memory
from tests.harness import lit

COLD = 6  # fuels no generator (1 fueler a block: characters 0..2) and holds no ID card
BLOCK_2 = 1  # the Laboratory's block (GAP-1)


def declare(sc, c, name):
    """What the `name` human policy declares for c now, as game.declare_by_policies asks it."""
    return sc.declares(c, name)


def play(sc, c, name, turns):
    """c plays `name` for `turns` turns (the others declare nothing); the rooms he was in."""
    rooms = []
    for _ in range(turns):
        sc.step({c: declare(sc, c, name)})
        rooms.append(int(sc.ch[c, S.CH_ROOM]))
    return rooms


def freeze_block(sc, b, temperature=-35):
    """Block b's generator broken (its rooms dark) and its rooms at `temperature`, a step less
    by the next turn (TEMP-2); the other generators run (lit: no burn)."""
    sc.st[S.ST_GEN_BROKEN + b] = 1
    for r in range(codes.N_ROOMS):
        if sc.pk.room_block[r] == b:
            sc.st[S.ST_TEMPERATURE + r] = temperature


def cold_scene(sets=(), room=codes.KENNEL, block=BLOCK_2):
    """COLD, in a parka and with 3 marks, stands in `room` of the frozen `block`, at -40: the
    next turn there would give him 2 marks (FROST-2) and cost him an HP (FROST-3). The others
    wait in the Tower."""
    sc = lit(sets=sets)
    sc.put(COLD, room, physical=1)
    sc.wear_parka(COLD)
    freeze_block(sc, block)
    sc.step()  # the generator stops: the block goes dark
    assert sc.st[S.ST_LIGHTING + room] == codes.DARK
    sc.ch[COLD, S.CH_FROST] = 3
    return sc


def test_FROST_3_GAP_2_a_cold_expert_shelters_in_the_Tower():
    """In a dark Kennel at -40 the expert leaves the beacon errand (GAP-6) for the Tower, warm
    while any generator runs (GAP-2), across the Street."""
    sc = cold_scene()
    assert play(sc, COLD, "expert", 2) == [codes.STREET, codes.TOWER]


def test_FROST_3_without_shelter_in_tower_a_cold_human_shelters_in_a_block_room():
    """shelter_in_tower=0 (the naive default): the warmest place is a room of a block he
    believes powered, here the one nearest in the map's order, not the Tower."""
    sc = cold_scene(sets=("policies.humans.expert.shelter_in_tower=0",))
    rooms = play(sc, COLD, "expert", 2)
    assert rooms[0] == codes.STREET and rooms[1] not in (codes.TOWER, codes.STREET)
    assert sc.st[S.ST_TEMPERATURE + rooms[1]] == sc.cfg["temperature.maximum"]


def test_FROST_3_a_naive_human_leaves_a_dark_generator_room_freezing_him():
    """The beacon errand (GAP-6) tends a dark generator room of the Radio room's block, which
    is broken and -40: the naive human no longer stays there repairing each turn until he
    freezes (a bug: stuck there for good); he leaves for a warm room, not the Tower
    (shelter_in_tower=0)."""
    sc = cold_scene(room=codes.GENERATOR_1, block=0)  # GAP-1: block 1
    rooms = play(sc, COLD, "naive", 2)
    assert rooms[0] == codes.STREET and rooms[1] not in (codes.TOWER, codes.STREET)
    assert sc.st[S.ST_TEMPERATURE + rooms[1]] == sc.cfg["temperature.maximum"]


def test_TEMP_2_GAP_2_beliefs_about_warmth_follow_what_was_seen():
    """memory.believed_temperature: a room felt at -40 in the dark keeps falling in belief down
    to the minimum (TEMP-2, TEMP-4); the Tower, with nothing seen that says every generator
    stopped, stays warm (GAP-2); a room of a block seen lit warms a step a turn up to the
    maximum (TEMP-3)."""
    sc = cold_scene()
    ip, room_block = sc.pk.ip, sc.pk.room_block
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    memory.remember(sc.observe(COLD), mem, ip, room_block)
    t = sc.turn
    here = sc.st[S.ST_TEMPERATURE + codes.KENNEL]
    assert memory.believed_temperature(mem, ip, room_block, codes.KENNEL, t, t + 1) == here - 5
    assert memory.believed_temperature(mem, ip, room_block, codes.TOWER, t, t + 3) == 25
    sc.put(COLD, codes.ARSENAL)
    sc.st[S.ST_TEMPERATURE + codes.ARSENAL] = 0
    sc.step()
    memory.remember(sc.observe(COLD), mem, ip, room_block)
    t = sc.turn
    seen = sc.st[S.ST_TEMPERATURE + codes.ARSENAL]
    assert memory.believed_temperature(mem, ip, room_block, codes.ARSENAL, t, t + 2) == seen + 10
    assert memory.believed_temperature(mem, ip, room_block, codes.ARSENAL, t, t + 50) == 25
    assert memory.believed_temperature(mem, ip, room_block, codes.KENNEL, t, t) == -45


def test_FROST_3_a_human_the_cold_does_not_yet_cost_an_HP_keeps_to_his_errand():
    """cold_marks=5: with 2 marks, the next turn at -40 brings him to 4 (FROST-2), short of an
    HP's loss (FROST-3): the expert declares what he would with warming up switched off (with 3
    marks he heads for the Tower: test_FROST_3_GAP_2_a_cold_expert_shelters_in_the_Tower)."""
    # 10 marks are never reached (5 cost an HP and clear): warming up switched off
    sc, off = cold_scene(), cold_scene(sets=("policies.humans.expert.cold_marks=10",))
    sc.ch[COLD, S.CH_FROST] = off.ch[COLD, S.CH_FROST] = 2
    assert declare(sc, COLD, "expert") == declare(off, COLD, "expert")


def scanned_temperature(mem, ip, room_block, r, now, then):
    """memory.believed_temperature as it read the rooms before their per-block summaries
    (M_BLOCK_VISIT, M_BLOCK_FELT): every room scanned for the latest felt in r's block and for
    the last visit to it."""
    if r == codes.STREET:
        return ip[P.I_T_STREET]
    seen = mem[memory.M_CROWD_SEEN : memory.M_CROWD_SEEN + codes.N_ROOMS]
    felt = r
    for q in range(codes.N_ROOMS):
        if seen[q] > seen[felt] and q != codes.FREEZER and room_block[q] == room_block[r]:
            felt = q
    b = room_block[r]
    if b == codes.BLOCK_TOWER:
        on = max(mem[memory.M_BLOCK_LIT + k] for k in range(codes.N_BLOCKS + 1)) >= seen[r]
    else:
        last = max(seen[q] for q in range(codes.N_ROOMS) if room_block[q] == b)
        if mem[memory.M_BLOCK_LIT + b] < last:
            on = False
        elif mem[memory.M_GEN_SEEN + b] < last:
            on = True
        else:
            on = mem[memory.M_GEN_BROKEN + b] == 0 and memory.fuel_estimate(mem, ip, b, now) > 0
    step = ip[P.I_T_STEP] if on else -ip[P.I_T_STEP]
    ceiling = ip[P.I_T_FREEZER] if r == codes.FREEZER else ip[P.I_T_MAX]
    temperature = mem[memory.M_WARMTH + felt] + step * (then - seen[felt])
    return max(ip[P.I_T_MIN], min(ceiling, temperature))


@settings(max_examples=200, deadline=None)
@given(
    visits=st_.lists(
        st_.tuples(
            st_.integers(0, codes.N_ROOMS - 1),  # the room I stand in that turn
            st_.booleans(),  # lit
            st_.integers(-45, 25),  # its temperature
            st_.integers(1, 3),  # turns since the last declaration (1: every turn)
        ),
        max_size=30,
    ),
    ahead=st_.integers(0, 6),
)
def test_TEMP_2_GAP_46_beliefs_about_warmth_read_the_block_summaries_as_a_scan_of_the_rooms(
    visits, ahead
):
    """memory.remember keeps, per block, the last turn I stood in it and the room (the Freezer
    aside, TEMP-5) I stood in last; believed_temperature reads them instead of scanning every
    room. For any rooms visited, lit or dark, at any temperatures, every room's belief is the
    scan's."""
    pk = pack(load_config(12))
    ip, room_block = pk.ip, pk.room_block
    mem = np.zeros(MEMORY_SIZE, dtype=np.int64)
    obs = np.full(N_OBS, UNSEEN, dtype=np.int64)
    t = 0
    for room, light, temperature, gap in visits:
        t += gap
        obs[O_TURN], obs[O_ROOM], obs[O_TEMPERATURE] = t, room, temperature
        obs[O_LIGHTING] = codes.LIGHT if light else codes.DARK
        obs[O_LIVING_HERE], obs[O_GEN_FUEL] = 1, UNSEEN
        memory.remember(obs, mem, ip, room_block)
    now = max(t, 1)
    for r in range(codes.N_ROOMS):
        expected = scanned_temperature(mem, ip, room_block, r, now, now + ahead)
        assert memory.believed_temperature(mem, ip, room_block, r, now, now + ahead) == expected


def test_GAP_61_the_shared_memory_cells_end_before_the_knowledge_cells():
    """policies.memory splits the row in four ranges; the shared cells, the per-block summaries
    last among them, must not run into policies.knowledge's, nor those into the expert Things'."""
    shared_end = memory.M_HEARD + MAX_CHARACTERS
    assert memory.M_BLOCK_FELT + codes.N_BLOCKS + 1 <= memory.M_HEARD
    assert shared_end <= min(MEM_CLAIMS_BELIEVED, MEM_HELD_THINGS)
    assert max(MEM_CLAIMS_BELIEVED, MEM_HELD_THINGS) < memory.M_KNOWLEDGE
    assert knowledge.K_SUSPICION + MAX_CHARACTERS <= memory.M_EXPERT_THINGS

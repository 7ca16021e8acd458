"""What a policy remembers between turns, updated only from its own observations.

Cells of the character's memory row (balance.observation.MEMORY_SIZE int64 cells, zero at the
start of each game). The row is split in four ranges: the cells below, shared by every scripted
policy (a convert keeps them when the Things call him); the knowledge of policies.knowledge from
M_KNOWLEDGE; the expert Things' own cells from M_EXPERT_THINGS; the expert humans' own cells from
M_EXPERT_HUMANS."""

from balance import codes
from balance.kernel import params as P
from balance.kernel.jit import compiled
from balance.observation import (
    O_BEACON_ACTIVE,
    O_GEN_BROKEN,
    O_GEN_FUEL,
    O_LAMPS_LOCKED,
    O_LAMPS_SHOWN,
    O_LIVING_HERE,
    O_PUMP_BROKEN,
    O_ROOM,
    O_TURN,
    UNSEEN,
)
from policies.common import fuel_hand, my_repair

M_READY = 0  # 1 once initialised
M_GEN_FUEL = 1  # 3 cells: fuel units last seen in each block's generator
M_GEN_SEEN = 4  # 3 cells: turn each was last seen
M_GEN_BROKEN = 7  # 3 cells: 1 if last seen broken
M_BEACON_SEEN = 10  # 1 once an activated beacon was seen (or activated by me)
M_NO_YELLOW = 11  # 1 once the Warehouse was seen with no yellow box left
M_TARGET_BLOCK = 12  # a Thing's sabotage target block + 1, 0 if none
M_INFECTED = 13  # a Thing's bitmask of characters it infected
M_CALL_TRIED = 14  # turn I last declared a call for help, 0 if never
M_CROWD = 15  # N_ROOMS cells: living characters last seen in each room
M_CROWD_SEEN = M_CROWD + codes.N_ROOMS  # N_ROOMS cells: turn of that sighting
M_LOCKED = M_CROWD_SEEN + codes.N_ROOMS  # bitmask of the rooms whose door I believe locked
M_PUMP_BROKEN = M_LOCKED + 1  # 1 if I believe the pump broken (remember_pump)
M_FILL_TRIED = M_LOCKED + 2  # turn I last declared a fill at the pump
M_PUMP_REPAIR_TRIED = M_LOCKED + 3  # turn I last declared a repair of the pump
M_PART_TAKEN = M_LOCKED + 4  # turn I last took a spare part out to repair with (-1: cannot)
M_KNOWLEDGE = 64  # policies.knowledge: who was seen doing what, test results
M_EXPERT_THINGS = 128  # policies.expert_things
M_EXPERT_HUMANS = 192  # policies.expert_humans


@compiled
def remember(obs, mem, ip, room_block):
    """Fold this turn's observation into memory."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    if mem[M_READY] == 0:
        mem[M_READY] = 1
        for b in range(codes.N_BLOCKS):
            mem[M_GEN_FUEL + b] = ip[P.I_GEN_START]  # SETUP-3 is public: all start full
            mem[M_GEN_SEEN + b] = 0
        mem[M_LOCKED] = ip[P.I_LOCKED_ROOMS]  # GAP-5: which rooms start locked is a public rule
    if obs[O_GEN_FUEL] != UNSEEN:
        b = room_block[here]
        mem[M_GEN_FUEL + b] = obs[O_GEN_FUEL]
        mem[M_GEN_SEEN + b] = t
        mem[M_GEN_BROKEN + b] = obs[O_GEN_BROKEN]
        if obs[O_BEACON_ACTIVE] == 1:
            mem[M_BEACON_SEEN] = 1
    mem[M_CROWD + here] = obs[O_LIVING_HERE]
    mem[M_CROWD_SEEN + here] = t
    remember_pump(obs, mem)


@compiled
def remember_pump(obs, mem):
    """LOC-FUEL-1: whether the pump is broken, as I last found it in the Fuel room. Seen in
    light; in the dark (LIGHT-2) told by my own acts there last turn, as the actor knows his act
    and its outcome (policies.humans.fill_at_pump): fills that left me holding an empty canister
    say broken, and so does a failed repair; fills that left none, a repair that worked, or one
    refused with no roll (nothing broken) say intact."""
    if obs[O_ROOM] != codes.FUEL_ROOM:
        return
    if obs[O_PUMP_BROKEN] != UNSEEN:
        mem[M_PUMP_BROKEN] = obs[O_PUMP_BROKEN]
        return
    last = obs[O_TURN] - 1
    if mem[M_PUMP_REPAIR_TRIED] == last:
        mem[M_PUMP_BROKEN] = 1 if my_repair(obs, codes.OBJ_PUMP) == 0 else 0
    elif mem[M_FILL_TRIED] == last:
        mem[M_PUMP_BROKEN] = 1 if fuel_hand(obs, False) >= 0 else 0


@compiled
def remember_lamps(obs, mem):
    """DOOR-1: fold the door lamps in sight into the rooms believed locked (apart from
    `remember`, for the policies that use it)."""
    mem[M_LOCKED] = (mem[M_LOCKED] & ~obs[O_LAMPS_SHOWN]) | obs[O_LAMPS_LOCKED]


@compiled
def fuel_estimate(mem, ip, b, t):
    """Fuel in block b's generator now, extrapolated from the last sighting at the public burn."""
    if mem[M_GEN_BROKEN + b] == 1:
        return mem[M_GEN_FUEL + b]  # GAP-17: a broken generator burns nothing
    burned = ip[P.I_BURN] * (t - mem[M_GEN_SEEN + b])
    return max(0, mem[M_GEN_FUEL + b] - burned)

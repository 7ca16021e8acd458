"""What a policy remembers between turns, updated only from its own observations.

Cells of the character's memory row (balance.observation.MEMORY_SIZE int64 cells, zero at the
start of each game). The row is split in four ranges: the cells below, shared by every scripted
policy (a convert keeps them when the Things call him); the knowledge of policies.knowledge from
M_KNOWLEDGE; the expert Things' own cells from M_EXPERT_THINGS; the expert humans' own cells from
M_EXPERT_HUMANS."""

from balance import codes
from balance.kernel import params as P
from balance.kernel.public import burn_per_turn
from balance.compile.jit import compiled
from balance.observation import (
    O_BEACON_ACTIVE,
    O_GEN_BROKEN,
    O_GEN_FUEL,
    O_LAMPS_LOCKED,
    O_LAMPS_SHOWN,
    O_LIGHTING,
    O_LIVING_HERE,
    O_PUMP_BROKEN,
    O_ROOM,
    O_TEMPERATURE,
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
M_WARMTH = M_LOCKED + 5  # N_ROOMS cells: each room's temperature when I was last in it (the
#                          turn is M_CROWD_SEEN's; before any visit, the TEMP-1 start)
M_BLOCK_LIT = M_WARMTH + codes.N_ROOMS  # N_BLOCKS + 1 cells: the last turn I stood in a lit room
#                                         of each block, then the Tower (it had power: LIGHT-1)
M_SHELTER = M_BLOCK_LIT + codes.N_BLOCKS + 1  # the room I cross the Street to warm up in, + 1
M_BLOCK_VISIT = M_SHELTER + 1  # N_BLOCKS + 1 cells: the last turn I stood in a room of each
#                                block, then the Tower (0: never)
M_BLOCK_FELT = M_BLOCK_VISIT + codes.N_BLOCKS + 1  # N_BLOCKS + 1 cells: the room of each block,
#                              then the Tower, I stood in last, the Freezer aside (TEMP-5), + 1
M_HEARD = M_BLOCK_FELT + codes.N_BLOCKS + 1  # MAX_CHARACTERS cells, one per speaker: the
#                     characters whose claims by him I weighed already (policies.claims)
# cells 94 and 95 are balance.observation's MEM_CLAIMS_BELIEVED and MEM_HELD_THINGS: the report
M_KNOWLEDGE = 96  # policies.knowledge (32 cells): who was seen doing what, test results
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
        for r in range(codes.N_ROOMS):  # TEMP-1, TEMP-4, TEMP-5: the public start
            mem[M_WARMTH + r] = ip[P.I_T_START]
        mem[M_WARMTH + codes.FREEZER] = ip[P.I_T_FREEZER]
        mem[M_WARMTH + codes.STREET] = ip[P.I_T_STREET]
    if obs[O_GEN_FUEL] != UNSEEN:
        b = room_block[here]
        mem[M_GEN_FUEL + b] = obs[O_GEN_FUEL]
        mem[M_GEN_SEEN + b] = t
        mem[M_GEN_BROKEN + b] = obs[O_GEN_BROKEN]
        if obs[O_BEACON_ACTIVE] == 1:
            mem[M_BEACON_SEEN] = 1
    mem[M_CROWD + here] = obs[O_LIVING_HERE]
    mem[M_CROWD_SEEN + here] = t
    mem[M_WARMTH + here] = obs[O_TEMPERATURE]
    if here != codes.STREET:  # the Tower's cells are BLOCK_TOWER's; the Street has no block
        b = room_block[here]
        mem[M_BLOCK_VISIT + b] = t
        if here != codes.FREEZER:
            mem[M_BLOCK_FELT + b] = here + 1
        if obs[O_LIGHTING] == codes.LIGHT:
            mem[M_BLOCK_LIT + b] = t
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
    burned = burn_per_turn(ip) * (t - mem[M_GEN_SEEN + b])
    return max(0, mem[M_GEN_FUEL + b] - burned)


@compiled
def powered(mem, ip, room_block, r, t):
    """GEN-3, GAP-2: I believe room r has power on turn t. A block room: its block was lit when I
    last stood in one of its rooms (LIGHT-1) and, if I saw the generator on that visit (or
    never visited: the public start), it is not broken and should still have fuel
    (fuel_estimate). The Tower (powered while any generator runs): it was lit when I was last
    there, or I stood in a lit room since."""
    b = room_block[r]
    if b == codes.BLOCK_STREET:
        return False
    if b == codes.BLOCK_TOWER:
        lit = 0
        for k in range(codes.N_BLOCKS + 1):
            lit = max(lit, mem[M_BLOCK_LIT + k])
        return lit >= mem[M_CROWD_SEEN + codes.TOWER]
    last = mem[M_BLOCK_VISIT + b]
    if mem[M_BLOCK_LIT + b] < last:
        return False  # dark when I was last there
    if mem[M_GEN_SEEN + b] < last:
        return True  # lit since I last saw the generator
    return mem[M_GEN_BROKEN + b] == 0 and fuel_estimate(mem, ip, b, t) > 0


@compiled
def believed_temperature(mem, ip, room_block, r, now, then):
    """TEMP-2..5, GAP-46: room r's temperature at the start of turn `then`, as I believe it on
    turn `now`: what I felt last in r or, if later, in another room of its block (they share
    its power; not the Freezer, which is colder: TEMP-5), moved a step a turn since, up while I
    believe r has power (`powered`), else down, within r's range. A broken outside door
    (TEMP-2b) is not counted."""
    if r == codes.STREET:
        return ip[P.I_T_STREET]  # TEMP-4
    felt = r
    latest = mem[M_BLOCK_FELT + room_block[r]] - 1  # one room a turn: the turns differ
    if latest >= 0 and mem[M_CROWD_SEEN + latest] > mem[M_CROWD_SEEN + r]:
        felt = latest
    step = ip[P.I_T_STEP] if powered(mem, ip, room_block, r, now) else -ip[P.I_T_STEP]
    ceiling = ip[P.I_T_FREEZER] if r == codes.FREEZER else ip[P.I_T_MAX]  # TEMP-5
    temperature = mem[M_WARMTH + felt] + step * (then - mem[M_CROWD_SEEN + felt])
    return max(ip[P.I_T_MIN], min(ceiling, temperature))  # TEMP-4

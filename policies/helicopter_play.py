"""Filling and flying the helicopter, for the `expert` humans (HELI-1..6, GAP-7, GAP-9).

One human who flies away and was no Thing wins the game for the humans: the Things can then
no longer win by killing everyone left (GAP-9), and the game ends when the rescue comes, the
Things are dead, or nobody is left (`escape`). Yet in expert play the tank was never filled.
Read from the replays (seed 1, 12 players) and expert_humans.helicopter_errand, the mechanics'
round (the hangar's cardholders who fuel no generator, from the call or heli_from_turn):

- a mechanic in the hangar who found the tank short and held no fuel did nothing for it
  (in_hangar returned "nothing to do" and the round only sends for fuel from outside the
  hangar), so he stayed, or left on another errand and came back empty-handed;
- in a dark hangar (its block's generator broken: the Things break every generator) nothing can
  be seen or done (HELI-1), and he stood there;
- he brought one canister at a time, a box and a pump fill away (GAP-18: the Warehouse's
  canisters are empty, the pump is the only fuel), for a tank of three.

This round, `heli_round`, is the mechanics' if `heli_fuel`, and the pilots' (`pilots_share`: the
humans by index after the fuelers and the guards, from the first turn, entering the hangar's
code if no card opens it: policies.doors_play): he fetches fuel whenever he believes the tank
short (HELI-2: it starts empty, a public rule) and holds too little for it, both hands' worth
at a time (empty canisters from red boxes, LOC-WAREHOUSE-1, filled at the pump, LOC-FUEL-1,
repaired if broken: policies.humans.fill_at_pump); in the lit hangar he pours in what he
carries (HELI-3), then repairs the broken parts (ACT-REPAIR), then prepares it and boards it
the next turn (HELI-4, HELI-5) as the mechanics do (fly_out, fly_untested; he refuses everyone
no blood test cleared, so he flies alone but for them: one who got away is enough, and every
passenger is a chance of a Thing aboard); in a dark hangar he switches on a flashlight in hand
(LIGHT-3), goes for fuel if he needs it, waits with the fuel he carries, or else goes to the
block's generator room, whose errands come first (expert_humans.tend_dark_generator_room: the
generator or the fixture repaired). He sees the hangar first (its repairs, the tank's level),
unless he stands in the Warehouse, where the canisters are: a trip saved.

With the pump believed broken, the fuel's source is a stopped generator with fuel left
(fuel_source, GEN-4).

Memory (cells of the expert humans' range):
- H_HELI_BELIEF: the helicopter as I last saw it: bit 0 seen, bit 1 gone (HELI-1: an empty
  hangar seen in light), bit 2 the hangar visited (seen or not), bits 3..5 the parts broken, the
  tank's fuel from bit 6
- H_HELI_DRAW: the turn of my draw of a generator's fuel, times 4, plus its block + 1: a draw
  that left my canisters empty found it dry (check_draw)
"""

from balance import codes
from balance.compile.jit import compiled
from balance.kernel import params as P
from balance.observation import (
    O_HAND_FUEL,
    O_HAND_KIND,
    O_HAND_ON,
    O_HELI_BOARDING,
    O_HELI_BROKEN,
    O_HELI_FUEL,
    O_HELI_PILOT,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_SELF,
    O_TURN,
    UNSEEN,
)
from policies.expert_knobs import K_FLY_OUT, K_FLY_UNTESTED
from policies.common import card_for, emit, generator_room_of_block, hand_with, hops
from policies.doors_play import enter_by_code
from policies.humans import fill_at_pump, free_hands, go
from policies.knowledge import refusals, cleared
from policies.memory import (
    M_BLOCK_LIT,
    M_BLOCK_VISIT,
    M_EXPERT_HUMANS,
    M_GEN_FUEL,
    M_GEN_SEEN,
    M_PUMP_BROKEN,
    fuel_estimate,
)

H_HELI_DRAW = M_EXPERT_HUMANS + 44
H_HELI_BELIEF = M_EXPERT_HUMANS + 46
SEEN = 1
GONE = 2
VISITED = 4  # I stood in the hangar, seeing or not
BROKEN_SHIFT = 3
FUEL_SHIFT = 6


@compiled
def believe(obs, mem):
    """HELI-1: fold what I see of the helicopter in the hangar (in light; nothing in the dark)."""
    if obs[O_ROOM] != codes.HANGAR:
        return
    mem[H_HELI_BELIEF] |= VISITED
    if obs[O_SEES] != 1:
        return
    if obs[O_HELI_FUEL] == UNSEEN:
        mem[H_HELI_BELIEF] = VISITED | SEEN | GONE  # an empty hangar: it flew (GAP-7)
        return
    broken = 0
    for k in range(len(codes.HELI_PARTS)):
        broken |= obs[O_HELI_BROKEN + k] << k
    tank = obs[O_HELI_FUEL] << FUEL_SHIFT
    mem[H_HELI_BELIEF] = VISITED | SEEN | (broken << BROKEN_SHIFT) | tank


@compiled
def believed_fuel(mem):
    """The tank's fuel as I last saw it; never seen: empty (HELI-2, public)."""
    return mem[H_HELI_BELIEF] >> FUEL_SHIFT


@compiled
def fuel_carried(obs):
    """Fuel units in the canisters in my hands."""
    units = 0
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.CANISTER:
            units += obs[O_HAND_FUEL + h]
    return units


@compiled
def empty_canisters(obs):
    k = 0
    for h in range(2):
        k += obs[O_HAND_KIND + h] == codes.CANISTER and obs[O_HAND_FUEL + h] == 0
    return k


@compiled
def fuel_source(obs, mem, ip, next_hop, room_block):
    """Where to fill my empty canisters: the pump unless I believe it broken (LOC-FUEL-1,
    memory.remember_pump); else the nearest generator I believe stopped with fuel left, found
    dark at my last visit to its block (GEN-4: its fuel can be drawn in any lighting, and a
    stopped generator burns none: GAP-17); else the pump, to repair it.
    In play, a dark generator room's own errands come before this round
    (expert_humans.tend_dark_generator_room), so there he repairs the generator (or its room's
    fixture) rather than draw, and draws only from one found running again. Measured with
    pilots_share 0.2, 2,000 games: 40.4% / 18.1% human wins at 12 / 15 players (seed 1), 40.5% /
    18.1% (seed 2), against 38.8% / 16.9% (seed 2) going to the pump only; drawing before those
    errands (the stopped generator's fuel taken rather than repaired): 38.3% / 16.6% (seed 1)."""
    if mem[M_PUMP_BROKEN] == 0:
        return codes.FUEL_ROOM
    t = obs[O_TURN]
    best, best_hops = codes.FUEL_ROOM, codes.N_ROOMS + 1
    for b in range(codes.N_BLOCKS):
        stopped = mem[M_BLOCK_LIT + b] < mem[M_BLOCK_VISIT + b]
        if not stopped or fuel_estimate(mem, ip, b, t) <= 0:
            continue
        room = generator_room_of_block(room_block, b)
        h = hops(next_hop, obs[O_ROOM], room)
        if h < best_hops:
            best, best_hops = room, h
    return best


@compiled
def fuel_run(obs, mem, ip, knobs, out, n, next_hop, room_block, need):
    """Bring `need` more fuel units: fill the empty canisters I hold once they hold enough or no
    hand is left for another, at the pump (repaired if broken: humans.fill_at_pump) or from a
    stopped generator (fuel_source); else take another canister from the Warehouse
    (LOC-WAREHOUSE-1: empty, GAP-18). -1 if I can carry none."""
    here = obs[O_ROOM]
    empties = empty_canisters(obs)
    per_canister = ip[P.I_PUMP_FILL]  # LOC-FUEL-1: an empty canister filled to full
    if empties > 0 and (empties * per_canister >= need or free_hands(obs) == 0):
        source = fuel_source(obs, mem, ip, next_hop, room_block)
        if here != source:
            return go(obs, out, n, next_hop, source, knobs, ip)
        if source == codes.FUEL_ROOM:
            return fill_at_pump(obs, mem, out, n)
        mem[H_HELI_DRAW] = obs[O_TURN] * 4 + room_block[here] + 1
        for h in range(2):
            if obs[O_HAND_KIND + h] == codes.CANISTER and obs[O_HAND_FUEL + h] == 0:
                n = emit(out, n, codes.A_REFUEL, h, 1)  # GEN-4: drawn out of the generator
        return n
    if free_hands(obs) == 0:
        return -1
    if here == codes.WAREHOUSE:
        if obs[O_ROOM_ITEMS + codes.CANISTER] > 0:
            return emit(out, n, codes.A_PICKUP, codes.CANISTER, 0)
        return emit(out, n, codes.A_OPEN_BOX, codes.RED_BOX, codes.CANISTER)
    return go(obs, out, n, next_hop, codes.WAREHOUSE, knobs, ip)


@compiled
def check_draw(obs, mem):
    """GEN-4: a draw of last turn that left my canisters empty found the generator dry: its
    fuel is believed gone (memory's M_GEN_FUEL, as if seen)."""
    cell = mem[H_HELI_DRAW]
    if cell == 0:
        return
    mem[H_HELI_DRAW] = 0
    b = cell % 4 - 1
    if cell // 4 == obs[O_TURN] - 1 and empty_canisters(obs) > 0:
        mem[M_GEN_FUEL + b] = 0
        mem[M_GEN_SEEN + b] = obs[O_TURN]


@compiled
def in_lit_hangar(obs, mem, ip, out, n, fly_out, fly_untested):
    """HELI-3..5 in the lit hangar: board what I prepared last turn; pour in the fuel I carry;
    repair a broken part; prepare it. -1 if there is nothing to do here (the tank short and no
    fuel in hand: the caller fetches it). While another's preparation is boarding I leave the
    helicopter alone (HELI-5: my refusals would ground his flight)."""
    me = obs[O_SELF]
    if obs[O_HELI_BOARDING] == 1:
        if obs[O_HELI_PILOT] == me:
            return emit(out, n, codes.A_HELI_BOARD, 0, refusals(obs, mem))
        return -1
    short = obs[O_HELI_FUEL] < ip[P.I_HELI_TANK]
    poured = False
    for h in range(2):
        if short and obs[O_HAND_KIND + h] == codes.CANISTER and obs[O_HAND_FUEL + h] > 0:
            n = emit(out, n, codes.A_HELI_FUEL, h, 0)  # HELI-3: 1 AP each
            poured = True
    if poured:
        return n
    for k in range(len(codes.HELI_PARTS)):
        if obs[O_HELI_BROKEN + k] == 1:
            return emit(out, n, codes.A_REPAIR, codes.HELI_PARTS[k], 0)  # ACT-REPAIR, HELI-6
    if short:
        return -1
    if fly_out and (cleared(mem, me) or fly_untested):
        return emit(out, n, codes.A_HELI_PREPARE, 0, 0)  # HELI-4
    return -1


@compiled
def heli_round(obs, mem, ip, knobs, out, n, next_hop, room_block, by_code):
    """See to the helicopter (the module's docstring). by_code: into the hangar by its code if
    no card opens it (policies.doors_play). -1 if there is nothing to do."""
    fly_out = knobs[K_FLY_OUT] > 0
    fly_untested = knobs[K_FLY_UNTESTED] > 0
    believe(obs, mem)
    belief = mem[H_HELI_BELIEF]
    if belief & GONE != 0:
        return -1
    check_draw(obs, mem)
    here = obs[O_ROOM]
    need = ip[P.I_HELI_TANK] - believed_fuel(mem) - fuel_carried(obs)
    if here == codes.HANGAR:
        if obs[O_SEES] == 1:
            m = in_lit_hangar(obs, mem, ip, out, n, fly_out, fly_untested)
            if m >= 0:
                return m
            if need > 0:
                return fuel_run(obs, mem, ip, knobs, out, n, next_hop, room_block, need)
            return -1
        h = hand_with(obs, codes.FLASHLIGHT_ITEM)
        if h >= 0 and obs[O_HAND_ON + h] == 0:
            return emit(out, n, codes.A_FLASHLIGHT, h, 0)  # LIGHT-3: lit from next turn
        if need > 0:
            m = fuel_run(obs, mem, ip, knobs, out, n, next_hop, room_block, need)
            if m >= 0:
                return m
        if fuel_carried(obs) > 0:
            return n  # HELI-1: wait with the fuel for the light
        # the light: the generator room's errands (expert_humans.tend_dark_generator_room)
        gen_room = generator_room_of_block(room_block, room_block[here])
        return go(obs, out, n, next_hop, gen_room, knobs, ip)
    # the hangar first (its repairs, a look at the tank), unless the canisters are at hand
    if need > 0 and (belief & VISITED != 0 or here == codes.WAREHOUSE):
        m = fuel_run(obs, mem, ip, knobs, out, n, next_hop, room_block, need)
        if m >= 0:
            return m
    if by_code:
        return enter_by_code(obs, mem, ip, knobs, out, n, next_hop, room_block, codes.HANGAR)
    if card_for(obs, codes.HANGAR) < 0:
        return -1
    return go(obs, out, n, next_hop, codes.HANGAR, knobs, ip)

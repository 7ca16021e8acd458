"""A canister kept back for burning (knob `burn_reserve` of the expert humans).

THING-P-3: a Thing brought to 0 HP lies paralysed for `thing.paralysis_turns` turns and then
revives; only fire (ACT-BURN-CORPSE: 2 AP and half a canister, `corpse.burn_fuel`, from a
canister in hand) kills it for good. The expert's burn errand fetches fuel once it sees the body,
but the pump (the only fuel: GAP-18) is the Things' first job and a paralysis lasts two turns, so
felled Things nearly always revived. With `burn_reserve`, an armed human who fuels no generator
(those who fell Things) keeps a canister holding at least a burning's fuel in his backpack, out
of the way of his hands and of the generators (only canisters in hand are poured):

- reserve_errand: he takes a canister (one lying where he is, or from a red box when he is in
  the lit Warehouse, LOC-WAREHOUSE-1; in the dark a box of a random colour opens, GAP-19) and
  fills it: from a generator he believes broken (a broken one burns nothing: GAP-17, so its fuel
  is idle; GEN-4: fuel is taken out for 1 AP in any lighting), at the pump if he does not believe
  it broken (LOC-FUEL-1 fills only an empty canister), or from a generator he believes holds at
  least half its capacity; then he puts it into his backpack (ACT-BACKPACK). At 1 he does so only
  where he stands, never walking for it; at 2, once help is called (until then the call comes
  first: GAP-6), he walks for it too: to the Warehouse, then to the nearest such broken
  generator, else the pump, else the fullest generator.
- burn_from_backpack: by a paralysed known Thing with no canister in hand to burn it, he takes the
  reserve out into a hand (ACT-BACKPACK, 1 AP, step 5; swapped with what that hand held) and burns
  the body the same turn (ACT-BURN-CORPSE, step 6: the fuel is checked then, INV-6). Half a full
  canister is left: a second burning.
"""

from policies.knowledge import thing_body_here
from policies.expert_knobs import K_BURN_RESERVE
from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.observation import (
    O_BACKPACK_FUEL,
    O_BACKPACK_KIND,
    O_CALL_TURN,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_TURN,
    UNSEEN,
)
from policies.common import (
    canister_hand,
    backpack_slot,
    emit,
    generator_room_of_block,
    hand_with,
    hops,
    is_generator_room,
)
from policies.humans import fill_at_pump, free_hands, go
from policies.memory import M_GEN_BROKEN, M_PUMP_BROKEN, fuel_estimate


@compiled
def reserve_slot(obs, ip):
    """The backpack slot holding a canister with a burning's fuel (ACT-BURN-CORPSE), or -1."""
    for k in range(O_BACKPACK_FUEL - O_BACKPACK_KIND):
        if (
            obs[O_BACKPACK_KIND + k] == codes.CANISTER
            and obs[O_BACKPACK_FUEL + k] >= ip[P.I_BURN_FUEL]
        ):
            return k
    return -1


@compiled
def can_burn_here(obs, mem, ip):
    """A known Thing lies paralysed here and I carry a burning's fuel, in hand or in reserve."""
    if thing_body_here(obs, mem) < 0:
        return False
    return canister_hand(obs, ip, True) >= 0 or reserve_slot(obs, ip) >= 0


@compiled
def burn_from_backpack(obs, mem, ip, knobs, out, n):
    """If `burn_reserve`: a known Thing lies paralysed here and I hold no canister to burn it
    with: take my reserve out (ACT-BACKPACK, into a free hand, else swapped with the hand holding
    no weapon, else with the second hand) and burn the body this turn (ACT-BURN-CORPSE). -1 if
    not the case."""
    if knobs[K_BURN_RESERVE] <= 0:
        return -1
    d = thing_body_here(obs, mem)
    k = reserve_slot(obs, ip)
    if d < 0 or k < 0 or canister_hand(obs, ip, True) >= 0:
        return -1
    h = hand_with(obs, codes.NO_ITEM)
    if h < 0:
        h = 0 if obs[O_HAND_KIND] != codes.PISTOL and obs[O_HAND_KIND] != codes.AXE else 1
    n = emit(out, n, codes.A_BACKPACK, h, k)
    return emit(out, n, codes.A_BURN_CORPSE, d, h)


@compiled
def fuel_source(obs, mem, ip, next_hop, room_block, empty):
    """Where to fill my canister (empty: it holds nothing, which the pump needs): the nearest
    generator room whose generator I believe broken with a burning's fuel in it, else the Fuel
    room if I do not believe the pump broken, else the generator room I believe fullest if its
    generator holds at least half its capacity; -1 if none."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    best, best_hops = -1, codes.N_ROOMS
    for b in range(codes.N_BLOCKS):
        r = generator_room_of_block(room_block, b)
        h = hops(next_hop, here, r)
        if mem[M_GEN_BROKEN + b] == 1 and fuel_estimate(mem, ip, b, t) >= ip[P.I_BURN_FUEL]:
            if h < best_hops:
                best, best_hops = r, h
    if best >= 0:
        return best
    if empty and mem[M_PUMP_BROKEN] == 0:
        return codes.FUEL_ROOM
    fullest = 0
    for b in range(codes.N_BLOCKS):
        fuel = fuel_estimate(mem, ip, b, t)
        if fuel * 2 >= ip[P.I_GEN_CAPACITY] and fuel > fullest:
            best, fullest = generator_room_of_block(room_block, b), fuel
    return best


@compiled
def fill_here(obs, mem, ip, room_block, empty):
    """I can fill my canister where I stand (empty: it holds nothing, which the pump needs):
    the Fuel room, the pump not believed broken; or a generator room whose generator I believe
    broken with a burning's fuel in it, or holding at least half its capacity (fuel_source)."""
    here = obs[O_ROOM]
    if here == codes.FUEL_ROOM:
        return empty and mem[M_PUMP_BROKEN] == 0
    if not is_generator_room(here):
        return False
    b = room_block[here]
    fuel = fuel_estimate(mem, ip, b, obs[O_TURN])
    if mem[M_GEN_BROKEN + b] == 1:
        return fuel >= ip[P.I_BURN_FUEL]
    return fuel * 2 >= ip[P.I_GEN_CAPACITY]


@compiled
def reserve_errand(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """If `burn_reserve`: get a canister with a burning's fuel into my backpack (see the
    module's docstring): where the means are at hand (1), walking for them once help is called
    (2). -1 when I have one, or no room for one, or nothing to do here."""
    if knobs[K_BURN_RESERVE] <= 0 or reserve_slot(obs, ip) >= 0:
        return -1
    slot = backpack_slot(obs, codes.NO_ITEM)
    if slot < 0:
        return -1
    walk = knobs[K_BURN_RESERVE] >= 2 and obs[O_CALL_TURN] != UNSEEN
    full = canister_hand(obs, ip, True)
    if full >= 0:
        return emit(out, n, codes.A_BACKPACK, full, slot)  # ACT-BACKPACK
    low = canister_hand(obs, ip, False)
    here = obs[O_ROOM]
    if low >= 0:
        empty = obs[O_HAND_FUEL + low] == 0
        if walk:
            dest = fuel_source(obs, mem, ip, next_hop, room_block, empty)
            if dest < 0:
                return -1
            if here != dest:
                return go(obs, out, n, next_hop, dest, knobs, ip)
        elif not fill_here(obs, mem, ip, room_block, empty):
            return -1
        if here == codes.FUEL_ROOM:
            return fill_at_pump(obs, mem, out, n)  # LOC-FUEL-1, told broken in the dark too
        return emit(out, n, codes.A_REFUEL, low, 1)  # GEN-4: out of the generator
    if free_hands(obs) == 0:
        return -1
    if obs[O_ROOM_ITEMS + codes.CANISTER] > 0:
        return emit(out, n, codes.A_PICKUP, codes.CANISTER, 0)  # ACT-PICKUP
    if here != codes.WAREHOUSE:
        return go(obs, out, n, next_hop, codes.WAREHOUSE, knobs, ip) if walk else -1
    if obs[O_SEES] != 1:
        return -1  # GAP-19: in the dark a box of a random colour opens
    return emit(out, n, codes.A_OPEN_BOX, codes.RED_BOX, codes.CANISTER)  # LOC-WAREHOUSE-1

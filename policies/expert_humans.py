"""The `expert` human policy: the naive errands (parka first, per-block fuelers, beacon then call
for help, shelter from the cold, the Tower included: shelter_in_tower) plus suspicion from
evidence (policies.knowledge), arming with the Arsenal's pistols, shooting or striking known
Things and saboteurs, fleeing them unarmed, burning paralysed ones, not staying alone in the dark
with one untested person, blood tests against a dog's sample, a flashlight in hand switched on,
optionally a spare part carried for repairs in the dark, and three fixes to naive's errands: a
dark generator room is repaired (fixture or generator) or supplied rather than waited in, the
call for help is tried in a dark Radio room (it needs power, not light), and hands full of
useless items are freed.

Four choices of a strong player, each a knob off by default, live in modules of their own and
are called from errands_declare (and keep_out from expert_human_declare): the opening plan
(policies.opening: `callers_share`, `call_from_start`; `arms_first` is the order of the pistol
and the parka below), a canister kept for burning (policies.burning: `burn_reserve`), keeping
away from a Thing whose organs may burst (policies.organs: `organs_hp`) and blood samples handed
to a tester (policies.samples: `hand_samples`). Their memory cells are the top of this policy's
range (from M_EXPERT_HUMANS + 48).

Spare parts (ITEM-PARTS, ACT-REPAIR: 90% rather than 50%, halved in the dark): if
`carry_parts` (off by default: it costs more turns than it saves, docs/policies.md), one who
fuels no generator opens one blue box in a lit Warehouse (parts_errand) and keeps the part in his
backpack (stow_part); about to repair a generator or the pump in the dark he takes it into a
free hand first (policies.humans.take_out_part).

Memory: the shared cells of policies.memory, the knowledge cells of policies.knowledge, and its
own cells from M_EXPERT_HUMANS:
- H_BURN_WHO: a known Thing whose body lies paralysed, plus 1 (0: none)
- H_BURN_ROOM: the room of that body
- H_BURN_UNTIL: the last turn it can still be there (THING-P-3: the paralysis ends)
- H_NO_PISTOLS: 1 once the Arsenal was seen with no pistol left
- H_DOG: the dog whose sample I carry in my backpack, plus 1 (0: none)
- H_TESTS_DONE: blood comparisons of mine whose result I have read
- H_SUPPLY: the block of a dry generator I found in the dark and bring fuel to, plus 1
- H_GEN_REPAIR: the turn I last tried to repair a generator in the dark
- H_LAB_RETRY: the turn before which a tester who found the analyzer or the computer unusable
  does not return
- H_LAB_VIEW: the finish turn of the comparison whose result I last declared to read
- H_HELI_KNOWN, H_HELI_NEEDS_FUEL, H_HELI_GONE: the helicopter as a mechanic last saw it
- H_BLUE_BOX: 1 once I opened a blue box for a spare part
and the cells of the modules of optional errands, from M_EXPERT_HUMANS + 40 (docs/policies.md):
policies.doors_play (door codes), policies.helicopter_play (the helicopter's round of the
mechanics if `heli_fuel` and of the pilots, `pilots_share`), policies.repair_light (light for
repairs in the dark, `dark_repairs`).

The helicopter (HELI-1..5, GAP-7): if `mechanics`, the hangar's cardholders who fuel no
generator repair its three parts (bare-handed: ACT-REPAIR's chance without the tool) once help
is called, or from turn `heli_from_turn` without a call, fill its tank with canisters, and,
if `fly_out`, prepare it and fly away the next turn, refusing every passenger not cleared by a
blood test; untested themselves, they fly only if `fly_untested`. One human who got away means
the Things can no longer win by killing (GAP-9), but a Thing aboard wins the game for them
(GAP-7).

Flashlights (ITEM-FLASHLIGHT, ACT-FLASHLIGHT): if `flashlight`, a flashlight in hand is
switched on and left on, so that a room going dark stays lit ("фонарик", LIGHT-1) for its
holder and those with him; the switch is declared after the turn's errands, so that it takes
only AP they leave (AP-1, GAP-59: the kernel keeps declarations in order while they fit).

Guards (ACT-HINDER-TARGET, GAP-28; GAP-6: the call needs the Radio room's block powered): the
`guards_share` of the players (a head count at the game's player count: policies.HEAD_COUNTS),
by index after the fuelers, arm first if they can, then keep to that block's generator room;
lit, the generator working, they hinder what is done to the generator (3 AP) while anyone not
cleared stands there with them, and wait there otherwise (guard_errand).

The blood test (LOC-KENNEL-2, ACT-BLOOD-SELF, LOC-LAB-2..4): a human whose card opens the
Laboratory and who fuels no generator is a tester. He takes a dog's blood into his backpack (the
human control: GAP-53, dogs are never infected), his own into a hand, puts both into the
analyzer labelled truly, starts an "equal" comparison, and reads the computer once it is done;
policies.knowledge folds every row he reads (a NO exposes the labelled character). The convention
that only the dog's sample goes into the backpack tells the two tubes apart.

Knob indices follow policies.expert_knobs.KNOBS; the first eight are naive's, in naive's order,
so that the knob array is handed to policies.humans unchanged."""

from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.kernel.public import D_ACTION, D_TARGET, pack_insert
from balance.observation import (
    O_HELI_BOARDING,
    O_HELI_BROKEN,
    O_HELI_FUEL,
    O_HELI_PILOT,
    LAB_EMPTY,
    O_FROST,
    O_GEN_BROKEN,
    O_CALL_TURN,
    O_LAB_ANALYZER_BROKEN,
    O_LAB_COMPUTER_BROKEN,
    O_LAB_MY_FINISH,
    O_LAB_SLOTS,
    O_LAB_STAGE,
    O_LAB_VIEW_TURN,
    O_HAND_KIND,
    O_HAND_ON,
    O_LIGHTING,
    O_LIVING_HERE,
    O_HERE,
    O_PRESENT,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_SELF,
    O_TURN,
    O_WEARS_PARKA,
    P_ABSENT,
    P_ACTIVE_THING,
    P_LOOKS_DEAD,
    UNSEEN,
)
from policies.common import (
    dog_to_sample,
    canister_hand,
    backpack_slot,
    card_for,
    emit,
    fuel_hand,
    generator_room_of_block,
    hand_with,
    is_generator_room,
    my_repair,
    radio_generator_room,
)
from policies.humans import (
    K_FUELERS_PER_BLOCK,
    K_PARKA_FIRST,
    K_STREET_MAX_FROST,
    fill_at_pump,
    free_hands,
    go,
    human_declare,
    take_out_part,
    pour_here,
    warm_up,
)
from policies.expert_knobs import (
    K_DARK_REPAIRS,
    K_DOOR_CODES,
    K_HELI_FUEL,
    K_PILOTS,
    K_ARMS_FIRST,
    K_ARM_UP,
    K_ATTACK_SUSPICION,
    K_AVOID_PAIRS,
    K_BELIEVE_BELOW,
    K_BLOOD_TESTS,
    K_BURN_THINGS,
    K_CARRY_PARTS,
    K_FLASHLIGHT,
    K_FLEE_UNARMED,
    K_FLY_OUT,
    K_FLY_UNTESTED,
    K_GUARDS,
    K_HELI_FROM_TURN,
    K_LAB_RETRY_TURNS,
    K_LIE_POINTS,
    K_MECHANICS,
    K_PROOF_POINTS,
    K_SPARE_ORDERED,
    K_SUPPLY_DRY,
    K_TALK,
    K_TEST_AFTER_CALL,
    K_TRUST_BELOW,
    K_WORD_POINTS,
)
from policies.burning import burn_from_backpack, can_burn_here, reserve_errand
from policies.opening import call_errand
from policies.organs import keep_away, keep_out
from policies.samples import giver_errand, tester_errand
from policies.things import enterable_rooms
from policies.claims import hear_claims, human_claim
from policies.knowledge import (
    refusals,
    thing_body_here,
    cleared,
    known_dead,
    known_thing,
    learn,
    report_held,
    suspicion,
)
from policies.doors_play import arm_by_code, fold_entries
from policies.helicopter_play import heli_round
from policies.repair_light import fetch_light, keep_light, light_repairs, note_flashlights
from policies.memory import (
    M_BEACON_SEEN,
    M_BLOCK_LIT,
    M_CALL_TRIED,
    M_CROWD,
    M_EXPERT_HUMANS,
    M_GEN_BROKEN,
    M_LOCKED,
    M_NO_YELLOW,
    fuel_estimate,
    remember,
    remember_lamps,
)

SUMMARY = (
    "naive's errands plus suspicion from evidence: arms up, shoots known Things, burns "
    "paralysed ones, flees unarmed, avoids pairs in the dark, tests blood against a dog's, "
    "repairs and fuels the helicopter and flies out, switches flashlights on"
)

H_BURN_WHO = M_EXPERT_HUMANS
H_BURN_ROOM = M_EXPERT_HUMANS + 1
H_BURN_UNTIL = M_EXPERT_HUMANS + 2
H_NO_PISTOLS = M_EXPERT_HUMANS + 3
H_DOG = M_EXPERT_HUMANS + 4
H_TESTS_DONE = M_EXPERT_HUMANS + 5
H_SUPPLY = M_EXPERT_HUMANS + 6
H_GEN_REPAIR = M_EXPERT_HUMANS + 7
H_LAB_RETRY = M_EXPERT_HUMANS + 8
H_LAB_VIEW = M_EXPERT_HUMANS + 9
H_HELI_KNOWN = M_EXPERT_HUMANS + 10  # 1 once I saw the helicopter's state in its hangar
H_HELI_NEEDS_FUEL = H_HELI_KNOWN + 1  # 1 if its tank was short of a take-off's fuel when seen
H_HELI_GONE = H_HELI_KNOWN + 2  # 1 once I saw the hangar empty (it flew: GAP-7)
H_BLUE_BOX = H_HELI_KNOWN + 3  # 1 once I opened a blue box for a spare part (parts_errand)


@compiled
def armed(obs):
    """A pistol or an axe in hand (ITEM-PISTOL, ITEM-AXE)."""
    return hand_with(obs, codes.PISTOL) >= 0 or hand_with(obs, codes.AXE) >= 0


@compiled
def foe(obs, mem, knobs, d):
    """d stands here, up, and is a known Thing or suspect enough to attack."""
    p = obs[O_PRESENT + d]  # the tests combined without a branch: who is a foe varies
    up = (d != obs[O_SELF]) & (p != P_ABSENT) & (p != P_LOOKS_DEAD)
    return up & (known_thing(mem, d) | (suspicion(mem, d) >= knobs[K_ATTACK_SUSPICION]))


@compiled
def pick_foe(obs, mem, knobs):
    """The foe here to attack first: an active Thing (the danger now), else any foe; -1."""
    best = -1
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        if foe(obs, mem, knobs, d):
            if obs[O_PRESENT + d] == P_ACTIVE_THING:
                return d
            if best < 0:
                best = d
    return best


@compiled
def attack(obs, out, n, d):
    """ACT-SHOOT-6: fire every pistol in hand; else strike with an axe (ACT-MELEE)."""
    shot = False
    for h in range(2):
        if obs[O_HAND_KIND + h] == codes.PISTOL:
            n = emit(out, n, codes.A_SHOOT, d, h)
            shot = True
    if not shot:
        h = hand_with(obs, codes.AXE)
        if h >= 0:
            n = emit(out, n, codes.A_MELEE, d, h)
    return n


@compiled
def active_thing_here(obs):
    here = obs[O_HERE] & ~(1 << obs[O_SELF])  # only those here: nothing is done for the absent
    found = False
    while here != 0:  # or-ed, not returned early: the loop then ends where the set does
        d = trailing_zeros(here)
        here &= here - 1
        found |= obs[O_PRESENT + d] == P_ACTIVE_THING
    return found


@compiled
def crowded_neighbour(obs, mem, ip):
    """The room next to mine (not the Street) where most people were last seen, among those I
    can get into (DOOR-1), or -1."""
    here = obs[O_ROOM]
    reachable = ip[P.I_ADJACENT + here] & enterable_rooms(obs, mem)
    best, best_crowd = -1, -1
    for r in range(codes.N_ROOMS):
        if r != codes.STREET and (reachable >> r) & 1 == 1 and mem[M_CROWD + r] > best_crowd:
            best, best_crowd = r, mem[M_CROWD + r]
    return best


@compiled
def fetch_fuel(obs, mem, out, n, next_hop, knobs, ip):
    """Get a canister with fuel: fill an empty one at the pump (repairing the pump if it is
    broken: fill_at_pump), else open a red box."""
    here = obs[O_ROOM]
    if fuel_hand(obs, False) >= 0:
        if here == codes.FUEL_ROOM:
            return fill_at_pump(obs, mem, out, n)
        return go(obs, out, n, next_hop, codes.FUEL_ROOM, knobs, ip)
    if here == codes.WAREHOUSE:
        if obs[O_ROOM_ITEMS + codes.CANISTER] > 0:
            return emit(out, n, codes.A_PICKUP, codes.CANISTER, 0)
        return emit(out, n, codes.A_OPEN_BOX, codes.RED_BOX, codes.CANISTER)  # LOC-WAREHOUSE-1
    return go(obs, out, n, next_hop, codes.WAREHOUSE, knobs, ip)


@compiled
def burn_errand(obs, mem, ip, knobs, out, n, next_hop):
    """THING-P-3, ACT-BURN-CORPSE: a paralysed known Thing dies for good only by fire; burn it
    here, or fetch fuel and come back before its paralysis ends. Returns -1 if nothing to do."""
    t = obs[O_TURN]
    here = obs[O_ROOM]
    d = thing_body_here(obs, mem)
    if d >= 0 and mem[H_BURN_WHO] != d + 1:
        mem[H_BURN_WHO] = d + 1
        mem[H_BURN_ROOM] = here
        mem[H_BURN_UNTIL] = t + ip[P.I_PARALYSIS]
    if mem[H_BURN_WHO] == 0:
        return -1
    who = mem[H_BURN_WHO] - 1
    if t > mem[H_BURN_UNTIL] or known_dead(mem, who) or here == mem[H_BURN_ROOM] and d < 0:
        mem[H_BURN_WHO] = 0  # revived, burned by another, or carried off
        return -1
    h = canister_hand(obs, ip, True)
    if h >= 0:
        if here == mem[H_BURN_ROOM]:
            return emit(out, n, codes.A_BURN_CORPSE, who, h)
        return go(obs, out, n, next_hop, mem[H_BURN_ROOM], knobs, ip)
    if free_hands(obs) == 0 and hand_with(obs, codes.CANISTER) < 0:
        mem[H_BURN_WHO] = 0  # no hand for a canister
        return -1
    return fetch_fuel(obs, mem, out, n, next_hop, knobs, ip)


@compiled
def my_block(obs, knobs):
    """The block whose generator I keep fuelled (naive's assignment by index), or -1."""
    me = obs[O_SELF]
    return me % codes.N_BLOCKS if me // codes.N_BLOCKS < knobs[K_FUELERS_PER_BLOCK] else -1


@compiled
@compiled
def tend_dark_generator_room(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """I stand in a dark generator room: pour in what I carry; if the generator should still be
    running, the darkness is a broken light fixture (GAP-20) if I saw the block lit a turn ago
    (I came from a lit room of it) or if my repair of the generator was refused last turn (it
    was not broken: ACT-REPAIR), else a broken generator (repairs work in any lighting);
    if it should be dry, its fueler (anyone if supply_dry) fetches fuel for it (supply_errand)
    rather than wait by it.
    -1 if I am not in a dark generator room."""
    here = obs[O_ROOM]
    if not is_generator_room(here) or obs[O_LIGHTING] == codes.LIGHT:
        return -1
    m = pour_here(obs, out, n)
    if m > n:
        mem[H_SUPPLY] = 0
        return m
    t = obs[O_TURN]
    b = room_block[here]
    ran = mem[M_BLOCK_LIT + b] >= t - 1 and mem[M_GEN_BROKEN + b] == 0
    refused = mem[H_GEN_REPAIR] == t - 1 and my_repair(obs, codes.OBJ_GENERATOR) < 0
    if ran or refused:
        return emit(out, n, codes.A_REPAIR, codes.OBJ_LIGHT_FIXTURE, 0)
    dry = fuel_estimate(mem, ip, b, t) <= 0 and mem[M_GEN_BROKEN + b] == 0
    if not dry or my_block(obs, knobs) != b and knobs[K_SUPPLY_DRY] <= 0:
        m = take_out_part(obs, mem, out, n, codes.OBJ_GENERATOR)
        if m > n:
            return m
        mem[H_GEN_REPAIR] = t
        return emit(out, n, codes.A_REPAIR, codes.OBJ_GENERATOR, 0)
    mem[H_SUPPLY] = b + 1
    return fetch_fuel(obs, mem, out, n, next_hop, knobs, ip)


@compiled
def supply_errand(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """Bring fuel to the dry generator I found in the dark (GEN-4). -1 if none."""
    if mem[H_SUPPLY] == 0:
        return -1
    b = mem[H_SUPPLY] - 1
    gen_room = generator_room_of_block(room_block, b)
    if fuel_hand(obs, True) >= 0:
        if obs[O_ROOM] == gen_room:
            mem[H_SUPPLY] = 0
            return pour_here(obs, out, n)
        return go(obs, out, n, next_hop, gen_room, knobs, ip)
    if free_hands(obs) == 0 and hand_with(obs, codes.CANISTER) < 0:
        mem[H_SUPPLY] = 0
        return -1
    return fetch_fuel(obs, mem, out, n, next_hop, knobs, ip)


@compiled
def guard_errand(obs, mem, ip, knobs, out, n, next_hop, room_block):
    """If I am one of the guards (the humans by index after the fuelers), keep to the Radio room's
    block's generator room (its power makes the call: GAP-6), armed first if I can be; there, lit
    and the generator working, hinder what is done to the generator whenever someone not cleared
    stands here with me (ACT-HINDER-TARGET, GAP-28: the turn's 3 AP). -1 when not a guard, or
    when the generator room needs the other errands (dark, or the generator broken)."""
    me = obs[O_SELF]
    first = codes.N_BLOCKS * knobs[K_FUELERS_PER_BLOCK]
    if not first <= me < first + knobs[K_GUARDS]:
        return -1
    room = radio_generator_room(room_block)
    if obs[O_ROOM] != room:
        m = arm_errand(obs, mem, ip, knobs, out, n, next_hop)
        return m if m >= 0 else go(obs, out, n, next_hop, room, knobs, ip)
    if obs[O_SEES] != 1 or obs[O_GEN_BROKEN] != 0:
        return -1
    others = obs[O_HERE] & ~(1 << me)
    while others != 0:
        d = trailing_zeros(others)
        others &= others - 1
        if obs[O_PRESENT + d] != P_LOOKS_DEAD and not cleared(mem, d):
            return emit(out, n, codes.A_HINDER_TARGET, codes.OBJ_GENERATOR, 1)
    return n


@compiled
def call_in_the_dark(obs, mem, out, n):
    """GAP-6: the call needs the Radio room's block powered and a beacon on, not light: in a dark
    Radio room (a broken fixture, say) try it anyway. -1 if not the case."""
    if (
        obs[O_ROOM] != codes.RADIO_ROOM
        or obs[O_LIGHTING] == codes.LIGHT
        or obs[O_CALL_TURN] != UNSEEN
        or mem[M_BEACON_SEEN] == 0
    ):
        return -1
    mem[M_CALL_TRIED] = obs[O_TURN]
    return emit(out, n, codes.A_CALL, 0, 0)


@compiled
def wants_parka(obs, mem, knobs):
    """naive's parka-first errand applies (policies.humans.human_declare)."""
    return (
        obs[O_WEARS_PARKA] == 0
        and knobs[K_PARKA_FIRST] > 0
        and mem[M_NO_YELLOW] == 0
        and (hand_with(obs, codes.PARKA) >= 0 or free_hands(obs) > 0)
    )


@compiled
def arm_errand(obs, mem, ip, knobs, out, n, next_hop):
    """Fetch a pistol from the Arsenal (LOC-ARSENAL-1), if my card opens it (ID-1, DOOR-1) or
    its lamp shows it open. Returns -1 if not worth it."""
    here = obs[O_ROOM]
    if knobs[K_ARM_UP] <= 0 or armed(obs) or free_hands(obs) == 0 or mem[H_NO_PISTOLS] == 1:
        return -1
    if here == codes.ARSENAL:
        if obs[O_ROOM_ITEMS + codes.PISTOL] > 0:
            return emit(out, n, codes.A_PICKUP, codes.PISTOL, 0)  # ACT-PICKUP
        if obs[O_SEES] == 1:
            mem[H_NO_PISTOLS] = 1
        return -1
    if card_for(obs, codes.ARSENAL) < 0 and (mem[M_LOCKED] >> codes.ARSENAL) & 1 == 1:
        return -1
    return go(obs, out, n, next_hop, codes.ARSENAL, knobs, ip)


@compiled
def untested_pair_in_dark(obs, mem):
    """INF-1: in the dark a Thing infects unseen; alone with one person not cleared by a blood
    test is the classic set-up (INF-5: in light it needs a crowd)."""
    if obs[O_LIGHTING] == codes.LIGHT or obs[O_LIVING_HERE] != 2:
        return False
    here = obs[O_HERE]  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        p = obs[O_PRESENT + d]
        if d != obs[O_SELF] and p != P_ABSENT and p != P_LOOKS_DEAD:
            return not cleared(mem, d)
    return False


@compiled
def useful(kind, knobs):
    """Items worth a hand to this policy: weapons, fuel, a parka to put on, a blood sample, and
    if `carry_parts` a spare part to repair with (ITEM-PARTS)."""
    return (
        kind == codes.PISTOL
        or kind == codes.AXE
        or kind == codes.CANISTER
        or kind == codes.PARKA
        or kind == codes.BLOOD_SAMPLE
        or kind == codes.SPARE_PARTS
        and knobs[K_CARRY_PARTS] > 0
    )


@compiled
def free_a_hand(obs, knobs, out, n):
    """ACT-DROP (free, step 1): with both hands full, drop an item this policy has no use for (a
    second flashlight from a yellow box, say), or the errands that need a hand stall."""
    if free_hands(obs) > 0:
        return n
    for h in range(2):
        if not useful(obs[O_HAND_KIND + h], knobs):
            return emit(out, n, codes.A_DROP, h, 0)
    return n


@compiled
def read_result(obs, mem, ip, knobs, out, n, next_hop):
    """LOC-LAB-4: my comparison is done; read the computer. A reading that did not happen (the
    computer had no power, GAP-21, or was broken where the dark hid it) is tried again
    lab_retry_turns later. Returns -1 if none is pending, or until then."""
    t = obs[O_TURN]
    finish = obs[O_LAB_MY_FINISH]
    if finish == UNSEEN or obs[O_LAB_VIEW_TURN] > finish:
        return -1
    if mem[H_LAB_VIEW] == finish:  # declared, yet O_LAB_VIEW_TURN did not move past finish
        mem[H_LAB_VIEW] = 0
        mem[H_TESTS_DONE] -= 1
        mem[H_LAB_RETRY] = t + knobs[K_LAB_RETRY_TURNS]
    if t < mem[H_LAB_RETRY]:
        return -1
    if t <= finish:
        return go(obs, out, n, next_hop, codes.LABORATORY, knobs, ip)  # wait by it
    if obs[O_ROOM] != codes.LABORATORY:
        return go(obs, out, n, next_hop, codes.LABORATORY, knobs, ip)
    if obs[O_LAB_COMPUTER_BROKEN] == 1:
        return emit(out, n, codes.A_REPAIR, codes.OBJ_COMPUTER, 0)
    mem[H_TESTS_DONE] += 1
    mem[H_LAB_VIEW] = finish
    return emit(out, n, codes.A_LAB_VIEW, 0, 0)


@compiled
def run_comparison(obs, mem, knobs, out, n, dog_slot, hand):
    """LOC-LAB-2/3: the dog's sample in slot 1, mine in slot 2, truly labelled; "equal?"."""
    if obs[O_LAB_ANALYZER_BROKEN] == 1:
        return emit(out, n, codes.A_REPAIR, codes.OBJ_ANALYZER, 0)
    if obs[O_LAB_STAGE] != 0 or obs[O_LAB_SLOTS] != LAB_EMPTY or obs[O_LAB_SLOTS + 1] != LAB_EMPTY:
        mem[H_LAB_RETRY] = obs[O_TURN] + knobs[K_LAB_RETRY_TURNS]  # busy, no power, a tube in it
        return -1
    dog_label = codes.DOG_LABEL + mem[H_DOG] - 1
    n = emit(out, n, codes.A_LAB_INSERT, 0, pack_insert(2 + dog_slot, dog_label))
    n = emit(out, n, codes.A_LAB_INSERT, 1, pack_insert(hand, obs[O_SELF]))
    return emit(out, n, codes.A_LAB_START, codes.Q_EQUAL, 0)


@compiled
def blood_test_errand(obs, mem, ip, knobs, out, n, next_hop):
    """A tester's round (see the module's docstring). Returns -1 if nothing to do."""
    m = read_result(obs, mem, ip, knobs, out, n, next_hop)
    if m >= 0:
        return m
    if mem[H_TESTS_DONE] >= knobs[K_BLOOD_TESTS] or card_for(obs, codes.LABORATORY) < 0:
        return -1
    if obs[O_TURN] < mem[H_LAB_RETRY]:
        return -1
    here = obs[O_ROOM]
    dog_slot = backpack_slot(obs, codes.BLOOD_SAMPLE)
    if dog_slot < 0:
        mem[H_DOG] = 0
        if backpack_slot(obs, codes.NO_ITEM) < 0:
            return -1
        if here != codes.KENNEL:
            return go(obs, out, n, next_hop, codes.KENNEL, knobs, ip)
        dog = dog_to_sample(obs)
        if dog < 0:
            return -1
        mem[H_DOG] = dog + 1
        return emit(out, n, codes.A_BLOOD_DOG, dog, 1)
    hand = hand_with(obs, codes.BLOOD_SAMPLE)
    if hand < 0:
        if free_hands(obs) == 0:
            return -1
        return emit(out, n, codes.A_BLOOD_SELF, 0, 0)  # ACT-BLOOD-SELF, INF-4
    if here != codes.LABORATORY:
        return go(obs, out, n, next_hop, codes.LABORATORY, knobs, ip)
    return run_comparison(obs, mem, knobs, out, n, dog_slot, hand)


@compiled
def mechanic(obs, knobs):
    """Who sees to the helicopter: if `mechanics`, those whose ID card opens the hangar (it
    starts locked: GAP-5) and who fuel no generator."""
    return knobs[K_MECHANICS] > 0 and card_for(obs, codes.HANGAR) >= 0 and my_block(obs, knobs) < 0


@compiled
def in_hangar(obs, mem, ip, knobs, out, n):
    """HELI-1..5 in the hangar, seeing it: board what I prepared last turn, repair the broken
    parts, pour fuel in, or prepare it. -1 if there is nothing to do here.
    While another's preparation is boarding I leave the helicopter alone: a preparation is
    refused then (HELI-5), and boarding with my refusals (everyone not cleared) would make his
    group refuse and ground the flight."""
    me = obs[O_SELF]
    if obs[O_HELI_BOARDING] == 1:
        if obs[O_HELI_PILOT] == me:
            return emit(out, n, codes.A_HELI_BOARD, 0, refusals(obs, mem))
        return -1
    broken = False
    for k in range(len(codes.HELI_PARTS)):
        if obs[O_HELI_BROKEN + k] == 1:
            n = emit(out, n, codes.A_REPAIR, codes.HELI_PARTS[k], 0)  # ACT-REPAIR, HELI-6
            broken = True
    short = obs[O_HELI_FUEL] < ip[P.I_HELI_TANK]
    mem[H_HELI_NEEDS_FUEL] = 1 if short else 0
    full = fuel_hand(obs, True)
    if short and full >= 0:
        return emit(out, n, codes.A_HELI_FUEL, full, 0)  # HELI-3
    if broken or short:
        return n if broken else -1
    if knobs[K_FLY_OUT] > 0 and (cleared(mem, me) or knobs[K_FLY_UNTESTED] > 0):
        return emit(out, n, codes.A_HELI_PREPARE, 0, 0)  # HELI-4
    return -1


@compiled
def helicopter_errand(obs, mem, ip, knobs, out, n, next_hop):
    """A mechanic's round (see the module's docstring). Returns -1 if nothing to do."""
    if mem[H_HELI_GONE] == 1:
        return -1
    if obs[O_ROOM] == codes.HANGAR:
        if obs[O_HELI_FUEL] == UNSEEN:
            if obs[O_SEES] == 1:
                mem[H_HELI_GONE] = 1  # HELI-1: in light, an empty hangar
            return -1  # in the dark it cannot be seen or touched
        mem[H_HELI_KNOWN] = 1
        return in_hangar(obs, mem, ip, knobs, out, n)
    if mem[H_HELI_KNOWN] == 1 and mem[H_HELI_NEEDS_FUEL] == 1 and fuel_hand(obs, True) < 0:
        return fetch_fuel(obs, mem, out, n, next_hop, knobs, ip)
    return go(obs, out, n, next_hop, codes.HANGAR, knobs, ip)


@compiled
def time_to_test(obs, knobs):
    """Blood tests wait for the call for help if the knob says so, and never freeze anyone:
    a tester with more frostbite marks than he would take onto the Street (FROST-1) recovers
    first."""
    if knobs[K_BLOOD_TESTS] <= 0 or obs[O_FROST] > knobs[K_STREET_MAX_FROST]:
        return False
    return knobs[K_TEST_AFTER_CALL] <= 0 or obs[O_CALL_TURN] != UNSEEN


@compiled
def flashlight_to_switch_on(obs, out, n):
    """The hand holding a switched-off flashlight that none of the n declarations drops
    (ACT-DROP, step 1, before the switch's step 13), or -1."""
    for h in range(2):
        if obs[O_HAND_KIND + h] != codes.FLASHLIGHT_ITEM or obs[O_HAND_ON + h] == 1:
            continue
        dropped = False
        for j in range(n):
            if out[j, D_ACTION] == codes.A_DROP and out[j, D_TARGET] == h:
                dropped = True
        if not dropped:
            return h
    return -1


@compiled
def parts_errand(obs, mem, knobs, out, n):
    """If `carry_parts`, once a game: in a lit Warehouse (in the dark a box of a random colour
    opens: GAP-19), with a free hand and a backpack slot, a human who fuels no generator opens a
    blue box for a spare part to carry (ITEM-PARTS: the tool of most repairs; LOC-WAREHOUSE-2,
    GAP-19: parts or scrap, which he drops). A part in hand goes into the backpack
    (ACT-BACKPACK) at once if no hand is left free, else with AP to spare (stow_part). A box
    costs the turn of an errand, in the race of the first turns, so one is all he opens.
    Returns -1 if nothing to do."""
    if knobs[K_CARRY_PARTS] <= 0 or obs[O_ROOM] != codes.WAREHOUSE or obs[O_SEES] != 1:
        return -1
    slot = backpack_slot(obs, codes.NO_ITEM)
    if slot < 0 or my_block(obs, knobs) >= 0:
        return -1
    part = hand_with(obs, codes.SPARE_PARTS)
    if part >= 0:
        return emit(out, n, codes.A_BACKPACK, part, slot) if free_hands(obs) == 0 else -1
    if mem[H_BLUE_BOX] == 1 or free_hands(obs) == 0:
        return -1
    mem[H_BLUE_BOX] = 1
    return emit(out, n, codes.A_OPEN_BOX, codes.BLUE_BOX, codes.SPARE_PARTS)


@compiled
def stow_part(obs, knobs, out, n):
    """If `carry_parts`, a spare part in hand that this turn's declarations neither repair with
    nor move already goes back into the backpack (ACT-BACKPACK), declared last so that it is
    lost if no AP is left (GAP-59): the hand stays free for the errands, and the part is taken
    out for a repair in the dark (policies.humans.take_out_part)."""
    part = hand_with(obs, codes.SPARE_PARTS)
    slot = backpack_slot(obs, codes.NO_ITEM)
    if knobs[K_CARRY_PARTS] <= 0 or part < 0 or slot < 0:
        return n
    for j in range(n):
        if out[j, D_ACTION] == codes.A_REPAIR or out[j, D_ACTION] == codes.A_BACKPACK:
            return n
    return emit(out, n, codes.A_BACKPACK, part, slot)


@compiled
def expert_human_declare(knobs, obs, mem, ip, rng, k, out, next_hop, room_block):
    """The errands (errands_declare), a spare part in hand stowed (stow_part), then a flashlight
    in hand switched on if `flashlight` (ACT-FLASHLIGHT, 1 AP): last, so that the kernel keeps
    it only if the errands leave the AP. If `dark_repairs`, a repair in the dark gives way to
    lighting the room first (policies.repair_light.light_repairs)."""
    n = errands_declare(knobs, obs, mem, ip, out, next_hop, room_block)
    n = keep_out(obs, mem, knobs, out, n)  # ARCH-MUTANT-2: organs_hp
    n = stow_part(obs, knobs, out, n)
    if knobs[K_TALK] > 0:
        n = human_claim(obs, mem, ip, room_block, out, n)  # GAP-64: 0 AP, kept whatever the AP
    if knobs[K_FLASHLIGHT] > 0:
        h = flashlight_to_switch_on(obs, out, n)
        n = emit(out, n, codes.A_FLASHLIGHT, h, 0) if h >= 0 else n
    if knobs[K_DARK_REPAIRS] > 0:
        n = light_repairs(obs, out, n)  # LIGHT-3 before ACT-REPAIR in the dark
    return n


@compiled
def errands_declare(knobs, obs, mem, ip, out, next_hop, room_block):
    remember(obs, mem, ip, room_block)
    remember_lamps(obs, mem)
    learn(obs, mem, knobs[K_TRUST_BELOW], knobs[K_SPARE_ORDERED] > 0)
    hear_claims(
        obs,
        mem,
        int(knobs[K_BELIEVE_BELOW]),
        int(knobs[K_PROOF_POINTS]),
        int(knobs[K_WORD_POINTS]),
        int(knobs[K_LIE_POINTS]),
    )
    report_held(mem, knobs[K_ATTACK_SUSPICION])
    if knobs[K_DOOR_CODES] > 0 or knobs[K_PILOTS] > 0:  # those who key in codes
        fold_entries(obs, mem, ip)
    if knobs[K_DARK_REPAIRS] > 0:
        note_flashlights(obs, mem)
    n = 0
    parka_hand = hand_with(obs, codes.PARKA)
    if parka_hand >= 0 and obs[O_WEARS_PARKA] == 0:
        n = emit(out, n, codes.A_PARKA_ON, parka_hand, 0)  # ACT-PARKA: free
    scrap = hand_with(obs, codes.SCRAP)
    if scrap >= 0 and knobs[K_CARRY_PARTS] > 0:
        n = emit(out, n, codes.A_DROP, scrap, 0)  # ACT-DROP, free: what a blue box gave instead
    tender = obs[O_SELF] < codes.N_BLOCKS * knobs[K_FUELERS_PER_BLOCK] + knobs[K_GUARDS]
    if knobs[K_DARK_REPAIRS] > 0 and tender:  # the fuelers and guards keep a light
        m = keep_light(obs, out, n)  # ACT-PICKUP, or ACT-BACKPACK rather than ACT-DROP
        if m > n:
            return m
    m = free_a_hand(obs, knobs, out, n)
    if m > n:
        return m  # the errands plan with the free hand from next turn
    if keep_away(obs, mem, ip, knobs, can_burn_here(obs, mem, ip)):  # ARCH-MUTANT-2
        r = crowded_neighbour(obs, mem, ip)
        if r >= 0:
            n = pour_here(obs, out, n)
            return go(obs, out, n, next_hop, r, knobs, ip)
    target = pick_foe(obs, mem, knobs)
    if target >= 0 and armed(obs):
        return attack(obs, out, n, target)
    if knobs[K_FLEE_UNARMED] > 0 and active_thing_here(obs):
        r = crowded_neighbour(obs, mem, ip)
        if r >= 0:
            n = pour_here(obs, out, n)
            return go(obs, out, n, next_hop, r, knobs, ip)
    if knobs[K_BURN_THINGS] > 0:
        m = burn_from_backpack(obs, mem, ip, knobs, out, n)
        if m < 0:
            m = burn_errand(obs, mem, ip, knobs, out, n, next_hop)
        if m >= 0:
            return m
    m = warm_up(obs, mem, ip, knobs, out, n, next_hop, room_block)
    if m >= 0:
        return m
    first = codes.N_BLOCKS * knobs[K_FUELERS_PER_BLOCK] + knobs[K_GUARDS]
    m = call_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, first)
    if m < 0 and knobs[K_ARMS_FIRST] > 0:
        m = arm_errand(obs, mem, ip, knobs, out, n, next_hop)
    if m >= 0:
        return m
    if not wants_parka(obs, mem, knobs):
        m = guard_errand(obs, mem, ip, knobs, out, n, next_hop, room_block)
        if m < 0 and armed(obs) and my_block(obs, knobs) < 0:
            m = reserve_errand(obs, mem, ip, knobs, out, n, next_hop, room_block)
        if m >= 0:
            return m
    if knobs[K_DARK_REPAIRS] >= 2:
        m = fetch_light(obs, mem, ip, knobs, out, n, next_hop)  # LIGHT-3, after a failed repair
        if m >= 0:
            return m
    m = tend_dark_generator_room(obs, mem, ip, knobs, out, n, next_hop, room_block)
    if m < 0:
        m = supply_errand(obs, mem, ip, knobs, out, n, next_hop, room_block)
    if m < 0:
        m = call_in_the_dark(obs, mem, out, n)
    if m >= 0:
        return m
    if not wants_parka(obs, mem, knobs):
        first = codes.N_BLOCKS * knobs[K_FUELERS_PER_BLOCK] + knobs[K_GUARDS]
        if first <= obs[O_SELF] < first + knobs[K_PILOTS]:  # HELI-1..5 from the first turn
            m = heli_round(obs, mem, ip, knobs, out, n, next_hop, room_block, True)
            if m >= 0:
                return m
        m = parts_errand(obs, mem, knobs, out, n)
        if m >= 0:
            return m
        m = arm_errand(obs, mem, ip, knobs, out, n, next_hop)
        if m >= 0:
            return m
        pistol = knobs[K_ARM_UP] > 0 and not armed(obs) and free_hands(obs) > 0
        codes_now = knobs[K_DOOR_CODES] >= 2 or obs[O_CALL_TURN] != UNSEEN
        if knobs[K_DOOR_CODES] > 0 and codes_now and pistol and mem[H_NO_PISTOLS] == 0:
            m = arm_by_code(obs, mem, ip, knobs, out, n, next_hop, room_block)  # ACT-CODE
            if m >= 0:
                return m
        fueler = my_block(obs, knobs) >= 0
        if not fueler and time_to_test(obs, knobs):
            trust = knobs[K_TRUST_BELOW]  # handed samples first (hand_samples), then his own
            m = tester_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, False, trust)
            if m < 0:
                m = blood_test_errand(obs, mem, ip, knobs, out, n, next_hop)
            if m < 0:
                done = mem[H_TESTS_DONE] >= knobs[K_BLOOD_TESTS] and obs[O_TURN] >= mem[H_LAB_RETRY]
                m = tester_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, done, trust)
            if m >= 0:
                return m
        late = obs[O_CALL_TURN] != UNSEEN or obs[O_TURN] >= knobs[K_HELI_FROM_TURN]
        if late and mechanic(obs, knobs):
            if knobs[K_HELI_FUEL] > 0:
                m = heli_round(obs, mem, ip, knobs, out, n, next_hop, room_block, False)
            else:
                m = helicopter_errand(obs, mem, ip, knobs, out, n, next_hop)
            if m >= 0:
                return m
        if knobs[K_AVOID_PAIRS] > 0 and not fueler and untested_pair_in_dark(obs, mem):
            r = crowded_neighbour(obs, mem, ip)
            if r >= 0:
                return go(obs, out, n, next_hop, r, knobs, ip)
        if not fueler and time_to_test(obs, knobs):
            m = giver_errand(
                obs, mem, ip, knobs, out, n, next_hop, room_block, knobs[K_TRUST_BELOW]
            )
            if m >= 0:
                return m
    return human_declare(knobs, obs, mem, ip, out, next_hop, room_block)

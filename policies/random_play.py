"""The `random` policy: random legal declarations, for fuzzing the rules.

Each declaration is drawn uniformly among the actions the character's observation shows to be
possible now (a move to a neighbouring room, a box in the Warehouse with a free hand, a shot
with a pistol in hand at someone present, ...), so every action, even the end of a chain such
as refuelling with a canister filled at the pump, is reached. The kernel still checks legality
and drops what does not fit in the AP. No allocation: the candidates are counted, then the
chosen one is found by enumerating them again.
"""

from balance import codes
from balance.kernel import params as P
from balance.kernel.public import (
    D_ACTION,
    D_ARG,
    D_TARGET,
    N_SOURCES,
    pack_card_access,
    pack_claim,
    pack_edit,
    pack_insert,
    pack_order,
    random_code,
)
from balance.compile.jit import compiled
from balance.kernel.rng import below, chance
from balance.observation import (
    LAB_EMPTY,
    MAX_CHARACTERS,
    OT_ARCHETYPE,
    OT_CONVERTS,
    OT_FORM,
    OT_HIDDEN_READY,
    OT_ROOMS_BEFORE,
    OT_SCREAM_READY,
    OT_TRANSFORM_READY,
    O_BACKPACK_KIND,
    O_BODIES_BURNABLE,
    O_CARD,
    O_DOGS_ALIVE,
    O_DOGS_DEAD,
    O_DOOR,
    O_HAND_FUEL,
    O_HAND_KIND,
    O_HELI_BOARDING,
    O_HELI_FUEL,
    O_INFECT_READY,
    O_IS_ORIGINAL_THING,
    O_LAB_SLOTS,
    O_LAB_STAGE,
    O_PRESENT,
    O_RECIPES,
    O_ROOM,
    O_ROOM_ITEMS,
    O_SEES,
    O_SELF,
    O_STOVE,
    O_THING,
    O_WEARS_PARKA,
    O_WORKSHOP,
    P_ABSENT,
    P_LOOKS_DEAD,
    UNSEEN,
)
from policies.common import emit, is_generator_room

KNOBS = ("act_chance",)
K_ACT_CHANCE = 0


@compiled
def claim_topic(d):
    """The topic of the d-th claim of the fuzzer's round (GAP-64): every topic in turn."""
    return d % len(codes.CLAIM_TOPIC_NAMES)


@compiled
def claim_arg(d):
    """The d-th claim's arg: a subject of its topic's kind, every proof in turn, and a dog's
    sample as the pair of a blood test (public.pack_claim)."""
    topic = claim_topic(d)
    subject = d
    if topic == codes.CLAIM_GENERATOR_BROKEN or topic == codes.CLAIM_GENERATOR_DRY:
        subject = d % codes.N_BLOCKS
    elif topic == codes.CLAIM_GOING:
        subject = d % codes.N_ROOMS
    elif topic == codes.CLAIM_HELP_CALLED:
        subject = 0
    proof = d % len(codes.PROOF_NAMES)
    pair = codes.DOG_LABEL + d % codes.N_DOGS if proof == codes.PROOF_BLOOD else -1
    return pack_claim(subject, proof, pair)


@compiled
def candidate(obs, next_hop, wanted, out, n):
    """Enumerate the possible declarations; write the `wanted`-th into out[n] and return -1, or,
    if there are fewer, return how many there are."""
    here = obs[O_ROOM]
    me = obs[O_SELF]
    k = 0
    for r in range(codes.N_ROOMS):  # ACT-MOVE
        if r != here and next_hop[here, r] == r:
            if k == wanted:
                emit(out, n, codes.A_MOVE, r, 0)
                return -1
            k += 1
    free = obs[O_HAND_KIND] == codes.NO_ITEM or obs[O_HAND_KIND + 1] == codes.NO_ITEM
    if here == codes.WAREHOUSE and free:  # LOC-WAREHOUSE-4
        for colour in range(3):
            if k == wanted:
                emit(out, n, codes.A_OPEN_BOX, colour, -1)
                return -1
            k += 1
    for kind in range(codes.N_ITEM_KINDS):  # ACT-PICKUP, ACT-DESTROY of what lies here
        if obs[O_ROOM_ITEMS + kind] > 0:
            for action, arg in ((codes.A_PICKUP, 0), (codes.A_DESTROY, 0)):
                if k == wanted:
                    emit(out, n, action, kind, arg)
                    return -1
                k += 1
            if kind == codes.VIAL_BLUE or kind == codes.VIAL_RED:  # ACT-DRINK from the floor
                if k == wanted:
                    emit(out, n, codes.A_DRINK, kind, 1)
                    return -1
                k += 1
    if here == codes.LIVING_QUARTERS or here == codes.TOWER:
        if k == wanted:  # LOC-LIVING-2 the mirror, LOC-TOWER-2 the weather station
            action = codes.A_MIRROR if here == codes.LIVING_QUARTERS else codes.A_FORECAST
            emit(out, n, action, 0, 0)
            return -1
        k += 1
    if obs[O_WEARS_PARKA] == 1 and free:  # ACT-PARKA: take it off
        if k == wanted:
            emit(out, n, codes.A_PARKA_OFF, 0, 0)
            return -1
        k += 1
    for h in range(2):
        kind = obs[O_HAND_KIND + h]
        if kind == codes.NO_ITEM:
            continue
        for action in (codes.A_DROP, codes.A_DESTROY):
            if k == wanted:
                emit(
                    out,
                    n,
                    action,
                    h if action == codes.A_DROP else kind,
                    0 if action == codes.A_DROP else 1,
                )
                return -1
            k += 1
        if kind == codes.RADIO:  # ACT-RADIO-TOGGLE, ACT-RADIO-SPEAK about someone
            for d in range(-1, MAX_CHARACTERS):
                if k == wanted:
                    if d < 0:
                        emit(out, n, codes.A_RADIO_TOGGLE, h, 0)
                    else:
                        emit(out, n, codes.A_RADIO_SPEAK, claim_topic(d), claim_arg(d))
                    return -1
                k += 1
        if kind == codes.FLASHLIGHT_ITEM:  # ACT-FLASHLIGHT
            if k == wanted:
                emit(out, n, codes.A_FLASHLIGHT, h, 0)
                return -1
            k += 1
        if kind == codes.BANDAGE:  # ACT-BANDAGE on oneself
            if k == wanted:
                emit(out, n, codes.A_BANDAGE, me, h)
                return -1
            k += 1
        if kind == codes.PARKA and obs[O_WEARS_PARKA] == 0:
            if k == wanted:
                emit(out, n, codes.A_PARKA_ON, h, 0)
                return -1
            k += 1
        if kind in codes.FUEL_CONTAINERS:
            fuel = obs[O_HAND_FUEL + h]
            if (is_generator_room(here) and fuel > 0) or (here == codes.FUEL_ROOM and fuel == 0):
                if k == wanted:
                    action = codes.A_REFUEL if fuel > 0 else codes.A_FILL
                    emit(out, n, action, h, 0)
                    return -1
                k += 1
            if is_generator_room(here) and fuel < codes.FUEL_UNITS:  # GEN-4: out of the generator
                if k == wanted:
                    emit(out, n, codes.A_REFUEL, h, 1)
                    return -1
                k += 1
        for slot in range(3):  # ACT-BACKPACK: put or swap
            if k == wanted:
                emit(out, n, codes.A_BACKPACK, h, slot)
                return -1
            k += 1
        for d in range(MAX_CHARACTERS):  # ACT-GIVE, ACT-SHOOT, ACT-MELEE at someone here
            if d == me or obs[O_PRESENT + d] == P_ABSENT:
                continue
            for action in (codes.A_GIVE, codes.A_SHOOT, codes.A_MELEE, codes.A_BANDAGE):
                if action == codes.A_SHOOT and kind != codes.PISTOL:
                    continue
                if action == codes.A_MELEE and kind != codes.AXE and kind != codes.FLAMETHROWER:
                    continue
                if action == codes.A_BANDAGE and kind != codes.BANDAGE:
                    continue
                if k == wanted:
                    emit(out, n, action, d, h)
                    return -1
                k += 1
        if kind == codes.FLAMETHROWER:  # GAP-44: the volley at someone here
            for d in range(MAX_CHARACTERS):
                if d != me and obs[O_PRESENT + d] != P_ABSENT:
                    if k == wanted:
                        emit(out, n, codes.A_FLAME_VOLLEY, d, h)
                        return -1
                    k += 1
        if kind == codes.GRENADE:  # ITEM-GRENADE-2: here, or into a neighbouring room
            for r in range(codes.N_ROOMS):
                if r == here or (r != codes.STREET and next_hop[here, r] == r):
                    if k == wanted:
                        emit(out, n, codes.A_THROW, r, h)
                        return -1
                    k += 1
        if kind == codes.PISTOL:  # ACT-SHOOT-5, ACT-RELOAD
            for action, target, arg in ((codes.A_SHOOT, -1, h), (codes.A_RELOAD, h, 0)):
                if k == wanted:
                    emit(out, n, action, target, arg)
                    return -1
                k += 1
        if kind == codes.VIAL_BLUE or kind == codes.VIAL_RED:  # ACT-DRINK from the hand
            if k == wanted:
                emit(out, n, codes.A_DRINK, kind, 0)
                return -1
            k += 1
        if kind in codes.FUEL_CONTAINERS:  # ACT-FUEL: pour out, or into the other hand's
            for arg in (-1, 1 - h):  # canister or tank (ITEM-FLAMETHROWER-5)
                if arg >= 0 and obs[O_HAND_KIND + arg] not in codes.FUEL_CONTAINERS:
                    continue
                if k == wanted:
                    emit(out, n, codes.A_FUEL, h, arg)
                    return -1
                k += 1
            for d in range(MAX_CHARACTERS):  # ACT-FUEL: give to, or receive from, someone here
                if d == me or obs[O_PRESENT + d] == P_ABSENT:
                    continue
                for arg in (2 + d, -(2 + d)):
                    if k == wanted:
                        emit(out, n, codes.A_FUEL, h, arg)
                        return -1
                    k += 1
    if k == wanted:  # GAP-64: a claim aloud, no radio needed
        emit(out, n, codes.A_SAY, claim_topic(me), claim_arg(me))
        return -1
    k += 1
    for slot in range(3):  # ACT-BACKPACK: take out
        if obs[O_BACKPACK_KIND + slot] != codes.NO_ITEM and free:
            if k == wanted:
                emit(out, n, codes.A_BACKPACK, 0 if obs[O_HAND_KIND] == codes.NO_ITEM else 1, slot)
                return -1
            k += 1
    for slot in range(3):  # ACT-GIVE straight from the backpack to someone here
        if obs[O_BACKPACK_KIND + slot] == codes.NO_ITEM:
            continue
        for d in range(MAX_CHARACTERS):
            if d != me and obs[O_PRESENT + d] != P_ABSENT:
                if k == wanted:
                    emit(out, n, codes.A_GIVE, d, -(1 + slot))
                    return -1
                k += 1
    for d in range(MAX_CHARACTERS):  # INF-1, ACT-RECEIVE
        if d == me or obs[O_PRESENT + d] == P_ABSENT:
            continue
        if obs[O_INFECT_READY] == 1:
            if k == wanted:
                emit(out, n, codes.A_INFECT, d, 0)
                return -1
            k += 1
        if free:
            if k == wanted:
                emit(out, n, codes.A_RECEIVE, d, -2)  # the kind is drawn by the caller
                return -1
            k += 1
        for action in (  # from, for or after someone here
            codes.A_FIRSTAID,
            codes.A_COVER,
            codes.A_HINDER,
            codes.A_HINDER_TARGET,
            codes.A_FOLLOW,
        ):
            if k == wanted:
                emit(out, n, action, d, 0)
                return -1
            k += 1
    first, objects = 0, 0
    if is_generator_room(here):
        first, objects = codes.OBJ_GENERATOR, 2  # the generator and the beacon (GAP-6, GAP-20)
    elif here == codes.FUEL_ROOM:
        first, objects = codes.OBJ_PUMP, 1
    elif here == codes.HANGAR and obs[O_HELI_FUEL] != UNSEEN:
        first, objects = codes.OBJ_ENGINE, 3  # HELI-2: engine, main rotor, control panel
    elif here == codes.LABORATORY:
        first, objects = codes.OBJ_ANALYZER, 2  # GAP-20: the analyzer and the computer
    elif here == codes.TOWER:
        first, objects = codes.OBJ_WEATHER_STATION, 2  # GAP-20: the weather station, the terminal
    elif here == codes.LIVING_QUARTERS:
        first, objects = codes.OBJ_STOVE, 2  # GAP-20: the stove and the mirror
    fixture = 1 if here != codes.STREET else 0  # GAP-20: every room's light fixture, last
    for o in range(objects + fixture):
        if o == objects:
            obj = codes.OBJ_LIGHT_FIXTURE
        elif first == codes.OBJ_GENERATOR and o == 1:
            obj = codes.OBJ_BEACON
        else:
            obj = first + o
        for action in (codes.A_BREAK, codes.A_REPAIR, codes.A_HINDER_TARGET):
            if k == wanted:  # ACT-HINDER-TARGET: arg 1 names an object (GAP-28)
                emit(out, n, action, obj, 1 if action == codes.A_HINDER_TARGET else 0)
                return -1
            k += 1
    if here == codes.HANGAR and obs[O_HELI_FUEL] != UNSEEN:  # HELI-3..5
        for h in range(2):
            if obs[O_HAND_KIND + h] == codes.CANISTER:
                for out_of_tank in range(2):
                    if k == wanted:
                        emit(out, n, codes.A_HELI_FUEL, h, out_of_tank)
                        return -1
                    k += 1
        if obs[O_HELI_BOARDING] == 1:  # HELI-5: boarding open, no preparation
            if k == wanted:
                emit(out, n, codes.A_HELI_BOARD, 0, 0)  # accepting any group
                return -1
            k += 1
        else:
            if k == wanted:
                emit(out, n, codes.A_HELI_PREPARE, 0, 0)
                return -1
            k += 1
    if here == codes.RADIO_ROOM and free:  # LOC-RADIO-2: the wires
        if k == wanted:
            emit(out, n, codes.A_PICKUP, codes.WIRES, 0)
            return -1
        k += 1
    if here == codes.ARSENAL and obs[O_WORKSHOP] == 1:  # CRAFT-1: the recipes one knows
        for recipe in range(codes.N_RECIPES):
            if (obs[O_RECIPES] >> recipe) & 1 == 1:
                if k == wanted:
                    emit(out, n, codes.A_CRAFT, recipe, 0)
                    return -1
                k += 1
    for action in (codes.A_MOVE, codes.A_PICKUP, codes.A_SHOOT):  # AP-9: a few useful flags
        if k == wanted:
            emit(out, n, codes.A_RESOLVE_LAST, action, 0)
            return -1
        k += 1
    if k == wanted:  # AP-10
        emit(out, n, codes.A_LOWER_INITIATIVE, 0, 0)
        return -1
    k += 1
    for trigger in (codes.E_SHOT, codes.E_LEAVE, codes.E_MELEE):  # GAP-33: the next draw replaces
        if k == wanted:
            emit(out, n, codes.A_REACT, trigger, 0)
            return -1
        k += 1
    k = door_candidate(obs, next_hop, wanted, out, n, k)
    if k < 0:
        return -1
    if is_generator_room(here) or here == codes.RADIO_ROOM:  # GAP-6
        if k == wanted:
            emit(out, n, codes.A_BEACON if here != codes.RADIO_ROOM else codes.A_CALL, 0, 0)
            return -1
        k += 1
    k = food_candidate(obs, wanted, out, n, k)
    if k < 0:
        return -1
    k = lab_candidate(obs, wanted, out, n, k)
    if k < 0:
        return -1
    k = thing_candidate(obs, wanted, out, n, k)
    if k < 0:
        return -1
    return contagion_candidate(obs, wanted, out, n, k)


@compiled
def food_candidate(obs, wanted, out, n, k):
    """The food and corpse declarations (kernel.food), numbered on from k, as `candidate`."""
    here = obs[O_ROOM]
    sees = obs[O_SEES] == 1
    free = obs[O_HAND_KIND] == codes.NO_ITEM or obs[O_HAND_KIND + 1] == codes.NO_ITEM
    holds_box = obs[O_HAND_KIND] == codes.FOOD_BOX or obs[O_HAND_KIND + 1] == codes.FOOD_BOX
    if here == codes.FREEZER:  # GAP-50, LOC-FREEZER-3
        for action, ok in ((codes.A_TAKE_FOOD, free), (codes.A_COUNT_FOOD, sees)):
            if ok:
                if k == wanted:
                    emit(out, n, action, 0, 0)
                    return -1
                k += 1
    if here == codes.LIVING_QUARTERS and holds_box:  # LOC-LIVING-3
        if k == wanted:
            emit(out, n, codes.A_STOVE_PREPARE, 0, 0)
            return -1
        k += 1
    if here == codes.LIVING_QUARTERS and obs[O_STOVE] == 1:  # LOC-LIVING-4: with any vials
        for vials in range(4):
            if k == wanted:
                emit(out, n, codes.A_COOK, 0, vials)
                return -1
            k += 1
    portion = (  # ACT-EAT, ACT-DOSE-FOOD: a portion in hand (0) or lying here (1)
        obs[O_HAND_KIND] == codes.FOOD or obs[O_HAND_KIND + 1] == codes.FOOD,
        obs[O_ROOM_ITEMS + codes.FOOD] > 0,
    )
    for lying in range(2):
        if portion[lying]:
            if k == wanted:
                emit(out, n, codes.A_EAT, lying, 0)
                return -1
            k += 1
    for kind in (codes.VIAL_BLUE, codes.VIAL_RED):
        vial = (
            obs[O_HAND_KIND] == kind or obs[O_HAND_KIND + 1] == kind,
            obs[O_ROOM_ITEMS + kind] > 0,
        )
        for where in range(4):
            vial_lying = where & codes.DOSE_FROM_FLOOR_VIAL
            portion_lying = 1 if where & codes.DOSE_FROM_FLOOR_PORTION else 0
            if vial[vial_lying] and portion[portion_lying]:
                if k == wanted:
                    emit(out, n, codes.A_DOSE_FOOD, kind, where)
                    return -1
                k += 1
    if sees:  # GAP-51: a body here, one item of its backpack or its parka
        for d in range(MAX_CHARACTERS):
            if d != obs[O_SELF] and obs[O_PRESENT + d] == P_LOOKS_DEAD:
                for what in range(codes.SEARCH_PARKA + 1):
                    if k == wanted:
                        emit(out, n, codes.A_SEARCH_CORPSE, d, what)
                        return -1
                    k += 1
    return k


@compiled
def lab_candidate(obs, wanted, out, n, k):
    """Blood samples and the Laboratory (kernel.lab), numbered on from k, as `candidate`: one's
    own blood, a dog's in the Kennel, the computer, and while the analyzer works and is idle a
    carried sample into an empty slot (the label is drawn by the caller) or, both slots full,
    the comparison with either question."""
    here = obs[O_ROOM]
    free = obs[O_HAND_KIND] == codes.NO_ITEM or obs[O_HAND_KIND + 1] == codes.NO_ITEM
    room = free
    for slot in range(3):
        room = room or obs[O_BACKPACK_KIND + slot] == codes.NO_ITEM
    if room:  # ACT-BLOOD-SELF, LOC-KENNEL-2: into a hand if one is free, else the backpack
        for dog in range(-1, codes.N_DOGS if here == codes.KENNEL else 0):
            if k == wanted:
                if dog < 0:
                    emit(out, n, codes.A_BLOOD_SELF, 0 if free else 1, 0)
                else:
                    emit(out, n, codes.A_BLOOD_DOG, dog, 0 if free else 1)
                return -1
            k += 1
    if here != codes.LABORATORY:
        return k
    if k == wanted:  # LOC-LAB-4
        emit(out, n, codes.A_LAB_VIEW, 0, 0)
        return -1
    k += 1
    if obs[O_LAB_SLOTS] == UNSEEN or obs[O_LAB_STAGE] != 0:
        return k  # the analyzer does not work, or is busy (GAP-52)
    for slot in range(2):  # LOC-LAB-2
        if obs[O_LAB_SLOTS + slot] != LAB_EMPTY:
            continue
        for source in range(N_SOURCES):
            kind = obs[O_HAND_KIND + source] if source < 2 else obs[O_BACKPACK_KIND + source - 2]
            if kind == codes.BLOOD_SAMPLE:
                if k == wanted:
                    emit(out, n, codes.A_LAB_INSERT, slot, source)
                    return -1
                k += 1
    if obs[O_LAB_SLOTS] != LAB_EMPTY and obs[O_LAB_SLOTS + 1] != LAB_EMPTY:  # LOC-LAB-3
        for question in (codes.Q_EQUAL, codes.Q_NOT_EQUAL):
            if k == wanted:
                emit(out, n, codes.A_LAB_START, question, 0)
                return -1
            k += 1
    return k


@compiled
def thing_candidate(obs, wanted, out, n, k):
    """The candidates of A8 and A9, numbered from k on, as `candidate` does: the transformation,
    the active form's attacks and scream, the hidden form's calls and archetype abilities (an
    Order to drop what is in hand or to move next door; a remote break of a room's light,
    door or generator)."""
    here = obs[O_ROOM]
    me = obs[O_SELF]
    form = obs[O_THING + OT_FORM]
    arch = obs[O_THING + OT_ARCHETYPE]
    hidden_ready = obs[O_THING + OT_HIDDEN_READY] == 1
    if obs[O_THING + OT_TRANSFORM_READY] == 1:
        if k == wanted:
            emit(out, n, codes.A_TRANSFORM, 0, 0)
            return -1
        k += 1
    neighbour = codes.STREET if here != codes.STREET else codes.TOWER
    for d in range(MAX_CHARACTERS):
        if d == me or obs[O_PRESENT + d] == P_ABSENT:
            continue
        if form == codes.THING_ACTIVE:
            for action in (codes.A_THROW_BACK, codes.A_CLAWS, codes.A_MELEE):
                if k == wanted:
                    emit(out, n, action, d, 0)
                    return -1
                k += 1
        if form == codes.THING_HIDDEN and arch == codes.ARCH_QUEEN and hidden_ready:
            for order in (pack_order(codes.A_DROP, 0, 0), pack_order(codes.A_MOVE, neighbour, 0)):
                if k == wanted:
                    emit(out, n, codes.A_ORDER, d, order)
                    return -1
                k += 1
    converts = obs[O_THING + OT_CONVERTS]
    for d in range(MAX_CHARACTERS):  # THING-P-5: wherever they are
        if converts != UNSEEN and (converts >> d) & 1 == 1 and form == codes.THING_HIDDEN:
            if k == wanted:
                emit(out, n, codes.A_CALL_SPAWN, d, 0)
                return -1
            k += 1
    if form == codes.THING_ACTIVE:
        if k == wanted:
            emit(out, n, codes.A_SPRAY, 0, 1 << me)  # sparing nobody else
            return -1
        k += 1
        if arch == codes.ARCH_QUEEN and obs[O_THING + OT_SCREAM_READY] == 1:
            if k == wanted:
                emit(out, n, codes.A_SCREAM, 0, 0)
                return -1
            k += 1
    if form == codes.THING_HIDDEN and arch == codes.ARCH_SOLDIER and hidden_ready:
        if k == wanted:
            emit(out, n, codes.A_WAVES, 0, 0)
            return -1
        k += 1
    if form == codes.THING_HIDDEN and arch == codes.ARCH_MUTANT and hidden_ready:
        rooms = 0
        for j in range(3):
            rooms |= obs[O_THING + OT_ROOMS_BEFORE + j]
        for r in range(codes.N_ROOMS):
            if (rooms >> r) & 1 == 0 or r == codes.STREET:
                continue
            for obj in (
                codes.OBJ_LIGHT_FIXTURE,
                codes.OBJ_DOOR,
                codes.OBJ_GENERATOR,
                codes.OBJ_TERMINAL,  # GAP-20: a Tower device and a Living quarters' one
                codes.OBJ_STOVE,
            ):
                if obj == codes.OBJ_GENERATOR and not is_generator_room(r):
                    continue
                if obj == codes.OBJ_TERMINAL and r != codes.TOWER:
                    continue
                if obj == codes.OBJ_STOVE and r != codes.LIVING_QUARTERS:
                    continue
                if k == wanted:
                    emit(out, n, codes.A_REMOTE_BREAK, obj, r)
                    return -1
                k += 1
    return k


@compiled
def contagion_candidate(obs, wanted, out, n, k):
    """The declarations of kernel.contagion, numbered on from k, as `candidate`: an original
    Thing's saliva on each item it carries (the delay is drawn by the caller), its infecting
    bandage on each one here, its eating in the Freezer; a dog killed with a weapon in hand; a
    dead dog or a body burned with fuel in hand."""
    me = obs[O_SELF]
    thing = obs[O_IS_ORIGINAL_THING] == 1
    for slot in range(codes.SALIVA_SLOTS):  # SALIVA-1
        if not thing:
            break
        if slot < codes.SALIVA_BACKPACK:
            held = obs[O_HAND_KIND + slot] != codes.NO_ITEM
        elif slot < codes.SALIVA_WORN:
            held = obs[O_BACKPACK_KIND + slot - codes.SALIVA_BACKPACK] != codes.NO_ITEM
        else:
            held = obs[O_WEARS_PARKA] == 1
        if held:
            if k == wanted:
                emit(out, n, codes.A_SALIVA, 1 << slot, -1)
                return -1
            k += 1
    if thing and obs[O_ROOM] == codes.FREEZER:  # LOC-FREEZER-4
        if k == wanted:
            emit(out, n, codes.A_EAT_STOCK, 0, 0)
            return -1
        k += 1
    for h in range(2):
        kind = obs[O_HAND_KIND + h]
        if thing and kind == codes.BANDAGE:  # INF-8: the infecting bandage
            for d in range(MAX_CHARACTERS):
                if d != me and obs[O_PRESENT + d] != P_ABSENT:
                    if k == wanted:
                        emit(out, n, codes.A_BANDAGE, d, h | codes.BANDAGE_INFECT)
                        return -1
                    k += 1
        if kind in codes.WEAPONS and obs[O_DOGS_ALIVE] != UNSEEN:  # LOC-KENNEL-2
            for dog in range(2):
                if (obs[O_DOGS_ALIVE] >> dog) & 1 == 1:
                    if k == wanted:
                        emit(out, n, codes.A_KILL_DOG, dog, h)
                        return -1
                    k += 1
        if kind in codes.FUEL_CONTAINERS and obs[O_HAND_FUEL + h] > 0:  # ACT-BURN-CORPSE
            dead_dogs = obs[O_DOGS_DEAD] if obs[O_DOGS_DEAD] != UNSEEN else 0
            for dog in range(2):
                if (dead_dogs >> dog) & 1 == 1:
                    if k == wanted:
                        emit(out, n, codes.A_BURN_DOG, dog, h)
                        return -1
                    k += 1
            for d in range(MAX_CHARACTERS):
                if (obs[O_BODIES_BURNABLE] >> d) & 1 == 1:
                    if k == wanted:
                        emit(out, n, codes.A_BURN_CORPSE, d, h)
                        return -1
                    k += 1
    return k


@compiled
def random_label(rng, k, players):
    """A label for a sample (LOC-LAB-2): any character or dog, true or not."""
    x = below(rng, k, players + codes.N_DOGS)
    return x if x < players else codes.DOG_LABEL + x - players


@compiled
def door_candidate(obs, next_hop, wanted, out, n, k):
    """The candidates of A13 and the Tower terminal, numbered from k on, as `candidate` does:
    -1 once the wanted one is written, else the next free number. Codes are entered and cards
    used at locked doors next door; doors here or next door are broken (with an axe) and
    repaired; carried cards are dropped and given; a corpse's card is taken (GAP-51); in the
    Tower, the terminal's functions (top access for all but the report)."""
    here = obs[O_ROOM]
    me = obs[O_SELF]
    axe = obs[O_HAND_KIND] == codes.AXE or obs[O_HAND_KIND + 1] == codes.AXE
    for r in range(codes.N_ROOMS):
        door = obs[O_DOOR + r]
        if door == UNSEEN or r == codes.STREET or (r != here and next_hop[here, r] != r):
            continue
        if r != here and door == codes.DOOR_LOCKED:
            if k == wanted:  # ACT-CODE: the guess is drawn by the caller
                emit(out, n, codes.A_CODE, r, -1)
                return -1
            k += 1
            for d in range(MAX_CHARACTERS):  # ACT-IDCARD with each card carried
                if obs[O_CARD + d] != UNSEEN:
                    if k == wanted:
                        emit(out, n, codes.A_IDCARD, r, d)
                        return -1
                    k += 1
        if axe or door == codes.DOOR_BROKEN:  # DOOR-2, ACT-REPAIR
            if k == wanted:
                emit(out, n, codes.A_BREAK if axe else codes.A_REPAIR, codes.OBJ_DOOR, r)
                return -1
            k += 1
    top = False
    for d in range(MAX_CHARACTERS):  # GAP-5: a card is dropped or given like an item
        if obs[O_CARD + d] == UNSEEN:
            continue
        top = top or obs[O_CARD + d] & codes.CARD_TOP_BIT != 0
        if k == wanted:
            emit(out, n, codes.A_DROP, 2 + d, 0)
            return -1
        k += 1
        for other in range(MAX_CHARACTERS):
            if other != me and obs[O_PRESENT + other] != P_ABSENT:
                if k == wanted:
                    emit(out, n, codes.A_GIVE, other, 2 + d)
                    return -1
                k += 1
    for d in range(MAX_CHARACTERS):  # GAP-51: search a body here for its owner's card
        if d != me and obs[O_PRESENT + d] == P_LOOKS_DEAD:
            if k == wanted:
                emit(out, n, codes.A_PICKUP, codes.ID_CARD, 2 + d)
                return -1
            k += 1
    if here == codes.TOWER:  # LOC-TOWER-3/4: the parameter is drawn by the caller
        for function in range(codes.N_TERMINAL if top else 1):
            if k == wanted:
                emit(out, n, codes.A_TERMINAL, function, 0)
                return -1
            k += 1
    return k


@compiled
def terminal_parameter(rng, k, function, players):
    """A random parameter for a terminal function (LOC-TOWER-4)."""
    if function == codes.T_CARD_ACCESS:
        return pack_card_access(below(rng, k, players), below(rng, k, codes.LOCKABLE_ROOMS + 1))
    if function == codes.T_GIVE_TOP:
        return below(rng, k, players)
    if function == codes.T_EDIT_ROOM:
        room = below(rng, k, codes.STREET)  # every room but the Street has a door
        code = random_code(rng, k) if chance(rng, k, 0.5) else -1
        who = below(rng, k, 1 << players) if chance(rng, k, 0.5) else -1
        return pack_edit(room, code, who)
    return 0


@compiled
def random_declare(knobs, obs, rng, k, out, next_hop, ip):
    n = 0
    while n < out.shape[0] and chance(rng, k, knobs[K_ACT_CHANCE]):
        total = candidate(obs, next_hop, -1, out, n)
        if total <= 0:
            break
        candidate(obs, next_hop, below(rng, k, total), out, n)
        if out[n, D_ACTION] == codes.A_RECEIVE:
            out[n, D_ARG] = below(rng, k, codes.N_ITEM_KINDS)
        elif out[n, D_ACTION] == codes.A_CODE:
            out[n, D_ARG] = random_code(rng, k)
        elif out[n, D_ACTION] == codes.A_TERMINAL:
            out[n, D_ARG] = terminal_parameter(rng, k, out[n, D_TARGET], ip[P.I_PLAYERS])
        elif out[n, D_ACTION] == codes.A_LAB_INSERT:
            out[n, D_ARG] = pack_insert(out[n, D_ARG], random_label(rng, k, ip[P.I_PLAYERS]))
        elif out[n, D_ACTION] == codes.A_SALIVA:  # SALIVA-2: the delay the Thing chooses
            lo = ip[P.I_SALIVA_DELAY_MIN]
            out[n, D_ARG] = lo + below(rng, k, ip[P.I_SALIVA_DELAY_MAX] - lo + 1)
        n += 1
    return n

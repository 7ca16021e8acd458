"""Infection beyond the clock, corpses, dogs and the Thing eating (INF-8, SALIVA-1..3,
ACT-BURN-CORPSE, THING-P-3, LIGHT-6, TEMP-6, LOC-KENNEL-1/2, LOC-FREEZER-4; GAP-35, GAP-37,
GAP-53, GAP-60).

- First aid (INF-8, GAP-35): when a bandage reaches another character who declared receiving it
  (care.bandage), a Thing bandaging may infect him (the BANDAGE_INFECT bit of its arg), and a
  Thing receiving it always infects a human healer; both through infection.contaminate, the
  very effect of INF-2/3/7, and neither starts the INF-6 cooldown (a variant switch does).
- Saliva (SALIVA-1..3, GAP-37): it[i, IT_SALIVA] holds the delay the Thing chose; at the end of
  the turn (step 13) a clean human holding the item in a hand takes it: the item is clean again
  and ch[c, CH_SALIVA_TURN] is his blackout turn, cancelled if he is infected meanwhile
  (infection.contaminate). He is unconscious for that whole turn and comes round in step 11
  (health.come_round) with no conversion and no Thing blood.
- Fire (ACT-BURN-CORPSE, GAP-60, LOC-KENNEL-2, GAP-53): half a canister from a canister or the
  flamethrower's tank in hand burns a body with everything on it (a paralysed Thing dies for
  good: THING-P-3) or a dead dog. The room is marked in st[ST_FIRE_ROOMS]; after this turn's
  temperature update it gains the fire's warmth once (TEMP-6, GAP-46) and next turn, if dark,
  it counts as Flashlight (LIGHT-6).
- The Kennel's dogs are st cells (ST_DOG_ALIVE, ST_DOG_BURNED); they are never infected (GAP-53).
- A Thing in hidden form eats a box off the Freezer's shelves (LOC-FREEZER-4, GAP-50), lowering
  the live stock that WIN-3 reads (GAP-8).
- GAP-38: saliva, the Thing's meal and the bandage's chosen infection are the hidden form's active
  abilities, an original's alone (health.is_hidden_original): an unaware convert may declare
  only what a human may. A convert receiving first aid still infects his healer: that is not a
  choice but his body's doing.
"""

from balance import codes
from balance.kernel import params as P
from balance.kernel.infection import contaminate
from balance.kernel.health import die, is_hidden_original, on_station, other_here, paralysed
from balance.kernel.events import log_event
from balance.kernel.food import looks_dead
from balance.kernel.items import shed_belongings, drop_hands, take_from_supply
from balance.compile.jit import compiled
from balance.kernel.perception import count_shot, log_act
from balance.kernel.state import (
    CH_ALIVE,
    CH_BACKPACK,
    CH_BURNED,
    CH_DEATH_CAUSE,
    CH_FORM,
    CH_HAND,
    CH_INFECT_READY,
    CH_INFECTED,
    CH_KNOCKOUT_TURN,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_ROOM,
    CH_SALIVA_TURN,
    CH_UNCONSCIOUS,
    CH_WORN,
    IT_FUEL,
    IT_KIND,
    IT_PLACE,
    IT_SALIVA,
    IT_WHERE,
    ST_DOG_ALIVE,
    ST_DOG_BURNED,
    ST_FIRE_LIGHT,
    ST_FIRE_ROOMS,
    ST_FOOD_STOCK,
    ST_LIGHTING,
    ST_TEMPERATURE,
    ST_TURN,
)
from balance.observation import (
    O_BODIES_BURNABLE,
    O_DOGS_ALIVE,
    O_DOGS_BURNED,
    O_DOGS_DEAD,
    O_POISONED,
    UNSEEN,
)
from balance.kernel.infection import INF_UNCONSCIOUS, infect, infection_cost, infection_rule


@compiled
def set_up_kennel(st, ip):
    """LOC-KENNEL-1: the dogs alive at the start, none burned."""
    for dog in range(codes.N_DOGS):
        st[ST_DOG_ALIVE + dog] = 1 if dog < ip[P.I_DOGS] else 0
        st[ST_DOG_BURNED + dog] = 0


@compiled
def slot_item(ch, c, k):
    """The item in c's inventory slot k of a saliva bitmask (codes.SALIVA_*), or -1."""
    if k < codes.SALIVA_BACKPACK:
        return ch[c, CH_HAND + k - codes.SALIVA_HANDS]
    if k < codes.SALIVA_WORN:
        return ch[c, CH_BACKPACK + k - codes.SALIVA_BACKPACK]
    return ch[c, CH_WORN]


@compiled
def fuel_in_hand(ch, it, ip, c, h):
    """ACT-BURN-CORPSE, ITEM-CANISTER, ITEM-FLAMETHROWER-5: the canister or flamethrower in hand
    h holds the fuel a burning needs; its id, or -1."""
    if not 0 <= h <= 1:
        return -1
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] not in codes.FUEL_CONTAINERS or it[i, IT_FUEL] < ip[P.I_BURN_FUEL]:
        return -1
    return i


@compiled
def body_here(ch, c, d):
    """GAP-60, THING-P-3: d's body lies in c's room and can be burned: dead, or a paralysed Thing
    (both look dead), not burned already, by a fire or by the flamethrower (GAP-44:
    ITEM-FLAMETHROWER-4 leaves nothing)."""
    return other_here(ch, c, d) and burnable(ch, d)


@compiled
def burnable(ch, d):
    """GAP-60, THING-P-3, GAP-44: d's body, wherever it lies, can still be burned."""
    return looks_dead(ch, d) and ch[d, CH_BURNED] == 0 and ch[d, CH_DEATH_CAUSE] != codes.DC_FIRE


@compiled
def weapon_in_hand(ch, it, c, h):
    """GAP-53: any weapon in hand h (a pistol, an axe, the flamethrower); its kind, or -1."""
    if not 0 <= h <= 1 or ch[c, CH_HAND + h] < 0:
        return -1
    kind = it[ch[c, CH_HAND + h], IT_KIND]
    return kind if kind in codes.WEAPONS else -1


@compiled
def dead_dog(st, ip, dog):
    """LOC-KENNEL-2: one of the Kennel's dogs, dead and not burned yet."""
    return 0 <= dog < ip[P.I_DOGS] and st[ST_DOG_ALIVE + dog] == 0 and st[ST_DOG_BURNED + dog] == 0


@compiled
def contagion_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of one of this module's declarations if legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if action == codes.A_INFECT:
        return infection_cost(ch, st, ip, c, target)
    if action == codes.A_SALIVA:  # SALIVA-1, GAP-37/38: a hidden original, any lighting, 0 AP
        ok = (
            is_hidden_original(ch, c)
            and 0 < target < 1 << codes.SALIVA_SLOTS
            and ip[P.I_SALIVA_DELAY_MIN] <= arg <= ip[P.I_SALIVA_DELAY_MAX]
        )
        return ip[P.I_SALIVA_AP] if ok else -1
    if action == codes.A_BURN_CORPSE:  # ACT-BURN-CORPSE: any lighting
        # RES-ORDER, INV-6: anyone here may be declared; the body and the fuel are checked at
        # step 6 (burn_body), after the attacks of steps 2-3 and what is taken out in step 5
        ok = other_here(ch, c, target) and 0 <= arg <= 1
        return ip[P.I_BURN_AP] if ok else -1
    if action == codes.A_EAT_STOCK:  # LOC-FREEZER-4, GAP-50, GAP-38: an original, hidden
        ok = r == codes.FREEZER and is_hidden_original(ch, c)
        return ip[P.I_EAT_STOCK_AP] if ok else -1
    if action == codes.A_KILL_DOG:  # LOC-KENNEL-2, GAP-53
        ok = (
            r == codes.KENNEL
            and 0 <= target < ip[P.I_DOGS]
            and st[ST_DOG_ALIVE + target] == 1
            and weapon_in_hand(ch, it, c, arg) >= 0
        )
        return ip[P.I_KILL_DOG_AP] if ok else -1
    if action == codes.A_BURN_DOG:  # LOC-KENNEL-2, GAP-53: the dog may be killed in step 3
        ok = r == codes.KENNEL and 0 <= target < ip[P.I_DOGS] and st[ST_DOG_BURNED + target] == 0
        return ip[P.I_BURN_DOG_AP] if ok and 0 <= arg <= 1 else -1
    return -1


@compiled
def resolve_contagion(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """Apply one of this module's declarations at its step."""
    if action == codes.A_INFECT:
        rule = infection_rule(ch, st, ip, c, target)
        if rule >= 0:
            infect(ch, it, st, rng, events, ip, c, target, rule == INF_UNCONSCIOUS, rec)
        return
    if action == codes.A_SALIVA:
        poison_items(ch, it, st, events, c, target, arg)
    elif action == codes.A_BURN_CORPSE:
        burn_body(ch, it, st, events, ip, c, target, arg, rec)
    elif action == codes.A_EAT_STOCK:
        eat_stock(ch, it, st, events, c)
    elif action == codes.A_KILL_DOG:
        kill_dog(ch, it, st, events, ip, room_block, c, target, arg)
    elif action == codes.A_BURN_DOG:
        burn_dog(ch, it, st, events, ip, c, target, arg)


# --- INF-8, GAP-35: first aid ---


@compiled
def first_aid_contagion(ch, st, rng, events, ip, healer, patient, chosen, rec):
    """INF-8, GAP-35: first aid reached `patient`, who declared receiving it from `healer`,
    whatever the bandage's roll: an original Thing bandaging infects the patient if it chose to
    (a choice, so an active ability, which an unaware convert has not: GAP-38; his choice is
    ignored, as a human's is); a Thing receiving it infects a human healer, always (an unaware
    convert too: it is the body's doing). Both as INF-2/3/7 exactly."""
    if chosen and is_hidden_original(ch, healer):
        spread_by_first_aid(ch, st, rng, events, ip, healer, patient, rec)
    if ch[patient, CH_FORM] != codes.HUMAN and ch[healer, CH_FORM] == codes.HUMAN:
        spread_by_first_aid(ch, st, rng, events, ip, patient, healer, rec)


@compiled
def spread_by_first_aid(ch, st, rng, events, ip, thing, victim, rec):
    """GAP-35: not a use of Infection, so no INF-6 cooldown, unless the variant switch says so.
    GAP-38: a convert does not know what he did: the event then has no actor (an actor always
    perceives his own act), so his observation cannot give him away to himself."""
    actor = thing if ch[thing, CH_ORIGINAL] == 1 else -1
    contaminate(ch, st, rng, events, ip, actor, victim, codes.E_FIRST_AID_INFECTION, rec)
    if ip[P.I_FIRST_AID_COOLDOWN] == 1:
        ch[thing, CH_INFECT_READY] = st[ST_TURN] + ip[P.I_INF_COOLDOWN] + 1


# --- SALIVA-1..3, GAP-37 ---


@compiled
def poison_items(ch, it, st, events, c, slots, delay):
    """SALIVA-1 (secret): the items in c's inventory slots named by the bitmask are poisoned with
    the chosen delay (a later poisoning sets a new one)."""
    for k in range(codes.SALIVA_SLOTS):
        i = slot_item(ch, c, k)
        if (slots >> k) & 1 == 1 and i >= 0:
            it[i, IT_SALIVA] = delay
    log_act(ch, st, events, codes.E_SALIVA, c, -1, slots, delay, ch[c, CH_ROOM])


@compiled
def check_saliva(ch, it, st, events):
    """SALIVA-2, GAP-37 (step 13): a clean human, alive and not infected, ending the turn with a
    poisoned item in a hand takes the poison: the item is clean again, and he will be out for
    the whole turn `delay` turns later (an earlier blackout already due stays). He feels
    nothing."""
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        if (
            ch[c, CH_ALIVE] == 0
            or not on_station(ch, c)
            or ch[c, CH_FORM] != codes.HUMAN
            or ch[c, CH_INFECTED] == 1
        ):
            continue
        for h in range(2):
            i = ch[c, CH_HAND + h]
            if i < 0 or it[i, IT_SALIVA] == 0:
                continue
            due = t + it[i, IT_SALIVA]
            it[i, IT_SALIVA] = 0
            if ch[c, CH_SALIVA_TURN] == 0 or due < ch[c, CH_SALIVA_TURN]:
                ch[c, CH_SALIVA_TURN] = due
            log_event(st, events, codes.E_SALIVA_CONTACT, -1, c, it[i, IT_KIND], due)


@compiled
def start_saliva_blackouts(ch, it, st, events):
    """SALIVA-2, UNC-1, UNC-2, GAP-56 (start of the turn): the saliva's blackout lasts this whole
    turn; hand items drop and come back on waking in step 11 (health.come_round, through the
    knockout turn), with no conversion. SALIVA-3: an infection meanwhile has cancelled it."""
    t = st[ST_TURN]
    for c in range(ch.shape[0]):
        if ch[c, CH_SALIVA_TURN] != t:
            continue
        ch[c, CH_SALIVA_TURN] = 0
        if ch[c, CH_ALIVE] == 1 and on_station(ch, c) and ch[c, CH_UNCONSCIOUS] == 0:
            ch[c, CH_UNCONSCIOUS] = 1
            ch[c, CH_KNOCKOUT_TURN] = t
            drop_hands(ch, it, c, c)
            log_act(ch, st, events, codes.E_UNCONSCIOUS, c, -1, codes.UNC_SALIVA, 0, ch[c, CH_ROOM])


# --- ACT-BURN-CORPSE, GAP-60, LOC-KENNEL-2, GAP-53: fire ---


@compiled
def spend_fuel(ch, it, ip, c, h):
    """Half a canister from the container in hand h (checked again: it may have been emptied
    since the declaration); the container's kind, or -1 if the fuel is not there."""
    i = fuel_in_hand(ch, it, ip, c, h)
    if i < 0:
        return -1
    it[i, IT_FUEL] -= ip[P.I_BURN_FUEL]
    return it[i, IT_KIND]


@compiled
def burn_body(ch, it, st, events, ip, c, d, h, rec):
    """ACT-BURN-CORPSE, GAP-60 (step 6): the body burns with its backpack, parka, hand items and
    ID card; THING-P-3: a paralysed Thing burned dies for good (DC_FIRE, seen as a death: the
    fire shows what was in it)."""
    if not body_here(ch, c, d):
        return
    kind = spend_fuel(ch, it, ip, c, h)
    if kind < 0:
        return
    r = ch[c, CH_ROOM]
    log_act(ch, st, events, codes.E_BURN, c, d, -1, kind, r)
    shed_belongings(ch, it, d, -1)
    ch[d, CH_BURNED] = 1
    if paralysed(ch, d):
        ch[d, CH_PARALYSED_UNTIL] = 0
        die(ch, it, st, events, d, codes.DC_FIRE, rec)
    st[ST_FIRE_ROOMS] |= 1 << r


@compiled
def burn_dog(ch, it, st, events, ip, c, dog, h):
    """LOC-KENNEL-2, GAP-53 (step 6): a dead dog burns like a corpse: fuel, light and warmth."""
    if ch[c, CH_ROOM] != codes.KENNEL or not dead_dog(st, ip, dog):
        return
    kind = spend_fuel(ch, it, ip, c, h)
    if kind < 0:
        return
    st[ST_DOG_BURNED + dog] = 1
    log_act(ch, st, events, codes.E_BURN, c, -1, dog, kind, codes.KENNEL)
    st[ST_FIRE_ROOMS] |= 1 << codes.KENNEL


@compiled
def warm_burned_rooms(st, ip):
    """TEMP-6, GAP-46 (right after this turn's temperature update): a room where something burned
    gains the fire's warmth once, capped at its ceiling (the Street keeps its fixed cold: TEMP-4);
    LIGHT-6: the fire lights it next turn."""
    fires = st[ST_FIRE_ROOMS]
    for r in range(codes.N_ROOMS):
        if (fires >> r) & 1 == 1 and r != codes.STREET:
            ceiling = ip[P.I_T_FREEZER] if r == codes.FREEZER else ip[P.I_T_MAX]
            st[ST_TEMPERATURE + r] = min(ceiling, st[ST_TEMPERATURE + r] + ip[P.I_FIRE_WARMTH])
    st[ST_FIRE_LIGHT] = fires
    st[ST_FIRE_ROOMS] = 0


@compiled
def light_burned_rooms(st):
    """LIGHT-6, GAP-22 (start of the turn, after the lighting is computed): on the turn after a
    fire its room, if dark, counts as Flashlight for the whole turn; a blizzard stays one
    (LIGHT-4)."""
    for r in range(codes.N_ROOMS):
        if (st[ST_FIRE_LIGHT] >> r) & 1 == 1 and st[ST_LIGHTING + r] == codes.DARK:
            st[ST_LIGHTING + r] = codes.FLASHLIGHT
    st[ST_FIRE_LIGHT] = 0


# --- LOC-KENNEL-2, GAP-53: killing a dog ---


@compiled
def kill_dog(ch, it, st, events, ip, room_block, c, dog, h):
    """LOC-KENNEL-2, GAP-53 (step 3): any weapon in hand kills a living dog for certain; a pistol
    is a shot heard like any other (INFO-1)."""
    r = ch[c, CH_ROOM]
    kind = weapon_in_hand(ch, it, c, h)
    if r != codes.KENNEL or kind < 0 or not 0 <= dog < ip[P.I_DOGS] or st[ST_DOG_ALIVE + dog] == 0:
        return
    st[ST_DOG_ALIVE + dog] = 0
    if kind == codes.PISTOL:
        count_shot(ch, st, room_block, r)
    log_act(ch, st, events, codes.E_KILL_DOG, c, -1, dog, kind, r)


# --- LOC-FREEZER-4, GAP-50: the Thing eats ---


@compiled
def eat_stock(ch, it, st, events, c):
    """LOC-FREEZER-4, GAP-50, GAP-8 (step 5): an original Thing in hidden form (GAP-38) eats a
    box off the shelves, if any is left; those who see watch it eat, but nobody learns the stock
    (LOC-FREEZER-2)."""
    if not is_hidden_original(ch, c) or ch[c, CH_ROOM] != codes.FREEZER:
        return
    if st[ST_FOOD_STOCK] <= 0:
        return
    i = take_from_supply(it, codes.FOOD_BOX)
    it[i, IT_PLACE] = codes.DESTROYED
    it[i, IT_WHERE] = -1
    st[ST_FOOD_STOCK] -= 1
    log_act(ch, st, events, codes.E_EAT_STOCK, c, -1, st[ST_FOOD_STOCK], 0, codes.FREEZER)


# --- what a character perceives of it all (A18) ---


@compiled
def observe_contagion(ch, it, st, ip, c, sees, bodies, o):
    """The contagion fields (O_POISONED ... O_BODIES_BURNABLE): an original Thing knows which
    of its slots hold poisoned items (SALIVA-1); in the Kennel and seeing, the dogs alive, dead
    but not burned, and burned (LOC-KENNEL-1/2); in any lighting but a blizzard, the bodies here
    that can still be burned (they show as "dead": LIGHT-2, UNC-3). `bodies`: the bitmask of
    those lying in c's room (observe.survey), with the unconscious he takes for corpses in the
    dark (LIGHT-2), c's own bit aside."""
    r = ch[c, CH_ROOM]
    poisoned = UNSEEN
    if ch[c, CH_ORIGINAL] == 1:  # the others' slots are not looked at: this runs for everyone
        poisoned = 0
        for k in range(codes.SALIVA_SLOTS):
            i = slot_item(ch, c, k)
            if i >= 0 and it[i, IT_SALIVA] > 0:
                poisoned |= 1 << k
    o[O_POISONED] = poisoned
    alive, dead, burned = UNSEEN, UNSEEN, UNSEEN
    if sees and r == codes.KENNEL:
        alive, dead, burned = 0, 0, 0
        for dog in range(ip[P.I_DOGS]):
            if st[ST_DOG_ALIVE + dog] == 1:
                alive |= 1 << dog
            elif st[ST_DOG_BURNED + dog] == 1:
                burned |= 1 << dog
            else:
                dead |= 1 << dog
    o[O_DOGS_ALIVE] = alive
    o[O_DOGS_DEAD] = dead
    o[O_DOGS_BURNED] = burned
    o[O_BODIES_BURNABLE] = 0 if st[ST_LIGHTING + r] == codes.BLIZZARD else bodies & ~(1 << c)

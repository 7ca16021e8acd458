"""Crafted weapons: the recipes characters know, crafting in the Arsenal, grenades and the
flamethrower (CRAFT-1..3, LOC-ARSENAL-2, ITEM-GRENADE-*, ITEM-FLAMETHROWER-*, GAP-44, GAP-45).

Aiming (cover, darkness) is decided by the caller in balance.kernel.actions, which hands the
flamethrower's attack its final target and chance.
"""

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.health import burst_organs, damage, die, paralysed
from balance.compile.jit import compiled
from balance.kernel.perception import log_act
from balance.kernel.items import (
    shed_belongings,
    drop_on_floor,
    free_backpack_slot,
    free_hand,
    put_in_backpack,
    put_in_hand,
    take_from_supply,
    use_up_in_hand,
)
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import (
    CH_ALIVE,
    CH_BACKPACK,
    CH_ERUDITION,
    CH_FORM,
    CH_HAND,
    CH_HP,
    CH_LEFT_STATION,
    CH_LOST_HAND,
    CH_MOVE_TO,
    CH_PARALYSED_UNTIL,
    CH_RECIPES,
    CH_ROOM,
    CH_UNCONSCIOUS,
    CH_WORN,
    IT_FUEL,
    IT_KIND,
    IT_PLACE,
    IT_WHERE,
    ST_GEN_RUNNING,
    ST_LIGHTING,
)
from balance.kernel.events import log_event
from balance.kernel.locks import door_open_from


@compiled
def deal_recipes(ch, rng, ip):
    """CRAFT-1, STAT-ERUD-1/2: Erudition 2 knows one random recipe, Erudition 3 all three
    (STAT-2: a level keeps what the levels below it give)."""
    for c in range(ch.shape[0]):
        if ch[c, CH_ERUDITION] >= ip[P.I_RECIPES_ALL_ERUDITION]:
            ch[c, CH_RECIPES] = (1 << codes.N_RECIPES) - 1
        elif ch[c, CH_ERUDITION] >= ip[P.I_RECIPES_ONE_ERUDITION]:
            ch[c, CH_RECIPES] = 1 << below(rng, WORLD, codes.N_RECIPES)
        else:
            ch[c, CH_RECIPES] = 0


@compiled
def workshop_works(st, room_block):
    """LOC-ARSENAL-1: crafting is impossible in darkness or without electricity."""
    light = st[ST_LIGHTING + codes.ARSENAL]
    lit = light == codes.LIGHT or light == codes.FLASHLIGHT
    return lit and st[ST_GEN_RUNNING + room_block[codes.ARSENAL]] == 1


@compiled
def carried(ch, it, c, kind, skip):
    """An item of `kind` in c's hands or backpack other than item `skip`, or -1 (CRAFT-1:
    components are held in inventory)."""
    for k in range(5):  # the two hands, then the three backpack slots
        i = ch[c, CH_HAND + k] if k < 2 else ch[c, CH_BACKPACK + k - 2]
        if i >= 0 and i != skip and it[i, IT_KIND] == kind:
            return i
    return -1


@compiled
def use_up(ch, it, c, i):
    """A component is consumed (GAP-20): out of its slot and destroyed."""
    for k in range(2):
        if ch[c, CH_HAND + k] == i:
            ch[c, CH_HAND + k] = -1
    for k in range(3):
        if ch[c, CH_BACKPACK + k] == i:
            ch[c, CH_BACKPACK + k] = -1
    it[i, IT_PLACE] = codes.DESTROYED
    it[i, IT_WHERE] = -1


@compiled
def craft(ch, it, st, events, room_block, c, recipe, rec):
    """CRAFT-1..3, LOC-ARSENAL-2 (step 9): a known recipe, both components in inventory (used
    up), light and power; the weapon goes into a free hand, else the backpack, else the floor."""
    if (ch[c, CH_RECIPES] >> recipe) & 1 == 0 or not workshop_works(st, room_block):
        return
    a = carried(ch, it, c, codes.RECIPE_PARTS[recipe][0], -1)
    b = carried(ch, it, c, codes.RECIPE_PARTS[recipe][1], a)
    if a < 0 or b < 0:
        return
    product = take_from_supply(it, codes.RECIPE_PRODUCT[recipe])
    if product < 0:
        return  # model limit: the crafted pool is exhausted
    use_up(ch, it, c, a)
    use_up(ch, it, c, b)
    it[product, IT_FUEL] = 0  # a new flamethrower's tank is empty
    h = free_hand(ch, c)
    k = free_backpack_slot(ch, c)
    if h >= 0:
        put_in_hand(ch, it, c, h, product)
    elif k >= 0:
        put_in_backpack(ch, it, c, k, product)
    else:
        drop_on_floor(it, product, ch[c, CH_ROOM])
    rec[R.C_CRAFTED] += 1
    log_act(ch, st, events, codes.E_CRAFT, c, -1, recipe, 0, ch[c, CH_ROOM])


@compiled
def explode_grenade(ch, it, st, rng, events, ip, c, room, h, rec):
    """ITEM-GRENADE-2/3, GAP-45 (step 11): 2 damage to everyone in the room when it explodes:
    after the leavers have left (step 10), before newcomers arrive (step 12); the thrower, the
    unconscious and the paralysed included, with no cover and no helpless bonus."""
    if use_up_in_hand(ch, it, c, h, codes.GRENADE) < 0:
        return
    victims, hurt = 0, 0  # the paralysed are at 0 HP already: caught, but not hurt further
    for d in range(ch.shape[0]):
        if (
            ch[d, CH_ROOM] == room
            and ch[d, CH_ALIVE] == 1
            and ch[d, CH_LEFT_STATION] == 0
            and ch[d, CH_MOVE_TO] < 0
        ):
            victims |= 1 << d
            if ch[d, CH_PARALYSED_UNTIL] == 0:
                hurt += 1
    rec[R.C_GRENADES] += 1
    log_act(ch, st, events, codes.E_THROW, c, -1, room, 0, ch[c, CH_ROOM])
    log_act(ch, st, events, codes.E_GRENADE, -1, -1, room, hurt, room)
    for d in range(ch.shape[0]):
        if (victims >> d) & 1 == 1:
            damage(ch, it, st, rng, events, ip, d, ip[P.I_GRENADE_DAMAGE], codes.DC_ATTACK, rec)


@compiled
def flamethrower_ready(ch, it, ip, c, h):
    """ITEM-FLAMETHROWER-1/2, GAP-44: in hand h, the other hand free and usable, fuel for one
    attack in the tank."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] != codes.FLAMETHROWER:
        return False
    if ch[c, CH_HAND + 1 - h] >= 0 or ch[c, CH_LOST_HAND] >= 0:
        return False
    return it[i, IT_FUEL] >= ip[P.I_FLAME_SHOT_FUEL]


@compiled
def flame_chance_and_damage(ch, fp, ip, target):
    """ITEM-FLAMETHROWER-3, GAP-44: (chance, damage) by the target: a monster (an active Thing),
    a humanoid in a parka, or a humanoid without one (no damage); Physical form does not count."""
    if ch[target, CH_FORM] == codes.THING_ACTIVE:
        return fp[P.F_FLAME_MONSTER], ip[P.I_FLAME_MONSTER_DAMAGE]
    if ch[target, CH_WORN] >= 0:
        return fp[P.F_FLAME_PARKA], ip[P.I_FLAME_PARKA_DAMAGE]
    return 0.0, 0


@compiled
def burn_alive(ch, it, st, events, c, rec):
    """ITEM-FLAMETHROWER-4, GAP-44: brought to 0 HP by the flamethrower, the body, everything it
    carries and its clothing burn; a Thing so burned is dead for good (no paralysis)."""
    shed_belongings(ch, it, c, -1)
    ch[c, CH_HP] = 0
    ch[c, CH_PARALYSED_UNTIL] = 0
    ch[c, CH_UNCONSCIOUS] = 0
    die(ch, it, st, events, c, codes.DC_FIRE, rec)


@compiled
def flame_attack(ch, it, st, rng, events, ip, c, target, h, p, amount, rec):
    """One flamethrower attack at `target` with hit chance p and `amount` damage: it burns a
    quarter of the tank whatever the result (ITEM-FLAMETHROWER-2)."""
    i = ch[c, CH_HAND + h]
    it[i, IT_FUEL] -= ip[P.I_FLAME_SHOT_FUEL]
    rec[R.C_MELEE_ATTACKS] += 1
    dealt = amount if amount > 0 and chance(rng, WORLD, p) else 0
    log_act(ch, st, events, codes.E_FLAME, c, target, dealt, 0, ch[c, CH_ROOM])
    if dealt == 0:
        return
    if ch[target, CH_ALIVE] == 0:
        shed_belongings(ch, it, target, -1)  # ITEM-FLAMETHROWER-4: a corpse burns with its items
    elif ch[target, CH_HP] - dealt <= 0:
        if not paralysed(ch, target):  # ARCH-MUTANT-2: organs burst once, when it falls
            burst_organs(ch, it, st, rng, events, ip, target, rec)
        burn_alive(ch, it, st, events, target, rec)
    else:
        damage(ch, it, st, rng, events, ip, target, dealt, codes.DC_ATTACK, rec)


@compiled
def arsenal_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of crafting or of throwing a grenade if legal when declared, else -1."""
    r = ch[c, CH_ROOM]
    if action == codes.A_CRAFT:  # CRAFT-1, LOC-ARSENAL-1/2
        ok = r == codes.ARSENAL and 0 <= target < codes.N_RECIPES and workshop_works(st, room_block)
        return ip[P.I_CRAFT_AP] if ok else -1
    if action == codes.A_THROW:  # ITEM-GRENADE-2
        if not 0 <= arg <= 1:
            return -1
        if target == r:
            return ip[P.I_THROW_HERE_AP]
        ok = 0 <= target < codes.N_ROOMS and target != codes.STREET and adjacent[r, target] == 1
        return ip[P.I_THROW_AWAY_AP] if ok else -1
    return -1


@compiled
def resolve_arsenal(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """Crafting or a grenade's throw at its step."""
    if action == codes.A_CRAFT:
        craft(ch, it, st, events, room_block, c, target, rec)
    elif action == codes.A_THROW:
        if door_open_from(st, ch[c, CH_ROOM], target):
            explode_grenade(ch, it, st, rng, events, ip, c, target, arg, rec)
        else:  # GAP-45: a locked door not opened this turn blocks the throw
            log_event(st, events, codes.E_DOOR, c, -1, target, codes.DE_BLOCKED)

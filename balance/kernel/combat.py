"""Combat (A4, A7: ACT-SHOOT, ACT-MELEE, ACT-COVER; GAP-15, GAP-44): attack chances, hits, cover,
and the flamethrower's volley: their costs and effects."""

from balance.compile.jit import compiled
from balance.kernel.arsenal import flame_attack, flame_chance_and_damage, flamethrower_ready
from balance.kernel.health import damage, helpless, other_here
from balance.kernel.hindering import helpless_chance, success_chance
from balance.kernel.perception import can_act, count_shot, log_act
from balance.kernel.rng import WORLD, below, chance
from balance.kernel.state import (
    CH_ALIVE,
    CH_COVERED_BY,
    CH_FORM,
    CH_HAND,
    CH_PHYSICAL,
    CH_ROOM,
    IT_KIND,
)
from balance.kernel.vials import red_vial_active
from balance import codes
from balance import records as R
from balance.kernel import params as P


@compiled
def attack_chance(ch, st, fp, c, action, target):
    """ACT-SHOOT-1, ACT-MELEE, HP-4, GAP-27: the base chance by Physical form plus the red
    vial's bonus, then halved in the dark; an unconscious, paralysed or dead target is always
    hit (helpless_chance)."""
    if helpless(ch, target):
        return helpless_chance(ch, fp, c, action, target)
    base = fp[P.F_HIT_CHANCE + ch[c, CH_PHYSICAL] - 1]
    if red_vial_active(ch, st, c):
        base += fp[P.F_RED_HIT_BONUS]  # ITEM-VIAL-RED, ACT-SHOOT-1: before darkness (GAP-27)
    return success_chance(ch, st, fp, c, base, action, target)


@compiled
def hit(ch, it, st, rng, events, ip, target, rec):
    """GAP-15, HP-4: a weapon hit deals its damage; a helpless target takes the helpless damage."""
    amount = ip[P.I_HELPLESS_DAMAGE] if helpless(ch, target) else ip[P.I_WEAPON_DAMAGE]
    damage(ch, it, st, rng, events, ip, target, amount, codes.DC_ATTACK, rec)


@compiled
def cover(ch, c, target):
    """ACT-COVER (step 1), GAP-29: this turn the first attack on target goes to c; of several
    coverers the first in resolution order (the highest Initiative) takes it."""
    if ch[target, CH_COVERED_BY] < 0:
        ch[target, CH_COVERED_BY] = c


@compiled
def shoot(ch, it, st, rng, events, ip, fp, room_block, c, target, h, rec):
    """ACT-SHOOT-1..7, GAP-30: the pistol must be in hand now (step 2, before the backpack in
    step 5: INV-6); a miss strays with 30% into another living character here, never the
    shooter or the target; a shot into the air needs no roll but is a shot (INFO-1)."""
    i = ch[c, CH_HAND + h]
    if i < 0 or it[i, IT_KIND] != codes.PISTOL:
        return
    rec[R.C_SHOTS] += 1
    count_shot(ch, st, room_block, ch[c, CH_ROOM])  # INFO-1
    if target < 0:
        log_act(ch, st, events, codes.E_SHOT, c, -1, 0, -1, ch[c, CH_ROOM])
        return
    target = through_cover(ch, st, events, c, target)
    if chance(rng, WORLD, attack_chance(ch, st, fp, c, codes.A_SHOOT, target)):
        log_act(ch, st, events, codes.E_SHOT, c, target, 1, -1, ch[c, CH_ROOM])
        hit(ch, it, st, rng, events, ip, target, rec)
        return
    victim = -1
    if chance(rng, WORLD, fp[P.F_STRAY]):
        n = 0
        for d in range(ch.shape[0]):
            if d != c and d != target and other_here(ch, c, d) and ch[d, CH_ALIVE] == 1:
                n += 1
        if n > 0:
            k = below(rng, WORLD, n)
            for d in range(ch.shape[0]):
                if d != c and d != target and other_here(ch, c, d) and ch[d, CH_ALIVE] == 1:
                    if k == 0:
                        victim = d
                        break
                    k -= 1
    log_act(ch, st, events, codes.E_SHOT, c, target, 0, victim, ch[c, CH_ROOM])
    if victim >= 0:
        damage(ch, it, st, rng, events, ip, victim, ip[P.I_WEAPON_DAMAGE], codes.DC_ATTACK, rec)


@compiled
def flame(ch, it, st, rng, events, ip, fp, c, target, h, attacks, rec):
    """ACT-MELEE with the flamethrower, ITEM-FLAMETHROWER-2/3, GAP-29, GAP-44: up to `attacks`
    attacks on one target while the fuel lasts, until it is dead; cover takes the first attack
    only (the later ones find the target); the chance of the target's kind, certain on the
    helpless (HP-4, less hindering), else halved in the dark."""
    aimed = target
    for _ in range(attacks):
        if not flamethrower_ready(ch, it, ip, c, h) or not other_here(ch, c, aimed):
            return
        target = through_cover(ch, st, events, c, aimed)  # the first attack only: it is used up
        p, amount = flame_chance_and_damage(ch, fp, ip, target)
        if red_vial_active(ch, st, c) and p > 0:
            p += fp[P.F_RED_HIT_BONUS]  # GAP-44: the red vial adds its +10%
        if helpless(ch, target):
            p = helpless_chance(ch, fp, c, codes.A_MELEE, target)
        else:
            p = success_chance(ch, st, fp, c, p, codes.A_MELEE, target)
        flame_attack(ch, it, st, rng, events, ip, c, target, h, p, amount, rec)
        if ch[aimed, CH_ALIVE] == 0:
            return


@compiled
def melee(ch, it, st, rng, events, ip, fp, c, target, h, rec):
    """ACT-MELEE, GAP-15: an axe or the flamethrower in hand (humans and hidden Things have no
    unarmed attack; the active Thing needs no weapon)."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        active_melee(ch, it, st, rng, events, ip, fp, c, target, rec)
        return
    i = ch[c, CH_HAND + h]
    if i >= 0 and it[i, IT_KIND] == codes.FLAMETHROWER:
        flame(ch, it, st, rng, events, ip, fp, c, target, h, 1, rec)
        return
    if i < 0 or it[i, IT_KIND] != codes.AXE:
        return
    rec[R.C_MELEE_ATTACKS] += 1
    target = through_cover(ch, st, events, c, target)
    landed = chance(rng, WORLD, attack_chance(ch, st, fp, c, codes.A_MELEE, target))
    log_act(ch, st, events, codes.E_MELEE, c, target, 1 if landed else 0, 0, ch[c, CH_ROOM])
    if landed:
        hit(ch, it, st, rng, events, ip, target, rec)


@compiled
def through_cover(ch, st, events, c, target):
    """GAP-29: the target of c's shot, melee or claw attack once cover is applied."""
    coverer = ch[target, CH_COVERED_BY]
    if coverer < 0 or coverer == c or not can_act(ch, coverer):
        return target
    if ch[coverer, CH_ROOM] != ch[target, CH_ROOM]:
        return target
    ch[target, CH_COVERED_BY] = -1  # only the first attack
    log_act(ch, st, events, codes.E_COVERED, coverer, target, 0, 0, ch[coverer, CH_ROOM])
    return coverer


@compiled
def strike(ch, it, st, rng, events, ip, c, target, p, amount, kind, rec):
    """The active Thing's blow (claws, or its melee: GAP-15): cover takes it (GAP-29); nobody
    can lower its chance (THING-ACTIVE-9) and it sees in the dark (THING-P-1); the helpless are
    always hit, for the helpless damage (HP-4)."""
    rec[R.C_MELEE_ATTACKS] += 1
    target = through_cover(ch, st, events, c, target)
    weak = helpless(ch, target)
    landed = weak or chance(rng, WORLD, p)
    log_act(ch, st, events, kind, c, target, 1 if landed else 0, 0, ch[c, CH_ROOM])
    if landed:
        dealt = ip[P.I_HELPLESS_DAMAGE] if weak else amount
        damage(ch, it, st, rng, events, ip, target, dealt, codes.DC_ATTACK, rec)


@compiled
def active_melee(ch, it, st, rng, events, ip, fp, c, target, rec):
    """ACT-MELEE, GAP-15, THING-ACTIVE-10: no weapon, the base chance of the basic Physical
    form, 1 damage."""
    p = fp[P.F_HIT_CHANCE + ch[c, CH_PHYSICAL] - 1]
    strike(
        ch, it, st, rng, events, ip, c, target, p, ip[P.I_ACTIVE_MELEE_DAMAGE], codes.E_MELEE, rec
    )


@compiled
def combat_cost(ch, it, st, ip, adjacent, room_block, c, action, target, arg):
    """AP cost of an attack or of covering someone if legal when declared, else -1."""
    if action == codes.A_SHOOT:
        ok = 0 <= arg <= 1 and (target == -1 or other_here(ch, c, target))  # ACT-SHOOT-5: the air
        return ip[P.I_SHOOT_AP] if ok else -1
    if action == codes.A_MELEE or action == codes.A_FLAME_VOLLEY:
        if not (0 <= arg <= 1 and other_here(ch, c, target)):
            return -1
        if action == codes.A_FLAME_VOLLEY:
            return ip[P.I_FLAME_VOLLEY_AP]  # GAP-44
        i = ch[c, CH_HAND + arg]
        flamethrower = i >= 0 and it[i, IT_KIND] == codes.FLAMETHROWER
        return ip[P.I_FLAME_AP] if flamethrower else ip[P.I_MELEE_AP]
    if action == codes.A_COVER:
        return ip[P.I_COVER_AP] if other_here(ch, c, target) else -1
    return -1


@compiled
def resolve_combat(
    ch, it, st, rng, events, decl, ip, fp, room_block, c, j, action, target, arg, rec
):
    """An attack or a cover at its step."""
    if action == codes.A_SHOOT:
        shoot(ch, it, st, rng, events, ip, fp, room_block, c, target, arg, rec)
    elif action == codes.A_COVER:
        cover(ch, c, target)
    elif action == codes.A_MELEE:
        melee(ch, it, st, rng, events, ip, fp, c, target, arg, rec)
    elif action == codes.A_FLAME_VOLLEY:  # GAP-44: as many attacks as the tank allows
        flame(ch, it, st, rng, events, ip, fp, c, target, arg, codes.FUEL_UNITS, rec)

"""One game from setup to its end (A1, A2, A5), played through the policies an entry point
hands it (balance.play, which holds the chunk and replay entry points).

A turn: start-of-turn effects (frostbite, generator burn, weather, timers, lighting), then every
character able to act declares through its policy, then the 13 resolution steps, then the
temperature update and the end-of-game checks. The state arrays are described in
balance.kernel.state. Hunger (GAP-12) has no mechanical effect under its default assumption, so
no code stands for it; sanity (GAP-11) is kept, and acts only through its variant.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance import records as R
from balance.kernel import params as P
from balance.kernel.actions import declare, replace_reacted, resolve
from balance.kernel.movement import enter_room, leave_room
from balance.kernel.frost import apply_frostbite
from balance.kernel.health import ap_this_turn, come_round, revive_things
from balance.kernel.infection import start_blackouts, wake_up
from balance.kernel.vials import start_sanity, start_vial_effects
from balance.kernel.arsenal import deal_recipes
from balance.kernel.contagion import (
    check_saliva,
    light_burned_rooms,
    set_up_kennel,
    start_saliva_blackouts,
    warm_burned_rooms,
)
from balance.kernel.events import log_event
from balance.kernel.food import set_up_food
from balance.kernel.helicopter import set_up_helicopter, take_off
from balance.compile.jit import compiled
from balance.kernel.invariants import check_declarations, check_invariants, check_spent_ap
from balance.kernel.items import stock_items
from balance.kernel.lab import run_analyzer, set_up_lab, start_comparison
from balance.kernel.locks import close_opened_doors, door_state, set_up_doors
from balance.kernel.observe import observe, survey
from balance.kernel.perception import can_act, list_noticed, place, plays_for_things
from balance.observation import MEM_CLAIMS_BELIEVED, MEM_HELD_THINGS
from balance.kernel.rng import WORLD, below, next_u64, seed_streams, shuffle
from balance.kernel.thing import deal_archetypes, remember_rooms
from balance.kernel.steps import action_step, declaration_steps, mark_ranks
from balance.kernel.station import (
    burn_generators,
    burn_in_step_13,
    compute_lighting,
    draw_weather,
    update_temperatures,
)
from balance.kernel.state import (
    CH_ALIVE,
    CH_BACKPACK,
    CH_BLACKOUT_TURN,
    CH_COVERED_BY,
    CH_DEATH_CAUSE,
    CH_DEFERRED,
    CH_DEFERRED_HIGH,
    CH_ERUDITION,
    CH_FORM,
    CH_FROST,
    CH_HINDERED,
    CH_HAND,
    CH_HP,
    CH_INFECTED,
    CH_INFECT_READY,
    CH_INITIATIVE,
    CH_LEFT_STATION,
    CH_LOST_HAND,
    CH_MAX_HP,
    CH_MOVE_TO,
    CH_N_DECL,
    CH_ORDER_INITIATIVE,
    CH_ORDER_KEY,
    CH_ORIGINAL,
    CH_PARALYSED_UNTIL,
    CH_PHYSICAL,
    CH_PROFESSION,
    CH_RANK,
    CH_REACT_TRIGGER,
    CH_ROOM,
    CH_SHOTS_HEARD,
    CH_SHIELDED,
    CH_AP_SPENT,
    CH_AP_TURN,
    CH_STEPS,
    CH_TIEBREAK,
    CH_UNCONSCIOUS,
    CH_WORN,
    IT_KIND,
    SNAP_ALIVE,
    SNAP_CONSCIOUS,
    SNAP_ERUDITION,
    SNAP_FORM,
    SNAP_FROST,
    SNAP_HAND_0,
    SNAP_HOLDS,
    SNAP_HP,
    SNAP_INFECTED,
    SNAP_INITIATIVE,
    SNAP_MAX_HP,
    SNAP_PARKA,
    SNAP_PHYSICAL,
    SNAP_ROOM,
    ST_STEPS,
    ST_STEP_RANKS,
    ST_FOOD_STOCK,
    ST_GEN_BROKEN,
    ST_GEN_FUEL,
    ST_GEN_RUNNING,
    ST_LAST_LOSS_CAUSE,
    ST_LIGHTING,
    ST_N_EVENTS,
    ST_REACTIONS,
    ST_REASON,
    ST_RESCUE_DUE,
    ST_SHIELD_ROOMS,
    ST_SHIELDS,
    ST_STEP,
    ST_TEMPERATURE,
    ST_TURN,
    ST_TURN_EVENTS,
    ST_WEATHER,
    ST_WINNER,
    ST_YELLOW_LEFT,
)
from balance.kernel.public import D_ACTION, D_ARG, D_COST, D_TARGET


@compiled
def setup_game(ch, it, st, rng, order, memory, ip, fp, seed, game):
    """SETUP-1..5, GAP-3, GAP-4, GAP-5: a fresh game keyed by (seed, game)."""
    n = ch.shape[0]
    seed_streams(rng, seed, game)
    ch[:, :] = 0
    st[:] = 0
    memory[:, :] = 0
    # GAP-3: professions dealt round-robin from a shuffled deck, then shuffled among the
    # characters; the deck's shuffle draws which professions take the extra copies when the
    # players are no multiple of their number (9, 15), not the list's first ones
    n_prof = ip[P.I_N_PROFESSIONS]
    for p in range(n_prof):
        order[p] = p
    shuffle(rng, order[:n_prof])
    for c in range(n_prof, n):
        order[c] = order[c % n_prof]
    shuffle(rng, order)
    for c in range(n):
        p = order[c]
        ch[c, CH_PROFESSION] = p
        ch[c, CH_PHYSICAL] = ip[P.I_PROF_PHYSICAL + p]
        ch[c, CH_INITIATIVE] = ip[P.I_PROF_INITIATIVE + p]
        ch[c, CH_ERUDITION] = ip[P.I_PROF_ERUDITION + p]
        ch[c, CH_FORM] = codes.HUMAN
        ch[c, CH_MAX_HP] = ip[P.I_HUMAN_HP]  # HP-1
        ch[c, CH_ALIVE] = 1
        ch[c, CH_INFECT_READY] = 1
        ch[c, CH_DEATH_CAUSE] = codes.DC_NONE
        ch[c, CH_HAND] = -1  # GAP-5: empty hands, an empty backpack, no parka
        ch[c, CH_HAND + 1] = -1
        for k in range(3):
            ch[c, CH_BACKPACK + k] = -1
        ch[c, CH_WORN] = -1
        ch[c, CH_MOVE_TO] = -1
        ch[c, CH_LOST_HAND] = -1
        start_sanity(ch, ip, c)  # GAP-11
        room = (
            codes.LIVING_QUARTERS if ip[P.I_START_ROOMS] == 1 else below(rng, WORLD, codes.N_INDOOR)
        )  # GAP-4
        place(ch, st, c, room)
    for c in range(n):
        order[c] = c
    shuffle(rng, order)  # SETUP-4: the first `things` of a random order are the Things
    for k in range(ip[P.I_THINGS]):
        c = order[k]
        ch[c, CH_FORM] = codes.THING_HIDDEN
        ch[c, CH_ORIGINAL] = 1
        ch[c, CH_MAX_HP] = ip[P.I_THING_HP]  # THING-P-2
    for c in range(n):
        ch[c, CH_HP] = ch[c, CH_MAX_HP]  # SETUP-5
    stock_items(it, ip)
    st[ST_YELLOW_LEFT] = ip[P.I_YELLOW_BOXES]
    for b in range(codes.N_BLOCKS):
        st[ST_GEN_FUEL + b] = ip[P.I_GEN_START]  # GEN-1, SETUP-3
    for r in range(codes.N_ROOMS):  # TEMP-1, SETUP-3
        st[ST_TEMPERATURE + r] = ip[P.I_T_START]
    st[ST_TEMPERATURE + codes.FREEZER] = ip[P.I_T_FREEZER]
    st[ST_TEMPERATURE + codes.STREET] = ip[P.I_T_STREET]
    draw_weather(st, rng, ip, fp)
    set_up_helicopter(st, ip)
    set_up_food(st, ip)
    deal_recipes(ch, rng, ip)
    set_up_doors(ch, st, rng, ip)  # GAP-5: locks, codes and what each card opens
    set_up_lab(st)
    deal_archetypes(ch, rng, ip)  # ARCH-1, GAP-41
    set_up_kennel(st, ip)  # LOC-KENNEL-1


@compiled
def start_turn(ch, it, st, rng, events, ip, room_block, rec):
    """The start-of-turn effects, in the order the rules give them."""
    t = st[ST_TURN]
    remember_rooms(ch, st)  # ARCH-MUTANT-1: where everyone was last turn
    # FROST-1: before anything else; RES-1: marks of a move resolve "after movement", which the
    # source counts as resolved at the very start of the next turn: here
    apply_frostbite(ch, it, st, rng, events, ip, rec)
    rec[R.C_GENERATOR_OFF_TURNS] += burn_generators(st, events, ip)  # GEN-2, GAP-17
    if t > 1 and st[ST_WEATHER + t] != st[ST_WEATHER + t - 1]:
        log_event(st, events, codes.E_WEATHER, -1, -1, st[ST_WEATHER + t], 0)  # WEATHER-1, GAP-55
    revive_things(ch, it, st, rng, events, ip)  # THING-P-3, INV-2
    start_blackouts(ch, it, st, events)  # INF-2
    start_saliva_blackouts(ch, it, st, events)  # SALIVA-2
    start_vial_effects(ch, it, st, events, ip, rec)  # VIAL-1, GAP-49, GAP-11
    compute_lighting(ch, it, st, room_block)  # GAP-22: once, after burn and weather
    light_burned_rooms(st)  # LIGHT-6: last turn's fires


@compiled
def read_declarations(ch, st, decl):
    """One pass over this turn's kept declarations, before anything resolves: each character's
    Initiative for the order (AP-10: he may count it as 0, for the order only: his STAT-INIT-*
    abilities are his own all the same), the kinds of action he resolves last (AP-9, GAP-59)
    and the steps his declarations resolve in (CH_STEPS, ST_STEPS). It also clears what lasts
    one turn (ACT-COVER, ACT-HINDER-*). Returns whether anybody deferred anything."""
    any_deferred = False
    st[ST_STEPS] = 0
    shielded = st[ST_SHIELD_ROOMS]  # ACT-HINDER-TARGET: an object's hindering, this turn only
    while shielded != 0:
        r = trailing_zeros(shielded)
        shielded &= shielded - 1
        st[ST_SHIELDS + r * codes.N_OBJECTS : ST_SHIELDS + (r + 1) * codes.N_OBJECTS] = 0
    st[ST_SHIELD_ROOMS] = 0
    for c in range(ch.shape[0]):
        ch[c, CH_COVERED_BY] = -1  # ACT-COVER works only in the turn it is declared
        ch[c, CH_HINDERED] = 0  # ACT-HINDER-*: this turn only
        ch[c, CH_SHIELDED] = 0
        ch[c, CH_ORDER_INITIATIVE] = ch[c, CH_INITIATIVE]
        ch[c, CH_DEFERRED] = 0
        ch[c, CH_DEFERRED_HIGH] = 0
        steps = 0
        for j in range(ch[c, CH_N_DECL]):
            action = decl[c, j, D_ACTION]
            if action == codes.A_LOWER_INITIATIVE:
                ch[c, CH_ORDER_INITIATIVE] = 0  # AP-10
            elif action == codes.A_RESOLVE_LAST:
                kind = decl[c, j, D_TARGET]  # an int64 holds 64 bits: two columns of them
                column = CH_DEFERRED if kind < 64 else CH_DEFERRED_HIGH
                ch[c, column] |= np.int64(1) << (kind % 64)
                any_deferred = True
            steps |= declaration_steps(action, decl[c, j, D_ARG])
        ch[c, CH_STEPS] = steps
        st[ST_STEPS] |= steps
    return any_deferred


@compiled
def deferred(ch, c, action):
    """AP-9: 1 if c resolves his actions of this kind last this turn, else 0."""
    column = CH_DEFERRED if action < 64 else CH_DEFERRED_HIGH
    return (ch[c, column] >> (action % 64)) & 1


@compiled
def sort_by_initiative(ch, order):
    """RES-3: order[] the characters, higher this turn's Initiative first, equal Initiative by
    the lower tiebreak (CH_TIEBREAK, 63 random bits)."""
    n = ch.shape[0]
    for c in range(n):
        # higher key first: one compare orders a pair but when Initiative and the tiebreaks'
        # high 32 bits are both equal (an Initiative is a stat, far below 2**31); then the
        # whole tiebreaks decide
        ch[c, CH_ORDER_KEY] = (ch[c, CH_ORDER_INITIATIVE] << 32) - (ch[c, CH_TIEBREAK] >> 31)
        order[c] = c
    for k in range(1, n):  # insertion sort: n <= 16
        c = order[k]
        key = ch[c, CH_ORDER_KEY]
        j = k - 1
        while j >= 0 and (
            ch[order[j], CH_ORDER_KEY] < key
            or (
                ch[order[j], CH_ORDER_KEY] == key and ch[order[j], CH_TIEBREAK] > ch[c, CH_TIEBREAK]
            )
        ):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = c


@compiled
def resolution_order(ch, st, rng, order):
    """RES-3, STAT-3, AP-10: higher Initiative (this turn's, read_declarations) first; equal
    Initiative in a random order each turn. Then each character's rank (CH_RANK) and, for each
    step, the ranks with something in it (ST_STEP_RANKS)."""
    n = ch.shape[0]
    for c in range(n):
        ch[c, CH_TIEBREAK] = np.int64(next_u64(rng, WORLD) >> np.uint64(1))
    sort_by_initiative(ch, order)
    st[ST_STEP_RANKS : ST_STEP_RANKS + codes.N_STEPS + 1] = 0
    for k in range(n):
        c = order[k]
        ch[c, CH_RANK] = k
        mark_ranks(st, ch[c, CH_STEPS], k)


@compiled(inline=True)
def resolve_step(ch, it, st, rng, events, decl, order, ip, fp, room_block, rec, step, passes):
    """One RES-ORDER step: by resolution order, each character's declarations of this step in the
    order declared (GAP-59), what he resolves last in a second pass (AP-9); one action at a
    time, each finished before the next begins (RES-2). Only the ranks with
    something in the step are visited (ST_STEP_RANKS, read afresh: thing.order may add one),
    unless everyone must be: in the step the unconscious come round, or when a reaction was
    declared (GAP-33: it may replace a declaration by one of any step)."""
    t = st[ST_TURN]
    everyone = step == codes.WAKE_STEP or st[ST_REACTIONS] > 0
    for last in range(passes):
        k = 0
        while k < ch.shape[0]:
            if not everyone:
                later = st[ST_STEP_RANKS + step] >> k
                if later == 0:
                    break
                k += trailing_zeros(later)
            c = order[k]
            k += 1
            if step == codes.WAKE_STEP and last == 0:
                if (
                    ch[c, CH_UNCONSCIOUS] == 1
                    and ch[c, CH_BLACKOUT_TURN] == t
                    and ch[c, CH_ALIVE] == 1
                ):
                    wake_up(ch, it, st, rng, events, ip, fp, c, rec)  # UNC-2, INF-3
                else:
                    come_round(ch, it, st, events, c)  # UNC-2, VIAL-1: no conversion roll
            if st[ST_REACTIONS] == 0 and (ch[c, CH_STEPS] >> step) & 1 == 0:
                continue  # nothing of his resolves in this step
            for j in range(ch[c, CH_N_DECL]):
                if st[ST_REACTIONS] > 0:
                    replace_reacted(ch, st, events, decl, c, j)  # GAP-33
                action = decl[c, j, D_ACTION]
                if passes == 2 and deferred(ch, c, action) != last:
                    continue
                if action == codes.A_MOVE:
                    late = ch[c, CH_FORM] == codes.THING_ACTIVE  # THING-ACTIVE-11
                    if step == (codes.ACTIVE_ENTRY_STEP if late else codes.MOVE_ENTRY_STEP):
                        enter_room(ch, st, events, c, decl[c, j, D_TARGET])  # ACT-MOVE: entry
                        continue  # its AP was counted at the exit
                    if step != (codes.ACTIVE_EXIT_STEP if late else codes.MOVE_EXIT_STEP):
                        continue
                    leave_room(ch, st, rng, events, decl, fp, room_block, c, j)  # ACT-MOVE
                elif action_step(action, decl[c, j, D_ARG]) == step:
                    resolve(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec)
                else:
                    continue
                if ip[P.I_CHECK_INVARIANTS] == 1:  # AP-1: what his resolved rows cost
                    ch[c, CH_AP_SPENT] += decl[c, j, D_COST]


@compiled
def follow_row(ch, decl, c):
    """The row of c's follow this turn (GAP-31: at most one), or -1."""
    for j in range(ch[c, CH_N_DECL]):
        if decl[c, j, D_ACTION] == codes.A_FOLLOW:
            return j
    return -1


@compiled
def resolve_follows(ch, it, st, rng, events, decl, order, ip, fp, room_block, rec):
    """ACT-FOLLOW, RES-ORDER step 13: the followers enter after everything else of step 13, the
    active Thing's entry among it (THING-ACTIVE-11), each after the one he follows has moved
    ("Следование происходит после того, как переместится выбранный игрок"): in resolution
    order, but one following a follower waits for him. In a ring of followers nobody has moved,
    so each of them fails (GAP-32). AP-9 cannot put a follow later than this."""
    waiting = 0  # the ranks whose follow is still to resolve
    for k in range(ch.shape[0]):
        c = order[k]
        if st[ST_REACTIONS] > 0:
            for j in range(ch[c, CH_N_DECL]):
                replace_reacted(ch, st, events, decl, c, j)  # GAP-33
        if follow_row(ch, decl, c) >= 0:
            waiting |= 1 << k
    while waiting != 0:
        ready = 0
        rest = waiting
        while rest != 0:
            k = trailing_zeros(rest)
            rest &= rest - 1
            c = order[k]
            if (waiting >> ch[decl[c, follow_row(ch, decl, c), D_TARGET], CH_RANK]) & 1 == 0:
                ready |= 1 << k
        if ready == 0:
            ready = waiting  # only rings are left
        waiting &= ~ready
        while ready != 0:
            c = order[trailing_zeros(ready)]
            ready &= ready - 1
            j = follow_row(ch, decl, c)
            resolve(ch, it, st, rng, events, decl, ip, fp, room_block, c, j, rec)


@compiled
def resolve_turn(ch, it, st, rng, events, decl, order, ip, fp, room_block, rec):
    """RES-ORDER, AP-4: the 13 steps in order, after step 0 of codes and ID cards (GAP-25), and
    the followers at the end of step 13 (ACT-FOLLOW), whatever order actions were listed in."""
    passes = 2 if read_declarations(ch, st, decl) else 1  # AP-9: a second pass for what goes last
    ch[:, CH_AP_SPENT] = 0
    resolution_order(ch, st, rng, order)
    close_opened_doors(st)  # GAP-25: doors opened last turn are shut again
    # a step nobody declared anything in resolves nothing and is skipped, unless a reaction was
    # declared (GAP-33) or it is the one the unconscious come round in
    for step in range(0, codes.N_STEPS + 1):
        st[ST_STEP] = step
        if step == codes.WAKE_STEP or st[ST_REACTIONS] > 0 or (st[ST_STEPS] >> step) & 1 == 1:
            if step == codes.FOLLOW_STEP:
                resolve_follows(ch, it, st, rng, events, decl, order, ip, fp, room_block, rec)
            else:
                resolve_step(
                    ch, it, st, rng, events, decl, order, ip, fp, room_block, rec, step, passes
                )
        if step == codes.ACTION_STEP[codes.A_LAB_START]:
            start_comparison(ch, st, events, ip)  # LOC-LAB-3: after the step's insertions
        if step == codes.ACTION_STEP[codes.A_HELI_BOARD]:
            take_off(ch, st, rng, events, decl, ip, fp, rec)  # HELI-5: the group is complete
    st[ST_STEP] = 0


@compiled
def count_humans(ch):
    """GAP-9: (living humans on the station, humans who left it alive)."""
    on, left = 0, 0
    for c in range(ch.shape[0]):  # summed without a branch: the living change from turn to turn
        living_human = (ch[c, CH_FORM] == codes.HUMAN) & (ch[c, CH_ALIVE] == 1)
        gone = ch[c, CH_LEFT_STATION] != 0
        on += living_human & (not gone)
        left += living_human & gone
    return on, left


@compiled
def check_end(ch, st, events, ip, rec, end_of_turn):
    """WIN-1..4, GAP-6..9. Returns True when the game is over."""
    if st[ST_REASON] != codes.R_NONE:
        return True  # decided during the turn: a Thing flew away (GAP-7)
    on, left = count_humans(ch)
    if on == 0 and left == 0:  # WIN-2, GAP-9
        st[ST_WINNER] = codes.THINGS
        st[ST_REASON] = (
            codes.R_FROZEN if st[ST_LAST_LOSS_CAUSE] == codes.DC_COLD else codes.R_HUMANS_DEAD
        )
        return True
    if on == 0:  # WIN-4, GAP-7, GAP-9: no human is left, but some flew away and survived
        st[ST_WINNER] = codes.HUMANS
        st[ST_REASON] = codes.R_ESCAPE
        return True
    things, infected = 0, 0
    for c in range(ch.shape[0]):
        if ch[c, CH_FORM] != codes.HUMAN and ch[c, CH_ALIVE] == 1:
            things += 1  # GAP-8: a paralysed Thing still counts
        if ch[c, CH_FORM] == codes.HUMAN and ch[c, CH_ALIVE] == 1 and ch[c, CH_INFECTED] == 1:
            infected += 1
    if things == 0 and infected == 0 and st[ST_FOOD_STOCK] >= 1:  # WIN-3, GAP-8, GAP-50
        st[ST_WINNER] = codes.HUMANS
        st[ST_REASON] = codes.R_THINGS_DEAD
        return True
    t = st[ST_TURN]
    due = st[ST_RESCUE_DUE]
    if (
        end_of_turn
        and due > 0
        and t >= due
        and (ip[P.I_RESCUE_WAIT_CLEAR] == 0 or st[ST_WEATHER + t] == codes.CLEAR)
    ):  # GAP-6
        for c in range(ch.shape[0]):
            if (
                ch[c, CH_FORM] == codes.HUMAN
                and ch[c, CH_ALIVE] == 1
                and ch[c, CH_LEFT_STATION] == 0
            ):
                ch[c, CH_LEFT_STATION] = 1
                rec[R.C_HUMANS_RESCUED] += 1
        log_event(st, events, codes.E_RESCUE, -1, -1, rec[R.C_HUMANS_RESCUED], 0)
        st[ST_WINNER] = codes.HUMANS
        st[ST_REASON] = codes.R_RESCUE
        return True
    return False


@compiled
def finish_record(ch, st, rec):
    on, left = count_humans(ch)
    rec[R.C_WINNER] = st[ST_WINNER]
    rec[R.C_REASON] = st[ST_REASON]
    rec[R.C_END_TURN] = st[ST_TURN]
    rec[R.C_HUMANS_ALIVE] = on + left
    for c in range(ch.shape[0]):
        if ch[c, CH_FORM] != codes.HUMAN:
            if ch[c, CH_ALIVE] == 1:
                rec[R.C_THINGS_ALIVE] += 1
            else:
                rec[R.C_THINGS_DEAD] += 1
        elif ch[c, CH_LEFT_STATION] == 2:
            rec[R.C_HUMANS_ESCAPED] += 1


@compiled
def snapshot(ch, it, st, memory, snap_weather, snap_gen, snap_rooms, snap_chars):
    """Replay mode: the state at the start of the turn, after the start-of-turn effects."""
    t = st[ST_TURN]
    k = t - 1
    snap_weather[k] = st[ST_WEATHER + t]
    for b in range(codes.N_BLOCKS):
        snap_gen[k, b, 0] = st[ST_GEN_FUEL + b]
        snap_gen[k, b, 1] = st[ST_GEN_RUNNING + b]
        snap_gen[k, b, 2] = st[ST_GEN_BROKEN + b]
    for r in range(codes.N_ROOMS):
        snap_rooms[k, 0, r] = st[ST_TEMPERATURE + r]
        snap_rooms[k, 1, r] = st[ST_LIGHTING + r]
        snap_rooms[k, 2, r] = door_state(st, r)
    for c in range(ch.shape[0]):
        snap_chars[k, c, SNAP_ROOM] = ch[c, CH_ROOM]
        snap_chars[k, c, SNAP_HP] = ch[c, CH_HP]
        snap_chars[k, c, SNAP_FROST] = ch[c, CH_FROST]
        snap_chars[k, c, SNAP_PARKA] = 1 if ch[c, CH_WORN] >= 0 else 0
        snap_chars[k, c, SNAP_PHYSICAL] = ch[c, CH_PHYSICAL]
        snap_chars[k, c, SNAP_INITIATIVE] = ch[c, CH_INITIATIVE]
        snap_chars[k, c, SNAP_ERUDITION] = ch[c, CH_ERUDITION]
        snap_chars[k, c, SNAP_ALIVE] = ch[c, CH_ALIVE]
        awake = ch[c, CH_UNCONSCIOUS] == 0 and ch[c, CH_PARALYSED_UNTIL] == 0
        snap_chars[k, c, SNAP_CONSCIOUS] = 1 if awake else 0
        snap_chars[k, c, SNAP_FORM] = ch[c, CH_FORM]
        snap_chars[k, c, SNAP_INFECTED] = ch[c, CH_INFECTED]
        snap_chars[k, c, SNAP_MAX_HP] = ch[c, CH_MAX_HP]
        snap_chars[k, c, SNAP_HOLDS] = memory[c, MEM_HELD_THINGS]
        for h in range(2):
            i = ch[c, CH_HAND + h]
            snap_chars[k, c, SNAP_HAND_0 + h] = it[i, IT_KIND] if i >= 0 else codes.NO_ITEM


@compiled(inline=True)
def begin_turn(g, ip, room_block, rec, t, checks):
    """Start turn t: its start-of-turn effects, the replay snapshot and the checks that can end
    the game before anyone declares (frostbite may kill). Returns True when the game is over.
    `checks` (a constant of the entry point) says whether the invariant checks are compiled in;
    they run when the rules' switch asks for them."""
    g.st[ST_TURN] = t
    g.st[ST_REACTIONS] = 0  # GAP-33: declared afresh each turn
    g.ch[:, CH_REACT_TRIGGER] = -1
    start_turn(g.ch, g.it, g.st, g.rng, g.events, ip, room_block, rec)
    for c in range(g.ch.shape[0]):  # AP-1: fixed before anyone declares, whatever the turn does
        g.ch[c, CH_AP_TURN] = ap_this_turn(g.ch, ip, c)
    if g.snap_weather.shape[0] > 0:
        snapshot(g.ch, g.it, g.st, g.memory, g.snap_weather, g.snap_gen, g.snap_rooms, g.snap_chars)
    if checks and ip[P.I_CHECK_INVARIANTS] == 1:
        rec[R.C_INVARIANT_VIOLATIONS] |= check_invariants(g.ch, g.it, g.st, ip)
    return check_end(g.ch, g.st, g.events, ip, rec, False)


@compiled(inline=True)
def observe_in(g, ip, room_block, c, o):
    """Fill observation vector o for character c of game g, from g's tables of this turn
    (survey's and list_noticed's, which must be current): the one wiring of observe, shared by
    declare_by_policies and the tests' scenario harness."""
    observe(
        g.ch,
        g.it,
        g.st,
        g.events,
        ip,
        room_block,
        g.room_items,
        g.room_survey,
        g.char_survey,
        g.noticed,
        c,
        o,
    )


@compiled(inline=True)
def declare_by_policies(
    g, ip, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs, dispatch
):
    """Every character able to act declares through its side's policy (AP-1, GAP-61), called
    through `dispatch` (policy_declare or expert_declare, a constant of the entry point)."""
    ch = g.ch
    survey(ch, g.it, g.st, ip, g.room_items, g.room_survey, g.char_survey)
    list_noticed(g.st, g.events, g.noticed)
    for c in range(ch.shape[0]):
        ch[c, CH_N_DECL] = 0
        if not can_act(ch, c):
            continue  # UNC-1, HP-3: the dead, unconscious and paralysed declare nothing
        observe_in(g, ip, room_block, c, g.obs)
        # GAP-38: a convert keeps playing as a human until the Things call him (THING-P-5)
        thing_side = plays_for_things(ch, c)
        n_wanted = dispatch(
            t_id if thing_side else h_id,
            t_knobs if thing_side else h_knobs,
            g.obs,
            g.memory[c],
            g.rng,
            1 + c,
            g.decl[c],
            next_hop,
            room_block,
            ip,
        )
        declare(ch, g.it, g.st, g.decl, ip, adjacent, room_block, c, n_wanted)


@compiled
def note_exposure(g, rec):
    """The record's turn a Thing is exposed: the first declarations after which at least half of
    those who declared for the humans' side hold a true Thing for a Thing (their policies' report,
    MEM_HELD_THINGS); counted, never acted on."""
    ch = g.ch
    humans, things = 0, 0
    for c in range(ch.shape[0]):
        if ch[c, CH_FORM] != codes.HUMAN:
            things |= 1 << c
        if can_act(ch, c) and not plays_for_things(ch, c):
            humans += 1
    while things != 0 and humans > 0:
        d = trailing_zeros(things)
        things &= things - 1
        holders = 0
        for c in range(ch.shape[0]):
            if can_act(ch, c) and not plays_for_things(ch, c):
                holders += (g.memory[c, MEM_HELD_THINGS] >> d) & 1
        if 2 * holders >= humans:
            rec[R.C_THING_EXPOSED_TURN] = g.st[ST_TURN]
            return


@compiled(inline=True)
def finish_turn(g, ip, fp, room_block, rec, checks):
    """Resolve the declarations, update temperatures and check the end of the game (`checks` as
    in begin_turn)."""
    if checks and ip[P.I_CHECK_INVARIANTS] == 1:
        rec[R.C_INVARIANT_VIOLATIONS] |= check_declarations(g.ch)
    if g.snap_weather.shape[0] == 0:
        g.st[ST_N_EVENTS] = 0  # batch runs keep one turn of events: what the next one perceives
    g.st[ST_TURN_EVENTS] = g.st[ST_N_EVENTS]
    g.ch[:, CH_SHOTS_HEARD] = 0  # INFO-1: counted afresh every turn
    resolve_turn(g.ch, g.it, g.st, g.rng, g.events, g.decl, g.order, ip, fp, room_block, rec)
    burn_in_step_13(g.st, ip)  # GEN-2, GAP-17: when the burn is read as step 13's
    run_analyzer(g.it, g.st, g.events, ip, room_block, rec)  # LOC-LAB-3, GAP-52: at the turn's end
    check_saliva(g.ch, g.it, g.st, g.events)  # SALIVA-2, GAP-37: who ends the turn holding it
    update_temperatures(g.st, ip, room_block)  # GAP-46: after step 13
    warm_burned_rooms(g.st, ip)  # TEMP-6, GAP-46: this turn's fires
    if checks and ip[P.I_CHECK_INVARIANTS] == 1:
        rec[R.C_INVARIANT_VIOLATIONS] |= check_invariants(g.ch, g.it, g.st, ip)
        rec[R.C_INVARIANT_VIOLATIONS] |= check_spent_ap(g.ch)
    return check_end(g.ch, g.st, g.events, ip, rec, True)


@compiled(inline=True)
def new_game(g, ip, fp, seed, game, rec):
    """Set up game `game` of `seed` in the arrays of g and clear its record."""
    setup_game(g.ch, g.it, g.st, g.rng, g.order, g.memory, ip, fp, seed, game)
    rec[:] = 0
    rec[R.C_GAME] = game


@compiled(inline=True)
def end_game(g, rec, over):
    """Write the record; a game still running at the turn cap is a time-out (GAP-10)."""
    if not over:
        g.st[ST_WINNER] = codes.NOBODY
        g.st[ST_REASON] = codes.R_TIMEOUT
    finish_record(g.ch, g.st, rec)
    rec[R.C_CLAIMS_BELIEVED] = g.memory[:, MEM_CLAIMS_BELIEVED].sum()


@compiled(inline=True)
def play_game(g, rules, policies, seed, game, rec, dispatch, checks):
    """Play game `game` of `seed` to its end with the arrays of g, writing its record into rec.
    rules = (ip, fp, room_block, adjacent, next_hop), the packed config (balance.config.Packed);
    policies = (human policy id, its knobs, Thing policy id, its knobs). Both are unpacked once
    per game: the turn loop passes plain arrays. `dispatch` and `checks` are the entry point's
    choice of policies and of invariant checks (balance.play)."""
    ip, fp, room_block, adjacent, next_hop = rules
    h_id, h_knobs, t_id, t_knobs = policies
    new_game(g, ip, fp, seed, game, rec)
    over = False
    for t in range(1, ip[P.I_MAX_TURNS] + 1):
        over = begin_turn(g, ip, room_block, rec, t, checks)
        if over:
            break
        declare_by_policies(
            g, ip, room_block, adjacent, next_hop, h_id, h_knobs, t_id, t_knobs, dispatch
        )
        if rec[R.C_THING_EXPOSED_TURN] == 0:
            note_exposure(g, rec)
        over = finish_turn(g, ip, fp, room_block, rec, checks)
        if over:
            break
    end_game(g, rec, over)

"""Infection beyond the clock, corpses, dogs and the Thing eating (kernel.contagion): INF-8 with
GAP-35 (first aid), SALIVA-1..3 with GAP-37 and UNC-2, ACT-BURN-CORPSE with GAP-60, THING-P-3,
LIGHT-6, TEMP-6, GAP-46, ITEM-CANISTER, ITEM-FLAMETHROWER-5, GAP-44, WIN-3 with GAP-8,
LOC-FREEZER-4 with GAP-13 and GAP-50, LOC-KENNEL-1/2 with GAP-53.

Each test plays scripted turns and checks the declaration kept or refused, the effect on the
state, and what the actor, the target and a witness perceived in light and in the dark
(Scenario.perceived: (actor, event kind, target, a, b) rows, U where one could not tell)."""

import numpy as np
import pytest

from balance import codes
from balance import records as R
from balance.kernel import state as S
from balance.observation import (
    O_BODIES_BURNABLE,
    O_DOGS_ALIVE,
    O_DOGS_BURNED,
    O_DOGS_DEAD,
    O_LIGHTING,
    O_POISONED,
    O_SHOTS_HEARD,
    UNSEEN as U,
)
from balance.catalogue.events import EVENTS
from balance.replay import SENTENCES
from harness import Scenario, lit

THING, HUMAN, WITNESS = 0, 1, 2
HALF = codes.FUEL_UNITS // 2  # corpse.burn_fuel = "1/2"


def room(r: int, dark: bool = False, sets: tuple[str, ...] = ()) -> Scenario:
    """Everyone human and in the Tower, the generators never running dry; character 0 an
    original Thing; 0, 1 and 2 in room r, lit, or dark with its block's generator broken."""
    sc = lit(sets=sets)
    sc.make_thing(THING)
    for c in (THING, HUMAN, WITNESS):
        sc.put(c, r)
    if dark:
        sc.st[S.ST_GEN_BROKEN + sc.pk.room_block[r]] = 1
    return sc


def kill(sc: Scenario, c: int) -> None:
    """c dies of an attack where he stands (as health.die leaves him)."""
    sc.ch[c, S.CH_ALIVE] = 0
    sc.ch[c, S.CH_HP] = 0
    sc.ch[c, S.CH_DEATH_CAUSE] = codes.DC_ATTACK


def paralyse(sc: Scenario, c: int, until: int) -> None:
    """THING-P-3: Thing c at 0 HP, paralysed up to turn `until`."""
    sc.ch[c, S.CH_HP] = 0
    sc.ch[c, S.CH_PARALYSED_UNTIL] = until


def stash(sc: Scenario, c: int, kind: int, slot: int = 0) -> int:
    """Put an item of `kind` into c's backpack slot."""
    i = sc.give(c, kind, hand=1)
    sc.ch[c, S.CH_HAND + 1] = -1
    sc.ch[c, S.CH_BACKPACK + slot] = i
    sc.it[i, S.IT_PLACE] = codes.IN_BACKPACK
    return i


def card_of(sc: Scenario, c: int) -> int:
    return sc.it.shape[0] - sc.ch.shape[0] + c  # items.stock_items: the ID cards come last


# --- INF-8, GAP-35: first aid ---


def bandage(target: int, infect: bool = False, hand: int = 0) -> tuple[int, int, int]:
    return (codes.A_BANDAGE, target, hand | (codes.BANDAGE_INFECT if infect else 0))


def test_INF_8_GAP_35_ACT_BANDAGE_a_thing_bandaging_may_infect_secretly_without_cooldown():
    """INF-8, GAP-35: a Thing bandaging another who accepts first aid infects him if it sets the
    BANDAGE_INFECT bit, as INF-2 (a 2..8-turn blackout) and with no INF-6 cooldown; without the
    bit it does not. Everyone in the lit room sees the bandage; nobody, the patient included,
    perceives the infection (INF-1)."""
    sc = room(codes.LIVING_QUARTERS)
    sc.give(THING, codes.BANDAGE)
    ready = int(sc.ch[THING, S.CH_INFECT_READY])
    sc.step({THING: [bandage(HUMAN, infect=True)], HUMAN: [(codes.A_FIRSTAID, THING, 0)]})
    assert sc.kept(THING) == [bandage(HUMAN, infect=True)]  # 2 AP, as any bandage
    assert sc.ch[HUMAN, S.CH_INFECTED] == 1 and sc.ch[HUMAN, S.CH_FORM] == codes.HUMAN
    assert 1 + 2 <= sc.ch[HUMAN, S.CH_BLACKOUT_TURN] <= 1 + 8
    assert sc.ch[THING, S.CH_INFECT_READY] == ready  # GAP-35: no cooldown
    assert sc.rec[R.C_INFECTIONS] == 1 and sc.rec[R.C_INFECTION_ATTEMPTS] == 0
    infection = sc.events(codes.E_FIRST_AID_INFECTION)
    assert infection[:, 2:5].tolist() == [[THING, HUMAN, 0]]
    healed = int(sc.events(codes.E_BANDAGE)[0, 4])
    seen = (THING, codes.E_BANDAGE, HUMAN, healed, 0)
    assert sc.perceived(WITNESS) == [seen] and sc.perceived(HUMAN) == [seen]
    assert (THING, codes.E_FIRST_AID_INFECTION, HUMAN, 0, int(infection[0, 5])) in sc.perceived(
        THING
    )
    # without the bit, no infection
    sc.give(THING, codes.BANDAGE)
    sc.step({THING: [bandage(WITNESS)], WITNESS: [(codes.A_FIRSTAID, THING, 0)]})
    assert sc.ch[WITNESS, S.CH_INFECTED] == 0
    assert len(sc.events(codes.E_FIRST_AID_INFECTION)) == 1
    assert sc.violations == 0


def test_INF_8_GAP_35_ACT_FIRSTAID_a_thing_receiving_first_aid_infects_the_healer():
    """INF-8, GAP-35, ACT-FIRSTAID: a human bandaging a Thing that declared first aid is
    infected, always, whether the bandage heals or not; nobody perceives it. A human patient
    infects nobody, and a Thing's bandage that was not accepted reaches nobody."""
    outcomes = set()
    for seed in range(1, 13):
        sc = Scenario(12, ("generator.burn_per_turn=0",), seed=seed).all_human()
        sc.park_everyone(codes.TOWER).make_thing(THING)
        for c in (THING, HUMAN, WITNESS):
            sc.put(c, codes.LIVING_QUARTERS)
        sc.give(HUMAN, codes.BANDAGE)
        sc.step({HUMAN: [bandage(THING)], THING: [(codes.A_FIRSTAID, HUMAN, 0)]})
        assert sc.ch[HUMAN, S.CH_INFECTED] == 1
        assert sc.events(codes.E_FIRST_AID_INFECTION)[:, 2:5].tolist() == [[THING, HUMAN, 0]]
        healed = int(sc.events(codes.E_BANDAGE)[0, 4])
        assert sc.perceived(WITNESS) == [(HUMAN, codes.E_BANDAGE, THING, healed, 0)]
        assert sc.perceived(HUMAN) == [(HUMAN, codes.E_BANDAGE, THING, healed, 0)]
        outcomes.add(healed)
    assert outcomes == {0, 1} and sc.violations == 0
    # GAP-38: a convert receiving first aid infects his healer without knowing it: the event has
    # no actor, so the convert perceives nothing of it
    sc = room(codes.LIVING_QUARTERS)
    sc.ch[THING, S.CH_ORIGINAL] = 0
    sc.give(HUMAN, codes.BANDAGE)
    sc.step({HUMAN: [bandage(THING)], THING: [(codes.A_FIRSTAID, HUMAN, 0)]})
    assert sc.ch[HUMAN, S.CH_INFECTED] == 1
    assert sc.events(codes.E_FIRST_AID_INFECTION)[:, 2:4].tolist() == [[-1, HUMAN]]
    healed = int(sc.events(codes.E_BANDAGE)[0, 4])
    assert sc.perceived(THING) == [(HUMAN, codes.E_BANDAGE, THING, healed, 0)]
    sc = room(codes.LIVING_QUARTERS)
    sc.put(3, codes.LIVING_QUARTERS)
    sc.give(WITNESS, codes.BANDAGE)
    sc.give(THING, codes.BANDAGE)
    sc.step(
        {
            WITNESS: [bandage(HUMAN)],
            HUMAN: [(codes.A_FIRSTAID, WITNESS, 0)],
            THING: [bandage(3, infect=True)],  # character 3 did not accept
        }
    )
    assert sc.kept(THING) == [bandage(3, infect=True)]
    assert sc.ch[:, S.CH_INFECTED].sum() == 0
    assert len(sc.events(codes.E_FIRST_AID_INFECTION)) == 0


def test_GAP_35_variant_first_aid_starts_the_cooldown():
    """GAP-35 variant (first_aid.infection_cooldown = true): the infection through first aid
    counts as a use of Infection: INF-6's cooldown starts (used on 1, usable on 5)."""
    sc = room(codes.LIVING_QUARTERS, sets=("first_aid.infection_cooldown=true",))
    sc.give(THING, codes.BANDAGE)
    sc.step({THING: [bandage(HUMAN, infect=True)], HUMAN: [(codes.A_FIRSTAID, THING, 0)]})
    assert sc.ch[HUMAN, S.CH_INFECTED] == 1 and sc.ch[THING, S.CH_INFECT_READY] == 5


def first_aid_trial(game: int, twice: bool) -> bool:
    """A Thing infects a human through its bandage on turn 1 (and, if `twice`, again on turn 2,
    while he is still infected: INF-7); the blackout is on turn 3 (delay 2, set by the config).
    Returns whether he woke as a Thing."""
    sc = Scenario(
        12,
        ("generator.burn_per_turn=0", "infection.delay_min=2", "infection.delay_max=2"),
        seed=11,
        game=game,
    ).all_human()
    sc.park_everyone(codes.TOWER).make_thing(THING)
    sc.put(THING, codes.LIVING_QUARTERS).put(HUMAN, codes.LIVING_QUARTERS)
    accept = {HUMAN: [(codes.A_FIRSTAID, THING, 0)]}
    for turn in (1, 2) if twice else (1,):
        sc.give(THING, codes.BANDAGE)
        sc.step({THING: [bandage(HUMAN, infect=True)], **accept})
    sc.run(3 - sc.turn)
    assert sc.ch[HUMAN, S.CH_INFECTED] == 0 and sc.events(codes.E_WAKE)[0, 0] == 3
    return bool(sc.ch[HUMAN, S.CH_FORM] == codes.THING_HIDDEN)


@pytest.mark.slow
def test_INF_8_GAP_35_first_aid_infection_converts_as_INF_3_and_INF_7():
    """INF-8, GAP-35: both follow INF-2/3/7 exactly: conversion 50% (400 seeded trials, within
    3.29 standard errors: 200 +- 33), and certain when re-infected while infected (60 trials)."""
    n = 400
    converted = sum(first_aid_trial(game, twice=False) for game in range(n))
    assert abs(converted - n / 2) <= 3.29 * np.sqrt(n * 0.25)
    assert all(first_aid_trial(game, twice=True) for game in range(60))


# --- SALIVA-1..3, GAP-37, UNC-2 ---


def saliva(slots: int, delay: int) -> tuple[int, int, int]:
    return (codes.A_SALIVA, slots, delay)


def test_SALIVA_1_GAP_37_poisoning_is_free_secret_and_in_any_lighting():
    """SALIVA-1, GAP-37: 0 AP, no cooldown, secret, in the dark as in light; the hidden Thing
    poisons the items of the slots it names (hands, backpack, worn parka) with the delay it
    chooses (2..8); only it knows (O_POISONED). A human cannot; a delay outside 2..8 is refused."""
    for dark in (False, True):
        sc = room(codes.WAREHOUSE, dark=dark)
        sc.wear_parka(THING)  # first: Scenario.wear_parka passes the parka through hand 0
        parka = int(sc.ch[THING, S.CH_WORN])
        axe = sc.give(THING, codes.AXE)
        pack = stash(sc, THING, codes.SCRAP, slot=1)
        slots = 1 | 1 << (codes.SALIVA_BACKPACK + 1) | 1 << codes.SALIVA_WORN
        sc.give(HUMAN, codes.AXE)
        ap = [(codes.A_PICKUP, codes.RADIO, 0)] * 3  # 3 AP spent (nothing to pick up)
        sc.step(
            {
                THING: [saliva(slots, 3), saliva(2, 9), *ap, saliva(1, 5)],
                HUMAN: [saliva(1, 3)],
            }
        )
        assert sc.kept(THING) == [saliva(slots, 3), *ap, saliva(1, 5)]
        assert sc.kept(HUMAN) == []
        assert sc.it[[axe, pack, parka], S.IT_SALIVA].tolist() == [5, 3, 3]  # the later delay
        assert sc.observe(THING)[O_POISONED] == slots
        assert sc.observe(HUMAN)[O_POISONED] == U
        assert sc.perceived(THING)[:1] == [(THING, codes.E_SALIVA, -1, slots, 3)]
        assert all(row[1] != codes.E_SALIVA for row in sc.perceived(WITNESS))
        sc.step({THING: [saliva(1, 1), saliva(0, 3), saliva(1 << codes.SALIVA_SLOTS, 3)]})
        assert sc.kept(THING) == []
        assert sc.violations == 0


def test_SALIVA_2_UNC_2_GAP_37_GAP_56_the_holder_is_out_one_turn_after_the_delay():
    """SALIVA-2, GAP-37, UNC-2: a human ending turn 1 with the poisoned axe in hand (given to him
    in step 5, after the poisoning in step 1) takes the poison: the axe is clean again and he is
    unconscious for the whole of turn 1 + 3 (cause saliva), his hand items dropped and back on
    waking in step 11, still human, not infected, no conversion. He feels nothing of it; a
    witness in light sees him fall unconscious, not why. The clean axe then harms nobody."""
    sc = room(codes.LIVING_QUARTERS)
    axe = sc.give(THING, codes.AXE)
    sc.step(
        {
            THING: [saliva(1, 3), (codes.A_GIVE, HUMAN, 0)],
            HUMAN: [(codes.A_RECEIVE, THING, codes.AXE)],
        }
    )
    assert sc.ch[HUMAN, S.CH_HAND] == axe and sc.it[axe, S.IT_SALIVA] == 0
    assert sc.ch[HUMAN, S.CH_SALIVA_TURN] == 4
    assert sc.events(codes.E_SALIVA_CONTACT)[:, 1:6].tolist() == [
        [codes.E_SALIVA_CONTACT, -1, HUMAN, codes.AXE, 4]
    ]
    assert all(row[1] != codes.E_SALIVA_CONTACT for row in sc.perceived(HUMAN))
    assert (THING, codes.E_GIVE, HUMAN, codes.AXE, 0) in sc.perceived(WITNESS)
    sc.run(2)
    assert sc.ch[HUMAN, S.CH_UNCONSCIOUS] == 0
    sc.step({HUMAN: [(codes.A_MOVE, codes.FREEZER, 0)]})  # turn 4: out, declares nothing
    assert sc.ch[HUMAN, S.CH_ROOM] == codes.LIVING_QUARTERS
    unc = sc.events(codes.E_UNCONSCIOUS)
    assert unc[:, [0, 2, 4]].tolist() == [[4, HUMAN, codes.UNC_SALIVA]]
    assert sc.events(codes.E_WAKE)[:, [0, 2, 4]].tolist() == [[4, HUMAN, 0]]
    assert sc.ch[HUMAN, S.CH_HAND] == axe  # back in hand (UNC-1, GAP-56)
    assert sc.ch[HUMAN, S.CH_FORM] == codes.HUMAN and sc.ch[HUMAN, S.CH_INFECTED] == 0
    assert sc.rec[R.C_INFECTIONS] == 0 and sc.rec[R.C_CONVERSIONS] == 0
    # seen by the witness, who learns nothing of its cause (codes.EVENT_SIGHT: DETAILS_PRIVATE)
    seers = int(sc.g.events[sc.g.events[:, S.EV_KIND] == codes.E_UNCONSCIOUS][0, S.EV_SEERS])
    assert seers >> WITNESS & 1 == 1
    assert codes.EVENT_SIGHT[codes.E_UNCONSCIOUS] & codes.DETAILS_PRIVATE
    sc.run(6)
    assert len(sc.events(codes.E_UNCONSCIOUS)) == 1 and sc.violations == 0


def test_SALIVA_2_only_a_hand_counts_and_the_first_holder_takes_it():
    """SALIVA-2 ("with this item in his hands"): a poisoned item in a human's backpack does
    nothing; taken into a hand, it acts at the end of that turn, once: handed on to another
    human afterwards, it is clean."""
    sc = room(codes.LIVING_QUARTERS)
    axe = sc.give(THING, codes.AXE)
    sc.step({THING: [saliva(1, 2), (codes.A_DROP, 0, 0)]})
    sc.step({HUMAN: [(codes.A_PICKUP, codes.AXE, 1)]})  # into the backpack
    assert sc.it[axe, S.IT_PLACE] == codes.IN_BACKPACK and sc.it[axe, S.IT_SALIVA] == 2
    assert sc.ch[HUMAN, S.CH_SALIVA_TURN] == 0
    sc.step({HUMAN: [(codes.A_BACKPACK, 0, 0)]})  # turn 3: into the hand
    assert sc.ch[HUMAN, S.CH_SALIVA_TURN] == 5 and sc.it[axe, S.IT_SALIVA] == 0
    sc.step(
        {
            HUMAN: [(codes.A_GIVE, WITNESS, 0)],
            WITNESS: [(codes.A_RECEIVE, HUMAN, codes.AXE)],
        }
    )
    assert sc.ch[WITNESS, S.CH_HAND] == axe and sc.ch[WITNESS, S.CH_SALIVA_TURN] == 0
    assert sc.violations == 0


def test_SALIVA_3_an_infection_meanwhile_cancels_and_the_infected_take_nothing():
    """SALIVA-3: the blackout comes only if the human is not infected in the meantime: infected
    (INF-1, in the dark) after taking the poison, he is not out on the saliva's turn. An infected
    human holding a poisoned item takes nothing; it stays poisoned for the next holder."""
    sc = room(codes.LIVING_QUARTERS, dark=True, sets=("infection.delay_min=8",))
    axe = sc.give(THING, codes.AXE)
    sc.step(
        {
            THING: [saliva(1, 2), (codes.A_GIVE, HUMAN, 0)],
            HUMAN: [(codes.A_RECEIVE, THING, codes.AXE)],
        }
    )
    assert sc.ch[HUMAN, S.CH_SALIVA_TURN] == 3
    sc.step({THING: [(codes.A_INFECT, HUMAN, 0)]})  # turn 2: blackout on turn 10
    assert sc.ch[HUMAN, S.CH_INFECTED] == 1 and sc.ch[HUMAN, S.CH_SALIVA_TURN] == 0
    sc.step()
    assert sc.ch[HUMAN, S.CH_UNCONSCIOUS] == 0 and len(sc.events(codes.E_UNCONSCIOUS)) == 0
    bar = sc.give(THING, codes.SCRAP)
    sc.step(
        {
            THING: [saliva(1, 2), (codes.A_GIVE, HUMAN, 0)],
            HUMAN: [(codes.A_DROP, 0, 0), (codes.A_RECEIVE, THING, codes.SCRAP)],
        }
    )
    assert sc.ch[HUMAN, S.CH_HAND] == bar
    assert sc.it[bar, S.IT_SALIVA] == 2 and sc.ch[HUMAN, S.CH_SALIVA_TURN] == 0
    assert sc.it[axe, S.IT_SALIVA] == 0
    assert sc.violations == 0


# --- ACT-BURN-CORPSE, GAP-60, THING-P-3, LIGHT-6, TEMP-6, GAP-46 ---


def burn(body: int, hand: int = 0) -> tuple[int, int, int]:
    return (codes.A_BURN_CORPSE, body, hand)


def test_ACT_BURN_CORPSE_GAP_60_ITEM_CANISTER_a_human_corpse_burns_with_its_items():
    """ACT-BURN-CORPSE, GAP-60, ITEM-CANISTER (2 AP, step 6): half a canister from the canister
    in hand burns a body with its backpack, parka and ID card, and nothing else happens to it;
    it is then gone (no second burning, no longer burnable). Less than half a canister will not
    do (GAP-18): the declaration stands (the fuel may come in step 5), the burning fails. In
    light the witness sees who burned whom; in the dark he notices the fire and who lit it (its
    light shows him), not whose body."""
    for dark in (False, True):
        sc = room(codes.LIVING_QUARTERS, dark=dark)
        kill(sc, THING)  # a body: here, a Thing's dead for good would burn alike
        sc.wear_parka(THING)
        parka = int(sc.ch[THING, S.CH_WORN])
        pack = stash(sc, THING, codes.SCRAP)
        can = sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
        low = sc.give(WITNESS, codes.CANISTER, fuel=HALF - 1)
        assert sc.observe(WITNESS)[O_BODIES_BURNABLE] == 1 << THING
        sc.step({HUMAN: [burn(THING), burn(THING)], WITNESS: [burn(THING)]})
        assert sc.kept(HUMAN) == [burn(THING)]  # 2 AP: one burning a turn
        assert sc.kept(WITNESS) == [burn(THING)]  # too little fuel: it fails in step 6
        assert sc.it[can, S.IT_FUEL] == HALF and sc.it[low, S.IT_FUEL] == HALF - 1
        gone = sc.it[[pack, parka, card_of(sc, THING)], S.IT_PLACE].tolist()
        assert gone == [codes.DESTROYED] * 3
        assert sc.ch[THING, S.CH_BURNED] == 1 and sc.ch[THING, S.CH_DEATH_CAUSE] == codes.DC_ATTACK
        assert sc.rec[R.C_DEATHS_FIRE] == 0
        full = (HUMAN, codes.E_BURN, THING, -1, codes.CANISTER)
        seen = (HUMAN, codes.E_BURN, U, U, U) if dark else full
        assert sc.perceived(HUMAN) == [full] and sc.perceived(WITNESS) == [seen]
        assert sc.observe(WITNESS)[O_BODIES_BURNABLE] == 0
        sc.step({HUMAN: [burn(THING)]})
        assert len(sc.events(codes.E_BURN)) == 1 and sc.it[can, S.IT_FUEL] == HALF
        assert sc.violations == 0


def test_ACT_BURN_CORPSE_INV_6_RES_ORDER_the_fuel_and_the_body_may_come_in_the_same_turn():
    """INV-6: «можно достать предмет из рюкзака и использовать его в тот же ход, только если это
    не оружие»: a canister taken out of the backpack (step 5) burns a body in step 6 of the same
    turn. RES-ORDER: a body made by a shot in step 2 burns in step 6 of that turn; a paralysed
    Thing so burned dies for good. The declarations are checked at their steps, not before."""
    sc = room(codes.LIVING_QUARTERS)
    kill(sc, WITNESS)
    can = stash(sc, HUMAN, codes.CANISTER)
    sc.it[can, S.IT_FUEL] = codes.FUEL_UNITS
    sc.step({HUMAN: [(codes.A_BACKPACK, 0, 0), burn(WITNESS, 0)]})
    assert sc.ch[WITNESS, S.CH_BURNED] == 1 and sc.it[can, S.IT_FUEL] == HALF
    sc = room(codes.LIVING_QUARTERS)
    sc.ch[THING, S.CH_HP] = 1
    sc.ch[THING, S.CH_UNCONSCIOUS] = 1  # HP-4: a helpless target is hit for certain
    sc.give(HUMAN, codes.PISTOL)
    sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS, hand=1)
    sc.step({HUMAN: [(codes.A_SHOOT, THING, 0), burn(THING, 1)]})
    assert sc.ch[THING, S.CH_ALIVE] == 0 and sc.ch[THING, S.CH_DEATH_CAUSE] == codes.DC_FIRE
    assert sc.over and sc.st[S.ST_REASON] == codes.R_THINGS_DEAD
    assert sc.violations == 0


def test_ITEM_FLAMETHROWER_5_its_tank_burns_a_corpse():
    """ITEM-FLAMETHROWER-5: the tank works like a canister: half of a full tank burns a body."""
    sc = room(codes.LIVING_QUARTERS)
    kill(sc, WITNESS)
    tank = sc.give(HUMAN, codes.FLAMETHROWER, fuel=codes.FUEL_UNITS)
    sc.step({HUMAN: [burn(WITNESS)]})
    assert sc.it[tank, S.IT_FUEL] == HALF and sc.ch[WITNESS, S.CH_BURNED] == 1
    assert sc.events(codes.E_BURN)[:, 5].tolist() == [codes.FLAMETHROWER]


def test_LIGHT_6_TEMP_6_GAP_46_a_fire_lights_and_warms_its_room_the_next_turn():
    """LIGHT-6, GAP-22: on the turn after the burning a dark room counts as Flashlight, and only
    that turn; TEMP-6, GAP-46: at the update after the burning it gains 10 once (0, less 5 for the
    broken generator, plus 10 = 5), capped at the room's ceiling: the powered Freezer stays at
    -5. A lit room stays lit."""
    sc = room(codes.LIVING_QUARTERS, dark=True)
    kill(sc, WITNESS)
    sc.st[S.ST_TEMPERATURE + codes.LIVING_QUARTERS] = 0
    sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
    sc.step({HUMAN: [burn(WITNESS)]})
    assert sc.st[S.ST_TEMPERATURE + codes.LIVING_QUARTERS] == 5
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.FLASHLIGHT
    assert sc.observe(HUMAN)[O_LIGHTING] == codes.FLASHLIGHT
    assert sc.st[S.ST_TEMPERATURE + codes.LIVING_QUARTERS] == 0  # no second warming
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.LIVING_QUARTERS] == codes.DARK
    sc = room(codes.FREEZER)
    kill(sc, WITNESS)
    sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
    sc.step({HUMAN: [burn(WITNESS)]})
    assert sc.st[S.ST_TEMPERATURE + codes.FREEZER] == -5
    sc.step()
    assert sc.st[S.ST_LIGHTING + codes.FREEZER] == codes.LIGHT
    assert sc.violations == 0


def test_THING_P_3_GAP_60_WIN_3_burning_a_paralysed_thing_kills_it_for_good():
    """THING-P-3, GAP-60: a paralysed Thing (it looks dead) burned dies for good, with its hand
    items, cause fire; everyone sees the death, in the dark too (E_DEATH, LIGHT-2). WIN-3, GAP-8:
    the last Thing dead for good, no human infected and food on the shelves: the humans win."""
    for dark in (False, True):
        sc = room(codes.LIVING_QUARTERS, dark=dark)
        paralyse(sc, THING, until=2)
        axe = sc.give(THING, codes.AXE)
        sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
        sc.step({HUMAN: [burn(THING)]})
        assert sc.ch[THING, S.CH_ALIVE] == 0 and sc.ch[THING, S.CH_DEATH_CAUSE] == codes.DC_FIRE
        assert sc.ch[THING, S.CH_PARALYSED_UNTIL] == 0
        assert sc.it[axe, S.IT_PLACE] == codes.DESTROYED
        assert sc.rec[R.C_DEATHS_FIRE] == 1
        assert (THING, codes.E_DEATH, -1, U if dark else codes.DC_FIRE, U if dark else 0) in (
            sc.perceived(WITNESS)
        )
        assert sc.over and sc.ended_turn == 1
        assert sc.st[S.ST_WINNER] == codes.HUMANS and sc.st[S.ST_REASON] == codes.R_THINGS_DEAD
        sc.run(4)
        assert sc.ch[THING, S.CH_ALIVE] == 0 and len(sc.events(codes.E_REVIVE)) == 0
        assert sc.violations == 0


def test_WIN_3_GAP_8_a_paralysed_thing_counts_alive_and_revives_unburned():
    """GAP-8, THING-P-3: a paralysed Thing still counts as alive: no win while it lies there
    unburned, and it revives after its 2 turns."""
    sc = room(codes.LIVING_QUARTERS)
    paralyse(sc, THING, until=2)
    sc.run(3)
    assert not sc.over
    assert sc.ch[THING, S.CH_HP] == 1 and sc.events(codes.E_REVIVE)[:, 0].tolist() == [3]


def test_GAP_44_a_thing_killed_by_the_flamethrower_does_not_return():
    """GAP-44, ITEM-FLAMETHROWER-4: a Thing brought to 0 HP by the flamethrower is dead for good
    (no paralysis, no revival, no body left to burn); WIN-3: the humans win."""
    sc = room(codes.LIVING_QUARTERS, sets=("flamethrower.parka_chance=1.0",))
    sc.wear_parka(THING)
    sc.ch[THING, S.CH_HP] = 1
    sc.give(HUMAN, codes.FLAMETHROWER, fuel=codes.FUEL_UNITS)
    sc.step({HUMAN: [(codes.A_MELEE, THING, 0)]})
    assert sc.ch[THING, S.CH_ALIVE] == 0 and sc.ch[THING, S.CH_DEATH_CAUSE] == codes.DC_FIRE
    assert sc.ch[THING, S.CH_PARALYSED_UNTIL] == 0
    assert sc.st[S.ST_REASON] == codes.R_THINGS_DEAD
    assert sc.observe(HUMAN)[O_BODIES_BURNABLE] == 0
    sc.step({HUMAN: [burn(THING)]})
    assert len(sc.events(codes.E_BURN)) == 0  # nothing left to burn
    sc.run(4)
    assert sc.ch[THING, S.CH_ALIVE] == 0 and len(sc.events(codes.E_REVIVE)) == 0
    assert sc.violations == 0


# --- LOC-FREEZER-4, GAP-13, GAP-50, GAP-8 ---

EAT = (codes.A_EAT_STOCK, 0, 0)


def test_LOC_FREEZER_4_GAP_13_GAP_50_a_hidden_thing_eats_boxes_off_the_shelves():
    """LOC-FREEZER-4, GAP-13 (1 AP, once a turn: a lone star, AP-3), GAP-50 (hidden form, step
    5): each eating takes a box off the live stock for good, one a turn. In light the witness sees
    the Thing eat, not how many are left; in the dark he notices nothing. A human, a Thing
    elsewhere and an active Thing cannot."""
    for dark in (False, True):
        sc = room(codes.FREEZER, dark=dark)
        sc.step({THING: [EAT] * 3, HUMAN: [EAT]})
        assert sc.kept(THING) == [EAT] and sc.kept(HUMAN) == []
        assert sc.st[S.ST_FOOD_STOCK] == 9
        sc.step({THING: [EAT]})
        assert sc.kept(THING) == [EAT] and sc.st[S.ST_FOOD_STOCK] == 8
        boxes = sc.it[sc.it[:, S.IT_KIND] == codes.FOOD_BOX]
        assert (boxes[:, S.IT_PLACE] == codes.DESTROYED).sum() == 2
        ate = (THING, codes.E_EAT_STOCK, -1, U, U)
        assert sc.perceived(THING) == [ate]
        assert sc.perceived(WITNESS) == ([] if dark else [ate])
        assert sc.violations == 0
    sc.put(THING, codes.KENNEL)
    sc.step({THING: [EAT]})
    sc.put(THING, codes.FREEZER)
    sc.ch[THING, S.CH_FORM] = codes.THING_ACTIVE
    sc.step({THING: [EAT]})
    assert sc.kept(THING) == [] and sc.st[S.ST_FOOD_STOCK] == 8


def test_GAP_8_WIN_3_once_the_thing_has_eaten_the_last_box_humans_cannot_win_by_killing():
    """GAP-8, WIN-3, LOC-FREEZER-2: the Thing eats the last box; burned for good afterwards, it
    leaves no elimination win (the stock is 0), and the game goes on."""
    sc = room(codes.FREEZER, sets=("freezer.food_boxes=1",))
    sc.step({THING: [EAT, EAT]})
    assert sc.st[S.ST_FOOD_STOCK] == 0 and len(sc.events(codes.E_EAT_STOCK)) == 1
    paralyse(sc, THING, until=3)
    sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
    sc.step({HUMAN: [burn(THING)]})
    assert sc.ch[THING, S.CH_ALIVE] == 0 and not sc.over
    assert sc.violations == 0


def test_GAP_38_INF_1_SALIVA_1_INF_8_LOC_FREEZER_4_an_unaware_convert_has_no_active_ability():
    """GAP-38: a convert gets "no active abilities": in the dark Freezer, where an original may
    infect a human, spit on its items and eat a box, a hidden convert's infection, saliva and
    meal are refused as a human's are (INF-3: nothing he tries tells him what he is), and his
    bandage's BANDAGE_INFECT bit is ignored as a human's is: the patient is bandaged, not
    infected. Receiving first aid he still infects his healer (a test above): his body's doing."""
    declared = [(codes.A_INFECT, HUMAN, 0), saliva(1, 3), EAT]
    for original in (1, 0):
        sc = room(codes.FREEZER, dark=True)
        sc.ch[THING, S.CH_ORIGINAL] = original
        sc.give(THING, codes.AXE)
        sc.step({THING: declared, WITNESS: declared})
        assert sc.kept(WITNESS) == []
        assert sc.kept(THING) == (declared if original else [])
        assert sc.ch[HUMAN, S.CH_INFECTED] == original
        assert sc.st[S.ST_FOOD_STOCK] == 10 - original
        assert int(sc.it[sc.ch[THING, S.CH_HAND], S.IT_SALIVA]) == 3 * original
        sc = room(codes.LIVING_QUARTERS)
        sc.ch[THING, S.CH_ORIGINAL] = original
        sc.give(THING, codes.BANDAGE)
        sc.step({THING: [bandage(HUMAN, infect=True)], HUMAN: [(codes.A_FIRSTAID, THING, 0)]})
        assert sc.kept(THING) == [bandage(HUMAN, infect=True)]
        assert len(sc.events(codes.E_BANDAGE)) == 1
        assert sc.ch[HUMAN, S.CH_INFECTED] == original
        assert len(sc.events(codes.E_FIRST_AID_INFECTION)) == original
        assert sc.violations == 0


# --- LOC-KENNEL-1/2, GAP-53 ---


def test_LOC_KENNEL_1_two_dogs_alive_at_the_start_seen_in_the_kennel():
    """LOC-KENNEL-1: two dogs alive at the start (kennel.dogs); they are seen in the Kennel when
    one sees, not in the dark nor elsewhere."""
    sc = room(codes.KENNEL)
    assert sc.st[S.ST_DOG_ALIVE : S.ST_DOG_ALIVE + 2].tolist() == [1, 1]
    assert sc.st[S.ST_DOG_BURNED : S.ST_DOG_BURNED + 2].tolist() == [0, 0]
    o = sc.observe(HUMAN)
    assert o[O_DOGS_ALIVE] == 3 and o[O_DOGS_DEAD] == 0 and o[O_DOGS_BURNED] == 0
    sc.put(WITNESS, codes.FREEZER)
    assert sc.observe(WITNESS)[O_DOGS_ALIVE] == U
    sc = room(codes.KENNEL, dark=True)
    sc.step()
    assert sc.observe(HUMAN)[O_DOGS_ALIVE] == U and sc.observe(THING)[O_DOGS_ALIVE] == 3
    one = Scenario(12, ("kennel.dogs=1",))
    assert one.st[S.ST_DOG_ALIVE : S.ST_DOG_ALIVE + 2].tolist() == [1, 0]


def test_LOC_KENNEL_2_GAP_53_killing_a_dog_needs_any_weapon_and_is_certain():
    """LOC-KENNEL-2, GAP-53 (1 AP, step 3): any weapon in hand kills a living dog, always; with no
    weapon, or a dead dog, it is refused. Seen in light (who, which dog, what weapon); in the
    dark its death is heard, not who did it. A pistol's shot is heard as any (INFO-1)."""
    for dark in (False, True):
        sc = room(codes.KENNEL, dark=dark)
        sc.give(HUMAN, codes.AXE)
        sc.give(WITNESS, codes.BANDAGE)
        sc.step({HUMAN: [(codes.A_KILL_DOG, 0, 0)], WITNESS: [(codes.A_KILL_DOG, 1, 0)]})
        assert sc.kept(HUMAN) == [(codes.A_KILL_DOG, 0, 0)] and sc.kept(WITNESS) == []
        assert sc.st[S.ST_DOG_ALIVE : S.ST_DOG_ALIVE + 2].tolist() == [0, 1]
        full = (HUMAN, codes.E_KILL_DOG, -1, 0, codes.AXE)
        assert sc.perceived(WITNESS) == [(U, codes.E_KILL_DOG, U, U, U) if dark else full]
        sc.step({HUMAN: [(codes.A_KILL_DOG, 0, 0)]})
        assert sc.kept(HUMAN) == []
        assert sc.violations == 0
    sc.give(THING, codes.PISTOL)
    sc.step({THING: [(codes.A_KILL_DOG, 1, 0)]})
    assert sc.st[S.ST_DOG_ALIVE + 1] == 0
    assert sc.observe(WITNESS)[O_SHOTS_HEARD] == 1


def test_LOC_KENNEL_2_GAP_53_burning_a_dead_dog_is_like_burning_a_corpse():
    """LOC-KENNEL-2, GAP-53 (2 AP, step 6): a dead dog, not a living one (it may be declared: it
    could be killed in step 3; the burning fails), burns with half a canister, once; like a
    corpse (ACT-BURN-CORPSE) its fire lights the dark Kennel next turn and warms it once
    (LIGHT-6, TEMP-6); it is seen like the burning of a body."""
    sc = room(codes.KENNEL, dark=True)
    sc.st[S.ST_DOG_ALIVE] = 0
    sc.st[S.ST_TEMPERATURE + codes.KENNEL] = 0
    can = sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS)
    assert sc.observe(THING)[O_DOGS_DEAD] == 1
    sc.step({HUMAN: [(codes.A_BURN_DOG, 0, 0)]})
    assert sc.st[S.ST_DOG_BURNED : S.ST_DOG_BURNED + 2].tolist() == [1, 0]
    assert sc.it[can, S.IT_FUEL] == HALF
    assert sc.st[S.ST_TEMPERATURE + codes.KENNEL] == 5
    assert sc.perceived(WITNESS) == [(HUMAN, codes.E_BURN, U, U, U)]
    assert sc.perceived(THING) == [(HUMAN, codes.E_BURN, -1, 0, codes.CANISTER)]  # Night vision
    sc.step({HUMAN: [(codes.A_BURN_DOG, 0, 0)]})
    assert sc.kept(HUMAN) == [] and sc.observe(THING)[O_DOGS_DEAD] == 0
    assert sc.st[S.ST_LIGHTING + codes.KENNEL] == codes.FLASHLIGHT
    assert sc.observe(HUMAN)[O_DOGS_BURNED] == 1  # seen by the fire's light
    sc.step()
    assert sc.observe(THING)[O_DOGS_BURNED] == 1 and sc.observe(HUMAN)[O_DOGS_BURNED] == U
    sc.step({HUMAN: [(codes.A_BURN_DOG, 1, 0)]})
    assert sc.kept(HUMAN) == [(codes.A_BURN_DOG, 1, 0)]  # it could have been killed in step 3
    assert sc.st[S.ST_DOG_BURNED + 1] == 0 and sc.it[can, S.IT_FUEL] == HALF
    assert sc.violations == 0


# --- the random policy and the replay ---


def test_random_policy_offers_the_contagion_actions():
    """policies.random_play offers saliva on each carried item, the infecting bandage and the
    eating to an original Thing; killing and burning dogs and burning bodies to anyone able."""
    sc = room(codes.FREEZER)
    sc.give(THING, codes.BANDAGE)
    sc.give(THING, codes.CANISTER, fuel=codes.FUEL_UNITS, hand=1)
    kill(sc, WITNESS)
    offered = sc.offered(THING)
    assert {(codes.A_SALIVA, 1, -1), (codes.A_SALIVA, 2, -1), (codes.A_EAT_STOCK, 0, 0)} <= offered
    assert (codes.A_BANDAGE, HUMAN, codes.BANDAGE_INFECT) in offered
    assert (codes.A_BURN_CORPSE, WITNESS, 1) in offered
    assert not any(a in (codes.A_SALIVA, codes.A_EAT_STOCK) for a, _, _ in sc.offered(HUMAN))
    sc = room(codes.KENNEL)
    sc.st[S.ST_DOG_ALIVE] = 0
    sc.give(HUMAN, codes.AXE)
    sc.give(HUMAN, codes.CANISTER, fuel=codes.FUEL_UNITS, hand=1)
    assert {(codes.A_KILL_DOG, 1, 0), (codes.A_BURN_DOG, 0, 1)} <= sc.offered(HUMAN)


@pytest.mark.parametrize(
    "row, sentence",
    [
        ((codes.E_SALIVA, 0, -1, 0b100001, 4), "secretly poisoned the items in hand_0, parka"),
        ((codes.E_SALIVA_CONTACT, -1, 3, codes.AXE, 7), "ended the turn holding a poisoned axe"),
        ((codes.E_FIRST_AID_INFECTION, 0, 2, 1, 6), "re-infected #2 through first aid"),
        ((codes.E_FIRST_AID_INFECTION, -1, 2, 0, 6), "#2 through first aid, as an unaware"),
        ((codes.E_BURN, 1, 4, -1, codes.CANISTER), "burned the body of #4 with fuel from a can"),
        ((codes.E_BURN, 1, -1, 1, codes.FLAMETHROWER), "burned dog 1 with fuel from a flame"),
        ((codes.E_KILL_DOG, 1, -1, 0, codes.PISTOL), "killed dog 0 with a pistol"),
        ((codes.E_EAT_STOCK, 0, -1, 3, 0), "ate a food box off the Freezer's shelves"),
    ],
)
def test_replay_decodes_and_tells_the_contagion_events(row, sentence):
    """balance.replay: each event kind of kernel.contagion has a decoder and a sentence."""
    kind, actor, target, a, b = row
    event = {
        "event": EVENTS[kind].name,
        "actor": actor if actor >= 0 else None,
        **EVENTS[kind].fields(target, a, b),
    }
    assert sentence in SENTENCES[event["event"]](event, lambda c: f"#{c}")


def test_SALIVA_2_GAP_37_config_keys_are_checked():
    """SALIVA-2: the delay range must be a range; the burning's fuel a fraction of a canister."""
    from balance.config import load_config
    from balance.errors import ConfigError

    with pytest.raises(ConfigError, match=r"^saliva\.delay_min"):
        load_config(12, ["saliva.delay_min=9"])
    with pytest.raises(ConfigError, match=r"^corpse\.burn_fuel"):
        load_config(12, ["corpse.burn_fuel=2"])
    assert load_config(12)["corpse.burn_fuel"] == HALF


def test_invariants_flag_a_broken_contagion_state():
    """balance.kernel.invariants, bit 1024: a saliva delay outside its range, a burned body alive
    or a dog both alive and burned is reported."""
    for corrupt in (
        lambda sc: sc.it.__setitem__((0, S.IT_SALIVA), 99),
        lambda sc: sc.ch.__setitem__((HUMAN, S.CH_BURNED), 1),
        lambda sc: sc.st.__setitem__(S.ST_DOG_BURNED, 1),
    ):
        sc = room(codes.KENNEL)
        corrupt(sc)
        sc.step()
        assert sc.violations & 1024

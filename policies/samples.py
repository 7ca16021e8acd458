"""Blood samples handed to a tester (knob `hand_samples` of the expert humans).

The testers (policies.expert_humans.blood_test_errand: those whose ID card opens the Laboratory
and who fuel no generator) compared only their own blood with a dog's. With `hand_samples` at
k > 0, once help is called (until then the call comes first) and while they believe the
Laboratory powered (LOC-LAB-5: its devices need block 2's generator; policies.memory.powered),
the other humans who fuel no generator bring their blood to them, and each tester compares up to
k handed samples:

- The meeting place is the Kennel: the Laboratory is locked (GAP-5, DOOR-1) and only the testers'
  cards open it, but every tester goes to the Kennel, next to it, for a dog's sample (the human
  control: GAP-53), and it is open to all.
- giver_errand: a human whose card does not open the Laboratory goes to the Kennel, takes his own
  blood there into a hand (ACT-BLOOD-SELF: 2 AP; in light the others see whose it is), and
  offers it (ACT-GIVE, 1 AP each) to those present, up to his AP: the ones he saw take a dog's
  sample (testers) first, then those with a free hand (a tester needs one), each group taken in
  turn from an index that moves each turn: he cannot tell a tester from his card, and only a
  tester accepts (below).
  He hands one sample in the game; he cannot read the result (the computer is in the Laboratory).
- tester_errand: in the Kennel with a dog's sample in his backpack (LOC-KENNEL-2; the convention
  that tells the tubes apart: only the dog's sample goes into the backpack) and a free hand, a
  tester accepts (ACT-RECEIVE: 1 AP, naming the giver and the kind) a sample in the hand of one
  person here, not cleared by a test, not known to be a Thing, trusted (suspicion below
  `trust_below`) and not seen taking a dog's sample, rather than take his own blood; once his own
  tests are read he goes to the Kennel and waits there for givers. The sample lands in his free
  hand (ACT-RECEIVE: a hand first), the only sample he holds in hand, and the handing over he
  perceives (E_GIVE: actor, me, the kind) names its giver. In the Laboratory he puts the dog's
  sample and the handed one into the analyzer, labelled truly (the dog's; the giver's), and
  starts an "equal" comparison (LOC-LAB-2/3); blood_test_errand reads the computer when it is
  done (that reading counts among his `blood_tests`), and policies.knowledge folds the row (a NO
  exposes the giver, a YES clears him). While a handed sample is in his hand it goes first, so
  that his own test never takes it for his own blood.
A Thing could hand over a dog's or another's blood, which this protocol does not catch: the
expert Things never give samples.

Memory (cells SA_* from M_EXPERT_HUMANS + 21):
- SA_GIVER: tester: the giver of the sample in my hand, plus 1 (0: none)
- SA_TAKEN: tester: handed samples I put into the analyzer
- SA_DOG: tester: the dog whose sample I took into my backpack for them, plus 1
- SA_GAVE: giver: 1 once I handed my sample over
- SA_MINE: giver: 1 while the sample in my hand is my own blood
- SA_TESTERS: bitmask of those I saw take a dog's sample
"""

from policies.expert_knobs import K_HAND_SAMPLES
from balance import codes
from balance.compile.jit import compiled
from balance.kernel.public import pack_insert
from balance.observation import (
    LAB_EMPTY,
    MAX_CHARACTERS,
    O_CALL_TURN,
    O_HELD,
    O_HERE,
    O_LAB_ANALYZER_BROKEN,
    O_LAB_SLOTS,
    O_LAB_STAGE,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_PRESENT,
    O_ROOM,
    O_SEES,
    O_SELF,
    O_TURN,
    P_CONSCIOUS,
    PERCEIVED_FIELDS,
    UNSEEN,
)
from policies.common import dog_to_sample, backpack_slot, card_for, emit, hand_with
from policies.humans import free_hands, go
from policies.knowledge import cleared, known_thing, trusted
from policies.memory import M_EXPERT_HUMANS, powered


SA_GIVER = M_EXPERT_HUMANS + 21
SA_TAKEN = SA_GIVER + 1
SA_DOG = SA_GIVER + 2
SA_GAVE = SA_GIVER + 3
SA_MINE = SA_GIVER + 4
SA_TESTERS = SA_GIVER + 5


@compiled
def note_handing(obs, mem):
    """Fold the acts perceived since my last declaration: who took a dog's sample (E_BLOOD with
    a dog's label: a tester); a sample handed to me (its giver) or by me."""
    me = obs[O_SELF]
    for k in range(obs[O_N_PERCEIVED]):
        row = O_PERCEIVED + k * PERCEIVED_FIELDS
        actor, kind, target, a = obs[row], obs[row + 1], obs[row + 2], obs[row + 3]
        if actor < 0 or actor >= MAX_CHARACTERS:
            continue
        if kind == codes.E_BLOOD and a >= codes.DOG_LABEL and actor != me:
            mem[SA_TESTERS] |= 1 << actor
        elif kind == codes.E_GIVE and a == codes.BLOOD_SAMPLE:
            if target == me and actor != me:
                mem[SA_GIVER] = actor + 1
            elif actor == me and mem[SA_MINE] == 1:
                mem[SA_GAVE] = 1
                mem[SA_MINE] = 0


@compiled
def giver_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, trust_below):
    """If `hand_samples`, once help is called, while I believe the Laboratory powered: bring my
    blood to the testers in the Kennel (see the module's docstring). -1 if not mine to do, or
    done."""
    if knobs[K_HAND_SAMPLES] <= 0 or obs[O_CALL_TURN] == UNSEEN:
        return -1
    if not powered(mem, ip, room_block, codes.LABORATORY, obs[O_TURN]):
        return -1  # LOC-LAB-5: no test without it
    if card_for(obs, codes.LABORATORY) >= 0:
        return -1  # a tester
    note_handing(obs, mem)
    me = obs[O_SELF]
    if mem[SA_GAVE] == 1 or cleared(mem, me):
        return -1
    h = hand_with(obs, codes.BLOOD_SAMPLE)
    if h < 0:
        mem[SA_MINE] = 0  # not taken (no room or no sample left), or lost
    if obs[O_ROOM] != codes.KENNEL:
        return go(obs, out, n, next_hop, codes.KENNEL, knobs, ip)
    if h < 0 or mem[SA_MINE] == 0:
        if h >= 0 or free_hands(obs) == 0:
            return -1  # a sample I cannot vouch for in hand, or no hand for mine
        mem[SA_MINE] = 1
        return emit(out, n, codes.A_BLOOD_SELF, 0, 0)  # ACT-BLOOD-SELF, into a hand
    here = obs[O_HERE] & ~(1 << me)
    for rank in range(3):  # the testers I know, then those with a free hand, then the others
        for j in range(MAX_CHARACTERS):
            d = (j + obs[O_TURN]) % MAX_CHARACTERS  # a turn's AP reach a few: in turn
            if (here >> d) & 1 == 0 or obs[O_PRESENT + d] != P_CONSCIOUS:
                continue
            if not trusted(mem, me, d, trust_below):
                continue
            free = obs[O_HELD + 2 * d] == codes.NO_ITEM or obs[O_HELD + 2 * d + 1] == codes.NO_ITEM
            tester = (mem[SA_TESTERS] >> d) & 1 == 1
            if rank == (0 if tester else 1 if free else 2):
                n = emit(out, n, codes.A_GIVE, d, h)  # ACT-GIVE: the kernel keeps what AP allow
    return n


@compiled
def handed_giver(obs, mem, trust_below):
    """The person here whose sample in hand I would accept (see the module's docstring), the
    lowest index; -1 if none."""
    me = obs[O_SELF]
    here = obs[O_HERE] & ~(1 << me)
    for d in range(MAX_CHARACTERS):
        if (here >> d) & 1 == 0 or obs[O_PRESENT + d] != P_CONSCIOUS:
            continue
        holds = obs[O_HELD + 2 * d] == codes.BLOOD_SAMPLE
        holds |= obs[O_HELD + 2 * d + 1] == codes.BLOOD_SAMPLE
        tester = (mem[SA_TESTERS] >> d) & 1 == 1
        if holds and not tester and not cleared(mem, d) and not known_thing(mem, d):
            if trusted(mem, me, d, trust_below):
                return d
    return -1


@compiled
def compare_handed(obs, mem, out, n, dog_slot, hand):
    """LOC-LAB-2/3 in the Laboratory: the dog's sample (backpack) in slot 1, the handed one in
    slot 2 labelled with its giver, "equal?". The analyzer broken, repaired first; busy or
    holding a tube, wait; without power (its screen dark: LOC-LAB-1, LOC-LAB-5), the handed
    sample is dropped (ACT-DROP), as it could not be told from my own later."""
    if obs[O_LAB_SLOTS] == UNSEEN:
        mem[SA_GIVER] = 0
        mem[SA_TAKEN] += 1
        return emit(out, n, codes.A_DROP, hand, 0)
    if obs[O_LAB_ANALYZER_BROKEN] == 1:
        return emit(out, n, codes.A_REPAIR, codes.OBJ_ANALYZER, 0)
    if obs[O_LAB_STAGE] != 0 or obs[O_LAB_SLOTS] != LAB_EMPTY or obs[O_LAB_SLOTS + 1] != LAB_EMPTY:
        return n
    dog = max(mem[SA_DOG], 1) - 1  # a dog's sample I did not take for them: any dog is human
    n = emit(out, n, codes.A_LAB_INSERT, 0, pack_insert(2 + dog_slot, codes.DOG_LABEL + dog))
    n = emit(out, n, codes.A_LAB_INSERT, 1, pack_insert(hand, mem[SA_GIVER] - 1))
    mem[SA_TAKEN] += 1
    mem[SA_GIVER] = 0
    mem[SA_DOG] = 0
    return emit(out, n, codes.A_LAB_START, codes.Q_EQUAL, 0)


@compiled
def tester_errand(obs, mem, ip, knobs, out, n, next_hop, room_block, wait, trust_below):
    """If `hand_samples`, once help is called, a tester's part (see the module's docstring):
    a handed sample in my hand goes to the Laboratory with a dog's sample (fetched first if my
    backpack has none) and is compared; in the Kennel with a dog's sample in my backpack and a
    free hand, I accept the sample of a giver here (rather than take my own blood); and if
    `wait` (my own tests are read), I go to the Kennel, take a dog's sample and wait there for
    givers while I believe the Laboratory powered. -1 if none of these."""
    if knobs[K_HAND_SAMPLES] <= 0 or obs[O_CALL_TURN] == UNSEEN:
        return -1
    if card_for(obs, codes.LABORATORY) < 0:
        return -1
    note_handing(obs, mem)
    hand = hand_with(obs, codes.BLOOD_SAMPLE)
    if hand < 0:
        mem[SA_GIVER] = 0
    here = obs[O_ROOM]
    dog_slot = backpack_slot(obs, codes.BLOOD_SAMPLE)
    if hand >= 0:
        if mem[SA_GIVER] == 0:
            return -1  # my own sample (blood_test_errand's), or one I cannot name
        if dog_slot < 0:
            if here != codes.KENNEL:
                return go(obs, out, n, next_hop, codes.KENNEL, knobs, ip)
            dog = dog_to_sample(obs)
            if dog < 0 or backpack_slot(obs, codes.NO_ITEM) < 0:
                mem[SA_GIVER] = 0
                return emit(out, n, codes.A_DROP, hand, 0)  # no control to compare it with
            mem[SA_DOG] = dog + 1
            return emit(out, n, codes.A_BLOOD_DOG, dog, 1)  # LOC-KENNEL-2: into the backpack
        if here != codes.LABORATORY:
            return go(obs, out, n, next_hop, codes.LABORATORY, knobs, ip)
        return compare_handed(obs, mem, out, n, dog_slot, hand)
    if mem[SA_TAKEN] >= knobs[K_HAND_SAMPLES] or free_hands(obs) == 0:
        return -1
    if not powered(mem, ip, room_block, codes.LABORATORY, obs[O_TURN]):
        return -1  # LOC-LAB-5: no test without it
    if here == codes.KENNEL and dog_slot >= 0:
        d = handed_giver(obs, mem, trust_below)
        if d >= 0:
            return emit(out, n, codes.A_RECEIVE, d, codes.BLOOD_SAMPLE)  # ACT-RECEIVE
    if not wait:
        return -1
    if here != codes.KENNEL:
        return go(obs, out, n, next_hop, codes.KENNEL, knobs, ip)
    if dog_slot < 0:
        dog = dog_to_sample(obs)
        if dog < 0 or backpack_slot(obs, codes.NO_ITEM) < 0:
            return -1
        mem[SA_DOG] = dog + 1
        n = emit(out, n, codes.A_BLOOD_DOG, dog, 1)  # LOC-KENNEL-2: into the backpack
        d = handed_giver(obs, mem, trust_below)
        if d >= 0:
            n = emit(out, n, codes.A_RECEIVE, d, codes.BLOOD_SAMPLE)  # ACT-RECEIVE
        return n
    return n if obs[O_SEES] == 1 else -1  # wait for them; in the dark nobody's hands show

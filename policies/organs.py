"""Keeping away from a Thing whose organs may burst (knob `organs_hp` of the expert humans).

ARCH-MUTANT-2: whenever the active Mutant falls to 0 HP (into paralysis, THING-P-3), every human
and hidden Thing in its room takes 1 damage (`archetypes.organs_damage`); burning the paralysed
body does not set it off again (balance.kernel.health.burst_organs). A Thing felled revives two
turns later with 1 HP, and the armed humans around it fell it again at once: another burst. What
a human can know: the archetypes are dealt to the starting Things, one each and all different
(ARCH-1), but are hidden; a Thing seen bursting is the Mutant (E_ORGANS, seen and heard in the
dark) and then no other Thing is; one seen screaming is the Queen (ARCH-QUEEN-2), not the Mutant.
Until the Mutant is known, any active Thing may be it. His own HP he knows (O_HP): a burst kills
him at 1 HP and costs a hand at 2 (HP-2, INV-2).

With `organs_hp` at h > 0, a human with at most h HP keeps out of the room where a burst can
come, unless he can burn the body there (the burner: policies.burning.can_burn_here):
- keep_away: an active Thing that may be the Mutant stands here (it falls where it is fought: a
  wounded human there is hurt whether he fights or not), or one lies here paralysed (it revives
  there); he leaves for the next room (the expert's crowded_neighbour) rather than attack, and
  remembers the room: the next turn for an active Thing, until the turn after the revival for a
  body (a body first seen now revives `thing.paralysis_turns` + 1 turns later at the latest);
- keep_out: his errands' move into that room is dropped while he remembers it (he waits where he
  is), so that he does not walk back in. The attack at steps 2-3 comes before a move (RES-ORDER):
  one standing there when it falls is hurt even as he leaves, so the rule is about the turns
  after, and about not coming in.
`organs_hp` 0 (off): nobody keeps away.

Memory (cells OR_* from M_EXPERT_HUMANS + 17):
- OR_MUTANT: the Mutant, plus 1, once seen bursting (0: unknown)
- OR_NOT_MUTANT: bitmask of the Things known not to be the Mutant (seen screaming: the Queen)
- OR_ROOM: the room I keep out of, plus 1 (0: none)
- OR_UNTIL: the last turn I keep out of it
"""

from policies.expert_knobs import K_ORGANS_HP
from numba.cpython.unsafe.numbers import trailing_zeros

from balance import codes
from balance.kernel import params as P
from balance.compile.jit import compiled
from balance.kernel.public import D_ACTION, D_ARG, D_TARGET
from balance.observation import (
    MAX_CHARACTERS,
    O_BODIES_BURNABLE,
    O_HERE,
    O_HP,
    O_N_PERCEIVED,
    O_PERCEIVED,
    O_PRESENT,
    O_ROOM,
    O_SELF,
    O_TURN,
    P_ACTIVE_THING,
    PERCEIVED_FIELDS,
)
from policies.knowledge import known_dead, known_thing
from policies.memory import M_EXPERT_HUMANS


OR_MUTANT = M_EXPERT_HUMANS + 17
OR_NOT_MUTANT = OR_MUTANT + 1
OR_ROOM = OR_MUTANT + 2
OR_UNTIL = OR_MUTANT + 3


@compiled
def note_archetypes(obs, mem):
    """ARCH-MUTANT-2, ARCH-QUEEN-2: fold the bursts and the screams perceived since my last
    declaration (ARCH-1: one Mutant at most)."""
    me = obs[O_SELF]
    for k in range(obs[O_N_PERCEIVED]):
        row = O_PERCEIVED + k * PERCEIVED_FIELDS
        actor = obs[row]
        if actor < 0 or actor >= MAX_CHARACTERS or actor == me:
            continue
        if obs[row + 1] == codes.E_ORGANS:
            mem[OR_MUTANT] = actor + 1
        elif obs[row + 1] == codes.E_SCREAM:
            mem[OR_NOT_MUTANT] |= 1 << actor


@compiled
def maybe_mutant(mem, d):
    """d may be the Mutant, as far as I know."""
    if mem[OR_MUTANT] > 0:
        return mem[OR_MUTANT] == d + 1
    return (mem[OR_NOT_MUTANT] >> d) & 1 == 0


@compiled
def burst_until(obs, mem, ip):
    """The last turn a burst may come here as far as I can see now: an active Thing here that
    may be the Mutant, this turn and the next; a known Thing that may be it lying here
    paralysed, until the turn after it revives (THING-P-3); -1 if none."""
    t = obs[O_TURN]
    until = -1
    here = obs[O_HERE] & ~(1 << obs[O_SELF])  # only those here: nothing is done for the absent
    while here != 0:
        d = trailing_zeros(here)
        here &= here - 1
        if obs[O_PRESENT + d] == P_ACTIVE_THING and maybe_mutant(mem, d):
            until = max(until, t + 1)
    bodies = obs[O_BODIES_BURNABLE]
    for d in range(MAX_CHARACTERS):
        if (bodies >> d) & 1 == 0:
            continue
        if known_thing(mem, d) and not known_dead(mem, d) and maybe_mutant(mem, d):
            until = max(until, t + ip[P.I_PARALYSIS] + 1)
    return until


@compiled
def keep_away(obs, mem, ip, knobs, burner):
    """If `organs_hp`: with at most that many HP, and not the burner here (burner: I can burn the
    body here), I should leave: a burst may come here (burst_until); the room is remembered
    (keep_out)."""
    if knobs[K_ORGANS_HP] <= 0:
        return False
    note_archetypes(obs, mem)
    if obs[O_HP] > knobs[K_ORGANS_HP] or burner:
        return False
    until = burst_until(obs, mem, ip)
    if until < 0:
        return False
    mem[OR_ROOM] = obs[O_ROOM] + 1
    mem[OR_UNTIL] = until
    return True


@compiled
def keep_out(obs, mem, knobs, out, n):
    """If `organs_hp`: with at most that many HP, drop a move (and the ID card shown at its door,
    ACT-IDCARD) into the room I keep out of while I remember it (keep_away); I wait instead."""
    if knobs[K_ORGANS_HP] <= 0 or obs[O_HP] > knobs[K_ORGANS_HP] or mem[OR_ROOM] == 0:
        return n
    if obs[O_TURN] > mem[OR_UNTIL]:
        mem[OR_ROOM] = 0
        return n
    room = mem[OR_ROOM] - 1
    kept = 0
    for j in range(n):
        a = out[j, D_ACTION]
        if (a == codes.A_MOVE or a == codes.A_IDCARD) and out[j, D_TARGET] == room:
            continue
        out[kept, D_ACTION] = a
        out[kept, D_TARGET] = out[j, D_TARGET]
        out[kept, D_ARG] = out[j, D_ARG]
        kept += 1
    return kept

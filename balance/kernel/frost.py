"""Frostbite (A5: FROST-1..6, GAP-47, GAP-48): marks by felt temperature and the HP they cost."""

from balance.compile.jit import compiled
from balance.kernel.events import log_event
from balance.kernel.health import damage, on_station, paralysed
from balance.kernel.public import band_marks
from balance.kernel.state import (
    CH_ALIVE,
    CH_FORM,
    CH_FROST,
    CH_HP,
    CH_PHYSICAL,
    CH_ROOM,
    CH_WORN,
    ST_TEMPERATURE,
)
from balance.kernel.vials import red_vial_active
from balance import codes
from balance.kernel import params as P


@compiled
def frostbite_delta(ch, st, ip, c, temperature):
    """FROST-2, FROST-4, GAP-47: marks gained (or removed, if negative) at this temperature."""
    if ch[c, CH_FORM] == codes.THING_ACTIVE:
        felt = temperature  # THING-ACTIVE-8: the parka column, no resistance
        parka = True
    else:
        felt = temperature + ip[P.I_RESISTANCE + ch[c, CH_PHYSICAL]]
        if red_vial_active(ch, st, c):
            felt += ip[P.I_RED_WARMTH]  # FROST-4, GAP-47: the red vial's +10
        parka = ch[c, CH_WORN] >= 0
    return band_marks(ip, felt, parka)


@compiled
def apply_frostbite(ch, it, st, rng, events, ip, rec):
    """FROST-1, FROST-3, GAP-48: marks at the start of the turn from the room's temperature; at
    marks_per_hp they are cleared (excess lost) and 1 HP is lost. Not for the dead or paralysed."""
    for c in range(ch.shape[0]):
        if ch[c, CH_ALIVE] == 0 or paralysed(ch, c) or not on_station(ch, c):
            continue
        marks = max(
            0, ch[c, CH_FROST] + frostbite_delta(ch, st, ip, c, st[ST_TEMPERATURE + ch[c, CH_ROOM]])
        )
        if marks >= ip[P.I_MARKS_PER_HP]:
            ch[c, CH_FROST] = 0
            log_event(st, events, codes.E_FROSTBITE, c, -1, ch[c, CH_HP] - 1, 0)
            damage(ch, it, st, rng, events, ip, c, 1, codes.DC_COLD, rec)
        else:
            ch[c, CH_FROST] = marks

"""What a classic character knows when it declares: the observation vector's layout.

The classic kernel (balance.classic.rules.observe) fills one int64 vector per character per
turn from what it can perceive (CL-LIGHT-1..3, CL-TALK-1, CL-COMBAT-3); the classic policies
read it and their own memory, never the game's state. A field it cannot perceive holds UNSEEN.
"""

from balance.classic.codes import N_ITEMS, N_OBJECTS
from balance.observation import MAX_CHARACTERS, UNSEEN

__all__ = ["UNSEEN", "MAX_CHARACTERS"]

OWN_SAMPLES = 8  # samples of his own a character's observation lists
HEARD = 16  # claims a character's observation lists

# what a character sees of another in his location (CL-LIGHT-1/2)
P_ABSENT = 0
P_HERE = 1  # alive, looks human
P_LOOKS_DEAD = 2  # dead, or a paralysed Thing (CL-COMBAT-2)
P_ACTIVE = 3  # an active Thing (CL-LIGHT-2: always visible)

_FIELDS = (
    ("O_TURN", 1),
    ("O_ME", 1),
    ("O_PLAYERS", 1),
    ("O_LOC", 1),
    ("O_HP", 1),
    ("O_MAX_HP", 1),
    ("O_THING", 1),  # 0/1: he is a Thing (an infected human does not know it)
    ("O_ACTIVE", 1),
    ("O_PROFESSION", 1),
    ("O_SLOTS", 1),  # slots he can fill now (CL-COMBAT-1)
    ("O_SLOT", 2),  # item kinds in his slots
    ("O_BULLETS", 1),
    ("O_LIT", 1),  # his location is lit
    ("O_POWER", 1),  # the generator runs: light everywhere (public)
    ("O_TEMPERATURE", 1),
    ("O_WEATHER", 1),  # balance.codes CLEAR / STORM
    ("O_FORECAST", 1),  # next cycle's weather, if he read it this cycle, else UNSEEN
    ("O_HITS", N_OBJECTS),  # hits of each object in his lit location, else UNSEEN
    ("O_HELI_FUEL", 1),  # at the lit helipad, else UNSEEN
    ("O_HELI_PREPARED", 1),  # turns of preparation done, at the lit helipad
    ("O_HELI_GONE", 1),  # 0/1 public: flown away or wrecked
    ("O_STORE", N_ITEMS),  # the store's items in his lit location, else UNSEEN
    ("O_FOOD", 1),  # food left, in the lit food store, else UNSEEN
    ("O_FLOOR", N_ITEMS),  # items lying in his lit location, else UNSEEN
    ("O_DOGS", 1),  # in the lit kennel
    ("O_SAMPLE_ROW", OWN_SAMPLES),  # rows of the samples he holds, UNSEEN after the last
    ("O_SAMPLE_LABEL", OWN_SAMPLES),  # whose blood he takes each for (bitmask)
    ("O_RESULT_LABEL", 2),  # analyses he read last turn: the sample's label, UNSEEN
    ("O_RESULT", 2),  # 1 Thing blood found, 0 none
    ("O_FELT", 1),  # 1: someone tried to infect him in the dark last turn
    ("O_INFECTOR", 1),  # who infected him, once he became a Thing, else UNSEEN
    ("O_SHOTS", 1),  # shots heard last turn, anywhere (CL-COMBAT-3)
    ("O_SEE", MAX_CHARACTERS),  # P_* of each character now
    ("O_WOUNDED", MAX_CHARACTERS),  # 0/1 seen in light, else UNSEEN
    ("O_ITEMS", MAX_CHARACTERS),  # bitmask (1 << kind) of slot items seen in light, else UNSEEN
    ("O_DID", MAX_CHARACTERS),  # main action seen last turn (A_*), UNSEEN
    ("O_DID_TARGET", MAX_CHARACTERS),
    ("O_DID_ARG", MAX_CHARACTERS),
    ("O_FELLOW", MAX_CHARACTERS),  # 1: he knows this one is a Thing (CL-GAP-5, CL-THING-INF)
    ("O_HEARD_SPEAKER", HEARD),  # claims heard last turn (CL-TALK-1), UNSEEN after the last
    ("O_HEARD_SUBJECT", HEARD),
    ("O_HEARD_SAYS", HEARD),  # classic.codes SAYS_THING / SAYS_CLEAN
)


def _layout():
    offsets, offset = {}, 0
    for name, size in _FIELDS:
        offsets[name] = offset
        offset += size
    return offsets, offset


_OFFSETS, N_OBS = _layout()
O_TURN = _OFFSETS["O_TURN"]
O_ME = _OFFSETS["O_ME"]
O_PLAYERS = _OFFSETS["O_PLAYERS"]
O_LOC = _OFFSETS["O_LOC"]
O_HP = _OFFSETS["O_HP"]
O_MAX_HP = _OFFSETS["O_MAX_HP"]
O_THING = _OFFSETS["O_THING"]
O_ACTIVE = _OFFSETS["O_ACTIVE"]
O_PROFESSION = _OFFSETS["O_PROFESSION"]
O_SLOTS = _OFFSETS["O_SLOTS"]
O_SLOT = _OFFSETS["O_SLOT"]
O_BULLETS = _OFFSETS["O_BULLETS"]
O_LIT = _OFFSETS["O_LIT"]
O_POWER = _OFFSETS["O_POWER"]
O_TEMPERATURE = _OFFSETS["O_TEMPERATURE"]
O_WEATHER = _OFFSETS["O_WEATHER"]
O_FORECAST = _OFFSETS["O_FORECAST"]
O_HITS = _OFFSETS["O_HITS"]
O_HELI_FUEL = _OFFSETS["O_HELI_FUEL"]
O_HELI_PREPARED = _OFFSETS["O_HELI_PREPARED"]
O_HELI_GONE = _OFFSETS["O_HELI_GONE"]
O_STORE = _OFFSETS["O_STORE"]
O_FOOD = _OFFSETS["O_FOOD"]
O_FLOOR = _OFFSETS["O_FLOOR"]
O_DOGS = _OFFSETS["O_DOGS"]
O_SAMPLE_ROW = _OFFSETS["O_SAMPLE_ROW"]
O_SAMPLE_LABEL = _OFFSETS["O_SAMPLE_LABEL"]
O_RESULT_LABEL = _OFFSETS["O_RESULT_LABEL"]
O_RESULT = _OFFSETS["O_RESULT"]
O_FELT = _OFFSETS["O_FELT"]
O_INFECTOR = _OFFSETS["O_INFECTOR"]
O_SHOTS = _OFFSETS["O_SHOTS"]
O_SEE = _OFFSETS["O_SEE"]
O_WOUNDED = _OFFSETS["O_WOUNDED"]
O_ITEMS = _OFFSETS["O_ITEMS"]
O_DID = _OFFSETS["O_DID"]
O_DID_TARGET = _OFFSETS["O_DID_TARGET"]
O_DID_ARG = _OFFSETS["O_DID_ARG"]
O_FELLOW = _OFFSETS["O_FELLOW"]
O_HEARD_SPEAKER = _OFFSETS["O_HEARD_SPEAKER"]
O_HEARD_SUBJECT = _OFFSETS["O_HEARD_SUBJECT"]
O_HEARD_SAYS = _OFFSETS["O_HEARD_SAYS"]

MEMORY_SIZE = 256  # a policy's own memory per character (int64 cells)

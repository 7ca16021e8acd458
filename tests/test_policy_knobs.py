"""Every policy knob has a declared range (configs/policies.toml: `knob = default  # LO..HI:
...`), within which its default lies; a value outside it, or a fraction for a whole-number knob,
is refused like a bad rule value, so no knob can make a run loop for ever (issue: a
`shelter_turns` of 1e12 did)."""

import subprocess
import sys
from pathlib import Path

import pytest

from balance.config import KnobRange, knob_ranges, load_config
from balance.errors import ConfigError
from policies import REGISTRY, SIDES


def test_every_registered_knob_has_a_range_holding_its_default():
    ranges = knob_ranges()
    cfg = load_config(12)
    keys = [
        f"policies.{SIDES[side]}.{name}.{knob}"
        for (side, name), spec in REGISTRY.items()
        for knob in spec.knobs
    ]
    assert set(keys) == set(ranges)
    for key in keys:
        r = ranges[key]
        assert r.low < r.high, key
        assert r.low <= cfg[key] <= r.high, key
        assert not r.whole or float(cfg[key]).is_integer(), key


def test_ranges_are_read_from_the_comment_that_opens_each_line(tmp_path):
    toml = tmp_path / "policies.toml"
    toml.write_text(
        "[humans.expert]\n"
        "guards = 3                # 0..15: a head count\n"
        "fuel_low = 0.5            # 0..1: a share\n"
        "turns = 4                 # 1..10\n"
        "[things.expert]\n"
        "infect_chance = 1.0       # 0..1\n"
        "note = 2                  # no range here\n"
    )
    assert knob_ranges(toml) == {
        "policies.humans.expert.guards": KnobRange(0, 15, True),
        "policies.humans.expert.fuel_low": KnobRange(0, 1, False),
        "policies.humans.expert.turns": KnobRange(1, 10, True),
        "policies.things.expert.infect_chance": KnobRange(0, 1, False),
    }


@pytest.mark.parametrize(
    "override, allowed",
    [
        ("policies.humans.expert.shelter_turns=1e12", "a whole number from 1 to 10"),
        ("policies.humans.expert.shelter_turns=0", "a whole number from 1 to 10"),
        ("policies.humans.expert.attack_suspicion=2.5", "a whole number from 0 to 20"),
        ("policies.humans.expert.fuel_low=1.5", "a number from 0 to 1"),
        ("policies.things.expert.infect_chance=-0.1", "a number from 0 to 1"),
        ("policies.things.expert.radio_weight=inf", "a whole number from 0 to 1000"),
    ],
)
def test_a_knob_outside_its_range_is_refused(override, allowed):
    with pytest.raises(ConfigError) as refused:
        load_config(12, [override])
    key, value = override.split("=")
    assert str(refused.value).startswith(f"{key}: ")
    assert str(refused.value).endswith(f"(allowed: {allowed})")


def test_the_knob_that_looped_for_ever_is_a_one_line_error_at_once():
    """`run` refuses it before a game is played: exit 2, one line, no traceback."""
    done = subprocess.run(
        [Path(sys.executable).parent / "balance", "run", "--games", "200"]
        + ["--set", "policies.humans.expert.shelter_turns=1e12"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: policies.humans.expert.shelter_turns: 1000000000000.0 is not allowed "
        "(allowed: a whole number from 1 to 10)"
    ]


def test_head_count_knobs_are_shares_that_mean_the_same_at_every_player_count():
    """fuelers_share and guards_share are shares of the players; the policy reads the head
    count each makes at the game's player count, rounded half up: the defaults (a quarter)
    give 1 fueler a block at 9, 12 and 15 players and 2, 3 and 4 guards; a half gives 2, 2, 3
    fuelers a block and 5, 6, 8 guards."""
    from balance import codes
    from policies import make
    from policies.expert_humans import K_GUARDS
    from policies.humans import K_FUELERS_PER_BLOCK

    for share, fuelers, guards in ((0.25, (1, 1, 1), (2, 3, 4)), (0.5, (2, 2, 3), (5, 6, 8))):
        sets = [f"policies.humans.expert.fuelers_share={share}"]
        sets += [f"policies.humans.expert.guards_share={share}"]
        counts = [make("expert", codes.HUMANS, load_config(n, sets))[1] for n in (9, 12, 15)]
        assert tuple(k[K_FUELERS_PER_BLOCK] for k in counts) == fuelers
        assert tuple(k[K_GUARDS] for k in counts) == guards

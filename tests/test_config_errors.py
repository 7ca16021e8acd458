"""Malformed configs and option values through the real CLI: one `error:` line naming the key or
option, exit code 2, no traceback, no output file. Plus how good values resolve."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from balance import codes
from balance.cli import app
from balance.config import CONFIG_DIR, load_config
from balance.errors import ConfigError
from policies import names

ROOMS_BLOCK_2 = '["generator_2", "laboratory", "kennel", "warehouse"]'
ROOMS_BLOCK_3 = '["generator_3", "arsenal", "fuel_room", "helicopter_hangar"]'

# (case id, arguments after `balance run`, the key or option the message must name)
RUN_ERRORS = [
    ("unknown key", ["--set", "generator.burn=1"], "generator.burn"),
    ("unknown section", ["--set", "nosuch.key=1"], "nosuch.key"),
    (
        "unknown policy knob",
        ["--set", "policies.humans.expert.bravery=1"],
        "policies.humans.expert.bravery",
    ),
    ("string for int", ["--set", 'things.start="two"'], "things.start"),
    ("bare word for int", ["--set", "game.max_turns=many"], "game.max_turns"),
    ("float for int", ["--set", "things.start=2.5"], "things.start"),
    ("list for int", ["--set", "things.start=[2]"], "things.start"),
    ("bool for int", ["--set", "things.start=true"], "things.start"),
    (
        "string for policy knob",
        ["--set", 'policies.humans.naive.fuel_low="high"'],
        "policies.humans.naive.fuel_low",
    ),
    ("burn not in 1/60 steps", ["--set", "generator.burn_per_turn=1/7"], "generator.burn_per_turn"),
    ("fraction over zero", ["--set", "generator.burn_per_turn=1/0"], "generator.burn_per_turn"),
    ("fuel not a number", ["--set", 'generator.capacity="lots"'], "generator.capacity"),
    ("negative fuel", ["--set", "generator.start_fuel=-1"], "generator.start_fuel"),
    ("as many Things as players", ["--set", "things.start=12"], "things.start"),
    ("no Things", ["--set", "things.start=0"], "things.start"),
    ("probability above 1", ["--set", "weather.clear_chance=1.5"], "weather.clear_chance"),
    (
        "negative probability",
        ["--set", "infection.convert_chance=-0.1"],
        "infection.convert_chance",
    ),
    ("no such preset", ["--players", "10"], "--players"),
    ("players not a number", ["--players", "abc"], "--players"),
    ("--set without =", ["--set", "things.start"], "--set"),
    ("--set without key", ["--set", "=3"], "--set"),
    (
        "band floors not decreasing",
        ["--set", "frostbite.band_floor=[15, 20, -10, -30, -45]"],
        "frostbite.band_floor",
    ),
    (
        "profession lists of unequal length",
        ["--set", "professions.physical=[3, 3, 2]"],
        "professions.physical",
    ),
    (
        "map with a room missing",
        [
            "--set",
            f'map.blocks=[["generator_1", "living_quarters", "freezer"], '
            f"{ROOMS_BLOCK_2}, {ROOMS_BLOCK_3}]",
        ],
        "map.blocks",
    ),
    (
        "two generator rooms in one block",
        [
            "--set",
            """map.blocks=[["generator_1", "living_quarters", "generator_2", "radio_room"],
                  ["freezer", "laboratory", "kennel", "warehouse"], """
            + ROOMS_BLOCK_3
            + "]",
        ],
        "map.blocks",
    ),
    (
        "extra link to the street",
        ["--set", 'map.extra_links=[["generator_1", "street"]]'],
        "map.extra_links",
    ),
    ("unknown weather", ["--set", "weather.initial=rain"], "weather.initial"),
    (
        "yellow boxes not parkas + flashlights",
        ["--set", "warehouse.yellow_boxes=14"],
        "warehouse.yellow_boxes",
    ),
    ("start temperature above maximum", ["--set", "temperature.start=30"], "temperature.start"),
    ("infection delay min above max", ["--set", "infection.delay_min=9"], "infection.delay_min"),
    ("no games", ["--games", "0"], "--games"),
    ("negative seed", ["--seed", "-1"], "--seed"),
    ("unknown humans policy", ["--humans", "heroic"], "--humans"),
    ("unknown Things policy", ["--things", "sneaky"], "--things"),
    # a run long enough for a progress bar, which must not add a line before the error
    ("unknown policy on a long run", ["--games", "20000", "--humans", "heroic"], "--humans"),
    ("no threads", ["--threads", "0"], "--threads"),
]

# (case id, full arguments, the key or option the message must name) for the other commands
OTHER_ERRORS = [
    ("replay negative game", ["replay", "--game", "-1"], "--game"),
    ("replay bad override", ["replay", "--set", "weather.initial=rain"], "weather.initial"),
    ("replay unknown policy", ["replay", "--humans", "heroic"], "--humans"),
    ("bench no such preset", ["bench", "--players", "10", "--games", "10"], "--players"),
    ("bench players not numbers", ["bench", "--players", "9,x", "--games", "10"], "--players"),
    (
        "bench unknown policy",
        ["bench", "--pairings", "expert:heroic", "--games", "10"],
        "--pairings",
    ),
    (
        "bench pairing without a colon",
        ["bench", "--pairings", "expert", "--games", "10"],
        "--pairings",
    ),
    (
        "bench pairing with the sides swapped",  # saboteur plays only the Things
        ["bench", "--pairings", "saboteur:expert", "--games", "10"],
        "--pairings",
    ),
    (
        "bench repeated pairing",
        ["bench", "--pairings", "idle:idle,idle:idle", "--games", "10"],
        "--pairings",
    ),
    ("bench no pairing", ["bench", "--pairings", "", "--games", "10"], "--pairings"),
    ("bench no repeat", ["bench", "--repeat", "0", "--games", "10"], "--repeat"),
    ("bench no games", ["bench", "--players", "9", "--games", "0"], "--games"),
    ("policies bad override", ["policies", "--set", "things.start=0"], "things.start"),
]


def _assert_one_error_line(result, name: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    assert name in lines[0], lines[0]
    assert "Traceback" not in result.output
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, name", [case[1:] for case in RUN_ERRORS], ids=[case[0] for case in RUN_ERRORS]
)
def test_run_rejects(tmp_path, args, name):
    out = tmp_path / "games.parquet"
    result = CliRunner().invoke(app, ["run", "--games", "5", "--out", str(out), *args])
    _assert_one_error_line(result, name)
    assert list(tmp_path.iterdir()) == []  # neither the file nor a temporary one


@pytest.mark.parametrize(
    "args, name", [case[1:] for case in OTHER_ERRORS], ids=[case[0] for case in OTHER_ERRORS]
)
def test_other_commands_reject(args, name):
    _assert_one_error_line(CliRunner().invoke(app, args), name)


def test_bench_pairings_error_names_the_value_and_what_is_allowed():
    result = CliRunner().invoke(app, ["bench", "--pairings", "expert:expert,expert:heroic"])
    _assert_one_error_line(result, "--pairings")
    line = result.stderr.strip()
    assert "'expert:heroic' in 'expert:expert,expert:heroic' is not allowed" in line
    assert f"humans one of {', '.join(names(codes.HUMANS))};" in line
    assert f"Things one of {', '.join(names(codes.THINGS))})" in line
    assert "saboteur" in line  # a Things preset only


def test_run_rejects_missing_output_directory(tmp_path):
    out = tmp_path / "missing" / "games.parquet"
    result = CliRunner().invoke(app, ["run", "--games", "5", "--out", str(out)])
    _assert_one_error_line(result, "--out")
    assert list(tmp_path.iterdir()) == []


def test_run_rejects_a_directory_as_output_before_playing(tmp_path, monkeypatch):
    """Caught before any game is played, not at the rename after the whole run."""
    monkeypatch.setattr("balance.runner.play_batches", None)  # would raise if called
    result = CliRunner().invoke(app, ["run", "--games", "5", "--out", str(tmp_path)])
    _assert_one_error_line(result, "--out")
    assert f"--out: {str(tmp_path)!r} is a directory (allowed: a file in" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def config_copy(tmp_path):
    """A writable copy of configs/ to break."""
    shutil.copytree(CONFIG_DIR, tmp_path / "configs")
    return tmp_path / "configs"


def test_malformed_toml_file(config_copy):
    (config_copy / "base.toml").write_text("[game\nplayers = 12\n")
    with pytest.raises(ConfigError, match=r"^base\.toml: not valid TOML") as info:
        load_config(12, config_dir=config_copy)
    assert "\n" not in str(info.value)


def test_unknown_key_in_toml_file(config_copy):
    (config_copy / "players-12.toml").write_text("[game]\nplayers = 12\n[generatorz]\nburn = 1\n")
    with pytest.raises(ConfigError, match=r"^generatorz\.burn: unknown key"):
        load_config(12, config_dir=config_copy)


# --- values that resolve ---


@pytest.mark.parametrize(
    "text, units", [("1/3", 20), ('"0.25"', 15), ("0.25", 15), ("1", 60), ('"1/5"', 12)]
)
def test_burn_per_turn_in_units(text, units):
    cfg = load_config(12, [f"generator.burn_per_turn={text}"])
    assert cfg["generator.burn_per_turn"] == units


def test_overrides_apply_in_order():
    assert load_config(12, ["things.start=1", "things.start=3"])["things.start"] == 3
    assert load_config(12, ["things.start=3", "things.start=1"])["things.start"] == 1


def test_config_hash_tracks_values():
    default = load_config(12).hash
    assert load_config(12).hash == default
    # an override that restates the preset's value leaves every resolved value, so the hash, as is
    assert load_config(12, ["things.start=2"]).hash == default
    assert load_config(12, ["things.start=3"]).hash != default
    assert load_config(12, ["policies.humans.naive.fuel_low=0.3"]).hash != default
    assert load_config(9).hash != default

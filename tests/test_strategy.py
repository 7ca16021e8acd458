"""Strategy files and mixtures (balance.strategy): what --humans, --things and --against take,
and the one-line errors of a file that cannot be played."""

import pytest

from balance.config import load_config
from balance.errors import ConfigError
from balance.evaluate import blocks
from balance.strategy import Strategy, load_strategy, parse_mixture, parse_strategy, play_as


def tuned(tmp_path, **fields):
    strategy = Strategy(
        side="humans",
        preset="expert",
        knobs=(("fuel_low", 0.35), ("arm_up", 0), ("guards_share", 0.4)),  # in the preset's order
        players=12,
        name="sharp",
        measured={"win_rate": 0.55, "gain_ci": [0.1, 0.2]},
        provenance={"seed": 3, "sets": ["things.start=2"]},
    )
    path = tmp_path / "sharp.toml"
    strategy.save(path)
    return strategy, path


def test_a_saved_strategy_reads_back_and_plays_its_knobs(tmp_path):
    strategy, path = tuned(tmp_path)
    loaded = load_strategy(path, "humans", 12)
    assert loaded == strategy
    assert loaded.measured == {"win_rate": 0.55, "gain_ci": [0.1, 0.2]}
    sets, humans, things = play_as(12, ["things.start=1"], str(path), "expert")
    assert (humans, things) == ("expert", "expert")
    cfg = load_config(12, sets)
    assert cfg["things.start"] == 1
    assert cfg["policies.humans.expert.arm_up"] == 0
    assert cfg["policies.humans.expert.guards_share"] == 0.4
    assert cfg["policies.humans.expert.fuel_low"] == 0.35
    assert cfg.hash != load_config(12, ["things.start=1"]).hash  # the outputs tell it apart


def test_a_preset_name_is_a_strategy_of_default_knobs():
    assert parse_strategy("naive", "things", 9) == Strategy("things", "naive")
    assert play_as(9, [], "expert", "naive") == ([], "expert", "naive")


@pytest.mark.parametrize(
    "side, players, edit, message",
    [
        ("things", 12, None, "a strategy of the humans, not of the things"),
        ("humans", 15, None, "made for 12 players, not 15"),
        (
            "humans",
            12,
            ("guards_share = 0.4", "bravery = 5"),
            "bravery is not a knob of humans preset",
        ),
        ("humans", 12, ("arm_up = 0", "arm_up = 9"), "a whole number from 0 to 1"),
        ("humans", 12, ('preset = "expert"', 'preset = "heroic"'), "'heroic' is not allowed"),
        ("humans", 12, ("[knobs]", "[knobs"), "not a strategy file"),
        ("humans", 12, ('side = "humans"', ""), "it needs side and preset"),
    ],
)
def test_a_file_that_cannot_be_played_is_a_one_line_error(tmp_path, side, players, edit, message):
    _, path = tuned(tmp_path)
    if edit:
        path.write_text(path.read_text().replace(*edit))
    with pytest.raises(ConfigError) as refused:
        load_strategy(path, side, players)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_missing_file_says_what_is_wanted(tmp_path):
    with pytest.raises(ConfigError, match="no such file"):
        parse_strategy(str(tmp_path / "none.toml"), "humans", 12)


def test_a_mixture_spec_names_its_components_and_weights(tmp_path):
    strategy, path = tuned(tmp_path)
    mix = parse_mixture(f"mix:{path}=0.6,expert=0.4", "humans", 12)
    assert [(s.label, w) for s, w in mix.components] == [("sharp", 0.6), ("expert", 0.4)]
    assert parse_mixture("expert", "things", 12).components == (
        (Strategy("things", "expert"), 1.0),
    )


@pytest.mark.parametrize(
    "spec, message",
    [
        ("mix:expert=0.6,naive=0.3", "the weights sum to 0.9"),
        ("mix:expert=0.6,naive", "SPEC=WEIGHT"),
        ("mix:expert=-1,naive=2", "SPEC=WEIGHT"),
        ("mix:expert=nan", "SPEC=WEIGHT"),
    ],
)
def test_a_bad_mixture_spec_is_refused(spec, message):
    with pytest.raises(ConfigError, match=message):
        parse_mixture(spec, "humans", 12)


def test_a_mixture_plays_each_pair_in_its_share_of_the_games():
    assert blocks([0.5, 0.25, 0.25], 8) == [4, 2, 2]
    assert blocks([1 / 3] * 3, 10) == [4, 3, 3]
    assert sum(blocks([0.07, 0.93 * 0.5, 0.93 * 0.5], 1001)) == 1001

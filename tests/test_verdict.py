"""The equilibrium verdict (equilibrium.toml): written by `balance equilibrium`, stored with its
strategies (--store), read back with its mixtures ready to play, reported by `balance report
--equilibrium`, and played by the balance gate beside the presets."""

import shutil

import pytest

from balance import gate
from balance.errors import ConfigError
from balance.equilibrium import VERDICT, equilibrium, load_verdict, read_verdict_file
from balance.report import EQUILIBRIUM_CHART, write_report
from balance.sweep import parse_grid, plan_sweep, run_sweep

SMALL = dict(games=150, trials=3, iterations=2, epsilon=0.0, confirm_games=300, seed=4)


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A small equilibrium at 9 players, run and stored."""
    root = tmp_path_factory.mktemp("equilibrium")
    equilibrium(root / "run", [9], (), store=root / "store", **SMALL)
    return root


def test_the_verdict_is_written_in_the_run_and_in_the_store(stored):
    in_run, in_store = read_verdict_file(stored / "run"), read_verdict_file(stored / "store")
    assert list(in_run) == list(in_store) == [9]
    for key in ("value", "value_ci", "exploitability_humans", "history_value", "expert_value"):
        assert in_run[9][key] == in_store[9][key]
    files = {c["file"] for side in ("humans", "things") for c in in_store[9][side] if "file" in c}
    assert {p.name for p in (stored / "store").glob("9p-*.toml")} == files


def test_a_stored_verdict_plays_the_mixtures_of_the_run(stored):
    run, kept = load_verdict(stored / "run")[9], load_verdict(stored / "store")[9]
    for side in ("humans", "things"):
        assert run["mixture"][side] == kept["mixture"][side]
        assert sum(w for _, w in kept["mixture"][side].components) == pytest.approx(1)


def test_storing_another_count_keeps_the_counts_already_stored(stored, tmp_path):
    store = tmp_path / "store"
    shutil.copytree(stored / "store", store)
    (store / "9p-stale.toml").write_text("left from an earlier run")
    equilibrium(tmp_path / "run", [12], (), store=store, **SMALL)
    verdict = read_verdict_file(store)
    assert sorted(verdict) == [9, 12]
    assert verdict[9] == read_verdict_file(stored / "store")[9]
    assert (store / "9p-stale.toml").exists()  # only the counts rewritten are tidied


def test_a_folder_without_a_verdict_is_one_line(tmp_path):
    with pytest.raises(ConfigError, match="no such file"):
        load_verdict(tmp_path)
    (tmp_path / VERDICT).write_text("[players.9\n")
    with pytest.raises(ConfigError, match="not an equilibrium verdict"):
        load_verdict(tmp_path)


def test_the_report_states_the_verdict(stored, tmp_path):
    sweep = tmp_path / "sweep"
    run_sweep(plan_sweep([9], parse_grid(["things.start=1,2"]), games=200, seed=1), sweep)
    report = write_report(sweep, tmp_path / "report", stored / "store").read_text()
    verdict = read_verdict_file(stored / "store")[9]
    section = report.split("## Balance at equilibrium")[1].split("## Summary")[0]
    assert (
        f"| 9 | {100 * verdict['expert_value']:.1f}% | {100 * verdict['value']:.1f}% [" in section
    )
    assert "### The mixtures" in section and EQUILIBRIUM_CHART in section
    assert (tmp_path / "report" / EQUILIBRIUM_CHART).stat().st_size > 0


def test_the_gate_plays_the_stored_mixtures_beside_the_presets(stored, tmp_path):
    path = tmp_path / "baseline.toml"
    gate.update_baseline(games=300, players=[9], path=path, strategies=stored / "store")
    data = gate.load_baseline(path)
    assert set(data["presets"]) == set(data["equilibria"]) == {"9"}
    same = gate.check(path=path, strategies=stored / "store")
    assert same.identical
    moved = gate.check(["generator.burn_per_turn=1/2"], path=path, strategies=stored / "store")
    assert not moved.identical
    assert {c.preset for c in moved.comparisons} == {"9", "equilibrium 9"}
    with pytest.raises(ConfigError, match="equilibrium.toml: no such file"):
        gate.check(path=path, strategies=tmp_path / "nothing")

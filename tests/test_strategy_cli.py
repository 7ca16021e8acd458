"""Strategy files on the command line: `balance tune` writes one, and run, replay, matrix,
sweep and check play it wherever they take a preset; `balance equilibrium` end to end."""

import json

import pytest
from typer.testing import CliRunner

from balance import codes, gate
from balance.cli import app
from balance.config import load_config
from balance.runner import run_games
from balance.strategy import Strategy, load_strategy
from balance.sweep import load_records, plan_sweep

KNOBS = (("arm_up", 0), ("blood_tests", 0), ("guards_share", 0.5))


def invoke(*args, code=0):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    return result


@pytest.fixture
def sharp(tmp_path):
    """A humans' strategy for 9 players that differs from the expert preset in three knobs."""
    path = tmp_path / "sharp.toml"
    Strategy("humans", "expert", KNOBS, 9, "sharp").save(path)
    return path


def direct_human_wins(games, seed):
    sets = [f"policies.humans.expert.{k}={v}" for k, v in KNOBS]
    records = run_games(load_config(9, sets), games, seed, "expert", "expert")
    return int((records["winner"] == codes.HUMANS).sum())


def test_run_plays_a_strategy_file_as_its_knobs(sharp):
    summary = json.loads(
        invoke("run", "--players", 9, "--games", 400, "--humans", sharp, "--json").stdout
    )
    assert round(summary["human_win_rate"] * 400) == direct_human_wins(400, 0)
    assert summary["humans_policy"] == str(sharp)


def test_replay_plays_the_game_of_the_run(sharp):
    out = invoke("replay", "--players", 9, "--game", 3, "--humans", sharp, "--jsonl").stdout
    end = json.loads(out.strip().splitlines()[-1])
    sets = [f"policies.humans.expert.{k}={v}" for k, v in KNOBS]
    record = run_games(load_config(9, sets), 4, 0, "expert", "expert")[3]
    assert end["turn"] == record["end_turn"]
    assert end["reason"] == codes.REASON_NAMES[record["reason"]]


def test_matrix_rows_may_be_strategy_files(sharp):
    cells = json.loads(
        invoke(
            "matrix",
            "--players",
            9,
            "--games",
            300,
            "--humans",
            f"expert,{sharp}",
            "--things",
            "expert",
            "--json",
        ).stdout
    )
    assert [c["humans_policy"] for c in cells] == ["expert", str(sharp)]
    assert round(cells[1]["human_win_rate"] * 300) == direct_human_wins(300, 0)


def test_a_sweep_plays_a_strategy_file_on_an_axis(sharp, tmp_path):
    out = tmp_path / "sweep"
    invoke(
        "sweep",
        "--players",
        9,
        "--grid",
        f"humans=expert,{sharp}",
        "--games",
        200,
        "--seed",
        1,
        "--out",
        out,
    )
    records = load_records(out)
    assert set(records["humans"].unique()) == {"expert", str(sharp)}
    plan = plan_sweep([9], {"humans": ["expert", str(sharp)]}, games=200, seed=1)
    hashes = {c.values[0][1]: c for c in plan.cells}
    assert len(hashes) == 2  # the file's knobs make it another configuration


def test_check_can_play_a_strategy_against_the_baseline(sharp, tmp_path):
    path = tmp_path / "baseline.toml"
    gate.update_baseline(games=400, players=[9], path=path)
    assert gate.check(path=path).identical
    assert not gate.check(path=path, humans=str(sharp)).identical


@pytest.mark.parametrize(
    "args, message",
    [
        (["run", "--players", 9, "--things"], "a strategy of the humans, not of the things"),
        (["run", "--players", 12, "--humans"], "made for 9 players, not 12"),
        (
            ["sweep", "--players", "9,12", "--games", 10, "--seed", 0, "--out", "OUT", "--humans"],
            "not 12",
        ),
        (["matrix", "--players", 15, "--humans"], "made for 9 players, not 15"),
    ],
)
def test_a_file_for_another_side_or_count_is_a_one_line_error(sharp, tmp_path, args, message):
    out = tmp_path / "sweep"
    result = invoke(*[out if a == "OUT" else a for a in args], sharp, code=2)
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_tune_writes_a_strategy_that_resumes_and_plays(tmp_path):
    out = tmp_path / "humans.toml"
    args = [
        "tune",
        "--players",
        9,
        "--side",
        "humans",
        "--against",
        "expert",
        "--trials",
        4,
        "--games",
        200,
        "--confirm-games",
        400,
        "--seed",
        2,
        "--out",
        out,
        "--json",
    ]
    first = json.loads(invoke(*args).stdout)
    assert {"start_win_rate", "best_win_rate", "gain", "gain_ci", "knobs", "trials"} <= set(first)
    assert first["trials"] == 4 and first["gain_ci"][0] <= first["gain"] <= first["gain_ci"][1]
    assert (tmp_path / "humans.optuna.db").exists()
    again = json.loads(invoke(*args).stdout)  # the study is done: nothing more to search
    assert again == first
    strategy = load_strategy(out, "humans", 9)
    assert dict(strategy.knobs) == first["knobs"]
    assert strategy.measured["gain"] == pytest.approx(first["gain"], abs=1e-6)
    invoke("run", "--players", 9, "--games", 100, "--humans", out)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--side", "dogs"], "--side: 'dogs' is not allowed"),
        (["--preset", "heroic"], "--humans: 'heroic' is not allowed"),
        (["--against", "mix:expert=0.5"], "the weights sum to 0.5"),
        (["--trials", 0], "--trials: 0 is not allowed"),
        (["--set", "policies.humans.expert.guards_share=4"], "a number from 0 to 1"),
    ],
)
def test_tune_refuses_bad_input_in_one_line(tmp_path, args, message):
    result = invoke("tune", "--players", 9, "--out", tmp_path / "x.toml", *args, code=2)
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.toml").exists()


def test_a_damaged_study_database_is_one_line(tmp_path):
    db = tmp_path / "x.optuna.db"
    db.write_bytes(b"not a database at all" * 100)
    result = invoke(
        "tune", "--players", 9, "--trials", 2, "--games", 100, "--out", tmp_path / "x.toml", code=2
    )
    assert "--storage" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == b"not a database at all" * 100


def test_equilibrium_json_has_the_verdict_per_player_count(tmp_path):
    result = invoke(
        "equilibrium",
        "--players",
        9,
        "--games",
        100,
        "--trials",
        2,
        "--iterations",
        1,
        "--confirm-games",
        200,
        "--out",
        tmp_path / "eq",
        "--json",
    )
    verdict = json.loads(result.stdout)["9"]
    keys = {"value", "value_ci", "mixtures", "exploitability", "payoff_matrix", "strategies"}
    assert keys | {"iterations"} <= set(verdict)
    assert verdict["value_ci"][0] <= verdict["value"] <= verdict["value_ci"][1]
    assert len(verdict["payoff_matrix"]) == len(verdict["strategies"]["humans"])
    for side in ("humans", "things"):
        weights = [m["weight"] for m in verdict["mixtures"][side]]
        assert sum(weights) == pytest.approx(1)


def test_tune_starts_from_a_file_and_measures_against_a_baseline(sharp, tmp_path):
    out = tmp_path / "refined.toml"
    args = ["tune", "--players", 9, "--trials", 3, "--games", 200, "--confirm-games", 400]
    found = json.loads(
        invoke(*args, "--start", sharp, "--baseline", sharp, "--out", out, "--json").stdout
    )
    assert found["baseline"] == "sharp"
    assert found["best_win_rate"] - found["start_win_rate"] == pytest.approx(found["gain"])
    refined = dict(load_strategy(out, "humans", 9).knobs)
    start_knobs = {k for k, v in KNOBS if refined[k] == v}
    assert len(start_knobs) >= 2  # three trials move at most one knob each from the start
    naive = tmp_path / "naive.toml"
    Strategy("humans", "naive", (), 9, "naive-one").save(naive)
    result = invoke(*args, "--start", naive, "--out", tmp_path / "x.toml", code=2)
    assert "sets the knobs of 'naive', not of --preset 'expert'" in result.stderr

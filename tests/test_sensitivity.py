"""`balance sensitivity`: each key's readings played on the same games as the baseline, ranked by
the change of the human win rate with paired intervals (balance.sensitivity); --precision."""

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from balance import codes
from balance.catalogue.numbers import NUMBERS
from balance.cli import app
from balance.config import load_config
from balance.evaluate import human_won
from balance.precision import PRECISION_BATCH, paired_games_bound
from balance.runner import run_games
from balance.sensitivity import (
    RULE_TABLES,
    default_keys,
    is_assumption,
    parse_keys,
    plan_sensitivity,
    run_sensitivity,
)
from test_compare import verdict

BY_KEY = {n.key: n for n in NUMBERS}
FIELDS = ["players", "key", "baseline", "alternative", "human_win_rate", "delta", "delta_ci"]


def readings(key, players=12):
    return BY_KEY[key].readings(load_config(players)[key])


def test_each_key_declares_its_readings_beside_it():
    """A switch's and a choice's other sides, the listed alternatives, and a number's low and
    high by its step (1 for a whole number, 0.1 for a chance, a declared one for fuel), inside
    the range the key allows; fuel as the config writes it."""
    assert readings("rescue.delay_turns") == (10, 20)  # step 5, declared beside the key
    assert readings("thing.throw_back_ap") == (0, 2)
    assert readings("infection.convert_chance") == (0.4, 0.6)
    assert readings("rescue.wait_for_clear") == (False,)
    assert readings("generator.burn_reading") == ("flat",)
    assert readings("generator.burn_per_turn", 12) == ("3/20", "1/4")  # 1/5 -/+ 1/20
    assert readings("generator.burn_per_turn", 9) == ("7/60", "13/60")  # 1/6 -/+ 1/20
    assert readings("canister.box_fill") == (1,)  # listed; its low would be below 0
    assert readings("sanity.shaken_below") == (5,)


def test_the_default_keys_are_the_assumptions_and_the_rule_tables():
    keys = default_keys()
    assert {n.key for n in NUMBERS if is_assumption(n)} <= set(keys)
    assert {n.key for n in NUMBERS if n.key.split(".")[0] in RULE_TABLES} <= set(keys)
    assert "stock.pistols" not in keys and "health.human_hp" not in keys
    assert parse_keys("rescue,thing.claws_ap") == [
        "rescue.delay_turns",
        "rescue.wait_for_clear",
        "thing.claws_ap",
    ]


def test_an_action_priced_above_a_turns_AP_is_not_a_reading():
    """AP-1: 3 AP a turn; a 4-AP beacon would remove the beacon, not price it."""
    plan = plan_sensitivity([12], ["beacon.activate_ap"], 0, 2_000, None)
    assert [r.value for r in plan.readings[12]] == [2]
    assert [(r.value, "could never be taken" in why) for r, why in plan.skipped] == [(4, True)]


def test_a_reading_is_played_on_the_baselines_games(tmp_path):
    """Common random numbers: a reading that changes no game (the blackout's reset with the
    blackout off) differs by exactly nothing, and each rate is that of the same games played
    by balance run's kernel with the reading set."""
    plan = plan_sensitivity([9], ["sanity.reset", "rescue.delay_turns"], 3, 2_000, None)
    rows, baselines = run_sensitivity(plan, tmp_path / "s")
    by_reading = {(r["key"], r["alternative"]): r for r in rows}
    for reset in (2, 4):
        row = by_reading["sanity.reset", reset]
        assert row["delta"] == 0 and row["delta_ci"] == [0, 0]
    base = human_won(run_games(load_config(9), 2_000, 3)).mean()
    assert baselines[9] == {"human_win_rate": base, "games": 2_000}
    for delay in (10, 20):
        row = by_reading["rescue.delay_turns", delay]
        won = human_won(run_games(load_config(9, [f"rescue.delay_turns={delay}"]), 2_000, 3))
        assert row["human_win_rate"] == won.mean()
        assert row["delta"] == pytest.approx(won.mean() - base)
        low, high = row["delta_ci"]
        assert low < row["delta"] < high and high - low < 0.05
    # a sooner rescue helps the humans, a later one hurts them, each beyond its interval
    assert by_reading["rescue.delay_turns", 10]["delta_ci"][0] > 0
    assert by_reading["rescue.delay_turns", 20]["delta_ci"][1] < 0
    assert [abs(r["delta"]) for r in rows] == sorted((abs(r["delta"]) for r in rows), reverse=True)


def test_a_run_resumed_or_grown_plays_only_the_missing_batches(tmp_path):
    played = []
    keys = ["rescue.wait_for_clear"]
    folder = tmp_path / "s"
    first, _ = run_sensitivity(plan_sensitivity([9], keys, 4, 2_000, None), folder, played.append)
    assert sum(played) == 2 * 2_000  # the baseline and one reading
    again, _ = run_sensitivity(plan_sensitivity([9], keys, 4, 2_000, None), folder, played.append)
    assert again == first and sum(played) == 2 * 2_000
    grown, _ = run_sensitivity(plan_sensitivity([9], keys, 4, 4_000, None), folder, played.append)
    assert sum(played) == 4 * 2_000  # the second batch of each cell only
    fresh, _ = run_sensitivity(plan_sensitivity([9], keys, 4, 4_000, None), tmp_path / "fresh")
    assert grown == fresh
    ranking = json.loads((folder / "ranking.json").read_text())
    assert ranking["rows"] == grown and ranking["baselines"]["9"]["games"] == 4_000


def test_precision_plays_each_reading_until_its_change_is_that_narrow(tmp_path):
    plan = plan_sensitivity([12], ["rescue.delay_turns", "sanity.reset"], 5, None, 0.01)
    rows, _ = run_sensitivity(plan, tmp_path / "s")
    bound = paired_games_bound(0.01)
    for r in rows:
        low, high = r["delta_ci"]
        assert r["games"] % PRECISION_BATCH == 0
        assert (high - low) / 2 <= 0.01 or r["games"] == bound
    games = {r["key"]: r["games"] for r in rows}
    assert games["sanity.reset"] == PRECISION_BATCH  # no game changed: the first look
    assert games["rescue.delay_turns"] > PRECISION_BATCH


def test_equilibrium_mixtures_play_with_their_verdicts_settings(tmp_path):
    """A verdict of pure expert strategies made without --set gives expert against expert's
    rows; one made with --set plays its readings on top of that setting."""
    keys = ["rescue.wait_for_clear"]
    expert, _ = run_sensitivity(plan_sensitivity([9], keys, 6, 2_000, None), tmp_path / "e")
    verdict(tmp_path / "plain")
    plain, _ = run_sensitivity(
        plan_sensitivity([9], keys, 6, 2_000, None, tmp_path / "plain"), tmp_path / "p"
    )
    assert plain == expert
    verdict(tmp_path / "delayed", sets=["rescue.delay_turns=10"])
    plan = plan_sensitivity([9], ["rescue.delay_turns"], 6, 2_000, None, tmp_path / "delayed")
    assert [r.value for r in plan.readings[9]] == [5, 15]  # around the verdict's own 10


def test_balance_sensitivity_prints_json_rows_and_a_table(tmp_path):
    runner = CliRunner()
    args = ["sensitivity", "--players", "9", "--keys", "rescue.delay_turns", "--seed", "1"]
    out = ["--games", "2000", "--out", str(tmp_path / "s")]
    result = runner.invoke(app, [*args, *out, "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [list(r) for r in rows] == [[*FIELDS, "games"]] * 2
    assert {(r["baseline"], r["alternative"]) for r in rows} == {(15, 10), (15, 20)}
    table = runner.invoke(app, [*args, *out])
    assert table.exit_code == 0
    assert "9 players, expert against expert: the humans win" in table.stdout
    assert "rescue.delay_turns: 15 -> 20" in table.stdout


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--games", "2000", "--precision", "0.01"], "--games 2000 and --precision 0.01: both"),
        (["--precision", "0"], "--precision: 0.0 is not allowed"),
        (["--keys", "rescue.nope"], "--keys: 'rescue.nope' is not allowed"),
        (["--players", "10"], "--players: 10 is not allowed"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(tmp_path, extra, message):
    base = {"--players": "9", "--seed": "1", "--out": str(tmp_path / "s"), "--games": "2000"}
    for flag, value in zip(extra[::2], extra[1::2]):
        base[flag] = value
    if "--precision" in extra and "--games" not in extra:
        del base["--games"]
    args = ["sensitivity", *(x for kv in base.items() for x in kv)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert message in result.stderr
    assert not (tmp_path / "s").exists()


def test_a_folder_of_another_seed_is_refused(tmp_path):
    keys = ["rescue.wait_for_clear"]
    run_sensitivity(plan_sensitivity([9], keys, 1, 2_000, None), tmp_path / "s")
    with pytest.raises(Exception, match="other settings \\(seed\\)"):
        run_sensitivity(plan_sensitivity([9], keys, 2, 2_000, None), tmp_path / "s")


def test_run_to_a_precision_stops_at_the_first_batch_that_reaches_it(tmp_path):
    """Both win rates' Wilson intervals reach the half-width at the games played, not one
    batch earlier; the records are those of a run of that many games."""
    from balance.runner import run
    from balance.summary import wilson_interval

    result = run(9, None, 8, precision=0.015, keep_records=True, out=tmp_path / "r.parquet")
    n = result.provenance.games
    assert n % PRECISION_BATCH == 0 and result.summary()["precision"] == 0.015

    def widest(records):
        return max(
            (high - low) / 2
            for side in (codes.HUMANS, codes.THINGS)
            for low, high in [wilson_interval(int((records["winner"] == side).sum()), len(records))]
        )

    assert widest(result.records) <= 0.015 < widest(result.records[: n - PRECISION_BATCH])
    assert np.array_equal(result.records, run_games(load_config(9), n, 8))
    import pyarrow.parquet as pq

    meta = json.loads(pq.read_schema(tmp_path / "r.parquet").metadata[b"balance"])
    assert meta["games"] == n and meta["precision"] == 0.015
    assert pq.read_metadata(tmp_path / "r.parquet").num_rows == n


def test_balance_run_refuses_games_with_precision(tmp_path):
    result = CliRunner().invoke(app, ["run", "--games", "100", "--precision", "0.01"])
    assert result.exit_code == 2 and "both given" in result.stderr


def test_a_sweep_to_a_precision_plays_each_cell_until_it_is_reached(tmp_path):
    from balance.sweep import plan_sweep, read_sweep, run_sweep

    plan = plan_sweep([9], {"rescue.delay_turns": ["10", "20"]}, games=None, precision=0.03)
    run_sweep(plan, tmp_path / "sw")
    manifest, records = read_sweep(tmp_path / "sw")
    assert manifest["settings"]["precision"] == 0.03 and manifest["settings"]["games"] is None
    games = records.group_by("rescue.delay_turns").len()["len"].to_list()
    assert all(g % PRECISION_BATCH == 0 for g in games)


def test_report_draws_a_tornado_per_count_and_lists_the_top_assumptions(tmp_path):
    from balance.report import write_report
    from balance.sweep import plan_sweep, run_sweep

    run_sweep(plan_sweep([9], {"rescue.delay_turns": ["10", "15"]}, games=500), tmp_path / "sw")
    keys = ["rescue.delay_turns", "thing.throw_back_ap", "sanity.reset"]
    run_sensitivity(plan_sensitivity([9], keys, 1, 2_000, None), tmp_path / "s")
    report = write_report(tmp_path / "sw", tmp_path / "rep", sensitivity=[tmp_path / "s"])
    text = report.read_text()
    assert (tmp_path / "rep" / "tornado_expert_9p.png").stat().st_size > 10_000
    assert "## Which unwritten rules decide the balance (expert against expert)" in text
    title = "### The 10 assumptions that move balance most, 9 players (expert against expert)"
    section = text.split(title)[1]
    items = [line for line in section.splitlines() if line[:3] in ("1. ", "2. ", "3. ")]
    assert len(items) == 3  # all three keys cite a GAP
    assert "The original states the humans' goal" in section  # GAP-6's text, from docs/rules.md
    assert Path(report).parent == tmp_path / "rep"

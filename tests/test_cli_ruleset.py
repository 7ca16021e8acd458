"""`--ruleset`: the commands that play games take the classic ruleset as `ruleset=classic` in
their overrides, so that it reaches every config they resolve and the provenance they write."""

from __future__ import annotations

import json
import re

import pyarrow.parquet as pq
import pytest
import typer
from typer.testing import CliRunner

from balance import codes
from balance.cli import app
from balance.config import load_config
from balance.runner import run_games

CLASSIC = ["ruleset=classic"]
WITH_RULESET = ["run", "matrix", "policies", "sweep", "sensitivity", "check", "tune"]
WITH_RULESET += ["equilibrium", "bench", "replay"]
WITHOUT_RULESET = ["report", "baseline", "cache"]


def _invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def _assert_one_error_line(result, name: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and name in lines[0], lines[0]
    assert "Traceback" not in result.output and result.stdout == ""
    return lines[0]


def test_run_classic_plays_the_classic_games_and_says_so(tmp_path):
    path = tmp_path / "games.parquet"
    args = ["--games", "300", "--seed", "4", "--json"]
    summary = json.loads(_invoke("run", "--ruleset", "classic", *args, "--out", str(path)).stdout)
    cfg = load_config(12, CLASSIC)
    assert cfg.ruleset == "classic" and "helicopter.fuel_needed" in cfg.values  # a classic key
    assert summary["config_hash"] == cfg.hash != load_config(12).hash
    meta = json.loads(pq.read_schema(path).metadata[b"balance"])
    assert "ruleset=classic" in meta["overrides"] and set(meta["overrides"]) == set(CLASSIC)
    assert meta["config_hash"] == cfg.hash
    # the very games the runner plays for the classic config
    winners = run_games(cfg, 300, 4)["winner"]
    assert summary["human_win_rate"] == (winners == codes.HUMANS).mean()
    assert summary["thing_win_rate"] == (winners == codes.THINGS).mean()


def test_run_table_shows_the_ruleset_in_its_overrides():
    out = _invoke("run", "--ruleset", "classic", "--games", "200", "--set", "things.start=1").stdout
    cfg = load_config(12, [*CLASSIC, "things.start=1"])
    assert f"config {cfg.hash}" in out
    assert "overrides: ruleset=classic things.start=1" in " ".join(out.split())


def test_the_default_ruleset_adds_no_override():
    """--ruleset nemesis is the default: the same config and no `ruleset=` in the provenance,
    and the option wins over a `--set ruleset=...` given beside it."""
    plain = json.loads(_invoke("run", "--games", "100", "--json").stdout)
    named = json.loads(_invoke("run", "--ruleset", "nemesis", "--games", "100", "--json").stdout)
    both = ["--ruleset", "nemesis", "--set", "ruleset=classic", "--games", "100", "--json"]
    overruled = json.loads(_invoke("run", *both).stdout)
    assert plain == {**named, "games_per_second": plain["games_per_second"]}
    assert overruled["config_hash"] == plain["config_hash"] == load_config(12).hash


@pytest.mark.parametrize("command", WITH_RULESET)
def test_an_unknown_ruleset_is_one_error_line(command, tmp_path):
    """Refused before any game is played or any file written."""
    required = {
        "sweep": ["--players", "12", "--seed", "0", "--games", "10", "--out", str(tmp_path / "o")],
        "sensitivity": ["--players", "12", "--seed", "0", "--out", str(tmp_path / "o")],
        "tune": ["--out", str(tmp_path / "o.toml"), "--games", "10", "--trials", "1"],
        "equilibrium": ["--out", str(tmp_path / "o")],
        "run": ["--games", "10", "--out", str(tmp_path / "o.parquet")],
        "matrix": ["--games", "10"],
        "bench": ["--games", "10"],
    }.get(command, [])
    result = CliRunner().invoke(app, [command, "--ruleset", "chess", *required])
    line = _assert_one_error_line(result, "--ruleset")
    assert "'chess' is not allowed (allowed: nemesis, classic)" in line
    assert list(tmp_path.iterdir()) == []


def test_only_the_commands_that_play_take_the_option():
    """compare takes it twice, the two rulesets it compares (tests/test_compare_rulesets.py)."""
    commands = typer.main.get_command(app).commands
    for name in WITH_RULESET + WITHOUT_RULESET + ["compare"]:
        options = {o for p in commands[name].params for o in getattr(p, "opts", [])}
        assert ("--ruleset" in options) == (name not in WITHOUT_RULESET), name


def test_policies_lists_the_classic_policies_and_their_knobs():
    out = _invoke("policies", "--ruleset", "classic").stdout
    humans, things = out.split("things:")
    for side in (humans, things):  # the classic presets, not the main ruleset's naive
        assert re.findall(r"^  (\w+): ", side, re.MULTILINE) == ["expert", "idle", "random"]
    cfg = load_config(12, CLASSIC)
    for key, text in (("humans.expert.test_blood", humans), ("things.expert.darken", things)):
        assert f"policies.{key} = {cfg[f'policies.{key}']:g}  (0..1)" in text
    overridden = ["--ruleset", "classic", "--set", "policies.humans.expert.test_blood=0"]
    assert (
        "policies.humans.expert.test_blood = 0  (0..1)" in _invoke("policies", *overridden).stdout
    )


def test_bench_times_the_classic_presets():
    args = ["--ruleset", "classic", "--players", "9,12", "--games", "20", "--json"]
    results = json.loads(_invoke("bench", *args).stdout)
    cells = [(r["players"], r["humans_policy"], r["things_policy"]) for r in results]
    # the default pairings the classic ruleset has (it has no naive)
    pairs = [("expert", "expert"), ("idle", "idle"), ("random", "random")]
    assert cells == [(n, h, t) for n in (9, 12) for h, t in pairs]
    for r in results:
        cfg = load_config(r["players"], CLASSIC)
        assert r["ruleset"] == "classic" and r["config_hash"] == cfg.hash
        assert r["things"] == cfg["things.start"]
    table = _invoke("bench", "--ruleset", "classic", "--players", "9", "--games", "5").stdout
    assert "the classic ruleset" in table


def test_bench_refuses_a_pairing_the_ruleset_has_not():
    args = ["bench", "--ruleset", "classic", "--pairings", "naive:naive", "--games", "5"]
    line = _assert_one_error_line(CliRunner().invoke(app, args), "--pairings")
    assert "humans one of expert, idle, random" in line and "classic ruleset" in line


def test_matrix_plays_the_classic_presets():
    cells = json.loads(
        _invoke(
            "matrix", "--ruleset", "classic", "--players", "9", "--games", "60", "--json"
        ).stdout
    )
    pairs = sorted((c["humans_policy"], c["things_policy"]) for c in cells)
    assert pairs == sorted(
        (h, t) for h in ("idle", "random", "expert") for t in ("idle", "random", "expert")
    )
    expert = next(c for c in cells if c["humans_policy"] == c["things_policy"] == "expert")
    winners = run_games(load_config(9, CLASSIC), 60, 0)["winner"]
    assert expert["human_win_rate"] == (winners == codes.HUMANS).mean()


def test_sweep_cells_carry_the_ruleset(tmp_path):
    out = tmp_path / "sweep"
    args = ["--ruleset", "classic", "--players", "12", "--seed", "1", "--games", "100"]
    _invoke("sweep", *args, "--grid", "things.start=1,2", "--out", str(out))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["settings"]["sets"] == CLASSIC
    hashes = {c["config_hash"] for c in manifest["cells"].values()}
    assert hashes == {load_config(12, [*CLASSIC, f"things.start={n}"]).hash for n in (1, 2)}


def test_sensitivity_ranks_the_classic_assumptions_on_classic_games(tmp_path):
    """The classic ruleset's keys and readings, played on classic games; its folder is its own."""
    from balance.sensitivity import default_keys

    keys = default_keys("classic")
    assert "helicopter.failed_flight" in keys and "game.start" in keys  # CL-GAP keys
    assert not set(keys) & {"rescue.delay_turns", "generator.burn_per_turn"}
    out = tmp_path / "s"
    args = ["--ruleset", "classic", "--players", "12", "--seed", "0", "--games", "2000"]
    rows = json.loads(
        _invoke(
            "sensitivity", *args, "--keys", "helicopter.failed_flight", "--out", str(out), "--json"
        ).stdout
    )
    assert [r["key"] for r in rows] == ["helicopter.failed_flight"]
    assert (rows[0]["baseline"], rows[0]["alternative"]) == ("crash", "grounded")
    grounded = run_games(
        load_config(12, [*CLASSIC, 'helicopter.failed_flight="grounded"']), 2000, 0
    )
    assert rows[0]["human_win_rate"] == (grounded["winner"] == codes.HUMANS).mean()
    nemesis = ["--players", "12", "--seed", "0", "--games", "2000", "--out", str(out)]
    result = CliRunner().invoke(app, ["sensitivity", *nemesis])
    assert result.exit_code == 2 and "--keys" not in result.stderr  # another ruleset's folder

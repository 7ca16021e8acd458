"""The `balance` commands end to end on small runs."""

from __future__ import annotations

import json
import re
import stat
import statistics

import polars as pl
import pyarrow.parquet as pq
import pytest
import typer
from typer.testing import CliRunner

import balance
from balance import codes
from balance.cli import app
from balance.config import load_config
from balance.records import FIELD_NAMES, to_polars
from balance.runner import run_games
from balance.summary import Provenance, summarize

SUMMARY_KEYS = {
    "players",
    "things",
    "games",
    "seed",
    "config_hash",
    "version",
    "rules_version",
    "human_win_rate",
    "human_win_ci",
    "thing_win_rate",
    "thing_win_ci",
    "timeout_rate",
    "end_reasons",
    "mean_turns",
    "median_turns",
    "deaths_by_cause",
    "mean_infections",
    "mean_conversions",
    "levers",
    "games_per_second",
}


def _invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def test_run_json_prints_one_summary_object():
    result = _invoke("run", "--players", "9", "--games", "200", "--seed", "3", "--json")
    summary = json.loads(result.stdout)  # the whole of stdout is one JSON object
    assert SUMMARY_KEYS <= set(summary)
    assert summary["players"] == 9 and summary["games"] == 200 and summary["seed"] == 3
    assert summary["config_hash"] == load_config(9).hash
    assert sum(summary["end_reasons"].values()) == 200
    assert (
        0 <= summary["human_win_ci"][0] <= summary["human_win_rate"] <= summary["human_win_ci"][1]
    )


def test_run_table_carries_provenance():
    out = _invoke("run", "--games", "50", "--seed", "1").stdout
    cfg = load_config(12)
    assert f"config {cfg.hash}" in out and "seed 1, 50 games" in out
    assert f"balance {balance.__version__}, rules {balance.RULES_VERSION}" in out
    assert "Human wins" in out and "Thing wins" in out


def test_run_out_writes_one_row_per_game(tmp_path, umask):
    path = tmp_path / "games.parquet"
    _invoke(
        "run",
        "--games",
        "120",
        "--seed",
        "2",
        "--set",
        "things.start=3",
        "--out",
        str(path),
        "--json",
    )
    assert [p.name for p in tmp_path.iterdir()] == ["games.parquet"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # as any file the user makes
    df = pl.read_parquet(path)
    assert df.height == 120 and tuple(df.columns) == FIELD_NAMES
    assert df["game"].to_list() == list(range(120))
    meta = json.loads(pq.read_schema(path).metadata[b"balance"])
    cfg = load_config(12, ["things.start=3"])
    assert meta["config_hash"] == cfg.hash and meta["seed"] == 2 and meta["games"] == 120
    assert meta["version"] == balance.__version__ and meta["overrides"] == ["things.start=3"]


def test_run_streams_batches_into_the_summary_and_file_of_all_records(tmp_path, monkeypatch):
    """`balance run` folds and writes batch by batch (here batches of 700 games, the last of 200);
    its summary and Parquet file are those of all the records taken at once."""
    monkeypatch.setattr("balance.runner.PROGRESS_MIN_BATCH", 700)
    path = tmp_path / "games.parquet"
    args = ["--games", "3000", "--seed", "8", "--set", "things.start=3", "--humans", "naive"]
    summary = json.loads(_invoke("run", *args, "--out", str(path), "--json").stdout)
    cfg = load_config(12, ["things.start=3"])
    records = run_games(cfg, 3000, 8, "naive")
    provenance = Provenance(
        players=12,
        things=3,
        games=3000,
        seed=8,
        config_hash=cfg.hash,
        humans_policy="naive",
        overrides=("things.start=3",),
    )
    expected = summarize(records, provenance, 1.0)
    assert summary["games_per_second"] > 0
    summary["games_per_second"] = expected["games_per_second"] = None  # a timing
    assert json.dumps(summary) == json.dumps(expected)  # same keys in order, same numbers

    assert pq.ParquetFile(path).metadata.num_row_groups == 5
    assert [p.name for p in tmp_path.iterdir()] == ["games.parquet"]
    # the file written at once before `run` streamed
    meta = {
        "players": 12,
        "things": 3,
        "games": 3000,
        "seed": 8,
        "config_hash": cfg.hash,
        "version": balance.__version__,
        "rules_version": balance.RULES_VERSION,
        "humans_policy": "naive",
        "things_policy": "expert",
        "overrides": ["things.start=3"],
    }
    table = to_polars(records).to_arrow()
    table = table.replace_schema_metadata(
        {**(table.schema.metadata or {}), b"balance": json.dumps(meta).encode()}
    )
    pq.write_table(table, tmp_path / "one-shot.parquet")
    assert pl.read_parquet(path).equals(pl.read_parquet(tmp_path / "one-shot.parquet"))
    assert pq.read_schema(path).metadata == pq.read_schema(tmp_path / "one-shot.parquet").metadata


def test_interrupted_run_leaves_an_existing_file_untouched(tmp_path, monkeypatch):
    """Ctrl-C after the first batch: exit 130, no summary, the earlier file as it was and no
    temporary file."""
    from balance.runner import play_batches

    def first_batch_then_ctrl_c(*args, **kwargs):
        yield next(iter(play_batches(*args, **kwargs)))
        raise KeyboardInterrupt

    monkeypatch.setattr("balance.runner.play_batches", first_batch_then_ctrl_c)
    path = tmp_path / "games.parquet"
    path.write_bytes(b"an earlier run")
    result = CliRunner().invoke(app, ["run", "--games", "5000", "--out", str(path), "--json"])
    assert result.exit_code == 130 and result.stdout == ""
    assert list(tmp_path.iterdir()) == [path] and path.read_bytes() == b"an earlier run"


@pytest.mark.parametrize("players, seed, game", [(9, 11, 0), (12, 5, 3), (15, 8, 6)])
def test_replay_jsonl_matches_the_batch_record(players, seed, game):
    lines = _invoke(
        "replay", "--players", str(players), "--seed", str(seed), "--game", str(game), "--jsonl"
    ).stdout.splitlines()
    objects = [json.loads(line) for line in lines]
    first, last = objects[0], objects[-1]
    assert first["event"] == "turn_start" and first["turn"] == 1
    assert {"weather", "generators", "locations", "characters"} <= set(first)
    assert len(first["generators"]) == 3 and len(first["locations"]) == codes.N_ROOMS
    assert len(first["characters"]) == players
    assert set(first["characters"][0]) == {
        "id",
        "profession",
        "location",
        "hp",
        "max_hp",
        "frost_marks",
        "parka",
        "physical",
        "alive",
        "conscious",
        "is_thing",
        "archetype",
        "infected",
        "hands",
        "holds_for_things",
    }
    assert first["characters"][0]["holds_for_things"] == []  # nothing heard or seen before turn 1
    record = run_games(load_config(players), game + 1, seed)[game]
    assert last == {
        "event": "game_end",
        "turn": int(record["end_turn"]),
        "winner": codes.WINNER_NAMES[record["winner"]],
        "reason": codes.REASON_NAMES[record["reason"]],
    }
    turns = [o["turn"] for o in objects]
    assert turns == sorted(turns)
    assert [o["turn"] for o in objects if o["event"] == "turn_start"] == list(
        range(1, int(record["end_turn"]) + 1)
    )
    assert all("actor" in o for o in objects[1:-1] if o["event"] != "turn_start")


def test_replay_first_turn_shows_the_setup():
    """Turn 1's snapshot, after its start-of-turn effects: full generators less one burn, none
    broken yet, the rooms at their configured temperatures, every character alive."""
    cfg = load_config(12)
    first = json.loads(_invoke("replay", "--seed", "4", "--jsonl").stdout.splitlines()[0])
    full_less_burn = cfg["generator.start_fuel"] - cfg["generator.burn_per_turn"]
    assert first["generators"] == [
        {"block": b, "fuel_units": full_less_burn, "running": True, "broken": False}
        for b in (1, 2, 3)
    ]
    rooms = {loc["name"]: loc for loc in first["locations"]}
    assert rooms["street"]["block"] is None and rooms["tower"]["block"] == "tower"
    assert rooms["generator_2"]["block"] == 2
    assert rooms["street"]["temperature"] == cfg["temperature.street"]
    assert rooms["freezer"]["temperature"] == cfg["temperature.freezer"]
    assert all(c["alive"] and c["hp"] == c["max_hp"] for c in first["characters"])
    assert sum(c["is_thing"] for c in first["characters"]) == cfg["things.start"]
    # ARCH-1: distinct archetypes for the starting Things (nobody is converted before turn 1)
    archetypes = [c["archetype"] for c in first["characters"] if c["is_thing"]]
    assert len(set(archetypes) - {"none"}) == cfg["things.start"]
    assert {c["archetype"] for c in first["characters"] if not c["is_thing"]} == {"none"}


def test_replay_text_log():
    lines = _invoke("replay", "--seed", "5", "--game", "3").stdout.splitlines()
    assert lines[0].startswith("replay of game 3, seed 5: 12 players")
    thing = r"#\d+ \([a-z_]+\), (queen|soldier|mutant)"
    assert re.fullmatch(f"the starting Things and their archetypes: {thing}; {thing}", lines[1])
    assert lines[2].startswith("turn 1: ")
    assert "game over" in lines[-1]


def test_policies_lists_both_sides():
    out = _invoke("policies").stdout
    humans, things = out.split("things:")
    for side in (humans, things):
        for name in ("idle", "random", "naive", "expert"):
            assert f"  {name}: " in side
    assert "policies.humans.naive.fuel_low = 0.5" in humans


def test_policies_shows_overrides():
    out = _invoke("policies", "--set", "policies.things.expert.infect_chance=0.25").stdout
    assert "policies.things.expert.infect_chance = 0.25" in out


def test_bench_json_has_one_entry_per_preset_and_pairing():
    args = ["--players", "9,12", "--games", "20", "--pairings", "expert:expert,idle:random"]
    results = json.loads(_invoke("bench", *args, "--repeat", "3", "--json").stdout)
    cells = [(r["players"], r["humans_policy"], r["things_policy"]) for r in results]
    assert cells == [
        (9, "expert", "expert"),
        (9, "idle", "random"),
        (12, "expert", "expert"),
        (12, "idle", "random"),
    ]
    for r in results:
        assert r["games"] == 20 and r["repeat"] == 3
        assert r["things"] == load_config(r["players"])["things.start"]
        assert len(r["runs_games_per_second"]) == len(r["runs_seconds"]) == 3
        assert r["runs_games_per_second"] == [20 / s for s in r["runs_seconds"]]
        assert r["games_per_second"] == statistics.median(r["runs_games_per_second"]) > 0
        assert r["threads"] >= 1 and r["peak_rss_mib"] > 0
        assert r["config_hash"] == load_config(r["players"]).hash


def test_bench_default_pairings():
    results = json.loads(_invoke("bench", "--players", "9", "--games", "5", "--json").stdout)
    pairings = [(r["humans_policy"], r["things_policy"]) for r in results]
    assert pairings == [
        ("expert", "expert"),
        ("naive", "naive"),
        ("idle", "idle"),
        ("random", "random"),
    ]
    assert all(len(r["runs_games_per_second"]) == 1 for r in results)


def test_bench_table_names_every_pairing():
    out = _invoke("bench", "--players", "9", "--games", "5", "--pairings", "naive:saboteur").stdout
    assert "one run per cell" in out
    assert "naive" in out and "saboteur" in out and "peak RSS (MiB)" in out


def test_matrix_plays_every_pair_of_presets_on_the_same_games():
    """Issue 5's skill matrix: one cell per pair of presets, each the very games `run` plays
    for that pair (same seed, same game indices)."""
    from balance.matrix import presets
    from balance.runner import run_games
    from policies import names

    cells = json.loads(_invoke("matrix", "--players", "9", "--games", "60", "--json").stdout)
    pairs = [(c["humans_policy"], c["things_policy"]) for c in cells]
    assert sorted(pairs) == sorted((h, t) for h in names(codes.HUMANS) for t in names(codes.THINGS))
    assert presets(codes.HUMANS)[:4] == ["idle", "random", "naive", "expert"]
    for c in cells:
        low, high = c["human_win_ci"]
        assert low <= c["human_win_rate"] <= high and c["games"] == 60
        if c["humans_policy"] == "idle":  # nobody calls for help, nobody kills a Thing
            assert c["human_win_rate"] == 0
    naive = next(c for c in cells if c["humans_policy"] == c["things_policy"] == "naive")
    records = run_games(load_config(9), 60, 0, "naive", "naive")
    assert naive["human_win_rate"] == (records["winner"] == codes.HUMANS).mean()


def test_matrix_prints_one_table_per_player_count():
    out = _invoke("matrix", "--players", "9,12", "--games", "5").stdout
    assert "9 players" in out and "12 players" in out
    for name in ("idle", "random", "naive", "expert", "saboteur"):
        assert name in out


def _help_paragraphs(text: str) -> list[list[str]]:
    """The lines of each paragraph of a help page's text outside its boxes, and of each
    command's entry in its Commands box (the option boxes' narrow columns wrap at long words)."""
    paragraphs, current, box = [], [], None
    for line in text.splitlines():
        row = line.strip()
        if row.startswith(("╭", "╰")) or not row.strip("│ "):
            paragraphs, current = paragraphs + [current] * bool(current), []
            box = row.strip("╭─ ╮") if row.startswith("╭") else None
        elif box is None:
            current.append(row)
        elif box == "Commands":
            inner = row.strip("│").rstrip()
            if not inner.startswith(" " * 4):  # a command's first row
                paragraphs, current = paragraphs + [current] * bool(current), []
            current.append(inner.strip())
    return paragraphs + [current] * bool(current)


COMMANDS = list(typer.main.get_command(app).commands)


@pytest.mark.parametrize(
    "command", [[]] + [[name] for name in COMMANDS], ids=["balance", *COMMANDS]
)
def test_help_reflows_docstrings_and_keeps_brackets(command):
    """--help fills its lines: a docstring's own line breaks are not kept (a paragraph's lines
    before its last are not cut short), and text in brackets is shown, not read as markup."""
    text = _invoke(*command, "--help").stdout
    for lines in _help_paragraphs(text):
        assert all(len(line) >= 45 for line in lines[:-1]), lines
    if command == ["sweep"]:
        assert "'.[dask]'" in text

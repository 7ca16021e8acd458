"""A sweep's balance report: `report.md` with provenance, tables and PNG charts in one folder.

The report is built in a temporary folder beside its destination and moved into place only when
every file is written, so a reader finds the previous report or the new one, never a mix or a
half-written file. Replacing an existing folder takes two renames (old aside, new in); the old
one is deleted afterwards. A folder that exists and holds anything but an earlier report is
refused rather than replaced. The report holds no timestamp: the same sweep gives the same
Markdown.

Its figures (seed, games per cell, win rates) come from the cell files, each checked to belong
to the sweep (balance.sweep.read_sweep): the manifest only says which cells were planned, and a
hand edit of it changes no number. A damaged cell or one of another sweep stops the report with
one line naming the file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any, Sequence

import polars as pl
from matplotlib.figure import Figure

import balance
from balance import plots
from balance.errors import ConfigError
from balance.files import temporary_beside
from balance.summary import END_REASONS
from balance.sweep import (
    POLICY_AXES,
    games_per_cell,
    Grid,
    is_numeric,
    load_manifest,
    read_sweep,
    summarize_cells,
)

REPORT_FILE = "report.md"
DPI = 120
TOP_REASONS = 3  # end reasons listed per cell in the table of every cell


def write_report(
    sweep_dir: Path,
    out: Path,
    equilibrium: Path | None = None,
    sensitivity: Sequence[Path] = (),
    rulesets: Path | None = None,
) -> Path:
    """Write `out/report.md` and its PNG charts for the sweep in `sweep_dir`, with a section on
    the equilibrium verdict in the folder `equilibrium` (its equilibrium.toml) when given, one
    on each `balance sensitivity` folder of `sensitivity`, and one on the two editions compared
    in the file `rulesets` (`balance compare --ruleset A --ruleset B --out`); return the path of
    report.md. Raises ConfigError for a directory without a sweep, a folder without a verdict
    or a ranking, a file that is no comparison, or an unusable `out`."""
    from balance.equilibrium import load_verdict
    from balance.sensitivity import read_ranking

    sweep_dir, out = Path(sweep_dir), Path(out)
    load_manifest(sweep_dir)  # a directory without a sweep is named before the destination
    verdict = load_verdict(equilibrium) if equilibrium is not None else {}
    rankings = [read_ranking(folder) for folder in sensitivity]
    comparison = read_comparison(rulesets) if rulesets is not None else None
    _check_destination(sweep_dir, out)
    # the settings (seed, games, ...) are the cells' own, not the manifest's, which says what
    # was planned but can be edited by hand
    manifest, records = read_sweep(sweep_dir)
    axes = [a for a in manifest["axes"] if a in records.columns]
    summary = summarize_cells(records, axes)
    grid = Grid.from_manifest(manifest)

    tmp = temporary_beside(out)
    tmp.mkdir()
    try:
        charts = _write_charts(tmp, summary, records, grid, plots.sweep_provenance(manifest))
        text = _markdown(sweep_dir, manifest, summary, grid, charts)
        if verdict:
            text = _with_equilibrium(text, verdict, tmp)
        for ranking in rankings:
            text = _with_sensitivity(text, ranking, tmp)
        if comparison is not None:
            text = _with_rulesets(text, comparison, tmp)
        (tmp / REPORT_FILE).write_text(text)
        _publish(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out / REPORT_FILE


def _check_destination(sweep_dir: Path, out: Path) -> None:
    sweep, dest = sweep_dir.resolve(), out.resolve()
    if dest == sweep or dest in sweep.parents:
        raise ConfigError(
            f"--out: {str(out)!r} is not allowed (allowed: a folder that does not hold the sweep, "
            "e.g. DIR/report)"
        )
    if not out.parent.is_dir():
        raise ConfigError(
            f"--out: {str(out)!r} is not allowed (allowed: a folder in an existing directory)"
        )
    if out.exists() and (
        not out.is_dir() or (any(out.iterdir()) and not (out / REPORT_FILE).exists())
    ):
        raise ConfigError(
            f"--out: {str(out)!r} exists and is not a report folder (allowed: a new or empty "
            f"folder, or one holding an earlier {REPORT_FILE}, which is replaced)"
        )


def _publish(tmp: Path, out: Path) -> None:
    if not out.exists():
        os.replace(tmp, out)
        return
    old = temporary_beside(out)
    os.replace(out, old)  # a rename: the old report stays whole until deleted
    os.replace(tmp, out)
    shutil.rmtree(old)


# ----------------------------------------------------------------------------------------------
# Charts
# ----------------------------------------------------------------------------------------------


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")


def _save(fig: Figure, folder: Path, name: str) -> str:
    line = plots.provenance_of(fig)
    fig.savefig(
        folder / name,
        dpi=DPI,
        metadata={"Description": line, "Software": f"balance {balance.__version__}"},
    )
    return line


def _write_charts(
    folder: Path,
    summary: pl.DataFrame,
    records: pl.DataFrame,
    grid: Grid,
    provenance: str,
) -> list[tuple[str, str, str, str]]:
    """Draw every chart that applies; return (section title, file, caption, provenance)."""
    charts: list[tuple[str, str, str, str]] = []

    def add(title: str, name: str, fig: Figure, caption: str) -> None:
        charts.append((title, name, caption, _save(fig, folder, name)))

    add(
        "Win rate per player count",
        "win_rate_by_players.png",
        plots.win_rate_by_players(summary, provenance, grid=grid),
        "Human and Thing win rates at each player count's baseline config, "
        "with Wilson 95% intervals.",
    )
    for axis in grid.axes:
        others = [a for a in grid.axes if a != axis]
        held = f"; {', '.join(others)} at baseline" if others else ""
        add(
            f"Win rate vs {axis}",
            f"win_rate_vs_{_slug(axis)}.png",
            plots.win_rate_vs_parameter(summary, axis, provenance, grid=grid),
            f"Human win rate against {axis}, one line per player count with its Wilson 95% "
            f"band{held}; rings mark the baseline value.",
        )
    if len(grid.config_axes) >= 2:
        x_axis, y_axis = grid.config_axes[:2]
        for p in grid.players:
            add(
                f"Heat map: {x_axis} x {y_axis}, {p} players",
                f"heatmap_{_slug(x_axis)}_{_slug(y_axis)}_{p}p.png",
                plots.heatmap_two_parameters(summary, x_axis, y_axis, p, provenance, grid=grid),
                f"Human win rate at {p} players over {x_axis} and {y_axis} (other axes at "
                "baseline), with the 50% contour where the rate crosses it.",
            )
    add(
        "End reasons",
        "end_reasons.png",
        plots.end_reasons_stacked(summary, provenance, grid=grid),
        "Share of games by end reason"
        + (
            f" for each value of {grid.axes[0]} at each player count."
            if len(grid.axes) == 1
            else " at each player count's baseline config."
        ),
    )
    add(
        "Game length",
        "game_length.png",
        plots.game_length_distribution(records, provenance, grid=grid),
        "Distribution of the turn games end on at each player count's baseline config.",
    )
    if all(a in grid.axes for a in POLICY_AXES):
        for p in grid.players:
            add(
                f"Skill matrix, {p} players",
                f"skill_matrix_{p}p.png",
                plots.skill_matrix(summary, p, provenance, grid=grid),
                f"Human win rate at {p} players for each pairing of the humans' policy (rows) "
                "and the Things' policy (columns), with Wilson 95% intervals.",
            )
    return charts


# ----------------------------------------------------------------------------------------------
# Markdown
# ----------------------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _with_interval(row: dict[str, Any], side: str) -> str:
    return (
        f"{_pct(row[f'{side}_rate'])} "
        f"[{100 * row[f'{side}_low']:.1f}, {100 * row[f'{side}_high']:.1f}]"
    )


def _top_reasons(row: dict[str, Any]) -> str:
    shares = sorted(
        ((row[f"share_{r}"], r) for r in END_REASONS if row[f"share_{r}"] > 0), reverse=True
    )
    return ", ".join(f"{r} {_pct(s)}" for s, r in shares[:TOP_REASONS]) or "-"


def _table(header: list[str], rows: list[list[str]], align: str) -> list[str]:
    """A Markdown table; `align` holds one letter per column: l(eft) or r(ight)."""
    align = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return lines


def _commands(manifest: dict[str, Any]) -> str:
    """The command that made the sweep, and those that resumed or grew it, in order."""
    commands = manifest.get("commands") or (
        [manifest["command"]] if manifest.get("command") else []
    )
    if not commands:
        return "- command: (not recorded)"
    if len(commands) == 1:
        return f"- command: `{commands[0]}`"
    return "- commands (the first made the sweep, the others grew it):\n" + "\n".join(
        f"  - `{c}`" for c in commands
    )


def _markdown(
    sweep_dir: Path,
    manifest: dict[str, Any],
    summary: pl.DataFrame,
    grid: Grid,
    charts: list[tuple[str, str, str, str]],
) -> str:
    s = manifest["settings"]
    baseline = plots.at_baseline(summary, grid).sort("players")
    base_rows = {r["players"]: r for r in baseline.iter_rows(named=True)}
    n_cells, n_done = len(manifest["cells"]), summary.height
    policies = f"humans={s['humans']}, things={s['things']}"
    if any(a in grid.axes for a in POLICY_AXES):
        policies += " (swept axes override these)"

    md = [f"# Balance report: sweep `{sweep_dir.name}`", "", "## Provenance", ""]
    md += [
        f"- package: balance {s['version']}, rules version {s['rules_version']}"
        + (f", compiled sources {s['source_digest']}" if s.get("source_digest") else ""),
        f"- seed: {s['seed']}; {games_per_cell(s)}",
        f"- policies: {policies}",
        f"- overrides (`--set`): {' '.join(s['sets']) if s['sets'] else 'none'}",
        _commands(manifest),
        f"- cells: {n_cells}"
        + (f" ({n_done} finished; this report covers those)" if n_done < n_cells else ""),
        f"- players: {', '.join(str(p) for p in grid.players)}; swept axes: "
        + (
            "; ".join(f"{a} = {', '.join(grid.labels[a])}" for a in grid.axes)
            if grid.axes
            else "none"
        ),
        "- baseline config per player count (each axis at the preset's value when swept, "
        "else its first value):",
    ]
    for p in grid.players:
        row = base_rows.get(p)
        values = grid.baseline_label(p)
        config = f"`{row['config_hash']}`" if row else "(cell not finished)"
        md.append(f"  - {p} players: config {config}" + (f" ({values})" if values else ""))

    md += ["", "## Summary per player count (baseline config)", ""]
    md += _table(
        [
            "players",
            "human win rate [95%]",
            "Thing win rate [95%]",
            "time-out share",
            "mean length (turns)",
            "median / p90",
        ],
        [
            [
                str(r["players"]),
                _with_interval(r, "human_win"),
                _with_interval(r, "thing_win"),
                _pct(r["share_timeout"]),
                f"{r['turns_mean']:.1f}",
                f"{r['turns_p50']:g} / {r['turns_p90']:g}",
            ]
            for r in base_rows.values()
        ],
        "rrrrrr",
    )

    md += ["", "## Every cell", ""]
    base_ids = set(baseline["cell"].to_list())
    md += _table(
        [
            "players",
            *grid.axes,
            "human win rate [95%]",
            "Thing win rate",
            "top end reasons",
            "mean turns",
            "baseline",
            "config",
        ],
        [
            [
                str(r["players"]),
                *[grid.label(a, r[a]) for a in grid.axes],
                _with_interval(r, "human_win"),
                _pct(r["thing_win_rate"]),
                _top_reasons(r),
                f"{r['turns_mean']:.1f}",
                "yes" if r["cell"] in base_ids else "",
                f"`{r['config_hash']}`",
            ]
            for r in summary.iter_rows(named=True)
        ],
        "r" + "".join("r" if is_numeric(grid.values[a]) else "l" for a in grid.axes) + "rrlrll",
    )

    md += ["", "## Charts", ""]
    for title, name, caption, line in charts:
        md += [f"### {title}", "", f"![{title}]({name})", "", f"*{caption} ({line})*", ""]
    return "\n".join(md).rstrip() + "\n"


# ----------------------------------------------------------------------------------------------
# The equilibrium
# ----------------------------------------------------------------------------------------------

EQUILIBRIUM_CHART = "equilibrium_history.png"


def _with_equilibrium(text: str, verdict: dict[int, dict[str, Any]], folder: Path) -> str:
    """The report with a section on the equilibrium verdict after its provenance: the value per
    player count beside expert against expert, each side's exploitability and mixture, what the
    mixtures' strategies do differently from the expert preset, and the loop's history."""
    first = next(iter(verdict.values()))["settings"]
    provenance = (
        f"balance {first['version']}, rules {first['rules_version']}, sources "
        f"{first['source_digest']}, seed {first['seed']}, {first['games']} games a cell and a "
        f"trial, {first['trials']} trials, confirmed on {first['confirm_games']} games"
    )
    line = _save(plots.equilibrium_history(verdict, provenance), folder, EQUILIBRIUM_CHART)
    md = ["", "## Balance at equilibrium", ""]
    md += [
        "The human win rate when both sides play their equilibrium mixture over the strategies "
        "the policies' knobs allow (`balance equilibrium`, docs/equilibrium.md), beside expert "
        "against expert on the same games; the exploitability is what a best response to "
        "the final mixtures still gains (95% intervals in brackets).",
        "",
    ]
    rows = []
    for n, e in sorted(verdict.items()):
        state = "converged" if e["converged"] else "stopped at --iterations"
        rows.append(
            [
                str(n),
                _pct(e["expert_value"]),
                f"{_pct(e['value'])} [{100 * e['value_ci'][0]:.1f}, {100 * e['value_ci'][1]:.1f}]",
                *(
                    f"{100 * e[f'exploitability_{side}']:+.1f} points "
                    f"[{100 * e[f'exploitability_{side}_ci'][0]:+.1f}, "
                    f"{100 * e[f'exploitability_{side}_ci'][1]:+.1f}]"
                    for side in ("humans", "things")
                ),
                f"{e['iterations']} ({state}), {e['seconds'] / 60:.0f} min",
            ]
        )
    md += _table(
        [
            "players",
            "expert vs expert",
            "at equilibrium [95%]",
            "humans' exploitability",
            "Things' exploitability",
            "iterations",
        ],
        rows,
        "rrrrrl",
    )
    md += ["", "### The mixtures", ""]
    for n, e in sorted(verdict.items()):
        for side in ("humans", "things"):
            md.append(f"- {n} players, {side}:")
            for strategy, weight in e["mixture"][side].components:
                md.append(f"  - {strategy.label} ({_pct(weight)}): {_differences(strategy, n)}")
    md += [
        "",
        "### Value and best-response gains per iteration",
        "",
        f"![Value and best-response gains per iteration]({EQUILIBRIUM_CHART})",
        "",
        f"*The meta-game's value at each iteration (dotted: the final value), and what each "
        f"side's best response gained over its mixture; near 0 for both means converged. "
        f"({line})*",
    ]
    head, sep, rest = text.partition("\n## Summary per player count")
    return head.rstrip() + "\n" + "\n".join(md) + "\n" + sep + rest


# ----------------------------------------------------------------------------------------------
# Which unwritten rules decide the balance
# ----------------------------------------------------------------------------------------------

TOP_ASSUMPTIONS = 10  # the assumptions listed, largest effect first
RULES_DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def rule_entries(path: Path = RULES_DOC) -> dict[str, tuple[str, str]]:
    """Each rule ID of docs/rules.md: (its title, its `Assumption:` line: what the original
    says, the reading the kernel takes and the alternatives); {} without the file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    entries: dict[str, tuple[str, str]] = {}
    rule = title = None
    for line in lines:
        if line.startswith("### "):
            rule, _, title = line[4:].partition(": ")
            entries[rule] = (title, "")
        elif rule and line.startswith("- Assumption: "):
            entries[rule] = (title, line[len("- Assumption: ") :])
    return entries


def _with_sensitivity(text: str, ranking: dict[str, Any], folder: Path) -> str:
    """The report with a section on `balance sensitivity`: a tornado chart per player count and
    the assumptions that move balance most, each with what the original says and the
    alternatives (docs/rules.md)."""
    from balance.catalogue.numbers import NUMBERS
    from balance.sensitivity import is_assumption, reading_text

    numbers = {n.key: n for n in NUMBERS}
    entries = rule_entries()
    play = (
        f"the equilibrium mixtures of {ranking['strategies']}"
        if ranking["strategies"]
        else "expert against expert"
    )
    amount = (
        f"until each change's 95% interval is within +-{100 * ranking['precision']:g} points"
        if ranking["precision"]
        else f"{ranking['games']:,} games a reading"
    )
    s = ranking["settings"]
    provenance = (
        f"balance {s['version']}, rules {s['rules_version']}, sources {s['source_digest']}, "
        f"seed {s['seed']}, {play}, {amount}"
    )
    md = ["", f"## Which unwritten rules decide the balance ({play})", ""]
    md += [
        "Each key's alternative readings (`balance sensitivity`) played on the same games as the "
        f"baseline, {amount}: the change of the human win rate with its paired 95% interval.",
        "",
    ]
    for n, base in sorted(ranking["baselines"].items()):
        name = f"tornado_{'equilibrium' if ranking['strategies'] else 'expert'}_{n}p.png"
        line = _save(
            plots.tornado(ranking["rows"], n, base["human_win_rate"], provenance), folder, name
        )
        md += [f"![Readings that move balance most, {n} players]({name})", "", f"*{line}*", ""]
        md += [
            f"### The {TOP_ASSUMPTIONS} assumptions that move balance most, {n} players ({play})",
            "",
        ]
        rows = [r for r in ranking["rows"] if r["players"] == n]
        listed: list[str] = []
        told: set[str] = set()  # the GAPs whose text is given already
        for r in rows:
            number = numbers.get(r["key"])
            if number is None or not is_assumption(number) or r["key"] in listed:
                continue
            listed.append(r["key"])
            gaps = [g for g in number.rule.split() if g.startswith("GAP-")]
            changes = "; ".join(
                f"{reading_text(o['baseline'])} -> {reading_text(o['alternative'])}: "
                f"{100 * o['delta']:+.1f} points [{100 * o['delta_ci'][0]:+.1f}, "
                f"{100 * o['delta_ci'][1]:+.1f}]"
                for o in rows
                if o["key"] == r["key"]
            )
            md.append(f"{len(listed)}. `{r['key']}` ({', '.join(gaps)}): {changes}.")
            for gap in gaps:
                title, assumption = entries.get(gap, ("", ""))
                if gap in told:
                    md.append(f"   - {gap}, {title}: as above.")
                elif assumption:
                    md.append(f"   - {gap}, {title}: {assumption}")
                told.add(gap)
            if len(listed) == TOP_ASSUMPTIONS:
                break
        md.append("")
    return text.rstrip() + "\n" + "\n".join(md)


def _differences(strategy: Any, players: int) -> str:
    """What a strategy sets differently from its preset's defaults, as `knob default -> value`."""
    from balance.config import load_config
    from balance.strategy import knob_key

    if not strategy.knobs:
        return f"the `{strategy.preset}` preset"
    cfg = load_config(players)
    changed = [
        f"{k} {cfg[knob_key(strategy.side, strategy.preset, k)]:g} -> {v:g}"
        for k, v in strategy.knobs
        if v != cfg[knob_key(strategy.side, strategy.preset, k)]
    ]
    return f"`{strategy.preset}` with " + (", ".join(changed) if changed else "its defaults")


# ----------------------------------------------------------------------------------------------
# The two editions side by side
# ----------------------------------------------------------------------------------------------

RULESETS_CHART = "rulesets_side_by_side.png"


def read_comparison(path: Path) -> dict[str, Any]:
    """The rows `balance compare --ruleset A --ruleset B --out FILE` wrote; anything else is a
    one-line ConfigError naming the file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if len(data["rulesets"]) != 2 or not isinstance(data["rows"], list):
            raise ValueError("two rulesets and their rows")
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(
            f"--rulesets: {str(path)!r} is not a comparison of two rulesets ({exc}; allowed: "
            "the file `balance compare --ruleset nemesis --ruleset classic --out FILE` writes)"
        ) from None
    return data


def _with_rulesets(text: str, comparison: dict[str, Any], folder: Path) -> str:
    """The report with a section comparing the two editions: per player count, expert against
    expert and at equilibrium, the human win rate, the turns played and the commonest end
    reasons of each, with the difference; each equilibrium's value and exploitability; and the
    chart of both."""
    first, second = comparison["rulesets"]
    rows = comparison["rows"]
    figures = [r for r in rows if r["figure"] != "verdict"]
    games = figures[0]["games"] if figures else 0
    provenance = f"balance compare --ruleset {first} --ruleset {second}, {games} games a cell"
    line = _save(
        plots.rulesets_side_by_side(rows, (first, second), provenance), folder, RULESETS_CHART
    )

    def cell(value: float, ci: list[float], turns: bool = False) -> str:
        if turns:
            return f"{value:.1f} [{ci[0]:.1f}, {ci[1]:.1f}]"
        return f"{_pct(value)} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"

    def signed(value: float, ci: list[float], turns: bool = False) -> str:
        if turns:
            return f"{value:+.1f} [{ci[0]:+.1f}, {ci[1]:+.1f}]"
        return f"{100 * value:+.1f} points [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]"

    md = ["", f"## The {first} and {second} rulesets side by side", ""]
    md += [
        f"Each ruleset played expert against expert and its stored equilibrium's mixtures on "
        f"{games} games per player count (`balance compare --ruleset {first} --ruleset "
        f"{second}`); 95% intervals in brackets, the difference is {second} minus {first}.",
        "",
    ]
    table = []
    for r in figures:
        if r["figure"] not in ("human_win_rate", "mean_turns"):
            continue
        turns = r["figure"] == "mean_turns"
        table.append(
            [
                str(r["players"]),
                "expert vs expert" if r["play"] == "expert" else "at equilibrium",
                r["label"],
                cell(r["first"], r["first_ci"], turns),
                cell(r["second"], r["second_ci"], turns),
                signed(r["difference"], r["difference_ci"], turns),
            ]
        )
    md += _table(["players", "play", "figure", first, second, "difference"], table, "rllrrr")
    md += ["", "How the games end (the commonest reasons, at equilibrium):", ""]
    reasons = []
    for n in sorted({r["players"] for r in figures}):
        shares = [r for r in figures if r["players"] == n and r["play"] == "equilibrium"]
        shares = [r for r in shares if r["figure"].startswith("share_")]
        for side, name in (("first", first), ("second", second)):
            top = sorted(shares, key=lambda r: -r[side])[:TOP_REASONS]
            reasons.append(
                [
                    str(n),
                    name,
                    ", ".join(f"{r['figure'].removeprefix('share_')} {_pct(r[side])}" for r in top),
                ]
            )
    md += _table(["players", "ruleset", "end reasons"], reasons, "rll")
    md += ["", "Each equilibrium as `balance equilibrium` measured it:", ""]
    verdicts = [
        [
            str(r["players"]),
            r["label"],
            cell(r["value"], r["value_ci"]),
            f"{100 * r['exploitability_humans']:+.1f} points",
            f"{100 * r['exploitability_things']:+.1f} points",
            "yes" if r["converged"] else "no",
        ]
        for r in rows
        if r["figure"] == "verdict"
    ]
    md += _table(
        [
            "players",
            "ruleset",
            "value [95%]",
            "humans' exploitability",
            "Things' exploitability",
            "converged",
        ],
        verdicts,
        "rlrrrl",
    )
    md += [
        "",
        f"![The two rulesets side by side]({RULESETS_CHART})",
        "",
        f"*Left: the human win rate of each ruleset per player count, expert against expert "
        f"(hatched) and at equilibrium, with 95% intervals. Right: how the games end at "
        f"equilibrium. ({line})*",
    ]
    return text.rstrip() + "\n" + "\n".join(md) + "\n"

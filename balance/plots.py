"""Charts of a sweep: win rates with Wilson 95% intervals, parameter effects, end reasons, length.

Every function takes the per-cell summary of `balance.sweep.summarize_cells` (or, for game
length, the per-game records of `balance.sweep.load_records`) and a provenance string, and
returns a `matplotlib.figure.Figure` drawn with the Agg canvas. Figures are built without
pyplot, so nothing is registered in pyplot's global state and nothing needs closing.

The provenance string names what the sweep shares (`sweep_provenance`: package version, rules
version, seed, games per cell); each chart adds the config hash of the cells it draws (or "N
configs") and prints the line in small type at the bottom. `provenance_of(fig)` reads it back.

Where a chart shows one cell per player count, or holds the axes it does not plot fixed, it uses
each axis's baseline (`balance.sweep.Grid.baseline`): the value of the sweep's own configuration
(the player count's preset plus the sweep's `--set` overrides, or the sweep's `--humans`/
`--things` preset for a policy axis) when the grid holds it, else the axis's first value in the
order given. The baseline is chosen per player count, since presets differ (fuel burn, Thing
count).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Normalize
from matplotlib.ticker import MaxNLocator
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

import balance
from policies import DEFAULT
from balance.summary import END_REASONS
from balance.sweep import (
    FLOAT_TOLERANCE,
    POLICY_AXES,
    Grid,
    games_per_cell,
    is_numeric,
    same_value,
)


# Who wins by each end reason: humans in cool colours, Things in warm ones, nobody in grey.
REASON_STYLE = {
    "rescue": ("rescue (humans)", "#1f4e99"),
    "escape": ("escape (humans)", "#5b9bd5"),
    "things_dead": ("all Things dead (humans)", "#3a9a5b"),
    "humans_dead": ("all humans dead (Things)", "#c0392b"),
    "frozen": ("last human frozen (Things)", "#e8843c"),
    "timeout": ("time-out (nobody)", "#9aa5b1"),
    "thing_escaped": ("a Thing flew away (Things)", "#8e44ad"),
    "starved": ("the humans starved (Things)", "#7b3f00"),
}
HUMAN_COLOUR = "#1f4e99"
THING_COLOUR = "#c0392b"
PLAYER_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02")
WIN_RATE_CMAP = "RdBu"  # 0 = Things always win (red), 1 = humans always win (blue)
PROVENANCE_GID = "provenance"
CONTOUR_GID = "contour-50"

_PROVENANCE_MARGIN_IN = 0.28  # inches kept free at the bottom for the provenance line


# ----------------------------------------------------------------------------------------------
# Rows at the baseline
# ----------------------------------------------------------------------------------------------


def _is(column: str, value: Any) -> pl.Expr:
    if is_numeric([value]):
        return (pl.col(column).cast(pl.Float64) - float(value)).abs() <= FLOAT_TOLERANCE
    return pl.col(column) == value


def at_baseline(frame: pl.DataFrame, grid: Grid, hold: Iterable[str] | None = None) -> pl.DataFrame:
    """Rows (summary cells or game records) whose axes in `hold` (default: every axis) are at
    their player count's baseline."""
    hold = grid.axes if hold is None else list(hold)
    parts = []
    for p in grid.players:
        rows = frame.filter(pl.col("players") == p)
        for axis in hold:
            rows = rows.filter(_is(axis, grid.baseline[p][axis]))
        parts.append(rows)
    return pl.concat(parts, how="vertical_relaxed") if parts else frame.clear()


# ----------------------------------------------------------------------------------------------
# Provenance
# ----------------------------------------------------------------------------------------------


def sweep_provenance(manifest: Mapping[str, Any]) -> str:
    """What every chart of a sweep shares: package and rules version, seed, games per cell,
    policies and overrides when they are not the defaults."""
    s = manifest["settings"]
    parts = [
        f"balance {s.get('version', balance.__version__)}",
        f"rules {s.get('rules_version', balance.RULES_VERSION)}",
        f"seed {s['seed']}",
        games_per_cell(s),
    ]
    policies = [
        f"{side}={s[side]}"
        for side in POLICY_AXES
        if s.get(side, DEFAULT) != DEFAULT and side not in manifest["axes"]
    ]
    if policies:
        parts.append("policies " + " ".join(policies))
    if s.get("sets"):
        parts.append("--set " + " ".join(s["sets"]))
    return ", ".join(parts)


def configs_text(hashes: Iterable[str]) -> str:
    """`config <hash>` for one config, `configs <a>, <b>` for two or three, else `N configs`."""
    unique = list(dict.fromkeys(hashes))
    if len(unique) == 1:
        return f"config {unique[0]}"
    if 2 <= len(unique) <= 3:
        return "configs " + ", ".join(unique)
    return f"{len(unique)} configs"


def chart_provenance(provenance: str, cells: pl.DataFrame) -> str:
    """The line a chart prints: the sweep's provenance plus the configs of the cells drawn."""
    if "config_hash" not in cells.columns or cells.height == 0:
        return provenance
    return f"{provenance}, {configs_text(cells['config_hash'].to_list())}"


def provenance_of(fig: Figure) -> str:
    """The provenance line a chart of this module printed."""
    for text in fig.texts:
        if text.get_gid() == PROVENANCE_GID:
            return text.get_text()
    raise ValueError("figure has no provenance line")


# ----------------------------------------------------------------------------------------------
# Figure scaffolding
# ----------------------------------------------------------------------------------------------


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)  # Agg explicitly, without touching pyplot or the global backend
    margin = _PROVENANCE_MARGIN_IN / height
    fig.get_layout_engine().set(rect=(0.0, margin, 1.0, 1.0 - margin))
    return fig


def _stamp(fig: Figure, line: str) -> None:
    fig.text(
        0.005,
        0.008,
        line,
        fontsize=6.5,
        color="#555555",
        ha="left",
        va="bottom",
        gid=PROVENANCE_GID,
        wrap=True,
    )


def _percent_formatter():
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def _percent_axis(ax) -> None:
    ax.yaxis.set_major_formatter(_percent_formatter())


def _no_data(fig: Figure, message: str) -> None:
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.text(0.5, 0.5, message, ha="center", va="center", transform=ax.transAxes)


def _positions(grid: Grid, axis: str) -> tuple[tuple[Any, ...], np.ndarray, list[str]]:
    """Plotting order of an axis's values, their x positions (the values themselves when
    numeric, else 0..n-1) and their tick labels."""
    ordered = grid.ordered(axis)
    if is_numeric(ordered):
        x = np.array([float(v) for v in ordered])
    else:
        x = np.arange(len(ordered), dtype=float)
    return ordered, x, [grid.label(axis, v) for v in ordered]


def _rows_by_value(cells: pl.DataFrame, axis: str, ordered: Sequence[Any]) -> list[dict | None]:
    """One row (or None where the cell is missing) per value, in the order given."""
    rows = []
    for v in ordered:
        match = cells.filter(_is(axis, v))
        rows.append(match.row(0, named=True) if match.height else None)
    return rows


def _grid_or_infer(summary: pl.DataFrame, grid: Grid | None) -> Grid:
    return grid if grid is not None else Grid.infer(summary)


def _text_colour(rgba: Sequence[float]) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


# ----------------------------------------------------------------------------------------------
# Charts
# ----------------------------------------------------------------------------------------------


def win_rate_by_players(
    summary: pl.DataFrame, provenance: str, *, grid: Grid | None = None
) -> Figure:
    """Human and Thing win rates per player count with Wilson 95% error bars, for each player
    count's baseline cell."""
    grid = _grid_or_infer(summary, grid)
    cells = at_baseline(summary, grid).sort("players")
    fig = _figure(6.4, 4.2)
    if cells.height == 0:
        _no_data(fig, "no finished baseline cell")
        _stamp(fig, provenance)
        return fig
    ax = fig.add_subplot()
    players = cells["players"].to_list()
    x = np.arange(len(players), dtype=float)
    for side, colour, offset, name in (
        ("human_win", HUMAN_COLOUR, -0.08, "humans"),
        ("thing_win", THING_COLOUR, 0.08, "Things"),
    ):
        rate = cells[f"{side}_rate"].to_numpy()
        low, high = cells[f"{side}_low"].to_numpy(), cells[f"{side}_high"].to_numpy()
        err = np.vstack([rate - low, high - rate])
        ax.errorbar(
            x + offset,
            rate,
            yerr=np.clip(err, 0.0, None),
            fmt="o",
            color=colour,
            capsize=4,
            label=f"{name} win (95% Wilson interval)",
        )
        for xi, r in zip(x + offset, rate):
            ax.annotate(
                f"{100 * r:.1f}%",
                (xi, r),
                xytext=(7 if offset > 0 else -7, 0),
                textcoords="offset points",
                ha="left" if offset > 0 else "right",
                va="center",
                fontsize=8,
                color=colour,
            )
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xticks(x, [f"{p} players" for p in players])
    ax.set_xlim(-0.6, len(players) - 0.4)
    ax.set_ylim(-0.02, 1.02)
    _percent_axis(ax)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per player count (baseline config)")
    ax.legend(loc="best", fontsize=8, framealpha=0.9)
    ax.grid(axis="y", alpha=0.3)
    _stamp(fig, chart_provenance(provenance, cells))
    return fig


def win_rate_vs_parameter(
    summary: pl.DataFrame, axis: str, provenance: str, *, grid: Grid | None = None
) -> Figure:
    """Human win rate against one swept axis, one line per player count with its Wilson 95%
    band; the other axes held at each player count's baseline. A ring marks the baseline.

    A numeric axis is drawn to scale; a categorical one (a policy preset, a choice) as points
    with error bars, side by side per player count, since no line runs between presets."""
    grid = _grid_or_infer(summary, grid)
    if axis not in grid.values:
        raise ValueError(f"{axis!r} is not a swept axis (axes: {', '.join(grid.axes) or 'none'})")
    ordered, x, ticks = _positions(grid, axis)
    numeric = is_numeric(ordered)
    cells = at_baseline(summary, grid, [a for a in grid.axes if a != axis])
    fig = _figure(6.8, 4.4)
    ax = fig.add_subplot()
    drawn = []
    n = len(grid.players)
    for i, p in enumerate(grid.players):
        rows = _rows_by_value(cells.filter(pl.col("players") == p), axis, ordered)
        have = np.array([r is not None for r in rows])
        if not have.any():
            continue
        drawn.append(cells.filter(pl.col("players") == p))
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        shift = 0.0 if numeric else 0.12 * (i - (n - 1) / 2)
        xs = x[have] + shift
        rate = np.array([r["human_win_rate"] for r in rows if r is not None])
        low = np.array([r["human_win_low"] for r in rows if r is not None])
        high = np.array([r["human_win_high"] for r in rows if r is not None])
        if numeric:
            ax.fill_between(xs, low, high, color=colour, alpha=0.2, linewidth=0)
            ax.plot(xs, rate, marker="o", color=colour, label=f"{p} players")
        else:
            err = np.clip(np.vstack([rate - low, high - rate]), 0.0, None)
            ax.errorbar(xs, rate, yerr=err, fmt="o", capsize=4, color=colour, label=f"{p} players")
        base = grid.baseline[p][axis]
        j = next((k for k, v in enumerate(ordered) if same_value(v, base)), None)
        if j is not None and rows[j] is not None:
            ax.plot(
                x[j] + shift,
                rows[j]["human_win_rate"],
                marker="o",
                markersize=13,
                markerfacecolor="none",
                markeredgecolor=colour,
                linestyle="none",
            )
    ax.plot(
        [],
        [],
        marker="o",
        markersize=11,
        markerfacecolor="none",
        markeredgecolor="black",
        linestyle="none",
        label="baseline value",
    )
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xticks(x, ticks)
    if numeric and len(x) > 1:
        pad = 0.06 * (x.max() - x.min())
        ax.set_xlim(x.min() - pad, x.max() + pad)
    else:
        ax.set_xlim(x.min() - 0.5, x.max() + 0.5)
    ax.set_ylim(-0.02, 1.02)
    _percent_axis(ax)
    name = f"{axis} policy" if axis in POLICY_AXES else axis
    ax.set_xlabel(name)
    ax.set_ylabel("human win rate (95% Wilson interval)")
    others = [a for a in grid.axes if a != axis]
    title = f"Human win rate vs {name}"
    if others:
        title += "\n(other axes at baseline: " + ", ".join(others) + ")"
    ax.set_title(title, fontsize=11)
    ax.legend(fontsize=8, loc="best", framealpha=0.9)
    ax.grid(alpha=0.3)
    shown = pl.concat(drawn, how="vertical_relaxed") if drawn else cells.clear()
    _stamp(fig, chart_provenance(provenance, shown))
    return fig


def heatmap_two_parameters(
    summary: pl.DataFrame,
    x_axis: str,
    y_axis: str,
    players: int,
    provenance: str,
    *,
    grid: Grid | None = None,
) -> Figure:
    """Human win rate over two swept axes at one player count, each cell annotated with its
    rate, and the 50% contour where the grid is at least 2x2 and the rate crosses 50%. Other
    axes are held at the player count's baseline; a missing cell is left blank."""
    grid = _grid_or_infer(summary, grid)
    for axis in (x_axis, y_axis):
        if axis not in grid.values:
            raise ValueError(f"{axis!r} is not a swept axis (axes: {', '.join(grid.axes)})")
    if players not in grid.baseline:
        raise ValueError(f"players={players} is not in the sweep ({grid.players})")
    xs, ys = grid.ordered(x_axis), grid.ordered(y_axis)
    held = [a for a in grid.axes if a not in (x_axis, y_axis)]
    cells = at_baseline(summary.filter(pl.col("players") == players), grid, held)
    rate = np.full((len(ys), len(xs)), np.nan)
    shown = []
    for i, yv in enumerate(ys):
        for j, xv in enumerate(xs):
            match = cells.filter(_is(x_axis, xv) & _is(y_axis, yv))
            if match.height:
                rate[i, j] = match["human_win_rate"][0]
                shown.append(match)
    fig = _figure(max(4.8, 1.1 * len(xs) + 2.6), max(3.8, 0.75 * len(ys) + 2.3))
    ax = fig.add_subplot()
    norm = Normalize(0.0, 1.0)
    masked = np.ma.masked_invalid(rate)
    image = ax.imshow(masked, cmap=WIN_RATE_CMAP, norm=norm, origin="lower", aspect="auto")
    cmap = image.get_cmap()
    for i in range(len(ys)):
        for j in range(len(xs)):
            if not np.isnan(rate[i, j]):
                ax.text(
                    j,
                    i,
                    f"{100 * rate[i, j]:.1f}%",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=_text_colour(cmap(norm(rate[i, j]))),
                )
    finite = rate[np.isfinite(rate)]
    crosses = finite.size > 0 and finite.min() < 0.5 < finite.max()
    drew_contour = len(xs) >= 2 and len(ys) >= 2 and crosses
    if drew_contour:
        contour = ax.contour(
            np.arange(len(xs)),
            np.arange(len(ys)),
            masked,
            levels=[0.5],
            colors="black",
            linewidths=2.0,
        )
        contour.set_gid(CONTOUR_GID)
        ax.clabel(contour, fmt={0.5: "50%"}, fontsize=8)
    base = grid.baseline[players]
    bj = next((j for j, v in enumerate(xs) if same_value(v, base[x_axis])), None)
    bi = next((i for i, v in enumerate(ys) if same_value(v, base[y_axis])), None)
    if bi is not None and bj is not None:
        ax.add_patch(
            Rectangle(
                (bj - 0.5, bi - 0.5), 1, 1, fill=False, edgecolor="gold", linewidth=2.5, zorder=3
            )
        )
    ax.set_xticks(np.arange(len(xs)), [grid.label(x_axis, v) for v in xs])
    ax.set_yticks(np.arange(len(ys)), [grid.label(y_axis, v) for v in ys])
    ax.set_xlabel(x_axis)
    ax.set_ylabel(y_axis)
    title = f"Human win rate, {players} players"
    if bi is not None and bj is not None:
        title += " (gold frame: baseline)"
    if held:
        title += "\n(" + ", ".join(f"{a}={grid.label(a, grid.baseline[players][a])}" for a in held)
        title += ")"
    ax.set_title(title, fontsize=11)
    bar = fig.colorbar(image, ax=ax, shrink=0.9)
    bar.set_label("human win rate" + (" (black line: 50%)" if drew_contour else ""))
    bar.ax.yaxis.set_major_formatter(_percent_formatter())
    cells_shown = pl.concat(shown, how="vertical_relaxed") if shown else cells.clear()
    _stamp(fig, chart_provenance(provenance, cells_shown))
    return fig


def end_reasons_stacked(
    summary: pl.DataFrame, provenance: str, *, grid: Grid | None = None
) -> Figure:
    """Why games end: the share of each end reason as stacked bars, one bar per player count
    (baseline cells), or with exactly one swept axis one panel per player count with a bar per
    axis value."""
    grid = _grid_or_infer(summary, grid)
    one_axis = len(grid.axes) == 1
    if one_axis:
        axis = grid.axes[0]
        ordered = grid.ordered(axis)
        panels = [
            (
                f"{p} players",
                [grid.label(axis, v) for v in ordered],
                _rows_by_value(summary.filter(pl.col("players") == p), axis, ordered),
                [same_value(v, grid.baseline[p][axis]) for v in ordered],
            )
            for p in grid.players
        ]
        width = max(6.4, 1.8 + sum(0.55 * len(ordered) + 0.4 for _ in panels))
    else:
        cells = at_baseline(summary, grid).sort("players")
        panels = [
            (
                None,
                [f"{p} players" for p in cells["players"]],
                list(cells.iter_rows(named=True)),
                [False] * cells.height,
            )
        ]
        width = max(5.6, 3.2 + 0.8 * cells.height)
    fig = _figure(width, 4.4)
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    drawn = []
    for ax, (title, ticks, rows, is_base) in zip(axes, panels):
        x = np.arange(len(rows), dtype=float)
        bottom = np.zeros(len(rows))
        for reason in END_REASONS:
            share = np.array([r[f"share_{reason}"] if r is not None else 0.0 for r in rows])
            if not share.any():
                continue  # a reason these games never end by (the other ruleset's)
            label, colour = REASON_STYLE.get(reason, (reason, None))
            ax.bar(
                x,
                share,
                0.7,
                bottom=bottom,
                color=colour,
                label=label,
                edgecolor="white",
                linewidth=0.5,
            )
            bottom += share
        drawn += [r for r in rows if r is not None]
        labels = [f"{t}\n(baseline)" if b else t for t, b in zip(ticks, is_base)]
        ax.set_xticks(x, labels, fontsize=8)
        if title:
            ax.set_title(title, fontsize=10)
            ax.set_xlabel(grid.axes[0], fontsize=8)
        ax.set_ylim(0, 1.0)
        ax.grid(axis="y", alpha=0.3)
    _percent_axis(axes[0])
    axes[0].set_ylabel("share of games")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles[::-1], names[::-1], loc="outside right center", fontsize=8)
    fig.suptitle(
        "End reasons" + (f" by {grid.axes[0]}" if one_axis else " per player count (baseline)"),
        fontsize=11,
    )
    shown = pl.DataFrame(drawn) if drawn else summary.clear()
    _stamp(fig, chart_provenance(provenance, shown))
    return fig


def game_length_distribution(
    records: pl.DataFrame, provenance: str, *, grid: Grid | None = None
) -> Figure:
    """Distribution of the turn games end on, one step line per player count (baseline cells),
    with each player count's median and 90th percentile in the legend."""
    if grid is None:
        axes = [c for c in records.columns if c in POLICY_AXES or "." in c]
        grid = Grid.infer(records.select("players", *axes).unique(), axes)
    games = at_baseline(records, grid)
    fig = _figure(6.8, 4.2)
    if games.height == 0:
        _no_data(fig, "no finished baseline cell")
        _stamp(fig, provenance)
        return fig
    ax = fig.add_subplot()
    lo, hi = int(games["end_turn"].min()), int(games["end_turn"].max())
    edges = np.arange(lo, hi + 2) - 0.5
    for i, p in enumerate(grid.players):
        turns = games.filter(pl.col("players") == p)["end_turn"].to_numpy()
        if turns.size == 0:
            continue
        counts, _ = np.histogram(turns, bins=edges)
        share = counts / turns.size
        median, p90 = np.quantile(turns, [0.5, 0.9], method="nearest")
        ax.stairs(
            share,
            edges,
            color=PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
            linewidth=1.6,
            label=f"{p} players (median {median:g}, 90% by {p90:g})",
        )
    ax.set_xlabel("turn the game ends on")
    ax.set_ylabel("share of games")
    _percent_axis(ax)
    ax.set_title("Game length per player count (baseline config)", fontsize=11)
    ax.legend(fontsize=8, framealpha=0.9)
    ax.grid(alpha=0.3)
    hashes = games.select("config_hash").unique(maintain_order=True)
    _stamp(fig, chart_provenance(provenance, hashes))
    return fig


def skill_matrix(
    summary: pl.DataFrame, players: int, provenance: str, *, grid: Grid | None = None
) -> Figure:
    """Human win rate for each pairing of policy presets at one player count (rows: the humans'
    preset, columns: the Things'), annotated with rate and Wilson 95% interval. Config axes are
    held at the player count's baseline."""
    grid = _grid_or_infer(summary, grid)
    if not all(a in grid.values for a in POLICY_AXES):
        raise ValueError("skill_matrix needs both `humans` and `things` as swept axes")
    humans, things = grid.values["humans"], grid.values["things"]
    held = [a for a in grid.axes if a not in POLICY_AXES]
    cells = at_baseline(summary.filter(pl.col("players") == players), grid, held)
    rate = np.full((len(humans), len(things)), np.nan)
    notes = {}
    shown = []
    for i, h in enumerate(humans):
        for j, t in enumerate(things):
            match = cells.filter((pl.col("humans") == h) & (pl.col("things") == t))
            if match.height:
                r = match.row(0, named=True)
                rate[i, j] = r["human_win_rate"]
                notes[i, j] = (
                    f"{100 * r['human_win_rate']:.1f}%\n"
                    f"[{100 * r['human_win_low']:.1f}, {100 * r['human_win_high']:.1f}]"
                )
                shown.append(match)
    fig = _figure(max(4.8, 1.4 * len(things) + 2.8), max(3.6, 0.9 * len(humans) + 2.2))
    ax = fig.add_subplot()
    norm = Normalize(0.0, 1.0)
    image = ax.imshow(np.ma.masked_invalid(rate), cmap=WIN_RATE_CMAP, norm=norm, aspect="auto")
    cmap = image.get_cmap()
    for (i, j), note in notes.items():
        colour = _text_colour(cmap(norm(rate[i, j])))
        ax.text(j, i, note, ha="center", va="center", fontsize=8, color=colour)
    ax.set_xticks(np.arange(len(things)), list(things))
    ax.set_yticks(np.arange(len(humans)), list(humans))
    ax.set_xlabel("Things' policy")
    ax.set_ylabel("humans' policy")
    title = f"Human win rate by policy pairing, {players} players"
    if held:
        title += "\n(" + ", ".join(f"{a}={grid.label(a, grid.baseline[players][a])}" for a in held)
        title += ")"
    ax.set_title(title, fontsize=11)
    bar = fig.colorbar(image, ax=ax, shrink=0.9)
    bar.set_label("human win rate [95% interval]")
    bar.ax.yaxis.set_major_formatter(_percent_formatter())
    cells_shown = pl.concat(shown, how="vertical_relaxed") if shown else cells.clear()
    _stamp(fig, chart_provenance(provenance, cells_shown))
    return fig


def equilibrium_history(verdict: Mapping[int, Mapping[str, Any]], provenance: str) -> Figure:
    """Per player count, the meta-game's value at each double-oracle iteration (left) and what
    each side's best response gained against the mixtures of that iteration (right): the loop
    has converged when both gains fall to near 0."""
    fig = _figure(10.0, 4.2)
    if not verdict:
        _no_data(fig, "no equilibrium")
        _stamp(fig, provenance)
        return fig
    value_ax, gain_ax = fig.subplots(1, 2)
    colours = dict(zip(sorted(verdict), ("tab:green", "tab:purple", "tab:orange")))
    for n, entry in sorted(verdict.items()):
        iterations = np.arange(1, len(entry["history_value"]) + 1)
        value_ax.plot(iterations, entry["history_value"], "o-", color=colours[n], label=f"{n}p")
        value_ax.axhline(entry["value"], color=colours[n], linestyle=":", linewidth=1)
        for side, style in (("humans", "o-"), ("things", "s--")):
            gains = entry[f"history_gain_{side}"]
            gain_ax.plot(
                iterations, gains, style, color=colours[n], label=f"{n}p, {side}", markersize=4
            )
    for ax in (value_ax, gain_ax):
        _percent_axis(ax)
        ax.set_xlabel("iteration")
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize=7, framealpha=0.9)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    value_ax.set_ylim(-0.02, 1.02)
    value_ax.set_ylabel("human win rate (meta-game value)")
    value_ax.set_title("Value per iteration (dotted: the final value)")
    gain_ax.axhline(0, color="grey", linewidth=1)
    gain_ax.set_ylabel("best response's gain")
    gain_ax.set_title("What each side's best response gained")
    _stamp(fig, provenance)
    return fig


LABEL_CHARS = 60  # a tornado's reading labels are cut to this many characters


def tornado(
    rows: Sequence[Mapping[str, Any]],
    players: int,
    baseline: float,
    provenance: str,
    top: int = 20,
) -> Figure:
    """The `top` readings of `balance sensitivity` at `players` that move the human win rate
    most, largest on top: a bar from 0 to each change (blue where the humans gain, red where
    they lose) with its paired 95% interval."""
    from balance.sensitivity import reading_text

    ranked = sorted((r for r in rows if r["players"] == players), key=lambda r: -abs(r["delta"]))[
        :top
    ]
    fig = _figure(10.0, 1.4 + 0.32 * max(len(ranked), 3))
    if not ranked:
        _no_data(fig, f"no reading played at {players} players")
        _stamp(fig, provenance)
        return fig
    ax = fig.add_subplot()
    y = np.arange(len(ranked))[::-1]
    deltas = np.array([r["delta"] for r in ranked])
    low = np.array([r["delta_ci"][0] for r in ranked])
    high = np.array([r["delta_ci"][1] for r in ranked])
    colours = [HUMAN_COLOUR if d >= 0 else THING_COLOUR for d in deltas]
    ax.barh(y, deltas, color=colours, alpha=0.75, height=0.7)
    ax.errorbar(
        deltas, y, xerr=[deltas - low, high - deltas], fmt="none", ecolor="black", capsize=2
    )
    labels = [
        f"{r['key']}  {reading_text(r['baseline'])} → {reading_text(r['alternative'])}"
        for r in ranked
    ]
    ax.set_yticks(y, [t if len(t) <= LABEL_CHARS else t[: LABEL_CHARS - 1] + "…" for t in labels])
    ax.tick_params(axis="y", labelsize=7.5)
    ax.axvline(0, color="grey", linewidth=1)
    ax.xaxis.set_major_formatter(_percent_formatter())
    ax.set_xlabel("change of the human win rate (same games, paired 95% interval)")
    fig.suptitle(
        f"{players} players: the readings that move balance most "
        f"(baseline: humans win {100 * baseline:.1f}%)"
    )
    ax.grid(axis="x", alpha=0.3)
    _stamp(fig, provenance)
    return fig


def rulesets_side_by_side(
    rows: Sequence[Mapping[str, Any]], rulesets: Sequence[str], provenance: str
) -> Figure:
    """Two rulesets compared (balance.compare.compare_rulesets' rows): the human win rate per
    player count, expert against expert and at equilibrium, with 95% intervals (left), and the
    share of each end reason at equilibrium per ruleset and player count (right)."""
    fig = _figure(11.0, 4.4)
    figures = [r for r in rows if r["figure"] != "verdict"]
    if not figures:
        _no_data(fig, "no comparison")
        _stamp(fig, provenance)
        return fig
    win_ax, reason_ax = fig.subplots(1, 2)
    counts = sorted({r["players"] for r in figures})
    x = np.arange(len(counts))
    series = [(rs, play) for rs in ("first", "second") for play in ("expert", "equilibrium")]
    width = 0.8 / len(series)
    colours = {"first": HUMAN_COLOUR, "second": "#e69f00"}
    for k, (side, play) in enumerate(series):
        values, lows, highs = [], [], []
        for n in counts:
            row = next(
                r
                for r in figures
                if r["players"] == n and r["play"] == play and r["figure"] == "human_win_rate"
            )
            values.append(row[side])
            lows.append(row[side] - row[f"{side}_ci"][0])
            highs.append(row[f"{side}_ci"][1] - row[side])
        name = rulesets[0] if side == "first" else rulesets[1]
        win_ax.bar(
            x + (k - (len(series) - 1) / 2) * width,
            values,
            width,
            yerr=[lows, highs],
            capsize=3,
            color=colours[side],
            alpha=0.55 if play == "expert" else 1.0,
            hatch="//" if play == "expert" else None,
            label=f"{name}, {'expert vs expert' if play == 'expert' else 'at equilibrium'}",
        )
    win_ax.set_xticks(x, [f"{n} players" for n in counts])
    win_ax.set_ylim(0, 1.05)
    _percent_axis(win_ax)
    win_ax.axhline(0.5, color="grey", linewidth=1, linestyle=":")
    win_ax.set_ylabel("human win rate")
    win_ax.set_title("Human win rate (95% intervals)")
    win_ax.legend(loc="best", fontsize=7, framealpha=0.9)
    reasons = [
        r["figure"].removeprefix("share_")
        for r in figures
        if r["figure"].startswith("share_")
        and r["players"] == counts[0]
        and r["play"] == "equilibrium"
    ]
    labels, positions = [], []
    for i, n in enumerate(counts):
        for j, side in enumerate(("first", "second")):
            positions.append(i * 2.6 + j * 1.1)
            labels.append(f"{rulesets[j]}\n{n}p")
    bottoms = np.zeros(len(positions))
    for reason in reasons:
        shares = []
        for n in counts:
            row = next(
                r
                for r in figures
                if r["players"] == n
                and r["play"] == "equilibrium"
                and r["figure"] == f"share_{reason}"
            )
            shares += [row["first"], row["second"]]
        if not any(shares):
            continue  # a reason neither ruleset's games ended by
        label, colour = REASON_STYLE.get(reason, (reason, None))
        reason_ax.bar(positions, shares, 0.9, bottom=bottoms, color=colour, label=label)
        bottoms += np.asarray(shares)
    reason_ax.set_xticks(positions, labels, fontsize=7)
    reason_ax.set_ylim(0, 1.0)
    _percent_axis(reason_ax)
    reason_ax.set_title("How games end at equilibrium")
    reason_ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7)
    _stamp(fig, provenance)
    return fig

"""Balance at equilibrium: the double-oracle loop over the two sides' strategy pools.

For one player count:

1. the pools start from the presets (humans: expert, naive; Things: expert, naive, saboteur);
2. every pair of pool strategies plays the same games (one seed, the same game indices): the
   payoff matrix of human win rates;
3. the zero-sum matrix game is solved by linear programming (balance.meta_game): the value and
   each side's mixture;
4. each side's best response to the other side's mixture is searched (balance.tune over the
   expert preset's knobs, from each of the heaviest strategies the side's mixture plays and from
   the preset) and the best found is confirmed on fresh games against the side's own mixture:
   its gain;
5. a best response whose gain exceeds `epsilon` with an interval above 0 joins its pool, and
   the loop goes on from 2; when neither side's does (or after `iterations`), it stops.

The value's 95% interval comes from the two mixtures played against each other on fresh games.
Each side's exploitability is the gain of a best response to the final mixtures, found by a
search whose strategy is not in the pool (the last round's, when the mixtures have not changed
since, else a new one).

Everything is kept in the output folder, written whole after each step: `state.json` (the
settings, the pools, the payoff matrix, the history), `strategies/*.toml` (each tuned
strategy), and `studies.db` (the Optuna studies). Running the same command again resumes where
it stopped, with the same results as an uninterrupted run; a folder made with other settings or
other code is refused.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

import balance
from balance.config import load_config, split_ruleset, toml_value
from balance.errors import ConfigError
from balance.evaluate import human_won, mixture_records, pair_records
from balance.files import written_whole
from balance.meta_game import solve
from balance.strategy import Mixture, Strategy, load_strategy, parse_strategy
from balance.summary import wilson_interval
from balance.tune import derive_seed, tune_strategy

# each ruleset's presets that open the pools (the tuned strategies join them)
POOLS = {
    "nemesis": {"humans": ("expert", "naive"), "things": ("expert", "naive", "saboteur")},
    "classic": {"humans": ("expert", "random"), "things": ("expert", "random")},
}
TUNED_PRESET = "expert"
STATE = "state.json"
STRATEGIES = "strategies"
STUDIES = "studies.db"
SIDES = ("humans", "things")
# How best responses are searched: a folder made by another method is refused, not resumed.
METHOD = "double oracle; best response of searches from the heaviest mixed strategies, the preset"
REFINE_STARTS = 3  # the most strategies of a side's mixture a best response refines


@dataclass(frozen=True)
class Settings:
    """What the results depend on: a folder made with other settings is refused."""

    players: int
    sets: tuple[str, ...]
    games: int
    trials: int
    iterations: int
    epsilon: float
    confirm_games: int
    seed: int
    fixed: tuple[str, ...] = ()  # knobs no search moves (strategy.parse_fixed)

    @property
    def ruleset(self) -> str:
        return split_ruleset(self.sets)[0]

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "sets": list(self.sets),
            "fixed": list(self.fixed),
            "games": self.games,
            "trials": self.trials,
            "iterations": self.iterations,
            "epsilon": self.epsilon,
            "confirm_games": self.confirm_games,
            "seed": self.seed,
            "method": METHOD,
            "version": balance.__version__,
            "rules_version": balance.RULES_VERSION,
            "source_digest": balance.SOURCE_DIGEST,
        }


Progress = Callable[[str], None]


class DoubleOracle:
    """The double-oracle loop over two pools, whatever their strategies are: a subclass says
    how a pair plays (`play`) and how a side answers a mixture (`respond`). `state` holds the
    pools (names), the payoff matrix (rows humans, columns things; None where not played) and
    the history of iterations."""

    def __init__(self, state: dict[str, Any], epsilon: float, iterations: int):
        self.state = state
        self.epsilon = epsilon
        self.iterations = iterations

    def play(self, human: str, thing: str) -> float:
        """The humans' win rate of one pair of pool strategies."""
        raise NotImplementedError

    def respond(self, side: str, x: np.ndarray, y: np.ndarray, label: str) -> dict[str, Any]:
        """`side`'s best response to the other side's mixture (x: the humans', y: the
        Things'): {"strategy": its name, "gain": over the side's own mixture, "gain_ci": its
        interval, ...}. The strategy must be playable by name from then on."""
        raise NotImplementedError

    def save(self) -> None:
        """Keep the state (called after every step)."""

    def say(self, text: str) -> None:
        """Report progress."""

    def payoff(self) -> np.ndarray:
        """The payoff matrix of the current pools, playing the cells not played yet."""
        pools = self.state["pools"]
        rows = self.state["payoff"]
        while len(rows) < len(pools["humans"]):
            rows.append([])
        for i, h in enumerate(pools["humans"]):
            while len(rows[i]) < len(pools["things"]):
                rows[i].append(None)
            for j, t in enumerate(pools["things"]):
                if rows[i][j] is None:
                    rows[i][j] = float(self.play(h, t))
                    self.save()
                    self.say(f"{h} against {t}: {rows[i][j]:.1%}")
        return np.array(rows, dtype=np.float64)

    def gains(self, response: dict[str, Any]) -> bool:
        """Whether a best response beats the mixture it answers by more than epsilon, the
        interval of its gain above 0 (a gain within noise does not count)."""
        return response["gain"] > self.epsilon and response["gain_ci"][0] > 0

    def iterate(self) -> None:
        """Solve, answer, extend the pools; until neither side's answer gains, or the
        iterations run out. Each finished iteration is kept, so a run resumes after the last."""
        history = self.state["history"]
        while not history or (history[-1]["added"] and len(history) < self.iterations):
            started = time.monotonic()
            k = len(history) + 1
            value, x, y = solve(self.payoff())
            responses = {side: self.respond(side, x, y, f"br{k}") for side in SIDES}
            added = [side for side in SIDES if self.gains(responses[side])]
            history.append(
                {
                    "iteration": k,
                    "value": value,
                    "mixtures": self.mixtures(x, y),
                    "responses": responses,
                    "added": added,
                    "seconds": time.monotonic() - started,
                }
            )
            for side in added:
                self.state["pools"][side].append(responses[side]["strategy"])
            self.save()
            self.say(
                f"iteration {k}: value {value:.1%}, best responses gain "
                + ", ".join(f"{side} {responses[side]['gain']:+.1%}" for side in SIDES)
            )

    def exploitability(self) -> tuple[float, np.ndarray, np.ndarray, dict[str, dict]]:
        """The final value and mixtures, and each side's best response to them: the last
        iteration's when its answers changed nothing, else a new search's."""
        value, x, y = solve(self.payoff())
        last = self.state["history"][-1]
        if last["added"]:
            responses = {side: self.respond(side, x, y, "final") for side in SIDES}
        else:
            responses = last["responses"]
        return value, x, y, responses

    def mixtures(self, x: np.ndarray, y: np.ndarray) -> dict[str, list[dict[str, Any]]]:
        pools = self.state["pools"]
        return {
            side: [{"strategy": n, "weight": float(w)} for n, w in zip(pools[side], weights)]
            for side, weights in (("humans", x), ("things", y))
        }


class Run(DoubleOracle):
    """One player count's double-oracle run over the game's strategies, kept in its folder."""

    def __init__(self, folder: Path, settings: Settings, progress: Progress | None = None):
        self.folder = Path(folder)
        self.settings = settings
        self.progress = progress
        super().__init__(self._load_or_start(), settings.epsilon, settings.iterations)

    def say(self, text: str) -> None:
        if self.progress is not None:
            self.progress(f"{self.settings.players}p: {text}")

    # --- the folder ---

    def _load_or_start(self) -> dict[str, Any]:
        path = self.folder / STATE
        if not path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / STRATEGIES).mkdir(exist_ok=True)
            return {
                "settings": self.settings.as_dict(),
                "pools": {side: list(POOLS[self.settings.ruleset][side]) for side in SIDES},
                "payoff": [],  # rows humans, columns things; None where not played yet
                "history": [],
                "result": None,
            }
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
            saved = state["settings"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(
                f"{path}: not an equilibrium state ({type(exc).__name__}); "
                "remove the folder or give another --out"
            ) from None
        wanted = self.settings.as_dict()
        differs = [k for k in wanted if saved.get(k) != wanted[k]]
        if differs:
            k = differs[0]
            raise ConfigError(
                f"--out: {self.folder} holds an equilibrium made with {k} = {saved.get(k)!r}, "
                f"not {wanted[k]!r}: give another --out, or rerun with its settings to resume"
            )
        return state

    def save(self) -> None:
        with written_whole(self.folder / STATE) as tmp:
            tmp.write_text(json.dumps(self.state, indent=1) + "\n", encoding="utf-8")

    def strategy(self, side: str, name: str) -> Strategy:
        """A pool member: a preset name, or a tuned strategy saved in strategies/."""
        ruleset = self.settings.ruleset
        if name in POOLS[ruleset][side]:
            return parse_strategy(name, side, self.settings.players, ruleset=ruleset)
        path = self.folder / STRATEGIES / f"{name}.toml"
        return load_strategy(path, side, self.settings.players, ruleset=ruleset)

    def mixture(self, side: str, weights) -> Mixture:
        pool = self.state["pools"][side]
        played = [(n, float(w)) for n, w in zip(pool, weights) if w > 1e-9]
        total = sum(w for _, w in played)
        return Mixture(tuple((self.strategy(side, n), w / total) for n, w in played))

    @property
    def storage(self) -> str:
        return f"sqlite:///{(self.folder / STUDIES).resolve()}"

    # --- the game ---

    def play(self, human: str, thing: str) -> float:
        s = self.settings
        records = pair_records(
            s.players,
            s.sets,
            self.strategy("humans", human),
            self.strategy("things", thing),
            s.games,
            derive_seed(s.seed, "matrix"),
        )
        return float(human_won(records).mean())

    def respond(self, side: str, x: np.ndarray, y: np.ndarray, label: str) -> dict:
        """`side`'s best response to the other side's mixture, confirmed against its own: the
        best of several searches, one refining each of the side's heaviest mixture strategies
        of the tuned preset (up to REFINE_STARTS) and one from the preset's own knobs, each
        with a seed of its own. Starts matter more than trials: measured at 12 players, 40
        trials from the newest strategy of a mixture gained 21 points where 60 from another of
        its strategies gained 7, and a search from the pool alone can miss a better answer
        elsewhere that a search from the preset finds."""
        s = self.settings
        own, other = (x, y) if side == "humans" else (y, x)
        against = self.mixture("things" if side == "humans" else "humans", other)
        baseline = self.mixture(side, own)
        name = f"{side}-{label}"
        found = []
        for start in [*self.refine_starts(side, x, y), None]:
            search = "fresh" if start is None else f"refine {start.label}"
            tuned, result = tune_strategy(
                s.players,
                s.sets,
                side,
                TUNED_PRESET,
                against,
                trials=s.trials,
                games=s.games,
                seed=derive_seed(s.seed, f"{side} {label} {search}"),
                storage=self.storage,
                confirm_games=s.confirm_games,
                baseline=baseline,
                start=start,
                confirm_seed=derive_seed(s.seed, f"{side} {label} confirm"),  # all: one baseline
                name=name,
                fixed=s.fixed,
                progress=lambda n, v: self.say(f"{name} ({search}): trial {n}/{s.trials}"),
            )
            found.append((result.gain, search, tuned, result, start))
        _, search, tuned, result, start = max(found, key=lambda f: f[0])
        tuned.save(self.folder / STRATEGIES / f"{name}.toml")
        low, high = result.gain_ci
        return {
            "strategy": name,
            "score": result.best_score,
            "mixture_score": result.start_score,
            "gain": result.gain,
            "gain_ci": [low, high],
            "against": against.label,
            "search": search,
            "start": start.label if start else TUNED_PRESET,
            "other_search_gains": {f[1]: f[0] for f in found if f[1] != search},
        }

    def refine_starts(self, side: str, x: np.ndarray, y: np.ndarray) -> list[Strategy]:
        """The side's pool strategies of the tuned preset to refine: those its mixture plays,
        heaviest first, up to REFINE_STARTS; when it plays none, the best of them against the
        other side's mixture (by the payoff matrix)."""
        pool = self.state["pools"][side]
        weights = x if side == "humans" else y
        tuned = [i for i, n in enumerate(pool) if self.strategy(side, n).preset == TUNED_PRESET]
        played = sorted((i for i in tuned if weights[i] > 1e-9), key=lambda i: -weights[i])
        if not played:
            payoff = np.array(self.state["payoff"], dtype=np.float64)
            against_pool = payoff @ y if side == "humans" else -(x @ payoff)
            played = [max(tuned, key=lambda i: against_pool[i])]
        return [self.strategy(side, pool[i]) for i in played[:REFINE_STARTS]]

    def run(self) -> dict[str, Any]:
        """Iterate, then measure the value's interval and each side's exploitability."""
        if self.state["result"] is None:
            self.iterate()
            self._finish()
        return self.state["result"]

    def _finish(self) -> None:
        s = self.settings
        started = time.monotonic()
        matrix_value, x, y, exploit = self.exploitability()
        humans, things = self.mixture("humans", x), self.mixture("things", y)
        seed = derive_seed(s.seed, "value")
        played = mixture_records(s.players, s.sets, humans, things, s.confirm_games, seed)
        wins = int(human_won(played).sum())
        history = self.state["history"]
        self.state["result"] = {
            "players": s.players,
            "value": wins / s.confirm_games,
            "value_ci": list(wilson_interval(wins, s.confirm_games)),
            "matrix_value": matrix_value,
            "mixtures": self.mixtures(x, y),
            "exploitability": {side: exploit[side]["gain"] for side in SIDES},
            "exploitability_ci": {side: exploit[side]["gain_ci"] for side in SIDES},
            "payoff_matrix": self.payoff().tolist(),
            "strategies": {side: list(self.state["pools"][side]) for side in SIDES},
            "iterations": len(history),
            "history": history,
            "converged": not history[-1]["added"],
            "seconds": sum(h["seconds"] for h in history) + time.monotonic() - started,
            "settings": s.as_dict(),
        }
        self.save()


def equilibrium(
    out: Path,
    players: list[int],
    sets: tuple[str, ...],
    *,
    games: int,
    trials: int,
    iterations: int,
    epsilon: float,
    confirm_games: int,
    seed: int,
    fixed: tuple[str, ...] = (),
    store: Path | None = None,
    progress: Progress | None = None,
) -> dict[int, dict[str, Any]]:
    """The equilibrium at each player count, each in `out/<players>p/`; {players: result}.
    The verdict is written to `out/equilibrium.toml`, and with `store` also to that folder
    (with the strategies its mixtures play), for `balance report` and `balance check`."""
    for n in players:
        load_config(n, list(sets))  # every setting checked before anything is played
    results = {}
    for n in players:
        settings = Settings(
            n, tuple(sets), games, trials, iterations, epsilon, confirm_games, seed, fixed
        )
        results[n] = Run(Path(out) / f"{n}p", settings, progress).run()
    write_verdict(Path(out), results, copy=False)
    if store is not None:
        write_verdict(Path(store), results, copy=True, source=Path(out))
    return results


# --- the verdict file: equilibrium.toml ---

VERDICT = "equilibrium.toml"
SUMMARY_KEYS = ("value", "matrix_value", "iterations", "converged", "seconds")


def write_verdict(
    folder: Path, results: dict[int, dict[str, Any]], *, copy: bool, source: Path | None = None
) -> Path:
    """Write `folder/equilibrium.toml`: per player count, the value and its interval, each
    side's exploitability and mixture, the history of the iterations. Player counts already in
    the file and not in `results` are kept. With `copy`, the strategies the mixtures play are
    copied in beside it (`<players>p-<name>.toml`, from `source`), and those of the counts
    rewritten that no mixture plays any more are removed."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = {n: v for n, v in read_verdict_file(folder).items() if n not in results}
    entries = dict(kept)
    for n, r in results.items():
        entry = {k: r[k] for k in SUMMARY_KEYS}
        entry["value_ci"] = list(r["value_ci"])
        for side in SIDES:
            entry[f"exploitability_{side}"] = r["exploitability"][side]
            entry[f"exploitability_{side}_ci"] = list(r["exploitability_ci"][side])
        entry["expert_value"] = r["payoff_matrix"][0][0]  # expert against expert (the pools' first)
        entry["history_value"] = [h["value"] for h in r["history"]]
        for side in SIDES:
            entry[f"history_gain_{side}"] = [h["responses"][side]["gain"] for h in r["history"]]
        entry["settings"] = r["settings"]
        for side in SIDES:
            entry[side] = []
            for m in r["mixtures"][side]:
                if m["weight"] <= 1e-6:
                    continue
                name = m["strategy"]
                if name in POOLS[split_ruleset(tuple(r["settings"]["sets"]))[0]][side]:
                    entry[side].append({"strategy": name, "preset": name, "weight": m["weight"]})
                    continue
                file = f"{n}p-{name}.toml" if copy else f"{n}p/{STRATEGIES}/{name}.toml"
                if copy:
                    original = (source / f"{n}p" / STRATEGIES / f"{name}.toml").read_text()
                    with written_whole(folder / file) as tmp:
                        tmp.write_text(original, encoding="utf-8")
                entry[side].append({"strategy": name, "file": file, "weight": m["weight"]})
        entries[n] = entry
    if copy:
        played = {
            c["file"] for e in entries.values() for side in SIDES for c in e[side] if "file" in c
        }
        for n in results:
            for path in folder.glob(f"{n}p-*.toml"):
                if path.name not in played:
                    path.unlink()
    lines = [
        "# The verdict of `balance equilibrium`: per player count, the human win rate when both",
        "# sides play their equilibrium mixture, with what a best response still gains against",
        "# each. `balance report --equilibrium` charts it; `balance check` plays its mixtures.",
    ]
    for n in sorted(entries):
        e = entries[n]
        lines += ["", f"[players.{n}]"]
        for key, value in e.items():
            if key in SIDES or key == "settings":
                continue
            lines.append(f"{key} = {toml_value(value)}")
        lines += ["", f"[players.{n}.settings]"]
        lines += [f"{k} = {toml_value(v)}" for k, v in e["settings"].items()]
        for side in SIDES:
            for c in e[side]:
                lines += ["", f"[[players.{n}.{side}]]"]
                lines += [f"{k} = {toml_value(v)}" for k, v in c.items()]
    path = folder / VERDICT
    with written_whole(path) as tmp:
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_verdict_file(folder: Path) -> dict[int, dict[str, Any]]:
    """The entries of `folder/equilibrium.toml` by player count ({} when there is none)."""
    import tomllib

    path = Path(folder) / VERDICT
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return {int(n): e for n, e in data["players"].items()}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, ValueError) as exc:
        raise ConfigError(
            f"{path}: not an equilibrium verdict ({type(exc).__name__}); write it again with "
            "`balance equilibrium`"
        ) from None


def load_verdict(folder: Path) -> dict[int, dict[str, Any]]:
    """The verdict of `folder` with each side's mixture ready to play: entry["mixture"] is
    {"humans": Mixture, "things": Mixture}."""
    verdict = read_verdict_file(folder)
    if not verdict:
        raise ConfigError(
            f"{Path(folder) / VERDICT}: no such file (write it with `balance equilibrium`)"
        )
    for n, entry in verdict.items():
        mixtures = {}
        ruleset = split_ruleset(tuple(entry["settings"].get("sets", [])))[0]
        for side in SIDES:
            components = []
            for c in entry.get(side, []):
                if "file" in c:
                    strategy = load_strategy(Path(folder) / c["file"], side, n, ruleset=ruleset)
                else:
                    strategy = parse_strategy(c["preset"], side, n, ruleset=ruleset)
                components.append((strategy, float(c["weight"])))
            total = sum(w for _, w in components)
            mixtures[side] = Mixture(tuple((s, w / total) for s, w in components))
        entry["mixture"] = mixtures
    return verdict

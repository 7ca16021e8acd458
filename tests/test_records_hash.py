"""Per-game records pinned by hash: an optimisation of the kernel or the policies must leave
every record of every game identical for the same seed (issue 8).

`tests/records_hash.toml` holds, for each player-count preset and each policy pairing, the hash
(balance.gate.records_hash) of the records of GAMES games of seed SEED, and the config hash they
were played with. A deliberate change of the rules or the policies changes them: rewrite the file
with `python tests/test_records_hash.py` (in the same commit, with RULES_VERSION bumped) and say
in the commit message why the records moved.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from balance.codes import DEFAULT_RULESET
from balance.config import load_config, with_ruleset
from balance.gate import records_hash
from balance.runner import run_games

PIN = Path(__file__).with_name("records_hash.toml")
REGENERATE = "python tests/test_records_hash.py"
SEED = 7
GAMES = 400
PLAYERS = (9, 12, 15)
# every preset plays on both sides; expert against every Thing preset it meets in the matrix
PAIRINGS = (
    ("expert", "expert"),
    ("naive", "naive"),
    ("random", "random"),
    ("idle", "idle"),
    ("expert", "saboteur"),
    ("naive", "expert"),
    ("expert", "random"),
)


# the classic ruleset's presets (policies.classic), each on both sides and expert against each
CLASSIC_PAIRINGS = (
    ("expert", "expert"),
    ("random", "random"),
    ("idle", "idle"),
    ("expert", "random"),
    ("random", "expert"),
)
CASES = [(DEFAULT_RULESET, h, t) for h, t in PAIRINGS]
CASES += [("classic", h, t) for h, t in CLASSIC_PAIRINGS]


def measure(players: int, humans: str, things: str, ruleset: str) -> dict[str, str]:
    cfg = load_config(players, with_ruleset(ruleset, []))
    records = run_games(cfg, GAMES, SEED, humans, things)
    return {"config_hash": cfg.hash, "records_hash": records_hash(records)}


def key(players: int, humans: str, things: str, ruleset: str) -> str:
    prefix = "" if ruleset == DEFAULT_RULESET else f"{ruleset}-"
    return f"{prefix}{players}-{humans}-{things}"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("ruleset,humans,things", CASES)
def test_records_unchanged(players, ruleset, humans, things):
    pinned = tomllib.loads(PIN.read_text())[key(players, humans, things, ruleset)]
    now = measure(players, humans, things, ruleset)
    assert now["config_hash"] == pinned["config_hash"], (
        f"the {players}-player config changed ({pinned['config_hash']} -> "
        f"{now['config_hash']}): if deliberate, rewrite the pins with `{REGENERATE}`"
    )
    assert now["records_hash"] == pinned["records_hash"], (
        f"{GAMES} games of seed {SEED}, {ruleset}, {players} players, {humans} humans against "
        f"{things} Things: the per-game records changed. An optimisation must not change them; "
        f"after a deliberate rule or policy change rewrite the pins with `{REGENERATE}`"
    )


def main() -> None:
    lines = [
        f"# Written by `{REGENERATE}`: the hash of {GAMES} games' records, seed {SEED}, per",
        "# preset and policy pairing. tests/test_records_hash.py explains when to rewrite it.",
    ]
    for ruleset in (DEFAULT_RULESET, "classic"):
        for players, humans, things in (
            (p, h, t) for p in PLAYERS for rs, h, t in CASES if rs == ruleset
        ):
            m = measure(players, humans, things, ruleset)
            lines += ["", f'["{key(players, humans, things, ruleset)}"]']
            lines += [f'{name} = "{value}"' for name, value in m.items()]
    PIN.write_text("\n".join(lines) + "\n")
    print(f"wrote {PIN}", file=sys.stderr)


if __name__ == "__main__":
    main()

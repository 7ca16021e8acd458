"""The catalogue (balance/catalogue/) against what is generated from it and what mirrors it:
each action and event declared once under its code, the generated constant modules current,
configs/base.toml holding exactly the declared rule numbers with the rule IDs their declarations
cite, and each declared alternative a value the rules allow."""

import dataclasses
import tomllib
from pathlib import Path

import pytest

from balance import codes, observation
from balance.catalogue import generate
from balance.catalogue.actions import ACTIONS, SECTIONS
from balance.catalogue.events import EVENTS
from balance.catalogue.kinds import AP, Whole
from balance.catalogue.classic import CLASSIC_NUMBERS
from balance.catalogue.numbers import NUMBERS, Number
from balance.catalogue.observation import FIELDS, THING
from balance.config import CONFIG_DIR, KINDS, load_config
from test_rules_coverage import config_line_citations, cited_ids, entries


def test_the_generated_modules_are_current():
    stale = generate.stale()
    assert not stale, f"stale generated code: {stale}; run `{generate.COMMAND}`"


def test_a_new_number_makes_the_generated_layout_stale(monkeypatch):
    extra = Number("game.extra", Whole(0, 1), "I_EXTRA", "GAP-10")
    monkeypatch.setattr(generate, "NUMBERS", NUMBERS + (extra,))
    assert generate.stale() == ["kernel/params.py"]
    assert "I_EXTRA = " in generate.params_module()


def test_a_slot_is_named_for_its_array(monkeypatch):
    wrong = dataclasses.replace(NUMBERS[0], slot="F_PLAYERS")
    monkeypatch.setattr(generate, "NUMBERS", (wrong,) + NUMBERS[1:])
    with pytest.raises(ValueError, match="F_PLAYERS: a slot of ip is named I_"):
        generate.params_module()


# each ruleset's base config and the catalogue that declares its numbers
BASES = {
    "nemesis": (CONFIG_DIR / "base.toml", NUMBERS),
    "classic": (CONFIG_DIR / "classic" / "base.toml", CLASSIC_NUMBERS),
}


@pytest.mark.parametrize("ruleset", BASES)
def test_base_toml_holds_exactly_the_declared_numbers(ruleset):
    path, numbers = BASES[ruleset]
    with path.open("rb") as fh:
        base = tomllib.load(fh)
    keys = {f"{table}.{key}" for table, values in base.items() for key in values}
    assert keys == {n.key for n in numbers}


@pytest.mark.parametrize("ruleset", BASES)
def test_a_number_cites_the_rules_of_its_base_toml_line(ruleset):
    """A declaration's rule IDs are those its line of its base.toml cites (its table's line
    when the key's own cites none): the designer's file and the catalogue say the same."""
    path, numbers = BASES[ruleset]
    cited = config_line_citations(path)
    wrong = {
        n.key: (sorted(cited_ids(n.rule, entries())), sorted(cited[n.key]))
        for n in numbers
        if cited_ids(n.rule, entries()) != cited[n.key]
    }
    assert not wrong, f"catalogue rule IDs differ from base.toml's (declared, cited): {wrong}"


def test_every_alternative_is_a_value_the_rules_allow():
    cfg = load_config(12)
    for n in NUMBERS:
        readings = n.readings(cfg[n.key])
        for value in readings:
            n.kind.parse(n.key, value)  # raises ConfigError if not allowed
    switches = [n for n in NUMBERS if n.kind.array == "ip" and n.readings(cfg[n.key])]
    assert {"sanity.zero_blackout", "game.start_rooms", "canister.box_fill"} <= {
        n.key for n in switches
    }


def test_each_action_and_event_is_declared_once_under_its_code():
    """Names and constants are unique; each constant is its code in balance.codes; an action's
    AP key is a declared number of the AP kind; the event table is as long as the codes."""
    assert len({a.name for a in ACTIONS}) == len({a.const for a in ACTIONS}) == len(ACTIONS)
    for code, action in enumerate(ACTIONS):
        assert getattr(codes, action.const) == code
        assert action.ap is None or KINDS[action.ap] is AP, action.name
        assert action.lighting in ("any", "light") and action.aim in (None, "character", "seen")
    events = [e for e in EVENTS if e is not None]
    assert len({e.name for e in events}) == len({e.const for e in events}) == len(events)
    for code, event in enumerate(EVENTS):
        assert event is None or getattr(codes, event.const) == code
    declared = {getattr(codes, e.const) for e in events}
    kinds = {v for k, v in vars(codes).items() if k.startswith("E_") and isinstance(v, int)}
    assert kinds == declared and len(codes.EVENT_SIGHT) == len(EVENTS)


def test_the_observation_fields_are_laid_end_to_end_in_their_declared_order():
    """Each field's offset is the sum of the sizes before it; the runs balance.kernel.observe
    fills (0 up to O_DOOR, UNSEEN from it) keep their fields."""
    fields = [f for f in FIELDS if not isinstance(f, str)]
    assert len({f.const for f in fields}) == len(fields)
    offset = 0
    for f in fields:
        assert f.size >= 1 and getattr(observation, f.const) == offset, f.const
        offset += f.size
    assert observation.N_OBS == offset
    assert observation.O_THING + sum(f.size for f in THING) <= observation.O_DOOR
    assert observation.O_DOOR < observation.O_PERCEIVED < observation.O_LAB_SLOTS


def test_each_section_module_prices_and_resolves_its_actions_with_their_declared_keys():
    """An action's section names the module that prices and resolves it
    (balance/kernel/<section>.py, with <section>_cost and resolve_<section>), and that module
    reads the slot of the AP key the action declares; the turn's markers are free."""
    kernel = Path(codes.__file__).parent / "kernel"
    slots = {n.key: n.slot for n in NUMBERS}
    assert set(SECTIONS) == {a.section for a in ACTIONS}
    for action in ACTIONS:
        if action.section == "turn":
            assert action.ap is None, action.name
            continue
        source = (kernel / f"{action.section}.py").read_text(encoding="utf-8")
        assert (
            f"def {action.section}_cost(" in source and f"def resolve_{action.section}(" in source
        )
        if action.ap is not None:
            assert f"P.{slots[action.ap]}]" in source, (action.name, action.ap)

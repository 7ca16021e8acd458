"""docs/rules.md against the repository: every rule ID cited in the code, the configs or the
tests has an entry; every entry has a known status (and a reason when it is short of
implemented), keys that exist and cite it in configs/base.toml (the main ruleset) or
configs/classic/base.toml (the classic ruleset's CL- entries), code that cites it, and tests
that exist and mention it. Nothing outside the repository is read."""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
from functools import cache
from pathlib import Path

import pytest

from balance.config import CLASSIC_SCHEMA, SCHEMA

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "docs" / "rules.md"
BASE = REPO / "configs" / "base.toml"
CLASSIC_BASE = REPO / "configs" / "classic" / "base.toml"
# each ruleset's config file and the schema of its keys; a key name may be in both files, each
# file citing its own ruleset's rules (things.start: SETUP-1 in one, CL-CHAR-7 in the other)
CONFIGS = ((BASE, SCHEMA), (CLASSIC_BASE, CLASSIC_SCHEMA))
# the prefixes that set a ruleset's IDs apart: CL-GAP-3 is the classic ruleset's GAP-3
NAMESPACES = ("CL",)
STATUSES = ("implemented", "approximated", "not modelled")
CITING_DIRS = ("balance", "policies", "tests", "configs", "scripts")
THIS = Path(__file__).resolve()

# A rule ID: upper-case words and numbers joined by hyphens, at least one hyphen.
ID = r"[A-Z]+(?:-(?:[A-Z]+|\d+))+"
END = r"(?![A-Za-z0-9]|-[A-Za-z0-9])"  # not followed by more of an ID (INF-1 is not INF-10)
START = r"(?<![A-Za-z0-9_-])"  # not preceded by more of an ID
TOKEN = re.compile(START + r"(" + ID + r")(-\*)?" + END)  # an ID, or a family written ID-*
# PREFIX-a..b or PREFIX-a..PREFIX-b (also with an ellipsis)
RANGE = re.compile(START + r"([A-Z]+(?:-[A-Z]+)*)-(\d+)\s*(?:\.\.|…)\s*(?:\1-)?(\d+)(?!\d)")
HEADING = re.compile(r"^### (" + ID + r"): (.+)$")
FIELD = re.compile(r"^- (Status|Keys|Code|Tests|Assumption|Original|Note): (.*)$")


def cited_ids(text: str, candidates) -> set[str]:
    """Candidates cited in text: literally, or inside a range PREFIX-a..b / PREFIX-a..PREFIX-b."""
    cited = {i for i in candidates if re.search(START + re.escape(i) + END, text)}
    for m in RANGE.finditer(text):
        prefix, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        cited.update(f"{prefix}-{k}" for k in range(lo, hi + 1))
    return cited & set(candidates)


def parse_entries(markdown: str) -> dict[str, dict[str, str]]:
    """The entries of the reference: {ID: {"title", "summary", and each field given}}. An ID
    given twice raises ValueError."""
    entries: dict[str, dict[str, str]] = {}
    current = None
    for line in markdown.splitlines():
        heading = HEADING.match(line)
        if heading:
            if heading.group(1) in entries:
                raise ValueError(f"{heading.group(1)} has two entries")
            current = entries[heading.group(1)] = {"title": heading.group(2), "summary": ""}
        elif line.startswith("#"):
            current = None
        elif current is not None:
            field = FIELD.match(line)
            if field:
                current[field.group(1)] = field.group(2).strip()
            elif line.strip() and "Status" not in current:
                current["summary"] += line.strip() + " "
    return entries


def backticked(value: str) -> list[str]:
    return re.findall(r"`([^`]+)`", value)


@cache
def entries() -> dict[str, dict[str, str]]:
    return parse_entries(REFERENCE.read_text(encoding="utf-8"))


def citing_files() -> dict[Path, str]:
    return {
        p: p.read_text(encoding="utf-8")
        for d in CITING_DIRS
        for p in sorted((REPO / d).rglob("*"))
        if p.suffix in (".py", ".toml") and p.resolve() != THIS
    }


def tokens_in(text: str) -> set[str]:
    """Every rule-ID-shaped token of text, families as 'PREFIX-*', plus the IDs of ranges."""
    found = {m.group(1) + (m.group(2) or "") for m in TOKEN.finditer(text)}
    for m in RANGE.finditer(text):
        found.update(f"{m.group(1)}-{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1))
    return found


def _config_comments(path: Path = BASE) -> dict[str, tuple[str, str]]:
    """{key of the config file (configs/base.toml by default): (its line comment, its
    section's comment)}."""
    out: dict[str, tuple[str, str]] = {}
    section, section_comment = None, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r"^\[([\w.]+)\]\s*(#.*)?$", line)
        if head:
            section, section_comment = head.group(1), head.group(2) or ""
            continue
        key = re.match(r"^(\w+)\s*=\s*[^#]*(#.*)?$", line)
        if key and section:
            out[f"{section}.{key.group(1)}"] = (key.group(2) or "", section_comment)
    return out


def config_citations(path: Path = BASE) -> dict[str, set[str]]:
    """{key of the config file (configs/base.toml by default): the IDs its line comment or its
    section's comment cites}."""
    return {
        key: cited_ids(line + " " + section, entries())
        for key, (line, section) in _config_comments(path).items()
    }


def config_line_citations(path: Path = BASE) -> dict[str, set[str]]:
    """{key of the config file (configs/base.toml by default): the IDs its line comment cites,
    or its section's if none}."""
    return {
        key: cited_ids(line, entries()) or cited_ids(section, entries())
        for key, (line, section) in _config_comments(path).items()
    }


def unknown_tokens(text: str, known) -> set[str]:
    """The rule-ID-shaped tokens of text that name no entry among known. Only tokens of a
    family of the reference (the first word of an entry's ID: GAP, ACT, LOC, CL, ...) count; a
    token is known if it is an entry's ID, a family PREFIX-* that some entry belongs to, or, in
    a namespace (CL-), a family named whole (CL-GAP, as GAP alone names the main family)."""
    families = {i.split("-")[0] for i in known}
    named = {"-".join(i.split("-")[:2]) for i in known if i.split("-")[0] in NAMESPACES}
    unknown = set()
    for token in tokens_in(text):
        if token.split("-")[0] not in families or token in known or token in named:
            continue
        if not (token.endswith("-*") and any(i.startswith(token[:-1]) for i in known)):
            unknown.add(token)
    return unknown


@cache
def functions_of_the_tests() -> dict[str, str]:
    """{'tests/test_x.py::test_name': the function's source with its decorators}."""
    found = {}
    for path in sorted((REPO / "tests").rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                parts = [ast.get_source_segment(source, d) for d in node.decorator_list]
                parts.append(ast.get_source_segment(source, node))
                found[f"{path.relative_to(REPO).as_posix()}::{node.name}"] = "\n".join(parts)
    return found


def mentions(test_id: str, rule_id: str) -> bool:
    """Whether the test names the rule (GEN_2 in its name) or cites it in its source."""
    name = test_id.split("::")[1]
    return f"_{rule_id.replace('-', '_')}_" in f"_{name}_" or bool(
        cited_ids(functions_of_the_tests()[test_id], [rule_id])
    )


# --- the parsers themselves ---


def test_parse_entries_on_a_sample():
    sample = """# Rules reference
intro, with ### not at a line's start
## Setup
### SETUP-1: the player-count table

Each player count has its own preset.
A second line.

- Status: implemented
- Keys: `things.start`
- Tests: `tests/test_a.py::test_SETUP_1_x`
### GAP-2: the Tower
Text.
- Status: approximated
- Note: why
## Differences
- **SETUP-1** prose, not an entry
"""
    parsed = parse_entries(sample)
    assert list(parsed) == ["SETUP-1", "GAP-2"]
    assert parsed["SETUP-1"]["summary"] == "Each player count has its own preset. A second line. "
    assert parsed["SETUP-1"]["Keys"] == "`things.start`"
    assert parsed["GAP-2"] == {
        "title": "the Tower",
        "summary": "Text. ",
        "Status": "approximated",
        "Note": "why",
    }
    with pytest.raises(ValueError, match="GAP-2 has two entries"):
        parse_entries(sample + "### GAP-2: again\n")


def test_citation_matching_on_a_sample():
    ids = ["INF-1", "INF-4", "INF-10", "FROST-6", "TEMP-1", "TEMP-5", "ACT-SHOOT", "ACT-SHOOT-1"]
    text = "INF-1..7; FROST-1..FROST-6; TEMP-2..5; ACT-SHOOT-1; GAP-12"
    assert cited_ids(text, ids) == {"INF-1", "INF-4", "FROST-6", "TEMP-5", "ACT-SHOOT-1"}
    assert cited_ids("MY_ID-1 and XGAP-1", ["ID-1", "GAP-1"]) == set()
    assert cited_ids("CL-GAP-1..2 and CL-CHAR-1/2", ["CL-GAP-2", "CL-CHAR-1", "GAP-1"]) == {
        "CL-GAP-2",
        "CL-CHAR-1",
    }
    assert tokens_in("ACT-HINDER-* and LIGHT-1/2, INF-5(a), TEMP-2..3") == {
        "ACT-HINDER-*",
        "LIGHT-1",
        "INF-5",
        "TEMP-2",
        "TEMP-3",
    }


def test_unknown_tokens_on_a_sample():
    known = ["GAP-1", "ACT-HINDER-CHAR", "CL-GAP-1", "CL-LOC-HELI"]
    text = "GAP-1, GAP-2, ACT-HINDER-*, ACT-HINDER, a CL-GAP, CL-LOC-*, CL-GAP-2, CL-LOC, CL-WIN-1"
    assert unknown_tokens(text, known) == {"GAP-2", "ACT-HINDER", "CL-GAP-2", "CL-WIN-1"}
    assert unknown_tokens("XY-1 and CL-GAP-9", ["GAP-1"]) == set()  # no family of the reference


# --- the reference against the repository ---


def test_the_reference_has_entries_and_every_one_a_title_summary_and_status():
    assert len(entries()) > 250
    for rule_id, entry in entries().items():
        assert entry["title"].strip() and entry["summary"].strip(), rule_id
        assert entry.get("Status") in STATUSES, f"{rule_id}: status must be one of {STATUSES}"


def test_entries_short_of_implemented_say_why():
    silent = [i for i, e in entries().items() if e["Status"] != "implemented" and not e.get("Note")]
    assert not silent, f"approximated or not-modelled entries without a Note saying why: {silent}"


def test_every_rule_id_cited_in_code_configs_or_tests_has_an_entry():
    """A token whose first word is a family of the reference (GAP, ACT, LOC, CL, ...) must be an
    entry's ID, or a family PREFIX-* that some entry belongs to (unknown_tokens)."""
    known = set(entries())
    unknown = {}
    for path, text in citing_files().items():
        for token in sorted(unknown_tokens(text, known)):
            unknown.setdefault(token, path.relative_to(REPO).as_posix())
    assert not unknown, f"rule IDs cited without an entry in docs/rules.md: {unknown}"


def test_keys_are_the_config_keys_that_cite_the_rule():
    """An entry's Keys are exactly the keys whose comment cites it in configs/base.toml or
    configs/classic/base.toml, each a key of its ruleset's schema (SCHEMA, CLASSIC_SCHEMA).
    The citations are read per file and joined per rule: a key name in both files cites each
    file's own rules."""
    by_rule: dict[str, set[str]] = {}
    for path, schema in CONFIGS:
        name = path.relative_to(REPO).as_posix()
        for key, rules in config_citations(path).items():
            assert key in schema, f"{name}: {key} is not in its ruleset's schema"
            for rule_id in rules:
                by_rule.setdefault(rule_id, set()).add(key)
    wrong = {}
    for rule_id, entry in entries().items():
        listed = set(backticked(entry.get("Keys", "")))
        if listed != by_rule.get(rule_id, set()):
            wrong[rule_id] = (sorted(listed), sorted(by_rule.get(rule_id, set())))
    assert not wrong, (
        f"entries whose Keys differ from the base.toml citations (listed, cited): {wrong}"
    )


def test_code_exists_and_cites_the_rule():
    missing, silent, uncited = {}, [], []
    for rule_id, entry in entries().items():
        files = backticked(entry.get("Code", ""))
        if entry["Status"] == "implemented" and not files:
            uncited.append(rule_id)
        for name in files:
            path = REPO / name
            if not path.is_file():
                missing[rule_id] = name
            elif not cited_ids(path.read_text(encoding="utf-8"), [rule_id]):
                silent.append((rule_id, name))
    assert not missing, f"entries naming code that does not exist: {missing}"
    assert not silent, f"entries naming code that never cites their ID: {silent}"
    assert not uncited, f"implemented entries naming no code: {uncited}"


def test_tests_exist_and_mention_the_rule():
    missing, silent, untested = {}, [], []
    for rule_id, entry in entries().items():
        tests = backticked(entry.get("Tests", ""))
        if entry["Status"] == "implemented" and not tests:
            untested.append(rule_id)
        for test_id in tests:
            if test_id not in functions_of_the_tests():
                missing[rule_id] = test_id
            elif not mentions(test_id, rule_id):
                silent.append((rule_id, test_id))
    assert not missing, f"entries naming tests that do not exist: {missing}"
    assert not silent, f"entries naming tests that never mention their ID: {silent}"
    assert not untested, f"implemented entries naming no test: {untested}"


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError:
        return False
    return True


def names_a_thing(name: str) -> bool:
    """Whether a dotted name in backticks is a config key of either ruleset, a pattern of keys
    (`stock.*`), a module (`balance.classic.rules`), or a function or constant of a module of
    the kernels or the policies (`hindering.aimed_object`, `rules.check_end` of the classic
    kernel)."""
    for schema in (SCHEMA, CLASSIC_SCHEMA):
        if name in schema or ("*" in name and fnmatch.filter(schema, name)):
            return True
    if _is_module(name):
        return True
    module, _, attribute = name.rpartition(".")
    for package in ("balance.kernel", "balance.classic", "balance", "policies"):
        try:
            found = importlib.import_module(f"{package}.{module}")
        except ModuleNotFoundError:
            continue
        if hasattr(found, attribute):
            return True
    return False


def test_names_a_thing_on_samples():
    assert names_a_thing("generator.burn_per_turn") and names_a_thing("lab.result_seen_by")
    assert names_a_thing("things.start") and names_a_thing("temperature.*")  # in both rulesets
    assert names_a_thing("balance.classic.rules") and names_a_thing("rules.check_end")
    assert names_a_thing("hindering.aimed_object") and names_a_thing("classic.experts.learn")
    assert not names_a_thing("lab.no_such_key") and not names_a_thing("rules.no_such_function")


def test_every_dotted_name_in_the_text_exists():
    """A key, pattern of keys or code name written in backticks (`generator.burn_per_turn`,
    `health.heavy_wound_hp`) names something that exists; `KEY = value` is read as KEY."""
    text = REFERENCE.read_text(encoding="utf-8")
    names = set(re.findall(r"`([a-z_]+(?:\.[a-z_0-9*]+)+)(?:\s*=[^`]*)?`", text))
    unknown = sorted(
        n for n in names if not n.endswith((".py", ".toml", ".md")) and not names_a_thing(n)
    )
    assert not unknown, f"names in docs/rules.md that are no key and no code: {unknown}"

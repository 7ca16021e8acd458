"""docs/rules-coverage.md against RULES.md: every rule ID of Part A and every gap of Part B has
exactly one row, each row has a valid status, anything short of implemented says why, and every
implemented ID is cited in the code or the tests.

RULES.md lives in the `shared/` folder beside the repository (../shared/RULES.md from the repo
root), both here and in CI, where the repository is cloned next to a copy of shared/.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES = REPO.parent / "shared" / "RULES.md"
COVERAGE = REPO / "docs" / "rules-coverage.md"
STATUSES = ("implemented", "approximated", "not modelled")
CODE_DIRS = ("balance", "policies", "tests")

# A rule ID: upper-case words and numbers joined by hyphens, at least one hyphen.
ID = r"[A-Z]+(?:-(?:[A-Z]+|\d+))+"
END = r"(?![A-Za-z0-9]|-[A-Za-z0-9])"  # not followed by more of an ID (INF-1 is not INF-10)
START = r"(?<![A-Za-z0-9_-])"  # not preceded by more of an ID
BOLD_ID = re.compile(r"^\s*(?:[-*+]\s+|\d+\.\s+)?\*\*(" + ID + r")" + END)  # **ID at a line's start
TABLE_ID = re.compile(r"^\|\s*(?:\*\*)?(" + ID + r")" + END + r"(?:\*\*)?\s*\|")  # | ID | ...
GAP_ROW = re.compile(r"^\|\s*(GAP-\d+)\s*\|", re.MULTILINE)
# PREFIX-a..b or PREFIX-a..PREFIX-b (also with the ellipsis character RULES.md uses)
RANGE = re.compile(START + r"([A-Z]+(?:-[A-Z]+)*)-(\d+)\s*(?:\.\.|…)\s*(?:\1-)?(\d+)(?!\d)")


def split_parts(text: str) -> tuple[str, str]:
    """Part A (up to the "# PART B" heading) and Part B (up to "# PART C", if any)."""
    parts = re.split(r"^#\s+PART B\b", text, maxsplit=1, flags=re.MULTILINE)
    rest = parts[1] if len(parts) > 1 else ""
    return parts[0], re.split(r"^#\s+PART C\b", rest, maxsplit=1, flags=re.MULTILINE)[0]


def part_a_ids(part_a: str) -> list[str]:
    """IDs defined in Part A, in document order: bold markers `**ID` opening a line or list item,
    and IDs in the first cell of a table row."""
    ids: list[str] = []
    for line in part_a.splitlines():
        m = BOLD_ID.match(line) or TABLE_ID.match(line)
        if m and m.group(1) not in ids:
            ids.append(m.group(1))
    return ids


def gap_ids(part_b: str) -> list[str]:
    ids: list[str] = []
    for gap in GAP_ROW.findall(part_b):
        if gap not in ids:
            ids.append(gap)
    return ids


def table_rows(markdown: str) -> list[list[str]]:
    """The cells of every table row of the coverage file, header and separator rows left out."""
    rows = []
    for line in markdown.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "ID" or set("".join(cells)) <= set("-: "):
            continue
        rows.append(cells)
    return rows


def cited_ids(text: str, candidates) -> set[str]:
    """Candidates cited in text: literally, or inside a range PREFIX-a..b / PREFIX-a..PREFIX-b."""
    cited = {i for i in candidates if re.search(START + re.escape(i) + END, text)}
    for m in RANGE.finditer(text):
        prefix, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        cited.update(f"{prefix}-{k}" for k in range(lo, hi + 1))
    return cited & set(candidates)


@cache
def rules() -> tuple[list[str], list[str]]:
    if not RULES.is_file():
        pytest.fail(f"RULES.md not found at {RULES}: shared/ must sit beside the repository")
    part_a, part_b = split_parts(RULES.read_text(encoding="utf-8"))
    return part_a_ids(part_a), gap_ids(part_b)


@cache
def coverage() -> list[list[str]]:
    assert COVERAGE.is_file(), f"{COVERAGE} is missing"
    return table_rows(COVERAGE.read_text(encoding="utf-8"))


def code_text() -> str:
    this = Path(__file__).resolve()
    files = sorted(p for d in CODE_DIRS for p in (REPO / d).rglob("*.py") if p.resolve() != this)
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


# --- the parsers themselves ---


def test_id_parsers_on_a_sample():
    sample = """# PART A
**SETUP-1 (table).** text
- **ITEM-PARKA.** text
- **ASSUMPTION** is not an ID
see **GAP-6** in running text
| ID | Action |
|---|---|
| ACT-DROP | Drop |
| **ACT-SHOOT-1** | x |
# PART B — gaps
| GAP-1 | a |
| GAP-2 | b |
# PART C
| GAP-99 | c |
"""
    part_a, part_b = split_parts(sample)
    assert part_a_ids(part_a) == ["SETUP-1", "ITEM-PARKA", "ACT-DROP", "ACT-SHOOT-1"]
    assert gap_ids(part_b) == ["GAP-1", "GAP-2"]


def test_citation_matching_on_a_sample():
    ids = [
        "INF-1",
        "INF-4",
        "INF-10",
        "FROST-6",
        "TEMP-1",
        "TEMP-5",
        "ACT-SHOOT",
        "ACT-SHOOT-1",
        "LOC-WAREHOUSE-5",
        "GAP-1",
    ]
    text = "INF-1..7; FROST-1..FROST-6; TEMP-2..5; ACT-SHOOT-1; LOC-WAREHOUSE-1..5; GAP-12"
    assert cited_ids(text, ids) == {
        "INF-1",
        "INF-4",
        "FROST-6",
        "TEMP-5",
        "ACT-SHOOT-1",
        "LOC-WAREHOUSE-5",
    }
    assert cited_ids("MY_ID-1 and XGAP-1", ["ID-1", "GAP-1"]) == set()


def test_rules_md_yields_part_a_ids_and_consecutive_gaps():
    a_ids, gaps = rules()
    assert a_ids and gaps
    assert not set(a_ids) & set(gaps)
    assert gaps == [f"GAP-{n}" for n in range(1, len(gaps) + 1)]


# --- the coverage table ---


def test_every_rule_and_gap_id_has_exactly_one_row():
    a_ids, gaps = rules()
    listed = [row[0] for row in coverage()]
    missing = [i for i in a_ids + gaps if i not in listed]
    repeated = sorted({i for i in listed if listed.count(i) > 1})
    assert not missing, f"IDs of RULES.md without a row: {missing}"
    assert not repeated, f"IDs with more than one row: {repeated}"


def test_table_lists_no_unknown_ids():
    a_ids, gaps = rules()
    unknown = [row[0] for row in coverage() if row[0] not in set(a_ids + gaps)]
    assert not unknown, f"rows whose ID is not in RULES.md Part A or Part B: {unknown}"


def test_rows_follow_the_order_of_rules_md():
    a_ids, gaps = rules()
    order = {i: k for k, i in enumerate(a_ids + gaps)}
    listed = [row[0] for row in coverage() if row[0] in order]
    assert listed == sorted(listed, key=order.__getitem__)


def test_each_row_has_four_cells_and_a_known_status():
    bad_shape = [row for row in coverage() if len(row) != 4]
    assert not bad_shape, f"rows without exactly 4 cells (ID, status, where, note): {bad_shape}"
    bad_status = [(row[0], row[1]) for row in coverage() if row[1] not in STATUSES]
    assert not bad_status, f"statuses must be one of {STATUSES}: {bad_status}"


def test_rows_short_of_implemented_give_a_reason():
    silent = [row[0] for row in coverage() if row[1] != "implemented" and not row[3]]
    assert not silent, f"approximated or not-modelled rows without a note: {silent}"


def test_implemented_rules_are_cited_in_code_or_tests():
    implemented = [row[0] for row in coverage() if row[1] == "implemented"]
    cited = cited_ids(code_text(), implemented)
    uncited = [i for i in implemented if i not in cited]
    assert not uncited, (
        f"implemented IDs cited nowhere in the .py files of {', '.join(CODE_DIRS)}: {uncited}"
    )

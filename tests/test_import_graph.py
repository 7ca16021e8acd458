"""The layers of balance and policies, read from their static imports (`ast`, nothing imported):

- the compiled rules (balance/kernel/) never import the policies, which a game wires to them
  from above (balance.play);
- the policies read of balance only what a player may know of the rules: the codes, the
  observation vector, the rules' parameters, the random streams, balance.kernel.public and the
  `compiled` decorator (and ConfigError);
- no module imports itself back through others when it is loaded (imports at module level).

Imports inside functions count for the first two, not for the last: they run when called."""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("balance", "policies")

# what a module under policies/ may import of balance
POLICIES_MAY_IMPORT = frozenset(
    {
        "balance.codes",
        "balance.observation",
        "balance.classic.codes",  # the classic ruleset's codes, observation and rule numbers
        "balance.classic.observation",
        "balance.classic.params",
        "balance.kernel.params",
        "balance.kernel.rng",
        "balance.kernel.public",
        "balance.compile.jit",
        "balance.errors",
    }
)


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a name imported from a module counts as the module)
    path: Path
    line: int
    top_level: bool  # run when the module is loaded, not inside a function

    def __str__(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line} imports {self.target}"


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_files() -> dict[str, Path]:
    return {
        module_name(p): p for package in PACKAGES for p in sorted((REPO / package).rglob("*.py"))
    }


def _in_function(tree: ast.AST) -> set[ast.AST]:
    """The import statements of `tree` inside a function's body."""
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner.update(n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom)))
    return inner


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Every import statement of the module, each name imported from a module resolved to the
    submodule it names when there is one."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    inner = _in_function(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1 packages
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
            targets = list(dict.fromkeys(targets))  # `from m import a, b` imports m once
        else:
            continue
        found += [Import(name, t, path, node.lineno, node not in inner) for t in targets]
    return found


def all_imports() -> list[Import]:
    modules = module_files()
    return [i for name, path in modules.items() for i in imports_of(name, path, modules)]


def _within(target: str, package: str) -> bool:
    return target == package or target.startswith(package + ".")


def test_the_kernel_never_imports_the_policies():
    offending = [
        str(i)
        for i in all_imports()
        if _within(i.source, "balance.kernel") and _within(i.target, "policies")
    ]
    assert not offending, "the kernel imports the policies: " + "; ".join(offending)


def test_the_policies_import_only_the_public_part_of_balance():
    offending = [
        str(i)
        for i in all_imports()
        if _within(i.source, "policies")
        and _within(i.target, "balance")
        and i.target not in POLICIES_MAY_IMPORT
    ]
    assert not offending, (
        "the policies import what they may not (allowed of balance: "
        + ", ".join(sorted(POLICIES_MAY_IMPORT))
        + "): "
        + "; ".join(offending)
    )


def test_no_module_imports_itself_back_when_loaded():
    modules = module_files()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    edges: dict[tuple[str, str], Import] = {}
    for i in all_imports():
        if i.top_level and i.target in modules and i.target != i.source:
            graph[i.source].add(i.target)
            edges.setdefault((i.source, i.target), i)
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        cycle = exc.args[1][::-1]  # [a, b, ..., a]: each imports the next
        steps = [str(edges[(a, b)]) for a, b in zip(cycle, cycle[1:])]
        raise AssertionError("an import cycle: " + " -> ".join(steps)) from None


def test_every_package_is_installed():
    """pyproject.toml lists every package of balance/ and policies/ (a wheel holds only those it
    lists: one left out installs a balance that cannot import it)."""
    with (REPO / "pyproject.toml").open("rb") as fh:
        listed = set(tomllib.load(fh)["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for top in ("balance", "policies")
        for init in (REPO / top).rglob("__init__.py")
    }
    assert listed == found

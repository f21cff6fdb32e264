"""The layering of the packages, read from the source (every import statement, also those
inside functions; ``if TYPE_CHECKING:`` blocks are type hints, not imports):

- ``oracle`` (the rules) never imports ``digiconform`` (the tooling);
- no import circle among the oracle's modules;
- the verifier and the harness reach the oracle only through its driver contract (the
  driver, the ruleset registry, errors, traces and replay, JSON-path diffs, schemas and the
  register of readings), never into a ruleset's own modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: What digiconform.verifier and digiconform.harness may import from the oracle.
DRIVER_CONTRACT = frozenset({
    "oracle", "oracle.driver", "oracle.rulesets", "oracle.errors", "oracle.trace",
    "oracle.replay", "oracle.jsondiff", "oracle.validation", "oracle.resources",
    "oracle.variants",
    "oracle.inputs",  # the input layer every file and protocol line goes through (issue 17)
})


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(package: str) -> dict[str, Path]:
    return {_module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


ALL = {**_modules("oracle"), **_modules("digiconform")}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path) -> set[str]:
    """The modules ``name`` imports (a ``from pkg import sub`` of a submodule counts as
    ``pkg.sub``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = name.split(".") if is_pkg else name.split(".")[:-1]
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join(pkg + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in ALL else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


GRAPH = {name: _imports(name, path) for name, path in ALL.items()}


def test_the_scan_sees_both_packages_and_their_imports() -> None:
    """The checks below read something: both packages and known edges are found."""
    assert "oracle.digibattle.battle" in GRAPH and "digiconform.verifier.runner" in GRAPH
    assert "oracle.digibattle.phases" in GRAPH["oracle.digibattle.battle"]
    assert "oracle.driver" in GRAPH["digiconform.harness.serve"]


@pytest.mark.parametrize("name", sorted(n for n in GRAPH if n.split(".")[0] == "oracle"))
def test_oracle_never_imports_the_tooling(name: str) -> None:
    bad = sorted(m for m in GRAPH[name] if m.split(".")[0] == "digiconform")
    assert not bad, f"{name} imports {bad}: the oracle must not depend on digiconform"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_the_oracle() -> None:
    oracle = {n: {m for m in deps if m.split(".")[0] == "oracle"}
              for n, deps in GRAPH.items() if n.split(".")[0] == "oracle"}
    assert _cycles(oracle) == []


@pytest.mark.parametrize("name", sorted(
    n for n in GRAPH if n.startswith(("digiconform.verifier", "digiconform.harness"))))
def test_verifier_reaches_the_oracle_only_through_the_driver_contract(name: str) -> None:
    bad = sorted(m for m in GRAPH[name]
                 if m.split(".")[0] == "oracle" and m not in DRIVER_CONTRACT)
    assert not bad, (f"{name} imports {bad}; the verifier and the harness may use only "
                     f"{sorted(DRIVER_CONTRACT)}")


def test_the_deprecated_plugin_alias_imports_no_tooling() -> None:
    """``oracle/pytest_plugin.py`` only names the new plugin for pytest to load."""
    assert not {m for m in GRAPH["oracle.pytest_plugin"] if m.startswith("digiconform")}


def test_pytest_dash_p_digiconform_registers_every_hook_of_the_plugin() -> None:
    """``pytest -p digiconform`` registers the package: it must offer each hook of
    :mod:`digiconform.pytest_plugin` with the same signature."""
    import inspect

    import digiconform
    from digiconform import pytest_plugin

    hooks = sorted(n for n, f in vars(pytest_plugin).items()
                   if n.startswith("pytest_") and callable(f))
    assert hooks
    for name in hooks:
        mine = getattr(digiconform, name, None)
        assert mine is not None, f"digiconform lacks {name}"
        assert (list(inspect.signature(mine).parameters)
                == list(inspect.signature(getattr(pytest_plugin, name)).parameters)), name

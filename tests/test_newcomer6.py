"""The sixth newcomer review's held-out faults (``tests/newcomer6_faults.py``, results in
docs/NEWCOMER6.md) still build as planted: each patch applies exactly once to today's
examples, each fault names in advance clauses the rule texts have, and each fault's engine,
played directly against ``base`` in lockstep (``tests/newcomer6_run.py``'s
``first_difference``: seeded random games through both adapters, no oracle), answers or
accepts something ``base`` does not. No verify run here: the runner does that, outside the
test suite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import newcomer6_faults, newcomer6_run
from tests.newcomer3_faults import DB_EXAMPLE, DCG_ENGINE, DCG_EXAMPLE, ENGINE

ROOT = Path(__file__).resolve().parents[1]
SETS = (("db", newcomer6_faults.PATCHES, DB_EXAMPLE, ENGINE),
        ("dcg", newcomer6_faults.DCG_PATCHES, DCG_EXAMPLE, DCG_ENGINE))
FAULTS = [(rs, name) for rs, patches, _, _ in SETS for name in patches if name != "base"]


def test_every_patch_applies_exactly_once() -> None:
    for _, patches, example, _ in SETS:
        for name, (_, changes) in patches.items():
            texts: dict[str, str] = {}
            for f, old, new in changes:
                text = texts.get(f, (example / f).read_text(encoding="utf-8"))
                assert text.count(old) == 1, (name, f, old)
                texts[f] = text.replace(old, new, 1)


def test_every_fault_names_clauses_of_the_rule_texts_in_advance() -> None:
    names = sorted(n for _, n in FAULTS)
    assert sorted(newcomer6_faults.NAMED) == names
    assert sorted(newcomer6_faults.KINDS) == names
    assert set(newcomer6_faults.FOUND_READINGS) <= set(names)
    ids = set(re.findall(r"\*\*((?:DB|DCG)-[0-9A-Za-z.-]+)\*\*",
                         (ROOT / "docs" / "rules" / "CLAUSES.md").read_text(encoding="utf-8")))
    dcg_source = "".join(p.read_text(encoding="utf-8")
                         for p in (ROOT / "oracle" / "dcg").glob("*.py"))
    for name, clauses in newcomer6_faults.NAMED.items():
        assert clauses, name
        for c in clauses:
            assert c in ids or (c.startswith("CR4.2 ") and f'"{c}"' in dcg_source), (name, c)
    # one of each kind of mistake the brief lists, over the two engines
    kinds = {k.split(" (")[0] for k in newcomer6_faults.KINDS.values()}
    assert kinds == {"wrong count", "missing step", "wrong zone", "wrong player",
                     "wrong timing", "check left out", "turn/phase flow slip", "wrong value"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("nc6")
    newcomer6_faults.build(out)
    return out


def test_each_engine_builds_and_differs_from_base_in_its_files(built: Path) -> None:
    for rs, patches, example, engine in SETS:
        original = (example / engine).read_text(encoding="utf-8")
        assert (built / rs / "base" / engine).read_text(encoding="utf-8") == original
        for name in patches:
            if name != "base":
                assert (built / rs / name / engine).read_text(encoding="utf-8") != original


@pytest.mark.parametrize("ruleset", ["db", "dcg"])
def test_base_against_itself_shows_no_difference(built: Path, ruleset: str) -> None:
    base = newcomer6_run.load_adapter(built / ruleset / "base", ruleset, "base")
    again = newcomer6_run.load_adapter(built / ruleset / "base", ruleset, "again")
    assert newcomer6_run.first_difference(ruleset, base, again, 0, max_steps=300) is None


@pytest.mark.parametrize(("ruleset", "name"), FAULTS)
def test_each_fault_plays_otherwise_than_base(built: Path, ruleset: str, name: str) -> None:
    base = newcomer6_run.load_adapter(built / ruleset / "base", ruleset, "base")
    fault = newcomer6_run.load_adapter(built / ruleset / name, ruleset, name)
    found = [newcomer6_run.first_difference(ruleset, base, fault, seed) for seed in range(3)]
    assert any(found), f"{name}: no difference from base in 3 games"

"""Every clause has scenarios, and every scenario tag names something that exists.

The clause registry (``digiconform/data/clauses.json``) must list exactly the clause IDs of
``docs/rules/CLAUSES.md`` (the project's copy of the clause list); each Digi-Battle clause
needs at least two scenarios (a legal case and an illegal or edge case). DCG clauses are held to
the same bar once ``features/dcg/`` exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform import clauses as reg
from digiconform.cli import main
from digiconform.resources import features_dir

CLAUSES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules" / "CLAUSES.md"


def test_registry_lists_every_clause_of_the_rules_once() -> None:
    ids = [c.id for c in reg.registry()]
    assert len(ids) == len(set(ids)), "duplicate clause IDs in digiconform/data/clauses.json"
    assert all(c.ruleset in reg.RULESETS and c.summary and "\n" not in c.summary
               for c in reg.registry())
    in_rules = re.findall(r"^- \*\*((?:DB|DCG)-[^*]+)\*\*", CLAUSES_MD.read_text("utf-8"), re.M)
    assert ids == in_rules


@pytest.mark.parametrize("ruleset", reg.RULESETS)
def test_every_clause_has_at_least_two_scenarios(ruleset: str) -> None:
    if not (features_dir() / ruleset).is_dir():
        pytest.skip(f"features/{ruleset}/ does not exist yet")
    thin = {r.clause.id: r.scenarios for r in reg.coverage(ruleset) if r.status != "covered"}
    assert not thin, f"clauses with fewer than {reg.MINIMUM_SCENARIOS} scenarios: {thin}"


def test_every_tag_names_a_known_clause_or_ambiguity() -> None:
    unknown = reg.scan_features().unknown_tags()
    assert not unknown, f"tags that name no known clause or ambiguity: {unknown}"


def test_every_scenario_has_a_clause_tag() -> None:
    scan = reg.scan_features()
    untagged = [f"{s.file.name}:{s.line} {s.name}" for s in scan.scenarios
                if not any(reg.CLAUSE_TAG.match(t) for t in s.tags)]
    assert not untagged


def test_digibattle_has_at_least_100_scenarios() -> None:
    scan = reg.scan_features(ruleset="digibattle")
    assert sum(s.examples for s in scan.scenarios) >= 100


def test_the_scanner_counts_outline_examples_and_inherits_tags(tmp_path: Path) -> None:
    (tmp_path / "digibattle").mkdir()
    (tmp_path / "digibattle" / "x.feature").write_text(
        "@DB-A.0\nFeature: x\n\n  @DB-C.8\n  Rule: r\n\n    @DB-C.9\n"
        "    Scenario Outline: o\n      Given <a>\n\n      Examples:\n        | a |\n"
        "        | 1 |\n        | 2 |\n\n    Scenario: s\n      Given x\n", encoding="utf-8")
    scan = reg.scan_features(tmp_path)
    assert scan.count("DB-A.0") == 3
    assert scan.count("DB-C.8") == 3
    assert scan.count("DB-C.9") == 2
    assert scan.unknown_tags() == {}


def test_clauses_command_prints_the_table() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["clauses", "--ruleset", "digibattle"])
    assert text.exit_code == 0, text.output
    assert "DB-C.ex" in text.output and "covered" in text.output
    js = runner.invoke(main, ["clauses", "--format", "json"])
    assert js.exit_code == 0
    md = runner.invoke(main, ["clauses", "--format", "markdown"])
    assert md.output.startswith("| clause | scenarios | status | summary |")

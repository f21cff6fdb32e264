"""Which scenario and step is running, and assertions that say so when they fail.

``tests/conftest.py`` records the running scenario (``pytest_bdd_before_scenario``) and step
(``pytest_bdd_before_step``) in the test item's stash; the ``scenario_context`` fixture hands
that :class:`ScenarioContext` to the steps. A failed expectation then reads::

    [DB-C.5] Then I score 100 points: expected my score to go up by 100, got 200

naming the clause(s) the scenario is tagged with, the step as written in the feature file, and
what was expected against what the game under test did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from digiconform.clauses import AMBIGUITY_TAG, CLAUSE_TAG, rulebook_order, tag_clause

CONTEXT_KEY = pytest.StashKey["ScenarioContext"]()


@dataclass
class ScenarioContext:
    """The running scenario: its feature file, name, example, tags and current step."""

    feature_stem: str
    name: str
    example: str | None = None
    tags: frozenset[str] = frozenset()
    step: str = ""

    @property
    def id(self) -> str:
        """Stable scenario ID: ``"feature-file-stem::scenario name[::example id]"``."""
        base = f"{self.feature_stem}::{self.name}"
        return f"{base}::{self.example}" if self.example else base

    @property
    def clauses(self) -> list[str]:
        """Clause tags, in rulebook order."""
        return rulebook_order(tag_clause(t) for t in self.tags if CLAUSE_TAG.match(t))

    @property
    def ambiguities(self) -> list[str]:
        """Ambiguity tags (``DB-AMB-n``), by number."""
        return sorted((t for t in self.tags if AMBIGUITY_TAG.match(t)),
                      key=lambda t: int(re.sub(r"\D", "", t.rsplit("-", 1)[1]) or 0))

    @property
    def label(self) -> str:
        """``"DB-C.5"``, ``"DB-C.6, DB-C.8"`` or ``"DB-C.3 / DB-AMB-6"``: what a failure cites."""
        text = ", ".join(self.clauses) or "no clause tag"
        if self.ambiguities:
            text += " / " + ", ".join(self.ambiguities)
        return text


@dataclass
class Expect:
    """Assertions bound to the running scenario (the ``expect`` fixture)."""

    ctx: ScenarioContext
    notes: list[str] = field(default_factory=list)

    def fail(self, detail: str) -> None:
        """Fail the scenario: ``[clause] step: detail``."""
        __tracebackhide__ = True
        raise AssertionError(f"[{self.ctx.label}] {self.ctx.step}: {detail}")

    def equal(self, what: str, expected: Any, actual: Any) -> None:
        """Fail unless ``actual == expected``: "expected <what> <expected>, got <actual>"."""
        __tracebackhide__ = True
        if actual != expected:
            self.fail(f"expected {what} {_show(expected)}, got {_show(actual)}")

    def true(self, condition: bool, detail: str) -> None:
        """Fail with ``detail`` unless ``condition``."""
        __tracebackhide__ = True
        if not condition:
            self.fail(detail)


def _show(v: Any) -> str:
    if isinstance(v, list | tuple):
        return "[" + ", ".join(str(x) for x in v) + "]" if v else "nothing"
    return str(v)

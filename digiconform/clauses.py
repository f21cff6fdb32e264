"""The clause registry and the scenario coverage of each clause.

``digiconform/data/clauses.json`` lists every clause ID of ``docs/rules/CLAUSES.md`` (Digi-Battle
``DB-…`` and Digimon Card Game ``DCG-…``) with its ruleset, rulebook section and a one-line
summary. :func:`scan_features` reads the Gherkin files under ``features/`` and counts, for each
tag, the scenarios that carry it (a Scenario Outline counts once per Examples row; tags on a
``Feature`` or ``Rule`` pass down to its scenarios). :func:`coverage` joins the two, and
``digiconform clauses`` prints the table.

The scanner is a small line-based reader of the Gherkin subset the project uses (tags,
``Feature``, ``Rule``, ``Background``, ``Scenario``, ``Scenario Outline``/``Template``,
``Examples`` with a table); it needs no test framework at run time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import click

from digiconform.resources import features_dir

RULESETS: tuple[str, ...] = ("digibattle", "dcg")
"""Rulesets with clauses, and the ``features/`` sub-folder of each (``digibattle`` → ``features/
digibattle``)."""

CLAUSE_TAG = re.compile(r"^(?:(?:DB|DCG)-(?!AMB-)|CR4\.2[ -])")
"""What a clause tag looks like (ambiguity tags ``DB-AMB-n``/``DCG-AMB-n`` are not clauses):
a rulebook clause ID, or a DCG Comprehensive Rules section title (``CR4.2 Deck construction``,
spelt in a feature file with hyphens for its spaces, :func:`tag_clause`)."""


def tag_clause(tag: str) -> str:
    """The clause a feature-file tag names: the tag itself, but a Comprehensive Rules title
    written as a tag, with hyphens for the spaces a tag cannot hold (``@CR4.2-Deck-construction``),
    is the clause ID with its spaces (``CR4.2 Deck construction``, as the oracle's refusals
    cite it)."""
    if tag.startswith("CR4.2-"):
        return "CR4.2 " + tag[len("CR4.2-"):].replace("-", " ")
    return tag


def setup_clauses() -> frozenset[str]:
    """The rulesets' deck-construction clauses (:attr:`oracle.rulesets.Ruleset.setup_clauses`):
    clauses a scenario may be tagged with though the registry does not list them
    (``CR4.2 Deck construction``, a Comprehensive Rules section, not a chapter-6 clause)."""
    from oracle import rulesets

    out: set[str] = set()
    for name in RULESETS:
        try:
            out |= set(rulesets.get(name).setup_clauses)
        except ImportError:  # pragma: no cover - a ruleset not installed
            continue
    return frozenset(out)

AMBIGUITY_TAG = re.compile(r"^(?:DB|DCG)-AMB-\d+$")

OTHER_TAGS: frozenset[str] = frozenset({"oracle-bug"})
"""Tags that are neither clauses nor ambiguities but are known (``@oracle-bug``: the oracle
disagrees with the rule text; the scenario is expected to fail until the oracle is fixed)."""


@dataclass(frozen=True)
class Clause:
    """One clause of the rules: ``id`` as in CLAUSES.md (``DB-C.8``)."""

    id: str
    ruleset: str
    section: str
    summary: str


@cache
def registry() -> tuple[Clause, ...]:
    """Every clause, in rulebook order (``digiconform/data/clauses.json``)."""
    path = Path(__file__).parent / "data" / "clauses.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Clause(c["id"], c["ruleset"], c["section"], c["summary"]) for c in doc["clauses"])


@cache
def by_id() -> Mapping[str, Clause]:
    """Clauses by ID."""
    return {c.id: c for c in registry()}


def clauses(ruleset: str | None = None) -> tuple[Clause, ...]:
    """The clauses of ``ruleset`` (all when ``None``), in rulebook order."""
    return tuple(c for c in registry() if ruleset is None or c.ruleset == ruleset)


def rulebook_order(ids: Iterable[str]) -> list[str]:
    """``ids`` sorted in rulebook order (unknown IDs last, alphabetically)."""
    pos = {c.id: i for i, c in enumerate(registry())}
    return sorted(set(ids), key=lambda i: (pos.get(i, len(pos)), i))


def known_ambiguities() -> frozenset[str]:
    """Every ambiguity ID of every ruleset (``DB-AMB-n`` and ``DCG-AMB-n``)."""
    from oracle import variants

    ids = set(variants.BY_ID)
    try:
        from oracle.dcg.variants import AMBIGUITIES
    except ImportError:  # pragma: no cover - the DCG ruleset is optional here
        AMBIGUITIES = {}  # noqa: N806
    return frozenset(ids | set(AMBIGUITIES))


# ---------------------------------------------------------------------------------------------
# Reading feature files


@dataclass
class ScenarioInfo:
    """One scenario of a feature file; ``examples`` is 1 for a plain Scenario, else the number of
    Examples rows of the outline."""

    file: Path
    line: int
    name: str
    tags: frozenset[str]
    examples: int = 1


@dataclass
class FeatureScan:
    """Scenarios found in feature files, and tags that name nothing known."""

    scenarios: list[ScenarioInfo] = field(default_factory=list)

    def count(self, tag: str) -> int:
        """Scenarios (outline examples included) carrying ``tag``."""
        return sum(s.examples for s in self.scenarios if tag in s.tags)

    def tags(self) -> set[str]:
        """Every tag used."""
        return {t for s in self.scenarios for t in s.tags}

    def unknown_tags(self) -> dict[str, list[str]]:
        """Tag → places (``file:line``) for tags that are not a registered clause, a known
        ambiguity or one of :data:`OTHER_TAGS`."""
        known_ambs = known_ambiguities()
        out: dict[str, list[str]] = {}
        for s in self.scenarios:
            for t in s.tags:
                ok = (t in by_id() or t in setup_clauses()) if CLAUSE_TAG.match(t) else (
                    t in known_ambs if AMBIGUITY_TAG.match(t) else t in OTHER_TAGS)
                if not ok:
                    out.setdefault(t, []).append(f"{s.file.name}:{s.line}")
        return out


_TAG_LINE = re.compile(r"^\s*@")
_KEYWORD = re.compile(
    r"^\s*(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Example|"
    r"Examples|Scenarios):")


def scan_file(path: Path) -> list[ScenarioInfo]:
    """The scenarios of one ``.feature`` file with their effective tags."""
    found: list[ScenarioInfo] = []
    pending: set[str] = set()
    feature_tags: frozenset[str] = frozenset()
    rule_tags: frozenset[str] = frozenset()
    current: ScenarioInfo | None = None
    in_examples = False
    header_seen = False
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if _TAG_LINE.match(raw):
            pending |= {tag_clause(t.lstrip("@")) for t in line.split("#", 1)[0].split()}
            continue
        m = _KEYWORD.match(raw)
        if m:
            kw = m.group(1)
            tags = frozenset(pending)
            pending = set()
            in_examples = False
            if kw == "Feature":
                feature_tags = tags
            elif kw == "Rule":
                rule_tags = tags
            elif kw in ("Scenario", "Example", "Scenario Outline", "Scenario Template"):
                outline = kw in ("Scenario Outline", "Scenario Template")
                current = ScenarioInfo(path, n, line.split(":", 1)[1].strip(),
                                       tags | feature_tags | rule_tags, 0 if outline else 1)
                found.append(current)
            elif kw in ("Examples", "Scenarios") and current is not None:
                in_examples, header_seen = True, False
            continue
        if in_examples and line.startswith("|") and current is not None:
            if header_seen:
                current.examples += 1
            header_seen = True
    return found


def scan_features(root: Path | None = None, ruleset: str | None = None) -> FeatureScan:
    """Scan ``features/<ruleset>/**/*.feature`` (every ruleset when ``None``)."""
    root = root or features_dir()
    dirs = [root / r for r in (RULESETS if ruleset is None else (ruleset,))]
    scan = FeatureScan()
    for d in dirs:
        for path in sorted(d.rglob("*.feature")) if d.is_dir() else ():
            scan.scenarios.extend(scan_file(path))
    return scan


# ---------------------------------------------------------------------------------------------
# Coverage


@dataclass(frozen=True)
class Coverage:
    """One row of the coverage table."""

    clause: Clause
    scenarios: int
    minimum: int

    @property
    def status(self) -> str:
        """``covered`` (at least ``minimum`` scenarios), ``thin`` (some) or ``missing``."""
        if self.scenarios >= self.minimum:
            return "covered"
        return "thin" if self.scenarios else "missing"

    def to_json(self) -> dict[str, Any]:
        """``{"clause", "ruleset", "summary", "scenarios", "status"}``."""
        return {"clause": self.clause.id, "ruleset": self.clause.ruleset,
                "summary": self.clause.summary, "scenarios": self.scenarios,
                "status": self.status}


MINIMUM_SCENARIOS = 2
"""Every clause needs a legal case and an illegal or edge case."""


SETUP_SUMMARIES: Mapping[str, tuple[str, str]] = {
    "CR4.2 Deck construction": (
        "dcg", "Each deck: exactly 50 main cards, 0-5 Digi-Eggs, at most 4 of a card number."),
}
"""The deck-construction clauses the registry does not list (:func:`setup_clauses`), with
their ruleset and one-line summary, for the coverage table."""


def coverage(ruleset: str | None = None, root: Path | None = None,
             minimum: int = MINIMUM_SCENARIOS) -> list[Coverage]:
    """The coverage of each clause of ``ruleset`` (all when ``None``) by the feature files,
    then of the deck-construction clauses outside the registry (:data:`SETUP_SUMMARIES`)."""
    scan = scan_features(root)
    extra = [Clause(cid, rs, "Comprehensive Rules (set-up)", summary)
             for cid, (rs, summary) in SETUP_SUMMARIES.items()
             if (ruleset is None or rs == ruleset) and cid not in by_id()]
    return [Coverage(c, scan.count(c.id), minimum) for c in (*clauses(ruleset), *extra)]


def render(rows: list[Coverage], fmt: str) -> str:
    """The table as ``text``, ``json`` or ``markdown``."""
    if fmt == "json":
        return json.dumps([r.to_json() for r in rows], indent=2, ensure_ascii=False)
    total = sum(1 for r in rows if r.status == "covered")
    if fmt == "markdown":
        lines = ["| clause | scenarios | status | summary |", "| --- | ---: | --- | --- |"]
        lines += [f"| {r.clause.id} | {r.scenarios} | {r.status} | {r.clause.summary} |"
                  for r in rows]
        lines.append("")
        lines.append(f"{total} of {len(rows)} clauses covered.")
        return "\n".join(lines)
    width = max((len(r.clause.id) for r in rows), default=6)
    lines = [f"{'clause':<{width}}  scenarios  status   summary"]
    lines += [f"{r.clause.id:<{width}}  {r.scenarios:>9}  {r.status:<7}  {r.clause.summary}"
              for r in rows]
    lines.append(f"{total} of {len(rows)} clauses covered "
                 f"(at least {MINIMUM_SCENARIOS} scenarios each).")
    return "\n".join(lines)


@click.command("clauses")
@click.option("--ruleset", type=click.Choice(RULESETS), default=None,
              help="Only the clauses of this ruleset (default: all).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
              default="text", show_default=True, help="Output format.")
def clauses_command(ruleset: str | None, fmt: str) -> None:
    """Print each clause with the number of scenarios that check it and its status
    (covered / thin / missing)."""
    rows = coverage(ruleset)
    click.echo(render(rows, fmt))

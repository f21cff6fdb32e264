"""``docs/AUDIT.md``, the clause-by-clause audit of the rule texts (issue 13), stays complete:
every clause of ``docs/rules/CLAUSES.md`` has a row (its own, or inside a row's range such as
``DCG-6-4-1 … 6-4-1-3``), and every register entry the audit names is one the register holds
or has retired."""

from __future__ import annotations

import re
from pathlib import Path

from digiconform.ambiguities import RETIRED
from oracle import variants as V

ROOT = Path(__file__).resolve().parent.parent
CLAUSES = (ROOT / "docs" / "rules" / "CLAUSES.md").read_text(encoding="utf-8")
AUDIT = (ROOT / "docs" / "AUDIT.md").read_text(encoding="utf-8")


def _clause_ids() -> list[str]:
    """The clause IDs CLAUSES.md defines, in order (``- **DB-A.0** ...``)."""
    return re.findall(r"^- \*\*((?:DB|DCG)-[0-9A-Za-z.-]+)\*\*", CLAUSES, flags=re.M)


def _audited() -> set[str]:
    """The clause IDs the audit's table rows cover: the first cell, a single ID, ``A / B``
    or a range ``A … B`` of one ruleset's IDs (expanded over CLAUSES.md's order)."""
    order = _clause_ids()
    out: set[str] = set()
    for cell in re.findall(r"^\| ((?:DB|DCG)-[^|]+?) \|", AUDIT, flags=re.M):
        prefix = cell.split("-")[0] + "-"
        if "…" in cell:
            first, last = (p.strip() for p in cell.split("…"))
            last = last if last.startswith(prefix) else prefix + last
            out.update(order[order.index(first):order.index(last) + 1])
        else:
            for part in cell.split("/"):
                part = part.strip()
                out.add(part if part.startswith(prefix) else prefix + part)
    return out


def test_every_clause_has_an_audit_row() -> None:
    ids = _clause_ids()
    assert len(ids) >= 50  # the parser still reads CLAUSES.md
    missing = [c for c in ids if c not in _audited()]
    assert not missing, f"docs/AUDIT.md has no row for {missing}"


def test_the_audit_rows_name_only_clauses_that_exist() -> None:
    unknown = sorted(_audited() - set(_clause_ids()))
    assert not unknown, f"docs/AUDIT.md audits clauses CLAUSES.md does not define: {unknown}"


def test_every_entry_the_audit_names_is_in_the_register_or_retired() -> None:
    known = {a.id for a in V.REGISTRY} | {r.entry.id for r in RETIRED}
    named = set(re.findall(r"\b(?:DB|DCG)-AMB-\d+\b", AUDIT))
    assert named, "the audit names no register entry"
    assert not named - known, f"unknown register entries: {sorted(named - known)}"

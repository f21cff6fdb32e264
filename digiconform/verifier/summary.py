"""``digiconform summary REPORT.json…``: several engines' reports side by side.

One table of clauses × engines (each cell the clause's result for that engine) and one of
ambiguities × engines (the reading each engine follows, against the one it declared), as
terminal text (rich), Markdown or a self-contained HTML page. Like ``bowtie summary``, the
exit code is 1 when any report failed.

Only the report documents are read (``schemas/report.schema.json``), so reports written by
different digiconform versions can be compared as long as they follow the schema.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from digiconform.verifier.report import REPORT_FORMAT

__all__ = ["Summary", "load", "summarize", "markdown", "html", "terminal"]

_MARK = {"pass": "pass", "fail": "FAIL", "skip": "skip", "untested": "·", None: ""}


class ReportError(ValueError):
    """A file that is not a readable digiconform report."""


@dataclass
class Summary:
    """The tables of a summary: ``engines`` (column labels), ``clauses`` and
    ``ambiguities`` (row ID → one cell per engine), and per engine its overall line."""

    engines: list[str]
    ok: list[bool]
    totals: list[str]
    clauses: dict[str, list[str | None]]
    ambiguities: dict[str, list[str]]

    @property
    def all_ok(self) -> bool:
        """Every report passed."""
        return all(self.ok)


def load(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Read report files.

    :raises ReportError: a file is not JSON or not a ``digiconform-report/1`` document.
    """
    docs = []
    for p in paths:
        try:
            doc = json.loads(Path(p).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ReportError(f"{p}: not a readable JSON report ({e})") from e
        if not isinstance(doc, dict) or doc.get("format") != REPORT_FORMAT:
            raise ReportError(f"{p}: not a digiconform report (format {REPORT_FORMAT!r})")
        docs.append(doc)
    return docs


def _label(doc: Mapping[str, Any]) -> str:
    impl = doc.get("implementation") or {}
    name = impl.get("name") or doc.get("command", "?")
    return f"{name} {impl.get('version', '')}".strip() + \
        (f" [{doc['ruleset']}]" if doc.get("ruleset") not in (None, "digibattle") else "")


def _reading(a: Mapping[str, Any]) -> str:
    follows = list(a.get("follows") or [])
    declared = a.get("declared", "?")
    if a.get("verdict") == "untested":
        return "untested"
    if a.get("configurable"):
        return "any (configurable)" if follows else "configurable, but vectors fail"
    if not follows:
        return f"none fits (declares {declared})"
    if declared in follows:
        return declared if len(follows) == 1 else f"{declared} (+{len(follows) - 1})"
    return f"{' / '.join(follows)} (declares {declared}!)"


def summarize(docs: Sequence[Mapping[str, Any]]) -> Summary:
    """The summary tables of ``docs`` (one column per report, in the order given)."""
    labels: list[str] = []
    for doc in docs:
        label = _label(doc)
        n = sum(1 for x in labels if x == label or x.startswith(label + " #"))
        labels.append(label if not n else f"{label} #{n + 1}")
    clauses: dict[str, list[str | None]] = {}
    ambs: dict[str, list[str]] = {}
    for i, doc in enumerate(docs):
        for cid, c in (doc.get("clauses") or {}).items():
            clauses.setdefault(cid, [None] * len(docs))[i] = c.get("status")
        for aid, a in (doc.get("ambiguities") or {}).items():
            ambs.setdefault(aid, [""] * len(docs))[i] = _reading(a)
    totals = []
    for doc in docs:
        s = doc.get("summary") or {}
        state = "PASS" if doc.get("ok") else "PARTIAL" if doc.get("stopped") else "FAIL"
        totals.append(f"{state}: {s.get('passed', 0)} passed, "
                      f"{s.get('failed', 0) + s.get('errored', 0)} failed, "
                      f"{len(doc.get('failures') or [])} findings")
    return Summary(labels, [bool(d.get("ok")) for d in docs], totals, clauses, ambs)


def _rows(s: Summary) -> tuple[list[list[str]], list[list[str]]]:
    clause_rows = [[cid, *(_MARK.get(v, str(v)) for v in cells)]
                   for cid, cells in s.clauses.items()]
    amb_rows = [[aid, *cells] for aid, cells in s.ambiguities.items()]
    return clause_rows, amb_rows


def markdown(s: Summary) -> str:
    """The summary as Markdown tables; every cell and heading through
    :func:`~digiconform.verifier.report.md_text` (no HTML, no Markdown syntax, one line:
    an engine named ``<!--`` or ``a | b`` cannot hide or split anything)."""
    from digiconform.verifier.report import md_text

    def table(head: list[str], rows: list[list[str]]) -> list[str]:
        esc = [[md_text(c) for c in r] for r in [head, *rows]]
        return ["| " + " | ".join(esc[0]) + " |", "|" + " --- |" * len(head),
                *("| " + " | ".join(r) + " |" for r in esc[1:])]

    clause_rows, amb_rows = _rows(s)
    lines = ["# Conformance summary", "", *table(["", *s.engines], [["result", *s.totals]]),
             "", "## Clauses", "", *table(["clause", *s.engines], clause_rows)]
    if amb_rows:
        lines += ["", "## Ambiguity readings followed", "",
                  *table(["ambiguity", *s.engines], amb_rows)]
    return "\n".join(lines) + "\n"


def html(s: Summary) -> str:
    """The summary as one self-contained HTML page."""
    from digiconform.verifier.html import _CSP, _STYLE

    def table(head: list[str], rows: list[list[str]], status: bool) -> str:
        out = ["<table><thead><tr>", *(f"<th>{escape(h)}</th>" for h in head),
               "</tr></thead><tbody>"]
        for r in rows:
            out.append("<tr><td><code>" + escape(r[0]) + "</code></td>")
            for c in r[1:]:
                cls = {"pass": "s-pass", "FAIL": "s-fail", "skip": "s-skip",
                       "·": "s-untested"}.get(c, "") if status else \
                    ("s-fail" if "!" in c or c.startswith("none") else "")
                out.append(f'<td class="{cls}">{escape(c)}</td>')
            out.append("</tr>")
        out.append("</tbody></table>")
        return "".join(out)

    clause_rows, amb_rows = _rows(s)
    head = "pass" if s.all_ok else "fail"
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
            f"<title>digiconform summary</title><style>{_STYLE}</style></head><body>"
            f'<header class="{head}"><h1>digiconform summary: {len(s.engines)} reports, '
            f"{'all pass' if s.all_ok else 'some fail'}</h1></header><main>"
            + table(["", *s.engines], [["result", *s.totals]], False)
            + "<h2>Clauses</h2>" + table(["clause", *s.engines], clause_rows, True)
            + ("<h2>Ambiguity readings followed</h2>"
               + table(["ambiguity", *s.engines], amb_rows, False) if amb_rows else "")
            + "</main></body></html>\n")


def terminal(s: Summary, width: int | None = None) -> str:
    """The summary as terminal tables (rich), plain text when not printed to a terminal.
    Every cell is a :class:`rich.text.Text` (never read as markup: a name holding ``[/]``
    is shown as it is) of :func:`~digiconform.harness.text.printable` text (no control
    character reaches the console)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from digiconform.harness.text import printable

    def cell(text: Any) -> Text:
        return Text(printable(str(text)))

    console = Console(width=width or max(100, 24 + 18 * len(s.engines)), record=True,
                      force_terminal=False, color_system=None, file=_Null())
    clause_rows, amb_rows = _rows(s)
    for title, first, rows in (("result", "", [["result", *s.totals]]),
                               ("clauses × engines", "clause", clause_rows),
                               ("ambiguity readings × engines", "ambiguity", amb_rows)):
        if not rows:
            continue
        t = Table(title=title, title_justify="left", show_lines=False)
        t.add_column(cell(first), no_wrap=True)
        for e in s.engines:
            t.add_column(cell(e))
        for r in rows:
            t.add_row(*map(cell, r))
        console.print(t)
    return console.export_text()


class _Null:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

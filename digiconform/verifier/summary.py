"""``digiconform summary REPORT.json…``: several engines' reports side by side.

One table of clauses × engines (each cell the clause's result for that engine) and one of
ambiguities × engines (the reading each engine follows, against the one it declared), as
terminal text (rich), Markdown or a self-contained HTML page. Like ``bowtie summary``, the
exit code is 1 when any report failed.

Only the report documents are read (``schemas/report.schema.json``), so reports written by
different digiconform versions can be compared as long as they follow the schema. Each is read
by :func:`read_report` (also ``digiconform report``'s reader): through the input layer, then
validated, so that the renderers here and in :mod:`digiconform.verifier.html` only ever see a
schema-valid document, which never crashes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from digiconform.verifier.report import REPORT_FORMAT

__all__ = ["MAX_REPORT_BYTES", "ReportError", "Summary", "load", "read_report", "summarize",
           "markdown", "html", "terminal"]

_MARK = {"pass": "pass", "fail": "FAIL", "inconclusive": "inconclusive", "skip": "skip",
         "untested": "·", None: ""}


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


MAX_REPORT_BYTES = 64 * 1024 * 1024
"""The largest report file read (bytes): a report of a run with many failures holds each
one's states and the engine's stderr tails, far more than any input the oracle reads."""

_FORMAT = re.compile(r"digiconform-report/([0-9]{1,6})")


def read_report(path: str | Path) -> dict[str, Any]:
    """One report document, read through the input layer and checked against
    ``schemas/report.schema.json``: what :func:`digiconform.verifier.html.render` and
    :func:`summarize` may take without looking twice at a field's type.

    The file is read with :func:`oracle.inputs.read_json` (a regular file only: a named pipe
    or a device is refused by name, never waited on; at most :data:`MAX_REPORT_BYTES`;
    nesting and numbers bounded), its ``format`` is checked (a report of another version of
    the format is named as such), then the whole document is validated.

    :raises ReportError: naming the file, and the JSON path of the first problem (``$`` for
        the document as a whole).
    """
    from oracle.errors import InvalidInputError
    from oracle.inputs import read_json
    from oracle.validation import validate

    try:
        doc = read_json(path, max_bytes=MAX_REPORT_BYTES)
    except InvalidInputError as e:  # (its reason names the file, unless it is a JSON path)
        raise ReportError(str(e) if str(path) in e.reason else f"{path}: {e}") from None
    current = _FORMAT.fullmatch(REPORT_FORMAT)
    assert current is not None
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if not isinstance(doc, dict) or "format" not in doc:
        raise ReportError(f"{path}: $: not a digiconform report (no \"format\": "
                          f"{json.dumps(REPORT_FORMAT)})")
    m = _FORMAT.fullmatch(fmt) if isinstance(fmt, str) else None
    if m is None:
        shown = json.dumps(fmt)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise ReportError(f"{path}: $.format: not a digiconform report (format {shown}, "
                          f"expected {json.dumps(REPORT_FORMAT)})")
    if m.group(1) != current.group(1):
        age = "an older" if int(m.group(1)) < int(current.group(1)) else "a newer"
        raise ReportError(f"{path}: $.format: report format {m.group(1)}; this digiconform "
                          f"reads {current.group(1)} ({age} digiconform wrote it: render it "
                          "with that version, or verify again)")
    try:
        validate(doc, "report")
    except InvalidInputError as e:
        raise ReportError(f"{path}: not a valid digiconform report: {e}") from None
    return doc


def load(paths: Sequence[str | Path]) -> list[dict[str, Any]]:
    """Read report files (:func:`read_report` each, in order).

    :raises ReportError: the first file that is not a readable, valid
        ``digiconform-report/1`` document (the file and the JSON path of the problem).
    """
    return [read_report(p) for p in paths]


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
        from digiconform.verifier.html import outcome_of

        s = doc.get("summary") or {}
        state = outcome_of(doc) + (" (partial)" if doc.get("stopped") else "")
        causes = [c.get("message", "") for c in (doc.get("outcome") or {}).get("causes") or []]
        totals.append(f"{state}: {s.get('passed', 0)} passed, "
                      f"{s.get('failed', 0)} failed, {s.get('errored', 0)} engine errors, "
                      f"{len(doc.get('failures') or [])} findings, "
                      f"{len(doc.get('inconclusive') or [])} inconclusive"
                      + (f" ({causes[0]})" if causes else ""))
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
                       "inconclusive": "s-inconclusive",
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

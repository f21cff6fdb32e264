"""The compliance page: one self-contained HTML file from a JSON report.

:func:`render` reads only the report document (``schemas/report.schema.json``), never a
:class:`~digiconform.verifier.report.Report` object, so ``digiconform report --html OUT
REPORT.json`` renders a report written by any version that follows the schema, and fields
added later are ignored rather than fatal.

The page has no external resource at all (its Content-Security-Policy forbids loading
any): the outcome (PASS, FAIL or INCONCLUSIVE) with its causes and counts, the clause × result
matrix by rulebook section, the ambiguity readings declared and
followed, every finding with its trace as a step table (action; the fields that differ,
oracle vs engine) and its replay command, and the implementation's metadata.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

__all__ = ["render", "write", "section_of", "finding_steps", "outcome_of"]

_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")

_STYLE = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;
background:#f6f7f9}
header{padding:18px 28px;color:#fff;background:#2b3445}
header.pass{background:#1f7a4a}header.fail{background:#a32a2a}
header.inconclusive{background:#8a5a00}
header h1{margin:0 0 4px;font-size:22px}
main{padding:8px 28px 40px;max-width:1400px}
h2{margin:28px 0 8px;font-size:18px;border-bottom:1px solid #d5d9e0;padding-bottom:4px}
table{border-collapse:collapse;background:#fff;margin:6px 0 14px;width:100%}
th,td{border:1px solid #d5d9e0;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef0f4}
tr.section th{background:#dfe4ec;font-size:13px}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.s-pass{background:#d9f2e3}.s-fail{background:#f8d4d4}.s-skip{background:#fdf1cf}
.s-untested{background:#eceef1;color:#687082}.s-inconclusive{background:#f6ddb0}
.inconclusive{background:#fff;border:1px solid #d5d9e0;border-left:5px solid #8a5a00;
padding:8px 14px;margin:12px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:9px;font-weight:600}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#fff;border:1px solid #d5d9e0;padding:6px 8px;overflow-x:auto;margin:4px 0}
.finding{background:#fff;border:1px solid #d5d9e0;border-left:5px solid #a32a2a;
padding:8px 14px;margin:12px 0}
.finding h3{margin:2px 0 6px;font-size:15px}
.meta td:first-child{width:190px;font-weight:600}
tr.diverge td{background:#fbe3e3}
td.agree{color:#687082}
.controls{margin:6px 0}
"""

_SCRIPT = """
document.getElementById('only-failing').addEventListener('change', function (e) {
  var rows = document.querySelectorAll('#clauses tr.clause');
  for (var i = 0; i < rows.length; i++) {
    rows[i].hidden = e.target.checked && !rows[i].classList.contains('s-fail');
  }
});
document.body.setAttribute('data-ready', '1');
"""


def section_of(clause_id: str) -> str:
    """The rulebook section a clause belongs to: the registry's section (``"C. Battle"``),
    for the DCG chapter 6 its numbered part (``"Chapter 6: game progression — 6-3"``), and
    ``"other"`` for an ID the registry does not know (e.g. a Comprehensive Rules title)."""
    try:
        from digiconform.clauses import by_id

        known = by_id().get(clause_id)
    except Exception:  # noqa: BLE001 - a page must render even without the registry
        known = None
    section = known.section if known is not None else "other"
    m = re.match(r"^DCG-(\d+-\d+)", clause_id)
    if m and known is not None:
        section = f"{section} — {m.group(1)}"
    return section


def _j(value: Any, limit: int = 400) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "…"


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _differential_entry(doc: Mapping[str, Any], failure: Mapping[str, Any]
                        ) -> Mapping[str, Any] | None:
    """The ``differential.findings`` entry of a random-game failure (``differential`` is the
    first, ``differential-N`` the N-th), or ``differential.divergence`` in a report without
    findings."""
    m = re.fullmatch(r"differential(?:-(\d+))?", str(failure.get("id", "")))
    if m is None:
        return None
    diff = doc.get("differential") or {}
    n = int(m.group(1) or 1)
    findings = diff.get("findings") or []
    if len(findings) >= n:
        return findings[n - 1]
    return diff.get("divergence") if n == 1 else None


def finding_steps(doc: Mapping[str, Any], failure: Mapping[str, Any]
                  ) -> list[dict[str, Any]]:
    """The rows of a finding's step table: one per action of its (shrunk) trace, each with
    ``index``, ``action``, and at the diverging step ``differences`` (path, oracle value,
    engine value) or ``expected``/``actual``; earlier steps agreed.

    The actions are the failure's own ``actions`` when it has them, else (a differential
    finding) the report's ``differential.divergence.actions``; a scenario failure has one
    row, its failing request."""
    actions = failure.get("actions")
    if actions is None:
        entry = _differential_entry(doc, failure)
        if entry is not None:
            actions = entry.get("actions")
    step = failure.get("step")
    diffs = [(d.get("path"), d.get("expected"), d.get("actual"))
             for d in failure.get("differences") or ()]
    where: dict[str, Any] = {"differences": diffs, "expected": failure.get("expected"),
                             "actual": failure.get("actual")}
    if not actions:
        if failure.get("request") is None and not diffs and step is None:
            return []
        return [{"index": step, "action": failure.get("request"), "diverges": True, **where}]
    rows: list[dict[str, Any]] = []
    last = len(actions) - 1 if step is None or step < 0 or step >= len(actions) else step
    if step is not None and step < 0:
        rows.append({"index": "new_game", "action": None, "diverges": True, **where})
    for i, action in enumerate(actions):
        row: dict[str, Any] = {"index": i, "action": action, "diverges": False}
        if i == last and not (step is not None and step < 0):
            row.update(diverges=True, **where)
        rows.append(row)
    return rows


def _step_table(rows: Sequence[Mapping[str, Any]]) -> str:
    if not rows:
        return ""
    out = ['<table class="steps"><thead><tr><th>#</th><th>player</th><th>action</th>'
           '<th>details</th><th>field that differs</th><th>oracle</th><th>engine</th>'
           '</tr></thead><tbody>']
    for row in rows:
        action = row.get("action")
        if isinstance(action, Mapping) and "request" in action:  # a vector step
            action = action.get("action") or {"type": action["request"]}
        if isinstance(action, Mapping):
            kind = action.get("type", "?")
            player = action.get("player", action.get("winner", ""))
            details = {k: v for k, v in action.items() if k not in ("type", "player")}
        else:
            kind, player, details = ("(start)" if row["index"] == "new_game" else "?"), "", \
                action
        first = (f'<td class="num">{_e(row["index"])}</td><td>{_e(player)}</td>'
                 f'<td><code>{_e(kind)}</code></td>'
                 f'<td><code>{_e(_j(details, 160)) if details else ""}</code></td>')
        if not row.get("diverges"):
            out.append(f'<tr>{first}<td class="agree" colspan="3">agree</td></tr>')
            continue
        diffs = list(row.get("differences") or ())
        if not diffs:
            diffs = [("(answer)", row.get("expected"), row.get("actual"))]
        span = len(diffs)
        for n, (path, want, got) in enumerate(diffs):
            cells = (f'<td><code>{_e(path)}</code></td><td><code>{_e(_j(want))}</code></td>'
                     f'<td><code>{_e(_j(got))}</code></td>')
            if n == 0:
                lead = first.replace("<td", f'<td rowspan="{span}"') if span > 1 else first
                out.append(f'<tr class="diverge">{lead}{cells}</tr>')
            else:
                out.append(f'<tr class="diverge">{cells}</tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _kv_table(pairs: Iterable[tuple[str, Any]]) -> str:
    rows = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in pairs)
    return f'<table class="meta">{rows}</table>'


def _clause_matrix(clauses: Mapping[str, Mapping[str, Any]]) -> str:
    if not clauses:
        return "<p>No clause results in this report.</p>"
    by_section: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for cid, c in clauses.items():
        by_section.setdefault(section_of(cid), []).append((cid, c))
    out = ['<div class="controls"><label><input type="checkbox" id="only-failing"> only '
           'failing clauses</label></div>',
           '<table id="clauses"><thead><tr><th>clause</th><th>result</th><th>passed</th>'
           '<th>failed</th><th>skipped</th><th>summary</th></tr></thead><tbody>']
    for section, items in by_section.items():
        tally = {s: sum(1 for _, c in items if c.get("status") == s)
                 for s in ("pass", "fail", "inconclusive", "skip", "untested")}
        counts = ", ".join(f"{n} {s}" for s, n in tally.items() if n)
        out.append(f'<tr class="section"><th colspan="6">{_e(section)} ({_e(counts)})'
                   "</th></tr>")
        for cid, c in items:
            status = str(c.get("status", "untested"))
            out.append(
                f'<tr class="clause s-{_e(status)}" id="clause-{_e(cid)}"><td><code>{_e(cid)}'
                f'</code></td><td><span class="badge">{_e(status)}</span></td>'
                f'<td class="num">{_e(c.get("passed", 0))}</td>'
                f'<td class="num">{_e(c.get("failed", 0))}</td>'
                f'<td class="num">{_e(c.get("skipped", 0))}</td>'
                f'<td>{_e(c.get("summary", ""))}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _ambiguities(ambs: Mapping[str, Mapping[str, Any]]) -> str:
    if not ambs:
        return "<p>No ambiguity of this ruleset was checked.</p>"
    out = ['<table id="ambiguities"><thead><tr><th>ambiguity</th><th>question</th>'
           '<th>declared</th><th>followed</th><th>vectors per reading (consistent / '
           'inconsistent)</th><th>verdict</th></tr></thead><tbody>']
    for aid, a in ambs.items():
        follows = a.get("follows") or []
        declared = a.get("declared", "")
        how = "declared" if a.get("declared_explicitly") else "default"
        # As the summary page colours it (summary._reading): a reading followed that is not
        # the one declared ("declares X but behaves as Y") is a mismatch, red, not a pass.
        mismatch = bool(follows) and not a.get("configurable") and declared not in follows
        status = ("untested" if a.get("verdict") == "untested" else
                  "fail" if mismatch or not follows else "pass")
        readings = "<br>".join(
            f"<code>{_e(r)}</code>: {_e(t.get('consistent', 0))} / "
            f"{_e(t.get('inconsistent', 0))}"
            for r, t in (a.get("readings") or {}).items())
        shown = ("any (configurable)" if a.get("configurable") and follows
                 else ", ".join(follows) or "—")
        if mismatch:
            shown += f" (declares {declared}: mismatch)"
        out.append(f'<tr class="s-{status}"><td><code>{_e(aid)}</code></td>'
                   f'<td>{_e(a.get("question", ""))}</td>'
                   f"<td><code>{_e(declared)}</code> ({how})</td><td>{_e(shown)}</td>"
                   f"<td>{readings}</td><td>{_e(a.get('verdict', ''))}</td></tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _finding(doc: Mapping[str, Any], n: int, f: Mapping[str, Any]) -> str:
    head = (f'<h3 id="finding-{n}">{n}. [{_e(_label(f))}] '
            f'{_e(f.get("id", ""))} <small>({_e(f.get("kind", ""))})</small></h3>')
    parts = [head, f"<p>{_e(f.get('message', ''))}</p>"]
    if f.get("explanation"):
        parts.append(f"<p><em>{_e(f['explanation'])}</em></p>")
    extra = [("clauses cited", _e(", ".join(f.get("clauses") or []) or "—"))]
    if f.get("length") is not None:
        extra.append(("length", f"{_e(f['length'])} actions"))
    if f.get("code"):
        extra.append(("error code", f"<code>{_e(f['code'])}</code>"))
    if f.get("trace"):
        extra.append(("trace file", f"<code>{_e(f['trace'])}</code>"))
    entry = _differential_entry(doc, f) or {}
    if entry.get("field"):
        extra.append(("what differs", f"<code>{_e(entry['field'])}</code>"))
    if entry.get("count") is not None:
        extra.append(("seen", f"{_e(entry['count'])} times in {_e(entry.get('games', '?'))} "
                              "games"))
    parts.append(_kv_table(extra))
    rows = finding_steps(doc, f)
    if rows:
        parts.append(_step_table(rows))
    if f.get("replay"):
        parts.append(f'<p>replay:</p><pre class="replay">{_e(f["replay"])}</pre>')
    if f.get("stderr"):
        parts.append(f"<p>engine stderr (tail):</p><pre>{_e(str(f['stderr'])[-3000:])}</pre>")
    return f'<section class="finding">{"".join(parts)}</section>'


def _label(f: Mapping[str, Any]) -> str:
    """What a failure is filed under: its clause, else ``engine`` for an error of the engine
    itself (:attr:`~digiconform.verifier.report.Failure.label`), else ``?``."""
    return str(f.get("clause") or ("engine" if f.get("kind") == "implementation" else "?"))


def _index(failures: Sequence[Mapping[str, Any]]) -> str:
    if not failures:
        return ""
    links = " · ".join(f'<a style="color:#fff" href="#finding-{n}">{n}. '
                       f'{_e(_label(f))} {_e(f.get("kind", ""))}</a>'
                       for n, f in enumerate(failures[:40], 1))
    more = f" · … {len(failures) - 40} more" if len(failures) > 40 else ""
    return f"<div>findings: {links}{more}</div>"


def outcome_of(doc: Mapping[str, Any]) -> str:
    """``PASS``, ``FAIL`` or ``INCONCLUSIVE``: the report's ``outcome.result``; for a report
    written before the outcomes existed, PASS when ``ok``, else FAIL."""
    result = (doc.get("outcome") or {}).get("result")
    if result in ("PASS", "FAIL", "INCONCLUSIVE"):
        return str(result)
    return "PASS" if doc.get("ok") else "FAIL"


def _outcome_block(doc: Mapping[str, Any]) -> str:
    """The outcome's causes and the counts, for the page's header."""
    out = doc.get("outcome") or {}
    parts = []
    causes = out.get("causes") or []
    if causes:
        parts.append("<ul class=\"causes\">" + "".join(
            f"<li><strong>{_e(c.get('outcome', ''))}</strong>: {_e(c.get('message', ''))}"
            "</li>" for c in causes) + "</ul>")
    v = out.get("vectors") or {}
    if v:
        why = ", ".join(f"{n} {r}" for r, n in (v.get("not_run_reasons") or {}).items())
        parts.append(f"<div>vector counts: {_e(v.get('planned', 0))} planned, "
                     f"{_e(v.get('completed', 0))} ran to the end, {_e(v.get('failed', 0))} "
                     f"failed, {_e(v.get('engine_errors', 0))} engine errors, "
                     f"{_e(v.get('not_followed', 0))} under readings not followed, "
                     f"{_e(v.get('skipped', 0))} skipped, {_e(v.get('not_run', 0))} not run"
                     + (f" ({_e(why)})" if why else "") + "</div>")
    g = out.get("games") or {}
    if g:
        from digiconform.verifier.report import games_line

        parts.append(f"<div>random games: {_e(games_line(g))}</div>")
    return "".join(parts)


def _inconclusive(items: Sequence[Mapping[str, Any]]) -> str:
    out = []
    for item in items:
        out.append(f'<section class="inconclusive"><h3>[{_e(item.get("clause") or "—")}] '
                   f'{_e(item.get("id", ""))} <small>({_e(item.get("part", ""))}, '
                   f'{_e(item.get("cause", ""))})</small></h3>'
                   f"<p>{_e(item.get('message', ''))}</p>"
                   + (f"<p>traceback (the verifier's):</p><pre>{_e(item['traceback'])}</pre>"
                      if item.get("traceback") else "") + "</section>")
    return "".join(out)


def render(doc: Mapping[str, Any]) -> str:
    """The compliance page of report document ``doc`` (a parsed ``--report`` file)."""
    impl = doc.get("implementation") or {}
    outcome = outcome_of(doc)
    name = f"{impl.get('name', doc.get('command', '?'))} {impl.get('version', '')}".strip()
    summary = doc.get("summary") or {}
    diff = doc.get("differential") or {}
    title = (f"digiconform: {name} — {outcome}"
             + (" (partial)" if doc.get("stopped") else ""))
    meta = [("implementation", _e(name)),
            ("language", _e(impl.get("language", "?"))),
            ("command", f"<code>{_e(doc.get('command', ''))}</code>"),
            ("ruleset", _e(doc.get("ruleset", ""))),
            *([("format date", _e(doc["format_date"]) + " (restricted list in force)")]
              if doc.get("format_date") else []),
            ("started", _e(doc.get("started", ""))),
            ("duration", f"{_e(doc.get('seconds', 0))} s"),
            ("digiconform", _e((doc.get("digiconform") or {}).get("version", "?")))]
    if impl.get("homepage"):
        meta.append(("homepage", _e(impl["homepage"])))
    if impl.get("rulesets"):
        meta.append(("rulesets offered", _e(", ".join(impl["rulesets"]))))
    caps = impl.get("capabilities") or {}
    if caps:
        meta.append(("capabilities", _e(", ".join(f"{k}: {'yes' if v else 'no'}"
                                                  for k, v in caps.items()))))
    own = set(doc.get("ambiguities") or {})
    readings = {k: v for k, v in (impl.get("readings") or {}).items() if not own or k in own}
    if readings:
        meta.append(("readings declared", _e(", ".join(f"{k}={v}" for k, v in
                                                       readings.items()))))
    counts = ", ".join(f"{summary.get(k, 0)} {name}" for k, name in
                       (("passed", "passed"), ("failed", "failed"),
                        ("errored", "engine errors"), ("skipped", "skipped"),
                        ("not_followed", "not followed")))
    games = (f"{diff.get('games', 0)} games, {diff.get('steps', 0)} actions, seed "
             f"{diff.get('seed', '?')}" if diff else "not run")
    failures = list(doc.get("failures") or [])
    body = [
        f'<header class="{outcome.lower()}"><h1>{_e(title)}</h1>'
        f"<div>vectors: {_e(counts)} · random games: {_e(games)} · "
        f"{len(failures)} findings</div>" + _outcome_block(doc) + _index(failures)
        + (f"<div><strong>PARTIAL REPORT</strong>: the run was stopped early "
           f"({_e(doc['stopped'])}); only what ran before is reported.</div>"
           if doc.get("stopped") else "") + "</header><main>",
        "<h2>Implementation</h2>", _kv_table(meta),
        "<h2>Clauses by rulebook section</h2>", _clause_matrix(doc.get("clauses") or {}),
        "<h2>Ambiguity readings</h2>", _ambiguities(doc.get("ambiguities") or {}),
        f"<h2>Findings ({len(failures)})</h2>",
    ]
    inconclusive = list(doc.get("inconclusive") or [])
    if not failures:
        body.append("<p>None: everything required passed.</p>" if outcome == "PASS" else
                    "<p>None: nothing was shown wrong, but see what was not tested.</p>")
    body += [_finding(doc, n, f) for n, f in enumerate(failures, 1)]
    if inconclusive:
        body.append(f"<h2>Inconclusive ({len(inconclusive)}): not tested</h2>"
                    + _inconclusive(inconclusive))
    skipped = doc.get("skipped") or []
    if skipped:
        body.append(f"<h2>Skipped ({len(skipped)})</h2><table><tr><th>scenario</th>"
                    "<th>reason</th></tr>" + "".join(
                        f"<tr><td><code>{_e(s.get('id', ''))}</code></td>"
                        f"<td>{_e(s.get('reason', ''))}</td></tr>" for s in skipped)
                    + "</table>")
    notes = doc.get("notes") or []
    if notes:
        body.append("<h2>Notes</h2><ul>" + "".join(f"<li>{_e(n)}</li>" for n in notes)
                    + "</ul>")
    errs = doc.get("implementation_errors") or {}
    if errs.get("stderr_tail"):
        body.append(f"<h2>Engine stderr (tail)</h2><pre>{_e(errs['stderr_tail'])}</pre>")
    body.append("</main>")
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>"
            + "".join(body) + f"<script>{_SCRIPT}</script></body></html>\n")


def write(doc: Mapping[str, Any], path: Path) -> None:
    """Write the compliance page of ``doc`` to ``path``, atomically (whole or not at all:
    :mod:`digiconform.atomic`).

    :raises OSError: it could not be written (``path`` is then as it was).
    """
    from digiconform.atomic import write_text

    write_text(path, render(doc))

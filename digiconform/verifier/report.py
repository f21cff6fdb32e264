"""The verification report and its four forms: JSON (``schemas/report.schema.json``), JUnit
XML, a Markdown compliance table (clause × result) and a terminal summary.

:class:`Report` is built by :mod:`digiconform.verifier.runner`; the writers here never look at an
implementation, only at the report.

The implementation's own text reaches the report already made safe by the harness
(:mod:`digiconform.harness.text`), but a state it answered is kept as it was, and any field
may come from elsewhere: each writer escapes for its own format all the same. JSON: a lone
surrogate becomes U+FFFD (the file is valid UTF-8). JUnit XML: the characters XML 1.0 forbids
(:func:`xml_safe`). Markdown: HTML and Markdown syntax in text (:func:`md_text`), a code span
fenced by more backticks than it holds (:func:`md_code`). Terminal: every line passes
:func:`~digiconform.harness.text.printable` (no control character reaches the console, and a
newline in a name cannot start a line of its own). Files are written atomically
(:mod:`digiconform.atomic`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from digiconform.harness.text import printable

REPORT_FORMAT = "digiconform-report/1"

PASS, FAIL, INCONCLUSIVE = "PASS", "FAIL", "INCONCLUSIVE"
"""The three outcomes of a run (docs/PROTOCOL.md, "Outcomes and exit codes")."""

EXIT_CODES = {PASS: 0, FAIL: 1, INCONCLUSIVE: 3}
"""``digiconform verify``'s exit code for each outcome (2 stays bad usage or input)."""


ENGINE = "engine"
"""What a failure of the engine itself is filed under in place of a rule clause: a crash, a
timeout, an unreadable or malformed answer, a failed start (a :class:`Failure` of kind
``implementation``). The outcome is FAIL, but no rule is blamed (docs/PROTOCOL.md, "Outcomes
and exit codes")."""


@dataclass
class Failure:
    """One thing that did not pass.

    :param kind: ``scenario`` (a vector failed), ``differential`` (a random game diverged),
        ``implementation`` (the implementation misbehaved: ``code``), ``ambiguity`` (it
        does not follow the reading it declared).
    :param clause: the clause the failure is attributed to (None if unknown).
    :param replay: a command that reproduces it.
    """

    id: str
    kind: str
    message: str
    clause: str | None = None
    clauses: list[str] = field(default_factory=list)
    step: int | None = None
    request: Any = None
    expected: Any = None
    actual: Any = None
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    code: str | None = None
    replay: str | None = None
    trace: str | None = None
    length: int | None = None
    explanation: str | None = None
    stderr: str | None = None

    @property
    def label(self) -> str:
        """What the failure is filed under, as the reports show it: its clause, else
        :data:`ENGINE` for a failure of the engine itself (kind ``implementation``), else
        ``?``."""
        return self.clause or (ENGINE if self.kind == "implementation" else "?")

    def to_json(self) -> dict[str, Any]:
        """The failure as in ``report.schema.json#/$defs/failure``."""
        d: dict[str, Any] = {"id": self.id, "kind": self.kind, "message": self.message,
                             "clause": self.clause, "clauses": list(self.clauses)}
        for k in ("step", "request", "expected", "actual", "code", "replay", "trace",
                  "length", "explanation", "stderr"):
            v = getattr(self, k)
            if v is not None:
                d[k] = v
        if self.differences:
            d["differences"] = [{"path": p, "expected": e, "actual": a}
                                for p, e, a in self.differences]
        return d


@dataclass
class ClauseResult:
    """Per-clause tallies; ``status`` is ``fail`` if anything on it failed, ``inconclusive``
    if an item filed under it could not be tested (a refused set-up), ``pass`` if something
    passed, ``skip`` if it was only skipped, ``untested`` otherwise."""

    id: str
    summary: str = ""
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    inconclusive: int = 0

    @property
    def status(self) -> str:
        """``fail`` | ``inconclusive`` | ``pass`` | ``skip`` | ``untested``."""
        if self.failed:
            return "fail"
        if self.inconclusive:
            return "inconclusive"
        if self.passed:
            return "pass"
        return "skip" if self.skipped else "untested"


@dataclass
class AmbiguityResult:
    """What was seen of one ambiguity: the declared reading, per-reading tallies of the
    vectors that depend on it, and the readings the behaviour is consistent with."""

    id: str
    question: str
    declared: str
    declared_explicitly: bool
    readings: dict[str, dict[str, int]] = field(default_factory=dict)
    follows: list[str] = field(default_factory=list)
    configurable: bool = False
    verdict: str = "untested"
    random_games: dict[str, int] = field(default_factory=dict)
    """Reading -> divergences of the random games it explained (the implementation behaved
    as that reading there); empty when the random games showed nothing about it."""
    evidence: int = 0
    """Pieces of direct evidence the verdict rests on: vectors whose discriminating step was
    compared, plus random-game divergences a reading explained (not serialized)."""
    asked_bad: int = 0
    """Of those, how many showed the engine answering otherwise than the reading the set-up
    asked for (what a configurable engine is judged on; not serialized)."""


@dataclass
class Report:
    """Everything ``digiconform verify`` found."""

    command: str
    implementation: Mapping[str, Any] | None
    ruleset: str
    started: str
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=lambda: {
        "passed": 0, "failed": 0, "errored": 0, "skipped": 0, "not_followed": 0})
    clauses: dict[str, ClauseResult] = field(default_factory=dict)
    ambiguities: dict[str, AmbiguityResult] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    cases: list[dict[str, Any]] = field(default_factory=list)
    differential: dict[str, Any] = field(default_factory=dict)
    implementation_errors: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)
    not_reached: list[dict[str, Any]] = field(default_factory=list)
    """Vectors whose prelude (the legal play reaching their described position) diverged
    before their own steps: ``{"id", "step", "clause", "clauses", "reason", "route"}`` --
    the prelude step ``k`` that failed, the clause that step breaks (where the failure is
    filed), the vector's own clauses (neither passed nor failed by it), and the other route
    tried (``load_state`` of the position) and what came of it. A vector reached by that
    route is listed too (``route`` says so), its own steps then compared."""
    stopped: str | None = None
    """Why the run was stopped before the end (a deadline, SIGINT, SIGTERM): the report is
    then partial and never a pass. None for a complete run."""
    inconclusive: list[dict[str, Any]] = field(default_factory=list)
    """What could not be tested, one entry per item: ``{"part", "id", "cause", "message"}``
    and, where known, ``"clause"`` and ``"traceback"``. ``cause`` is ``verifier-error`` (the
    verifier's own code raised), ``setup-refused`` (the engine refused a set-up the item
    sends), ``not-run`` (the engine was given up on, or the run was stopped first),
    ``games-not-played`` or ``nothing-checked``. Any entry makes the run INCONCLUSIVE
    unless a failure makes it FAIL."""
    vectors_planned: int = 0
    """Scenario vectors selected for the run."""
    games: dict[str, int] = field(default_factory=dict)
    """Random games: ``planned``, ``completed`` (played to the end with no divergence),
    ``diverged``, ``refused`` (the engine refused the game's set-up), ``errored`` (stopped by
    a verifier error), ``not_played``; a stopped run's ``played``; empty when none was asked
    for."""
    format_date: str | None = None
    """DCG: the date whose official restricted list was the deck format (``--format-date``);
    None for Digi-Battle."""

    @property
    def checked(self) -> int:
        """How many checks ran: passed vectors plus differential game steps."""
        return self.counts["passed"] + int(self.differential.get("steps") or 0)

    @property
    def ok(self) -> bool:
        """True exactly when the outcome is PASS (exit code 0): everything required passed,
        something was checked at all, and every counted item ran to its end."""
        return self.outcome == PASS

    @property
    def outcome(self) -> str:
        """``FAIL`` when the engine was shown wrong at least once (a failure: a rule break,
        a declined required vector, a protocol error); otherwise ``INCONCLUSIVE`` when
        anything was not tested (:attr:`inconclusive`, a stopped run, nothing checked,
        vectors unaccounted for); otherwise ``PASS``."""
        if self.failures:
            return FAIL
        if (self.inconclusive or self.stopped is not None or self.checked == 0
                or self.vector_counts()["unaccounted"]):
            return INCONCLUSIVE
        return PASS

    @property
    def exit_code(self) -> int:
        """``verify``'s exit code: :data:`EXIT_CODES` of :attr:`outcome`."""
        return EXIT_CODES[self.outcome]

    def vector_counts(self) -> dict[str, Any]:
        """``planned`` = ``completed`` (ran to their end and passed, under readings followed
        or not) + ``failed`` (the engine answered otherwise than the rules: filed under a
        rule clause) + ``engine_errors`` (the engine itself failed: a crash, a timeout, an
        unreadable answer; no rule clause blamed) + ``not_followed`` (failed under readings
        the engine does not follow: evidence for the ambiguity) + ``skipped`` (out of scope:
        skip file, a capability not declared) + ``not_run`` (planned, not tested:
        ``not_run_reasons`` by cause) ; ``unaccounted`` is what is left (0 in a sound run)."""
        c = self.counts
        reasons: dict[str, int] = {}
        for item in self.inconclusive:
            if item.get("part") == "scenarios":
                reasons[item["cause"]] = reasons.get(item["cause"], 0) + 1
        done = c["passed"] + c["failed"] + c["errored"] + c["not_followed"] + c["skipped"] \
            + sum(reasons.values())
        rest = max(0, self.vectors_planned - done)
        # Never reached: the run was stopped first, or the engine did not start (or offers
        # no such ruleset) so that no vector could run; else a verifier bug.
        why = "stopped" if self.stopped is not None else "not-run" if any(
            f.kind == "implementation" and f.id in ("start", "ruleset")
            for f in self.failures) else "unaccounted"
        if rest:
            reasons[why] = reasons.get(why, 0) + rest
        return {"planned": self.vectors_planned, "completed": c["passed"],
                "failed": c["failed"], "engine_errors": c["errored"],
                "not_followed": c["not_followed"],
                "skipped": c["skipped"], "not_run": sum(reasons.values()),
                "not_run_reasons": reasons,
                "unaccounted": rest if why == "unaccounted" else 0}

    def causes(self) -> list[dict[str, Any]]:
        """Why the outcome is not PASS, most serious first: ``{"outcome", "cause", "count",
        "message"}`` per kind of failure and per cause of :attr:`inconclusive` (empty for a
        PASS)."""
        out: list[dict[str, Any]] = []
        kinds: dict[str, list[Failure]] = {}
        for f in self.failures:
            kinds.setdefault(f.kind, []).append(f)
        what = {"scenario": "scenario vectors failed", "differential": "random-game findings",
                "implementation": "engine errors (the engine crashed, timed out or answered "
                                  "unreadably; filed under no rule clause)",
                "ambiguity": "readings not followed as declared"}
        for kind, fs in kinds.items():
            clauses = sorted({f.clause for f in fs if f.clause})
            codes: dict[str, int] = {}
            for f in fs:
                if kind == "implementation" and f.code:
                    codes[f.code] = codes.get(f.code, 0) + 1
            out.append({"outcome": FAIL, "cause": kind, "count": len(fs),
                        "message": f"{what.get(kind, kind)}: {len(fs)}"
                        + (f" ({', '.join(clauses[:8])}"
                           + (", ..." if len(clauses) > 8 else "") + ")" if clauses else "")
                        + (" (" + ", ".join(f"{c} x{n}" for c, n in codes.items()) + ")"
                           if codes else "")
                        + (f"; first: {fs[0].id}: {fs[0].message}"
                           if kind == "implementation" else "")})
        by_cause: dict[str, list[dict[str, Any]]] = {}
        for item in self.inconclusive:
            by_cause.setdefault(item["cause"], []).append(item)
        for cause, items in by_cause.items():
            clauses = sorted({str(i["clause"]) for i in items if i.get("clause")}) \
                if cause == "setup-refused" else []
            first = items[0]
            out.append({"outcome": INCONCLUSIVE, "cause": cause, "count": len(items),
                        "message": f"{_CAUSES.get(cause, cause)}: {len(items)}"
                        + (f" (filed under {', '.join(clauses)})" if clauses else "")
                        + f"; first: {first['id']}: {first['message']}"})
        unaccounted = self.vector_counts()["unaccounted"]
        if unaccounted:
            out.append({"outcome": INCONCLUSIVE, "cause": "not-run", "count": unaccounted,
                        "message": f"{unaccounted} planned vectors did not run"})
        if self.stopped is not None:
            left = self.vector_counts()["not_run_reasons"].get("stopped", 0)
            out.append({"outcome": INCONCLUSIVE, "cause": "stopped", "count": 1,
                        "message": f"the run was stopped early ({self.stopped})"
                        + (f": {left} planned vectors not reached" if left else "")})
        if self.checked == 0 and not self.failures:
            out.append({"outcome": INCONCLUSIVE, "cause": "nothing-checked", "count": 1,
                        "message": "nothing was checked: no scenario vector passed and no "
                                   "random-game action was compared"})
        return out

    def outcome_json(self) -> dict[str, Any]:
        """The ``outcome`` object of the report document."""
        return {"result": self.outcome, "exit_code": self.exit_code, "causes": self.causes(),
                "vectors": self.vector_counts(), "games": dict(self.games)}

    def to_json(self) -> dict[str, Any]:
        """The report document (``schemas/report.schema.json``)."""
        from digiconform import __version__ as v  # (the distribution's version)

        return {
            "format": REPORT_FORMAT,
            "digiconform": {"version": v},
            "command": self.command,
            "ruleset": self.ruleset,
            "started": self.started,
            "seconds": round(self.seconds, 3),
            "ok": self.ok,
            "outcome": self.outcome_json(),
            "implementation": dict(self.implementation) if self.implementation else None,
            "summary": dict(self.counts),
            "clauses": {c.id: {"status": c.status, "summary": c.summary, "passed": c.passed,
                               "failed": c.failed, "skipped": c.skipped,
                               **({"inconclusive": c.inconclusive} if c.inconclusive else {})}
                        for c in self.clauses.values()},
            "ambiguities": {
                a.id: {"question": a.question, "declared": a.declared,
                       "declared_explicitly": a.declared_explicitly, "follows": a.follows,
                       "configurable": a.configurable, "verdict": a.verdict,
                       "readings": a.readings, "random_games": dict(a.random_games)}
                for a in self.ambiguities.values()},
            "failures": [f.to_json() for f in self.failures],
            "skipped": list(self.skipped),
            "cases": list(self.cases),
            "differential": dict(self.differential),
            "implementation_errors": dict(self.implementation_errors),
            "notes": list(self.notes),
            "coverage": dict(self.coverage),
            "not_reached": [dict(n) for n in self.not_reached],
            "partial": self.stopped is not None,
            "stopped": self.stopped,
            "inconclusive": [dict(i) for i in self.inconclusive],
            "format_date": self.format_date,
        }


_CAUSES = {"verifier-error": "items stopped by an error of the verifier's own code",
           "setup-refused": "set-ups the engine refused (the item's own clause untested)",
           "not-run": "items not run", "games-not-played": "parts with random games not "
           "played"}


def document(report: Report) -> dict[str, Any]:
    """The report as the plain JSON document ``--report`` writes (not validated)."""
    return _plain(report.to_json())


def write_json(report: Report, path: Path) -> None:
    """Validate the report against ``report.schema.json`` and write it (atomically).

    :raises InvalidInputError: the report does not validate (a bug in the verifier).
    :raises OSError: it could not be written (``path`` is then as it was).
    """
    from digiconform.atomic import write_bytes
    from oracle.validation import validate

    doc = _plain(report.to_json())
    validate(doc, "report")
    write_bytes(path, _indented(doc))


def _indented(doc: Any) -> bytes:
    """``doc`` as UTF-8 JSON indented by two spaces, with a final newline: :mod:`orjson`
    (the standard library's indented encoder is pure Python), the same text as
    ``json.dumps(doc, indent=2, ensure_ascii=False)`` writes (but a float's exponent, which
    orjson writes without padding: ``1e-7``); :mod:`json` for what orjson cannot write (an
    integer beyond 64 bits)."""
    try:
        import orjson

        return orjson.dumps(doc, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
    except (ImportError, TypeError):
        return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _plain(x: Any) -> Any:
    """JSON round-trip (tuples become lists) so the schema sees what the file will hold; a
    lone surrogate (from a ``"\\ud800"`` in an implementation's state) becomes U+FFFD."""
    text = json.dumps(x, default=str, ensure_ascii=False)
    return json.loads(_SURROGATE.sub("\ufffd", text))


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: Any) -> str:
    """``text`` with every character XML 1.0 forbids (C0 controls but tab, newline and CR;
    lone surrogates; U+FFFE, U+FFFF) written as a visible escape (``\\x1b``), U+FFFD for a
    surrogate."""
    def esc(m: re.Match[str]) -> str:
        n = ord(m.group())
        return "\ufffd" if 0xD800 <= n <= 0xDFFF else f"\\x{n:02x}" if n < 0x100 \
            else f"\\u{n:04x}"

    return _NOT_XML.sub(esc, str(text))


def write_junit(report: Report, path: Path) -> None:
    """JUnit XML: a suite per part (scenarios, differential, ambiguities), a test case per
    vector, per random-game run and per ambiguity; every text through :func:`xml_safe`;
    written atomically.

    :raises OSError: it could not be written (``path`` is then as it was).
    """
    import io

    from junitparser import Error, JUnitXml, Skipped, TestCase, TestSuite
    from junitparser import Failure as JFailure

    from digiconform.atomic import write_bytes

    x = xml_safe
    by_id = {f.id: f for f in report.failures}
    xml = JUnitXml("digiconform verify")
    suites: dict[str, TestSuite] = {}
    for case in report.cases:
        suite = suites.setdefault(case["part"], TestSuite(x(case["part"])))
        tc = TestCase(x(case["id"]), classname=x(case.get("clause") or case["part"]),
                      time=case.get("seconds", 0.0))
        status = case["status"]
        f = by_id.get(case["id"])
        if status == "fail":
            text = json.dumps(f.to_json() if f else case, indent=1, default=str)
            tc.result = [JFailure(x(case.get("message", "failed")), "conformance")]
            tc.system_out = x(str(case["details"])) if case.get("details") else x(text)
        elif status == "error":
            tc.result = [Error(x(case.get("message", "error")), x(case.get("error_type")
                               or "implementation"))]
            if f and f.stderr:
                tc.system_err = x(f.stderr)
            elif case.get("traceback"):
                tc.system_err = x(str(case["traceback"]))
            if case.get("details"):
                tc.system_out = x(str(case["details"]))
        elif status in ("skip", "not_followed"):
            tc.result = [Skipped(x(case.get("message", status)))]
        suite.add_testcase(tc)
    for suite in suites.values():
        suite.update_statistics()
        xml.add_testsuite(suite)
    xml.update_statistics()
    out = io.BytesIO()
    xml.write(out, pretty=True)
    write_bytes(path, out.getvalue())


def markdown(report: Report) -> str:
    """The compliance table: one row per clause, then ambiguities, then failures."""
    impl = report.implementation or {}
    name = f"{impl.get('name', '?')} {impl.get('version', '')}".strip()
    c = report.counts
    lines = [
        f"# Conformance report: {md_text(name)}",
        "",
        f"Ruleset {md_code(report.ruleset)}, command {md_code(report.command)}; "
        + (f"format date {md_text(report.format_date)} (restricted list); "
           if report.format_date else "")
        + f"**{report.outcome}** in {report.seconds:.1f} s.",
        "",
        *_md_outcome(report),
        *([f"**PARTIAL REPORT**: the run was stopped early ({_md(report.stopped)}); only "
           "what ran before is reported.", ""] if report.stopped else []),
        f"Vectors: {c['passed']} passed, {c['failed']} failed, {c['errored']} engine errors, "
        f"{c['skipped']} skipped, {c['not_followed']} under readings not followed. "
        f"Random games: {report.differential.get('games', 0)} "
        f"({report.differential.get('steps', 0)} actions).",
        "",
        "| Clause | Result | Passed | Failed | Skipped | Summary |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    icon = {"pass": "✅ pass", "fail": "❌ fail", "skip": "⏭ skip", "untested": "· untested",
            "inconclusive": "❔ inconclusive"}
    for cr in report.clauses.values():
        lines.append(f"| {_md(cr.id)} | {icon[cr.status]} | {cr.passed} | {cr.failed} | "
                     f"{cr.skipped} | {_md(cr.summary)} |")
    if report.ambiguities:
        lines += ["", "## Ambiguities", "",
                  "| Ambiguity | Declared | Follows | Verdict |", "| --- | --- | --- | --- |"]
        for a in report.ambiguities.values():
            follows = "any (configurable)" if a.configurable else ", ".join(a.follows) or "—"
            default = "" if a.declared_explicitly else " (default)"
            lines.append(f"| {_md(a.id)} | {_md(a.declared)}{default} | {_md(follows)} | "
                         f"{_md(a.verdict)} |")
    if report.inconclusive:
        lines += ["", f"## Inconclusive ({len(report.inconclusive)})", ""]
        for item in report.inconclusive:
            lines.append(f"- **{_md(item.get('clause') or '—')}** {md_code(item['id'])} "
                         f"({_md(item['part'])}, {_md(item['cause'])}): {_md(item['message'])}")
            if item.get("traceback"):
                tb = str(item["traceback"]).rstrip()
                fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", tb)),
                                             default=0))
                lines += ["", f"  {fence}text", *(f"  {t}" for t in tb.splitlines()[-30:]),
                          f"  {fence}", ""]
    if report.failures:
        lines += ["", "## Failures", ""]
        for f in report.failures:
            lines.append(f"- **{md_text(f.label)}** {md_code(f.id)} "
                         f"({md_text(f.kind)}): {md_text(f.message)}"
                         + (f" — {f.length} actions" if f.length is not None else ""))
            if f.kind in ("scenario", "implementation") and f.step is not None:
                lines.append(f"  - at step {f.step}: "
                             f"{md_code(clip(json.dumps(f.request, default=str), 200))}")
            for path, e_, a in f.differences[:3]:
                lines.append(f"  - {md_code(path)}: expected "
                             f"{md_code(clip(json.dumps(e_, default=str), 80))}, got "
                             f"{md_code(clip(json.dumps(a, default=str), 80))}")
            if len(f.differences) > 3:
                lines.append(f"  - ... and {len(f.differences) - 3} more differing fields")
            if f.replay:
                lines.append(f"  - replay: {md_code(f.replay)}")
    return "\n".join(lines) + "\n"


def counts_lines(report: Report) -> tuple[str, str]:
    """The vector and random-game counts of :meth:`Report.outcome_json`, one line each."""
    v = report.vector_counts()
    why = ", ".join(f"{n} {r}" for r, n in v["not_run_reasons"].items())
    vectors = (f"{v['planned']} planned: {v['completed']} ran to the end, {v['failed']} "
               f"failed, {v.get('engine_errors', 0)} engine errors, {v['not_followed']} "
               f"under readings not followed, {v['skipped']} skipped, {v['not_run']} not run"
               + (f" ({why})" if why else ""))
    return vectors, games_line(report.games)


def games_line(g: Mapping[str, Any]) -> str:
    """The random-game counts (``outcome.games`` of the report document) as one line: a
    stopped run's ``played`` too, and the refused set-ups apart from the divergences."""
    if not g:
        return "none asked for"
    if "completed" not in g:  # a run stopped before the games were counted one by one
        return (f"{g.get('planned', 0)} planned: {g.get('played', 0)} played, "
                f"{g.get('not_played', 0)} not played")
    return (f"{g.get('planned', 0)} planned: {g.get('completed', 0)} played to the end, "
            f"{g.get('diverged', 0)} stopped by a divergence, "
            + (f"{g['engine_errors']} stopped by an engine error, "
               if "engine_errors" in g else "")
            + f"{g.get('refused', 0)} "
            f"refused set-up, {g.get('errored', 0)} stopped by a verifier error, "
            f"{g.get('not_played', 0)} not played")


def _md_outcome(report: Report) -> list[str]:
    """The outcome, its causes and the counts (Markdown lines)."""
    vectors, games = counts_lines(report)
    causes = report.causes()
    out = [f"**Outcome: {report.outcome}** (exit code {report.exit_code}).", ""]
    out += [f"- {c['outcome']}: {_md(c['message'])}" for c in causes]
    if causes:
        out.append("")
    return out + [f"Vector counts: {_md(vectors)}. Random games: {_md(games)}.", ""]


ELLIPSIS = "..."
"""What ends a text :func:`clip` shortened."""


def clip(text: str, limit: int) -> str:
    """``text`` whole when it has at most ``limit`` characters, else as many of its first
    characters as leave room for :data:`ELLIPSIS` after them, within ``limit`` (a clipped
    list or value says it is clipped)."""
    return text if len(text) <= limit else text[:max(0, limit - len(ELLIPSIS))] + ELLIPSIS


def _of_vector(f: Failure) -> bool:
    """Is ``f`` a scenario vector's failure (a rule failure, or an engine error while the
    vector ran), not the random games', the start's or the harness's?"""
    return f.kind == "scenario" or (f.kind == "implementation" and f.id not in (
        "start", "ruleset", "harness") and not f.id.startswith(("differential",
                                                                 "start-readings-")))


def _findings_line(d: Mapping[str, Any]) -> str:
    """``N findings: clause (count, length actions); ...`` for the terminal."""
    found = d.get("findings") or [d["divergence"]]
    parts = [f"{f.get('clause') or (ENGINE if f.get('kind') == 'errored' else '?')} on "
             f"{f.get('field', f.get('kind'))} "
             f"(x{f.get('count', 1)}, {f.get('length')} actions)" for f in found[:6]]
    more = f"; +{len(found) - 6} more" if len(found) > 6 else ""
    return f"{len(found)} finding{'s' if len(found) != 1 else ''}: " + "; ".join(parts) + more


_MD_PUNCT = re.compile(r"([\\`*_\[\]|~#])")
_MD_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def md_text(text: Any) -> str:
    """``text`` as Markdown text that renders as itself, on one line, also inside a table
    cell: ``&``, ``<`` and ``>`` as HTML entities (so no tag, comment or autolink can
    start: an unclosed ``<!--`` hides nothing), the Markdown punctuation that could start
    emphasis, a link, an image, a code span, strikethrough, a table cell or a heading's
    closing sequence (``\\ ` * _ [ ] | ~ #``) backslash-escaped, line breaks and control
    characters as visible escapes."""
    out = _MD_PUNCT.sub(r"\\\1", printable(str(text)))
    return "".join(_MD_HTML.get(c, c) for c in out) if any(c in out for c in "&<>") else out


def md_code(text: Any, *, cell: bool = False) -> str:
    """``text`` as a Markdown code span (shown verbatim, HTML included): fenced by one
    backtick more than the longest run of backticks it holds, on one line; in a table
    ``cell``, ``|`` escaped (GitHub splits table cells on it even inside a code span)."""
    body = printable(str(text))
    if cell:
        body = body.replace("|", "\\|")
    longest = max((len(m) for m in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") or not body.strip(" ") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def _md(text: Any) -> str:
    """A table cell's text (:func:`md_text`)."""
    return md_text(text)


def _skips(report: Report) -> list[str]:
    """Skipped scenarios (by reason: a reason shared by more than 3 is one line) and the
    skip-list entries that name no scenario."""
    out: list[str] = []
    by_reason: dict[str, list[str]] = {}
    for s in report.skipped:
        by_reason.setdefault(s.get("reason", ""), []).append(s.get("id", "?"))
    for reason, ids in by_reason.items():
        if len(ids) > 3:
            out.append(f"SKIP {len(ids)} scenarios: {reason}")
        else:
            out.extend(f"SKIP {i}: {reason}" for i in ids)
    out.extend(f"STALE {n.split(': ', 1)[-1]}: the skip list names a scenario that does not "
               "exist" for n in report.notes if n.startswith("skip list names an unknown"))
    return out


def terminal(report: Report, *, max_failures: int = 10) -> str:
    """A short summary for the terminal: every random-game finding, implementation error,
    skipped scenario and stale skip-list entry, and the first ``max_failures`` scenario
    failures."""
    impl = report.implementation or {}
    c = report.counts
    d = report.differential
    out = [
        f"digiconform verify: {impl.get('name', report.command)} "
        f"{impl.get('version', '')} ({impl.get('language', '?')})"
        + (f", format date {report.format_date}" if report.format_date else ""),
        f"  vectors     {c['passed']} passed, {c['failed']} failed, {c['errored']} engine "
        "errors, "
        f"{c['skipped']} skipped, {c['not_followed']} under readings not followed",
        ("  random      not run" if not d else
         f"  random      {d.get('games', 0)} games agreed before the stop" if "steps" not in d
         else f"  random      {d.get('games', 0)} games, {d.get('steps', 0)} actions, "
         + ("no divergence" if not d.get("divergence") else _findings_line(d))),
    ]
    cov = report.coverage
    if cov.get("needs_load_state"):
        out.append(f"  coverage    {cov['runnable']} of {cov['vectors']} vectors run without "
                   f"load_state; {cov['needs_load_state']} need it (reasons in the report)")
    statuses = [cr.status for cr in report.clauses.values()]
    out.append(f"  clauses     {statuses.count('pass')} pass, {statuses.count('fail')} fail, "
               + (f"{statuses.count('inconclusive')} inconclusive, "
                  if "inconclusive" in statuses else "")
               + f"{statuses.count('skip')} skip, {statuses.count('untested')} untested")
    untested = []
    for a in report.ambiguities.values():
        if a.verdict != "untested":
            out.append(f"  {a.id:<10}  {a.verdict}")
        else:
            untested.append(a.id)
    if untested:
        out.append(f"  untested    {len(untested)} ambiguities, no evidence either way: "
                   + ", ".join(untested))
    if report.implementation_errors.get("restarts") or report.implementation_errors.get("codes"):
        e = report.implementation_errors
        out.append(f"  harness     {e.get('restarts', 0)} restarts, {e.get('timeouts', 0)} "
                   f"timeouts, errors: {e.get('codes', {})}"
                   + (f"; gave up ({e['gave_up']})" if e.get("gave_up") else ""))
    scenario_failures = [f for f in report.failures if _of_vector(f)]
    shown = set(map(id, scenario_failures[:max_failures]))
    for f in report.failures:
        # Every random-game finding and error of the engine outside the vectors is listed;
        # the vectors' failures (rule failures and engine errors) up to max_failures (the
        # rest are in the reports).
        if _of_vector(f) and id(f) not in shown:
            continue
        out.append(f"FAIL [{f.label}] {f.id}: {f.message}")
        if _of_vector(f) and f.step is not None:
            out.append(f"    at step {f.step}: {clip(json.dumps(f.request, default=str), 160)}")
        if f.explanation:
            out.append(f"    {f.explanation}")
        for p, e_, a in f.differences[:3]:
            out.append(f"    {p}: expected {clip(json.dumps(e_, default=str), 80)} got "
                       f"{clip(json.dumps(a, default=str), 80)}")
        if len(f.differences) > 3:
            out.append(f"    ... and {len(f.differences) - 3} more differing fields (see "
                       "--report)")
        if f.kind == "differential" and f.length is not None:
            out.append(f"    counterexample: {f.length} actions"
                       + (f", trace {f.trace}" if f.trace else ""))
        if f.replay:
            out.append(f"    replay: {f.replay}")
        if f.stderr and f.id != "start":  # a failed start's stderr is shown below
            out.append("    engine stderr (last lines):")
            out.extend(f"      {line}" for line in f.stderr.rstrip().splitlines()[-15:])
    hidden = len(scenario_failures) - len(shown)
    if hidden > 0:
        out.append(f"... and {hidden} more scenario failures (all in --report/--junit/"
                   "--markdown/--html)")
    out.extend(_skips(report))
    tail = report.implementation_errors.get("stderr_tail")
    if tail and not any(f.stderr for f in report.failures):
        out.append("engine stderr (last lines):")
        out.extend(f"  {line}" for line in str(tail).rstrip().splitlines()[-15:])
    if not report.failures and not report.checked:
        out.append("nothing was checked: no scenario vector ran and no random game was "
                   "played for this ruleset and selection")
    for f in report.failures:
        if f.id == "start" and f.stderr:
            tail = f.stderr.rstrip("\n").splitlines()[-20:]
            out.append("the implementation's stderr (last lines):")
            out.extend(f"  | {line}" for line in tail)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for item in report.inconclusive:  # items of one cause and message: one line
        groups.setdefault((item["cause"], item["message"]), []).append(item)
    shown = 0
    for (cause, message), items in groups.items():
        if len(items) > 3:
            out.append(f"INCONCLUSIVE {len(items)} {items[0]['part']} items ({cause}): "
                       f"{message}")
            continue
        for item in items:
            shown += 1
            if shown > max_failures:
                continue
            out.append(f"INCONCLUSIVE [{item.get('clause') or '-'}] {item['id']}: "
                       f"{item['message']}")
            if item.get("traceback"):
                last = str(item["traceback"]).rstrip().splitlines()[-3:]
                out.extend(f"    {line}" for line in last)
    if shown > max_failures:
        out.append(f"... and {shown - max_failures} more inconclusive items (all in "
                   "--report/--junit/--markdown/--html, tracebacks included)")
    if report.stopped:
        out.append(f"PARTIAL: the run was stopped early ({report.stopped}); the reports "
                   "hold what ran before")
    vectors, games = counts_lines(report)
    out.append(f"  counts      vectors {vectors}")
    out.append(f"              random games {games}")
    for c in report.causes():
        out.append(f"  {c['outcome']:<12} {c['message']}")
    out.append(f"{report.outcome} in {report.seconds:.1f} s (exit code {report.exit_code})")
    # (one line each: a newline or an escape sequence in any text is shown, not obeyed)
    return "\n".join(map(printable, out))

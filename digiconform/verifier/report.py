"""The verification report and its four forms: JSON (``schemas/report.schema.json``), JUnit
XML, a Markdown compliance table (clause × result) and a terminal summary.

:class:`Report` is built by :mod:`digiconform.verifier.runner`; the writers here never look at an
implementation, only at the report.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPORT_FORMAT = "digiconform-report/1"


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
    """Per-clause tallies; ``status`` is ``fail`` if anything on it failed, ``pass`` if
    something passed, ``skip`` if it was only skipped, ``untested`` otherwise."""

    id: str
    summary: str = ""
    passed: int = 0
    failed: int = 0
    skipped: int = 0

    @property
    def status(self) -> str:
        """``fail`` | ``pass`` | ``skip`` | ``untested``."""
        if self.failed:
            return "fail"
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

    @property
    def checked(self) -> int:
        """How many checks ran: passed vectors plus differential game steps."""
        return self.counts["passed"] + int(self.differential.get("steps") or 0)

    @property
    def ok(self) -> bool:
        """True when everything required passed and something was checked at all (the exit
        code is 0 exactly then): a run that tested nothing, or was stopped before the end, is
        not a pass."""
        return not self.failures and self.checked > 0 and self.stopped is None

    def to_json(self) -> dict[str, Any]:
        """The report document (``schemas/report.schema.json``)."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("digiconform")
        except PackageNotFoundError:  # pragma: no cover
            v = "0+unknown"
        return {
            "format": REPORT_FORMAT,
            "digiconform": {"version": v},
            "command": self.command,
            "ruleset": self.ruleset,
            "started": self.started,
            "seconds": round(self.seconds, 3),
            "ok": self.ok,
            "implementation": dict(self.implementation) if self.implementation else None,
            "summary": dict(self.counts),
            "clauses": {c.id: {"status": c.status, "summary": c.summary, "passed": c.passed,
                               "failed": c.failed, "skipped": c.skipped}
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
        }


def document(report: Report) -> dict[str, Any]:
    """The report as the plain JSON document ``--report`` writes (not validated)."""
    return _plain(report.to_json())


def write_json(report: Report, path: Path) -> None:
    """Validate the report against ``report.schema.json`` and write it.

    :raises InvalidInputError: the report does not validate (a bug in the verifier).
    """
    from oracle.validation import validate

    doc = _plain(report.to_json())
    validate(doc, "report")
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _plain(x: Any) -> Any:
    """JSON round-trip (tuples become lists) so the schema sees what the file will hold."""
    return json.loads(json.dumps(x, default=str))


def write_junit(report: Report, path: Path) -> None:
    """JUnit XML: a suite per part (scenarios, differential, ambiguities), a test case per
    vector, per random-game run and per ambiguity."""
    from junitparser import Error, JUnitXml, Skipped, TestCase, TestSuite
    from junitparser import Failure as JFailure

    by_id = {f.id: f for f in report.failures}
    xml = JUnitXml("digiconform verify")
    suites: dict[str, TestSuite] = {}
    for case in report.cases:
        suite = suites.setdefault(case["part"], TestSuite(case["part"]))
        tc = TestCase(case["id"], classname=case.get("clause") or case["part"],
                      time=case.get("seconds", 0.0))
        status = case["status"]
        f = by_id.get(case["id"])
        if status == "fail":
            text = json.dumps(f.to_json() if f else case, indent=1, default=str)
            tc.result = [JFailure(case.get("message", "failed"), "conformance")]
            tc.system_out = text
        elif status == "error":
            tc.result = [Error(case.get("message", "error"), "implementation")]
            if f and f.stderr:
                tc.system_err = f.stderr
        elif status in ("skip", "not_followed"):
            tc.result = [Skipped(case.get("message", status))]
        suite.add_testcase(tc)
    for suite in suites.values():
        suite.update_statistics()
        xml.add_testsuite(suite)
    xml.update_statistics()
    xml.write(str(path), pretty=True)


def markdown(report: Report) -> str:
    """The compliance table: one row per clause, then ambiguities, then failures."""
    impl = report.implementation or {}
    name = f"{impl.get('name', '?')} {impl.get('version', '')}".strip()
    c = report.counts
    lines = [
        f"# Conformance report: {name}",
        "",
        f"Ruleset `{report.ruleset}`, command `{report.command}`; "
        f"{'**PASS**' if report.ok else '**FAIL**'} in {report.seconds:.1f} s.",
        "",
        *([f"**PARTIAL REPORT**: the run was stopped early ({_md(report.stopped)}); only "
           "what ran before is reported.", ""] if report.stopped else []),
        f"Vectors: {c['passed']} passed, {c['failed']} failed, {c['errored']} errored, "
        f"{c['skipped']} skipped, {c['not_followed']} under readings not followed. "
        f"Random games: {report.differential.get('games', 0)} "
        f"({report.differential.get('steps', 0)} actions).",
        "",
        "| Clause | Result | Passed | Failed | Skipped | Summary |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    icon = {"pass": "✅ pass", "fail": "❌ fail", "skip": "⏭ skip", "untested": "· untested"}
    for cr in report.clauses.values():
        lines.append(f"| {cr.id} | {icon[cr.status]} | {cr.passed} | {cr.failed} | "
                     f"{cr.skipped} | {_md(cr.summary)} |")
    if report.ambiguities:
        lines += ["", "## Ambiguities", "",
                  "| Ambiguity | Declared | Follows | Verdict |", "| --- | --- | --- | --- |"]
        for a in report.ambiguities.values():
            follows = "any (configurable)" if a.configurable else ", ".join(a.follows) or "—"
            default = "" if a.declared_explicitly else " (default)"
            lines.append(f"| {a.id} | {a.declared}{default} | {follows} | {_md(a.verdict)} |")
    if report.failures:
        lines += ["", "## Failures", ""]
        for f in report.failures:
            lines.append(f"- **{f.clause or '?'}** `{_md(f.id)}` ({f.kind}): {_md(f.message)}"
                         + (f" — {f.length} actions" if f.length is not None else ""))
            if f.kind == "scenario" and f.step is not None:
                lines.append(f"  - at step {f.step}: "
                             f"`{_md(json.dumps(f.request, default=str)[:200])}`")
            for path, e_, a in f.differences[:3]:
                lines.append(f"  - `{_md(path)}`: expected "
                             f"`{_md(json.dumps(e_, default=str)[:80])}`, got "
                             f"`{_md(json.dumps(a, default=str)[:80])}`")
            if f.replay:
                lines.append(f"  - replay: `{f.replay}`")
    return "\n".join(lines) + "\n"


def _findings_line(d: Mapping[str, Any]) -> str:
    """``N findings: clause (count, length actions); ...`` for the terminal."""
    found = d.get("findings") or [d["divergence"]]
    parts = [f"{f.get('clause') or '?'} on {f.get('field', f.get('kind'))} "
             f"(x{f.get('count', 1)}, {f.get('length')} actions)" for f in found[:6]]
    more = f"; +{len(found) - 6} more" if len(found) > 6 else ""
    return f"{len(found)} finding{'s' if len(found) != 1 else ''}: " + "; ".join(parts) + more


def _md(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


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
        f"{impl.get('version', '')} ({impl.get('language', '?')})",
        f"  vectors     {c['passed']} passed, {c['failed']} failed, {c['errored']} errored, "
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
               f"{statuses.count('skip')} skip, {statuses.count('untested')} untested")
    for a in report.ambiguities.values():
        if a.verdict != "untested":
            out.append(f"  {a.id:<10}  {a.verdict}")
    if report.implementation_errors.get("restarts") or report.implementation_errors.get("codes"):
        e = report.implementation_errors
        out.append(f"  harness     {e.get('restarts', 0)} restarts, {e.get('timeouts', 0)} "
                   f"timeouts, errors: {e.get('codes', {})}"
                   + (f"; gave up ({e['gave_up']})" if e.get("gave_up") else ""))
    scenario_failures = [f for f in report.failures if f.kind == "scenario"]
    shown = set(map(id, scenario_failures[:max_failures]))
    for f in report.failures:
        # Every random-game finding and implementation error is listed; scenario failures
        # up to max_failures (the rest are in the reports).
        if f.kind == "scenario" and id(f) not in shown:
            continue
        out.append(f"FAIL [{f.clause or '?'}] {f.id}: {f.message}")
        if f.kind == "scenario" and f.step is not None:
            out.append(f"    at step {f.step}: {json.dumps(f.request, default=str)[:160]}")
        if f.explanation:
            out.append(f"    {f.explanation}")
        for p, e_, a in f.differences[:3]:
            out.append(f"    {p}: expected {json.dumps(e_, default=str)[:80]} got "
                       f"{json.dumps(a, default=str)[:80]}")
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
    if report.stopped:
        out.append(f"PARTIAL: the run was stopped early ({report.stopped}); the reports "
                   "hold what ran before")
    out.append(("PASS" if report.ok else "FAIL") + f" in {report.seconds:.1f} s")
    return "\n".join(out)

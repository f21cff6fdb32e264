"""``verify``: run the suite against an implementation and build the :class:`Report`.

Three parts, all through one :class:`~digiconform.harness.ProtocolDriver`:

1. **Scenario vectors** (:mod:`digiconform.vectors`): every feature scenario, replayed request by
   request. A vector whose ``depends_on`` says it holds only under readings the
   implementation does not follow (and which it cannot be asked to follow: no ``variants``
   capability) is run but not *required*: its result counts for the ambiguity, not as a
   failure.
2. **Differential random games** (:mod:`digiconform.verifier.differential`), shrunk and saved as
   a trace when they diverge.
3. **Ambiguities**: for each ambiguity, the readings the implementation's behaviour on the
   vectors that depend on it is consistent with, against the reading it declared.

What is *required* (exit code 0 only when all of it passed): every vector under the
implementation's readings that it can run with its declared capabilities (a ``load_state``
vector is skipped, not failed, without that capability), not listed in the skip file, and
not declined by the implementation (``skipped``/``unsupported`` answers count as failures
unless listed in the skip file); every random game; and no implementation errors.
"""

from __future__ import annotations

import datetime as _dt
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from digiconform.verifier import stopping
from digiconform.verifier.report import AmbiguityResult, ClauseResult, Failure, Report
from digiconform.verifier.stopping import RunStopped

Progress = Callable[[str, str], None]
"""``progress(part, item_id)``: called after each vector (``"scenarios"``, its ID), after each
random game (``"random"``, games played so far) and before the findings are shrunk
(``"shrinking"``, how many); see :mod:`digiconform.verifier.progress`."""


@dataclass
class Options:
    """What ``digiconform verify`` runs (see the CLI options of the same names)."""

    command: str
    ruleset: str = "digibattle"
    clauses: Sequence[str] = ()
    tags: Sequence[str] = ()
    scenarios: Sequence[str] = ()
    games: int = 40
    seed: int = 0
    skips: Mapping[str, str] = field(default_factory=dict)
    timeout: float = 5.0
    shrink_seconds: float = 90.0
    trace_dir: Path | None = Path("digiconform-traces")
    vectors: Path | None = None
    budget: float | None = 30.0
    """Seconds for playing random games once one diverged (no new game is started after it;
    a run where everything agrees plays all ``games``; shrinking has its own
    ``shrink_seconds``). None: no limit."""
    shrink_patience: int | None = None
    """Oracle games the shrinker plays without finding a shorter counterexample before it
    stops (None: :func:`~digiconform.verifier.differential.shrink`'s default, 8,000). Its
    search is seeded, so a smaller patience plays the first games of the same search."""


def parse_skip_file(text: str) -> dict[str, str]:
    """Skip-file lines ``SCENARIO_ID  # reason`` (or ``ID | reason``); blank lines and lines
    starting with ``#`` are ignored.

    :returns: scenario ID → reason.
    """
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        sep = " # " if " # " in line else " | " if " | " in line else None
        vid, reason = (line.split(sep, 1) if sep else (line, "listed in the skip file"))
        out[vid.strip()] = reason.strip() or "listed in the skip file"
    return out


def select(vectors: Sequence[Mapping[str, Any]], opts: Options) -> list[Mapping[str, Any]]:
    """The vectors ``opts`` asks for (ruleset, then clause prefix, tag and ID filters)."""
    out = []
    for v in vectors:
        if v.get("ruleset", "digibattle") != opts.ruleset:
            continue
        if opts.clauses and not any(c == want or c.startswith(want.rstrip(".") + ".")
                                    or c.startswith(want)
                                    for c in v.get("clauses", ()) for want in opts.clauses):
            continue
        if opts.tags and not set(t.lstrip("@") for t in opts.tags) & set(v.get("tags", ())):
            continue
        if opts.scenarios and v["id"] not in opts.scenarios:
            continue
        out.append(v)
    return out


def _replay_vector(opts: Options, vid: str) -> str:
    return (f"digiconform verify --impl {shlex.quote(opts.command)} --ruleset {opts.ruleset} "
            f"--scenario {shlex.quote(vid)} --games 0")


def verify(opts: Options, progress: Progress | None = None) -> Report:
    """Run the verification described by ``opts``. Never raises for a misbehaving
    implementation: everything it does wrong is in the report."""
    from digiconform.harness.driver import ProtocolDriver

    t0 = time.monotonic()
    report = Report(
        command=opts.command, implementation=None, ruleset=opts.ruleset,
        started=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"))
    _init_clauses(report, opts.ruleset)
    driver = ProtocolDriver(opts.command, timeout=opts.timeout)
    try:
        try:
            return _verify(opts, report, driver, t0, progress)
        finally:
            driver.close()
    except RunStopped as e:
        stopping.caught()
        # A deadline or a signal (digiconform.verifier.stopping): what ran so far is the
        # report, marked partial; the engine and its descendants are ended by close().
        return _stopped(report, driver, t0, e.reason)


def stopped_before_start(opts: Options, reason: str) -> Report:
    """The report of a run stopped (``reason``) before the implementation was started:
    partial, nothing checked."""
    report = Report(
        command=opts.command, implementation=None, ruleset=opts.ruleset,
        started=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"))
    _init_clauses(report, opts.ruleset)
    report.stopped = reason
    report.notes.append(f"the run was stopped before it began ({reason}): nothing was run")
    report.cases.append({"part": "run", "id": "stopped", "status": "error",
                         "message": f"stopped early: {reason}; the report is partial"})
    return report


def _stopped(report: Report, driver: Any, t0: float, reason: str) -> Report:
    """Mark ``report`` partial (stopped by ``reason``) and finish it."""
    report.stopped = reason
    report.notes.append(f"the run was stopped early ({reason}): this report is partial")
    if report.differential and "steps" not in report.differential:
        n = report.differential.get("games", 0)
        report.notes.append(f"{n} random games agreed before the stop (not a complete part: "
                            "a divergence may have been next)")
    report.cases.append({"part": "run", "id": "stopped", "status": "error",
                         "message": f"stopped early: {reason}; the report is partial"})
    try:
        return _finish(report, driver, t0)
    except RunStopped:  # pragma: no cover - the guard fires once
        return report


def _verify(opts: Options, report: Report, driver: Any, t0: float,
            progress: Progress | None) -> Report:
    from digiconform.harness.driver import ImplementationError
    from digiconform.vectors import NOTHING_CHECKED, load_vectors, run_vector
    from oracle import variants as registry

    try:
        ready = driver.ready
    except ImplementationError as e:
        report.failures.append(Failure(
            "start", "implementation", f"the implementation did not start: {e}",
            code=e.code, stderr=e.stderr or None,
            replay=f"digiconform verify --impl {shlex.quote(opts.command)}"))
        report.cases.append({"part": "implementation", "id": "start", "status": "error",
                             "message": str(e)})
        return _finish(report, driver, t0)
    report.implementation = {**ready.implementation.to_json(), "command": opts.command,
                             "rulesets": list(ready.rulesets),
                             "readings": dict(ready.readings),
                             "capabilities": ready.capabilities.to_json()}
    if opts.ruleset not in ready.rulesets:
        report.notes.append(f"the implementation does not offer ruleset {opts.ruleset!r} "
                            f"(it offers {list(ready.rulesets)}); nothing was run")
        report.failures.append(Failure(
            "ruleset", "implementation", f"ruleset {opts.ruleset!r} not offered"))
        report.cases.append({"part": "implementation", "id": "ruleset", "status": "error",
                             "message": report.notes[-1]})
        return _finish(report, driver, t0)
    declared = dict(registry.defaults(opts.ruleset))
    own = {a.id for a in registry.REGISTRY if a.ruleset == opts.ruleset}
    declared.update({k: v for k, v in ready.readings.items() if k in own})
    caps = ready.capabilities
    vectors = select(load_vectors(opts.vectors, kind="scenario"), opts)
    known = {v["id"] for v in load_vectors(opts.vectors, kind="scenario")}
    for stale in sorted(set(opts.skips) - known):
        report.notes.append(f"skip list names an unknown scenario: {stale}")
    # ambiguity -> (vector passed, readings it holds under, tagged with the ambiguity,
    # the engine follows the vector's other depends_on readings)
    amb_records: dict[str, list[tuple[bool, list[str], bool, bool]]] = {}
    coverage: dict[str, Any] = {"played": 0, "needing": []}
    for v in vectors:
        vid = v["id"]
        if driver.dead:
            _skip(report, v, f"not run: the implementation was given up on ({driver.dead})")
            _progress(progress, "scenarios", vid)
            continue
        deps: Mapping[str, list[str]] = v.get("depends_on") or {}
        off = [a for a, holds in deps.items()
               if not caps.variants and declared.get(a) not in holds]
        # A reading the vector's set-up asks for, though its outcome does not depend on it
        # (the same under every reading), that the engine says it does not play: the engine
        # cannot take that set-up, so the vector is not followed rather than failed.
        asked = {a: r for a, r in _setup_readings(v).items()
                 if not caps.variants and a not in deps and a in declared
                 and declared[a] != r}
        off += list(asked)
        if vid in opts.skips:
            _skip(report, v, opts.skips[vid])
            _progress(progress, "scenarios", vid)
            continue
        if any(s.get("prelude") for s in v["steps"]):
            coverage["played"] += 1  # its position is reached by legal play (a prelude)
        elif not caps.load_state and any(s["request"] == "load_state" for s in v["steps"]):
            if v.get("played"):
                v = {**v, "steps": v["played"]}  # the position reached by legal play
                coverage["played"] += 1
            else:
                why = v.get("needs_load_state") or "starts from a described position"
                coverage["needing"].append({"id": vid, "reason": why})
                _skip(report, v, f"needs the load_state capability: {why}")
                _progress(progress, "scenarios", vid)
                continue
        t1 = time.monotonic()
        res = run_vector(driver, v)
        secs = time.monotonic() - t1
        if res.status == "skip" and res.code == NOTHING_CHECKED:
            _skip(report, v, res.reason)
            _progress(progress, "scenarios", vid)
            continue
        if res.status in ("pass", "fail"):
            for a, holds in deps.items():
                if res.status == "fail" and any(b != a for b in off):
                    continue  # another reading the engine declares explains the failure
                tagged = a in v.get("ambiguities", ())
                others_ok = caps.variants or all(
                    declared.get(b) in hb for b, hb in deps.items() if b != a)
                amb_records.setdefault(a, []).append(
                    (res.status == "pass", list(holds), tagged, others_ok))
        if off and res.status != "error":
            status = "pass" if res.status == "pass" else "not_followed"
            if status == "not_followed":
                report.counts["not_followed"] += 1
            else:
                report.counts["passed"] += 1
            report.cases.append({
                "part": "scenarios", "id": vid, "status": status,
                "clause": (v.get("clauses") or [None])[0], "seconds": secs,
                "message": _off_message({**deps, **{a: [r] for a, r in asked.items()}},
                                        off, declared)})
            _progress(progress, "scenarios", vid)
            continue
        _record_vector(report, v, res, secs, opts)
        _progress(progress, "scenarios", vid)
    _coverage(report, len(vectors), coverage)
    _ambiguity_verdicts(report, amb_records, declared, ready.readings, caps.variants,
                        opts.ruleset)
    if opts.games > 0 and not driver.dead:
        _differential(report, driver, opts, declared if not caps.variants else
                      {k: v for k, v in ready.readings.items() if k in own}, caps, progress)
    return _finish(report, driver, t0)


def _coverage(report: Report, total: int, coverage: Mapping[str, Any]) -> None:
    """``report.coverage``: the vectors the implementation can run with its capabilities,
    and each one that needs ``load_state`` with the reason, tallied by kind of reason."""
    needing = list(coverage["needing"])
    by_reason: dict[str, int] = {}
    for n in needing:
        kind = n["reason"].split(" - ")[0]
        by_reason[kind] = by_reason.get(kind, 0) + 1
    report.coverage = {"vectors": total, "runnable": total - len(needing),
                       "played": coverage["played"], "needs_load_state": len(needing),
                       "by_reason": by_reason, "needing": needing}


def _setup_readings(v: Mapping[str, Any]) -> dict[str, str]:
    """The readings named by the set-ups a vector sends (``new_game`` / ``load_state``)."""
    out: dict[str, str] = {}
    for step in v.get("steps") or ():
        setup = step.get("setup") if isinstance(step, Mapping) else None
        if isinstance(setup, Mapping) and isinstance(setup.get("variants"), Mapping):
            out.update({str(a): str(r) for a, r in setup["variants"].items()})
    return out


def _off_message(deps: Mapping[str, list[str]], off: Sequence[str],
                 declared: Mapping[str, str]) -> str:
    holds = ", ".join(f"{a}={'/'.join(deps[a])}" for a in off)
    follows = ", ".join(f"{a}={declared.get(a)}" for a in off)
    return f"holds only under {holds}; the implementation follows {follows}"


def _progress(progress: Progress | None, part: str, item: str) -> None:
    stopping.check()  # a stop whose first raise was lost (digiconform.verifier.stopping)
    if progress is not None:
        progress(part, item)


def _init_clauses(report: Report, ruleset: str) -> None:
    try:
        from digiconform.clauses import clauses
    except ImportError:  # pragma: no cover - the registry is part of the package
        return
    for c in clauses(ruleset):
        report.clauses[c.id] = ClauseResult(c.id, c.summary)


def _clause(report: Report, cid: str) -> ClauseResult:
    if cid not in report.clauses:
        report.clauses[cid] = ClauseResult(cid)
    return report.clauses[cid]


def _skip(report: Report, v: Mapping[str, Any], reason: str) -> None:
    report.counts["skipped"] += 1
    report.skipped.append({"id": v["id"], "reason": reason})
    for c in v.get("clauses", ()):
        _clause(report, c).skipped += 1
    report.cases.append({"part": "scenarios", "id": v["id"], "status": "skip",
                         "clause": (v.get("clauses") or [None])[0], "message": reason})


def failing_clause(v: Mapping[str, Any], res: Any) -> str | None:
    """The clause a failing vector is filed under: the rule of the step that failed, not
    every tag of the scenario.

    The vector is replayed on the oracle up to the failing step; an action the rules forbid
    names the refusal's clause; a state that differs (or a legal action refused) names the
    clause whose rule produces the first differing field among the oracle's events of that
    step (:func:`~digiconform.verifier.differential.step_clause`), and of the forced actions
    after it when the implementation moved on past them by itself (``res.forced``; also
    from a ``new_game``/``load_state`` position). When nothing more precise is known (the
    failing step is the ``new_game``/``load_state`` one, or the replay fails), the
    scenario's first clause tag.
    """
    from digiconform.vectors import resolve_setup
    from digiconform.verifier.differential import step_clause
    from oracle.driver import OracleDriver

    clauses = list(v.get("clauses", ()))
    fallback = clauses[0] if clauses else None
    i = res.step
    if i is None or not 0 <= i < len(v["steps"]):
        return fallback
    step = v["steps"][i]
    expect = step.get("expect") or {}
    forced_only = step["request"] in ("new_game", "load_state") and bool(
        getattr(res, "forced", None))  # moved on by itself from the starting position
    if step["request"] != "action" and not forced_only:
        return fallback
    refused = expect.get("refused") or {}
    if refused.get("clause") and not expect.get("state"):
        return str(refused["clause"])
    o = OracleDriver()
    try:
        out = None
        setup: Mapping[str, Any] = {}
        prior: Mapping[str, Any] | None = None  # the oracle's state before the failing step
        for s in v["steps"][:i + 1]:
            if s["request"] == "new_game":
                setup = resolve_setup(s["setup"])
                o.new_game(setup)
            elif s["request"] == "load_state":
                setup = resolve_setup(s["setup"])
                o.load_state(setup, s["state"])
            elif s["request"] == "action":
                prior = o.state.to_json() if o.state is not None else None
                out = o.apply(s["action"])
    except Exception:  # noqa: BLE001 - the recorded steps no longer replay: use the tag
        return fallback
    if not forced_only and (out is None or out.refusal is not None):
        return fallback
    events = list(out.events) if out is not None and not forced_only else []
    try:
        for forced in getattr(res, "forced", None) or ():
            # the implementation moved on past these forced actions and differs there
            events += o.apply(forced).events
    except Exception:  # noqa: BLE001 - keep the step's own events
        pass
    kind = "state" if res.differences else "refused-legal"
    last = step["action"] if not forced_only else res.forced[-1]
    clause = step_clause(v.get("ruleset", "digibattle"), kind, events,
                         res.differences, action_type=last.get("type"),
                         before=(setup, prior, last) if prior is not None and not forced_only
                         else None)
    return clause or fallback


def _record_vector(report: Report, v: Mapping[str, Any], res: Any, secs: float,
                   opts: Options) -> None:
    vid = v["id"]
    clauses = list(v.get("clauses", ()))
    clause = clauses[0] if clauses else None
    if res.status in ("fail", "error") and res.code != "state-schema-invalid":
        clause = failing_clause(v, res)
    case = {"part": "scenarios", "id": vid, "clause": clause, "seconds": round(secs, 4)}
    if res.status == "pass":
        report.counts["passed"] += 1
        for c in clauses:
            _clause(report, c).passed += 1
        report.cases.append({**case, "status": "pass"})
        return
    if res.status == "skip":
        # Declined by the implementation: required unless listed in the skip file.
        report.counts["failed"] += 1
        if clause:
            _clause(report, clause).failed += 1
        report.failures.append(Failure(
            vid, "scenario", f"declined by the implementation ({res.reason}); list it in a "
            "--skip file to accept that", clause, clauses, res.step, res.request,
            replay=_replay_vector(opts, vid)))
        report.cases.append({**case, "status": "fail", "message": res.reason})
        return
    key = "errored" if res.status == "error" else "failed"
    report.counts[key] += 1
    if res.step is not None and 0 <= res.step < len(v["steps"]) and \
            v["steps"][res.step].get("prelude"):
        # Still on the way to the scenario's position: say so (filed under that step's clause).
        res.reason = (f"while reaching the scenario's position (prelude step {res.step}): "
                      f"{res.reason}")
    # Filed under the clause of the step that failed, not under every tag.
    if clause:
        _clause(report, clause).failed += 1
    expected = res.expected
    if expected is None and res.step is not None:
        expected = v["steps"][res.step]["expect"]
        if "state" in expected and res.differences:
            expected = {"state": "see differences"}
    report.failures.append(Failure(
        vid, "scenario", res.reason, clause, clauses, res.step, _brief(res.request), expected,
        res.actual, res.differences, res.code, _replay_vector(opts, vid),
        length=sum(1 for s in v["steps"] if s["request"] == "action")))
    report.cases.append({**case, "status": "error" if key == "errored" else "fail",
                         "message": res.reason})


def _brief(request: Mapping[str, Any] | None) -> Any:
    """A vector step without its bulk: the setup's card set by ID, the loaded state left out
    (it is in the vector)."""
    if not request:
        return request
    out = dict(request)
    if isinstance(out.get("setup"), Mapping):
        setup = dict(out["setup"])
        if isinstance(setup.get("card_set"), Mapping):
            setup["card_set"] = {"id": setup["card_set"].get("id")}
        out["setup"] = setup
    if "state" in out:
        out["state"] = "(the state in the vector)"
    return out


def _ambiguity_verdicts(report: Report,
                        records: Mapping[str, list[tuple[bool, list[str], bool, bool]]],
                        declared: Mapping[str, str], explicit: Mapping[str, str],
                        configurable: bool, ruleset: str) -> None:
    from oracle import variants as registry

    for amb in registry.REGISTRY:
        if amb.ruleset != ruleset:
            continue
        # The scenarios tagged with the ambiguity decide; without any, every vector whose
        # outcome depends on it does. Only vectors whose other depends_on readings the
        # engine follows count: a vector that also needs another reading the engine does
        # not follow says nothing about this one.
        every = [(p, h, t) for p, h, t, others_ok in records.get(amb.id, []) if others_ok]
        recs = [(p, h) for p, h, tagged in every if tagged] or [(p, h) for p, h, _ in every]
        res = AmbiguityResult(amb.id, amb.question, declared.get(amb.id, amb.default),
                              amb.id in explicit, configurable=configurable)
        for r in amb.reading_names():
            agree = sum(1 for passed, holds in recs if passed == (r in holds))
            res.readings[r] = {"consistent": agree, "inconsistent": len(recs) - agree}
        if not recs:
            res.verdict = "untested"
        elif configurable:
            bad = sum(1 for passed, _ in recs if not passed)
            res.verdict = (f"any reading (configurable): {len(recs)} vectors pass" if not bad
                           else f"configurable, but {bad} of {len(recs)} vectors fail")
            res.follows = list(amb.reading_names()) if not bad else []
        elif all(passed for passed, _ in recs) and not any(
                t["inconsistent"] == 0 for t in res.readings.values()):
            # Every vector passed, under whichever reading its setup asked for: the engine
            # honours the setup's readings without declaring the "variants" capability.
            res.follows = list(amb.reading_names())
            res.verdict = (f"honours every reading the vectors ask for ({len(recs)} vectors "
                           "pass), as if configurable: declare the capability \"variants\"")
        else:
            res.follows = [r for r, t in res.readings.items() if t["inconsistent"] == 0]
            how = "declared" if res.declared_explicitly else "default"
            if res.declared in res.follows:
                res.verdict = f"follows {res.declared!r} ({how}; {len(recs)} vectors)"
            elif res.follows:
                res.verdict = (f"declares {res.declared!r} ({how}) but behaves as "
                               f"{' / '.join(map(repr, res.follows))}")
            else:
                res.verdict = f"no single reading fits its behaviour ({len(recs)} vectors)"
        report.ambiguities[amb.id] = res
        report.cases.append({"part": "ambiguities", "id": amb.id,
                             "status": "pass" if res.follows else "skip",
                             "message": res.verdict})


def _random_game_verdicts(report: Report, seen: Mapping[str, Mapping[str, int]]) -> None:
    """Fold what the random games showed into the ambiguity verdicts: a divergence that a
    reading explained (the implementation behaved as that reading where the oracle played
    another) is evidence against every other reading, like a vector that fails under them.

    An ambiguity no vector decided gets its verdict from the random games alone; where the
    vectors and the random games disagree, only the readings both fit stay in ``follows``."""
    for amb_id, by_reading in seen.items():
        res = report.ambiguities.get(amb_id)
        if res is None or not by_reading:
            continue
        res.random_games = dict(by_reading)
        shown = sorted(by_reading, key=lambda r: (-by_reading[r], r))
        n = sum(by_reading.values())
        what = (f"the random games show {' / '.join(map(repr, shown))} ({n} divergence"
                f"{'s' if n != 1 else ''} explained)")
        untested = res.verdict == "untested"
        fits = [r for r in shown if len(shown) == 1 and (untested or r in res.follows)] \
            if untested or res.configurable else [r for r in res.follows if r in by_reading]
        how = "declared" if res.declared_explicitly else "default"
        if res.configurable:
            # It honours any reading it is asked for, yet played another one here.
            res.verdict = (f"configurable, but plays {' / '.join(map(repr, fits))} where "
                           f"another reading was asked: {what}" if fits else
                           f"configurable, but no single reading fits its behaviour: {what}")
        elif untested:
            res.verdict = (f"declares {res.declared!r} ({how}) but behaves as "
                           f"{' / '.join(map(repr, fits))}: {what}; no vector decides it"
                           if fits else f"no single reading fits its behaviour: {what}")
        elif fits:
            res.verdict = (f"declares {res.declared!r} ({how}) but behaves as "
                           f"{' / '.join(map(repr, fits))} ({what})")
        else:
            res.verdict = (f"no single reading fits its behaviour: the vectors fit "
                           f"{' / '.join(map(repr, res.follows)) or 'none'}, {what}")
        res.follows = fits
        for case in report.cases:
            if case.get("part") == "ambiguities" and case.get("id") == amb_id:
                case["status"] = "pass" if fits else "skip"
                case["message"] = res.verdict


def _differential(report: Report, driver: Any, opts: Options, readings: Mapping[str, str],
                  caps: Any, progress: Progress | None) -> None:
    """Run the random games and report every finding: one failure per group of divergences
    (count, clause, shortest trace, replay command); ``report.differential["findings"]``
    lists them and ``["divergence"]`` is the first (most frequent) one."""
    from digiconform.verifier.differential import run_differential

    res = run_differential(
        driver, games=opts.games, seed=opts.seed, legal=caps.legal_actions,
        readings=readings, any_reading=caps.variants, ruleset=opts.ruleset,
        shrink_seconds=opts.shrink_seconds, budget_seconds=opts.budget,
        shrink_patience=opts.shrink_patience,
        on_game=lambda n: _game_done(report, opts, progress, n),
        on_shrink=lambda n: _progress(progress, "shrinking", str(n)))
    report.differential = {"games": res.games, "steps": res.steps,
                           "seconds": round(res.seconds, 3), "shrink_runs": res.shrink_runs,
                           "legal_sets": bool(caps.legal_actions), "seed": opts.seed,
                           "budget": opts.budget, "divergence": None, "findings": []}
    report.notes.extend(res.notes)
    _random_game_verdicts(report, res.readings_seen)
    case = {"part": "differential", "id": f"random games (seed {opts.seed})",
            "seconds": round(res.seconds, 3)}
    if not res.findings and res.games == 0:
        why = "; ".join(res.notes) or "no game was played"
        report.failures.append(Failure("differential", "implementation",
                                       f"the random games did not run: {why}"))
        report.cases.append({**case, "status": "error", "message": why})
        return
    if not res.findings:
        report.cases.append({**case, "status": "pass",
                             "message": f"{res.games} games agree"})
        return
    for n, finding in enumerate(res.findings, 1):
        _report_finding(report, opts, finding, n, len(res.findings))
    report.differential["divergence"] = report.differential["findings"][0]
    worst = res.findings[0]
    report.cases.append({**case, "status": "fail" if worst.divergence.kind != "errored"
                         else "error", "clause": worst.clause,
                         "message": f"{len(res.findings)} findings in {res.games} games"})


def _report_finding(report: Report, opts: Options, finding: Any, n: int, total: int) -> None:
    from digiconform.verifier.differential import divergence_trace
    from oracle.trace import write_trace

    div = finding.divergence
    trace_path = None
    if div.kind != "errored" and opts.trace_dir is not None and not div.resynced:
        try:
            opts.trace_dir.mkdir(parents=True, exist_ok=True)
            name = (report.implementation or {}).get("name", "impl")
            suffix = "" if n == 1 else f"-{n}"
            path = opts.trace_dir / (f"divergence-{_safe(name)}-seed{opts.seed}{suffix}"
                                     ".trace.json")
            write_trace(path, divergence_trace(div, name))
            trace_path = str(path)
        except Exception as e:  # noqa: BLE001 - a trace problem must not hide the divergence
            report.notes.append(f"could not write the divergence trace: {e}")
    replay = (f"digiconform replay {shlex.quote(trace_path)} --impl {shlex.quote(opts.command)}"
              if trace_path else
              f"digiconform verify --impl {shlex.quote(opts.command)} --ruleset {opts.ruleset} "
              f"--games {opts.games} --seed {opts.seed}")
    seen = f"seen {finding.count} times in {finding.games} games"
    kind = "differential" if div.kind != "errored" else "implementation"
    fid = "differential" if n == 1 else f"differential-{n}"
    f = Failure(
        fid, kind, f"{div.kind}: {div.message} ({seen}; finding {n} of {total}, "
        f"on {finding.field})", div.clause, div.clauses or
        ([div.clause] if div.clause else []), div.step,
        div.actions[div.step] if 0 <= div.step < len(div.actions) else None,
        div.expected, div.actual, div.differences, div.code, replay, trace_path,
        len(div.actions), div.explanation)
    report.failures.append(f)
    if div.clause:
        _clause(report, div.clause).failed += 1
    report.differential["findings"].append({
        "kind": div.kind, "clause": div.clause, "field": finding.field,
        "count": finding.count, "games": finding.games, "length": len(div.actions),
        "first_length": finding.first_length, "trace": trace_path, "replay": replay,
        "explanation": div.explanation, "overrides": dict(div.overrides),
        "reproducible": not div.resynced, "code": div.code,
        "setup": {k: v for k, v in div.setup.items() if k != "decks"},
        "actions": list(div.actions)})


def _game_done(report: Report, opts: Options, progress: Progress | None, n: int) -> None:
    """After each random game: the tally a partial report keeps if the run is stopped."""
    report.differential = {"games": n, "seed": opts.seed, "divergence": None}
    _progress(progress, "random", str(n))


def _safe(name: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "impl"


def _finish(report: Report, driver: Any, t0: float) -> Report:
    codes: dict[str, int] = {}
    for e in driver.failures:
        codes[e.code] = codes.get(e.code, 0) + 1
    report.implementation_errors = {
        "restarts": driver.restarts, "timeouts": driver.timeouts, "codes": codes,
        "gave_up": driver.dead, "stderr_tail": (driver.failures[-1].stderr[-2000:]
                                                 if driver.failures else "") or None}
    if driver.dead and not any(f.kind == "implementation" for f in report.failures):
        report.failures.append(Failure(
            "harness", "implementation", f"the implementation was given up on: {driver.dead}",
            code="gave-up"))
    driver.close()
    report.seconds = time.monotonic() - t0
    return report

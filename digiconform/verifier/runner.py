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

What is *required* (a PASS only when all of it ran to its end and passed): every vector under
the implementation's readings that it can run with its declared capabilities (a
``load_state`` vector is skipped, not failed, without that capability), not listed in the
skip file, and not declined by the implementation (``skipped``/``unsupported`` answers count
as failures unless listed in the skip file); every random game; and no implementation
errors.

The run's outcome (:attr:`Report.outcome`, docs/PROTOCOL.md "Outcomes and exit codes") is
FAIL when any of that was shown wrong, else INCONCLUSIVE when anything was not tested (an
error of the verifier's own code, caught per vector, per random game, per part, and reported
with its traceback; a set-up the engine refused; vectors or games that did not run), else
PASS.
"""

from __future__ import annotations

import datetime as _dt
import gc
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from digiconform.verifier import stopping
from digiconform.verifier.report import (
    FAIL,
    PASS,
    AmbiguityResult,
    ClauseResult,
    Failure,
    Report,
)
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
    format_date: str | None = None
    """DCG: the date whose official restricted list is the deck format (``--format-date``);
    every DCG setup sent to the implementation names it. None: the setups name none."""


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
        started=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        format_date=opts.format_date)
    _init_clauses(report, opts.ruleset)
    loaded = _plan(report, opts)
    # (what the process holds now, its modules and the vector index among them, lives as
    # long as the run: the cyclic garbage collector stops going through it)
    gc.freeze()
    driver = ProtocolDriver(opts.command, timeout=opts.timeout, format_date=opts.format_date)
    try:
        try:
            return _verify(opts, report, driver, t0, progress, loaded)
        except Exception as e:  # noqa: BLE001 - a bug of ours outside any one item: reported
            _inconclusive(report, "run", "verify", "verifier-error",
                          f"the run stopped on an error of the verifier: {_exc(e)}",
                          traceback=_tb(e))
            return _finish(report, driver, t0)
        finally:
            with stopping.deferred():  # (the engine is ended first, whatever arrives)
                driver.close()
    except RunStopped as e:
        stopping.caught()
        # A deadline or a signal (digiconform.verifier.stopping): what ran so far is the
        # report, marked partial; the engine and its descendants are ended by close().
        return _stopped(report, driver, t0, e.reason)


def _plan(report: Report, opts: Options) -> list[Any] | None:
    """What the run means to run, before anything does: the vectors selected and the random
    games asked for (a run stopped before its first vector says what it planned and that
    none of it ran). The counts are made exact as the parts run. Returns the index of the
    scenario vectors (:func:`~digiconform.vectors.vector_index`; None when it could not be
    read: the run reports why itself)."""
    loaded = None
    try:
        from digiconform.vectors import vector_index

        loaded = vector_index(opts.vectors, kind="scenario", ruleset=opts.ruleset)
        report.vectors_planned = len(select(loaded, opts))
    except Exception:  # noqa: BLE001 - unreadable vectors: the run reports them itself
        report.vectors_planned = 0
    if opts.games > 0:
        report.games = {"planned": opts.games, "played": 0, "not_played": opts.games}
    return loaded


def stopped_before_start(opts: Options, reason: str) -> Report:
    """The report of a run stopped (``reason``) before the implementation was started:
    partial, nothing checked (what it planned: :func:`_plan`)."""
    report = Report(
        command=opts.command, implementation=None, ruleset=opts.ruleset,
        started=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        format_date=opts.format_date)
    _init_clauses(report, opts.ruleset)
    _plan(report, opts)
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
            progress: Progress | None, loaded: list[Any] | None = None) -> Report:
    from digiconform.harness.driver import ImplementationError
    from digiconform.vectors import VectorRef, unindexed_vector, vector_index
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
    names = {a.id: a.reading_names() for a in registry.REGISTRY}
    for k, v in ready.readings.items():
        if k not in names:
            report.notes.append(f"the implementation declares a reading of {k!r}, which is "
                                "no ambiguity of the register (ignored)")
        elif v not in names[k]:
            # A reading the register does not know: the engine's `ready` is wrong (not a
            # bug of the verifier); the run goes on under the default reading.
            report.failures.append(Failure(
                f"start-readings-{k}", "implementation",
                f"ready declares {k} = {v!r}, which is no reading of {k} (its readings: "
                f"{', '.join(names[k])}); the run goes on with the default "
                f"{declared.get(k)!r}", code="unknown-reading"))
            report.cases.append({"part": "implementation", "id": f"readings {k}",
                                 "status": "error", "message": report.failures[-1].message})
    valid = {k: v for k, v in ready.readings.items() if v in names.get(k, ())}
    declared.update({k: v for k, v in valid.items() if k in own})
    caps = ready.capabilities
    # (each vector is read again when it runs and dropped after: one at a time in memory)
    # (another ruleset's subdirectory is not read: a skip-list entry for one of its vectors
    # is known all the same)
    index = (loaded if loaded is not None
             else vector_index(opts.vectors, kind="scenario", ruleset=opts.ruleset))
    vectors = select(index, opts)
    known = {v["id"] for v in index}
    for stale in sorted(s for s in set(opts.skips) - known
                        if not unindexed_vector(opts.vectors, s, opts.ruleset)):
        report.notes.append(f"skip list names an unknown scenario: {stale}")
    # ambiguity -> (reading -> the engine behaved as it at the vector's discriminating step,
    # the reading the vector asks for, tagged with the ambiguity, the engine follows the
    # vector's other depends_on readings)
    amb_records: dict[str, list[tuple[dict[str, bool], str, bool, bool]]] = {}
    coverage: dict[str, Any] = {"played": 0, "needing": []}
    report.vectors_planned = len(vectors)
    for v in vectors:
        # Every exception on the verifier's side is caught here, for this one vector: what
        # it had recorded is taken back, and it is reported (with its traceback) as not run.
        saved = _snapshot(report, amb_records, coverage)
        try:
            _one_vector(report, driver, v.load() if isinstance(v, VectorRef) else v, opts,
                        caps, declared, amb_records, coverage)
        except Exception as e:  # noqa: BLE001 - a bug of ours: this vector is inconclusive
            _restore(report, amb_records, coverage, saved)
            _inconclusive(report, "scenarios", v["id"], "verifier-error",
                          f"the verifier's own code raised while running this vector: "
                          f"{_exc(e)}", clause=(v.get("clauses") or [None])[0],
                          traceback=_tb(e))
        _progress(progress, "scenarios", v["id"])
    _coverage(report, len(vectors), coverage)
    try:
        _ambiguity_verdicts(report, amb_records, declared, valid, caps.variants,
                            opts.ruleset)
    except Exception as e:  # noqa: BLE001 - a bug of ours: the verdicts are not given
        _inconclusive(report, "ambiguities", "verdicts", "verifier-error",
                      f"the ambiguity verdicts could not be worked out: {_exc(e)}",
                      traceback=_tb(e))
    if opts.games > 0 and not driver.dead:
        _differential(report, driver, opts, declared if not caps.variants else
                      {k: v for k, v in valid.items() if k in own}, caps, progress, vectors)
        _refile_played_on(report, coverage.get("played_on", []))
    elif opts.games > 0:
        report.games = {"planned": opts.games, "completed": 0, "diverged": 0,
                        "engine_errors": 0, "refused": 0, "errored": 0,
                        "not_played": opts.games}
        _inconclusive(report, "differential", "random games", "games-not-played",
                      f"none of the {opts.games} random games was played: the "
                      f"implementation was given up on ({driver.dead})")
    return _finish(report, driver, t0)


def _one_vector(report: Report, driver: Any, v: Mapping[str, Any], opts: Options, caps: Any,
                declared: Mapping[str, str],
                amb_records: dict[str, list[tuple[dict[str, bool], str, bool, bool]]],
                coverage: dict[str, Any]) -> None:
    """Run vector ``v`` and record what it showed (a pass, a failure, a skip, a refused
    set-up, evidence for the ambiguities)."""
    from digiconform.vectors import NOTHING_CHECKED, run_vector
    from digiconform.verifier.differential import declared_details
    from oracle import variants as registry

    vid = v["id"]
    if driver.dead:
        _inconclusive(report, "scenarios", vid, "not-run",
                      f"not run: the implementation was given up on ({driver.dead})",
                      clause=(v.get("clauses") or [None])[0])
        return
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
        return
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
            return
    t1 = time.monotonic()
    res = run_vector(driver, v)
    secs = time.monotonic() - t1
    if res.status == "skip" and res.code == NOTHING_CHECKED:
        _skip(report, v, res.reason)
        return
    refused = None if off else _refused_setup(report, v, res)
    if refused is not None:
        # The engine refused the set-up: the vector's own clause was not tested. Filed under
        # the clause the refusal names, else the ruleset's deck-construction clause.
        clause, why = refused
        _inconclusive(report, "scenarios", vid, "setup-refused",
                      f"set-up refused at step {res.step} ({why}): the scenario's own "
                      "check was not reached",
                      clause=clause, seconds=round(secs, 4))
        return
    shown: str | None = None  # the clause of a reading the failure shows the engine play
    if res.status in ("pass", "fail"):
        for a, holds in deps.items():
            if res.status == "fail" and any(b != a for b in off):
                continue  # another reading the engine declares explains the failure
            if res.status == "fail" and not caps.variants:
                later = played_on_readings(v, res, a, holds, declared_details(driver))
                if later:
                    coverage.setdefault("played_on", []).append((vid, a, later))
            evidence = reading_evidence(v, res, a, holds, asked=bool(caps.variants),
                                        details=declared_details(driver))
            if evidence is None and not caps.variants and res.status == "fail":
                # the fault showed before the reading's check: played on past it
                evidence = played_on_evidence(driver, v, res, a, holds)
            if evidence is None:
                continue  # its discriminating check was not compared: no evidence
            amb_def = registry.BY_ID.get(a)
            if res.status == "fail" and amb_def is not None and amb_def.clauses and \
                    any(ok for r, ok in evidence.items() if r not in holds):
                shown = shown or amb_def.clauses[0]
            tagged = a in v.get("ambiguities", ())
            others_ok = caps.variants or all(
                declared.get(b) in hb for b, hb in deps.items() if b != a)
            amb_records.setdefault(a, []).append((evidence, holds[0], tagged, others_ok))
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
        return
    _record_vector(report, v, res, secs, opts, shown)


def _exc(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"


def _tb(e: BaseException) -> str:
    import traceback

    return "".join(traceback.format_exception(type(e), e, e.__traceback__))


def _inconclusive(report: Report, part: str, item: str, cause: str, message: str, *,
                  clause: str | None = None, traceback: str | None = None,
                  seconds: float | None = None, **extra: Any) -> None:
    """Record ``item`` of ``part`` as not tested (:attr:`Report.inconclusive`, a JUnit error
    case, and under ``clause`` when given): ``cause`` is one of ``verifier-error``,
    ``setup-refused``, ``not-run``, ``games-not-played``."""
    entry: dict[str, Any] = {"part": part, "id": item, "cause": cause, "message": message,
                             **({"clause": clause} if clause else {}),
                             **({"traceback": traceback} if traceback else {}), **extra}
    report.inconclusive.append(entry)
    if clause and cause == "setup-refused":  # filed under it (the others only name it)
        _clause(report, clause).inconclusive += 1
    case: dict[str, Any] = {"part": part, "id": item, "status": "error", "clause": clause,
                            "message": f"INCONCLUSIVE ({cause}): {message}",
                            "error_type": "inconclusive"}
    if traceback:
        case["traceback"] = traceback
    if seconds is not None:
        case["seconds"] = seconds
    report.cases.append(case)


def _snapshot(report: Report, amb_records: Mapping[str, list[Any]],
              coverage: Mapping[str, Any]) -> tuple[Any, ...]:
    """What one vector may add to the report, to take back when the verifier raised."""
    return (dict(report.counts), len(report.cases), len(report.failures),
            len(report.skipped), len(report.inconclusive),
            {c.id: (c.passed, c.failed, c.skipped, c.inconclusive)
             for c in report.clauses.values()},
            {a: len(r) for a, r in amb_records.items()}, coverage["played"],
            len(coverage["needing"]), len(report.not_reached))


def _restore(report: Report, amb_records: dict[str, list[Any]], coverage: dict[str, Any],
             saved: tuple[Any, ...]) -> None:
    counts, cases, failures, skipped, inconclusive, clauses, ambs, played, needing, \
        not_reached = saved
    report.counts.clear()
    report.counts.update(counts)
    del report.cases[cases:], report.failures[failures:], report.skipped[skipped:]
    del report.inconclusive[inconclusive:], report.not_reached[not_reached:]
    for cid in list(report.clauses):
        if cid not in clauses:
            del report.clauses[cid]
        else:
            c = report.clauses[cid]
            c.passed, c.failed, c.skipped, c.inconclusive = clauses[cid]
    for a in list(amb_records):
        del amb_records[a][ambs.get(a, 0):]
        if not amb_records[a]:
            del amb_records[a]
    coverage["played"] = played
    del coverage["needing"][needing:]


def setup_clause(report: Report, named: str | None) -> str:
    """The clause a refused set-up is filed under: the one the refusal names when it is a
    clause of the report's ruleset (or one of its deck-construction clauses), else the
    ruleset's deck-construction clause (``DB-A.0``; ``CR4.2 Deck construction``): never
    ``?``."""
    from oracle import rulesets

    own = rulesets.get(report.ruleset).setup_clauses
    if named and (named in own or named in report.clauses):
        return named
    return own[0] if own else "?"


def _refused_setup(report: Report, v: Mapping[str, Any], res: Any
                   ) -> tuple[str, str] | None:
    """``(clause, what was refused)`` when ``res`` is the engine refusing a set-up
    (``new_game``/``load_state``) the vector expects accepted, in a vector that does not test
    deck construction itself (one tagged with a deck-construction clause fails instead:
    accepting that set-up is its check). None otherwise."""
    from oracle import rulesets

    step = res.step
    if step is None or not 0 <= step < len(v["steps"]) or \
            v["steps"][step]["request"] not in ("new_game", "load_state"):
        return None
    if set(v.get("clauses", ())) & set(rulesets.get(report.ruleset).setup_clauses):
        return None
    if res.status == "skip" and getattr(res, "unsupported", False):
        return setup_clause(report, None), str(res.reason)
    refusal = res.actual
    if res.status == "fail" and isinstance(refusal, Mapping) and "kind" in refusal and \
            "refused" not in (v["steps"][step].get("expect") or {}):
        named = refusal.get("clause")
        why = ", ".join(f"{k}={val}" for k, val in refusal.items())
        return setup_clause(report, named if isinstance(named, str) else None), why
    return None


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


def _replay_through(v: Mapping[str, Any], i: int) -> tuple[Any, Mapping[str, Any],
                                                        Mapping[str, Any] | None, Any]:
    """The oracle (an :class:`~oracle.driver.OracleDriver`) through steps ``0..i`` of vector
    ``v``: ``(driver, the last setup, the state before the last action, that action's
    outcome)`` (None, None when no action was among them). Raises whatever the oracle
    raises on steps that no longer replay."""
    from digiconform.vectors import resolve_setup
    from oracle.driver import OracleDriver

    o = OracleDriver()
    out = None
    setup: Mapping[str, Any] = {}
    prior: Mapping[str, Any] | None = None
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
    return o, setup, prior, out


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
    from digiconform.verifier.differential import step_clause

    clauses = list(v.get("clauses", ()))
    fallback = clauses[0] if clauses else None
    i = res.step
    if i is None or not 0 <= i < len(v["steps"]):
        return fallback
    step = v["steps"][i]
    expect = step.get("expect") or {}
    if step["request"] in ("new_game", "load_state") and isinstance(res.actual, Mapping) \
            and res.actual.get("clause") and "state" in expect:
        # A set-up refused: the clause its refusal names, when the ruleset has that clause
        # (an engine's own clause name, e.g. a restricted list's, is not a rule of ours).
        named = str(res.actual["clause"])
        return named if _known_clause(v.get("ruleset", "digibattle"), named) else fallback
    forced_only = step["request"] in ("new_game", "load_state") and bool(
        getattr(res, "forced", None))  # moved on by itself from the starting position
    if step["request"] != "action" and not forced_only:
        return fallback
    refused = expect.get("refused") or {}
    if refused.get("clause") and not expect.get("state"):
        return str(refused["clause"])
    try:
        o, setup, prior, out = _replay_through(v, i)
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


def _known_clause(ruleset: str, cid: str) -> bool:
    """Is ``cid`` a clause of ``ruleset`` (the registry) or one of its deck-construction
    clauses?"""
    from digiconform.clauses import clauses
    from oracle import rulesets

    return cid in rulesets.get(ruleset).setup_clauses or any(
        c.id == cid for c in clauses(ruleset))


def _record_prelude_failure(report: Report, v: Mapping[str, Any], res: Any,
                            opts: Options) -> dict[str, Any]:
    """File the failure of ``v``'s prelude (``res.prelude_failure``, step ``k``) under the
    clause that step breaks (:func:`failing_clause`), never under the vector's own clauses
    (it did not test them), and list it in ``report.not_reached``. Returns the entry."""
    pre = res.prelude_failure
    clause = (failing_clause(v, pre) if pre.code != "state-schema-invalid"
              else (v.get("clauses") or [None])[0])
    entry = {"id": v["id"], "step": pre.step, "clause": clause,
             "clauses": list(v.get("clauses", ())), "reason": pre.reason,
             "reached": res.reached, "route": res.route_note}
    report.not_reached.append(entry)
    if clause:
        _clause(report, clause).failed += 1
    report.failures.append(Failure(
        v["id"], "scenario", f"not reached: prelude diverged at step {pre.step}, clause "
        f"{clause or '?'}: {pre.reason} ({res.route_note})", clause,
        [clause] if clause else [], pre.step, _brief(pre.request), pre.expected, pre.actual,
        pre.differences, pre.code, _replay_vector(opts, v["id"]),
        length=sum(1 for s in v["steps"][:pre.step + 1] if s["request"] == "action")))
    return entry


def engine_error(res: Any) -> bool:
    """Did the engine itself fail on the vector (a crash, a timeout, an unreadable or
    malformed answer: an implementation error with its code), rather than answer otherwise
    than the rules? Such a failure names no rule clause. A state answered that breaks the
    state schema (``state-schema-invalid``) is an answer to the step, filed under its clause
    as before."""
    return getattr(res, "status", None) == "error" and \
        getattr(res, "code", None) not in (None, "state-schema-invalid")


def _record_engine_error(report: Report, v: Mapping[str, Any], res: Any, secs: float,
                         opts: Options) -> None:
    """A vector the engine failed on (:func:`engine_error`): a FAIL (the engine broke the
    protocol), counted as an engine error (``errored``) and filed under no rule clause: the
    clauses the vector checks are neither passed nor failed by it."""
    vid = v["id"]
    prelude = res.step is not None and 0 <= res.step < len(v["steps"]) and \
        bool(v["steps"][res.step].get("prelude"))
    where = (f"while reaching the scenario's position (prelude step {res.step})" if prelude
             else f"at step {res.step}")
    message = (f"the engine failed {where}: {res.reason}; no rule clause is blamed, the "
               "scenario's own check was not made")
    report.counts["errored"] += 1
    stderr = res.actual if isinstance(res.actual, str) and res.actual else None
    report.failures.append(Failure(
        vid, "implementation", message, None, list(v.get("clauses", ())), res.step,
        _brief(res.request), code=res.code, replay=_replay_vector(opts, vid),
        length=sum(1 for s in v["steps"] if s["request"] == "action"), stderr=stderr))
    report.cases.append({"part": "scenarios", "id": vid, "clause": None,
                         "seconds": round(secs, 4), "status": "error",
                         "error_type": "engine", "message": message})


def _record_vector(report: Report, v: Mapping[str, Any], res: Any, secs: float,
                   opts: Options, reading_clause: str | None = None) -> None:
    """File ``v``'s result ``res``: a failure under the clause of the step that failed
    (:func:`failing_clause`), or, where its answer there is another reading's of an
    ambiguity (:func:`reading_evidence`), under that ambiguity's clause
    (``reading_clause``), as a random game's divergence a reading explains is."""
    vid = v["id"]
    clauses = list(v.get("clauses", ()))
    clause = clauses[0] if clauses else None
    pre = getattr(res, "prelude_failure", None)
    if pre is not None and engine_error(pre):
        # The engine failed on the way to the position (a crash): no rule is blamed. Reached
        # by load_state instead, the vector's own steps count as they came out.
        if res.reached == "load_state" and res.status != "pass":
            res.prelude_failure = None
        else:
            if res.reached == "load_state":
                for c in clauses:
                    _clause(report, c).passed += 1
            _record_engine_error(report, v, pre, secs, opts)
            return
    if engine_error(res):
        _record_engine_error(report, v, res, secs, opts)
        return
    if getattr(res, "prelude_failure", None) is not None:
        # The prelude diverged before the vector's own steps: a failure of the engine under
        # the clause of that prelude step, and no test of the vector's clauses -- unless the
        # position was reached another way (load_state), whose result then counts for them.
        entry = _record_prelude_failure(report, v, res, opts)
        if res.reached == "not-reached":
            report.counts["failed"] += 1
            report.cases.append({"part": "scenarios", "id": vid, "clause": entry["clause"],
                                 "seconds": round(secs, 4), "status": "fail",
                                 "message": f"not reached: prelude diverged at step "
                                 f"{entry['step']}, clause {entry['clause'] or '?'}"})
            return
        if res.status == "pass":
            # Its own check passed from the loaded position; the prelude failure is filed.
            report.counts["failed"] += 1
            for c in clauses:
                _clause(report, c).passed += 1
            report.cases.append({"part": "scenarios", "id": vid, "clause": entry["clause"],
                                 "seconds": round(secs, 4), "status": "fail",
                                 "message": f"prelude diverged at step {entry['step']} "
                                 f"(clause {entry['clause'] or '?'}); reached by load_state, "
                                 "its own steps pass"})
            return
    if res.status in ("fail", "error") and res.code != "state-schema-invalid":
        clause = reading_clause or failing_clause(v, res)
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
    report.counts["failed"] += 1
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
    report.cases.append({**case, "status": "fail", "message": res.reason})


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


_ALT_RESULTS: dict[tuple[str, str, str, int, tuple[str, ...] | None], Any] = {}
"""(vector ID, ambiguity, reading, id of the vector, the engine's details) -> the oracle's run
of the vector under that reading, compared as the engine's answers are
(:func:`reading_evidence`)."""


def _compared_as(details: Sequence[str] | None) -> Any:
    """An oracle driver whose answers a vector compares as it compares an engine's that
    declared ``details`` (:func:`~digiconform.verifier.differential.declared_details`); the
    plain oracle (every field compared) for None."""
    from oracle.driver import OracleDriver

    if details is None:
        return OracleDriver()
    driver = OracleDriver()
    driver.details = tuple(details)  # type: ignore[attr-defined]
    return driver


def _under_reading(v: Mapping[str, Any], amb: str, reading: str,
                   details: Sequence[str] | None = None) -> Any:
    """The oracle's run of ``v`` with ``amb = reading`` in every setup, compared with the
    recorded expectations as an engine that declared ``details`` is compared (None: every
    field): ``pass`` (that reading changes no answer that is compared), or the first step
    where that reading answers otherwise (``step``; ``differences`` = (path, recorded, that
    reading's value))."""
    from digiconform.vectors import _run_steps, _with_reading

    key = (str(v["id"]), amb, reading, id(v),
           None if details is None else tuple(sorted(details)))
    if key not in _ALT_RESULTS:
        if len(_ALT_RESULTS) > 4096:
            _ALT_RESULTS.clear()
        _ALT_RESULTS[key] = _run_steps(_compared_as(details), _with_reading(v, amb, reading),
                                       ignore=("variants",), validate_mismatch=False)
    return _ALT_RESULTS[key]


_MISSING = object()


def _is_refusal(answer: Any) -> bool:
    return isinstance(answer, Mapping) and "kind" in answer and "clause" in answer


def _stands_at(v: Mapping[str, Any], i: int, forced: Sequence[Mapping[str, Any]]) -> int:
    """The step of ``v`` the engine's failing answer at step ``i`` was compared at: ``i``, or,
    when it moved on by itself past forced actions (``forced``, the oracle's path to where it
    stands) that are the vector's next actions (``legal_actions`` steps between them
    allowed), the last of those steps."""
    from digiconform.verifier.compare import canonical_action

    steps = v["steps"]
    at, j = i, i + 1
    for f in forced:
        while j < len(steps) and steps[j]["request"] == "legal_actions":
            j += 1
        if j >= len(steps) or steps[j]["request"] != "action" or \
                canonical_action(steps[j]["action"]) != canonical_action(f):
            break
        at, j = j, j + 1
    return at


def _kept(v: Mapping[str, Any], x: Any, engine: Mapping[str, Any], res: Any, d: int,
          i: int) -> bool:
    """Did the engine give the recorded answer at step ``d`` in what the other reading's run
    ``x`` changes there? For a reading that changes fields: none of them is among the fields
    the engine's answer differs in (``engine``). For one that changes the kind of answer (a
    refusal where an action is accepted, or the reverse): the engine's answer there is of the
    recorded kind (an engine that moved on past step ``d``, ``d > i``, accepted it)."""
    if x.differences:
        return not ({p for p, _, _ in x.differences} & set(engine))
    recorded = "refused" in (v["steps"][d].get("expect") or {})
    engine_refused = d == i and _is_refusal(res.actual)
    return engine_refused == recorded and _is_refusal(x.actual) != recorded


def _started_otherwise(v: Mapping[str, Any], i: int, res: Any) -> bool:
    """Is the engine's failing answer at step ``i`` of ``v`` (``res``) also the oracle's with
    a round (a Duel, the Battle) started by the other player
    (:func:`~digiconform.verifier.differential.starter_clauses`)?"""
    from digiconform.verifier.differential import starter_clauses
    from digiconform.verifier.games import hooks

    steps = v["steps"]
    if not res.differences or steps[i]["request"] != "action":
        return False
    try:
        _, setup, prior, out = _replay_through(v, i)
    except Exception:  # noqa: BLE001 - the recorded steps no longer replay: not shown
        return False
    if out is None or prior is None or out.refusal is not None:
        return False
    ruleset = str(v.get("ruleset", "digibattle"))
    return bool(starter_clauses(hooks(ruleset), setup, prior, steps[i]["action"],
                                list(out.events), differences=res.differences))


def played_on_readings(v: Mapping[str, Any], res: Any, amb: str, holds: Sequence[str],
                       details: Sequence[str] | None = None) -> set[str]:
    """The readings R of ``amb`` (not in ``holds``) whose answer the failing vector's engine
    gives where it stands after forced actions of the vector it took by itself
    (:func:`_stands_at`), at R's discriminating step past the failing one: no evidence for R
    (:func:`reading_evidence`), but, once the random games show the engine playing R, that
    reading's failure (:func:`_refile_played_on`)."""
    from oracle import variants as registry

    amb_def = registry.BY_ID.get(amb)
    if res.status != "fail" or res.step is None or not res.differences or amb_def is None:
        return set()
    at = _stands_at(v, res.step, getattr(res, "forced", None) or ())
    if at <= res.step:
        return set()
    engine = {p: a for p, _, a in res.differences}
    out = set()
    for r in amb_def.reading_names():
        if r in holds:
            continue
        x = _under_reading(v, amb, r, details)
        if x.status == "fail" and x.step == at and x.differences and \
                set(engine) == {p for p, _, _ in x.differences} and \
                all(engine.get(p, _MISSING) == val for p, _, val in x.differences):
            out.add(r)
    return out


def _refile_played_on(report: Report, entries: Sequence[tuple[str, str, set[str]]]) -> None:
    """File each failing vector whose answer, played on by forced actions, is a reading R's
    (``entries``: vector ID, ambiguity, such readings; :func:`played_on_readings`) under the
    ambiguity's clause when the random games show the engine playing R (its verdict's
    ``random_games``): the failure is that reading's, as the random games' divergences are."""
    from oracle import variants as registry

    for vid, amb, readings in entries:
        res = report.ambiguities.get(amb)
        amb_def = registry.BY_ID.get(amb)
        if res is None or amb_def is None or not amb_def.clauses or \
                not readings & set(res.random_games or {}):
            continue
        clause = amb_def.clauses[0]
        for f in report.failures:
            if f.id != vid or f.kind != "scenario" or f.clause == clause:
                continue
            old, f.clause = f.clause, clause
            if old:
                _clause(report, old).failed -= 1
                f.message = f.message.replace(f"clause {old}", f"clause {clause}")
            _clause(report, clause).failed += 1
            for case in report.cases:
                if case.get("part") == "scenarios" and case.get("id") == vid:
                    case["clause"] = clause
                    if old and isinstance(case.get("message"), str):
                        case["message"] = case["message"].replace(f"clause {old}",
                                                                  f"clause {clause}")
            for entry in report.not_reached:
                if entry.get("id") == vid:
                    entry["clause"] = clause


def _compares_everything(v: Mapping[str, Any], details: Sequence[str] | None) -> bool:
    """Whether an engine that declared ``details`` (None: the oracle, every field) is compared
    on every field of ``v``'s ruleset (:data:`~digiconform.verifier.compare.DETAILS`)."""
    from digiconform.verifier.compare import DETAILS

    if details is None:
        return True
    every = DETAILS.get(str(v.get("ruleset", "digibattle")))
    return every is not None and set(every) <= set(details)


def reading_evidence(v: Mapping[str, Any], res: Any, amb: str, holds: Sequence[str],
                     asked: bool = False, details: Sequence[str] | None = None
                     ) -> dict[str, bool] | None:
    """What vector ``v``'s result ``res`` shows *directly* about ambiguity ``amb`` (the
    vector holds under the readings ``holds``): reading -> did the engine answer as that
    reading does at the step where that reading's answer differs from the recorded one.

    The discriminating step of a reading R is the first step of ``v`` where the oracle under
    R answers otherwise in what is compared for this engine (the core fields and the
    ``details`` it declared, :func:`_under_reading`): a reading that changes only a detail
    the engine does not declare (DB-AMB-10's ``digimon_power``) has no discriminating check
    on it, and the vector is no evidence about it. Only compared steps count:

    - ``res`` passed, or failed after R's discriminating step (in its prelude too: a vector
      not reached whose prelude went past that step): the engine gave the recorded answer
      there -- consistent with ``holds``, inconsistent with R;
    - ``res`` failed at that very step (or the engine moved on by itself past forced actions
      that include it, :func:`_stands_at`): only what R changes is looked at; the engine is
      consistent with ``holds`` when it agrees with the recorded values on R's fields (or,
      where R changes a refusal into an accepted action or the reverse, answered in the
      recorded kind) -- its failure is elsewhere --, and with R when its whole answer there
      is R's (it differs from the recorded one in R's fields only, with R's values); when
      it answers there as no reading at all, that is a fault of its own, no evidence;
    - ``res`` failed before (at any step before a reading changes an answer): nothing is
      shown, and a reading whose step comes after it is not compared.

    An engine may move on by itself past forced actions (each the only legal action,
    :func:`~digiconform.verifier.differential.forced_path`): a failure at R's discriminating
    step whose answer is R's answer followed by such actions (:func:`_moved_on_from`) is R's,
    whatever R's own fields show there (a game ended at a Duel's end the engine played out
    by itself, under DB-AMB-7 'end-of-duel', is over with the same winner as under
    'immediate'). Not with ``asked``: a configurable engine is told the reading to play,
    and a fault of its own can give the same answer as another reading followed by forced
    actions (an engine that lets the wrong player start the next Duel answers, at a DB-AMB-24
    'run-out' vector's Duel end, as 'say-pass' played on to that end would): no evidence
    there rather than a verdict the fault moved.

    With ``asked`` (the engine is configurable: the vector's set-up asks for the reading it
    must play), a failure after the discriminating step at a step whose rule is one of the
    ambiguity's clauses (:func:`failing_clause`) shows the engine not playing the asked
    reading through: ``holds`` are inconsistent there (an Online deck never recycled looks
    like DB-AMB-16 ``wait`` at the draw of the last card, and then breaks ``wait``'s rule).

    None when nothing is shown (no elimination: a reading is never concluded from another
    one failing)."""
    from oracle import variants as registry

    if res.status not in ("pass", "fail") or getattr(res, "reached", "") == "load_state" \
            and res.status != "pass":
        return None
    amb_def = registry.BY_ID.get(amb)
    if amb_def is None:
        return None
    if res.status == "pass" and _compares_everything(v, details):
        # Every step compared and passed by an engine compared on every field: a reading
        # outside ``holds`` fails the vector on the oracle (``depends_on``, computed when the
        # vector was recorded), in a field this engine is compared on, so no oracle run is
        # needed to find its discriminating step.
        others = [r for r in amb_def.reading_names() if r not in holds]
        return ({r: True for r in holds} | {r: False for r in others}) if others else None
    alts = {r: _under_reading(v, amb, r, details) for r in amb_def.reading_names()
            if r not in holds}
    alts = {r: x for r, x in alts.items() if x.status == "fail" and x.step is not None}
    if not alts:
        return None  # no other reading changes a compared answer: nothing to tell them by
    if res.status == "pass":
        # Every step compared and passed: the recorded answer at each reading's
        # discriminating step.
        return {r: True for r in holds} | {r: False for r in alts}
    d = min(x.step for x in alts.values())
    i = res.step if res.step is not None else len(v["steps"])
    at = _stands_at(v, i, getattr(res, "forced", None) or ())
    if at < d:
        return None
    engine = {p: a for p, _, a in (res.differences or [])}
    if i == d and not asked:
        # (R's whole answer there, every field, detail or not, to build its state from)
        full = {r: _under_reading(v, amb, r) for r, x in alts.items() if x.step == i}
        moved = {r for r, x in alts.items()
                 if x.step == i and _moved_on_from(v, i, amb, r, res, full[r]
                                                   if full[r].step == i else x)}
        if moved:
            return {r: False for r in holds} | {r: r in moved for r, x in alts.items()
                                                if x.step <= i}
    out: dict[str, bool] = {}
    at_d = [x for x in alts.values() if x.step == d]
    broke = asked and i > d and failing_clause(v, res) in set(amb_def.clauses)
    for r in holds:
        out[r] = not broke if i > d else all(_kept(v, x, engine, res, d, i) for x in at_d)
    for r, x in alts.items():
        if x.step < i:
            out[r] = False
        elif x.step == i:
            if x.differences:
                # Its whole answer there is R's: every field it differs in, R changes, to
                # its values (a fault that also touches one of R's fields is not R), and
                # not also the answer of a round started by the wrong player (the Battle
                # begun by the player with nothing to play, who passes by force, is
                # DB-AMB-24 'run-out''s answer there too).
                out[r] = set(engine) == {p for p, _, _ in x.differences} and all(
                    engine.get(p, _MISSING) == val for p, _, val in x.differences) and \
                    not _started_otherwise(v, i, res)
            else:
                out[r] = _same_answer(x.actual, res.actual)
        elif x.step <= at and _kept(v, x, engine, res, x.step, i):
            # moved on by itself past R's step with the recorded answer there (never
            # evidence *for* R: a fault of its own played on can look like R's answer)
            out[r] = False
    if i <= d and not any(out.get(r) for r in holds) and \
            not any(out.get(r) for r, x in alts.items() if x.step == d):
        # It answered as no reading there: a fault of its own on the fields a reading
        # changes (a wrong Digimon Power), not a reading -- no evidence either way.
        return None
    return out or None


def played_on_evidence(driver: Any, v: Mapping[str, Any], res: Any, amb: str,
                       holds: Sequence[str]) -> dict[str, bool] | None:
    """What vector ``v`` shows about ambiguity ``amb`` when the engine's state differed at a
    step (``res``, or the prelude failure of a vector ``not-reached``) before the step where
    any reading of ``amb`` answers otherwise (:func:`reading_evidence` then has nothing
    compared): the vector played on past that step. The engine plays the vector's actions
    from its start; an oracle under each reading takes over the engine's state at the
    failing step (:func:`~digiconform.verifier.differential._take_over`) and plays the same
    actions on. At the first step where the oracle under a reading R answers otherwise than
    under ``holds[0]`` (the discriminating check from that position; compared fields only),
    the engine's answer is compared: ``holds`` consistent and R inconsistent when it is
    ``holds[0]``'s, the reverse when it is R's. None (no evidence) when the engine answers
    otherwise at any step before it or as neither there, when no reading answers otherwise
    from that position, or when the vector cannot be played on (a loaded position, an
    engine that moved on by itself, a state the oracle cannot take over).

    A fault that breaks a vector's prelude (a security check revealing the wrong card, an
    attacker not suspended) then no longer hides what the engine does at the reading's
    check: the verdict rests on that check, compared."""
    from digiconform.vectors import _with_reading, resolve_setup
    from digiconform.verifier.compare import state_differences
    from digiconform.verifier.differential import (
        _take_over,
        declared_details,
        forced_path,
        waits_only_in_oracle,
    )
    from oracle import variants as registry
    from oracle.driver import OracleDriver

    fail = res.prelude_failure if getattr(res, "reached", "") == "not-reached" else res
    amb_def = registry.BY_ID.get(amb)
    steps = v["steps"]
    if amb_def is None or fail is None or fail.status != "fail" or not fail.differences \
            or fail.forced or fail.step is None or not holds \
            or any(st["request"] not in ("new_game", "action", "legal_actions") for st in steps):
        return None
    i = fail.step
    others = [r for r in amb_def.reading_names() if r not in holds]
    alts = [_under_reading(v, amb, r) for r in others]
    if not others or any(x.status == "fail" and x.step is not None and x.step <= i
                         for x in alts):
        return None  # (a reading's own check at or before the failure: reading_evidence)
    details = declared_details(driver)

    def same(a: Any, b: Any) -> bool:
        if isinstance(a, Mapping) and isinstance(b, Mapping) and "players" in a:
            return not state_differences(a, b, details=details)
        return _same_answer(a, b)

    try:
        engine: dict[int, Any] = {}
        for k, st in enumerate(steps):
            if st["request"] == "new_game":
                engine[k] = driver.new_game(resolve_setup(st["setup"]))
            elif st["request"] == "action":
                out = driver.apply(st["action"])
                engine[k] = out.refusal.to_json() if out.refusal else out.state
        if not isinstance(engine.get(i), Mapping) or "players" not in engine[i] or \
                not isinstance(steps[i]["expect"].get("state"), Mapping):
            return None
        answers: dict[str, dict[int, Any]] = {}
        held_states: dict[int, Any] = {}
        for r in (holds[0], *others):
            alt = _with_reading(v, amb, r)
            setup = resolve_setup(next(st["setup"] for st in alt["steps"] if "setup" in st))
            o = OracleDriver()
            if _take_over(o, setup, _over(steps[i]["expect"]["state"], engine[i])) is not None:
                return None
            answers[r] = {}
            for k in range(i + 1, len(steps)):
                if steps[k]["request"] == "action":
                    out = o.apply(steps[k]["action"])
                    answers[r][k] = out.refusal.to_json() if out.refusal else out.state
                    if r == holds[0]:
                        held_states[k] = o.state
    except Exception:  # noqa: BLE001 - a vector that cannot be played on shows nothing
        return None
    for k in sorted(answers[holds[0]]):
        held = answers[holds[0]][k]
        apart = [r for r in others if not same(answers[r][k], held)]
        got = engine.get(k)
        if not apart:
            if not same(held, got):
                return None  # the engine went its own way again: no evidence
            continue
        if same(held, got):
            return {r: True for r in holds} | {r: r not in apart for r in others}
        shown = [r for r in apart if same(answers[r][k], got)]
        if not shown:
            return None
        if waits_only_in_oracle(details) and isinstance(got, Mapping) and "players" in got \
                and forced_path(str(v.get("ruleset", "digibattle")), held_states[k], got,
                                details):
            # The engine's answer is also ``holds[0]``'s followed by forced actions it took
            # by itself (an engine with no waiting point where nothing can be chosen): the
            # two readings are not told apart there (a fault that left a player nothing to
            # play in the Battle looks like DB-AMB-24 'run-out'), no evidence either way.
            return None
        return {r: False for r in holds} | {r: r in shown for r in apart}
    return None


def _over(expected: Any, actual: Any) -> Any:
    """The oracle's value ``expected`` with every field the implementation's ``actual``
    answered taken from it, the fields it leaves out (detail fields: a DCG stack's ``id``)
    kept, through objects and lists of the same length; ``variants`` stay the oracle's."""
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        return {k: _over(v, actual[k]) if k in actual and k != "variants" else v
                for k, v in expected.items()}
    if isinstance(expected, list) and isinstance(actual, list) and \
            len(expected) == len(actual):
        return [_over(e, a) for e, a in zip(expected, actual, strict=True)]
    return actual


def _set_path(state: dict[str, Any], path: str, value: Any) -> bool:
    """Set ``$.field`` or ``$.players[i].field`` of ``state`` to ``value``; False for any
    other path."""
    import re

    m = re.fullmatch(r"\$\.([a-z_]+)", path)
    if m:
        state[m.group(1)] = value
        return True
    m = re.fullmatch(r"\$\.players\[(\d+)\]\.([a-z_]+)", path)
    players = state.get("players")
    if m and isinstance(players, list) and int(m.group(1)) < len(players) and \
            isinstance(players[int(m.group(1))], dict):
        players[int(m.group(1))][m.group(2)] = value
        return True
    return False


def _moved_on_from(v: Mapping[str, Any], i: int, amb: str, reading: str, res: Any,
                   alt: Any) -> bool:
    """Is the engine's failing answer at step ``i`` of ``v`` (``res``) the oracle's answer
    there under ``amb = reading`` (``alt``, :func:`_under_reading`) followed by forced actions the
    engine took by itself (:func:`~digiconform.verifier.differential.forced_path`, on the
    core fields)? Both states are the recorded one with their differing fields; False
    whenever one of them cannot be made so (a refusal, a field deeper than a player's)."""
    import copy

    from digiconform.vectors import resolve_setup
    from digiconform.verifier.differential import forced_path
    from oracle.driver import OracleDriver

    steps = v["steps"]
    exp = (steps[i].get("expect") or {}).get("state")
    setups = [st["setup"] for st in steps[:i + 1] if "setup" in st]
    if not isinstance(exp, Mapping) or not setups or not alt.differences or \
            not res.differences:
        return False
    ours, theirs = copy.deepcopy(dict(exp)), copy.deepcopy(dict(exp))
    for path, _, val in alt.differences:
        if val is _MISSING or val == "<missing>" or not _set_path(ours, path, val):
            return False
    for path, _, val in res.differences:
        if val == "<missing>" or not _set_path(theirs, path, val):
            return False
    setup = resolve_setup(setups[-1])
    setup = {**setup, "variants": {**(setup.get("variants") or {}), amb: reading}}
    if isinstance(ours.get("variants"), Mapping):
        ours["variants"] = {**ours["variants"], amb: reading}
    o = OracleDriver()
    try:
        o.load_state(setup, ours)
        return bool(forced_path(str(v.get("ruleset", "digibattle")), o.state, theirs, ()))
    except Exception:  # noqa: BLE001 - a position the oracle does not take: not shown
        return False


def _same_answer(a: Any, b: Any) -> bool:
    """Two answers at one step the same in kind (a refusal of the same kind and clause, or
    an accepted action)?"""
    from digiconform.verifier.compare import refusal_difference

    ra = isinstance(a, Mapping) and "kind" in a and "clause" in a
    rb = isinstance(b, Mapping) and "kind" in b and "clause" in b
    if ra and rb:
        return refusal_difference(a, b) is None
    return ra == rb


def _ambiguity_verdicts(report: Report,
                        records: Mapping[str, list[tuple[dict[str, bool], str, bool, bool]]],
                        declared: Mapping[str, str], explicit: Mapping[str, str],
                        configurable: bool, ruleset: str) -> None:
    """Each ambiguity's verdict from direct evidence only (:func:`reading_evidence`): per
    reading, the vectors whose discriminating step showed the engine answering as that
    reading (``consistent``) or not (``inconsistent``); ``follows`` the readings with
    consistent evidence and none against. No evidence: ``untested``."""
    from oracle import variants as registry

    for amb in registry.REGISTRY:
        if amb.ruleset != ruleset:
            continue
        # The scenarios tagged with the ambiguity decide; without any, every vector whose
        # outcome depends on it does. Only vectors whose other depends_on readings the
        # engine follows count: a vector that also needs another reading the engine does
        # not follow says nothing about this one.
        every = [(e, a, t) for e, a, t, others_ok in records.get(amb.id, []) if others_ok]
        recs = [(e, a) for e, a, tagged in every if tagged] or [(e, a) for e, a, _ in every]
        res = AmbiguityResult(amb.id, amb.question, declared.get(amb.id, amb.default),
                              amb.id in explicit, configurable=configurable)
        for r in amb.reading_names():
            res.readings[r] = {"consistent": sum(1 for e, _ in recs if e.get(r) is True),
                               "inconsistent": sum(1 for e, _ in recs if e.get(r) is False)}
        res.evidence = len(recs)
        missed = [(e, asked) for e, asked in recs if e.get(asked) is False]
        if configurable:
            # Another reading shown where one was asked counts only when that reading is
            # one the engine plays where it is asked for (never fails it, in any vector
            # whose outcome depends on the ambiguity, tagged or not): a fault of its own
            # that looks like another reading at one step is no reading.
            fails = {r: sum(1 for e, asked, _ in every if asked == r and e.get(r) is False)
                     for r in amb.reading_names()}
            res.asked_bad = sum(1 for e, asked in missed if any(
                e.get(r) is True and not fails.get(r) for r in e if r != asked))
        else:
            res.asked_bad = len(missed)
        _decide(res, amb.reading_names())
        report.ambiguities[amb.id] = res
        report.cases.append({"part": "ambiguities", "id": amb.id,
                             "status": "pass" if res.follows else "skip",
                             "message": res.verdict})


def _decide(res: AmbiguityResult, names: Sequence[str], extra: str = "") -> None:
    """``res.follows`` and ``res.verdict`` from ``res.readings`` (direct evidence only;
    ``res.evidence`` pieces, ``res.asked_bad`` of them against the reading asked for;
    ``extra`` is appended to the verdict). Never self-contradictory: a reading in
    ``follows`` has evidence for it and none against, and "behaves as" never names the
    declared reading; no evidence is ``untested``."""
    tally = res.readings
    n = res.evidence
    if not n:
        res.follows, res.verdict = [], "untested"
        return
    if res.configurable:
        # Each set-up asked for a reading: the engine is judged on playing the one asked.
        if not res.asked_bad:
            res.follows = list(names)
            res.verdict = (f"any reading (configurable): none of {n} vectors shows "
                           "another reading than the one asked for" + extra)
        else:
            res.follows = []
            res.verdict = (f"configurable, but {res.asked_bad} of {n} show another reading "
                           "than the one asked for" + extra)
        return
    fits = [r for r in names if tally.get(r, {}).get("consistent", 0) > 0
            and tally[r].get("inconsistent", 0) == 0]
    seen = [r for r in names if tally.get(r, {}).get("consistent", 0) > 0]
    if not fits and not res.asked_bad and len(seen) > 1:
        # Every vector showed the reading its set-up asked for, and they asked for several:
        # the engine honours the setup's readings without declaring "variants".
        res.follows = list(names)
        res.verdict = (f"honours every reading the vectors ask for ({n} vectors pass), as "
                       "if configurable: declare the capability \"variants\"" + extra)
        return
    res.follows = fits
    how = "declared" if res.declared_explicitly else "default"
    if res.declared in fits:
        res.verdict = f"follows {res.declared!r} ({how}; {n} vectors)" + extra
    elif fits:
        res.verdict = (f"declares {res.declared!r} ({how}) but behaves as "
                       f"{' / '.join(map(repr, fits))}" + extra)
    else:
        res.verdict = f"no single reading fits its behaviour ({n} vectors)" + extra


def _random_game_verdicts(report: Report, seen: Mapping[str, Mapping[str, int]]) -> None:
    """Fold what the random games showed into the ambiguity verdicts. A divergence that a
    reading R explained (:func:`~digiconform.verifier.differential.attribute`: the oracle
    under R gives the implementation's answer at the diverging step, a step R changes) is
    direct evidence for R and against the reading the oracle played there (the declared
    one; for a configurable engine, the one the set-up asked for); nothing about any other
    reading. The verdict is then decided again from all the evidence (:func:`_decide`)."""
    from oracle import variants as registry

    for amb_id, by_reading in seen.items():
        res = report.ambiguities.get(amb_id)
        amb = registry.BY_ID.get(amb_id)
        if res is None or amb is None or not by_reading:
            continue
        res.random_games = dict(by_reading)
        shown = sorted(by_reading, key=lambda r: (-by_reading[r], r))
        n = sum(by_reading.values())
        what = (f"the random games show {' / '.join(map(repr, shown))} ({n} divergence"
                f"{'s' if n != 1 else ''} explained)")
        for r, count in by_reading.items():
            t = res.readings.setdefault(r, {"consistent": 0, "inconsistent": 0})
            t["consistent"] += count
        if not res.configurable:
            t = res.readings.setdefault(res.declared, {"consistent": 0, "inconsistent": 0})
            t["inconsistent"] += n
        res.evidence += n
        res.asked_bad += n
        if res.configurable:
            res.follows = list(shown)
            res.verdict = (f"configurable, but plays {' / '.join(map(repr, shown))} where "
                           f"another reading was asked: {what}")
        else:
            _decide(res, amb.reading_names(), f"; {what}")
        for case in report.cases:
            if case.get("part") == "ambiguities" and case.get("id") == amb_id:
                case["status"] = "pass" if res.follows else "skip"
                case["message"] = res.verdict


def _differential(report: Report, driver: Any, opts: Options, readings: Mapping[str, str],
                  caps: Any, progress: Progress | None, vectors: Sequence[Any] = ()) -> None:
    """Run the random games and report every finding: one failure per group of divergences
    (count, clause, shortest trace, replay command); ``report.differential["findings"]``
    lists them and ``["divergence"]`` is the first (most frequent) one. The games' counts go
    to ``report.games``; every game a verifier error stopped, every error the differential
    noted, the games not played and the set-ups the engine refused are inconclusive items."""
    from digiconform.verifier.differential import run_differential

    case = {"part": "differential", "id": f"random games (seed {opts.seed})"}
    stop: RunStopped | None = None
    try:
        res = run_differential(
            driver, games=opts.games, seed=opts.seed, legal=caps.legal_actions,
            readings=readings, any_reading=caps.variants, ruleset=opts.ruleset,
            shrink_seconds=opts.shrink_seconds, budget_seconds=opts.budget,
            shrink_patience=opts.shrink_patience, format_date=opts.format_date,
            on_game=lambda n: _game_done(report, opts, progress, n),
            on_shrink=lambda n: _progress(progress, "shrinking", str(n)))
    except RunStopped as e:
        # Stopped during the games or the shrinking: what was found is reported (findings
        # unshrunk where shrinking had not reached them), then the stop goes on.
        if not getattr(getattr(e, "partial_result", None), "findings", None):
            raise  # nothing found before the stop: the partial report says so
        res, stop = e.partial_result, e  # type: ignore[attr-defined]
    except Exception as e:  # noqa: BLE001 - a bug of ours: what was played is unknown
        played = int(report.games.get("played", 0))
        report.games = {"planned": opts.games, "completed": 0, "diverged": 0,
                        "engine_errors": 0, "refused": 0, "errored": 0,
                        "not_played": opts.games}
        report.cases.append({**case, "status": "error",
                             "message": f"the random games stopped on a verifier error "
                                        f"after {played} games: {_exc(e)}"})
        _inconclusive(report, "differential", "random games", "verifier-error",
                      f"the random games stopped on an error of the verifier after {played} "
                      f"games (their results are lost): {_exc(e)}", traceback=_tb(e))
        return
    report.differential = {"games": res.games, "steps": res.steps,
                           "seconds": round(res.seconds, 3), "shrink_runs": res.shrink_runs,
                           "legal_sets": bool(caps.legal_actions), "seed": opts.seed,
                           "budget": opts.budget, "divergence": None, "findings": []}
    report.notes.extend(res.notes)
    try:
        _cover_vectors(report, res.roots, {str(f.clause) for f in res.findings if f.clause},
                       vectors, bool(caps.load_state), opts.ruleset)
    except Exception as e:  # noqa: BLE001 - a bug of ours: the vectors keep their clauses
        report.notes.append(f"clause attribution failed: naming the failing vectors as the "
                            f"random games name theirs: {_exc(e)}")
    case["seconds"] = round(res.seconds, 3)
    items: list[tuple[str, str, dict[str, Any]]] = []  # (cause, message, extra) for later
    planned = res.planned or opts.games
    engine = 0
    if res.planned:
        completed, diverged, errored = res.completed, res.diverged, res.errored
        engine = getattr(res, "engine_errors", 0)
    else:  # a differential that does not count its games one by one: from the findings
        diverged = min(res.games, sum(f.games for f in res.findings))
        completed, errored = res.games - diverged, 0
    played = completed + diverged + engine + errored
    # A game whose set-up the engine refused was never played: counted apart from the games
    # a divergence stopped (the refusal stops a game at its new_game: one finding per game).
    refused = min(diverged, sum(f.games for f in res.findings
                                if _refused_game_setup(report, f) is not None))
    report.games = {"planned": planned, "completed": completed,
                    "diverged": diverged - refused, "engine_errors": engine,
                    "refused": refused, "errored": errored,
                    "not_played": max(0, planned - played)}
    for err in res.verifier_errors:
        items.append(("verifier-error", f"random game {err.get('game')} was stopped by an "
                      f"error of the verifier: {err.get('message')}",
                      {"id": f"random game {err.get('game')}",
                       "traceback": err.get("traceback")}))
    for note in res.notes:
        if note.startswith(_VERIFIER_NOTES):
            items.append(("verifier-error", note, {}))
    if report.games["not_played"]:
        why = ("the run was stopped" if stop is not None else
               "the implementation was given up on" if driver.dead else
               f"the --budget of {opts.budget:g} s after a divergence was up"
               if res.findings and opts.budget is not None else
               "the differential ended early (see the verifier errors)")
        items.append(("games-not-played", f"{report.games['not_played']} of the {planned} "
                      f"random games were not played: {why}", {}))
    try:
        _random_game_verdicts(report, res.readings_seen)
    except Exception as e:  # noqa: BLE001 - a bug of ours: those verdicts stay the vectors'
        items.append(("verifier-error", f"the random games' evidence for the ambiguity "
                      f"verdicts could not be used: {_exc(e)}", {"traceback": _tb(e)}))
    faults = 0
    for n, finding in enumerate(res.findings, 1):
        refused = _refused_game_setup(report, finding)
        if refused is not None:
            clause, why = refused
            finding.divergence.clause = clause
            items.append(("setup-refused", f"the engine refused the set-up of "
                          f"{finding.games} random games ({why}): what those games would "
                          "have tested was not tested", {"clause": clause}))
        else:
            faults += 1
        _report_finding(report, opts, finding, n, len(res.findings), counted=refused is None)
    if res.findings:
        report.differential["divergence"] = report.differential["findings"][0]
    worst = next((f for f in res.findings if _refused_game_setup(report, f) is None), None)
    if worst is not None:
        report.cases.append({**case, "status": "fail" if worst.divergence.kind != "errored"
                             else "error", "clause": worst.clause,
                             "message": f"{faults} findings in {res.games} games"})
    elif items:
        report.cases.append({**case, "status": "error",
                             "message": f"inconclusive: {items[0][1]}"})
    else:
        report.cases.append({**case, "status": "pass",
                             "message": f"{res.games} games agree"})
    for cause, message, extra in items:
        item = str(extra.pop("id", "random games"))
        clause = extra.pop("clause", None)
        tb = extra.pop("traceback", None)
        _inconclusive(report, "differential", item, cause, message, clause=clause,
                      traceback=tb)
    if stop is not None:
        raise stop


def _cover_vectors(report: Report, roots: Sequence[Any], found: set[str],
                   vectors: Sequence[Any], load_state: bool, ruleset: str) -> None:
    """Name the failing vectors' steps as the run's random games name their divergences, where
    one step alone cannot tell (one fault, one rule in the vectors and the games):

    - a step that differs in the gauge alone (DCG memory): by the candidate of its gauge
      hypotheses that the games' ``roots`` support most
      (:func:`~digiconform.verifier.differential.name_by_gauge_roots`): a cost paid short
      or the next turn begun at the wrong memory;
    - any other state difference filed under a clause that no finding of the run names: by
      the one clause among the findings' (``found``) whose event at that step changes the
      differing field (:func:`~digiconform.verifier.differential.field_candidates`): an
      attacker left unsuspended where the same step begins the opponent's turn is the
      unsuspend's when the games show the unsuspend going wrong; else by the one clause among
      the findings' that says the round or phase was begun by the other player
      (:func:`_starters_of`: a new Duel's reveal begun by the other player is DB-B.2's when
      the games' reveals after coin tosses show it, not DB-D.6's).

    Vectors that failed more than once (a prelude failure and the loaded position's) and those
    reached by loading a position keep their clauses."""
    from digiconform.vectors import VectorRef
    from digiconform.verifier.differential import field_candidates, name_by_gauge_roots
    from digiconform.verifier.games import hooks

    if not roots or ruleset not in ("digibattle", "dcg"):
        return
    gauge = hooks(ruleset).turn_cause
    count: dict[str, int] = {}
    for f in report.failures:
        count[f.id] = count.get(f.id, 0) + 1
    by_id = {v["id"]: v for v in vectors}
    gauged, others = [], []
    for f in report.failures:
        if f.kind != "scenario" or count[f.id] != 1 or f.id not in by_id or not f.differences:
            continue
        only_gauge = bool(gauge) and [p for p, _, _ in f.differences] == ["$." + gauge]
        if not only_gauge and f.clause in found:
            continue
        ref = by_id[f.id]
        d = _vector_divergence(ref.load() if isinstance(ref, VectorRef) else ref, f,
                               load_state)
        if d is not None:
            (gauged if only_gauge else others).append((f, d))
    name_by_gauge_roots(roots, [d for _, d in gauged])
    for f, d in gauged:
        if d.basis == "gauge" and d.clause and d.clause != f.clause:
            _refile(report, f, d.clause)
    for f, d in others:
        named = field_candidates(d) & found
        if len(named) != 1:
            named = set(_starters_of(d)) & found
        if len(named) == 1:
            _refile(report, f, named.pop())


def _starters_of(d: Any) -> list[str]:
    """The rules a failing vector step's state difference is a round or phase begun by the
    other player under (:func:`~digiconform.verifier.differential.starter_clauses`: a new
    Duel whose reveal the other player began is the Duel's starter, DB-D.6, or the reveal's
    order, DB-B.2, alike when the engine declares no ``first_player``); empty when the step
    cannot be replayed."""
    from digiconform.verifier.differential import _hooks_of, _step_events, starter_clauses

    if not d.actions or d.before is None:
        return []
    try:
        return starter_clauses(_hooks_of(d.setup), d.oracle_setup, d.before, d.actions[-1],
                               _step_events(d), differences=d.differences)
    except Exception:  # noqa: BLE001 - no replay: no candidates
        return []


def _vector_divergence(v: Mapping[str, Any], f: Failure, load_state: bool) -> Any:
    """The failing step of vector ``v`` (its failure ``f``) as a random game's divergence
    (:class:`~digiconform.verifier.differential.Divergence`): the setup, the actions up to
    that step, the oracle's state before it and its events there; None for a step reached
    from a loaded position or one the oracle no longer plays as recorded."""
    from digiconform.vectors import resolve_setup
    from digiconform.verifier.differential import Divergence
    from oracle.driver import OracleDriver

    steps = v["steps"]
    if not load_state and v.get("played") and \
            any(s["request"] == "load_state" for s in steps):
        steps = v["played"]  # (as _one_vector ran it)
    i = f.step
    if i is None or not 0 <= i < len(steps) or steps[i]["request"] != "action" or \
            any(s["request"] == "load_state" for s in steps[:i + 1]):
        return None
    o = OracleDriver()
    setup: Mapping[str, Any] = {}
    actions: list[Mapping[str, Any]] = []
    prior: Any = None
    out: Any = None
    for s in steps[:i + 1]:
        if s["request"] == "new_game":
            setup = resolve_setup(s["setup"])
            o.new_game(setup)
            actions = []
        elif s["request"] == "action":
            prior = o.state.to_json() if o.state is not None else None
            out = o.apply(s["action"])
            actions.append(s["action"])
    if out is None or out.refusal is not None or not isinstance(prior, Mapping):
        return None
    return Divergence("state", len(actions) - 1, setup, actions, f.message,
                      differences=[tuple(x) for x in f.differences], before=prior,
                      events=list(out.events))


def _refile(report: Report, f: Failure, clause: str) -> None:
    """File the failing vector ``f`` under ``clause`` instead of its clause: the failure,
    its case, its ``not_reached`` entry and the clauses' tallies."""
    old = f.clause
    f.clause = clause
    f.clauses = [clause if c == old else c for c in f.clauses] if f.kind == "scenario" and \
        f.message.startswith("not reached") else f.clauses
    if old:
        f.message = f.message.replace(f"clause {old}", f"clause {clause}")
    for c in report.cases:
        if c.get("part") == "scenarios" and c.get("id") == f.id and c.get("clause") == old:
            c["clause"] = clause
            if old and isinstance(c.get("message"), str):
                c["message"] = c["message"].replace(f"clause {old}", f"clause {clause}")
    for n in report.not_reached:
        if n.get("id") == f.id and n.get("clause") == old:
            n["clause"] = clause
    if old and old in report.clauses:
        report.clauses[old].failed -= 1
    _clause(report, clause).failed += 1


_VERIFIER_NOTES = ("differential run stopped:", "shrinking stopped:",
                   "clause attribution failed:")
"""The notes :func:`~digiconform.verifier.differential.run_differential` leaves when the
verifier's own code raised: each makes the run INCONCLUSIVE."""


def _refused_game_setup(report: Report, finding: Any) -> tuple[str, str] | None:
    """``(clause, the refusal)`` when a random-game finding is the engine refusing the game's
    set-up (``new_game``) for a reason no reading explains; None otherwise."""
    import re

    div = finding.divergence
    if div.kind != "refused-legal" or div.step >= 0 or \
            str(div.code or "").startswith("unsupported-reading:"):
        return None
    m = re.search(r"\[([^\]]+)\]", div.message or "")
    named = m.group(1) if m else div.clause
    return setup_clause(report, named), str(div.message)


def _report_finding(report: Report, opts: Options, finding: Any, n: int, total: int, *,
                    counted: bool = True) -> None:
    """One finding of the random games: a failure (``counted``) or, for a refused set-up,
    only its entry in ``report.differential["findings"]`` (marked ``inconclusive``)."""
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
    if finding.consequences:
        seen += (f", {finding.consequences} later divergence"
                 f"{'s' if finding.consequences != 1 else ''} of those games listed as its "
                 "consequences")
    kind = "differential" if div.kind != "errored" else "implementation"
    fid = "differential" if n == 1 else f"differential-{n}"
    f = Failure(
        fid, kind, f"{div.kind}: {div.message} ({seen}; finding {n} of {total}, "
        f"on {finding.field})", div.clause, div.clauses or
        ([div.clause] if div.clause else []), div.step,
        div.actions[div.step] if 0 <= div.step < len(div.actions) else None,
        div.expected, div.actual, div.differences, div.code, replay, trace_path,
        len(div.actions), div.explanation)
    if counted:
        report.failures.append(f)
        if div.clause:
            _clause(report, div.clause).failed += 1
    report.differential["findings"].append({
        **({} if counted else {"inconclusive": True}),
        "kind": div.kind, "clause": div.clause, "field": finding.field,
        "count": finding.count, "games": finding.games, "length": len(div.actions),
        "first_length": finding.first_length, "trace": trace_path, "replay": replay,
        "explanation": div.explanation, "overrides": dict(div.overrides),
        "reproducible": not div.resynced, "code": div.code,
        "setup": {k: v for k, v in div.setup.items() if k != "decks"},
        "actions": list(div.actions),
        "consequences": finding.consequences,
        "consequence_examples": list(finding.consequence_examples),
        "why_long": finding.why_long, "ended": div.ended})


def _game_done(report: Report, opts: Options, progress: Progress | None, n: int) -> None:
    """After each random game: the tally a partial report keeps if the run is stopped."""
    report.differential = {"games": n, "seed": opts.seed, "divergence": None}
    report.games = {"planned": opts.games, "played": n, "not_played": max(0, opts.games - n)}
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
    if driver.dead and not any(f.kind == "implementation" and f.id in ("start", "ruleset")
                               for f in report.failures):
        report.failures.append(Failure(
            "harness", "implementation", f"the implementation was given up on: {driver.dead}",
            code="gave-up"))
    with stopping.deferred():
        driver.close()
    report.seconds = time.monotonic() - t0
    if report.outcome != PASS:  # the outcome and its causes, as a case of its own (JUnit)
        causes = report.causes()
        report.cases.append({
            "part": "run", "id": "outcome", "status": "fail" if report.outcome == FAIL
            else "error", "error_type": "inconclusive",
            "message": f"{report.outcome}: " + "; ".join(c["message"] for c in causes[:3]),
            "details": "\n".join(f"{c['outcome']}: {c['message']}" for c in causes)})
    return report

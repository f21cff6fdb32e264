"""A pytest plugin for an engine's own CI: ``pytest -p digiconform.pytest_plugin --impl COMMAND``.

With ``--impl``, the plugin adds one test per scenario vector, one for the differential
random games and one per ambiguity (its verdict) to the session, so an engine's repository
needs no test file of its own: the results show up in pytest's summary, ``--junitxml`` and
any CI that reads them. The verification runs once (:func:`digiconform.verifier.verify`, the same
as ``digiconform verify``), on the first of these tests; the others read its report. Run it
without ``-n`` (xdist would verify once per worker). See docs/CI-EXAMPLE.md.

Options: ``--impl COMMAND`` (split with :func:`shlex.split`, run without a shell; add
``--impl-shell`` for ``/bin/sh -c``), ``--impl-games N`` (default 40), ``--impl-timeout SECONDS``,
``--impl-skip FILE``, ``--impl-seed N``, ``--impl-ruleset digibattle|dcg``, ``--impl-report
FILE`` (the JSON report), and
``--impl-clause ID`` (repeatable) to run part of the suite.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest

from digiconform.options import Float, Int

_REPORT = pytest.StashKey[Any]()


def _ranged(kind: click.ParamType) -> Callable[[str], Any]:
    """An argparse ``type`` from one of the CLI's option types (digiconform.options): the
    same values are refused (``nan``, negatives, full-width digits)."""
    import argparse

    def convert(text: str) -> Any:
        try:
            return kind.convert(text, None, None)
        except click.BadParameter as e:
            raise argparse.ArgumentTypeError(e.format_message()) from None

    convert.__name__ = kind.name
    return convert


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("digiconform", "digiconform conformance of an engine")
    group.addoption("--impl", metavar="COMMAND", default=None,
                    help="Verify the engine started by COMMAND (docs/PROTOCOL.md).")
    group.addoption("--impl-shell", action="store_true", default=False,
                    help="Run --impl through /bin/sh -c (otherwise it is split with shlex "
                         "and run without a shell).")
    group.addoption("--impl-games", type=_ranged(Int(0, 100_000)), default=40,
                    help="Random games (default 40).")
    group.addoption("--impl-timeout", type=_ranged(Float(0.1, 3600)), default=5.0,
                    help="Seconds allowed per answer (default 5).")
    group.addoption("--impl-skip", metavar="FILE", default=None,
                    help="Scenario IDs to skip, one per line with '# reason'.")
    group.addoption("--impl-seed", type=_ranged(Int(0, 2 ** 63 - 1)), default=0,
                    help="Seed of the random games.")
    group.addoption("--impl-ruleset", default="digibattle", choices=("digibattle", "dcg"),
                    help="Ruleset to verify (default digibattle).")
    group.addoption("--impl-report", metavar="FILE", default=None,
                    help="Also write the JSON report (schemas/report.schema.json).")
    group.addoption("--impl-clause", action="append", default=[], metavar="ID",
                    help="Only scenarios checking this clause (prefix; repeatable).")


def _options(config: pytest.Config) -> Any:
    from digiconform.verifier.cli import impl_command
    from digiconform.verifier.runner import Options, parse_skip_file
    from oracle.inputs import read_text

    skip = config.getoption("--impl-skip")
    return Options(
        command=impl_command(config.getoption("--impl"), config.getoption("--impl-shell")),
        games=config.getoption("--impl-games"),
        timeout=config.getoption("--impl-timeout"), seed=config.getoption("--impl-seed"),
        clauses=tuple(config.getoption("--impl-clause")),
        ruleset=config.getoption("--impl-ruleset"),
        skips=parse_skip_file(read_text(skip)) if skip else {},
        trace_dir=Path(config.rootpath) / "digiconform-traces")


def _report(config: pytest.Config) -> Any:
    if _REPORT not in config.stash:
        from digiconform.verifier import verify
        from digiconform.verifier.report import write_json

        report = verify(_options(config))
        path = config.getoption("--impl-report")
        if path:
            write_json(report, Path(path))
        config.stash[_REPORT] = report
    return config.stash[_REPORT]


class ConformanceFailure(Exception):
    """A conformance case that did not pass (its text is the failure report)."""


class ConformanceItem(pytest.Item):
    """One case of the verification report (a scenario, the random games, an ambiguity)."""

    def __init__(self, *, part: str, case_id: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.part = part
        self.case_id = case_id

    def runtest(self) -> None:
        report = _report(self.config)
        start = next((f for f in report.failures if f.id in ("start", "ruleset")), None)
        if start is not None:
            raise ConformanceFailure(f"the implementation did not start: {start.message}")
        case = next((c for c in report.cases if c["part"] == self.part and (
            self.part == "differential" or c["id"] == self.case_id)), None)
        if case is None:
            pytest.skip("not run")
        status = case["status"]
        if status in ("skip", "not_followed"):
            pytest.skip(case.get("message", status))
        if status in ("fail", "error"):
            failure = next((f for f in report.failures if f.id == case["id"] or (
                self.part == "differential" and f.kind in ("differential", "implementation")
                and f.id == "differential")), None)
            raise ConformanceFailure(_describe(case, failure))

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, ConformanceFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"{self.part}: {self.case_id}"


def _describe(case: dict[str, Any], failure: Any) -> str:
    import json

    lines = [f"[{case.get('clause') or '?'}] {case.get('message', '')}"]
    if failure is not None:
        for p, e, a in failure.differences[:8]:
            lines.append(f"  {p}: expected {json.dumps(e, default=str)[:120]}, got "
                         f"{json.dumps(a, default=str)[:120]}")
        if failure.expected is not None and not failure.differences:
            lines.append(f"  expected: {json.dumps(failure.expected, default=str)[:300]}")
            lines.append(f"  actual:   {json.dumps(failure.actual, default=str)[:300]}")
        if failure.explanation:
            lines.append(f"  {failure.explanation}")
        if failure.length is not None and failure.kind == "differential":
            lines.append(f"  counterexample: {failure.length} actions, trace {failure.trace}")
        if failure.replay:
            lines.append(f"  replay: {failure.replay}")
    return "\n".join(lines)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """With ``--impl``: add the conformance cases to the session (and report them as
    collected, so pytest's ``collected N items`` and ``--collect-only`` count them)."""
    if not config.getoption("--impl"):
        return
    from digiconform.vectors import load_vectors
    from digiconform.verifier.runner import select
    from oracle import variants

    opts = _options(config)
    added: list[pytest.Item] = []
    for v in select(load_vectors(kind="scenario"), opts):
        added.append(ConformanceItem.from_parent(
            session, name=f"scenario[{v['id']}]", part="scenarios", case_id=v["id"]))
    if opts.games:
        added.append(ConformanceItem.from_parent(
            session, name="random-games", part="differential", case_id="random games"))
    for amb in variants.REGISTRY:
        if amb.ruleset == opts.ruleset:
            added.append(ConformanceItem.from_parent(
                session, name=f"ambiguity[{amb.id}]", part="ambiguities", case_id=amb.id))
    items.extend(added)
    config.hook.pytest_collectreport(report=pytest.CollectReport(
        "digiconform", "passed", None, list(added)))


def pytest_configure(config: pytest.Config) -> None:
    """Check ``--impl-clause`` against the clauses of ``--impl-ruleset`` (a usage error)."""
    if not config.getoption("--impl", default=None):
        return
    import click

    from digiconform.verifier.cli import check_clauses

    try:
        check_clauses(tuple(config.getoption("--impl-clause")),
                      config.getoption("--impl-ruleset"))
    except click.BadParameter as e:
        raise pytest.UsageError(f"--impl-clause: {e.message}") from e


def pytest_report_header(config: pytest.Config) -> list[str]:
    """What will be verified, or how to ask for it."""
    command = config.getoption("--impl", default=None)
    if not command:
        return [_HINT]
    clauses = ", ".join(config.getoption("--impl-clause")) or "all clauses"
    return [f"digiconform: verifying {command!r} ({config.getoption('--impl-ruleset')}, "
            f"{clauses}, {config.getoption('--impl-games')} random games); the verification "
            "runs in the first conformance test"]


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """No ``--impl`` and nothing ran: say how to run the conformance tests."""
    if not config.getoption("--impl", default=None) and exitstatus == 5:
        terminalreporter.write_line(_HINT, yellow=True)


_HINT = ("digiconform: no --impl given, so no conformance tests: run pytest -p digiconform "
         "--impl \"./engine --harness\" (see docs/CI-EXAMPLE.md)")

"""A vector's requests written ahead (issue 27: ``ProtocolDriver.plan_ahead``,
``Process.plan``) change nothing ``verify`` reports: against engines that fail vectors in
various ways (a rule bug, a wrong refusal clause, an engine that moves on by itself past a
waiting point, one that crashes on a request), the ``verify --games 0`` report with the
requests written ahead is the report with every request sent after the answer before, but
for its timings; and the engine reads the same request lines in the same order on a vector
that passes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.harness.driver import ProtocolDriver
from digiconform.verifier.runner import Options, verify

sys.path.insert(0, str(Path(__file__).parent))
import miniatures  # noqa: E402

TIMINGS = ("seconds", "started", "wall")


def _without_timings(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _without_timings(v) for k, v in x.items() if k not in TIMINGS}
    if isinstance(x, list):
        return [_without_timings(v) for v in x]
    return x


def _report(name: str, ruleset: str, ahead: bool, monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> Any:
    with monkeypatch.context() as m:
        if not ahead:
            m.setattr(ProtocolDriver, "plan_ahead", lambda self, requests: False)
        report = verify(Options(miniatures.command(name), ruleset=ruleset, games=0,
                                trace_dir=tmp_path / ("ahead" if ahead else "one-by-one")))
    return _without_timings(json.loads(json.dumps(report.to_json(), default=str)))


@pytest.mark.parametrize(("name", "ruleset"), [
    ("pass_not_final", "digibattle"),  # (fails vectors: unasked answers dropped)
    ("db_moves_on", "digibattle"),  # (moves on by itself: vectors run again one by one)
    ("dcg_moves_on", "dcg"),
])
def test_written_ahead_reports_the_same(name: str, ruleset: str,
                                        monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    ahead = _report(name, ruleset, True, monkeypatch, tmp_path)
    one_by_one = _report(name, ruleset, False, monkeypatch, tmp_path)
    assert ahead == one_by_one


def test_plan_writes_the_same_lines_sooner(tmp_path: Path) -> None:
    """On a vector that passes, the implementation reads exactly the request lines it reads
    without a plan, and the verifier writes them in fewer writes."""
    from digiconform.harness import process
    from digiconform.vectors import run_vector, vector_index

    refs = [r for r in vector_index(ruleset="digibattle") if r["kind"] == "scenario"][:6]
    logs = []
    for ahead in (True, False):
        log = tmp_path / f"requests-{ahead}.txt"
        drv = ProtocolDriver(f"sh -c 'tee {log} | {sys.executable} -m digiconform serve'")
        if not ahead:
            drv.plan_ahead = lambda requests: False  # type: ignore[method-assign]
        writes: list[bytes] = []
        real = process.Process._write

        def counting(self: Any, data: bytes, deadline: float, writes: list[bytes] = writes,
                     real: Any = real) -> None:
            writes.append(data)
            real(self, data, deadline)

        process.Process._write = counting  # type: ignore[method-assign]
        try:
            _ = drv.ready
            for ref in refs:
                assert run_vector(drv, ref.load()).status == "pass"
        finally:
            process.Process._write = real  # type: ignore[method-assign]
            drv.close()
        logs.append((log.read_bytes(), len(writes)))
    (lines_ahead, writes_ahead), (lines_one, writes_one) = logs
    assert lines_ahead == lines_one
    assert writes_ahead < writes_one


ENGINE = """
import os
import sys
from digiconform.harness.serve import Session, serve
from digiconform.harness.messages import Position

MARKER = sys.argv[1]


class Wrong(Session):
    actions = 0

    def handle_line(self, line):
        text = line.decode() if isinstance(line, bytes) else line
        if '"new_game"' in text or '"load_state"' in text:
            Wrong.actions = 0
        elif '"cmd":"action"' in text.replace(" ", ""):
            Wrong.actions += 1
            if Wrong.actions == 2 and not os.path.exists(MARKER):
                open(MARKER, "w").close()
                sys.exit(1)  # (once: on a request only ever sent ahead)
        answer = super().handle_line(line)
        if Wrong.actions == 1 and isinstance(answer, Position):  # (every game's first)
            answer = Position(answer.seq, {**answer.state, "phase": "game_over"},
                              answer.events, answer.actions)
        return answer


sys.exit(serve(session=Wrong()))
"""


def test_a_crash_on_a_request_written_ahead_counts_nothing(tmp_path: Path) -> None:
    """An engine that answers the first action of every game wrongly and, once, dies on the
    action after it (a request only ever sent ahead: one by one, the vector has failed
    before): the report is the one of requests sent one by one, where the engine never
    dies (no restart, no error)."""
    script = tmp_path / "engine.py"
    script.write_text(ENGINE)
    reports = []
    for ahead in (True, False):
        command = f"{sys.executable} {script} {tmp_path / f'crashed-{ahead}'}"
        with pytest.MonkeyPatch.context() as m:
            if not ahead:
                m.setattr(ProtocolDriver, "plan_ahead", lambda self, requests: False)
            report = verify(Options(command, games=0, trace_dir=tmp_path / str(ahead)))
        doc = json.loads(json.dumps(report.to_json(), default=str).replace(command, "ENGINE"))
        reports.append(_without_timings(doc))
    assert reports[0] == reports[1]
    assert not reports[0]["implementation_errors"].get("restarts")
    assert (tmp_path / "crashed-True").exists() and not (tmp_path / "crashed-False").exists()

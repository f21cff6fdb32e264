"""Issue 17: misbehaving engines (tests/miniatures.py) end in a report that says what
happened, within the budget, leaving no process behind."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform.harness.process import _alive
from tests.miniatures import command

SCENARIO = "setup::A custom deck of 30 different cards is accepted"
SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"


def _verify(name: str, tmp: Path, *extra: str) -> tuple[int, str, dict]:
    from digiconform.cli import main

    report = tmp / "r.json"
    res = CliRunner().invoke(main, ["verify", "--impl", command(name), "--games", "0",
                                    "--timeout", "3", "--report", str(report),
                                    "--traces", str(tmp / "traces"), *extra])
    assert "Traceback" not in res.output
    return res.exit_code, res.output, json.loads(report.read_text())


@pytest.mark.parametrize("name", ["deeply_nested_answer", "huge_number_answer"])
def test_an_unreadable_answer_is_reported_not_raised(name: str, tmp_path: Path) -> None:
    """Before: a 5,000-deep answer raised RecursionError and verify wrote no report."""
    code, out, report = _verify(name, tmp_path, "--scenario", SCENARIO)
    assert code == 1
    assert report["implementation_errors"]["codes"].get("not-json"), report
    messages = " ".join(f["message"] for f in report["failures"])
    assert "levels deep" in messages or "digits" in messages, messages


def test_a_setsid_child_of_the_engine_is_ended(tmp_path: Path) -> None:
    """Before: a child that called setsid() left the engine's process group and survived."""
    marker = tmp_path / "pid"
    os.environ["MINIATURE_MARKER"] = str(marker)
    try:
        code, out, report = _verify("setsid_child", tmp_path, "--scenario", SCENARIO)
    finally:
        del os.environ["MINIATURE_MARKER"]
    assert code == 0, out
    pid = int(marker.read_text())
    end = time.monotonic() + 3
    while _alive(pid) and time.monotonic() < end:
        time.sleep(0.05)
    assert not _alive(pid), f"the setsid child {pid} survived the run"


def test_the_stderr_tail_is_on_the_console_when_the_engine_fails_to_start(
        tmp_path: Path) -> None:
    code, out, report = _verify("chatty_crash_on_start", tmp_path)
    assert code == 1
    assert "fatal: cannot open rules.db" in out
    assert "loading module 0\n" not in out  # a tail, not all of it
    assert report["failures"][0]["id"] == "start"


SLOW_DELAY = 0.1
"""Seconds the slow engine takes over each answer: slow enough that the run (the set-up
vectors, then 40 random games of thousands of requests) is far from done when it is stopped,
quick enough that a few vectors pass first."""


def _slow_verify(tmp: Path, *extra: str, marker: Path | None = None
                 ) -> subprocess.Popen[bytes]:
    env = {**os.environ, "MINIATURE_DELAY": str(SLOW_DELAY)}
    if marker is not None:
        env["MINIATURE_MARKER"] = str(marker)
    return subprocess.Popen(
        [sys.executable, "-m", "digiconform", "verify", "--impl", command("slow_engine"),
         "--report", str(tmp / "r.json"), "--junit", str(tmp / "r.xml"),
         "--markdown", str(tmp / "r.md"), "--traces", str(tmp / "traces"),
         # The set-up vectors (the first ones some 17 requests each): at 0.1 s an answer a
         # few of them pass before the stop; a long run of vectors would not finish before it.
         "--clause", "DB-A", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def _assert_partial(tmp: Path, reason: str) -> None:
    report = json.loads((tmp / "r.json").read_text())
    assert report["partial"] is True and reason in report["stopped"] and not report["ok"]
    assert report["summary"]["passed"] > 0  # what ran before is in it
    # A correct engine, stopped: nothing shown wrong, not everything tested (issue 24).
    assert report["outcome"]["result"] == "INCONCLUSIVE" and report["outcome"]["exit_code"] == 3
    assert [c["cause"] for c in report["outcome"]["causes"]] == ["stopped"]
    assert report["outcome"]["vectors"]["not_run_reasons"].get("stopped", 0) > 0
    junit = (tmp / "r.xml").read_text()
    assert "stopped" in junit and reason in junit and "INCONCLUSIVE" in junit
    md = (tmp / "r.md").read_text()
    assert "PARTIAL REPORT" in md and reason in md and "**INCONCLUSIVE**" in md


DEADLINE = 8
"""``--deadline`` of the slow-engine run (s): room for the interpreter and the engine to start
on a loaded machine and for a few vectors (about 60 answers) to pass before it."""


def test_a_slow_engine_under_a_deadline_ends_within_5_s_of_it_with_partial_reports(
        tmp_path: Path) -> None:
    """Before: an engine answering in 1 s kept verify busy for hours, with no report."""
    t0 = time.monotonic()
    proc = _slow_verify(tmp_path, "--deadline", str(DEADLINE))
    out, err = proc.communicate(timeout=60)
    seconds = time.monotonic() - t0
    assert seconds < DEADLINE + 5, seconds
    assert proc.returncode == 3, (out, err)  # INCONCLUSIVE (issue 24)
    assert b"PARTIAL" in out and b"Traceback" not in err and b"\nINCONCLUSIVE in " in out
    _assert_partial(tmp_path, f"deadline of {DEADLINE} s")


def test_sigint_stops_the_run_with_partial_reports(tmp_path: Path) -> None:
    """Before: Ctrl-C printed ``Aborted!`` and left no report."""
    marker = tmp_path / "requests"
    proc = _slow_verify(tmp_path, marker=marker)
    # Wait until the engine has answered 20 requests (the first two vectors take about 10 each),
    # however long the start-up takes on a loaded machine.
    end = time.monotonic() + 120
    while time.monotonic() < end and proc.poll() is None:
        if marker.is_file() and int(marker.read_text() or 0) >= 20:
            break
        time.sleep(0.2)
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - t0 < 5
    assert proc.returncode == 3, (out, err)  # INCONCLUSIVE (issue 24)
    assert b"Traceback" not in err and b"Aborted" not in err
    _assert_partial(tmp_path, "SIGINT")


def test_sigterm_and_the_deadline_raise_run_stopped_in_process() -> None:
    from digiconform.verifier.stopping import RunStopped, stop_guard

    with pytest.raises(RunStopped) as e, stop_guard(None):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    assert e.value.reason == "SIGTERM"
    t0 = time.monotonic()
    with pytest.raises(RunStopped) as e, stop_guard(0.3):
        time.sleep(5)
    assert "deadline of 0.3 s" in e.value.reason and time.monotonic() - t0 < 2
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL or callable(
        signal.getsignal(signal.SIGTERM))


def test_a_deadline_before_the_run_begins_still_writes_partial_reports(
        tmp_path: Path, vectors_read_afresh: None) -> None:
    """The deadline fires while the vectors are read, before the engine is started (or, when
    its raise was lost in a finalizer, at the runner's first check: partial all the same; so
    the engine is one that starts whatever ``PATH`` holds)."""
    from digiconform.cli import main

    res = CliRunner().invoke(main, [
        "verify", "--impl", SERVE, "--deadline", "0.05",
        "--report", str(tmp_path / "r.json"), "--junit", str(tmp_path / "r.xml"),
        "--markdown", str(tmp_path / "r.md")])
    assert res.exit_code == 3 and "Traceback" not in res.output, res.output  # INCONCLUSIVE
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["partial"] and "deadline" in report["stopped"]
    assert report["outcome"]["result"] == "INCONCLUSIVE"
    assert "PARTIAL REPORT" in (tmp_path / "r.md").read_text()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_stop_whose_raise_was_lost_in_a_finalizer_is_raised_again() -> None:
    """The deadline's signal can land while a ``__del__`` runs, where Python ignores the
    exception; the runner's ``check()`` after each vector and game raises it again (seen as a
    full run that ignored ``--deadline 0.05`` in a loaded xdist worker)."""
    import time

    from digiconform.verifier import stopping

    class SlowFinalizer:
        def __del__(self) -> None:
            time.sleep(0.5)  # the deadline fires here; the raise is "ignored" by Python

    with pytest.raises(stopping.RunStopped, match="deadline"):
        with stopping.stop_guard(0.05):
            doomed = SlowFinalizer()
            del doomed
            stopping.check()
    stopping.check()  # the guard is gone: nothing pending

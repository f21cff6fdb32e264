"""Issue 17: the hostile-input corpus (``tests/hostile.py``) through every command.

Each case runs in-process through click's :class:`~click.testing.CliRunner` (a few run as real
processes, below) under a per-case time limit: a watchdog interrupts the main thread when the
limit is up, so a hang fails the case instead of the whole run. Every case: no traceback, no
exception escaping the command, done within :data:`LIMIT` seconds; a refusal is exit 2 and
exactly one ``digiconform: error:`` line that names a path (JSON path, file or option).
"""

from __future__ import annotations

import _thread
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.hostile import (
    DEVZERO,
    DIRECTORY,
    FIFO,
    MISSING,
    SERVE_LINES,
    SPARSE,
    Case,
    corpus,
)

LIMIT = 10.0
"""Seconds allowed for one case (they take milliseconds; a game played with an accepted
mutation takes well under a second)."""

CASES = corpus()


def test_the_corpus_is_big_and_covers_every_command_and_kind() -> None:
    assert len(CASES) >= 1000
    commands = {c.argv[0] for c in CASES}
    assert commands >= {"play", "bench", "replay", "verify", "vectors", "perft"}
    kinds = {"/".join(c.id.split("/")[:2]) for c in CASES}
    for kind in ("mutation/db-cards", "mutation/db-deck", "mutation/dcg-cards",
                 "mutation/dcg-deck", "mutation/db-trace", "mutation/dcg-trace",
                 "mutation/db-vector", "mutation/dcg-vector", "content/play-cards",
                 "content/play-dcg-deck", "content/replay", "content/vectors-check",
                 "content/verify-skip", "traversal/trace", "traversal/vector"):
        assert kind in kinds, kind


def _materialise(case: Case, tmp: Path) -> list[str]:
    names = []
    for name, content in case.files:
        path = tmp / name
        if content == FIFO:
            os.mkfifo(path)
        elif content == DIRECTORY:
            path.mkdir()
        elif content == DEVZERO:
            path = Path("/dev/zero")
        elif content == MISSING:
            pass
        elif content == SPARSE:
            with path.open("wb") as f:
                f.truncate(200 * 1024 * 1024)
        else:
            path.write_bytes(content)
        names.append(str(path))
    subs = {f"{{F{i}}}": n for i, n in enumerate(names)} | {"{TMP}": str(tmp)}
    out = []
    for arg in case.argv:
        for k, v in subs.items():
            arg = arg.replace(k, v)
        out.append(arg)
    return out


class _Watchdog:
    """Interrupt the main thread after ``seconds`` (a hang becomes an exception)."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._timer = threading.Timer(seconds, self._fire)

    def _fire(self) -> None:
        self.fired = True
        _thread.interrupt_main()

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()


def _names_a_path(line: str, tmp: Path) -> bool:
    return ("$" in line or str(tmp) in line or "--" in line
            or re.search(r"'[A-Z_]+'", line) is not None)


@pytest.mark.parametrize("case", CASES, ids=[c.id[:120] for c in CASES])
def test_hostile_case(case: Case, tmp_path: Path) -> None:
    from digiconform.cli import main

    tmp = tmp_path / "t"
    tmp.mkdir()
    argv = _materialise(case, tmp)
    t0 = time.monotonic()
    with _Watchdog(LIMIT) as dog:
        try:
            res = CliRunner().invoke(main, argv, catch_exceptions=True)
        except KeyboardInterrupt:
            pytest.fail(f"hang: no answer in {LIMIT} s: {argv}")
    seconds = time.monotonic() - t0
    assert not dog.fired, f"hang: {argv}"
    assert seconds < LIMIT
    out = res.stdout + res.stderr
    assert "Traceback" not in out, out
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"{type(res.exception).__name__}: {res.exception}") \
            from res.exception
    assert res.exit_code in (0, 1, 2), (res.exit_code, out[-500:])
    if case.strict or case.typed:
        assert res.exit_code == 2, (argv, out[-500:])
    if res.exit_code == 2:
        lines = res.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("digiconform: error: "), res.stderr
        assert _names_a_path(lines[0], tmp), lines[0]


def _subprocess(args: list[str], stdin: bytes = b"", timeout: float = 30
                ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "digiconform", *args], input=stdin,
                          capture_output=True, timeout=timeout)


@pytest.mark.parametrize("content", [FIFO, DEVZERO, b"[" * 5000 + b"]" * 5000,
                                     b"\xff\xfe{}", b'{"id": ' + b"9" * 5000 + b"}"],
                         ids=["fifo", "dev-zero", "deep", "utf16-bom", "bigint"])
def test_a_real_process_refuses_a_hostile_card_file(content: object, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    if content == FIFO:
        os.mkfifo(path)
    elif content == DEVZERO:
        path = Path("/dev/zero")
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)
    proc = _subprocess(["play", "--cards", str(path)])
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("digiconform: error: $"), err


def test_a_real_process_refuses_a_nan_timeout() -> None:
    proc = _subprocess(["verify", "--impl", "false", "--timeout", "nan"])
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "--timeout" in err, err


def _serve_input() -> tuple[bytes, int]:
    lines = [b'{"cmd": "start", "version": 1}', *SERVE_LINES,
             b'{"cmd": "new_game", "seq": 9, "setup": {"ruleset": "dcg", '
             b'"decks": ["red-memory", "blue-tempo"]}}']
    return b"\n".join(lines) + b"\n", len(lines)


def test_serve_answers_every_hostile_line_and_goes_on() -> None:
    from digiconform.cli import main

    data, n = _serve_input()
    with _Watchdog(LIMIT):
        res = CliRunner().invoke(main, ["serve"], input=data)
    assert res.exit_code == 0 and "Traceback" not in res.output
    answers = [line for line in res.stdout.splitlines() if line]
    assert len(answers) == n
    import json

    docs = [json.loads(a) for a in answers]
    assert docs[0]["ready"] is True
    for doc in docs[1:-1]:
        assert "errored" in doc or "refused" in doc, doc
    assert docs[-1]["seq"] == 9 and "state" in docs[-1]  # it went on


def test_a_real_serve_survives_the_hostile_lines_and_an_overlong_one() -> None:
    data, n = _serve_input()
    overlong = b'{"cmd": "stop", "pad": "' + b"x" * (9 * 1024 * 1024) + b'"}\n'
    proc = subprocess.run([sys.executable, "-m", "digiconform", "serve"],
                          input=overlong + data, capture_output=True, timeout=60)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    answers = [line for line in proc.stdout.splitlines() if line]
    assert len(answers) == n + 1
    assert b"over 8,388,608 bytes" in answers[0]
    assert b'"seq":9' in answers[-1] and b'"state"' in answers[-1]


@pytest.mark.parametrize("argv", [[], ["vectors"]], ids=["digiconform", "vectors"])
def test_a_group_without_a_command_prints_its_help(argv: list[str]) -> None:
    from digiconform.cli import main

    res = CliRunner().invoke(main, argv)
    assert res.output.startswith("Usage: ") and "\\n" not in res.output
    assert "Commands:" in res.output

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
    BLANK_LINES,
    DANGLING,
    DEVZERO,
    DIRECTORY,
    FIFO,
    MISSING,
    REPORT_FREE_FORM,
    SERVE_LINES,
    SPARSE,
    SYMLINK,
    Case,
    corpus,
    sample_report,
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
    assert commands >= {"report", "summary", "fuzz", "deck"}
    assert sum(c.id.startswith("decklist/") for c in CASES) >= 10
    for kind in ("report/report", "report/summary", "output/verify--report",
                 "output/report--html", "output/summary--output", "output/fuzz--findings",
                 "output/fuzz--database"):
        assert any(c.id.startswith(kind + "/") for c in CASES), kind
    assert sum(c.typed for c in CASES if c.id.startswith("report/")) >= 20
    for kind in ("mutation/db-cards", "mutation/db-deck", "mutation/dcg-cards",
                 "mutation/dcg-deck", "mutation/db-trace", "mutation/dcg-trace",
                 "mutation/db-vector", "mutation/dcg-vector", "content/play-cards",
                 "content/play-dcg-deck", "content/replay", "content/vectors-check",
                 "content/verify-skip", "traversal/trace", "traversal/vector",
                 "content/deck-import", "content/deck-import-card-set", "content/deck-export",
                 "content/verify-deck-file", "mutation/dcg-deck-export",
                 "output/deck-import--out"):
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
        elif content == SYMLINK:
            (tmp / "elsewhere.txt").write_text("keep")
            path.symlink_to(tmp / "elsewhere.txt")
        elif content == DANGLING:
            path.symlink_to(tmp / "nowhere.txt")
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
    if (tmp / "elsewhere.txt").exists():  # a symlink's target: never written through
        assert (tmp / "elsewhere.txt").read_text() == "keep", argv
    assert not (tmp / "nowhere.txt").exists(), argv  # nor a dangling one's
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


# --------------------------------------------------------------------------------------------
# Issue 29: report documents, blank lines to serve, the double-forking engine

_OTHER_TYPES: list[object] = [None, True, 7, 1.5, "x", [], {}]


def _json_type(v: object) -> str:
    return "bool" if isinstance(v, bool) else "number" if isinstance(v, int | float) else \
        type(v).__name__


def _report_nodes(doc: object, path: tuple = ()) -> list[tuple[tuple, object]]:
    out = [(path, doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _report_nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:3]):  # (the first few items of a list are enough)
            out += _report_nodes(v, (*path, i))
    return out


def test_every_wrong_typed_report_field_is_refused_and_no_valid_report_crashes() -> None:
    """Each field of a real report replaced by a value of every other JSON type: where the
    schema types the field, the document is refused with that field's JSON path; where it
    does not (game data, answers) or the value fits, the page and the summary render."""
    import orjson

    from digiconform.verifier import html
    from digiconform.verifier import summary as sm
    from oracle.errors import InvalidInputError
    from oracle.validation import is_valid, validate

    doc = sample_report()
    validate(doc, "report")
    refused = rendered = 0
    plain = sm.summarize([doc])
    sm.terminal(plain)
    for path, value in _report_nodes(doc):
        if not path:
            continue
        inner = [i for i, k in enumerate(path) if isinstance(k, str) and k in REPORT_FREE_FORM]
        free = bool(inner)
        if inner and len(path) > inner[0] + 2 and path[-1] != "type":
            continue  # deep inside game data: an action's field, a set-up's variants
        for new in _OTHER_TYPES:
            if _json_type(new) == _json_type(value):
                continue
            bad = orjson.loads(orjson.dumps(doc))
            parent = bad
            for k in path[:-1]:
                parent = parent[k]
            parent[path[-1]] = new
            where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)
            if is_valid(bad, "report"):
                assert free or value is None or new is None, f"{where} = {new!r} accepted"
                page = html.render(bad)
                s = sm.summarize([bad])
                sm.markdown(s), sm.html(s)
                if s != plain:  # (the terminal tables are drawn from the Summary alone)
                    sm.terminal(s)
                assert page.startswith("<!DOCTYPE html>")
                rendered += 1
                continue
            refused += 1
            if refused % 20:
                continue  # (the path of every 20th: the slow validator says where)
            with pytest.raises(InvalidInputError) as e:
                validate(bad, "report")
            # The error names the field, or an ancestor of it (a oneOf / allOf around it).
            assert where.startswith(e.value.path.replace("['", ".").replace("']", "")) or \
                e.value.path == "$", (where, e.value.path)
    assert refused > 1000 and rendered > 50, (refused, rendered)


def test_a_real_process_refuses_a_hostile_report_at_once(tmp_path: Path) -> None:
    """A named pipe and /dev/zero given to report and summary: refused by name, never
    waited on or read without end."""
    fifo = tmp_path / "r.json"
    os.mkfifo(fifo)
    for args in (["report", str(fifo), "--html", str(tmp_path / "p.html")],
                 ["summary", "/dev/zero"]):
        proc = _subprocess(args, timeout=30)
        err = proc.stderr.decode()
        assert proc.returncode == 2 and "Traceback" not in err, err
        assert err.count("\n") == 1 and ("named pipe" in err or "device" in err), err


def test_serve_ignores_blank_lines() -> None:
    """A blank line (JSON whitespace only) gets no answer and is no request; the requests
    around it are answered in order (docs/PROTOCOL.md "skipped and errored")."""
    from digiconform.cli import main

    lines = [b'{"cmd": "start", "version": 1}', *BLANK_LINES,
             b'{"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg", '
             b'"decks": ["red-memory", "blue-tempo"]}}', *BLANK_LINES, b'{"cmd": "stop"}']
    with _Watchdog(LIMIT):
        res = CliRunner().invoke(main, ["serve"], input=b"\n".join(lines) + b"\n")
    assert res.exit_code == 0 and "Traceback" not in res.output
    import json

    answers = [json.loads(a) for a in res.stdout.splitlines()]
    assert len(answers) == 2, answers
    assert answers[0]["ready"] is True and answers[1]["seq"] == 1 and "state" in answers[1]


def test_a_double_forking_setsid_engine_leaves_no_survivor(tmp_path: Path) -> None:
    """Issue 29: each engine process starts a daemon the classic way (setsid, fork, exit; the
    grandchild clears its environment). Re-parented to the verifier, each is ended and
    reaped before the engine's restart (the next engine process finds none of the earlier
    ones) and none is left when verify ends."""
    from digiconform.cli import main
    from tests.miniatures import command

    marker = tmp_path / "pids"
    os.environ["MINIATURE_MARKER"] = str(marker)
    try:
        with _Watchdog(60):
            res = CliRunner().invoke(main, [
                "verify", "--impl", command("double_fork_orphan"), "--games", "3",
                "--timeout", "3", "--shrink-seconds", "2", "--no-progress",
                "--scenario", "setup::A custom deck of 30 different cards is accepted",
                "--report", str(tmp_path / "r.json"), "--traces", str(tmp_path / "t")])
    finally:
        del os.environ["MINIATURE_MARKER"]
    pids = [int(x) for x in marker.read_text().split()]
    alive = [p for p in pids if os.path.exists(f"/proc/{p}")]
    for p in alive:  # (leave nothing behind even when the test fails)
        os.kill(p, 9)
    assert "Traceback" not in res.output and res.exit_code in (0, 1), res.output
    import json

    report = json.loads((tmp_path / "r.json").read_text())
    assert report["implementation_errors"]["restarts"] >= 2, report["implementation_errors"]
    assert len(pids) >= 3, pids  # one daemon per engine process
    survivors = (tmp_path / "pids.survivors").read_text().split()
    assert not survivors, f"orphans of an earlier engine process outlived its restart: " \
                          f"{survivors}"
    assert not alive, f"orphans outlived verify (alive or unreaped): {alive}"

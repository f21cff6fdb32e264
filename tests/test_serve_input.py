"""``digiconform serve`` reading its own binary stdin (:class:`digiconform.harness.serve.
_FdLines`): the same lines as :func:`~digiconform.harness.serve._lines` gives, answers
flushed only when no whole request is left to answer, and every answer given to a client
that writes several requests before it reads (issue 27)."""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from digiconform.harness.serve import _FdLines, _lines

PIECES = st.lists(st.sampled_from([b"a", b"bc", b"\n", b"{}", b" ", b"\r\n", b"x" * 7,
                                   b"\n\n"]), max_size=40)


def _fd_lines(data: bytes, limit: int) -> tuple[list[tuple[bytes, bool]], int]:
    """What :class:`_FdLines` yields over ``data`` (read from a file), and how often it
    called ``before_wait``."""
    waits = []
    with tempfile.TemporaryFile() as f:
        f.write(data)
        f.seek(0)
        reader = _FdLines(f.fileno(), lambda: waits.append(1), limit)
        return list(reader), len(waits)


@settings(max_examples=300, deadline=None)
@given(PIECES, st.integers(min_value=1, max_value=12))
def test_fd_lines_are_the_lines_of_the_stream(pieces: list[bytes], limit: int) -> None:
    """Lines, too-long lines (clipped, dropped through their newline) and a last line
    without a newline come out as :func:`_lines` gives them from a buffered stream."""
    data = b"".join(pieces)
    want = list(_lines(io.BufferedReader(io.BytesIO(data)), limit))  # type: ignore[arg-type]
    got, waits = _fd_lines(data, limit)
    assert got == want
    assert waits >= 1


def test_waits_only_when_no_whole_line_is_left() -> None:
    """``before_wait`` (where serve flushes its answers) is called before each read, and
    only when the buffer holds no whole line: three requests read at once, one wait before
    them and one at the end of the input."""
    events: list[Any] = []
    with tempfile.TemporaryFile() as f:
        f.write(b"1\n2\n3\n")
        f.seek(0)
        reader = _FdLines(f.fileno(), lambda: events.append("wait"))
        for line, _ in reader:
            events.append(line)
    assert events == ["wait", b"1\n", b"2\n", b"3\n", "wait"]


def test_serve_answers_requests_written_together() -> None:
    """A client that writes several requests before reading gets every answer, in order,
    and one that waits for each answer gets it without writing more (no answer is held
    back while serve waits for input)."""
    proc = subprocess.Popen([sys.executable, "-m", "digiconform", "serve"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b'{"cmd": "start", "version": 1}\n')
        proc.stdin.flush()
        assert b'"ready":true' in proc.stdout.readline()  # (answered alone, at once)
        proc.stdin.write(b'{"cmd":"new_game","seq":1,"setup":{"ruleset":"dcg",'
                         b'"decks":["red-memory","blue-tempo"]}}\n'
                         b'{"cmd":"legal_actions","seq":2}\n'
                         b'{"cmd":"legal_actions","seq":3}\n')
        proc.stdin.flush()
        answers = [proc.stdout.readline() for _ in range(3)]
        assert [a.split(b",")[0] for a in answers] == [b'{"seq":1', b'{"seq":2', b'{"seq":3']
        proc.stdin.write(b'{"cmd":"legal_actions","seq":4}\n')
        proc.stdin.flush()
        assert proc.stdout.readline().startswith(b'{"seq":4,')
        proc.stdin.write(b'{"cmd": "stop"}\n')
        proc.stdin.flush()
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

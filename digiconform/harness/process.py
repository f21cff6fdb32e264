"""A child process spoken to in lines, with every wait bounded.

The implementation runs in its own session (a new process group), so :meth:`Process.kill`
ends it together with every child it started. Reads and writes are non-blocking and driven
by a selector with a deadline: an implementation that hangs, stops reading its stdin, writes
a line longer than ``max_line`` bytes or floods stderr cannot block the harness. stderr is
drained continually into a bounded tail kept for diagnostics.
"""

from __future__ import annotations

import os
import selectors
import shlex
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence

MAX_LINE = 8 * 1024 * 1024
"""Longest response line accepted (bytes); a longer one is a flood."""

STDERR_TAIL = 16 * 1024
"""How much of the end of stderr is kept for reports (bytes)."""


class ProcessFailure(Exception):
    """The child did not answer properly.

    :param code: ``timeout``, ``exited`` (stdout closed / process ended), ``flood`` (a line
        over ``max_line`` bytes), ``not-utf8`` or ``spawn`` (the command could not start).
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class Process:
    """One running implementation.

    :param command: a shell-like string (split with :func:`shlex.split`) or an argv list.
    :raises ProcessFailure: ``spawn`` when the program cannot be started.
    """

    def __init__(self, command: str | Sequence[str], *, cwd: str | None = None,
                 env: Mapping[str, str] | None = None, max_line: int = MAX_LINE) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ProcessFailure("spawn", "empty command")
        self.argv = argv
        self.max_line = max_line
        try:
            self.popen = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=dict(env) if env is not None else None, start_new_session=True,
                bufsize=0,
            )
        except OSError as e:
            raise ProcessFailure("spawn", f"cannot start {argv[0]!r}: {e}") from e
        for f in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            assert f is not None
            os.set_blocking(f.fileno(), False)
        self._out = bytearray()
        self._err = bytearray()
        self._sel = selectors.DefaultSelector()
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._sel.register(self.popen.stdout, selectors.EVENT_READ, "out")
        self._sel.register(self.popen.stderr, selectors.EVENT_READ, "err")
        self._out_open = True

    @property
    def pid(self) -> int:
        """The child's process ID (also its process group ID)."""
        return self.popen.pid

    def stderr_tail(self) -> str:
        """The last bytes the child wrote on stderr (decoded leniently)."""
        self._drain_err()
        return self._err.decode("utf-8", "replace")

    def request(self, line: bytes, timeout: float) -> bytes:
        """Write ``line`` (one request ending in a newline) and return one response line
        (without the newline), waiting at most ``timeout`` seconds in all.

        :raises ProcessFailure: timeout, exited, flood.
        """
        deadline = time.monotonic() + timeout
        self._write(line, deadline)
        return self.read_line(deadline)

    def read_line(self, deadline: float) -> bytes:
        """The next line of stdout, waiting until ``deadline`` (``time.monotonic``)."""
        while True:
            nl = self._out.find(b"\n")
            if nl >= 0:
                line = bytes(self._out[:nl])
                del self._out[: nl + 1]
                if len(line) > self.max_line:
                    raise ProcessFailure("flood", f"a response line of {len(line)} bytes "
                                         f"(limit {self.max_line})")
                return line.rstrip(b"\r")
            if len(self._out) > self.max_line:
                raise ProcessFailure("flood", f"more than {self.max_line} bytes without a "
                                     "newline")
            if not self._out_open:
                raise ProcessFailure("exited", self._exit_text())
            self._pump(deadline)

    def _pump(self, deadline: float, writing: int | None = None) -> list[str]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise ProcessFailure("timeout", "no answer in time")
        ready = []
        for key, _ in self._sel.select(min(left, 0.5)):
            ready.append(key.data)
            if key.data == "out":
                self._read_out()
            elif key.data == "err":
                self._drain_err()
        if writing is None and not ready and self.popen.poll() is not None:
            # Exited: read what is left, then report.
            self._read_out()
        return ready

    def _read_out(self) -> None:
        assert self.popen.stdout is not None
        while True:
            try:
                chunk = os.read(self.popen.stdout.fileno(), 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._out_open = False
                try:
                    self._sel.unregister(self.popen.stdout)
                except (KeyError, ValueError):
                    pass
                return
            self._out += chunk
            if len(self._out) > self.max_line + 1:
                return

    def _drain_err(self) -> None:
        f = self.popen.stderr
        if f is None or f.closed:
            return
        for _ in range(64):
            try:
                chunk = os.read(f.fileno(), 65536)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                try:
                    self._sel.unregister(f)
                except (KeyError, ValueError):
                    pass
                return
            self._err += chunk
            if len(self._err) > STDERR_TAIL:
                del self._err[: len(self._err) - STDERR_TAIL]

    def _write(self, data: bytes, deadline: float) -> None:
        stdin = self.popen.stdin
        assert stdin is not None
        view = memoryview(data)
        while view:
            try:
                n = os.write(stdin.fileno(), view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError) as e:
                raise ProcessFailure("exited", f"stdin closed ({e}); {self._exit_text()}") \
                    from e
            # The child is not reading: keep draining its output while we wait.
            if time.monotonic() >= deadline:
                raise ProcessFailure("timeout", "the implementation does not read its stdin")
            sel = selectors.DefaultSelector()
            sel.register(stdin, selectors.EVENT_WRITE)
            try:
                sel.select(min(0.05, max(deadline - time.monotonic(), 0)))
            finally:
                sel.close()
            self._read_out()
            self._drain_err()

    def _exit_text(self) -> str:
        code = self.popen.poll()
        if code is None:
            try:
                code = self.popen.wait(0.2)
            except subprocess.TimeoutExpired:
                return "stdout closed while the process is still running"
        if code < 0:
            try:
                return f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exited with status {code}"

    def close(self, grace: float = 1.0) -> None:
        """Close stdin, give the child ``grace`` seconds to exit, then kill its group."""
        try:
            if self.popen.stdin and not self.popen.stdin.closed:
                self.popen.stdin.close()
        except OSError:
            pass
        try:
            self.popen.wait(grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        """Kill the child's whole process group (SIGKILL) and reap it. Idempotent."""
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        self._drain_err()
        self._sel.close()
        for f in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass

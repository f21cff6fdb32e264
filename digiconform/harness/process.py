"""A child process spoken to in lines, with every wait bounded.

The implementation runs in its own session (a new process group). :meth:`Process.kill` ends
it with **every descendant**, not only its group: a child that called ``setsid()`` leaves the
group, so the descendants are found three ways and each is killed and reaped (Linux; elsewhere
the process group only):

- the process tree under the implementation, read from ``/proc`` before anything is killed;
- the environment: the implementation is started with ``DIGICONFORM_ENGINE=<token>``, which
  its descendants inherit, so one that was re-parented is still found;
- this process is made a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``, via ctypes)
  before the first implementation starts, so orphaned descendants are re-parented to it
  rather than to init: a grandchild that called ``setsid()``, double-forked and cleared its
  environment is no longer below the implementation nor marked, but it is a child of this
  process in a session other than this process's own (the implementation's session and any
  session its descendants create can never be this one), started after the implementation:
  :func:`orphans` finds it, and :meth:`Process.kill` (at each restart and at the end) ends
  and reaps it; so does an ``atexit`` hook, for any left when the interpreter ends.

Reads and writes are non-blocking and driven
by a selector with a deadline: an implementation that hangs, stops reading its stdin, writes
a line longer than ``max_line`` bytes or floods stderr cannot block the harness. stderr is
drained continually into a bounded tail kept for diagnostics.
"""

from __future__ import annotations

import atexit
import itertools
import os
import secrets
import select
import selectors
import shlex
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Mapping, Sequence

MAX_LINE = 8 * 1024 * 1024
"""Longest response line accepted (bytes); a longer one is a flood."""

STDERR_TAIL = 16 * 1024
"""How much of the end of stderr is kept for reports (bytes)."""


ENGINE_ENV = "DIGICONFORM_ENGINE"
"""The environment variable that marks an implementation and all its descendants."""

_COUNTER = itertools.count(1)
_SUBREAPER: list[bool] = []
_LIVE: weakref.WeakSet[Process] = weakref.WeakSet()
"""Every :class:`Process` not yet killed (their own pids are never taken for orphans)."""
_FIRST: list[int] = []
"""The clock tick (``/proc`` start-time units) before the first implementation started."""


def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux ``prctl(PR_SET_CHILD_SUBREAPER, 1)``), once.

    :returns: True when it is one (False elsewhere, or when the call failed).
    """
    if _SUBREAPER:
        return _SUBREAPER[0]
    ok = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            ok = libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER = 36
        except (OSError, AttributeError):  # pragma: no cover - no libc / no prctl
            ok = False
    _SUBREAPER.append(ok)
    if ok:
        atexit.register(_at_exit)
    return ok


def _ticks() -> int | None:
    """Now, in the units of a process's start time in ``/proc/<pid>/stat`` (clock ticks
    since boot), one tick early; None without ``/proc``."""
    try:
        with open("/proc/uptime", "rb") as f:
            uptime = float(f.read().split()[0])
        return int(uptime * os.sysconf("SC_CLK_TCK")) - 1
    except (OSError, ValueError, IndexError):
        return None


def _stat(pid: int) -> tuple[bytes, int, int, int] | None:
    """``(state, ppid, session, start time)`` of ``pid`` from ``/proc``, or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
        # "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
        # utime stime cutime cstime priority nice threads itrealvalue starttime ...":
        # comm may hold spaces and parentheses.
        fields = stat[stat.rfind(b")") + 2:].split()
        return fields[0], int(fields[1]), int(fields[3]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def orphans(since: int | None = None) -> set[int]:
    """Orphans of implementations re-parented to this process (a subreaper): its children
    in a session other than its own, started at or after ``since`` (a tick of
    :func:`_ticks`; default: before the first implementation started), that are not an
    implementation itself (their :class:`Process` waits for those). Empty where this
    process is not a subreaper or there is no ``/proc``.

    Every implementation runs in a session of its own, and a process can only ever leave a
    session for a new one of its own, so no descendant of an implementation is in this
    process's session; a child this process started itself without a new session is not
    taken, nor one started before the implementations.
    """
    if not _SUBREAPER or not _SUBREAPER[0]:
        return set()
    since = since if since is not None else (_FIRST[0] if _FIRST else None)
    if since is None:
        return set()
    me = os.getpid()
    try:
        mine = os.getsid(0)
        names = os.listdir("/proc")
    except OSError:
        return set()
    engines = {p.popen.pid for p in list(_LIVE)}
    out = set()
    for name in names:
        if not name.isdigit():
            continue
        st = _stat(int(name))
        if st is not None and st[1] == me and st[2] != mine and st[3] >= since \
                and int(name) not in engines:
            out.add(int(name))
    return out


def _end(pids: set[int], more: Callable[[], set[int]] = set, seconds: float = 2.0) -> None:
    """SIGKILL every pid of ``pids`` (and of ``more()``, asked again on each round) and reap
    those that are this process's children, for at most ``seconds``."""
    end = time.monotonic() + seconds
    pids = set(pids) | more()
    while pids and time.monotonic() < end:
        for pid in list(pids):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            if not _alive(pid):  # dead or a zombie: reap it if it is ours now
                try:  # (re-parented to us: we are a subreaper)
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass
                pids.discard(pid)
        pids |= more()
        if pids:
            time.sleep(0.02)


def _at_exit() -> None:
    """The end of the interpreter: every implementation still running, then every orphan
    left, ended and reaped."""
    for proc in list(_LIVE):
        try:
            proc.kill()
        except Exception:  # noqa: BLE001,S110 - at exit, nothing may stop the others
            pass
    _end(orphans(), orphans)


def _proc_table() -> dict[int, int]:
    """pid → parent pid of every process in ``/proc`` (empty where there is no ``/proc``)."""
    out: dict[int, int] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) >= 2:
            out[int(name)] = int(fields[1])
    return out


def _marked(token: bytes, pids: Sequence[int]) -> set[int]:
    """The pids among ``pids`` whose environment holds ``DIGICONFORM_ENGINE=<token>``."""
    needle = ENGINE_ENV.encode() + b"=" + token + b"\0"
    out = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read() + b"\0"
        except OSError:
            continue
        if needle in env:
            out.add(pid)
    return out


def descendants(root: int, token: bytes | None = None) -> set[int]:
    """Every live process below ``root`` in the process tree, plus every process marked
    with ``token`` (see :data:`ENGINE_ENV`); ``root`` itself is not included."""
    table = _proc_table()
    children: dict[int, list[int]] = {}
    for pid, ppid in table.items():
        children.setdefault(ppid, []).append(pid)
    out: set[int] = set()
    todo = [root]
    while todo:
        for c in children.get(todo.pop(), ()):
            if c not in out:
                out.add(c)
                todo.append(c)
    if token:
        out |= _marked(token, [p for p in table if p not in out])
    out.discard(root)
    out.discard(os.getpid())
    return out


def _alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return not os.path.isdir("/proc")  # no /proc: assume alive only without it
    return stat[stat.rfind(b")") + 2:][:1] not in (b"Z", b"X")


class ProcessFailure(Exception):
    """The child did not answer properly.

    :param code: ``timeout``, ``exited`` (stdout closed / process ended), ``flood`` (a line
        over ``max_line`` bytes), ``not-utf8`` or ``spawn`` (the command could not start).
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class AheadMismatch(Exception):
    """A request other than the next one of the plan (:meth:`Process.plan`) while answers to
    requests written ahead are still unread: the implementation is past the position the
    caller's request is meant for (nothing was written)."""


AHEAD_BYTES = select.PIPE_BUF
"""At most this many bytes of requests are written in one go (a write of at most
``PIPE_BUF`` bytes to a pipe is whole or nothing: no partial request is ever left in it)."""


class Process:
    """One running implementation.

    :param command: a shell-like string (split with :func:`shlex.split`) or an argv list.
    :raises ProcessFailure: ``spawn`` when the program cannot be started.
    """

    def __init__(self, command: str | Sequence[str], *, cwd: str | None = None,
                 env: Mapping[str, str] | None = None, max_line: int = MAX_LINE) -> None:
        try:
            argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as e:
            raise ProcessFailure("spawn", f"cannot parse the command: {e}") from None
        if not argv:
            raise ProcessFailure("spawn", "empty command")
        self.argv = argv
        self.max_line = max_line
        self.token = f"{os.getpid()}-{next(_COUNTER)}-{secrets.token_hex(4)}".encode()
        child_env = dict(os.environ if env is None else env)
        child_env[ENGINE_ENV] = self.token.decode()
        become_subreaper()
        self._born = _ticks()
        if not _FIRST and self._born is not None:
            _FIRST.append(self._born)
        try:
            self.popen = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=child_env, start_new_session=True, bufsize=0,
            )
        except OSError as e:
            raise ProcessFailure("spawn", f"cannot start {argv[0]!r}: {e}") from e
        _LIVE.add(self)
        for f in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            assert f is not None
            os.set_blocking(f.fileno(), False)
        self._out = bytearray()
        self._err = bytearray()
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._out_fd = self.popen.stdout.fileno()
        self._err_fd = self.popen.stderr.fileno()
        # poll(2) rather than a selectors.Selector: the same wait, fewer layers per answer.
        self._poll = select.poll()
        self._poll.register(self._out_fd, select.POLLIN)
        self._poll.register(self._err_fd, select.POLLIN)
        self._out_open = True
        # The requests the caller means to send next (plan), the next one's index, and how
        # many of them are written.
        self._plan: list[bytes] | None = None
        self._pos = 0
        self._sent = 0

    def _orphans(self) -> set[int]:
        """:func:`orphans` started since this implementation was."""
        return orphans(self._born) if self._born is not None else set()

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
        if self._plan is not None:
            plan, pos = self._plan, self._pos
            if pos < self._sent:  # (written ahead: its answer is read, nothing is written)
                if line != plan[pos]:
                    raise AheadMismatch(f"request {line[:80]!r} while {self._sent - pos} "
                                        "answers to requests written ahead are unread")
                self._pos = pos + 1
                return self.read_line(deadline)
            if pos < len(plan) and line == plan[pos]:
                # This request and the next ones of the plan, as many as fit in one write.
                k, size = pos + 1, len(line)
                while k < len(plan) and size + len(plan[k]) <= AHEAD_BYTES:
                    size += len(plan[k])
                    k += 1
                if k > pos + 1:
                    line = b"".join(plan[pos:k])
                self._pos, self._sent = pos + 1, k
            else:
                self._plan = None
        self._write(line, deadline)
        if not self._out and self._out_open:
            # The usual case, kept short: one wait, one read, one whole line.
            left = deadline - time.monotonic()
            if left > 0:
                ready = self._poll.poll(min(left, 0.5) * 1000.0)
                if len(ready) == 1 and ready[0][0] == self._out_fd:
                    try:
                        chunk = os.read(self._out_fd, 65536)
                    except OSError:  # (BlockingIOError included: the general path sees)
                        chunk = None
                    if chunk and len(chunk) < 65536 and len(chunk) <= self.max_line and \
                            chunk.find(b"\n") == len(chunk) - 1:
                        return chunk[:-1].rstrip(b"\r")
                    if chunk:
                        self._out += chunk
                    elif chunk is not None:  # end of file: the general path reports it
                        self._read_out()
                elif ready:
                    for fd, _ in ready:
                        if fd == self._out_fd:
                            self._read_out()
                        elif fd == self._err_fd:
                            self._drain_err()
        return self.read_line(deadline)

    def plan(self, lines: Sequence[bytes]) -> None:
        """The request lines (each ending in a newline) the caller means to send next, in
        this order, each after it has read the answer to the one before (a vector's steps
        when every answer is the one expected). When :meth:`request` is asked the first of
        them, it writes the following ones too, as many as fit in :data:`AHEAD_BYTES`, in
        the same write; asked one of those, it writes nothing and reads its answer. Asked
        another request while answers to requests written ahead are unread, it raises
        :class:`AheadMismatch` (and writes nothing); asked another request when none is
        unread, it forgets the plan. The implementation sees the same lines in the same
        order as without a plan, only sooner; :meth:`end_plan` reads the answers nobody
        asked for."""
        self._plan, self._pos, self._sent = list(lines), 0, 0

    def end_plan(self, timeout: float) -> int:
        """Forget the plan (:meth:`plan`), reading and dropping the answer to each request
        written ahead whose answer was not asked for (each within ``timeout`` s). Returns
        how many were dropped.

        :raises ProcessFailure: as :meth:`read_line` (the caller ends the process).
        """
        unread = self._sent - self._pos if self._plan is not None else 0
        self._plan, self._pos, self._sent = None, 0, 0
        for _ in range(unread):
            self.read_line(time.monotonic() + timeout)
        return unread

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
        for fd, _ in self._poll.poll(min(left, 0.5) * 1000.0):
            if fd == self._out_fd:
                ready.append("out")
                self._read_out()
            elif fd == self._err_fd:
                ready.append("err")
                self._drain_err()
        if writing is None and not ready and self.popen.poll() is not None:
            # Exited: read what is left, then report.
            self._read_out()
        return ready

    def _read_out(self) -> None:
        if not self._out_open:
            return
        while True:
            try:
                chunk = os.read(self._out_fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._out_open = False
                try:
                    self._poll.unregister(self._out_fd)
                except (KeyError, ValueError):
                    pass
                return
            self._out += chunk
            if len(chunk) < 65536 or len(self._out) > self.max_line + 1:
                # (a short read took what the pipe held; poll says when there is more)
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
                    self._poll.unregister(self._err_fd)
                except (KeyError, ValueError):
                    pass
                return
            self._err += chunk
            if len(self._err) > STDERR_TAIL:
                del self._err[: len(self._err) - STDERR_TAIL]

    def _write(self, data: bytes, deadline: float) -> None:
        stdin = self.popen.stdin
        assert stdin is not None
        try:  # (the usual case: the whole line at once)
            n = os.write(stdin.fileno(), data)
        except OSError:  # full, or closed: the loop below waits, or reports it
            n = 0
        if n == len(data):
            return
        view = memoryview(data)[n:]
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
        """Kill the child, its process group and every descendant (SIGKILL; see the module
        docstring: its tree, the processes marked with its token and the orphans re-parented
        to this process since it started) and reap them. Idempotent."""
        others = descendants(self.popen.pid, self.token) | self._orphans()
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        for pid in others:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        _LIVE.discard(self)
        # Descendants killed above, or started in the meantime (marked with the token, or
        # orphaned to us as their parents died).
        others |= descendants(self.popen.pid, self.token)
        _end(others, self._orphans)
        self._drain_err()
        for f in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass

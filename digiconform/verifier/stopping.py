"""Stopping a run early, wherever it is: an overall deadline, SIGINT and SIGTERM.

:func:`stop_guard` arms a real-time timer (``signal.setitimer``) for the deadline and
installs handlers for SIGINT and SIGTERM (and SIGALRM for the timer); each raises
:class:`RunStopped` in the main thread, which interrupts any wait (a blocked ``select`` on
the engine's pipes included) and unwinds to :func:`digiconform.verifier.runner.verify`. The
runner catches it, records the reason in the report (which is then *partial*, and not a
pass), ends the engine and returns what was found so far, so that ``digiconform verify``
still writes every report it was asked for.

:class:`RunStopped` derives from :class:`BaseException`, like :class:`KeyboardInterrupt`:
``except Exception`` blocks (Hypothesis's among them, in the random games) let it through.

The guard fires once: a second signal while the run unwinds changes nothing. Once the
caller calls :func:`absorb` (``digiconform verify`` does before it writes its reports),
SIGINT and SIGTERM are only recorded (:func:`absorbed`) and the deadline is disarmed, so
the reports are finished whatever arrives; with ``until_exit`` they stay ignored after the
guard too, for the few instructions until the process exits (the command line only, never
in a process that goes on, such as a test run).

A signal handler's exception can still be lost: when the signal arrives while a ``__del__``
method, a weak-reference or garbage-collector callback runs, Python cannot raise it there.
The guard catches that case in :data:`sys.unraisablehook` (nothing is printed: no
"Exception ignored ... on_alarm" warning) and raises the stop again 10 ms later, outside
the finalizer; it also remembers that it fired, and :func:`check` (called by the runner
after every vector and every random game) raises :class:`RunStopped` again until a caller
has caught it and said so with :func:`caught`.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["RunStopped", "absorb", "absorbed", "caught", "check", "stop_guard"]

_fired: list[str] = []
"""The reason the innermost active guard fired (empty: it has not), until :func:`caught`."""
_caught: list[bool] = []
_lost: list[bool] = []
"""Non-empty while a raise of the stop was lost in a finalizer and is to be raised again."""
_absorbing: list[bool] = []
"""Non-empty (``[until_exit]``) once :func:`absorb` was called in the active guard."""
_absorbed: list[str] = []
"""Signals received while absorbing."""
_active: list[bool] = []
"""Non-empty while a guard is active (in the main thread)."""
_deferring: list[bool] = []
"""Non-empty inside :func:`deferred`."""

RETRY = 0.01
"""Seconds after which a stop whose raise was lost in a finalizer is raised again."""


class RunStopped(BaseException):
    """The run was stopped: ``reason`` says why (``"the deadline of 30 s"``, ``"SIGINT"``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@contextmanager
def stop_guard(deadline: float | None) -> Iterator[None]:
    """Raise :class:`RunStopped` in the body after ``deadline`` seconds (None or 0: never)
    or on SIGINT/SIGTERM; restore the previous handlers and disarm the timer on exit.

    Signal handlers can only be installed from the main thread; elsewhere the guard does
    nothing.
    """
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _reset()

    def _raise(reason: str) -> None:
        if _fired:  # once: a second signal while the run unwinds does not interrupt that
            return
        _fired.append(reason)
        if not _deferring:
            raise RunStopped(reason)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if _absorbing:
            _absorbed.append(signal.Signals(signum).name)
            return
        _raise(signal.Signals(signum).name)

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        if _absorbing:
            return
        if _lost:  # raise again what a finalizer swallowed
            del _lost[:]
            if _fired and not _caught and not _deferring:
                raise RunStopped(_fired[0])
            return
        _raise(f"the deadline of {deadline:g} s was reached")

    previous_hook = sys.unraisablehook

    def on_unraisable(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, RunStopped) and _fired and not _caught:
            _lost.append(True)
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        previous_hook(unraisable)

    previous: dict[int, Any] = {}
    for sig, handler in ((signal.SIGINT, on_signal), (signal.SIGTERM, on_signal),
                         (signal.SIGALRM, on_alarm)):
        previous[sig] = signal.signal(sig, handler)
    sys.unraisablehook = on_unraisable
    if deadline:
        signal.setitimer(signal.ITIMER_REAL, deadline)
    _active.append(True)
    try:
        yield
    finally:
        del _active[:]
        signal.setitimer(signal.ITIMER_REAL, 0)
        until_exit = bool(_absorbing and _absorbing[0])
        for sig, handler in previous.items():
            keep = until_exit and sig in (signal.SIGINT, signal.SIGTERM)
            signal.signal(sig, signal.SIG_IGN if keep else handler)
        if sys.unraisablehook is on_unraisable:
            sys.unraisablehook = previous_hook
        _reset()


def _reset() -> None:
    del _fired[:], _caught[:], _lost[:], _absorbing[:], _deferring[:]


def absorb(*, until_exit: bool = False) -> None:
    """From now to the end of the active guard, SIGINT and SIGTERM are recorded
    (:func:`absorbed`), not raised, and the deadline no longer fires: what follows (the
    reports being written) is finished whatever arrives. ``until_exit``: they stay ignored
    after the guard too (for a process that exits right after it: the command line).
    Without an active guard, nothing happens."""
    if not _active:
        del _absorbed[:]
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    if not _absorbing:  # (called again: what was absorbed meanwhile is kept)
        del _absorbed[:]
    _absorbing[:] = [until_exit]


def absorbed() -> list[str]:
    """The signals (``"SIGINT"``, ``"SIGTERM"``) received since :func:`absorb`."""
    return list(_absorbed)


@contextmanager
def deferred() -> Iterator[None]:
    """A block that a stop does not interrupt (ending the engine: it must not be left
    half-done): a signal or the deadline that arrives inside it is raised as
    :class:`RunStopped` when the block ends."""
    if not _active or _deferring:
        yield
        return
    _deferring.append(True)
    try:
        yield
    finally:
        del _deferring[:]
    check()


def check() -> None:
    """Raise :class:`RunStopped` if the active guard fired and nobody has caught the stop yet
    (its first raise was lost, see the module docstring); otherwise do nothing. Cheap: called
    after every vector and every random game."""
    if _fired and not _caught:
        if _lost:  # (raised here: the retry is not needed any more)
            del _lost[:]
            signal.setitimer(signal.ITIMER_REAL, 0)
        raise RunStopped(_fired[0])


def caught() -> None:
    """Say that the stop was caught and is being handled: :func:`check` no longer raises."""
    _caught.append(True)

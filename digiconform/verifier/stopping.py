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

A signal handler's exception can still be lost: when the signal arrives while a ``__del__``
method or a garbage-collector callback runs, Python prints "Exception ignored" and goes on.
So the guard also remembers that it fired, and :func:`check` (called by the runner after
every vector and every random game) raises :class:`RunStopped` again until a caller has
caught it and said so with :func:`caught`.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["RunStopped", "caught", "check", "stop_guard"]

_fired: list[str] = []
"""The reason the innermost active guard fired (empty: it has not), until :func:`caught`."""
_caught: list[bool] = []


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
    del _fired[:], _caught[:]

    def _raise(reason: str) -> None:
        if _fired:  # once: a second signal while the run unwinds does not interrupt that
            return
        _fired.append(reason)
        raise RunStopped(reason)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        _raise(signal.Signals(signum).name)

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        _raise(f"the deadline of {deadline:g} s was reached")

    previous: dict[int, Any] = {}
    for sig, handler in ((signal.SIGINT, on_signal), (signal.SIGTERM, on_signal),
                         (signal.SIGALRM, on_alarm)):
        previous[sig] = signal.signal(sig, handler)
    if deadline:
        signal.setitimer(signal.ITIMER_REAL, deadline)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        del _fired[:], _caught[:]


def check() -> None:
    """Raise :class:`RunStopped` if the active guard fired and nobody has caught the stop yet
    (its first raise was lost, see the module docstring); otherwise do nothing. Cheap: called
    after every vector and every random game."""
    if _fired and not _caught:
        raise RunStopped(_fired[0])


def caught() -> None:
    """Say that the stop was caught and is being handled: :func:`check` no longer raises."""
    _caught.append(True)

"""Progress of ``digiconform verify`` that people can follow.

- In a terminal, :class:`LiveProgress`: a live display (rich) with one bar for the scenario
  vectors and one for the random games, each naming what runs now, with a time estimate
  from that part's own pace (a random game is much slower than a vector, so one estimate
  over both would be wrong by far).
- Without a terminal (CI logs), :class:`PlainProgress`: one plain line every ``interval``
  seconds with the counts so far, printed by a timer thread, so a log shows progress even
  while a single answer of a slow engine takes minutes.

Both are the ``progress(part, item)`` callback of :func:`digiconform.verifier.runner.verify`:
it is called after each vector (``"scenarios"``, its ID), after each random game
(``"random"``, the number of games played) and when the findings start to be shrunk
(``"shrinking"``, how many).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

DEFAULT_INTERVAL = 20.0
"""Seconds between two plain progress lines (the issue's bound is 30 s)."""

__all__ = ["DEFAULT_INTERVAL", "LiveProgress", "PlainProgress", "Ticker", "duration"]


def duration(seconds: float) -> str:
    """``75`` → ``"1m15s"``; ``4000`` → ``"1h06m"``."""
    s = max(0, int(round(seconds)))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


class Ticker:
    """Calls ``line()`` and prints its result to ``stream`` every ``interval`` seconds, from a
    daemon thread, until :meth:`stop`."""

    def __init__(self, interval: float, line: Callable[[], str], stream: TextIO) -> None:
        self.interval = interval
        self.line = line
        self.stream = stream
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="digiconform-progress",
                                        daemon=True)

    def start(self) -> Ticker:
        """Start printing; returns self."""
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.emit()

    def emit(self) -> None:
        """Print one line now."""
        try:
            print(self.line(), file=self.stream, flush=True)
        except Exception:  # noqa: BLE001 - progress must never break the run
            pass

    def stop(self) -> None:
        """Stop printing (waits for the thread)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)


class _Counts:
    """What has run so far, and the pace of each part."""

    def __init__(self, vectors: Sequence[str], games: int, shrink_seconds: float) -> None:
        self.vectors = list(vectors)
        self.games = games
        self.shrink_seconds = shrink_seconds
        self.done_vectors = 0
        self.done_games = 0
        self.shrinking_since: float | None = None
        self.shrinking = 0
        self.t0 = time.monotonic()
        self.part_started = {"scenarios": self.t0}
        self.last = self.t0

    def update(self, part: str, item: str) -> None:
        now = time.monotonic()
        if part == "scenarios":
            self.done_vectors += 1
        elif part == "random":
            if self.done_games == 0:
                self.part_started["random"] = self.last
            try:
                self.done_games = int(item)
            except ValueError:
                self.done_games += 1
        elif part == "shrinking":
            self.shrinking_since = now
            self.shrinking = int(item) if item.isdigit() else 1
        self.last = now

    def current(self) -> str:
        if self.shrinking_since is not None:
            n = self.shrinking
            return (f"shrinking {n} finding{'s' if n != 1 else ''} "
                    f"({duration(time.monotonic() - self.shrinking_since)} of at most "
                    f"{duration(self.shrink_seconds)})")
        if self.done_vectors < len(self.vectors):
            return f"scenario {self.vectors[self.done_vectors]}"
        if self.done_games < self.games:
            return f"random game {self.done_games + 1} of {self.games}"
        return "finishing"

    def remaining(self) -> str:
        """An estimate from each part's own pace (a part not measured yet is not
        guessed)."""
        now = time.monotonic()
        if self.shrinking_since is not None:
            return (f"at most {duration(self.shrink_seconds - (now - self.shrinking_since))} "
                    "left")
        left = 0.0
        todo_v = len(self.vectors) - self.done_vectors
        if todo_v:
            if not self.done_vectors:
                return "no estimate yet"
            left += todo_v * (self.last - self.part_started["scenarios"]) / self.done_vectors
        todo_g = self.games - self.done_games
        if todo_g:
            if not self.done_games:
                return (f"~{duration(left)} left for the scenarios, then {todo_g} random "
                        "games (estimated after the first)")
            left += todo_g * (self.last - self.part_started["random"]) / self.done_games
        return f"~{duration(max(0.0, left - (now - self.last)))} left"


class PlainProgress:
    """Plain progress lines for a log (see the module docstring); a context manager."""

    def __init__(self, vectors: Sequence[str], games: int, *, stream: TextIO,
                 interval: float = DEFAULT_INTERVAL, shrink_seconds: float = 90.0,
                 label: str = "verify") -> None:
        self.counts = _Counts(vectors, games, shrink_seconds)
        self.stream = stream
        self.label = label
        self.ticker = Ticker(interval, self.line, stream)

    def line(self) -> str:
        """The progress line as of now."""
        c = self.counts
        return (f"{self.label}: {c.done_vectors}/{len(c.vectors)} scenarios, "
                f"{c.done_games}/{c.games} random games, "
                f"{duration(time.monotonic() - c.t0)} elapsed, {c.remaining()}; "
                f"now: {c.current()}")

    def __call__(self, part: str, item: str) -> None:
        self.counts.update(part, item)

    def __enter__(self) -> PlainProgress:
        c = self.counts
        print(f"{self.label}: {len(c.vectors)} scenarios and {c.games} random games to run; "
              f"a progress line every {self.ticker.interval:g} s", file=self.stream, flush=True)
        self.ticker.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.ticker.stop()


class LiveProgress:
    """A live display (rich) for a terminal (see the module docstring); a context manager."""

    def __init__(self, vectors: Sequence[str], games: int, *, stream: TextIO,
                 shrink_seconds: float = 90.0) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.counts = _Counts(vectors, games, shrink_seconds)
        self.progress = Progress(
            TextColumn("{task.fields[label]:<13}"), BarColumn(bar_width=30),
            MofNCompleteColumn(),
            TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
            TextColumn("{task.description}", markup=False),  # (a vector ID, not markup)
            console=Console(file=stream), transient=False, refresh_per_second=4)
        self.vectors_task = self.progress.add_task(
            self._now(), total=len(vectors) or 1, label="scenarios",
            completed=0 if vectors else 1)
        self.games_task = self.progress.add_task("", total=games or 1, label="random games",
                                                 start=False, completed=0 if games else 1)

    def _now(self) -> str:
        text = self.counts.current()
        return text if len(text) <= 72 else text[:71] + "…"

    def __call__(self, part: str, item: str) -> None:
        c = self.counts
        c.update(part, item)
        if part == "scenarios":
            self.progress.update(self.vectors_task, completed=c.done_vectors,
                                 description=self._now() if c.done_vectors < len(c.vectors)
                                 else "done")
            if c.done_vectors == len(c.vectors) and c.games:
                self.progress.start_task(self.games_task)
                self.progress.update(self.games_task, description=c.current())
        elif part == "random":
            self.progress.update(self.games_task, completed=c.done_games,
                                 description=c.current())
        elif part == "shrinking":
            self.progress.update(self.games_task, description=c.current())

    def __enter__(self) -> LiveProgress:
        if not self.counts.vectors and self.counts.games:
            self.progress.start_task(self.games_task)
            self.progress.update(self.games_task, description=self.counts.current())
        self.progress.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.progress.stop()

"""``digiconform serve``: the oracle as a harness-protocol implementation (stdin/stdout)."""

from __future__ import annotations

import sys

import click


@click.command()
def serve() -> None:
    """Speak the harness protocol (docs/PROTOCOL.md) on stdin/stdout, answering as the
    oracle. Ends on ``stop`` or end of input; malformed lines get an ``errored`` answer."""
    from digiconform.harness.serve import serve as run

    # Requests are read as bytes (a line that is not UTF-8 is answered ``errored``); answers
    # go out on a line-buffered text stream: one answer per line, flushed at once.
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[attr-defined]
    sys.exit(run(sys.stdin.buffer))

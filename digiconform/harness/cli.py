"""``digiconform serve``: the oracle as a harness-protocol implementation (stdin/stdout)."""

from __future__ import annotations

import sys

import click

from digiconform.options import format_date_option


@click.command()
@click.option("--format-date", "format_date", default=None, metavar="YYYY-MM-DD",
              callback=lambda _c, _p, v: None if v is None else format_date_option(v),
              help="DCG: the official restricted list in force on this date applies to a "
                   "setup that names no format_date of its own (default: the newest list).")
def serve(format_date: str | None) -> None:
    """Speak the harness protocol (docs/PROTOCOL.md) on stdin/stdout, answering as the
    oracle. Ends on ``stop`` or end of input; malformed lines get an ``errored`` answer."""
    from digiconform.harness.serve import Session
    from digiconform.harness.serve import serve as run

    # Requests are read as bytes (a line that is not UTF-8 is answered ``errored``); answers
    # go out on a line-buffered text stream: one answer per line, flushed at once.
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[attr-defined]
    sys.exit(run(sys.stdin.buffer, session=Session(format_date=format_date)))

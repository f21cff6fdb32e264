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
    from digiconform.harness.serve import main

    sys.exit(main(format_date))

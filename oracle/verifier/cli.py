"""``digiconform verify``, ``digiconform vectors`` and ``digiconform perft`` (thin: each a few
lines over :mod:`oracle.verifier`, :mod:`oracle.vectors` and :mod:`oracle.perft`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

IMPL = click.option("--impl", "command", required=True, metavar="COMMAND",
                    help="How to start the implementation, e.g. \"./engine --harness\" "
                         "(it must speak docs/PROTOCOL.md on stdin/stdout).")
RULESET = click.option("--ruleset", type=click.Choice(["digibattle", "dcg"]),
                       default="digibattle", show_default=True, help="Ruleset to verify.")
TIMEOUT = click.option("--timeout", type=click.FloatRange(0.1, 3600), default=5.0,
                       show_default=True, help="Seconds allowed for each answer.")


@click.command()
@IMPL
@RULESET
@click.option("--clause", "clauses", multiple=True, metavar="ID",
              help="Only scenarios checking this clause (prefix: DB-C runs all of C).")
@click.option("--tag", "tags", multiple=True, metavar="TAG", help="Only scenarios with a tag.")
@click.option("--scenario", "scenarios", multiple=True, metavar="ID",
              help="Only the scenario with this ID (repeatable).")
@click.option("--games", type=click.IntRange(0), default=40, show_default=True,
              help="Differential random games (0: none).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the random games.")
@click.option("--skip", "skip_file", type=click.Path(dir_okay=False, exists=True),
              default=None, help="File of scenario IDs to skip, each with '# reason'.")
@TIMEOUT
@click.option("--shrink-seconds", type=click.FloatRange(0), default=40.0, show_default=True,
              help="Time allowed for shrinking a divergence.")
@click.option("--traces", "trace_dir", type=click.Path(file_okay=False),
              default="digiconform-traces", show_default=True,
              help="Where a shrunk divergence is saved as a trace file.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Write the JSON report (schemas/report.schema.json).")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), default=None,
              help="Write a JUnit XML report.")
@click.option("--markdown", "markdown_path", type=click.Path(dir_okay=False), default=None,
              help="Write a Markdown compliance table (clause x result).")
@click.option("--vectors", "vectors_path", type=click.Path(file_okay=False, exists=True),
              default=None, help="Scenario vectors to run (default: the shipped ones).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when stderr is a terminal).")
def verify(command: str, ruleset: str, clauses: tuple[str, ...], tags: tuple[str, ...],
           scenarios: tuple[str, ...], games: int, seed: int, skip_file: str | None,
           timeout: float, shrink_seconds: float, trace_dir: str, report_path: str | None,
           junit_path: str | None, markdown_path: str | None, vectors_path: str | None,
           progress: bool | None) -> None:
    """Check an implementation against the suite: every scenario vector, differential
    random games against the oracle, and the reading it follows for each ambiguity.

    Exit 0 when everything required passed, 1 otherwise, 2 on bad usage.
    """
    from oracle.vectors import load_vectors
    from oracle.verifier.report import markdown, terminal, write_json, write_junit
    from oracle.verifier.runner import Options, parse_skip_file, select
    from oracle.verifier.runner import verify as run

    skips = parse_skip_file(Path(skip_file).read_text(encoding="utf-8")) if skip_file else {}
    opts = Options(command, ruleset, clauses, tags, scenarios, games, seed, skips, timeout,
                   shrink_seconds, Path(trace_dir),
                   Path(vectors_path) if vectors_path else None)
    show = sys.stderr.isatty() if progress is None else progress
    total = len(select(load_vectors(opts.vectors, kind="scenario"), opts)) + games
    if show:
        with click.progressbar(length=total, label="verifying", file=sys.stderr,
                               show_pos=True) as bar:
            report = run(opts, progress=lambda part, item: bar.update(1))
    else:
        report = run(opts)
    click.echo(terminal(report))
    for path, writer in ((report_path, write_json), (junit_path, write_junit)):
        if path:
            writer(report, Path(path))
            click.echo(f"wrote {path}")
    if markdown_path:
        Path(markdown_path).write_text(markdown(report), encoding="utf-8")
        click.echo(f"wrote {markdown_path}")
    sys.exit(0 if report.ok else 1)

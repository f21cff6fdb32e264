"""``digiconform verify``, ``digiconform vectors`` and ``digiconform perft`` (thin: each a few
lines over :mod:`digiconform.verifier`, :mod:`digiconform.vectors` and :mod:`digiconform.perft`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from digiconform.options import Float, Int
from digiconform.verifier.progress import DEFAULT_INTERVAL

IMPL = click.option("--impl", "command", required=True, metavar="COMMAND",
                    help="How to start the implementation, e.g. \"./engine --harness\" "
                         "(it must speak docs/PROTOCOL.md on stdin/stdout). Split like a "
                         "shell would (shlex) but run WITHOUT a shell: no cd, &&, pipes or "
                         "$VARS unless --impl-shell.")
IMPL_SHELL = click.option("--impl-shell", is_flag=True,
                          help="Run --impl through /bin/sh -c (for \"cd engine && ./run\").")


def impl_command(command: str, shell: bool) -> str:
    """The command the harness runs: ``command`` itself, or with ``shell`` the same through
    ``sh -c`` (the harness splits the result with :func:`shlex.split`, so quoting holds)."""
    import shlex

    return f"sh -c {shlex.quote(command)}" if shell else command


def check_clauses(clauses: tuple[str, ...], ruleset: str) -> None:
    """Refuse a ``--clause`` that selects no clause of ``ruleset``.

    :raises click.BadParameter: unknown, or a clause of the other ruleset (say which).
    """
    from digiconform.clauses import RULESETS
    from digiconform.clauses import clauses as registry

    def hits(want: str, rs: str) -> bool:
        return any(c.id == want or c.id.startswith(want) for c in registry(rs))

    for want in clauses:
        if hits(want, ruleset):
            continue
        other = next((rs for rs in RULESETS if rs != ruleset and hits(want, rs)), None)
        if other:
            raise click.BadParameter(f"{want} is a {other} clause: add --ruleset {other}",
                                     param_hint="--clause")
        raise click.BadParameter(f"no {ruleset} clause is or starts with {want!r} (see "
                                 f"digiconform clauses --ruleset {ruleset})",
                                 param_hint="--clause")
RULESET = click.option("--ruleset", type=click.Choice(["digibattle", "dcg"]),
                       default="digibattle", show_default=True, help="Ruleset to verify.")
DEFAULT_DEADLINE = 1800.0
"""``verify --deadline`` default (s): half an hour fits a CI job's limit with room to spare;
a full default run against the bundled oracle takes seconds (7-9 s measured on a
busy 2-core machine)."""

TIMEOUT = click.option("--timeout", type=Float(0.1, 3600), default=5.0,
                       show_default=True, help="Seconds allowed for each answer.")


@click.command()
@IMPL
@IMPL_SHELL
@RULESET
@click.option("--clause", "clauses", multiple=True, metavar="ID",
              help="Only scenarios checking this clause (prefix: DB-C runs all of C).")
@click.option("--tag", "tags", multiple=True, metavar="TAG", help="Only scenarios with a tag.")
@click.option("--scenario", "scenarios", multiple=True, metavar="ID",
              help="Only the scenario with this ID (repeatable).")
@click.option("--games", type=Int(0, 100_000), default=40, show_default=True,
              help="Differential random games (0: none).")
@click.option("--seed", type=Int(0, 2 ** 63 - 1), default=0, show_default=True,
              help="Seed of the random games.")
@click.option("--skip", "skip_file", type=click.Path(dir_okay=False, exists=True),
              default=None, help="File of scenario IDs to skip, each with '# reason'.")
@click.option("--deck", "deck_names", multiple=True, metavar="NAME",
              help="A shipped deck the random games draw each seat's deck from (repeatable; "
                   "`digiconform data path deck` lists them). Default: the ruleset's own "
                   "choice (Digi-Battle: the Starter decks and decks built from the card "
                   "set; dcg: a third of the games each red-memory against blue-tempo, the "
                   "same with test-only cards, and the ST-1 deck against the ST-2 deck).")
@click.option("--deck-file", "deck_files", multiple=True, metavar="FILE",
              type=click.Path(dir_okay=False, exists=True),
              help="A deck JSON file the random games draw from too (repeatable).")
@TIMEOUT
@click.option("--budget", type=Float(0, 86_400), default=30.0, show_default=True,
              help="Seconds for the random games once one diverged: they go on after a "
                   "divergence, and new games are started until --games were played or "
                   "this time (since the first game) is up.")
@click.option("--shrink-seconds", type=Float(0, 86_400), default=90.0, show_default=True,
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
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Write the compliance page: one self-contained HTML file.")
@click.option("--progress/--no-progress", default=True, show_default=True,
              help="Show progress on stderr: a live bar in a terminal, otherwise a plain "
                   "line every --progress-interval seconds.")
@click.option("--progress-interval", type=Float(0.1, 30), default=DEFAULT_INTERVAL,
              show_default=True, help="Seconds between plain progress lines (no terminal).")
@click.option("--deadline", type=Float(0, 7 * 86_400), default=DEFAULT_DEADLINE,
              show_default=True,
              help="Seconds the whole run may take (0: no limit). When they are up the run "
                   "stops and every report asked for is written, marked partial (exit 3, "
                   "INCONCLUSIVE, or 1 when a failure was already shown). "
                   "SIGINT (Ctrl-C) and SIGTERM do the same.")
@click.option("--format-date", "format_date", default=None, metavar="YYYY-MM-DD",
              help="DCG: the official restricted list in force on this date is the deck "
                   "format; every DCG setup sent names it (format_date), default the newest "
                   "list's date. The report states it.")
def verify(command: str, impl_shell: bool, ruleset: str, clauses: tuple[str, ...],
           tags: tuple[str, ...], scenarios: tuple[str, ...], games: int, seed: int,
           skip_file: str | None, timeout: float, budget: float, shrink_seconds: float,
           trace_dir: str, report_path: str | None, junit_path: str | None,
           markdown_path: str | None, vectors_path: str | None, html_path: str | None,
           progress: bool, progress_interval: float, deadline: float,
           deck_names: tuple[str, ...] = (), deck_files: tuple[str, ...] = (),
           format_date: str | None = None) -> None:
    """Check an implementation against the suite: every scenario vector, differential
    random games against the oracle, and the reading it follows for each ambiguity.

    The output paths are checked before the run starts. The run ends in one of three
    outcomes (docs/PROTOCOL.md, "Outcomes and exit codes"): exit 0 PASS (everything required
    ran to its end and passed), 1 FAIL (the engine was shown wrong at least once), 3
    INCONCLUSIVE (nothing shown wrong, but something was not tested: an error of the
    verifier, refused set-ups, nothing checked, a run stopped by --deadline, SIGINT or
    SIGTERM); 2 on bad usage. A report that could not be written makes the exit code at
    least 1.
    """
    from digiconform.options import check_output_dir, check_output_file, random_game_decks
    from digiconform.vectors import vector_index
    from digiconform.verifier.games import drawing_decks
    from digiconform.verifier.progress import LiveProgress, PlainProgress
    from digiconform.verifier.runner import Options, parse_skip_file, select, stopped_before_start
    from digiconform.verifier.runner import verify as run
    from digiconform.verifier.stopping import RunStopped, absorb, absorbed, caught, stop_guard
    from oracle.inputs import read_text

    check_clauses(clauses, ruleset)
    if format_date is not None:
        from digiconform.options import format_date_option

        format_date = format_date_option(format_date)
    elif ruleset == "dcg":
        from digiconform.options import newest_format_date

        format_date = newest_format_date()
    decks = random_game_decks(ruleset, deck_names, deck_files, format_date)
    # Checked before the run (and before the deadline can cut anything short).
    outputs = [(check_output_file(p, opt), opt) for p, opt in (
        (report_path, "--report"), (junit_path, "--junit"), (markdown_path, "--markdown"),
        (html_path, "--html"))]
    named = [p.resolve() for p, _ in outputs if p is not None]
    if len(set(named)) != len(named):
        raise click.BadParameter("two reports would be written to the same file",
                                 param_hint="--report/--junit/--markdown/--html")
    check_output_dir(trace_dir, "--traces")
    skips = parse_skip_file(read_text(skip_file)) if skip_file is not None else {}
    opts = Options(impl_command(command, impl_shell), ruleset, clauses, tags, scenarios, games,
                   seed, skips, timeout, shrink_seconds, Path(trace_dir),
                   Path(vectors_path) if vectors_path else None, budget,
                   format_date=format_date if ruleset == "dcg" else None)
    report = None
    # The guard spans the run and the writing of the reports (digiconform.verifier.stopping):
    # the first SIGINT/SIGTERM (or the deadline) stops the run, and from the end of the run
    # on, signals are absorbed: every report asked for is finished and says what ran.
    with stop_guard(deadline or None), drawing_decks(ruleset, decks):
        try:
            try:
                # Every selected vector reports progress, skipped ones too, in this order.
                planned = [v["id"] for v in select(
                    vector_index(opts.vectors, kind="scenario", ruleset=ruleset), opts)]
                if not progress:
                    report = run(opts)
                elif sys.stderr.isatty():
                    with LiveProgress(planned, games, stream=sys.stderr,
                                      shrink_seconds=shrink_seconds) as bar:
                        report = run(opts, progress=bar)
                else:
                    with PlainProgress(planned, games, stream=sys.stderr,
                                       interval=progress_interval,
                                       shrink_seconds=shrink_seconds) as lines:
                        report = run(opts, progress=lines)
            finally:
                absorb(until_exit=_standalone())
        except RunStopped as e:  # stopped before the run began (or just after it ended)
            caught()
            absorb(until_exit=_standalone())
            if report is None:
                report = stopped_before_start(opts, e.reason)
        failed = write_reports(report, report_path, junit_path, markdown_path, html_path)
    late = absorbed()
    if late:
        click.echo(f"digiconform: {' and '.join(dict.fromkeys(late))} while the reports were "
                   "written: they were finished first", err=True)
    code = report.exit_code
    sys.exit(code if code or not failed else 1)


def _standalone() -> bool:
    """Is this the ``digiconform`` process itself (:func:`digiconform.__main__.run`), which
    exits once ``verify`` is done (not a test calling the command in-process)?"""
    # (``python -m digiconform`` runs it as ``__main__``, the ``digiconform`` script imports it)
    return any(getattr(sys.modules.get(name), "STANDALONE", False)
               for name in ("__main__", "digiconform.__main__"))


def write_reports(report: Any, report_path: str | None, junit_path: str | None,
                  markdown_path: str | None, html_path: str | None) -> list[str]:
    """Print the terminal summary and write every report asked for, each atomically
    (:mod:`digiconform.atomic`): one that fails is said on stderr (``digiconform: error:
    the JUnit report could not be written to PATH: why``) and the others are written all
    the same.

    :returns: the names of the reports that could not be written.
    """
    from digiconform.atomic import write_text
    from digiconform.verifier.report import markdown, terminal, write_json, write_junit

    def html(r: Any, path: Path) -> None:
        from digiconform.verifier.html import write as write_html
        from digiconform.verifier.report import document

        write_html(document(r), path)

    from digiconform.cli import one_line

    failed = []
    try:
        click.echo(terminal(report))
    except Exception as e:  # noqa: BLE001 - the console's failure must not stop the reports
        failed.append("terminal")
        click.echo(f"digiconform: error: the terminal summary could not be printed: "
                   f"{one_line(f'{type(e).__name__}: {e}')}", err=True)
    for name, path, writer in (
            ("JSON", report_path, write_json), ("JUnit", junit_path, write_junit),
            ("Markdown", markdown_path, lambda r, p: write_text(p, markdown(r))),
            ("HTML", html_path, html)):
        if not path:
            continue
        try:
            writer(report, Path(path))
        except Exception as e:  # noqa: BLE001 - one report's failure must not stop the others
            failed.append(name)
            click.echo(f"digiconform: error: the {name} report could not be written to "
                       f"{one_line(path)}: {one_line(f'{type(e).__name__}: {e}')}", err=True)
            continue
        click.echo(f"wrote {path}")
    return failed


@click.command("report")
@click.argument("report_path", type=click.Path(dir_okay=False, exists=True))
@click.option("--html", "html_path", type=click.Path(dir_okay=False), required=True,
              help="Where to write the compliance page.")
def report_command(report_path: str, html_path: str) -> None:
    """Render a JSON report (from verify --report) as the compliance page: one
    self-contained HTML file. Exit 2 on a file that is not a valid report (the JSON path of
    the first problem) or an output path that cannot be written."""
    from digiconform.options import check_output_file
    from digiconform.verifier.html import write
    from digiconform.verifier.summary import ReportError, load

    out = check_output_file(html_path, "--html")
    assert out is not None
    try:
        (doc,) = load([report_path])
    except ReportError as e:
        raise click.BadParameter(str(e), param_hint="REPORT") from e
    write(doc, out)
    click.echo(f"wrote {html_path}")


@click.command("summary")
@click.argument("report_paths", nargs=-1, required=True,
                type=click.Path(dir_okay=False, exists=True))
@click.option("--format", "fmt", type=click.Choice(["terminal", "markdown", "html"]),
              default="terminal", show_default=True)
@click.option("--output", "-o", "out", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of stdout.")
def summary_command(report_paths: tuple[str, ...], fmt: str, out: str | None) -> None:
    """Several engines' JSON reports side by side: clauses x engines and ambiguity readings
    x engines. Exit 1 when any report failed, 2 on a file that is not a valid report (the
    JSON path of the first problem) or an output path that cannot be written."""
    from digiconform.options import check_output_file
    from digiconform.verifier import summary as sm

    target = check_output_file(out, "--output")
    try:
        s = sm.summarize(sm.load(report_paths))
    except sm.ReportError as e:
        raise click.BadParameter(str(e), param_hint="REPORT") from e
    text = {"terminal": sm.terminal, "markdown": sm.markdown, "html": sm.html}[fmt](s)
    if target is not None:
        from digiconform.atomic import write_text

        write_text(target, text)
        click.echo(f"wrote {out}")
    else:
        click.echo(text, nl=False)
    sys.exit(0 if s.all_ok else 1)


@click.group()
def vectors() -> None:
    """Language-neutral test vectors (schemas/vector.schema.json)."""


@vectors.command("export")
@click.argument("out_dir", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True,
              help="Write into a non-empty directory that an earlier export did not write "
                   "(files of the same names are overwritten; nothing is deleted).")
def vectors_export(out_dir: str, force: bool) -> None:
    """Write every scenario and perft vector to OUT_DIR with the schemas, the bundled card set
    and decks, and a README.

    OUT_DIR must be new, empty, or written by an earlier export (it holds the marker file
    .digiconform-export.json, which lists the files written: re-exporting replaces them and
    removes those no longer exported). Symlinks are never followed; nothing else is deleted.
    """
    from digiconform.vectors import export

    counts = export(Path(out_dir), force=force)
    click.echo(f"wrote {', '.join(f'{n} {k} vectors' for k, n in sorted(counts.items()))} "
               f"to {out_dir}")


@vectors.command("check")
@click.argument("vector_dir", type=click.Path(file_okay=False, exists=True), required=False)
@click.option("--impl", "command", default=None, metavar="COMMAND",
              help="Replay the scenario vectors through this implementation (default: the "
                   "oracle, in-process).")
@TIMEOUT
def vectors_check(vector_dir: str | None, command: str | None, timeout: float) -> None:
    """Validate every vector (default: the shipped ones), replay the scenario vectors and
    recompute the perft counts with the oracle. Exit 1 on any failure (a vector that
    checks nothing included), 2 when VECTOR_DIR holds no vector at all."""
    from digiconform.harness import ProtocolDriver
    from digiconform.perft import check_vector
    from digiconform.vectors import load_vectors, run_vector
    from oracle.driver import OracleDriver

    docs = load_vectors(Path(vector_dir) if vector_dir is not None else None)
    if not docs:
        raise click.BadParameter(f"no *.vector.json file under {vector_dir}: nothing to check",
                                 param_hint="VECTOR_DIR")
    driver = ProtocolDriver(command, timeout=timeout) if command else OracleDriver()
    bad = 0
    try:
        for doc in docs:
            if doc["kind"] == "scenario":
                res = run_vector(driver, doc)
                ok, why = res.status == "pass", f"{res.status}: {res.reason}"
            else:
                why = check_vector(doc) or ""
                ok = not why
            if not ok:
                bad += 1
                click.echo(f"FAIL {doc['id']}: {why}")
    finally:
        driver.close()
    click.echo(f"{len(docs) - bad} of {len(docs)} vectors pass")
    sys.exit(1 if bad else 0)


@vectors.command("record")
def vectors_record() -> None:
    """(From a source checkout.) Re-record the scenario vectors by running the features
    against the oracle, and recompute the perft vectors."""
    from digiconform.perft import write_vectors
    from digiconform.vectors import record

    try:
        counts = record()
    except RuntimeError as e:
        first, _, rest = str(e).partition("\n")
        if rest:
            click.echo(rest, err=True)
        err = click.ClickException(first)
        err.exit_code = 2
        raise err from e
    click.echo(f"scenario vectors: {counts['written']} written, {counts['dropped']} dropped "
               "(scenarios that do not pass on the oracle)")
    click.echo(f"perft vectors: {len(write_vectors())} written")


@click.command()
@click.argument("name", required=False)
@click.option("--depth", type=Int(1, 12), default=None,
              help="Depth (default: the position's recorded depth).")
@click.option("--divide", "show_divide", is_flag=True,
              help="Split the count at DEPTH by first action.")
@click.option("--list", "list_only", is_flag=True, help="List the named positions.")
def perft(name: str | None, depth: int | None, show_divide: bool, list_only: bool) -> None:
    """Count the legal action sequences from a named position (chance pinned): the counts
    for depths 1..DEPTH, or with --divide the split by first action."""
    from digiconform.perft import BY_NAME, POSITIONS, divide, position
    from digiconform.perft import perft as count

    if name is None and (show_divide or depth is not None):
        raise click.UsageError(f"--{'divide' if show_divide else 'depth'} needs a position "
                               "NAME (see --list)")
    if list_only or name is None:
        for p in POSITIONS:
            click.echo(f"{p.name:<18} depth {p.depths:<2} {p.description}")
        return
    if name not in BY_NAME:
        raise click.BadParameter(f"unknown position {name!r}; see --list", param_hint="NAME")
    state, _path, _game = position(name)
    depth = depth or BY_NAME[name].depths
    if show_divide:
        total = 0
        for action, n in sorted(divide(state, depth).items()):
            click.echo(f"{action}: {n}")
            total += n
        click.echo(f"total {total}")
        return
    for d in range(1, depth + 1):
        click.echo(f"depth {d}: {count(state, d)}")


def replay_through(trace: dict, command: str, timeout: float, fmt: str) -> int:
    """``digiconform replay TRACE --impl COMMAND``: print the result; return the exit code."""
    import json

    from digiconform.verifier.impl_replay import replay_impl
    from oracle.replay import replay

    # The trace itself first: its recorded steps must be legal and its states the oracle's.
    own = replay(trace)
    div, n = replay_impl(trace, command, timeout)
    trace_problem = None if own.ok else {
        "step": own.failed_step, "clause": own.clause, "reason": own.reason,
        "differences": [{"path": p, "expected": e, "recorded": a}
                        for p, e, a in own.differences[:10]]}
    code = 0 if div is None and own.ok else 1
    if fmt == "json":
        click.echo(json.dumps({
            "ok": code == 0, "actions": n, "trace_problem": trace_problem,
            "divergence": None if div is None else {
                "kind": div.kind, "step": div.step, "clause": div.clause,
                "message": div.message, "explanation": div.explanation, "code": div.code,
                "action": div.actions[div.step] if 0 <= div.step < len(div.actions) else None,
                "expected": div.expected, "actual": div.actual,
                "differences": [{"path": p, "expected": e, "actual": a}
                                for p, e, a in div.differences]}}, indent=2, default=str))
        return code
    if not own.ok:
        where = "the result" if own.failed_step == len(trace["steps"]) else \
            f"step {own.failed_step}"
        click.echo(f"TRACE INVALID at {where}: "
                   + (f"[{own.clause}] " if own.clause else "") + f"{own.reason}")
        for p, e, a in own.differences[:5]:
            click.echo(f"  {p}: oracle {json.dumps(e, default=str)} / trace "
                       f"{json.dumps(a, default=str)}")
        click.echo("  (its actions were still replayed through the implementation, in "
                   "lockstep with the oracle)")
    if div is None:
        click.echo(f"{'OK' if own.ok else 'The implementation agrees'}: {n} actions replayed "
                   f"through {command}; every answer matches the oracle")
    else:
        where = "new_game" if div.step < 0 else f"action {div.step}"
        act = json.dumps(div.actions[div.step]) if div.step >= 0 else ""
        click.echo(f"FAIL at {where} {act}".rstrip())
        click.echo(f"  [{div.clause or '?'}] {div.kind}: {div.message}")
        if div.explanation:
            click.echo(f"  {div.explanation}")
        for p, e, a in div.differences[:10]:
            click.echo(f"  {p}: oracle {json.dumps(e, default=str)} / implementation "
                       f"{json.dumps(a, default=str)}")
    return code


class Duration(click.ParamType):
    """A duration: ``90``, ``90s``, ``10m``, ``1h30m``."""

    name = "DURATION"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        from digiconform.verifier.fuzz import parse_duration

        if isinstance(value, int | float):
            return float(value)
        try:
            return parse_duration(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)


@click.command("fuzz")
@IMPL
@IMPL_SHELL
@RULESET
@click.option("--budget", type=Duration(), required=True,
              help="How long to play: 90s, 10m, 1h30m.")
@click.option("--database", default="digiconform-fuzz-db", show_default=True,
              metavar="DIR|redis://HOST:PORT",
              help="The example database shared by workers: a directory, or Hypothesis's "
                   "Redis database.")
@click.option("--seed", type=Int(0, 2 ** 63 - 1), default=None,
              help="Seed of the first round (default: random, so that workers play "
                   "different games).")
@TIMEOUT
@click.option("--shrink-seconds", type=Float(0, 86_400), default=30.0, show_default=True,
              help="Time allowed for shrinking each new finding.")
@click.option("--max-findings", type=Int(1, 1_000_000), default=None,
              help="Stop after this many groups of findings.")
@click.option("--generate/--no-generate", default=True, show_default=True,
              help="Play new games; --no-generate only replays the database (and what "
                   "other workers add to it during the budget).")
@click.option("--traces", "trace_dir", type=click.Path(file_okay=False),
              default="digiconform-traces", show_default=True,
              help="Where each finding is saved as a trace file.")
@click.option("--findings", "findings_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the findings as JSON.")
@click.option("--progress-interval", type=Float(0.1, 30), default=DEFAULT_INTERVAL,
              show_default=True, help="Seconds between two status lines on stderr.")
@click.option("--format-date", "format_date", default=None, metavar="YYYY-MM-DD",
              help="DCG: the official restricted list in force on this date is the deck "
                   "format; every DCG setup sent names it (format_date). Default: the setups "
                   "name none (the engine's own default).")
def fuzz_command(command: str, impl_shell: bool, ruleset: str, budget: float, database: str,
                 seed: int | None, timeout: float, shrink_seconds: float,
                 max_findings: int | None, generate: bool, trace_dir: str,
                 findings_path: str | None, progress_interval: float,
                 format_date: str | None = None) -> None:
    """Play differential games against the oracle for --budget, print each new finding
    (grouped by kind, clause and differing fields) as it comes, and share every finding's
    game through an example database. Exit 1 when anything was found, 130 when interrupted
    (Ctrl-C) before finding anything, 0 otherwise."""
    import json
    import random

    from digiconform.options import check_output_dir, check_output_file
    from digiconform.verifier.fuzz import FuzzError, FuzzResult, describe, fuzz, open_database
    from digiconform.verifier.progress import Ticker, duration

    cmd = impl_command(command, impl_shell)
    if format_date is not None:
        from digiconform.options import format_date_option

        if ruleset != "dcg":
            raise click.UsageError("--format-date is a dcg option (with --ruleset dcg)")
        format_date = format_date_option(format_date)
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    # Every output path checked before the budget starts, not after it (issue 29).
    findings_file = check_output_file(findings_path, "--findings")
    check_output_dir(trace_dir, "--traces")
    if not database.startswith(("redis://", "rediss://", "unix://")):
        check_output_dir(database, "--database")
    try:
        db = open_database(database)
    except FuzzError as e:
        raise click.BadParameter(str(e), param_hint="--database") from e
    click.echo(f"fuzz: {cmd} ({ruleset}), budget {duration(budget)}, database {database}, "
               f"seed {seed}" + ("" if generate else ", replaying the database only"))
    stats = FuzzResult()
    t0 = time.monotonic()

    def line() -> str:
        return (f"fuzz: {stats.games} games ({stats.steps} actions), {len(stats.findings)} "
                f"findings, {stats.replayed} games replayed from the database, "
                f"{duration(time.monotonic() - t0)} of {duration(budget)}")

    def show(f: Any) -> None:
        for text in describe(len(stats.findings), f):
            click.echo(text)
        sys.stdout.flush()

    ticker = Ticker(progress_interval, line, sys.stderr).start()
    try:
        res = fuzz(cmd, budget=budget, database=db, ruleset=ruleset, seed=seed,
                   timeout=timeout, shrink_seconds=shrink_seconds, generate=generate,
                   max_findings=max_findings, trace_dir=Path(trace_dir), on_finding=show,
                   stats=stats, format_date=format_date)
    except FuzzError as e:
        first, _, rest = str(e).partition("\n")
        click.echo(f"digiconform: error: {first}", err=True)
        if rest:
            click.echo(rest, err=True)
        sys.exit(1)
    finally:
        ticker.stop()
    click.echo(f"fuzz: {res.games} games ({res.steps} actions) in {res.seconds:.1f} s, "
               f"{res.replayed} replayed from the database; {len(res.findings)} findings"
               + (f"; stopped: {res.stopped}" if res.stopped else ""))
    for f in res.findings:
        click.echo(f"  {f.count:>4} x {f.key} ({f.source})")
    if findings_file is not None:
        findings_file.write_text(json.dumps([f.to_json() for f in res.findings],
                                            indent=2, default=str) + "\n", encoding="utf-8")
        click.echo(f"wrote {findings_path}")
    sys.exit(1 if res.findings else 130 if res.stopped and "SIGINT" in res.stopped else 0)

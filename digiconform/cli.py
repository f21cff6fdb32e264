"""``digiconform``: the command line. Each subcommand is a few lines over the library.

Exit codes: 0 success; 1 a check failed (verification, replay); 2 bad input or usage (one
clear line on stderr, never a traceback).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from digiconform.options import Float, Int
from digiconform.options import parse_variants as parse_variants
from oracle.errors import OracleError

VARIANT = click.option(
    "--variant", "variant", multiple=True, metavar="ID=READING",
    help="Choose a reading of an ambiguity, e.g. DB-AMB-6=not-final (repeatable).")
TARGET = click.option("--target", type=Int(1, 1000), default=1000, show_default=True,
                      help="Points that win the game (DB-C.9).")
SEED = click.option("--seed", type=Int(0, 2 ** 63 - 1), default=0, show_default=True,
                    help="Seed of the random players and chance outcomes.")
CARDS = click.option("--cards", "cards_path", type=click.Path(dir_okay=False), default=None,
                     help="A card-set JSON file (default: the bundled Upper Deck set).")
DECKS = click.option("--deck", "deck_paths", multiple=True, type=click.Path(dir_okay=False),
                     help="Deck JSON file; give twice for seats 0 and 1 (default: the two "
                          "Starter decks).")
RULESET = click.option("--ruleset", type=click.Choice(["digibattle", "dcg"]),
                       default="digibattle", show_default=True,
                       help="digibattle (Digi-Battle Arena) or dcg (Digimon Card Game 2020, "
                            "chapter 6, on real cards: the decks red-memory and blue-tempo).")


def load_game(cards_path: str | None, deck_paths: tuple[str, ...], target: int,
              variants: dict[str, str], max_duels: int | None = None) -> Any:
    """Build a Digi-Battle :class:`~oracle.digibattle.Game` from CLI options (all validated)."""
    from oracle.cards import (
        card_set_from_json,
        deck_from_json,
        default_card_set,
        default_decks,
        load_json,
    )
    from oracle.digibattle import Game

    card_set = (card_set_from_json(load_json(cards_path, "card-set")) if cards_path is not None
                else default_card_set())
    if deck_paths:
        if len(deck_paths) != 2:
            raise click.BadParameter("give --deck twice (seat 0, then seat 1)")
        decks = tuple(deck_from_json(load_json(p, "deck")) for p in deck_paths)
    else:
        decks = default_decks()
    return Game(card_set, (decks[0].cards, decks[1].cards), target, variants, max_duels)


def one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line: control characters (a newline in a file name or a JSON key)
    written as escapes, clipped to ``limit`` characters."""
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


def error_line(message: str) -> str:
    """The one line every refusal is: ``digiconform: error: <message>``."""
    return f"digiconform: error: {one_line(message)}"


def _import_quietly(module: str) -> Any:
    """Import ``module`` (a subcommand's) as :mod:`digiconform.__main__` imports the command
    line: Ctrl-C meanwhile ends the process at once with ``digiconform: interrupted`` and
    exit code 130 (when Python's own SIGINT handler is the one in place, in the main
    thread; otherwise a plain import)."""
    import importlib
    import signal
    import threading

    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        return importlib.import_module(module)
    from digiconform.__main__ import _interrupted

    previous = signal.signal(signal.SIGINT, _interrupted)
    try:
        return importlib.import_module(module)
    finally:
        signal.signal(signal.SIGINT, previous)


class Group(click.Group):
    """Turns every refusal into one line on stderr and exit code 2: the oracle's input
    errors (``$.path: reason``), unreadable files, and click's usage errors (a bad option
    value: ``--timeout: 'nan' is not a finite number``), which click would otherwise print
    as a usage block."""

    lazy_commands: dict[str, str] = {}
    """Subcommands defined elsewhere, by name: ``"module:attribute"``, imported when asked
    for (``serve`` does not import the verifier, nor ``verify`` the deck tools)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            module, attr = self.lazy_commands[cmd_name].split(":")
            self.add_command(getattr(_import_quietly(module), attr), cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # (Ctrl-C outside a command's own handling: said as on the command line's import,
            # not as click says it, a blank line first)
            click.echo("digiconform: interrupted", err=True)
            ctx.exit(130)
        except OracleError as e:
            click.echo(error_line(str(e)), err=True)
            ctx.exit(2)
        except BrokenPipeError:  # output piped into `head` and closed: not an error
            sys.stderr.close()
            ctx.exit(0)
        except OSError as e:
            click.echo(error_line(str(e)), err=True)
            ctx.exit(2)

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        """click's ``main``, with usage errors said in one line (exit 2) and Ctrl-C outside
        ``verify`` (which writes a partial report) said as ``interrupted`` (exit 130)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            # Not standalone, click returns the code of ctx.exit(code) instead of exiting.
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.ClickException as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # a group without a command: its help
                e.show()
                sys.exit(e.exit_code)
            hint = ""
            if isinstance(e, click.UsageError) and e.ctx is not None:
                hint = f" (see {e.ctx.command_path} --help)"
            click.echo(error_line(e.format_message() + hint), err=True)
            sys.exit(e.exit_code)
        except (click.Abort, KeyboardInterrupt):
            click.echo("digiconform: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else 0)


@click.group(cls=Group)
@click.version_option(package_name="digiconform")
def main() -> None:
    """Rules-conformance suite and reference oracle for Digimon card games."""


@main.command()
@RULESET
@SEED
@TARGET
@VARIANT
@CARDS
@DECKS
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False), default=None,
              help="Write the whole game (initial state, then each action with the state "
                   "after it) as JSON (schemas/trace.schema.json).")
@click.option("--quiet", is_flag=True, help="Print only the result line.")
@click.option("--max-duels", type=Int(0, 1_000_000), default=100, show_default=True,
              help="Referee's safeguard, not a rule: stop the game undecided after this many "
                   "Duels (0: no limit). Some readings can stall a game for ever, e.g. "
                   "DB-AMB-3=just-sent once both players hold only tying Rookies.")
@click.option("--format-date", "format_date", default=None, metavar="YYYY-MM-DD",
              help="dcg: the official restricted list in force on this date is the deck "
                   "format (CR4.2 Deck construction; default: the newest list); the trace "
                   "records it.")
def play(ruleset: str, seed: int, target: int, variant: tuple[str, ...], cards_path: str | None,
         deck_paths: tuple[str, ...], trace_path: str | None, quiet: bool,
         max_duels: int, format_date: str | None) -> None:
    """Play one complete game between two random legal players (Starter decks by default;
    with --ruleset dcg the red-memory and blue-tempo decks, or --deck/--cards DCG JSON)."""
    from digiconform.options import check_output_file, format_date_option

    check_output_file(trace_path, "--trace")  # before the game, not after it
    if ruleset == "dcg":
        from digiconform.dcg_playlog import play_command

        _only_digibattle("target", "max_duels")
        date = None if format_date is None else format_date_option(format_date)
        play_command(seed, parse_variants(variant), cards_path, deck_paths, trace_path, quiet,
                     click.echo, format_date=date)
        return
    if format_date is not None:
        raise click.UsageError("--format-date is a dcg option (with --ruleset dcg)")
    from digiconform.playlog import describe_step, result_line
    from oracle.digibattle import new_game
    from oracle.selfplay import play as selfplay
    from oracle.trace import build_trace, write_trace

    game = load_game(cards_path, deck_paths, target, parse_variants(variant), max_duels or None)
    initial = new_game(game)
    steps = []
    try:
        for step in selfplay(game, seed):
            steps.append(step)
            if not quiet:
                for line in describe_step(step):
                    click.echo(line)
    except RuntimeError as e:  # the step guard of oracle.selfplay (only with --max-duels 0)
        raise click.ClickException(f"{e}; give --max-duels N to stop a stalled game") from None
    final = steps[-1].state if steps else initial
    click.echo(result_line(final))
    if trace_path:
        write_trace(Path(trace_path), build_trace(game, initial, steps, meta={"seed": seed}))
        click.echo(f"trace written to {trace_path}")


@main.command()
@click.option("--games", type=Int(1, 1_000_000), default=300, show_default=True,
              help="Games to play.")
@RULESET
@TARGET
@VARIANT
@click.option("--instructions/--no-instructions", default=None,
              help="Count instructions per step with valgrind's cachegrind (stable where CPU "
              "seconds are not). Default: counted when valgrind is on PATH, CPU-second rates "
              "only otherwise.")
@click.option("--instruction-games", type=Int(2, 1_000_000), default=20, show_default=True,
              help="Games played under cachegrind for the count (the first of the --games "
              "seeds; cachegrind runs ~50x slower than the CPU).")
def bench(games: int, ruleset: str, target: int, variant: tuple[str, ...],
          instructions: bool | None, instruction_games: int) -> None:
    """Benchmark the oracle: random games on one core; prints steps/s and games/s per CPU
    second and, when valgrind is installed (or with --instructions), instructions per step.

    Instructions per step are cachegrind's count of ``bench --games K`` minus that of
    ``bench --games 1`` (interpreter start-up and imports drop out), divided by the steps in
    between; K is ``min(--games, --instruction-games)``."""
    if ruleset == "dcg":
        from oracle.dcg import DcgConfig, make_game
        from oracle.dcg.selfplay import play as selfplay

        _only_digibattle("target")
        game: Any = make_game(DcgConfig(variants=parse_variants(variant)))
    else:
        from oracle.selfplay import play as selfplay  # type: ignore[assignment]

        game = load_game(None, (), target, parse_variants(variant))
    steps = 0
    steps_of: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        for _ in selfplay(game, seed):
            steps += 1
        steps_of.append(steps)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    click.echo(f"{games} games, {steps} steps in {dt:.2f} s wall, {cpu:.2f} s CPU "
               f"(one core, Python {sys.version.split()[0]})")
    click.echo(f"{steps / dt:,.0f} steps/s ({steps / cpu:,.0f} per CPU second)")
    click.echo(f"{games / dt:,.1f} games/s ({games / cpu:,.1f} per CPU second)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    if load > 1.5:
        click.echo(f"note: load average {load:.1f}: other processes share the CPU, so the "
                   "wall-clock rates understate the oracle")
    if instructions is False:
        return
    import shutil

    if shutil.which("valgrind") is None:
        click.echo("note: valgrind is not installed: no instruction count (the CPU-second "
                   "rates above stand)")
        return
    k = min(games, instruction_games)
    if k < 2:
        click.echo("note: no instruction count for a single game (it is the start-up "
                   "baseline); give --games 2 or more")
        return
    args = ["--ruleset", ruleset, *(a for v in variant for a in ("--variant", v))]
    if ruleset != "dcg":
        args += ["--target", str(target)]
    per_step = _instructions_per_step(args, k, steps_of[k - 1] - steps_of[0])
    click.echo(f"{per_step:,.0f} instructions per step (cachegrind: {k} games minus 1 game, "
               "start-up excluded)")


def _instructions_per_step(args: list[str], games: int, steps_between: int) -> float:
    """Instructions per step of ``digiconform bench ARGS`` counted by cachegrind: a run of
    ``games`` games minus a run of 1 game, divided by ``steps_between`` (the steps of games
    2 … ``games``). Needs valgrind on PATH.

    :raises click.ClickException: valgrind failed or printed no count."""
    import re
    import subprocess

    counts = []
    for n in (1, games):
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             "--cachegrind-out-file=/dev/null", sys.executable, "-m", "digiconform", "bench",
             *args, "--games", str(n), "--no-instructions"],
            capture_output=True, text=True)
        m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        if out.returncode != 0 or m is None:
            tail = out.stderr.strip().splitlines()[-1:] or ["no output"]
            raise click.ClickException(f"cachegrind gave no instruction count: {tail[0]}")
        counts.append(int(m.group(1).replace(",", "")))
    return (counts[1] - counts[0]) / steps_between


def _only_digibattle(*params: str) -> None:
    """Refuse Digi-Battle-only options given with ``--ruleset dcg``.

    :raises click.UsageError: such an option was given on the command line.
    """
    ctx = click.get_current_context()
    for name in params:
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--{name.replace('_', '-')} is a Digi-Battle option (not with "
                                   "--ruleset dcg)")


def _emit_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False))


main.lazy_commands = {  # type: ignore[attr-defined]
    "serve": "digiconform.harness.cli:serve",
    "verify": "digiconform.verifier.cli:verify",
    "vectors": "digiconform.verifier.cli:vectors",
    "perft": "digiconform.verifier.cli:perft",
    "report": "digiconform.verifier.cli:report_command",
    "summary": "digiconform.verifier.cli:summary_command",
    "fuzz": "digiconform.verifier.cli:fuzz_command",
    "clauses": "digiconform.clauses:clauses_command",
    "ambiguities": "digiconform.ambiguities:ambiguities_command",
    "data": "digiconform.data_cli:data_group",
    "deck": "digiconform.deck:deck_command",
}


if __name__ == "__main__":  # pragma: no cover
    main()


@main.command()
@click.argument("trace_path", type=click.Path(dir_okay=False))
@VARIANT
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--impl", "command", default=None, metavar="COMMAND",
              help="Replay the trace through this implementation (harness protocol), in "
                   "lockstep with the oracle.")
@click.option("--timeout", type=Float(0.1, 3600), default=5.0, show_default=True,
              help="Seconds allowed for each answer (with --impl).")
def replay(trace_path: str, variant: tuple[str, ...], fmt: str, command: str | None,
           timeout: float) -> None:
    """Check a recorded game (trace JSON) step by step against the oracle.

    Exit 0 when every step is legal and every recorded state matches; 1 otherwise.
    """
    from oracle.replay import replay as run_replay
    from oracle.trace import read_trace

    trace = read_trace(Path(trace_path))
    if command:
        from digiconform.verifier.cli import replay_through

        sys.exit(replay_through(trace, command, timeout, fmt))
    result = run_replay(trace, parse_variants(variant))
    if fmt == "json":
        _emit_json(result.to_json())
    elif result.ok:
        click.echo(f"OK: {result.steps} steps replayed, every state matches the oracle")
    else:
        n = len(trace["steps"])
        where = ("initial state" if result.failed_step == -1 else "result"
                 if result.failed_step == n else f"step {result.failed_step}")
        action = (trace["steps"][result.failed_step]["action"]
                  if result.failed_step is not None and 0 <= result.failed_step < n else None)
        click.echo(f"FAIL at {where}" + (f": {json.dumps(action)}" if action else ""))
        if result.clause:
            click.echo(f"  refused by the oracle [{result.clause}]: {result.reason}")
        else:
            click.echo(f"  {result.reason}")
        for p, e, a in result.differences:
            click.echo(f"  {p}: oracle {json.dumps(e)} / trace {json.dumps(a)}")
    sys.exit(0 if result.ok else 1)

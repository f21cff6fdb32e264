"""The README's benchmark table: the oracle, the verifier per action and ``serve`` per request.

Three measurements, run in interleaved rounds (so that the other work on a shared machine
weighs on all of them alike), each as CPU seconds and, when valgrind is installed, as
instruction counts (cachegrind's "I refs", which stay put while CPU seconds move by ±10 %):

- **oracle** — ``digiconform bench`` for each ruleset: steps per CPU second, instructions per
  step (``bench --instructions``: a run of N games minus a run of 1, so start-up drops out).
- **verifier per random-game action** — :func:`digiconform.verifier.differential.
  run_differential` against ``digiconform serve``, in this process: the verifier's own CPU
  per lockstep action (the oracle stepping beside the implementation, drawing, comparing,
  the protocol; not the implementation's time). Instructions: the same run under cachegrind
  (the ``serve`` child is not traced), N games minus 2.
- **serve per request** — ``digiconform serve`` reading a recorded request stream (the
  requests the verifier sends: ``new_game``, then per step ``legal_actions`` when a player is
  to move and ``action``), minus a stream of one game, per request; *beyond the rules step*:
  minus the rules' own ``new_game`` / ``legal_actions`` / ``apply`` on the same requests (a
  replay of the stream on the ruleset's values minus a replay that only decodes it).

Usage::

    python tools/benchmark.py --save now.json           # measure, print the table
    python tools/benchmark.py --figures now.json --before before.json --write README.md
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
BEGIN, END = "<!-- benchmark table: tools/benchmark.py -->", "<!-- end of benchmark table -->"


# ---------------------------------------------------------------------------------------------
# The workloads (each also runs as ``python tools/benchmark.py _NAME ARGS`` under cachegrind)


def _setup(ruleset: str) -> dict[str, Any]:
    from oracle import rulesets

    setup = rulesets.get(ruleset).default_setup()
    return setup


def verifier_run(games: int, ruleset: str = "digibattle") -> tuple[int, float]:
    """Play ``games`` lockstep games against ``digiconform serve``; ``(actions, verifier CPU
    seconds)`` (this process only)."""
    from digiconform.harness.driver import ProtocolDriver
    from digiconform.verifier.differential import run_differential

    driver = ProtocolDriver([PY, "-m", "digiconform", "serve"])
    try:
        ready = driver.ready
        prefix = "DCG-" if ruleset == "dcg" else "DB-"
        readings = {k: v for k, v in ready.readings.items() if k.startswith(prefix)}
        c0 = time.process_time()
        res = run_differential(driver, games=games, seed=0, legal=ready.capabilities.legal_actions,
                               readings=readings, any_reading=ready.capabilities.variants,
                               ruleset=ruleset, shrink_seconds=0)
        cpu = time.process_time() - c0
    finally:
        driver.close()
    if res.divergence is not None or res.notes:
        raise RuntimeError(f"the oracle diverged from itself: {res.notes or res.divergence}")
    return res.steps, cpu


def request_stream(games: int, ruleset: str = "digibattle") -> list[str]:
    """The request lines the verifier would send for ``games`` seeded self-play games."""
    from digiconform.harness.messages import Action, LegalActions, NewGame, Start, Stop

    setup = _setup(ruleset)
    if ruleset == "dcg":
        from oracle.dcg import game_from_setup, new_game
        from oracle.dcg.selfplay import play
    else:
        from oracle.digibattle import game_from_setup, new_game  # type: ignore[assignment]
        from oracle.selfplay import play  # type: ignore[assignment]
    game = game_from_setup(setup)
    seq = 0
    lines = [Start().to_json()]
    for seed in range(games):
        seq += 1
        lines.append(NewGame(seq, setup).to_json())
        state = new_game(game)
        for step in play(game, seed):
            if isinstance(state.to_move, int):
                seq += 1
                lines.append(LegalActions(seq).to_json())
            seq += 1
            lines.append(Action(seq, step.action.to_json()).to_json())
            state = step.state
    lines.append(Stop().to_json())
    return [json.dumps(d, separators=(",", ":")) for d in lines]


def rules_replay(path: str, ruleset: str = "digibattle", parse_only: bool = False) -> int:
    """Replay a request stream on the rules alone (``legal_actions`` and ``apply`` on the
    ruleset's own values, no JSON out); with ``parse_only`` only decode it. Returns the
    number of requests."""
    from oracle import rulesets

    rs = rulesets.get(ruleset)
    docs = [json.loads(line) for line in Path(path).read_text().splitlines()]
    plan: list[tuple[str, Any]] = []
    for d in docs:
        if d["cmd"] == "new_game":
            plan.append(("new", rs.game_from_setup(d["setup"])))
        elif d["cmd"] == "action":
            plan.append(("act", rs.action_from_json(d["action"])))
        elif d["cmd"] == "legal_actions":
            plan.append(("legal", None))
    if parse_only:
        return len(plan)
    state = None
    for kind, arg in plan:
        if kind == "new":
            state = rs.new_game(arg)
        elif kind == "act":
            state, _ = rs.apply(state, arg)
        else:
            rs.legal_actions(state)
    return len(plan)


# ---------------------------------------------------------------------------------------------
# Measuring


def instructions(argv: list[str], stdin: str | None = None) -> int | None:
    """cachegrind's "I refs" of running ``argv`` (None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         *argv], input=stdin, capture_output=True, text=True, check=True, cwd=ROOT)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        raise RuntimeError(f"no instruction count from valgrind: {out.stderr[-500:]}")
    return int(m.group(1).replace(",", ""))


def child_cpu(argv: list[str], stdin: str | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of running ``argv`` to its end, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, input=stdin, capture_output=True, text=True, check=True,
                         cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out.stdout)


def bench_cpu(ruleset: str, games: int) -> float:
    """Steps per CPU second of ``digiconform bench``."""
    _, out = child_cpu([PY, "-m", "digiconform", "bench", "--ruleset", ruleset,
                        "--games", str(games)])
    m = re.search(r"\(([\d,]+) per CPU second\)", out)
    assert m, out
    return float(m.group(1).replace(",", ""))


def bench_instructions(ruleset: str, games: int) -> float | None:
    """Instructions per step of ``digiconform bench`` (as ``bench --instructions`` counts
    them: ``games`` games minus 1 game, over the steps in between; counted here directly so
    that older checkouts, without that option, can be measured the same way)."""
    argv = [PY, "-m", "digiconform", "bench", "--ruleset", ruleset, "--games"]
    a = instructions([*argv, "1"])
    if a is None:
        return None
    b = instructions([*argv, str(games)])
    assert b is not None
    steps = []
    for n in (1, games):
        _, out = child_cpu([*argv, str(n)])
        steps.append(int(re.search(r"games, (\d+) steps", out).group(1)))  # type: ignore[union-attr]
    return (b - a) / (steps[1] - steps[0])


def serve_cpu(stream: str, short: str) -> float:
    """``serve`` CPU seconds for ``stream`` minus ``short`` (start-up and one game)."""
    full, _ = child_cpu([PY, "-m", "digiconform", "serve"], stream)
    base, _ = child_cpu([PY, "-m", "digiconform", "serve"], short)
    return full - base


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print (``--write``: also put into the README) the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=200, help="bench games per round")
    ap.add_argument("--verify-games", type=int, default=40)
    ap.add_argument("--serve-games", type=int, default=40)
    ap.add_argument("--write", type=Path, help="replace the table in this Markdown file")
    ap.add_argument("--before", type=Path,
                    help="JSON file of the figures before (merged into the table)")
    ap.add_argument("--save", type=Path, help="write the figures as JSON")
    if argv is None and len(sys.argv) > 1 and sys.argv[1].startswith("_"):
        return _worker(sys.argv[1:])
    ap.add_argument("--figures", type=Path,
                    help="render the table from this JSON file of a --save run (no measuring)")
    args = ap.parse_args(argv)
    if args.figures:
        before = json.loads(args.before.read_text()) if args.before else {}
        return _output(render(json.loads(args.figures.read_text()), before), args.write)

    load0 = os.getloadavg()
    rulesets = ("digibattle", "dcg")
    tmp = Path(tempfile.mkdtemp(prefix="digiconform-bench-"))
    streams = {}
    for rs in rulesets:
        full = "\n".join(request_stream(args.serve_games, rs)) + "\n"
        short = "\n".join(request_stream(1, rs)) + "\n"
        (tmp / f"{rs}.jsonl").write_text(full)
        (tmp / f"{rs}-short.jsonl").write_text(short)
        streams[rs] = (full, short, full.count("\n") - short.count("\n"))
    cpu: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for rs in rulesets:
            cpu.setdefault(f"bench {rs}", []).append(bench_cpu(rs, args.games))
            steps, v = verifier_run(args.verify_games, rs)
            cpu.setdefault(f"verifier {rs}", []).append(v / steps * 1e6)
            full, short, n = streams[rs]
            cpu.setdefault(f"serve {rs}", []).append(serve_cpu(full, short) / n * 1e6)
    figures: dict[str, Any] = {k: statistics.median(v) for k, v in cpu.items()}
    for rs in rulesets:
        figures[f"bench {rs} instructions"] = bench_instructions(rs, 60)
        figures[f"verifier {rs} instructions"] = _verifier_instructions(rs, args.verify_games)
        full, short, n = streams[rs]
        figures[f"serve {rs} instructions"] = _serve_instructions(tmp, rs, n)
    load1 = os.getloadavg()
    figures["when"] = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    figures["machine"] = (f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}"
                          f", Python {platform.python_version()}")
    figures["load"] = f"{min(load0[0], load1[0]):.1f}–{max(load0[0], load1[0]):.1f}"
    figures["rounds"] = args.rounds
    if args.save:
        args.save.write_text(json.dumps(figures, indent=2) + "\n")
    before = json.loads(args.before.read_text()) if args.before else {}
    return _output(render(figures, before), args.write)


def _output(table: str, readme: Path | None) -> int:
    """Print ``table``; with ``readme``, put it between the table markers there."""
    print(table)
    if readme:
        text = readme.read_text()
        start, stop = text.index(BEGIN), text.index(END)
        readme.write_text(text[:start] + BEGIN + "\n" + table + "\n" + text[stop:])
    return 0


def _verifier_instructions(ruleset: str, games: int) -> float | None:
    me = str(Path(__file__).resolve())
    a = instructions([PY, me, "_verifier", "1", ruleset])
    if a is None:
        return None
    b = instructions([PY, me, "_verifier", str(games), ruleset])
    steps_a = verifier_steps(1, ruleset)
    steps_b = verifier_steps(games, ruleset)
    assert b is not None
    return (b - a) / (steps_b - steps_a)


def verifier_steps(games: int, ruleset: str) -> int:
    """How many actions ``games`` verifier games take (the games are seeded)."""
    out = subprocess.run([PY, str(Path(__file__).resolve()), "_verifier", str(games), ruleset],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return int(out.stdout.split()[0])


def _serve_instructions(tmp: Path, ruleset: str, n: int) -> dict[str, float] | None:
    full = (tmp / f"{ruleset}.jsonl").read_text()
    short = (tmp / f"{ruleset}-short.jsonl").read_text()
    serve = [PY, "-m", "digiconform", "serve"]
    a = instructions(serve, short)
    if a is None:
        return None
    b = instructions(serve, full)
    me = str(Path(__file__).resolve())
    path = str(tmp / f"{ruleset}.jsonl")
    run = instructions([PY, me, "_rules", path, ruleset])
    parse = instructions([PY, me, "_rules", path, ruleset, "parse"])
    assert b is not None and run is not None and parse is not None
    per = (b - a) / n
    step = (run - parse) / full.count("\n")
    return {"per_request": per, "rules": step, "beyond": per - step}


def _worker(argv: list[str]) -> int:
    if argv[0] == "_verifier":
        steps, _ = verifier_run(int(argv[1]), argv[2])
        print(steps)
    elif argv[0] == "_rules":
        print(rules_replay(argv[1], argv[2], parse_only=len(argv) > 3))
    else:
        raise SystemExit(f"unknown worker {argv[0]}")
    return 0


# ---------------------------------------------------------------------------------------------
# The table


def _n(x: float | None, unit: str = "") -> str:
    return "—" if x is None else f"{x:,.0f}{unit}"


def render(f: dict[str, Any], before: dict[str, Any]) -> str:
    """The Markdown table of ``f`` (with the ``before`` figures beside, where given)."""
    def b(key: str, sub: str | None = None, unit: str = "") -> str:
        v = before.get(key)
        if isinstance(v, dict) and sub:
            v = v.get(sub)
        return _n(v, unit) if v is not None else "—"

    rows = [
        "| what | target | before | now |",
        "| --- | --- | --- | --- |",
    ]
    for rs, target in (("digibattle", 70_000), ("dcg", 150_000)):
        name = "Digi-Battle" if rs == "digibattle" else "DCG"
        rows.append(f"| {name} oracle, instructions per step (`bench --instructions`) | "
                    f"≤ {target:,} | {b(f'bench {rs} instructions')} | "
                    f"{_n(f.get(f'bench {rs} instructions'))} |")
        rows.append(f"| {name} oracle, steps per CPU second (`bench`) | — | "
                    f"{b(f'bench {rs}')} | {_n(f.get(f'bench {rs}'))} |")
        rows.append(f"| {name}: verifier CPU per random-game action | ≤ 100 µs | "
                    f"{b(f'verifier {rs}', unit=' µs')} | {_n(f.get(f'verifier {rs}'), ' µs')} |")
        rows.append(f"| {name}: verifier instructions per action | — | "
                    f"{b(f'verifier {rs} instructions')} | "
                    f"{_n(f.get(f'verifier {rs} instructions'))} |")
        s = f.get(f"serve {rs} instructions") or {}
        sb = before.get(f"serve {rs} instructions") or {}
        rows.append(f"| {name}: `serve` CPU per request (all of it) | — | "
                    f"{b(f'serve {rs}', unit=' µs')} | {_n(f.get(f'serve {rs}'), ' µs')} |")
        rows.append(f"| {name}: `serve` instructions per request: all / rules step / beyond | "
                    f"— | {_n(sb.get('per_request'))} / {_n(sb.get('rules'))} / "
                    f"{_n(sb.get('beyond'))} | {_n(s.get('per_request'))} / "
                    f"{_n(s.get('rules'))} / {_n(s.get('beyond'))} |")
    rows.append("")
    rows.append(f"Measured {f['when']} on {f['machine']}, load average {f['load']} (other "
                f"sessions sharing the cores), {f['rounds']} interleaved rounds (CPU figures "
                "are medians); before: " + (before.get("when", "—") + " " +
                                            before.get("note", "")).strip() + ".")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())

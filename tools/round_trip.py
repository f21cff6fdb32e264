"""Issue 27's round trip measured: instructions of the whole tree, and what the lockstep costs.

Two measurements of lockstep random games (``run_differential`` against ``python -m
digiconform serve``, as ``tools/benchmark.py``'s verifier worker plays them: one warm-up game,
then N games; the engine's answer timeout is 600 s, as ``serve`` starts slowly under
valgrind):

- ``instructions`` — cachegrind's instruction counts of the whole process tree (the verifier
  and ``serve``, ``--trace-children=yes``), N games minus 1 game, per action, each process's
  share apart. Steady under load (``PYTHONHASHSEED=0``; bytecode compiled by a first,
  unmeasured run).
- ``switching`` — CPU seconds (user + system), everything pinned to core 0: ``serve``
  answering the request stream of N games minus that of 1 game read from a file (no lockstep:
  the same requests, no waiting on the verifier) against ``serve`` in lockstep over the same
  games (its CPU: the tree's minus the verifier's own) and the whole tree, per request /
  action; ``--rounds`` interleaved rounds.

Usage::

    python tools/round_trip.py instructions --ruleset digibattle --games 10
    python tools/round_trip.py switching --ruleset digibattle --games 10 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable


def lockstep(games: int, ruleset: str, record: str | None = None) -> int:
    """Play one warm-up game and ``games`` lockstep games; the actions of the ``games``
    (``record``: ``serve``'s requests of the ``games`` are also written to this file)."""
    from digiconform.harness.driver import ProtocolDriver
    from digiconform.verifier.differential import run_differential

    serve = [PY, "-m", "digiconform", "serve"]
    driver = ProtocolDriver(serve, timeout=600)
    try:
        ready = driver.ready
        prefix = "DCG-" if ruleset == "dcg" else "DB-"
        readings = {k: v for k, v in ready.readings.items() if k.startswith(prefix)}

        def run(n: int, seed: int, drv: Any) -> Any:
            return run_differential(drv, games=n, seed=seed, legal=True, readings=readings,
                                    any_reading=True, ruleset=ruleset, shrink_seconds=0)

        run(1, 999, driver)
        if record is not None:  # (the games' requests as serve reads them)
            driver.close()
            driver = ProtocolDriver(["sh", "-c", 'tee "$0" | "$1" -m digiconform serve',
                                     record, PY], timeout=600)
        res = run(games, 0, driver)
    finally:
        driver.close()
    if res.divergence is not None or res.notes:
        raise RuntimeError(f"the oracle diverged from itself: {res.notes or res.divergence}")
    return int(res.steps)


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": "0",
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _me(*args: Any) -> list[str]:
    return [PY, str(Path(__file__).resolve()), *map(str, args)]


def _traced(games: int, ruleset: str, out: Path) -> tuple[int, int, int]:
    """(actions, verifier instructions, serve instructions) of one traced lockstep run."""
    out.mkdir(parents=True)
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
         f"--cachegrind-out-file={out}/cg.%p", *_me("_lockstep", games, ruleset)],
        capture_output=True, text=True, check=True, env=_env(), cwd=ROOT)
    actions = json.loads(proc.stdout.strip().splitlines()[-1])["actions"]
    verifier = serve = 0
    for f in out.glob("cg.*"):
        text = f.read_text()
        cmd = re.search(r"^cmd: (.*)$", text, re.M)
        total = re.search(r"^summary: (\d+)", text, re.M)
        if cmd is None or total is None:
            continue
        if "_lockstep" in cmd.group(1):
            verifier += int(total.group(1))
        elif "serve" in cmd.group(1):
            serve += int(total.group(1))
    return actions, verifier, serve


def instructions(ruleset: str, games: int) -> dict[str, float]:
    subprocess.run(_me("_lockstep", 1, ruleset), check=True, env=_env(), cwd=ROOT,
                   capture_output=True)  # (bytecode compiled)
    with tempfile.TemporaryDirectory() as tmp:
        a = _traced(1, ruleset, Path(tmp) / "1")
        b = _traced(games, ruleset, Path(tmp) / "n")
    n = b[0] - a[0]
    verifier, serve = (b[1] - a[1]) / n, (b[2] - a[2]) / n
    return {"actions": n, "tree": verifier + serve, "verifier": verifier, "serve": serve}


def _cpu(argv: list[str], stdin: Any = None) -> tuple[float, str]:
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, stdin=stdin, capture_output=True, text=True, check=True,
                         env=_env(), cwd=ROOT).stdout
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, out


def switching(ruleset: str, games: int, rounds: int) -> list[dict[str, float]]:
    os.sched_setaffinity(0, {0})
    with tempfile.TemporaryDirectory() as tmp:
        streams = {n: Path(tmp) / f"stream{n}" for n in (1, games)}
        for n, path in streams.items():
            subprocess.run(_me("_lockstep", n, ruleset, path), check=True, env=_env(),
                           cwd=ROOT, capture_output=True)
        requests = {n: len(p.read_bytes().splitlines()) for n, p in streams.items()}
        out = []
        for _ in range(rounds):
            cpu = {}
            for n, path in streams.items():
                with path.open("rb") as f:
                    cpu[n] = _cpu([PY, "-m", "digiconform", "serve"], f)[0]
            tree = {}
            for n in (1, games):
                c, text = _cpu(_me("_lockstep", n, ruleset))
                got = json.loads(text.strip().splitlines()[-1])
                tree[n] = (c, got["actions"], c - got["self"])  # (the tree, its serve)
            actions = tree[games][1] - tree[1][1]
            out.append({
                "serve_from_file_us": (cpu[games] - cpu[1]) / (requests[games] - requests[1])
                * 1e6,
                "lockstep_serve_us": (tree[games][2] - tree[1][2]) / actions * 1e6,
                "lockstep_tree_us": (tree[games][0] - tree[1][0]) / actions * 1e6,
                "load": os.getloadavg()[0]})
    return out


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "_lockstep":
        games, ruleset = int(sys.argv[2]), sys.argv[3]
        record = sys.argv[4] if len(sys.argv) > 4 else None
        actions = lockstep(games, ruleset, record)
        while True:  # (serve reaped, its CPU counted: the driver may close it unwaited)
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
        me = resource.getrusage(resource.RUSAGE_SELF)
        print(json.dumps({"actions": actions, "self": me.ru_utime + me.ru_stime}))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["instructions", "switching"])
    ap.add_argument("--ruleset", default="digibattle", choices=["digibattle", "dcg"])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.what == "instructions":
        print(json.dumps(instructions(args.ruleset, args.games)))
    else:
        for r in switching(args.ruleset, args.games, args.rounds):
            print(json.dumps(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

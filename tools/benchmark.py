"""The README's benchmark table: the oracle, the verifier per action and ``serve`` per request.

Four measurements, run in interleaved rounds (so that the other work on a shared machine
weighs on all of them alike), as CPU seconds and, when valgrind is installed, as instruction
counts (cachegrind's "I refs", which stay put while CPU seconds move by ±10 % or more):

- **oracle** — ``digiconform bench`` for each ruleset: steps per CPU second, instructions per
  step (a run of N games minus a run of 1, so start-up drops out, as ``bench --instructions``).
- **verifier per random-game action** — :func:`digiconform.verifier.differential.
  run_differential` against ``digiconform serve``, in a worker process, after one warm-up
  game (imports and compiled schemas are not per action): the verifier's own CPU per lockstep
  action (the oracle stepping beside the implementation, choosing, comparing, the protocol;
  not the implementation's time). Instructions: the same worker under cachegrind (the
  ``serve`` child is not traced), N games minus 1.
- **serve per request** — ``digiconform serve`` reading a recorded request stream (the
  requests the verifier sends an engine without the capability ``inline_legal_actions``:
  ``new_game``, then per step ``legal_actions`` when a player is to move and ``action``; a
  stream every checkout's ``serve`` answers), minus a stream of one game, per request;
  *beyond the rules step*:
  minus the rules' own ``new_game`` / ``legal_actions`` / ``apply`` on the same requests (a
  replay of the stream on the ruleset's values minus a replay that only decodes it), in CPU
  microseconds and in instructions.
- **verify with and without random games** — ``digiconform verify`` (in a worker:
  :func:`digiconform.verifier.runner.verify`) against ``serve`` with ``--games 0`` and
  ``--games 160``: the verifier's CPU and the engine's (issue 14: the 160 games may cost at
  most 4× the CPU of ``--games 0``, the engine's own time apart).

Issue 27's rows (``--only startup`` measures just these, into their own table):

- **``verify --games 0`` CPU** — the command ``python -m digiconform verify --impl "python -m
  digiconform serve" --ruleset R --games 0 --no-progress --report FILE`` run to its end: user +
  system CPU of the whole process tree (the verifier process from its interpreter's start, and
  ``serve``, reaped), read with ``getrusage`` (``RUSAGE_SELF`` + ``RUSAGE_CHILDREN``) by a few
  lines of ``python -c`` that run the command in process with ``runpy``.
- **peak RSS** — of that same run and of the ``verify --games 160`` run above: ``ru_maxrss``
  of the verifier process itself (``RUSAGE_SELF``) and of ``serve`` (``RUSAGE_CHILDREN``: the
  only child), the larger of the two runs; MB = 2^20 bytes.
- **whole-tree CPU per random-game action, one core** — the verifier-per-action worker with
  itself and ``serve`` pinned to core 0 (each checkout's verifier and ``serve`` as they are:
  since issue 27 ``serve`` declares ``inline_legal_actions``, so one request per action)
  (``os.sched_setaffinity`` before ``serve`` starts,
  inherited): the verifier's CPU over the games plus ``serve``'s whole CPU (reaped), for N
  games minus the same for 1 game (start-up and the warm-up game cancel), over the actions in
  between.

Every command runs from bytecode, as an installed package does: the workers' environment drops
``PYTHONDONTWRITEBYTECODE`` and caches each checkout's bytecode under its own
``PYTHONPYCACHEPREFIX`` in a temporary directory (so the checkouts are not written to), filled
by one unmeasured run first.

With ``--before-checkout DIR`` the same measurements of another checkout (e.g. the code
before issue 14, ``git worktree add /tmp/before ba3bd20`` or an extracted archive) run in the
same rounds, interleaved, and fill the table's "before" column. Each checkout is measured by
workers of this script run with that checkout first on ``sys.path``, so only the public
entry points named above are used.

Usage::

    python tools/benchmark.py --before-checkout /tmp/before --write README.md
    python tools/benchmark.py --save now.json           # measure, print the table
    python tools/benchmark.py --figures now.json --before before.json --write README.md
    python tools/benchmark.py --only startup --before-checkout /tmp/before --write README.md
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
ME = Path(__file__).resolve()
PY = sys.executable
BEGIN, END = "<!-- benchmark table: tools/benchmark.py -->", "<!-- end of benchmark table -->"
SBEGIN, SEND = ("<!-- start-up table: tools/benchmark.py --only startup -->",
                "<!-- end of start-up table -->")
PYC = Path(tempfile.gettempdir()) / f"digiconform-bench-pyc-{os.getuid()}"
RULESETS = ("digibattle", "dcg")


# ---------------------------------------------------------------------------------------------
# The workloads (each runs as ``python tools/benchmark.py _NAME --root DIR ARGS``, with DIR's
# code first on sys.path, under cachegrind too)


def _setup(ruleset: str) -> dict[str, Any]:
    from oracle import rulesets

    return rulesets.get(ruleset).default_setup()  # type: ignore[no-any-return]


def _serve_command() -> list[str]:
    return [PY, "-m", "digiconform", "serve"]


def verifier_run(games: int, ruleset: str = "digibattle") -> tuple[int, float]:
    """Play one warm-up game, then ``games`` lockstep games against ``digiconform serve``;
    ``(actions, verifier CPU seconds)`` of the ``games`` (this process only)."""
    from digiconform.harness.driver import ProtocolDriver
    from digiconform.verifier.differential import run_differential

    driver = ProtocolDriver(_serve_command())
    try:
        ready = driver.ready
        prefix = "DCG-" if ruleset == "dcg" else "DB-"
        readings = {k: v for k, v in ready.readings.items() if k.startswith(prefix)}

        def run(n: int, seed: int) -> Any:
            return run_differential(driver, games=n, seed=seed,
                                    legal=ready.capabilities.legal_actions, readings=readings,
                                    any_reading=ready.capabilities.variants, ruleset=ruleset,
                                    shrink_seconds=0)

        run(1, 999)  # warm-up: imports, compiled schemas, the engine's own start
        c0 = time.process_time()
        res = run(games, 0)
        cpu = time.process_time() - c0
    finally:
        driver.close()
    if res.divergence is not None or res.notes:
        raise RuntimeError(f"the oracle diverged from itself: {res.notes or res.divergence}")
    return res.steps, cpu


def tree_run(games: int, ruleset: str = "digibattle") -> dict[str, float]:
    """:func:`verifier_run` with this process and ``serve`` pinned to core 0: the actions
    and the verifier's CPU of the ``games``, and ``serve``'s whole CPU (reaped at the end)."""
    os.sched_setaffinity(0, {0})
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    steps, cpu = verifier_run(games, ruleset)
    while True:  # (``serve`` reaped: the driver may close it without waiting for it)
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"actions": steps, "self": cpu,
            "serve": c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime}


def verify_run(games: int, ruleset: str = "digibattle") -> dict[str, float]:
    """``digiconform verify --impl "digiconform serve" --games N`` in this process: the
    verifier's CPU seconds (``self``) and the engine's (``engine``, the reaped children)."""
    from digiconform.verifier.runner import Options, verify

    r0 = resource.getrusage(resource.RUSAGE_SELF)
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    report = verify(Options(" ".join(_serve_command()), ruleset=ruleset, games=games,
                            trace_dir=None))
    wall = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not report.ok:
        raise RuntimeError(f"verify of serve failed: {[f.message for f in report.failures]}")
    return {"self": r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime,
            "engine": c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, "wall": wall,
            "rss_self": r1.ru_maxrss / 1024, "rss_serve": c1.ru_maxrss / 1024}


STARTUP = """\
import resource, runpy, sys
out = sys.argv.pop(1)
sys.argv[0] = "digiconform"
try:
    runpy.run_module("digiconform", run_name="__main__", alter_sys=True)
except SystemExit as e:
    code = e.code
else:
    code = 0
s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    f.write(repr({"code": code, "self": s.ru_utime + s.ru_stime,
                  "serve": c.ru_utime + c.ru_stime, "rss_self": s.ru_maxrss / 1024,
                  "rss_serve": c.ru_maxrss / 1024}))
"""


def startup_argv(ruleset: str, out: Path, report: Path) -> list[str]:
    """The ``verify --games 0`` command (see the module's docstring), its figures to
    ``out``."""
    return [PY, "-c", STARTUP, str(out), "verify", "--impl", " ".join(_serve_command()),
            "--ruleset", ruleset, "--games", "0", "--no-progress", "--report", str(report)]


def request_stream(games: int, ruleset: str = "digibattle") -> list[str]:
    """The request lines the verifier would send for ``games`` seeded self-play games."""
    from oracle import rulesets

    if ruleset == "dcg":
        from oracle.dcg.selfplay import play
    else:
        from oracle.selfplay import play  # type: ignore[assignment]
    rs = rulesets.get(ruleset)
    setup = _setup(ruleset)
    game = rs.game_from_setup(setup)
    seq = 0
    lines: list[dict[str, Any]] = [{"cmd": "start", "version": 1}]
    for seed in range(games):
        seq += 1
        lines.append({"cmd": "new_game", "seq": seq, "setup": setup})
        state = rs.new_game(game)
        for step in play(game, seed):
            if isinstance(state.to_move, int):
                seq += 1
                lines.append({"cmd": "legal_actions", "seq": seq})
            seq += 1
            lines.append({"cmd": "action", "seq": seq, "action": step.action.to_json()})
            state = step.state
    lines.append({"cmd": "stop"})
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


def _worker(argv: list[str]) -> int:
    """``_NAME --root DIR ARGS``: one workload, its result on stdout."""
    name, root, args = argv[0], argv[2], argv[3:]
    assert argv[1] == "--root"
    sys.path.insert(0, root)
    if name == "_verifier":
        steps, cpu = verifier_run(int(args[0]), args[1])
        print(json.dumps({"actions": steps, "cpu": cpu}))
    elif name == "_verify":
        print(json.dumps(verify_run(int(args[0]), args[1])))
    elif name == "_tree":
        print(json.dumps(tree_run(int(args[0]), args[1])))
    elif name == "_stream":
        print("\n".join(request_stream(int(args[0]), args[1])))
    elif name == "_rules":
        print(rules_replay(args[0], args[1], parse_only=len(args) > 2))
    else:
        raise SystemExit(f"unknown worker {name}")
    return 0


# ---------------------------------------------------------------------------------------------
# Measuring


def _env(root: Path) -> dict[str, str]:
    env = {**os.environ,
           "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PYTHONHASHSEED": "0",
           "PYTHONPYCACHEPREFIX": str(PYC / re.sub(r"\W", "-", str(root)))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _worker_argv(root: Path, name: str, *args: Any) -> list[str]:
    return [PY, str(ME), name, "--root", str(root), *map(str, args)]


def instructions(argv: list[str], root: Path, stdin: str | None = None) -> int | None:
    """cachegrind's "I refs" of running ``argv`` in ``root`` (None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         *argv], input=stdin, capture_output=True, text=True, check=True, cwd=root,
        env=_env(root))
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        raise RuntimeError(f"no instruction count from valgrind: {out.stderr[-500:]}")
    return int(m.group(1).replace(",", ""))


def child_cpu(argv: list[str], root: Path, stdin: str | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of running ``argv`` in ``root`` to its end, and its
    stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, input=stdin, capture_output=True, text=True, check=True,
                         cwd=root, env=_env(root))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out.stdout)


def _bench_argv(ruleset: str, games: int, root: Path | None = None) -> list[str]:
    """``digiconform bench`` of ``games`` games; ``--no-instructions`` where the checkout's
    bench counts instructions by itself (it would start cachegrind inside cachegrind)."""
    argv = [PY, "-m", "digiconform", "bench", "--ruleset", ruleset, "--games", str(games)]
    if root is not None and "--no-instructions" in (root / "digiconform" / "cli.py").read_text():
        argv.append("--no-instructions")
    return argv


def _bench_steps(out: str) -> int:
    m = re.search(r"games, ([\d,]+) steps", out)
    assert m, out
    return int(m.group(1).replace(",", ""))


def bench_cpu(root: Path, ruleset: str, games: int) -> float:
    """Steps per CPU second of ``digiconform bench`` (the whole process)."""
    _, out = child_cpu(_bench_argv(ruleset, games, root), root)
    m = re.search(r"\(([\d,]+) per CPU second\)", out)
    assert m, out
    return float(m.group(1).replace(",", ""))


def bench_instructions(root: Path, ruleset: str, games: int) -> float | None:
    """Instructions per step of ``digiconform bench``: ``games`` games minus 1 game, over
    the steps in between."""
    a = instructions(_bench_argv(ruleset, 1, root), root)
    if a is None:
        return None
    b = instructions(_bench_argv(ruleset, games, root), root)
    assert b is not None
    s1 = _bench_steps(child_cpu(_bench_argv(ruleset, 1, root), root)[1])
    s2 = _bench_steps(child_cpu(_bench_argv(ruleset, games, root), root)[1])
    return (b - a) / (s2 - s1)


def verifier_cpu(root: Path, ruleset: str, games: int) -> float:
    """The verifier's own CPU microseconds per random-game action (after a warm-up game)."""
    _, out = child_cpu(_worker_argv(root, "_verifier", games, ruleset), root)
    d = json.loads(out)
    return float(d["cpu"]) / int(d["actions"]) * 1e6


def verifier_instructions(root: Path, ruleset: str, games: int) -> float | None:
    """The verifier's instructions per action: ``games`` games minus 1 (both after the same
    warm-up game), the ``serve`` child not traced."""
    a = instructions(_worker_argv(root, "_verifier", 1, ruleset), root)
    if a is None:
        return None
    b = instructions(_worker_argv(root, "_verifier", games, ruleset), root)
    assert b is not None
    n1 = json.loads(child_cpu(_worker_argv(root, "_verifier", 1, ruleset), root)[1])["actions"]
    n2 = json.loads(child_cpu(_worker_argv(root, "_verifier", games, ruleset), root)[1])[
        "actions"]
    return (b - a) / (n2 - n1)


class Streams:
    """The request streams of a checkout: ``games`` games and one game, per ruleset."""

    def __init__(self, root: Path, games: int, tmp: Path) -> None:
        self.root = root
        self.files: dict[str, tuple[Path, Path, int]] = {}
        for rs in RULESETS:
            full = child_cpu(_worker_argv(root, "_stream", games, rs), root)[1]
            short = child_cpu(_worker_argv(root, "_stream", 1, rs), root)[1]
            tag = re.sub(r"\W", "-", str(root))
            fp, sp = tmp / f"{tag}-{rs}.jsonl", tmp / f"{tag}-{rs}-short.jsonl"
            fp.write_text(full)
            sp.write_text(short)
            self.files[rs] = (fp, sp, full.count("\n") - short.count("\n"))

    def serve_cpu(self, ruleset: str) -> dict[str, float]:
        """``serve`` CPU µs per request (the stream minus the one-game stream), the rules'
        share (a replay on the ruleset's values minus a decoding-only replay) and the
        rest."""
        fp, sp, n = self.files[ruleset]
        serve = _serve_command()
        full, _ = child_cpu(serve, self.root, fp.read_text())
        base, _ = child_cpu(serve, self.root, sp.read_text())
        run, _ = child_cpu(_worker_argv(self.root, "_rules", fp, ruleset), self.root)
        parse, _ = child_cpu(_worker_argv(self.root, "_rules", fp, ruleset, "parse"),
                             self.root)
        per = (full - base) / n * 1e6
        rules = (run - parse) / fp.read_text().count("\n") * 1e6
        return {"per_request": per, "rules": rules, "beyond": per - rules}

    def serve_instructions(self, ruleset: str) -> dict[str, float] | None:
        """As :meth:`serve_cpu`, in instructions."""
        fp, sp, n = self.files[ruleset]
        serve = _serve_command()
        a = instructions(serve, self.root, sp.read_text())
        if a is None:
            return None
        b = instructions(serve, self.root, fp.read_text())
        run = instructions(_worker_argv(self.root, "_rules", fp, ruleset), self.root)
        parse = instructions(_worker_argv(self.root, "_rules", fp, ruleset, "parse"),
                             self.root)
        assert b is not None and run is not None and parse is not None
        per = (b - a) / n
        rules = (run - parse) / fp.read_text().count("\n")
        return {"per_request": per, "rules": rules, "beyond": per - rules}


def verify_cpu(root: Path, ruleset: str, games: int) -> dict[str, float]:
    """``verify --games N`` against serve: the verifier's and the engine's CPU seconds."""
    _, out = child_cpu(_worker_argv(root, "_verify", games, ruleset), root)
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def startup_cpu(root: Path, ruleset: str) -> dict[str, float]:
    """``verify --games 0``: the verifier's and ``serve``'s CPU seconds and peak RSS (MB)."""
    import ast

    with tempfile.TemporaryDirectory() as tmp:
        out, report = Path(tmp) / "figures", Path(tmp) / "report.json"
        subprocess.run(startup_argv(ruleset, out, report), capture_output=True, check=True,
                       cwd=tmp, env=_env(root))
        d = ast.literal_eval(out.read_text())
    if d["code"] not in (0, None):
        raise RuntimeError(f"verify --games 0 of serve exited {d['code']}")
    return {"cpu": d["self"] + d["serve"], "self": d["self"], "serve": d["serve"],
            "rss_self": d["rss_self"], "rss_serve": d["rss_serve"]}


def tree_cpu(root: Path, ruleset: str, games: int) -> dict[str, float]:
    """Whole-tree CPU µs per random-game action on one core: ``games`` games minus 1."""
    a = json.loads(child_cpu(_worker_argv(root, "_tree", 1, ruleset), root)[1])
    b = json.loads(child_cpu(_worker_argv(root, "_tree", games, ruleset), root)[1])
    n = b["actions"] - a["actions"]
    verifier, serve = (b["self"] - a["self"]) / n * 1e6, (b["serve"] - a["serve"]) / n * 1e6
    return {"tree": verifier + serve, "verifier": verifier, "serve": serve}


def _warm(roots: dict[str, Path]) -> None:
    """One unmeasured ``verify --games 0`` per checkout and ruleset (fills the bytecode
    caches)."""
    for root in roots.values():
        for rs in RULESETS:
            startup_cpu(root, rs)


def measure_startup(roots: dict[str, Path],
                    args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Issue 27's figures alone (``--only startup``), in interleaved rounds (medians; peak
    RSS: the largest)."""
    _warm(roots)
    cpu: dict[str, dict[str, list[Any]]] = {label: {} for label in roots}
    for _ in range(args.rounds):
        for rs in RULESETS:
            for label, root in roots.items():
                c = cpu[label]
                c.setdefault(f"startup {rs}", []).append(startup_cpu(root, rs))
                c.setdefault(f"tree {rs}", []).append(tree_cpu(root, rs, args.verify_games))
                c.setdefault(f"verify {rs} {args.verify_many}", []).append(
                    verify_cpu(root, rs, args.verify_many))
    out: dict[str, dict[str, Any]] = {}
    for label, root in roots.items():
        out[label] = {**_summarise(cpu[label]), "checkout": _describe(root),
                      "verify_many": args.verify_many}
    return out


def _summarise(values_of: dict[str, list[Any]]) -> dict[str, Any]:
    f: dict[str, Any] = {}
    for key, values in values_of.items():
        if isinstance(values[0], dict):
            f[key] = {k: (max if k.startswith("rss") else statistics.median)(v[k] for v in values)
                      for k in values[0]}
        else:
            f[key] = statistics.median(values)
    return f


def measure(roots: dict[str, Path], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Every figure of every checkout (``roots``: label -> checkout), CPU in interleaved
    rounds (medians), instructions once."""
    tmp = Path(tempfile.mkdtemp(prefix="digiconform-bench-"))
    _warm(roots)
    streams = {label: Streams(root, args.serve_games, tmp) for label, root in roots.items()}
    cpu: dict[str, dict[str, list[Any]]] = {label: {} for label in roots}
    for _ in range(args.rounds):
        for rs in RULESETS:
            for label, root in roots.items():
                c = cpu[label]
                c.setdefault(f"bench {rs}", []).append(bench_cpu(root, rs, args.games))
                c.setdefault(f"verifier {rs}", []).append(
                    verifier_cpu(root, rs, args.verify_games))
                c.setdefault(f"serve {rs} cpu", []).append(streams[label].serve_cpu(rs))
                for g in (0, args.verify_many):
                    c.setdefault(f"verify {rs} {g}", []).append(verify_cpu(root, rs, g))
                c.setdefault(f"startup {rs}", []).append(startup_cpu(root, rs))
                c.setdefault(f"tree {rs}", []).append(tree_cpu(root, rs, args.verify_games))
    out: dict[str, dict[str, Any]] = {}
    for label, root in roots.items():
        f = _summarise(cpu[label])
        for rs in RULESETS:
            f[f"bench {rs} instructions"] = bench_instructions(root, rs, 60)
            f[f"verifier {rs} instructions"] = verifier_instructions(root, rs,
                                                                     args.verify_games)
            f[f"serve {rs} instructions"] = streams[label].serve_instructions(rs)
        f["checkout"] = _describe(root)
        f["verify_many"] = args.verify_many
        out[label] = f
    return out


def _describe(root: Path) -> str:
    try:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, text=True,
                             capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        sha = ""
    return sha or str(root)


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print (``--write``: also put into the README) the table."""
    if argv is None and len(sys.argv) > 1 and sys.argv[1].startswith("_"):
        return _worker(sys.argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=200, help="bench games per round")
    ap.add_argument("--verify-games", type=int, default=40,
                    help="random games of the verifier-per-action measurement")
    ap.add_argument("--verify-many", type=int, default=160,
                    help="random games of the verify --games N measurement (against 0)")
    ap.add_argument("--serve-games", type=int, default=40)
    ap.add_argument("--before-checkout", type=Path,
                    help="another checkout measured in the same rounds (the before column)")
    ap.add_argument("--before-note", default="",
                    help="what the before checkout is (printed under the table)")
    ap.add_argument("--write", type=Path, help="replace the table in this Markdown file")
    ap.add_argument("--before", type=Path,
                    help="JSON file of the figures before (a --save run; merged into the table)")
    ap.add_argument("--save", type=Path, help="write the figures as JSON")
    ap.add_argument("--only", choices=["startup"],
                    help="measure only issue 27's rows (start-up CPU, peak RSS, whole-tree CPU "
                         "per action), into the start-up table")
    ap.add_argument("--figures", type=Path,
                    help="render the table from this JSON file of a --save run (no measuring)")
    args = ap.parse_args(argv)
    if args.figures:  # a --save file: {"now": ..., "before": ...}
        saved = json.loads(args.figures.read_text())
        before = json.loads(args.before.read_text())["now"] if args.before else \
            saved.get("before") or {}
        return _output(render(saved["now"], before, saved.get("only")), args.write,
                       saved.get("only"))

    load0 = os.getloadavg()
    roots = {"now": ROOT}
    if args.before_checkout:
        roots["before"] = args.before_checkout.resolve()
    figures = (measure_startup if args.only else measure)(roots, args)
    load1 = os.getloadavg()
    stamp = {
        "when": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": (f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
                    f"Python {platform.python_version()}"),
        "load": f"{min(load0[0], load1[0]):.1f}–{max(load0[0], load1[0]):.1f}",
        "rounds": args.rounds,
    }
    now = {**figures["now"], **stamp}
    before = dict(figures.get("before") or {})
    if before:
        before.update(stamp)
        before["note"] = args.before_note or f"checkout {before['checkout']}"
        before["same_run"] = True
    elif args.before:
        before = json.loads(args.before.read_text())["now"]  # (a --save file)
    if args.save:
        args.save.write_text(json.dumps({"now": now, "before": before, "only": args.only},
                                        indent=2) + "\n")
    return _output(render(now, before, args.only), args.write, args.only)


def _output(table: str, readme: Path | None, only: str | None = None) -> int:
    """Print ``table``; with ``readme``, put it between the table markers there (the
    start-up table's with ``only``)."""
    print(table)
    if readme:
        begin, end = (SBEGIN, SEND) if only else (BEGIN, END)
        text = readme.read_text()
        start, stop = text.index(begin), text.index(end)
        readme.write_text(text[:start] + begin + "\n" + table + "\n" + text[stop:])
    return 0


# ---------------------------------------------------------------------------------------------
# The table


def _n(x: float | None, unit: str = "") -> str:
    return "—" if x is None else f"{x:,.0f}{unit}"


def _get(f: dict[str, Any], key: str, sub: str | None = None) -> float | None:
    v = f.get(key)
    if isinstance(v, dict):
        v = v.get(sub) if sub else None
    return v if isinstance(v, int | float) else None


def _verify_cell(f: dict[str, Any], rs: str) -> str:
    many = f.get("verify_many", 160)
    zero, lots = f.get(f"verify {rs} 0"), f.get(f"verify {rs} {many}")
    if not zero or not lots:
        return "—"
    base = zero["self"] + zero["engine"]
    return (f"{lots['self']:.1f} s = {lots['self'] / base:.1f}× ({base:.1f} s at 0; engine "
            f"{lots['engine']:.1f} s apart)")


def _rss(f: dict[str, Any], rs: str, who: str) -> float | None:
    """The larger peak RSS (MB) of ``who`` (``self``: the verifier, ``serve``) over the
    ``verify --games 0`` and ``verify --games N`` runs."""
    runs = [f.get(f"startup {rs}"), f.get(f"verify {rs} {f.get('verify_many', 160)}")]
    got = [r[f"rss_{who}"] for r in runs if isinstance(r, dict) and f"rss_{who}" in r]
    return max(got) if got else None


def startup_rows(f: dict[str, Any], before: dict[str, Any], rs: str) -> list[str]:
    """Issue 27's rows of ruleset ``rs``."""
    name = "Digi-Battle" if rs == "digibattle" else "DCG"

    def startup(g: dict[str, Any]) -> str:
        d = g.get(f"startup {rs}")
        if not isinstance(d, dict):
            return "—"
        return f"{d['cpu']:.2f} s (verifier {d['self']:.2f} + serve {d['serve']:.2f})"

    def tree(g: dict[str, Any]) -> str:
        d = g.get(f"tree {rs}")
        if not isinstance(d, dict):
            return "—"
        return f"{d['tree']:,.0f} µs (verifier {d['verifier']:,.0f} + serve {d['serve']:,.0f})"

    b, n = before.get(f"startup {rs}"), f.get(f"startup {rs}")
    ratio = (f" = {n['cpu'] / b['cpu']:.2f}× before" if isinstance(b, dict)
             and isinstance(n, dict) else "")
    many = f.get("verify_many", 160)
    return [
        f"| {name}: `verify --games 0` CPU, whole process tree | ≤ ½ before | "
        f"{startup(before)} | {startup(f)}{ratio} |",
        f"| {name}: verifier peak RSS (`--games 0` and `--games {many}`) | ≤ 80 MB | "
        f"{_n(_rss(before, rs, 'self'), ' MB')} | {_n(_rss(f, rs, 'self'), ' MB')} |",
        f"| {name}: `serve` peak RSS (the same runs) | — | "
        f"{_n(_rss(before, rs, 'serve'), ' MB')} | {_n(_rss(f, rs, 'serve'), ' MB')} |",
        f"| {name}: whole-tree CPU per random-game action, one core | ≤ 150 µs | "
        f"{tree(before)} | {tree(f)} |",
    ]


def render(f: dict[str, Any], before: dict[str, Any], only: str | None = None) -> str:
    """The Markdown table of ``f`` (with the ``before`` figures beside, where given); with
    ``only``, issue 27's rows alone."""
    def row(what: str, target: str, key: str, sub: str | None = None, unit: str = "") -> str:
        return (f"| {what} | {target} | {_n(_get(before, key, sub), unit)} | "
                f"{_n(_get(f, key, sub), unit)} |")

    rows = ["| what | target | before | now |", "| --- | --- | --- | --- |"]
    for rs, target in (("digibattle", 70_000), ("dcg", 150_000)):
        name = "Digi-Battle" if rs == "digibattle" else "DCG"
        if only:
            rows += startup_rows(f, before, rs)
            continue
        rows.append(row(f"{name} oracle, instructions per step (`bench --instructions`)",
                        f"≤ {target:,}", f"bench {rs} instructions"))
        rows.append(row(f"{name} oracle, steps per CPU second (`bench`)", "—", f"bench {rs}"))
        rows.append(row(f"{name}: verifier CPU per random-game action", "≤ 100 µs",
                        f"verifier {rs}", unit=" µs"))
        rows.append(row(f"{name}: verifier instructions per action", "—",
                        f"verifier {rs} instructions"))
        rows.append(row(f"{name}: `serve` CPU per request, all of it", "—",
                        f"serve {rs} cpu", "per_request", " µs"))
        rows.append(row(f"{name}: `serve` CPU per request beyond the rules step", "≤ 20 µs",
                        f"serve {rs} cpu", "beyond", " µs"))
        s, sb = f.get(f"serve {rs} instructions") or {}, before.get(
            f"serve {rs} instructions") or {}
        rows.append(f"| {name}: `serve` instructions per request: all / rules step / beyond | "
                    f"— | {_n(sb.get('per_request'))} / {_n(sb.get('rules'))} / "
                    f"{_n(sb.get('beyond'))} | {_n(s.get('per_request'))} / "
                    f"{_n(s.get('rules'))} / {_n(s.get('beyond'))} |")
        many = f.get("verify_many", 160)
        rows.append(f"| {name}: `verify --games {many}` verifier CPU, × the whole `--games 0` "
                    f"run | ≤ 4× | {_verify_cell(before, rs)} | {_verify_cell(f, rs)} |")
        rows += startup_rows(f, before, rs)
    rows.append("")
    note = (f"Measured {f['when']} on {f['machine']}, load average {f['load']} (other "
            f"sessions sharing the cores), {f['rounds']} interleaved rounds (CPU figures are "
            f"medians), checkout {f.get('checkout', '?')}")
    if before.get("same_run"):
        note += f"; before: {before.get('note', '')}, measured in the same rounds"
    elif before:
        note += "; before: " + (before.get("when", "—") + " " + before.get("note", "")).strip()
    rows.append(note + ".")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())

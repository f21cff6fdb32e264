"""Run the fifth newcomer's held-out faults (``tests/newcomer5_faults.py``) through ``verify``
and print the Markdown table of docs/NEWCOMER5.md: per engine and seed the outcome, the
findings (clause x count), whether each names a clause named in advance (``NAMED``), whether
the run has exactly one finding, the reading verdicts moved against ``base`` at the same
seed, the failing vectors by clause, and the wall time; then the totals.

Usage::

    python tests/newcomer5_run.py OUT REPORTS [--digiconform CMD] [--python PY]
        [--seeds 0 5] [--games 30] [--only NAME ...] [--rerun] [--table-only]
        [--skip-file FILE] [--direct-checks] [--faults MODULE]

``--faults`` names another fault set of the same form (``PATCHES``, ``DCG_PATCHES``,
``NAMED``, ``build``, optionally ``FOUND_READINGS``), a module of ``tests/`` such as
``newcomer6_faults`` (default ``newcomer5_faults``); ``tests/newcomer6_run.py`` runs it so.

``OUT`` receives the built engines, ``REPORTS`` the JSON reports (``<ruleset>-<name>-s<seed>
.json``, with ``.meta.json`` beside each: command, exit code, wall seconds, load average)
and one working directory per run (its ``digiconform-traces/``). A report already there is
kept (``--rerun`` runs it again), so the table can be printed again with ``--table-only``.
``--digiconform`` is the ``digiconform`` to run (default: the one on PATH), so the same set
can judge another branch's verifier; ``--python`` the interpreter of the engines (default:
the ``python`` beside that ``digiconform``, else this one). The commands are those of
docs/NEWCOMER4.md, each under ``nice -n 5``::

    digiconform verify --impl "PY OUT/db/NAME/adapter.py" --games 30 --seed S --report F
    digiconform verify --ruleset dcg --impl "PY OUT/dcg/NAME/adapter.py --cards CARDS"
        --skip examples/dcg/skip.txt --deck red-memory --deck blue-tempo --games 30
        --seed S --report F

(``CARDS``: ``digiconform data path card-set dcg-real``.)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

try:
    from tests import newcomer5_faults
    from tests.newcomer5_faults import DCG_PATCHES, PATCHES, build
except ImportError:  # run as a script: tests/ is sys.path[0]
    import newcomer5_faults  # type: ignore[no-redef]
    from newcomer5_faults import DCG_PATCHES, PATCHES, build  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
SKIP = ROOT / "examples" / "dcg" / "skip.txt"
RULESETS = (("db", PATCHES), ("dcg", DCG_PATCHES))


def load_faults(name: str) -> ModuleType:
    """A fault set of ``tests/`` by module name (``newcomer5_faults``, ``newcomer6_faults``)."""
    try:
        return importlib.import_module(f"tests.{name}")
    except ImportError:  # run as a script: tests/ is sys.path[0]
        return importlib.import_module(name)


def rulesets(faults: ModuleType) -> tuple[tuple[str, dict[str, Any]], ...]:
    return (("db", faults.PATCHES), ("dcg", faults.DCG_PATCHES))


def engine_python(digiconform: str) -> str:
    """The interpreter beside ``digiconform`` (its install has the card data), else ours."""
    found = shutil.which(digiconform)
    if found:
        beside = Path(found).parent / "python"
        if beside.exists():
            return str(beside)
    return sys.executable


def command(digiconform: str, python: str, out: Path, ruleset: str, name: str, seed: int,
            games: int, report: Path, cards: str, skip: Path = SKIP) -> list[str]:
    """The verify command line of one run (docs/NEWCOMER4.md's)."""
    if ruleset == "db":
        impl = f"{python} {out / 'db' / name / 'adapter.py'}"
        extra: list[str] = []
    else:
        impl = f"{python} {out / 'dcg' / name / 'adapter.py'} --cards {cards}"
        extra = ["--ruleset", "dcg", "--skip", str(skip), "--deck", "red-memory",
                 "--deck", "blue-tempo"]
    return ["nice", "-n", "5", digiconform, "verify", *extra, "--impl", impl,
            "--games", str(games), "--seed", str(seed), "--report", str(report),
            "--no-progress"]


def checkout_state(digiconform: str) -> str | None:
    """The commit of the checkout a ``CHECKOUT/.venv/bin/digiconform`` runs from, with
    "+dirty" when tracked files differ from it (an editable install runs the working tree:
    a checkout that changes during a run mixes two versions); None if it is no checkout."""
    found = shutil.which(digiconform)
    if not found:
        return None
    root = Path(found).resolve().parents[2]
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True)
    if head.returncode != 0:
        return None
    dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain",
                            "--untracked-files=no"], capture_output=True, text=True).stdout
    return head.stdout.strip() + ("+dirty" if dirty.strip() else "")


def run_one(cmd: list[str], report: Path, workdir: Path) -> None:
    """Run ``cmd`` in ``workdir``; write its metadata beside ``report`` (with the commit of
    the verifier's checkout before and after the run)."""
    workdir.mkdir(parents=True, exist_ok=True)
    dc = cmd[3] if cmd[:3] == ["nice", "-n", "5"] else cmd[0]
    before = checkout_state(dc)
    load = os.getloadavg()[0]
    t0 = time.monotonic()
    done = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True)
    wall = time.monotonic() - t0
    (workdir / "stdout.txt").write_text(done.stdout + done.stderr, encoding="utf-8")
    meta = {"command": shlex.join(cmd), "exit_code": done.returncode,
            "wall_seconds": round(wall, 1), "load_1min_at_start": load,
            "load_1min_at_end": os.getloadavg()[0],
            "verifier_commit_before": before, "verifier_commit_after": checkout_state(dc)}
    report.with_suffix(".meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")


def _verdicts(report: dict[str, Any]) -> dict[str, tuple[tuple[str, ...], str]]:
    out = {}
    for amb, a in (report.get("ambiguities") or {}).items():
        text = str(a.get("verdict") or "")
        out[amb] = (tuple(a.get("follows") or ()), text.split("(")[0].strip())
    return out


def moved(base: dict[str, Any] | None, report: dict[str, Any]) -> list[str]:
    """Reading verdicts whose ``follows`` or text before its "(...)" differs from base's:
    each moved to another verdict in full, then those moved to "untested" as one entry."""
    if base is None:
        return ["(no base report)"]
    b, r = _verdicts(base), _verdicts(report)
    full_b = {k: str(v.get("verdict")) for k, v in (base.get("ambiguities") or {}).items()}
    full_r = {k: str(v.get("verdict")) for k, v in (report.get("ambiguities") or {}).items()}
    keys = sorted((k for k in set(b) | set(r) if b.get(k) != r.get(k)),
                  key=lambda k: (k.rsplit("-", 1)[0], int(k.rsplit("-", 1)[1])))
    untested = [k for k in keys if full_r.get(k) == "untested"]
    out = [f"{k}: \"{full_b.get(k)}\" -> \"{full_r.get(k)}\"" for k in keys
           if k not in untested]
    if untested:
        out.append(f"{len(untested)} to \"untested\" ({', '.join(untested)})")
    return out


def findings(report: dict[str, Any]) -> list[dict[str, Any]]:
    return list((report.get("differential") or {}).get("findings") or [])


def failing_vectors(report: dict[str, Any]) -> Counter[str]:
    """Failures of kind scenario by clause; "n.r." counts those not reached."""
    c: Counter[str] = Counter()
    for f in report.get("failures") or []:
        if f.get("kind") != "scenario":
            continue
        c[str(f.get("clause"))] += 1
        if str(f.get("message", "")).startswith("not reached"):
            c[f"{f.get('clause')} n.r."] += 1
    return c


def other_failures(report: dict[str, Any]) -> Counter[str]:
    """Failures of any other kind than scenario, by kind and clause."""
    return Counter(f"{f.get('kind')} {f.get('clause')}" for f in report.get("failures") or []
                   if f.get("kind") not in ("scenario", "differential"))


def table(reports: Path, seeds: list[int], only: list[str] | None,
          faults: ModuleType = newcomer5_faults) -> str:
    """The Markdown table and the totals, from the reports in ``reports`` (of the fault set
    ``faults``)."""
    named_in_advance: dict[str, tuple[str, ...]] = faults.NAMED
    found_readings: dict[str, str] = getattr(faults, "FOUND_READINGS", {})
    lengths: list[tuple[int, str]] = []
    commits: set[str] = set()
    lines = ["| engine | clause(s) named in advance | seed | outcome (exit) | findings "
             "(clause x count) | right? | exactly one finding? | reading verdicts moved vs "
             "base | failing vectors by clause | other failures (not vectors, not findings) | "
             "wall s (1-min load at start) |",
             "| " + " | ".join(["---"] * 11) + " |"]
    tot = Counter()
    wrong: list[str] = []
    for rs, patches in rulesets(faults):
        for name, (what, _) in patches.items():
            if only and name not in only and name != "base":
                continue
            for seed in seeds:
                path = reports / f"{rs}-{name}-s{seed}.json"
                if not path.exists():
                    lines.append(f"| {rs} {name} | {what} | {seed} | (no report) |"
                                 + " |" * 7)
                    continue
                r = json.loads(path.read_text(encoding="utf-8"))
                meta_path = path.with_suffix(".meta.json")
                meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
                base_path = reports / f"{rs}-base-s{seed}.json"
                base = json.loads(base_path.read_text()) if base_path.exists() else None
                out = r.get("outcome") or {}
                fs = findings(r)
                named = named_in_advance.get(name)
                right = [f.get("clause") in named for f in fs] if named else []
                fcell = ", ".join(f"{f.get('clause')} x{f.get('count')}" for f in fs) or "-"
                if named:
                    rcell = (f"{sum(right)} of {len(fs)}" if fs else "no finding")
                else:
                    rcell = "-"
                mv = moved(base, r) if name != "base" else []
                fv = failing_vectors(r)
                fvcell = ", ".join(f"{k} {v}" + (f" ({fv[k + ' n.r.']} n.r.)"
                                                 if fv.get(k + " n.r.") else "")
                                   for k, v in sorted(fv.items()) if not k.endswith("n.r.")
                                   ) or "-"
                of = other_failures(r)
                ofcell = ", ".join(f"{k} {v}" for k, v in sorted(of.items())) or "-"
                vb, va = meta.get("verifier_commit_before"), meta.get("verifier_commit_after")
                if vb or va:
                    commits.add(f"{vb}" if vb == va else f"{vb} -> {va}")
                wall = meta.get("wall_seconds", "?")
                load = meta.get("load_1min_at_start")
                wcell = f"{wall} ({load:.1f})" if load is not None else str(wall)
                lines.append(
                    f"| {rs} {name} | {', '.join(named) if named else '-'} | "
                    f"{seed} | {out.get('result')} ({out.get('exit_code')}) | {fcell} | "
                    f"{rcell} | {'-' if not named else 'yes' if len(fs) == 1 else 'no'} | "
                    f"{'; '.join(mv) if mv else 'none'} | {fvcell} | {ofcell} | {wcell} |")
                if name == "base":
                    tot["base runs"] += 1
                    tot["base PASS"] += out.get("result") == "PASS"
                    continue
                tot["fault runs"] += 1
                tot["fault runs PASS"] += out.get("result") == "PASS"
                tot["fault runs FAIL"] += out.get("result") == "FAIL"
                tot["findings"] += len(fs)
                tot["findings right"] += sum(right)
                tot["occurrences"] += sum(int(f.get("count") or 0) for f in fs)
                tot["occurrences right"] += sum(int(f.get("count") or 0)
                                                for f, ok in zip(fs, right, strict=True) if ok)
                tot["runs with exactly one finding"] += len(fs) == 1
                tot["runs with exactly one finding, right"] += len(fs) == 1 and all(right)
                tot["runs with no finding"] += not fs
                reading = found_readings.get(name)
                other = [m for m in mv if not m.endswith(")") or not m[0].isdigit()]
                other = [m for m in other if not (reading and m.startswith(reading + ":"))]
                tot["runs with a verdict moved (any)"] += bool(mv)
                tot["runs with a verdict moved to another verdict, not the fault's own "
                    "reading"] += bool(other)
                tot["runs with verdicts moved only to untested"] += bool(mv) and not other \
                    and not reading
                for f in fs:
                    n = f.get("length")
                    if isinstance(n, int):
                        lengths.append((n, f"{rs} {name} seed {seed} {f.get('clause')}: {n}"
                                        + (f" ({f.get('why_long')})" if f.get("why_long")
                                           else "")))
                for f, ok in zip(fs, right, strict=True):
                    if not ok:
                        where = reports / f"{rs}-{name}-s{seed}"
                        wrong.append(f"- {rs} {name} seed {seed}: {f.get('clause')} "
                                     f"x{f.get('count')}: `{f.get('replay')}` (in {where})")
    pct = (100 * tot["findings right"] / tot["findings"]) if tot["findings"] else 0.0
    lines += ["", "Totals:", "",
              f"- findings under a clause named in advance: {tot['findings right']} of "
              f"{tot['findings']} ({pct:.0f} %); weighted by count: "
              f"{tot['occurrences right']} of {tot['occurrences']}",
              f"- fault runs: {tot['fault runs']}; FAIL {tot['fault runs FAIL']}, PASS "
              f"{tot['fault runs PASS']}; with no finding: {tot['runs with no finding']}",
              f"- runs with exactly one finding: {tot['runs with exactly one finding']}; "
              f"exactly one and right: {tot['runs with exactly one finding, right']}",
              *(f"- {k}: {v}" for k, v in tot.items() if k.startswith("runs with a verdict")
                or k.startswith("runs with verdicts")),
              f"- faults found after the runs to be a reading of the register: "
              f"{', '.join(f'{k} ({v})' for k, v in found_readings.items()) or 'none'}",
              f"- shrunk counterexamples (findings' length): "
              f"{sum(n <= 60 for n, _ in lengths)} of {len(lengths)} at most 60 actions"
              + (f", longest of those {max(n for n, _ in lengths if n <= 60)}"
                 if any(n <= 60 for n, _ in lengths) else "")
              + "".join(f"; longer: {t}" for n, t in sorted(lengths, reverse=True) if n > 60),
              f"- base runs: {tot['base runs']}, PASS {tot['base PASS']}",
              f"- verifier checkout commit(s) over the runs: "
              f"{', '.join(sorted(commits)) or 'not recorded'}"]
    if wrong:
        lines += ["", "Findings under a clause not named in advance (replay from the run's "
                  "directory):", "", *wrong]
    return "\n".join(lines)


#: A direct check, for the faults no verify run may reach, that the built engine differs from
#: ``base``: run with ``python -c`` in the engine's directory, it prints ACCEPTED or REFUSED.
DIRECT_CHECKS: dict[str, tuple[str, str]] = {
    # a seeded random game to the first Regroup where the player to move has drawn, then a
    # discard (DB-D.1: discards come first)
    "latediscard": ("db", """
import json, random, sys
sys.path.insert(0, ".")
import toy_engine as m
from oracle.resources import data_dir
cards = m.cards_from_json(json.loads((data_dir() / "upper-deck.cardset.json").read_text()))
deck = [s for s in sorted(s for s, c in cards.items() if c.supported) if s.startswith("ST-")][:30]
rng = random.Random(1)
e = m.ToyEngine(cards)
t = e.start([list(deck), list(deck)])
for _ in range(2000):
    if t.stage in ("deal", "recycle"):
        o = e.cards_to_shuffle(); rng.shuffle(o); e.shuffled(None, o); continue
    if t.stage == "coin":
        e.coin_toss(0); continue
    if t.stage == "regroup" and t.seats[t.turn].drew:
        s = t.seats[t.turn]
        print("Regroup, seat", t.turn, "has drawn (hand", len(s.hand), "); discard", s.hand[0])
        try:
            e.discard(t.turn, s.hand[0]); print("ACCEPTED: hand", len(s.hand))
        except m.Rejected as x:
            print("REFUSED:", x.code, x.message)
        break
    name, args = rng.choice(e.legal_moves())
    if t.stage == "regroup" and name == "discard":
        name, args = "draw", {"seat": args["seat"]}
    getattr(e, "pass_" if name == "pass" else name)(**args)
"""),
    # red-memory with a fifth Agumon ST1-03 in place of a Biyomon ST1-02, for both players
    "copies5": ("dcg", """
import json, sys
sys.path.insert(0, ".")
import engine as m
from oracle.resources import data_dir
cards = m.load_cards(data_dir() / "dcg" / "cards.json")
doc = json.loads((data_dir() / "dcg" / "decks" / "red-memory.json").read_text())
deck = [e["id"] for e in doc["deck"] for _ in range(e["count"])]
eggs = [e["id"] for e in doc["eggs"] for _ in range(e["count"])]
deck.remove("ST1-02"); deck.append("ST1-03")
print("ST1-03 copies:", deck.count("ST1-03"), "of", len(deck))
try:
    m.start(cards, [(deck, eggs), (deck, eggs)]); print("ACCEPTED")
except m.Rejected as x:
    print("REFUSED:", x)
"""),
}


def direct_checks(out: Path, python: str) -> None:
    """Run every DIRECT_CHECKS entry on ``base`` and on its fault; print the answers."""
    for name, (rs, code) in DIRECT_CHECKS.items():
        for engine in ("base", name):
            done = subprocess.run([python, "-c", code], cwd=out / rs / engine,
                                  capture_output=True, text=True)
            print(f"{rs} {engine}: " + (done.stdout + done.stderr).strip().replace("\n", "; "))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("reports", type=Path)
    ap.add_argument("--digiconform", default="digiconform")
    ap.add_argument("--python", default=None)
    ap.add_argument("--skip-file", type=Path, default=SKIP,
                    help="the DCG runs' --skip file (default: this checkout's "
                         "examples/dcg/skip.txt)")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 5])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--only", nargs="+", default=None)
    ap.add_argument("--rerun", action="store_true")
    ap.add_argument("--table-only", action="store_true")
    ap.add_argument("--direct-checks", action="store_true",
                    help="only build and run DIRECT_CHECKS (base against its fault)")
    ap.add_argument("--faults", default="newcomer5_faults",
                    help="the fault set, a module of tests/ (default newcomer5_faults)")
    a = ap.parse_args(argv)
    out, reports = a.out.resolve(), a.reports.resolve()
    faults = load_faults(a.faults)
    if a.direct_checks and faults is not newcomer5_faults:
        ap.error("--direct-checks holds newcomer5's checks only (newcomer6: "
                 "tests/newcomer6_run.py OUT --direct-checks)")
    if a.direct_checks:
        build(out)
        direct_checks(out, a.python or engine_python(shutil.which(a.digiconform)
                                                     or a.digiconform))
        return 0
    if not a.table_only:
        dc = shutil.which(a.digiconform) or a.digiconform
        python = a.python or engine_python(dc)
        faults.build(out)
        cards = subprocess.run([dc, "data", "path", "card-set", "dcg-real"], check=True,
                               capture_output=True, text=True).stdout.strip()
        reports.mkdir(parents=True, exist_ok=True)
        for rs, patches in rulesets(faults):
            for name in patches:
                if a.only and name not in a.only and name != "base":
                    continue
                for seed in a.seeds:
                    report = reports / f"{rs}-{name}-s{seed}.json"
                    if report.exists() and not a.rerun:
                        continue
                    cmd = command(dc, python, out, rs, name, seed, a.games, report, cards,
                                  a.skip_file.resolve())
                    print("run:", shlex.join(cmd), file=sys.stderr, flush=True)
                    run_one(cmd, report, reports / f"{rs}-{name}-s{seed}")
    print(table(reports, a.seeds, a.only, faults))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Measure the shrunk counterexamples of the planted rule bugs (``tests/test_planted_bugs.py``).

    HYPOTHESIS_PROFILE=ci python tools/measure_planted_shrinks.py [--bugs NAME ...] [--jobs 2]

For each planted bug: install it, run the stateful test exactly as ``test_planted_bugs`` does
with the ``ci`` settings (derandomized, ``STATEFUL_EXAMPLES["ci"]`` games, JSON checks off),
but with every phase, shrinking included; then report the clause of the
``InvariantViolation``, the actions of the shrunk game (``DigiBattleMachine.last_run``), the
steps of Hypothesis's falsifying example (``state.step(...)`` lines in its notes) and the
seconds taken. Prints one JSON object per bug, then a Markdown table.

``test_planted_bugs`` itself only shrinks under ``HYPOTHESIS_PROFILE=thorough``, where the
machine also applies every legal action of each state; this script keeps the ``ci`` machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("HYPOTHESIS_PROFILE", "ci")

import pytest  # noqa: E402
import test_planted_bugs as planted  # noqa: E402
from hypothesis import Phase, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402

from strategies.invariants import InvariantViolation  # noqa: E402
from strategies.profiles import STATEFUL_EXAMPLES  # noqa: E402


def measure(name: str) -> dict[str, Any]:
    """Plant bug ``name``, run the stateful test with shrinking and describe the result."""
    bug = next(b for b in planted.BUGS if b.name == name)
    ci = settings(settings.get_profile("ci"), max_examples=STATEFUL_EXAMPLES["ci"],
                  report_multiple_bugs=False, print_blob=False, phases=tuple(Phase))
    start = time.perf_counter()
    caught: InvariantViolation | None = None
    with pytest.MonkeyPatch.context() as mp:
        bug.plant(mp)
        try:
            run_state_machine_as_test(planted.RulesOnlyMachine, settings=ci)
        except InvariantViolation as e:
            caught = e
    seconds = time.perf_counter() - start
    run = planted.RulesOnlyMachine.last_run
    notes = "\n".join(getattr(caught, "__notes__", ()) if caught else ())
    return {
        "bug": name, "clause": caught.clause if caught else None,
        "expected": sorted(bug.clauses), "actions": run.get("actions"),
        "target": run.get("target"), "example_steps": notes.count("state.step("),
        "seconds": round(seconds, 1),
        "message": caught.message[:160] if caught else "not caught",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bugs", nargs="*", default=[b.name for b in planted.BUGS])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            rows = pool.map(measure, args.bugs, chunksize=1)
    else:
        rows = [measure(b) for b in args.bugs]
    for row in rows:
        print(json.dumps(row))
    print("\n| bug | clause | shrunk actions | falsifying-example steps | target | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['bug']} | {r['clause']} | {r['actions']} | {r['example_steps']} "
              f"| {r['target']} | {r['seconds']} |")
    return 0 if all(r["clause"] in r["expected"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())

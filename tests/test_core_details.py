"""Answers are compared on what the rules decide (issue 11).

``dcg_moves_on`` (``tests/miniatures.py``) is a correct DCG engine with no waiting step where
nothing can be chosen: where the oracle waits in a Breeding phase whose only legal action is
``do_nothing``, it takes it by itself. It declares no detail field, so the oracle's waiting
point must not fail it: every DCG vector and the random games pass. The same engine declaring
the ``step`` detail (``dcg_moves_on_declaring_step``) has its states compared with the
oracle's waiting steps, and fails: the check can fail. Two scenarios try an action at such a
waiting point itself; for the engine that moves on they are skipped, not failed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from digiconform.harness import ProtocolDriver
from digiconform.vectors import ORACLE_ONLY_WAIT, load_vectors, run_vector
from digiconform.verifier.runner import Options, verify

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402


def _vector_results(name: str) -> dict[str, str]:
    vectors = [v for v in load_vectors(kind="scenario") if v["ruleset"] == "dcg"]
    with ProtocolDriver(miniatures.command(name)) as impl:
        out = {}
        for v in vectors:
            res = run_vector(impl, v)
            out[v["id"]] = res.code if res.status == "skip" else res.status
        return out


#: The DCG scenarios that try an action in a Breeding phase whose one legal action is
#: do_nothing: an engine without that waiting point moves on by itself, so their probe
#: cannot be put to it (skipped with ORACLE_ONLY_WAIT, never failed).
ORACLE_ONLY_WAITS = {
    "dcg/breeding_phase::A Digi-Egg without DP cannot move out of the breeding area",
    "dcg/breeding_phase::I cannot hatch from an empty Digi-Egg deck, and that is no loss",
}


def test_an_engine_that_moves_on_by_itself_passes_every_dcg_vector() -> None:
    moves_on = _vector_results("dcg_moves_on")
    skipped = {k for k, v in moves_on.items() if v == ORACLE_ONLY_WAIT}
    assert skipped == ORACLE_ONLY_WAITS, sorted(skipped)
    assert {v for k, v in moves_on.items() if k not in skipped} == {"pass"}, sorted(
        k for k, v in moves_on.items() if v != "pass" and k not in skipped)
    declaring = _vector_results("dcg_moves_on_declaring_step")
    failed = [k for k, v in declaring.items() if v == "fail"]
    # The waiting points it skips are compared when it declares "step": those vectors fail.
    assert len(failed) >= 10, failed
    print(f"\nmoves on: {len(moves_on)} vectors pass; declaring step: {len(failed)} fail")


def test_an_engine_that_moves_on_by_itself_passes_the_random_games(tmp_path: Path) -> None:
    report = verify(Options(miniatures.command("dcg_moves_on"), ruleset="dcg",
                            scenarios=("-",), games=8, shrink_seconds=5, trace_dir=tmp_path))
    assert report.differential["findings"] == [], report.differential["findings"]
    assert report.differential["steps"] > 200
    bad = verify(Options(miniatures.command("dcg_moves_on_declaring_step"), ruleset="dcg",
                         scenarios=("-",), games=8, shrink_seconds=0, trace_dir=tmp_path))
    assert bad.differential["findings"], "declaring step, its skipped waits must show"
    assert all("phase" in f["field"] or "step" in f["field"]
               for f in bad.differential["findings"]), bad.differential["findings"]


def test_an_engine_that_plays_every_forced_action_passes_the_random_games(tmp_path: Path
                                                                           ) -> None:
    """``plays_every_forced`` takes every forced action by itself, however many follow one
    another (after an ULTRA DIGIVOLVE that empties the hand: five and more). Its state then
    equals the oracle's after them, so no game may flag it (the tolerance once stopped at
    four forced actions and filed such games under DB-D.1, DB-D.3, DB-D.4)."""
    report = verify(Options(miniatures.command("plays_every_forced"), scenarios=("-",),
                            games=12, shrink_seconds=1, trace_dir=tmp_path))
    assert report.differential["findings"] == [], [
        (f["clause"], f["field"], f["count"]) for f in report.differential["findings"]]
    assert report.differential["games"] == 12 and report.differential["steps"] > 1000

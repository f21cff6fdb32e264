"""Answers are compared on what the rules decide (issue 11).

``dcg_moves_on`` (``tests/miniatures.py``) is a correct DCG engine with no waiting step where
nothing can be chosen: where the oracle waits in a Breeding phase whose only legal action is
``do_nothing``, it takes it by itself. It declares no detail field, so the oracle's waiting
point must not fail it: every DCG vector and the random games pass. The same engine declaring
the ``step`` detail (``dcg_moves_on_declaring_step``) has its states compared with the
oracle's waiting steps, and fails: the check can fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

from digiconform.harness import ProtocolDriver
from digiconform.vectors import load_vectors, run_vector
from digiconform.verifier.runner import Options, verify

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402


def _vector_results(name: str) -> dict[str, str]:
    vectors = [v for v in load_vectors(kind="scenario") if v["ruleset"] == "dcg"]
    with ProtocolDriver(miniatures.command(name)) as impl:
        return {v["id"]: run_vector(impl, v).status for v in vectors}


def test_an_engine_that_moves_on_by_itself_passes_every_dcg_vector() -> None:
    moves_on = _vector_results("dcg_moves_on")
    assert set(moves_on.values()) == {"pass"}, sorted(k for k, v in moves_on.items()
                                                      if v != "pass")
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
    assert report.differential["games"] == 12 and report.differential["steps"] > 500


# Digi-Battle: a pass that is the only legal action (nothing face down to Digivolve, no
# Power Option to play). ``db_moves_on`` takes it by itself; where a scenario then probes an
# action at the oracle's waiting point, the probe is checked where the engine is.
NOTHING_FACE_DOWN = "digivolve::With nothing face down I must pass"
FROM_HAND = 'ambiguities::My opponent answers with Garurumon from the hand under "prepared-only"'


def _db_results(name: str, only: tuple[str, ...] = ()) -> dict[str, object]:
    """Every Digi-Battle vector's result against ``name`` (``only``: just those vectors;
    each vector starts with its own new_game or load_state, so none depends on another)."""
    vectors = [v for v in load_vectors(kind="scenario") if v["ruleset"] == "digibattle"
               and (not only or v["id"] in only)]
    with ProtocolDriver(miniatures.command(name)) as impl:
        return {v["id"]: run_vector(impl, v) for v in vectors}


def test_a_digi_battle_engine_that_passes_by_itself_passes_every_vector() -> None:
    results = _db_results("db_moves_on")
    assert {r.status for r in results.values()} == {"pass"}, sorted(  # type: ignore[attr-defined]
        (k, r.step, r.reason) for k, r in results.items()  # type: ignore[attr-defined]
        if r.status != "pass")  # type: ignore[attr-defined]


def test_the_probe_at_a_waiting_point_it_skipped_still_fails_a_wrong_engine() -> None:
    """The tolerance hides no fault: the same engine refusing with a clause the action does
    not break where it is, or accepting the illegal action, fails those very probes."""
    steps = {v["id"]: len(v["steps"]) for v in load_vectors(kind="scenario")
             if v["id"] in (NOTHING_FACE_DOWN, FROM_HAND)}
    for name, why in (("db_moves_on_wrong_clause", "refused under clause 'DB-C.1'"),
                      ("db_moves_on_ignores_refusals", "the action was accepted")):
        results = _db_results(name, only=(NOTHING_FACE_DOWN, FROM_HAND))
        for vid in (NOTHING_FACE_DOWN, FROM_HAND):
            r = results[vid]
            assert r.status == "fail" and why in r.reason, (name, vid, r)  # type: ignore
            # the probe itself (the last step), not the way there
            assert r.step == steps[vid] - 1, (name, vid, r)  # type: ignore

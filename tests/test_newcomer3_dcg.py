"""The DCG engines of the third newcomer review (``tests/newcomer3_faults.py`` ``DCG_PATCHES``,
``docs/NEWCOMER3.md``), run as the review ran them: the default run, vectors included
(``--skip examples/dcg/skip.txt``), 30 random games with the real decks red-memory and
blue-tempo, seeds 0 and 5 (seed 5 is ``thorough``). Issue 24: one planted fault gives exactly
one finding, under the clause named in advance in its entry; its failing vectors are filed
under that clause; no reading verdict moves against the unmodified engine's at the same
seed. The engines that break no rule (``base``, ``cardorder``) PASS. ``turnmem3``
(``tests/independent_faults_dcg.py``) is run the same way for its vectors' clause."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.verifier.runner import Options, parse_skip_file, verify
from tests import independent_faults_dcg, newcomer3_faults
from tests.independent_faults import build_patched

ROOT = Path(__file__).resolve().parents[1]

#: engine -> (the clause of its one finding, the clauses its failing vectors may name), named
#: in advance in its entry (docs/NEWCOMER3.md)
EXPECTED: dict[str, tuple[str, tuple[str, ...]]] = {
    # a Breeding phase that goes on after a hatch: the phase ends after its one action
    # (DCG-6-4-1), the Main phase begun from it (GameHooks.event_clauses), not the order of
    # the phases (DCG-6-1-2, the oracle's main_phase event; once the finding's clause)
    "hatchstay": ("DCG-6-4-1", ("DCG-6-4-1",)),
    "secbottom": ("CR4.2 Security checks", ("CR4.2 Security checks",)),
    "attacknosuspend": ("DCG-6-5-1-5", ("DCG-6-5-1-5",)),
    # the reshuffle and the 5 cards drawn again after a mulligan are the mulligan's (once
    # CR4.2 Game setup, the clause of the oracle's shuffled and drew events)
    "mulligan4": ("CR4.2 Mulligan", ("CR4.2 Mulligan",)),
    "digicolor": ("DCG-6-5-1-2", ("DCG-6-5-1-2",)),
    # digivolving draws 2: the digivolution draw's own rule, CR4.2 Digivolving (the oracle's
    # drew event; named first in the entry), the extra card followed to that draw
    # (_card_mover); once DCG-6-5-1-2, the digivolve's (its text says nothing of a draw)
    "digidraw2": ("CR4.2 Digivolving", ("DCG-6-5-1-2", "CR4.2 Digivolving")),
    "startmem3": ("CR4.2 Game setup", ("CR4.2 Game setup",)),
    "unsuspendboth": ("DCG-6-2-1", ("DCG-6-2-1",)),
}

#: engines of tests/independent_faults_dcg.py run the same way: turnmem3 (the next turn begun
#: at most at 3) once filed its failing vectors under DCG-6-5-1-1 (a cost paid short: one
#: step alone cannot tell) and CR4.2 Pending processing while its games' finding is DCG-6-6-3;
#: the vectors are now named as the run's games name their roots (name_by_gauge_roots)
GALLERY: dict[str, tuple[str, tuple[str, ...]]] = {
    "turnmem3": ("DCG-6-6-3", ("DCG-6-6-3",)),
}
EXPECTED.update(GALLERY)

#: engine -> why one of its failing vectors names another clause (strict xfail).
#: unsuspendboth once filed turn_flow::A [Security] effect moves memory to my opponent's side;
#: the turn ends after it under DCG-6-5-1-5: at that step an attack's security check ends the
#: turn and begins the opponent's, and the attacker ends unsuspended, as attacknosuspend's
#: does; the step alone cannot tell them apart, the run's games can (runner._cover_vectors).
WRONG_VECTORS: dict[str, str] = {}

#: engine -> why a reading verdict moves (strict xfail). secbottom, attacknosuspend and
#: startmem3 once moved DCG-AMB-3 from "follows 'turn-player-chooses'" to "untested": the one
#: vector behind it (end_of_turn::Two pending end-of-turn losses both resolve before the turn
#: ends) failed at step 12 (the attack; step 5 for startmem3), before the step where the
#: order of its two losses shows; it is now played on past that step
#: (runner.played_on_evidence).
WRONG_VERDICTS: dict[str, str] = {}

GAMES = 30
_REPORTS: dict[tuple[str, int], Any] = {}


def _report(name: str, seed: int, tmp: Path) -> Any:
    """The report of ``name``'s default run at ``seed`` (computed once per session)."""
    if (name, seed) in _REPORTS:
        return _REPORTS[name, seed]
    from digiconform.options import newest_format_date, random_game_decks
    from digiconform.verifier.games import drawing_decks
    from oracle.resources import data_dir

    out = tmp / f"{name}-{seed}"
    if name == "base":
        (out / "base").mkdir(parents=True)
        for f in newcomer3_faults.DCG_FILES:
            shutil.copy(newcomer3_faults.DCG_EXAMPLE / f, out / "base" / f)
    elif name in GALLERY:
        independent_faults_dcg.build(out, [name])
    else:
        build_patched(newcomer3_faults.DCG_EXAMPLE, newcomer3_faults.DCG_FILES,
                      newcomer3_faults.DCG_PATCHES, out, [name])
    impl = " ".join(shlex.quote(str(x)) for x in (
        sys.executable, out / name / "adapter.py", "--cards", data_dir() / "dcg" / "cards.json"))
    skips = parse_skip_file((ROOT / "examples" / "dcg" / "skip.txt").read_text(encoding="utf-8"))
    date = newest_format_date()
    decks = random_game_decks("dcg", ["red-memory", "blue-tempo"], [], date)
    with drawing_decks("dcg", decks):
        report = verify(Options(impl, "dcg", games=GAMES, seed=seed, skips=skips, budget=None,
                                shrink_seconds=5, trace_dir=out / "traces", format_date=date))
    _REPORTS[name, seed] = report
    return report


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("newcomer3-dcg")


def _marks(name: str, seed: int, wrong: dict[str, str]) -> list[Any]:
    marks: list[Any] = [pytest.mark.thorough] if seed else []
    if name in wrong:
        marks.append(pytest.mark.xfail(strict=True, reason=wrong[name]))
    return marks


def _cases(wrong: dict[str, str] | None = None) -> list[Any]:
    """(engine, seed) for every fault at seeds 0 and 5 (5: thorough), ``wrong`` ones xfail."""
    return [pytest.param(n, s, marks=_marks(n, s, wrong or {}), id=f"{n}-{s}")
            for n in sorted(EXPECTED) for s in (0, 5)]


@pytest.mark.parametrize(("name", "seed"), _cases())
def test_a_newcomer3_dcg_fault_gets_one_finding_under_its_clause(name: str, seed: int,
                                                                 tmp: Path) -> None:
    report = _report(name, seed, tmp)
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] == EXPECTED[name][0], found
    assert not report.ok and report.outcome == "FAIL"


@pytest.mark.parametrize(("name", "seed"), _cases(WRONG_VECTORS))
def test_the_failing_vectors_of_a_newcomer3_dcg_fault_name_its_clause(name: str, seed: int,
                                                                      tmp: Path) -> None:
    report = _report(name, seed, tmp)
    failed = [(f.clause, f.id) for f in report.failures if f.kind == "scenario"]
    failed += [(n["clause"], n["id"]) for n in report.not_reached]
    assert failed, name
    assert [f for f in failed if f[0] not in EXPECTED[name][1]] == [], name


@pytest.mark.parametrize(("name", "seed"), _cases(WRONG_VERDICTS))
def test_no_reading_verdict_moves_for_a_newcomer3_dcg_fault(name: str, seed: int,
                                                            tmp: Path) -> None:
    base, report = _report("base", seed, tmp), _report(name, seed, tmp)
    moved = {a: (r.verdict, report.ambiguities[a].verdict)
             for a, r in base.ambiguities.items() if report.ambiguities[a].verdict != r.verdict}
    assert moved == {}, moved


@pytest.mark.parametrize(("name", "seed"), [
    pytest.param(n, s, marks=_marks(n, s, {}), id=f"{n}-{s}")
    for n in ("base", "cardorder") for s in (0, 5)])
def test_the_newcomer3_dcg_engines_without_a_fault_pass(name: str, seed: int,
                                                        tmp: Path) -> None:
    report = _report(name, seed, tmp)
    assert report.differential["findings"] == [] and report.failures == [], report.failures
    assert report.ok and report.outcome == "PASS"

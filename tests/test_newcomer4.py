"""The fourth newcomer review's engines (``tests/newcomer4_faults.py``, ``docs/NEWCOMER4.md``)
run as the review ran them: every scenario vector and 30 random games, at seeds 0 and 5 (seed
5 is ``thorough``); for DCG ``--skip examples/dcg/skip.txt`` and the real decks red-memory and
blue-tempo. Issue 24: one planted fault gives exactly one finding, under the clause named in
advance in its entry. The unmodified engines PASS.

newcomer4 was written blind, scored 8 of 25 findings right on main at 951568f, and was then
used to shape the general naming rules of branch i24m (``differential._card_mover`` on
``GameHooks.moves``, ``_object_clause``, ``_flow_clause``): it is a tuning set now, not an
out-of-sample check."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.verifier.runner import Options, parse_skip_file, verify
from tests import newcomer4_faults

ROOT = Path(__file__).resolve().parents[1]
GAMES = 30

#: engine -> (ruleset, the clauses named in advance in its entry: its one finding names one)
EXPECTED: dict[str, tuple[str, tuple[str, ...]]] = {
    "tiealternate": ("digibattle", ("DB-C.8", "DB-D.6")),
    "oldrookiehand": ("digibattle", ("DB-D.4",)),
    "paytwo": ("digibattle", ("DB-B.3",)),
    "onemoreplay": ("digibattle", ("DB-C.3",)),
    "shortdraw": ("digibattle", ("DB-D.2",)),
    "drawbottom": ("dcg", ("DCG-6-3-1",)),
    "digiactive": ("dcg", ("DCG-6-5-1-2", "CR4.2 Digivolving")),
    "trashtop": ("dcg", ("CR4.2 Deletion",)),
}

#: engine -> why its finding names another clause (strict xfail: a fix shows as XPASS)
WRONG: dict[str, str] = {
    "trashtop": "the oracle cites a deletion in battle under CR4.2 Battles (oracle/dcg/"
                "main_phase.py _delete(..., BATTLE)) and CR4.2 Deletion only for an effect's "
                "deletion; the cards under the deleted Digimon are followed to that event "
                "(_card_mover), so the finding is CR4.2 Battles, the oracle's own name",
}

_REPORTS: dict[tuple[str, str, int], Any] = {}


def _report(name: str, ruleset: str, seed: int, tmp: Path) -> Any:
    """The report of ``name``'s default run at ``seed`` (computed once per session)."""
    if (name, ruleset, seed) in _REPORTS:
        return _REPORTS[name, ruleset, seed]
    out = tmp / f"{ruleset}-{name}-{seed}"
    newcomer4_faults.build(out, [name])
    traces = out / "traces"
    if ruleset == "digibattle":
        impl = f"{shlex.quote(sys.executable)} " \
               f"{shlex.quote(str(out / 'db' / name / 'adapter.py'))}"
        report = verify(Options(impl, games=GAMES, seed=seed, budget=None, shrink_seconds=5,
                                trace_dir=traces))
    else:
        from digiconform.options import newest_format_date, random_game_decks
        from digiconform.verifier.games import drawing_decks
        from oracle.resources import data_dir

        impl = " ".join(shlex.quote(str(x)) for x in (
            sys.executable, out / "dcg" / name / "adapter.py", "--cards",
            data_dir() / "dcg" / "cards.json"))
        skips = parse_skip_file((ROOT / "examples" / "dcg" / "skip.txt").read_text(
            encoding="utf-8"))
        date = newest_format_date()
        decks = random_game_decks("dcg", ["red-memory", "blue-tempo"], [], date)
        with drawing_decks("dcg", decks):
            report = verify(Options(impl, "dcg", games=GAMES, seed=seed, skips=skips,
                                    budget=None, shrink_seconds=5, trace_dir=traces,
                                    format_date=date))
    _REPORTS[name, ruleset, seed] = report
    return report


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("newcomer4")


def _cases() -> list[Any]:
    out = []
    for n in sorted(EXPECTED):
        for s in (0, 5):
            marks: list[Any] = [pytest.mark.thorough] if s else []
            if n in WRONG:
                marks.append(pytest.mark.xfail(strict=True, reason=WRONG[n]))
            out.append(pytest.param(n, s, marks=marks, id=f"{n}-{s}"))
    return out


@pytest.mark.parametrize(("name", "seed"), _cases())
def test_a_newcomer4_fault_gets_one_finding_under_its_clause(name: str, seed: int,
                                                             tmp: Path) -> None:
    ruleset, clauses = EXPECTED[name]
    report = _report(name, ruleset, seed, tmp)
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert not report.ok and report.outcome == "FAIL"
    assert len(found) == 1 and found[0][0] in clauses, found


@pytest.mark.parametrize(("ruleset", "seed"), [
    pytest.param(r, s, marks=[pytest.mark.thorough] if s else [], id=f"{r}-{s}")
    for r in ("digibattle", "dcg") for s in (0, 5)])
def test_the_unmodified_newcomer4_engines_pass(ruleset: str, seed: int, tmp: Path) -> None:
    report = _report("base", ruleset, seed, tmp)
    assert report.differential["findings"] == [] and report.failures == [], report.failures
    assert report.ok and report.outcome == "PASS"

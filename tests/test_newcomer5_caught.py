"""Issue 24: never PASS an engine that accepts what the rules refuse. The two faults of the
fifth newcomer's held-out set (``tests/newcomer5_faults.py``, docs/NEWCOMER5.md) that every
``verify`` run once called PASS, run as a user runs them (the default run: every vector, 40
random games, seed 0; seed 5 is ``thorough``):

- ``latediscard`` (Digi-Battle): a Regroup discard after the hand was restored is accepted
  (DB-D.1). The vector "A discard after the hand is restored is refused" fails under DB-D.1,
  and the random games' lapsed probes (:func:`digiconform.verifier.probes.lapsed`: an action
  legal at the player's previous position, refused now) give one finding, under DB-D.1.
- ``copies5`` (DCG, with ``--deck red-memory --deck blue-tempo``, the real card set and
  ``examples/dcg/skip.txt``): a deck with 5 copies of a card number is accepted (CR4.2 Deck
  construction). The three 5-copies vectors of ``features/dcg/setup.feature`` fail under that
  clause; the other deck-construction vectors (49 and 51 main cards, 6 Digi-Eggs), whose rules
  the engine keeps, pass; the random games play legal decks and find nothing.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.verifier.runner import Options, parse_skip_file, verify
from tests import newcomer5_faults

ROOT = Path(__file__).resolve().parents[1]
DECK = "CR4.2 Deck construction"
_REPORTS: dict[tuple[str, int], Any] = {}


def _report(name: str, seed: int, tmp: Path) -> Any:
    """The report of ``name``'s default run at ``seed`` (once per test process)."""
    if (name, seed) in _REPORTS:
        return _REPORTS[name, seed]
    out = tmp / f"{name}-{seed}"
    newcomer5_faults.build(out, [name])
    if name == "latediscard":
        impl = " ".join(shlex.quote(str(x)) for x in (sys.executable,
                                                      out / "db" / name / "adapter.py"))
        report = verify(Options(impl, seed=seed, budget=None, shrink_seconds=5,
                                trace_dir=out / "traces"))
    else:
        from digiconform.options import newest_format_date, random_game_decks
        from digiconform.verifier.games import drawing_decks
        from oracle.resources import data_dir

        impl = " ".join(shlex.quote(str(x)) for x in (
            sys.executable, out / "dcg" / name / "adapter.py", "--cards",
            data_dir() / "dcg" / "cards.json"))
        skips = parse_skip_file((ROOT / "examples" / "dcg" / "skip.txt").read_text("utf-8"))
        date = newest_format_date()
        decks = random_game_decks("dcg", ["red-memory", "blue-tempo"], [], date)
        with drawing_decks("dcg", decks):
            report = verify(Options(impl, "dcg", seed=seed, skips=skips, budget=None,
                                    shrink_seconds=5, trace_dir=out / "traces",
                                    format_date=date))
    _REPORTS[name, seed] = report
    return report


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("newcomer5-caught")


def _seeds() -> list[Any]:
    return [0, pytest.param(5, marks=pytest.mark.thorough)]


@pytest.mark.parametrize("seed", _seeds())
def test_a_discard_after_the_draw_is_caught_under_db_d1(seed: int, tmp: Path) -> None:
    report = _report("latediscard", seed, tmp)
    assert not report.ok and report.outcome == "FAIL"
    found = [(f["clause"], f["kind"]) for f in report.differential["findings"]]
    assert found == [("DB-D.1", "accepted-illegal")], found
    failed = sorted((f.clause, f.id) for f in report.failures if f.kind == "scenario")
    assert failed == [("DB-D.1", "regroup::A discard after the hand is restored is refused")]


@pytest.mark.parametrize("seed", _seeds())
def test_a_deck_with_five_copies_is_caught_under_deck_construction(seed: int,
                                                                   tmp: Path) -> None:
    report = _report("copies5", seed, tmp)
    assert not report.ok and report.outcome == "FAIL"
    failed = sorted((f.clause, f.id) for f in report.failures if f.kind == "scenario")
    assert failed == [
        (DECK, "dcg/setup::A Digi-Egg deck with 5 copies of a card number is refused"),
        (DECK, "dcg/setup::A main deck with 5 copies of a card number is refused"),
        (DECK, "dcg/setup::My opponent's main deck with 5 copies of a card number is refused"),
    ], failed
    assert report.differential["findings"] == []
    # the deck-construction vectors whose rules the engine keeps ran and passed
    assert report.clauses[DECK].passed >= 4

"""``tools/mutate.py`` (docs/MUTATION.md) without running a mutant: the kill check's verdicts
and the documented equivalent mutants, each of which must still name a mutant of today's
code (an entry that matches nothing is stale: the code moved and the entry needs a look)."""

from __future__ import annotations

import functools
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

_TOOL = Path(__file__).resolve().parents[1] / "tools" / "mutate.py"
_spec = importlib.util.spec_from_file_location("mutate", _TOOL)
assert _spec and _spec.loader
mutate = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("mutate", mutate)  # dataclasses look their module up
_spec.loader.exec_module(mutate)


@functools.cache
def _mutants(module: str) -> tuple[Any, ...]:
    """``mutate.mutants(module)``, worked out once per module (a second of parsing and
    matching each): several documented entries name the same module."""
    return tuple(mutate.mutants(module))


@pytest.mark.parametrize("entry", mutate.DOCUMENTED,
                         ids=lambda e: f"{e['module'].rsplit('/', 1)[1]}:{e.get('function')}")
def test_every_documented_equivalent_names_a_mutant(entry: dict) -> None:
    reason = f"documented: {entry['reason']}"
    hits = [m for m in _mutants(str(entry["module"])) if m.equivalent == reason]
    assert hits, f"no mutant of {entry['module']} matches {entry}"
    assert len(hits) <= 10, [m.id for m in hits]  # a criterion too loose


def test_documented_equivalents_are_not_run() -> None:
    m = next(m for m in _mutants("oracle/dcg/engine.py")
             if m.equivalent and m.equivalent.startswith("documented:"))
    assert mutate.run_one(m, games=0)["status"] == "equivalent"


def test_the_kill_check_counts_a_kill_only_for_a_failed_report(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    assert mutate._status(0, report) == "survived"
    assert mutate._status(1, report).startswith("error")  # verify wrote nothing: it crashed
    report.write_text(json.dumps({"ok": False}))
    assert mutate._status(1, report) == "killed"
    assert mutate._status(2, report).startswith("error")
    report.write_text(json.dumps({"ok": True}))
    assert mutate._status(1, report).startswith("error")
    # INCONCLUSIVE (exit 3, issue 24): not shown wrong, so not a kill
    report.write_text(json.dumps({"ok": False, "outcome": {"result": "INCONCLUSIVE"}}))
    assert mutate._status(3, report) == "inconclusive"


def test_the_card_facts_behind_two_documented_dcg_equivalents() -> None:
    """The DCG card sets verify plays (oracle/data/dcg: dcg-real and its test-only cards) keep
    the facts two DOCUMENTED entries rest on (CI at d19ea21): every card has one colour and
    every digivolve condition names the card's own, so a stack is of one colour (the breeding
    stack's bottom card shows the Option colours its top does); a digivolve costs 0 only from
    level 2, and every level-2 card is a Digi-Egg without DP, which never reaches the battle
    area. Should a new card break one, the matching entry is wrong and must go."""
    data = Path(__file__).resolve().parents[1] / "oracle" / "data" / "dcg"
    cards = [c for name in ("cards.json", "test-only-cards.json")
             for c in json.loads((data / name).read_text(encoding="utf-8"))["cards"]]
    assert len(cards) > 50
    for card in cards:
        assert len(card["colors"]) == 1, card["id"]
        for cond in card.get("digivolve") or ():
            assert cond["color"] in card["colors"], card["id"]
            assert cond["cost"] > 0 or cond["level"] == 2, card["id"]
        if card.get("level") == 2:
            assert card["kind"] == "digi-egg" and card.get("dp") is None, card["id"]

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
    from oracle.dcg.cards import load_test_only_cards

    cards = load_test_only_cards().cards  # (dcg-real and the test-only cards)
    assert len(cards) > 50
    for cid, card in cards.items():
        assert len(card.colors) == 1, cid
        for cond in card.digivolve:
            assert cond.color in card.colors, cid
            assert cond.cost > 0 or cond.level == 2, cid
        if card.level == 2:
            assert card.kind == "digi-egg" and card.dp is None, cid


def test_no_deck_verify_sends_holds_a_card_its_set_marks_unsupported() -> None:
    """The fact behind the DOCUMENTED entry of check_deck's UnsupportedError (branch s26k):
    no deck of a DCG vector's set-up (a shipped deck's name or a deck object), read against
    that set-up's card set, and no shipped deck (the random games' decks) holds a card the
    set marks ``supported: false``. A set-up whose card set is refused (the malformed
    embedded ones) is refused before its decks are read. Should a vector or deck hold one,
    deleting the raise changes an answer and the entry must go."""
    from oracle.dcg.cards import REAL_SET, card_set_from_json, shipped_card_set
    from oracle.dcg.cards import shipped_deck_names as deck_names
    from oracle.errors import InvalidInputError

    root = Path(__file__).resolve().parents[1]
    decks_dir = root / "oracle" / "data" / "dcg" / "decks"

    def ids(deck: object) -> list[str]:
        doc = json.loads((decks_dir / f"{deck}.json").read_text(encoding="utf-8")) \
            if isinstance(deck, str) else deck
        assert isinstance(doc, dict)
        return [e["id"] for e in [*doc["deck"], *doc.get("eggs", [])]]

    def unsupported(card_set: object) -> set[str]:
        cs = card_set_from_json(card_set) if isinstance(card_set, dict) and "cards" in card_set \
            else shipped_card_set(card_set["name"] if isinstance(card_set, dict) else REAL_SET)
        assert cs is not None
        return {cid for cid, card in cs.cards.items() if not card.supported}

    real = unsupported(None)
    assert real, "dcg-real marks no card unsupported: the test would check nothing"
    for name in deck_names():
        assert not real & set(ids(name)), name
    setups = 0
    for path in sorted((root / "vectors" / "dcg").rglob("*.vector.json")):
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            if "setup" not in step:
                continue
            try:
                marked = unsupported(step["setup"].get("card_set"))
            except InvalidInputError:
                continue
            setups += 1
            for deck in step["setup"].get("decks", ["red-memory", "blue-tempo"]):
                assert not marked & set(ids(deck)), (path.name, sorted(marked & set(ids(deck))))
    assert setups > 200

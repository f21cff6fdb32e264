#!/usr/bin/env python3
"""Write the skip file of ``adapter.py``: every DCG scenario vector whose decks hold a card
this engine does not play (not in its card list, or a printed text it does not know), with
the first such card as the reason, or whose set-up embeds a card document of its own (the
engine plays only its card list). Nothing else is skipped: a vector the engine can play and
fails is a failure.

Usage: ``python examples/dcg/skips.py [--cards CARD_LIST] VECTOR_DIR > skip.txt``, where
``VECTOR_DIR`` holds the vectors (``digiconform vectors export DIR`` writes them to
``DIR/vectors``, a checkout has them in ``vectors/``) and ``--cards`` is the card list the
adapter is run with (default: the engine's own ST-1/ST-2 list). ``tests/test_examples.py``
checks that the shipped ``skip.txt`` (made with ``--cards`` the ``dcg-real`` set) equals
what this rule gives.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adapter import shipped_deck  # noqa: E402
from engine import Card, load_cards  # noqa: E402


def vector_cards(vector: dict[str, Any]) -> list[str]:
    """Every card of every deck a vector's games are set up with, in order, once each."""
    seen: dict[str, None] = {}
    for step in vector.get("steps", []):
        setup = step.get("setup")
        if not isinstance(setup, dict):
            continue
        for deck in setup.get("decks", []):
            doc = shipped_deck(deck) if isinstance(deck, str) else deck
            for part in ("deck", "eggs"):
                for e in doc.get(part, []):
                    seen.setdefault(e["id"], None)
    return list(seen)


def refused(card: str, cards: dict[str, Card]) -> str | None:
    """Why the engine refuses ``card`` in a deck, or None when it plays it."""
    c = cards.get(card)
    if c is None:
        return f"{card} is not in this engine's card list"
    if c.unknown_texts():
        return f"{card} {c.name}: its text {c.unknown_texts()[0]!r} is not played"
    return None


def embeds_card_set(vector: dict[str, Any]) -> str | None:
    """Why the engine refuses a vector's set-up that embeds a card document of its own (it
    plays only the cards of its card list), or None."""
    for step in vector.get("steps", []):
        setup = step.get("setup")
        if isinstance(setup, dict) and "cards" in (setup.get("card_set") or {}):
            return "a card set of its own: this engine plays only the cards of its card list"
    return None


def skip_lines(vector_dir: Path, cards: dict[str, Card]) -> list[str]:
    """``ID # reason`` for each DCG vector of ``vector_dir`` with a card the engine
    refuses, sorted by ID."""
    out = []
    for path in sorted(vector_dir.rglob("*.vector.json")):
        v = json.loads(path.read_text(encoding="utf-8"))
        if v.get("ruleset") != "dcg" or v.get("kind") != "scenario":
            continue
        why = next((r for c in vector_cards(v) if (r := refused(c, cards))), None) \
            or embeds_card_set(v)
        if why:
            out.append(f"{v['id']} # {why}")
    return sorted(out)


def main(argv: list[str]) -> int:
    cards_path = Path(argv[argv.index("--cards") + 1]) if "--cards" in argv else None
    vector_dir = Path(argv[-1])
    print("# examples/dcg: the DCG vectors whose decks hold a card engine.py does not play,")
    print("# written by examples/dcg/skips.py (checked by tests/test_examples.py)")
    for line in skip_lines(vector_dir, load_cards(cards_path)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

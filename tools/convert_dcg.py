#!/usr/bin/env python3
"""Convert the real Digimon Card Game cards the ``dcg`` ruleset uses into shipped data.

Usage::

    python tools/convert_dcg.py           # tools/raw/dcg/cards.json -> oracle/data/dcg/cards.json
    python tools/convert_dcg.py --check   # is the shipped file what a fresh conversion gives?
    python tools/check_rule_copies.py     # is tools/raw/dcg/ still ../shared/data/dcg/?

Reads ``tools/raw/dcg/cards.json`` (a byte-identical copy of the workspace's
``../shared/data/dcg/cards.json``: 591 real cards; see ``tools/raw/dcg/SOURCE.md``: the card
list of the public engine Aegis, ``vinicius3333/aegis-digimon-tcg`` @ c5c186fa7, MIT licence,
collected from the official English card list) and writes, deterministically:

- ``oracle/data/dcg/cards.json``: the card set ``dcg-real`` -- each chosen card with its real
  number, name, kind, colours, level, costs, DP and complete printed texts (main, inherited,
  security), plus ``effects``: the whole text in the oracle's closed effect vocabulary, or
  ``"supported": false`` with the reason when the oracle does not implement all of it; the
  ``source`` block names the raw file and the SHA-256 of each chosen card's raw record
  (canonical JSON), so a changed record shows.

``tests/dcg/test_real_cards.py`` compares every shipped card with its raw record in
``tools/raw/dcg/cards.json`` (no test reads ``../shared``).

Each row of :data:`EFFECTS` repeats the printed text it implements: a changed text fails the
conversion instead of being re-interpreted. Invented cards are NOT made here; the three
test-only cards are ``oracle/data/dcg/test-only-cards.json`` (hand-written, each with its
reason).

:raises ConversionError: a chosen card is missing, its text differs from its row, or the
    ``--check`` comparison finds a difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RAW = ROOT / "tools" / "raw" / "dcg" / "cards.json"
OUT = ROOT / "oracle" / "data" / "dcg"
SET_NAME = "dcg-real"
SOURCE = {
    "file": "tools/raw/dcg/cards.json (copy of ../shared/data/dcg/cards.json)",
    "origin": "Aegis (vinicius3333/aegis-digimon-tcg, MIT licence), "
              "packages/shared/src/cards/data/cards.json at commit c5c186fa7, collected from the "
              "official English card list; full-width commas and angle brackets replaced by ASCII",
    "converted_by": "tools/convert_dcg.py",
}

JsonDict = dict[str, Any]


class ConversionError(Exception):
    """The raw data does not match what the effect table expects."""


def E(timing: str, action: str, value: int = 0, **kw: Any) -> JsonDict:  # noqa: N802
    """One effect row of the closed vocabulary (see ``oracle/dcg/cards.py``)."""
    out: JsonDict = {"timing": timing, "action": action, "value": value}
    out.update(kw)
    return out


WHEN_ATTACKING_3 = "[When Attacking] Gain 3 memory. At end of turn, lose 3 memory."
_ATTACK_3 = [E("when_attacking", "gain_memory", 3,
               then_at_end_of_turn={"action": "lose_memory", "value": 3})]
SEC_PLAY = "[Security] Play this card without paying its memory cost."
_SEC_PLAY = E("security", "play_self")
SEC_MAIN = "[Security] Activate this card's [Main] effect."
_SEC_MAIN = E("security", "activate_main")
BLOCKER = ("<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force "
           "the opponent to attack it instead.)")
_BLOCKER = E("always", "blocker")
SA_1 = "<Security Attack +1> (This Digimon checks 1 additional security card.)"
SET_TO_3 = "[Start of Your Turn] If you have 2 memory or less, set your memory to 3."
_SET_TO_3 = E("start_of_your_turn", "set_memory_if_at_most", 3, at_most=2)

#: card number -> (the printed texts "main || inherited || security", effects). ``None`` as
#: effects: a card without text. A card not in this table is not shipped.
EFFECTS: dict[str, tuple[str, list[JsonDict] | None]] = {
    # Digi-Eggs: every real egg has an inherited effect.
    "ST1-01": (" || [Your Turn] While this Digimon has 4 or more digivolution cards, it gets "
               "+1000 DP. || ",
               [E("your_turn", "dp", 1000, inherited=True, condition="self_4_sources")]),
    "ST2-01": (" || [Your Turn] This Digimon gets +1000 DP when battling an opponent's Digimon "
               "that has no digivolution cards. || ",
               [E("your_turn", "dp", 1000, inherited=True,
                  condition="battling_digimon_without_sources")]),
    # Red
    "ST1-02": (" ||  || ", None),
    "ST1-03": (" || [Your Turn] This Digimon gets +1000 DP. || ",
               [E("your_turn", "dp", 1000, inherited=True)]),
    "ST1-04": (" ||  || ", None),
    "BT1-009": (" ||  || ", None),
    "ST1-05": (" ||  || ", None),
    "BT1-014": (" ||  || ", None),
    "ST12-05": (" ||  || ", None),
    "BT1-020": (" ||  || ", None),
    "BT4-014": (" ||  || ", None),
    "BT1-021": (WHEN_ATTACKING_3 + " ||  || ", _ATTACK_3),
    "ST1-06": (BLOCKER + "[When Attacking] Lose 2 memory. ||  || ",
               [_BLOCKER, E("when_attacking", "lose_memory", 2)]),
    "ST1-07": (" || " + SA_1 + " || ",
               [E("always", "security_attack", 1, inherited=True)]),
    "ST1-08": ("[When Digivolving] 1 of your Digimon gets +3000 DP for the turn. ||  || ",
               [E("when_digivolving", "dp_boost", 3000, target="your_digimon", until="turn")]),
    "ST1-09": (" || [Your Turn] When this Digimon is blocked, gain 3 memory. || ",
               [E("when_blocked", "gain_memory", 3, inherited=True)]),
    "ST1-10": (" ||  || ", None),
    "ST1-11": ("[Your Turn] For every 2 digivolution cards this Digimon has, it gains <Security "
               "Attack +1>. (This Digimon checks 1 additional security card.) ||  || ",
               [E("your_turn", "security_attack", 1, per_sources=2)]),
    "ST1-12": ("[Your Turn] All of your Digimon get +1000 DP. ||  || " + SEC_PLAY,
               [E("your_turn", "dp", 1000, scope="your_digimon"), _SEC_PLAY]),
    "ST1-13": ("[Main] 1 of your Digimon gets +3000 DP for the turn. ||  || [Security] All of "
               "your Digimon gain <Security Attack +1>  (This Digimon checks 1 additional "
               "security card) until the end of your next turn.",
               [E("main", "dp_boost", 3000, target="your_digimon", until="turn"),
                E("security", "security_attack_all", 1, until="your_next_turn")]),
    "ST1-14": ("[Main] All of your Security Digimon get +7000 DP until the end of your "
               "opponent's next turn. ||  || [Security] All of your Security Digimon get +7000 "
               "DP for the turn.",
               [E("main", "security_dp", 7000, until="opponents_next_turn"),
                E("security", "security_dp", 7000, until="turn")]),
    "ST1-15": ("[Main] Delete up to 2 of your opponent's Digimon with 4000 DP or less. ||  || "
               + SEC_MAIN,
               [E("main", "delete", target="opponent_digimon", count=2, up_to=True,
                  max_dp=4000), _SEC_MAIN]),
    "ST1-16": ("[Main] Delete 1 of your opponent's Digimon. ||  || " + SEC_MAIN,
               [E("main", "delete", target="opponent_digimon"), _SEC_MAIN]),
    "BT1-090": ("[Main] Gain 2 memory. At end of turn, lose 2 memory. ||  || ",
                [E("main", "gain_memory", 2,
                   then_at_end_of_turn={"action": "lose_memory", "value": 2})]),
    # Blue
    "ST2-02": (" ||  || ", None),
    "ST2-03": (" || [When Attacking] Trash the digivolution card at the bottom of 1 of your "
               "opponent's Digimon with a level of 5 or less. || ",
               [E("when_attacking", "trash_sources", 1, inherited=True,
                  target="opponent_digimon", max_level=5)]),
    "ST2-04": (" ||  || ", None),
    "BT1-028": (" ||  || ", None),
    "BT3-020": (" ||  || ", None),
    "ST2-05": (" ||  || ", None),
    "ST2-06": (" || [When Attacking] Trash the digivolution card at the bottom of 1 of your "
               "opponent's Digimon. || ",
               [E("when_attacking", "trash_sources", 1, inherited=True,
                  target="opponent_digimon")]),
    "ST2-07": (BLOCKER + "[When Attacking] Lose 2 memory. ||  || ",
               [_BLOCKER, E("when_attacking", "lose_memory", 2)]),
    "ST2-08": (" || [Your Turn] While your opponent has a Digimon with no digivolution cards, "
               "this Digimon gains <Security Attack +1>. (This Digimon checks 1 additional "
               "security card.) || ",
               [E("your_turn", "security_attack", 1, inherited=True,
                  condition="opponent_has_digimon_without_sources")]),
    "ST2-09": ("[When Digivolving] Trash 2 digivolution cards at the bottom of 1 of your "
               "opponent's Digimon. ||  || ",
               [E("when_digivolving", "trash_sources", 2, target="opponent_digimon")]),
    "BT7-020": (" ||  || ", None),
    "BT2-024": (" ||  || ", None),
    "BT1-038": (" ||  || ", None),
    "BT2-027": (" ||  || ", None),
    "BT1-040": (WHEN_ATTACKING_3 + " ||  || ", _ATTACK_3),
    "ST2-10": (" ||  || ", None),
    "ST2-11": ("[When Attacking][Once Per Turn] Unsuspend this Digimon. ||  || ",
               [E("when_attacking", "unsuspend_self", once_per_turn=True)]),
    "ST2-12": ("[Start of Your Turn] If your opponent has a Digimon with no digivolution cards, "
               "gain 1 memory. ||  || " + SEC_PLAY,
               [E("start_of_your_turn", "gain_memory", 1,
                  condition="opponent_has_digimon_without_sources"), _SEC_PLAY]),
    "ST2-13": ("[Main] Gain 1 memory. ||  || [Security] Gain 2 memory.",
               [E("main", "gain_memory", 1), E("security", "gain_memory", 2)]),
    "ST2-14": ("[Main] Choose 1 of your opponent's Digimon with no digivolution cards. That "
               "Digimon can't attack or block until the end of your opponent's next turn. ||  "
               "|| [Security] Choose 1 of your opponent's Digimon with no digivolution cards. "
               "That Digimon can't attack or block until the end of your next turn.",
               [E("main", "no_attack_block", target="opponent_digimon",
                  target_condition="no_sources", until="opponents_next_turn"),
                E("security", "no_attack_block", target="opponent_digimon",
                  target_condition="no_sources", until="your_next_turn")]),
    "ST2-15": ("[Main] Choose a Digimon digivolution card placed under 1 of your Digimon and "
               "play it as another Digimon without paying its memory cost. ||  || " + SEC_MAIN,
               [E("main", "play_source", target="your_digimon"), _SEC_MAIN]),
    "ST2-16": ("[Main] Return 1 of your opponent's Digimon to its owner's hand. (Trash all of "
               "the digivolution cards of that Digimon.) ||  || " + SEC_MAIN,
               [E("main", "bounce", target="opponent_digimon"), _SEC_MAIN]),
    # Other colours, for the scenarios (not in the shipped decks)
    "BT11-049": ("[Start of Your Turn] Gain 1 memory. ||  || ",
                 [E("start_of_your_turn", "gain_memory", 1)]),
    "BT2-089": (SET_TO_3 + "[Opponent's Turn] All of your black Digimon get +1000 DP. ||  || "
                + SEC_PLAY,
                [_SET_TO_3, E("opponents_turn", "dp", 1000, scope="your_black_digimon"),
                 _SEC_PLAY]),
    "BT1-089": ("[Start of Your Turn] If you have 2 or less memory, set your memory to 3.[Main] "
                "If you have a level 5 or higher green Digimon in play, you can suspend this "
                "Tamer to hatch 1 Digi-Egg card to an empty space in your breeding area, or move "
                "1 level 3 or higher Digimon from your breeding area to your battle area. ||  || "
                + SEC_PLAY,
                [_SET_TO_3,
                 E("main", "hatch", cost="suspend_self",
                   condition="you_have_level_5_green_digimon"),
                 E("main", "move", cost="suspend_self",
                   condition="you_have_level_5_green_digimon"),
                 _SEC_PLAY]),
    "BT1-075": (WHEN_ATTACKING_3 + " ||  || ", _ATTACK_3),
    "LM-008": ("[Start of Your Main Phase] If you have a Tamer, gain 1 memory. || [Your Turn] "
               "While this Digimon has [Angoramon]&#160;in its text, it gets +2000 DP. || ",
               [E("start_of_your_main_phase", "gain_memory", 1, condition="you_have_tamer"),
                E("your_turn", "dp", 2000, inherited=True,
                  condition="self_text_has_angoramon")]),
}

#: Real cards shipped but NOT implemented: refused in a deck, with the reason.
UNSUPPORTED: dict[str, str] = {
    "BT14-081": "its [When Digivolving] play from trash, [When Attacking] deletion and "
                "unsuspend are outside the chapter-6 oracle (only its raised turn-end "
                "threshold would be chapter 6)",
}

_KINDS = {"DigiEgg": "digi-egg", "Digimon": "digimon", "Tamer": "tamer", "Option": "option"}


def _texts(raw: JsonDict) -> tuple[str, str, str]:
    return (raw.get("effectText", ""), raw.get("inheritedEffectText", ""),
            raw.get("securityEffectText", ""))


def printed(raw: JsonDict) -> str:
    """The three printed texts of a raw record joined as ``main || inherited || security``."""
    return " || ".join(t.replace("\n", " ") for t in _texts(raw))


def record_hash(raw: JsonDict) -> str:
    """SHA-256 of a raw record's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def convert_card(raw: JsonDict) -> JsonDict:
    """One raw record -> a shipped card object.

    :raises ConversionError: an unknown kind, several kinds, or a text that differs from
        its :data:`EFFECTS` row.
    """
    cid = raw["cardId"]
    if len(raw["kinds"]) != 1 or raw["kinds"][0] not in _KINDS:
        raise ConversionError(f"{cid}: kinds {raw['kinds']!r}")
    kind = _KINDS[raw["kinds"][0]]
    main, inherited, security = _texts(raw)
    card: JsonDict = {
        "id": cid, "name": raw["nameEn"], "kind": kind,
        "colors": [c.lower() for c in raw["colors"]],
    }
    if raw.get("level") is not None:
        card["level"] = raw["level"]
    if kind == "digimon":
        card["dp"] = raw["dp"]
    if kind != "digi-egg":
        card["play_cost"] = raw["playCost"]
    if raw.get("evoCosts"):
        card["digivolve"] = [{"level": e["level"], "color": e["color"].lower(),
                              "cost": e["memoryCost"]} for e in raw["evoCosts"]]
    card["text"] = main
    card["inherited_text"] = inherited
    card["security_text"] = security
    if cid in UNSUPPORTED:
        card["supported"] = False
        card["unsupported"] = UNSUPPORTED[cid]
        card["effects"] = []
        return card
    expected, effects = EFFECTS[cid]
    if printed(raw) != expected:
        raise ConversionError(f"{cid}: printed text changed:\n  {printed(raw)!r}\n  "
                              f"table: {expected!r}")
    card["effects"] = effects or []
    return card


def chosen_ids() -> list[str]:
    """Every shipped card number, in table order (supported first)."""
    return [*EFFECTS, *UNSUPPORTED]


def build(raw_cards: list[JsonDict]) -> JsonDict:
    """The card-set document from the raw card list."""
    by_id = {c["cardId"]: c for c in raw_cards}
    missing = [cid for cid in chosen_ids() if cid not in by_id]
    if missing:
        raise ConversionError(f"not in the source: {missing}")
    cards = [convert_card(by_id[cid]) for cid in chosen_ids()]
    card_set = {
        "name": SET_NAME,
        "note": "REAL Digimon Card Game cards (real numbers, names, stats, costs and complete "
                "printed texts), converted by tools/convert_dcg.py; 'effects' is the whole text "
                "in the oracle's closed vocabulary, or 'supported': false with the reason.",
        "source": {**SOURCE, "sha256": {cid: record_hash(by_id[cid]) for cid in chosen_ids()}},
        "cards": cards,
    }
    return card_set


def dump(doc: JsonDict) -> str:
    """Deterministic JSON text (2-space indent, trailing newline)."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Convert (default) or ``--check`` the shipped files; returns an exit code."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--src", type=Path, default=RAW)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true",
                    help="compare the shipped files with a fresh conversion; write nothing")
    args = ap.parse_args(argv)
    raw = json.loads(args.src.read_text(encoding="utf-8"))["cards"]
    card_set = build(raw)
    targets = {args.out / "cards.json": dump(card_set)}
    if args.check:
        stale = [str(p) for p, text in targets.items()
                 if not p.is_file() or p.read_text(encoding="utf-8") != text]
        if stale:
            print("stale (re-run tools/convert_dcg.py): " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"ok: {len(card_set['cards'])} cards match {args.src}")
        return 0
    for path, text in targets.items():
        path.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(card_set['cards'])} cards to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

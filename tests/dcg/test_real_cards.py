"""The shipped DCG cards are REAL cards: every card of the default set ``dcg-real`` and of the
shipped decks has the number, name, kind, colours, level, costs, DP and printed texts of the
real card (``tools/raw/dcg/cards.json``, from the official English card list).

The comparison data is in the repository: ``tools/raw/dcg/cards.json`` is a byte-identical
copy of the workspace's raw card list (``tools/check_rule_copies.py`` compares the two where
the workspace is present), so these tests read nothing outside the repository and never
skip. The five INVENTED test-only cards are checked to be few, separate, out of every
deck, and explained.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from oracle.dcg import load_cards, load_deck, load_test_only_cards
from oracle.dcg.cards import _DATA_DIR

ROOT = Path(__file__).resolve().parents[2]
RAW_FILE = ROOT / "tools" / "raw" / "dcg" / "cards.json"
KIND = {"DigiEgg": "digi-egg", "Digimon": "digimon", "Tamer": "tamer", "Option": "option"}


def _load(name: str) -> dict[str, Any]:
    return json.loads((_DATA_DIR / name).read_text(encoding="utf-8"))


SHIPPED = _load("cards.json")
ALL_RAW = json.loads(RAW_FILE.read_text(encoding="utf-8"))["cards"]
RAW = {r["cardId"]: r for r in ALL_RAW}
TEST_ONLY = _load("test-only-cards.json")


def test_the_default_set_is_the_real_set_and_cites_its_source() -> None:
    assert SHIPPED["name"] == "dcg-real" and load_cards().name == "dcg-real"
    assert "vinicius3333/aegis-digimon-tcg" in SHIPPED["source"]["origin"]
    assert SHIPPED["source"]["file"].startswith("tools/raw/dcg/cards.json")
    assert len(ALL_RAW) == 591 and len(RAW) == 591
    assert len(SHIPPED["cards"]) == len({c["id"] for c in SHIPPED["cards"]}) == 52


@pytest.mark.parametrize("card", SHIPPED["cards"], ids=lambda c: c["id"])
def test_every_shipped_card_is_its_real_card(card: dict[str, Any]) -> None:
    raw = RAW[card["id"]]
    assert card["name"] == raw["nameEn"]
    assert [card["kind"]] == [KIND[k] for k in raw["kinds"]]
    assert card["colors"] == [c.lower() for c in raw["colors"]]
    assert card.get("level") == raw.get("level")
    if card["kind"] == "digimon":
        assert card["dp"] == raw["dp"]
    else:  # the source writes 0 DP for cards that have none
        assert "dp" not in card and raw["dp"] == 0
    if card["kind"] == "digi-egg":  # the source writes -1 for "no play cost"
        assert "play_cost" not in card and raw["playCost"] == -1
    else:
        assert card["play_cost"] == raw["playCost"]
    assert card.get("digivolve", []) == [
        {"level": e["level"], "color": e["color"].lower(), "cost": e["memoryCost"]}
        for e in raw.get("evoCosts") or []]
    assert card["text"] == raw.get("effectText", "")
    assert card["inherited_text"] == raw.get("inheritedEffectText", "")
    assert card["security_text"] == raw.get("securityEffectText", "")


def test_the_recorded_checksums_are_those_of_the_raw_records() -> None:
    """The SHA-256 the converter wrote for each card is that of its raw record now."""
    for card in SHIPPED["cards"]:
        raw = RAW[card["id"]]
        text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert hashlib.sha256(text.encode("utf-8")).hexdigest() == \
            SHIPPED["source"]["sha256"][card["id"]], card["id"]


def test_the_converter_rebuilds_the_shipped_set_from_the_raw_copy() -> None:
    spec = importlib.util.spec_from_file_location("convert_dcg", ROOT / "tools" / "convert_dcg.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.dump(tool.build(ALL_RAW)) == (_DATA_DIR / "cards.json").read_text(encoding="utf-8")


def test_a_card_with_text_has_effects_and_a_card_without_has_none() -> None:
    """No silent half-support: a supported card with any printed text implements it (at
    least one effect per printed text); an unsupported card says why."""
    for card in SHIPPED["cards"]:
        texts = [t for t in (card["text"], card["inherited_text"], card["security_text"]) if t]
        if card.get("supported", True):
            assert len(card["effects"]) >= len(texts), card["id"]
            assert bool(card["effects"]) == bool(texts), card["id"]
        else:
            assert card["unsupported"] and card["effects"] == [], card["id"]
    unsupported = [c["id"] for c in SHIPPED["cards"] if not c.get("supported", True)]
    assert unsupported == ["BT14-081"]


#: The one card of another colour each shipped deck holds: the official restricted list limits
#: Gravity Crush BT1-090 and Hammer Spark ST2-13 to 1 copy, and every other supported card of
#: the deck's colour is already there 4 times, so the 50th card is a Digimon without text of
#: the other colour (inert: it is only played, never digivolved from).
OFF_COLOUR = {"red-memory": "BT1-028", "blue-tempo": "BT1-009"}


@pytest.mark.parametrize(("name", "colour"), [("red-memory", "red"), ("blue-tempo", "blue")])
def test_the_shipped_decks_are_legal_real_single_colour_decks(name: str, colour: str) -> None:
    deck = load_deck(name)
    off = OFF_COLOUR[name]
    assert deck.main.count(off) == 1 and not cards_text(off)
    cards = {c["id"]: c for c in SHIPPED["cards"]}
    assert len(deck.main) == 50 and 0 <= len(deck.eggs) <= 5
    assert max(Counter(deck.main).values()) <= 4 and max(Counter(deck.eggs).values()) <= 4
    for cid in set(deck.main) | set(deck.eggs):
        assert cid in RAW, cid  # a real card
        assert cards[cid].get("supported", True), cid
        assert cards[cid]["colors"] == [colour] or cid == off, cid
    assert all(cards[c]["kind"] == "digi-egg" for c in deck.eggs)
    assert not any(cards[c]["kind"] == "digi-egg" for c in deck.main)


def cards_text(cid: str) -> str:
    """The whole printed text of shipped card ``cid`` (empty for a Digimon without text)."""
    c = next(c for c in SHIPPED["cards"] if c["id"] == cid)
    return c.get("text", "") + c.get("inherited_text", "") + c.get("security_text", "")


def test_the_test_only_set_is_small_separate_and_explained() -> None:
    ids = [c["id"] for c in TEST_ONLY["cards"]]
    assert len(ids) <= 9 and all(i.startswith("X-") for i in ids)
    assert not set(ids) & set(RAW)
    assert all(len(c["why"]) > 80 for c in TEST_ONLY["cards"])
    assert not set(ids) & set(load_cards().cards)  # not in the default set
    assert set(ids) <= set(load_test_only_cards().cards)
    for name in ("red-memory", "blue-tempo"):
        deck = load_deck(name)
        assert not set(ids) & set(deck.main + deck.eggs)


STARTERS = [f"ST{s}-{n:02d}" for s in (1, 2) for n in range(1, 17)]


def test_every_st1_and_st2_card_is_shipped_and_implemented() -> None:
    """Issue 25: the whole ST-1 and ST-2 pools (32 cards) are in ``dcg-real``, each
    implemented (none refused); they are every ST-1/ST-2 card of the raw list."""
    assert sorted(c for c in RAW if c.startswith(("ST1-", "ST2-"))) == STARTERS
    cards = {c["id"]: c for c in SHIPPED["cards"]}
    assert all(cards[c].get("supported", True) for c in STARTERS)
    assert all(load_cards()[c].supported for c in STARTERS)


#: Each ST-1/ST-2 text the oracle reads, as (timing, action, the fields that matter), written
#: out here from the printed text (not from the converter's table).
TEXTS: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    # <Blocker> [When Attacking] Lose 2 memory.
    "ST1-06": [("always", "blocker", {}), ("when_attacking", "lose_memory", {"value": 2})],
    "ST2-07": [("always", "blocker", {}), ("when_attacking", "lose_memory", {"value": 2})],
    # inherited <Security Attack +1>
    "ST1-07": [("always", "security_attack", {"value": 1, "inherited": True})],
    # [When Digivolving] 1 of your Digimon gets +3000 DP for the turn.
    "ST1-08": [("when_digivolving", "dp_boost",
                {"value": 3000, "target": "your_digimon", "until": "turn"})],
    # inherited [Your Turn] When this Digimon is blocked, gain 3 memory.
    "ST1-09": [("when_blocked", "gain_memory", {"value": 3, "inherited": True})],
    # [Your Turn] For every 2 digivolution cards this Digimon has, it gains <S. Attack +1>.
    "ST1-11": [("your_turn", "security_attack", {"value": 1, "per_sources": 2})],
    # [Main] 1 of your Digimon +3000 for the turn / [Security] all of your Digimon gain
    # <Security Attack +1> until the end of your next turn.
    "ST1-13": [("main", "dp_boost", {"value": 3000, "target": "your_digimon", "until": "turn"}),
               ("security", "security_attack_all", {"value": 1, "until": "your_next_turn"})],
    # Security Digimon +7000 until the end of your opponent's next turn / for the turn.
    "ST1-14": [("main", "security_dp", {"value": 7000, "until": "opponents_next_turn"}),
               ("security", "security_dp", {"value": 7000, "until": "turn"})],
    # Delete up to 2 of your opponent's Digimon with 4000 DP or less / activate [Main].
    "ST1-15": [("main", "delete", {"target": "opponent_digimon", "count": 2, "up_to": True,
                                   "max_dp": 4000}),
               ("security", "activate_main", {})],
    "ST1-16": [("main", "delete", {"target": "opponent_digimon"}),
               ("security", "activate_main", {})],
    # inherited [When Attacking] trash the bottom digivolution card (level 5 or less / any).
    "ST2-03": [("when_attacking", "trash_sources",
                {"value": 1, "inherited": True, "target": "opponent_digimon", "max_level": 5})],
    "ST2-06": [("when_attacking", "trash_sources",
                {"value": 1, "inherited": True, "target": "opponent_digimon"})],
    # inherited [Your Turn] while your opponent has a Digimon with no digivolution cards,
    # <Security Attack +1>.
    "ST2-08": [("your_turn", "security_attack",
                {"value": 1, "inherited": True,
                 "condition": "opponent_has_digimon_without_sources"})],
    # [When Digivolving] Trash 2 digivolution cards at the bottom of 1 opponent's Digimon.
    "ST2-09": [("when_digivolving", "trash_sources", {"value": 2, "target": "opponent_digimon"})],
    # [When Attacking][Once Per Turn] Unsuspend this Digimon.
    "ST2-11": [("when_attacking", "unsuspend_self", {"once_per_turn": True})],
    # can't attack or block until the end of your opponent's next turn / your next turn.
    "ST2-14": [("main", "no_attack_block", {"target": "opponent_digimon",
                                            "target_condition": "no_sources",
                                            "until": "opponents_next_turn"}),
               ("security", "no_attack_block", {"target": "opponent_digimon",
                                                "target_condition": "no_sources",
                                                "until": "your_next_turn"})],
    "ST2-15": [("main", "play_source", {"target": "your_digimon"}),
               ("security", "activate_main", {})],
    "ST2-16": [("main", "bounce", {"target": "opponent_digimon"}),
               ("security", "activate_main", {})],
}


@pytest.mark.parametrize("cid", sorted(TEXTS))
def test_each_new_starter_text_maps_to_its_effects(cid: str) -> None:
    card = load_cards()[cid]
    got = [(e.timing, e.action) for e in card.effects]
    assert got == [(t, a) for t, a, _ in TEXTS[cid]]
    for e, (_, _, fields) in zip(card.effects, TEXTS[cid], strict=True):
        for key, value in fields.items():
            assert getattr(e, key) == value, (cid, key)
    assert card.text or card.inherited_text or card.security_text


@pytest.mark.parametrize("name", ["st1-starter", "st2-starter"])
def test_the_starter_decks_hold_every_card_of_their_set_and_are_legal(name: str) -> None:
    """50 main cards, 0-5 Digi-Eggs, at most 4 of a number, at most 1 Hammer Spark ST2-13
    (restricted list, 2024-08-31), all 16 numbers of the set and nothing else."""
    deck = load_deck(name)
    prefix = "ST1-" if name.startswith("st1") else "ST2-"
    assert len(deck.main) == 50 and 0 <= len(deck.eggs) <= 5
    assert max(Counter(deck.main).values()) <= 4 and max(Counter(deck.eggs).values()) <= 4
    assert Counter(deck.main)["ST2-13"] <= 1
    assert sorted(set(deck.main) | set(deck.eggs)) == [c for c in STARTERS
                                                       if c.startswith(prefix)]
    assert all(load_cards()[c].kind == "digi-egg" for c in deck.eggs)

"""Checks of the shipped Upper Deck card data (oracle/data) and of its converter."""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from oracle.resources import data_dir

REPO_ROOT = Path(__file__).resolve().parents[1]
CONVERTER_PATH = REPO_ROOT / "tools" / "convert_upper_deck.py"
RAW_DIR = REPO_ROOT / "tools" / "raw" / "upper-deck"  # the converter's input, shipped

LEVELS = ["Rookie", "Champion", "Ultimate", "Mega"]
COLOURS = ["Red", "Green", "Yellow"]
MISSING = [
    "ST-49", "ST-50", "ST-51", "ST-55",
    "BO-43", "BO-46", "BO-47", "BO-48", "BO-49", "BO-50", "BO-51",
]  # fmt: skip
SUBSTITUTIONS = {
    "starter-1": {"ST-50": "ST-53", "ST-51": "ST-54", "ST-55": "ST-57"},
    "starter-2": {"ST-49": "ST-52"},
}

# The closed effect vocabulary: kind -> (required keys, optional keys).
EFFECT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "add_power": ({"amount"}, {"when"}),
    "multiply_power": ({"factor"}, {"when"}),
    "divide_opponent_power": ({"divisor"}, {"when"}),
    "grant_ability": ({"ability"}, set()),
    "mill_opponent_on_loss": ({"count"}, set()),
    "double_score_on_win": (set(), set()),
    "downgrade_champion": (set(), set()),
    "digivice": ({"battle_types"}, set()),
    "ultra_digivolve": (set(), set()),
    "score_on_digivolve": ({"points"}, set()),
    "opponent_digimon_offline_on_tie": (set(), set()),
    "mill_opponent_on_win": ({"count"}, set()),
}
USE_REQUIREMENT_KINDS: dict[str, set[str]] = {
    "discard_from_hand": {"count"},
    "online_to_offline": {"count"},
    "own_ability": {"ability"},
    "discard_rest_of_hand": set(),
}
RESTRICTIONS = {
    "digivolve_phase_only",
    "not_with_rookie_showing",
    "not_after_opponent_passes",
    "once_per_duel",
}
DIGIMON_KEYS = [
    "serial", "name", "kind", "set", "rarity", "level", "battle_type", "power", "attacks",
    "special_abilities", "score", "digivolve_requirements", "effects", "text", "description",
    "digimon_type", "supported", "unsupported_reason",
]  # fmt: skip
POWER_OPTION_KEYS = [
    "serial", "name", "kind", "set", "rarity", "option_type", "text", "restriction_texts",
    "effects", "use_requirements", "restrictions", "supported", "unsupported_reason",
]  # fmt: skip


# ------------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def converter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("convert_upper_deck", CONVERTER_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("convert_upper_deck", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def card_set() -> dict[str, Any]:
    return json.loads((data_dir() / "upper-deck.cardset.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards(card_set: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["serial"]: c for c in card_set["cards"]}


@pytest.fixture(scope="module")
def decks() -> dict[str, dict[str, Any]]:
    return {
        deck_id: json.loads(
            (data_dir() / "decks" / f"{deck_id}.deck.json").read_text(encoding="utf-8")
        )
        for deck_id in ("starter-1", "starter-2")
    }


def _serial_key(serial: str) -> tuple[int, int]:
    prefix, number = serial.split("-")
    return ["ST", "BO"].index(prefix), int(number)


# ------------------------------------------------------------------------------- card set


def test_card_set_header(card_set: dict[str, Any]) -> None:
    assert card_set["format"] == "digiconform-card-set/1"
    assert card_set["id"] == "upper-deck-st-bo1"
    assert card_set["name"] == "Digi-Battle (Upper Deck, 2000): Starter Set and Booster Set 1"
    source = card_set["source"]
    assert source["repository"] == "wiredjohn/digi-battle.com"
    assert source["collected"] == "2026-11-29"
    assert source["converted_by"] == "tools/convert_upper_deck.py"
    assert "467df6eb9456d19ae2a4c61d9d3366c1a9093ce0" in source["commits"]
    assert all(len(c) == 40 for c in source["commits"])


def test_card_counts(card_set: dict[str, Any], cards: dict[str, dict[str, Any]]) -> None:
    serials = [c["serial"] for c in card_set["cards"]]
    assert len(serials) == len(cards) == 105
    assert serials == sorted(serials, key=_serial_key)
    st = [s for s in serials if s.startswith("ST-")]
    bo = [s for s in serials if s.startswith("BO-")]
    assert (len(st), len(bo)) == (58, 47)
    kinds = [(s[:2], cards[s]["kind"]) for s in serials]
    assert kinds.count(("ST", "digimon")) == 48
    assert kinds.count(("ST", "power_option")) == 10
    assert kinds.count(("BO", "digimon")) == 42
    assert kinds.count(("BO", "power_option")) == 5


def test_card_count_matches_raw_files(cards: dict[str, dict[str, Any]]) -> None:
    assert len(cards) == len(list((RAW_DIR / "cards").glob("*.md")))


def test_missing_cards(card_set: dict[str, Any], cards: dict[str, dict[str, Any]]) -> None:
    assert [m["serial"] for m in card_set["missing"]] == MISSING
    assert all(m["reason"] for m in card_set["missing"])
    assert not set(MISSING) & set(cards)
    expected = {f"ST-{n:02d}" for n in range(1, 63)} | {f"BO-{n:02d}" for n in range(1, 55)}
    assert set(cards) | set(MISSING) == expected


def test_card_fields(cards: dict[str, dict[str, Any]]) -> None:
    for serial, card in cards.items():
        keys = [k for k in card if k != "notes"]
        if card["kind"] == "digimon":
            assert keys == DIGIMON_KEYS, serial
            assert card["level"] in LEVELS
            assert card["battle_type"] in COLOURS
            assert list(card["power"]) == COLOURS and list(card["attacks"]) == COLOURS
            assert list(card["score"]) == LEVELS
            assert set(card["special_abilities"]) <= {"Fly", "Swim", "Dig"}
        else:
            assert card["kind"] == "power_option"
            assert keys == POWER_OPTION_KEYS, serial
            assert card["option_type"] in {"POWER BLAST", "DIGIVOLVE"}
            assert card["text"]
        assert card["set"] == ("Starter Set" if serial.startswith("ST-") else "Booster Set 1")
        if "notes" in card:
            assert card["notes"] and all(isinstance(n, str) and n for n in card["notes"])


def test_all_cards_supported(cards: dict[str, dict[str, Any]]) -> None:
    unsupported = [s for s, c in cards.items() if not c["supported"]]
    assert unsupported == []
    assert all(c["unsupported_reason"] is None for c in cards.values())


def test_digivolve_requirements_by_level(cards: dict[str, dict[str, Any]]) -> None:
    by_name = {c["name"]: c for c in cards.values()}
    for serial, card in cards.items():
        if card["kind"] != "digimon":
            continue
        reqs = card["digivolve_requirements"]
        if card["level"] == "Rookie":
            assert reqs == [], serial
            continue
        assert len(reqs) >= 1, serial
        previous = LEVELS[LEVELS.index(card["level"]) - 1]
        for req in reqs:
            if req["kind"] == "tribute":
                assert set(req) == {"kind", "from", "offline"}
                assert req["offline"] in (1, 2)
            elif req["kind"] == "digivice":
                assert set(req) == {"kind", "from"}
            else:
                assert req["kind"] == "dna" and set(req) == {"kind", "partners"}
                assert len(req["partners"]) == 2
                for partner in req["partners"]:
                    assert len(partner) == 1
                    if "level" in partner:
                        assert partner["level"] == previous, serial
                    else:
                        assert by_name[partner["name"]]["level"] == previous, serial
                continue
            # Every named predecessor in this set is one level below.
            assert by_name[req["from"]]["level"] == previous, serial


def _check_when(when: dict[str, Any]) -> None:
    assert len(when) == 1
    ((key, value),) = when.items()
    if key == "opponent_battle_type":
        assert value and set(value) <= set(COLOURS)
    elif key == "opponent_ability":
        assert value in {"Fly", "Swim", "Dig"}
    else:
        assert key == "opponent_higher_level" and value is True


def test_effect_vocabulary_is_closed(cards: dict[str, dict[str, Any]]) -> None:
    for serial, card in cards.items():
        for effect in card["effects"]:
            required, optional = EFFECT_KINDS[effect["kind"]]
            keys = set(effect) - {"kind"}
            assert required <= keys <= required | optional, (serial, effect)
            if "when" in effect:
                _check_when(effect["when"])
        if card["kind"] == "power_option":
            for req in card["use_requirements"]:
                assert set(req) - {"kind"} == USE_REQUIREMENT_KINDS[req["kind"]], serial
            assert set(card["restrictions"]) <= RESTRICTIONS
            assert card["effects"], serial
        elif card["text"] is not None:
            assert card["effects"], serial
        else:
            assert card["effects"] == [], serial


# ----------------------------------------------------------------------------- spot checks


def test_agumon(cards: dict[str, dict[str, Any]]) -> None:
    agumon = cards["ST-01"]
    assert agumon["name"] == "Agumon"
    assert agumon["level"] == "Rookie" and agumon["battle_type"] == "Red"
    assert agumon["power"] == {"Red": 140, "Green": 230, "Yellow": 380}
    assert agumon["attacks"] == {"Red": "DEFEND", "Green": "CLAW ATTACK", "Yellow": "PEPPER BREATH"}
    assert agumon["score"] == {"Rookie": 100, "Champion": 200, "Ultimate": 300, "Mega": 400}
    assert agumon["digivolve_requirements"] == [] and agumon["text"] is None


def test_greymon(cards: dict[str, dict[str, Any]]) -> None:
    greymon = cards["ST-02"]
    assert greymon["name"] == "Greymon" and greymon["level"] == "Champion"
    assert greymon["digivolve_requirements"] == [
        {"kind": "tribute", "from": "Agumon", "offline": 2}
    ]


def test_metal_attack(cards: dict[str, dict[str, Any]]) -> None:
    card = cards["ST-53"]
    assert card["name"] == "Metal Attack" and card["option_type"] == "POWER BLAST"
    assert card["effects"] == [{"kind": "add_power", "amount": 50}]
    assert card["use_requirements"] == [{"kind": "discard_from_hand", "count": 1}]
    assert card["restrictions"] == []
    assert card["restriction_texts"] == ["Send this card Offline at end of Duel."]


def test_other_power_options(cards: dict[str, dict[str, Any]]) -> None:
    assert cards["ST-61"]["effects"] == [{"kind": "digivice", "battle_types": ["Red", "Green"]}]
    assert cards["ST-61"]["restrictions"] == ["digivolve_phase_only"]
    assert cards["ST-58"]["restrictions"] == [
        "not_after_opponent_passes",
        "once_per_duel",
        "not_with_rookie_showing",
    ]
    assert cards["BO-52"]["effects"] == [
        {"kind": "add_power", "amount": 100, "when": {"opponent_battle_type": ["Green", "Yellow"]}}
    ]
    assert cards["BO-52"]["use_requirements"] == [{"kind": "own_ability", "ability": "Fly"}]
    assert cards["ST-56"]["use_requirements"] == [{"kind": "discard_rest_of_hand"}]


def test_digimon_effects_and_notes(cards: dict[str, dict[str, Any]]) -> None:
    assert cards["ST-45"]["effects"] == [{"kind": "opponent_digimon_offline_on_tie"}]
    assert cards["ST-15"]["effects"] == [{"kind": "mill_opponent_on_win", "count": 1}]
    metaletemon = cards["BO-27"]
    assert metaletemon["text"] == "Score 300 when Digivolving this Digimon."
    assert metaletemon["effects"] == [{"kind": "score_on_digivolve", "points": 300}]
    assert any("metaletemon-broken-mechanic" in n for n in metaletemon["notes"])
    assert cards["BO-37"]["power"]["Red"] == 478  # Pumpkinmon, the one non-multiple of 10
    assert cards["BO-09"]["special_abilities"] == ["Swim", "Dig"]  # Shellmon: "Swim, Dig"
    assert cards["BO-27"]["digivolve_requirements"][0] == {
        "kind": "dna",
        "partners": [{"name": "ShogunGekomon"}, {"level": "Ultimate"}],
    }


# ---------------------------------------------------------------------------------- decks


def test_decks(decks: dict[str, dict[str, Any]], cards: dict[str, dict[str, Any]]) -> None:
    for deck_id, deck in decks.items():
        assert deck["format"] == "digiconform-deck/1"
        assert deck["id"] == deck_id
        assert deck["card_set"] == "upper-deck-st-bo1"
        assert deck["name"].endswith("(playable reconstruction)")
        assert len(deck["cards"]) == 30 == len(set(deck["cards"]))
        assert len(deck["printed_cards"]) == 30 == len(set(deck["printed_cards"]))
        for serial in deck["cards"]:
            assert serial in cards, (deck_id, serial)
            assert cards[serial]["supported"], (deck_id, serial)
        assert any(cards[s].get("level") == "Rookie" for s in deck["cards"])
        assert deck["source"]["path"].startswith("_upper_deck_decks/")
        assert len(deck["source"]["commit"]) == 40


def test_deck_substitutions(
    decks: dict[str, dict[str, Any]], card_set: dict[str, Any], cards: dict[str, dict[str, Any]]
) -> None:
    missing = {m["serial"] for m in card_set["missing"]}
    for deck_id, expected in SUBSTITUTIONS.items():
        deck = decks[deck_id]
        recorded = {s["printed"]: s["used"] for s in deck["substitutions"]}
        assert recorded == expected
        assert all(s["reason"] for s in deck["substitutions"])
        assert set(deck["printed_cards"]) & missing == set(expected)
        applied = {expected.get(s, s) for s in deck["printed_cards"]}
        assert applied == set(deck["cards"])
        for used in expected.values():
            assert used not in deck["printed_cards"]
            assert cards[used]["kind"] == "power_option" and cards[used]["set"] == "Starter Set"


def test_deck_names_and_sources(decks: dict[str, dict[str, Any]]) -> None:
    assert decks["starter-1"]["name"] == (
        "Starter Set - Battle Deck Hand #1 (playable reconstruction)"
    )
    assert decks["starter-2"]["source"]["path"] == (
        "_upper_deck_decks/starter-set-battle-deck-hand-2.md"
    )


# ------------------------------------------------------------------------------ converter


def test_shipped_files_are_in_canonical_form(converter: ModuleType) -> None:
    paths = [data_dir() / "upper-deck.cardset.json", *sorted((data_dir() / "decks").glob("*"))]
    assert len(paths) == 3
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert text == converter.dump_json(json.loads(text)), path


def test_regeneration_is_byte_identical(converter: ModuleType, tmp_path: Path) -> None:
    written = converter.write_outputs(RAW_DIR, tmp_path)
    assert len(written) == 3
    for path in written:
        shipped = data_dir() / path.relative_to(tmp_path)
        assert path.read_bytes() == shipped.read_bytes(), shipped


def _raw_power_option(serial: str, text: str, restrictions: list[str]) -> dict[str, Any]:
    return {
        "name": "Test Option",
        "serial_code": serial,
        "card_id": serial,
        "rarity": "COMMON",
        "card_type": "Power Option",
        "set": "Starter Set" if serial.startswith("ST-") else "Booster Set 1",
        "special_effect": text,
        "level": None,
        "battle_type": None,
        "special_ability": None,
        "digivolution_requirements": None,
        "power_option_type": "POWER BLAST",
        "power_option_restrictions": restrictions,
    }


def _raw_digimon(**changes: Any) -> dict[str, Any]:
    raw = {
        "name": "Greymon",
        "serial_code": "ST-02",
        "card_id": "ST-02",
        "rarity": "COMMON",
        "card_type": "Digimon",
        "set": "Starter Set",
        "special_effect": None,
        "level": "Champion",
        "battle_type": "Red",
        "attack_red": "DEFEND",
        "attack_red_power": 220,
        "attack_green": "GREAT HORNS ATTACK",
        "attack_green_power": 340,
        "attack_yellow": "NOVA BLAST",
        "attack_yellow_power": 420,
        "digimon_description": "Dinosaur Digimon",
        "digimon_type": "Vaccine",
        "special_ability": None,
        "score_rookie": 100,
        "score_champion": 100,
        "score_ultimate": 200,
        "score_mega": 300,
        "digivolution_requirements": [
            {
                "type": "Tribute",
                "criteria1": "Agumon",
                "criteria2": "offline 2 cards",
                "criteria3": None,
            }
        ],
        "power_option_type": None,
        "power_option_restrictions": [],
    }
    raw.update(changes)
    return raw


def test_unknown_power_option_text_is_unsupported(converter: ModuleType) -> None:
    text = "Your opponent loses the game."
    card = converter.convert_card(_raw_power_option("BO-47", text, []))
    assert card["supported"] is False
    assert card["unsupported_reason"] == f"effect text not in the effect vocabulary: {text}"
    assert card["effects"] == [] and card["use_requirements"] == [] and card["restrictions"] == []


def test_unknown_digimon_text_is_unsupported(converter: ModuleType) -> None:
    card = converter.convert_card(_raw_digimon(special_effect="Win the game."))
    assert card["supported"] is False
    assert "Win the game." in card["unsupported_reason"]
    assert card["effects"] == []


def test_changed_text_fails_conversion(converter: ModuleType) -> None:
    raw = _raw_power_option(
        "ST-53", "Add 60 points to your Digimon Power.", ["Send this card Offline at end of Duel."]
    )
    with pytest.raises(converter.ConversionError, match="printed text changed"):
        converter.convert_card(raw)


def test_known_text_converts(converter: ModuleType) -> None:
    raw = _raw_power_option(
        "ST-53",
        "Add 50 points to your Digimon Power. To use this card, send one card from your hand "
        "Offline.",
        ["Send this card Offline at end of Duel."],
    )
    card = converter.convert_card(raw)
    assert card["supported"] is True
    assert card["effects"] == [{"kind": "add_power", "amount": 50}]


@pytest.mark.parametrize(
    "requirement",
    [
        {"type": "Tribute", "criteria1": "Agumon", "criteria2": "two cards", "criteria3": None},
        {"type": "Standard", "criteria1": "Greymon", "criteria2": "Crest", "criteria3": None},
        {"type": "DNA", "criteria1": "Agumon", "criteria2": None, "criteria3": None},
        {"type": "DNA", "criteria1": "A", "criteria2": "B", "criteria3": "C"},
        {"type": "Armor", "criteria1": "Agumon", "criteria2": "Digi-Egg", "criteria3": None},
    ],
)
def test_unparseable_requirement_raises(converter: ModuleType, requirement: dict) -> None:
    raw = _raw_digimon(digivolution_requirements=[copy.deepcopy(requirement)])
    with pytest.raises(converter.ConversionError):
        converter.convert_card(raw)


def test_requirement_forms(converter: ModuleType) -> None:
    def conv(kind: str, c1: str, c2: str) -> dict[str, Any]:
        req = {"type": kind, "criteria1": c1, "criteria2": c2, "criteria3": None}
        return converter.convert_requirement("XX", req)

    assert conv("Tribute", "Gabumon", "offline 1 card") == {
        "kind": "tribute",
        "from": "Gabumon",
        "offline": 1,
    }
    assert conv("Standard", "Greymon", "Digivice") == {"kind": "digivice", "from": "Greymon"}
    assert conv("DNA", "Kabuterimon", "ULTIMATE") == {
        "kind": "dna",
        "partners": [{"name": "Kabuterimon"}, {"level": "Ultimate"}],
    }
    assert conv("DNA", "Dragomon", "Ultimate")["partners"][1] == {"level": "Ultimate"}

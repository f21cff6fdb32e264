"""The JSON Schemas in ``schemas/``: well-formed, cross-referenced, and matching the data.

Every schema passes the draft 2020-12 meta-schema check, has an ``$id`` that matches its file
name, and every ``$ref`` resolves through :func:`oracle.validation.registry`. The shipped card
set and decks validate, and broken documents are refused with the JSON path of the problem.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from oracle.errors import InvalidInputError
from oracle.resources import data_dir, schemas_dir
from oracle.validation import BASE_URI, registry, validate

SCHEMA_PATHS = sorted(schemas_dir().rglob("*.schema.json"))
CARD_SET_PATH = data_dir() / "upper-deck.cardset.json"
DECK_PATHS = sorted((data_dir() / "decks").glob("*.deck.json"))


def schema_name(path: Path) -> str:
    """``schemas/dcg/state.schema.json`` -> ``"dcg/state"``."""
    rel = path.relative_to(schemas_dir()).as_posix()
    return rel.removesuffix(".schema.json")


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def refs(node: Any, pointer: str = "#") -> Iterator[tuple[str, str]]:
    """Yield ``(pointer, $ref value)`` for every ``$ref`` inside a schema document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield pointer, value
            else:
                yield from refs(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from refs(value, f"{pointer}/{i}")


def rejected(instance: Any, name: str) -> InvalidInputError:
    """Validate ``instance`` against ``name`` and return the error it must raise."""
    with pytest.raises(InvalidInputError) as info:
        validate(instance, name)
    return info.value


# --------------------------------------------------------------------------------------------
# The schemas themselves


def test_the_schema_directory_holds_the_contract() -> None:
    names = {schema_name(p) for p in SCHEMA_PATHS}
    assert {"card", "card-set", "deck"} <= names


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=schema_name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = load(path)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema.get("title"), "every schema has a title"
    assert schema.get("description"), "every schema has a description"


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=schema_name)
def test_schema_id_matches_file_name(path: Path) -> None:
    assert load(path)["$id"] == f"{BASE_URI}{schema_name(path)}.schema.json"


def test_schema_ids_are_unique() -> None:
    ids = [load(p)["$id"] for p in SCHEMA_PATHS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=schema_name)
def test_every_ref_resolves(path: Path) -> None:
    schema = load(path)
    resolver = registry().resolver(base_uri=schema["$id"])
    found = list(refs(schema))
    for pointer, ref in found:
        try:
            resolver.lookup(ref)
        except Exception as e:  # report which $ref failed, whatever the error
            pytest.fail(f"{schema_name(path)} {pointer}: $ref {ref!r} does not resolve: {e}")


# --------------------------------------------------------------------------------------------
# Shipped data


def test_shipped_card_set_validates() -> None:
    validate(load(CARD_SET_PATH), "card-set")


def test_every_shipped_card_validates_on_its_own() -> None:
    for card in load(CARD_SET_PATH)["cards"]:
        validate(card, "card")


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_shipped_deck_validates(path: Path) -> None:
    validate(load(path), "deck")


def test_there_are_shipped_decks() -> None:
    assert len(DECK_PATHS) >= 2


# --------------------------------------------------------------------------------------------
# Broken documents are refused with the JSON path of the problem


def card_index(card_set: dict[str, Any], serial: str) -> int:
    return next(i for i, c in enumerate(card_set["cards"]) if c["serial"] == serial)


Mutation = Callable[[dict[str, Any]], str]
"""Breaks a copy of the shipped card set in place and returns the JSON path expected."""


def missing_level(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-01")
    del d["cards"][i]["level"]
    return f"$.cards[{i}]"


def bad_level(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-02")
    d["cards"][i]["level"] = "Armor"
    return f"$.cards[{i}].level"


def power_as_string(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-01")
    d["cards"][i]["power"]["Green"] = "230"
    return f"$.cards[{i}].power.Green"


def power_chart_missing_a_type(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-01")
    del d["cards"][i]["power"]["Yellow"]
    return f"$.cards[{i}].power"


def score_negative(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-01")
    d["cards"][i]["score"]["Mega"] = -100
    return f"$.cards[{i}].score.Mega"


def unknown_effect_kind(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-53")
    d["cards"][i]["effects"][0]["kind"] = "steal_power"
    return f"$.cards[{i}].effects[0].kind"


def effect_without_its_parameter(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-53")
    del d["cards"][i]["effects"][0]["amount"]
    return f"$.cards[{i}].effects[0]"


def effect_with_a_foreign_parameter(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-53")
    d["cards"][i]["effects"][0]["divisor"] = 2
    return f"$.cards[{i}].effects[0]"


def condition_with_two_fields(d: dict[str, Any]) -> str:
    i = card_index(d, "BO-44")
    d["cards"][i]["effects"][0]["when"]["opponent_higher_level"] = True
    return f"$.cards[{i}].effects[0].when"


def unknown_card_kind(d: dict[str, Any]) -> str:
    d["cards"][0]["kind"] = "tamer"
    return "$.cards[0].kind"


def dna_with_one_partner(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-34")
    d["cards"][i]["digivolve_requirements"][0]["partners"].pop()
    return f"$.cards[{i}].digivolve_requirements[0].partners"


def champion_without_requirements(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-10")
    d["cards"][i]["digivolve_requirements"] = []
    return f"$.cards[{i}].digivolve_requirements"


def unknown_restriction(d: dict[str, Any]) -> str:
    i = card_index(d, "ST-58")
    d["cards"][i]["restrictions"].append("only_on_tuesdays")
    return f"$.cards[{i}].restrictions[3]"


def wrong_format(d: dict[str, Any]) -> str:
    d["format"] = "digiconform-card-set/2"
    return "$.format"


def unknown_top_level_field(d: dict[str, Any]) -> str:
    d["cardz"] = []
    return "$"


BROKEN_CARD_SETS: list[Mutation] = [
    missing_level, bad_level, power_as_string, power_chart_missing_a_type, score_negative,
    unknown_effect_kind, effect_without_its_parameter, effect_with_a_foreign_parameter,
    condition_with_two_fields, unknown_card_kind, dna_with_one_partner,
    champion_without_requirements, unknown_restriction, wrong_format, unknown_top_level_field,
]


@pytest.mark.parametrize("mutation", BROKEN_CARD_SETS, ids=lambda m: m.__name__)
def test_broken_card_set_is_refused_with_its_path(mutation: Mutation) -> None:
    card_set = copy.deepcopy(load(CARD_SET_PATH))
    expected_path = mutation(card_set)
    assert rejected(card_set, "card-set").path == expected_path


def test_refusal_names_the_missing_field() -> None:
    card_set = copy.deepcopy(load(CARD_SET_PATH))
    missing_level(card_set)
    assert "'level' is a required property" in rejected(card_set, "card-set").reason


@pytest.mark.parametrize(
    ("change", "expected_path"),
    [
        (lambda d: d.pop("cards"), "$"),
        (lambda d: d.__setitem__("cards", "ST-01"), "$.cards"),
        (lambda d: d["cards"].__setitem__(4, 5), "$.cards[4]"),
        (lambda d: d["cards"].__setitem__(0, "ST 01"), "$.cards[0]"),
        (lambda d: d.__setitem__("format", "digiconform-deck/0"), "$.format"),
        (lambda d: d["substitutions"].append({"printed": "ST-50"}), "$.substitutions[3]"),
    ],
    ids=["no cards", "cards not a list", "serial not a string", "bad serial", "bad format",
         "substitution without used"],
)
def test_broken_deck_is_refused_with_its_path(
    change: Callable[[dict[str, Any]], object], expected_path: str
) -> None:
    deck = copy.deepcopy(load(data_dir() / "decks" / "starter-1.deck.json"))
    change(deck)
    assert rejected(deck, "deck").path == expected_path


def test_deck_length_is_a_rule_not_a_schema_check() -> None:
    deck = copy.deepcopy(load(data_dir() / "decks" / "starter-1.deck.json"))
    deck["cards"] = deck["cards"][:29]
    validate(deck, "deck")  # DB-A.0 is refused by oracle.cards.check_deck, with its clause


def test_custom_scenario_serials_are_allowed() -> None:
    card = {
        "serial": "EX-01", "name": "Testmon", "kind": "digimon", "level": "Rookie",
        "battle_type": "Red", "power": {"Red": 1, "Green": 2, "Yellow": 3},
        "score": {"Rookie": 10, "Champion": 20, "Ultimate": 30, "Mega": 40},
    }
    validate(card, "card")

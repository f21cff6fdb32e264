"""The caches of what a set-up builds (issue 27): keyed by the whole JSON value, so a
set-up that differs in any card fact builds its own game (an embedded Digi-Battle card set
was once keyed by its ID and serials alone), and the keys are the standard library's
canonical JSON's meaning (no NaN taken for ``null``)."""

from __future__ import annotations

import copy
import json
import math

import pytest

from oracle.digibattle.state import default_setup, game_from_setup
from oracle.driver import OracleDriver, _setup_key
from oracle.inputs import canonical_json
from oracle.resources import data_dir


def _embedded() -> dict:
    cs = json.loads((data_dir() / "upper-deck.cardset.json").read_text(encoding="utf-8"))
    cs["id"] = "my-set"
    return {**default_setup(), "card_set": cs}


def test_an_embedded_card_set_is_known_by_its_cards_not_its_id() -> None:
    setup = _embedded()
    first = game_from_setup(setup)
    renamed = copy.deepcopy(setup)
    card = renamed["card_set"]["cards"][0]
    card["name"] = "Renamed"
    again = game_from_setup(renamed)
    assert first.card_set.cards[card["serial"]].name != "Renamed"
    assert again.card_set.cards[card["serial"]].name == "Renamed"
    assert game_from_setup(copy.deepcopy(setup)).card_set is first.card_set  # (cached)


def test_the_same_game_through_the_driver_for_the_same_setup() -> None:
    d = OracleDriver()
    a = d.new_game(_embedded())
    assert OracleDriver().new_game(_embedded()) == a


@pytest.mark.parametrize("value", [
    {"b": 1, "a": [1, None, "é", {"d": 2.5, "c": True}]},
    {"x": 10 ** 30}, {"x": 1e300}, [], "s", None,
])
def test_canonical_json_is_the_standard_librarys(value: object) -> None:
    assert json.loads(canonical_json(value)) == value
    assert canonical_json(value) == canonical_json(json.loads(json.dumps(value)))


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_is_no_key(bad: float) -> None:
    with pytest.raises(ValueError):
        canonical_json({"target": bad, "other": None})
    with pytest.raises(ValueError):
        _setup_key({"max_duels": bad})
    assert canonical_json({"max_duels": None}) != b""


def test_not_json_is_no_key() -> None:
    with pytest.raises(TypeError):
        canonical_json({"x": object()})

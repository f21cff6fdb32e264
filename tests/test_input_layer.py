"""The input layer (oracle/inputs.py) and the lookups of shipped data by name (issue 17)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from oracle.errors import InvalidInputError
from oracle.inputs import MAX_DEPTH, parse_json, read_json, shipped_name
from oracle.resources import data_dir


@pytest.mark.parametrize(("data", "reason"), [
    ("[" * 5000 + "]" * 5000, "levels deep"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "levels deep"),
    ("1" * 4301, "digits"),
    ("-" + "9" * 50, "digits"),
    ("NaN", "not JSON"),
    ("[Infinity]", "not JSON"),
    ("1e400", "out of range"),
    (b"\xff\xfe{\x00}\x00", "not UTF-8"),
    ("caf\u00e9".encode("latin-1"), "not UTF-8"),
    ("{\"a\": 1", "not valid JSON"),
])
def test_hostile_json_is_invalid_input_never_an_exception(data: str | bytes,
                                                            reason: str) -> None:
    with pytest.raises(InvalidInputError) as e:
        parse_json(data, where="x.json")
    assert e.value.path.startswith("$") and reason in e.value.reason
    assert "\n" not in str(e.value)


def test_the_deepest_allowed_document_parses() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == eval("[" * MAX_DEPTH + "]" * MAX_DEPTH)


_TRICKY = [
    b"[1.5]", b"[1e5]", b"[2E3]", b"[-0.0]", b"[9007199254740993.0]", b"[1e16]", b"[1e400]",
    b"[18446744073709551615]", b"[18446744073709551616]", b"[-9223372036854775808]",
    b"[-9223372036854775809]", b'["1.5", "2e9", "%s"]' % (b"9" * 25), b"[%s]" % (b"9" * 31),
    b'{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}',
    b"[" * MAX_DEPTH + b"]" * MAX_DEPTH, b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1),
    b"{" + b'"k":{' * (MAX_DEPTH - 1) + b"}" * MAX_DEPTH,
    b"{" + b'"k":{' * MAX_DEPTH + b"}" * (MAX_DEPTH + 1),
    b'{"seq": 3, "state": {"score": [100, 1e2], "hand": ["ST-01"]}}', b"NaN", b"[1,]",
]


@pytest.mark.parametrize("data", _TRICKY)
def test_the_fast_path_accepts_and_refuses_what_the_slow_path_does(
        data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson with the byte-level limit check (oracle.inputs._plainly_within_limits) gives
    the same value, or the same error, as the standard library path."""
    import oracle.inputs as inputs

    def parse() -> object:
        try:
            return ("ok", parse_json(data))
        except InvalidInputError as e:
            return ("refused", e.path, e.reason)

    fast = parse()
    monkeypatch.setattr(inputs, "orjson", None)
    slow = parse()
    assert fast == slow
    assert type(fast[1]) is type(slow[1])


def test_special_files_are_refused_by_name_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "named pipe"), (Path("/dev/zero"), "device"),
                       (tmp_path, "directory")):
        with pytest.raises(InvalidInputError) as e:
            read_json(path)
        assert kind in e.value.reason and str(path) in e.value.reason


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(200 * 1024 * 1024)  # sparse: 200 MB without writing them
    with pytest.raises(InvalidInputError) as e:
        read_json(big)
    assert "limit" in e.value.reason


@pytest.mark.parametrize("name", ["../../../x", "/abs/x", "a/b", "..", ".hidden", "", "a\\b",
                                  "x" * 65, 7, None])
def test_a_shipped_name_is_a_name_not_a_path(name: object) -> None:
    with pytest.raises(InvalidInputError) as e:
        shipped_name(name, "$.decks[0]", "shipped DCG deck")
    assert e.value.path == "$.decks[0]"


def test_a_dcg_deck_name_cannot_reach_a_file_outside_the_data_directory(
        tmp_path: Path) -> None:
    """Issue 17: a deck *name* was joined onto the data directory unchecked, so an absolute
    or ``../`` name read any ``*.json`` on the machine (here a copy of a valid deck, which
    loaded as if it were shipped)."""
    from oracle.dcg import game_from_setup

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(data_dir() / "dcg" / "decks" / "red-memory.json", outside / "stolen.json")
    decks = data_dir() / "dcg" / "decks"
    relative = os.path.relpath(outside / "stolen", decks)
    for name in (str(outside / "stolen"), relative):
        with pytest.raises(InvalidInputError) as e:
            game_from_setup({"ruleset": "dcg", "decks": [name, "blue-tempo"]})
        assert e.value.path == "$.decks[0]"
        assert "not the name" in e.value.reason


def test_a_traversing_deck_name_is_refused_by_serve() -> None:
    from digiconform.harness.serve import Session

    session = Session()
    session.handle_line(json.dumps({"cmd": "start", "version": 1}))
    answer = session.handle_line(json.dumps({
        "cmd": "new_game", "seq": 1,
        "setup": {"ruleset": "dcg", "decks": ["../../../../etc/x", "red-memory"]}}))
    doc = answer.to_json()  # type: ignore[union-attr]
    assert "state" not in doc, doc


@pytest.mark.parametrize(("change", "path"), [
    ({"effects": None}, "$.cards[2].effects"),
    ({"digivolve": 3}, "$.cards[2].digivolve"),
    ({"level": "x"}, "$.cards[2].level"),
    ({"dp": -5000}, "$.cards[2].dp"),
    ({"play_cost": True}, "$.cards[2].play_cost"),
    ({"surprise": 1}, "$.cards[2]"),
])
def test_the_dcg_card_document_is_type_checked(change: dict, path: str) -> None:
    from oracle.dcg.cards import card_set_from_json

    doc = read_json(data_dir() / "dcg" / "cards.json")
    doc["cards"][2].update(change)
    with pytest.raises(InvalidInputError) as e:
        card_set_from_json(doc)
    assert e.value.path.startswith(path), (e.value.path, e.value.reason)


@pytest.mark.parametrize(("entries", "path"), [
    ([{"id": "ST1-04", "count": 2 ** 63}], "$.deck[0].count"),
    ([{"id": "ST1-04", "count": -1}], "$.deck[0].count"),
    ([["ST1-04", 4]], "$.deck[0]"),
])
def test_the_dcg_deck_document_is_type_checked(entries: list, path: str) -> None:
    from oracle.dcg.cards import deck_from_json, load_cards

    with pytest.raises(InvalidInputError) as e:
        deck_from_json({"name": "x", "deck": entries}, load_cards())
    assert e.value.path == path


@pytest.mark.parametrize(("card_set", "path"), [
    ({"id": "/etc/passwd"}, "$.card_set.id"),  # found by the corpus: a KeyError before
    ({"id": "x", "cards": [{"name": "no serial"}]}, "$.card_set"),
    ([1], "$.card_set"),
])
def test_a_digibattle_setup_names_an_unknown_or_malformed_card_set(card_set: object,
                                                                  path: str) -> None:
    from oracle.digibattle.state import default_setup
    from oracle.driver import OracleDriver

    setup = {**default_setup(), "card_set": card_set}
    with pytest.raises(InvalidInputError) as e:
        OracleDriver().new_game(setup)
    assert e.value.path.startswith(path)


def _effect(card: int, index: int, change: dict, drop: tuple[str, ...] = ()) -> Any:
    def edit(doc: dict) -> None:
        effect = doc["cards"][card]["effects"][index]
        effect.update(change)
        for key in drop:
            del effect[key]
    return edit


def _card(card: int, change: dict, drop: tuple[str, ...] = ()) -> Any:
    def edit(doc: dict) -> None:
        doc["cards"][card].update(change)
        for key in drop:
            del doc["cards"][card][key]
    return edit


#: Card documents the Python loader once refused itself and the card-set schema now refuses
#: (branch s26k): each edit of the shipped dcg-real document, the JSON path and a part of the
#: reason. Cards by index: 0 ST1-01 (Digi-Egg, an inherited dp effect), 2 ST1-02 (Digimon),
#: 11 BT1-021 (gain_memory), 12 ST1-06 (blocker), 14 ST1-08 (dp_boost),
#: 18 ST1-12 (Tamer, play_self), 20 ST1-14 (Option, security_dp), 21 ST1-15 (delete,
#: activate_main), 47 BT2-089 (set_memory_if_at_most), 48 BT1-089 (hatch, move).
CARD_DOCUMENT_RULES = [
    ("at_most missing", _effect(47, 0, {}, ("at_most",)), "$.cards[47].effects[0]",
     "'at_most' is a required property"),
    ("at_most on gain_memory", _effect(11, 0, {"at_most": 2}), "$.cards[11].effects[0].at_most",
     "set_memory_if_at_most alone"),
    ("turn_end_threshold as [Main]", _effect(18, 1, {"action": "turn_end_threshold",
                                                     "timing": "main", "value": 3}),
     "$.cards[18].effects[1].timing", "turn_end_threshold is a [Your Turn] effect"),
    ("dp when attacking", _effect(0, 0, {"timing": "when_attacking"}),
     "$.cards[0].effects[0].timing", "a dp effect is [Your Turn] or [Opponent's Turn]"),
    ("play_self as [Main]", _effect(18, 1, {"timing": "main"}), "$.cards[18].effects[1].timing",
     "[Security] effects"),
    ("activate_main as [Main]", _effect(21, 1, {"timing": "main"}),
     "$.cards[21].effects[1].timing", "[Security] effects"),
    ("hatch without its cost", _effect(48, 1, {}, ("cost",)), "$.cards[48].effects[1]",
     "'cost' is a required property"),
    ("move [On Play]", _effect(48, 2, {"timing": "on_play"}), "$.cards[48].effects[2].timing",
     "hatch and move are [Main] effects paid by suspend_self"),
    ("blocker [On Play]", _effect(12, 0, {"timing": "on_play"}), "$.cards[12].effects[0].timing",
     "a keyword (blocker, security_attack) is always on or [Your Turn]"),
    ("delete without a target", _effect(21, 0, {}, ("target",)), "$.cards[21].effects[0]",
     "'target' is a required property"),
    ("gain_memory with a target", _effect(11, 0, {"target": "your_digimon"}),
     "$.cards[11].effects[0].target", "given exactly by the targeted actions"),
    ("dp_boost without until", _effect(14, 0, {}, ("until",)), "$.cards[14].effects[0]",
     "'until' is a required property"),
    ("gain_memory with until", _effect(11, 0, {"until": "turn"}), "$.cards[11].effects[0].until",
     "given exactly by the lasting actions"),
    ("a Digimon with null DP", _card(2, {"dp": None}), "$.cards[2].dp",
     "None is not of type 'integer'"),
    ("a Tamer without a play cost", _card(18, {}, ("play_cost",)), "$.cards[18]",
     "'play_cost' is a required property"),
    ("an Option with a null play cost", _card(20, {"play_cost": None}), "$.cards[20].play_cost",
     "None is not of type 'integer'"),
]


@pytest.mark.parametrize(("edit", "path", "reason"),
                         [case[1:] for case in CARD_DOCUMENT_RULES],
                         ids=[case[0] for case in CARD_DOCUMENT_RULES])
def test_the_card_set_schema_says_which_fields_a_kind_or_action_needs(
        edit: Any, path: str, reason: str) -> None:
    """The language-neutral contract (schemas/dcg/card-set.schema.json) refuses each document
    on its own, and the loader refuses it with the schema's JSON path and reason (the loader's
    own checks of these were removed: the schema runs first)."""
    from oracle.dcg.cards import card_set_from_json
    from oracle.validation import is_valid

    doc = read_json(data_dir() / "dcg" / "cards.json")
    assert is_valid(doc, "dcg/card-set")
    edit(doc)
    assert not is_valid(doc, "dcg/card-set")
    with pytest.raises(InvalidInputError) as e:
        card_set_from_json(doc)
    assert (e.value.path, reason in e.value.reason) == (path, True), e.value.reason


def test_a_duplicate_card_id_is_refused_by_the_loader() -> None:
    """JSON Schema cannot say that a property is unique across an array's items
    (``uniqueItems`` compares whole items): the loader refuses a repeated card ID itself."""
    from oracle.dcg.cards import card_set_from_json
    from oracle.validation import is_valid

    doc = read_json(data_dir() / "dcg" / "cards.json")
    doc["cards"].append({**doc["cards"][18], "name": "Another Tai"})
    assert is_valid(doc, "dcg/card-set")
    with pytest.raises(InvalidInputError) as e:
        card_set_from_json(doc)
    assert e.value.path == f"$.cards[{len(doc['cards']) - 1}].id"
    assert "duplicate card id 'ST1-12'" in e.value.reason

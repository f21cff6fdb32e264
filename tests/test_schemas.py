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
from oracle.validation import BASE_URI, compiled, registry, validate, validator

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
    """Validate ``instance`` against ``name`` and return the error it must raise (both the
    compiled and the reference validator reject it)."""
    assert not compiled(name)(instance), "the compiled validator accepts it"
    assert not validator(name).is_valid(instance), "jsonschema accepts it"
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


def test_inlined_patterns_agree_with_their_definitions() -> None:
    """state.schema.json and variants.schema.json repeat two patterns for speed."""
    serial = load(schemas_dir() / "card.schema.json")["$defs"]["serial"]["pattern"]
    zone = load(schemas_dir() / "state.schema.json")["$defs"]["zone"]["items"]["pattern"]
    assert zone == serial
    variants = load(schemas_dir() / "variants.schema.json")
    assert variants["propertyNames"]["pattern"] == variants["$defs"]["ambiguity_id"]["pattern"]
    assert (variants["additionalProperties"]["pattern"]
            == variants["$defs"]["reading"]["pattern"])


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


# --------------------------------------------------------------------------------------------
# Variant choices


def test_every_registered_reading_fits_the_variants_schema() -> None:
    from oracle import variants

    for amb in variants.REGISTRY:
        for reading in amb.reading_names():
            validate({amb.id: reading}, "variants")


@pytest.mark.parametrize(
    ("choice", "expected_path"),
    [({"DB-AMB-6": 1}, "$['DB-AMB-6']"), ({"DB-AMB-6": "Not Final"}, "$['DB-AMB-6']"),
     ({"AMB-6": "final"}, "$"), ([], "$")],
    ids=["reading not a string", "reading not a name", "bad ID", "not an object"],
)
def test_broken_variant_choice_is_refused(choice: Any, expected_path: str) -> None:
    assert rejected(choice, "variants").path == expected_path


# --------------------------------------------------------------------------------------------
# The Digi-Battle engine's JSON: states, actions and events of random games

SEEDS = range(8)


def variant_choice(seed: int) -> dict[str, str]:
    """Seed 0 plays the defaults; other seeds pick a random reading of every ambiguity."""
    import random

    from oracle import variants

    if seed == 0:
        return {}
    rng = random.Random(seed)
    return {a.id: rng.choice(a.reading_names())
            for a in variants.REGISTRY if a.ruleset == "digibattle"}


def random_game(seed: int) -> tuple[Any, Any, list[Any]]:
    """``(game, initial state, steps)`` of a seeded random game (short targets, Duel limit)."""
    from oracle.digibattle import Game, new_game
    from oracle.selfplay import play

    game = Game.default(target=(200, 500, 1000)[seed % 3], variants=variant_choice(seed),
                        max_duels=None if seed % 4 else 4)
    return game, new_game(game), list(play(game, seed))


@pytest.fixture(scope="module")
def games() -> list[tuple[Any, Any, list[Any]]]:
    return [random_game(seed) for seed in SEEDS]


def schema_errors(instance: Any, name: str) -> list[str]:
    from oracle.validation import errors

    return [f"{path}: {message}" for path, message in errors(instance, name)]


def test_states_of_random_games_validate(games: list[tuple[Any, Any, list[Any]]]) -> None:
    for _game, initial, steps in games:
        assert schema_errors(initial.to_json(), "state") == []
        for i, step in enumerate(steps):
            assert schema_errors(step.state.to_json(), "state") == [], f"step {i}: {step.action}"


def test_the_compiled_validator_agrees_with_jsonschema_on_random_games(
    games: list[tuple[Any, Any, list[Any]]],
) -> None:
    """Valid documents: the compiled validator (``oracle.validation.compiled``) accepts what
    jsonschema accepts (the broken documents below check the other direction)."""
    for _game, initial, steps in games[:4]:
        docs = [(initial.to_json(), "state")]
        for step in steps[::3]:
            docs.append((step.state.to_json(), "state"))
            docs.append((step.action.to_json(), "action"))
            docs.extend((e.to_json(), "event") for e in step.events)
        for doc, name in docs:
            assert compiled(name)(doc) is True
            assert validator(name).is_valid(doc) is True


def test_actions_and_events_of_random_games_validate(
    games: list[tuple[Any, Any, list[Any]]],
) -> None:
    for _game, _initial, steps in games:
        for i, step in enumerate(steps):
            assert schema_errors(step.action.to_json(), "action") == [], f"step {i}"
            for event in step.events:
                assert schema_errors(event.to_json(), "event") == [], f"step {i}: {event}"


def test_legal_actions_validate(games: list[tuple[Any, Any, list[Any]]]) -> None:
    from oracle.digibattle import legal_actions

    for _game, _initial, steps in games[:4]:
        for step in steps[::5]:
            for action in legal_actions(step.state):
                assert schema_errors(action.to_json(), "action") == [], str(action)


def test_every_state_field_the_schema_names_is_written(
    games: list[tuple[Any, Any, list[Any]]],
) -> None:
    """Exactness the other way round: the oracle writes every field the schema declares."""
    defs = load(schemas_dir() / "state.schema.json")["$defs"]
    _game, _initial, steps = games[0]
    state = steps[-1].state.to_json()
    assert set(state) == set(defs["digibattle-state"]["properties"])
    assert set(state["players"][0]) == set(defs["player"]["properties"])


def test_states_round_trip_through_from_json(games: list[tuple[Any, Any, list[Any]]]) -> None:
    from oracle.digibattle import State

    for game, _initial, steps in games[:3]:
        for step in steps[::7]:
            doc = step.state.to_json()
            assert State.from_json(doc, game).to_json() == doc


def test_action_types_match_the_engine() -> None:
    from oracle.digibattle import ACTION_TYPES

    enum = load(schemas_dir() / "action.schema.json")["properties"]["type"]["enum"]
    assert sorted(enum) == sorted(ACTION_TYPES)


def emitted_events() -> dict[str, set[str]]:
    """Event type -> field names, read from every ``tx.event("type", clause, player, **f)``
    call in the Digi-Battle ruleset's source (``"a" if x else "b"`` names two types) and every
    event built ahead as a value, ``Event("type", clause, player[, {"field": ...}])``."""
    import ast

    import oracle.digibattle

    found: dict[str, set[str]] = {}
    for path in sorted(Path(oracle.digibattle.__file__).parent.glob("*.py")):
        if path.name == "state.py":  # the Event class itself
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr == "event":
                fields = {k.arg for k in node.keywords if k.arg is not None}
            elif isinstance(node.func, ast.Name) and node.func.id == "Event":
                data = node.args[3] if len(node.args) > 3 else None
                fields = {k.value for k in data.keys if isinstance(k, ast.Constant)} \
                    if isinstance(data, ast.Dict) else set()
            else:
                continue
            first = node.args[0]
            names = [first] if not isinstance(first, ast.IfExp) else [first.body, first.orelse]
            for name in names:
                if isinstance(name, ast.Constant) and isinstance(name.value, str):
                    found.setdefault(name.value, set()).update(fields)
    return found


def test_event_schema_knows_every_event_the_engine_emits() -> None:
    schema = load(schemas_dir() / "event.schema.json")
    allowed = {
        branch["if"]["properties"]["type"]["const"]: set(branch["then"]["properties"])
        for branch in schema["allOf"]
    }
    emitted = emitted_events()
    assert emitted, "no tx.event(...) calls found: has the engine moved?"
    assert set(emitted) == set(allowed) == set(schema["properties"]["type"]["enum"])
    for event_type, fields in emitted.items():
        assert fields <= allowed[event_type], f"{event_type}: {fields - allowed[event_type]}"


def test_points_scored_via_add_points_are_allowed() -> None:
    """``add_points(..., **data)`` forwards its keywords into the points_scored event."""
    validate({"type": "points_scored", "clause": "DB-B.3n", "player": 1, "points": 300,
              "score": 300, "effect": "score_on_digivolve"}, "event")
    validate({"type": "points_scored", "clause": "DB-C.5", "player": 0, "points": 200,
              "score": 700, "defeated": "Champion", "card": "ST-02", "doubled": False}, "event")


# --------------------------------------------------------------------------------------------
# Broken states, actions and events


@pytest.fixture(scope="module")
def battle_state(games: list[tuple[Any, Any, list[Any]]]) -> dict[str, Any]:
    _game, _initial, steps = games[0]
    return next(s.state.to_json() for s in steps if s.state.phase == "battle")


@pytest.mark.parametrize(
    ("change", "expected_path"),
    [
        (lambda d: d.pop("phase"), "$"),
        (lambda d: d.__setitem__("phase", "combat"), "$.phase"),
        (lambda d: d.__setitem__("step", "discard"), "$.step"),
        (lambda d: d.__setitem__("to_move", 2), "$.to_move"),
        (lambda d: d.__setitem__("duel", 0), "$.duel"),
        (lambda d: d.__setitem__("target", 2000), "$.target"),
        (lambda d: d["players"].pop(), "$.players"),
        (lambda d: d["players"][1].__setitem__("score", "100"), "$.players[1].score"),
        (lambda d: d["players"][0]["hand"].append(d["players"][0]["hand"][0]),
         "$.players[0].hand"),
        (lambda d: d["players"][0].__setitem__("digivolve_zone", ["ST-01", "ST-02"]),
         "$.players[0].digivolve_zone"),
        (lambda d: d["players"][0].__setitem__("mana", 3), "$.players[0]"),
        (lambda d: d.__setitem__("chance", {"kind": "coin_toss"}), "$.chance"),
        (lambda d: d.__setitem__("variants", {"DB-AMB-6": 6}), "$.variants['DB-AMB-6']"),
        (lambda d: d.__setitem__("ruleset", "pokemon"), "$.ruleset"),
    ],
    ids=["no phase", "unknown phase", "step of another phase", "bad seat", "duel 0",
         "target over 1000", "one player", "score as string", "card twice in a zone",
         "two cards on the Digivolve Zone", "unknown player field",
         "chance outcome when none is due", "bad reading", "unknown ruleset"],
)
def test_broken_state_is_refused_with_its_path(
    battle_state: dict[str, Any], change: Callable[[dict[str, Any]], object], expected_path: str
) -> None:
    state = copy.deepcopy(battle_state)
    change(state)
    assert rejected(state, "state").path == expected_path


@pytest.mark.parametrize(
    ("action", "expected_path"),
    [
        ({"type": "attack", "player": 0}, "$.type"),
        ({"player": 0}, "$"),
        ({"type": "pass"}, "$"),
        ({"type": "pass", "player": 2}, "$.player"),
        ({"type": "pass", "player": 0, "card": "ST-01"}, "$"),
        ({"type": "digivolve", "player": 0, "card": "ST-02", "method": "magic"}, "$.method"),
        ({"type": "play_option", "player": 1, "card": "ST-53", "discard": "ST-01"},
         "$.discard"),
        ({"type": "coin_toss", "winner": None}, "$.winner"),
        ({"type": "shuffle", "player": 0, "order": ["ST-01", "ST-01"]}, "$.order"),
    ],
    ids=["unknown type", "no type", "no player", "bad seat", "field of another type",
         "unknown method", "discard not a list", "null winner", "card twice in a shuffle"],
)
def test_broken_action_is_refused_with_its_path(action: Any, expected_path: str) -> None:
    assert rejected(action, "action").path == expected_path


@pytest.mark.parametrize(
    ("event", "expected_path"),
    [
        ({"type": "duel_won", "clause": "DB-C.4", "player": 0}, "$"),
        ({"type": "duel_won", "clause": "C.4", "player": 0, "powers": [1, 2]}, "$.clause"),
        ({"type": "duel_won", "clause": "DB-C.4", "player": 0, "powers": [1]}, "$.powers"),
        ({"type": "exploded", "clause": "DB-C.4", "player": 0}, "$.type"),
        ({"type": "passed", "clause": "DB-C.3", "player": 0, "points": 5}, "$"),
        ({"type": "duel_tied", "clause": "DB-C.8", "player": 0, "powers": [1, 1]}, "$.player"),
    ],
    ids=["missing field", "bad clause", "short pair", "unknown type", "foreign field",
         "tie with a player"],
)
def test_broken_event_is_refused_with_its_path(event: Any, expected_path: str) -> None:
    assert rejected(event, "event").path == expected_path


# --------------------------------------------------------------------------------------------
# Traces


def test_trace_of_a_random_game_validates(games: list[tuple[Any, Any, list[Any]]]) -> None:
    from oracle.trace import build_trace

    game, initial, steps = games[1]
    validate(build_trace(game, initial, steps, meta={"seed": 1}), "trace")


def test_trace_may_embed_its_card_set(games: list[tuple[Any, Any, list[Any]]]) -> None:
    from oracle.trace import build_trace

    game, initial, steps = games[0]
    trace = build_trace(game, initial, steps[:20])
    trace["card_set"] = load(CARD_SET_PATH)
    validate(trace, "trace")
    trace["card_set"]["cards"][2]["battle_type"] = "Purple"
    assert rejected(trace, "trace").path == "$.card_set.cards[2].battle_type"


def test_trace_written_by_digiconform_play_validates(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from digiconform.cli import main

    path = tmp_path / "game.trace.json"
    result = CliRunner().invoke(main, ["play", "--seed", "5", "--target", "300", "--quiet",
                                       "--trace", str(path)])
    assert result.exit_code == 0, result.output
    validate(load(path), "trace")


@pytest.mark.parametrize(
    ("change", "expected_path"),
    [
        (lambda t: t.pop("initial_state"), "$"),
        (lambda t: t.__setitem__("card_set", {"id": "upper deck"}), "$.card_set.id"),
        (lambda t: t.__setitem__("card_set", {"name": "x"}), "$.card_set"),
        (lambda t: t["decks"].pop(), "$.decks"),
        (lambda t: t["steps"][3].pop("events"), "$.steps[3]"),
        (lambda t: t["steps"][3]["action"].__setitem__("type", "cheat"), "$.steps[3].action.type"),
        (lambda t: t["steps"][3]["state"].__setitem__("phase", "lunch"),
         "$.steps[3].state.phase"),
        (lambda t: t["steps"][0]["events"][0].__setitem__("clause", "?"),
         "$.steps[0].events[0].clause"),
        (lambda t: t.__setitem__("format", "digiconform-trace/0"), "$.format"),
    ],
    ids=["no initial state", "bad card set ID", "reference without ID", "one deck",
         "step without events", "bad action", "bad state", "bad event", "bad format"],
)
def test_broken_trace_is_refused_with_its_path(
    games: list[tuple[Any, Any, list[Any]]], change: Callable[[dict[str, Any]], object],
    expected_path: str,
) -> None:
    from oracle.trace import build_trace

    game, initial, steps = games[0]
    trace = copy.deepcopy(build_trace(game, initial, steps[:10]))
    change(trace)
    assert rejected(trace, "trace").path == expected_path


# --------------------------------------------------------------------------------------------
# The Digimon Card Game branch of the state schema
#
# tests/dcg/test_schemas_dcg.py validates every state of 50 random DCG games through
# "state" (and refuses DCG states missing a required field); these tests check the dispatch
# itself: "ruleset" picks exactly one branch, and the dcg branch is dcg/state.schema.json.


@pytest.fixture(scope="module")
def dcg_states() -> list[dict[str, Any]]:
    """Every state (JSON) of one seeded random DCG game, initial state first."""
    from oracle.dcg import DcgConfig, make_game, new_game
    from oracle.dcg.selfplay import play

    game = make_game(DcgConfig())
    return [new_game(game).to_json(), *(step.state.to_json() for step in play(game, 3))]


def test_dcg_states_validate_through_the_dcg_branch(dcg_states: list[dict[str, Any]]) -> None:
    assert len(dcg_states) > 20 and {s["ruleset"] for s in dcg_states} == {"dcg"}
    assert len({s["phase"] for s in dcg_states}) > 2
    for i, state in enumerate(dcg_states):
        assert schema_errors(state, "state") == [], f"state {i}"
        assert schema_errors(state, "dcg/state") == [], f"state {i}"


def test_a_broken_dcg_state_is_refused_at_the_same_path_as_by_the_dcg_schema(
    dcg_states: list[dict[str, Any]],
) -> None:
    state = copy.deepcopy(dcg_states[-1])
    state["turn"] = "seven"
    state["players"][1]["hand"] = "none"
    assert schema_errors(state, "state") == schema_errors(state, "dcg/state")
    assert rejected(state, "state").path == rejected(state, "dcg/state").path == "$.turn"


def test_ruleset_picks_exactly_one_branch(
    dcg_states: list[dict[str, Any]], battle_state: dict[str, Any],
) -> None:
    as_digibattle = {**dcg_states[-1], "ruleset": "digibattle"}
    assert schema_errors(as_digibattle, "state")  # a DCG state is no Digi-Battle state
    as_dcg = {**battle_state, "ruleset": "dcg"}
    assert schema_errors(as_dcg, "state")  # nor the other way round
    assert schema_errors(as_dcg, "dcg/state") == schema_errors(as_dcg, "state")

"""The ``dcg`` JSON forms against ``schemas/dcg/*.schema.json``, both ways.

Every state (through the ``ruleset`` branch of ``state.schema.json``), action and event of 50
seeded random games validates; the schemas name exactly the fields, action types and event
types the engine writes; the fields a schema requires are exactly what ``State.from_json``
needs; broken documents are refused at the right JSON path.

Identical action and event documents are validated once (validation is a pure function of
the document, so this is exact, and it keeps the module fast: jsonschema is slow).
"""

from __future__ import annotations

import ast
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from oracle.dcg import (
    ACTION_TYPES,
    UNSUPPORTED_ACTIONS,
    DcgConfig,
    State,
    legal_actions,
    make_game,
    new_game,
    state_from_json,
)
from oracle.dcg.selfplay import Step, play
from oracle.resources import schemas_dir
from oracle.validation import errors, validate, validator
from oracle.variants import REGISTRY

GAMES = 50
DCG_DIR = schemas_dir() / "dcg"


def load(name: str) -> dict[str, Any]:
    return json.loads((DCG_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


def variant_choice(seed: int) -> dict[str, str]:
    """Seed 0 plays the defaults; other seeds a random reading of every DCG ambiguity."""
    if seed == 0:
        return {}
    rng = random.Random(seed)
    return {a.id: rng.choice(a.reading_names()) for a in REGISTRY if a.ruleset == "dcg"}


@pytest.fixture(scope="module")
def games() -> list[tuple[State, list[Step]]]:
    """``(initial state, steps)`` of the 50 seeded random games."""
    out = []
    for seed in range(GAMES):
        game = make_game(DcgConfig(variants=variant_choice(seed)))
        out.append((new_game(game), list(play(game, seed))))
    return out


def schema_errors(instance: Any, name: str) -> list[str]:
    """Every schema error as ``"path: message"`` (empty when valid; checked fast first)."""
    if validator(name).is_valid(instance):
        return []
    return [f"{path}: {message}" for path, message in errors(instance, name)]


def distinct(docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``docs`` without repeats (by canonical JSON)."""
    seen: dict[str, dict[str, Any]] = {}
    for d in docs:
        seen.setdefault(json.dumps(d, sort_keys=True), d)
    return list(seen.values())


# --------------------------------------------------------------------------------------------
# Random games


@pytest.mark.parametrize("chunk", range(5))
def test_every_state_of_50_random_games_validates(
    games: list[tuple[State, list[Step]]], chunk: int,
) -> None:
    for seed in range(chunk, GAMES, 5):
        initial, steps = games[seed]
        assert schema_errors(initial.to_json(), "state") == []
        for i, step in enumerate(steps):
            assert schema_errors(step.state.to_json(), "state") == [], f"seed {seed} step {i}"


def test_every_action_and_event_of_50_random_games_validates(
    games: list[tuple[State, list[Step]]],
) -> None:
    actions = distinct([s.action.to_json() for _, steps in games for s in steps])
    events = distinct([e.to_json() for _, steps in games for s in steps for e in s.events])
    for a in actions:
        assert schema_errors(a, "dcg/action") == [], a
    for e in events:
        assert schema_errors(e, "dcg/event") == [], e
    assert schema_errors(events[:30], "dcg/event") != []  # a list is not an event


def test_event_lists_validate_against_defs_events(games: list[tuple[State, list[Step]]]) -> None:
    events = [e.to_json() for e in games[0][1][3].events]
    schema = {"$ref": "https://digiconform.dev/schemas/dcg/event.schema.json#/$defs/events"}
    from jsonschema import Draft202012Validator

    from oracle.validation import registry

    assert Draft202012Validator(schema, registry=registry()).is_valid(events)


def test_legal_actions_validate(games: list[tuple[State, list[Step]]]) -> None:
    actions = distinct([a.to_json() for _, steps in games[:10] for s in steps[::3]
                        for a in legal_actions(s.state)])
    for a in actions:
        assert schema_errors(a, "dcg/action") == [], a


def test_the_figures(games: list[tuple[State, list[Step]]]) -> None:
    """The games are long enough to mean something, and every one ended."""
    states = sum(len(steps) + 1 for _, steps in games)
    assert states > 2000
    assert all(steps[-1].state.phase == "game_over" for _, steps in games)


# --------------------------------------------------------------------------------------------
# Exactness: the schemas name what the engine writes


def test_every_state_field_the_schema_names_is_written(
    games: list[tuple[State, list[Step]]],
) -> None:
    schema = load("state")
    state = games[1][1][-1].state.to_json()
    # "choice" and "lasting" are written only while there is one (absent: none)
    assert set(state) | {"choice", "lasting"} == set(schema["properties"])
    assert set(state["players"][0]) == set(schema["$defs"]["player"]["properties"])
    stacks = [st for _, steps in games for s in steps[-1:] for p in s.state.to_json()["players"]
              for st in p["battle_area"]]
    assert set(stacks[0]) == set(schema["$defs"]["stack"]["properties"])


def test_the_required_state_fields_are_what_from_json_needs(
    games: list[tuple[State, list[Step]]],
) -> None:
    """A state cut down to the fields the schema requires (the core every engine answers),
    plus the detail fields ``from_json`` also needs as input (``step``, ``pending``, a stack's
    ``id``), still loads; and a state without a required field is refused by the schema."""
    schema = load("state")
    required, player_req = schema["required"], schema["$defs"]["player"]["required"]
    stack_req = schema["$defs"]["stack"]["required"]
    _initial, steps = games[2]
    for step in steps[::9]:
        full = step.state.to_json()
        cut = {k: full[k] for k in required}
        cut["players"] = [
            {k: p[k] for k in player_req}
            | {"breeding_area": p["breeding_area"],
               "mulligan_decided": p["mulligan_decided"], "mulliganed": p["mulliganed"],
               "once_per_turn_used": p["once_per_turn_used"]}
            for p in full["players"]]
        for p in cut["players"]:
            p["battle_area"] = [{k: st[k] for k in stack_req} | {
                "id": st["id"], "suspended": st["suspended"],
                "played_this_turn": st["played_this_turn"]}
                for st in p["battle_area"]]
        cut |= {k: full[k] for k in ("first_player", "chance", "delayed", "attack", "step",
                                     "pending", "resume_step", "winner", "reason", "next_id",
                                     "variants")}
        assert schema_errors(cut, "state") == []
        assert state_from_json(cut, step.state.game).to_json() == full
    for field in required:
        broken = dict(steps[-1].state.to_json())
        del broken[field]
        assert schema_errors(broken, "state"), field


def test_action_types_match_the_engine() -> None:
    schema = load("action")
    assert sorted(schema["properties"]["type"]["enum"]) == sorted(
        (*ACTION_TYPES, *UNSUPPORTED_ACTIONS))
    typed = {c["if"]["properties"]["type"].get("const") for c in schema["allOf"]}
    assert typed - {None} == set(ACTION_TYPES)


def emitted_events() -> dict[str, set[str]]:
    """Event type -> field names, read from every ``w.emit("type", clause, player,
    (("field", value), ...))`` call in the ``dcg`` package's source."""
    import oracle.dcg

    found: dict[str, set[str]] = {}
    root = schemas_dir().parent / "oracle" / "dcg"
    if not root.is_dir():  # installed package
        from pathlib import Path

        root = Path(oracle.dcg.__file__).parent
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                fields = found.setdefault(node.args[0].value, set())
                assert len(node.args) <= 4, "event fields are one tuple of pairs"
                pairs = node.args[3:]
                if pairs:
                    assert isinstance(pairs[0], ast.Tuple), "event fields are a tuple of pairs"
                    pairs = pairs[0].elts
                for pair in pairs:
                    assert isinstance(pair, ast.Tuple) and isinstance(pair.elts[0], ast.Constant)
                    fields.add(pair.elts[0].value)
                assert not node.keywords, "event fields are (name, value) pairs"
    return found


def test_event_types_and_fields_match_the_engine_source() -> None:
    schema = load("event")
    emitted = emitted_events()
    assert sorted(schema["properties"]["type"]["enum"]) == sorted(emitted)
    for case in schema["allOf"]:
        kind = case["if"]["properties"]["type"]["const"]
        props = set(case["then"]["properties"]) - {"type", "clause", "player"}
        assert props == emitted[kind], kind


# --------------------------------------------------------------------------------------------
# Broken documents are refused at their path


def first_error_path(instance: Any, name: str) -> str:
    from oracle.errors import InvalidInputError

    with pytest.raises(InvalidInputError) as e:
        validate(instance, name)
    return e.value.path


@pytest.mark.parametrize(("change", "path"), [
    (lambda s: s.__setitem__("memory", 11), "$.memory"),
    (lambda s: s.__setitem__("phase", "lunch"), "$.phase"),
    (lambda s: s.__setitem__("to_move", 2), "$.to_move"),
    (lambda s: s["players"].pop(), "$.players"),
    (lambda s: s["players"][0].__setitem__("hand", ["ST1-04", 3]), "$.players[0].hand[1]"),
    (lambda s: s["players"][1].__setitem__("battle_area", [{"id": 1, "cards": []}]),
     "$.players[1].battle_area[0].cards"),
    (lambda s: s["variants"].__setitem__("DB-AMB-6", "final"), "$.variants"),
    (lambda s: s.__setitem__("score", 3), "$"),
], ids=["memory 11", "bad phase", "bad to_move", "one player", "card not a string",
        "empty stack", "Digi-Battle ambiguity", "unknown field"])
def test_broken_state_is_refused_with_its_path(
    games: list[tuple[State, list[Step]]], change: Callable[[dict[str, Any]], object],
    path: str,
) -> None:
    state = copy.deepcopy(games[0][1][-1].state.to_json())
    change(state)
    assert first_error_path(state, "state") == path


@pytest.mark.parametrize(("action", "path"), [
    ({"type": "cheat", "player": 0}, "$.type"),
    ({"type": "play", "player": 0}, "$"),
    ({"type": "play", "player": 2, "card": "ST1-04"}, "$.player"),
    ({"type": "attack", "player": 0, "attacker": 1, "target": "me"}, "$.target"),
    ({"type": "pass", "player": 0, "card": "ST1-04"}, "$"),
    ({"type": "link", "player": 0, "card": "ST1-04", "target": 4}, None),
], ids=["unknown type", "missing card", "bad player", "bad target", "extra field",
        "unsupported but well-formed"])
def test_broken_action_is_refused_with_its_path(action: dict[str, Any], path: str | None) -> None:
    if path is None:
        assert schema_errors(action, "dcg/action") == []
    else:
        assert first_error_path(action, "dcg/action") == path


@pytest.mark.parametrize(("event", "path"), [
    ({"type": "passed", "clause": "DCG-6-5-1-7", "player": 0}, "$"),
    ({"type": "passed", "clause": "DB-C.3", "player": 0, "memory": -3}, "$.clause"),
    ({"type": "memory", "clause": "CR4.2 Memory", "player": 0, "before": 0, "after": -11},
     "$.after"),
    ({"type": "drew", "clause": "DCG-6-3-1", "player": 0}, "$"),
    ({"type": "game_over", "clause": "CR4.2 Victory conditions", "player": 0,
      "reason": "boredom"}, "$.reason"),
], ids=["missing field", "Digi-Battle clause", "memory past 10", "drew nothing",
        "unknown end reason"])
def test_broken_event_is_refused_with_its_path(event: dict[str, Any], path: str) -> None:
    assert first_error_path(event, "dcg/event") == path


def test_a_digibattle_state_is_not_a_dcg_state(games: list[tuple[State, list[Step]]]) -> None:
    state = games[0][0].to_json() | {"ruleset": "digibattle"}
    assert first_error_path(state, "dcg/state") == "$.ruleset"
    assert first_error_path(state | {"ruleset": "dcg-2"}, "state") == "$.ruleset"

"""How states are compared (``digiconform.verifier.compare``): the required fields are the state
schemas' own, the multisets are the lists no rule orders, and it holds for both rulesets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from digiconform.verifier.compare import FORMS, state_differences
from oracle.dcg import DcgConfig, make_game
from oracle.dcg.selfplay import play as dcg_play

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"


def _required() -> dict[str, tuple[set[str], set[str]]]:
    db = json.loads((SCHEMAS / "state.schema.json").read_text())["$defs"]
    dcg = json.loads((SCHEMAS / "dcg" / "state.schema.json").read_text())
    return {
        "digibattle": (set(db["digibattle-state"]["required"]) - {"ruleset"},
                       set(db["player"]["required"])),
        "dcg": (set(dcg["required"]), set(dcg["$defs"]["player"]["required"])),
    }


@pytest.mark.parametrize("ruleset", ["digibattle", "dcg"])
def test_required_fields_are_the_schemas(ruleset: str) -> None:
    top, player, _ = FORMS[ruleset]
    want_top, want_player = _required()[ruleset]
    assert set(top) - {"ruleset"} == want_top - {"ruleset"}
    assert set(player) == want_player


def _late_dcg_state() -> dict:
    """A DCG state with cards in hand and trash (a random game, halfway)."""
    steps = list(dcg_play(make_game(DcgConfig()), 3))
    for st in steps[len(steps) // 2:]:
        doc = st.state.to_json()
        p = doc["players"][doc["turn_player"]]
        if len(p["hand"]) > 2 and len(set(p["hand"])) > 1 and len(set(p["trash"])) > 1:
            return doc
    raise AssertionError("no suitable state in the game")


def test_dcg_hand_and_trash_are_multisets_deck_and_security_are_not() -> None:
    doc = _late_dcg_state()
    tp = doc["turn_player"]
    shuffled = json.loads(json.dumps(doc))
    shuffled["players"][tp]["hand"].reverse()
    shuffled["players"][tp]["trash"].reverse()
    assert state_differences(doc, shuffled) == []
    for zone in ("deck", "security"):
        moved = json.loads(json.dumps(doc))
        z = moved["players"][tp][zone]
        if len(set(z)) > 1:
            z.reverse()
            assert [p for p, _, _ in state_differences(doc, moved)] == \
                [f"$.players[{tp}].{zone}"]


def test_dcg_optional_fields_are_compared_only_when_present() -> None:
    """With no declaration (an oracle compared with itself): optional fields when present."""
    doc = _late_dcg_state()
    lean = {k: v for k, v in doc.items() if k not in ("reason", "next_id", "chance")}
    lean["players"] = [{k: v for k, v in p.items() if k not in ("mulliganed",)}
                       for p in doc["players"]]
    assert state_differences(doc, lean) == []
    wrong = json.loads(json.dumps(lean))
    wrong["players"][0].pop("breeding_area")
    assert [p for p, _, _ in state_differences(doc, wrong)] == ["$.players[0].breeding_area"]
    wrong = dict(lean, winner=1)
    assert [p for p, _, _ in state_differences(doc, wrong)] == ["$.winner"]


def _core_only(doc: dict, ruleset: str) -> dict:
    """``doc`` with only its core fields (what an engine with no detail answers); a dcg
    stack keeps ``cards`` and ``suspended``."""
    top, player, _ = FORMS[ruleset]
    out = {k: v for k, v in doc.items() if k in top}
    out["players"] = [{k: v for k, v in p.items() if k in player} for p in doc["players"]]
    if ruleset == "dcg":
        for p in out["players"]:
            p["battle_area"] = [{k: v for k, v in st.items() if k in ("cards", "suspended")}
                                for st in p["battle_area"]]
    return out


def test_details_are_compared_only_when_declared() -> None:
    doc = _late_dcg_state()
    core = _core_only(doc, "dcg")
    assert any(p["battle_area"] for p in doc["players"])
    # An engine answering only the core, with no detail declared, agrees with the oracle.
    assert state_differences(doc, core, details=()) == []
    # Its own step label and pending list are not compared unless declared.
    own = dict(core, step="my-own-step", pending=[{"whatever": 1}])
    assert state_differences(doc, own, details=()) == []
    assert [p for p, _, _ in state_differences(doc, own, details=("step",))] == ["$.step"]
    # A declared detail it leaves out is a difference; the core always counts.
    assert [p for p, _, _ in state_differences(doc, core, details=("next_id",))] == \
        ["$.next_id"]
    wrong = json.loads(json.dumps(core))
    wrong["memory"] = doc["memory"] + 1 if doc["memory"] < 10 else 9
    assert [p for p, _, _ in state_differences(doc, wrong, details=())] == ["$.memory"]
    # Stack IDs are a detail, a stack's cards and suspension are not.
    tp = next(i for i, p in enumerate(doc["players"]) if p["battle_area"])
    flipped = json.loads(json.dumps(core))
    st = flipped["players"][tp]["battle_area"][0]
    st["suspended"] = not doc["players"][tp]["battle_area"][0].get("suspended", False)
    assert [p for p, _, _ in state_differences(doc, flipped, details=())] == \
        [f"$.players[{tp}].battle_area[0].suspended"]
    with_ids = json.loads(json.dumps(doc))
    with_ids["players"][tp]["battle_area"][0]["id"] = 999
    assert state_differences(doc, with_ids, details=()) == []
    assert state_differences(doc, with_ids, details=("stack_id",)) != []


def test_digibattle_phase_at_a_chance_node_is_a_detail() -> None:
    from digiconform.verifier.games import db_setup
    from oracle.driver import OracleDriver

    o = OracleDriver()
    o.new_game(db_setup())
    while o.state.to_move != "chance":  # the set-up shuffle, after both Rookies
        o.apply(o.legal_actions()[0])
    doc = o.state.to_json()
    core = _core_only(doc, "digibattle")
    assert state_differences(doc, core, details=()) == []
    assert state_differences(doc, dict(core, phase="regroup"), details=()) == []
    assert [p for p, _, _ in state_differences(doc, dict(core, phase="regroup"),
                                               details=("phase_at_chance",))] == ["$.phase"]
    assert [p for p, _, _ in state_differences(doc, dict(core, winner=0), details=())] == \
        ["$.winner"]


def test_digibattle_passed_counts_only_where_a_player_passes() -> None:
    """``passed`` is core in the Digivolve and Battle phases (DB-B.5, DB-C.3) only: in a
    played game the oracle keeps seat 1's Battle pass through seat 0's Regroup turn, where an
    engine that cleared both flags at the Duel's end is as right (the detail
    ``passed_elsewhere`` compares it there)."""
    from digiconform.verifier.games import db_setup
    from oracle.digibattle.state import game_from_setup
    from oracle.selfplay import play

    seen = set()
    for step in play(game_from_setup(db_setup()), 3):
        doc = step.state.to_json()
        if doc["phase"] not in ("battle", "regroup") or doc["to_move"] not in (0, 1):
            continue
        flipped = _core_only(doc, "digibattle")
        flipped["players"][1]["passed"] = not doc["players"][1]["passed"]
        got = [p for p, _, _ in state_differences(doc, flipped, details=())]
        if doc["phase"] == "battle":
            assert got == ["$.players[1].passed"]
        else:
            assert got == []
            assert [p for p, _, _ in state_differences(
                doc, flipped, details=("passed_elsewhere",))] == ["$.players[1].passed"]
        if doc["phase"] == "regroup" and doc["to_move"] == 0:
            seen.add(doc["players"][1]["passed"])  # the oracle's own flag there
        seen.add(doc["phase"])
    assert {"battle", "regroup", True} <= seen


def test_a_malformed_action_may_be_refused_as_invalid_where_the_oracle_says_illegal() -> None:
    """A coin toss won by player 2 or a shuffle naming a winner breaks the action schema: an
    engine that checks the form first answers ``invalid``, which no rule makes wrong; a
    well-formed action the rules forbid must still be ``illegal``."""
    from digiconform.verifier.compare import refusal_difference

    illegal = {"kind": "illegal", "clause": "DB-B.1", "reason": "r"}
    invalid = {"kind": "invalid", "path": "$.winner", "reason": "r"}
    assert refusal_difference(illegal, invalid, {"type": "coin_toss", "winner": 2}) is None
    assert refusal_difference(illegal, invalid, {"type": "shuffle", "player": 0,
                                                 "order": ["ST-01"], "winner": 0}) is None
    assert refusal_difference(illegal, invalid, {"type": "coin_toss", "winner": 1})
    assert refusal_difference(illegal, invalid)  # no action given: the kinds must match
    assert refusal_difference({"kind": "invalid", "path": "$"}, illegal,
                              {"type": "coin_toss", "winner": 2})


def test_the_order_of_two_recycles_due_at_once_is_the_engines_own() -> None:
    """DB-D.3 orders no two recycles due at once: with both due, the detail fields naming
    which comes first (``chance``, ``resume``) are not compared; with one due, they are."""
    from digiconform.verifier.compare import state_differences

    mine = {"player": 0, "kind": "recycle", "cards": ["BO-01"]}
    theirs = {"player": 1, "kind": "recycle", "cards": ["BO-02"]}

    def state(due: dict, queued: list | None) -> dict:
        return {"ruleset": "digibattle", "phase": "regroup", "to_move": "chance", "duel": 1,
                "winner": None, "players": [], "chance": due,
                "resume": {"phase": "regroup", "then": queued}}

    oracle = state(theirs, [{"player": 0, "cards": ["BO-01"]}])
    engine = state(mine, [{"player": 1, "cards": ["BO-02"]}])
    assert state_differences(oracle, engine, details=["chance", "resume"]) == []
    one = state(theirs, None)
    assert {p for p, _, _ in state_differences(one, state(mine, None),
                                                details=["chance", "resume"])} \
        >= {"$.chance.player"}

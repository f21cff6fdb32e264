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
    doc = _late_dcg_state()
    lean = {k: v for k, v in doc.items() if k not in ("winner", "reason", "next_id", "chance")}
    lean["players"] = [{k: v for k, v in p.items() if k not in ("mulliganed",)}
                       for p in doc["players"]]
    assert state_differences(doc, lean) == []
    wrong = json.loads(json.dumps(lean))
    wrong["players"][0].pop("breeding_area")
    assert [p for p, _, _ in state_differences(doc, wrong)] == ["$.players[0].breeding_area"]
    wrong = dict(lean, winner=1)
    assert [p for p, _, _ in state_differences(doc, wrong)] == ["$.winner"]

"""JSON forms: actions (with JSON paths on malformed input), events, state round trips."""

from __future__ import annotations

import json

import pytest

from oracle.dcg import (
    ACTION_TYPES,
    Action,
    DcgConfig,
    action_from_json,
    load_test_only_cards,
    new_game,
    state_from_json,
)
from oracle.errors import InvalidInputError

from .kit import GAME, act, make_state, player, stack


@pytest.mark.parametrize(
    "d",
    [
        {"type": "pass", "player": 0},
        {"type": "play", "player": 1, "card": "ST1-04"},
        {"type": "digivolve", "player": 0, "card": "ST1-05", "target": 4},
        {"type": "attack", "player": 0, "attacker": 3, "target": "player"},
        {"type": "attack", "player": 0, "attacker": 3, "target": 9},
        {"type": "activate", "player": 0, "source": 2, "effect": 0},
        {"type": "shuffle", "player": 1, "deck": "egg_deck", "order": ["ST1-01", "ST2-01"]},
        {"type": "choose_first", "winner": 1},
        {"type": "resolve", "player": 0, "index": 1},
        {"type": "link", "player": 0, "card": "ST1-04"},
    ],
)
def test_action_round_trip(d):
    a = action_from_json(d)
    assert a.to_json() == d and action_from_json(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize(
    ("d", "path"),
    [
        ([], "$"),
        ({"player": 0}, "$.type"),
        ({"type": "fly", "player": 0}, "$.type"),
        ({"type": "play", "player": 0}, "$.card"),
        ({"type": "play", "player": 0, "card": 3}, "$.card"),
        ({"type": "play", "player": 2, "card": "ST1-04"}, "$.player"),
        ({"type": "pass", "player": True}, "$.player"),
        ({"type": "attack", "player": 0, "attacker": 1, "target": "face"}, "$.target"),
        ({"type": "attack", "player": 0, "attacker": -1, "target": "player"}, "$.attacker"),
        ({"type": "shuffle", "player": 0, "deck": "hand", "order": []}, "$.deck"),
        ({"type": "shuffle", "player": 0, "deck": "deck", "order": "ST1-01"}, "$.order"),
        ({"type": "pass", "player": 0, "card": "ST1-04"}, "$.card"),
        ({"type": "choose_first", "winner": 3}, "$.winner"),
    ],
)
def test_malformed_actions_name_the_json_path(d, path):
    with pytest.raises(InvalidInputError) as e:
        action_from_json(d)
    assert e.value.path == path


def test_every_action_type_parses():
    assert "pass" in ACTION_TYPES and "resolve" in ACTION_TYPES


def test_events_carry_type_clause_player():
    s = make_state(player(hand=["ST2-02"]), memory=1)
    _, events = act(s, "play", card="ST2-02")
    for e in events:
        d = e.to_json()
        assert {"type", "clause", "player"} <= d.keys()
        assert d["clause"].startswith(("DCG-6-", "CR4.2 "))
        json.dumps(d)


def test_state_json_contract_names():
    d = new_game(DcgConfig()).to_json()
    for key in ("ruleset", "turn", "turn_player", "first_player", "phase", "step", "memory",
                "to_move", "chance", "pending", "winner", "reason", "variants", "players"):
        assert key in d
    assert d["ruleset"] == "dcg"
    for key in ("hand", "deck", "egg_deck", "breeding_area", "battle_area", "security",
                "trash", "mulliganed", "once_per_turn_used"):
        assert key in d["players"][0]


def test_state_round_trip_mid_game():
    # Dusk Testmon X-02's [End of Your Turn] gain and Gravity Crush BT1-090's "at end of turn,
    # lose 2 memory" both wait at the end of turn.
    s = make_state(player(hand=["BT1-090"], battle_area=[stack(1, "X-02")]), memory=0)
    s, _ = act(s, "use_option", card="BT1-090")
    s, _ = act(s, "pass")  # waiting for the turn player to order two end-of-turn effects
    assert len(s.pending) == 2
    d = json.loads(json.dumps(s.to_json()))
    assert state_from_json(d, GAME) == s
    assert state_from_json(d, DcgConfig(cards=load_test_only_cards())) == s


@pytest.mark.parametrize(
    ("patch", "path"),
    [
        ({"ruleset": "digibattle"}, "$.ruleset"),
        ({"memory": 11}, "$.memory"),
        ({"phase": "battle"}, "$.phase"),
        ({"turn_player": 2}, "$.turn_player"),
        ({"to_move": 1}, "$.to_move"),
        ({"variants": {"DCG-AMB-1": "nope"}}, "$.variants.DCG-AMB-1"),
    ],
)
def test_bad_state_json(patch, path):
    d = make_state().to_json()
    d.update(patch)
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == path


def test_a_breeding_area_stack_played_this_turn_is_refused():
    """DCG-6-4-1-1: the breeding area's stack is hatched, never played; a position that marks it
    "played this turn" is one no game has (it is what let a mutant that never cleared the flag
    at the turn's end survive: tools/mutate.py fresh sample 10103, turn.py:240)."""
    d = make_state().to_json()
    d["players"][0]["breeding_area"] = {"id": 99, "cards": ["ST1-01"], "suspended": False,
                                        "played_this_turn": True}
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == "$.players[0].breeding_area.played_this_turn"
    assert "DCG-6-4-1-1" in str(e.value)
    d["players"][0]["breeding_area"]["played_this_turn"] = False
    assert state_from_json(d, GAME).players[0].breeding_area.cards == ("ST1-01",)


def test_bad_card_in_a_zone():
    d = make_state().to_json()
    d["players"][1]["hand"] = ["ST1-04", "BT1-001"]
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == "$.players[1].hand[1]"


def test_apply_refuses_a_non_action():
    with pytest.raises(InvalidInputError):
        from oracle.dcg import apply

        apply(make_state(), {"type": "pass", "player": 0})  # type: ignore[arg-type]
    assert Action("pass", 0).to_json() == {"type": "pass", "player": 0}


# -- states the engine can never reach (phase/step pairs, card conservation) ----------------


@pytest.mark.parametrize(
    ("phase", "step", "resume", "path"),
    [
        ("breeding", "main", None, "$.step"),  # legal_actions would list a pass apply refuses
        ("setup", "main", None, "$.step"),
        ("main", "shuffle", None, "$.step"),  # set-up steps only in phase setup
        ("main", "mulligan", None, "$.step"),
        ("unsuspend", "draw", None, "$.step"),
        ("draw", "breeding", None, "$.step"),
        ("game_over", "main", None, "$.step"),
        ("main", "over", None, "$.step"),
        ("setup", "end_of_turn", "shuffle", "$.step"),  # no end of turn in the set-up
        ("breeding", "end_of_turn", "main", "$.resume_step"),  # resumes in its own phase
        ("main", "end_of_turn", None, "$.resume_step"),
        ("main", "end_of_turn", "end_of_turn", "$.resume_step"),
        ("main", "main", "main", "$.resume_step"),  # nothing to resume out of end of turn
    ],
)
def test_a_step_outside_its_phase_is_refused(phase, step, resume, path):
    d = make_state().to_json()
    d.update(phase=phase, step=step, resume_step=resume)
    d.pop("to_move", None)
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == path


@pytest.mark.parametrize(
    ("phase", "step", "resume"),
    [
        ("unsuspend", "end_of_turn", "start_of_turn"),  # DCG-6-2-1-2
        ("unsuspend", "end_of_turn", "unsuspend"),
        ("draw", "end_of_turn", "draw"),
        ("breeding", "end_of_turn", "breeding"),  # end of turn happens in any phase
        ("breeding", "end_of_turn", "breeding_done"),
        ("main", "end_of_turn", "start_of_main"),
        ("main", "end_of_turn", "main"),
        ("breeding", "breeding_done", None),
        ("main", "start_of_main", None),
    ],
)
def test_every_phase_step_pair_the_engine_reaches_loads(phase, step, resume):
    """Each pair loads where the engine stops at it: with two different effects waiting for
    the turn player to choose their order (the test-only Dusk Testmon X-02's [End of Your
    Turn] gain and Gravity Crush BT1-090's "at end of turn, lose 2 memory"; DCG-AMB-3
    "turn-player-chooses"). With nothing pending the engine would move
    on by itself, so the position is refused at ``$.step`` (see the next test); with only one
    of them pending it would resolve by itself, so it is refused at ``$.pending``."""
    s = make_state(phase=phase, step=step, resume_step=resume, memory=-1,
                   pending=[_WAITING_X02, _WAITING_BT1_090])
    assert (s.phase, s.step, s.resume_step) == (phase, step, resume)
    with pytest.raises(InvalidInputError) as e:
        make_state(phase=phase, step=step, resume_step=resume, memory=-1)
    assert e.value.path == "$.step"
    with pytest.raises(InvalidInputError) as e:
        make_state(phase=phase, step=step, resume_step=resume, memory=-1,
                   pending=[_WAITING_X02])
    assert e.value.path == "$.pending"


_WAITING_X02 = {"player": 0, "card": "X-02", "effect": 0, "source": None,
                "timing": "end_of_your_turn", "delayed": False}
_WAITING_BT1_090 = {"player": 0, "card": "BT1-090", "effect": 0, "source": None,
                    "timing": "end_of_turn", "delayed": True}


@pytest.mark.parametrize(("step", "resume", "memory"), [
    ("main", None, 2),  # a lone pending effect in the Main phase
    ("end_of_turn", "main", 0),  # end of turn loaded at memory 0 with one effect pending
])
def test_a_position_nobody_can_act_in_is_refused_at_pending(step, resume, memory):
    """Issue 17: such a position loaded, then ``legal_actions`` was ``[]``, ``resolve`` was
    refused (DCG-6-1-3) and so was ``pass`` (DCG-6-5-1): stuck for ever."""
    with pytest.raises(InvalidInputError) as e:
        make_state(step=step, resume_step=resume, memory=memory, pending=[_WAITING_X02])
    assert e.value.path == "$.pending"
    assert "resolves by itself" in e.value.reason

@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"memory": -1}, "$.memory"),  # DCG-6-1-4-1: the turn would be at its end
        ({"winner": 1}, "$.winner"),
        ({"attack": {"player": 1, "attacker": 7, "target": "player"}}, "$.attack.player"),
        ({"attack": {"player": 0, "attacker": 1, "target": "player"}}, "$.attack"),
    ],
)
def test_a_position_the_game_never_stops_at_is_refused(change, path):
    """Found by a review: such positions loaded, then a pass finished the opponent's attack,
    a second attack overwrote the first, or a turn past its end went on."""
    d = make_state().to_json()
    d.update(change)
    d.pop("to_move", None)
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == path


def test_every_step_belongs_to_a_phase():
    from oracle.dcg.jsonio import PHASE_STEPS
    from oracle.dcg.model import PHASES, STEPS

    assert set(PHASE_STEPS) == set(PHASES)
    assert set().union(*PHASE_STEPS.values()) == set(STEPS)
    turn = [p for p in PHASES if p not in ("setup", "game_over")]
    assert [p for p in PHASES if "end_of_turn" in PHASE_STEPS[p]] == turn


def _complete() -> dict:
    """A complete position: the new game's state, every card of both deck lists in play."""
    return new_game(DcgConfig()).to_json()


def test_a_complete_position_holds_its_deck_lists():
    d = _complete()
    assert state_from_json(d, GAME).to_json() == d


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (lambda p: p["hand"].append("ST1-10"), "holds 5 ST1-10"),  # one card too many
        (lambda p: p["deck"].__setitem__(p["deck"].index("ST1-10"), "ST2-10"),
         "ST2-10"),  # swapped
        (lambda p: p["egg_deck"].append("ST1-01"), "holds 5 ST1-01"),
    ],
    ids=["extra copy", "card not in the deck list", "extra Digi-Egg"],
)
def test_cards_that_are_not_the_deck_list_are_refused(change, found):
    d = _complete()
    change(d["players"][0])
    with pytest.raises(InvalidInputError) as e:
        state_from_json(d, GAME)
    assert e.value.path == "$.players[0]" and found in e.value.reason


def test_a_feature_position_with_a_fifth_copy_is_refused_by_load_state():
    from steps.dcg_positions import DcgPosition, DcgSide

    from oracle.driver import OracleDriver

    pos = DcgPosition(sides=(DcgSide(hand=["ST1-10"] * 4), DcgSide()))
    setup, state = pos.setup(), pos.state()
    assert OracleDriver().load_state(setup, state)["players"][0]["hand"] == ["ST1-10"] * 4
    state["players"][0]["hand"].append("ST1-10")  # 5 copies; the deck list has 4
    with pytest.raises(InvalidInputError) as e:
        OracleDriver().load_state(setup, state)
    assert e.value.path == "$.players[0]" and "holds 5 ST1-10" in e.value.reason
    state["players"][0]["hand"][-1] = "ST1-04"  # 51 cards: still not the deck list
    with pytest.raises(InvalidInputError) as e:
        OracleDriver().load_state(setup, state)
    assert e.value.path == "$.players[0]"


def test_a_partial_position_is_not_checked_card_by_card():
    """The kit's sketches (ten ST1-04 where the deck list has four, 15 cards in all) still load:
    a player holding fewer cards than their deck list is not checked (see check_conservation).
    """
    s = make_state(player(hand=["ST1-10"] * 5))
    assert s.players[0].hand == ("ST1-10",) * 5 and len(s.players[0].deck) == 10


def test_every_position_that_loads_can_move():
    """The positions of the shipped dcg vectors (their described positions, and every state
    their steps expect, most of them reached by play from new_game) each load and offer an
    action or a chance."""
    from digiconform.vectors import load_vectors
    from oracle.driver import OracleDriver

    loaded = 0
    for v in load_vectors(kind="scenario"):
        if v["ruleset"] != "dcg":
            continue
        setup = None
        for step in v["steps"]:
            setup = step.get("setup", setup)
            if step["request"] == "load_state":
                position = step["state"]
            elif "state" in step["expect"] and setup is not None \
                    and step["expect"]["state"].get("phase") != "game_over":
                position = step["expect"]["state"]
            else:
                continue
            driver = OracleDriver()
            state = driver.load_state(setup, position)
            loaded += 1
            if state["to_move"] not in (None, "chance"):
                assert driver.legal_actions(), v["id"]
    assert loaded > 50

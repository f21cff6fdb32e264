"""Every reading of every DCG ambiguity (the ``dcg`` entries of oracle/variants.py)."""

from __future__ import annotations

import pytest

from oracle.dcg import AMBIGUITIES, DcgConfig, legal_actions, new_game

from .kit import act, kinds, player, stack

P1_MAIN = {"turn_player": 1, "turn": 2}


def test_registry_entries_are_complete():
    assert sorted(AMBIGUITIES) == ["DCG-AMB-1", "DCG-AMB-2", "DCG-AMB-3", "DCG-AMB-4",
                                  "DCG-AMB-5"]
    for amb in AMBIGUITIES.values():
        assert amb.ruleset == "dcg"
        assert amb.default in amb.reading_names() and len(amb.readings) >= 2
        assert amb.reason and amb.evidence and amb.clauses and amb.question
        assert amb.example is not None
        assert {r for r, _ in amb.example.outcomes} == set(amb.reading_names())


def test_the_project_registry_holds_the_dcg_entries():
    from oracle import variants

    assert [a.id for a in variants.REGISTRY if a.ruleset == "dcg"] == list(AMBIGUITIES)
    assert variants.resolve({"DCG-AMB-2": "never-lower"}, "dcg")["DCG-AMB-2"] == "never-lower"
    assert "DCG-AMB-1" not in variants.resolve(None, "digibattle")
    from oracle.errors import InvalidInputError

    with pytest.raises(InvalidInputError):
        variants.resolve({"DB-AMB-6": "final"}, "dcg")


def test_defaults_appear_in_the_state():
    s = new_game(DcgConfig())
    assert s.to_json()["variants"] == {
        "DCG-AMB-1": "same-phase", "DCG-AMB-2": "set-to-3",
        "DCG-AMB-3": "turn-player-chooses", "DCG-AMB-4": "mulligan",
        "DCG-AMB-5": "on-resolution",
    }


# -- DCG-AMB-1: where a postponed end of turn goes on. Player 0's start-of-turn lose 2 (Drain
# Testmon X-01, test only) takes memory 1 -> -1 (the turn ends before unsuspending, 6-2-1-2);
# [End of Your Turn] [Once Per Turn] gain 2 (Dusk Testmon X-02) brings it to 1: postponed
# (6-6-4).

def _amb1(mk, reading):
    p0 = player(battle_area=[stack(1, "X-01", suspended=True), stack(2, "X-02",
                                                                   suspended=True)],
                deck=["BT1-090"], hand=[])
    p1 = player(hand=["ST1-02"])
    s = mk(p0, p1, **P1_MAIN, memory=1, variants={"DCG-AMB-1": reading})
    s, events = act(s, "play", card="ST1-02")  # player 1: 1 - 2 = -1 -> player 0 starts at 1
    return s, events


def test_amb1_same_phase_resumes_the_unsuspend_phase(mk):
    s, events = _amb1(mk, "same-phase")
    post = [e for e in events if e.type == "end_of_turn_postponed"]
    assert [(e.get("phase"), e.get("resume")) for e in post] == [("unsuspend", "unsuspend")]
    # The phase goes on: unsuspend, draw, then the Breeding phase decision.
    assert "unsuspended" in kinds(events, 0) and s.players[0].hand == ("BT1-090",)
    assert not any(x.suspended for x in s.players[0].battle_area)
    assert (s.phase, s.step, s.to_move, s.memory) == ("breeding", "breeding", 0, 1)


def test_amb1_main_phase_skips_to_main(mk):
    s, events = _amb1(mk, "main-phase")
    assert "unsuspended" not in kinds(events, 0) and s.players[0].hand == ()
    assert all(x.suspended for x in s.players[0].battle_area)
    assert (s.phase, s.step, s.to_move, s.memory) == ("main", "main", 0, 1)


# -- DCG-AMB-2: a pass while memory is already past 3 on the opponent's side (Tamer Testzed X-03:
# the turn ends only at 6+, so the turn is still going at the opponent's 5).

@pytest.mark.parametrize(("reading", "after"), [("set-to-3", -3), ("never-lower", -5)])
def test_amb2_pass_from_opponents_5(mk, reading, after):
    s = mk(player(battle_area=[stack(1, "X-03")]), memory=-5, variants={"DCG-AMB-2": reading})
    assert s.to_move == 0
    s, _ = act(s, "pass")
    assert s.memory == after and s.turn_player == 0  # below 6: the turn goes on either way


@pytest.mark.parametrize("reading", ["set-to-3", "never-lower"])
def test_amb2_readings_agree_from_my_side(mk, reading):
    s, _ = act(mk(memory=4, variants={"DCG-AMB-2": reading}), "pass")
    assert s.turn_player == 1 and s.memory == 3


# -- DCG-AMB-3: Tai Kamiya BT2-089 "[Start of Your Turn] If you have 2 memory or less, set your
# memory to 3" + Vegiemon BT11-049 "[Start of Your Turn] Gain 1 memory" at memory 1. Tai first:
# 3 then 4 (QA945). Vegiemon first: 2 then 3.

def _amb3(mk, reading, order):
    p0 = player(battle_area=[stack(i + 1, c) for i, c in enumerate(order)])
    p1 = player(hand=["ST1-02"])
    s = mk(p0, p1, **P1_MAIN, memory=1, variants={"DCG-AMB-3": reading})
    s, _ = act(s, "play", card="ST1-02")
    return s


def test_amb3_turn_player_chooses(mk):
    s = _amb3(mk, "turn-player-chooses", ["BT2-089", "BT11-049"])
    assert s.memory == 1 and [a.index for a in legal_actions(s)] == [0, 1]
    ace_first, _ = act(s, "resolve", index=0)
    bea_first, _ = act(s, "resolve", index=1)
    assert ace_first.memory == 4 and bea_first.memory == 3


@pytest.mark.parametrize(("order", "memory"),
                         [(["BT2-089", "BT11-049"], 4), (["BT11-049", "BT2-089"], 3)])
def test_amb3_card_order(mk, order, memory):
    s = _amb3(mk, "card-order", order)
    assert s.memory == memory and s.phase == "breeding"


# -- DCG-AMB-4: mulligan or not is covered in test_setup.py; both readings here too.

@pytest.mark.parametrize(("reading", "step"), [("mulligan", "mulligan"),
                                               ("no-mulligan", "breeding")])
def test_amb4(reading, step):
    from oracle.dcg import Action, apply

    s = new_game(DcgConfig(variants={"DCG-AMB-4": reading}))
    while s.chance.kind == "shuffle":
        s, _ = apply(s, Action("shuffle", s.chance.player, deck=s.chance.deck,
                               order=s.chance.cards))
    s, _ = apply(s, Action("choose_first", winner=0))
    assert s.step == step

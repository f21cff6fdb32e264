"""DCG-6-1 (turn, phase order, turn-end condition), 6-2 (unsuspend), 6-3 (draw)."""

from __future__ import annotations

import pytest

from oracle.dcg import legal_actions
from oracle.errors import IllegalActionError

from .kit import act, kinds, player, stack

# Player 1 is in their Main phase; passing ends their turn and player 0's turn begins with
# memory 3 on player 0's side (DCG-6-5-1-7, RM6 "Turn End Conditions").
P1_MAIN = {"turn_player": 1, "turn": 2}


def test_6_1_1_only_the_turn_player_acts(mk):
    s = mk()
    with pytest.raises(IllegalActionError) as e:
        act(s, "pass", player=1)
    assert e.value.clause == "DCG-6-1-1"
    assert {a.player for a in legal_actions(s)} == {0}


def test_6_1_2_phase_order_unsuspend_draw_breeding_main(mk):
    s = mk(player(battle_area=[stack(1, "ST1-04", suspended=True)]), **P1_MAIN)
    s, events = act(s, "pass")
    order = [e.type for e in events if e.player == 0 and e.type in
             ("start_of_turn", "unsuspended", "drew")]
    assert order == ["start_of_turn", "unsuspended", "drew"]
    assert (s.phase, s.step, s.to_move) == ("breeding", "breeding", 0)
    s, events = act(s, "do_nothing")
    assert (s.phase, s.step) == ("main", "main")
    assert kinds(events)[-1] == "main_phase"


def test_6_1_2_no_main_action_before_the_main_phase(mk):
    s = mk(phase="breeding", step="breeding")
    with pytest.raises(IllegalActionError) as e:
        act(s, "pass")
    assert e.value.clause == "DCG-6-5-1"


def test_6_1_3_nothing_else_while_an_effect_is_pending(mk):
    # Two different start-of-turn effects wait; the turn player must order them first.
    p0 = player(battle_area=[stack(1, "BT2-089"), stack(2, "BT11-049")])
    s = mk(p0, **P1_MAIN)
    s, _ = act(s, "pass")
    assert len(s.pending) == 2 and s.step == "unsuspend" and s.phase == "unsuspend"
    assert {a.type for a in legal_actions(s)} == {"resolve"}
    with pytest.raises(IllegalActionError) as e:
        act(s, "do_nothing")
    assert e.value.clause == "DCG-6-1-3"


def test_6_1_4_1_turn_ends_when_memory_reaches_opponents_1(mk):
    s = mk(player(hand=["ST1-04"]), memory=2)
    s, events = act(s, "play", card="ST1-04")  # cost 3: memory 2 -> opponent's 1
    assert s.turn_player == 1 and s.memory == 1
    assert "end_of_turn" in kinds(events) and "turn_ended" in kinds(events)


def test_6_1_4_1_turn_goes_on_at_memory_0(mk):
    s = mk(player(hand=["ST1-04"]), memory=3)
    s, events = act(s, "play", card="ST1-04")
    assert s.turn_player == 0 and s.memory == 0 and s.step == "main"
    assert "end_of_turn" not in kinds(events)


def test_6_2_1_unsuspends_battle_and_breeding_area(mk):
    p0 = player(battle_area=[stack(1, "ST1-04", suspended=True), stack(2, "BT2-089",
                                                                   suspended=True)],
                breeding_area=stack(3, "ST1-01", "ST2-04", suspended=True))
    s, _ = act(mk(p0, **P1_MAIN), "pass")
    me = s.players[0]
    assert not any(x.suspended for x in me.battle_area)
    assert not me.breeding_area.suspended


def test_6_2_1_1_start_of_turn_effects_before_unsuspending(mk):
    p0 = player(battle_area=[stack(1, "BT11-049", suspended=True)])
    s, events = act(mk(p0, **P1_MAIN), "pass")
    types = kinds(events, 0)
    assert types.index("resolved") < types.index("unsuspended")
    assert s.memory == 4  # started at 3, gained 1


def test_6_2_1_2_start_effect_ends_turn_before_unsuspend(mk):
    """Two [Start of Your Turn] lose 2: 3 -> -1 (opponent's 1). Nothing unsuspends, no draw,
    no breeding action, [Start of Your Main Phase] never fires; the turn passes back."""
    p0 = player(battle_area=[stack(1, "X-01", suspended=True), stack(2, "X-01",
                                                                   suspended=True),
                             stack(3, "LM-008", suspended=True)],
                hand=[], egg_deck=["ST1-01"])
    s, events = act(mk(p0, **P1_MAIN), "pass")
    ends = [e for e in events if e.type == "end_of_turn" and e.player == 0]
    assert [e.clause for e in ends] == ["DCG-6-2-1-2"]
    p0_types = kinds(events, 0)
    for never in ("unsuspended", "drew", "hatched", "did_nothing", "main_phase"):
        assert never not in p0_types
    assert not [e for e in events if e.get("timing") == "start_of_your_main_phase"]
    me = s.players[0]
    assert all(x.suspended for x in me.battle_area)
    assert me.hand == () and me.egg_deck == ("ST1-01",)
    assert s.turn_player == 1 and s.memory == 1  # player 1's turn at 1 on their side


def test_6_2_1_3_unsuspend_is_one_event_for_all_cards(mk):
    p0 = player(battle_area=[stack(5, "ST1-04", suspended=True), stack(4, "ST2-04",
                                                                   suspended=True)])
    _, events = act(mk(p0, **P1_MAIN), "pass")
    unsus = [e for e in events if e.type == "unsuspended"]
    assert len(unsus) == 1 and sorted(unsus[0].get("stacks")) == [4, 5]


def test_6_3_1_the_turn_player_draws_the_top_card(mk):
    p0 = player(deck=["X-02", "ST1-04"])
    s, _ = act(mk(p0, **P1_MAIN), "pass")
    assert s.players[0].hand == ("X-02",) and s.players[0].deck == ("ST1-04",)


def test_6_3_1_1_no_draw_only_in_the_first_players_first_turn(mk):
    # Player 1 went first; it is turn 2 (player 0's first turn): player 0 draws.
    s = mk(player(deck=["X-02"]), turn=1, turn_player=1, first_player=1)
    s, events = act(s, "pass")
    assert s.players[0].hand == ("X-02",)
    assert "draw_skipped" not in kinds(events)


def test_deck_out_in_own_draw_phase_loses(mk):
    s = mk(player(deck=[]), **P1_MAIN)
    s, events = act(s, "pass")
    assert s.phase == "game_over" and s.winner == 1 and s.reason == "deck_out"
    assert s.to_move is None and legal_actions(s) == ()
    assert events[-1].clause == "CR4.2 Victory conditions"


def test_empty_deck_outside_the_draw_phase_is_no_loss(mk):
    # Digivolving draws 1 (digivolve bonus); with an empty deck nothing is drawn, no loss.
    p0 = player(deck=[], hand=["ST1-05"], battle_area=[stack(1, "ST1-04")])
    s, events = act(mk(p0, memory=5), "digivolve", card="ST1-05", target=1)
    assert s.winner is None and s.phase == "main"
    assert s.players[0].hand == ()
    # The opponent's Draw phase with my empty deck is no loss either.
    s, _ = act(s, "pass")
    assert s.winner is None and s.turn_player == 1

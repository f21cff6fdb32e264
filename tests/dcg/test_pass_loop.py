"""CR4.2 "Infinite loops": loops only choices that change nothing keep going are draws.

A player can stop a loop only by a choice that leads out of it; choices that change nothing
are not choices. The oracle (``oracle/dcg/engine.py``, ``_unstoppable``) ends the game as a
draw (``reason == "infinite_loop"``, clause ``CR4.2 Infinite loops``) when every position
reachable from a decision through such choices leads back into the same few positions:

1. A pass that changes nothing. Under a raised turn-end threshold (Tamer Testzed X-03: the turn
   ends only at 6 or more on the opponent's side) a pass (DCG-6-5-1-7) leaves memory at 3 on
   the opponent's side (or, DCG-AMB-2 "never-lower", where it was) and the turn goes on. When
   the pass is the only legal action the same position comes back after every pass.
2. A loop through "resolve" choices (DCG-AMB-3 "turn-player-chooses") where every order of
   the start-of-turn effects ends the turn before the draw and the next turn comes back.
3. A pass whose end of turn is always postponed (DCG-6-6-4) back to the same Main phase.

A choice that leads out (another card to play, an order that lets the turn go on) is a real
choice: that player can stop the loop, so the game goes on.
"""

from __future__ import annotations

import pytest

from oracle.dcg import legal_actions
from strategies.dcg import is_stuck

from .kit import act, kinds, player, stack

LOOPS = "CR4.2 Infinite loops"


def _drawn(s, events) -> None:
    assert (s.phase, s.winner, s.reason, s.to_move) == ("game_over", None, "infinite_loop",
                                                        None)
    assert events[-1].type == "game_over" and events[-1].clause == LOOPS


def test_a_pass_that_changes_nothing_and_is_the_only_action_is_a_draw(mk) -> None:
    s = mk(player(battle_area=[stack(1, "X-03")]), memory=-3)
    assert [a.type for a in legal_actions(s)] == ["pass"]
    assert is_stuck(s)  # a hand-built position: the pass brings it back unchanged
    after, events = act(s, "pass")
    assert kinds(events) == ["passed", "game_over"]
    _drawn(after, events)


def test_a_pass_into_a_position_only_passes_repeat_is_a_draw_at_once(mk) -> None:
    """From 5 on the opponent's side the pass moves memory (not stuck yet); the position it
    reaches (3, only a pass) can only repeat, so the game is a draw there."""
    s = mk(player(battle_area=[stack(1, "X-03")]), memory=-5)
    assert not is_stuck(s)
    s, events = act(s, "pass")
    assert kinds(events) == ["passed", "memory", "game_over"]
    assert s.memory == -3
    _drawn(s, events)


def test_never_lower_pass_is_a_draw_at_once(mk) -> None:
    s = mk(player(battle_area=[stack(1, "X-03")]), memory=-5,
           variants={"DCG-AMB-2": "never-lower"})
    assert is_stuck(s)
    s, events = act(s, "pass")
    assert s.memory == -5
    _drawn(s, events)


@pytest.mark.parametrize("hand", [["BT1-090"], ["ST1-04"]])
def test_not_a_draw_while_something_else_is_legal(mk, hand: list[str]) -> None:
    """Gravity Crush BT1-090 or Dracomon ST1-04 in hand: the player can stop passing."""
    s = mk(player(battle_area=[stack(1, "X-03")], hand=hand), memory=-3)
    assert len(legal_actions(s)) > 1 and not is_stuck(s)
    after, events = act(s, "pass")
    assert kinds(events) == ["passed"] and after == s and not after.is_over


def _resolve_loop(mk, variants: dict[str, str] | None = None):
    """Both players: Vegiemon BT11-049 (+1) and Drain Testmon X-01 ×2 (-2 each, test only) at
    the start of their turns. Biyomon ST1-02 costs 2: player 0's turn starts at 1 and ends at
    -2 before its Draw phase (DCG-6-2-1-2); player 1's starts at 2 and ends at -1; player 0's
    starts at 1 again."""
    p0 = player(battle_area=[stack(1, "BT11-049"), stack(2, "X-01"), stack(3, "X-01")])
    p1 = player(battle_area=[stack(5, "BT11-049"), stack(6, "X-01"), stack(7, "X-01")],
                hand=["ST1-02"])
    return act(mk(p0, p1, turn_player=1, turn=2, memory=1, variants=variants), "play",
               card="ST1-02")


def test_a_loop_through_pointless_resolve_choices_is_a_draw(mk) -> None:
    """The order player 0 picks for the three start-of-turn effects never matters: nobody
    can stop the loop, and the game is a draw as soon as the order is asked for."""
    s, events = _resolve_loop(mk)
    _drawn(s, events)


def test_the_same_loop_without_choices_is_a_draw_too(mk) -> None:
    """DCG-AMB-3 "card-order": no decision at all, the decision-free loop check draws."""
    s, events = _resolve_loop(mk, {"DCG-AMB-3": "card-order"})
    _drawn(s, events)


def test_an_order_that_lets_the_turn_go_on_is_a_real_choice(mk) -> None:
    """Tai Kamiya BT2-089 (set to 3 if 2 or less) and Drain Testmon X-01 ×2: Tai first gives
    3 - 2 - 2 = -1 and the turn ends, but a Drain Testmon first gives -1, set to 3, then 1:
    the turn goes on. Player 0 can stop the loop, so the game goes on and the order is theirs
    to pick."""
    p0 = player(battle_area=[stack(1, "BT2-089"), stack(2, "X-01"), stack(3, "X-01")])
    p1 = player(battle_area=[stack(5, "X-01")], hand=["ST1-02"])
    s, events = act(mk(p0, p1, turn_player=1, turn=2, memory=1), "play", card="ST1-02")
    assert not s.is_over and s.to_move == 0
    assert {a.type for a in legal_actions(s)} == {"resolve"}
    s, _ = act(s, "resolve", index=1)  # a Drain Testmon first
    while s.pending:
        s, _ = act(s, "resolve", index=legal_actions(s)[0].index)
    assert (s.turn_player, s.phase, s.memory) == (0, "breeding", 1)


def test_looking_for_the_loop_leaves_the_input_alone(mk) -> None:
    s = mk(player(battle_area=[stack(1, "X-03")]), memory=-3)
    before = s.to_json()
    assert act(s, "pass") == act(s, "pass")
    assert s.to_json() == before

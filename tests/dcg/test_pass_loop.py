"""Positions no rule of the oracle ends (found by the stateful test); CR4.2 "Infinite loops"
would make them draws.

1. A pass that changes nothing. Under a raised turn-end threshold (Tamer Zed T-19: the turn
   ends only at 6 or more on the opponent's side) a pass (DCG-6-5-1-7) leaves memory at 3 on
   the opponent's side (or, DCG-AMB-2 "never-lower", where it was) and the turn goes on. With
   nothing else legal the same position comes back after every pass. The oracle keeps the
   game going (``features/dcg/ambiguities.feature`` expects "the turn does not end" there);
   random games stop at such a position (:func:`strategies.dcg.is_stuck`).
2. A loop through "resolve" choices that change nothing (DCG-AMB-3 "turn-player-chooses"):
   the oracle's loop detection sees decision-free loops only.
"""

from __future__ import annotations

import pytest

from oracle.dcg import legal_actions
from strategies.dcg import is_stuck

from .kit import act, kinds, player, stack

GAP = ("known gap, for the engine's owner: CR4.2 'Infinite loops' would make this a draw; "
       "the oracle keeps the game going (see the module docstring)")


def test_a_pass_that_changes_nothing_and_is_the_only_action_repeats_the_position(mk) -> None:
    s = mk(player(battle_area=[stack(1, "T-19")]), memory=-3)
    assert [a.type for a in legal_actions(s)] == ["pass"]
    after, events = act(s, "pass")
    assert kinds(events) == ["passed"] and after == s
    assert is_stuck(s)


def test_a_pass_that_moves_memory_is_not_stuck(mk) -> None:
    s = mk(player(battle_area=[stack(1, "T-19")]), memory=-5)
    assert not is_stuck(s)
    s, events = act(s, "pass")
    assert kinds(events) == ["passed", "memory"]
    assert (s.phase, s.memory, s.to_move) == ("main", -3, 0)
    assert is_stuck(s)


def test_never_lower_is_stuck_at_once(mk) -> None:
    s = mk(player(battle_area=[stack(1, "T-19")]), memory=-5,
           variants={"DCG-AMB-2": "never-lower"})
    assert is_stuck(s)


@pytest.mark.parametrize("hand", [["T-16"], ["T-03"]])
def test_not_stuck_while_something_else_is_legal(mk, hand: list[str]) -> None:
    s = mk(player(battle_area=[stack(1, "T-19")], hand=hand), memory=-3)
    assert len(legal_actions(s)) > 1 and not is_stuck(s)


@pytest.mark.xfail(strict=True, reason=GAP)
def test_a_pass_that_changes_nothing_and_is_the_only_action_is_a_draw(mk) -> None:
    s = mk(player(battle_area=[stack(1, "T-19")]), memory=-3)
    s, _ = act(s, "pass")
    assert (s.phase, s.winner, s.reason) == ("game_over", None, "infinite_loop")


@pytest.mark.xfail(strict=True, reason=GAP)
def test_a_loop_through_pointless_resolve_choices_is_a_draw(mk) -> None:
    """Player 0: Tamer Bea T-14 (+1) and Abyssdrake T-10 ×2 (-2 each) at the start of the
    turn, Flarehorn T-07 (+1) at its end; player 1: Abyssdrake. From memory 1 every turn ends
    before its Draw phase (DCG-6-2-1-2) and the next starts at 1 again; the order player 0
    picks for the three start-of-turn effects never matters, so nobody can stop the loop."""
    p0 = player(battle_area=[stack(1, "T-14"), stack(2, "T-10"), stack(3, "T-10"),
                             stack(4, "T-07")])
    p1 = player(battle_area=[stack(5, "T-10")], hand=["T-04"])
    s, _ = act(mk(p0, p1, turn_player=1, turn=2, memory=1), "play", card="T-04")
    for _ in range(100):
        if s.to_move is None:
            break
        s, _ = act(s, "resolve", index=legal_actions(s)[0].index)
    assert s.reason == "infinite_loop"

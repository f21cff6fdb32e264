"""CR4.2 Game setup (5-2-1) as chapter 6 starts from it, the mulligan (DCG-AMB-4) and the
first player's first-turn draw skip (DCG-6-3-1-1) for the real first player."""

from __future__ import annotations

import pytest

from oracle.dcg import Action, DcgConfig, DeckList, apply, load_deck, new_game
from oracle.errors import IllegalActionError, InvalidInputError

from .kit import act


def _answer_shuffles(state, reverse: bool = False):
    """Answer every due shuffle with the sorted order (reversed if asked)."""
    while state.to_move == "chance" and state.chance.kind == "shuffle":
        order = sorted(state.chance.cards, reverse=reverse)
        state, _ = apply(state, Action("shuffle", state.chance.player, deck=state.chance.deck,
                                       order=tuple(order)))
    return state


def test_new_game_waits_for_the_first_shuffle():
    s = new_game(DcgConfig())
    assert s.phase == "setup" and s.to_move == "chance"
    assert s.chance.to_json() == {
        "kind": "shuffle", "player": 0, "deck": "deck",
        "cards": sorted(load_deck("red-memory").main),
    }
    assert s.memory == 0 and s.winner is None


def test_shuffles_then_rock_paper_scissors():
    s = new_game(DcgConfig())
    seen = []
    while s.chance.kind == "shuffle":
        seen.append((s.chance.player, s.chance.deck))
        s = apply(s, Action(
            "shuffle", s.chance.player, deck=s.chance.deck, order=s.chance.cards))[0]
    assert seen == [(0, "deck"), (0, "egg_deck"), (1, "deck"), (1, "egg_deck")]
    assert s.chance.to_json() == {"kind": "first_player"}
    assert s.to_move == "chance"


def test_a_shuffle_order_must_be_a_permutation():
    s = new_game(DcgConfig())
    bad = tuple(s.chance.cards[1:]) + ("ST1-01",)
    with pytest.raises(IllegalActionError) as e:
        apply(s, Action("shuffle", 0, deck="deck", order=bad))
    assert e.value.clause == "CR4.2 Game setup"
    with pytest.raises(IllegalActionError):
        apply(s, Action("shuffle", 1, deck="deck", order=s.chance.cards))


def test_rps_winner_goes_first_and_each_draws_five():
    s = _answer_shuffles(new_game(DcgConfig()))
    s, events = act(s, "choose_first", winner=1)
    assert s.first_player == 1 and s.turn_player == 1
    assert len(s.players[0].hand) == 5 and len(s.players[1].hand) == 5
    # Mulligan: starting with the first player (CR4.2 5-2-1-4).
    assert s.step == "mulligan" and s.to_move == 1


def test_mulligan_once_each_first_player_first_then_security_and_memory_zero():
    s = _answer_shuffles(new_game(DcgConfig()))
    s, _ = act(s, "choose_first", winner=0)
    hand0 = s.players[0].hand
    with pytest.raises(IllegalActionError) as e:
        act(s, "keep", player=1)
    assert e.value.clause == "DCG-6-1-1"
    s, _ = act(s, "mulligan")
    assert s.players[0].hand == () and len(s.players[0].deck) == 50
    assert s.chance.kind == "shuffle" and s.chance.player == 0
    s = _answer_shuffles(s, reverse=True)
    assert len(s.players[0].hand) == 5 and s.players[0].hand != hand0
    assert s.players[0].mulliganed
    assert s.to_move == 1
    deck1 = s.players[1].deck
    s, _ = act(s, "keep")
    # Setup done: 5 security each, 40 left in each deck, memory 0, first player's turn 1.
    for p in s.players:
        assert len(p.security) == 5 and len(p.hand) == 5
    assert len(s.players[1].deck) == 40
    # Placed one at a time from the top: the original top card ends at the bottom.
    assert s.players[1].security == tuple(reversed(deck1[:5]))
    assert s.turn == 1 and s.turn_player == 0 and s.memory == 0
    # The first player's first draw is skipped (hand still 5), then the Breeding phase.
    assert s.phase == "breeding" and len(s.players[0].hand) == 5
    with pytest.raises(IllegalActionError) as e:
        act(s, "mulligan")
    assert e.value.clause == "CR4.2 Mulligan"


def test_no_mulligan_reading_skips_the_decision():
    s = _answer_shuffles(new_game(DcgConfig(variants={"DCG-AMB-4": "no-mulligan"})))
    s, _ = act(s, "choose_first", winner=0)
    assert s.step == "breeding" and s.phase == "breeding" and s.turn == 1
    assert all(len(p.security) == 5 for p in s.players)


def test_draw_skip_applies_to_the_real_first_player_seat_1():
    """DCG-6-3-1-1: seat 1 won rock-paper-scissors; seat 1 skips, seat 0 draws."""
    s = _answer_shuffles(new_game(DcgConfig(variants={"DCG-AMB-4": "no-mulligan"})))
    s, events = act(s, "choose_first", winner=1)
    assert s.turn_player == 1 and s.phase == "breeding"
    assert len(s.players[1].hand) == 5
    assert [e.clause for e in events if e.type == "draw_skipped"] == ["DCG-6-3-1-1"]
    s, _ = act(s, "do_nothing")
    s, events = act(s, "pass")
    assert s.turn_player == 0 and s.turn == 2
    assert len(s.players[0].hand) == 6  # seat 0 goes second and draws (DCG-6-3-1)
    assert "draw_skipped" not in [e.type for e in events]
    s, _ = act(s, "do_nothing")
    s, _ = act(s, "pass")
    assert s.turn_player == 1 and len(s.players[1].hand) == 6  # every later draw happens


@pytest.mark.parametrize(
    ("main", "eggs", "path"),
    [
        (("ST1-04",) * 4 + ("ST2-04",) * 4 + ("BT1-090",) * 41, (), "$.decks[0].deck"),
        (load_deck("red-memory").main, ("ST1-01",) * 4 + ("ST2-01",) * 2, "$.decks[0].eggs"),
        (("ST1-04",) * 5 + load_deck("red-memory").main[5:], (), "$.decks[0].deck"),
        (load_deck("red-memory").main, ("ST1-04",), "$.decks[0].eggs"),
    ],
)
def test_deck_construction_is_checked(main, eggs, path):
    """CR4.2 Deck construction: 50 cards, 0-5 Digi-Eggs, at most 4 of a number."""
    deck = DeckList("bad", tuple(main), tuple(eggs))
    with pytest.raises(InvalidInputError) as e:
        new_game(DcgConfig(decks=(deck, "blue-tempo")))
    assert e.value.path == path


def test_an_empty_egg_deck_is_allowed_and_not_shuffled():
    deck = DeckList("no-eggs", load_deck("red-memory").main, ())
    s = new_game(DcgConfig(decks=(deck, "blue-tempo")))
    seen = []
    while s.chance.kind == "shuffle":
        seen.append((s.chance.player, s.chance.deck))
        s, _ = apply(s, Action("shuffle", s.chance.player, deck=s.chance.deck,
                               order=s.chance.cards))
    assert seen == [(0, "deck"), (1, "deck"), (1, "egg_deck")]


def test_unknown_variant_is_refused():
    with pytest.raises(InvalidInputError) as e:
        new_game(DcgConfig(variants={"DCG-AMB-9": "x"}))
    assert e.value.path == "$.variants.DCG-AMB-9"
    with pytest.raises(InvalidInputError):
        new_game(DcgConfig(variants={"DCG-AMB-1": "x"}))

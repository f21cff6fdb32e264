"""The DCG strategies themselves (:mod:`strategies.dcg`): what they generate is legal, they
reject bad arguments, and they shrink where their docstrings say."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis.errors import InvalidArgument

from oracle.dcg import DcgConfig, legal_actions, load_cards, new_game
from oracle.dcg.cards import check_deck
from oracle.driver import OracleDriver
from strategies import dcg as sd
from strategies.profiles import load_profile

load_profile()
QUICK = settings(max_examples=15, suppress_health_check=list(HealthCheck))


@QUICK
@given(sd.deck_lists())
def test_drawn_decks_are_legal(deck: sd.DeckList) -> None:
    check_deck(deck, load_cards())


@QUICK
@given(sd.deck_lists(min_eggs=3, max_eggs=3))
def test_egg_bounds_are_kept(deck: sd.DeckList) -> None:
    assert len(deck.eggs) == 3


def test_decks_shrink_to_the_lowest_ids_without_eggs() -> None:
    deck = find(sd.deck_lists(), lambda d: True)
    assert deck.eggs == ()
    # The supported main-deck cards of dcg-real in sorted order, four each (Gravity Crush
    # BT1-090 once: the official restricted list limits it to 1), to 50.
    lowest = ("BT1-009", "BT1-014", "BT1-020", "BT1-021", "BT1-028", "BT1-038", "BT1-040",
              "BT1-075", "BT1-089", "BT11-049", "BT2-024", "BT2-027")
    assert Counter(deck.main) == {c: 4 for c in lowest} | {"BT1-090": 1, "BT2-089": 1}


@pytest.mark.parametrize(("kwargs"), [{"min_eggs": 4, "max_eggs": 2}, {"max_eggs": 6},
                                      {"min_eggs": -1}])
def test_bad_egg_bounds_are_refused(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidArgument):
        sd.deck_lists(**kwargs).example()


def test_setups_shrink_to_the_shipped_decks_and_default_readings() -> None:
    setup = find(sd.game_setups(), lambda s: True)
    assert [d.name for d in setup.decks] == ["red-memory", "blue-tempo"]
    assert setup.variants == {}


@QUICK
@given(sd.game_setups())
def test_setups_round_trip_and_drive_the_oracle(setup: sd.DcgSetup) -> None:
    assert sd.DcgSetup.from_json(setup.to_json()) == setup
    state = OracleDriver().new_game(setup.to_json())
    assert state["variants"] == dict(sorted(
        {**{a.id: a.default for a in sd.DCG_AMBIGUITIES}, **setup.variants}.items()))


def test_chance_outcomes_need_a_chance_node() -> None:
    from oracle.dcg.selfplay import play

    state = new_game(DcgConfig())
    assert state.chance is not None
    sd.chance_outcomes(state)
    player = next(s.state for s in play(state.game, 0) if s.state.to_move in (0, 1))
    with pytest.raises(InvalidArgument):
        sd.chance_outcomes(player)


@pytest.mark.thorough  # (shrinking quality: README, Tests)
def test_chance_outcomes_and_first_players_shrink() -> None:
    state = new_game(DcgConfig())
    shuffle = find(sd.chance_outcomes(state), lambda a: True)
    assert shuffle.order == state.chance.cards  # shrinks to the sorted order
    playout = find(sd.action_sequences(max_steps=20),
                   lambda p: p.final.to_move in (0, 1))
    with pytest.raises(InvalidArgument):
        sd.chance_outcomes(playout.final)
    assert find(sd.first_players, lambda a: True).winner == 0


@QUICK
@given(sd.action_sequences(max_steps=60))
def test_action_sequences_are_legal_prefixes(playout: sd.Playout) -> None:
    assert len(playout.actions) <= 60
    for state, action in zip(playout.states, playout.actions, strict=False):
        if state.to_move != "chance":
            assert action in legal_actions(state)
    assert sd.replay(playout.game, playout.actions) == list(
        zip(playout.states[1:], playout.events, strict=True))


@settings(max_examples=5, suppress_health_check=list(HealthCheck))
@given(sd.games())
def test_whole_games_end(playout: sd.Playout) -> None:
    """Under every reading, DCG-AMB-3 "turn-player-chooses" included: loops only pointless
    choices keep going (e.g. Drain Testmon X-01 ×2 + Vegiemon BT11-049 on both sides, every
    turn ending before the draw) are CR4.2 "Infinite loops" draws, so games end by themselves."""
    assert playout.finished and not playout.stuck
    assert playout.final.winner is not None or playout.final.reason == "infinite_loop"


def simplest_game() -> list[str]:
    """The game every strategy's shrink target plays: sorted shuffles, player 0 first, and
    the first choice in :data:`strategies.dcg.PREFERENCE` order (what shrinking converges
    to; computed directly, since shrinking a whole game takes minutes)."""
    from oracle.dcg import Action, apply

    state, kinds = new_game(DcgConfig()), []
    while state.to_move is not None:
        if state.to_move == "chance":
            due = state.chance
            action = Action("choose_first", winner=0) if due.kind == "first_player" else \
                Action("shuffle", due.player, deck=due.deck, order=due.cards)
        else:
            action = sorted(legal_actions(state), key=sd._preference)[0]
        state, _ = apply(state, action)
        kinds.append(action.type)
    assert state.reason == "direct_attack"
    return kinds


def test_games_shrink_towards_short_games() -> None:
    kinds = simplest_game()  # ends by a direct attack (asserted inside)
    assert len(kinds) < 60
    assert kinds.count("attack") >= 6


def test_bad_step_bounds_are_refused() -> None:
    from oracle.dcg.selfplay import play_random_game

    with pytest.raises(InvalidArgument):
        sd.action_sequences(max_steps=-1)
    with pytest.raises(InvalidArgument):
        sd.games(max_steps=0)
    with pytest.raises(InvalidArgument):
        sd.next_actions(play_random_game(1)[0])

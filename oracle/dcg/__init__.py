"""The ``dcg`` ruleset: the Digimon Card Game (2020) turn flow, chapter 6, as a pure oracle.

API (the same shape as every ruleset, see ``docs/ARCHITECTURE.md``)::

    state = new_game(DcgConfig())            # waits for chance: the first shuffle
    legal_actions(state) -> tuple[Action, ...]   # sorted; () at chance nodes and game over
    apply(state, action) -> (State, tuple[Event, ...])
    State.to_json() / State.from_json(d, game)   # game: a Game or a DcgConfig
    action_from_json(d) / Action.to_json() / Event.to_json()

No I/O (beyond loading the shipped card data), clock or RNG: every shuffle and the
rock-paper-scissors winner are chance actions supplied from outside (``to_move ==
"chance"``, ``state.chance`` says which). Clauses: ``../shared/rules/CLAUSES.md``
(``DCG-6-…``); rules from other chapters are cited by Comprehensive Rules title.
"""

from __future__ import annotations

from oracle.dcg.cards import Card, CardSet, DeckList, Effect, load_deck, load_test_cards
from oracle.dcg.engine import apply, legal_actions
from oracle.dcg.model import (
    ACTION_TYPES,
    UNSUPPORTED_ACTIONS,
    Action,
    DcgConfig,
    Event,
    Game,
    PlayerState,
    Stack,
    State,
    action_from_json,
    make_game,
)
from oracle.dcg.setup import new_game
from oracle.dcg.variants import AMBIGUITIES, default_variants

RULESET = "dcg"

__all__ = [
    "ACTION_TYPES",
    "AMBIGUITIES",
    "RULESET",
    "UNSUPPORTED_ACTIONS",
    "Action",
    "Card",
    "CardSet",
    "DcgConfig",
    "DeckList",
    "Effect",
    "Event",
    "Game",
    "PlayerState",
    "Stack",
    "State",
    "action_from_json",
    "apply",
    "default_variants",
    "legal_actions",
    "load_deck",
    "load_test_cards",
    "make_game",
    "new_game",
]

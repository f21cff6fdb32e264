"""The ``dcg`` ruleset: the Digimon Card Game (2020) turn flow, chapter 6, as a pure oracle.

API (the same shape as every ruleset, see ``docs/ARCHITECTURE.md``)::

    state = new_game(DcgConfig())            # waits for chance: the first shuffle
    legal_actions(state) -> tuple[Action, ...]   # sorted; () at chance nodes and game over
    apply(state, action) -> (State, tuple[Event, ...])
    State.to_json() / state_from_json(d, game)   # game: a Game or a DcgConfig
    action_from_json(d) / Action.to_json() / Event.to_json()

No I/O (beyond loading the shipped card data), clock or RNG: every shuffle and the
rock-paper-scissors winner are chance actions supplied from outside (``to_move ==
"chance"``, ``state.chance`` says which). Clauses: ``docs/rules/CLAUSES.md``
(``DCG-6-…``); rules from other chapters are cited by Comprehensive Rules title.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from oracle.dcg.cards import (
    Card,
    CardSet,
    DeckConstructionError,
    DeckList,
    Effect,
    card_set_from_json,
    deck_from_json,
    load_cards,
    load_deck,
    load_test_only_cards,
    shipped_card_set,
)
from oracle.dcg.engine import apply, legal_actions
from oracle.dcg.jsonio import state_from_json as _state_from_json
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
from oracle.dcg.restricted import parse_format_date
from oracle.dcg.setup import new_game
from oracle.dcg.variants import AMBIGUITIES, default_variants
from oracle.errors import InvalidInputError, UnsupportedError

RULESET = "dcg"
#: The decks a setup without ``decks`` plays (seat 0, seat 1).
DEFAULT_DECKS = ("red-memory", "blue-tempo")

__all__ = [
    "ACTION_TYPES",
    "AMBIGUITIES",
    "RULESET",
    "UNSUPPORTED_ACTIONS",
    "Action",
    "Card",
    "CardSet",
    "DEFAULT_DECKS",
    "HOME_CLAUSES",
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
    "default_setup",
    "default_variants",
    "game_from_setup",
    "legal_actions",
    "load_cards",
    "load_deck",
    "load_test_only_cards",
    "make_game",
    "new_game",
    "state_from_json",
    "drain_testmon_setup",
    "starter_setup",
]


_CARD_SETS: dict[str, CardSet] = {}


def _card_set(d: Any) -> CardSet:
    """The card set of a setup: the REAL set ``dcg-real`` for None, a shipped set for a
    reference ``{"name": "dcg-real"}`` or ``{"name": "dcg-real+test-only"}`` (as traces
    write it), else ``d`` parsed (cached)."""
    if d is None:
        return load_cards()
    if not isinstance(d, Mapping):
        raise InvalidInputError("$.card_set", "expected a card-set object or null")
    if "cards" not in d and set(d) == {"name"}:
        shipped = shipped_card_set(d["name"]) if isinstance(d["name"], str) else None
        if shipped is None:
            raise InvalidInputError("$.card_set.name",
                                    f"unknown card set {d['name']!r}; embed its cards")
        return shipped
    key = json.dumps(d, sort_keys=True)
    if key not in _CARD_SETS:
        try:
            _CARD_SETS[key] = card_set_from_json(d)
        except InvalidInputError as e:
            raise InvalidInputError("$.card_set" + e.path[1:], e.reason) from None
    return _CARD_SETS[key]


def game_from_setup(setup: Mapping[str, Any]) -> Game:
    """The :class:`Game` of a driver setup (see :mod:`oracle.driver`).

    Shape: ``{"ruleset": "dcg", "decks": [d0, d1], "card_set": <card JSON>?, "variants":
    {"DCG-AMB-1": "main-phase", ...}?}``; each deck is a shipped deck name (``"red-memory"``,
    ``"blue-tempo"``) or a deck object ``{"name", "deck": [{"id", "count"}], "eggs": [...]}``;
    ``decks`` defaults to :data:`DEFAULT_DECKS`, ``card_set`` (a card document ``{"name",
    "cards"}``, or a shipped set by name: ``{"name": "dcg-real"}``, ``{"name":
    "dcg-real+test-only"}``) to the REAL set ``dcg-real``; ``format_date`` (``"YYYY-MM-DD"``,
    optional) picks the official restricted list in force on that date, default the newest
    (:mod:`oracle.dcg.restricted`).

    :raises InvalidInputError: a wrong ruleset (``$.ruleset``), a malformed card set
        or unknown one (``$.card_set…``), an unknown or malformed deck (``$.decks[i]…``) or an
        unknown variant reading (``$.variants.<id>``).
    :raises DeckConstructionError: an illegal deck (clause ``CR4.2 Deck construction``, path
        ``$.decks[i].deck`` / ``.eggs``), also one over the restricted list; refused as
        ``illegal``. A malformed ``format_date`` is invalid (``$.format_date``).
    """
    if not isinstance(setup, Mapping):
        raise InvalidInputError("$", "expected a setup object")
    if setup.get("ruleset", RULESET) != RULESET:
        raise InvalidInputError("$.ruleset", f"expected 'dcg', found {setup.get('ruleset')!r}")
    cards = _card_set(setup.get("card_set"))
    raw = setup.get("decks", DEFAULT_DECKS)
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise InvalidInputError("$.decks", "expected two decks (names or deck objects)")
    decks: list[DeckList] = []
    for i, d in enumerate(raw):
        try:
            if isinstance(d, str):
                decks.append(load_deck(d, cards))
            elif isinstance(d, Mapping):
                decks.append(deck_from_json(d, cards))
            else:
                raise InvalidInputError("$", "expected a deck name or a deck object")
        except InvalidInputError as e:
            path = e.path if e.path.startswith("$.decks[") else f"$.decks[{i}]" + e.path[1:]
            if e.path == "$.decks":
                path = f"$.decks[{i}]"
            if isinstance(e, DeckConstructionError):  # illegal, not malformed: keep the clause
                raise e.moved(path) from None
            raise InvalidInputError(path, e.reason) from None
        except UnsupportedError as e:  # a card the oracle does not implement: name it
            raise UnsupportedError(e.what.replace(" in $.", f" in $.decks[{i}]."), e.reason,
                                   e.clause) from None
    variants = setup.get("variants") or {}
    if not isinstance(variants, Mapping):
        raise InvalidInputError("$.variants", "expected an object")
    date = setup.get("format_date")
    if date is not None:
        parse_format_date(date)
    return make_game(DcgConfig((decks[0], decks[1]), dict(variants), cards, date))


def state_from_json(d: Mapping[str, Any], game: Game | DcgConfig) -> State:
    """Rebuild a state from :meth:`State.to_json` output (the registry's ``state_from_json``);
    ``game`` is a :class:`Game` or a :class:`DcgConfig`; the readings in ``d["variants"]``
    win over the game's.

    :raises InvalidInputError: with the JSON path of the first malformed value.
    """
    if isinstance(game, DcgConfig):
        game = make_game(game)
    return _state_from_json(d, game)



#: Action type → the clause that governs when it may be taken (the clause of a refusal for an
#: action the current phase and step do not allow); the action types chapter 6 names that
#: this ruleset does not support carry their own clause.
HOME_CLAUSES: dict[str, str] = {
    "hatch": "DCG-6-4-1-1", "move": "DCG-6-4-1-2", "do_nothing": "DCG-6-4-1-3",
    "play": "DCG-6-5-1-1", "digivolve": "DCG-6-5-1-2", "use_option": "DCG-6-5-1-3",
    "attack": "DCG-6-5-1-5", "activate": "DCG-6-5-1-6", "pass": "DCG-6-5-1-7",
    "resolve": "DCG-6-1-3", **UNSUPPORTED_ACTIONS,
}


def default_setup() -> dict[str, Any]:
    """The JSON setup of the shipped default game: :data:`DEFAULT_DECKS` (seat 0 first) on
    the shipped REAL card set ``dcg-real`` (by name), default readings."""
    return {"ruleset": RULESET, "card_set": {"name": load_cards().name},
            "decks": list(DEFAULT_DECKS), "variants": {}}


#: The ST-1 and ST-2 decks (``oracle/data/dcg/decks/st1-starter.json``, ``st2-starter.json``):
#: every card of the two starter sets.
STARTER_DECKS = ("st1-starter", "st2-starter")


def starter_setup() -> dict[str, Any]:
    """The JSON setup of the ST-1 deck (seat 0) against the ST-2 deck (seat 1) on the shipped
    REAL card set ``dcg-real``, default readings (the named setup ``starters``)."""
    return {"ruleset": RULESET, "card_set": {"name": load_cards().name},
            "decks": list(STARTER_DECKS), "variants": {}}


def drain_testmon_setup() -> dict[str, Any]:
    """The JSON setup of the shipped real decks, each with four cards of one number
    (red-memory's Monodramon BT1-009, blue-tempo's Gomamon ST2-02) replaced by four of the
    INVENTED test-only Drain Testmon X-01 ("[Start of Your Turn] Lose 2 memory"), on the card
    set ``dcg-real+test-only``. No real card loses memory at the start of a turn, so only such
    decks let random games reach an end of turn before the unsuspend (DCG-6-2-1-2) and its
    postponement (DCG-6-6-4, DCG-AMB-1). The decks are written out as deck objects."""
    from oracle.dcg.trace import deck_to_json

    decks = []
    for name, replaced in (("red-memory", "BT1-009"), ("blue-tempo", "ST2-02")):
        deck = deck_to_json(load_deck(name))
        deck["name"] = f"{name}-with-drain-testmon"
        deck["deck"] = [{**e, "id": "X-01"} if e["id"] == replaced else e for e in deck["deck"]]
        decks.append(deck)
    return {"ruleset": RULESET, "card_set": {"name": "dcg-real+test-only"}, "decks": decks,
            "variants": {}}

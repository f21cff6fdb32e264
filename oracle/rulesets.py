"""Registry of the rulesets the oracle knows, each behind the same small interface.

A ruleset entry offers ``new_game(game)``, ``legal_actions(state)``, ``apply(state, action)``,
``action_from_json(d)``, ``state_from_json(d, game)`` and ``game_from_setup(setup)`` (a setup
is the JSON object described in :mod:`oracle.driver`), plus the facts a referee needs about
its actions: ``home_clauses`` (action type → the clause that governs when it may be taken;
the clause of a refusal for an action the current step does not allow),
``default_setup()`` (the JSON setup of the shipped default game), ``named_setups`` (other
shipped setups by name, e.g. the DCG decks with an invented test-only card) and
``setup_clauses`` (the deck-construction clauses, under which a refused setup is filed).

The registry imports each ruleset package when first asked for it; no ruleset imports the
registry or the driver (one way: :mod:`oracle.driver` → here → ``oracle.digibattle`` /
``oracle.dcg``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from oracle.errors import InvalidInputError


@dataclass(frozen=True)
class Ruleset:
    """The functions and facts one ruleset provides."""

    name: str
    new_game: Callable[[Any], Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    action_from_json: Callable[[Any], Any]
    state_from_json: Callable[[Mapping[str, Any], Any], Any]
    game_from_setup: Callable[[Mapping[str, Any]], Any]
    home_clauses: Mapping[str, str]
    default_setup: Callable[[], dict[str, Any]]
    named_setups: Mapping[str, Callable[[], dict[str, Any]]] = field(default_factory=dict)
    setup_clauses: tuple[str, ...] = ()
    """The deck-construction clauses a setup's decks must keep, first the one a refused
    setup is filed under when its refusal names no clause of the ruleset."""


def _digibattle() -> Ruleset:
    from oracle import digibattle as db

    return Ruleset(
        "digibattle", db.new_game, db.legal_actions, db.apply, db.action_from_json,
        db.State.from_json, db.game_from_setup, dict(db.HOME_CLAUSES), db.default_setup,
        setup_clauses=("DB-A.0", "DB-A.5"),  # 30 cards (DB-A.0), no duplicates (DB-A.5)
    )


def _dcg() -> Ruleset:
    from oracle import dcg
    from oracle.dcg.cards import DECK_CONSTRUCTION

    return Ruleset(
        "dcg", dcg.new_game, dcg.legal_actions, dcg.apply, dcg.action_from_json,
        dcg.state_from_json, dcg.game_from_setup, dict(dcg.HOME_CLAUSES), dcg.default_setup,
        {"test-only": dcg.drain_testmon_setup, "starters": dcg.starter_setup},
        setup_clauses=(DECK_CONSTRUCTION,),  # CR4.2 "Deck construction"
    )


_FACTORIES: dict[str, Callable[[], Ruleset]] = {"digibattle": _digibattle, "dcg": _dcg}
_PACKAGES: dict[str, str] = {"digibattle": "oracle.digibattle", "dcg": "oracle.dcg"}
"""Each ruleset's package (the one its factory imports)."""
_CACHE: dict[str, Ruleset] = {}
NAMES: tuple[str, ...] = tuple(_FACTORIES)


def present(name: str) -> bool:
    """Whether the package of the ruleset ``name`` is installed, found without importing it
    (:func:`importlib.util.find_spec`): a ruleset is loaded only when a game asks for it."""
    from importlib.util import find_spec

    package = _PACKAGES.get(name)
    if package is None:
        return False
    if name in _CACHE:
        return True
    try:
        return find_spec(package) is not None
    except (ImportError, ValueError):
        return False


def get(name: str) -> Ruleset:
    """The ruleset called ``name``.

    :raises InvalidInputError: unknown ruleset (path ``$.ruleset``).
    """
    if name not in _CACHE:
        factory = _FACTORIES.get(name)
        if factory is None:
            raise InvalidInputError("$.ruleset", f"unknown ruleset {name!r}; known: {NAMES}")
        _CACHE[name] = factory()
    return _CACHE[name]


def ruleset_of(state: Any) -> str:
    """The name of the ruleset a state object belongs to."""
    mod = type(state).__module__
    return "digibattle" if mod.startswith("oracle.digibattle") else "dcg"


@contextmanager
def dcg_timings_read_for(read_for: str) -> Iterator[None]:
    """Within it, the DCG oracle triggers each timing's effects (CR4.2 Triggered effects;
    DCG-6-2-1-1 [Start of Your Turn], [Start of Your Main Phase], [End of Your Turn]) as if
    the timing named another player's turn: ``both`` players' cards, not only the turn
    player's (the turn player's effects queued first, as simultaneous triggers are,
    15-4-3-5), or the ``other`` player's cards instead. A counterfactual for the verifier
    (an engine that triggers an effect at a time its timing does not name), never a rule of
    the game; single-threaded use only."""
    from oracle.dcg import turn

    original = turn.trigger

    def mistimed(w: Any, player: int, timing: str) -> None:
        if read_for == "both":
            original(w, player, timing)
        original(w, 1 - player, timing)

    turn.trigger = mistimed
    try:
        yield
    finally:
        turn.trigger = original

"""Registry of the rulesets the oracle knows, each behind the same small interface.

A ruleset entry offers ``new_game(game)``, ``legal_actions(state)``, ``apply(state, action)``,
``action_from_json(d)``, ``state_from_json(d, game)`` and ``game_from_setup(setup)`` (a setup
is the JSON object described in :mod:`oracle.driver`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from oracle.errors import InvalidInputError


@dataclass(frozen=True)
class Ruleset:
    """The functions one ruleset provides."""

    name: str
    new_game: Callable[[Any], Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    action_from_json: Callable[[Any], Any]
    state_from_json: Callable[[Mapping[str, Any], Any], Any]
    game_from_setup: Callable[[Mapping[str, Any]], Any]


def _digibattle() -> Ruleset:
    from oracle import digibattle as db
    from oracle.driver import OracleDriver

    return Ruleset(
        "digibattle", db.new_game, db.legal_actions, db.apply, db.action_from_json,
        db.State.from_json, OracleDriver()._game,
    )


def _dcg() -> Ruleset:
    from oracle import dcg  # type: ignore[attr-defined]

    return dcg.RULESET_ENTRY  # type: ignore[no-any-return]


_FACTORIES: dict[str, Callable[[], Ruleset]] = {"digibattle": _digibattle, "dcg": _dcg}
_CACHE: dict[str, Ruleset] = {}
NAMES: tuple[str, ...] = tuple(_FACTORIES)


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

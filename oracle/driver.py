"""The driver: the one small interface through which scenarios, property tests and the
verifier drive "the game under test".

Everything crosses it as JSON (the forms in ``schemas/``), so the same feature file runs
against the bundled oracle (:class:`OracleDriver`) or against another implementation over the
harness protocol (a protocol driver implementing :class:`Driver`).

Shapes:

- ``setup``: ``{"ruleset": "digibattle", "card_set": <card-set JSON>, "decks": [[30 serials],
  [30 serials]], "target": 1000, "variants": {"DB-AMB-6": "final", ...}}``, or for the Digimon
  Card Game ``{"ruleset": "dcg", "decks": ["red-memory", "blue-tempo"] (shipped names or deck
  objects), "card_set": <DCG card JSON>?, "variants": {"DCG-AMB-1": "same-phase", ...}?}``
  (:func:`oracle.dcg.game_from_setup`).
- ``state``: a ``state.schema.json`` document.
- ``action``: an ``action.schema.json`` document.
- :class:`Outcome`: the state after an action and its events, or a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from oracle import rulesets
from oracle.errors import IllegalActionError, InvalidInputError, OracleError, UnsupportedError
from oracle.inputs import canonical_json


@dataclass(frozen=True)
class Refusal:
    """Why an action was not applied.

    :param kind: ``"illegal"`` (a rule forbids it; ``clause`` names the rule), ``"invalid"``
        (malformed; ``path`` names the field) or ``"unsupported"``.
    """

    kind: str
    reason: str
    clause: str | None = None
    path: str | None = None
    clauses: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "reason", "clause", "clauses", "path"}`` (unset fields omitted;
        ``clauses``, every clause the action breaks with ``clause`` first, only when there is
        more than one)."""
        d: dict[str, Any] = {"kind": self.kind, "reason": self.reason}
        if self.clause:
            d["clause"] = self.clause
        if len(self.clauses) > 1:
            d["clauses"] = list(self.clauses)
        if self.path:
            d["path"] = self.path
        return d

    @property
    def broken(self) -> tuple[str, ...]:
        """Every clause the refusal names (``clause`` and ``clauses``)."""
        out = [self.clause] if self.clause else []
        out += [c for c in self.clauses if c not in out]
        return tuple(out)

    @classmethod
    def from_error(cls, e: OracleError) -> Refusal:
        """The refusal that corresponds to an oracle error."""
        if isinstance(e, IllegalActionError):
            return cls("illegal", e.reason, clause=e.clause)
        if isinstance(e, UnsupportedError):
            return cls("unsupported", e.reason, clause=e.clause)
        if isinstance(e, InvalidInputError):
            return cls("invalid", e.reason, path=e.path)
        return cls("invalid", str(e))


@dataclass(frozen=True)
class Outcome:
    """The answer to one action: ``state`` and ``events`` after it, or ``refusal``."""

    state: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    refusal: Refusal | None = None

    @property
    def refused(self) -> bool:
        """True when the action was refused."""
        return self.refusal is not None


class Driver(Protocol):
    """What the scenarios and the verifier need from a game under test."""

    name: str

    def new_game(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        """Start a game from ``setup``; returns the initial state JSON.

        :raises OracleError: (or a driver-specific error) when the setup is refused.
        """
        ...

    def load_state(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
        """Start from an arbitrary ``state`` (optional capability; may raise
        ``UnsupportedError``). Returns the state as the implementation sees it."""
        ...

    def apply(self, action: Mapping[str, Any]) -> Outcome:
        """Apply one action (a chance outcome included) to the current game."""
        ...

    def legal_actions(self) -> list[Mapping[str, Any]] | None:
        """The legal actions now, or None when the implementation cannot list them."""
        ...

    def close(self) -> None:
        """Release resources (end a subprocess)."""
        ...


_MODULE_OF: dict[type, Any] = {}
"""State class -> its ruleset (:func:`oracle.rulesets.get`), looked up once per class."""

_GAMES: dict[bytes, Any] = {}
"""Canonical setup JSON -> its game (:meth:`OracleDriver._game`), at most ``_GAMES_LIMIT``."""
_GAMES_LIMIT = 64


def _setup_key(setup: Mapping[str, Any]) -> bytes:
    """``setup`` as canonical JSON (keys sorted; no NaN or infinity, which JSON lacks:
    :func:`oracle.inputs.canonical_json`).

    :raises TypeError: a value JSON cannot hold. :raises ValueError: NaN or an infinity.
    """
    return canonical_json(setup)


@dataclass
class OracleDriver:
    """The bundled oracle behind the :class:`Driver` interface."""

    name: str = "digiconform-oracle"
    _state: Any = field(default=None, repr=False)

    def _game(self, setup: Mapping[str, Any]) -> Any:
        """The ruleset's game of ``setup``, built once per setup (games are immutable
        values; a random-game run starts hundreds of games from a handful of setups)."""
        try:
            key: bytes | None = _setup_key(setup)
        except (TypeError, ValueError):  # (not JSON: the ruleset says what is wrong)
            key = None
        game = _GAMES.get(key) if key is not None else None
        if game is None:
            game = rulesets.get(setup.get("ruleset", "digibattle")).game_from_setup(setup)
            if key is not None:
                if len(_GAMES) >= _GAMES_LIMIT:
                    _GAMES.clear()
                _GAMES[key] = game
        return game

    def _module(self) -> Any:
        state = self._state
        if state is None:
            raise InvalidInputError("$", "no game: start one with new_game first")
        mod = _MODULE_OF.get(type(state))
        if mod is None:
            mod = _MODULE_OF[type(state)] = rulesets.get(rulesets.ruleset_of(state))
        return mod

    def new_game(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        """See :meth:`Driver.new_game`."""
        game = self._game(setup)
        self._state = rulesets.get(setup.get("ruleset", "digibattle")).new_game(game)
        return self._state.to_json()

    def load_state(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
        """See :meth:`Driver.load_state`."""
        game = self._game(setup)
        self._state = rulesets.get(setup.get("ruleset", "digibattle")).state_from_json(
            state, game)
        return self._state.to_json()

    def apply(self, action: Mapping[str, Any], parsed: Any = None) -> Outcome:
        """See :meth:`Driver.apply`.

        :param parsed: the ruleset's action object whose JSON form ``action`` is, when the
            caller has it (it is not parsed again).
        """
        out = self.step(action, parsed)
        if type(out) is Refusal:
            return Outcome(refusal=out)
        nxt, events = out  # type: ignore[misc]
        return Outcome(state=nxt.to_json(), events=tuple([ev.to_json() for ev in events]))

    def step(self, action: Mapping[str, Any], parsed: Any = None
             ) -> tuple[Any, tuple[Any, ...]] | Refusal:
        """:meth:`apply` with the new state and its events as the ruleset's own objects
        (their JSON forms not built), or the refusal."""
        mod = self._module()
        try:
            act = mod.action_from_json(action) if parsed is None else parsed
            nxt, events = mod.apply(self._state, act)
        except IllegalActionError as e:
            r = Refusal.from_error(e)
            also = broken_clauses(mod, self._state, act, e)
            return Refusal(r.kind, r.reason, r.clause, r.path, also)
        except OracleError as e:
            return Refusal.from_error(e)
        self._state = nxt
        return nxt, events

    def legal_actions(self) -> list[Mapping[str, Any]] | None:
        """See :meth:`Driver.legal_actions`."""
        return [a.to_json() for a in self.legal_objects()]

    def legal_objects(self) -> tuple[Any, ...]:
        """The legal actions now as the ruleset's own action objects (canonical order)."""
        return self._module().legal_actions(self._state)  # type: ignore[no-any-return]

    @property
    def state(self) -> Any:
        """The current oracle state object (oracle driver only)."""
        return self._state

    def rewind(self, state: Any) -> None:
        """Make ``state``, a state object this driver's game passed through (states are
        immutable values), the current one again (oracle driver only)."""
        self._state = state

    def close(self) -> None:
        """Nothing to release."""


def broken_clauses(mod: Any, state: Any, action: Any, error: IllegalActionError
                   ) -> tuple[str, ...]:
    """Every clause ``action`` breaks in ``state``, the one ``error`` names first.

    An action is checked against the rules in some order, and the first rule it breaks is
    the refusal's ``clause``; an engine may check in another order and name another rule the
    action breaks just as well. Besides ``error.clause``:

    - the clauses the rule code knows are broken too (``error.also``; e.g. a Digi-Battle
      player who passed and plays again also plays out of turn, DB-C.3 and DB-C.1);
    - an action by a player who is not to move also breaks whatever rule it would break if
      it were that player's move (the same action checked with ``to_move`` set to its
      player: the clauses of that refusal, if any).

    :param mod: the ruleset's functions (:func:`oracle.rulesets.get`).
    :returns: the clauses, ``error.clause`` first, without repeats.
    """
    import dataclasses

    out = [error.clause] + [c for c in error.also if c != error.clause]
    p = getattr(action, "player", None)
    to_move = getattr(state, "to_move", None)
    if isinstance(p, int) and isinstance(to_move, int) and p != to_move:
        try:
            alt = (state._replace(to_move=p) if hasattr(state, "_replace")
                   else dataclasses.replace(state, to_move=p))
            mod.apply(alt, action)
        except IllegalActionError as e:
            out += [c for c in (e.clause, *e.also) if c and c not in out]
        except Exception:  # noqa: BLE001 - a position the rules never reach: no more clauses
            pass
    return tuple(out)


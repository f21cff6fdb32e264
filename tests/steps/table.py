"""The game under test as the steps see it: a :class:`~oracle.driver.Driver` plus bookkeeping.

The ``Given`` steps describe a :class:`~.positions.Position` (or a new game's decks); the first
step that needs the game starts it — ``driver.load_state(setup, state)`` for a position,
``driver.new_game(setup)`` for a new game — and from then on every action goes through
``driver.apply``. Everything crosses the driver as JSON, so the same steps run against the
oracle or against another implementation.

A refused action is kept as :attr:`Table.refusal` until a ``Then the action is refused ...``
step looks at it; any other step that touches the game first fails with the refusal, so an
unexpected refusal is never silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.driver import Driver, Outcome, Refusal

from .expect import Expect
from .positions import Position, PositionError
from .vocab import CardRef


class Table:
    """One scenario's game: see the module docstring."""

    def __init__(self, driver: Driver, expect: Expect) -> None:
        self.driver = driver
        self.expect = expect
        self.position = Position()
        self.new_game_mode = False
        self.started = False
        self._state: Mapping[str, Any] | None = None
        self.refusal: Refusal | None = None
        self.refused_action: Mapping[str, Any] | None = None
        self.events: list[Mapping[str, Any]] = []
        self.start_scores: tuple[int, int] = (0, 0)
        self.start_state: Mapping[str, Any] | None = None
        self.actions: list[Mapping[str, Any]] = []
        self.shuffles: dict[int, list[str]] = {}  # the last shuffle order supplied, by player
        self.history: list[tuple[int, str]] = []  # (duel, phase) of every state seen

    # -- cards ----------------------------------------------------------------------------------

    def serial(self, ref: CardRef) -> str:
        """The serial of a card named in a step, checked against the card set: a step that
        names "Greymon ST-03" is a typo in the feature file and fails at once."""
        card = self.position.cards().get(ref.serial)
        if card is None:
            raise PositionError(f"{ref}: no card {ref.serial} in the card set")
        if card["name"] != ref.name:
            raise PositionError(f"{ref}: {ref.serial} is {card['name']}, not {ref.name}")
        return ref.serial

    def serials(self, refs: tuple[CardRef, ...] | list[CardRef]) -> list[str]:
        """:meth:`serial` of each card."""
        return [self.serial(r) for r in refs]

    def card(self, serial: str) -> Mapping[str, Any]:
        """A card's JSON object."""
        return self.position.cards()[serial]

    # -- starting -------------------------------------------------------------------------------

    def _check_not_started(self) -> None:
        if self.started:
            raise PositionError("a Given step describes the position after the game started; "
                                "put all Given steps before the first When step")

    @property
    def pos(self) -> Position:
        """The position being described (only before the game starts)."""
        self._check_not_started()
        return self.position

    def start(self) -> None:
        """Start the game (once): a new game or the described position."""
        if self.started:
            return
        self.started = True
        setup = self.position.setup()
        try:
            if self.new_game_mode:
                state = self.driver.new_game(setup)
            else:
                state = self.driver.load_state(setup, self.position.state())
        except Exception as e:  # the driver refused the set-up
            clause = getattr(e, "clause", None)
            reason = getattr(e, "reason", None) or str(e)
            self.refusal = Refusal("illegal" if clause else "invalid", reason, clause=clause,
                                   path=getattr(e, "path", None))
            self.refused_action = {"type": "set-up"}
            return
        self._state = state
        self.start_state = state
        self.history.append((state["duel"], state["phase"]))
        self.start_scores = (state["players"][0]["score"], state["players"][1]["score"])

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, action: Mapping[str, Any]) -> Outcome:
        """Apply one action through the driver; a refusal is kept for the next step."""
        self.start()
        self._no_pending_refusal()
        outcome = self.driver.apply(action)
        self.actions.append(action)
        if outcome.refused:
            self.refusal = outcome.refusal
            self.refused_action = action
        else:
            assert outcome.state is not None
            self._state = outcome.state
            self.events.extend(outcome.events)
            self.history.append((outcome.state["duel"], outcome.state["phase"]))
        return outcome

    def _no_pending_refusal(self) -> None:
        __tracebackhide__ = True
        if self.refusal is not None:
            r = self.refusal
            why = f"{r.clause}: {r.reason}" if r.clause else r.reason
            self.expect.fail(f"the previous action {dict(self.refused_action or {})} was "
                             f"refused ({why})")

    def take_refusal(self) -> Refusal | None:
        """The pending refusal (cleared), or None."""
        self.start()
        r, self.refusal = self.refusal, None
        return r

    @property
    def state(self) -> Mapping[str, Any]:
        """The current state JSON (starts the game if needed)."""
        __tracebackhide__ = True
        self.start()
        self._no_pending_refusal()
        assert self._state is not None
        return self._state

    def player(self, p: int) -> Mapping[str, Any]:
        """Player ``p``'s part of the current state."""
        return self.state["players"][p]

    def legal_actions(self) -> list[Mapping[str, Any]] | None:
        """The driver's legal actions now (None when it cannot list them)."""
        self.start()
        self._no_pending_refusal()
        return self.driver.legal_actions()

    def finish(self) -> None:
        """At the end of the scenario: a refusal nobody looked at is a failure."""
        __tracebackhide__ = True
        if self.started:
            self._no_pending_refusal()

"""The game under test as the steps see it: a :class:`~oracle.driver.Driver` plus bookkeeping.

The ``Given`` steps describe a :class:`~.positions.Position` (or a new game's decks); the first
step that needs the game starts it — ``driver.new_game(setup)`` for a new game; for a position,
``driver.new_game`` with the set-up :func:`.plays.plan` computes and then the prelude of actions
that reaches the position by legal play (recorded as ``"prelude": true`` steps); only a position
a step says no legal game reaches is loaded with ``driver.load_state`` — and from then on every
action goes through ``driver.apply``. Everything crosses the driver as JSON, so the same steps
run against the oracle or against another implementation.

A refused action is kept as :attr:`Table.refusal` until a ``Then the action is refused ...``
step looks at it; any other step that touches the game first fails with the refusal, so an
unexpected refusal is never silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.driver import Driver, Outcome, Refusal

from . import plays
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
        """Start the game (once): a new game, or the described position reached by play
        (:func:`.plays.plan`: ``new_game`` and the prelude, all through the driver, then a
        check of every fact the sketch states), or — for a position a ``Given`` step says no
        legal game reaches, or one the planner does not reach — ``load_state``, the reason
        going into the vector as ``needs_load_state``.

        A game under test that ends the prelude elsewhere fails the scenario with the
        unreached fact.
        """
        if self.started:
            return
        self.started = True
        setup = None
        if not (self.new_game_mode or self.position.load_state_reason):
            try:
                plan = plays.plan(self.position)
            except plays.PlanError as e:
                # Not reached by the planner: loaded directly, and the vector says why.
                self.position.load_state_reason = f"{plays.NOT_REACHED} - {e}"
            except plays.SetupRefused as e:  # a scenario about a refused set-up
                self.new_game_mode, setup = True, e.setup
            else:
                state = self._play_prelude(plan)
        if self.new_game_mode or self.position.load_state_reason:
            setup = setup or self.position.setup()
            if self.position.load_state_reason and hasattr(self.driver, "needs_load_state"):
                self.driver.needs_load_state = self.position.load_state_reason
            try:
                if self.new_game_mode:
                    state = self.driver.new_game(setup)
                else:
                    state = self.driver.load_state(setup, self.position.state())
            except Exception as e:  # the driver refused the set-up
                clause = getattr(e, "clause", None)
                reason = getattr(e, "reason", None) or str(e)
                self.refusal = Refusal("illegal" if clause else "invalid", reason,
                                       clause=clause, path=getattr(e, "path", None))
                self.refused_action = {"type": "set-up"}
                return
        self._state = state
        self.start_state = state
        self.history.append((state["duel"], state["phase"]))
        self.start_scores = (state["players"][0]["score"], state["players"][1]["score"])

    def _play_prelude(self, plan: plays.Plan) -> Mapping[str, Any]:
        __tracebackhide__ = True
        recording = hasattr(self.driver, "prelude")
        if recording:
            self.driver.prelude = True
        try:
            state = self.driver.new_game(plan.setup)
            for i, action in enumerate(plan.actions):
                out = self.driver.apply(action)
                if out.refused:
                    r = out.refusal
                    assert r is not None
                    self.expect.fail(f"while reaching the described position: prelude action "
                                     f"{i + 1} {action} was refused ({r.clause}: {r.reason})")
                assert out.state is not None
                state = out.state
        finally:
            if recording:
                self.driver.prelude = False
        problems = plays.unreached(self.position, state)
        if problems:
            self.expect.fail("the prelude did not reach the described position: "
                             + "; ".join(problems))
        return state

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

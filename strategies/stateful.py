"""A ``RuleBasedStateMachine`` that plays random Digi-Battle games and checks the rules.

Each run starts a game from a drawn :class:`~strategies.digibattle.GameSetup` (card set,
decks, target, variant readings); every step draws the next action (a chance outcome, or an
index into ``legal_actions``) and applies it. After every step it checks the rule invariants
(:mod:`strategies.invariants`), schema validity and JSON round trips; when a game ends (and at
teardown) it replays the game from ``new_game`` to check determinism and validates the game's
trace. A game that ends is followed by a new one in the same run.

On failure Hypothesis prints the steps, a ``@reproduce_failure`` blob (``print_blob``) and a
note with the setup and the actions as JSON, which ``replay_failure`` below (or any engine)
can replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from hypothesis.strategies import SearchStrategy

from oracle.digibattle import (
    Action,
    Event,
    State,
    action_from_json,
    apply,
    legal_actions,
    new_game,
)
from oracle.errors import OracleError
from oracle.selfplay import Step
from strategies.digibattle import (
    GameSetup,
    bundled_card_sets,
    game_setups,
    next_actions,
    playable_card_sets,
    replay,
)
from strategies.invariants import (
    InvariantViolation,
    Referee,
    check_json,
    check_state,
    schema_available,
    validate_cached,
)
from strategies.profiles import current_profile

_GENERATED_SETS = playable_card_sets()


def _in_game(machine: DigiBattleMachine) -> bool:
    return machine.state is not None and not machine.state.is_terminal()


def _game_over(machine: DigiBattleMachine) -> bool:
    return machine.state is not None and machine.state.is_terminal()


class DigiBattleMachine(RuleBasedStateMachine):
    """Plays random Digi-Battle games, checking every rule invariant after each step."""

    setups: ClassVar[SearchStrategy[GameSetup]] = game_setups(
        sets=st.sampled_from((False, False, False, True)).flatmap(
            lambda generated: _GENERATED_SETS if generated else bundled_card_sets))
    """Where games come from: the shipped card set (3 in 4 games, and what a counterexample
    shrinks to) or a generated card pool."""

    check_schemas: ClassVar[bool] = True
    """Validate every state, action and event (when the schemas exist) and round-trip them."""

    check_traces: ClassVar[bool] = True
    """Validate each finished game's trace against ``trace.schema.json``."""

    check_every_legal_action: ClassVar[bool] = current_profile() == "thorough"
    """Also apply every listed legal action of each state (each must be accepted): slow, so
    only under the ``thorough`` profile."""

    last_run: ClassVar[dict[str, Any]] = {}
    """Statistics of the most recent run (after a failure: of the shrunk counterexample)."""

    def __init__(self) -> None:
        super().__init__()
        self.setup: GameSetup | None = None
        self.state: State | None = None
        self.initial: State | None = None
        self.steps: list[Step] = []
        self.referee: Referee | None = None
        self.actions = 0
        self.failed = False
        self.checked: State | None = None  # the last state check_state passed

    # -- rules ------------------------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """Start the first game."""
        self._new_game(data.draw(self.setups, label="setup"))

    @precondition(_in_game)
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """Apply the next action: a legal player's choice or a chance outcome."""
        assert self.state is not None
        if self.state.chance is None and not legal_actions(self.state):
            with self._explained():
                raise InvariantViolation(
                    "DB-B.6", f"player {self.state.to_move} is to move but has no legal action "
                              f"({self.state.phase}/{self.state.step})")
        if self.check_every_legal_action and self.state.chance is None:
            with self._explained():
                self._apply_each_legal_action()
        action = data.draw(next_actions(self.state), label="action")
        with self._explained():
            self._apply(action)

    @precondition(_game_over)
    @rule()
    def game_over(self) -> None:
        """Nothing is left to do: one game per run keeps counterexamples short."""

    @invariant()
    def rules_hold(self) -> None:
        """Every state keeps the single-state invariants (see ``check_state``)."""
        if self.state is not None and self.state is not self.checked:
            with self._explained():
                check_state(self.state, moves=False)  # ``step`` checks that a move exists
            self.checked = self.state

    def teardown(self) -> None:
        """Check determinism and the trace of the game in progress; record statistics."""
        type(self).last_run = {"actions": self.actions, "finished": _game_over(self),
                               "target": self.setup.target if self.setup else None}
        if self.state is not None and not self.failed:
            with self._explained():
                self._finish_game()

    # -- helpers ------------------------------------------------------------------------------

    def _new_game(self, setup: GameSetup) -> None:
        self.setup = setup
        game = setup.game()
        self.state = self.initial = new_game(game)
        self.steps = []
        self.referee = Referee(game)
        if self.check_schemas:
            with self._explained():
                check_json(self.state)

    def _apply(self, action: Action) -> None:
        assert self.state is not None and self.referee is not None
        pre = self.state
        post, events = apply(pre, action)
        self.steps.append(Step(action, post, events))
        self.state = post
        self.actions += 1
        self.referee.check_step(pre, action, post, events)
        if self.check_schemas:
            check_json(post, action, events)

    def _apply_each_legal_action(self) -> None:
        """Every action ``legal_actions`` lists is accepted by ``apply``."""
        assert self.state is not None
        for action in legal_actions(self.state):
            try:
                apply(self.state, action)
            except OracleError as e:
                raise InvariantViolation(
                    getattr(e, "clause", None) or "legal_actions",
                    f"legal_actions lists {action.to_json()} but apply refuses it: {e}",
                ) from e

    def _finish_game(self) -> None:
        """Determinism: replaying the same actions from ``new_game`` (with a new ``Game``
        built from the same setup) gives identical states and events. Then the trace."""
        assert self.setup is not None and self.initial is not None
        again = replay(self.setup.game(), [s.action for s in self.steps])
        for i, (step, (state, events)) in enumerate(zip(self.steps, again, strict=True)):
            if state._replace(game=None) != step.state._replace(game=None) or \
                    [e.to_json() for e in events] != [e.to_json() for e in step.events]:
                raise InvariantViolation(
                    "determinism", f"replaying the game gives a different state or events "
                                   f"after step {i} ({step.action.to_json()})")
        if self.check_traces and schema_available("trace") and self.steps:
            from oracle.trace import build_trace

            trace = build_trace(self.setup.game(), self.initial, self.steps)
            if self.check_schemas:
                # Every state, action and event was validated already: keep the last steps.
                trace["steps"] = trace["steps"][-3:]
            validate_cached(trace, "trace")

    def replay_json(self) -> dict[str, Any]:
        """The current game's setup and actions as JSON (see :func:`replay_failure`)."""
        return {"setup": self.setup.to_json() if self.setup else None,
                "actions": [s.action.to_json() for s in self.steps]}

    @contextmanager
    def _explained(self) -> Iterator[None]:
        """On failure, note the setup and actions as JSON so the failure can be replayed."""
        try:
            yield
        except Exception:
            self.failed = True
            note("Replay (setup and actions as JSON): "
                 + json.dumps(self.replay_json(), separators=(",", ":")))
            raise


def replay_failure(doc: dict[str, Any]) -> tuple[State, list[tuple[State, tuple[Event, ...]]]]:
    """Replay a noted failure (``{"setup": ..., "actions": [...]}``) and return the initial
    state and each state with its events, checking the invariants on the way.

    :raises InvariantViolation: where the replayed game breaks a rule.
    """
    from oracle.cards import card_set_from_json, default_card_set
    from oracle.digibattle import Game

    s = doc["setup"]
    cs = default_card_set() if set(s["card_set"]) == {"id"} else card_set_from_json(s["card_set"])
    game = Game(cs, (tuple(s["decks"][0]), tuple(s["decks"][1])), s["target"], s["variants"])
    referee = Referee(game)
    state = initial = new_game(game)
    out = []
    for a in doc["actions"]:
        action = action_from_json(a)
        post, events = apply(state, action)
        referee.check_step(state, action, post, events)
        check_state(post)
        out.append((post, events))
        state = post
    return initial, out

"""Seeded random self-play for the ``dcg`` ruleset (outside the rules: uses ``random``).

One ``random.Random(seed)`` drives both the players' choices and the chance outcomes, so a
seed fixes the whole game. The policy attacks often and passes sometimes, so random games
end (by a direct attack or a deck-out) well inside the step limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from oracle.dcg.engine import apply, legal_actions
from oracle.dcg.model import Action, DcgConfig, Event, Game, State
from oracle.dcg.setup import new_game

__all__ = [
    "MAX_STEPS",
    "Step",
    "StepLimitExceeded",
    "chance_action",
    "play",
    "play_random_game",
    "random_action",
]

#: A game longer than this is treated as non-termination.
MAX_STEPS = 5000


class StepLimitExceeded(RuntimeError):
    """A random game ran past the step limit (a non-termination bug)."""


def chance_action(state: State, rng: random.Random) -> Action:
    """A random outcome for the chance node of ``state``."""
    due = state.chance
    assert due is not None
    if due.kind == "first_player":
        return Action("choose_first", winner=rng.randrange(2))
    order = list(due.cards)
    rng.shuffle(order)
    return Action("shuffle", due.player, deck=due.deck, order=tuple(order))


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action: attacks are likely, passes rarer, anything else uniform."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    attacks = [a for a in actions if a.type == "attack"]
    if attacks and rng.random() < 0.7:
        return rng.choice(attacks)
    others = [a for a in actions if a.type not in ("attack", "pass")]
    if not others or rng.random() < 0.2:
        passes = [a for a in actions if a.type == "pass"]
        if passes:
            return passes[0]
    return rng.choice(others or list(actions))


class Step(NamedTuple):
    """One self-play step: the action, the state after it and its events (the shape
    :func:`oracle.trace.build_trace` and the play log read)."""

    action: Action
    state: State
    events: tuple[Event, ...]


def play(game: Game | DcgConfig, seed: int, max_steps: int = MAX_STEPS) -> Iterator[Step]:
    """Yield the steps of the seeded random game of ``game`` (the same moves as
    :func:`play_random_game` for the same seed and config).

    :raises StepLimitExceeded: if the game is not over after ``max_steps`` actions.
    """
    rng = random.Random(seed)
    state = new_game(game)
    n = 0
    while state.to_move is not None:
        if n >= max_steps:
            raise StepLimitExceeded(f"seed {seed}: no result after {max_steps} steps")
        if state.to_move == "chance":
            action = chance_action(state, rng)
        else:
            action = random_action(state, rng)
        state, events = apply(state, action)
        n += 1
        yield Step(action, state, events)


def play_random_game(
    seed: int, config: DcgConfig | None = None, max_steps: int = MAX_STEPS
) -> tuple[State, list[tuple[Action, tuple[Event, ...]]]]:
    """Play one seeded random game; return the final state and the (action, events) log.

    :raises StepLimitExceeded: if the game is not over after ``max_steps`` actions.
    """
    rng = random.Random(seed)
    state = new_game(config or DcgConfig())
    log: list[tuple[Action, tuple[Event, ...]]] = []
    while state.to_move is not None:
        if len(log) >= max_steps:
            raise StepLimitExceeded(f"seed {seed}: no result after {max_steps} steps")
        if state.to_move == "chance":
            action = chance_action(state, rng)
        else:
            action = random_action(state, rng)
        state, events = apply(state, action)
        log.append((action, events))
    return state, log

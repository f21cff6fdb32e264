"""Seeded random self-play for the ``dcg`` ruleset (outside the rules: uses ``random``).

One ``random.Random(seed)`` drives both the players' choices and the chance outcomes, so a
seed fixes the whole game. The policy attacks often and passes sometimes, so random games
end (by a direct attack or a deck-out) well inside the step limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from oracle.dcg.engine import apply, legal_actions
from oracle.dcg.model import Action, DcgConfig, Event, Game, State
from oracle.dcg.setup import new_game

__all__ = [
    "MAX_STEPS",
    "Step",
    "StepLimitExceeded",
    "chance_action",
    "choice",
    "play",
    "play_random_game",
    "random_action",
    "shuffle",
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
    shuffle(order, rng)
    return Action("shuffle", due.player, deck=due.deck, order=tuple(order))


def shuffle(order: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(order)``: for a plain ``random.Random`` written out here (CPython's
    Fisher-Yates ``shuffle`` over ``_randbelow_with_getrandbits``: the same order and the
    same random numbers drawn, checked by ``tests/dcg/test_random_games.py``), so a shuffle
    takes no Python call per card; any other generator shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(order)
        return
    getrandbits = rng.getrandbits
    steps = _SWAPS.get(len(order))
    if steps is None:
        steps = _SWAPS[len(order)] = _swaps(len(order))
    for i, k in steps:  # (pick one of order[:i + 1] to exchange with order[i])
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]


def _swaps(size: int) -> tuple[tuple[int, int], ...]:
    """The steps of :func:`shuffle` for ``size`` cards: ``(i, k)`` for i from ``size - 1``
    down to 1, ``k`` the bits drawn to pick one of ``i + 1`` cards."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


#: :func:`_swaps` by size, made once per size.
_SWAPS: dict[int, tuple[tuple[int, int], ...]] = {}


_type = itemgetter(0)
"""An action's ``type``, its first field (``Action`` is a ``NamedTuple``): read by index, not
by attribute, which is several times the cost per action (``attrgetter`` goes through the
field's descriptor)."""


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action: attacks are likely, passes rarer, anything else uniform.

    (``legal_actions`` lists the actions sorted by type first, so the attacks and the passes
    are each one run of the list: they are counted and cut out by slicing, without a Python
    step per action; the same lists, in the same order, as picking them out one by one.)
    """
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    types = list(map(_type, actions))
    attacks = types.count("attack")
    if attacks and rng.random() < 0.7:
        first = types.index("attack")
        return choice(actions[first:first + attacks], rng)
    passes = types.count("pass")
    others = actions  # (all but the attacks and the passes; "attack" sorts before "pass")
    if passes:
        first = types.index("pass")
        others = others[:first] + others[first + passes:]
    if attacks:
        first = types.index("attack")
        others = others[:first] + others[first + attacks:]
    if (not others or rng.random() < 0.2) and passes:
        return actions[types.index("pass")]  # (the first pass)
    return choice(others or actions, rng)


def choice(seq: Sequence[Any], rng: random.Random) -> Any:
    """``rng.choice(seq)`` of a non-empty ``seq``: for a plain ``random.Random`` written out
    here like :func:`shuffle` (``seq[_randbelow_with_getrandbits(len(seq))]``)."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


_new = tuple.__new__


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
        yield _new(Step, (action, state, events))  # (Step(action, state, events), no call)


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

"""Seeded self-play outside the rules: random legal players and chance pickers.

The rules never draw random numbers; this module does, from ``random.Random(seed)``, so a seed
names one whole game. It picks chance outcomes (coin toss winner, shuffle orders) and a
uniformly random legal action for each player, with a bias that keeps games moving (discards
and passes are taken less often than plays).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from oracle.digibattle import Action, Event, Game, State, apply, legal_actions, new_game


class Step(NamedTuple):
    """One step of a game: the action taken, the state after it and its events."""

    action: Action
    state: State
    events: tuple[Event, ...]


_new = tuple.__new__  # builds a Step from its three values, skipping argument parsing


# The draws below are those of ``random.Random.choice`` and ``shuffle`` (CPython 3.11: an
# index below n is ``getrandbits(n.bit_length())``, drawn again while it is >= n), made
# without their method calls: a speed-up only, the same numbers from the same generator
# (tests/test_state_hashes.py pins the games). Only for a plain ``random.Random``: any other
# generator draws through its own ``choice`` and ``shuffle``, as before.


def chance_outcome(state: State, rng: random.Random) -> Action:
    """A random outcome for the chance node ``state.chance``."""
    due = state.chance
    assert due is not None
    if due[0] == "coin_toss":
        return Action("coin_toss", winner=rng.randrange(2))
    x = list(due[2])
    if type(rng) is not random.Random:  # (any other generator shuffles itself)
        rng.shuffle(x)
        return Action("shuffle", due[1], order=tuple(x))
    getrandbits = rng.getrandbits  # rng.shuffle(x), drawing the same numbers:
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return Action("shuffle", due[1], order=tuple(x))


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action for the player to move (biased: see the module docstring)."""
    acts = legal_actions(state)
    if state.step == "discard":
        # Discard now and then; usually draw.
        if rng.random() < 0.6:
            return acts[-1]
    elif len(acts) > 1 and acts[-1].type in ("pass", "ready") and rng.random() < 0.7:
        acts = acts[:-1]
    if type(rng) is not random.Random:  # (any other generator chooses itself)
        return rng.choice(acts)
    # rng.choice(acts), drawing the same numbers:
    n = len(acts)
    if not n:  # (no legal action: at a chance node or at game over)
        raise IndexError("Cannot choose from an empty sequence")
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return acts[r]


def play(game: Game, seed: int, max_steps: int = 100_000) -> Iterator[Step]:
    """Play one game with random players, yielding each step.

    :param game: card set, decks, target and variants.
    :param seed: names the game: the same seed gives the same game.
    :param max_steps: a guard against a game that never ends.
    :raises RuntimeError: the game did not end within ``max_steps``.
    """
    rng = random.Random(seed)
    state = new_game(game)
    for _ in range(max_steps):
        if state.phase == "game_over":  # (state.is_terminal(), without the call)
            return
        action = chance_outcome(state, rng) if state.to_move == "chance" else \
            random_action(state, rng)
        state, events = apply(state, action)
        yield _new(Step, (action, state, events))
    raise RuntimeError(f"game with seed {seed} did not end within {max_steps} steps")


def play_to_end(game: Game, seed: int) -> tuple[State, list[Step]]:
    """Play a whole game; returns the final state and every step."""
    steps = list(play(game, seed))
    final = steps[-1].state if steps else new_game(game)
    return final, steps

"""Digi-Battle perft: how many legal action sequences of each length start at a position.

As in chess engines' perft, the count at depth N is the number of distinct sequences of N
actions playable from the position; ``divide`` splits the count at the deepest depth by first
action, so two engines that disagree can find the move where their legal sets part. Chance
is *pinned*: at a chance node the only child is the pinned outcome (the coin toss is won by
player 0; a shuffle leaves the cards in the sorted order ``state.chance`` lists), and it
counts as one ply. A finished game has no children.

Named starting positions (:data:`POSITIONS`) are reached from a new game with the bundled
card set and the two Starter decks by the pinned chance outcomes and the listed choices.

The known counts are regression vectors (``vectors/digibattle/perft/*.vector.json``):
computed once with the oracle by :func:`perft_vector` and committed as data; the tests check
that the oracle still produces them. They are not independent evidence that the oracle is
right, only that it has not changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.digibattle import Action, Game, State, apply, legal_actions, new_game


def pinned_outcome(state: State) -> Action:
    """The pinned outcome of the chance node ``state``: player 0 wins the coin toss; a
    shuffle keeps the sorted order."""
    due = state.chance
    assert due is not None
    if due[0] == "coin_toss":
        return Action("coin_toss", winner=0)
    return Action("shuffle", due[1], order=tuple(due[2]))


def children(state: State) -> list[Action]:
    """The actions counted below ``state``: its legal actions, or the pinned outcome."""
    if state.is_terminal():
        return []
    if state.to_move == "chance":
        return [pinned_outcome(state)]
    return list(legal_actions(state))


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    acts = children(state)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(state, a)[0], depth - 1) for a in acts)


def divide(state: State, depth: int) -> dict[str, int]:
    """``perft(child, depth - 1)`` for each first action (keyed by its canonical JSON)."""
    from digiconform.verifier.compare import canonical_action

    return {canonical_action(a.to_json()): perft(apply(state, a)[0], depth - 1)
            for a in children(state)}


@dataclass(frozen=True)
class Position:
    """A named starting position: a target score and how to get there from a new game.

    :param choose: picks the action at each player node on the way (chance is pinned).
    :param stop: the position is reached when this holds.
    """

    name: str
    description: str
    target: int
    stop: Callable[[State], bool]
    choose: Callable[[State, Sequence[Action]], Action]
    depths: int


def _first(state: State, acts: Sequence[Action]) -> Action:
    return acts[0]


def _ready_or_pass(state: State, acts: Sequence[Action]) -> Action:
    for a in acts:
        if a.type in ("ready", "pass", "draw"):
            return a
    return acts[0]


POSITIONS: tuple[Position, ...] = (
    Position("new-game", "A new game: seat 0 chooses a Rookie (DB-A.1).", 1000,
             lambda s: True, _first, 9),
    Position("first-preparation", "After set-up: seat 0 prepares a Digivolve (DB-B.0).", 1000,
             lambda s: s.phase == "digivolve" and s.step == "prepare", _first, 8),
    Position("first-battle", "Nothing prepared, coin toss won by seat 0: the first Battle "
             "(DB-C.1).", 1000, lambda s: s.phase == "battle", _ready_or_pass, 6),
    Position("first-regroup", "Both passed in the first Battle: Regroup (DB-D.1).", 1000,
             lambda s: s.phase == "regroup", _ready_or_pass, 4),
)
BY_NAME: Mapping[str, Position] = {p.name: p for p in POSITIONS}


def position(name: str, game: Game | None = None) -> tuple[State, list[Action], Game]:
    """The named position: ``(state, actions from the new game, game)``.

    :raises KeyError: unknown name.
    """
    pos = BY_NAME[name]
    game = game or Game.default(target=pos.target)
    state = new_game(game)
    path: list[Action] = []
    for _ in range(200):
        if pos.stop(state):
            break
        a = pinned_outcome(state) if state.to_move == "chance" else \
            pos.choose(state, legal_actions(state))
        path.append(a)
        state = apply(state, a)[0]
    else:  # pragma: no cover - every named position is reached quickly
        raise RuntimeError(f"position {name!r} not reached")
    return state, path, game


def perft_vector(name: str, depth: int | None = None) -> dict[str, Any]:
    """The perft vector of position ``name`` (counts for depths 1..``depth`` and the divide
    at ``depth``), computed with the oracle."""
    from digiconform.verifier.differential import base_setup

    pos = BY_NAME[name]
    depth = depth or pos.depths
    state, path, game = position(name)
    return {
        "format": "digiconform-vector/1", "kind": "perft", "id": f"perft/{name}",
        "ruleset": "digibattle", "clauses": [], "tags": ["perft"],
        "note": ("Regression vector: computed once with the digiconform oracle and committed "
                 "as data; the tests check that the oracle still produces these counts. "
                 + pos.description),
        "setup": base_setup(game.target),
        "actions": [a.to_json() for a in path],
        "chance": "pinned",
        "counts": {str(d): perft(state, d) for d in range(1, depth + 1)},
        "divide": divide(state, depth), "divide_depth": depth,
    }


def write_vectors(out_dir: Any = None) -> list[str]:
    """(Re)compute every named position's perft vector into ``out_dir`` (default: the source
    tree's ``vectors/digibattle/perft``). Returns the files written."""
    from pathlib import Path

    from digiconform.vectors import file_name, vectors_dir, write_index, write_vector

    out = Path(out_dir) if out_dir else vectors_dir() / "digibattle" / "perft"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for pos in POSITIONS:
        doc = perft_vector(pos.name)
        path = out / file_name(doc["id"])
        write_vector(path, doc)
        written.append(str(path))
    if not out_dir:
        write_index()  # (the shipped vectors' index, digiconform/vectors.py)
    return written


def check_vector(doc: Mapping[str, Any]) -> str | None:
    """Recompute a perft vector with the oracle; why it differs, or None when it matches."""
    from digiconform.vectors import resolve_setup
    from oracle.driver import OracleDriver

    o = OracleDriver()
    o.new_game(resolve_setup(doc["setup"]))
    for a in doc["actions"]:
        out = o.apply(a)
        if out.refusal is not None:
            return f"the path to the position is refused: {out.refusal.reason}"
    state = o.state
    for d, n in sorted(doc["counts"].items(), key=lambda kv: int(kv[0])):
        got = perft(state, int(d))
        if got != n:
            return f"depth {d}: the oracle counts {got}, the vector says {n}"
    if "divide" in doc:
        got_div = divide(state, int(doc["divide_depth"]))
        if got_div != doc["divide"]:
            diff = sorted(k for k in set(got_div) | set(doc["divide"])
                          if got_div.get(k) != doc["divide"].get(k))
            return f"divide at depth {doc['divide_depth']} differs for {diff[:3]}"
    return None

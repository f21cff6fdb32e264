"""Perft: the committed counts (regression vectors) still hold, and the counting is sound."""

from __future__ import annotations

import pytest

from digiconform.perft import POSITIONS, check_vector, children, divide, perft, position
from digiconform.vectors import load_vectors

PERFT = load_vectors(kind="perft")


def test_every_named_position_has_a_vector() -> None:
    assert {v["id"] for v in PERFT} == {f"perft/{p.name}" for p in POSITIONS}


@pytest.mark.parametrize("vector", PERFT, ids=lambda v: v["id"])
def test_oracle_still_produces_the_recorded_counts(vector: dict) -> None:
    assert "Regression vector" in vector["note"]
    assert check_vector(vector) is None


@pytest.mark.parametrize("name", [p.name for p in POSITIONS])
def test_divide_sums_to_the_count_and_counts_grow_from_one(name: str) -> None:
    state, path, _game = position(name)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(children(state))
    split = divide(state, 3)
    assert sum(split.values()) == perft(state, 3)
    assert len(split) == len(children(state))


def test_chance_is_pinned_to_one_outcome() -> None:
    state, _path, _game = position("new-game")
    # After both Rookies are chosen a shuffle is due: exactly one (pinned) child.
    s = state
    from oracle.digibattle import apply

    for _ in range(2):
        s = apply(s, children(s)[0])[0]
    assert s.to_move == "chance"
    assert len(children(s)) == 1
    assert list(children(s)[0].order) == list(s.chance[2])

"""``apply`` hands its working copy on to the next ``apply`` to the state it returned
(``work.work_for``): the games are the same as with a new copy every step, and applying to
any earlier state, or to the same state twice, gives what a new copy gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from oracle.dcg import DcgConfig, engine, make_game, work
from oracle.dcg.selfplay import play

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "state_hashes.py"
_spec = importlib.util.spec_from_file_location("state_hashes", _TOOL)
assert _spec and _spec.loader
state_hashes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(state_hashes)


@pytest.mark.parametrize(("setup", "readings"), [(None, "default"), ("test-only", "second")])
def test_handed_on_copies_play_the_same_games_as_new_ones(
        setup: str | None, readings: str, monkeypatch: pytest.MonkeyPatch) -> None:
    handed_on = state_hashes.state_hash(20, "dcg", setup, readings)
    monkeypatch.setattr(engine, "work_for", work.Work)
    assert state_hashes.state_hash(20, "dcg", setup, readings) == handed_on


def test_applying_again_to_a_state_gives_the_same_result() -> None:
    steps = list(play(make_game(DcgConfig()), 7))
    state = steps[0].state
    for step in steps[1:]:
        first = engine.apply(state, step.action)  # (takes over the copy that made ``state``)
        again = engine.apply(state, step.action)  # (a new copy: the one offered is first's)
        assert first == again == (step.state, step.events)
        assert first[0].to_json() == again[0].to_json() == step.state.to_json()
        state = again[0]

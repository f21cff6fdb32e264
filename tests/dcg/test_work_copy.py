"""The DCG working copy copies a player's [Once Per Turn] keys only when they are first
read (``oracle.dcg.work.WPlayer``; the card zones, the breeding area and the battle area are
the frozen player's values, replaced by the rules, stacks included): the seeded games are the
same as with the keys copied at once. A rule that assigned the keys it had not read would
lose the assignment under the lazy copy, and these games would differ.

``apply`` hands its working copy on to the next ``apply`` to the state it returned
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
def test_lazy_player_copies_play_the_same_games_as_eager_ones(
        setup: str | None, readings: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lazy = state_hashes.state_hash(20, "dcg", setup, readings)
    original = work.Work.__init__

    def eager(self: work.Work, s: object) -> None:
        original(self, s)  # type: ignore[arg-type]
        for player in self.players:
            player._thaw()

    renew = work.Work._renew

    def eager_renew(self: work.Work, s: object) -> None:
        renew(self, s)  # type: ignore[arg-type]
        for player in self.players:
            player._thaw()

    monkeypatch.setattr(work.Work, "__init__", eager)
    monkeypatch.setattr(work.Work, "_renew", eager_renew)
    assert state_hashes.state_hash(20, "dcg", setup, readings) == lazy


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

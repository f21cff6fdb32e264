"""The DCG working copy copies a player's zones only when they are first read
(``oracle.dcg.work.WPlayer``): the seeded games are the same as with every zone copied at
once. A rule that assigned a zone it had not read (``setattr(player, "deck", ...)``) would
lose the assignment under the lazy copy, and these games would differ."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from oracle.dcg import work

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

    monkeypatch.setattr(work.Work, "__init__", eager)
    assert state_hashes.state_hash(20, "dcg", setup, readings) == lazy

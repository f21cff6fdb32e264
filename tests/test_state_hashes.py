"""The oracles' seeded self-play is unchanged by speed-ups (``tools/state_hashes.py``).

The digests were recorded before the speed-ups of issue 14 (Digi-Battle: 1,000 games
``1b892957…``, 141,877 steps; DCG: 1,000 games ``a441b6be…``, 55,614 steps, on the invented
test cards). Issue 12 moved the DCG default game to real cards: re-recorded from main's own code
at 859827b (1,000 games ``3895725c…``, 49,709 steps; identical on this branch). A rule change
that alters the seeded games must re-record them here, saying why in the commit.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_TOOL = Path(__file__).resolve().parents[1] / "tools" / "state_hashes.py"
_spec = importlib.util.spec_from_file_location("state_hashes", _TOOL)
assert _spec and _spec.loader
state_hashes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(state_hashes)

#: ruleset → (games, steps, sha256) of the first games of the default set-up.
RECORDED = {
    "digibattle": (40, 5645, "093d25749dbbb13365806dae4aad3697f57240eecf660748b725227233defb6e"),
    "dcg": (40, 1948, "9b9bb3852f44f20e922152bed97a21895d8b5867b641feca85a3ac4226ff7b44"),
}


@pytest.mark.parametrize("ruleset", sorted(RECORDED))
def test_seeded_games_are_unchanged(ruleset: str) -> None:
    games, steps, digest = RECORDED[ruleset]
    assert state_hashes.state_hash(games, ruleset) == (digest, steps)

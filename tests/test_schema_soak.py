"""Every state of 1,000 seeded random Digi-Battle games validates against the state schema.

Too slow for ``dev`` and ``ci``: ``python tools/validate_random_games.py --games 1000
--jobs 2`` (2026-11-29, 2 shared cores under load) validated 72,309 states, 0 invalid, in
847.5 s of validation (11.7 ms a state; ~3-5 ms on an idle core) and 456.6 s of wall time.
So the full soak runs under ``HYPOTHESIS_PROFILE=thorough``; the ``dev`` and ``ci`` profiles
play the first 4 games of the same recipe (and ``tests/test_schemas.py`` validates every state
of 8 such games on every run).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

from strategies.profiles import current_profile

TOOL = Path(__file__).resolve().parent.parent / "tools" / "validate_random_games.py"


def load_tool() -> ModuleType:
    """``tools/validate_random_games.py`` as a module (``tools`` is not a package)."""
    spec = importlib.util.spec_from_file_location("validate_random_games", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Games of the soak: 1,000 under the ``thorough`` profile (~8 min on 2 cores), else 4.
GAMES = 1000 if current_profile() == "thorough" else 4


def test_every_state_of_the_soak_games_validates() -> None:
    jobs = min(2, os.cpu_count() or 1) if GAMES > 100 else 1
    summary = load_tool().validate_games(GAMES, jobs=jobs)
    assert summary["games"] == GAMES and summary["states"] > 20 * GAMES
    assert summary["invalid_states"] == 0, summary["first_errors"]


def test_the_soak_uses_the_recipe_of_the_schema_tests() -> None:
    """The tool's games are the ones ``tests/test_schemas.py`` plays (same seeds, same setup)."""
    tool = load_tool()
    import test_schemas

    for seed in (0, 1, 4, 5):
        game, _initial, _steps = test_schemas.random_game(seed)
        mine = tool.game_of(seed)
        assert (mine.target, dict(mine.variants)) == (game.target, dict(game.variants))
        assert mine.max_duels == (game.max_duels or tool.STALL_LIMIT)

"""Validate every state of many seeded random Digi-Battle games against ``state.schema.json``.

    python tools/validate_random_games.py --games 1000 --jobs 2

Game ``seed`` (0 … N-1) is played by ``oracle.selfplay.play`` with the recipe of
``tests/test_schemas.py::random_game``: target 200, 500 or 1000 (``seed % 3``), the default
readings for seed 0 and a random reading of every Digi-Battle ambiguity otherwise, and a
4-Duel limit when ``seed % 4 == 0``; other seeds get a 100-Duel limit (``GAME_MAX_DUELS`` of
``strategies.digibattle``), where the test has none: its 8 seeds all end, but some games of
1,000 stall under DB-AMB-3 ``just-sent`` and never would (seed 587). Every state, the
initial one included, is validated with ``oracle.validation`` (the cached ``state``
validator). Prints one JSON summary: games, states, invalid states (with the first errors),
how the games ended, seconds of wall time and of validation.

Too slow for CI (about 10 ms per state with ``jsonschema``; ~150,000 states): it is the
measurement behind ``tests/test_schema_soak.py``, which runs it under the ``thorough``
Hypothesis profile only.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle import variants  # noqa: E402
from oracle.digibattle import Game, new_game  # noqa: E402
from oracle.selfplay import play  # noqa: E402
from oracle.validation import errors, validator  # noqa: E402
from strategies.digibattle import GAME_MAX_DUELS as STALL_LIMIT  # noqa: E402


def game_of(seed: int) -> Game:
    """The game of ``seed`` (the recipe of ``tests/test_schemas.py::random_game``)."""
    choice: dict[str, str] = {}
    if seed:
        rng = random.Random(seed)
        choice = {a.id: rng.choice(a.reading_names())
                  for a in variants.REGISTRY if a.ruleset == "digibattle"}
    return Game.default(target=(200, 500, 1000)[seed % 3], variants=choice,
                        max_duels=STALL_LIMIT if seed % 4 else 4)


def check_game(seed: int) -> dict[str, Any]:
    """Play game ``seed`` and validate each of its states; returns counts and first errors."""
    game = game_of(seed)
    docs = [new_game(game).to_json(), *(step.state.to_json() for step in play(game, seed))]
    state_validator = validator("state")
    start = time.perf_counter()
    bad = [i for i, doc in enumerate(docs) if not state_validator.is_valid(doc)]
    seconds = time.perf_counter() - start
    first = [{"seed": seed, "state": i,
              "errors": [f"{p}: {m}" for p, m in errors(docs[i], "state")]} for i in bad[:3]]
    return {"seed": seed, "states": len(docs), "invalid": len(bad), "first": first,
            "validation_seconds": seconds, "end": docs[-1]["end_reason"]}


def validate_games(games: int, jobs: int = 1) -> dict[str, Any]:
    """Validate every state of games 0 … ``games`` - 1, in ``jobs`` processes."""
    start = time.perf_counter()
    seeds = range(games)
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(check_game, seeds, chunksize=8)
    else:
        results = [check_game(s) for s in seeds]
    return {
        "games": len(results),
        "states": sum(r["states"] for r in results),
        "invalid_states": sum(r["invalid"] for r in results),
        "games_with_invalid_states": sum(1 for r in results if r["invalid"]),
        "ends": {e: sum(1 for r in results if r["end"] == e)
                 for e in sorted({str(r["end"]) for r in results})},
        "first_errors": [e for r in results for e in r["first"]][:10],
        "validation_seconds": round(sum(r["validation_seconds"] for r in results), 1),
        "wall_seconds": round(time.perf_counter() - start, 1),
        "jobs": jobs,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    summary = validate_games(args.games, args.jobs)
    summary["ms_per_state"] = round(1000 * summary["validation_seconds"]
                                    / max(1, summary["states"]), 2)
    print(json.dumps(summary, indent=2))
    return 1 if summary["invalid_states"] else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Measure the games that ``strategies.digibattle.games()`` draws: how long, how they end.

    python tools/measure_game_lengths.py --examples 1500 --seed 1
    python tools/measure_game_lengths.py --examples 1500 --seed 1 --max-duels 0   # no limit

Draws ``--examples`` games with Hypothesis (generate phase only, no database; ``--seed``
fixes the run) and prints how many ended at the target, at the Duel limit, or not at all
(step budget), whether the unfinished and Duel-limited ones were :func:`stalled
<strategies.digibattle.stalled>`, the DB-AMB-3 reading they were played under, and the
distribution of steps and Duels. This is the measurement behind ``GAME_MAX_DUELS`` and
``GAME_MAX_STEPS`` in ``strategies/digibattle.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from strategies import digibattle as sd  # noqa: E402


def percentiles(values: list[int]) -> dict[str, int]:
    """Max, median, 99th and 99.9th percentile (nearest rank) of ``values`` (empty: {})."""
    if not values:
        return {}
    v = sorted(values)

    def at(q: float) -> int:
        return v[min(len(v) - 1, int(q * len(v)))]

    return {"max": v[-1], "p50": at(0.5), "p99": at(0.99), "p999": at(0.999)}


def last_score_change(playout: sd.Playout) -> int:
    """The Duel in which a score last changed (0: never)."""
    duel, prev = 0, (0, 0)
    for s in playout.states:
        scores = (s.players[0].score, s.players[1].score)
        if scores != prev:
            duel, prev = s.duel, scores
    return duel


def measure(examples: int, seed_value: int, max_steps: int,
            max_duels: int | None) -> dict[str, Any]:
    """Draw ``examples`` games and summarise them (see the module docstring)."""
    rows: list[dict[str, Any]] = []

    @seed(seed_value)
    @settings(max_examples=examples, database=None, phases=(Phase.generate,), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(sd.games(max_steps=max_steps, max_duels=max_duels))
    def collect(playout: sd.Playout) -> None:
        final = playout.final
        rows.append({
            "end": final.end_reason if playout.finished else "unfinished",
            "steps": len(playout.actions), "duels": final.duel,
            "target": playout.game.target, "amb3": playout.game.variants["DB-AMB-3"],
            "stalled": sd.stalled(final), "last_score_change": last_score_change(playout),
        })

    start = time.perf_counter()
    collect()
    seconds = time.perf_counter() - start
    by_end = Counter(r["end"] for r in rows)
    at_target = [r for r in rows if r["end"] == "target"]
    other = [r for r in rows if r["end"] != "target"]
    return {
        "examples": len(rows), "seed": seed_value, "max_steps": max_steps,
        "max_duels": max_duels, "seconds": round(seconds, 1), "ends": dict(by_end),
        "not_at_target": {
            "stalled": sum(r["stalled"] for r in other),
            "amb3": dict(Counter(r["amb3"] for r in other)),
            "last_score_change_duel": percentiles([r["last_score_change"] for r in other]),
            "steps": percentiles([r["steps"] for r in other]),
        },
        "at_target": {
            "steps": percentiles([r["steps"] for r in at_target]),
            "duels": percentiles([r["duels"] for r in at_target]),
            "duels_by_amb3": {a: percentiles([r["duels"] for r in at_target if r["amb3"] == a])
                              for a in sorted({r["amb3"] for r in at_target})},
        },
        "all_steps": percentiles([r["steps"] for r in rows]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=sd.GAME_MAX_STEPS)
    parser.add_argument("--max-duels", type=int, default=sd.GAME_MAX_DUELS,
                        help="Duel limit given to each game (0: none)")
    args = parser.parse_args(argv)
    summary = measure(args.examples, args.seed, args.max_steps, args.max_duels or None)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

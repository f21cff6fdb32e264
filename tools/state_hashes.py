"""Hash every step of seeded self-play games: a behaviour fingerprint of an oracle.

For each seed ``0 .. games-1`` the tool plays the seeded random game of the ruleset's default
set-up (the games ``digiconform bench`` plays) and feeds into one SHA-256, step by step, the
JSON forms of the action, the events, the state after it and the legal actions there. Two
oracles with the same digest played the same 1,000 games move for move, state for state.

Run it before and after a speed-up and compare the digests::

    python tools/state_hashes.py --games 1000               # Digi-Battle
    python tools/state_hashes.py --games 1000 --ruleset dcg

``tests/test_state_hashes.py`` checks a smaller number of games against recorded digests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def state_hash(games: int, ruleset: str = "digibattle") -> tuple[str, int]:
    """The SHA-256 hex digest of ``games`` seeded games, and how many steps they took."""
    h = hashlib.sha256()
    steps = 0
    if ruleset == "dcg":
        from oracle.dcg import DcgConfig, legal_actions, make_game
        from oracle.dcg.selfplay import play

        game: Any = make_game(DcgConfig())
    else:
        from oracle.cards import default_card_set, default_decks
        from oracle.digibattle import Game, legal_actions  # type: ignore[assignment]
        from oracle.selfplay import play  # type: ignore[assignment]

        decks = default_decks()
        game = Game(default_card_set(), (decks[0].cards, decks[1].cards))
    for seed in range(games):
        h.update(b"seed %d\n" % seed)
        for step in play(game, seed):
            steps += 1
            h.update(_dumps(step.action.to_json()))
            h.update(_dumps([e.to_json() for e in step.events]))
            h.update(_dumps(step.state.to_json()))
            h.update(_dumps([a.to_json() for a in legal_actions(step.state)]))
    return h.hexdigest(), steps


def main(argv: list[str] | None = None) -> int:
    """Print the digest of the seeded games (``--games``, ``--ruleset``)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--ruleset", choices=("digibattle", "dcg"), default="digibattle")
    args = ap.parse_args(argv)
    digest, steps = state_hash(args.games, args.ruleset)
    print(f"{args.ruleset}: {args.games} games, {steps} steps, sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

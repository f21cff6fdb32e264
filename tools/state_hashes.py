"""Hash every step of seeded self-play games: a behaviour fingerprint of an oracle.

For each seed ``0 .. games-1`` the tool plays the seeded random game of the ruleset's default
set-up (the games ``digiconform bench`` plays) and feeds into one SHA-256, step by step, the
JSON forms of the action, the events, the state after it and the legal actions there. Two
oracles with the same digest played the same 1,000 games move for move, state for state.

Run it before and after a speed-up and compare the digests::

    python tools/state_hashes.py --games 1000               # Digi-Battle
    python tools/state_hashes.py --games 1000 --ruleset dcg
    python tools/state_hashes.py --games 1000 --ruleset dcg --setup test-only --readings second
    python tools/state_hashes.py --games 1000 --ruleset dcg --setup starters   # ST-1 v ST-2

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


def _game(ruleset: str, setup: str | None, readings: str) -> Any:
    """The game of ``ruleset``'s default set-up (or its named set-up ``setup``), every
    ambiguity at its default reading or (``readings="second"``) at its second one."""
    from oracle import rulesets
    from oracle import variants as registry

    if setup is None and readings == "default":  # (the games recorded first, built as then)
        if ruleset == "dcg":
            from oracle.dcg import DcgConfig, make_game

            return make_game(DcgConfig())
        from oracle.cards import default_card_set, default_decks
        from oracle.digibattle import Game

        decks = default_decks()
        return Game(default_card_set(), (decks[0].cards, decks[1].cards))
    rs = rulesets.get(ruleset)
    doc = rs.named_setups[setup]() if setup else rs.default_setup()
    if readings == "second":
        doc["variants"] = {a.id: a.reading_names()[1] for a in registry.REGISTRY
                           if a.ruleset == ruleset}
    return rs.game_from_setup(doc)


def state_hash(games: int, ruleset: str = "digibattle", setup: str | None = None,
               readings: str = "default") -> tuple[str, int]:
    """The SHA-256 hex digest of ``games`` seeded games, and how many steps they took.

    :param setup: a named set-up of the ruleset (``oracle.rulesets``; ``dcg``:
        ``test-only``, ``starters``) instead of the default one.
    :param readings: ``default`` or ``second`` (every ambiguity of the ruleset at the
        first reading after its default).
    """
    h = hashlib.sha256()
    steps = 0
    if ruleset == "dcg":
        from oracle.dcg import legal_actions
        from oracle.dcg.selfplay import play
    else:
        from oracle.digibattle import legal_actions  # type: ignore[assignment]
        from oracle.selfplay import play  # type: ignore[assignment]

    game = _game(ruleset, setup, readings)
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
    ap.add_argument("--setup",
                    help="a named set-up of the ruleset (dcg: test-only, starters)")
    ap.add_argument("--readings", choices=("default", "second"), default="default",
                    help="every ambiguity at its default or at its second reading")
    args = ap.parse_args(argv)
    digest, steps = state_hash(args.games, args.ruleset, args.setup, args.readings)
    what = " ".join(x for x in (args.setup, "" if args.readings == "default" else
                                f"{args.readings} readings") if x)
    print(f"{args.ruleset}{' ' + what if what else ''}: {args.games} games, {steps} steps, "
          f"sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

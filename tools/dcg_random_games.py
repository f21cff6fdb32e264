#!/usr/bin/env python3
"""Play many seeded random DCG games on the shipped real decks and check every step.

    python tools/dcg_random_games.py --games 1000 --jobs 2
    python tools/dcg_random_games.py --games 1000 --variants alternatives
    python tools/dcg_random_games.py --games 1000 --decks st1-starter,st2-starter

Game ``seed`` (0 … N-1) is ``oracle.dcg.selfplay.play_random_game(seed, config)``: red-memory
(seat 0) against blue-tempo (seat 1), both REAL decks of ``oracle/data/dcg/decks``, or the
two shipped decks ``--decks`` names (``st1-starter,st2-starter``: the ST-1 and ST-2 decks,
every card of the two starter sets), with the default readings (``--variants defaults``) or
the non-default reading of every DCG ambiguity (``--variants alternatives``). After every
action the state is checked:

- memory within -10..10 (CR4.2 Memory); at most 5 security cards;
- card conservation: each player holds exactly their deck list (CR4.2 Game setup);
- the player to move has a legal action; a player who decides with nothing pending, no
  attack and no end of turn under way has memory short of the opponent's 1 (DCG-6-1-4-1:
  the shipped decks hold no card that raises the turn-end threshold);
- the state's JSON form loads back to the same state, and the state and every event
  validate against ``schemas/dcg/state.schema.json`` / ``event.schema.json``;
- effects with a duration (``lasting``) are gone once their turn is over (CR4.2 Effect
  durations); an attack in its security checks has checks left to make.

Every game must end with a winner (``direct_attack`` or ``deck_out``) or the documented draw
(``infinite_loop``, CR4.2 "Infinite loops"). Prints one JSON summary (games, steps, results,
the longest game, violations with their seed and step); exit 1 on any violation.
``tests/dcg/test_random_games.py`` runs the same checks on fewer games in CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle.dcg import (  # noqa: E402
    DcgConfig,
    State,
    apply,
    legal_actions,
    new_game,
    state_from_json,  # noqa: E402
)
from oracle.dcg.selfplay import play_random_game  # noqa: E402
from oracle.validation import is_valid  # noqa: E402

ALTERNATIVES = {"DCG-AMB-1": "main-phase", "DCG-AMB-2": "never-lower",
                "DCG-AMB-3": "card-order", "DCG-AMB-4": "no-mulligan",
                "DCG-AMB-5": "trigger-condition"}
DECKS = ("red-memory", "blue-tempo")
RESULTS = {"direct_attack", "deck_out"}


def problems(state: State) -> list[str]:
    """What is wrong with one state (empty: nothing)."""
    out = []
    if not -10 <= state.memory <= 10:
        out.append(f"memory {state.memory} past 10")
    for p, me in enumerate(state.players):
        deck = state.game.decks[p]
        if Counter(me.all_cards()) != Counter(deck.main + deck.eggs):
            out.append(f"player {p}'s cards are not their deck list")
        if len(me.security) > 5:
            out.append(f"player {p} has {len(me.security)} security cards")
    if state.to_move in (0, 1):
        if not legal_actions(state):
            out.append(f"player {state.to_move} is to move with no legal action")
        quiet = not state.pending and state.attack is None and state.step != "end_of_turn" \
            and state.choice is None
        if quiet and state.phase != "setup" and -state.memory >= 1:
            out.append(f"player {state.to_move} acts at memory {-state.memory} on the "
                       "opponent's side: the turn should have ended (DCG-6-1-4-1)")
    doc = state.to_json()
    if state_from_json(doc, state.game) != state:
        out.append("the state's JSON form does not load back to it")
    if not is_valid(doc, "dcg/state"):
        out.append("the state does not validate against dcg/state.schema.json")
    if any(x.until < state.turn for x in state.lasting):
        out.append("an effect with a duration outlasts its turn")
    if state.attack is not None and state.attack.stage == "checking" \
            and state.attack.checks < 0:
        out.append("an attack with a negative number of security checks left")
    return out


def one_game(job: tuple[int, str, tuple[str, str]]) -> dict[str, Any]:
    """Play and check seed ``job[0]`` under readings ``job[1]`` with the decks ``job[2]``."""
    seed, readings, decks = job
    config = DcgConfig(decks=decks,
                       variants=ALTERNATIVES if readings == "alternatives" else {})
    final, log = play_random_game(seed, config)
    bad: list[str] = []
    state = new_game(config)
    for step, (action, events) in enumerate(log):
        state, again = apply(state, action)
        if again != events:
            bad.append(f"step {step}: apply is not deterministic")
        bad += [f"step {step}: event {e.type} does not validate" for e in events
                if not is_valid(e.to_json(), "dcg/event")]
        bad += [f"step {step}: {p}" for p in problems(state)]
    if state != final:
        bad.append("the replayed game does not end in the played game's final state")
    ended = final.phase == "game_over" and (
        final.winner in (0, 1) and final.reason in RESULTS
        or final.winner is None and final.reason == "infinite_loop")
    if not ended:
        bad.append(f"the game ends with winner {final.winner}, reason {final.reason}")
    return {"seed": seed, "steps": len(log), "turns": final.turn, "winner": final.winner,
            "reason": final.reason, "problems": bad[:5]}


def main(argv: list[str] | None = None) -> int:
    """Run the games; print the JSON summary; 0 when every game ended and kept every check."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--variants", choices=("defaults", "alternatives"), default="defaults")
    ap.add_argument("--decks", default=",".join(DECKS),
                    help="the two shipped decks, seat 0 first (default: red-memory,blue-tempo)")
    args = ap.parse_args(argv)
    names = tuple(args.decks.split(","))
    if len(names) != 2:
        ap.error("--decks names two shipped decks, e.g. st1-starter,st2-starter")
    decks = (names[0], names[1])
    start = time.perf_counter()
    jobs = [(seed, args.variants, decks) for seed in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(one_game, jobs, chunksize=20)
    else:
        games = [one_game(j) for j in jobs]
    results = Counter(f"{g['winner']}:{g['reason']}" for g in games)
    violations = [g for g in games if g["problems"]]
    longest = max(games, key=lambda g: g["steps"])
    summary = {
        "games": len(games), "readings": args.variants, "decks": list(decks),
        "steps": sum(g["steps"] for g in games),
        "results": dict(sorted(results.items())),
        "draws": sum(1 for g in games if g["winner"] is None),
        "longest": {k: longest[k] for k in ("seed", "steps", "turns")},
        "violations": [{"seed": g["seed"], "problems": g["problems"]} for g in violations],
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(summary, indent=2))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())

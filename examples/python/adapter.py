#!/usr/bin/env python3
"""A complete digiconform adapter for ``toy_engine.py``, speaking the mandatory subset of the
harness protocol (``start``, ``new_game``, ``action``, ``stop``; docs/PROTOCOL.md).

Usage: ``python adapter.py [--cards CARD_SET_JSON]``; the card set defaults to the one in a
digiconform install (``digiconform vectors export DIR`` also writes it to
``DIR/card-sets/upper-deck.cardset.json``).

Try it: ``digiconform verify --impl "python examples/python/adapter.py" --clause DB-A
--games 0 --skip examples/python/skip.txt``.

The three things an adapter does, all below:

1. translate the protocol's setup and actions into the engine's calls;
2. translate the engine's table into the state JSON (only the core fields: no optional
   capability, no detail field);
3. map the engine's own rejection codes to the rule clauses they enforce (``CLAUSES``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toy_engine import Rejected, Table, ToyEngine  # noqa: E402

#: The engine's rejection codes -> (refusal kind, clause). A code the rules do not decide
#: (a move the engine simply does not implement) is "unsupported".
CLAUSES: dict[str, tuple[str, str | None]] = {
    "DECK_SIZE": ("illegal", "DB-A.0"),
    "DUPLICATE_CARD": ("illegal", "DB-A.5"),
    "NO_ROOKIE": ("illegal", "DB-A.1"),
    "NOT_A_ROOKIE": ("illegal", "DB-A.1"),
    "BAD_SHUFFLE": ("illegal", "DB-A.2"),
    "UNKNOWN_CARD": ("invalid", None),
    "NOT_IMPLEMENTED": ("unsupported", None),
}
#: Codes whose clause depends on where the game is: the rule of the current stage.
STAGE_CLAUSE = {"choose_rookie": "DB-A.1", "shuffle": "DB-A.2", "prepare": "DB-B.0"}


def load_levels(path: str | None) -> dict[str, str | None]:
    """Card serial -> level, from a card-set JSON document."""
    if path is None:
        from oracle.resources import data_dir  # a digiconform install ships the card set

        path = str(data_dir() / "upper-deck.cardset.json")
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return {c["serial"]: c.get("level") for c in doc["cards"]}


def state_json(t: Table) -> dict[str, Any]:
    """The engine's table as a core Digi-Battle state (schemas/state.schema.json)."""
    phase = "digivolve" if t.stage == "prepare" else "setup"
    return {
        "ruleset": "digibattle", "phase": phase, "duel": 1, "winner": None,
        "to_move": "chance" if t.stage == "shuffle" else t.turn,
        "players": [{"hand": s.hand, "online": s.online, "offline": [],
                     "duel_zone": [s.rookie] if s.rookie else [], "digivolve_zone": [],
                     "power_port": [], "score": 0, "passed": False}
                    for s in t.seats],
    }


class Adapter:
    """One engine behind the protocol."""

    def __init__(self, levels: dict[str, str | None]) -> None:
        self.levels = levels
        self.engine = ToyEngine(levels)

    def refusal(self, e: Rejected) -> dict[str, Any]:
        """The protocol refusal for one of the engine's rejections."""
        kind, clause = CLAUSES.get(e.code, ("illegal", None))
        if kind == "illegal" and clause is None:  # NOT_YOUR_TURN, WRONG_STAGE
            stage = self.engine.table.stage if self.engine.table else "choose_rookie"
            clause = STAGE_CLAUSE[stage]
        out: dict[str, Any] = {"kind": kind, "reason": f"{e.code}: {e.message}"}
        if clause:
            out["clause"] = clause
        if kind == "invalid":
            out["path"] = "$.setup.decks"
        return out

    def handle(self, req: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one request (None for ``stop``)."""
        cmd = req.get("cmd")
        if cmd == "start":
            return {"ready": True, "version": 1, "rulesets": ["digibattle"],
                    "implementation": {"name": "toy-digibattle-python", "version": "0.1",
                                       "language": "python"}}
        seq = req.get("seq")
        try:
            if cmd == "new_game":
                setup = req["setup"]
                if setup.get("ruleset", "digibattle") != "digibattle":
                    return {"seq": seq, "refused": {"kind": "unsupported",
                                                    "reason": "only digibattle"}}
                cards = setup.get("card_set") or {}
                if "cards" in cards:  # a scenario's own card set
                    self.engine = ToyEngine({c["serial"]: c.get("level")
                                             for c in cards["cards"]})
                else:
                    self.engine = ToyEngine(self.levels)
                return {"seq": seq, "state": state_json(self.engine.start(setup["decks"]))}
            if cmd == "action":
                a = req["action"]
                kind = a.get("type")
                if kind == "choose_rookie":
                    self.engine.choose_rookie(a["player"], a["card"])
                elif kind == "shuffle":
                    self.engine.shuffled(a["player"], a["order"])
                elif self.engine.table is not None and self.engine.table.stage == "prepare":
                    raise Rejected("NOT_IMPLEMENTED", "the toy engine stops after the set-up")
                else:
                    raise Rejected("WRONG_STAGE", f"{kind} is not a set-up move")
                assert self.engine.table is not None
                return {"seq": seq, "state": state_json(self.engine.table)}
        except Rejected as e:
            return {"seq": seq, "refused": self.refusal(e)}
        except (KeyError, TypeError) as e:
            return {"seq": seq, "refused": {"kind": "invalid", "path": "$",
                                            "reason": f"malformed request: {e}"}}
        return {"seq": seq, "skipped": {"reason": f"{cmd} is not in the mandatory subset"}}


def main(argv: list[str]) -> int:
    """Read requests from stdin, one JSON object a line; answer each on stdout."""
    cards = argv[argv.index("--cards") + 1] if "--cards" in argv else None
    adapter = Adapter(load_levels(cards))
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError as e:
            answer: dict[str, Any] | None = {"seq": None, "errored": {"message": str(e)}}
        else:
            answer = adapter.handle(req)
        if answer is None:
            return 0
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""A complete digiconform adapter for ``toy_engine.py``, speaking the mandatory subset of the
harness protocol (``start``, ``new_game``, ``action``, ``stop``; docs/PROTOCOL.md).

Usage: ``python adapter.py [--cards CARD_SET_JSON] [--details] [--no-readings]
[--ignore-variants]``; the card set defaults to the one in a digiconform install
(``digiconform vectors export DIR`` also writes it to ``DIR/card-sets/upper-deck.cardset.json``).
``--details`` also answers (and declares) a few detail fields (``digimon_power``,
``first_player``, ``coin_toss_winner``, ``target``, ``chance``): handy when hunting a wrong
score. ``--no-readings`` declares no reading and ``--ignore-variants`` takes any
setup: together they show how ``verify`` finds a reading an engine does not declare.

Try it: ``digiconform verify --impl "python examples/python/adapter.py"``.

The four things an adapter does, all below:

1. translate the protocol's setup and actions into the engine's calls, refusing a malformed
   action as ``invalid`` with the JSON path of the bad field (``check_action``);
2. translate the engine's table into the state JSON (only the core fields: no optional
   capability, no detail field, unless ``--details``);
3. map the engine's own rejection codes to the rule clauses they enforce (``CLAUSES``;
   a code whose rule depends on where the game is maps through ``STAGE_CLAUSE``);
4. declare the readings the engine follows where the rules are unclear (``READINGS``,
   from the engine) and refuse a game that asks for another one as ``unsupported``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toy_engine import READINGS, Rejected, Table, ToyEngine, cards_from_json  # noqa: E402

#: The reading of every ambiguity of the register (docs/AMBIGUITIES.md) this engine plays:
#: the register's default unless the engine's READINGS say otherwise.
DEFAULTS = {
    "DB-AMB-1": "online", "DB-AMB-2": "refuse", "DB-AMB-3": "whole-offline",
    "DB-AMB-4": "strict", "DB-AMB-5": "offline", "DB-AMB-6": "final",
    "DB-AMB-7": "immediate", "DB-AMB-8": "rookie-showing", "DB-AMB-9": "on-reveal",
    "DB-AMB-10": "opponent-type", "DB-AMB-11": "1-2", "DB-AMB-12": "prepared-only",
    "DB-AMB-13": "must-fulfil", "DB-AMB-14": "duel-points", "DB-AMB-15": "play-order",
    "DB-AMB-16": "recycle", "DB-AMB-17": "continuous", "DB-AMB-18": "showing",
    "DB-AMB-19": "duel-first", "DB-AMB-21": "at-once", "DB-AMB-22": "all-but-rookie",
    "DB-AMB-23": "effects-first", "DB-AMB-24": "say-pass", "DB-AMB-25": "seat-order",
    "DB-AMB-26": "per-player", "DB-AMB-27": "free", "DB-AMB-28": "port",
}
FOLLOWS = {**DEFAULTS, **READINGS}

#: The rule each stage's turn order comes from: a move out of turn, or a move the stage has
#: no place for, breaks it (the move's own rule is named beside it, see ``home_clause``).
STAGE_CLAUSE = {"choose_rookie": "DB-A.1", "deal": "DB-A.2", "prepare": "DB-B.0",
                "coin": "DB-B.1", "reveal": "DB-B.4", "battle": "DB-C.1",
                "regroup": "DB-D.1", "regroup-prepare": "DB-D.5", "recycle": "DB-D.3",
                "over": "DB-C.9"}

#: The engine's rejection codes -> (refusal kind, clause or None). None: the clause depends
#: on the move and the stage (``clauses_for``). A code the rules do not decide is
#: "unsupported" or "invalid".
CLAUSES: dict[str, tuple[str, str | None]] = {
    "DECK_SIZE": ("illegal", "DB-A.0"),
    "DUPLICATE_CARD": ("illegal", "DB-A.5"),
    "NO_ROOKIE": ("illegal", "DB-A.1"),
    "BAD_TARGET_SCORE": ("invalid", None),      # (check_setup catches it first)
    "UNKNOWN_CARD": ("invalid", None),
    "UNSUPPORTED_CARD": ("unsupported", None),
    "NO_GAME": ("invalid", None),
    "GAME_OVER": ("illegal", "DB-C.9"),
    "NOT_A_ROOKIE": ("illegal", None),         # DB-A.1 at set-up, DB-D.4 in Regroup
    "BAD_SHUFFLE": ("illegal", None),          # DB-A.2 at set-up, DB-D.3 on recycling
    "NO_SHUFFLE_DUE": ("illegal", None),
    "NO_COIN_DUE": ("illegal", None),
    "NOT_IN_HAND": ("illegal", None),
    "NOT_A_DIGIMON": ("illegal", None),
    "NOT_NEXT_LEVEL": ("illegal", None),
    "REQUIREMENT": ("illegal", None),
    "BAD_SUPPORT": ("illegal", None),
    "ZONE_FULL": ("illegal", None),
    "DRAW_FIRST": ("illegal", "DB-D.1"),
    "ONCE_PER_DUEL": ("illegal", "DB-B.7"),
    "NOTHING_FACE_DOWN": ("illegal", "DB-B.6"),
    "NOT_FACE_DOWN_CARD": ("illegal", "DB-B.2"),
    "PAYMENT_SOURCE": ("illegal", "DB-B.3"),
    "COMMITTED": ("illegal", "DB-B.3"),
    "NOT_COMMITTED": ("illegal", "DB-B.3"),
    "BAD_METHOD": ("invalid", None),
    "ALREADY_PASSED": ("illegal", "DB-C.3"),
    "NOT_A_POWER_OPTION": ("illegal", "DB-C.1"),
    "DIGIVOLVE_CARD": ("illegal", "DB-B.3n"),
    "RESTRICTION": ("illegal", "DB-C.2"),
    "USE_REQUIREMENT": ("illegal", "DB-C.2"),
    "BAD_TARGET": ("illegal", "DB-C.2"),
    "ALREADY_DREW": ("illegal", "DB-D.1"),
    "ALREADY_CHANGING": ("illegal", "DB-D.4"),
    "ALREADY_PREPARED": ("illegal", "DB-D.4"),
    "ROOKIE_NOT_SHOWING": ("illegal", "DB-D.4"),
    "NOT_YOUR_TURN": ("illegal", None),
    "WRONG_STAGE": ("illegal", None),
}


def stage_key(t: Table | None) -> str:
    """The engine's stage, with Regroup split into before and after the draw."""
    if t is None:
        return "choose_rookie"
    if t.stage == "regroup" and t.seats[t.turn].drew:
        return "regroup-prepare"
    return t.stage


def home_clauses(action_type: str, stage: str) -> list[str]:
    """The rules a move of this type is made under (at this stage)."""
    regroup = stage.startswith("regroup")
    prep = ["DB-D.5", "DB-B.0"] if regroup else ["DB-B.0"]
    if action_type == "pass":
        return {"reveal": ["DB-B.5"], "battle": ["DB-C.3"]}.get(stage, ["DB-B.5", "DB-C.3"])
    return {
        "choose_rookie": ["DB-A.1"],
        "shuffle": ["DB-D.3", "DB-D.2"] if stage == "recycle" else ["DB-A.2"],
        "coin_toss": ["DB-B.1"], "prepare": prep, "ready": prep,
        "change_rookie": ["DB-D.4"], "digivolve": ["DB-B.4", "DB-B.2"],
        "play_option": ["DB-C.1"], "discard": ["DB-D.1"], "draw": ["DB-D.1"],
    }.get(action_type, [])


#: Codes that say "not now" (out of turn, or not at this stage): the stage's rule and the
#: rules of the move itself are broken.
NOT_NOW = {"NOT_YOUR_TURN", "WRONG_STAGE", "NO_SHUFFLE_DUE", "NO_COIN_DUE", "DRAW_FIRST"}


def clauses_for(code: str, action_type: str, stage: str) -> list[str]:
    """The clauses an action rejected with ``code`` breaks, the main one first."""
    kind, fixed = CLAUSES.get(code, ("illegal", None))
    prep = "DB-D.5" if stage.startswith("regroup") else "DB-B.0"
    if code in NOT_NOW:
        out = [fixed or STAGE_CLAUSE.get(stage, "DB-A.1"), *home_clauses(action_type, stage)]
    elif fixed:
        out = [fixed]
    elif code == "NOT_A_ROOKIE":
        out = ["DB-D.4" if action_type == "change_rookie" else "DB-A.1"]
    elif code == "BAD_SHUFFLE":
        out = ["DB-D.3", "DB-D.2"] if stage == "recycle" else ["DB-A.2"]
    elif code == "NOT_IN_HAND":
        out = [{"prepare": prep, "play_option": "DB-C.1", "discard": "DB-D.1",
                "change_rookie": "DB-D.4", "digivolve": "DB-B.3"}.get(action_type, prep)]
    elif code in ("NOT_A_DIGIMON", "ZONE_FULL"):
        out = [prep]
    elif code == "NOT_NEXT_LEVEL":
        out = [prep, "DB-B.7"] if action_type == "prepare" else ["DB-B.7"]
    elif code in ("REQUIREMENT", "BAD_SUPPORT"):
        out = [prep, "DB-B.3"] if action_type == "prepare" else ["DB-B.3"]
    else:
        out = [STAGE_CLAUSE.get(stage, "DB-A.1")]
    if code == "NOTHING_FACE_DOWN":
        out.append("DB-B.2")
    if code == "ALREADY_PASSED" and action_type == "play_option":
        out.append("DB-C.1")
    seen: list[str] = []
    for c in out:
        if c not in seen:
            seen.append(c)
    return seen


# ----------------------------------------------------------------------------- input checks

SERIAL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")
FIELDS: dict[str, tuple[set[str], set[str]]] = {  # type -> (required, optional)
    "choose_rookie": ({"player", "card"}, set()),
    "shuffle": ({"order"}, {"player"}),
    "coin_toss": ({"winner"}, set()),
    "prepare": ({"player", "card"}, {"support"}),
    "change_rookie": ({"player", "card"}, set()),
    "ready": ({"player"}, set()),
    "digivolve": ({"player", "card", "method"}, {"support", "payment", "source"}),
    "pass": ({"player"}, set()),
    "play_option": ({"player", "card"}, {"discard", "target"}),
    "discard": ({"player", "card"}, set()),
    "draw": ({"player"}, set()),
}


class Malformed(Exception):
    """A request the protocol's schemas do not allow: ``path`` names the bad field."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path = path


def _seat(v: Any) -> bool:
    return type(v) is int and v in (0, 1)


def _serial(v: Any) -> bool:
    return isinstance(v, str) and bool(SERIAL.match(v))


def _serials(v: Any) -> bool:
    return isinstance(v, list) and all(_serial(x) for x in v)


def check_action(a: Any) -> None:
    """Raise :class:`Malformed` unless ``a`` has the form of schemas/action.schema.json."""
    if not isinstance(a, dict):
        raise Malformed("$.action", "an action is a JSON object")
    kind = a.get("type")
    if kind not in FIELDS:
        raise Malformed("$.action.type", f"unknown action type {kind!r}")
    required, optional = FIELDS[kind]
    for f in sorted(required - set(a)):
        raise Malformed(f"$.action.{f}", f"{kind} needs {f!r}")
    for f in sorted(set(a) - required - optional - {"type"}):
        raise Malformed(f"$.action.{f}", f"{kind} has no field {f!r}")
    for f, v in a.items():
        ok = {"player": _seat, "winner": _seat, "target": _seat, "card": _serial,
              "support": _serial, "order": _serials, "payment": _serials, "discard": _serials,
              "method": lambda x: x in ("tribute", "digivice", "dna", "ultra"),
              "source": lambda x: x in ("online", "hand"), "type": lambda x: True}[f](v)
        if not ok:
            raise Malformed(f"$.action.{f}", f"bad value for {f}: {v!r}")
    if kind == "shuffle" and len(set(a["order"])) != len(a["order"]):
        raise Malformed("$.action.order", "a card appears twice in the order")


def check_setup(setup: Any) -> None:
    """Raise :class:`Malformed` unless ``setup`` has the form of a Digi-Battle setup."""
    if not isinstance(setup, dict):
        raise Malformed("$.setup", "the setup is a JSON object")
    decks = setup.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise Malformed("$.setup.decks", "two decks, seat 0 then seat 1")
    for i, d in enumerate(decks):
        if not isinstance(d, list) or not all(isinstance(c, str) for c in d):
            raise Malformed(f"$.setup.decks[{i}]", "a deck is a list of card serials")
    target = setup.get("target", 1000)
    if type(target) is not int or not 1 <= target <= 1000:
        raise Malformed("$.setup.target", f"the target is 1 to 1000 points (DB-C.9), not "
                        f"{target!r}")
    md = setup.get("max_duels")
    if md is not None and (type(md) is not int or md < 1):
        raise Malformed("$.setup.max_duels", "max_duels is a positive integer")
    variants = setup.get("variants") or {}
    if not isinstance(variants, dict):
        raise Malformed("$.setup.variants", "variants map an ambiguity ID to a reading")


# ----------------------------------------------------------------------------- the state

PHASE = {"choose_rookie": "setup", "deal": "setup", "prepare": "digivolve",
         "coin": "digivolve", "reveal": "digivolve", "battle": "battle",
         "regroup": "regroup", "over": "game_over"}


def state_json(engine: ToyEngine, details: bool = False) -> dict[str, Any]:
    """The engine's table as a core Digi-Battle state (schemas/state.schema.json).

    ``passed`` is the engine's own flag: it clears both when the Battle phase ends (outside
    the Digivolve and Battle phases the verifier does not compare it)."""
    t = engine.table
    assert t is not None
    stage = t.resume[0] if t.stage == "recycle" and t.resume else t.stage
    if t.stage == "over":
        to_move: Any = None
    elif t.stage in ("deal", "coin", "recycle"):
        to_move = "chance"
    else:
        to_move = t.turn
    out: dict[str, Any] = {
        "ruleset": "digibattle", "phase": PHASE[stage], "duel": t.duel,
        "winner": t.winner, "to_move": to_move,
        "players": [{"hand": list(s.hand), "online": list(s.online),
                     "offline": list(s.offline), "duel_zone": list(s.stack),
                     "digivolve_zone": [s.face_down] if s.face_down else [],
                     "power_port": list(s.port), "score": s.score, "passed": s.passed}
                    for s in t.seats],
    }
    if details:
        out.update({"digimon_power": engine.digimon_power(), "first_player": t.first,
                    "coin_toss_winner": t.coin_winner, "target": t.target})
        if t.stage in ("deal", "recycle"):
            seat = t.turn if t.stage == "deal" else t.shuffles[0][0]
            out["chance"] = {"kind": "shuffle", "player": seat,
                             "cards": engine.cards_to_shuffle()}
        elif t.stage == "coin":
            out["chance"] = {"kind": "coin_toss"}
        else:
            out["chance"] = None
    return out


# ----------------------------------------------------------------------------- the protocol

DETAILS = ["digimon_power", "first_player", "coin_toss_winner", "target", "chance"]


class Adapter:
    """One engine behind the protocol."""

    def __init__(self, card_doc: dict[str, Any], details: bool = False,
                 declare: bool = True,
                 check_variants: bool = True) -> None:
        self.card_doc = card_doc
        self.check_variants = check_variants
        self.details = details
        self.declare = declare
        self.engine = ToyEngine(cards_from_json(card_doc))

    def state(self) -> dict[str, Any]:
        """The state answer."""
        return state_json(self.engine, self.details)

    def refusal(self, e: Rejected, action_type: str, stage: str) -> dict[str, Any]:
        """The protocol refusal for one of the engine's rejections."""
        kind, _ = CLAUSES.get(e.code, ("illegal", None))
        out: dict[str, Any] = {"kind": kind, "reason": f"{e.code}: {e.message}"}
        if kind == "illegal":
            clauses = clauses_for(e.code, action_type, stage)
            out["clause"] = clauses[0]
            if len(clauses) > 1:
                out["clauses"] = clauses
        if kind == "invalid":
            out["path"] = "$.setup.decks" if action_type == "new_game" else "$.action"
        return out

    def new_game(self, setup: dict[str, Any]) -> Any:
        check_setup(setup)
        for amb, reading in (setup.get("variants") or {}).items() if self.check_variants \
                else ():
            if FOLLOWS.get(amb) != reading:
                mine = FOLLOWS.get(amb)
                raise Rejected("READING", f"{amb}={reading}: this engine plays "
                               + (f"{amb} as {mine!r}" if mine else f"no reading of {amb}"))
        cards = setup.get("card_set") or {}
        if "cards" in cards:  # a scenario's own card set
            self.engine = ToyEngine(cards_from_json(cards))
        else:
            self.engine = ToyEngine(cards_from_json(self.card_doc))
        return self.engine.start(setup["decks"], target=setup.get("target", 1000),
                                 max_duels=setup.get("max_duels"))

    def act(self, a: dict[str, Any]) -> None:
        e = self.engine
        kind, p = a["type"], a.get("player")
        if kind == "choose_rookie":
            e.choose_rookie(p, a["card"])
        elif kind == "shuffle":
            e.shuffled(p, a["order"])
        elif kind == "coin_toss":
            e.coin_toss(a["winner"])
        elif kind == "prepare":
            e.prepare(p, a["card"], a.get("support"))
        elif kind == "change_rookie":
            e.change_rookie(p, a["card"])
        elif kind == "ready":
            e.ready(p)
        elif kind == "digivolve":
            e.digivolve(p, a["card"], a["method"], a.get("support"), a.get("payment"),
                        a.get("source"))
        elif kind == "pass":
            e.pass_(p)
        elif kind == "play_option":
            e.play_option(p, a["card"], a.get("discard"), a.get("target"))
        elif kind == "discard":
            e.discard(p, a["card"])
        elif kind == "draw":
            e.draw(p)

    def handle(self, req: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one request (None for ``stop``)."""
        cmd = req.get("cmd")
        if cmd == "stop":
            return None
        if cmd == "start":
            ready: dict[str, Any] = {
                "ready": True, "version": 1, "rulesets": ["digibattle"],
                "implementation": {"name": "toy-digibattle-python", "version": "0.2",
                                   "language": "python"}}
            if self.declare:
                ready["readings"] = dict(READINGS)
            if self.details:
                ready["details"] = DETAILS
            return ready
        seq = req.get("seq")
        stage = stage_key(self.engine.table)
        action_type = "new_game"
        try:
            if cmd == "new_game":
                setup = req.get("setup")
                if isinstance(setup, dict) and setup.get("ruleset", "digibattle") \
                        != "digibattle":
                    return {"seq": seq, "refused": {"kind": "unsupported",
                                                    "reason": "only digibattle"}}
                self.new_game(setup)
                return {"seq": seq, "state": self.state()}
            if cmd == "action":
                a = req.get("action")
                check_action(a)
                action_type = a["type"]
                if self.engine.table is None:
                    raise Rejected("NO_GAME", "no game has been started")
                self.act(a)
                return {"seq": seq, "state": self.state()}
        except Malformed as e:
            return {"seq": seq, "refused": {"kind": "invalid", "path": e.path,
                                            "reason": str(e)}}
        except Rejected as e:
            if e.code == "READING":
                return {"seq": seq, "refused": {"kind": "unsupported", "reason": e.message}}
            return {"seq": seq, "refused": self.refusal(e, action_type, stage)}
        return {"seq": seq, "skipped": {"reason": f"{cmd} is not in the mandatory subset"}}


def load_card_doc(path: str | None) -> dict[str, Any]:
    """The card-set JSON document (the bundled one by default)."""
    if path is None:
        from oracle.resources import data_dir  # a digiconform install ships the card set

        path = str(data_dir() / "upper-deck.cardset.json")
    return json.loads(Path(path).read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    """Read requests from stdin, one JSON object a line; answer each on stdout."""
    cards = argv[argv.index("--cards") + 1] if "--cards" in argv else None
    adapter = Adapter(load_card_doc(cards), details="--details" in argv,
                      declare="--no-readings" not in argv,
                      check_variants="--ignore-variants" not in argv)
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError as e:
            answer: dict[str, Any] | None = {"seq": None, "errored": {"message": str(e)}}
        else:
            if not isinstance(req, dict):
                answer = {"seq": None, "errored": {"message": "a request is a JSON object"}}
            else:
                try:
                    answer = adapter.handle(req)
                except Exception as e:  # noqa: BLE001 - an engine bug: say so, go on
                    answer = {"seq": req.get("seq"), "errored": {
                        "message": f"{type(e).__name__}: {e}"}}
        if answer is None:
            return 0
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

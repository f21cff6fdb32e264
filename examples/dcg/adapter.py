#!/usr/bin/env python3
"""A digiconform adapter for ``engine.py`` (the Digimon Card Game, chapter 6, on the ST-1 and
ST-2 cards), speaking the mandatory subset of the harness protocol (``start``, ``new_game``,
``action``, ``stop``); docs/PROTOCOL.md "Writing a DCG adapter" walks through it.

Usage: ``python adapter.py [--cards CARD_SET_JSON]``. The engine's own card list is
``cards.json`` beside it (the 32 ST-1/ST-2 cards); ``--cards`` gives another list with the
same fields, e.g. the digiconform set ``dcg-real`` (``digiconform data path card-set
dcg-real``): the engine then plays every card of it whose printed texts it knows and refuses
the others as ``unsupported``, naming the card. A deck given by name (``"red-memory"``) is read
from the digiconform install (``digiconform data path deck NAME``).

Try it: ``digiconform verify --ruleset dcg --impl "python examples/dcg/adapter.py"
--skip examples/dcg/skip.txt``.

What the adapter does, all below:

1. checks each request's form (``check_action``, ``check_setup``): a malformed one is
   ``invalid`` with the JSON path of the bad field;
2. turns the setup's decks into the engine's (``decks_of``: shipped names looked up in the
   install, deck objects expanded);
3. translates actions into engine calls (``act``) and the engine's game into the core state
   (``state_json``);
4. maps the engine's rejection codes to rule clauses (``CLAUSES``, ``clauses_for``);
5. plays the register's default readings (``READINGS``) and refuses a game asking for
   another one as ``unsupported``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine import READINGS, Game, Rejected, load_cards, start  # noqa: E402

#: The engine's rejection codes -> (refusal kind, clause). None: the clause depends on the
#: move (``clauses_for``).
CLAUSES: dict[str, tuple[str, str | None]] = {
    "UNKNOWN_CARD": ("unsupported", None),
    "UNSUPPORTED_CARD": ("unsupported", None),
    "DECK_SIZE": ("illegal", "CR4.2 Deck construction"),
    "EGG_COUNT": ("illegal", "CR4.2 Deck construction"),
    "COPIES": ("illegal", "CR4.2 Deck construction"),
    "EGG_IN_DECK": ("illegal", "CR4.2 Deck construction"),
    "NOT_AN_EGG": ("illegal", "CR4.2 Deck construction"),
    "GAME_OVER": ("illegal", "CR4.2 Victory conditions"),
    "CHANCE_DUE": ("illegal", "CR4.2 Game setup"),
    "NO_CHANCE_DUE": ("illegal", "CR4.2 Game setup"),
    "BAD_SHUFFLE": ("illegal", "CR4.2 Game setup"),
    "NOT_YOUR_TURN": ("illegal", "DCG-6-1-1"),
    "NOT_MULLIGAN": ("illegal", "CR4.2 Mulligan"),
    "NOT_PENDING": ("illegal", "DCG-6-1-3"),
    "NOT_BREEDING": ("illegal", "DCG-6-4-1"),
    "CANNOT_HATCH": ("illegal", "DCG-6-4-1-1"),
    "CANNOT_MOVE": ("illegal", "DCG-6-4-1-2"),
    "NOT_MAIN": ("illegal", "DCG-6-5-1"),
    "CANNOT_PLAY": ("illegal", "DCG-6-5-1-1"),
    "CANNOT_DIGIVOLVE": ("illegal", "DCG-6-5-1-2"),
    "CANNOT_USE": ("illegal", "DCG-6-5-1-3"),
    "CANNOT_ATTACK": ("illegal", "DCG-6-5-1-5"),
    "NO_MAIN_EFFECT": ("illegal", "DCG-6-5-1-6"),
    "NO_CHOICE": ("illegal", "DCG-6-1-3"),
    "CANNOT_PAY": ("illegal", None),
}

#: The main-phase rule of each main-phase action (its refusal when it cannot be paid, and
#: the second clause named beside DCG-6-1-1 when it is out of turn).
MAIN_RULE = {"play": "DCG-6-5-1-1", "digivolve": "DCG-6-5-1-2", "use_option": "DCG-6-5-1-3",
             "attack": "DCG-6-5-1-5", "activate": "DCG-6-5-1-6", "pass": "DCG-6-5-1-7",
             "hatch": "DCG-6-4-1-1", "move": "DCG-6-4-1-2", "do_nothing": "DCG-6-4-1-3",
             "keep": "CR4.2 Mulligan", "mulligan": "CR4.2 Mulligan", "resolve": "DCG-6-1-3"}

#: Actions the rules name but this engine (like the chapter-6 oracle) does not play.
UNSUPPORTED = {"digixros", "assembly", "dna_digivolve", "burst_digivolve", "app_fusion",
               "link"}


def clauses_for(code: str, action_type: str) -> list[str]:
    """The clauses a move rejected with ``code`` breaks, the main one first."""
    _, fixed = CLAUSES.get(code, ("illegal", None))
    if code == "CANNOT_PAY":
        return [MAIN_RULE.get(action_type, "DCG-6-5-1")]
    out = [fixed or "DCG-6-1-1"]
    if code in ("NOT_YOUR_TURN", "NOT_MAIN", "NOT_BREEDING") and action_type in MAIN_RULE:
        out.append(MAIN_RULE[action_type])
    return out


# ----------------------------------------------------------------------------- input checks

class Malformed(Exception):
    """A request the protocol's schemas do not allow: ``path`` names the bad field."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path = path


#: action type -> (required fields, optional fields) besides ``type``
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "choose_first": ({"winner"}, set()),
    "shuffle": ({"player", "deck", "order"}, set()),
    "mulligan": ({"player"}, set()), "keep": ({"player"}, set()),
    "resolve": ({"player", "index"}, set()),
    "hatch": ({"player"}, set()), "move": ({"player"}, set()),
    "do_nothing": ({"player"}, set()), "pass": ({"player"}, set()),
    "play": ({"player", "card"}, set()), "use_option": ({"player", "card"}, set()),
    "digivolve": ({"player", "card", "target"}, set()),
    "attack": ({"player", "attacker", "target"}, set()),
    "activate": ({"player", "source"}, {"effect"}),
    "choose": ({"player", "targets"}, {"card"}),
    **{t: ({"player"}, set()) for t in UNSUPPORTED},
}


def _count(v: Any) -> bool:
    return type(v) is int and v >= 0


def check_action(a: Any) -> None:
    """Raise :class:`Malformed` unless ``a`` has the form of schemas/dcg/action.schema.json."""
    if not isinstance(a, dict):
        raise Malformed("$.action", "an action is a JSON object")
    kind = a.get("type")
    if kind not in FIELDS:
        raise Malformed("$.action.type", f"unknown action type {kind!r}")
    if kind in UNSUPPORTED:
        return  # refused as unsupported whatever its fields
    required, optional = FIELDS[kind]
    for f in sorted(required - set(a)):
        raise Malformed(f"$.action.{f}", f"{kind} needs {f!r}")
    for f in sorted(set(a) - required - optional - {"type"}):
        raise Malformed(f"$.action.{f}", f"{kind} has no field {f!r}")
    checks = {
        "player": lambda v: type(v) is int and v in (0, 1),
        "winner": lambda v: type(v) is int and v in (0, 1),
        "deck": lambda v: v in ("deck", "egg_deck"),
        "order": lambda v: isinstance(v, list) and all(isinstance(c, str) and c for c in v),
        "card": lambda v: isinstance(v, str) and bool(v),
        "index": _count, "attacker": _count, "source": _count, "effect": _count,
        "targets": lambda v: isinstance(v, list) and all(_count(t) for t in v),
        "target": (lambda v: v == "player" or _count(v)) if kind == "attack" else _count,
        "type": lambda v: True,
    }
    for f, v in a.items():
        if not checks[f](v):
            raise Malformed(f"$.action.{f}", f"bad value for {f}: {v!r}")


def check_setup(setup: Any) -> None:
    """Raise :class:`Malformed` unless ``setup`` has the form of a dcg setup."""
    if not isinstance(setup, dict):
        raise Malformed("$.setup", "the setup is a JSON object")
    decks = setup.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise Malformed("$.setup.decks", "two decks, seat 0 then seat 1")
    for i, d in enumerate(decks):
        if isinstance(d, str):
            continue
        if not isinstance(d, dict) or not isinstance(d.get("deck"), list):
            raise Malformed(f"$.setup.decks[{i}]", "a deck is a name or {name, deck, eggs}")
        for part in ("deck", "eggs"):
            for j, e in enumerate(d.get(part, [])):
                if not (isinstance(e, dict) and isinstance(e.get("id"), str)
                        and type(e.get("count")) is int and e["count"] >= 1):
                    raise Malformed(f"$.setup.decks[{i}].{part}[{j}]", "{id, count}")
    variants = setup.get("variants") or {}
    if not isinstance(variants, dict):
        raise Malformed("$.setup.variants", "variants map an ambiguity ID to a reading")


# ----------------------------------------------------------------------------- data lookups

_DECKS: dict[str, dict[str, Any]] = {}


def data_path(kind: str, name: str) -> Path:
    """The installed file of shipped data (``digiconform data path KIND NAME``)."""
    cmd = ["digiconform"] if shutil.which("digiconform") else [sys.executable, "-m",
                                                               "digiconform"]
    out = subprocess.run([*cmd, "data", "path", kind, name], capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise Malformed("$.setup.decks", f"no shipped {kind} {name!r}: {out.stderr.strip()}")
    return Path(out.stdout.strip())


def shipped_deck(name: str) -> dict[str, Any]:
    """A shipped deck by name, read once from the digiconform install."""
    if name not in _DECKS:
        _DECKS[name] = json.loads(data_path("deck", name).read_text(encoding="utf-8"))
    return _DECKS[name]


def decks_of(setup: dict[str, Any]) -> list[tuple[list[str], list[str]]]:
    """The setup's two decks as (main deck, Digi-Eggs) lists of card IDs."""
    out = []
    for d in setup["decks"]:
        doc = shipped_deck(d) if isinstance(d, str) else d
        out.append(([e["id"] for e in doc["deck"] for _ in range(e["count"])],
                    [e["id"] for e in doc.get("eggs", []) for _ in range(e["count"])]))
    return out


# ----------------------------------------------------------------------------- the state

def state_json(g: Game) -> dict[str, Any]:
    """The engine's game as a core dcg state (schemas/dcg/state.schema.json, required
    fields only). Stack IDs are the engine's own, numbered as the protocol numbers them."""
    def stack(st: Any) -> dict[str, Any]:
        return {"cards": list(st.cards), "suspended": st.suspended}

    return {
        "ruleset": "dcg", "turn": g.turn, "turn_player": g.turn_player, "phase": g.phase(),
        "memory": g.memory, "to_move": g.to_move(), "winner": g.winner,
        "players": [{"hand": list(s.hand), "deck": list(s.deck), "egg_deck": list(s.eggs),
                     "breeding_area": stack(s.breeding) if s.breeding else None,
                     "battle_area": [stack(st) for st in s.battle],
                     "security": list(s.security), "trash": list(s.trash)}
                    for s in g.seats],
    }


# ----------------------------------------------------------------------------- the protocol

class Adapter:
    """One engine behind the protocol."""

    def __init__(self, cards_path: Path | None = None) -> None:
        self.cards = load_cards(cards_path)
        self.game: Game | None = None

    def new_game(self, setup: dict[str, Any]) -> None:
        check_setup(setup)
        for amb, reading in (setup.get("variants") or {}).items():
            if READINGS.get(amb) != reading:
                raise Rejected("READING", f"{amb}={reading}: this engine plays "
                               + (f"{amb} as {READINGS[amb]!r}" if amb in READINGS
                                  else f"no reading of {amb}"))
        card_set = setup.get("card_set") or {"name": "dcg-real"}
        if "cards" in card_set:
            raise Rejected("READING", "a card set of its own: this engine plays only the "
                           "cards of its card list")
        self.game = start(self.cards, decks_of(setup))

    def act(self, a: dict[str, Any]) -> None:
        g = self.game
        assert g is not None
        kind, p = a["type"], a.get("player")
        if kind == "choose_first":
            g.rock_paper_scissors(a["winner"])
        elif kind == "shuffle":
            g.shuffled(p, a["deck"], a["order"])
        elif kind == "mulligan":
            g.mulligan(p)
        elif kind == "keep":
            g.keep(p)
        elif kind == "resolve":
            g.resolve(p, a["index"])
        elif kind == "hatch":
            g.hatch(p)
        elif kind == "move":
            g.move(p)
        elif kind == "do_nothing":
            g.do_nothing(p)
        elif kind == "play":
            g.play(p, a["card"])
        elif kind == "digivolve":
            g.digivolve(p, a["card"], a["target"])
        elif kind == "use_option":
            g.use_option(p, a["card"])
        elif kind == "attack":
            g.attack(p, a["attacker"], a["target"])
        elif kind == "activate":
            g.activate(p, a["source"], a.get("effect"))
        elif kind == "pass":
            g.pass_(p)
        elif kind == "choose":
            g.choose(p)

    def refusal(self, e: Rejected, action_type: str) -> dict[str, Any]:
        """The protocol refusal for one of the engine's rejections."""
        kind, _ = CLAUSES.get(e.code, ("illegal", None))
        if e.code == "READING":
            kind = "unsupported"
        out: dict[str, Any] = {"kind": kind, "reason": f"{e.code}: {e.message}"}
        if kind == "illegal":
            clauses = clauses_for(e.code, action_type)
            out["clause"] = clauses[0]
            if len(clauses) > 1:
                out["clauses"] = clauses
        return out

    def handle(self, req: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one request (None for ``stop``)."""
        cmd = req.get("cmd")
        if cmd == "stop":
            return None
        if cmd == "start":
            return {"ready": True, "version": 1, "rulesets": ["dcg"],
                    "implementation": {"name": "toy-dcg-python", "version": "0.1",
                                       "language": "python"},
                    "readings": {}}  # the register's defaults: nothing to declare
        seq = req.get("seq")
        action_type = "new_game"
        try:
            if cmd == "new_game":
                setup = req.get("setup")
                if isinstance(setup, dict) and setup.get("ruleset") != "dcg":
                    return {"seq": seq, "refused": {"kind": "unsupported",
                                                    "reason": "only the dcg ruleset"}}
                self.new_game(setup)  # type: ignore[arg-type]
                assert self.game is not None
                return {"seq": seq, "state": state_json(self.game)}
            if cmd == "action":
                a = req.get("action")
                check_action(a)
                action_type = a["type"]
                if action_type in UNSUPPORTED:
                    return {"seq": seq, "refused": {
                        "kind": "unsupported", "reason": f"{action_type} is not played by "
                        "this engine (outside chapter 6)"}}
                if self.game is None:
                    raise Malformed("$.action", "no game has been started")
                self.act(a)
                return {"seq": seq, "state": state_json(self.game)}
        except Malformed as e:
            return {"seq": seq, "refused": {"kind": "invalid", "path": e.path,
                                            "reason": str(e)}}
        except Rejected as e:
            return {"seq": seq, "refused": self.refusal(e, action_type)}
        return {"seq": seq, "skipped": {"reason": f"{cmd} is not in the mandatory subset"}}


def main(argv: list[str]) -> int:
    """Read requests from stdin, one JSON object a line; answer each on stdout."""
    cards = Path(argv[argv.index("--cards") + 1]) if "--cards" in argv else None
    adapter = Adapter(cards)
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

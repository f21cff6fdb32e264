"""Starting positions for scenarios: what the ``Given`` steps say, as set-up JSON + state JSON.

A scenario names only the cards that matter ("my Duel Zone shows Greymon ST-02 over Agumon
ST-01", "my Online deck holds 2 cards"). :class:`Position` turns that into a complete,
consistent position in the ``schemas/state.schema.json`` form (see
``oracle.digibattle.state.State.to_json``), keeping **card conservation**: each player's deck
is exactly 30 distinct real cards (DB-A.0, DB-A.5) and every one of them is in exactly one zone.
The deck is built as the cards the scenario names plus filler cards from the bundled card set
(distinct, with at least one Rookie); fillers go where the scenario asked for "other cards",
and the rest go Online (or Offline, when the scenario fixed the size of the Online deck).

Nothing here knows the rules beyond the zone layout: expected values are written in the
feature files, never computed from this module.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from oracle.resources import data_dir

DECK_SIZE = 30
BUNDLED_SET_FILE = "upper-deck.cardset.json"


@cache
def bundled_card_set() -> dict[str, Any]:
    """The bundled card-set JSON document (``oracle/data/upper-deck.cardset.json``)."""
    return json.loads((data_dir() / BUNDLED_SET_FILE).read_text(encoding="utf-8"))


@cache
def _filler_pool() -> tuple[str, ...]:
    """Bundled cards in the order fillers are taken: plain Champions, Ultimates and Megas first
    (they do nothing by themselves), then Rookies, then Power Options; cards with a special
    effect last of all."""
    rank = {"Champion": 0, "Ultimate": 1, "Mega": 2, "Rookie": 3}

    def key(c: dict[str, Any]) -> tuple[int, int, str]:
        special = 1 if c.get("effects") else 0
        kind = rank[c["level"]] if c["kind"] == "digimon" else 4
        return (special, kind, c["serial"])

    cards = [c for c in bundled_card_set()["cards"] if c.get("supported", True)]
    return tuple(c["serial"] for c in sorted(cards, key=key))


@cache
def _rookies() -> frozenset[str]:
    return frozenset(c["serial"] for c in bundled_card_set()["cards"]
                     if c["kind"] == "digimon" and c["level"] == "Rookie")


class PositionError(ValueError):
    """The scenario describes a position that cannot exist (a card named twice, more than 30
    cards on one side...). This is a mistake in the feature file, not in the game."""


@dataclass
class Side:
    """One player's side of the table as the scenario describes it.

    Zones hold serials in the state's order (``duel_zone`` bottom first, ``online`` top first).
    ``*_extra`` counts filler cards asked for ("and 4 other cards"); ``online_size`` and
    ``offline_size``, when set, fix the total size of that zone.
    """

    duel_zone: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    hand_extra: int = 0
    online: list[str] = field(default_factory=list)
    online_size: int | None = None
    offline: list[str] = field(default_factory=list)
    offline_size: int | None = None
    digivolve_zone: list[str] = field(default_factory=list)
    power_port: list[str] = field(default_factory=list)
    pending_rookie: str | None = None
    deck: list[str] | None = None  # set-up positions only: the cards not yet dealt
    allow_duplicates: bool = False  # a deck that breaks DB-A.5 on purpose
    no_rookie: bool = False  # a deck that breaks DB-A.1 on purpose
    score: int = 0
    passed: bool = False
    digivolved: bool = False
    acted: bool = False
    stated: set[str] = field(default_factory=set)  # the facts a Given step fixed

    def named(self) -> list[str]:
        """Every card the scenario named for this side, in zone order."""
        out = (self.duel_zone + self.hand + self.online + self.offline + self.digivolve_zone
               + self.power_port + ([self.pending_rookie] if self.pending_rookie else [])
               + (self.deck or []))
        return out


@dataclass
class Position:
    """A whole starting position; see the module docstring."""

    sides: tuple[Side, Side] = field(default_factory=lambda: (Side(), Side()))
    phase: str = "battle"
    step: str | None = None
    first_player: int = 0
    to_move: int | None = None
    coin_toss_winner: int | None = None
    last_duel_winner: int | None = None
    duel: int = 1
    target: int = 1000
    variants: dict[str, str] = field(default_factory=dict)
    extra_cards: list[dict[str, Any]] = field(default_factory=list)
    deck_sizes: list[int] = field(default_factory=lambda: [DECK_SIZE, DECK_SIZE])
    stated: set[str] = field(default_factory=set)  # the facts a Given step fixed
    load_state_reason: str | None = None  # why no legal game reaches it (a Given step says)
    # (player, where, serial): a card of no card set in place of that player's bottom Online
    # card (where "online"), as their pending Rookie change (where "pending_rookie"), or
    # (where "recycle") among the cards of a recycle shuffle due of their Offline pile, their
    # Online deck moved Offline (in place of one of the pile's cards, the zones unchanged), as
    # a Power Option they played this Duel (where "played": in ``plays`` only, not on the
    # Power Port), or as the one card of their further recycle due after the shuffle (where
    # "then": in the resume point's ``then``; a shuffle must be due)
    foreign: list[tuple[int, str, str]] = field(default_factory=list)
    # players whose Online deck has reached zero (moved Offline) with the recycle shuffle of
    # their Offline pile due (DB-D.3); the resume point gives only the fields the state schema
    # requires (phase, step, player to move): nothing is owed
    recycle_due: list[int] = field(default_factory=list)
    # (phase, step) the resume point of the recycle due names instead of the position's own
    # (DB-D.3: play resumes where the recycle stopped it; no game has another)
    resume_at: tuple[str, str] | None = None
    # a resume point written although no recycle shuffle is due (DB-D.3: the resume point
    # exists only while that shuffle is due; the state schema refuses it otherwise)
    stray_resume: bool = False

    # -- card set ------------------------------------------------------------------------------

    def card_set(self) -> dict[str, Any]:
        """The bundled card set, plus the scenario's own cards under a new ID when it has any."""
        base = bundled_card_set()
        if not self.extra_cards:
            return base
        doc = copy.copy(base)
        doc["id"] = f"{base['id']}.scenario"
        doc["name"] = f"{base['name']}, plus cards defined by a scenario"
        doc["cards"] = list(base["cards"]) + list(self.extra_cards)
        doc.pop("missing", None)
        return doc

    def cards(self) -> dict[str, dict[str, Any]]:
        """Card JSON objects by serial (bundled and scenario cards)."""
        return {c["serial"]: c for c in self.card_set()["cards"]}

    # -- decks ----------------------------------------------------------------------------------

    def deck(self, p: int) -> list[str]:
        """Player ``p``'s whole deck: named cards, then fillers."""
        side = self.sides[p]
        named = side.named()
        dupes = sorted({s for s in named if named.count(s) > 1})
        if dupes and not side.allow_duplicates:
            raise PositionError(f"player {p}: card(s) named twice: {', '.join(dupes)}")
        size = self.deck_sizes[p]
        if len(named) > size:
            raise PositionError(f"player {p}: {len(named)} cards named, a deck has {size}")
        pool = [s for s in _filler_pool() if s not in named
                and not (side.no_rookie and s in _rookies())]
        fill = pool[: size - len(named)]
        if not side.no_rookie and fill and not any(s in _rookies() for s in named + fill):
            fill[-1] = next(s for s in pool if s in _rookies())
        return named + fill

    def _placed(self, p: int) -> dict[str, list[str]]:
        """Zones of player ``p`` with fillers placed."""
        s = self.sides[p]
        named = s.named()
        fill = self.deck(p)[len(named):]
        zones = {"hand": list(s.hand), "online": list(s.online), "offline": list(s.offline)}

        def take(n: int, zone: str) -> None:
            if n > len(fill):
                raise PositionError(f"player {p}: not enough cards left for {zone}")
            zones[zone].extend(fill[:n])
            del fill[:n]

        take(s.hand_extra, "hand")
        if s.online_size is not None:
            take(max(0, s.online_size - len(s.online)), "online")
        if s.offline_size is not None:
            take(max(0, s.offline_size - len(s.offline)), "offline")
        if s.deck is not None:
            zones["deck"] = list(s.deck) + fill
            fill = []
        elif s.online_size is None:
            zones["online"].extend(fill)
        elif s.offline_size is None:
            zones["offline"].extend(fill)
        elif fill:
            raise PositionError(
                f"player {p}: {len(fill)} card(s) have no zone (the sizes given leave them out)")
        return zones

    # -- JSON -----------------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """The set-up JSON (``oracle.driver`` form)."""
        return {"ruleset": "digibattle", "card_set": self.card_set(),
                "decks": [self.deck(0), self.deck(1)], "target": self.target,
                "variants": dict(self.variants)}

    def state(self) -> dict[str, Any]:
        """The position as state JSON (``schemas/state.schema.json`` form).

        Every field of ``State.to_json`` is given except ``digimon_power``: it is derived from
        the cards (DB-A.4), optional in a state given as input, and computing it here would
        mean implementing the rule in the test kit; the game under test reports it.
        """
        step = self.step or {"setup": "choose_rookie", "digivolve": "reveal", "battle": "play",
                             "regroup": "discard", "game_over": "over"}[self.phase]
        cards = self.cards()
        players = []
        for p in (0, 1):
            s = self.sides[p]
            z = self._placed(p)
            players.append({
                "deck": z.get("deck", []), "hand": z["hand"], "online": z["online"],
                "offline": z["offline"], "duel_zone": list(s.duel_zone),
                "digivolve_zone": list(s.digivolve_zone), "power_port": list(s.power_port),
                "score": s.score, "passed": s.passed, "digivolved": s.digivolved,
                "pending_rookie": s.pending_rookie, "acted": s.acted or s.digivolved or (
                    s.passed and self.phase == "digivolve"),
            })
        chance = None
        played: list[dict[str, Any]] = []
        then: list[dict[str, Any]] = []
        for p, where, serial in self.foreign:
            if where == "played":
                played.append({"player": p, "card": serial, "held": True})
                continue
            if where == "then":
                then.append({"player": p, "cards": [serial]})
                continue
            if where == "pending_rookie":
                players[p]["pending_rookie"] = serial
                continue
            if where == "recycle":
                me = players[p]
                me["offline"], me["online"] = me["offline"] + me["online"], []
                if not me["offline"]:
                    raise PositionError(f"player {p}: no Offline card to recycle")
                chance = {"kind": "shuffle", "player": p,
                          "cards": sorted(me["offline"][1:] + [serial])}
                continue
            online = players[p]["online"]
            if not online:
                raise PositionError(f"player {p}: no Online card to replace by {serial}")
            online[-1] = serial
        for p in self.recycle_due:
            if chance is not None:
                raise PositionError("only one shuffle can be due")
            me = players[p]
            me["offline"], me["online"] = me["offline"] + me["online"], []
            if not me["offline"]:
                raise PositionError(f"player {p}: no Offline card to recycle")
            chance = {"kind": "shuffle", "player": p, "cards": sorted(me["offline"])}
        plays = [{"player": p, "card": c, "held": True} for p in (0, 1)
                 for c in self.sides[p].power_port
                 if cards[c].get("option_type") == "POWER BLAST"] + played
        to_move = self._to_move(players)
        resume = None
        if chance is not None:  # play resumes where the recycle interrupted it (DB-D.3)
            resume, to_move = {"phase": self.phase, "step": step, "to_move": to_move}, "chance"
            if then:
                resume["then"] = then
            if self.resume_at is not None:
                resume["phase"], resume["step"] = self.resume_at
        elif then:
            raise PositionError("a further recycle needs a shuffle due first")
        elif self.resume_at is not None:
            raise PositionError("a resume point needs a shuffle due")
        elif self.stray_resume:
            resume = {"phase": self.phase, "step": step, "to_move": to_move}
        return {
            "ruleset": "digibattle", "target": self.target, "variants": dict(self.variants),
            "phase": self.phase, "step": step, "to_move": to_move,
            "chance": chance, "duel": self.duel, "first_player": self.first_player,
            "coin_toss_winner": (self.first_player if self.coin_toss_winner is None
                                 else self.coin_toss_winner),
            "last_duel_winner": self.last_duel_winner, "winner": None,
            "end_reason": None, "plays": plays, "resume": resume, "players": players,
        }

    def _to_move(self, players: list[dict[str, Any]]) -> int | None:
        if self.to_move is not None:
            return self.to_move
        if self.phase == "game_over":
            return None
        first = self.first_player
        if self.phase == "battle" and players[first]["passed"]:
            return 1 - first
        if self.phase == "digivolve" and (self.step or "reveal") == "reveal" \
                and players[first]["acted"]:
            return 1 - first
        if self.phase in ("battle", "digivolve"):
            return first
        return 0

"""Starting positions for the DCG scenarios: what the ``Given`` steps say, as set-up JSON plus
state JSON (``ruleset: "dcg"``, see ``oracle.dcg.model.State``).

A scenario names only the cards that matter ("my battle area has a suspended Dracomon ST1-04",
"my deck is empty"). :class:`DcgPosition` turns that into a complete position with **card
conservation**: each player's deck list (50 main cards and 0-5 Digi-Eggs, at most 4 copies of a
card, CR4.2 "Deck construction") is exactly the cards of that player's zones. The deck list is
the cards the scenario names plus filler cards of the REAL card set ``dcg-real``
(``oracle/data/dcg/cards.json``), chosen so that they do nothing where they are put:
security fillers are Gravity Crush BT1-090 first (an Option without a [Security] effect: no
security battle, no effect; one copy only: the official restricted list has limited it to 1
since 2025-09-01, see :func:`copies_allowed`), other fillers are real Digimon without any
text, and a card the scenario names is used as a filler only when nothing else is left. A
scenario that names one of the nine INVENTED test-only cards (``X-nn``,
``oracle/data/dcg/test-only-cards.json``) plays with the card set ``dcg-real+test-only``;
every other scenario with ``dcg-real``.
Fillers go to the hand ("and 3 other cards"), the security stack (5 unless said otherwise), the
deck (all the rest, or exactly the size the scenario gives) and the trash (what is left over).

The set-up names the same deck lists, so the game under test can check conservation itself.
Nothing here knows the rules beyond the zone layout: expected values are written in the feature
files, never computed here.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from oracle.dcg.restricted import load_restricted_list
from oracle.resources import data_dir

MAIN_DECK_SIZE = 50
MAX_EGGS = 5
MAX_COPIES = 4
SECURITY_SIZE = 5

#: Filler order for the hand, deck and trash: real Digimon without any text (19 numbers, 76
#: cards: always enough for a 50-card deck).
_FILLERS = ("ST1-02", "ST1-04", "BT1-009", "ST1-05", "BT1-014", "ST12-05", "BT1-020",
            "BT4-014", "ST1-10", "ST2-02", "ST2-04", "BT1-028", "BT3-020", "ST2-05", "BT7-020",
            "BT2-024", "BT1-038", "BT2-027", "ST2-10")
#: Filler order for security: the Option without a [Security] effect first (a security check
#: of it is no battle and no effect), then Digimon without text.
_SECURITY_FILLERS = ("BT1-090", *_FILLERS)



def copies_allowed(card_id: str) -> int:
    """How many copies of ``card_id`` a scenario deck may hold: 4 (CR4.2 Deck construction),
    or fewer when the newest official restricted list limits the card (Gravity Crush BT1-090
    and Hammer Spark ST2-13: 1). Every scenario plays under the newest list (its set-up names
    no ``format_date``), so its decks must keep it."""
    rl = load_restricted_list()
    limit = rl.in_force(rl.newest)[1].get(card_id)
    return MAX_COPIES if limit is None else min(MAX_COPIES, limit.count)


#: Phase names as the steps write them -> (phase, step) of a position waiting for a decision.
PHASES = {"Breeding": ("breeding", "breeding"), "Main": ("main", "main")}


#: The card set a setup names: the real cards, or the real cards plus the test-only ones.
REAL_SET = "dcg-real"
TEST_ONLY_SET = "dcg-real+test-only"


def _load(name: str) -> dict[str, Any]:
    return json.loads((data_dir() / "dcg" / name).read_text(encoding="utf-8"))


@cache
def cards() -> dict[str, dict[str, Any]]:
    """Card JSON objects by ID: the REAL set plus the test-only cards (``X-nn``)."""
    return {c["id"]: c for doc in ("cards.json", "test-only-cards.json")
            for c in _load(doc)["cards"]}


def is_test_only(card_id: str) -> bool:
    """True for one of the INVENTED test-only cards (``X-nn``)."""
    return card_id.startswith("X-")


def is_egg(card_id: str) -> bool:
    """True for a Digi-Egg card (it belongs in the Digi-Egg deck)."""
    return cards()[card_id]["kind"] == "digi-egg"


class PositionError(ValueError):
    """The scenario describes a position that cannot exist (more than 4 copies of a card, more
    than 50 cards on one side...). This is a mistake in the feature file, not in the game."""


@dataclass
class StackSpec:
    """A card pile in the battle or breeding area: ``cards`` bottom..top."""

    cards: list[str]
    suspended: bool = False
    played_this_turn: bool = False


@dataclass
class PendingSpec:
    """A triggered effect waiting to resolve (only a loaded position has one): the first
    ``timing`` effect of ``card``, controlled by ``player``. ``source``: ``"top"`` — from the
    battle-area stack ``card`` tops; ``"under"`` — from the stack that ``card`` now lies under
    (a Digimon digivolved onto it since the effect triggered); ``"gone"`` — from a stack no
    longer in the battle area (the card left it)."""

    player: int
    card: str
    timing: str
    source: str = "top"


@dataclass
class DcgSide:
    """One player's side as the scenario describes it (zones top first, stacks bottom first).

    ``hand_extra`` counts filler cards asked for in the hand; ``deck_size`` and
    ``security_size`` fix the total size of those zones (None: the deck takes every card left).
    """

    hand: list[str] = field(default_factory=list)
    hand_extra: int = 0
    deck_top: list[str] = field(default_factory=list)
    deck_size: int | None = None
    egg_deck: list[str] = field(default_factory=list)
    breeding_area: StackSpec | None = None
    battle_area: list[StackSpec] = field(default_factory=list)
    security_top: list[str] = field(default_factory=list)
    security_size: int = SECURITY_SIZE
    trash: list[str] = field(default_factory=list)
    hand_exact: bool = False
    security_exact: bool = False

    def named(self) -> list[str]:
        """Every card the scenario named for this side."""
        out = self.hand + self.deck_top + self.egg_deck + self.security_top + self.trash
        if self.breeding_area is not None:
            out += self.breeding_area.cards
        for s in self.battle_area:
            out += s.cards
        return out


@dataclass
class DcgPosition:
    """A whole starting position; see the module docstring. Seats: "I" am 0, "my opponent" 1.

    ``memory`` is from the turn player's side (the state's own convention).
    """

    sides: tuple[DcgSide, DcgSide] = field(default_factory=lambda: (DcgSide(), DcgSide()))
    turn_player: int = 0
    first_player: int = 0
    turn: int | None = None
    phase: str = "main"
    step: str = "main"
    memory: int = 0
    variants: dict[str, str] = field(default_factory=dict)
    memory_stated: bool = False
    first_stated: bool = False
    load_reason: str | None = None
    pending: list[PendingSpec] = field(default_factory=list)
    #: per seat: has that player decided on the mulligan (only a set-up position leaves one
    #: undecided)
    mulligan_decided: list[bool] = field(default_factory=lambda: [True, True])

    # -- decks ----------------------------------------------------------------------------------

    def _fillers(self, p: int) -> dict[str, list[str]]:
        """Filler cards of player ``p`` per zone (``hand``, ``security``, ``deck``, ``trash``)."""
        side = self.sides[p]
        named = side.named()
        main_named = [c for c in named if not is_egg(c)]
        eggs = [c for c in named if is_egg(c)]
        if len(eggs) > MAX_EGGS:
            raise PositionError(f"player {p}: {len(eggs)} Digi-Eggs named; at most {MAX_EGGS}")
        left = MAIN_DECK_SIZE - len(main_named)
        if left < 0:
            raise PositionError(f"player {p}: {len(main_named)} cards named; a deck has 50")
        counts = Counter(named)
        for card, n in counts.items():
            if n > copies_allowed(card):
                raise PositionError(f"player {p}: {n} copies of {card}; at most "
                                    f"{copies_allowed(card)} (CR4.2 Deck construction and the "
                                    "newest official restricted list)")
        used = set(named)

        def take(n: int, order: tuple[str, ...], zone: str) -> list[str]:
            out: list[str] = []
            for pass_ in (0, 1):  # named cards only when nothing else is left
                for card in order:
                    if (card in used) != bool(pass_):
                        continue
                    while len(out) < n and counts[card] < copies_allowed(card):
                        counts[card] += 1
                        out.append(card)
            if len(out) < n:
                raise PositionError(f"player {p}: no filler cards left for the {zone}")
            return out

        security_n = side.security_size - len(side.security_top)
        if security_n < 0:
            raise PositionError(f"player {p}: more security cards named than the stack holds")
        deck_n = (left - side.hand_extra - security_n if side.deck_size is None
                  else side.deck_size - len(side.deck_top))
        trash_n = left - side.hand_extra - security_n - deck_n
        if min(deck_n, trash_n) < 0 or side.hand_extra < 0:
            raise PositionError(f"player {p}: the zone sizes given need more than 50 cards")
        return {
            "hand": take(side.hand_extra, _FILLERS, "hand"),
            "security": take(security_n, _SECURITY_FILLERS, "security"),
            "deck": take(deck_n, _FILLERS, "deck"),
            "trash": take(trash_n, _FILLERS, "trash"),
        }

    def _zones(self, p: int) -> dict[str, Any]:
        side = self.sides[p]
        fill = self._fillers(p)
        return {
            "hand": side.hand + fill["hand"],
            "deck": side.deck_top + fill["deck"],
            "egg_deck": list(side.egg_deck),
            "security": side.security_top + fill["security"],
            "trash": side.trash + fill["trash"],
        }

    def deck_list(self, p: int) -> dict[str, Any]:
        """Player ``p``'s deck list as a deck object ``{"name", "deck", "eggs"}``: exactly the
        cards of that player's zones."""
        z = self._zones(p)
        side = self.sides[p]
        every = z["hand"] + z["deck"] + z["egg_deck"] + z["security"] + z["trash"]
        if side.breeding_area is not None:
            every += side.breeding_area.cards
        for s in side.battle_area:
            every += s.cards
        main = Counter(c for c in every if not is_egg(c))
        eggs = Counter(c for c in every if is_egg(c))
        return {
            "name": f"scenario-seat-{p}",
            "deck": [{"id": c, "count": n} for c, n in sorted(main.items())],
            "eggs": [{"id": c, "count": n} for c, n in sorted(eggs.items())],
        }

    # -- JSON -----------------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """The set-up JSON (``oracle.driver`` form): ruleset, the card set by name
        (``dcg-real+test-only`` when the scenario names a test-only card), both deck lists,
        variants."""
        named = self.sides[0].named() + self.sides[1].named()
        name = TEST_ONLY_SET if any(is_test_only(c) for c in named) else REAL_SET
        return {"ruleset": "dcg", "card_set": {"name": name},
                "decks": [self.deck_list(0), self.deck_list(1)],
                "variants": dict(self.variants)}

    def _turn(self) -> int:
        """Turn 3 or 4 (both players have had a turn) unless the scenario fixed it."""
        if self.turn is not None:
            return self.turn
        return 3 if self.turn_player == self.first_player else 4

    def state(self) -> dict[str, Any]:
        """The position as a DCG state JSON document (no attack; pending effects only as
        :attr:`pending` says)."""
        next_id = 0
        players = []
        for p in (0, 1):
            side = self.sides[p]
            z = self._zones(p)

            def stack(spec: StackSpec) -> dict[str, Any]:
                nonlocal next_id
                next_id += 1
                return {"id": next_id, "cards": list(spec.cards), "suspended": spec.suspended,
                        "played_this_turn": spec.played_this_turn}

            players.append({
                "hand": z["hand"], "deck": z["deck"], "egg_deck": z["egg_deck"],
                "breeding_area": None if side.breeding_area is None else stack(
                    side.breeding_area),
                "battle_area": [stack(s) for s in side.battle_area],
                "security": z["security"], "trash": z["trash"],
                "mulliganed": False, "mulligan_decided": self.mulligan_decided[p],
                "once_per_turn_used": [],
            })
        pending = []
        for spec in self.pending:
            if spec.source == "gone":  # a stack id used before, no longer in play
                next_id += 1
                source = next_id
            else:
                found = [st["id"] for st in players[spec.player]["battle_area"]
                         if (st["cards"][-1] == spec.card) == (spec.source == "top")
                         and spec.card in st["cards"]]
                if len(found) != 1:
                    raise PositionError(f"the effect of {spec.card} waits: expected one stack "
                                        f"with it {'on top' if spec.source == 'top' else 'under'}"
                                        f" its top card, found {len(found)}")
                source = found[0]
            effect = next((i for i, e in enumerate(cards()[spec.card].get("effects", []))
                           if e["timing"] == spec.timing), None)
            if effect is None:
                raise PositionError(f"{spec.card} has no {spec.timing} effect")
            pending.append({"player": spec.player, "card": spec.card, "effect": effect,
                            "source": source, "timing": spec.timing, "delayed": False})
        return {
            "ruleset": "dcg", "turn": self._turn(), "turn_player": self.turn_player,
            "first_player": self.first_player, "phase": self.phase, "step": self.step,
            "memory": self.memory, "chance": None, "pending": pending, "delayed": [],
            "attack": None, "resume_step": None, "winner": None, "reason": None,
            "next_id": next_id, "variants": dict(self.variants), "players": players,
        }

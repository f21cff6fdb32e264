"""A toy Digi-Battle engine: the set-up (rulebook part A) and nothing more.

It is written from the rulebook, not from digiconform's oracle, and knows nothing of the
harness protocol: it has its own state object, its own move methods and its own rejection
codes (:class:`Rejected`), as an engine written elsewhere would. ``adapter.py`` puts the
protocol in front of it. Beyond the set-up it plays nothing: every later move is rejected
with the code ``NOT_IMPLEMENTED``.

Rules implemented (the clause IDs are the adapter's business, not the engine's):

- a deck is 30 cards (``DECK_SIZE``), all different (``DUPLICATE_CARD``), with at least one
  Rookie (``NO_ROOKIE``); every card must exist (``UNKNOWN_CARD``);
- seat 0 then seat 1 choose a Rookie from their own deck (``NOT_YOUR_TURN``,
  ``NOT_A_ROOKIE``);
- each remaining deck of 29 is shuffled (the order is given from outside: the engine never
  draws random numbers), the top 10 cards become the hand and the other 19 the Online deck
  (``BAD_SHUFFLE`` when the order is not exactly those 29 cards);
- then the Digivolve phase begins with seat 0 preparing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


class Rejected(Exception):
    """A move the rules do not allow: ``code`` says which check failed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """One player's cards."""

    deck: list[str]
    rookie: str | None = None
    hand: list[str] = field(default_factory=list)
    online: list[str] = field(default_factory=list)


@dataclass
class Table:
    """The whole game: whose move it is and what is due."""

    seats: list[Seat]
    stage: str = "choose_rookie"  # choose_rookie | shuffle | prepare
    turn: int = 0                 # the seat to move (or the seat whose shuffle is due)


class ToyEngine:
    """The set-up of Digi-Battle. ``levels`` maps card serial -> level (None for a Power
    Option card)."""

    def __init__(self, levels: dict[str, str | None]) -> None:
        self.levels = levels
        self.table: Table | None = None

    def start(self, decks: list[list[str]]) -> Table:
        """A new game with these two decks (seat 0 first)."""
        for deck in decks:
            unknown = [c for c in deck if c not in self.levels]
            if unknown:
                raise Rejected("UNKNOWN_CARD", f"unknown card {unknown[0]}")
            if len(deck) != 30:
                raise Rejected("DECK_SIZE", f"a deck has 30 cards, not {len(deck)}")
            twice = [c for c, n in Counter(deck).items() if n > 1]
            if twice:
                raise Rejected("DUPLICATE_CARD", f"{twice[0]} is in the deck twice")
            if not any(self.levels[c] == "Rookie" for c in deck):
                raise Rejected("NO_ROOKIE", "the deck has no Rookie to start with")
        self.table = Table([Seat(list(d)) for d in decks])
        return self.table

    def choose_rookie(self, seat: int, card: str) -> None:
        """``seat`` puts the Rookie ``card`` from its deck into play."""
        t = self._table("choose_rookie")
        if seat != t.turn:
            raise Rejected("NOT_YOUR_TURN", f"it is seat {t.turn}'s turn, not seat {seat}'s")
        me = t.seats[seat]
        if card not in me.deck or self.levels.get(card) != "Rookie":
            raise Rejected("NOT_A_ROOKIE", f"{card} is not a Rookie in seat {seat}'s deck")
        me.deck.remove(card)
        me.rookie = card
        if seat == 0:
            t.turn = 1
        else:
            t.stage, t.turn = "shuffle", 0

    def cards_to_shuffle(self) -> list[str]:
        """The cards of the shuffle that is due (sorted)."""
        t = self._table("shuffle")
        return sorted(t.seats[t.turn].deck)

    def shuffled(self, seat: int, order: list[str]) -> None:
        """The shuffle of ``seat``'s deck came out as ``order`` (top first): deal."""
        t = self._table("shuffle")
        if seat != t.turn:
            raise Rejected("NOT_YOUR_TURN", f"seat {t.turn}'s deck is due, not seat {seat}'s")
        me = t.seats[seat]
        if sorted(order) != sorted(me.deck):
            raise Rejected("BAD_SHUFFLE", "the order must hold exactly the deck's cards")
        me.hand, me.online, me.deck = list(order[:10]), list(order[10:]), []
        if seat == 0:
            t.turn = 1
        else:
            t.stage, t.turn = "prepare", 0

    def _table(self, stage: str) -> Table:
        if self.table is None:
            raise Rejected("NO_GAME", "no game has been started")
        if self.table.stage != stage:
            raise Rejected("WRONG_STAGE" if self.table.stage != "prepare"
                           else "NOT_IMPLEMENTED",
                           f"not now: the game is at {self.table.stage}")
        return self.table

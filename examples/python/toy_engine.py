"""A Digi-Battle Arena engine of its own: the whole game, from the set-up to the target score.

It is written from the rule texts (the Arena rules insert and its Battle section, the card
texts of the bundled Upper Deck cards read as data), not from digiconform's oracle, and knows
nothing of the harness protocol: it has its own table object, its own move methods and its own
rejection codes (:class:`Rejected`), as an engine written elsewhere would. ``adapter.py`` puts
the protocol in front of it and maps the codes to rule clauses.

How a game goes here (the rulebook's parts A-D):

- **Set-up.** A deck is 30 different cards with a Rookie among them. Seat 0 then seat 1 put a
  Rookie face down; each deck of 29 is shuffled (the order comes from outside: the engine never
  draws random numbers), 10 cards make the hand, 19 the Online deck; the Rookies turn face up.
- **Digivolve phase.** Before the coin toss, seat 0 then seat 1 may put one next-level Digimon
  face down on the Digivolve Zone, if its Digivolve Requirements name the Digimon showing and
  they can be met. A DIGIVICE or ULTRA DIGIVOLVE goes face down on the Power Port *at the same
  time*, as those cards' own texts say ("Place this card face down on Power Port when placing
  next-level Digimon face down on Digivolve Zone"; the rules insert itself sends the reader
  to the card texts for the Digivolve-phase Power Options). The coin toss picks who goes
  first. Each player in turn, the first player first, turns their card over and meets one of
  its requirements (a payment of the printed 1 or 2 cards from the top of the Online deck to
  Offline; the DIGIVICE of the new Digimon's Battle Type committed beforehand; a DNA partner
  from the hand put face up on the Power Port; ULTRA DIGIVOLVE, which sends the rest of the
  hand Offline), or passes: a card left face down is lost Offline, with its DIGIVICE. A
  Digimon rises one level per Duel. If neither player has a card face down, the phase is
  skipped.
- **Battle phase.** From the Duel's first player, players alternate playing one POWER BLAST
  card on their Power Port, its Use Requirements met (cards discarded, cards sent from Online
  to Offline, a Special Ability) and its restrictions kept, or pass; a pass is final, the other
  player goes on alone. A player with nothing playable can only pass. The higher Digimon Power
  (the showing card's power against the opponent's Battle Type, then every active Power
  Option in the order played; conditions are read whenever the power is) wins the Duel.
- **End of a Duel.** "When this Digimon wins" / "if you lose" / tie effects, then the loser's
  Digimon except the Rookie and both Power Ports go Offline, then the winner scores the SCORE
  of their Digimon for the defeated level (doubled by Digi-Duel); the winner goes first next;
  after a tie the same player goes first again.
- **Regroup.** Seat 0 then seat 1: discard any cards, restore the hand to 10 from Online,
  optionally set up a Rookie change (only while a Rookie is showing) and prepare a next-level
  card. The new Duel then begins.
- **Online exhaustion.** Whenever a player's Online deck is empty after a move, every card on
  their side of the board except the Rookie goes Offline, the whole Offline pile is shuffled
  (a chance outcome from outside) and becomes the Online deck; a Regroup draw that ran short
  then finishes.
- **Game end.** As soon as a player's score reaches the target (even mid-Duel, from a "Score
  300 when Digivolving" Mega), that player wins. An optional Duel limit (a referee's
  safeguard) stops an undecided game at the end of that Duel.

A player who has nothing to play in the Digivolve or the Battle phase passes at once: the
engine does not wait for the pass. Preparing a card ends that player's preparation.

Readings (``READINGS``): the engine follows one reading of each unclear point, the ones its
author found most natural; ``adapter.py`` declares them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

LEVELS = ("Rookie", "Champion", "Ultimate", "Mega")
HAND_SIZE = 10
MAX_PAYMENT = 2  # "moving 1 or 2 cards from Online to Offline" (the "[or 3]" is a fan note)

#: The reading this engine follows where the rules can be read more than one way (the
#: project's register IDs). Everything not listed is read the register's default way.
READINGS: dict[str, str] = {"DB-AMB-9": "at-prepare"}


class Rejected(Exception):
    """A move the rules do not allow: ``code`` says which check failed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Card:
    """One card, read from a card-set document."""

    serial: str
    name: str
    kind: str                       # "digimon" | "power_option"
    level: str | None = None
    battle_type: str | None = None
    power: dict[str, int] = field(default_factory=dict)
    abilities: tuple[str, ...] = ()
    score: dict[str, int] = field(default_factory=dict)
    requirements: tuple[dict[str, Any], ...] = ()
    effects: tuple[dict[str, Any], ...] = ()
    option_type: str | None = None
    use_requirements: tuple[dict[str, Any], ...] = ()
    restrictions: tuple[str, ...] = ()
    supported: bool = True

    @property
    def rank(self) -> int:
        return LEVELS.index(self.level) if self.level in LEVELS else -1

    def has_effect(self, kind: str) -> dict[str, Any] | None:
        return next((e for e in self.effects if e.get("kind") == kind), None)


def cards_from_json(doc: dict[str, Any]) -> dict[str, Card]:
    """Serial -> :class:`Card` from a card-set document (``{"cards": [...]}``)."""
    out: dict[str, Card] = {}
    for c in doc["cards"]:
        out[c["serial"]] = Card(
            serial=c["serial"], name=c["name"], kind=c["kind"], level=c.get("level"),
            battle_type=c.get("battle_type"), power=dict(c.get("power") or {}),
            abilities=tuple(c.get("special_abilities") or ()),
            score=dict(c.get("score") or {}),
            requirements=tuple(c.get("digivolve_requirements") or ()),
            effects=tuple(c.get("effects") or ()), option_type=c.get("option_type"),
            use_requirements=tuple(c.get("use_requirements") or ()),
            restrictions=tuple(c.get("restrictions") or ()),
            supported=c.get("supported", True) is not False)
    return out


@dataclass
class Seat:
    """One player's side of the table."""

    deck: list[str]
    hand: list[str] = field(default_factory=list)
    online: list[str] = field(default_factory=list)   # top first
    offline: list[str] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)    # Duel Zone, bottom (the Rookie) first
    face_down: str | None = None                      # the Digivolve Zone card
    committed: str | None = None                      # DIGIVICE/ULTRA placed with it
    port: list[str] = field(default_factory=list)     # Power Port, in play order
    score: int = 0
    passed: bool = False
    digivolved: bool = False
    new_rookie: str | None = None                     # a Rookie change set up in Regroup
    drew: bool = False                                # Regroup: the hand was restored


@dataclass
class Table:
    """The whole game: where it is and whose move it is."""

    seats: list[Seat]
    target: int = 1000
    max_duels: int | None = None
    # choose_rookie | deal | prepare | coin | reveal | battle | regroup | recycle | over
    stage: str = "choose_rookie"
    turn: int = 0            # the seat to move (or whose shuffle is due)
    duel: int = 1
    first: int | None = None           # who goes first this Duel
    coin_winner: int | None = None
    last_winner: int | None = None
    winner: int | None = None
    ended_by: str | None = None        # "target" | "duel_limit"
    duels_ended: int = 0               # Duels played to their end so far
    played: list[tuple[int, str]] = field(default_factory=list)  # Power Blasts, in order
    shuffles: list[tuple[int, list[str]]] = field(default_factory=list)  # recycles due
    owed_draw: tuple[int, int] | None = None   # (seat, cards) still to draw after a recycle
    resume: tuple[str, int] | None = None      # (stage, turn) after the recycles


class ToyEngine:
    """Digi-Battle Arena rules over a card set (serial -> :class:`Card`)."""

    def __init__(self, cards: dict[str, Card]) -> None:
        self.cards = cards
        self.by_name: dict[str, list[Card]] = {}
        for c in cards.values():
            self.by_name.setdefault(c.name, []).append(c)
        self.table: Table | None = None
        self.log: list[str] = []

    # ------------------------------------------------------------------ starting a game

    def start(self, decks: list[list[str]], target: int = 1000,
              max_duels: int | None = None) -> Table:
        """A new game with these two decks (seat 0 first)."""
        if not isinstance(target, int) or not 1 <= target <= 1000:
            raise Rejected("BAD_TARGET_SCORE", f"the target is 1 to 1000 points, not {target}")
        for deck in decks:
            unknown = [c for c in deck if c not in self.cards]
            if unknown:
                raise Rejected("UNKNOWN_CARD", f"unknown card {unknown[0]}")
            odd = [c for c in deck if not self.cards[c].supported]
            if odd:
                raise Rejected("UNSUPPORTED_CARD", f"{odd[0]}'s text is not playable here")
            if len(deck) != 30:
                raise Rejected("DECK_SIZE", f"a deck has 30 cards, not {len(deck)}")
            twice = [c for c, n in Counter(deck).items() if n > 1]
            if twice:
                raise Rejected("DUPLICATE_CARD", f"{twice[0]} is in the deck twice")
            if not any(self.cards[c].level == "Rookie" and self.cards[c].kind == "digimon"
                       for c in deck):
                raise Rejected("NO_ROOKIE", "the deck has no Rookie to start with")
        self.table = Table([Seat(list(d)) for d in decks], target=target, max_duels=max_duels)
        return self.table

    # ------------------------------------------------------------------ helpers

    def card(self, serial: str) -> Card:
        return self.cards[serial]

    def _t(self) -> Table:
        if self.table is None:
            raise Rejected("NO_GAME", "no game has been started")
        if self.table.stage == "over":
            raise Rejected("GAME_OVER", "the game is over")
        return self.table

    def _expect(self, stage: str | tuple[str, ...], seat: int | None) -> Table:
        t = self._t()
        stages = (stage,) if isinstance(stage, str) else stage
        if t.stage not in stages:
            raise Rejected("WRONG_STAGE", f"not now: the game is at {t.stage}")
        if seat is not None and seat != t.turn:
            raise Rejected("NOT_YOUR_TURN", f"it is seat {t.turn}'s move, not seat {seat}'s")
        return t

    def top(self, seat: int) -> Card | None:
        s = self.table.seats[seat] if self.table else None
        return self.card(s.stack[-1]) if s and s.stack else None

    @staticmethod
    def _in_hand(s: Seat, serial: Any) -> None:
        if serial not in s.hand:
            raise Rejected("NOT_IN_HAND", f"{serial} is not in the hand")

    # ------------------------------------------------------------------ A. set-up

    def choose_rookie(self, seat: int, card: str) -> None:
        """``seat`` puts the Rookie ``card`` from its deck face down on the Duel Zone."""
        t = self._expect("choose_rookie", seat)
        me = t.seats[seat]
        if card not in me.deck or self.card(card).level != "Rookie" \
                or self.card(card).kind != "digimon":
            raise Rejected("NOT_A_ROOKIE", f"{card} is not a Rookie in seat {seat}'s deck")
        me.deck.remove(card)
        me.stack = [card]
        if seat == 0:
            t.turn = 1
        else:
            t.stage, t.turn = "deal", 0

    def cards_to_shuffle(self) -> list[str]:
        """The cards of the shuffle that is due (sorted)."""
        t = self._t()
        if t.stage == "deal":
            return sorted(t.seats[t.turn].deck)
        if t.stage == "recycle":
            return sorted(t.shuffles[0][1])
        raise Rejected("NO_SHUFFLE_DUE", "no shuffle is due")

    def shuffled(self, seat: int | None, order: list[str]) -> None:
        """The shuffle that is due came out as ``order`` (top first)."""
        t = self._t()
        if t.stage not in ("deal", "recycle"):
            raise Rejected("NO_SHUFFLE_DUE", "no shuffle is due now")
        due = t.turn if t.stage == "deal" else t.shuffles[0][0]
        if seat is not None and seat != due:
            raise Rejected("NOT_YOUR_TURN", f"seat {due}'s cards are due, not seat {seat}'s")
        if not isinstance(order, list) or sorted(order) != self.cards_to_shuffle():
            raise Rejected("BAD_SHUFFLE", "the order must hold exactly the cards due, once each")
        me = t.seats[due]
        if t.stage == "deal":
            me.hand, me.online, me.deck = list(order[:HAND_SIZE]), list(order[HAND_SIZE:]), []
            if due == 0:
                t.turn = 1
            else:
                t.stage, t.turn = "prepare", 0     # A.3: both Rookies face up
                self._settle()
            return
        # a recycle: the shuffled Offline pile becomes the Online deck
        t.shuffles.pop(0)
        for c in order:
            me.offline.remove(c)
        me.online = list(order)
        self._after_recycle(due)
        if not t.shuffles:
            self._resume()
        self._settle()

    # ------------------------------------------------------------------ B. Digivolve

    def _base(self, s: Seat) -> Card:
        """The Digimon a prepared card must Digivolve from (a new Rookie once set up)."""
        return self.card(s.new_rookie) if s.new_rookie else self.card(s.stack[-1])

    def _digivices(self, cards: list[str], new: Card) -> list[str]:
        out = []
        for c in cards:
            e = self.card(c).has_effect("digivice")
            if e and new.battle_type in e.get("battle_types", ()):
                out.append(c)
        return out

    @staticmethod
    def _matches(spec: dict[str, Any], card: Card) -> bool:
        if card.kind != "digimon":
            return False
        if "name" in spec:
            return card.name == spec["name"]
        return card.level == spec.get("level")

    def _dna_partners(self, s: Seat, new: Card, base: Card, exclude: str) -> list[str]:
        """Hand Digimon that DNA Digivolve ``base`` into ``new`` (both one level below)."""
        out: list[str] = []
        if base.rank != new.rank - 1:
            return out
        for req in new.requirements:
            if req.get("kind") != "dna":
                continue
            a, b = req["partners"]
            for here, other in ((a, b), (b, a)):
                if not self._matches(here, base):
                    continue
                for h in s.hand:
                    hc = self.card(h)
                    if h != exclude and h not in out and self._matches(other, hc) \
                            and hc.rank == new.rank - 1:
                        out.append(h)
        return out

    def _tribute(self, s: Seat, new: Card, base: Card) -> int | None:
        """The smallest payable tribute naming ``base``, or None."""
        counts = [r["offline"] for r in new.requirements
                  if r.get("kind") == "tribute" and r.get("from") == base.name
                  and r["offline"] <= MAX_PAYMENT and r["offline"] <= len(s.online)]
        return min(counts) if counts else None

    def _digivice_named(self, new: Card, base: Card) -> bool:
        return new.level in ("Ultimate", "Mega") and any(
            r.get("kind") == "digivice" and r.get("from") == base.name
            for r in new.requirements)

    def _check_prepare(self, s: Seat, card: str, support: str | None) -> None:
        self._in_hand(s, card)
        new = self.card(card)
        if new.kind != "digimon":
            raise Rejected("NOT_A_DIGIMON", f"{card} is not a Digimon")
        base = self._base(s)
        if new.rank != base.rank + 1:
            raise Rejected("NOT_NEXT_LEVEL",
                           f"{new.name} ({new.level}) is not the next level of {base.name}")
        if support is not None:
            if support == card:
                raise Rejected("BAD_SUPPORT", "the same card cannot be both")
            self._in_hand(s, support)
            sc = self.card(support)
            if sc.has_effect("ultra_digivolve"):
                return
            if sc.has_effect("digivice"):
                if not self._digivice_named(new, base):
                    raise Rejected("REQUIREMENT", f"{new.name} does not Digivolve from "
                                   f"{base.name} with a DIGIVICE")
                if not self._digivices([support], new):
                    raise Rejected("REQUIREMENT", f"{sc.name} does not serve a "
                                   f"{new.battle_type} Digimon")
                return
            raise Rejected("BAD_SUPPORT", f"{sc.name} is not a DIGIVICE or ULTRA DIGIVOLVE")
        if self._tribute(s, new, base) is not None:
            return
        if self._dna_partners(s, new, base, card):
            return
        raise Rejected("REQUIREMENT", f"{new.name} cannot Digivolve from {base.name} now: its "
                       "Digivolve Requirements do not name it or cannot be met")

    def prepare(self, seat: int, card: str, support: str | None = None) -> None:
        """Put ``card`` face down on the Digivolve Zone (with a DIGIVICE / ULTRA DIGIVOLVE
        face down on the Power Port)."""
        t = self._expect(("prepare", "regroup"), seat)
        s = t.seats[seat]
        if t.stage == "regroup" and not s.drew:
            raise Rejected("DRAW_FIRST", "restore the hand before preparing")
        if s.face_down is not None:
            raise Rejected("ZONE_FULL", "a card is already face down on the Digivolve Zone")
        self._check_prepare(s, card, support)
        s.hand.remove(card)
        s.face_down = card
        if support is not None:
            s.hand.remove(support)
            s.port.append(support)
            s.committed = support
        self._end_preparation(seat)   # one card: nothing more to prepare
        self._settle()

    def ready(self, seat: int) -> None:
        """End this seat's preparation without preparing a card."""
        t = self._expect(("prepare", "regroup"), seat)
        if t.stage == "regroup" and not t.seats[seat].drew:
            raise Rejected("DRAW_FIRST", "restore the hand first")
        self._end_preparation(seat)
        self._settle()

    def _end_preparation(self, seat: int) -> None:
        t = self.table
        assert t is not None
        if t.stage == "prepare":
            if seat == 0:
                t.turn = 1
            else:
                t.stage = "coin"
        elif seat == 0:
            t.turn = 1
        else:
            self._new_duel()

    def coin_toss(self, winner: int) -> None:
        """The coin toss (B.1) was won by ``winner``."""
        t = self._t()
        if t.stage != "coin":
            raise Rejected("NO_COIN_DUE", "no coin toss is due")
        if winner not in (0, 1):
            raise Rejected("BAD_COIN", "the winner is seat 0 or 1")
        t.coin_winner = t.first = winner
        self._begin_duel()
        self._settle()

    def _new_duel(self) -> None:
        t = self.table
        assert t is not None
        t.duel += 1
        self._begin_duel()

    def _begin_duel(self) -> None:
        t = self.table
        assert t is not None and t.first is not None
        for s in t.seats:
            s.passed = s.digivolved = s.drew = False
        t.played = []
        if all(s.face_down is None for s in t.seats):
            for p in (t.first, 1 - t.first):   # nothing to Digivolve: straight to Battle
                self._turn_over_rookie(p)
            self._begin_battle()
            return
        t.stage, t.turn = "reveal", t.first

    def _turn_over_rookie(self, seat: int) -> None:
        s = self.table.seats[seat]
        if s.new_rookie is not None:
            s.offline.extend(s.stack)
            s.stack = [s.new_rookie]
            s.new_rookie = None

    def digivolve(self, seat: int, card: str, method: str, support: str | None = None,
                  payment: list[str] | None = None, source: str | None = None) -> None:
        """Turn the Digivolve Zone card over onto the Duel Zone and meet one of its
        requirements (``method``: tribute | digivice | dna | ultra)."""
        t = self._expect("reveal", seat)
        s = t.seats[seat]
        if s.digivolved:
            raise Rejected("ONCE_PER_DUEL", "this Digimon has Digivolved this Duel")
        if s.face_down is None:
            raise Rejected("NOTHING_FACE_DOWN", "there is no card on the Digivolve Zone")
        if card != s.face_down:
            raise Rejected("NOT_FACE_DOWN_CARD", f"{card} is not the Digivolve Zone card")
        new, base = self.card(card), self._base(s)   # a new Rookie turns over with it
        if new.rank != base.rank + 1:
            raise Rejected("NOT_NEXT_LEVEL", f"{new.name} is not the next level of {base.name}")
        if payment or source not in (None, "online"):
            raise Rejected("PAYMENT_SOURCE", "the payment comes from the Online deck")
        committed = self._committed_kind(s)
        if method in ("digivice", "ultra") and committed == method \
                and support not in (None, s.committed):
            raise Rejected("COMMITTED", f"{self.card(s.committed).name} was committed "
                           f"with {new.name}, not {support}")
        pay = 0
        if method == "tribute":
            if support is not None:
                raise Rejected("REQUIREMENT", "a payment needs no other card")
            need = self._tribute(s, new, base)
            if need is None:
                raise Rejected("REQUIREMENT", f"{new.name}'s payment from {base.name} cannot "
                               "be made")
            pay = need
        elif method == "digivice":
            if committed != "digivice":
                raise Rejected("NOT_COMMITTED", "the DIGIVICE goes face down on the Power Port "
                               "when the next-level card is put face down")
            if not self._digivice_named(new, base) or not self._digivices([s.committed], new):
                raise Rejected("REQUIREMENT", f"{new.name} does not Digivolve from {base.name} "
                               "with that DIGIVICE")
        elif method == "dna":
            if support is None or support not in self._dna_partners(s, new, base, card):
                raise Rejected("REQUIREMENT", f"{support} is not a DNA partner for {new.name} "
                               f"over {base.name}")
        elif method == "ultra":
            if committed != "ultra":
                raise Rejected("NOT_COMMITTED", "ULTRA DIGIVOLVE goes face down on the Power "
                               "Port when the next-level card is put face down")
        else:
            raise Rejected("BAD_METHOD", f"unknown method {method!r}")
        # turn it over (with the new Rookie, if a change was set up)
        self._turn_over_rookie(seat)
        s.face_down = None
        s.stack.append(card)
        s.digivolved = True
        if pay:
            s.offline.extend(s.online[:pay])
            del s.online[:pay]
        if method == "dna":
            s.hand.remove(support)
            s.port.append(support)
        if method == "ultra":
            s.offline.extend(s.hand)   # "send the rest of your hand Offline"
            s.hand = []
        s.committed = None   # (a DIGIVICE/ULTRA committed but not used stays on the Port)
        bonus = new.has_effect("score_on_digivolve")
        if bonus:
            self._score(seat, bonus["points"])
        if t.stage != "over":
            self._next_revealer(seat)
        self._settle()

    def _committed_kind(self, s: Seat) -> str | None:
        if s.committed is None:
            return None
        return "ultra" if self.card(s.committed).has_effect("ultra_digivolve") else "digivice"

    def _next_revealer(self, seat: int) -> None:
        t = self.table
        assert t is not None
        if seat == t.first:
            t.turn = 1 - seat
        else:
            self._begin_battle()

    def _pass_digivolve(self, seat: int) -> None:
        t = self.table
        s = t.seats[seat]
        self._turn_over_rookie(seat)
        if s.face_down is not None:  # use it or lose it
            s.offline.append(s.face_down)
            s.face_down = None
            # A DIGIVICE / ULTRA DIGIVOLVE committed with it is lost too: it stays on the
            # Power Port, unused, and goes Offline with the Power Options at the Duel's end.
            s.committed = None
        s.passed = True
        self._next_revealer(seat)

    # ------------------------------------------------------------------ C. Battle

    def _begin_battle(self) -> None:
        t = self.table
        for s in t.seats:
            s.passed = False
        t.stage, t.turn = "battle", t.first

    def active(self, seat: int) -> list[Card]:
        """``seat``'s Power Blasts whose effects apply now, in play order."""
        port = self.table.seats[seat].port
        return [self.card(c) for p, c in self.table.played if p == seat and c in port]

    def abilities(self, seat: int) -> set[str]:
        top = self.top(seat)
        out = set(top.abilities) if top else set()
        for c in self.active(seat):
            for e in c.effects:
                if e.get("kind") == "grant_ability" and self._holds(seat, e):
                    out.add(e["ability"])
        return out

    def _holds(self, seat: int, effect: dict[str, Any]) -> bool:
        """Whether ``effect`` of ``seat``'s card applies now (its "when")."""
        when = effect.get("when")
        if not when:
            return True
        opp, mine = self.top(1 - seat), self.top(seat)
        if opp is None or mine is None:
            return False
        if "opponent_battle_type" in when:
            return opp.battle_type in when["opponent_battle_type"]
        if "opponent_ability" in when:
            return when["opponent_ability"] in self._printed_and_granted(1 - seat)
        if "opponent_higher_level" in when:
            return opp.rank > mine.rank
        return False

    def _printed_and_granted(self, seat: int) -> set[str]:
        top = self.top(seat)
        out = set(top.abilities) if top else set()
        port = self.table.seats[seat].port
        for p, c in self.table.played:
            if p == seat and c in port:
                for e in self.card(c).effects:
                    if e.get("kind") == "grant_ability" and not e.get("when"):
                        out.add(e["ability"])
        return out

    def power(self, seat: int) -> int | None:
        """``seat``'s Digimon Power now (A.4 and the Power Options played, in order)."""
        t = self.table
        mine, opp = self.top(seat), self.top(1 - seat)
        if t is None or mine is None or opp is None:
            return None
        value = mine.power[opp.battle_type]
        ports = [t.seats[0].port, t.seats[1].port]
        for owner, serial in t.played:
            if serial not in ports[owner]:
                continue
            for e in self.card(serial).effects:
                if not self._holds(owner, e):
                    continue
                k = e.get("kind")
                if owner == seat and k == "add_power":
                    value += e["amount"]
                elif owner == seat and k == "multiply_power":
                    value *= e["factor"]
                elif owner != seat and k == "divide_opponent_power":
                    value //= e["divisor"]
        return value

    def _option_problem(self, seat: int, card: str, discard: list[str] | None,
                        target: int | None) -> Rejected | None:
        """Why ``seat`` may not play Power Option ``card`` now, or None."""
        t = self.table
        s, o = t.seats[seat], t.seats[1 - seat]
        if card not in s.hand:
            return Rejected("NOT_IN_HAND", f"{card} is not in the hand")
        c = self.card(card)
        if c.kind != "power_option":
            return Rejected("NOT_A_POWER_OPTION", f"{c.name} is not a Power Option card")
        if c.option_type != "POWER BLAST" or "digivolve_phase_only" in c.restrictions:
            return Rejected("DIGIVOLVE_CARD", f"{c.name} is used only in the Digivolve phase")
        top = self.top(seat)
        for r in c.restrictions:
            if r == "not_with_rookie_showing" and top is not None and top.level == "Rookie":
                return Rejected("RESTRICTION", f"{c.name} cannot be used with a Rookie showing")
            if r == "not_after_opponent_passes" and o.passed:
                return Rejected("RESTRICTION", f"{c.name} cannot be used after the opponent "
                                "passed")
            if r == "once_per_duel" and any(p == seat and self.card(x).name == c.name
                                            for p, x in t.played):
                return Rejected("RESTRICTION", f"only one {c.name} per Duel")
        want_discard = 0
        for u in c.use_requirements:
            k = u.get("kind")
            if k == "discard_from_hand":
                want_discard += u["count"]
            elif k == "online_to_offline" and len(s.online) < u["count"]:
                return Rejected("USE_REQUIREMENT", f"{c.name} needs {u['count']} Online cards "
                                f"sent Offline; {len(s.online)} are Online")
            elif k == "own_ability" and u["ability"] not in self.abilities(seat):
                return Rejected("USE_REQUIREMENT", f"{c.name} needs Special Ability "
                                f"{u['ability']!r}")
        given = list(discard or [])
        if len(given) != want_discard:
            return Rejected("USE_REQUIREMENT", f"{c.name} needs {want_discard} card(s) sent "
                            f"from the hand Offline, not {len(given)}")
        if len(set(given)) != len(given) or any(g not in s.hand or g == card for g in given):
            return Rejected("USE_REQUIREMENT", "the discarded cards must be other cards of the "
                            "hand, each once")
        if c.has_effect("downgrade_champion"):
            if target not in (0, 1):
                return Rejected("BAD_TARGET", f"{c.name} needs the player whose Champion it "
                                "sends Offline")
            victim = self.top(target)
            if victim is None or victim.level != "Champion" or len(t.seats[target].stack) < 2:
                return Rejected("BAD_TARGET", f"seat {target} shows no Champion to downgrade")
        elif target is not None:
            return Rejected("BAD_TARGET", f"{c.name} takes no target")
        return None

    def play_option(self, seat: int, card: str, discard: list[str] | None = None,
                    target: int | None = None) -> None:
        """Put a POWER BLAST card from hand on the Power Port, its Use Requirements met."""
        t = self._expect("battle", None)
        s = t.seats[seat]
        if seat != t.turn:
            raise Rejected("ALREADY_PASSED" if s.passed else "NOT_YOUR_TURN",
                           f"it is seat {t.turn}'s turn, not seat {seat}'s")
        if s.passed:
            raise Rejected("ALREADY_PASSED", "a pass is final")
        problem = self._option_problem(seat, card, discard, target)
        if problem:
            raise problem
        c = self.card(card)
        s.hand.remove(card)
        s.port.append(card)
        t.played.append((seat, card))
        for g in discard or []:
            s.hand.remove(g)
            s.offline.append(g)
        for u in c.use_requirements:
            if u.get("kind") == "online_to_offline":
                n = u["count"]
                s.offline.extend(s.online[:n])
                del s.online[:n]
        if c.has_effect("downgrade_champion") and target is not None:
            v = t.seats[target]
            v.offline.append(v.stack.pop())
        other = t.seats[1 - seat]
        if not other.passed:
            t.turn = 1 - seat
        self._settle()

    def pass_(self, seat: int) -> None:
        """Say "Pass" (Digivolve phase: give up the face-down card; Battle: stop playing)."""
        t = self._t()
        if t.stage == "reveal":
            self._expect("reveal", seat)
            self._pass_digivolve(seat)
        elif t.stage == "battle":
            s = t.seats[seat]
            if s.passed:
                raise Rejected("ALREADY_PASSED", "this player has passed already")
            self._expect("battle", seat)
            s.passed = True
            if t.seats[1 - seat].passed:
                self._end_duel()
            else:
                t.turn = 1 - seat
        else:
            raise Rejected("WRONG_STAGE", f"nothing to pass at {t.stage}")
        self._settle()

    def _mill(self, seat: int, n: int) -> None:
        s = self.table.seats[seat]
        s.offline.extend(s.online[:n])
        del s.online[:n]

    def _lose_digimon(self, seat: int) -> None:
        s = self.table.seats[seat]
        s.offline.extend(s.stack[1:])
        del s.stack[1:]

    def _end_duel(self) -> None:
        t = self.table
        assert t is not None and t.first is not None
        p0, p1 = self.power(0), self.power(1)
        assert p0 is not None and p1 is not None
        t.duels_ended += 1
        if p0 != p1:
            w = 0 if p0 > p1 else 1
            lo = 1 - w
            win_card, lost_card = self.top(w), self.top(lo)
            points = win_card.score[lost_card.level]
            if any(c.has_effect("double_score_on_win") for c in self.active(w)):
                points *= 2
            nanimon = win_card.has_effect("mill_opponent_on_win")
            if nanimon:
                self._mill(lo, nanimon["count"])
            for c in self.active(lo):
                blitz = c.has_effect("mill_opponent_on_loss")
                if blitz:
                    self._mill(w, blitz["count"])
            self._lose_digimon(lo)
            self._clear_ports()
            t.first = t.last_winner = w
            self._score(w, points)
        else:
            for p in (0, 1):
                if self.top(p).has_effect("opponent_digimon_offline_on_tie"):
                    self._lose_digimon(1 - p)
            self._clear_ports()
            # the player who went first goes first again
        if t.stage == "over":
            return
        if t.max_duels is not None and t.duel >= t.max_duels:
            t.stage, t.turn, t.ended_by = "over", 0, "duel_limit"
            return
        for s in t.seats:
            s.passed = False
            s.drew = False
        t.played = []
        t.stage, t.turn = "regroup", 0

    def _clear_ports(self) -> None:
        for s in self.table.seats:
            s.offline.extend(s.port)
            s.port = []
            s.committed = None

    def _score(self, seat: int, points: int) -> None:
        t = self.table
        t.seats[seat].score += points
        if t.seats[seat].score >= t.target:
            t.winner, t.stage, t.ended_by = seat, "over", "target"

    # ------------------------------------------------------------------ D. Regroup

    def discard(self, seat: int, card: str) -> None:
        """Before restoring the hand: send one card from hand Offline."""
        t = self._expect("regroup", seat)
        s = t.seats[seat]
        if s.drew:
            raise Rejected("ALREADY_DREW", "discards come before the hand is restored")
        self._in_hand(s, card)
        s.hand.remove(card)
        s.offline.append(card)
        self._settle()

    def draw(self, seat: int) -> None:
        """Restore the hand to 10 cards from the Online deck."""
        t = self._expect("regroup", seat)
        s = t.seats[seat]
        if s.drew:
            raise Rejected("ALREADY_DREW", "the hand is restored once per Regroup")
        s.drew = True
        need = max(0, HAND_SIZE - len(s.hand))
        got = min(need, len(s.online))
        s.hand.extend(s.online[:got])
        del s.online[:got]
        if need > got:
            t.owed_draw = (seat, need - got)
        self._settle()

    def change_rookie(self, seat: int, card: str) -> None:
        """Set up a Rookie change: the new Rookie face down on top of the old one."""
        t = self._expect("regroup", seat)
        s = t.seats[seat]
        if not s.drew:
            raise Rejected("DRAW_FIRST", "restore the hand first")
        if s.new_rookie is not None:
            raise Rejected("ALREADY_CHANGING", "a Rookie change is already set up")
        if s.face_down is not None:
            raise Rejected("ALREADY_PREPARED", "the Rookie change comes before preparing")
        if self.card(s.stack[-1]).level != "Rookie":
            raise Rejected("ROOKIE_NOT_SHOWING", "the Rookie can be changed only while it is "
                           "the Digimon showing")
        self._in_hand(s, card)
        if self.card(card).kind != "digimon" or self.card(card).level != "Rookie":
            raise Rejected("NOT_A_ROOKIE", f"{card} is not a Rookie")
        s.hand.remove(card)
        s.new_rookie = card
        self._settle()

    # ------------------------------------------------------------------ D.2/D.3 recycling

    def _recyclable(self, seat: int) -> bool:
        s = self.table.seats[seat]
        return not s.online and bool(s.offline or s.stack[1:] or s.port or s.face_down)

    def _start_recycle(self, seat: int) -> None:
        """All cards on ``seat``'s side of the board except the Rookie go Offline; the whole
        Offline pile is to be shuffled into the Online deck."""
        t = self.table
        s = t.seats[seat]
        s.offline.extend(s.stack[1:])
        del s.stack[1:]
        if s.face_down is not None:
            s.offline.append(s.face_down)
            s.face_down = None
        s.offline.extend(s.port)
        s.port = []
        s.committed = None
        if len(s.offline) < 2:   # one order only: no shuffle needed
            s.online, s.offline = list(s.offline), []
            self._after_recycle(seat)
            return
        if t.resume is None:
            t.resume = (t.stage, t.turn)
        t.shuffles.append((seat, list(s.offline)))
        t.stage = "recycle"

    def _after_recycle(self, seat: int) -> None:
        t = self.table
        if t.owed_draw and t.owed_draw[0] == seat:
            s = t.seats[seat]
            n = min(t.owed_draw[1], len(s.online))
            s.hand.extend(s.online[:n])
            del s.online[:n]
            t.owed_draw = None

    def _resume(self) -> None:
        t = self.table
        assert t.resume is not None
        t.stage, t.turn = t.resume
        t.resume = None

    # ------------------------------------------------------------------ flow

    def _settle(self) -> None:
        """After a move: recycle any empty Online deck, then pass for a player who has
        nothing else to do in the Digivolve or the Battle phase."""
        t = self.table
        for _ in range(200):
            if t.stage in ("over", "recycle", "deal", "choose_rookie", "coin"):
                return
            empty = [p for p in (0, 1) if self._recyclable(p)]
            if empty:
                for p in empty:
                    if t.stage != "recycle" or all(q != p for q, _ in t.shuffles):
                        self._start_recycle(p)
                if t.stage == "recycle":
                    return
                continue
            if t.owed_draw is not None:   # nothing left anywhere to draw from
                t.owed_draw = None
            if t.stage not in ("reveal", "battle"):
                return
            moves = self.legal_moves()
            if len(moves) != 1:   # a player with nothing to play can only pass
                return
            name, args = moves[0]
            self.log.append(f"auto {name} {args}")
            self._auto_pass(**args)
        raise RuntimeError("the engine went round in circles")

    def _auto_pass(self, seat: int) -> None:
        t = self.table
        if t.stage == "reveal":
            self._pass_digivolve(seat)
        else:
            t.seats[seat].passed = True
            if t.seats[1 - seat].passed:
                self._end_duel()
            else:
                t.turn = 1 - seat

    def legal_moves(self) -> list[tuple[str, dict[str, Any]]]:
        """Every move of the player to move: ``(name, arguments)``; empty at a chance node or
        when the game is over."""
        t = self.table
        if t is None or t.stage in ("over", "deal", "coin", "recycle"):
            return []
        p = t.turn
        s = t.seats[p]
        out: list[tuple[str, dict[str, Any]]] = []
        if t.stage == "choose_rookie":
            return [("choose_rookie", {"seat": p, "card": c}) for c in s.deck
                    if self.card(c).level == "Rookie" and self.card(c).kind == "digimon"]
        if t.stage == "prepare" or (t.stage == "regroup" and s.drew):
            if t.stage == "regroup" and s.new_rookie is None and s.face_down is None \
                    and self.card(s.stack[-1]).level == "Rookie":
                out += [("change_rookie", {"seat": p, "card": c}) for c in s.hand
                        if self.card(c).kind == "digimon" and self.card(c).level == "Rookie"]
            if s.face_down is None:
                for c in s.hand:
                    for sup in [None, *s.hand]:
                        try:
                            self._check_prepare(s, c, sup)
                        except Rejected:
                            continue
                        out.append(("prepare", {"seat": p, "card": c, "support": sup}))
            out.append(("ready", {"seat": p}))
            return out
        if t.stage == "regroup":
            out += [("discard", {"seat": p, "card": c}) for c in s.hand]
            out.append(("draw", {"seat": p}))
            return out
        if t.stage == "reveal":
            if s.face_down is not None and not s.digivolved:
                new, base = self.card(s.face_down), self._base(s)
                if new.rank == base.rank + 1:
                    kind = self._committed_kind(s)
                    if kind == "ultra" or (kind == "digivice" and self._digivice_named(new, base)
                                           and self._digivices([s.committed], new)):
                        out.append(("digivolve", {"seat": p, "card": s.face_down,
                                                  "method": kind, "support": s.committed}))
                    if self._tribute(s, new, base) is not None:
                        out.append(("digivolve", {"seat": p, "card": s.face_down,
                                                  "method": "tribute"}))
                    for h in self._dna_partners(s, new, base, s.face_down):
                        out.append(("digivolve", {"seat": p, "card": s.face_down,
                                                  "method": "dna", "support": h}))
            out.append(("pass", {"seat": p}))
            return out
        if t.stage == "battle":
            if not s.passed:
                for c in s.hand:
                    card = self.card(c)
                    if card.kind != "power_option":
                        continue
                    n = sum(u["count"] for u in card.use_requirements
                            if u.get("kind") == "discard_from_hand")
                    others = [h for h in s.hand if h != c]
                    discards = [[]] if n == 0 else _combinations(others, n)
                    targets: list[int | None] = [0, 1] if card.has_effect(
                        "downgrade_champion") else [None]
                    for d in discards:
                        for tg in targets:
                            if self._option_problem(p, c, d, tg) is None:
                                out.append(("play_option", {"seat": p, "card": c,
                                                            "discard": d, "target": tg}))
                out.append(("pass", {"seat": p}))
            return out
        return out

    def digimon_power(self) -> list[int] | None:
        """Both players' Digimon Power, or None while a Duel Zone is empty."""
        a, b = self.power(0), self.power(1)
        return None if a is None or b is None else [a, b]


def _combinations(items: list[str], n: int) -> list[list[str]]:
    if n == 0:
        return [[]]
    out: list[list[str]] = []
    for i, x in enumerate(items):
        for rest in _combinations(items[i + 1:], n - 1):
            out.append([x, *rest])
    return out

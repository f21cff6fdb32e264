"""A small Digimon Card Game engine (chapter 6 turn flow) on the ST-1 and ST-2 starter cards.

Written from the rule texts (``docs/rules/seeds/003_*.txt`` chapter 6,
``docs/rules/DCG-CONTEXT.md``, ``docs/rules/CLAUSES.md``) and the printed card texts
(``cards.json`` beside this file), with the standard library only. It knows nothing of the
digiconform protocol: ``adapter.py`` puts the protocol in front of it.

What it plays: set-up (shuffles given from outside, rock-paper-scissors, the mulligan, 5
security cards), the Unsuspend, Draw, Breeding and Main phases, playing, digivolving (with
its draw), Options, attacks with security checks and battles, [Start of Your Turn], [Main],
[When Attacking], [Security] effects and "at end of turn" pending processing, the turn-end
condition and the end of turn with its postponement (6-6-4), deck-out and the direct-attack
win. Chance is an action: the engine never draws a random number.

Card texts are played from their printed wording (``TEXTS``); a card with a text the engine
does not know is refused when a deck holds it (``Rejected("UNSUPPORTED_CARD", ...)``).
The rules' unclear points are played one way (``READINGS``: the register's defaults).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: The reading this engine plays of each unclear point (docs/AMBIGUITIES.md): the defaults.
#: DCG-AMB-5 (when the "If ..." of a triggered effect is checked; being registered for issue
#: 25): on resolution, as ``_resolve`` reads Matt Ishida's condition.
READINGS = {"DCG-AMB-1": "same-phase", "DCG-AMB-2": "set-to-3",
            "DCG-AMB-3": "turn-player-chooses", "DCG-AMB-4": "mulligan",
            "DCG-AMB-5": "on-resolution"}

#: Printed texts this engine plays -> what they do. Every text of a card must be here (or
#: empty) for the card to be playable.
TEXTS: dict[str, tuple[str, ...]] = {
    "": (),
    # inherited (while under another card of the same stack), during your turn
    "[Your Turn] This Digimon gets +1000 DP.": ("dp_your_turn", "1000"),
    "[Your Turn] While this Digimon has 4 or more digivolution cards, it gets +1000 DP.":
        ("dp_your_turn_4_sources", "1000"),
    "[Your Turn] This Digimon gets +1000 DP when battling an opponent's Digimon that has no "
    "digivolution cards.": ("dp_vs_no_sources", "1000"),
    # a Tamer's
    "[Your Turn] All of your Digimon get +1000 DP.": ("all_dp_your_turn", "1000"),
    "[Start of Your Turn] If your opponent has a Digimon with no digivolution cards, gain 1 "
    "memory.": ("start_gain_if_opp_no_sources", "1"),
    "[Security] Play this card without paying its memory cost.": ("security_play_self",),
    # Options
    "[Main] Gain 1 memory.": ("main_gain", "1"),
    "[Security] Gain 2 memory.": ("security_gain", "2"),
    # ST1-14 Starlight Explosion: a lasting DP boost of its owner's Security Digimon (the
    # Digimon revealed from their security in a security check), to the end of a turn
    "[Main] All of your Security Digimon get +7000 DP until the end of your opponent's next "
    "turn.": ("security_dp", "7000", "opponents_next_turn"),
    "[Security] All of your Security Digimon get +7000 DP for the turn.":
        ("security_dp", "7000", "turn"),
    # Two texts of real cards outside ST-1/ST-2 (with --cards: the same kinds of effect)
    "[When Attacking] Gain 3 memory. At end of turn, lose 3 memory.":
        ("attack_gain_then_lose", "3"),
    "[Main] Gain 2 memory. At end of turn, lose 2 memory.": ("main_gain_then_lose", "2"),
}


class Rejected(Exception):
    """A move or set-up the engine will not take: ``code`` says why (the adapter maps it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Card:
    """One card as printed."""

    id: str
    name: str
    kind: str  # digi-egg, digimon, tamer, option
    colors: tuple[str, ...]
    level: int | None
    dp: int | None
    play_cost: int | None
    digivolve: tuple[tuple[int, str, int], ...]  # (level, colour, cost)
    text: str
    inherited: str
    security: str

    def unknown_texts(self) -> list[str]:
        """The texts of this card the engine does not play."""
        return [t for t in (self.text, self.inherited, self.security) if t not in TEXTS]


def load_cards(path: Path | None = None) -> dict[str, Card]:
    """Card ID -> Card, from a card list (``cards.json`` beside this file by default; any
    document with ``cards`` of the same fields, e.g. a digiconform DCG card set)."""
    doc = json.loads((path or HERE / "cards.json").read_text(encoding="utf-8"))
    out = {}
    for c in doc["cards"]:
        out[c["id"]] = Card(
            c["id"], c.get("name", c["id"]), c["kind"], tuple(c.get("colors", ())),
            c.get("level"), c.get("dp"), c.get("play_cost"),
            tuple((d["level"], d["color"], d["cost"]) for d in c.get("digivolve", ())),
            c.get("text", "") or "", c.get("inherited_text", "") or "",
            c.get("security_text", "") or "")
    return out


@dataclass
class Stack:
    """A pile of cards in the breeding or battle area, bottom first."""

    id: int
    cards: list[str]
    suspended: bool = False
    played_this_turn: bool = False


@dataclass
class Seat:
    """One player's zones. ``deck``, ``eggs`` and ``security`` are top first."""

    deck: list[str]
    eggs: list[str]
    hand: list[str] = field(default_factory=list)
    breeding: Stack | None = None
    battle: list[Stack] = field(default_factory=list)
    security: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    decided: bool = False


@dataclass(frozen=True)
class Effect:
    """An effect waiting to resolve: what it does and for whom."""

    player: int
    card: str
    what: tuple[str, ...]
    delayed: bool = False


PHASE_OF = {"start_of_turn": "unsuspend", "unsuspend": "unsuspend", "draw": "draw",
            "breeding": "breeding", "main": "main"}


class Game:
    """One game. ``stage`` is where it stands: ``shuffle`` (the shuffles in ``due`` are
    owed), ``first`` (rock-paper-scissors is owed), ``mulligan`` (player ``deciding`` keeps
    or takes the mulligan), ``mulligan_shuffle`` (their deck is owed a shuffle), then a
    turn's steps (``start_of_turn``, ``draw``, ``breeding``, ``main``, ``end_of_turn``, where
    ``resume`` is the step it began in) and ``over``. ``memory`` is from the turn player's
    side (positive: theirs)."""

    def __init__(self, cards: dict[str, Card], decks: list[tuple[list[str], list[str]]]
                 ) -> None:
        self.cards = cards
        self.seats = [Seat(list(d), list(e)) for d, e in decks]  # in deck-list order
        self.turn = 0
        self.turn_player = 0
        self.first: int | None = None
        self.memory = 0  # from the turn player's side
        self.stage = "shuffle"
        self.resume: str | None = None
        self.deciding = 0
        self.due: list[tuple[int, str]] = [
            (p, z) for p in (0, 1) for z in ("deck", "eggs")
            if self._zone(p, z)]  # an empty Digi-Egg deck is not shuffled
        self.pending: list[Effect] = []
        self.delayed: list[Effect] = []
        #: lasting "+X DP to all of your Security Digimon": (player, X, the turn at whose
        #: end it ends)
        self.security_boosts: list[tuple[int, int, int]] = []
        self.next_id = 0
        self.winner: int | None = None
        self.reason: str | None = None
        if not self.due:
            self.stage = "first"

    # --------------------------------------------------------------- small helpers

    def _zone(self, p: int, z: str) -> list[str]:
        return self.seats[p].deck if z == "deck" else self.seats[p].eggs

    def to_move(self) -> int | str | None:
        """Who acts next: a seat, "chance", or None at game over."""
        if self.stage == "over":
            return None
        if self.stage in ("shuffle", "first", "mulligan_shuffle"):
            return "chance"
        if self.stage == "mulligan":
            return self.deciding
        return self.turn_player

    def phase(self) -> str:
        """The phase label (6-1-2); end of turn keeps the phase where it began."""
        if self.stage == "over":
            return "game_over"
        if self.stage in ("shuffle", "first", "mulligan", "mulligan_shuffle"):
            return "setup"
        step = self.resume if self.stage == "end_of_turn" else self.stage
        return PHASE_OF[step or "main"]

    def shuffle_due(self) -> tuple[int, str] | None:
        """(player, "deck" or "eggs") of the shuffle due, if any."""
        if self.stage == "shuffle":
            return self.due[0]
        if self.stage == "mulligan_shuffle":
            return (self.deciding, "deck")
        return None

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def _gain(self, player: int, n: int) -> None:
        """``player`` gains ``n`` memory (negative: loses), never past 10 either way."""
        delta = n if player == self.turn_player else -n
        self.memory = max(-10, min(10, self.memory + delta))

    def _expect(self, player: Any, stage: str | tuple[str, ...], code: str) -> None:
        if self.stage == "over":
            raise Rejected("GAME_OVER", "the game is over")
        if self.stage in ("shuffle", "first", "mulligan_shuffle"):
            raise Rejected("CHANCE_DUE", "a chance outcome is due")
        if player != self.to_move():
            raise Rejected("NOT_YOUR_TURN", f"player {self.to_move()} is to move")
        stages = (stage,) if isinstance(stage, str) else stage
        if self.stage not in stages or (self.pending and self.stage != "end_of_turn"
                                        and code != "NOT_PENDING"):
            raise Rejected(code, f"not now ({self.stage})")

    def _effects(self, card: str, which: str) -> tuple[str, ...]:
        c = self.cards[card]
        return TEXTS[{"text": c.text, "inherited": c.inherited, "security": c.security}[which]]

    # --------------------------------------------------------------- set-up

    def shuffled(self, player: int, deck: str, order: list[str]) -> None:
        """A shuffle's outcome: ``order`` (top first) of exactly the cards of that deck."""
        due = self.shuffle_due()
        if due is None:
            raise Rejected("NO_CHANCE_DUE", "no shuffle is due")
        zone = "eggs" if deck == "egg_deck" else "deck"
        if (player, zone) != due:
            raise Rejected("BAD_SHUFFLE", f"the shuffle due is player {due[0]}'s {due[1]}")
        cards = self._zone(*due)
        if sorted(order) != sorted(cards):
            raise Rejected("BAD_SHUFFLE", "the order is not exactly the cards of that deck")
        cards[:] = list(order)
        if self.stage == "shuffle":
            self.due.pop(0)
            if not self.due:
                self.stage = "first"
        else:  # the mulligan's new hand
            seat = self.seats[player]
            seat.hand, seat.deck = seat.deck[:5], seat.deck[5:]
            self._decided()

    def rock_paper_scissors(self, winner: int) -> None:
        """The winner goes first; both draw 5; the mulligan decisions start with them."""
        if self.stage != "first":
            raise Rejected("NO_CHANCE_DUE", "rock-paper-scissors is not due")
        self.first = self.turn_player = winner
        for s in self.seats:
            s.hand, s.deck = s.deck[:5], s.deck[5:]
        self.stage, self.deciding = "mulligan", winner

    def keep(self, player: int) -> None:
        """Keep the hand (CR4.2 Mulligan)."""
        self._expect(player, "mulligan", "NOT_MULLIGAN")
        self._decided()

    def mulligan(self, player: int) -> None:
        """Return the hand, then the deck is shuffled (a chance outcome) and 5 are drawn."""
        self._expect(player, "mulligan", "NOT_MULLIGAN")
        seat = self.seats[player]
        seat.deck = seat.deck + seat.hand  # under the deck, then the shuffle
        seat.hand = []
        self.stage = "mulligan_shuffle"

    def _decided(self) -> None:
        self.seats[self.deciding].decided = True
        other = 1 - self.deciding
        if not self.seats[other].decided:
            self.stage, self.deciding = "mulligan", other
            return
        for s in self.seats:  # 5 security cards one at a time: the top card ends lowest
            top5, s.deck = s.deck[:5], s.deck[5:]
            s.security = list(reversed(top5))
        self.memory = 0
        self.turn, self.turn_player = 1, self.first or 0
        self._start_turn()

    # --------------------------------------------------------------- the turn flow

    def _start_turn(self) -> None:
        """6-2-1-1: start-of-turn effects trigger before anything unsuspends."""
        self.stage, self.resume = "start_of_turn", None
        p = self.turn_player
        for st in self.seats[p].battle:  # (not the breeding area: CR4.2 Breeding area)
            what = self._effects(st.cards[-1], "text")
            if what and what[0].startswith("start_"):
                self.pending.append(Effect(p, st.cards[-1], what))
        self._settle()

    def _turn_end_condition(self) -> bool:
        """6-1-4-1: memory 1 or more on the opponent's side, nothing left to resolve."""
        return self.memory < 0 and not self.pending

    def _settle(self) -> None:
        """Run the game on until a player has a choice (or it is over)."""
        while self.stage != "over":
            if self.pending:
                if len({(e.card, e.what) for e in self.pending}) > 1:
                    return  # the turn player chooses the order (DCG-AMB-3)
                self._resolve(0)
                continue
            if self.stage == "end_of_turn":
                if self.memory >= 0:  # 6-6-4: postponed, the phase goes on
                    self.stage, self.resume = self.resume or "main", None
                    continue
                self._next_turn()
                return
            if self._turn_end_condition():
                self._begin_end_of_turn()
                continue
            if self.stage == "start_of_turn":
                for st in self.seats[self.turn_player].battle:  # 6-2-1
                    st.suspended = False
                b = self.seats[self.turn_player].breeding
                if b:
                    b.suspended = False
                self.stage = "draw"
            elif self.stage == "draw":
                seat = self.seats[self.turn_player]
                if self.turn != 1:  # 6-3-1-1: not in the first player's first turn
                    if not seat.deck:
                        self.winner, self.reason = 1 - self.turn_player, "deck_out"
                        self.stage = "over"
                        return
                    seat.hand.append(seat.deck.pop(0))
                self.stage = "breeding"
            else:
                return  # breeding or main: the turn player acts

    def _begin_end_of_turn(self) -> None:
        """6-6-1: end of turn in the phase where it began; delayed processing joins."""
        self.resume = self.stage
        self.stage = "end_of_turn"
        self.pending.extend(self.delayed)
        self.delayed = []

    def _next_turn(self) -> None:
        """6-6-3: the other player's turn, at the memory the gauge shows."""
        for s in self.seats:
            for st in s.battle:
                st.played_this_turn = False
            if s.breeding:
                s.breeding.played_this_turn = False
        # what lasts "for the turn" or "until the end of ..." this turn ends with it
        self.security_boosts = [b for b in self.security_boosts if b[2] > self.turn]
        self.turn += 1
        self.turn_player = 1 - self.turn_player
        self.memory = -self.memory
        self._start_turn()

    def _resolve(self, index: int) -> None:
        e = self.pending.pop(index)
        kind, *args = e.what
        n = int(args[0]) if args else 0
        if kind == "start_gain_if_opp_no_sources":
            opp = self.seats[1 - e.player]
            if any(len(st.cards) == 1 and self.cards[st.cards[0]].kind == "digimon"
                   for st in opp.battle):
                self._gain(e.player, n)
        elif kind in ("main_gain", "security_gain"):
            self._gain(e.player, n)
        elif kind == "security_dp":
            # "for the turn": to the end of this turn; "until the end of your opponent's next
            # turn": of the next turn if it is the player's own turn now, else of this one
            last = self.turn
            if args[1] == "opponents_next_turn":
                last += 1 if e.player == self.turn_player else 2
            self.security_boosts.append((e.player, n, last))
        elif kind in ("attack_gain_then_lose", "main_gain_then_lose"):
            if e.delayed:
                self._gain(e.player, -n)
            else:
                self._gain(e.player, n)
                self.delayed.append(Effect(e.player, e.card, e.what, delayed=True))

    def choose(self, player: int) -> None:
        """A ``choose`` (an effect's targets, a block): this engine plays no card that asks
        for a choice, so none is ever due (DCG-6-1-3)."""
        self._expect(player, (), "NO_CHOICE")  # (game over, a chance due, out of turn first)

    def resolve(self, player: int, index: int) -> None:
        """The turn player picks the pending effect that resolves next."""
        if self.stage == "over":
            raise Rejected("GAME_OVER", "the game is over")
        if player != self.to_move():
            raise Rejected("NOT_YOUR_TURN", f"player {self.to_move()} is to move")
        if not 0 <= index < len(self.pending):
            raise Rejected("NOT_PENDING", f"no pending effect at {index}")
        self._resolve(index)
        self._settle()

    # --------------------------------------------------------------- breeding (6-4)

    def hatch(self, player: int) -> None:
        """6-4-1-1: the top Digi-Egg, face up, into the empty breeding area."""
        self._expect(player, "breeding", "NOT_BREEDING")
        s = self.seats[player]
        if not s.eggs or s.breeding is not None:
            raise Rejected("CANNOT_HATCH", "no Digi-Egg, or the breeding area is taken")
        s.breeding = Stack(self._new_id(), [s.eggs.pop(0)])
        self._to_main()

    def move(self, player: int) -> None:
        """6-4-1-2: the Digimon (with DP) from the breeding area to the battle area."""
        self._expect(player, "breeding", "NOT_BREEDING")
        s = self.seats[player]
        if s.breeding is None or self.cards[s.breeding.cards[-1]].dp is None:
            raise Rejected("CANNOT_MOVE", "no Digimon with DP in the breeding area")
        s.battle.append(s.breeding)
        s.breeding = None
        self._to_main()

    def do_nothing(self, player: int) -> None:
        """6-4-1-3."""
        self._expect(player, "breeding", "NOT_BREEDING")
        self._to_main()

    def _to_main(self) -> None:
        self.stage = "main"
        self._settle()

    # --------------------------------------------------------------- main (6-5)

    def _pay(self, cost: int) -> None:
        if cost > self.memory + 10:
            raise Rejected("CANNOT_PAY", f"a cost of {cost} with {self.memory} memory")
        self.memory -= cost

    def play(self, player: int, card: str) -> None:
        """6-5-1-1: a Digimon or Tamer from the hand, paying its cost."""
        self._expect(player, "main", "NOT_MAIN")
        s = self.seats[player]
        c = self.cards.get(card)
        if card not in s.hand or c is None or c.kind not in ("digimon", "tamer"):
            raise Rejected("CANNOT_PLAY", f"{card} is not a Digimon or Tamer in the hand")
        self._pay(c.play_cost or 0)
        s.hand.remove(card)
        s.battle.append(Stack(self._new_id(), [card], played_this_turn=True))
        self._settle()

    def _find(self, player: int, stack_id: int) -> Stack | None:
        s = self.seats[player]
        for st in [*s.battle, *([s.breeding] if s.breeding else [])]:
            if st.id == stack_id:
                return st
        return None

    def digivolve(self, player: int, card: str, target: int) -> None:
        """6-5-1-2: a Digimon card of the hand onto one of your stacks; then draw 1."""
        self._expect(player, "main", "NOT_MAIN")
        s = self.seats[player]
        c = self.cards.get(card)
        st = self._find(player, target)
        if card not in s.hand or c is None or c.kind != "digimon" or st is None:
            raise Rejected("CANNOT_DIGIVOLVE", "no such card in hand or stack")
        top = self.cards[st.cards[-1]]
        if top.kind not in ("digimon", "digi-egg"):
            raise Rejected("CANNOT_DIGIVOLVE", "a Tamer does not digivolve")
        costs = [cost for level, color, cost in c.digivolve
                 if level == top.level and color in top.colors]
        if not costs:
            raise Rejected("CANNOT_DIGIVOLVE", f"{card} does not digivolve from {top.id}")
        self._pay(min(costs))
        s.hand.remove(card)
        st.cards.append(card)
        if s.deck:  # the digivolution draw
            s.hand.append(s.deck.pop(0))
        self._settle()

    def use_option(self, player: int, card: str) -> None:
        """6-5-1-3: an Option of the hand, paying its cost; its [Main] effect; the trash."""
        self._expect(player, "main", "NOT_MAIN")
        s = self.seats[player]
        c = self.cards.get(card)
        if card not in s.hand or c is None or c.kind != "option":
            raise Rejected("CANNOT_USE", f"{card} is not an Option in the hand")
        stacks = [*s.battle, *([s.breeding] if s.breeding else [])]
        if not any(set(self.cards[st.cards[-1]].colors) & set(c.colors) for st in stacks):
            # CR4.2 (Using an Option): a Digimon or Tamer of its colour in your area
            raise Rejected("CANNOT_USE", f"no {'/'.join(c.colors)} Digimon or Tamer of yours")
        self._pay(c.play_cost or 0)
        s.hand.remove(card)
        what = self._effects(card, "text")
        if what:
            self.pending.insert(0, Effect(player, card, what))
            self._resolve(0)
        s.trash.append(card)
        self._settle()

    def dp(self, player: int, st: Stack, against: Stack | None = None) -> int:
        """The stack's DP now: the top card's printed DP and the effects that apply."""
        top = self.cards[st.cards[-1]]
        total = top.dp or 0
        mine = player == self.turn_player
        for under in st.cards[:-1]:
            what = self._effects(under, "inherited")
            if not what or not mine:
                continue
            if what[0] == "dp_your_turn":
                total += int(what[1])
            elif what[0] == "dp_your_turn_4_sources" and len(st.cards) - 1 >= 4:
                total += int(what[1])
            elif (what[0] == "dp_vs_no_sources" and against is not None
                  and len(against.cards) == 1):
                total += int(what[1])
        if mine:
            for other in self.seats[player].battle:
                what = self._effects(other.cards[-1], "text")
                if what and what[0] == "all_dp_your_turn":
                    total += int(what[1])
        return total

    def attack(self, player: int, attacker: int, target: int | str) -> None:
        """6-5-1-5: attack the player or a suspended Digimon of theirs."""
        self._expect(player, "main", "NOT_MAIN")
        me, opp = self.seats[player], self.seats[1 - player]
        a = next((st for st in me.battle if st.id == attacker), None)
        if a is None or self.cards[a.cards[-1]].kind != "digimon" or a.suspended \
                or a.played_this_turn:
            raise Rejected("CANNOT_ATTACK", f"stack {attacker} cannot attack")
        d = None
        if target != "player":
            d = next((st for st in opp.battle if st.id == target), None)
            if d is None or not d.suspended or self.cards[d.cards[-1]].kind != "digimon":
                raise Rejected("CANNOT_ATTACK", f"no suspended Digimon {target} to attack")
        a.suspended = True
        what = self._effects(a.cards[-1], "text")
        if what and what[0] == "attack_gain_then_lose":
            self.pending.insert(0, Effect(player, a.cards[-1], what))
            self._resolve(0)
        if d is not None:
            self._battle(player, a, d)
        elif not opp.security:
            self.winner, self.reason, self.stage = player, "direct_attack", "over"
            return
        else:
            self._security_check(player, a)
        self._settle()

    def _delete(self, player: int, st: Stack) -> None:
        s = self.seats[player]
        s.battle.remove(st)
        s.trash.extend(st.cards)

    def security_dp(self, owner: int, card: str) -> int:
        """The DP of ``owner``'s Security Digimon ``card`` in a security check: its printed
        DP and the lasting boosts of their Security Digimon."""
        return (self.cards[card].dp or 0) + sum(
            n for p, n, _ in self.security_boosts if p == owner)

    def _battle(self, player: int, a: Stack, d: Stack) -> None:
        adp, ddp = self.dp(player, a, d), self.dp(1 - player, d, a)
        if adp <= ddp:
            self._delete(player, a)
        if ddp <= adp:
            self._delete(1 - player, d)

    def _security_check(self, player: int, a: Stack) -> None:
        """Reveal the top security card: a Digimon battles (and is never deleted), a
        [Security] effect activates for its owner; then it goes to the trash."""
        opp = self.seats[1 - player]
        card = opp.security.pop(0)
        c = self.cards[card]
        what = self._effects(card, "security")
        if c.kind == "digimon":
            sec = Stack(0, [card])
            if self.dp(player, a, sec) <= self.security_dp(1 - player, card):
                self._delete(player, a)
            opp.trash.append(card)
        elif what and what[0] == "security_play_self":
            opp.battle.append(Stack(self._new_id(), [card], played_this_turn=True))
        else:
            if what:
                self.pending.insert(0, Effect(1 - player, card, what))
                self._resolve(0)
            opp.trash.append(card)

    def activate(self, player: int, source: int, effect: int | None) -> None:
        """6-5-1-6: no card this engine plays has a [Main] effect on the field."""
        self._expect(player, "main", "NOT_MAIN")
        raise Rejected("NO_MAIN_EFFECT", f"stack {source} has no [Main] effect to activate")

    def pass_(self, player: int) -> None:
        """6-5-1-7: memory goes to 3 on the opponent's side at once."""
        self._expect(player, "main", "NOT_MAIN")
        self.memory = -3
        self._settle()


def start(cards: dict[str, Card], decks: list[tuple[list[str], list[str]]]) -> Game:
    """A new game of two decks (main deck, Digi-Eggs), after the deck checks (CR4.2 Deck
    construction: 50 main cards, 0 to 5 Digi-Eggs, at most 4 of a card number).

    :raises Rejected: UNKNOWN_CARD, UNSUPPORTED_CARD (a text this engine does not play),
        DECK_SIZE, EGG_COUNT, COPIES, EGG_IN_DECK, NOT_AN_EGG.
    """
    for i, (deck, eggs) in enumerate(decks):
        for card in [*deck, *eggs]:
            c = cards.get(card)
            if c is None:
                raise Rejected("UNKNOWN_CARD", f"deck {i}: this engine does not know {card}")
            if c.unknown_texts():
                raise Rejected("UNSUPPORTED_CARD", f"deck {i}: {card} {c.name}: this engine "
                               f"does not play its text {c.unknown_texts()[0]!r}")
    for i, (deck, eggs) in enumerate(decks):
        if len(deck) != 50:
            raise Rejected("DECK_SIZE", f"deck {i}: {len(deck)} main-deck cards, not 50")
        if len(eggs) > 5:
            raise Rejected("EGG_COUNT", f"deck {i}: {len(eggs)} Digi-Eggs, at most 5")
        for card in set(deck) | set(eggs):
            if deck.count(card) + eggs.count(card) > 4:
                raise Rejected("COPIES", f"deck {i}: more than 4 of {card}")
        if any(cards[c].kind == "digi-egg" for c in deck):
            raise Rejected("EGG_IN_DECK", f"deck {i}: a Digi-Egg in the main deck")
        if any(cards[c].kind != "digi-egg" for c in eggs):
            raise Rejected("NOT_AN_EGG", f"deck {i}: a card that is not a Digi-Egg among "
                           "the Digi-Eggs")
    return Game(cards, decks)

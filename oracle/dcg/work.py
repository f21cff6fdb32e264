"""A private, mutable working copy of a :class:`~oracle.dcg.model.State`.

``apply`` thaws the frozen input state into a :class:`Work`, runs the rules on it, and
freezes the result into a new state; the input state is never touched. The rule modules
take a ``Work`` so that they read like the rulebook instead of chains of ``replace``.
"""

from __future__ import annotations

from typing import Any

from oracle.dcg.cards import Card
from oracle.dcg.model import (
    Attack,
    Chance,
    Event,
    Game,
    Pending,
    PlayerState,
    Stack,
    State,
)

_new = tuple.__new__
"""``_new(cls, values)``: a NamedTuple of every field in order, without its ``__new__``'s
argument handling (the hot copies below; :data:`~oracle.dcg.model.PlayerState` fields)."""


class WStack:
    """Mutable stack: ``cards`` bottom..top."""

    __slots__ = ("id", "cards", "suspended", "played")

    def __init__(self, id: int, cards: list[str], suspended: bool, played: bool) -> None:
        self.id = id
        self.cards = cards
        self.suspended = suspended
        self.played = played

    @property
    def top(self) -> str:
        return self.cards[-1]


_LAZY = frozenset(("hand", "deck", "egg_deck", "battle", "security", "trash", "opt_used"))


class WPlayer:
    """Mutable player zones (deck, egg_deck, security top first).

    The zones are copied from the frozen player on first use (``__getattr__`` runs only for
    a slot not set yet), so a player the action never looks at is neither copied nor
    rebuilt: :meth:`freeze` gives back the same frozen player. Those zones are only ever
    changed in place (``append``, ``pop``, ...), which reads them first; ``breeding`` and
    the mulligan flags, which the rules assign, are copied at once.
    """

    __slots__ = ("_p", "_thawed", "breeding", "mulliganed", "mulligan_decided", "hand",
                 "deck", "egg_deck", "battle", "security", "trash", "opt_used")

    def __init__(self, p: PlayerState) -> None:
        self._p = p
        self._thawed = False
        b = p.breeding_area
        self.breeding = None if b is None else WStack(b.id, list(b.cards), b.suspended,
                                                       b.played_this_turn)
        self.mulliganed = p.mulliganed
        self.mulligan_decided = p.mulligan_decided

    def __getattr__(self, name: str) -> Any:
        if name in _LAZY and not self._thawed:
            self._thaw()
            return getattr(self, name)
        raise AttributeError(name)

    def _thaw(self) -> None:
        p = self._p
        self.hand = list(p.hand)
        self.deck = list(p.deck)
        self.egg_deck = list(p.egg_deck)
        self.battle = [WStack(s.id, list(s.cards), s.suspended, s.played_this_turn)
                       for s in p.battle_area]
        self.security = list(p.security)
        self.trash = list(p.trash)
        self.opt_used = set(p.once_per_turn_used)
        self._thawed = True

    def freeze(self) -> PlayerState:
        b = self.breeding
        breeding = None if b is None else _new(Stack, (b.id, tuple(b.cards), b.suspended,
                                                       b.played))
        p = self._p
        if not self._thawed:  # (no zone was looked at: only these may have changed)
            if breeding == p.breeding_area and self.mulliganed == p.mulliganed and \
                    self.mulligan_decided == p.mulligan_decided:
                return p
            return _new(PlayerState, (
                p.hand, p.deck, p.egg_deck, breeding, p.battle_area, p.security, p.trash,
                self.mulliganed, self.mulligan_decided, p.once_per_turn_used))
        return _new(PlayerState, (
            tuple(self.hand),
            tuple(self.deck),
            tuple(self.egg_deck),
            breeding,
            tuple([_new(Stack, (s.id, tuple(s.cards), s.suspended, s.played))
                   for s in self.battle]),
            tuple(self.security),
            tuple(self.trash),
            self.mulliganed,
            self.mulligan_decided,
            tuple(sorted(self.opt_used)) if self.opt_used else (),
        ))

    def find(self, stack_id: int) -> WStack | None:
        """The stack with ``stack_id`` in this player's battle area, or None."""
        for s in self.battle:
            if s.id == stack_id:
                return s
        return None


class Work:
    """Mutable game state plus the events produced so far by the current ``apply``."""

    __slots__ = ("game", "cards", "turn", "turn_player", "first_player", "phase", "step",
                 "memory", "chance", "pending", "delayed", "attack", "resume_step", "winner",
                 "reason", "next_id", "players", "variants", "events")

    def __init__(self, s: State) -> None:
        self.game: Game = s.game
        self.cards: Any = s.game.cards.cards
        self.turn = s.turn
        self.turn_player = s.turn_player
        self.first_player = s.first_player
        self.phase = s.phase
        self.step = s.step
        self.memory = s.memory
        self.chance: Chance | None = s.chance
        self.pending: list[Pending] = list(s.pending)
        self.delayed: list[Pending] = list(s.delayed)
        self.attack: Attack | None = s.attack
        self.resume_step = s.resume_step
        self.winner = s.winner
        self.reason = s.reason
        self.next_id = s.next_id
        self.players = [WPlayer(s.players[0]), WPlayer(s.players[1])]
        self.variants = s.variants
        self.events: list[Event] = []

    # -- helpers used by every rule module
    def card(self, card_id: str) -> Card:
        """The card definition of ``card_id``."""
        return self.cards[card_id]

    def variant(self, amb_id: str) -> str:
        """The reading chosen for ``amb_id``."""
        for k, v in self.variants:
            if k == amb_id:
                return v
        raise KeyError(amb_id)

    def emit(self, type: str, clause: str, player: int | None = None, **details: Any) -> None:
        """Record an event."""
        self.events.append(_new(Event, (type, clause, player, tuple(details.items()))))

    def new_id(self) -> int:
        """A fresh stack instance id."""
        self.next_id += 1
        return self.next_id

    def to_move(self) -> int | str | None:
        """Who decides next: derived from phase, chance, pending and step."""
        if self.phase == "game_over":
            return None
        if self.chance is not None:
            return "chance"
        if self.step == "mulligan":
            fp = self.first_player
            assert fp is not None
            return fp if not self.players[fp].mulligan_decided else 1 - fp
        return self.turn_player

    def freeze(self) -> State:
        """A new frozen state from this working copy."""
        return State(
            turn=self.turn,
            turn_player=self.turn_player,
            first_player=self.first_player,
            phase=self.phase,
            step=self.step,
            memory=self.memory,
            to_move=self.to_move(),
            chance=self.chance,
            pending=tuple(self.pending),
            delayed=tuple(self.delayed),
            attack=self.attack,
            resume_step=self.resume_step,
            winner=self.winner,
            reason=self.reason,
            next_id=self.next_id,
            players=(self.players[0].freeze(), self.players[1].freeze()),
            variants=self.variants,
            game=self.game,
        )


class _PView:
    """Read-only player view with the working copy's attribute names (no copying)."""

    __slots__ = ("hand", "deck", "egg_deck", "breeding", "battle", "security", "trash",
                 "opt_used")

    def __init__(self, p: PlayerState) -> None:
        self.hand = p.hand
        self.deck = p.deck
        self.egg_deck = p.egg_deck
        self.breeding = p.breeding_area
        self.battle = p.battle_area
        self.security = p.security
        self.trash = p.trash
        self.opt_used = p.once_per_turn_used


class View:
    """A cheap read-only stand-in for :class:`Work` used by ``legal_actions``."""

    __slots__ = ("cards", "turn_player", "memory", "pending", "players", "variants", "step")

    def __init__(self, s: State) -> None:
        self.cards = s.game.cards.cards
        self.turn_player = s.turn_player
        self.memory = s.memory
        self.pending = s.pending
        self.players = (_PView(s.players[0]), _PView(s.players[1]))
        self.variants = s.variants
        self.step = s.step

    def card(self, card_id: str) -> Card:
        """The card definition of ``card_id``."""
        return self.cards[card_id]

    def variant(self, amb_id: str) -> str:
        """The reading chosen for ``amb_id``."""
        for k, v in self.variants:
            if k == amb_id:
                return v
        raise KeyError(amb_id)

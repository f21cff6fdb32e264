"""A private, mutable working copy of a :class:`~oracle.dcg.model.State`.

``apply`` thaws the frozen input state into a :class:`Work`, runs the rules on it, and
freezes the result into a new state; the input state is never touched. The rule modules
take a ``Work`` so that they read like the rulebook instead of chains of ``replace``.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from oracle.dcg.cards import Card, CardTables
from oracle.dcg.model import (
    Attack,
    Chance,
    Choice,
    Event,
    Game,
    Lasting,
    Pending,
    PlayerState,
    Stack,
    State,
)

_new = tuple.__new__
"""``_new(cls, values)``: a NamedTuple of every field in order, without its ``__new__``'s
argument handling (the hot copies below; :data:`~oracle.dcg.model.PlayerState` fields)."""


_object_new = object.__new__


def new_stack(id: int, cards: tuple[str, ...], suspended: bool, played: bool) -> Stack:
    """A new stack (what ``Stack(id, cards, suspended, played)`` gives, without the call of
    its ``__new__``)."""
    return _new(Stack, (id, cards, suspended, played))  # type: ignore[no-any-return]


_T = TypeVar("_T")


def without(zone: tuple[_T, ...], item: _T) -> tuple[_T, ...]:
    """``zone`` without its first ``item`` (what ``list.remove`` does, on a tuple)."""
    i = zone.index(item)
    return zone[:i] + zone[i + 1:]


class WPlayer:
    """Mutable player zones (deck, egg_deck, security top first).

    Every zone is the frozen player's value, shared with it: the card zones ``hand``,
    ``deck``, ``egg_deck``, ``security`` and ``trash`` (tuples), the breeding area (a
    :class:`~oracle.dcg.model.Stack` or None), the battle area (a tuple of stacks) and the
    [Once Per Turn] keys ``opt_used`` (a sorted tuple). The rules replace a zone (``me.hand
    += (c,)``, ``me.deck = me.deck[1:]``, :func:`without`, :meth:`restack`, :meth:`use`)
    instead of changing it: nothing copies a zone on the way in or out, :meth:`freeze` sees
    a changed one by identity, and a stack no rule changed is the very stack of the frozen
    state, in the new state too. A player none of whose zones changed freezes into the same
    frozen player (:meth:`changed`).
    """

    __slots__ = ("_p", "hand", "deck", "egg_deck", "breeding", "battle", "security", "trash",
                 "mulliganed", "mulligan_decided", "opt_used")

    hand: tuple[str, ...]
    deck: tuple[str, ...]
    egg_deck: tuple[str, ...]
    breeding: Stack | None
    battle: tuple[Stack, ...]
    security: tuple[str, ...]
    trash: tuple[str, ...]
    mulliganed: bool
    mulligan_decided: bool
    opt_used: tuple[str, ...]

    def __init__(self, p: PlayerState) -> None:
        self._p = p
        (self.hand, self.deck, self.egg_deck, self.breeding, self.battle, self.security,
         self.trash, self.mulliganed, self.mulligan_decided, self.opt_used) = p

    def changed(self) -> bool:
        """True when :meth:`freeze` would not give back the frozen player: a zone or a
        mulligan flag is no longer the frozen one."""
        p = self._p
        return self.hand is not p[0] or self.deck is not p[1] or self.egg_deck is not p[2] \
            or self.breeding is not p[3] or self.battle is not p[4] \
            or self.security is not p[5] or self.trash is not p[6] \
            or self.mulliganed is not p[7] or self.mulligan_decided is not p[8] \
            or self.opt_used is not p[9]

    def freeze(self) -> PlayerState:
        """The frozen player: the thawed one while nothing changed (:meth:`changed`), else
        a new one from the zones."""
        if not self.changed():
            return self._p
        return _new(PlayerState, (self.hand, self.deck, self.egg_deck,  # type: ignore[no-any-return]
                                  self.breeding, self.battle, self.security, self.trash,
                                  self.mulliganed, self.mulligan_decided, self.opt_used))

    def find(self, stack_id: int) -> Stack | None:
        """The stack with ``stack_id`` in this player's battle area, or None."""
        for s in self.battle:
            if s.id == stack_id:
                return s
        return None

    def restack(self, s: Stack, cards: tuple[str, ...], suspended: bool) -> Stack:
        """Put in place of ``s`` (this player's breeding-area stack or one of the battle
        area, the one there now) the stack ``s`` with ``cards`` and ``suspended``; return
        it. A stack is never changed: the rules change one through this."""
        new: Stack = _new(Stack, (s.id, cards, suspended, s.played_this_turn))
        if s is self.breeding:
            self.breeding = new
        else:
            battle = self.battle
            i = battle.index(s)
            self.battle = battle[:i] + (new,) + battle[i + 1:]
        return new

    def use(self, key: str) -> None:
        """Note the [Once Per Turn] key ``key`` (the keys stay sorted, each once)."""
        if key not in self.opt_used:
            self.opt_used = tuple(sorted((*self.opt_used, key)))

    def unuse(self, key: str) -> None:
        """Take the [Once Per Turn] key ``key`` out, if it is there."""
        if key in self.opt_used:
            self.opt_used = without(self.opt_used, key)


#: The readings of each ``variants`` tuple seen (ambiguity ID -> reading), as a dict made
#: once: :meth:`Work.variant` is read on the hot path (DCG-AMB-3 on every pending effect).
_READINGS: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}


def reading(variants: tuple[tuple[str, str], ...], amb_id: str) -> str:
    """The reading ``variants`` (a state's ``variants``) chooses for ``amb_id``."""
    readings = _READINGS.get(variants)
    if readings is None:
        if len(_READINGS) >= 64:  # (a few configs per process; bounded all the same)
            _READINGS.clear()
        readings = _READINGS[variants] = dict(variants)
    return readings[amb_id]


class _StateSlots:
    """An object with :class:`~oracle.dcg.model.State`'s slots and none of its methods,
    filled in by :meth:`Work.freeze` and then given the class ``State`` (same layout:
    Python checks that on the ``__class__`` assignment). A frozen dataclass refuses every
    attribute store, so its own constructor has to go through the slot descriptors one
    call at a time; this makes the same object with plain stores."""

    __slots__ = State.__slots__  # type: ignore[attr-defined]


class Work:
    """Mutable game state plus the events produced so far by the current ``apply``."""

    __slots__ = ("game", "cards", "tables", "turn", "turn_player", "first_player", "phase", "step",
                 "memory", "chance", "pending", "delayed", "attack", "resume_step", "winner",
                 "reason", "next_id", "players", "variants", "events", "choice", "lasting")

    def __init__(self, s: State) -> None:
        self.game: Game = s.game
        card_set = s.game.cards
        self.cards: Any = card_set.cards
        self.tables: CardTables = card_set.tables
        self.turn = s.turn
        self.turn_player = s.turn_player
        self.first_player = s.first_player
        self.phase = s.phase
        self.step = s.step
        self.memory = s.memory
        self.chance: Chance | None = s.chance
        self.pending: list[Pending] = list(s.pending) if s.pending else []
        self.delayed: list[Pending] = list(s.delayed) if s.delayed else []
        self.attack: Attack | None = s.attack
        self.resume_step = s.resume_step
        self.winner = s.winner
        self.reason = s.reason
        self.next_id = s.next_id
        p0, p1 = s.players
        self.players = [WPlayer(p0), WPlayer(p1)]
        self.variants = s.variants
        self.events: list[Event] = []
        self.choice: Choice | None = s.choice
        self.lasting: list[Lasting] = list(s.lasting) if s.lasting else []

    # -- helpers used by every rule module
    def card(self, card_id: str) -> Card:
        """The card definition of ``card_id``."""
        return self.cards[card_id]

    def variant(self, amb_id: str) -> str:
        """The reading chosen for ``amb_id`` (:func:`reading`; its dict read here once made)."""
        readings = _READINGS.get(self.variants)
        if readings is None:
            return reading(self.variants, amb_id)
        return readings[amb_id]

    def emit(self, type: str, clause: str, player: int | None,
             details: tuple[tuple[str, Any], ...] = ()) -> None:
        """Record an event; ``details`` are its ``(name, value)`` pairs, in order.

        (One tuple of pairs, not ``*details``: CPython 3.11 runs a call of a function with
        ``*args`` through its generic path, about a thousand machine instructions more a
        call, and every step records a few events.)"""
        self.events.append(_new(Event, (type, clause, player, details)))

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
        if self.choice is not None:
            return self.choice.player
        if self.step == "mulligan":
            fp = self.first_player
            assert fp is not None
            return fp if not self.players[fp].mulligan_decided else 1 - fp
        return self.turn_player

    def freeze(self) -> State:
        """A new frozen state from this working copy (:meth:`finish`'s state, the copy not
        offered)."""
        return self.finish(False)[0]

    def finish(self, offer: bool = True) -> tuple[State, tuple[Event, ...]]:
        """The end of an ``apply``: the new state, frozen from this working copy (as
        ``State(...)`` would build it; see :class:`_StateSlots`), and the events, in order.
        With ``offer``, this working copy is then handed to :func:`work_for`, which takes it
        over, instead of a new copy, when the next ``apply`` is to that very state (a game
        played on); nothing changes it in between."""
        s: Any = _object_new(_StateSlots)
        s.turn = self.turn
        s.turn_player = tp = self.turn_player
        s.first_player = self.first_player
        s.phase = phase = self.phase
        s.step = step = self.step
        s.memory = self.memory
        s.chance = chance = self.chance
        # (to_move, inline for a player's turn)
        s.to_move = tp if chance is None and phase != "game_over" and step != "mulligan" \
            and self.choice is None else self.to_move()
        s.choice = self.choice
        s.lasting = tuple(self.lasting) if self.lasting else ()
        s.pending = tuple(self.pending) if self.pending else ()
        s.delayed = tuple(self.delayed) if self.delayed else ()
        s.attack = self.attack
        s.resume_step = self.resume_step
        s.winner = self.winner
        s.reason = self.reason
        s.next_id = self.next_id
        w0, w1 = self.players
        # (WPlayer.freeze, inline: each player's zones as a tuple, compared with the frozen
        # player's field by field, which is by identity for a zone left alone; a player
        # whose zones are all the frozen ones, or equal to them, is the frozen player)
        z0 = (w0.hand, w0.deck, w0.egg_deck, w0.breeding, w0.battle, w0.security, w0.trash,
              w0.mulliganed, w0.mulligan_decided, w0.opt_used)
        p0 = w0._p
        if z0 != p0:
            p0 = _new(PlayerState, z0)
        z1 = (w1.hand, w1.deck, w1.egg_deck, w1.breeding, w1.battle, w1.security, w1.trash,
              w1.mulliganed, w1.mulligan_decided, w1.opt_used)
        p1 = w1._p
        if z1 != p1:
            p1 = _new(PlayerState, z1)
        s.players = (p0, p1)
        s.variants = self.variants
        s.game = self.game
        s.__class__ = State  # (a plain store: object.__setattr__ is a call on top)
        if offer:
            _spare.append((s, self))
        return s, tuple(self.events)


#: The working copy the last ``apply`` ended with and the state it was frozen into
#: (:meth:`Work.finish`): one pair, taken by ``pop``, one step, so that no two callers
#: (threads) ever take the same copy (each ``apply`` takes one before it offers one).
_spare: list[tuple[State, Work]] = []


def work_for(s: State) -> Work:
    """A working copy of ``s``: the one the last ``apply`` froze into ``s`` itself, taken over
    (once: it is then no longer offered), else ``Work(s)``. The same copy either way."""
    try:
        state, w = _spare.pop()
    except IndexError:  # (none offered)
        return Work(s)
    if state is not s:
        return Work(s)
    # (every field of w already equals s's, s was made from them: the events start again
    # and each player's frozen player is s's; their zones and flags are its already)
    w.events = []
    w0, w1 = w.players
    w0._p, w1._p = s.players
    return w


class _PView(NamedTuple):
    """Read-only player view: a :class:`~oracle.dcg.model.PlayerState`'s fields, in its
    order, under the working copy's names (built by ``_new(_PView, player)``, no copying)."""

    hand: tuple[str, ...]
    deck: tuple[str, ...]
    egg_deck: tuple[str, ...]
    breeding: Stack | None
    battle: tuple[Stack, ...]
    security: tuple[str, ...]
    trash: tuple[str, ...]
    mulliganed: bool
    mulligan_decided: bool
    opt_used: tuple[str, ...]


class View:
    """A cheap read-only stand-in for :class:`Work` used by ``legal_actions``."""

    __slots__ = ("cards", "tables", "turn_player", "memory", "pending", "players", "variants",
                 "step", "lasting", "turn", "choice")

    def __init__(self, s: State) -> None:
        self.cards = s.game.cards.cards
        self.tables = s.game.cards.tables
        self.turn_player = s.turn_player
        self.memory = s.memory
        self.pending = s.pending
        p0, p1 = s.players
        self.players = (_new(_PView, p0), _new(_PView, p1))
        self.variants = s.variants
        self.step = s.step
        self.lasting = s.lasting
        self.turn = s.turn
        self.choice = s.choice

    def card(self, card_id: str) -> Card:
        """The card definition of ``card_id``."""
        return self.cards[card_id]

    def variant(self, amb_id: str) -> str:
        """The reading chosen for ``amb_id``."""
        return reading(self.variants, amb_id)

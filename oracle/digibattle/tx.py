"""A short-lived builder used while one action is applied (never escapes ``apply``).

``Tx`` collects the new player states, the changed state fields and the events, and builds
the next immutable :class:`~oracle.digibattle.state.State` at the end. The card moves that
several rules share live here: drawing from Online, sending cards Offline, and noticing that
an Online deck reached zero (DB-D.3).
"""

from __future__ import annotations

from typing import Any

from oracle.cards import DigimonCard
from oracle.digibattle.state import Event, PlayerState, State

_PS_INDEX = {f: i for i, f in enumerate(PlayerState._fields)}
_ST_INDEX = {f: i for i, f in enumerate(State._fields)}
_new = tuple.__new__  # builds a NamedTuple from all its values, skipping argument parsing

# The last answer of ``legal_actions``: (state, actions). Read by :meth:`Tx.listed`.
_last_legal: tuple[State | None, tuple[Any, ...]] = (None, ())


def remember_legal(state: State, actions: tuple[Any, ...]) -> None:
    """Note the legal actions just listed for ``state`` (by :func:`~oracle.digibattle.rules.
    legal_actions`), so that ``apply`` can skip re-deriving them for an action among them.

    A speed-up only: the pair is replaced as a whole, and an action counts as listed only
    for the very same state object, which the pair keeps alive.
    """
    global _last_legal
    _last_legal = (state, actions)


def remove(zone: tuple[str, ...], cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``zone`` without ``cards`` (serials are unique within one player's cards, DB-A.5)."""
    gone = set(cards)
    return tuple([c for c in zone if c not in gone])


class Tx:
    """Mutable scratch space for one ``apply`` call."""

    __slots__ = ("s", "game", "cards", "ps", "events", "emptied", "fields", "owed")

    def __init__(self, state: State) -> None:
        self.s = state
        self.game = state.game
        self.cards = state.game.card_set.cards
        self.ps: list[PlayerState] = list(state.players)
        self.events: list[Event] = []
        self.emptied: list[int] = []  # players whose Online deck reached zero (DB-D.3)
        self.fields: dict[str, Any] = {}
        self.owed: tuple[int, int, int] | None = None  # (player, cards to draw, to pay)

    def listed(self, a: Any) -> bool:
        """Whether ``a`` is among the legal actions last listed for this very state (then a
        handler may skip the checks that only refuse unlisted actions)."""
        last = _last_legal
        return last[0] is self.s and a in last[1]

    def get(self, name: str) -> Any:
        """A state field as changed so far in this action."""
        return self.fields[name] if name in self.fields else getattr(self.s, name)

    def set(self, **kw: Any) -> None:
        """Change state fields."""
        self.fields.update(kw)

    def upd(self, i: int, **kw: Any) -> None:
        """Change fields of player ``i``."""
        ps = self.ps
        vals = list(ps[i])
        for k in kw:
            vals[_PS_INDEX[k]] = kw[k]
        ps[i] = _new(PlayerState, vals)

    def event(self, type_: str, clause: str, player: int | None = None, **data: Any) -> None:
        """Record an event caused by ``clause``."""
        self.events.append(_new(Event, (type_, clause, player, data or None)))

    def showing(self, i: int) -> DigimonCard:
        """The Digimon showing on player ``i``'s Duel Zone (top of the stack)."""
        return self.cards[self.ps[i].duel_zone[-1]]  # type: ignore[return-value]

    def take_online(self, i: int, n: int) -> tuple[str, ...]:
        """Remove up to ``n`` cards from the top of player ``i``'s Online deck and return them.

        Notes the player when the deck reaches zero through this removal (DB-D.3).
        """
        online = self.ps[i].online
        took, rest = online[:n], online[n:]
        if took:
            self.upd(i, online=rest)
            if not rest and i not in self.emptied:
                self.emptied.append(i)
        return took

    def online_to_offline(self, i: int, n: int) -> tuple[str, ...]:
        """Move up to ``n`` top Online cards Offline (payments, mills). Returns the cards."""
        took = self.take_online(i, n)
        if took:
            self.upd(i, offline=self.ps[i].offline + took)
        return took

    def hand_to_offline(self, i: int, cards: tuple[str, ...] | list[str]) -> None:
        """Send ``cards`` from player ``i``'s hand Offline."""
        p = self.ps[i]
        self.upd(i, hand=remove(p.hand, cards), offline=p.offline + tuple(cards))

    def build(self) -> State:
        """The next state (the state itself while nothing has changed)."""
        s, ps, fields = self.s, self.ps, self.fields
        players = s.players
        if not fields:
            if ps[0] is players[0] and ps[1] is players[1]:
                return s
        vals = list(s)
        vals[1] = (ps[0], ps[1])
        for k in fields:
            vals[_ST_INDEX[k]] = fields[k]
        return _new(State, vals)

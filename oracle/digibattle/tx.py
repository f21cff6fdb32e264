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
    if len(cards) == 1:  # (the usual case: one card, found and cut out without a loop)
        c = cards[0]
        n = zone.count(c)
        if n == 1:
            i = zone.index(c)
            return zone[:i] + zone[i + 1:]
        if n == 0:
            return zone
    gone = set(cards)
    return tuple([c for c in zone if c not in gone])


# The state fields a Tx keeps as attributes of its own (all but ``game`` and ``players``).
_FIELDS = State._fields[2:]


class Tx:
    """Mutable scratch space for one ``apply`` call.

    The state's fields (``phase``, ``step``, ``to_move``, ...) are attributes of the Tx,
    read and written directly (``tx.to_move = 1``); :meth:`get` and :meth:`set` do the same
    by name. ``ps`` holds the two player states as changed so far.
    """

    __slots__ = ("s", "game", "cards", "ps", "events", "emptied", "owed", *_FIELDS)

    def __init__(self, state: State) -> None:
        self.s = state
        (game, players, self.phase, self.step, self.to_move, self.chance, self.duel,
         self.first_player, self.coin_toss_winner, self.last_duel_winner, self.winner,
         self.end_reason, self.plays, self.resume) = state
        self.game = game
        self.cards = game.cards
        self.ps: list[PlayerState] = [players[0], players[1]]
        self.events: list[Event] = []
        self.emptied: list[int] = []  # players whose Online deck reached zero (DB-D.3)
        self.owed: tuple[int, int, int] | None = None  # (player, cards to draw, to pay)

    # (the state fields' types, for the type checker)
    phase: str
    step: str
    to_move: int | str | None
    chance: tuple[Any, ...] | None
    duel: int
    first_player: int | None
    coin_toss_winner: int | None
    last_duel_winner: int | None
    winner: int | None
    end_reason: str | None
    plays: tuple[Any, ...]
    resume: tuple[Any, ...] | None

    def listed(self, a: Any) -> bool:
        """Whether ``a`` is among the legal actions last listed for this very state (then a
        handler may skip the checks that only refuse unlisted actions)."""
        last = _last_legal
        return last[0] is self.s and a in last[1]

    def get(self, name: str) -> Any:
        """A state field as changed so far in this action (``tx.get("phase")`` is
        ``tx.phase``)."""
        return getattr(self, name)

    def set(self, **kw: Any) -> None:
        """Change state fields (``tx.set(to_move=1)`` is ``tx.to_move = 1``)."""
        for k, v in kw.items():
            if k not in _FIELDS:
                raise AttributeError(f"State has no field {k!r}")
            setattr(self, k, v)

    def upd(self, i: int, **kw: Any) -> None:
        """Change fields of player ``i``."""
        ps = self.ps
        vals = list(ps[i])
        for k in kw:
            vals[_PS_INDEX[k]] = kw[k]
        ps[i] = _new(PlayerState, vals)

    def flags(self, i: int, passed: bool, acted: bool) -> None:
        """Set player ``i``'s ``passed`` and ``acted`` flags (``upd(i, passed=..., acted=...)``
        without its keyword arguments: the most frequent change)."""
        ps = self.ps
        deck, hand, online, offline, dz, dvz, port, score, _, digivolved, pending, _ = ps[i]
        ps[i] = _new(PlayerState, (deck, hand, online, offline, dz, dvz, port, score, passed,
                                   digivolved, pending, acted))

    def hand_to_port(self, i: int, card: str) -> None:
        """Put ``card`` from player ``i``'s hand on their Power Port (a Power Option played,
        DB-C.1; a support card placed, DB-B.3)."""
        ps = self.ps
        deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = \
            ps[i]
        ps[i] = _new(PlayerState, (deck, remove(hand, (card,)), online, offline, dz, dvz,
                                   port + (card,), score, passed, digivolved, pending, acted))

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
        ps = self.ps
        deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = \
            ps[i]
        took = online[:n]
        if took:
            rest = online[n:]
            ps[i] = _new(PlayerState, (deck, hand, rest, offline + took, dz, dvz, port, score,
                                       passed, digivolved, pending, acted))
            if not rest and i not in self.emptied:  # (as take_online notes it, DB-D.3)
                self.emptied.append(i)
        return took

    def online_to_hand(self, i: int, n: int) -> tuple[str, ...]:
        """Move up to ``n`` top Online cards to player ``i``'s hand (a draw). Returns them.

        An Online deck this empties is not noted: the draw's rule says whether it is recycled
        now (DB-D.1, DB-D.2, DB-AMB-16).
        """
        ps = self.ps
        deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = \
            ps[i]
        took = online[:n]
        if took:
            ps[i] = _new(PlayerState, (deck, hand + took, online[n:], offline, dz, dvz, port,
                                       score, passed, digivolved, pending, acted))
        return took

    def hand_to_offline(self, i: int, cards: tuple[str, ...] | list[str]) -> None:
        """Send ``cards`` from player ``i``'s hand Offline."""
        ps = self.ps
        deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = \
            ps[i]
        ps[i] = _new(PlayerState, (deck, remove(hand, cards), online, offline + tuple(cards), dz,
                                   dvz, port, score, passed, digivolved, pending, acted))

    def build(self) -> State:
        """The next state: the state's fields and players as changed so far."""
        ps = self.ps
        return _new(State, (self.game, (ps[0], ps[1]), self.phase, self.step, self.to_move,
                            self.chance, self.duel, self.first_player, self.coin_toss_winner,
                            self.last_duel_winner, self.winner, self.end_reason, self.plays,
                            self.resume))

"""D. Regroup (DB-D.1 … DB-D.6) and Online-deck exhaustion.

After each Duel, in seat order, each player discards any number of cards from hand to Offline
and draws back up to 10 from Online (DB-D.1); then may set up a Rookie change (DB-D.4) and
prepare a Digivolve (DB-D.5). The last Duel's winner — after a tie, the player who went first
last time — starts the next Duel at step B.2 (DB-D.6).

Whenever a player's Online deck reaches zero (DB-D.3), or is too small for the Regroup draw
(DB-D.2), every card on their side of the board except the Rookie goes Offline, the recycled
cards are shuffled (a chance node) and put Online, and play resumes where it stopped.
"""

from __future__ import annotations

from oracle.digibattle.state import CHANCE, HAND_SIZE, Action, State
from oracle.digibattle.tx import Tx, remove
from oracle.errors import IllegalActionError

#: HAND_SIZE (10: DB-A.2, DB-D.1) is state.HAND_SIZE, which load_state also checks.


def legal_discard(state: State, p: int) -> tuple[Action, ...]:
    """DB-D.1: discard any one card from hand, or stop discarding and draw."""
    return (*map(_DISCARDS[p].__getitem__, sorted(state.players[p].hand)), _DRAW[p])


class _Discards(dict):  # type: ignore[type-arg]
    """Card serial → ``discard`` of that card by one player, each built on first use."""

    def __init__(self, p: int) -> None:
        super().__init__()
        self.p = p

    def __missing__(self, card: str) -> Action:
        a = self[card] = Action("discard", self.p, card=card)
        return a


# Actions are immutable values, so each ``discard`` is built once and shared: a speed-up only
# (a Regroup lists one per card in hand, every time).
_DISCARDS = (_Discards(0), _Discards(1))
_DRAW = (Action("draw", 0), Action("draw", 1))


def discard(tx: Tx, a: Action) -> None:
    """DB-D.1: send one card from hand to Offline before drawing.

    :raises IllegalActionError: DB-D.1 when the card is not in the hand.
    """
    p = a.player
    assert p is not None
    if a.card not in tx.ps[p].hand:
        raise IllegalActionError("DB-D.1", f"{a.card} is not in player {p}'s hand")
    tx.hand_to_offline(p, (a.card,))
    tx.event("discarded", "DB-D.1", p, card=a.card)


def draw(tx: Tx, a: Action) -> None:
    """DB-D.1/DB-D.2: restore the hand to 10 from Online; if Online is too small, draw it
    down to zero, recycle (DB-D.2) and draw the rest afterwards."""
    p = a.player
    assert p is not None
    need = HAND_SIZE - len(tx.ps[p].hand)
    tx.step = "prepare"
    if need <= 0:
        return
    online = tx.ps[p].online
    if len(online) >= need:
        tx.online_to_hand(p, need)
        tx.event("drew", "DB-D.1", p, count=need)
        # An Online deck that reaches zero is recycled (DB-D.3), except under DB-AMB-16
        # "wait": no recycle until a card is needed.
        if len(online) == need and tx.game.exact_zero_recycle and p not in tx.emptied:
            tx.emptied.append(p)
        return
    drew = tx.online_to_hand(p, len(online))
    tx.event("drew", "DB-D.2", p, count=len(drew), short=need - len(drew))
    if p not in tx.emptied:
        tx.emptied.append(p)
    tx.owed = (p, need - len(drew), 0)


# ---------------------------------------------------------------------------------------------
# Exhaustion (DB-D.2, DB-D.3)


def settle(tx: Tx) -> None:
    """DB-D.3: before play resumes, recycle every player whose Online deck reached zero in
    this action (DB-AMB-21 ``after-duel``: in Digivolve and Battle, only when a payment is
    owed). Called at the end of every ``apply``."""
    if not tx.emptied or tx.phase == "game_over":
        return
    if tx.game.recycle_after_duel and tx.owed is None \
            and tx.phase in ("digivolve", "battle"):
        # DB-AMB-21 "after-duel": the empty deck waits for the Duel's end (battle.end_duel
        # hands these players back); a payment owed under DB-AMB-2 "across" recycles now.
        tx.emptied.clear()
        return
    queue = [p for p in tx.emptied if not tx.ps[p].online]
    tx.emptied.clear()
    owed_p, owed_draw, owed_pay = tx.owed or (None, 0, 0)
    tx.owed = None
    if not queue:
        return
    piles = [[p, list(_send_board_offline(tx, p))] for p in queue]
    resume = (tx.phase, tx.step, tx.to_move, owed_p, owed_draw, owed_pay,
              piles[1:] or None)
    _ask_recycle(tx, piles[0][0], tuple(piles[0][1]), resume)


def _send_board_offline(tx: Tx, p: int) -> tuple[str, ...]:
    """All cards on the player's side of the board except the Rookie go Offline; returns the
    cards to shuffle (DB-AMB-3)."""
    me = tx.ps[p]
    board = me.duel_zone[1:] + me.digivolve_zone + me.power_port + (
        (me.pending_rookie,) if me.pending_rookie else ())
    offline = me.offline + board
    tx.upd(p, duel_zone=me.duel_zone[:1], digivolve_zone=(), power_port=(), pending_rookie=None,
           offline=offline)
    plays = tx.plays
    if any(pl.player == p for pl in plays):
        tx.plays = tuple(pl for pl in plays if pl.player != p)
    tx.event("online_exhausted", "DB-D.3", p, sent_offline=list(board))
    return offline if tx.game.recycle == "whole-offline" else board


def _ask_recycle(tx: Tx, p: int, pile: tuple[str, ...], resume: tuple) -> None:
    if len(pile) >= 2:
        tx.to_move = CHANCE
        tx.chance = ("shuffle", p, tuple(sorted(pile)))
        tx.resume = resume
        return
    # Zero or one card: only one possible order, so no chance node.
    put_online(tx, p, tuple(pile))
    _resume(tx, resume)


def put_online(tx: Tx, p: int, order: tuple[str, ...]) -> None:
    """The shuffled cards go face down Online (DB-D.2/DB-D.3)."""
    me = tx.ps[p]
    tx.upd(p, offline=remove(me.offline, order), online=order + me.online)
    tx.event("recycled", "DB-D.3", p, count=len(order))


def after_recycle_shuffle(tx: Tx, a: Action) -> None:
    """Apply a recycle shuffle outcome, then resume play (owed draws/payments first)."""
    p = tx.s.chance[1]  # type: ignore[index]
    put_online(tx, p, a.order)
    tx.chance = None
    _resume(tx, tx.resume)


def _resume(tx: Tx, resume: tuple) -> None:
    phase, step, to_move, owed_p, owed_draw, owed_pay, then = resume
    if then:
        (p, pile), rest = then[0], then[1:]
        _ask_recycle(tx, p, tuple(pile), resume[:6] + (rest or None,))
        return
    tx.phase = phase
    tx.step = step
    tx.to_move = to_move
    tx.resume = None
    tx.chance = None
    if owed_p is None:
        return
    if owed_draw:
        drew = tx.take_online(owed_p, owed_draw)
        tx.upd(owed_p, hand=tx.ps[owed_p].hand + drew)
        owed_draw -= len(drew)
        tx.event("drew", "DB-D.2", owed_p, count=len(drew), short=owed_draw)
    if owed_pay:
        paid = tx.online_to_offline(owed_p, owed_pay)
        owed_pay -= len(paid)
        tx.event("payment", "DB-D.3", owed_p, source="online", cards=list(paid),
                 ambiguity="DB-AMB-2")
    # The Online deck can reach zero again in the same draw or payment: recycle again (each
    # round moves cards Online, so this ends; with nothing left the hand stays short).
    if tx.emptied:
        tx.owed = (owed_p, owed_draw, owed_pay) if (owed_draw or owed_pay) else None
        settle(tx)

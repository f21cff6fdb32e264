"""The turn structure's joints: where one phase hands over to the next, and the game's end.

Rule modules call down into these (a phase's rules end by entering the next phase), never
sideways into each other, so the rule modules form no import circle: ``setup`` → ``digivolve``
→ ``phases``; ``battle`` → ``phases``; ``regroup`` → ``phases``. Each function only moves the
state on (phase, step, whose move, flags) and records the event with its clause.
"""

from __future__ import annotations

from oracle.digibattle.state import Event, PlayerState
from oracle.digibattle.tx import Tx

_new = tuple.__new__  # builds a NamedTuple from all its values, skipping argument parsing

#: The ``battle_started`` event (DB-C.1) of each starting player, built once (events are values).
BATTLE_STARTED = (Event("battle_started", "DB-C.1", 0), Event("battle_started", "DB-C.1", 1))

# ---------------------------------------------------------------------------------------------
# Entering a phase (DB-C.1, DB-D.1)


def begin_battle(tx: Tx) -> None:
    """DB-C.1: the Battle phase starts with the Duel's first player (DB-C.7; DB-AMB-19
    ``coin-toss``: with the coin-toss winner in every Duel)."""
    ps = tx.ps
    for i in (0, 1):
        if ps[i].passed or ps[i].acted:  # (a player with neither set is left as it is)
            tx.flags(i, False, False)
    starter = tx.coin_toss_winner if tx.game.battle_starter == "coin-toss" \
        else tx.first_player
    tx.phase = "battle"
    tx.step = "play"
    tx.to_move = starter
    # (a loaded state may name no first player: the event then names none, as it did before
    # the events were built ahead)
    tx.events.append(BATTLE_STARTED[starter] if starter is not None
                     else Event("battle_started", "DB-C.1", starter))


def begin_regroup(tx: Tx) -> None:
    """DB-D.1: Regroup starts with seat 0's discards (DB-AMB-25 ``first-player``: with the
    next Duel's first player's)."""
    tx.phase = "regroup"
    begin_discard(tx, regroup_first(tx))


def regroup_first(tx: Tx) -> int:
    """Who regroups first (DB-D.1, DB-AMB-25): seat 0, or the next Duel's first player."""
    if tx.game.regroup_order == "first-player":
        return int(tx.first_player)
    return 0


def begin_discard(tx: Tx, p: int) -> None:
    """Player ``p`` may discard, then draws."""
    me = tx.ps[p]
    if me.passed or me.acted:
        tx.flags(p, False, False)
    tx.step = "discard"
    tx.to_move = p


def owe_payment(tx: Tx, p: int, n: int) -> None:
    """DB-AMB-2 ``across``: the rest of a payment is taken after the recycle."""
    if p not in tx.emptied:
        tx.emptied.append(p)
    tx.owed = (p, 0, n)


# ---------------------------------------------------------------------------------------------
# Points and the end of the game (DB-C.9)


def add_points(tx: Tx, p: int, points: int, clause: str, **data: object) -> None:
    """Add ``points`` to player ``p``'s score; DB-C.9 under DB-AMB-7 ``immediate``."""
    ps = tx.ps
    deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = ps[p]
    score += points
    ps[p] = _new(PlayerState, (deck, hand, online, offline, dz, dvz, port, score, passed,
                               digivolved, pending, acted))
    tx.event("points_scored", clause, p, points=points, score=score, **data)
    if tx.game.end_check == "immediate" and score >= tx.game.target:
        game_over(tx, p)


def game_over(tx: Tx, winner: int | None, reason: str = "target") -> None:
    """DB-C.9: the game is won."""
    tx.phase = "game_over"
    tx.step = "over"
    tx.to_move = None
    tx.winner = winner
    tx.end_reason = reason
    # (chance and resume are already None: an action is applied to a player to move or to a
    # chance outcome, which clears both before play goes on, and the state schema allows them
    # only while chance is to move, also in a loaded state; the code that sets one ends that
    # action's play there, so no game_over follows in it)
    tx.event("game_won" if winner is not None else "game_stopped", "DB-C.9", winner,
             scores=[tx.ps[0].score, tx.ps[1].score], reason=reason)

"""The Digi-Battle rules API: ``legal_actions`` and ``apply``.

This module only dispatches on ``(phase, step)`` to the rulebook modules
(:mod:`~oracle.digibattle.setup`, :mod:`~oracle.digibattle.digivolve`,
:mod:`~oracle.digibattle.battle`, :mod:`~oracle.digibattle.regroup`) and checks whose turn
it is. States are never mutated: ``apply`` returns a new state and the events.
"""

from __future__ import annotations

from typing import NoReturn

from oracle.digibattle import battle, digivolve, regroup, setup
from oracle.digibattle.state import CHANCE, PASS, Action, Event, State
from oracle.digibattle.tx import Tx, remember_legal
from oracle.errors import IllegalActionError

# (phase, step) → clause for "not your turn"
_TURN_CLAUSE = {
    ("setup", "choose_rookie"): "DB-A.1",
    ("digivolve", "prepare"): "DB-B.0",
    ("digivolve", "reveal"): "DB-B.4",
    ("battle", "play"): "DB-C.1",
    ("regroup", "discard"): "DB-D.1",
    ("regroup", "prepare"): "DB-D.5",
}

# Which action types each (phase, step) accepts, with their handlers.
_HANDLERS = {
    ("setup", "choose_rookie"): {"choose_rookie": setup.choose_rookie},
    ("digivolve", "prepare"): {"prepare": digivolve.prepare, "ready": digivolve.ready},
    ("digivolve", "reveal"): {"digivolve": digivolve.digivolve, "pass": digivolve.pass_digivolve},
    ("battle", "play"): {"play_option": battle.play_option, "pass": battle.pass_battle},
    ("regroup", "discard"): {"discard": regroup.discard, "draw": regroup.draw},
    ("regroup", "prepare"): {"prepare": digivolve.prepare, "ready": digivolve.ready,
                             "change_rookie": digivolve.change_rookie},
}

# The legal-action generator of each (phase, step) where a player is to move.
_LEGAL = {
    ("setup", "choose_rookie"): setup.legal_choose_rookie,
    ("digivolve", "prepare"): digivolve.legal_prepare,
    ("regroup", "prepare"): digivolve.legal_prepare,
    ("digivolve", "reveal"): digivolve.legal_reveal,
    ("battle", "play"): battle.legal_battle,
    ("regroup", "discard"): regroup.legal_discard,
}

# Where an action type belongs, for a refusal that names the right clause.
#: Action type → the clause that governs when it may be taken (the clause of a refusal for an
#: action the current phase and step do not allow).
HOME_CLAUSES = {
    "choose_rookie": "DB-A.1", "shuffle": "DB-A.2", "coin_toss": "DB-B.1", "prepare": "DB-B.0",
    "change_rookie": "DB-D.4", "ready": "DB-B.0", "digivolve": "DB-B.2", "pass": "DB-C.3",
    "play_option": "DB-C.1", "discard": "DB-D.1", "draw": "DB-D.1",
}


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action for the player to move, in a canonical order.

    :returns: an empty tuple at a chance node (see ``state.chance``; the outcome is checked by
        :func:`apply`) and when the game is over.
    """
    p = state.to_move
    if not isinstance(p, int):
        return ()
    generate = _LEGAL.get((state.phase, state.step))
    if generate is None:
        return ()
    actions = tuple(generate(state, p))  # (a tuple stays the same object)
    remember_legal(state, actions)
    return actions


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action`` to ``state``.

    :returns: ``(next_state, events)``; ``state`` is unchanged.
    :raises IllegalActionError: the action breaks a rule; ``clause`` names it (e.g. the game
        is over → ``DB-C.9``; not this player's turn → the phase's turn clause).
    """
    tx = Tx(state)  # (its phase, step and to_move are the state's, read cheaply)
    if tx.phase == "game_over":
        raise IllegalActionError("DB-C.9", "the game is over")
    if tx.to_move == CHANCE:
        _apply_chance(tx, state, action)
    else:
        handlers = _HANDLERS.get((tx.phase, tx.step))
        handler = handlers.get(action.type) if handlers is not None else None
        if handler is None or action.player != tx.to_move:
            _refuse(state, action)
        payment = action.payment
        if payment:
            ordered = tuple(sorted(payment))
            if ordered != payment:  # (already sorted and a tuple: kept as it is)
                action = action._replace(payment=ordered)
        handler(tx, action)
    if tx.emptied:
        regroup.settle(tx)
    if tx.game.run_out:
        _run_out(tx)
    return tx.build(), tuple(tx.events)


def _refuse(state: State, action: Action) -> NoReturn:
    """Refuse an action the player to move may not take here (whose turn, which step).

    :raises IllegalActionError: always: a chance outcome while a player is to move (its home
        clause), a play after passing (DB-C.3), not this player's turn (the phase's turn
        clause), or an action type this phase and step do not allow (its home clause, and
        also the phase's turn clause and the turn clause of the action's own phase: a move
        in the wrong phase breaks all three).
    """
    if action.type in ("shuffle", "coin_toss"):
        raise IllegalActionError(
            HOME_CLAUSES[action.type], f"no {action.type} is due: player {state.to_move} "
            "is to move")
    key = (state.phase, state.step)
    if (key == ("battle", "play") and action.player in (0, 1)
            and state.players[action.player].passed and action.player != state.to_move):
        raise IllegalActionError(
            "DB-C.3", f"player {action.player} passed and may not play again this Duel "
            "(DB-AMB-6: final)", also=(_TURN_CLAUSE.get(key, "DB-C.1"),))
    if action.player != state.to_move:
        raise IllegalActionError(
            _TURN_CLAUSE.get(key, "DB-C.1"),
            f"it is player {state.to_move}'s turn ({state.phase}), not player "
            f"{action.player}'s")
    home = HOME_CLAUSES.get(action.type, "DB-C.1")
    raise IllegalActionError(
        home, f"{action.type} is not allowed during {state.phase}/{state.step}",
        also=tuple(c for c in (_TURN_CLAUSE.get(key), _own_turn_clause(action.type, state))
                   if c and c != home))


def _own_turn_clause(action_type: str, state: State) -> str | None:
    """The rule that says when ``action_type`` is taken (docs/PROTOCOL.md, "Refusals: what
    counts", the out-of-turn column): a move in the wrong phase breaks it too. Preparing
    and the ready in Regroup: DB-D.5, else DB-B.0 (DB-B.0, DB-B.4, DB-C.1, DB-D.1, DB-D.5)."""
    if action_type in ("prepare", "ready"):
        return "DB-D.5" if state.phase == "regroup" else "DB-B.0"
    return _OWN_TURN.get(action_type)


#: Per action type, the clause of the turn it belongs to (prepare/ready: see
#: :func:`_own_turn_clause`).
_OWN_TURN = {"choose_rookie": "DB-A.1", "digivolve": "DB-B.4", "play_option": "DB-C.1",
             "pass": "DB-C.1", "discard": "DB-D.1", "draw": "DB-D.1",
             "change_rookie": "DB-D.5"}


def _run_out(tx: Tx) -> None:
    """DB-C.3 under DB-AMB-24 ``run-out``: in the Battle phase a player with no playable
    Power Option card has run out, so has passed, at once (whoever is to move); the Duel ends
    when both have (DB-C.4). Repeated, since one player's pass can leave the other with
    nothing (Digi-Duel: 'can not be used after opponent passes')."""
    while tx.phase == "battle" and tx.step == "play" and tx.to_move in (0, 1):
        state = tx.build()
        out = [p for p in (0, 1) if not state.players[p].passed
               and battle.legal_battle(state, p) == [PASS[p]]]
        if not out:
            return
        for p in out:
            tx.upd(p, passed=True)
            tx.event("passed", "DB-C.3", p)
        if tx.ps[0].passed and tx.ps[1].passed:
            battle.end_duel(tx)
            regroup.settle(tx)
            return
        mover = tx.to_move
        if tx.ps[mover].passed:
            tx.to_move = 1 - mover


def _apply_chance(tx: Tx, state: State, action: Action) -> None:
    """A chance outcome: the coin toss (DB-B.1) or a shuffle (DB-A.2, DB-D.2, DB-D.3)."""
    due = state.chance
    assert due is not None
    if due[0] == "coin_toss":
        if action.type != "coin_toss":
            raise IllegalActionError("DB-B.1", f"a coin toss is due, not {action.type}")
        setup.coin_toss(tx, action)
        return
    _, p, cards = due
    clause = "DB-A.2" if state.phase == "setup" else "DB-D.3"
    if action.type != "shuffle":
        raise IllegalActionError(clause, f"a shuffle of player {p}'s cards is due, "
                                 f"not {action.type}")
    if action.player not in (None, p):
        raise IllegalActionError(clause, f"the shuffle due is player {p}'s")
    if tuple(sorted(action.order)) != cards:
        raise IllegalActionError(
            clause, f"the shuffle must order exactly the {len(cards)} cards due: "
            f"{', '.join(cards)}")
    tx.event("shuffled", clause, p, order=list(action.order))
    if state.phase == "setup":
        setup.deal(tx, p, tuple(action.order))
    else:
        regroup.after_recycle_shuffle(tx, action)

"""The DCG engine: ``legal_actions`` and ``apply`` over the chapter-6 rule modules.

``apply`` thaws the state, runs one action, then :func:`advance` runs the automatic
processing (pending effects, the rest of an attack, phase steps, the turn-end check of
DCG-6-1-4-1, end of turn) until a player or chance must decide, and freezes the result.
A loop nobody can stop ends the game as a draw there (CR4.2 "Infinite loops": ``_loops`` for
loops without decisions, ``_unstoppable`` for loops whose only decisions lead back into them).
"""

from __future__ import annotations

from typing import Any

from oracle.dcg.effects import auto_index, choice_indices, resolve_pending, turn_end_threshold
from oracle.dcg.main_phase import (
    _main_actions,
    choice_actions,
    choose,
    continue_attack,
    main_action,
    main_actions,
)
from oracle.dcg.memory import MEMORY_LIMIT
from oracle.dcg.model import UNSUPPORTED_ACTIONS, Action, Event, State
from oracle.dcg.setup import apply_chance, mulligan_decision
from oracle.dcg.turn import (
    begin_end_of_turn,
    breeding_action,
    breeding_actions,
    draw_phase,
    finish_end_of_turn,
    game_over,
    start_of_main,
    start_of_turn,
    turn_end_condition,
    unsuspend,
)
from oracle.dcg.work import View, Work, work_for
from oracle.errors import IllegalActionError, InvalidInputError, UnsupportedError

__all__ = ["advance", "apply", "legal_actions"]

_MAIN = frozenset(("play", "digivolve", "use_option", "attack", "activate", "pass"))
_BREEDING = frozenset(("hatch", "move", "do_nothing"))
_STEP_FUNCS = {
    "start_of_turn": start_of_turn,
    "unsuspend": unsuspend,
    "draw": draw_phase,
    "start_of_main": start_of_main,
}
LOOPS = "CR4.2 Infinite loops"
#: How many positions :func:`_unstoppable` looks at before it gives up (no draw then).
LOOP_BUDGET = 64
_UNSUPPORTED_WHAT = {
    "digixros": "DigiXros (CR4.2 7-2)",
    "assembly": "Assembly (CR4.2 7-3)",
    "dna_digivolve": "DNA digivolution (CR4.2 8-2)",
    "burst_digivolve": "Burst digivolution (CR4.2 8-3)",
    "app_fusion": "App Fusion (CR4.2 8-4)",
    "link": "Link (CR4.2 10)",
}


def advance(w: Work, probe: bool = False) -> None:
    """Run automatic processing until a decision is due.

    DCG-6-1-3: a phase does not move on while anything is pending. DCG-6-1-4-1 / DCG-6-6-1:
    with nothing pending and no attack in progress, the turn-end condition sends the turn
    to end of turn in the current phase, so a turn never ends in the middle of an action.
    DCG-6-6-2: at end of turn the turn stays in its phase until nothing is pending.
    CR4.2 "Infinite loops": a loop nobody can stop ends the game as a draw, whether it needs
    no decision at all (:func:`_loops`) or only decisions that cannot leave it
    (:func:`_unstoppable`; not checked when ``probe``, i.e. while looking ahead for it).
    """
    seen: set[tuple] | None = None  # (made at the second turn start: only _loops reads it)
    starts = 0
    while True:
        if w.phase in ("game_over", "setup") or w.chance is not None or w.choice is not None:
            return  # (a choice inside an effect or an attack is a decision)
        if w.pending:
            index = auto_index(w)
            if index is None:  # DCG-AMB-3: the turn player chooses the order
                if not probe and _unstoppable(w):
                    game_over(w, None, "infinite_loop", LOOPS)
                return
            resolve_pending(w, index)
            continue
        if w.attack is not None:
            continue_attack(w)
            continue
        if w.step == "end_of_turn":
            finish_end_of_turn(w)
            continue
        if w.memory < 0 and turn_end_condition(w):  # (memory >= 0 never meets it)
            begin_end_of_turn(w)
            continue
        step = w.step
        if step == "start_of_turn":
            starts += 1
            if starts > 1:
                if seen is None:
                    seen = set()
                if _loops(w, seen):
                    return
        if step in _STEP_FUNCS:
            _STEP_FUNCS[step](w)
        elif step == "breeding_done":  # (start_of_main sets the phase: nothing reads it before)
            w.step = "start_of_main"
        else:  # "breeding" or "main": the turn player decides
            # (_unstoppable follows a main phase only when passing is all there is)
            if not probe and step == "main" and _only_pass(w) and _unstoppable(w):
                game_over(w, None, "infinite_loop", LOOPS)
            return


def _loops(w: Work, seen: set[tuple]) -> bool:
    """CR4.2 "Infinite loops": if nobody can stop a loop, the game is a draw.

    Turns that begin and end with no decision at all (e.g. both players' own [Start of Your
    Turn] memory losses end every turn before unsuspending) repeat forever once the same
    position (turn player, memory, every zone) comes back inside one ``advance``: no player
    gets a decision that could stop it. Ends the game as a draw and returns True then.
    (Positions are recorded from the second turn start of one ``advance`` on, so a loop is
    seen one cycle after it closes; the result is the same.)
    """
    key = (w.turn_player, w.memory, tuple(w.delayed), w.players[0].freeze(),
           w.players[1].freeze())
    if key in seen:
        game_over(w, None, "infinite_loop", LOOPS)
        return True
    seen.add(key)
    return False


def _only_pass(w: Work) -> bool:
    """DCG-6-5-1: True when passing (DCG-6-5-1-7) is the turn player's only main-phase action.

    A Digimon or Tamer in hand that can be paid for, or a Digimon that can attack, answers
    False at once; otherwise :func:`main_actions` decides.
    """
    budget = w.memory + MEMORY_LIMIT  # (CR4.2 Costs: can_pay for the turn player)
    play_costs = w.tables.play_costs  # (Digimon and Tamer cards)
    for cid in w.players[w.turn_player].hand:
        cost = play_costs.get(cid)
        if cost is not None and 0 <= cost <= budget:
            return False
    return len(main_actions(w)) == 1


def _position(s: State) -> tuple[Any, ...]:
    """The part of ``s`` a loop repeats: everything but the turn counter, which only counts
    (DCG-6-3-1-1 reads only whether it is turn 1)."""
    return (s.turn == 1, s.turn_player, s.phase, s.step, s.memory, s.pending, s.delayed,
            s.attack, s.resume_step, s.next_id, s.players)


def _may_end_before_unsuspending(w: Work) -> bool:
    """False when the effects pending at the start of the turn cannot, in any order, leave
    the turn-end condition true (DCG-6-2-1-2): every order then unsuspends and draws
    (DCG-6-2-1, DCG-6-3-1), so no loop goes through this decision. A cheap bound: every
    loss toward the opponent's side counts, no gain does, and a "set to X if you have Y or
    less" of the turn player with X >= Y never lowers memory; anything else answers True.
    """
    tp = w.turn_player
    low = w.memory
    for p in w.pending:
        eff = w.cards[p.card].effects[p.effect]
        action, value = eff.delayed if p.delayed and eff.delayed else (eff.action, eff.value)
        if action in ("gain_memory", "lose_memory"):
            if (action == "lose_memory") == (p.player == tp):
                low -= value
        elif not (action == "set_memory_if_at_most" and p.player == tp
                  and eff.at_most is not None and value >= eff.at_most):
            return True
    return -low >= turn_end_threshold(w)


def _loop_choices(w: Work) -> list[Action] | None:
    """The choices due at ``w`` (after :func:`advance`) that may belong to a loop nobody can
    stop, or None when ``w`` is over or holds a decision that :func:`_unstoppable` does not
    follow (it then takes it that the player can stop the loop there): the order of
    simultaneous effects (DCG-AMB-3, every index) and a main phase whose only action is a
    pass. Breeding and mulligan decisions, chance outcomes and main phases with a real
    choice end the search.
    """
    if w.phase == "game_over" or w.chance is not None or w.step == "mulligan" \
            or w.choice is not None:
        return None
    if w.pending:
        return [Action("resolve", w.turn_player, index=i) for i in choice_indices(w)]
    if w.step == "main" and _only_pass(w):
        return [Action("pass", w.turn_player)]
    return None


def _unstoppable(w: Work) -> bool:
    """CR4.2 "Infinite loops": True when the decision due at ``w`` belongs to a loop neither
    player can stop, so the game is a draw.

    A player can stop a loop only by a choice that leads out of it. Choices that change
    nothing are not choices: the order of simultaneous effects that resolve to the same
    position (DCG-AMB-3 "turn-player-chooses"), or a pass (DCG-6-5-1-7) that is the only
    legal action and leaves the turn where it was (e.g. under a raised turn-end threshold,
    QA2449). So every position reachable from here through the choices of
    :func:`_loop_choices` is searched (positions compare without the turn counter,
    :func:`_position`): if none ends the game or holds another decision, and there are at
    most :data:`LOOP_BUDGET` of them, every choice leads back into the same few positions
    forever and True is returned. Otherwise some player may still stop it (or the search
    gave up): False, and the game goes on. Pure: it works on copies of the position.
    """
    if w.pending and w.step in ("start_of_turn", "unsuspend") \
            and not _may_end_before_unsuspending(w):
        return False
    choices = _loop_choices(w)
    if choices is None:
        return False
    start = w.freeze()
    seen = {_position(start)}
    path = [(start, choices)]  # depth first: a way out, if any, is usually found at once
    while path:
        s, rest = path[-1]
        if not rest:
            path.pop()
            continue
        a = rest.pop()
        nxt = Work(s)
        if a.type == "resolve":
            assert a.index is not None
            resolve_pending(nxt, a.index)
        else:
            main_action(nxt, a)
        advance(nxt, probe=True)
        more = _loop_choices(nxt)
        if more is None:
            return False
        t = nxt.freeze()
        key = _position(t)
        if key not in seen:
            if len(seen) >= LOOP_BUDGET:
                return False
            seen.add(key)
            path.append((t, more))
    return True


def legal_actions(state: State) -> tuple[Action, ...]:
    """DCG-6-1-1: the actions open to the player to move, sorted (:meth:`Action.sort_key`);
    empty at a chance node and at game over (chance outcomes are checked by :func:`apply`).
    """
    player: Any = state.to_move  # (0 or 1 past this test)
    if player is None or player == "chance":
        return ()
    if state.choice is not None:  # (a choice inside an effect or an attack)
        return tuple(choice_actions(View(state), state.attack))
    if state.pending:  # (DCG-AMB-3: the indices come in ascending order)
        made = _RESOLVES[player]
        out = []
        for i in choice_indices(View(state)):
            a = made.get(i)
            if a is None:
                a = made[i] = Action("resolve", player, index=i)
            out.append(a)
        return tuple(out)
    step = state.step
    if step == "main":  # (main_actions_of, inline)
        tp = state.turn_player
        me, opp = state.players if tp == 0 else state.players[::-1]
        cards = state.game.cards
        return tuple(_main_actions(state, cards.cards, tp, state.memory + MEMORY_LIMIT,
                                   cards.tables, me.hand, me.battle_area, me.breeding_area,
                                   opp.battle_area))
    if step == "breeding":
        me = state.players[player]
        return breeding_actions(state.game.cards.cards, player, me.breeding_area, me.egg_deck)
    if step == "mulligan":
        return _MULLIGAN[player]
    return ()


#: The resolve actions made so far (per player: pending index -> action).
_RESOLVES: tuple[dict[int, Action], dict[int, Action]] = ({}, {})
#: CR4.2 Mulligan: the two decisions of each player, sorted.
_MULLIGAN = ((Action("keep", 0), Action("mulligan", 0)), (Action("keep", 1), Action("mulligan", 1)))


def _check_turn(state: State, a: Action) -> None:
    """DCG-6-1-1: only the player to move acts; nothing else while effects are pending."""
    if a.type in ("choose_first", "shuffle"):
        if state.to_move != "chance":
            raise IllegalActionError("CR4.2 Game setup", "no chance outcome is due")
        return
    if state.to_move == "chance":
        raise IllegalActionError("CR4.2 Game setup", "a chance outcome is due")
    if a.player != state.to_move:
        raise IllegalActionError("DCG-6-1-1", f"player {state.to_move} is to move")
    if (state.choice is not None) != (a.type == "choose"):
        if state.choice is None:
            raise IllegalActionError("DCG-6-1-3", "no choice is due")
        clause = "CR4.2 Blocking" if state.choice.kind == "block" else "CR4.2 Triggered effects"
        raise IllegalActionError(clause, "a choice is due first")
    if state.choice is not None:
        return
    if state.pending and a.type != "resolve":
        clause = "DCG-6-5-1" if state.phase == "main" else "DCG-6-1-3"
        raise IllegalActionError(clause, "an effect remains to be resolved",
                                 _phase_clauses(state, a))


def _phase_clauses(state: State, a: Action) -> tuple[str, ...]:
    """The clause of the phase check :func:`apply` makes after :func:`_check_turn`, when
    ``a`` fails it too (a breeding action at the end of the Main phase breaks DCG-6-4-1
    whether or not an effect waits): every rule the action breaks (``IllegalActionError``
    ``also``)."""
    if a.type in _MAIN and (state.phase != "main" or state.step != "main"):
        return ("DCG-6-5-1",)
    if a.type in _BREEDING and (state.phase != "breeding" or state.step != "breeding"):
        return ("DCG-6-4-1",)
    if a.type in ("keep", "mulligan") and state.step != "mulligan":
        return ("CR4.2 Mulligan",)
    return ()


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action`` to ``state``; return the new state and the events, in order.

    :raises InvalidInputError: if ``action`` is not an :class:`Action`.
    :raises UnsupportedError: for DigiXros, Assembly, DNA/Burst digivolve, App Fusion and
        Link (named by DCG-6-5-1-1/2/4, not implemented in this ruleset).
    :raises IllegalActionError: naming the clause the action breaks (e.g. ``DCG-6-4-1`` for
        a second breeding action, ``DCG-6-5-1-5`` for an attack by a Digimon played this
        turn, ``CR4.2 Game setup`` for a wrong chance outcome).
    """
    if not isinstance(action, Action):
        raise InvalidInputError("$", f"expected an Action, found {type(action).__name__}")
    if action.type in UNSUPPORTED_ACTIONS:
        raise UnsupportedError(
            _UNSUPPORTED_WHAT[action.type],
            "unsupported in this ruleset (the dcg oracle covers chapter 6 turn flow only)",
            UNSUPPORTED_ACTIONS[action.type],
        )
    if state.phase == "game_over":
        raise IllegalActionError("CR4.2 Victory conditions", "the game is over")
    _check_turn(state, action)
    w = work_for(state)
    kind = action.type
    if kind in _MAIN:  # (the kinds by how often they come: one test each)
        if w.phase != "main" or w.step != "main":
            raise IllegalActionError("DCG-6-5-1", "main-phase actions only in the Main phase")
        main_action(w, action)
    elif kind in _BREEDING:
        if w.phase != "breeding" or w.step != "breeding":
            raise IllegalActionError(
                "DCG-6-4-1", "exactly one breeding action, only in the Breeding phase"
            )
        breeding_action(w, action)
    elif kind in ("choose_first", "shuffle"):
        apply_chance(w, action)
    elif kind == "resolve":
        if action.index not in choice_indices(w):
            raise IllegalActionError("DCG-6-1-3", f"no pending effect to choose at {action.index}")
        assert action.index is not None
        resolve_pending(w, action.index)
    elif kind == "choose":
        choose(w, action)
    elif kind in ("keep", "mulligan"):
        if w.step != "mulligan":
            raise IllegalActionError("CR4.2 Mulligan", "no mulligan decision is due")
        mulligan_decision(w, action)
    else:  # pragma: no cover - action_from_json admits no other type
        raise InvalidInputError("$.type", f"unknown action type {kind!r}")
    advance(w)
    return w.finish()

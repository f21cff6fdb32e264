"""A readable log of a DCG game, built from the events (for ``digiconform play --ruleset dcg``).

One block per turn: the turn player and the memory when the turn began, each action
(breeding, play, digivolve, option, activation, pass) with the memory it moved, attacks with
their security checks and battles, effects as they trigger and resolve, the end of turn
(postponed ones included, DCG-6-6-4) with the memory before and after the turn, and the
result. Memory is written as a number and whose side it is on: ``3 (P1)``; ``0``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from oracle.dcg.model import State

__all__ = ["describe_game", "describe_step", "memory_text", "play_command", "result_line"]

_TIMING = {
    "start_of_your_turn": "[Start of Your Turn]",
    "start_of_your_main_phase": "[Start of Your Main Phase]",
    "end_of_your_turn": "[End of Your Turn]",
    "on_play": "[On Play]",
    "when_attacking": "[When Attacking]",
    "main": "[Main]",
    "security": "[Security]",
    "end_of_turn": "(end of turn)",
}
_REASON = {
    "direct_attack": "an attack on a player with no security cards",
    "deck_out": "the loser could not draw in their Draw phase",
    "infinite_loop": "an infinite loop nobody can stop (CR4.2 Infinite loops)",
}


def memory_text(memory: int, turn_player: int) -> str:
    """``memory`` (turn player's side positive) as ``"3 (P1)"``, ``"0"``."""
    if memory == 0:
        return "0"
    side = turn_player if memory > 0 else 1 - turn_player
    return f"{abs(memory)} (P{side})"


def _card(state: State, cid: str) -> str:
    return f"{state.game.cards[cid].name} {cid}"


def _stack(states: Sequence[State], sid: Any) -> str:
    """``"Redling #4"`` for stack ``sid``, looked up in ``states`` in order."""
    if sid == "player":
        return "the player"
    for s in states:
        for pl in s.players:
            for st in (*pl.battle_area, pl.breeding_area):
                if st is not None and st.id == sid:
                    return f"{s.game.cards[st.top].name} #{sid}"
    return f"#{sid}"


_ACTION_EVENTS = frozenset(("played", "digivolved", "option_used", "passed"))


def _effect(state: State, d: dict[str, Any]) -> str:
    """``"gain 2 memory"``, ``"if 2 or less, set memory to 3"``, ``"no effect: its condition
    (opponent_has_digimon_without_sources) does not hold"``, ``"play it without paying its
    cost"``, ``"hatch"``."""
    action, value = d["action"], d["value"]
    if action == "none":
        return f"no effect: its condition ({d.get('condition')}) does not hold"
    if action == "play_self":
        return "play it without paying its memory cost"
    if action in ("hatch", "move"):
        return action
    if action == "set_memory_if_at_most":
        at_most = next(e.at_most for e in state.game.cards[d["card"]].effects
                       if e.action == action)
        return f"if {at_most} or less, set memory to {value}"
    return f"{action.split('_')[0]} {value} memory"


class _Tracker:
    """The memory and turn player as the events of one step go by."""

    def __init__(self, prev: State) -> None:
        self.memory = prev.memory
        self.tp = prev.turn_player
        self.turn_start = prev.memory

    def mem(self, value: int | None = None) -> str:
        return memory_text(self.memory if value is None else value, self.tp)


def describe_step(prev: State, step: Any, tracker: _Tracker | None = None) -> Iterator[str]:
    """Lines describing one step (``.action``, ``.state``, ``.events``) applied to ``prev``.

    ``tracker`` carries the memory at the start of the turn from step to step
    (:func:`describe_game` passes one); without it, "memory before" is the step's own.
    """
    t = tracker or _Tracker(prev)
    s: State = step.state
    states = (prev, s)
    # The memory a declared action moved (its cost, or the pass) goes on the action's line.
    acts = {e.clause for e in step.events if e.type in _ACTION_EVENTS}
    cost = next((e for e in step.events if e.type == "memory" and e.clause in acts), None)
    for ev in step.events:
        kind, p = ev.type, ev.player
        d = dict(ev.details)
        if kind in _ACTION_EVENTS and cost is not None and cost.clause == ev.clause:
            t.memory = cost.get("after")
            tail = f": memory {t.mem(cost.get('before'))} -> {t.mem()}"
        else:
            tail = ""
        if kind == "first_player":
            yield f"Rock-paper-scissors: player {p} goes first"
        elif kind == "kept":
            yield f"P{p} keeps their hand"
        elif kind == "mulligan":
            yield f"P{p} takes a mulligan (CR4.2 Mulligan)"
        elif kind == "game_started":
            yield "Set-up done: 5 security cards each, memory 0"
        elif kind == "start_of_turn":
            t.tp = p
            t.turn_start = t.memory
            yield f"== Turn {d['turn']}: player {p}, memory {t.mem()}"
        elif kind == "draw_skipped":
            yield f"  P{p} does not draw: the first player's first turn (DCG-6-3-1-1)"
        elif kind == "drew" and ev.clause != "CR4.2 Game setup":
            yield f"  P{p} draws {_card(s, d['card'])}"
        elif kind == "hatched":
            yield f"  P{p} hatches {_card(s, d['card'])} (#{d['stack']}, {ev.clause})"
        elif kind == "moved":
            yield (f"  P{p} moves {_card(s, d['card'])} #{d['stack']} to the battle area "
                   f"({ev.clause})")
        elif kind == "did_nothing":
            yield f"  P{p} makes no breeding action (DCG-6-4-1-3)"
        elif kind == "played" and ev.clause == "CR4.2 Security checks":
            yield f"    P{p} plays {_card(s, d['card'])} #{d['stack']} from security, free"
        elif kind == "played":
            yield f"  P{p} plays {_card(s, d['card'])} #{d['stack']} for {d['cost']}{tail}"
        elif kind == "digivolved":
            yield (f"  P{p} digivolves #{d['stack']} into {_card(s, d['card'])} for "
                   f"{d['cost']}{tail}")
        elif kind == "option_used":
            yield f"  P{p} uses {_card(s, d['card'])} for {d['cost']}{tail}"
        elif kind == "activated":
            yield f"  P{p} activates {_card(s, d['card'])} #{d['source']} [Main]"
        elif kind == "passed":
            yield f"  P{p} passes{tail} (DCG-6-5-1-7)"
        elif kind == "memory" and ev is not cost:
            t.memory = d["after"]
            yield f"    memory {t.mem(d['before'])} -> {t.mem()} [{ev.clause}]"
        elif kind == "resolved":
            timing = _TIMING.get(d.get("timing", "end_of_turn"), d.get("timing", ""))
            yield f"    {timing} {_card(s, d['card'])}: {_effect(s, d)}"
        elif kind == "effect_lost":
            yield f"    {_card(s, d['card'])}: effect lost [{ev.clause}]"
        elif kind == "attack_declared":
            yield (f"  P{p} attacks with {_stack(states, d['attacker'])} -> "
                   f"{_stack(states, d['target'])}")
        elif kind == "security_check":
            yield f"    security check: {_card(s, d['card'])}"
        elif kind == "battle":
            yield f"    battle: {d['attacker_dp']} DP vs {d['defender_dp']} DP"
        elif kind == "deleted":
            yield f"    P{p}'s {_card(s, d['cards'][-1])} #{d['stack']} is deleted"
        elif kind == "end_of_turn":
            yield f"  end of turn in the {d['phase']} phase at memory {t.mem()} [{ev.clause}]"
        elif kind == "end_of_turn_postponed":
            yield (f"  memory back to {t.mem()}: the turn goes on in the {d['phase']} phase "
                   "(DCG-6-6-4)")
        elif kind == "turn_ended":
            yield (f"-- turn {d['turn']} ends: memory {t.mem(t.turn_start)} -> {t.mem()}")
            t.memory = -t.memory
            t.tp = 1 - p
        elif kind == "game_over":
            yield f"Game over [{ev.clause}]"


def describe_game(initial: State, steps: Sequence[Any]) -> Iterator[str]:
    """Every line of the log of a game from ``initial`` through ``steps``."""
    prev = initial
    tracker = _Tracker(initial)
    for step in steps:
        yield from describe_step(prev, step, tracker)
        prev = step.state


def result_line(state: State) -> str:
    """One line with the game's result (or where it stands)."""
    turns = f"after {state.turn} turns"
    if state.phase != "game_over":
        return f"Game not over {turns}"
    if state.winner is None:
        return f"Draw {turns}: {_REASON.get(state.reason or '', state.reason)}"
    return f"Player {state.winner} wins {turns}: {_REASON.get(state.reason or '', state.reason)}"


def play_command(seed: int, variants: dict[str, str], cards_path: str | None,
                 deck_paths: tuple[str, ...], trace_path: str | None, quiet: bool,
                 echo: Callable[[str], Any], format_date: str | None = None) -> None:
    """``digiconform play --ruleset dcg``: one seeded random game, logged through ``echo``.

    :param cards_path: a DCG card JSON file (default: the INVENTED test set).
    :param deck_paths: none (red-memory vs blue-tempo) or two DCG deck JSON files.
    :param trace_path: where to write the trace (``schemas/trace.schema.json``), or None.
    :param format_date: ``YYYY-MM-DD``: the restricted list in force then is the deck format
        (default: the newest); the trace records the date used.
    :raises InvalidInputError: unreadable or invalid cards, decks or variant readings.
    :raises click.BadParameter: ``--deck`` given other than twice.
    """
    import click

    from oracle.cards import load_json
    from oracle.dcg import game_from_setup, new_game
    from oracle.dcg.selfplay import play
    from oracle.trace import build_trace, write_trace

    setup: dict[str, Any] = {"ruleset": "dcg", "variants": variants}
    if format_date is not None:
        setup["format_date"] = format_date
    if cards_path is not None:
        setup["card_set"] = load_json(cards_path, "dcg/card-set")
    if deck_paths:
        if len(deck_paths) != 2:
            raise click.BadParameter("give --deck twice (seat 0, then seat 1)")
        setup["decks"] = [load_json(p, "dcg/deck") for p in deck_paths]
    game = game_from_setup(setup)
    initial = new_game(game)
    steps = []
    tracker = _Tracker(initial)
    prev = initial
    for step in play(game, seed):
        steps.append(step)
        if not quiet:
            for line in describe_step(prev, step, tracker):
                echo(line)
        prev = step.state
    echo(result_line(prev))
    if trace_path:
        write_trace(Path(trace_path), build_trace(game, initial, steps, meta={"seed": seed}))
        echo(f"trace written to {trace_path}")

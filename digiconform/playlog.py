"""A readable log of a Digi-Battle game, built from the events (for ``digiconform play``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from oracle.digibattle import State, digimon_power


def _digimon(state: State, p: int) -> str:
    card = state.card(state.players[p].duel_zone[-1])
    return f"{card.name} {card.serial} ({card.level}, {card.battle_type})"


def describe_step(step: Any) -> Iterator[str]:
    """Lines describing one self-play step: Duel starts with both Digimon and their Digimon
    Power, each card played, Duel results with points and the running score."""
    s: State = step.state
    for ev in step.events:
        t, p = ev.type, ev.player
        d = ev.data or {}
        if t == "coin_toss":
            yield f"Coin toss: player {p} goes first (DB-B.1)"
        if t in ("coin_toss", "duel_started"):
            yield f"== Duel {s.duel} (player {p} first): Digivolve phase"
        elif t == "battle_started":
            yield (f"  Battle: P0 {_digimon(s, 0)} power {digimon_power(s, 0)}  vs  "
                   f"P1 {_digimon(s, 1)} power {digimon_power(s, 1)}")
        elif t == "digivolved":
            yield f"  P{p} digivolves to {s.card(d['card']).name} {d['card']} ({d['method']})"
        elif t == "use_it_or_lose_it":
            yield f"  P{p} passes; {d['card']} goes Offline (use it or lose it, DB-B.5)"
        elif t == "option_played":
            c = s.card(d["card"])
            tail = "" if d.get("fulfilled", True) else " (requirements not met: no effect)"
            yield (f"  P{p} plays {c.name} {c.serial}{tail} -> power P0 "
                   f"{digimon_power(s, 0) if s.phase == 'battle' else '-'} / P1 "
                   f"{digimon_power(s, 1) if s.phase == 'battle' else '-'}")
        elif t == "passed" and ev.clause == "DB-C.3":
            yield f"  P{p} passes"
        elif t == "duel_won":
            yield f"  P{p} wins the Duel {d['powers'][0]} vs {d['powers'][1]} (DB-C.4)"
        elif t == "duel_tied":
            yield f"  Tie at {d['powers'][0]}: no points (DB-C.8)"
        elif t == "points_scored":
            yield (f"  P{p} scores {d['points']} -> score P0 {s.players[0].score} / "
                   f"P1 {s.players[1].score} ({ev.clause})")
        elif t == "online_exhausted":
            yield f"  P{p}'s Online deck is empty: board goes Offline and is recycled (DB-D.3)"
        elif t == "rookie_changed":
            yield f"  P{p} changes Rookie to {s.card(d['card']).name} (DB-D.4)"


def result_line(state: State) -> str:
    """One line with the game's result."""
    s0, s1 = state.players[0].score, state.players[1].score
    if state.winner is None:
        return f"Game not decided ({state.end_reason}): {s0} - {s1} after {state.duel} Duels"
    return (f"Player {state.winner} wins {s0} - {s1} after {state.duel} Duels "
            f"(target {state.game.target}, DB-C.9)")

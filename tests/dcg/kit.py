"""Shared helpers for the ``dcg`` ruleset tests.

States are written as JSON (the contract) and loaded with ``State.from_json``, so each test
starts exactly where the rule under test applies. Card IDs are from the INVENTED test set
``oracle/data/dcg/test-cards.json``:

T-01/T-02 Digi-Eggs (lv2, no DP) · T-03 red lv3 3000 cost 3 · T-04 red lv3 2000 cost 2
[When Attacking] gain 3, lose 3 at end of turn · T-05 blue lv3 3000 · T-06 blue lv3 1000
cost 3 [On Play] gain 2 · T-07 red lv4 5000 [End of Your Turn] gain 1 · T-08 blue lv4 4000
[Start of Your Main Phase] gain 1 · T-09 red lv5 7000 [End of Your Turn][Once Per Turn]
gain 2 · T-10 blue lv5 8000 [Start of Your Turn] lose 2 · T-11 red lv6 12000 cost 12 ·
T-12 blue lv6 11000 cost 11 · T-13 Tamer [Start of Your Turn] if 2 or less set to 3 ·
T-14 Tamer [Start of Your Turn] gain 1 · T-15 Tamer [Main][Once Per Turn] gain 1 ·
T-16 red Option cost 1 gain 2 · T-17 blue Option cost 2 gain 3 · T-18 Tamer turn ends only
at 3+ · T-19 Tamer turn ends only at 6+.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from oracle.dcg import Action, DcgConfig, Event, State, apply, make_game, state_from_json

GAME = make_game(DcgConfig())


def stack(id: int, *cards: str, suspended: bool = False, played: bool = False) -> dict:
    """A stack object of the state JSON (cards bottom..top)."""
    return {"id": id, "cards": list(cards), "suspended": suspended, "played_this_turn": played}


def player(**zones: Any) -> dict:
    """A player object of the state JSON; zones not given are empty."""
    base: dict[str, Any] = {
        "hand": [], "deck": ["T-03"] * 10, "egg_deck": [], "breeding_area": None,
        "battle_area": [], "security": ["T-16"] * 5, "trash": [],
        "mulliganed": False, "mulligan_decided": True, "once_per_turn_used": [],
    }
    base.update(zones)
    return base


def make_state(
    p0: dict | None = None,
    p1: dict | None = None,
    *,
    turn: int = 3,
    turn_player: int = 0,
    first_player: int = 0,
    phase: str = "main",
    step: str = "main",
    memory: int = 0,
    pending: Iterable[dict] = (),
    delayed: Iterable[dict] = (),
    variants: dict[str, str] | None = None,
    resume_step: str | None = None,
) -> State:
    """Build a state from its JSON form (defaults: turn 3, player 0's main phase, memory 0)."""
    d = {
        "ruleset": "dcg", "turn": turn, "turn_player": turn_player,
        "first_player": first_player, "phase": phase, "step": step, "memory": memory,
        "chance": None, "pending": list(pending), "delayed": list(delayed), "attack": None,
        "resume_step": resume_step, "winner": None, "reason": None, "next_id": 100,
        "variants": variants or {}, "players": [p0 or player(), p1 or player()],
    }
    return state_from_json(d, GAME)


def act(state: State, type: str, **fields: Any) -> tuple[State, tuple[Event, ...]]:
    """Apply ``{"type": type, "player": state.to_move, **fields}``."""
    if "player" not in fields and type not in ("choose_first",):
        fields["player"] = state.to_move
    return apply(state, Action(type, **fields))


def kinds(events: Iterable[Event], player: int | None = None) -> list[str]:
    """The event types, optionally only those of ``player``."""
    return [e.type for e in events if player is None or e.player == player]

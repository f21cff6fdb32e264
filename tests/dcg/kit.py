"""Shared helpers for the ``dcg`` ruleset tests.

States are written as JSON (the contract) and loaded with ``State.from_json``, so each test
starts exactly where the rule under test applies. Games use the card set
``dcg-real+test-only``: the REAL cards of ``oracle/data/dcg/cards.json`` plus the five INVENTED
test-only cards (``X-nn``) for positions no real card reaches. The cards used here:

Digi-Eggs (level 2, no DP): ST1-01 Koromon (red), ST2-01 Tsunomon (blue). Digimon without
text: ST1-02 Biyomon red L3 3000 cost 2 · ST1-04 Dracomon red L3 4000 cost 3 · ST1-05
Birdramon red L4 5000 cost 4 (digivolve from red L3 for 2) · ST1-10 Phoenixmon red L6 12000
cost 10 · ST2-02 Gomamon blue L3 3000 cost 2 · ST2-04 Bearmon blue L3 4000 cost 3 · ST2-10
Plesiomon blue L6 12000 cost 10. With text: BT1-021 MetalGreymon red L5 7000 cost 6
[When Attacking] Gain 3 memory. At end of turn, lose 3 memory · BT11-049 Vegiemon green L4
3000 cost 4 [Start of Your Turn] Gain 1 memory · LM-008 Angoramon green L3 1000 cost 3
[Start of Your Main Phase] If you have a Tamer, gain 1 memory · BT2-089 Tai Kamiya Tamer
cost 4 [Start of Your Turn] If you have 2 memory or less, set your memory to 3 · ST1-12 Tai
Kamiya Tamer cost 2 [Your Turn] All of your Digimon get +1000 DP · BT1-090 Gravity Crush
red Option cost 0 [Main] Gain 2 memory. At end of turn, lose 2 memory · ST2-13 Hammer Spark
blue Option cost 0 [Main] Gain 1 memory, [Security] Gain 2 memory. Test only: X-01 Drain
Testmon blue L5 8000 cost 6 [Start of Your Turn] Lose 2 memory · X-02 Dusk Testmon red L5
7000 cost 7 [End of Your Turn] [Once Per Turn] Gain 2 memory · X-03 Tamer Testzed cost 4
(the turn ends only at 6 or more on the opponent's side).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from oracle.dcg import (
    Action,
    DcgConfig,
    Event,
    State,
    apply,
    load_test_only_cards,
    make_game,
    state_from_json,
)

GAME = make_game(DcgConfig(cards=load_test_only_cards()))


def stack(id: int, *cards: str, suspended: bool = False, played: bool = False) -> dict:
    """A stack object of the state JSON (cards bottom..top)."""
    return {"id": id, "cards": list(cards), "suspended": suspended, "played_this_turn": played}


def player(**zones: Any) -> dict:
    """A player object of the state JSON; zones not given are empty."""
    base: dict[str, Any] = {
        "hand": [], "deck": ["ST1-04"] * 10, "egg_deck": [], "breeding_area": None,
        "battle_area": [], "security": ["BT1-090"] * 5, "trash": [],
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

"""Which scenario vectors an engine without ``load_state`` can run, and why the others not.

A scenario that starts from a described position (a ``load_state`` step) runs on the four
mandatory requests only if the position is reached from ``new_game`` by legal play: then the
vector carries the whole game as ``played`` (``new_game``, the prelude of actions with the
chance outcomes that make the position arise, then the scenario's own steps), and the verifier
runs that instead. A position no legal game reaches is reported per vector as needing
``load_state``, with the reason (``needs_load_state``, written by ``digiconform vectors
record``).

:func:`needs_load_state` names the first fact of the described position that a game from
``new_game`` does not give, with the rule behind it (the scenario positions are *sketches*:
cards left in the deck or Online that the deal would have handed out). :func:`derive_played`
tries to reach the position exactly, judged by the oracle, and returns the played vector.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SKETCH = "sketch, cards never dealt"
"""The reason's kind for a position whose cards the deal or set-up would have handed out."""

DB_DEALT_ONLINE = 19
"""Cards the Digi-Battle deal leaves Online (DB-A.2: 10 in hand, the other 19 Online)."""


def load_state_step(vector: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The vector's ``load_state`` step, or None (it starts with ``new_game``)."""
    return next((s for s in vector["steps"] if s["request"] == "load_state"), None)


def needs_load_state(vector: Mapping[str, Any]) -> str | None:
    """Why the vector's described position is not reached from ``new_game`` (None: it has no
    ``load_state`` step, or the position is reached: ``played`` can be derived).

    :returns: ``"<kind> - <the fact, with the rule>"``; the report tallies the kinds.
    """
    step = load_state_step(vector)
    if step is None:
        return None
    firsts = [s["request"] for s in vector["steps"] if s["request"] in ("new_game", "load_state")]
    if len(firsts) > 1:
        return ("two games - the position is loaded after another game began in the same "
                "scenario")
    state = step["state"]
    if vector.get("ruleset", "digibattle") == "digibattle":
        return _db_reason(state) or _fallback(vector)
    return _dcg_reason(state, step["setup"]) or _fallback(vector)


def _fallback(vector: Mapping[str, Any]) -> str | None:
    if derive_played(vector) is not None:
        return None
    return ("no prelude found - no game from new_game that the search plays reaches the "
            "described position exactly (digiconform vectors record searches for one)")


def _db_reason(state: Mapping[str, Any]) -> str | None:
    phase, duel = state.get("phase"), state.get("duel", 1)
    if phase == "setup":
        return None
    for i, p in enumerate(state.get("players") or []):
        online = len(p.get("online") or [])
        hand = len(p.get("hand") or [])
        if duel == 1 and phase in ("digivolve", "battle") and online > DB_DEALT_ONLINE:
            return (f"{SKETCH} - player {i} has {online} cards Online and {hand} in hand in "
                    f"Duel 1's {phase.capitalize()} phase: the deal leaves {DB_DEALT_ONLINE} "
                    "Online and 10 in hand (DB-A.2), and before the Regroup phase the Online "
                    "deck only shrinks")
        if duel == 1 and phase == "regroup" and online > DB_DEALT_ONLINE:
            return (f"{SKETCH} - player {i} has {online} cards Online in Duel 1's Regroup "
                    f"phase: the deal leaves {DB_DEALT_ONLINE} Online (DB-A.2), and Online "
                    "cards go to the hand or Offline, never back, until the Online deck runs "
                    "out (DB-D.2)")
    return None


def _dcg_reason(state: Mapping[str, Any], setup: Mapping[str, Any]) -> str | None:
    if state.get("phase") == "setup":
        return None
    for i, p in enumerate(state.get("players") or []):
        deck = len(p.get("deck") or [])
        security = len(p.get("security") or [])
        after = _dcg_main_deck_size(setup, i) - 10
        if after >= 0 and deck > after:
            return (f"{SKETCH} - player {i}'s deck holds {deck} cards at turn "
                    f"{state.get('turn')} (Security {security}): the set-up leaves {after} "
                    f"({after + 10} - 5 in hand - 5 Security; CR4.2 Game setup), and a deck only "
                    "shrinks after it (a mulligan deals again from the same 40)")
    return None


def _dcg_main_deck_size(setup: Mapping[str, Any], seat: int) -> int:
    decks = setup.get("decks") or []
    if seat >= len(decks):
        return -1
    d = decks[seat]
    if isinstance(d, Mapping):
        return sum(int(e.get("count", 1)) for e in d.get("deck") or [])
    return 50  # a shipped deck (50 cards, CR4.2 Deck construction)


def derive_played(vector: Mapping[str, Any], *, games: int = 0) -> list[dict[str, Any]] | None:
    """The vector played from ``new_game``: a prelude that reaches its described position
    exactly (the oracle judging every action), followed by the scenario's steps; None when
    no prelude is found.

    The search is the cheapest one that is certainly right: a position whose every player
    zone is still its set-up state is reached by the set-up itself. Anything further needs a
    rewrite of the scenario (its Given steps as plays), which this does not attempt.
    """
    step = load_state_step(vector)
    if step is None:
        return None
    from oracle.driver import OracleDriver

    o = OracleDriver()
    try:
        start = o.new_game(step["setup"])
    except Exception:  # noqa: BLE001 - a setup the oracle refuses: nothing to derive
        return None
    want = {k: v for k, v in step["expect"]["state"].items() if k != "variants"}
    got = {k: v for k, v in start.items() if k != "variants"}
    if want != got:
        return None
    steps = [{"request": "new_game", "setup": step["setup"], "expect": {"state": start}}]
    i = vector["steps"].index(step)
    return steps + [dict(s) for s in vector["steps"][i + 1:]]

"""The ``dcg`` parts of a game trace (``schemas/dcg/trace.schema.json``).

:func:`oracle.trace.build_trace` writes the fields every ruleset shares (format, ruleset,
variants, initial state, steps, meta); this module adds the DCG card set, decks and result.
``digiconform replay`` rebuilds the game from them with :func:`oracle.dcg.game_from_setup`
(a trace's ``card_set`` and ``decks`` are valid setup values).

Shapes: ``card_set`` is ``{"name": "dcg-real"}`` (or ``{"name": "dcg-real+test-only"}``) for a
shipped set, else the
whole card document (``{"name", "cards": [...]}``, as :func:`card_set_from_json` reads it);
``decks`` are two deck objects (``{"name", "deck": [{"id", "count"}], "eggs": [...]}``);
``result`` is ``{"winner": 0 | 1 | null, "reason": "direct_attack" | "deck_out" |
"infinite_loop" | null}``.
"""

from __future__ import annotations

from typing import Any

from oracle.dcg.cards import Card, CardSet, DeckList, shipped_card_set
from oracle.dcg.model import Game, State

__all__ = ["card_set_to_json", "deck_to_json", "trace_fields", "trace_result"]


def _entries(ids: tuple[str, ...]) -> list[dict[str, Any]]:
    """``("ST1-01", "ST1-01", "ST2-01")`` -> ``[{"id": "ST1-01", "count": 2}, ...]``:
    runs of equal IDs, so :func:`~oracle.dcg.cards.deck_from_json` gives back the same list
    in the same order (the order decks start in, before their first shuffle)."""
    out: list[dict[str, Any]] = []
    for cid in ids:
        if out and out[-1]["id"] == cid:
            out[-1]["count"] += 1
        else:
            out.append({"id": cid, "count": 1})
    return out


def deck_to_json(deck: DeckList) -> dict[str, Any]:
    """The deck object of ``deck``: ``{"name", "deck": [{"id", "count"}], "eggs": [...]}``."""
    return {"name": deck.name, "deck": _entries(deck.main), "eggs": _entries(deck.eggs)}


def _card_to_json(c: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind, "colors": list(c.colors)}
    for key in ("level", "dp", "play_cost"):
        if getattr(c, key) is not None:
            out[key] = getattr(c, key)
    if c.digivolve:
        out["digivolve"] = [{"level": d.level, "color": d.color, "cost": d.cost}
                            for d in c.digivolve]
    effects = []
    for e in c.effects:
        eff: dict[str, Any] = {"timing": e.timing, "action": e.action, "value": e.value}
        if e.once_per_turn:
            eff["once_per_turn"] = True
        if e.at_most is not None:
            eff["at_most"] = e.at_most
        if e.delayed is not None:
            eff["then_at_end_of_turn"] = {"action": e.delayed[0], "value": e.delayed[1]}
        if e.inherited:
            eff["inherited"] = True
        if e.condition is not None:
            eff["condition"] = e.condition
        if e.scope != "self":
            eff["scope"] = e.scope
        if e.cost is not None:
            eff["cost"] = e.cost
        for key in ("target", "max_dp", "max_level", "target_condition", "until",
                    "per_sources"):  # (the ST-1/ST-2 fields, only where set)
            if getattr(e, key) is not None:
                eff[key] = getattr(e, key)
        if e.count != 1:
            eff["count"] = e.count
        if e.up_to:
            eff["up_to"] = True
        effects.append(eff)
    out["text"] = c.text
    out["inherited_text"] = c.inherited_text
    out["security_text"] = c.security_text
    if not c.supported:
        out["supported"] = False
        out["unsupported"] = c.unsupported
    out["effects"] = effects
    return out


def card_set_to_json(cards: CardSet) -> dict[str, Any]:
    """The card document of ``cards`` (``{"name", "cards": [...]}``), readable by
    :func:`~oracle.dcg.cards.card_set_from_json` into an equal :class:`CardSet`."""
    return {"name": cards.name, "cards": [_card_to_json(c) for c in cards.cards.values()]}


def trace_fields(game: Game) -> dict[str, Any]:
    """``{"card_set", "decks", "format_date"}`` of a trace of ``game`` (the shipped set by
    name; the format date whose restricted list the decks were checked against, CR4.2 Deck
    construction, so that a replay checks them against the same list)."""
    shipped = shipped_card_set(game.cards.name)
    card_set = ({"name": game.cards.name} if shipped is not None and game.cards == shipped
                else card_set_to_json(game.cards))
    out = {"card_set": card_set, "decks": [deck_to_json(d) for d in game.decks]}
    if game.format_date:
        out["format_date"] = game.format_date
    return out


def trace_result(final: State) -> dict[str, Any]:
    """``{"winner", "reason"}`` of the last state of a trace."""
    return {"winner": final.winner, "reason": final.reason}

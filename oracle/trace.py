"""Game traces: a whole recorded game as JSON (``schemas/trace.schema.json``).

A trace holds the ruleset, variant readings, card set reference, both decks (and for
Digi-Battle the target), the initial state and every step (action, state after, events), so
any engine can replay it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

TRACE_FORMAT = "digiconform-trace/1"


class Step(NamedTuple):
    """One step of a trace: the action taken, the state after it and its events (ruleset
    objects; :func:`build_trace` reads ``.action``, ``.state`` and ``.events``)."""

    action: Any
    state: Any
    events: tuple[Any, ...]


def build_trace(game: Any, initial: Any, steps: Sequence[Any],
                meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A trace document for ``game`` from ``initial`` through ``steps`` (self-play steps:
    ``.action``, ``.state``, ``.events``). The ruleset follows from ``initial``: a Digi-Battle
    trace has ``target``, a card set by ID, serial lists and scores; a ``dcg`` trace has the
    fields of :mod:`oracle.dcg.trace` (``schemas/dcg/trace.schema.json``)."""
    from oracle.rulesets import ruleset_of

    final = steps[-1].state if steps else initial
    ruleset = ruleset_of(initial)
    head: dict[str, Any] = {"format": TRACE_FORMAT, "ruleset": ruleset,
                            "variants": dict(game.variants)}
    if ruleset == "dcg":
        from oracle.dcg.trace import trace_fields, trace_result

        head.update(trace_fields(game))
        result = trace_result(final)
    else:
        head.update({"target": game.target, "card_set": {"id": game.card_set.id},
                     "decks": [list(d) for d in game.decks]})
        result = {"winner": final.winner,
                  "final_scores": [final.players[0].score, final.players[1].score]}
    return {
        **head,
        "initial_state": initial.to_json(),
        "steps": [
            {"action": s.action.to_json(), "state": s.state.to_json(),
             "events": [e.to_json() for e in s.events]}
            for s in steps
        ],
        "result": result,
        "meta": dict(meta or {}),
    }


def write_trace(path: Path, trace: Mapping[str, Any]) -> None:
    """Validate ``trace`` against the trace schema and write it.

    :raises InvalidInputError: the trace does not validate (a bug in the writer).
    """
    from oracle.validation import validate

    validate(trace, "trace")
    path.write_text(json.dumps(trace, ensure_ascii=False) + "\n", encoding="utf-8")


def read_trace(path: Path) -> dict[str, Any]:
    """Read and validate a trace file.

    :raises InvalidInputError: unreadable, not JSON, or not a valid trace (with JSON path).
    """
    from oracle.cards import load_json
    from oracle.validation import validate

    doc = load_json(path)
    validate(doc, "trace")
    return doc  # type: ignore[no-any-return]

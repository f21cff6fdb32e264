"""Replay a recorded game (a trace from any engine, any ruleset) step by step against the
oracle.

The first step whose action the oracle refuses, or whose recorded state differs from the
oracle's, is reported with its clause (for a refusal), the expected state and the differing
JSON paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.cards import card_set_from_json, default_card_set
from oracle.digibattle import Game
from oracle.errors import IllegalActionError, InvalidInputError, OracleError
from oracle.jsondiff import differences


@dataclass
class ReplayResult:
    """Outcome of a replay.

    :param ok: every step was legal and every recorded state matched.
    :param steps: number of steps checked (the failing one included).
    :param failed_step: index into ``trace["steps"]`` (``-1`` for the initial state,
        ``len(steps)`` for the recorded ``result``) or None.
    :param clause: the clause the failing action breaks (refusals only).
    :param reason: one sentence.
    :param expected_state: the oracle's state at the failing step (None for a refusal).
    :param differences: ``(json_path, expected, recorded)`` triples.
    """

    ok: bool
    steps: int
    failed_step: int | None = None
    clause: str | None = None
    reason: str | None = None
    expected_state: Mapping[str, Any] | None = None
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    final_state: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON form for ``--format json``."""
        return {
            "ok": self.ok, "steps": self.steps, "failed_step": self.failed_step,
            "clause": self.clause, "reason": self.reason,
            "differences": [{"path": p, "expected": e, "recorded": a}
                            for p, e, a in self.differences],
            "expected_state": self.expected_state,
        }


def game_from_trace(trace: Mapping[str, Any],
                    variants: Mapping[str, str] | None = None) -> Game:
    """The :class:`Game` a trace was recorded with (variant readings optionally overridden).

    :raises InvalidInputError: unknown card set reference, bad decks or variants.
    """
    cs = trace["card_set"]
    if "cards" in cs:
        card_set = card_set_from_json(cs)
    elif cs.get("id") == default_card_set().id:
        card_set = default_card_set()
    else:
        raise InvalidInputError("$.card_set.id", f"unknown card set {cs.get('id')!r}; embed it")
    chosen = dict(trace.get("variants") or {})
    chosen.update(variants or {})
    decks = trace["decks"]
    return Game(card_set, (tuple(decks[0]), tuple(decks[1])), trace.get("target", 1000), chosen)


def _game(trace: Mapping[str, Any], variants: Mapping[str, str] | None) -> Any:
    """The game of any ruleset's trace: Digi-Battle by :func:`game_from_trace`, others by
    their ruleset's ``game_from_setup`` (a trace's ``card_set`` and ``decks`` are setup
    values)."""
    from oracle import rulesets

    name = trace.get("ruleset", "digibattle")
    if name == "digibattle":
        return game_from_trace(trace, variants)
    setup = trace_setup(trace)
    setup["variants"].update(variants or {})
    return rulesets.get(name).game_from_setup(setup)


def trace_setup(trace: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol setup of a trace (card set by ID or name, or embedded in full).

    A Digi-Battle trace's decks are serial lists and it has a target; a ``dcg`` trace's decks
    are deck objects (or shipped deck names) and it has no target.
    """
    ruleset = trace.get("ruleset", "digibattle")
    setup: dict[str, Any] = {"ruleset": ruleset, "card_set": dict(trace["card_set"]),
                             "variants": dict(trace.get("variants") or {})}
    if ruleset == "digibattle":
        setup["decks"] = [list(d) for d in trace["decks"]]
        setup["target"] = trace.get("target", 1000)
    else:
        setup["decks"] = [d if isinstance(d, str) else dict(d) for d in trace["decks"]]
        if "format_date" in trace:  # the restricted list the decks were checked against
            setup["format_date"] = trace["format_date"]
    return setup


def replay(trace: Mapping[str, Any], variants: Mapping[str, str] | None = None) -> ReplayResult:
    """Check ``trace`` (``schemas/trace.schema.json``, already validated) against the oracle,
    through the functions of its ruleset (:mod:`oracle.rulesets`).

    :param variants: readings that override the trace's own.
    :raises InvalidInputError: unknown ruleset (``$.ruleset``), card set, decks or readings.
    """
    from oracle import rulesets

    rs = rulesets.get(trace.get("ruleset", "digibattle"))
    game = _game(trace, variants)
    state = rs.new_game(game)

    def recorded(doc: Mapping[str, Any], got: Mapping[str, Any]) -> Mapping[str, Any]:
        # Replaying under other readings than recorded: the readings field may differ.
        return {**doc, "variants": got["variants"]} if variants else doc

    diffs = differences(state.to_json(), recorded(trace["initial_state"], state.to_json()),
                        "$.initial_state")
    if diffs:
        return ReplayResult(False, 0, -1, reason="the initial state differs from a new game",
                            expected_state=state.to_json(), differences=diffs)
    for i, step in enumerate(trace["steps"]):
        path = f"$.steps[{i}]"
        try:
            try:
                action = rs.action_from_json(step["action"])
            except InvalidInputError as e:
                raise InvalidInputError(f"{path}.action{e.path[1:]}", e.reason) from None
            state, _events = rs.apply(state, action)
        except IllegalActionError as e:
            return ReplayResult(False, i + 1, i, clause=e.clause, reason=e.reason,
                                expected_state=state.to_json())
        except OracleError as e:
            return ReplayResult(False, i + 1, i, clause=getattr(e, "clause", None),
                                reason=getattr(e, "reason", None) or str(e),
                                expected_state=state.to_json())
        got = state.to_json()
        diffs = differences(got, recorded(step["state"], got), f"{path}.state")
        if diffs:
            return ReplayResult(False, i + 1, i, reason="the recorded state differs from the "
                                "oracle's", expected_state=got, differences=diffs)
    n = len(trace["steps"])
    diffs = _result_differences(trace, state)
    if diffs:
        return ReplayResult(False, n, n, reason="the recorded result differs from the last "
                            "state's", expected_state=state.to_json(), differences=diffs)
    return ReplayResult(True, n, final_state=state.to_json())


def _result_differences(trace: Mapping[str, Any], final: Any) -> list[tuple[str, Any, Any]]:
    """``trace["result"]`` against the oracle's last state (Digi-Battle: ``winner`` and
    ``final_scores``, DB-C.9; dcg: ``winner`` and ``reason``, CR4.2 Victory conditions)."""
    result = trace.get("result")
    if not isinstance(result, Mapping):
        return []
    doc = final.to_json()
    if trace.get("ruleset", "digibattle") == "digibattle":
        want = {"winner": doc["winner"], "final_scores": [p["score"] for p in doc["players"]]}
    else:
        want = {"winner": doc.get("winner"), "reason": doc.get("reason")}
    return [(f"$.result.{k}", v, result.get(k)) for k, v in want.items()
            if k in result and result.get(k) != v]

"""Which rule a Duel result that differs breaks, when a Power Option's printed condition decides.

A Power Option card's Effect applies only as its card says (DB-C.2): Counter Attack ST-54
doubles "when confronting an opponent of a higher Digivolve Level", Bomb Dive adds 100 only
against a Green or Yellow opponent. What such a condition changes is the Digimon Power, a
*detail* field (:data:`digiconform.verifier.compare.DETAILS`): an engine that declares only
the mandatory core shows a wrong reading of the condition only where the power decides
something core, the Duel's result (``score``, the Digimon sent Offline, who goes first
next). Named from the oracle's events at that step, such a difference would be filed under
DB-C.4 or DB-C.5, the rules of the result, although those rules were followed.

:func:`condition_clause` asks the counterfactual: does the oracle, with one of the Power
Options in play this Duel applying its Effect whatever its condition says (or never applying
its conditional Effect), give the implementation's answer at that step? Then the difference
is the condition's, filed under DB-C.2. Nothing else is attributed this way: a result that
no such change explains keeps the clause the events give.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["CLAUSE", "condition_clause"]

CLAUSE = "DB-C.2"
"""The rule a Power Option's Effect applies under (its Use Requirements and printed
conditions; the register's DB-AMB-17, the timing of such conditions, is DB-C.2's too)."""

#: How many forced actions (the only legal one) after the step the implementation may have
#: taken by itself: it may move on past the Duel's end to where it next waits.
FORCED = 8


def condition_clause(setup: Mapping[str, Any], before: Mapping[str, Any] | None,
                     action: Mapping[str, Any] | None, *,
                     actual: Mapping[str, Any] | None = None,
                     differences: Sequence[tuple[str, Any, Any]] | None = None,
                     details: Sequence[str] | None = None) -> str | None:
    """:data:`CLAUSE` when the implementation's answer to ``action`` from the oracle's
    state ``before`` (JSON) is the oracle's with one conditional Power Option Effect in
    play read otherwise (applied whatever its condition, or never); else None.

    :param setup: the setup the oracle played (``ruleset`` digibattle; others: None).
    :param actual: the implementation's state after the step, when known (compared with
        the counterfactual state as states are compared, ``details`` declared).
    :param differences: else the step's differences (``(path, expected, actual)``, the
        oracle's state against the implementation's): each must be one the counterfactual
        state has, and each core field it changes must be among them.
    """
    if setup.get("ruleset", "digibattle") != "digibattle" or before is None \
            or action is None or (actual is None and not differences):
        return None
    plays = before.get("plays")
    if not isinstance(plays, list) or not plays:
        return None
    from oracle import rulesets
    from oracle.errors import OracleError

    db = rulesets.get("digibattle")
    try:
        game = db.game_from_setup(setup)
    except OracleError:
        return None
    cards = game.card_set.cards
    conditional = sorted({p.get("card") for p in plays if isinstance(p, Mapping)
                          and any(e.when is not None for e in getattr(
                              cards.get(p.get("card")), "effects", ()))})
    if not conditional:
        return None
    normal = _after(db, game, before, action, details, actual)
    if normal is None:
        return None
    for serial in conditional:
        for mode in ("always", "never"):
            changed = _with_condition(game, serial, mode)
            doc = dict(before)
            if mode == "always":  # (DB-AMB-17 "on-play" reads the condition as played)
                doc["plays"] = [{**p, "held": True} if p.get("card") == serial else p
                                for p in plays]
            if _explains(db, changed, doc, action, details, actual, differences, normal):
                return CLAUSE
    return None


def _with_condition(game: Any, serial: str, mode: str) -> Any:
    """``game`` with card ``serial``'s conditional effects made unconditional (``always``)
    or left out (``never``)."""
    card = game.card_set.cards[serial]
    if mode == "always":
        effects = tuple(dataclasses.replace(e, when=None) if e.when is not None else e
                        for e in card.effects)
    else:
        effects = tuple(e for e in card.effects if e.when is None)
    cards = {**game.card_set.cards, serial: dataclasses.replace(card, effects=effects)}
    # (the card set's own dataclass, replaced: the verifier imports no card model)
    return dataclasses.replace(game, card_set=dataclasses.replace(game.card_set, cards=cards))


def _positions(db: Any, game: Any, before: Mapping[str, Any], action: Mapping[str, Any]
               ) -> list[Any]:
    """The states after ``action`` and after each forced action that follows (at most
    :data:`FORCED`); empty when the action is refused."""
    from oracle.errors import OracleError

    try:
        st = db.state_from_json(before, game)
        st, _ = db.apply(st, db.action_from_json(action))
    except (OracleError, KeyError, ValueError, TypeError):
        return []
    out = [st]
    for _ in range(FORCED):
        if not isinstance(st.to_move, int):
            break
        acts = db.legal_actions(st)
        if len(acts) != 1:
            break
        st, _ = db.apply(st, acts[0])
        out.append(st)
    return out


def _after(db: Any, game: Any, before: Mapping[str, Any], action: Mapping[str, Any],
           details: Sequence[str] | None, actual: Mapping[str, Any] | None) -> Any:
    """The oracle's own state after the step (JSON), or None when it refuses it."""
    states = _positions(db, game, before, action)
    return states[0].to_json() if states else None


def _explains(db: Any, game: Any, before: Mapping[str, Any], action: Mapping[str, Any],
              details: Sequence[str] | None, actual: Mapping[str, Any] | None,
              differences: Sequence[tuple[str, Any, Any]] | None,
              normal: Mapping[str, Any]) -> bool:
    from digiconform.verifier.compare import explains, state_differences

    states = _positions(db, game, before, action)
    if actual is not None:
        return any(not state_differences(st.to_json(), actual, details=details)
                   for st in states)
    if not states or not differences:
        return False
    # The implementation's differences are known, not which details it declared: each of them
    # must be one the counterfactual has (any field), and each core field the counterfactual
    # changes must be among them.
    return explains(normal, states[0].to_json(), differences)

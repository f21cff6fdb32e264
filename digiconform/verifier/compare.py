"""How an implementation's answers are compared with the oracle's.

States (``schemas/state.schema.json``):

- the fields the schema requires (``phase``, ``step``, ``to_move``, ``duel``, ``players`` and,
  per player, ``hand``, ``online``, ``offline``, ``duel_zone``, ``digivolve_zone``,
  ``power_port``, ``score``, ``passed``, ``digivolved``) are always compared;
- every other field the oracle writes (``winner``, ``chance``, ``digimon_power``, ...) is
  compared only when the implementation's state has it: helper fields are optional;
  ``variants`` (an echo of the setup) is never compared: the readings an implementation
  follows are judged from its behaviour (:mod:`digiconform.verifier.runner`);
- ``hand`` and ``offline`` are compared as multisets (no rule orders them); every other list
  keeps its order (``online`` is top first, ``duel_zone`` bottom first, ``plays`` in play
  order).

``dcg`` states (``schemas/dcg/state.schema.json``) follow the same principle with their own
fields: the top-level and per-player fields that schema requires are always compared, other
fields only when the implementation has them, ``variants`` never; ``hand``, ``trash`` and
``once_per_turn_used`` are multisets (``deck``, ``egg_deck`` and ``security`` are top first,
``battle_area`` in play order, a stack's ``cards`` bottom first).

Refusals: the ``kind`` must match and, for an ``illegal`` action, the implementation must name
(in ``clause`` or ``clauses``) one of the rules the oracle says the action breaks (its
``clause`` and ``clauses``); the reason is free text. Legal actions: compared as sets of
canonical actions (unset fields dropped, ``payment`` and ``discard`` sorted).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from oracle.jsondiff import differences

UNORDERED = ("hand", "offline")
REQUIRED_TOP = ("phase", "step", "to_move", "duel", "players")
IGNORED = ("variants",)
REQUIRED_PLAYER = ("hand", "online", "offline", "duel_zone", "digivolve_zone", "power_port",
                   "score", "passed", "digivolved")

#: Per ruleset: (required top-level fields, required player fields, unordered player lists).
#: Each matches the ``required`` lists of the ruleset's state schema (a test checks it).
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "digibattle": (REQUIRED_TOP, REQUIRED_PLAYER, UNORDERED),
    "dcg": (("ruleset", "turn", "turn_player", "phase", "step", "memory", "to_move", "pending",
             "players"),
            ("hand", "deck", "egg_deck", "breeding_area", "battle_area", "security", "trash"),
            ("hand", "trash", "once_per_turn_used")),
}

Diff = tuple[str, Any, Any]


def _norm_player(p: Mapping[str, Any], unordered: tuple[str, ...] = UNORDERED
                 ) -> dict[str, Any]:
    out = dict(p)
    for k in unordered:
        if isinstance(out.get(k), list):
            out[k] = sorted(out[k], key=str)
    return out


def _normalise(s: Mapping[str, Any], unordered: tuple[str, ...] = UNORDERED
               ) -> dict[str, Any]:
    out = dict(s)
    if isinstance(out.get("players"), list):
        out["players"] = [_norm_player(p, unordered) if isinstance(p, Mapping) else p
                          for p in out["players"]]
    return out


def _restrict(expected: Mapping[str, Any], actual: Mapping[str, Any],
              top: tuple[str, ...] = REQUIRED_TOP, player: tuple[str, ...] = REQUIRED_PLAYER
              ) -> dict[str, Any]:
    """``expected`` limited to the required fields plus those ``actual`` also has."""
    out = {k: v for k, v in expected.items()
           if (k in top or k in actual) and k not in IGNORED}
    if isinstance(expected.get("players"), list) and isinstance(actual.get("players"), list):
        ps = []
        for i, p in enumerate(expected["players"]):
            a = actual["players"][i] if i < len(actual["players"]) else {}
            a = a if isinstance(a, Mapping) else {}
            ps.append({k: v for k, v in p.items() if k in player or k in a})
        out["players"] = ps
    return out


def state_differences(expected: Mapping[str, Any], actual: Any, *,
                      limit: int = 12) -> list[Diff]:
    """``(json_path, expected, actual)`` for each difference that counts (see module doc;
    the ruleset's :data:`FORMS` entry says which fields are required and which lists are
    multisets). A state of a ruleset without a form is compared whole."""
    if not isinstance(actual, Mapping):
        return [("$", "a state object", actual)]
    form = FORMS.get(str(expected.get("ruleset", "digibattle")))
    if form is None:
        return differences(expected, actual, limit=limit)
    top, player, unordered = form
    e = _normalise(_restrict(expected, actual, top, player), unordered)
    a = _normalise({k: v for k, v in actual.items() if k not in IGNORED}, unordered)
    return differences(e, a, limit=limit)


def refusal_difference(expected: Mapping[str, Any], actual: Mapping[str, Any] | None
                       ) -> str | None:
    """Why ``actual`` (a refusal's JSON, or None when the action was accepted) does not
    match the ``expected`` refusal; None when it does."""
    if actual is None:
        return (f"the action was accepted; expected it refused ({expected.get('kind')}"
                + (f", {expected['clause']}" if expected.get("clause") else "") + ")")
    if actual.get("kind") != expected.get("kind"):
        return f"refused as {actual.get('kind')!r}, expected {expected.get('kind')!r}"
    if expected.get("kind") == "illegal" and expected.get("clause"):
        want = refusal_clauses(expected)
        got = refusal_clauses(actual)
        if not set(want) & set(got):
            return (f"refused under clause {actual.get('clause')!r}, expected "
                    + (f"{expected['clause']!r}" if len(want) == 1 else
                       f"one of {', '.join(map(repr, want))} (every rule the action breaks)"))
    return None


def refusal_clauses(refusal: Mapping[str, Any]) -> list[str]:
    """The clauses a refusal's JSON names: ``clause`` then ``clauses`` (no repeats)."""
    out = [refusal["clause"]] if refusal.get("clause") else []
    out += [c for c in refusal.get("clauses") or () if isinstance(c, str) and c not in out]
    return out


def canonical_action(a: Mapping[str, Any]) -> str:
    """A canonical text form of an action (for set comparison and sorting)."""
    d = {k: v for k, v in a.items() if v is not None and v != []}
    for k in ("payment", "discard"):
        if isinstance(d.get(k), list):
            d[k] = sorted(d[k])
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def legal_set_difference(expected: Iterable[Mapping[str, Any]],
                         actual: Iterable[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """``(missing, extra)``: canonical actions the implementation did not list / listed but
    the oracle does not allow."""
    e = {canonical_action(a) for a in expected}
    g = {canonical_action(a) for a in actual if isinstance(a, Mapping)}
    return sorted(e - g), sorted(g - e)

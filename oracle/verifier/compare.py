"""How an implementation's answers are compared with the oracle's.

States (``schemas/state.schema.json``):

- the fields the schema requires (``phase``, ``step``, ``to_move``, ``duel``, ``players`` and,
  per player, ``hand``, ``online``, ``offline``, ``duel_zone``, ``digivolve_zone``,
  ``power_port``, ``score``, ``passed``, ``digivolved``) are always compared;
- every other field the oracle writes (``winner``, ``chance``, ``digimon_power``, ...) is
  compared only when the implementation's state has it: helper fields are optional;
  ``variants`` (an echo of the setup) is never compared: the readings an implementation
  follows are judged from its behaviour (:mod:`oracle.verifier.runner`);
- ``hand`` and ``offline`` are compared as multisets (no rule orders them); every other list
  keeps its order (``online`` is top first, ``duel_zone`` bottom first, ``plays`` in play
  order).

Refusals: the ``kind`` must match and, for an ``illegal`` action, the ``clause`` too (the
reason is free text). Legal actions: compared as sets of canonical actions (unset fields
dropped, ``payment`` and ``discard`` sorted).
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

Diff = tuple[str, Any, Any]


def _norm_player(p: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(p)
    for k in UNORDERED:
        if isinstance(out.get(k), list):
            out[k] = sorted(out[k], key=str)
    return out


def _normalise(s: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(s)
    if isinstance(out.get("players"), list):
        out["players"] = [_norm_player(p) if isinstance(p, Mapping) else p
                          for p in out["players"]]
    return out


def _restrict(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> dict[str, Any]:
    """``expected`` limited to the required fields plus those ``actual`` also has."""
    out = {k: v for k, v in expected.items()
           if (k in REQUIRED_TOP or k in actual) and k not in IGNORED}
    if isinstance(expected.get("players"), list) and isinstance(actual.get("players"), list):
        ps = []
        for i, p in enumerate(expected["players"]):
            a = actual["players"][i] if i < len(actual["players"]) else {}
            a = a if isinstance(a, Mapping) else {}
            ps.append({k: v for k, v in p.items() if k in REQUIRED_PLAYER or k in a})
        out["players"] = ps
    return out


def state_differences(expected: Mapping[str, Any], actual: Any, *,
                      limit: int = 12) -> list[Diff]:
    """``(json_path, expected, actual)`` for each difference that counts (see module doc).

    Only the digibattle state form is compared field by field; other rulesets' states are
    compared whole (with extra fields ignored).
    """
    if not isinstance(actual, Mapping):
        return [("$", "a state object", actual)]
    if expected.get("ruleset", "digibattle") != "digibattle":
        return differences(expected, actual, limit=limit)
    e = _normalise(_restrict(expected, actual))
    a = _normalise({k: v for k, v in actual.items() if k not in IGNORED})
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
    if expected.get("kind") == "illegal" and expected.get("clause") and \
            actual.get("clause") != expected.get("clause"):
        return (f"refused under clause {actual.get('clause')!r}, expected "
                f"{expected['clause']!r}")
    return None


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

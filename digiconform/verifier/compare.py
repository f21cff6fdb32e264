"""How an implementation's answers are compared with the oracle's.

States (``schemas/state.schema.json``):

- the *core*, what the rules decide and every engine answers (the fields the schema requires:
  ``phase``, ``to_move``, ``duel``, ``winner``, ``players`` and, per player, ``hand``,
  ``online``, ``offline``, ``duel_zone``, ``digivolve_zone``, ``power_port``, ``score``,
  ``passed``), is always compared, except ``phase`` while a chance outcome is due and
  ``passed`` outside the Digivolve and Battle phases (the oracle's ``phase``): a player passes
  only in those phases (DB-B.5, DB-C.3), so in the set-up, in Regroup and at game over the
  flag is bookkeeping (detail ``passed_elsewhere``);
- the *details* (:data:`DETAILS`: ``step``, ``chance``, ``first_player``, ``digimon_power``,
  ``digivolved``, ...: the oracle's bookkeeping and waiting steps) are compared only when the
  implementation declares them in ``start`` (``"details": [...]``);
  ``variants`` (an echo of the setup) is never compared: the readings an implementation
  follows are judged from its behaviour (:mod:`digiconform.verifier.runner`);
- ``hand`` and ``offline`` are compared as multisets (no rule orders them); every other list
  keeps its order (``online`` is top first, ``duel_zone`` bottom first, ``plays`` in play
  order).

``dcg`` states (``schemas/dcg/state.schema.json``) follow the same principle with their own
fields: the core (``turn``, ``turn_player``, ``phase``, ``memory``, ``to_move``, ``winner`` and
the zones; a stack's ``cards`` and ``suspended``) always, the details (``step``, ``pending``,
``delayed``, ``attack``, stack IDs, ...) only when declared, ``variants`` never; ``hand``,
``trash`` and ``once_per_turn_used`` are multisets (``deck``, ``egg_deck`` and ``security``
are top first, ``battle_area`` in play order, a stack's ``cards`` bottom first).

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
REQUIRED_TOP = ("phase", "to_move", "duel", "winner", "players")
IGNORED = ("variants",)
REQUIRED_PLAYER = ("hand", "online", "offline", "duel_zone", "digivolve_zone", "power_port",
                   "score", "passed")

#: Per ruleset: (core top-level fields, core player fields, unordered player lists). The core
#: is what every engine answers and what is always compared: it matches the ``required``
#: lists of the ruleset's state schema (a test checks it).
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "digibattle": (REQUIRED_TOP, REQUIRED_PLAYER, UNORDERED),
    "dcg": (("ruleset", "turn", "turn_player", "phase", "memory", "to_move", "winner",
             "players"),
            ("hand", "deck", "egg_deck", "breeding_area", "battle_area", "security", "trash"),
            ("hand", "trash", "once_per_turn_used")),
}

#: Per ruleset, the *detail* fields: the oracle's bookkeeping, compared only when the
#: implementation declares them in ``start`` (``"details": [...]``). Top-level and player
#: fields by name; ``phase_at_chance`` is the ``phase`` label while a chance outcome is due
#: (a recycle shuffle falls between phases); ``passed_elsewhere`` is a player's ``passed``
#: outside the phases a player passes in (:data:`PASS_PHASES`); ``stack_id`` and
#: ``played_this_turn`` are the fields of a dcg stack (``battle_area`` / ``breeding_area``).
DETAILS: dict[str, tuple[str, ...]] = {
    "digibattle": ("step", "phase_at_chance", "passed_elsewhere", "chance", "target",
                   "first_player", "coin_toss_winner", "last_duel_winner", "digimon_power",
                   "end_reason", "plays", "resume", "deck", "digivolved", "pending_rookie",
                   "acted"),
    "dcg": ("step", "pending", "delayed", "attack", "resume_step", "reason", "next_id",
            "chance", "first_player", "mulliganed", "mulligan_decided", "once_per_turn_used",
            "stack_id", "played_this_turn", "choice", "lasting"),
}
#: The Digi-Battle phases in which a player passes (DB-B.5, DB-C.3): ``passed`` is core there.
PASS_PHASES = ("digivolve", "battle")
_STACK_FIELDS = {"stack_id": "id", "played_this_turn": "played_this_turn"}

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


def _strip_stack(st: Any, drop: tuple[str, ...]) -> Any:
    if isinstance(st, Mapping):
        return {k: v for k, v in st.items() if k not in drop}
    return st


def _restrict(expected: Mapping[str, Any], actual: Mapping[str, Any],
              top: tuple[str, ...] = REQUIRED_TOP, player: tuple[str, ...] = REQUIRED_PLAYER,
              details: frozenset[str] | None = None, ruleset: str = "digibattle"
              ) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(expected, actual)`` limited to what is compared: the core fields, and the detail
    fields the implementation declared (``details``; None: every field ``actual`` has)."""

    def keep(k: str, fields: tuple[str, ...], have: Mapping[str, Any]) -> bool:
        if k in IGNORED:
            return False
        if k in fields:
            return True
        return k in have if details is None else k in details

    out = {k: v for k, v in expected.items() if keep(k, top, actual)}
    act = {k: v for k, v in actual.items() if k not in IGNORED}
    if details is not None and "phase" in out and expected.get("to_move") == "chance" and \
            "phase_at_chance" not in details:
        out.pop("phase")
        act.pop("phase", None)
    drop = () if details is None else tuple(
        f for name, f in _STACK_FIELDS.items() if name not in details)
    no_passed = (ruleset == "digibattle" and details is not None
                 and "passed_elsewhere" not in details
                 and expected.get("phase") not in PASS_PHASES)
    if isinstance(expected.get("players"), list) and isinstance(actual.get("players"), list):
        ps, aps = [], []
        for i, p in enumerate(expected["players"]):
            a = actual["players"][i] if i < len(actual["players"]) else {}
            a = a if isinstance(a, Mapping) else {}
            ep = {k: v for k, v in p.items() if keep(k, player, a)}
            ap = dict(a)
            if no_passed:
                ep.pop("passed", None)
                ap.pop("passed", None)
            if drop and ruleset == "dcg":
                for side in (ep, ap):
                    if isinstance(side.get("battle_area"), list):
                        side["battle_area"] = [_strip_stack(x, drop) for x in side["battle_area"]]
                    if "breeding_area" in side:
                        side["breeding_area"] = _strip_stack(side["breeding_area"], drop)
            ps.append(ep)
            aps.append(ap)
        out["players"] = ps
        act["players"] = aps + list(actual["players"][len(aps):])
    return out, act


def state_differences(expected: Mapping[str, Any], actual: Any, *,
                      details: Iterable[str] | None = None, limit: int = 12) -> list[Diff]:
    """``(json_path, expected, actual)`` for each difference that counts (see module doc;
    the ruleset's :data:`FORMS` entry says which fields are the core and which lists are
    multisets, :data:`DETAILS` which fields are details). A state of a ruleset without a
    form is compared whole.

    :param details: the detail fields the implementation declared: those are compared with
        the core, no other field is. None (an oracle compared with itself): every field
        ``actual`` has is compared.
    """
    if actual is expected:  # (an answer taken as the expected one: ProtocolDriver.apply)
        return []
    if type(actual) is not dict and not isinstance(actual, Mapping):
        return [("$", "a state object", actual)]
    if actual == expected:  # (the usual case; equal JSON values have no difference below)
        return []
    ruleset = str(expected.get("ruleset", "digibattle"))
    form = FORMS.get(ruleset)
    if form is None:
        return differences(expected, actual, limit=limit)
    top, player, unordered = form
    e, a = _restrict(expected, actual, top, player,
                     None if details is None else frozenset(details), ruleset)
    if details is not None and _two_recycles_due(expected):
        # No rule orders two recycles due at once (DB-D.3, docs/PROTOCOL.md "Two recycles due
        # at once"): which one the state names as due and which it keeps queued is the
        # engine's own; the core is compared, and the whole state after both shuffles.
        for k in QUEUE_DETAILS:
            e.pop(k, None)
            a.pop(k, None)
    return differences(_normalise(e, unordered), _normalise(a, unordered), limit=limit)


#: The Digi-Battle detail fields that say which of two recycles due at once comes first.
QUEUE_DETAILS = ("chance", "resume")


def _two_recycles_due(state: Mapping[str, Any]) -> bool:
    """A Digi-Battle state where a recycle shuffle is due (``chance``) and another player's
    recycle is queued behind it (``resume.then``, DB-D.3: one action emptied both Online
    decks)."""
    chance, resume = state.get("chance"), state.get("resume")
    if state.get("to_move") != "chance" or not isinstance(chance, Mapping) \
            or not isinstance(resume, Mapping) or not isinstance(resume.get("then"), list):
        return False
    return any(isinstance(t, Mapping) and t.get("player") != chance.get("player")
               for t in resume["then"])


def explains(normal: Mapping[str, Any], alt: Mapping[str, Any],
             differences: Iterable[Diff]) -> bool:
    """Does the state ``alt`` (a counterfactual: the oracle under another reading or with
    one event changed) give the implementation's ``differences`` from the oracle's
    ``normal``? The implementation's declared details are not known here, only its
    differences: each must be one ``alt`` has (any field), and each core field ``alt``
    changes must be among them; ``alt`` must change some core field. A field is core when
    it is so in both states (a Digi-Battle ``passed`` flag is bookkeeping outside the
    phases a player passes in: a Duel ``alt`` ends in the step leaves it set, an engine
    may clear it)."""
    full = {p: repr(a) for p, _e, a in state_differences(normal, alt, limit=10**6)}
    core_there = {p for p, _e, _a in state_differences(alt, normal, details=(),
                                                        limit=10**6)}
    core = {p: repr(a) for p, _e, a in state_differences(normal, alt, details=(),
                                                          limit=10**6) if p in core_there}
    engine = {p: repr(a) for p, _e, a in differences}
    return bool(core) and all(full.get(p) == a for p, a in engine.items()) and \
        all(engine.get(p) == a for p, a in core.items())


def all_details(ruleset: str | None = None) -> list[str]:
    """Every detail field name (of one ruleset, or of all): what an implementation that
    keeps all the oracle's bookkeeping (``digiconform serve``) declares."""
    names: list[str] = []
    for rs, fields in DETAILS.items():
        if ruleset is None or rs == ruleset:
            names += [f for f in fields if f not in names]
    return names


def refusal_difference(expected: Mapping[str, Any], actual: Mapping[str, Any] | None,
                       action: Any = None, ruleset: str | None = None) -> str | None:
    """Why ``actual`` (a refusal's JSON, or None when the action was accepted) does not
    match the ``expected`` refusal; None when it does.

    An ``action`` that breaks the ruleset's action schema (``schemas/action.schema.json``,
    ``schemas/dcg/action.schema.json``: a ``shuffle`` naming a ``winner``, a coin toss won by
    player 2) may be refused as ``invalid`` (malformed) where the oracle says ``illegal``:
    the protocol lets an engine check the form before the rules, and no rule decides which
    of the two such an action is."""
    if actual is None:
        return (f"the action was accepted; expected it refused ({expected.get('kind')}"
                + (f", {expected['clause']}" if expected.get("clause") else "") + ")")
    if expected.get("kind") == "illegal" and actual.get("kind") == "invalid" and \
            action is not None and _schema_invalid(action, ruleset):
        return None
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


def _schema_invalid(action: Any, ruleset: str | None) -> bool:
    """Does ``action`` break the action schema of ``ruleset`` (``digibattle`` by default)?"""
    from oracle.validation import is_valid

    try:
        return not is_valid(action, "dcg/action" if ruleset == "dcg" else "action")
    except Exception:  # noqa: BLE001 - no schema to judge by: not malformed
        return False


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
    expected, actual = list(expected), list(actual)
    if expected == actual:  # (the same list in the same order: nothing to canonicalise)
        return [], []
    e = {canonical_action(a) for a in expected}
    g = {canonical_action(a) for a in actual if isinstance(a, Mapping)}
    return sorted(e - g), sorted(g - e)

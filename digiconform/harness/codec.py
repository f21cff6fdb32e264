"""JSON out for protocol lines: :mod:`orjson` when it can, the standard library when not.

Both sides of the harness encode a line per request; :mod:`orjson` does it several times
faster than :mod:`json`. What is written stays what :func:`json.dumps` writes (compact, UTF-8
kept): a value :mod:`orjson` cannot write (a non-string key, an integer beyond 64 bits, a
mapping that is not a dict) is written by :func:`json.dumps`. Lines are read through the input
layer (:func:`oracle.inputs.parse_json`, which has the same kind of fast path).

The oracle's own answers (``serve``'s, and what the verifier expects of an implementation) are
mostly the same values again: a player's part of the state is often the same object as in the
position before, a legal action the same object as in the last legal set. :func:`state_doc`
and :func:`actions_doc` give their JSON with those parts already encoded
(:class:`orjson.Fragment`, reused while the same object recurs): :func:`dumps` of such a
document writes the same bytes as of the plain JSON form, at a fraction of the cost.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency
    orjson = None  # type: ignore[assignment]


def dumps(obj: Any) -> bytes:
    """Encode ``obj`` as one compact line of UTF-8 JSON (no newline)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj)
        except TypeError:
            pass
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_LIMIT = 4096
"""Objects whose encoded JSON each cache keeps at most (then it starts again)."""

_PLAYERS: dict[int, tuple[Any, Any]] = {}
"""``id(player state)`` -> ``(player state, its encoded JSON)`` (the object is kept, so its
id is not reused while it is here; by identity, never by equality: equal values may have
different JSON forms, ``0`` and ``false``)."""

_ACTIONS: dict[int, tuple[Any, Any]] = {}
"""``id(action)`` -> ``(action, its encoded JSON)``, as :data:`_PLAYERS`."""


def _encoded(cache: dict[int, tuple[Any, Any]], obj: Any) -> Any:
    hit = cache.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    if len(cache) >= _LIMIT:
        cache.clear()
    frag = orjson.Fragment(orjson.dumps(obj.to_json()))
    cache[id(obj)] = (obj, frag)
    return frag


_PLAYERS_KEPT = 8
"""Player states whose encoded JSON :data:`_PLAYERS` keeps (the latest ones: a player state
recurs from one position to the next, and keeping more only keeps old states alive)."""


def _player_fragment(player: Any) -> Any:
    cache = _PLAYERS
    hit = cache.get(id(player))
    if hit is not None and hit[0] is player:
        return hit[1]
    if len(cache) >= _PLAYERS_KEPT:
        del cache[next(iter(cache))]  # (the oldest)
    frag = orjson.Fragment(orjson.dumps(player.to_json()))
    cache[id(player)] = (player, frag)
    return frag


_READINGS: dict[int, tuple[Any, Any]] = {}
"""``id(a game's readings)`` -> ``(the readings, the encoded JSON of their map)``, as
:data:`_PLAYERS` (a game's readings are the same object in every state of the game)."""


def _readings(state: Any) -> Any:
    """The readings whose map a state's JSON form writes as ``"variants"``: a DCG state's
    own (pairs), a Digi-Battle state's game's (a map); None for any other state."""
    readings = getattr(state, "variants", None)
    if readings is None:
        readings = getattr(getattr(state, "game", None), "variants", None)
    return readings


def _readings_fragment(readings: Any) -> Any:
    hit = _READINGS.get(id(readings))
    if hit is not None and hit[0] is readings:
        return hit[1]
    if len(_READINGS) >= 64:
        _READINGS.clear()
    frag = orjson.Fragment(orjson.dumps(dict(readings)))
    _READINGS[id(readings)] = (readings, frag)
    return frag


def state_doc(state: Any) -> dict[str, Any]:
    """``state.to_json()`` (an oracle state of either ruleset) with each player's part and
    the readings' map (``"variants"``, ``dict`` of the game's readings in both rulesets'
    forms, the same in every state of a game) already encoded: for :func:`dumps` only (the
    same bytes as the plain form), or for a check that does not look inside the players or
    the readings. Without :mod:`orjson`, the plain form.

    :raises TypeError: a player's part or the readings :mod:`orjson` cannot write (the
        caller writes the plain form).
    """
    if orjson is None:  # pragma: no cover - orjson is a dependency
        return state.to_json()  # type: ignore[no-any-return]
    readings = _readings(state)
    if readings is None:
        return state.to_json(player_json=_player_fragment)  # type: ignore[no-any-return]
    # (the map given already encoded: no dict of the readings built per state to be replaced)
    return state.to_json(player_json=_player_fragment,  # type: ignore[no-any-return]
                         variants_json=_readings_fragment(readings))


def actions_doc(actions: Iterable[Any]) -> list[Any]:
    """``[a.to_json() for a in actions]`` with each action already encoded, for
    :func:`dumps` only (as :func:`state_doc`)."""
    if orjson is None:  # pragma: no cover - orjson is a dependency
        return [a.to_json() for a in actions]
    # (_encoded, its hits inline: a legal set is mostly actions encoded before)
    cache = _ACTIONS
    get = cache.get
    out = []
    for a in actions:
        hit = get(id(a))
        out.append(hit[1] if hit is not None and hit[0] is a else _encoded(cache, a))
    return out


def position_line(seq: int, state: Any, events: list[Any],
                  actions: Iterable[Any] | None = None) -> bytes:
    """The compact line of the answer ``{"seq", "state": state.to_json(), "events"}`` to an
    ``action`` request (``state`` an oracle state object, ``events`` JSON), with
    ``"actions": [a.to_json() ...]`` last when ``actions`` (the oracle's action objects) is
    given (the answer to a request carrying ``"legal_actions": true``)."""
    if actions is not None:
        actions = tuple(actions)
    try:
        if actions is None:
            return orjson.dumps({"seq": seq, "state": state_doc(state), "events": events})
        return orjson.dumps({"seq": seq, "state": state_doc(state), "events": events,
                             "actions": actions_doc(actions)})
    except (TypeError, AttributeError):  # (no orjson, or a value it cannot write)
        if actions is None:
            return dumps({"seq": seq, "state": state.to_json(), "events": events})
        return dumps({"seq": seq, "state": state.to_json(), "events": events,
                      "actions": [a.to_json() for a in actions]})


def legal_line(seq: int, actions: Iterable[Any]) -> bytes:
    """The compact line of the answer ``{"seq", "actions": [a.to_json() ...]}`` to a
    ``legal_actions`` request (``actions`` the oracle's action objects)."""
    actions = tuple(actions)
    try:
        return orjson.dumps({"seq": seq, "actions": actions_doc(actions)})
    except (TypeError, AttributeError):
        return dumps({"seq": seq, "actions": [a.to_json() for a in actions]})

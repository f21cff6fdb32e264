"""JSON out for protocol lines: :mod:`orjson` when it can, the standard library when not.

Both sides of the harness encode a line per request; :mod:`orjson` does it several times
faster than :mod:`json`. What is written stays what :func:`json.dumps` writes (compact, UTF-8
kept): a value :mod:`orjson` cannot write (a non-string key, an integer beyond 64 bits, a
mapping that is not a dict) is written by :func:`json.dumps`. Lines are read through the input
layer (:func:`oracle.inputs.parse_json`, which has the same kind of fast path).
"""

from __future__ import annotations

import json
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

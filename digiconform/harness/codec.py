"""JSON for protocol lines: :mod:`orjson` when it can, the standard library when it cannot.

Both sides of the harness decode and encode a line per request; :mod:`orjson` does it several
times faster than :mod:`json`. What is accepted and what is written stays the standard
library's: a line :mod:`orjson` refuses (``NaN``, an integer beyond 64 bits) is decoded again by
:func:`json.loads`, which accepts or raises as before, and a value :mod:`orjson` cannot write
(a non-string key, a huge integer, a mapping that is not a dict) is written by
:func:`json.dumps` (compact, UTF-8 kept).
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency
    orjson = None  # type: ignore[assignment]


def loads(data: bytes | str) -> Any:
    """Decode one JSON document.

    :raises ValueError: not JSON (:class:`json.JSONDecodeError`; :class:`UnicodeDecodeError`
        for bytes that are not UTF-8).
    """
    if orjson is not None:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


def dumps(obj: Any) -> bytes:
    """Encode ``obj`` as one compact line of UTF-8 JSON (no newline)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj)
        except TypeError:
            pass
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

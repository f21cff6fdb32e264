"""Where two JSON values differ, as JSON paths (for replay and verification reports)."""

from __future__ import annotations

from typing import Any


def differences(expected: Any, actual: Any, path: str = "$", *, limit: int = 20,
                ignore_extra: bool = True) -> list[tuple[str, Any, Any]]:
    """``(json_path, expected, actual)`` for each differing leaf, at most ``limit``.

    :param ignore_extra: keys present only in ``actual`` (an implementation's own fields)
        are not differences.
    """
    out: list[tuple[str, Any, Any]] = []
    _walk(expected, actual, path, out, limit, ignore_extra)
    return out


def _walk(e: Any, a: Any, path: str, out: list, limit: int, ignore_extra: bool) -> None:
    if len(out) >= limit:
        return
    if isinstance(e, dict) and isinstance(a, dict):
        for k in e:
            if k not in a:
                out.append((f"{path}.{k}", e[k], "<missing>"))
            else:
                _walk(e[k], a[k], f"{path}.{k}", out, limit, ignore_extra)
        if not ignore_extra:
            for k in a:
                if k not in e:
                    out.append((f"{path}.{k}", "<missing>", a[k]))
    elif isinstance(e, list) and isinstance(a, list) and len(e) == len(a) and any(
        isinstance(x, (dict, list)) for x in e
    ):
        for i, (x, y) in enumerate(zip(e, a, strict=True)):
            _walk(x, y, f"{path}[{i}]", out, limit, ignore_extra)
    elif e != a or type(e) is not type(a) and not (
        isinstance(e, (int, float)) and isinstance(a, (int, float)) and e == a
    ):
        out.append((path, e, a))

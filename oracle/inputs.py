"""The one input layer: every file and every protocol line the project reads comes through here.

Whatever the bytes are, the result is a parsed JSON value or an
:class:`~oracle.errors.InvalidInputError` naming where the problem is; nothing else escapes
(no ``UnicodeDecodeError``, ``RecursionError``, ``ValueError`` from a huge integer, no
``MemoryError`` from ``/dev/zero``) and nothing blocks:

- :func:`read_bytes` opens a file without blocking (``O_NONBLOCK``: a named pipe is refused,
  not waited on), accepts only a **regular file** (a directory, pipe, socket or device is
  refused by name), and refuses a file over :data:`MAX_FILE_BYTES` before reading it;
- :func:`parse_json` decodes strict UTF-8 and parses JSON with the number hooks refusing an
  integer literal of more than :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity`` and a float
  beyond :data:`MAX_FLOAT`, then refuses a document nested more than :data:`MAX_DEPTH` levels deep;
- :func:`read_json` is the two, plus validation against a schema of ``schemas/`` when one is
  named (:func:`oracle.validation.validate`);
- :func:`shipped_name` checks a name that selects shipped data (a DCG deck ``"red-memory"``):
  a name, never a path.

The first argument of every error is a JSON path (``$`` for the document as a whole, or the
path of the schema error); the reason names the file.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from oracle.errors import InvalidInputError

try:  # a fast path of parse_json: the same documents accepted, the same errors raised
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency
    orjson = None  # type: ignore[assignment]

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_INT_DIGITS", "check_depth", "parse_json",
           "read_bytes", "read_json", "read_text", "shipped_name"]

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest input file read (bytes). The largest shipped document is about 130 KB."""

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted (the shipped documents reach 11)."""

MAX_INT_DIGITS = 30
"""The longest integer literal accepted (digits); every count in the rules is tiny."""

MAX_FLOAT = 2.0 ** 53
"""The largest magnitude of a number written with a fraction or exponent (``1e308`` is not a
depth or a count; every integer up to here is exact)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The contents of the regular file ``path`` (at most ``max_bytes``).

    :raises InvalidInputError: (path ``$``) the file cannot be opened, is not a regular file
        (a directory, named pipe, socket or device: said by name), or is larger than
        ``max_bytes``.
    """
    p = Path(path)
    if str(path) == "":
        raise InvalidInputError("$", "an empty file name")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(p, flags)
    except OSError as e:
        raise InvalidInputError("$", f"cannot read {p}: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InvalidInputError("$", f"cannot read {p}: {_kind(st.st_mode)}, not a "
                                         "regular file")
        if st.st_size > max_bytes:
            raise InvalidInputError("$", f"{p} is {st.st_size:,} bytes; the limit is "
                                         f"{max_bytes:,}")
        chunks = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            except BlockingIOError:  # pragma: no cover - regular files do not block
                continue
            except OSError as e:
                raise InvalidInputError("$", f"cannot read {p}: {e.strerror or e}") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # it grew while we read
                raise InvalidInputError("$", f"{p} is over {max_bytes:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidInputError("$", f"{where} is not UTF-8: byte 0x{data[e.start]:02x} at "
                                     f"offset {e.start}") from None


def read_text(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (see :func:`read_bytes`).

    :raises InvalidInputError: as :func:`read_bytes`, or the bytes are not UTF-8.
    """
    return _decode(read_bytes(path, max_bytes=max_bytes), str(path))


class _Refused(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_FLOAT:
        raise _Refused(f"the number {text[:40]} is out of range (at most {MAX_FLOAT:.0e})")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not JSON")


# Each byte's class for :func:`_plainly_within_limits`: digits -> "0", ".", "e" and "E" ->
# ".", "[" and "{" -> "[", everything else -> " ".
_CLASSES = bytes(
    ord("0") if chr(b).isdigit() and b < 128 else ord(".") if chr(b) in ".eE" else
    ord("[") if chr(b) in "[{" else ord(" ") for b in range(256))
_LONG_DIGITS = b"0" * 19
# The brackets and quotes of a document, the rest deleted: "[" and "{" -> "[", "]" and "}"
# -> "]" (translate with _BRACKETS, deleting _NOT_BRACKETS).
_BRACKETS = bytes(ord("[") if chr(b) in "[{" else ord("]") if chr(b) in "]}" else b
                  for b in range(256))
_NOT_BRACKETS = bytes(b for b in range(256) if chr(b) not in '[]{}"')


def _outside_strings(data: bytes) -> bytes:
    """``data`` (a JSON document's bytes, holding no escape) without its strings: every
    other stretch between two quotes."""
    return b"".join(data.split(b'"')[0::2])


_PLAIN_BYTES = 16384
"""The longest document :func:`_plainly_within_limits` looks at: a longer one is looked at
parsed (:func:`_within_limits`), which costs fewer instructions than its bytes do."""


def _plainly_within_limits(data: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the bytes of a document :mod:`orjson` parsed are within the limits by a look at
    the bytes alone (a few microseconds for a state; False: look at the parsed document,
    :func:`_within_limits`).

    orjson makes a float only of a number with a fraction or an exponent (a digit, then
    ``.``, ``e`` or ``E``) or of an integer beyond 64 bits (19 digits or more): bytes with
    neither pattern outside the strings hold no float. Nesting needs an opening bracket per
    level, so at most ``limit`` of ``[`` and ``{`` in all is nesting within the limit. A
    document with more is looked at as its brackets outside the strings: removing every
    innermost pair ``[]`` (``{`` and ``[`` are one class, so are ``]``
    and ``}``) lowers its depth by one, so ``limit`` rounds leave nothing only when it is
    nested at most ``limit`` deep. (``find``, not ``in``: ``in`` on bytes first tries its
    argument as an integer, which costs more than the search.)

    Where the bytes cost more than the parsed document to look at, False at once: a document
    over :data:`_PLAIN_BYTES` (a vector file), and one whose quick look is inconclusive and
    that holds an escape (taking its strings out of the bytes, escapes first, costs more
    than a walk of the parsed document: some 400,000 instructions against 280,000 for a
    5 KB ``new_game`` line of embedded card texts).
    """
    if len(data) > _PLAIN_BYTES:
        return False
    t = data.translate(_CLASSES)
    deep = t.count(b"[") > limit
    floats = t.find(b"0.") >= 0 or t.find(_LONG_DIGITS) >= 0
    if not deep and not floats:
        return True  # (strings included: nothing to take out)
    if data.find(b"\\") >= 0:
        return False
    if floats:
        t = _outside_strings(data).translate(_CLASSES)
        if t.find(b"0.") >= 0 or t.find(_LONG_DIGITS) >= 0:
            return False
    if not deep:
        return True
    # ('""' is an empty string or the end of one and the start of the next with nothing
    # between them: taking it out changes no bracket's place inside or outside the strings)
    b = data.translate(_BRACKETS, _NOT_BRACKETS).replace(b'""', b"")
    if b.find(b'"') >= 0:
        b = _outside_strings(b)
    for _ in range(limit):
        if not b:
            return True
        b = b.replace(b"[]", b"")
    return not b


def _within_limits(doc: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a document :mod:`orjson` parsed is within the limits :func:`parse_json`
    enforces (nesting, float range; its integers have at most 20 digits and it refuses
    ``NaN``). A document outside them is parsed again the slow way, which says why."""
    t = type(doc)
    if t is float:
        return math.isfinite(doc) and abs(doc) <= MAX_FLOAT
    if t is not dict and t is not list:
        return True
    # Level by level: ``level`` holds the containers ``depth`` deep.
    level, depth = [doc], 1
    while level:
        if depth > limit:
            return False
        inner: list[Any] = []
        push = inner.append
        for value in level:
            if type(value) is list:
                try:
                    "".join(value)  # (a list of strings only, the usual: nothing inside)
                    continue
                except TypeError:
                    pass
            for v in (value.values() if type(value) is dict else value):
                t = type(v)
                if t is str:
                    continue
                if t is dict or t is list:
                    push(v)
                elif t is float and not (math.isfinite(v) and abs(v) <= MAX_FLOAT):
                    return False
        level = inner
        depth += 1
    return True


_SORTED = 0 if orjson is None else (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME)
"""orjson's options for :func:`canonical_json`: keys sorted; a str, int, dict or list
subclass, a dataclass and a date raise (the standard library writes those)."""


def canonical_json(value: Any) -> bytes:
    """``value`` as canonical JSON bytes (keys sorted, compact, UTF-8): a key for caches of
    what is built from a JSON value (the same value, the same bytes; different values,
    different bytes).

    Written by :mod:`orjson` (a tenth of the standard library's time on a set-up that
    embeds a card set) whenever that gives what the standard library gives: a value of the
    plain JSON types (a subclass, a dataclass or a date is left to the standard library, as
    are keys that are not strings) holding no NaN or infinity. orjson writes those as
    ``null``; bytes with ``null`` in them are therefore only taken when the value holds no
    float outside the limits :func:`parse_json` enforces (:func:`_within_limits`).

    :raises TypeError: a value JSON cannot hold. :raises ValueError: NaN or an infinity.
    """
    if orjson is not None:
        try:
            key: bytes = orjson.dumps(value, option=_SORTED)
        except TypeError:  # (orjson.JSONEncodeError: not plain JSON types; said below)
            pass
        else:
            if key.find(b"null") < 0 or _within_limits(value):
                return key
    return json.dumps(value, sort_keys=True, allow_nan=False, separators=(",", ":"),
                      ensure_ascii=False).encode()


def check_depth(doc: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse a value nested more than ``limit`` arrays/objects deep (iterative, no
    recursion).

    :raises InvalidInputError: at the path of the first container past the limit (clipped
        to 60 characters).
    """
    # (value, depth, parent entry, key): the path is only spelt out for the error.
    if not isinstance(doc, dict | list):
        return
    stack: list[tuple[Any, int, Any, Any]] = [(doc, 1, None, None)]
    while stack:
        entry = stack.pop()
        value, depth = entry[0], entry[1]
        if depth > limit:
            raise InvalidInputError(_path_of(entry), f"nested more than {limit} levels deep")
        children = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in children:
            if isinstance(v, dict | list):
                stack.append((v, depth + 1, entry, k))


def _path_of(entry: Any) -> str:
    keys = []
    while entry is not None and entry[2] is not None:
        keys.append(entry[3])
        entry = entry[2]
    path = "$" + "".join(f"[{k}]" if isinstance(k, int) else
                         f".{k}" if str(k).isidentifier() else f"[{json.dumps(k)}]"
                         for k in reversed(keys))
    return path if len(path) <= 60 else path[:57] + "..."


def parse_json(data: str | bytes, *, where: str = "the input") -> Any:
    """Parse one JSON document (``bytes`` must be UTF-8).

    :param where: what the data is, for messages (a file name, "the line").
    :raises InvalidInputError: (path ``$``, or the path of a too-deep container) not UTF-8,
        not JSON, an integer over :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity``, a
        float out of range, nesting deeper than :data:`MAX_DEPTH`.
    """
    if orjson is not None:
        try:
            doc = orjson.loads(data)
        except orjson.JSONDecodeError:
            pass  # (the standard library below says why, as it always has)
        else:
            if (type(data) is bytes and _plainly_within_limits(data)) or _within_limits(doc):
                return doc
    text = _decode(data, where) if isinstance(data, bytes | bytearray) else data
    try:
        doc = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as e:
        raise InvalidInputError("$", f"{where}: {e.reason}") from None
    except json.JSONDecodeError as e:
        raise InvalidInputError("$", f"{where} is not valid JSON: {e.msg} at line {e.lineno} "
                                     f"column {e.colno}") from None
    except RecursionError:
        raise InvalidInputError("$", f"{where}: nested more than {MAX_DEPTH} levels "
                                     "deep") from None
    except (ValueError, MemoryError) as e:  # pragma: no cover - belt and braces
        raise InvalidInputError("$", f"{where} is not valid JSON: {e}") from None
    check_depth(doc)
    return doc


def read_json(path: str | Path, schema: str | None = None, *,
              max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Read, parse and (when ``schema`` names one, e.g. ``"deck"`` or ``"dcg/card-set"``)
    validate the JSON file ``path``.

    :raises InvalidInputError: as :func:`read_bytes` and :func:`parse_json` (path ``$``,
        reason naming the file), or the schema's most relevant error (its JSON path).
    """
    doc = parse_json(read_bytes(path, max_bytes=max_bytes), where=str(path))
    if schema is not None:
        from oracle.validation import validate

        validate(doc, schema)
    return doc


def shipped_name(name: Any, path: str, what: str) -> str:
    """``name`` when it is a plain name of shipped data (letters, digits, ``-``, ``_`` and
    inner dots; no separator, no ``..``, not absolute, at most 64 characters).

    :param path: the JSON path of the name, for the error (``$.decks[1]``).
    :param what: what it names, for the error ("shipped DCG deck").
    :raises InvalidInputError: at ``path``; the name is quoted clipped, never looked up.
    """
    if isinstance(name, str) and len(name) <= 64 and _NAME.fullmatch(name):
        return name
    shown = repr(name) if not isinstance(name, str) or len(name) <= 40 else repr(name[:40]) + "…"
    raise InvalidInputError(path, f"{shown} is not the name of a {what} (a name, not a path)")

"""Engine text: every string an implementation controls, made safe once, where it enters.

An implementation chooses its name, version, language, homepage and declared readings (in
``ready``), the reason of every refusal and ``skipped`` answer, the message of every
``errored`` answer, and whatever it writes on stderr. The harness
(:mod:`digiconform.harness.messages` and :mod:`digiconform.harness.driver`) passes each
through :func:`engine_text` before anything else sees it, so that the verifier, its reports
and the console only ever hold text that:

- is valid Unicode: a lone surrogate (``"\\ud800"`` in the JSON) becomes U+FFFD, as an
  invalid UTF-8 byte on stderr already does;
- holds no control character: C0 controls (NUL, BEL, backspace, ESC, CR, ...), DEL and C1
  controls, the line and paragraph separators U+2028/U+2029, the bidirectional controls
  (U+061C, U+200E/U+200F, U+202A-U+202E, U+2066-U+2069) and U+FEFF are written as visible
  escapes (``\\n``, ``\\t``, ``\\r``, else ``\\x1b``, ``\\x00``, ``\\u202e``), so an OSC
  title sequence, a colour, a bell or a forged line of output reaches no terminal; newline
  and tab are kept only in multi-line text (stderr), where each line is shown as a line of
  its own;
- is at most a documented length (:data:`NAME_LIMIT`, :data:`TEXT_LIMIT`,
  :data:`STDERR_LIMIT` characters), a longer one clipped with a marker that says how long it
  was (``… [clipped: 307,200 characters in all]``); stderr keeps its end.

Text that is already safe and short enough comes back unchanged (:func:`engine_text` is
idempotent). docs/PROTOCOL.md ("Text the implementation controls") says the same for
engine authors. Each report writer still escapes for its own format (the console, JSON,
JUnit XML, Markdown, HTML): :func:`printable` is the console's.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["NAME_LIMIT", "STDERR_LIMIT", "TEXT_LIMIT", "engine_text", "printable"]

NAME_LIMIT = 200
"""Characters kept of an implementation's name, version, language, homepage, a declared
reading, a refusal's clause and path."""

TEXT_LIMIT = 2000
"""Characters kept of a refusal's or a ``skipped`` answer's reason, an ``errored`` answer's
message, and the message of an implementation error built from them."""

STDERR_LIMIT = 16 * 1024
"""Characters kept of the end of the implementation's stderr."""

_FORMAT = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x1f{_FORMAT}]")
"""What a line of text may not hold (every C0 control; DEL, C1, the separators and
bidirectional controls, U+FEFF; a lone surrogate)."""
_UNSAFE_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_FORMAT}]")
"""The same for multi-line text: newline and tab are allowed."""


_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    n = ord(c)
    if 0xD800 <= n <= 0xDFFF:
        return "\ufffd"
    return _SHORT.get(c) or (f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}")


def engine_text(value: Any, limit: int = TEXT_LIMIT, *, lines: bool = False,
                keep_end: bool = False) -> str:
    """``value`` (any value: a non-string is written with :func:`str`) as safe text.

    :param limit: the most characters returned (the clip marker included; at least 64).
    :param lines: multi-line text (stderr): newline and tab are kept.
    :param keep_end: clip the beginning rather than the end (a tail).
    :returns: the text, lone surrogates replaced with U+FFFD, control characters escaped
        (see the module docstring), clipped to ``limit`` characters with a marker.
    """
    text = value if type(value) is str else str(value)
    total = len(text)
    if total > 4 * limit:  # (only what can be kept is looked at: 300 KB cost as 8 KB)
        text = text[total - 4 * limit:] if keep_end else text[: 4 * limit]
    text = (_UNSAFE_LINES if lines else _UNSAFE).sub(_escape, text)
    if len(text) <= limit:  # (never after the cut above: 4 * limit characters are left)
        return text
    marker = f"[clipped: {total:,} characters in all]"
    room = max(limit - len(marker) - 2, 0)
    if keep_end:
        return f"{marker} \u2026" + text[len(text) - room:]
    return text[:room] + f"\u2026 {marker}"


def printable(text: str) -> str:
    """One line for the console: every control character of ``text`` (newline, tab, ESC,
    CR, the bidirectional controls, ...) written as a visible escape and a lone surrogate as
    U+FFFD (as :func:`engine_text`, without clipping). For text of any origin, engine or not,
    just before it is printed."""
    return _UNSAFE.sub(_escape, text)

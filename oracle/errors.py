"""Errors raised by the oracle.

Hierarchy (python-chess style, all ``ValueError`` where the input is at fault):

- :class:`OracleError` -- base of everything the oracle raises on purpose.
- :class:`InvalidInputError` -- malformed data (card set, deck, action, trace, state JSON).
  Carries ``path`` (a JSON path such as ``$.cards[3].level``) and ``reason``.
- :class:`IllegalActionError` -- a well-formed action that the rules forbid in this state.
  Carries ``clause`` (a clause ID such as ``DB-B.7``) and ``reason``.
- :class:`UnsupportedError` -- a card or action this ruleset knows but does not implement
  (e.g. a card whose effect is outside the effect vocabulary, or DCG Link).
"""

from __future__ import annotations


class OracleError(Exception):
    """Base class for every error the oracle raises deliberately."""


class InvalidInputError(OracleError, ValueError):
    """Malformed input, rejected with the JSON path of the problem and the reason.

    :param path: JSON path of the offending value, e.g. ``"$.cards[3].level"``.
    :param reason: one sentence saying what was expected and what was found.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class IllegalActionError(OracleError, ValueError):
    """An action the rules forbid in the current state.

    :param clause: the clause ID the action breaks (``"DB-B.7"``, ``"DCG-6-5-1"``): the first
        rule found broken.
    :param reason: one sentence saying why.
    :param also: other clauses the action breaks as well (an engine checking in another
        order may name any of them; :func:`oracle.driver.broken_clauses`).
    """

    def __init__(self, clause: str, reason: str, also: tuple[str, ...] = ()) -> None:
        self.clause = clause
        self.reason = reason
        self.also = tuple(also)
        super().__init__(f"[{clause}] {reason}")


class UnsupportedError(OracleError, ValueError):
    """Something the ruleset names but this oracle does not implement.

    :param what: what is unsupported (a card serial, an action type).
    :param reason: why, and what to do instead.
    :param clause: the clause that names the unsupported thing, when there is one.
    """

    def __init__(self, what: str, reason: str, clause: str | None = None) -> None:
        self.what = what
        self.reason = reason
        self.clause = clause
        prefix = f"[{clause}] " if clause else ""
        super().__init__(f"{prefix}unsupported: {what}: {reason}")

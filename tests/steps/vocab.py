"""Step parameter types: how the features name cards, players, phases and clauses.

Every step pattern is parsed with :func:`step` (``parsers.cfparse`` with :data:`TYPES`), so a
step can say ``{card:Card}`` ("Greymon ST-02"), ``{cards:Cards}`` ("Metal Attack ST-53 and
Palmon ST-09"), ``{who:Who}`` ("I" / "my opponent"), ``{whose:Whose}`` ("my" / "my opponent's"),
``{phase:Phase}`` and ``{clause:Clause}``.

"I" is always player 0 and "my opponent" player 1.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from parse import with_pattern
from pytest_bdd import parsers


class CardRef(NamedTuple):
    """A card as a step names it: printed name and serial ("Greymon", "ST-02")."""

    name: str
    serial: str

    def __str__(self) -> str:
        return f"{self.name} {self.serial}"


_NAME = r"[A-Z][A-Za-z0-9&'./-]*(?: [A-Za-z0-9&'./-]+)*?"
_SERIAL = r"[A-Z]{2}-\d{2,3}"
CARD_PATTERN = rf"{_NAME} {_SERIAL}"
CARDS_PATTERN = rf"{CARD_PATTERN}(?:(?:, | and ){CARD_PATTERN})*"
_ONE = re.compile(rf"({_NAME}) ({_SERIAL})")


@with_pattern(CARD_PATTERN)
def parse_card(text: str) -> CardRef:
    """``"Greymon ST-02"`` → ``CardRef("Greymon", "ST-02")``."""
    m = _ONE.fullmatch(text)
    assert m, text
    return CardRef(m.group(1), m.group(2))


@with_pattern(CARDS_PATTERN)
def parse_cards(text: str) -> tuple[CardRef, ...]:
    """``"A ST-01, B ST-02 and C ST-03"`` → three :class:`CardRef`."""
    return tuple(CardRef(m.group(1), m.group(2))
                 for m in _ONE.finditer(re.sub(r"(, | and )", " | ", text)))


@with_pattern(r"I|my opponent")
def parse_who(text: str) -> int:
    """``"I"`` → 0, ``"my opponent"`` → 1."""
    return 0 if text == "I" else 1


@with_pattern(r"my|my opponent's")
def parse_whose(text: str) -> int:
    """``"my"`` → 0, ``"my opponent's"`` → 1."""
    return 0 if text == "my" else 1


@with_pattern(r"me|my opponent")
def parse_whom(text: str) -> int:
    """``"me"`` → 0, ``"my opponent"`` → 1 (object form)."""
    return 0 if text == "me" else 1


@with_pattern(r"[Ss]et-?up|[Dd]igivolve|[Bb]attle|[Rr]egroup")
def parse_phase(text: str) -> str:
    """A phase name as the rulebook writes it ("Set-up", "Battle"; lower case too) → the
    state's ``phase`` value."""
    return text.lower().replace("-", "")


@with_pattern(r"(?:DB|DCG)-[A-Za-z0-9.]+(?:-[A-Za-z0-9.]+)*")
def parse_clause(text: str) -> str:
    """A clause ID such as ``DB-C.3``."""
    return text


@with_pattern(r"[A-Z]{1,4}-\d{1,4}")
def parse_serial(text: str) -> str:
    """A bare card serial (``XX-99``), for a card the card set does not have."""
    return text


@with_pattern(r"\d+")
def parse_number(text: str) -> int:
    """A non-negative integer."""
    return int(text)


@with_pattern(r"[a-z0-9-]+")
def parse_reading(text: str) -> str:
    """An ambiguity reading name (``not-final``)."""
    return text


STACK_PATTERN = rf"{CARD_PATTERN}(?: over {CARD_PATTERN})*"


@with_pattern(STACK_PATTERN)
def parse_stack(text: str) -> tuple[CardRef, ...]:
    """``"Greymon ST-02 over Agumon ST-01"`` → the cards top first."""
    return tuple(parse_card(part) for part in text.split(" over "))


def _word(pattern: str):  # noqa: ANN202 - a parse type
    """A type that only matches ``pattern`` (verb forms, plurals) and carries no value."""
    return with_pattern(pattern)(lambda text: text)


def _verb(base: str, third: str | None = None):  # noqa: ANN202 - a parse type
    """``play``/``plays``, optionally after ``try to``/``tries to`` (an action that the
    scenario expects to be refused reads "I try to play ...")."""
    third = third or base + "s"
    return _word(rf"(?:(?:try|tries) to )?(?:{third}|{base})")


TYPES = {
    "Card": parse_card, "Cards": parse_cards, "Stack": parse_stack, "Who": parse_who,
    "Whose": parse_whose, "Whom": parse_whom, "Phase": parse_phase, "Clause": parse_clause,
    "N": parse_number, "Reading": parse_reading, "Serial": parse_serial,
    # Grammar only: "I go" / "my opponent goes", "1 card" / "2 cards", ...
    "Go": _word("goes|go"), "Have": _word("has|have"), "Be": _word("am|is"),
    "Win": _word("wins|win"), "Score": _word("scores|score"), "CardWord": _word("cards|card"),
    "Their": _word("my|their"),
    # Actions, with an optional "try to"
    "Play": _verb("play"), "Pass": _verb("pass", "passes"), "Put": _verb("put"),
    "Digivolve": _verb("Digivolve"), "DNA": _verb("DNA Digivolve"), "Set": _verb("set"),
    "Discard": _verb("discard"), "Restore": _verb("restore"), "Choose": _verb("choose"),
    "Ready": _word("(?:(?:try|tries) to be |am |is )ready"),
}


def step(pattern: str) -> parsers.cfparse:
    """A step parser for ``pattern`` with the project's parameter types."""
    return parsers.cfparse(pattern, extra_types=TYPES)

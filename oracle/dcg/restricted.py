"""The official DCG restricted list: which cards a deck may hold fewer than 4 of, on a date.

Data: ``oracle/data/dcg/restricted-list.json`` (schema ``schemas/dcg/restricted-list.schema.json``,
converted by ``tools/convert_dcg_restricted.py`` from the official English restriction page
``https://world.digimoncard.com/rule/restriction_card/``). It holds the list as dated events
``{card, name, status, count, effective, action}``.

The list **in force on a date D** (the *format date*, ISO ``YYYY-MM-DD``) is, card by card,
the latest event effective on or before D: ``restrict`` limits the card to ``count`` copies
(``restricted``: 1; ``banned``: 0), ``lift`` removes the limit (back to the 4 copies of CR4.2
Deck construction). Its date is the newest effective date on or before D (None before the
first list: nothing is limited). The default format date is the newest event's date
(:attr:`RestrictedList.newest`).

Clause: the list narrows the deck-construction limit "at most 4 copies of a card number", so a
deck over it is refused under the same clause, ``CR4.2 Deck construction``
(:class:`~oracle.dcg.cards.DeckConstructionError`, ``illegal``), and the reason names the card,
its positions in the deck, the count allowed and the list's date. ``banned_pair`` cards are
banned only together with another card that the source does not name: a deck holding one is
neither accepted nor refused but ``unsupported`` (the oracle cannot judge it).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from oracle.dcg.cards import DECK_CONSTRUCTION, DeckConstructionError, DeckList
from oracle.errors import InvalidInputError, UnsupportedError
from oracle.inputs import read_json

__all__ = [
    "Limit",
    "RestrictedList",
    "check_restricted",
    "load_restricted_list",
    "newest_date",
    "parse_format_date",
    "restricted_list_from_json",
]

_PATH = Path(__file__).resolve().parent.parent / "data" / "dcg" / "restricted-list.json"
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Limit(NamedTuple):
    """A card's limit in a list in force: at most ``count`` copies (``status`` restricted 1,
    banned or banned_pair 0) since ``since`` (the date of the event that set it)."""

    card: str
    name: str
    status: str
    count: int
    since: str


@dataclass(frozen=True)
class RestrictedList:
    """The list as events (sorted by effective date), with its source URL."""

    name: str
    url: str
    events: tuple[Mapping[str, Any], ...]
    _memo: dict[str, tuple[str | None, dict[str, Limit]]] = field(
        default_factory=dict, compare=False, repr=False)

    @property
    def dates(self) -> tuple[str, ...]:
        """Every effective date, oldest first."""
        return tuple(sorted({e["effective"] for e in self.events}))

    @property
    def newest(self) -> str:
        """The newest effective date (the default format date)."""
        return self.dates[-1]

    def in_force(self, date: str) -> tuple[str | None, dict[str, Limit]]:
        """``(list_date, {card: Limit})``: the list in force on ``date`` (ISO, checked by
        :func:`parse_format_date`) and its date, None when no event is effective yet."""
        hit = self._memo.get(date)
        if hit is None:
            limits: dict[str, Limit] = {}
            list_date: str | None = None
            for e in self.events:  # sorted by date: a later event replaces an earlier one
                if e["effective"] > date:
                    break
                list_date = e["effective"]
                if e["action"] == "lift":
                    limits.pop(e["card"], None)
                else:
                    limits[e["card"]] = Limit(e["card"], e["name"], e["status"], e["count"],
                                              e["effective"])
            hit = self._memo[date] = (list_date, limits)
        return hit


def restricted_list_from_json(d: Mapping[str, Any]) -> RestrictedList:
    """Build a :class:`RestrictedList` from its JSON form (checked against
    ``schemas/dcg/restricted-list.schema.json``).

    :raises InvalidInputError: a malformed document, at its JSON path.
    """
    from oracle.validation import validate

    validate(d, "dcg/restricted-list")
    for i, e in enumerate(d["events"]):
        parse_format_date(e["effective"], f"$.events[{i}].effective")
    events = tuple(sorted(d["events"], key=lambda e: e["effective"]))
    return RestrictedList(d["name"], d["source"]["url"], events)


_CACHE: dict[str, RestrictedList] = {}


def load_restricted_list() -> RestrictedList:
    """The shipped official list (loaded once)."""
    if "list" not in _CACHE:
        _CACHE["list"] = restricted_list_from_json(read_json(_PATH))
    return _CACHE["list"]


def newest_date() -> str:
    """The newest effective date of the shipped list: the default format date."""
    return load_restricted_list().newest


def parse_format_date(value: Any, path: str = "$.format_date") -> str:
    """``value`` if it is an ISO calendar date ``YYYY-MM-DD`` (ASCII digits, a real date).

    :raises InvalidInputError: at ``path`` otherwise.
    """
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise InvalidInputError(path, f"expected a date YYYY-MM-DD, found {value!r}")
    try:
        dt.date.fromisoformat(value)
    except ValueError as e:
        raise InvalidInputError(path, f"not a calendar date {value!r}: {e}") from None
    return value


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def check_restricted(deck: DeckList, date: str | None = None, path: str = "$",
                     rl: RestrictedList | None = None) -> None:
    """The official restricted list in force on ``date`` (default: the newest list).

    Each card number may be in the deck (main deck and Digi-Egg deck together) at most its
    limit's count of times (restricted: 1, banned: 0).

    :raises DeckConstructionError: clause ``CR4.2 Deck construction``, path
        ``<path>.deck`` / ``<path>.eggs``; the reason names the card, the positions of its
        copies in that part of the deck (1-based, deck-list order: the first copy over the
        limit first), the count allowed, the list's date and the format date.
    :raises UnsupportedError: a ``banned_pair`` card (banned together with a card the source
        does not name): the oracle cannot judge the deck.
    """
    rl = rl or load_restricted_list()
    on = rl.newest if date is None else date
    list_date, limits = rl.in_force(on)
    if not limits:
        return
    for part, ids in (("deck", deck.main), ("eggs", deck.eggs)):
        for cid in dict.fromkeys(ids):  # deck-list order, each number once
            lim = limits.get(cid)
            if lim is None:
                continue
            if lim.status == "banned_pair":
                raise UnsupportedError(
                    f"card {cid} {lim.name} in {path}.{part}",
                    f"the official restricted list of {list_date} (in force on {on}) bans "
                    f"{cid} in a pair with another card that its source does not name; the "
                    "dcg oracle cannot judge this deck", DECK_CONSTRUCTION)
            positions = [i + 1 for i, c in enumerate(ids) if c == cid]
            if len(positions) <= lim.count:
                continue
            allowed = "no copy (banned" if lim.count == 0 else f"{lim.count} copy ({lim.status}"
            raise DeckConstructionError(
                f"{path}.{part}",
                f"{len(positions)} copies of {cid} {lim.name} (cards "
                f"{', '.join(map(str, positions))} of {path}.{part} in deck-list order; the "
                f"{_ordinal(positions[lim.count])} is the first one too many): the official "
                f"restricted list of {list_date} (in force on {on}; {rl.url}) allows {allowed} "
                f"since {lim.since})")

"""Command-line option types and checks shared by every ``digiconform`` command.

click's own ``INT``/``FLOAT`` take what Python's ``int()``/``float()`` take: ``nan``, ``inf``,
``1_000`` and full-width digits (``１２``). These types take ASCII decimal numbers only, within
a range, and say so in one line (click's usage error, exit 2):

- :class:`Int` -- ``[+-]?[0-9]+`` within ``[lo, hi]``;
- :class:`Float` -- an ASCII decimal (``5``, ``0.5``, ``1e3``), finite, within ``[lo, hi]``;
- :func:`parse_variants` -- ``ID=READING`` items, each ambiguity at most once;
- :func:`check_output_file` / :func:`check_output_dir` -- an output path that can be written,
  checked *before* a long run rather than after it;
- :func:`format_date_option` -- a DCG format date ``YYYY-MM-DD`` (the official restricted
  list in force on it applies).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

__all__ = ["Float", "Int", "check_output_dir", "check_output_file", "format_date_option",
           "newest_format_date", "parse_variants"]

_INT = re.compile(r"[+-]?[0-9]{1,18}")
_FLOAT = re.compile(r"[+-]?([0-9]{1,18}(\.[0-9]{0,18})?|\.[0-9]{1,18})([eE][+-]?[0-9]{1,3})?")


class Int(click.ParamType):
    """An ASCII decimal integer in ``[lo, hi]`` (either bound may be None)."""

    name = "integer"

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """:raises click.BadParameter: not ASCII digits, or out of range."""
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        elif isinstance(value, str) and _INT.fullmatch(value.strip()):
            n = int(value.strip())
        else:
            self.fail(f"{_show(value)} is not an integer (ASCII digits)", param, ctx)
        if (self.lo is not None and n < self.lo) or (self.hi is not None and n > self.hi):
            self.fail(f"{n} is not in the range {_range(self.lo, self.hi)}", param, ctx)
        return n

    def __repr__(self) -> str:
        return f"Int({self.lo}, {self.hi})"


class Float(click.ParamType):
    """A finite ASCII decimal number in ``[lo, hi]`` (``nan`` and ``inf`` refused)."""

    name = "number"

    def __init__(self, lo: float | None = None, hi: float | None = None) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """:raises click.BadParameter: not an ASCII decimal, not finite, or out of range."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            x = float(value)
        elif isinstance(value, str) and _FLOAT.fullmatch(value.strip()):
            x = float(value.strip())
        else:
            self.fail(f"{_show(value)} is not a number (ASCII decimal)", param, ctx)
        if not math.isfinite(x):
            self.fail(f"{_show(value)} is not a finite number", param, ctx)
        if (self.lo is not None and x < self.lo) or (self.hi is not None and x > self.hi):
            self.fail(f"{x:g} is not in the range {_range(self.lo, self.hi)}", param, ctx)
        return x

    def __repr__(self) -> str:
        return f"Float({self.lo}, {self.hi})"


def _range(lo: float | None, hi: float | None) -> str:
    if lo is None:
        return f"x<={hi:g}"
    if hi is None:
        return f"x>={lo:g}"
    return f"{lo:g}<=x<={hi:g}"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_variants(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``("DB-AMB-6=not-final", ...)`` → ``{"DB-AMB-6": "not-final"}``.

    :raises click.BadParameter: an item without ``=``, an empty ID or reading, or an
        ambiguity given twice (even with the same reading: the second was surely meant for
        another ambiguity).
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, val = item.partition("=")
        key, val = key.strip(), val.strip()
        if not sep or not key or not val:
            raise click.BadParameter(f"expected ID=READING, got {_show(item)}",
                                     param_hint="--variant")
        if key in out:
            raise click.BadParameter(f"{key} is given twice ({out[key]!r} and {val!r}); give "
                                     "each ambiguity once", param_hint="--variant")
        out[key] = val
    return out


def format_date_option(value: str, option: str = "--format-date") -> str:
    """``value`` when it is an ISO calendar date ``YYYY-MM-DD`` (ASCII digits, a real date):
    the date whose official DCG restricted list applies (:mod:`oracle.dcg.restricted`).

    :raises click.BadParameter: naming ``option`` and what is wrong.
    """
    from oracle.dcg.restricted import parse_format_date
    from oracle.errors import InvalidInputError

    try:
        return parse_format_date(value, option)
    except InvalidInputError as e:
        raise click.BadParameter(e.reason, param_hint=option) from None


def newest_format_date() -> str:
    """The default of ``--format-date``: the newest entry's date of the shipped official DCG
    restricted list (:func:`oracle.dcg.restricted.newest_date`, read from the document
    itself, validated against its schema: a ``verify`` that plays no random game then never
    imports the DCG rules; ``tests/dcg/test_format_date.py`` checks the two agree)."""
    from oracle.inputs import read_json
    from oracle.resources import data_dir

    doc = read_json(data_dir() / "dcg" / "restricted-list.json", "dcg/restricted-list")
    return max(str(e["effective"]) for e in doc["events"])


def check_output_file(path: str | None, option: str) -> Path | None:
    """``path`` as a :class:`Path` when a file can be written there: it is not a symlink
    (never followed: the file written would be another one, anywhere), its directory exists
    and is writable, and it is not a directory or other non-regular file itself (a named
    pipe would block the writer). None stays None.

    Only the last component is looked at: a directory reached through a symlink on the way
    (``/tmp`` on macOS) is fine.

    :raises click.BadParameter: naming ``option``, the path and what is wrong.
    """
    if path is None:
        return None
    p = Path(path)
    if path == "":
        raise click.BadParameter("an empty file name", param_hint=option)
    if p.is_symlink():
        raise click.BadParameter(f"{path} is a symlink (not followed); give the file itself",
                                 param_hint=option)
    if p.is_dir():
        raise click.BadParameter(f"{path} is a directory", param_hint=option)
    if p.exists() and not p.is_file():
        raise click.BadParameter(f"{path} is not a regular file", param_hint=option)
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise click.BadParameter(f"the directory {parent} does not exist", param_hint=option)
    if not os.access(parent, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise click.BadParameter(f"{path} cannot be written (permission denied)",
                                 param_hint=option)
    return p


def check_output_dir(path: str, option: str) -> Path:
    """``path`` as a :class:`Path` when it is a directory, or could be created as one; not a
    symlink (never followed), not a plain file.

    :raises click.BadParameter: a symlink or a file is in the way, or the nearest existing
        ancestor is not a writable directory.
    """
    p = Path(path)
    if path == "":
        raise click.BadParameter("an empty directory name", param_hint=option)
    if p.is_symlink():
        raise click.BadParameter(f"{path} is a symlink (not followed); give the directory "
                                 "itself", param_hint=option)
    if p.exists():
        if not p.is_dir():
            raise click.BadParameter(f"{path} exists and is not a directory", param_hint=option)
        if not os.access(p, os.W_OK | os.X_OK):
            raise click.BadParameter(f"{path} cannot be written (permission denied)",
                                     param_hint=option)
        return p
    ancestor = p.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        if ancestor.is_symlink():  # (a dangling one: exists() is False)
            raise click.BadParameter(f"{ancestor} is a dangling symlink", param_hint=option)
        ancestor = ancestor.parent
    if not ancestor.is_dir() or not os.access(ancestor, os.W_OK | os.X_OK):
        raise click.BadParameter(f"{path} cannot be created under {ancestor}",
                                 param_hint=option)
    return p


def random_game_decks(ruleset: str, names: Sequence[str], files: Sequence[str],
                      format_date: str | None = None) -> list[Any]:
    """The decks ``verify --deck NAME`` / ``--deck-file FILE`` give the random games, each
    checked before the run: a name is that of a shipped deck of ``ruleset`` (never a path;
    ``digiconform data path deck`` lists them), a file a deck JSON document of the ruleset
    (``schemas/deck.schema.json``, ``schemas/dcg/deck.schema.json``) that its deck
    construction accepts (dcg: with the official restricted list in force on
    ``format_date``, default the newest). Digi-Battle decks come back as lists of serials, dcg
    decks as shipped names or deck objects (as a dcg setup takes them).

    :raises click.BadParameter: an unknown name, an unreadable or malformed file, or a deck
        its ruleset refuses (the path and reason, or the clause).
    """
    if not names and not files:
        return []  # (the default decks: nothing to check, no ruleset to import)
    from oracle.errors import IllegalActionError, OracleError
    from oracle.inputs import read_json, shipped_name

    out: list[Any] = []
    try:
        if ruleset == "dcg":
            from oracle.dcg.cards import (
                deck_from_json,
                load_deck,
                load_test_only_cards,
                shipped_deck_names,
            )
            for n in names:
                shipped_name(n, "--deck", "shipped DCG deck")
                if n not in shipped_deck_names():
                    raise click.BadParameter(
                        f"no shipped DCG deck named {n!r} (shipped: "
                        f"{', '.join(shipped_deck_names())})", param_hint="--deck")
                load_deck(n)
                out.append(n)
            from oracle.dcg.restricted import check_restricted

            for f in files:
                doc = read_json(Path(f))
                check_restricted(deck_from_json(doc, load_test_only_cards()), format_date,
                                 "$")
                out.append({k: doc[k] for k in ("name", "deck", "eggs") if k in doc})
            return out
        from oracle.cards import check_deck, default_card_set
        from oracle.cards import deck_from_json as db_deck
        from oracle.resources import data_dir

        shipped = sorted(p.name.removesuffix(".deck.json")
                         for p in (data_dir() / "decks").glob("*.deck.json"))
        docs = []
        for n in names:
            shipped_name(n, "--deck", "shipped Digi-Battle deck")
            if n not in shipped:
                raise click.BadParameter(f"no shipped Digi-Battle deck named {n!r} (shipped: "
                                         f"{', '.join(shipped)})", param_hint="--deck")
            docs.append(read_json(data_dir() / "decks" / f"{n}.deck.json"))
        docs += [read_json(Path(f)) for f in files]
        for doc in docs:
            deck = db_deck(doc)
            check_deck(deck, default_card_set())
            out.append(list(deck.cards))
        return out
    except IllegalActionError as e:
        raise click.BadParameter(f"the deck breaks {e.clause}: {e.reason}",
                                 param_hint="--deck/--deck-file") from None
    except OracleError as e:
        raise click.BadParameter(str(e), param_hint="--deck/--deck-file") from None

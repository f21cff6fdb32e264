"""``digiconform deck``: DCG deck lists as people paste them, to and from the project's deck JSON.

``deck import FILE`` reads a plain-text list, one entry a line::

    # name: my-red
    4 Agumon ST1-03          # count, optional name, card number (or: 4 ST1-03, 4x ST1-03)
    1 Gravity Crush BT1-090

    Digi-Egg                 # a section header: the Digi-Egg deck follows ("Main deck" goes back)
    4 ST1-01

Blank lines and ``#`` comments are skipped; ``# name: …`` and ``# note: …`` comment lines set
the deck's name and note. A Digi-Egg card goes to the Digi-Egg deck wherever it is listed (its
kind says so); under a Digi-Egg header only Digi-Eggs may stand. A name, when given, must be
the card's own. The same number on several lines adds up. The deck is then checked against
the card set (``--card-set``: ``dcg-real``, ``dcg-real+test-only`` or a card-set file) and the
deck rules: CR4.2 Deck construction (50 main cards, 0-5 Digi-Eggs, at most 4 of a number) and
the official restricted list in force on ``--format-date`` (default: the newest list,
:mod:`oracle.dcg.restricted`), and written as the deck JSON of ``schemas/dcg/deck.schema.json``
(``{"name", "note"?, "card_set", "deck": [{"id", "count"}], "eggs": [...]}``, in list order).

``deck export NAME|FILE`` writes a shipped deck (or a deck JSON file) as such a list; importing
that list gives the same JSON value back (``tests/dcg/test_deck_cli.py`` round-trips every
shipped deck).

Bad input is one line on stderr, ``digiconform: error: FILE:LINE: reason``, exit code 2. The
``--out`` file is checked before anything is read (its directory exists and is writable, it
is not a directory, not a symlink) and written without following a symlink (``O_NOFOLLOW``).

Deck codes: the community's ``DCG…`` deck codes (``niamu/digimon-card-game``, used by
digimoncard.dev) are specified only by that project's reference implementations, under
licences its copies state differently, and no Python package of the codec is on PyPI; no
documented, licence-compatible codec exists to build on, so codes are not read (docs say so).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from digiconform.options import check_output_file, format_date_option
from oracle.errors import InvalidInputError, OracleError

__all__ = ["DeckText", "deck_command", "export_text", "parse_deck_text", "to_deck_json"]

_ID = re.compile(r"[A-Za-z0-9]+-[0-9]+")
_ENTRY = re.compile(r"(?P<count>[0-9]{1,3})\s*[xX×]?\s+(?P<rest>.+)")
_META = re.compile(r"#\s*(name|note)\s*:\s*(.*)", re.I)
_EGG_HEADERS = {"digi-egg", "digi-eggs", "digi-egg deck", "digiegg", "digieggs", "egg", "eggs",
                "egg deck"}
_MAIN_HEADERS = {"main", "main deck", "deck"}
MAX_LINES = 10_000


class DeckTextError(InvalidInputError):
    """Bad input at ``FILE:LINE`` (``path``) with the reason."""


@dataclass
class DeckText:
    """A parsed list: entries ``(id, count, first line)`` per part, in list order."""

    name: str | None = None
    note: str | None = None
    main: dict[str, list[int]] = field(default_factory=dict)  # id -> [count, line]
    eggs: dict[str, list[int]] = field(default_factory=dict)


def _header(text: str) -> str | None:
    word = text.strip().rstrip(":").strip().lower()
    word = re.sub(r"\s*\([0-9]+\)$", "", word)  # "Digi-Egg (4)"
    if word in _EGG_HEADERS:
        return "eggs"
    if word in _MAIN_HEADERS:
        return "main"
    return None


def parse_deck_text(text: str, cards: Any, where: str = "<deck>") -> DeckText:
    """Parse a plain-text list against card set ``cards`` (a :class:`oracle.dcg.CardSet`).

    :raises DeckTextError: at ``where:LINE``: a line that is neither an entry, a header, a
        comment nor blank; an unknown card number; a name that is not the card's; a card that
        is not a Digi-Egg under a Digi-Egg header; a count of 0.
    """
    out = DeckText()
    part = "main"
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckTextError(where, f"more than {MAX_LINES:,} lines")
    for n, raw in enumerate(lines, 1):
        at = f"{where}:{n}"
        line = raw.strip()
        meta = _META.fullmatch(line)
        if meta:
            setattr(out, meta.group(1).lower(), meta.group(2).strip())
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        head = _header(line)
        if head is not None:
            part = head
            continue
        m = _ENTRY.fullmatch(line)
        if m is None:
            raise DeckTextError(at, f"expected '<count> [name] <card number>' (e.g. '4 Agumon "
                                    f"ST1-03'), a section header or a # comment, found "
                                    f"{raw.strip()[:80]!r}")
        count = int(m.group("count"))
        rest = m.group("rest").strip()
        tokens = rest.split()
        ids = [t for t in (tokens[-1], tokens[0]) if _ID.fullmatch(t)]
        if not ids:
            raise DeckTextError(at, f"no card number (like ST1-03) first or last in {rest!r}")
        cid = ids[0].upper()
        name = (" ".join(tokens[:-1]) if ids[0] == tokens[-1] else " ".join(tokens[1:])).strip()
        if count == 0:
            raise DeckTextError(at, f"a count of 0 for {cid}: leave the line out")
        if cid not in cards:
            raise DeckTextError(at, f"unknown card {cid} in the card set {cards.name}")
        card = cards[cid]
        if name and name.casefold() != card.name.casefold():
            raise DeckTextError(at, f"{cid} is {card.name}, not {name}")
        is_egg = card.kind == "digi-egg"
        if part == "eggs" and not is_egg:
            raise DeckTextError(at, f"{cid} {card.name} is a {card.kind} card, not a Digi-Egg: "
                                    "it belongs before the Digi-Egg header")
        entries = out.eggs if is_egg else out.main
        if cid in entries:
            entries[cid][0] += count
        else:
            entries[cid] = [count, n]
    return out


def _line_of(parsed: DeckText, cid: str) -> int | None:
    hit = parsed.main.get(cid) or parsed.eggs.get(cid)
    return hit[1] if hit else None


def to_deck_json(parsed: DeckText, cards: Any, card_set: str, *, name: str | None = None,
                 format_date: str | None = None, where: str = "<deck>") -> dict[str, Any]:
    """The deck JSON of a parsed list, checked: CR4.2 Deck construction and the official
    restricted list in force on ``format_date`` (default: the newest).

    :raises DeckTextError: at ``where:LINE`` of the card at fault (more than 4 copies, over
        the restricted list, a card the oracle does not support), or at ``where`` for the
        deck as a whole (not 50 main cards, more than 5 Digi-Eggs), with the rule's reason.
    """
    from oracle.dcg.cards import MAX_COPIES, DeckList, check_deck
    from oracle.dcg.restricted import check_restricted, load_restricted_list

    rl = load_restricted_list()
    date = format_date or rl.newest
    list_date, limits = rl.in_force(date)
    for entries in (parsed.main, parsed.eggs):
        for cid, (count, line) in entries.items():
            at = f"{where}:{line}"
            if count > MAX_COPIES:
                raise DeckTextError(at, f"{count} copies of {cid} {cards[cid].name}; at most "
                                        f"{MAX_COPIES} (CR4.2 Deck construction)")
            lim = limits.get(cid)
            if lim is not None and lim.status != "banned_pair" and count > lim.count:
                allowed = "none (banned" if lim.count == 0 else f"{lim.count} ({lim.status}"
                raise DeckTextError(at, f"{count} copies of {cid} {lim.name}: the official "
                                        f"restricted list of {list_date} (in force on {date}) "
                                        f"allows {allowed} since {lim.since}; CR4.2 Deck "
                                        "construction)")
    deck = DeckList(name or parsed.name or "imported",
                    tuple(c for c, (k, _) in parsed.main.items() for _ in range(k)),
                    tuple(c for c, (k, _) in parsed.eggs.items() for _ in range(k)))
    try:
        check_deck(deck, cards)
        check_restricted(deck, date)
    except OracleError as e:
        cid = next((c for c in (*parsed.main, *parsed.eggs) if re.search(
            rf"\b{re.escape(c)}\b", str(e))), None)
        line = _line_of(parsed, cid) if cid else None
        reason = getattr(e, "reason", str(e))
        what = getattr(e, "what", None)
        text = f"{what}: {reason}" if what else reason
        clause = getattr(e, "clause", None)
        raise DeckTextError(f"{where}:{line}" if line else where,
                            text.replace("$.deck", "the main deck").replace("$.eggs",
                                                                            "the Digi-Egg deck")
                            + (f" ({clause})" if clause and clause not in text else "")) from None
    doc: dict[str, Any] = {"name": deck.name}
    if parsed.note:
        doc["note"] = parsed.note
    doc["card_set"] = card_set
    doc["deck"] = [{"id": c, "count": k} for c, (k, _) in parsed.main.items()]
    doc["eggs"] = [{"id": c, "count": k} for c, (k, _) in parsed.eggs.items()]
    return doc


def export_text(doc: Mapping[str, Any], cards: Any) -> str:
    """A deck JSON document (``schemas/dcg/deck.schema.json``) as a plain-text list that
    :func:`parse_deck_text` reads back into the same entries."""
    out = [f"# name: {doc.get('name', '')}"]
    if doc.get("note"):
        out.append(f"# note: {' '.join(str(doc['note']).split())}")
    if doc.get("card_set"):
        out.append(f"# card set: {doc['card_set']}")
    main = doc.get("deck") or []
    eggs = doc.get("eggs") or []
    out += ["", f"Main deck  # {sum(e['count'] for e in main)} cards"]
    out += [f"{e['count']} {cards[e['id']].name} {e['id']}" for e in main]
    if eggs:
        out += ["", f"Digi-Egg deck  # {sum(e['count'] for e in eggs)} cards"]
        out += [f"{e['count']} {cards[e['id']].name} {e['id']}" for e in eggs]
    return "\n".join(out) + "\n"


def _card_set(spec: str) -> tuple[Any, str]:
    """(CardSet, the name the deck JSON records) of ``--card-set``: a shipped set's name or a
    card-set file."""
    from oracle.dcg.cards import card_set_from_json, shipped_card_set
    from oracle.inputs import read_json

    shipped = shipped_card_set(spec)
    if shipped is not None:
        return shipped, spec
    if not Path(spec).is_file():
        raise click.BadParameter(f"{spec!r} is neither a shipped card set (dcg-real, "
                                 "dcg-real+test-only) nor a card-set file",
                                 param_hint="--card-set")
    cs = card_set_from_json(read_json(spec))
    return cs, cs.name or Path(spec).stem


def _checked_out(path: str | None) -> Path | None:
    """``--out`` checked before any work: writable, not a directory, not a symlink."""
    p = check_output_file(path, "--out")
    if p is not None and p.is_symlink():
        raise click.BadParameter(f"{path} is a symlink: not followed, not replaced",
                                 param_hint="--out")
    return p


def _write(path: Path | None, text: str) -> None:
    """Write ``text`` to ``path`` (stdout for None) without following a symlink."""
    if path is None:
        click.echo(text, nl=False)
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                 0o644)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # pragma: no cover - a FIFO
            raise click.BadParameter(f"{path} is not a regular file", param_hint="--out")
        f.write(text)
    click.echo(f"wrote {path}", err=True)


@click.group("deck")
def deck_command() -> None:
    """DCG deck lists: import a plain-text list as deck JSON, export deck JSON as a list."""


CARD_SET = click.option("--card-set", "card_set", default="dcg-real", show_default=True,
                        help="The card set: dcg-real, dcg-real+test-only or a card-set file.")
OUT = click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
                   help="Write here (default: standard output). Never through a symlink.")


@deck_command.command("import")
@click.argument("source", type=click.Path(dir_okay=False, allow_dash=True))
@CARD_SET
@click.option("--format-date", "format_date", default=None, metavar="YYYY-MM-DD",
              help="The official restricted list in force on this date applies (default: "
                   "the newest list).")
@click.option("--name", "name", default=None, help="The deck's name (default: a '# name:' "
                                                   "line, else 'imported').")
@OUT
def import_command(source: str, card_set: str, format_date: str | None, name: str | None,
                   out: str | None) -> None:
    """Read a plain-text DCG deck list (SOURCE, '-' for standard input), check it against
    the card set, CR4.2 Deck construction and the restricted list, and write its deck JSON.

    Exit 0 on success; 2 on bad input, with FILE:LINE and the reason.
    """
    from oracle.inputs import read_text

    date = format_date_option(format_date) if format_date is not None else None
    target = _checked_out(out)
    cards, set_name = _card_set(card_set)
    if source == "-":
        text = click.get_text_stream("stdin").read(8 * 1024 * 1024)
        where = "<stdin>"
    else:
        text, where = read_text(source), source
    parsed = parse_deck_text(text, cards, where)
    doc = to_deck_json(parsed, cards, set_name, name=name, format_date=date, where=where)
    _write(target, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


@deck_command.command("export")
@click.argument("deck")
@CARD_SET
@OUT
def export_command(deck: str, card_set: str, out: str | None) -> None:
    """Write DECK (a shipped deck's name, e.g. red-memory, or a deck JSON file) as a
    plain-text list that 'deck import' reads back."""
    from oracle.dcg.cards import deck_from_json, shipped_card_set, shipped_deck_names
    from oracle.inputs import read_json
    from oracle.resources import data_dir
    from oracle.validation import validate

    target = _checked_out(out)
    if deck in shipped_deck_names():
        doc = read_json(data_dir() / "dcg" / "decks" / f"{deck}.json")
    elif Path(deck).is_file():
        doc = read_json(deck)
    else:
        raise click.BadParameter(f"{deck!r} is neither a shipped deck ("
                                 f"{', '.join(shipped_deck_names())}) nor a file",
                                 param_hint="DECK")
    validate(doc, "dcg/deck")  # the deck's form first: its card_set names the card set
    # A deck names its card set; only a shipped set's name is taken from the file (a name
    # there is never read as a path); any other falls back to --card-set.
    named = doc.get("card_set")
    cards, _ = _card_set(named if named and shipped_card_set(named) is not None
                         else card_set)
    deck_from_json(doc, cards)  # a malformed or unknown-card deck: invalid input, exit 2
    _write(target, export_text(doc, cards))

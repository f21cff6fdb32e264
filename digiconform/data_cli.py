"""``digiconform data path KIND NAME``: where an installed digiconform keeps a piece of its
shipped data, so that an engine's adapter can read the very files the suite plays with
(docs/PROTOCOL.md, "Writing a DCG adapter").

Kinds and names (each a name of shipped data, never a path):

- ``card-set``: ``upper-deck-st-bo1`` (Digi-Battle), ``dcg-real``, ``dcg-real+test-only``
  (two files, one a line: the real cards, then the test-only cards added to them);
- ``deck``: the shipped decks of both rulesets (``starter-1``, ``red-memory``, ...);
- ``schema``: a JSON Schema by its name under ``schemas/`` without ``.schema.json``
  (``state``, ``dcg/state``, ``protocol/new_game``).

The path printed is that of the installed file (inside the ``oracle`` package), or of the
checkout for an editable install. An unknown name is a usage error (exit 2) listing the
known ones.
"""

from __future__ import annotations

from pathlib import Path

import click

__all__ = ["data_group", "data_paths", "names"]


def _data() -> Path:
    from oracle.resources import data_dir

    return data_dir()


def _card_sets() -> dict[str, list[Path]]:
    d = _data()
    return {"upper-deck-st-bo1": [d / "upper-deck.cardset.json"],
            "dcg-real": [d / "dcg" / "cards.json"],
            "dcg-real+test-only": [d / "dcg" / "cards.json", d / "dcg" / "test-only-cards.json"]}


def _decks() -> dict[str, list[Path]]:
    d = _data()
    out = {p.name.removesuffix(".deck.json"): [p] for p in (d / "decks").glob("*.deck.json")}
    out.update({p.stem: [p] for p in (d / "dcg" / "decks").glob("*.json")})
    return out


def _schemas() -> dict[str, list[Path]]:
    from oracle.resources import schemas_dir

    root = schemas_dir()
    return {p.relative_to(root).as_posix().removesuffix(".schema.json"): [p]
            for p in root.rglob("*.schema.json")}


KINDS = {"card-set": _card_sets, "deck": _decks, "schema": _schemas}


def names(kind: str) -> list[str]:
    """The names of ``kind`` (``card-set``, ``deck``, ``schema``), sorted."""
    return sorted(KINDS[kind]())


def data_paths(kind: str, name: str) -> list[Path]:
    """The installed file(s) of shipped data ``name`` of ``kind``.

    :raises KeyError: no such kind or name (names are looked up, never opened as paths).
    """
    return list(KINDS[kind]()[name])


@click.group("data")
def data_group() -> None:
    """Where the installed suite keeps its shipped data (card sets, decks, schemas)."""


@data_group.command("path")
@click.argument("kind", type=click.Choice(sorted(KINDS)))
@click.argument("name", required=False)
def path_command(kind: str, name: str | None) -> None:
    """Print the installed file of shipped data NAME of KIND (one path a line); without
    NAME, list the names of KIND.

    Examples: ``digiconform data path card-set dcg-real``, ``digiconform data path deck
    red-memory``, ``digiconform data path schema dcg/state``.
    """
    if name is None:
        for n in names(kind):
            click.echo(n)
        return
    try:
        paths = data_paths(kind, name)
    except KeyError:
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise click.BadParameter(f"no shipped {kind} named {shown!r} (shipped: "
                                 f"{', '.join(names(kind))})", param_hint="NAME") from None
    for p in paths:
        click.echo(str(p))

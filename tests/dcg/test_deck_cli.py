"""``digiconform deck import`` / ``deck export`` (digiconform/deck.py): plain-text DCG deck
lists to and from the deck JSON, every refusal one line with FILE:LINE and exit code 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform.cli import main
from oracle.dcg.cards import shipped_deck_names
from oracle.resources import data_dir
from oracle.validation import validate

#: red-memory written by hand as a pasted list (names, counts, comments, an egg header).
RED = """\
# my red deck
4 Biyomon ST1-02
4 Agumon ST1-03
4 ST1-04
4x Monodramon BT1-009
4 Birdramon ST1-05
4 Kokatorimon BT1-014
4 Meramon ST12-05
4 MetalGreymon BT1-021
4 Groundramon BT1-020
4 Vermilimon BT4-014
4 Phoenixmon ST1-10
4 Tai Kamiya ST1-12     # the Tamer
1 Gravity Crush BT1-090
1 Elecmon BT1-028

Digi-Egg
4 Koromon ST1-01
"""


def _import(tmp_path: Path, text: str, *args: str) -> tuple[int, str, dict | None]:
    src = tmp_path / "deck.txt"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "deck.json"
    if out.exists():
        out.unlink()
    r = CliRunner().invoke(main, ["deck", "import", str(src), "--out", str(out), *args])
    doc = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
    return r.exit_code, r.output, doc


@pytest.mark.parametrize("name", shipped_deck_names())
def test_every_shipped_deck_round_trips_through_its_plain_text_list(
        tmp_path: Path, name: str) -> None:
    listed = CliRunner().invoke(main, ["deck", "export", name])
    assert listed.exit_code == 0, listed.output
    code, out, doc = _import(tmp_path, listed.output)
    assert code == 0, out
    shipped = json.loads((data_dir() / "dcg" / "decks" / f"{name}.json").read_text("utf-8"))
    assert doc == shipped
    validate(doc, "dcg/deck")


def test_a_pasted_list_becomes_the_deck_json(tmp_path: Path) -> None:
    code, out, doc = _import(tmp_path, RED, "--name", "pasted")
    assert code == 0, out
    assert doc is not None and doc["name"] == "pasted" and doc["card_set"] == "dcg-real"
    assert doc["deck"][:3] == [{"id": "ST1-02", "count": 4}, {"id": "ST1-03", "count": 4},
                               {"id": "ST1-04", "count": 4}]
    assert sum(e["count"] for e in doc["deck"]) == 50 and doc["eggs"] == [
        {"id": "ST1-01", "count": 4}]


def test_a_digi_egg_is_recognised_by_its_kind_without_a_header(tmp_path: Path) -> None:
    code, out, doc = _import(tmp_path, RED.replace("Digi-Egg\n", ""))
    assert code == 0, out
    assert doc is not None and doc["eggs"] == [{"id": "ST1-01", "count": 4}]


@pytest.mark.parametrize(("text", "line", "words"), [
    (RED.replace("1 Gravity Crush BT1-090\n1 Elecmon BT1-028",
                 "2 Gravity Crush BT1-090"), 14,
     ["2 copies of BT1-090", "restricted list of 2026-04-04", "allows 1", "2025-09-01"]),
    (RED.replace("4 Agumon ST1-03", "4 Gabumon ST1-03"), 3, ["ST1-03 is Agumon, not Gabumon"]),
    (RED.replace("4 ST1-04", "4 BT99-999"), 4, ["unknown card BT99-999"]),
    (RED.replace("4 ST1-04", "four ST1-04"), 4, ["expected '<count>"]),
    (RED.replace("4 Koromon ST1-01", "4 Koromon ST1-01\n1 Agumon ST1-03"), 19,
     ["not a Digi-Egg"]),
    (RED.replace("4 ST1-04", "4 ST1-04\n1 ST1-04"), 4, ["5 copies of ST1-04"]),
    (RED.replace("4 ST1-04", "0 ST1-04"), 4, ["a count of 0"]),
    (RED.replace("1 Elecmon BT1-028", "1 Fenriloogamon BT14-081"), 15, ["BT14-081"]),
])
def test_bad_input_names_the_line_and_the_reason(tmp_path: Path, text: str, line: int,
                                                 words: list[str]) -> None:
    code, out, doc = _import(tmp_path, text)
    assert code == 2 and doc is None
    assert out.startswith("digiconform: error: ") and out.count("\n") == 1, out
    assert f"deck.txt:{line}: " in out, out
    for w in words:
        assert w in out, out
    assert "Traceback" not in out


def test_a_deck_of_49_cards_is_refused_for_the_whole_deck(tmp_path: Path) -> None:
    code, out, _ = _import(tmp_path, RED.replace("1 Elecmon BT1-028\n", ""))
    assert code == 2 and "a main deck holds 50 cards, this one 49" in out, out


def test_the_format_date_picks_the_list(tmp_path: Path) -> None:
    four = RED.replace("1 Gravity Crush BT1-090\n1 Elecmon BT1-028", "4 Gravity Crush BT1-090")
    four = four.replace("4 Vermilimon BT4-014", "2 Vermilimon BT4-014")
    assert _import(tmp_path, four, "--format-date", "2025-08-31")[0] == 0
    code, out, _ = _import(tmp_path, four, "--format-date", "2025-09-01")
    assert code == 2 and "restricted list of 2025-09-01" in out
    code, out, _ = _import(tmp_path, four, "--format-date", "2025-09-31")
    assert code == 2 and "--format-date" in out


def test_the_out_file_is_never_written_through_a_symlink(tmp_path: Path) -> None:
    src = tmp_path / "deck.txt"
    src.write_text(RED, encoding="utf-8")
    victim = tmp_path / "victim.json"
    victim.write_text("keep", encoding="utf-8")
    link = tmp_path / "link.json"
    os.symlink(victim, link)
    r = CliRunner().invoke(main, ["deck", "import", str(src), "--out", str(link)])
    assert r.exit_code == 2 and "symlink" in r.output
    assert victim.read_text(encoding="utf-8") == "keep"
    r = CliRunner().invoke(main, ["deck", "import", str(src), "--out",
                                  str(tmp_path / "no" / "such" / "dir.json")])
    assert r.exit_code == 2 and "does not exist" in r.output


def test_export_of_an_unknown_deck_is_a_usage_error() -> None:
    r = CliRunner().invoke(main, ["deck", "export", "no-such-deck"])
    assert r.exit_code == 2 and "neither a shipped deck" in r.output

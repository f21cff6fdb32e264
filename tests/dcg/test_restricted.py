"""The official restricted list (``oracle/dcg/restricted.py``) and the decks that must keep it.

Expected values are written by hand from the issue and the official list: Gravity Crush BT1-090
has been limited to 1 copy since 2025-09-01, Hammer Spark ST2-13 since 2024-08-31, and the
newest list is dated 2026-04-04.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle.dcg import DcgConfig, game_from_setup, load_deck, make_game
from oracle.dcg.cards import DeckConstructionError, DeckList, shipped_deck_names
from oracle.dcg.restricted import (
    check_restricted,
    load_restricted_list,
    newest_date,
    parse_format_date,
    restricted_list_from_json,
)
from oracle.driver import OracleDriver
from oracle.errors import InvalidInputError, UnsupportedError

ROOT = Path(__file__).resolve().parents[2]


def _red_with(n_gravity: int) -> DeckList:
    """red-memory with ``n_gravity`` Gravity Crush BT1-090 in place of its last cards
    (Elecmon BT1-028 first, then Tai Kamiya ST1-12)."""
    red = load_deck("red-memory")
    keep = [c for c in red.main if c not in ("BT1-090", "BT1-028")] + ["BT1-028"]
    main = tuple(keep[: 50 - n_gravity]) + ("BT1-090",) * n_gravity
    return DeckList("red-gravity", main, red.eggs)


def test_the_newest_list_is_dated_2026_04_04_and_limits_the_two_real_cards() -> None:
    rl = load_restricted_list()
    assert newest_date() == "2026-04-04"
    date, limits = rl.in_force("2026-12-03")
    assert date == "2026-04-04"
    assert (limits["BT1-090"].count, limits["BT1-090"].since) == (1, "2025-09-01")
    assert (limits["ST2-13"].count, limits["ST2-13"].since) == (1, "2024-08-31")
    assert limits["BT2-090"].status == "banned" and limits["BT2-090"].count == 0


def test_the_list_in_force_on_a_date_takes_only_earlier_events_and_lifts() -> None:
    rl = load_restricted_list()
    assert rl.in_force("2020-12-31") == (None, {})
    before = rl.in_force("2025-08-31")[1]
    assert "BT1-090" not in before and "ST2-13" in before
    assert "BT1-090" in rl.in_force("2025-09-01")[1]
    # Gabumon ST6-03: restricted 2023-11-17, lifted 2024-08-31.
    assert "ST6-03" in rl.in_force("2024-08-30")[1]
    assert "ST6-03" not in rl.in_force("2024-08-31")[1]


def test_every_shipped_deck_keeps_the_newest_list() -> None:
    for name in shipped_deck_names():
        check_restricted(load_deck(name))
    game = make_game(DcgConfig())
    assert game.format_date == "2026-04-04"


def _vector_setups() -> list[tuple[str, dict[str, Any]]]:
    """Every set-up a DCG vector sends and expects taken (a set-up the vector expects refused,
    ``features/dcg/setup.feature``'s illegal decks and malformed card sets, is its check)."""
    out = []
    for path in sorted((ROOT / "vectors" / "dcg").rglob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out += [(doc["id"], s["setup"]) for s in doc.get("steps", [])
                if "setup" in s and "refused" not in (s.get("expect") or {})]
    return out


def test_every_dcg_vector_deck_keeps_the_newest_list() -> None:
    setups = _vector_setups()
    assert len(setups) >= 100
    for vid, setup in setups:
        assert "format_date" not in setup, vid  # every vector plays under the newest list
        game = game_from_setup(setup)  # raises for a deck over the list
        assert game.format_date == "2026-04-04", vid
        for deck in game.decks:
            assert deck.main.count("BT1-090") <= 1 and deck.main.count("ST2-13") <= 1, vid


def test_every_deck_the_suite_sends_keeps_every_list_of_the_history() -> None:
    """So an engine that ignores format_date, or applies its own list of any shipped date,
    plays the same games (docs/PROTOCOL.md, how a restricted list is negotiated)."""
    from oracle.dcg import default_setup, drain_testmon_setup

    setups = [s for _, s in _vector_setups()] + [default_setup(), drain_testmon_setup()]
    games = [game_from_setup(s) for s in setups]
    decks = {(d.main, d.eggs): d for g in games for d in g.decks}.values()
    rl = load_restricted_list()
    assert len(rl.dates) >= 10
    for date in ("2020-01-01", *rl.dates):
        for deck in decks:
            check_restricted(deck, date)


def test_the_random_game_setups_keep_the_newest_list() -> None:
    from oracle.dcg import default_setup, drain_testmon_setup

    for setup in (default_setup(), drain_testmon_setup()):
        game_from_setup(setup)


def test_two_gravity_crush_are_refused_naming_the_list_and_its_date() -> None:
    with pytest.raises(DeckConstructionError) as e:
        make_game(DcgConfig((_red_with(2), "blue-tempo")))
    err = e.value
    assert err.clause == "CR4.2 Deck construction" and err.path == "$.decks[0].deck"
    assert "2 copies of BT1-090 Gravity Crush" in err.reason
    assert "cards 49, 50 of $.decks[0].deck" in err.reason and "50th is the first" in err.reason
    assert "restricted list of 2026-04-04" in err.reason and "allows 1 copy" in err.reason
    assert "since 2025-09-01" in err.reason
    make_game(DcgConfig((_red_with(1), "blue-tempo")))


def test_the_format_date_picks_the_list() -> None:
    four = DeckList("red-4-gravity", _red_with(4).main, _red_with(4).eggs)
    make_game(DcgConfig((four, load_deck("red-memory")), format_date="2025-08-31"))
    with pytest.raises(DeckConstructionError) as e:
        make_game(DcgConfig((four, load_deck("red-memory")), format_date="2025-09-01"))
    assert "restricted list of 2025-09-01 (in force on 2025-09-01" in e.value.reason


def test_the_oracle_driver_refuses_two_gravity_crush_as_illegal() -> None:
    from oracle.dcg.trace import deck_to_json

    setup = {"ruleset": "dcg", "decks": [deck_to_json(_red_with(2)), "blue-tempo"]}
    with pytest.raises(DeckConstructionError) as e:
        OracleDriver().new_game(setup)
    assert e.value.clause == "CR4.2 Deck construction" and "2026-04-04" in e.value.reason
    state = OracleDriver().new_game({**setup, "format_date": "2025-08-31"})
    assert state["ruleset"] == "dcg"


@pytest.mark.parametrize("bad", ["2025-02-30", "2025-1-01", "20250101", 20250101, "", None,
                                 "２０２５-01-01", "2025-01-01T00:00"])
def test_a_malformed_format_date_is_invalid(bad: Any) -> None:
    with pytest.raises(InvalidInputError) as e:
        parse_format_date(bad)
    assert e.value.path == "$.format_date"
    if bad is not None:
        with pytest.raises(InvalidInputError) as e2:
            game_from_setup({"ruleset": "dcg", "format_date": bad})
        assert e2.value.path == "$.format_date"


def _synthetic(*events: dict[str, Any]) -> Any:
    return restricted_list_from_json({
        "name": "test", "source": {"url": "u", "file": "f", "sha256": "0" * 64,
                                   "converted_by": "hand"},
        "events": [{"name": "N", "action": "restrict", **e} for e in events]})


def test_a_banned_card_allows_no_copy_and_a_banned_pair_is_unsupported() -> None:
    deck = load_deck("red-memory")
    banned = _synthetic({"card": "ST1-03", "status": "banned", "count": 0,
                         "effective": "2024-01-01"})
    with pytest.raises(DeckConstructionError) as e:
        check_restricted(deck, "2024-01-01", rl=banned)
    assert "allows no copy (banned since 2024-01-01)" in e.value.reason
    check_restricted(deck, "2023-12-31", rl=banned)
    pair = _synthetic({"card": "ST1-03", "status": "banned_pair", "count": 0,
                       "effective": "2024-01-01"})
    with pytest.raises(UnsupportedError) as u:
        check_restricted(deck, None, rl=pair)
    assert "ST1-03" in u.value.what and "cannot judge" in u.value.reason


def test_a_lift_ends_the_limit() -> None:
    deck = load_deck("red-memory")  # 4 Agumon ST1-03
    rl = _synthetic({"card": "ST1-03", "status": "restricted", "count": 1,
                     "effective": "2024-01-01"},
                    {"card": "ST1-03", "status": "restricted", "count": 1,
                     "effective": "2024-06-01", "action": "lift"})
    with pytest.raises(DeckConstructionError):
        check_restricted(deck, "2024-05-31", rl=rl)
    check_restricted(deck, "2024-06-01", rl=rl)


def test_the_schema_ties_count_to_status() -> None:
    with pytest.raises(InvalidInputError):
        _synthetic({"card": "ST1-03", "status": "restricted", "count": 0,
                    "effective": "2024-01-01"})


def test_the_shipped_list_is_a_fresh_conversion_of_the_raw_copy() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "convert_dcg_restricted.py"),
                          "--check"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stderr

"""How the restricted list's date reaches an engine: ``format_date`` in the DCG setup, ``serve
--format-date``, ``verify --format-date`` and the report that states it (docs/PROTOCOL.md,
"How a restricted list is negotiated")."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform.cli import main
from digiconform.harness import ProtocolDriver, Session, serve
from oracle.errors import IllegalActionError, InvalidInputError
from oracle.validation import validate

#: red-memory as it was before issue 25: 4 Gravity Crush BT1-090 (limited to 1 since
#: 2025-09-01), legal on 2025-08-31, illegal from 2025-09-01 on.
OLD_RED = {"name": "old-red", "deck": [
    {"id": c, "count": 4} for c in ("ST1-02", "ST1-03", "ST1-04", "BT1-009", "ST1-05", "BT1-014",
                                    "ST12-05", "BT1-021", "BT1-020", "ST1-10", "ST1-12",
                                    "BT1-090")] + [{"id": "BT4-014", "count": 2}],
    "eggs": [{"id": "ST1-01", "count": 4}]}


def _serve(lines: list[str], session: Session | None = None) -> list[dict]:
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out, session=session) == 0
    return [json.loads(x) for x in out.getvalue().splitlines()]


def _new_game(seq: int, **extra: object) -> str:
    return json.dumps({"cmd": "new_game", "seq": seq, "setup": {
        "ruleset": "dcg", "decks": [OLD_RED, "blue-tempo"], **extra}})


def test_serve_applies_the_setup_s_date_else_its_own_default() -> None:
    start = json.dumps({"cmd": "start", "version": 1})
    plain = _serve([start, _new_game(1), _new_game(2, format_date="2025-08-31")])[1:]
    for a in plain:
        validate(a, "protocol/response")
    r = plain[0]["refused"]
    assert r["kind"] == "illegal" and r["clause"] == "CR4.2 Deck construction"
    assert "restricted list of 2026-04-04" in r["reason"] and "BT1-090" in r["reason"]
    assert "state" in plain[1]
    dated = _serve([start, _new_game(1), _new_game(2, format_date="2025-09-01")],
                   Session(format_date="2025-08-31"))[1:]
    assert "state" in dated[0]  # serve --format-date 2025-08-31: the setup names no date
    assert "restricted list of 2025-09-01" in dated[1]["refused"]["reason"]  # its own wins


def test_a_malformed_format_date_is_refused_as_invalid_with_its_path() -> None:
    start = json.dumps({"cmd": "start", "version": 1})
    out = _serve([start, _new_game(1, format_date="2025-02-30")])[1]
    validate(out, "protocol/response")
    assert out["refused"]["kind"] == "invalid" and out["refused"]["path"] == "$.format_date"


def test_the_new_game_schema_takes_format_date_for_dcg_only() -> None:
    validate({"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg", "decks": [
        "red-memory", "blue-tempo"], "format_date": "2025-09-01"}}, "protocol/new_game")
    for bad in ({"ruleset": "dcg", "decks": ["red-memory", "blue-tempo"],
                 "format_date": "1 Sept 2025"},
                {"decks": [["ST-01"], ["ST-01"]], "format_date": "2025-09-01"}):
        with pytest.raises(InvalidInputError):
            validate({"cmd": "new_game", "seq": 1, "setup": bad}, "protocol/new_game")


def test_the_protocol_driver_sends_its_format_date_to_the_engine() -> None:
    serve_cmd = [sys.executable, "-m", "digiconform", "serve"]
    driver = ProtocolDriver(serve_cmd, timeout=30, format_date="2025-08-31")
    try:
        state = driver.new_game({"ruleset": "dcg", "decks": [OLD_RED, "blue-tempo"]})
        assert state["ruleset"] == "dcg"
    finally:
        driver.close()
    driver = ProtocolDriver(serve_cmd, timeout=30)
    try:
        with pytest.raises(IllegalActionError) as e:
            driver.new_game({"ruleset": "dcg", "decks": [OLD_RED, "blue-tempo"]})
        assert "2026-04-04" in str(e.value)
    finally:
        driver.close()


def test_verify_states_the_format_date(tmp_path: Path) -> None:
    report, md = tmp_path / "r.json", tmp_path / "r.md"
    scenario = "dcg/end_of_turn::Two pending end-of-turn losses both resolve before the turn ends"
    out = CliRunner().invoke(main, [
        "verify", "--impl", f"{sys.executable} -m digiconform serve", "--ruleset", "dcg",
        "--scenario", scenario, "--games", "0", "--no-progress", "--traces",
        str(tmp_path / "t"), "--report", str(report), "--markdown", str(md),
        "--format-date", "2025-09-01"])
    assert out.exit_code == 0, out.output
    assert "format date 2025-09-01" in out.output.splitlines()[0]
    doc = json.loads(report.read_text(encoding="utf-8"))
    validate(doc, "report")
    assert doc["format_date"] == "2025-09-01" and doc["summary"]["passed"] == 1
    assert "format date 2025-09-01" in md.read_text(encoding="utf-8")
    from digiconform.verifier.html import render

    assert "2025-09-01 (restricted list in force)" in render(doc)
    bad = CliRunner().invoke(main, ["verify", "--impl", "x", "--ruleset", "dcg",
                                    "--format-date", "2025-9-1"])
    assert bad.exit_code == 2 and "--format-date" in bad.output


def test_play_format_date_is_recorded_in_the_trace_and_replay_keeps_it(tmp_path: Path) -> None:
    """``play --ruleset dcg --format-date``: OLD_RED (4 Gravity Crush) is legal on 2025-08-31;
    the trace records the date, ``replay`` checks the decks against that same list, and a
    trace without the date is checked against the newest list, which refuses the deck."""
    deck, other = tmp_path / "old-red.json", tmp_path / "blue.json"
    deck.write_text(json.dumps(OLD_RED))
    from oracle.resources import data_dir

    other.write_text((data_dir() / "dcg" / "decks" / "blue-tempo.json").read_text())
    trace = tmp_path / "t.json"
    run = CliRunner().invoke(main, ["play", "--ruleset", "dcg", "--quiet", "--deck", str(deck),
                                    "--deck", str(other), "--format-date", "2025-08-31",
                                    "--trace", str(trace)])
    assert run.exit_code == 0, run.output
    doc = json.loads(trace.read_text())
    validate(doc, "trace")
    assert doc["format_date"] == "2025-08-31"
    ok = CliRunner().invoke(main, ["replay", str(trace)])
    assert ok.exit_code == 0 and "every state matches" in ok.output, ok.output
    del doc["format_date"]
    trace.write_text(json.dumps(doc))
    newest = CliRunner().invoke(main, ["replay", str(trace)])
    assert newest.exit_code != 0 and "BT1-090" in newest.output, newest.output
    refused = CliRunner().invoke(main, ["play", "--ruleset", "dcg", "--quiet", "--deck",
                                        str(deck), "--deck", str(other)])
    assert refused.exit_code == 2 and "restricted list of 2026-04-04" in refused.output
    only_dcg = CliRunner().invoke(main, ["play", "--format-date", "2025-08-31", "--quiet"])
    assert only_dcg.exit_code == 2 and "dcg option" in only_dcg.output


def test_a_digibattle_trace_may_not_name_a_format_date() -> None:
    from oracle import rulesets
    from oracle.trace import build_trace
    from oracle.validation import is_valid

    rs = rulesets.get("digibattle")
    game = rs.game_from_setup(rs.default_setup())
    t = build_trace(game, rs.new_game(game), [], meta={})
    assert is_valid(t, "trace")
    assert not is_valid({**t, "format_date": "2025-08-31"}, "trace")


def test_verify_format_date_applies_to_both_sides_of_the_random_games(tmp_path: Path) -> None:
    """``verify --format-date 2025-08-31 --deck-file`` with a deck legal only then: the
    oracle's side of each random game is set up under the same list as the engine's (the
    games are played, none stopped by a deck the oracle refuses); without the date the deck
    is refused before the run, naming CR4.2 Deck construction."""
    deck = tmp_path / "old-red.json"
    deck.write_text(json.dumps(OLD_RED))
    base = ["verify", "--impl", f"{sys.executable} -m digiconform serve", "--ruleset", "dcg",
            "--deck-file", str(deck), "--deck", "blue-tempo", "--scenario", "-", "--games",
            "3", "--no-progress", "--report", str(tmp_path / "r.json")]
    dated = CliRunner().invoke(main, [*base, "--format-date", "2025-08-31"])
    assert dated.exit_code == 0, dated.output
    games = json.loads((tmp_path / "r.json").read_text())["outcome"]["games"]
    assert games["completed"] == 3 and games["errored"] == 0, games
    newest = CliRunner().invoke(main, base)
    assert newest.exit_code == 2 and "CR4.2 Deck construction" in newest.output, newest.output


def test_the_default_format_date_is_the_restricted_lists_newest() -> None:
    """``verify``'s default ``--format-date`` is read from the shipped list's document
    (without importing the DCG rules): the same date as the rules' own
    :func:`oracle.dcg.restricted.newest_date`."""
    from digiconform.options import newest_format_date
    from oracle.dcg.restricted import newest_date

    assert newest_format_date() == newest_date()

"""``digiconform play|bench|replay`` for the ``dcg`` ruleset (click's CliRunner)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform.cli import main
from oracle.dcg.cards import _DATA_DIR
from oracle.validation import validate


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The trace of ``play --ruleset dcg --seed 5`` (written once: validation is slow)."""
    path = tmp_path_factory.mktemp("dcg") / "game.trace.json"
    code, out = run("play", "--ruleset", "dcg", "--seed", "5", "--quiet", "--trace", str(path))
    assert code == 0, out
    return json.loads(path.read_text(encoding="utf-8"))


def test_play_logs_turns_memory_attacks_and_the_winner() -> None:
    code, out = run("play", "--ruleset", "dcg", "--seed", "3")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("Rock-paper-scissors: player ")
    assert "== Turn 1: player 1, memory 0" in lines
    assert any(line.startswith("-- turn 1 ends: memory 0 -> ") for line in lines)
    assert any("attacks with" in line for line in lines)
    assert any("security check:" in line for line in lines)
    assert any("does not draw: the first player's first turn" in line for line in lines)
    assert re.fullmatch(r"Player [01] wins after \d+ turns: an attack on a player with no "
                        r"security cards", lines[-1])
    turns = [line for line in lines if line.startswith("== Turn ")]
    assert lines[-1].endswith(f"after {len(turns)} turns: an attack on a player with no "
                              "security cards")


def test_play_is_seeded() -> None:
    assert run("play", "--ruleset", "dcg", "--seed", "8") == \
        run("play", "--ruleset", "dcg", "--seed", "8")
    assert run("play", "--ruleset", "dcg", "--seed", "8") != \
        run("play", "--ruleset", "dcg", "--seed", "9")


def test_play_quiet_prints_the_result_only() -> None:
    code, out = run("play", "--ruleset", "dcg", "--seed", "3", "--quiet")
    assert code == 0
    full = run("play", "--ruleset", "dcg", "--seed", "3")[1].splitlines()
    assert out.splitlines() == [full[-1]]


def test_play_takes_variants() -> None:
    code, out = run("play", "--ruleset", "dcg", "--seed", "1", "--variant",
                    "DCG-AMB-4=no-mulligan")
    assert code == 0, out
    assert "keeps their hand" not in out and "mulligan" not in out


@pytest.mark.parametrize(("args", "message"), [
    (("--variant", "DCG-AMB-4=maybe"), "$.variants.DCG-AMB-4"),
    (("--variant", "DB-AMB-6=final"), "$.variants.DB-AMB-6"),
    (("--target", "300"), "--target is a Digi-Battle option"),
    (("--deck", "x.json"), "give --deck twice"),
])
def test_play_refuses_bad_options_with_exit_2(args: tuple[str, ...], message: str) -> None:
    code, out = run("play", "--ruleset", "dcg", *args)
    assert code == 2
    assert message in out


def test_play_with_deck_and_card_files(tmp_path: Path) -> None:
    decks = [str(_DATA_DIR / "decks" / f"{n}.json") for n in ("blue-tempo", "red-memory")]
    code, out = run("play", "--ruleset", "dcg", "--seed", "2", "--quiet",
                    "--cards", str(_DATA_DIR / "cards.json"),
                    "--deck", decks[0], "--deck", decks[1], "--trace", str(tmp_path / "t.json"))
    assert code == 0, out
    trace = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert [d["name"] for d in trace["decks"]] == ["blue-tempo", "red-memory"]
    assert trace["card_set"] == {"name": "dcg-real"}


def test_trace_validates_and_replays(recorded: dict, tmp_path: Path) -> None:
    trace = recorded
    path = tmp_path / "game.trace.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    validate(trace, "trace")
    assert trace["ruleset"] == "dcg" and "target" not in trace
    assert trace["result"] == {"winner": trace["steps"][-1]["state"]["winner"],
                               "reason": trace["steps"][-1]["state"]["reason"]}
    code, out = run("replay", str(path))
    assert code == 0, out
    assert out.startswith(f"OK: {len(trace['steps'])} steps replayed")
    code, out = run("replay", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["ok"] is True


def test_replay_finds_a_doctored_step(recorded: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.trace.json"
    trace = copy.deepcopy(recorded)
    i = next(i for i, s in enumerate(trace["steps"]) if s["state"]["phase"] == "main")
    trace["steps"][i]["state"]["memory"] = 9
    path.write_text(json.dumps(trace), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1
    assert f"FAIL at step {i}" in out and f"$.steps[{i}].state.memory" in out


def test_replay_reports_an_illegal_step_with_its_clause(recorded: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.trace.json"
    trace = copy.deepcopy(recorded)
    i = next(i for i, s in enumerate(trace["steps"]) if s["action"]["type"] == "do_nothing")
    player = trace["steps"][i]["action"]["player"]
    trace["steps"][i + 1]["action"] = {"type": "do_nothing", "player": player}
    path.write_text(json.dumps(trace), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1
    assert "refused by the oracle [DCG-6-4-1]" in out


def test_replay_checks_the_recorded_result(recorded: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.trace.json"
    trace = copy.deepcopy(recorded)
    trace["result"] = {"winner": 1 - trace["result"]["winner"], "reason": "deck_out"}
    path.write_text(json.dumps(trace), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1 and "FAIL at result" in out and "$.result.winner" in out


def test_replay_through_an_implementation_also_checks_the_trace(
    recorded: dict, tmp_path: Path,
) -> None:
    """``replay --impl``: an implementation that agrees with the oracle does not make a
    broken trace pass (exit 1, the trace's own first problem named with its clause)."""
    import shlex
    import sys

    serve = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"
    good = tmp_path / "good.trace.json"
    good.write_text(json.dumps(recorded), encoding="utf-8")
    code, out = run("replay", str(good), "--impl", serve)
    assert code == 0 and out.startswith("OK: "), out
    bad = copy.deepcopy(recorded)
    i = next(i for i, s in enumerate(bad["steps"]) if s["action"]["type"] == "do_nothing")
    bad["steps"][i + 1]["action"] = {"type": "link", "player": bad["steps"][i]["action"]["player"]}
    path = tmp_path / "bad.trace.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    code, out = run("replay", str(path), "--impl", serve)
    assert code == 1, out
    assert f"TRACE INVALID at step {i + 1}: [DCG-6-5-1-4]" in out
    code, out = run("replay", str(path), "--impl", serve, "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["ok"] is False and doc["trace_problem"]["step"] == i + 1


def test_replay_under_another_reading_reports_the_divergence(
    recorded: dict, tmp_path: Path,
) -> None:
    path = tmp_path / "game.trace.json"
    path.write_text(json.dumps(recorded), encoding="utf-8")
    code, out = run("replay", str(path), "--variant", "DCG-AMB-4=no-mulligan")
    assert code == 1 and "FAIL at step" in out


def test_bench_dcg() -> None:
    code, out = run("bench", "--ruleset", "dcg", "--games", "5", "--no-instructions")
    assert code == 0, out
    assert out.startswith("5 games, ") and "steps/s" in out


def test_a_trace_of_another_card_set_embeds_it_and_replays() -> None:
    from oracle.dcg import game_from_setup, new_game
    from oracle.dcg.selfplay import play
    from oracle.dcg.trace import card_set_to_json
    from oracle.replay import replay
    from oracle.trace import build_trace

    cards = card_set_to_json(game_from_setup({"ruleset": "dcg"}).cards)
    cards["name"] = "my-cards"
    cards["cards"][2]["dp"] = 9000  # Dracomon ST1-04 is stronger here
    game = game_from_setup({"ruleset": "dcg", "card_set": cards})
    steps = list(play(game, 4))
    trace = build_trace(game, new_game(game), steps)
    assert trace["card_set"]["name"] == "my-cards" and "cards" in trace["card_set"]
    validate(trace, "trace")
    assert replay(trace).ok
    trace["card_set"] = {"name": "my-cards"}
    from oracle.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="embed"):
        replay(trace)

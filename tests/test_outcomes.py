"""Issue 24: a verify run ends in PASS, FAIL or INCONCLUSIVE (exit 0, 1, 3), never PASS on
what was not tested; the outcome and its causes are on the console and in every report
format (JSON, JUnit, Markdown, HTML). The lying engines are in tests/liars.py."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from digiconform.verifier.report import EXIT_CODES, FAIL, INCONCLUSIVE, PASS, Failure, Report
from oracle.validation import validate
from tests.liars import RESTRICTED, command

SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"


class Run:
    """One ``digiconform verify`` run with every report written."""

    def __init__(self, code: int, out: str, tmp: Path) -> None:
        self.code, self.out = code, out
        self.doc: dict[str, Any] = json.loads((tmp / "r.json").read_text())
        validate(self.doc, "report")
        self.junit = (tmp / "r.xml").read_text()
        self.md = (tmp / "r.md").read_text()
        self.html = (tmp / "r.html").read_text()

    @property
    def outcome(self) -> dict[str, Any]:
        return self.doc["outcome"]  # type: ignore[no-any-return]

    def everywhere(self, text: str) -> None:
        """``text`` is on the console and in each of the four reports."""
        from html import escape

        from digiconform.verifier.report import md_text

        for where, body in (("console", self.out), ("json", json.dumps(self.doc)),
                            ("junit", self.junit), ("markdown", self.md),
                            ("html", self.html)):
            assert (text in body or escape(text) in body or json.dumps(text)[1:-1] in body
                    or (where == "markdown" and md_text(text) in body)), \
                f"{text!r} is not in the {where} output"


def _verify(impl: str, tmp: Path, *extra: str) -> Run:
    from digiconform.cli import main

    res = CliRunner().invoke(main, [
        "verify", "--impl", impl, "--no-progress", "--report", str(tmp / "r.json"),
        "--junit", str(tmp / "r.xml"), "--markdown", str(tmp / "r.md"),
        "--html", str(tmp / "r.html"), "--traces", str(tmp / "traces"), *extra])
    assert "Traceback" not in res.output, res.output[-3000:]
    return Run(res.exit_code, res.output, tmp)


def _assert_outcome(run: Run, outcome: str) -> None:
    """The exit code, the JSON outcome and the outcome line of every format agree."""
    assert run.code == EXIT_CODES[outcome], run.out[-3000:]
    assert run.outcome["result"] == outcome and run.outcome["exit_code"] == run.code
    assert run.doc["ok"] is (outcome == PASS)
    assert re.search(rf"^{outcome} in [\d.]+ s \(exit code {run.code}\)$", run.out, re.M)
    assert f"**{outcome}**" in run.md and f"**Outcome: {outcome}**" in run.md
    assert f"— {outcome}" in run.html and f'<header class="{outcome.lower()}">' in run.html
    if outcome != PASS:
        assert re.search(rf'<testcase name="outcome" classname="run"[^>]*>\s*<'
                         rf'(failure|error) message="{outcome}: ', run.junit), run.junit[-2000:]
    v = run.outcome["vectors"]
    assert v["planned"] == (v["completed"] + v["failed"] + v["engine_errors"]
                            + v["not_followed"] + v["skipped"] + v["not_run"]), v
    assert v["unaccounted"] == 0
    assert v["failed"] == run.doc["summary"]["failed"] and \
        v["engine_errors"] == run.doc["summary"]["errored"], (v, run.doc["summary"])
    assert re.search(rf"^  vectors     \d+ passed, {v['failed']} failed, {v['engine_errors']} "
                     "engine errors, ", run.out, re.M), run.out[:500]
    assert f"{v['failed']} failed, {v['engine_errors']} engine errors" in run.md
    g = run.outcome["games"]
    if g and "completed" in g:
        assert g["planned"] == g["completed"] + g["diverged"] + g["engine_errors"] + \
            g["refused"] + g["errored"] + g["not_played"], g
    elif g:  # (stopped before the games were counted one by one, or never reached)
        assert g["planned"] == g["played"] + g["not_played"], g
    for cause in run.outcome["causes"]:  # every cause on the console and in every report
        run.everywhere(cause["message"][:60])


# ---------------------------------------------------------------------------------------------
# The precedence, on hand-made reports


def _report(**kw: Any) -> Report:
    r = Report(command="x", implementation=None, ruleset="digibattle", started="now", **kw)
    r.vectors_planned = 1
    r.counts["passed"] = 1
    return r


def test_a_complete_passing_run_is_pass() -> None:
    r = _report()
    assert r.outcome == PASS and r.exit_code == 0 and r.ok and r.causes() == []
    validate(json.loads(json.dumps(r.to_json(), default=str)), "report")


def test_a_failure_is_fail_and_still_lists_what_was_inconclusive() -> None:
    r = _report()
    r.failures.append(Failure("v", "scenario", "the state differs", "DB-C.8"))
    r.inconclusive.append({"part": "scenarios", "id": "w", "cause": "verifier-error",
                           "message": "ValueError: x", "traceback": "Traceback ..."})
    r.vectors_planned = 2
    assert r.outcome == FAIL and r.exit_code == 1 and not r.ok
    assert [c["outcome"] for c in r.causes()] == [FAIL, INCONCLUSIVE]
    assert "DB-C.8" in r.causes()[0]["message"]


@pytest.mark.parametrize("what", ["verifier-error", "stopped", "nothing", "unaccounted"])
def test_anything_not_tested_without_a_failure_is_inconclusive(what: str) -> None:
    r = _report()
    if what == "verifier-error":
        r.inconclusive.append({"part": "differential", "id": "random game 3",
                               "cause": "verifier-error", "message": "TypeError: y"})
    elif what == "stopped":
        r.stopped = "SIGINT"
    elif what == "nothing":
        r.counts["passed"] = 0
        r.counts["skipped"] = 1
    else:
        r.vectors_planned = 5  # four vectors neither ran nor were said not to
    assert r.outcome == INCONCLUSIVE and r.exit_code == 3 and not r.ok
    assert r.causes() and all(c["outcome"] == INCONCLUSIVE for c in r.causes())


# ---------------------------------------------------------------------------------------------
# The lying engines


def test_an_engine_that_refuses_every_dcg_setup_is_inconclusive_under_deck_construction(
        tmp_path: Path) -> None:
    """Issue 24: a real engine refusing every deck (a restricted list) got a passing run, its
    refusals filed under ``?``. Each refused set-up is filed under the clause the refusal
    names when the suite knows it, else under the deck-construction clause. The 12 vectors
    of ``features/dcg/setup.feature`` (7, and 5 since branch s26k) check deck construction
    itself: a refusal is their
    check, and this one fails them (a legal deck refused, an illegal one refused under
    another clause, a deck naming an unknown card refused as illegal, not invalid input, the
    legal decks on either shipped card set named by the set-up refused); since
    branch v26j two DCG vectors (DCG-6-1-1) send a malformed embedded card set, three since
    branch s26k (a card number listed twice), whose refusal is invalid input: refused as
    illegal (the restricted list) they fail too. So the run is FAIL, with every other vector
    inconclusive."""
    run = _verify(command("refuses_every_setup"), tmp_path, "--ruleset", "dcg",
                  "--games", "2")
    _assert_outcome(run, FAIL)
    failed = sorted((f["kind"], f["clause"]) for f in run.doc["failures"])
    assert failed == [("scenario", "CR4.2 Deck construction")] * 12 + \
        [("scenario", "DCG-6-1-1")] * 3, failed
    causes = [c["outcome"] for c in run.outcome["causes"]]
    assert causes[0] == FAIL and INCONCLUSIVE in causes
    items = run.doc["inconclusive"]
    v = run.outcome["vectors"]
    assert v["planned"] > 100 and v["not_run_reasons"] == {"setup-refused": v["planned"] - 15}
    assert {i["cause"] for i in items} == {"setup-refused"}
    assert {i["clause"] for i in items} == {"CR4.2 Deck construction"}
    assert any(i["part"] == "differential" for i in items)  # the random games' set-ups too
    # counted as refused set-ups, not as games a divergence stopped (console too)
    g = run.outcome["games"]
    assert (g["refused"], g["diverged"], g["completed"]) == (2, 0, 0), g
    assert "0 stopped by a divergence, 0 stopped by an engine error, 2 refused set-up" \
        in run.out
    assert all(f.get("clause") not in (None, "?")
               for f in run.doc["differential"].get("findings") or [])
    assert run.doc["clauses"]["CR4.2 Deck construction"]["status"] != "pass"
    run.everywhere("CR4.2 Deck construction")
    run.everywhere(RESTRICTED["dcg"])  # what the engine said
    assert "?" not in {i.get("clause") for i in items}


def test_an_engine_that_refuses_every_digibattle_setup_fails_only_the_deck_vectors(
        tmp_path: Path) -> None:
    """The Digi-Battle vectors that check a deck is accepted (DB-A.0, DB-A.5) fail on a
    refusal: that is their check (also the loaded position of branch v26h whose 30 cards
    include a full hand as dealt, DB-A.0 and DB-A.2). Every other one is inconclusive, filed
    under DB-A.0."""
    run = _verify(command("refuses_every_setup"), tmp_path, "--clause", "DB-A",
                  "--games", "0")
    _assert_outcome(run, FAIL)
    failed = {f["clause"] for f in run.doc["failures"]}
    assert failed and failed <= {"DB-A.0", "DB-A.1", "DB-A.2", "DB-A.5"}, failed
    assert all(f["kind"] == "scenario" for f in run.doc["failures"])
    items = run.doc["inconclusive"]
    assert items and {(i["cause"], i["clause"]) for i in items} == {("setup-refused",
                                                                       "DB-A.0")}
    causes = [c["outcome"] for c in run.outcome["causes"]]
    assert causes[0] == FAIL and INCONCLUSIVE in causes
    run.everywhere("DB-A.0")


def test_an_engine_that_strands_the_verifiers_random_player_never_passes(
        tmp_path: Path) -> None:
    """Issue 24: the verifier's own random player raised on a state taken over from the
    engine, the error was swallowed and the run said PASS. The engine's ``new_game`` state
    (player 0's deck moved Offline) fails the set-up vector under DB-A.1; no random game can
    be played to its end, and each one is accounted for: stopped by the divergence, or by the
    verifier's error (then an inconclusive item with the exception), or not played."""
    run = _verify(command("strands_the_player"), tmp_path, "--scenario",
                  "setup::I choose Agumon as my Rookie", "--games", "3")
    _assert_outcome(run, FAIL)
    assert [f["clause"] for f in run.doc["failures"] if f["kind"] == "scenario"] == ["DB-A.1"]
    g = run.outcome["games"]
    assert g["planned"] == 3 and g["completed"] == 0
    errors = [i for i in run.doc["inconclusive"] if i["cause"] == "verifier-error"]
    if g["errored"] or g["not_played"]:
        # (before per-game isolation, the random player's error ended every game: a note
        # "differential run stopped: ..." that must be an inconclusive item, not silence)
        assert errors, run.doc["notes"]
        assert any(re.search(r"(Index|Value|Type)Error", i["message"]) for i in errors)
        run.everywhere(errors[0]["message"][:50])
    else:
        assert g["diverged"] == 3  # each game ended at its divergence, as diverged


def test_a_dcg_engine_whose_set_up_never_finishes_after_a_mulligan_fails(
        tmp_path: Path) -> None:
    """Issue 24: a mutant whose second player's mulligan never finishes set-up got PASS, exit
    0 (the verifier's random player raised on the adopted state, the error swallowed). Now
    the games it diverges in are counted as such, the finding is on the console and in
    every report, and no game is lost to an error of the verifier. The finding names the
    rule the engine breaks, CR4.2 Game setup (the set-up's end begins turn 1), not a rule of
    the first turn the oracle played on into at the same step (DCG-6-3-1-1's skipped draw)."""
    run = _verify(command("mulligan_never_finishes"), tmp_path, "--ruleset", "dcg",
                  "--scenario", "-", "--games", "6")
    _assert_outcome(run, FAIL)
    g = run.outcome["games"]
    assert g["diverged"] >= 1 and g["errored"] == 0 and g["not_played"] == 0, g
    [finding] = run.doc["differential"]["findings"]
    assert finding["clause"] == "CR4.2 Game setup" and finding["count"] == g["diverged"]
    assert not [i for i in run.doc["inconclusive"] if i["cause"] == "verifier-error"]
    run.everywhere("random-game findings: 1 (CR4.2 Game setup)")


def test_an_engine_that_dies_after_the_handshake_fails_and_says_what_did_not_run(
        tmp_path: Path) -> None:
    run = _verify(command("dies_after_handshake"), tmp_path, "--games", "2")
    _assert_outcome(run, FAIL)
    assert run.doc["implementation_errors"]["codes"].get("exited"), run.doc["implementation_errors"]
    assert run.doc["implementation_errors"]["gave_up"]
    v = run.outcome["vectors"]
    # (an engine that exits breaks no rule: engine errors, filed under no clause)
    assert v["completed"] == 0 and v["engine_errors"] >= 1 and v["failed"] == 0
    assert v["not_run_reasons"] == {"not-run": v["not_run"]} and v["not_run"] > 100
    assert run.outcome["games"]["not_played"] == 2
    causes = {(c["outcome"], c["cause"]) for c in run.outcome["causes"]}
    assert {(FAIL, "implementation"), (INCONCLUSIVE, "not-run"),
            (INCONCLUSIVE, "games-not-played")} <= causes, causes
    assert all(f["clause"] is None for f in run.doc["failures"]), run.doc["failures"]
    run.everywhere("exited")
    run.everywhere("the implementation was given up on")


def test_an_engine_that_crashes_now_and_then_fails_without_blaming_a_rule(
        tmp_path: Path) -> None:
    """The newcomer review's ``crash`` engine (exits on 1 % of actions), made deterministic:
    the oracle exiting on every 40th action of each process. FAIL (the engine broke the
    protocol), but every answer it gave is right: no rule clause is blamed anywhere, the
    crashed vectors and games are counted as engine errors alike in every format, and the
    console says the engine failed."""
    run = _verify(command("crashes_now_and_then"), tmp_path, "--clause", "DB-C.8",
                  "--games", "3")
    _assert_outcome(run, FAIL)
    v, g, doc = run.outcome["vectors"], run.outcome["games"], run.doc
    assert v["engine_errors"] >= 1 and v["failed"] == 0 and v["completed"] >= 1, v
    assert g["engine_errors"] >= 1 and g["diverged"] == 0, g
    assert doc["implementation_errors"]["codes"].get("exited"), doc["implementation_errors"]
    # no rule clause blamed: no failure, finding or clause names one
    assert doc["failures"] and all(f["clause"] is None and f["kind"] == "implementation"
                                   for f in doc["failures"]), doc["failures"]
    assert all(f["clause"] is None for f in doc["differential"]["findings"])
    assert not [c for c, r in doc["clauses"].items() if r["status"] == "fail"]
    crashed = [c for c in doc["cases"] if c["part"] == "scenarios" and c["status"] == "error"]
    assert len(crashed) == v["engine_errors"] and all(
        c["clause"] is None and c.get("error_type") == "engine" for c in crashed), crashed
    assert [c["cause"] for c in run.outcome["causes"]] == ["implementation"], \
        run.outcome["causes"]
    # the console and the Markdown say the engine failed, with no rule in brackets
    lines = [x for x in run.out.splitlines() if x.startswith("FAIL [")]
    assert lines and all(x.startswith("FAIL [engine] ") for x in lines), lines
    assert "the engine failed" in run.out and "[?]" not in run.out
    assert re.search(r"^- \*\*engine\*\* ", run.md, re.M) and "**?**" not in run.md
    assert f"{g['engine_errors']} stopped by an engine error" in run.out
    # JUnit: each crashed vector an error of type "engine", no failure but the run's outcome
    suite = re.search(r'<testsuite name="scenarios"[^>]*>', run.junit)
    assert suite and f'errors="{v["engine_errors"]}"' in suite.group() and \
        'failures="0"' in suite.group(), suite
    assert run.junit.count('type="engine"') == v["engine_errors"]
    run.everywhere("engine errors")


def test_an_engine_that_answers_everything_with_empty_answers_fails(tmp_path: Path) -> None:
    run = _verify(command("empty_answers"), tmp_path, "--clause", "DB-C.8", "--games", "2")
    _assert_outcome(run, FAIL)
    scenario = [f for f in run.doc["failures"] if f["kind"] == "scenario"]
    assert scenario and all(f["code"] == "state-schema-invalid" and f["clause"]
                            for f in scenario)
    assert run.outcome["vectors"]["completed"] == 0
    assert run.outcome["games"]["completed"] == 0
    run.everywhere("state-schema-invalid")


def test_an_engine_that_stops_mid_vector_fails_and_says_what_did_not_run(
        tmp_path: Path) -> None:
    # (--timeout 3: on a loaded machine the engine's start alone can take more than 1 s)
    run = _verify(command("stops_mid_vector"), tmp_path, "--timeout", "3", "--games", "2")
    _assert_outcome(run, FAIL)
    errors = run.doc["implementation_errors"]
    assert errors["timeouts"] == 3 and errors["gave_up"] == "3 timeouts", errors
    timed_out = [f for f in run.doc["failures"] if f.get("code") == "timeout"]
    assert timed_out and all(f["step"] >= 1 for f in timed_out)  # in the middle of a vector
    assert run.outcome["vectors"]["not_run"] > 100
    run.everywhere("timeout")


# ---------------------------------------------------------------------------------------------
# The verifier's own errors


def _write_all(report: Report, tmp: Path) -> tuple[dict[str, Any], str, str, str]:
    from digiconform.verifier.html import write as write_html
    from digiconform.verifier.report import document, markdown, write_json, write_junit

    write_json(report, tmp / "r.json")
    write_junit(report, tmp / "r.xml")
    write_html(document(report), tmp / "r.html")
    return (json.loads((tmp / "r.json").read_text()), (tmp / "r.xml").read_text(),
            markdown(report), (tmp / "r.html").read_text())


def test_an_error_of_the_verifier_inside_one_vector_is_inconclusive_with_its_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import digiconform.vectors
    from digiconform.verifier.report import terminal
    from digiconform.verifier.runner import Options, verify

    broken = "scoring::A tie in the first Duel: no points, Digimon stay, the coin-toss " \
             "winner goes first"
    fine = "setup::I choose Agumon as my Rookie"
    real = digiconform.vectors.run_vector

    def planted_verifier_bug(driver: Any, vector: Any, **kw: Any) -> Any:
        if vector["id"] == broken:
            raise RuntimeError("planted verifier bug")
        return real(driver, vector, **kw)

    monkeypatch.setattr(digiconform.vectors, "run_vector", planted_verifier_bug)
    report = verify(Options(SERVE, scenarios=(broken, fine), games=0, trace_dir=tmp_path))
    assert report.outcome == INCONCLUSIVE and report.exit_code == 3
    assert report.counts["passed"] == 1 and not report.failures
    (item,) = report.inconclusive
    assert item["id"] == broken and item["cause"] == "verifier-error"
    assert "planted_verifier_bug" in item["traceback"] and "planted verifier bug" in \
        item["traceback"]
    assert report.vector_counts()["not_run_reasons"] == {"verifier-error": 1}
    doc, junit, md, html = _write_all(report, tmp_path)
    assert doc["outcome"]["result"] == INCONCLUSIVE
    assert "planted_verifier_bug" in doc["inconclusive"][0]["traceback"]
    for text in (junit, md, html, terminal(report)):
        assert "planted verifier bug" in text and "INCONCLUSIVE" in text
    for text in (junit, md, html):
        assert "planted_verifier_bug" in text  # the traceback itself


def test_an_error_of_the_verifier_inside_a_random_game_is_inconclusive(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The verifier's oracle, stepped at every action of a game, raises once, in the first
    game (the engine is a separate process: only the verifier's side is broken)."""
    from digiconform.verifier.report import terminal
    from digiconform.verifier.runner import Options, verify
    from oracle.driver import OracleDriver

    real = OracleDriver.step
    calls = [0]

    def planted_game_bug(self: Any, *a: Any, **kw: Any) -> Any:
        calls[0] += 1
        if calls[0] == 30:
            raise RuntimeError("planted verifier bug in a game")
        return real(self, *a, **kw)

    monkeypatch.setattr(OracleDriver, "step", planted_game_bug)
    report = verify(Options(SERVE, scenarios=("no such scenario",), games=3, seed=1,
                            trace_dir=tmp_path, shrink_seconds=0))
    assert calls[0] >= 30
    assert report.outcome == INCONCLUSIVE and report.exit_code == 3, report.causes()
    assert not report.failures
    errors = [i for i in report.inconclusive if i["cause"] == "verifier-error"]
    assert errors and any("planted verifier bug in a game" in i["message"] for i in errors)
    g = report.games
    assert g["completed"] < 3 and g["planned"] == 3
    if g["errored"]:  # the game was isolated: its traceback is in the report
        assert g["errored"] == 1 and g["completed"] == 2
        assert any("planted_game_bug" in i.get("traceback", "") for i in errors)
    else:  # every game ended with it: the note of the differential, never silently
        assert g["not_played"] >= 1
    doc, junit, md, html = _write_all(report, tmp_path)
    assert doc["outcome"]["result"] == INCONCLUSIVE
    for text in (junit, md, html, terminal(report)):
        assert "planted verifier bug in a game" in text and "INCONCLUSIVE" in text


def test_a_stop_while_the_findings_are_shrunk_keeps_them_and_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C (or the deadline) while the random games' findings are being shrunk: the run
    is partial, but the divergences already found are reported, unshrunk, and the outcome is
    FAIL, not INCONCLUSIVE ("FAIL (exit 1) when a failure was shown before the stop")."""
    import miniatures

    from digiconform.verifier import differential
    from digiconform.verifier.runner import Options, verify
    from digiconform.verifier.stopping import RunStopped

    def stopped_while_shrinking(*a: Any, **kw: Any) -> Any:
        raise RunStopped("SIGINT")

    monkeypatch.setattr(differential, "shrink", stopped_while_shrinking)
    report = verify(Options(miniatures.command("game_ends_at_999"),
                            scenarios=("no such scenario",), games=6, seed=0,
                            trace_dir=tmp_path, shrink_seconds=30))
    assert report.stopped == "SIGINT"
    assert report.outcome == FAIL and report.exit_code == 1, report.causes()
    findings = report.differential["findings"]
    assert findings and findings[0]["clause"] == "DB-C.9", findings
    assert any(f.kind == "differential" and f.clause == "DB-C.9" for f in report.failures)


def test_a_reading_the_register_does_not_know_is_the_engines_fault(tmp_path: Path) -> None:
    """``ready`` declaring a reading name no ambiguity has: a FAIL of the engine's ``ready``
    (not an error of the verifier, not a verdict "declares 'total'"); the run goes on under
    the default reading."""
    from digiconform.verifier.runner import Options, verify

    engine = tmp_path / "bad_ready.py"
    engine.write_text(
        "import json, subprocess, sys\n"
        "p = subprocess.Popen([sys.executable, '-m', 'digiconform', 'serve'],\n"
        "                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
        "for line in sys.stdin:\n"
        "    p.stdin.write(line); p.stdin.flush()\n"
        "    out = p.stdout.readline()\n"
        "    if json.loads(line).get('cmd') == 'start':\n"
        "        m = json.loads(out); m['readings'] = {'DB-AMB-6': 'total'}\n"
        "        out = json.dumps(m) + '\\n'\n"
        "    sys.stdout.write(out); sys.stdout.flush()\n", encoding="utf-8")
    report = verify(Options(f"{shlex.quote(sys.executable)} {shlex.quote(str(engine))}",
                            scenarios=("setup::I choose Agumon as my Rookie",), games=1,
                            trace_dir=tmp_path, shrink_seconds=0))
    assert report.outcome == FAIL, report.causes()
    assert any(f.code == "unknown-reading" and "'total'" in f.message
               for f in report.failures), [f.message for f in report.failures]
    assert not [i for i in report.inconclusive if i["cause"] == "verifier-error"]
    assert "total" not in (report.ambiguities["DB-AMB-6"].verdict or "")


def test_a_run_stopped_before_its_first_vector_says_what_it_planned() -> None:
    """A run stopped before anything ran (a Ctrl-C during the handshake, a deadline of
    nothing): the vectors selected and the games asked for are its plan, none of it ran, and
    the console's games line says how many were played."""
    from digiconform.verifier.report import counts_lines
    from digiconform.verifier.runner import Options, stopped_before_start

    report = stopped_before_start(Options(SERVE, games=7), "SIGINT")
    v = report.vector_counts()
    assert v["planned"] > 100 and v["not_run_reasons"] == {"stopped": v["planned"]}, v
    assert v["completed"] == 0 and v["unaccounted"] == 0
    assert report.games == {"planned": 7, "played": 0, "not_played": 7}
    vectors, games = counts_lines(report)
    assert vectors.startswith(f"{v['planned']} planned: 0 ran to the end") and \
        f"{v['planned']} not run ({v['planned']} stopped)" in vectors, vectors
    assert games == "7 planned: 0 played, 7 not played", games
    assert report.outcome == INCONCLUSIVE


# ---------------------------------------------------------------------------------------------
# The console's lists say when they are cut


def test_the_console_says_what_it_clipped_and_names_the_untested_ambiguities() -> None:
    """A value clipped on the console ends in an ellipsis, differing fields beyond the three
    shown are counted ("and N more"), and the ambiguities with no evidence are named."""
    from digiconform.verifier.report import ELLIPSIS, AmbiguityResult, clip, terminal

    assert clip("x" * 10, 10) == "x" * 10
    assert clip("x" * 11, 10) == "x" * (10 - len(ELLIPSIS)) + ELLIPSIS
    assert len(clip("y" * 500, 80)) == 80
    r = _report()
    diffs = [(f"$.players[0].f{i}", list(range(40)), list(range(40, 80))) for i in range(5)]
    r.failures.append(Failure("v::one", "scenario", "the state differs", "DB-C.8", ["DB-C.8"],
                              3, {"action": {"type": "pass", "cards": ["ST-01"] * 60}},
                              differences=diffs))
    for aid, verdict in (("DB-AMB-1", "follows 'online'"), ("DB-AMB-2", "untested"),
                         ("DB-AMB-3", "untested")):
        r.ambiguities[aid] = AmbiguityResult(aid, "?", "x", False, verdict=verdict)
    out = terminal(r)
    step = next(x for x in out.splitlines() if x.startswith("    at step 3: "))
    assert step.endswith(ELLIPSIS) and len(step) == len("    at step 3: ") + 160, step
    shown = [x for x in out.splitlines() if x.startswith("    $.players[0].f")]
    assert len(shown) == 3 and all(x.endswith(ELLIPSIS) for x in shown), shown
    assert "    ... and 2 more differing fields (see --report)" in out.splitlines()
    assert "  DB-AMB-1    follows 'online'" in out.splitlines()
    assert "  untested    2 ambiguities, no evidence either way: DB-AMB-2, DB-AMB-3" in \
        out.splitlines(), out


def test_an_answer_that_is_another_readings_played_on_by_forced_actions_counts_for_it(
        ) -> None:
    """Reading evidence from a vector whose engine moves on by itself (runner
    ``_moved_on_from``): at the step where "Score 300 when Digivolving" reaches the target
    (DB-AMB-7 'immediate' recorded: the game is over at 1100), an engine that checks the
    target only at a Duel's end plays the forced passes to the Duel's end by itself and is
    over there too, with the same winner but 1200 points and the Power Port cleared. Its
    answer is 'end-of-duel''s followed by those forced actions: evidence for 'end-of-duel',
    not for 'immediate' (whose fields -- the game over, the winner -- it happens to share).
    A wrong score alone, at the same step, is no such answer."""
    from digiconform.vectors import VectorResult, load_vectors
    from digiconform.verifier.runner import reading_evidence

    v = next(x for x in load_vectors(kind="scenario")
             if "its DIGIVICE committed at preparation" in x["id"]
             and x["id"].endswith('"immediate"'))
    i = len(v["steps"]) - 1
    offline = v["steps"][i]["expect"]["state"]["players"][0]["offline"]
    moved_on = VectorResult(v["id"], "fail", "the state differs", i, differences=[
        ("$.players[0].offline", offline, sorted([*offline, "ST-61"])),
        ("$.players[0].power_port", ["ST-61"], []),
        ("$.players[0].score", 1100, 1200)])
    assert reading_evidence(v, moved_on, "DB-AMB-7", ["immediate"]) == {
        "immediate": False, "end-of-duel": True}
    wrong_score = VectorResult(v["id"], "fail", "the state differs", i,
                               differences=[("$.players[0].score", 1100, 1200)])
    assert reading_evidence(v, wrong_score, "DB-AMB-7", ["immediate"]) != {
        "immediate": False, "end-of-duel": True}
    # A configurable engine is told the reading to play: there the same answer is no
    # evidence for 'end-of-duel' (a fault of its own can look like another reading played on,
    # test_root_causes' loser_goes_first at a DB-AMB-24 vector).
    assert (reading_evidence(v, moved_on, "DB-AMB-7", ["immediate"], asked=True) or {}).get(
        "end-of-duel") is not True

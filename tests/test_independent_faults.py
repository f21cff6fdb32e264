"""Single faults planted in an engine the project did not derive from its oracle
(``examples/python``, patched by ``tests/independent_faults.py``), each run through the random
games as a newcomer would run it: one fault, one finding, under a clause the fault breaks
(issue 24). ``usereq`` is the case a newcomer review found wrong on 2026-12-07: the oracle,
having learnt DB-AMB-13 'no-effect' from an earlier game, played it in later ones and filed the
engine's correct refusal (as 'must-fulfil', the reading it was asked for) as a DB-C.2
refused-legal finding, beside a second finding of the same fault under DB-C.1."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.verifier.runner import Options, verify
from tests import independent_faults, independent_faults_dcg

#: engine -> the clauses a finding may name (the rule its fault breaks)
EXPECTED = {
    "usereq": ("DB-C.2",),
    "regroup11": ("DB-D.1",),
    "tiepoints": ("DB-C.8",),
    "targetgt": ("DB-C.9",),
    # the loser starts the next Duel: who starts it is DB-D.6's (the winner, DB-C.7), also
    # where the wrong starter, with nothing to Digivolve, passes by force and the first field
    # that differs is a ``passed`` flag (once filed under DB-B.5, the pass's rule)
    "firstloser": ("DB-D.6", "DB-C.7"),
    # an Online-to-Offline Use Requirement not paid: where the payment empties the Online
    # deck, or the Duel ends in the same step, the first card that lies elsewhere was moved
    # by the payment (its vectors were once filed under the clean-ups after it, DB-D.3 and
    # DB-C.6)
    "nomill": ("DB-C.2",),
    # the loser of a Duel keeps its Digimon: where the Duel's end comes by forced passes the
    # engine makes by itself, compared where it stands, not at the oracle's waiting point
    # (once also DB-B.5, and DB-B.3n where an Ultra Digivolve in the same step sent the hand
    # Offline)
    "loserkeeps": ("DB-C.6",),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_independent_engine_with_one_fault_gets_one_finding_under_its_clause(
        name: str, tmp_path: Path) -> None:
    independent_faults.build(tmp_path, [name])
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / name / 'adapter.py'))}"
    report = verify(Options(impl, games=20, scenarios=("-",), budget=None, shrink_seconds=10,
                            trace_dir=tmp_path / "traces"))
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in EXPECTED[name], found
    # (usereq refuses an unpaid Use Requirement as 'must-fulfil' asks: never a finding)
    assert found[0][1] != "refused-legal", found
    assert not report.ok


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_firstloser_gets_one_finding_at_other_seeds(seed: int, tmp_path: Path) -> None:
    """The loser starting the next Duel is one fault at any seed (a newcomer review,
    2026-12-07, at 30 games): at seed 3 a wrong starter who passed by force looked like
    DB-AMB-24 'run-out' in a game too short to confirm it (once a DB-C.3 finding); at seeds 1,
    2 and 5 games played while the oracle held DB-AMB-19 'coin-toss', learnt from an earlier
    game and retracted when the run was weighed, were judged under it (once DB-B.5, DB-C.1
    or DB-C.3 findings beside DB-D.6)."""
    independent_faults.build(tmp_path, ["firstloser"])
    impl = (f"{shlex.quote(sys.executable)} "
            f"{shlex.quote(str(tmp_path / 'firstloser' / 'adapter.py'))}")
    report = verify(Options(impl, games=30, seed=seed, scenarios=("-",), budget=None,
                            shrink_seconds=5, trace_dir=tmp_path / "traces"))
    found = [(f["clause"], f["field"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in EXPECTED["firstloser"], found
    assert not report.ok


def _one_finding(name: str, seed: int, tmp_path: Path) -> list[dict[str, Any]]:
    """The findings of ``name``'s 30 random games at ``seed`` (as a newcomer runs them, with
    no vectors), each checked to be the one finding of its fault."""
    independent_faults.build(tmp_path, [name])
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / name / 'adapter.py'))}"
    report = verify(Options(impl, games=30, seed=seed, scenarios=("-",), budget=None,
                            shrink_seconds=5, trace_dir=tmp_path / "traces"))
    found = report.differential["findings"]
    assert [f["clause"] for f in found] in ([c] for c in EXPECTED[name]), \
        [(f["clause"], f["field"], f["count"], f["length"]) for f in found]
    assert not report.ok and report.outcome == "FAIL"
    return found


def test_usereq_gets_one_finding_at_seed_7(tmp_path: Path) -> None:
    """A Use Requirement never checked is one fault at seed 7 (a newcomer review, 2026-12-07:
    ten findings, DB-C.2 x8, DB-B.3n and DB-C.1). The oracle learnt DB-AMB-13 'no-effect'
    from the first game and played the later games under it; the run then took it back,
    but the roots of those games kept the evidence seen under it (a Duel played on with an
    Option 'no-effect' lets be played, a trace holding the override, one that did not
    reproduce). The games played under a reading taken back are played again without it
    (differential._taken_back): what is left is DB-C.2, with no reading other than the one
    asked for, replayable."""
    found = _one_finding("usereq", 7, tmp_path)
    f = found[0]
    assert f["overrides"] == {} and f["reproducible"], f
    assert f["length"] <= 60, f["length"]


@pytest.mark.parametrize("seed", [3, 7])
def test_loserkeeps_gets_one_short_finding_at_other_seeds(seed: int, tmp_path: Path) -> None:
    """The loser of a Duel keeping its Digimon is one DB-C.6 finding with a short
    counterexample at any seed (a newcomer review, 2026-12-07: 2 to 5 findings a seed, and a
    counterexample 286 actions long)."""
    found = _one_finding("loserkeeps", seed, tmp_path)
    assert found[0]["length"] <= 60 and found[0]["reproducible"], found[0]


def test_an_engine_that_plays_another_db_amb_7_reading_than_it_declares_is_shown_so(
        tmp_path: Path) -> None:
    """``endcheck`` declares DB-AMB-7 'immediate' (by default) and checks the target only at
    a Duel's end. The one vector that decides DB-AMB-7 (a "Score 300 when Digivolving" Mega
    reached in the middle of a Duel) played its DIGIVICE from the hand, DB-AMB-9
    'on-reveal', which this engine (like examples/python) does not follow: the run said PASS
    with DB-AMB-7 "untested" (a newcomer review, 2026-12-07). The same Digivolve with the
    DIGIVICE committed at preparation decides it for such an engine."""
    independent_faults.build(tmp_path, ["endcheck"])
    impl = (f"{shlex.quote(sys.executable)} "
            f"{shlex.quote(str(tmp_path / 'endcheck' / 'adapter.py'))}")
    report = verify(Options(impl, games=0, clauses=("DB-C.9",)))
    res = report.ambiguities["DB-AMB-7"]
    assert res.follows == ["end-of-duel"], res.verdict
    assert "declares 'immediate'" in res.verdict and "behaves as 'end-of-duel'" in res.verdict
    assert not report.ok and report.outcome == "FAIL"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_failing_vector_of_an_independent_fault_names_its_clause(
        name: str, tmp_path: Path) -> None:
    """The scenario vectors each fault fails (or whose prelude it breaks) are filed under a
    clause the fault breaks, never under the rule of a clean-up that follows from it."""
    independent_faults.build(tmp_path, [name])
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / name / 'adapter.py'))}"
    report = verify(Options(impl, games=0))
    failed = [(c["clause"], c["id"]) for c in report.cases
              if c.get("part") == "scenarios" and c.get("status") == "fail"]
    failed += [(n["clause"], n["id"]) for n in report.not_reached]
    assert failed and not report.ok
    assert [f for f in failed if f[0] not in EXPECTED[name]] == [], name


# ---------------------------------------------------------------------------------------------
# DCG: single faults planted in examples/dcg (tests/independent_faults_dcg.py), run as a
# newcomer runs the random games: `verify --ruleset dcg --impl "python adapter.py --cards
# $(digiconform data path card-set dcg-real)" --scenario - --deck red-memory --deck blue-tempo`
# (the engine plays the real decks only with the dcg-real card list).

#: engine -> the clauses a finding may name (the rule its fault breaks)
EXPECTED_DCG = {
    "drawturn1": ("DCG-6-3-1-1",),
    "pass2": ("DCG-6-5-1-7",),
    "turnend2": ("DCG-6-1-4-1",),
    "nounsuspend": ("DCG-6-2-1",),
    "battletie": ("CR4.2 Battles",),
    "sickness": ("DCG-6-5-1-5",),
    "security4": ("CR4.2 Game setup",),
    "digicost": ("DCG-6-5-1-2",),
    "secnotrash": ("CR4.2 Security checks",),
    # the gain past 9 lost: the gauge's limit (a gain of 1 from 9 looks like the gain left
    # out, a gain from 8 like no single event left out; the limit explains every root of
    # the run: differential.cover_gauge_roots)
    "memcap9": ("CR4.2 Memory",),
    # where the oracle holds at end of turn for two delayed effects' order and the engine
    # already began the next turn: the decision the oracle waits for (differential.waited_clause)
    "nodelayed": ("CR4.2 Pending processing",),
    "startcond": ("CR4.2 Triggered effects",),
    # "starting with the first player" is the mulligan's rule (oracle/dcg/setup.py
    # mulligan_decision; docs/rules/DCG-CONTEXT.md 1.3, step 4), not the set-up step (the
    # first player chosen) that led to it
    "mulliganorder": ("CR4.2 Mulligan",),
    # a Digimon played for nothing: where the oracle's payment ended the turn and the engine
    # stayed in it, the turn's end follows from the gauge the payment moved (the engine's
    # memory is not where the oracle's stood when it began to end the turn), not from the
    # end of turn's rule (once DCG-6-6-1, $.turn: the end_of_turn event ranked first)
    "playfree": ("DCG-6-5-1-1",),
    # the next turn begun at 3 where the gauge stood higher: from one step alike with a cost
    # paid short; the same card's cost paid right earlier in the run (a matched step) leaves
    # only the turn's end, which explains every root (differential.cover_gauge_roots)
    "turnmem3": ("DCG-6-6-3",),
    # the third newcomer review's (docs/NEWCOMER3.md), right since branch i24j
    "attacknosuspend": ("DCG-6-5-1-5",),
    "unsuspendboth": ("DCG-6-2-1",),
    "secbottom": ("CR4.2 Security checks",),
}

#: Wrong verdicts of the newcomer review of 2026-12-07 (each engine's entry in
#: tests/independent_faults_dcg.py says what the run gives instead and why): strict xfail, so
#: a fix of the verifier shows here as XPASS and the engine moves to EXPECTED_DCG.
WRONG_DCG: dict[str, tuple[str, ...]] = {}


def _verify_dcg(name: str, tmp_path: Path, seed: int = 0) -> Any:
    from digiconform.options import newest_format_date, random_game_decks
    from digiconform.verifier.games import drawing_decks
    from oracle.resources import data_dir

    independent_faults_dcg.build(tmp_path, [name])
    cards = data_dir() / "dcg" / "cards.json"
    impl = " ".join(shlex.quote(str(x)) for x in (
        sys.executable, tmp_path / name / "adapter.py", "--cards", cards))
    date = newest_format_date()
    decks = random_game_decks("dcg", ["red-memory", "blue-tempo"], [], date)
    with drawing_decks("dcg", decks):
        return verify(Options(impl, "dcg", games=20, seed=seed, scenarios=("-",),
                              budget=None, shrink_seconds=3, trace_dir=tmp_path / "traces",
                              format_date=date))


@pytest.mark.parametrize("name", [
    *sorted(EXPECTED_DCG),
    *(pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="wrong verdict, "
                                              "tests/independent_faults_dcg.py"))
      for n in sorted(WRONG_DCG))])
def test_an_independent_dcg_engine_with_one_fault_gets_one_finding_under_its_clause(
        name: str, tmp_path: Path) -> None:
    report = _verify_dcg(name, tmp_path)
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in {**EXPECTED_DCG, **WRONG_DCG}[name], found
    assert not report.ok and report.outcome == "FAIL"


@pytest.mark.parametrize(("name", "seed"), [("playfree", 3), ("playfree", 7),
                                          ("turnmem3", 3), ("turnmem3", 7)])
def test_a_dcg_gauge_fault_gets_one_finding_at_other_seeds(name: str, seed: int,
                                                           tmp_path: Path) -> None:
    """A cost left unpaid (playfree) and the next turn capped at 3 (turnmem3) are one finding
    each, under their clause, at other draws too."""
    report = _verify_dcg(name, tmp_path, seed)
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in EXPECTED_DCG[name], found
    assert not report.ok and report.outcome == "FAIL"


#: engine -> the clauses its failing vectors may name (no random game of 20 reaches the fault;
#: the vectors are run as `--skip examples/dcg/skip.txt --games 0`)
EXPECTED_DCG_VECTORS = {
    "deckout1": ("CR4.2 Victory conditions",),
    # the two vectors with Starlight Explosion ST1-14 (cost 2), which examples/dcg plays since
    # branch i24h: main_phase "Using an Option with a play cost pays it from my memory" and
    # starter_cards "Starlight Explosion's +7000 DP protects my security ..."
    "optionfree": ("DCG-6-5-1-3",),
}

#: engine -> the clause its failing vectors should name, where the run is known to PASS
#: instead (tests/independent_faults_dcg.py says why): strict xfail, so a vector the engine
#: can run that catches the fault shows here as XPASS and the engine moves to
#: EXPECTED_DCG_VECTORS.
WRONG_DCG_VECTORS: dict[str, tuple[str, ...]] = {}


@pytest.mark.parametrize("name", [
    *sorted(EXPECTED_DCG_VECTORS),
    *(pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="wrong verdict, "
                                              "tests/independent_faults_dcg.py"))
      for n in sorted(WRONG_DCG_VECTORS))])
def test_an_independent_dcg_engine_with_one_fault_fails_vectors_under_its_clause(
        name: str, tmp_path: Path) -> None:
    from digiconform.verifier.runner import parse_skip_file
    from oracle.resources import data_dir

    independent_faults_dcg.build(tmp_path, [name])
    skip = Path(__file__).resolve().parents[1] / "examples" / "dcg" / "skip.txt"
    impl = " ".join(shlex.quote(str(x)) for x in (
        sys.executable, tmp_path / name / "adapter.py", "--cards",
        data_dir() / "dcg" / "cards.json"))
    report = verify(Options(impl, "dcg", games=0, skips=parse_skip_file(skip.read_text()),
                            budget=None, trace_dir=tmp_path / "traces"))
    failed = [(f.id, f.clause) for f in report.failures]
    clauses = {**EXPECTED_DCG_VECTORS, **WRONG_DCG_VECTORS}[name]
    assert failed and all(c in clauses for _, c in failed), failed
    assert report.outcome == "FAIL"


def test_the_unmodified_dcg_engine_passes_the_same_run(tmp_path: Path) -> None:
    report = _verify_dcg("base", tmp_path)
    assert report.differential["findings"] == [] and report.ok


#: A false alarm on the unmodified examples/dcg (`--games 150`, seed 0, red-memory and
#: blue-tempo): at the end of a turn with two delayed effects waiting for their order
#: (DCG-AMB-3, phase "main"), the generic probe `do_nothing` is refused by the engine under
#: DCG-6-4-1 (a breeding action outside the Breeding phase, which it is) and by the oracle under
#: DCG-6-5-1 alone (oracle/dcg/engine.py `_check_turn`: the pending check raised before the
#: phase check, with no `also`), so the refusal differed (docs/PROTOCOL.md's refusal table lists
#: DCG-6-4-1 for `do_nothing`). Now the pending check names the phase check's clause too
#: (`_phase_clauses`, the refusal's `also`). The game's actions up to the probe:
FALSE_ALARM = Path(__file__).parent / "data" / "dcg-breeding-probe-at-end-of-turn.json"


def _engine_and_oracle_refusals() -> tuple[Any, Any]:
    import json
    import subprocess

    from digiconform.verifier.compare import refusal_difference
    from oracle.driver import OracleDriver
    from oracle.resources import data_dir

    doc = json.loads(FALSE_ALARM.read_text(encoding="utf-8"))
    *prelude, probe = doc["actions"]
    oracle = OracleDriver()
    oracle.new_game(doc["setup"])
    for a in prelude:
        assert oracle.apply(a).refusal is None, a
    expected = oracle.apply(probe).refusal
    assert expected is not None
    lines = [{"cmd": "start", "version": 1},
             {"cmd": "new_game", "seq": 0, "setup": doc["setup"]},
             *({"cmd": "action", "seq": i + 1, "action": a} for i, a in enumerate(doc["actions"])),
             {"cmd": "stop"}]
    adapter = Path(__file__).resolve().parents[1] / "examples" / "dcg" / "adapter.py"
    proc = subprocess.run([sys.executable, str(adapter), "--cards",
                           str(data_dir() / "dcg" / "cards.json")],
                          input="".join(json.dumps(x) + "\n" for x in lines),
                          capture_output=True, text=True, timeout=60, check=True)
    answers = [json.loads(x) for x in proc.stdout.splitlines()]
    assert all("state" in x for x in answers[1:-1]), answers[-2]
    actual = answers[-1]["refused"]
    return refusal_difference(expected.to_json(), actual, probe, "dcg"), actual


def test_a_breeding_probe_while_effects_wait_at_end_of_turn_is_no_finding() -> None:
    difference, actual = _engine_and_oracle_refusals()
    assert actual["clauses"] == ["DCG-6-4-1", "DCG-6-4-1-3"]  # rules do_nothing breaks here
    assert difference is None, difference

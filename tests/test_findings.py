"""Findings, not a first failure (issue 11): ``verify`` keeps playing after a divergence.

- An implementation with two independent faults, one of them a reading difference
  (``two_faults`` in ``tests/miniatures.py``: DB-AMB-6 behaved as ``not-final``, and the loser
  of a Duel going first in the next, DB-C.7), has both reported in one run, each as its own
  finding with its own clause and a shrunk counterexample saved as a trace that ``digiconform
  replay --impl`` reproduces.
- A crash in the middle of the random games is a finding, and the games go on, each on a fresh
  process.
- Grouping: divergences group by clause and first differing field.

Small settings (30 games with no time budget, so that the run does not depend on the
machine's load, and 16 s of shrinking) keep it inside the README's test time; the default run
uses 40 games and a 30 s budget.
"""

from __future__ import annotations

import sys
from pathlib import Path

from digiconform.verifier.differential import Divergence, finding_key, step_clause
from digiconform.verifier.impl_replay import replay_impl
from digiconform.verifier.runner import Options, verify
from oracle.trace import read_trace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402


def test_two_faults_are_both_reported_in_one_run(tmp_path: Path) -> None:
    name = "two_faults"
    # No time budget: the same 30 seeded games whatever the machine's load (a budget would
    # cut them short on a busy machine, and the rarer fault might not come up).
    # Shrinking with the planted-bug tests' patience (tests/test_verifier.py PLANTED_BUDGET).
    report = verify(Options(miniatures.command(name), scenarios=("-",), games=30, budget=None,
                            shrink_seconds=16, shrink_patience=1000, trace_dir=tmp_path))
    assert not report.ok
    found = report.differential["findings"]
    by_clause = {f["clause"]: f for f in found}
    assert set(miniatures.TWO_FAULTS[name]) <= set(by_clause), [
        (f["clause"], f["field"]) for f in found]
    reading = by_clause["DB-C.3"]
    assert reading["field"] == "reading:DB-AMB-6=not-final" and reading["explanation"]
    rule = by_clause["DB-C.7"]
    assert rule["field"] == "$.first_player" and rule["explanation"] is None
    for clause in miniatures.TWO_FAULTS[name]:
        f = by_clause[clause]
        assert f["reproducible"] and f["trace"], f
        assert f["length"] <= 30 and f["length"] <= f["first_length"]
        failure = next(x for x in report.failures if x.trace == f["trace"])
        assert failure.clause == clause and "--impl" in (failure.replay or "")
        trace = read_trace(Path(f["trace"]))
        assert trace["meta"]["divergence"]["clause"] == clause
        div, _ = replay_impl(trace, miniatures.command(name))
        assert div is not None and div.clause == clause
    # The compliance table names both clauses as failing.
    assert report.clauses["DB-C.3"].failed and report.clauses["DB-C.7"].failed
    # No vector ran, so only the random games decide DB-AMB-6's verdict (F13): the engine
    # honours the readings it is asked for (capability "variants") except this one, where it
    # plays 'not-final' whatever the setup asks.
    amb = report.ambiguities["DB-AMB-6"]
    assert amb.random_games.get("not-final", 0) >= 1 and set(amb.random_games) == {"not-final"}
    assert amb.follows == ["not-final"] and "plays 'not-final'" in amb.verdict, amb.verdict
    doc = report.to_json()["ambiguities"]["DB-AMB-6"]
    assert doc["follows"] == ["not-final"] and doc["random_games"] == amb.random_games
    assert not report.ambiguities["DB-AMB-1"].random_games
    print(f"\ntwo faults: {[(f['clause'], f['field'], f['count'], f['length']) for f in found]}"
          f", {report.differential['games']} games, {report.seconds:.1f} s")


def test_a_crash_is_a_finding_and_the_games_go_on(tmp_path: Path) -> None:
    report = verify(Options(miniatures.command("crashes_in_duel_3"), scenarios=("-",),
                            games=6, budget=None, shrink_seconds=0, trace_dir=tmp_path))
    found = report.differential["findings"]
    crash = [f for f in found if f["field"] == "errored:exited"]
    assert crash and crash[0]["count"] >= 2, found
    assert report.differential["games"] == 6
    # Each crash ends its game and the next game starts a fresh process (a crash in the last
    # game leaves no next game to restart for).
    assert report.implementation_errors["restarts"] >= crash[0]["count"] - 1
    assert not report.implementation_errors["gave_up"]
    # Only the crash: no rules finding comes out of a process that was restarted.
    assert all(f["kind"] == "errored" for f in found), found


def test_findings_group_by_clause_and_first_field() -> None:
    def div(clause: str | None, path: str, kind: str = "state") -> Divergence:
        d = Divergence(kind, 0, {}, [{}], "m", differences=[(path, 1, 2)])
        d.clause = clause
        return d

    a = finding_key(div("DB-C.8", "$.players[0].score"))
    b = finding_key(div("DB-C.8", "$.players[1].score"))
    c = finding_key(div("DB-C.7", "$.players[1].score"))
    assert a == b == ("DB-C.8", "$.players[].score") and c != a
    assert finding_key(div("DB-A.1", "$", "refusal")) == ("DB-A.1", "refusal")


def test_a_failing_vector_is_filed_under_the_clause_of_its_failing_step(tmp_path: Path) -> None:
    """One wrong rule fails one clause of the compliance table, not every tag of the
    scenarios it shows up in: the tie rule (DB-C.8) and unsuspending after a start-of-turn
    end (DCG-6-2-1-2)."""
    for name, ruleset, clause in (("tie_scores_points", "digibattle", "DB-C.8"),
                                  ("dcg_unsuspends_before_ending", "dcg", "DCG-6-2-1-2")):
        report = verify(Options(miniatures.command(name), ruleset=ruleset, games=0,
                                trace_dir=tmp_path))
        vectors = [f for f in report.failures if f.kind == "scenario"]
        assert len(vectors) >= 3, (name, [f.id for f in report.failures])
        assert {f.clause for f in vectors} == {clause}, (name, [(f.id, f.clause)
                                                                for f in vectors])
        # Those scenarios carry other tags too; none of them is failed for it.
        assert len({c for f in vectors for c in f.clauses}) > 1
        failing = sorted(c for c, r in report.clauses.items() if r.failed)
        assert failing == [clause], (name, failing)


def test_an_engine_that_moves_on_is_compared_where_it_stands(tmp_path: Path) -> None:
    """An engine with no waiting points (it passes by itself where only ``pass`` is legal,
    as both examples do) ends a Duel by itself after the last real move. With a wrong SCORE
    column its state then differs from the oracle's before the forced passes in every field
    of the Duel's end, and each failing vector was filed under the rule of that last move
    (DB-B.2, DB-B.3n, DB-C.1, DB-D.4 ...: 9 clauses failed). Compared where the engine
    stands, after the oracle's forced passes, only the score differs: DB-C.5, the rule of
    those passes' scoring event. A loser going first likewise is DB-D.6 (who starts the new
    Duel), not DB-D.5 of the Regroup preparation that ended the Duel before it."""
    for name, allowed in (("db_moves_on_scores_own_level", {"DB-C.5"}),
                          ("db_moves_on_loser_first", {"DB-C.7", "DB-D.6", "DB-C.1"})):
        report = verify(Options(miniatures.command(name), games=0, trace_dir=tmp_path))
        vectors = [f for f in report.failures if f.kind == "scenario"]
        assert len(vectors) >= 3, (name, [f.id for f in report.failures])
        assert {f.clause for f in vectors} <= allowed, (name, [(f.id, f.clause)
                                                               for f in vectors])
        failing = {c for c, r in report.clauses.items() if r.failed}
        assert failing <= allowed, (name, failing)


def test_a_game_won_on_a_wrong_score_is_the_scoring_rule() -> None:
    """A game the engine ends (or goes on with) only because its score differs is the
    scoring rule's fault (DB-C.5), not DB-C.9's; with the scores equal, a game's end no
    oracle event makes is DB-C.9's."""
    scored = [{"type": "points_scored", "clause": "DB-C.5", "player": 1, "points": 50}]
    won_early = [("$.phase", "regroup", "game_over"), ("$.players[1].score", 250, 300),
                 ("$.winner", None, 1)]
    assert step_clause("digibattle", "state", scored, won_early) == "DB-C.5"
    assert step_clause("digibattle", "state", scored,
                       [d for d in won_early if "score" not in d[0]]) == "DB-C.9"
    won = scored + [{"type": "game_won", "clause": "DB-C.9", "player": 1}]
    not_won = [("$.phase", "game_over", "regroup"), ("$.players[1].score", 300, 250),
               ("$.winner", 1, None)]
    assert step_clause("digibattle", "state", won, not_won) == "DB-C.5"
    assert step_clause("digibattle", "state", won,
                       [d for d in not_won if "score" not in d[0]]) == "DB-C.9"


def test_two_recycles_due_at_once_may_be_taken_in_either_order(tmp_path: Path) -> None:
    """Nanimon empties one Online deck and Blitz the other at the same Duel's end: the
    oracle asks for the two recycle shuffles in the order the decks reached zero, an engine
    may ask seat 0's first (both example engines do); no rule orders them (DB-D.3), so the
    vector passes either way. It failed with "refused (... seat 0's cards are due ...);
    expected it accepted"."""
    vid = ("exhaustion::Nanimon takes my opponent's last Online card while Blitz takes my "
           "last three")
    report = verify(Options(miniatures.command("recycles_in_seat_order"), scenarios=(vid,),
                            games=0, trace_dir=tmp_path))
    assert report.counts["passed"] == 1, [(f.id, f.message) for f in report.failures]
    assert report.ok


def test_a_refusal_for_a_reason_of_its_own_is_not_explained_by_another_reading(
        tmp_path: Path) -> None:
    """``refuses_tribute`` refuses every tribute Digivolve citing DB-B.7. Some of those the
    oracle under DB-AMB-1 ``hand`` refuses too, for another rule; a reading explains a
    refusal only when it refuses the action for a rule the implementation's refusal names,
    so the finding is the refused legal action, not "behaves as DB-AMB-1 = 'hand'" (nor the
    oracle switching readings after it)."""
    report = verify(Options(miniatures.command("refuses_tribute"), scenarios=("-",),
                            games=10, shrink_seconds=1, trace_dir=tmp_path))
    fields = [(f["clause"], f["field"]) for f in report.differential["findings"]]
    assert ("DB-B.2", "refused-legal") in fields, fields
    assert not [f for f in fields if f[1].startswith("reading:")], fields


def test_every_dcg_event_type_has_its_fields() -> None:
    """Every event type the DCG oracle emits (``w.emit("<type>", ...)`` in ``oracle/dcg``)
    has a row in the verifier's event -> fields table, so that a field it changes is filed
    under its clause (a choice, a duration, a block, a security check ...)."""
    import re
    from pathlib import Path

    from digiconform.verifier.games import _DCG_EVENT_FIELDS

    root = Path(__file__).resolve().parent.parent / "oracle" / "dcg"
    emitted = {m for p in root.glob("*.py")
               for m in re.findall(r'\.emit\(\s*"([a-z_]+)"', p.read_text())}
    assert len(emitted) > 30, emitted
    assert emitted - {name for name, _ in _DCG_EVENT_FIELDS} == set()


def test_a_players_field_is_named_by_an_event_of_that_player() -> None:
    """Seat 0's hand differs at a step where seat 1 played a card (a hand changed too) and
    seat 0 drew: the draw's rule, not the play's (a skipped DCG draw was once filed under
    DCG-6-5-1-1); a field outside the players by any event."""
    events = [{"type": "played", "clause": "DCG-6-5-1-1", "player": 1},
              {"type": "drew", "clause": "DCG-6-3-1", "player": 0}]
    diffs = [("$.players[0].hand", ["a", "b"], ["a"])]
    assert step_clause("dcg", "state", events, diffs) == "DCG-6-3-1"
    theirs = [("$.players[1].hand", ["a", "b"], ["a"])]
    assert step_clause("dcg", "state", events, theirs) == "DCG-6-5-1-1"

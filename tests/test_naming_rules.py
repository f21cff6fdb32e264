"""Issue 24: the naming rules for faults that show in a step whose action belongs to another
rule (docs/PROTOCOL.md "Which clause a failure is filed under"), each pinned on a planted
fault of the project's own (``tests/miniatures.py`` ``PLANTED_NAMING``), never on the held-out
engines of docs/NEWCOMER5.md:

- who makes the first decision of a phase the step entered (``GameHooks.opens``: the
  Digivolve phase's reveal, DB-B.2), not the rule of the action that led there (the coin
  toss, DB-B.1; a new Duel, DB-D.6);
- the acting player kept on the move where the oracle hands it over: the rule of the action
  that takes turns (DB-C.1, players alternate), not the decision the oracle waits for;
- a phase the oracle entered and the engine skipped: that phase's rule (``GameHooks.phases``,
  DCG-6-4-1), not the rule of the cost that ended the turn before it;
- an effect triggered at a time its timing does not name: CR4.2 Triggered effects
  (``GameHooks.mistimed``), not the rule of the step's action or of the gauge it moved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from digiconform.verifier import differential as D
from digiconform.verifier.compare import state_differences
from digiconform.verifier.differential import step_clause
from digiconform.verifier.games import hooks
from digiconform.verifier.runner import Options, verify
from oracle.driver import OracleDriver

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402

Step = tuple[dict[str, Any], Mapping[str, Any], Mapping[str, Any], Any]


def _steps(ruleset: str, games: int = 6) -> list[Step]:
    """``(setup, before, action, outcome)`` for every step of a few seeded oracle games
    played at random (chance outcomes drawn as the random games draw them)."""
    game = hooks(ruleset)
    out: list[Step] = []
    for g in range(games):
        draw = D.Draw(3, g)
        setup = game.draw_setup(draw, {})
        o = OracleDriver()
        o.new_game(setup)
        for _ in range(400):
            st = o.state
            if st.to_move is None:
                break
            if st.to_move == "chance":
                action = game.chance(st, draw.pick, draw.permute).to_json()
            else:
                legal = o.legal_actions() or []
                action = legal[draw.pick(len(legal))]
            before = st.to_json()
            res = o.apply(action)
            assert res.refusal is None
            out.append((setup, before, action, res))
    return out


def _engine_at(setup: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
    """Where an engine that moves on past forced actions stands from ``state``: the last of
    the oracle's forced positions from there."""
    return D._forced_positions(setup, state, None)[-1][0]


def _named(setup: Mapping[str, Any], before: Mapping[str, Any], action: Mapping[str, Any],
           res: Any, engine: Mapping[str, Any], details: tuple[str, ...] = ()
           ) -> tuple[str | None, str | None]:
    """The clause a random game's divergence (:func:`D.attribute`, no readings) and a failing
    vector's step (:func:`step_clause`) give the engine's answer ``engine`` (an engine
    declaring the detail fields ``details``)."""
    diffs = state_differences(res.state, engine, details=details)
    assert diffs
    div = D.Divergence("state", 0, setup, [action], "the states differ", differences=diffs,
                       actual_state=engine, before=before, events=list(res.events),
                       details=details)
    D.attribute(div, readings=False)
    vector = step_clause(str(setup["ruleset"]), "state", list(res.events), diffs,
                         before=(setup, before, action))
    return div.clause, vector


def _first(steps: list[Step], found: Callable[[Step], Mapping[str, Any] | None]
           ) -> tuple[Step, Mapping[str, Any]]:
    for s in steps:
        engine = found(s)
        if engine is not None:
            return s, engine
    raise AssertionError("no such step in the games played")


def test_a_reveal_begun_by_the_other_player_is_db_b2_whatever_step_entered_it() -> None:
    """``reveal_starts_with_seat_0``'s answer after a coin toss won by seat 1, and after a
    new Duel started by seat 1: the reveal's first decision given to the other player breaks
    DB-B.2 ("The first player turns the Digivolve Zone card face up"), not the coin toss's
    DB-B.1 or the new Duel's DB-D.6 (the first player is right on both sides)."""
    steps = _steps("digibattle", 10)

    def seat_0_reveals(kind: str) -> Callable[[Step], Mapping[str, Any] | None]:
        def found(s: Step) -> Mapping[str, Any] | None:
            setup, before, action, res = s
            after = res.state
            if action["type"] != kind or after["step"] != "reveal" or after["to_move"] != 1:
                return None
            return _engine_at(setup, {**after, "to_move": 0})
        return found

    (setup, before, action, res), engine = _first(steps, seat_0_reveals("coin_toss"))
    assert {e["clause"] for e in res.events} == {"DB-B.1"}
    assert _named(setup, before, action, res, engine) == ("DB-B.2", "DB-B.2")
    # A new Duel: with the Duel's first player declared and right, the reveal's order alone;
    # without it, the Duel started by the other player explains the answer alike, and the
    # run's other roots choose (cover_starter_roots; a failing vector's step: _cover_vectors)
    (setup, before, action, res), engine = _first(steps, seat_0_reveals("ready"))
    assert "DB-D.6" in {e["clause"] for e in res.events}
    assert _named(setup, before, action, res, engine, ("first_player",))[0] == "DB-B.2"
    diffs = state_differences(res.state, engine, details=())
    assert D.starter_clauses(hooks("digibattle"), setup, before, action, list(res.events),
                             differences=diffs) == ["DB-D.6", "DB-B.2"]


def test_an_actor_kept_on_the_move_is_the_rule_of_the_action_that_takes_turns() -> None:
    """``discard_option_keeps_move``'s answer: a Power Option played, the player kept on the
    move (passing by force when nothing else is playable): DB-C.1, players alternate, not
    the rule of the decision the oracle waits for (a pass, DB-C.3)."""
    steps = _steps("digibattle", 10)

    def kept(s: Step) -> Mapping[str, Any] | None:
        setup, before, action, res = s
        after = res.state
        p = action.get("player")
        if action["type"] != "play_option" or after["phase"] != "battle" or \
                after["to_move"] != 1 - p:
            return None
        return _engine_at(setup, {**after, "to_move": p})

    (setup, before, action, res), engine = _first(steps, kept)
    assert _named(setup, before, action, res, engine) == ("DB-C.1", "DB-C.1")


def test_a_phase_the_oracle_entered_and_the_engine_skipped_is_that_phases_rule() -> None:
    """DCG-6-4-1 for an engine in the Main phase where the oracle entered the Breeding phase
    in the step (a turn ended and the next began); not for an engine behind the oracle, nor
    for one in another turn, nor for a phase the oracle already stood in."""
    game = hooks("dcg")
    ended = [{"type": "turn_ended", "clause": "DCG-6-6-3", "player": 0},
             {"type": "drew", "clause": "DCG-6-3-1", "player": 1}]
    skipped = [("$.phase", "breeding", "main")]
    main = {"phase": "main", "turn": 3}
    assert D.skipped_phase_clause(game, main, ended, skipped) == "DCG-6-4-1"
    assert D.skipped_phase_clause(game, {"phase": "draw"}, [], skipped) == "DCG-6-4-1"
    assert D.skipped_phase_clause(game, {"phase": "breeding"}, [], skipped) is None
    assert D.skipped_phase_clause(game, main, ended, [("$.phase", "main", "breeding")]) is None
    assert D.skipped_phase_clause(game, main, ended, [*skipped, ("$.turn", 4, 5)]) is None
    assert D.skipped_phase_clause(hooks("digibattle"), main, ended, skipped) is None


def test_an_effect_read_for_the_other_player_is_the_triggered_effects_rule() -> None:
    """The oracle reading each timing for the other player (``GameHooks.mistimed``, as
    ``dcg_start_of_turn_for_opponent`` does) where the non-turn player has a [Start of Your
    Turn] card (Matt Ishida ST2-12) in play: that answer is CR4.2 Triggered effects', not
    the rule of the pass or play whose step began the turn. Where only the memory differs,
    it is an exact gauge hypothesis (a gain capped at 9 may look alike at one step), and the
    run's roots choose it (``cover_gauge_roots``); the oracle's own answer is none."""
    steps = _steps("dcg", 20)
    game = hooks("dcg")
    found: list[D.Divergence] = []
    for setup, before, action, res in steps:
        if not any(e.get("type") == "start_of_turn" for e in res.events):
            continue
        for reading in game.mistimed:
            with reading():
                alt = D._forced_positions(setup, before, action)
            engine = alt[0][0] if alt else None
            diffs = state_differences(res.state, engine, details=()) if engine else []
            if diffs:
                assert D.mistimed_clause(game, setup, before, action, actual=res.state) is None
                div = D.Divergence("state", 0, setup, [action], "the states differ",
                                   differences=diffs, actual_state=engine, before=before,
                                   events=list(res.events), details=())
                D.attribute(div, readings=False)
                vector = step_clause("dcg", "state", list(res.events), diffs,
                                     before=(setup, before, action))
                if [p for p, _, _ in diffs] == ["$.memory"]:
                    assert ("CR4.2 Triggered effects", D.GAUGE_EXACT) in \
                        {(c, k) for c, k, _, _ in D.gauge_hypotheses(div) or ()}
                else:
                    assert (div.clause, vector) == ("CR4.2 Triggered effects",) * 2, diffs
                found.append(div)
                break
    assert len(found) >= 2
    D.cover_gauge_roots(found)
    assert {d.clause for d in found} == {"CR4.2 Triggered effects"}


@pytest.mark.parametrize("name", sorted(miniatures.PLANTED_NAMING))
def test_each_naming_fault_gives_one_finding_under_its_clause(name: str) -> None:
    """Each planted fault alone, its clause's vectors and 12 random games: one finding of the
    random games, under the clause the fault breaks, and every failing vector under it.
    (Measured 2026-12-08, 12 games, no vectors, seeds 0 and 1, the four faults: main
    4420c4b gives 17 findings, 5 under the fault's clause, no run with exactly one finding
    (reveal_starts_with_seat_0: DB-B.2, DB-B.5, DB-D.4; discard_option_keeps_move: DB-C.1,
    DB-C.3; dcg_skips_empty_breeding: CR4.2 Game setup; dcg_start_of_turn_for_opponent:
    DCG-6-5-1-1, DCG-6-5-1-2 / DCG-6-6-3, CR4.2 Triggered effects); this branch 8 of 8, one
    finding a run.)"""
    expected = miniatures.PLANTED_NAMING[name]
    ruleset = "dcg" if name in miniatures.PLANTED_NAMING_DCG else "digibattle"
    report = verify(Options(miniatures.command(name), ruleset=ruleset, clauses=expected,
                            games=12, budget=None, shrink_seconds=5, shrink_patience=300,
                            trace_dir=None))
    found = [(f["clause"], f["field"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in expected, found
    vectors = [(f.id, f.clause) for f in report.failures if f.kind == "scenario"]
    assert all(c in expected for _, c in vectors), vectors

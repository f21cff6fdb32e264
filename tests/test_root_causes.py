"""A verdict an engine author can trust, the findings half (issue 24).

- One random game's failure never ends the others: an exception of the verifier's own player
  stops that game only, counted (``errored``) and kept with its traceback; a state taken over
  from the engine that is no consistent position ends its game as diverged.
- A finding is a root cause: what follows it in its game, played on from a state taken over
  from the engine, is listed under it as its consequences; one fault gives one finding, under
  a clause the fault breaks, and moves no reading verdict.
- The clause of a step that ends a turn and plays on into the next (DCG): the turn the engine
  stands in names it.
- Only the DCG memory gauge differing: the single events of the step that, left out, stopped
  short of the limit or changed, give the engine's gauge (``gauge_hypotheses``); each such
  root is named by the clause that explains the most roots of the run (``cover_gauge_roots``).
  Only who is to move differing: the rule of the decision the oracle waits for
  (``waited_clause``).
- A vector whose prelude diverges is not reached: it says so, is filed under the prelude
  step's clause, and is run again from its position loaded directly when the engine can.
"""

from __future__ import annotations

import copy
import json
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from digiconform.vectors import load_vectors, prelude_end, run_vector
from digiconform.verifier import differential as D
from digiconform.verifier.differential import step_clause
from digiconform.verifier.runner import Options, verify
from oracle.driver import OracleDriver, Outcome
from oracle.errors import UnsupportedError
from oracle.validation import validate

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402


class _Wrapped:
    """The oracle as an implementation, with ``corrupt(n, state) -> state`` applied to the
    state answered after its ``n``-th accepted action of a game begun by ``new_game`` (a
    position it loads it plays right)."""

    def __init__(self, corrupt: Any = None, load_state: bool = True) -> None:
        self.o = OracleDriver()
        self.corrupt = corrupt
        self.n = 0
        self.can_load = load_state
        self.loaded = False

    def new_game(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        self.n, self.loaded = 0, False
        return self.o.new_game(setup)

    def load_state(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> Any:
        if not self.can_load:
            raise UnsupportedError("load_state", "this engine cannot load a position")
        self.n, self.loaded = 0, True
        return self.o.load_state(setup, state)

    def apply(self, action: Mapping[str, Any]) -> Outcome:
        out = self.o.apply(action)
        if out.refusal is None:
            self.n += 1
            if self.corrupt is not None and not self.loaded:
                state = self.corrupt(self.n, copy.deepcopy(dict(out.state or {})))
                if state is not None:
                    return Outcome(state=state, events=out.events)
        return out

    def legal_actions(self) -> list[Mapping[str, Any]] | None:
        return None


def test_a_verifier_error_stops_its_own_game_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random player raising on the state of game 1 (``ValueError`` from randrange on an
    empty range, as on an adopted engine state) stops game 1; games 0, 2 and 3 are played."""
    real = D._chooser
    made: list[int] = []

    def chooser(draw: Any, game: Any, probe_rate: int = 12) -> Any:
        made.append(1)
        choose = real(draw, game, probe_rate)
        if len(made) != 2:
            return choose

        def broken(state: Any) -> Any:
            return [][draw.pick(0)]  # ValueError: empty range for randrange()

        broken.last = (None, None)  # type: ignore[attr-defined]
        return broken

    monkeypatch.setattr(D, "_chooser", chooser)
    res = D.run_differential(OracleDriver(), games=4, shrink_seconds=0)
    assert (res.planned, res.games, res.completed, res.diverged, res.errored) == (4, 4, 3, 0, 1)
    [err] = res.verifier_errors
    assert err["game"] == 1 and err["message"].startswith("ValueError")
    assert "Traceback" in err["traceback"] and "randrange" in err["traceback"]
    assert not res.findings


def test_a_state_that_is_no_position_ends_its_game_as_diverged() -> None:
    """An engine that loses a card from its hand (no rule does: DB-A.0) is not played on
    from: the game ends at that divergence, which says why."""
    def lose_a_card(n: int, state: dict[str, Any]) -> dict[str, Any] | None:
        hand = state["players"][0]["hand"]
        if n >= 6 and hand:
            hand.pop()
            return state
        return None

    res = D.run_differential(_Wrapped(lose_a_card), games=3, shrink_seconds=0)
    assert (res.planned, res.completed, res.diverged, res.errored) == (3, 0, 3, 0)
    [f] = res.findings
    assert f.divergence.ended and "DB-A.0" in f.divergence.ended, f.divergence.ended
    assert f.consequences == 0 and f.count == 3
    # The oracle's own states are positions.
    o = OracleDriver()
    o.new_game(D.base_setup())
    assert D.consistency_problem(D.hooks("digibattle"), o.state) is None


def test_what_follows_a_root_cause_in_its_game_is_its_consequence() -> None:
    """An engine that adds 100 points to seat 0 once per game: its game is played on from
    the engine's state, and every later divergence (the score, the game won too early, ...)
    is listed under that game's one root cause, not a finding of its own. (The clause of
    each root is that of the action it came at: such a fault is no rule of the game.)"""
    def bonus(n: int, state: dict[str, Any]) -> dict[str, Any] | None:
        if n == 40 and state.get("phase") != "game_over":
            state["players"][0]["score"] += 100
            return state
        return None

    res = D.run_differential(_Wrapped(bonus), games=4, shrink_seconds=0)
    assert res.diverged >= 2
    assert sum(f.count for f in res.findings) == res.diverged  # one root per game
    assert sum(f.consequences for f in res.findings) >= 1
    for f in res.findings:
        for c in f.consequence_examples:
            assert set(c) == {"game", "step", "kind", "clause", "field"}
        assert len(f.consequence_examples) <= min(f.consequences, D.CONSEQUENCES_LISTED)


def test_the_turn_the_engine_stands_in_names_the_clause() -> None:
    """One DCG pass ends turn 3 (DCG-6-6-1) and turn 4's start-of-turn processing ends turn 4
    at once (DCG-6-2-1-2): an engine left in turn 4 broke DCG-6-2-1-2, not DCG-6-6-1 (its
    turn 3 ended as the rules say); an engine in the oracle's turn with the memory wrong
    broke the pass's rule, not the next turn's trigger's."""
    ev = [{"type": "passed", "clause": "DCG-6-5-1-7", "player": 0},
          {"type": "memory", "clause": "DCG-6-5-1-7", "player": 0},
          {"type": "end_of_turn", "clause": "DCG-6-6-1", "player": 0},
          {"type": "turn_ended", "clause": "DCG-6-6-3", "player": 0, "turn": 3},
          {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 1, "turn": 4},
          {"type": "triggered", "clause": "CR4.2 Triggered effects", "player": 1},
          {"type": "resolved", "clause": "CR4.2 Triggered effects", "player": 1},
          {"type": "memory", "clause": "CR4.2 Triggered effects", "player": 1},
          {"type": "end_of_turn", "clause": "DCG-6-2-1-2", "player": 1},
          {"type": "turn_ended", "clause": "DCG-6-6-3", "player": 1, "turn": 4},
          {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 0, "turn": 5},
          {"type": "unsuspended", "clause": "DCG-6-2-1", "player": 0},
          {"type": "drew", "clause": "DCG-6-3-1", "player": 0}]
    stayed = [("$.turn", 5, 4), ("$.turn_player", 0, 1), ("$.phase", "breeding", "draw"),
              ("$.memory", 1, -1)]
    assert step_clause("dcg", "state", ev, stayed) == "DCG-6-2-1-2"
    memory = [("$.memory", 6, 4)]
    assert step_clause("dcg", "state", ev[:10], memory) == "DCG-6-5-1-7"
    # Ahead of the oracle by a turn (its pass left too little memory): the pass's rule.
    only_two = ev[:4] + ev[4:8]
    ahead = [("$.turn", 4, 5), ("$.turn_player", 1, 0), ("$.to_move", 1, 0)]
    assert step_clause("dcg", "state", only_two, ahead) == "DCG-6-5-1-7"


_ATTACK = [{"type": "attack_declared", "clause": "DCG-6-5-1-5", "player": 0, "attacker": 1,
            "target": "player"},
           {"type": "security_check", "clause": "CR4.2 Security checks", "player": 0,
            "card": "ST1-05"},
           {"type": "battle", "clause": "CR4.2 Battles", "player": 0, "security": True},
           {"type": "deleted", "clause": "CR4.2 Battles", "player": 0, "stack": 1,
            "cards": ["BT1-028"]},
           {"type": "attack_ended", "clause": "CR4.2 Attacking", "player": 0}]


def test_a_differing_field_is_the_rule_of_the_event_that_changes_that_field_itself() -> None:
    """A differing path ends in the field that differs; an event that changes that field
    explains it before one that changes only the zone it lies in: an attacker left
    unsuspended broke the attack declaration's rule (DCG-6-5-1-5), not the security check's
    that changed the battle area in the same step."""
    diffs = [("$.players[0].battle_area[0].suspended", True, False)]
    assert step_clause("dcg", "state", _ATTACK[:2] + _ATTACK[-1:], diffs) == "DCG-6-5-1-5"
    # a zone that differs as a whole is still its own events' (the card deleted)
    zone = [("$.players[0].battle_area", [], [{"cards": ["BT1-028"], "suspended": True}])]
    assert step_clause("dcg", "state", _ATTACK, zone) == "CR4.2 Battles"


def test_a_change_made_for_the_other_player_only_is_that_changes_rule() -> None:
    """The start of a turn unsuspends its player's Digimon (DCG-6-2-1): an engine that also
    unsuspends the opponent's, whose turn this step did not begin, broke DCG-6-2-1 (not the
    rule of a Digimon played there earlier in the step, nor DCG-6-2-1-2's unsuspending
    skipped); a turn of theirs begun and ended at once before unsuspending is DCG-6-2-1-2."""
    ev = [{"type": "memory", "clause": "DCG-6-5-1-1", "player": 1},
          {"type": "played", "clause": "DCG-6-5-1-1", "player": 1, "card": "ST1-05"},
          {"type": "end_of_turn", "clause": "DCG-6-6-1", "player": 1},
          {"type": "turn_ended", "clause": "DCG-6-6-3", "player": 1, "turn": 3},
          {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 0, "turn": 4},
          {"type": "unsuspended", "clause": "DCG-6-2-1", "player": 0, "stacks": []},
          {"type": "drew", "clause": "DCG-6-3-1", "player": 0}]
    diffs = [("$.players[1].battle_area[0].suspended", True, False)]
    assert step_clause("dcg", "state", ev, diffs) == "DCG-6-2-1"
    # player 0's turn 4 begun and ended before unsuspending, then player 1's turn 5:
    # player 0's Digimon unsuspended all the same is DCG-6-2-1-2
    ended = [{"type": "turn_ended", "clause": "DCG-6-6-3", "player": 1, "turn": 3},
             {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 0, "turn": 4},
             {"type": "end_of_turn", "clause": "DCG-6-2-1-2", "player": 0},
             {"type": "turn_ended", "clause": "DCG-6-6-3", "player": 0, "turn": 4},
             {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 1, "turn": 5},
             {"type": "unsuspended", "clause": "DCG-6-2-1", "player": 1, "stacks": [3]},
             {"type": "drew", "clause": "DCG-6-3-1", "player": 1}]
    skipped = [("$.players[0].battle_area[0].suspended", True, False)]
    assert step_clause("dcg", "state", ended, skipped) == "DCG-6-2-1-2"


def test_a_security_card_the_engine_left_in_the_security_is_the_checks_rule() -> None:
    """The oracle's security check takes ST1-05 from the defender's security (the attacker's
    event, the defender's zone); the engine left it there and checked another card, whose
    battle went otherwise: the first event that moved a card the engine left is the security
    check's (CR4.2 Security checks), not the battle's that deleted the attacker after it."""
    game = D._hooks_of({"ruleset": "dcg"})
    before = {"players": [{"battle_area": [{"cards": ["BT1-028"], "suspended": False}],
                           "trash": [], "security": ["ST1-03"]},
                          {"battle_area": [], "trash": [],
                           "security": ["ST1-05", "ST1-03", "ST1-12"]}]}
    diffs = [("$.players[0].battle_area", [], [{"cards": ["BT1-028"], "suspended": True}]),
             ("$.players[0].trash", ["BT1-028"], []),
             ("$.players[1].battle_area", [], [{"cards": ["ST1-12"], "suspended": False}]),
             ("$.players[1].security", ["ST1-03", "ST1-12"], ["ST1-05", "ST1-03"]),
             ("$.players[1].trash", ["ST1-05"], [])]
    _, hit = D._ranked(game, _ATTACK, diffs, before)
    assert hit is not None and hit["clause"] == "CR4.2 Security checks"


def _gauge_div(before_tp: int, events: list[dict[str, Any]], oracle: int, engine: int
               ) -> D.Divergence:
    """A hand-made DCG state divergence where only the memory gauge differs."""
    return D.Divergence("state", 9, {"ruleset": "dcg"}, [{"type": "play"}] * 10,
                        "the states differ", differences=[("$.memory", oracle, engine)],
                        before={"turn_player": before_tp}, events=events)


def _mem(player: int, before: int, after: int, clause: str) -> dict[str, Any]:
    return {"type": "memory", "clause": clause, "player": player, "before": before,
            "after": after}


_TURN_END = [{"type": "end_of_turn", "clause": "DCG-6-6-1", "player": 0},
             {"type": "turn_ended", "clause": "DCG-6-6-3", "player": 0},
             {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 1}]
_GAIN = "CR4.2 Triggered effects"


def test_a_gauge_event_left_out_after_the_turn_end_is_an_exact_hypothesis() -> None:
    """Player 0 pays 5 (1 -> -4, their frame), the turn ends (the frame flips, the marker
    stays: 4 on player 1's side), player 1's start-of-turn gain makes it 5. An engine at 4
    left out the gain, or paid 1 short: the gain is the exact hypothesis, the payment only a
    changed amount (CR4.2 Memory's limit is not in question)."""
    ev = [_mem(0, 1, -4, "DCG-6-5-1-1"), *_TURN_END,
          {"type": "resolved", "clause": _GAIN, "player": 1}, _mem(1, 4, 5, _GAIN)]
    hyp = D.gauge_hypotheses(_gauge_div(0, ev, 5, 4))
    assert hyp is not None
    exact = {(c, how) for c, s, _, how in hyp if s == D.GAUGE_EXACT}
    assert exact == {(_GAIN, "left-out")}
    assert ("DCG-6-5-1-1", D.GAUGE_CHANGED, 0, "changed") in hyp
    # not a gauge-only divergence: no hypotheses
    other = _gauge_div(0, ev, 5, 4)
    other.differences.append(("$.turn", 3, 4))
    assert D.gauge_hypotheses(other) is None


def test_a_move_stopped_short_of_the_gauge_limit_is_the_limit_hypothesis() -> None:
    """A gain of 3 from 8 stops at 10 (CR4.2 Memory); an engine at 9 stopped short of the
    limit on the way there: the limit's hypothesis, exact; the gain left out (8) is not."""
    ev = [{"type": "resolved", "clause": _GAIN, "player": 0}, _mem(0, 8, 10, _GAIN),
          {"type": "delayed", "clause": "CR4.2 Pending processing", "player": 0}]
    hyp = D.gauge_hypotheses(_gauge_div(0, ev, 10, 9)) or []
    assert {(c, how) for c, s, _, how in hyp if s == D.GAUGE_EXACT} == \
        {("CR4.2 Memory", "limit")}
    # past the limit the other way (an engine at 10 where the oracle stopped at 10): none
    assert not [h for h in D.gauge_hypotheses(_gauge_div(0, ev, 10, 7)) or []
                if h[1] == D.GAUGE_EXACT and h[3] == "limit"]


def test_the_clause_that_explains_the_most_roots_of_a_run_names_each() -> None:
    """One fault, one finding: a cap at 9 looks, at a gain of 1 from 9 after a turn's end,
    like the gain left out (or the cost before it paid wrong); at gains from 8 and 7, only
    like the cap (or a changed amount). The cap explains all three roots exactly: all three
    are filed under CR4.2 Memory. A pass putting the marker at 2, not 3, looks like a left-out
    start-of-turn gain of 1 in one game, like the pass alone in the others: all under the
    pass's rule (DCG-6-5-1-7)."""
    at9 = _gauge_div(1, [_mem(1, 1, -9, "DCG-6-5-1-1"), *_TURN_END,
                         _mem(0, 9, 10, _GAIN)], 10, 9)
    from8 = _gauge_div(1, [_mem(1, 8, 10, _GAIN)], 10, 9)
    from7 = _gauge_div(0, [_mem(0, 7, 10, _GAIN)], 10, 9)
    D.cover_gauge_roots([at9, from8, from7])
    assert [d.clause for d in (at9, from8, from7)] == ["CR4.2 Memory"] * 3
    assert {D.root_key(d) for d in (at9, from8, from7)} == {("CR4.2 Memory", "rule")}

    def pass_to_2(gain: bool) -> D.Divergence:
        ev = [{"type": "passed", "clause": "DCG-6-5-1-7", "player": 0},
              _mem(0, 4, -3, "DCG-6-5-1-7"), *_TURN_END]
        if gain:
            ev.append(_mem(1, 3, 4, _GAIN))
        return _gauge_div(0, ev, 4 if gain else 3, 3 if gain else 2)

    runs = [pass_to_2(True), pass_to_2(False), pass_to_2(False)]
    alone = D.gauge_hypotheses(runs[0]) or []
    assert [(c, how) for c, s, _, how in alone if s == D.GAUGE_EXACT] == [(_GAIN, "left-out")]
    D.cover_gauge_roots(runs)
    assert [d.clause for d in runs] == ["DCG-6-5-1-7"] * 3


def _play_ending_turn(player: int, before: int, cost: int, card: str) -> list[dict[str, Any]]:
    """The oracle's events of a DCG play whose cost puts the memory on the other side: the
    turn ends and the other player's begins."""
    return [_mem(player, before, before - cost, "DCG-6-5-1-1"),
            {"type": "played", "clause": "DCG-6-5-1-1", "player": player, "card": card,
             "stack": 3, "cost": cost},
            {"type": "end_of_turn", "clause": "DCG-6-6-1", "player": player,
             "memory": before - cost},
            {"type": "turn_ended", "clause": "DCG-6-6-3", "player": player, "turn": 2},
            {"type": "start_of_turn", "clause": "DCG-6-2-1-1", "player": 1 - player,
             "turn": 3},
            {"type": "unsuspended", "clause": "DCG-6-2-1", "player": 1 - player,
             "stacks": []},
            {"type": "drew", "clause": "DCG-6-3-1", "player": 1 - player, "card": "ST1-03"}]


def test_a_turn_the_oracle_ended_from_a_gauge_the_engine_does_not_show_is_the_gauge_rule(
        ) -> None:
    """A cost of 5 paid from 0 ends player 1's turn; an engine still in that turn with its
    memory elsewhere than the oracle's when the turn's end began (0, not -5: it did not pay)
    broke the payment's rule, not the end of turn's (DCG-6-6-1, whose event changes the
    turn); with the memory where the oracle's stood (-5), the turn-end condition. Where the
    engine's memory does not differ, it is the oracle's after the step read by the engine's
    own turn player (1 on player 0's side is -1 on player 1's): a play of 2 from 1 that the
    engine did not pay leaves it at 1, not -1, on player 1's side."""
    ev = _play_ending_turn(1, 0, 5, "BT1-038")
    turn = [("$.turn", 3, 2), ("$.turn_player", 0, 1), ("$.phase", "breeding", "main"),
            ("$.to_move", 0, 1)]
    assert step_clause("dcg", "state", ev, [*turn[:3], ("$.memory", 5, 0), turn[3]]) == \
        "DCG-6-5-1-1"
    assert step_clause("dcg", "state", ev, [*turn[:3], ("$.memory", 5, -5), turn[3]]) == \
        "DCG-6-1-4-1"
    alike = _play_ending_turn(1, 1, 2, "ST2-02")  # the oracle: -1 on player 1's side
    assert step_clause("dcg", "state", alike, [turn[0], turn[1], turn[3]]) == "DCG-6-5-1-1"
    div = D.Divergence("state", 9, {"ruleset": "dcg"}, [{"type": "play"}] * 10, "differ",
                       differences=[turn[0], turn[1], turn[3]],
                       before={"turn_player": 1, "memory": 1}, events=alike)
    assert D.root_key(div)[0] != "DCG-6-1-4-1"


def test_a_gauge_move_made_right_earlier_in_the_run_is_no_changed_amount(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The next turn begun at 3 where a cost left the gauge at 5: from the step alone the
    cost paid short and the gauge carried wrong into the next turn (DCG-6-6-3) explain it
    alike, and the earlier event, the cost, is taken. Where the implementation paid that
    card's cost right earlier in the run (a step whose state matched), the cost's changed
    amount is no candidate: the turn's end explains every root. A turn passed right at the
    same position earlier would rule out the turn's end the same way."""
    def roots() -> list[D.Divergence]:
        return [_gauge_div(0, _play_ending_turn(0, 0, 5, "BT1-020"), 5, 3),
                _gauge_div(1, _play_ending_turn(1, 2, 6, "BT2-027"), 4, 3)]

    for d in roots():
        hyp = D.gauge_hypotheses(d) or []
        assert ("DCG-6-6-3", D.GAUGE_CHANGED, 3, "carried") in hyp
        assert ("DCG-6-5-1-1", D.GAUGE_CHANGED, 0, "changed") in hyp
    alone = roots()
    D.cover_gauge_roots(alone)
    assert [d.clause for d in alone] == ["DCG-6-5-1-1"] * 2
    game = D._hooks_of({"ruleset": "dcg"})
    paid = D.gauge_moves(game, _play_ending_turn(0, 7, 5, "BT1-020")[:2], 7)
    assert paid == {0: ("memory", "DCG-6-5-1-1", ("BT1-020",), -5),
                    1: ("played", "DCG-6-5-1-1", ("BT1-020",), -5)}
    monkeypatch.setattr(D, "matched_gauge_moves", lambda _: set(paid.values()))
    runs = roots()
    D.cover_gauge_roots(runs)
    assert [d.clause for d in runs] == ["DCG-6-6-3"] * 2
    assert {D.root_key(d) for d in runs} == {("DCG-6-6-3", "rule")}
    carried = D.gauge_moves(game, _play_ending_turn(0, 0, 5, "BT1-020"), 0)[3]
    assert carried == ("carried", "DCG-6-6-3", -5)
    monkeypatch.setattr(D, "matched_gauge_moves", lambda _: {carried})
    runs = roots()
    D.cover_gauge_roots(runs)
    assert [d.clause for d in runs] == ["DCG-6-5-1-1"] * 2


def test_who_decides_next_is_the_rule_of_the_decision_the_oracle_waits_for() -> None:
    """The first player chosen (CR4.2 Game setup), the oracle waits for the first player's
    mulligan decision; an engine asking the other player first broke CR4.2 Mulligan
    ("starting with the first player"), the rule of the decision, not the set-up step that
    led there."""
    from digiconform.verifier.games import hooks

    game = hooks("dcg")
    draw = D.Draw(0, 0)
    setup = game.draw_setup(draw, {})
    o = OracleDriver()
    o.new_game(setup)
    actions: list[Mapping[str, Any]] = []
    while True:
        a = game.chance(o.state, draw.pick, draw.permute).to_json()
        actions.append(a)
        if a["type"] == "choose_first":
            break
        o.apply(a)
    before = o.state.to_json()
    out = o.apply(actions[-1])
    assert out.state is not None
    first = out.state["to_move"]
    div = D.Divergence("state", len(actions) - 1, setup, actions, "the states differ",
                       differences=[("$.to_move", first, 1 - first)], before=before,
                       events=list(out.events))
    assert {e["clause"] for e in out.events} == {"CR4.2 Game setup"}
    assert D.waited_clause(div) == "CR4.2 Mulligan"
    D.attribute(div, readings=False)
    assert div.clause == "CR4.2 Mulligan" and D.root_key(div) == ("CR4.2 Mulligan", "rule")
    # a failing vector's step, the same
    assert step_clause("dcg", "state", list(out.events), div.differences,
                       before=(setup, before, actions[-1])) == "CR4.2 Mulligan"


def _prelude_vector() -> dict[str, Any]:
    return next(v for v in load_vectors(kind="scenario")
                if v["ruleset"] == "digibattle" and (prelude_end(v) or 0) >= 4)


def test_a_vector_whose_prelude_diverges_is_not_reached_or_reached_by_load_state() -> None:
    v = _prelude_vector()

    def wrong_score(n: int, state: dict[str, Any]) -> dict[str, Any] | None:
        if n == 1:
            state["players"][0]["score"] += 100
            return state
        return None

    res = run_vector(_Wrapped(wrong_score, load_state=False), v)
    assert res.reached == "not-reached" and res.status == "fail"
    assert res.prelude_failure is res and res.step is not None
    assert res.step <= (prelude_end(v) or 0)
    assert "declined" in (res.route_note or ""), res.route_note
    # With load_state, the position is loaded instead and the vector's own steps compared.
    again = run_vector(_Wrapped(wrong_score), v)
    assert again.reached == "load_state" and again.status == "pass", again
    assert again.prelude_failure is not None and again.prelude_failure.step == res.step


def test_prelude_failures_are_reported_under_the_prelude_steps_clause(tmp_path: Path) -> None:
    """Seat 1's Digimon Power from its own row (DB-A.4) breaks nearly every prelude: each
    is listed in ``not_reached`` under DB-A.4 and the tie scenarios (DB-C.8) are not failed
    for it."""
    report = verify(Options(miniatures.command("seat_1_power_own_row"), clauses=("DB-C.8",),
                            games=0, trace_dir=tmp_path))
    assert report.not_reached, [f.message for f in report.failures]
    assert {n["clause"] for n in report.not_reached} == {"DB-A.4"}
    assert all(n["reached"] in ("load_state", "not-reached") for n in report.not_reached)
    failing = {c for c, r in report.clauses.items() if r.failed}
    assert failing == {"DB-A.4"}, failing
    doc = json.loads(json.dumps(report.to_json(), default=str))
    validate(doc, "report")
    assert doc["not_reached"] and doc["not_reached"][0]["step"] >= 0


def test_a_reading_its_game_shows_the_engine_not_following_is_taken_back() -> None:
    """A divergence DB-AMB-24 'say-pass' explains at its step (an engine asked for
    'run-out' that waits where the oracle runs the player out), after which the game, played
    on under 'say-pass', shows the engine running a player out ('run-out' explains a later
    divergence, consequence or not): the engine does not follow 'say-pass'; the reading is
    taken back and the later divergence is the root's consequence. Without that later
    divergence the reading stands (a game long enough to confirm it)."""
    def game(later: bool) -> list[D.Divergence]:
        setup = {**D.base_setup(), "variants": {"DB-AMB-24": "run-out"}}
        act = {"type": "pass", "player": 0}
        root = D.Divergence("state", 10, setup, [act] * 11, "the states differ",
                            differences=[("$.phase", "regroup", "battle")], events=[],
                            reading=("DB-AMB-24", "say-pass"), clause="DB-C.3",
                            overrides={"DB-AMB-24": "say-pass"})
        out = [root]
        if later:
            out.append(D.Divergence("state", 30, setup, [act] * 31, "the states differ",
                                    differences=[("$.phase", "battle", "regroup")],
                                    events=[], reading=("DB-AMB-24", "run-out"),
                                    clause="DB-C.3", overrides={"DB-AMB-24": "say-pass"},
                                    cause=root))
        return out

    kept = game(later=False)
    D._confirm_readings(kept, played=100)
    assert kept[0].reading == ("DB-AMB-24", "say-pass")
    taken = game(later=True)
    D._confirm_readings(taken, played=100)
    assert taken[0].reading is None and taken[0].unconfirmed is None
    assert taken[1].cause is taken[0]


def test_a_wait_for_a_player_offered_a_forbidden_action_is_filed_under_its_clause() -> None:
    """An engine that stops for player 0 where the oracle ends the Battle (under DB-AMB-24
    'run-out' the player has nothing playable) and, at that position taken over from it,
    offers player 0 Digi-Duel after the opponent passed (DB-C.2): the wait is that offer's
    doing, filed under DB-C.2, not under the Duel's end the oracle's events name. A state
    root that says nothing of who acts (a score) keeps its clause."""
    from digiconform.verifier.compare import canonical_action

    sys.path.insert(0, str(HERE))
    from test_probes import _counter_attack_game

    o, setup, _ = _counter_attack_game("Digi-Duel-can-not-be-used-after-opponent-passes-passes")
    at = o.state.to_json()
    assert at["to_move"] == 0 and at["players"][1]["passed"]
    offered = canonical_action({"type": "play_option", "player": 0, "card": "ST-58"})

    def game(first: str) -> list[D.Divergence]:
        root = D.Divergence("state", 7, setup, [{}] * 8, "the states differ",
                            differences=[(first, "regroup", "battle")], clause="DB-C.5",
                            actual_state=at, events=[])
        nxt = D.Divergence("legal-set", 7, setup, [{}] * 8, "the legal actions differ",
                           expected=[], actual=[offered], before=at, events=[], cause=root)
        return [root, nxt]

    wait = game("$.phase")
    D._waits_offered([wait])
    assert [d.clause for d in wait] == ["DB-C.2", "DB-C.2"]
    score = game("$.players[0].score")
    D._waits_offered([score])
    assert score[0].clause == "DB-C.5"


#: The planted faults that are a reading (the one verdict they may move).
READING_FAULTS = {"pass_not_final": "DB-AMB-6"}

#: Small runs: the vectors of the fault's clauses only, few games (more for a rare fault).
GAMES = {"counter_attack_always_doubles": 40, "digi_duel_after_pass": 40,
         "dcg_unsuspends_before_ending": 40}


@pytest.mark.parametrize("name", sorted(miniatures.PLANTED_MORE))
def test_one_fault_one_finding_under_its_clause(name: str, tmp_path: Path) -> None:
    """Each fault an independent engine showed (issue 24), planted alone: exactly one
    finding of the random games, under the fault's clause; most failing vectors of its
    clauses filed under it; no reading verdict moved."""
    expected = miniatures.PLANTED_MORE[name]
    report = verify(Options(miniatures.command(name), clauses=expected,
                            games=GAMES.get(name, 16), budget=None, shrink_seconds=20,
                            shrink_patience=300, trace_dir=tmp_path))
    _assert_one_root_cause(name, report, expected)


def _assert_one_root_cause(name: str, report: Any, expected: tuple[str, ...] | None) -> None:
    found = report.differential["findings"]
    assert len(found) == 1, (name, [(f["clause"], f["field"], f["count"]) for f in found])
    if expected is not None:
        assert found[0]["clause"] in expected, (name, found[0]["clause"])
        vectors = [f for f in report.failures if f.kind == "scenario"]
        # (a small selection: an exhausting draw of nine, DB-D.3's recycle left out, weighs
        # more here than among every vector, where the share is at least 95 %)
        good = sum(1 for f in vectors if f.clause in expected)
        assert good >= 0.8 * len(vectors), (name, [(f.id, f.clause) for f in vectors
                                                   if f.clause not in expected])
    assert found[0]["length"] <= D.MAX_COUNTEREXAMPLE or found[0]["why_long"]
    for amb in report.ambiguities.values():
        if READING_FAULTS.get(name) == amb.id:
            continue
        assert amb.verdict.startswith(("any reading", "untested")), (name, amb.id,
                                                                      amb.verdict)


def test_a_refused_set_up_is_filed_under_deck_construction() -> None:
    """An engine refusing every set-up (a restricted list of its own): one finding per
    clause the refusal names, else deck construction's, never ``?``."""
    from oracle.errors import IllegalActionError, InvalidInputError

    class Refusing(_Wrapped):
        def __init__(self, error: Exception) -> None:
            super().__init__()
            self.error = error

        def new_game(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
            raise self.error

    for error, ruleset, clause in (
            (InvalidInputError("$.decks[0]", "ST-54 is restricted"), "digibattle", "DB-A.0"),
            (InvalidInputError("$.decks[0]", "restricted"), "dcg", "CR4.2 Deck construction"),
            (IllegalActionError("DB-A.5", "no Rookie"), "digibattle", "DB-A.5")):
        res = D.run_differential(Refusing(error), games=3, ruleset=ruleset, shrink_seconds=0)
        assert [(f.clause, f.count) for f in res.findings] == [(clause, 3)], res.findings
        assert res.diverged == 3 and res.completed == 0


#: Planted faults reached in few random games, and how: the checks below play them in more
#: games (:data:`RARE_GAMES`).
RARE = {
    "digi_duel_after_pass": "the opponent has passed and the player holds Digi-Duel in about "
                            "one game of two; the legal set shows it there, and under DB-AMB-24 "
                            "'run-out' the engine waits where the oracle runs the player out",
    "dcg_unsuspends_before_ending": "reached in about one game of twenty (X-01 decks)",
    "minimal_digi_duel_after_pass": "shown only by an illegal-action probe, sent where the "
                                    "card stops being playable (probes.NEWLY_REFUSED_RATE): "
                                    "the engine accepts it in about one game of ten",
}

#: Random games a rare fault is played in by the default check (the others: 12).
RARE_GAMES = 40

PROJECT = {**miniatures.PLANTED, **miniatures.PLANTED_DCG, **miniatures.PLANTED_MORE,
           **miniatures.PLANTED_MINIMAL, **miniatures.PLANTED_NAMING}

#: The engine each planted fault was planted in, as it is without the fault: its verdicts
#: are the ones a fault that is not a reading must leave as they are.
BASELINE = {**{n: f"{shlex.quote(sys.executable)} -m digiconform.cli serve" for n in PROJECT},
            **{n: miniatures.command("mandatory_only") for n in miniatures.PLANTED_MINIMAL}}


def _ruleset(name: str) -> str:
    return "dcg" if name in miniatures.PLANTED_DCG or name in miniatures.PLANTED_NAMING_DCG \
        else "digibattle"


_BASE_VERDICTS: dict[tuple[str, str, bool], dict[str, tuple[list[str], str]]] = {}


def _base_verdicts(name: str, vectors: bool) -> dict[str, tuple[list[str], str]]:
    """The reading verdicts of the fault's engine without the fault (same run, no games):
    ambiguity -> (the readings it is found to follow, the verdict)."""
    key = (BASELINE[name], _ruleset(name), vectors)
    if key not in _BASE_VERDICTS:
        report = verify(Options(BASELINE[name], ruleset=_ruleset(name), games=0,
                                trace_dir=None, **({} if vectors else {"scenarios": ("-",)})))
        _BASE_VERDICTS[key] = {a.id: (list(a.follows), a.verdict)
                               for a in report.ambiguities.values()}
    return _BASE_VERDICTS[key]


def _moved(name: str, report: Any, vectors: bool) -> tuple[list[tuple[str, str, str]],
                                                         list[str]]:
    """The reading verdicts ``report`` concludes otherwise than the engine without the fault
    (the fault's own reading left out): ``(moved, lost)``. A verdict moves when the readings
    it finds the engine following differ and it still rests on evidence; one left with no
    evidence (``untested``: the fault broke every vector before the check that was the
    evidence, which then counts for nothing) is *lost*, not moved. (The vector counts in a
    verdict's text may change either way: a failed vector is no evidence.)"""
    base = _base_verdicts(name, vectors)
    moved, lost = [], []
    for a in report.ambiguities.values():
        follows, verdict = base.get(a.id, ([], "untested"))
        if a.id == READING_FAULTS.get(name) or list(a.follows) == follows:
            continue
        if a.verdict == "untested":
            lost.append(a.id)
        else:
            moved.append((a.id, verdict, a.verdict))
    return moved, lost


def _measure(name: str, *, seed: int, games: int, vectors: bool) -> dict[str, Any]:
    """One planted fault run alone: its findings ``(clause, field, count)``, how many name
    a clause the fault breaks, the verdicts moved, the counterexamples too long."""
    report = verify(Options(miniatures.command(name), ruleset=_ruleset(name), games=games,
                            seed=seed, budget=None, shrink_seconds=5, shrink_patience=300,
                            trace_dir=None, **({} if vectors else {"scenarios": ("-",)})))
    found = report.differential["findings"]
    expected = PROJECT[name]
    return {"name": name, "seed": seed,
            "findings": [(f["clause"], f["field"], f["count"]) for f in found],
            "good": sum(1 for f in found if expected is None or f["clause"] in expected),
            "long": [f["length"] for f in found
                     if f["length"] > D.MAX_COUNTEREXAMPLE and not f["why_long"]],
            **dict(zip(("moved", "lost"), _moved(name, report, vectors), strict=True))}


def _assert_share(rows: list[dict[str, Any]]) -> None:
    """Issue 24: at least 95 % of the findings name a clause their fault breaks, each fault
    gives exactly one finding, and no reading verdict moves for a fault that is not one."""
    total = sum(len(r["findings"]) for r in rows)
    good = sum(r["good"] for r in rows)
    for r in rows:  # (the figures, for the record: pytest -s)
        print(r["seed"], r["name"], r["findings"], r["moved"] or "", r["long"] or "",
              f"no evidence left: {r['lost']}" if r["lost"] else "")
    print(f"{good} of {total} findings under the fault's clause; "
          f"{sum(1 for r in rows if len(r['findings']) == 1)} of {len(rows)} runs with one")
    assert total and good >= 0.95 * total, (good, total, [
        (r["name"], r["seed"], r["findings"]) for r in rows if r["good"] < len(r["findings"])])
    assert [(r["name"], r["seed"], r["findings"]) for r in rows if len(r["findings"]) != 1] \
        == []
    assert [(r["name"], r["seed"], r["moved"]) for r in rows if r["moved"]] == []
    assert [(r["name"], r["long"]) for r in rows if r["long"]] == []


#: Seeds the default check plays: a fault must give one finding whatever the draws.
SEEDS = (0, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_project_fault_gives_one_finding_in_the_random_games(seed: int) -> None:
    """The project's own planted faults (``PLANTED``, ``PLANTED_DCG``, ``PLANTED_MORE``,
    ``PLANTED_MINIMAL``, ``PLANTED_NAMING``), one at a time, 12 seeded random games each (no
    vectors; the rare ones, ``RARE``, 40) under each of two seeds: exactly one finding each,
    at least 95 % of them under a clause the fault breaks, no reading verdict moved unless
    the fault is a reading. (Measured 2026-12-07: 20 of 20 at each seed, 153 s for both with
    ``-n 2``; 2026-12-08 on branch n24x, with the four ``PLANTED_NAMING`` faults: 24 of 24
    at each seed, 249 s for both with ``-n 2`` on a shared machine.)"""
    rows = [_measure(n, seed=seed, games=RARE_GAMES if n in RARE else 12, vectors=False)
            for n in sorted(PROJECT)]
    _assert_share(rows)


#: A full run's seed known to break the check, with why (strict: it fails once fixed).
KNOWN_FULL_RUN = {
    1: "no_reshuffle_on_exhaustion (DB-D.3) gives a second finding, DB-B.3 on "
       "$.digimon_power x1, once branch n24p's lapsed probes changed the random games "
       "(2026-12-07, CI at ed49e8f): a tribute Digivolve whose payment empties the Online "
       "deck, where the engine does not recycle; 951568f's replay names that trace DB-B.3 too "
       "(a naming weakness, issue 24, not new code); the 95 % share held there, the checks "
       "after the one-finding one (verdicts moved, lengths) were not reached",
}


@pytest.mark.thorough
@pytest.mark.parametrize("seed", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=KNOWN_FULL_RUN[s]))
    if s in KNOWN_FULL_RUN else s for s in (0, 1, 2)])
def test_each_project_fault_gives_one_finding_in_a_full_run(seed: int) -> None:
    """The measurement of issue 24's "done when": every project planted fault, rare ones
    included, run alone through a full default ``verify`` (every vector, 40 random games;
    a rare one 80): one finding each, 95 % under the fault's clause, no verdict moved.

    Measured 2026-12-07 on branch v24c (``pytest -m thorough -k full_run -rP``, 593 s with
    ``-n 2`` on a shared 2-core machine): seeds 0, 1 and 2 each 20 of 20 findings under the
    fault's clause and 20 of 20 runs with exactly one finding (60 of 60 = 100 %, against
    59 of 63 = 93.7 % and 57 of 60 runs before); no verdict moved; none too long. Left with no
    evidence (``untested``, not a moved verdict: the fault breaks the vectors before their
    reading's check): DCG-AMB-2 (dcg_pass_to_1), DCG-AMB-1 (dcg_turn_ends_at_2), DB-AMB-28
    (ignores_use_it_or_lose_it), DB-AMB-15 (pass_not_final) and nine for seat_1_power_own_row
    (DB-AMB-5, 11, 14, 15, 16, 17, 23, 26, 27), at every seed. digi_duel_after_pass: one
    DB-C.2 finding (24, 24, 11 roots); minimal_digi_duel_after_pass: one DB-C.2
    accepted-illegal finding (4, 7, 8 roots; none at seed 2 before)."""
    rows = [_measure(n, seed=seed, games=80 if n in RARE else 40, vectors=True)
            for n in sorted(PROJECT)]
    _assert_share(rows)


#: A Digivolve that leaves both players only forced passes: the Duel ends in the same step
#: and its loser, seat 0, sends the Digimon it just Digivolved Offline (DB-C.6). From games
#: of the review's ``loserkeeps`` engine (tests/independent_faults.py), seed 0 (``actual``:
#: that engine's answer to the last action) and seed 7 (an Ultra Digivolve, which also sends
#: the hand Offline under DB-B.3n, shrunk).
DIGIVOLVE_THEN_DUEL_END = HERE / "data" / "db-digivolve-then-forced-duel-end.json"
ULTRA_THEN_DUEL_END = HERE / "data" / "db-ultra-digivolve-then-forced-duel-end.json"


def _forced_end(doc: Mapping[str, Any]) -> tuple[OracleDriver, Any, Outcome, Any]:
    """The oracle after ``doc``'s actions, its state before the last, its outcome, and its
    state once the forced actions that follow are played."""
    from digiconform.verifier.games import hooks

    *prelude, last = doc["actions"]
    oracle = OracleDriver()
    oracle.new_game(doc["setup"])
    for a in prelude:
        oracle.apply(a)  # (a probe among them is refused)
    before = oracle.state.to_json()
    out = oracle.apply(last)
    assert out.refusal is None
    game = hooks("digibattle")
    st = oracle.state
    while isinstance(st.to_move, int) and len(game.legal_actions(st)) == 1:
        st, _ = game.apply(st, game.legal_actions(st)[0])
    return oracle, before, out, st.to_json()


@pytest.mark.parametrize("fixture", [DIGIVOLVE_THEN_DUEL_END, ULTRA_THEN_DUEL_END])
def test_an_engine_past_a_duels_forced_end_that_keeps_the_losers_digimon_breaks_db_c6(
        fixture: Path) -> None:
    """An engine with no waiting point passes for both players and ends the Duel by itself,
    but leaves the loser's Digimon, Digivolved in that same step, in its Duel Zone. At seed
    0 it differs in as many fields at the oracle's waiting point (the phase, the score) as
    where it stands (the Duel Zone, the Offline pile): it is compared where it stands
    (``forced_closest``: who acts where alike first). The move it left out is the loser's
    Digimon sent Offline (``_card_mover``: the Digivolve moved that card into the Duel Zone,
    the Duel's end out of it), DB-C.6, not the pass's DB-B.5 (seed 0) or the Ultra
    Digivolve's DB-B.3n, whose events also change the Offline pile (seed 7): both were
    findings of their own beside DB-C.6."""
    doc = json.loads(fixture.read_text(encoding="utf-8"))
    oracle, before, out, end = _forced_end(doc)
    assert oracle.state.to_json()["phase"] != "regroup" and end["phase"] == "regroup"
    if "actual" in doc:
        actual = doc["actual"]  # (the engine's core fields: it declared no detail of these)
    else:  # the same, made from the oracle's: the Digimon left where it was
        actual = copy.deepcopy(end)
        lost = next(c for c in actual["players"][0]["offline"]
                    if c == doc["actions"][-1]["card"])
        actual["players"][0]["offline"].remove(lost)
        actual["players"][0]["duel_zone"].append(lost)
    assert actual["phase"] == "regroup" and len(actual["players"][0]["duel_zone"]) == 2
    near = D.forced_closest("digibattle", oracle.state, actual, details=())
    assert near is not None and near.state.to_json()["phase"] == "regroup"
    assert sorted(p for p, _, _ in near.differences) == [
        "$.players[0].duel_zone", "$.players[0].offline"]
    div = D.Divergence("state", len(doc["actions"]) - 1, doc["setup"], list(doc["actions"]),
                       "the states differ", differences=near.differences,
                       actual_state=actual, before=before, details=(),
                       events=list(out.events) + near.events)
    D.attribute(div, readings=False)
    assert div.clause == "DB-C.6"


def test_a_reading_the_run_took_back_is_held_by_the_games_played_under_it() -> None:
    """The games the oracle played under a reading learnt from an earlier game, which the run
    then took back (no root divergence is explained by it any more), are the ones played
    again without it (``_taken_back``, ``_holds``): a reading the setup asks for is no
    override, and a reading that still explains a root stands."""
    setup = {"ruleset": "digibattle", "variants": {"DB-AMB-13": "must-fulfil"}}
    learnt = D.Divergence("accepted-illegal", 11, setup, [], "", game=0)  # (retracted)
    later = D.Divergence("state", 20, setup, [], "", game=1,
                         overrides={"DB-AMB-13": "no-effect"})
    asked = D.Divergence("refused-legal", 5, setup, [], "", game=2,
                         overrides={"DB-AMB-13": "must-fulfil"})
    games = {0: [learnt], 1: [later], 2: [asked], 3: []}
    starts = {0: set(), 1: {("DB-AMB-13", "no-effect")}, 2: set(),
              3: {("DB-AMB-13", "no-effect")}}
    back = D._taken_back(games, starts)
    assert back == {("DB-AMB-13", "no-effect")}
    assert [i for i in games if D._holds(games[i], starts[i], back)] == [1, 3]
    learnt.reading = ("DB-AMB-13", "no-effect")  # the reading stands: nothing to play again
    assert D._taken_back(games, starts) == set()

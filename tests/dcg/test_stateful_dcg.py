"""Random DCG games keep the chapter-6 rules: the stateful test.

:class:`DcgMachine` plays random games (set-ups from :func:`strategies.dcg.game_setups`:
shipped or drawn decks, every reading of every ``DCG-AMB``; legal choices; shuffles as
permutations) and checks after every step, from the rule text (``docs/rules/CLAUSES.md``)
and the card data, never from the oracle's own answers:

- memory stays within -10..10 (CR4.2 Memory);
- the turn ends exactly when the turn-end condition holds and nothing is pending (DCG-6-1-4-1,
  6-6-1..4): ``end_of_turn`` and ``turn_ended`` happen only with memory at the threshold or
  more on the opponent's side, nothing pending and no attack in progress; a postponed end of
  turn (6-6-4) only when memory came back below it; and no player is ever asked to decide
  while the condition holds with nothing pending (the turn should have ended);
- exactly one breeding action per Breeding phase (DCG-6-4-1), after the Draw phase and
  before the Main phase;
- card conservation: each player holds exactly their deck list, each card in one zone;
- the first-turn draw skip (DCG-6-3-1-1) applies to the player who won rock-paper-scissors,
  in turn 1 only; every other Draw phase draws, and a deck-out loses only there (DCG-6-3-1);
- the events account for ``pending`` and ``delayed`` (CR4.2 Triggered effects / Pending
  processing), which is what the turn-end checks read;
- CR4.2 "Infinite loops": a draw says so (no winner, that clause), and no player is ever
  left where a pass that changes nothing is their only action (:func:`strategies.dcg.is_stuck`:
  nobody can stop that loop, so the game must already be a draw);
- determinism (each step applied twice; each game replayed from its actions), JSON round trip
  (``State.from_json``, ``action_from_json``) and schema validity (``schemas/dcg``).

The size of the run comes from the Hypothesis profile (``HYPOTHESIS_PROFILE``: ``dev``, ``ci``
or ``thorough``; :mod:`strategies.profiles`): 10, 25 or 500 random games.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)

from oracle.dcg import (
    Action,
    Event,
    Game,
    State,
    action_from_json,
    apply,
    legal_actions,
    state_from_json,
)
from oracle.validation import is_valid, validator
from strategies import dcg as sd
from strategies.profiles import load_profile, stateful_settings

load_profile()

MEMORY_LIMIT = 10
BREEDING = frozenset(("hatched", "moved", "did_nothing"))


class InvariantViolation(AssertionError):
    """A rule invariant broken by a state or a step; ``clause`` names the rule (or the JSON
    contract: ``"schema"``, ``"json-round-trip"``, ``"determinism"``)."""

    def __init__(self, clause: str, message: str) -> None:
        self.clause = clause
        super().__init__(f"[{clause}] {message}")


def _fail(clause: str, message: str) -> None:
    __tracebackhide__ = True
    raise InvariantViolation(clause, message)


def threshold(state: State, player: int) -> int:
    """DCG-6-1-4-1 as the cards say: how far on the opponent's side memory must be for
    ``player``'s turn to end: 1, or more under a [Your Turn] "ends only when memory is N or
    more" card in their battle area."""
    n = 1
    for stack in state.players[player].battle_area:
        for eff in state.game.cards[stack.top].effects:
            if eff.action == "turn_end_threshold":
                n = max(n, eff.value)
    return n


@lru_cache(maxsize=20_000)
def _valid(text: str, name: str) -> str | None:
    """The first schema error of the document ``text`` against ``name``, or None."""
    doc = json.loads(text)
    if is_valid(doc, name):  # (compiled; tests/test_schemas.py: it agrees with jsonschema)
        return None
    err = next(iter(validator(name).iter_errors(doc)))
    return f"{err.json_path}: {err.message}"


def check_json(state: State, action: Action, events: Sequence[Event]) -> None:
    """Schema validity and JSON round trips of a state, its action and its events."""
    doc = state.to_json()
    text = json.dumps(doc, sort_keys=True)
    problem = _valid(text, "state")
    if problem:
        _fail("schema", f"state: {problem}")
    back = state_from_json(json.loads(text), state.game)
    if back != state or back.to_json() != doc:
        _fail("json-round-trip", "state_from_json(state.to_json()) differs")
    adoc = action.to_json()
    problem = _valid(json.dumps(adoc, sort_keys=True), "dcg/action")
    if problem:
        _fail("schema", f"action {adoc}: {problem}")
    if action_from_json(json.loads(json.dumps(adoc))) != action:
        _fail("json-round-trip", f"action_from_json({adoc}) != {action!r}")
    for e in events:
        problem = _valid(json.dumps(e.to_json(), sort_keys=True), "dcg/event")
        if problem:
            _fail("schema", f"event {e.to_json()}: {problem}")


def check_state(state: State) -> None:
    """What must hold in any single state."""
    if not -MEMORY_LIMIT <= state.memory <= MEMORY_LIMIT:
        _fail("CR4.2 Memory", f"memory {state.memory} is past 10")
    for p, me in enumerate(state.players):
        deck = state.game.decks[p]
        if Counter(me.all_cards()) != Counter(deck.main + deck.eggs):
            _fail("CR4.2 Game setup", f"player {p}'s cards are not exactly their deck list")
    if state.is_over:
        if state.to_move is not None:
            _fail("CR4.2 Victory conditions", "the game is over but someone is to move")
        return
    legal = legal_actions(state)
    if list(legal) != sorted(legal, key=Action.sort_key):
        _fail("DCG-6-1-1", f"the legal actions are not in the canonical order: {legal}")
    decides = state.to_move in (0, 1) and state.phase in ("unsuspend", "draw", "breeding",
                                                          "main")
    # (a choice inside an effect is part of its resolution: an Option that pays memory over
    # to the opponent's side still resolves its [Main] first, DCG-CONTEXT 1.2)
    if decides and not state.pending and state.attack is None and state.step != "end_of_turn" \
            and state.choice is None:
        tp = state.turn_player
        if -state.memory >= threshold(state, tp):
            _fail("DCG-6-1-4-1", f"player {state.to_move} is asked to act in the "
                                 f"{state.phase} phase with memory {-state.memory} on the "
                                 "opponent's side and nothing pending: the turn should end")


class Referee:
    """Follows one game through its events, checking what holds from step to step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.first_player: int | None = None
        self.turn = 0
        self.breeding = 0
        self.drew = False
        self.main = False
        self.in_attack = False

    def check_step(self, pre: State, action: Action, post: State,
                   events: Sequence[Event]) -> None:
        """Walk the events of one step, checking the turn flow (see the module docstring)."""
        pending, delayed = len(pre.pending), len(pre.delayed)
        memory, tp = pre.memory, pre.turn_player
        for ev in events:
            kind, d = ev.type, dict(ev.details)
            if kind == "first_player":
                self.first_player = ev.player
            elif kind == "memory":
                memory = d["after"]
            elif kind == "triggered":
                pending += 1
            elif kind in ("resolved", "effect_lost") and ev.clause != "CR4.2 Security checks":
                pending -= 1  # a [Security] effect resolves at once, it never waits
            elif kind == "option_used":
                pending += sum(1 for e in self.game.cards[d["card"]].effects
                               if e.timing == "main")
            elif kind == "activated":
                pending += 1
            elif kind == "delayed":
                delayed += 1
            elif kind == "attack_declared":
                self.in_attack = True
            elif kind == "attack_ended":
                self.in_attack = False
            elif kind == "start_of_turn":
                self._start(ev, tp)
                tp = ev.player
            elif kind in ("drew", "draw_skipped") and ev.clause != "CR4.2 Game setup" \
                    and ev.clause != "CR4.2 Digivolving":
                self._draw(ev, tp)
            elif kind in BREEDING and ev.clause != "DCG-6-5-1-6":
                self._breed(ev)  # BT1-089's [Main] hatch/move is no breeding action
            elif kind == "main_phase":
                if self.drew and self.breeding != 1:
                    _fail("DCG-6-4-1", f"turn {self.turn} reached the Main phase after "
                                       f"{self.breeding} breeding actions")
                self.main = True
            elif kind == "end_of_turn":
                self._turn_may_end(kind, memory, pending, tp, post)
                pending += delayed
                delayed = 0
            elif kind == "end_of_turn_postponed":
                if pending or -memory >= threshold(post, tp):
                    _fail("DCG-6-6-4", f"end of turn postponed at memory {memory} with "
                                       f"{pending} pending")
            elif kind == "turn_ended":
                self._turn_may_end(kind, memory, pending, tp, post)
                memory = -memory
            elif kind == "game_over":
                self._game_over(ev, tp, post)
                pending = 0  # what is left undone; pending processing stays listed
        if (pending, delayed) != (len(post.pending), len(post.delayed)):
            _fail("CR4.2 Triggered effects", f"the events leave {pending} pending and "
                                             f"{delayed} delayed; the state has "
                                             f"{len(post.pending)} and {len(post.delayed)}")
        if memory != post.memory and not post.is_over:
            _fail("CR4.2 Memory", f"the memory events end at {memory}, the state says "
                                  f"{post.memory}")

    def _turn_may_end(self, kind: str, memory: int, pending: int, tp: int, post: State) -> None:
        need = threshold(post, tp)
        clause = "DCG-6-6-3" if kind == "turn_ended" else "DCG-6-1-4-1"
        if -memory < need:
            _fail(clause, f"{kind} with memory {-memory} on the opponent's side (needs {need})")
        if pending:
            _fail(clause, f"{kind} with {pending} effects pending")
        if self.in_attack:
            _fail(clause, f"{kind} in the middle of an attack")

    def _start(self, ev: Event, old_tp: int) -> None:
        turn = ev.get("turn")
        if turn != self.turn + 1:
            _fail("DCG-6-1-1", f"turn {turn} follows turn {self.turn}")
        if turn == 1 and ev.player != self.first_player:
            _fail("CR4.2 Game setup", f"player {ev.player} begins, but player "
                                      f"{self.first_player} won rock-paper-scissors")
        if turn > 1 and ev.player == old_tp:
            _fail("DCG-6-6-3", "the same player takes two turns in a row")
        self.turn, self.breeding, self.drew, self.main = turn, 0, False, False

    def _draw(self, ev: Event, tp: int) -> None:
        first = self.turn == 1 and tp == self.first_player
        if ev.type == "draw_skipped" and not first:
            _fail("DCG-6-3-1-1", f"player {tp} skipped the draw in turn {self.turn}, which "
                                 "is not the first player's first turn")
        if ev.type == "drew" and first:
            _fail("DCG-6-3-1-1", "the first player drew in their first turn")
        if self.drew or self.breeding or self.main:
            _fail("DCG-6-1-2", f"a second Draw phase, or one out of order, in turn {self.turn}")
        self.drew = True

    def _breed(self, ev: Event) -> None:
        self.breeding += 1
        if self.breeding > 1:
            _fail("DCG-6-4-1", f"{self.breeding} breeding actions in turn {self.turn}")
        if not self.drew or self.main:
            _fail("DCG-6-1-2", f"a breeding action outside the Breeding phase ({ev.type})")

    def _game_over(self, ev: Event, tp: int, post: State) -> None:
        if ev.get("reason") == "infinite_loop" and (ev.player is not None or post.winner
                                                    is not None
                                                    or ev.clause != "CR4.2 Infinite loops"):
            _fail("CR4.2 Infinite loops", "a loop nobody can stop is a draw")
        if ev.get("reason") == "deck_out":
            if self.drew or ev.player != 1 - tp or post.players[tp].deck:
                _fail("DCG-6-3-1", "a deck-out loss outside the Draw phase, or with cards "
                                   "left, or for the wrong player")


def _in_game(m: DcgMachine) -> bool:
    return m.state is not None and not m.state.is_over


def _game_over(m: DcgMachine) -> bool:
    return m.state is not None and m.state.is_over


class DcgMachine(RuleBasedStateMachine):
    """Plays random DCG games, checking every invariant after each step."""

    setups: ClassVar[Any] = sd.game_setups()
    stats: ClassVar[Counter[str]] = Counter()
    """Figures over all runs (games started and finished, steps, states validated)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None
        self.game: Game | None = None
        self.actions: list[Action] = []
        self.history: list[tuple[State, tuple[Event, ...]]] = []
        self.referee: Referee | None = None

    def _begin(self, setup: sd.DcgSetup) -> None:
        note(f"setup: {json.dumps(setup.to_json(), separators=(',', ':'))}")
        self.game = setup.game()
        self.state = sd.new_game(self.game)
        self.referee = Referee(self.game)
        self.actions, self.history = [], []
        self.stats["games"] += 1
        check_state(self.state)

    @initialize(setup=setups)
    def start(self, setup: sd.DcgSetup) -> None:
        """A new game from a drawn set-up."""
        self._begin(setup)

    @precondition(_in_game)
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """Draw the next action (chance or a legal choice), apply it and check everything."""
        assert self.state is not None and self.referee is not None
        pre = self.state
        action = data.draw(sd.next_actions(pre), label="action")
        post, events = apply(pre, action)
        again = apply(pre, action)
        if again != (post, events):
            _fail("determinism", f"applying {action!r} twice gave different results")
        check_state(post)
        self.referee.check_step(pre, action, post, events)
        check_json(post, action, events)
        self.actions.append(action)
        self.history.append((post, events))
        self.state = post
        self.stats["steps"] += 1
        if post.is_over:
            self.stats["finished"] += 1
            self._replay_check()
        elif post.phase == "main" and sd.is_stuck(post):
            _fail("CR4.2 Infinite loops", "only a pass that changes nothing is left, and "
                                          "the game is not a draw")

    @precondition(_game_over)
    @rule(setup=setups)
    def next_game(self, setup: sd.DcgSetup) -> None:
        """The game is over: start another one in the same run."""
        self._begin(setup)

    def _replay_check(self) -> None:
        assert self.game is not None
        note(f"actions: {json.dumps([a.to_json() for a in self.actions])}")
        if sd.replay(self.game, self.actions) != self.history:
            _fail("determinism", "replaying the game's actions from new_game differs")

    def teardown(self) -> None:
        if self.state is not None and not self.state.is_over and self.actions:
            self._replay_check()


def test_random_dcg_games_keep_the_rules() -> None:
    DcgMachine.stats.clear()
    run_state_machine_as_test(DcgMachine, settings=stateful_settings("dcg"))
    print(f"DCG stateful: {dict(DcgMachine.stats)}")
    assert DcgMachine.stats["steps"] > 0



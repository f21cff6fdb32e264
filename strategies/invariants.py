"""Rule invariants of Digi-Battle, checked after every step of a game.

Each check is derived from the rule text (``docs/rules/CLAUSES.md``) and the chosen
reading of each ambiguity (``oracle.variants``), reading only the card data and the states
before and after a step. None of them asks the oracle what the answer should be (no
``digimon_power``, no ``legal_actions`` except to see that a player can move), so a rule bug in
the oracle shows up as an :class:`InvariantViolation` naming the clause it breaks.

- :func:`check_state`: what must hold in every state (card conservation, the Rookie at the
  bottom of the Duel Zone, hand and zone sizes, game over exactly at the target, DB-D.3).
- :class:`Referee`: what must hold from one state to the next (scores, Duels, Digivolves per
  Duel, the Power Port at each Duel's start, the Regroup draw, the Rookie changing). Under
  DB-AMB-24 "run-out" one step may end with passes the rules make for players who have run
  out of playable Power Option cards, and so end a Duel (even the step that starts the Battle
  phase): the Referee splits such a step in two, the action as under "say-pass" (the one
  place it calls the oracle's ``apply``: that reading differs only in what follows the
  action) and the passes made for the players, and checks each half.
- :func:`check_json`: schema validity and JSON round-trip identity of states, actions and
  events (memoised: validating a Digi-Battle state with ``jsonschema`` takes ~15 ms).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from oracle.cards import DigimonCard, PowerOptionCard
from oracle.digibattle import (
    Action,
    Event,
    Game,
    State,
    action_from_json,
    apply,
    legal_actions,
)
from oracle.resources import schemas_dir

HAND_SIZE = 10
DECK_SIZE = 30
POWER_EFFECTS = frozenset({"add_power", "multiply_power", "divide_opponent_power"})
DUEL_STEPS = frozenset({("digivolve", "reveal"), ("battle", "play")})


class InvariantViolation(AssertionError):
    """A rule invariant broken by a state or a step; ``clause`` names the rule (or the JSON
    contract: ``"schema"``, ``"json-round-trip"``, ``"determinism"``)."""

    def __init__(self, clause: str, message: str) -> None:
        self.clause = clause
        self.message = message
        super().__init__(f"[{clause}] {message}")


def _fail(clause: str, message: str) -> None:
    __tracebackhide__ = True
    raise InvariantViolation(clause, message)


def _reading(game: Game, ambiguity: str) -> str:
    return game.variants[ambiguity]


def _card(game: Game, serial: str) -> Any:
    return game.card_set.cards[serial]


def _level(game: Game, serial: str) -> int:
    card = _card(game, serial)
    return card.level_index if isinstance(card, DigimonCard) else -1


def _is_rookie(game: Game, serial: str | None) -> bool:
    card = _card(game, serial) if serial else None
    return isinstance(card, DigimonCard) and card.level == "Rookie"


def _board(state: State, p: int) -> tuple[str, ...]:
    """The cards on player ``p``'s side of the board except the Rookie (DB-D.2, DB-D.3)."""
    me = state.players[p]
    pending = (me.pending_rookie,) if me.pending_rookie else ()
    return me.duel_zone[1:] + me.digivolve_zone + me.power_port + pending


# ------------------------------------------------------------------------------------------
# States


def check_state(state: State, *, moves: bool = True) -> None:
    """Check everything that must hold in any single state (with ``moves``: also that the
    player to move has a legal action).

    :raises InvariantViolation: naming the clause that is broken.
    """
    g = state.game
    for p, me in enumerate(state.players):
        held = Counter(c for zone in me.zones() for c in zone)
        deck = Counter(g.decks[p])
        if held != deck:
            _fail("DB-A.0", f"player {p}'s cards are not exactly the 30 of their deck, each in "
                            f"one zone: missing {sorted((deck - held).elements())}, extra "
                            f"{sorted((held - deck).elements())}")
        if state.phase != "setup" or me.duel_zone:
            if not me.duel_zone:
                _fail("DB-C.6", f"player {p} has no Rookie left on the Duel Zone")
            if not _is_rookie(g, me.duel_zone[0]):
                _fail("DB-A.1", f"the card at the bottom of player {p}'s Duel Zone, "
                                f"{me.duel_zone[0]}, is not a Rookie")
        if len(me.hand) > HAND_SIZE:
            _fail("DB-D.1", f"player {p} holds {len(me.hand)} cards: the hand is restored to "
                            f"{HAND_SIZE}, never more")
        if len(me.digivolve_zone) > 1:
            _fail("DB-B.0", f"player {p} has {len(me.digivolve_zone)} cards face down on the "
                            "Digivolve Zone (one at most)")
        if me.pending_rookie is not None and not _is_rookie(g, me.pending_rookie):
            _fail("DB-D.4", f"player {p}'s new face-down Rookie {me.pending_rookie} is not a "
                            "Rookie")
        if me.score < 0:
            _fail("DB-C.5", f"player {p}'s score is negative: {me.score}")
    _check_turn(state, moves)
    _check_target(state)
    _check_online(state)


def _check_turn(state: State, moves: bool) -> None:
    if state.is_terminal():
        if state.to_move is not None or state.chance is not None:
            _fail("DB-C.9", "the game is over but someone is still to move")
    elif state.chance is not None:
        if state.to_move != "chance":
            _fail("DB-A.2", f"a chance outcome is due but {state.to_move!r} is to move")
    elif state.to_move not in (0, 1):
        _fail("DB-C.1", f"the game is not over but nobody is to move ({state.to_move!r})")
    elif moves and not legal_actions(state):
        _fail("DB-B.6", f"player {state.to_move} is to move but has no legal action "
                        f"({state.phase}/{state.step}); passing is always possible")


def _check_target(state: State) -> None:
    """DB-C.9 under DB-AMB-7: the game is over exactly when a score reaches the target."""
    g = state.game
    scores = [me.score for me in state.players]
    reached = [p for p in (0, 1) if scores[p] >= g.target]
    immediate = _reading(g, "DB-AMB-7") == "immediate"
    if state.is_terminal():
        if state.end_reason == "duel_limit" and g.max_duels is not None:
            return
        if not reached:
            _fail("DB-C.9", f"the game is over but no score reached the target {g.target}: "
                            f"scores {scores}")
        if state.winner not in reached:
            _fail("DB-C.9", f"player {state.winner} won with {scores} but has not reached the "
                            f"target {g.target}")
        if immediate and len(reached) != 1:
            _fail("DB-C.9", f"both scores {scores} are at the target {g.target}: under "
                            "DB-AMB-7 'immediate' the game ends when the first gets there")
        if not immediate and scores[state.winner] < max(scores):
            _fail("DB-C.9", f"player {state.winner} won with the lower score: {scores} "
                            "(DB-AMB-7 'end-of-duel': the higher score wins)")
        return
    if reached and immediate:
        _fail("DB-C.9", f"score {scores} reached the target {g.target} but the game goes on "
                        "(DB-AMB-7 'immediate')")
    if reached and (state.phase, state.step) not in DUEL_STEPS:
        _fail("DB-C.9", f"the Duel is over, score {scores} reached the target {g.target}, but "
                        f"the game goes on in {state.phase}/{state.step} (DB-AMB-7 "
                        "'end-of-duel')")


def _check_online(state: State) -> None:
    """DB-D.3 under DB-AMB-3 'whole-offline' and DB-AMB-16 'recycle': when the Online deck
    reaches zero, the board (except the Rookie) and the whole Offline pile are shuffled Online
    before play resumes. At most 10 cards are in hand and one is the Rookie, so at least 19
    come back: outside set-up and chance nodes the Online deck is never empty."""
    g = state.game
    if (state.phase == "setup" or state.is_terminal() or state.chance is not None
            or _reading(g, "DB-AMB-3") != "whole-offline"
            or _reading(g, "DB-AMB-16") != "recycle"):
        return
    for p, me in enumerate(state.players):
        if not me.online:
            _fail("DB-D.3", f"player {p}'s Online deck is empty and play goes on: it should "
                            f"have been recycled ({len(me.offline)} cards Offline, board "
                            f"{list(_board(state, p))})")


# ------------------------------------------------------------------------------------------
# Steps


class Referee:
    """Checks each step of one game against the rules; feed it every step in order."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.digivolves: Counter[tuple[int, int]] = Counter()  # (duel, player) → count
        self.owed_draw: set[int] = set()  # players whose Regroup draw is not finished
        self.say_pass: Game | None = None  # under DB-AMB-24 "run-out": the same game, "say-pass"
        if _reading(game, "DB-AMB-24") == "run-out":
            self.say_pass = Game(game.card_set, game.decks, game.target,
                                 {**game.variants, "DB-AMB-24": "say-pass"}, game.max_duels)

    def check_step(self, pre: State, action: Action, post: State,
                   events: Sequence[Event]) -> None:
        """Check the step ``pre --action--> post`` with its ``events``.

        Under DB-AMB-24 "run-out" a step that ends with passes made for players who ran out
        (DB-C.3) is checked as two: ``pre --action--> mid`` (the step under "say-pass") and
        ``mid --passes--> post``.

        :raises InvariantViolation: naming the clause that is broken.
        """
        if self.say_pass is not None and pre.phase != "game_over":
            mid, head = apply(pre._replace(game=self.say_pass), action)
            mid = mid._replace(game=self.game)
            tail = tuple(events[len(head):])
            if tail or mid != post:
                if tuple(events[:len(head)]) != head:
                    _fail("DB-C.3", f"under DB-AMB-24 'run-out' the events of "
                                    f"{action.to_json()} differ from those of the action "
                                    "itself before the passes made for players who ran out")
                made = [e for e in tail if e.type == "passed"]
                if not made or mid.phase != "battle" or any(
                        e.player is None or mid.players[e.player].passed for e in made):
                    _fail("DB-C.3", f"after {action.to_json()} play went on with "
                                    f"{[e.type for e in tail]}: only passes for players who "
                                    "have not passed yet (and the Duel's end) may follow")
                self._check_one(pre, action, mid, head)
                self._check_one(mid, Action("pass", made[0].player), post, tail)
                return
        self._check_one(pre, action, post, events)

    def _check_one(self, pre: State, action: Action, post: State,
                   events: Sequence[Event]) -> None:
        self._check_setup_deal(pre, action, post)
        self._check_duel_end(pre, post, events)
        self._check_scores(pre, action, post, events)
        self._check_digivolves(pre, action, post)
        self._check_duel_start(pre, post)
        self._check_hands(pre, action, post)
        self._check_rookie_bottom(pre, post)

    def _check_setup_deal(self, pre: State, action: Action, post: State) -> None:
        """DB-A.2: after the set-up shuffle, 10 cards in hand and 19 Online."""
        if pre.phase == "setup" and action.type == "shuffle":
            me = post.players[action.player if action.player is not None else pre.chance[1]]
            if (len(me.hand), len(me.online)) != (HAND_SIZE, DECK_SIZE - 1 - HAND_SIZE):
                _fail("DB-A.2", f"after the deal the hand has {len(me.hand)} cards and Online "
                                f"{len(me.online)} (10 and 19 expected)")

    # -- end of a Duel: DB-C.4 … DB-C.8 ---------------------------------------------------

    def _check_duel_end(self, pre: State, post: State, events: Sequence[Event]) -> None:
        g = self.game
        ended = pre.phase == "battle" and post.phase != "battle"
        outcomes = [e for e in events if e.type in ("duel_won", "duel_tied")]
        if not ended:
            if outcomes:
                _fail("DB-C.4", f"a Duel was decided ({outcomes[0].type}) while play goes on")
            return
        if len(outcomes) != 1:
            _fail("DB-C.4", f"the Battle phase ended with {len(outcomes)} Duel results")
        won = outcomes[0].player if outcomes[0].type == "duel_won" else None
        a, b = pre.players
        plain = not any(POWER_EFFECTS & {e.kind for e in _card(g, s).effects}
                        for me in pre.players for s in me.power_port)
        if plain:
            # No Power Option changes the Digimon Power: read the power charts (DB-A.4,
            # DB-AMB-10) and compare (DB-C.4, DB-C.8).
            own_row = _reading(g, "DB-AMB-10") == "own-type"
            mine = [_card(g, me.duel_zone[-1]) for me in (a, b)]
            power = [mine[i].power[mine[i].battle_type if own_row else mine[1 - i].battle_type]
                     for i in (0, 1)]
            expected = None if power[0] == power[1] else (0 if power[0] > power[1] else 1)
            if won != expected:
                what = "a tie" if expected is None else f"won by player {expected}"
                _fail("DB-C.8" if expected is None else "DB-C.4",
                      f"Digimon Power {power[0]} vs {power[1]} with no Power Option in play: "
                      f"the Duel is {what}, but the result was "
                      f"{'a tie' if won is None else f'a win for player {won}'}")
        # DB-AMB-23 "score-first" with DB-AMB-7 "immediate": the points that win the game end
        # it before the clean-up (under "end-of-duel" the target is checked after it).
        unclean = (won is not None and post.is_terminal() and post.winner == won
                   and _reading(g, "DB-AMB-23") == "score-first"
                   and _reading(g, "DB-AMB-7") == "immediate")
        for p in (0, 1):
            if post.players[p].power_port and not unclean:
                _fail("DB-C.6", f"player {p}'s Power Port still holds "
                                f"{list(post.players[p].power_port)} after the Duel")
        if unclean:
            for p in (0, 1):
                if post.players[p].duel_zone != pre.players[p].duel_zone:
                    _fail("DB-C.9", f"the game was won by the Duel's points (DB-AMB-23 "
                                    f"'score-first'), yet player {p}'s Duel Zone was cleaned "
                                    f"up: {list(pre.players[p].duel_zone)} became "
                                    f"{list(post.players[p].duel_zone)}")
            return
        exhausted = {e.player for e in events if e.type == "online_exhausted"}
        if won is None:
            bakemon = any(e.kind == "opponent_digimon_offline_on_tie"
                          for me in pre.players for e in _card(g, me.duel_zone[-1]).effects)
            for p in (0, 1):
                if p not in exhausted and not bakemon and not self._kept(pre, post, p):
                    _fail("DB-C.8", f"after a tie player {p}'s Duel Zone changed from "
                                    f"{list(pre.players[p].duel_zone)} to "
                                    f"{list(post.players[p].duel_zone)}")
            if not post.is_terminal() and post.first_player != pre.first_player:
                _fail("DB-C.8", f"after a tie player {post.first_player} goes first, not "
                                f"player {pre.first_player} who went first last time")
            return
        loser = 1 - won
        if post.players[loser].duel_zone != pre.players[loser].duel_zone[:1]:
            _fail("DB-C.6", f"the loser (player {loser}) must keep only the Rookie "
                            f"{pre.players[loser].duel_zone[0]} on the Duel Zone, not "
                            f"{list(post.players[loser].duel_zone)}")
        if won not in exhausted and not self._kept(pre, post, won):
            _fail("DB-C.6", f"the winner (player {won}) must keep all Digimon on the Duel "
                            f"Zone: {list(pre.players[won].duel_zone)} became "
                            f"{list(post.players[won].duel_zone)}")
        if not post.is_terminal() and post.first_player != won:
            _fail("DB-C.7", f"player {won} won the Duel but player {post.first_player} goes "
                            "first in the next")

    def _kept(self, pre: State, post: State, p: int) -> bool:
        """Player ``p`` kept their Duel Zone through the end of the Duel: same cards in the same
        order, the same Digimon showing; under DB-AMB-5 'stays' a DNA partner from the Power
        Port may join the stack under the Digimon showing."""
        before, after = pre.players[p].duel_zone, post.players[p].duel_zone
        if after == before:
            return True
        if _reading(self.game, "DB-AMB-5") != "stays" or not after or after[-1] != before[-1]:
            return False
        joined = [s for s in after if s not in before]
        return ([s for s in after if s in before] == list(before)
                and set(joined) <= set(pre.players[p].power_port)
                and all(isinstance(_card(self.game, s), DigimonCard) for s in joined))

    # -- scores: DB-C.5, DB-B.3n, DB-AMB-14 --------------------------------------------------

    def _check_scores(self, pre: State, action: Action, post: State,
                      events: Sequence[Event]) -> None:
        g = self.game
        won = [e.player for e in events if e.type == "duel_won"]
        for p in (0, 1):
            old, new = pre.players[p].score, post.players[p].score
            allowed, why = {old}, "no Duel was won and no card scored"
            if action.type == "digivolve" and action.player == p and action.card:
                pts = sum(e.points for e in _card(g, action.card).effects
                          if e.kind == "score_on_digivolve")
                allowed, why = {old + pts}, f"{action.card} scores {pts} when Digivolving"
            if p in won:
                win_card = _card(g, pre.players[p].duel_zone[-1])
                lost = _card(g, pre.players[1 - p].duel_zone[-1]).level
                chart = win_card.score[lost]
                allowed = {old + chart}
                why = f"{win_card.serial}'s SCORE chart gives {chart} for a {lost}"
                doubled = any(isinstance(_card(g, s), PowerOptionCard)
                              and _card(g, s).has_effect("double_score_on_win")
                              for s in pre.players[p].power_port)
                if doubled:
                    total = _reading(g, "DB-AMB-14") == "total"
                    allowed.add(2 * (old + chart) if total else old + 2 * chart)
                    why += ", doubled by a Power Option if its Use Requirements were fulfilled"
            if new not in allowed:
                clause = "DB-C.5" if p in won else (
                    "DB-B.3n" if action.type == "digivolve" else
                    "DB-C.8" if any(e.type == "duel_tied" for e in events) else "DB-C.5")
                _fail(clause, f"player {p}'s score went from {old} to {new} after "
                              f"{action.to_json()}: allowed {sorted(allowed)} ({why})")

    # -- Digivolving: DB-B.2, DB-B.7 ---------------------------------------------------------

    def _check_digivolves(self, pre: State, action: Action, post: State) -> None:
        g = self.game
        for p in (0, 1):
            a, b = pre.players[p], post.players[p]
            if not a.duel_zone or not b.duel_zone:
                continue
            base = a.pending_rookie or a.duel_zone[-1]
            top = b.duel_zone[-1]
            by_state = top not in a.duel_zone and top != a.pending_rookie
            by_action = action.type == "digivolve" and action.player == p
            if not (by_state or by_action):
                continue
            if pre.phase != "digivolve":
                _fail("DB-B.2", f"player {p}'s Digimon Digivolved to {top} during {pre.phase}")
            self.digivolves[(pre.duel, p)] += 1
            if self.digivolves[(pre.duel, p)] > 1:
                _fail("DB-B.7", f"player {p} Digivolved twice in Duel {pre.duel}")
            if by_state:
                up = _level(g, top) - _level(g, base)
                dna_skip = (_reading(g, "DB-AMB-4") == "either" and by_action
                            and action.method == "dna")
                if up != 1 and not (dna_skip and up > 1):
                    _fail("DB-B.7", f"player {p} went from {base} to {top}: {up} levels in one "
                                    "Duel (one level per Duel)")

    # -- Power Port at each Duel's start: DB-C.6, DB-AMB-9 -------------------------------

    def _check_duel_start(self, pre: State, post: State) -> None:
        """A Duel starts when play enters the Digivolve phase's reveal (or, with nothing to
        Digivolve, the Battle phase) from set-up or Regroup. All Power Option cards went Offline
        at the end of the last Duel (DB-C.6), so the Power Ports are empty, except that under
        DB-AMB-9 'at-prepare' a DIGIVICE / ULTRA DIGIVOLVE card committed with a face-down
        Digimon waits there."""
        if (post.phase, post.step) not in DUEL_STEPS or (pre.phase, pre.step) in DUEL_STEPS:
            return
        at_prepare = _reading(self.game, "DB-AMB-9") == "at-prepare"
        for p, me in enumerate(post.players):
            if not me.power_port:
                continue
            committed = (at_prepare and len(me.power_port) == 1 and me.digivolve_zone
                         and isinstance(_card(self.game, me.power_port[0]), PowerOptionCard)
                         and any(_card(self.game, me.power_port[0]).has_effect(k)
                                 for k in ("digivice", "ultra_digivolve")))
            if not committed:
                _fail("DB-C.6", f"Duel {post.duel} starts with {list(me.power_port)} on "
                                f"player {p}'s Power Port (empty expected, DB-AMB-9 "
                                f"{_reading(self.game, 'DB-AMB-9')!r})")

    # -- hands: DB-A.2, DB-D.1, DB-D.2 -------------------------------------------------------

    def _check_hands(self, pre: State, action: Action, post: State) -> None:
        for p in (0, 1):
            a, b = pre.players[p], post.players[p]
            drawing = action.type == "draw" and action.player == p
            resumed = action.type == "shuffle" and (pre.phase == "setup" or p in self.owed_draw)
            if len(b.hand) > len(a.hand) and not (drawing or resumed):
                _fail("DB-D.1", f"player {p}'s hand grew from {len(a.hand)} to {len(b.hand)} "
                                f"on {action.to_json()}: only the Regroup draw restores it")
            if drawing:
                self.owed_draw.add(p)
            if p in self.owed_draw and post.chance is None:
                self.owed_draw.discard(p)
                if len(b.hand) != HAND_SIZE and not self._may_stay_short(post, p):
                    _fail("DB-D.2" if b.online == () else "DB-D.1",
                          f"player {p}'s hand has {len(b.hand)} cards after the Regroup draw "
                          f"(10 expected; {len(b.online)} Online, {len(b.offline)} Offline, "
                          f"board {list(_board(post, p))})")

    def _may_stay_short(self, state: State, p: int) -> bool:
        """DB-D.2: a hand may stay short only when nothing is left to draw: Online is empty
        and nothing recyclable remains (the board, and under DB-AMB-3 'whole-offline' the
        Offline pile)."""
        me = state.players[p]
        whole = _reading(self.game, "DB-AMB-3") == "whole-offline"
        return not me.online and not _board(state, p) and not (whole and me.offline)

    # -- the Rookie: DB-A.1, DB-D.4 ----------------------------------------------------------

    def _check_rookie_bottom(self, pre: State, post: State) -> None:
        for p in (0, 1):
            a, b = pre.players[p], post.players[p]
            if a.duel_zone and b.duel_zone and b.duel_zone[0] != a.duel_zone[0] \
                    and b.duel_zone[0] != a.pending_rookie:
                _fail("DB-D.4", f"player {p}'s Rookie changed from {a.duel_zone[0]} to "
                                f"{b.duel_zone[0]} without a Rookie change")


# ------------------------------------------------------------------------------------------
# JSON: schemas and round trips


def schema_available(name: str) -> bool:
    """True when ``schemas/<name>.schema.json`` exists."""
    return (schemas_dir() / f"{name}.schema.json").is_file()


@lru_cache(maxsize=50_000)
def _validated(name: str, text: str) -> None:
    from oracle.validation import validate

    validate(json.loads(text), name)


def validate_cached(doc: Any, name: str) -> None:
    """Validate ``doc`` against schema ``name``, remembering documents already seen.

    :raises InvariantViolation: ``"schema"``, with the JSON path and reason.
    """
    from oracle.errors import InvalidInputError

    if not schema_available(name):
        return
    try:
        _validated(name, json.dumps(doc, sort_keys=True))
    except InvalidInputError as e:
        _fail("schema", f"{name} does not validate: {e.path}: {e.reason}\n"
                        f"{json.dumps(doc)[:2000]}")


@lru_cache(maxsize=20_000)
def _state_from_text(text: str) -> State:
    """``State.from_json`` of a state's JSON text, without its game (memoised by text)."""
    return State.from_json(json.loads(text), None)  # type: ignore[arg-type]


def check_json(state: State, action: Action | None = None,
               events: Iterable[Event] = ()) -> None:
    """Schema validity and JSON round-trip identity of a state, the action that led to it
    and its events.

    The state is validated by ``State.from_json`` itself (it validates its input against
    ``state.schema.json`` before reading it), so each state is validated once.

    :raises InvariantViolation: ``"schema"`` or ``"json-round-trip"``.
    """
    from oracle.errors import InvalidInputError

    doc = state.to_json()
    text = json.dumps(doc, sort_keys=True)  # also proves the form is plain JSON
    if schema_available("state"):
        try:
            back = _state_from_text(text)._replace(game=state.game)
        except InvalidInputError as e:
            _fail("schema", f"state does not validate: {e.path}: {e.reason}\n{text[:2000]}")
        if back != state:
            diff = [f for f in State._fields if getattr(back, f) != getattr(state, f)]
            _fail("json-round-trip", f"State.from_json(state.to_json()) differs in {diff}")
        if back.to_json() != doc:
            _fail("json-round-trip", "from_json(to_json(s)).to_json() != to_json(s)")
    if action is not None:
        adoc = action.to_json()
        validate_cached(adoc, "action")
        if action_from_json(json.loads(json.dumps(adoc))) != action:
            _fail("json-round-trip", f"action_from_json({adoc}) != {action!r}")
    for e in events:
        validate_cached(json.loads(json.dumps(e.to_json())), "event")

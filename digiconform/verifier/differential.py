"""Differential random games: the oracle and the implementation in lockstep.

Every ruleset is played the same way; what differs (setups, chance outcomes, probes, which
event names which clause) is in :mod:`digiconform.verifier.games`.

Each game is drawn from its own seeded :class:`random.Random` (:class:`Draw`; game ``i`` of
seed ``s`` is the same game on every machine and every version of Hypothesis): the seat order
of the decks, the target score (Digi-Battle), the readings (when the implementation honours
any reading), every chance outcome (coin toss winner, shuffle orders) and every action,
mostly legal ones chosen from the oracle's legal set and now and then a *probe* that is
probably illegal (a wrong player, an action of another step, a card not in hand). Nothing
here is shrunk by Hypothesis (:func:`shrink` shrinks a divergence itself, guided by the
oracle), so no Hypothesis draw is needed per choice: a draw cost about 20 times the oracle's
step. The same action goes to both; they must agree on every resulting state
(:mod:`digiconform.verifier.compare`), on every refusal (kind and clause) and, when the
implementation lists legal actions, on the legal set.

A divergence does not end the run, nor its game: the game goes on from where the
implementation is (:func:`play_lockstep` with ``collect``; a state taken over from it only
when it is a consistent position, :func:`consistency_problem`), fresh games are played within
the time budget, each on its own (an exception of the verifier's stops that game only). The
first unexplained divergence of a game (or of a re-sync under a reading) is a root cause,
attributed to a clause (:func:`attribute`) and grouped into a :class:`Finding` by that clause
(:func:`root_key`); what follows it from an adopted state is its consequence, listed under
it. After a divergence a reading explains, the oracle plays the rest of the run under that
reading (a reading explanation the game or the run contradicts is retracted). Each
finding's counterexample is shrunk to a short game (within a shared time budget, oracle-guided:
:func:`shrink`) and saved as a trace file (``schemas/trace.schema.json``) that ``digiconform
replay`` can check.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from digiconform.verifier import conditions, probes
from digiconform.verifier.compare import legal_set_difference, refusal_difference, state_differences
from digiconform.verifier.games import TARGETS, GameHooks, hooks
from oracle.driver import Driver, OracleDriver, Outcome, Refusal

MAX_STEPS = 400
"""Actions per random game at most (a game that is still going is cut, not failed)."""

NO_HIT_PATIENCE = 1000
"""Oracle games :func:`shrink` plays before it gives up when none has reached the trigger
(in the planted bugs' runs a search that reaches it does so within 25 games)."""

__all__ = ["MAX_COUNTEREXAMPLE", "MAX_STEPS", "TARGETS", "DifferentialResult", "Divergence",
           "Finding", "attribute", "base_setup", "consistency_problem", "divergence_trace",
           "finding_clause", "finding_key", "oracle_setup", "play_lockstep", "root_key",
           "run_differential", "shrink"]


@dataclass
class Divergence:
    """Where the implementation first differs from the oracle in one game.

    :param kind: ``state`` (the states differ), ``refusal`` (both refused, for different
        reasons), ``accepted-illegal`` (the oracle refuses, the implementation accepted),
        ``refused-legal`` (the other way round), ``legal-set`` (the legal actions differ) or
        ``errored`` (the implementation misbehaved: ``code``).
    :param step: index in ``actions`` of the diverging action (-1: at ``new_game``).
    :param actions: the game's actions up to and including the diverging one.
    :param overrides: readings the oracle played although ``setup`` (what the
        implementation was sent) names others (:attr:`oracle_setup`).
    :param resynced: an earlier divergence of the same game was mended (the oracle took
        the implementation's state), so ``actions`` alone do not reproduce this one from
        ``new_game``.
    :param before: the oracle's state (JSON) before the diverging action.
    :param events: the oracle's events (JSON) at the diverging action.
    :param reading: ``(ambiguity, reading)`` that explains the divergence (set by
        :func:`attribute`).
    :param game: which game of a run it belongs to.
    :param details: the detail fields the implementation declared (None: all compared).
    :param cause: the divergence of the same game this one follows from, or None for a root
        cause: once the oracle has taken over a state from the implementation
        (:func:`_merged`), every later divergence of that game is a *consequence* of the
        divergence that made it do so (played on from a state the rules did not produce),
        until a reading re-synchronises the game from ``new_game``.
    :param ended: why the game ended at this divergence when it could not go on (the
        implementation's state could not be taken over: :func:`consistency_problem`).
    """

    kind: str
    step: int
    setup: Mapping[str, Any]
    actions: list[Mapping[str, Any]]
    message: str
    expected: Any = None
    actual: Any = None
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    code: str | None = None
    clause: str | None = None
    clauses: list[str] = field(default_factory=list)
    explanation: str | None = None
    actual_state: Mapping[str, Any] | None = None
    overrides: dict[str, str] = field(default_factory=dict)
    resynced: bool = False
    before: Mapping[str, Any] | None = None
    events: list[Mapping[str, Any]] | None = None
    reading: tuple[str, str] | None = None
    game: int = 0
    details: tuple[str, ...] | None = None
    cause: Divergence | None = None
    ended: str | None = None
    follows_asked: str | None = None
    """The reading the oracle played here (an override taken from an earlier game of the run)
    where the implementation gave the answer of the reading it was asked to follow (its
    setup's, :attr:`reading`): no fault of the implementation, so no finding, and evidence
    against that override (:func:`_weigh_readings`)."""
    basis: str | None = None
    """How :attr:`clause` was found when a rule other than the event ranking named it:
    ``waits`` (:func:`waited_clause`), ``gauge`` (:func:`cover_gauge_roots`), ``phase`` (a
    phase skipped, :func:`skipped_phase_clause`), ``trigger`` (an effect triggered at a time
    its timing does not name, :func:`mistimed_clause`)."""
    starters: tuple[str, ...] = ()
    """The clauses the step cannot tell apart, when :attr:`clause` is one of them (more than
    one; :func:`cover_starter_roots` chooses by the run): every round start
    (:func:`starter_clauses`) whose other starter gives the implementation's answer at this
    step; or the rule of the action on an object and that of a change the step made to
    other objects, applied to it (:func:`_object_clause`)."""
    unconfirmed: tuple[Any, Any, Any] | None = None
    """``(reading, clause, explanation)`` a reading explained this divergence with, taken back
    because its game ended too soon to confirm it (:func:`_confirm_readings`); given back when
    another game of the run confirms that reading (:func:`_weigh_readings`)."""

    @property
    def is_root(self) -> bool:
        """Is this the first unexplained divergence of its game (or of a fresh re-sync)?"""
        return self.cause is None

    @property
    def oracle_setup(self) -> dict[str, Any]:
        """The setup the oracle played (``setup`` with :attr:`overrides`)."""
        return oracle_setup(self.setup, self.overrides)


@dataclass
class DifferentialResult:
    """What the differential phase did: games and steps played, every finding (a group of
    divergences with its shrunk counterexample, most frequent first), ``divergence`` the
    first finding's counterexample (None when everything agreed), how many games were tried
    while shrinking, and the time taken."""

    games: int = 0
    steps: int = 0
    divergence: Divergence | None = None
    shrink_runs: int = 0
    seconds: float = 0.0
    first_length: int | None = None
    notes: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    readings_seen: dict[str, dict[str, int]] = field(default_factory=dict)
    """Ambiguity ID -> reading -> how many divergences of the random games that reading
    explained (the implementation behaved as it): evidence for the ambiguity verdicts."""
    planned: int = 0
    """Random games the run meant to play."""
    completed: int = 0
    """Games played to their end (or to the step limit) with no divergence."""
    diverged: int = 0
    """Games stopped or continued after a divergence of the implementation that broke a rule
    (or gave another reading's answer)."""
    engine_errors: int = 0
    """Games whose first divergence was an error of the implementation itself (a crash, a
    timeout, an unreadable answer: ``errored``): no rule clause is blamed for it."""
    errored: int = 0
    """Games stopped by an exception on the verifier's own side."""
    verifier_errors: list[dict[str, Any]] = field(default_factory=list)
    """One entry per game stopped by a verifier error: {"game": int, "message": str,
    "traceback": str}."""
    roots: list[Divergence] = field(default_factory=list)
    """The run's root divergences, as filed (:func:`cover_gauge_roots` weighed them): what
    the failing vectors of the same run are named by where only the gauge differs
    (:func:`name_by_gauge_roots`)."""


def base_setup(target: int = 1000, swap: bool = False,
               variants: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A Digi-Battle setup with the bundled card set and the two Starter decks
    (:func:`digiconform.verifier.games.db_setup`)."""
    from digiconform.verifier.games import db_setup

    return db_setup(target, swap, variants)


def oracle_setup(setup: Mapping[str, Any], overrides: Mapping[str, str] | None
                 ) -> dict[str, Any]:
    """``setup`` with the readings in ``overrides`` (ambiguity ID -> reading) put in: the
    setup the oracle plays when the implementation was seen to follow other readings."""
    if not overrides:
        return dict(setup)
    return {**setup, "variants": {**(setup.get("variants") or {}), **overrides}}


def _load(oracle: OracleDriver, setup: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    """Put ``oracle`` into ``state`` (its readings those of ``setup``); False when the oracle
    does not take it."""
    return _load_refusal(oracle, setup, state) is None


def _load_refusal(oracle: OracleDriver, setup: Mapping[str, Any],
                  state: Mapping[str, Any]) -> str | None:
    """:func:`_load`, answering why the oracle does not take ``state`` (its ``load_state``
    refusal, e.g. a player whose cards are not their deck's, DB-A.0), or None when it does."""
    doc = dict(state)
    if isinstance(doc.get("variants"), Mapping):
        doc["variants"] = {**doc["variants"], **(setup.get("variants") or {})}
    try:
        oracle.load_state(setup, doc)
    except Exception as e:  # noqa: BLE001 - a state the oracle cannot take: the game ends here
        return f"{type(e).__name__}: {e}"
    return None


def consistency_problem(game: GameHooks, state: Any) -> str | None:
    """Why the oracle cannot play on from ``state`` (a state taken over from the
    implementation), or None when it can: the ruleset's rule invariants hold
    (:attr:`GameHooks.check_state`: for Digi-Battle those of :mod:`strategies.invariants`,
    e.g. every card in exactly one zone, DB-A.0; an Online deck recycled when it ran out,
    DB-D.3), the game is over, or the player to move has a legal action and the oracle can
    apply it (at a chance node: one of its outcomes). The oracle's own states always pass;
    an adopted state that does not is no position of the game, and the game ends there."""
    try:
        if game.check_state is not None:
            game.check_state(state)
        if state.to_move is None:
            return None
        if state.to_move == "chance":
            act = game.chance(state, lambda n: 0, lambda items: list(items))
        else:
            acts = game.legal_actions(state)
            if not acts:
                return f"player {state.to_move} is to move but has no legal action"
            act = acts[0]
        game.apply(state, act)
    except Exception as e:  # noqa: BLE001 - any failure of the rules on it: not a position
        clause = getattr(e, "clause", None)
        return f"{type(e).__name__}{f' [{clause}]' if clause else ''}: {e}"
    return None


def _take_over(oracle: OracleDriver, setup: Mapping[str, Any],
               state: Mapping[str, Any]) -> str | None:
    """Put ``oracle`` into ``state`` taken over from the implementation (:func:`_load`) and
    check that the oracle can play on from it (:func:`consistency_problem`). Returns why it
    cannot (the game then ends there), or None."""
    refusal = _load_refusal(oracle, setup, state)
    if refusal is not None:
        return ("the oracle does not take the implementation's state (load_state refuses it: "
                f"{refusal})")
    problem = consistency_problem(_hooks_of(setup), oracle.state)
    if problem:
        return f"the implementation's state is no consistent position: {problem}"
    return None


def _merged(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> dict[str, Any]:
    """The oracle's state with every field the implementation answered taken from the
    implementation (per player too): where the game goes on after a divergence."""
    out = {k: v for k, v in expected.items()}
    for k, v in actual.items():
        if k in ("players", "variants") or k not in expected:
            continue
        out[k] = v
    ep, ap = expected.get("players"), actual.get("players")
    if isinstance(ep, list) and isinstance(ap, list) and len(ep) == len(ap):
        out["players"] = [{**e, **{k: v for k, v in a.items() if k in e}}
                          if isinstance(e, Mapping) and isinstance(a, Mapping) else e
                          for e, a in zip(ep, ap, strict=True)]
    return out


OnDivergence = Any
"""``on_divergence(div) -> Mapping[str, str] | None``: called for each divergence when a game
goes on after it; returns readings the oracle should switch to (the divergence is explained
by them), or None."""


def play_lockstep(impl: Driver, setup: Mapping[str, Any], choose: Any, *,
                  legal: bool = False, max_steps: int = MAX_STEPS,
                  counter: list[int] | None = None,
                  overrides: Mapping[str, str] | None = None,
                  collect: list[Divergence] | None = None,
                  on_divergence: OnDivergence = None,
                  max_divergences: int = 8) -> Divergence | None:
    """Play one game on the oracle and ``impl`` together.

    :param choose: ``choose(oracle_state) -> action JSON`` (the next action to send).
    :param legal: also compare the legal sets (the implementation lists them).
    :param counter: a one-element list incremented per step (for statistics).
    :param overrides: readings the oracle plays although ``setup`` (sent to ``impl``) names
        others (:func:`oracle_setup`): the implementation was seen to follow them.
    :param collect: when given, the game *goes on* after a divergence and every divergence
        is appended here (at most ``max_divergences``): after a state difference or an
        accepted illegal action the oracle takes the implementation's state
        (:func:`_merged`; when the oracle cannot take it, the game ends), after a legal
        action the implementation refused the oracle steps back, after a refusal for
        another clause or a legal-set difference nothing needs mending. ``on_divergence``
        may name readings that explain a divergence: the oracle then replays the game under
        them and goes on under them. An ``errored`` divergence ends the game.
    :returns: the first divergence, or None when the game ended (or was cut) in agreement.
    """
    from digiconform.harness.driver import RESEND, ImplementationError, ImplementationSkipped
    from oracle.errors import OracleError

    oracle = OracleDriver()
    actions: list[Mapping[str, Any]] = []
    ruleset = str(setup.get("ruleset", "digibattle"))
    game = hooks(ruleset)
    chosen: dict[str, str] = dict(overrides or {})
    details = declared_details(impl)
    # The oracle's answer goes with each request: a protocol driver then takes a line that is
    # byte for byte that answer without parsing it again (ProtocolDriver.apply).
    tell = bool(getattr(impl, "accepts_expected", False))
    matching = getattr(impl, "apply_matching", None) if tell else None
    # An engine declaring inline_legal_actions gets each position's legal set asked with the
    # request that leads there (ProtocolDriver: legal=True); its next legal_actions() is
    # answered from that answer, no request: compared below exactly as a separate answer.
    inline = bool(legal and tell and getattr(impl, "inline_legal", False))
    # (the oracle state whose legal set was encoded into the last expected line, and its
    # JSON forms: reused as the expected legal set there)
    encoded: tuple[Any, list[Mapping[str, Any]]] | None = None
    resynced = [False]
    first: list[Divergence] = []
    # The root cause the game is played on from (the oracle took over a state of the
    # implementation after it): later divergences are its consequences.
    root: list[Divergence | None] = [None]

    def diverge(kind: str, msg: str, **kw: Any) -> Divergence:
        div = Divergence(kind, len(actions) - 1, dict(setup), list(actions), msg,
                         overrides=dict(chosen), resynced=resynced[0], game=game_id,
                         details=details, cause=root[0], **kw)
        if not first:
            first.append(div)
        if collect is not None:
            collect.append(div)
        return div

    def goes_on() -> bool:
        return collect is not None and sum(
            1 for d in collect if d.game == game_id) < max_divergences

    game_id = id(actions)
    expected = oracle.new_game(oracle_setup(setup, chosen))
    try:
        got = impl.new_game(setup, legal=True) if inline else impl.new_game(setup)
    except (ImplementationError, ImplementationSkipped) as e:
        return diverge("errored", f"new_game: {e}", code=getattr(e, "code", "skipped"))
    except OracleError as e:
        refused = refused_reading(setup, e)
        if refused is None:
            # A set-up refused: the clause its refusal names, else deck construction's.
            return diverge("refused-legal", f"new_game refused: {e}", expected=expected,
                           actual=Refusal.from_error(e).to_json(),
                           clause=getattr(e, "clause", None) or game.setup_clause)
        amb, reading = refused
        return diverge("refused-legal", f"new_game refused: {e}", expected=expected,
                       clause=amb.clauses[0], code=f"unsupported-reading:{amb.id}={reading}",
                       explanation=(
                           f"the implementation does not play {amb.id} = {reading!r} ("
                           + ("the default reading" if reading == amb.default else
                              "the reading") + " the setup asks for): declare the readings it "
                           "plays in start (\"readings\"), or honour the setup's (capability "
                           f"\"variants\"): {amb.question}"))
    diffs = state_differences(expected, got, details=details)
    if diffs:
        div = diverge("state", "the initial states differ", differences=diffs,
                      actual_state=got, before=None, events=[])
        if not goes_on():
            return first[0]
        div.ended = _take_over(oracle, oracle_setup(setup, chosen), _merged(expected, got))
        if div.ended:
            return first[0]
        root[0] = div
        resynced[0] = True
    ahead: list[Mapping[str, Any]] = []  # forced actions the implementation took by itself
    same = False  # the last action was refused by both: the position is the same
    # Pipelining (an engine declaring it, with the legal sets inline, and a chooser that can
    # draw again): while the game agrees, the requests whose answer is a state are queued
    # (ProtocolDriver.send_matching) and written and read PIPE_DEPTH at a time (settle), the
    # oracle playing ahead on its own. When an answer differs, the game goes back to where
    # the batch began (``mark``: the position, the actions, the draws) and plays the same
    # steps again without sending them: those that matched (``redo``) pass, and the one that
    # did not meets its answer (``redo_out``) where it would have in step-by-step play, and
    # everything from there on is as without pipelining (which the game keeps to from its
    # first divergence on).
    pipe = inline and bool(getattr(impl, "pipelined", False)) and hasattr(choose, "snapshot")
    mark: tuple[int, Any, int, int, Any, Any] | None = None
    redo = 0
    redo_out: Outcome | BaseException | None = None
    matched = False  # the last action's answer was byte for byte the oracle's (inline legal)
    played = -1

    def settled() -> bool:
        """Read the queued answers; True when one differed and the game went back to the
        batch's start (the loop then begins that step again)."""
        nonlocal played, encoded, redo, redo_out, mark, matched, pipe
        got = impl.settle()
        if got is None:
            mark = None
            return False
        assert mark is not None
        played, start, at, count, snap, encoded = mark
        played -= 1
        oracle.rewind(start)
        del actions[at:]
        if counter is not None:
            counter[0] = count
        choose.restore(snap)
        redo, redo_out = got if got[1] is not RESEND else (0, None)
        # (the batch's first position had its legal set compared, or not, before)
        mark, matched, pipe = None, True, False
        return True

    while played < max_steps:
        played += 1
        state = oracle.state
        again, same = same, False
        if pipe and impl.queued and (impl.queued >= PIPE_DEPTH or state.to_move is None
                                     or played == max_steps):
            if settled():
                continue
        if pipe and not redo and redo_out is None and not impl.queued and not first:
            mark = (played, state, len(actions), counter[0] if counter is not None else 0,
                    choose.snapshot(), encoded)
        # The legal set is compared at every position, chance nodes, the game's end (where it
        # must be empty) and the position after the last of ``max_steps`` actions included (a
        # replayed counterexample ends there); not at a waiting point only the oracle has,
        # nor again at a position where both refused a probe (its legal set was compared
        # before the probe; asking again would cost a request per probe, issue 26), nor where
        # the answer that led here, the legal set inline, was byte for byte the oracle's
        # (in a pipelined batch, compared when it is read: the same comparison).
        was_matched, matched = matched, False
        if legal and not ahead and not again and not was_matched:
            want_legal = encoded[1] if encoded is not None and encoded[0] is state else \
                legal_json(game, state)
            try:
                got_legal = impl.legal_actions(expected={"actions": want_legal}) if tell \
                    else impl.legal_actions()
            except (ImplementationError, ImplementationSkipped) as e:
                diverge("errored", f"legal_actions: {e}", code=getattr(e, "code", "skipped"))
                return first[0]
            if got_legal is not None:
                missing, extra = legal_set_difference(want_legal, got_legal)
                if missing or extra:
                    diverge("legal-set", "the legal actions differ", expected=missing,
                            actual=extra, differences=[("$.missing", missing, None),
                                                       ("$.extra", None, extra)],
                            before=state.to_json(), events=[])
                    if not goes_on():
                        return first[0]
        if state.to_move is None or played == max_steps:
            break
        if ahead:
            # A waiting point only the oracle has: it takes the one legal action; the
            # implementation, already past it, is not sent it.
            choose(state)  # (keeps a replayed game's actions in step)
            action = ahead.pop(0)
            actions.append(action)
            oracle.apply(action)
            continue
        action = choose(state)
        actions.append(action)
        if counter is not None:
            counter[0] += 1
        before = state
        # (an action the chooser made from the oracle's own action object: not parsed again)
        made = getattr(choose, "last", None)
        parsed = made[1] if made and made[0] is action else None
        out: Outcome | None = None
        try:
            if matching is not None:
                # The oracle's answer as its own objects: the implementation's line is
                # compared with the line they encode (ProtocolDriver.apply_matching); the
                # JSON forms are built only when it differs.
                step = oracle.step(action, parsed)
                if type(step) is Refusal:
                    want = Outcome(refusal=step)
                    if redo:  # (a batch played again: this refusal matched)
                        redo -= 1
                        same = True
                        continue
                    if redo_out is not None:  # (... and this answer did not)
                        out, redo_out = redo_out, None  # type: ignore[assignment]
                        if isinstance(out, BaseException):
                            raise out
                    elif pipe and not first and impl.send_refusal(action, step.to_json()):
                        same = True
                        continue
                    elif pipe and impl.queued and settled():  # (not queued: read the rest)
                        continue
                else:
                    nxt, evs = step  # type: ignore[misc]
                    ev_json = [e.to_json() for e in evs]
                    if inline:
                        # (the JSON forms, encoded as they are: no cache of encoded actions
                        # by object identity on this side, whose long-lived entries among
                        # each position's new action objects cost 16 MB of peak RSS in 160
                        # games)
                        encoded = (nxt, legal_json(game, nxt))
                        if redo:  # (a batch played again: this answer matched)
                            redo -= 1
                            matched = True
                            continue
                        if redo_out is not None:  # (... and this one did not)
                            out, redo_out = redo_out, None  # type: ignore[assignment]
                            if isinstance(out, BaseException):
                                raise out
                        elif pipe and not first and impl.send_matching(
                                action, nxt, ev_json, encoded[1]):
                            matched = True
                            continue
                        else:
                            if pipe and impl.queued and settled():  # (as for a refusal)
                                continue
                            out = matching(action, nxt, ev_json, encoded[1])
                    else:
                        out = matching(action, nxt, ev_json)
                    if out is None:  # the oracle's answer, byte for byte
                        matched = inline
                        continue
                    want = Outcome(state=nxt.to_json(), events=tuple(ev_json))
            else:
                want = oracle.apply(action, parsed)
            if out is not None:
                pass
            elif tell:
                out = impl.apply(action, expected={"refused": want.refusal.to_json()}
                                 if want.refusal is not None else
                                 {"state": want.state, "events": list(want.events)},
                                 **({"legal": True} if inline else {}))
            else:
                out = impl.apply(action)
        except (ImplementationError, ImplementationSkipped) as e:
            diverge("errored", f"action: {e}", code=getattr(e, "code", "skipped"))
            return first[0]
        if want.refusal is not None:
            if out.refusal is None:
                div = diverge("accepted-illegal", "the implementation accepted an action "
                              f"the rules forbid: {want.refusal.reason}",
                              expected=want.refusal.to_json(), actual={"state": "accepted"},
                              clause=want.refusal.clause, actual_state=out.state,
                              before=before.to_json(), events=[])
                if not goes_on() or not _follow(oracle, setup, chosen, actions, div,
                                                on_divergence, before.to_json(), out.state,
                                                root, ahead):
                    return first[0]
                resynced[0] = True
                continue
            why = refusal_difference(want.refusal.to_json(), out.refusal.to_json(), action,
                                     setup.get("ruleset"))
            if why:
                diverge("refusal", why, expected=want.refusal.to_json(),
                        actual=out.refusal.to_json(), clause=want.refusal.clause,
                        before=before.to_json(), events=[])
                if not goes_on():
                    return first[0]
            same = True
            continue
        if out.refusal is not None:
            diverge("refused-legal", f"the implementation refused a legal action: "
                    f"{out.refusal.reason}", expected={"state": "accepted"},
                    actual=out.refusal.to_json(), before=before.to_json(),
                    events=list(want.events))
            if not goes_on() or not _load(oracle, oracle_setup(setup, chosen),
                                          before.to_json()):
                return first[0]
            actions.pop()  # the implementation did not take it: neither does the game
            resynced[0] = True
            continue
        diffs = state_differences(want.state or {}, out.state, details=details)
        step_events = list(want.events)
        compared = want.state or {}
        if diffs and waits_only_in_oracle(details):
            ahead = forced_path(ruleset, oracle.state, out.state, details) or []
            if ahead:
                continue
            # Moved on by itself and differs there: compared where it stands, the rule
            # named from the forced actions' events too.
            near = forced_closest(ruleset, oracle.state, out.state, details)
            if near is not None:
                diffs, compared = near.differences, near.state.to_json()
                step_events += near.events
        if diffs:
            from digiconform.harness.driver import state_schema_problem

            problem = state_schema_problem(out.state, ruleset)
            if problem:
                diverge("errored", problem, code="state-schema-invalid", differences=diffs)
                return first[0]
            div = diverge("state", "the states differ", differences=diffs,
                          actual_state=out.state, before=before.to_json(),
                          events=step_events)
            if not goes_on() or not _follow(oracle, setup, chosen, actions, div,
                                            on_divergence, compared, out.state, root,
                                            ahead):
                return first[0]
            resynced[0] = True
    return first[0] if first else None


PIPE_DEPTH = 16
"""How many requests a pipelined lockstep game writes at once (:func:`play_lockstep`)."""


_ACTION_JSON: dict[str, dict[Any, Mapping[str, Any]]] = {}
"""Per ruleset: action -> its JSON form, for :func:`legal_json` (at most ``_ACTION_JSON_LIMIT``
actions each)."""
_ACTION_JSON_LIMIT = 1 << 14


_LAST_LEGAL: list[Any] = [None, None, ()]
"""``[hooks, state, legal actions]``: the last legal set :func:`legal_objects` listed."""


def legal_objects(game: GameHooks, state: Any) -> tuple[Any, ...]:
    """``game.legal_actions(state)``, listed once per position: a lockstep game lists the
    legal set of the position an action leads to for the expected answer
    (:func:`legal_json`), and the chooser then picks the next action from the same set at
    the same position; the last answer is kept (the state object itself, compared by
    identity: states are immutable values) and given again for the very same state."""
    last = _LAST_LEGAL
    if last[1] is state and last[0] is game:
        return last[2]  # type: ignore[no-any-return]
    acts = game.legal_actions(state)
    last[0], last[1], last[2] = game, state, acts
    return acts  # type: ignore[no-any-return]


def legal_json(game: GameHooks, state: Any) -> list[Mapping[str, Any]]:
    """The JSON forms of the legal actions of ``state`` (:func:`legal_objects`), each
    action's form built once: the legal sets of a game's positions are mostly the same
    actions (actions are immutable values, equal actions have the same JSON form). The forms
    are shared between calls: not to be modified."""
    cache = _ACTION_JSON.get(game.ruleset)
    if cache is None or len(cache) >= _ACTION_JSON_LIMIT:
        cache = _ACTION_JSON[game.ruleset] = {}
    get = cache.get
    out = []
    for a in legal_objects(game, state):
        doc = get(a)
        if doc is None:
            doc = cache[a] = a.to_json()
        out.append(doc)
    return out


def refused_reading(setup: Mapping[str, Any], error: Exception) -> tuple[Any, str] | None:
    """``(ambiguity, reading)`` when ``error``, the implementation's refusal of ``setup``, is
    an ``unsupported`` refusal naming one of the setup's readings (its reason names the
    ambiguity ID): the engine honestly declines a reading it does not play, a matter of that
    ambiguity's clauses. None otherwise."""
    import re

    from oracle import variants as registry
    from oracle.errors import UnsupportedError

    if not isinstance(error, UnsupportedError):
        return None
    chosen = setup.get("variants")
    if not isinstance(chosen, Mapping):
        return None
    text = f"{error.what} {error.reason}"
    for amb_id, reading in chosen.items():
        amb = registry.BY_ID.get(str(amb_id))
        if amb is not None and re.search(rf"{re.escape(amb.id)}(?!\d)", text):
            return amb, str(reading)
    return None


def waits_only_in_oracle(details: Sequence[str] | None) -> bool:
    """May the implementation move on by itself where the oracle waits for the one legal
    action? Yes unless it declared the ``step`` detail (its waiting steps are the oracle's)."""
    return details is not None and "step" not in details


#: How many forced actions in a row an engine may take by itself (:func:`forced_path`): a
#: safety cap only, far above any run of forced actions a game has.
FORCED_LIMIT = 64


def forced_path(ruleset: str, state: Any, actual: Any, details: Sequence[str] | None,
                limit: int = FORCED_LIMIT) -> list[Mapping[str, Any]] | None:
    """The forced actions (each the only legal action of the player to move; a chance
    outcome is never forced) that take the oracle from ``state`` to the implementation's
    state ``actual``, or None when no such path exists. The path is followed as far as the
    actions are forced (at most ``limit``, a safety cap): an engine with no waiting point
    where nothing can be chosen (a Breeding phase with only ``do_nothing``; an emptied hand's
    passes, draw and ready) moves on by itself, however many such actions follow."""
    if not isinstance(actual, Mapping):
        return None
    game = hooks(ruleset)
    path: list[Mapping[str, Any]] = []
    st = state
    for _ in range(limit):
        if not isinstance(st.to_move, int):
            return None
        acts = game.legal_actions(st)
        if len(acts) != 1:
            return None
        st, _events = game.apply(st, acts[0])
        path.append(acts[0].to_json())
        if not state_differences(st.to_json(), actual, details=details):
            return path
    return None


@dataclass(frozen=True)
class ForcedPosition:
    """Where the oracle's forced actions lead, for an engine that moved on by itself and
    still differs there (:func:`forced_closest`).

    :param path: the forced actions taken (JSON), each the only legal one.
    :param state: the oracle's state after them.
    :param events: the oracle's events of those actions (JSON), in order.
    :param differences: the engine's state against ``state``.
    """

    path: list[Mapping[str, Any]]
    state: Any
    events: list[Mapping[str, Any]]
    differences: list[tuple[str, Any, Any]]


def forced_closest(ruleset: str, state: Any, actual: Any, details: Sequence[str] | None,
                   limit: int = FORCED_LIMIT) -> ForcedPosition | None:
    """The position along the oracle's forced actions from ``state`` (as in
    :func:`forced_path`) closest to the implementation's state ``actual``, when it is closer
    than ``state`` itself (the earliest such position on a tie); None when no forced action
    brings the oracle closer. Closest is where the implementation stands first (the fields
    that say who acts where, :data:`TURN_FIELDS`, alike), then the fewest differing fields:
    an engine that moved on to the next phase by itself and differs there in as many
    fields as at the oracle's waiting point (a Duel's forced passes, and the loser's
    Digimon left in its Duel Zone) differs where it stands, not in the phase.

    An engine with no waiting point moves on by itself (its forced passes, a Duel's end,
    scoring); when it still differs, the difference that matters is the one where it
    stands, and the rule broken is among the events of those forced actions (a wrong score
    is DB-C.5, seen after the forced pass that ends the Duel, not the DB-B.2 of the
    Digivolve before it)."""
    if not isinstance(actual, Mapping):
        return None
    game = hooks(ruleset)
    import re

    def distance(diffs: Sequence[tuple[str, Any, Any]]) -> tuple[bool, int]:
        return any(re.sub(r"\[\d+\]", "[]", d[0]) in TURN_FIELDS for d in diffs), len(diffs)

    best: ForcedPosition | None = None
    fewest = distance(state_differences(state.to_json(), actual, details=details))
    path: list[Mapping[str, Any]] = []
    events: list[Mapping[str, Any]] = []
    st = state
    for _ in range(limit):
        if not isinstance(st.to_move, int):
            break
        acts = game.legal_actions(st)
        if len(acts) != 1:
            break
        st, evs = game.apply(st, acts[0])
        path.append(acts[0].to_json())
        events.extend(e.to_json() for e in evs)
        diffs = state_differences(st.to_json(), actual, details=details)
        if distance(diffs) < fewest:
            fewest = distance(diffs)
            best = ForcedPosition(list(path), st, list(events), diffs)
    if st is not state and st.to_move is None and actual.get("to_move") is not None:
        # The forced actions end the game (DB-C.9's target reached at a Duel's end) and the
        # engine played on past them: the difference that matters is the game's end, whatever
        # else its later position changed.
        return ForcedPosition(list(path), st, list(events),
                              state_differences(st.to_json(), actual, details=details))
    return best


def declared_details(impl: Any) -> tuple[str, ...] | None:
    """The detail state fields ``impl`` declared (``details`` of a protocol driver); None
    for a driver without the notion (the oracle itself: every field is compared)."""
    try:
        got = getattr(impl, "details", None)
    except Exception:  # noqa: BLE001 - an implementation that did not start: no details
        return ()
    return None if got is None else tuple(got)


def _follow(oracle: OracleDriver, setup: Mapping[str, Any], chosen: dict[str, str],
            actions: Sequence[Mapping[str, Any]], div: Divergence, on_divergence: OnDivergence,
            expected: Mapping[str, Any], actual: Any,
            root: list[Divergence | None] | None = None,
            ahead: list[Mapping[str, Any]] | None = None) -> bool:
    """Make the oracle go on from where the implementation is after ``div``: under the
    readings ``on_divergence`` says explain it (when the oracle, replaying the game under
    them, reaches the implementation's state: a fresh re-sync, ``root[0]`` becomes None; for
    an implementation that moves on by itself, the state the forced actions after it lead
    to, which then go into ``ahead``, the oracle's forced actions still to take), else
    from the implementation's state merged into its own, when the oracle can play on
    from it (:func:`_take_over`; ``root[0]`` becomes the root cause of ``div``: what
    follows is its consequence). False when neither works (the game ends; ``div.ended``
    says why)."""
    if on_divergence is not None:
        readings = on_divergence(div)
        if readings and not div.resynced:
            trial = {**chosen, **readings}
            o = OracleDriver()
            try:
                o.new_game(oracle_setup(setup, trial))
                for a in actions:
                    o.apply(a)
            except Exception:  # noqa: BLE001
                o = None  # type: ignore[assignment]
            same = o is not None and isinstance(actual, Mapping) and not state_differences(
                {k: v for k, v in o.state.to_json().items() if k != "variants"}, actual,
                details=div.details)
            path = None
            if not same and o is not None and ahead is not None and \
                    waits_only_in_oracle(div.details):
                # moved on by itself past forced actions from the reading's answer
                path = forced_path(str(setup.get("ruleset", "digibattle")), o.state, actual,
                                   div.details)
            if same or path:
                chosen.update(readings)
                oracle._state = o.state
                if path:
                    ahead[:] = path  # type: ignore[index]
                if root is not None:
                    root[0] = None
                return True
            if div.follows_asked is not None:
                # The implementation answers as the reading it was asked to follow where the
                # oracle played another one, learnt from an earlier game: the oracle goes on
                # under the asked reading from the implementation's state, and what follows
                # is no consequence of a fault (this divergence is none).
                chosen.update(readings)
                if isinstance(actual, Mapping) and not _take_over(
                        oracle, oracle_setup(setup, chosen), _merged(expected, actual)):
                    if root is not None:
                        root[0] = None
                    return True
            elif div.reading is not None and readings == {div.reading[0]: div.reading[1]}:
                # The game replayed under the reading does not reach the implementation's
                # state: at an earlier step the reading answers otherwise than the
                # implementation did (it followed the reading asked for there). The reading
                # gives its answer at this step only by coincidence: taken back.
                _refute(div)
    if not isinstance(actual, Mapping):
        div.ended = "the implementation answered no state to take over"
        return False
    div.ended = _take_over(oracle, oracle_setup(setup, chosen), _merged(expected, actual))
    if div.ended:
        return False
    if root is not None:
        root[0] = div.cause or div
    return True


# ---------------------------------------------------------------------------------------------
# Drawn games


class Draw:
    """The choices of one random game, from a seeded :class:`random.Random`.

    ``Draw(seed, game)`` is game number ``game`` of a run with seed ``seed`` (a string seed:
    Python's :class:`random.Random` hashes it with SHA-512, so the game is the same on every
    platform and Python version since 3.2).

    :param seed: the run's seed (``verify --seed``).
    :param game: the game's index in the run (and, for ``fuzz``, its round: any text).
    """

    def __init__(self, seed: int | str, game: int | str = 0) -> None:
        import random

        self.rng = random.Random(f"digiconform/{seed}/{game}")
        self._bits = self.rng.getrandbits

    def pick(self, n: int) -> int:
        """An integer in ``range(n)``: the number ``self.rng.randrange(n)`` draws, drawn as
        it does (:meth:`random.Random.getrandbits` of ``n.bit_length()`` bits until one is
        below ``n``: ``random``'s ``_randbelow_with_getrandbits``) without its layers of
        calls (a draw is made at nearly every step; ``tests/test_verifier.py`` checks the
        numbers are ``randrange``'s).

        :raises ValueError: ``n`` is not positive (as ``randrange``).
        """
        if n <= 0:
            raise ValueError("empty range for randrange()")
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def sample(self, items: Sequence[Any]) -> Any:
        """One of ``items``."""
        return items[self.pick(len(items))]

    def permute(self, items: Sequence[str]) -> list[str]:
        """``items`` in a random order (a new list)."""
        out = list(items)
        self.rng.shuffle(out)
        return out


def _chooser(draw: Draw, game: GameHooks, probe_rate: int = 12) -> Any:
    """``choose(state)`` drawing from ``draw``: chance outcomes, legal actions and, about one
    time in ``probe_rate``, a probe that is probably illegal (more often where the position
    gives probes of its own: :func:`digiconform.verifier.probes.pick_probe`)."""
    pick, permute = draw.pick, draw.permute
    # each (player, phase, step)'s and each player's previous legal set (probes.pick_probe)
    memory: dict[Any, Sequence[Any]] = {}

    def choose(state: Any) -> Mapping[str, Any]:
        if state.to_move == "chance":
            probe = probes.pick_chance_probe(game, state, pick)
            if probe is not None:
                return probe
            act = game.chance(state, pick, permute)
            doc = act.to_json()
        else:
            acts = legal_objects(game, state)
            probe = probes.pick_probe(game, state, acts, pick, probe_rate, memory)
            if probe is not None:  # (a generic probe, or one built from the position)
                return probe
            act = acts[pick(len(acts))]
            # (its JSON form as legal_json built it for this position's legal set: the
            # lockstep game encodes every legal set it compares; else built here)
            known = _ACTION_JSON.get(game.ruleset)
            doc = known.get(act) if known is not None else None
            if doc is None:
                doc = act.to_json()
        choose.last = (doc, act)  # type: ignore[attr-defined]
        return doc  # type: ignore[no-any-return]

    def snapshot() -> tuple[Any, dict[Any, Sequence[Any]]]:
        """Where the draws stand (the generator's state and the probes' memory, whose
        values are replaced, never changed), for :func:`restore`."""
        return draw.rng.getstate(), dict(memory)

    def restore(snap: tuple[Any, dict[Any, Sequence[Any]]]) -> None:
        """Draw again from a :func:`snapshot`: the same choices follow the same states."""
        draw.rng.setstate(snap[0])
        memory.clear()
        memory.update(snap[1])

    choose.last = (None, None)  # type: ignore[attr-defined]
    choose.snapshot = snapshot  # type: ignore[attr-defined]
    choose.restore = restore  # type: ignore[attr-defined]
    return choose


def finding_key(div: Divergence) -> tuple[str, str]:
    """How divergences are grouped into findings: ``(clause, what differs)``.

    What differs is the first differing state field with list indexes dropped
    (``$.players[].score``) for a state divergence, ``reading:<ambiguity>=<reading>`` for one
    a reading explains, the error code for an ``errored`` one, else the divergence kind
    (``accepted-illegal``, ``refusal``, ``refused-legal``, ``legal-set``).
    """
    import re

    clause = div.clause or "?"
    if div.reading is not None:
        return clause, f"reading:{div.reading[0]}={div.reading[1]}"
    if div.kind == "errored":
        return clause, f"errored:{div.code or '?'}"
    if div.kind == "refused-legal" and div.code:
        return clause, div.code
    if div.kind == "state" and div.differences:
        return clause, re.sub(r"\[\d+\]", "[]", div.differences[0][0])
    return clause, div.kind


def root_key(div: Divergence) -> tuple[str, str]:
    """How root causes (:attr:`Divergence.is_root`) group into findings, so that one fault
    gives one finding: by the clause broken (``(clause, "rule")``), whatever field differed
    first in each game (a turn ended on one side only with the memory gauge alike on both,
    by the turn-end condition, :attr:`GameHooks.turn_condition`, whichever phase's rule
    applied it: the finding is named by that condition); a divergence a reading explains
    by ``reading:<ambiguity>=<reading>``;
    an implementation error by its code (``("errored", "errored:<code>")``); a refusal that
    cites another clause than the oracle's by the clause the implementation cites
    (``("refusal", "cites:<clause>")``: an engine citing one wrong clause everywhere is one
    fault, whichever rule each probe broke); a declined reading by its code."""
    clause = div.clause or "?"
    if div.reading is not None:
        return clause, f"reading:{div.reading[0]}={div.reading[1]}"
    if div.kind == "errored":
        return "errored", f"errored:{div.code or '?'}"
    if div.kind == "refusal":
        cited = div.actual.get("clause") if isinstance(div.actual, Mapping) else None
        return "refusal", f"cites:{cited}"
    if div.kind == "refused-legal" and div.code:
        return clause, div.code
    if div.basis in ("waits", "gauge", "phase", "trigger"):
        return clause, "rule"
    if div.kind == "state" and div.events is not None:
        # A turn one side ended and the other did not, the memory gauge alike on both: the
        # turn-end condition judged otherwise, whichever phase applied it.
        game = _hooks_of(div.setup)
        cond = _turn_condition(game, div.events, div.differences,
                               (div.before or {}).get(game.turn_cause or "-"))
        if cond:
            return cond, "rule"
    return clause, "rule"


def finding_clause(div: Divergence) -> str | None:
    """The clause a root divergence is reported under: the clause its group names
    (:func:`root_key`, e.g. the turn-end condition, whichever phase's rule applied it), else
    its own."""
    clause, kind = root_key(div)
    return clause if kind == "rule" and clause != "?" else div.clause


#: A finding's counterexample at most this long, or the finding says why not
#: (:attr:`Finding.why_long`).
MAX_COUNTEREXAMPLE = 60

#: Consequences listed per finding (all are counted).
CONSEQUENCES_LISTED = 5


@dataclass
class Finding:
    """One root cause of a run: a group of root divergences (same :func:`root_key`), each
    the first unexplained divergence of its game or of a fresh re-sync; the divergences
    played on after them from a state taken over from the implementation are counted and
    listed as its consequences, never findings of their own.

    :param key: the group (:func:`root_key`).
    :param count: root divergences seen in the group (over every game of the run).
    :param games: games in which it was seen.
    :param divergence: its counterexample: the shortest one reproducible from ``new_game``
        (shrunk when shrinking ran), with its clause attributed.
    :param first_length: the length of the group's first counterexample, before shrinking.
    :param consequences: divergences that followed its root divergences in their games.
    :param consequence_examples: the first few of them: ``{"game", "step", "kind",
        "clause", "field"}``.
    :param why_long: why the counterexample is longer than :data:`MAX_COUNTEREXAMPLE`
        actions (None when it is not).
    """

    key: tuple[str, str]
    divergence: Divergence
    count: int = 0
    games: int = 0
    first_length: int = 0
    shrunk: bool = False
    consequences: int = 0
    consequence_examples: list[dict[str, Any]] = field(default_factory=list)
    why_long: str | None = None

    @property
    def clause(self) -> str | None:
        """The clause the group is attributed to."""
        return self.divergence.clause

    @property
    def field(self) -> str:
        """What differs in its counterexample (:func:`finding_key`)."""
        return finding_key(self.divergence)[1]


def _better(new: Divergence, old: Divergence) -> bool:
    """Is ``new`` a better counterexample than ``old`` (reproducible first, then shorter)?"""
    if new.resynced != old.resynced:
        return not new.resynced
    return len(new.actions) < len(old.actions)


def run_differential(impl: Driver, *, games: int = 60, seed: int = 0, legal: bool = False,
                     readings: Mapping[str, str] | None = None, any_reading: bool = False,
                     ruleset: str = "digibattle",
                     shrink_seconds: float = 90.0, budget_seconds: float | None = None,
                     on_game: Any = None, max_findings: int = 400,
                     on_shrink: Any = None,
                     shrink_patience: int | None = None,
                     format_date: str | None = None) -> DifferentialResult:
    """Play up to ``games`` drawn games (:class:`Draw`) in lockstep within ``budget_seconds``;
    each game's root causes are findings, grouped (:func:`root_key`), the divergences played
    on after them from an adopted state their consequences (the game goes on after a
    divergence: :func:`play_lockstep` with ``collect``), and each finding's counterexample
    is shrunk (:attr:`Finding.why_long` when it stays over :data:`MAX_COUNTEREXAMPLE`).
    An exception of the verifier's own during a game stops that game only (``errored``,
    ``verifier_errors``); the counts ``planned``, ``completed``, ``diverged`` are filled.

    After a divergence a reading explains (:func:`attribute`), the oracle plays every later
    game under that reading (``overrides``), so that it cannot hide other faults. After an
    implementation error the next game starts on a fresh process (``impl.fresh()`` when the
    driver has it); the run ends early only when the driver gave up on the implementation.

    :param readings: the readings the implementation declared (used in every setup).
    :param any_reading: the implementation honours any reading: readings are drawn too.
    :param ruleset: the ruleset played (``digibattle`` or ``dcg``).
    :param shrink_seconds: time allowed for shrinking, shared by the findings (:func:`shrink`);
        the shortest divergence found by then is kept.
    :param budget_seconds: once something diverged, stop starting new games after this long
        since the phase began (None: no limit). A run where everything agrees plays all
        ``games`` whatever the time, as its coverage should not depend on the machine's load.
    :param on_game: called after each generated game (for a progress bar).
    :param max_findings: divergences recorded at most (later ones are only counted).
    :param on_shrink: called with the number of findings before they are shrunk.
    :param shrink_patience: :func:`shrink`'s ``patience`` (None: its default).
    :param format_date: dcg: the setups of both sides name it (``verify --format-date``), so
        that the oracle checks the decks against the same restricted list as the engine.
    :returns: a :class:`DifferentialResult`; never raises for a misbehaving implementation.
    """
    import gc
    import traceback

    from oracle import variants as registry

    # (what the process holds when the games begin, its modules, card sets and compiled
    # schemas, lives as long as the run: the cyclic garbage collector stops going through it,
    # as verify does at its start, runner.verify; about 2 % of the DCG verifier's
    # instructions per action)
    gc.freeze()
    result = DifferentialResult(planned=games)
    t0 = time.monotonic()
    steps = [0]
    overrides: dict[str, str] = {}
    groups: dict[tuple[str, str], Finding] = {}
    filed: dict[int, list[Divergence]] = {}  # each game's divergences, in order
    starts: dict[int, set[tuple[str, str]]] = {}  # readings the oracle held at its start
    seen = [0]
    played = [0]  # actions sent in the current game
    ambs = [a for a in registry.REGISTRY if a.ruleset == ruleset]
    game_hooks = hooks(ruleset)

    def explain(div: Divergence, exclude: Collection[tuple[str, str]] = ()
                ) -> Mapping[str, str] | None:
        try:
            attribute(div, exclude=exclude)
        except Exception as e:  # noqa: BLE001
            result.notes.append(f"clause attribution failed: {type(e).__name__}: {e}")
        return {div.reading[0]: div.reading[1]} if div.reading else None

    def dead() -> bool:
        return bool(getattr(impl, "dead", None))

    def play(draw: Draw, collect: list[Divergence], start: Mapping[str, str],
             exclude: Collection[tuple[str, str]], index: int) -> None:
        setup = game_hooks.draw_setup(draw, {})
        if format_date is not None and ruleset == "dcg":
            setup["format_date"] = format_date
        chosen = dict(readings or {})
        if any_reading:
            for a in ambs:
                chosen[a.id] = draw.sample(a.reading_names())
        setup["variants"] = chosen
        held = {k: v for k, v in start.items()
                if (not any_reading or k not in chosen) and (k, v) not in exclude}
        asked = registry.resolve(chosen, ruleset)
        starts[index] = {(k, v) for k, v in held.items() if asked.get(k) != v}
        play_lockstep(impl, setup, _chooser(draw, game_hooks), legal=legal, counter=steps,
                      overrides=held, collect=collect,
                      on_divergence=lambda d: explain(d, exclude),
                      max_divergences=8 if seen[0] < max_findings else 1)

    def record(collect: Sequence[Divergence], index: int,
               exclude: Collection[tuple[str, str]] = ()) -> None:
        """Note the game's divergences: its readings confirmed or retracted within the game
        (:func:`_confirm_readings`), every root's clause attributed. They are filed into
        findings once the run is over (:func:`_file`), when the run as a whole has been
        weighed for and against each reading (:func:`_weigh_readings`). A game played again
        without the readings ``exclude`` (:func:`_taken_back`) teaches the later games
        nothing, and a root one of them explains is retracted (:func:`_retract`)."""
        _confirm_readings(collect, played[0])
        for j, div in enumerate(collect):
            seen[0] += 1
            div.game = index
            if div.cause is not None:
                continue
            if div.kind != "errored" and div.clause is None and div.reading is None:
                explain(div, exclude)
            if div.reading is not None and div.reading in exclude and \
                    div.follows_asked is None:
                _retract(div, collect[j + 1:])
            if div.reading is not None and not any_reading and not exclude:
                if div.follows_asked is not None:  # (the asked reading: no override)
                    overrides.pop(div.reading[0], None)
                else:
                    overrides[div.reading[0]] = div.reading[1]
        filed[index] = list(collect)

    def status(collect: Sequence[Divergence], error: BaseException | None) -> str:
        if error is not None:
            return "errored"
        if not collect:
            return "completed"
        first = next((d for d in collect if d.cause is None), collect[0])
        return "engine_errors" if first.kind == "errored" else "diverged"

    def game(i: int, start: Mapping[str, str],
             exclude: Collection[tuple[str, str]] = ()) -> tuple[str, list[Divergence]]:
        """Play game ``i`` (:class:`Draw`) with the oracle holding the readings ``start``
        but those of ``exclude``, and record it; its status (a count of
        :class:`DifferentialResult`) and divergences. Raises :class:`RunStopped` only."""
        collect: list[Divergence] = []
        error: BaseException | None = None
        before = steps[0]
        # (while a game is played, the youngest generation of the cyclic garbage collector
        # is collected every 10,000 allocations instead of 700, as in serve: a step makes a
        # few hundred objects, nearly all freed by their reference counts)
        threshold = gc.get_threshold()
        gc.set_threshold(10_000, *threshold[1:])
        try:
            play(Draw(seed, i), collect, start, exclude, i)
        except RunStopped:  # the game under way is not counted
            raise
        except Exception as e:  # noqa: BLE001 - a bug of ours: this game only
            error = e
            result.verifier_errors.append({
                "game": i, "message": f"{type(e).__name__}: {e}",
                "traceback": "".join(traceback.format_exception(e))})
        finally:
            gc.set_threshold(*threshold)
        played[0] = steps[0] - before
        try:
            record(collect, i, exclude)
        except Exception as e:  # noqa: BLE001 - a bug of ours while filing: this game only
            if error is None:
                error = e
                result.verifier_errors.append({
                    "game": i, "message": f"{type(e).__name__}: {e}",
                    "traceback": "".join(traceback.format_exception(e))})
        if error is not None:
            result.notes.append(f"random game {i} stopped by an error of the verifier: "
                                f"{type(error).__name__}: {error}")
        if any(d.kind == "errored" for d in collect):
            fresh = getattr(impl, "fresh", None)
            if callable(fresh):
                fresh()
        return status(collect, error), collect

    from digiconform.verifier.stopping import RunStopped

    # A stop (--deadline, SIGINT, SIGTERM) ends the games or the shrinking where they are,
    # but never loses what was found: the findings so far (unshrunk where shrinking had not
    # reached them) ride on the exception as ``partial_result`` (the runner reports them).
    stop: RunStopped | None = None
    statuses: dict[int, str] = {}
    for i in range(games):
        if dead() or (budget_seconds is not None and any(filed.values()) and
                      time.monotonic() - t0 > budget_seconds):
            break
        try:
            statuses[i], _ = game(i, dict(overrides))
        except RunStopped as e:  # the game under way is not counted
            filed.pop(i, None)
            stop = e
            break
        result.games += 1
        setattr(result, statuses[i], getattr(result, statuses[i]) + 1)
        if on_game is not None:
            on_game(result.games)
    # Games played while the oracle held a reading the run then took back are played again
    # without it (_taken_back), until none is left (each round takes back at least one
    # more reading, so there are at most as many rounds as readings).
    excluded: set[tuple[str, str]] = set()
    replayed: set[int] = set()
    while True:
        try:
            _weigh_readings(list(filed.values()))
        except Exception as e:  # noqa: BLE001 - a bug of ours: the findings stay as they are
            result.notes.append(
                f"checking the readings' findings failed: {type(e).__name__}: {e}")
            break
        back = _taken_back(filed, starts) - excluded
        if not back or stop is not None:
            break
        excluded |= back
        again = [i for i in filed if _holds(filed[i], starts.get(i, set()), excluded)]
        for i in again:
            if dead():
                break
            try:
                new, collect = game(i, {a: r for a, r in starts.get(i, set())}, excluded)
            except RunStopped as e:
                stop = e
                break
            setattr(result, statuses[i], getattr(result, statuses[i]) - 1)
            setattr(result, new, getattr(result, new) + 1)
            statuses[i] = new
            replayed.add(i)
    if replayed:
        result.notes.append(
            f"{len(replayed)} random game(s) played again without the reading(s) "
            + ", ".join(f"{a} = {r!r}" for a, r in sorted(excluded))
            + " the oracle had learnt from an earlier game and the run took back")
    # (a game that could not be played again: what it found under a reading taken back is
    # no evidence of a fault, and is not filed)
    for i, collect in filed.items():
        if _holds(collect, set(), excluded):
            kept = [d for d in collect if not _holds([d], set(), excluded)
                    and (d.cause is None or not _holds([d.cause], set(), excluded))]
            result.notes.append(
                f"random game {i}: {len(collect) - len(kept)} divergence(s) found under a "
                "reading the run took back, not played again: not filed")
            filed[i] = kept
    try:
        _waits_offered(list(filed.values()))
    except Exception as e:  # noqa: BLE001 - a bug of ours: the clauses stay as they are
        result.notes.append(f"checking the waits' clauses failed: {type(e).__name__}: {e}")
    groups.update(_file(list(filed.values()), result.readings_seen))
    result.roots = [d for collect in filed.values() for d in collect if d.cause is None
                    and d.follows_asked is None and d.reading is None]
    result.steps = steps[0]
    findings = sorted(groups.values(), key=lambda f: (-f.count, f.key))
    left = shrink_seconds
    todo = [f for f in findings if f.divergence.kind != "errored"]
    if todo and on_shrink is not None and stop is None:
        try:
            on_shrink(len(todo))
        except RunStopped as e:
            stop = e
    for i, f in enumerate(todo):
        if stop is not None:
            break
        share = left / (len(todo) - i)
        t1 = time.monotonic()
        if share > 0 and not dead():
            key = f.key

            def same(found: Divergence, key: tuple[str, str] = key) -> bool:
                explain(found)
                if root_key(found) == key:
                    return True
                if key[1] == "rule" and found.reading is None and \
                        any(c == key[0] for c, _, _, _ in gauge_hypotheses(found) or ()):
                    found.clause, found.basis = key[0], "gauge"  # (cover_gauge_roots)
                    return True
                return False

            try:
                more = {} if shrink_patience is None else {"patience": shrink_patience}
                div, runs = shrink(impl, f.divergence, legal=legal, seconds=share, seed=seed,
                                   default_readings=any_reading, same=same, **more)
                result.shrink_runs += runs
                f.shrunk = div is not f.divergence
                f.divergence = div
            except RunStopped as e:  # keep the unshrunk divergence, and every other finding
                stop = e
                break
            except Exception as e:  # noqa: BLE001 - keep the unshrunk divergence
                result.notes.append(f"shrinking stopped: {type(e).__name__}: {e}")
        left = max(0.0, left - (time.monotonic() - t1))
        if f.divergence.clause is None and f.divergence.reading is None:
            explain(f.divergence)
    for f in findings:
        f.why_long = _why_long(f, shrink_seconds)
        f.divergence.clause = finding_clause(f.divergence)
    result.findings = findings
    if findings:
        result.divergence = findings[0].divergence
        result.first_length = findings[0].first_length
    result.seconds = time.monotonic() - t0
    if stop is not None:
        stop.partial_result = result  # type: ignore[attr-defined]
        raise stop
    return result


READING_CONFIRM = 5
"""A divergence a reading explains is taken as that reading only when its game, played on
under the reading, goes on for this many actions, and does not diverge again where the
reading matters (under one of the ambiguity's own clauses, or at a step the reading asked for
answers otherwise): a state that another reading happens to give at one step (an Online deck
never recycled looks like DB-AMB-16 "wait" at the draw that takes its last card, and like
DB-AMB-3 "just-sent" when nothing was just sent) is no evidence of the reading when the game,
played on under it, breaks that reading's rule. A game too short to tell confirms nothing
either way: the reading stands when another game of the run confirms it
(:func:`_weigh_readings`)."""


def _confirm_readings(collect: Sequence[Divergence], played: int | None = None) -> None:
    """Retract the reading of each root divergence in ``collect`` (one game's, in order)
    that the game does not confirm (:data:`READING_CONFIRM`: played on under the reading it
    diverged again, unexplained, under one of the ambiguity's clauses or at a step the
    reading first asked for answers otherwise (:func:`_changes_step`); or, ``played``
    actions in all, it ended within that many actions with no other divergence, which
    leaves it ``unconfirmed``): its clause is attributed again without readings (an
    unconfirmed one keeps the ambiguity's clause, :func:`_retract`), and what followed it in
    the game becomes its consequence."""
    from oracle import variants as registry

    for i, div in enumerate(collect):
        if div.reading is None or div.cause is not None or div.follows_asked is not None:
            continue
        later = collect[i + 1:]
        amb = registry.BY_ID.get(div.reading[0])
        clauses = set(amb.clauses) if amb is not None else set()
        asked = (div.oracle_setup.get("variants") or {}).get(div.reading[0])
        short = False
        if later:
            for d in later:  # (the clause of a later root of the game, for the check below)
                if d.cause is None and d.clause is None and d.kind != "errored":
                    try:
                        attribute(d)
                    except Exception:  # noqa: BLE001 - left unknown
                        pass
            # Confirmed unless it diverged again, unexplained, where the reading matters:
            # under one of the ambiguity's own clauses, or at a step the reading asked for
            # answers otherwise (the reading's rule, played on, differs again); or, root or
            # consequence, where another reading of the same ambiguity gives the
            # implementation's answer and this one does not (the game played on under it
            # shows the implementation following another reading there).
            if not any(d.cause is None and d.reading is None and d.kind != "errored" and (
                    d.clause in clauses or (asked is not None and
                                            _changes_step(d, div.reading[0], asked)))
                       or (d.reading is not None and d.reading[0] == div.reading[0]
                           and d.reading[1] != div.reading[1])
                       for d in later):
                continue
        elif played is None or played - 1 - div.step >= READING_CONFIRM:
            continue
        else:
            short = True
        _retract(div, later, unconfirmed=short)


def _refute(div: Divergence) -> None:
    """Take back the reading that explained ``div`` at its step, its game showing the
    implementation answer otherwise where that reading acts: ``div`` is then attributed
    again without readings (the rule it breaks)."""
    div.reading = div.explanation = div.clause = None
    div.unconfirmed = None
    try:
        attribute(div, readings=False)
    except Exception:  # noqa: BLE001 - the clause stays unknown
        pass


def _retract(div: Divergence, later: Sequence[Divergence], *, unconfirmed: bool = False
             ) -> None:
    """Take back ``div``'s reading: its clause attributed again without readings, and the
    divergences of ``later`` (the rest of its game) that followed it, played on under the
    reading, its consequences. ``unconfirmed``: taken back only for want of evidence (kept in
    :attr:`Divergence.unconfirmed` with what it was, so the run may give it back); its clause
    stays the ambiguity's: at that step, one the ambiguity's rule changes, the implementation
    gave another reading's answer than the one asked for, so it broke the rule as asked,
    whether or not it follows that other reading (a game won at 999 points ends at once,
    as under DB-AMB-7 'immediate', where 'end-of-duel' was asked: DB-C.9, not the clean-up
    the Duel's end would have made)."""
    if unconfirmed and div.reading is not None:
        div.unconfirmed = (div.reading, div.clause, div.explanation)
        amb, reading = div.reading
        div.reading = None
        div.explanation = (f"at this step the implementation answers as if {amb} = {reading!r}"
                           " (not the reading asked for); its game ended too soon to show "
                           "whether it follows that reading")
    else:
        div.reading = div.explanation = div.clause = None
        try:
            attribute(div, readings=False)
        except Exception:  # noqa: BLE001 - the clause stays unknown
            pass
    for d in later:
        if d.reading is not None and d.cause is None:
            break  # a fresh re-sync under another reading
        if d.cause is None or d.cause is div:
            d.cause = div
        else:
            break


def _changes_step(div: Divergence, amb: str, reading: str) -> bool:
    """Does the oracle under ``amb = reading`` answer otherwise than the game's readings at
    ``div``'s diverging step (from the position before it; for a legal-set divergence, the
    legal actions there)?"""
    if div.before is None or (not div.actions and div.kind != "legal-set"):
        return False
    base = div.oracle_setup
    if (base.get("variants") or {}).get(amb) == reading:
        return False
    alt = {**base, "variants": {**(base.get("variants") or {}), amb: reading}}
    o, ref = OracleDriver(), OracleDriver()
    if not _load(o, alt, div.before) or not _load(ref, base, div.before):
        return False
    if div.kind == "legal-set":
        def key(acts: Any) -> set[str]:
            import json

            return {json.dumps(a, sort_keys=True) for a in acts or ()}
        return key(o.legal_actions()) != key(ref.legal_actions())
    a, b = o.apply(div.actions[-1]), ref.apply(div.actions[-1])
    if (a.refusal is None) != (b.refusal is None):
        return True
    if a.refusal is not None:
        return a.refusal.to_json() != b.refusal.to_json()
    strip = ("variants",)
    return bool(state_differences({k: v for k, v in (a.state or {}).items() if k not in strip},
                                  {k: v for k, v in (b.state or {}).items() if k not in strip},
                                  details=div.details))


#: Unexplained root divergences each reading of a run is weighed against, at most.
WEIGH_SAMPLE = 64


def _file_unconfirmed_by_rule(roots: Sequence[Divergence]) -> None:
    """A root whose reading its game was too short to confirm and the run confirms nowhere
    (:attr:`Divergence.unconfirmed`, still set) is no evidence of that reading; when the
    same step, attributed without readings (:func:`attribute`), breaks a rule under which
    another root of the run that no reading explains is filed (same :func:`root_key`), the
    run shows that fault, and the step is one more instance of it: it is filed there (the
    wrong player starting a Duel who then passes by force, which looks like DB-AMB-24
    'run-out' at that one step, is DB-D.6's like the other wrong starts). Else it keeps the
    ambiguity's clause (:func:`_retract`)."""
    keys = {root_key(d) for d in roots if d.reading is None and d.unconfirmed is None
            and d.follows_asked is None and d.kind != "errored" and d.clause is not None}
    for d in roots:
        if d.reading is not None or d.unconfirmed is None or d.follows_asked is not None:
            continue
        kept = (d.clause, d.clauses, d.basis, d.explanation)
        d.clause = d.basis = None
        try:
            attribute(d, readings=False)
        except Exception:  # noqa: BLE001 - left as it was
            d.clause = None
        if d.clause is not None and d.reading is None and root_key(d) in keys:
            d.explanation = d.unconfirmed = None
            continue
        d.reading = None
        d.clause, d.clauses, d.basis, d.explanation = kept


def _held(div: Divergence) -> set[tuple[str, str]]:
    """The readings the oracle played at ``div`` other than those its setup asks for
    (:attr:`Divergence.overrides`): ``(ambiguity, reading)``."""
    from oracle import variants as registry

    if not div.overrides:
        return set()
    asked = registry.resolve(div.setup.get("variants"), str(div.setup.get("ruleset",
                                                                          "digibattle")))
    return {(a, r) for a, r in div.overrides.items() if asked.get(a) != r}


def _holds(collect: Sequence[Divergence], start: Collection[tuple[str, str]],
           readings: Collection[tuple[str, str]]) -> bool:
    """Did the oracle hold one of ``readings`` in a game: at its start (``start``) or at one
    of its divergences (:func:`_held`)?"""
    return any(r in readings for r in start) or \
        any(r in readings for d in collect for r in _held(d))


def _taken_back(games: Mapping[int, Sequence[Divergence]],
                starts: Mapping[int, Collection[tuple[str, str]]]) -> set[tuple[str, str]]:
    """The readings the oracle played in some game of the run, learnt from an earlier game
    or earlier in the same game (:attr:`Divergence.overrides`, at the start of a game:
    ``starts``), that no root divergence of the run is explained by any more once the run
    has been weighed (:func:`_weigh_readings`): the run shows the implementation does not
    follow them.

    A game the oracle played under such a reading is evidence under that reading only: at
    a step it changes, the oracle's answer is not the one the implementation was asked for,
    and every position after it was reached under it. So it is no finding's evidence: it is
    played again from ``new_game`` (the same :class:`Draw`) with the oracle holding none of
    the readings taken back and never learning them again (:func:`attribute`'s
    ``exclude``), and its divergences are replaced by those of the new play, each with the
    differences, events and actions of the readings it is filed under
    (:func:`run_differential`). Once none is left to take back, a root still found under
    one (the game could not be played again: the implementation gave up, the run was
    stopped) is not filed."""
    held: set[tuple[str, str]] = set()
    for i, collect in games.items():
        held |= set(starts.get(i, ()))
        for d in collect:
            held |= _held(d)
    standing = {d.reading for collect in games.values() for d in collect
                if d.cause is None and d.reading is not None and d.follows_asked is None}
    return held - standing


def _weigh_readings(games: Sequence[Sequence[Divergence]]) -> None:
    """Weigh each reading R (of ambiguity A) the run's root divergences were explained by
    against the run as a whole, so that a fault gives one finding, not one per reading it
    happens to look like at a step:

    - for R: the root divergences R explains, confirmed by their games
      (:func:`_confirm_readings`); one that R explained in a game too short to confirm it
      (:attr:`Divergence.unconfirmed`) counts, and is R's again, when R is confirmed
      elsewhere in the run;
    - against R: the unexplained root divergences where A's rule decides -- filed under one
      of A's clauses, or at a step R answers otherwise (:func:`_changes_step`) without giving
      the implementation's answer there either (else R would have explained it).

    When the evidence against is at least the evidence for, the implementation breaks A's
    rule in a way no reading accounts for at least as often as it looks like R: R is
    retracted from each of its divergences (:func:`_retract`), which are then filed by the
    clause broken, with what followed them under R as their consequences. The games the
    oracle played under R, learnt from an earlier game, are then played again without it
    (:func:`_taken_back`)."""
    from oracle import variants as registry

    roots = [(g, i, d) for g in games for i, d in enumerate(g) if d.cause is None]
    confirmed = {d.reading for _, _, d in roots if d.reading is not None}
    for _, _, d in roots:
        if d.reading is None and d.unconfirmed is not None and d.unconfirmed[0] in confirmed:
            d.reading, d.clause, d.explanation = d.unconfirmed
            d.unconfirmed = None
            d.clauses = sorted({e["clause"] for e in _step_events(d) if e.get("clause")})
    _file_unconfirmed_by_rule([d for _, _, d in roots])
    plain = [d for _, _, d in roots if d.reading is None and d.kind != "errored"]
    sample = plain[:WEIGH_SAMPLE]
    # (the implementation answering as asked where the oracle played a reading learnt from
    # an earlier game is direct evidence against that reading)
    shown_asked = [(d.reading[0], d.follows_asked) for _, _, d in roots
                   if d.follows_asked is not None and d.reading is not None]
    for amb_id, reading in sorted({d.reading for _, _, d in roots
                                   if d.reading is not None and d.follows_asked is None}):
        amb = registry.BY_ID.get(amb_id)
        clauses = set(amb.clauses) if amb is not None else set()
        support = [(g, i, d) for g, i, d in roots if d.reading == (amb_id, reading)
                   and d.follows_asked is None]
        against = sum(1 for d in plain if d.clause in clauses) + \
            shown_asked.count((amb_id, reading))
        if against < len(support):
            against += sum(1 for d in sample if d.clause not in clauses
                           and _changes_step(d, amb_id, reading))
        if against < len(support):
            continue
        for g, i, d in support:
            _retract(d, g[i + 1:])


#: The state fields that say who is to act where: a state divergence whose first differing
#: field is one of them (list indexes dropped) has the implementation stop where the oracle
#: goes on, or the other way round (:func:`_waits_offered`).
TURN_FIELDS = frozenset({"$.phase", "$.step", "$.to_move", "$.players[].passed"})


def _waits_offered(games: Sequence[Sequence[Divergence]]) -> None:
    """The clause of an implementation that stops for a player where the rules do not: a
    root state divergence whose first differing field says who acts where
    (:data:`TURN_FIELDS`), the implementation's state with a player to move, followed at
    once, at the position taken over from the implementation (same step, before any other
    action), by a legal-set divergence in which the implementation offers that player an
    action the rules forbid there for clause C. The implementation waits because it holds
    that action playable (a Power Option whose Use Requirement fails, so the player has not
    run out, DB-AMB-24): the root breaks C, not the rule of the phase change the oracle
    made (whose clause the events at the step would name). Each such root is filed under
    C."""
    import re

    for collect in games:
        for i, div in enumerate(collect[:-1]):
            if div.cause is not None or div.reading is not None or div.kind != "state" \
                    or not div.differences:
                continue
            first = re.sub(r"\[\d+\]", "[]", div.differences[0][0])
            actual = div.actual_state if isinstance(div.actual_state, Mapping) else {}
            if first not in TURN_FIELDS or not isinstance(actual.get("to_move"), int):
                continue
            nxt = collect[i + 1]
            if nxt.cause is not div or nxt.kind != "legal-set" or nxt.step != div.step \
                    or not nxt.actual:
                continue
            clause = _legal_set_clause(nxt)
            if clause is not None and _offered_to(nxt, actual["to_move"]):
                nxt.clause = clause
                div.clause = clause


def _offered_to(div: Divergence, player: int) -> bool:
    """Are the extra actions of the legal-set divergence ``div`` the given player's?"""
    import json

    try:
        return all(json.loads(t).get("player") == player for t in div.actual or [])
    except (TypeError, ValueError, AttributeError):
        return False


def _file(games: Sequence[Sequence[Divergence]], seen: dict[str, dict[str, int]]
          ) -> dict[tuple[str, str], Finding]:
    """The run's findings: each root divergence of ``games`` (each game's, in order) filed
    into the finding of its :func:`root_key`, each consequence under its root's finding;
    ``seen`` counts the root divergences each reading explains."""
    groups: dict[tuple[str, str], Finding] = {}
    cover_gauge_roots([d for collect in games for d in collect if d.cause is None
                       and d.follows_asked is None and d.reading is None])
    cover_starter_roots([d for collect in games for d in collect if d.cause is None
                         and d.follows_asked is None and d.reading is None])
    for collect in games:
        keys_this_game: set[tuple[str, str]] = set()
        key_of: dict[int, tuple[str, str]] = {}
        for div in collect:
            if div.cause is not None:
                f = groups.get(key_of.get(id(div.cause), ("", "")))
                if f is None:
                    continue
                f.consequences += 1
                if len(f.consequence_examples) < CONSEQUENCES_LISTED:
                    f.consequence_examples.append({
                        "game": div.game, "step": div.step, "kind": div.kind,
                        "clause": div.clause, "field": finding_key(div)[1]})
                continue
            if div.follows_asked is not None:
                continue  # the implementation did as asked: no finding, no other reading
            if div.reading is not None:
                seen_as = seen.setdefault(div.reading[0], {})
                seen_as[div.reading[1]] = seen_as.get(div.reading[1], 0) + 1
            key = key_of[id(div)] = root_key(div)
            f = groups.get(key)
            if f is None:
                f = groups[key] = Finding(key, div, first_length=len(div.actions))
            elif _better(div, f.divergence):
                f.divergence = div
            f.count += 1
            if key not in keys_this_game:
                f.games += 1
                keys_this_game.add(key)
    return groups


def _why_long(f: Finding, shrink_seconds: float) -> str | None:
    """Why ``f``'s counterexample is still longer than :data:`MAX_COUNTEREXAMPLE` actions
    (None when it is not)."""
    div = f.divergence
    n = len(div.actions)
    if n <= MAX_COUNTEREXAMPLE:
        return None
    if div.kind == "errored":
        return (f"an implementation error after {n} actions: not shrunk (the verifier does "
                "not replay games against an engine that fails to answer)")
    if div.resynced:
        return (f"{n} actions: the divergence came after an earlier one the oracle "
                "re-synchronised under a reading, and no game replayable from new_game "
                f"reaching it was found while shrinking ({shrink_seconds:.0f} s shared)")
    if shrink_seconds <= 0:
        return f"{n} actions: shrinking was switched off (--shrink-seconds 0)"
    return (f"{n} actions: shrinking found no shorter game reaching the same finding within "
            f"its share of {shrink_seconds:.0f} s (the trigger needs a long game, or the "
            "search ran out of patience)")


# ---------------------------------------------------------------------------------------------
# Shrinking, guided by the oracle


def _replayer(actions: Sequence[Mapping[str, Any]]) -> Any:
    it = iter(list(actions))

    def choose(state: Any) -> Mapping[str, Any]:
        return next(it)

    return choose


def _trigger(div: Divergence) -> tuple[str, str]:
    """What made the divergence happen, in the oracle's terms: the diverging action's type
    and either the oracle's refusal clause, the clause of a change the oracle did not make
    (``clause:<id>``, when one of that step's events cites it; see :func:`_unexplained`), or
    the most specific event of that step whose fields differ (see :func:`attribute`)."""
    action = div.actions[-1] if div.actions else {}
    game = _hooks_of(div.setup)
    if div.kind in ("accepted-illegal", "refusal"):
        return action.get("type", ""), f"refused:{(div.expected or {}).get('clause')}"
    if div.kind == "legal-set":
        return "legal-set", ""
    events = _step_events(div)
    if div.kind == "state" and game.unexplained:
        clause = _unexplained(game, events, div.differences)
        if clause and any(e.get("clause") == clause for e in events):
            return action.get("type", ""), f"clause:{clause}"
    return action.get("type", ""), _key_event(game, events, div.differences) or ""


def _hooks_of(setup: Mapping[str, Any]) -> GameHooks:
    return hooks(str(setup.get("ruleset", "digibattle")))


def _ranked(game: GameHooks, events: Sequence[Mapping[str, Any]],
            diffs: Sequence[tuple[str, Any, Any]], before: Mapping[str, Any] | None = None
            ) -> tuple[list[Mapping[str, Any]], Mapping[str, Any] | None]:
    """``events`` most specific first, and the first of them that changes one of the
    differing fields (None when none does). A field that follows from another differing
    field which one of the events changes (:attr:`GameHooks.consequences`: a game won on a
    wrong score) does not count. With the oracle's state ``before`` the step: the event
    that first moved a card the implementation left where it was, when there is one
    (:func:`_card_mover`). Otherwise an event that changes the field a differing path ends
    in (``suspended`` of ``$.players[0].battle_area[0].suspended``), for that player first,
    then for anyone, before one that changes only a field the path passes through."""
    fields = _fields([p for p, _, _ in diffs])
    priority = game.priority
    table = dict(game.event_fields)
    produced = {name for e in events for name in table.get(e["type"], frozenset())}
    if any(name in fields for name, _ in game.unexplained):
        # (only for a game's end: a phase that differs with the game not over is no
        # consequence of a score, e.g. a Digivolve phase not skipped and its Duel not played)
        fields -= {f for f, cause in game.consequences
                   if cause in fields and cause in produced}
    ranked = sorted(events, key=lambda e: priority.get(e["type"], 999))
    segment = _turn_segment(game, events, diffs)
    if segment is not None:
        seg, in_seg = segment
        if seg == "ahead":
            # The engine ended a turn the oracle did not: the turn fields follow from what
            # made it end, the memory (GameHooks.turn_cause; compared across two turn
            # players, equal values are different gauge positions), produced first by
            # the events of the action's own turn.
            fields = (fields - game.turn_fields) | {game.turn_cause}
            ranked = [e for e in ranked if id(e) in in_seg] + \
                [e for e in ranked if id(e) not in in_seg]
        else:
            # The engine stands in that turn of the step: its events name the rule (the
            # turns before it ended as the rules say, or the engine would be in them).
            ranked = [e for e in ranked if id(e) in in_seg] + \
                [e for e in ranked if id(e) not in in_seg]
            if _gauge_apart(game, events, diffs, in_seg,
                            before.get(game.turn_cause) if isinstance(before, Mapping)
                            else None):
                # ... and the oracle ended that turn with the gauge elsewhere than the
                # engine's: the turn's end follows from the gauge (a cost left unpaid
                # kept the memory on the engine's side), not from the turn-end rule
                fields = (fields - game.turn_fields) | {game.turn_cause}
    # A field of one player's ($.players[i]...) is named by an event of that player when
    # one changes it (a skipped draw of seat 0 is not the rule of seat 1's play that also
    # changed a hand); a field outside the players by any event.
    owned = {(w, n) for w, n in _owned_fields([p for p, _, _ in diffs]) if n in fields}
    owned |= {(None, n) for n in fields if not any(x == n for _, x in owned)}

    def own(ev: Mapping[str, Any]) -> bool:
        names = table.get(ev["type"], frozenset())
        return any(n in names and (w is None or _owner(game, ev, n) in (w, None))
                   for w, n in owned)

    # A differing path names the field that differs last (``suspended`` of
    # ``$.players[0].battle_area[0].suspended``); the names before it only say where that
    # field lies. An event that changes the differing field itself (of that player's first,
    # then of anyone's) explains it before one that changes only a field containing it: an
    # attacker left unsuspended is the attack declaration's, DCG-6-5-1-5, not the rule of
    # the security check that changed the battle area in the same step; the opponent's
    # Digimon unsuspended at the start of a turn is the unsuspend's, DCG-6-2-1, not the
    # rule of a Digimon played into that battle area (:func:`_unexplained`).
    # (Where the two sides ended turns otherwise in the step, the turn's events and its
    # cause name it first, as above, and a card moved as well: :func:`_card_mover`.)
    leaves = _leaf_fields([p for p, _, _ in diffs]) & fields if segment is None else set()
    owned_leaves = {(w, n) for w, n in owned if n in leaves}

    def own_leaf(ev: Mapping[str, Any]) -> bool:
        names = table.get(ev["type"], frozenset())
        return any(n in names and (w is None or _owner(game, ev, n) in (w, None))
                   for w, n in owned_leaves)

    hit = _card_mover(game, events, diffs, before) if segment is None else None
    hit = hit or next((ev for ev in ranked if own_leaf(ev)), None) or \
        next((ev for ev in ranked if leaves & table.get(ev["type"], frozenset())), None) or \
        next((ev for ev in ranked if own(ev)), None) or \
        next((ev for ev in ranked if fields & table.get(ev["type"], frozenset())), None)
    if hit is not None and hit.get("type") == game.turn_cause:
        hit = _gauge_hit(game, events, diffs) or hit
    return ranked, hit


def _zone_cards(value: Any) -> list[str]:
    """The cards a zone holds in a state (JSON): a list of serials, one serial (a pending
    Rookie), or a list of stacks each with its ``cards`` (a DCG battle area)."""
    if isinstance(value, str):
        return [value]
    out: list[str] = []
    if isinstance(value, list):
        for x in value:
            if isinstance(x, str):
                out.append(x)
            elif isinstance(x, Mapping) and isinstance(x.get("cards"), list):
                out.extend(c for c in x["cards"] if isinstance(c, str))
    return out


def _misplaced(game: GameHooks, diffs: Sequence[tuple[str, Any, Any]]
               ) -> dict[tuple[int, str], tuple[list[str], list[str]]]:
    """For each ``(player, card)`` whose zone differs (only the zones of
    :attr:`GameHooks.moves`, from the differing paths): the zones where the oracle holds more
    copies of it than the implementation, and those where the implementation holds more."""
    import re
    from collections import Counter

    zones = game.move_zones
    counts: dict[tuple[int, str], Counter[str]] = {}
    for path, exp, act in diffs:
        m = re.match(r"^\$\.players\[(\d)\]\.([a-z_]+)((\[\d+\])(\.cards)?)?$", path)
        if m is None or m.group(2) not in zones:
            continue
        who, name = int(m.group(1)), m.group(2)
        if m.group(4) and not m.group(5):  # one stack of a battle area
            exp, act = [exp], [act]
        d = counts.setdefault((who, name), Counter())
        d.update(_zone_cards(exp))
        d.subtract(_zone_cards(act))
    out: dict[tuple[int, str], tuple[list[str], list[str]]] = {}
    for (who, name), d in sorted(counts.items()):
        for card, n in sorted(d.items()):
            if n:
                oracle, engine = out.setdefault((who, card), ([], []))
                (oracle if n > 0 else engine).append(name)
    return out


def _route(game: GameHooks, events: Sequence[Mapping[str, Any]], who: int, card: str,
           start: str, end: str, copies: int = 1) -> list[tuple[str, int]] | None:
    """The oracle's route of ``card`` of player ``who`` through the step's ``events``, from
    zone ``start`` to zone ``end``: ``[(zone, index of the event that moved it there)]``, the
    first entry ``(start, -1)``. An event that names the card (:attr:`GameHooks.card_keys`)
    moves it along one of its moves (:attr:`GameHooks.moves`) from where it lies; one that
    names no card (a draw of a count) may move it, when one of its moves leaves that zone
    and the route can still end in ``end``. With more than one ``copies`` of the card, an
    event naming it may have moved another copy. None when no route ends there."""
    table = game.moves_of
    memo: dict[tuple[int, str], list[tuple[str, int]] | None] = {}

    def go(i: int, zone: str) -> list[tuple[str, int]] | None:
        if i == len(events):
            return [] if zone == end else None
        if (i, zone) in memo:
            return memo[i, zone]
        ev = events[i]
        named = _named_cards(ev, game.card_keys)
        nxt = [b for a, b in table.get(ev.get("type", ""), ())
               if a == zone and _owner(game, ev, a) in (who, None)]
        out: list[tuple[str, int]] | None = None
        if card in named and nxt and _owner(game, ev, nxt[0]) in (who, None):
            rest = go(i + 1, nxt[0])
            out = [(nxt[0], i)] + rest if rest is not None else None
        elif not named and nxt:
            for b in nxt:
                rest = go(i + 1, b)
                if rest is not None:
                    out = [(b, i)] + rest
                    break
        if out is None and (copies > 1 or not (card in named and nxt)):
            out = go(i + 1, zone)
        memo[i, zone] = out
        return out

    rest = go(0, start)
    return [(start, -1)] + rest if rest is not None else None


def _card_mover(game: GameHooks, events: Sequence[Mapping[str, Any]],
                diffs: Sequence[tuple[str, Any, Any]], before: Mapping[str, Any] | None
                ) -> Mapping[str, Any] | None:
    """The oracle's event that names the rule of a card that lies elsewhere in the
    implementation's state than in the oracle's, found by following that card through the
    step's moves (:attr:`GameHooks.moves`: each event type's moves, from zone to zone, of
    whose cards): from its zone before the step (the oracle's state ``before``), along the
    oracle's route in the step (:func:`_route`), to where each side holds it
    (:func:`_misplaced`).

    - The implementation's zone is a point of the oracle's route before its end: the
      implementation stopped there, and the event that moves the card on from it is the
      move left out.
    - The oracle did not move the card and the implementation did: the oracle's event of
      the step that makes the same move (from that zone to the implementation's, of that
      player's cards) is the rule of that move, made wrongly; one that names no card (a
      count, or a move skipped: a draw the rules skip) before one that names the cards it
      moved, which are others.
    - The oracle moved it elsewhere than the implementation (or the implementation lost
      it): the oracle's event that moved it out of the last zone both agree on, the one it
      lay in before the step, names the rule — unless one move of the table takes it on
      from the oracle's zone to the implementation's (a move the implementation made
      further, which no event of the step names).

    The earliest such event of the step names the rule (what the oracle did later in the
    step follows from it). None when there is none."""
    if not game.moves or not isinstance(before, Mapping) or \
            not isinstance(before.get("players"), list):
        return None
    table = game.moves_of
    onward = {(a, b) for pairs in table.values() for a, b in pairs}
    first: int | None = None
    for (who, card), (oracle, engine) in _misplaced(game, diffs).items():
        if who >= len(before["players"]) or not isinstance(before["players"][who], Mapping):
            continue
        was = before["players"][who]
        starts = [z for z in sorted(game.move_zones) if card in _zone_cards(was.get(z))]
        copies = sum(_zone_cards(was.get(z)).count(card) for z in starts)
        at: int | None = None
        for start in starts:
            ends = oracle or ([start] if engine else [])
            for end in ends:
                route = _route(game, events, who, card, start, end, copies)
                if route is None:
                    continue
                zones = [z for z, _ in route]
                if len(route) == 1:
                    # not moved by the oracle: its event making the implementation's move,
                    # one that names no card before one that names others (it moved those)
                    same = [i for e in engine for i, ev in enumerate(events)
                            if (start, e) in table.get(ev.get("type", ""), ())
                            and _owner(game, ev, start) in (who, None)]
                    at = min(same, key=lambda i: (bool(_named_cards(events[i],
                                                                    game.card_keys)), i),
                             default=None)
                elif engine and engine[0] in zones[:-1]:
                    k = max(i for i, z in enumerate(zones[:-1]) if z == engine[0])
                    at = route[k + 1][1]
                elif not (engine and (zones[-1], engine[0]) in onward):
                    at = route[1][1]
                if at is not None:
                    break
            if at is not None:
                break
        if at is not None and (first is None or at < first):
            first = at
    return events[first] if first is not None else None


def _named_cards(event: Mapping[str, Any], keys: Sequence[str]) -> set[str]:
    """The cards ``event`` names under ``keys`` (a serial or a list of serials)."""
    out: set[str] = set()
    for k in keys:
        v = event.get(k)
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, list):
            out.update(x for x in v if isinstance(x, str))
    return out


def _gauge_hit(game: GameHooks, events: Sequence[Mapping[str, Any]],
               diffs: Sequence[tuple[str, Any, Any]]) -> Mapping[str, Any] | None:
    """Of the step's gauge events (:attr:`GameHooks.turn_cause`, each with ``before`` and
    ``after`` read by the turn player of its time, :attr:`GameHooks.turn_ends` passing the
    turn) in the turn of its first one, the first the implementation's gauge shows it did
    not make: the oracle's gauge without that event's change is the implementation's (read
    by the same player). None when none is."""
    got = {p: (e, a) for p, e, a in diffs}
    mem = got.get("$." + game.turn_cause)
    if mem is None or not all(isinstance(x, int) and not isinstance(x, bool) for x in mem):
        return None
    ends = [e for e in events if e["type"] in game.turn_ends]
    tp = got.get("$.turn_player")
    last = ends[-1].get("player") if ends else None
    oracle_tp = tp[0] if tp else (1 - last if isinstance(last, int) else None)
    engine = mem[1] if (tp[1] if tp else oracle_tp) == oracle_tp else -mem[1]
    frame = ends[0].get("player") if ends else oracle_tp
    seen = False
    for e in events:
        if e["type"] in game.turn_ends:
            if seen:
                # (only the turn of the step's first gauge event: past the turn's end, a
                # wrong amount before it gives the gauge of a skipped event there too often:
                # pass2 of tests/independent_faults_dcg.py and a start-of-turn gain of 1)
                return None
            p = e.get("player")
            frame = 1 - p if isinstance(p, int) else None
        elif e["type"] == game.turn_cause:
            seen = True
            b, a = e.get("before"), e.get("after")
            if isinstance(b, int) and isinstance(a, int) and \
                    engine == mem[0] - (a - b) * (1 if frame == oracle_tp else -1):
                return e
    return None


def _owner(game: GameHooks, ev: Mapping[str, Any], name: str) -> Any:
    """Whose field ``name`` is when ``ev`` changes it: the event's player, or their opponent
    for :attr:`GameHooks.opponent_fields` (a security check's security and trash)."""
    p = ev.get("player")
    if isinstance(p, int) and name in dict(game.opponent_fields).get(ev["type"], ()):
        return 1 - p
    return p


def _turn_segment(game: GameHooks, events: Sequence[Mapping[str, Any]],
                  diffs: Sequence[tuple[str, Any, Any]]) -> tuple[Any, set[int]] | None:
    """When one step of the oracle ends turns (:attr:`GameHooks.turn_ends`: a pass ending
    turn 3, turn 4's start-of-turn processing ending it at once, DCG-6-2-1-2) and the
    implementation's turn number differs: the turn of the step the implementation stands in,
    as ``(index, ids of that turn's events)``, or ``("ahead", ids of the first turn's
    events)`` when it ended more turns than the oracle (also where the oracle's step ends
    none: a wrong cost that put the memory on the other side). None otherwise (the events
    are ranked as they are)."""
    if not game.turn_ends:
        return None
    turn = next(((e, a) for p, e, a in diffs if p == "$.turn"), None)
    if turn is None or not isinstance(turn[0], int) or not isinstance(turn[1], int):
        return None
    ends = sum(1 for e in events if e["type"] in game.turn_ends)
    if not ends and turn[1] <= turn[0]:
        return None  # (none ended: ahead when the implementation ended one, all the step's)
    index = turn[1] - (turn[0] - ends)  # (turn[0] - ends: the oracle's turn before the step)
    ahead = index > ends
    index = 0 if ahead else max(index, 0)
    seg, out = 0, set()
    for e in events:
        if seg == index:
            out.add(id(e))
        if e["type"] in game.turn_ends:
            seg += 1
    return ("ahead" if ahead else index), out


def _gauge_when_ending(game: GameHooks, events: Sequence[Mapping[str, Any]],
                       in_seg: set[int]) -> Any:
    """The oracle's gauge (:attr:`GameHooks.turn_cause`) when it began to end the turn whose
    events of the step are ``in_seg`` (:func:`_turn_segment`): the ``after`` of its last gauge
    event there before the first event that changes whose turn it is, read by that turn's
    player, before any end-of-turn processing moved it. None when no gauge event of that
    turn came before it."""
    table = dict(game.event_fields)
    there = None
    for e in events:
        if id(e) not in in_seg:
            continue
        if "turn_player" in table.get(e.get("type", ""), frozenset()):
            break
        if e.get("type") == game.turn_cause:
            there = e.get("after")
    return there


def _engine_gauge(game: GameHooks, events: Sequence[Mapping[str, Any]],
                  diffs: Sequence[tuple[str, Any, Any]], before: Any = None) -> Any:
    """The implementation's gauge after the step as its state gives it (read by its own turn
    player): the differing value, or, when the gauge does not differ, the oracle's value
    after the step, which is the ``after`` of the step's last gauge event (``before``, the
    oracle's gauge before the step, when none) read by the turn player after each later
    turn end (:attr:`GameHooks.turn_ends`: the opposite value, the same position). None
    when unknown."""
    mem = next((a for p, _, a in diffs if p == "$." + game.turn_cause), None)
    if mem is not None:
        return mem
    value, flips = before, 0
    for e in events:
        if e.get("type") == game.turn_cause:
            value, flips = e.get("after"), 0
        elif e.get("type") in game.turn_ends:
            flips += 1
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return -value if flips % 2 else value


def _gauge_apart(game: GameHooks, events: Sequence[Mapping[str, Any]],
                 diffs: Sequence[tuple[str, Any, Any]], in_seg: set[int],
                 before: Any = None) -> bool:
    """Where the implementation stands in a turn the oracle ended in the step (the events
    ``in_seg`` of that turn, :func:`_turn_segment`): was the oracle's gauge when it began to
    end that turn (:func:`_gauge_when_ending`) elsewhere than the implementation's
    (:func:`_engine_gauge`, read by the same turn player)? Then the turn's end follows from
    the gauge (a cost left unpaid kept the memory on the implementation's side), as
    :func:`_turn_condition` names the turn-end condition where they are alike. False when
    no gauge event of that turn came before its end (nothing of the step to compare)."""
    there = _gauge_when_ending(game, events, in_seg)
    engine = _engine_gauge(game, events, diffs, before)
    return isinstance(there, int) and isinstance(engine, int) and there != engine


def _turn_condition(game: GameHooks, events: Sequence[Mapping[str, Any]],
                    diffs: Sequence[tuple[str, Any, Any]], before: Any = None) -> str | None:
    """:attr:`GameHooks.turn_condition` when the implementation ended a turn of the step the
    oracle did not, or the other way round, with the memory gauge where the oracle had it
    (:func:`_turn_segment`): standing in a turn the oracle ended, with the memory the oracle
    had when that turn's end began (its last ``memory`` event there before the event that
    ends the turn, read by the same turn player); ahead of the oracle, with the oracle's
    memory seen from the other turn player (the opposite value). ``before``: the oracle's
    memory before the step. Else None."""
    if not game.turn_condition:
        return None
    seg = _turn_segment(game, events, diffs)
    if seg is None:
        return None
    got = {p: (e, a) for p, e, a in diffs}
    mem = got.get("$.memory")
    if seg[0] == "ahead":
        tp = got.get("$.turn_player")
        if tp is None or mem is None or tp[0] == tp[1]:
            return None
        e, a = mem
        return game.turn_condition if isinstance(e, int) and e == -a else None
    there = _gauge_when_ending(game, events, seg[1])
    if there is None and seg[0] == 0:
        there = before  # (the gauge the step began with: nothing moved it before)
    if there is None:
        return None
    # (the implementation's gauge read by its own turn player, that turn's: where it does
    # not differ, the oracle's after the step read by the same player, not the value its
    # last gauge event left before the turn passed)
    engine = _engine_gauge(game, events, diffs, before)
    return game.turn_condition if engine is not None and engine == there else None


def _ahead(game: GameHooks, events: Sequence[Mapping[str, Any]],
           diffs: Sequence[tuple[str, Any, Any]]) -> int | None:
    """When the implementation ended more turns in the step than the oracle: the player
    whose turn it then began (what that turn's start changed for them, the unsuspending and
    the draw, follows from the turn's end); else None."""
    seg = _turn_segment(game, events, diffs)
    if seg is None or seg[0] != "ahead":
        return None
    tp = next((a for p, _, a in diffs if p == "$.turn_player"), None)
    return tp if isinstance(tp, int) else None


def _key_event(game: GameHooks, events: Sequence[Mapping[str, Any]],
               diffs: Sequence[tuple[str, Any, Any]]) -> str | None:
    ranked, hit = _ranked(game, events, diffs)
    if hit is not None:
        return str(hit["type"])
    return str(ranked[0]["type"]) if ranked else None


def shrink(impl: Driver, div: Divergence, *, legal: bool = False, seconds: float = 30.0,
           seed: int = 0, max_candidates: int = 400, patience: int = 8000,
           default_readings: bool = False,
           same: Any = None) -> tuple[Divergence, int]:
    """A shorter game that still diverges, found by oracle-guided search.

    The oracle (fast, in-process) plays many short random games whose action-type weights
    are drawn anew for each game (some games pass a lot, some discard a lot, ...), under the
    divergence's setup or a lower target, and stops at the first step that reproduces the
    divergence's *trigger* (:func:`_trigger`: the same action type with the same key event
    or refusal clause, or for a legal-set divergence any position where the player to move
    has a choice). Each such game, shorter than the best so far, is confirmed on the
    implementation; a confirmed divergence (of any kind) becomes the new best.

    With ``default_readings`` (the implementation honours any reading) the search also
    tries the setup with every ambiguity at its default reading.

    Stops after ``seconds``, after ``max_candidates`` implementation games, after
    ``patience`` oracle games without a shorter confirmed divergence, after
    :data:`NO_HIT_PATIENCE` oracle games when none has reached the trigger, or at a
    one-action counterexample. A refusal at a
    chance node is looked for with the ruleset's wrong chance answers (``chance_probes``).

    The oracle plays under the divergence's :attr:`~Divergence.overrides` (readings the
    implementation was seen to follow). ``same(found) -> bool``, when given, says whether a
    confirmed divergence is one of the same finding (another fault of the implementation
    must not replace this one). A divergence that happened after an earlier one was mended
    (``resynced``) is not reproducible from its actions: any confirmed game replaces it.

    :returns: ``(the shortest divergence found, implementation games played)``.
    """
    import random

    from oracle.errors import OracleError

    game = _hooks_of(div.setup)
    best = div
    overrides = dict(div.overrides)
    games: dict[int, Any] = {}
    deadline = time.monotonic() + seconds
    action_type, key = _trigger(div)
    # A specific key event (exhaustion, a tie, the game won...) is the trigger whatever
    # action caused it; a common one (a card played, a pass) only with the same action.
    specific = key.startswith("clause:") or game.is_specific(key)
    rng = random.Random(seed)
    # A legal set with an action the rules forbid: look for positions where that action
    # (by the player to move) is forbidden by the same rule.
    extra, extra_clause = None, None
    if action_type == "legal-set" and div.actual and div.clause:
        import json

        extra, extra_clause = json.loads(div.actual[0]), div.clause

    def pick(n: int) -> int:
        return rng.randrange(n)

    def permute(items: list[str]) -> list[str]:
        rng.shuffle(items)
        return items

    runs = 0
    setups = game.shrink_setups(div.setup)
    if default_readings and div.setup.get("variants"):
        setups += [{**st, "variants": {}} for st in list(setups)]
    types = game.action_types
    attempts = 0
    last_gain = 0
    last_run_gain = 0
    # Wrong chance answers (probes at a chance node) whose refusal may be the trigger.
    chance_types = {"coin_toss", "shuffle", "choose_first"}
    prefixes: list[Any] = [None]  # [best, (state, actions) after each prefix of best]
    while time.monotonic() < deadline and runs < max_candidates and \
            attempts - last_gain < patience and runs - last_run_gain < max_candidates // 4:
        if not best.resynced and len(best.actions) <= 1:
            break  # (one action: only a divergence at new_game is shorter)
        if runs == 0 and attempts >= NO_HIT_PATIENCE:
            break  # no game reached the trigger at all: this search does not find it
        attempts += 1
        setup = setups[attempts % len(setups)] if rng.random() < 0.5 else setups[0]
        weights = {t: rng.expovariate(1.0) for t in types}
        if rng.random() < 0.5:  # half the games lean hard on one action type
            weights[rng.choice(types)] = 25.0
        gkey = id(setup)
        if gkey not in games:
            try:
                games[gkey] = game.new_game(OracleDriver()._game(
                    oracle_setup(setup, overrides)))
            except OracleError:
                games[gkey] = None
        st = games[gkey]
        if st is None:
            continue
        actions: list[Mapping[str, Any]] = []
        hit = False
        cap = len(best.actions) if not best.resynced else MAX_STEPS + 1
        limit = cap - 1
        if rng.random() < 0.5 and setup is setups[0] and not best.resynced:
            # Keep a prefix of the best game so far and play the rest anew (the positions
            # along the best game are computed once per best game).
            if prefixes[0] is not best:
                prefixes[:] = [best, *_prefix_positions(game, st, best.actions)]
            st, actions = prefixes[1 + rng.randrange(max(limit, 1))]
            actions = list(actions)
        while len(actions) < limit and st.to_move is not None:
            if st.to_move == "chance":
                if key.startswith("refused:") and action_type in chance_types:
                    probe = _matching_chance_probe(game, st, action_type, key[8:])
                    if probe is not None:
                        actions.append(probe)
                        hit = True
                        break
                a = game.chance(st, pick, permute)
            else:
                acts = game.legal_actions(st)
                if action_type == "legal-set" and len(acts) > 1 and actions and (
                        extra is None or _refused_with(game, st, extra, extra_clause)):
                    hit = True
                    break
                if key.startswith("refused:"):
                    probe = _matching_probe(game, st, acts, action_type, key[8:])
                    if probe is not None:
                        actions.append(probe)
                        hit = True
                        break
                a = rng.choices(acts, [weights.get(x.type, 1.0) + 1e-6 for x in acts])[0]
            nxt, events = game.apply(st, a)
            actions.append(a.to_json())
            st = nxt
            if (a.type == action_type or specific) and any(
                    e.type == key or f"clause:{e.clause}" == key for e in events):
                hit = True
                break
        if not hit or len(actions) >= cap:
            continue
        runs += 1
        try:  # (a legal-set trigger is the position after them: play_lockstep compares it)
            found = play_lockstep(impl, setup, _replayer(actions), legal=legal,
                                  max_steps=len(actions), overrides=overrides)
        except StopIteration:  # pragma: no cover - the replayer ran out
            found = None
        if found is not None and found.kind != "errored" and \
                (len(found.actions) < len(best.actions) or best.resynced) and \
                (same is None or same(found)):
            best = found
            last_gain = attempts
            last_run_gain = runs
    return best, runs


def _refused_with(game: GameHooks, state: Any, action: Mapping[str, Any],
                  clause: str | None) -> bool:
    """Is ``action``, sent by the player to move, refused in ``state`` citing ``clause``?"""
    from oracle.errors import IllegalActionError, OracleError

    try:
        game.apply(state, game.action_from_json({**action, "player": state.to_move}))
    except IllegalActionError as e:
        return e.clause == clause
    except OracleError:
        return False
    return False


def _prefix_positions(game: GameHooks, start: Any, actions: Sequence[Mapping[str, Any]]
                      ) -> list[tuple[Any, list[Mapping[str, Any]]]]:
    """``(state, actions taken)`` after each prefix ``actions[:k]`` (k = 0 .. len), played
    from ``start``; an action the oracle refuses is left out, as a replay leaves it out."""
    from oracle.errors import OracleError

    out = [(start, [])]
    st, taken = start, []
    for a in actions:
        try:
            st, _ = game.apply(st, game.action_from_json(a))
        except OracleError:
            pass
        else:
            taken = [*taken, a]
        out.append((st, taken))
    return out


def _matching_chance_probe(game: GameHooks, state: Any, action_type: str,
                           clause: str) -> Mapping[str, Any] | None:
    """A wrong chance answer of ``action_type`` that the oracle refuses citing ``clause``
    at the chance node ``state`` (:attr:`GameHooks.chance_probes`), or None."""
    from oracle.errors import IllegalActionError, OracleError

    for probe in probes.chance_probes(game, state):
        if probe.get("type") != action_type:
            continue
        try:
            game.apply(state, game.action_from_json(probe))
        except IllegalActionError as e:
            if e.clause == clause:
                return probe
        except OracleError:
            continue
    return None


def _matching_probe(game: GameHooks, state: Any, acts: Sequence[Any], action_type: str,
                    clause: str) -> Mapping[str, Any] | None:
    from oracle.errors import IllegalActionError, OracleError

    for probe in probes.probes(game, state, acts):
        if probe.get("type") != action_type:
            continue
        try:
            game.apply(state, game.action_from_json(probe))
        except IllegalActionError as e:
            if e.clause == clause:
                return probe
        except OracleError:
            continue
    return None


# ---------------------------------------------------------------------------------------------
# Which clause a divergence breaks

def _fields(paths: Sequence[str]) -> set[str]:
    """The state field names on ``paths`` (whoever's they are)."""
    return {name for _, name in _owned_fields(paths)}


def _leaf_fields(paths: Sequence[str]) -> set[str]:
    """The field each differing path that passes through another field ends in
    (``suspended`` of ``$.players[0].battle_area[0].suspended``; none of
    ``$.players[0].battle_area``, the field itself)."""
    import re

    out: set[str] = set()
    for p in paths:
        names = [n for n in re.findall(r"\.([a-z_]+)", p) if n != "players"]
        if len(names) > 1:
            out.add(names[-1])
    return out


def _owned_fields(paths: Sequence[str]) -> set[tuple[int | None, str]]:
    """``(player, field)`` for each differing path (player None outside ``players[i]``)."""
    import re

    out: set[tuple[int | None, str]] = set()
    for p in paths:
        m = re.match(r"^\$\.players\[(\d)\]", p)
        who = int(m.group(1)) if m else None
        out.update((who, n) for n in re.findall(r"\.([a-z_]+)", p) if n != "players")
    return out


def _field_clause(game: GameHooks, events: Sequence[Mapping[str, Any]],
                  diffs: Sequence[tuple[str, Any, Any]]) -> str | None:
    """The clause of the event after the one the implementation stopped at
    (:attr:`GameHooks.leaves_at`), or of :attr:`GameHooks.field_clauses` for a differing
    field, or None."""
    differing = _fields([p for p, _, _ in diffs])
    if game.leaves_at:
        got = {p: a for p, _, a in diffs}
        where = (got.get("$.phase"), got.get("$.step"))
        table = dict(game.event_fields)
        for i, e in enumerate(events):
            if game.leaves_at.get(e.get("type", "")) == where:
                nxt = next((x for x in events[i + 1:]
                            if "phase" in table.get(x["type"], frozenset())), None)
                if nxt is not None and nxt.get("clause"):
                    return str(nxt["clause"])
    if not game.field_clauses:
        return None
    types = {e.get("type") for e in events}
    for name, clause, unless in game.field_clauses:
        if name in differing and not (unless & differing) and not (unless & types):
            return clause
    return None


def _unexplained(game: GameHooks, events: Sequence[Mapping[str, Any]],
                 diffs: Sequence[tuple[str, Any, Any]], beginning: int | None = None
                 ) -> str | None:
    """The clause of :attr:`GameHooks.unexplained` for a field that differs (for a player)
    although no oracle event at that step changes it (for that player). ``beginning``: the
    player whose turn the implementation began by ending a turn the oracle did not
    (:func:`_ahead`): that turn's start explains their fields."""
    table = dict(game.event_fields)
    changed = {(_owner(game, e, name), name) for e in events
               for name in table.get(e["type"], frozenset())}
    changed_any = {name for _, name in changed}
    differing = _owned_fields([p for p, _, _ in diffs])
    # a field that follows from another one the oracle's events change, which differs too
    caused = {field for field, cause in game.consequences
              if any(name == cause and (w, name) in changed for w, name in differing)}
    # the players a turn of began at this step (a turn ended by the other one)
    began = {1 - e["player"] for e in events
             if e.get("type") in game.turn_ends and isinstance(e.get("player"), int)}
    # the players whose turn the step ended during its start-of-turn processing
    # (GameHooks.start_phases): what the rules skip for them then is not the other player's
    cut_short = {e["player"] for e in events
                 if e.get("type") in game.end_begins and e.get("phase") in game.start_phases}
    for who, name in sorted(differing, key=str):
        clause = dict(game.unexplained).get(name)
        if clause is None or name in caused or (beginning is not None and who == beginning):
            continue
        if beginning is not None and name in game.turn_fields:
            continue  # (a turn the oracle did not end: what ended it names the rule, _ranked)
        if who is not None and who not in began and who not in cut_short \
                and name in changed_any:
            # The step changes that field for the other player only, and began no turn of
            # this one: the engine applied that change to a player it does not concern (the
            # start of turn unsuspending the opponent's Digimon too, DCG-6-2-1), the rule of
            # the event that makes it (_ranked), not a change the rules skipped for them
            # (which is a turn of theirs begun and ended before it, DCG-6-2-1-2).
            continue
        if (who is None and name not in changed_any) or \
                (who is not None and (who, name) not in changed):
            return clause
    return None


def _engine_only(game: GameHooks, events: Sequence[Mapping[str, Any]],
                 diffs: Sequence[tuple[str, Any, Any]]) -> set[tuple[int | None, str]]:
    """The ``(player, field)`` of each differing path that no oracle event of the step
    changes (for that player, :func:`_owner`; a field outside the players for anyone),
    leaving out a field that follows from another differing field an event changes
    (:attr:`GameHooks.consequences`): a change made on the implementation's side only."""
    table = dict(game.event_fields)
    changed = {(_owner(game, e, name), name) for e in events
               for name in table.get(e["type"], frozenset())}
    differing = _owned_fields([p for p, _, _ in diffs])
    caused = {f for f, cause in game.consequences
              if any(n == cause and ((w, n) in changed or (None, n) in changed)
                     for w, n in differing)}
    anyone = {n for _, n in changed}
    return {(w, n) for w, n in differing if n not in caused and (
        n not in anyone if w is None else (w, n) not in changed and (None, n) not in changed)}


def _object_clause(game: GameHooks, events: Sequence[Mapping[str, Any]],
                   diffs: Sequence[tuple[str, Any, Any]], before: Mapping[str, Any] | None,
                   action: Mapping[str, Any] | None) -> tuple[str, bool] | None:
    """A field of an object the step's action acts on (``suspended`` of
    ``$.players[i].battle_area[k]``, the stack whose ``id`` the action names) that differs
    although no event of the step changes it for its owner (:func:`_engine_only`) nor on
    that object: what the action leaves that object as is the action's own rule, the clause
    of the step's first event of that player naming the object
    (:attr:`GameHooks.object_keys`). ``(clause, contested)``, or None: ``contested`` when an
    event of the step changes that field on other objects (a start of turn unsuspending the
    other player's Digimon), where the step alone cannot tell the action's rule from that
    event's applied to this object too (:func:`attribute` leaves it to the run,
    :func:`cover_starter_roots`)."""
    import re

    if not game.object_keys or not isinstance(before, Mapping) or \
            not isinstance(action, Mapping) or not isinstance(before.get("players"), list):
        return None
    named = {v for k, v in action.items() if k not in ("type", "player")
             and isinstance(v, int) and not isinstance(v, bool)}
    table = dict(game.event_fields)

    def names(ev: Mapping[str, Any], oid: Any) -> bool:
        return any(ev.get(k) == oid or isinstance(ev.get(k), list) and oid in ev[k]
                   for k in game.object_keys)

    alone = _engine_only(game, events, diffs)
    for path, _, _ in diffs:
        m = re.match(r"^\$\.players\[(\d)\]\.([a-z_]+)\[(\d+)\]\.([a-z_]+)$", path)
        if m is None or (int(m.group(1)), m.group(4)) not in alone:
            continue
        who, zone, k = int(m.group(1)), m.group(2), int(m.group(3))
        side = before["players"][who] if who < len(before["players"]) else None
        items = side.get(zone) if isinstance(side, Mapping) else None
        obj = items[k] if isinstance(items, list) and k < len(items) else None
        oid = obj.get("id") if isinstance(obj, Mapping) else None
        leaf = m.group(4)
        if oid is None or oid not in named or any(
                names(e, oid) and leaf in table.get(e.get("type", ""), frozenset())
                for e in events):
            continue
        ev = next((e for e in events if e.get("player") == who and e.get("clause")
                   and names(e, oid)), None)
        if ev is not None:
            return str(ev["clause"]), any(
                leaf in table.get(e.get("type", ""), frozenset()) for e in events)
    return None


def _flow_clause(game: GameHooks, events: Sequence[Mapping[str, Any]],
                 diffs: Sequence[tuple[str, Any, Any]], before: Mapping[str, Any] | None
                 ) -> str | None:
    """A game-flow field (:attr:`GameHooks.flow_fields`: the phase, who wins) that the
    implementation changed although no oracle event of the step changes it
    (:func:`_engine_only`): the rule that governs when that field makes that change, as the
    oracle's own play shows it (:func:`flow_transitions`: the clause of the first event
    changing that field in the oracle's steps that make the same change). Of several such
    fields, the change the oracle's steps begin earliest (the rest follow from it: a Duel
    ended, DB-C.3, before the game it won, DB-C.9); on a tie the first of
    :attr:`GameHooks.flow_fields`. None when there is none, or the oracle never made it."""
    if not game.flow_fields or not isinstance(before, Mapping):
        return None
    alone = _engine_only(game, events, diffs)
    got = {p: a for p, _, a in diffs}
    best: tuple[int, int, str] | None = None
    for rank, name in enumerate(game.flow_fields):
        if (None, name) not in alone or "$." + name not in got:
            continue
        seen = flow_transitions(game.ruleset).get(
            (name, json.dumps(before.get(name)), json.dumps(got["$." + name])))
        if seen is not None and (best is None or (seen[0], rank) < best[:2]):
            best = (seen[0], rank, seen[1])
    return best[2] if best is not None else None


@cache
def flow_transitions(ruleset: str, games: int = 20) -> dict[tuple[str, str, str], tuple[int, str]]:
    """``(field, value before, value after)`` (values as JSON) -> ``(position, clause)`` of
    the first event that changes ``field`` (:attr:`GameHooks.event_fields`) in the steps of
    the oracle's own random play (``games`` games, its default readings) that make that
    change, the most frequent; for each of :attr:`GameHooks.flow_fields`. Played once per
    process, only when a divergence asks (:func:`_flow_clause`)."""
    from collections import Counter

    game = hooks(ruleset)
    table = dict(game.event_fields)
    seen: dict[tuple[str, str, str], Counter[tuple[int, str]]] = {}
    for i in range(games):
        draw = Draw("flow-transitions", i)
        o = OracleDriver()
        prev = o.new_game(game.draw_setup(draw, {}))
        state = o.state
        for _ in range(2000):
            if game.is_over(state):
                break
            if state.to_move == "chance":
                act = game.chance(state, draw.pick, draw.permute)
            else:
                acts = game.legal_actions(state)
                act = acts[draw.pick(len(acts))]
            out = o.step(act.to_json(), act)
            if isinstance(out, Refusal):
                break
            state, evs = out
            now = state.to_json()
            docs = [e.to_json() for e in evs]
            for name in game.flow_fields:
                if prev.get(name) != now.get(name):
                    at = next(((k, str(e.get("clause"))) for k, e in enumerate(docs)
                               if name in table.get(e.get("type", ""), frozenset())
                               and e.get("clause")), None)
                    if at is not None:
                        key = (name, json.dumps(prev.get(name)), json.dumps(now.get(name)))
                        seen.setdefault(key, Counter())[at] += 1
            prev = now
    return {k: c.most_common(1)[0][0] for k, c in seen.items()}


def _oracle_after(div: Divergence) -> OracleDriver | None:
    """An oracle standing where the oracle stood after the diverging step (its state
    ``before`` the step, the step's action applied), or None when it cannot be put there."""
    if not isinstance(div.before, Mapping) or not div.actions:
        return None
    o = OracleDriver()
    if not _load(o, div.oracle_setup, div.before):
        return None
    try:
        out = o.apply(div.actions[-1])
    except Exception:  # noqa: BLE001 - no position to ask: no clause from it
        return None
    return None if out.refused else o


def waited_clause(div: Divergence) -> str | None:
    """The clause of the decision the oracle waits for after the step, when the divergence
    is about that decision:

    - only who is to move differs (``$.to_move`` alone): the rule that says who decides
      next is the rule of that decision (the first player decides the mulligan first,
      CR4.2 Mulligan, although the step that led there, the first player chosen, is the
      set-up's);
    - the implementation ended a turn (:attr:`GameHooks.turn_ends`) that the oracle began
      to end in the step (:attr:`GameHooks.end_begins`: the turn-end condition held on
      both sides) and holds at end-of-turn timing for effects waiting there (DCG-6-6-2):
      the implementation left out their resolution.

    The decision's rule is read from the oracle itself: the clause of the first event of
    the first legal action it offers the player it waits for (a "keep" answered with a
    ``kept`` event under CR4.2 Mulligan; a waiting effect resolved under CR4.2 Pending
    processing). None otherwise."""
    if div.kind != "state" or not div.differences:
        return None
    game = _hooks_of(div.setup)
    events = _step_events(div)
    paths = [p for p, _, _ in div.differences]
    if paths == ["$.to_move"]:
        waits = div.differences[0][1]
    elif game.end_begins and any(e.get("type") in game.end_begins for e in events) and \
            not any(e.get("type") in game.turn_ends for e in events) and \
            _ahead(game, events, div.differences) is not None:
        waits = None
    else:
        return None
    o = _oracle_after(div)
    if o is None:
        return None
    state = o.state.to_json() if hasattr(o.state, "to_json") else {}
    if waits is None:
        if not (isinstance(state, Mapping) and state.get("pending")):
            return None  # (not held for effects: the turn-end condition's, _turn_condition)
        waits = state.get("to_move")
    if not isinstance(waits, int) or isinstance(waits, bool):
        return None
    try:
        first = next((a for a in o.legal_actions() or () if a.get("player") == waits), None)
        out = o.apply(first) if first is not None else None
    except Exception:  # noqa: BLE001 - no decision to read: no clause from it
        return None
    if out is None or out.refused:
        return None
    return next((str(e["clause"]) for e in out.events if e.get("clause")), None)


#: Strengths of a gauge hypothesis (:func:`gauge_hypotheses`).
GAUGE_CHANGED, GAUGE_EXACT = 1, 2


def gauge_hypotheses(div: Divergence) -> list[tuple[str, int, int, str]] | None:
    """For a state divergence where only the gauge differs (:attr:`GameHooks.turn_cause`,
    the DCG memory, alone; whose turn it is alike on both sides): every single event of the
    oracle's step that, left out or changed, gives the implementation's gauge, as
    ``(clause, strength, index of the event, how)``. None when the divergence is not such
    a one.

    The gauge is followed across the step's turn ends (:attr:`GameHooks.turn_ends`: each
    event's ``before`` and ``after`` are read by the turn player of its time, so the turn
    end flips the frame, never the marker):

    - ``left-out`` (:data:`GAUGE_EXACT`): the oracle's gauge without that event's move is
      the implementation's;
    - ``limit`` (:data:`GAUGE_EXACT`, the clause of :attr:`GameHooks.gauge_limit`): the
      event's move ended at the gauge's limit and the implementation's gauge, the later
      moves alike, stopped short of it on the way there (a gain capped at 9, not 10);
    - ``mistimed`` (:data:`GAUGE_EXACT`, :attr:`GameHooks.trigger_clause`): the oracle
      reading each triggered effect's timing for another player gives the implementation's
      gauge (:func:`mistimed_clause`);
    - ``changed`` (:data:`GAUGE_CHANGED`): any event that can move the gauge (its
      :attr:`GameHooks.event_fields` name it), by another amount: always possible, so the
      weakest;
    - ``carried`` (:data:`GAUGE_CHANGED`, the turn end's clause): a turn end of the step
      (:attr:`GameHooks.turn_ends`), the gauge carried into the next turn elsewhere than
      where it stood (DCG-6-6-3: the next turn begins with the memory the gauge shows); as
      weak as a changed amount.

    One step alone often cannot tell them apart (a gain of 1 after a turn's end left out,
    or a cost before it paid 1 short; a cost paid short, or the next turn begun below the
    gauge); :func:`cover_gauge_roots` chooses over a run."""
    game = _hooks_of(div.setup)
    name = game.turn_cause
    if div.kind != "state" or not name or not game.turn_ends:
        return None
    if [p for p, _, _ in div.differences] != ["$." + name]:
        return None
    _, oracle_end, engine_end = div.differences[0]
    tp = div.before.get("turn_player") if isinstance(div.before, Mapping) else None
    if not all(isinstance(x, int) and not isinstance(x, bool)
               for x in (oracle_end, engine_end, tp)):
        return None
    events = _step_events(div)
    table = dict(game.event_fields)
    sign = 1 if tp == 0 else -1  # the frame of player 0: the turn end moves no marker
    moves: list[tuple[int, Mapping[str, Any], int]] = []
    out: list[tuple[str, int, int, str]] = []
    for i, ev in enumerate(events):
        if ev.get("type") in game.turn_ends:
            sign = -sign
            if ev.get("clause"):
                out.append((str(ev["clause"]), GAUGE_CHANGED, i, "carried"))
        elif name in table.get(ev.get("type", ""), frozenset()):
            moves.append((i, ev, sign))
    # (sign: now the frame of the turn player after the step, alike on both sides)
    o, e = sign * oracle_end, sign * engine_end
    for i, ev, s in moves:
        clause = ev.get("clause")
        if not clause:
            continue
        out.append((str(clause), GAUGE_CHANGED, i, "changed"))
        b, a = ev.get("before"), ev.get("after")
        if ev.get("type") != name or not isinstance(b, int) or not isinstance(a, int) \
                or a == b:
            continue
        if e == o - s * (a - b):
            out.append((str(clause), GAUGE_EXACT, i, "left-out"))
        if game.gauge_limit and abs(a) == game.gauge_limit[0]:
            here = s * (e - (o - s * a))  # the implementation's gauge just after the event
            if (b <= here < a) if a > b else (a < here <= b):
                out.append((game.gauge_limit[1], GAUGE_EXACT, i, "limit"))
    if div.actions and mistimed_clause(game, div.oracle_setup, div.before, div.actions[-1],
                                       actual=div.actual_state, differences=div.differences,
                                       details=div.details):
        # an effect triggered at a time its timing does not name gives the engine's gauge
        # exactly: one more hypothesis, weighed against the others over the run (a gain
        # capped at 9 also looks like another player's +1 where such a card is in play)
        out.append((game.trigger_clause, GAUGE_EXACT, len(events), "mistimed"))
    return out


def gauge_moves(game: GameHooks, events: Sequence[Mapping[str, Any]], gauge: Any
                ) -> dict[int, tuple[Any, ...]]:
    """What each gauge move of one oracle step is, by index of its event (the events
    :func:`gauge_hypotheses` weighs), as far as the rule that makes it can tell: an event
    that moves the gauge (:attr:`GameHooks.event_fields`) by its type, its clause, the cards
    the step's events under that clause name and the gauge's net move under that clause in
    the step (a cost of 5 paid for BT1-020; a pass's move, which depends on where the gauge
    stood, by that move); a turn end (:attr:`GameHooks.turn_ends`) by its clause and where
    the gauge stood when the turn passed, read by the player whose turn ended (what the rule
    carries into the next turn). ``gauge``: the gauge before the step, read by its turn
    player."""
    name = game.turn_cause
    table = dict(game.event_fields)
    cards: dict[Any, set[str]] = {}
    net: dict[Any, int] = {}
    for ev in events:
        c = ev.get("clause")
        if isinstance(ev.get("card"), str):
            cards.setdefault(c, set()).add(ev["card"])
        b, a = ev.get("before"), ev.get("after")
        if ev.get("type") == name and isinstance(b, int) and isinstance(a, int):
            net[c] = net.get(c, 0) + a - b
    out: dict[int, tuple[Any, ...]] = {}
    value = gauge if isinstance(gauge, int) and not isinstance(gauge, bool) else None
    for i, ev in enumerate(events):
        t, c = ev.get("type"), ev.get("clause")
        if t in game.turn_ends:
            out[i] = ("carried", c, value)
            value = -value if value is not None else None
            continue
        if name in table.get(t or "", frozenset()):
            out[i] = (t, c, tuple(sorted(cards.get(c, ()))), net.get(c, 0))
        if t == name and isinstance(ev.get("after"), int):
            value = ev["after"]
    return out


def matched_gauge_moves(roots: Sequence[Divergence]) -> set[tuple[Any, ...]]:
    """The gauge moves (:func:`gauge_moves`) the implementation made as the oracle did: those
    of every step before each game's first divergence (a root not :attr:`Divergence.resynced`:
    its game's steps before it all gave the oracle's state), replayed on the oracle. A
    game that cannot be replayed gives none."""
    seen: set[tuple[Any, ...]] = set()
    for d in roots:
        if d.resynced or d.kind != "state" or len(d.actions) < 2:
            continue
        try:
            game = _hooks_of(d.setup)
            if not game.turn_cause:
                continue
            o = OracleDriver()
            state: Any = o.new_game(d.oracle_setup)
            for a in d.actions[:-1]:
                gauge = state.get(game.turn_cause) if isinstance(state, Mapping) else None
                out = o.apply(a)
                if out.refusal is not None:
                    continue
                seen.update(gauge_moves(game, out.events, gauge).values())
                state = out.state
        except Exception:  # noqa: BLE001 - no evidence from a game that does not replay
            continue
    return seen


def cover_gauge_roots(roots: Sequence[Divergence]) -> None:
    """Name each root divergence of a run where only the gauge differs by the clause that
    explains the most root divergences of the run (one fault, one finding).

    A root's candidates are the clauses of its :func:`gauge_hypotheses`; every other root
    supports its own clause. A move's changed amount is no candidate where the
    implementation made that same move as the oracle did earlier in the run
    (:func:`matched_gauge_moves`: the same rule, cards and amount; a turn passed with the
    gauge at the same position): a rule's move by an amount it names is the same move
    wherever the gauge stands (what depends on where it stands is the gauge's limit, a
    hypothesis of its own, or the turn's end, carried from where it stood), unless that
    leaves the root no candidate. Of a root's candidates, the one supported by the most
    roots is chosen, then the one most often supported exactly (left out or stopped at the
    limit, not merely changed), then the strongest hypothesis at this root, then the
    earliest event. A cap at 9 gives at a gain of 1 from 9 what a left-out gain gives, and
    at a gain from 8 what only the cap and a changed amount give: the cap explains every one
    of the run's roots exactly. A next turn begun at 3 where the gauge stood at 5 looks like
    the cost that put it there paid 2 short; where that card was paid for right earlier,
    only like the turn's end, which then explains every such root. A root without
    candidates keeps its clause."""
    cands, support, exact = _gauge_support(roots)
    for d in roots:
        h = cands.get(id(d))
        if not h:
            continue
        best = max(h, key=lambda x: (support[x[0]], exact.get(x[0], 0), x[1], -x[2]))
        d.clause, d.basis = best[0], "gauge"


Candidates = dict[int, list[tuple[str, int, int, str]]]

#: How a root's clause was found where no gauge hypothesis renames it
#: (:func:`skipped_phase_clause`, :func:`mistimed_clause` where more than the gauge differs).
DECIDED = ("phase", "trigger")


def _gauge_candidates(roots: Sequence[Divergence], matched_from: Sequence[Divergence]
                      ) -> Candidates:
    """Each root's :func:`gauge_hypotheses` (by ``id``), a changed amount left out where the
    implementation made that move as the oracle did in ``matched_from``
    (:func:`matched_gauge_moves`), unless that leaves none."""
    cands: Candidates = {}
    for d in roots:
        # (a root named by a phase skipped or an effect mistimed keeps its clause)
        h = gauge_hypotheses(d) if d.kind == "state" and d.basis not in DECIDED else None
        if h:
            cands[id(d)] = h
    if not cands:
        return cands
    matched: set[tuple[Any, ...]] | None = None
    for d in roots:
        h = cands.get(id(d))
        if not h or not any(s == GAUGE_CHANGED for _, s, _, _ in h):
            continue
        if matched is None:
            matched = matched_gauge_moves(matched_from)
        if not matched:
            break
        game = _hooks_of(d.setup)
        moves = gauge_moves(game, _step_events(d), (d.before or {}).get(game.turn_cause))
        kept = [x for x in h if x[1] != GAUGE_CHANGED or moves.get(x[2]) not in matched]
        if kept:
            cands[id(d)] = kept
    return cands


def _gauge_support(roots: Sequence[Divergence]
                   ) -> tuple[Candidates, dict[str, int], dict[str, int]]:
    """The roots' candidates (:func:`_gauge_candidates`), and for each clause how many roots
    it explains (a root without candidates supports its own clause) and how many exactly."""
    cands = _gauge_candidates(roots, roots)
    support: dict[str, int] = {}
    exact: dict[str, int] = {}
    if not cands:
        return cands, support, exact
    for d in roots:
        h = cands.get(id(d))
        named = {c for c, _, _, _ in h} if h else {d.clause or "?"}
        strong = {c for c, s, _, _ in h if s >= GAUGE_EXACT} if h else named
        for c in named:
            support[c] = support.get(c, 0) + 1
        for c in strong:
            exact[c] = exact.get(c, 0) + 1
    return cands, support, exact


def name_by_gauge_roots(roots: Sequence[Divergence], others: Sequence[Divergence]) -> None:
    """Name each of ``others`` (failing vector steps of the same run, as divergences) where
    only the gauge differs by the candidate of its :func:`gauge_hypotheses` that the run's
    random-game ``roots`` support most (as :func:`cover_gauge_roots` chooses for them: a
    next turn begun at 3 where a vector's gauge stood at 4 looks like the cost paid 1 short
    as much as like the turn's end; the run's games, where the same cost was paid right,
    show the turn's end). A move the implementation made as the oracle did, in the games or
    in the vectors' steps before their failures, is no changed amount. ``roots`` are not
    changed; one of ``others`` no root supports keeps its clause."""
    if not roots or not others:
        return
    cands = _gauge_candidates(others, [*roots, *others])
    if not cands:
        return
    _, support, exact = _gauge_support(roots)
    for d in others:
        h = [x for x in cands.get(id(d), ()) if support.get(x[0])]
        if h:
            best = max(h, key=lambda x: (support[x[0]], exact.get(x[0], 0), x[1], -x[2]))
            d.clause, d.basis = best[0], "gauge"


def cover_starter_roots(roots: Sequence[Divergence]) -> None:
    """Name each root divergence of a run that several rules explain alike
    (:attr:`Divergence.starters`: the wrong Duel starter and the wrong Battle starter, where
    the Digivolve phase between them was all forced passes; an action's rule on an object and
    a turn's start applied to it, :func:`_object_clause`) by the one of them the most
    roots of the run are filed under (each other root supports its own clause; one fault,
    one finding); on a tie, the first."""
    support: dict[str, int] = {}
    for d in roots:
        for c in (d.starters if len(d.starters) > 1 else (d.clause or "?",)):
            support[c] = support.get(c, 0) + 1
    for d in roots:
        if len(d.starters) > 1 and d.clause in d.starters and d.reading is None:
            d.clause = max(d.starters, key=lambda c: (support.get(c, 0),
                                                      -d.starters.index(c)))


def attribute(div: Divergence, *, readings: bool = True,
              exclude: Collection[tuple[str, str]] = ()) -> None:
    """Fill in ``div.clause`` (and ``clauses``, ``explanation``, ``reading``).

    1. If the oracle under another reading of one ambiguity gives the implementation's
       answer at the diverging step (from the same position), the divergence is that
       reading: the clause is the ambiguity's, and ``explanation`` says so.
    2. Else, for a state divergence, a field the implementation changed although none of the
       oracle's events at that step changes it names the rule that says when it may change
       (:attr:`~digiconform.verifier.games.GameHooks.unexplained`).
    3. Else the oracle's events at the diverging step name the clauses; the one whose event
       changes the differing fields (most specific event first) is chosen.
    4. Else the refusal's clause, or the action's home clause.

    With ``readings`` False step 1 is left out (a reading explanation retracted:
    :data:`READING_CONFIRM`); the readings in ``exclude`` (``(ambiguity, reading)``, taken
    back by the run: :func:`_taken_back`) are never tried in step 1.
    """
    from oracle import variants as registry

    game = _hooks_of(div.setup)
    events = in_step(game, _step_events(div), div.before, div.differences)
    div.clauses = sorted({e["clause"] for e in events if e.get("clause")})
    div.starters = ()
    if div.kind != "errored" and readings:
        for amb in registry.REGISTRY:
            if amb.ruleset != game.ruleset:
                continue
            current = registry.resolve(div.oracle_setup.get("variants"),
                                       game.ruleset)[amb.id]
            for reading in amb.reading_names():
                if reading == current or (amb.id, reading) in exclude:
                    continue
                if _explained_by(div, amb.id, reading):
                    asked = registry.resolve(div.setup.get("variants"), game.ruleset)[amb.id]
                    if reading == asked:
                        div.follows_asked = current
                        div.explanation = (
                            f"the implementation follows {amb.id} = {reading!r}, the reading "
                            f"it was asked for, where the oracle played {current!r} (taken "
                            "from an earlier game of the run): no fault of the implementation")
                    else:
                        div.explanation = (f"the implementation behaves as if {amb.id} = "
                                           f"{reading!r} (declared or default: {current!r}): "
                                           f"{amb.question}")
                    div.clause = amb.clauses[0]
                    div.reading = (amb.id, reading)
                    return
    if div.clause is None and div.kind in ("accepted-illegal", "refusal") and \
            isinstance(div.expected, Mapping) and div.expected.get("clause"):
        # the clause the oracle's refusal names (a reading taken back: the rule broken)
        div.clause = str(div.expected["clause"])
    if div.clause is None and div.kind == "legal-set":
        div.clause = _legal_set_clause(div)
    if div.clause is None and div.kind == "state" and div.actions:
        # a Duel result a Power Option's printed condition read otherwise explains (DB-C.2)
        div.clause = conditions.condition_clause(
            div.oracle_setup, div.before, div.actions[-1], actual=div.actual_state,
            details=div.details)
    if div.clause is None and div.kind == "state" and div.actions:
        # a new Duel started by the other player than the rules say (DB-D.6)
        starters = starter_clauses(game, div.oracle_setup, div.before, div.actions[-1],
                                   events, actual=div.actual_state, details=div.details)
        div.clause = starters[0] if starters else None
        div.starters = tuple(starters)
    if div.clause is None and div.kind == "state" and div.actions and \
            not _gauge_only(game, div.differences):
        # an effect triggered at a time its timing does not name (CR4.2 Triggered effects;
        # where only the gauge differs, one of the gauge hypotheses: gauge_hypotheses)
        div.clause = mistimed_clause(game, div.oracle_setup, div.before, div.actions[-1],
                                     actual=div.actual_state, differences=div.differences,
                                     details=div.details)
        if div.clause is not None:
            div.basis = "trigger"
    if div.clause is None and div.kind == "state" and div.actions:
        # a phase the oracle entered and the implementation skipped: that phase's rule
        div.clause = skipped_phase_clause(game, div.before, events, div.differences)
        if div.clause is not None:
            div.basis = "phase"
    if div.clause is None and div.kind == "state":
        div.clause = waited_clause(div)
        if div.clause is not None:
            div.basis = "waits"
    if div.clause is None and div.kind == "state":
        div.clause = _field_clause(game, events, div.differences)
    if div.clause is None and div.kind == "state":
        obj = _object_clause(game, events, div.differences, div.before,
                             div.actions[-1] if div.actions else None)
        if obj is not None and obj[1]:
            # (the step cannot tell the action's rule from a change the step made to other
            # objects, applied to this one: both stand, the run's roots choose)
            other = _unexplained(game, events, div.differences,
                                 _ahead(game, events, div.differences))
            if other is None:
                ranked, hit = _ranked(game, events, div.differences, div.before)
                other = str(hit["clause"]) if hit is not None else None
            div.starters = (obj[0], other) if other and other != obj[0] else ()
        div.clause = obj[0] if obj is not None else \
            _flow_clause(game, events, div.differences, div.before)
    if div.clause is None and div.kind == "state" and game.unexplained:
        div.clause = _unexplained(game, events, div.differences,
                                  _ahead(game, events, div.differences))
    if div.clause is None and div.kind in ("state", "refused-legal", "legal-set"):
        ranked, hit = _ranked(game, events, div.differences, div.before)
        if hit is not None:
            div.clause = hit["clause"]
        elif ranked:
            div.clause = ranked[0]["clause"]
    if div.clause is None and div.actions:
        div.clause = game.home_clause.get(div.actions[-1].get("type", ""), None)


def field_candidates(div: Divergence) -> set[str]:
    """The clauses of the oracle's events at ``div``'s step that change a field its differing
    paths end in (a leaf of a container first: ``suspended`` of
    ``$.players[0].battle_area[0].suspended``), whoever's it is: the rules of the step that
    could have made that field differ. (An attacker left unsuspended in a step that also
    begins the opponent's turn: the attack's suspension, DCG-6-5-1-5, or the opponent's
    unsuspend, DCG-6-2-1, reaching the attacker too.)"""
    game = _hooks_of(div.setup)
    events = in_step(game, _step_events(div), div.before, div.differences)
    paths = [p for p, _, _ in div.differences]
    names = _leaf_fields(paths) or _fields(paths)
    table = dict(game.event_fields)
    return {str(e["clause"]) for e in events
            if e.get("clause") and names & table.get(e.get("type", ""), frozenset())}


def in_step(game: GameHooks, events: Sequence[Mapping[str, Any]],
            before: Mapping[str, Any] | None,
            diffs: Sequence[tuple[str, Any, Any]] = ()) -> list[Mapping[str, Any]]:
    """``events``, each one :attr:`~digiconform.verifier.games.GameHooks.event_clauses` names
    for the step the oracle's state ``before`` stood in (and a field of ``diffs``) given that
    clause (the Main phase begun by the Breeding phase's one action: DCG-6-4-1, not the order
    of the phases; a mulligan's redraw where the hand differs: CR4.2 Mulligan)."""
    step = before.get("step") if isinstance(before, Mapping) else None
    differing = _fields([p for p, _, _ in diffs])
    table = {(s, t): c for s, t, c, f in game.event_clauses
             if s == step and (not f or f in differing)}
    if not table:
        return list(events)
    return [{**e, "clause": table[step, e.get("type")]} if (step, e.get("type")) in table
            else e for e in events]


def step_clause(ruleset: str, kind: str, events: Sequence[Mapping[str, Any]],
                differences: Sequence[tuple[str, Any, Any]] = (),
                refusal_clause: str | None = None,
                action_type: str | None = None, *,
                before: tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]
                | None = None) -> str | None:
    """The clause one failing step breaks, from the oracle's events at that step (steps 2-4
    of :func:`attribute`, with no reading check): the refusal's clause for an action the
    rules forbid; for a state difference the rule of a change the oracle did not make
    (:attr:`~digiconform.verifier.games.GameHooks.unexplained`), else the event that first
    produces a differing field (most specific first); else the action's home clause.

    :param kind: ``state``, ``refused-legal``, ``accepted-illegal`` or ``refusal``.
    :param before: ``(setup, state, action)``: the oracle's setup and state (JSON) before
        the step and its action, when known: a state difference a Power Option's printed
        condition read otherwise explains is that condition's (DB-C.2,
        :func:`~digiconform.verifier.conditions.condition_clause`); one about the decision
        the oracle waits for after the step is that decision's (:func:`waited_clause`).
    """
    if kind in ("accepted-illegal", "refusal") and refusal_clause:
        return refusal_clause
    if kind == "state" and before is not None:
        clause = conditions.condition_clause(*before, differences=differences)
        if clause:
            return clause
    game = hooks(ruleset)
    events = in_step(game, events, before[1] if before is not None else None, differences)
    if kind == "state" and before is not None:
        clause = starter_clause(game, before[0], before[1], before[2], events,
                                differences=differences) or \
            (None if _gauge_only(game, differences) else
             mistimed_clause(game, before[0], before[1], before[2], differences=differences)) \
            or skipped_phase_clause(game, before[1], events, differences)
        if clause:
            return clause
        # who is to move alone, or a turn ended past effects waiting at its end: the rule
        # of the decision the oracle waits for, as for a random game's divergence
        clause = waited_clause(Divergence("state", 0, before[0], [before[2]], "",
                                          differences=list(differences), before=before[1],
                                          events=list(events)))
        if clause:
            return clause
    if kind == "state":
        # a turn ended on one side only, the gauge alike: the turn-end condition, as the
        # random games' findings are grouped (root_key)
        prior = before[1] if before is not None else None
        clause = _turn_condition(game, events, differences, prior.get(game.turn_cause or "-")
                                 if isinstance(prior, Mapping) else None)
        if clause:
            return clause
        clause = _field_clause(game, events, differences)
        if clause:
            return clause
    if kind == "state" and before is not None:
        obj = _object_clause(game, events, differences, before[1], before[2])
        clause = obj[0] if obj is not None else \
            _flow_clause(game, events, differences, before[1])
        if clause:
            return clause
    if kind == "state" and game.unexplained:
        clause = _unexplained(game, events, differences, _ahead(game, events, differences))
        if clause:
            return clause
    ranked, hit = _ranked(game, events, differences,
                          before[1] if before is not None and kind == "state" else None)
    if hit is not None:
        return str(hit["clause"])
    if ranked:
        return str(ranked[0]["clause"])
    return game.home_clause.get(action_type or "", None)


def starter_clause(game: GameHooks, setup: Mapping[str, Any], before: Mapping[str, Any] | None,
                   action: Mapping[str, Any] | None, events: Sequence[Mapping[str, Any]], *,
                   actual: Mapping[str, Any] | None = None,
                   differences: Sequence[tuple[str, Any, Any]] | None = None,
                   details: Sequence[str] | None = None) -> str | None:
    """The first of :func:`starter_clauses` (in the order of :attr:`GameHooks.starts`), or
    None."""
    found = starter_clauses(game, setup, before, action, events, actual=actual,
                            differences=differences, details=details)
    return found[0] if found else None


def starter_clauses(game: GameHooks, setup: Mapping[str, Any],
                    before: Mapping[str, Any] | None, action: Mapping[str, Any] | None,
                    events: Sequence[Mapping[str, Any]], *,
                    actual: Mapping[str, Any] | None = None,
                    differences: Sequence[tuple[str, Any, Any]] | None = None,
                    details: Sequence[str] | None = None) -> list[str]:
    """The clauses of the events that starts a round (:attr:`GameHooks.starts`: a new Duel,
    DB-D.6; the Battle, DB-C.1) when the step, or the forced actions after it, hold that
    event and the oracle, with the other player named to start it, gives the
    implementation's answer: the implementation let the wrong player start, whatever field
    showed it first (that player passing by force in the Digivolve or Battle phase shows as
    a ``passed`` flag, not as the round's start). The other player is named in the position
    ``before`` the step (the start's ``field``, e.g. ``first_player``), or, for the field
    ``to_move``, as the one to move in the oracle's position where the event occurred.
    Every such clause, in the order of :attr:`GameHooks.starts` (a Duel whose Digivolve
    phase is all forced passes shows the wrong Duel starter and the wrong Battle starter
    alike: :func:`cover_starter_roots` chooses by the run).

    Then, in a ruleset with such starts (Digi-Battle), two more ways the wrong player was
    let start: a phase (step) the step entered, or the forced actions after it, whose first
    decision the oracle with the other player to move there gives the implementation's
    answer: the clause :attr:`GameHooks.opens` names for it (the reveal, DB-B.2, also after
    a new Duel's DB-D.6, which then explains the answer alike when no ``first_player`` is
    compared: the run chooses); and the acting player kept on the move, :func:`_kept_on_move`
    (DB-C.1).

    :param actual: the implementation's state after the step (compared as states are, with
        the ``details`` it declared); else ``differences`` (``(path, expected, actual)``):
        each must be one the counterfactual state has, and each core field it changes must
        be among them.
    """
    found: list[str] = []
    if not game.starts or before is None or action is None or \
            (actual is None and not differences):
        return found
    normal: list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]] | None = None
    for kind, name in game.starts:
        if normal is None:
            normal = _forced_positions(setup, before, action)
        event = next((e for e in [*events, *(e for _, evs in normal for e in evs)]
                      if e.get("type") == kind and e.get("clause")), None)
        if event is None:
            continue
        if name == "to_move":
            at = next((st for st, evs in normal if any(e.get("type") == kind for e in evs)),
                      None)
            who = at.get("to_move") if at is not None else None
            if who not in (0, 1) or isinstance(who, bool):
                continue
            other = _forced_positions(setup, {**at, "to_move": 1 - who}, None)
        else:
            who = before.get(name)
            if who not in (0, 1) or isinstance(who, bool):
                continue
            other = _forced_positions(setup, {**before, name: 1 - who}, action, kind)
        # (an implementation with no waiting point moves on by itself past forced actions,
        # the other player's pass with nothing to Digivolve: any position along them)
        if any(_reproduces(a, b, actual, differences, details)
               for a, _ in (normal[:1] if actual is not None else normal)
               for b, _ in other) and str(event["clause"]) not in found:
            found.append(str(event["clause"]))
    for phase, step, clause in game.opens:
        # a phase (step) entered in the step, or along the forced actions after it, whose
        # first decision the implementation gave the other player
        if clause in found:
            continue
        if normal is None:
            normal = _forced_positions(setup, before, action)
        prev: Mapping[str, Any] = before
        at: Mapping[str, Any] | None = None
        for st, _ in normal:
            if (st.get("phase"), st.get("step")) == (phase, step) and \
                    (prev.get("phase"), prev.get("step")) != (phase, step):
                at = st
                break
            prev = st
        who = at.get("to_move") if at is not None else None
        if at is None or who not in (0, 1) or isinstance(who, bool):
            continue
        other = _forced_positions(setup, {**at, "to_move": 1 - who}, None)
        if any(_reproduces(a, b, actual, differences, details)
               for a, _ in (normal[:1] if actual is not None else normal) for b, _ in other):
            found.append(clause)
    kept = _kept_on_move(setup, before, action, normal, actual, differences, details)
    if kept is not None and kept not in found:
        found.append(kept)
    return found


def _kept_on_move(setup: Mapping[str, Any], before: Mapping[str, Any],
                  action: Mapping[str, Any],
                  normal: list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]] | None,
                  actual: Mapping[str, Any] | None,
                  differences: Sequence[tuple[str, Any, Any]] | None,
                  details: Sequence[str] | None) -> str | None:
    """The rule of the step's action (the clause of its first event of the acting player)
    when the oracle, in the same phase and step, hands the move to the other player and the
    implementation kept the acting player on it: the oracle with the actor to move there
    (and the forced actions after) gives the implementation's answer. The rule of an action
    that takes turns says who acts after it (DB-C.1: players *alternate* playing one Power
    Option per turn; DB-C.3: after a pass the other keeps playing), whatever field showed it
    (the actor, kept on the move with nothing left to play, passing by force shows as a
    ``passed`` flag)."""
    actor = action.get("player")
    if actor not in (0, 1) or isinstance(actor, bool) or before.get("to_move") != actor:
        return None
    if normal is None:
        normal = _forced_positions(setup, before, action)
    if not normal:
        return None
    after, events = normal[0]
    if after.get("to_move") != 1 - actor or \
            (after.get("phase"), after.get("step")) != (before.get("phase"), before.get("step")):
        return None
    clause = next((str(e["clause"]) for e in events
                   if e.get("clause") and e.get("player") == actor), None)
    if clause is None:
        return None
    other = _forced_positions(setup, {**after, "to_move": actor}, None)
    if any(_reproduces(a, b, actual, differences, details)
           for a, _ in (normal[:1] if actual is not None else normal) for b, _ in other):
        return clause
    return None


def skipped_phase_clause(game: GameHooks, before: Mapping[str, Any] | None,
                         events: Sequence[Mapping[str, Any]],
                         differences: Sequence[tuple[str, Any, Any]]) -> str | None:
    """The rule of a phase the oracle entered in the step and the implementation skipped
    (:attr:`GameHooks.phases`): the oracle's ``phase`` is one it did not stand in before the
    step (or one of a turn the step began), the implementation's a later phase of the same
    turn (``turn`` alike). That phase's rule is broken (DCG-6-4-1, the Breeding phase's one
    action), not the rule of the action whose step reached it (a cost that ended the turn,
    DCG-6-6-1), nor the order of the phases (DCG-6-1-2), which the implementation kept."""
    if not game.phases or not isinstance(before, Mapping):
        return None
    diffs = {p: (e, a) for p, e, a in differences}
    if "$.phase" not in diffs or "$.turn" in diffs:
        return None
    order = [p for p, _ in game.phases]
    expected, got = diffs["$.phase"]
    if expected not in order or got not in order or order.index(got) <= order.index(expected):
        return None
    if before.get("phase") == expected and \
            not any(e.get("type") in game.turn_ends for e in events):
        return None
    return dict(game.phases)[expected]


def _gauge_only(game: GameHooks, differences: Sequence[tuple[str, Any, Any]]) -> bool:
    """Does only the gauge (:attr:`GameHooks.turn_cause`, the DCG memory) differ? Then the
    step's rule is weighed over the run (:func:`gauge_hypotheses`)."""
    return bool(game.turn_cause) and [p for p, _, _ in differences] == ["$." + game.turn_cause]


def mistimed_clause(game: GameHooks, setup: Mapping[str, Any],
                    before: Mapping[str, Any] | None, action: Mapping[str, Any] | None, *,
                    actual: Mapping[str, Any] | None = None,
                    differences: Sequence[tuple[str, Any, Any]] | None = None,
                    details: Sequence[str] | None = None) -> str | None:
    """:attr:`GameHooks.trigger_clause` when the oracle, reading each triggered effect's
    timing for both players or for the other one (:attr:`GameHooks.mistimed`: a [Start of
    Your Turn] effect triggered in its owner's opponent's turn too, or instead), gives the
    implementation's answer at the step (or along the forced actions after it) and its own
    answer differs from that one: an effect triggered at a time its timing does not name
    (CR4.2 Triggered effects), whatever field showed it (the memory it gained, a turn it
    then ended)."""
    if not game.mistimed or not game.trigger_clause or before is None or action is None \
            or (actual is None and not differences):
        return None
    normal = _forced_positions(setup, before, action)
    if not normal:
        return None
    strip = ("variants",)
    plain = [{k: v for k, v in st.items() if k not in strip} for st, _ in normal]
    for reading in game.mistimed:
        with reading():
            other = _forced_positions(setup, before, action)
        if [{k: v for k, v in st.items() if k not in strip} for st, _ in other] == plain:
            continue  # (no effect triggered otherwise: nothing to tell)
        if any(_reproduces(a, b, actual, differences, details)
               for a, _ in (normal[:1] if actual is not None else normal) for b, _ in other):
            return game.trigger_clause
    return None


def _forced_positions(setup: Mapping[str, Any], before: Mapping[str, Any],
                      action: Mapping[str, Any] | None, event: str | None = None
                      ) -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]]:
    """The oracle's states (JSON), each with the events that led to it, after ``action``
    from ``before`` (None: ``before`` itself, with no events) and after each forced action
    (the only legal one) that follows, at most :data:`FORCED_LIMIT`; empty when the oracle
    does not take ``before`` or refuses ``action``; with ``event``, only the positions from
    the answer that holds an event of that type on (the answer to ``action`` or to one of
    the forced actions)."""
    o = OracleDriver()
    if not _load(o, setup, before):
        return []
    if action is None:
        out_state, out_events = o.state.to_json(), []
    else:
        out = o.apply(action)
        if out.refusal is not None or out.state is None:
            return []
        out_state, out_events = out.state, list(out.events)
    states = [(out_state, out_events)]
    for _ in range(FORCED_LIMIT):
        acts = o.legal_actions() or []
        if len(acts) != 1 or not isinstance(o.state.to_move, int):
            break
        out = o.apply(acts[0])
        if out.refusal is not None or out.state is None:
            break
        states.append((out.state, list(out.events)))
    if event is not None:
        first = next((i for i, (_, evs) in enumerate(states)
                      if any(e.get("type") == event for e in evs)), None)
        return [] if first is None else states[first:]
    return states


def _reproduces(normal: Mapping[str, Any], alt: Mapping[str, Any],
                actual: Mapping[str, Any] | None,
                differences: Sequence[tuple[str, Any, Any]] | None,
                details: Sequence[str] | None) -> bool:
    """Is the implementation's answer the counterfactual state ``alt`` (the oracle's own being
    ``normal``)? With its state ``actual``: no difference, as states are compared. Else from
    its ``differences`` against ``normal``: each is one ``alt`` has, with the same value, and
    each core field ``alt`` changes is among them."""
    strip = ("variants",)
    alt = {k: v for k, v in alt.items() if k not in strip}
    if actual is not None:
        return not state_differences(alt, {k: v for k, v in actual.items() if k not in strip},
                                     details=details)
    if not differences:
        return False
    from digiconform.verifier.compare import explains

    return explains({k: v for k, v in normal.items() if k not in strip}, alt, differences)


def _legal_set_clause(div: Divergence) -> str | None:
    """For a legal-set divergence: the clause the oracle refuses the first extra action with
    (the rule the implementation lets be broken); else, for a missing action, the home
    clause of its type."""
    import json

    if div.before is None:
        return None
    for text in div.actual or []:
        o = OracleDriver()
        if not _load(o, div.oracle_setup, div.before):
            return None
        out = o.apply(json.loads(text))
        if out.refusal is not None and out.refusal.clause:
            return out.refusal.clause
    for text in div.expected or []:
        clause = _hooks_of(div.setup).home_clause.get(json.loads(text).get("type", ""))
        if clause:
            return clause
    return None


def _step_events(div: Divergence) -> list[Mapping[str, Any]]:
    """The oracle's events at the diverging step (recorded, or found by replaying)."""
    if div.events is not None:
        return list(div.events)
    return _oracle_events(div.oracle_setup, div.actions)


def _oracle_events(setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]
                   ) -> list[Mapping[str, Any]]:
    o = OracleDriver()
    o.new_game(setup)
    events: tuple[Mapping[str, Any], ...] = ()
    for a in actions:
        out = o.apply(a)
        events = out.events
    return list(events)


def _explained_by(div: Divergence, amb: str, reading: str) -> bool:
    """Does the oracle under ``amb = reading`` give the implementation's answer at the
    diverging step? From the position before it (:attr:`Divergence.before`) when known,
    else by replaying the game (which must then be accepted alike up to that step)."""
    base_setup = div.oracle_setup
    setup = {**base_setup, "variants": {**(base_setup.get("variants") or {}), amb: reading}}
    o = OracleDriver()
    if not div.actions:
        return False
    ref = None
    acting = False  # the reading already changes the position before the step
    if div.before is not None:
        if not _load(o, setup, div.before):
            return False
        pre = o.state.to_json() if o.state is not None else None
        out = o.apply(div.actions[-1])
        base0 = OracleDriver()
        if _load(base0, base_setup, div.before):
            acting = _without_variants(pre) != _without_variants(
                base0.state.to_json() if base0.state is not None else None)
            ref = base0.apply(div.actions[-1])
    else:
        try:
            o.new_game(setup)
        except Exception:  # noqa: BLE001
            return False
        base = OracleDriver()
        base.new_game(base_setup)
        out = None
        for i, a in enumerate(div.actions):
            out = o.apply(a)
            ref = base.apply(a)
            if i < len(div.actions) - 1 and (out.refusal is None) != (ref.refusal is None):
                return False
        assert out is not None
    if ref is not None and not acting and not _step_changed_by(amb, ref, out):
        return False
    if div.kind == "state":
        if out.refusal is not None or div.actual_state is None:
            return False
        # The alternative reading must reproduce the implementation's state.
        strip = ("variants",)
        alt = {k: v for k, v in (out.state or {}).items() if k not in strip}
        got = {k: v for k, v in div.actual_state.items() if k not in strip}
        if not state_differences(alt, got, details=div.details):
            return True
        # An engine with no waiting point moves on by itself past forced actions (a Duel
        # decided by forced passes inside the step): the reading's answer followed by them.
        # Only where the reading changed the oracle's answer at the step (else the forced
        # actions are the same under both readings and the rule broken lies elsewhere).
        changed = ref is None or ref.state is None or \
            {k: v for k, v in ref.state.items() if k not in strip} != alt
        return changed and waits_only_in_oracle(div.details) and o.state is not None and \
            forced_path(str(div.setup.get("ruleset", "digibattle")), o.state,
                        div.actual_state, div.details) is not None
    if div.kind == "accepted-illegal":
        if out.refusal is not None:
            return False
        if div.actual_state is None:
            return True
        alt = {k: v for k, v in (out.state or {}).items() if k != "variants"}
        return not state_differences(alt, {k: v for k, v in div.actual_state.items()
                                           if k != "variants"}, details=div.details)
    if div.kind == "refused-legal":
        # The reading must refuse the action for a rule the implementation's refusal names
        # (kind and clause as a refusal is compared): an engine refusing for a reason of its
        # own is not explained by whatever other reading also refuses the action.
        return out.refusal is not None and isinstance(div.actual, Mapping) and \
            refusal_difference(out.refusal.to_json(), div.actual) is None
    if div.kind == "refusal" and out.refusal is not None:
        return out.refusal.to_json().get("clause") == (div.actual or {}).get("clause")
    return False


def _without_variants(state: Any) -> Any:
    """``state`` (JSON) without its ``variants``: the values a reading gives the position
    (the Digimon Power DB-AMB-10's chart row gives, before any Duel is decided with it)."""
    if not isinstance(state, Mapping):
        return state
    return {k: v for k, v in state.items() if k != "variants"}


def _step_changed_by(amb: str, ref: Any, alt: Any) -> bool:
    """Is the diverging step one that the reading changes? When the oracle's answers at that
    step under the game's reading (``ref``) and under the other reading (``alt``) differ in
    their events or refusal, one of the two must cite one of the ambiguity's clauses (or name
    the ambiguity): the step is then one where the ambiguity's rule acts. Answers with the same
    events (a state-only difference, such as Digimon Power) count too. Without this, an
    engine that simply leaves a rule out (a missing DB-B.6 skip) could be "explained" by a
    reading that happens to produce the same state at that step."""
    from oracle import variants as registry

    def marks(o: Any) -> set[tuple[str, str | None, str | None]]:
        if o.refusal is not None:
            return {("refused", o.refusal.to_json().get("clause"), None)}
        return {(e.get("type", ""), e.get("clause"), e.get("ambiguity")) for e in o.events}

    a, b = marks(ref), marks(alt)
    if a == b:
        return True
    clauses = set(registry.BY_ID[amb].clauses)
    return any(c in clauses or m == amb for _, c, m in a | b)


def divergence_trace(div: Divergence, implementation: str) -> dict[str, Any]:
    """The counterexample as a trace document (``schemas/trace.schema.json``): the oracle's
    states for every action up to the diverging one (a refused action is left out of the
    steps and named in ``meta.divergence``)."""
    from oracle.driver import OracleDriver
    from oracle.trace import Step, build_trace

    game = _hooks_of(div.setup)
    o = OracleDriver()
    o.new_game(div.oracle_setup)
    initial = o.state
    steps = []
    state = initial
    for a in div.actions:
        try:
            nxt, events = game.apply(state, game.action_from_json(a))
        except Exception:  # noqa: BLE001 - refused: not a step of the game
            continue
        steps.append(Step(game.action_from_json(a), nxt, events))
        state = nxt
    meta = {
        "source": "digiconform verify (differential game)",
        "implementation": implementation,
        "divergence": {
            "kind": div.kind, "step": div.step, "message": div.message,
            "clause": div.clause, "explanation": div.explanation,
            "action": div.actions[div.step] if 0 <= div.step < len(div.actions) else None,
            "differences": [{"path": p, "expected": e, "actual": a}
                            for p, e, a in div.differences],
            "expected": div.expected, "actual": div.actual,
        },
        "actions": list(div.actions),
    }
    return build_trace(initial.game, initial, steps, meta)

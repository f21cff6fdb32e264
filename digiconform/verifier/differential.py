"""Differential random games: the oracle and the implementation in lockstep.

Every ruleset is played the same way; what differs (setups, chance outcomes, probes, which
event names which clause) is in :mod:`digiconform.verifier.games`.

Hypothesis draws each game: the seat order of the decks, the target score (Digi-Battle), the
readings
(when the implementation honours any reading), every chance outcome (coin toss winner,
shuffle orders) and every action, mostly legal ones chosen from the oracle's legal set and
now and then a *probe* that is probably illegal (a wrong player, an action of another step,
a card not in hand). The same action goes to both; they must agree on every resulting state
(:mod:`digiconform.verifier.compare`), on every refusal (kind and clause) and, when the
implementation lists legal actions, on the legal set.

The first divergence is shrunk by Hypothesis to a minimal game (within a time budget), its
clause attributed (:func:`attribute`), and it is saved as a trace file
(``schemas/trace.schema.json``) that ``digiconform replay`` can check.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from digiconform.verifier.compare import legal_set_difference, refusal_difference, state_differences
from digiconform.verifier.games import TARGETS, GameHooks, hooks
from oracle.driver import Driver, OracleDriver

MAX_STEPS = 400
"""Actions per random game at most (a game that is still going is cut, not failed)."""

__all__ = ["MAX_STEPS", "TARGETS", "Divergence", "DifferentialResult", "attribute",
           "base_setup", "divergence_trace", "play_lockstep", "run_differential", "shrink"]


@dataclass
class Divergence:
    """Where the implementation first differs from the oracle in one game.

    :param kind: ``state`` (the states differ), ``refusal`` (both refused, for different
        reasons), ``accepted-illegal`` (the oracle refuses, the implementation accepted),
        ``refused-legal`` (the other way round), ``legal-set`` (the legal actions differ) or
        ``errored`` (the implementation misbehaved: ``code``).
    :param step: index in ``actions`` of the diverging action (-1: at ``new_game``).
    :param actions: the game's actions up to and including the diverging one.
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


@dataclass
class DifferentialResult:
    """What the differential phase did: games and steps played, the (shrunk) divergence if
    any, how many games were tried while shrinking, and the time taken."""

    games: int = 0
    steps: int = 0
    divergence: Divergence | None = None
    shrink_runs: int = 0
    seconds: float = 0.0
    first_length: int | None = None
    notes: list[str] = field(default_factory=list)


class _Found(Exception):
    pass


class _Abort(Exception):
    pass


def base_setup(target: int = 1000, swap: bool = False,
               variants: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A Digi-Battle setup with the bundled card set and the two Starter decks
    (:func:`digiconform.verifier.games.db_setup`)."""
    from digiconform.verifier.games import db_setup

    return db_setup(target, swap, variants)


def play_lockstep(impl: Driver, setup: Mapping[str, Any], choose: Any, *,
                  legal: bool = False, max_steps: int = MAX_STEPS,
                  counter: list[int] | None = None) -> Divergence | None:
    """Play one game on the oracle and ``impl`` together.

    :param choose: ``choose(oracle_state) -> action JSON`` (the next action to send).
    :param legal: also compare the legal sets (the implementation lists them).
    :param counter: a one-element list incremented per step (for statistics).
    :returns: the first divergence, or None when the game ended (or was cut) in agreement.
    """
    from digiconform.harness.driver import ImplementationError, ImplementationSkipped
    from oracle.errors import OracleError

    oracle = OracleDriver()
    actions: list[Mapping[str, Any]] = []
    ruleset = str(setup.get("ruleset", "digibattle"))

    def diverge(kind: str, msg: str, **kw: Any) -> Divergence:
        return Divergence(kind, len(actions) - 1, dict(setup), list(actions), msg, **kw)

    expected = oracle.new_game(setup)
    try:
        got = impl.new_game(setup)
    except (ImplementationError, ImplementationSkipped) as e:
        return diverge("errored", f"new_game: {e}", code=getattr(e, "code", "skipped"))
    except OracleError as e:
        return diverge("refused-legal", f"new_game refused: {e}", expected=expected)
    diffs = state_differences(expected, got)
    if diffs:
        return diverge("state", "the initial states differ", differences=diffs)
    for _ in range(max_steps):
        state = oracle.state
        # The legal set is compared at every position, chance nodes and the game's end
        # included (where it must be empty).
        if legal:
            try:
                got_legal = impl.legal_actions()
            except (ImplementationError, ImplementationSkipped) as e:
                return diverge("errored", f"legal_actions: {e}",
                               code=getattr(e, "code", "skipped"))
            if got_legal is not None:
                missing, extra = legal_set_difference(oracle.legal_actions() or [], got_legal)
                if missing or extra:
                    return diverge("legal-set", "the legal actions differ", expected=missing,
                                   actual=extra, differences=[("$.missing", missing, None),
                                                              ("$.extra", None, extra)])
        if state.to_move is None:
            return None
        action = choose(state)
        actions.append(action)
        if counter is not None:
            counter[0] += 1
        want = oracle.apply(action)
        try:
            out = impl.apply(action)
        except (ImplementationError, ImplementationSkipped) as e:
            return diverge("errored", f"action: {e}", code=getattr(e, "code", "skipped"))
        if want.refusal is not None:
            if out.refusal is None:
                return diverge("accepted-illegal", "the implementation accepted an action "
                               f"the rules forbid: {want.refusal.reason}",
                               expected=want.refusal.to_json(), actual={"state": "accepted"},
                               clause=want.refusal.clause)
            why = refusal_difference(want.refusal.to_json(), out.refusal.to_json())
            if why:
                return diverge("refusal", why, expected=want.refusal.to_json(),
                               actual=out.refusal.to_json(), clause=want.refusal.clause)
            continue
        if out.refusal is not None:
            return diverge("refused-legal", f"the implementation refused a legal action: "
                           f"{out.refusal.reason}", expected={"state": "accepted"},
                           actual=out.refusal.to_json())
        diffs = state_differences(want.state or {}, out.state)
        if diffs:
            from digiconform.harness.driver import state_schema_problem

            problem = state_schema_problem(out.state, ruleset)
            if problem:
                return diverge("errored", problem, code="state-schema-invalid",
                               differences=diffs)
            return diverge("state", "the states differ", differences=diffs,
                           actual_state=out.state)
    return None


# ---------------------------------------------------------------------------------------------
# Hypothesis-drawn games


def _chooser(data: Any, game: GameHooks, probe_rate: int = 12) -> Any:
    """``choose(state)`` drawing from Hypothesis ``data``: chance outcomes, legal actions and,
    about one time in ``probe_rate``, a probe that is probably illegal."""
    from hypothesis import strategies as st

    def pick(n: int) -> int:
        return data.draw(st.integers(0, n - 1))

    def permute(items: list[str]) -> list[str]:
        return list(data.draw(st.permutations(items)))

    def choose(state: Any) -> Mapping[str, Any]:
        if state.to_move == "chance":
            if pick(probe_rate) == 0:
                return data.draw(st.sampled_from(game.chance_probes(state)))
            return game.chance(state, pick, permute).to_json()
        acts = game.legal_actions(state)
        if pick(probe_rate) == 0:
            return data.draw(st.sampled_from(game.probes(state, acts)))
        return acts[pick(len(acts))].to_json()

    return choose


def run_differential(impl: Driver, *, games: int = 60, seed: int = 0, legal: bool = False,
                     readings: Mapping[str, str] | None = None, any_reading: bool = False,
                     ruleset: str = "digibattle",
                     shrink_seconds: float = 90.0, budget_seconds: float | None = None,
                     on_game: Any = None) -> DifferentialResult:
    """Play ``games`` Hypothesis-drawn games in lockstep; shrink the first divergence.

    :param readings: the readings the implementation declared (used in every setup).
    :param any_reading: the implementation honours any reading: readings are drawn too.
    :param ruleset: the ruleset played (``digibattle`` or ``dcg``).
    :param shrink_seconds: time allowed for shrinking (:func:`shrink`); the shortest
        divergence found by then is kept.
    :param budget_seconds: stop generating new games after this long (None: no limit).
    :param on_game: called after each generated game (for a progress bar).
    :returns: a :class:`DifferentialResult`; never raises for a misbehaving implementation.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    from oracle import variants as registry

    result = DifferentialResult()
    t0 = time.monotonic()
    state: dict[str, Any] = {"best": None, "found_at": None, "abort": False, "steps": [0]}
    ambs = [a for a in registry.REGISTRY if a.ruleset == ruleset]
    game_hooks = hooks(ruleset)

    @settings(max_examples=games, database=None, deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
              phases=[Phase.generate], report_multiple_bugs=False,
              print_blob=False)
    @hseed(seed)
    @given(st.data())
    def game(data: Any) -> None:
        if state["abort"]:
            return
        now = time.monotonic()
        if state["found_at"] is not None:
            return
        if budget_seconds is not None and now - t0 > budget_seconds:
            return
        setup = game_hooks.draw_setup(data, {})
        chosen = dict(readings or {})
        if any_reading:
            for a in ambs:
                chosen[a.id] = data.draw(st.sampled_from(a.reading_names()))
        setup["variants"] = chosen
        div = play_lockstep(impl, setup, _chooser(data, game_hooks), legal=legal,
                            counter=state["steps"])
        if state["found_at"] is None:
            result.games += 1
            if on_game is not None:
                on_game(result.games)
        if div is None:
            return
        best = state["best"]
        if best is None or len(div.actions) < len(best.actions) or (
                best.kind == "errored" and div.kind != "errored"):
            state["best"] = div
        if state["found_at"] is None:
            state["found_at"] = time.monotonic()
            result.first_length = len(div.actions)
        if div.kind == "errored" and div.code in ("timeout", "gave-up", "exited", "flood",
                                                  "replay-failed", "spawn"):
            # Misbehaviour, not a rules divergence: do not spend the budget shrinking it.
            state["abort"] = True
        raise _Found

    try:
        game()
    except _Found:
        pass
    except Exception as e:  # noqa: BLE001 - Hypothesis' own complaints (flaky, ...) are data
        if state["best"] is None:
            result.notes.append(f"differential run stopped: {type(e).__name__}: {e}")
    result.steps = state["steps"][0]
    div = state["best"]
    if div is not None and div.kind != "errored":
        try:
            div, result.shrink_runs = shrink(impl, div, legal=legal, seconds=shrink_seconds,
                                             seed=seed, default_readings=any_reading)
        except Exception as e:  # noqa: BLE001 - keep the unshrunk divergence
            result.notes.append(f"shrinking stopped: {type(e).__name__}: {e}")
        try:
            attribute(div)
        except Exception as e:  # noqa: BLE001
            result.notes.append(f"clause attribution failed: {type(e).__name__}: {e}")
    result.divergence = div
    result.seconds = time.monotonic() - t0
    return result


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
    events = _oracle_events(div.setup, div.actions)
    if div.kind == "state" and game.unexplained:
        clause = _unexplained(game, events, div.differences)
        if clause and any(e.get("clause") == clause for e in events):
            return action.get("type", ""), f"clause:{clause}"
    return action.get("type", ""), _key_event(game, events, div.differences) or ""


def _hooks_of(setup: Mapping[str, Any]) -> GameHooks:
    return hooks(str(setup.get("ruleset", "digibattle")))


def _ranked(game: GameHooks, events: Sequence[Mapping[str, Any]],
            diffs: Sequence[tuple[str, Any, Any]]) -> tuple[list[Mapping[str, Any]],
                                                              Mapping[str, Any] | None]:
    """``events`` most specific first, and the first of them that changes one of the
    differing fields (None when none does)."""
    fields = _fields([p for p, _, _ in diffs])
    priority = game.priority
    table = dict(game.event_fields)
    ranked = sorted(events, key=lambda e: priority.get(e["type"], 999))
    hit = next((ev for ev in ranked if fields & table.get(ev["type"], frozenset())), None)
    return ranked, hit


def _key_event(game: GameHooks, events: Sequence[Mapping[str, Any]],
               diffs: Sequence[tuple[str, Any, Any]]) -> str | None:
    ranked, hit = _ranked(game, events, diffs)
    if hit is not None:
        return str(hit["type"])
    return str(ranked[0]["type"]) if ranked else None


def shrink(impl: Driver, div: Divergence, *, legal: bool = False, seconds: float = 30.0,
           seed: int = 0, max_candidates: int = 400, patience: int = 8000,
           default_readings: bool = False) -> tuple[Divergence, int]:
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

    Stops after ``seconds``, after ``max_candidates`` implementation games, or after
    ``patience`` oracle games without a shorter confirmed divergence.

    :returns: ``(the shortest divergence found, implementation games played)``.
    """
    import random

    from oracle.errors import OracleError

    game = _hooks_of(div.setup)
    best = div
    games: dict[int, Any] = {}
    deadline = time.monotonic() + seconds
    action_type, key = _trigger(div)
    # A specific key event (exhaustion, a tie, the game won...) is the trigger whatever
    # action caused it; a common one (a card played, a pass) only with the same action.
    specific = key.startswith("clause:") or game.is_specific(key)
    rng = random.Random(seed)

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
    while time.monotonic() < deadline and runs < max_candidates and \
            attempts - last_gain < patience and runs - last_run_gain < max_candidates // 4:
        attempts += 1
        setup = setups[attempts % len(setups)] if rng.random() < 0.5 else setups[0]
        weights = {t: rng.expovariate(1.0) for t in types}
        if rng.random() < 0.5:  # half the games lean hard on one action type
            weights[rng.choice(types)] = 25.0
        gkey = id(setup)
        if gkey not in games:
            try:
                games[gkey] = game.new_game(OracleDriver()._game(setup))
            except OracleError:
                games[gkey] = None
        st = games[gkey]
        if st is None:
            continue
        actions: list[Mapping[str, Any]] = []
        hit = False
        limit = len(best.actions) - 1
        if rng.random() < 0.5 and setup is setups[0]:
            # Keep a prefix of the best game so far and play the rest anew.
            for a in best.actions[:rng.randrange(max(limit, 1))]:
                try:
                    st, _ = game.apply(st, game.action_from_json(a))
                except OracleError:
                    continue
                actions.append(a)
        while len(actions) < limit and st.to_move is not None:
            if st.to_move == "chance":
                a = game.chance(st, pick, permute)
            else:
                acts = game.legal_actions(st)
                if action_type == "legal-set" and len(acts) > 1 and actions:
                    hit = True
                    break
                if key.startswith("refused:") and len(actions) < limit - 1:
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
        if not hit or len(actions) >= len(best.actions):
            continue
        runs += 1
        try:
            found = play_lockstep(impl, setup, _replayer(actions), legal=legal,
                                  max_steps=len(actions))
        except StopIteration:  # pragma: no cover - the replayer ran out
            found = None
        if found is not None and found.kind != "errored" and \
                len(found.actions) < len(best.actions):
            best = found
            last_gain = attempts
            last_run_gain = runs
    return best, runs


def _matching_probe(game: GameHooks, state: Any, acts: Sequence[Any], action_type: str,
                    clause: str) -> Mapping[str, Any] | None:
    from oracle.errors import IllegalActionError, OracleError

    for probe in game.probes(state, acts):
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


def _owned_fields(paths: Sequence[str]) -> set[tuple[int | None, str]]:
    """``(player, field)`` for each differing path (player None outside ``players[i]``)."""
    import re

    out: set[tuple[int | None, str]] = set()
    for p in paths:
        m = re.match(r"^\$\.players\[(\d)\]", p)
        who = int(m.group(1)) if m else None
        out.update((who, n) for n in re.findall(r"\.([a-z_]+)", p) if n != "players")
    return out


def _unexplained(game: GameHooks, events: Sequence[Mapping[str, Any]],
                 diffs: Sequence[tuple[str, Any, Any]]) -> str | None:
    """The clause of :attr:`GameHooks.unexplained` for a field that differs (for a player)
    although no oracle event at that step changes it (for that player)."""
    table = dict(game.event_fields)
    changed = {(e.get("player"), name) for e in events
               for name in table.get(e["type"], frozenset())}
    changed_any = {name for _, name in changed}
    for who, name in sorted(_owned_fields([p for p, _, _ in diffs]), key=str):
        clause = dict(game.unexplained).get(name)
        if clause is None:
            continue
        if (who is None and name not in changed_any) or \
                (who is not None and (who, name) not in changed):
            return clause
    return None


def attribute(div: Divergence) -> None:
    """Fill in ``div.clause`` (and ``clauses``, ``explanation``).

    1. If the oracle under another reading of one ambiguity agrees with the implementation
       on the whole counterexample, the divergence is that reading: the clause is the
       ambiguity's, and ``explanation`` says so.
    2. Else, for a state divergence, a field the implementation changed although none of the
       oracle's events at that step changes it names the rule that says when it may change
       (:attr:`~digiconform.verifier.games.GameHooks.unexplained`).
    3. Else the oracle's events at the diverging step name the clauses; the one whose event
       changes the differing fields (most specific event first) is chosen.
    4. Else the refusal's clause, or the action's home clause.
    """
    from oracle import variants as registry

    game = _hooks_of(div.setup)
    events = _oracle_events(div.setup, div.actions)
    div.clauses = sorted({e["clause"] for e in events if e.get("clause")})
    for amb in registry.REGISTRY:
        if amb.ruleset != game.ruleset:
            continue
        current = registry.resolve(div.setup.get("variants"), game.ruleset)[amb.id]
        for reading in amb.reading_names():
            if reading == current:
                continue
            if _explained_by(div, amb.id, reading):
                div.explanation = (f"the implementation behaves as if {amb.id} = {reading!r} "
                                   f"(declared or default: {current!r}): {amb.question}")
                div.clause = amb.clauses[0]
                return
    if div.clause is None and div.kind == "state" and game.unexplained:
        div.clause = _unexplained(game, events, div.differences)
    if div.clause is None and div.kind in ("state", "refused-legal", "legal-set"):
        ranked, hit = _ranked(game, events, div.differences)
        if hit is not None:
            div.clause = hit["clause"]
        elif ranked:
            div.clause = ranked[0]["clause"]
    if div.clause is None and div.actions:
        div.clause = game.home_clause.get(div.actions[-1].get("type", ""), None)


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
    """Does the oracle under ``amb = reading`` agree with the implementation's answer at
    the diverging step (and accept everything before it like the recorded run)?"""
    setup = {**div.setup, "variants": {**(div.setup.get("variants") or {}), amb: reading}}
    o = OracleDriver()
    try:
        o.new_game(setup)
    except Exception:  # noqa: BLE001
        return False
    base = OracleDriver()
    base.new_game(div.setup)
    for i, a in enumerate(div.actions):
        out = o.apply(a)
        ref = base.apply(a)
        if i < len(div.actions) - 1:
            if (out.refusal is None) != (ref.refusal is None):
                return False
            continue
        if not _step_changed_by(amb, ref, out):
            return False
        if div.kind == "state":
            if out.refusal is not None or div.actual_state is None:
                return False
            # The alternative reading must reproduce the implementation's state.
            strip = ("variants",)
            alt = {k: v for k, v in (out.state or {}).items() if k not in strip}
            got = {k: v for k, v in div.actual_state.items() if k not in strip}
            return not state_differences(alt, got)
        if div.kind == "accepted-illegal":
            return out.refusal is None
        if div.kind == "refused-legal":
            return out.refusal is not None
        if div.kind == "refusal" and out.refusal is not None:
            return out.refusal.to_json().get("clause") == (div.actual or {}).get("clause")
        return False
    return False


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
    o.new_game(div.setup)
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

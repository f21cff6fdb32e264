"""Differential random games: the oracle and the implementation in lockstep.

Hypothesis draws each game: the seat order of the decks, the target score, the readings
(when the implementation honours any reading), every chance outcome (coin toss winner,
shuffle orders) and every action, mostly legal ones chosen from the oracle's legal set and
now and then a *probe* that is probably illegal (a wrong player, an action of another step,
a card not in hand). The same action goes to both; they must agree on every resulting state
(:mod:`oracle.verifier.compare`), on every refusal (kind and clause) and, when the
implementation lists legal actions, on the legal set.

The first divergence is shrunk by Hypothesis to a minimal game (within a time budget), its
clause attributed (:func:`attribute`), and it is saved as a trace file
(``schemas/trace.schema.json``) that ``digiconform replay`` can check.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from oracle.driver import Driver, OracleDriver
from oracle.verifier.compare import legal_set_difference, refusal_difference, state_differences

MAX_STEPS = 400
"""Actions per random game at most (a game that is still going is cut, not failed)."""

TARGETS = (1000, 100, 300, 600)
"""Target scores drawn (DB-C.9); lower targets end games sooner."""


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
    """A Digi-Battle setup with the bundled card set and the two Starter decks."""
    decks = [list(d) for d in _starter_decks()]
    if swap:
        decks.reverse()
    return {"ruleset": "digibattle", "card_set": {"id": _card_set_id()},
            "decks": decks, "target": target, "variants": dict(variants or {})}


@cache
def _starter_decks() -> tuple[tuple[str, ...], ...]:
    from oracle.cards import default_decks

    return tuple(d.cards for d in default_decks())


@cache
def _card_set_id() -> str:
    from oracle.cards import default_card_set

    return default_card_set().id


def play_lockstep(impl: Driver, setup: Mapping[str, Any], choose: Any, *,
                  legal: bool = False, max_steps: int = MAX_STEPS,
                  counter: list[int] | None = None) -> Divergence | None:
    """Play one game on the oracle and ``impl`` together.

    :param choose: ``choose(oracle_state) -> action JSON`` (the next action to send).
    :param legal: also compare the legal sets (the implementation lists them).
    :param counter: a one-element list incremented per step (for statistics).
    :returns: the first divergence, or None when the game ended (or was cut) in agreement.
    """
    from oracle.errors import OracleError
    from oracle.harness.driver import ImplementationError, ImplementationSkipped

    oracle = OracleDriver()
    actions: list[Mapping[str, Any]] = []

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
        if state.is_terminal():
            return None
        if legal and isinstance(state.to_move, int):
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
            from oracle.harness.driver import state_schema_problem

            problem = state_schema_problem(out.state)
            if problem:
                return diverge("errored", problem, code="state-schema-invalid",
                               differences=diffs)
            return diverge("state", "the states differ", differences=diffs,
                           actual_state=out.state)
    return None


# ---------------------------------------------------------------------------------------------
# Hypothesis-drawn games


def _chooser(data: Any, probe_rate: int = 12) -> Any:
    """``choose(state)`` drawing from Hypothesis ``data``: chance outcomes, legal actions and,
    about one time in ``probe_rate``, a probe that is probably illegal."""
    from hypothesis import strategies as st

    from oracle.digibattle import legal_actions

    def choose(state: Any) -> Mapping[str, Any]:
        if state.to_move == "chance":
            if data.draw(st.integers(0, probe_rate - 1)) == 0:
                return data.draw(st.sampled_from(_chance_probes(state)))
            due = state.chance
            if due[0] == "coin_toss":
                return {"type": "coin_toss", "winner": data.draw(st.integers(0, 1))}
            order = data.draw(st.permutations(list(due[2])))
            return {"type": "shuffle", "player": due[1], "order": list(order)}
        acts = legal_actions(state)
        if data.draw(st.integers(0, probe_rate - 1)) == 0:
            return data.draw(st.sampled_from(_probes(state, acts)))
        return acts[data.draw(st.integers(0, len(acts) - 1))].to_json()

    return choose


def _probes(state: Any, acts: Sequence[Any]) -> list[Mapping[str, Any]]:
    """Actions that are (most likely) illegal here, each checking a refusal clause."""
    p = state.to_move
    me = state.players[p]
    hand = set(me.hand)
    not_in_hand = next((s for s in sorted(state.game.card_set.cards) if s not in hand), "ST-01")
    out: list[Mapping[str, Any]] = [
        {**acts[0].to_json(), "player": 1 - p},            # not your turn
        {"type": "coin_toss", "winner": 0},                # no chance due
        {"type": "pass", "player": p},
        {"type": "draw", "player": p},
        {"type": "ready", "player": p},
        {"type": "play_option", "player": p, "card": not_in_hand},
        {"type": "prepare", "player": p, "card": not_in_hand},
        {"type": "digivolve", "player": p, "card": not_in_hand, "method": "tribute"},
    ]
    return out


def _chance_probes(state: Any) -> list[Mapping[str, Any]]:
    due = state.chance
    out: list[Mapping[str, Any]] = [{"type": "pass", "player": 0}]
    if due[0] == "coin_toss":
        out.append({"type": "shuffle", "player": 0, "order": []})
    else:
        out.append({"type": "coin_toss", "winner": 1})
        out.append({"type": "shuffle", "player": due[1], "order": list(due[2])[1:]})
    return out


def run_differential(impl: Driver, *, games: int = 60, seed: int = 0, legal: bool = False,
                     readings: Mapping[str, str] | None = None, any_reading: bool = False,
                     shrink_seconds: float = 90.0, budget_seconds: float | None = None,
                     on_game: Any = None) -> DifferentialResult:
    """Play ``games`` Hypothesis-drawn games in lockstep; shrink the first divergence.

    :param readings: the readings the implementation declared (used in every setup).
    :param any_reading: the implementation honours any reading: readings are drawn too.
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
    ambs = [a for a in registry.REGISTRY if a.ruleset == "digibattle"]

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
        target = data.draw(st.sampled_from(TARGETS))
        swap = data.draw(st.booleans())
        chosen = dict(readings or {})
        if any_reading:
            for a in ambs:
                chosen[a.id] = data.draw(st.sampled_from(a.reading_names()))
        setup = base_setup(target, swap, chosen)
        div = play_lockstep(impl, setup, _chooser(data), legal=legal, counter=state["steps"])
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
    and either the oracle's refusal clause or the most specific event of that step whose
    fields differ (see :func:`attribute`)."""
    action = div.actions[-1] if div.actions else {}
    if div.kind in ("accepted-illegal", "refusal"):
        return action.get("type", ""), f"refused:{(div.expected or {}).get('clause')}"
    if div.kind == "legal-set":
        return "legal-set", ""
    events = _oracle_events(div.setup, div.actions)
    return action.get("type", ""), _key_event(events, div.differences) or ""


def _key_event(events: Sequence[Mapping[str, Any]], diffs: Sequence[tuple[str, Any, Any]]
               ) -> str | None:
    fields = _fields([p for p, _, _ in diffs])
    ranked = sorted(events, key=lambda e: _PRIORITY.get(e["type"], 999))
    for ev in ranked:
        if fields & dict(_EVENT_FIELDS).get(ev["type"], frozenset()):
            return str(ev["type"])
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

    from oracle.digibattle import Action, action_from_json, apply, legal_actions, new_game
    from oracle.errors import OracleError

    best = div
    games: dict[int, Any] = {}
    deadline = time.monotonic() + seconds
    action_type, key = _trigger(div)
    # A specific key event (exhaustion, a tie, the game won...) is the trigger whatever
    # action caused it; a common one (a card played, a pass) only with the same action.
    specific = _PRIORITY.get(key, 999) < _PRIORITY["points_scored"]
    rng = random.Random(seed)
    runs = 0
    setups = [dict(div.setup)] + [{**div.setup, "target": t} for t in sorted(TARGETS)
                                  if t < int(div.setup.get("target", 1000))]
    if default_readings and div.setup.get("variants"):
        setups += [{**st, "variants": {}} for st in list(setups)]
    types = ("choose_rookie", "prepare", "ready", "change_rookie", "digivolve", "pass",
             "play_option", "discard", "draw")
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
                games[gkey] = new_game(OracleDriver()._game(setup))
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
                    st, _ = apply(st, action_from_json(a))
                except OracleError:
                    continue
                actions.append(a)
        while len(actions) < limit and not st.is_terminal():
            if st.to_move == "chance":
                due = st.chance
                if due[0] == "coin_toss":
                    a = Action("coin_toss", winner=rng.randrange(2))
                else:
                    order = list(due[2])
                    rng.shuffle(order)
                    a = Action("shuffle", due[1], order=tuple(order))
            else:
                acts = legal_actions(st)
                if action_type == "legal-set" and len(acts) > 1 and actions:
                    hit = True
                    break
                if key.startswith("refused:") and len(actions) < limit - 1:
                    probe = _matching_probe(st, acts, action_type, key[8:])
                    if probe is not None:
                        actions.append(probe)
                        hit = True
                        break
                a = rng.choices(acts, [weights.get(x.type, 1.0) + 1e-6 for x in acts])[0]
            nxt, events = apply(st, a)
            actions.append(a.to_json())
            st = nxt
            if (a.type == action_type or specific) and any(e.type == key for e in events):
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


def _matching_probe(state: Any, acts: Sequence[Any], action_type: str, clause: str
                    ) -> Mapping[str, Any] | None:
    from oracle.digibattle import action_from_json, apply
    from oracle.errors import IllegalActionError, OracleError

    for probe in _probes(state, acts):
        if probe.get("type") != action_type:
            continue
        try:
            apply(state, action_from_json(probe))
        except IllegalActionError as e:
            if e.clause == clause:
                return probe
        except OracleError:
            continue
    return None


# ---------------------------------------------------------------------------------------------
# Which clause a divergence breaks

# Event types, most specific first, with the state fields each one changes.
_EVENT_FIELDS: tuple[tuple[str, frozenset[str]], ...] = tuple(
    (name, frozenset(fields.split())) for name, fields in (
        ("use_it_or_lose_it", "digivolve_zone offline passed"),
        ("online_exhausted", "online offline duel_zone power_port digivolve_zone to_move "
                             "chance step resume hand pending_rookie"),
        ("recycled", "online offline to_move chance hand resume"),
        ("duel_tied", "score duel_zone offline power_port first_player to_move winner phase "
                      "last_duel_winner"),
        ("game_won", "phase step winner to_move end_reason score"),
        ("game_stopped", "phase step winner to_move end_reason"),
        ("rookie_changed", "duel_zone offline pending_rookie"),
        ("downgraded", "duel_zone offline digimon_power"),
        ("hand_sent_offline", "hand offline"),
        ("payment_forgiven", "online offline"),
        ("milled", "online offline"),
        ("next_first_player", "first_player to_move"),
        ("points_scored", "score"),
        ("duel_won", "first_player last_duel_winner score"),
        ("digimon_sent_offline", "duel_zone offline"),
        ("power_options_offline", "power_port offline duel_zone"),
        ("coin_toss", "first_player coin_toss_winner to_move"),
        ("digivolved", "duel_zone digivolve_zone digivolved hand digimon_power"),
        ("support_placed", "power_port hand"),
        ("payment", "online offline hand"),
        ("effect_void", "power_port hand digimon_power"),
        ("use_requirement", "hand offline online"),
        ("option_played", "power_port hand digimon_power plays to_move"),
        ("passed", "passed to_move phase step"),
        ("prepared", "digivolve_zone hand power_port to_move step"),
        ("rookie_change_set", "pending_rookie hand"),
        ("drew", "hand online to_move step"),
        ("discarded", "hand offline"),
        ("dealt", "hand online deck"),
        ("rookie_chosen", "duel_zone deck to_move"),
        ("battle_started", "phase step to_move passed"),
        ("duel_started", "duel to_move phase step"),
        ("digivolve_phase_skipped", "phase step to_move"),
    ))
_PRIORITY = {name: i for i, (name, _) in enumerate(_EVENT_FIELDS)}


def _fields(paths: Sequence[str]) -> set[str]:
    import re

    out = set()
    for p in paths:
        names = re.findall(r"\.([a-z_]+)", p)
        out.update(n for n in names if n != "players")
    return out


def attribute(div: Divergence) -> None:
    """Fill in ``div.clause`` (and ``clauses``, ``explanation``).

    1. If the oracle under another reading of one ambiguity agrees with the implementation
       on the whole counterexample, the divergence is that reading: the clause is the
       ambiguity's, and ``explanation`` says so.
    2. Else the oracle's events at the diverging step name the clauses; the one whose event
       changes the differing fields (most specific event first) is chosen.
    3. Else the refusal's clause.
    """
    from oracle import variants as registry

    events = _oracle_events(div.setup, div.actions)
    div.clauses = sorted({e["clause"] for e in events if e.get("clause")})
    for amb in registry.REGISTRY:
        if amb.ruleset != "digibattle":
            continue
        current = registry.resolve(div.setup.get("variants"), "digibattle")[amb.id]
        for reading in amb.reading_names():
            if reading == current:
                continue
            if _explained_by(div, amb.id, reading):
                div.explanation = (f"the implementation behaves as if {amb.id} = {reading!r} "
                                   f"(declared or default: {current!r}): {amb.question}")
                div.clause = amb.clauses[0]
                return
    if div.clause is None and div.kind in ("state", "refused-legal", "legal-set"):
        fields = _fields([p for p, _, _ in div.differences])
        ranked = sorted(events, key=lambda e: _PRIORITY.get(e["type"], 999))
        for ev in ranked:
            if fields & dict(_EVENT_FIELDS).get(ev["type"], frozenset()):
                div.clause = ev["clause"]
                break
        else:
            if ranked:
                div.clause = ranked[0]["clause"]
    if div.clause is None and div.actions:
        from oracle.digibattle.rules import _HOME_CLAUSE

        div.clause = _HOME_CLAUSE.get(div.actions[-1].get("type", ""), None)


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


def divergence_trace(div: Divergence, implementation: str) -> dict[str, Any]:
    """The counterexample as a trace document (``schemas/trace.schema.json``): the oracle's
    states for every action up to the diverging one (a refused action is left out of the
    steps and named in ``meta.divergence``)."""
    from oracle.digibattle import action_from_json, apply
    from oracle.driver import OracleDriver
    from oracle.selfplay import Step
    from oracle.trace import build_trace

    o = OracleDriver()
    o.new_game(div.setup)
    initial = o.state
    steps = []
    state = initial
    for a in div.actions:
        try:
            nxt, events = apply(state, action_from_json(a))
        except Exception:  # noqa: BLE001 - refused: not a step of the game
            continue
        steps.append(Step(action_from_json(a), nxt, events))
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

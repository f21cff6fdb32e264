"""How much each ambiguity matters: divergence of random games under two readings.

Definitions (the figures in ``digiconform/data/divergence.json`` and ``docs/AMBIGUITIES.md``):

- **Lockstep.** Play one game with the seeded random players of :mod:`oracle.selfplay` under
  reading A (the *driving* reading). At every step apply the same action (a chance outcome
  included) to a second copy of the game under reading B. The first step where the two
  results differ is the game's **divergence**: either both readings accept the action and
  the resulting states differ (their JSON forms, ``variants`` left out: so a different
  Digimon Power counts), or one reading accepts it and the other refuses it.
- **State divergence rate**: the fraction of games with a divergence when the *default*
  reading drives (``state``), and when the *other* reading drives (``state_other``; this
  catches readings that only add options a default player never takes).
- **Options rate** (``options``): the fraction of default-driven games in which, at some step
  before the divergence (or in a game without one), the two readings list different legal
  actions.
- **Winner rate** (``winner``): the fraction of seeds whose winner differs when the game is
  played out separately under each reading from the same seed. After a divergence the random
  players' choices go apart, so this measures how often the reading touches the game at all,
  not which player it favours; ``p0_wins`` gives seat 0's win rate under each reading.

Games are capped at :data:`MAX_DUELS` Duels (a referee's safeguard: an undecided game has
winner ``null``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle import variants as V
from oracle.digibattle import Action, Game, State, apply, legal_actions, new_game
from oracle.errors import IllegalActionError, OracleError
from oracle.selfplay import chance_outcome, random_action

MAX_DUELS = 200
"""Safeguard against endless random games (see :class:`~oracle.digibattle.Game`)."""

MAX_STEPS = 20_000


def state_key(state: State) -> dict[str, Any]:
    """The state's JSON form without ``variants`` (what two readings are compared on)."""
    d = state.to_json()
    d.pop("variants", None)
    return d


@dataclass(frozen=True)
class Result:
    """What one action did under one reading: a state (and events) or a refusal."""

    state: State | None
    events: tuple[Any, ...] = ()
    clause: str | None = None
    reason: str | None = None

    @property
    def refused(self) -> bool:
        return self.state is None

    def to_json(self) -> dict[str, Any]:
        if self.state is None:
            return {"outcome": "refused", "clause": self.clause, "reason": self.reason}
        return {"outcome": "applied", "events": [e.to_json() for e in self.events]}


def try_apply(state: State, action: Action) -> Result:
    """Apply ``action``; a rule violation becomes a refused :class:`Result`."""
    try:
        nxt, events = apply(state, action)
    except IllegalActionError as e:
        return Result(None, clause=e.clause, reason=e.reason)
    except OracleError as e:  # malformed for this reading (should not happen)
        return Result(None, clause=None, reason=str(e))
    return Result(nxt, events)


def differs(a: Result, b: Result) -> bool:
    """True when the two results diverge (one refused, or different states)."""
    if a.refused or b.refused:
        return a.refused != b.refused
    return state_key(a.state) != state_key(b.state)  # type: ignore[arg-type]


def with_reading(game: Game, amb_id: str, reading: str) -> Game:
    """``game`` with one ambiguity's reading changed."""
    v = dict(game.variants)
    v[amb_id] = reading
    return Game(game.card_set, game.decks, game.target, v, game.max_duels)


def rebind(state: State, game: Game) -> State:
    """The same position under another game (another reading)."""
    return state._replace(game=game)


# ------------------------------------------------------------------------------------------
# Lockstep


@dataclass
class Lockstep:
    """Outcome of one lockstep game."""

    seed: int
    steps: int = 0  # steps played by the driving reading (to the divergence or the end)
    diverged_at: int | None = None  # 1-based step index of the divergence
    kind: str | None = None  # "state" or "refused"
    options_at: int | None = None  # 1-based step index where the legal action sets differ
    duel: int | None = None  # Duel in which the divergence happened
    prefix: list[Action] = field(default_factory=list)


Policy = Callable[[State, random.Random], Action]


def lockstep(drive: Game, follow: Game, seed: int, *, options: bool = False,
             policy: Policy | None = None, lookahead: bool = False) -> Lockstep:
    """Play ``drive`` with seeded random players and follow each action under ``follow``.

    :param options: also note the first step where the legal actions differ.
    :param policy: the players' policy (default :func:`oracle.selfplay.random_action`; the
        RNG is consumed exactly as by :func:`oracle.selfplay.play`, so with the default
        policy the driven game is ``digiconform play --seed SEED``).
    :param lookahead: also try, before each step, every action legal under either reading
        and stop at the first one that diverges (used to find short divergence traces).
    :returns: the divergence found (``diverged_at`` is ``None`` for a game that ends, or hits
        :data:`MAX_STEPS`, without one); ``prefix`` holds the actions up to it.
    """
    pick = policy or random_action
    rng = random.Random(seed)
    a = new_game(drive)
    b = rebind(a, follow)
    out = Lockstep(seed)
    for i in range(1, MAX_STEPS + 1):
        if a.is_terminal():
            break
        chance = a.to_move == "chance"
        if options and out.options_at is None and not chance:
            if set(legal_actions(a)) != set(legal_actions(b)):
                out.options_at = i
        if lookahead and not chance:
            for cand in _candidates(a, b):
                ra, rb = try_apply(a, cand), try_apply(b, cand)
                if differs(ra, rb):
                    out.prefix.append(cand)
                    out.steps, out.diverged_at, out.duel = i, i, a.duel
                    out.kind = "refused" if ra.refused or rb.refused else "state"
                    return out
        action = chance_outcome(a, rng) if chance else pick(a, rng)
        ra, rb = try_apply(a, action), try_apply(b, action)
        out.prefix.append(action)
        out.steps = i
        if differs(ra, rb):
            out.diverged_at, out.duel = i, a.duel
            out.kind = "refused" if rb.refused else "state"
            return out
        a, b = ra.state, rb.state  # type: ignore[assignment]
    return out


def _candidates(a: State, b: State) -> list[Action]:
    """Actions legal under either reading, the driving reading's first."""
    la = legal_actions(a)
    seen = set(la)
    return list(la) + [x for x in legal_actions(b) if x not in seen]


def play_out(game: Game, seed: int) -> State:
    """The final state of the seeded random game under ``game``."""
    rng = random.Random(seed)
    state = new_game(game)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        action = chance_outcome(state, rng) if state.to_move == "chance" else \
            random_action(state, rng)
        state, _ = apply(state, action)
    return state


# ------------------------------------------------------------------------------------------
# Measurement over many seeds


def pairs(ruleset: str = "digibattle") -> list[tuple[str, str, str]]:
    """``(ambiguity ID, default reading, other reading)`` for every non-default reading."""
    out = []
    for amb in V.REGISTRY:
        if amb.ruleset != ruleset:
            continue
        for name in amb.reading_names()[1:]:
            out.append((amb.id, amb.default, name))
    return out


def base_game(target: int = 1000, amb_id: str | None = None) -> Game:
    """The Starter-deck game with every default reading and the Duel cap; for ``amb_id``,
    the readings its question arises under (:attr:`oracle.variants.Ambiguity.within`)."""
    within = dict(V.BY_ID[amb_id].within) if amb_id else {}
    return Game.default(target=target, max_duels=MAX_DUELS, variants=within)


def measure_seed(seed: int, which: Iterable[tuple[str, str, str]] | None = None,
                 target: int = 1000) -> dict[str, Any]:
    """All figures for one seed: ``{"default_winner", "pairs": {"ID=reading": {...}}}``."""
    base = base_game(target)
    default_winner = play_out(base, seed).winner
    res: dict[str, Any] = {"seed": seed, "default_winner": default_winner, "pairs": {}}
    for amb_id, _default, other in which or pairs():
        own = base_game(target, amb_id) if V.BY_ID[amb_id].within else base
        alt = with_reading(own, amb_id, other)
        fwd = lockstep(own, alt, seed, options=True)
        back = lockstep(alt, own, seed)
        res["pairs"][f"{amb_id}={other}"] = {
            "state": fwd.diverged_at, "kind": fwd.kind, "duel": fwd.duel,
            "options": fwd.options_at, "state_other": back.diverged_at,
            "other_winner": play_out(alt, seed).winner,
            **({"base_winner": play_out(own, seed).winner} if own is not base else {}),
        }
    return res


def summarise(per_seed: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Turn per-seed figures into rates per ``ID=reading``."""
    n = len(per_seed)
    out: dict[str, Any] = {}
    if not n:
        return out
    keys = list(per_seed[0]["pairs"])
    d_p0 = sum(1 for r in per_seed if r["default_winner"] == 0)
    d_undecided = sum(1 for r in per_seed if r["default_winner"] is None)
    for key in keys:
        rows = [r["pairs"][key] for r in per_seed]
        div = [r for r in rows if r["state"] is not None]
        first = sorted(r["state"] for r in div)
        duels = sorted(r["duel"] for r in div)
        kinds = {k: sum(1 for r in div if r["kind"] == k) for k in ("state", "refused")}
        winners_differ = sum(1 for s, r in zip(per_seed, rows, strict=True)
                             if r.get("base_winner", s["default_winner"]) != r["other_winner"])
        out[key] = {
            "games": n,
            "state": _rate(len(div), n),
            "state_other": _rate(sum(1 for r in rows if r["state_other"] is not None), n),
            "options": _rate(sum(1 for r in rows if r["options"] is not None), n),
            "winner": _rate(winners_differ, n),
            "divergence_kinds": kinds,
            "median_step": first[len(first) // 2] if first else None,
            "median_duel": duels[len(duels) // 2] if duels else None,
            "p0_wins": {"default": _rate(d_p0, n),
                        "other": _rate(sum(1 for r in rows if r["other_winner"] == 0), n)},
            "undecided": {"default": d_undecided,
                          "other": sum(1 for r in rows if r["other_winner"] is None)},
        }
    return out


def _rate(k: int, n: int) -> dict[str, Any]:
    return {"count": k, "rate": round(k / n, 4) if n else 0.0}


# ------------------------------------------------------------------------------------------
# Short divergence traces


def discarding_policy(state: State, rng: random.Random) -> Action:
    """A random player that empties its hand in Regroup (reaches Online exhaustion fast)."""
    if state.step == "discard":
        acts = legal_actions(state)
        return acts[0] if len(acts) > 1 and rng.random() < 0.95 else acts[-1]
    return random_action(state, rng)


def passive_policy(state: State, rng: random.Random) -> Action:
    """A random player that passes (and ends preparation) half of the time."""
    acts = legal_actions(state)
    if acts and acts[-1].type in ("pass", "ready") and rng.random() < 0.5:
        return acts[-1]
    return random_action(state, rng)


POLICIES: dict[str, Policy] = {
    "random": random_action, "discarding": discarding_policy, "passive": passive_policy,
}


@dataclass
class Found:
    """A game prefix whose last action diverges between the default and every other
    reading (``results``: reading → :class:`Result` of the last action)."""

    seed: int
    policy: str
    prefix: list[Action]
    results: dict[str, Result]


def search(games: Mapping[str, Game], default: str, seed: int, policy: str = "random",
           max_steps: int = MAX_STEPS) -> Found | None:
    """Play the default-reading game with ``policy``; before each step, try every action
    legal under any reading and stop at the first one whose result under the default reading
    differs from its result under each other reading.

    :param games: reading → game (same decks, target and other readings).
    """
    pick = POLICIES[policy]
    rng = random.Random(seed)
    names = [default] + [n for n in games if n != default]
    states = {n: rebind(new_game(games[default]), games[n]) for n in names}
    prefix: list[Action] = []
    for _ in range(max_steps):
        a = states[default]
        if a.is_terminal():
            return None
        chance = a.to_move == "chance"
        cands: list[Action] = []
        if not chance:
            seen: set[Action] = set()
            for n in names:
                for x in legal_actions(states[n]):
                    if x not in seen:
                        seen.add(x)
                        cands.append(x)
        action = chance_outcome(a, rng) if chance else pick(a, rng)
        for cand in [*cands, action] if not chance else [action]:
            res = {n: try_apply(states[n], cand) for n in names}
            if all(differs(res[default], res[n]) for n in names[1:]):
                return Found(seed, policy, [*prefix, cand], res)
        res = {n: try_apply(states[n], action) for n in names}
        if any(r.refused for r in res.values()):
            return None  # diverged for some readings only; not a clean prefix
        prefix.append(action)
        states = {n: r.state for n, r in res.items()}  # type: ignore[misc]
    return None


def replay(game: Game, actions: Iterable[Action]) -> tuple[State, list[Any]]:
    """Apply ``actions`` from the start under ``game``; returns the final state and the
    steps (``.action``, ``.state``, ``.events``) for :func:`oracle.trace.build_trace`.

    :raises IllegalActionError: an action is refused (the message names the step).
    """
    from oracle.selfplay import Step

    state = new_game(game)
    steps = []
    for action in actions:
        state, events = apply(state, action)
        steps.append(Step(action, state, events))
    return state, steps


def _simple_first(actions: Iterable[Action]) -> list[Action]:
    """Actions ordered from the simplest (pass, ready, draw) to the most involved."""
    rank = {"pass": 0, "ready": 0, "draw": 0, "discard": 2}
    return sorted(actions, key=lambda a: (rank.get(a.type, 1), len(a.to_json()), str(a)))


def continue_prefix(games: Mapping[str, Game], default: str, head: list[Action],
                    tail: list[Action], limit: int) -> list[Action] | None:
    """Replay ``head``, then follow ``tail`` where it is still legal (else the simplest legal
    action; a shuffle that no longer fits takes the cards in sorted order), looking ahead for
    a divergence before each step. Returns a diverging prefix of at most ``limit`` actions."""
    names = [default] + [n for n in games if n != default]
    states = {n: rebind(new_game(games[default]), games[n]) for n in names}

    def diverging(cand: Action) -> bool:
        res = {n: try_apply(states[n], cand) for n in names}
        return all(differs(res[default], res[n]) for n in names[1:])

    prefix: list[Action] = []
    queue = list(head) + list(tail)
    forced = len(head)
    while len(prefix) < limit:
        a = states[default]
        if a.is_terminal():
            return None
        chance = a.to_move == "chance"
        if not chance and len(prefix) >= forced:
            seen: set[Action] = set()
            for n in names:
                for x in legal_actions(states[n]):
                    if x not in seen:
                        seen.add(x)
                        if diverging(x):
                            return [*prefix, x]
        nxt = queue[len(prefix)] if len(prefix) < len(queue) else None
        if chance:
            due = a.chance
            assert due is not None
            if due[0] == "coin_toss":
                action = nxt if nxt is not None and nxt.type == "coin_toss" else \
                    Action("coin_toss", winner=0)
            else:
                ok = nxt is not None and nxt.type == "shuffle" and \
                    tuple(sorted(nxt.order)) == due[2]
                action = nxt if ok else Action("shuffle", due[1], order=tuple(due[2]))
        else:
            legal = legal_actions(a)
            action = nxt if nxt in legal else _simple_first(legal)[0]
            if len(prefix) < forced and action != nxt:
                return None
        res = {n: try_apply(states[n], action) for n in names}
        if any(differs(res[default], res[n]) for n in names[1:]):
            if all(differs(res[default], res[n]) for n in names[1:]):
                return [*prefix, action]
            return None
        prefix.append(action)
        states = {n: r.state for n, r in res.items()}  # type: ignore[misc]
    return None


def shrink(games: Mapping[str, Game], default: str, prefix: list[Action], *,
           budget_s: float = 60.0, alternatives: int = 6) -> list[Action]:
    """Greedily shorten a diverging prefix: at each player decision try simpler actions
    (pass, ready, draw first) and keep any change after which a divergence comes sooner."""
    import time

    t0 = time.monotonic()
    best = list(prefix)
    changed = True
    while changed and time.monotonic() - t0 < budget_s:
        changed = False
        state = new_game(games[default])
        for i in range(len(best) - 1):
            if time.monotonic() - t0 > budget_s:
                break
            if state.to_move != "chance":
                alts = [x for x in _simple_first(legal_actions(state)) if x != best[i]]
                # First try leaving the action out (a discard, say), then simpler ones.
                tries = [(best[:i], best[i + 1:])] + [
                    ([*best[:i], alt], best[i + 1:]) for alt in alts[:alternatives]]
                for head, tail in tries:
                    cand = continue_prefix(games, default, head, tail, len(best) - 1)
                    if cand is not None and len(cand) < len(best):
                        best, changed = cand, True
                        break
                if changed:
                    break
            state, _ = apply(state, best[i])
    return best


# ------------------------------------------------------------------------------------------
# Describing a divergence (for the register)


def describe_action(action: Action, game: Game) -> str:
    """A short English description of an action (``player 0 plays Metal Attack ST-53``)."""
    cards = game.card_set.cards

    def c(serial: str | None) -> str:
        return f"{cards[serial].name} {serial}" if serial in cards else str(serial)

    who = f"player {action.player}"
    t = action.type
    if t == "choose_rookie":
        return f"{who} chooses {c(action.card)} as Rookie"
    if t == "shuffle":
        return f"player {action.player}'s cards are shuffled ({len(action.order)} cards)"
    if t == "coin_toss":
        return f"the coin toss is won by player {action.winner}"
    if t == "prepare":
        extra = f" with {c(action.support)}" if action.support else ""
        return f"{who} puts {c(action.card)} face down{extra}"
    if t == "change_rookie":
        return f"{who} sets up a Rookie change to {c(action.card)}"
    if t == "ready":
        return f"{who} is ready"
    if t == "digivolve":
        how = {"tribute": "paying", "digivice": "with", "dna": "DNA with",
               "ultra": "with"}.get(action.method or "", action.method or "")
        if action.method == "tribute":
            what = ("cards " + ", ".join(c(x) for x in action.payment) + " from the hand"
                    if action.payment else f"from {action.source or 'Online'}")
        else:
            what = c(action.support)
        return f"{who} Digivolves into {c(action.card)} {how} {what}"
    if t == "pass":
        return f"{who} passes"
    if t == "play_option":
        extra = ""
        if action.discard:
            extra += " sending " + ", ".join(c(x) for x in action.discard) + " Offline"
        if action.target is not None:
            extra += f" (target: player {action.target})"
        return f"{who} plays {c(action.card)}{extra}"
    if t == "discard":
        return f"{who} discards {c(action.card)}"
    if t == "draw":
        return f"{who} restores their hand"
    return str(action)


def _short(v: Any) -> Any:
    if isinstance(v, list) and len(v) > 3:
        return f"{len(v)} cards" if all(isinstance(x, str) for x in v) else f"{len(v)} items"
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return "[" + ", ".join(v) + "]"
    if isinstance(v, dict):
        return "{…}"
    return v


def state_differences(a: State, b: State, limit: int = 6) -> list[dict[str, Any]]:
    """Where the JSON forms of two states differ (``variants`` left out): path and both
    values, long lists shown by their length."""
    from oracle.jsondiff import differences

    out = []
    for path, x, y in differences(state_key(a), state_key(b), "$", limit=limit):
        out.append({"path": path, "a": _short(x), "b": _short(y)})
    return out


# ------------------------------------------------------------------------------------------
# How often a situation arises (for proposed ambiguities, before the oracle implements them)


def situations(seed: int, target: int = 1000) -> dict[str, bool]:
    """Whether the seeded default-reading Starter game meets the situation in which each
    proposed ambiguity's readings would part (see ``digiconform.ambiguities.PROPOSED``)."""
    game = base_game(target)
    rng = random.Random(seed)
    state = new_game(game)
    seen = dict.fromkeys(
        ("battle-starter", "first-after-tie", "mid-duel-exhaustion", "bakemon-tie",
         "end-effects-order", "runs-out", "regroup-order", "digi-duel-per-duel"), False)
    results: list[int | None] = []  # winner of each Duel, None for a tie
    coin = None
    while not state.is_terminal():
        before = state
        chance = state.to_move == "chance"
        if not chance and state.phase == "battle":
            acts = legal_actions(state)
            if len(acts) == 1:
                seen["runs-out"] = True
        action = chance_outcome(state, rng) if chance else random_action(state, rng)
        state, events = apply(state, action)
        types = {e.type for e in events}
        if action.type == "coin_toss":
            coin = action.winner
        for e in events:
            if e.type == "battle_started" and e.player != state.coin_toss_winner:
                seen["battle-starter"] = True
            if e.type == "online_exhausted" and before.phase in ("digivolve", "battle") \
                    and not types & {"duel_won", "duel_tied"}:
                seen["mid-duel-exhaustion"] = True
            if e.type == "digimon_sent_offline" and e.clause == "DB-C.8" \
                    and len((e.data or {}).get("cards", ())) >= 2:
                seen["bakemon-tie"] = True
        if types & {"duel_won", "duel_tied"}:
            winner = next((e.player for e in events if e.type == "duel_won"), None)
            results.append(winner)
            if winner is None and len(results) >= 2 and results[-2] is None:
                last_won = next((w for w in reversed(results) if w is not None), None)
                if last_won is not None and last_won != coin:
                    seen["first-after-tie"] = True
            if state.phase == "game_over" and types & {
                    "milled", "digimon_sent_offline", "power_options_offline"}:
                seen["end-effects-order"] = True  # the winning Duel's effects or clean-up
            if state.phase == "regroup" and state.first_player == 1:
                seen["regroup-order"] = True
    return seen

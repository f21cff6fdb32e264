"""Illegal-action probes of the random games, drawn from the position.

The lockstep games (:mod:`digiconform.verifier.differential`) send, about one time in twelve,
a *probe*: an action the oracle probably refuses, so that the refusals (kind and clause,
:func:`digiconform.verifier.compare.refusal_difference`) are compared too. The ruleset hooks'
probes (:attr:`digiconform.verifier.games.GameHooks.probes`) are generic: the other player,
an action of another step, a card not in hand. An engine that leaves out a *printed* check
(a card's Use Requirement or restriction, a Digivolve Requirement) is not caught by them,
and without ``legal_actions`` nothing else shows it. The probes here are built from the
position, each one an action the oracle refuses for a rule the cards or the chance node
name:

- Digi-Battle (Battle phase): every Power Option card in the hand that has no legal play
  (Digi-Duel after the opponent passed, a card "not with a Rookie" over a Rookie, Bomb Dive
  without Fly, a DIGIVOLVE card, a second Digi-Duel: DB-C.2, DB-B.3n), played with the
  discard its Use Requirement asks for; a legal Power Option aimed at player 2 (out of range).
  Preparation steps: every card in the hand that cannot be put face down (DB-B.0, DB-D.5).
- DCG: an effect resolved that is not waiting (DCG-6-1-3); in the Main phase a hand Digimon
  digivolved onto a stack it may not digivolve onto or onto no stack at all (DCG-6-5-1-2),
  an attack by a Digimon that may not attack and on a Digimon that may not be attacked
  (DCG-6-5-1-5); at the block timing one <Blocker> named twice, or two of them (CR4.2
  Blocking).
- Chance nodes (both): the outcome of the wrong kind (a ``shuffle`` naming a ``winner`` at
  the coin toss or rock-paper-scissors, DB-B.1; a coin toss answered at a due shuffle) and
  out-of-range values (winner 2).

Lapsed probes (both rulesets, :func:`lapsed`): an action the same player could take at their
previous position and may not take now, the cards and stacks it names still there. The phase
or step moved on (a Regroup discard after the hand was restored, DB-D.1; a preparation or a
Rookie change once the Duel's reveal has begun, DB-B.0, DB-D.4; a Breeding-phase action or a
second hatch in the Main phase, DCG-6-4-1), the player's one action was taken (a second
change of Rookie, DB-D.4), or the position changed (an attack by a Digimon that has just
attacked, DCG-6-5-1-5; a Digi-Duel after the opponent passed). These are the timing checks an
engine leaves out, and a random game meets them all the time: about 45 % of the Digi-Battle
and 80 % of the DCG positions have one. They take the place of the generic probes there.

An engine that *accepts* such an action has moved on: the lockstep game reports an
``accepted-illegal`` divergence under the clause of the oracle's refusal and goes on from the
engine's state (the oracle takes it, :func:`digiconform.verifier.differential.play_lockstep`),
or ends the game there when the oracle cannot take it.

:func:`probes` and :func:`chance_probes` are the hooks' probes followed by these (the
shrinker looks among them for a probe refused for the clause of a finding);
:func:`pick_probe` is how the random player draws one: a probe built from the position whose
card the player could play at their previous position of the same phase and step (the position
made the check fail: Digi-Duel once the opponent has passed) every time in Digi-Battle
(:data:`NEWLY_REFUSED_RATE`), else a probe built from the position one time in
:data:`POSITIONAL_RATE` (4 or 8) where there is one, else one time in twelve a lapsed probe
(one per action type) where there is one, a generic one elsewhere;
:func:`pick_chance_probe` one wrong chance answer one time in :data:`CHANCE_RATE` (4 or 6).

A refused probe costs one request: the lockstep game does not ask for the legal set again at
the position it left unchanged. On the default run (seed 0, 40 games) the refused probes are
9.1 % (Digi-Battle) and 9.5 % (DCG) of the random games' other requests (8.5 % for DCG before
the lapsed probes: they replace generic probes that were legal moves about one time in
twelve; the budget is 10 %, ``tests/test_probes.py::test_probe_request_overhead``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["CHANCE_RATE", "POSITIONAL_RATE", "chance_probes", "lapsed", "pick_chance_probe",
           "pick_probe", "positional", "probes"]

Json = Mapping[str, Any]


def positional(game: Any, state: Any, acts: Sequence[Any]) -> list[Json]:
    """The probes built from ``state`` (see the module docstring) for the player to move;
    ``acts`` is the oracle's legal set there. Empty where none applies."""
    if game.ruleset == "digibattle":
        return _db_positional(state, acts)
    if game.ruleset == "dcg":
        return _dcg_positional(state, acts)
    return []


def probes(game: Any, state: Any, acts: Sequence[Any]) -> list[Json]:
    """The hooks' generic probes, then :func:`positional`'s."""
    return [*game.probes(state, acts), *positional(game, state, acts)]


def chance_probes(game: Any, state: Any) -> list[Json]:
    """Wrong answers at the chance node ``state``: the hooks' ones, then a chance outcome of
    the wrong kind carrying the other kind's fields and an out-of-range winner."""
    return [*game.chance_probes(state), *_chance_extra(game.ruleset, state)]


POSITIONAL_RATE = {"digibattle": 4, "dcg": 8}
"""Per ruleset: at a position with probes built from it (:func:`positional`), one of them is
sent about one time in this many (else a generic probe one time in twelve, as elsewhere).
They are the probes that find a missing printed check; they exist at about a third of the
Digi-Battle positions (sent instead of the generic ones, or one time in six, the default run
no longer met Digi-Duel played after a pass in a mandatory-only engine) and at almost every
DCG Main-phase position (hence the lower rate there)."""


NEWLY_REFUSED_RATE = {"digibattle": 1}
"""Per ruleset: a probe built from the position whose card the same player could play or put
down at their previous position of the same phase and step (the position made its printed
check fail: Digi-Duel "can not be used after opponent passes" once the opponent has passed)
is sent one time in this many (1: always), instead of one time in :data:`POSITIONAL_RATE`:
such a check fails only at the positions where the position changed, which a random game
meets seldom, and a probe of a card never playable (Bomb Dive without Fly) at every turn
tells less. (DCG: not used; its positional probes exist at almost every Main-phase
position.)"""


def pick_probe(game: Any, state: Any, acts: Sequence[Any], pick: Callable[[int], int],
               probe_rate: int, memory: dict[Any, Sequence[Any]] | None = None
               ) -> Json | None:
    """The probe to send instead of a legal action for the player to move, or None (then a
    legal action is played): where :func:`positional` gives one whose card the player could
    play at their previous position of this phase and step (``memory``: the legal set at
    each ``(player, phase, step)`` of the game so far; updated), one of those one time in
    :data:`NEWLY_REFUSED_RATE`; else where :func:`positional` gives any, one of them one time
    in :data:`POSITIONAL_RATE`; else one time in ``probe_rate`` a :func:`lapsed` probe (one per
    action type; ``memory`` also keeps each player's previous legal set) where there is one,
    else one of the hooks' generic probes."""
    built = positional(game, state, acts)
    previous: Sequence[Any] = ()
    if memory is not None:  # (the player's previous position's legal set: lapsed probes)
        previous = memory.get(("previous", state.to_move), ())
        memory[("previous", state.to_move)] = acts
    rate = NEWLY_REFUSED_RATE.get(game.ruleset) if memory is not None else None
    if rate is not None:
        assert memory is not None
        where = (state.to_move, state.phase, state.step)
        before = memory.get(where)
        memory[where] = acts
        if built and before:  # (the cards of the set before: only where a probe may use them)
            seen = {(a.type, getattr(a, "card", None)) for a in before}
            newly = [p for p in built
                     if (p.get("type"), p.get("card")) in seen and "target" not in p]
            if newly and pick(rate) == 0:
                return newly[pick(len(newly))]
    if built and pick(POSITIONAL_RATE.get(game.ruleset, 4)) == 0:
        return built[pick(len(built))]
    if pick(probe_rate) == 0:
        # where an action the player could take at their previous position is refused now,
        # one of those (one per action type), else one of the hooks' generic ones
        pool = _one_per_type(lapsed(game, state, acts, previous)) or game.probes(state, acts)
        return pool[pick(len(pool))]  # type: ignore[no-any-return]
    return None


def _one_per_type(docs: Sequence[Json]) -> list[Json]:
    seen: dict[Any, Json] = {}
    for d in docs:
        seen.setdefault(d.get("type"), d)
    return list(seen.values())


CHANCE_RATE = {"digibattle": 4, "dcg": 6}
"""Per ruleset: at a chance node a wrong answer is sent about one time in this many (a
Digi-Battle game has few chance nodes: the set-up's shuffles, the coin toss or
rock-paper-scissors, a recycle; a DCG game about seven, the set-up's four shuffles and
mulligans among them: one in four put its probes over the 10 % request budget of issue 26,
one in eight left the default run's games short of DCG-6-2-1-2's planted fault; the budget is
``tests/test_probes.py::test_probe_request_overhead``)."""


def pick_chance_probe(game: Any, state: Any, pick: Callable[[int], int]) -> Json | None:
    """A wrong answer to send at the chance node ``state`` (:func:`chance_probes`) one time
    in :data:`CHANCE_RATE`, else None (the chance outcome is drawn)."""
    if pick(CHANCE_RATE.get(game.ruleset, 4)) != 0:
        return None
    out = chance_probes(game, state)
    return out[pick(len(out))]


# ---------------------------------------------------------------------------------------------
# Digi-Battle


_DB_CARDS: dict[int, tuple[Any, dict[str, tuple[int, bool]], frozenset[str]]] = {}
"""``id(card set)`` -> (the card set, its Power Options' serials -> (the cards their Use
Requirement discards, whether they downgrade a Champion), its Digimon's serials): what
:func:`_db_positional` reads of a card, worked out once per card set (kept, so its id is
not reused while it is here)."""


def _db_cards(card_set: Any) -> tuple[dict[str, tuple[int, bool]], frozenset[str]]:
    hit = _DB_CARDS.get(id(card_set))
    if hit is not None and hit[0] is card_set:
        return hit[1], hit[2]
    if len(_DB_CARDS) >= 64:
        _DB_CARDS.clear()
    options = {s: (sum(u.count for u in c.use_requirements if u.kind == "discard_from_hand"),
                   c.has_effect("downgrade_champion"))
               for s, c in card_set.cards.items() if c.kind == "power_option"}
    digimon = frozenset(s for s, c in card_set.cards.items() if c.kind == "digimon")
    _DB_CARDS[id(card_set)] = (card_set, options, digimon)
    return options, digimon


def _db_positional(state: Any, acts: Sequence[Any]) -> list[Json]:
    p = state.to_move
    if not isinstance(p, int):
        return []
    options, digimon = _db_cards(state.game.card_set)
    me = state.players[p]
    out: list[Json] = []
    if state.phase == "battle" and state.step == "play":
        playable = {a.card for a in acts if a.type == "play_option"}
        hand = sorted(me.hand)
        for s in hand:
            if s not in options or s in playable:
                continue
            # a printed Use Requirement or restriction fails: played as fully as it can be
            need, downgrade = options[s]
            probe: dict[str, Any] = {"type": "play_option", "player": p, "card": s}
            if need:
                discard = [x for x in hand if x != s][:need]
                if discard:
                    probe["discard"] = discard
            if downgrade:
                probe["target"] = 1 - p
            out.append(probe)
        legal = next((a for a in acts if a.type == "play_option"), None)
        if legal is not None:  # a target that is no player
            out.append({**legal.to_json(), "target": 2})
    elif state.step == "prepare" or any(a.type == "prepare" for a in acts):
        allowed = {a.card for a in acts if a.type == "prepare"}
        for s in sorted(me.hand):
            if s not in allowed and s in digimon:
                out.append({"type": "prepare", "player": p, "card": s})
    return out


# ---------------------------------------------------------------------------------------------
# Digimon Card Game


def _dcg_positional(state: Any, acts: Sequence[Any]) -> list[Json]:
    p = state.to_move
    if not isinstance(p, int):
        return []
    out: list[Json] = []
    # an effect resolved that is not waiting (DCG-6-1-3): one past the last that waits, or
    # (with the Main phase's other probes below) one when none waits
    resolve = {"type": "resolve", "player": p, "index": len(state.pending)}
    if state.pending:
        out.append(resolve)
    choice = getattr(state, "choice", None)
    if choice is not None and choice.kind == "block":
        # CR4.2 Blocking: one <Blocker> blocks; naming it twice, or two of them, is refused
        blockers = sorted({a.targets[0] for a in acts if a.type == "choose" and a.targets})
        if blockers:
            out.append({"type": "choose", "player": p, "targets": [blockers[0]] * 2})
        if len(blockers) > 1:
            out.append({"type": "choose", "player": p, "targets": blockers[:2]})
    if state.phase != "main":
        return out
    cards = state.game.cards.cards
    me, them = state.players[p], state.players[1 - p]
    hand_digimon = [s for s in sorted(set(me.hand)) if cards[s].is_digimon]
    if hand_digimon:  # onto a stack that is not there
        out.append({"type": "digivolve", "player": p, "card": hand_digimon[0], "target": 999})
    # (the legal set's digivolutions and attacks, in one pass)
    digivolves = set()
    attacks = set()
    for a in acts:
        kind = a.type
        if kind == "digivolve":
            digivolves.add((a.card, a.target))
        elif kind == "attack":
            attacks.add((a.attacker, a.target))
    for s in hand_digimon:
        for st in me.battle_area:
            if (s, st.id) not in digivolves:
                out.append({"type": "digivolve", "player": p, "card": s, "target": st.id})
                break  # one per card: enough to see the Digivolve Requirement checked
    attackers = {attacker for attacker, _ in attacks}
    for st in me.battle_area:
        if st.id not in attackers and cards[st.top].is_digimon:
            out.append({"type": "attack", "player": p, "attacker": st.id, "target": "player"})
            break
    for attacker in sorted(attackers):
        for st in them.battle_area:
            if (attacker, st.id) not in attacks:  # (not suspended: may not be attacked)
                out.append({"type": "attack", "player": p, "attacker": attacker,
                            "target": st.id})
                break
        break
    if out and not state.pending:
        out.append(resolve)
    return out


# ---------------------------------------------------------------------------------------------
# Chance nodes


def _chance_extra(ruleset: str, state: Any) -> list[Json]:
    if ruleset == "digibattle":
        due = state.chance
        if due[0] == "coin_toss":
            return [{"type": "shuffle", "player": 0, "winner": 0},
                    {"type": "shuffle", "player": 1, "winner": 1},
                    {"type": "coin_toss", "winner": 2}]
        return [{"type": "coin_toss", "player": due[1], "winner": due[1]},
                {"type": "shuffle", "player": 1 - due[1], "order": list(due[2])}]
    if ruleset == "dcg":
        due = state.chance
        if due.kind == "first_player":
            return [{"type": "shuffle", "player": 0, "deck": "deck", "order": [], "winner": 0},
                    {"type": "choose_first", "winner": 2}]
        return [{"type": "choose_first", "winner": due.player},
                {"type": "shuffle", "player": 1 - due.player, "deck": due.deck,
                 "order": list(due.cards)}]
    return []


# ---------------------------------------------------------------------------------------------
# Was legal, now refused


_HAND_CARD = {"digibattle": frozenset({"discard", "prepare", "change_rookie", "play_option",
                                       "choose_rookie"}),
              "dcg": frozenset({"play", "digivolve", "use_option"})}
"""Per ruleset: the action types whose ``card`` is taken from the hand (a lapsed probe of one
is only sent while the card is still in the hand: else it is the generic "card not in hand"
probe, another check)."""


def lapsed(game: Any, state: Any, acts: Sequence[Any], before: Sequence[Any]) -> list[Json]:
    """The actions of ``before`` (the legal set at the previous position of the player to
    move) that are not in ``acts`` (their legal set now) and whose cards and stacks are still
    where they were: an action that was legal a moment ago and is refused now because the
    phase or step moved on (a Regroup discard after the hand was restored, DB-D.1), a second
    action where one was allowed (a second hatch, DCG-6-4-1), or the position changed (an
    attack by a Digimon that has attacked, a Digi-Duel after the opponent passed). The
    oracle refuses each (they are not in its legal set); in the order of ``before``."""
    p = state.to_move
    if not isinstance(p, int) or not before:
        return []
    now = {_key(a.to_json()) for a in acts}
    hand_types = _HAND_CARD.get(game.ruleset, frozenset())
    me = state.players[p]
    hand = set(me.hand)
    stacks: set[int] | None = None
    if game.ruleset == "dcg":
        stacks = {st.id for pl in state.players for st in pl.battle_area}
        stacks |= {pl.breeding_area.id for pl in state.players if pl.breeding_area is not None}
    out: list[Json] = []
    for a in before:
        doc = a.to_json()
        if doc.get("player") != p or _key(doc) in now:
            continue
        if doc.get("type") in hand_types and doc.get("card") not in hand:
            continue
        if any(c not in hand for c in doc.get("discard", ())):
            continue
        if stacks is not None and any(
                isinstance(doc.get(k), int) and doc[k] not in stacks
                for k in ("attacker", "source", "target")):
            continue
        out.append(doc)
    return out


def _key(doc: Json) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in doc.items()))

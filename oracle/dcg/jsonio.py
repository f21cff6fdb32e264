"""Parse the DCG state JSON back into a :class:`~oracle.dcg.model.State`.

Every malformed value raises :class:`~oracle.errors.InvalidInputError` with its JSON path
(``$.players[1].battle_area[0].cards``). ``to_move`` is recomputed from the rest of the
state; a value that disagrees is rejected. So are states the engine can never reach:

- a ``step`` that is not a step of ``phase`` (:data:`PHASE_STEPS`; path ``$.step``), or a
  ``resume_step`` that would leave the phase after end of turn (``$.resume_step``);
- a player whose cards are not their deck list (card conservation, CR4.2 "Deck
  construction": no card enters or leaves the game in chapter 6; path ``$.players[i]``),
  checked where it is safe, see :func:`check_conservation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from oracle.dcg.model import (
    ATTACK_STAGES,
    PHASES,
    STEPS,
    Attack,
    Chance,
    Choice,
    Game,
    Lasting,
    Pending,
    PlayerState,
    Stack,
    State,
)
from oracle.dcg.variants import resolve_variants
from oracle.errors import InvalidInputError

__all__ = ["PHASE_STEPS", "check_conservation", "check_phase_step", "state_from_json"]

#: The steps each phase can hold (the engine's own transitions: oracle/dcg/setup.py for the
#: set-up steps, turn.py and engine.py ``advance`` for the turn). End of turn (DCG-6-6-1,
#: DCG-6-2-1-2) happens in whatever phase the turn is in, so ``end_of_turn`` belongs to every
#: phase of a turn; the set-up steps belong to phase ``setup`` only, ``over`` to
#: ``game_over`` only. Every phase and step of model.py appears (tests/dcg/test_json.py).
PHASE_STEPS: Mapping[str, frozenset[str]] = {
    "setup": frozenset(("shuffle", "first_player", "mulligan", "mulligan_shuffle")),
    "unsuspend": frozenset(("start_of_turn", "unsuspend", "end_of_turn")),
    "draw": frozenset(("draw", "end_of_turn")),
    "breeding": frozenset(("breeding", "breeding_done", "end_of_turn")),
    "main": frozenset(("start_of_main", "main", "end_of_turn")),
    "game_over": frozenset(("over",)),
}


def _get(d: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in d:
        raise InvalidInputError(f"{path}.{key}", "missing")
    return d[key]


def _int(v: Any, path: str, lo: int | None = None, hi: int | None = None,
         null: bool = False) -> Any:
    if v is None and null:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidInputError(path, f"expected an integer, found {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise InvalidInputError(path, f"expected {lo}..{hi}, found {v}")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidInputError(path, f"expected true/false, found {v!r}")
    return v


def _cards(v: Any, path: str, game: Game) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise InvalidInputError(path, "expected a list of card IDs")
    for i, c in enumerate(v):
        if not isinstance(c, str) or c not in game.cards:
            raise InvalidInputError(f"{path}[{i}]", f"unknown card {c!r}")
    return tuple(v)


def _stack(v: Any, path: str, game: Game) -> Stack:
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected a stack object")
    cards = _cards(_get(v, "cards", path), f"{path}.cards", game)
    if not cards:
        raise InvalidInputError(f"{path}.cards", "a stack holds at least one card")
    return Stack(
        id=_int(_get(v, "id", path), f"{path}.id", 0),
        cards=cards,
        suspended=_bool(v.get("suspended", False), f"{path}.suspended"),
        played_this_turn=_bool(v.get("played_this_turn", False), f"{path}.played_this_turn"),
    )


def _pending(v: Any, path: str, game: Game) -> Pending:
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected a pending-effect object")
    card = _get(v, "card", path)
    if card not in game.cards:
        raise InvalidInputError(f"{path}.card", f"unknown card {card!r}")
    effect = _int(_get(v, "effect", path), f"{path}.effect", 0)
    if effect >= len(game.cards[card].effects):
        raise InvalidInputError(f"{path}.effect", f"{card} has no effect {effect}")
    return Pending(
        player=_int(_get(v, "player", path), f"{path}.player", 0, 1),
        card=card,
        effect=effect,
        source=_int(v.get("source"), f"{path}.source", 0, null=True),
        timing=str(_get(v, "timing", path)),
        delayed=_bool(v.get("delayed", False), f"{path}.delayed"),
    )


def _list(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        raise InvalidInputError(path, "expected a list")
    return v


def _choice(v: Any, game: Game) -> Choice | None:
    """``$.choice``: null or ``{"player", "kind", "card", "effect", "source", "timing"}``."""
    path = "$.choice"
    if v is None:
        return None
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected null or a choice object")
    kind = _get(v, "kind", path)
    if kind not in ("targets", "block"):
        raise InvalidInputError(f"{path}.kind", f"expected 'targets' or 'block', found {kind!r}")
    card = v.get("card")
    effect = _int(v.get("effect"), f"{path}.effect", 0, null=True)
    if kind == "targets":
        if card not in game.cards:
            raise InvalidInputError(f"{path}.card", f"unknown card {card!r}")
        if effect is None or effect >= len(game.cards[card].effects):
            raise InvalidInputError(f"{path}.effect", f"{card} has no effect {effect}")
        from oracle.dcg.effects import TARGETED

        if game.cards[card].effects[effect].action not in TARGETED:
            # (CR4.2 Triggered effects: only a targeted effect leaves a choice of targets)
            raise InvalidInputError(f"{path}.effect", f"effect {effect} of {card} chooses "
                                    "no targets")
    timing = v.get("timing")
    if timing is not None and not isinstance(timing, str):
        raise InvalidInputError(f"{path}.timing", "expected a timing or null")
    return Choice(_int(_get(v, "player", path), f"{path}.player", 0, 1), kind,
                  card if kind == "targets" else None, effect,
                  _int(v.get("source"), f"{path}.source", 0, null=True), timing)


def _lasting(v: Any, path: str, game: Game) -> Lasting:
    """One ``$.lasting[i]``: ``{"player", "kind", "value", "stack", "until", "card"}``."""
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected a lasting-effect object")
    kind = _get(v, "kind", path)
    if kind not in ("dp", "security_attack", "no_attack_block", "security_dp"):
        raise InvalidInputError(f"{path}.kind", f"unknown lasting effect {kind!r}")
    card = _get(v, "card", path)
    if card not in game.cards:
        raise InvalidInputError(f"{path}.card", f"unknown card {card!r}")
    return Lasting(_int(_get(v, "player", path), f"{path}.player", 0, 1), kind,
                   _int(_get(v, "value", path), f"{path}.value", 0, 100000),
                   _int(v.get("stack"), f"{path}.stack", 0, null=True),
                   _int(_get(v, "until", path), f"{path}.until", 0), card)


def _player(v: Any, path: str, game: Game) -> PlayerState:
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected a player object")
    b = v.get("breeding_area")
    battle = _get(v, "battle_area", path)
    if not isinstance(battle, list):
        raise InvalidInputError(f"{path}.battle_area", "expected a list of stacks")
    opt = v.get("once_per_turn_used", [])
    if not isinstance(opt, list) or not all(isinstance(k, str) for k in opt):
        raise InvalidInputError(f"{path}.once_per_turn_used", "expected a list of strings")
    breeding = None if b is None else _stack(b, f"{path}.breeding_area", game)
    if breeding is not None and breeding.played_this_turn:
        # DCG-6-4-1-1: the breeding area's stack is hatched from the Digi-Egg deck, never
        # played (DCG-6-5-1-1 plays to the battle area); no game has it "played this turn".
        raise InvalidInputError(f"{path}.breeding_area.played_this_turn",
                                "DCG-6-4-1-1: a card is hatched into the breeding area, never "
                                "played there; played_this_turn must be false")
    return PlayerState(
        hand=_cards(_get(v, "hand", path), f"{path}.hand", game),
        deck=_cards(_get(v, "deck", path), f"{path}.deck", game),
        egg_deck=_cards(_get(v, "egg_deck", path), f"{path}.egg_deck", game),
        breeding_area=breeding,
        battle_area=tuple(_stack(s, f"{path}.battle_area[{i}]", game)
                          for i, s in enumerate(battle)),
        security=_cards(_get(v, "security", path), f"{path}.security", game),
        trash=_cards(_get(v, "trash", path), f"{path}.trash", game),
        mulliganed=_bool(v.get("mulliganed", False), f"{path}.mulliganed"),
        mulligan_decided=_bool(v.get("mulligan_decided", False), f"{path}.mulligan_decided"),
        once_per_turn_used=tuple(sorted(opt)),
    )


def _chance(v: Any, path: str, game: Game) -> Chance | None:
    if v is None:
        return None
    if not isinstance(v, Mapping):
        raise InvalidInputError(path, "expected null or a chance object")
    kind = _get(v, "kind", path)
    if kind == "first_player":
        return Chance("first_player")
    if kind != "shuffle":
        raise InvalidInputError(f"{path}.kind", f"expected first_player or shuffle, found {kind!r}")
    deck = _get(v, "deck", path)
    if deck not in ("deck", "egg_deck"):
        raise InvalidInputError(f"{path}.deck", f"expected deck or egg_deck, found {deck!r}")
    return Chance("shuffle", _int(_get(v, "player", path), f"{path}.player", 0, 1), deck,
                  tuple(sorted(_cards(_get(v, "cards", path), f"{path}.cards", game))))


def check_phase_step(phase: str, step: str, resume_step: str | None) -> None:
    """DCG-6-1-2: ``step`` must be a step of ``phase`` (:data:`PHASE_STEPS`). End of turn
    (DCG-6-6-1) remembers the step it began at, which the turn resumes at if it is postponed
    (DCG-6-6-4): a step of the same phase (the engine itself moves on to the Main phase under
    DCG-AMB-1 "main-phase"). Out of end of turn there is nothing to resume; a game that is
    over may keep the step it ended at.

    :raises InvalidInputError: ``$.step`` for a step of another phase, ``$.resume_step`` for
        a resume step that does not fit.
    """
    steps = PHASE_STEPS[phase]
    if step not in steps:
        raise InvalidInputError(
            "$.step", f"step {step!r} is not a step of phase {phase!r} (expected one of "
                      f"{', '.join(sorted(steps))})")
    if phase == "game_over":
        return
    if step == "end_of_turn":
        if resume_step is None or resume_step not in steps or resume_step == "end_of_turn":
            raise InvalidInputError(
                "$.resume_step", f"end of turn in phase {phase!r} resumes at the step of that "
                                 f"phase it began at, found {resume_step!r}")
    elif resume_step is not None:
        raise InvalidInputError("$.resume_step", f"only end of turn has a step to resume at; "
                                f"the step is {step!r}, found {resume_step!r}")


def _cards_of(p: PlayerState) -> Counter[str]:
    """Every card of a player's zones, counted by ID."""
    out = Counter(p.hand)
    for zone in (p.deck, p.egg_deck, p.security, p.trash):
        out.update(zone)
    if p.breeding_area is not None:
        out.update(p.breeding_area.cards)
    for st in p.battle_area:
        out.update(st.cards)
    return out


def check_conservation(players: tuple[PlayerState, PlayerState], game: Game) -> None:
    """Card conservation: each player's zones hold exactly their deck list (main deck and
    Digi-Eggs, CR4.2 "Deck construction"), since no chapter-6 rule adds or removes a card.

    Checked only where it is safe. Every position the engine reaches, and every feature
    position (tests/steps/dcg_positions.py builds the set-up's deck lists from the position's
    own cards), is *complete*: its cards are exactly the deck lists. Unit tests load
    *partial* positions against the shipped deck lists to start right where a rule applies
    (tests/dcg/kit.py: a deck of ten ST1-04 where the deck list has four, and none of the other
    cards). So a player holding as many cards as their deck list, or more, must hold exactly
    its cards; a player holding fewer is taken for such a sketch and not checked card by card.

    :raises InvalidInputError: ``$.players[i]``, naming a card the player holds more copies
        of than their deck list has (with at least as many cards in all, one always exists
        when the cards differ).
    """
    for i, (p, deck) in enumerate(zip(players, game.decks, strict=True)):
        have = _cards_of(p)
        if sum(have.values()) < len(deck.main) + len(deck.eggs):
            continue
        want = Counter(deck.main) + Counter(deck.eggs)
        for card in sorted(have):
            if have[card] > want[card]:
                raise InvalidInputError(
                    f"$.players[{i}]",
                    f"holds {have[card]} {card} in all, their deck list {deck.name!r} has "
                    f"{want[card]} (card conservation: the cards in play are the deck lists)")


def state_from_json(d: Mapping[str, Any], game: Game) -> State:
    """Rebuild a :class:`State` from its JSON form (see :meth:`State.to_json`).

    :raises InvalidInputError: for a wrong ruleset, a missing or ill-typed field, an unknown
        card, phase or step, a step outside its phase (:func:`check_phase_step`), cards that
        are not the players' deck lists (:func:`check_conservation`), or a ``to_move`` that
        does not follow from the state.
    """
    from oracle.dcg.work import Work

    if not isinstance(d, Mapping):
        raise InvalidInputError("$", "expected an object")
    if d.get("ruleset") != "dcg":
        raise InvalidInputError("$.ruleset", f"expected 'dcg', found {d.get('ruleset')!r}")
    phase = _get(d, "phase", "$")
    if phase not in PHASES:
        raise InvalidInputError("$.phase", f"expected one of {PHASES}, found {phase!r}")
    step = _get(d, "step", "$")
    if step not in STEPS:
        raise InvalidInputError("$.step", f"expected one of {STEPS}, found {step!r}")
    resume = d.get("resume_step")
    if resume is not None and resume not in STEPS:
        raise InvalidInputError("$.resume_step", f"unknown step {resume!r}")
    check_phase_step(phase, step, resume)
    players = _get(d, "players", "$")
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidInputError("$.players", "expected two player objects")
    variants = d.get("variants", dict(game.variants))
    if not isinstance(variants, Mapping):
        raise InvalidInputError("$.variants", "expected an object")
    attack = d.get("attack")
    if attack is not None:
        if not isinstance(attack, Mapping):
            raise InvalidInputError("$.attack", "expected null or an attack object")
        target = _get(attack, "target", "$.attack")
        if target != "player":
            target = _int(target, "$.attack.target", 0)
        stage = attack.get("stage", "declared")
        if stage not in ATTACK_STAGES:
            raise InvalidInputError("$.attack.stage", f"expected one of {ATTACK_STAGES}")
        attack = Attack(_int(_get(attack, "player", "$.attack"), "$.attack.player", 0, 1),
                        _int(_get(attack, "attacker", "$.attack"), "$.attack.attacker", 0),
                        target, stage, _int(attack.get("checks", 0), "$.attack.checks", 0, 20))
    pend = _get(d, "pending", "$")
    delayed = d.get("delayed", [])
    if not isinstance(pend, list) or not isinstance(delayed, list):
        raise InvalidInputError("$.pending", "expected lists of pending effects")
    s = State(
        turn=_int(_get(d, "turn", "$"), "$.turn", 0),
        turn_player=_int(_get(d, "turn_player", "$"), "$.turn_player", 0, 1),
        first_player=_int(d.get("first_player"), "$.first_player", 0, 1, null=True),
        phase=phase,
        step=step,
        memory=_int(_get(d, "memory", "$"), "$.memory", -10, 10),
        to_move=None,
        chance=_chance(d.get("chance"), "$.chance", game),
        pending=tuple(_pending(p, f"$.pending[{i}]", game) for i, p in enumerate(pend)),
        delayed=tuple(_pending(p, f"$.delayed[{i}]", game) for i, p in enumerate(delayed)),
        attack=attack,
        resume_step=resume,
        winner=_int(d.get("winner"), "$.winner", 0, 1, null=True),
        reason=d.get("reason"),
        next_id=_int(d.get("next_id", 0), "$.next_id", 0),
        players=(_player(players[0], "$.players[0]", game),
                 _player(players[1], "$.players[1]", game)),
        variants=resolve_variants(variants),
        choice=_choice(d.get("choice"), game),
        lasting=tuple(_lasting(x, f"$.lasting[{i}]", game)
                      for i, x in enumerate(_list(d.get("lasting", []), "$.lasting"))),
        game=game,
    )
    check_conservation(s.players, game)
    if step in ("mulligan",) and s.first_player is None:
        raise InvalidInputError("$.first_player", "the mulligan needs a first player")
    ids = [st.id for pl in s.players for st in pl.battle_area]
    ids += [pl.breeding_area.id for pl in s.players if pl.breeding_area is not None]
    if len(ids) != len(set(ids)):
        raise InvalidInputError("$.players", "two stacks share an id")
    if ids and max(ids) > s.next_id:
        s = replace(s, next_id=max(ids))
    to_move = Work(s).to_move()
    if "to_move" in d and d["to_move"] != to_move:
        raise InvalidInputError("$.to_move", f"the state says {to_move!r} is to move")
    check_decision_point(s)
    return Work(s).freeze()


#: Steps of a running turn where the turn player decides with nothing pending.
_DECISION_STEPS = ("breeding", "main")


def _check_choice(s: State) -> None:
    """A loaded ``choice``: a block choice belongs to an attack at its block timing (CR4.2
    Blocking) and any choice has something to choose from.

    :raises InvalidInputError: at ``$.choice``.
    """
    from oracle.dcg.main_phase import choice_actions
    from oracle.dcg.work import View

    c = s.choice
    assert c is not None
    if c.kind == "block" and (s.attack is None or s.attack.stage != "blocking"
                              or c.player == s.attack.player):
        raise InvalidInputError("$.choice", "a block choice is the defender's, during an "
                                "attack at its block timing (CR4.2 Blocking)")
    if len(choice_actions(View(s), s.attack)) < (2 if c.kind == "targets" else 1):
        raise InvalidInputError("$.choice", "nothing to choose from: the effect or the "
                                "attack goes on by itself")


def check_decision_point(s: State) -> None:
    """A position of a running turn is one the game can stop at: something is due.

    The engine moves on by itself until a player must decide (DCG-6-1-3: a phase does not
    move on while anything remains to be resolved; with nothing left it does), so a loaded
    position must be such a point, else the oracle would answer from a position the rules
    never stand in:

    - a running game has no ``winner`` or ``reason`` yet (``$.winner``, ``$.reason``);
    - an attack in progress is the turn player's (DCG-6-5-1-5, ``$.attack.player``) and
      waits for something pending (an attack with nothing left to resolve has finished,
      DCG-6-1-3; ``$.attack``);
    - what is pending needs a decision: a pending effect that would resolve by itself
      (:func:`~oracle.dcg.effects.auto_index`: one candidate, or identical ones, or the
      "card-order" reading of DCG-AMB-3) leaves nobody able to act, since ``resolve`` is
      refused without a choice (DCG-6-1-3) and so is a pass (DCG-6-5-1); ``$.pending``.
      This covers an end of turn loaded at memory 0 with one effect pending;
    - with nothing pending and no chance due, the step is a Breeding-phase or Main-phase
      decision (``$.step``: e.g. ``start_of_turn`` or ``draw`` go on by themselves), and the
      turn-end condition does not hold (DCG-6-1-4-1: the turn would already be at end of
      turn; ``$.memory``).

    :raises InvalidInputError: at the path named above.
    """
    from oracle.dcg.effects import auto_index
    from oracle.dcg.turn import turn_end_condition
    from oracle.dcg.work import View, Work

    if s.phase in ("setup", "game_over"):
        return
    if s.winner is not None or s.reason is not None:
        raise InvalidInputError("$.winner" if s.winner is not None else "$.reason",
                                f"the game is still running (phase {s.phase!r}): no result yet")
    if s.choice is not None:  # (a decision inside an effect or an attack)
        _check_choice(s)
        return
    if s.attack is not None:
        if s.attack.player != s.turn_player:
            raise InvalidInputError("$.attack.player", "only the turn player attacks "
                                    "(DCG-6-5-1-5)")
        if not s.pending:
            raise InvalidInputError("$.attack", "an attack with nothing left to resolve has "
                                    "already finished (DCG-6-1-3)")
    if s.chance is None and s.pending and auto_index(View(s)) is not None:
        pend = s.pending[auto_index(View(s)) or 0]
        raise InvalidInputError(
            "$.pending", f"the pending {pend.card} effect resolves by itself, with no choice "
            "to make (DCG-6-1-3): nobody could act in this position; load the position where "
            "a player decides (two or more different effects pending, or none)")
    if s.chance is not None or s.pending or s.attack is not None:
        return
    if s.step not in _DECISION_STEPS:
        raise InvalidInputError("$.step", f"nothing is due at step {s.step!r} with nothing "
                                "pending: the game moves on by itself (DCG-6-1-3); load the "
                                "position where a player decides")
    if turn_end_condition(Work(s)):
        raise InvalidInputError("$.memory", f"memory {s.memory} meets the turn-end condition "
                                "with nothing to resolve (DCG-6-1-4-1): the turn is already "
                                "at its end")

"""Card effects: triggering, the pending list, resolution, continuous effects (DP, the
turn-end threshold) and the conditions of the shipped cards' texts.

The top card of a battle-area stack has its own effects; the cards under it (its digivolution
cards) add their inherited effects (CR4.2 Inherited effects; in the shipped cards these are
all continuous DP modifiers). Cards in the breeding area neither trigger nor apply nor are
affected (CR4.2 "Breeding area"). Triggered effects wait in ``pending`` and resolve one at a
time (CR4.2 "Triggered effects"); nothing else happens in a phase while something is pending
(DCG-6-1-3, DCG-6-5-1). An effect's "If ..." condition is read when it resolves; under
DCG-AMB-5 "trigger-condition" it is also read when the effect would trigger (an effect whose
condition is false then waits outside ``pending`` and joins it when a later resolution of the
same timing makes the condition true).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from oracle.dcg.cards import TARGETED, Effect
from oracle.dcg.memory import gain, lose, mine, set_mine
from oracle.dcg.model import Choice, Lasting, Pending, Stack
from oracle.dcg.work import Work, new_stack, without

__all__ = [
    "apply_targets",
    "auto_index",
    "choose_targets",
    "restricted",
    "target_options",
    "until_turn",
    "can_hatch",
    "can_move",
    "choice_indices",
    "condition_holds",
    "do_effect",
    "dp",
    "gate_holds",
    "opt_key",
    "recheck_waiting",
    "resolve_pending",
    "trigger",
    "trigger_stack",
    "turn_end_threshold",
]

_new = tuple.__new__  # (a NamedTuple of every field in order, without its __new__'s call)

TRIGGERED = "CR4.2 Triggered effects"
PENDING_PROCESSING = "CR4.2 Pending processing"
DELETION = "CR4.2 Deletion"
DURATIONS = "CR4.2 Effect durations"
#: DCG-AMB-5 "trigger-condition": the prefix of the ``once_per_turn_used`` keys of effects
#: that did not trigger because their "If ..." was false (``wait:<timing>:<source>:<card>:<i>``).
WAIT = "wait:"


def opt_key(source: int | None, card: str, effect: int) -> str:
    """CR4.2 "[Once Per Turn]": the key under which one card's effect counts as used."""
    return f"{source}:{card}:{effect}"


def trigger_stack(w: Work, player: int, stack: Stack, timing: str) -> None:
    """CR4.2 "Triggered effects": queue every ``timing`` effect of ``stack``'s top card.

    A [Once Per Turn] effect already used this turn does not trigger again.
    """
    card_id = stack.cards[-1]  # (the top card)
    inherited = w.tables.inherited_triggers[timing]
    if inherited and len(stack.cards) > 1 and not inherited.isdisjoint(stack.cards[:-1]):
        _trigger_inherited(w, player, stack, timing)
    if card_id not in w.tables.triggers[timing]:  # (no ``timing`` effect of its own)
        return
    for i, eff in enumerate(w.cards[card_id].effects):
        if eff.timing != timing or eff.inherited:
            continue
        if eff.once_per_turn and opt_key(stack.id, card_id, i) in w.players[player].opt_used:
            continue
        if (eff.condition is not None or eff.at_most is not None) \
                and w.variant("DCG-AMB-5") == "trigger-condition" \
                and not gate_holds(w, player, eff, stack):
            # DCG-AMB-5 "trigger-condition": the "If ..." is false, so it does not trigger
            # now; it waits for the rest of this timing (recheck_waiting).
            w.players[player].use(f"{WAIT}{timing}:{stack.id}:{card_id}:{i}")
            continue
        w.pending.append(_new(Pending, (player, card_id, i, stack.id, timing, False)))
        w.emit("triggered", TRIGGERED, player, (("card", card_id), ("source", stack.id),
               ("timing", timing)))


def _trigger_inherited(w: Work, player: int, stack: Stack, timing: str) -> None:
    """CR4.2 Inherited effects: the ``timing`` effects inherited from the digivolution cards
    of ``stack`` (bottom first) trigger as the top card's own do (ST2-03 Gabumon's [When
    Attacking], ST1-09 MetalGreymon's "when this Digimon is blocked")."""
    for card_id in stack.cards[:-1]:
        for i, eff in enumerate(w.cards[card_id].effects):
            if eff.timing != timing or not eff.inherited:
                continue
            if eff.once_per_turn \
                    and opt_key(stack.id, card_id, i) in w.players[player].opt_used:
                continue
            w.pending.append(_new(Pending, (player, card_id, i, stack.id, timing, False)))
            w.emit("triggered", TRIGGERED, player, (("card", card_id), ("source", stack.id),
                   ("timing", timing)))


def gate_holds(w: Any, player: int, eff: Effect, stack: Any) -> bool:
    """The whole "If ..." of a triggered effect ``eff`` of ``player``'s ``stack``: its
    condition (:func:`condition_holds`) and, for "if you have 2 or less memory, set it to 3",
    the memory gate (CR4.2 Memory: "X or less" includes 0 and the opponent's side)."""
    if not condition_holds(w, player, eff, stack):
        return False
    return eff.at_most is None or mine(w, player) <= eff.at_most


def _waiting(w: Work) -> list[tuple[int, str]]:
    """DCG-AMB-5: the (player, key) of every effect waiting for its "If ..." to come true."""
    out = []
    for player in (0, 1):
        used = w.players[player].opt_used
        if used:
            out.extend((player, k) for k in used if k.startswith(WAIT))  # (sorted)
    return out


def recheck_waiting(w: Work) -> None:
    """DCG-AMB-5 "trigger-condition": after an effect resolved, every effect of the same
    timing that did not trigger because its "If ..." was false triggers now if it has come
    true (its card still the top of the same stack); once nothing is pending the timing is
    over and the rest stop waiting (CR4.2 Triggered effects: a trigger fires when its
    condition is met)."""
    waiting = _waiting(w)
    if not waiting:
        return
    for player, key in waiting:
        timing, source, card_id, index = key[len(WAIT):].split(":")
        stack = w.players[player].find(int(source))
        eff = w.cards[card_id].effects[int(index)]
        if stack is None or stack.top != card_id:
            w.players[player].unuse(key)
        elif gate_holds(w, player, eff, stack):
            w.players[player].unuse(key)
            w.pending.append(_new(Pending, (player, card_id, int(index), stack.id, timing,
                                            False)))
            w.emit("triggered", TRIGGERED, player, (("card", card_id), ("source", stack.id),
                   ("timing", timing)))
    if not w.pending:
        for player, key in _waiting(w):
            w.players[player].unuse(key)


def trigger(w: Work, player: int, timing: str) -> None:
    """Queue the ``timing`` effects of all of ``player``'s battle-area cards, in the order
    the cards entered the battle area (the DCG-AMB-3 "card-order" reading uses this order).
    """
    triggering = w.tables.triggers[timing]  # (the cards with a ``timing`` effect)
    if not triggering:
        return
    for stack in w.players[player].battle:
        if stack.cards[-1] in triggering:  # (any other card triggers nothing)
            trigger_stack(w, player, stack, timing)
    if not w.pending and w.variant("DCG-AMB-5") == "trigger-condition":
        recheck_waiting(w)  # (nothing will resolve in this timing: nothing keeps waiting)


def _candidates(w: Work) -> list[int]:
    """The turn player's pending effects go first (CR4.2 "Triggered effects")."""
    tp = w.turn_player
    cands = [i for i, p in enumerate(w.pending) if p.player == tp]
    return cands or list(range(len(w.pending)))


def choice_indices(w: Work) -> list[int]:
    """DCG-AMB-3: the pending indices the turn player may pick from; empty when the next
    effect resolves without a decision (see :func:`auto_index`).
    """
    if not w.pending or auto_index(w) is not None:
        return []
    return _candidates(w)


def auto_index(w: Work) -> int | None:
    """DCG-AMB-3: the pending index that resolves next without a decision, or None when the
    turn player must choose.

    Under "turn-player-chooses" a decision is due only when two or more candidates differ
    (identical effects resolve the same in any order); under "card-order" never: the first
    candidate (oldest card first, delayed processing last) resolves.
    """
    cands = _candidates(w)
    if len(cands) < 2 or w.variant("DCG-AMB-3") == "card-order":
        return cands[0]
    first = w.pending[cands[0]]
    key = (first.card, first.effect, first.delayed)
    if all((w.pending[i].card, w.pending[i].effect, w.pending[i].delayed) == key
           for i in cands):
        return cands[0]
    return None


def _still_there(w: Work, p: Pending) -> bool:
    """CR4.2 "Triggered effects": a pending effect is lost if its card left or changed."""
    if p.source is None or p.delayed:
        return True
    stack = w.players[p.player].find(p.source)
    if stack is None:
        return False
    if w.cards[p.card].effects[p.effect].inherited:  # (still one of its digivolution cards)
        return p.card in stack.cards[:-1]
    return stack.cards[-1] == p.card  # (the top card)


def _sources(stack: Any) -> int:
    """CR4.2 Digivolution cards: how many cards lie under the top card of ``stack``."""
    return len(stack.cards) - 1


def _has_level_5_green(w: Any, player: int) -> bool:
    """DCG-6-5-1-6 (BT1-089's condition): ``player`` has a level 5 or higher green Digimon in
    the battle area."""
    return any(w.cards[s.top].is_digimon and (w.cards[s.top].level or 0) >= 5
               and "green" in w.cards[s.top].colors for s in w.players[player].battle)


def condition_holds(w: Any, player: int, eff: Effect, stack: Any = None,
                    against: int | None = None) -> bool:
    """CR4.2 Triggered effects / Continuous effects: the "If ..." / "While ..." condition of
    ``eff`` (one of :data:`oracle.dcg.cards.CONDITIONS`) for ``player``, whose ``stack``
    carries it (a triggered effect's condition is read as it resolves).

    ``against``: in a battle, how many digivolution cards the opponent's Digimon has (a
    Security Digimon has none); None outside a battle. CR4.2 "Breeding area": Digimon there
    are not counted.
    """
    c = eff.condition
    if c is None:
        return True
    if c == "self_4_sources":
        return stack is not None and _sources(stack) >= 4
    if c == "battling_digimon_without_sources":
        return against == 0
    if c == "opponent_has_digimon_without_sources":
        return any(s.cards[-1] in w.tables.digimon and _sources(s) == 0
                   for s in w.players[1 - player].battle)
    if c == "you_have_tamer":
        return any(w.cards[s.top].kind == "tamer" for s in w.players[player].battle)
    if c == "self_text_has_angoramon":
        top = w.cards[stack.top] if stack is not None else None
        return top is not None and any("Angoramon" in t for t in (
            top.name, top.text, top.inherited_text, top.security_text))
    if c == "you_have_level_5_green_digimon":
        return _has_level_5_green(w, player)
    raise AssertionError(c)  # pragma: no cover - the loader admits no other condition


def dp(w: Any, player: int, stack: Any, against: int | None = None) -> int:
    """CR4.2 DP: the DP of ``player``'s battle-area Digimon ``stack`` with every continuous
    DP modifier that applies now: the top card's own ``dp`` effects, the inherited ``dp``
    effects of the cards under it, and the ``your_digimon`` / ``your_black_digimon`` effects
    of ``player``'s other battle-area cards ([Your Turn] on ``player``'s turn, [Opponent's
    Turn] on the other's). ``against`` as in :func:`condition_holds`.
    """
    top = w.cards[stack.cards[-1]]  # (its top card: .top, without the property's call)
    total = top.dp or 0
    if w.lasting:  # CR4.2 Effect durations: "+3000 DP for the turn" (ST1-08, ST1-13)
        total += sum(x.value for x in w.lasting if x.kind == "dp" and x.stack == stack.id)
    dp_cards = w.tables.dp_cards  # (the cards with a dp effect: the only modifiers)
    battle = w.players[player].battle
    if dp_cards.isdisjoint(stack.cards) and dp_cards.isdisjoint([s.cards[-1] for s in battle]):
        return total
    timing = "your_turn" if player == w.turn_player else "opponents_turn"

    def counts(e: Effect, own: bool) -> bool:
        return (e.action == "dp" and e.timing == timing
                and condition_holds(w, player, e, stack, against)
                and (own or e.scope == "your_digimon"
                     or e.scope == "your_black_digimon" and "black" in top.colors))

    for e in top.effects:
        if not e.inherited and e.scope == "self" and counts(e, True):
            total += e.value
    for cid in stack.cards[:-1]:
        for e in w.cards[cid].effects:
            if e.inherited and counts(e, True):
                total += e.value
    for s in battle:
        for e in w.cards[s.cards[-1]].effects:
            if not e.inherited and e.scope != "self" and counts(e, False):
                total += e.value
    return total


def can_hatch(w: Any, player: int) -> bool:
    """CR4.2 Hatching: possible with an empty breeding area and a Digi-Egg deck card."""
    me = w.players[player]
    return me.breeding is None and bool(me.egg_deck)


def can_move(w: Any, player: int, min_level: int | None = None) -> bool:
    """CR4.2 Moving: the breeding area holds a Digimon with DP (BT1-089: of level
    ``min_level`` or higher)."""
    b = w.players[player].breeding
    if b is None or w.cards[b.top].dp is None:
        return False
    return min_level is None or (w.cards[b.top].level or 0) >= min_level


def _hatch(w: Work, player: int, clause: str) -> None:
    """CR4.2 Hatching: the top Digi-Egg deck card goes face up into the breeding area."""
    me = w.players[player]
    assert me.breeding is None  # (can_hatch; and the breeding area is read before it is set)
    card = me.egg_deck[0]
    me.egg_deck = me.egg_deck[1:]
    me.breeding = new_stack(w.new_id(), (card,), False, False)
    w.emit("hatched", clause, player, (("card", card), ("stack", me.breeding.id)))


def _move(w: Work, player: int, clause: str) -> None:
    """CR4.2 Moving: the breeding-area Digimon goes to the battle area, keeping its
    orientation; moving is not playing (QA912, QA959)."""
    me = w.players[player]
    stack = me.breeding
    assert stack is not None
    me.breeding = None
    me.battle += (stack,)
    w.emit("moved", clause, player, (("stack", stack.id), ("card", stack.top)))


def until_turn(w: Any, player: int, until: str) -> int:
    """CR4.2 Effect durations: the turn at whose end an effect of ``player`` made now ends:
    ``turn`` this one, ``opponents_next_turn`` / ``your_next_turn`` the next turn of
    ``player``'s opponent / of ``player`` (turns alternate, so the next turn or the one
    after)."""
    mine_now = player == w.turn_player
    if until == "turn":
        return int(w.turn)
    if until == "opponents_next_turn":
        return int(w.turn) + (1 if mine_now else 2)
    return int(w.turn) + (2 if mine_now else 1)


def _last(w: Work, player: int, kind: str, value: int, stack: int | None, until: int,
          card: str) -> None:
    w.lasting.append(Lasting(player, kind, value, stack, until, card))
    w.emit("lasting", DURATIONS, player, (("card", card), ("kind", kind), ("value", value),
           ("stack", stack), ("until", until)))


def restricted(w: Any, stack_id: int) -> bool:
    """CR4.2 Effect durations: stack ``stack_id`` "can't attack or block" now (ST2-14 Sorrow
    Blue)."""
    return any(x.kind == "no_attack_block" and x.stack == stack_id for x in w.lasting)


def _do(w: Work, player: int, action: str, value: int, eff: Effect | None, clause: str,
        stack: Any = None, card: str = "") -> None:
    """Carry out one effect action for ``player`` (``stack``: the stack the effect is on;
    ``card``: its card)."""
    if action == "unsuspend_self":  # ST2-11 MetalGarurumon: "Unsuspend this Digimon."
        if stack is not None and stack.suspended:
            w.players[player].restack(stack, stack.cards, False)
            w.emit("unsuspended", clause, player, (("stacks", (stack.id,)),))
        return
    if action in ("security_dp", "security_attack_all"):
        assert eff is not None and eff.until is not None
        until = until_turn(w, player, eff.until)
        if action == "security_dp":  # ST1-14: "All of your Security Digimon get +7000 DP"
            _last(w, player, "security_dp", value, None, until, card)
        else:  # ST1-13 [Security]: "All of your Digimon gain <Security Attack +1>": the
            # Digimon in the battle area as it resolves (a Digimon played later is not one
            # of those it gave the keyword to)
            for s in w.players[player].battle:
                if w.cards[s.cards[-1]].is_digimon:
                    _last(w, player, "security_attack", value, s.id, until, card)
        return
    if action == "hatch":  # BT1-089's activated [Main] (DCG-6-5-1-6), not a breeding action
        if can_hatch(w, player):
            _hatch(w, player, "DCG-6-5-1-6")
        return
    if action == "move":
        if can_move(w, player, 3):
            _move(w, player, "DCG-6-5-1-6")
        return
    if action == "gain_memory":
        gain(w, player, value, clause)
    elif action == "lose_memory":
        lose(w, player, value, clause)
    elif action == "set_memory_if_at_most":
        assert eff is not None and eff.at_most is not None
        # CR4.2 Memory: "X or less" includes 0 and every value on the opponent's side.
        if mine(w, player) <= eff.at_most:
            set_mine(w, player, value, clause)


def do_effect(w: Work, player: int, eff: Effect, clause: str, card: str = "") -> None:
    """Carry out ``eff``'s action for ``player`` at once (a [Security] effect, CR4.2 Security
    checks: it resolves immediately, before anything pending)."""
    _do(w, player, eff.action, eff.value, eff, clause, None, card)


# --------------------------------------------------------------------------- choosing targets


def _target_stacks(w: Any, player: int, eff: Effect) -> list[Any]:
    """The battle-area Digimon ``player``'s targeted effect ``eff`` may choose (CR4.2
    "Breeding area": never one there): ``target`` says whose; ``max_dp`` (DP now, every
    modifier counted), ``max_level`` and ``target_condition`` which. A Digimon without
    digivolution cards is not offered to ``trash_sources`` (trashing none of its cards
    changes nothing), nor one without a Digimon digivolution card to ``play_source``."""
    side = player if eff.target == "your_digimon" else 1 - player
    out = []
    for s in w.players[side].battle:
        card = w.cards[s.cards[-1]]
        if not card.is_digimon:
            continue
        if eff.max_level is not None and (card.level or 0) > eff.max_level:
            continue
        if eff.target_condition == "no_sources" and len(s.cards) > 1:
            continue
        if eff.action == "trash_sources" and len(s.cards) == 1:
            continue
        if eff.action == "play_source" \
                and not any(w.cards[c].is_digimon for c in s.cards[:-1]):
            continue
        if eff.max_dp is not None and dp(w, side, s) > eff.max_dp:
            continue
        out.append(s)
    return out


def target_options(w: Any, player: int, eff: Effect) -> list[tuple[tuple[int, ...], str | None]]:
    """CR4.2 Triggered effects / Using Option cards: every choice of targets open to
    ``player`` for the targeted effect ``eff``, sorted, as ``(stack ids, card)`` pairs
    (``card``: the digivolution card ST2-15 Kaiser Nail plays, else None). "Up to N": every
    set of 0..N; "N": every set of N (fewer if fewer can be chosen); none open: ``[]`` (the
    effect does nothing)."""
    stacks = _target_stacks(w, player, eff)
    if eff.action == "play_source":
        return [((s.id,), cid) for s in sorted(stacks, key=lambda s: s.id)
                for cid in sorted({c for c in s.cards[:-1] if w.cards[c].is_digimon})]
    ids = sorted(s.id for s in stacks)
    if eff.up_to:
        return [(c, None) for k in range(eff.count + 1) for c in combinations(ids, k)]
    k = min(eff.count, len(ids))
    return [(c, None) for c in combinations(ids, k)] if k else []


def apply_targets(w: Work, player: int, card_id: str, eff: Effect, targets: tuple[int, ...],
                  card: str | None, clause: str) -> None:
    """Carry out ``player``'s targeted effect ``eff`` (of ``card_id``) on ``targets``:
    ``dp_boost``/``no_attack_block`` last (CR4.2 Effect durations), ``delete`` (CR4.2
    Deletion: to the trash, all at once), ``bounce`` (the top card to its owner's hand, the
    digivolution cards to the trash), ``trash_sources`` (the bottom ``value`` digivolution
    cards, never the top card), ``play_source`` (the bottom-most copy of ``card`` leaves the
    stack and is played as a new Digimon without paying its cost; [On Play] triggers)."""
    side = player if eff.target == "your_digimon" else 1 - player
    owner = w.players[side]
    stacks = [owner.find(t) for t in targets]
    w.emit("chosen", clause, player, (("card", card_id), ("targets", tuple(targets))))
    if eff.action in ("dp_boost", "no_attack_block"):
        assert eff.until is not None
        until = until_turn(w, player, eff.until)
        kind = "dp" if eff.action == "dp_boost" else "no_attack_block"
        for t in targets:
            _last(w, player, kind, eff.value if kind == "dp" else 0, t, until, card_id)
        return
    if eff.action == "delete":
        for s in stacks:
            owner.battle = without(owner.battle, s)
            owner.trash += s.cards
        for s in stacks:
            w.emit("deleted", DELETION, side, (("stack", s.id), ("cards", tuple(s.cards))))
        return
    if eff.action == "bounce":
        for s in stacks:
            owner.battle = without(owner.battle, s)
            owner.hand += (s.top,)
            owner.trash += s.cards[:-1]
            w.emit("returned_to_hand", clause, side, (("stack", s.id), ("card", s.top),
                   ("trashed", tuple(s.cards[:-1]))))
        return
    if eff.action == "trash_sources":
        for s in stacks:
            n = min(eff.value, len(s.cards) - 1)
            gone = s.cards[:n]
            owner.restack(s, s.cards[n:], s.suspended)
            owner.trash += gone
            w.emit("sources_trashed", clause, side, (("stack", s.id), ("cards", gone)))
        return
    assert eff.action == "play_source" and card is not None and len(stacks) == 1
    s = stacks[0]
    owner.restack(s, without(s.cards, card), s.suspended)
    new = new_stack(w.new_id(), (card,), False, True)
    owner.battle += (new,)
    w.emit("played", clause, side, (("card", card), ("stack", new.id), ("cost", 0)))
    trigger_stack(w, side, new, "on_play")


def choose_targets(w: Work, player: int, targets: tuple[int, ...], card: str | None) -> None:
    """The ``choose`` of a ``targets`` choice: one of :func:`target_options`.

    :raises IllegalActionError: ``CR4.2 Triggered effects`` for targets that are not open.
    """
    from oracle.errors import IllegalActionError

    c = w.choice
    assert c is not None and c.kind == "targets" and c.card is not None and c.effect is not None
    eff = w.cards[c.card].effects[c.effect]
    if (targets, card) not in target_options(w, c.player, eff):
        raise IllegalActionError(TRIGGERED, f"{list(targets)} (card {card}) is not a choice "
                                 f"open to the effect of {c.card}")
    w.choice = None
    apply_targets(w, c.player, c.card, eff, targets, card, TRIGGERED)


def resolve_pending(w: Work, index: int) -> None:
    """CR4.2 "Triggered effects" / "Pending processing": resolve ``pending[index]``.

    A [Once Per Turn] effect is marked used as it resolves; an effect with an "at the end
    of the turn" part leaves that part in ``delayed`` (pending processing, which does not
    depend on the card staying on the field). Under DCG-AMB-5 "trigger-condition" the
    effects waiting for their "If ..." are looked at again afterwards (:func:`recheck_waiting`).
    """
    _resolve(w, index)
    if w.variant("DCG-AMB-5") == "trigger-condition":
        recheck_waiting(w)


def _resolve(w: Work, index: int) -> None:
    p = w.pending.pop(index)
    eff = w.cards[p.card].effects[p.effect]
    if p.delayed:
        assert eff.delayed is not None
        action, value = eff.delayed
        w.emit("resolved", PENDING_PROCESSING, p.player, (("card", p.card), ("action", action),
               ("value", value), ("delayed", True)))
        _do(w, p.player, action, value, None, PENDING_PROCESSING)
        return
    if not _still_there(w, p):
        w.emit("effect_lost", TRIGGERED, p.player, (("card", p.card), ("source", p.source)))
        return
    if eff.once_per_turn:
        key = opt_key(p.source, p.card, p.effect)
        me = w.players[p.player]
        if key in me.opt_used and p.timing != "main":
            w.emit("effect_lost", "CR4.2 Once Per Turn", p.player, (("card", p.card),
                   ("source", p.source)))
            return
        me.use(key)
    stack = w.players[p.player].find(p.source) if p.source is not None else None
    if eff.condition is not None and not condition_holds(w, p.player, eff, stack):
        w.emit("resolved", TRIGGERED, p.player, (("card", p.card), ("source", p.source),
               ("timing", p.timing), ("action", "none"), ("value", 0),
               ("condition", eff.condition)))
        return
    w.emit("resolved", TRIGGERED, p.player, (("card", p.card), ("source", p.source),
           ("timing", p.timing), ("action", eff.action), ("value", eff.value)))
    if eff.action in TARGETED:
        options = target_options(w, p.player, eff)
        if len(options) > 1:  # the controller chooses (the choice is the next decision)
            w.choice = Choice(p.player, "targets", p.card, p.effect, p.source, p.timing)
        elif options:
            apply_targets(w, p.player, p.card, eff, options[0][0], options[0][1], TRIGGERED)
        return
    _do(w, p.player, eff.action, eff.value, eff, TRIGGERED, stack, p.card)
    if eff.delayed is not None:
        w.delayed.append(Pending(p.player, p.card, p.effect, p.source, "end_of_turn", True))
        w.emit("delayed", PENDING_PROCESSING, p.player, (("card", p.card),
               ("action", eff.delayed[0]), ("value", eff.delayed[1])))


def turn_end_threshold(w: Work) -> int:
    """DCG-6-1-4-1 with a [Your Turn] threshold effect: how far onto the opponent's side
    memory must be for the turn-end condition (1 normally; QA2449: 3 under BT14-081-like
    cards). Only the turn player's battle-area cards count (QA2450).
    """
    thresholds = w.tables.thresholds  # (the cards whose own effects set one)
    if not thresholds:
        return 1
    threshold = 1
    for stack in w.players[w.turn_player].battle:
        value = thresholds.get(stack.cards[-1], 1)  # (the top card's)
        if value > threshold:
            threshold = value
    return threshold

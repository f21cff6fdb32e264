"""Card effects: triggering, the pending list, resolution, continuous effects.

Only the top card of a battle-area stack has effects here (no inherited effects in the
vocabulary), and cards in the breeding area neither trigger nor apply (CR4.2 "Breeding
area"). Triggered effects wait in ``pending`` and resolve one at a time (CR4.2 "Triggered
effects"); nothing else happens in a phase while something is pending (DCG-6-1-3, DCG-6-5-1).
"""

from __future__ import annotations

from oracle.dcg.cards import Effect
from oracle.dcg.memory import gain, lose, mine, set_mine
from oracle.dcg.model import Pending
from oracle.dcg.work import Work, WStack

__all__ = [
    "auto_index",
    "choice_indices",
    "opt_key",
    "resolve_pending",
    "trigger",
    "trigger_stack",
    "turn_end_threshold",
]

TRIGGERED = "CR4.2 Triggered effects"
PENDING_PROCESSING = "CR4.2 Pending processing"


def opt_key(source: int | None, card: str, effect: int) -> str:
    """CR4.2 "[Once Per Turn]": the key under which one card's effect counts as used."""
    return f"{source}:{card}:{effect}"


def trigger_stack(w: Work, player: int, stack: WStack, timing: str) -> None:
    """CR4.2 "Triggered effects": queue every ``timing`` effect of ``stack``'s top card.

    A [Once Per Turn] effect already used this turn does not trigger again.
    """
    card_id = stack.top
    for i, eff in enumerate(w.card(card_id).effects):
        if eff.timing != timing:
            continue
        if eff.once_per_turn and opt_key(stack.id, card_id, i) in w.players[player].opt_used:
            continue
        w.pending.append(Pending(player, card_id, i, stack.id, timing))
        w.emit("triggered", TRIGGERED, player, card=card_id, source=stack.id, timing=timing)


def trigger(w: Work, player: int, timing: str) -> None:
    """Queue the ``timing`` effects of all of ``player``'s battle-area cards, in the order
    the cards entered the battle area (the DCG-AMB-3 "card-order" reading uses this order).
    """
    for stack in w.players[player].battle:
        trigger_stack(w, player, stack, timing)


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
    return stack is not None and stack.top == p.card


def _do(w: Work, player: int, action: str, value: int, eff: Effect | None, clause: str) -> None:
    """Carry out one effect action for ``player``."""
    if action == "gain_memory":
        gain(w, player, value, clause)
    elif action == "lose_memory":
        lose(w, player, value, clause)
    elif action == "set_memory_if_at_most":
        assert eff is not None and eff.at_most is not None
        # CR4.2 Memory: "X or less" includes 0 and every value on the opponent's side.
        if mine(w, player) <= eff.at_most:
            set_mine(w, player, value, clause)


def resolve_pending(w: Work, index: int) -> None:
    """CR4.2 "Triggered effects" / "Pending processing": resolve ``pending[index]``.

    A [Once Per Turn] effect is marked used as it resolves; an effect with an "at the end
    of the turn" part leaves that part in ``delayed`` (pending processing, which does not
    depend on the card staying on the field).
    """
    p = w.pending.pop(index)
    eff = w.card(p.card).effects[p.effect]
    if p.delayed:
        assert eff.delayed is not None
        action, value = eff.delayed
        w.emit("resolved", PENDING_PROCESSING, p.player, card=p.card, action=action,
               value=value, delayed=True)
        _do(w, p.player, action, value, None, PENDING_PROCESSING)
        return
    if not _still_there(w, p):
        w.emit("effect_lost", TRIGGERED, p.player, card=p.card, source=p.source)
        return
    if eff.once_per_turn:
        key = opt_key(p.source, p.card, p.effect)
        used = w.players[p.player].opt_used
        if key in used and p.timing != "main":
            w.emit("effect_lost", "CR4.2 Once Per Turn", p.player, card=p.card,
                   source=p.source)
            return
        used.add(key)
    w.emit("resolved", TRIGGERED, p.player, card=p.card, source=p.source, timing=p.timing,
           action=eff.action, value=eff.value)
    _do(w, p.player, eff.action, eff.value, eff, TRIGGERED)
    if eff.delayed is not None:
        w.delayed.append(Pending(p.player, p.card, p.effect, p.source, "end_of_turn", True))
        w.emit("delayed", PENDING_PROCESSING, p.player, card=p.card, action=eff.delayed[0],
               value=eff.delayed[1])


def turn_end_threshold(w: Work) -> int:
    """DCG-6-1-4-1 with a [Your Turn] threshold effect: how far onto the opponent's side
    memory must be for the turn-end condition (1 normally; QA2449: 3 under BT14-081-like
    cards). Only the turn player's battle-area cards count (QA2450).
    """
    threshold = 1
    for stack in w.players[w.turn_player].battle:
        for eff in w.card(stack.top).effects:
            if eff.action == "turn_end_threshold" and eff.value > threshold:
                threshold = eff.value
    return threshold

"""DCG-6-5 Main phase: play, digivolve, use an Option, attack, activate [Main], pass; and the
attack's later timings (CR4.2 Attacking, Security checks, Battles).

Each action pays its cost first (CR4.2 Costs), then its effects go pending and resolve
before anything else; the turn-end check waits for that (DCG-6-1-3, DCG-6-1-4-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.dcg.cards import Card, CardTables
from oracle.dcg.effects import (
    can_hatch,
    can_move,
    choose_targets,
    condition_holds,
    do_effect,
    dp,
    opt_key,
    restricted,
    target_options,
    trigger_stack,
)
from oracle.dcg.memory import MEMORY_LIMIT, mine, pay, set_mine
from oracle.dcg.model import Action, Attack, Choice, Pending, Stack, State
from oracle.dcg.turn import game_over
from oracle.dcg.work import View, Work, new_stack, without
from oracle.errors import IllegalActionError

__all__ = ["choice_actions", "choose", "continue_attack", "main_action", "main_actions",
           "main_actions_of"]

_new = tuple.__new__  # (a NamedTuple of every field in order, without its __new__'s call)

ATTACKING = "CR4.2 Attacking"
SECURITY = "CR4.2 Security checks"
BATTLE = "CR4.2 Battles"
BLOCKING = "CR4.2 Blocking"


# --------------------------------------------------------------------------- legality


def _digivolve_cost(w: Work, card_id: str, stack: Stack) -> int | None:
    """CR4.2 Digivolving: the cheapest cost of ``card_id`` onto ``stack`` (level N-1 of a
    matching colour), or None if it cannot digivolve onto it.
    """
    top = w.cards[stack.cards[-1]]
    best = None
    for cond in w.cards[card_id].digivolve:
        if top.level == cond.level and cond.color in top.colors:
            if best is None or cond.cost < best:
                best = cond.cost
    return best


def _option_colour_ok(w: Work, player: int, colors: tuple[str, ...]) -> bool:
    """CR4.2 Using Option cards: you need a Digimon or Tamer of (each of) the Option's
    colour(s) in your battle area or breeding area.
    """
    me = w.players[player]
    tops = [s.top for s in me.battle]
    if me.breeding is not None:
        tops.append(me.breeding.top)
    have = {c for t in tops for c in w.cards[t].colors}
    return all(c in have for c in colors)


def _can_activate(w: Work, player: int, stack: Stack, index: int) -> bool:
    """DCG-6-5-1-6: effect ``index`` of ``stack``'s top card is a [Main] that can be activated
    now: not a used [Once Per Turn], its cost payable (``suspend_self``: the card is
    unsuspended), its condition met and (BT1-089) its hatch or move possible.
    """
    eff = w.cards[stack.top].effects[index]
    if eff.timing != "main" or eff.inherited:
        return False
    if eff.once_per_turn and opt_key(stack.id, stack.top, index) in w.players[player].opt_used:
        return False
    if eff.cost == "suspend_self" and stack.suspended:
        return False
    if not condition_holds(w, player, eff, stack):
        return False
    if eff.action == "hatch":
        return can_hatch(w, player)
    if eff.action == "move":
        return can_move(w, player, 3)
    return True


def main_actions(w: Work) -> list[Action]:
    """DCG-6-5-1: every main-phase action open to the turn player now (nothing pending),
    in the canonical order (:meth:`~oracle.dcg.model.Action.sort_key`); see
    :func:`_main_actions`."""
    tp = w.turn_player
    me = w.players[tp]
    return _main_actions(w, w.cards, tp, w.memory + MEMORY_LIMIT, w.tables,
                         me.hand, me.battle, me.breeding, w.players[1 - tp].battle)


def main_actions_of(state: State) -> list[Action]:
    """:func:`main_actions` of a frozen state (``legal_actions`` in the Main phase)."""
    tp = state.turn_player
    me, opp = state.players if tp == 0 else state.players[::-1]
    cards = state.game.cards
    return _main_actions(state, cards.cards, tp, state.memory + MEMORY_LIMIT, cards.tables,
                         me.hand, me.battle_area, me.breeding_area, opp.battle_area)


#: The legal actions made so far, per kind and player (immutable values, built once: the
#: legal actions of a position are mostly those of the last one). Bounded by _ACTIONS_LIMIT
#: (stack ids grow within a game).
_PASS = (Action("pass", 0), Action("pass", 1))
_PLAYS: tuple[dict[str, Action], dict[str, Action]] = ({}, {})
_OPTIONS: tuple[dict[str, Action], dict[str, Action]] = ({}, {})
_DIGIVOLVES: tuple[dict[tuple[str, int], Action], dict[tuple[str, int], Action]] = ({}, {})
_ATTACKS: tuple[dict[tuple[int | str, int], Action], dict[tuple[int | str, int], Action]] = (
    {}, {})
_ACTIVATES: tuple[dict[tuple[int, int], Action], dict[tuple[int, int], Action]] = ({}, {})
_ACTIONS_LIMIT = 1 << 14
#: Per player, the last hand :func:`_main_actions` read, with the budget and card tables it
#: was read under, and what it found there: the Digimon and Tamers that can be played
#: (DCG-6-5-1-1, CR4.2 Costs) and the Options whose cost can be paid, each with its colours
#: (checked against the tops at every call, CR4.2 Using Option cards). The same hand
#: object (a tuple: a rule that changes the hand replaces it) with the same budget gives
#: the same answer, so the next call with them takes it instead of going through the hand
#: again (a third of the calls in random games: after an attack, say).
_HAND: list[tuple[Any, ...]] = [(None, None, None, [], []), (None, None, None, [], [])]


def _remember(cache: dict[Any, Action], key: Any, action: Action) -> Action:
    if len(cache) >= _ACTIONS_LIMIT:
        cache.clear()
    cache[key] = action
    return action


def _main_actions(w: Any, cards: Mapping[str, Card], tp: int, budget: int,
                  tables: CardTables, hand: Sequence[str], battle: Sequence[Any],
                  breeding: Any, opp_battle: Sequence[Any]) -> list[Action]:
    """DCG-6-5-1: the turn player ``tp``'s main-phase actions, sorted as by
    :meth:`~oracle.dcg.model.Action.sort_key` (built in that order: activate, attack,
    digivolve, pass, play, use_option; within each by card, then target as a string, then
    attacker, source and effect). ``budget`` is memory + 10 (CR4.2 Costs: a cost is
    payable when 0 <= cost <= budget); the stacks are frozen or working ones; ``w`` (a
    state or a working copy) is read only for a [Main] effect's condition.

    DCG-6-5-1-1 play a Digimon or Tamer / use an Option (CR4.2 Costs: payable, CR4.2 Using
    Option cards: its colours present), DCG-6-5-1-2 digivolve (CR4.2 Digivolving: level N-1
    of a matching colour, the cheapest condition: :class:`~oracle.dcg.cards.CardTables`),
    DCG-6-5-1-5 attack the player or a suspended Digimon, DCG-6-5-1-6 activate a [Main]
    effect, DCG-6-5-1-7 pass.
    """
    in_hand = set(hand)
    last = _HAND[tp]
    if last[0] is hand and last[1] == budget and last[2] is tables:
        plays, in_options = last[3], last[4]  # (the very hand and budget of the last call)
    else:
        plays = []
        in_options = []
        play_costs, option_costs = tables.play_costs, tables.options
        play_made = _PLAYS[tp]
        for cid in sorted(in_hand):
            cost = play_costs.get(cid)
            if cost is not None:  # (a Digimon or Tamer)
                if 0 <= cost <= budget:
                    a = play_made.get(cid)
                    plays.append(a or _remember(play_made, cid, Action("play", tp, cid)))
                continue
            option = option_costs.get(cid)
            if option is not None:
                cost, colors = option
                if 0 <= cost <= budget:  # (its colours: checked below, at every call)
                    in_options.append((cid, colors))
        _HAND[tp] = (hand, budget, tables, plays, in_options)
    options: list[Action] = []
    if in_options:  # (_option_colour_ok, for every Option in hand at once)
        have = {c for s in battle for c in cards[s.cards[-1]].colors}
        if breeding is not None:
            have.update(cards[breeding.cards[-1]].colors)
        for cid, colors in in_options:
            if all(c in have for c in colors):
                made = _OPTIONS[tp]
                a = made.get(cid)
                options.append(a or _remember(made, cid, Action("use_option", tp, cid)))
    digivolves: list[tuple[str, str, int]] = []  # (card, str(target), target)
    digivolve_onto = tables.digivolve_onto
    out: list[Action] = []
    attackers = []
    digimon = tables.digimon
    main_effects = tables.main_effects
    view = None
    lasting = w.lasting  # (ST2-14 Sorrow Blue: "can't attack or block")
    for s in battle:
        top_id = s.cards[-1]
        onto = digivolve_onto.get(top_id)  # (DCG-6-5-1-2, onto each stack and the breeding one)
        if onto:
            for cid in in_hand.intersection(onto):
                if 0 <= onto[cid] <= budget:
                    digivolves.append((cid, str(s.id), s.id))
        if not s.suspended and not s.played_this_turn and top_id in digimon \
                and not (lasting and restricted(w, s.id)):
            # DCG-6-5-1-5: an unsuspended Digimon not played this turn (a moved one may attack)
            attackers.append(s.id)
        mains = main_effects[top_id]
        if mains:
            if view is None:
                view = w if isinstance(w, Work) else View(w)
            activate_made = _ACTIVATES[tp]
            for i in mains:
                if _can_activate(view, tp, s, i):
                    a = activate_made.get((s.id, i))
                    out.append(a or _remember(activate_made, (s.id, i), Action(
                        "activate", tp, source=s.id, effect=i)))
    if breeding is not None:
        onto = digivolve_onto.get(breeding.cards[-1])
        if onto:
            sid = breeding.id
            for cid in in_hand.intersection(onto):
                if 0 <= onto[cid] <= budget:
                    digivolves.append((cid, str(sid), sid))
    if len(out) > 1:
        out.sort(key=_activate_order)
    if attackers:
        targets: list[int | str] = ["player"]
        for s in opp_battle:
            if s.suspended and s.cards[-1] in digimon:
                targets.append(s.id)
        if len(targets) > 1:
            targets.sort(key=str)
        if len(attackers) > 1:
            attackers.sort()
        attack_made = _ATTACKS[tp]
        for t in targets:
            for sid in attackers:
                a = attack_made.get((t, sid))
                out.append(a or _remember(attack_made, (t, sid), Action(
                    "attack", tp, target=t, attacker=sid)))
    if digivolves:
        if len(digivolves) > 1:
            digivolves.sort()
        digi_made = _DIGIVOLVES[tp]
        for cid, _, sid in digivolves:
            a = digi_made.get((cid, sid))
            out.append(a or _remember(digi_made, (cid, sid), Action("digivolve", tp, cid, sid)))
    out.append(_PASS[tp])
    out.extend(plays)
    out.extend(options)
    return out


def _activate_order(a: Action) -> tuple[Any, ...]:
    return (a.source, a.effect)


# --------------------------------------------------------------------------- the actions


def _take_from_hand(w: Work, player: int, card_id: str | None, clause: str) -> str:
    me = w.players[player]
    if card_id is None or card_id not in me.hand:
        raise IllegalActionError(clause, f"{card_id} is not in your hand")
    return card_id


def play(w: Work, a: Action) -> None:
    """DCG-6-5-1-1: pay the play cost and put a Digimon or Tamer from hand into the battle
    area; its [On Play] effects trigger.

    :raises IllegalActionError: ``DCG-6-5-1-1`` if the card is not in hand, not a Digimon
        or Tamer, or its cost is more than memory + 10 (it cannot be declared).
    """
    tp = w.turn_player
    cid = _take_from_hand(w, tp, a.card, "DCG-6-5-1-1")
    card = w.cards[cid]
    if card.kind not in ("digimon", "tamer"):
        raise IllegalActionError("DCG-6-5-1-1", f"{cid} is a {card.kind}, not a Digimon/Tamer")
    pay(w, tp, card.play_cost or 0, "DCG-6-5-1-1")
    me = w.players[tp]
    me.hand = without(me.hand, cid)
    stack = new_stack(w.new_id(), (cid,), False, True)
    me.battle += (stack,)
    w.emit("played", "DCG-6-5-1-1", tp, (("card", cid), ("stack", stack.id),
           ("cost", card.play_cost)))
    trigger_stack(w, tp, stack, "on_play")


def digivolve(w: Work, a: Action) -> None:
    """DCG-6-5-1-2: pay the digivolve cost and put a Digimon from hand on one of your cards
    (battle or breeding area) of level N-1 and a matching colour; then draw 1 (CR4.2
    Digivolving: the digivolve bonus; no card and no loss if the deck is empty); then its
    [When Digivolving] effects trigger, in the battle area only (CR4.2 "Breeding area").

    :raises IllegalActionError: ``DCG-6-5-1-2`` for a card not in hand or not a Digimon (a
        Tamer printing digivolve conditions included), a stack that is not yours,
        requirements not met or a cost that cannot be paid.
    """
    tp = w.turn_player
    cid = _take_from_hand(w, tp, a.card, "DCG-6-5-1-2")
    if w.cards[cid].kind != "digimon":  # (main_actions offers Digimon cards only)
        raise IllegalActionError("DCG-6-5-1-2", f"{cid} is a {w.cards[cid].kind}: only a "
                                 "Digimon card digivolves, whatever conditions it prints")
    me = w.players[tp]
    stack = me.find(a.target) if isinstance(a.target, int) else None
    if stack is None and me.breeding is not None and me.breeding.id == a.target:
        stack = me.breeding
    if stack is None:
        raise IllegalActionError("DCG-6-5-1-2", f"no stack {a.target} of yours to digivolve")
    cost = _digivolve_cost(w, cid, stack)
    if cost is None:
        raise IllegalActionError("DCG-6-5-1-2", f"{cid} cannot digivolve from {stack.top}")
    pay(w, tp, cost, "DCG-6-5-1-2")
    me.hand = without(me.hand, cid)
    stack = me.restack(stack, stack.cards + (cid,), stack.suspended)  # (CR4.2 Digivolving)
    w.emit("digivolved", "DCG-6-5-1-2", tp, (("card", cid), ("stack", stack.id), ("cost", cost)))
    if me.deck:
        drawn = me.deck[0]
        me.deck = me.deck[1:]
        me.hand += (drawn,)
        w.emit("drew", "CR4.2 Digivolving", tp, (("card", drawn),))
    if stack is not me.breeding:  # (CR4.2 "Breeding area": nothing there triggers)
        trigger_stack(w, tp, stack, "when_digivolving")  # [When Digivolving] (ST1-08, ST2-09)


def use_option(w: Work, a: Action) -> None:
    """DCG-6-5-1-3: pay the cost and use an Option from hand; its [Main] effect resolves
    with no interruption, then the card is trashed (CR4.2 Using Option cards).

    :raises IllegalActionError: ``DCG-6-5-1-3`` for a card not in hand, not an Option,
        without a Digimon/Tamer of its colour, or a cost that cannot be paid.
    """
    tp = w.turn_player
    cid = _take_from_hand(w, tp, a.card, "DCG-6-5-1-3")
    card = w.cards[cid]
    if card.kind != "option":
        raise IllegalActionError("DCG-6-5-1-3", f"{cid} is not an Option card")
    if not _option_colour_ok(w, tp, card.colors):
        raise IllegalActionError("DCG-6-5-1-3",
                                 f"no {'/'.join(card.colors)} Digimon or Tamer of yours")
    pay(w, tp, card.play_cost or 0, "DCG-6-5-1-3")
    me = w.players[tp]
    me.hand = without(me.hand, cid)
    me.trash += (cid,)
    w.emit("option_used", "DCG-6-5-1-3", tp, (("card", cid), ("cost", card.play_cost)))
    for i, eff in enumerate(card.effects):
        if eff.timing == "main":
            w.pending.append(Pending(tp, cid, i, None, "main"))


def activate(w: Work, a: Action) -> None:
    """DCG-6-5-1-6: activate one [Main] effect of one of your battle-area cards: pay its
    cost (BT1-089: suspend the card), then the effect resolves.

    :raises IllegalActionError: ``DCG-6-5-1-6`` if there is no such effect, a
        [Once Per Turn] effect was already used this turn, or the effect cannot be activated
        now (its card is suspended, its condition is not met, nothing to hatch or move).
    """
    tp = w.turn_player
    me = w.players[tp]
    stack = me.find(a.source) if a.source is not None else None
    if stack is None:
        raise IllegalActionError("DCG-6-5-1-6", f"no card {a.source} in your battle area")
    effects = w.cards[stack.top].effects
    index = a.effect
    if index is None:
        index = next((i for i, e in enumerate(effects) if e.timing == "main"), -1)
    if not 0 <= index < len(effects) or effects[index].timing != "main" \
            or effects[index].inherited:
        raise IllegalActionError("DCG-6-5-1-6", f"{stack.top} has no [Main] effect {index}")
    key = opt_key(stack.id, stack.top, index)
    if effects[index].once_per_turn and key in me.opt_used:
        raise IllegalActionError("DCG-6-5-1-6", "[Once Per Turn] effect already used")
    if not _can_activate(w, tp, stack, index):
        raise IllegalActionError("DCG-6-5-1-6",
                                 f"the [Main] effect {index} of {stack.top} cannot be "
                                 "activated now (cost, condition or nothing to do)")
    if effects[index].once_per_turn:
        me.use(key)
    if effects[index].cost == "suspend_self":
        stack = me.restack(stack, stack.cards, True)
    w.emit("activated", "DCG-6-5-1-6", tp, (("card", stack.top), ("source", stack.id),
           ("effect", index)))
    w.pending.append(Pending(tp, stack.top, index, stack.id, "main"))


def attack(w: Work, a: Action) -> None:
    """DCG-6-5-1-5: attack with a Digimon in your battle area: suspend it, [When Attacking]
    effects trigger; the rest of the attack (:func:`continue_attack`) follows once they
    are resolved. Target: the opponent, or a suspended opponent's Digimon.

    :raises IllegalActionError: ``DCG-6-5-1-5`` for a suspended Digimon, one played this
        turn (one moved from the breeding area may attack), a non-Digimon, or a target that
        is not a suspended opponent's Digimon.
    """
    tp = w.turn_player
    me = w.players[tp]
    stack = me.find(a.attacker) if a.attacker is not None else None
    if stack is None or stack.cards[-1] not in w.tables.digimon:
        raise IllegalActionError("DCG-6-5-1-5", f"no Digimon {a.attacker} in your battle area")
    if stack.suspended:
        raise IllegalActionError("DCG-6-5-1-5", "a suspended Digimon cannot attack")
    if stack.played_this_turn:
        raise IllegalActionError("DCG-6-5-1-5", "a Digimon played this turn cannot attack")
    if w.lasting and restricted(w, stack.id):
        raise IllegalActionError("DCG-6-5-1-5", "this Digimon can't attack (an effect with a "
                                 "duration, CR4.2 Effect durations)")
    target = a.target
    if target != "player":
        victim = w.players[1 - tp].find(target) if isinstance(target, int) else None
        if victim is None or victim.cards[-1] not in w.tables.digimon:
            raise IllegalActionError("DCG-6-5-1-5", f"no opponent's Digimon {target}")
        if not victim.suspended:
            raise IllegalActionError("DCG-6-5-1-5", "only a suspended Digimon can be attacked")
    assert target is not None
    stack = me.restack(stack, stack.cards, True)
    w.attack = _new(Attack, (tp, stack.id, target, "declared", 0))
    w.emit("attack_declared", "DCG-6-5-1-5", tp, (("attacker", stack.id), ("target", target)))
    trigger_stack(w, tp, stack, "when_attacking")


def _delete(w: Work, player: int, stack: Stack, clause: str) -> None:
    """CR4.2 Deletion: the stack (the one in the battle area now) goes to its owner's
    trash."""
    owner = w.players[player]
    owner.battle = without(owner.battle, stack)
    owner.trash += stack.cards
    w.emit("deleted", clause, player, (("stack", stack.id), ("cards", tuple(stack.cards))))


def blockers(w: Any, defender: int, atk: Attack) -> list[int]:
    """CR4.2 Blocking: the defender's unsuspended battle-area Digimon with <Blocker> of their
    own (ST1-06 Coredramon, ST2-07 Grizzlymon) that may block ``atk`` (not its target, not
    one that "can't block", ST2-14), by stack id."""
    cards_with = w.tables.blockers
    if not cards_with:
        return []
    return sorted(s.id for s in w.players[defender].battle
                  if s.cards[-1] in cards_with and not s.suspended and s.id != atk.target
                  and not restricted(w, s.id))


def security_checks(w: Work, player: int, stack: Stack) -> int:
    """CR4.2 Security checks / <Security Attack +n>: how many security cards ``player``'s
    attacking ``stack`` checks: 1, plus the top card's own <Security Attack> (ST1-11
    WarGreymon: once for every ``per_sources`` digivolution cards), the inherited ones of the
    cards under it (ST1-07 Greymon; ST2-08 WereGarurumon while its condition holds) and the
    lasting ones given to it (ST1-13 Shadow Wing's [Security])."""
    n = 1
    sa = w.tables.security_attack_cards
    if sa and not sa.isdisjoint(stack.cards):
        sources = len(stack.cards) - 1
        for cid in stack.cards:
            own = cid == stack.cards[-1]
            for e in w.cards[cid].effects:
                if e.action != "security_attack" or e.inherited == own \
                        or not condition_holds(w, player, e, stack):
                    continue
                n += e.value * (sources // e.per_sources if e.per_sources else 1)
    if w.lasting:
        n += sum(x.value for x in w.lasting
                 if x.kind == "security_attack" and x.stack == stack.id)
    return n


def _security_dp(w: Work, owner: int, card: Card) -> int:
    """CR4.2 Security checks: a Security Digimon's DP: its printed DP plus the lasting
    "+X DP to all of your Security Digimon" of its owner (ST1-14 Starlight Explosion)."""
    total = card.dp or 0
    if w.lasting:
        total += sum(x.value for x in w.lasting
                     if x.kind == "security_dp" and x.player == owner)
    return total


def _check_one(w: Work, p: int, attacker: Stack) -> None:
    """CR4.2 Security checks, one card: the top security card is revealed; its [Security]
    effects activate at once, before anything pending, for its owner: the simple ones resolve
    here, a targeted one or "Activate this card's [Main] effect" (ST1-15/16, ST2-14/15/16)
    goes first among the pending effects and is resolved (its choice made) before the next
    check; a Digimon battles (the attacker is deleted if its DP is not higher; a Security
    Digimon is never deleted) and the card goes to the trash ("play this card" puts it into
    its owner's battle area instead)."""
    opp = w.players[1 - p]
    card_id = opp.security[0]
    opp.security = opp.security[1:]
    card = w.cards[card_id]
    w.emit("security_check", SECURITY, p, (("card", card_id),))
    played = False
    queued = []
    for i, eff in enumerate(card.effects):
        if eff.timing != "security":
            continue
        if eff.action == "activate_main":
            queued.extend(j for j, e in enumerate(card.effects) if e.timing == "main")
            continue
        if eff.target is not None:
            queued.append(i)
            continue
        w.emit("resolved", SECURITY, 1 - p, (("card", card_id), ("source", None),
               ("timing", "security"), ("action", eff.action),
               ("value", eff.value)))
        if eff.action == "play_self":
            stack = new_stack(w.new_id(), (card_id,), False, True)
            opp.battle += (stack,)
            w.emit("played", SECURITY, 1 - p, (("card", card_id), ("stack", stack.id),
                   ("cost", 0)))
            played = True
        else:
            do_effect(w, 1 - p, eff, SECURITY, card_id)
    if queued:  # (first among the pending effects, in the card's order)
        w.pending[0:0] = [Pending(1 - p, card_id, j, None, "security") for j in queued]
        for _ in queued:
            w.emit("triggered", "CR4.2 Triggered effects", 1 - p, (("card", card_id),
                   ("source", None), ("timing", "security")))
    if card.kind == "digimon":
        a_dp = dp(w, p, attacker, 0)
        s_dp = _security_dp(w, 1 - p, card)
        w.emit("battle", BATTLE, p, (("attacker_dp", a_dp), ("defender_dp", s_dp),
               ("security", True)))
        if a_dp <= s_dp:
            _delete(w, p, attacker, BATTLE)
    if not played:
        opp.trash += (card_id,)


def continue_attack(w: Work) -> None:
    """CR4.2 Attacking, after the [When Attacking] effects (and after each later timing):
    if the attacker left, the attack fails. The block timing (CR4.2 Blocking): if the
    defender has a <Blocker> that may block, they choose whether and with which (``choice``
    ``block``); a blocker is suspended and becomes the target, and "when this Digimon is
    blocked" effects trigger (ST1-09). Then: against a player with no security cards the
    attacker wins (CR4.2 Victory conditions); otherwise the security checks
    (:func:`security_checks` of them, one card at a time by :func:`_check_one`, stopping if
    the attacker is deleted or the security runs out). Against a Digimon: a battle, the lower
    DP is deleted, both on a tie. DP includes every continuous modifier
    (:func:`~oracle.dcg.effects.dp`). The attack goes on to its end even if memory has
    crossed (DCG-6-1-3).
    """
    atk = w.attack
    assert atk is not None
    p = atk.player
    me = w.players[p]
    opp = w.players[1 - p]
    attacker = me.find(atk.attacker)
    if attacker is None:
        w.attack = None
        w.emit("attack_ended", ATTACKING, p, (("result", "attacker_gone"),))
        return
    if atk.stage == "declared" and blockers(w, 1 - p, atk):
        w.attack = _new(Attack, (p, atk.attacker, atk.target, "blocking", atk.checks))
        w.choice = Choice(1 - p, "block")
        return
    if atk.stage != "checking":
        if atk.target == "player":
            if not opp.security:
                w.attack = None
                game_over(w, p, "direct_attack", "CR4.2 Victory conditions")
                return
            atk = _new(Attack, (p, atk.attacker, atk.target, "checking",
                                security_checks(w, p, attacker)))
        else:
            w.attack = None
            assert isinstance(atk.target, int)
            victim = opp.find(atk.target)
            if victim is None:
                w.emit("attack_ended", ATTACKING, p, (("result", "target_gone"),))
                return
            a_dp = dp(w, p, attacker, len(victim.cards) - 1)
            d_dp = dp(w, 1 - p, victim, len(attacker.cards) - 1)
            w.emit("battle", BATTLE, p, (("attacker_dp", a_dp), ("defender_dp", d_dp),
                   ("security", False)))
            if a_dp <= d_dp:
                _delete(w, p, attacker, BATTLE)
            if d_dp <= a_dp:
                _delete(w, 1 - p, victim, BATTLE)
            w.emit("attack_ended", ATTACKING, p, (("result", "done"),))
            return
    while atk.checks > 0 and opp.security:
        atk = _new(Attack, (p, atk.attacker, atk.target, atk.stage, atk.checks - 1))
        w.attack = atk
        _check_one(w, p, attacker)
        if w.pending or w.phase == "game_over":
            return  # (the [Security] effects first; the attack goes on afterwards)
        attacker = me.find(atk.attacker)  # (the stack as it is now)
        if attacker is None:
            break
    w.attack = None
    w.emit("attack_ended", ATTACKING, p, (("result", "done"),))


def choice_actions(w: Any, attack: Attack | None) -> list[Action]:
    """The ``choose`` actions of the choice due (``w.choice``), sorted: for ``targets`` every
    :func:`~oracle.dcg.effects.target_options`; for ``block`` not blocking (no targets) and
    each blocker (CR4.2 Blocking)."""
    c = w.choice
    assert c is not None
    if c.kind == "block":
        assert attack is not None
        return [Action("choose", c.player, targets=()),
                *(Action("choose", c.player, targets=(b,)) for b in blockers(w, c.player, attack))]
    eff = w.cards[c.card].effects[c.effect]
    return sorted((Action("choose", c.player, card=card, targets=t)
                   for t, card in target_options(w, c.player, eff)), key=Action.sort_key)


def choose(w: Work, a: Action) -> None:
    """Answer the choice due: a ``targets`` choice (:func:`~oracle.dcg.effects.choose_targets`)
    or the block timing (CR4.2 Blocking): ``targets`` empty, no block; ``[id]``, that
    <Blocker> is suspended, the attack's target becomes it and the attacker's "when this
    Digimon is blocked" effects trigger.

    :raises IllegalActionError: ``CR4.2 Triggered effects`` / ``CR4.2 Blocking`` for a
        choice that is not open.
    """
    c = w.choice
    assert c is not None
    targets = a.targets or ()
    if c.kind == "targets":
        choose_targets(w, c.player, targets, a.card)
        return
    atk = w.attack
    assert atk is not None
    if a.card is not None or len(targets) > 1 \
            or (targets and targets[0] not in blockers(w, c.player, atk)):
        raise IllegalActionError(BLOCKING, f"{list(targets)} is not a <Blocker> that can block")
    w.choice = None
    if not targets:
        w.emit("block_declined", BLOCKING, c.player)
        w.attack = _new(Attack, (atk.player, atk.attacker, atk.target, "blocked", atk.checks))
        return
    them = w.players[c.player]
    blocker = them.find(targets[0])
    assert blocker is not None
    blocker = them.restack(blocker, blocker.cards, True)
    w.emit("blocked", BLOCKING, c.player, (("blocker", blocker.id), ("attacker", atk.attacker)))
    w.attack = _new(Attack, (atk.player, atk.attacker, blocker.id, "blocked", atk.checks))
    attacker = w.players[atk.player].find(atk.attacker)
    if attacker is not None:
        trigger_stack(w, atk.player, attacker, "when_blocked")


def pass_turn(w: Work, a: Action) -> None:
    """DCG-6-5-1-7: declare a pass; memory immediately becomes 3 on the opponent's side,
    wherever it was (DCG-AMB-2 "never-lower": unless it is already further over).
    """
    tp = w.turn_player
    w.emit("passed", "DCG-6-5-1-7", tp, (("memory", w.memory),))
    if w.variant("DCG-AMB-2") == "never-lower" and mine(w, tp) < -3:
        return
    set_mine(w, tp, -3, "DCG-6-5-1-7")


_HANDLERS = {
    "play": play,
    "digivolve": digivolve,
    "use_option": use_option,
    "attack": attack,
    "activate": activate,
    "pass": pass_turn,
}


def main_action(w: Work, a: Action) -> None:
    """Dispatch a DCG-6-5-1 main-phase action."""
    _HANDLERS[a.type](w, a)

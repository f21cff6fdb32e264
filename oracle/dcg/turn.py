"""DCG chapter 6 turn flow: 6-1 (turn, phases, turn-end condition), 6-2 (unsuspend phase),
6-3 (draw phase), 6-4 (breeding phase), the start of the main phase, and 6-6 (end of turn).

Each function takes the mutable working state and moves it one step; the engine's
``advance`` loop calls them in order until a player (or chance) has to decide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.dcg.cards import Card
from oracle.dcg.effects import trigger, turn_end_threshold
from oracle.dcg.model import Action, Stack
from oracle.dcg.work import Work, new_stack
from oracle.errors import IllegalActionError

__all__ = [
    "begin_end_of_turn",
    "breeding_action",
    "breeding_actions",
    "draw_phase",
    "end_turn",
    "finish_end_of_turn",
    "game_over",
    "start_of_main",
    "start_of_turn",
    "turn_end_condition",
    "unsuspend",
]

VICTORY = "CR4.2 Victory conditions"


def game_over(w: Work, winner: int | None, reason: str, clause: str) -> None:
    """CR4.2 Victory conditions: the game ends with ``winner`` (None: a draw, CR4.2
    "Infinite loops")."""
    w.phase = "game_over"
    w.step = "over"
    w.winner = winner
    w.reason = reason
    w.pending.clear()
    w.attack = None
    w.choice = None
    w.emit("game_over", clause, winner, (("reason", reason),))


def turn_end_condition(w: Work) -> bool:
    """DCG-6-1-4-1: memory is 1 or more on the opponent's side (3 or more under a raised
    threshold, QA2449). The caller checks that nothing remains to be resolved.
    """
    if w.memory >= 0:  # (not on the opponent's side: no threshold, 1 or more, is met)
        return False
    return -w.memory >= turn_end_threshold(w)


# --------------------------------------------------------------------------- 6-2 unsuspend


def start_of_turn(w: Work) -> None:
    """DCG-6-2-1-1: start-of-turn effects trigger and are processed before unsuspending
    (the engine resolves ``pending`` next). Then the step moves on to ``unsuspend``.
    """
    w.emit("start_of_turn", "DCG-6-2-1-1", w.turn_player, (("turn", w.turn),))
    trigger(w, w.turn_player, "start_of_your_turn")
    w.step = "unsuspend"


def unsuspend(w: Work) -> None:
    """DCG-6-2-1 / DCG-6-2-1-3: the turn player unsuspends all their cards in every area at once
    (battle and breeding area, QA4257); then the Draw phase (DCG-6-1-2).

    The engine reaches this only if the turn-end condition did not hold after the
    start-of-turn processing (DCG-6-2-1-2).
    """
    me = w.players[w.turn_player]
    ids = []
    battle = me.battle
    for s in battle:  # (a new battle area only when a stack in it is suspended)
        if s.suspended:
            out = []
            for t in battle:
                if t.suspended:
                    t = new_stack(t.id, t.cards, False, t.played_this_turn)
                    ids.append(t.id)
                out.append(t)
            me.battle = tuple(out)
            break
    b = me.breeding
    if b is not None and b.suspended:
        me.breeding = new_stack(b.id, b.cards, False, b.played_this_turn)
        ids.append(b.id)
    w.emit("unsuspended", "DCG-6-2-1", w.turn_player, (("stacks", tuple(ids)),))
    w.phase = "draw"
    w.step = "draw"


# --------------------------------------------------------------------------- 6-3 draw


def draw_phase(w: Work) -> None:
    """DCG-6-3-1: the turn player draws 1. DCG-6-3-1-1: not in the first player's first turn
    (the player who actually went first, whatever their seat). A player who must draw here
    with an empty deck loses (CR4.2 Victory conditions); an empty deck elsewhere is no loss.
    """
    tp = w.turn_player
    me = w.players[tp]
    if w.turn == 1 and tp == w.first_player:
        w.emit("draw_skipped", "DCG-6-3-1-1", tp)
    elif not me.deck:
        game_over(w, 1 - tp, "deck_out", VICTORY)
        return
    else:
        card = me.deck[0]
        me.deck = me.deck[1:]
        me.hand += (card,)
        w.emit("drew", "DCG-6-3-1", tp, (("card", card),))
    w.phase = "breeding"
    w.step = "breeding"


# --------------------------------------------------------------------------- 6-4 breeding


def breeding_actions(cards: Mapping[str, Card], player: int, breeding: Stack | None,
                     egg_deck: Sequence[str]) -> tuple[Action, ...]:
    """DCG-6-4-1: the breeding actions open now to ``player`` (whose breeding area and
    Digi-Egg deck are given), sorted: do nothing (6-4-1-3), hatch (6-4-1-1: an empty
    breeding area and a Digi-Egg to hatch), move (6-4-1-2: a card with DP to move)."""
    if breeding is None:
        return _HATCH_OR_NOTHING[player] if egg_deck else _NOTHING[player]
    if cards[breeding.cards[-1]].dp is not None:
        return _MOVE_OR_NOTHING[player]
    return _NOTHING[player]


_NOTHING = ((Action("do_nothing", 0),), (Action("do_nothing", 1),))
_HATCH_OR_NOTHING = tuple((Action("do_nothing", p), Action("hatch", p)) for p in (0, 1))
_MOVE_OR_NOTHING = tuple((Action("do_nothing", p), Action("move", p)) for p in (0, 1))


def breeding_action(w: Work, a: Action) -> None:
    """DCG-6-4-1: do exactly one of hatch (6-4-1-1), move (6-4-1-2) or nothing (6-4-1-3);
    then the Breeding phase is over.

    :raises IllegalActionError: ``DCG-6-4-1-1`` hatching with a card in the breeding area or
        an empty Digi-Egg deck (CR4.2 Hatching); ``DCG-6-4-1-2`` moving with an empty
        breeding area or a card without DP (CR4.2 Moving: only a Digimon with DP moves).
    """
    tp = w.turn_player
    me = w.players[tp]
    if a.type == "hatch":
        if me.breeding is not None:
            raise IllegalActionError("DCG-6-4-1-1", "the breeding area already holds a card")
        if not me.egg_deck:
            raise IllegalActionError("DCG-6-4-1-1", "the Digi-Egg deck is empty")
        card = me.egg_deck[0]
        me.egg_deck = me.egg_deck[1:]
        me.breeding = new_stack(w.new_id(), (card,), False, False)
        w.emit("hatched", "DCG-6-4-1-1", tp, (("card", card), ("stack", me.breeding.id)))
    elif a.type == "move":
        stack = me.breeding
        if stack is None:
            raise IllegalActionError("DCG-6-4-1-2", "the breeding area is empty")
        if w.cards[stack.top].dp is None:
            raise IllegalActionError(
                "DCG-6-4-1-2", f"{stack.top} has no DP; only a Digimon with DP can move"
            )
        # CR4.2 Moving: keeps its orientation; moving is not playing (QA912, QA959).
        me.breeding = None
        me.battle += (stack,)
        w.emit("moved", "DCG-6-4-1-2", tp, (("stack", stack.id), ("card", stack.top)))
    else:
        w.emit("did_nothing", "DCG-6-4-1-3", tp)
    w.step = "breeding_done"


# --------------------------------------------------------------------------- main phase start


def start_of_main(w: Work) -> None:
    """DCG-6-1-2: the Main phase begins; [Start of Your Main Phase] effects trigger (CR4.2
    Timings). It is never reached in a turn that ended earlier (QA2116).
    """
    w.phase = "main"
    w.step = "main"
    w.emit("main_phase", "DCG-6-1-2", w.turn_player)
    trigger(w, w.turn_player, "start_of_your_main_phase")


# --------------------------------------------------------------------------- 6-6 end of turn


def begin_end_of_turn(w: Work) -> None:
    """DCG-6-6-1 (6-1-4-1): end of turn happens in the current phase. [End of Your Turn]
    effects trigger (again, if an earlier end of turn was postponed; [Once Per Turn] limits
    stay used), together with pending processing due at end of turn (CR4.2 "Pending
    processing"). Before unsuspending this is DCG-6-2-1-2. DCG-6-6-2: the turn stays in
    this phase until all of them are resolved.
    """
    clause = "DCG-6-2-1-2" if w.step in ("start_of_turn", "unsuspend") else "DCG-6-6-1"
    w.resume_step = w.step
    w.step = "end_of_turn"
    w.emit("end_of_turn", clause, w.turn_player, (("phase", w.phase), ("memory", w.memory)))
    trigger(w, w.turn_player, "end_of_your_turn")
    w.pending.extend(w.delayed)
    w.delayed.clear()


def finish_end_of_turn(w: Work) -> None:
    """DCG-6-6-3 / DCG-6-6-4: with nothing left to resolve, the turn ends if the turn-end
    condition still holds; if memory came back to 0 or more (or below a raised threshold,
    QA2451) the turn does not end and stays in its phase (DCG-AMB-1 says where it goes on).
    """
    if turn_end_condition(w):
        end_turn(w)
        return
    resume = w.resume_step or "main"
    w.resume_step = None
    if w.variant("DCG-AMB-1") == "main-phase" and w.phase != "main":
        w.phase = "main"
        resume = "start_of_main"
    w.step = resume
    w.emit("end_of_turn_postponed", "DCG-6-6-4", w.turn_player, (("phase", w.phase),
           ("memory", w.memory), ("resume", resume)))


def end_turn(w: Work) -> None:
    """DCG-6-6-3 / DCG-6-1-1: the turn ends and the other player's turn begins at the memory the
    marker shows (RM6). Turn-scoped things ("played this turn", [Once Per Turn]) reset.
    """
    old = w.turn_player
    w.emit("turn_ended", "DCG-6-6-3", old, (("turn", w.turn),))
    for pl in w.players:  # (only what is set is reset: a zone left alone is not rebuilt)
        pl.opt_used = ()
        battle = pl.battle
        for s in battle:  # (a new battle area only when a stack in it was played)
            if s.played_this_turn:
                pl.battle = tuple(new_stack(t.id, t.cards, t.suspended, False)
                                  if t.played_this_turn else t for t in battle)
                break
        # (the breeding area's stack is never "played this turn": DCG-6-4-1-1 hatches it, a
        # digivolution is not a play, and load_state refuses the flag there, jsonio._player)
    if w.lasting:  # CR4.2 Effect durations: what lasts until the end of this turn ends
        w.lasting = [x for x in w.lasting if x.until > w.turn]
    w.turn_player = 1 - old
    w.memory = -w.memory
    w.turn += 1
    w.resume_step = None
    w.phase = "unsuspend"
    w.step = "start_of_turn"

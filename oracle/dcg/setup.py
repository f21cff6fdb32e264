"""CR4.2 "Game setup" (5-2-1-1..8), as chapter 6 assumes it (DCG-6-1-2 starts from here).

Order: shuffle each deck and Digi-Egg deck (chance), rock-paper-scissors (chance; the winner
goes first), each player draws 5, mulligans (first player first; DCG-AMB-4), 5 security
cards one at a time from the top, memory 0, the first player's turn begins.
"""

from __future__ import annotations

from oracle.dcg.model import Action, Chance, DcgConfig, Game, PlayerState, State, make_game
from oracle.dcg.work import Work
from oracle.errors import IllegalActionError

__all__ = ["apply_chance", "mulligan_decision", "new_game"]

SETUP = "CR4.2 Game setup"
MULLIGAN = "CR4.2 Mulligan"
HAND_SIZE = 5
SECURITY_SIZE = 5


def new_game(config: DcgConfig | Game) -> State:
    """CR4.2 Game setup: a new game waiting for its first shuffle (chance).

    ``config`` is a :class:`DcgConfig` or an already resolved :class:`Game`. Decks start in
    deck-list order; nothing is random here: every shuffle is a chance action.

    :raises InvalidInputError: for an unknown or illegal deck or an unknown variant reading.
    """
    game = config if isinstance(config, Game) else make_game(config)
    players = tuple(PlayerState(deck=d.main, egg_deck=d.eggs) for d in game.decks)
    s = State(
        turn=0, turn_player=0, first_player=None, phase="setup", step="shuffle", memory=0,
        to_move="chance", chance=None, pending=(), delayed=(), attack=None, resume_step=None,
        winner=None, reason=None, next_id=0, players=(players[0], players[1]),
        variants=game.variants, choice=None, lasting=(), game=game,
    )
    w = Work(s)
    w.chance = _next_shuffle(w, None)
    return w.freeze()


def _shuffle_chance(w: Work, player: int, deck: str) -> Chance:
    cards = getattr(w.players[player], deck)
    return Chance("shuffle", player, deck, tuple(sorted(cards)))


def _next_shuffle(w: Work, done: tuple[int, str] | None) -> Chance | None:
    """The shuffle after ``done`` in the order P0 deck, P0 eggs, P1 deck, P1 eggs (an empty
    Digi-Egg deck is not shuffled), or None when all are done.
    """
    order = [(0, "deck"), (0, "egg_deck"), (1, "deck"), (1, "egg_deck")]
    start = 0 if done is None else order.index(done) + 1
    for p, deck in order[start:]:
        if getattr(w.players[p], deck):
            return _shuffle_chance(w, p, deck)
    return None


def _draw(w: Work, player: int, n: int) -> None:
    me = w.players[player]
    cards = me.deck[:n]
    me.deck = me.deck[n:]
    me.hand += cards
    w.emit("drew", SETUP, player, (("cards", cards),))


def apply_chance(w: Work, a: Action) -> None:
    """Answer the chance node: a ``shuffle`` (the new order, top first) or ``choose_first``
    (the rock-paper-scissors winner, who goes first).

    :raises IllegalActionError: (``CR4.2 Game setup``) for an outcome that does not answer
        the chance due (wrong kind, player, deck, or an order that is not a permutation).
    """
    due = w.chance
    assert due is not None
    if a.type == "choose_first":
        if due.kind != "first_player":
            raise IllegalActionError(SETUP, "a shuffle is due, not rock-paper-scissors")
        assert a.winner is not None
        w.chance = None
        w.first_player = w.turn_player = a.winner
        w.emit("first_player", SETUP, a.winner)
        _draw(w, a.winner, HAND_SIZE)
        _draw(w, 1 - a.winner, HAND_SIZE)
        if w.variant("DCG-AMB-4") == "mulligan":
            w.step = "mulligan"
        else:
            _finish_setup(w)
        return
    if due.kind != "shuffle" or a.player != due.player or a.deck != due.deck:
        raise IllegalActionError(SETUP, f"the chance due is {due.to_json()}")
    assert a.order is not None and a.player is not None and a.deck is not None
    if tuple(sorted(a.order)) != due.cards:
        raise IllegalActionError(SETUP, "the order is not a permutation of the cards")
    setattr(w.players[a.player], a.deck, tuple(a.order))
    w.emit("shuffled", SETUP, a.player, (("deck", a.deck),))
    if w.step == "mulligan_shuffle":
        w.chance = None
        _draw(w, a.player, HAND_SIZE)
        if w.players[0].mulligan_decided and w.players[1].mulligan_decided:
            _finish_setup(w)
        else:
            w.step = "mulligan"
        return
    w.chance = _next_shuffle(w, (a.player, a.deck))
    if w.chance is None:
        w.step = "first_player"
        w.chance = Chance("first_player")


def mulligan_decision(w: Work, a: Action) -> None:
    """CR4.2 Mulligan (DCG-AMB-4 "mulligan"): starting with the first player, each player
    once keeps or returns the whole hand, reshuffles (chance) and draws 5 again.
    """
    assert a.player is not None
    me = w.players[a.player]
    me.mulligan_decided = True
    if a.type == "keep":
        w.emit("kept", MULLIGAN, a.player)
        if w.players[0].mulligan_decided and w.players[1].mulligan_decided:
            _finish_setup(w)
        return
    me.mulliganed = True
    me.deck += me.hand
    me.hand = ()
    w.emit("mulligan", MULLIGAN, a.player)
    w.step = "mulligan_shuffle"
    w.chance = _shuffle_chance(w, a.player, "deck")


def _finish_setup(w: Work) -> None:
    """CR4.2 Game setup: 5 security cards one at a time from the top (the original top card
    ends at the bottom), memory 0, and the first player's turn 1 begins (DCG-6-1-1).
    """
    for p, me in enumerate(w.players):
        for _ in range(SECURITY_SIZE):
            if me.deck:
                me.security = me.deck[:1] + me.security
                me.deck = me.deck[1:]
        w.emit("security_set", SETUP, p, (("count", len(me.security)),))
    w.memory = 0
    assert w.first_player is not None
    w.turn_player = w.first_player
    w.turn = 1
    w.phase = "unsuspend"
    w.step = "start_of_turn"
    w.emit("game_started", SETUP, w.first_player)

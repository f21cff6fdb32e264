"""A. Set-up (DB-A.0 … DB-A.5) and the coin toss (DB-B.1).

Flow: each player in seat order chooses a Rookie (DB-A.1); then, for each player, a chance
node supplies the shuffled order of the other 29 cards: the top 10 become the hand, the other
19 the Online deck (DB-A.2); the Rookies are turned face up (DB-A.3). The Digivolve phase's
preparation follows (DB-B.0), then the coin toss (DB-B.1).
"""

from __future__ import annotations

from oracle.cards import DigimonCard
from oracle.digibattle import digivolve
from oracle.digibattle.state import CHANCE, Action, Game, PlayerState, State
from oracle.digibattle.tx import Tx, remove
from oracle.errors import IllegalActionError


def new_game(game: Game) -> State:
    """DB-A.0: the initial state; each player's 30 cards wait in ``deck``.

    :param game: card set, decks (already checked against DB-A.0/A.1/A.5), target, variants.
    :returns: a state where seat 0 is to choose a Rookie.
    """
    return State(
        game=game,
        players=(PlayerState(deck=game.decks[0]), PlayerState(deck=game.decks[1])),
        phase="setup", step="choose_rookie", to_move=0,
    )


def legal_choose_rookie(state: State, p: int) -> tuple[Action, ...]:
    """DB-A.1: any Rookie in the player's deck."""
    g = state.game
    deck = state.players[p].deck
    known = deck == g.decks[p]  # (the game's own deck: its answer is kept, ``g.derived``)
    if known:
        actions = g.derived.get(("choose_rookie", p))
        if actions is not None:
            return actions  # type: ignore[no-any-return]
    cards = g.cards
    actions = tuple([Action("choose_rookie", p, card=s) for s in sorted(deck)
                     if isinstance(cards[s], DigimonCard) and cards[s].level == "Rookie"])
    if known:
        g.derived[("choose_rookie", p)] = actions
    return actions


def choose_rookie(tx: Tx, a: Action) -> None:
    """DB-A.1: put a Rookie from the deck face down on the Duel Zone.

    :raises IllegalActionError: DB-A.1 when the card is not a Rookie in the player's deck.
    """
    p = a.player
    assert p is not None
    me = tx.ps[p]
    card = tx.cards.get(a.card) if a.card else None
    if a.card not in me.deck or not isinstance(card, DigimonCard) or card.level != "Rookie":
        raise IllegalActionError("DB-A.1", f"{a.card} is not a Rookie in player {p}'s deck")
    tx.upd(p, deck=remove(me.deck, (a.card,)), duel_zone=(a.card,))
    tx.event("rookie_chosen", "DB-A.1", p, card=a.card)
    if p == 0:
        tx.to_move = 1
    else:
        _ask_shuffle(tx, 0)


def _ask_shuffle(tx: Tx, p: int) -> None:
    tx.step = "shuffle"
    tx.to_move = CHANCE
    tx.chance = ("shuffle", p, tuple(sorted(tx.ps[p].deck)))


def deal(tx: Tx, p: int, order: tuple[str, ...]) -> None:
    """DB-A.2: after the shuffle, deal 10 to the hand and put the other 19 Online."""
    tx.upd(p, deck=(), hand=order[:10], online=order[10:])
    tx.event("dealt", "DB-A.2", p, hand=10, online=len(order) - 10)
    if p == 0:
        _ask_shuffle(tx, 1)
    else:
        tx.event("rookies_revealed", "DB-A.3", None,
                 cards=[tx.ps[0].duel_zone[0], tx.ps[1].duel_zone[0]])
        tx.phase = "digivolve"
        tx.step = "prepare"
        tx.to_move = 0
        tx.chance = None


def coin_toss(tx: Tx, a: Action) -> None:
    """DB-B.1: the coin toss decides who goes first (a chance outcome: ``winner``)."""
    if a.winner not in (0, 1):
        raise IllegalActionError("DB-B.1", "the coin toss winner must be player 0 or 1")
    tx.event("coin_toss", "DB-B.1", a.winner)
    tx.first_player = a.winner
    tx.coin_toss_winner = a.winner
    tx.chance = None
    digivolve.begin_reveal(tx)

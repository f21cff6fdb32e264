"""``When`` steps: actions and chance outcomes, sent to the game under test as JSON.

Each action step returns the driver's :class:`~oracle.driver.Outcome` as the ``outcome``
fixture (``target_fixture``). A refused action does not fail the step: the refusal waits for a
``Then the action is refused for ...`` step, and any other step fails on it (see
:mod:`.table`). "I try to play ..." reads better for an action the scenario expects to be
refused; it sends the same action as "I play ...".
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import when

from oracle.driver import Outcome

from .positions import PositionError
from .table import Table
from .vocab import CardRef, step


def _act(table: Table, **action: Any) -> Outcome:
    return table.apply({k: v for k, v in action.items() if v is not None})


# ---------------------------------------------------------------------------------------------
# Set-up


@when(step("the game is set up"))
def _set_up(table: Table) -> None:
    table.start()


@when(step("{who:Who} {:Choose} {card:Card} as {:Their} Rookie"), target_fixture="outcome")
def _choose_rookie(table: Table, who: int, card: CardRef) -> Outcome:
    return _act(table, type="choose_rookie", player=who, card=table.serial(card))


def _due_shuffle(table: Table, whose: int) -> list[str]:
    chance = table.state.get("chance")
    if not chance or chance.get("kind") != "shuffle" or chance.get("player") != whose:
        table.expect.fail(f"expected a shuffle of player {whose}'s cards to be due, got "
                          f"{chance}")
    return list(chance["cards"])


@when(step("{whose:Whose} cards are shuffled"), target_fixture="outcome")
def _shuffled(table: Table, whose: int) -> Outcome:
    order = _due_shuffle(table, whose)
    table.shuffles[whose] = order
    return _act(table, type="shuffle", player=whose, order=order)


@when(step("{whose:Whose} cards are shuffled with {cards:Cards} on top"),
      target_fixture="outcome")
def _shuffled_on_top(table: Table, whose: int, cards: tuple[CardRef, ...]) -> Outcome:
    top = table.serials(cards)
    order = top + [c for c in _due_shuffle(table, whose) if c not in top]
    table.shuffles[whose] = order
    return _act(table, type="shuffle", player=whose, order=order)


@when(step("{whose:Whose} cards are shuffled without {card:Card}"), target_fixture="outcome")
def _shuffled_without(table: Table, whose: int, card: CardRef) -> Outcome:
    left_out = table.serial(card)
    order = [c for c in _due_shuffle(table, whose) if c != left_out]
    return _act(table, type="shuffle", player=whose, order=order)


@when(step("the coin toss is won by {whom:Whom}"), target_fixture="outcome")
def _coin_toss(table: Table, whom: int) -> Outcome:
    return _act(table, type="coin_toss", winner=whom)


@when(step("the coin toss is won by player {n:N}"), target_fixture="outcome")
def _coin_toss_seat(table: Table, n: int) -> Outcome:
    """A coin toss answered with a winner given as a seat number (0 and 1 are the only
    players, DB-B.1; a scenario sends another to see it refused)."""
    return _act(table, type="coin_toss", winner=n)


@when(step("the coin toss is answered by a shuffle of {whose:Whose} cards naming {whom:Whom} "
           "the winner"), target_fixture="outcome")
def _coin_toss_by_shuffle(table: Table, whose: int, whom: int) -> Outcome:
    """A chance outcome of the wrong kind at the coin toss (DB-B.1): a ``shuffle`` of the
    player's hand that also carries a coin toss's ``winner``."""
    hand = list(table.player(whose)["hand"])
    return _act(table, type="shuffle", player=whose, order=hand, winner=whom)


@when(step("{whose:Whose} shuffle is answered by a coin toss naming {whom:Whom} the winner that "
           "carries the shuffle's order"), target_fixture="outcome")
def _shuffle_by_coin_toss(table: Table, whose: int, whom: int) -> Outcome:
    """A chance outcome of the wrong kind where a shuffle is due (DB-A.2, DB-D.3): a
    ``coin_toss`` that also carries the ``order`` a shuffle of the due cards would give."""
    order = _due_shuffle(table, whose)
    return _act(table, type="coin_toss", winner=whom, order=order)


# ---------------------------------------------------------------------------------------------
# Digivolve phase and preparation


@when(step("{who:Who} {:Put} {card:Card} face down on {:Their} Digivolve Zone"),
      target_fixture="outcome")
def _prepare(table: Table, who: int, card: CardRef) -> Outcome:
    return _act(table, type="prepare", player=who, card=table.serial(card))


@when(step("{who:Who} {:Put} {card:Card} face down on {:Their} Digivolve Zone with "
           "{support:Card}"), target_fixture="outcome")
def _prepare_with(table: Table, who: int, card: CardRef, support: CardRef) -> Outcome:
    return _act(table, type="prepare", player=who, card=table.serial(card),
                support=table.serial(support))


@when(step("{who:Who} {:Ready}"), target_fixture="outcome")
def _ready(table: Table, who: int) -> Outcome:
    return _act(table, type="ready", player=who)


def _payment_source(table: Table, source: str) -> str | None:
    """The ``source`` field of a tribute: sent only when the game lets the player choose
    (DB-AMB-1 "choice"); under the other readings the source is fixed by the reading."""
    return source if table.position.variants.get("DB-AMB-1") == "choice" else None


def _check_printed_count(table: Table, card: str, n: int) -> None:
    reqs = table.card(card).get("digivolve_requirements", [])
    counts = sorted({r["offline"] for r in reqs if r.get("kind") == "tribute"})
    if n not in counts:
        raise PositionError(f"{card} prints no payment of {n} card(s) (it prints {counts}): "
                            "fix the step")


@when(step("{who:Who} {:Digivolve} into {card:Card} paying {n:N} {:CardWord} from Online"),
      target_fixture="outcome")
def _digivolve_online(table: Table, who: int, card: CardRef, n: int) -> Outcome:
    serial = table.serial(card)
    if table.card(serial).get("digivolve_requirements") and any(
            r.get("kind") == "tribute" for r in table.card(serial)["digivolve_requirements"]):
        _check_printed_count(table, serial, n)
    return _act(table, type="digivolve", player=who, card=serial, method="tribute",
                source=_payment_source(table, "online"))


@when(step("{who:Who} {:Digivolve} into {card:Card} paying {cards:Cards} from {:Their} hand"),
      target_fixture="outcome")
def _digivolve_hand(table: Table, who: int, card: CardRef,
                    cards: tuple[CardRef, ...]) -> Outcome:
    return _act(table, type="digivolve", player=who, card=table.serial(card), method="tribute",
                payment=table.serials(cards), source=_payment_source(table, "hand"))


def _support_method(table: Table, support: str) -> str:
    kinds = {e["kind"] for e in table.card(support).get("effects", [])}
    if "digivice" in kinds:
        return "digivice"
    if "ultra_digivolve" in kinds:
        return "ultra"
    raise PositionError(f"{support} is neither a DIGIVICE nor ULTRA DIGIVOLVE; for a DNA "
                        "partner write 'DNA Digivolve into ... with ...'")


@when(step("{who:Who} {:Digivolve} into {card:Card} with {support:Card}"),
      target_fixture="outcome")
def _digivolve_support(table: Table, who: int, card: CardRef, support: CardRef) -> Outcome:
    s = table.serial(support)
    return _act(table, type="digivolve", player=who, card=table.serial(card),
                method=_support_method(table, s), support=s)


@when(step("{who:Who} {:DNA} into {card:Card} with {partner:Card}"), target_fixture="outcome")
def _dna(table: Table, who: int, card: CardRef, partner: CardRef) -> Outcome:
    return _act(table, type="digivolve", player=who, card=table.serial(card), method="dna",
                support=table.serial(partner))


@when(step("{who:Who} {:Set} up a Rookie change to {card:Card}"), target_fixture="outcome")
def _change_rookie(table: Table, who: int, card: CardRef) -> Outcome:
    return _act(table, type="change_rookie", player=who, card=table.serial(card))


# ---------------------------------------------------------------------------------------------
# Battle phase


@when(step("{who:Who} {:Pass}"), target_fixture="outcome")
def _pass(table: Table, who: int) -> Outcome:
    return _act(table, type="pass", player=who)


@when(step("{who:Who} {:Play} {card:Card}"), target_fixture="outcome")
def _play(table: Table, who: int, card: CardRef) -> Outcome:
    return _act(table, type="play_option", player=who, card=table.serial(card))


@when(step("{who:Who} {:Play} {card:Card} sending {cards:Cards} Offline"),
      target_fixture="outcome")
def _play_discarding(table: Table, who: int, card: CardRef,
                     cards: tuple[CardRef, ...]) -> Outcome:
    return _act(table, type="play_option", player=who, card=table.serial(card),
                discard=table.serials(cards))


@when(step("{who:Who} {:Play} {card:Card} sending {other:Card} Offline, the discard written as "
           "one card instead of a list"), target_fixture="outcome")
def _play_discard_not_a_list(table: Table, who: int, card: CardRef, other: CardRef) -> Outcome:
    """An action whose ``discard`` field has the wrong JSON type (a string, not an array of
    serials): docs/PROTOCOL.md answers it ``invalid``, whatever the rules would say."""
    return _act(table, type="play_option", player=who, card=table.serial(card),
                discard=table.serial(other))


@when(step("{who:Who} {:Play} {card:Card}, the card written as a number instead of its serial"),
      target_fixture="outcome")
def _play_card_not_a_string(table: Table, who: int, card: CardRef) -> Outcome:
    """An action whose ``card`` field has the wrong JSON type (the serial's digits as a
    number): docs/PROTOCOL.md answers it ``invalid``, whatever the rules would say."""
    serial = table.serial(card)
    return _act(table, type="play_option", player=who,
                card=int("".join(ch for ch in serial if ch.isdigit())))


@when(step("a pass is sent for player 2"), target_fixture="outcome")
def _pass_player_2(table: Table) -> Outcome:
    """An action naming a player who does not exist (the action schema: 0 or 1): ``invalid``."""
    return _act(table, type="pass", player=2)


@when(step("a pass is sent for {whom:Whom} with the player written as true instead of a number"),
      target_fixture="outcome")
def _pass_player_true(table: Table, whom: int) -> Outcome:
    """An action whose ``player`` is the JSON ``true`` (the action schema: the integer 0 or
    1; a boolean is no integer): ``invalid``, not a move of player 1."""
    if whom != 1:
        raise PositionError("write this step for my opponent (player 1, whom true would be)")
    return _act(table, type="pass", player=True)


@when(step("a pass is sent for {whom:Whom} with a field no action has"),
      target_fixture="outcome")
def _pass_unknown_field(table: Table, whom: int) -> Outcome:
    """A ``pass`` carrying ``"comment"``, a field of no action type (the action schema: each
    type allows exactly its own fields): ``invalid``, whatever the rules would say."""
    return _act(table, type="pass", player=whom, comment="good game")


@when(step("an attack, an action type the game does not have, is sent for {whom:Whom}"),
      target_fixture="outcome")
def _unknown_action_type(table: Table, whom: int) -> Outcome:
    """An action of type ``attack``, which is not one of the action schema's types:
    ``invalid``, not a move the rules refuse."""
    return _act(table, type="attack", player=whom)


@when(step("a pass that names no player is sent"), target_fixture="outcome")
def _pass_no_player(table: Table) -> Outcome:
    """A ``pass`` without ``player``: no player's move. The oracle refuses it as a move out of
    turn (nobody named is to move); the action schema requires ``player``, so an engine may
    answer it ``invalid`` instead (docs/PROTOCOL.md)."""
    return table.apply({"type": "pass"})


@when(step("{who:Who} {:Play} {card:Card} on {whose:Whose} Champion sending {cards:Cards} "
           "Offline"), target_fixture="outcome")
def _play_on(table: Table, who: int, card: CardRef, whose: int,
             cards: tuple[CardRef, ...]) -> Outcome:
    return _act(table, type="play_option", player=who, card=table.serial(card), target=whose,
                discard=table.serials(cards))


# ---------------------------------------------------------------------------------------------
# Regroup


@when(step("{who:Who} {:Discard} {cards:Cards}"), target_fixture="outcome")
def _discard(table: Table, who: int, cards: tuple[CardRef, ...]) -> Outcome:
    outcome = None
    for s in table.serials(cards):
        outcome = _act(table, type="discard", player=who, card=s)
        if outcome.refused:
            break
    assert outcome is not None
    return outcome


@when(step("{who:Who} {:Restore} {:Their} hand"), target_fixture="outcome")
def _restore(table: Table, who: int) -> Outcome:
    return _act(table, type="draw", player=who)

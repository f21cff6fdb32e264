"""``Given`` steps: the starting position (or a new game's decks), in the game's language.

"I" am player 0 and "my opponent" is player 1. A position names only the cards that matter;
:mod:`.positions` fills each 30-card deck and keeps card conservation.
"""

from __future__ import annotations

import json
from typing import Any

from pytest_bdd import given

from oracle.resources import data_dir

from .positions import PositionError
from .table import Table
from .vocab import CardRef, step

# ---------------------------------------------------------------------------------------------
# Game and phase


@given(step("a new game with the Starter decks"))
def _new_game_starter(table: Table) -> None:
    pos = table.pos
    table.new_game_mode = True
    pos.phase, pos.step = "setup", "choose_rookie"
    for p, name in ((0, "starter-1"), (1, "starter-2")):
        doc = json.loads((data_dir() / "decks" / f"{name}.deck.json").read_text("utf-8"))
        pos.sides[p].deck = list(doc["cards"])


@given(step("a new game"))
def _new_game(table: Table) -> None:
    table.pos.phase, table.pos.step = "setup", "choose_rookie"
    table.new_game_mode = True
    for side in table.pos.sides:
        if side.deck is None:
            side.deck = []


@given(step("{whose:Whose} deck has {n:N} cards"))
def _deck_size(table: Table, whose: int, n: int) -> None:
    table.pos.deck_sizes[whose] = n


@given(step("{whose:Whose} deck holds {cards:Cards}"))
def _deck_holds(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    side = table.pos.sides[whose]
    side.deck = (side.deck or []) + table.serials(cards)


@given(step("{whose:Whose} deck holds {card:Card} twice"))
def _deck_twice(table: Table, whose: int, card: CardRef) -> None:
    side = table.pos.sides[whose]
    s = table.serial(card)
    side.deck = (side.deck or []) + [s, s]
    side.allow_duplicates = True


@given(step("{whose:Whose} deck holds no Rookie"))
def _deck_no_rookie(table: Table, whose: int) -> None:
    table.pos.sides[whose].no_rookie = True


@given(step("it is the Battle phase and {who:Who} {:Go} first"))
def _battle(table: Table, who: int) -> None:
    pos = table.pos
    pos.phase, pos.step, pos.first_player = "battle", "play", who
    pos.stated |= {"phase", "first_player"}


@given(step("it is the Digivolve phase and {who:Who} {:Go} first"))
def _digivolve(table: Table, who: int) -> None:
    pos = table.pos
    pos.phase, pos.step, pos.first_player = "digivolve", "reveal", who
    pos.stated |= {"phase", "first_player"}


@given(step("it is {whose:Whose} turn to prepare before the coin toss"))
def _prepare_first_duel(table: Table, whose: int) -> None:
    pos = table.pos
    pos.phase, pos.step, pos.to_move = "digivolve", "prepare", whose
    pos.duel = 1  # the preparation before the coin toss comes before Duel 1 (DB-B.0)
    pos.stated |= {"phase", "duel"}


@given(step("it is {whose:Whose} turn to regroup"))
def _regroup(table: Table, whose: int) -> None:
    pos = table.pos
    pos.phase, pos.step, pos.to_move = "regroup", "discard", whose
    pos.stated.add("phase")


@given(step("it is {whose:Whose} turn to prepare in the Regroup phase"))
def _regroup_prepare(table: Table, whose: int) -> None:
    pos = table.pos
    pos.phase, pos.step, pos.to_move = "regroup", "prepare", whose
    pos.stated.add("phase")


@given(step("this is Duel {n:N}"))
def _duel(table: Table, n: int) -> None:
    table.pos.duel = n
    table.pos.stated.add("duel")


@given(step("{who:Who} won the coin toss"))
def _coin_toss(table: Table, who: int) -> None:
    table.pos.coin_toss_winner = who
    table.pos.stated.add("coin_toss_winner")


@given(step("{who:Who} won the last Duel"))
def _last_winner(table: Table, who: int) -> None:
    # The winner goes first in the next Duel (DB-C.7): the two go together in a real game.
    table.pos.last_duel_winner = who
    table.pos.first_player = who
    table.pos.stated |= {"last_duel_winner", "first_player"}


@given(step("the target score is {n:N}"))
def _target(table: Table, n: int) -> None:
    table.pos.target = n


@given(step('the reading "{reading:Reading}" of {amb:Clause}'))
def _reading(table: Table, reading: str, amb: str) -> None:
    table.pos.variants[amb] = reading


@given(step("{whose:Whose} score is {n:N}"))
def _score(table: Table, whose: int, n: int) -> None:
    table.pos.sides[whose].score = n
    table.pos.sides[whose].stated.add("score")


@given(step("{who:Who} {:Have} passed"))
def _passed(table: Table, who: int) -> None:
    table.pos.sides[who].passed = True
    table.pos.sides[who].stated.add("passed")


@given(step("{who:Who} {:Have} Digivolved this Duel"))
def _digivolved(table: Table, who: int) -> None:
    table.pos.sides[who].digivolved = True
    table.pos.sides[who].stated.add("digivolved")


# ---------------------------------------------------------------------------------------------
# Zones


@given(step("{whose:Whose} Duel Zone shows {stack:Stack}"))
def _duel_zone(table: Table, whose: int, stack: tuple[CardRef, ...]) -> None:
    table.pos.sides[whose].duel_zone = list(reversed(table.serials(stack)))
    table.pos.sides[whose].stated.add("duel_zone")


@given(step("{whose:Whose} hand holds {cards:Cards}"))
def _hand(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    table.pos.sides[whose].hand = table.serials(cards)
    table.pos.sides[whose].stated.add("hand")


@given(step("{whose:Whose} hand holds {cards:Cards} and {n:N} other {:CardWord}"))
def _hand_and_others(table: Table, whose: int, cards: tuple[CardRef, ...], n: int) -> None:
    side = table.pos.sides[whose]
    side.hand, side.hand_extra = table.serials(cards), n
    side.stated.add("hand")


@given(step("{whose:Whose} hand holds {n:N} {:CardWord}"))
def _hand_count(table: Table, whose: int, n: int) -> None:
    side = table.pos.sides[whose]
    side.hand, side.hand_extra = [], n
    side.stated.add("hand")


@given(step("{whose:Whose} hand is empty"))
def _hand_empty(table: Table, whose: int) -> None:
    side = table.pos.sides[whose]
    side.hand, side.hand_extra = [], 0
    side.stated.add("hand")


@given(step("{whose:Whose} Online deck holds {n:N} {:CardWord}"))
def _online_count(table: Table, whose: int, n: int) -> None:
    side = table.pos.sides[whose]
    side.online, side.online_size = [], n


@given(step("{whose:Whose} Online deck holds {cards:Cards} on top of {n:N} other {:CardWord}"))
def _online_top(table: Table, whose: int, cards: tuple[CardRef, ...], n: int) -> None:
    side = table.pos.sides[whose]
    side.online = table.serials(cards)
    side.online_size = len(side.online) + n


@given(step("{whose:Whose} Online deck holds only {cards:Cards}"))
def _online_only(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    side = table.pos.sides[whose]
    side.online = table.serials(cards)
    side.online_size = len(side.online)


@given(step("{whose:Whose} Offline pile holds {n:N} {:CardWord}"))
def _offline_count(table: Table, whose: int, n: int) -> None:
    side = table.pos.sides[whose]
    side.offline, side.offline_size = [], n


@given(step("{whose:Whose} Offline pile holds {cards:Cards} and {n:N} other {:CardWord}"))
def _offline_and_others(table: Table, whose: int, cards: tuple[CardRef, ...], n: int) -> None:
    side = table.pos.sides[whose]
    side.offline = table.serials(cards)
    side.offline_size = len(side.offline) + n


@given(step("{whose:Whose} Offline pile is empty"))
def _offline_empty(table: Table, whose: int) -> None:
    side = table.pos.sides[whose]
    side.offline, side.offline_size = [], 0


@given(step("{whose:Whose} Digivolve Zone holds {card:Card} face down"))
def _digivolve_zone(table: Table, whose: int, card: CardRef) -> None:
    table.pos.sides[whose].digivolve_zone = [table.serial(card)]


@given(step("{whose:Whose} Power Port holds {cards:Cards}"))
def _power_port(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    table.pos.sides[whose].power_port = table.serials(cards)


@given(step("{whose:Whose} Power Port is empty"))
def _power_port_empty(table: Table, whose: int) -> None:
    table.pos.sides[whose].power_port = []


@given(step("{who:Who} {:Have} set up a Rookie change to {card:Card}"))
def _pending_rookie(table: Table, who: int, card: CardRef) -> None:
    table.pos.sides[who].pending_rookie = table.serial(card)


# ---------------------------------------------------------------------------------------------
# Cards that the bundled set lacks


def _cell(text: str) -> Any:
    """A data-table cell: JSON when it parses as a number, list or object, else the text."""
    t = text.strip()
    if t[:1] in "[{" or t.lstrip("-").isdigit() or t in ("true", "false", "null"):
        try:
            return json.loads(t)
        except json.JSONDecodeError as e:
            raise PositionError(f"data table cell is not valid JSON: {t!r} ({e})") from None
    return t


@given(step("the position is loaded directly: {reason}"))
def _load_directly(table: Table, reason: str) -> None:
    """A position no legal game reaches (a malformed state, a refusal of ``load_state``
    itself): it is loaded with ``load_state``, and its vector says why
    (``needs_load_state``). Every other position is reached by play (:mod:`.plays`).

    :param reason: ``<kind> - <fact>`` (the report tallies reasons by kind, the text before
        `` - ``), e.g. ``no legal game - one Online card before the coin toss; ...``.
    :raises PositionError: the reason has no kind.
    """
    kind, sep, fact = reason.strip().partition(" - ")
    if not (sep and kind.strip() and fact.strip()):
        raise PositionError(f"a load_state reason reads '<kind> - <fact>', not {reason!r}")
    table.pos.load_state_reason = reason.strip()


@given(step("the bottom card of {whose:Whose} Online deck is {serial:Serial}, "
            "a card of no card set"))
def _foreign_card(table: Table, whose: int, serial: str) -> None:
    """A position that names a card outside the game's card set (loaded directly: no game
    deals one); the serial must be in no card set the scenario uses."""
    _foreign(table, whose, "online", serial)


@given(step("{whose:Whose} Rookie change is set up to {serial:Serial}, a card of no card set"))
def _foreign_rookie_change(table: Table, whose: int, serial: str) -> None:
    """As above, the card named as the player's pending Rookie change (DB-D.4)."""
    _foreign(table, whose, "pending_rookie", serial)


@given(step("a shuffle of {whose:Whose} Offline pile is due, naming {serial:Serial}, a card of no "
            "card set"))
def _foreign_recycle(table: Table, whose: int, serial: str) -> None:
    """As above: the player's Online deck is empty (moved Offline) and the recycle shuffle
    due (DB-D.3) names the card among the pile's (the zones themselves hold no such card)."""
    _foreign(table, whose, "recycle", serial)


@given(step("{whose:Whose} Power Options played this Duel include {serial:Serial}, a card of no "
            "card set"))
def _foreign_play(table: Table, whose: int, serial: str) -> None:
    """As above, the card named among the Power Options the player played this Duel (the
    state's ``plays``; the Power Port holds no such card)."""
    _foreign(table, whose, "played", serial)


@given(step("{whose:Whose} next recycle is due after that shuffle, naming {serial:Serial}, a "
            "card of no card set"))
def _foreign_then(table: Table, whose: int, serial: str) -> None:
    """As above, the one card of the player's further recycle due once the shuffle already
    due is made (DB-D.3: the resume point's ``then``)."""
    _foreign(table, whose, "then", serial)


@given(step("the bottom card of {whose:Whose} Online deck is a second {card:Card}, in place of "
            "a card of {:Their} deck"))
def _second_copy(table: Table, whose: int, card: CardRef) -> None:
    """A position whose player holds a card of the card set twice and one card of their
    deck not at all (loaded directly: cards move only between their owner's zones, so no
    game has it): the bottom Online card is replaced by another copy of ``card``, a card the
    player holds elsewhere."""
    serial = table.serial(card)
    table.pos.foreign.append((whose, "online", serial))


@given(step("{whose:Whose} Online deck has reached zero and the shuffle of {:Their} Offline "
            "pile is due"))
def _recycle_due(table: Table, whose: int) -> None:
    """A position with a recycle due (DB-D.3): the player's Online deck is moved Offline and
    the shuffle of the whole Offline pile is due; the state's resume point gives only the
    fields the state schema requires (loaded directly: the planner plays no chance node)."""
    table.pos.recycle_due.append(whose)


#: The phases and steps a Digi-Battle position can be in while play goes on (the state
#: schema's names), for a resume point that names another than the position's own.
_RESUME_AT = {("digivolve", "prepare"), ("digivolve", "reveal"), ("battle", "play"),
              ("regroup", "discard"), ("regroup", "prepare")}


@given(step("play is to resume after that shuffle in the {phase} phase at its {name} step"))
def _resume_at(table: Table, phase: str, name: str) -> None:
    """The resume point of the recycle due names ``phase`` and step ``name`` (lower-case,
    the state schema's names) instead of the position's own (loaded directly: DB-D.3 has
    play resume where the recycle stopped it, so no game has another)."""
    where = (phase.lower(), name.lower())
    if where not in _RESUME_AT:
        raise PositionError(f"no {phase} phase step {name!r}")
    table.pos.resume_at = where


@given(step("the position names where play resumes after a recycle although no shuffle is "
            "due"))
def _stray_resume(table: Table) -> None:
    """A resume point (the position's own phase, step and player to move) in a position
    where a player is to move (loaded directly: DB-D.3's resume point exists only while a
    recycle's shuffle is due; the state schema refuses it otherwise)."""
    table.pos.stray_resume = True


def _foreign(table: Table, whose: int, where: str, serial: str) -> None:
    if serial in table.pos.cards():
        raise PositionError(f"{serial} is a card of the card set")
    table.pos.foreign.append((whose, where, serial))


@given(step("a card that is not in the bundled card set:"))
def _extra_card(table: Table, datatable: list[list[str]]) -> None:
    """A card defined by the scenario: a two-column table of card JSON fields and values
    (``schemas/card.schema.json``); list and object values are written as JSON."""
    card = {row[0].strip(): _cell(row[1]) for row in datatable}
    if card.get("serial") in table.pos.cards():
        raise PositionError(f"{card.get('serial')} is already a card of the card set")
    table.pos.extra_cards.append(card)

"""``Then`` steps: what the game under test must show, read from its state JSON.

Every check goes through :class:`~.expect.Expect`, so a failure names the clause, the step and
what differed ("[DB-C.5] Then I score 100 points: expected my score to go up by 100, got 200").
Checks read the state (``schemas/state.schema.json``), never the oracle's events, so they hold
for any implementation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from pytest_bdd import then

from .table import Table
from .vocab import CardRef, step

WHOSE = ("my", "my opponent's")
WHO = ("I", "my opponent")


def _names(table: Table, serials: list[str] | tuple[str, ...]) -> list[str]:
    cards = table.position.cards()
    return [f"{cards[s]['name']} {s}" if s in cards else s for s in serials]


def _zone(table: Table, whose: int, zone: str) -> list[str]:
    return list(table.player(whose)[zone])


# ---------------------------------------------------------------------------------------------
# Digimon Power and scores


def _power(table: Table, whose: int) -> Any:
    powers = table.state.get("digimon_power")
    if powers is None:
        table.expect.fail("expected Digimon Power to be shown, got none (digimon_power is null)")
    return powers[whose]


@then(step("{whose:Whose} Digimon Power is {n:N}"))
def _power_is(table: Table, whose: int, n: int) -> None:
    table.expect.equal(f"{WHOSE[whose]} Digimon Power", n, _power(table, whose))


@then(step("my Digimon Power is {mine:N} against my opponent's {theirs:N}"))
def _powers_are(table: Table, mine: int, theirs: int) -> None:
    actual = [_power(table, 0), _power(table, 1)]
    table.expect.equal("Digimon Power (mine against my opponent's)",
                       f"{mine} against {theirs}", f"{actual[0]} against {actual[1]}")


@then(step("no Digimon Power is shown yet"))
def _no_power(table: Table) -> None:
    table.expect.equal("Digimon Power", "not shown (null)",
                       "not shown (null)" if table.state.get("digimon_power") is None
                       else str(table.state.get("digimon_power")))


def _gained(table: Table, p: int) -> int:
    return table.player(p)["score"] - table.start_scores[p]


@then(step("{who:Who} {:Score} {n:N} points"))
def _scores(table: Table, who: int, n: int) -> None:
    whose = WHOSE[who]
    table.expect.equal(f"{whose} score to go up by", n, _gained(table, who))


@then(step("nobody scores"))
def _nobody_scores(table: Table) -> None:
    table.expect.equal("points scored (mine, my opponent's)", (0, 0),
                       (_gained(table, 0), _gained(table, 1)))


@then(step("{whose:Whose} score is {n:N}"))
def _score_is(table: Table, whose: int, n: int) -> None:
    table.expect.equal(f"{WHOSE[whose]} score", n, table.player(whose)["score"])


# ---------------------------------------------------------------------------------------------
# The Duel and the game


def _duel_ended(table: Table) -> bool:
    """A Duel ended during the scenario: a Battle phase was left for Regroup or game over,
    or the Duel number went up."""
    now = table.state
    seen = table.history
    left_battle = any(a[1] == "battle" and b[1] != "battle"
                      for a, b in zip(seen, seen[1:], strict=False))
    return now["duel"] > seen[0][0] or (left_battle and now["phase"] != "battle") or (
        now["phase"] == "game_over" and any(phase == "battle" for _, phase in seen))


def _duel_result(table: Table) -> str:
    """"won by me", "won by my opponent", "a tie", or "not over" (from the state)."""
    if not _duel_ended(table):
        return f"not over (phase {table.state['phase']})"
    start = table.start_state or {}
    w = table.state.get("last_duel_winner")
    gained = (_gained(table, 0), _gained(table, 1))
    if w is not None and (w != start.get("last_duel_winner") or gained[w] > 0):
        return f"won by {('me', 'my opponent')[w]}"
    return "a tie" if gained == (0, 0) else f"unclear (points {gained}, winner {w})"


@then(step("{who:Who} {:Win} the Duel"))
def _wins_duel(table: Table, who: int) -> None:
    table.expect.equal("the Duel to be", f"won by {('me', 'my opponent')[who]}",
                       _duel_result(table))


@then(step("the Duel is a tie"))
def _tie(table: Table) -> None:
    table.expect.equal("the Duel to be", "a tie", _duel_result(table))


@then(step("{who:Who} {:Go} first in the next Duel"))
def _first_next(table: Table, who: int) -> None:
    table.expect.true(_duel_ended(table), f"expected the Duel to be over, got phase "
                                          f"{table.state['phase']}")
    table.expect.equal("first player of the next Duel", WHO[who],
                       _who(table.state.get("first_player")))


@then(step("the game is over and {who:Who} {:Win}"))
def _game_won(table: Table, who: int) -> None:
    s = table.state
    table.expect.equal("the game", f"over, won by {WHO[who]}",
                       f"over, won by {_who(s.get('winner'))}" if s["phase"] == "game_over"
                       else f"going on (phase {s['phase']})")


@then(step("the game goes on"))
def _game_goes_on(table: Table) -> None:
    s = table.state
    table.expect.equal("the game", "going on",
                       "going on" if s["phase"] != "game_over"
                       else f"over, won by {_who(s.get('winner'))}")


def _who(p: Any) -> str:
    return WHO[p] if p in (0, 1) else str(p)


@then(step("the phase is {phase:Phase}"))
def _phase(table: Table, phase: str) -> None:
    table.expect.equal("phase", phase, table.state["phase"])


@then(step("it is Duel {n:N}"))
def _duel_number(table: Table, n: int) -> None:
    table.expect.equal("Duel number", n, table.state["duel"])


@then(step("it is {whose:Whose} turn"))
def _turn(table: Table, whose: int) -> None:
    table.expect.equal("player to move", WHO[whose], _who(table.state.get("to_move")))


# ---------------------------------------------------------------------------------------------
# Refusals


def _check_refusal(table: Table, clause: str | None) -> None:
    __tracebackhide__ = True
    r = table.take_refusal()
    if r is None:
        table.expect.fail(f"expected a refusal{' for ' + clause if clause else ''}, got the "
                          f"action accepted")
    assert r is not None
    if clause is not None:
        table.expect.equal("the refusal to cite", clause, f"{r.clause} ({r.kind}: {r.reason})"
                           if r.clause != clause else r.clause)


@then(step("the action is refused for {clause:Clause}"))
def _refused(table: Table, clause: str) -> None:
    _check_refusal(table, clause)


@then(step("the action is refused as invalid input"))
def _refused_invalid(table: Table) -> None:
    """The action cannot be read (``invalid``, docs/PROTOCOL.md): not a rule's refusal."""
    __tracebackhide__ = True
    r = table.take_refusal()
    if r is None:
        table.expect.fail("expected the action refused as invalid input, got it accepted")
    assert r is not None
    table.expect.equal("the refusal's kind", "invalid", r.kind if r.kind == "invalid"
                       else f"{r.kind} ({r.clause}: {r.reason})")


@then(step("the set-up is refused for {clause:Clause}"))
def _setup_refused_for(table: Table, clause: str) -> None:
    _check_refusal(table, clause)


@then(step("the set-up is refused"))
def _setup_refused(table: Table) -> None:
    _check_refusal(table, None)


@then(step("the set-up is refused as invalid input"))
def _setup_refused_invalid(table: Table) -> None:
    """The set-up or the loaded position cannot be taken as given (``invalid``, with the JSON
    path of the bad value, docs/PROTOCOL.md): not a rule's refusal of a move."""
    __tracebackhide__ = True
    r = table.take_refusal()
    if r is None:
        table.expect.fail("expected the set-up refused as invalid input, got it accepted")
    assert r is not None
    table.expect.equal("the refusal's kind", "invalid", r.kind if r.kind == "invalid"
                       else f"{r.kind} ({r.clause}: {r.reason})")


# ---------------------------------------------------------------------------------------------
# Zones


@then(step("{whose:Whose} Duel Zone shows {stack:Stack}"))
def _duel_zone(table: Table, whose: int, stack: tuple[CardRef, ...]) -> None:
    expected = list(reversed(table.serials(stack)))
    actual = _zone(table, whose, "duel_zone")
    table.expect.equal(f"{WHOSE[whose]} Duel Zone (top first)",
                       _names(table, expected[::-1]), _names(table, actual[::-1]))


@then(step("{whose:Whose} Duel Zone includes {card:Card}"))
def _duel_zone_includes(table: Table, whose: int, card: CardRef) -> None:
    s = table.serial(card)
    actual = _zone(table, whose, "duel_zone")
    table.expect.true(s in actual, f"expected {card} in {WHOSE[whose]} Duel Zone, got "
                                   f"{_names(table, actual[::-1])}")


def _count(table: Table, whose: int, zone: str, label: str, n: int) -> None:
    table.expect.equal(f"{WHOSE[whose]} {label} to hold", f"{n} cards",
                       f"{len(_zone(table, whose, zone))} cards")


@then(step("{whose:Whose} hand holds {n:N} {:CardWord}"))
def _hand_count(table: Table, whose: int, n: int) -> None:
    _count(table, whose, "hand", "hand", n)


@then(step("{whose:Whose} hand is empty"))
def _hand_empty(table: Table, whose: int) -> None:
    _count(table, whose, "hand", "hand", 0)


def _includes(table: Table, whose: int, zone: str, label: str,
              cards: tuple[CardRef, ...]) -> None:
    actual = _zone(table, whose, zone)
    missing = [s for s in table.serials(cards) if s not in actual]
    table.expect.true(not missing, f"expected {WHOSE[whose]} {label} to include "
                                   f"{', '.join(_names(table, missing))}; it holds "
                                   f"{', '.join(_names(table, actual)) or 'nothing'}")


@then(step("{whose:Whose} hand includes {cards:Cards}"))
def _hand_includes(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    _includes(table, whose, "hand", "hand", cards)


@then(step("{whose:Whose} Online deck holds {n:N} {:CardWord}"))
def _online_count(table: Table, whose: int, n: int) -> None:
    _count(table, whose, "online", "Online deck", n)


@then(step("{whose:Whose} Offline pile holds {n:N} {:CardWord}"))
def _offline_count(table: Table, whose: int, n: int) -> None:
    _count(table, whose, "offline", "Offline pile", n)


@then(step("{whose:Whose} Offline pile includes {cards:Cards}"))
def _offline_includes(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    _includes(table, whose, "offline", "Offline pile", cards)


@then(step("{whose:Whose} deck holds {n:N} {:CardWord}"))
def _deck_count(table: Table, whose: int, n: int) -> None:
    _count(table, whose, "deck", "deck", n)


@then(step("{whose:Whose} Digivolve Zone holds {card:Card}"))
def _digivolve_zone(table: Table, whose: int, card: CardRef) -> None:
    table.expect.equal(f"{WHOSE[whose]} Digivolve Zone", _names(table, [table.serial(card)]),
                       _names(table, _zone(table, whose, "digivolve_zone")))


@then(step("{whose:Whose} Digivolve Zone is empty"))
def _digivolve_zone_empty(table: Table, whose: int) -> None:
    table.expect.equal(f"{WHOSE[whose]} Digivolve Zone", [],
                       _names(table, _zone(table, whose, "digivolve_zone")))


@then(step("{whose:Whose} Power Port holds {cards:Cards}"))
def _power_port(table: Table, whose: int, cards: tuple[CardRef, ...]) -> None:
    table.expect.equal(f"{WHOSE[whose]} Power Port", _names(table, table.serials(cards)),
                       _names(table, _zone(table, whose, "power_port")))


@then(step("{whose:Whose} Power Port is empty"))
def _power_port_empty(table: Table, whose: int) -> None:
    table.expect.equal(f"{WHOSE[whose]} Power Port", [],
                       _names(table, _zone(table, whose, "power_port")))


@then(step("{whose:Whose} hand holds the first 10 cards of the shuffle and {:Their} Online "
           "deck the other 19"))
def _dealt(table: Table, whose: int) -> None:
    order = table.shuffles.get(whose)
    table.expect.true(order is not None, f"no shuffle of {WHOSE[whose]} cards was supplied")
    assert order is not None
    p = table.player(whose)
    table.expect.equal(f"{WHOSE[whose]} hand", _names(table, order[:10]),
                       _names(table, list(p["hand"])))
    table.expect.equal(f"{WHOSE[whose]} Online deck (top first)", _names(table, order[10:]),
                       _names(table, list(p["online"])))


# ---------------------------------------------------------------------------------------------
# Chance nodes and legal actions


def _chance(table: Table) -> Mapping[str, Any] | None:
    return table.state.get("chance")


@then(step("a shuffle of {whose:Whose} {n:N} cards is due"))
def _shuffle_due(table: Table, whose: int, n: int) -> None:
    ch = _chance(table)
    actual = (f"a shuffle of player {ch.get('player')}'s {len(ch.get('cards', []))} cards"
              if ch and ch.get("kind") == "shuffle" else f"chance {ch}")
    table.expect.equal("chance outcome due", f"a shuffle of player {whose}'s {n} cards", actual)


@then(step("a shuffle of {whose:Whose} {n:N} cards is due, without {card:Card}"))
def _shuffle_due_without(table: Table, whose: int, n: int, card: CardRef) -> None:
    _shuffle_due(table, whose, n)
    ch = _chance(table) or {}
    s = table.serial(card)
    table.expect.true(s not in ch.get("cards", []), f"expected {card} not to be shuffled, got "
                                                    f"it among the cards to shuffle")


@then(step("a coin toss is due"))
def _coin_toss_due(table: Table) -> None:
    table.expect.equal("chance outcome due", {"kind": "coin_toss"}, _chance(table))


@then(step("no chance outcome is due"))
def _no_chance(table: Table) -> None:
    table.expect.equal("chance outcome due", None, _chance(table))


@then(step("{whose:Whose} only choice is to pass"))
def _only_pass(table: Table, whose: int) -> None:
    actions = _legal_actions_of(table, whose)
    table.expect.equal("legal actions", [{"type": "pass", "player": whose}],
                       [dict(a) for a in actions])


def _legal_actions_of(table: Table, whose: int) -> list[Any]:
    """The legal set at the current position, after checking that ``whose`` is to move; the
    scenario is skipped for a game under test that does not list legal actions."""
    table.expect.equal("player to move", WHO[whose], _who(table.state.get("to_move")))
    actions = table.legal_actions()
    if actions is None:
        pytest.skip("the game under test does not list legal actions")
    return list(actions)


@then(step("{whose:Whose} legal actions do not include putting {card:Card} face down on "
            "{:Their} Digivolve Zone"))
def _legal_no_prepare(table: Table, whose: int, card: CardRef) -> None:
    """No ``prepare`` of ``card`` in the legal set (recorded in the vector, so an engine's
    whole legal set is compared there)."""
    actions = _legal_actions_of(table, whose)
    serial = table.serial(card)
    offered = [dict(a) for a in actions if a.get("type") == "prepare" and a.get("card") == serial]
    table.expect.equal(f"legal ways to prepare {card}", [], offered)


@then(step("{whose:Whose} legal actions include putting {card:Card} face down on "
            "{:Their} Digivolve Zone"))
def _legal_prepare(table: Table, whose: int, card: CardRef) -> None:
    """A ``prepare`` of ``card`` in the legal set (recorded in the vector)."""
    table.expect.true(_offers(table, whose, "prepare", card),
                      f"expected a way to prepare {card} among the legal actions")


@then(step("{whose:Whose} legal actions include setting up a Rookie change to {card:Card}"))
def _legal_change_rookie(table: Table, whose: int, card: CardRef) -> None:
    """A ``change_rookie`` to ``card`` in the legal set (recorded in the vector)."""
    table.expect.true(_offers(table, whose, "change_rookie", card),
                      f"expected a Rookie change to {card} among the legal actions")


def _offers(table: Table, whose: int, kind: str, card: CardRef) -> bool:
    """Does the player's legal set hold an action of type ``kind`` naming ``card``?"""
    serial = table.serial(card)
    return any(a.get("type") == kind and a.get("card") == serial
               for a in _legal_actions_of(table, whose))


@then(step("{whose:Whose} legal actions number {n:N}"))
def _legal_count(table: Table, whose: int, n: int) -> None:
    """The legal set at a position where the rules make a choice (counted by hand in the
    scenario); recorded in the vector, so an engine's whole legal set is compared there."""
    actions = _legal_actions_of(table, whose)
    table.expect.equal("number of legal actions", n, len(actions))

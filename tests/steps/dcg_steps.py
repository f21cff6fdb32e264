"""Step definitions for the Digimon Card Game scenarios (``features/dcg/``), in the game's
language: "it is my turn in the Main phase with memory 2", "my battle area has an unsuspended
Dracomon ST1-04", "I pass", "memory is 3 on my opponent's side", "the turn ends", "the action is
refused for DCG-6-4-1".

"I" am seat 0 and "my opponent" is seat 1. Memory in a step is read from one player's side:
"with memory 2" is on the side of the player whose turn it is, "memory is 3 on my opponent's
side" is where the one shared gauge stands. Cards are REAL cards of the card set ``dcg-real``
(``oracle/data/dcg/cards.json``) named by printed name and real number ("Dracomon ST1-04"), or
one of the nine INVENTED test-only cards ("Drain Testmon X-01", only where no real card
serves); a name that does not match its number is a typo in the feature file and fails at
once.

The game under test is driven only through the ``game_driver`` fixture (a
:class:`~oracle.driver.Driver`): ``load_state(setup, state)`` for a described position
(:mod:`.dcg_positions`), ``new_game(setup)`` for a new game, then ``apply(action)``. ``Then``
steps read the state JSON, never the oracle's events, so they hold for any implementation;
failures go through :class:`~.expect.Expect` and name the clause, the step and the difference.

``tests/test_features_dcg.py`` imports this module, so its steps are visible to the DCG
scenarios only and never compete with the Digi-Battle steps of the same wording ("I pass").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import pytest
from parse import with_pattern
from pytest_bdd import given, parsers, then, when

from oracle.driver import Driver, Outcome, Refusal
from oracle.resources import data_dir

from .dcg_plays import Plan, Unreached, plan, unmet
from .dcg_positions import PHASES, DcgPosition, PendingSpec, PositionError, StackSpec, cards
from .expect import Expect

WHOSE = ("my", "my opponent's")
WHO = ("I", "my opponent")

# ---------------------------------------------------------------------------------------------
# Parameter types


class Card(NamedTuple):
    """A card as a step names it: printed name and ID ("Dracomon", "ST1-04")."""

    name: str
    id: str

    def __str__(self) -> str:
        return f"{self.name} {self.id}"


_NAME = r"[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*"
_ID = r"(?:ST\d+|BT\d+|LM|X)-\d{2,3}"
CARD_PATTERN = rf"{_NAME} {_ID}"
_ONE = re.compile(rf"({_NAME}) ({_ID})")


def _card(text: str) -> Card:
    m = _ONE.fullmatch(text)
    if m is None:
        raise PositionError(f"not a card: {text!r}")
    card = Card(m.group(1), m.group(2))
    known = cards().get(card.id)
    if known is None:
        raise PositionError(f"{card}: no card {card.id} in the DCG card sets")
    printed = re.sub(r"\s*\(.*\)$", "", known["name"])
    if printed != card.name:
        raise PositionError(f"{card}: {card.id} is {printed}, not {card.name}")
    return card


@with_pattern(CARD_PATTERN)
def parse_card(text: str) -> Card:
    """``"Dracomon ST1-04"`` → ``Card("Dracomon", "ST1-04")`` (checked against the card set)."""
    return _card(text)


@with_pattern(rf"{CARD_PATTERN}(?:(?:, | and ){CARD_PATTERN})*")
def parse_cards(text: str) -> tuple[Card, ...]:
    """``"A ST1-01, B ST2-01 and C ST1-04"`` → three cards, in the order written."""
    return tuple(_card(m.group(0)) for m in _ONE.finditer(text))


@with_pattern(rf"{CARD_PATTERN}(?: over {CARD_PATTERN})*")
def parse_stack(text: str) -> tuple[Card, ...]:
    """``"Dusk Testmon X-02 over Dracomon ST1-04"`` → the stack's cards **bottom first**."""
    return tuple(reversed([_card(part) for part in text.split(" over ")]))


@with_pattern(r"I|my opponent")
def parse_who(text: str) -> int:
    """``"I"`` → 0, ``"my opponent"`` → 1."""
    return WHO.index(text)


@with_pattern(r"my|my opponent's")
def parse_whose(text: str) -> int:
    """``"my"`` → 0, ``"my opponent's"`` → 1."""
    return WHOSE.index(text)


@with_pattern(r"me|my opponent")
def parse_whom(text: str) -> int:
    """``"me"`` → 0, ``"my opponent"`` → 1 (object form)."""
    return 0 if text == "me" else 1


@with_pattern(r"Unsuspend|Draw|Breeding|Main")
def parse_phase(text: str) -> str:
    """A phase as the rulebook names it → the state's ``phase`` value."""
    return text.lower()


@with_pattern(r"(?:DB|DCG)-[A-Za-z0-9.]+(?:-[A-Za-z0-9.]+)*|CR4\.2 [A-Z][a-z]+(?: [a-z]+)*")
def parse_clause(text: str) -> str:
    """A clause ID (``DCG-6-4-1``) or a Comprehensive Rules title (``CR4.2 Mulligan``)."""
    return text


@with_pattern(r"\d+")
def parse_number(text: str) -> int:
    """A non-negative integer."""
    return int(text)


@with_pattern(r"[a-z0-9-]+")
def parse_reading(text: str) -> str:
    """An ambiguity reading name (``same-phase``)."""
    return text


@with_pattern(r"an unsuspended|a suspended")
def parse_orientation(text: str) -> bool:
    """``"a suspended"`` → True (suspended), ``"an unsuspended"`` → False."""
    return text == "a suspended"


@with_pattern(r"suspended|unsuspended")
def parse_state_word(text: str) -> bool:
    """``"suspended"`` → True, ``"unsuspended"`` → False."""
    return text == "suspended"


def _word(pattern: str):  # noqa: ANN202 - a parse type
    """A type that only matches ``pattern`` (verb forms, plurals) and carries no value."""
    return with_pattern(pattern)(lambda text: text)


def _verb(base: str, third: str | None = None):  # noqa: ANN202 - a parse type
    """``play``/``plays``, optionally after ``try to``/``tries to`` (an action the scenario
    expects to be refused reads "I try to play ...")."""
    third = third or base + "s"
    return _word(rf"(?:(?:try|tries) to )?(?:{third}|{base})")


TYPES = {
    "Card": parse_card, "Cards": parse_cards, "Stack": parse_stack, "Who": parse_who,
    "Whose": parse_whose, "Whom": parse_whom, "Phase": parse_phase, "Clause": parse_clause,
    "N": parse_number, "Reading": parse_reading, "Orientation": parse_orientation,
    "StateWord": parse_state_word,
    "CardWord": _word("cards|card"), "EffectWord": _word("effects are|effect is"),
    "Their": _word("my|their"), "Win": _word("wins|win"), "Keep": _verb("keep"),
    "Play": _verb("play"), "Pass": _verb("pass", "passes"), "Use": _verb("use"),
    "Digivolve": _verb("digivolve"), "Hatch": _verb("hatch", "hatches"),
    "Move": _verb("move"), "DoNothing": _word(r"(?:(?:try|tries) to )?(?:does|do) nothing"),
    "Attack": _verb("attack"), "Activate": _verb("activate"), "Resolve": _verb("resolve"),
    "Link": _verb("link"), "Take": _verb("take"), "Be": _word("am|is"),
    "Choose": _verb("choose"), "Block": _verb("block"),
    "NoBlock": _word(r"(?:does|do) not block"),
    "Try": _word("try|tries"), "Go": _word("goes|go"), "Has": _word("has|have"),
    "Special": _word("DNA digivolve|Burst digivolve|App Fuse"),
    "HowPlayed": _word("DigiXros|Assembly"),
    "Mode": with_pattern(r"hatch|move")(lambda text: text),
}


def step(pattern: str) -> parsers.cfparse:
    """A step parser for ``pattern`` with the DCG parameter types."""
    return parsers.cfparse(pattern, extra_types=TYPES)


# ---------------------------------------------------------------------------------------------
# The game under test as the steps see it


class DcgTable:
    """One DCG scenario's game: the position being described, then the running game.

    The first step that needs the game starts it (once); a refused action is kept until a
    ``Then the action is refused ...`` step looks at it, and any other step fails on it.
    """

    def __init__(self, driver: Driver, expect: Expect) -> None:
        self.driver = driver
        self.expect = expect
        self.position = DcgPosition()
        self.new_game_decks: list[Any] | None = None
        self.new_game_card_set: dict[str, Any] | None = None
        self.started = False
        self._state: Mapping[str, Any] | None = None
        self.start_state: Mapping[str, Any] | None = None
        self.refusal: Refusal | None = None
        self.refused_action: Mapping[str, Any] | None = None

    # -- describing -----------------------------------------------------------------------------

    @property
    def pos(self) -> DcgPosition:
        """The position being described (only before the game starts)."""
        if self.started:
            raise PositionError("a Given step after the game started: put every Given step "
                                "before the first When step")
        return self.position

    # -- starting -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the game (once): a new game, or the described position."""
        if self.started:
            return
        self.started = True
        pos = self.position
        try:
            if self.new_game_decks is not None:
                setup: dict[str, Any] = {"ruleset": "dcg", "decks": self.new_game_decks,
                                         "variants": dict(pos.variants)}
                if self.new_game_card_set is not None:
                    setup["card_set"] = self.new_game_card_set
                try:
                    state = self.driver.new_game(setup)
                except Exception as e:  # a refused set-up: kept for a "Then ... refused" step
                    clause = getattr(e, "clause", None)
                    self.refusal = Refusal("illegal" if clause else "invalid",
                                           getattr(e, "reason", None) or str(e),
                                           clause=clause, path=getattr(e, "path", None))
                    self.refused_action = {"type": "set-up"}
                    return
            else:
                try:
                    reason = (f"unreachable - {pos.load_reason}" if pos.load_reason
                              else None)
                    if reason is None:
                        _plan_for(pos)
                except Unreached as e:
                    # not (yet) rewritten into a position legal play reaches: loaded, and
                    # its vector says why an engine without load_state cannot run it
                    reason = f"no prelude found - {e}"
                if reason is not None:
                    state = self.driver.load_state(pos.setup(), pos.state())
                    note = getattr(self.driver, "note_needs_load_state", None)
                    if note is not None:
                        note(reason)
                else:
                    state = self._play_prelude(pos)
        except PositionError:
            raise
        except Exception as e:  # the game under test refused the set-up or the position
            self.expect.fail(f"the game under test refused the scenario's position: {e}")
        self._state = state
        self.start_state = state

    def _play_prelude(self, pos: DcgPosition) -> Mapping[str, Any]:
        """Reach the described position from ``new_game`` by the planned legal play
        (:func:`.dcg_plays.plan`), every action through the driver, then check that the game
        under test shows every fact the ``Given`` steps state."""
        __tracebackhide__ = True
        p = _plan_for(pos)
        mark = getattr(self.driver, "mark_prelude", None)
        if mark is not None:
            mark(True)
        try:
            state = self.driver.new_game(p.setup)
            for i, action in enumerate(p.actions):
                outcome = self.driver.apply(action)
                if outcome.refused:
                    r = outcome.refusal
                    self.expect.fail(f"reaching the scenario's position (prelude action {i + 1} "
                                     f"of {len(p.actions)}): the game under test refused "
                                     f"{action} ({r.clause}: {r.reason})" if r else "")
                assert outcome.state is not None
                state = outcome.state
        finally:
            if mark is not None:
                mark(False)
        why = unmet(pos, state, p.residue)
        if why is not None:
            self.expect.fail(f"the prelude ({len(p.actions)} actions from new_game) did not "
                             f"reach the scenario's position: {why}")
        return state

    # -- acting ---------------------------------------------------------------------------------

    def apply(self, action: Mapping[str, Any]) -> Outcome:
        """Apply one action through the driver; a refusal is kept for the next step."""
        self.start()
        self._no_pending_refusal()
        outcome = self.driver.apply(action)
        if outcome.refused:
            self.refusal = outcome.refusal
            self.refused_action = action
        else:
            assert outcome.state is not None
            self._state = outcome.state
        return outcome

    def _no_pending_refusal(self) -> None:
        __tracebackhide__ = True
        if self.refusal is not None:
            r = self.refusal
            why = f"{r.clause}: {r.reason}" if r.clause else r.reason
            self.expect.fail(f"the action {dict(self.refused_action or {})} was refused ({why})")

    def take_refusal(self) -> Refusal | None:
        """The pending refusal (cleared), or None."""
        self.start()
        r, self.refusal = self.refusal, None
        return r

    def finish(self) -> None:
        """At the end of the scenario: a refusal nobody looked at is a failure."""
        __tracebackhide__ = True
        if self.started:
            self._no_pending_refusal()

    # -- reading --------------------------------------------------------------------------------

    @property
    def state(self) -> Mapping[str, Any]:
        """The current state JSON (starts the game if needed)."""
        __tracebackhide__ = True
        self.start()
        self._no_pending_refusal()
        assert self._state is not None
        return self._state

    def player(self, p: int) -> Mapping[str, Any]:
        """Seat ``p``'s part of the current state."""
        return self.state["players"][p]

    def memory_of(self, p: int) -> int:
        """Memory as seat ``p`` reads it (positive: on ``p``'s side)."""
        s = self.state
        return s["memory"] if s["turn_player"] == p else -s["memory"]

    def stacks(self, p: int) -> list[Mapping[str, Any]]:
        """Seat ``p``'s stacks: battle area, then breeding area."""
        pl = self.player(p)
        out = list(pl["battle_area"])
        if pl["breeding_area"] is not None:
            out.append(pl["breeding_area"])
        return out

    def stack_with_top(self, p: int, card: Card, area: str | None = None) -> Mapping[str, Any]:
        """Seat ``p``'s one stack whose top card is ``card`` (in ``area`` if given)."""
        pl = self.player(p)
        if area == "breeding":
            found = [pl["breeding_area"]] if pl["breeding_area"] is not None else []
        elif area == "battle":
            found = list(pl["battle_area"])
        else:
            found = self.stacks(p)
        found = [s for s in found if s["cards"] and s["cards"][-1] == card.id]
        if len(found) != 1:
            self.expect.fail(f"expected exactly one stack of {WHOSE[p]} with {card} on top, "
                             f"found {len(found)}")
        return found[0]


_PLANS: dict[str, Plan] = {}


def _plan_for(pos: DcgPosition) -> Plan:
    """The prelude for ``pos`` (planned once per sketch and process)."""
    key = repr(pos)
    if key not in _PLANS:
        _PLANS[key] = plan(pos)
    return _PLANS[key]


def memory_text(value: int) -> str:
    """How a step says where memory stands, read from seat 0 ("3 on my opponent's side")."""
    if value == 0:
        return "0"
    return f"{abs(value)} on {WHOSE[0 if value > 0 else 1]} side"


@pytest.fixture
def dcg_table(game_driver: Driver, expect: Expect) -> Iterator[DcgTable]:
    """The scenario's DCG game (position being described, then the running game)."""
    t = DcgTable(game_driver, expect)
    yield t
    t.finish()


# ---------------------------------------------------------------------------------------------
# Given: the game, the turn, the phase and memory


@given(step('the reading "{reading:Reading}" of {amb}'))
def _reading(dcg_table: DcgTable, reading: str, amb: str) -> None:
    dcg_table.pos.variants[amb] = reading


@given(step("only load_state reaches this position: {reason}"))
def _load_only(dcg_table: DcgTable, reason: str) -> None:
    """The scenario's position is one no legal game reaches (the reason says why, for the
    vector's ``needs_load_state``): it is loaded with ``load_state`` as described."""
    dcg_table.pos.load_reason = reason


@given(step("the set-up is at the mulligan and {who:Who} {:Go} first"))
def _at_mulligan(dcg_table: DcgTable, who: int) -> None:
    """A set-up position (CR4.2 Game setup, DCG-AMB-4 "mulligan") after rock-paper-scissors:
    each player holds 5 cards and has the rest of the deck, no security cards yet, memory 0,
    turn 0, neither player has decided on the mulligan yet. The recorded ``turn_player`` is
    seat 0 (the state contract, ``schemas/dcg/state.schema.json``: "0 during set-up") unless a
    step says otherwise."""
    pos = dcg_table.pos
    pos.phase, pos.step, pos.turn = "setup", "mulligan", 0
    pos.first_player, pos.first_stated = who, True
    pos.turn_player = 0
    pos.memory = 0
    pos.mulligan_decided = [False, False]
    for side in pos.sides:
        side.hand_extra = 5
        side.security_size = 0


@given(step("memory stands at {n:N} on {whose:Whose} side during set-up"))
def _setup_memory(dcg_table: DcgTable, n: int, whose: int) -> None:
    """At a set-up position: where the memory gauge stands (from the recorded turn player's
    side, the state's convention)."""
    pos = dcg_table.pos
    pos.memory = n if whose == pos.turn_player else -n


@given(step("{who:Who} {:Has} kept {:Their} hand"))
def _kept(dcg_table: DcgTable, who: int) -> None:
    """At a set-up position: ``who`` has already decided on the mulligan, keeping the hand."""
    dcg_table.pos.mulligan_decided[who] = True


@given(step("a new game"))
def _new_game(dcg_table: DcgTable) -> None:
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = ["red-memory", "blue-tempo"]


@given(step("a new game on the shipped card set named {name}"))
def _new_game_named_set(dcg_table: DcgTable, name: str) -> None:
    """A new game (the shipped decks) whose set-up names a shipped card set:
    ``"card_set": {"name": name}``."""
    from oracle.dcg.cards import REAL_SET, TEST_ONLY_SET

    if name not in (REAL_SET, TEST_ONLY_SET):
        raise PositionError(f"{name!r} is not a shipped DCG card set")
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = ["red-memory", "blue-tempo"]
    dcg_table.new_game_card_set = {"name": name}


@given(step("a new game where both players use the {name} deck"))
def _new_game_same(dcg_table: DcgTable, name: str) -> None:
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = [name, name]


def _deck_list(dcg_table: DcgTable, whose: int) -> dict[str, Any]:
    """``whose`` deck of the new game as a deck object (a shipped deck's name is replaced by
    its deck list, to be changed by the step)."""
    from oracle.dcg.cards import load_deck
    from oracle.dcg.trace import deck_to_json

    decks = dcg_table.new_game_decks
    if decks is None:
        raise PositionError("a deck list is changed only in a new game: put 'Given a new "
                            "game' first")
    if isinstance(decks[whose], str):
        decks[whose] = deck_to_json(load_deck(decks[whose]))
    return decks[whose]  # type: ignore[no-any-return]


def _change_deck(dcg_table: DcgTable, whose: int, card: Card, by: int,
                 part: str | None = None) -> None:
    """Add ``by`` copies of ``card`` to ``whose`` deck list (remove, when negative): to the
    Digi-Egg deck if it is a Digi-Egg, else to the main deck (CR4.2 Deck construction), or to
    ``part`` (``"deck"``, ``"eggs"``) when given."""
    doc = _deck_list(dcg_table, whose)
    if part is None:
        part = "eggs" if cards()[card.id]["kind"] == "digi-egg" else "deck"
    entries = doc.setdefault(part, [])
    entry = next((e for e in entries if e["id"] == card.id), None)
    if entry is None:
        entry = {"id": card.id, "count": 0}
        entries.append(entry)
    entry["count"] += by
    if entry["count"] < 0:
        raise PositionError(f"{WHOSE[whose]} deck list holds fewer than {-by} {card}")
    if entry["count"] == 0:
        entries.remove(entry)


@given(step("{whose:Whose} deck list has {n:N} more {card:Card}"))
def _deck_more(dcg_table: DcgTable, whose: int, n: int, card: Card) -> None:
    _change_deck(dcg_table, whose, card, n)


@given(step("{whose:Whose} deck list has {n:N} fewer {card:Card}"))
def _deck_fewer(dcg_table: DcgTable, whose: int, n: int, card: Card) -> None:
    _change_deck(dcg_table, whose, card, -n)


@given(step("{whose:Whose} deck list has {n:N} more {card:Card} in its main deck"))
def _deck_more_main(dcg_table: DcgTable, whose: int, n: int, card: Card) -> None:
    """The main deck, whatever the card's kind (a Digi-Egg put where it does not belong)."""
    _change_deck(dcg_table, whose, card, n, "deck")


@given(step("{whose:Whose} deck list has {n:N} more {card:Card} in its Digi-Egg deck"))
def _deck_more_eggs(dcg_table: DcgTable, whose: int, n: int, card: Card) -> None:
    """The Digi-Egg deck, whatever the card's kind (a Digimon put where it does not belong)."""
    _change_deck(dcg_table, whose, card, n, "eggs")


@given(step("{whose:Whose} deck list has {n:N} more of card number {number}, which no card "
            "of its card set has"))
def _deck_more_unknown(dcg_table: DcgTable, whose: int, n: int, number: str) -> None:
    """Main-deck entries naming a card number that is in no DCG card set the steps know."""
    if number in cards():
        raise PositionError(f"{number} is a card of the DCG card sets: name one that is not")
    _deck_list(dcg_table, whose).setdefault("deck", []).append({"id": number, "count": n})


def _card_set_with(card: Card, **change: Any) -> dict[str, Any]:
    """The REAL card document (dcg-real) embedded whole, with ``card``'s fields changed."""
    doc = json.loads((data_dir() / "dcg" / "cards.json").read_text(encoding="utf-8"))
    for c in doc["cards"]:
        if c["id"] == card.id:
            c.update(change)
    return doc


@given(step("a new game whose card set gives {card:Card} a DP of {n:N}"))
def _new_game_card_dp(dcg_table: DcgTable, card: Card, n: int) -> None:
    """A new game (the shipped decks) on the REAL cards embedded in the set-up, ``card``
    given DP."""
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = ["red-memory", "blue-tempo"]
    dcg_table.new_game_card_set = _card_set_with(card, dp=n)


@given(step("a new game whose card set lists {card:Card} a second time with a play cost of "
            "{n:N}"))
def _new_game_card_twice(dcg_table: DcgTable, card: Card, n: int) -> None:
    """A new game on the REAL cards embedded in the set-up, with a second card of ``card``'s
    number after the last card: the same card but for its play cost."""
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = ["red-memory", "blue-tempo"]
    doc = _card_set_with(card)
    twin = next(c for c in doc["cards"] if c["id"] == card.id)
    doc["cards"].append({**twin, "play_cost": n})
    dcg_table.new_game_card_set = doc


@given(step("a new game whose card set marks {card:Card} unsupported without saying why"))
def _new_game_card_unsupported(dcg_table: DcgTable, card: Card) -> None:
    """A new game on the REAL cards embedded in the set-up, ``card`` marked ``supported:
    false`` with no ``unsupported`` reason."""
    dcg_table.pos  # noqa: B018 - fails once the game has started
    dcg_table.new_game_decks = ["red-memory", "blue-tempo"]
    dcg_table.new_game_card_set = _card_set_with(card, supported=False)


def _turn(dcg_table: DcgTable, whose: int, phase: str, memory: int,
          stated: bool = True) -> None:
    pos = dcg_table.pos
    key = phase.capitalize()
    if key not in PHASES:
        raise PositionError(f"a position waits for a decision: the Breeding or Main phase, "
                            f"not the {key} phase")
    pos.turn_player = whose
    pos.phase, pos.step = PHASES[key]
    pos.memory = memory
    pos.memory_stated = stated


@given(step("it is {whose:Whose} turn in the {phase:Phase} phase"))
def _turn_phase(dcg_table: DcgTable, whose: int, phase: str) -> None:
    _turn(dcg_table, whose, phase, 0, stated=False)


@given(step("it is {whose:Whose} turn in the {phase:Phase} phase with memory {n:N}"))
def _turn_phase_memory(dcg_table: DcgTable, whose: int, phase: str, n: int) -> None:
    _turn(dcg_table, whose, phase, n)


@given(step("it is {whose:Whose} turn in the {phase:Phase} phase with memory {n:N} on "
            "{side:Whose} side"))
def _turn_phase_memory_side(dcg_table: DcgTable, whose: int, phase: str, n: int,
                            side: int) -> None:
    _turn(dcg_table, whose, phase, n if side == whose else -n)


@given(step("it is the start of {whose:Whose} turn with memory {n:N}"))
def _start_of_turn(dcg_table: DcgTable, whose: int, n: int) -> None:
    """DCG-6-2-1-1: the start-of-turn effects are waiting (given by the steps below) and
    nothing is unsuspended yet; only a loaded position starts here."""
    pos = dcg_table.pos
    pos.turn_player = whose
    pos.phase, pos.step = "unsuspend", "unsuspend"
    pos.memory = n
    pos.memory_stated = True


@given(step("the [Start of Your Turn] effect of {whose:Whose} {card:Card} is waiting to "
            "resolve"))
def _waiting(dcg_table: DcgTable, whose: int, card: Card) -> None:
    """A triggered effect from the battle-area stack ``card`` tops."""
    dcg_table.pos.pending.append(PendingSpec(whose, card.id, "start_of_your_turn"))


@given(step("the [Start of Your Turn] effect of {whose:Whose} {card:Card} is waiting to "
            "resolve, though {top:Card} has digivolved onto it since"))
def _waiting_under(dcg_table: DcgTable, whose: int, card: Card, top: Card) -> None:
    """A triggered effect whose card now lies under ``top`` (the stack is described by a
    battle-area step, ``top`` over ``card``)."""
    stacks = [s for s in dcg_table.pos.sides[whose].battle_area
              if s.cards[-1] == top.id and card.id in s.cards[:-1]]
    if len(stacks) != 1:
        raise PositionError(f"no battle-area stack of {top} over {card} is described")
    dcg_table.pos.pending.append(PendingSpec(whose, card.id, "start_of_your_turn", "under"))


@given(step("the [Start of Your Turn] effect of {whose:Whose} {card:Card} is waiting to "
            "resolve, though the card has left the battle area for the trash since"))
def _waiting_gone(dcg_table: DcgTable, whose: int, card: Card) -> None:
    """A triggered effect whose stack is gone: ``card`` is in the trash."""
    side = dcg_table.pos.sides[whose]
    side.trash.append(card.id)
    dcg_table.pos.pending.append(PendingSpec(whose, card.id, "start_of_your_turn", "gone"))


@given(step("{who:Who} went first"))
def _went_first(dcg_table: DcgTable, who: int) -> None:
    dcg_table.pos.first_player = who
    dcg_table.pos.first_stated = True


@given(step("it is turn {n:N} of the game"))
def _turn_number(dcg_table: DcgTable, n: int) -> None:
    dcg_table.pos.turn = n


# ---------------------------------------------------------------------------------------------
# Given: zones


def _ids(cs: tuple[Card, ...]) -> list[str]:
    return [c.id for c in cs]


@given(step("{whose:Whose} hand holds {cs:Cards}"))
def _hand(dcg_table: DcgTable, whose: int, cs: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].hand += _ids(cs)


@given(step("{whose:Whose} hand holds {cs:Cards} and {n:N} other {:CardWord}"))
def _hand_and_others(dcg_table: DcgTable, whose: int, cs: tuple[Card, ...], n: int) -> None:
    side = dcg_table.pos.sides[whose]
    side.hand += _ids(cs)
    side.hand_extra += n
    side.hand_exact = True


@given(step("{whose:Whose} hand holds {n:N} {:CardWord}"))
def _hand_count(dcg_table: DcgTable, whose: int, n: int) -> None:
    side = dcg_table.pos.sides[whose]
    side.hand_extra = n - len(side.hand)
    side.hand_exact = True


@given(step("{whose:Whose} deck holds {n:N} {:CardWord}"))
def _deck_size(dcg_table: DcgTable, whose: int, n: int) -> None:
    dcg_table.pos.sides[whose].deck_size = n


@given(step("{whose:Whose} deck is empty"))
def _deck_empty(dcg_table: DcgTable, whose: int) -> None:
    side = dcg_table.pos.sides[whose]
    side.deck_size = 0
    side.deck_top = []


@given(step("the top card of {whose:Whose} deck is {card:Card}"))
def _deck_top(dcg_table: DcgTable, whose: int, card: Card) -> None:
    dcg_table.pos.sides[whose].deck_top = [card.id]


@given(step("{whose:Whose} Digi-Egg deck holds {cs:Cards}"))
def _egg_deck(dcg_table: DcgTable, whose: int, cs: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].egg_deck = _ids(cs)


@given(step("{whose:Whose} Digi-Egg deck is empty"))
def _egg_deck_empty(dcg_table: DcgTable, whose: int) -> None:
    dcg_table.pos.sides[whose].egg_deck = []


@given(step("{whose:Whose} breeding area holds {orientation:Orientation} {stack:Stack}"))
def _breeding(dcg_table: DcgTable, whose: int, orientation: bool,
              stack: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].breeding_area = StackSpec(_ids(stack), orientation)


@given(step("{whose:Whose} breeding area holds {stack:Stack}"))
def _breeding_plain(dcg_table: DcgTable, whose: int, stack: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].breeding_area = StackSpec(_ids(stack))


@given(step("{whose:Whose} battle area has {orientation:Orientation} {stack:Stack}"))
def _battle(dcg_table: DcgTable, whose: int, orientation: bool,
            stack: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].battle_area.append(StackSpec(_ids(stack), orientation))


@given(step("{whose:Whose} battle area has {orientation:Orientation} {stack:Stack} played "
            "this turn"))
def _battle_played(dcg_table: DcgTable, whose: int, orientation: bool,
                   stack: tuple[Card, ...]) -> None:
    dcg_table.pos.sides[whose].battle_area.append(StackSpec(_ids(stack), orientation, True))


@given(step("{whose:Whose} battle area has {cs:Cards}"))
def _battle_cards(dcg_table: DcgTable, whose: int, cs: tuple[Card, ...]) -> None:
    """Each card an unsuspended stack of its own, entered in the order written."""
    dcg_table.pos.sides[whose].battle_area += [StackSpec([c.id]) for c in cs]


@given(step("{whose:Whose} security holds {n:N} {:CardWord}"))
def _security_size(dcg_table: DcgTable, whose: int, n: int) -> None:
    dcg_table.pos.sides[whose].security_size = n
    dcg_table.pos.sides[whose].security_exact = True


@given(step("{whose:Whose} security is empty"))
def _security_empty(dcg_table: DcgTable, whose: int) -> None:
    side = dcg_table.pos.sides[whose]
    side.security_size = 0
    side.security_top = []
    side.security_exact = True


@given(step("the top card of {whose:Whose} security is {card:Card}"))
def _security_top(dcg_table: DcgTable, whose: int, card: Card) -> None:
    dcg_table.pos.sides[whose].security_top = [card.id]


# ---------------------------------------------------------------------------------------------
# When: set-up and chance


def _act(dcg_table: DcgTable, **action: Any) -> Outcome:
    return dcg_table.apply({k: v for k, v in action.items() if v is not None})


@when(step("the game is set up"))
def _set_up(dcg_table: DcgTable) -> None:
    dcg_table.start()


@when(step("the decks are shuffled"))
def _shuffle_all(dcg_table: DcgTable) -> None:
    """Answer every shuffle due now, each in the order the game lists the cards."""
    while True:
        chance = dcg_table.state.get("chance")
        if not chance or chance.get("kind") != "shuffle":
            return
        _act(dcg_table, type="shuffle", player=chance["player"], deck=chance["deck"],
             order=list(chance["cards"]))


@when(step("{whose:Whose} deck is shuffled without one of its cards"), target_fixture="outcome")
def _shuffle_short(dcg_table: DcgTable, whose: int) -> Outcome:
    """Answer the shuffle due of ``whose`` main deck with its cards but the last (CR4.2 Game
    setup: the order must hold exactly the deck's cards)."""
    chance = dcg_table.state.get("chance") or {}
    dcg_table.expect.equal("the chance due", ("shuffle", whose, "deck"),
                           (chance.get("kind"), chance.get("player"), chance.get("deck")))
    return _act(dcg_table, type="shuffle", player=whose, deck="deck",
                order=list(chance["cards"])[:-1])


@when(step("my opponent's deck is shuffled while mine is due"), target_fixture="outcome")
def _shuffle_other(dcg_table: DcgTable) -> Outcome:
    """Answer the shuffle due of my main deck as a shuffle of my opponent's, in the order the
    game lists my cards (the same cards when both seats hold the same deck list)."""
    chance = dcg_table.state.get("chance") or {}
    dcg_table.expect.equal("the chance due", ("shuffle", 0, "deck"),
                           (chance.get("kind"), chance.get("player"), chance.get("deck")))
    return _act(dcg_table, type="shuffle", player=1, deck="deck", order=list(chance["cards"]))


@when(step("rock-paper-scissors is won by {whom:Whom}"), target_fixture="outcome")
def _rps(dcg_table: DcgTable, whom: int) -> Outcome:
    return _act(dcg_table, type="choose_first", winner=whom)


@when(step("{who:Who} {:Keep} {:Their} hand"), target_fixture="outcome")
def _keep(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="keep", player=who)


@when(step("both players keep their hands"))
def _both_keep(dcg_table: DcgTable) -> None:
    first = dcg_table.state["first_player"]
    _act(dcg_table, type="keep", player=first)
    _act(dcg_table, type="keep", player=1 - first)


@when(step("{who:Who} {:Take} a mulligan"), target_fixture="outcome")
def _mulligan(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="mulligan", player=who)


# ---------------------------------------------------------------------------------------------
# When: Breeding phase


@when(step("{who:Who} {:Hatch} a Digi-Egg"), target_fixture="outcome")
def _hatch(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="hatch", player=who)


@when(step("{who:Who} {:Move} {card:Card} out of the breeding area"), target_fixture="outcome")
def _move(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    held = dcg_table.player(who)["breeding_area"]
    if held is not None and held["cards"][-1] != card.id:
        raise PositionError(f"{WHOSE[who]} breeding area holds {_show_stack(held)}, not {card}")
    return _act(dcg_table, type="move", player=who)


@when(step("{who:Who} {:DoNothing} in the Breeding phase"), target_fixture="outcome")
def _do_nothing(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="do_nothing", player=who)


# ---------------------------------------------------------------------------------------------
# When: Main phase


@when(step("{who:Who} {:Pass}"), target_fixture="outcome")
def _pass(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="pass", player=who)


@when(step("{who:Who} {:Play} {card:Card}"), target_fixture="outcome")
def _play(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    return _act(dcg_table, type="play", player=who, card=card.id)


@when(step("{who:Who} {:Use} {card:Card}"), target_fixture="outcome")
def _use(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    return _act(dcg_table, type="use_option", player=who, card=card.id)


@when(step("{who:Who} {:Digivolve} {base:Card} into {card:Card}"), target_fixture="outcome")
def _digivolve(dcg_table: DcgTable, who: int, base: Card, card: Card) -> Outcome:
    target = dcg_table.stack_with_top(who, base)["id"]
    return _act(dcg_table, type="digivolve", player=who, card=card.id, target=target)


@when(step("{who:Who} {:Digivolve} a Digimon {whose:Whose} battle area does not hold into "
           "{card:Card}"), target_fixture="outcome")
def _digivolve_nothing(dcg_table: DcgTable, who: int, whose: int, card: Card) -> Outcome:
    """A digivolve onto a stack id that no stack of the game has (one above every id)."""
    return _act(dcg_table, type="digivolve", player=who, card=card.id,
                target=_no_stack_id(dcg_table))


def _no_stack_id(dcg_table: DcgTable) -> int:
    """A stack id no stack of the game has: one above every id in play and ``next_id``."""
    s = dcg_table.state
    ids = [st["id"] for pl in s["players"] for st in pl["battle_area"]]
    ids += [pl["breeding_area"]["id"] for pl in s["players"] if pl["breeding_area"]]
    return max([*ids, s.get("next_id", 0)]) + 1


@when(step("{who:Who} {:Attack} my opponent with {card:Card}"), target_fixture="outcome")
def _attack_player(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    attacker = dcg_table.stack_with_top(who, card, "battle")["id"]
    return _act(dcg_table, type="attack", player=who, attacker=attacker, target="player")


@when(step("{who:Who} {:Attack} {whose:Whose} {victim:Card} with {card:Card}"),
      target_fixture="outcome")
def _attack_digimon(dcg_table: DcgTable, who: int, whose: int, victim: Card,
                    card: Card) -> Outcome:
    attacker = dcg_table.stack_with_top(who, card, "battle")["id"]
    target = dcg_table.stack_with_top(whose, victim, "battle")["id"]
    return _act(dcg_table, type="attack", player=who, attacker=attacker, target=target)


@when(step("{who:Who} {:Attack} a Digimon {whose:Whose} battle area does not hold with "
           "{card:Card}"), target_fixture="outcome")
def _attack_nothing(dcg_table: DcgTable, who: int, whose: int, card: Card) -> Outcome:
    """An attack on a stack id that no stack of the game has (one above every id in play)."""
    attacker = dcg_table.stack_with_top(who, card, "battle")["id"]
    return _act(dcg_table, type="attack", player=who, attacker=attacker,
                target=_no_stack_id(dcg_table))


@when(step("{who:Who} {:Activate} the [Main] effect of {card:Card}"), target_fixture="outcome")
def _activate(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    source = dcg_table.stack_with_top(who, card, "battle")["id"]
    return _act(dcg_table, type="activate", player=who, source=source)


@when(step("{who:Who} {:Activate} the [Main] effect of {whose:Whose} {card:Card}"),
      target_fixture="outcome")
def _activate_whose(dcg_table: DcgTable, who: int, whose: int, card: Card) -> Outcome:
    """``who`` activates the [Main] effect of a stack of ``whose`` (the other player's: a stack
    ``who`` does not have, DCG-6-5-1-6)."""
    source = dcg_table.stack_with_top(whose, card, "battle")["id"]
    return _act(dcg_table, type="activate", player=who, source=source)


@when(step("{who:Who} {:Activate} the [Main] effect of {card:Card} to {mode:Mode}"),
      target_fixture="outcome")
def _activate_mode(dcg_table: DcgTable, who: int, card: Card, mode: str) -> Outcome:
    """A card whose one [Main] offers two things (BT1-089: hatch or move) carries them as two
    effects of its card document; ``mode`` picks the one whose action is ``hatch``/``move``."""
    source = dcg_table.stack_with_top(who, card, "battle")["id"]
    effects = cards()[card.id]["effects"]
    index = next((i for i, e in enumerate(effects) if e["action"] == mode), None)
    if index is None:
        raise PositionError(f"{card} has no [Main] effect that can {mode}")
    return _act(dcg_table, type="activate", player=who, source=source, effect=index)


@when(step("{who:Who} {:Resolve} the effect of {card:Card} first"), target_fixture="outcome")
def _resolve_first(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    pending = list(dcg_table.state.get("pending", []))
    index = next((i for i, p in enumerate(pending) if p["card"] == card.id), None)
    if index is None:
        dcg_table.expect.fail(f"expected an effect of {card} to be waiting, found "
                              f"{[p['card'] for p in pending]}")
    return _act(dcg_table, type="resolve", player=who, index=index)


@when(step("{who:Who} {:Try} to resolve a pending effect that is not there"),
      target_fixture="outcome")
def _resolve_nothing(dcg_table: DcgTable, who: int) -> Outcome:
    """A ``resolve`` naming the index after the last pending effect (DCG-6-1-3)."""
    return _act(dcg_table, type="resolve", player=who,
                index=len(dcg_table.state.get("pending", [])))


@when(step("the effects resolve without a choice"))
def _no_choice(dcg_table: DcgTable) -> None:
    """Nothing to do: the scenario expects no order to be asked for (DCG-AMB-3 "card-order")."""
    pending = [p["card"] for p in dcg_table.state.get("pending", [])]
    dcg_table.expect.equal("effects waiting for a choice", [], pending)


@when(step("both {card:Card} effects resolve"))
def _identical_resolve(dcg_table: DcgTable, card: Card) -> None:
    """Two copies of one effect wait: the order cannot matter. A game that still asks for it
    (DCG-AMB-3 "turn-player-chooses" read literally) is answered with the first one."""
    while True:
        s = dcg_table.state
        pending = [p["card"] for p in s.get("pending", [])]
        if not pending:
            return
        if set(pending) != {card.id}:
            dcg_table.expect.fail(f"expected only {card} effects to be waiting, found {pending}")
        _act(dcg_table, type="resolve", player=s["turn_player"], index=0)


# -- actions chapter 6 names that this ruleset does not implement (refused as unsupported)


@when(step("{who:Who} {:Link} {card:Card} from {:Their} hand to {base:Card}"),
      target_fixture="outcome")
def _link_hand(dcg_table: DcgTable, who: int, card: Card, base: Card) -> Outcome:
    target = dcg_table.stack_with_top(who, base, "battle")["id"]
    return _act(dcg_table, type="link", player=who, card=card.id, target=target)


@when(step("{who:Who} {:Link} {card:Card} from {:Their} battle area to {base:Card}"),
      target_fixture="outcome")
def _link_battle(dcg_table: DcgTable, who: int, card: Card, base: Card) -> Outcome:
    target = dcg_table.stack_with_top(who, base, "battle")["id"]
    return _act(dcg_table, type="link", player=who, card=card.id, target=target)


_UNSUPPORTED_PLAY = {"DigiXros": "digixros", "Assembly": "assembly"}
_UNSUPPORTED_DIGIVOLVE = {"DNA digivolve": "dna_digivolve", "Burst digivolve": "burst_digivolve",
                          "App Fuse": "app_fusion"}


@when(step("{who:Who} {:Play} {card:Card} with {how:HowPlayed}"), target_fixture="outcome")
def _play_with(dcg_table: DcgTable, who: int, card: Card, how: str) -> Outcome:
    if how not in _UNSUPPORTED_PLAY:
        raise PositionError(f"unknown way to play: {how!r} (known: {list(_UNSUPPORTED_PLAY)})")
    return _act(dcg_table, type=_UNSUPPORTED_PLAY[how], player=who, card=card.id)


@when(step("{who:Who} {:Try} to {how:Special} {base:Card} into {card:Card}"),
      target_fixture="outcome")
def _digivolve_special(dcg_table: DcgTable, who: int, how: str, base: Card,
                       card: Card) -> Outcome:
    if how not in _UNSUPPORTED_DIGIVOLVE:
        raise PositionError(f"unknown way to digivolve: {how!r}")
    target = dcg_table.stack_with_top(who, base)["id"]
    return _act(dcg_table, type=_UNSUPPORTED_DIGIVOLVE[how], player=who, card=card.id,
                target=target)


# ---------------------------------------------------------------------------------------------
# Then: refusals


def _refusal(dcg_table: DcgTable) -> Refusal:
    __tracebackhide__ = True
    r = dcg_table.take_refusal()
    if r is None:
        dcg_table.expect.fail("expected the action to be refused, but it was applied")
    assert r is not None
    return r


@then(step("the set-up is refused as invalid input"))
def _setup_refused_invalid(dcg_table: DcgTable) -> None:
    """The set-up cannot be taken as given (``invalid``, with the JSON path of the bad value,
    docs/PROTOCOL.md): not a rule's refusal."""
    r = _refusal(dcg_table)
    dcg_table.expect.equal("the refusal's kind", "invalid",
                           r.kind if r.kind == "invalid" else f"{r.kind} ({r.clause}: {r.reason})")


@then(step("the action is refused"))
def _refused(dcg_table: DcgTable) -> None:
    _refusal(dcg_table)


@then(step("the action is refused for {clause:Clause}"))
def _refused_for(dcg_table: DcgTable, clause: str) -> None:
    r = _refusal(dcg_table)
    dcg_table.expect.equal("the refusal to cite", clause, r.clause)


@then(step("the set-up is refused for {clause:Clause}"))
def _setup_refused_for(dcg_table: DcgTable, clause: str) -> None:
    r = dcg_table.take_refusal()
    if r is None:
        dcg_table.expect.fail(f"expected the set-up refused for {clause}, but it was accepted")
    assert r is not None
    dcg_table.expect.equal("the refusal to cite", clause, r.clause if r.clause == clause
                           else f"{r.clause} ({r.kind}: {r.reason})")


@then(step("the action is refused as unsupported for {clause:Clause}"))
def _refused_unsupported(dcg_table: DcgTable, clause: str) -> None:
    r = _refusal(dcg_table)
    dcg_table.expect.equal("the refusal", f"unsupported ({clause})", f"{r.kind} ({r.clause})")


# ---------------------------------------------------------------------------------------------
# Then: turn, phase, result


def _turn_text(dcg_table: DcgTable) -> str:
    s = dcg_table.state
    if s["phase"] == "game_over":
        return f"the game over (winner {s.get('winner')})"
    return f"{WHOSE[s['turn_player']]} turn in the {s['phase']} phase"


@then(step("it is {whose:Whose} turn"))
def _is_turn(dcg_table: DcgTable, whose: int) -> None:
    s = dcg_table.state
    actual = WHOSE[s["turn_player"]] if s["phase"] != "game_over" else "nobody's (game over)"
    dcg_table.expect.equal("the turn to be", WHOSE[whose], actual)


@then(step("it is {whose:Whose} turn in the {phase:Phase} phase"))
@then(step("it is still {whose:Whose} turn in the {phase:Phase} phase"))
def _is_turn_phase(dcg_table: DcgTable, whose: int, phase: str) -> None:
    dcg_table.expect.equal("it to be", f"{WHOSE[whose]} turn in the {phase} phase",
                           _turn_text(dcg_table))


def _turns_on(dcg_table: DcgTable) -> int:
    assert dcg_table.start_state is not None
    return dcg_table.state["turn"] - dcg_table.start_state["turn"]


@then(step("the turn ends"))
def _turn_ends(dcg_table: DcgTable) -> None:
    s = dcg_table.state
    dcg_table.expect.true(_turns_on(dcg_table) >= 1,
                          f"expected the turn to end, but it is still turn {s['turn']} "
                          f"({_turn_text(dcg_table)})")


@then(step("the turn does not end"))
def _turn_goes_on(dcg_table: DcgTable) -> None:
    s = dcg_table.state
    dcg_table.expect.true(_turns_on(dcg_table) == 0 and s["phase"] != "game_over",
                          f"expected the turn to go on, but it is turn {s['turn']} "
                          f"({_turn_text(dcg_table)})")


@then(step("{who:Who} {:Win} the game"))
def _wins(dcg_table: DcgTable, who: int) -> None:
    s = dcg_table.state
    dcg_table.expect.equal("the game to be won by", WHO[who],
                           WHO[s["winner"]] if s.get("winner") is not None
                           else f"nobody ({_turn_text(dcg_table)})")


@then(step("the game goes on"))
def _game_goes_on(dcg_table: DcgTable) -> None:
    s = dcg_table.state
    dcg_table.expect.true(s["phase"] != "game_over",
                          f"expected the game to go on, but it is over (winner "
                          f"{s.get('winner')}, {s.get('reason')})")


@then(step("the game is a draw"))
def _draw(dcg_table: DcgTable) -> None:
    """CR4.2 "Infinite loops": a loop nobody can stop ends the game with no winner
    (``reason`` ``"infinite_loop"``)."""
    s = dcg_table.state
    drawn = (s["phase"] == "game_over" and s.get("winner") is None
             and s.get("reason") == "infinite_loop")
    dcg_table.expect.equal("the game to be", "a draw (an infinite loop)",
                           "a draw (an infinite loop)" if drawn
                           else f"{_turn_text(dcg_table)}, reason {s.get('reason')}")


def _legal(dcg_table: DcgTable, whose: int) -> list[Mapping[str, Any]]:
    """The legal set of ``whose`` (the player to move), recorded in the vector so that an
    engine's whole legal set is compared there; skips when the game cannot list it."""
    s = dcg_table.state
    dcg_table.expect.equal("player to move", WHO[whose],
                           WHO[s["to_move"]] if s["to_move"] in (0, 1) else str(s["to_move"]))
    actions = dcg_table.driver.legal_actions()
    if actions is None:
        pytest.skip("the game under test does not list legal actions")
    return [dict(a) for a in actions]


@then(step("{whose:Whose} legal actions number {n:N}"))
def _legal_count(dcg_table: DcgTable, whose: int, n: int) -> None:
    """The size of the legal set at a position where the rules make a choice (counted by
    hand in the scenario)."""
    dcg_table.expect.equal("number of legal actions", n, len(_legal(dcg_table, whose)))


def _activation(dcg_table: DcgTable, whose: int, card: Card,
                mode: str | None = None) -> dict[str, Any]:
    """The ``activate`` action for ``card``'s [Main] effect (``mode``: the one whose action
    that is; None: its first [Main] effect), as the legal set lists it."""
    source = dcg_table.stack_with_top(whose, card, "battle")["id"]
    index = next((i for i, e in enumerate(cards()[card.id]["effects"])
                  if e["timing"] == "main" and (mode is None or e["action"] == mode)), None)
    if index is None:
        raise PositionError(f"{card} has no [Main] effect" + (f" that can {mode}" if mode else ""))
    return {"type": "activate", "player": whose, "source": source, "effect": index}


@then(step("{whose:Whose} legal actions include playing {card:Card}"))
def _legal_includes_play(dcg_table: DcgTable, whose: int, card: Card) -> None:
    """DCG-6-5-1-1: playing ``card`` from the hand is among the legal actions."""
    want = {"type": "play", "player": whose, "card": card.id}
    dcg_table.expect.true(want in _legal(dcg_table, whose),
                          f"expected {want} among the legal actions")


@then(step("{whose:Whose} legal actions include using {card:Card}"))
def _legal_includes_use(dcg_table: DcgTable, whose: int, card: Card) -> None:
    """DCG-6-5-1-3: using the Option ``card`` from the hand is among the legal actions."""
    want = {"type": "use_option", "player": whose, "card": card.id}
    dcg_table.expect.true(want in _legal(dcg_table, whose),
                          f"expected {want} among the legal actions")


@then(step("{whose:Whose} legal actions do not include using {card:Card}"))
def _legal_excludes_use(dcg_table: DcgTable, whose: int, card: Card) -> None:
    """DCG-6-5-1-3: using the Option ``card`` from the hand is not among the legal actions."""
    want = {"type": "use_option", "player": whose, "card": card.id}
    dcg_table.expect.true(want not in _legal(dcg_table, whose),
                          f"expected {want} not among the legal actions")


@then(step("{whose:Whose} legal actions include activating the [Main] effect of {card:Card}"))
def _legal_includes_main(dcg_table: DcgTable, whose: int, card: Card) -> None:
    want = _activation(dcg_table, whose, card)
    dcg_table.expect.true(want in _legal(dcg_table, whose),
                          f"expected {want} among the legal actions")


@then(step("{whose:Whose} legal actions do not include activating the [Main] effect of "
           "{card:Card}"))
def _legal_excludes_main(dcg_table: DcgTable, whose: int, card: Card) -> None:
    want = _activation(dcg_table, whose, card)
    dcg_table.expect.true(want not in _legal(dcg_table, whose),
                          f"expected {want} not among the legal actions")


@then(step("{whose:Whose} legal actions include activating the [Main] effect of {card:Card} "
           "to {mode:Mode}"))
def _legal_includes_activation(dcg_table: DcgTable, whose: int, card: Card, mode: str) -> None:
    want = _activation(dcg_table, whose, card, mode)
    dcg_table.expect.true(want in _legal(dcg_table, whose),
                          f"expected {want} among the legal actions")


@then(step("{whose:Whose} legal actions do not include activating the [Main] effect of "
           "{card:Card} to {mode:Mode}"))
def _legal_excludes_activation(dcg_table: DcgTable, whose: int, card: Card, mode: str) -> None:
    want = _activation(dcg_table, whose, card, mode)
    dcg_table.expect.true(want not in _legal(dcg_table, whose),
                          f"expected {want} not among the legal actions")


@then(step("the game is being set up"))
def _setting_up(dcg_table: DcgTable) -> None:
    dcg_table.expect.equal("the phase", "setup", dcg_table.state["phase"])


@then(step("{who:Who} {:Be} to keep or mulligan {:Their} hand"))
def _mulligan_due(dcg_table: DcgTable, who: int) -> None:
    s = dcg_table.state
    dcg_table.expect.equal("the player to decide on a mulligan", WHO[who],
                           WHO[s["to_move"]] if s["phase"] == "setup"
                           and s["to_move"] in (0, 1) else f"nobody ({_turn_text(dcg_table)})")


# ---------------------------------------------------------------------------------------------
# Then: memory and pending effects


@then(step("memory is 0"))
def _memory_zero(dcg_table: DcgTable) -> None:
    dcg_table.expect.equal("memory", "0", memory_text(dcg_table.memory_of(0)))


@then(step("memory is {n:N} on {whose:Whose} side"))
def _memory(dcg_table: DcgTable, n: int, whose: int) -> None:
    expected = n if whose == 0 else -n
    dcg_table.expect.equal("memory", memory_text(expected), memory_text(dcg_table.memory_of(0)))


@then(step("{n:N} {:EffectWord} waiting to resolve"))
def _pending(dcg_table: DcgTable, n: int) -> None:
    pending = [p["card"] for p in dcg_table.state.get("pending", [])]
    dcg_table.expect.equal("the number of effects waiting to resolve", n, len(pending))


@then(step("nothing is waiting to resolve"))
def _nothing_pending(dcg_table: DcgTable) -> None:
    pending = [p["card"] for p in dcg_table.state.get("pending", [])]
    dcg_table.expect.equal("effects waiting to resolve", [], pending)


# ---------------------------------------------------------------------------------------------
# Then: zones


def _count(dcg_table: DcgTable, whose: int, zone: str, what: str, n: int) -> None:
    dcg_table.expect.equal(f"{WHOSE[whose]} {what} to hold", n,
                           len(dcg_table.player(whose)[zone]))


@then(step("{whose:Whose} hand holds {n:N} {:CardWord}"))
def _hand_n(dcg_table: DcgTable, whose: int, n: int) -> None:
    _count(dcg_table, whose, "hand", "hand", n)


@then(step("{whose:Whose} hand includes {card:Card}"))
def _hand_has(dcg_table: DcgTable, whose: int, card: Card) -> None:
    hand = list(dcg_table.player(whose)["hand"])
    dcg_table.expect.true(card.id in hand, f"expected {WHOSE[whose]} hand to include {card}, "
                          f"got {hand}")


@then(step("{whose:Whose} deck holds {n:N} {:CardWord}"))
def _deck_n(dcg_table: DcgTable, whose: int, n: int) -> None:
    _count(dcg_table, whose, "deck", "deck", n)


@then(step("{whose:Whose} Digi-Egg deck holds {n:N} {:CardWord}"))
def _eggs_n(dcg_table: DcgTable, whose: int, n: int) -> None:
    _count(dcg_table, whose, "egg_deck", "Digi-Egg deck", n)


@then(step("{whose:Whose} security holds {n:N} {:CardWord}"))
def _security_n(dcg_table: DcgTable, whose: int, n: int) -> None:
    _count(dcg_table, whose, "security", "security", n)


@then(step("{whose:Whose} trash includes {card:Card}"))
def _trash_has(dcg_table: DcgTable, whose: int, card: Card) -> None:
    trash = list(dcg_table.player(whose)["trash"])
    dcg_table.expect.true(card.id in trash, f"expected {WHOSE[whose]} trash to include {card}, "
                          f"got {trash}")


def _show_stack(s: Mapping[str, Any] | None) -> str:
    if s is None:
        return "nothing"
    names = " over ".join(f"{cards()[c]['name']} {c}" for c in reversed(s["cards"]))
    return f"{'a suspended' if s['suspended'] else 'an unsuspended'} {names}"


def _stack_text(orientation: bool, stack: tuple[Card, ...]) -> str:
    names = " over ".join(str(c) for c in reversed(stack))
    return f"{'a suspended' if orientation else 'an unsuspended'} {names}"


@then(step("{whose:Whose} battle area has {orientation:Orientation} {stack:Stack}"))
def _battle_has(dcg_table: DcgTable, whose: int, orientation: bool,
                stack: tuple[Card, ...]) -> None:
    shown = [_show_stack(s) for s in dcg_table.player(whose)["battle_area"]]
    want = _stack_text(orientation, stack)
    dcg_table.expect.true(want in shown, f"expected {WHOSE[whose]} battle area to have {want}, "
                          f"got {shown or 'nothing'}")


@then(step("{whose:Whose} battle area has no {card:Card}"))
def _battle_lacks(dcg_table: DcgTable, whose: int, card: Card) -> None:
    area = dcg_table.player(whose)["battle_area"]
    dcg_table.expect.true(card.id not in [s["cards"][-1] for s in area],
                          f"expected no {card} in {WHOSE[whose]} battle area, got "
                          f"{[_show_stack(s) for s in area]}")


@then(step("{whose:Whose} battle area is empty"))
def _battle_empty(dcg_table: DcgTable, whose: int) -> None:
    shown = [_show_stack(s) for s in dcg_table.player(whose)["battle_area"]]
    dcg_table.expect.equal(f"{WHOSE[whose]} battle area", [], shown)


@then(step("{whose:Whose} breeding area holds {orientation:Orientation} {stack:Stack}"))
def _breeding_has(dcg_table: DcgTable, whose: int, orientation: bool,
                  stack: tuple[Card, ...]) -> None:
    dcg_table.expect.equal(f"{WHOSE[whose]} breeding area to hold",
                           _stack_text(orientation, stack),
                           _show_stack(dcg_table.player(whose)["breeding_area"]))


@then(step("{whose:Whose} breeding area is empty"))
def _breeding_empty(dcg_table: DcgTable, whose: int) -> None:
    dcg_table.expect.equal(f"{WHOSE[whose]} breeding area to hold", "nothing",
                           _show_stack(dcg_table.player(whose)["breeding_area"]))


@then(step("{whose:Whose} {card:Card} is {suspended:StateWord}"))
def _orientation(dcg_table: DcgTable, whose: int, card: Card, suspended: bool) -> None:
    s = dcg_table.stack_with_top(whose, card)
    word = ("suspended", "unsuspended")
    dcg_table.expect.equal(f"{WHOSE[whose]} {card} to be", word[not suspended],
                           word[not s["suspended"]])


# ---------------------------------------------------------------------------------------------
# Choices inside effects and attacks (the ST-1/ST-2 cards): the state's "choice", answered by
# a "choose" action (targets: stack ids)


@when(step("{who:Who} {:Choose} {whose:Whose} {cs:Cards}"), target_fixture="outcome")
def _choose_targets(dcg_table: DcgTable, who: int, whose: int, cs: tuple[Card, ...]) -> Outcome:
    targets = [dcg_table.stack_with_top(whose, c, "battle")["id"] for c in cs]
    return _act(dcg_table, type="choose", player=who, targets=targets)


@when(step("{who:Who} {:Choose} no Digimon"), target_fixture="outcome")
def _choose_none(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="choose", player=who, targets=[])


@when(step("{who:Who} {:Choose} {card:Card} under {whose:Whose} {base:Card}"),
      target_fixture="outcome")
def _choose_source(dcg_table: DcgTable, who: int, card: Card, whose: int,
                   base: Card) -> Outcome:
    """ST2-15 Kaiser Nail: the digivolution card ``card`` of the stack topped by ``base``."""
    target = dcg_table.stack_with_top(whose, base, "battle")["id"]
    return _act(dcg_table, type="choose", player=who, targets=[target], card=card.id)


@when(step("{who:Who} {:Block} with {card:Card}"), target_fixture="outcome")
def _block(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    blocker = dcg_table.stack_with_top(who, card, "battle")["id"]
    return _act(dcg_table, type="choose", player=who, targets=[blocker])


@when(step("{who:Who} {:NoBlock}"), target_fixture="outcome")
def _no_block(dcg_table: DcgTable, who: int) -> Outcome:
    return _act(dcg_table, type="choose", player=who, targets=[])


@when(step("{who:Who} {:Attack} me with {card:Card}"), target_fixture="outcome")
def _attack_me(dcg_table: DcgTable, who: int, card: Card) -> Outcome:
    attacker = dcg_table.stack_with_top(who, card, "battle")["id"]
    return _act(dcg_table, type="attack", player=who, attacker=attacker, target="player")


@then(step("{who:Who} {:Be} to choose the targets of {card:Card}"))
def _to_choose(dcg_table: DcgTable, who: int, card: Card) -> None:
    """``who`` is to move, inside the effect of ``card`` (the ``choice`` detail, where the
    game shows it, names the card)."""
    s = dcg_table.state
    c = s.get("choice")
    dcg_table.expect.equal("the player to move", who, s.get("to_move"))
    if c is not None or "choice" in s:
        dcg_table.expect.equal("the choice due", f"targets of {card.id}",
                               f"{c.get('kind')} of {c.get('card')}" if c else "none")


@then(step("{who:Who} {:Be} to decide whether to block"))
def _to_block(dcg_table: DcgTable, who: int) -> None:
    """``who`` (the defender) is to move in the attack's block timing (CR4.2 Blocking)."""
    s = dcg_table.state
    c = s.get("choice")
    dcg_table.expect.equal("the player to move", who, s.get("to_move"))
    dcg_table.expect.true(s.get("attack") is not None, "expected an attack in progress")
    if c is not None:
        dcg_table.expect.equal("the choice due", "block", c.get("kind"))


@then(step("no choice is due"))
def _no_choice_due(dcg_table: DcgTable) -> None:
    dcg_table.expect.equal("the choice due", None, dcg_table.state.get("choice"))

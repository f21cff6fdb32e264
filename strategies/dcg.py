"""Hypothesis strategies for the Digimon Card Game ruleset (``dcg``): decks of the REAL card
set ``dcg-real``, variant choices, set-ups, chance outcomes and whole games.

Fixed strategies are module constants (``variant_choices``, ``first_players``); parameterised
ones are functions (``deck_lists(cards)``, ``chance_outcomes(state)``); ``@composite`` is kept
for dependent draws (a deck whose counts add up to 50, a game that walks ``legal_actions``).

Everything shrinks towards small, readable examples:

- a deck towards the lowest card IDs, four copies each, in sorted order (``BT1-009`` ×4,
  ``BT1-014`` ×4, …) and no Digi-Eggs; a set-up towards the shipped decks (red-memory vs
  blue-tempo) and every default reading (``{}``);
- rock-paper-scissors towards player 0; a shuffle (a permutation) towards the sorted order;
- a player's choice is drawn from ``legal_actions(state)`` in :data:`PREFERENCE` order
  (attack, move, hatch, play, …, pass, do nothing last), so it shrinks towards the move that
  brings a direct attack closer: shrunk games are short and end by a direct attack;
- the number of steps of an :func:`action_sequences` prefix is drawn first, small-biased.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from oracle.dcg import (
    Action,
    CardSet,
    DcgConfig,
    DeckList,
    Event,
    Game,
    State,
    apply,
    legal_actions,
    load_cards,
    load_deck,
    make_game,
    new_game,
)
from oracle.dcg.restricted import load_restricted_list
from oracle.dcg.trace import deck_to_json
from oracle.variants import REGISTRY

__all__ = [
    "DCG_AMBIGUITIES",
    "PREFERENCE",
    "DcgSetup",
    "Playout",
    "action_sequences",
    "chance_outcomes",
    "copies_allowed",
    "deck_lists",
    "first_players",
    "game_setups",
    "games",
    "is_stuck",
    "next_actions",
    "player_choices",
    "replay",
    "shipped_decks",
    "variant_choices",
]

DECK_SIZE = 50
MAX_EGGS = 5
MAX_COPIES = 4

# ------------------------------------------------------------------------------------------
# Decks


def _fill(counts: list[int], total: int, caps: Sequence[int] | None = None) -> list[int]:
    """Repair drawn per-card ``counts`` (each 0..its cap, default 4) to add up to exactly
    ``total``: cut from the last cards, then top up the first ones (so all-zero counts become
    the lowest IDs, as many copies each as their caps allow)."""
    caps = caps if caps is not None else [MAX_COPIES] * len(counts)
    out = list(counts)
    i = len(out) - 1
    while sum(out) > total:
        cut = min(out[i], sum(out) - total)
        out[i] -= cut
        i -= 1
    i = 0
    while sum(out) < total:
        out[i] += min(caps[i] - out[i], total - sum(out))
        i += 1
    return out


def copies_allowed(card_id: str, format_date: str | None = None) -> int:
    """At most how many copies of ``card_id`` a deck holds: 4 (CR4.2 Deck construction), or
    the limit of the official restricted list in force on ``format_date`` (default: the
    newest list; :mod:`oracle.dcg.restricted`)."""
    rl = load_restricted_list()
    limit = rl.in_force(format_date or rl.newest)[1].get(card_id)
    return MAX_COPIES if limit is None else min(MAX_COPIES, limit.count)


def deck_lists(cards: CardSet | None = None, *, min_eggs: int = 0,
               max_eggs: int = MAX_EGGS) -> SearchStrategy[DeckList]:
    """Legal decks (CR4.2 Deck construction and the newest official restricted list) of
    ``cards`` (default: the REAL set ``dcg-real``): 50 main-deck cards, ``min_eggs`` …
    ``max_eggs`` Digi-Eggs, at most 4 copies of a card and at most the list's limit of a
    restricted one (Gravity Crush BT1-090, Hammer Spark ST2-13: 1), supported cards only (an
    unsupported card is refused in a deck).

    :raises InvalidArgument: bad egg bounds, or a card set too small for a 50-card deck.
    """
    cs = cards or load_cards()
    main_ids = sorted(c.id for c in cs.cards.values() if c.kind != "digi-egg" and c.supported)
    egg_ids = sorted(c.id for c in cs.cards.values() if c.kind == "digi-egg" and c.supported)
    if not 0 <= min_eggs <= max_eggs <= MAX_EGGS:
        raise InvalidArgument(f"need 0 <= min_eggs <= max_eggs <= 5, got {min_eggs}, {max_eggs}")
    main_caps = [copies_allowed(c) for c in main_ids]
    egg_caps = [copies_allowed(c) for c in egg_ids]
    if sum(main_caps) < DECK_SIZE:
        raise InvalidArgument(f"{cs.name}: too few cards for a 50-card deck")
    max_eggs = min(max_eggs, sum(egg_caps))
    if min_eggs > max_eggs:
        raise InvalidArgument(f"{cs.name}: too few Digi-Eggs for {min_eggs}")

    @st.composite
    def decks(draw: st.DrawFn) -> DeckList:
        counts = _fill([draw(st.integers(0, cap)) for cap in main_caps], DECK_SIZE, main_caps)
        n_eggs = draw(st.integers(min_eggs, max_eggs))
        eggs = _fill([draw(st.integers(0, cap)) for cap in egg_caps], n_eggs, egg_caps) \
            if egg_ids else []
        main = tuple(c for c, n in zip(main_ids, counts, strict=True) for _ in range(n))
        egg_list = tuple(c for c, n in zip(egg_ids, eggs, strict=True) for _ in range(n))
        return DeckList(name="drawn", main=main, eggs=egg_list)

    return decks()


shipped_decks: SearchStrategy[DeckList] = st.sampled_from(("red-memory", "blue-tempo")).map(
    load_deck)
"""The two shipped decks (``oracle/data/dcg/decks``), shrinking towards red-memory."""

# ------------------------------------------------------------------------------------------
# Variant readings and set-ups

DCG_AMBIGUITIES = tuple(a for a in REGISTRY if a.ruleset == "dcg")

variant_choices: SearchStrategy[dict[str, str]] = st.fixed_dictionaries(
    {}, optional={a.id: st.sampled_from(a.reading_names()) for a in DCG_AMBIGUITIES})
"""Partial DCG variant maps (``DCG-AMB-n`` → reading from ``oracle.variants.REGISTRY``);
missing IDs take their default. Shrinks towards ``{}`` and each reading towards the default."""


class DcgSetup(NamedTuple):
    """What a game is played with: the decks (seat 0, seat 1) and the readings (the card set
    is the REAL set ``dcg-real``)."""

    decks: tuple[DeckList, DeckList]
    variants: Mapping[str, str]

    def game(self) -> Game:
        """A new :class:`~oracle.dcg.Game` for this set-up."""
        return make_game(DcgConfig(self.decks, dict(self.variants)))

    def to_json(self) -> dict[str, Any]:
        """The driver's setup form (``{"ruleset": "dcg", "decks": [...], "variants"}``)."""
        return {"ruleset": "dcg", "decks": [deck_to_json(d) for d in self.decks],
                "variants": dict(self.variants)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> DcgSetup:
        """The set-up of a driver setup written by :meth:`to_json` (decks as objects).

        :raises InvalidInputError: a malformed or illegal deck.
        """
        from oracle.dcg.cards import deck_from_json

        cards = load_cards()
        decks = [deck_from_json(x, cards) for x in d["decks"]]
        return cls((decks[0], decks[1]), dict(d.get("variants") or {}))

    def __repr__(self) -> str:
        return f"DcgSetup.from_json({json.dumps(self.to_json(), separators=(',', ':'))})"


def game_setups(*, decks: SearchStrategy[DeckList] | None = None,
                variants: SearchStrategy[Mapping[str, str]] = variant_choices,
                ) -> SearchStrategy[DcgSetup]:
    """Set-ups: two decks from ``decks`` and readings from ``variants``. By default each deck
    is a shipped one 3 times in 4, else drawn by :func:`deck_lists`; a default set-up shrinks
    to red-memory vs blue-tempo (a red-memory first deck is never mirrored)."""
    chosen = decks if decks is not None else st.sampled_from((0, 0, 0, 1)).flatmap(
        lambda drawn: deck_lists() if drawn else shipped_decks)

    @st.composite
    def setups(draw: st.DrawFn) -> DcgSetup:
        first = draw(chosen)
        second = draw(chosen) if decks is not None else draw(
            chosen.filter(lambda d: d.name != "red-memory") if first.name == "red-memory"
            else chosen)
        return DcgSetup((first, second), draw(variants))

    return setups()


# ------------------------------------------------------------------------------------------
# Chance outcomes and players' choices

first_players: SearchStrategy[Action] = st.sampled_from(
    (Action("choose_first", winner=0), Action("choose_first", winner=1)))
"""Rock-paper-scissors outcomes (CR4.2 Game setup), shrinking towards player 0."""


def chance_outcomes(state: State) -> SearchStrategy[Action]:
    """Outcomes of the chance node ``state.chance``: the rock-paper-scissors winner or a
    shuffle as a permutation of the cards due (top first).

    :raises InvalidArgument: no chance outcome is due.
    """
    due = state.chance
    if due is None or state.to_move != "chance":
        raise InvalidArgument("no chance outcome is due in this state")
    if due.kind == "first_player":
        return first_players
    return st.permutations(list(due.cards)).map(
        lambda order: Action("shuffle", due.player, deck=due.deck, order=tuple(order)))


#: The order a player's choices are drawn in (and shrink towards): moves that bring a
#: direct attack closer first, the ones that end a turn or do nothing last.
PREFERENCE = ("attack", "move", "hatch", "play", "digivolve", "use_option", "activate",
              "resolve", "keep", "mulligan", "pass", "do_nothing")


def _preference(action: Action) -> int:
    return PREFERENCE.index(action.type) if action.type in PREFERENCE else len(PREFERENCE)


def player_choices(state: State) -> SearchStrategy[Action]:
    """One of ``legal_actions(state)``, drawn in :data:`PREFERENCE` order (then the oracle's
    canonical order), so it shrinks towards an attack, a hatch or move, a play: shrunk games
    are short and end by a direct attack.

    :raises InvalidArgument: nobody is to move, or the player to move has no legal action.
    """
    acts = legal_actions(state)
    if not acts:
        raise InvalidArgument(f"no legal action for {state.to_move!r} in {state.phase}/"
                              f"{state.step}")
    return st.sampled_from(sorted(acts, key=_preference))


def next_actions(state: State) -> SearchStrategy[Action]:
    """The next action of a random game: a chance outcome or a legal player's choice.

    :raises InvalidArgument: the game is over.
    """
    if state.to_move is None:
        raise InvalidArgument("the game is over")
    return chance_outcomes(state) if state.to_move == "chance" else player_choices(state)


# ------------------------------------------------------------------------------------------
# Whole games


def is_stuck(state: State) -> bool:
    """True when the player to move can only pass and the pass changes nothing, so the game
    can never end but by CR4.2 "Infinite loops": e.g. under a raised turn-end threshold (the
    test-only Tamer Testzed X-03: "ends only when memory is 6 or more on your opponent's
    side") a pass leaves memory at 3 (or, DCG-AMB-2 "never-lower", further) on the
    opponent's side and the turn goes on. The oracle ends the game as a draw there
    (``reason == "infinite_loop"``),
    at the latest after that pass, and as soon as play reaches such a position; so only a
    hand-built (loaded) state is ever stuck, and a random game never stops at one (see
    ``tests/dcg/test_pass_loop.py``).
    """
    if state.to_move not in (0, 1) or state.step != "main":
        return False
    acts = legal_actions(state)
    if len(acts) != 1 or acts[0].type != "pass":
        return False
    after = apply(state, acts[0])[0]
    if after == state:
        return True
    return after.reason == "infinite_loop" and replace(
        after, phase=state.phase, step=state.step, to_move=state.to_move, winner=None,
        reason=None) == state


class Playout(NamedTuple):
    """A game played from ``new_game``: ``states[0]`` is the initial state and
    ``states[i + 1]``/``events[i]`` follow ``actions[i]``."""

    setup: DcgSetup | None
    game: Game
    actions: tuple[Action, ...]
    states: tuple[State, ...]
    events: tuple[tuple[Event, ...], ...]

    @property
    def final(self) -> State:
        """The last state."""
        return self.states[-1]

    @property
    def finished(self) -> bool:
        """True when the game is over."""
        return self.final.is_over

    @property
    def stuck(self) -> bool:
        """True when the game stopped at a position it can never leave (:func:`is_stuck`);
        never for a played game, which the oracle ends as a CR4.2 "Infinite loops" draw
        there."""
        return is_stuck(self.final)

    def to_json(self) -> dict[str, Any]:
        """Set-up (when drawn) and actions as JSON: everything needed to replay the game."""
        setup = self.setup.to_json() if self.setup else {"ruleset": "dcg"}
        return {"setup": setup, "actions": [a.to_json() for a in self.actions]}

    def __repr__(self) -> str:
        return f"Playout({json.dumps(self.to_json(), separators=(',', ':'))})"


def _walk(draw: st.DrawFn, setup: DcgSetup | None, game: Game, steps: int) -> Playout:
    state = new_game(game)
    actions: list[Action] = []
    states = [state]
    events: list[tuple[Event, ...]] = []
    for _ in range(steps):
        if state.to_move is None:
            break
        action = draw(next_actions(state))
        state, evs = apply(state, action)
        actions.append(action)
        states.append(state)
        events.append(evs)
    return Playout(setup, game, tuple(actions), tuple(states), tuple(events))


def _small_counts(draw: st.DrawFn, max_value: int) -> int:
    """An integer in 0 … ``max_value``, log-uniform (small-biased), shrinking towards 0."""
    bits = draw(st.integers(0, max_value.bit_length()))
    return draw(st.integers(0, min(max_value, (1 << bits) - 1)))


def action_sequences(game: Game | None = None, *, max_steps: int = 200,
                     ) -> SearchStrategy[Playout]:
    """Prefixes of random games of ``game`` (default: the shipped decks, default readings):
    a small-biased number of steps (at most ``max_steps``), each a legal choice or a chance
    outcome.

    :raises InvalidArgument: ``max_steps`` < 0.
    """
    if max_steps < 0:
        raise InvalidArgument(f"max_steps must be >= 0, got {max_steps}")
    chosen = game or make_game(DcgConfig())

    @st.composite
    def walks(draw: st.DrawFn) -> Playout:
        return _walk(draw, None, chosen, _small_counts(draw, max_steps))

    return walks()


def games(*, setups: SearchStrategy[DcgSetup] | None = None,
          max_steps: int = 3000) -> SearchStrategy[Playout]:
    """Whole random games: a set-up from ``setups`` (default :func:`game_setups`), then legal
    choices and chance outcomes until the game is over (loops nobody can stop are draws,
    CR4.2 "Infinite loops") or ``max_steps`` steps.

    :raises InvalidArgument: ``max_steps`` < 1.
    """
    if max_steps < 1:
        raise InvalidArgument(f"max_steps must be >= 1, got {max_steps}")
    chosen = setups if setups is not None else game_setups()

    @st.composite
    def whole_games(draw: st.DrawFn) -> Playout:
        setup = draw(chosen)
        return _walk(draw, setup, setup.game(), max_steps)

    return whole_games()


def replay(game: Game, actions: Sequence[Action]) -> list[tuple[State, tuple[Event, ...]]]:
    """Apply ``actions`` from ``new_game(game)``; returns each state after and its events.

    :raises IllegalActionError: an action the rules refuse.
    """
    state = new_game(game)
    out = []
    for a in actions:
        state, evs = apply(state, a)
        out.append((state, evs))
    return out

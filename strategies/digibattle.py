"""Hypothesis strategies for Digi-Battle: cards, card sets, decks, variants and whole games.

Fixed strategies are module constants (``cards``, ``variant_choices``, ``targets``);
parameterised ones are functions (``decks(card_set)``, ``chance_outcomes(state)``);
``@composite`` is kept for dependent draws (a card pool whose requirements name its own
Digimon, a deck around a Rookie, a game that walks ``legal_actions``).

Everything is built to shrink towards small, readable examples:

- a card shrinks towards a bare POWER BLAST (a Digimon towards a Red Rookie with zero power and
  no effects); a card pool towards one Rookie;
- a deck towards the first Rookie and the 29 lowest serials of its card set (for seat 1 the
  last Rookie and the highest serials, so the simplest game is no mirror match);
- a target towards 1 point, a variant choice towards ``{}`` (every default reading);
- a player's choice is an *index* into ``legal_actions(state)`` (the oracle's canonical
  order), so it shrinks towards the first legal action; a shuffle is a permutation, which
  shrinks towards the sorted order; a coin toss towards seat 0;
- the number of steps of an :func:`action_sequences` playout is drawn first, small-biased.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from oracle.cards import (
    ABILITIES,
    BATTLE_TYPES,
    LEVELS,
    RESTRICTIONS,
    CardSet,
    DigimonCard,
    default_card_set,
)
from oracle.digibattle import Action, Event, Game, State, apply, legal_actions, new_game
from oracle.errors import IllegalActionError, InvalidInputError, OracleError
from oracle.variants import REGISTRY

CARD_SET_FORMAT = "digiconform-card-set/1"
DECK_FORMAT = "digiconform-deck/1"
DECK_SIZE = 30
MAX_TARGET = 1000

# ------------------------------------------------------------------------------------------
# Card vocabulary

levels: SearchStrategy[str] = st.sampled_from(LEVELS)
"""Digivolve levels, shrinking towards ``"Rookie"``."""

battle_types: SearchStrategy[str] = st.sampled_from(BATTLE_TYPES)
"""Battle Types (DB-A.4), shrinking towards ``"Red"``."""

battle_type_sets: SearchStrategy[list[str]] = st.lists(
    battle_types, min_size=1, max_size=len(BATTLE_TYPES), unique=True)
"""Non-empty lists of distinct Battle Types (a DIGIVICE's types, a condition's types)."""

abilities: SearchStrategy[str] = st.sampled_from(ABILITIES)
"""Special Abilities (Fly, Swim, Dig)."""

serials: SearchStrategy[str] = st.builds(
    "{}-{:02d}".format, st.sampled_from(["ST", "BO", "EX", "X1"]), st.integers(1, 999))
"""Card serials in the printed style (``"ST-01"``); the schema allows more."""

names: SearchStrategy[str] = st.text(
    st.characters(codec="ascii", categories=("Lu", "Ll", "Nd")), min_size=1, max_size=12)
"""Card names (non-empty)."""

powers: SearchStrategy[int] = st.integers(0, 99).map(lambda k: 10 * k)
"""A Digimon Power value: multiples of 10 from 0 to 990, like the printed charts."""

points: SearchStrategy[int] = st.integers(1, 8).map(lambda k: 50 * k)
"""A SCORE chart entry or effect score: multiples of 50 from 50 to 400."""

power_charts: SearchStrategy[dict[str, int]] = st.fixed_dictionaries(
    {t: powers for t in BATTLE_TYPES})
"""Power charts (DB-A.4): Digimon Power against each Battle Type."""

score_charts: SearchStrategy[dict[str, int]] = st.fixed_dictionaries(
    {lv: points for lv in LEVELS})
"""SCORE charts (DB-C.5): points for defeating each level."""

conditions: SearchStrategy[dict[str, Any]] = st.one_of(
    st.fixed_dictionaries({"opponent_battle_type": battle_type_sets}),
    st.fixed_dictionaries({"opponent_ability": abilities}),
    st.just({"opponent_higher_level": True}),
)
"""Effect conditions ("when confronting ..."): exactly one field."""


def _effect(kind: str, **params: SearchStrategy[Any]) -> SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"kind": st.just(kind), **params}, optional={"when": conditions})


digimon_effects: SearchStrategy[dict[str, Any]] = st.one_of(
    _effect("score_on_digivolve", points=points),
    _effect("opponent_digimon_offline_on_tie"),
    _effect("mill_opponent_on_win", count=st.integers(1, 5)),
)
"""Effects printed on Digimon cards (closed vocabulary, ``oracle.cards.EFFECT_KINDS``)."""

power_option_effects: SearchStrategy[dict[str, Any]] = st.one_of(
    _effect("add_power", amount=powers),
    _effect("multiply_power", factor=st.integers(1, 3)),
    _effect("divide_opponent_power", divisor=st.integers(1, 4)),
    _effect("grant_ability", ability=abilities),
    _effect("mill_opponent_on_loss", count=st.integers(1, 5)),
    _effect("double_score_on_win"),
    _effect("downgrade_champion"),
    _effect("digivice", battle_types=battle_type_sets),
    _effect("ultra_digivolve"),
)
"""Effects printed on Power Option cards (closed vocabulary)."""

effects: SearchStrategy[dict[str, Any]] = digimon_effects | power_option_effects
"""Any effect of the closed vocabulary, with its own parameters and an optional condition."""

use_requirements: SearchStrategy[dict[str, Any]] = st.one_of(
    st.fixed_dictionaries({"kind": st.just("discard_from_hand"), "count": st.integers(1, 3)}),
    st.fixed_dictionaries({"kind": st.just("online_to_offline"), "count": st.integers(1, 5)}),
    st.fixed_dictionaries({"kind": st.just("own_ability"), "ability": abilities}),
    st.just({"kind": "discard_rest_of_hand"}),
)
"""Power Option Use Requirements (DB-C.2)."""

restriction_lists: SearchStrategy[list[str]] = st.lists(
    st.sampled_from(sorted(RESTRICTIONS)), unique=True, max_size=len(RESTRICTIONS))
"""Lists of distinct restriction tags."""

partners: SearchStrategy[dict[str, str]] = st.one_of(
    st.fixed_dictionaries({"name": names}), st.fixed_dictionaries({"level": levels}))
"""DNA partners: a Digimon name or any Digimon of a level."""


def requirements(sources: SearchStrategy[str] = names) -> SearchStrategy[dict[str, Any]]:
    """Digivolve Requirement options (DB-B.3) whose ``from`` names are drawn from ``sources``."""
    partner = st.one_of(st.fixed_dictionaries({"name": sources}),
                        st.fixed_dictionaries({"level": levels}))
    return st.one_of(
        st.fixed_dictionaries({"kind": st.just("tribute"), "from": sources,
                               "offline": st.integers(1, 3)}),
        st.fixed_dictionaries({"kind": st.just("digivice"), "from": sources}),
        st.fixed_dictionaries({"kind": st.just("dna"),
                               "partners": st.lists(partner, min_size=2, max_size=2)}),
    )


_TEXTS = st.text(st.characters(codec="ascii", exclude_categories=("Cc",)), max_size=20)
_OPTIONAL_COMMON: dict[str, SearchStrategy[Any]] = {
    "set": st.sampled_from(["Starter Set", "Booster Set 1", "Hypothesis"]),
    "rarity": st.sampled_from(["COMMON", "UNCOMMON", "RARE"]),
    "notes": st.lists(_TEXTS, max_size=2),
}


def _digimon(level: str, serial: SearchStrategy[str], name: SearchStrategy[str],
             reqs: SearchStrategy[dict[str, Any]], *, lean: bool = False,
             ) -> SearchStrategy[dict[str, Any]]:
    required: dict[str, SearchStrategy[Any]] = {
        "serial": serial, "name": name, "kind": st.just("digimon"), "level": st.just(level),
        "battle_type": battle_types, "power": power_charts, "score": score_charts,
    }
    optional: dict[str, SearchStrategy[Any]] = {
        "special_abilities": st.lists(abilities, unique=True, max_size=len(ABILITIES)),
        "effects": st.lists(digimon_effects, max_size=2),
    }
    if not lean:  # printed details that no rule reads
        optional.update(
            _OPTIONAL_COMMON,
            attacks=st.fixed_dictionaries({}, optional={t: _TEXTS for t in BATTLE_TYPES}),
            text=st.none() | _TEXTS, description=st.none() | _TEXTS,
            digimon_type=st.none() | st.sampled_from(["Vaccine", "Data", "Virus"]),
        )
    if level == "Rookie":
        optional["digivolve_requirements"] = st.just([])
    else:
        required["digivolve_requirements"] = st.lists(reqs, min_size=1, max_size=3)
    return st.fixed_dictionaries(required, optional=optional)


def _power_option(serial: SearchStrategy[str], name: SearchStrategy[str], *,
                  lean: bool = False) -> SearchStrategy[dict[str, Any]]:
    optional: dict[str, SearchStrategy[Any]] = {
        "effects": st.lists(power_option_effects, min_size=1, max_size=2),
        "use_requirements": st.lists(use_requirements, max_size=2),
        "restrictions": restriction_lists,
    }
    if not lean:  # printed details that no rule reads
        optional.update(_OPTIONAL_COMMON, text=_TEXTS,
                        restriction_texts=st.lists(_TEXTS, max_size=2))
    return st.fixed_dictionaries(
        {"serial": serial, "name": name, "kind": st.just("power_option"),
         "option_type": st.sampled_from(["POWER BLAST", "DIGIVOLVE"])},
        optional=optional,
    )


def _unsupported(card: SearchStrategy[dict[str, Any]]) -> SearchStrategy[dict[str, Any]]:
    return card.map(lambda c: {**c, "supported": False,
                               "unsupported_reason": "needs an effect outside the vocabulary"})


digimon_cards: SearchStrategy[dict[str, Any]] = st.one_of(
    [_digimon(lv, serials, names, requirements()) for lv in LEVELS])
"""Schema-valid Digimon card objects (``card.schema.json``) of every level."""

power_option_cards: SearchStrategy[dict[str, Any]] = _power_option(serials, names)
"""Schema-valid Power Option card objects, POWER BLAST and DIGIVOLVE."""

supported_cards: SearchStrategy[dict[str, Any]] = digimon_cards | power_option_cards
"""Schema-valid cards of both kinds whose effects are all in the closed vocabulary."""

cards: SearchStrategy[dict[str, Any]] = st.one_of(
    supported_cards, _unsupported(supported_cards))
"""Schema-valid card objects of both kinds, a few marked ``"supported": false`` with a reason."""


# Pool cards are drawn from prebuilt strategies (building strategies per card is slow); a
# requirement names its source by an index into the Digimon one level below, resolved later.
_SOURCE_SLOTS = st.integers(0, 15)
_POOL_REQUIREMENTS = requirements(_SOURCE_SLOTS)  # type: ignore[arg-type]
_POOL_DIGIMON = {lv: _digimon(lv, st.just(""), st.just(""), _POOL_REQUIREMENTS, lean=True)
                 for lv in LEVELS}
_POOL_OPTIONS = _power_option(st.just(""), st.just(""), lean=True)
_POOL_SLOTS = st.sampled_from((*LEVELS, "option"))


def _resolve_sources(req: dict[str, Any], sources: list[str]) -> dict[str, Any]:
    """Replace source indices in a pool requirement by names from ``sources``."""
    out = dict(req)
    if "from" in out:
        out["from"] = sources[out["from"] % len(sources)]
    if "partners" in out:
        out["partners"] = [{"name": sources[p["name"] % len(sources)]} if "name" in p else p
                           for p in out["partners"]]
    return out


@st.composite
def card_pools(draw: st.DrawFn, *, min_size: int = 1, max_size: int = 40,
               ) -> list[dict[str, Any]]:
    """Lists of supported cards with distinct serials (``EX-01`` …) and names, at least one
    Rookie, lowest levels first, whose Digivolve Requirements and DNA partners name Digimon of
    the pool (one level below when there is one)."""
    if not 1 <= min_size <= max_size:
        raise InvalidArgument(f"need 1 <= min_size <= max_size, got {min_size}, {max_size}")
    n = draw(st.integers(min_size, max_size))
    # Slot kinds: one Rookie, then any level or a Power Option; lowest levels first.
    kinds = ["Rookie", *draw(st.lists(_POOL_SLOTS, min_size=n - 1, max_size=n - 1))]
    kinds.sort(key=lambda k: LEVELS.index(k) if k in LEVELS else len(LEVELS))
    pool: list[dict[str, Any]] = []
    by_level: dict[str, list[str]] = {lv: [] for lv in LEVELS}
    for k, kind in enumerate(kinds, start=1):
        serial = f"EX-{k:02d}"
        if kind == "option":
            pool.append({**draw(_POOL_OPTIONS), "serial": serial, "name": f"Option {k}"})
            continue
        name = f"{kind[0]}{k}mon"
        card = {**draw(_POOL_DIGIMON[kind]), "serial": serial, "name": name}
        if kind != "Rookie":
            lower = [nm for lv in LEVELS[:LEVELS.index(kind)] for nm in by_level[lv]]
            sources = by_level[LEVELS[LEVELS.index(kind) - 1]] or lower
            card["digivolve_requirements"] = [
                _resolve_sources(r, sources) for r in card["digivolve_requirements"]]
        pool.append(card)
        by_level[kind].append(name)
    return pool


def card_sets(*, min_size: int = 1, max_size: int = 40) -> SearchStrategy[dict[str, Any]]:
    """Schema-valid card-set documents (``card-set.schema.json``) holding a card pool."""
    return card_pools(min_size=min_size, max_size=max_size).map(
        lambda pool: {"format": CARD_SET_FORMAT, "id": "hypothesis-pool",
                      "name": "Hypothesis card pool", "cards": pool})


def playable_card_sets(*, max_size: int = 45) -> SearchStrategy[CardSet]:
    """Loaded card sets with enough cards for two decks (at least 30, one Rookie or more)."""
    return card_sets(min_size=DECK_SIZE, max_size=max(DECK_SIZE, max_size)).map(
        lambda doc: _load_card_set(json.dumps(doc, sort_keys=True)))


@lru_cache(maxsize=256)
def _load_card_set(text: str) -> CardSet:
    """``card_set_from_json`` of a card-set document's text (memoised: replays while
    shrinking load the same documents again, and schema validation is slow)."""
    from oracle.cards import card_set_from_json

    return card_set_from_json(json.loads(text))


bundled_card_sets: SearchStrategy[CardSet] = st.builds(default_card_set)
"""The shipped card set (``oracle/data/upper-deck.cardset.json``), always."""


# ------------------------------------------------------------------------------------------
# Decks


def _playable(card_set: CardSet) -> tuple[list[str], list[str]]:
    """(Rookie serials, other serials) of the supported cards, in serial order."""
    ok = sorted(s for s, c in card_set.cards.items() if c.supported)
    rookies = [s for s in ok if _is_rookie(card_set, s)]
    return rookies, [s for s in ok if s not in set(rookies)]


def _is_rookie(card_set: CardSet, serial: str) -> bool:
    card = card_set.cards.get(serial)
    return isinstance(card, DigimonCard) and card.level == "Rookie"


def decks(card_set: CardSet | None = None, *, reverse: bool = False,
          ) -> SearchStrategy[tuple[str, ...]]:
    """Legal decks: 30 distinct supported serials of ``card_set`` (default: the shipped set)
    with at least one Rookie (DB-A.0, DB-A.1, DB-A.5), sorted.

    A deck shrinks towards the first Rookie and the 29 lowest serials, or with ``reverse`` the
    last Rookie and the highest serials (:func:`game_setups` uses that for seat 1, so that the
    simplest game is not a mirror match, which ties every Duel for ever).
    """
    cs = card_set or default_card_set()
    rookies, others = _playable(cs)
    if not rookies or len(rookies) + len(others) < DECK_SIZE:
        raise InvalidArgument(
            f"card set {cs.id} cannot make a legal deck: {len(rookies)} Rookies, "
            f"{len(rookies) + len(others)} supported cards")
    if reverse:
        rookies, others = rookies[::-1], others[::-1]

    @st.composite
    def around_a_rookie(draw: st.DrawFn) -> tuple[str, ...]:
        rookie = draw(st.sampled_from(rookies))
        rest = [s for s in rookies if s != rookie] + others
        rest.sort(reverse=reverse)
        more = draw(st.lists(st.sampled_from(rest), min_size=DECK_SIZE - 1,
                             max_size=DECK_SIZE - 1, unique=True))
        return tuple(sorted([rookie, *more]))

    return around_a_rookie()


def deck_documents(card_set: CardSet | None = None) -> SearchStrategy[dict[str, Any]]:
    """Schema-valid deck documents (``deck.schema.json``) holding a legal deck."""
    cs = card_set or default_card_set()
    return decks(cs).map(lambda d: {"format": DECK_FORMAT, "id": "hypothesis-deck",
                                    "card_set": cs.id, "cards": list(d)})


class AlmostLegalDeck(NamedTuple):
    """A deck that breaks exactly one deck rule, and how it must be refused.

    ``kind`` is ``"short"`` or ``"long"`` (29/31 cards, DB-A.0), ``"duplicate"`` (DB-A.5),
    ``"no_rookie"`` (DB-A.1) or ``"unknown_serial"`` (``InvalidInputError`` at ``path``, the
    JSON path relative to the deck document, ``$.cards[i]``).
    """

    cards: tuple[str, ...]
    kind: str
    clause: str | None
    path: str | None

    @property
    def error(self) -> type[OracleError]:
        """The error type ``oracle.cards.check_deck`` must raise."""
        return InvalidInputError if self.path else IllegalActionError


ALMOST_LEGAL_KINDS: tuple[str, ...] = ("short", "long", "duplicate", "no_rookie",
                                       "unknown_serial")


def almost_legal_decks(card_set: CardSet | None = None) -> SearchStrategy[AlmostLegalDeck]:
    """Decks one step away from legal, each tagged with the clause or path it breaks."""
    cs = card_set or default_card_set()
    rookies, others = _playable(cs)
    kinds = list(ALMOST_LEGAL_KINDS)
    if len(others) < DECK_SIZE:
        kinds.remove("no_rookie")
    if len(rookies) + len(others) <= DECK_SIZE:
        kinds.remove("long")

    @st.composite
    def breaking_one_rule(draw: st.DrawFn) -> AlmostLegalDeck:
        kind = draw(st.sampled_from(kinds))
        if kind == "no_rookie":
            cards = draw(st.lists(st.sampled_from(others), min_size=DECK_SIZE,
                                  max_size=DECK_SIZE, unique=True))
            return AlmostLegalDeck(tuple(sorted(cards)), kind, "DB-A.1", None)
        deck = list(draw(decks(cs)))
        rookie_at = next(i for i, s in enumerate(deck) if _is_rookie(cs, s))
        others_at = [i for i in range(DECK_SIZE) if i != rookie_at]
        if kind == "short":
            del deck[draw(st.sampled_from(others_at))]
            return AlmostLegalDeck(tuple(deck), kind, "DB-A.0", None)
        if kind == "long":
            extra = draw(st.sampled_from(sorted(set(rookies + others) - set(deck))))
            return AlmostLegalDeck(tuple(sorted([*deck, extra])), kind, "DB-A.0", None)
        i = draw(st.sampled_from(others_at))
        if kind == "duplicate":
            deck[i] = deck[draw(st.sampled_from([j for j in range(DECK_SIZE) if j != i]))]
            return AlmostLegalDeck(tuple(deck), kind, "DB-A.5", None)
        unknown = draw(serials.filter(lambda s: s not in cs))
        deck[i] = unknown
        return AlmostLegalDeck(tuple(deck), kind, None, f"$.cards[{i}]")

    return breaking_one_rule()


# ------------------------------------------------------------------------------------------
# Game set-up: targets, variant readings

DB_AMBIGUITIES = tuple(a for a in REGISTRY if a.ruleset == "digibattle")

BOUNDARY_TARGETS: tuple[int, ...] = tuple(
    t for k in range(1, 11) for t in (100 * k, 100 * k - 1, 100 * k + 1) if 1 <= t <= MAX_TARGET)
"""Targets on and next to the score steps the printed SCORE charts produce (DB-C.9)."""

targets: SearchStrategy[int] = st.integers(1, MAX_TARGET) | st.sampled_from(BOUNDARY_TARGETS)
"""Target scores 1 … 1000 (DB-C.9), often on or next to a multiple of 100; shrinks to 1."""

variant_choices: SearchStrategy[dict[str, str]] = st.fixed_dictionaries(
    {}, optional={a.id: st.sampled_from(a.reading_names()) for a in DB_AMBIGUITIES})
"""Partial variant maps (ambiguity ID → reading from ``oracle.variants.REGISTRY``); missing
IDs take their default. Shrinks towards ``{}`` and each reading towards the default."""


class GameSetup(NamedTuple):
    """What a game is played with: card set, decks (seat 0, seat 1), target and readings, and
    optionally the referee's Duel limit (``Game.max_duels``: not a rule, a safeguard)."""

    card_set: CardSet
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    target: int
    variants: Mapping[str, str]
    max_duels: int | None = None

    def game(self) -> Game:
        """A new :class:`~oracle.digibattle.Game` for this setup."""
        return Game(self.card_set, self.decks, self.target, dict(self.variants),
                    self.max_duels)

    def to_json(self) -> dict[str, Any]:
        """The driver's setup form (card set by ID when it is the shipped one)."""
        shipped = self.card_set.id == default_card_set().id
        doc = {"ruleset": "digibattle",
               "card_set": {"id": self.card_set.id} if shipped else dict(self.card_set.raw),
               "decks": [list(d) for d in self.decks], "target": self.target,
               "variants": dict(self.variants)}
        if self.max_duels is not None:
            doc["max_duels"] = self.max_duels
        return doc

    def __repr__(self) -> str:
        limit = "" if self.max_duels is None else f", max_duels={self.max_duels!r}"
        return (f"GameSetup(card_set={self.card_set.id!r}, decks={self.decks!r}, "
                f"target={self.target!r}, variants={dict(self.variants)!r}{limit})")


def game_setups(*, sets: SearchStrategy[CardSet] = bundled_card_sets,
                variants: SearchStrategy[Mapping[str, str]] = variant_choices,
                target_scores: SearchStrategy[int] = targets) -> SearchStrategy[GameSetup]:
    """Game set-ups: a card set from ``sets``, two legal decks of it, a target, readings."""

    @st.composite
    def setups(draw: st.DrawFn) -> GameSetup:
        cs = draw(sets)
        pair = (draw(decks(cs)), draw(decks(cs, reverse=True)))
        return GameSetup(cs, pair, draw(target_scores), draw(variants))

    return setups()


# ------------------------------------------------------------------------------------------
# Chance outcomes and players' choices


def chance_outcomes(state: State) -> SearchStrategy[Action]:
    """Outcomes of the chance node ``state.chance``: a coin toss winner (DB-B.1) or a
    shuffle as a permutation of the cards due (DB-A.2, DB-D.2, DB-D.3)."""
    due = state.chance
    if due is None:
        raise InvalidArgument("no chance outcome is due in this state")
    if due[0] == "coin_toss":
        return st.sampled_from((Action("coin_toss", winner=0), Action("coin_toss", winner=1)))
    _, player, due_cards = due
    return st.permutations(list(due_cards)).map(
        lambda order: Action("shuffle", player, order=tuple(order)))


def player_choices(state: State) -> SearchStrategy[Action]:
    """One of ``legal_actions(state)``, drawn by index (shrinks to the first legal action).

    At a Regroup discard the last action (``draw``) is favoured, so a random player discards
    about one card per Regroup instead of most of the hand.
    """
    acts = legal_actions(state)
    if not acts:
        raise InvalidArgument(f"no legal action for {state.to_move!r} in {state.phase}/"
                              f"{state.step}")
    choice = st.sampled_from(acts)
    if state.step == "discard" and len(acts) > 1:
        choice = choice | st.just(acts[-1])
    return choice


def next_actions(state: State) -> SearchStrategy[Action]:
    """The next action of a random game: a chance outcome or a legal player's choice."""
    if state.is_terminal():
        raise InvalidArgument("the game is over")
    return chance_outcomes(state) if state.chance is not None else player_choices(state)


# ------------------------------------------------------------------------------------------
# Whole games


class Playout(NamedTuple):
    """A game played from ``new_game``: ``states[0]`` is the initial state and
    ``states[i + 1]``/``events[i]`` follow ``actions[i]``."""

    setup: GameSetup | None
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
        return self.final.is_terminal()

    def to_json(self) -> dict[str, Any]:
        """Setup and actions as JSON: everything needed to replay the game."""
        setup = self.setup.to_json() if self.setup else self.game.to_json()
        return {"setup": setup, "actions": [a.to_json() for a in self.actions]}

    def __repr__(self) -> str:
        return f"Playout({json.dumps(self.to_json(), separators=(',', ':'))})"


def _walk(draw: st.DrawFn, setup: GameSetup | None, game: Game, steps: int) -> Playout:
    state = new_game(game)
    actions: list[Action] = []
    states = [state]
    events: list[tuple[Event, ...]] = []
    for _ in range(steps):
        if state.is_terminal():
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


def action_sequences(game: Game, *, max_steps: int = 200) -> SearchStrategy[Playout]:
    """Prefixes of random games of ``game``: a small-biased number of steps (at most
    ``max_steps``, fewer if the game ends), each a legal choice or a chance outcome."""
    if max_steps < 0:
        raise InvalidArgument(f"max_steps must be >= 0, got {max_steps}")

    @st.composite
    def walks(draw: st.DrawFn) -> Playout:
        return _walk(draw, None, game, _small_counts(draw, max_steps))

    return walks()


GAME_MAX_DUELS = 100
"""The Duel limit :func:`games` gives a set-up that has none (``Game.max_duels``).

Not a rule but needed: under DB-AMB-3 ``just-sent`` only the cards just sent from the board
are recycled, so discards never come back, and a random game can reach a position where both
players hold only their Rookie, with empty hands and Online decks (:func:`stalled`). Every
later Duel is the same two Rookies; if they tie, no rule ever ends the game. Measured with
``python tools/measure_game_lengths.py --examples 1500 --seed 1 --max-duels 0`` (no limit,
budget 3,000 steps): 1,482 games reached the target, the longest in 45 Duels and 372 steps;
the other 18 (1.2 %, all ``just-sent``, all stalled, the last score change by Duel 27) ran
out of steps, and no step budget would have ended them. With the limit of 100 Duels (twice
the longest finished game) the same run ends those 18 as ``end_reason: "duel_limit"`` in at
most 673 steps, and every other game as before."""

GAME_MAX_STEPS = 3000
"""The step budget of :func:`games`: a guard only (with the Duel limit, the longest measured
game took 673 steps)."""


def stalled(state: State) -> bool:
    """True when no card can come into play again, so every later Duel repeats the last.

    That is: DB-AMB-3 reads ``just-sent`` (the Offline pile is never recycled), set-up is
    over, no shuffle is due, and each player has an empty hand, Online deck, Digivolve Zone
    and Power Port, no face-down Rookie waiting, and only the Rookie on the Duel Zone. The
    game then goes on only while the two Rookies tie, for ever (the rules give no other end).
    """
    return (state.game.variants["DB-AMB-3"] == "just-sent"
            and state.phase != "setup" and state.chance is None
            and all(not me.hand and not me.online and not me.digivolve_zone
                    and not me.power_port and me.pending_rookie is None
                    and len(me.duel_zone) == 1 for me in state.players))


def games(*, setups: SearchStrategy[GameSetup] | None = None,
          max_steps: int = GAME_MAX_STEPS,
          max_duels: int | None = GAME_MAX_DUELS) -> SearchStrategy[Playout]:
    """Whole random games: a set-up from ``setups`` (default :func:`game_setups`), then
    legal choices and chance outcomes until the game is over (or ``max_steps`` steps).

    A set-up without a Duel limit gets ``max_duels`` (default :data:`GAME_MAX_DUELS`; ``None``:
    no limit), so that a :func:`stalled` game ends (``end_reason`` ``"duel_limit"``, no
    winner) instead of running out of steps; every other game ends at its target first.
    """
    if max_steps < 1:
        raise InvalidArgument(f"max_steps must be >= 1, got {max_steps}")
    if max_duels is not None and max_duels < 1:
        raise InvalidArgument(f"max_duels must be >= 1 or None, got {max_duels}")
    chosen = setups if setups is not None else game_setups()

    @st.composite
    def whole_games(draw: st.DrawFn) -> Playout:
        setup = draw(chosen)
        if setup.max_duels is None and max_duels is not None:
            setup = setup._replace(max_duels=max_duels)
        return _walk(draw, setup, setup.game(), max_steps)

    return whole_games()


def replay(game: Game, actions: Sequence[Action]) -> list[tuple[State, tuple[Event, ...]]]:
    """Apply ``actions`` from ``new_game(game)``; returns each state after and its events."""
    state = new_game(game)
    out = []
    for a in actions:
        state, evs = apply(state, a)
        out.append((state, evs))
    return out

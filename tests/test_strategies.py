"""Tests of the Hypothesis strategies themselves (``strategies/digibattle.py``).

Each strategy generates what it promises (schema-valid, legal, tagged correctly), can reach
the interesting cases, and shrinks to the small example its docstring names.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from oracle.cards import (
    EFFECT_KINDS,
    LEVELS,
    CardSet,
    DigimonCard,
    card_from_json,
    card_set_from_json,
    check_deck,
    default_card_set,
)
from oracle.digibattle import Game, apply, legal_actions, new_game
from oracle.errors import IllegalActionError, InvalidInputError
from oracle.validation import validate
from oracle.variants import resolve
from strategies import digibattle as sd
from strategies.profiles import PROFILES, load_profile

load_profile()

BUNDLED = default_card_set()
FIND = settings(database=None, max_examples=2000, suppress_health_check=list(HealthCheck))
REACH = settings(FIND, phases=(Phase.generate,))  # "can be generated": no need to shrink
FEW = settings(max_examples=max(5, settings.default.max_examples // 5))  # slow strategies


def rookies_of(cs: CardSet) -> list[str]:
    return sorted(s for s, c in cs.cards.items()
                  if isinstance(c, DigimonCard) and c.level == "Rookie")


# ------------------------------------------------------------------------------------------
# Cards and card sets


@given(sd.cards)
def test_cards_are_schema_valid_and_load(card: dict[str, Any]) -> None:
    validate(card, "card")
    loaded = card_from_json(card)
    assert loaded.serial == card["serial"] and loaded.kind == card["kind"]
    assert {e.kind for e in loaded.effects} <= EFFECT_KINDS
    assert loaded.supported == card.get("supported", True)


DIGIMON_EFFECTS = {"score_on_digivolve", "opponent_digimon_offline_on_tie", "mill_opponent_on_win"}


@pytest.mark.parametrize("kind", sorted(EFFECT_KINDS))
def test_every_effect_kind_can_be_generated(kind: str) -> None:
    # Cards draw their effects from these two strategies.
    on_digimon = kind in DIGIMON_EFFECTS
    effects = sd.digimon_effects if on_digimon else sd.power_option_effects
    effect = find(effects, lambda e: e["kind"] == kind, settings=REACH)
    card = BUNDLED.raw["cards"][0] if on_digimon else {
        "serial": "EX-01", "name": "Option", "kind": "power_option", "option_type": "POWER BLAST"}
    validate({**card, "effects": [effect]}, "card")


@pytest.mark.parametrize("level", LEVELS)
def test_digimon_of_every_level_and_power_options_can_be_generated(level: str) -> None:
    assert find(sd.cards, lambda c: c.get("level") == level, settings=REACH)["level"] == level
    assert find(sd.cards, lambda c: c["kind"] == "power_option", settings=REACH)


@pytest.mark.thorough  # (shrinking quality: README, Tests)
def test_a_card_shrinks_to_a_bare_one() -> None:
    option = find(sd.power_option_cards, lambda c: True, settings=FIND)
    assert option == {"serial": "ST-01", "name": "0", "kind": "power_option",
                      "option_type": "POWER BLAST"}
    digimon = find(sd.digimon_cards, lambda c: True, settings=FIND)
    assert digimon["level"] == "Rookie" and digimon["battle_type"] == "Red"
    assert set(digimon["power"].values()) == {0} and "effects" not in digimon


@FEW
@given(sd.card_pools(min_size=1, max_size=40))
def test_card_pools_are_consistent(pool: list[dict[str, Any]]) -> None:
    serials = [c["serial"] for c in pool]
    names = [c["name"] for c in pool]
    assert len(set(serials)) == len(serials) and len(set(names)) == len(names)
    digimon = {c["name"]: c["level"] for c in pool if c["kind"] == "digimon"}
    assert "Rookie" in digimon.values()
    for c in pool:
        for r in c.get("digivolve_requirements", ()):
            named = [r["from"]] if "from" in r else [p["name"] for p in r["partners"]
                                                      if "name" in p]
            for n in named:
                assert LEVELS.index(digimon[n]) < LEVELS.index(c["level"]), (c, r)


@FEW
@given(sd.card_sets(min_size=1, max_size=40))
def test_card_sets_are_schema_valid_and_load(doc: dict[str, Any]) -> None:
    validate(doc, "card-set")
    cs = card_set_from_json(doc)
    assert len(cs.cards) == len(doc["cards"])


def test_a_card_pool_shrinks_to_one_rookie() -> None:
    pool = find(sd.card_pools(max_size=3), lambda p: True, settings=FIND)
    assert [(c["serial"], c["level"]) for c in pool] == [("EX-01", "Rookie")]


# ------------------------------------------------------------------------------------------
# Decks


@given(sd.decks())
def test_decks_are_legal(deck: tuple[str, ...]) -> None:
    assert len(deck) == 30 == len(set(deck))
    assert set(deck) <= set(BUNDLED.cards)
    assert set(deck) & set(rookies_of(BUNDLED))
    check_deck(deck, BUNDLED)
    Game(BUNDLED, (deck, deck))


@FEW
@given(st.data())
def test_decks_of_generated_card_sets_are_legal(data: st.DataObject) -> None:
    cs = data.draw(sd.playable_card_sets())
    deck = data.draw(sd.decks(cs))
    assert len(set(deck)) == 30 and set(deck) <= set(cs.cards)
    check_deck(deck, cs)


@given(sd.deck_documents())
def test_deck_documents_are_schema_valid(doc: dict[str, Any]) -> None:
    validate(doc, "deck")


def test_a_deck_shrinks_to_the_first_rookie_and_the_lowest_serials() -> None:
    deck = find(sd.decks(), lambda d: True, settings=FIND)
    first_rookie = rookies_of(BUNDLED)[0]
    rest = [s for s in sorted(BUNDLED.cards) if s != first_rookie][:29]
    assert deck == tuple(sorted([first_rookie, *rest]))


def test_decks_refuse_a_card_set_without_a_legal_deck() -> None:
    small = card_set_from_json({"format": sd.CARD_SET_FORMAT, "id": "tiny", "name": "tiny",
                                "cards": [BUNDLED.raw["cards"][0]]})
    with pytest.raises(InvalidArgument):
        sd.decks(small)


@given(sd.almost_legal_decks())
def test_almost_legal_decks_break_exactly_the_tagged_rule(bad: sd.AlmostLegalDeck) -> None:
    with pytest.raises(bad.error) as info:
        check_deck(bad.cards, BUNDLED)
    if bad.path is not None:
        assert isinstance(info.value, InvalidInputError) and info.value.path == bad.path
    else:
        assert isinstance(info.value, IllegalActionError) and info.value.clause == bad.clause
    counts = Counter(bad.cards)
    assert (bad.kind == "duplicate") == (max(counts.values()) > 1)
    assert (bad.kind in ("short", "long")) == (len(bad.cards) != 30)


@pytest.mark.parametrize("kind", sd.ALMOST_LEGAL_KINDS)
def test_every_kind_of_almost_legal_deck_is_generated(kind: str) -> None:
    assert find(sd.almost_legal_decks(), lambda b: b.kind == kind, settings=REACH).kind == kind


# ------------------------------------------------------------------------------------------
# Variant choices and targets


@given(sd.variant_choices)
def test_variant_choices_are_accepted(choice: dict[str, str]) -> None:
    full = resolve(choice, "digibattle")
    assert {k: full[k] for k in choice} == choice
    validate(choice, "variants")


def test_variant_choices_shrink_to_the_defaults() -> None:
    assert find(sd.variant_choices, lambda v: True, settings=FIND) == {}
    picked = find(sd.variant_choices, lambda v: "DB-AMB-2" in v, settings=FIND)
    assert picked == {"DB-AMB-2": "refuse"}  # the default reading comes first


@pytest.mark.parametrize("amb", sd.DB_AMBIGUITIES, ids=[a.id for a in sd.DB_AMBIGUITIES])
def test_every_reading_can_be_chosen(amb: Any) -> None:
    for reading in amb.reading_names():
        find(sd.variant_choices, lambda v, r=reading: v.get(amb.id) == r, settings=REACH)


@given(sd.targets)
def test_targets_are_legal(target: int) -> None:
    assert 1 <= target <= 1000
    Game.default(target=target)


@pytest.mark.thorough  # (shrinking quality: README, Tests)
def test_targets_shrink_to_one_and_reach_the_boundaries() -> None:
    assert find(sd.targets, lambda t: True, settings=FIND) == 1
    assert find(sd.targets, lambda t: t == 1000, settings=REACH) == 1000


# ------------------------------------------------------------------------------------------
# Chance outcomes, choices, action sequences, games


@given(st.data())
def test_chance_outcomes_are_accepted(data: st.DataObject) -> None:
    playout = data.draw(sd.action_sequences(Game.default(), max_steps=60))
    chance_states = [s for s in playout.states if s.chance is not None]
    for state in chance_states[:3]:
        outcome = data.draw(sd.chance_outcomes(state))
        apply(state, outcome)
        if state.chance[0] == "shuffle":
            assert sorted(outcome.order) == list(state.chance[2])


@pytest.mark.thorough  # (shrinking quality: README, Tests)
def test_chance_outcomes_shrink_to_sorted_order_and_seat_0() -> None:
    state = new_game(Game.default())
    for _ in range(2):
        state, _ = apply(state, legal_actions(state)[0])
    assert state.chance is not None and state.chance[0] == "shuffle"
    assert find(sd.chance_outcomes(state), lambda a: True, settings=FIND).order == \
        state.chance[2]


def test_chance_outcomes_need_a_chance_node() -> None:
    with pytest.raises(InvalidArgument):
        sd.chance_outcomes(new_game(Game.default()))


def test_player_choices_shrink_to_the_first_legal_action() -> None:
    state = new_game(Game.default())
    assert find(sd.player_choices(state), lambda a: True, settings=FIND) == \
        legal_actions(state)[0]


@given(sd.action_sequences(Game.default(), max_steps=150))
def test_action_sequences_are_legal_and_replay(playout: sd.Playout) -> None:
    assert len(playout.states) == len(playout.actions) + 1 == len(playout.events) + 1
    for state, action in zip(playout.states, playout.actions, strict=False):
        if state.chance is None:
            assert action in legal_actions(state)
    again = sd.replay(playout.game, playout.actions)
    assert [s for s, _ in again] == list(playout.states[1:])


def test_action_sequences_shrink_to_nothing() -> None:
    playout = find(sd.action_sequences(Game.default()), lambda p: True, settings=FIND)
    assert playout.actions == ()


@given(sd.games())
def test_games_are_played_to_the_end(playout: sd.Playout) -> None:
    """Every drawn game ends: at the target with a winner (DB-C.9), or, only when it has
    stalled (no card can come back under DB-AMB-3 'just-sent'), at the Duel limit that
    ``games()`` gives it. Never by running out of steps: the step budget is a guard only."""
    assert playout.finished, f"unfinished after {len(playout.actions)} steps"
    final = playout.final
    scores = [me.score for me in final.players]
    if final.end_reason == "duel_limit":
        assert playout.game.max_duels == sd.GAME_MAX_DUELS == final.duel
        assert sd.stalled(final), "a game that can still change reached the Duel limit"
        assert final.winner is None and max(scores) < playout.game.target
        return
    assert final.end_reason == "target"
    assert final.winner in (0, 1)
    assert final.players[final.winner].score >= playout.game.target


JUST_SENT_SETUPS = sd.game_setups(variants=st.just({"DB-AMB-3": "just-sent"}),
                                  target_scores=st.just(1000))


def test_a_stalled_game_ends_at_the_duel_limit() -> None:
    """Under DB-AMB-3 'just-sent' a game can stall (hands and Online decks empty, two tying
    Rookies, for ever): ``games()`` ends it at its Duel limit, and ``stalled`` says so."""
    playout = find(sd.games(setups=JUST_SENT_SETUPS, max_duels=40),
                   lambda p: p.final.end_reason == "duel_limit", settings=REACH)
    final = playout.final
    assert playout.finished and final.winner is None and final.duel == 40
    assert sd.stalled(final)
    assert not sd.stalled(playout.states[0])
    first = next(i for i, s in enumerate(playout.states) if sd.stalled(s))
    assert [me.score for me in playout.states[first].players] == \
        [me.score for me in final.players]  # nothing scores once stalled
    whole = Game(final.game.card_set, final.game.decks, final.game.target, {})
    assert not sd.stalled(final._replace(game=whole))  # 'whole-offline' recycles the pile


def test_games_refuse_a_bad_duel_limit() -> None:
    with pytest.raises(InvalidArgument):
        sd.games(max_duels=0)
    setup = sd.GameSetup(BUNDLED, Game.default().decks, 1000, {})
    assert "max_duels" not in setup.to_json()
    limited = setup._replace(max_duels=7)
    assert limited.to_json()["max_duels"] == 7 == limited.game().max_duels


@pytest.mark.thorough  # (shrinking quality: README, Tests)
def test_a_game_shrinks_to_a_short_one() -> None:
    playout = find(sd.games(max_steps=40), lambda p: p.finished, settings=FIND)
    assert playout.setup is not None and playout.setup.target == 1
    assert len(playout.actions) <= 12, playout


def test_profiles_are_registered() -> None:
    for name in PROFILES:
        assert settings.get_profile(name).deadline is None
        assert settings.get_profile(name).print_blob
    assert settings.get_profile("ci").derandomize

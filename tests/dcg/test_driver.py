"""The ``dcg`` ruleset behind :class:`~oracle.driver.OracleDriver`: everything as JSON.

Setups name shipped decks or give deck objects; whole random games are driven with JSON
actions only (chance outcomes included), and ``load_state`` resumes any recorded position.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from oracle import rulesets
from oracle.dcg.cards import _DATA_DIR, load_cards
from oracle.driver import OracleDriver

SETUP: dict[str, Any] = {"ruleset": "dcg", "decks": ["red-memory", "blue-tempo"]}
MAX_STEPS = 5000


def chance_json(state: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random outcome, as JSON, for the chance node of ``state``."""
    due = state["chance"]
    if due["kind"] == "first_player":
        return {"type": "choose_first", "winner": rng.randrange(2)}
    order = list(due["cards"])
    rng.shuffle(order)
    return {"type": "shuffle", "player": due["player"], "deck": due["deck"], "order": order}


def pick(actions: list[Mapping[str, Any]], rng: random.Random) -> Mapping[str, Any]:
    """Attacks often, passes sometimes, else uniform (so games end quickly)."""
    attacks = [a for a in actions if a["type"] == "attack"]
    if attacks and rng.random() < 0.7:
        return rng.choice(attacks)
    return rng.choice(actions)


def drive(driver: OracleDriver, setup: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
    """Play one random game through ``driver``; returns the states, the initial one first."""
    rng = random.Random(seed)
    states = [dict(driver.new_game(setup))]
    while states[-1]["to_move"] is not None:
        assert len(states) <= MAX_STEPS, f"seed {seed}: no result"
        state = states[-1]
        legal = driver.legal_actions()
        assert legal is not None
        if state["to_move"] == "chance":
            assert legal == []
            action: Mapping[str, Any] = chance_json(state, rng)
        else:
            assert legal, f"seed {seed}: player {state['to_move']} has no action"
            assert all(a.get("player") == state["to_move"] for a in legal)
            action = pick(legal, rng)
        out = driver.apply(json.loads(json.dumps(action)))
        assert not out.refused, (action, out.refusal)
        assert out.state is not None
        assert all(e["clause"] for e in out.events)
        states.append(dict(out.state))
    return states


def test_the_registry_offers_dcg() -> None:
    entry = rulesets.get("dcg")
    assert entry.name == "dcg"
    state = entry.new_game(entry.game_from_setup(SETUP))
    assert rulesets.ruleset_of(state) == "dcg"
    assert state.to_move == "chance"


@pytest.mark.parametrize("seed", range(5))
def test_a_random_game_runs_to_its_end_through_the_driver(seed: int) -> None:
    states = drive(OracleDriver(), SETUP, seed)
    final = states[-1]
    assert final["phase"] == "game_over"
    assert final["winner"] in (0, 1) or final["reason"] == "infinite_loop"
    assert len(states) > 20


def test_a_game_is_determined_by_its_actions() -> None:
    a = drive(OracleDriver(), SETUP, 7)
    b = drive(OracleDriver(), SETUP, 7)
    assert a == b


def test_load_state_resumes_every_tenth_position() -> None:
    driver = OracleDriver()
    states = drive(driver, SETUP, 3)
    other = OracleDriver()
    for state in states[::10]:
        assert other.load_state(SETUP, state) == state
        mine = OracleDriver()
        mine.load_state(SETUP, state)
        assert other.legal_actions() == mine.legal_actions()


def test_explicit_deck_objects_and_card_set_play_like_the_shipped_names() -> None:
    cards = json.loads((_DATA_DIR / "cards.json").read_text(encoding="utf-8"))
    decks = [json.loads((_DATA_DIR / "decks" / f"{n}.json").read_text(encoding="utf-8"))
             for n in ("red-memory", "blue-tempo")]
    explicit = {"ruleset": "dcg", "decks": decks, "card_set": cards}
    assert drive(OracleDriver(), explicit, 11) == drive(OracleDriver(), SETUP, 11)


def test_a_deck_with_an_unsupported_real_card_is_refused_naming_it() -> None:
    # BT14-081 (a [When Digivolving] play from trash, ...) is a real card of dcg-real the
    # oracle does not implement.
    deck = json.loads((_DATA_DIR / "decks" / "red-memory.json").read_text(encoding="utf-8"))
    deck["deck"][0] = {"id": "BT14-081", "count": 4}  # instead of 4 Biyomon ST1-02
    from oracle.errors import UnsupportedError

    with pytest.raises(UnsupportedError) as e:
        OracleDriver().new_game({"ruleset": "dcg", "decks": ["blue-tempo", deck]})
    name = load_cards()["BT14-081"].name
    assert f"BT14-081 {name}" in e.value.what and "$.decks[1].deck" in e.value.what
    assert "When Digivolving" in e.value.reason and e.value.clause == "CR4.2 Deck construction"


def test_setup_variants_reach_the_state() -> None:
    state = OracleDriver().new_game({**SETUP, "variants": {"DCG-AMB-4": "no-mulligan"}})
    assert state["variants"]["DCG-AMB-4"] == "no-mulligan"
    assert state["variants"]["DCG-AMB-1"] == "same-phase"


@pytest.mark.parametrize(("setup", "path"), [
    ({"ruleset": "dcg", "decks": ["red-memory", "no-such-deck"]}, "$.decks[1]"),
    ({"ruleset": "dcg", "decks": ["red-memory"]}, "$.decks"),
    ({"ruleset": "dcg", "decks": ["red-memory", {"name": "x", "deck": []}]}, "$.decks[1].deck"),
    ({"ruleset": "dcg", "variants": {"DCG-AMB-9": "x"}}, "$.variants.DCG-AMB-9"),
    ({"ruleset": "dcg", "variants": {"DCG-AMB-1": "x"}}, "$.variants.DCG-AMB-1"),
    ({"ruleset": "dcg", "card_set": {"cards": 3}}, "$.card_set.cards"),
], ids=["unknown deck", "one deck", "short deck", "unknown ambiguity", "unknown reading",
        "bad card set"])
def test_bad_setups_are_refused_with_a_path(setup: dict[str, Any], path: str) -> None:
    from oracle.errors import InvalidInputError

    with pytest.raises(InvalidInputError) as e:
        OracleDriver().new_game(setup)
    assert e.value.path == path


def test_refusals_are_illegal_invalid_or_unsupported() -> None:
    driver = OracleDriver()
    driver.new_game(SETUP)
    illegal = driver.apply({"type": "pass", "player": 0})
    assert illegal.refusal is not None and illegal.refusal.kind == "illegal"
    assert illegal.refusal.clause == "CR4.2 Game setup"
    invalid = driver.apply({"type": "pass", "player": 2})
    assert invalid.refusal is not None and invalid.refusal.kind == "invalid"
    assert invalid.refusal.path == "$.player"
    unsupported = driver.apply({"type": "link", "player": 0, "card": "ST1-04"})
    assert unsupported.refusal is not None and unsupported.refusal.kind == "unsupported"
    assert unsupported.refusal.clause == "DCG-6-5-1-4"

"""Seeded random self-play: termination, invariants, determinism, JSON round trips."""

from __future__ import annotations

from collections import Counter

import pytest

from oracle.dcg import Action, DcgConfig, State, legal_actions, state_from_json
from oracle.dcg.selfplay import play_random_game

from .kit import GAME

SEEDS = range(200)
VARIANT_CONFIGS = [
    DcgConfig(),
    DcgConfig(variants={"DCG-AMB-1": "main-phase", "DCG-AMB-2": "never-lower",
                        "DCG-AMB-3": "card-order", "DCG-AMB-4": "no-mulligan"}),
]


def _owned(i: int) -> Counter:
    deck = GAME.decks[i]
    return Counter(deck.main + deck.eggs)


def _check_invariants(state: State) -> None:
    assert -10 <= state.memory <= 10
    for i, p in enumerate(state.players):
        assert Counter(p.all_cards()) == _owned(i)  # card conservation
        assert len(p.security) <= 5
    if state.to_move in (0, 1):
        legal = legal_actions(state)
        assert legal, "a player to move always has an action"
        assert list(legal) == sorted(legal, key=Action.sort_key), "not in the canonical order"


@pytest.mark.parametrize("config", VARIANT_CONFIGS, ids=["defaults", "alternatives"])
def test_random_games_end_and_keep_invariants(config):
    results = Counter()
    for seed in SEEDS:
        final, log = play_random_game(seed, config)
        assert final.phase == "game_over"
        if final.winner is None:  # the documented draw: CR4.2 "Infinite loops"
            assert final.reason == "infinite_loop"
        else:
            assert final.reason in ("direct_attack", "deck_out")
        results[final.reason] += 1
        _check_invariants(final)
    assert results["direct_attack"] > 0


def test_invariants_hold_at_every_step_and_json_round_trips():
    for seed in range(40):
        final, log = play_random_game(seed)
        # Replay the log from scratch, checking every intermediate state.
        from oracle.dcg import apply, new_game

        s = new_game(DcgConfig())
        for action, events in log:
            s2, ev2 = apply(s, action)
            assert ev2 == events  # determinism of apply
            s = s2
            _check_invariants(s)
            assert state_from_json(s.to_json(), GAME) == s
        assert s == final


def test_same_seed_same_game():
    a, log_a = play_random_game(7)
    b, log_b = play_random_game(7)
    assert a == b and [x for x, _ in log_a] == [x for x, _ in log_b]
    c, _ = play_random_game(8)
    assert c != a


def test_first_draw_skip_and_one_breeding_action_per_turn():
    for seed in range(40):
        final, log = play_random_game(seed)
        breeding_by_turn = Counter()
        turn = 0
        skipped = []
        for _action, events in log:
            for e in events:
                if e.type == "start_of_turn":
                    turn = e.get("turn")
                if e.type in ("hatched", "moved", "did_nothing") and e.clause != "DCG-6-5-1-6":
                    breeding_by_turn[turn] += 1
                if e.type == "draw_skipped":
                    skipped.append((turn, e.player))
        assert set(breeding_by_turn.values()) <= {1}
        assert skipped in ([], [(1, final.first_player)])


def test_the_1000_game_tool_checks_a_few_games() -> None:
    """``tools/dcg_random_games.py`` (the 1,000-game run) on 10 seeds per reading set."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "dcg_random_games.py"
    spec = importlib.util.spec_from_file_location("dcg_random_games", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for readings in ("defaults", "alternatives"):
        for decks in (tool.DECKS, ("st1-starter", "st2-starter")):
            games = [tool.one_game((seed, readings, decks)) for seed in range(10)]
            assert all(g["problems"] == [] for g in games), games
            assert {g["reason"] for g in games} <= {"direct_attack", "deck_out",
                                                    "infinite_loop"}


def test_selfplay_shuffle_and_choice_are_the_stdlib_ones():
    """selfplay.shuffle and selfplay.choice write out random.Random.shuffle and .choice: the
    same order or pick, the same numbers drawn (the generator's state after it), for every
    length a deck, a hand or a legal set has."""
    import random

    from oracle.dcg.selfplay import choice, shuffle

    for seed in range(200):
        for n in (0, 1, 2, 3, 5, 13, 50):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(a, mine)
            theirs.shuffle(b)
            assert a == b and mine.getstate() == theirs.getstate()
            if n:
                assert choice(a, mine) == theirs.choice(b)
                assert mine.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        choice([], random.Random(0))

"""DCG-6-5 Main phase actions; CR4.2 Memory/Costs, Attacking, Security checks, Battles."""

from __future__ import annotations

import pytest

from oracle.dcg import Action, apply, legal_actions
from oracle.errors import IllegalActionError, UnsupportedError

from .kit import act, player, stack


def _legal(s, type):
    return [a for a in legal_actions(s) if a.type == type]


# --------------------------------------------------------------------------- memory gauge


def test_memory_gain_past_10_is_lost(mk):
    p0 = player(battle_area=[stack(1, "T-15")])
    s, _ = act(mk(p0, memory=10), "activate", source=1, effect=0)
    assert s.memory == 10


def test_paying_moves_memory_exactly_the_cost_toward_the_opponent(mk):
    s, _ = act(mk(player(hand=["T-03"]), memory=5), "play", card="T-03")
    assert s.memory == 2


def test_largest_payable_cost_is_memory_plus_10(mk):
    # Infernox costs 12: payable from 2 (lands on the opponent's 10), not from 1.
    s = mk(player(hand=["T-11"]), memory=2)
    assert [a.card for a in _legal(s, "play")] == ["T-11"]
    s2, _ = act(s, "play", card="T-11")
    assert s2.turn_player == 1 and s2.memory == 10
    s = mk(player(hand=["T-11"]), memory=1)
    assert _legal(s, "play") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "play", card="T-11")
    assert e.value.clause == "DCG-6-5-1-1"
    assert s.memory == 1  # the refused action changed nothing


def test_memory_is_read_from_the_turn_players_side_after_the_turn(mk):
    s, _ = act(mk(player(hand=["T-05"]), memory=1), "play", card="T-05")  # 1 - 3 = -2
    assert s.turn_player == 1 and s.memory == 2 and s.player_memory(0) == -2


# --------------------------------------------------------------------------- actions


def test_6_5_1_actions_in_any_order_any_number_of_times(mk):
    s = mk(player(hand=["T-13", "T-14", "T-16"], battle_area=[stack(1, "T-03")]), memory=8)
    s, _ = act(s, "play", card="T-13")
    s, _ = act(s, "play", card="T-14")
    s, _ = act(s, "use_option", card="T-16")
    assert s.memory == 8 - 2 - 2 - 1 + 2 and s.step == "main" and s.turn_player == 0


def test_6_5_1_1_play_puts_the_card_into_the_battle_area(mk):
    s, events = act(mk(player(hand=["T-06"]), memory=1), "play", card="T-06")
    me = s.players[0]
    assert me.hand == () and [x.cards for x in me.battle_area] == [("T-06",)]
    assert me.battle_area[0].played_this_turn
    assert s.memory == 0  # paid 3 (1 -> -2), then [On Play] gain 2
    assert [e.clause for e in events if e.type == "played"] == ["DCG-6-5-1-1"]


def test_6_5_1_1_an_option_cannot_be_played_as_a_digimon(mk):
    with pytest.raises(IllegalActionError) as e:
        act(mk(player(hand=["T-16"])), "play", card="T-16")
    assert e.value.clause == "DCG-6-5-1-1"
    with pytest.raises(IllegalActionError):
        act(mk(player(hand=[])), "play", card="T-03")


def test_6_5_1_2_digivolve_pays_the_cost_and_draws_one(mk):
    p0 = player(hand=["T-07"], deck=["T-16", "T-03"], battle_area=[stack(1, "T-03",
                                                                       suspended=True)])
    s, events = act(mk(p0, memory=3), "digivolve", card="T-07", target=1)
    me = s.players[0]
    assert me.battle_area[0].cards == ("T-03", "T-07") and me.battle_area[0].suspended
    assert s.memory == 1 and me.hand == ("T-16",)


@pytest.mark.parametrize(
    ("hand", "base"),
    [("T-07", "T-05"),  # red level 4 onto a blue level 3: colour does not match
     ("T-09", "T-03"),  # level 5 onto a level 3: not level N-1
     ("T-07", "T-13")],  # onto a Tamer
)
def test_6_5_1_2_digivolve_needs_level_and_colour(mk, hand, base):
    s = mk(player(hand=[hand], battle_area=[stack(1, base)]), memory=5)
    assert _legal(s, "digivolve") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "digivolve", card=hand, target=1)
    assert e.value.clause == "DCG-6-5-1-2"


def test_6_5_1_3_option_resolves_then_goes_to_trash(mk):
    p0 = player(hand=["T-17"], battle_area=[stack(1, "T-05")])
    s, events = act(mk(p0, memory=0), "use_option", card="T-17")
    assert s.memory == 1 and s.players[0].trash == ("T-17",) and s.turn_player == 0


def test_6_5_1_3_option_needs_its_colour_in_play(mk):
    s = mk(player(hand=["T-17"], battle_area=[stack(1, "T-03")]), memory=5)
    assert _legal(s, "use_option") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "use_option", card="T-17")
    assert e.value.clause == "DCG-6-5-1-3"


@pytest.mark.parametrize(
    ("kind", "clause"),
    [("link", "DCG-6-5-1-4"), ("digixros", "DCG-6-5-1-1"), ("assembly", "DCG-6-5-1-1"),
     ("dna_digivolve", "DCG-6-5-1-2"), ("burst_digivolve", "DCG-6-5-1-2"),
     ("app_fusion", "DCG-6-5-1-2")],
)
def test_named_but_unsupported_actions_are_refused(mk, kind, clause):
    s = mk(player(hand=["T-03"]))
    with pytest.raises(UnsupportedError) as e:
        apply(s, Action(kind, 0, card="T-03"))
    assert e.value.clause == clause and "unsupported in this ruleset" in str(e.value)
    assert all(a.type != kind for a in legal_actions(s))


def test_6_5_1_5_attack_the_player_security_digimon_battle(mk):
    # Attacker 3000 vs security Digimon 5000: the attacker is deleted; the card is trashed.
    p0 = player(battle_area=[stack(1, "T-03")])
    p1 = player(security=["T-07", "T-16"])
    s, events = act(mk(p0, p1), "attack", attacker=1, target="player")
    assert s.players[0].battle_area == () and s.players[0].trash == ("T-03",)
    assert s.players[1].security == ("T-16",) and s.players[1].trash == ("T-07",)


def test_6_5_1_5_security_digimon_tie_deletes_only_the_attacker(mk):
    p0 = player(battle_area=[stack(1, "T-03")])
    s, _ = act(mk(p0, player(security=["T-05"])), "attack", attacker=1, target="player")
    assert s.players[0].battle_area == () and s.players[1].trash == ("T-05",)


def test_6_5_1_5_attack_wins_against_no_security(mk):
    p0 = player(battle_area=[stack(1, "T-03")])
    s, events = act(mk(p0, player(security=[])), "attack", attacker=1, target="player")
    assert s.winner == 0 and s.reason == "direct_attack" and s.phase == "game_over"


def test_6_5_1_5_attack_a_suspended_digimon_lower_dp_deleted(mk):
    p0 = player(battle_area=[stack(1, "T-07")])
    p1 = player(battle_area=[stack(2, "T-03", suspended=True), stack(3, "T-05")])
    s = mk(p0, p1)
    targets = sorted(str(a.target) for a in _legal(s, "attack"))
    assert targets == ["2", "player"]  # an unsuspended Digimon cannot be attacked
    with pytest.raises(IllegalActionError) as e:
        act(s, "attack", attacker=1, target=3)
    assert e.value.clause == "DCG-6-5-1-5"
    s, _ = act(s, "attack", attacker=1, target=2)
    assert [x.id for x in s.players[1].battle_area] == [3]
    assert s.players[0].battle_area[0].suspended


def test_6_5_1_5_battle_tie_deletes_both(mk):
    p0 = player(battle_area=[stack(1, "T-03")])
    p1 = player(battle_area=[stack(2, "T-05", suspended=True)])
    s, _ = act(mk(p0, p1), "attack", attacker=1, target=2)
    assert s.players[0].battle_area == () and s.players[1].battle_area == ()


@pytest.mark.parametrize(
    "attacker",
    [stack(1, "T-03", played=True), stack(1, "T-03", suspended=True), stack(1, "T-13")],
)
def test_6_5_1_5_who_cannot_attack(mk, attacker):
    s = mk(player(battle_area=[attacker]))
    assert _legal(s, "attack") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "attack", attacker=1, target="player")
    assert e.value.clause == "DCG-6-5-1-5"


def test_6_5_1_6_activate_main_effect_once_per_turn(mk):
    s = mk(player(battle_area=[stack(1, "T-15")]), memory=0)
    s, _ = act(s, "activate", source=1, effect=0)
    assert s.memory == 1 and _legal(s, "activate") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "activate", source=1, effect=0)
    assert e.value.clause == "DCG-6-5-1-6"


def test_6_5_1_6_a_card_without_main_effect(mk):
    with pytest.raises(IllegalActionError) as e:
        act(mk(player(battle_area=[stack(1, "T-03")])), "activate", source=1, effect=0)
    assert e.value.clause == "DCG-6-5-1-6"


@pytest.mark.parametrize("start", [5, 1, 0, 10])
def test_6_5_1_7_pass_sets_memory_to_opponents_3_wherever_it_was(mk, start):
    s, events = act(mk(memory=start), "pass")
    assert s.turn_player == 1 and s.memory == 3
    assert [e.clause for e in events if e.type == "passed"] == ["DCG-6-5-1-7"]


def test_6_5_1_7_pass_only_in_the_main_phase(mk):
    with pytest.raises(IllegalActionError) as e:
        act(mk(phase="breeding", step="breeding"), "pass")
    assert e.value.clause == "DCG-6-5-1"


def test_a_tamer_with_digivolve_conditions_neither_listed_nor_accepted() -> None:
    """DCG-6-5-1-2: only a Digimon card digivolves. A Tamer that prints digivolve conditions
    (invented T-90) is left out of the legal actions and refused by apply alike (issue 13:
    the two used to disagree)."""
    import json

    from oracle.dcg import DcgConfig, make_game, state_from_json
    from oracle.dcg import cards as dcg_cards

    raw = json.loads((dcg_cards._DATA_DIR / "test-cards.json").read_text(encoding="utf-8"))
    raw["cards"].append({"id": "T-90", "name": "Tamer Evo", "kind": "tamer", "color": "red",
                         "play_cost": 2, "digivolve": [{"level": 3, "color": "red", "cost": 1}],
                         "text": "(test only) prints a digivolve condition", "effects": []})
    game = make_game(DcgConfig(cards=dcg_cards.card_set_from_json(raw)))
    from .kit import make_state

    d = make_state(player(hand=["T-04"], battle_area=[stack(1, "T-03")]), memory=3).to_json()
    d["players"][0]["hand"] = ["T-90"]
    s = state_from_json(d, game)
    assert not [a for a in legal_actions(s) if a.type == "digivolve"]
    with pytest.raises(IllegalActionError) as e:
        apply(s, Action("digivolve", 0, card="T-90", target=1))
    assert e.value.clause == "DCG-6-5-1-2"

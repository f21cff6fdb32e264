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
    # Gravity Crush BT1-090 (cost 0): [Main] Gain 2 memory; Dracomon ST1-04 is red.
    p0 = player(hand=["BT1-090"], battle_area=[stack(1, "ST1-04")])
    s, _ = act(mk(p0, memory=10), "use_option", card="BT1-090")
    assert s.memory == 10


def test_paying_moves_memory_exactly_the_cost_toward_the_opponent(mk):
    s, _ = act(mk(player(hand=["ST1-04"]), memory=5), "play", card="ST1-04")
    assert s.memory == 2


def test_largest_payable_cost_is_memory_plus_10(mk):
    # Phoenixmon ST1-10 costs 10: payable from 0 (lands on the opponent's 10), not from the
    # opponent's 1, where only a raised turn-end threshold (Tamer Testzed X-03, test only)
    # lets a Main phase go on; Biyomon ST1-02 (2) is still payable there.
    s = mk(player(hand=["ST1-10"]), memory=0)
    assert [a.card for a in _legal(s, "play")] == ["ST1-10"]
    s2, _ = act(s, "play", card="ST1-10")
    assert s2.turn_player == 1 and s2.memory == 10
    s = mk(player(hand=["ST1-10", "ST1-02"], battle_area=[stack(1, "X-03")]), memory=-1)
    assert [a.card for a in _legal(s, "play")] == ["ST1-02"]
    with pytest.raises(IllegalActionError) as e:
        act(s, "play", card="ST1-10")
    assert e.value.clause == "DCG-6-5-1-1"
    assert s.memory == -1  # the refused action changed nothing


def test_memory_is_read_from_the_turn_players_side_after_the_turn(mk):
    s, _ = act(mk(player(hand=["ST2-04"]), memory=1), "play", card="ST2-04")  # 1 - 3 = -2
    assert s.turn_player == 1 and s.memory == 2 and s.player_memory(0) == -2


# --------------------------------------------------------------------------- actions


def test_6_5_1_actions_in_any_order_any_number_of_times(mk):
    # Tai Kamiya ST1-12 costs 2, Biyomon ST1-02 2, Gravity Crush BT1-090 0 and gains 2.
    s = mk(player(hand=["ST1-12", "ST1-02", "BT1-090"], battle_area=[stack(1, "ST1-04")]),
           memory=8)
    s, _ = act(s, "play", card="ST1-12")
    s, _ = act(s, "play", card="ST1-02")
    s, _ = act(s, "use_option", card="BT1-090")
    assert s.memory == 6 and s.step == "main" and s.turn_player == 0


def test_6_5_1_1_play_puts_the_card_into_the_battle_area(mk):
    s, events = act(mk(player(hand=["ST2-02"]), memory=3), "play", card="ST2-02")
    me = s.players[0]
    assert me.hand == () and [x.cards for x in me.battle_area] == [("ST2-02",)]
    assert me.battle_area[0].played_this_turn
    assert s.memory == 1  # Gomamon ST2-02 costs 2
    assert [e.clause for e in events if e.type == "played"] == ["DCG-6-5-1-1"]


def test_6_5_1_1_an_option_cannot_be_played_as_a_digimon(mk):
    with pytest.raises(IllegalActionError) as e:
        act(mk(player(hand=["BT1-090"])), "play", card="BT1-090")
    assert e.value.clause == "DCG-6-5-1-1"
    with pytest.raises(IllegalActionError):
        act(mk(player(hand=[])), "play", card="ST1-04")


def test_6_5_1_2_digivolve_pays_the_cost_and_draws_one(mk):
    # Birdramon ST1-05 digivolves from a red level 3 for 2.
    p0 = player(hand=["ST1-05"], deck=["BT1-090", "ST1-04"],
                battle_area=[stack(1, "ST1-04", suspended=True)])
    s, events = act(mk(p0, memory=3), "digivolve", card="ST1-05", target=1)
    me = s.players[0]
    assert me.battle_area[0].cards == ("ST1-04", "ST1-05") and me.battle_area[0].suspended
    assert s.memory == 1 and me.hand == ("BT1-090",)


@pytest.mark.parametrize(
    ("hand", "base"),
    [("ST1-05", "ST2-04"),  # red level 4 onto a blue level 3: colour does not match
     ("BT1-021", "ST1-04"),  # level 5 onto a level 3: not level N-1
     ("ST1-05", "ST1-12")],  # onto a Tamer
)
def test_6_5_1_2_digivolve_needs_level_and_colour(mk, hand, base):
    s = mk(player(hand=[hand], battle_area=[stack(1, base)]), memory=5)
    assert _legal(s, "digivolve") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "digivolve", card=hand, target=1)
    assert e.value.clause == "DCG-6-5-1-2"


def test_6_5_1_3_option_resolves_then_goes_to_trash(mk):
    p0 = player(hand=["ST2-13"], battle_area=[stack(1, "ST2-04")])
    s, events = act(mk(p0, memory=0), "use_option", card="ST2-13")
    assert s.memory == 1 and s.players[0].trash == ("ST2-13",) and s.turn_player == 0


def test_6_5_1_3_option_needs_its_colour_in_play(mk):
    s = mk(player(hand=["ST2-13"], battle_area=[stack(1, "ST1-04")]), memory=5)
    assert _legal(s, "use_option") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "use_option", card="ST2-13")
    assert e.value.clause == "DCG-6-5-1-3"


@pytest.mark.parametrize(
    ("kind", "clause"),
    [("link", "DCG-6-5-1-4"), ("digixros", "DCG-6-5-1-1"), ("assembly", "DCG-6-5-1-1"),
     ("dna_digivolve", "DCG-6-5-1-2"), ("burst_digivolve", "DCG-6-5-1-2"),
     ("app_fusion", "DCG-6-5-1-2")],
)
def test_named_but_unsupported_actions_are_refused(mk, kind, clause):
    s = mk(player(hand=["ST1-04"]))
    with pytest.raises(UnsupportedError) as e:
        apply(s, Action(kind, 0, card="ST1-04"))
    assert e.value.clause == clause and "unsupported in this ruleset" in str(e.value)
    assert all(a.type != kind for a in legal_actions(s))


def test_6_5_1_5_attack_the_player_security_digimon_battle(mk):
    # Dracomon ST1-04 (4000) vs the security Digimon Birdramon ST1-05 (5000): the attacker
    # is deleted; the card is trashed.
    p0 = player(battle_area=[stack(1, "ST1-04")])
    p1 = player(security=["ST1-05", "BT1-090"])
    s, events = act(mk(p0, p1), "attack", attacker=1, target="player")
    assert s.players[0].battle_area == () and s.players[0].trash == ("ST1-04",)
    assert s.players[1].security == ("BT1-090",) and s.players[1].trash == ("ST1-05",)


def test_6_5_1_5_a_security_tamer_is_played_for_free(mk):
    # Tai Kamiya ST1-12 [Security] Play this card without paying its memory cost.
    p0 = player(battle_area=[stack(1, "ST1-04")])
    s, _ = act(mk(p0, player(security=["ST1-12", "BT1-090"]), memory=2), "attack", attacker=1,
               target="player")
    assert [x.cards for x in s.players[1].battle_area] == [("ST1-12",)]
    assert s.players[1].trash == () and s.memory == 2 and s.players[0].battle_area


def test_6_5_1_5_security_digimon_tie_deletes_only_the_attacker(mk):
    p0 = player(battle_area=[stack(1, "ST1-04")])
    s, _ = act(mk(p0, player(security=["ST2-04"])), "attack", attacker=1, target="player")
    assert s.players[0].battle_area == () and s.players[1].trash == ("ST2-04",)


def test_6_5_1_5_attack_wins_against_no_security(mk):
    p0 = player(battle_area=[stack(1, "ST1-04")])
    s, events = act(mk(p0, player(security=[])), "attack", attacker=1, target="player")
    assert s.winner == 0 and s.reason == "direct_attack" and s.phase == "game_over"


def test_6_5_1_5_attack_a_suspended_digimon_lower_dp_deleted(mk):
    # Birdramon ST1-05 (5000) against Dracomon ST1-04 (4000).
    p0 = player(battle_area=[stack(1, "ST1-05")])
    p1 = player(battle_area=[stack(2, "ST1-04", suspended=True), stack(3, "ST2-04")])
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
    p0 = player(battle_area=[stack(1, "ST1-04")])
    p1 = player(battle_area=[stack(2, "ST2-04", suspended=True)])
    s, _ = act(mk(p0, p1), "attack", attacker=1, target=2)
    assert s.players[0].battle_area == () and s.players[1].battle_area == ()


@pytest.mark.parametrize(
    "attacker",
    [stack(1, "ST1-04", played=True), stack(1, "ST1-04", suspended=True), stack(1, "BT2-089")],
)
def test_6_5_1_5_who_cannot_attack(mk, attacker):
    s = mk(player(battle_area=[attacker]))
    assert _legal(s, "attack") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "attack", attacker=1, target="player")
    assert e.value.clause == "DCG-6-5-1-5"


def test_6_5_1_6_activate_main_effect_paid_by_suspending(mk):
    # Mimi Tachikawa BT1-089: [Main] with a level 5+ green Digimon (Digitamamon BT1-075) in
    # play, suspend her to hatch (effect 1) or to move (effect 2).
    p0 = player(battle_area=[stack(1, "BT1-089"), stack(2, "BT1-075")],
                egg_deck=["ST1-01", "ST2-01"])
    s = mk(p0, memory=0)
    assert [(a.source, a.effect) for a in _legal(s, "activate")] == [(1, 1)]  # nothing to move
    s, events = act(s, "activate", source=1, effect=1)
    assert [e.clause for e in events if e.type == "hatched"] == ["DCG-6-5-1-6"]
    me = s.players[0]
    assert me.breeding_area is not None and me.breeding_area.cards == ("ST1-01",)
    assert me.battle_area[0].suspended and s.memory == 0 and me.egg_deck == ("ST2-01",)
    assert _legal(s, "activate") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "activate", source=1, effect=2)
    assert e.value.clause == "DCG-6-5-1-6"


def test_6_5_1_6_activate_needs_its_condition(mk):
    # Without a level 5 or higher green Digimon, Mimi's [Main] cannot be activated.
    s = mk(player(battle_area=[stack(1, "BT1-089"), stack(2, "BT1-021")],
                  egg_deck=["ST1-01"]), memory=0)
    assert _legal(s, "activate") == []
    with pytest.raises(IllegalActionError) as e:
        act(s, "activate", source=1, effect=1)
    assert e.value.clause == "DCG-6-5-1-6"


def test_6_5_1_6_a_card_without_main_effect(mk):
    with pytest.raises(IllegalActionError) as e:
        act(mk(player(battle_area=[stack(1, "ST1-04")])), "activate", source=1, effect=0)
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
    (invented X-90) is left out of the legal actions and refused by apply alike (issue 13:
    the two used to disagree)."""
    from oracle.dcg import DcgConfig, make_game, state_from_json
    from oracle.dcg import cards as dcg_cards

    tamer = {"id": "X-90", "name": "Tamer Evo", "kind": "tamer", "colors": ["red"],
             "play_cost": 2, "digivolve": [{"level": 3, "color": "red", "cost": 1}],
             "text": "(test only) prints a digivolve condition", "inherited_text": "",
             "security_text": "", "effects": []}
    extra = dcg_cards.card_set_from_json({"name": "x-90", "cards": [tamer]})
    base = dcg_cards.load_test_only_cards()
    game = make_game(DcgConfig(cards=dcg_cards.CardSet(base.name,
                                                       {**base.cards, **extra.cards})))
    from .kit import make_state

    d = make_state(player(hand=["ST1-04"], battle_area=[stack(1, "ST1-02")]),
                   memory=3).to_json()
    d["players"][0]["hand"] = ["X-90"]
    s = state_from_json(d, game)
    assert not [a for a in legal_actions(s) if a.type == "digivolve"]
    with pytest.raises(IllegalActionError) as e:
        apply(s, Action("digivolve", 0, card="X-90", target=1))
    assert e.value.clause == "DCG-6-5-1-2"

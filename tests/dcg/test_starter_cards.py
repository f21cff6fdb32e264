"""The ST-1 and ST-2 mechanics on positions loaded from JSON (``tests/dcg/kit.py``), for what
the scenarios of ``features/dcg/starter_cards.feature`` do not reach: the [Security] effects
that choose or last (ST1-13, ST1-14, ST2-14, ST2-15, ST2-16, ST1-15), when effects with a
duration end (CR4.2 Effect durations), refused choices, and positions with a choice due
loaded back from their JSON form.

Cards (printed texts in oracle/data/dcg/cards.json): ST1-04 Dracomon red L3 4000 · ST1-05
Birdramon red L4 5000 · ST1-02 Biyomon red L3 3000 · ST2-04 Bearmon blue L3 4000 · ST2-05
Ikkakumon blue L4 5000 · ST2-02 Gomamon blue L3 3000 · ST2-07 Grizzlymon blue L4 6000
<Blocker> · BT1-090 Gravity Crush (no [Security] effect).
"""

from __future__ import annotations

import pytest

from oracle.dcg import legal_actions, state_from_json
from oracle.errors import IllegalActionError
from tests.dcg.kit import GAME, act, kinds, make_state, player, stack


def _attack(state, attacker: int = 1):
    return act(state, "attack", attacker=attacker, target="player")


def test_sorrow_blue_in_security_stops_my_attacker_until_the_end_of_my_opponents_next_turn():
    """ST2-14 [Security]: the defender chooses one of the attacker's Digimon without
    digivolution cards; it can't attack or block until the end of the defender's next turn
    (turn 4 here): in turn 5, my next, it may attack again."""
    s = make_state(player(battle_area=[stack(1, "ST1-04"), stack(2, "ST1-02")]),
                   player(security=["ST2-14"] + ["BT1-090"] * 4), memory=2)
    s, events = _attack(s)
    assert s.choice is not None and s.choice.player == 1 and s.choice.card == "ST2-14"
    assert s.to_move == 1 and s.attack is not None and s.attack.stage == "checking"
    s, events = act(s, "choose", targets=(2,))
    assert [x.to_json() for x in s.lasting] == [
        {"player": 1, "kind": "no_attack_block", "value": 0, "stack": 2, "until": 4,
         "card": "ST2-14"}]
    with pytest.raises(IllegalActionError) as e:
        act(s, "attack", attacker=2, target="player")
    assert e.value.clause == "DCG-6-5-1-5"
    # My turn ends (pass); in my opponent's turn 4 the effect still holds; it ends with it.
    s, _ = act(s, "pass")
    assert s.turn == 4 and s.lasting
    s, _ = act(s, "do_nothing")
    s, _ = act(s, "pass")
    assert s.turn == 5 and s.lasting == ()


def test_an_up_to_choice_may_choose_nothing_and_a_wrong_choice_is_refused():
    """ST1-15 Giga Destroyer [Main]: "up to 2" of the opponent's Digimon with 4000 DP or
    less: choosing none is a choice; a Digimon with more DP, or three, are refused."""
    s = make_state(player(battle_area=[stack(1, "ST1-12")], hand=["ST1-15"]),
                   player(battle_area=[stack(2, "ST2-04", suspended=True),
                                       stack(3, "ST2-05", suspended=True)]), memory=6)
    s, _ = act(s, "use_option", card="ST1-15")
    assert [a.targets for a in legal_actions(s)] == [(), (2,)]
    for bad in ((3,), (2, 3), (7,)):
        with pytest.raises(IllegalActionError) as e:
            act(s, "choose", targets=bad)
        assert e.value.clause == "CR4.2 Triggered effects"
    with pytest.raises(IllegalActionError):
        act(s, "pass")  # a choice is due first
    s, events = act(s, "choose", targets=())
    assert "deleted" not in kinds(events) and s.choice is None
    assert [st.id for st in s.players[1].battle_area] == [2, 3]


def test_shadow_wing_in_security_gives_the_defenders_digimon_security_attack_1():
    """ST1-13 [Security]: all of the defender's Digimon gain <Security Attack +1> until the end
    of the defender's next turn: the Digimon in play as it resolves (stack 5, not the Tamer)."""
    s = make_state(player(battle_area=[stack(1, "ST1-04")]),
                   player(battle_area=[stack(5, "ST2-04"), stack(6, "ST2-12")],
                          security=["ST1-13"] + ["BT1-090"] * 4), memory=2)
    s, events = _attack(s)
    assert [(x.kind, x.stack, x.until) for x in s.lasting] == [("security_attack", 5, 4)]
    s, _ = act(s, "pass")
    s, _ = act(s, "do_nothing")  # my opponent's turn 4: Bearmon checks 2 of my 5 cards
    s, _ = act(s, "attack", attacker=5, target="player")
    assert len(s.players[0].security) == 3


def test_starlight_explosion_in_security_lasts_for_the_turn_only():
    """ST1-14 [Security]: the defender's Security Digimon get +7000 DP for the turn: the next
    security card of this attack, Biyomon ST1-02 (3000 + 7000), deletes Dracomon (4000)
    checking it thanks to Greymon's <Security Attack +1> underneath (ST1-07 inherited)."""
    s = make_state(player(battle_area=[stack(1, "ST1-07", "ST1-09")]),
                   player(security=["ST1-14", "ST1-02", "BT1-090", "BT1-090", "BT1-090"]),
                   memory=2)
    s, events = _attack(s)
    battles = [e for e in events if e.type == "battle"]
    assert [(e.get("attacker_dp"), e.get("defender_dp")) for e in battles] == [(7000, 10000)]
    assert s.players[0].battle_area == ()
    assert [(x.player, x.kind, x.until) for x in s.lasting] == [(1, "security_dp", 3)]
    s, _ = act(s, "pass")  # the end of turn 3 ends it
    assert s.turn == 4 and s.lasting == ()


def test_kaiser_nail_and_cocytus_breath_in_security():
    """ST2-15 [Security] plays a digivolution card of the defender's Digimon (one way only:
    no choice); ST2-16 [Security] returns the attacker to its owner's hand and trashes what
    was under it, so the attack ends with the attacker gone."""
    s = make_state(player(battle_area=[stack(1, "ST1-02", "ST1-05")]),
                   player(battle_area=[stack(4, "ST2-02", "ST2-05")],
                          security=["ST2-15", "ST2-16", "BT1-090", "BT1-090", "BT1-090"]),
                   memory=4)
    s, events = _attack(s)
    opp = s.players[1]
    assert [st.cards for st in opp.battle_area] == [("ST2-05",), ("ST2-02",)]
    assert opp.battle_area[1].played_this_turn
    s, _ = act(s, "pass")
    s, _ = act(s, "do_nothing")
    s, _ = act(s, "pass")  # back to my turn 5
    s, _ = act(s, "do_nothing")
    s, events = _attack(s)
    assert "returned_to_hand" in kinds(events) and s.players[0].battle_area == ()
    assert "ST1-05" in s.players[0].hand and "ST1-02" in s.players[0].trash
    assert events[-1].type == "attack_ended" and events[-1].get("result") == "attacker_gone"


def test_positions_with_a_choice_due_load_back_from_their_json_form():
    """A block choice and a target choice, each written as JSON and loaded back (the
    protocol's load_state), are the same position; a block choice outside an attack is
    refused at $.choice."""
    s = make_state(player(battle_area=[stack(1, "ST1-04")]),
                   player(battle_area=[stack(2, "ST2-07")]), memory=2)
    s, _ = _attack(s)
    assert s.choice is not None and s.choice.kind == "block" and s.attack.stage == "blocking"
    assert state_from_json(s.to_json(), GAME) == s
    bad = s.to_json()
    bad["attack"] = None
    with pytest.raises(Exception) as e:
        state_from_json(bad, GAME)
    assert getattr(e.value, "path", "") == "$.choice"
    s, events = act(s, "choose", targets=(2,))
    assert kinds(events)[:1] == ["blocked"] and s.players[1].battle_area[0].suspended


def test_when_digivolving_does_not_trigger_in_the_breeding_area():
    """CR4.2 "Breeding area": Garudamon ST1-08 digivolved there gives no +3000 (no choice, no
    lasting effect); in the battle area the same digivolve triggers it (one Digimon: no
    choice, Garudamon itself)."""
    breeding = make_state(player(breeding_area=stack(1, "ST1-02", "ST1-05"), hand=["ST1-08"],
                                 battle_area=[stack(2, "ST1-04")]), memory=5)
    s, events = act(breeding, "digivolve", card="ST1-08", target=1)
    assert "triggered" not in kinds(events) and s.choice is None and s.lasting == ()
    battle = make_state(player(battle_area=[stack(1, "ST1-02", "ST1-05")], hand=["ST1-08"]),
                        memory=5)
    s, events = act(battle, "digivolve", card="ST1-08", target=1)
    assert [(x.kind, x.stack, x.value) for x in s.lasting] == [("dp", 1, 3000)]


@pytest.mark.parametrize(("cards", "checks"), [
    (("ST1-08", "ST1-11"), 1),  # 1 digivolution card: no <Security Attack +1>
    (("ST1-05", "ST1-08", "ST1-11"), 2),  # 2: +1
    (("ST1-02", "ST1-05", "ST1-08", "ST1-11"), 2),  # 3: still +1
])
def test_wargreymon_gains_security_attack_per_2_digivolution_cards(cards, checks):
    """ST1-11: "For every 2 digivolution cards this Digimon has, it gains <Security Attack
    +1>" (the scenario has 4; here 1, 2 and 3)."""
    s = make_state(player(battle_area=[stack(1, *cards)]), memory=3)
    s, _ = _attack(s)
    assert len(s.players[1].security) == 5 - checks


def test_a_target_choice_of_an_effect_that_chooses_no_targets_is_refused_at_load() -> None:
    """load_state of a position whose ``targets`` choice names an effect that targets nothing
    (Giga Destroyer ST1-15's effect 1, its [Security] "activate the [Main] effect") is bad
    input, refused at ``$.choice.effect`` (it was taken, and the next ``choose`` failed an
    assertion inside the oracle)."""
    import copy
    import json
    from pathlib import Path

    from oracle.driver import OracleDriver
    from oracle.errors import InvalidInputError

    name = ("dcg-starter_cards-Giga-Destroyer-deletes-no-more-than-2-when-3-of-my-opponent-s"
            "--0f5995c3.vector.json")
    vector = json.loads((Path(__file__).resolve().parents[2] / "vectors" / "dcg" /
                         "scenarios" / name).read_text(encoding="utf-8"))
    setup = next(s["setup"] for s in vector["steps"] if "setup" in s)
    state = next(s["expect"]["state"] for s in vector["steps"]
                 if (s["expect"].get("state") or {}).get("choice")
                 and s["expect"]["state"]["choice"]["kind"] == "targets")
    OracleDriver().load_state(setup, state)  # the recorded position loads
    bad = copy.deepcopy(state)
    bad["choice"]["effect"] = 1
    with pytest.raises(InvalidInputError) as e:
        OracleDriver().load_state(setup, bad)
    assert e.value.path == "$.choice.effect"

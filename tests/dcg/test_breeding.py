"""DCG-6-4 Breeding phase: exactly one of hatch, move, do nothing (CR4.2 Hatching, Moving)."""

from __future__ import annotations

import pytest

from oracle.dcg import legal_actions
from oracle.errors import IllegalActionError

from .kit import act, player, stack

BREEDING = {"phase": "breeding", "step": "breeding"}


def _types(s):
    return sorted(a.type for a in legal_actions(s))


def test_6_4_1_one_action_then_main(mk):
    s = mk(player(egg_deck=["ST1-01"]), **BREEDING)
    assert _types(s) == ["do_nothing", "hatch"]
    s, _ = act(s, "do_nothing")
    assert s.phase == "main"
    with pytest.raises(IllegalActionError) as e:
        act(s, "hatch")
    assert e.value.clause == "DCG-6-4-1"


def test_6_4_1_hatched_egg_cannot_move_in_the_same_breeding_phase(mk):
    """Issue case: hatch, then move in the same Breeding phase is a second breeding action."""
    s = mk(player(egg_deck=["ST1-01", "ST2-01"]), **BREEDING)
    s, events = act(s, "hatch")
    assert s.phase == "main" and s.players[0].breeding_area.cards == ("ST1-01",)
    with pytest.raises(IllegalActionError) as e:
        act(s, "move")
    assert e.value.clause == "DCG-6-4-1"


def test_6_4_1_a_moved_digimon_cannot_be_followed_by_a_hatch(mk):
    s = mk(player(egg_deck=["ST1-01"], breeding_area=stack(7, "ST1-01", "ST1-04")), **BREEDING)
    s, _ = act(s, "move")
    with pytest.raises(IllegalActionError) as e:
        act(s, "hatch")
    assert e.value.clause == "DCG-6-4-1"


def test_6_4_1_1_hatch_puts_top_egg_in_breeding_area(mk):
    s = mk(player(egg_deck=["ST2-01", "ST1-01"]), **BREEDING)
    s, events = act(s, "hatch")
    me = s.players[0]
    assert me.breeding_area.cards == ("ST2-01",) and me.egg_deck == ("ST1-01",)
    assert [e.clause for e in events if e.type == "hatched"] == ["DCG-6-4-1-1"]
    # Hatching is not playing: no [On Play], not "played this turn".
    assert not me.breeding_area.played_this_turn


@pytest.mark.parametrize(
    "p0",
    [
        player(egg_deck=[]),  # empty Digi-Egg deck
        player(egg_deck=["ST1-01"], breeding_area=stack(3, "ST2-01")),  # area already holds one
    ],
)
def test_6_4_1_1_hatch_needs_an_egg_and_an_empty_breeding_area(mk, p0):
    s = mk(p0, **BREEDING)
    assert "hatch" not in _types(s)
    with pytest.raises(IllegalActionError) as e:
        act(s, "hatch")
    assert e.value.clause == "DCG-6-4-1-1"


def test_6_4_1_2_only_a_digimon_with_dp_moves(mk):
    s = mk(player(breeding_area=stack(3, "ST1-01")), **BREEDING)  # a level-2 Digi-Egg: no DP
    assert _types(s) == ["do_nothing"]
    with pytest.raises(IllegalActionError) as e:
        act(s, "move")
    assert e.value.clause == "DCG-6-4-1-2"
    s = mk(player(), **BREEDING)
    with pytest.raises(IllegalActionError) as e:
        act(s, "move")
    assert e.value.clause == "DCG-6-4-1-2"


def test_6_4_1_2_moved_digimon_is_not_played_and_may_attack(mk):
    s = mk(player(breeding_area=stack(3, "ST2-01", "ST2-02")), **BREEDING, memory=0)
    s, events = act(s, "move")
    me = s.players[0]
    assert me.breeding_area is None and [x.id for x in me.battle_area] == [3]
    assert s.memory == 0  # moving is not playing: Gomamon ST2-02's play cost (2) is not paid
    attacks = [a for a in legal_actions(s) if a.type == "attack"]
    assert [a.attacker for a in attacks] == [3]
    s, events = act(s, "attack", attacker=3, target="player")
    assert "security_check" in [e.type for e in events]


def test_6_4_1_3_do_nothing_goes_to_the_next_phase(mk):
    s = mk(player(egg_deck=["ST1-01"]), **BREEDING)
    s, events = act(s, "do_nothing")
    assert s.players[0].egg_deck == ("ST1-01",) and s.players[0].breeding_area is None
    assert [e.clause for e in events if e.type == "did_nothing"] == ["DCG-6-4-1-3"]
    assert (s.phase, s.step) == ("main", "main")


def test_breeding_area_digimon_digivolves_in_the_main_phase(mk):
    s = mk(player(hand=["ST1-04"], breeding_area=stack(3, "ST1-01")), memory=0)
    s, _ = act(s, "digivolve", card="ST1-04", target=3)
    assert s.players[0].breeding_area.cards == ("ST1-01", "ST1-04")

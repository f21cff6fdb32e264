"""DCG-6-6 end of turn, the turn-end condition around actions, pending processing, and the
issue's cases: memory past the opponent's 1 during an attack's [Security] effect, a pass with
memory already on the opponent's side, pass plus a pending end-of-turn loss, a postponed end
of turn reached twice, a raised turn-end threshold (the test-only Tamer Testzed X-03)."""

from __future__ import annotations

from oracle.dcg import legal_actions

from .kit import act, kinds, player, stack


def _memory_path(events):
    return [e.get("after") for e in events if e.type == "memory"]


def test_memory_past_opponents_1_during_an_attack_ends_the_turn_only_after_it(mk):
    # Hammer Spark ST2-13 [Security] Gain 2 memory, for its owner (player 1): 1 -> -1 during
    # player 0's attack; the attack ends first, then the end of turn.
    p0 = player(battle_area=[stack(1, "ST1-04")])
    p1 = player(security=["ST2-13", "BT1-090"])
    s, events = act(mk(p0, p1, memory=1), "attack", attacker=1, target="player")
    assert _memory_path(events) == [-1]
    k = kinds(events)
    assert k.index("attack_ended") < k.index("end_of_turn")
    assert s.turn_player == 1 and s.memory == 1
    assert s.players[1].trash == ("ST2-13",) and s.players[1].security == ("BT1-090",)


def test_an_options_main_effect_resolves_and_the_turn_goes_on(mk):
    # Hammer Spark ST2-13 costs 0: [Main] Gain 1 memory. Bearmon ST2-04 is blue.
    p0 = player(hand=["ST2-13"], battle_area=[stack(1, "ST2-04")])
    s, events = act(mk(p0, memory=0), "use_option", card="ST2-13")
    assert _memory_path(events) == [1]
    assert "end_of_turn" not in kinds(events) and s.turn_player == 0


def test_6_6_1_end_of_turn_happens_in_the_current_phase(mk):
    s, events = act(mk(memory=0), "pass")
    eot = [e for e in events if e.type == "end_of_turn"]
    assert [(e.clause, e.get("phase")) for e in eot] == [("DCG-6-6-1", "main")]


def test_6_6_2_stays_in_end_of_turn_until_all_is_resolved(mk):
    # Two different end-of-turn effects: Dusk Testmon X-02's gain and Gravity Crush BT1-090's
    # "at end of turn, lose 2 memory"; the turn player orders them; until then the turn is
    # still player 0's, at end of turn, in the Main phase.
    p0 = player(hand=["BT1-090"], battle_area=[stack(1, "X-02")])
    s, _ = act(mk(p0, memory=0), "use_option", card="BT1-090")
    s, _ = act(s, "pass")
    assert (s.turn_player, s.phase, s.step) == (0, "main", "end_of_turn")
    assert sorted(a.type for a in legal_actions(s)) == ["resolve", "resolve"]


def test_6_6_3_turn_ends_and_the_other_player_begins(mk):
    s, events = act(mk(memory=2), "pass")
    assert [e.clause for e in events if e.type == "turn_ended"] == ["DCG-6-6-3"]
    assert s.turn_player == 1 and s.turn == 4 and s.memory == 3


def test_6_6_4_postponed_end_of_turn_reached_twice(mk):
    """Dracomon ST1-04 (3) from 2: -1; Dusk Testmon X-02 [End of Your Turn] [Once Per Turn]
    +2 -> 1: the turn does not end (6-6-4). Pass: -3; Dusk Testmon does not trigger again
    (its Once Per Turn stays used, QA2377): the turn ends; player 1 starts at 3."""
    p0 = player(hand=["ST1-04"], battle_area=[stack(1, "X-02")])
    s, events = act(mk(p0, memory=2), "play", card="ST1-04")
    assert s.memory == 1 and s.turn_player == 0 and (s.phase, s.step) == ("main", "main")
    assert [e.clause for e in events if e.type == "end_of_turn_postponed"] == ["DCG-6-6-4"]
    assert s.players[0].once_per_turn_used == ("1:X-02:0",)
    s, events = act(s, "pass")
    assert [e.get("card") for e in events if e.type == "triggered"] == []
    assert s.turn_player == 1 and s.memory == 3
    assert s.players[0].once_per_turn_used == ()  # limits reset only when the turn ends


def test_6_6_4_end_of_turn_that_stays_past_0_ends(mk):
    p0 = player(battle_area=[stack(2, "X-02")])
    s, _ = act(mk(p0, memory=0), "pass")  # -3 + 2 = -1: still on the opponent's side
    assert s.turn_player == 1 and s.memory == 1


def test_pass_plus_pending_end_of_turn_loss_leaves_opponent_at_6(mk):
    """QA883: gain 3 when attacking (0 -> 3), pass (-> opponent's 3), then the pending
    "lose 3 at end of turn" still applies: the opponent starts at 6."""
    p0 = player(battle_area=[stack(1, "BT1-021")])
    s, _ = act(mk(p0, player(security=["BT1-090", "BT1-090"]), memory=0), "attack", attacker=1,
               target="player")
    assert s.memory == 3 and len(s.delayed) == 1
    s, events = act(s, "pass")
    assert _memory_path(events) == [-3, -6]
    assert s.turn_player == 1 and s.memory == 6 and s.delayed == ()


def test_pending_loss_applies_even_if_its_card_is_gone(mk):
    # MetalGreymon BT1-021 (7000) attacks, meets the security Plesiomon ST2-10 (12000) and is
    # deleted; its delayed loss still applies.
    p0 = player(battle_area=[stack(1, "BT1-021")])
    s, _ = act(mk(p0, player(security=["ST2-10"]), memory=0), "attack", attacker=1,
               target="player")
    assert s.players[0].battle_area == ()
    s, _ = act(s, "pass")
    assert s.memory == 6


def test_raised_threshold_turn_goes_on_at_opponents_2(mk):
    # Tamer Testzed X-03: the turn ends only at 6+ on the opponent's side (as QA2449 for 3).
    p0 = player(hand=["ST1-04", "ST1-02"], battle_area=[stack(1, "X-03")])
    s, events = act(mk(p0, memory=1), "play", card="ST1-04")  # 1 - 3 = -2
    assert s.memory == -2 and s.turn_player == 0 and s.step == "main"


def test_pass_with_memory_already_on_the_opponents_side(mk):
    """Issue case: under the raised threshold memory is at the opponent's 2 and the turn goes
    on; a pass moves it to the opponent's 3 (not 5), below 6: the turn still goes on."""
    p0 = player(hand=["ST1-02"], battle_area=[stack(1, "X-03")])
    s = mk(p0, memory=-2)
    assert s.to_move == 0 and any(a.type == "pass" for a in legal_actions(s))
    s, events = act(s, "pass")
    assert _memory_path(events) == [-3]
    assert s.turn_player == 0 and s.memory == -3 and s.step == "main"


def test_raised_threshold_end_of_turn_gain_postpones_below_6(mk):
    # As QA2451: the turn ended at 6+, an end-of-turn effect brings it back below 6.
    p0 = player(hand=["BT1-021", "ST1-02"], battle_area=[stack(1, "X-03"), stack(2, "X-02")])
    s, events = act(mk(p0, memory=0), "play", card="BT1-021")  # -6, +2 -> -4
    assert s.turn_player == 0 and s.memory == -4 and s.step == "main"
    assert "end_of_turn_postponed" in kinds(events)


def test_turns_that_end_before_anyone_decides_loop_to_a_draw(mk):
    """CR4.2 "Infinite loops": each player's own [Start of Your Turn] lose 2 (Drain Testmon
    X-01) ends each turn (1 -> -1) before unsuspending; nobody gets a decision: a draw."""
    p0 = player(battle_area=[stack(1, "X-01")])
    p1 = player(battle_area=[stack(2, "X-01")], hand=["ST1-02"])
    s, events = act(mk(p0, p1, turn_player=1, turn=2, memory=1), "play", card="ST1-02")
    assert s.phase == "game_over" and s.winner is None and s.reason == "infinite_loop"
    assert events[-1].clause == "CR4.2 Infinite loops"

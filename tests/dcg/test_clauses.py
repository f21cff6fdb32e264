"""Every DCG-6-… clause of ``docs/rules/CLAUSES.md`` is cited in the oracle code and has
at least two tests (the map below is the clause -> test index)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLAUSES_MD = ROOT / "docs" / "rules" / "CLAUSES.md"

#: clause -> tests (module:function) that check it; at least two each.
CLAUSE_TESTS: dict[str, list[str]] = {
    "DCG-6-1-1": ["test_turn_flow:test_6_1_1_only_the_turn_player_acts",
                  "test_setup:test_mulligan_once_each_first_player_first_then_security_and_memory_zero"],
    "DCG-6-1-2": ["test_turn_flow:test_6_1_2_phase_order_unsuspend_draw_breeding_main",
                  "test_turn_flow:test_6_1_2_no_main_action_before_the_main_phase"],
    "DCG-6-1-3": ["test_turn_flow:test_6_1_3_nothing_else_while_an_effect_is_pending",
                  "test_end_of_turn:test_6_6_2_stays_in_end_of_turn_until_all_is_resolved"],
    "DCG-6-1-4-1": ["test_turn_flow:test_6_1_4_1_turn_ends_when_memory_reaches_opponents_1",
                    "test_turn_flow:test_6_1_4_1_turn_goes_on_at_memory_0",
                    "test_end_of_turn:test_memory_past_opponents_1_during_an_attack_ends_the_turn_only_after_it",
                    "test_end_of_turn:test_raised_threshold_turn_goes_on_at_opponents_2"],
    "DCG-6-2-1": ["test_turn_flow:test_6_2_1_unsuspends_battle_and_breeding_area",
                  "test_turn_flow:test_6_2_1_2_start_effect_ends_turn_before_unsuspend"],
    "DCG-6-2-1-1": ["test_turn_flow:test_6_2_1_1_start_of_turn_effects_before_unsuspending",
                    "test_variants:test_amb3_turn_player_chooses"],
    "DCG-6-2-1-2": ["test_turn_flow:test_6_2_1_2_start_effect_ends_turn_before_unsuspend",
                    "test_variants:test_amb1_same_phase_resumes_the_unsuspend_phase"],
    "DCG-6-2-1-3": ["test_turn_flow:test_6_2_1_3_unsuspend_is_one_event_for_all_cards",
                    "test_turn_flow:test_6_2_1_unsuspends_battle_and_breeding_area"],
    "DCG-6-3-1": ["test_turn_flow:test_6_3_1_the_turn_player_draws_the_top_card",
                  "test_turn_flow:test_deck_out_in_own_draw_phase_loses",
                  "test_turn_flow:test_empty_deck_outside_the_draw_phase_is_no_loss"],
    "DCG-6-3-1-1": ["test_turn_flow:test_6_3_1_1_no_draw_only_in_the_first_players_first_turn",
                    "test_setup:test_draw_skip_applies_to_the_real_first_player_seat_1"],
    "DCG-6-4-1": ["test_breeding:test_6_4_1_one_action_then_main",
                  "test_breeding:test_6_4_1_hatched_egg_cannot_move_in_the_same_breeding_phase",
                  "test_breeding:test_6_4_1_a_moved_digimon_cannot_be_followed_by_a_hatch"],
    "DCG-6-4-1-1": ["test_breeding:test_6_4_1_1_hatch_puts_top_egg_in_breeding_area",
                    "test_breeding:test_6_4_1_1_hatch_needs_an_egg_and_an_empty_breeding_area"],
    "DCG-6-4-1-2": ["test_breeding:test_6_4_1_2_only_a_digimon_with_dp_moves",
                    "test_breeding:test_6_4_1_2_moved_digimon_is_not_played_and_may_attack"],
    "DCG-6-4-1-3": ["test_breeding:test_6_4_1_3_do_nothing_goes_to_the_next_phase",
                    "test_breeding:test_6_4_1_one_action_then_main"],
    "DCG-6-5-1": ["test_main_phase:test_6_5_1_actions_in_any_order_any_number_of_times",
                  "test_main_phase:test_6_5_1_7_pass_only_in_the_main_phase"],
    "DCG-6-5-1-1": ["test_main_phase:test_6_5_1_1_play_puts_the_card_into_the_battle_area",
                    "test_main_phase:test_6_5_1_1_an_option_cannot_be_played_as_a_digimon",
                    "test_main_phase:test_largest_payable_cost_is_memory_plus_10"],
    "DCG-6-5-1-2": ["test_main_phase:test_6_5_1_2_digivolve_pays_the_cost_and_draws_one",
                    "test_main_phase:test_6_5_1_2_digivolve_needs_level_and_colour"],
    "DCG-6-5-1-3": ["test_main_phase:test_6_5_1_3_option_resolves_then_goes_to_trash",
                    "test_main_phase:test_6_5_1_3_option_needs_its_colour_in_play"],
    "DCG-6-5-1-4": ["test_main_phase:test_named_but_unsupported_actions_are_refused",
                    "test_json:test_action_round_trip"],
    "DCG-6-5-1-5": ["test_main_phase:test_6_5_1_5_attack_the_player_security_digimon_battle",
                    "test_main_phase:test_6_5_1_5_who_cannot_attack",
                    "test_main_phase:test_6_5_1_5_attack_wins_against_no_security"],
    "DCG-6-5-1-6": ["test_main_phase:test_6_5_1_6_activate_main_effect_paid_by_suspending",
                    "test_main_phase:test_6_5_1_6_a_card_without_main_effect"],
    "DCG-6-5-1-7": ["test_main_phase:test_6_5_1_7_pass_sets_memory_to_opponents_3_wherever_it_was",
                    "test_end_of_turn:test_pass_with_memory_already_on_the_opponents_side",
                    "test_end_of_turn:test_pass_plus_pending_end_of_turn_loss_leaves_opponent_at_6",
                    "test_variants:test_amb2_pass_from_opponents_5"],
    "DCG-6-6-1": ["test_end_of_turn:test_6_6_1_end_of_turn_happens_in_the_current_phase",
                  "test_turn_flow:test_6_2_1_2_start_effect_ends_turn_before_unsuspend"],
    "DCG-6-6-2": ["test_end_of_turn:test_6_6_2_stays_in_end_of_turn_until_all_is_resolved",
                  "test_end_of_turn:test_6_6_4_postponed_end_of_turn_reached_twice"],
    "DCG-6-6-3": ["test_end_of_turn:test_6_6_3_turn_ends_and_the_other_player_begins",
                  "test_end_of_turn:test_6_6_4_end_of_turn_that_stays_past_0_ends"],
    "DCG-6-6-4": ["test_end_of_turn:test_6_6_4_postponed_end_of_turn_reached_twice",
                  "test_end_of_turn:test_raised_threshold_end_of_turn_gain_postpones_below_6",
                  "test_variants:test_amb1_same_phase_resumes_the_unsuspend_phase",
                  "test_variants:test_amb1_main_phase_skips_to_main"],
}


def _clauses() -> list[str]:
    return sorted(set(re.findall(r"\*\*(DCG-6-[0-9-]+)\*\*", CLAUSES_MD.read_text("utf-8"))))


def test_every_clause_is_mapped_to_two_existing_tests():
    assert sorted(CLAUSE_TESTS) == _clauses()
    for clause, tests in CLAUSE_TESTS.items():
        assert len(tests) >= 2, clause
        for ref in tests:
            module, func = ref.split(":")
            mod = importlib.import_module(f"{__package__}.{module}")
            assert callable(getattr(mod, func, None)), f"{clause}: {ref} missing"


def test_every_clause_is_cited_in_the_oracle_code():
    code = "\n".join(p.read_text("utf-8") for p in (ROOT / "oracle" / "dcg").glob("*.py"))
    missing = [c for c in _clauses() if not re.search(re.escape(c) + r"(?![0-9-])", code)]
    assert missing == []

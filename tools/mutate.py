"""Mutation testing of the oracle's rule modules, killed at the protocol level.

    python tools/mutate.py list [--ruleset digibattle|dcg]
    python tools/mutate.py run [--ruleset R] [--module PATH ...] [--sample N --seed S]
                               [--only ID ...] [--games G] [--threshold PCT] [--report FILE]

Each mutant is one small change to one rule module (an operator of our own, because mutmut 3
and cosmic-ray judge a mutant by a test command's exit code inside the tree they edit, while a
conformance suite judges an *engine* from outside): a comparison flipped (``<`` ↔ ``<=``,
``>`` ↔ ``>=``, ``==`` ↔ ``!=``), an integer constant ±1, ``and`` ↔ ``or``, a statement deleted
(replaced by ``pass``), or an early ``return`` at the top of a function. The mutant is written
into a copy of the ``oracle`` package, served over the protocol (``digiconform serve`` with the
copy first on ``PYTHONPATH``) and verified as an implementation under test: it is **killed**
when ``digiconform verify`` fails (exit 1 and a report that is not ok), **survives** when it
passes. A mutant that cannot start (an import error) fails verify, so it counts as killed; a
verify that crashes, hangs or writes no report is an ``error`` and counts as not killed.

The verification is reduced to stay cheap: the scenario vectors of the mutated module's
clauses (:data:`CLAUSES`; every vector for the modules every rule goes through) and
``--games`` random games. Results go to ``--report`` (JSON) and the summary to stdout; the
exit status is 1 when the score is below ``--threshold``. ``.ci/run`` runs a fixed-seed sample
(``--sample 64 --seed 13`` per ruleset); the runs and the equivalent mutants are in
docs/MUTATION.md.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES: dict[str, tuple[str, ...]] = {
    "digibattle": tuple(f"oracle/digibattle/{m}.py" for m in (
        "setup", "digivolve", "battle", "regroup", "phases", "power", "rules", "state")),
    "dcg": tuple(f"oracle/dcg/{m}.py" for m in (
        "turn", "main_phase", "memory", "effects", "setup", "engine", "cards")),
}
"""The rule modules mutated, per ruleset. (DCG ``cards.py`` since branch v26j: the play and
digivolve costs and the per-card tables the main phase reads, ``CardSet.tables``, and the card
document and deck construction checks.)"""

CLAUSES: dict[str, tuple[str, ...]] = {
    "oracle/digibattle/setup.py": ("DB-A",),
    "oracle/digibattle/digivolve.py": ("DB-B", "DB-D.4", "DB-D.5", "DB-D.6"),
    # (battle.end_duel also recycles the decks emptied during the Duel, DB-AMB-21 "after-duel")
    "oracle/digibattle/battle.py": ("DB-C", "DB-D.3"),
    "oracle/digibattle/regroup.py": ("DB-D",),
    "oracle/digibattle/power.py": ("DB-A.4", "DB-C"),
}
"""Vectors run against a mutant of the module: clause prefixes (``verify --clause``); a
module not listed runs every vector of its ruleset."""

#: Mutants found equivalent by reading the code (docs/MUTATION.md, "Equivalent mutants"): not
#: run and not counted, each with its reason. A mutant matches an entry when every criterion
#: the entry gives holds: ``module``; ``function`` (the innermost enclosing function);
#: ``op``; ``segment`` (the mutated node's source: a comparison, a constant, a statement;
#: for ``early-return`` the function's name); ``line`` (a part of the mutated node's first
#: source line); ``nth`` (which of the mutants matching the rest, in source order).
DOCUMENTED: tuple[dict[str, object], ...] = (
    {"module": "oracle/digibattle/regroup.py", "function": "settle", "op": "delete",
     "segment": "tx.emptied.clear()", "nth": 0,
     "reason": "DB-AMB-21 'after-duel': the list of emptied decks lives for one action (Tx); "
               "left uncleared, the only later readers in that action (battle.end_duel, which "
               "adds every empty deck not yet listed, and settle, which keeps only decks still "
               "empty) give the same recycles as after clearing it"},
    *({"module": "oracle/digibattle/rules.py", "function": "_refuse", "op": op,
       "segment": seg, "line": "action.player in (0, 1)",
       "reason": "switches off the DB-C.3 refusal for one seat; the refusal that follows names "
                 "DB-C.1 (not this player's turn), which the oracle's DB-C.3 refusal names "
                 "too (also=), and a refusal matches on any clause both name"}
      for op in ("const+1", "const-1") for seg in ("0", "1")),
    {"module": "oracle/digibattle/rules.py", "op": "early-return",
     "segment": "_own_turn_clause",
     "reason": "only drops an extra clause (also=) from a refusal whose primary clause is "
               "unchanged; a refusal matches on any clause both name"},
    {"module": "oracle/digibattle/state.py", "function": "default_setup",
     "reason": "the shipped default game's setup is read only by the verifier "
               "(digiconform/verifier/games.py: the decks and card set of its random games), "
               "never by serve, which plays the setup each request sends; a mutant is served "
               "as an engine, so no answer can show it (fresh sample 10103's "
               "state.py:143:early-return:3)"},
    {"module": "oracle/digibattle/state.py", "function": "zones",
     "reason": "PlayerState.zones is called by no rule and not by serve (only by the test "
               "invariants, strategies/invariants.py)"},
    {"module": "oracle/digibattle/state.py", "function": "default",
     "reason": "Game.default is not on the serve path (serve builds every game with "
               "game_from_setup); only perft, the divergence tool and docs call it"},
    {"module": "oracle/dcg/effects.py", "function": "condition_holds", "op": "delete",
     "segment": "raise AssertionError(c)",
     "reason": "unreachable: the card loader refuses any condition outside CONDITIONS, and "
               "every one of them returns before this line"},
    {"module": "oracle/dcg/effects.py", "function": "auto_index", "op": "const-1",
     "segment": "0", "line": "first = w.pending[cands[0]]",
     "reason": "the key is taken from the last candidate instead of the first: all "
               "candidates equal the first exactly when they all equal the last"},
    {"module": "oracle/dcg/effects.py", "function": "turn_end_threshold", "op": "const-1",
     "segment": "1", "line": "threshold = 1",
     "reason": "a threshold of 0 instead of 1: turn_end_condition first asks memory to be on "
               "the opponent's side (1 or more there), and _may_end_before_unsuspending is a "
               "bound that only skips a search; a weaker bound leaves the search, which "
               "answers the same"},
    *({"module": "oracle/dcg/engine.py", "function": "_loops", "op": op, "segment": seg,
       "line": f"w.players[{seg}].freeze()",
       "reason": "the key holds one player's part twice instead of both: in a run of turns "
               "without decisions every turn ends before it unsuspends or draws (a turn that "
               "goes on reaches its Breeding decision), so no zone changes and the turn's "
               "marks are cleared when it ends: each player's part is the same at every turn "
               "start the key is taken"}
      for op, seg in (("const-1", "0"), ("const+1", "0"), ("const-1", "1"))),
    *({"module": "oracle/dcg/engine.py", "function": "advance", "op": op, "segment": seg,
       "line": "if w.memory < 0 and turn_end_condition(w):",
       "reason": "the guard lets memory 0 through as well (< 1, <= 0): turn_end_condition "
                 "itself answers no for memory not on the opponent's side (DCG-6-1-4-1: 1 or "
                 "more there), so the guard is only a fast path and the turn goes on the same"}
      for op, seg in (("const+1", "0"), ("compare", "w.memory < 0"))),
    *({"module": "oracle/dcg/main_phase.py", "op": op, "segment": seg,
       "line": "_ACTIONS_LIMIT = 1 << 14",
       "reason": "the size of a memo of Action values (_remember clears it when full): any "
                 "size, 0 included (cleared at every call), gives the same actions"}
      for op in ("const+1", "const-1") for seg in ("1", "14")),
    {"module": "oracle/digibattle/battle.py", "function": "end_duel", "op": "compare",
     "segment": "powers[0] > powers[1]",
     "reason": "the branch is the one of a Duel that is not a tie (equal powers are handled "
               "before it, DB-C.8): there the powers differ, and > and >= agree"},
    {"module": "oracle/digibattle/digivolve.py", "function": "__init__", "op": "delete",
     "segment": "super().__init__()",
     "reason": "_Actions is a dict subclass: dict.__init__() with no arguments on a new dict "
               "does nothing"},
    {"module": "oracle/digibattle/digivolve.py", "function": "_key", "op": "andor",
     "reason": "_key only sorts the ways to Digivolve (_methods); every caller tests "
               "membership, filters or lists them into the legal set, which is compared as a "
               "set: the order is no answer"},
    {"module": "oracle/digibattle/power.py", "function": "abilities", "op": "andor",
     "segment": 'e.kind == "grant_ability" and e.ability',
     "reason": "with or, every other effect of the player's Power Options in play adds its "
               "ability field too: only grant_ability effects carry one (the card data), so "
               "None is added, and the readers ask only for an ability name (a Use "
               "Requirement's, a condition's)"},
    *({"module": "oracle/digibattle/state.py", "op": op, "segment": "0",
       "line": "to_move: int | str | None = 0",
       "reason": "the default of State.to_move: every State built (setup.new_game, "
                 "State.from_json, Tx.build) gives to_move"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "compare",
     "segment": "len(digivolves) > 1",
     "reason": "sorting a list of one digivolve as well: it is already in order"},
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const-1",
     "segment": "0", "line": "if 0 <= cost <= budget:",
     "reason": "-1 <= cost instead of 0 <= cost (a Digimon's, Tamer's or Option's): play "
               "costs are 0 or more (the card-set schema's minimum)"},
    {"module": "oracle/dcg/engine.py", "function": "_may_end_before_unsuspending",
     "op": "andor", "segment": "p.delayed and eff.delayed",
     "reason": "the bound is asked only at the start of a turn (start_of_turn, unsuspend "
               "steps), where every pending effect is a [Start of Your Turn] one: none has a "
               "then-at-end-of-turn part (only [When Attacking] and [Main] effects do) and "
               "none is delayed processing, so both operands are false"},
    *({"module": "oracle/dcg/effects.py", "function": "_has_level_5_green", "op": op,
       "segment": "0",
       "reason": "(level or 1) or (level or -1) instead of (level or 0) after is_digimon: every "
                 "Digimon card has a level (the card-set schema), so the default is never taken"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/dcg/effects.py", "function": "recheck_waiting", "op": "andor",
     "segment": "stack is None or stack.top != card_id",
     "reason": "DCG-AMB-5 'trigger-condition': only effects with an 'If ...' wait, and those "
               "are all [Start of Your Turn] / [Start of Your Main Phase] ones (Tai Kamiya "
               "BT2-089, Mimi Tachikawa BT1-089, Matt Ishida ST2-12, Angoramon LM-008) whose "
               "timing's effects only gain, lose or set memory: no card moves while one waits, "
               "so its card is always still the top of its stack and the branch is never taken "
               "(seed 7351's sample)"},
    {"module": "oracle/digibattle/state.py", "function": "__str__",
     "reason": "Action.__str__ is the human-readable form (messages of the tools): no answer "
               "carries it, and a refusal's reason is free text that is not compared (seed "
               "7351's sample)"},
    {"module": "oracle/dcg/memory.py", "function": "set_mine", "op": "compare",
     "segment": "value < -MEMORY_LIMIT",
     "reason": "CR4.2 Memory's clamp on the other side: value <= -10 also sets -10 at exactly "
               "-10, the value it already is (seed 13's sample, issue 27's d27g)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_remember", "op": "delete",
     "segment": "cache.clear()",
     "reason": "the bound of a memo of Action values: never cleared, a memo past "
               "_ACTIONS_LIMIT keeps growing, and every action it gives is the same (seed 13's "
               "sample, issue 27's d27g)"},
    {"module": "oracle/dcg/memory.py", "function": "set_mine", "op": "compare",
     "segment": "value > MEMORY_LIMIT",
     "reason": "CR4.2 Memory's clamp: value >= 10 also sets 10 at exactly 10, the value it "
               "already is (seed 7351's sample)"},
    {"module": "oracle/dcg/effects.py", "function": "auto_index", "op": "const+1",
     "segment": "0", "line": "return cands[0]", "nth": 1,
     "reason": "DCG-AMB-3: when every candidate is the same effect of the same card (two "
               "copies, e.g. two Tai Kamiya BT2-089 at the start of the turn) no decision is "
               "due and the second copy resolves first instead of the first: the rules do not "
               "tell identical effects apart, so which copy the answer names first is no rule "
               "(seed 7351's sample; the answers are the same but for that order)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_remember", "op": "delete",
     "segment": "cache[key] = action",
     "reason": "the cache of Action objects only saves building them: left empty, every "
               "lookup misses and an equal Action is built (seed 7351's sample)"},
    {"module": "oracle/dcg/main_phase.py", "function": "choose", "op": "delete",
     "segment": 'w.attack = _new(Attack, (atk.player, atk.attacker, atk.target, "blocked", '
                'atk.checks))',
     "reason": "CR4.2 Blocking: after a declined block the attack's stage stays 'blocking'; "
               "nothing is pending then, so the engine's loop calls continue_attack at once, in "
               "the same action, which treats 'blocking' as 'blocked' (neither 'declared' nor "
               "'checking'); no position with that stage is ever answered (seed 7351's sample)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "delete",
     "segment": "out.sort(key=_activate_order)",
     "reason": "the order of the [Main] activations in the legal set: legal sets are compared "
               "as sets, and the random player draws from the verifier's own oracle's list"},
    {"module": "oracle/digibattle/rules.py", "function": "_apply_chance", "op": "const-1",
     "segment": "0", "line": 'if due[0] == "coin_toss":',
     "reason": "due[-1] instead of due[0]: a coin toss due is the 1-tuple ('coin_toss',), "
               "whose last item is its first; a shuffle due ends with its tuple of cards, "
               "which is never 'coin_toss'"},
    *({"module": "oracle/digibattle/state.py", "function": "check", "op": op,
       "segment": "40",
       "reason": "the length of the unknown serial quoted in the refusal's reason: free text, "
                 "never compared (docs/PROTOCOL.md, a refusal matches on kind and clause)"}
      for op in ("const+1", "const-1")),
    *({"module": "oracle/dcg/memory.py", "function": name,
       "reason": f"{name} is called by nothing (pay and the legal set inline the same check, "
                 "memory.pay and engine._only_pass)"}
      for name in ("can_pay", "max_payable")),
    *({"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const-1",
       "segment": "1", "line": f"if len({name}) > 1:",
       "reason": f"sorting a list of one of the {name} as well: it is already in order"}
      for name in ("targets", "attackers", "digivolves")),
    # The guards of the legal set's sorts (the merged ST-1/ST-2 main phase, 2026-12-03):
    # >= 1 (compare) sorts a list of one as well, > 0 (const-1) the same, > 2 (const+1) leaves
    # a list of two in the order it was built: only the order of the legal set changes, and
    # legal sets are compared as sets (the random player draws from the verifier's own
    # oracle's list, never the engine's).
    *({"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": op,
       "segment": seg, "line": f"if len({name}) > 1:",
       "reason": f"the guard of sorting the {name}: only the legal set's order changes, and "
                 "legal sets are compared as sets"}
      for name in ("out", "targets") for op, seg in (("compare", "len(" + name + ") > 1"),
                                                       ("const+1", "1"), ("const-1", "1"))
      if not (name == "targets" and op == "const-1")),
    {"module": "oracle/dcg/main_phase.py", "function": "digivolve", "op": "delete",
     "line": 'raise IllegalActionError("DCG-6-5-1-2", f"{cid} is a',
     "reason": "no Tamer or Option card of either DCG card set (dcg-real, "
               "dcg-real+test-only) prints digivolve conditions, so without this refusal "
               "_digivolve_cost answers None for it and the same DCG-6-5-1-2 refusal follows "
               "(the card taken from the hand is given back with the refused action's work)"},
    {"module": "oracle/dcg/engine.py", "function": "_only_pass", "op": "const-1",
     "segment": "0", "line": "if cost is not None and 0 <= cost <= budget:",
     "reason": "-1 <= cost instead of 0 <= cost: play costs are 0 or more (the card-set "
               "schema's minimum)"},
    {"module": "oracle/dcg/engine.py", "function": "_only_pass", "op": "compare",
     "segment": "0 <= cost <= budget", "nth": 1,
     "reason": "cost < budget (the second comparison of the chain): a card whose cost is "
               "exactly memory + 10 no longer answers False at once, and main_actions "
               "decides: a Digimon or Tamer whose cost the turn's memory covers (CR4.2 "
               "Costs: up to memory + 10) may always be played (DCG-6-5-1-1 sets no other "
               "condition), so the list holds its play beside the pass and the answer is "
               "False again (CI gate at 415224d)"},
    {"module": "oracle/dcg/effects.py", "function": "_do", "op": "const-1",
     "segment": "3", "line": "if can_move(w, player, 3):",
     "reason": "BT1-089's 'move 1 level 3 or higher Digimon' read as level 2: can_move "
               "already needs a breeding-area card with DP, and a level 2 card is a Digi-Egg, "
               "which has none (CR4.2 Digi-Egg cards; no card of dcg-real or "
               "dcg-real+test-only has DP below level 3: a card-set fact, so an embedded set "
               "with such a card would show it) (CI gate at 415224d)"},
    {"module": "oracle/dcg/engine.py", "function": "_position", "op": "compare",
     "segment": "s.turn == 1",
     "reason": "one component of the loop key negated: two positions compare equal exactly "
               "when they did"},
    {"module": "oracle/dcg/engine.py", "function": "_may_end_before_unsuspending",
     "op": "compare", "segment": 'action == "set_memory_if_at_most"',
     "line": 'elif not (action == "set_memory_if_at_most"',
     "reason": "action != 'set_memory_if_at_most': the exception then never holds (at_most is "
               "set only on that action's effects), so the bound answers 'may end' for the "
               "'set to X' effect too: a weaker bound that only skips a search, which answers "
               "the same (as p.player == tp below) (CI gate at 415224d)"},
    {"module": "oracle/dcg/engine.py", "function": "_may_end_before_unsuspending",
     "op": "compare", "segment": "p.player == tp", "line": "set_memory_if_at_most",
     "reason": "at the start of a turn every pending effect is the turn player's (only "
               "their [Start of Your Turn] effects trigger), so the bound answers 'may end' "
               "for their 'set to X' too: a weaker bound that only skips a search, which "
               "answers the same"},
    {"module": "oracle/dcg/effects.py", "function": "_do", "op": "andor",
     "segment": "eff is not None and eff.at_most is not None",
     "reason": "the assert before 'set it to X if you have Y or less' (CR4.2 Memory): with or "
               "it lets an effect without at_most through, and then mine(w, player) <= None "
               "raises TypeError, and eff None raises AttributeError: the action fails as "
               "with the AssertionError. Neither case is reachable: the card loader "
               "(oracle/dcg/cards.py, also for a card set embedded in a set-up) requires "
               "at_most exactly for set_memory_if_at_most, and the only _do call without an "
               "effect, a delayed part, carries gain_memory or lose_memory (the loader "
               "refuses any other) (the seed-13 gate sample after the dcgfast merges)"},
    *({"module": "oracle/dcg/effects.py", "function": "_resolve", "op": "const-1",
       "segment": "0", "line": "apply_targets(w, p.player, p.card, eff, options[0][0]",
       "nth": nth,
       "reason": "options[-1] instead of options[0] in the branch of exactly one choice of "
                 "targets (len(options) > 1 is the branch before it, an empty list is false): "
                 "the last of one is the first (seed 4711's sample)"}
      for nth in (0, 2)),
    *({"module": "oracle/dcg/main_phase.py", "function": "_check_one", "op": op,
       "segment": "0", "line": "w.pending[0:0] = [Pending(1 - p",
       "reason": "the slice a security card's queued [Security] effects are put into "
                 "([1:0], [-1:0], [0:1], [0:-1] instead of [0:0]): every one inserts at the "
                 "front of an empty list, and the pending list is empty at every security "
                 "check: continue_attack is called only by engine.advance with nothing "
                 "pending, returns after a check that leaves something pending, and nothing "
                 "earlier in _check_one adds to it; a loaded attack with nothing pending is "
                 "refused (jsonio.check_decision_point) (seed 4711's sample)"}
      for op in ("const+1", "const-1")),
    *({"module": "oracle/digibattle/digivolve.py", "function": "start_duel", "op": op,
       "segment": seg,
       "reason": "the referee's Duel limit (Game.max_duels) one Duel late, or never applied: "
                 "docs/PROTOCOL.md and the new_game schema call max_duels a referee's "
                 "safeguard, not a rule, that an engine may ignore, so an engine that plays "
                 "past it conforms and no verdict of the suite may depend on it (the vectors "
                 "and the random games set no limit) (seed 4711's sample; the compare one was "
                 "seed 13's CI survivor earlier)"}
      for op, seg in (("compare", "duel > tx.game.max_duels"),
                      ("delete", 'phases.game_over(tx, None, "duel_limit")'))),
    {"module": "oracle/digibattle/setup.py", "function": "legal_choose_rookie",
     "op": "compare", "segment": "deck == g.decks[p]",
     "reason": "the memo of a seat's Rookie choices (Game.derived) is then kept for a deck "
               "other than the game's own and skipped for the game's own: the memo lives in "
               "one Game (each new_game and load_state builds its own, game_from_setup), and "
               "in one game a seat stands at choose_rookie with one deck only (it leaves the "
               "step by choosing), so whatever the memo answers was worked out from that same "
               "deck (seed 4711's sample)"},
    {"module": "oracle/digibattle/state.py", "function": "card",
     "reason": "State.card is called only by the play log (digiconform/playlog.py): no rule "
               "and not serve (the 64-mutant CI sample; noted equivalent in the run of "
               "2026-12-01)"},
    {"module": "oracle/digibattle/state.py", "function": "is_terminal",
     "reason": "State.is_terminal is called by no rule and not by serve, only by perft and "
               "the divergence tool in the verifier's own process (seed 5309's sample)"},
    {"module": "oracle/dcg/engine.py", "function": "_only_pass", "op": "const+1",
     "segment": "0", "line": "if cost is not None and 0 <= cost <= budget:",
     "reason": "1 <= cost instead of 0 <= cost in the fast path: a card of play cost 0 then "
               "skips the early False, and main_actions decides instead, which lists playing "
               "it (cost 0 is always payable: the budget is memory + 10 >= 0), so more than "
               "the pass: False all the same, whatever the card set (the 64-mutant CI sample)"},
    # Issue 26, branch v26d: the undecided survivors of seed 5309 and of the dcgfast2 gate
    # sample (docs/MUTATION.md, "The survivors of seed 5309 and of dcgfast2, decided").
    {"module": "oracle/digibattle/digivolve.py", "function": "legal_reveal", "op": "const-1",
     "segment": "0", "line": "me.digivolve_zone[0]",
     "reason": "digivolve_zone[-1] instead of [0] under 'if me.digivolve_zone': the zone holds "
               "0 or 1 card (DB-B.0; the state schema's maxItems 1, also for a loaded state), "
               "so the last card is the first (seed 5309's sample)"},
    *({"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "delete",
       "segment": seg,
       "reason": "the order of the attack targets / attackers in the legal set: legal sets are "
                 "compared as sets, and the random player draws from the verifier's own "
                 "oracle's list (seed 5309's sample)"}
      for seg in ("attackers.sort()", "targets.sort(key=str)")),
    *({"module": "oracle/dcg/main_phase.py", "function": "activate", "op": op, "segment": "1",
       "line": 'if e.timing == "main"), -1)',
       "reason": "the index taken when the action names no effect and the card has no [Main] "
                 "effect at all: -2 or 0 instead of -1; every such index is refused under the "
                 "same clause, DCG-6-5-1-6 (out of range, or effect 0 whose timing is not "
                 "main), and a refusal's reason is free text (the dcgfast2 gate sample's "
                 "main_phase.py:352)"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/dcg/main_phase.py", "function": "activate", "op": "delete",
     "segment": "me.use(key)",
     "reason": "CR4.2 Once Per Turn marks the effect used when it is activated; the same key "
               "is added when it resolves (effects._resolve, before its condition and its "
               "choice of targets), and every activation resolves in the same action: a "
               "[Main] effect is activated only with nothing pending (engine._check_turn), "
               "so it is the only pending effect, which engine.advance resolves at once "
               "(auto_index), and nothing between the activation and the resolution can take "
               "its card away (_still_there). No answered position shows the difference (seed "
               "4711's sample)"},
    {"module": "oracle/dcg/effects.py", "function": "turn_end_threshold", "op": "const-1",
     "segment": "1", "line": "value = thresholds.get(stack.cards[-1], 1)", "nth": 1,
     "reason": "the default threshold of a top card that sets none, 0 instead of 1: the "
               "running threshold starts at 1, and 0 > 1 is as false as 1 > 1 (the dcgfast2 "
               "gate sample)"},
    {"module": "oracle/dcg/effects.py", "function": "_target_stacks", "op": "const-1",
     "segment": "0", "line": "(card.level or 0) > eff.max_level",
     "reason": "a Digimon without a level counted as level -1 instead of 0 against 'level X "
               "or less': X is 0 or more (the card-set schema's minimum, also for an embedded "
               "set), so -1 > X is as false as 0 > X (seed 5309's sample)"},
    # The survivors of the fresh sample seed 6143 (docs/MUTATION.md), decided after the run.
    {"module": "oracle/dcg/effects.py", "function": "choose_targets", "op": "andor",
     "segment": 'c is not None and c.kind == "targets" and c.card is not None '
                'and c.effect is not None',
     "reason": "the assert of choose_targets with or: it holds whenever the original does, "
               "and the original always holds: main_phase.choose calls it only for a choice "
               "due (engine._check_turn) of kind 'targets', and every targets choice names a "
               "card and an effect (effects._resolve builds it from a pending effect; a loaded "
               "one is refused without them, jsonio) (seed 6143's sample)"},
    {"module": "oracle/dcg/engine.py", "function": "apply", "op": "delete",
     "line": "expected an Action, found",
     "reason": "the refusal of an argument that is not an Action: serve (OracleDriver.step) "
               "hands apply only what action_from_json built, always an Action, and a "
               "malformed action is refused there, as invalid with its path (seed 6143's "
               "sample)"},
    {"module": "oracle/dcg/main_phase.py", "function": "continue_attack", "op": "compare",
     "segment": 'w.phase == "game_over"',
     "reason": "returning after every security check (phase != game_over) instead of only "
               "when something is pending: a security check never ends the game (_check_one "
               "trashes, plays or battles), and with nothing pending and no choice "
               "engine.advance calls continue_attack again in the same action, which in stage "
               "'checking' resumes the same loop (an attacker that is gone ends the attack "
               "there, as the break does); only the attack_ended event's result can differ "
               "(seed 6143's sample)"},
    *({"module": "oracle/dcg/turn.py", "function": "unsuspend", "op": "delete",
       "segment": seg,
       "reason": "the list of unsuspended stacks feeds only the 'unsuspended' event (events "
                 "are never compared) (seed 6143's sample)"}
      for seg in ("ids.append(t.id)", "ids.append(b.id)")),
    {"module": "oracle/digibattle/battle.py", "function": "_lose_digimon", "op": "compare",
     "segment": "len(dz) > 1",
     "reason": "len(dz) >= 1: a Duel Zone of the Rookie alone then sends dz[1:], nothing, "
               "Offline: the same zones, and an event (never compared) (seed 6143's sample)"},
    {"module": "oracle/digibattle/battle.py", "function": "play_option", "op": "const-1",
     "segment": "0", "line": "fulfilled = match[0]",
     "reason": "match[-1] instead of match[0]: the ways to meet a card's Use Requirements "
               "(_fulfilment) have distinct discard choices (combinations of distinct serials, "
               "or the one empty choice), so at most one way matches the action's discard and "
               "its last is its first (seed 6143's sample)"},
    *({"module": "oracle/digibattle/state.py", "function": "game_from_setup", "op": op,
       "segment": "40", "line": "unknown card set",
       "reason": "the length of the unknown card-set id quoted in the refusal's reason: free "
                 "text, never compared (docs/PROTOCOL.md, a refusal matches on kind and "
                 "clause) (seed 6143's sample)"}
      for op in ("const+1", "const-1")),
    # The survivors of the fresh sample seed 7919 (docs/MUTATION.md), decided after the run.
    {"module": "oracle/digibattle/power.py", "function": "digimon_power", "op": "const-1",
     "segment": "0", "line": "return max(power, 0)",
     "reason": "max(power, -1) instead of max(power, 0): the power is never below 0, so "
               "both return it unchanged: the chart entry is 0 or more, add_power's amount 0 "
               "or more, multiply_power's factor and divide_opponent_power's divisor 1 or "
               "more (card.schema.json's minimums, checked for every card set, an embedded "
               "one too, card_set_from_json), and no other effect changes the power (seed "
               "7919's sample)"},
    # The survivors of the fresh sample seed 8209 (docs/MUTATION.md), decided after the run.
    {"module": "oracle/digibattle/digivolve.py", "function": "digivolve", "op": "const-1",
     "segment": "0", "line": "if a.card != me.digivolve_zone[0]:",
     "reason": "digivolve_zone[-1] instead of [0] under 'if me.digivolve_zone': the zone holds "
               "0 or 1 card (DB-B.0; the state schema's maxItems 1, also for a loaded state), "
               "so the last card is the first (seed 8209's sample)"},
    {"module": "oracle/digibattle/battle.py", "function": "end_duel", "op": "const-1",
     "segment": "1", "line": "by = cards[tx.ps[i].duel_zone[-1]].serial",
     "reason": "duel_zone[-0], the bottom card, instead of [-1], the card showing: 'by' only "
               "names the card whose effect sent the Digimon Offline in the "
               "digimon_sent_offline event (events are never compared) (seed 8209's sample)"},
    {"module": "oracle/digibattle/rules.py", "function": "_refuse", "op": "compare",
     "segment": "c != home",
     "reason": "c == home in the extra clauses (also=) of a wrong-phase refusal: also then "
               "holds nothing or the primary clause again; the primary clause (home) is "
               "unchanged, None is still dropped (c and ...), and a refusal matches on any "
               "clause both name (docs/PROTOCOL.md, verifier/compare.py) (seed 8209's sample)"},
    *({"module": "oracle/dcg/engine.py", "function": "_phase_clauses", "op": op,
       "reason": "only the extra clauses (also=) of the refusal 'an effect remains to be "
                 "resolved' change, still a tuple of clause IDs; its primary clause "
                 "(_check_turn: DCG-6-5-1 in the Main phase, else DCG-6-1-3) is unchanged, and "
                 "a refusal matches on any clause both name (docs/PROTOCOL.md, "
                 "verifier/compare.py) (seed 8209's sample)"}
      for op in ("andor", "compare")),
    {"module": "oracle/dcg/engine.py", "function": "apply", "op": "andor",
     "segment": 'w.phase != "main" or w.step != "main"',
     "reason": "and instead of or in the Main-phase check of a main-phase action: the two "
               "differ only where exactly one of phase and step is 'main', and a main-phase "
               "action gets there only with no choice due, nothing pending and a player to "
               "move (_check_turn): every position the engine answers and every loaded one "
               "(jsonio.check_decision_point) is then at step 'breeding', 'main' or (set-up) "
               "'mulligan', and step 'main' belongs to phase 'main' only (jsonio.PHASE_STEPS): "
               "phase and step are both 'main' or both not (seed 8209's sample)"},
    {"module": "oracle/dcg/effects.py", "function": "apply_targets", "op": "andor",
     "segment": 'eff.action == "play_source" and card is not None and len(stacks) == 1',
     "reason": "the assert before play_source with or: it holds whenever the original does, "
               "and the original holds wherever a game or a consistent position gets there: "
               "apply_targets is called only for a TARGETED effect, every other targeted "
               "action returns before it, and target_options offers play_source only one "
               "stack and a digivolution card. (A loaded 'targets' choice naming an effect "
               "that targets nothing is accepted by load_state; there the original raises "
               "AssertionError and the mutant ValueError at s.cards.index(None): no answer "
               "either way) (seed 8209's sample)"},
    # Issue 26, branch v26f (Digi-Battle): the equivalence pass over oracle/digibattle and
    # the survivors of the hunt seed 9311 (docs/MUTATION.md, "Branch v26f").
    {"module": "oracle/digibattle/setup.py", "function": "legal_choose_rookie",
     "op": "delete", "segment": 'g.derived[("choose_rookie", p)] = actions',
     "reason": "the memo of a seat's Rookie choices (Game.derived) is not stored: every call "
               "works the same tuple out again from the same deck (v26f equivalence pass)"},
    {"module": "oracle/digibattle/state.py", "function": "to_json", "op": "const-1",
     "segment": "0", "line": 'if self.chance[0] == "coin_toss" else',
     "reason": "chance[-1] instead of chance[0]: a coin toss due is the 1-tuple "
               "('coin_toss',), whose last item is its first; a shuffle due ends with its "
               "tuple of cards, which is never 'coin_toss' (as rules._apply_chance's entry) "
               "(v26f equivalence pass)"},
    {"module": "oracle/digibattle/digivolve.py", "function": "digivolve", "op": "compare",
     "segment": "p == tx.first_player",
     "reason": "which extra clauses (also=) the DB-B.6 refusal 'no card on the Digivolve Zone "
               "to turn over' names, DB-B.2 or DB-B.4 and DB-B.2: its primary clause DB-B.6 is "
               "unchanged, and a refusal matches on any clause both name (docs/PROTOCOL.md, "
               "verifier/compare.py) (v26f equivalence pass)"},
    {"module": "oracle/digibattle/digivolve.py", "function": "legal_prepare", "op": "const-1",
     "segment": "1", "line": "if (has_ultra and new.level_index - base.level_index == 1)",
     "reason": "has_ultra and step == 0 instead of step == 1 in front of _reachable: the "
               "candidates are in _prep_tables' level_ok, whose step is 1 or more "
               "(_level_ok), so the left operand is always false, and the original's left "
               "operand is a short cut only: _reachable answers True for step 1 with an "
               "ULTRA DIGIVOLVE card in hand (its first test) (v26f equivalence pass)"},
    *({"module": "oracle/digibattle/digivolve.py", "function": "_level_ok", "op": op,
       "segment": seg, "line": 'return step == 1 or step > 1 and g.dna == "either"',
       **({"nth": 1} if op == "const-1" else {}),
       "reason": "step >= 1 (or step > 0) instead of step > 1 on the right of 'step == 1 or': "
                 "the only step it adds, 1, is already true on the left (v26f equivalence "
                 "pass)"}
      for op, seg in (("compare", "step > 1"), ("const-1", "1"))),
    *({"module": "oracle/digibattle/state.py", "function": "game_from_setup", "op": op,
       "segment": "1", "line": 'raise InvalidInputError("$.card_set" + e.path[1:]',
       "reason": "the JSON path quoted by the invalid-input refusal of a malformed embedded "
                 "card set: the path of an 'invalid' refusal is never compared (verifier/"
                 "compare.py refusal_difference compares the kind, and the clause of an "
                 "'illegal' one) (v26f equivalence pass)"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/digibattle/battle.py", "function": "_lose_digimon", "op": "const-1",
     "segment": "1", "line": "if len(dz) > 1:",
     "reason": "len(dz) > 0: a Duel Zone of the Rookie alone then sends dz[1:], nothing, "
               "Offline: the same zones, and an event (never compared) (as the compare "
               "entry of seed 6143's sample) (v26f equivalence pass)"},
    {"module": "oracle/digibattle/regroup.py", "function": "__init__", "op": "delete",
     "segment": "super().__init__()",
     "reason": "_Discards is a dict subclass: dict.__init__() with no arguments on a new dict "
               "does nothing (as digivolve._Actions) (v26f equivalence pass)"},
    {"module": "oracle/digibattle/state.py", "function": "__post_init__", "op": "delete",
     "line": 'object.__setattr__(self, "decks", (tuple(self.decks[0])',
     "reason": "Game.decks made a pair of tuples: serve builds every Game with "
               "game_from_setup (OracleDriver, new_game and load_state), which already passes "
               "(tuple(decks[0]), tuple(decks[1])); the other constructors (Game.default, the "
               "command line's and the divergence tool's) are not on the serve path (v26f "
               "equivalence pass)"},
    {"module": "oracle/digibattle/digivolve.py", "function": "_check_digivolve",
     "op": "andor", "segment": "a.support or ''",
     "reason": "a.support and '' in the reason of the DB-B.3 refusal: free text (a str or "
               "None formatted alike), never compared; the clause is unchanged (v26f "
               "equivalence pass)"},
    {"module": "oracle/digibattle/rules.py", "function": "legal_actions", "op": "delete",
     "segment": "remember_legal(state, actions)",
     "reason": "the last legal set is not remembered, so every apply takes the handlers' "
               "checks for an action not just listed (Tx.listed is then always false): "
               "play_option, prepare and digivolve re-derive the same ways (_fulfilment and "
               "_targets, _prepare_options, methods on the same hand and base) and accept "
               "exactly the listed actions, with the same effects; a speed-up only "
               "(tx.remember_legal's contract; also served with --games 200: survived) "
               "(v26f equivalence pass)"},
    {"module": "oracle/digibattle/digivolve.py", "function": "_level_ok", "op": "andor",
     "segment": 'step > 1 and g.dna == "either"',
     "reason": "step > 1 or dna == 'either' only widens _prep_tables' level_ok (every step "
               "above 1, and under 'either' any step): a prefilter only, since every card it "
               "lets through is checked again by level before it is listed or accepted "
               "(_reachable and methods: a tribute, DIGIVICE or ULTRA DIGIVOLVE needs step 1, "
               "a DNA Digivolve a lower base and, unless 'either', step 1; _check_prepare's "
               "DB-B.7 test comes before _prepare_options), so the same prepares are listed "
               "and the same refusals given (the hunt seed 9311's survivor)"},
    {"module": "oracle/digibattle/regroup.py", "function": "after_recycle_shuffle",
     "op": "delete", "segment": "tx.chance = None",
     "reason": "the shuffle's chance is cleared here and again by _resume, which every path "
               "reaches next and which ends by setting tx.chance itself: None when play "
               "resumes, or the next player's shuffle (_ask_recycle) when another recycle is "
               "due; nothing reads tx.chance in between (the hunt seed 9311's survivor)"},
    {"module": "oracle/digibattle/rules.py", "function": "_refuse", "op": "compare",
     "segment": 'key == ("battle", "play")',
     "reason": "the DB-C.3 refusal of a player who passed and acts out of turn is given in "
               "every phase but the Battle phase instead of in it: either way the refusal "
               "names the phase's turn clause, _TURN_CLAUSE.get(key, 'DB-C.1') (the DB-C.3 "
               "refusal's also=, or the turn refusal's own clause), which the original "
               "names too, and a refusal matches on any clause both name (docs/PROTOCOL.md, "
               "verifier/compare.py); player is checked to be 0 or 1 first, so nothing "
               "raises (the hunt seed 9311's survivor)"},
    # The survivors of the fresh sample seed 9901 (docs/MUTATION.md), decided after the run.
    {"module": "oracle/digibattle/digivolve.py", "function": "_revealed_rookie_state",
     "op": "delete", "line": "ps[p] = _new(PlayerState, (deck, hand, online, offline, (new,)",
     "reason": "the state legal_reveal lists from keeps the pending Rookie change unrevealed: "
               "its only reader, methods, takes the base as 'pending_rookie or "
               "duel_zone[-1]', the new Rookie either way, and reads nothing else the reveal "
               "changes (hand, Power Port and Online deck are the same), so the same ways to "
               "Digivolve are listed (seed 9901's sample)"},
    # Branch v26h (issue 26): the Digi-Battle recycle corners that only a position breaking
    # card conservation showed. load_state now refuses such positions (state._check_
    # conservation: each player's zones hold exactly their deck's 30 cards, DB-A.0; a hand of
    # at most 10, DB-A.2/DB-D.1; no undealt card after the set-up, DB-A.2), so with an empty
    # Online deck a player has 30 - 10 - 1 = 19 or more cards Offline, on the board or set up
    # as a new Rookie. Under DB-AMB-3 'whole-offline' a recycle's pile is all of them, so it
    # is never made at once (a pile of at most one card has no chance node), and no owed draw
    # (at most 10) or payment (a tribute of at most 9 cards, the card schema's bound; a use
    # requirement of at most 3 in the bundled set and in every scenario's own card) empties a
    # 19-card Online deck again; under 'just-sent' the pile
    # is the board just sent, and a second recycle in the same action finds the board empty
    # (drawn cards go to the hand, paid ones Offline): it recycles nothing, and an owed draw
    # or payment from the still empty Online deck takes nothing.
    {"module": "oracle/digibattle/regroup.py", "function": "settle", "op": "delete",
     "segment": "tx.owed = None",
     "reason": "the owed draw or payment left in tx.owed after settle has read it: a later "
               "settle in the same action reads it again only when the Online deck reached "
               "zero again after the owed part was taken, i.e. after a recycle followed by a "
               "second exhaustion (block comment above): under 'whole-offline' the recycled "
               "pile holds 19 or more cards, more than any owed draw or payment takes; under "
               "'just-sent' the second pile is empty, so the stale draw or payment finds an "
               "empty Online deck and takes nothing (hunt seed 9311 and seed 9901's sample; "
               "equivalent once load_state keeps card conservation, branch v26h)"},
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
     "segment": "settle(tx)",
     "reason": "the second settle when the owed draw or payment empties the Online deck "
               "again: reached after a chance shuffle, apply's own settle follows and does the "
               "same; reached at once (a pile of at most one card), never under "
               "'whole-offline' (the pile holds 19 or more cards, block comment above), and "
               "under 'just-sent' the second pile, the board, is empty: nothing is recycled "
               "and the rest owed takes nothing from the empty Online deck (seeds 5309, 8209, "
               "9311; equivalent once load_state keeps card conservation, branch v26h)"},
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "andor",
     "segment": "owed_draw or owed_pay",
     "reason": "'and' in the rest owed after the Online deck empties again: only one of "
               "draw and payment is ever owed, so the mutant owes nothing more; the Online deck "
               "empties again only under 'just-sent' (under 'whole-offline' the recycled pile "
               "holds 19 or more cards, block comment above), where the next recycle finds the "
               "board empty and the rest owed would take nothing from the empty Online deck "
               "(DB-AMB-21 'after-duel': battle.end_duel recycles every empty deck, owed or "
               "not) (seed 8209; equivalent once load_state keeps card conservation, branch "
               "v26h)"},
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
     "segment": "owed_pay -= len(paid)",
     "reason": "the rest of an owed payment not lowered after the part paid: it is read only "
               "when that payment emptied the Online deck again (the 'if tx.emptied' after "
               "it), never under 'whole-offline' (block comment above); under 'just-sent' the "
               "next recycle finds the board empty, and the larger rest takes nothing more "
               "from the empty Online deck than the smaller one (both nothing); with a rest of "
               "0 the mutant still owes and recycles nothing now where DB-AMB-21 'after-duel' "
               "would wait, and battle.end_duel recycles the still empty deck at the Duel's "
               "end either way (seed 2661; equivalent once load_state keeps card "
               "conservation, branch v26h)"},
    # Branch v26i (issue 26): load_state refuses a recycle whose resume point names another
    # phase or step than the position's (state._check_resume, DB-D.3: play resumes where the
    # recycle stopped it). In every game the two agree: settle, which records them, is the
    # last step of an action that can move the phase or step (rules.apply's _run_out loops
    # only while a player is to move, and its end_duel is followed by a settle of its own),
    # and nothing moves them while the shuffle is due (only that chance outcome is taken).
    # Checked over seeded random games too: 60 seeds under the default set-up, under every
    # ambiguity's second reading, and under each reading of each Digi-Battle ambiguity,
    # 502,058 states, 10,565 with a resume point, none naming another phase or step.
    *({"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
       "segment": seg,
       "reason": f"'{seg}' when play resumes after a recycle: the resume point's {what} is "
                 f"the position's own {what} in every game and in every position load_state "
                 "accepts (block comment above), so the assignment changes nothing (hunt seed "
                 "9311 and the equivalence pass of branch v26i)"}
      for seg, what in (("tx.phase = phase", "phase"), ("tx.step = step", "step"))),
    # The card-set check of a player's zones and pending Rookie change in load_state
    # (state._check_serials) refuses nothing that the card-conservation check after it
    # (state._check_conservation, branch v26h) lets through: a card of no card set in a zone
    # or as the pending Rookie is counted there and is no card of the player's deck (the
    # decks are built from the game's card set), so the position is refused as invalid input
    # either way; only the JSON path and the reason's text differ, which verify never compares
    # (docs/PROTOCOL.md). The checks of plays, the chance's cards and resume.then stay needed:
    # conservation counts none of them.
    *({"module": "oracle/digibattle/state.py", "function": "_check_serials", "op": "delete",
       "segment": seg,
       "reason": f"the card-set check of {what} removed: the conservation check after it "
                 "refuses the same positions as invalid input, with another JSON path, "
                 "which verify does not compare (block comment above; CI gate survivor "
                 "state.py:317:delete:80 and the equivalence pass of branch v26i)"}
      for seg, what in (('check(f"$.players[{i}].{zone}[{j}]", serial)', "a player's zones"),
                        ('check(f"$.players[{i}].pending_rookie", p["pending_rookie"])',
                         "the pending Rookie change"))),
    # The survivors of the eighth fresh sample, seed 31847 (docs/MUTATION.md), decided after
    # the run; the fourth, battle.py:236 (Downgrade had no scenario), is killed by a vector.
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
     "line": "tx.owed = (owed_p, owed_draw, owed_pay) if (owed_draw or owed_pay) else None",
     "reason": "the rest of an owed draw or payment not carried into the second settle when "
               "the owed part emptied the Online deck again: never under 'whole-offline' (the "
               "recycled pile holds 19 or more cards, block comment above); under 'just-sent' "
               "the next recycle finds the board empty, so the rest owed would take nothing "
               "from the empty Online deck (the same argument as the 'andor' and 'owed_pay' "
               "entries of _resume) (fresh sample seed 31847)"},
    {"module": "oracle/digibattle/rules.py", "function": "_own_turn_clause", "op": "compare",
     "line": 'return "DB-D.5" if state.phase == "regroup" else "DB-B.0"',
     "reason": "which rule of its own turn a prepare or ready in the wrong phase also names "
               "(a refusal's `clauses`): the refusal's first clause, the phase's own rule, is "
               "unchanged, and an engine's refusal matches when it names one rule of the "
               "oracle's set (docs/PROTOCOL.md, Refusals: what counts), which that shared "
               "first clause always is (as digivolve.py's DB-B.6 entry) (fresh sample seed "
               "31847)"},
    {"module": "oracle/digibattle/state.py", "function": "game_from_setup", "op": "delete",
     "line": 'raise InvalidInputError("$.decks", "expected two decks (lists of serials)")',
     "reason": "unreachable through the protocol: schemas/protocol/new_game.schema.json "
               "requires decks as exactly two arrays of serials (for load_state too), and "
               "serve refuses a request against it before the setup reaches game_from_setup "
               "(fresh sample seed 31847)"},
    # Branch v26g (issue 26): the DCG equivalence pass and the survivors of the hunt sample
    # seed 9312 (docs/MUTATION.md, "A hunt and a sixth fresh sample"). Entries that say "over
    # the card sets verify plays" hold for dcg-real and dcg-real+test-only, the only sets
    # verify asks an implementation for (docs/PROTOCOL.md); an embedded card set could differ.
    {"module": "oracle/dcg/effects.py", "function": "_do", "op": "andor",
     "segment": "eff is not None and eff.until is not None",
     "reason": "the assert before security_dp / security_attack_all with or: it holds "
               "whenever the original does, and the original always holds: the card loader "
               "(oracle/dcg/cards.py, also for an embedded set) requires until exactly for the "
               "lasting actions, these two among them, and the only _do call without an "
               "effect, a delayed part, carries gain_memory or lose_memory (hunt seed 9312)"},
    {"module": "oracle/dcg/setup.py", "function": "apply_chance", "op": "andor",
     "segment": "a.order is not None and a.player is not None and a.deck is not None",
     "reason": "the assert of a shuffle outcome with or: it holds whenever the original does, "
               "and the original always holds there: the line before refuses a shuffle whose "
               "player or deck is not the due chance's (never None), and the action schema "
               "requires order for a shuffle (action_from_json refuses one without it as "
               "invalid) (equivalence pass, v26g)"},
    *({"module": "oracle/dcg/effects.py", "function": "dp", "op": op, "segment": "0",
       "line": "total = top.dp or 0",
       "reason": "the default DP of a top card without DP, 1 or -1 instead of 0, over the card "
                 "sets verify plays: dp is asked only of a stack whose top card is a Digimon "
                 "(an attacker, an attack's or a block's Digimon, DCG-6-5-1-5 refuses any "
                 "other; _target_stacks skips non-Digimon first), and every Digimon of dcg-real "
                 "and dcg-real+test-only has DP 1000 or more, so 'or' never takes the default "
                 "(an embedded card set with a 0-DP Digimon would differ) (hunt seed 9312)"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/dcg/main_phase.py", "function": "main_actions_of",
     "reason": "main_actions_of is called by nothing (engine.legal_actions inlines the same "
               "call, 'main_actions_of, inline') (hunt seed 9312)"},
    {"module": "oracle/dcg/main_phase.py", "function": "activate", "op": "delete",
     "segment": 'raise IllegalActionError("DCG-6-5-1-6", "[Once Per Turn] effect already '
                'used")',
     "reason": "the refusal of a [Once Per Turn] [Main] effect already used this turn: "
               "_can_activate, asked next, answers no for it by the same test (its own "
               "once-per-turn check), and the refusal that follows names the same clause, "
               "DCG-6-5-1-6; a refusal's reason is free text (equivalence pass, v26g)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_digivolve_cost", "op": "compare",
     "segment": "cond.cost < best",
     "reason": "<= instead of < when keeping the cheapest digivolve condition: a condition as "
               "cheap as the best one replaces it, and only its cost is kept, the same number "
               "(hunt seed 9312)"},
    *({"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "compare",
       "segment": "0 <= onto[cid] <= budget", "nth": nth,
       "reason": "onto[cid] < budget instead of <= budget for a digivolve in the legal set: it "
                 "differs only for a digivolve cost equal to memory + 10. Main-phase actions "
                 "are listed only where the turn-end condition does not hold (a loaded "
                 "position that meets it is refused, jsonio.check_decision_point), so memory "
                 "is at least -5 (1 or more on the opponent's side ends the turn, 6 or more "
                 "under Tamer Testzed X-03, the highest threshold of the card sets verify "
                 "plays) and the budget at least 5, while no digivolve cost of dcg-real or "
                 "dcg-real+test-only is more than 4 (an embedded card set could differ) (hunt "
                 "seed 9312)"}
      for nth in (1, 3)),
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const+1",
     "segment": "1", "line": "if len(digivolves) > 1:",
     "reason": "the guard of sorting the digivolves (> 2): only the legal set's order changes, "
               "and legal sets are compared as sets (hunt seed 9312)"},
    {"module": "oracle/dcg/main_phase.py", "function": "main_actions", "op": "const-1",
     "segment": "1", "line": "me.hand, me.battle, me.breeding, w.players[1 - tp].battle)",
     "reason": "players[0 - tp] instead of players[1 - tp] as the opponent's battle area: for "
               "either seat that is the turn player's own. main_actions (of a Work) is asked "
               "only by engine._only_pass, which tests len(...) == 1, and the opponent's "
               "battle area only adds attack targets, which are listed only when the turn "
               "player has an attacker, and then the attack on the player is already a "
               "second action: the answer is the same (hunt seed 9312)"},
    *({"module": "oracle/dcg/main_phase.py", "function": "_security_dp", "op": op,
       "segment": "0", "line": "total = card.dp or 0",
       "reason": "the default DP of a Security card without DP, 1 or -1 instead of 0, over "
                 "the card sets verify plays: _security_dp is asked only for a Security "
                 "Digimon (if card.is_digimon), and every Digimon of dcg-real and "
                 "dcg-real+test-only has DP 1000 or more (an embedded card set with a 0-DP "
                 "Digimon would differ) (hunt seed 9312)"}
      for op in ("const+1", "const-1")),
    *({"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const-1",
       "segment": "0", "line": line,
       "reason": "-1 <= cost instead of 0 <= cost in the legal set (an Option's play cost, a "
                 "digivolve cost): both are 0 or more (the card-set schema's minimums, checked "
                 "for every card set, an embedded one too) (equivalence pass, v26g)"}
      for line in ("if 0 <= onto[cid] <= budget:",)),
    # The survivors of the fresh sample seed 9901 (docs/MUTATION.md), decided after the run.
    {"module": "oracle/dcg/effects.py", "function": "auto_index", "op": "const+1",
     "segment": "0", "line": "first = w.pending[cands[0]]",
     "reason": "the key is taken from the second candidate instead of the first (there are "
               "2 or more here: len(cands) < 2 returned before): all candidates equal the "
               "first exactly when they all equal the second (seed 9901's sample)"},
    *({"module": "oracle/dcg/effects.py", "function": "until_turn", "op": op, "segment": "2",
       "line": "return int(w.turn) + (1 if mine_now else 2)",
       "reason": "the end of an 'until the end of your opponent's next turn' effect made in "
                 "the opponent's turn (3 or 1 turns on instead of 2), over the card sets "
                 "verify plays: the effects with that duration are ST1-14 Starlight "
                 "Explosion's and ST2-14 Sorrow Blue's [Main] effects, which resolve only in "
                 "their owner's turn (an Option is used in its owner's Main phase; the "
                 "[Security] 'activate this card's [Main] effect' cards, ST1-15, ST1-16, "
                 "ST2-15, ST2-16, have other [Main] effects), so the branch is never taken (an "
                 "embedded card set could differ) (seed 9901's sample)"}
      for op in ("const+1", "const-1")),
    *({"module": "oracle/dcg/main_phase.py", "function": "pass_turn", "op": op,
       "segment": seg, "line": "mine(w, tp) < -3",
       "reason": "DCG-AMB-2 'never-lower': < -2 or <= -3 instead of < -3 differs only when "
                 "memory is exactly 3 on the opponent's side, where the original sets it to 3 "
                 "there, the value it already has (set_mine changes nothing), and the mutant "
                 "leaves it: the same position (seed 9901's sample; the compare one by the "
                 "same argument)"}
      for op, seg in (("const-1", "3"), ("compare", "mine(w, tp) < -3"))),
    # Branch v26j (issue 26): oracle/dcg/cards.py joins MODULES. card_set_from_json and
    # deck_from_json check every document against schemas/dcg/card-set.schema.json and
    # schemas/dcg/deck.schema.json (oracle.validation, jsonschema Draft 2020-12) before any
    # of these checks runs, and nothing else calls _need, _effect_from_json, _card_from_json
    # or _expand: each check below refuses only documents the schema has refused already,
    # so deleting its raise changes no answer, for the shipped sets and decks and for any
    # embedded document alike (docs/MUTATION.md, "branch v26j").
    *({"module": "oracle/dcg/cards.py", "function": fn, "op": "delete", "line": line,
       "reason": f"the schema refuses first: {why} (branch v26j)"}
      for fn, line, why in (
          ("_need", '"missing")', "every key _need reads unconditionally is required by the "
           "card-set or deck schema (id, name, kind, colors; a digivolve condition's level, "
           "color, cost; an effect's timing, action, value; then_at_end_of_turn's action, "
           "value; cards; a deck entry's id, count); the optional ones are read only when "
           "present"),
          ("_need", 'f"expected {kind}, found {value!r}")', "every key _need reads is typed "
           "by the schema (string, integer, array, boolean; jsonschema's integer excludes "
           "booleans, as _need does)"),
          ("_effect_from_json", 'raise InvalidInputError(path, "expected an object")',
           "an effect is an object (effects.items)"),
          ("_effect_from_json", "unknown timing", "timing is an enum"),
          ("_effect_from_json", "unknown action", "action is an enum"),
          ("_effect_from_json", "unknown condition", "condition is an enum (without null)"),
          ("_effect_from_json", "unknown scope", "scope is an enum"),
          ("_effect_from_json", "unknown cost", "cost is an enum of one value (an explicit "
           "null is refused by the schema)"),
          ("_effect_from_json", "{path}.inherited", "inherited is a boolean"),
          ("_effect_from_json", "unknown target", "target is an enum"),
          ("_effect_from_json", "unknown duration", "until is an enum"),
          ("_effect_from_json", "{path}.target_condition", "target_condition is an enum"),
          ("_effect_from_json", 'raise InvalidInputError(sub, "expected an object")',
           "then_at_end_of_turn is an object"),
          ("_effect_from_json", "unsupported delayed action", "then_at_end_of_turn's action "
           "is the enum gain_memory / lose_memory"),
          ("_card_from_json", 'raise InvalidInputError(path, "expected an object")',
           "a card is an object (cards.items)"),
          ("_card_from_json", "expected one of {KINDS}", "kind is the enum of KINDS"),
          ("_card_from_json", "non-empty list of colour names", "colors has minItems 1 and "
           "items of minLength 1"),
          ("_card_from_json", "{path}.supported", "supported is a boolean"),
          ("_expand", 'raise InvalidInputError(path, "expected a list")', "a deck's deck "
           "(required) and eggs are arrays"),
          ("_expand", 'raise InvalidInputError(sub, "expected {id, count}")', "a deck "
           "entry is an object"),
      )),
    # (looser forms of the same checks, by the same argument)
    {"module": "oracle/dcg/cards.py", "function": "_need", "op": "andor",
     "segment": "not isinstance(value, kind) or isinstance(value, bool) and kind is int",
     "reason": "the type check loosened to booleans-for-integers only: the schema types every "
               "key _need reads first (branch v26j)"},
    *({"module": "oracle/dcg/cards.py", "function": "_card_from_json", "op": "andor",
       "segment": seg,
       "reason": "the colours check loosened: the schema requires colors with minItems 1 and "
                 "items of minLength 1 first (branch v26j)"}
      for seg in ("not colors or not all(isinstance(c, str) and c for c in colors)",
                  "isinstance(c, str) and c")),
    # (_card_from_json's play_cost >= 0, documented here by v26j, was removed by branch s26k:
    # the schema now requires a non-Digi-Egg's play cost as an integer, minimum 0.)
    *({"module": "oracle/dcg/cards.py", "function": fn, "op": "delete", "line": line,
       "reason": "over every input verify sends: a vector's set-up is checked against "
                 "protocol/new_game.schema.json (schemas/vector.schema.json), whose dcg card_set "
                 "and decks are dcg/card-set.schema.json documents and dcg/deck.schema.json "
                 "objects (dcg/trace.schema.json $defs), so no vector holds a document or deck "
                 "this validation would refuse (recording one fails: 'deck[14].count: 0 is less "
                 "than the minimum of 1'); the random games send the shipped sets and decks "
                 "(branch v26j)"}
      for fn, line in (("card_set_from_json", 'validate(d, "dcg/card-set")'),
                       ("deck_from_json", 'validate(d, "dcg/deck")'))),
    # Not on the serve path, or a cache only.
    *({"module": "oracle/dcg/cards.py", "function": "color", "op": op,
       "reason": "Card.color is read by no module (oracle, digiconform: the only '.color' read "
                 "is DigivolveCondition.color, a field, in oracle/dcg/trace.py) (branch v26j)"}
      for op in ("early-return", "const+1", "const-1")),
    *({"module": "oracle/dcg/cards.py", "function": "load_deck", "op": op, "segment": "0",
       "line": "hit[0] is not cards",
       "reason": "the deck cache's check reads the cached deck instead of its card set, so "
                 "the deck is parsed again from the same file against the same card set on "
                 "every call: the same DeckList (branch v26j)"}
      for op in ("const+1", "const-1")),
    *({"module": "oracle/dcg/cards.py", "function": "load_deck", "op": op,
       "line": "cards = cards or load_cards()",
       "reason": "serve reaches load_deck only through game_from_setup and make_game, which "
                 "always pass the set-up's card set (never None); with a card set given the "
                 "andor form parses the deck against dcg-real instead, and the shipped decks "
                 "hold only real cards (dcg-real+test-only holds them alike): the same "
                 "DeckList. Only default_setup (read by the verifier, not by serve) calls it "
                 "without a card set (branch v26j)"}
      for op in ("delete", "andor")),
    # Branch s26k (issue 26): deck loading, decided by reading; the first rests on a fact
    # tests/test_mutate.py checks over the shipped vectors and decks.
    {"module": "oracle/dcg/cards.py", "function": "check_deck", "op": "delete",
     "line": "raise UnsupportedError(",
     "reason": "over every input verify sends: no deck of a DCG vector's set-up, read against "
               "that set-up's card set, and no shipped deck (the random games') holds a card its "
               "set marks supported: false (tests/test_mutate.py checks it), so the refusal is "
               "never reached; and no such vector may be written: the refusal is the oracle's "
               "scope, not a rule, and an engine that plays the card must not fail (branch "
               "s26k)"},
    {"module": "oracle/dcg/cards.py", "function": "deck_from_json", "op": "delete",
     "segment": "check_deck(deck, cards)",
     "reason": "every set-up goes through make_game (oracle/dcg/model.py), which checks each "
               "deck again, check_deck(deck, cards, f'$.decks[{i}]'), with the path "
               "game_from_setup gives the first check's error, before any state exists; the "
               "only difference is the order when deck 0 is illegal and deck 1 breaks the deck "
               "schema (then invalid instead of illegal), and no vector holds a deck the schema "
               "refuses (its set-up is schema-checked) (branch s26k)"},
    {"module": "oracle/dcg/cards.py", "function": "load_deck", "op": "delete",
     "line": 'shipped_name(name, "$.decks"',
     "reason": "a name that is not a plain name is in no shipped_deck_names() (the stems of the "
               "files in the decks directory), so the next test refuses it as invalid input at "
               "$.decks too; verify compares an invalid refusal by its kind alone "
               "(compare.refusal_difference) (branch s26k)"},
    {"module": "oracle/dcg/cards.py", "function": "load_deck", "op": "delete",
     "line": 'raise InvalidInputError("$.decks", f"no shipped DCG deck',
     "reason": "a plain name that is no shipped deck names no file of the decks directory "
               "(shipped_deck_names lists them all), so read_json refuses it as invalid input "
               "('cannot read ...: No such file or directory'): the same kind, which is all "
               "verify compares of an invalid refusal (branch s26k)"},
    {"module": "oracle/dcg/cards.py", "function": "__init__", "op": "delete",
     "line": "Exception.__init__(self, f\"[{DECK_CONSTRUCTION}]",
     "reason": "DeckConstructionError's Exception.__init__ only sets the message str(e) shows "
               "(BaseException.__new__ keeps (path, reason) as args); serve answers an "
               "OracleError with Refusal.from_error (kind, reason, clause, path), never str(e), "
               "and clause, path, reason are set before it (branch s26k)"},
    # The legal set's cost of a 0-cost card read as 1 (CardTables, read only by the main
    # phase's legal actions and engine._only_pass, never by the payment).
    *({"module": "oracle/dcg/cards.py", "function": "__init__", "op": "const+1",
       "segment": "0", "line": line,
       "reason": "a 0-cost card listed as costing 1 in the legal set: 1 <= memory + 10 at "
                 "every Main-phase decision, since the turn ends at memory t or more on the "
                 "opponent's side with t <= 10 (a turn-end threshold is a memory value, "
                 "-10..10 by the card-set schema; 1 without one), so memory there is -9 or "
                 "more; the payment reads the card's own cost (main_phase.play/use_option) "
                 "(branch v26j)"}
      for line in ("self.play_costs = {cid: card.play_cost or 0",
                   "self.options = {cid: (card.play_cost or 0")),
    {"module": "oracle/dcg/cards.py", "function": "__init__", "op": "andor",
     "segment": "e.timing == timing and e.inherited",
     "reason": "inherited_triggers[timing] loosened to every card with an inherited effect or "
               "an effect of that timing: it is only a pre-filter (effects.trigger_stack calls "
               "_trigger_inherited when a digivolution card is in it), and _trigger_inherited "
               "takes only the effects with eff.timing == timing and eff.inherited (branch "
               "v26j)"},
    {"module": "oracle/dcg/cards.py", "function": "__init__", "op": "compare",
     "segment": "cond.cost < best",
     "reason": "the cheapest of a card's digivolve conditions from one level and colour, over "
               "the card sets verify plays: every card of dcg-real and dcg-real+test-only has "
               "at most one digivolve condition, so best is None at the first and only one (an "
               "embedded card set with two conditions of one level and colour would differ) "
               "(branch v26j)"},
    # CI at d19ea21 (the sample d27h's main-phase changes redrew): four survivors decided by
    # reading; tests/test_mutate.py checks the card-pool facts the last two rest on.
    {"module": "oracle/dcg/effects.py", "function": "trigger_stack", "op": "const-1",
     "segment": "1", "line": "len(stack.cards) > 1 and not inherited.isdisjoint", "nth": 0,
     "reason": "len(stack.cards) > 0 instead of > 1 before looking for inherited triggers: "
               "for a one-card stack the next test looks at stack.cards[:-1], which is empty, "
               "so isdisjoint is true and _trigger_inherited is not called either way; a "
               "stack is never empty (its top is read on the line before) (CI at d19ea21)"},
    {"module": "oracle/dcg/main_phase.py", "function": "choose", "op": "const-1",
     "segment": "0", "line": "blocker = them.find(targets[0])",
     "reason": "targets[-1] instead of targets[0] for the blocker: the refusal just above "
               "refuses more than one target and the branch before returns for none, so "
               "targets holds exactly one here (CI at d19ea21)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const-1",
     "segment": "1", "line": "have.update(cards[breeding.cards[-1]].colors)",
     "reason": "an Option's colour requirement read from the bottom card of the breeding "
               "area's stack instead of its top: over the card sets verify plays every card "
               "has one colour and every digivolve condition names the card's own colour, so "
               "every "
               "card of a stack has the same colour (tests/test_mutate.py checks both facts; "
               "an embedded card set with a cross-colour digivolve would differ) (CI at "
               "d19ea21)"},
    {"module": "oracle/dcg/main_phase.py", "function": "_main_actions", "op": "const+1",
     "segment": "0", "line": "if 0 <= onto[cid] <= budget:", "nth": 0,
     "reason": "a digivolve onto a battle-area stack must cost 1 or more: over the card sets "
               "verify plays a digivolve costs 0 only from level 2, every level-2 card is a "
               "Digi-Egg without DP, and a card without DP never reaches the battle area (it "
               "cannot be played, DCG-6-5-1-1, and only a Digimon with DP moves out of the "
               "breeding area, CR4.2 Moving), so no battle-area top is level 2 "
               "(tests/test_mutate.py checks the card facts; the breeding-area digivolve at "
               "cost 0 is a separate comparison) (CI at d19ea21)"},
    # Branch db26b (issue 26, the full Digi-Battle sweep at eecf0d7: digivolve, battle,
    # regroup, power).
    {"module": "oracle/digibattle/digivolve.py", "function": "change_rookie", "op": "delete",
     "line": "a Rookie can be changed only during Regroup",
     "reason": "unreachable: rules.apply reaches change_rookie only through _HANDLERS[('regroup', "
               "'prepare')] (any other phase and step refuse the action type in _refuse), and "
               "nothing in the handler changes the phase before this test, so tx.phase is "
               "'regroup' here (db26b)"},
    *({"module": "oracle/digibattle/digivolve.py", "function": "_revealed_rookie_state",
       "op": op, "segment": "2", "line": "*state[2:]",
       "reason": "the fields after players shift by one place in the State built for a "
                 "pending Rookie's reveal; its only reader, legal_reveal, reads players from "
                 "it and hands it to methods, which reads only state.game and state.players "
                 "(indices 0 and 1, unchanged), so the legal set is the same (db26b)"}
      for op in ("const+1", "const-1")),
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
     "segment": "tx.chance = None",
     "reason": "tx.chance is already None on every path here: after_recycle_shuffle clears it "
               "before calling _resume, and the other path (_ask_recycle of 0 or 1 card, from "
               "settle or from a resume point's further recycles) runs in a player's action, "
               "whose state has chance null (state.schema.json: chance is an object exactly "
               "when to_move is 'chance'), or after that clearing (db26b)"},
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "delete",
     "segment": "owed_draw -= len(drew)",
     "reason": "the count still owed after an owed draw is read only by the 'drew' event "
               "(events are never compared, docs/PROTOCOL.md) and, when the draw emptied the "
               "deck again, by tx.owed for a second recycle in the same action; that recycle "
               "finds an empty pile (the first took the whole Offline pile under "
               "'whole-offline', the board under 'just-sent', and nothing has gone Offline or "
               "onto the board since), so 0 cards go Online, no chance node holds the resume "
               "point, and the draw after it takes nothing either way (db26b)"},
    {"module": "oracle/digibattle/power.py", "function": "digimon_power", "op": "const+1",
     "segment": "2", "line": "kind, val = 2, e.divisor",
     "reason": "a division's order class 3 instead of 2: the class is only a sort key under "
               "DB-AMB-15 'add-first' (3 still sorts after 0 and 1, and the sort is stable) "
               "and a test for 0 or 1 whose else branch divides (db26b)"},
    # The full sweep's survivors at regroup.py:156-157, 479, 507-508, decided after db26b:
    # the load_state request schema now refuses the positions no game reaches that alone
    # could show them (schemas/protocol/load_state.schema.json, which serve checks every
    # load_state request against before the rules see it, refers to state.schema.json's
    # $defs/digibattle-position; the states engines answer are not held to it).
    *({"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": op,
       "segment": seg, "line": "(p, pile), rest = then[0], then[1:]",
       "reason": "the queue of further recycles read from its other end (then[-1]) or "
                 "without its second entry (then[2:]): it holds at most one entry, the other "
                 "player's (settle queues each player at zero once, tx.emptied holds no "
                 "player twice, and a load_state request with two is refused: "
                 "digibattle-position, resume.then maxItems 1, "
                 "tests/test_oracle_digibattle.py), and with one entry both read the same "
                 "(the full sweep at eecf0d7)"}
      for op, seg in (("const-1", "0"), ("const+1", "1"))),
    {"module": "oracle/digibattle/regroup.py", "function": "_resume", "op": "andor",
     "segment": "rest or None",
     "reason": "rest and None instead of rest or None: with at most one further recycle "
               "queued (load_state: digibattle-position) rest is always the "
               "empty list, and _resume_json writes an empty queue as null, as it writes None "
               "(_resume reads both as no further recycle) (the full sweep at eecf0d7)"},
    {"module": "oracle/digibattle/digivolve.py", "function": "start_duel", "op": "delete",
     "segment": "tx.plays = ()",
     "reason": "the Power Option plays are already cleared when a Duel starts: only the "
               "Battle phase adds one (battle.play_option) and the Duel's end clears them on "
               "every path (battle.end_duel), and a load_state request of another phase "
               "listing one is refused (digibattle-position: plays empty outside 'battle'); "
               "tests/test_oracle_digibattle.py checks both (the full sweep at eecf0d7)"},
    *({"module": "oracle/digibattle/digivolve.py", "function": "begin_reveal", "op": op,
       "segment": seg,
       "reason": "the first Duel's clearing of the pass and acted marks (begin_reveal without "
                 "new_duel is called only by setup.coin_toss): nobody has passed or acted "
                 "before the first reveal (only the reveal, the Battle and the Battle's "
                 "forced passes set them), and a load_state request of a prepare or coin-toss "
                 "position of the Digivolve phase with one set is refused "
                 "(digibattle-position); "
                 "tests/test_oracle_digibattle.py checks both (the full sweep at eecf0d7)"}
      for op, seg in (("delete", "tx.flags(i, False, False)"),
                      ("andor", "me.acted or me.passed"))),
    # Branch db26a (issue 26): the survivors of the full Digi-Battle sweep at eecf0d7 in
    # state.py and rules.py that no answer can show (docs/MUTATION.md, "Issue 26: the full
    # Digi-Battle sweep at eecf0d7, state.py and rules.py").
    {"module": "oracle/digibattle/rules.py", "function": "_refuse", "op": "delete",
     "line": "raise IllegalActionError(", "nth": 1,
     "reason": "the DB-C.3 refusal of a player who passed and acts out of turn left out: "
               "inside its branch action.player != state.to_move holds, so the turn refusal "
               "just below follows, naming _TURN_CLAUSE[('battle', 'play')] = DB-C.1, which "
               "the DB-C.3 refusal names too (also=), and a refusal matches on any clause both "
               "name (docs/PROTOCOL.md, verifier/compare.py) (as the const entries of "
               "'action.player in (0, 1)') (full sweep at eecf0d7)"},
    {"module": "oracle/digibattle/rules.py", "function": "_refuse", "op": "compare",
     "segment": "action.player != state.to_move", "nth": 0,
     "reason": "the DB-C.3 refusal given to a passed player who is to move instead of one who "
               "is not: the one who is not then gets the turn refusal, DB-C.1, which the "
               "original's DB-C.3 refusal names too (also=); the one who is to move reaches "
               "_refuse in ('battle', 'play') only with an action type that has no handler "
               "there (rules.apply: play_option and pass have one), whose home clause is "
               "never DB-C.1 (only play_option's is), so the original's refusal names DB-C.1 "
               "in also= (the phase's turn clause) and so does the mutant's DB-C.3 refusal; a "
               "refusal matches on any clause both name (full sweep at eecf0d7)"},
    {"module": "oracle/digibattle/state.py", "op": "early-return", "segment": "to_json",
     "nth": 0,
     "reason": "Game.to_json (the first to_json of the module) is called by no rule and not "
               "by serve: State.to_json writes the game's fields itself; only the test "
               "strategies (strategies/digibattle.py) call it (full sweep at eecf0d7)"},
    {"module": "oracle/digibattle/state.py", "function": "game_from_setup", "op": "delete",
     "line": "expected a card-set object",
     "reason": "unreachable: the protocol schema types a setup's card_set as an object "
               "(schemas/protocol/new_game.schema.json, $defs/setup, which load_state uses "
               "too), checked on every request before its setup reaches game_from_setup "
               "(harness/messages.parse_request) (full sweep at eecf0d7)"},
    {"module": "oracle/digibattle/state.py", "function": "game_from_setup", "op": "andor",
     "line": "if not isinstance(decks, list | tuple) or len(decks) != 2 or not all(",
     "reason": "and instead of or in the check of the decks: both refuse nothing a valid "
               "request carries; the protocol schema requires decks as exactly two arrays of "
               "serials for digibattle (new_game.schema.json, $defs/setup, for load_state "
               "too), so the check is unreachable, as its raise's entry (full sweep at "
               "eecf0d7)"},
    {"module": "oracle/digibattle/state.py", "function": "action_from_json", "op": "delete",
     "line": "an action must be an object",
     "reason": "unreachable from serve: the action request's protocol schema types action as "
               "an object (schemas/protocol/action.schema.json, checked by serve's _valid and "
               "harness/messages.parse_request before action_from_json); its other caller is "
               "the replay tool (oracle/replay.py), not serve (full sweep at eecf0d7)"},
    *({"module": "oracle/digibattle/state.py", "function": "to_json", "op": "delete",
       "line": line,
       "reason": f"Action.to_json without {field}: on the serve path Action.to_json encodes "
                 "only legal sets (OracleDriver.legal_actions, codec.legal_line), and the "
                 "legal set never holds a chance outcome (legal_actions answers () where "
                 "to_move is 'chance') nor an action carrying winner or order (the "
                 "generators build every legal action with shared_action or Action without "
                 "them); the 'shuffled' event carries its own order list (full sweep at "
                 "eecf0d7)"}
      for field, line in (("winner", 'd["winner"] = winner'),
                          ("order", 'd["order"] = list(order)'))),
    {"module": "oracle/digibattle/state.py", "function": "to_json", "op": "delete",
     "line": "d.update(self.data)",
     "reason": "Event.to_json without the event's data (type, clause and player kept): "
               "events are optional and never compared (docs/PROTOCOL.md, 'events are "
               "optional and never compared') (full sweep at eecf0d7)"},
)

_FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
         ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}


@dataclass(frozen=True)
class Mutant:
    """One mutation: ``index``-th site of operator ``op`` in ``module`` at ``line``."""

    module: str
    op: str
    line: int
    index: int
    text: str
    equivalent: str | None = None

    @property
    def id(self) -> str:
        return f"{self.module}:{self.line}:{self.op}:{self.index}"


def _sites(tree: ast.AST) -> Iterator[tuple[str, ast.AST, str]]:
    """Every mutable site: ``(operator, node, description)``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _FLIP:
                    yield "compare", node, f"{type(op).__name__}#{i}"
        elif isinstance(node, ast.Constant) and type(node.value) is int \
                and not isinstance(node.value, bool):
            yield "const+1", node, str(node.value)
            yield "const-1", node, str(node.value)
        elif isinstance(node, ast.BoolOp):
            yield "andor", node, type(node.op).__name__
        elif isinstance(node, (ast.FunctionDef,)) and node.body and not _docstring_only(node):
            yield "early-return", node, node.name
        if isinstance(node, (ast.FunctionDef, ast.If, ast.For, ast.While, ast.With)):
            for stmt in node.body:
                if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.Raise)) and \
                        not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
                    yield "delete", stmt, type(stmt).__name__


def _equivalent(tree: ast.AST, op: str, node: ast.AST,
                inside: tuple[set[int], set[int]] | None = None) -> str | None:
    """Why a mutant is equivalent by construction at the protocol level, or None.

    - deleting an event (``tx.event(...)``, ``w.emit(...)``, ``tx.events.append(...)`` of an
      event built once) or changing what it carries
      (there or in an ``Event(...)`` built once, e.g. ``PASSED``): events are never compared
      (docs/PROTOCOL.md, "How answers are compared"), and no rule reads an event's fields;
    - a constant inside a decorator (``lru_cache(maxsize=4096)``): a cache's size changes
      speed, not answers.

    ``inside``: :func:`_inside` of ``tree``, when the caller asks for many nodes of one tree.
    """
    if op == "delete" and isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        f = node.value.func
        if isinstance(f, ast.Attribute) and (
                f.attr in ("event", "emit")
                or f.attr == "append" and isinstance(f.value, ast.Attribute)
                and f.value.attr == "events"):  # tx.events.append(PASSED[p])
            return "deletes an event: events are never compared"
    in_events, in_decorators = inside if inside is not None else _inside(tree)
    if id(node) in in_events:
        return "changes an event's fields: events are never compared"
    if op.startswith("const") and id(node) in in_decorators:
        return "a decorator's constant (a cache size): speed only"
    return None


def _inside(tree: ast.AST) -> tuple[set[int], set[int]]:
    """The ids of the nodes inside an event's arguments (``x.event(...)``, ``x.emit(...)``,
    ``Event(...)``) and of those inside a decorator, for :func:`_equivalent` (one walk of the
    tree instead of one per mutant)."""
    events: set[int] = set()
    decorators: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and (
                isinstance(n.func, ast.Attribute) and n.func.attr in ("event", "emit")
                or isinstance(n.func, ast.Name) and n.func.id == "Event"):
            for a in [*n.args, *n.keywords]:
                events.update(id(x) for x in ast.walk(a))
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            for dec in n.decorator_list:
                decorators.update(id(x) for x in ast.walk(dec))
    return events, decorators


def _docstring_only(fn: ast.FunctionDef) -> bool:
    return len(fn.body) == 1 and isinstance(fn.body[0], ast.Expr)


def _functions(tree: ast.AST) -> dict[int, str]:
    """``id(node)`` → the name of the innermost function that holds it."""
    out: dict[int, str] = {}

    def visit(node: ast.AST, name: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef) else name
            if inner is not None:
                out[id(child)] = inner
            visit(child, inner)

    visit(tree, None)
    return out


def _documented(module: str, tree: ast.AST, src: str,
                sites: list[tuple[str, ast.AST, str]]) -> dict[int, str]:
    """Site index → the reason of the :data:`DOCUMENTED` entry it matches."""
    funcs = _functions(tree)
    lines = src.splitlines()
    out: dict[int, str] = {}
    segments: dict[int, str | None] = {}  # site index -> its source (worked out once)

    def segment(i: int, op: str, node: ast.AST) -> str | None:
        if i not in segments:
            segments[i] = node.name if isinstance(node, ast.FunctionDef) \
                and op == "early-return" else ast.get_source_segment(src, node)
        return segments[i]

    for entry in DOCUMENTED:
        if entry["module"] != module:
            continue
        hits = []
        for i, (op, node, _text) in enumerate(sites):
            if "op" in entry and entry["op"] != op:
                continue
            seg = segment(i, op, node) if "segment" in entry else None
            line = lines[node.lineno - 1] if hasattr(node, "lineno") else ""
            if all(k not in entry or v == entry[k] for k, v in (
                    ("function", funcs.get(id(node))), ("op", op), ("segment", seg))) \
                    and ("line" not in entry or str(entry["line"]) in line):
                hits.append(i)
        if "nth" in entry:  # counted in source order
            hits.sort(key=lambda i: (sites[i][1].lineno, sites[i][1].col_offset))
            hits = hits[int(entry["nth"]):int(entry["nth"]) + 1]  # type: ignore[call-overload]
        for i in hits:
            out[i] = f"documented: {entry['reason']}"
    return out


def mutants(module: str) -> list[Mutant]:
    """Every mutant of ``module`` (a path relative to the repository), in source order."""
    src = (ROOT / module).read_text(encoding="utf-8")
    tree = ast.parse(src)
    sites = list(_sites(tree))
    documented = _documented(module, tree, src, sites)
    inside = _inside(tree)
    out = []
    for i, (op, node, text) in enumerate(sites):
        out.append(Mutant(module, op, getattr(node, "lineno", 0), i, text,
                          _equivalent(tree, op, node, inside) or documented.get(i)))
    return out


def mutated_source(m: Mutant) -> str:
    """The module's source with mutant ``m`` applied (``op == "control"``: unchanged)."""
    if m.op == "control":
        return (ROOT / m.module).read_text(encoding="utf-8")
    tree = ast.parse((ROOT / m.module).read_text(encoding="utf-8"))
    sites = list(_sites(tree))
    op, node, text = sites[m.index]
    assert op == m.op
    if op == "compare":
        assert isinstance(node, ast.Compare)
        i = int(text.split("#")[1])
        node.ops[i] = _FLIP[type(node.ops[i])]()
    elif op in ("const+1", "const-1"):
        assert isinstance(node, ast.Constant)
        node.value = node.value + (1 if op == "const+1" else -1)
    elif op == "andor":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif op == "early-return":
        assert isinstance(node, ast.FunctionDef)
        start = 1 if isinstance(node.body[0], ast.Expr) and \
            isinstance(node.body[0].value, ast.Constant) else 0
        node.body.insert(start, ast.Return(value=None))
    elif op == "delete":
        for parent in ast.walk(tree):
            for field in ("body", "orelse"):
                seq = getattr(parent, field, None)
                if isinstance(seq, list) and node in seq:
                    seq[seq.index(node)] = ast.Pass()
    ast.fix_missing_locations(tree)
    return ast.unparse(tree)


def _ruleset_of(module: str) -> str:
    return "dcg" if "/dcg/" in module else "digibattle"


def run_one(m: Mutant, games: int, timeout: float = 600.0) -> dict[str, object]:
    """Serve mutant ``m`` and verify it; ``{"id", "status", "seconds", ...}``. A mutant
    equivalent by construction (:func:`_equivalent`) is not run."""
    t0 = time.monotonic()
    if m.equivalent:
        return {**asdict(m), "id": m.id, "status": "equivalent", "seconds": 0.0}
    with tempfile.TemporaryDirectory(prefix="digiconform-mutant-") as tmp:
        shutil.copytree(ROOT / "oracle", Path(tmp) / "oracle",
                        ignore=shutil.ignore_patterns("__pycache__"))
        (Path(tmp) / "schemas").symlink_to(ROOT / "schemas")
        (Path(tmp) / m.module).write_text(mutated_source(m), encoding="utf-8")
        # Only the served engine imports the mutant; the verifier's oracle stays clean.
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        # -P: the working directory (the checkout, with the clean oracle) is not put first
        # on sys.path, so PYTHONPATH's copy is the one imported.
        impl = (f"env PYTHONPATH={shlex.quote(tmp)} PYTHONDONTWRITEBYTECODE=1 "
                f"{shlex.quote(sys.executable)} -P -m digiconform.cli serve")
        report = Path(tmp) / "report.json"
        cmd = [sys.executable, "-m", "digiconform.cli", "verify", "--impl", impl,
               "--ruleset", _ruleset_of(m.module), "--games", str(games),
               "--shrink-seconds", "0", "--timeout", "10", "--no-progress",
               "--traces", str(Path(tmp) / "traces"), "--report", str(report)]
        for c in CLAUSES.get(m.module, ()):
            cmd += ["--clause", c]
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                  timeout=timeout, cwd=ROOT)
            status = _status(proc.returncode, report)
        except subprocess.TimeoutExpired:
            status = "error(timeout)"
    return {**asdict(m), "id": m.id, "status": status,
            "seconds": round(time.monotonic() - t0, 1)}


def _status(code: int, report: Path) -> str:
    """``survived`` (verify passed), ``killed`` (verify failed: exit 1 with a report that is
    not ok), ``inconclusive`` (exit 3: verify could not tell, e.g. every set-up refused; the
    mutant was not shown wrong, so it is counted as not killed) or ``error(...)``: verify
    itself crashed, hung or wrote no report, which says nothing about the mutant and is
    counted as not killed."""
    if code == 0:
        return "survived"
    try:
        doc = json.loads(report.read_text(encoding="utf-8"))
        ok = doc.get("ok")
    except (OSError, ValueError, AttributeError):
        return f"error({code}, no report)"
    if code == 3 and ok is False and (doc.get("outcome") or {}).get("result") == \
            "INCONCLUSIVE":
        return "inconclusive"
    return "killed" if code == 1 and ok is False else f"error({code})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("list", "run"):
        p = sub.add_parser(name)
        p.add_argument("--ruleset", choices=("digibattle", "dcg", "all"), default="all")
        p.add_argument("--module", nargs="*")
        p.add_argument("--sample", type=int, default=0, help="a random sample of N mutants")
        p.add_argument("--seed", type=int, default=13)
        p.add_argument("--only", nargs="*", metavar="ID",
                       help="only the mutants whose id starts with one of these "
                            "(module:line:op[:index], as listed)")
    r = sub.choices["run"]
    r.add_argument("--games", type=int, default=3)
    r.add_argument("--jobs", type=int, default=1, help="mutants verified at the same time")
    r.add_argument("--threshold", type=float, default=0.0, help="minimum score, percent")
    r.add_argument("--report", type=Path)
    a = ap.parse_args()
    mods = a.module or [m for rs, ms in MODULES.items() if a.ruleset in ("all", rs) for m in ms]
    pool = [m for mod in mods for m in mutants(mod)]
    if a.only:
        pool = [m for m in pool if any(m.id.startswith(o) for o in a.only)]
    if a.sample:
        pool = sorted(random.Random(a.seed).sample(pool, min(a.sample, len(pool))),
                      key=lambda m: (m.module, m.index))
    if a.cmd == "list":
        for m in pool:
            print(m.id, m.text, f"[equivalent: {m.equivalent}]" if m.equivalent else "")
        print(f"{len(pool)} mutants", file=sys.stderr)
        return
    from concurrent.futures import ThreadPoolExecutor

    # The control: an unmutated copy served the same way must pass, or every "kill" is noise.
    controls = sorted({_ruleset_of(m.module): m.module for m in pool}.items())
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        for (rs, _mod), res in zip(controls, ex.map(
                lambda c: run_one(Mutant(c[1], "control", 0, -1, "unmutated"), a.games),
                controls), strict=True):
            if res["status"] != "survived":
                print(f"control failed: an unmutated copy of the {rs} oracle does not pass "
                      f"verify ({res['status']}); the kill check is broken", file=sys.stderr)
                sys.exit(2)
            print(f"control: the unmutated {rs} oracle passes ({res['seconds']} s)", flush=True)
    results = []
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        for i, res in enumerate(ex.map(lambda m: run_one(m, a.games), pool), 1):
            results.append(res)
            print(f"[{i}/{len(pool)}] {res['status']:10} {res['id']} {res['text']} "
                  f"({res['seconds']} s)", flush=True)
    per: dict[str, dict[str, int]] = {}
    for res in results:
        d = per.setdefault(str(res["module"]),
                           {"killed": 0, "survived": 0, "equivalent": 0, "error": 0})
        st = str(res["status"])
        d[st if st in ("killed", "survived", "equivalent") else "error"] += 1
    # an error (verify crashed or hung) is no kill: counted like a survivor
    for d in per.values():
        d["survived"] += d["error"]
    killed = sum(d["killed"] for d in per.values())
    counted = sum(d["killed"] + d["survived"] for d in per.values())
    score = 100.0 * killed / counted if counted else 100.0
    for rs, mods in MODULES.items():
        k = sum(per[m]["killed"] for m in mods if m in per)
        n = sum(per[m]["killed"] + per[m]["survived"] for m in mods if m in per)
        if n:
            print(f"{rs}: {k}/{n} killed ({100.0 * k / n:.1f} %)")
    for mod, d in sorted(per.items()):
        n = d["killed"] + d["survived"]
        pct = f"{100.0 * d['killed'] / n:.1f} %" if n else "-"
        print(f"  {mod}: {d['killed']}/{n} killed ({pct}), {d['equivalent']} equivalent"
              + (f", {d['error']} errors (counted as not killed)" if d["error"] else ""))
    print(f"mutation score: {killed}/{counted} = {score:.1f} % "
          f"(threshold {a.threshold:.1f} %; equivalent mutants not counted)")
    if a.report:
        a.report.write_text(json.dumps({"score": score, "per_module": per,
                                        "mutants": results}, indent=1) + "\n",
                            encoding="utf-8")
    sys.exit(1 if score < a.threshold else 0)


if __name__ == "__main__":
    main()

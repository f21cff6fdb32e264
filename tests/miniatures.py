"""Fake implementations that speak the harness protocol, each named by how it is wrong.

Run one as ``python tests/miniatures.py NAME``; :func:`command` gives that command line.

Misbehaving ones (the protocol is broken):

- ``hangs_on_start`` -- reads ``start`` and never answers.
- ``crashes_on_start`` -- exits at once with a message on stderr.
- ``crashes_on_third_request`` -- a correct oracle that exits on the third line it reads
  (counting ``start``), in every process it runs as.
- ``hangs_on_fifth_request`` -- a correct oracle that stops answering on its fifth line.
- ``crashes_once`` -- a correct oracle that exits on its third line, but only in the first
  process (``$MINIATURE_MARKER`` names a file it creates): tests restart-and-replay.
- ``hangs_with_child`` -- starts a child process (``sleep``; its pid goes to
  ``$MINIATURE_MARKER``), then never answers ``start``: tests that the group is killed.
- ``prints_garbage`` -- answers ``start`` properly, then prints a line that is not JSON.
- ``floods_output`` -- answers ``start``, then writes output without end and no newline.
- ``wrong_seq`` -- echoes the wrong ``seq``.
- ``schema_invalid_state`` -- a correct oracle whose states have ``score`` as a string.
- ``crashes_in_duel_3`` -- a correct oracle that exits when a game reaches its third Duel
  (in every process): the random games must go on, each on a fresh process.
- ``deeply_nested_answer`` -- answers ``start``, then answers with a line nested 5,000
  levels deep (issue 17: ``verify`` died on it without writing any report).
- ``huge_number_answer`` -- answers ``start``, then with a ``seq`` of 5,000 digits.
- ``setsid_child`` -- starts a child that calls ``setsid()`` (so it leaves the engine's
  process group; its pid goes to ``$MINIATURE_MARKER``), then answers as the oracle: tests
  that every descendant is ended, not only the process group.
- ``double_fork_orphan`` -- starts a daemon the classic way (issue 29): a child calls
  ``setsid()``, forks a grandchild and exits, so the grandchild is re-parented to the nearest
  subreaper (the verifier); the grandchild clears its environment (no
  ``DIGICONFORM_ENGINE`` mark) and becomes ``sleep 300``. Each process appends its
  grandchild's pid to ``$MINIATURE_MARKER``, first noting in ``$MINIATURE_MARKER.survivors``
  every pid listed there that still exists (an orphan of an earlier engine process the
  restart did not end and reap), then answers as the oracle, exiting on its third line in
  the first two processes (so the verifier restarts it twice).
- ``slow_engine`` -- a correct oracle that waits ``$MINIATURE_DELAY`` seconds (default 1)
  before each answer after ``start``: tests ``--deadline`` and the partial report.
- ``mandatory_only`` -- a correct engine (the oracle) that declares no optional capability,
  no reading and no detail field in ``start``: it is sent only ``new_game``, ``action`` and
  ``stop`` (issue 11: the vectors such an engine runs).
- ``lists_no_last_action`` -- the oracle, but every legal set of two actions or more leaves
  out its last action; ``lists_no_last_action_inline`` -- the same engine declaring
  ``inline_legal_actions`` (its lies come inline with the game requests' answers).
- ``inline_without_actions`` -- the oracle declaring ``inline_legal_actions`` whose answers
  never carry the legal actions a request asks for inline.
- ``chatty_crash_on_start`` -- writes 100 lines on stderr, the last naming the problem, and
  exits 1 before answering ``start``: its stderr tail belongs on the console.
- ``hostile_text`` -- the oracle, with the text ``$MINIATURE_TEXT`` (a JSON string, so that
  it may hold a lone surrogate or a NUL; repeated ``$MINIATURE_TIMES`` times, so that it may
  be longer than an environment variable) in every string it controls (issue 28): its name,
  version, language, homepage and declared readings, the reason of every refusal (it
  refuses every action, citing DB-B.1), a ``skipped`` answer to every ``load_state``, an
  ``errored`` answer to its second ``new_game``, and its stderr. Lines are written by
  :func:`json.dumps` (ASCII, so a surrogate goes out as ``\\ud800``).

Planted rule bugs (small adapters over a patched oracle; the protocol is fine):

- ``tie_scores_points`` -- a tie (DB-C.8) gives the Duel's first player 100 points.
- ``ignores_use_it_or_lose_it`` -- a pass with a card face down keeps it (DB-B.5).
- ``no_reshuffle_on_exhaustion`` -- an empty Online deck is never recycled (DB-D.2/D.3).
- ``game_ends_at_999`` -- the game is won at 999 points, whatever target was agreed (DB-C.9).
- ``ends_one_point_early`` -- the game is won at target - 1 points (DB-C.9): caught only by
  targets and scores that are not multiples of 100.
- ``never_skips_digivolve_phase`` -- the Digivolve phase is never skipped (DB-B.6): the
  verifier must not explain it as "behaves as if DB-AMB-12 = from-hand".
- ``pass_not_final`` -- a player who passed in Battle may play again (DB-C.3, DB-AMB-6
  read as ``not-final`` although the default ``final`` is declared).
- ``wrong_refusal_clause`` -- every illegal action is refused citing DB-C.1.
- ``loser_goes_first`` -- the loser of a Duel goes first in the next one (DB-C.7).
- ``digi_duel_after_pass`` -- a Power Option whose Use Requirements forbid it after the
  opponent passed (Digi-Duel) may be played then (DB-C.2, though the play happens in a
  scenario about passing, DB-C.3).

More planted rule bugs (faults seen in an independent engine, issue 24; only in
``PLANTED_MORE``, run by ``tests/test_root_causes.py``):

- ``counter_attack_always_doubles`` -- Counter Attack doubles the Digimon Power whatever the
  Digivolve Levels (DB-C.2).
- ``regroup_draws_to_nine`` -- the Regroup draw restores the hand to 9 (DB-D.1).
- ``seat_1_power_own_row`` -- seat 1's Digimon Power is read from its own Battle Type's row
  (DB-A.4).

Planted rule bugs in an engine that declares only the mandatory requests (as
``mandatory_only``: no legal actions, no load_state, no reading, no detail field), so that
only the core state and the refusals show them (issue 26; ``PLANTED_MINIMAL``):

- ``minimal_digi_duel_after_pass`` -- ``digi_duel_after_pass`` in such an engine: the legal
  set never shows it, only an illegal-action probe of the random games (a Power Option whose
  printed requirement fails, :mod:`digiconform.verifier.probes`) and the vector that tries it.
- ``minimal_counter_attack_any_level`` -- Counter Attack ST-54 doubles against any level, not
  only "an opponent of a higher Digivolve Level" (DB-C.2): the Digimon Power is a detail, so
  it shows as the Duel's result, which :mod:`digiconform.verifier.conditions` files under
  DB-C.2.

Planted ``dcg`` rule bugs (the cases public engines got wrong; verified with ``--ruleset dcg``):

- ``dcg_draw_skip_for_seat_0`` -- the first-turn draw skip goes to seat 0, not to the player
  who actually went first (DCG-6-3-1-1).
- ``dcg_turn_ends_at_2`` -- memory at 1 on the opponent's side does not end the turn; only 2
  or more does (DCG-6-1-4-1, the turn-end condition; DCG-6-6-1 says end of turn follows it).
- ``dcg_pass_to_1`` -- a pass puts memory at 1 on the opponent's side instead of 3
  (DCG-6-5-1-7).
- ``dcg_unsuspends_before_ending`` -- a turn that start-of-turn processing ends still
  unsuspends the turn player's cards (DCG-6-2-1-2).
- ``dcg_wrong_refusal_clause`` -- every illegal action is refused citing DCG-6-1-1 (so rules
  from outside chapter 6, "CR4.2 …", are blamed too).

Planted rule bugs, one for each naming rule (issue 24; ``PLANTED_NAMING``):

- ``reveal_starts_with_seat_0`` -- the Digivolve phase's reveal always starts with seat 0,
  whoever goes first (DB-B.2); the coin toss and the Duel's starter are kept.
- ``discard_option_keeps_move`` -- a Power Option whose Use Requirement discards cards keeps
  the move with its player (DB-C.1: players alternate).
- ``dcg_skips_empty_breeding`` -- the Breeding phase is skipped when the breeding area is
  empty (DCG-6-4-1).
- ``dcg_start_of_turn_for_opponent`` -- [Start of Your Turn] effects trigger at the start of
  their owner's opponent's turn instead (CR4.2 Triggered effects).

A refusal no reading explains:

- ``refuses_tribute`` -- refuses every tribute Digivolve (citing DB-B.7, a reason of its own).
  DB-AMB-1 ``hand`` also refuses some of them (for another rule), which once made the
  verifier file them as that reading and switch the oracle to it (hex.md F6).

Two faults at once (``verify`` must report both in one run, each with its own clause):

- ``two_faults`` -- ``pass_not_final`` (a reading difference: DB-AMB-6 behaved as
  ``not-final``, clause DB-C.3) and ``loser_goes_first`` (DB-C.7) together.

A correct ``dcg`` implementation with no waiting step where nothing can be chosen:

- ``dcg_moves_on`` -- the oracle, except that when the only legal action is ``do_nothing`` (a
  Breeding phase with nothing to hatch or move) it takes it by itself; it declares no detail
  field, so the oracle's waiting step must not fail it. ``dcg_moves_on_declaring_step`` is
  the same engine declaring the ``step`` detail: then its states are compared with the
  oracle's waiting steps, and it fails.
- ``plays_every_forced`` -- the oracle (either ruleset), except that after each action it
  takes every forced action (the only legal action of the player to move; chance is never
  forced) by itself, however many follow one another (an ULTRA DIGIVOLVE that empties the
  hand: the opponent's reveal pass, both Battle passes, the Regroup draw, the ready); it
  declares no detail field, so it must pass.

The same for Digi-Battle, where the only legal action is ``pass`` (nothing face down to
Digivolve, no Power Option to play):

- ``db_moves_on`` -- the oracle, taking such a forced pass by itself (also right after
  ``new_game`` and ``load_state``); no detail declared.
- ``db_moves_on_wrong_clause`` -- the same, and every illegal action is refused citing
  DB-C.1: a probe checked where it moved on to must still fail it.
- ``db_moves_on_ignores_refusals`` -- the same, and an illegal action is answered with the
  unchanged state instead of a refusal: a probe there must fail it too.

A correct implementation with a reading of its own:

- ``follows_not_final`` -- the oracle under DB-AMB-6 ``not-final`` whatever the setup says,
  declaring that reading and no ``variants`` capability: conforming, with the DB-AMB-6
  scenarios for ``final`` reported as "not followed".
- ``follows_at_prepare`` -- the same with DB-AMB-9 ``at-prepare``: its verdicts on the other
  ambiguities (DB-AMB-7, whose vectors also depend on DB-AMB-9) must not be confounded.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve()
if str(HERE.parent.parent) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(HERE.parent.parent))

MISBEHAVING = ("hangs_on_start", "crashes_on_start", "crashes_on_third_request",
               "hangs_on_fifth_request", "crashes_once", "hangs_with_child", "prints_garbage",
               "floods_output", "wrong_seq", "schema_invalid_state", "follows_not_final",
               "crashes_in_duel_3", "dcg_moves_on", "dcg_moves_on_declaring_step",
               "plays_every_forced",
               "db_moves_on", "db_moves_on_wrong_clause", "db_moves_on_ignores_refusals",
               "db_moves_on_scores_own_level", "db_moves_on_loser_first",
               "recycles_in_seat_order",
               "deeply_nested_answer", "huge_number_answer", "setsid_child", "slow_engine",
               "double_fork_orphan",
               "chatty_crash_on_start", "mandatory_only", "follows_at_prepare",
               "hostile_text", "lists_no_last_action", "lists_no_last_action_inline",
               "inline_without_actions")

PLANTED = {
    # name -> clauses a correct report may name for it
    "tie_scores_points": ("DB-C.8",),
    "ignores_use_it_or_lose_it": ("DB-B.5",),
    "no_reshuffle_on_exhaustion": ("DB-D.2", "DB-D.3"),
    "game_ends_at_999": ("DB-C.9",),
    "ends_one_point_early": ("DB-C.9",),
    "never_skips_digivolve_phase": ("DB-B.6",),
    "pass_not_final": ("DB-C.3",),
    "wrong_refusal_clause": None,  # any clause: the refusal names the wrong one
    "loser_goes_first": ("DB-C.7",),
    "digi_duel_after_pass": ("DB-C.2",),
}

PLANTED_MORE = {
    # name -> clauses a correct report may name for it: faults seen in an independent
    # engine (issue 24), checked by tests/test_root_causes.py only
    "counter_attack_always_doubles": ("DB-C.2",),
    "regroup_draws_to_nine": ("DB-D.1",),
    "seat_1_power_own_row": ("DB-A.4",),
}

PLANTED_MINIMAL = {
    # name -> clauses a correct report may name for it (an engine of the mandatory requests)
    "minimal_digi_duel_after_pass": ("DB-C.2",),
    "minimal_counter_attack_any_level": ("DB-C.2",),
}

TWO_FAULTS = {
    # name -> the clause of each fault: a report must name every one, each in a finding
    "two_faults": ("DB-C.3", "DB-C.7"),
}

PLANTED_DCG = {
    # name -> clauses a correct report may name for it (run with --ruleset dcg)
    "dcg_draw_skip_for_seat_0": ("DCG-6-3-1-1",),
    "dcg_turn_ends_at_2": ("DCG-6-1-4-1", "DCG-6-6-1"),
    "dcg_pass_to_1": ("DCG-6-5-1-7",),
    "dcg_unsuspends_before_ending": ("DCG-6-2-1-2",),
    "dcg_wrong_refusal_clause": None,  # any clause: the refusal names the wrong one
}


PLANTED_NAMING = {
    # name -> clauses a correct report may name for it: one fault for each naming rule of
    # issue 24's held-out set (docs/NEWCOMER5.md), planted otherwise than there; checked by
    # tests/test_root_causes.py and tests/test_naming_rules.py
    "reveal_starts_with_seat_0": ("DB-B.2",),
    "discard_option_keeps_move": ("DB-C.1",),
    "dcg_skips_empty_breeding": ("DCG-6-4-1",),
    "dcg_start_of_turn_for_opponent": ("CR4.2 Triggered effects",),
}

#: The ``dcg`` ones of :data:`PLANTED_NAMING` (run with ``--ruleset dcg``).
PLANTED_NAMING_DCG = ("dcg_skips_empty_breeding", "dcg_start_of_turn_for_opponent")


def command(name: str) -> str:
    """The command line that runs miniature ``name``."""
    import shlex

    return f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE))} {name}"


# ---------------------------------------------------------------------------------------------
# Protocol misbehaviour


def _serve(on_request: Callable[[int, str], None] | None = None, session: object = None) -> None:
    from digiconform.harness.serve import serve

    sys.exit(serve(session=session, on_request=on_request))  # type: ignore[arg-type]


def hangs_on_start() -> None:
    sys.stdin.readline()
    time.sleep(3600)


def crashes_on_start() -> None:
    print("crashes_on_start: giving up before saying anything", file=sys.stderr)
    sys.exit(3)


def crashes_on_third_request() -> None:
    def hook(n: int, line: str) -> None:
        if n == 3:
            print(f"crashes_on_third_request: dying on {line.strip()[:60]}", file=sys.stderr)
            sys.stderr.flush()
            sys.exit(1)

    _serve(hook)


def hangs_on_fifth_request() -> None:
    def hook(n: int, line: str) -> None:
        if n == 5:
            time.sleep(3600)

    _serve(hook)


def crashes_once() -> None:
    import os

    marker = Path(os.environ["MINIATURE_MARKER"])
    first = not marker.exists()
    marker.touch()

    def hook(n: int, line: str) -> None:
        if first and n == 3:
            sys.exit(1)

    _serve(hook)


def hangs_with_child() -> None:
    import os
    import subprocess

    child = subprocess.Popen(["sleep", "300"])
    Path(os.environ["MINIATURE_MARKER"]).write_text(str(child.pid))
    sys.stdin.readline()
    time.sleep(3600)


def _follows(name: str, amb: str, reading: str) -> None:
    """The oracle under ``amb = reading`` whatever the setup says, declaring that reading and
    no ``variants`` capability."""
    from digiconform.harness.messages import Capabilities, Implementation
    from digiconform.harness.serve import Session, oracle_ready
    from oracle.driver import OracleDriver

    class Forced(OracleDriver):
        def new_game(self, setup):  # type: ignore[no-untyped-def]
            return super().new_game(_force(setup))

        def load_state(self, setup, state):  # type: ignore[no-untyped-def]
            return super().load_state(_force(setup), state)

    def _force(setup):  # type: ignore[no-untyped-def]
        return {**setup, "variants": {**(setup.get("variants") or {}), amb: reading}}

    base = oracle_ready()
    readings = {k: v for k, v in base.readings.items() if k.startswith("DB-")}
    readings[amb] = reading
    ready = type(base)(base.version, Implementation(name, "1.0", "python"),
                       ("digibattle",), readings, Capabilities(True, True, False),
                       base.details)
    _serve(session=Session(Forced(), ready))


def follows_not_final() -> None:
    _follows("follows_not_final", "DB-AMB-6", "not-final")


def follows_at_prepare() -> None:
    _follows("follows_at_prepare", "DB-AMB-9", "at-prepare")


def prints_garbage() -> None:
    def hook(n: int, line: str) -> None:
        if n > 1:
            sys.stdout.write("Hello! I am an engine, not a JSON printer.\n")
            sys.stdout.flush()
            sys.stdin.readline()  # wait for the kill

    _serve(hook)


def floods_output() -> None:
    def hook(n: int, line: str) -> None:
        if n > 1:
            chunk = "x" * 65536
            while True:
                sys.stdout.write(chunk)

    _serve(hook)


def wrong_seq() -> None:
    from digiconform.harness.serve import Session

    class Wrong(Session):
        def handle_line(self, line):  # type: ignore[no-untyped-def]
            answer = super().handle_line(line)
            if answer is not None and getattr(answer, "seq", None) is not None:
                answer = type(answer)(**{**answer.__dict__, "seq": answer.seq + 7})
            return answer

    _serve(session=Wrong())


def schema_invalid_state() -> None:
    from digiconform.harness.messages import Position
    from digiconform.harness.serve import Session

    class Bad(Session):
        def handle_line(self, line):  # type: ignore[no-untyped-def]
            answer = super().handle_line(line)
            if isinstance(answer, Position):
                state = json.loads(json.dumps(answer.state))
                for p in state.get("players", []):
                    p["score"] = str(p["score"])
                answer = Position(answer.seq, state, answer.events, answer.actions)
            return answer

    _serve(session=Bad())


def _moves_on(details: tuple[str, ...], forced: str | None = "do_nothing",
              name: str = "dcg_moves_on", patch: Callable[[], None] | None = None,
              ignores_refusals: bool = False, at_start: bool = False) -> None:
    """The oracle, taking by itself every action of type ``forced`` (None: of any type) that
    is the only legal one (after each action; ``at_start``: after ``new_game`` and
    ``load_state`` too), declaring ``details``; ``patch`` plants a rule bug first;
    ``ignores_refusals`` answers an illegal action with the unchanged state instead of a
    refusal (a wrong engine)."""
    from digiconform.harness.messages import Implementation
    from digiconform.harness.serve import Session, oracle_ready
    from oracle.driver import OracleDriver, Outcome

    if patch is not None:
        patch()

    class MovesOn(OracleDriver):
        def _forced(self, out: Outcome) -> Outcome:
            events = list(out.events)
            while out.refusal is None and self.state is not None and \
                    self.state.to_move not in (None, "chance"):
                acts = self.legal_actions() or []
                if len(acts) != 1 or forced is not None and acts[0].get("type") != forced:
                    break
                nxt = super().apply(acts[0])
                events += nxt.events
                out = Outcome(state=nxt.state, events=tuple(events))
            return out

        def new_game(self, setup):  # type: ignore[no-untyped-def]
            got = super().new_game(setup)
            return self._forced(Outcome(state=got)).state if at_start else got

        def load_state(self, setup, state):  # type: ignore[no-untyped-def]
            got = super().load_state(setup, state)
            return self._forced(Outcome(state=got)).state if at_start else got

        def apply(self, action):  # type: ignore[no-untyped-def]
            out = super().apply(action)
            if out.refusal is not None and out.refusal.kind == "illegal" and ignores_refusals:
                return Outcome(state=self.state.to_json())
            return self._forced(out)

    base = oracle_ready()
    ready = type(base)(base.version, Implementation(name, "1.0", "python"),
                       base.rulesets, base.readings, base.capabilities, details)
    _serve(session=Session(MovesOn(), ready))


def db_moves_on() -> None:
    _moves_on((), "pass", "db_moves_on", at_start=True)


def db_moves_on_wrong_clause() -> None:
    _moves_on((), "pass", "db_moves_on_wrong_clause", patch=_patch_clause, at_start=True)


def db_moves_on_ignores_refusals() -> None:
    _moves_on((), "pass", "db_moves_on_ignores_refusals", ignores_refusals=True,
              at_start=True)


def db_moves_on_scores_own_level() -> None:
    """Passes by itself where only ``pass`` is legal (no waiting points, no details), and
    scores the SCORE chart's column for the winner's own level, not the defeated Digimon's
    (DB-C.5)."""
    _moves_on((), "pass", "db_moves_on_scores_own_level", patch=_patch_score_own_level,
              at_start=True)


def db_moves_on_loser_first() -> None:
    """Passes by itself where only ``pass`` is legal, and lets the loser of a Duel go first
    in the next one (DB-C.7, DB-D.6)."""
    _moves_on((), "pass", "db_moves_on_loser_first", patch=_patch_loser_first, at_start=True)


def recycles_in_seat_order() -> None:
    """Declares no detail (as the example engines), passes by itself where only ``pass`` is
    legal, and recycles two Online decks that reach zero at once seat 0 first."""
    _moves_on((), "pass", "recycles_in_seat_order", patch=_patch_recycle_seat_order,
              at_start=True)


def mandatory_only() -> None:
    from digiconform.harness.messages import Capabilities, Implementation
    from digiconform.harness.serve import Session, oracle_ready
    from oracle.driver import OracleDriver

    base = oracle_ready()
    ready = type(base)(base.version, Implementation("mandatory_only", "1.0", "python"),
                       base.rulesets, {}, Capabilities(), ())
    _serve(session=Session(OracleDriver(), ready))


def _lists_no_last_action(inline: bool) -> None:
    """The oracle, but every legal set of two actions or more leaves out its last one;
    ``inline``: it declares ``inline_legal_actions``, so that the sets the verifier compares
    come inline with the game requests' answers instead of from ``legal_actions`` requests."""
    from digiconform.harness.messages import Capabilities, Implementation
    from digiconform.harness.serve import Session, oracle_ready
    from oracle.driver import OracleDriver

    class Drops(OracleDriver):
        def legal_actions(self):  # type: ignore[no-untyped-def]
            acts = super().legal_actions() or []
            return acts[:-1] if len(acts) > 1 else acts

    base = oracle_ready()
    name = "lists_no_last_action" + ("_inline" if inline else "")
    ready = type(base)(base.version, Implementation(name, "1.0", "python"), base.rulesets,
                       base.readings, Capabilities(True, True, True, inline), base.details)
    _serve(session=Session(Drops(), ready))


def lists_no_last_action() -> None:
    _lists_no_last_action(False)


def lists_no_last_action_inline() -> None:
    _lists_no_last_action(True)


def inline_without_actions() -> None:
    """The oracle declaring ``inline_legal_actions`` whose answers never carry the legal
    actions asked for inline (``legal_actions`` requests are answered)."""
    from digiconform.harness.serve import Session

    class Forgets(Session):
        def handle(self, request):  # type: ignore[no-untyped-def]
            return super().handle(request)

        def _inline(self, request):  # type: ignore[no-untyped-def]
            return None

    _serve(session=Forgets())


def dcg_moves_on() -> None:
    _moves_on(())


def dcg_moves_on_declaring_step() -> None:
    _moves_on(("step",))


def plays_every_forced() -> None:
    _moves_on((), forced=None, name="plays_every_forced")


def crashes_in_duel_3() -> None:
    from digiconform.harness.messages import Position
    from digiconform.harness.serve import Session

    class Crash(Session):
        def handle_line(self, line):  # type: ignore[no-untyped-def]
            answer = super().handle_line(line)
            if isinstance(answer, Position) and answer.state.get("duel", 1) >= 3:
                print("crashes_in_duel_3: dying in Duel 3", file=sys.stderr)
                sys.exit(1)
            return answer

    _serve(session=Crash())


def deeply_nested_answer() -> None:
    def hook(n: int, line: str) -> None:
        if n > 1:
            sys.stdout.write("[" * 5000 + "]" * 5000 + "\n")
            sys.stdout.flush()
            sys.stdin.readline()  # wait for the kill

    _serve(hook)


def huge_number_answer() -> None:
    def hook(n: int, line: str) -> None:
        if n > 1:
            sys.stdout.write('{"seq": ' + "9" * 5000 + ', "state": {}}\n')
            sys.stdout.flush()
            sys.stdin.readline()

    _serve(hook)


def setsid_child() -> None:
    import os
    import subprocess

    # start_new_session: the child calls setsid() before exec, so it is in a session and
    # process group of its own, which a kill of the engine's group does not reach.
    child = subprocess.Popen(["sleep", "300"], start_new_session=True,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    Path(os.environ["MINIATURE_MARKER"]).write_text(str(child.pid))
    _serve()


def double_fork_orphan() -> None:
    import os
    import shutil

    marker = Path(os.environ["MINIATURE_MARKER"])
    earlier = [int(x) for x in marker.read_text().split()] if marker.exists() else []
    survivors = [pid for pid in earlier if os.path.exists(f"/proc/{pid}")]
    with open(f"{marker}.survivors", "a") as f:
        f.write("".join(f"{pid}\n" for pid in survivors))
    sleep = shutil.which("sleep") or "/bin/sleep"
    child = os.fork()
    if child == 0:  # the child: a session of its own, one more fork, then gone
        try:
            os.setsid()
            if os.fork() == 0:  # the grandchild: re-parented when its parent exits
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                with open(marker, "a") as f:
                    f.write(f"{os.getpid()}\n")
                os.execve(sleep, ["sleep", "300"], {})  # no environment at all
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    end = time.monotonic() + 5  # until the grandchild has written its pid
    while time.monotonic() < end and (
            not marker.exists() or len(marker.read_text().split()) <= len(earlier)):
        time.sleep(0.01)
    crash = len(earlier) < 2

    def hook(n: int, line: str) -> None:
        if crash and n == 8:
            sys.exit(1)

    _serve(hook)


def slow_engine() -> None:
    import os

    delay = float(os.environ.get("MINIATURE_DELAY", "1"))
    marker = os.environ.get("MINIATURE_MARKER")

    def hook(n: int, line: str) -> None:
        if marker:  # how many requests have come in (a test waits on it)
            Path(marker).write_text(str(n))
        if n > 1:
            time.sleep(delay)

    _serve(hook)


def chatty_crash_on_start() -> None:
    for i in range(99):
        print(f"chatty_crash_on_start: loading module {i}", file=sys.stderr)
    print("chatty_crash_on_start: fatal: cannot open rules.db", file=sys.stderr)
    sys.exit(1)


def hostile_text() -> None:
    import os

    from digiconform.harness.messages import Errored, Ready, Refused, Skipped
    from digiconform.harness.serve import Session

    text = json.loads(os.environ["MINIATURE_TEXT"]) * int(os.environ.get("MINIATURE_TIMES", "1"))
    session = Session()
    new_games = 0
    print(f"hostile_text: {text}", file=sys.stderr, flush=True)  # (surrogates escaped)
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        answer = session.handle_line(line)
        if answer is None:
            break
        doc = answer.to_json()
        if isinstance(answer, Ready):
            doc["implementation"] = {"name": text, "version": text, "language": text,
                                     "homepage": text}
            doc["readings"] = {k: text for k in list(doc["readings"])[:3]} | {
                k: v for k, v in list(doc["readings"].items())[3:]}
        elif isinstance(answer, Refused):
            doc["refused"]["reason"] = text
        elif isinstance(answer, Errored):
            pass
        else:
            req = json.loads(line)
            if req.get("cmd") == "action":  # every action refused, legal or not
                doc = {"seq": req["seq"], "refused": {"kind": "illegal", "reason": text,
                                                      "clause": "DB-B.1"}}
            elif req.get("cmd") == "load_state":
                doc = Skipped(req["seq"], "").to_json()
                doc["skipped"]["reason"] = text
            elif req.get("cmd") == "new_game":
                new_games += 1
                if new_games == 2:
                    sys.stderr.write(f"hostile_text: failing on {text}\n")
                    sys.stderr.flush()
                    doc = Errored(req["seq"], "").to_json()
                    doc["errored"]["message"] = text
        sys.stdout.write(json.dumps(doc) + "\n")
        sys.stdout.flush()


# ---------------------------------------------------------------------------------------------
# Planted rule bugs: the oracle, patched


def _planted(patch: Callable[[], None], name: str) -> None:
    from digiconform.harness.messages import Implementation
    from digiconform.harness.serve import Session, oracle_ready

    patch()
    ready = oracle_ready()
    ready = type(ready)(ready.version, Implementation(name, "0.0.1", "python"),
                        ready.rulesets, ready.readings, ready.capabilities, ready.details)
    _serve(session=Session(ready=ready))


def _patch_refuses_tribute() -> None:
    """Refuse every tribute Digivolve (DB-B.3: a reason of its own, no reading's)."""
    from oracle.digibattle import digivolve, rules
    from oracle.errors import IllegalActionError

    original = digivolve.digivolve

    def refusing(tx, a):  # type: ignore[no-untyped-def]
        if a.method == "tribute":
            raise IllegalActionError("DB-B.7", "this engine never Digivolves by tribute")
        original(tx, a)

    rules._HANDLERS[("digivolve", "reveal")]["digivolve"] = refusing


def _patch_tie() -> None:
    from oracle.digibattle import battle

    original = battle.end_duel

    def end_duel(tx):  # type: ignore[no-untyped-def]
        original(tx)
        if any(e.type == "duel_tied" for e in tx.events):
            fp = tx.get("first_player")
            tx.upd(fp, score=tx.ps[fp].score + 100)

    battle.end_duel = end_duel


def _patch_use_it() -> None:
    from oracle.digibattle import digivolve, rules

    def pass_digivolve(tx, a):  # type: ignore[no-untyped-def]
        p = a.player
        digivolve._reveal_rookie(tx, p)
        tx.upd(p, passed=True, acted=True)  # the face-down card stays where it is
        tx.event("passed", "DB-B.5", p)
        digivolve._next_reveal(tx, p)

    rules._HANDLERS[("digivolve", "reveal")]["pass"] = pass_digivolve


def _patch_reshuffle() -> None:
    from oracle.digibattle import regroup

    def settle(tx):  # type: ignore[no-untyped-def]
        tx.emptied.clear()
        tx.owed = None

    regroup.settle = settle


def _patch_999() -> None:
    from oracle.digibattle import phases

    def add_points(tx, p, points, clause, **data):  # type: ignore[no-untyped-def]
        score = tx.ps[p].score + points
        tx.upd(p, score=score)
        tx.event("points_scored", clause, p, points=points, score=score, **data)
        if score >= 999:
            phases.game_over(tx, p)

    phases.add_points = add_points


def _patch_one_early() -> None:
    from oracle.digibattle import phases

    def add_points(tx, p, points, clause, **data):  # type: ignore[no-untyped-def]
        score = tx.ps[p].score + points
        tx.upd(p, score=score)
        tx.event("points_scored", clause, p, points=points, score=score, **data)
        if tx.game.end_check == "immediate" and score >= tx.game.target - 1:
            phases.game_over(tx, p)

    phases.add_points = add_points


def _patch_no_skip() -> None:
    from oracle.digibattle import digivolve

    original, has = digivolve.begin_reveal, digivolve._has_something

    def begin_reveal(tx, new_duel=False):  # type: ignore[no-untyped-def]
        # (the phase as the oracle begins it, with "anything to Digivolve" always true: it
        # used to rebuild the start by hand and lost DB-B.7's reset at a new Duel, and its
        # signature, when the oracle's begin_reveal grew ``new_duel``)
        digivolve._has_something = lambda tx, p: True
        try:
            original(tx, new_duel)
        finally:
            digivolve._has_something = has

    digivolve.begin_reveal = begin_reveal


def _patch_pass() -> None:
    from oracle.digibattle import battle, rules

    def play_option(tx, a):  # type: ignore[no-untyped-def]
        battle.play_option(tx, a)
        other = 1 - a.player
        if tx.ps[other].passed:
            tx.upd(other, passed=False)
            tx.set(to_move=other)

    rules._HANDLERS[("battle", "play")]["play_option"] = play_option


def _refusals_cite(clause: str, ruleset: str) -> None:
    """Patch ``ruleset``'s ``apply`` so that every illegal action is refused citing
    ``clause`` (the reason is kept). The drivers reach the rules through the ruleset registry,
    the rule modules through their own module attribute: both are patched."""
    import dataclasses
    import importlib

    from oracle import rulesets
    from oracle.errors import IllegalActionError

    home = importlib.import_module("oracle.digibattle.rules" if ruleset == "digibattle"
                                   else "oracle.dcg.engine")
    package = importlib.import_module(f"oracle.{ruleset}")
    original = home.apply

    def apply(state, action):  # type: ignore[no-untyped-def]
        try:
            return original(state, action)
        except IllegalActionError as e:
            raise IllegalActionError(clause, e.reason) from None

    home.apply = apply
    package.apply = apply  # type: ignore[attr-defined]
    rulesets._CACHE[ruleset] = dataclasses.replace(rulesets.get(ruleset), apply=apply)


def _patch_clause() -> None:
    _refusals_cite("DB-C.1", "digibattle")


def _patch_counter_attack() -> None:
    """Counter Attack (ST-54) doubles the Digimon Power whatever the levels: its condition
    "when confronting an opponent of a higher Digivolve Level" is never checked (DB-C.2)."""
    from oracle.digibattle import battle, power

    original = power.condition_holds

    def holds(state, p, cond):  # type: ignore[no-untyped-def]
        if cond is not None and cond.opponent_higher_level:
            return True
        return original(state, p, cond)

    power.condition_holds = holds
    battle.condition_holds = holds


def _patch_draw_to_nine() -> None:
    """The Regroup draw restores the hand to 9 cards, not 10 (DB-D.1)."""
    from oracle.digibattle import regroup

    regroup.HAND_SIZE = 9


def _patch_seat_1_own_row() -> None:
    """Seat 1's Digimon Power is read from the power chart row of its own Battle Type, not
    the opponent's (DB-A.4; seat 0's is right, so no reading of DB-AMB-10 explains it)."""
    from oracle.digibattle import battle, power, state

    original = power.digimon_power

    def digimon_power(st, p):  # type: ignore[no-untyped-def]
        if p != 1 or st.plays:
            return original(st, p)
        cards = st.game.card_set.cards
        mine = cards[st.players[p].duel_zone[-1]]
        return max(mine.power[mine.battle_type], 0)

    power.digimon_power = digimon_power
    battle.digimon_power = digimon_power
    state.digimon_power = digimon_power


def _patch_loser_first() -> None:
    from oracle.digibattle import battle

    original = battle.end_duel

    def end_duel(tx):  # type: ignore[no-untyped-def]
        original(tx)
        won = [e for e in tx.events if e.type == "duel_won"]
        if won:
            tx.set(first_player=1 - won[0].player)

    battle.end_duel = end_duel


def _patch_score_own_level() -> None:
    from oracle.digibattle import battle

    original = battle._score

    def score(tx, w, points, defeated, card, doubled):  # type: ignore[no-untyped-def]
        mine = tx.showing(w)
        own = mine.score[mine.level] * (2 if doubled and tx.game.digi_duel == "duel-points"
                                        else 1)
        original(tx, w, own, defeated, card, doubled)

    battle._score = score


def _patch_recycle_seat_order() -> None:
    """Two Online decks that reach zero in one action are recycled seat 0 first (the
    oracle: in the order they reached zero; no rule orders them)."""
    from oracle.digibattle import regroup

    original = regroup.settle

    def settle(tx):  # type: ignore[no-untyped-def]
        tx.emptied.sort()
        original(tx)

    regroup.settle = settle


def _patch_digi_duel_after_pass() -> None:
    import dataclasses

    from oracle.digibattle import battle

    original = battle._restriction_problem

    def restriction_problem(state, p, card):  # type: ignore[no-untyped-def]
        if "not_after_opponent_passes" in card.restrictions:  # the bug: the check is lost
            card = dataclasses.replace(card, restrictions=tuple(
                r for r in card.restrictions if r != "not_after_opponent_passes"))
        return original(state, p, card)

    battle._restriction_problem = restriction_problem


def _patch_counter_attack_any_level() -> None:
    """Counter Attack's "When confronting an opponent of a higher Digivolve Level" is not
    read: the condition always holds (DB-C.2)."""
    from oracle.digibattle import battle, power

    original = power.condition_holds

    def condition_holds(state, p, cond):  # type: ignore[no-untyped-def]
        if cond is not None and cond.opponent_higher_level:
            return True  # the bug
        return original(state, p, cond)

    power.condition_holds = condition_holds
    battle.condition_holds = condition_holds


def _planted_minimal(patch: Callable[[], None], name: str) -> None:
    """The oracle with ``patch`` planted, declaring only the mandatory requests."""
    from digiconform.harness.messages import Capabilities, Implementation
    from digiconform.harness.serve import Session, oracle_ready
    from oracle.driver import OracleDriver

    patch()
    base = oracle_ready()
    ready = type(base)(base.version, Implementation(name, "0.0.1", "python"),
                       base.rulesets, {}, Capabilities(), ())
    _serve(session=Session(OracleDriver(), ready))


_MINIMAL = {
    "minimal_digi_duel_after_pass": _patch_digi_duel_after_pass,
    "minimal_counter_attack_any_level": _patch_counter_attack_any_level,
}


def _patch_dcg_draw_seat_0() -> None:
    from oracle.dcg import engine

    original = engine._STEP_FUNCS["draw"]

    def draw_phase(w):  # type: ignore[no-untyped-def]
        real = w.first_player
        w.first_player = 0  # the bug: "the first player" is a fixed seat
        try:
            original(w)
        finally:
            w.first_player = real

    engine._STEP_FUNCS["draw"] = draw_phase


def _patch_dcg_turn_end_at_2() -> None:
    from oracle.dcg import engine, turn

    def turn_end_condition(w):  # type: ignore[no-untyped-def]
        return -w.memory >= turn.turn_end_threshold(w) + 1  # the bug: 1 is not enough

    engine.turn_end_condition = turn_end_condition
    turn.turn_end_condition = turn_end_condition


def _patch_dcg_pass_to_1() -> None:
    from oracle.dcg import main_phase
    from oracle.dcg.memory import set_mine

    def pass_turn(w, a):  # type: ignore[no-untyped-def]
        w.emit("passed", "DCG-6-5-1-7", w.turn_player, (("memory", w.memory),))
        set_mine(w, w.turn_player, -1, "DCG-6-5-1-7")  # the bug: 1, not 3

    main_phase._HANDLERS["pass"] = pass_turn


def _patch_dcg_unsuspend_first() -> None:
    from oracle.dcg import engine

    original = engine.begin_end_of_turn

    def begin_end_of_turn(w):  # type: ignore[no-untyped-def]
        if w.step in ("start_of_turn", "unsuspend"):  # the bug: unsuspend anyway
            me = w.players[w.turn_player]  # (stacks are replaced, never changed)
            me.battle = tuple(st._replace(suspended=False) for st in me.battle)
            if me.breeding is not None:
                me.breeding = me.breeding._replace(suspended=False)
        original(w)

    engine.begin_end_of_turn = begin_end_of_turn


def _patch_reveal_seat_0() -> None:
    """DB-B.2 broken: the Digivolve phase's reveal always starts with seat 0, whoever goes
    first (the coin toss, DB-B.1, and the Duel's winner, DB-D.6, are kept as they are)."""
    from oracle.digibattle import digivolve

    original = digivolve.begin_reveal

    def begin_reveal(tx, new_duel=False):  # type: ignore[no-untyped-def]
        original(tx, new_duel)
        if tx.phase == "digivolve" and tx.step == "reveal":
            tx.to_move = 0  # the bug: "the first player" is a fixed seat

    digivolve.begin_reveal = begin_reveal


def _patch_discard_keeps_move() -> None:
    """DB-C.1 broken: a Power Option whose Use Requirement discards cards keeps the move with
    its player (no alternation after it)."""
    from oracle.digibattle import battle, rules

    def play_option(tx, a):  # type: ignore[no-untyped-def]
        battle.play_option(tx, a)
        p = a.player
        if a.discard and tx.phase == "battle" and tx.to_move == 1 - p:
            tx.to_move = p  # the bug

    rules._HANDLERS[("battle", "play")]["play_option"] = play_option


def _patch_dcg_skip_empty_breeding() -> None:
    """DCG-6-4-1 broken: the Breeding phase is skipped when the breeding area is empty (no
    hatch offered): the turn goes from the draw straight to the Main phase."""
    from oracle.dcg import engine

    original = engine._STEP_FUNCS["draw"]

    def draw_phase(w):  # type: ignore[no-untyped-def]
        original(w)
        if w.phase == "breeding" and w.players[w.turn_player].breeding is None:
            w.step = "breeding_done"  # the bug: straight on to the Main phase

    engine._STEP_FUNCS["draw"] = draw_phase


def _patch_dcg_start_of_turn_for_opponent() -> None:
    """CR4.2 Triggered effects broken: [Start of Your Turn] effects trigger at the start of
    their owner's opponent's turn, not their owner's (a seat mixed up)."""
    from oracle.dcg import engine
    from oracle.dcg.effects import trigger

    def start_of_turn(w):  # type: ignore[no-untyped-def]
        w.emit("start_of_turn", "DCG-6-2-1-1", w.turn_player, (("turn", w.turn),))
        trigger(w, 1 - w.turn_player, "start_of_your_turn")  # the bug: the other player's
        w.step = "unsuspend"

    engine._STEP_FUNCS["start_of_turn"] = start_of_turn


def _patch_dcg_clause() -> None:
    _refusals_cite("DCG-6-1-1", "dcg")


_PATCHES = {
    "tie_scores_points": _patch_tie,
    "ignores_use_it_or_lose_it": _patch_use_it,
    "no_reshuffle_on_exhaustion": _patch_reshuffle,
    "game_ends_at_999": _patch_999,
    "ends_one_point_early": _patch_one_early,
    "never_skips_digivolve_phase": _patch_no_skip,
    "pass_not_final": _patch_pass,
    "wrong_refusal_clause": _patch_clause,
    "loser_goes_first": _patch_loser_first,
    "counter_attack_always_doubles": _patch_counter_attack,
    "regroup_draws_to_nine": _patch_draw_to_nine,
    "seat_1_power_own_row": _patch_seat_1_own_row,
    "digi_duel_after_pass": _patch_digi_duel_after_pass,
    "dcg_draw_skip_for_seat_0": _patch_dcg_draw_seat_0,
    "dcg_turn_ends_at_2": _patch_dcg_turn_end_at_2,
    "dcg_pass_to_1": _patch_dcg_pass_to_1,
    "dcg_unsuspends_before_ending": _patch_dcg_unsuspend_first,
    "dcg_wrong_refusal_clause": _patch_dcg_clause,
    "reveal_starts_with_seat_0": _patch_reveal_seat_0,
    "discard_option_keeps_move": _patch_discard_keeps_move,
    "dcg_skips_empty_breeding": _patch_dcg_skip_empty_breeding,
    "dcg_start_of_turn_for_opponent": _patch_dcg_start_of_turn_for_opponent,
    "two_faults": lambda: (_patch_pass(), _patch_loser_first()),
    "refuses_tribute": _patch_refuses_tribute,
}


def main(argv: list[str]) -> None:
    """Run the miniature named ``argv[1]``."""
    name = argv[1] if len(argv) > 1 else ""
    if name in _PATCHES:
        _planted(_PATCHES[name], name)
    elif name in _MINIMAL:
        _planted_minimal(_MINIMAL[name], name)
    elif name in MISBEHAVING:
        globals()[name]()
    else:
        known = ", ".join(MISBEHAVING + tuple(_PATCHES) + tuple(_MINIMAL))
        print(f"unknown miniature {name!r}; known: {known}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)

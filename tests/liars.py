"""Lying engines (issue 24): each speaks the protocol well enough to be verified, and each
would once have been given a PASS (or a verdict it did not earn). Run one as
``python tests/liars.py NAME``; :func:`command` gives that command line.

- ``strands_the_player`` -- the oracle, except that its ``new_game`` answer moves player 0's
  deck to their Offline pile: a state the oracle loads in which the player to move has no
  legal action (a Digi-Battle set-up waiting for a Rookie from an empty deck). Once the
  verifier takes that state over after the divergence, its own random player finds nothing
  to choose (issue 24: a ``ValueError`` from the random player ended every game, and the run
  said "0 games ... no divergence").
- ``refuses_every_setup`` -- the oracle, except that it refuses every ``new_game`` and
  ``load_state`` as ``illegal``, naming a clause the suite does not know (:data:`RESTRICTED`:
  ``DB-A.9``, ``CR4.2 Restricted list``): a real engine applying a restricted list.
- ``dies_after_handshake`` -- answers ``start``, then exits on the first request after it,
  in every process it runs as.
- ``empty_answers`` -- answers ``start`` properly, then every game request with a
  well-formed, empty answer: ``{"seq": n, "state": {}, "events": []}``, and every
  ``legal_actions`` with ``{"seq": n, "actions": []}``.
- ``stops_mid_vector`` -- the oracle, except that it stops answering (sleeps) on the third
  request after each ``new_game``/``load_state``: in the middle of a vector.
- ``crashes_now_and_then`` -- the oracle, except that each of its processes exits (status 1)
  on its 40th ``action`` request: a crash, over and over, where every answer it does give is
  right (the newcomer review's ``crash`` engine, made deterministic). A crash is an engine
  failure, FAIL, but breaks no rule: no finding or failed vector may name a rule clause.
- ``mulligan_never_finishes`` -- the oracle, except that in DCG the set-up does not finish
  after the second player's mulligan (``oracle/dcg/setup.py``): the engine stays in the
  mulligan step with both players decided, where nobody has an action (issue 24: such a
  mutant got PASS, exit 0, the verifier's random player raising on the adopted state and
  the error swallowed).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
if str(HERE.parent.parent) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(HERE.parent.parent))

LIARS = ("strands_the_player", "refuses_every_setup", "dies_after_handshake",
         "empty_answers", "stops_mid_vector", "mulligan_never_finishes",
         "crashes_now_and_then")

CRASH_AT = 40
"""``crashes_now_and_then`` exits on this many ``action`` requests of each process."""

RESTRICTED = {"digibattle": "DB-A.9", "dcg": "CR4.2 Restricted list"}
"""The clause ``refuses_every_setup`` names per ruleset: well-formed, but no clause of the
suite's registry."""


def command(name: str) -> str:
    """The command line that runs liar ``name``."""
    import shlex

    return f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE))} {name}"


def _serve(session: object = None, on_request: object = None) -> None:
    from digiconform.harness.serve import serve

    sys.exit(serve(session=session, on_request=on_request))  # type: ignore[arg-type]


def strands_the_player() -> None:
    from digiconform.harness.messages import NewGame, Position
    from digiconform.harness.serve import Session

    class Strands(Session):
        def handle(self, request):  # type: ignore[no-untyped-def]
            answer = super().handle(request)
            if isinstance(request, NewGame) and isinstance(answer, Position) and \
                    answer.state.get("ruleset", "digibattle") == "digibattle":
                state = json.loads(json.dumps(answer.state))
                p0 = state["players"][0]
                p0["offline"], p0["deck"] = list(p0["deck"]) + list(p0["offline"]), []
                answer = Position(answer.seq, state, answer.events, answer.actions)
            return answer

    _serve(Strands())


def refuses_every_setup() -> None:
    from digiconform.harness.messages import LoadState, NewGame, Refused
    from digiconform.harness.serve import Session

    class Refuses(Session):
        def handle(self, request):  # type: ignore[no-untyped-def]
            if isinstance(request, NewGame | LoadState):
                ruleset = str(request.setup.get("ruleset", "digibattle"))
                return Refused(request.seq, "illegal", "a deck holds a card of the "
                               "restricted list (this engine applies it)",
                               RESTRICTED.get(ruleset, "DB-A.9"))
            return super().handle(request)

    _serve(Refuses())


def dies_after_handshake() -> None:
    def hook(n: int, line: str) -> None:
        if n >= 2:
            print("dies_after_handshake: exiting after the handshake", file=sys.stderr)
            sys.stderr.flush()
            sys.exit(1)

    _serve(on_request=hook)


def empty_answers() -> None:
    from digiconform.harness.messages import (
        Action,
        LegalActions,
        LegalSet,
        LoadState,
        NewGame,
        Position,
    )
    from digiconform.harness.serve import Session

    class Empty(Session):
        def handle(self, request):  # type: ignore[no-untyped-def]
            if isinstance(request, NewGame | LoadState | Action):
                return Position(request.seq, {}, (),
                                () if request.legal_actions else None)  # (inline: [])
            if isinstance(request, LegalActions):
                return LegalSet(request.seq, ())
            return super().handle(request)

    _serve(Empty())


def stops_mid_vector() -> None:
    from digiconform.harness.messages import LoadState, NewGame
    from digiconform.harness.serve import Session

    class Stops(Session):
        since = -1  # requests since the last new_game/load_state (-1: none yet)

        def handle(self, request):  # type: ignore[no-untyped-def]
            if isinstance(request, NewGame | LoadState):
                self.since = 0
            elif self.since >= 0:
                self.since += 1
                if self.since == 3:
                    time.sleep(3600)
            return super().handle(request)

    _serve(Stops())


def crashes_now_and_then() -> None:
    import os

    actions = [0]

    def hook(n: int, line: str) -> None:
        if '"cmd":"action"' in line.replace(" ", ""):
            actions[0] += 1
            if actions[0] == CRASH_AT:
                print(f"crashes_now_and_then: exiting on action request {CRASH_AT}",
                      file=sys.stderr)
                sys.stderr.flush()
                os._exit(1)

    _serve(on_request=hook)


def mulligan_never_finishes() -> None:
    from oracle.dcg import setup

    finish = setup._finish_setup

    def finish_setup(w):  # type: ignore[no-untyped-def]
        if w.step == "mulligan_shuffle":  # the second player's mulligan: never finished
            w.step = "mulligan"
            return
        finish(w)

    setup._finish_setup = finish_setup
    _serve()


def main(argv: list[str]) -> None:
    """Run the liar named ``argv[1]``."""
    name = argv[1] if len(argv) > 1 else ""
    if name not in LIARS:
        print(f"unknown liar {name!r}; known: {', '.join(LIARS)}", file=sys.stderr)
        sys.exit(2)
    globals()[name]()


if __name__ == "__main__":
    main(sys.argv)

"""The capability ``inline_legal_actions`` (issue 27): a game request carrying
``"legal_actions": true`` is answered with the state and the legal actions there, and the
verifier compares those exactly as a ``legal_actions`` answer (docs/PROTOCOL.md, "Legal
actions inline")."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from digiconform.harness.driver import ProtocolDriver
from digiconform.harness.messages import (
    Action,
    Capabilities,
    NewGame,
    Position,
    ProtocolError,
    Ready,
    parse_request,
    parse_response,
)
from digiconform.harness.serve import Session
from digiconform.verifier.differential import run_differential
from oracle import rulesets
from tests.miniatures import command

SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"


def _answers(lines: list[Any]) -> list[dict[str, Any]]:
    """The answers of an in-process ``serve`` session to ``lines`` (after ``start``)."""
    session = Session()
    session.respond(b'{"cmd":"start","version":1}')
    out = []
    for line in lines:
        raw = line if isinstance(line, bytes) else json.dumps(line).encode()
        answer = session.respond(raw)
        out.append(json.loads(answer) if answer is not None else None)
    return out


def test_serve_declares_it_and_answers_exactly_what_legal_actions_answers() -> None:
    ready = Ready.from_json(json.loads(Session().respond(b'{"cmd":"start","version":1}')))
    assert ready.capabilities.inline_legal_actions and ready.capabilities.legal_actions
    setup = rulesets.get("digibattle").default_setup()
    new = {"cmd": "new_game", "seq": 1, "setup": setup}
    first = _answers([{**new, "legal_actions": True}, {"cmd": "legal_actions", "seq": 2}])
    assert first[0]["actions"] == first[1]["actions"]
    assert "actions" not in _answers([new])[0]  # (no flag: no actions)
    # a later step: the compact form the verifier writes (the fast path, a cached action
    # the second time) and the spaced form (parsed)
    state = first[0]["state"]
    toss = first[0]["actions"][0]
    for form in ("compact", "spaced"):
        for _ in range(2):  # (the second time the compact request is a cached one)
            lines: list[Any] = [{**new, "legal_actions": True}]
            if form == "compact":
                lines += [b'{"cmd":"action","seq":3,"action":%s,"legal_actions":true}'
                          % json.dumps(toss, separators=(",", ":")).encode()]
            else:
                lines += [{"cmd": "action", "seq": 3, "action": toss, "legal_actions": True}]
            lines += [{"cmd": "legal_actions", "seq": 4},
                      {"cmd": "action", "seq": 5, "action": {"type": "pass", "player": 9},
                       "legal_actions": True}]
            answers = _answers(lines)
            assert answers[1]["actions"] == answers[2]["actions"] and answers[1]["actions"]
            assert "refused" in answers[3] and "actions" not in answers[3]
    loaded = _answers([{"cmd": "load_state", "seq": 1, "setup": setup, "state": state,
                        "legal_actions": True}])[0]
    assert loaded["actions"] == first[0]["actions"]


def test_the_messages_carry_it_and_old_answers_stay_valid() -> None:
    req = parse_request({"cmd": "action", "seq": 1, "action": {"type": "pass"},
                         "legal_actions": True})
    assert isinstance(req, Action) and req.legal_actions is True
    assert req.to_json()["legal_actions"] is True
    assert "legal_actions" not in Action(1, {"type": "pass"}).to_json()
    assert NewGame(1, {"decks": [[], []]}, True).to_json()["legal_actions"] is True
    with pytest.raises(ProtocolError):  # (only true is sent)
        parse_request({"cmd": "action", "seq": 1, "action": {"type": "pass"},
                       "legal_actions": False})
    ans = parse_response({"seq": 1, "state": {}, "actions": [{"type": "pass"}]}, req)
    assert isinstance(ans, Position) and ans.actions == ({"type": "pass"},)
    old = parse_response({"seq": 1, "state": {}}, req)
    assert isinstance(old, Position) and old.actions is None
    assert "inline_legal_actions" not in Capabilities(True, True, True).to_json()


@pytest.mark.parametrize("actions, path", [
    ([1], "$.actions[0]"),
    ([{"player": 0}], "$.actions[0]"),
    ([{"type": 7}], "$.actions[0].type"),
    ({"type": "pass"}, "$.actions"),
])
def test_malformed_inline_actions_are_rejected_with_their_path(actions: Any, path: str) -> None:
    req = Action(1, {"type": "pass"}, True)
    with pytest.raises(ProtocolError) as e:
        parse_response({"seq": 1, "state": {}, "actions": actions}, req)
    assert e.value.code == "schema-invalid" and f"position message, {path}:" in e.value.message


def _findings(name: str) -> tuple[list[tuple[Any, ...]], int, int]:
    """The findings of three random games against miniature ``name``, the requests sent,
    and how many legal-set divergences were seen."""
    with ProtocolDriver(command(name), timeout=60) as driver:
        res = run_differential(driver, games=3, seed=0, legal=True, shrink_seconds=0)
        sent = driver._seq
    found = [(f.clause, f.field, f.count, f.games, f.divergence.kind, f.divergence.step,
              f.divergence.expected, f.divergence.actual, f.divergence.message)
             for f in res.findings]
    return found, sent, sum(1 for f in res.findings if f.divergence.kind == "legal-set")


def test_a_lie_inline_is_caught_exactly_as_in_a_legal_actions_answer() -> None:
    plain, plain_sent, plain_sets = _findings("lists_no_last_action")
    inline, inline_sent, inline_sets = _findings("lists_no_last_action_inline")
    assert plain_sets >= 1, plain  # the lie is caught ...
    assert inline == plain  # ... the same way, clause and finding
    assert inline_sent < plain_sent * 0.75, (inline_sent, plain_sent)  # (and inline)


def test_an_engine_that_declares_it_and_leaves_the_actions_out_fails(tmp_path: Path) -> None:
    """A broken promise is an engine error (``missing-actions``: the protocol is broken,
    no rule blamed), never a crash of the verifier nor a PASS on legal sets not compared."""
    from tests.test_outcomes import FAIL, _assert_outcome, _verify

    run = _verify(command("inline_without_actions"), tmp_path, "--clause", "DB-C.8",
                  "--games", "2")
    _assert_outcome(run, FAIL)
    errors = run.doc["implementation_errors"]["codes"]
    assert errors.get("missing-actions"), errors
    assert all(f["clause"] is None and f["kind"] == "implementation"
               for f in run.doc["failures"]), run.doc["failures"]
    assert run.outcome["games"]["completed"] == 0
    run.everywhere("missing-actions")


def test_vectors_compare_inline_sets_as_legal_actions_answers(tmp_path: Path) -> None:
    """The vectors asking for legal sets: the same failures whether the lying engine answers
    them inline or by ``legal_actions`` requests."""
    from tests.test_outcomes import _verify

    runs = []
    for name in ("lists_no_last_action", "lists_no_last_action_inline"):
        out = tmp_path / name
        out.mkdir()
        run = _verify(command(name), out, "--clause", "DB-B.3", "--clause", "DB-C.2",
                      "--games", "0")
        runs.append(sorted((f["id"], f["clause"], f["message"], json.dumps(f["expected"]),
                            json.dumps(f["actual"])) for f in run.doc["failures"]))
    assert runs[0], "the lie is caught"
    assert runs[0] == runs[1]

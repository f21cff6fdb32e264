"""docs/PROTOCOL.md and the oracle agree on every refusal the page describes (issue 13).

The page's ``<!-- refusal-examples: setup|action -->`` tables are read from the document and
each row is sent to ``digiconform serve`` over the protocol; the answer must be a refusal of
the documented ``kind`` with the documented ``clause`` (``illegal``) or ``path`` (``invalid``).
"""

from __future__ import annotations

import copy
import functools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle import rulesets

DOC = Path(__file__).resolve().parent.parent / "docs" / "PROTOCOL.md"


def _rows(kind: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- refusal-examples: {kind} -->\n(.*?)<!-- end refusal-examples -->",
                  text, re.S)
    assert m, f"docs/PROTOCOL.md has no {kind} refusal-examples table"
    out = []
    for line in m.group(1).splitlines():
        cells = re.findall(r"`([^`]*)`", line)
        if len(cells) == 2:
            out.append((json.loads(cells[0]), json.loads(cells[1])))
    assert out
    return out


def _setup(change: dict[str, Any]) -> dict[str, Any]:
    setup = copy.deepcopy(dict(rulesets.get("digibattle").default_setup()))
    for key, value in change.items():
        m = re.fullmatch(r"decks\[(\d)\]", key)
        if m:
            setup["decks"][int(m.group(1))] = list(setup["decks"][int(m.group(1))])[:value]
        else:
            setup[key] = value
    return setup


def _serve(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    lines = [{"cmd": "start", "version": 1}, *messages, {"cmd": "stop", "seq": 99}]
    proc = subprocess.run([sys.executable, "-m", "digiconform.cli", "serve"],
                          input="".join(json.dumps(m) + "\n" for m in lines),
                          capture_output=True, text=True, timeout=120)
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def _check(answer: dict[str, Any], expected: dict[str, Any]) -> None:
    assert "refused" in answer, answer
    got = answer["refused"]
    assert {k: got.get(k) for k in expected} == expected, got


@functools.cache
def _answers() -> dict[int, dict[str, Any]]:
    """Every row's request sent to one ``serve`` session (a fresh game before each row, so
    each answer is that of a session that just started), answers by ``seq``: row ``i`` of
    the setup table is ``seq`` 1000 + i, row ``j`` of the action table's action 2001 + 2j."""
    messages: list[dict[str, Any]] = []
    for i, (change, _) in enumerate(_rows("setup")):
        messages.append({"cmd": "new_game", "seq": 1000 + i, "setup": _setup(change)})
    for j, (action, _) in enumerate(_rows("action")):
        messages += [{"cmd": "new_game", "seq": 2000 + 2 * j, "setup": _setup({})},
                     {"cmd": "action", "seq": 2001 + 2 * j, "action": action}]
    return {a["seq"]: a for a in _serve(messages) if isinstance(a.get("seq"), int)}


@pytest.mark.parametrize("row", range(len(_rows("setup"))),
                         ids=lambda i: "{}-{}".format(*map(json.dumps, _rows("setup")[i])))
def test_setup_refusals_in_the_doc_are_what_serve_answers(row: int) -> None:
    _check(_answers()[1000 + row], _rows("setup")[row][1])


@pytest.mark.parametrize("row", range(len(_rows("action"))),
                         ids=lambda i: "{}-{}".format(*map(json.dumps, _rows("action")[i])))
def test_action_refusals_in_the_doc_are_what_serve_answers(row: int) -> None:
    answers = _answers()
    assert "state" in answers[2000 + 2 * row], "the row's game did not start"
    _check(answers[2001 + 2 * row], _rows("action")[row][1])


# ---------------------------------------------------------------------------------------------
# Versioning (docs/PROTOCOL.md): within a version an answer that was valid stays valid.

COMPAT_DIR = Path(__file__).resolve().parent / "protocol"


def _corpus(version: int) -> list[dict[str, Any]]:
    doc = json.loads((COMPAT_DIR / f"v{version}-answers.json").read_text(encoding="utf-8"))
    assert doc["version"] == version
    return doc["answers"]  # type: ignore[no-any-return]


def test_old_answers_stay_valid_or_the_version_moves() -> None:
    """Every answer of the current version's frozen corpus (``tests/protocol/v<N>-answers
    .json``, the smallest answers the version allows) is still taken by the harness and its
    state still matches the state schema. Making a field required (as ``winner`` was inside
    version 1, before this rule) fails here: that change must move ``PROTOCOL_VERSION`` and
    bring a corpus of its own."""
    from digiconform.harness.messages import (
        PROTOCOL_VERSION,
        ProtocolError,
        parse_request,
        parse_response,
    )
    from oracle.validation import is_valid

    answers = _corpus(PROTOCOL_VERSION)
    assert len(answers) >= 10
    for i, case in enumerate(answers):
        request = parse_request(case["request"])
        try:
            parse_response(case["answer"], request)
        except ProtocolError as e:  # pragma: no cover - the failure being guarded against
            pytest.fail(f"answer {i} of version {PROTOCOL_VERSION} is no longer taken: {e}")
        state = case["answer"].get("state")
        if state is not None:
            schema = "dcg/state" if state["ruleset"] == "dcg" else "state"
            assert is_valid(state, schema), (i, state)


def test_the_compatibility_check_catches_a_field_made_required() -> None:
    """The check above can fail: with ``winner`` left out (as answers before it became
    required were), the core-only states no longer match."""
    from oracle.validation import is_valid

    states = [c["answer"]["state"] for c in _corpus(1) if "state" in c["answer"]]
    assert states
    for state in states:
        old = {k: v for k, v in state.items() if k != "winner"}
        assert not is_valid(old, "dcg/state" if state["ruleset"] == "dcg" else "state")


def test_the_doc_states_the_compatibility_rule() -> None:
    """The rule the corpus enforces is the one docs/PROTOCOL.md gives."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "tests/protocol/v1-answers.json" in text
    assert "a field made required" in text

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

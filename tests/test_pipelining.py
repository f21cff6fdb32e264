"""Pipelining (capability ``pipelining``, issue 27): the lockstep random games write several
requests at once to an engine that declares it, and read their answers together. The verdict
must not depend on it: every planted fault of the project, played in the same seeded games with
and without pipelining, gives the same findings, the same counterexamples and the same counts;
and ``serve`` answers requests that arrive together one line each, in order (its reader:
tests/test_serve_input.py)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from digiconform.harness.driver import ProtocolDriver
from digiconform.verifier import differential
from digiconform.verifier.differential import run_differential
from tests import miniatures

FAULTS = {**miniatures.PLANTED, **miniatures.PLANTED_MORE, **miniatures.PLANTED_MINIMAL,
          **miniatures.TWO_FAULTS, **miniatures.PLANTED_NAMING,
          **{n: "dcg" for n in miniatures.PLANTED_DCG}}


def _play(name: str, pipelined: bool, monkeypatch: pytest.MonkeyPatch,
          games: int = 8) -> tuple[dict[str, Any], int]:
    """The random games of planted fault ``name`` (no vectors, no shrinking): what the run
    found, and how many batches came back with an answer that was not the oracle's."""
    rewinds = [0]
    settle = ProtocolDriver.settle

    def counted(self: ProtocolDriver) -> Any:
        got = settle(self)
        rewinds[0] += got is not None
        return got

    with monkeypatch.context() as m:
        m.setattr(ProtocolDriver, "settle", counted)
        if not pipelined:
            m.setattr(ProtocolDriver, "pipelined", property(lambda self: False))
        drv = ProtocolDriver(miniatures.command(name), timeout=20)
        try:
            ready = drv.ready
            ruleset = "dcg" if name in miniatures.PLANTED_DCG or name.startswith("dcg_") \
                else "digibattle"
            prefix = "DCG-" if ruleset == "dcg" else "DB-"
            res = run_differential(
                drv, games=games, seed=3, legal=ready.capabilities.legal_actions,
                readings={k: v for k, v in ready.readings.items() if k.startswith(prefix)},
                any_reading=ready.capabilities.variants, ruleset=ruleset, shrink_seconds=0)
        finally:
            drv.close()
    found = {
        "steps": res.steps, "games": (res.planned, res.completed, res.diverged,
                                      res.engine_errors, res.errored),
        "findings": [(f.clause, f.field, f.count, [dict(a) for a in f.divergence.actions],
                      f.divergence.kind, f.divergence.message) for f in res.findings],
        "readings_seen": res.readings_seen,
        "notes": res.notes,
    }
    return found, rewinds[0]


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_a_planted_fault_is_found_alike_with_and_without_pipelining(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with_pipe, rewinds = _play(name, True, monkeypatch)
    without, none = _play(name, False, monkeypatch)
    assert none == 0
    assert with_pipe == without
    if with_pipe["findings"] and name not in miniatures.PLANTED_MINIMAL:
        # (an engine of the mandatory requests declares no pipelining: never queued)
        assert rewinds >= 1, "the fault was found without a batch going back"


def test_serve_declares_pipelining_and_the_driver_uses_it() -> None:
    drv = ProtocolDriver([sys.executable, "-m", "digiconform", "serve"])
    try:
        assert drv.ready.capabilities.pipelining and drv.pipelined
    finally:
        drv.close()
    mandatory = ProtocolDriver(miniatures.command("mandatory_only"))
    try:
        assert not mandatory.pipelined
    finally:
        mandatory.close()


def test_serve_answers_requests_written_together_in_order() -> None:
    """Eight requests in one write (a new game, its legal set, its first actions and a
    probe the rules refuse, a blank line among them): one answer line each, in order."""
    import json

    from oracle.driver import OracleDriver

    setup = differential.base_setup()
    oracle = OracleDriver()
    oracle.new_game(setup)
    first = oracle.legal_actions()[0]
    lines = [
        {"cmd": "start", "version": 1},
        {"cmd": "new_game", "seq": 1, "setup": setup},
        {"cmd": "legal_actions", "seq": 2},
        {"cmd": "action", "seq": 3, "action": first, "legal_actions": True},
        {"cmd": "action", "seq": 4, "action": first},
        {"cmd": "legal_actions", "seq": 5},
    ]
    data = b"".join(json.dumps(x).encode() + b"\n" for x in lines[:3]) + b"  \n" + \
        b"".join(json.dumps(x).encode() + b"\n" for x in lines[3:]) + \
        b'{"cmd": "stop"}\n'
    out = subprocess.run([sys.executable, "-m", "digiconform", "serve"], input=data,
                         capture_output=True, timeout=60, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert len(answers) == 6
    assert answers[0]["ready"] is True
    assert [a.get("seq") for a in answers[1:]] == [1, 2, 3, 4, 5]
    assert "state" in answers[1] and "actions" in answers[2] and "actions" in answers[3]
    assert answers[4]["refused"]["kind"] == "illegal"  # (seat 0 chose already)
    assert answers[5]["actions"] == answers[3]["actions"]


def test_settle_refuses_other_requests_while_requests_are_queued() -> None:
    drv = ProtocolDriver([sys.executable, "-m", "digiconform", "serve"])
    try:
        oracle = differential.OracleDriver()
        setup = differential.base_setup()
        oracle.new_game(setup)
        drv.new_game(setup, legal=True)
        act = oracle.legal_actions()[0]
        nxt, evs = oracle.step(act)
        game = differential.hooks("digibattle")
        assert drv.send_matching(act, nxt, [e.to_json() for e in evs],
                                 differential.legal_json(game, nxt))
        with pytest.raises(RuntimeError, match="settle"):
            drv.legal_actions()
        assert drv.queued == 1
        assert drv.settle() is None and drv.queued == 0
    finally:
        drv.close()



def test_a_request_that_cannot_be_queued_reads_the_batch_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A request the driver does not queue mid-batch (``send_matching`` or ``send_refusal``
    answering False) is sent step by step after the queued ones are read: the same run."""
    calls = [0]
    real = {n: getattr(ProtocolDriver, n) for n in ("send_matching", "send_refusal")}

    def every_fifth(name: str) -> Any:
        def send(self: ProtocolDriver, *a: Any) -> bool:
            calls[0] += 1
            return False if calls[0] % 5 == 0 else real[name](self, *a)
        return send

    name = "ignores_use_it_or_lose_it"
    without, _ = _play(name, False, monkeypatch)
    for n in real:
        monkeypatch.setattr(ProtocolDriver, n, every_fifth(n))
    with_pipe, rewinds = _play(name, True, monkeypatch)
    assert calls[0] > 100 and rewinds >= 1
    assert with_pipe == without


#: An engine declaring pipelining that gives a wrong score at the 6th action of each game and
#: exits at the next request of that game: the requests after its wrong answer that only
#: pipelining sent make it exit while their answers are dropped.
DIES_AFTER_WRONG = """
import sys
sys.path.insert(0, {root!r})
import orjson
from digiconform.harness.serve import Session, serve

class Dies(Session):
    def respond(self, line):
        doc = orjson.loads(line)
        if doc.get("cmd") == "new_game":
            self.n = 0
        elif doc.get("cmd") == "action":
            self.n = getattr(self, "n", 0) + 1
            if self.n == 7:
                sys.exit(1)
        out = super().respond(line)
        if getattr(self, "n", 0) == 6 and doc.get("cmd") == "action":
            answer = orjson.loads(out)
            if "state" in answer:
                answer["state"]["players"][0]["score"] += 1
                out = orjson.dumps(answer)
        return out

sys.exit(serve(session=Dies()))
"""


def test_an_engine_failing_on_requests_only_pipelining_sent_is_judged_as_step_by_step(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    engine = tmp_path / "dies.py"
    engine.write_text(DIES_AFTER_WRONG.format(root=root), encoding="utf-8")
    command = f"{sys.executable} {engine}"

    def run(pipelined: bool) -> tuple[Any, Any]:
        with monkeypatch.context() as m:
            if not pipelined:
                m.setattr(ProtocolDriver, "pipelined", property(lambda self: False))
            drv = ProtocolDriver(command, timeout=20)
            try:
                ready = drv.ready
                res = run_differential(
                    drv, games=4, seed=1, legal=True,
                    readings={k: v for k, v in ready.readings.items() if k.startswith("DB-")},
                    any_reading=True, ruleset="digibattle", shrink_seconds=0)
            finally:
                drv.close()
        return res, drv

    a, da = run(True)
    b, db = run(False)
    assert [(f.clause, f.field, f.count) for f in a.findings] == \
        [(f.clause, f.field, f.count) for f in b.findings] != []
    assert (a.steps, a.diverged, a.engine_errors) == (b.steps, b.diverged, b.engine_errors)
    assert [e.code for e in da.failures] == [e.code for e in db.failures]
    # (its end while the batch was read: a restart, no engine error)
    assert da._unpipelined and da.restarts == db.restarts + 1

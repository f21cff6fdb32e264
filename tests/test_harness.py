"""The harness protocol: messages and schemas, ``digiconform serve``, and ``ProtocolDriver``
against well-behaved and misbehaving implementations (``tests/miniatures.py``).

Each misbehaviour must come back as an ``ImplementationError`` with the right code, with the
process group killed, within the time budget of docs/PROTOCOL.md.
"""

from __future__ import annotations

import io
import json
import os
import random
import shlex
import sys
import time
from pathlib import Path

import pytest

from digiconform.harness import ImplementationError, ProtocolDriver, Session, serve
from digiconform.harness.messages import (
    REQUESTS,
    Action,
    Errored,
    LegalActions,
    LegalSet,
    Position,
    ProtocolError,
    Ready,
    Refused,
    Skipped,
    Start,
    parse_request,
    parse_response,
)
from digiconform.verifier.differential import base_setup
from oracle.driver import OracleDriver, Refusal
from oracle.resources import schemas_dir
from oracle.selfplay import chance_outcome, random_action
from oracle.validation import validate

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402

SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"
ENV = {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get(
    "PYTHONPATH", "")}


def setup(target: int = 1000) -> dict:
    return base_setup(target)


# ---------------------------------------------------------------------------------------------
# Messages and schemas


def test_every_request_class_has_a_schema_and_round_trips() -> None:
    examples = {
        "start": {"cmd": "start", "version": 1},
        "new_game": {"cmd": "new_game", "seq": 1, "setup": setup()},
        "load_state": {"cmd": "load_state", "seq": 2, "setup": setup(), "state": {"a": 1}},
        "action": {"cmd": "action", "seq": 3, "action": {"type": "pass", "player": 0}},
        "legal_actions": {"cmd": "legal_actions", "seq": 4},
        "stop": {"cmd": "stop"},
    }
    assert set(REQUESTS) == set(examples)
    for wire, doc in examples.items():
        assert (schemas_dir() / "protocol" / f"{wire}.schema.json").is_file()
        validate(doc, f"protocol/{wire}")
        validate(doc, "protocol/request")
        msg = parse_request(doc)
        assert msg.wire == wire
        assert msg.to_json() == doc


def test_responses_validate_and_parse() -> None:
    ready = Session().ready.to_json()
    validate(ready, "protocol/ready")
    assert isinstance(parse_response(ready, Start()), Ready)
    cases = [
        (Position(5, {"phase": "setup"}, ()).to_json(), Action(5, {}), Position),
        (Refused(5, "illegal", "no", "DB-C.3").to_json(), Action(5, {}), Refused),
        (Skipped(5, "not today").to_json(), Action(5, {}), Skipped),
        (Errored(5, "boom").to_json(), Action(5, {}), Errored),
        (LegalSet(6, ({"type": "pass", "player": 0},)).to_json(), LegalActions(6), LegalSet),
    ]
    for doc, req, cls in cases:
        validate(doc, "protocol/response")
        assert isinstance(parse_response(doc, req), cls)


@pytest.mark.parametrize(("doc", "code"), [
    ([1, 2], "not-an-object"),
    ({"seq": 9, "state": {}}, "wrong-seq"),
    ({"seq": 5, "actions": []}, "unexpected-answer"),
    ({"seq": 5, "refused": {"kind": "maybe", "reason": "?"}}, "schema-invalid"),
])
def test_bad_responses_are_protocol_errors(doc: object, code: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_response(doc, Action(5, {"type": "pass"}))
    assert e.value.code == code


def test_bad_requests_are_protocol_errors() -> None:
    with pytest.raises(ProtocolError, match="unknown-command"):
        parse_request({"cmd": "launch"})
    with pytest.raises(ProtocolError, match="schema-invalid"):
        parse_request({"cmd": "action", "seq": -1, "action": {"type": "pass"}})


def _dcg_deck(**fields: object) -> dict:
    return {"name": "x", "deck": [{"id": "ST1-04", "count": 4}], "eggs": [], **fields}


@pytest.mark.parametrize(("deck", "where", "says"), [
    (_dcg_deck(deck=[{"id": "ST1-04", "count": 0}]), "$.setup.decks[0].deck[0].count",
     "0 is less than the minimum of 1"),
    (_dcg_deck(deck=[{"id": "ST1-04", "count": "4"}]), "$.setup.decks[0].deck[0].count",
     "'4' is not of type 'integer'"),
    (_dcg_deck(extra=1), "$.setup.decks[0]", "('extra' was unexpected)"),
    ({"name": "x", "eggs": []}, "$.setup.decks[0]", "'deck' is a required property"),
    (_dcg_deck(eggs=[{"id": ""}]), "$.setup.decks[0].eggs[0]", "'count' is a required"),
    (3, "$.setup.decks[0]", "3 is not of type 'string', 'object'"),
    ("", "$.setup.decks[0]", "should be non-empty"),
], ids=["count 0", "count string", "extra field", "no deck", "no count", "number", "no name"])
def test_a_malformed_dcg_deck_names_the_field_at_fault(deck: object, where: str,
                                                        says: str) -> None:
    doc = {"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg",
                                                   "decks": [deck, "red-memory"]}}
    with pytest.raises(ProtocolError) as e:
        parse_request(doc)
    assert e.value.code == "schema-invalid"
    assert f"{where}: " in e.value.message and says in e.value.message
    assert "not valid under any of the given schemas" not in e.value.message
    assert "'name': 'x'" not in e.value.message  # the deck is not dumped


@pytest.mark.parametrize(("field", "value"), [("target", 100), ("max_duels", 3)])
def test_a_digibattle_field_in_a_dcg_setup_says_so(field: str, value: int) -> None:
    doc = {"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg",
                                                   "decks": ["red-memory", "blue-tempo"],
                                                   field: value}}
    with pytest.raises(ProtocolError) as e:
        parse_request(doc)
    assert e.value.code == "schema-invalid"
    assert f"$.setup.{field}: {field} is a Digi-Battle field" in e.value.message
    assert "not allowed with ruleset dcg" in e.value.message
    assert "False schema" not in e.value.message


def test_a_malformed_dcg_card_set_reference_names_the_field() -> None:
    doc = {"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg", "decks": ["a", "b"],
                                                   "card_set": {"name": "x", "extra": 1}}}
    with pytest.raises(ProtocolError) as e:
        parse_request(doc)
    assert "$.setup.card_set: " in e.value.message and "'extra' was unexpected" in str(e.value)


@pytest.mark.parametrize(("setup_", "where", "says"), [
    ({"decks": [["ST-01"], 3]}, "$.setup.decks[1]", "3 is not of type 'array'"),
    ({"decks": [["ST-01"], ["ST-02"]], "card_set": {}}, "$.setup.card_set",
     "'id' is a required property"),
])
def test_digibattle_setup_messages_stay_as_they_were(setup_: dict, where: str,
                                                     says: str) -> None:
    doc = {"cmd": "new_game", "seq": 1, "setup": {"ruleset": "digibattle", **setup_}}
    with pytest.raises(ProtocolError) as e:
        parse_request(doc)
    assert e.value.message == f"new_game message, {where}: {says}"


@pytest.mark.parametrize("target", [0, 1200, -5])
def test_a_digibattle_target_out_of_range_is_left_to_the_engine(target: int) -> None:
    """docs/PROTOCOL.md: a target outside 1 … 1000 is a refusal (``invalid``, path
    ``$.target``), not a malformed message; the schema only asks for an integer (what
    ``serve`` answers is checked by tests/test_protocol_doc.py)."""
    doc = {"cmd": "new_game", "seq": 1,
           "setup": {"ruleset": "digibattle", "decks": [["ST-01"], ["ST-02"]],
                     "target": target}}
    assert parse_request(doc).setup["target"] == target
    with pytest.raises(ProtocolError):
        parse_request({**doc, "setup": {**doc["setup"], "target": "100"}})


# ---------------------------------------------------------------------------------------------
# serve


def run_serve(lines: list[str]) -> list[dict]:
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_serve_answers_garbage_and_keeps_going() -> None:
    answers = run_serve([
        "this is not json",
        json.dumps({"cmd": "start", "version": 1}),
        "[1, 2, 3]",
        json.dumps({"cmd": "action", "seq": 1, "action": {"type": "pass", "player": 0}}),
        json.dumps({"cmd": "new_game", "seq": 2, "setup": {"decks": [["ST-01"], []]}}),
        json.dumps({"cmd": "new_game", "seq": 3, "setup": setup()}),
        json.dumps({"cmd": "action", "seq": 4, "action": {"type": "flap"}}),
        json.dumps({"cmd": "action", "seq": 5, "action": {"type": "pass", "player": 1}}),
        json.dumps({"cmd": "legal_actions", "seq": 6}),
        json.dumps({"cmd": "stop"}),
        json.dumps({"cmd": "legal_actions", "seq": 7}),  # after stop: not answered
    ])
    assert answers[0]["seq"] is None and "not JSON" in answers[0]["errored"]["message"]
    assert answers[1]["ready"] is True
    assert answers[2]["errored"]["message"].startswith("not-an-object")
    assert answers[3]["seq"] == 1 and answers[3]["refused"]["kind"] == "invalid"  # no game yet
    assert answers[4]["refused"] == {"kind": "illegal", "reason": answers[4]["refused"]["reason"],
                                     "clause": "DB-A.0"}
    assert answers[5]["seq"] == 3 and answers[5]["state"]["phase"] == "setup"
    assert answers[6]["refused"]["kind"] == "invalid"
    assert answers[7]["refused"]["clause"] == "DB-A.1"  # seat 0 chooses first
    assert len(answers[8]["actions"]) >= 1
    assert len(answers) == 9
    for a in answers:
        validate(a, "protocol/response")


def test_serve_refuses_an_illegal_dcg_deck_like_a_digibattle_one() -> None:
    """CR4.2 Deck construction is refused as illegal with its clause (Digi-Battle: DB-A.0); a
    malformed deck (an unknown card) stays invalid, with its path."""
    main = [{"id": c, "count": 4} for c in ("ST1-02", "ST1-04", "BT1-009", "ST1-05", "BT1-014",
                                              "ST12-05", "BT1-020", "BT4-014", "ST1-10",
                                              "ST2-02", "ST2-04", "BT1-028")]
    decks = {
        "49 cards": {"deck": [*main, {"id": "ST2-05", "count": 1}]},
        "6 Digi-Eggs": {"deck": [*main, {"id": "ST2-05", "count": 2}],
                        "eggs": [{"id": "ST1-01", "count": 4}, {"id": "ST2-01", "count": 2}]},
        "5 copies": {"deck": [*main[:-1], {"id": "BT1-028", "count": 5},
                              {"id": "ST2-05", "count": 1}]},
        "an egg in the main deck": {"deck": [*main, {"id": "ST1-01", "count": 2}]},
        "unknown card": {"deck": [*main, {"id": "BT99-999", "count": 2}]},
    }
    lines = [json.dumps({"cmd": "start", "version": 1})]
    for seq, deck in enumerate(decks.values(), 1):
        lines.append(json.dumps({"cmd": "new_game", "seq": seq, "setup": {
            "ruleset": "dcg", "decks": ["red-memory", {"name": "mine", **deck}]}}))
    answers = run_serve(lines)[1:]
    for a in answers:
        validate(a, "protocol/response")
    *illegal, unknown = [a["refused"] for a in answers]
    for r in illegal:
        assert r["kind"] == "illegal" and r["clause"] == "CR4.2 Deck construction", r
    assert unknown["kind"] == "invalid" and unknown["path"] == "$.decks[1].deck"


@pytest.mark.parametrize("ruleset", ["digibattle", "dcg"])
def test_serve_answers_each_step_as_handle_line_does(ruleset: str) -> None:
    """``Session.respond`` (the answers ``serve`` writes: the two requests of every step
    answered without message objects) writes byte for byte what ``handle_line`` answers, over
    whole games with refused probes, requests that are not valid and one before any game."""
    from digiconform.harness import codec
    from digiconform.verifier.differential import Draw, _chooser
    from digiconform.verifier.games import hooks
    from oracle import rulesets

    game = hooks(ruleset)
    lines = [json.dumps({"cmd": "start", "version": 1}),
             json.dumps({"cmd": "legal_actions", "seq": 1}),  # no game yet: refused
             json.dumps({"cmd": "action", "seq": 2, "action": {"type": "pass", "player": 0}})]
    seq = 2
    for i in range(3):
        draw = Draw("respond", i)
        setup_ = game.draw_setup(draw, {})
        seq += 1
        lines.append(json.dumps({"cmd": "new_game", "seq": seq, "setup": setup_}))
        state = rulesets.get(ruleset).new_game(rulesets.get(ruleset).game_from_setup(setup_))
        choose = _chooser(draw, game, probe_rate=4)
        for _ in range(150):
            if state.to_move is None:
                break
            action = choose(state)
            seq += 2
            lines += [json.dumps({"cmd": "legal_actions", "seq": seq - 1}),
                      json.dumps({"cmd": "action", "seq": seq, "action": action})]
            try:
                state, _ = game.apply(state, game.action_from_json(action))
            except Exception:  # noqa: BLE001 - a refused probe: the game stays where it is
                pass
    lines += [json.dumps({"cmd": "action", "seq": -1, "action": {"type": "pass"}}),
              json.dumps({"cmd": "action", "seq": seq + 1, "action": "pass"}),
              json.dumps({"cmd": "legal_actions", "seq": seq + 2, "extra": 1}),
              "not json", json.dumps({"cmd": "stop"})]
    # The same requests written compactly too (as the verifier writes them: answered from
    # the bytes after the seq when those were seen before), with near misses of that form.
    compact = [json.dumps(json.loads(x), separators=(",", ":")) if x[0] == "{" else x
               for x in lines[:-1]]
    compact += [b'{"cmd":"legal_actions","seq":07}', b'{"cmd":"legal_actions","seq":7} ',
                b'{"cmd":"legal_actions","seq":7,"x":1}', b'{"cmd":"action","seq":-3,'
                b'"action":{"type":"pass","player":0}}', b'{"cmd":"action","seq":3,"action":'
                b'{"type":"pass","player":0},"seq":-1}', b'{"cmd":"action","seq":4,"action":'
                b'{"type":"pass","player":0},"seq":-1}', b'{"cmd":"action","seq":5,"action":'
                b'{"type":"pass","type":"pass","player":0}}', b'{"cmd":"action","seq":6,'
                b'"action":{"type":"pass","type":"pass","player":0}}',
                '{"cmd":"legal_actions","seq":1234567890123456}']
    fast, slow = Session(), Session()
    kinds = set()
    for line in [*lines[:-1], *compact, lines[-1]]:
        want = slow.handle_line(line)
        got = fast.respond(line if isinstance(line, bytes) else line.encode())
        assert got == (None if want is None else codec.dumps(want.to_json())), line
        kinds.add(type(want).__name__)
    assert kinds >= {"Ready", "Position", "LegalSet", "Refused", "Errored", "NoneType"}
    assert fast._parsed  # (the compact action requests were answered from their bytes)


def test_step_requests_seq_is_a_non_negative_integer_only() -> None:
    """``Session.respond`` takes a compact ``action`` / ``legal_actions`` request whose bytes
    after its ``seq`` are known as valid whatever its ``seq`` of at most 15 digits: true
    while their schemas ask of ``seq`` only that it be an integer >= 0."""
    from oracle.resources import schemas_dir

    for name in ("action", "legal_actions"):
        doc = json.loads((schemas_dir() / "protocol" / f"{name}.schema.json").read_text())
        seq = {k: v for k, v in doc["properties"]["seq"].items() if k != "description"}
        assert seq == {"type": "integer", "minimum": 0}, name
        assert "seq" in doc["required"] and doc.get("additionalProperties") is False
        assert set(doc) <= {"$schema", "$id", "title", "description", "type", "required",
                            "properties", "additionalProperties"}, name


def test_apply_matching_takes_the_oracles_line_and_parses_any_other() -> None:
    """The verifier's fast path (``ProtocolDriver.apply_matching``): an answer byte for byte
    the oracle's expected line is a hit (None, nothing parsed); when the expected state is
    another (as when an engine's answer differs), the answer is parsed and returned."""
    from digiconform.harness import codec

    oracle = OracleDriver()
    with ProtocolDriver([sys.executable, "-m", "digiconform", "serve"]) as drv:
        drv.new_game(setup(), legal=True)
        oracle.new_game(setup())
        before = oracle.state
        steps = 0
        while oracle.legal_objects():
            act = oracle.legal_objects()[0].to_json()
            step = oracle.step(act)
            assert not isinstance(step, Refusal)
            nxt, events = step
            ev = [e.to_json() for e in events]
            legal = [a.to_json() for a in oracle.legal_objects()]
            if steps == 1:  # (expecting the state before: the answer is parsed)
                out = drv.apply_matching(act, before, ev, legal)
                assert out is not None and out.state == nxt.to_json()
                assert drv.expected_misses == 1
            else:
                assert drv.apply_matching(act, nxt, ev, legal) is None
            assert codec.position_line(5, nxt, ev, oracle.legal_objects()) == codec.dumps(
                {"seq": 5, "state": nxt.to_json(), "events": ev, "actions": legal})
            before, steps = nxt, steps + 1
        assert steps >= 2 and drv.expected_hits == steps - 1


def test_serve_refuses_before_start() -> None:
    answers = run_serve([json.dumps({"cmd": "new_game", "seq": 1, "setup": setup()})])
    assert "start" in answers[0]["errored"]["message"]


# ---------------------------------------------------------------------------------------------
# ProtocolDriver against serve


def test_protocol_driver_matches_the_oracle_over_a_whole_game() -> None:
    rng = random.Random(7)
    oracle = OracleDriver()
    with ProtocolDriver(SERVE, timeout=20, env=ENV, validate_states="always") as impl:
        assert impl.ready.implementation.name == "digiconform-oracle"
        assert impl.ready.capabilities.load_state and impl.ready.capabilities.legal_actions
        assert impl.new_game(setup(300)) == oracle.new_game(setup(300))
        while not oracle.state.is_terminal():
            state = oracle.state
            a = (chance_outcome(state, rng) if state.to_move == "chance"
                 else random_action(state, rng)).to_json()
            if state.to_move != "chance":
                assert sorted(map(json.dumps, impl.legal_actions())) == \
                    sorted(map(json.dumps, oracle.legal_actions()))
            want, got = oracle.apply(a), impl.apply(a)
            assert got.state == want.state and got.refusal == want.refusal
        over = impl.apply({"type": "pass", "player": 0})
        assert over.refusal is not None and over.refusal.clause == "DB-C.9"
        assert impl.restarts == 0 and not impl.failures


def test_an_expected_answer_is_taken_only_when_it_is_the_answer_line() -> None:
    """ProtocolDriver's fast path (``expected=``): a line that is byte for byte the expected
    answer is that answer, unparsed; a line that is not (a wrong expectation) is parsed as
    usual, so a wrong expectation can never make a wrong answer look right."""
    rng = random.Random(11)
    oracle = OracleDriver()
    with ProtocolDriver(SERVE, timeout=20, env=ENV) as impl:
        impl.new_game(setup(300))
        oracle.new_game(setup(300))
        for _ in range(60):
            state = oracle.state
            if state.is_terminal():
                break
            a = (chance_outcome(state, rng) if state.to_move == "chance"
                 else random_action(state, rng)).to_json()
            if state.to_move != "chance":
                listed = oracle.legal_actions()
                assert impl.legal_actions(expected={"actions": listed}) == listed
                # A wrong expectation: parsed, and the real answer comes back.
                assert impl.legal_actions(expected={"actions": listed[1:]}) == listed
            want = oracle.apply(a)
            wrong = {"state": {**(want.state or {}), "duel": 99}, "events": []}
            got = impl.apply(a, expected=wrong)
            assert got.state == want.state and got.refusal == want.refusal
            assert got.events == tuple(want.events)
        hits, misses = impl.expected_hits, impl.expected_misses
        assert hits > 20 and misses > 40 and not impl.failures
        # The right expectation of a refusal is taken as it is.
        probe = {"type": "draw", "player": 0}
        want = OracleDriver()
        want._state = oracle.state
        refusal = want.apply(probe).refusal
        assert refusal is not None
        got = impl.apply(probe, expected={"refused": refusal.to_json()})
        assert got.refusal is not None and got.refusal.to_json() == refusal.to_json()
        assert impl.expected_hits == hits + 1


def test_load_state_and_refused_setups() -> None:
    from oracle.errors import IllegalActionError

    oracle = OracleDriver()
    start = oracle.new_game(setup())
    with ProtocolDriver(SERVE, timeout=20, env=ENV) as impl:
        assert impl.load_state(setup(), start) == start
        bad = {**setup(), "decks": [["ST-01"] * 30, setup()["decks"][1]]}
        with pytest.raises(IllegalActionError):
            impl.new_game(bad)


# ---------------------------------------------------------------------------------------------
# Misbehaviour


def driver(name: str, **kw: object) -> ProtocolDriver:
    return ProtocolDriver(miniatures.command(name), env=kw.pop("env", ENV), **kw)  # type: ignore[arg-type]


def test_hangs_on_start_times_out_and_is_given_up_on() -> None:
    d = driver("hangs_on_start", timeout=1.0, max_timeouts=2)
    t0 = time.monotonic()
    codes = []
    for _ in range(3):
        with pytest.raises(ImplementationError) as e:
            d.new_game(setup())
        codes.append(e.value.code)
    assert codes == ["timeout", "timeout", "gave-up"]
    assert time.monotonic() - t0 < 2 * 1.0 + 6  # two timeouts, start-ups, then nothing
    d.close()


def test_crashes_on_start_is_reported_with_stderr() -> None:
    d = driver("crashes_on_start", timeout=10)
    with pytest.raises(ImplementationError) as e:
        _ = d.ready
    assert e.value.code == "exited"
    assert "giving up" in e.value.stderr
    d.close()


def test_restart_and_replay_after_a_crash(tmp_path: Path) -> None:
    env = {**ENV, "MINIATURE_MARKER": str(tmp_path / "crashed")}
    d = driver("crashes_once", timeout=20, env=env)
    oracle = OracleDriver()
    rng = random.Random(3)
    assert d.new_game(setup(100)) == oracle.new_game(setup(100))
    first = random_action(oracle.state, rng).to_json()
    with pytest.raises(ImplementationError) as e:
        d.apply(first)  # the third line this process reads: it dies
    assert e.value.code == "exited"
    # The next request restarts it, replays the game (nothing accepted yet), then goes on.
    assert d.apply(first).state == oracle.apply(first).state
    for _ in range(40):
        if oracle.state.is_terminal():
            break
        s = oracle.state
        a = (chance_outcome(s, rng) if s.to_move == "chance" else random_action(s, rng))
        assert d.apply(a.to_json()).state == oracle.apply(a.to_json()).state
    assert d.restarts == 1
    d.close()


def test_crashes_on_third_request_every_time_ends_in_gave_up() -> None:
    d = driver("crashes_on_third_request", timeout=20, max_restarts=3)
    d.new_game(setup())
    codes = set()
    for _ in range(6):
        try:
            d.apply({"type": "choose_rookie", "player": 0, "card": "ST-01"})
        except ImplementationError as e:
            codes.add(e.code)
    assert "exited" in codes and "gave-up" in codes
    assert d.dead is not None
    d.close()


@pytest.mark.parametrize(("name", "code"), [
    ("prints_garbage", "not-json"),
    ("wrong_seq", "wrong-seq"),
    ("schema_invalid_state", "state-schema-invalid"),
])
def test_bad_answers_are_data(name: str, code: str) -> None:
    d = driver(name, timeout=20)
    with pytest.raises(ImplementationError) as e:
        d.new_game(setup())
    assert e.value.code == code
    d.close()


def test_flood_is_cut_off() -> None:
    d = driver("floods_output", timeout=20, max_line=1 << 20)
    t0 = time.monotonic()
    with pytest.raises(ImplementationError) as e:
        d.new_game(setup())
    assert e.value.code == "flood"
    assert time.monotonic() - t0 < 20
    d.close()


def test_the_whole_process_group_is_killed(tmp_path: Path) -> None:
    marker = tmp_path / "child.pid"
    d = driver("hangs_with_child", timeout=1.5, env={**ENV, "MINIATURE_MARKER": str(marker)})
    with pytest.raises(ImplementationError):
        _ = d.ready
    child = int(marker.read_text())
    for _ in range(50):  # the orphan is reaped by init shortly after the kill
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"child {child} of the killed implementation is still alive")
    d.close()


@pytest.mark.parametrize("ruleset", ["digibattle", "dcg"])
def test_the_oracle_answers_are_plain_json_values(ruleset: str) -> None:
    """What the verifier expects (ProtocolDriver ``expected=``) is taken for a parsed line,
    so the oracle's states, events, refusals and legal actions must be what parsing their
    JSON gives back: dicts, lists, strings, ints, bools and None (no tuple or other type)."""
    import orjson

    from oracle import rulesets
    from oracle.dcg.selfplay import play as dcg_play
    from oracle.selfplay import play as db_play

    rs = rulesets.get(ruleset)
    setup_ = rs.default_setup()
    game = rs.game_from_setup(setup_)
    play = dcg_play if ruleset == "dcg" else db_play
    o = OracleDriver()
    for seed in range(3):
        o.new_game(setup_)
        for step in play(game, seed):
            docs = [o.legal_actions(), o.apply(step.action.to_json())]
            out = docs.pop()
            docs += [out.state, list(out.events)]
            probe = o.apply({"type": "pass", "player": 9})
            assert probe.refusal is not None
            docs.append(probe.refusal.to_json())
            for doc in docs:
                again = orjson.loads(orjson.dumps(doc))
                assert again == doc and repr(again) == repr(doc)


@pytest.mark.parametrize("ruleset", ["digibattle", "dcg"])
def test_encoded_answers_are_the_plain_forms_bytes(ruleset: str) -> None:
    """codec.position_line / legal_line (a player's part and an action encoded once, reused
    while the same object recurs) write exactly the bytes of the plain JSON forms, over
    whole games (players that recur and players that change)."""
    from digiconform.harness import codec
    from oracle import rulesets
    from oracle.dcg.selfplay import play as dcg_play
    from oracle.selfplay import play as db_play

    rs = rulesets.get(ruleset)
    game = rs.game_from_setup(rs.default_setup())
    play = dcg_play if ruleset == "dcg" else db_play
    recurring = 0
    for seed in range(3):
        state = rs.new_game(game)
        for step in play(game, seed):
            acts = rs.legal_actions(state)
            assert codec.legal_line(7, acts) == codec.dumps(
                {"seq": 7, "actions": [a.to_json() for a in acts]})
            recurring += sum(a is b for a, b in zip(state.players, step.state.players,
                                                    strict=True))
            state = step.state
            events = [e.to_json() for e in step.events]
            assert codec.position_line(8, state, events) == codec.dumps(
                {"seq": 8, "state": state.to_json(), "events": events})
    assert recurring > 10


def test_the_version_serve_and_reports_name_is_the_installed_distributions() -> None:
    """``serve``'s handshake and the report name ``digiconform.__version__`` (importing
    :mod:`importlib.metadata` cost every ``serve`` some 20 ms of start-up): it must be the
    version the distribution is installed under (pyproject.toml)."""
    from importlib.metadata import version

    from digiconform import __version__
    from digiconform.harness.serve import oracle_ready

    assert __version__ == version("digiconform")
    assert oracle_ready().implementation.version == __version__


def test_python_m_digiconform_serve_answers_without_the_command_line() -> None:
    """``python -m digiconform serve`` (as ``verify`` starts it) runs the command without
    importing the command line (click), and answers as the click command does."""
    import subprocess

    probe = ("import atexit, runpy, sys\n"
             "atexit.register(lambda: sys.stderr.write('click=%s' % ('click' in sys.modules)))\n"
             "sys.argv = ['digiconform', 'serve']\n"
             "runpy.run_module('digiconform', run_name='__main__', alter_sys=True)\n")
    lines = (json.dumps({"cmd": "start", "version": 1}) + "\nnot json\n"
             + json.dumps({"cmd": "new_game", "seq": 1, "setup": setup()}) + "\n"
             + json.dumps({"cmd": "stop"}) + "\n").encode()
    fast = subprocess.run([sys.executable, "-c", probe], input=lines, capture_output=True,
                          env=ENV, timeout=60)
    slow = subprocess.run([sys.executable, "-m", "digiconform.cli", "serve"], input=lines,
                          capture_output=True, env=ENV, timeout=60)
    assert fast.returncode == slow.returncode == 0
    assert fast.stderr.endswith(b"click=False"), fast.stderr[-2000:]
    assert fast.stdout == slow.stdout and fast.stdout.count(b"\n") == 3

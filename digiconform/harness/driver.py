"""``ProtocolDriver``: the :class:`~oracle.driver.Driver` interface over a subprocess that
speaks the harness protocol.

Misbehaviour never escapes as anything but an :class:`ImplementationError` (a timeout, a
crash, a line that is not JSON or not a valid answer, a flood, a state that does not match
the state schema): the process is killed with its children, and the next request restarts it
and *replays* the current game (its ``new_game``/``load_state`` and every action accepted so
far) before going on — bowtie's restart-and-replay. A ``skipped`` answer raises
:class:`ImplementationSkipped`. After too many failures the driver gives up: every later
request fails at once with code ``gave-up``, so a broken implementation cannot make a run
last longer than its budget (docs/PROTOCOL.md, "Timeouts and the budget").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from digiconform.harness import codec
from digiconform.harness.messages import (
    PROTOCOL_VERSION,
    Action,
    Errored,
    LegalActions,
    LegalSet,
    LoadState,
    NewGame,
    Position,
    ProtocolError,
    Ready,
    Refused,
    Request,
    Response,
    Skipped,
    Start,
    Stop,
    parse_response,
)
from digiconform.harness.process import MAX_LINE, Process, ProcessFailure
from digiconform.harness.text import STDERR_LIMIT, engine_text
from oracle.driver import Outcome, Refusal
from oracle.errors import IllegalActionError, InvalidInputError, OracleError, UnsupportedError
from oracle.inputs import parse_json

_VALID: dict[str, Any] = {}  # protocol schema name -> compiled is_valid (answers on the fast path)

STATE_SCHEMAS = {"digibattle": "state", "dcg": "dcg/state"}
"""The schema each ruleset's states are checked against (when that schema exists)."""


class ImplementationError(Exception):
    """The implementation misbehaved on one request (recorded by the runner as an error).

    :param code: kebab-case: ``timeout``, ``exited``, ``flood``, ``not-json``,
        ``not-an-object``, ``wrong-seq``, ``unexpected-answer``, ``schema-invalid``,
        ``state-schema-invalid``, ``missing-actions`` (a state answered without the legal
        actions its request asked inline, capability ``inline_legal_actions``),
        ``errored`` (the implementation answered ``errored``),
        ``version-mismatch``, ``no-capability``, ``spawn``, ``replay-failed``, ``gave-up``.
    :param message: what happened.
    :param request: the request line (JSON) that was being answered, if any.
    :param stderr: the end of the implementation's stderr.

    ``message`` and ``stderr`` may quote the implementation: both are kept made safe and
    clipped (:func:`digiconform.harness.text.engine_text`).
    """

    def __init__(self, code: str, message: str, *, request: Any = None,
                 stderr: str = "") -> None:
        self.code = code
        self.message = engine_text(message)
        self.request = request
        self.stderr = engine_text(stderr, STDERR_LIMIT, lines=True, keep_end=True)
        super().__init__(f"{code}: {self.message}")

    @property
    def hint(self) -> str:
        """What the implementation author should check."""
        return _HINTS.get(self.code, "see docs/PROTOCOL.md")


class ImplementationSkipped(Exception):
    """The implementation answered ``skipped`` (``reason``, made safe and clipped): recorded
    as a skip."""

    def __init__(self, reason: str) -> None:
        self.reason = engine_text(reason)
        super().__init__(self.reason)


_HINTS = {
    "timeout": "answer every request within the timeout; flush stdout after each line",
    "exited": "the process ended or closed stdout; see its stderr",
    "flood": "write exactly one line per request",
    "not-json": "write one JSON object per line on stdout; diagnostics go to stderr",
    "wrong-seq": "echo the request's seq in its response",
    "schema-invalid": "see schemas/protocol/",
    "state-schema-invalid": "states must match schemas/state.schema.json",
    "missing-actions": "an engine declaring inline_legal_actions answers every state asked "
                       "with \"legal_actions\": true with \"actions\" (docs/PROTOCOL.md)",
    "version-mismatch": f"speak protocol version {PROTOCOL_VERSION}",
    "gave-up": "too many failures: fix the first one reported",
}


class ProtocolDriver:
    """Drive an implementation over the harness protocol (see :mod:`digiconform.harness`).

    :param command: how to start it (a shell-like string or argv list), e.g.
        ``"digiconform serve"``.
    :param timeout: seconds allowed for each answer (the start handshake included).
    :param validate: check answers against ``schemas/protocol``.
    :param validate_states: check states against the ruleset's state schema: ``"always"``,
        ``"first"`` (the answers to ``new_game``/``load_state`` only: full validation costs
        about 10 ms a state, and the verifier validates every state that differs from the
        oracle's itself) or ``"never"``.
    :param max_restarts: restarts allowed in the driver's life before it gives up.
    :param max_timeouts: timeouts allowed before it gives up (each costs ``timeout`` s).
    :param format_date: DCG: the date (``YYYY-MM-DD``) whose official restricted list is the
        deck format; added as ``format_date`` to every DCG setup sent that names none (an
        engine that ignores the field still works). None: setups are sent as given.
    """

    def __init__(self, command: str | Sequence[str], timeout: float = 5.0, *,
                 validate: bool = True, validate_states: str = "first",
                 max_restarts: int = 20, max_timeouts: int = 3,
                 cwd: str | None = None, env: Mapping[str, str] | None = None,
                 max_line: int = MAX_LINE, format_date: str | None = None) -> None:
        self.command = command
        self.format_date = format_date
        self.name = command if isinstance(command, str) else " ".join(command)
        self.timeout = timeout
        self.validate = validate
        self.validate_states = validate_states
        self.max_restarts = max_restarts
        self.max_timeouts = max_timeouts
        self.cwd = cwd
        self.env = env
        self.max_line = max_line
        self.ready_info: Ready | None = None
        self.starts = 0
        self.restarts = 0
        self.timeouts = 0
        self.failures: list[ImplementationError] = []
        self.dead: str | None = None
        self._proc: Process | None = None
        self._seq = 0
        self._game: tuple[Request, ...] = ()  # the request that began the current game
        self._actions: list[Mapping[str, Any]] = []
        self._ruleset = "digibattle"
        self.expected_hits = 0  # answers that were byte for byte the expected one
        self.expected_misses = 0
        # The legal actions the last answer carried inline (capability inline_legal_actions),
        # while no other request has been sent since: what legal_actions() answers next.
        self._inline: list[Mapping[str, Any]] | None = None
        # The requests queued by send_matching, not yet written (settle): (seq, action, the
        # oracle state expected, the expected answer, its legal actions' JSON, its line)
        self._pending: list[tuple[int, Mapping[str, Any], Any, dict[str, Any] | None,
                                  list[Mapping[str, Any]] | None, bytes]] = []
        self._unpipelined = False  # (see _resync)
        self._uncounted_start = False  # (the next start is no restart: end_ahead)
        self._no_ahead = False  # (plan_ahead plans nothing: end_ahead saw a failure)

    # ----------------------------------------------------------------------------------------
    # Driver interface

    @property
    def ready(self) -> Ready:
        """The handshake answer (starts the implementation if needed).

        :raises ImplementationError: it could not be started.
        """
        self._ensure_running(replay=False)
        assert self.ready_info is not None
        return self.ready_info

    @property
    def details(self) -> tuple[str, ...]:
        """The detail state fields the implementation declared in ``start`` (compared with
        the core; :mod:`digiconform.verifier.compare`)."""
        return tuple(self.ready.details)

    @property
    def inline_legal(self) -> bool:
        """The implementation declares ``inline_legal_actions`` (with ``legal_actions``): a
        game request sent with ``legal=True`` asks for the legal actions in its answer, and
        the next :meth:`legal_actions` is answered from it without a request."""
        caps = (self.ready_info if self.ready_info is not None else self.ready).capabilities
        return caps.inline_legal_actions and caps.legal_actions

    def new_game(self, setup: Mapping[str, Any], *, legal: bool = False) -> Mapping[str, Any]:
        """See :meth:`oracle.driver.Driver.new_game`.

        :param legal: ask for the legal actions of the initial position in the same answer
            when the implementation declares ``inline_legal_actions`` (:attr:`inline_legal`;
            the next :meth:`legal_actions` returns them).
        :raises OracleError: the implementation refused the setup (``IllegalActionError``,
            ``InvalidInputError`` or ``UnsupportedError`` by its ``kind``).
        :raises ImplementationSkipped: it answered ``skipped``.
        :raises ImplementationError: it misbehaved (``missing-actions``: it declares
            ``inline_legal_actions`` and answered a state without the actions asked).
        """
        self._game, self._actions, self._inline, self._pending = (), [], None, []
        self._ruleset = str(setup.get("ruleset", "digibattle"))
        inline = True if legal and self.inline_legal else None
        state = self._begin(NewGame(self._next_seq(), self._dated(setup), inline))
        return state

    def _dated(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        """``setup`` with :attr:`format_date` added when it is a DCG setup naming none."""
        if self.format_date is None or self._ruleset != "dcg" or "format_date" in setup:
            return setup
        return {**setup, "format_date": self.format_date}

    def load_state(self, setup: Mapping[str, Any], state: Mapping[str, Any], *,
                   legal: bool = False) -> Mapping[str, Any]:
        """See :meth:`oracle.driver.Driver.load_state`; ``legal`` as for :meth:`new_game`.

        :raises UnsupportedError: the implementation lacks the ``load_state`` capability.
        """
        self._game, self._actions, self._inline, self._pending = (), [], None, []
        self._ruleset = str(setup.get("ruleset", "digibattle"))
        if not self.ready.capabilities.load_state:
            raise UnsupportedError("load_state", "the implementation does not declare the "
                                   "load_state capability")
        inline = True if legal and self.inline_legal else None
        return self._begin(LoadState(self._next_seq(), self._dated(setup), state, inline))

    accepts_expected = True
    """:meth:`apply` and :meth:`legal_actions` take ``expected`` (see :meth:`apply`)."""

    def apply(self, action: Mapping[str, Any], *,
              expected: Mapping[str, Any] | None = None, legal: bool = False) -> Outcome:
        """See :meth:`oracle.driver.Driver.apply`.

        :param expected: the answer the verifier expects, without its ``seq``
            (``{"state": ..., "events": [...]}`` or ``{"refused": {...}}``, JSON; with
            ``legal``, ``"actions"`` too). When the answer line is byte for byte that answer
            written compactly (as ``digiconform serve`` writes it), it is taken as that value
            without being parsed: the same value, checked against the protocol schema as any
            answer is. Any other line is parsed as usual. (After 64 answers that all differ,
            no line is compared any more.)
        :param legal: as for :meth:`new_game`: an accepted action's answer carries the legal
            actions of the position it leads to.
        :raises ImplementationSkipped: it answered ``skipped``.
        :raises ImplementationError: it misbehaved (the game is replayed on the next call).
        """
        if self._pending:
            raise RuntimeError("settle() the requests queued by send_matching first")
        self._inline = None
        if not self._game:
            raise ImplementationError("no-game", "apply before new_game/load_state")
        seq = self._next_seq()
        inline = True if legal and self.inline_legal else None
        if expected is not None and self._proc is not None and "state" in expected and (
                self.expected_hits or self.expected_misses < 64):
            # The usual request, kept short: the line written directly, the answer taken as
            # the expected value when it is byte for byte that value (see _hit).
            try:
                raw = self._proc.request(b'{"cmd":"action","seq":%d,"action":%b%b}\n'
                                         % (seq, codec.dumps(action), _FLAG if inline else b""),
                                         self.timeout)
            except ProcessFailure as e:
                raise self._process_failure(e, Action(seq, action, inline)) from None
            doc = self._hit(raw, seq, expected, "position")
            if doc is not None:
                request = Action(seq, action, inline)
                if self.validate_states == "always":
                    self._check_state(doc["state"], request)
                if inline:
                    self._inline = self._promised(doc.get("actions"), request)
                self._actions.append(action)
                return Outcome(state=doc["state"], events=tuple(doc.get("events") or ()))
            request = Action(seq, action, inline)
            answer = self._game_answer(self._answer(raw, request, None), request)
        else:
            request = Action(seq, action, inline)
            answer = self._call(request, expected=expected)
        if inline and isinstance(answer, Position):
            self._inline = self._promised(answer.actions, request)
        return self._outcome(answer, action)

    def apply_matching(self, action: Mapping[str, Any], state: Any,
                       events: list[Mapping[str, Any]],
                       legal: list[Mapping[str, Any]] | None = None) -> Outcome | None:
        """:meth:`apply`, expecting the oracle's answer: the state ``state`` (an oracle
        state object; the expected line is encoded from it, :func:`codec.position_line`) and
        the events ``events`` (JSON). None when the answer line is byte for byte that answer
        (checked against the protocol schema as any answer is; its state against the state
        schema too with ``validate_states="always"``); any other answer is parsed and
        returned as :meth:`apply` returns it.

        :param legal: the JSON forms of the oracle's legal actions at ``state``: the request
            asks for the legal actions inline as ``apply(legal=True)`` does when the
            implementation declares ``inline_legal_actions``, and these are part of the
            expected line (on a match, the next :meth:`legal_actions` returns this list).
        :raises ImplementationSkipped: it answered ``skipped``.
        :raises ImplementationError: it misbehaved (the game is replayed on the next call).
        """
        if self._pending:
            raise RuntimeError("settle() the requests queued by send_matching first")
        inline = legal is not None and self.inline_legal
        if not self._game or self._proc is None or not (
                self.expected_hits or self.expected_misses < 64):
            return self.apply(action, expected={"state": state.to_json(), "events": events},
                              legal=inline)
        self._inline = None
        self._seq = seq = self._seq + 1  # (_next_seq)
        try:
            raw = self._proc.request(b'{"cmd":"action","seq":%d,"action":%b%b}\n'
                                     % (seq, codec.dumps(action), _FLAG if inline else b""),
                                     self.timeout)
        except ProcessFailure as e:
            raise self._process_failure(e, Action(seq, action, inline or None)) from None
        try:
            want: dict[str, Any] | None = {"seq": seq, "state": codec.state_doc(state),
                                           "events": events}
            if inline:
                want["actions"] = legal
            line = codec.orjson.dumps(want)
        except (TypeError, AttributeError):  # (written otherwise: compared parsed)
            want = None
        if want is not None and raw == line:
            self.expected_hits += 1
            # (the players' parts already encoded: the protocol schema does not look into
            # a state; were it to, the check fails and the line is parsed below)
            if not self.validate or self._is_valid("position", want):
                if self.validate_states == "always":
                    self._check_state(state.to_json(), Action(seq, action, inline or None))
                if inline:
                    assert legal is not None
                    self._inline = legal
                self._actions.append(action)
                return None
        else:
            self.expected_misses += 1
        request = Action(seq, action, inline or None)
        answer = self._game_answer(self._answer(raw, request, None), request)
        if inline and isinstance(answer, Position):
            self._inline = self._promised(answer.actions, request)
        return self._outcome(answer, action)

    @property
    def pipelined(self) -> bool:
        """The implementation declares ``pipelining`` (with ``inline_legal_actions``): the
        game's requests may be sent ahead with :meth:`send_matching` and their answers read
        together by :meth:`settle`."""
        if self._unpipelined:
            return False
        caps = (self.ready_info if self.ready_info is not None else self.ready).capabilities
        return caps.pipelining and caps.inline_legal_actions and caps.legal_actions

    def send_matching(self, action: Mapping[str, Any], state: Any,
                      events: list[Mapping[str, Any]], legal: list[Mapping[str, Any]]
                      ) -> bool:
        """:meth:`apply_matching` (with ``legal``) sent ahead: the request is queued and
        written, with every other one queued, by :meth:`settle`, which reads their answers.
        False when it cannot be (no game or process, or answers no longer compared byte for
        byte): nothing is queued, and the caller calls :meth:`apply_matching`."""
        if not self._game or self._proc is None or not (
                self.expected_hits or self.expected_misses < 64):
            return False
        self._seq = seq = self._seq + 1
        try:
            doc = {"seq": seq, "state": codec.state_doc(state), "events": events,
                   "actions": legal}
            want = codec.orjson.dumps(doc)
        except (TypeError, AttributeError):
            self._seq -= 1
            return False
        self._pending.append((seq, action, state, doc, legal, want))
        return True

    def send_refusal(self, action: Mapping[str, Any], refused: Mapping[str, Any]) -> bool:
        """:meth:`send_matching` for an action the oracle refuses: ``refused`` is the
        expected refusal (JSON); the answer matches when it is byte for byte that refusal
        (and reads as one); else :meth:`settle` returns it as :meth:`apply` does."""
        if not self._game or self._proc is None or not (
                self.expected_hits or self.expected_misses < 64):
            return False
        self._seq = seq = self._seq + 1
        try:
            want = codec.orjson.dumps({"seq": seq, "refused": refused})
        except TypeError:
            self._seq -= 1
            return False
        self._pending.append((seq, action, None, None, None, want))
        return True

    @property
    def queued(self) -> int:
        """How many requests :meth:`send_matching` queued since the last :meth:`settle`."""
        return len(self._pending)

    def settle(self) -> tuple[int, Outcome | BaseException] | None:
        """Write the requests :meth:`send_matching` queued, in one write, and read their
        answers in order. None when every answer is byte for byte the expected one (each
        then taken as :meth:`apply_matching` takes it). Else ``(i, outcome)`` for the first
        that is not: the answer to the ``i``-th queued request as :meth:`apply` returns it,
        or the :class:`ImplementationError` / :class:`ImplementationSkipped` it raises (not
        raised here). The answers to the requests after it (sent only because of the
        pipelining) are read and dropped, and the implementation is brought back to the
        position of that answer by replaying the game in place (:meth:`_replay`; if it fails
        or died meanwhile, it is restarted and replayed at the next request): nothing it
        answered to them is held against it. The legal actions the ``i``-th answer carried
        inline (a state answer) are what the next :meth:`legal_actions` returns.
        ``(0, RESEND)`` when the process exited or stopped answering before every answer
        was read: it is ended quietly, its game taken back to the batch's start, and the
        caller sends the batch again step by step."""
        pending, self._pending = self._pending, []
        if not pending:
            return None
        self._inline = None
        assert self._proc is not None
        taken = len(self._actions)
        data = b"".join(b'{"cmd":"action","seq":%d,"action":%b%b}\n'
                        % (p[0], codec.dumps(p[1]), _FLAG) for p in pending)
        for i, (seq, action, state, doc, legal, want) in enumerate(pending):
            try:
                if i == 0:
                    self._proc._write(data, _deadline(self.timeout))
                raw = self._proc.read_line(_deadline(self.timeout))
            except ProcessFailure as e:
                if e.code == "flood":  # (the answer to this very request)
                    return i, self._process_failure(e, Action(seq, action, True))
                # It exited or stopped answering: on this request or a later one, its
                # answers to the earlier ones perhaps held and lost. Not judged here: ended
                # quietly, the game brought back to the batch's start (restarted and
                # replayed at the next request), the batch sent again step by step.
                del self._actions[taken:]
                self._quiet_end()
                return 0, RESEND
            if state is None and raw == want:  # (a refusal, byte for byte the expected one)
                request = Action(seq, action, True)
                try:
                    answer = self._game_answer(self._answer(raw, request, None), request)
                except (ImplementationError, ImplementationSkipped) as e:
                    self._resync(len(pending) - i - 1)
                    return i, e
                self.expected_hits += 1
                self._inline = None
                if isinstance(answer, Refused):
                    continue
                self._resync(len(pending) - i - 1)  # (not reached: the bytes are a refusal)
                return i, self._outcome(answer, action)
            if state is not None and raw == want:
                self.expected_hits += 1
                if not self.validate or self._is_valid("position", doc):
                    if self.validate_states == "always":
                        self._check_state(state.to_json(), Action(seq, action, True))
                    self._actions.append(action)
                    self._inline = legal
                    continue
            else:
                self.expected_misses += 1
            request = Action(seq, action, True)
            result: Outcome | BaseException
            try:
                answer = self._game_answer(self._answer(raw, request, None), request)
                inline = self._promised(answer.actions, request) \
                    if isinstance(answer, Position) else None
                result = self._outcome(answer, action)
            except (ImplementationError, ImplementationSkipped) as e:
                result, inline = e, None
            self._resync(len(pending) - i - 1)
            self._inline = inline
            return i, result
        return None

    def _resync(self, unread: int) -> None:
        """After a queued request's answer differed: read and drop the ``unread`` answers
        still to come, then replay the game in place (a failure here ends the process
        quietly: the next request restarts it and replays the game)."""
        if self._proc is None:
            return
        try:
            for _ in range(unread):
                self._proc.read_line(_deadline(self.timeout))
            if self._game:
                self._replay()
        except (ProcessFailure, ImplementationError):
            self._quiet_end()

    def _quiet_end(self) -> None:
        """End the process after a failure on requests only pipelining sent (no engine error
        counted; its next start is a restart, counted as one); nothing is sent ahead again in
        this run, so that at most one restart is owed to pipelining."""
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
        self._unpipelined = True

    def legal_actions(self, *, expected: Mapping[str, Any] | None = None
                      ) -> list[Mapping[str, Any]] | None:
        """See :meth:`oracle.driver.Driver.legal_actions`; None without the capability. When
        the answer to the last request carried the legal actions inline (a game request sent
        with ``legal=True``, capability ``inline_legal_actions``), those, with no request.

        :param expected: the expected answer without its ``seq`` (``{"actions": [...]}``),
            as for :meth:`apply`.
        """
        if self._pending:
            raise RuntimeError("settle() the requests queued by send_matching first")
        inline, self._inline = self._inline, None
        if inline is not None:
            return list(inline)
        ready = self.ready_info if self.ready_info is not None else self.ready
        if not ready.capabilities.legal_actions:
            return None
        seq = self._next_seq()
        if expected is not None and self._proc is not None and (
                self.expected_hits or self.expected_misses < 64):
            try:
                raw = self._proc.request(b'{"cmd":"legal_actions","seq":%d}\n' % seq,
                                         self.timeout)
            except ProcessFailure as e:
                raise self._process_failure(e, LegalActions(seq)) from None
            doc = self._hit(raw, seq, expected, "legal_set")
            if doc is not None:
                return list(doc["actions"])
            request = LegalActions(seq)
            answer = self._game_answer(self._answer(raw, request, None), request)
        else:
            answer = self._call(LegalActions(seq), expected=expected)
        assert isinstance(answer, LegalSet)
        return list(answer.actions)

    def plan_ahead(self, requests: Sequence[tuple[Any, ...]]) -> bool:
        """The game requests the caller means to send next, each after reading the answer to
        the one before (a vector's steps when every answer is the expected one):
        ``("new_game", setup, legal)``, ``("load_state", setup, state, legal)``,
        ``("action", action, legal)`` or ``("legal_actions",)``, as the calls
        :meth:`new_game`, :meth:`load_state`, :meth:`apply` and :meth:`legal_actions` would
        send them (numbered on from the last request). Their lines are written ahead, a few
        at a time (:meth:`Process.plan <digiconform.harness.process.Process.plan>`): the
        implementation reads the same requests in the same order, and the verifier waits
        for a batch of answers instead of one answer per request. A call that sends another
        request while answers written ahead are unread raises
        :class:`~digiconform.harness.process.AheadMismatch` (nothing sent); :meth:`end_ahead`
        ends the plan. False (nothing planned) when no implementation is running yet.
        """
        if self._proc is None or self.ready_info is None or self._no_ahead:
            return False
        lines = []
        seq = self._seq
        for kind, *args in requests:
            seq += 1
            req: Request
            if kind == "new_game" or kind == "load_state":
                setup = args[0]
                if self.format_date is not None and "format_date" not in setup and \
                        str(setup.get("ruleset", "digibattle")) == "dcg":  # (as _dated)
                    setup = {**setup, "format_date": self.format_date}
                inline = True if args[-1] and self.inline_legal else None
                req = (NewGame(seq, setup, inline) if kind == "new_game"
                       else LoadState(seq, setup, args[1], inline))
            elif kind == "action":
                req = Action(seq, args[0], True if args[1] and self.inline_legal else None)
            else:
                req = LegalActions(seq)
            lines.append(codec.dumps(req.to_json()) + b"\n")
        self._proc.plan(lines)
        return True

    def end_ahead(self) -> None:
        """End :meth:`plan_ahead`'s plan: the answers to requests written ahead that were not
        asked for are read and dropped. An implementation that fails while they are read
        (it exits, times out, floods) is ended without a failure being counted: those
        requests are none the verifier asked; the next request starts it again, not counted
        as a restart either, and no request is written ahead to it any more."""
        proc = self._proc
        if proc is None:
            return
        try:
            proc.end_plan(self.timeout)
        except ProcessFailure:
            proc.kill()
            self._proc = None
            self._uncounted_start = True
            # (and no more requests written ahead to it: an engine that hangs on them
            # would cost a timeout per vector that one by one never reaches them)
            self._no_ahead = True

    def fresh(self) -> None:
        """End the running process (its group killed) so that the next request starts a
        fresh one, with no game to replay: after an implementation error the verifier's next
        random game begins on a clean process. Counts as a restart."""
        proc, self._proc = self._proc, None
        self._game, self._actions, self._inline, self._pending = (), [], None, []
        if proc is not None:
            proc.kill()

    def close(self) -> None:
        """Send ``stop`` and end the process (killing its group after a grace period)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc._write((json.dumps(Stop().to_json()) + "\n").encode(), _deadline(1.0))
        except ProcessFailure:
            pass
        proc.close(grace=1.0)

    def __enter__(self) -> ProtocolDriver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def stderr_tail(self) -> str:
        """The end of the running implementation's stderr ("" when none is running), made
        safe: lines kept, control characters escaped, at most
        :data:`~digiconform.harness.text.STDERR_LIMIT` characters (its end)."""
        if self._proc is None:
            return ""
        return engine_text(self._proc.stderr_tail(), STDERR_LIMIT, lines=True, keep_end=True)

    # ----------------------------------------------------------------------------------------
    # Internals

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _outcome(self, answer: Response, action: Mapping[str, Any]) -> Outcome:
        """An action's answer as an :class:`Outcome`; a taken action joins the game's
        actions (replayed after a restart)."""
        if isinstance(answer, Refused):
            return Outcome(refusal=Refusal(answer.kind, answer.reason, answer.clause,
                                           answer.path, answer.clauses))
        assert isinstance(answer, Position)
        self._actions.append(action)
        return Outcome(state=answer.state, events=tuple(answer.events or ()))

    def _begin(self, request: NewGame | LoadState) -> Mapping[str, Any]:
        answer = self._call(request, replay=False)
        if isinstance(answer, Refused):
            raise _refusal_error(answer)
        assert isinstance(answer, Position)
        if request.legal_actions:
            self._inline = self._promised(answer.actions, request)
        self._game = (request,)
        return answer.state

    def _promised(self, actions: Sequence[Mapping[str, Any]] | None, request: Request
                  ) -> list[Mapping[str, Any]]:
        """The legal actions a state answer to ``request`` (sent with ``"legal_actions":
        true``) carries inline; an answer without them breaks the capability the
        implementation declared: ``missing-actions`` (the process is killed, as for any
        answer that breaks the protocol)."""
        if actions is None:
            raise self._fail(ImplementationError(
                "missing-actions", f"the answer to {request.wire} gives a state without "
                "\"actions\", although the request carries \"legal_actions\": true and the "
                "implementation declares the capability inline_legal_actions",
                request=request.to_json(), stderr=self.stderr_tail()))
        return list(actions)

    def _call(self, request: Request, *, replay: bool = True,
              expected: Mapping[str, Any] | None = None) -> Response:
        self._ensure_running(replay=replay)
        return self._game_answer(self._exchange(request, expected), request)

    def _game_answer(self, answer: Response, request: Request) -> Response:
        """``answer``, unless it is ``skipped`` or ``errored`` (raised)."""
        if isinstance(answer, Skipped):
            raise ImplementationSkipped(answer.reason)
        if isinstance(answer, Errored):
            raise self._fail(ImplementationError(
                "errored", answer.message, request=request.to_json(),
                stderr=self.stderr_tail()), kill=False)
        return answer

    def _exchange(self, request: Request, expected: Mapping[str, Any] | None = None
                  ) -> Response:
        """Send one request and parse its answer; any failure kills the process.

        :param expected: the answer expected (without ``seq``): a line that is exactly its
            compact form is that value, and is not parsed again (see :meth:`apply`).
        """
        assert self._proc is not None
        line = codec.dumps(request.to_json())
        try:
            raw = self._proc.request(line + b"\n", self.timeout)
        except ProcessFailure as e:
            raise self._process_failure(e, request) from None
        return self._answer(raw, request, expected)

    def _process_failure(self, e: ProcessFailure, request: Request) -> ImplementationError:
        """The :class:`ImplementationError` of a failed exchange (the process is killed)."""
        if e.code == "timeout":
            self.timeouts += 1
        return self._fail(ImplementationError(e.code, e.message, request=request.to_json(),
                                              stderr=self.stderr_tail()))

    def _hit(self, raw: bytes, seq: int, expected: Mapping[str, Any], schema: str
             ) -> dict[str, Any] | None:
        """The expected answer (``{"seq": seq, **expected}``) when ``raw`` is byte for byte
        its compact form, checked against the protocol schema ``schema`` (as any answer
        is); None when it is not (the caller parses ``raw`` as usual)."""
        want = {"seq": seq, **expected}
        if raw != codec.dumps(want):
            self.expected_misses += 1
            return None
        self.expected_hits += 1
        return want if not self.validate or self._is_valid(schema, want) else None

    @staticmethod
    def _is_valid(schema: str, doc: Any) -> bool:
        """Is ``doc`` valid against the protocol schema ``schema`` (compiled check)?"""
        is_valid = _VALID.get(schema)
        if is_valid is None:
            from oracle.validation import compiled

            is_valid = _VALID[schema] = compiled(f"protocol/{schema}")
        return is_valid(doc)

    def _answer(self, raw: bytes, request: Request, expected: Mapping[str, Any] | None
                ) -> Response:
        """Parse the answer line ``raw`` to ``request`` (see :meth:`_exchange`)."""
        doc: Any = None
        if expected is not None and (self.expected_hits or self.expected_misses < 64):
            want = {"seq": getattr(request, "seq", None), **expected}
            if raw == codec.dumps(want):
                self.expected_hits += 1
                doc = want
            else:
                self.expected_misses += 1
        try:
            if doc is None:
                doc = parse_json(raw, where="the answer")
        except InvalidInputError as e:
            text = raw[:200].decode("utf-8", "replace")
            raise self._fail(ImplementationError(
                "not-json", f"the answer is not JSON ({e}): {text!r}", request=request.to_json(),
                stderr=self.stderr_tail())) from None
        try:
            answer = parse_response(doc, request, validate=self.validate)
        except ProtocolError as e:
            raise self._fail(ImplementationError(
                e.code, e.message, request=request.to_json(), stderr=self.stderr_tail())
            ) from None
        if isinstance(answer, Position) and (self.validate_states == "always" or (
                self.validate_states == "first" and isinstance(request, NewGame | LoadState))):
            self._check_state(answer.state, request)
        return answer

    def _check_state(self, state: Mapping[str, Any], request: Request) -> None:
        problem = state_schema_problem(state, self._ruleset)
        if problem:
            raise self._fail(ImplementationError(
                "state-schema-invalid", problem, request=request.to_json(),
                stderr=self.stderr_tail()), kill=False)

    def _fail(self, err: ImplementationError, kill: bool = True) -> ImplementationError:
        self.failures.append(err)
        if kill and self._proc is not None:
            self._proc.kill()
            self._proc = None
        if self.timeouts >= self.max_timeouts and self.dead is None:
            self.dead = f"{self.timeouts} timeouts"
        return err

    def _ensure_running(self, *, replay: bool) -> None:
        if self._proc is not None:
            return
        if self.dead is not None:
            raise ImplementationError("gave-up", f"the implementation was given up on "
                                      f"({self.dead})")
        if self.starts > self.max_restarts:
            self.dead = f"{self.restarts} restarts"
            raise ImplementationError("gave-up", f"the implementation was given up on "
                                      f"({self.dead})")
        if self._uncounted_start:  # (after end_ahead ended it: not a restart)
            self._uncounted_start = False
        else:
            if self.starts:
                self.restarts += 1
            self.starts += 1
        try:
            self._proc = Process(self.command, cwd=self.cwd, env=self.env,
                                 max_line=self.max_line)
        except ProcessFailure as e:
            self.dead = f"cannot start: {e.message}"
            raise self._fail(ImplementationError(e.code, e.message)) from None
        ready = self._exchange(Start())
        assert isinstance(ready, Ready)
        if ready.version != PROTOCOL_VERSION:
            self.dead = f"protocol version {ready.version}"
            raise self._fail(ImplementationError(
                "version-mismatch", f"the implementation speaks protocol version "
                f"{ready.version}, the harness {PROTOCOL_VERSION}"))
        self.ready_info = ready
        self.name = ready.implementation.name
        if replay and self._game:
            self._replay()

    def _replay(self) -> None:
        """Restart-and-replay: bring a fresh process to where the game was."""
        first = self._game[0]
        requests: list[Request] = [_renumber(first, self._next_seq())]
        requests += [Action(self._next_seq(), a) for a in self._actions]
        for req in requests:
            try:
                answer = self._exchange(req)
            except ImplementationError as e:
                raise ImplementationError(
                    "replay-failed", f"replaying the game after a restart failed at "
                    f"{req.wire}: {e}", request=req.to_json(), stderr=e.stderr) from None
            if not isinstance(answer, Position):
                err = ImplementationError(
                    "replay-failed", f"replaying the game after a restart: {req.wire} was "
                    f"answered {answer.wire}", request=req.to_json())
                raise self._fail(err)


RESEND = Outcome()
"""What :meth:`ProtocolDriver.settle` answers for a batch to be sent again step by step."""


_FLAG = b',"legal_actions":true'
"""What a compact game request carries before its closing brace to ask for the legal actions
inline (capability ``inline_legal_actions``)."""


def _renumber(req: Request, seq: int) -> Request:
    # (a replay asks no legal actions: the request being answered after it does)
    if isinstance(req, NewGame):
        return NewGame(seq, req.setup)
    assert isinstance(req, LoadState)
    return LoadState(seq, req.setup, req.state)


def _refusal_error(r: Refused) -> OracleError:
    if r.kind == "illegal":
        return IllegalActionError(r.clause or "?", r.reason)
    if r.kind == "invalid":
        return InvalidInputError(r.path or "$", r.reason)
    return UnsupportedError("setup", r.reason, r.clause)


def _deadline(seconds: float) -> float:
    import time

    return time.monotonic() + seconds


_SCHEMAS: dict[str, bool] = {}


def state_schema_problem(state: Any, ruleset: str = "digibattle") -> str | None:
    """Why ``state`` does not match its ruleset's state schema (None when it does, or when
    the ruleset has no state schema)."""
    name = STATE_SCHEMAS.get(ruleset)
    if name is None or not _schema_exists(name):
        return None
    from oracle.validation import errors

    for path, msg in errors(state, name):
        return f"the state does not match {name}.schema.json at {path}: {msg}"
    return None


def _schema_exists(name: str) -> bool:
    if name not in _SCHEMAS:
        from oracle.resources import schemas_dir

        _SCHEMAS[name] = (schemas_dir() / f"{name}.schema.json").is_file()
    return _SCHEMAS[name]

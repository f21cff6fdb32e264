"""``digiconform serve``: the oracle speaking the harness protocol on stdin/stdout.

The suite verifies itself through this path (``digiconform verify --impl "digiconform
serve"``), and anyone can use it as a referee service. It never dies on bad input: a line that
is not JSON, not a request or not valid gets an ``errored`` answer saying why, and the loop
goes on; only ``stop`` or the end of stdin ends it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import IO, Any

from digiconform.harness import codec
from digiconform.harness.messages import (
    PROTOCOL_VERSION,
    Action,
    Capabilities,
    Errored,
    Implementation,
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
    Start,
    Stop,
    parse_request,
)
from oracle.driver import Driver, OracleDriver, Refusal
from oracle.errors import InvalidInputError, OracleError
from oracle.inputs import parse_json

HOMEPAGE = "https://digiconform.dev"


def oracle_ready() -> Ready:
    """The handshake answer of the bundled oracle: every ruleset whose package is installed
    (:func:`oracle.rulesets.present`: found, not imported; a ruleset is imported when a game
    first asks for it, so a Digi-Battle session never imports the DCG rules, and one that
    fails to import then is answered ``errored`` with the reason), the default reading of
    every ambiguity, every capability (any reading can be asked for; the legal actions inline
    with a game request's answer too, ``inline_legal_actions``; several requests read as a
    stream, ``pipelining``: :class:`_FdLines`) and every detail field (its
    states hold all its bookkeeping)."""
    from digiconform import __version__ as v  # (the distribution's: tests/test_harness.py)
    from oracle import rulesets, variants

    names = [name for name in rulesets.NAMES if rulesets.present(name)]
    readings = {a.id: a.default for a in variants.REGISTRY if a.ruleset in names}
    from digiconform.verifier.compare import all_details

    return Ready(PROTOCOL_VERSION, Implementation("digiconform-oracle", v, "python", HOMEPAGE),
                 tuple(names), readings, Capabilities(True, True, True, True, True),
                 tuple(all_details()))


class Session:
    """One protocol session over a :class:`~oracle.driver.Driver` (the oracle by default).

    :meth:`handle` maps one decoded request line to its response (None for ``stop``), so the
    loop in :func:`serve` and the planted-bug adapters in ``tests/miniatures.py`` share it.
    """

    def __init__(self, driver: Driver | None = None, ready: Ready | None = None,
                 format_date: str | None = None) -> None:
        self.driver: Driver = driver if driver is not None else OracleDriver()
        self.ready = ready or oracle_ready()
        self.started = False
        self.stopped = False
        #: ``serve --format-date``: the restricted list's date for a DCG setup that names
        #: none (None: the setup's own, else the newest list; oracle/dcg/restricted.py).
        self.format_date = format_date
        #: the bytes after the ``seq`` of compact ``action`` requests seen -> (the ruleset's
        #: functions, the action object, the request asks the legal actions inline):
        #: :meth:`respond`.
        self._parsed: dict[bytes, tuple[Any, Any]] = {}

    def _setup(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        """``setup`` with :attr:`format_date` filled in when it is a DCG setup without one."""
        if (self.format_date is None or not isinstance(setup, Mapping)
                or setup.get("ruleset") != "dcg" or "format_date" in setup):
            return setup
        return {**setup, "format_date": self.format_date}

    def handle_line(self, line: str | bytes) -> Response | None:
        """Decode and answer one line; malformed input becomes an :class:`Errored` answer.

        The line goes through the input layer (:func:`oracle.inputs.parse_json`): bytes
        that are not UTF-8, JSON nested too deep, an integer of too many digits, ``NaN``
        are each answered ``errored`` with the reason, like a line that is not JSON.
        """
        try:
            doc = parse_json(line, where="the line")
        except InvalidInputError as e:
            return Errored(None, f"not JSON: {e}", {"line": _clip(line)})
        seq = doc.get("seq") if type(doc) is dict or isinstance(doc, Mapping) else None
        seq = seq if type(seq) is int and seq >= 0 else None
        try:
            request = parse_request(doc)
        except ProtocolError as e:
            return Errored(seq, str(e), {"request": _clip(line)})
        try:
            return self.handle(request)
        except OracleError as e:
            return _refused(seq or 0, Refusal.from_error(e))
        except Exception as e:  # noqa: BLE001 - the service must never die
            return _internal(seq, e)

    def respond(self, line: str | bytes) -> bytes | None:
        """The answer to one line, encoded (:func:`codec.dumps`, no newline); None for
        ``stop``. The same answer as :meth:`handle_line` gives; the two requests of a game's
        every step (``action`` and ``legal_actions``, once started, valid against their
        protocol schemas) are answered without building message objects.

        Those two requests, as the verifier writes them (compact: :func:`_step_request`),
        are not parsed again when their bytes after the ``seq`` are those of an earlier
        request: a ``legal_actions`` request has none but its closing brace, and an
        ``action`` request whose bytes after its ``seq`` were seen before (each time as the
        compact form of a valid request) is the same request but for its ``seq``, its
        action the same value: parsed once, kept (:attr:`_parsed`, per ruleset)."""
        if self.started and type(line) is bytes and type(self.driver) is OracleDriver:
            known = _step_request(line)
            if known is not None:
                seq, rest, is_action = known
                if not is_action:
                    if rest in _LEGAL_ENDS:
                        return self._step(seq, None, None)
                else:
                    hit = self._parsed.get(rest)
                    if hit is not None and hit[0] is _module_or_none(self.driver):
                        return self._step(seq, None, hit[1], hit[2])
        try:
            doc = parse_json(line, where="the line")
        except InvalidInputError:
            doc = None
        if type(doc) is dict and self.started:
            cmd = doc.get("cmd")
            if (cmd == "action" or cmd == "legal_actions") and _valid(cmd)(doc):
                if cmd == "legal_actions":
                    return self._step(doc["seq"], None, None)
                parsed = None
                if type(line) is bytes and type(self.driver) is OracleDriver:
                    parsed = self._remember(line, doc)
                return self._step(doc["seq"], doc["action"], parsed,
                                  doc.get("legal_actions") is True)
        answer = self.handle_line(line)
        return None if answer is None else codec.dumps(answer.to_json())

    def _remember(self, line: bytes, doc: dict[str, Any]) -> Any:
        """The oracle's action object of the valid ``action`` request ``doc`` (the line
        ``line``), kept in :attr:`_parsed` when ``line`` is its compact form (then every line
        with the same bytes after the ``seq`` is the same request); None when it is not or
        the action does not parse (:meth:`_step` then parses it and answers)."""
        known = _step_request(line)
        if known is None or not known[2]:
            return None
        mod = _module_or_none(self.driver)
        if mod is None:
            return None
        rest = known[1]
        inline = doc.get("legal_actions") is True
        try:
            compact = b',"action":%b%b}' % (codec.dumps(doc["action"]),
                                            b',"legal_actions":true' if inline else b"")
            if rest.rstrip(b" \t\r\n") != compact:
                return None
            act = mod.action_from_json(doc["action"])
        except Exception:  # noqa: BLE001 - not kept: the usual path answers it
            return None
        if len(self._parsed) >= _PARSED_LIMIT:
            self._parsed.clear()
        self._parsed[rest] = (mod, act, inline)
        return act

    def _step(self, seq: int, action: Any, parsed: Any, inline: bool = False) -> bytes:
        """The encoded answer to a valid ``legal_actions`` (``action`` and ``parsed``
        None) or ``action`` request (``action`` its JSON, or ``parsed`` the oracle's action
        object; ``inline``: it carries ``"legal_actions": true``, a state answered comes
        with the legal actions there)."""
        try:
            if type(self.driver) is OracleDriver:
                # (the oracle's own objects, encoded with their recurring parts
                # encoded once: codec.position_line, codec.legal_line)
                if action is None and parsed is None:
                    return codec.legal_line(seq, self.driver.legal_objects())
                step = self.driver.step(action, parsed)
                if type(step) is Refusal:
                    return codec.dumps(_refused(seq, step).to_json())
                nxt, events = step  # type: ignore[misc]
                return codec.position_line(seq, nxt, [e.to_json() for e in events],
                                           self.driver.legal_objects() if inline else None)
            if action is None:
                return codec.dumps({"seq": seq, "actions": self.driver.legal_actions() or []})
            out = self.driver.apply(action)
            if out.refusal is None:
                d = {"seq": seq, "state": out.state, "events": list(out.events)}
                if inline:
                    d["actions"] = self.driver.legal_actions() or []
                return codec.dumps(d)
            return codec.dumps(_refused(seq, out.refusal).to_json())
        except OracleError as e:
            return codec.dumps(_refused(seq, Refusal.from_error(e)).to_json())
        except Exception as e:  # noqa: BLE001 - the service must never die
            return codec.dumps(_internal(seq, e).to_json())

    def handle(self, request: Request) -> Response | None:
        """Answer one parsed request.

        :raises OracleError: a refused setup or state (turned into ``refused`` by the caller).
        """
        kind = type(request)
        if kind is Action and self.started:  # (the usual request first)
            out = self.driver.apply(request.action)  # type: ignore[attr-defined]
            if out.refusal is not None:
                return _refused(request.seq, out.refusal)  # type: ignore[attr-defined]
            return Position(request.seq, out.state, tuple(out.events),  # type: ignore
                            self._inline(request))
        if kind is LegalActions and self.started:
            return LegalSet(request.seq,  # type: ignore[attr-defined]
                            tuple(self.driver.legal_actions() or ()))
        if isinstance(request, Start):
            self.started = True
            return self.ready
        if isinstance(request, Stop):
            self.stopped = True
            return None
        seq: int = request.seq  # type: ignore[attr-defined]
        if not self.started:
            return Errored(seq, "no start handshake yet: send {\"cmd\": \"start\", ...} first")
        if isinstance(request, NewGame):
            answer = Position(seq, self.driver.new_game(self._setup(request.setup)), (),
                              self._inline(request))
            _freeze_once()
            return answer
        if isinstance(request, LoadState):
            return Position(seq, self.driver.load_state(self._setup(request.setup),
                                                        request.state), (),
                            self._inline(request))
        if isinstance(request, Action):
            out = self.driver.apply(request.action)
            if out.refusal is not None:
                return _refused(seq, out.refusal)
            assert out.state is not None
            return Position(seq, out.state, tuple(out.events), self._inline(request))
        if isinstance(request, LegalActions):
            return LegalSet(seq, tuple(self.driver.legal_actions() or ()))
        raise AssertionError(f"unhandled request {request!r}")  # pragma: no cover

    def _inline(self, request: Request) -> tuple[Any, ...] | None:
        """The legal actions to answer with a state when ``request`` carries
        ``"legal_actions": true`` (capability ``inline_legal_actions``: exactly what a
        ``legal_actions`` request would answer now); None when it does not."""
        if getattr(request, "legal_actions", None) is not True:
            return None
        return tuple(self.driver.legal_actions() or ())


_VALID: dict[str, Any] = {}

_STEP_REQUEST = re.compile(rb'\{"cmd":"(?:(action)|legal_actions)","seq":(0|[1-9][0-9]{0,14})')
"""The start of an ``action`` or ``legal_actions`` request written compactly, up to the end
of its ``seq`` (a non-negative integer of at most 15 digits: valid against the requests'
protocol schemas, which ask ``seq`` to be an integer >= 0 and nothing else of it;
``tests/test_harness.py`` checks that they still do)."""

_LEGAL_ENDS = frozenset((b"}", b"}\n", b"}\r\n"))
"""What may follow the ``seq`` of a compact ``legal_actions`` request: the line is then
``{"cmd": "legal_actions", "seq": n}``, valid against its schema for any ``n`` >= 0."""

_PARSED_LIMIT = 4096
"""Action requests whose parsed action :attr:`Session._parsed` keeps (then it starts again)."""


def _step_request(line: bytes) -> tuple[int, bytes, bool] | None:
    """``(seq, the bytes after it, is an action request)`` of a line beginning as a compact
    ``action`` / ``legal_actions`` request (:data:`_STEP_REQUEST`); None otherwise."""
    m = _STEP_REQUEST.match(line)
    if m is None:
        return None
    return int(m.group(2)), line[m.end():], m.group(1) is not None


def _module_or_none(driver: Any) -> Any:
    """The ruleset functions of the oracle driver's game (None before any game)."""
    try:
        return driver._module()
    except OracleError:
        return None


def _valid(cmd: str) -> Callable[[Any], bool]:
    """The compiled ``is_valid`` of the protocol schema of request ``cmd``."""
    is_valid = _VALID.get(cmd)
    if is_valid is None:
        from oracle.validation import compiled

        is_valid = _VALID[cmd] = compiled(f"protocol/{cmd}")
    return is_valid


_FROZEN: list[bool] = []


def _freeze_once() -> None:
    """After the first game is set up: what the process holds by then (its modules, the
    ruleset, the card set, compiled schemas) lives as long as it does, so the cyclic garbage
    collector stops going through it (:func:`gc.freeze`; about 1.5 % of ``serve``'s
    instructions on the ``verify --games 0`` request stream); and its youngest generation
    is collected every 10,000 allocations instead of 700 (a request makes a few hundred
    objects, nearly all freed by their reference counts; about 1 % of ``serve``'s
    instructions per random-game request, cachegrind: 240,858 -> 238,563)."""
    if not _FROZEN:
        import gc

        _FROZEN.append(True)
        gc.freeze()
        gc.set_threshold(10_000, *gc.get_threshold()[1:])


def _internal(seq: int | None, e: Exception) -> Errored:
    """The ``errored`` answer to a request the service failed on (a bug of ours)."""
    import traceback  # (only on this path: not imported at every start of serve)

    return Errored(seq, f"internal error: {type(e).__name__}: {e}",
                   {"traceback": traceback.format_exc(limit=8)})


def _refused(seq: int, r: Refusal) -> Refused:
    return Refused(seq, r.kind, r.reason, r.clause, r.path, r.clauses)


def _clip(line: str | bytes, n: int = 200) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    return text if len(text) <= n else text[:n] + "…"


MAX_REQUEST = 8 * 1024 * 1024
"""The longest request line read (bytes); a longer one is answered ``errored`` and skipped."""


def _lines(stdin: IO[Any], limit: int = MAX_REQUEST) -> Iterator[tuple[str | bytes, bool]]:
    """``(line, too_long)`` for each line of ``stdin`` (text or binary), reading at most
    ``limit`` bytes of a line at a time: the rest of a longer line is read and dropped."""
    while True:
        line = stdin.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n" if isinstance(line, str) else b"\n"):
            while True:  # drop the rest of the line
                more = stdin.readline(limit)
                if not more or more.endswith("\n" if isinstance(more, str) else b"\n"):
                    break
            yield line[:200], True
            continue
        yield line, False


class _FdLines:
    """The lines of a file descriptor (the binary stdin of ``digiconform serve``), read
    with :func:`os.read` into a buffer of its own: ``(line, too_long)`` as :func:`_lines`
    gives them, and ``before_wait`` is called each time no whole line is left in the buffer
    and it is about to read (and maybe wait) for more.

    ``serve`` flushes its answers there: an answer is written at once unless the next
    request is already here whole, in which case the answers go out together when no
    whole request is left to answer. A client waiting for each answer before it writes the
    next request gets each at once, as before; one that writes several requests before it
    reads (the verifier's vector steps) gets their answers in one write instead of one each
    (on a virtual machine each write that wakes a waiting reader on another CPU costs some
    50 µs of CPU)."""

    def __init__(self, fd: int, before_wait: Callable[[], None],
                 limit: int = MAX_REQUEST) -> None:
        self.fd = fd
        self.before_wait = before_wait
        self.limit = limit
        self.buf = bytearray()

    def _more(self) -> bytes:
        self.before_wait()
        return os.read(self.fd, 65536)

    def __iter__(self) -> Iterator[tuple[bytes, bool]]:
        buf, limit = self.buf, self.limit
        eof = False
        while True:
            nl = buf.find(b"\n")
            if nl >= 0 and nl <= limit:  # (a line of at most limit + 1 bytes, newline too)
                line = bytes(buf[:nl + 1])
                del buf[:nl + 1]
                yield line, False
                continue
            if nl > limit or len(buf) > limit:  # too long: drop it through its newline
                clip = bytes(buf[:min(200, limit + 1)])  # (what readline(limit + 1) gave)
                while nl < 0 and not eof:
                    buf.clear()
                    chunk = self._more()
                    eof = not chunk
                    buf += chunk
                    nl = buf.find(b"\n")
                del buf[:nl + 1 if nl >= 0 else len(buf)]
                yield clip, True
                continue
            if eof:
                if buf:
                    line = bytes(buf)
                    buf.clear()
                    yield line, False
                return
            chunk = self._more()
            eof = not chunk
            buf += chunk


def serve(stdin: IO[Any] | None = None, stdout: IO[str] | None = None,
          session: Session | None = None,
          on_request: Callable[[int, str], None] | None = None) -> int:
    """Answer requests line by line until ``stop`` or end of input; returns exit code 0.
    A blank line (spaces, tabs and CR only) is ignored: it gets no answer.

    :param stdin: text or binary lines (the CLI passes the binary stdin, so that bytes that
        are not UTF-8 are answered ``errored`` instead of being replaced).
    :param on_request: called with (request number, line) before each answer (for fake
        implementations that misbehave on purpose).
    """
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    session = session or Session()
    # The answers are UTF-8 bytes: written to the byte stream under a UTF-8 text stdout
    # (after flushing the text layer, so that anything written as text comes first), else
    # decoded and written as text.
    raw = getattr(stdout, "buffer", None)
    if raw is not None and (getattr(stdout, "encoding", "") or "").lower().replace(
            "-", "") != "utf8":
        raw = None
    # (a session whose answers are its own, as the planted-bug adapters' are, answers
    # through handle_line; the plain one through respond, which gives the same bytes)
    plain = (type(session).handle_line is Session.handle_line
             and type(session).handle is Session.handle)
    n = 0
    # (the process's own binary stdin, answers written as bytes, no hook: read by _FdLines,
    # the answers flushed when no whole request is left to answer)
    reader = None
    # (the plain session writes nothing as text: its answers to requests read together are
    # held and leave in one write before the reader waits, one wake-up of the verifier per
    # batch of a pipelined random game)
    outbox: list[bytes] = []

    def send_held() -> None:
        if outbox:
            stdout.flush()
            raw.write(b"".join(outbox))  # type: ignore[union-attr]
            outbox.clear()
        stdout.flush()

    if stdin is sys.stdin.buffer and raw is not None and on_request is None:
        try:
            reader = _FdLines(stdin.fileno(), send_held)
        except (OSError, ValueError, AttributeError):  # (no descriptor: a test's stdin)
            reader = None
    if reader is not None:
        stdout.flush()
    for line, too_long in (reader if reader is not None else _lines(stdin)):
        # A blank line (JSON whitespace only: spaces, tabs, CR) is no request: no answer, no
        # request counted (docs/PROTOCOL.md "skipped and errored"; NDJSON's "MAY ignore").
        if not line.strip(b" \t\r\n" if isinstance(line, bytes) else " \t\r\n"):
            continue
        n += 1
        if on_request is not None:
            on_request(n, line.decode("utf-8", "replace") if isinstance(line, bytes) else line)
        if too_long:
            data: bytes | None = codec.dumps(Errored(
                None, f"a request line over {MAX_REQUEST:,} bytes", {"line": _clip(line)}
            ).to_json())
        elif plain:
            data = session.respond(line)
        else:
            answer = session.handle_line(line)
            data = None if answer is None else codec.dumps(answer.to_json())
        if data is not None:
            if reader is not None and plain:
                outbox.append(data + b"\n")  # (written before the reader waits for input)
            elif reader is not None:
                raw.write(data + b"\n")  # (flushed before the reader waits for input)
            elif raw is not None:
                stdout.flush()
                raw.write(data + b"\n")
                raw.flush()
            else:
                stdout.write(data.decode("utf-8") + "\n")
                stdout.flush()
        if session.stopped:
            break
    if reader is not None:
        send_held()
    return 0


def main(format_date: str | None = None) -> int:
    """The ``digiconform serve`` command (``--format-date``: :attr:`Session.format_date`):
    requests read as bytes from stdin (a line that is not UTF-8 is answered ``errored``),
    answers written on stdout, a line-buffered UTF-8 text stream (one answer per line,
    flushed at once). Returns the exit code. (Run without the command line by
    :mod:`digiconform.__main__` when ``serve`` has no option.)"""
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[attr-defined]
    return serve(sys.stdin.buffer, session=Session(format_date=format_date))

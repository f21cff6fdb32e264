"""The harness protocol, version 1: one frozen class per newline-delimited JSON message.

The verifier (the *harness*) writes one request per line on the implementation's stdin and
reads exactly one response line per request from its stdout; stderr is free for diagnostics.
Every game request carries a ``seq`` number that the response echoes. See
``docs/PROTOCOL.md`` for the whole exchange, and ``schemas/protocol/<name>.schema.json`` for
the schema of each message (``<name>`` is the class's :attr:`wire` name).

Requests (``"cmd"`` is the wire name)::

    start          {cmd, version}                            -> Ready
    new_game       {cmd, seq, setup, legal_actions?}         -> Position|Refused|Skipped|Errored
    load_state     {cmd, seq, setup, state, legal_actions?}  -> Position|Refused|Skipped|Errored
                   (optional: capability load_state)
    action         {cmd, seq, action, legal_actions?}        -> Position|Refused|Skipped|Errored
    legal_actions  {cmd, seq}                                -> LegalSet | Skipped | Errored
                   (optional: capability legal_actions)
    stop           {cmd}                                     -> (no response; the process exits)

``legal_actions: true`` on a game request (capability ``inline_legal_actions``) asks for the
resulting position's legal actions in the same answer (``Position.actions``), instead of a
separate ``legal_actions`` request.

Responses are told apart by their distinguishing key (``ready``, ``state``, ``refused``,
``skipped``, ``errored``, ``actions``), as in bowtie's IHOP.

:func:`parse_request` and :func:`parse_response` turn a decoded line into a message and raise
:class:`ProtocolError` (with a kebab-case ``code`` and a hint) for anything malformed. Every
string of a response that the implementation chooses (its name, version, language, homepage
and readings; a reason, message, clause or path) comes out of :func:`parse_response` made
safe and clipped (:func:`digiconform.harness.text.engine_text`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from digiconform.harness.text import NAME_LIMIT, engine_text

PROTOCOL_VERSION = 1
"""The protocol version this module speaks (``start.version``)."""

_SNAKE = re.compile(r"(?<!^)(?=[A-Z])")


class ProtocolError(Exception):
    """A line that is not a valid protocol message.

    :param code: kebab-case diagnostic code (``not-json``, ``not-an-object``,
        ``unknown-command``, ``schema-invalid``, ``wrong-seq``, ...).
    :param message: what was wrong, in one sentence.
    :param hint: what the implementation author should do about it.
    """

    def __init__(self, code: str, message: str, hint: str = "") -> None:
        self.code = code
        self.message = message
        self.hint = hint
        super().__init__(code, message, hint)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" + (f" (hint: {self.hint})" if self.hint else "")


_VALID: dict[str, Any] = {}  # protocol schema name -> compiled is_valid


def _check(doc: Mapping[str, Any], schema: str) -> None:
    is_valid = _VALID.get(schema)
    if is_valid is None:
        from oracle.validation import compiled

        is_valid = _VALID[schema] = compiled(f"protocol/{schema}")
    if is_valid(doc):
        return
    from oracle.validation import errors

    for path, msg in errors(doc, f"protocol/{schema}"):
        raise ProtocolError("schema-invalid", f"{schema} message, {path}: {msg}",
                            f"see schemas/protocol/{schema}.schema.json")


# ---------------------------------------------------------------------------------------------
# Requests


@dataclass(frozen=True)
class Request:
    """Base of every request; ``wire`` is the ``cmd`` value (the class name in snake case)."""

    wire: ClassVar[str] = ""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.wire = _SNAKE.sub("_", cls.__name__).lower()
        REQUESTS[cls.wire] = cls

    def to_json(self) -> dict[str, Any]:
        """The request as a JSON object (``{"cmd": wire, ...fields}``)."""
        d: dict[str, Any] = {"cmd": self.wire}
        for k, v in self.__dict__.items():
            if v is not None:
                d[k] = v
        return d


REQUESTS: dict[str, type[Request]] = {}


@dataclass(frozen=True)
class Start(Request):
    """Handshake: the harness's protocol ``version``. Answered by :class:`Ready`."""

    version: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class NewGame(Request):
    """Start a new game from ``setup`` (``{"ruleset", "card_set", "decks", "target",
    "variants"}``, see :mod:`oracle.driver`). Answered by the initial :class:`Position`."""

    seq: int
    setup: Mapping[str, Any]
    legal_actions: bool | None = None
    """True: answer with the legal actions too (capability ``inline_legal_actions``)."""


@dataclass(frozen=True)
class LoadState(Request):
    """Optional (capability ``load_state``): start from an arbitrary ``state`` of ``setup``'s
    game. Answered by the :class:`Position` as the implementation sees it."""

    seq: int
    setup: Mapping[str, Any]
    state: Mapping[str, Any]
    legal_actions: bool | None = None
    """True: answer with the legal actions too (capability ``inline_legal_actions``)."""


@dataclass(frozen=True)
class Action(Request):
    """Apply one action (a chance outcome included) to the current game."""

    seq: int
    action: Mapping[str, Any]
    legal_actions: bool | None = None
    """True: answer with the legal actions too (capability ``inline_legal_actions``)."""

    def to_json(self) -> dict[str, Any]:
        """``{"cmd": "action", "seq", "action", "legal_actions"?}``."""
        if self.legal_actions:
            return {"cmd": "action", "seq": self.seq, "action": self.action,
                    "legal_actions": True}
        return {"cmd": "action", "seq": self.seq, "action": self.action}


@dataclass(frozen=True)
class LegalActions(Request):
    """Optional (capability ``legal_actions``): list the legal actions now."""

    seq: int

    def to_json(self) -> dict[str, Any]:
        """``{"cmd": "legal_actions", "seq"}``."""
        return {"cmd": "legal_actions", "seq": self.seq}


@dataclass(frozen=True)
class Stop(Request):
    """End the session: no response; the implementation exits."""


# ---------------------------------------------------------------------------------------------
# Responses


@dataclass(frozen=True)
class Implementation:
    """Who answers: ``name``, ``version``, ``language`` and optionally ``homepage``."""

    name: str
    version: str
    language: str
    homepage: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"name", "version", "language", "homepage"?}``."""
        d = {"name": self.name, "version": self.version, "language": self.language}
        if self.homepage:
            d["homepage"] = self.homepage
        return d


@dataclass(frozen=True)
class Capabilities:
    """Optional abilities: ``load_state`` and ``legal_actions`` requests are understood;
    ``variants``: any reading given in ``setup.variants`` is honoured (not only those in
    ``Ready.readings``); ``inline_legal_actions``: a game request carrying ``"legal_actions":
    true`` is answered, when it gives a state, with the legal actions there too
    (:attr:`Position.actions`; used by the verifier only with ``legal_actions``);
    ``pipelining``: requests are read as a stream, so the verifier may write several
    ``action`` requests before it reads their answers (one answer each, in order; used by
    the verifier only with ``inline_legal_actions``)."""

    load_state: bool = False
    legal_actions: bool = False
    variants: bool = False
    inline_legal_actions: bool = False
    pipelining: bool = False

    def to_json(self) -> dict[str, bool]:
        """``{"load_state", "legal_actions", "variants", "inline_legal_actions"?,
        "pipelining"?}`` (the last two only when declared)."""
        d = {"load_state": self.load_state, "legal_actions": self.legal_actions,
             "variants": self.variants}
        if self.inline_legal_actions:
            d["inline_legal_actions"] = True
        if self.pipelining:
            d["pipelining"] = True
        return d


class Response:
    """Base of every response; ``wire`` is the key that identifies it on the wire."""

    wire: ClassVar[str] = ""


@dataclass(frozen=True)
class Ready(Response):
    """The answer to :class:`Start`.

    :param readings: ambiguity ID → the reading the implementation follows (IDs from
        :mod:`oracle.variants`); an ID left out is assumed to follow the default reading.
    :param details: the detail state fields the implementation answers and wants compared
        (:data:`digiconform.verifier.compare.DETAILS`); the core is always compared.
    """

    wire: ClassVar[str] = "ready"
    version: int
    implementation: Implementation
    rulesets: tuple[str, ...] = ("digibattle",)
    readings: Mapping[str, str] = field(default_factory=dict)
    capabilities: Capabilities = Capabilities()
    details: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``schemas/protocol/ready.schema.json``)."""
        d = {"ready": True, "version": self.version,
             "implementation": self.implementation.to_json(),
             "rulesets": list(self.rulesets), "readings": dict(self.readings),
             "capabilities": self.capabilities.to_json()}
        if self.details:
            d["details"] = list(self.details)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Ready:
        """Parse a ``ready`` answer.

        :raises ProtocolError: ``schema-invalid`` with the JSON path.
        """
        _check(d, "ready")
        caps = d.get("capabilities") or {}
        impl = d["implementation"]
        # (engine text: made safe and clipped here, digiconform.harness.text)
        implementation = Implementation(
            *(engine_text(impl[k], NAME_LIMIT) for k in ("name", "version", "language")),
            engine_text(impl["homepage"], NAME_LIMIT) if impl.get("homepage") else None)
        readings = {k: engine_text(v, NAME_LIMIT) for k, v in (d.get("readings") or {}).items()}
        return cls(int(d["version"]), implementation,
                   tuple(d.get("rulesets") or ("digibattle",)), readings,
                   Capabilities(**{k: bool(caps.get(k, False))
                                   for k in ("load_state", "legal_actions", "variants",
                                             "inline_legal_actions", "pipelining")}),
                   tuple(d.get("details") or ()))


@dataclass(frozen=True)
class Position(Response):
    """A game request was carried out: the resulting ``state`` (``state.schema.json``) and,
    optionally, the ``events`` it caused; ``actions``: the legal actions there, answered to a
    request carrying ``"legal_actions": true`` (capability ``inline_legal_actions``)."""

    wire: ClassVar[str] = "state"
    seq: int
    state: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...] | None = None
    actions: tuple[Mapping[str, Any], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "state", "events"?, "actions"?}``."""
        d: dict[str, Any] = {"seq": self.seq, "state": self.state}
        if self.events is not None:
            d["events"] = list(self.events)
        if self.actions is not None:
            d["actions"] = list(self.actions)
        return d


@dataclass(frozen=True)
class Refused(Response):
    """The request is refused under the rules: ``kind`` is ``illegal`` (``clause`` names the
    rule broken), ``invalid`` (malformed; ``path`` names the field) or ``unsupported``."""

    wire: ClassVar[str] = "refused"
    seq: int
    kind: str
    reason: str
    clause: str | None = None
    path: str | None = None
    clauses: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "refused": {"kind", "reason", "clause"?, "clauses"?, "path"?}}``
        (``clauses``: every rule the action breaks, when more than one)."""
        from oracle.driver import Refusal

        refusal = Refusal(self.kind, self.reason, self.clause, self.path, self.clauses)
        return {"seq": self.seq, "refused": refusal.to_json()}


@dataclass(frozen=True)
class Skipped(Response):
    """The implementation declines the request (not a rules answer), with a ``reason``."""

    wire: ClassVar[str] = "skipped"
    seq: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "skipped": {"reason"}}``."""
        return {"seq": self.seq, "skipped": {"reason": self.reason}}


@dataclass(frozen=True)
class Errored(Response):
    """The implementation failed internally; ``seq`` is None when the request could not be
    read at all (e.g. malformed JSON)."""

    wire: ClassVar[str] = "errored"
    seq: int | None
    message: str
    context: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "errored": {"message", "context"?}}``."""
        e: dict[str, Any] = {"message": self.message}
        if self.context:
            e["context"] = dict(self.context)
        return {"seq": self.seq, "errored": e}


@dataclass(frozen=True)
class LegalSet(Response):
    """The answer to :class:`LegalActions`: every legal action now (any order)."""

    wire: ClassVar[str] = "actions"
    seq: int
    actions: tuple[Mapping[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "actions": [...]}``."""
        return {"seq": self.seq, "actions": list(self.actions)}


GameAnswer = Position | Refused | Skipped | Errored
"""What ``new_game``, ``load_state`` and ``action`` may be answered with."""


def parse_request(d: Any) -> Request:
    """A decoded request line as a message.

    :raises ProtocolError: ``not-an-object``, ``unknown-command`` or ``schema-invalid``.
    """
    if type(d) is not dict and not isinstance(d, Mapping):
        raise ProtocolError("not-an-object", f"a request must be a JSON object, got "
                            f"{type(d).__name__}")
    cls = REQUESTS.get(d.get("cmd"))  # type: ignore[arg-type]
    if cls is None:
        raise ProtocolError("unknown-command", f"unknown cmd {d.get('cmd')!r}",
                            f"one of {', '.join(REQUESTS)}")
    _check(d, cls.wire)
    # (the schema allows exactly these keys: the usual two requests are built directly)
    if cls is Action:
        return Action(d["seq"], d["action"], d.get("legal_actions"))
    if cls is LegalActions:
        return LegalActions(d["seq"])
    return cls(**{k: v for k, v in d.items() if k != "cmd"})


_GAME_KEYS = ("state", "refused", "skipped")
_LEGAL_KEYS = ("actions", "skipped")
_SCHEMA_OF = {"state": "position", "actions": "legal_set", "refused": "refused",
              "skipped": "skipped"}


def parse_response(d: Any, request: Request, *, validate: bool = True) -> Response:
    """A decoded response line to ``request`` as a message.

    :raises ProtocolError: ``not-an-object``, ``wrong-seq`` (the ``seq`` is not the
        request's), ``unexpected-answer`` (e.g. ``actions`` to an ``action`` request) or
        ``schema-invalid``.
    """
    if type(d) is not dict and not isinstance(d, Mapping):
        raise ProtocolError("not-an-object", f"a response must be a JSON object, got "
                            f"{type(d).__name__}", "write exactly one JSON object per line")
    kind = type(request)
    if kind is Start:
        if "ready" not in d:
            raise ProtocolError("unexpected-answer", "the answer to start must contain "
                                "\"ready\": true", "see docs/PROTOCOL.md, start")
        return Ready.from_json(d)
    seq = getattr(request, "seq", None)
    if "errored" in d and d.get("seq") in (seq, None):
        if validate:
            _check(d, "errored")
        e = d["errored"] if isinstance(d["errored"], Mapping) else {"message": d["errored"]}
        return Errored(seq, engine_text(e.get("message", "")), e.get("context"))
    if d.get("seq") != seq:
        raise ProtocolError("wrong-seq", f"expected seq {seq}, got {d.get('seq')!r}",
                            "echo the request's seq in its response")
    for key in _LEGAL_KEYS if kind is LegalActions else _GAME_KEYS:
        if key in d:
            break
    else:
        allowed = ("actions",) if kind is LegalActions else ("state", "refused")
        raise ProtocolError("unexpected-answer", f"the answer to {request.wire} must contain "
                            f"one of {', '.join((*allowed, 'skipped', 'errored'))}; got keys "
                            f"{sorted(d)}", "see docs/PROTOCOL.md")
    if validate:
        _check(d, _SCHEMA_OF[key])
    if key == "state":
        ev, acts = d.get("events"), d.get("actions")
        return Position(seq, d["state"], tuple(ev) if ev is not None else None,
                        tuple(acts) if acts is not None else None)
    if key == "refused":
        r = d["refused"]
        clause, path = r.get("clause"), r.get("path")
        return Refused(seq, r["kind"], engine_text(r.get("reason", "")),
                       None if clause is None else engine_text(clause, NAME_LIMIT),
                       None if path is None else engine_text(path, NAME_LIMIT),
                       tuple(engine_text(c, NAME_LIMIT) for c in r.get("clauses") or ()))
    if key == "skipped":
        return Skipped(seq, engine_text(d["skipped"].get("reason", "")))
    return LegalSet(seq, tuple(d["actions"]))

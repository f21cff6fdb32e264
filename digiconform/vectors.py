"""Language-neutral test vectors: every feature scenario as JSON (``schemas/vector.schema.json``).

A *scenario vector* is what a scenario did through the driver, with the oracle's answers as
the expectations: a list of steps (``new_game`` / ``load_state`` / ``action`` /
``legal_actions``), each with the expected ``state``, ``refused`` or ``actions``. An engine
replays the steps and compares, with no Python at all; :func:`run_vector` does it over any
:class:`~oracle.driver.Driver` (the verifier uses a protocol driver).

Vectors are recorded by running the features with ``--record-vectors DIR`` (the features'
``conftest.py`` wraps the oracle driver in a :class:`RecordingDriver`), committed under
``vectors/`` and shipped in the wheel as ``digiconform/_vectors``; ``digiconform vectors export
DIR`` writes them out with their schema and the bundled card data.

Each vector also records ``depends_on``: for every ambiguity whose reading changes the
vector's outcome, the readings under which its expectations hold (found by replaying it
through the oracle under every reading). The verifier uses it to tell a failure from "this
implementation follows another reading".
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from digiconform.resources import vectors_dir
from oracle.driver import Driver, OracleDriver, Outcome, Refusal
from oracle.errors import InvalidInputError, OracleError, UnsupportedError

VECTOR_FORMAT = "digiconform-vector/1"
NOTHING_CHECKED = "nothing-checked"
""":attr:`VectorResult.code` of a vector none of whose answers could be compared."""
CLAUSE_RE = re.compile(r"^(DB-[A-D]\.(\d+n?|ex)|DCG-[0-9-]+|CR4\.2 [A-Z][a-z]+( [a-z]+)*)$")
AMBIGUITY_RE = re.compile(r"^[A-Z]+-AMB-\d+$")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_name(vector_id: str) -> str:
    """A stable, file-system-safe name for a vector ID (``<slug>-<hash8>.vector.json``)."""
    slug = _SAFE.sub("-", vector_id).strip("-")[:80]
    digest = hashlib.sha1(vector_id.encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}.vector.json"


def _compact_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup as recorded: the bundled card set by ID only."""
    from oracle.cards import default_card_set

    out = dict(setup)
    cs = out.get("card_set")
    if isinstance(cs, Mapping) and cs.get("id") == default_card_set().id:
        out["card_set"] = {"id": cs["id"]}
    return out


def split_tags(tags: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """``(tags, clauses, ambiguities)`` from scenario tags (a leading ``@`` is dropped)."""
    clean = [t.lstrip("@") for t in tags]
    clauses = sorted({t for t in clean if CLAUSE_RE.match(t)})
    ambs = sorted({t for t in clean if AMBIGUITY_RE.match(t)})
    return clean, clauses, ambs


class RecordingDriver:
    """A :class:`~oracle.driver.Driver` that passes every call to ``driver`` and records the
    calls with their answers; :meth:`close` writes the scenario vector to ``out_dir``.

    :param driver: the driver the scenario runs on (the oracle).
    :param scenario_id: the vector's stable ID (e.g. ``"scoring.feature::A tie scores
        nothing"``).
    :param clause_tags: the scenario's tags (clause IDs, ambiguity IDs, others).
    :param out_dir: directory the vector is written to (created if needed).
    """

    def __init__(self, driver: Driver, scenario_id: str, clause_tags: Sequence[str],
                 out_dir: str | Path) -> None:
        self.driver = driver
        self.name = getattr(driver, "name", "recording")
        self.scenario_id = scenario_id
        self.tags = list(clause_tags)
        self.out_dir = Path(out_dir)
        self.steps: list[dict[str, Any]] = []
        self.written: Path | None = None
        self.prelude = False
        """Set while the scenario plays the prelude that reaches its described position: the
        steps recorded then carry ``"prelude": true``."""
        self.needs_load_state: str | None = None
        """Set by a scenario whose position no legal game reaches (it uses ``load_state``):
        the reason, written as the vector's ``needs_load_state``."""

    def mark_prelude(self, on: bool) -> None:
        """Steps recorded from now on reach the scenario's position (``"prelude": true``) or,
        with ``on`` False, are the scenario's own steps (:attr:`prelude`)."""
        self.prelude = on

    def note_needs_load_state(self, reason: str) -> None:
        """The scenario says why no legal game reaches its position (:attr:`needs_load_state`,
        instead of :func:`digiconform.reach.needs_load_state`'s guess)."""
        self.needs_load_state = reason

    def _add(self, step: dict[str, Any]) -> None:
        if self.prelude:
            step["prelude"] = True
        self.steps.append(step)

    def new_game(self, setup: Mapping[str, Any]) -> Mapping[str, Any]:
        """Record ``new_game`` and its answer (a state, or the refusal it raised)."""
        step: dict[str, Any] = {"request": "new_game", "setup": _compact_setup(setup)}
        try:
            state = self.driver.new_game(setup)
        except OracleError as e:
            step["expect"] = {"refused": Refusal.from_error(e).to_json()}
            self._add(step)
            raise
        step["expect"] = {"state": copy.deepcopy(dict(state))}
        self._add(step)
        return state

    def load_state(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> Mapping[str, Any]:
        """Record ``load_state`` and its answer."""
        step: dict[str, Any] = {"request": "load_state", "setup": _compact_setup(setup),
                                "state": copy.deepcopy(dict(state))}
        try:
            got = self.driver.load_state(setup, state)
        except OracleError as e:
            step["expect"] = {"refused": Refusal.from_error(e).to_json()}
            self._add(step)
            raise
        step["expect"] = {"state": copy.deepcopy(dict(got))}
        self._add(step)
        return got

    def apply(self, action: Mapping[str, Any]) -> Outcome:
        """Record one action and the state or refusal it led to."""
        out = self.driver.apply(action)
        step: dict[str, Any] = {"request": "action", "action": copy.deepcopy(dict(action))}
        if out.refusal is not None:
            step["expect"] = {"refused": out.refusal.to_json()}
        else:
            step["expect"] = {"state": copy.deepcopy(dict(out.state or {}))}
        self._add(step)
        return out

    def legal_actions(self) -> list[Mapping[str, Any]] | None:
        """Record the legal set."""
        acts = self.driver.legal_actions()
        if acts is not None:
            self.steps.append({"request": "legal_actions",
                               "expect": {"actions": [dict(a) for a in acts]}})
        return acts

    inline_legal = False
    """Legal sets are asked by their own requests (each recorded as a step), never inline."""

    def __getattr__(self, name: str) -> Any:
        # Driver-specific extras (e.g. OracleDriver.state) pass through.
        return getattr(self.driver, name)

    def vector(self) -> dict[str, Any]:
        """The vector document for what was recorded so far (``depends_on`` included)."""
        tags, clauses, ambs = split_tags(self.tags)
        doc = {
            "format": VECTOR_FORMAT, "kind": "scenario", "id": self.scenario_id,
            "ruleset": next((s["setup"].get("ruleset", "digibattle") for s in self.steps
                             if "setup" in s), "digibattle"),
            "clauses": clauses, "ambiguities": ambs, "tags": tags,
            "steps": self.steps,
        }
        if self.needs_load_state:
            doc["needs_load_state"] = self.needs_load_state
        doc["depends_on"] = dependence(doc)
        return doc

    def close(self) -> None:
        """Write the vector (once; nothing when the scenario made no driver call)."""
        if self.written is None and self.steps:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path = self.out_dir / file_name(self.scenario_id)
            write_vector(path, self.vector())
            self.written = path
        self.driver.close()


def write_vector(path: Path, doc: Mapping[str, Any]) -> None:
    """Validate ``doc`` against ``vector.schema.json`` and write it (stable key order)."""
    from oracle.validation import validate

    validate(doc, "vector")
    path.write_text(vector_text(doc), encoding="utf-8")


def vector_text(doc: Mapping[str, Any]) -> str:
    """The file text of a vector (stable key order, one space of indent)."""
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def load_vectors(root: Path | None = None, kind: str | None = None) -> list[dict[str, Any]]:
    """Every ``*.vector.json`` under ``root`` (default: the shipped vectors), sorted by ID.

    :raises InvalidInputError: a file that is not a regular file, not JSON or not a valid
        vector (the reason names the file).
    """
    root = root or vectors_dir()
    out = []
    for path in sorted(root.rglob("*.vector.json")):
        doc = _read_vector(path)
        if kind is None or doc["kind"] == kind:
            out.append(doc)
    return sorted(out, key=lambda d: d["id"])


def _read_vector(path: Path, data: bytes | None = None) -> dict[str, Any]:
    """One vector file (or its bytes ``data``), read and validated (the reason of an error
    names the file)."""
    from oracle.errors import InvalidInputError
    from oracle.inputs import parse_json, read_bytes
    from oracle.validation import validate

    try:
        doc = parse_json(read_bytes(path) if data is None else data, where=str(path))
        validate(doc, "vector")
    except InvalidInputError as e:
        raise InvalidInputError(e.path, e.reason if str(path) in e.reason
                                else f"{e.reason} (in {path})") from None
    return doc  # type: ignore[no-any-return]


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()  # (the fastest here: 0.6 ms per MB)


class VectorRef(Mapping[str, Any]):
    """A vector of a :func:`vector_index`: what selecting it needs (``id``, ``ruleset``,
    ``kind``, ``clauses``, ``tags``) as a mapping, the whole document by :meth:`load`."""

    __slots__ = ("path", "_meta", "_digest")

    def __init__(self, path: Path, doc: Mapping[str, Any], digest: bytes) -> None:
        self.path = path
        self._meta = {k: doc[k] for k in _META if k in doc}
        self._digest = digest

    def __getitem__(self, key: str) -> Any:
        return self._meta[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._meta)

    def __len__(self) -> int:
        return len(self._meta)

    def load(self) -> dict[str, Any]:
        """The whole vector: its file read again. The same bytes as were indexed (their
        SHA-256) are the document that was validated then, parsed without checking it a
        second time; other bytes are read and validated as new.

        :raises InvalidInputError: the file is no longer a valid vector, or no longer the
            vector of this ID (it changed since it was indexed).
        """
        from oracle.errors import InvalidInputError
        from oracle.inputs import orjson, read_bytes

        try:
            data = read_bytes(self.path)
        except InvalidInputError as e:
            raise InvalidInputError(e.path, f"{e.reason} (in {self.path})") from None
        if orjson is not None and _digest(data) == self._digest:
            return orjson.loads(data)  # type: ignore[no-any-return]
        doc = _read_vector(self.path, data)
        if doc["id"] != self._meta["id"] or doc["kind"] != self._meta["kind"]:
            raise InvalidInputError("$.id", f"{self.path} changed while it was used: it was "
                                            f"vector {self._meta['id']!r}, it is {doc['id']!r}")
        return doc


INDEX_FILE = "index.json"
"""The shipped vectors' index, in the top of :func:`vectors_dir` (not a vector: no
``.vector.json``): each vector file's SHA-256 and what selecting it needs, written by
:func:`write_index` from the files as recorded (each read and validated then)."""

INDEX_FORMAT = "digiconform-vector-index/1"

_META = ("id", "ruleset", "kind", "clauses", "tags")
"""What :class:`VectorRef` keeps of a vector (selecting needs nothing else)."""


def index_doc(root: Path | None = None) -> dict[str, Any]:
    """The index of the vectors under ``root`` (default: the shipped ones): per file (its
    path under ``root``, ``/``-separated) its SHA-256 and the fields selecting it needs,
    every file read and validated (:func:`_read_vector`).

    :raises InvalidInputError: as :func:`load_vectors`.
    """
    from oracle.inputs import read_bytes

    root = (root or vectors_dir()).resolve()
    files: dict[str, Any] = {}
    for path in iter_vector_files(root):
        data = read_bytes(path)
        doc = _read_vector(path, data)
        files[path.relative_to(root).as_posix()] = {
            "sha256": _digest(data).hex(), **{k: doc[k] for k in _META if k in doc}}
    return {"format": INDEX_FORMAT, "files": files}


def index_text(doc: Mapping[str, Any]) -> str:
    """The text of an index file (stable key order)."""
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_index(root: Path | None = None) -> Path:
    """Write :data:`INDEX_FILE` of the vectors under ``root`` (default: the shipped ones;
    :func:`record` and :func:`digiconform.perft.write_vectors` call it after writing
    vectors). Returns its path."""
    root = (root or vectors_dir()).resolve()
    path = root / INDEX_FILE
    path.write_text(index_text(index_doc(root)), encoding="utf-8")
    return path


def _shipped_index(root: Path) -> dict[str, Any]:
    """The files of the shipped index when ``root`` is the shipped vectors' directory and
    its index is readable (else empty: every file is read and validated). Only the shipped
    directory's index is taken on trust; another directory's files are always read whole."""
    if root != vectors_dir().resolve():
        return {}
    from oracle.inputs import read_json

    try:
        doc = read_json(root / INDEX_FILE)
    except (InvalidInputError, OSError):
        return {}
    files = doc.get("files") if isinstance(doc, dict) and \
        doc.get("format") == INDEX_FORMAT else None
    return files if isinstance(files, dict) else {}


def _indexed_meta(entry: Any, digest: bytes) -> dict[str, Any] | None:
    """The fields of the shipped index's ``entry`` for a file whose bytes have the SHA-256
    ``digest``, when the entry is of those very bytes; None otherwise."""
    if not isinstance(entry, dict) or entry.get("sha256") != digest.hex():
        return None
    meta = {k: entry[k] for k in _META if k in entry}
    ok = all(isinstance(meta.get(k), str) for k in ("id", "ruleset", "kind"))
    return meta if ok else None


_INDEX: dict[tuple[Path, str | None, str | None],
             tuple[tuple[Any, ...], list[VectorRef]]] = {}


def _other_rulesets(ruleset: str | None) -> frozenset[str]:
    from oracle.rulesets import NAMES

    return frozenset(n for n in NAMES if ruleset is not None and n != ruleset)


def vector_index(root: Path | None = None, kind: str | None = None,
                 ruleset: str | None = None) -> list[VectorRef]:
    """As :func:`load_vectors` (every file read and validated, the same errors), but each
    vector kept only as a :class:`VectorRef`: a run holds one whole vector at a time, not
    every vector of the directory (some 150 MB for the shipped ones).

    With ``ruleset``, a subdirectory of ``root`` named after *another* ruleset (the layout of
    the shipped and exported vectors: ``digibattle/…``, ``dcg/…``) is not read; every other
    file is, whatever its place (and the caller still selects by each vector's own
    ``ruleset``). Remembered per directory for as long as no file in it changes (size,
    modification time, inode), so that the command line's plan and the run read the files
    once.

    In the shipped directory, a file whose bytes are those its :data:`INDEX_FILE` entry was
    written from (their SHA-256) is indexed from that entry, not parsed and validated again
    (it was when the index was written; ``tests/test_vectors.py`` checks that the shipped
    index is that of the shipped files): some 30 % of ``verify --games 0``'s verifier CPU.
    """
    root = (root or vectors_dir()).resolve()
    others = _other_rulesets(ruleset)
    paths = sorted(p for top in ([root] if not others else
                                 [e for e in root.iterdir() if e.name not in others])
                   for p in (top.rglob("*.vector.json") if top.is_dir() else [top])
                   if p.name.endswith(".vector.json"))
    stamp = []
    for p in paths:
        try:
            st = p.stat()
            stamp.append((p, st.st_size, st.st_mtime_ns, st.st_ino))
        except OSError:
            stamp.append((p, None))
    key = (root, kind, ruleset)
    cached = _INDEX.get(key)
    if cached is not None and cached[0] == tuple(stamp):
        return list(cached[1])
    out = []
    from oracle.inputs import read_bytes

    shipped = _shipped_index(root)
    for path in paths:
        try:
            data = read_bytes(path)
        except InvalidInputError as e:
            raise InvalidInputError(e.path, e.reason if str(path) in e.reason
                                    else f"{e.reason} (in {path})") from None
        # A shipped file whose bytes are those the index was written from is that
        # validated vector (not parsed here: VectorRef.load parses it when it runs).
        digest = _digest(data)
        doc = _indexed_meta(shipped.get(path.relative_to(root).as_posix()), digest) \
            if shipped else None
        if doc is None:
            doc = _read_vector(path, data)
        if kind is None or doc["kind"] == kind:
            out.append(VectorRef(path, doc, digest))
        del doc, data
    out.sort(key=lambda r: r["id"])
    _INDEX[key] = (tuple(stamp), out)
    return list(out)


def unindexed_vector(root: Path | None, vector_id: str, ruleset: str) -> bool:
    """Whether a file of vector ``vector_id`` (:func:`file_name`) is in a subdirectory of
    ``root`` that :func:`vector_index` with ``ruleset`` does not read (another ruleset's)."""
    root = (root or vectors_dir()).resolve()
    name = file_name(vector_id)
    return any(any((root / other).rglob(name)) for other in sorted(_other_rulesets(ruleset)))


# ---------------------------------------------------------------------------------------------
# Running a vector


@dataclass
class VectorResult:
    """The outcome of one vector on one driver.

    :param status: ``pass``, ``fail`` (an answer differs), ``error`` (the implementation
        misbehaved: ``code`` says how), ``skip`` (it declined, lacks a capability, or
        refused the setup as unsupported: ``reason``).
    :param step: index of the step that failed (or was skipped on).
    :param differences: ``(json_path, expected, actual)`` triples of a state mismatch.
    :param forced: the forced actions the oracle took past the failing step to where the
        implementation, having moved on by itself, stands (``differences`` are taken there;
        :func:`~digiconform.verifier.differential.forced_closest`); empty otherwise.
    """

    id: str
    status: str
    reason: str = ""
    step: int | None = None
    request: Mapping[str, Any] | None = None
    expected: Any = None
    actual: Any = None
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    code: str | None = None
    unsupported: bool = False
    forced: list[Mapping[str, Any]] = field(default_factory=list)
    prelude_failure: VectorResult | None = None
    """When the vector's prelude (the steps marked ``"prelude": true`` that reach its
    described position by legal play) failed: that failure (its ``step`` is the prelude step
    ``k``). The result itself is then either that same failure (``reached`` is
    ``"not-reached"``: the vector's own steps were never compared) or the vector's own steps
    run from the position loaded directly (``reached`` is ``"load_state"``)."""
    reached: str = "prelude"
    """How the vector's position was reached: ``prelude`` (as recorded, or the vector has
    none), ``load_state`` (its prelude failed, the position was loaded instead) or
    ``not-reached`` (its prelude failed and no other route to the position worked)."""
    route_note: str | None = None
    """After a prelude failure: which other route was tried and why it did not serve."""


def prelude_end(vector: Mapping[str, Any]) -> int | None:
    """The index of the last prelude step of ``vector`` (None: it has no prelude)."""
    last = None
    for i, s in enumerate(vector.get("steps") or ()):
        if s.get("prelude"):
            last = i
    return last


def load_state_route(vector: Mapping[str, Any]) -> dict[str, Any] | None:
    """``vector`` reaching its position another way: a ``load_state`` of the position its
    prelude reaches (the state its last prelude step expects, under the setup of its
    ``new_game``), then its own steps. None when it has no prelude, or the oracle does not
    pass the derived vector (the position cannot be loaded as it stands)."""
    end = prelude_end(vector)
    steps = vector.get("steps") or []
    if end is None or not steps or steps[0].get("request") != "new_game":
        return None
    state = (steps[end].get("expect") or {}).get("state")
    if not isinstance(state, Mapping):
        return None
    load = {"request": "load_state", "setup": steps[0]["setup"], "state": state,
            "expect": {"state": state}}
    alt = {**vector, "steps": [load, *steps[end + 1:]]}
    try:
        if _run_steps(OracleDriver(), alt, validate_mismatch=False).status != "pass":
            return None
    except Exception:  # noqa: BLE001 - a position the oracle cannot load: no such route
        return None
    return alt


def run_vector(driver: Driver, vector: Mapping[str, Any], *, ignore: Sequence[str] = (),
               validate_mismatch: bool = True) -> VectorResult:
    """Replay ``vector`` through ``driver`` and compare every answer.

    A failure in the vector's prelude (before its own steps) does not test the vector's
    clause: the position is then reached another way when possible, a ``load_state`` of
    it (:func:`load_state_route`; for a driver with the ``load_state`` capability), and the
    vector's own steps are compared from there (``reached`` ``"load_state"``); otherwise the
    result is the prelude's failure with ``reached`` ``"not-reached"``. Either way
    ``prelude_failure`` holds the prelude's failure (no second legal prelude is derived at
    verify time: the recorded one is the only one a vector holds).

    :param ignore: top-level state fields left out of the comparison (the dependence
        computation ignores ``variants``).
    :param validate_mismatch: when a state differs, check it against the state schema and
        report a schema violation first (code ``state-schema-invalid``).
    :returns: the first failure, or ``pass`` (after at least one answer was compared; a
        vector that compared nothing is ``skip`` with code :data:`NOTHING_CHECKED`). Never
        raises for a misbehaving driver.
    """
    res = _run_steps(driver, vector, ignore=ignore, validate_mismatch=validate_mismatch)
    end = prelude_end(vector)
    if res.status not in ("fail", "error") or end is None or res.step is None or \
            res.step > end or getattr(driver, "dead", None):
        return res
    alt = load_state_route(vector)
    if alt is None:
        res.reached = "not-reached"
        res.prelude_failure = res
        res.route_note = "no other route: the position cannot be loaded as recorded"
        return res
    again = _run_steps(driver, alt, ignore=ignore, validate_mismatch=validate_mismatch)
    if again.status == "skip" and again.step == 0:
        res.reached = "not-reached"
        res.prelude_failure = res
        res.route_note = f"loading the position instead was declined ({again.reason})"
        return res
    if again.status in ("fail", "error") and again.step == 0:
        res.reached = "not-reached"
        res.prelude_failure = res
        res.route_note = f"loading the position instead failed too ({again.reason})"
        return res
    if again.step is not None:  # (the steps of ``alt`` after its load_state are the vector's)
        again.step = end + again.step
    again.reached = "load_state"
    again.prelude_failure = res
    again.route_note = "reached by load_state of the position instead"
    return again


def _run_steps(driver: Driver, vector: Mapping[str, Any], *, ignore: Sequence[str] = (),
               validate_mismatch: bool = True) -> VectorResult:
    """:func:`run_vector` without the other route after a prelude failure.

    A driver that can write requests ahead (:meth:`ProtocolDriver.plan_ahead
    <digiconform.harness.driver.ProtocolDriver.plan_ahead>`) is told the requests the
    vector sends when every answer is the one expected (:func:`_ahead`): the implementation
    reads the same requests in the same order, a few written at a time, and the verifier
    waits once per batch of answers (each wait that wakes a process on another CPU costs CPU
    on a virtual machine: issue 27). When the steps take another way (a state that differs
    and the engine moved on by itself, two shuffles taken the other way round) while
    answers written ahead are unread, the vector is run again from its first request, one
    request at a time; the answers nobody asked for are read and dropped
    (:meth:`~digiconform.harness.driver.ProtocolDriver.end_ahead`).
    """
    plan_ahead = getattr(driver, "plan_ahead", None)
    if plan_ahead is None or not plan_ahead(_ahead(driver, vector)):
        return _run_steps_once(driver, vector, ignore=ignore,
                               validate_mismatch=validate_mismatch)
    from digiconform.harness.process import AheadMismatch

    try:
        try:
            return _run_steps_once(driver, vector, ignore=ignore,
                                   validate_mismatch=validate_mismatch)
        finally:
            driver.end_ahead()  # type: ignore[attr-defined]
    except AheadMismatch:
        return _run_steps_once(driver, vector, ignore=ignore,
                               validate_mismatch=validate_mismatch)


def _ahead(driver: Driver, vector: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """The requests :func:`_run_steps_once` sends ``driver`` for ``vector`` when every
    answer is the one the vector expects (``ProtocolDriver.plan_ahead``'s form), up to a
    game request it expects refused (the steps after it send nothing)."""
    steps = vector["steps"]
    inline = bool(getattr(driver, "inline_legal", False))
    ready = getattr(driver, "ready_info", None)
    can_list = bool(ready is not None and ready.capabilities.legal_actions)
    out: list[tuple[Any, ...]] = []
    carried = False  # (the answer before carries the legal actions: no request for them)
    for i, step in enumerate(steps):
        kind = step["request"]
        legal = inline and i + 1 < len(steps) and steps[i + 1]["request"] == "legal_actions"
        expect = step["expect"]
        if kind == "new_game" or kind == "load_state":
            setup = resolve_setup(step["setup"])
            out.append(("new_game", setup, legal) if kind == "new_game"
                       else ("load_state", setup, step["state"], legal))
            if "state" not in expect:
                break
            carried = legal
        elif kind == "action":
            out.append(("action", step["action"], legal))
            carried = legal and "state" in expect
        elif kind == "legal_actions":
            if not carried and can_list:
                out.append(("legal_actions",))
            carried = False
        else:
            break
    return out


def _run_steps_once(driver: Driver, vector: Mapping[str, Any], *, ignore: Sequence[str] = (),
                    validate_mismatch: bool = True) -> VectorResult:
    """:func:`_run_steps`: the steps, each request sent when the answer before is read."""
    from digiconform.harness.driver import (
        ImplementationError,
        ImplementationSkipped,
        state_schema_problem,
    )
    from digiconform.verifier.compare import (
        legal_set_difference,
        refusal_difference,
        state_differences,
    )
    from digiconform.verifier.differential import declared_details, waits_only_in_oracle

    vid = vector["id"]
    details = declared_details(driver)
    skip: set[int] = set()
    there: dict[int, Mapping[str, Any]] = {}  # probes checked where the engine moved on to
    checked = 0  # answers compared; a vector that compares none has checked nothing
    steps = vector["steps"]
    # An engine declaring inline_legal_actions (ProtocolDriver.inline_legal) is asked for a
    # position's legal actions with the request that leads there when the vector's next step
    # asks for them; its legal_actions() then answers from that answer (no request), compared
    # as any legal_actions answer.
    inline = bool(getattr(driver, "inline_legal", False))
    for i, step in enumerate(steps):
        if i in skip:
            continue
        checked += 1
        kind = step["request"]
        kw = {"legal": True} if inline and i + 1 < len(steps) and \
            steps[i + 1]["request"] == "legal_actions" else {}
        expect = step["expect"]
        req = {k: v for k, v in step.items() if k != "expect"}
        got_refusal: Mapping[str, Any] | None = None
        got_state: Any = None
        try:
            if kind in ("new_game", "load_state"):
                setup = resolve_setup(step["setup"])
                try:
                    got_state = (driver.new_game(setup, **kw) if kind == "new_game"
                                 else driver.load_state(setup, step["state"], **kw))
                except UnsupportedError as e:
                    if "refused" in expect and expect["refused"]["kind"] == "unsupported":
                        continue  # the expected refusal: checked
                    return VectorResult(vid, "skip", f"unsupported: {e.reason}", i, req,
                                        unsupported=True)
                except OracleError as e:
                    got_refusal = Refusal.from_error(e).to_json()
            elif kind == "action":
                out = driver.apply(step["action"], **kw)
                j = _shuffle_due_with(vector, i) if out.refusal is not None else None
                if j is not None and driver.apply(vector["steps"][j]["action"]).refusal is None:
                    # Two recycle shuffles due at once, taken the other way round: the rules
                    # give them no order (DB-D.3), the oracle's queue is its own.
                    out = driver.apply(step["action"], **kw)
                    expect = vector["steps"][j]["expect"]
                    skip.add(j)
                got_refusal = out.refusal.to_json() if out.refusal else None
                got_state = out.state
            elif kind == "legal_actions":
                acts = driver.legal_actions()
                if acts is None:
                    checked -= 1
                    continue
                missing, extra = legal_set_difference(expect["actions"], acts)
                if missing or extra:
                    return VectorResult(
                        vid, "fail", "the legal actions differ", i, req,
                        expected=missing, actual=extra,
                        differences=[("$.missing", missing, None), ("$.extra", None, extra)])
                continue
            else:  # pragma: no cover - excluded by the schema
                raise ValueError(kind)
        except ImplementationSkipped as e:
            return VectorResult(vid, "skip", f"skipped by the implementation: {e.reason}", i,
                                req)
        except ImplementationError as e:
            return VectorResult(vid, "error", str(e), i, req, code=e.code,
                                actual=e.stderr[-2000:] or None)
        if i in there:
            expect = {"refused": there[i]}
        if "refused" in expect:
            if got_refusal is not None and got_refusal.get("kind") == "unsupported" and \
                    expect["refused"]["kind"] != "unsupported":
                return VectorResult(vid, "skip", f"unsupported: {got_refusal.get('reason')}",
                                    i, req, unsupported=True)
            why = refusal_difference(expect["refused"], got_refusal, step.get("action"),
                                     vector.get("ruleset"))
            if why:
                return VectorResult(vid, "fail", why, i, req, expected=expect["refused"],
                                    actual=got_refusal or _clip_state(got_state))
            continue
        if got_refusal is not None:
            if got_refusal.get("kind") == "unsupported":
                return VectorResult(vid, "skip", f"unsupported: {got_refusal.get('reason')}",
                                    i, req, unsupported=True)
            return VectorResult(vid, "fail", "refused ("
                                + ", ".join(f"{k}={v}" for k, v in got_refusal.items())
                                + "); expected it accepted", i, req,
                                expected={"state": "accepted"}, actual=got_refusal)
        exp = expect["state"]
        act = got_state
        if ignore and isinstance(act, Mapping):
            exp = {k: v for k, v in exp.items() if k not in ignore}
            act = {k: v for k, v in act.items() if k not in ignore}
        diffs = state_differences(exp, act, details=details)
        forced: list[Mapping[str, Any]] = []
        if diffs and waits_only_in_oracle(details):
            moved = _moved_on(vector, i, act, details)
            if moved is not None:
                skip.update(moved.taken)
                there.update(moved.probes)
                continue
            near = _forced_near(vector, i, act, details)
            if near is not None:
                diffs, forced = near.differences, near.path
        if diffs:
            problem = state_schema_problem(got_state, vector.get("ruleset", "digibattle")) \
                if validate_mismatch else None
            if problem:
                return VectorResult(vid, "error", problem, i, req, code="state-schema-invalid",
                                    differences=diffs)
            return VectorResult(vid, "fail", "the state differs", i, req,
                                differences=diffs, forced=forced)
    if not checked:
        return VectorResult(vid, "skip", "nothing was checked: every step of the vector asks "
                            "for something the driver cannot answer (legal_actions)",
                            code=NOTHING_CHECKED)
    return VectorResult(vid, "pass")


@dataclass(frozen=True)
class MovedOn:
    """How an implementation moved on by itself past a point where the oracle waits.

    :param taken: indexes of the vector's steps it already took (each forced action, and the
        ``legal_actions`` steps between them), or ``[len(steps)]`` when the scenario ends at
        the waiting point.
    :param probes: for each refused probe at a waiting point it moved past, the oracle's
        refusal of that action where the implementation now is (its state equals the
        oracle's after the forced actions): the probe is checked against that instead.
    """

    taken: list[int]
    probes: dict[int, Mapping[str, Any]]


def _moved_on(vector: Mapping[str, Any], i: int, actual: Any,
              details: Sequence[str] | None) -> MovedOn | None:
    """Did the implementation, after step ``i``, take by itself forced actions where the
    oracle waits (each the only legal action: a Digi-Battle ``pass`` with nothing else to
    do, a DCG ``do_nothing``)? None when it did not move on that way.

    The forced actions must be the ones the vector takes next (``legal_actions`` steps and
    refused probes in between are allowed), and the implementation's state the oracle's
    after them. A refused probe at a waiting point it moved past is then checked where the
    implementation is: it must be refused there too, naming a rule the oracle says it breaks
    there. Its having moved on shows that it held the forced action to be the only legal one,
    so the probe was refused at the waiting point as well; the clause recorded there (e.g.
    DB-B.6, "nothing to Digivolve: you must pass") is not asked for, since the engine never
    stood at that point. A probe that the oracle accepts where the implementation is leaves
    no such check: None (the recorded expectation stands).
    """
    from digiconform.verifier.compare import state_differences
    from digiconform.verifier.differential import forced_path

    steps = vector["steps"]
    setups = [s["setup"] for s in steps[:i + 1] if "setup" in s]
    if not setups:
        return None
    o = OracleDriver()
    try:
        o.load_state(resolve_setup(setups[-1]), steps[i]["expect"]["state"])
        path = forced_path(vector.get("ruleset", "digibattle"), o.state, actual, details)
    except Exception:  # noqa: BLE001 - a position the oracle does not take: no waiting point
        return None
    if not path:
        return None

    ahead = OracleDriver()
    ahead.load_state(resolve_setup(setups[-1]), steps[i]["expect"]["state"])
    for forced in path:
        ahead.apply(forced)

    def refusal_there(step: Mapping[str, Any]) -> Mapping[str, Any] | None:
        # A probe the vector expects refused: the oracle's refusal where the engine is.
        if step["request"] != "action" or "refused" not in step["expect"]:
            return None
        out = ahead.apply(step["action"])
        return out.refusal.to_json() if out.refusal is not None else None

    taken: list[int] = []
    probes: dict[int, Mapping[str, Any]] = {}
    j = i + 1
    for forced in path:
        while j < len(steps) and (steps[j]["request"] == "legal_actions"
                                  or "refused" in steps[j]["expect"]):
            if steps[j]["request"] == "legal_actions":
                taken.append(j)
            else:
                there = refusal_there(steps[j])
                if there is None:
                    return None
                probes[j] = there
            j += 1
        if j >= len(steps):  # the scenario ends at the waiting point: nothing more to check
            return MovedOn(taken or [len(steps)], probes)
        if steps[j]["request"] != "action" or _canon(steps[j]["action"]) != _canon(forced):
            return None
        taken.append(j)
        j += 1
    last = steps[taken[-1]]["expect"].get("state")
    if last is None or state_differences(last, actual, details=details):
        return None
    return MovedOn(taken, probes)


def _shuffle_due_with(vector: Mapping[str, Any], i: int) -> int | None:
    """The index of the next step when step ``i`` and it are two shuffles of different
    players, one after the other, both expecting a state: two recycles due at once (DB-D.3;
    the oracle asks for them in the order the Online decks reached zero, which no rule
    fixes). None otherwise."""
    steps = vector["steps"]
    if i + 1 >= len(steps):
        return None
    a, b = steps[i], steps[i + 1]
    if a["request"] != "action" or b["request"] != "action" or "state" not in a["expect"] \
            or "state" not in b["expect"]:
        return None
    x, y = a["action"], b["action"]
    if x.get("type") != "shuffle" or y.get("type") != "shuffle" \
            or x.get("player") == y.get("player"):
        return None
    return i + 1


def _forced_near(vector: Mapping[str, Any], i: int, actual: Any,
                 details: Sequence[str] | None) -> Any:
    """Where the oracle's forced actions after step ``i`` bring it closest to the
    implementation's state ``actual`` (:func:`~digiconform.verifier.differential.
    forced_closest`: an engine that moved on by itself and still differs is compared where
    it stands), or None."""
    from digiconform.verifier.differential import forced_closest

    steps = vector["steps"]
    setups = [s["setup"] for s in steps[:i + 1] if "setup" in s]
    if not setups or "state" not in steps[i]["expect"]:
        return None
    o = OracleDriver()
    try:
        o.load_state(resolve_setup(setups[-1]), steps[i]["expect"]["state"])
        return forced_closest(vector.get("ruleset", "digibattle"), o.state, actual, details)
    except Exception:  # noqa: BLE001 - a position the oracle does not take: compared as is
        return None


def _canon(action: Mapping[str, Any]) -> str:
    from digiconform.verifier.compare import canonical_action

    return canonical_action(action)


def _clip_state(s: Any) -> Any:
    return {"state": "accepted"} if s is not None else None


def resolve_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup to send: as recorded (the bundled card set stays a reference by ID)."""
    return dict(setup)


# ---------------------------------------------------------------------------------------------
# Ambiguity dependence


def dependence(vector: Mapping[str, Any]) -> dict[str, list[str]]:
    """For each ambiguity whose reading changes ``vector``'s outcome on the oracle, the
    readings under which its expectations hold (the recorded reading first).

    The vector is replayed through the oracle with each other reading set in every setup
    (``variants`` in states left out of the comparison).
    """
    from oracle import variants as registry

    ruleset = vector.get("ruleset", "digibattle")
    setups = [s["setup"] for s in vector["steps"] if "setup" in s]
    if not setups:
        return {}
    recorded = _readings(setups[0].get("variants"), ruleset)
    out: dict[str, list[str]] = {}
    for amb in registry.REGISTRY:
        if amb.ruleset != ruleset or amb.id not in recorded:
            continue
        holds = [recorded[amb.id]]
        differs = False
        for reading in amb.reading_names():
            if reading == recorded[amb.id]:
                continue
            alt = _with_reading(vector, amb.id, reading)
            # (its own steps as recorded, prelude included: no other route to the position)
            if _run_steps(OracleDriver(), alt, ignore=("variants",),
                          validate_mismatch=False).status == "pass":
                holds.append(reading)
            else:
                differs = True
        if differs:
            out[amb.id] = holds
    return out


def _with_reading(vector: Mapping[str, Any], amb: str, reading: str) -> dict[str, Any]:
    alt = dict(vector)
    steps = []
    for s in vector["steps"]:
        if "setup" in s:
            s = dict(s)
            s["setup"] = {**s["setup"], "variants": {**(s["setup"].get("variants") or {}),
                                                      amb: reading}}
            if isinstance(s.get("state"), Mapping) and \
                    isinstance(s["state"].get("variants"), Mapping):
                # A dcg state names its readings too; the loaded position takes them.
                s["state"] = {**s["state"], "variants": {**s["state"]["variants"],
                                                          amb: reading}}
        steps.append(s)
    alt["steps"] = steps
    return alt


def readings_of(vector: Mapping[str, Any]) -> dict[str, str]:
    """The reading of every ambiguity the vector's first setup uses (defaults filled in)."""

    setups = [s["setup"] for s in vector["steps"] if "setup" in s]
    chosen = setups[0].get("variants") if setups else None
    return _readings(chosen, vector.get("ruleset", "digibattle"))


def _readings(chosen: Any, ruleset: str) -> dict[str, str]:
    """``chosen`` with every default reading of ``ruleset`` filled in; as given when it is
    not a valid choice (a vector may check that a bad reading is refused)."""
    from oracle import variants as registry
    from oracle.errors import InvalidInputError

    try:
        return registry.resolve(chosen if isinstance(chosen, Mapping) else None, ruleset)
    except InvalidInputError:
        return dict(chosen) if isinstance(chosen, Mapping) else {}


# ---------------------------------------------------------------------------------------------
# Export


def export(out_dir: Path, source: Path | None = None, *, force: bool = False
           ) -> dict[str, int]:
    """Write every shipped vector to ``out_dir`` with ``vector.schema.json`` (and the schemas
    it refers to), the bundled card set and decks, and a README.

    Written through :class:`~digiconform.outdir.OutputDir`: ``out_dir`` must be new, empty or
    written by an earlier export (its marker file), unless ``force``; no symlink is followed
    and nothing but files of an earlier export is ever removed.

    :returns: counts by kind.
    :raises OutputDirError: the directory cannot be written safely (see
        :class:`~digiconform.outdir.OutputDir`).
    :raises InvalidInputError: a source vector that is not valid.
    """
    from digiconform.outdir import OutputDir
    from oracle.resources import data_dir, schemas_dir

    source = source or vectors_dir()
    out = OutputDir(out_dir, "digiconform vectors export", force=force)  # refuses at once
    docs = load_vectors(source)  # each validated
    counts: dict[str, int] = {}
    for doc in docs:
        sub = f"{doc['ruleset']}/{'scenarios' if doc['kind'] == 'scenario' else doc['kind']}"
        out.write(f"{sub}/{file_name(doc['id'])}", vector_text(doc))
        counts[doc["kind"]] = counts.get(doc["kind"], 0) + 1
    schemas = schemas_dir()
    for p in sorted(schemas.rglob("*.schema.json")):
        out.copy(p, "schemas/" + p.relative_to(schemas).as_posix())
    out.copy(data_dir() / "upper-deck.cardset.json", "card-sets/upper-deck.cardset.json")
    for p in sorted((data_dir() / "decks").glob("*.json")):
        out.copy(p, f"decks/{p.name}")
    # The dcg ruleset's card sets and shipped decks (setups name them): the REAL cards, and
    # the real cards plus the nine INVENTED test-only cards (for scenarios no real card
    # reaches), both with every card's printed texts and effects.
    from oracle.dcg.cards import load_test_only_cards
    from oracle.dcg.trace import card_set_to_json

    out.copy(data_dir() / "dcg" / "cards.json", "card-sets/dcg-real.json")
    out.write("card-sets/dcg-real+test-only.json",
              json.dumps(card_set_to_json(load_test_only_cards()), indent=2,
                         ensure_ascii=False) + "\n")
    for p in sorted((data_dir() / "dcg" / "decks").glob("*.json")):
        out.copy(p, f"decks/dcg/{p.name}")
    # The official restricted list the dcg setups' format_date refers to (every exported
    # deck keeps every list of its history).
    out.copy(data_dir() / "dcg" / "restricted-list.json", "restricted-lists/dcg.json")
    out.write("README.md", _README)
    out.finish()
    return counts


_README = """# digiconform test vectors

Each `*.vector.json` (schema: `schemas/vector.schema.json`) is one check an engine can run
with no Python:

- `kind: "scenario"`: a feature scenario. Replay `steps` in order: `new_game` (with `setup`),
  `load_state` (`setup` + `state`), `action` (`action`) or `legal_actions`; compare each
  answer with `expect` (`state`, `refused` {kind, clause} or `actions` as a set). A setup's
  `card_set` `{"id": "upper-deck-st-bo1"}` is `card-sets/upper-deck.cardset.json`; in a
  `dcg` setup `{"name": "dcg-real"}` is `card-sets/dcg-real.json` (REAL Digimon Card Game
  cards under their real numbers, with their printed texts), a `dcg` setup without `card_set`
  means that same set, `{"name": "dcg-real+test-only"}` is `card-sets/dcg-real+test-only.json`
  (the real cards plus nine INVENTED test-only cards `X-01`..`X-09`, each saying why no real
  card serves), and a deck named `red-memory` is `decks/dcg/red-memory.json`. A `dcg`
  setup's optional `format_date` (`verify` sends one) dates the official restricted list of
  `restricted-lists/dcg.json` (`schemas/dcg/restricted-list.schema.json`); every deck here
  keeps it, so an engine may ignore the field. `depends_on` lists, per ambiguity, the
  readings under which the vector holds. A refusal may list `clauses` (every rule the action
  breaks): naming any of them matches. A scenario that starts from a described position
  usually reaches it by legal play: it starts with
  `new_game`, and the steps up to the position (the chance outcomes, stacked decks included)
  carry `"prelude": true`; a failure there is a failure to reach the position. A vector that
  starts with `load_state` instead has `played` (the same scenario from `new_game`, for an
  engine that cannot load a position) or `needs_load_state` (why no legal game reaches it).
- `kind: "perft"`: from `setup` and the pinned chance outcomes, the number of legal action
  sequences to each depth (`counts`), and the split by first action (`divide`).

Vectors are under `digibattle/` and `dcg/` (the `ruleset` field says which). States compare
on the core fields the ruleset's state schema requires (`schemas/state.schema.json`,
`schemas/dcg/state.schema.json`), plus the detail fields your engine declares in `start`; `hand` and
`offline` (digibattle), `hand`, `trash` and `once_per_turn_used` (dcg) as multisets. See
docs/PROTOCOL.md.
"""


def with_reachability(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with how an engine without ``load_state`` runs it: ``played`` (the scenario
    played from ``new_game``) when its described position is reached, else
    ``needs_load_state`` (the reason; :mod:`digiconform.reach`). A vector that starts with
    ``new_game`` gets neither."""
    from digiconform.reach import derive_played, load_state_step, needs_load_state

    recorded = doc.get("needs_load_state")  # the scenario's own reason (the recording's)
    out = {k: v for k, v in doc.items() if k not in ("played", "needs_load_state")}
    if load_state_step(out) is None:
        return out
    if recorded:  # the scenario itself says why (both rulesets)
        out["needs_load_state"] = recorded
        return out
    played = derive_played(out)
    if played is not None:
        out["played"] = played
        return out
    out["needs_load_state"] = needs_load_state(out) or "no prelude reaches the position"
    return out


def iter_vector_files(root: Path) -> Iterator[Path]:
    """Every vector file under ``root``."""
    yield from sorted(root.rglob("*.vector.json"))


# ---------------------------------------------------------------------------------------------
# Recording (from a source checkout: the step definitions live in tests/, not in the wheel)

FAILED_IDS_ENV = "DIGICONFORM_FAILED_SCENARIOS"


def pytest_runtest_makereport(item: Any, call: Any) -> None:
    """pytest hook (``-p digiconform.vectors``): note every scenario whose test body raised
    (failed or xfailed) in the file named by ``$DIGICONFORM_FAILED_SCENARIOS``, so that
    :func:`record` drops its vector."""
    import os

    path = os.environ.get(FAILED_IDS_ENV)
    if not path or call.when != "call" or call.excinfo is None:
        return
    try:
        ctx = item._request.getfixturevalue("scenario_context")
    except Exception:  # noqa: BLE001 - not a scenario
        return
    if ctx is not None:
        with open(path, "a", encoding="utf-8") as f:
            f.write(ctx.id + "\n")


def source_root() -> Path:
    """Where a source checkout would have ``tests/`` (the parent of the package)."""
    return Path(__file__).resolve().parent.parent


def record(out_dir: Path | None = None, *, jobs: str | None = "auto",
           keyword: str | None = None) -> dict[str, int]:
    """Re-record every scenario vector by running the features against the oracle with
    ``--record-vectors``, dropping the scenarios that do not pass (``@oracle-bug`` ones), and
    replace ``out_dir/<ruleset>/scenarios`` for every ruleset (default: the source tree's
    ``vectors/``).

    :param keyword: only the scenarios pytest's ``-k`` expression selects (a sample, for a
        quick check into a scratch ``out_dir``).

    :returns: ``{"written": n, "dropped": n}``.
    :raises RuntimeError: not a source checkout, or the feature run failed.
    """
    import os
    import subprocess
    import sys
    import tempfile

    root = source_root()
    if not (root / "tests" / "conftest.py").is_file():
        raise RuntimeError(f"recording vectors needs a source checkout of digiconform (its "
                           f"tests/ hold the step definitions); {root} is an installed "
                           "package without them: run it from a clone of the repository")
    out_dir = out_dir or root / "vectors"
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw"
        failed = Path(tmp) / "failed.txt"
        failed.touch()
        cmd = [sys.executable, "-m", "pytest", str(root / "tests" / "test_features.py"),
               str(root / "tests" / "test_features_dcg.py"), "-q",
               "-p", "no:cacheprovider", "-p", "digiconform.vectors", "--record-vectors", str(raw)]
        if jobs:
            cmd += ["-n", jobs]
        if keyword:
            cmd += ["-k", keyword]
        env = {**os.environ, FAILED_IDS_ENV: str(failed)}
        proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
        if proc.returncode not in (0,):
            raise RuntimeError(f"the feature run failed ({proc.returncode}):\n"
                               f"{proc.stdout[-3000:]}{proc.stderr[-2000:]}")
        dropped = {file_name(i) for i in failed.read_text(encoding="utf-8").split("\n") if i}
        by_ruleset: dict[str, list[Path]] = {}
        for path in sorted(raw.glob("*.vector.json")):
            if path.name in dropped:
                continue
            doc = json.loads(path.read_text(encoding="utf-8"))
            by_ruleset.setdefault(doc["ruleset"], []).append(path)
        written = 0
        for ruleset, paths in by_ruleset.items():
            dest = out_dir / ruleset / "scenarios"
            if dest.exists():
                import shutil  # (only here: not imported by a run that records nothing)

                shutil.rmtree(dest)
            dest.mkdir(parents=True)
            for path in paths:
                doc = json.loads(path.read_text(encoding="utf-8"))
                write_vector(dest / path.name, with_reachability(doc))
                written += 1
    if not keyword:
        write_index(out_dir)
    return {"written": written, "dropped": len(dropped)}

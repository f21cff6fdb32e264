"""The hostile-input corpus of issue 17: a seeded generator of bad inputs for every command
and every kind of file ``digiconform`` reads.

:func:`corpus` yields :class:`Case` objects, always the same ones (seed :data:`SEED`):

- ``content/...`` -- hostile file *contents* and special files (UTF-16, Latin-1, JSON nested
  5,000 deep, a 4,301-digit integer, ``NaN``, a float of ``1e308``, empty, ``null``, a byte
  order mark, binary, a named pipe, ``/dev/zero``, a directory, a missing file, a sparse
  200 MB file, a file name with a newline) given to every file option and argument:
  ``play --cards/--deck`` (both rulesets), ``replay``, ``vectors check``, ``verify --skip``,
  and output paths that cannot be written (``play --trace``, ``verify --report/--junit/
  --markdown``, ``vectors export``);
- ``mutation/...`` -- seeded mutations of the shipped files (Digi-Battle card set and deck,
  DCG card document and deck, a short trace of each ruleset, a scenario vector of each):
  a value of another type, a negative or huge number, a deleted or unknown field, a path
  where a name belongs;
- ``option/...`` -- option values that are not numbers in range (``nan``, ``inf``, ``-1``,
  full-width and Arabic-Indic digits, ``1_000``, ``0x10``, 30 digits, ...) for every numeric
  option of every command, bad and repeated ``--variant`` items;
- ``traversal/...`` -- DCG deck *names* that are paths, in traces and vectors;
- ``report/...`` (issue 29) -- the report documents ``report`` and ``summary`` read: every
  hostile content above, a report of an older and of a newer ``format``, one with no
  ``format``, and seeded mutations of a real report (``tests/data/report.json``), a
  wrong-typed field among them (``typed``: refused);
- ``output/...`` (issue 29) -- output paths of every command that writes (``verify``,
  ``report``, ``summary``, ``fuzz``, ``play``): a symlink (never followed: its target is left
  as it was), a dangling symlink, a missing parent directory, a directory where a file
  belongs, a plain file where a directory belongs (``fuzz --database``/``--traces``); the
  ``fuzz`` ones with a budget of ten minutes, so that a check made after the budget is a hang;
- the deck commands of issue 25: every hostile content given to ``deck import`` (the list and
  ``--card-set``), ``deck export`` and ``verify --deck-file``, seeded mutations of a shipped
  deck through ``deck export``, ``deck import --out`` among the output paths, and
  ``decklist/...``: plain-text lists with bad counts, unknown cards, a 1 MB line, control
  characters.

``strict`` cases must be refused: exit 2 and one ``digiconform: error:`` line naming a path
(a JSON path, the file, or the option). A mutation may leave a document valid (then the
command may succeed or report a failed check): it must still end in time with exit 0, 1 or
2, without a traceback, and a refusal must be one line with a path. ``typed`` mutations (a
value of another JSON type in a typed field) must be refused.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

SEED = 17

FIFO = "<fifo>"
DIRECTORY = "<dir>"
DEVZERO = "<dev-zero>"
MISSING = "<missing>"
SPARSE = "<sparse-200MB>"
SYMLINK = "<symlink>"
"""A symlink to the file ``elsewhere.txt`` beside it (written ``keep``), which a case must
leave as it was."""
DANGLING = "<dangling-symlink>"

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "oracle" / "data"


@dataclass
class Case:
    """One command line over files written for it.

    ``argv`` may hold ``{F0}``, ``{F1}`` … (the files of ``files``, in order, written under a
    fresh directory) and ``{TMP}`` (that directory).
    """

    id: str
    argv: list[str]
    files: list[tuple[str, Any]] = field(default_factory=list)
    strict: bool = True
    typed: bool = False


# --------------------------------------------------------------------------------------------
# Hostile contents

_VALID = b'{"format": "digiconform-deck/1", "id": "x", "cards": []}'


def hostile_contents() -> list[tuple[str, Any]]:
    """``(name, content)``: bytes, or one of the special markers."""
    return [
        ("utf16", '{"id": "x", "cards": []}'.encode("utf-16")),
        ("latin1", '{"id": "caf\u00e9", "cards": []}'.encode("latin-1")),
        ("deep-array", b"[" * 5000 + b"]" * 5000),
        ("deep-object", b'{"a":' * 5000 + b"1" + b"}" * 5000),
        ("bigint", b'{"id": ' + b"9" * 4301 + b"}"),
        ("nan", b'{"id": NaN}'),
        ("infinity", b"[Infinity, -Infinity]"),
        ("float-1e308", b'{"id": 1e308}'),
        ("empty", b""),
        ("null", b"null"),
        ("list", b"[]"),
        ("number", b"42"),
        ("string", b'"x"'),
        ("truncated", _VALID[:30]),
        ("bom", b"\xef\xbb\xbf" + _VALID),
        ("binary", bytes(range(256)) * 4),
        ("nul-bytes", b"\x00" * 64),
        ("fifo", FIFO),
        ("dev-zero", DEVZERO),
        ("directory", DIRECTORY),
        ("missing", MISSING),
        ("sparse-200MB", SPARSE),
    ]


_NOT_TEXT = {"utf16", "latin1", "binary", "fifo", "dev-zero", "directory", "missing",
             "sparse-200MB"}


def _content_cases() -> Iterator[Case]:
    deck = (DATA / "decks" / "starter-1.deck.json").read_bytes()
    dcg_deck = (DATA / "dcg" / "decks" / "red-memory.json").read_bytes()
    slots: list[tuple[str, list[str], list[tuple[str, Any]]]] = [
        ("play-cards", ["play", "--quiet", "--cards", "{F0}"], []),
        ("play-deck", ["play", "--quiet", "--deck", "{F1}", "--deck", "{F0}"],
         [("deck.json", deck)]),
        ("play-dcg-cards", ["play", "--ruleset", "dcg", "--quiet", "--cards", "{F0}"], []),
        ("play-dcg-deck", ["play", "--ruleset", "dcg", "--quiet", "--deck", "{F0}", "--deck",
                           "{F1}"], [("deck.json", dcg_deck)]),
        ("replay", ["replay", "{F0}"], []),
        ("verify-skip", ["verify", "--impl", "false", "--skip", "{F0}"], []),
        ("vectors-check", ["vectors", "check", "{TMP}"], []),
        # issue 25's deck commands and --deck-file
        ("deck-import", ["deck", "import", "{F0}"], []),
        ("deck-import-card-set", ["deck", "import", "--card-set", "{F0}", "{F1}"],
         [("list.txt", _deck_list_text())]),
        ("deck-export", ["deck", "export", "{F0}"], []),
        ("verify-deck-file", ["verify", "--impl", "false", "--ruleset", "dcg", "--deck-file",
                              "{F0}"], []),
    ]
    for slot, argv, extra in slots:
        for name, content in hostile_contents():
            if slot == "verify-skip" and name not in _NOT_TEXT:
                continue  # a skip file is text, not JSON: only what is not UTF-8 text
            fname = "x.vector.json" if slot == "vectors-check" else f"{name}.json"
            if slot == "vectors-check" and content in (MISSING, SPARSE):
                continue  # a missing vector is no vector; sparse: covered by the others
            files = [(fname, content), *extra]
            yield Case(f"content/{slot}/{name}", list(argv), files)
    # A file name holding a newline: the message stays one line.
    yield Case("content/play-cards/newline-name", ["play", "--cards", "{F0}"],
               [("bad\nname.json", b"[" * 100 + b"]" * 100)])
    # Output paths that cannot be written: found out before any game or run.
    for opt in ("--report", "--junit", "--markdown"):
        for what, path in (("missing-dir", "{TMP}/no/such/dir/r.out"), ("a-directory", "{TMP}"),
                           ("empty", "")):
            yield Case(f"content/verify{opt}/{what}",
                       ["verify", "--impl", "false", opt, path])
    yield Case("content/verify/same-file-twice",
               ["verify", "--impl", "false", "--report", "{TMP}/r", "--junit", "{TMP}/r"])
    for what, path in (("missing-dir", "{TMP}/no/such/t.json"), ("a-directory", "{TMP}")):
        yield Case(f"content/play-trace/{what}", ["play", "--quiet", "--trace", path])
    # A named pipe as an output: writing would block until someone reads it.
    yield Case("content/play-trace/fifo", ["play", "--quiet", "--trace", "{F0}"],
               [("t.json", FIFO)])
    for opt in ("--report", "--junit", "--markdown"):
        yield Case(f"content/verify{opt}/fifo", ["verify", "--impl", "false", opt, "{F0}"],
                   [("r.out", FIFO)])
    yield Case("content/export/onto-a-file", ["vectors", "export", "{F0}"],
               [("file", b"x")])
    yield Case("content/export/non-empty-dir", ["vectors", "export", "{TMP}"],
               [("mine.txt", b"mine")])
    yield Case("content/vectors-check/empty-dir", ["vectors", "check", "{TMP}"])


@cache
def _deck_list_text() -> bytes:
    """The shipped red-memory deck as the plain-text list ``deck import`` reads."""
    from digiconform.deck import export_text
    from oracle.dcg.cards import load_cards

    doc = json.loads((DATA / "dcg" / "decks" / "red-memory.json").read_text(encoding="utf-8"))
    return export_text(doc, load_cards()).encode("utf-8")


def _deck_list_cases() -> Iterator[Case]:
    """Plain-text deck lists that ``deck import`` must refuse with FILE:LINE and the reason
    (or, where the list is still a legal deck, import)."""
    good = _deck_list_text().decode("utf-8")
    line = "4 Agumon ST1-03"
    edits = {
        "zero-count": good.replace(line, "0 Agumon ST1-03"),
        "negative-count": good.replace(line, "-4 Agumon ST1-03"),
        "huge-count": good.replace(line, "9" * 40 + " Agumon ST1-03"),
        "full-width-count": good.replace(line, "\uff14 Agumon ST1-03"),
        "unknown-card": good.replace(line, "4 Agumon ST1-99"),
        "five-copies": good.replace(line, "5 Agumon ST1-03"),
        "no-number": good.replace(line, "4 Agumon"),
        "long-line": good.replace(line, "4 " + "A" * 1_000_000 + " ST1-03"),
        "control-chars": good.replace(line, "4 Agu\x1b[31mmon\u202e ST1-03"),
        "only-comments": "# nothing here\n",
        "eggs-only": "Digi-Egg deck\n4 Koromon ST1-01\n",
    }
    for what, text in edits.items():
        yield Case(f"decklist/{what}", ["deck", "import", "{F0}"],
                   [("list.txt", text.encode("utf-8"))])
    yield Case("decklist/crlf", ["deck", "import", "{F0}"],
               [("list.txt", good.replace("\n", "\r\n").encode("utf-8"))], strict=False)


# --------------------------------------------------------------------------------------------
# Mutations of the shipped files

_POOL: list[Any] = [None, True, False, -1, -5000, 2 ** 63, 0, "x", "", [], {}, [[]], 1.5,
                    "../../../etc/passwd"]
_FREE_FORM = {"meta", "effect_vocabulary", "description", "note", "source", "events",
              "request", "depends_on", "tags",
              # union types: a player number or a word ("chance", "player")
              "to_move", "target"}


def _nodes(doc: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):  # the first few items are enough
            yield from _nodes(v, (*path, i))


def _set(doc: Any, path: tuple, value: Any) -> None:
    for k in path[:-1]:
        doc = doc[k]
    doc[path[-1]] = value


def _type(v: Any) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int | float):
        return "number"
    return type(v).__name__


def _copy(doc: Any) -> Any:
    """A deep copy of a JSON document (through orjson: a few times quicker than
    :func:`copy.deepcopy`, which was most of the corpus's making)."""
    try:
        import orjson

        return orjson.loads(orjson.dumps(doc))
    except (ImportError, TypeError):  # (orjson.JSONEncodeError is a TypeError)
        return copy.deepcopy(doc)


def mutate(doc: Any, rng: random.Random, free_form: frozenset[str] = frozenset()
           ) -> tuple[Any, str, bool]:
    """One mutation of ``doc``: ``(new document, description, typed)``; ``typed`` when a
    non-null value was replaced by a non-null one of another JSON type in a field that is
    not free-form (:data:`_FREE_FORM` and ``free_form``: there the schema leaves the type
    open, or the value is compared rather than validated, as a vector's states are)."""
    out = _copy(doc)
    nodes = [(p, v) for p, v in _nodes(out) if p]
    path, value = rng.choice(nodes)
    free = any(isinstance(k, str) and k in _FREE_FORM | free_form for k in path)
    op = rng.choice(["swap", "swap", "swap", "number", "delete", "unknown", "name"])
    where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)
    if op == "number" and isinstance(value, int) and not isinstance(value, bool):
        new = rng.choice([-1, -5000, 2 ** 63, -(2 ** 63), 10 ** 18])
        _set(out, path, new)
        return out, f"{where} = {new}", False
    if op == "delete" and isinstance(path[-1], str):
        parent = out
        for k in path[:-1]:
            parent = parent[k]
        del parent[path[-1]]
        return out, f"del {where}", False
    if op == "unknown" and isinstance(value, dict):
        value["surprise_field"] = 1
        return out, f"{where}.surprise_field = 1", False
    if op == "name" and isinstance(value, str):
        new = rng.choice(["../../../etc/passwd", "/etc/passwd", "a/b", ".."])
        _set(out, path, new)
        return out, f"{where} = {new!r}", False
    others = [v for v in _POOL if _type(v) != _type(value)]
    new = rng.choice(others)
    _set(out, path, new)
    return out, f"{where} = {json.dumps(new)}", not free and None not in (value, new)


_VECTOR_COMPARED = frozenset({"state", "expect", "action"})
"""Parts of a vector that are compared with the oracle's answers (a wrong one fails the
vector, exit 1), not validated by the vector schema."""


@cache
def _short_traces() -> dict[str, dict[str, Any]]:
    """A six-step trace of each ruleset (schemas/trace.schema.json)."""
    from digiconform.cli import load_game
    from oracle.dcg import DcgConfig, make_game
    from oracle.dcg import new_game as dcg_new_game
    from oracle.dcg.selfplay import play as dcg_play
    from oracle.digibattle import new_game
    from oracle.selfplay import play
    from oracle.trace import build_trace

    out = {}
    for name, game, start, player in (
            ("digibattle", load_game(None, (), 1000, {}), new_game, play),
            ("dcg", make_game(DcgConfig()), dcg_new_game, dcg_play)):
        initial = start(game)
        steps = []
        for step in player(game, 0):
            steps.append(step)
            if len(steps) == 6:
                break
        out[name] = build_trace(game, initial, steps)
    return out


def _vector(ruleset: str) -> dict[str, Any]:
    return next(v for v in _vector_all()
                if v["ruleset"] == ruleset and len(v["steps"]) <= 4)


def _mutation_cases(rng: random.Random, per_kind: int) -> Iterator[Case]:
    db_cards = json.loads((DATA / "upper-deck.cardset.json").read_text(encoding="utf-8"))
    # A small card set: the starter deck's cards only, so a game with it stays quick.
    deck = json.loads((DATA / "decks" / "starter-1.deck.json").read_text(encoding="utf-8"))
    db_cards["cards"] = [c for c in db_cards["cards"] if c["serial"] in set(deck["cards"])]
    dcg_cards = json.loads((DATA / "dcg" / "cards.json").read_text(encoding="utf-8"))
    dcg_deck = json.loads((DATA / "dcg" / "decks" / "red-memory.json").read_text(
        encoding="utf-8"))
    deck2 = (DATA / "decks" / "starter-2.deck.json").read_bytes()
    dcg_deck2 = (DATA / "dcg" / "decks" / "blue-tempo.json").read_bytes()
    traces = _short_traces()
    kinds: list[tuple[str, Any, list[str], str, list[tuple[str, Any]]]] = [
        ("db-cards", db_cards, ["play", "--quiet", "--target", "100", "--cards", "{F0}",
                                "--deck", "{F1}", "--deck", "{F1}"], "cards.json",
         [("deck.json", json.dumps(deck).encode())]),
        ("db-deck", deck, ["play", "--quiet", "--target", "100", "--deck", "{F0}", "--deck",
                           "{F1}"], "deck.json", [("deck2.json", deck2)]),
        ("dcg-cards", dcg_cards, ["play", "--ruleset", "dcg", "--quiet", "--cards", "{F0}"],
         "cards.json", []),
        ("dcg-deck", dcg_deck, ["play", "--ruleset", "dcg", "--quiet", "--deck", "{F0}",
                                "--deck", "{F1}"], "deck.json", [("deck2.json", dcg_deck2)]),
        ("dcg-deck-export", dcg_deck, ["deck", "export", "{F0}"], "deck.json", []),
        ("db-trace", traces["digibattle"], ["replay", "{F0}"], "trace.json", []),
        ("dcg-trace", traces["dcg"], ["replay", "{F0}"], "trace.json", []),
        ("db-vector", _vector("digibattle"), ["vectors", "check", "{TMP}"],
         "x.vector.json", []),
        ("dcg-vector", _vector("dcg"), ["vectors", "check", "{TMP}"], "x.vector.json", []),
    ]
    for kind, doc, argv, fname, extra in kinds:
        seen: set[str] = set()
        n = 0
        free = _VECTOR_COMPARED if kind.endswith("-vector") else frozenset()
        while n < per_kind:
            new, what, typed = mutate(doc, rng, free)
            if what in seen:
                continue
            seen.add(what)
            n += 1
            data = json.dumps(new, ensure_ascii=False).encode("utf-8")
            yield Case(f"mutation/{kind}/{what}", list(argv), [(fname, data), *extra],
                       strict=False, typed=typed)


# --------------------------------------------------------------------------------------------
# Options

BAD_NUMBERS = ["nan", "NaN", "inf", "-inf", "-1", "\uff11\uff12", "\u0661\u0662", "1e309",
               "", "0x10", "1_000", "12abc", "9" * 30, "1,5", "\u00bd", " "]

NUMERIC_OPTIONS: list[tuple[list[str], str]] = [
    (["play"], "--seed"), (["play"], "--target"), (["play"], "--max-duels"),
    (["bench"], "--games"), (["bench"], "--target"),
    (["verify", "--impl", "false"], "--timeout"), (["verify", "--impl", "false"], "--games"),
    (["verify", "--impl", "false"], "--seed"),
    (["verify", "--impl", "false"], "--shrink-seconds"),
    (["verify", "--impl", "false"], "--deadline"),
    (["replay", "{F0}"], "--timeout"), (["vectors", "check"], "--timeout"),
    (["perft", "new-game"], "--depth"),
]

BAD_VARIANTS = [["X"], ["="], ["DB-AMB-6="], ["=final"], ["DB-AMB-99=x"], ["DB-AMB-6=nope"],
                ["DB-AMB-6=final", "DB-AMB-6=final"], ["DB-AMB-6=final", "DB-AMB-6=not-final"],
                ["DB-AMB-6=fi\nnal"], ["DCG-AMB-1=nope"]]


def _option_cases() -> Iterator[Case]:
    trace = ("trace.json", b"{}")
    for prefix, opt in NUMERIC_OPTIONS:
        for bad in BAD_NUMBERS:
            files = [trace] if "{F0}" in prefix else []
            yield Case(f"option/{' '.join(prefix[:1])}{opt}={bad!r}", [*prefix, opt, bad],
                       files)
        if opt in ("--games",) and prefix == ["bench"]:
            yield Case("option/bench--games=0", ["bench", "--games", "0"])
    for command in (["play"], ["bench"], ["play", "--ruleset", "dcg"]):
        for items in BAD_VARIANTS:
            if command == ["play", "--ruleset", "dcg"] and items[0].startswith("DB-AMB-6=f"):
                continue
            argv = list(command)
            for item in items:
                argv += ["--variant", item]
            yield Case(f"option/{' '.join(command)}--variant={items!r}", argv)


# --------------------------------------------------------------------------------------------
# Deck names that are paths

TRAVERSAL = ["../../../../etc/passwd", "/etc/passwd", "a/b", "..", "red-memory/../blue-tempo",
             "red-memory\x00", ".hidden", "C:\\x", "~/x", "x" * 300]


def _traversal_cases() -> Iterator[Case]:
    trace = _short_traces()["dcg"]
    vector = next(v for v in _vector_all() if v["ruleset"] == "dcg" and any(
        isinstance(s.get("setup", {}).get("decks"), list) and
        all(isinstance(d, str) for d in s["setup"]["decks"]) for s in v["steps"]))
    for name in TRAVERSAL:
        t = copy.deepcopy(trace)
        t["decks"][0] = name
        yield Case(f"traversal/trace/{name!r}", ["replay", "{F0}"],
                   [("trace.json", json.dumps(t).encode())])
        v = copy.deepcopy(vector)
        for s in v["steps"]:
            if isinstance(s.get("setup", {}).get("decks"), list):
                s["setup"]["decks"][1] = name
        yield Case(f"traversal/vector/{name!r}", ["vectors", "check", "{TMP}"],
                   [("x.vector.json", json.dumps(v).encode())])


@cache
def _all_vectors() -> list[dict[str, Any]]:
    from digiconform.vectors import load_vectors

    return load_vectors()


def _vector_all() -> list[dict[str, Any]]:
    return [v for v in _all_vectors() if v["kind"] == "scenario"]


def _listed_cases() -> Iterator[Case]:
    """Each input issue 17 lists by name, as a case of its own (all strict)."""
    dcg_cards = json.loads((DATA / "dcg" / "cards.json").read_text(encoding="utf-8"))
    red = json.loads((DATA / "dcg" / "decks" / "red-memory.json").read_text(encoding="utf-8"))
    blue = (DATA / "dcg" / "decks" / "blue-tempo.json").read_bytes()
    for i, change in enumerate([{"effects": None}, {"digivolve": 3}, {"level": "x"},
                                {"dp": -5000}, {"play_cost": True}]):
        doc = copy.deepcopy(dcg_cards)
        card = next(c for c in doc["cards"] if c["kind"] == "digimon")
        card.update(change)
        yield Case(f"listed/dcg-card/{json.dumps(change)}",
                   ["play", "--ruleset", "dcg", "--quiet", "--cards", "{F0}"],
                   [(f"cards{i}.json", json.dumps(doc).encode())])
    for what, entry in (("count 2^63", {"id": "ST1-04", "count": 2 ** 63}),
                        ("negative egg count", {"id": "ST1-01", "count": -1})):
        doc = copy.deepcopy(red)
        doc["eggs" if "egg" in what else "deck"][0] = entry
        yield Case(f"listed/dcg-deck/{what}", ["play", "--ruleset", "dcg", "--quiet",
                                               "--deck", "{F0}", "--deck", "{F1}"],
                   [("deck.json", json.dumps(doc).encode()), ("blue.json", blue)])
    for ruleset in ("digibattle", "dcg"):
        yield Case(f"listed/{ruleset}/--cards ''",
                   ["play", "--ruleset", ruleset, "--quiet", "--cards", ""])
    vectors = _vector_all()
    v = copy.deepcopy(next(v for v in vectors if v["ruleset"] == "digibattle" and any(
        s["request"] == "load_state" for s in v["steps"])))
    next(s for s in v["steps"] if s["request"] == "load_state")["state"]["players"][1] = []
    yield Case("listed/vector/players[1] a list", ["vectors", "check", "{TMP}"],
               [("x.vector.json", json.dumps(v).encode())])
    v = copy.deepcopy(next(v for v in vectors if "state" in v["steps"][0]["expect"]))
    v["steps"][0]["expect"]["state"] = {}
    yield Case("listed/vector/expected state {}", ["vectors", "check", "{TMP}"],
               [("x.vector.json", json.dumps(v).encode())])
    perft = copy.deepcopy(next(v for v in _all_vectors() if v["kind"] == "perft"))
    perft["divide_depth"] = 1e308
    yield Case("listed/vector/divide_depth 1e308", ["vectors", "check", "{TMP}"],
               [("x.vector.json", json.dumps(perft).encode())])
    perft["divide_depth"] = 10 ** 9
    yield Case("listed/vector/divide_depth 10^9", ["vectors", "check", "{TMP}"],
               [("x.vector.json", json.dumps(perft).encode())])
    yield Case("listed/verify --vectors with a deep vector",
               ["verify", "--impl", "false", "--vectors", "{TMP}"],
               [("x.vector.json", b"[" * 5000 + b"]" * 5000)])
    yield Case("listed/verify --report /nonexistent/dir/r.json",
               ["verify", "--impl", "false", "--report", "/nonexistent/dir/r.json"])
    yield Case("listed/bench --games -1", ["bench", "--games", "-1"])
    yield Case("listed/verify --timeout nan", ["verify", "--impl", "false", "--timeout", "nan"])
    yield Case("listed/repeated --variant",
               ["play", "--variant", "DB-AMB-6=final", "--variant", "DB-AMB-6=not-final"])


# --------------------------------------------------------------------------------------------
# Report documents (report, summary) and output paths (issue 29)

REPORT = REPO / "tests" / "data" / "report.json"
"""A real report (the ``tie_scores_points`` mutant's, trimmed, with one failure of each kind,
a reading declared but not followed, skips, notes and engine errors added)."""

REPORT_FREE_FORM = frozenset({"expected", "actual", "request", "setup", "actions"})
"""Report fields whose values are game data or answers, not typed by the report schema (an
action's ``type`` excepted)."""


@cache
def _report_text() -> str:
    return REPORT.read_text(encoding="utf-8")


def sample_report() -> dict[str, Any]:
    """The sample report document (:data:`REPORT`), a fresh copy on each call."""
    return json.loads(_report_text())


def _report_argv(command: str, f: str = "{F0}") -> list[str]:
    return ["report", f, "--html", "{TMP}/page.html"] if command == "report" else \
        ["summary", f]


def _report_cases(rng: random.Random, per_kind: int) -> Iterator[Case]:
    doc = sample_report()
    for command in ("report", "summary"):
        for name, content in hostile_contents():
            yield Case(f"report/{command}/content/{name}", _report_argv(command),
                       [(f"{name}.json", content)])
        for name, fmt in (("older-format", "digiconform-report/0"),
                          ("newer-format", "digiconform-report/2"),
                          ("other-format", "digiconform-deck/1"), ("format-number", 1),
                          ("no-format", None)):
            other = _copy(doc)
            if fmt is None:
                del other["format"]
            else:
                other["format"] = fmt
            yield Case(f"report/{command}/{name}", _report_argv(command),
                       [("r.json", json.dumps(other).encode())])
        # The second of two files is the bad one: still one line, naming it.
        yield Case(f"report/{command}/second-file-deep",
                   ["summary", "{F0}", "{F1}"] if command == "summary" else
                   ["report", "{F1}", "--html", "{TMP}/page.html"],
                   [("good.json", json.dumps(doc).encode()),
                    ("deep.json", b"[" * 5000 + b"]" * 5000)])
    seen: set[str] = set()
    n = 0
    while n < per_kind:
        new, what, typed = mutate(doc, rng, REPORT_FREE_FORM)
        if what in seen:
            continue
        seen.add(what)
        n += 1
        command = "report" if n % 2 else "summary"
        yield Case(f"report/{command}/mutation/{what}", _report_argv(command),
                   [("r.json", json.dumps(new, ensure_ascii=False).encode("utf-8"))],
                   strict=False, typed=typed)


BUDGET = ["--budget", "10m"]
"""A fuzz budget far beyond a case's time limit: a path checked after it is a hang."""


def _output_cases() -> Iterator[Case]:
    report = ("r.json", json.dumps(sample_report()).encode())
    # (what, the path: {OUT} is the bad file's own placeholder, the bad file)
    bad_files: list[tuple[str, str, Any]] = [
        ("symlink", "{OUT}", SYMLINK), ("dangling-symlink", "{OUT}", DANGLING),
        ("missing-parent", "{TMP}/no/such/out", None), ("a-directory", "{TMP}", None),
        ("fifo", "{OUT}", FIFO),
    ]
    slots: list[tuple[str, list[str], list[tuple[str, Any]]]] = [
        *((f"verify{opt}", ["verify", "--impl", "false", opt], [])
          for opt in ("--report", "--junit", "--markdown", "--html")),
        ("report--html", ["report", "{F0}", "--html"], [report]),
        ("summary--output", ["summary", "{F0}", "--output"], [report]),
        ("fuzz--findings", ["fuzz", "--impl", "false", *BUDGET, "--database", "{TMP}/db",
                            "--findings"], []),
        ("play--trace", ["play", "--quiet", "--trace"], []),
        ("deck-import--out", ["deck", "import", "{F0}", "--out"],
         [("list.txt", _deck_list_text())]),
    ]
    for slot, argv, extra in slots:
        for what, path, content in bad_files:
            files = [*extra, *([("out", content)] if content is not None else [])]
            path = path.replace("{OUT}", f"{{F{len(extra)}}}")
            yield Case(f"output/{slot}/{what}", [*argv, path], files)
    dirs: list[tuple[str, list[str]]] = [
        ("verify--traces", ["verify", "--impl", "false", "--traces"]),
        ("fuzz--traces", ["fuzz", "--impl", "false", *BUDGET, "--database", "{TMP}/db",
                          "--traces"]),
        ("fuzz--database", ["fuzz", "--impl", "false", *BUDGET, "--database"]),
    ]
    for slot, argv in dirs:
        for what, path, files in (("plain-file", "{F0}", [("file", b"x")]),
                                  ("symlink", "{F0}", [("link", SYMLINK)]),
                                  ("under-a-file", "{F0}/sub", [("file", b"x")])):
            yield Case(f"output/{slot}/{what}", [*argv, path], files)


def corpus(per_kind: int = 100) -> list[Case]:
    """Every case, always the same (seeded)."""
    rng = random.Random(SEED)
    return [*_content_cases(), *_mutation_cases(rng, per_kind), *_option_cases(),
            *_traversal_cases(), *_listed_cases(), *_report_cases(rng, per_kind),
            *_output_cases(), *_deck_list_cases()]


#: Lines for ``digiconform serve``: each must be answered (``errored`` or ``refused``), and
#: the service goes on.
SERVE_LINES: list[bytes] = [
    b"[" * 5000 + b"]" * 5000,
    b'{"a":' * 5000 + b"1" + b"}" * 5000,
    b'{"cmd": "new_game", "seq": ' + b"9" * 5000 + b"}",
    b'{"cmd": "new_game", "seq": 1, "setup": NaN}',
    b'{"cmd": "start", "version": 1, "x": "\xff\xfe"}',
    "caf\u00e9".encode("latin-1"),
    '{"cmd": "start"}'.encode("utf-16"),
    b"not json",
    b"[]",
    b"null",
    b"42",
    b"{}",
    b'{"cmd": "new_game", "seq": 1e308}',
    b'{"cmd": "new_game", "seq": 2, "setup": {"ruleset": "dcg", "decks": '
    b'["../../../../etc/passwd", "red-memory"]}}',
    b'{"cmd": "new_game", "seq": 3, "setup": {"ruleset": "dcg", "decks": '
    b'["/etc/passwd", "red-memory"]}}',
    b'{"cmd": "load_state", "seq": 4, "setup": {"ruleset": "dcg"}, "state": '
    + b"[" * 3000 + b"]" * 3000 + b"}",
    b'{"cmd": "action", "seq": 5, "action": {"type": "pass", "player": '
    + b"1" * 400 + b"}}",
    b"\x00\x01\x02",
    b"\x0c",  # a form feed: not JSON whitespace, so not a blank line (answered errored)
]

#: Blank lines for ``digiconform serve`` (JSON whitespace only): ignored, never answered.
BLANK_LINES: list[bytes] = [b"", b" ", b"\t", b"\r", b"  \t \r"]

#: Issue 28: text an implementation controls (its name, version, language, refusal reasons,
#: ``skipped`` and ``errored`` messages, stderr), one kind each, for ``tests/miniatures.py``
#: ``hostile_text``: kind -> (text, times repeated).
ENGINE_TEXTS: dict[str, tuple[str, int]] = {
    "surrogate": ("lone \ud800 and \udfff surrogates", 1),
    "esc-osc-csi": ("\x1b]0;pwned title\x07\x1b[31mred\x1b[0m\x1b[2J\x9b1m\x1bPdcs\x1b\\", 1),
    "nul": ("before\x00after\x00", 1),
    "bel": ("\x07\x07ding", 1),
    "backspace": ("harmless\x08\x08\x08\x08\x08\x08\x08\x08evil", 1),
    "newline-forging": ("x\nPASS in 0.1 s\r\nPASS in 0.1 s\u2028PASS", 1),
    "rich-markup": ("[/] [bold red]loud[/bold red] [link=https://evil.example]x[/link] [/]", 1),
    "html-comment": ("<!-- everything after this is hidden", 1),
    "script": ("<script>document.title='pwned'</script><img src=x onerror=alert(1)>"
               "</td></tr></table><h1>injected</h1>", 1),
    "table-pipe": ("a | b | c |\n| --- | --- |", 1),
    "markdown-syntax": ("[click me](https://evil.example) ![i](x) `code` **bold** # h ~~s~~", 1),
    "bidi": ("\u202egnp.exe \u2066isolated\u2069 \ufeffbom", 1),
    "300KB": ("R", 300 * 1024),
}

"""Scenario vectors: schema, up to date with the features, replay through the oracle and
``digiconform serve``, export, and the recording driver itself."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from digiconform.clauses import scan_features
from digiconform.harness import ProtocolDriver
from digiconform.vectors import (
    RecordingDriver,
    export,
    file_name,
    load_vectors,
    record,
    run_vector,
    vectors_dir,
)
from digiconform.verifier.differential import base_setup
from oracle.driver import OracleDriver
from oracle.errors import InvalidInputError
from oracle.validation import validate

HERE = Path(__file__).resolve().parent
SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"
ENV = {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get(
    "PYTHONPATH", "")}
SCENARIOS = load_vectors(kind="scenario")


def test_vectors_validate_and_have_stable_unique_ids() -> None:
    docs = load_vectors()
    assert len(SCENARIOS) >= 100
    ids = [d["id"] for d in docs]
    assert len(ids) == len(set(ids))
    for path in sorted(vectors_dir().rglob("*.vector.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        validate(doc, "vector")
        assert path.name == file_name(doc["id"])


def test_every_feature_scenario_has_a_vector() -> None:
    """The fast half of "up to date": scenario counts per feature file and names match
    (``@oracle-bug`` scenarios excepted: they do not pass on the oracle)."""
    want: Counter[str] = Counter()
    names: set[tuple[str, str]] = set()
    for s in scan_features().scenarios:
        if "oracle-bug" in s.tags:
            continue
        # Scenario IDs: "stem::name" for Digi-Battle, "dcg/stem::name" for the DCG features.
        stem = s.file.stem if s.file.parent.name == "digibattle" else \
            f"{s.file.parent.name}/{s.file.stem}"
        want[stem] += s.examples
        names.add((stem, s.name))
    have = Counter(v["id"].split("::")[0] for v in SCENARIOS)
    assert have == want
    # An outline's name is expanded in its ID ("<reading>" → "final"): match it as a pattern.
    patterns = {(stem, re.compile("^" + re.sub(r"<[^>]+>", ".+", re.escape(n)) + "$"))
                for stem, n in names}
    for v in SCENARIOS:
        stem, name = v["id"].split("::")[:2]
        assert not re.search(r"<[a-z_ -]+>", v["id"]), f"unexpanded placeholder: {v['id']}"
        assert any(s == stem and p.match(name) for s, p in patterns), v["id"]


@pytest.mark.parametrize("vector", SCENARIOS, ids=lambda v: v["id"][:60])
def test_vector_passes_on_the_oracle(vector: dict) -> None:
    assert run_vector(OracleDriver(), vector).status == "pass"


#: The scenarios the default run re-records (pytest ``-k``): a sample of both rulesets' feature
#: files; the ``thorough`` profile re-records every scenario.
SAMPLE = "refused or rookie or memory or tie"


def test_vectors_are_as_the_features_record_them(tmp_path: Path) -> None:
    """The slow half of "up to date": re-record the scenarios and compare byte for byte (all
    of them under ``HYPOTHESIS_PROFILE=thorough``, else the :data:`SAMPLE`: re-recording all
    re-runs every feature, 30-40 s on 2 cores). Fix with ``digiconform vectors record``."""
    from strategies.profiles import current_profile

    everything = current_profile() == "thorough"
    out = tmp_path / "vectors"
    counts = record(out, jobs=None, keyword=None if everything else SAMPLE)
    fresh = {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8")
             for p in out.glob("*/scenarios/*.vector.json")}
    committed = {p.relative_to(vectors_dir()).as_posix(): p.read_text(encoding="utf-8")
                 for p in vectors_dir().glob("*/scenarios/*.vector.json")}
    assert {n.split("/")[0] for n in fresh} == {"digibattle", "dcg"}
    assert counts["written"] == len(fresh)
    if everything:
        assert sorted(fresh) == sorted(committed), "scenarios added or removed: re-record"
    else:
        assert len(fresh) >= 20, "the sample re-records too few scenarios to mean anything"
        assert set(fresh) <= set(committed), "scenarios added or renamed: re-record"
    stale = [n for n in fresh if fresh[n] != committed[n]]
    assert not stale, f"out of date (digiconform vectors record): {stale[:5]}"


def test_exported_vectors_validate_and_replay_through_serve(tmp_path: Path) -> None:
    counts = export(tmp_path)
    assert counts["scenario"] == len(SCENARIOS) and counts["perft"] >= 4
    assert (tmp_path / "schemas" / "vector.schema.json").is_file()
    assert (tmp_path / "card-sets" / "upper-deck.cardset.json").is_file()
    assert (tmp_path / "card-sets" / "dcg-real.json").is_file()
    assert (tmp_path / "card-sets" / "dcg-real+test-only.json").is_file()
    assert {p.stem for p in (tmp_path / "decks" / "dcg").glob("*.json")} >= {"red-memory",
                                                                             "blue-tempo"}
    assert len(list((tmp_path / "dcg" / "scenarios").glob("*.vector.json"))) >= 100
    exported = load_vectors(tmp_path, kind="scenario")
    with ProtocolDriver(SERVE, timeout=30, env=ENV) as impl:
        bad = [(v["id"], r.reason) for v in exported
               if (r := run_vector(impl, v)).status != "pass"]
        assert impl.restarts == 0
    assert not bad


def test_recording_driver_records_answers_and_reading_dependence(tmp_path: Path) -> None:
    setup = base_setup(100, variants={"DB-AMB-6": "final"})
    rec = RecordingDriver(OracleDriver(), "demo::a pass in battle", ["@DB-C.3", "DB-AMB-6",
                                                                      "slow"], tmp_path)
    start = rec.new_game(setup)
    rec.load_state(setup, start)
    rec.apply({"type": "choose_rookie", "player": 1, "card": "ST-05"})  # refused: DB-A.1
    rec.legal_actions()
    rec.close()
    doc = json.loads(rec.written.read_text())  # type: ignore[union-attr]
    assert doc["clauses"] == ["DB-C.3"] and doc["ambiguities"] == ["DB-AMB-6"]
    assert doc["tags"] == ["DB-C.3", "DB-AMB-6", "slow"]
    assert [s["request"] for s in doc["steps"]] == ["new_game", "load_state", "action",
                                                    "legal_actions"]
    assert doc["steps"][2]["expect"]["refused"]["clause"] == "DB-A.1"
    assert doc["depends_on"] == {}  # nothing here depends on a reading
    assert run_vector(OracleDriver(), doc).status == "pass"
    # A wrong expectation is caught, with the step.
    doc["steps"][2]["expect"]["refused"]["clause"] = "DB-C.1"
    res = run_vector(OracleDriver(), doc)
    assert res.status == "fail" and res.step == 2



def test_the_shared_vectors_are_read_again_when_a_file_or_a_caller_changes_them(
        tmp_path: Path) -> None:
    """tests/conftest.py serves the shipped vectors from one read per process; a changed file
    is read again, and a caller that modifies a document served fails (then the vectors are
    read afresh)."""

    from conftest import SharedVectors

    from digiconform import vectors as module

    for v in load_vectors(kind="perft")[:1] + SCENARIOS[:1]:
        shutil.copy(next(vectors_dir().rglob(file_name(v["id"]))), tmp_path)
    installed = getattr(module.load_vectors, "__self__", None)
    real = installed.original if isinstance(installed, SharedVectors) else module.load_vectors
    assert real is not None
    reads: list[Path | None] = []

    def reading(root: Path | None = None, kind: str | None = None) -> list[dict]:
        reads.append(root)
        return real(root, kind)

    shared = SharedVectors(lambda: tmp_path)
    shared.original = reading
    first = shared.load_vectors()
    assert len(first) == 2 and len(shared.load_vectors(tmp_path, kind="perft")) == 1
    assert len(reads) == 1 and shared.changed_by_the_test() is None
    doc = next(tmp_path.iterdir())
    doc.write_text(doc.read_text() + "\n")  # a file changed: read again
    shared.load_vectors()
    assert len(reads) == 2 and shared.changed_by_the_test() is None
    shared.load_vectors()[0]["id"] = "changed"
    assert "modified documents returned by load_vectors()" in (shared.changed_by_the_test()
                                                                or "")
    assert shared.load_vectors()[0]["id"] != "changed" and len(reads) == 3
    assert shared.load_vectors(tmp_path / "elsewhere" / "..") == first and len(reads) == 3


def _small_tree(tmp_path: Path) -> tuple[Path, dict, dict]:
    """A vectors directory laid out as the shipped one: one scenario of each ruleset."""
    from digiconform.vectors import file_name, vector_text, vectors_dir

    docs = {}
    for rs in ("digibattle", "dcg"):
        src = next((vectors_dir() / rs / "scenarios").glob("*.vector.json"))
        doc = json.loads(src.read_text(encoding="utf-8"))
        (tmp_path / rs / "scenarios").mkdir(parents=True)
        (tmp_path / rs / "scenarios" / file_name(doc["id"])).write_text(vector_text(doc))
        docs[rs] = doc
    return tmp_path, docs["digibattle"], docs["dcg"]


def test_the_index_holds_what_selecting_needs_and_loads_each_vector_whole(
        tmp_path: Path) -> None:
    from digiconform.vectors import vector_index

    root, db, dcg = _small_tree(tmp_path)
    index = vector_index(root, kind="scenario")
    assert [r["id"] for r in index] == sorted([db["id"], dcg["id"]])
    for ref in index:
        doc = ref.load()
        assert doc == (db if doc["ruleset"] == "digibattle" else dcg)
        assert {k: ref[k] for k in ref} == {k: doc[k] for k in ref}
    # With a ruleset, the other ruleset's subdirectory is not read (a broken file there
    # stops nothing), but a file outside the ruleset directories is.
    (root / "dcg" / "scenarios" / "broken.vector.json").write_text("{")
    assert [r["id"] for r in vector_index(root, "scenario", "digibattle")] == [db["id"]]
    with pytest.raises(InvalidInputError, match="broken.vector.json"):
        vector_index(root, "scenario", "dcg")
    (root / "stray.vector.json").write_text("[]")
    with pytest.raises(InvalidInputError, match="stray.vector.json"):
        vector_index(root, "scenario", "digibattle")


def test_a_vector_changed_after_it_was_indexed_is_validated_again(tmp_path: Path) -> None:
    """The bytes indexed are parsed without a second check; any other bytes are read as a
    new document: validated, and refused when they are another vector."""
    from digiconform.vectors import vector_index

    root, db, _ = _small_tree(tmp_path)
    [ref] = vector_index(root, "scenario", "digibattle")
    bad = {**db, "steps": "none"}
    ref.path.write_text(json.dumps(bad))
    with pytest.raises(InvalidInputError, match=re.escape(str(ref.path))):
        ref.load()
    ref.path.write_text(json.dumps({**db, "id": db["id"] + " (another)"}))
    with pytest.raises(InvalidInputError, match="changed while it was used"):
        ref.load()
    ref.path.write_text(json.dumps(db, indent=3))  # the same vector, other bytes: fine
    assert ref.load() == db


def test_a_skip_list_naming_another_rulesets_vector_is_not_called_unknown(
        tmp_path: Path) -> None:
    from digiconform.verifier.runner import Options, verify

    root, db, dcg = _small_tree(tmp_path)
    opts = Options(f"{sys.executable} -m digiconform serve", ruleset="digibattle", games=0,
                   trace_dir=None, vectors=root,
                   skips={dcg["id"]: "a dcg vector", "no-such-vector": "stale"})
    report = verify(opts)
    unknown = [n for n in report.notes if "unknown scenario" in n]
    assert unknown == ["skip list names an unknown scenario: no-such-vector"]
    assert report.vectors_planned == 1


def test_the_shipped_index_is_that_of_the_shipped_files() -> None:
    """vectors/index.json (what verify indexes the shipped vectors from) is what
    write_index writes of the files as they are: run ``digiconform vectors record`` (or
    ``python -c "from digiconform.vectors import write_index; write_index()"``)."""
    from digiconform.vectors import INDEX_FILE, index_doc, index_text

    committed = (vectors_dir() / INDEX_FILE).read_text(encoding="utf-8")
    assert committed == index_text(index_doc()), "vectors/index.json is out of date"


def test_a_shipped_file_is_indexed_from_its_entry_only_when_its_bytes_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the shipped directory a file whose bytes are those of its index entry is not read
    as a document; any other file is read and validated as before (a broken one refused),
    and another directory's index is never taken on trust."""
    from digiconform import vectors as module
    from digiconform.vectors import INDEX_FILE, vector_index, write_index

    root, db, dcg = _small_tree(tmp_path)
    write_index(root)
    monkeypatch.setattr(module, "vectors_dir", lambda: root.resolve())
    parsed: list[Path] = []
    real = module._read_vector

    def reading(path: Path, data: bytes | None = None) -> dict:
        parsed.append(path)
        return real(path, data)

    monkeypatch.setattr(module, "_read_vector", reading)
    index = vector_index(root, "scenario")
    assert [r["id"] for r in index] == sorted([db["id"], dcg["id"]]) and parsed == []
    assert {r["id"]: r.load() for r in index} == {db["id"]: db, dcg["id"]: dcg}
    # another directory with the same index: every file parsed
    other = tmp_path / "copy"
    shutil.copytree(root / "digibattle", other / "digibattle")
    shutil.copy(root / INDEX_FILE, other / INDEX_FILE)
    assert [r["id"] for r in vector_index(other, "scenario")] == [db["id"]]
    assert len(parsed) == 1
    # a changed file: read and validated (a broken one refused, naming it)
    path = next((root / "dcg" / "scenarios").glob("*.vector.json"))
    path.write_text(json.dumps({**dcg, "steps": "none"}))
    with pytest.raises(InvalidInputError, match=re.escape(path.name)):
        vector_index(root, "scenario")
    assert parsed[-1] == path

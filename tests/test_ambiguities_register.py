"""The ambiguity register (``digiconform ambiguities``, ``docs/AMBIGUITIES.md``) and its
sources: every entry of every ruleset complete and pinned by scenarios; the Digi-Battle entries
also measured, with divergence traces that replay under each reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform import ambiguities as A
from digiconform import divergence as D
from digiconform.cli import main
from oracle import variants as V
from oracle.replay import replay
from oracle.trace import read_trace

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "AMBIGUITIES.md"
ENTRIES = [a for a in V.REGISTRY if a.ruleset == "digibattle"]
IDS = [a.id for a in ENTRIES]
DCG_ENTRIES = [a for a in V.REGISTRY if a.ruleset == "dcg"]
DCG_IDS = [a.id for a in DCG_ENTRIES]
REGEN = "digiconform ambiguities --format markdown > docs/AMBIGUITIES.md"
REMEASURE = ("python tools/measure_divergence.py measure && "
             "python tools/measure_divergence.py traces")


@pytest.fixture(scope="module")
def data() -> dict:
    return A.load_measurements()


def test_doc_is_up_to_date() -> None:
    expected = A.markdown()
    assert DOC.exists(), f"docs/AMBIGUITIES.md is missing: run `{REGEN}`"
    assert DOC.read_text(encoding="utf-8") == expected, (
        f"docs/AMBIGUITIES.md is out of date: run `{REGEN}`")


def test_register_holds_at_least_15_digibattle_ambiguities() -> None:
    assert len(ENTRIES) >= 15


def test_register_holds_the_dcg_ambiguities() -> None:
    assert len(DCG_ENTRIES) >= 4
    assert [a.id for a in V.REGISTRY] == IDS + DCG_IDS, "Digi-Battle entries first, then DCG"


@pytest.mark.parametrize("amb", ENTRIES + DCG_ENTRIES, ids=IDS + DCG_IDS)
def test_entry_is_complete(amb: V.Ambiguity) -> None:
    names = amb.reading_names()
    assert len(names) >= 2 and len(set(names)) == len(names)
    assert amb.default in names
    assert amb.title and amb.question and amb.reason and amb.evidence and amb.clauses
    assert all(r.summary for r in amb.readings)
    assert amb.example is not None, "a worked example with the outcome under each reading"
    assert sorted(r for r, _ in amb.example.outcomes) == sorted(names)
    assert all(o for _, o in amb.example.outcomes)


@pytest.mark.parametrize("amb", ENTRIES, ids=IDS)
def test_every_reading_is_pinned_by_a_scenario(amb: V.Ambiguity) -> None:
    covered = {r for s in A.scenarios_for(amb.id) for r in s.readings}
    missing = set(amb.reading_names()) - covered
    assert not missing, (f"no scenario tagged @{amb.id} sets the reading(s) {sorted(missing)} "
                         "(features/digibattle/ambiguities.feature)")


@pytest.mark.parametrize("amb", DCG_ENTRIES, ids=DCG_IDS)
def test_every_dcg_reading_is_pinned_by_a_dcg_scenario(amb: V.Ambiguity) -> None:
    links = A.scenarios_for(amb.id)
    assert links and all(s.file.startswith("features/dcg/") for s in links), (
        f"{amb.id}'s scenarios are found in features/dcg only")
    covered = {r for s in links for r in s.readings}
    assert covered <= set(amb.reading_names()), f"unknown readings {covered}"
    missing = set(amb.reading_names()) - covered
    assert not missing, (f"no scenario tagged @{amb.id} sets the reading(s) {sorted(missing)} "
                         "(features/dcg/ambiguities.feature)")


@pytest.mark.parametrize("amb", DCG_ENTRIES, ids=DCG_IDS)
def test_dcg_entries_render_without_measurements(amb: V.Ambiguity) -> None:
    reg = A.register(ruleset="dcg")
    e = next(x for x in reg["ambiguities"] if x["id"] == amb.id)
    assert e["ruleset"] == "dcg" and e["divergence"] is None and e["trace"] is None
    md = A.markdown({**reg, "ambiguities": [e]})
    assert f"## {amb.id}: {amb.title}" in md and "Scenarios:" in md and "**Example.**" in md
    assert "Divergence rates and traces: none" in md
    assert "How often it matters" not in md and "Divergence trace:" not in md


@pytest.mark.parametrize("amb", ENTRIES, ids=IDS)
def test_every_reading_is_measured(amb: V.Ambiguity, data: dict) -> None:
    pairs = data.get("pairs") or {}
    for other in amb.reading_names()[1:]:
        fig = pairs.get(f"{amb.id}={other}")
        assert fig is not None, f"{amb.id}={other} is not measured: run `{REMEASURE}`"
        assert fig["games"] == data["measured"]["seeds"] >= 300
        for key in ("state", "state_other", "options", "winner"):
            assert 0 <= fig[key]["rate"] <= 1


@pytest.mark.parametrize("amb", ENTRIES, ids=IDS)
def test_divergence_traces_replay_under_each_reading(amb: V.Ambiguity, data: dict) -> None:
    summary = (data.get("traces") or {}).get(amb.id)
    if summary is None and amb.id in A.NO_TRACE:
        pytest.skip(f"{amb.id}: no trace, documented: {A.NO_TRACE[amb.id]}")
    assert summary is not None, f"{amb.id} has no divergence trace: run `{REMEASURE}`"
    assert set(summary["files"]) == set(amb.reading_names())
    traces = {}
    for reading, rel in summary["files"].items():
        trace = read_trace(ROOT / rel)  # validates against schemas/trace.schema.json
        assert trace["variants"][amb.id] == reading
        assert trace["meta"]["ambiguity"] == amb.id
        result = replay(trace)
        assert result.ok, f"{rel} does not replay under its own reading: {result.reason}"
        traces[reading] = trace
    # The readings part at the last step: the default trace does not replay under any
    # other reading, and every other reading's trace does not replay under the default.
    default = traces[amb.default]
    n = summary["steps"]
    for reading, trace in traces.items():
        if reading == amb.default:
            continue
        for a, b in ((default, reading), (trace, amb.default)):
            res = replay(a, {amb.id: b})
            refused_here = len(a["steps"]) == n - 1  # the last action was refused
            if refused_here:
                assert res.ok, "the steps before the divergence are the same under each reading"
            else:
                assert not res.ok and res.failed_step == n - 1, (
                    f"replaying {amb.id}'s trace under {b} should fail at its last step")


def test_custom_card_traces_embed_their_card_set(data: dict) -> None:
    for summary in (data.get("traces") or {}).values():
        for rel in summary["files"].values():
            trace = json.loads((ROOT / rel).read_text(encoding="utf-8"))
            assert ("cards" in trace["card_set"]) == summary["custom_cards"], rel


# --------------------------------------------------------------------------------------------
# The measurement's definitions


def test_lockstep_finds_a_power_chart_divergence_at_the_second_rookie() -> None:
    base = D.Game.default()
    alt = D.with_reading(base, "DB-AMB-10", "own-type")
    out = D.lockstep(base, alt, 0)
    assert out.diverged_at == 2 and out.kind == "state" and out.duel == 1
    assert [a.type for a in out.prefix] == ["choose_rookie", "choose_rookie"]


def test_lockstep_under_identical_readings_never_diverges() -> None:
    base = D.Game.default(max_duels=D.MAX_DUELS)
    same = D.with_reading(base, "DB-AMB-6", "final")
    out = D.lockstep(base, same, 3, options=True)
    assert out.diverged_at is None and out.options_at is None
    assert out.steps > 20


def test_level_skipping_dna_never_diverges_with_the_starter_decks() -> None:
    base = D.Game.default(max_duels=D.MAX_DUELS)
    alt = D.with_reading(base, "DB-AMB-4", "either")
    for seed in range(3):
        assert D.lockstep(base, alt, seed).diverged_at is None


def test_lockstep_follows_digiconform_play() -> None:
    from oracle.selfplay import play

    game = D.Game.default()
    played = [s.action for s in play(game, 5)][:30]
    out = D.lockstep(game, D.with_reading(game, "DB-AMB-4", "either"), 5)
    assert out.prefix[:30] == played[: len(out.prefix[:30])]


def test_summarise_counts_rates() -> None:
    rows = [{"seed": s, "default_winner": s % 2, "pairs": {"X=y": {
        "state": 5 if s < 3 else None, "kind": "state" if s < 3 else None,
        "duel": 1 if s < 3 else None, "options": None, "state_other": None,
        "other_winner": 0}}} for s in range(4)]
    fig = D.summarise(rows)["X=y"]
    assert fig["state"] == {"count": 3, "rate": 0.75}
    assert fig["winner"] == {"count": 2, "rate": 0.5}
    assert fig["median_duel"] == 1


def test_search_returns_a_prefix_whose_last_action_diverges() -> None:
    amb = V.BY_ID["DB-AMB-6"]
    base = D.Game.default()
    games = {r: D.with_reading(base, amb.id, r) for r in amb.reading_names()}
    found = next(f for s in range(20) if (f := D.search(games, amb.default, s, "passive")))
    *head, last = found.prefix
    states = {r: D.replay(g, head)[0] for r, g in games.items()}
    results = {r: D.try_apply(states[r], last) for r in games}
    assert D.differs(results["final"], results["not-final"])


def test_situations_are_booleans_for_every_proposal() -> None:
    sit = D.situations(1)
    assert {p.situation for p in A.PROPOSED} <= set(sit)
    assert all(isinstance(v, bool) for v in sit.values())


# --------------------------------------------------------------------------------------------
# Proposed entries and the command


def test_proposals_are_complete_and_new() -> None:
    seen = set(V.BY_ID)
    for p in A.PROPOSED:
        e = p.entry
        assert e.id not in seen, f"{e.id} is both proposed and in the registry"
        seen.add(e.id)
        names = e.reading_names()
        assert len(names) >= 2 and e.example is not None
        assert dict(p.changes).keys() == set(names)
        assert {r for r, _ in e.example.outcomes} == set(names)


def test_command_prints_markdown_and_json() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["ambiguities", "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["format"] == A.FORMAT and doc["ruleset"] == "all"
    assert [e["id"] for e in doc["ambiguities"]] == IDS + DCG_IDS
    assert [e["ruleset"] for e in doc["ambiguities"]] == (["digibattle"] * len(IDS)
                                                          + ["dcg"] * len(DCG_IDS))
    res = runner.invoke(main, ["ambiguities", "--id", "DB-AMB-6"])
    assert res.exit_code == 0 and "## DB-AMB-6:" in res.output and "## DB-AMB-7:" not in \
        res.output
    res = runner.invoke(main, ["ambiguities", "--id", "DB-AMB-999"])
    assert res.exit_code == 2


def test_command_selects_a_ruleset() -> None:
    runner = CliRunner()
    for ruleset, ids in (("digibattle", IDS), ("dcg", DCG_IDS)):
        res = runner.invoke(main, ["ambiguities", "--ruleset", ruleset, "--format", "json"])
        assert res.exit_code == 0, res.output
        doc = json.loads(res.output)
        assert doc["ruleset"] == ruleset and [e["id"] for e in doc["ambiguities"]] == ids
        assert all(e["ruleset"] == ruleset for e in doc["proposed"])
    res = runner.invoke(main, ["ambiguities", "--ruleset", "dcg"])
    assert res.exit_code == 0, res.output
    assert "# Digimon Card Game (2020), chapter 6" in res.output
    assert "# Digi-Battle Arena rules" not in res.output and "## DB-AMB-" not in res.output
    assert all(f"## {i}:" in res.output for i in DCG_IDS)
    res = runner.invoke(main, ["ambiguities", "--ruleset", "digibattle"])
    assert res.exit_code == 0 and "## DCG-AMB-" not in res.output
    assert "# Digi-Battle Arena rules" in res.output


def test_command_finds_a_dcg_entry_by_id() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["ambiguities", "--id", "DCG-AMB-1"])
    assert res.exit_code == 0, res.output
    assert "## DCG-AMB-1:" in res.output and "## DCG-AMB-2:" not in res.output
    assert "## DB-AMB-" not in res.output and "features/dcg/ambiguities.feature:" in res.output
    res = runner.invoke(main, ["ambiguities", "--id", "DCG-AMB-1", "--format", "json"])
    assert [e["id"] for e in json.loads(res.output)["ambiguities"]] == ["DCG-AMB-1"]
    res = runner.invoke(main, ["ambiguities", "--ruleset", "digibattle", "--id", "DCG-AMB-1"])
    assert res.exit_code == 2 and "unknown ambiguity DCG-AMB-1" in res.output


def test_doc_has_a_section_per_ruleset() -> None:
    text = DOC.read_text(encoding="utf-8")
    db, dcg = text.index("\n# Digi-Battle Arena rules"), text.index("\n# Digimon Card Game")
    assert db < dcg
    assert all(text.index(f"## {i}:") < dcg for i in IDS)
    assert all(text.index(f"## {i}:") > dcg for i in DCG_IDS)


def test_register_json_fits_the_variants_schema() -> None:
    """IDs and reading names in ``digiconform ambiguities --format json`` are what a game's
    ``variants`` map (``schemas/variants.schema.json``) accepts."""
    from oracle.validation import validate

    for e in A.register()["ambiguities"]:
        for r in e["readings"]:
            validate({e["id"]: r["name"]}, "variants")
        assert [r["name"] for r in e["readings"] if r["default"]] == [e["default"]]

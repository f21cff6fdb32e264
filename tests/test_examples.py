"""The example adapters of ``examples/`` pass ``verify`` (issue 11).

Both are complete Digi-Battle engines of their own (not the oracle), written from the rule
texts, behind the mandatory subset of the protocol; ``docs/PROTOCOL.md`` "Writing an adapter"
walks through them:

- ``examples/python``: ``toy_engine.py`` + ``adapter.py``;
- ``examples/node``: ``engine.js`` + ``adapter.js`` (Node, no packages), skipped only when
  ``node`` is not installed (``.ci/run`` installs it).

Both play the whole game (set-up, Digivolve, Battle, scoring, Regroup, recycling, game end)
and follow one reading that is not the default (DB-AMB-9 ``at-prepare``), which they
declare. Each is verified as a new user would run it: every vector it can run without
``load_state`` and 10 random games, all of which must pass, with no skip file; and once more
without declaring its reading, where the suite must find and name that reading.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent
CARDS = data_dir() / "upper-deck.cardset.json"
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
PYTHON = (f"{shlex.quote(sys.executable)} "
          f"{shlex.quote(str(ROOT / 'examples/python/adapter.py'))}")
NODE = (f"node {shlex.quote(str(ROOT / 'examples/node/adapter.js'))} --cards "
        f"{shlex.quote(str(CARDS))}")
SETUP_SCENARIOS = 14  # the DB-A scenarios that start with new_game, the whole Duel left out
GAMES = 10
NEEDS_NODE = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
#: (adapter command, the implementation name it gives in ``start``)
ENGINES = [pytest.param(PYTHON, "toy-digibattle-python", id="python"),
           pytest.param(NODE, "toy-digibattle-node", id="node", marks=NEEDS_NODE)]


def _verify(impl: str, tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str],
                                                           dict]:
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "digiconform.cli", "verify", "--impl", impl, *args,
         "--report", str(report_path), "--traces", str(tmp_path), "--no-progress"],
        capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=600)
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    return proc, report


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_passes_the_whole_suite(impl: str, name: str, tmp_path: Path) -> None:
    """Every vector it can run and the random games, on the four mandatory requests, with no
    skip file."""
    proc, report = _verify(impl, tmp_path, "--games", str(GAMES))
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    impl_info = report["implementation"]
    assert impl_info["name"] == name
    assert impl_info["capabilities"] == {"load_state": False, "legal_actions": False,
                                         "variants": False}
    assert impl_info["readings"] == {"DB-AMB-9": "at-prepare"}
    cov, summary = report["coverage"], report["summary"]
    assert summary["failed"] == 0 and summary["errored"] == 0
    assert summary["passed"] + summary["not_followed"] == cov["runnable"] > SETUP_SCENARIOS
    assert summary["skipped"] == cov["needs_load_state"]  # nothing else is skipped
    diff = report["differential"]
    assert diff["games"] == GAMES and diff["findings"] == []
    assert diff["steps"] > 50 * GAMES  # whole games (a set-up alone is 7 actions); targets
    # are drawn from the whole range 1 … 1000 (issue 13), so some games are short
    assert report["ambiguities"]["DB-AMB-9"]["declared"] == "at-prepare"
    # The refusals it maps from its own codes name the clauses the rules give.
    for clause in ("DB-A.0", "DB-A.1", "DB-A.2", "DB-A.5", "DB-B.2", "DB-C.4", "DB-C.6"):
        assert report["clauses"][clause]["status"] == "pass", (clause, report["clauses"][clause])


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_reading_is_found_when_not_declared(impl: str, name: str,
                                                   tmp_path: Path) -> None:
    """The check can fail: the same engine, declaring nothing and taking any setup, is
    caught playing DB-AMB-9 as ``at-prepare`` where the default ``on-reveal`` was asked."""
    proc, report = _verify(impl + " --no-readings --ignore-variants", tmp_path,
                           "--games", "5", "--clause", "DB-A", "--shrink-seconds", "1")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["implementation"]["name"] == name
    assert report["implementation"]["readings"] == {}
    found = report["differential"]["findings"]
    assert found, proc.stdout[-3000:]
    assert {f["field"] for f in found} == {"reading:DB-AMB-9=at-prepare"}, found
    assert "behaves as if DB-AMB-9 = 'at-prepare'" in proc.stdout


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_refusing_an_undeclared_reading_is_filed_under_that_ambiguity(
        impl: str, name: str, tmp_path: Path) -> None:
    """Declaring no reading, the engine honestly refuses (``unsupported``) the games that ask
    for DB-AMB-9 ``on-reveal``: one finding, filed under DB-AMB-9's clause and naming the
    reading to declare, not under clause "?"."""
    proc, report = _verify(impl + " --no-readings", tmp_path, "--games", "3",
                           "--scenario", "-", "--shrink-seconds", "1")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["implementation"]["name"] == name
    found = report["differential"]["findings"]
    assert [(f["clause"], f["field"]) for f in found] == [
        ("DB-B.3", "unsupported-reading:DB-AMB-9=on-reveal")], found
    assert "does not play DB-AMB-9 = 'on-reveal'" in proc.stdout
    assert "[?]" not in proc.stdout

"""The example adapters of ``examples/`` pass ``verify`` on what they implement (issue 11).

Both are toy Digi-Battle engines of their own (not the oracle) that play the set-up (rulebook
part A) behind the mandatory subset of the protocol; ``docs/PROTOCOL.md`` "Writing an adapter"
walks through them. Each is verified as a new user would run it: ``digiconform verify --clause
DB-A --games 0 --skip examples/<lang>/skip.txt``. The Node one is skipped only when ``node`` is
not installed (``.ci/run`` installs it).
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
ADAPTERS = {
    "python": f"{shlex.quote(sys.executable)} "
              f"{shlex.quote(str(ROOT / 'examples/python/adapter.py'))}",
    "node": f"node {shlex.quote(str(ROOT / 'examples/node/adapter.js'))} --cards "
            f"{shlex.quote(str(CARDS))}",
}
SETUP_SCENARIOS = 14  # the DB-A scenarios that start with new_game, the whole Duel left out


@pytest.mark.parametrize("lang", sorted(ADAPTERS))
def test_example_adapter_passes_verify(lang: str, tmp_path: Path) -> None:
    if lang == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "digiconform.cli", "verify", "--impl", ADAPTERS[lang],
         "--clause", "DB-A", "--games", "0", "--skip", str(ROOT / f"examples/{lang}/skip.txt"),
         "--report", str(report_path), "--traces", str(tmp_path)],
        capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    report = json.loads(report_path.read_text())
    assert report["implementation"]["name"] == f"toy-digibattle-{lang}"
    assert report["implementation"]["capabilities"] == {
        "load_state": False, "legal_actions": False, "variants": False}
    assert report["summary"]["passed"] == SETUP_SCENARIOS
    assert report["summary"]["failed"] == 0 and report["summary"]["errored"] == 0
    # The refusals it maps from its own codes name the clauses the rules give.
    for clause in ("DB-A.0", "DB-A.1", "DB-A.2", "DB-A.5"):
        assert report["clauses"][clause]["status"] == "pass", (clause, report["clauses"][clause])


@pytest.mark.parametrize("lang", sorted(ADAPTERS))
def test_example_adapter_fails_without_its_skip_file(lang: str, tmp_path: Path) -> None:
    """The check can fail: without the skip file the scenario it does not play fails."""
    if lang == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed")
    proc = subprocess.run(
        [sys.executable, "-m", "digiconform.cli", "verify", "--impl", ADAPTERS[lang],
         "--clause", "DB-A.2", "--games", "0", "--traces", str(tmp_path)],
        capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=300)
    assert proc.returncode == 1, proc.stdout[-2000:]
    assert "A whole first Duel" in proc.stdout

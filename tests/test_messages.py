"""Names and messages (issue 15): usage errors are one line with exit code 2, the pytest
plugin counts and names what it collects and hints when ``--impl`` is missing, and
``--impl-shell`` runs a shell command line."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from digiconform.cli import main

HERE = Path(__file__).resolve().parent
ENV = {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get(
    "PYTHONPATH", "")}
SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"


@pytest.mark.parametrize(("args", "says"), [
    (["verify", "--impl", "x", "--clause", "DB-Z"], "no digibattle clause is or starts with"),
    (["verify", "--impl", "x", "--clause", "DCG-6-3"],
     "DCG-6-3 is a dcg clause: add --ruleset dcg"),
    (["verify", "--impl", "x", "--ruleset", "dcg", "--clause", "DB-C.8"],
     "DB-C.8 is a digibattle clause: add --ruleset digibattle"),
    (["perft", "--divide"], "--divide needs a position NAME"),
    (["perft", "--depth", "2"], "--depth needs a position NAME"),
    (["fuzz", "--impl", "x", "--budget", "soon"], "not a duration"),
])
def test_usage_errors_exit_2(args: list[str], says: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert says in result.output


def test_vectors_record_outside_a_checkout_is_one_line(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import digiconform.vectors

    monkeypatch.setattr(digiconform.vectors, "source_root", lambda: tmp_path)
    result = CliRunner().invoke(main, ["vectors", "record"])
    assert result.exit_code == 2
    assert "needs a source checkout" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_impl_shell_runs_a_shell_command_line(tmp_path: Path) -> None:
    """``cd DIR && CMD`` works with --impl-shell (and the replay command keeps the shell)."""
    line = f"cd {shlex.quote(str(tmp_path))} && {SERVE}"
    ok = CliRunner().invoke(main, ["verify", "--impl", line, "--impl-shell", "--clause",
                                   "DB-C.8", "--games", "0", "--no-progress"])
    assert ok.exit_code == 0, ok.output
    plain = CliRunner().invoke(main, ["verify", "--impl", line, "--clause", "DB-C.8",
                                      "--games", "0", "--no-progress"])
    assert plain.exit_code == 1 and "did not start" in plain.output


def test_pytest_plugin_counts_its_cases_and_hints_without_impl(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "pytest", "-p", "digiconform", "-p", "no:xdist",
            "-p", "no:cacheprovider"]
    bare = subprocess.run(base, cwd=tmp_path, env=ENV, capture_output=True, text=True,
                          timeout=300)
    assert bare.returncode == 5
    assert "no --impl given" in bare.stdout and "--impl" in bare.stdout.splitlines()[-2]
    listed = subprocess.run([*base, "--collect-only", "-q", "--impl", SERVE, "--impl-clause",
                             "DB-C.8", "--impl-games", "1"], cwd=tmp_path, env=ENV,
                            capture_output=True, text=True, timeout=300)
    assert listed.returncode == 0, listed.stdout[-2000:]
    names = [n for n in listed.stdout.splitlines() if "scenario[" in n]
    assert names and all("<" not in n for n in names)
    count = subprocess.run([*base, "--collect-only", "--impl", SERVE, "--impl-clause", "DB-C.8",
                            "--impl-games", "1"], cwd=tmp_path, env=ENV, capture_output=True,
                           text=True, timeout=300)
    assert "collected 0 items" not in count.stdout
    from oracle.variants import REGISTRY

    ambiguities = sum(1 for a in REGISTRY if a.ruleset == "digibattle")
    assert f"collected {len(names) + 1 + ambiguities} items" in count.stdout, \
        count.stdout[-1500:]
    assert "digiconform: verifying" in count.stdout
    bad = subprocess.run([*base, "--impl", SERVE, "--impl-clause", "DB-Z"], cwd=tmp_path,
                         env=ENV, capture_output=True, text=True, timeout=300)
    assert bad.returncode == 4 and "no digibattle clause" in bad.stderr

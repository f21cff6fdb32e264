"""Single faults planted in an engine the project did not derive from its oracle
(``examples/python``, patched by ``tests/independent_faults.py``), each run through the random
games as a newcomer would run it: one fault, one finding, under a clause the fault breaks
(issue 24). ``usereq`` is the case a newcomer review found wrong on 2026-12-07: the oracle,
having learnt DB-AMB-13 'no-effect' from an earlier game, played it in later ones and filed the
engine's correct refusal (as 'must-fulfil', the reading it was asked for) as a DB-C.2
refused-legal finding, beside a second finding of the same fault under DB-C.1."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from digiconform.verifier.runner import Options, verify
from tests import independent_faults

#: engine -> the clauses a finding may name (the rule its fault breaks)
EXPECTED = {
    "usereq": ("DB-C.2",),
    "regroup11": ("DB-D.1",),
    "tiepoints": ("DB-C.8",),
    "targetgt": ("DB-C.9",),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_independent_engine_with_one_fault_gets_one_finding_under_its_clause(
        name: str, tmp_path: Path) -> None:
    independent_faults.build(tmp_path, [name])
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / name / 'adapter.py'))}"
    report = verify(Options(impl, games=20, scenarios=("-",), budget=None, shrink_seconds=10,
                            trace_dir=tmp_path / "traces"))
    found = [(f["clause"], f["kind"], f["count"]) for f in report.differential["findings"]]
    assert len(found) == 1 and found[0][0] in EXPECTED[name], found
    # (usereq refuses an unpaid Use Requirement as 'must-fulfil' asks: never a finding)
    assert found[0][1] != "refused-legal", found
    assert not report.ok


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
    # the loser starts the next Duel: who starts it is DB-D.6's (the winner, DB-C.7), also
    # where the wrong starter, with nothing to Digivolve, passes by force and the first field
    # that differs is a ``passed`` flag (once filed under DB-B.5, the pass's rule)
    "firstloser": ("DB-D.6", "DB-C.7"),
    # an Online-to-Offline Use Requirement not paid: where the payment empties the Online
    # deck, or the Duel ends in the same step, the first card that lies elsewhere was moved
    # by the payment (its vectors were once filed under the clean-ups after it, DB-D.3 and
    # DB-C.6)
    "nomill": ("DB-C.2",),
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



@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_failing_vector_of_an_independent_fault_names_its_clause(
        name: str, tmp_path: Path) -> None:
    """The scenario vectors each fault fails (or whose prelude it breaks) are filed under a
    clause the fault breaks, never under the rule of a clean-up that follows from it."""
    independent_faults.build(tmp_path, [name])
    impl = f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / name / 'adapter.py'))}"
    report = verify(Options(impl, games=0))
    failed = [(c["clause"], c["id"]) for c in report.cases
              if c.get("part") == "scenarios" and c.get("status") == "fail"]
    failed += [(n["clause"], n["id"]) for n in report.not_reached]
    assert failed and not report.ok
    assert [f for f in failed if f[0] not in EXPECTED[name]] == [], name

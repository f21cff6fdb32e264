"""The fifth newcomer review's held-out faults (``tests/newcomer5_faults.py``, results in
docs/NEWCOMER5.md) still build as planted: each patch applies once to today's examples, each
fault names its clauses in advance, and the two faults no verify run reached (latediscard,
copies5) still differ from ``base`` when played directly. No verify run here: the runner
(``tests/newcomer5_run.py``) does that, outside the test suite."""

from __future__ import annotations

import sys
from pathlib import Path

from tests import newcomer5_faults, newcomer5_run
from tests.newcomer3_faults import DB_EXAMPLE, DCG_ENGINE, DCG_EXAMPLE, ENGINE


def test_every_fault_names_its_clauses_in_advance() -> None:
    faults = [n for p in (newcomer5_faults.PATCHES, newcomer5_faults.DCG_PATCHES) for n in p
              if n != "base"]
    assert sorted(faults) == sorted(newcomer5_faults.NAMED)
    assert set(newcomer5_faults.FOUND_READINGS) <= set(faults)


def test_each_engine_builds_and_differs_from_base(tmp_path: Path) -> None:
    newcomer5_faults.build(tmp_path)
    for rs, patches, example, engine in (("db", newcomer5_faults.PATCHES, DB_EXAMPLE, ENGINE),
                                         ("dcg", newcomer5_faults.DCG_PATCHES, DCG_EXAMPLE,
                                          DCG_ENGINE)):
        original = (example / engine).read_text(encoding="utf-8")
        assert (tmp_path / rs / "base" / engine).read_text(encoding="utf-8") == original
        for name in patches:
            if name != "base":
                assert (tmp_path / rs / name / engine).read_text(encoding="utf-8") != original


def test_the_unreached_faults_accept_what_base_refuses(tmp_path: Path,
                                                       capsys: object) -> None:
    newcomer5_faults.build(tmp_path)
    newcomer5_run.direct_checks(tmp_path, sys.executable)
    out = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    answers = {line.split(":", 1)[0]: line for line in out}
    for rs, name in (("db", "latediscard"), ("dcg", "copies5")):
        assert "REFUSED" in answers[f"{rs} base"], answers
        assert "ACCEPTED" in answers[f"{rs} {name}"], answers

"""A reading verdict does not move for a fault that is not a reading (issue 24), where a
vector is played on past a failure (``runner.played_on_evidence``) and the engine moves on by
itself past forced actions.

newcomer4's ``paytwo`` (``tests/newcomer4_faults.py``: a Rookie->Champion payment always
moves 2 cards, DB-B.3) fails vectors in their prelude; played on past that failure, three of
them reach a Battle where a player has nothing to play. This engine takes the forced passes by
itself, so its answer at the check is DB-AMB-24 'say-pass''s followed by forced actions, which
is also 'run-out''s answer: no evidence either way. Before, it was counted against 'say-pass'
and the verdict read "no single reading fits its behaviour" (docs/NEWCOMER4.md item 3)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from digiconform.verifier.runner import Options, verify
from tests import newcomer4_faults


def test_paytwo_keeps_its_say_pass_verdict(tmp_path: Path) -> None:
    newcomer4_faults.build(tmp_path, ["paytwo"])
    impl = (f"{shlex.quote(sys.executable)} "
            f"{shlex.quote(str(tmp_path / 'db' / 'paytwo' / 'adapter.py'))}")
    report = verify(Options(impl, games=0, budget=None, trace_dir=tmp_path / "traces"))
    assert report.outcome == "FAIL"
    amb = report.ambiguities["DB-AMB-24"]
    assert list(amb.follows) == ["say-pass"], amb.verdict
    assert amb.readings["say-pass"]["inconsistent"] == 0, amb.readings
    assert amb.readings["say-pass"]["consistent"] > 0, amb.readings

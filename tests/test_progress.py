"""Progress people can follow (issue 15): without a terminal, ``verify`` prints a plain line
every ``--progress-interval`` seconds (default at most 30) with the counts so far, even
against an engine that takes its time over every answer; in a terminal, a live bar names
what runs and estimates each part from its own pace."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get(
    "PYTHONPATH", ""), "MINIATURE_DELAY": "0.04"}


def test_a_slow_engine_gets_a_progress_line_every_interval(tmp_path: Path) -> None:
    interval = 1.0
    out_file = tmp_path / "stdout.txt"
    t0 = time.monotonic()
    with out_file.open("w") as out_stream:
        proc = subprocess.Popen(
            [sys.executable, "-m", "digiconform.cli", "verify", "--impl",
             miniatures.command("slow_engine"), "--clause", "DB-C.8", "--games", "0",
             "--progress-interval", str(interval), "--traces", str(tmp_path)],
            stdout=out_stream, stderr=subprocess.PIPE, text=True, env=ENV, cwd=HERE.parent)
        stamps: list[tuple[float, str]] = []
        assert proc.stderr is not None
        for line in proc.stderr:  # each line as it comes, with its arrival time
            stamps.append((time.monotonic(), line.rstrip("\n")))
        proc.wait(timeout=300)
    end = time.monotonic()
    out = out_file.read_text()
    assert proc.returncode == 0, out[-2000:]
    lines = [text for _, text in stamps if text.startswith("verify: ")]
    assert lines and "scenarios and 0 random games to run" in lines[0], stamps
    ticks = [t for t, text in stamps if text.startswith("verify: ") and "elapsed" in text]
    # The run takes several intervals (every one of its ~130 answers is 0.04 s late) ...
    assert end - t0 > 3 * interval and len(ticks) >= 3, stamps
    # ... and from the first line on (the interpreter's start-up comes before it), no gap
    # between two lines, or after the last, is much longer than the interval.
    first = stamps[0][0]
    gaps = [b - a for a, b in zip([first, *ticks], [*ticks, end], strict=True)]
    assert max(gaps) < interval + 1.5, gaps
    assert any("/6 scenarios" in t or "scenarios," in t for t in lines)
    assert any("now: scenario " in t for t in lines), lines


def test_the_default_interval_is_at_most_30_seconds() -> None:
    from digiconform.verifier.cli import verify
    from digiconform.verifier.progress import DEFAULT_INTERVAL

    opt = next(p for p in verify.params if p.name == "progress_interval")
    assert opt.default == DEFAULT_INTERVAL <= 30
    assert opt.type.hi <= 30  # type: ignore[attr-defined]


def test_the_estimate_comes_from_each_part_s_own_pace() -> None:
    from digiconform.verifier.progress import PlainProgress

    p = PlainProgress([f"v{i}" for i in range(20)], 4, stream=io.StringIO(), interval=30)
    assert "no estimate yet" in p.line()
    for i in range(10):
        time.sleep(0.01)
        p("scenarios", f"v{i}")
    line = p.line()
    assert "10/20 scenarios" in line and "now: scenario v10" in line
    assert "then 4 random games (estimated after the first)" in line
    for i in range(10, 20):
        p("scenarios", f"v{i}")
    time.sleep(0.3)
    p("random", "1")
    line = p.line()
    assert "1/4 random games" in line and "now: random game 2 of 4" in line
    assert "~0s left" in line or "~1s left" in line, line  # 3 games x ~0.3 s
    p("shrinking", "40")
    assert "shrinking 40 findings" in p.line()


def test_live_progress_names_what_runs() -> None:
    from digiconform.verifier.progress import LiveProgress

    out = io.StringIO()
    with LiveProgress(["a::one", "a::two"], 2, stream=out) as bar:
        bar("scenarios", "a::one")
        assert "a::two" in bar.progress.tasks[0].description
        bar("scenarios", "a::two")
        bar("random", "1")
        assert bar.progress.tasks[1].description == "random game 2 of 2"
        bar("random", "2")
    text = out.getvalue()
    assert "scenarios" in text and "random games" in text and "2/2" in text

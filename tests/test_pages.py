"""What users look at (issue 15): the compliance page in a real headless browser, the
summary across engines, and the console's findings.

- ``verify --html`` writes one self-contained page; in headless Chromium (the system
  package, installed by ``.ci/run``) it loads with no console message, its script runs, a
  screenshot of it is not blank, and the page of a failing engine (a planted mutant) shows
  its random-game finding as a step table with the replay command.
- ``digiconform summary`` over three reports (the oracle, two planted mutants) prints the
  clauses × engines and readings × engines tables and exits 1.

The browser test is skipped only when Chromium is missing outside CI (``$CI`` set: fail).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from digiconform.cli import main
from digiconform.verifier.report import document
from digiconform.verifier.runner import Options, verify

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import miniatures  # noqa: E402

SERVE = f"{shlex.quote(sys.executable)} -m digiconform.cli serve"
QUICK = {"clauses": ("DB-C.7", "DB-C.8"), "games": 10, "shrink_seconds": 3.0}
"""Two clauses and 10 random games: enough for both mutants below to be caught (the random
games find each within a few games), in seconds."""


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """JSON reports of the oracle and of two planted mutants."""
    out = tmp_path_factory.mktemp("reports")
    paths = {}
    for name, command in (("oracle", SERVE),
                          ("tie_scores_points", miniatures.command("tie_scores_points")),
                          ("loser_goes_first", miniatures.command("loser_goes_first"))):
        report = verify(Options(command, trace_dir=out / "traces", **QUICK))  # type: ignore[arg-type]
        paths[name] = out / f"{name}.json"
        paths[name].write_text(json.dumps(document(report)), encoding="utf-8")
    return paths


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("headless Chromium is not installed (.ci/run installs the chromium "
                    "package)")
    pytest.skip("chromium not installed (apt-get install chromium)")


def _browse(page: Path, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Headless Chromium on ``page`` with the page's console logged to stderr."""
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-extensions", "--enable-logging=stderr", "--v=0",
           f"--user-data-dir={tmp / 'profile'}", *args, page.as_uri()]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def _console(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def _pixels(png_path: Path) -> tuple[int, float]:
    """(distinct colours, share of pixels not the most common colour) of a PNG."""
    import png

    width, height, rows, info = png.Reader(filename=str(png_path)).asRGBA8()
    counts: dict[bytes, int] = {}
    for row in rows:
        data = bytes(row)
        for i in range(0, len(data), 4 * 7):  # every 7th pixel is plenty
            px = data[i:i + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    return len(counts), 1 - max(counts.values()) / total


def test_the_browser_check_sees_console_errors(tmp_path: Path) -> None:
    """The console check below is not vacuous: a page with a script error is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><html><body>x<script>nosuch();</script></body></html>")
    proc = _browse(bad, tmp_path, "--dump-dom")
    assert any("nosuch" in line for line in _console(proc.stderr)), proc.stderr[-2000:]


def test_compliance_page_in_a_headless_browser(reports: dict[str, Path],
                                               tmp_path: Path) -> None:
    page = tmp_path / "tie.html"
    result = CliRunner().invoke(main, ["report", str(reports["tie_scores_points"]),
                                       "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    # Self-contained: nothing is loaded from anywhere (and the CSP forbids it).
    assert not re.search(r"""(src|href)=["'](?!#)""", html)
    assert "default-src 'none'" in html
    proc = _browse(page, tmp_path, "--dump-dom")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not _console(proc.stderr), _console(proc.stderr)
    dom = proc.stdout
    assert 'data-ready="1"' in dom  # the page's script ran to its end
    doc = json.loads(reports["tie_scores_points"].read_text())
    finding = next(f for f in doc["failures"] if f["kind"] == "differential")
    # The random-game finding: a step table with one row per action of the shrunk trace,
    # the diverging step naming the field, oracle vs engine, and the replay command.
    section = dom[dom.index(">" + f"{doc['failures'].index(finding) + 1}. [DB-C.8]"):]
    section = section[:section.index("</section>")]
    table = section[section.index('<table class="steps"'):]
    assert table.count('<tr class="diverge"') >= 1
    assert table.count("<tr") - 1 == finding["length"] + sum(
        1 for _ in finding["differences"][1:])
    assert "players[0].score" in table or "players[1].score" in table
    assert ">0<" in table and ">100<" in table
    assert "digiconform replay" in section and "--impl" in section
    for cid in ("DB-C.8", "DB-A.1"):
        assert f'id="clause-{cid}"' in dom
    assert "Ambiguity readings" in dom and "DB-AMB-6" in dom
    assert "tie_scores_points" in dom  # the implementation's metadata

    shot = tmp_path / "tie.png"
    proc = _browse(page, tmp_path, "--window-size=1280,900", f"--screenshot={shot}")
    assert proc.returncode == 0 and shot.is_file(), proc.stderr[-2000:]
    colours, busy = _pixels(shot)
    assert colours > 20 and busy > 0.1, (colours, busy)


def test_verify_writes_the_page(tmp_path: Path) -> None:
    page = tmp_path / "serve.html"
    result = CliRunner().invoke(main, ["verify", "--impl", SERVE, "--clause", "DB-C.8",
                                       "--games", "0", "--html", str(page), "--no-progress"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "PASS" in html and 'id="clause-DB-C.8"' in html and "Findings (0)" in html


def test_summary_over_three_reports(reports: dict[str, Path], tmp_path: Path) -> None:
    paths = [str(reports[n]) for n in ("oracle", "tie_scores_points", "loser_goes_first")]
    result = CliRunner().invoke(main, ["summary", *paths])
    assert result.exit_code == 1, result.output
    out = result.output
    print(out)
    for engine in ("digiconform", "tie_scores_points", "loser_goes_first"):
        assert engine in out
    row = _row(out, "DB-C.8")
    assert row[:3] == ["pass", "FAIL", "pass"] or row[0] == "pass" and row[1] == "FAIL", row
    assert _row(out, "DB-C.7")[2] == "FAIL"
    assert "DB-AMB-6" in out and "ambiguity readings" in out
    md = CliRunner().invoke(main, ["summary", "--format", "markdown", *paths])
    assert md.exit_code == 1 and "| DB-C.8 | pass | FAIL |" in md.output
    html = tmp_path / "summary.html"
    page = CliRunner().invoke(main, ["summary", "--format", "html", "-o", str(html), *paths])
    assert page.exit_code == 1 and "<table>" in html.read_text()
    only_oracle = CliRunner().invoke(main, ["summary", paths[0]])
    assert only_oracle.exit_code == 0, only_oracle.output


def _row(text: str, first: str) -> list[str]:
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"[│|]", line) if c.strip()]
        if cells and cells[0] == first:
            return cells[1:]
    raise AssertionError(f"no row {first!r} in:\n{text}")


def test_summary_refuses_a_file_that_is_not_a_report(tmp_path: Path) -> None:
    bogus = tmp_path / "x.json"
    bogus.write_text('{"hello": 1}')
    result = CliRunner().invoke(main, ["summary", str(bogus)])
    assert result.exit_code == 2 and "not a digiconform report" in result.output


def test_console_lists_every_random_game_finding_and_skip(reports: dict[str, Path],
                                                          tmp_path: Path) -> None:
    """Whatever the number of scenario failures, the random-game finding, the skipped
    scenarios and a stale skip entry are on the console."""
    from digiconform.verifier.report import terminal

    skip = tmp_path / "skips.txt"
    skip.write_text("scoring::no such scenario # gone\n")
    from digiconform.verifier.runner import parse_skip_file

    report = verify(Options(miniatures.command("tie_scores_points"), trace_dir=tmp_path,
                            skips=parse_skip_file(skip.read_text()), **QUICK))  # type: ignore[arg-type]
    text = terminal(report, max_failures=1)
    assert "FAIL [DB-C.8] differential" in text and "replay: digiconform replay" in text
    assert "more scenario failures" in text
    assert "STALE scoring::no such scenario" in text


def test_engine_stderr_is_shown_when_it_fails_to_start(tmp_path: Path) -> None:
    from digiconform.verifier.report import terminal

    report = verify(Options(miniatures.command("crashes_on_start"), trace_dir=tmp_path,
                            timeout=5.0))
    text = terminal(report)
    assert "did not start" in text and "stderr (last lines)" in text, text
    assert text.count("giving up before saying anything") == 1, text
    assert _any_line_from(text, "crash"), text


def _any_line_from(text: str, word: str) -> Any:
    return [line for line in text.splitlines() if word in line.lower()]

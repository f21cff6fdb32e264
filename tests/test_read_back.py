"""Issue 29: reports read back (``report``, ``summary``), the pages agreeing on a reading
declared but not followed, and the retired register entry (the hostile cases are in
``tests/hostile.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from digiconform.cli import main
from tests.hostile import sample_report


def _write(tmp: Path, doc: object, name: str = "r.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_older_report_format_is_named_as_such(tmp_path: Path) -> None:
    doc = sample_report() | {"format": "digiconform-report/0"}
    res = CliRunner().invoke(main, ["summary", str(_write(tmp_path, doc))])
    assert res.exit_code == 2
    assert res.stderr.count("\n") == 1
    assert "report format 0; this digiconform reads 1" in res.stderr, res.stderr
    assert "$.format" in res.stderr


def test_a_wrong_typed_field_is_refused_with_its_json_path(tmp_path: Path) -> None:
    doc = sample_report()
    doc["summary"]["passed"] = "many"
    page = tmp_path / "page.html"
    res = CliRunner().invoke(main, ["report", str(_write(tmp_path, doc)), "--html", str(page)])
    assert res.exit_code == 2 and not page.exists()
    assert res.stderr.startswith("digiconform: error: ") and res.stderr.count("\n") == 1
    assert "$.summary.passed: 'many' is not of type 'integer'" in res.stderr, res.stderr


def test_the_sample_report_renders_and_sums_up(tmp_path: Path) -> None:
    path = _write(tmp_path, sample_report())
    page = tmp_path / "page.html"
    res = CliRunner().invoke(main, ["report", str(path), "--html", str(page)])
    assert res.exit_code == 0, res.output
    assert "tie_scores_points" in page.read_text(encoding="utf-8")
    res = CliRunner().invoke(main, ["summary", str(path), "--output", str(tmp_path / "s.txt")])
    assert res.exit_code == 1, res.output  # the report failed


def test_a_symlinked_output_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep")
    link = tmp_path / "page.html"
    link.symlink_to(target)
    res = CliRunner().invoke(main, ["report", str(_write(tmp_path, sample_report())),
                                    "--html", str(link)])
    assert res.exit_code == 2 and "--html" in res.stderr and "symlink" in res.stderr
    assert target.read_text() == "keep"


def _reading_classes(page: str) -> dict[str, str]:
    return dict((aid, cls) for cls, aid in
                re.findall(r'<tr class="s-(\w+)"><td><code>(DB-AMB-\d+)</code>', page))


def test_both_pages_colour_a_reading_declared_but_not_followed_red() -> None:
    """DB-AMB-6 in the sample declares ``final`` and behaves as ``not-final``: the summary
    page marks it red (``s-fail``); so must the engine's own page (it was green)."""
    from digiconform.verifier import html
    from digiconform.verifier import summary as sm

    doc = sample_report()
    a = doc["ambiguities"]["DB-AMB-6"]
    assert a["declared"] == "final" and a["follows"] == ["not-final"]
    assert not a["configurable"]
    own = _reading_classes(html.render(doc))
    assert own["DB-AMB-6"] == "fail"
    summary_page = sm.html(sm.summarize([doc]))
    cell = re.search(r'<td><code>DB-AMB-6</code></td><td class="([\w-]*)">([^<]*)</td>',
                     summary_page)
    assert cell is not None and cell.group(1) == "s-fail", summary_page[-2000:]
    assert "declares final" in cell.group(2)
    assert "not-final (declares final: mismatch)" in html.render(doc)
    # A reading declared and followed stays green on both.
    doc["ambiguities"]["DB-AMB-6"] = a | {"follows": ["final"]}
    assert _reading_classes(html.render(doc))["DB-AMB-6"] == "pass"


def test_a_retired_ambiguity_is_shown_as_retired() -> None:
    res = CliRunner().invoke(main, ["ambiguities", "--id", "DB-AMB-20"])
    assert res.exit_code == 0, res.output
    assert "## DB-AMB-20: Who goes first after a tie" in res.output
    assert "**Retired.** DB-D.6 decides it" in res.output
    assert "## DB-AMB-6" not in res.output and "| ID | ambiguity |" not in res.output
    data = json.loads(CliRunner().invoke(main, ["ambiguities", "--id", "DB-AMB-20",
                                                "--format", "json"]).output)
    assert [e["status"] for e in data["retired"]] == ["retired"]
    assert data["ambiguities"] == [] and data["proposed"] == []
    res = CliRunner().invoke(main, ["ambiguities", "--id", "DB-AMB-99"])
    assert res.exit_code == 2 and "unknown ambiguity DB-AMB-99" in res.stderr

"""``digiconform vectors export DIR`` touches nothing the user did not name (issue 17)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from digiconform.cli import main


def _export(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["vectors", "export", *args])
    return res.exit_code, res.output


def test_export_deletes_and_overwrites_nothing_of_the_user(tmp_path: Path) -> None:
    """Before: ``DIR/schemas/`` was deleted whole and ``DIR/README.md`` overwritten."""
    out = tmp_path / "out"
    (out / "schemas").mkdir(parents=True)
    mine = out / "schemas" / "my-notes.txt"
    mine.write_text("mine")
    readme = out / "README.md"
    readme.write_text("my readme")
    code, text = _export(str(out))
    assert code == 2, text
    assert "--force" in text and text.count("\n") == 1
    assert mine.read_text() == "mine" and readme.read_text() == "my readme"
    code, text = _export(str(out), "--force")
    assert code == 0, text
    assert mine.read_text() == "mine"  # --force overwrites exported names, deletes nothing
    assert (out / "schemas" / "vector.schema.json").is_file()


def test_export_never_writes_through_a_symlink(tmp_path: Path) -> None:
    """Before: a symlinked ``DIR/README.md`` was followed and a file outside DIR written."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    code, text = _export(str(out))
    assert code == 0, text
    (out / "README.md").unlink()
    os.symlink(victim, out / "README.md")
    code, text = _export(str(out))
    assert code == 2 and "symlink" in text, text
    assert victim.read_text() == "precious"
    # a symlinked directory is not followed either, even with --force
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "README.md").unlink()
    for sub in ("card-sets",):
        for f in (out / sub).iterdir():
            f.unlink()
        (out / sub).rmdir()
        os.symlink(elsewhere, out / sub)
    code, text = _export(str(out), "--force")
    assert code == 2 and "symlink" in text, text
    assert list(elsewhere.iterdir()) == []


def test_re_export_replaces_its_own_files_only(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _export(str(out))[0] == 0
    marker = json.loads((out / ".digiconform-export.json").read_text())
    assert marker["complete"] and "README.md" in marker["files"]
    stale = out / "digibattle" / "scenarios" / "gone-00000000.vector.json"
    stale.write_text("{}")
    marker["files"].append("digibattle/scenarios/gone-00000000.vector.json")
    (out / ".digiconform-export.json").write_text(json.dumps(marker))
    users = out / "digibattle" / "scenarios" / "users-own.txt"
    users.write_text("kept")
    code, text = _export(str(out))
    assert code == 0, text
    assert not stale.exists() and users.read_text() == "kept"


def test_export_into_a_file_or_missing_parent_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    for target in (f, tmp_path / "no" / "such" / "dir"):
        code, text = _export(str(target))
        assert code == 2 and text.startswith("digiconform: error:"), text
    assert f.read_text() == "x"

"""Compare the project's copies of the rule texts and raw card files with the workspace's
steering notes, when they are present (a developer check, not part of the test suite).

    python tools/check_rule_copies.py [SHARED_DIR]     # default: ../shared beside the checkout

Copies: ``docs/rules/`` ← ``SHARED/rules/``; ``tools/raw/upper-deck/`` ←
``SHARED/data/digibattle/upper-deck/``; ``tools/raw/dcg/`` ← ``SHARED/data/dcg/``. Exit 0
when every file is byte-identical, 1 when any differs or is missing (each named on its own
line), 2 when SHARED_DIR does not exist.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIES = (("rules", ROOT / "docs" / "rules"),
          ("data/digibattle/upper-deck", ROOT / "tools" / "raw" / "upper-deck"),
          ("data/dcg", ROOT / "tools" / "raw" / "dcg"))
OWN_FILES = {ROOT / "docs" / "rules" / "README.md",
             ROOT / "tools" / "raw" / "dcg" / "RESTRICTED-LIST.md"}


def differences(shared: Path) -> list[str]:
    """One line per file that is missing on either side or differs."""
    out: list[str] = []
    for rel, copy in COPIES:
        source = shared / rel
        theirs = {p.relative_to(source) for p in source.rglob("*") if p.is_file()}
        ours = {p.relative_to(copy) for p in copy.rglob("*")
                if p.is_file() and p not in OWN_FILES}
        out += [f"missing in {copy.relative_to(ROOT)}: {f}" for f in sorted(theirs - ours)]
        out += [f"not in {source}: {copy.relative_to(ROOT) / f}" for f in sorted(ours - theirs)]
        out += [f"differs: {copy.relative_to(ROOT) / f}" for f in sorted(theirs & ours)
                if (source / f).read_bytes() != (copy / f).read_bytes()]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", default=str(ROOT.parent / "shared"))
    shared = Path(parser.parse_args().shared)
    if not shared.is_dir():
        print(f"check_rule_copies: {shared} does not exist", file=sys.stderr)
        return 2
    diffs = differences(shared)
    for line in diffs:
        print(line)
    print(f"{len(diffs)} difference(s)")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())

"""Engines of a newcomer review (2026-12-07): single planted faults and lying engines, built
from ``examples/python`` (an engine written from the rule texts, independent of ``oracle/``)
by one textual patch each. ``tests/test_independent_faults.py`` verifies some of them.

Usage: ``python tests/independent_faults.py OUT_DIR`` writes ``OUT_DIR/<name>/adapter.py``
for every engine below; check one with
``digiconform verify --impl "python OUT_DIR/<name>/adapter.py" --games 20``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "python"
ENGINE, ADAPTER = "toy_engine.py", "adapter.py"

#: name -> (what is planted, [(file, old text, new text)])
PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "base": ("nothing (the unmodified example)", []),
    "regroup11": ("DB-D.1: Regroup restores the hand to 11", [
        (ENGINE, "need = max(0, HAND_SIZE - len(s.hand))",
         "need = max(0, HAND_SIZE + 1 - len(s.hand))")]),
    "tiepoints": ("DB-C.8: a tie scores 10 for the Duel's first player", [
        (ENGINE, "            self._clear_ports()\n            # the player who went first",
         "            self._clear_ports()\n            self._score(t.first, 10)\n"
         "            # the player who went first")]),
    "targetgt": ("DB-C.9: the target must be exceeded, not reached", [
        (ENGINE, "if t.seats[seat].score >= t.target:", "if t.seats[seat].score > t.target:")]),
    "usereq": ("DB-C.2: a Special Ability Use Requirement is never checked", [
        (ENGINE, 'elif k == "own_ability" and u["ability"] not in self.abilities(seat):',
         'elif False:')]),
    "nomill": ("DB-C.2: an Online-to-Offline Use Requirement is not paid", [
        (ENGINE, '                n = u["count"]\n                s.offline.extend(s.online[:n])\n'
         '                del s.online[:n]', "                pass")]),
    "firstloser": ("DB-C.7/DB-D.6: the loser of a Duel goes first in the next", [
        (ENGINE, "t.first = t.last_winner = w", "t.first = 1 - w\n            t.last_winner = w")]),
    "loserkeeps": ("DB-C.6: the loser of a Duel keeps its Digimon (not sent Offline)", [
        (ENGINE, "            self._lose_digimon(lo)\n            self._clear_ports()\n"
         "            t.first = t.last_winner = w",
         "            self._clear_ports()\n            t.first = t.last_winner = w")]),
    "endcheck": ("DB-AMB-7 end-of-duel played, 'immediate' (default) declared", [
        (ENGINE, 'self._score(seat, bonus["points"])',
         'self._score(seat, bonus["points"], check=False)'),
        (ENGINE, "def _score(self, seat: int, points: int) -> None:",
         "def _score(self, seat: int, points: int, check: bool = True) -> None:"),
        (ENGINE, "        if t.seats[seat].score >= t.target:",
         "        if check and t.seats[seat].score >= t.target:"),
        (ENGINE, "            # the player who went first goes first again\n"
         '        if t.stage == "over":',
         "            # the player who went first goes first again\n"
         '        sc = [t.seats[0].score, t.seats[1].score]\n'
         '        if t.stage != "over" and max(sc) >= t.target:\n'
         "            w = 0 if sc[0] > sc[1] else 1 if sc[1] > sc[0] else t.first\n"
         '            t.winner, t.stage, t.ended_by = w, "over", "target"\n'
         '        if t.stage == "over":')]),
    "liereading": ("LIAR: declares DB-AMB-9 'on-reveal', plays 'at-prepare'", [
        (ADAPTER, "FOLLOWS = {**DEFAULTS, **READINGS}", "FOLLOWS = dict(DEFAULTS)"),
        (ADAPTER, 'ready["readings"] = dict(READINGS)',
         'ready["readings"] = {"DB-AMB-9": "on-reveal"}')]),
    "crash": ("LIAR: exits at random on 1 % of actions", [
        (ADAPTER, '            if cmd == "action":\n',
         '            if cmd == "action":\n                import os\n'
         "                import random\n"
         "                if random.random() < 0.01:\n                    os._exit(1)\n")]),
    # (breaks no rule: each game's root is filed under the rule of the step where it shows,
    # so it gives one finding per such rule -- docs/PROTOCOL.md "Findings", why they are not
    # merged)
    "step30": ("LIAR: the 30th accepted action of a game answers a well-formed wrong state", [
        (ADAPTER, '            if cmd == "new_game":\n',
         '            if cmd == "new_game":\n                self.nact = 0\n'),
        (ADAPTER, "                self.act(a)\n"
         '                return {"seq": seq, "state": self.state()}',
         '                self.act(a)\n                self.nact = getattr(self, "nact", 0) + 1\n'
         "                st = self.state()\n"
         '                if self.nact == 30 and st["players"][0]["hand"]:\n'
         '                    p = st["players"][0]\n'
         '                    p["offline"].append(p["hand"].pop())\n'
         '                return {"seq": seq, "state": st}')]),
}


def build(out: Path, names: list[str] | None = None) -> None:
    """Write every engine (or those named) under ``out``, each in ``out/<name>/``."""
    build_patched(EXAMPLE, (ENGINE, ADAPTER), PATCHES, out, names,
                  verbose=__name__ == "__main__")


def build_patched(example: Path, files: tuple[str, ...],
                  patches: dict[str, tuple[str, list[tuple[str, str, str]]]], out: Path,
                  names: list[str] | None = None, *, verbose: bool = False) -> None:
    """Copy ``files`` of ``example`` into ``out/<name>/`` for every entry of ``patches`` (or
    those named) and apply its textual patches, each exactly once.

    :raises SystemExit: a patch whose old text is not in its file (the example changed)."""
    for name, (what, changes) in patches.items():
        if names is not None and name not in names:
            continue
        target = out / name
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for f in files:
            shutil.copy(example / f, target / f)
        for f, old, new in changes:
            text = (target / f).read_text(encoding="utf-8")
            if old not in text:
                raise SystemExit(f"{name}: patch does not apply to {f}: {old!r}")
            (target / f).write_text(text.replace(old, new, 1), encoding="utf-8")
        if verbose:
            print(f"{name:14} {what}")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nc-engines-built"))

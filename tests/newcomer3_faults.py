"""Engines of a third newcomer review (2026-12-07, branch newcomer3): single planted faults the
galleries (``tests/independent_faults.py``, ``tests/independent_faults_dcg.py``) do not have,
and engines that break no rule, each built by textual patches of ``examples/python``
(Digi-Battle) or ``examples/dcg`` (DCG) with ``build_patched``. Each fault's entry names, in
advance, the clause it breaks. Results: ``docs/NEWCOMER3.md``.

Usage: ``python tests/newcomer3_faults.py OUT_DIR`` writes ``OUT_DIR/db/<name>/adapter.py``
and ``OUT_DIR/dcg/<name>/adapter.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DB_EXAMPLE, DCG_EXAMPLE = ROOT / "examples" / "python", ROOT / "examples" / "dcg"
ENGINE, ADAPTER = "toy_engine.py", "adapter.py"
DCG_ENGINE = "engine.py"
DB_FILES = (ENGINE, ADAPTER)
DCG_FILES = (DCG_ENGINE, ADAPTER, "cards.json")

#: Digi-Battle: name -> (what is planted, [(file, old text, new text)])
PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "loserkeeps": ("DB-C.6: the loser of a Duel keeps their Digimon (nothing but the Power "
                   "Options goes Offline)", [
        (ENGINE, "            self._lose_digimon(lo)\n            self._clear_ports()\n",
         "            self._clear_ports()\n")]),
    "ownlevel": ("DB-C.5: the winner scores their card's SCORE for their own level, not the "
                 "defeated Digimon's", [
        (ENGINE, "points = win_card.score[lost_card.level]",
         "points = win_card.score[win_card.level]")]),
    "passkeeps": ("DB-B.5: a player who passes with a card face down takes it back into the "
                  "hand (not Offline)", [
        (ENGINE, "# use it or lose it\n            s.offline.append(s.face_down)",
         "# use it or lose it\n            s.hand.append(s.face_down)")]),
    "ownpower": ("DB-A.4: the Digimon Power is read against the player's own Battle Type, "
                 "not the opponent's", [
        (ENGINE, "value = mine.power[opp.battle_type]",
         "value = mine.power[mine.battle_type]")]),
    "battlesecond": ("DB-C.1: the Battle starts with the Duel's second player", [
        (ENGINE, 't.stage, t.turn = "battle", t.first',
         't.stage, t.turn = "battle", 1 - t.first')]),
    "recyclekeep": ("DB-D.3: when an Online deck reaches zero, the Digimon above the Rookie stay "
                    "on the Duel Zone (only the Digivolve Zone, the Power Port and the Offline "
                    "pile are recycled)", [
        (ENGINE, "        s = t.seats[seat]\n        s.offline.extend(s.stack[1:])\n"
                 "        del s.stack[1:]\n        if s.face_down is not None:",
         "        s = t.seats[seat]\n        if s.face_down is not None:")]),
    "tieclear": ("DB-C.8: after a tie both players' Digimon except the Rookies go Offline", [
        (ENGINE, "            for p in (0, 1):\n"
                 "                if self.top(p).has_effect(\"opponent_digimon_offline_on_tie\"):",
         "            self._lose_digimon(0)\n            self._lose_digimon(1)\n"
         "            for p in (0, 1):\n"
         "                if self.top(p).has_effect(\"opponent_digimon_offline_on_tie\"):")]),
    # breaks no rule: ownpower's power chart row, declared as the reading it is (DB-AMB-10
    # 'own-type'; without the declaration, ownpower is an undeclared reading)
    "ownread": ("NO FAULT: declares DB-AMB-10 'own-type' and plays it", [
        (ENGINE, "value = mine.power[opp.battle_type]",
         "value = mine.power[mine.battle_type]"),
        (ENGINE, 'READINGS: dict[str, str] = {"DB-AMB-9": "at-prepare"}',
         'READINGS: dict[str, str] = {"DB-AMB-9": "at-prepare", "DB-AMB-10": "own-type"}')]),
    # breaks no rule: legal_actions declared and answered, in reverse order of the engine's
    # own list (docs/PROTOCOL.md: "Every legal action now, in any order")
    "legalrev": ("NO FAULT: declares legal_actions and answers them in reverse order", [
        (ADAPTER, '                                   "language": "python"}}\n'
                  "            if self.declare:",
         '                                   "language": "python"}}\n'
         '            ready["capabilities"] = {"legal_actions": True}\n'
         "            if self.declare:"),
        (ADAPTER, "            if cmd == \"action\":\n                a = req.get(\"action\")",
         "            if cmd == \"legal_actions\":\n"
         "                return {\"seq\": seq, \"actions\": legal_list(self.engine)[::-1]}\n"
         "            if cmd == \"action\":\n                a = req.get(\"action\")"),
        (ADAPTER, "def load_card_doc(path: str | None)",
         "def legal_list(e: ToyEngine) -> list[dict[str, Any]]:\n"
         "    out = []\n"
         "    for name, args in e.legal_moves():\n"
         "        a = {\"type\": \"pass\" if name == \"pass\" else name,\n"
         "             \"player\": args[\"seat\"]}\n"
         "        for k, v in args.items():\n"
         "            if k != \"seat\" and v is not None:\n"
         "                a[k] = sorted(v) if isinstance(v, list) else v\n"
         "        if a.get(\"discard\") == []:\n"
         "            del a[\"discard\"]\n"
         "        out.append(a)\n"
         "    return out\n\n\n"
         "def load_card_doc(path: str | None)")]),
}

#: DCG: name -> (what is planted, [(file, old text, new text)])
DCG_PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "hatchstay": ("DCG-6-4-1: after a hatch the Breeding phase goes on (a second breeding "
                  "action, e.g. do nothing, is still taken)", [
        (DCG_ENGINE, "        s.breeding = Stack(self._new_id(), [s.eggs.pop(0)])\n"
                     "        self._to_main()\n",
         "        s.breeding = Stack(self._new_id(), [s.eggs.pop(0)])\n"
         "        self._settle()\n")]),
    "secbottom": ("CR4.2 Security checks: the security check reveals the bottom security card, "
                  "not the top one", [
        (DCG_ENGINE, "card = opp.security.pop(0)", "card = opp.security.pop()")]),
    "attacknosuspend": ("DCG-6-5-1-5 (CR4.2 Attacking): an attacking Digimon is not "
                        "suspended", [
        (DCG_ENGINE, "        a.suspended = True\n", "")]),
    "mulligan4": ("CR4.2 Mulligan: the new hand after a mulligan is 4 cards, not 5", [
        (DCG_ENGINE, "seat.hand, seat.deck = seat.deck[:5], seat.deck[5:]\n"
                     "            self._decided()",
         "seat.hand, seat.deck = seat.deck[:4], seat.deck[4:]\n"
         "            self._decided()")]),
    "digicolor": ("DCG-6-5-1-2: digivolving ignores the colour its requirement names", [
        (DCG_ENGINE, "if level == top.level and color in top.colors]",
         "if level == top.level]")]),
    "digidraw2": ("CR4.2 Digivolving (DCG-6-5-1-2): digivolving draws 2 cards, not 1", [
        (DCG_ENGINE, "        if s.deck:  # the digivolution draw\n"
                     "            s.hand.append(s.deck.pop(0))\n",
         "        for _ in range(2):\n            if s.deck:  # the digivolution draw\n"
         "                s.hand.append(s.deck.pop(0))\n")]),
    "startmem3": ("CR4.2 Game setup: the memory marker is set to 3 (the first player's side), "
                  "not 0, before the first turn", [
        (DCG_ENGINE, "        self.memory = 0\n        self.turn, self.turn_player = 1,",
         "        self.memory = 3\n        self.turn, self.turn_player = 1,")]),
    "unsuspendboth": ("DCG-6-2-1: the start of a turn unsuspends the opponent's Digimon too", [
        (DCG_ENGINE, "for st in self.seats[self.turn_player].battle:  # 6-2-1\n",
         "for st in [*self.seats[0].battle, *self.seats[1].battle]:  # 6-2-1\n")]),
    # breaks no rule: DCG-AMB-3 'card-order' declared, and played (effects waiting together
    # resolve in the order they wait, oldest first; delayed ones after triggers)
    "cardorder": ("NO FAULT: declares DCG-AMB-3 'card-order' and plays it", [
        (DCG_ENGINE, '"DCG-AMB-3": "turn-player-chooses"', '"DCG-AMB-3": "card-order"'),
        (DCG_ENGINE, "if len({(e.card, e.what) for e in self.pending}) > 1:", "if False:"),
        (ADAPTER, '"readings": {}}  # the register\'s defaults: nothing to declare',
         '"readings": {"DCG-AMB-3": "card-order"}}')]),
}


def build_both(db_patches: dict[str, tuple[str, list[tuple[str, str, str]]]],
               dcg_patches: dict[str, tuple[str, list[tuple[str, str, str]]]], out: Path,
               names: list[str] | None = None, verbose: bool = False) -> None:
    """Write every engine of ``db_patches`` (patches of ``examples/python``) under ``out/db``
    and of ``dcg_patches`` (of ``examples/dcg``) under ``out/dcg``, or only those named."""
    try:
        from tests.independent_faults import build_patched
    except ImportError:  # run as a script: tests/ is sys.path[0]
        from independent_faults import build_patched  # type: ignore[no-redef]

    build_patched(DB_EXAMPLE, DB_FILES, db_patches, out / "db", names, verbose=verbose)
    build_patched(DCG_EXAMPLE, DCG_FILES, dcg_patches, out / "dcg", names, verbose=verbose)


def build(out: Path, names: list[str] | None = None) -> None:
    """Write every engine (or those named) under ``out/db`` and ``out/dcg``."""
    build_both(PATCHES, DCG_PATCHES, out, names, verbose=__name__ == "__main__")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nc3-engines-built"))

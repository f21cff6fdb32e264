"""Engines of a fourth newcomer review (2026-12-07, branch newcomer4): an out-of-sample check of
issue 24's claim (one planted rule fault: exactly one finding, under a clause the fault breaks,
no reading verdict moved, never PASS). Eight single faults that none of
``tests/newcomer3_faults.py``, ``tests/independent_faults.py``,
``tests/independent_faults_dcg.py`` or ``tests/miniatures.py`` has, each built by textual
patches of ``examples/python`` (Digi-Battle) or ``examples/dcg`` (DCG) with ``build_patched``.
Each entry names, in advance (committed before any run), the clause(s) it breaks, read from
``docs/rules/CLAUSES.md``. Results: ``docs/NEWCOMER4.md``.

Usage: ``python tests/newcomer4_faults.py OUT_DIR`` writes ``OUT_DIR/db/<name>/adapter.py``
and ``OUT_DIR/dcg/<name>/adapter.py`` (``base`` in each: the unmodified example).
"""

from __future__ import annotations

import sys
from pathlib import Path

try:  # the examples, their files and the builder are newcomer3's
    from tests.newcomer3_faults import DCG_ENGINE, ENGINE, build_both
except ImportError:  # run as a script: tests/ is sys.path[0]
    from newcomer3_faults import DCG_ENGINE, ENGINE, build_both  # type: ignore[no-redef]

#: Digi-Battle: name -> (what is planted, [(file, old text, new text)])
PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "base": ("nothing (the unmodified example)", []),
    # DB-C.8 "... the winner of the previous Duel (or of the coin toss) goes first in the next
    # Duel"; DB-D.6 "After a tie, the player who went first last time starts it". An author
    # who alternates the starter after a tie. Named in advance: DB-C.8 (or DB-D.6).
    "tiealternate": ("DB-C.8 / DB-D.6: after a tie the other player goes first in the next "
                     "Duel", [
        (ENGINE, "            self._clear_ports()\n"
                 "            # the player who went first goes first again\n",
         "            self._clear_ports()\n"
         "            t.first = 1 - t.first  # the other player starts after a tie\n")]),
    # DB-D.4 "... On their turn they turn over the new Rookie (and the Champion), and the old
    # Rookie goes Offline." An author who gives the replaced Rookie back to its owner's hand.
    # Named in advance: DB-D.4.
    "oldrookiehand": ("DB-D.4: at a Rookie change the old Rookie goes back into the hand, not "
                      "Offline", [
        (ENGINE, "            s.offline.extend(s.stack)\n",
         "            s.hand.extend(s.stack)\n")]),
    # DB-B.3 "Rookie->Champion: move 1 or 2 ... cards from Online to Offline as payment" (each
    # Champion prints its count; DB-AMB-1: "The printed count on the card is the amount in
    # every reading"). An author who always takes the most the rule allows. Named in advance:
    # DB-B.3.
    "paytwo": ("DB-B.3: a Rookie->Champion payment always moves 2 cards from Online to "
               "Offline, whatever the card prints", [
        (ENGINE, "            pay = need\n", "            pay = MAX_PAYMENT\n")]),
    # DB-C.3 "... the other player may then keep playing until they run out or stop". An
    # author who lets the remaining player play only one more card: the Duel ends at once.
    # Named in advance: DB-C.3.
    "onemoreplay": ("DB-C.3: after one player passed, the other's next Power Option play ends "
                    "the Duel (they may not keep playing)", [
        (ENGINE, "        if not other.passed:\n            t.turn = 1 - seat\n"
                 "        self._settle()",
         "        if not other.passed:\n            t.turn = 1 - seat\n"
         "        else:\n            self._end_duel()\n"
         "        self._settle()")]),
    # DB-D.2 "... draw it down to zero, send ALL the cards on your side ... Offline, shuffle
    # them and put them face down Online, then draw up to 10." An author who stops the
    # Regroup draw at the empty deck: the recycle happens, the hand stays short. Named in
    # advance: DB-D.2.
    "shortdraw": ("DB-D.2: a Regroup draw that ran short is not finished after the recycle "
                  "(the hand stays below 10)", [
        (ENGINE, "            n = min(t.owed_draw[1], len(s.online))",
         "            n = 0  # the draw stopped at the empty deck")]),
}

#: DCG: name -> (what is planted, [(file, old text, new text)])
DCG_PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "base": ("nothing (the unmodified example)", []),
    # DCG-6-3-1 "The turn player draws 1 card" (from the top of the deck). An author who
    # reads the deck list from the wrong end in the Draw phase. Named in advance: DCG-6-3-1.
    "drawbottom": ("DCG-6-3-1: the Draw phase draws the bottom card of the deck, not the top",
                   [(DCG_ENGINE, "seat.hand.append(seat.deck.pop(0))",
                     "seat.hand.append(seat.deck.pop())")]),
    # DCG-6-5-1-2 "Digivolve: ... digivolve one of your cards in an area into a Digimon card
    # from hand (8-1)": the stack keeps its state (a suspended Digimon stays suspended). An
    # author who has the new top card enter active. Named in advance: DCG-6-5-1-2 (or CR4.2
    # Digivolving, the same rule's CR4.2 section).
    "digiactive": ("DCG-6-5-1-2: digivolving a suspended Digimon unsuspends it", [
        (DCG_ENGINE, "        st.cards.append(card)\n",
         "        st.cards.append(card)\n"
         "        st.suspended = False  # the new Digimon comes in active\n")]),
    # A deleted Digimon goes to the trash with all its digivolution cards (CR4.2 Deletion).
    # An author who trashes only the top card: the cards under it vanish. Named in advance:
    # CR4.2 Deletion (the rule broken); the step's rule where it is shown is a battle
    # (CR4.2 Battles) or a security check (CR4.2 Security checks): those are NOT counted right.
    "trashtop": ("CR4.2 Deletion: a deleted Digimon's digivolution cards do not go to the "
                 "trash (only its top card does)", [
        (DCG_ENGINE, "s.trash.extend(st.cards)", "s.trash.append(st.cards[-1])")]),
}


def build(out: Path, names: list[str] | None = None) -> None:
    """Write every engine (or those named) under ``out/db`` and ``out/dcg``."""
    build_both(PATCHES, DCG_PATCHES, out, names, verbose=__name__ == "__main__")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nc4-engines-built"))

"""Engines of a fifth newcomer review (2026-12-07, branch newcomer5): a fresh, blind, held-out
set of single planted faults for issue 24's claim (one planted rule fault: exactly one
finding, under a clause the fault breaks, no reading verdict moved, never PASS). Thirteen
faults that none of ``tests/newcomer4_faults.py``, ``tests/newcomer3_faults.py``,
``tests/independent_faults.py``, ``tests/independent_faults_dcg.py`` or ``tests/miniatures.py``
has, each built by textual patches of ``examples/python`` (Digi-Battle) or ``examples/dcg``
(DCG) with newcomer3's ``build_both``. They were chosen as mistakes an engine author could
make, one of each kind where the engine allowed it (a wrong count, a missing step, a wrong
zone, a wrong player, a wrong timing, a check left out, a turn/phase flow slip), spread over
the rulebook, without reading ``digiconform/verifier/``.

Each entry names, in advance (this file was committed before any verify run), the clause(s)
the fault breaks, read from ``docs/rules/CLAUSES.md``, ``docs/rules/DCG-CONTEXT.md`` and the
seed texts, in ``NAMED`` (every clause listed there counts as right). Results:
``docs/NEWCOMER5.md``; the runner is ``tests/newcomer5_run.py``.

Usage: ``python tests/newcomer5_faults.py OUT_DIR`` writes ``OUT_DIR/db/<name>/adapter.py``
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
    # WRONG PLAYER. DB-B.2 "The first player turns the Digivolve Zone card face up ..."; DB-B.4
    # "The second player sees the change ... and may answer". An author who has the second
    # player reveal first (and the first answer). Named in advance: DB-B.2 (or DB-B.4).
    "revealsecond": ("DB-B.2: in the Digivolve phase the Duel's second player turns their "
                     "card over first, the first player answers", [
        (ENGINE, '        t.stage, t.turn = "reveal", t.first\n',
         '        t.stage, t.turn = "reveal", 1 - t.first\n'),
        (ENGINE, "        if seat == t.first:\n            t.turn = 1 - seat\n",
         "        if seat != t.first:\n            t.turn = 1 - seat\n")]),
    # TURN FLOW SLIP. DB-C.1 "Starting with the coin-toss winner, players alternate playing
    # one Power Option card per turn". An author who lets a player go on playing until they
    # pass, then hands over. Named in advance: DB-C.1.
    "nonalternate": ("DB-C.1: in the Battle a player keeps the turn after playing a Power "
                     "Option (plays on until they pass); players do not alternate", [
        (ENGINE, "        if not other.passed:\n            t.turn = 1 - seat\n"
                 "        self._settle()",
         "        self._settle()")]),
    # WRONG COUNT. DB-A.2 "... deals themself a 10-card hand, and puts the remaining 19 face
    # down as their Online deck." An author off by one at the deal: 9 in the hand, 20
    # Online. Named in advance: DB-A.2.
    "deal9": ("DB-A.2: the deal gives a 9-card hand and a 20-card Online deck", [
        (ENGINE, "me.hand, me.online, me.deck = list(order[:HAND_SIZE]), "
                 "list(order[HAND_SIZE:]), []",
         "me.hand, me.online, me.deck = list(order[:HAND_SIZE - 1]), "
         "list(order[HAND_SIZE - 1:]), []")]),
    # CHECK LEFT OUT (an illegal action accepted). DB-D.1 "Each player restores their hand to
    # 10 cards ... First they may discard any number of cards from hand to Offline." An
    # author who does not check that discards come before the hand is restored. Named in
    # advance: DB-D.1.
    "latediscard": ("DB-D.1: a discard after the hand was restored is accepted", [
        (ENGINE, "        if s.drew:\n            raise Rejected(\"ALREADY_DREW\", \"discards "
                 "come before the hand is restored\")\n",
         "")]),
    # WRONG TIMING. DB-D.3 "Whenever, at any time during play, a player's Online deck reaches
    # zero ... all cards on their side of the board except the Rookie go Offline, are
    # shuffled and put face down Online, before play resumes." An author who recycles only
    # outside the Digivolve and Battle phases (when the Duel is over). Named in advance:
    # DB-D.3.
    "latecycle": ("DB-D.3: an Online deck that reaches zero during the Digivolve or the "
                  "Battle phase is recycled only after the Duel", [
        (ENGINE, "            empty = [p for p in (0, 1) if self._recyclable(p)]\n",
         "            empty = [p for p in (0, 1) if self._recyclable(p)\n"
         "                     and t.stage not in (\"reveal\", \"battle\")]\n")]),
    # MISSING STEP. DB-C.6 "... Both players send all Power Option cards Offline." An author
    # who clears the Power Ports after a tie but forgets it after a won Duel. Named in
    # advance: DB-C.6.
    "portsstay": ("DB-C.6: after a won Duel the Power Option cards stay on the Power Ports", [
        (ENGINE, "            self._lose_digimon(lo)\n            self._clear_ports()\n"
                 "            t.first = t.last_winner = w",
         "            self._lose_digimon(lo)\n            t.first = t.last_winner = w")]),
    # WRONG ZONE. DB-D.3 (and DB-D.2 at a Regroup) "all cards on their side of the board
    # except the Rookie go Offline"; DB-AMB-3: "The hand is not 'on the board'". An author
    # who sends the hand Offline with the board at a recycle. Named in advance: DB-D.3 (or
    # DB-D.2).
    "recyclehand": ("DB-D.3 / DB-D.2: a recycle sends the hand Offline too (it is shuffled "
                    "into the new Online deck)", [
        (ENGINE, "        s.port = []\n        s.committed = None\n"
                 "        if len(s.offline) < 2:",
         "        s.port = []\n        s.committed = None\n"
         "        s.offline.extend(s.hand)  # the hand is on my side too\n"
         "        s.hand = []\n"
         "        if len(s.offline) < 2:")]),
}

#: DCG: name -> (what is planted, [(file, old text, new text)])
DCG_PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "base": ("nothing (the unmodified example)", []),
    # WRONG COUNT (turn numbering). DCG-6-3-1-1 "Only in the first player's first turn is
    # there no draw in the Draw phase; every later Draw phase always draws 1 card." An author
    # off by one in the turn number: the first player draws in turn 1, the second player's
    # first turn (turn 2) has no draw. Named in advance: DCG-6-3-1-1 (or DCG-6-3-1).
    "secondskips": ("DCG-6-3-1-1: the draw is skipped in turn 2 (the second player's first "
                    "turn), not turn 1", [
        (DCG_ENGINE, "if self.turn != 1:  # 6-3-1-1", "if self.turn != 2:  # 6-3-1-1")]),
    # WRONG ZONE. DCG-6-5-1-3 "Use an Option card: pay the cost and use one Option card from
    # hand (9-1)", after which it goes to the trash (CR4.2 9-1). An author who puts a used
    # Option under its owner's deck. Named in advance: DCG-6-5-1-3.
    "optionbottom": ("DCG-6-5-1-3: a used Option card goes to the bottom of its owner's deck, "
                     "not the trash", [
        (DCG_ENGINE, "            self._resolve(0)\n        s.trash.append(card)\n",
         "            self._resolve(0)\n        s.deck.append(card)  # under the deck\n")]),
    # CHECK LEFT OUT (an illegal set-up accepted). CR4.2 Deck construction (1-4-1-2/3: "at
    # most 4 copies per card number", DCG-CONTEXT.md 1.3). An author who forgot the copies
    # limit. Named in advance: CR4.2 Deck construction.
    "copies5": ("CR4.2 Deck construction: a deck with more than 4 copies of a card number is "
                "accepted", [
        (DCG_ENGINE, "            if deck.count(card) + eggs.count(card) > 4:\n",
         "            if False:  # (no copies limit)\n")]),
    # TURN/PHASE FLOW SLIP. DCG-6-4-1 "In the Breeding phase the turn player does exactly one
    # of: hatch, move a Digimon out of the breeding area, do nothing" (DCG-6-4-1-2 move). An
    # author who has the Breeding phase only for hatching: with the breeding area occupied,
    # the turn goes from the Draw phase straight to the Main phase. Named in advance:
    # DCG-6-4-1 (or DCG-6-4-1-2, DCG-6-1-2).
    "skipbreeding": ("DCG-6-4-1: the Breeding phase is skipped when the breeding area is "
                     "occupied (a Digimon there can never be moved out)", [
        (DCG_ENGINE, "                self.stage = \"breeding\"\n            else:",
         "                self.stage = \"breeding\" if seat.breeding is None else \"main\"\n"
         "            else:")]),
    # WRONG TIMING. CR4.2 Triggered effects: "[Start of Your Turn]" triggers when its owner's
    # unsuspend phase arrives (15-16-11; DCG-6-2-1-1). An author who triggers it at the start
    # of every turn (Matt Ishida ST2-12 then gains for its owner in the opponent's turn too).
    # Named in advance: CR4.2 Triggered effects (or DCG-6-2-1-1).
    "startboth": ("CR4.2 Triggered effects: a [Start of Your Turn] effect triggers at the "
                  "start of the opponent's turn too", [
        (DCG_ENGINE, "        p = self.turn_player\n"
                     "        for st in self.seats[p].battle:  # (not the breeding area: "
                     "CR4.2 Breeding area)\n"
                     "            what = self._effects(st.cards[-1], \"text\")\n"
                     "            if what and what[0].startswith(\"start_\"):\n"
                     "                self.pending.append(Effect(p, st.cards[-1], what))\n",
         "        for p in (0, 1):  # [Start of Your Turn] read as the start of every turn\n"
         "            for st in self.seats[p].battle:\n"
         "                what = self._effects(st.cards[-1], \"text\")\n"
         "                if what and what[0].startswith(\"start_\"):\n"
         "                    self.pending.append(Effect(p, st.cards[-1], what))\n")]),
    # WRONG PLAYER. CR4.2 Victory conditions (1-2-3-1): a player whose Digimon attacks an
    # opponent with no security cards left wins. An author who names the attacked player the
    # winner. Named in advance: CR4.2 Victory conditions.
    "directloser": ("CR4.2 Victory conditions: a direct attack on a player with no security "
                    "cards makes the attacked player win", [
        (DCG_ENGINE, "self.winner, self.reason, self.stage = player, \"direct_attack\", "
                     "\"over\"",
         "self.winner, self.reason, self.stage = 1 - player, \"direct_attack\", \"over\"")]),
}

#: name -> the clauses named in advance: a finding under any of them counts as right
NAMED: dict[str, tuple[str, ...]] = {
    "revealsecond": ("DB-B.2", "DB-B.4"),
    "nonalternate": ("DB-C.1",),
    "deal9": ("DB-A.2",),
    "latediscard": ("DB-D.1",),
    "latecycle": ("DB-D.3",),
    "portsstay": ("DB-C.6",),
    "recyclehand": ("DB-D.3", "DB-D.2"),
    "secondskips": ("DCG-6-3-1-1", "DCG-6-3-1"),
    "optionbottom": ("DCG-6-5-1-3",),
    "copies5": ("CR4.2 Deck construction",),
    "skipbreeding": ("DCG-6-4-1", "DCG-6-4-1-2", "DCG-6-1-2"),
    "startboth": ("CR4.2 Triggered effects", "DCG-6-2-1-1"),
    "directloser": ("CR4.2 Victory conditions",),
}


#: Found AFTER the runs (not part of the advance prediction): a fault that is, in fact, a
#: reading of the register (oracle/variants.py) the engine does not declare, -> that ambiguity.
#: latecycle is DB-AMB-21 'after-duel' ("the empty deck waits until the Duel has ended"); I
#: had not checked the register when choosing it. Its verdict moving is the right answer.
FOUND_READINGS: dict[str, str] = {"latecycle": "DB-AMB-21"}


def build(out: Path, names: list[str] | None = None) -> None:
    """Write every engine (or those named) under ``out/db`` and ``out/dcg``."""
    build_both(PATCHES, DCG_PATCHES, out, names, verbose=__name__ == "__main__")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nc5-engines-built"))

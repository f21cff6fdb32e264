"""Engines of a newcomer review (2026-12-07), DCG: single planted faults built from
``examples/dcg`` (an engine written from the rule texts, independent of ``oracle/``) by one
textual patch each, in the style of ``tests/independent_faults.py``.
``tests/test_independent_faults.py`` verifies some of them.

Usage: ``python tests/independent_faults_dcg.py OUT_DIR`` writes ``OUT_DIR/<name>/adapter.py``
for every engine below; check one with (the engine plays the real decks only with the
``dcg-real`` card list; its own ``cards.json`` holds the ST-1/ST-2 cards alone)
``digiconform verify --ruleset dcg --impl "python OUT_DIR/<name>/adapter.py --cards
$(digiconform data path card-set dcg-real)" --scenario - --deck red-memory --deck blue-tempo
--games 20``.

Verdicts of that run (20 and 40 games, seed 0; and with the vectors, ``--skip
examples/dcg/skip.txt`` in place of ``--scenario -``) on 2026-12-07, at main d6dbd70. One
finding under the fault's clause: drawturn1, nodraw2 (DCG-6-3-1), pass2, turnend2,
nodigidraw (DCG-6-5-1-2), nounsuspend, battletie, sectie (CR4.2 Battles: the security
check's battle), sickness, attackactive, sametop, hatchfull, passbreeding, autoorder (under
DCG-AMB-3's clause, "behaves as 'card-order'"); mulliganorder under CR4.2 Game setup (the
mulligan is step 4 of the set-up; the oracle's own clause for it is CR4.2 Mulligan).
optioncolor and moveegg: no random game sends the move (no DCG probe uses an Option without
its colour, or moves a Digi-Egg): PASS on ``--scenario -``; one vector fails under the right
clause with the vectors. The wrong verdicts are noted at their engines below (``WRONG:``).
"base" is a false alarm at 150 games (seed 0): see FALSE_ALARM in
``tests/test_independent_faults.py``.

At branch dcgattr (2026-12-07, 20 games, seed 0): security4 (CR4.2 Game setup), digicost
(DCG-6-5-1-2) and secnotrash (CR4.2 Security checks) give one finding under their clause;
deckout1's vectors fail under CR4.2 Victory conditions, turnend2's under DCG-6-1-4-1; "base"
passes 150 games (the oracle's refusal names DCG-6-4-1 too). Still wrong: turnmem3,
memcap9, startcond, nodelayed (noted at each); mulliganorder under CR4.2 Game setup.

At branch i24e (2026-12-07, 20 games, seed 0): memcap9 (CR4.2 Memory), nodelayed (CR4.2
Pending processing), startcond (CR4.2 Triggered effects) and mulliganorder (CR4.2 Mulligan:
"starting with the first player" is the mulligan's rule, oracle/dcg/setup.py, not the set-up
step that led to it) give one finding under their clause: a root where only the memory gauge
differs is named by the single-event hypothesis (left out, stopped short of the limit, or
changed) that explains the most roots of the run (differential.gauge_hypotheses,
cover_gauge_roots); only who is to move differing, or a turn the engine ended while the oracle
holds at end of turn for waiting effects, by the decision the oracle waits for
(differential.waited_clause). Still wrong: turnmem3 (noted there). Every other verdict above
unchanged.

At branch i24h (2026-12-07, 20 games, seed 0): playfree (new: a Digimon played for nothing)
DCG-6-5-1-1, turnmem3 DCG-6-6-3: one finding each, under their clause (noted at each);
optionfree fails its two vectors under DCG-6-5-1-3 (examples/dcg now plays Starlight
Explosion ST1-14). Every engine, 20 games at seeds 0, 3 and 7: 23, 22 and 22 findings, each
engine at most one, all under the clause recorded above as right (seed 3: autoorder passes;
seed 7: sickness passes; optioncolor, moveegg, deckout1 and optionfree pass at all three).

At branch i24j (2026-12-07, 20 games): attacknosuspend (DCG-6-5-1-5), unsuspendboth
(DCG-6-2-1) and secbottom (CR4.2 Security checks), from the third newcomer review, give one
finding each under their clause at seeds 0, 3, 5 and 7 (noted at each). At seed 3 every
engine gives at most one finding, under the clause recorded above, except nodigidraw: now
under CR4.2 Digivolving (also at seeds 0 and 7), the oracle's clause of the digivolution draw
the engine left out (the card it left in the deck is the first card the oracle moved that the
engine did not: differential._card_mover, with DCG's card keys since i24j), where it was
DCG-6-5-1-2 (the digivolve's event, ranked first); its entry names both.
"""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dcg"
ENGINE, ADAPTER = "engine.py", "adapter.py"
FILES = (ENGINE, ADAPTER, "cards.json")

#: name -> (what is planted, [(file, old text, new text)])
PATCHES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "base": ("nothing (the unmodified example)", []),
    "drawturn1": ("DCG-6-3-1-1: the first player draws in their first turn too", [
        (ENGINE, "if self.turn != 1:  # 6-3-1-1", "if self.turn != 0:  # 6-3-1-1")]),
    "nodraw2": ("DCG-6-3-1-1: the second player does not draw in their first turn either", [
        (ENGINE, "if self.turn != 1:  # 6-3-1-1", "if self.turn > 2:  # 6-3-1-1")]),
    "pass2": ("DCG-6-5-1-7: a pass puts memory at 2 on the opponent's side, not 3", [
        (ENGINE, "        self.memory = -3\n", "        self.memory = -2\n")]),
    "turnend2": ("DCG-6-1-4-1: the turn ends only at 2 or more on the opponent's side", [
        (ENGINE, "return self.memory < 0 and not self.pending",
         "return self.memory < -1 and not self.pending")]),
    "nodigidraw": ("CR4.2 Digivolving / DCG-6-5-1-2: no draw after digivolving", [
        (ENGINE, "        if s.deck:  # the digivolution draw\n"
         "            s.hand.append(s.deck.pop(0))\n", "")]),
    "nounsuspend": ("DCG-6-2-1: the battle area is not unsuspended at the start of the turn", [
        (ENGINE, "for st in self.seats[self.turn_player].battle:  # 6-2-1\n"
         "                    st.suspended = False\n",
         "for st in self.seats[self.turn_player].battle:  # 6-2-1\n"
         "                    pass\n")]),
    "battletie": ("CR4.2 Battles: a DP tie deletes the attacker only", [
        (ENGINE, "        if ddp <= adp:\n", "        if ddp < adp:\n")]),
    "sectie": ("CR4.2 Security checks: a security Digimon of equal DP does not delete the "
               "attacker", [
        (ENGINE, "if self.dp(player, a, sec) <= self.security_dp(1 - player, card):",
         "if self.dp(player, a, sec) < self.security_dp(1 - player, card):")]),
    "sickness": ("DCG-6-5-1-5: a Digimon played this turn may attack", [
        (ENGINE, "a.suspended \\\n                or a.played_this_turn:", "a.suspended:")]),
    "attackactive": ("DCG-6-5-1-5: an unsuspended Digimon may be attacked", [
        (ENGINE, "if d is None or not d.suspended or", "if d is None or")]),
    # Right at i24e: one finding, CR4.2 Mulligan x20 (only to_move differs: the decision the
    # oracle waits for, differential.waited_clause). Was: CR4.2 Game setup (the step's events).
    "mulliganorder": ("CR4.2 Mulligan: the second player decides first", [
        (ENGINE, 'self.stage, self.deciding = "mulligan", winner',
         'self.stage, self.deciding = "mulligan", 1 - winner')]),
    # Was WRONG (1 finding under DCG-6-3-1-1: draw_skipped was listed as changing the deck);
    # now one finding under CR4.2 Game setup (draw_skipped names the hand only).
    "security4": ("CR4.2 Game setup: 4 security cards, not 5", [
        (ENGINE, "top5, s.deck = s.deck[:5], s.deck[5:]",
         "top5, s.deck = s.deck[:4], s.deck[4:]")]),
    "optioncolor": ("DCG-6-5-1-3: an Option needs no Digimon or Tamer of its colour", [
        (ENGINE, "if not any(set(self.cards[st.cards[-1]].colors) & set(c.colors) for st in "
         "stacks):", "if False:")]),
    "moveegg": ("DCG-6-4-1-2: a Digi-Egg (no DP) may be moved out of the breeding area", [
        (ENGINE, "if s.breeding is None or self.cards[s.breeding.cards[-1]].dp is None:",
         "if s.breeding is None:")]),
    # Right at i24e: one finding, CR4.2 Memory x3 (the limit explains all three roots
    # exactly: differential.cover_gauge_roots). Was at dcgattr (20 games: CR4.2 Triggered
    # effects x2, the gain's own clause, DCG-6-5-1-1 x1; "delayed" no longer changes
    # memory). Before: 2 findings, neither
    # CR4.2 Memory: CR4.2 Pending processing (a gain of 2 at 10:
    # the oracle emits no memory event, oracle/dcg/memory.py set_mine, and the "delayed" event,
    # listed as changing memory at games.py:582, is the most specific left) and DCG-6-5-1-1 (a
    # play ends the turn, the next turn's start-of-turn gain is capped: of the step's two memory
    # events _ranked takes the first, the cost paid, differential.py:1419/1447).
    "memcap9": ("CR4.2 Memory: a gain stops at 9, not 10", [
        (ENGINE, "self.memory = max(-10, min(10, self.memory + delta))",
         "self.memory = max(-10, min(9, self.memory + delta))")]),
    # Was WRONG (2 findings, DCG-6-5-1-2 and DCG-6-1-4-1: a turn the engine ended in a step
    # where the oracle ended none named the turn-end condition); now one finding under
    # DCG-6-5-1-2: such a turn is "ahead" (_turn_segment), its memory names the rule.
    # Right at i24h (20 games, seeds 0, 3 and 7): one finding, DCG-6-5-1-1 x20 each. Was
    # (seed 0): DCG-6-6-1 x17, DCG-6-5-1-1 x2, DCG-6-1-4-1 x1 (a newcomer saw DCG-6-6-1):
    # where the oracle's payment ended the turn and the engine stayed in it, the step's
    # most specific event changing $.turn, end_of_turn, named it; now the engine's memory,
    # elsewhere than the oracle's when it began to end that turn, names the gauge's event
    # (differential._gauge_apart); and where the memory alone did not differ (1 on either
    # side), it is read by the engine's own turn player (was: taken for the turn-end
    # condition, DCG-6-1-4-1, differential._engine_gauge).
    "playfree": ("DCG-6-5-1-1: playing a Digimon from the hand pays no cost", [
        (ENGINE, "in the hand\")\n        self._pay(c.play_cost or 0)\n",
         "in the hand\")\n        if c.kind != \"digimon\":\n"
         "            self._pay(c.play_cost or 0)\n")]),
    "digicost": ("DCG-6-5-1-2: digivolving pays the play cost, not the digivolve cost", [
        (ENGINE, "self._pay(min(costs))", "self._pay(c.play_cost or 0)")]),
    # Was WRONG (2 findings, CR4.2 Battles and CR4.2 Security checks: security_check is the
    # attacker's event, the security and trash it changes the defender's); now one finding
    # under CR4.2 Security checks (GameHooks.opponent_fields).
    "secnotrash": ("CR4.2 Security checks: a security Digimon stays in security", [
        (ENGINE, "                self._delete(player, a)\n            opp.trash.append(card)\n",
         "                self._delete(player, a)\n            opp.security.insert(0, card)\n")]),
    # Right at i24e: one finding, CR4.2 Pending processing x14 (the two turns the engine
    # ended while the oracle waits at end of turn for the delayed effects' order are named
    # by that wait, differential.waited_clause).
    # Was WRONG, better: at dcgattr, 20 games: CR4.2 Pending processing x12 (the gauge
    # event the engine's memory shows it did not make, differential._gauge_hit), and
    # DCG-6-1-4-1 x1, DCG-6-5-1-2 x1 (the engine ended a turn the oracle holds at end of
    # turn for the delayed effects' order). Was: 5 findings (DCG-6-5-1-1, -2, -7,
    # DCG-6-2-1-2, DCG-6-6-1), none CR4.2 Pending processing: as memcap9, the turn-ending
    # move's memory event outranked the delayed loss's; where the oracle waits at end of
    # turn for two delayed effects' order (DCG-AMB-3) and the engine is already in the next
    # turn, no turn_ended event: as digicost.
    "nodelayed": ("CR4.2 Pending processing: 'at end of turn' effects never resolve", [
        (ENGINE, "        self.pending.extend(self.delayed)\n", "")]),
    # Right at i24h (20 games, seeds 0, 3 and 7): one finding, DCG-6-6-3 x20 each. Every
    # root is a play whose cost ends the turn with the opponent above 3; a turn's end is now
    # a candidate of its own (the gauge "carried" wrong into the next turn), and a cost
    # the engine paid right for the same card in an earlier matched step of the run is no
    # "changed" candidate (differential.matched_gauge_moves: at seed 0, 13 of the 20 roots),
    # so the turn's end explains the most roots.
    # STILL WRONG at i24e (1 finding, DCG-6-5-1-1 x20): from one step a turn begun at 3 and a
    # cost paid wrong show the same gauge, and every root of the run is a play that ends the
    # turn: the cost and the turn's end explain the same roots (cover_gauge_roots takes the
    # earlier event); the turn's end is no gauge event of the oracle at all.
    # At dcgattr (1 finding, DCG-6-5-1-1): the same. WRONG: 1 finding under DCG-6-5-1-1
    # ($.memory): the gauge read from the new turn player's side at turn_ended is no event of
    # the oracle, so the cost paid is the only memory event.
    "turnmem3": ("DCG-6-6-3: the next turn starts at most at 3 memory", [
        (ENGINE, "        self.memory = -self.memory\n        self._start_turn()",
         "        self.memory = min(-self.memory, 3)\n        self._start_turn()")]),
    # Was WRONG (vectors: DCG-6-6-1, no oracle event sets a winner there). 40 random games
    # never reach a deck-out (PASS); the 3 deck-out vectors now fail under CR4.2 Victory
    # conditions (a winner no oracle event sets: GameHooks.unexplained).
    "deckout1": ("CR4.2 Victory conditions: a player loses at the draw with 1 card left", [
        (ENGINE, "                    if not seat.deck:\n",
         "                    if len(seat.deck) <= 1:\n")]),
    "sametop": ("CR4.2 Game setup: the security stack keeps the deck's order (top card on "
                "top)", [
        (ENGINE, "s.security = list(reversed(top5))", "s.security = list(top5)")]),
    "hatchfull": ("DCG-6-4-1-1: a Digi-Egg hatches into an occupied breeding area", [
        (ENGINE, "if not s.eggs or s.breeding is not None:", "if not s.eggs:")]),
    "passbreeding": ("DCG-6-5-1: a pass is taken in the Breeding phase too", [
        (ENGINE, '        self._expect(player, "main", "NOT_MAIN")\n        self.memory = -3',
         '        self._expect(player, ("main", "breeding"), "NOT_MAIN")\n'
         "        self.memory = -3")]),
    "autoorder": ("DCG-AMB-3 'turn-player-chooses' declared (default), effects resolve in "
                  "the order they wait ('card-order')", [
        (ENGINE, "if len({(e.card, e.what) for e in self.pending}) > 1:", "if False:")]),
    # Right at i24e: one finding, CR4.2 Triggered effects x10 (nine roots show the gain left
    # out after the turn's end, exactly; the tenth a gain the oracle's resolution did not
    # make, a changed amount: cover_gauge_roots).
    # Was WRONG at dcgattr (20 games: DCG-6-5-1-1 x7, -2 x2, CR4.2 Pending processing x1):
    # the gain the engine skipped comes after the turn's end, where _gauge_hit does not look
    # (a wrong amount before it, pass2's, shows the same gauge there). WRONG: 3 findings at 20
    # games, 4 at 40 (DCG-6-5-1-1, -2, -7, CR4.2 Pending processing), none CR4.2 Triggered
    # effects: the gain comes at the step that ends the previous turn and
    # the engine's memory is that gain's "before", yet the step's first memory event is named.
    # Right at i24h (2026-12-07, `--skip examples/dcg/skip.txt --games 0`): FAIL, the two
    # vectors with Starlight Explosion ST1-14 (cost 2), which examples/dcg now plays, fail
    # under DCG-6-5-1-3 (main_phase "Using an Option with a play cost pays it from my
    # memory", starter_cards "Starlight Explosion's +7000 DP protects my security in my
    # opponent's next turn"); no random game reaches it (neither deck holds an Option
    # with a cost).
    # Was WRONG (2026-12-07, opt26 at main a95a25a): PASS, exit 0, with the vectors (`--skip
    # examples/dcg/skip.txt --games 0`: 86 ran, 0 failed) and DCG-6-5-1-3 marked "pass". Every
    # Option this engine plays costs 0 (BT1-090 Gravity Crush, ST2-13 Hammer Spark: the only
    # Options of red-memory and blue-tempo, and of the clause's runnable vectors); every real
    # Option with a play cost above 0 (ST1-13 ... ST1-16, ST2-14 ... ST2-16, and none of the 35
    # Options in tools/raw/dcg/cards.json has only texts this engine knows) holds a text it
    # does not play, so each vector using one is in skip.txt and no random game reaches one.
    # The oracle's vectors do check the payment (starter_cards: Shadow Wing's "memory is 2",
    # Giga Destroyer's and Gaia Force's turn end); the example engine cannot run them.
    "optionfree": ("DCG-6-5-1-3: using an Option pays nothing (its play cost is not paid)", [
        (ENGINE, "        self._pay(c.play_cost or 0)\n        s.hand.remove(card)\n"
                 "        what = self._effects(card, \"text\")\n",
         "        s.hand.remove(card)\n        what = self._effects(card, \"text\")\n")]),
    # From the third newcomer review (tests/newcomer3_faults.py, docs/NEWCOMER3.md), each
    # filed under a wrong clause there and right at branch i24j (2026-12-07, 20 games, seed 0):
    # was CR4.2 Security checks x30: the differing path $.players[0].battle_area[0].suspended
    # named the security check, which changes the battle area; the event that changes the
    # differing field itself (suspended: the attack's declaration) now explains it first.
    "attacknosuspend": ("DCG-6-5-1-5 (CR4.2 Attacking): an attacking Digimon is not "
                        "suspended", [
        (ENGINE, "        a.suspended = True\n", "")]),
    # was DCG-6-2-1-2 x30 (suspended differing for a player no event of the step unsuspends:
    # the unsuspending skipped); the step unsuspends the other player's Digimon and began no
    # turn of this one, so the unsuspend's rule applied to a player it does not concern.
    "unsuspendboth": ("DCG-6-2-1: the start of a turn unsuspends the opponent's Digimon too", [
        (ENGINE, "for st in self.seats[self.turn_player].battle:  # 6-2-1\n",
         "for st in [*self.seats[0].battle, *self.seats[1].battle]:  # 6-2-1\n")]),
    # was CR4.2 Security checks and a second finding under CR4.2 Battles (where the bottom
    # card's battle went otherwise): the security card the engine left in the security is the
    # first card the oracle moved that the engine did not (the security check, the defender's
    # zone: _card_mover with DCG's card keys), not the deletion after it.
    "secbottom": ("CR4.2 Security checks: the security check reveals the bottom security "
                  "card, not the top one", [
        (ENGINE, "card = opp.security.pop(0)", "card = opp.security.pop()")]),
    "startcond": ("CR4.2 Triggered effects: the Tamer ST2-12 gains when every Digimon of the "
                  "opponent has digivolution cards (its condition inverted)", [
        (ENGINE, 'if any(len(st.cards) == 1 and self.cards[st.cards[0]].kind == "digimon"',
         'if not any(len(st.cards) == 1 and self.cards[st.cards[0]].kind == "digimon"')]),
}


def build(out: Path, names: list[str] | None = None) -> None:
    """Write every engine (or those named) under ``out``, each in ``out/<name>/``."""
    try:
        from tests.independent_faults import build_patched
    except ImportError:  # run as a script: tests/ is sys.path[0]
        from independent_faults import build_patched  # type: ignore[no-redef]

    build_patched(EXAMPLE, FILES, PATCHES, out, names, verbose=__name__ == "__main__")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nc-dcg-engines-built"))

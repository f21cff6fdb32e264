"""The oracles' seeded self-play is unchanged by speed-ups (``tools/state_hashes.py``).

The digests were recorded before the speed-ups of issue 14 (Digi-Battle: 1,000 games
``1b892957…``, 141,877 steps; DCG: 1,000 games ``a441b6be…``, 55,614 steps, on the invented
test cards). Issue 12 moved the DCG default game to real cards: re-recorded from main's own code
at 859827b (1,000 games ``3895725c…``, 49,709 steps; identical on this branch). A rule change
that alters the seeded games must re-record them here, saying why in the commit.

Before the DCG speed-ups of issue 14 (on da13947) more of the DCG engine was pinned: the
shipped decks with the invented test-only cards (``--setup test-only``: 1,000 games
``d626e2b2…``, 49,449 steps; they reach the start-of-turn memory losses, pending and delayed
effects and loop checks) and every DCG ambiguity at its second reading (``--readings
second``: ``e73f1044…``, 46,433 steps; both: ``348efca5…``, 45,304 steps).

Issue 13 added the register entries DB-AMB-19 … DB-AMB-28 (DB-AMB-20 retired), so every
Digi-Battle state's ``variants`` lists their defaults: re-recorded (40 games ``097b9ead…``,
5,645 steps). With those entries left out of each state's ``variants`` the 40 games (and the
1,000 of ``tools/state_hashes.py``: now ``21998ddb…``, 141,877 steps) are byte for byte the
games of main before the change: the default readings change no move, event or legal set.

Issue 25 made the shipped DCG decks legal under the official restricted list (red-memory: one
Gravity Crush BT1-090 instead of four, Vermilimon BT4-014 4 instead of 2, one Elecmon BT1-028;
blue-tempo: one Hammer Spark ST2-13 instead of four, Zudomon BT2-027 4 instead of 2, one
Monodramon BT1-009): a deck change, so the DCG games differ. Re-recorded (40 games
``3658f1ec…``, 1,961 steps; test-only/second ``7e546885…``, 1,891 steps). With the old decks
(and the list check switched off) the new code still gives the old digests ``9b9bb385…`` and
``5fc26118…`` exactly: no rule changed.
Issue 25 added DCG-AMB-5 (every DCG state's ``variants`` lists its default) and the ST-1/ST-2
mechanics: re-recorded (40 games ``b37188ef…``, 1,948 steps; test-only at the second readings
``1fe373ec…``, 1,836 steps). With DCG-AMB-5 left out of each state's ``variants`` the 40 games
are byte for byte the recorded ``9b9bb385…`` (1,948 steps), and the test-only games at the
second readings with DCG-AMB-5 at its default (and left out) the recorded ``5fc26118…`` (1,836
steps): the new mechanics change nothing on the old decks; at its second reading
("trigger-condition") DCG-AMB-5 changes those games, as a reading may. The ST-1/ST-2 decks
(named set-up ``starters``) get digests of their own.
Both changes together (the merge of the two branches): re-recorded (40 games ``8e91422b…``,
1,961 steps, the restricted-list decks' step count; test-only/second ``1c473f9e…``, 1,891
steps); the starter decks' digests are unchanged by the list.
The DCG ``choose`` actions of an "up to N" target choice sorted by ``Action.sort_key`` like
every other legal list (DCG-6-1-1; ``()``, ``(3,)``, ``(3, 4)``, ``(4,)``, was by set size):
the same legal sets in another order, so the seeded random player (it picks by index) plays
other games on the starter decks, which hold such choices: re-recorded (starters/default
``017f22f5…``, 2,310 steps; starters/second ``15d7f801…``, 1,947 steps). The default set-up's
40 games and ``tools/state_hashes.py --games 1000 --ruleset dcg`` (``c905a968…``, 48,487
steps) are unchanged.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_TOOL = Path(__file__).resolve().parents[1] / "tools" / "state_hashes.py"
_spec = importlib.util.spec_from_file_location("state_hashes", _TOOL)
assert _spec and _spec.loader
state_hashes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(state_hashes)

#: ruleset → (games, steps, sha256) of the first games of the default set-up.
RECORDED = {
    "digibattle": (40, 5645, "097b9ead37d493503e676001da8f2c276082860e91446123ee3e8ef1d21f9cad"),
    "dcg": (40, 1961, "8e91422b3ec3f78fdbea14d1693efa36d2ec161a787e11c9bd2a51afdf15e9a6"),
}


#: (ruleset, named set-up, readings) -> (games, steps, sha256): other set-ups and readings.
RECORDED_VARIANTS = {
    ("dcg", "test-only", "second"):
        (40, 1891, "1c473f9ea5bdd2112f94f9fa198ab7a8d77657ebbdcdbf43ab69dfa40d00c831"),
    ("dcg", "starters", "default"):
        (40, 2310, "017f22f5bef348378b03aaa11561c5c21b1514040788df65fe8db30b05aaf273"),
    ("dcg", "starters", "second"):
        (40, 1947, "15d7f801c690d54d00bac087a4a5d1a537a8185325b6ae4958f2142a1007776b"),
}


@pytest.mark.parametrize("ruleset", sorted(RECORDED))
def test_seeded_games_are_unchanged(ruleset: str) -> None:
    games, steps, digest = RECORDED[ruleset]
    assert state_hashes.state_hash(games, ruleset) == (digest, steps)


@pytest.mark.parametrize("key", sorted(RECORDED_VARIANTS), ids=lambda k: "-".join(k))
def test_seeded_games_of_other_setups_and_readings_are_unchanged(
        key: tuple[str, str, str]) -> None:
    ruleset, setup, readings = key
    games, steps, digest = RECORDED_VARIANTS[key]
    assert state_hashes.state_hash(games, ruleset, setup, readings) == (digest, steps)

"""The example adapters of ``examples/`` pass ``verify`` (issue 11).

Both are complete Digi-Battle engines of their own (not the oracle), written from the rule
texts, behind the mandatory subset of the protocol; ``docs/PROTOCOL.md`` "Writing an adapter"
walks through them:

- ``examples/python``: ``toy_engine.py`` + ``adapter.py``;
- ``examples/node``: ``engine.js`` + ``adapter.js`` (Node, no packages), skipped only when
  ``node`` is not installed (``.ci/run`` installs it).

Both play the whole game (set-up, Digivolve, Battle, scoring, Regroup, recycling, game end)
and follow one reading that is not the default (DB-AMB-9 ``at-prepare``), which they
declare. Each is verified as a new user would run it: every vector it can run without
``load_state`` and 10 random games, all of which must pass, with no skip file; and once more
without declaring its reading, where the suite must find and name that reading.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest

from oracle.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent
CARDS = data_dir() / "upper-deck.cardset.json"
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
PYTHON = (f"{shlex.quote(sys.executable)} "
          f"{shlex.quote(str(ROOT / 'examples/python/adapter.py'))}")
NODE = (f"node {shlex.quote(str(ROOT / 'examples/node/adapter.js'))} --cards "
        f"{shlex.quote(str(CARDS))}")
SETUP_SCENARIOS = 14  # the DB-A scenarios that start with new_game, the whole Duel left out
GAMES = 10
NEEDS_NODE = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
#: (adapter command, the implementation name it gives in ``start``)
ENGINES = [pytest.param(PYTHON, "toy-digibattle-python", id="python"),
           pytest.param(NODE, "toy-digibattle-node", id="node", marks=NEEDS_NODE)]


def _verify(impl: str, tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str],
                                                           dict]:
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "digiconform.cli", "verify", "--impl", impl, *args,
         "--report", str(report_path), "--traces", str(tmp_path), "--no-progress"],
        capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=600)
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    return proc, report


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_passes_the_whole_suite(impl: str, name: str, tmp_path: Path) -> None:
    """Every vector it can run and the random games, on the four mandatory requests, with no
    skip file."""
    proc, report = _verify(impl, tmp_path, "--games", str(GAMES))
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    impl_info = report["implementation"]
    assert impl_info["name"] == name
    assert impl_info["capabilities"] == {"load_state": False, "legal_actions": False,
                                         "variants": False}
    assert impl_info["readings"] == {"DB-AMB-9": "at-prepare"}
    cov, summary = report["coverage"], report["summary"]
    assert summary["failed"] == 0 and summary["errored"] == 0
    assert summary["passed"] + summary["not_followed"] == cov["runnable"] > SETUP_SCENARIOS
    assert summary["skipped"] == cov["needs_load_state"]  # nothing else is skipped
    diff = report["differential"]
    assert diff["games"] == GAMES and diff["findings"] == []
    assert diff["steps"] > 50 * GAMES  # whole games (a set-up alone is 7 actions); targets
    # are drawn from the whole range 1 … 1000 (issue 13), so some games are short
    assert report["ambiguities"]["DB-AMB-9"]["declared"] == "at-prepare"
    # The refusals it maps from its own codes name the clauses the rules give.
    for clause in ("DB-A.0", "DB-A.1", "DB-A.2", "DB-A.5", "DB-B.2", "DB-C.4", "DB-C.6"):
        assert report["clauses"][clause]["status"] == "pass", (clause, report["clauses"][clause])


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_reading_is_found_when_not_declared(impl: str, name: str,
                                                   tmp_path: Path) -> None:
    """The check can fail: the same engine, declaring nothing and taking any setup, is
    caught playing DB-AMB-9 as ``at-prepare`` where the default ``on-reveal`` was asked."""
    proc, report = _verify(impl + " --no-readings --ignore-variants", tmp_path,
                           "--games", "5", "--clause", "DB-A", "--shrink-seconds", "1")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["implementation"]["name"] == name
    assert report["implementation"]["readings"] == {}
    found = report["differential"]["findings"]
    assert found, proc.stdout[-3000:]
    assert {f["field"] for f in found} == {"reading:DB-AMB-9=at-prepare"}, found
    assert "behaves as if DB-AMB-9 = 'at-prepare'" in proc.stdout


@pytest.mark.parametrize(("impl", "name"), ENGINES)
def test_engine_refusing_an_undeclared_reading_is_filed_under_that_ambiguity(
        impl: str, name: str, tmp_path: Path) -> None:
    """Declaring no reading, the engine honestly refuses (``unsupported``) the games that ask
    for DB-AMB-9 ``on-reveal``: one finding, filed under DB-AMB-9's clause and naming the
    reading to declare, not under clause "?"."""
    proc, report = _verify(impl + " --no-readings", tmp_path, "--games", "3",
                           "--scenario", "-", "--shrink-seconds", "1")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["implementation"]["name"] == name
    found = report["differential"]["findings"]
    assert [(f["clause"], f["field"]) for f in found] == [
        ("DB-B.3", "unsupported-reading:DB-AMB-9=on-reveal")], found
    assert "does not play DB-AMB-9 = 'on-reveal'" in proc.stdout
    assert "[?]" not in proc.stdout


# ---------------------------------------------------------------------------------------------
# The DCG example (examples/dcg: engine.py + adapter.py), docs/PROTOCOL.md "Writing a DCG
# adapter". Its own card list is the 32 ST-1/ST-2 cards; every scenario vector's decks hold
# cards from outside ST-1/ST-2 (the scenario filler), so CI runs it with the dcg-real card
# list (`--cards`, found with `digiconform data path`): it then plays every card whose printed
# texts it knows and refuses the others, and the vectors with such a card are in its skip
# file, which must be exactly those (below).

DCG_DIR = ROOT / "examples" / "dcg"
DCG_SKIP = DCG_DIR / "skip.txt"
DCG_GAMES = 10
ST_DECKS = ("st1-starter", "st2-starter")


def _data_path(kind: str, name: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-m", "digiconform", "data", "path", kind, name],
                          capture_output=True, text=True, env=ENV, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split("\n")[:-1]


def _dcg_impl(*args: str) -> str:
    return " ".join([shlex.quote(sys.executable),
                     shlex.quote(str(DCG_DIR / "adapter.py")), *map(shlex.quote, args)])


def _dcg_engine() -> Any:
    sys.path.insert(0, str(DCG_DIR))
    try:
        import engine  # examples/dcg/engine.py
    finally:
        sys.path.remove(str(DCG_DIR))
    return engine


def test_dcg_engine_passes_verify(tmp_path: Path) -> None:
    """Every DCG vector it can play passes, nothing it plays is skipped, and 10 random games
    on the two shipped real decks agree with the oracle at every step."""
    cards = _data_path("card-set", "dcg-real")[0]
    proc, report = _verify(_dcg_impl("--cards", cards), tmp_path, "--ruleset", "dcg",
                           "--skip", str(DCG_SKIP), "--games", str(DCG_GAMES),
                           "--deck", "red-memory", "--deck", "blue-tempo")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert report["implementation"]["name"] == "toy-dcg-python"
    assert report["implementation"]["capabilities"] == {"load_state": False,
                                                        "legal_actions": False,
                                                        "variants": False}
    summary = report["summary"]
    assert summary["failed"] == 0 and summary["errored"] == 0
    assert summary["passed"] >= 70, summary  # 78 when written
    skips = {line.split(" # ")[0] for line in DCG_SKIP.read_text().splitlines()
             if line and not line.startswith("#")}
    assert {s["id"] for s in report["skipped"]} >= skips
    diff = report["differential"]
    assert diff["games"] == DCG_GAMES and diff["findings"] == []
    assert diff["steps"] > 40 * DCG_GAMES  # whole games
    for clause in ("DCG-6-1-1", "DCG-6-3-1-1", "DCG-6-4-1-1", "DCG-6-4-1-2", "DCG-6-5-1-3",
                   "DCG-6-5-1-5", "DCG-6-5-1-7", "DCG-6-6-3"):
        assert report["clauses"][clause]["status"] == "pass", (clause,
                                                               report["clauses"][clause])


def test_dcg_skip_file_is_the_vectors_with_a_card_the_engine_does_not_play() -> None:
    """The skip file cannot hide a failure: it lists exactly the DCG vectors whose decks hold
    a card outside the engine's list or with a printed text the engine does not know
    (computed here from each vector's decks, not by examples/dcg/skips.py)."""
    from oracle.dcg.cards import load_deck, load_test_only_cards

    engine = _dcg_engine()
    cards = engine.load_cards(Path(_data_path("card-set", "dcg-real")[0]))
    every = load_test_only_cards()

    def plays(card: str) -> bool:
        c = cards.get(card)
        return c is not None and all(t in engine.TEXTS
                                     for t in (c.text, c.inherited, c.security))

    want = set()
    for path in sorted((ROOT / "vectors" / "dcg").rglob("*.vector.json")):
        v = json.loads(path.read_text())
        held: set[str] = set()
        for step in v["steps"]:
            for d in (step.get("setup") or {}).get("decks", []):
                if isinstance(d, str):
                    deck = load_deck(d, every)
                    held |= set(deck.main) | set(deck.eggs)
                else:
                    held |= {e["id"] for e in [*d["deck"], *d.get("eggs", [])]}
        if not all(plays(c) for c in held) or any(
                "cards" in ((step.get("setup") or {}).get("card_set") or {})
                for step in v["steps"]):  # (a card document of its own: branch v26j's two)
            want.add(v["id"])
    listed = {line.split(" # ")[0] for line in DCG_SKIP.read_text().splitlines()
              if line and not line.startswith("#")}
    assert listed == want, (
        f"examples/dcg/skip.txt is stale: missing {sorted(want - listed)}, extra "
        f"{sorted(listed - want)}; rewrite it with: python examples/dcg/skips.py --cards "
        "$(digiconform data path card-set dcg-real) vectors > examples/dcg/skip.txt")
    # 101 of the 190 DCG vectors hold a card the example does not play (it plays 14 of the
    # 32 ST-1/ST-2 cards; issue 26's starter-card vectors added 3); the bound catches a
    # skip list that swallows the rest (108 once the v26d session's 5 DCG scenarios came, each
    # holding a card it does not play: Greymon ST1-07, Giga Destroyer ST1-15, Vegiemon
    # BT11-049 and the test-only Drain Testmon X-01; 114 with branch v26g's scenarios: the two
    # [On Play] ones (Herald Testmon X-05, Zudomon ST2-09), Kaiser Nail's choice (Zudomon),
    # the attack of Grizzlymon over Gabumon ST2-03 and the two Tamers' [Main] effects (Mimi
    # Tachikawa BT1-089); 120 with branch v26h's 7: the test-only X-06..X-09 and, in the
    # inherited [Once Per Turn] one, Greymon ST1-07; 126 with branch v26j's 5: WarGreymon
    # ST1-11, Gaia Force ST1-16, Shadow Wing ST1-13's [Security], and the two set-ups that
    # embed a card document, which the engine refuses as a card set of its own; the bound was
    # 127 before the CI fix after d19ea21, 128 with it: Sorrow Blue ST2-14 from
    # security picks between two Digimon, one a Grizzlymon ST2-07 the engine does not play;
    # 130 with branch s26k's 2: the deck naming ST1-17, a number in no card set, which the
    # engine's card list does not hold either, and the set-up embedding a card document that
    # lists Tai Kamiya ST1-12 twice)
    assert 0 < len(want) <= 130


def test_dcg_engine_plays_starlight_explosion_from_its_texts() -> None:
    """ST1-14 Starlight Explosion in examples/dcg (no vector reveals it from security):
    [Security] its owner's Security Digimon get +7000 DP for the turn (Agumon ST1-03, 2000 +
    7000, then deletes an attacking Birdramon ST1-05, 5000), and no longer in the next turn;
    [Main] (cost 2) the same until the end of the opponent's next turn."""
    engine = _dcg_engine()
    cards = engine.load_cards()
    game = engine.Game(cards, [(["ST1-04"] * 50, []), (["ST1-04"] * 50, [])])
    game.stage, game.turn, game.turn_player, game.memory = "main", 3, 0, 5
    game.seats[0].battle = [engine.Stack(1, ["ST1-05"]), engine.Stack(2, ["ST1-05"])]
    game.seats[1].security = ["ST1-14", "ST1-03", "ST1-03"]
    game.attack(0, 1, "player")  # reveals Starlight Explosion: +7000 for the turn
    assert game.seats[1].trash == ["ST1-14"]
    assert game.security_dp(1, "ST1-03") == 9000
    game.attack(0, 2, "player")  # Agumon at 9000 deletes Birdramon (5000)
    assert [st.id for st in game.seats[0].battle] == [1] and game.seats[1].security == ["ST1-03"]
    game.pass_(0)
    assert game.turn == 4 and game.security_dp(1, "ST1-03") == 2000
    # [Main]: used in turn 4 by player 1, it lasts to the end of turn 5 (player 0's)
    game.stage, game.memory = "main", 3
    game.seats[1].battle = [engine.Stack(3, ["ST1-03"])]
    game.seats[1].hand = ["ST1-14"]
    game.use_option(1, "ST1-14")
    assert game.memory == 1 and game.seats[1].trash[-1] == "ST1-14"
    game.pass_(1)
    assert game.turn == 5 and game.security_dp(1, "ST1-03") == 9000
    game.stage = "main"
    game.pass_(0)
    assert game.turn == 6 and game.security_dp(1, "ST1-03") == 2000


def test_dcg_engine_refuses_a_card_outside_st1_st2_naming_it() -> None:
    """With its own card list the engine knows only ST-1/ST-2: red-memory's Monodramon
    BT1-009 is refused as unsupported, named; a deck of 48 supported ST cards breaks deck
    construction."""
    st = [{"id": c, "count": 4} for c in ("ST1-02", "ST1-03", "ST1-04", "ST1-05", "ST1-10",
                                          "ST1-12", "ST2-02", "ST2-04", "ST2-05", "ST2-10",
                                          "ST2-12", "ST2-13")]
    small = {"name": "st-48", "deck": st, "eggs": [{"id": "ST1-01", "count": 4}]}
    lines = [{"cmd": "start", "version": 1},
             {"cmd": "new_game", "seq": 1, "setup": {"ruleset": "dcg",
                                                      "decks": ["red-memory", "blue-tempo"]}},
             {"cmd": "new_game", "seq": 2, "setup": {"ruleset": "dcg",
                                                      "decks": [small, small]}},
             {"cmd": "stop"}]
    proc = subprocess.run(shlex.split(_dcg_impl()),
                          input="".join(json.dumps(x) + "\n" for x in lines),
                          capture_output=True, text=True, env=ENV, timeout=60)
    ready, first, second = (json.loads(x) for x in proc.stdout.splitlines())
    assert ready["ready"] is True and ready["rulesets"] == ["dcg"]
    assert first["refused"]["kind"] == "unsupported"
    assert "BT1-009" in first["refused"]["reason"], first
    assert second["refused"] == {"kind": "illegal", "clause": "CR4.2 Deck construction",
                                 "reason": "DECK_SIZE: deck 0: 48 main-deck cards, not 50"}


def test_dcg_engine_on_the_st_decks(tmp_path: Path) -> None:
    """Random games on the ST-1 and ST-2 decks with the engine's own card list, once those
    decks are shipped (issue 25); the engine must play all of their cards."""
    proc = subprocess.run([sys.executable, "-m", "digiconform", "data", "path", "deck"],
                          capture_output=True, text=True, env=ENV, timeout=60)
    names = set(proc.stdout.split())
    if not set(ST_DECKS) <= names:
        pytest.skip(f"the decks {', '.join(ST_DECKS)} are not shipped yet")
    engine = _dcg_engine()
    cards = engine.load_cards()
    missing = set()
    for name in ST_DECKS:
        doc = json.loads(Path(_data_path("deck", name)[0]).read_text())
        missing |= {e["id"] for e in [*doc["deck"], *doc.get("eggs", [])]
                    if e["id"] not in cards or cards[e["id"]].unknown_texts()}
    if missing:
        pytest.xfail(f"examples/dcg does not play {', '.join(sorted(missing))} yet")
    proc, report = _verify(_dcg_impl(), tmp_path, "--ruleset", "dcg", "--scenario", "-",
                           "--games", str(DCG_GAMES), *(f"--deck={d}" for d in ST_DECKS))
    assert proc.returncode == 0, proc.stdout[-4000:]
    assert report["differential"]["findings"] == []


def test_data_path_on_an_installed_layout(tmp_path: Path) -> None:
    """`digiconform data path` prints the installed files: here the two packages copied as a
    wheel lays them out (schemas/ as oracle/_schemas, pyproject.toml), run from elsewhere."""
    site = tmp_path / "site"
    for pkg in ("oracle", "digiconform"):
        shutil.copytree(ROOT / pkg, site / pkg,
                        ignore=shutil.ignore_patterns("__pycache__", "_schemas"))
    shutil.copytree(ROOT / "schemas", site / "oracle" / "_schemas")
    env = {**os.environ, "PYTHONPATH": str(site)}

    def data(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "digiconform", "data", "path", *args],
                              capture_output=True, text=True, env=env, cwd=tmp_path,
                              timeout=60)

    expect = {("card-set", "dcg-real"): ["oracle/data/dcg/cards.json"],
              ("card-set", "dcg-real+test-only"): ["oracle/data/dcg/cards.json",
                                                   "oracle/data/dcg/test-only-cards.json"],
              ("card-set", "upper-deck-st-bo1"): ["oracle/data/upper-deck.cardset.json"],
              ("deck", "red-memory"): ["oracle/data/dcg/decks/red-memory.json"],
              ("deck", "starter-1"): ["oracle/data/decks/starter-1.deck.json"],
              ("schema", "dcg/state"): ["oracle/_schemas/dcg/state.schema.json"],
              ("schema", "protocol/new_game"): ["oracle/_schemas/protocol/new_game.schema.json"]}
    for args, files in expect.items():
        proc = data(*args)
        assert proc.returncode == 0, (args, proc.stderr)
        assert proc.stdout.splitlines() == [str(site / f) for f in files], args
        assert all(Path(p).is_file() for p in proc.stdout.splitlines())
    listing = data("deck")
    assert {"red-memory", "blue-tempo", "starter-1"} <= set(listing.stdout.split())
    for bad in ("../oracle/data/dcg/cards", "/etc/passwd", "nope"):
        proc = data("deck", bad)
        assert proc.returncode == 2 and "no shipped deck named" in proc.stderr, bad
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("ruleset", ["digibattle", "dcg"])
def test_verify_deck_chooses_the_random_games_decks(ruleset: str) -> None:
    """`verify --deck` (games.drawing_decks): every drawn setup plays the decks named, in
    both seats; outside the block the default choice is back (some game differs)."""
    from digiconform.options import random_game_decks
    from digiconform.verifier.differential import Draw
    from digiconform.verifier.games import drawing_decks, hooks

    name = "starter-2" if ruleset == "digibattle" else "blue-tempo"
    decks = random_game_decks(ruleset, [name], [])
    draw = hooks(ruleset).draw_setup
    with drawing_decks(ruleset, decks):
        setups = [draw(Draw(0, i), {}) for i in range(12)]
    assert all(s["decks"] == [decks[0], decks[0]] for s in setups)
    assert any(draw(Draw(0, i), {})["decks"] != [decks[0], decks[0]] for i in range(12))
    with pytest.raises(click.BadParameter, match="no shipped"):
        random_game_decks(ruleset, ["nope"], [])


def test_verify_deck_file_is_checked_before_the_run(tmp_path: Path) -> None:
    """`verify --deck-file`: a DCG deck document is given to the games as a deck object; a
    deck that breaks deck construction stops the command at once (exit 2, the clause)."""
    from digiconform.options import random_game_decks
    from oracle.resources import data_dir

    doc = json.loads((data_dir() / "dcg" / "decks" / "red-memory.json").read_text())
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(doc))
    [deck] = random_game_decks("dcg", [], [str(good)])
    assert deck == {k: doc[k] for k in ("name", "deck", "eggs")}
    doc["deck"][0]["count"] -= 1
    bad = tmp_path / "short.json"
    bad.write_text(json.dumps(doc))
    proc = subprocess.run([sys.executable, "-m", "digiconform", "verify", "--ruleset", "dcg",
                           "--impl", "true", "--deck-file", str(bad)],
                          capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "CR4.2 Deck construction" in proc.stderr and "Traceback" not in proc.stderr


def test_python_engine_declaring_its_details_passes_the_whole_suite(tmp_path: Path) -> None:
    """``--details`` makes the example declare and answer the oracle's bookkeeping too
    (docs/PROTOCOL.md "Core and details"). A newcomer review (2026-12-07) found it failing
    one vector under DB-D.3: at two recycles due at once (Nanimon's win and a Blitz) it names
    its own player's shuffle as due (``chance``) where the oracle names the other, an order no
    rule fixes."""
    proc, report = _verify(PYTHON + " --details", tmp_path, "--games", str(GAMES))
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert report["summary"]["failed"] == 0 and report["differential"]["findings"] == []
    both = [c for c in report["cases"] if c["id"].startswith(
        "exhaustion::Nanimon takes my opponent's last Online card while Blitz")]
    assert [c["status"] for c in both] == ["pass"], both

"""Measure how much each ambiguity matters and write the divergence traces.

    python tools/measure_divergence.py measure --seeds 1000 --jobs 2
    python tools/measure_divergence.py traces [--ids DB-AMB-3 ...] [--seeds 150]

``measure`` plays the Starter-deck games of seeds 0 … N-1 in lockstep under the default and
every other reading (definitions: :mod:`digiconform.divergence`) and counts, for each proposed
ambiguity, the games in which its situation arises; ``traces`` searches seeds for the shortest
game prefix whose last action diverges between the readings, shrinks it, and writes one trace
per reading to ``traces/ambiguities/DB-AMB-n.<reading>.json``. Both update
``digiconform/data/divergence.json``; regenerate ``docs/AMBIGUITIES.md`` afterwards with
``digiconform ambiguities --format markdown > docs/AMBIGUITIES.md``.
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digiconform import divergence as D  # noqa: E402
from oracle import variants as V  # noqa: E402
from oracle.cards import card_set_from_json, default_card_set, default_decks  # noqa: E402
from oracle.digibattle import Action, Game, new_game  # noqa: E402
from oracle.trace import build_trace, write_trace  # noqa: E402

DATA = ROOT / "digiconform" / "data" / "divergence.json"
TRACES = ROOT / "traces" / "ambiguities"

# Entries the Starter decks never reach: a scripted position with a scenario card.
SCRIPTED = ("DB-AMB-4", "DB-AMB-11")

# Entries whose search needs another game parameter (DB-C.9 allows a lower agreed target).
TARGETS = {"DB-AMB-7": 400}

# Entries the Starter decks never reach but a swapped card does: Starter deck 1 with these
# cards replaced (DB-AMB-26: a Digi-Duel in both decks; DB-A.5 forbids two in one).
SWAPS = {"DB-AMB-26": {"ST-57": "ST-58"}}
SWAP_NOTES = {"DB-AMB-26": "Only Starter deck 2 holds a Digi-Duel: Starter deck 1 with Downgrade "
                           "ST-57 replaced by Digi-Duel ST-58, so both players hold one."}


def load() -> dict[str, Any]:
    if DATA.exists():
        return json.loads(DATA.read_text(encoding="utf-8"))
    return {"format": "digiconform-divergence/1"}


def save(doc: dict[str, Any]) -> None:
    DATA.write_text(json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n",
                    encoding="utf-8")


# ------------------------------------------------------------------------------------------
# measure


_IDS: list[str] | None = None  # measure only these ambiguities (set before the pool forks)


def _one(seed: int) -> tuple[dict[str, Any], dict[str, bool]]:
    which = [p for p in D.pairs() if _IDS is None or p[0] in _IDS]
    return D.measure_seed(seed, which), D.situations(seed)


def measure_situations(seeds: int, jobs: int) -> None:
    """Only the situation counts of the proposed ambiguities (fast)."""
    with Pool(jobs) as pool:
        rows = list(pool.imap(D.situations, range(seeds), chunksize=16))
    doc = load()
    counts = {k: sum(int(r[k]) for r in rows) for k in rows[0]}
    doc["situations"] = {k: {"count": v, "rate": round(v / seeds, 4)} for k, v in counts.items()}
    save(doc)
    print(f"wrote the situations of {DATA.relative_to(ROOT)} ({seeds} seeds)")


def measure(seeds: int, jobs: int, ids: list[str] | None = None) -> None:
    global _IDS
    _IDS = ids
    if ids:
        old = load().get("measured") or {}
        if old.get("seeds") != seeds:
            raise SystemExit(f"--ids: the other figures are over {old.get('seeds')} seeds; "
                             f"measure with --seeds {old.get('seeds')} or measure everything")
        unknown = set(ids) - {p[0] for p in D.pairs()}
        if unknown:
            raise SystemExit(f"--ids: unknown ambiguity {', '.join(sorted(unknown))}")
    t0 = time.time()
    with Pool(jobs) as pool:
        rows = []
        for i, row in enumerate(pool.imap(_one, range(seeds), chunksize=4), 1):
            rows.append(row)
            if i % 50 == 0:
                print(f"{i}/{seeds} seeds, {time.time() - t0:.0f} s", flush=True)
    per_seed = [r for r, _ in rows]
    doc = load()
    if ids:
        doc["pairs"] = {**(doc.get("pairs") or {}), **D.summarise(per_seed)}
        save(doc)
        print(f"updated {', '.join(ids)} in {DATA.relative_to(ROOT)} "
              f"({time.time() - t0:.0f} s)")
        return
    doc["measured"] = {
        "date": dt.date.today().isoformat(),
        "seeds": seeds, "seed_range": [0, seeds - 1],
        "decks": [d.id for d in default_decks()], "card_set": default_card_set().id,
        "target": 1000, "max_duels": D.MAX_DUELS,
        "players": "oracle.selfplay random players (digiconform play --seed N)",
        "seconds": round(time.time() - t0),
    }
    doc["pairs"] = D.summarise(per_seed)
    counts: dict[str, int] = {}
    for _, sit in rows:
        for k, v in sit.items():
            counts[k] = counts.get(k, 0) + int(v)
    doc["situations"] = {k: {"count": v, "rate": round(v / seeds, 4)} for k, v in counts.items()}
    save(doc)
    print(f"wrote {DATA.relative_to(ROOT)} ({seeds} seeds, {time.time() - t0:.0f} s)")


# ------------------------------------------------------------------------------------------
# traces


def _custom_game(amb_id: str, extra: dict[str, Any] | None, swap: dict[str, str],
                 variants: dict[str, str] | None = None, target: int = 1000) -> Game:
    """The shipped card set plus one scenario card (if any); ``swap`` replaces cards of
    Starter 1."""
    if extra is None:
        cs = default_card_set()
    else:
        raw = copy.deepcopy(dict(default_card_set().raw))
        raw["id"] = f"{raw['id']}.{amb_id}"
        raw["name"] = f"{raw['name']}, plus a card defined for {amb_id}"
        raw["cards"] = list(raw["cards"]) + [extra]
        raw.pop("missing", None)
        cs = card_set_from_json(raw)
    d0, d1 = default_decks()
    deck0 = tuple(swap.get(s, s) for s in d0.cards)
    for new in swap.values():
        if new not in deck0:
            deck0 = deck0 + (new,)
    return Game(cs, (deck0, d1.cards), target, dict(variants or {}))


def _front(cards: tuple[str, ...], first: list[str]) -> tuple[str, ...]:
    rest = sorted(c for c in cards if c not in first)
    return tuple(first) + tuple(rest)


def _scripted(amb_id: str) -> tuple[Game, list[Action], str]:
    """A scripted divergence for an ambiguity the Starter decks never reach."""
    if amb_id == "DB-AMB-11":
        card = {"serial": "EX-04", "name": "Threemon", "kind": "digimon", "level": "Champion",
                "battle_type": "Red", "power": {"Red": 220, "Green": 340, "Yellow": 420},
                "score": {"Rookie": 100, "Champion": 100, "Ultimate": 200, "Mega": 300},
                "digivolve_requirements": [{"kind": "tribute", "from": "Agumon", "offline": 3}]}
        game = _custom_game(amb_id, card, {"ST-02": "EX-04"})
        hand = ["EX-04"]
        rookie = "ST-01"
        note = ("No shipped card prints a payment of 3: Starter deck 1 with Greymon ST-02 "
                "replaced by Threemon EX-04, a Greymon that asks 'Agumon - offline 3 cards'.")
    elif amb_id == "DB-AMB-4":
        card = {"serial": "EX-02", "name": "Tekkamon", "kind": "digimon", "level": "Ultimate",
                "battle_type": "Red", "power": {"Red": 300, "Green": 400, "Yellow": 450},
                "score": {"Rookie": 100, "Champion": 100, "Ultimate": 100, "Mega": 200},
                "digivolve_requirements": [{"kind": "dna", "partners": [
                    {"name": "Snimon"}, {"name": "Gotsumon"}]}]}
        game = _custom_game(amb_id, card, {"ST-29": "EX-02", "ST-30": "BO-25",
                                           "ST-34": "ST-23"})
        hand = ["EX-02", "BO-25"]
        rookie = "ST-23"
        note = ("No shipped card names a DNA partner two levels down: Starter deck 1 with "
                "Triceramon, Piximon and SaberLeomon replaced by Tekkamon EX-02 ('DNA: Snimon + "
                "Gotsumon', modelled on MP-108), Snimon BO-25 and Gotsumon ST-23.")
    else:
        raise KeyError(amb_id)
    deck0 = game.decks[0]
    other = tuple(s for s in deck0 if s != rookie)
    p1_rookie = "ST-05"
    actions = [
        Action("choose_rookie", 0, card=rookie),
        Action("choose_rookie", 1, card=p1_rookie),
        Action("shuffle", 0, order=_front(other, hand)),
        Action("shuffle", 1, order=tuple(sorted(s for s in game.decks[1] if s != p1_rookie))),
        Action("prepare", 0, card=hand[0]),
    ]
    return game, actions, note


def _games(base: Game, amb: V.Ambiguity) -> dict[str, Game]:
    return {r: D.with_reading(base, amb.id, r) for r in amb.reading_names()}


def find(amb: V.Ambiguity, seeds: int, budget: float) -> dict[str, Any] | None:
    """Search, shrink and describe the shortest divergence found for ``amb``."""
    target = TARGETS.get(amb.id, 1000)
    base = Game.default(target=target, variants=dict(amb.within))
    if amb.id in SWAPS:
        base = _custom_game(amb.id, None, SWAPS[amb.id], dict(amb.within), target)
    games = _games(base, amb)
    best: D.Found | None = None
    for policy in D.POLICIES:
        for seed in range(seeds):
            limit = len(best.prefix) - 1 if best else 2000
            f = D.search(games, amb.default, seed, policy, max_steps=limit)
            if f and (best is None or len(f.prefix) < len(best.prefix)):
                best = f
    if best is None:
        return None
    prefix = D.shrink(games, amb.default, best.prefix, budget_s=budget)
    return {"games": games, "prefix": prefix, "target": target,
            "found": {"seed": best.seed, "policy": best.policy, "steps": len(best.prefix),
                      "shrunk_to": len(prefix)}}


def write_traces(amb: V.Ambiguity, games: dict[str, Game], prefix: list[Action],
                 found: dict[str, Any], note: str | None = None) -> dict[str, Any]:
    """One trace per reading; returns the register's summary of the divergence."""
    TRACES.mkdir(parents=True, exist_ok=True)
    last = prefix[-1]
    finals: dict[str, Any] = {}
    outcomes: dict[str, Any] = {}
    files: dict[str, str] = {}
    for reading, game in games.items():
        state, steps = D.replay(game, prefix[:-1])
        res = D.try_apply(state, last)
        if not res.refused:
            from oracle.selfplay import Step

            steps.append(Step(last, res.state, res.events))
            finals[reading] = res.state
            outcomes[reading] = {"outcome": "applied",
                                 "events": [e.type for e in res.events]}
        else:
            outcomes[reading] = {"outcome": "refused", "clause": res.clause,
                                 "reason": res.reason}
        meta = {
            "ambiguity": amb.id, "reading": reading,
            "readings": list(amb.reading_names()),
            "divergence": {"step": len(prefix), "action": last.to_json(),
                           "action_text": D.describe_action(last, game), **outcomes[reading]},
            "found_by": found,
            "generated_by": "tools/measure_divergence.py traces",
        }
        if note:
            meta["note"] = note
        trace = build_trace(game, new_game(game), steps, meta=meta)
        if game.card_set.id != default_card_set().id:
            trace["card_set"] = dict(game.card_set.raw)
        path = TRACES / f"{amb.id}.{reading}.json"
        write_trace(path, trace)
        files[reading] = str(path.relative_to(ROOT))
    default_final = finals.get(amb.default)
    for reading in games:
        if reading != amb.default and reading in finals and default_final is not None:
            outcomes[reading]["differs"] = D.state_differences(default_final, finals[reading])
    game0 = games[amb.default]
    return {
        "steps": len(prefix), "duel": D.replay(game0, prefix[:-1])[0].duel,
        "target": game0.target, "custom_cards": game0.card_set.id != default_card_set().id,
        "last_action": last.to_json(), "last_action_text": D.describe_action(last, game0),
        "outcomes": outcomes, "files": files, "found_by": found,
        **({"note": note} if note else {}),
    }


def traces(ids: list[str] | None, seeds: int, budget: float) -> None:
    doc = load()
    doc.setdefault("traces", {})
    for amb in V.REGISTRY:
        if amb.ruleset != "digibattle" or (ids and amb.id not in ids):
            continue
        t0 = time.time()
        res = find(amb, seeds, budget) if amb.id not in SCRIPTED else None
        if res is not None:
            summary = write_traces(amb, res["games"], res["prefix"], res["found"],
                                   SWAP_NOTES.get(amb.id))
        elif amb.id not in SCRIPTED:
            print(f"{amb.id}: no divergence found in {seeds} seeds per policy; try more",
                  flush=True)
            continue
        else:
            game, actions, note = _scripted(amb.id)
            games = _games(game, amb)
            summary = write_traces(amb, games, actions, {"scripted": True}, note)
        doc["traces"][amb.id] = summary
        save(doc)
        print(f"{amb.id}: {summary['steps']} steps ({time.time() - t0:.0f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure", help="lockstep divergence rates over many seeds")
    m.add_argument("--seeds", type=int, default=1000)
    m.add_argument("--jobs", type=int, default=2)
    m.add_argument("--ids", nargs="*", help="only these ambiguities (merged into the "
                   "existing figures, which must be over as many seeds)")
    m.add_argument("--situations-only", action="store_true",
                   help="only count the situations of the proposed ambiguities")
    t = sub.add_parser("traces", help="minimal divergence traces")
    t.add_argument("--ids", nargs="*")
    t.add_argument("--seeds", type=int, default=150)
    t.add_argument("--budget", type=float, default=60.0, help="seconds of shrinking per entry")
    a = ap.parse_args()
    if a.cmd == "measure" and a.situations_only:
        measure_situations(a.seeds, a.jobs)
    elif a.cmd == "measure":
        measure(a.seeds, a.jobs, a.ids)
    else:
        traces(a.ids, a.seeds, a.budget)


if __name__ == "__main__":
    main()

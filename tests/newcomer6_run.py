"""Run the sixth newcomer's held-out faults (``tests/newcomer6_faults.py``) through ``verify``
with newcomer5's runner (``tests/newcomer5_run.py --faults newcomer6_faults``: the same
commands, table and totals), and play each fault directly against ``base``.

Usage::

    python tests/newcomer6_run.py OUT REPORTS [--digiconform CMD] [--python PY]
        [--seeds 0 5] [--games 30] [--only NAME ...] [--rerun] [--table-only]
        [--skip-file FILE]
    python tests/newcomer6_run.py OUT --direct-checks [--only NAME ...]

``--direct-checks`` builds the engines into ``OUT`` and, for each fault, plays seeded random
games with ``base`` and the fault in lockstep, in this process, through their own adapters
(``Adapter.handle``, the protocol's action requests): each position's actions are the ones
``base``'s engine accepts (the Digi-Battle engine's ``legal_moves``; for the DCG engine, which
lists none, every candidate action tried on a copy of the game), chance outcomes drawn from
the seed. It prints, per fault, the first step where the fault's engine answers otherwise
than ``base`` (a state field, a refusal, or an action one of them accepts and the other
refuses), or that none of the games differed. No oracle and no verifier take part.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

try:
    from tests import newcomer5_run, newcomer6_faults
except ImportError:  # run as a script: tests/ is sys.path[0]
    import newcomer5_run  # type: ignore[no-redef]
    import newcomer6_faults  # type: ignore[no-redef]

Json = dict[str, Any]

# ----------------------------------------------------------------------------- loading


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def load_adapter(directory: Path, ruleset: str, tag: str) -> ModuleType:
    """The ``adapter.py`` of a built engine directory, with its own engine module, loaded
    under names of its own (so that base and a fault live side by side in one process)."""
    engine = "toy_engine" if ruleset == "db" else "engine"
    key = f"nc6_{ruleset}_{tag}"
    mod = _load(directory / f"{engine}.py", f"{key}_{engine}")
    saved_mod, saved_path = sys.modules.get(engine), list(sys.path)
    sys.modules[engine] = mod
    try:
        return _load(directory / "adapter.py", f"{key}_adapter")
    finally:
        sys.path[:] = saved_path
        if saved_mod is None:
            del sys.modules[engine]
        else:
            sys.modules[engine] = saved_mod


# ----------------------------------------------------------------------------- the games


def _db_setup() -> Json:
    from oracle.rulesets import get

    setup = get("digibattle").default_setup()
    return {"ruleset": "digibattle", "decks": setup["decks"], "target": setup["target"]}


def _db_clone(ad: Any) -> Any:
    new = copy.copy(ad)
    new.engine = copy.copy(ad.engine)
    new.engine.table = copy.deepcopy(ad.engine.table)
    new.engine.log = list(ad.engine.log)
    return new


def _db_legal(ad: Any) -> list[Json]:
    out = []
    for name, args in ad.engine.legal_moves():
        a: Json = {"type": name, "player": args["seat"]}
        for k, v in args.items():
            if k != "seat" and v is not None and v != []:
                a[k] = sorted(v) if isinstance(v, list) else v
        out.append(a)
    return out


def _db_chance(ad: Any, rng: random.Random) -> Json | None:
    t = ad.engine.table
    if t.stage == "coin":
        return {"type": "coin_toss", "winner": rng.randrange(2)}
    if t.stage in ("deal", "recycle"):
        order = ad.engine.cards_to_shuffle()
        rng.shuffle(order)
        due = t.turn if t.stage == "deal" else t.shuffles[0][0]
        return {"type": "shuffle", "player": due, "order": order}
    return None


def _db_over(ad: Any) -> bool:
    return ad.engine.table.stage == "over"


def _dcg_setup() -> Json:
    return {"ruleset": "dcg", "card_set": {"name": "dcg-real"},
            "decks": ["red-memory", "blue-tempo"]}


def _dcg_clone(ad: Any) -> Any:
    new = copy.copy(ad)
    new.game = copy.deepcopy(ad.game, {id(ad.game.cards): ad.game.cards})
    return new


def _dcg_candidates(ad: Any) -> Iterator[Json]:
    g = ad.game
    p = g.to_move()
    me, opp = g.seats[p], g.seats[1 - p]
    for kind in ("keep", "mulligan", "hatch", "move", "do_nothing", "pass"):
        yield {"type": kind, "player": p}
    for i in range(len(g.pending)):
        yield {"type": "resolve", "player": p, "index": i}
    stacks = [st.id for st in [*me.battle, *([me.breeding] if me.breeding else [])]]
    for card in sorted(set(me.hand)):
        yield {"type": "play", "player": p, "card": card}
        yield {"type": "use_option", "player": p, "card": card}
        for st in stacks:
            yield {"type": "digivolve", "player": p, "card": card, "target": st}
    for st in me.battle:
        yield {"type": "attack", "player": p, "attacker": st.id, "target": "player"}
        for d in opp.battle:
            yield {"type": "attack", "player": p, "attacker": st.id, "target": d.id}


def _dcg_legal(ad: Any) -> list[Json]:
    out = []
    for a in _dcg_candidates(ad):
        if "state" in _dcg_clone(ad).handle({"cmd": "action", "seq": 0, "action": a}):
            out.append(a)
    return out


def _dcg_chance(ad: Any, rng: random.Random) -> Json | None:
    g = ad.game
    if g.to_move() != "chance":
        return None
    due = g.shuffle_due()
    if due is None:
        return {"type": "choose_first", "winner": rng.randrange(2)}
    order = list(g._zone(*due))
    rng.shuffle(order)
    return {"type": "shuffle", "player": due[0], "deck": "egg_deck" if due[1] == "eggs"
            else "deck", "order": order}


def _dcg_over(ad: Any) -> bool:
    return ad.game.to_move() is None


#: ruleset -> (setup, clone, legal actions, chance outcome or None, game over)
RULES: dict[str, tuple[Callable[[], Json], Callable[[Any], Any], Callable[[Any], list[Json]],
                       Callable[[Any, random.Random], Json | None], Callable[[Any], bool]]] = {
    "db": (_db_setup, _db_clone, _db_legal, _db_chance, _db_over),
    "dcg": (_dcg_setup, _dcg_clone, _dcg_legal, _dcg_chance, _dcg_over),
}


def _diff(a: Any, b: Any, path: str = "$") -> list[str]:
    """The JSON paths where ``a`` (base) and ``b`` (the fault) differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += _diff(a.get(k), b.get(k), f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += _diff(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: base {_clip(a)} / fault {_clip(b)}"]


def _clip(v: Any, limit: int = 90) -> str:
    text = json.dumps(v)
    return text if len(text) <= limit else f"{text[:limit - 20]} ... ({len(text)} chars)"


def _pick(legal: list[Json], rng: random.Random) -> Json:
    """A random action, passes and readies taken less often (so that games move on)."""
    keep = [a for a in legal if a["type"] not in ("pass", "ready", "do_nothing", "discard")]
    if keep and rng.random() < 0.8:
        return rng.choice(keep)
    return rng.choice(legal)


def first_difference(ruleset: str, base: ModuleType, fault: ModuleType, seed: int,
                     max_steps: int = 3000) -> str | None:
    """Play one seeded game with ``base``'s adapter and ``fault``'s in lockstep; the first
    difference in what they answer or accept, or None if the game ends (or ``max_steps``)
    with none."""
    setup, clone, legal_of, chance, over = RULES[ruleset]
    rng = random.Random(seed)
    a_ad = base.Adapter(*_adapter_args(ruleset))
    b_ad = fault.Adapter(*_adapter_args(ruleset))
    req = {"cmd": "new_game", "seq": 0, "setup": setup()}
    a, b = a_ad.handle(req), b_ad.handle(req)
    if a != b:
        return "new_game: " + "; ".join(_diff(a, b))
    if "state" not in a:
        raise RuntimeError(f"base refused the set-up: {a}")
    for step in range(1, max_steps + 1):
        if over(a_ad):
            return None
        action = chance(a_ad, rng)
        if action is None:
            la, lb = legal_of(a_ad), legal_of(b_ad)
            only_b = [x for x in lb if x not in la]
            only_a = [x for x in la if x not in lb]
            if only_b or only_a:
                x = (only_b or only_a)[0]
                req = {"cmd": "action", "seq": step, "action": x}
                ans_a, ans_b = clone(a_ad).handle(req), clone(b_ad).handle(req)
                return (f"step {step}: {json.dumps(x)} is accepted by "
                        f"{'the fault' if only_b else 'base'} only (base: "
                        f"{'state' if 'state' in ans_a else ans_a.get('refused')}; fault: "
                        f"{'state' if 'state' in ans_b else ans_b.get('refused')})")
            if not la:
                raise RuntimeError(f"step {step}: base has no action and is not over")
            action = _pick(la, rng)
        req = {"cmd": "action", "seq": step, "action": action}
        a, b = a_ad.handle(req), b_ad.handle(req)
        if a != b:
            d = _diff(a, b)
            return f"step {step}: after {json.dumps(action)}: " + "; ".join(d[:4]) + (
                f"; ... ({len(d)} paths)" if len(d) > 4 else "")
        if "state" not in a:
            raise RuntimeError(f"step {step}: base refused its own action: {a}")
    return None


def _adapter_args(ruleset: str) -> tuple[Any, ...]:
    from oracle.resources import data_dir

    if ruleset == "db":
        return (json.loads((data_dir() / "upper-deck.cardset.json").read_text("utf-8")),)
    return (data_dir() / "dcg" / "cards.json",)


def direct_checks(out: Path, only: list[str] | None = None, seeds: int = 10,
                  faults: ModuleType = newcomer6_faults) -> dict[str, str | None]:
    """Build the engines into ``out`` and play each fault (and ``base`` itself, the
    control) against ``base``; fault -> its first difference (None: none in ``seeds``
    games). Prints one line per fault."""
    faults.build(out)
    results: dict[str, str | None] = {}
    for rs, patches in (("db", faults.PATCHES), ("dcg", faults.DCG_PATCHES)):
        base = load_adapter(out / rs / "base", rs, "base")
        for name in patches:
            if only and name not in only and name != "base":
                continue
            fault = load_adapter(out / rs / name, rs, name)
            found = None
            for seed in range(seeds):
                found = first_difference(rs, base, fault, seed)
                if found:
                    found = f"seed {seed}, {found}"
                    break
            results[name] = found
            print(f"{rs} {name}: {found or f'no difference in {seeds} games'}", flush=True)
    return results


def main(argv: list[str]) -> int:
    if "--direct-checks" in argv:
        rest = [x for x in argv if x != "--direct-checks"]
        only = None
        if "--only" in rest:
            only = rest[rest.index("--only") + 1:]
            rest = rest[:rest.index("--only")]
        direct_checks(Path(rest[0] if rest else "/tmp/nc6-direct").resolve(), only)
        return 0
    return newcomer5_run.main(["--faults", "newcomer6_faults", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

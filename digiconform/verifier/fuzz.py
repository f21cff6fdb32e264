"""``digiconform fuzz``: differential games for a time budget, findings as they come, and an
example database shared by every worker.

A campaign plays drawn games in lockstep with the oracle (exactly as ``verify``'s random
games: :func:`~digiconform.verifier.differential.play_lockstep` with the same chooser and
:class:`~digiconform.verifier.differential.Draw`), in rounds of :data:`ROUND_GAMES` games
with new seeds each round, until the
budget is spent. A divergence is *grouped* as ``verify`` groups it (:func:`group_key`: the
clause it is attributed to and what differs); the first of each group is shrunk,
attributed, saved as a trace file and printed at once; later ones only count.

**The example database.** Every finding's game (setup and actions, JSON) is saved in a
Hypothesis example database (:mod:`hypothesis.database`) under one key per ruleset: a
directory (:class:`~hypothesis.database.DirectoryBasedExampleDatabase`) by default, or
Hypothesis's Redis database (:class:`~hypothesis.extra.redis.RedisExampleDatabase`) for a
``redis://host:port`` URL, so that workers on many machines share one. Each worker replays
every game in the database when it starts (all of them, even past the budget) and, between
rounds, every game another worker added since; a game that still diverges is a finding
"from the database". The value stored is the game itself rather than Hypothesis's internal
choice sequence: a game replays on any digiconform version and through any engine, a choice
sequence only with the same strategy code.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROUND_GAMES = 10
"""Games per round (between two looks at the database)."""

FATAL_CODES = ("timeout", "gave-up", "exited", "flood", "replay-failed", "spawn")
"""Implementation errors that end a campaign (the engine is not playing any more)."""

__all__ = ["FuzzError", "Finding", "FuzzResult", "database_key", "fuzz", "group_key",
           "open_database", "parse_duration"]


class FuzzError(Exception):
    """The campaign could not run (bad database URL, the engine did not start)."""


def parse_duration(text: str) -> float:
    """``"90"``, ``"90s"``, ``"10m"``, ``"1h30m"``, ``"1.5h"`` → seconds.

    :raises ValueError: anything else, or zero.
    """
    t = text.strip().lower()
    if re.fullmatch(r"\d+(\.\d+)?", t):
        seconds = float(t)
    else:
        parts = re.findall(r"(\d+(?:\.\d+)?)([hms])", t)
        if not parts or "".join(n + u for n, u in parts) != t:
            raise ValueError(f"not a duration: {text!r} (e.g. 90s, 10m, 1h30m)")
        seconds = sum(float(n) * {"h": 3600, "m": 60, "s": 1}[u] for n, u in parts)
    if seconds <= 0:
        raise ValueError(f"the duration must be positive, got {text!r}")
    return seconds


def open_database(spec: str | Path) -> Any:
    """The example database ``spec`` names: ``redis://host:port[/db]`` or a directory.

    :raises FuzzError: a Redis URL without the ``redis`` package, or Redis not reachable.
    """
    text = str(spec)
    if text.startswith(("redis://", "rediss://", "unix://")):
        try:
            import redis
            from hypothesis.extra.redis import RedisExampleDatabase
        except ImportError as e:  # pragma: no cover - redis is a dependency
            raise FuzzError(f"a Redis database needs the redis package ({e})") from e
        import datetime as _dt

        client = redis.Redis.from_url(text, socket_connect_timeout=5, socket_timeout=30)
        try:
            client.ping()
        except redis.RedisError as e:
            raise FuzzError(f"cannot reach the Redis database {text}: {e}") from e
        # Findings stay until they are fixed, not Hypothesis's default 8 days.
        return RedisExampleDatabase(client, expire_after=_dt.timedelta(days=365))
    from hypothesis.database import DirectoryBasedExampleDatabase

    return DirectoryBasedExampleDatabase(str(text))


def database_key(ruleset: str) -> bytes:
    """The database key the games of ``ruleset`` are saved under."""
    return f"digiconform-fuzz/{ruleset}/games/v1".encode()


def group_key(div: Any) -> str:
    """How findings are grouped: as ``verify`` groups them
    (:func:`~digiconform.verifier.differential.finding_key`: the clause, and what differs),
    as one string (``"DB-C.8 $.players[].score"``)."""
    from digiconform.verifier.differential import finding_key

    return " ".join(finding_key(div))


@dataclass
class Finding:
    """One group of divergences: its first (shrunk) instance and how often it was seen."""

    key: str
    kind: str
    clause: str | None
    message: str
    source: str
    setup: Mapping[str, Any]
    actions: list[Mapping[str, Any]]
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    explanation: str | None = None
    count: int = 1
    seconds: float = 0.0
    trace: str | None = None
    replay: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The finding as JSON (``--findings FILE``)."""
        return {"key": self.key, "kind": self.kind, "clause": self.clause,
                "message": self.message, "source": self.source, "count": self.count,
                "seconds": round(self.seconds, 3), "length": len(self.actions),
                "explanation": self.explanation, "trace": self.trace, "replay": self.replay,
                "differences": [{"path": p, "expected": e, "actual": a}
                                for p, e, a in self.differences],
                "setup": dict(self.setup), "actions": list(self.actions)}


@dataclass
class FuzzResult:
    """What a campaign did."""

    games: int = 0
    steps: int = 0
    rounds: int = 0
    replayed: int = 0
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    stopped: str | None = None
    notes: list[str] = field(default_factory=list)


def _encode(setup: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> bytes:
    return json.dumps({"setup": setup, "actions": list(actions)}, sort_keys=True,
                      separators=(",", ":"), default=str).encode()


def fuzz(command: str, *, budget: float, database: Any, ruleset: str = "digibattle",
         seed: int = 0, timeout: float = 5.0, shrink_seconds: float = 30.0,
         generate: bool = True, max_findings: int | None = None,
         trace_dir: Path | None = Path("digiconform-traces"), poll: float = 1.0,
         on_finding: Callable[[Finding], None] | None = None,
         stats: FuzzResult | None = None, format_date: str | None = None) -> FuzzResult:
    """Run a campaign against the engine started by ``command`` for ``budget`` seconds.

    :param database: an :class:`~hypothesis.database.ExampleDatabase` (:func:`open_database`).
    :param generate: play new games (False: only replay what the database holds, and what
        other workers add to it during the budget).
    :param max_findings: stop after this many groups.
    :param poll: seconds between two looks at the database when not generating.
    :param on_finding: called with each new finding as soon as it is known.
    :param stats: filled in as the campaign goes (for a progress line); returned.
    :param format_date: DCG: added as ``format_date`` to every setup sent (the restricted
        list's date; ``verify --format-date``).
    :raises FuzzError: the engine did not start, or does not offer ``ruleset``.
    """
    from digiconform.harness.driver import ImplementationError, ProtocolDriver
    from digiconform.verifier.differential import (
        Draw,
        _chooser,
        _replayer,
        attribute,
        play_lockstep,
        shrink,
    )
    from digiconform.verifier.games import hooks
    from oracle import variants as registry

    result = stats if stats is not None else FuzzResult()
    t0 = time.monotonic()
    deadline = t0 + budget
    key = database_key(ruleset)
    driver = ProtocolDriver(command, timeout=timeout, format_date=format_date)
    try:
        try:
            ready = driver.ready
        except ImplementationError as e:
            tail = f"\n{e.stderr.rstrip()[-2000:]}" if getattr(e, "stderr", None) else ""
            raise FuzzError(f"the implementation did not start: {e}{tail}") from e
        if ruleset not in ready.rulesets:
            raise FuzzError(f"the implementation does not offer ruleset {ruleset!r} (it "
                            f"offers {list(ready.rulesets)})")
        caps = ready.capabilities
        own = {a.id for a in registry.REGISTRY if a.ruleset == ruleset}
        readings = {k: v for k, v in ready.readings.items() if k in own}
        ambs = [a for a in registry.REGISTRY if a.ruleset == ruleset]
        game_hooks = hooks(ruleset)
        groups: dict[str, Finding] = {}
        seen: set[bytes] = set()
        name = _safe(ready.implementation.name or "impl")

        def enough() -> bool:
            return max_findings is not None and len(result.findings) >= max_findings

        def record(div: Any, source: str, shrunk: bool) -> None:
            try:
                attribute(div)
            except Exception:  # noqa: BLE001 - an unattributed finding is still one
                pass
            gkey = group_key(div)
            if gkey in groups:
                groups[gkey].count += 1
                return
            if div.kind == "errored" and div.code in FATAL_CODES:
                result.stopped = f"the implementation failed: {div.message}"
            elif not shrunk and div.kind != "errored":
                left = max(0.0, min(shrink_seconds, deadline - time.monotonic()))
                try:
                    div, _runs = shrink(driver, div, legal=caps.legal_actions, seconds=left,
                                        seed=seed, default_readings=caps.variants)
                    attribute(div)
                except Exception:  # noqa: BLE001 - keep the unshrunk divergence
                    pass
            finding = Finding(group_key(div), div.kind, div.clause, div.message, source,
                              dict(div.setup), list(div.actions), list(div.differences),
                              div.explanation, seconds=time.monotonic() - t0)
            # Shrinking may land in a group already known: then it is one more of those.
            existing = groups.get(finding.key)
            groups[gkey] = existing or finding
            if existing is not None:
                existing.count += 1
                return
            groups[finding.key] = finding
            value = _encode(div.setup, div.actions)
            seen.add(value)
            if source == "generated" and div.kind != "errored":
                database.save(key, value)
            _save_trace(finding, div, name, command, trace_dir)
            result.findings.append(finding)
            if on_finding is not None:
                on_finding(finding)

        def replay_database(whole: bool = False) -> None:
            for value in sorted(database.fetch(key)):
                if value in seen or enough() or (not whole and time.monotonic() > deadline):
                    continue
                seen.add(value)
                try:
                    doc = json.loads(value)
                    setup, actions = doc["setup"], list(doc["actions"])
                except (ValueError, KeyError, TypeError):
                    continue
                result.replayed += 1
                div = play_lockstep(driver, setup, _replayer(actions),
                                    legal=caps.legal_actions, max_steps=len(actions))
                if div is not None:
                    record(div, "database", shrunk=True)

        replay_database(whole=True)  # what is known is checked whatever the budget
        while time.monotonic() < deadline and not enough() and result.stopped is None:
            if not generate:
                time.sleep(max(0.0, min(poll, deadline - time.monotonic())))
                replay_database()
                continue

            def game(draw: Draw) -> None:
                setup = game_hooks.draw_setup(draw, {})
                if format_date is not None and ruleset == "dcg":
                    setup["format_date"] = format_date
                chosen = dict(readings)
                if caps.variants:
                    for a in ambs:
                        chosen[a.id] = draw.sample(a.reading_names())
                setup["variants"] = chosen
                counter = [0]
                div = play_lockstep(driver, setup, _chooser(draw, game_hooks),
                                    legal=caps.legal_actions, counter=counter)
                result.games += 1
                result.steps += counter[0]
                if div is not None:
                    record(div, "generated", shrunk=False)

            try:
                for i in range(ROUND_GAMES):
                    if time.monotonic() > deadline or enough() or result.stopped:
                        break
                    game(Draw(seed, f"fuzz/{result.rounds}/{i}"))
            except Exception as e:  # noqa: BLE001 - a bug of ours: noted, next round
                result.notes.append(f"round {result.rounds}: {type(e).__name__}: {e}")
            result.rounds += 1
            replay_database()
    except KeyboardInterrupt:  # Ctrl-C: stop, and keep (and print) what was found
        result.stopped = "interrupted (SIGINT)"
    finally:
        driver.close()
        result.seconds = time.monotonic() - t0
    return result


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "impl"


def _save_trace(finding: Finding, div: Any, name: str, command: str,
                trace_dir: Path | None) -> None:
    """Write the finding's trace (when it has one) and set its replay command."""
    from digiconform.verifier.differential import divergence_trace
    from oracle.trace import write_trace

    digest = hashlib.sha1(finding.key.encode()).hexdigest()[:10]
    if trace_dir is not None and div.kind != "errored":
        try:
            trace_dir.mkdir(parents=True, exist_ok=True)
            path = trace_dir / f"fuzz-{name}-{digest}.trace.json"
            write_trace(path, divergence_trace(div, name))
            finding.trace = str(path)
            finding.replay = (f"digiconform replay {shlex.quote(str(path))} "
                              f"--impl {shlex.quote(command)}")
        except Exception:  # noqa: BLE001 - a trace problem must not hide the finding
            finding.trace = None


def describe(n: int, f: Finding) -> list[str]:
    """Console lines for finding number ``n``."""
    where = "replayed from the database" if f.source == "database" else \
        f"found after {f.seconds:.1f} s"
    clause = f.clause or "?"
    what = f.key[len(clause) + 1:] if f.key.startswith(clause + " ") else f.key
    lines = [f"FINDING {n} [{f.clause or '?'}] {what}: {f.message} ({len(f.actions)} "
             f"actions; {where})"]
    if f.explanation:
        lines.append(f"    {f.explanation}")
    for p, e, a in f.differences[:3]:
        lines.append(f"    {p}: oracle {json.dumps(e, default=str)[:80]}, engine "
                     f"{json.dumps(a, default=str)[:80]}")
    if f.replay:
        lines.append(f"    replay: {f.replay}")
    return lines

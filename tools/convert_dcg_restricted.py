#!/usr/bin/env python3
"""Convert the official DCG restricted list into shipped data.

Usage::

    python tools/convert_dcg_restricted.py           # tools/raw/dcg/restricted-list.json ->
                                                     # oracle/data/dcg/restricted-list.json
    python tools/convert_dcg_restricted.py --check   # is the shipped file a fresh conversion?
    python tools/check_rule_copies.py                # is tools/raw/dcg/ still ../shared/data/dcg/?

Reads ``tools/raw/dcg/restricted-list.json`` (a byte-identical copy of the workspace's
``../shared/data/dcg/restricted-list.json``; see ``tools/raw/dcg/RESTRICTED-LIST.md``: the
official English restriction page ``https://world.digimoncard.com/rule/restriction_card/`` as
collected by the public engine Aegis, ``vinicius3333/aegis-digimon-tcg``
``data/kb/banlist.json`` at c5c186fa7) and writes, deterministically,
``oracle/data/dcg/restricted-list.json`` (schema ``schemas/dcg/restricted-list.schema.json``):
every event ``{card, name, status, count, effective, action}`` sorted by effective date and
card, and a ``source`` block with the raw file's SHA-256.

Checks before writing (each failure is a :class:`ConversionError`, exit 1):

- every event has a known status (``restricted`` 1 copy, ``banned`` / ``banned_pair`` 0) and
  action (``restrict``, ``lift``), a valid ISO date, and its count matches its status;
- no card has two events on one date; a ``lift`` lifts a card restricted before it;
- the raw file's own ``current`` table is exactly the list in force on the newest date as
  :mod:`oracle.dcg.restricted` derives it from the events (the same reading the oracle
  applies), card by card: status, count and effective date.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RAW = ROOT / "tools" / "raw" / "dcg" / "restricted-list.json"
OUT = ROOT / "oracle" / "data" / "dcg" / "restricted-list.json"
NAME = "official-en"
COUNTS = {"restricted": 1, "banned": 0, "banned_pair": 0}
ACTIONS = ("restrict", "lift")

JsonDict = dict[str, Any]


class ConversionError(Exception):
    """The raw list is not what the conversion expects."""


def _date(text: Any, where: str) -> str:
    if not isinstance(text, str):
        raise ConversionError(f"{where}: effectiveDate {text!r} is not a string")
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError as e:
        raise ConversionError(f"{where}: effectiveDate {text!r}: {e}") from None


def convert_event(raw: JsonDict, where: str) -> JsonDict:
    """One shipped event from one raw event (``cardId``, ``name``, ``status``, ``count``,
    ``effectiveDate``, ``action``)."""
    status, action, count = raw.get("status"), raw.get("action"), raw.get("count")
    if status not in COUNTS:
        raise ConversionError(f"{where}: unknown status {status!r}")
    if action not in ACTIONS:
        raise ConversionError(f"{where}: unknown action {action!r}")
    if count != COUNTS[status]:
        raise ConversionError(f"{where}: status {status} with count {count!r}")
    for key in ("cardId", "name"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise ConversionError(f"{where}: {key} missing")
    return {"card": raw["cardId"], "name": raw["name"], "status": status, "count": count,
            "effective": _date(raw.get("effectiveDate"), where), "action": action}


def build(raw: JsonDict, raw_bytes: bytes) -> JsonDict:
    """The shipped document from the raw one (checked; see the module docstring)."""
    events = [convert_event(e, f"events[{i}]") for i, e in enumerate(raw["events"])]
    events.sort(key=lambda e: (e["effective"], e["card"], e["action"]))
    seen: set[tuple[str, str]] = set()
    limited: set[str] = set()
    for e in events:
        key = (e["card"], e["effective"])
        if key in seen:
            raise ConversionError(f"{e['card']}: two events on {e['effective']}")
        seen.add(key)
        if e["action"] == "lift":
            if e["card"] not in limited:
                raise ConversionError(f"{e['card']}: lifted on {e['effective']} but not "
                                      "restricted before")
            limited.discard(e["card"])
        else:
            limited.add(e["card"])
    doc = {
        "name": NAME,
        "note": raw.get("about", ""),
        "source": {
            "url": raw["source"],
            "collected_by": "Aegis (vinicius3333/aegis-digimon-tcg), data/kb/banlist.json at "
                            "c5c186fa7",
            "file": "tools/raw/dcg/restricted-list.json (copy of "
                    "../shared/data/dcg/restricted-list.json)",
            "sha256": hashlib.sha256(raw_bytes).hexdigest(),
            "converted_by": "tools/convert_dcg_restricted.py",
        },
        "events": events,
    }
    _check_current(doc, raw.get("current", {}))
    return doc


def _check_current(doc: JsonDict, current: JsonDict) -> None:
    """The raw ``current`` table equals the oracle's list in force on the newest date."""
    sys.path.insert(0, str(ROOT))
    from oracle.dcg.restricted import restricted_list_from_json

    rl = restricted_list_from_json(doc)
    _, limits = rl.in_force(rl.newest)
    ours = {c: (lim.status, lim.count, lim.since) for c, lim in limits.items()}
    theirs = {c: (v["status"], v["count"], v["effectiveDate"]) for c, v in current.items()}
    if ours != theirs:
        diff = sorted(set(ours.items()) ^ set(theirs.items()))
        raise ConversionError(f"the raw 'current' table differs from the events: {diff}")


def dump(doc: JsonDict) -> str:
    """Deterministic JSON text (one event per line, trailing newline)."""
    head = {k: v for k, v in doc.items() if k != "events"}
    lines = json.dumps(head, indent=2, ensure_ascii=False)[:-2]
    body = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in doc["events"])
    return f"{lines},\n  \"events\": [\n{body}\n  ]\n}}\n"


def main(argv: list[str] | None = None) -> int:
    """Convert (default) or ``--check`` the shipped file; returns an exit code."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--src", type=Path, default=RAW)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true",
                    help="compare the shipped file with a fresh conversion; write nothing")
    args = ap.parse_args(argv)
    raw_bytes = args.src.read_bytes()
    try:
        doc = build(json.loads(raw_bytes), raw_bytes)
    except ConversionError as e:
        print(f"convert_dcg_restricted: {e}", file=sys.stderr)
        return 1
    text = dump(doc)
    if args.check:
        if not args.out.is_file() or args.out.read_text(encoding="utf-8") != text:
            print(f"stale (re-run tools/convert_dcg_restricted.py): {args.out}", file=sys.stderr)
            return 1
        print(f"ok: {len(doc['events'])} events match {args.src}")
        return 0
    args.out.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(doc['events'])} events to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``docs/AUDIT.md``, the clause-by-clause audit of the rule texts (issue 13), stays complete:
every clause of ``docs/rules/CLAUSES.md`` has a row (its own, or inside a row's range such as
``DCG-6-4-1 … 6-4-1-3``), and every register entry the audit names is one the register holds
or has retired. Its part "Against the seed's own words" (issue 26) quotes every clause of both
rulesets from its seed file, and each quote must occur there; each silence has one ending, the
tally counts them, and the scenarios and oracle functions it cites exist."""

from __future__ import annotations

import html
import re
from pathlib import Path

from digiconform.ambiguities import RETIRED
from oracle import variants as V

ROOT = Path(__file__).resolve().parent.parent
CLAUSES = (ROOT / "docs" / "rules" / "CLAUSES.md").read_text(encoding="utf-8")
AUDIT = (ROOT / "docs" / "AUDIT.md").read_text(encoding="utf-8")


def _clause_ids() -> list[str]:
    """The clause IDs CLAUSES.md defines, in order (``- **DB-A.0** ...``)."""
    return re.findall(r"^- \*\*((?:DB|DCG)-[0-9A-Za-z.-]+)\*\*", CLAUSES, flags=re.M)


def _audited() -> set[str]:
    """The clause IDs the audit's table rows cover: the first cell, a single ID, ``A / B``
    or a range ``A … B`` of one ruleset's IDs (expanded over CLAUSES.md's order)."""
    order = _clause_ids()
    out: set[str] = set()
    for cell in re.findall(r"^\| ((?:DB|DCG)-[^|]+?) \|", AUDIT, flags=re.M):
        prefix = cell.split("-")[0] + "-"
        if "…" in cell:
            first, last = (p.strip() for p in cell.split("…"))
            last = last if last.startswith(prefix) else prefix + last
            out.update(order[order.index(first):order.index(last) + 1])
        else:
            for part in cell.split("/"):
                part = part.strip()
                out.add(part if part.startswith(prefix) else prefix + part)
    return out


def test_every_clause_has_an_audit_row() -> None:
    ids = _clause_ids()
    assert len(ids) >= 50  # the parser still reads CLAUSES.md
    missing = [c for c in ids if c not in _audited()]
    assert not missing, f"docs/AUDIT.md has no row for {missing}"


def test_the_audit_rows_name_only_clauses_that_exist() -> None:
    unknown = sorted(_audited() - set(_clause_ids()))
    assert not unknown, f"docs/AUDIT.md audits clauses CLAUSES.md does not define: {unknown}"


def test_every_entry_the_audit_names_is_in_the_register_or_retired() -> None:
    known = {a.id for a in V.REGISTRY} | {r.entry.id for r in RETIRED}
    named = set(re.findall(r"\b(?:DB|DCG)-AMB-\d+\b", AUDIT))
    assert named, "the audit names no register entry"
    assert not named - known, f"unknown register entries: {sorted(named - known)}"


# --------------------------------------------------------------------------------------------
# Issue 26: the audit against the seed's own words. Every clause of both rulesets has a
# section ``#### <ID>`` in the part "Against the seed's own words", quoting its seed
# sentence(s) as ``> **NNN** text`` (NNN: the seed file's number in docs/rules/seeds/); each
# quote must occur in that seed file (whitespace normalised), so a quote cannot be invented.
# Every silence the section records is a list item ``- **Silence ...`` that ends in exactly
# one of **decided**, **unreachable**, **entry** or **finding**.

SEEDS_DIR = ROOT / "docs" / "rules" / "seeds"
SEED_PART = "## Against the seed's own words"
#: Which seed files each ruleset's clauses may quote.
SEED_FILES = {"DB": ("000", "001"), "DCG": ("003",)}
ENDINGS = ("**decided**", "**unreachable**", "**entry**", "**finding**")
_QUOTE = re.compile(r"^> \*\*(\d{3})\*\* (.+)$", re.M)
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|])")


def _norm(text: str) -> str:
    return " ".join(text.split())


def _seed_texts() -> dict[str, str]:
    """Seed number (``"001"``) -> the seed file's text, whitespace normalised."""
    out = {}
    for p in sorted(SEEDS_DIR.glob("*.txt")):
        out[p.name[:3]] = _norm(p.read_text(encoding="utf-8"))
    return out


def _seed_part() -> str:
    start = AUDIT.find(SEED_PART)
    assert start >= 0, f"docs/AUDIT.md has no part {SEED_PART!r}"
    return AUDIT[start:]


def _sections() -> dict[str, str]:
    """Clause ID -> the text of its ``#### ID`` section in the seed-words part."""
    part = _seed_part()
    heads = list(re.finditer(r"^#### ((?:DB|DCG)-[0-9A-Za-z.-]+)[ \t]*$", part, flags=re.M))
    out: dict[str, str] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(part)
        body = part[m.end():end]
        nxt = re.search(r"^#{1,3} ", body, flags=re.M)  # (a higher heading ends the section)
        out[m.group(1)] = body[:nxt.start()] if nxt else body
    ids = [m.group(1) for m in heads]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"clauses with two seed-words sections: {twice}"
    return out


def _json_clause_ids() -> list[str]:
    import json

    data = json.loads((ROOT / "digiconform" / "data" / "clauses.json").read_text(encoding="utf-8"))
    return [c["id"] for c in data["clauses"]]


def _silences(section: str) -> list[str]:
    """The silence items of a section: ``- **Silence`` lines with their indented continuations."""
    items: list[str] = []
    current: list[str] | None = None
    for line in section.splitlines():
        if line.startswith("- "):
            current = [line] if line.startswith("- **Silence") else None
            if current is not None:
                items.append("")
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line)
        else:
            current = None
        if current is not None:
            items[-1] = " ".join(s.strip() for s in current)
    return items


def test_the_two_clause_lists_agree() -> None:
    assert sorted(_json_clause_ids()) == sorted(_clause_ids())


def test_every_clause_of_both_rulesets_has_its_seed_sentence_quoted() -> None:
    sections = _sections()
    ids = sorted(set(_clause_ids()) | set(_json_clause_ids()))
    missing = [c for c in ids if c not in sections]
    assert not missing, f"no seed-words section in docs/AUDIT.md for {missing}"
    unknown = sorted(set(sections) - set(ids))
    assert not unknown, f"seed-words sections for clauses that do not exist: {unknown}"
    unquoted = [c for c in ids if not _QUOTE.search(sections[c])]
    assert not unquoted, f"sections that quote no seed sentence: {unquoted}"


def test_every_quote_occurs_in_the_seed_it_names() -> None:
    seeds = _seed_texts()
    assert set(seeds) >= {"000", "001", "003"}
    bad = []
    for clause, body in _sections().items():
        allowed = SEED_FILES[clause.split("-")[0]]
        for number, quote in _QUOTE.findall(body):
            text = _norm(_ESCAPE.sub(r"\1", quote))
            if number not in allowed:
                bad.append(f"{clause}: quotes seed {number}, not one of {allowed}")
            elif len(text) < 8 or text not in seeds[number]:
                bad.append(f"{clause}: not in seed {number}: {text[:80]!r}")
    assert not bad, "\n".join(bad)


def test_a_quote_that_is_not_in_its_seed_is_caught() -> None:
    # The check above can fail: a sentence of one seed is not found in another, and a changed
    # word is not found at all.
    seeds = _seed_texts()
    sentence = "Each turns over the Rookie card on the Duel Zone."
    assert sentence in seeds["001"]
    assert sentence not in seeds["003"]
    assert sentence.replace("Rookie", "Champion") not in seeds["001"]


def test_every_silence_ends_decided_unreachable_entry_or_finding() -> None:
    sections = _sections()
    open_ = []
    bare = []
    for clause, body in sections.items():
        items = _silences(body)
        if not items and "- No silence" not in body:
            bare.append(clause)
        for item in items:
            endings = [e for e in ENDINGS if e in item]
            if len(endings) != 1:
                open_.append(f"{clause}: {item[:90]!r} ends in {endings or 'nothing'}")
    assert not bare, f"sections with neither a silence nor 'No silence': {bare}"
    assert not open_, "\n".join(open_)


def test_the_tally_counts_the_sections() -> None:
    sections = _sections()
    items = [i for body in sections.values() for i in _silences(body)]
    counts = {e.strip("*"): sum(e in i for i in items) for e in ENDINGS}
    m = re.search(r"Tally: (\d+) clauses audited; (\d+) silences: (\d+) decided, (\d+) "
                  r"unreachable, (\d+) entry, (\d+) finding\.", _seed_part())
    assert m, "the seed-words part has no tally line"
    stated = tuple(int(g) for g in m.groups())
    assert stated == (len(sections), len(items), counts["decided"], counts["unreachable"],
                      counts["entry"], counts["finding"])
    for name, prefix in (("Digi-Battle", "DB-"), ("DCG", "DCG-")):
        mine = {c: b for c, b in sections.items() if c.startswith(prefix)}
        its = [i for b in mine.values() for i in _silences(b)]
        line = (f"{name} {len(mine)} clauses, {len(its)} silences ("
                f"{sum('**decided**' in i for i in its)} decided, "
                f"{sum('**unreachable**' in i for i in its)} unreachable, "
                f"{sum('**entry**' in i for i in its)} entry)")
        assert line in _norm(_seed_part()), f"the tally does not say: {line}"
    quiet = sorted((c for c, b in sections.items() if not _silences(b)), key=_clause_ids().index)
    assert f"no silence ({', '.join(quiet)})" in _norm(_seed_part())


_FEATURE_REF = re.compile(r"`([a-z_]+)\.feature` ((?:\"[^\"]+\"(?:, | and |; )?)+)")
_CODE_REF = re.compile(r"`((?:oracle/)?(?:[a-z_]+/)*[a-z_]+\.py)` `([A-Za-z_][A-Za-z0-9_]*)`")
_RULESET_DIR = {"DB": "digibattle", "DCG": "dcg"}


def _code_file(clause: str, name: str) -> Path | None:
    """The source file a section cites as ``name`` (a path, or a short name of its ruleset's
    package, or of ``oracle/``)."""
    for candidate in (ROOT / name,
                      ROOT / "oracle" / _RULESET_DIR[clause.split("-")[0]] / name,
                      ROOT / "oracle" / name):
        if candidate.is_file():
            return candidate
    return None


def test_the_scenarios_the_seed_words_part_cites_exist() -> None:
    bad = []
    cited = 0
    for clause, body in _sections().items():
        folder = ROOT / "features" / _RULESET_DIR[clause.split("-")[0]]
        text = " ".join(body.split())
        for name, titles in _FEATURE_REF.findall(text):
            path = folder / f"{name}.feature"
            if not path.is_file():
                bad.append(f"{clause}: no {path.relative_to(ROOT)}")
                continue
            heads = [m.strip() for m in re.findall(r"^\s*Scenario(?: Outline)?: (.+)$",
                                                   path.read_text(encoding="utf-8"), flags=re.M)]
            for title in re.findall(r"\"([^\"]+)\"", titles):
                title = html.unescape(title)  # (Markdown: "&lt;size&gt;" shows "<size>")
                cited += 1
                prefix = title.rstrip(" …")
                if not any(h == title or (title.endswith("…") and h.startswith(prefix))
                           for h in heads):
                    bad.append(f"{clause}: {name}.feature has no scenario {title!r}")
    assert cited >= 60, f"only {cited} scenario titles found: the pattern no longer reads them"
    assert not bad, "\n".join(bad)


def test_the_code_the_seed_words_part_cites_exists() -> None:
    bad = []
    cited = 0
    for clause, body in _sections().items():
        for name, function in _CODE_REF.findall(body):
            cited += 1
            path = _code_file(clause, name)
            if path is None:
                bad.append(f"{clause}: no source file {name}")
            elif not re.search(rf"^\s*(?:def|class) {function}\b|^{function}\b.*=",
                               path.read_text(encoding="utf-8"), flags=re.M):
                bad.append(f"{clause}: {name} defines no {function}")
    assert cited >= 40, f"only {cited} code references found: the pattern no longer reads them"
    assert not bad, "\n".join(bad)


# --------------------------------------------------------------------------------------------
# The facts the seed-words part's "unreachable" endings rest on, checked against the data and
# (for the Digi-Battle zones) against random games, so that the audit goes stale loudly.


def test_the_card_facts_behind_the_unreachable_silences() -> None:
    from oracle.cards import default_card_set
    from oracle.dcg import cards as dcg_cards

    db = default_card_set()
    names = [c.name for c in db.cards.values()]
    assert len(names) == len(set(names)) == 105  # DB-A.5: serial and name agree
    assert not [n for n in names if n.lower() == "digivolve to champion"]  # DB-B.3n
    # DCG-6-2-1-1, DCG-6-6-1: the effect vocabulary has no trigger on the opponent's turn start
    # or end, so no card set the oracle loads has one.
    assert not [t for t in dcg_cards.TIMINGS if "opponent" in t and t != "opponents_turn"]
    assert "start_of_your_turn" in dcg_cards.TIMINGS and "end_of_your_turn" in dcg_cards.TIMINGS
    effects = [(cid, e) for cid, c in dcg_cards.load_test_only_cards().cards.items()
               for e in c.effects]
    # DCG-6-6-4: every [End of Your Turn] effect of the shipped cards is [Once Per Turn].
    ends = [(cid, e) for cid, e in effects if e.timing == "end_of_your_turn"]
    assert ends and all(e.once_per_turn for _, e in ends)
    # DCG-6-5-1-6: the activated effects are BT1-089's and X-04's, on Tamers; none inherited.
    cards = dcg_cards.load_test_only_cards().cards
    activated = {cid for cid, e in effects if e.timing == "main" and cards[cid].kind != "option"}
    assert activated == {"BT1-089", "X-04"}
    assert all(cards[cid].kind == "tamer" for cid in activated)
    assert not [cid for cid, e in effects if e.timing == "main" and e.inherited]


def test_the_digibattle_zones_the_audit_calls_unreachable_stay_empty(monkeypatch) -> None:
    # DB-C.6, DB-D.2, DB-D.3: at a Duel's end no Digivolve Zone holds a card and no Rookie
    # change waits; at a Regroup draw the player's Power Port and Digivolve Zone are empty and
    # no change waits; at a recycle the player's Digivolve Zone is empty and no change waits.
    # Random games under the readings that move these moments.
    from oracle import selfplay
    from oracle.digibattle import battle, regroup, rules
    from oracle.digibattle.state import Game

    seen = {"end_duel": 0, "draw": 0, "recycle": 0}
    bad: list[tuple] = []
    end_duel, draw, send = battle.end_duel, regroup.draw, regroup._send_board_offline

    def checked_end_duel(tx):
        seen["end_duel"] += 1
        bad.extend(("DB-C.6", i) for i in (0, 1)
                   if tx.ps[i].digivolve_zone or tx.ps[i].pending_rookie)
        return end_duel(tx)

    def checked_draw(tx, a):
        seen["draw"] += 1
        me = tx.ps[a.player]
        if me.power_port or me.digivolve_zone or me.pending_rookie:
            bad.append(("DB-D.2", a.player))
        return draw(tx, a)

    def checked_send(tx, p):
        seen["recycle"] += 1
        if tx.ps[p].digivolve_zone or tx.ps[p].pending_rookie:
            bad.append(("DB-D.3", p))
        return send(tx, p)

    monkeypatch.setattr(battle, "end_duel", checked_end_duel)
    monkeypatch.setattr(regroup, "_send_board_offline", checked_send)
    for key, table in rules._HANDLERS.items():
        if table.get("draw") is draw:
            monkeypatch.setitem(rules._HANDLERS[key], "draw", checked_draw)
    readings = [{}, {"DB-AMB-2": "across"}, {"DB-AMB-2": "partial"}, {"DB-AMB-16": "wait"},
                {"DB-AMB-21": "after-duel"}, {"DB-AMB-9": "at-prepare", "DB-AMB-28": "port"},
                {"DB-AMB-8": "any-level"}, {"DB-AMB-12": "from-hand"}, {"DB-AMB-5": "stays"},
                {"DB-AMB-25": "first-player"}]
    for variants in readings:
        game = Game.default(variants=variants)
        for seed in range(12):
            for _ in selfplay.play(game, seed):
                pass
    assert min(seen.values()) > 50, seen  # (the checks ran)
    assert not bad, bad[:5]


def test_each_quote_comes_from_its_own_clause() -> None:
    # A quote must not only exist but belong to the clause: a DCG clause quotes a sentence
    # numbered with its own number (6-5-1-1 may also quote 6-5-1-1-1 …); a Digi-Battle clause
    # quotes its own part of the Arena rules (A. Set-Up … D. Regroup), or seed 000's Battle
    # section for part C.
    seeds = _seed_texts()
    arena = seeds["001"]
    starts = [arena.index(h) for h in ("A. Set-Up", "B. Digivolve", "C. Battle", "D. Regroup")]
    assert starts == sorted(starts)
    ends = [*starts[1:], len(arena)]
    bounds = {part: (starts[i], ends[i]) for i, part in enumerate("ABCD")}
    bad = []
    for clause, body in _sections().items():
        quotes = [(n, _norm(_ESCAPE.sub(r"\1", q))) for n, q in _QUOTE.findall(body)]
        if clause.startswith("DCG-"):
            number = clause[len("DCG-"):]
            if not any(re.match(rf"{re.escape(number)}(?![0-9])", q) for _, q in quotes):
                bad.append(f"{clause}: no quote numbered {number}")
            continue
        part = clause[len("DB-")]
        for n, q in quotes:
            if n == "000" and part != "C":
                bad.append(f"{clause}: seed 000 is the Battle section only")
            elif n == "001" and not bounds[part][0] <= arena.find(q) < bounds[part][1]:
                bad.append(f"{clause}: {q[:60]!r} is not in part {part} of seed 001")
    assert not bad, "\n".join(bad)

"""The ambiguity register: ``digiconform ambiguities [--ruleset digibattle|dcg|all] [--id ID]
[--format markdown|json]``.

Joins four sources into one document (``docs/AMBIGUITIES.md`` is this module's markdown, one
section per ruleset):

- the registry (:mod:`oracle.variants`), every ruleset: ID, clauses, question, readings,
  default and reason, evidence, a worked example with the outcome under each reading;
- the scenarios tagged ``@DB-AMB-n`` in ``features/digibattle/*.feature`` and ``@DCG-AMB-n`` in
  ``features/dcg/*.feature`` (which readings each one pins down);
- the measurements in ``digiconform/data/divergence.json`` (written by
  ``tools/measure_divergence.py``, Digi-Battle only): divergence rates over random Starter-deck
  games and the minimal divergence traces in ``traces/ambiguities/``;
- :data:`PROPOSED`: ambiguities found but not yet implemented by the oracle, with the rule
  change each reading needs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import click

from oracle import variants as V
from oracle.variants import Ambiguity, Example, Reading

FORMAT = "digiconform-ambiguities/1"
DATA_FILE = Path(__file__).parent / "data" / "divergence.json"
REPLAY = "digiconform replay"

RULESETS: tuple[str, ...] = ("digibattle", "dcg")
"""The rulesets of the register, in the order of the document's sections."""

MEASURED: frozenset[str] = frozenset({"digibattle"})
"""Rulesets that ``tools/measure_divergence.py`` measures (divergence rates and traces)."""

# --------------------------------------------------------------------------------------------
# Proposed ambiguities (found by reading the clauses against each other; not yet selectable)


@dataclass(frozen=True)
class Proposal:
    """An ambiguity the oracle does not implement yet.

    :param entry: the registry entry it would become (same fields as the implemented ones).
    :param changes: ``(reading, what the oracle must do under it)``; the default reading is
        what the oracle does today.
    :param situation: key of ``situations`` in ``digiconform/data/divergence.json``: how often the
        situation in which the readings part arises in random Starter-deck games.
    """

    entry: Ambiguity
    changes: tuple[tuple[str, str], ...]
    situation: str


R, X = Reading, Example

NO_TRACE: Mapping[str, str] = {
    "DB-AMB-22": "The readings part only in a tie against Bakemon ST-45 by an opponent showing "
                 "an Ultimate or Mega over a Champion, which takes a second Duel and equal "
                 "powers: no random game reached it (150 seeds per player policy) and no "
                 "scripted game has been written; the scenarios pin both readings.",
}
"""Implemented entries without a divergence trace, and why (tests/test_ambiguities_register.py
accepts only these)."""

PROPOSED: tuple[Proposal, ...] = ()
"""None left: DB-AMB-19 … 26 were made selectable (oracle/variants.py) or retired."""


@dataclass(frozen=True)
class Retirement:
    """A proposed ambiguity that the text decides after all: the entry as proposed, and why
    it is not a reading the register offers."""

    entry: Ambiguity
    reason: str


RETIRED: tuple[Retirement, ...] = (
    Retirement(
        Ambiguity(
            "DB-AMB-20", "digibattle", ("DB-C.8", "DB-D.6"),
            "After a tie, who goes first: the player who went first in the tied Duel (DB-D.6) or "
            "the winner of the Duel before it (DB-C.8)?",
            (R("went-first", "the player who went first in the tied Duel goes first again"),
             R("previous-winner", "the winner of the Duel before the tied one goes first; if "
                                  "that Duel had no winner either (Duel 1, or a tie), the "
                                  "coin-toss winner")),
            "went-first",
            "DB-D.6 is explicit, and DB-C.8 read as 'the last Duel that had a winner' says the "
            "same.",
            ("seeds/001 C: 'In the event of a tie ... Winner of the previous Duel (or of the "
             "coin toss) goes first in the next Duel.'",
             "seeds/001 D: 'If the last Duel ended in a tie, the player who went first last "
             "time initiates the new Duel.'"),
            title="Who goes first after a tie",
            example=X(
                "My opponent won the coin toss; I won Duel 1; Duels 2 and 3 are ties (I went "
                "first in both).",
                (("went-first", "I go first in Duel 4."),
                 ("previous-winner", "Duel 2, the one before the last tie, had no winner: my "
                                     "opponent, the coin-toss winner, goes first in Duel 4."))),
            note="Can the two texts ever differ? By DB-C.7 the player who goes first in a Duel is "
                 "the winner of the last Duel that had a winner (the coin-toss winner before "
                 "any), and a tie changes nothing; so reading DB-C.8 as 'the last Duel with a "
                 "winner' never differs from DB-D.6. Read literally ('the Duel just before the "
                 "tie'), it differs only after two ties in a row that follow a Duel won by the "
                 "player who lost the coin toss.",
        ),
        "DB-D.6 decides it: 'If the last Duel ended in a tie, the player who went first last "
        "time initiates the new Duel.' It is written for exactly this case, so it rules over "
        "DB-C.8's general 'Winner of the previous Duel (or of the coin toss) goes first', "
        "which, read as 'the last Duel that had a winner', says the same (see the note). The "
        "literal reading of DB-C.8 is not a reading of the rules as a whole: the oracle keeps "
        "DB-D.6 (scenario 'After a tie the winner of the previous Duel goes first again', "
        "features/digibattle/scoring.feature).",
    ),
)


# --------------------------------------------------------------------------------------------
# Sources


def load_measurements(path: Path | None = None) -> dict[str, Any]:
    """``digiconform/data/divergence.json`` (empty when it has not been written yet)."""
    p = path or DATA_FILE
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}


_READING_STEP = re.compile(r'the reading "([a-z0-9-]+)" of ((?:DB|DCG)-AMB-\d+)')


@dataclass(frozen=True)
class ScenarioLink:
    """A scenario that pins down readings of an ambiguity."""

    file: str
    line: int
    name: str
    readings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "name": self.name,
                "readings": list(self.readings)}


def _readings_in(path: Path, line: int, amb_id: str) -> list[str]:
    """Readings of ``amb_id`` a scenario starting at ``line`` sets: the ``reading`` column of
    its Examples, or a ``the reading "r" of ID`` step."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    header: list[str] | None = None
    in_examples = False
    for raw in lines[line:]:
        s = raw.strip()
        if re.match(r"^(Scenario|Scenario Outline|Scenario Template|Example|Rule|Feature):", s) \
                or s.startswith("@"):
            break
        if re.match(r"^(Examples|Scenarios):", s):
            in_examples, header = True, None
            continue
        if in_examples and s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if header is None:
                header = cells
            elif "reading" in header:
                out.append(cells[header.index("reading")])
            continue
        for m in _READING_STEP.finditer(s):
            if m.group(2) == amb_id and "<" not in m.group(1):
                out.append(m.group(1))
    return list(dict.fromkeys(out))


@cache
def _scan(ruleset: str) -> Any:
    from digiconform.clauses import scan_features

    return scan_features(ruleset=ruleset)


def scenarios_for(amb_id: str) -> list[ScenarioLink]:
    """Scenarios tagged ``@<amb_id>`` in ``features/<ruleset>`` (the ambiguity's ruleset:
    ``features/digibattle`` for ``DB-AMB-n``, ``features/dcg`` for ``DCG-AMB-n``), with the
    readings each sets."""
    from digiconform.resources import features_dir

    root = features_dir().parent
    amb = V.BY_ID.get(amb_id)
    ruleset = amb.ruleset if amb else (
        "dcg" if amb_id.startswith("DCG-") else "digibattle")
    links = []
    for s in _scan(ruleset).scenarios:
        if amb_id not in s.tags:
            continue
        try:
            rel = str(s.file.relative_to(root))
        except ValueError:
            rel = s.file.name
        readings = _readings_in(s.file, s.line, amb_id)
        if not readings:  # a scenario that sets no reading runs under the default one
            readings = [amb.default] if amb else []
        links.append(ScenarioLink(rel, s.line, s.name, tuple(readings)))
    return links


# --------------------------------------------------------------------------------------------
# The register as data


def _clause(cid: str) -> dict[str, str]:
    from digiconform.clauses import by_id

    c = by_id().get(cid)
    return {"id": cid, "summary": c.summary if c else ""}


def entry_json(amb: Ambiguity, data: Mapping[str, Any], proposal: Proposal | None = None,
               ) -> dict[str, Any]:
    """One register entry as JSON."""
    d: dict[str, Any] = {
        "id": amb.id, "ruleset": amb.ruleset, "title": amb.title,
        "status": "proposed" if proposal else "implemented",
        "clauses": [_clause(c) for c in amb.clauses], "question": amb.question,
        "readings": [{"name": r.name, "summary": r.summary, "default": r.name == amb.default}
                     for r in sorted(amb.readings, key=lambda r: r.name != amb.default)],
        "default": amb.default, "reason": amb.reason, "evidence": list(amb.evidence),
        "example": ({"situation": amb.example.situation,
                     "outcomes": dict(amb.example.outcomes)} if amb.example else None),
        "note": amb.note or None,
        "within": dict(amb.within) or None,
    }
    if proposal:
        d["oracle_changes"] = dict(proposal.changes)
        sit = (data.get("situations") or {}).get(proposal.situation)
        d["situation_rate"] = sit
        return d
    d["scenarios"] = [s.to_json() for s in scenarios_for(amb.id)]
    if amb.ruleset not in MEASURED:  # no divergence rates or traces for this ruleset
        d["divergence"] = None
        d["trace"] = None
        return d
    pairs = data.get("pairs") or {}
    d["divergence"] = {r: pairs.get(f"{amb.id}={r}") for r in amb.reading_names()[1:]}
    d["trace"] = (data.get("traces") or {}).get(amb.id)
    return d


def register(data: Mapping[str, Any] | None = None, ruleset: str = "all") -> dict[str, Any]:
    """The register as JSON: the entries of ``ruleset`` (``"digibattle"``, ``"dcg"`` or
    ``"all"``), in registry order (Digi-Battle first).

    ``measured`` describes the divergence measurement, which covers the Digi-Battle entries
    only; an entry of an unmeasured ruleset has ``divergence`` and ``trace`` ``null``.
    """
    if ruleset != "all" and ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}")
    data = load_measurements() if data is None else data
    wanted = set(RULESETS) if ruleset == "all" else {ruleset}
    return {
        "format": FORMAT, "ruleset": ruleset,
        "measured": data.get("measured"),
        "ambiguities": [entry_json(a, data) for a in V.REGISTRY if a.ruleset in wanted],
        "proposed": [entry_json(p.entry, data, p) for p in PROPOSED
                     if p.entry.ruleset in wanted],
        "retired": [retired_json(r) for r in RETIRED if r.entry.ruleset in wanted],
    }


def retired_json(r: Retirement) -> dict[str, Any]:
    """A retired proposal as JSON: the entry as it was proposed and why it was retired."""
    amb = r.entry
    return {
        "id": amb.id, "ruleset": amb.ruleset, "title": amb.title, "status": "retired",
        "clauses": [_clause(c) for c in amb.clauses], "question": amb.question,
        "readings": [{"name": x.name, "summary": x.summary, "default": x.name == amb.default}
                     for x in sorted(amb.readings, key=lambda x: x.name != amb.default)],
        "default": amb.default, "reason": amb.reason, "evidence": list(amb.evidence),
        "example": ({"situation": amb.example.situation,
                     "outcomes": dict(amb.example.outcomes)} if amb.example else None),
        "note": amb.note or None, "within": None, "retired_reason": r.reason,
    }


# --------------------------------------------------------------------------------------------
# Markdown


def _pct(x: Mapping[str, Any] | None) -> str:
    if not x:
        return "-"
    r = x["rate"] * 100
    if x["count"] == 0:
        return "0"
    return f"{r:.1f}%" if r >= 0.1 else "<0.1%"


def _esc(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def _val(v: Any) -> str:
    """A value from a state difference, as JSON would write it (lists already shortened)."""
    return f"`{v}`" if isinstance(v, str) and v else f"`{json.dumps(v)}`"


HEAD = """\
# Rule ambiguities

Generated by `digiconform ambiguities --format markdown` from `oracle/variants.py`, the scenarios
in `features/digibattle/` and `features/dcg/` and the measurements in
`digiconform/data/divergence.json`; do not edit by hand. `digiconform ambiguities --ruleset
digibattle|dcg` prints one ruleset's section, `--id ID` one entry, `--format json` the same as
data.
"""

SECTION_TITLES: Mapping[str, str] = {
    "digibattle": "Digi-Battle Arena rules",
    "dcg": "Digimon Card Game (2020), chapter 6",
}

INTRO = """\
<a id="digibattle"></a>

# Digi-Battle Arena rules

Where the rule text (`docs/rules/seeds/`, clause IDs as in `docs/rules/CLAUSES.md`)
can be read in more than one way, the project names every reading, the reference oracle
implements each of them, and a game chooses one per ambiguity: `digiconform play --variant
DB-AMB-6=not-final`, or `"variants": {{"DB-AMB-6": "not-final"}}` in a game's set-up. Unless told
otherwise the oracle uses the default reading given below; a conformance report says which
reading an implementation follows instead of failing it for a reading the text allows.

Each entry gives the question, the readings and what each changes, the default and why, the
evidence, a worked example with the outcome under each reading (the scenarios listed beside it
check those outcomes), how often the choice matters, and a minimal game where the readings
part.

**How often it matters.** {games} random games between the two Starter decks (seeds
{seed_lo}-{seed_hi}, the random players of `digiconform play --seed N`, target 1000; measured
{date}). For each seed the game is played under the default reading, and every action is also
applied, in lockstep, to a copy of the game under the other reading. The game *diverges* at the
first action after which the two states differ (their JSON forms, Digimon Power included) or
that one reading accepts and the other refuses.

- *diverges (default plays)*: share of games with a divergence when the default reading's
  players choose the actions;
- *diverges (other plays)*: the same when the other reading's players choose (this catches a
  reading that only adds options, which the default reading's players never take);
- *actions differ*: share of games in which, before any divergence, the two readings offer
  different legal actions at some point;
- *winner differs*: share of seeds whose winner differs when the game is played out separately
  under each reading. Once two games part, the random players' choices part too, so this says
  how often the reading touches the game at all, not whom it favours.

**Divergence traces.** For each entry, `traces/ambiguities/DB-AMB-n.<reading>.json` holds the
shortest game prefix found (searching seeds with the random players, then shrinking) whose
last action diverges, recorded under each reading (format `schemas/trace.schema.json`). Each
replays cleanly under its own reading (`{replay} FILE`); replaying it under another reading
(`{replay} FILE --variant ID=READING`) stops at the last step.
"""

DCG_INTRO = """\
<a id="dcg"></a>

# Digimon Card Game (2020), chapter 6

Where chapter 6 of the Digimon Card Game comprehensive rules ("Game progression",
`docs/rules/seeds/003_1d503bf6dc315ccc.txt`, clause IDs `DCG-…` as in
`docs/rules/CLAUSES.md`) can be read in more than one way, the project names every reading,
the reference oracle implements each of them, and a game chooses one per ambiguity:
`digiconform play --ruleset dcg --variant DCG-AMB-1=main-phase`, or `"variants": {"DCG-AMB-1":
"main-phase"}` in a DCG game's set-up. Unless told otherwise the oracle uses the default reading
given below; `digiconform verify --ruleset dcg` says which reading an implementation follows
instead of failing it for a reading the text allows.

Each entry gives the question, the readings and what each changes, the default and why, the
evidence, a worked example with the outcome under each reading, and the scenarios in
`features/dcg/` that check those outcomes. In the evidence, "seed n" is rule n of the seed
(in Japanese; the English follows the reading in `CLAUSES.md`); the other keys (CR4.2, GL, QA nnnn,
FAN-EOT, MULL, NOTE2020) are the source keys of `docs/rules/DCG-CONTEXT.md`. The cards
named in the examples are REAL cards of `oracle/data/dcg/cards.json` (real numbers and
printed texts) and, where no real card reaches the position, the nine INVENTED test-only
cards of `oracle/data/dcg/test-only-cards.json` (`X-01`..`X-09`, each saying why).

**Not measured.** The DCG entries have no divergence rates and no divergence traces:
`tools/measure_divergence.py` and `traces/ambiguities/` cover the Digi-Battle rules only. The
scenarios listed under each entry are what shows that the readings part.
"""


def _summary_table(entries: list[Mapping[str, Any]], proposed: list[Mapping[str, Any]],
                   ) -> list[str]:
    out = ["## Summary", "",
           "| ID | ambiguity | readings (default first) | diverges | winner differs |",
           "| --- | --- | --- | --- | --- |"]
    for e in entries:
        names = ", ".join(f"`{r['name']}`" for r in e["readings"])
        div = [v for v in e["divergence"].values() if v]
        state = max((max(v["state"]["rate"], v["state_other"]["rate"]) for v in div),
                    default=None)
        win = max((v["winner"]["rate"] for v in div), default=None)
        out.append(f"| [{e['id']}](#{e['id'].lower()}) | {_esc(e['title'])} | {names} | "
                   f"{'-' if state is None else _pct({'rate': state, 'count': state > 0})} | "
                   f"{'-' if win is None else _pct({'rate': win, 'count': win > 0})} |")
    out += ["", "*diverges*: the larger of the two lockstep divergence rates over the other "
            "readings; *winner differs*: see above.", ""]
    if RETIRED:
        out += ["Retired (decided by the text; see [Retired](#digibattle-retired)): " + ", ".join(
            f"[{r.entry.id}](#{r.entry.id.lower()})" for r in RETIRED
            if r.entry.ruleset == "digibattle") + ".", ""]
    if proposed:
        out += ["Proposed, not yet selectable (see [the end of this section](#digibattle-"
                "proposed)):", "",
                "| ID | ambiguity | readings (default first) | situation arises |",
                "| --- | --- | --- | --- |"]
        for e in proposed:
            names = ", ".join(f"`{r['name']}`" for r in e["readings"])
            out.append(f"| [{e['id']}](#{e['id'].lower()}) | {_esc(e['title'])} | {names} | "
                       f"{_pct(e.get('situation_rate'))} |")
        out += ["", "*situation arises*: share of the random games (default readings) that "
                "reach the situation in which the readings would part.", ""]
    return out


def _unmeasured_summary_table(entries: list[Mapping[str, Any]]) -> list[str]:
    """The summary of a ruleset without divergence measurements: scenarios instead."""
    out = ["## Summary", "",
           "| ID | ambiguity | readings (default first) | scenarios |",
           "| --- | --- | --- | --- |"]
    for e in entries:
        names = ", ".join(f"`{r['name']}`" for r in e["readings"])
        out.append(f"| [{e['id']}](#{e['id'].lower()}) | {_esc(e['title'])} | {names} | "
                   f"{len(e['scenarios'])} |")
    out += ["", "*scenarios*: scenarios tagged with the entry's ID (an outline counts once).",
            ""]
    return out


def _entry_md(e: Mapping[str, Any], games: int | None) -> list[str]:
    out = [f'<a id="{e["id"].lower()}"></a>', "", f"## {e['id']}: {_esc(e['title'])}", "",
           f"**Question.** {e['question']}", ""]
    out.append("Clauses: " + "; ".join(
        f"{c['id']} ({c['summary'].rstrip('.')})" if c["summary"] else c["id"]
        for c in e["clauses"]) + ".")
    out.append("")
    out += ["| reading | what it changes |", "| --- | --- |"]
    for r in e["readings"]:
        tag = " (default)" if r["default"] else ""
        out.append(f"| `{r['name']}`{tag} | {_esc(r['summary'])} |")
    out += ["", f"Why the default: {e['reason']}", ""]
    if e["evidence"]:
        out.append("Evidence:")
        out += [f"- {x}" for x in e["evidence"]]
        out.append("")
    ex = e.get("example")
    if ex:
        out += [f"**Example.** {ex['situation']}", "", "| reading | outcome |", "| --- | --- |"]
        out += [f"| `{r}` | {_esc(o)} |" for r, o in ex["outcomes"].items()]
        out.append("")
    if e.get("note"):
        out += [f"Note: {e['note']}", ""]
    if e.get("within"):
        out += ["Arises only under: " + ", ".join(
            f"{k} = `{v}`" for k, v in e["within"].items()) + " (the measurements, traces "
            "and verdicts for this entry are taken under those readings).", ""]
    if e["status"] == "retired":
        out += [f"**Retired.** {e['retired_reason']}", ""]
        return out
    if e["status"] == "proposed":
        out += ["Rule change per reading (for the oracle):", ""]
        out += [f"- `{r}`: {c}" for r, c in e["oracle_changes"].items()]
        sit = e.get("situation_rate")
        if sit and games:
            out += ["", f"How often the situation arises: in {_pct(sit)} of {games} random "
                        "Starter-deck games (default readings); that is how often the "
                        "readings would part."]
        out.append("")
        return out
    if e["scenarios"]:
        out.append("Scenarios:")
        for s in e["scenarios"]:
            rs = ", ".join(f"`{r}`" for r in s["readings"]) or "-"
            out.append(f"- `{s['file']}:{s['line']}` {_esc(s['name'])} (readings: {rs})")
        out.append("")
    div = e["divergence"]
    if div is None:
        out += ["Divergence rates and traces: none (the divergence measurement covers the "
                "Digi-Battle rules only).", ""]
        return out
    if any(div.values()):
        out += [f"How often it matters ({games} games):", "",
                "| other reading | diverges (default plays) | diverges (other plays) | "
                "actions differ | winner differs | usual Duel of divergence |",
                "| --- | --- | --- | --- | --- | --- |"]
        for r, v in div.items():
            if not v:
                continue
            out.append(f"| `{r}` | {_pct(v['state'])} | {_pct(v['state_other'])} | "
                       f"{_pct(v['options'])} | {_pct(v['winner'])} | "
                       f"{v['median_duel'] if v['median_duel'] is not None else '-'} |")
        out.append("")
        if all(v and v["state"]["count"] == 0 and v["state_other"]["count"] == 0
               for v in div.values()):
            out += ["No random game with the Starter decks diverges: the situation needs cards "
                    "those decks do not hold (see the note and the scenarios above).", ""]
    t = e.get("trace")
    if t:
        out += _trace_md(e, t)
    elif e["id"] in NO_TRACE:
        out += [f"Divergence trace: none. {NO_TRACE[e['id']]}", ""]
    return out


def _trace_md(e: Mapping[str, Any], t: Mapping[str, Any]) -> list[str]:
    files = ", ".join(f"`{f}`" for f in t["files"].values())
    how = ("a scripted position" if t["found_by"].get("scripted") else
           f"seed {t['found_by']['seed']}, {t['found_by']['policy']} players, "
           f"{t['found_by']['steps']} steps before shrinking")
    extra = f", target {t['target']}" if t.get("target", 1000) != 1000 else ""
    extra += ", with a scenario card" if t.get("custom_cards") else ""
    out = [f"Divergence trace: {files} ({t['steps']} steps, Duel {t['duel']}{extra}; {how}). "
           f"At the last step, {t['last_action_text']}:", ""]
    for r, o in t["outcomes"].items():
        if o["outcome"] == "refused":
            out.append(f"- `{r}`: refused ({o['clause']}: {_esc(o['reason'])})")
            continue
        diffs = o.get("differs")
        if diffs:
            shown = "; ".join(f"`{d['path'][2:]}` {_val(d['b'])} instead of {_val(d['a'])}"
                              for d in diffs[:4])
            more = f" (and {len(diffs) - 4} more)" if len(diffs) > 4 else ""
            out.append(f"- `{r}`: applied, and the state differs: {shown}{more}")
        else:
            evs = ", ".join(o.get("events", [])) or "no events"
            out.append(f"- `{r}`: applied ({evs})")
    if t.get("note"):
        out += ["", f"({t['note']})"]
    out.append("")
    return out


def _section_md(ruleset: str, reg: Mapping[str, Any], entries: list[Mapping[str, Any]],
                proposed: list[Mapping[str, Any]]) -> list[str]:
    """One ruleset's section: its introduction, summary, entries and proposals."""
    m = reg.get("measured") or {}
    games = m.get("seeds")
    if ruleset != "digibattle":
        out = [DCG_INTRO, *_unmeasured_summary_table(entries)]
        for e in entries:
            out += _entry_md(e, games)
        return out
    intro = INTRO.format(games=games or "No", seed_lo=(m.get("seed_range") or ["-"])[0],
                         seed_hi=(m.get("seed_range") or ["-", "-"])[-1],
                         date=m.get("date", "-"), replay=REPLAY)
    # (a selection of retired entries only, `--id DB-AMB-20`: no empty summary table)
    out = [intro, *(_summary_table(entries, proposed) if entries or proposed else [])]
    for e in entries:
        out += _entry_md(e, games)
    retired = [e for e in reg.get("retired", []) if e.get("ruleset") == ruleset]
    if retired:
        out += ['<a id="digibattle-retired"></a>', "",
                "# Retired Digi-Battle proposals", "",
                "Proposed as ambiguities, then found to be decided by the text; kept here "
                "with the reason, so that the question is not raised again.", ""]
        for e in retired:
            out += _entry_md(e, games)
    if proposed:
        out += ['<a id="digibattle-proposed"></a>', "",
                "# Proposed Digi-Battle ambiguities (not yet selectable)", "",
                "Found by reading the clauses against each other. The oracle does the default "
                "reading of each today; the other readings need the rule changes listed, after "
                "which the entry moves into the registry, gets its scenarios and is measured "
                "like the others.", ""]
        for e in proposed:
            out += _entry_md(e, games)
    return out


def markdown(reg: Mapping[str, Any] | None = None) -> str:
    """The register as markdown (``docs/AMBIGUITIES.md``): a section per ruleset that has
    entries in ``reg`` (every ruleset of the register when it is not filtered)."""
    reg = register() if reg is None else reg
    sections = []
    for rs in RULESETS:
        entries = [e for e in reg["ambiguities"] if e.get("ruleset", "digibattle") == rs]
        proposed = [e for e in reg["proposed"] if e.get("ruleset", "digibattle") == rs]
        retired = [e for e in reg.get("retired", []) if e.get("ruleset") == rs]
        if entries or proposed or retired:
            sections.append((rs, entries, proposed))
    out = [HEAD]
    if len(sections) > 1:
        out += ["Sections:", ""]
        for rs, entries, _ in sections:
            ids = [e["id"] for e in entries]
            span = f"{ids[0]} … {ids[-1]}" if len(ids) > 1 else "".join(ids)
            out.append(f"- [{SECTION_TITLES[rs]}](#{rs}): {span}")
        out.append("")
    for rs, entries, proposed in sections:
        out += _section_md(rs, reg, entries, proposed)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip() + "\n"


# --------------------------------------------------------------------------------------------
# Command


@click.command("ambiguities")
@click.option("--ruleset", type=click.Choice([*RULESETS, "all"]), default="all",
              show_default=True, help="Only this ruleset's entries (a section per ruleset).")
@click.option("--id", "ids", multiple=True, metavar="ID",
              help="Only these entries, e.g. DB-AMB-6 or DCG-AMB-1 (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["markdown", "json"]), default="markdown",
              show_default=True, help="Output format.")
def ambiguities_command(ruleset: str, ids: tuple[str, ...], fmt: str) -> None:
    """Print the ambiguity register: readings, default and why, evidence, an example with the
    outcome under each reading, scenarios, divergence rates and traces (Digi-Battle only)."""
    reg = register(ruleset=ruleset)
    if ids:
        known = {e["id"] for e in reg["ambiguities"] + reg["proposed"] + reg["retired"]}
        unknown = [i for i in ids if i not in known]
        if unknown:
            where = "" if ruleset == "all" else f" in ruleset {ruleset}"
            raise click.BadParameter(f"unknown ambiguity {', '.join(unknown)}{where}",
                                     param_hint="--id")
        reg = {**reg, "ambiguities": [e for e in reg["ambiguities"] if e["id"] in ids],
               "proposed": [e for e in reg["proposed"] if e["id"] in ids],
               "retired": [e for e in reg["retired"] if e["id"] in ids]}
    if fmt == "json":
        click.echo(json.dumps(reg, indent=2, ensure_ascii=False))
    else:
        click.echo(markdown(reg), nl=False)

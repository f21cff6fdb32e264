#!/usr/bin/env python3
"""Convert the saved Upper Deck Digi-Battle card pages into digiconform's shipped card data.

Usage::

    python tools/convert_upper_deck.py tools/raw/upper-deck oracle/data

(``tools/raw/upper-deck/`` is the project's copy of the raw card files; see
``tools/check_rule_copies.py``.)

Reads the YAML front matter of every file in ``<src>/cards/`` and the two structure-deck files
in ``<src>/decks/`` (plus ``<src>/oddities/`` for card notes and ``<src>/SOURCE.md`` for the
commit each file was read at) and writes:

- ``<out>/upper-deck.cardset.json`` (format ``digiconform-card-set/1``)
- ``<out>/decks/starter-1.deck.json`` and ``<out>/decks/starter-2.deck.json``
  (format ``digiconform-deck/1``)

Card effects are mapped to a CLOSED effect vocabulary by the explicit per-serial tables below.
Each table row repeats the printed text, so a changed text fails conversion instead of being
silently re-interpreted. A card whose text has no row is written with ``"supported": false``.
Anything else that cannot be parsed (digivolve requirements, unknown fields) raises
:class:`ConversionError`. The output is deterministic.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

CARD_SET_FORMAT = "digiconform-card-set/1"
DECK_FORMAT = "digiconform-deck/1"
CARD_SET_ID = "upper-deck-st-bo1"
CARD_SET_NAME = "Digi-Battle (Upper Deck, 2000): Starter Set and Booster Set 1"
REPOSITORY = "wiredjohn/digi-battle.com"
COLLECTED = "2026-11-29"
CONVERTED_BY = "tools/convert_upper_deck.py"

LEVELS = ("Rookie", "Champion", "Ultimate", "Mega")
BATTLE_TYPES = ("Red", "Green", "Yellow")
ABILITIES = ("Fly", "Swim", "Dig")
SETS = {"ST": ("Starter Set", 62), "BO": ("Booster Set 1", 54)}
SET_ORDER = ("ST", "BO")

SERIAL_RE = re.compile(r"^(ST|BO)-(\d{2})$")
TRIBUTE_COST_RE = re.compile(r"^offline (\d+) cards?$")

JsonDict = dict[str, Any]


class ConversionError(Exception):
    """The raw card data has a shape this converter does not understand."""


# ---------------------------------------------------------------------------------------------
# Effect tables (closed vocabulary). Keyed by serial; each row asserts the printed text.
# ---------------------------------------------------------------------------------------------

_SEND_OFFLINE_AT_END = "Send this card Offline at end of Duel."
_UNTIL_VOIDED = "Effect applies until voided by opponent or sent Offline by you."
_DIGIVOLVE_PHASE = "Use this card only during Digivolve Phase."

#: Restriction texts that map to a restriction tag. Texts not listed here are descriptive and
#: stay only in ``restriction_texts`` (they must be listed in DESCRIPTIVE_RESTRICTIONS).
RESTRICTION_TAGS: Mapping[str, str] = {
    _DIGIVOLVE_PHASE: "digivolve_phase_only",
    "Do not use this card with a Rookie on Duel Zone.": "not_with_rookie_showing",
    "Do not use this card with a Rookie in your Duel Zone.": "not_with_rookie_showing",
    "This card can not be used after opponent passes.": "not_after_opponent_passes",
    "You may only use one of these cards per Duel.": "once_per_duel",
}
DESCRIPTIVE_RESTRICTIONS: frozenset[str] = frozenset(
    {
        _SEND_OFFLINE_AT_END,
        _UNTIL_VOIDED,
        "This effect applies to any player's Digimon.",
    }
)


def _digivice_text(colours: str, zone: str = "Digivolve Zone") -> str:
    return (
        "Use this card when required to Digivolve to an Ultimate or Mega with Battle Type "
        f"{colours}. Place this card face down on Power Port when placing next-level Digimon "
        f"face down on {zone}."
    )


def _digivice_row(colours: str, battle_types: list[str], zone: str = "Digivolve Zone") -> JsonDict:
    for colour in battle_types:
        if f"({colour.upper()})" not in colours:
            raise AssertionError(f"digivice table row: {colour} not in {colours!r}")
    return {
        "text": _digivice_text(colours, zone),
        "restriction_texts": [_DIGIVOLVE_PHASE],
        "effects": [{"kind": "digivice", "battle_types": battle_types}],
        "use_requirements": [],
        "restrictions": ["digivolve_phase_only"],
    }


#: Power Options: printed text, printed restriction texts, and their meaning.
POWER_OPTION_TABLE: Mapping[str, JsonDict] = {
    "BO-45": {  # Aquatic Attack
        "text": 'Your Digimon acquires Special Ability "Swim", and adds 20 points to your '
        "Digimon Power.",
        "restriction_texts": [_UNTIL_VOIDED],
        "effects": [
            {"kind": "grant_ability", "ability": "Swim"},
            {"kind": "add_power", "amount": 20},
        ],
        "use_requirements": [],
        "restrictions": [],
    },
    "ST-52": {  # Blitz
        "text": "If you lose the Duel, send opponent's top three Online cards Offline.",
        "restriction_texts": [_SEND_OFFLINE_AT_END],
        "effects": [{"kind": "mill_opponent_on_loss", "count": 3}],
        "use_requirements": [],
        "restrictions": [],
    },
    "BO-52": {  # Bomb Dive
        "text": "When confronting an opponent with Battle Type (Green) or (Yellow), add 100 "
        "points to your Digimon Power until end of Duel. To use this card, you need Special "
        'Ability "Fly".',
        "restriction_texts": [_SEND_OFFLINE_AT_END],
        "effects": [
            {
                "kind": "add_power",
                "amount": 100,
                "when": {"opponent_battle_type": ["Green", "Yellow"]},
            }
        ],
        "use_requirements": [{"kind": "own_ability", "ability": "Fly"}],
        "restrictions": [],
    },
    "BO-44": {  # Coral Rip
        "text": 'When confronting an opponent with Special Ability "Swim", add 50 points to '
        "your Digimon Power.",
        "restriction_texts": [_UNTIL_VOIDED],
        "effects": [{"kind": "add_power", "amount": 50, "when": {"opponent_ability": "Swim"}}],
        "use_requirements": [],
        "restrictions": [],
    },
    "ST-54": {  # Counter Attack
        "text": "When confronting an opponent of a higher Digivolve Level, double the number of "
        "your Digimon Power until end of Duel.",
        "restriction_texts": [
            "Do not use this card with a Rookie on Duel Zone.",
            _SEND_OFFLINE_AT_END,
        ],
        "effects": [
            {"kind": "multiply_power", "factor": 2, "when": {"opponent_higher_level": True}}
        ],
        "use_requirements": [],
        "restrictions": ["not_with_rookie_showing"],
    },
    "BO-54": {  # Depth Charge
        "text": "When confronting an opponent with Battle Type (Red), reduce by half the number "
        "of your opponent's Digimon Power until end of Duel. To use this card, you need "
        'Special Ability "Swim".',
        "restriction_texts": [_SEND_OFFLINE_AT_END],
        "effects": [
            {
                "kind": "divide_opponent_power",
                "divisor": 2,
                "when": {"opponent_battle_type": ["Red"]},
            }
        ],
        "use_requirements": [{"kind": "own_ability", "ability": "Swim"}],
        "restrictions": [],
    },
    "ST-58": {  # Digi-Duel
        "text": "If you win the Duel, double your Score. To use this card, send three of your "
        "Online cards Offline.",
        "restriction_texts": [
            "This card can not be used after opponent passes.",
            "You may only use one of these cards per Duel.",
            "Do not use this card with a Rookie in your Duel Zone.",
            _SEND_OFFLINE_AT_END,
        ],
        "effects": [{"kind": "double_score_on_win"}],
        "use_requirements": [{"kind": "online_to_offline", "count": 3}],
        "restrictions": ["not_after_opponent_passes", "once_per_duel", "not_with_rookie_showing"],
    },
    "BO-53": {  # Digiruption
        "text": "When confronting an opponent with Battle Type (Green), double the number of "
        "your Digimon Power until end of Duel. To use this card, you need Special Ability "
        '"Dig".',
        "restriction_texts": [_SEND_OFFLINE_AT_END],
        "effects": [
            {"kind": "multiply_power", "factor": 2, "when": {"opponent_battle_type": ["Green"]}}
        ],
        "use_requirements": [{"kind": "own_ability", "ability": "Dig"}],
        "restrictions": [],
    },
    # Digivices. ST-59 is printed with "Digivolve-Zone" (hyphen); the others "Digivolve Zone".
    "ST-59": _digivice_row("(RED)", ["Red"], zone="Digivolve-Zone"),
    "ST-60": _digivice_row("(GREEN) or (YELLOW)", ["Green", "Yellow"]),
    "ST-61": _digivice_row("(RED) or (GREEN)", ["Red", "Green"]),
    "ST-62": _digivice_row("(YELLOW)", ["Yellow"]),
    "ST-57": {  # Downgrade
        "text": "Downgrade either your champion or your opponent's Champion to Rookie. Place "
        "this card on Power Port and send either your Champion or your opponent's Champion "
        "Offline. To use this card, send one card from your hand Offline.",
        "restriction_texts": ["This effect applies to any player's Digimon."],
        "effects": [{"kind": "downgrade_champion"}],
        "use_requirements": [{"kind": "discard_from_hand", "count": 1}],
        "restrictions": [],
    },
    "ST-53": {  # Metal Attack
        "text": "Add 50 points to your Digimon Power. To use this card, send one card from your "
        "hand Offline.",
        "restriction_texts": [_SEND_OFFLINE_AT_END],
        "effects": [{"kind": "add_power", "amount": 50}],
        "use_requirements": [{"kind": "discard_from_hand", "count": 1}],
        "restrictions": [],
    },
    "ST-56": {  # Ultra Digivolve
        "text": "Digivolve any Digimon to next Level, regardless of Digivolve Requirements. "
        "Place this card face down on Power Port and place next-level Digimon face down on "
        "Digivolve Zone. To use this card, send the rest of your hand Offline.",
        "restriction_texts": [_DIGIVOLVE_PHASE],
        "effects": [{"kind": "ultra_digivolve"}],
        "use_requirements": [{"kind": "discard_rest_of_hand"}],
        "restrictions": ["digivolve_phase_only"],
    },
}

_SCORE_300 = [{"kind": "score_on_digivolve", "points": 300}]

#: Digimon with a printed special effect: serial -> (printed text, effects).
DIGIMON_EFFECT_TABLE: Mapping[str, tuple[str, list[JsonDict]]] = {
    "ST-15": (  # Nanimon
        "Send 1 card from opponent's Online to Offline when this Digimon wins.",
        [{"kind": "mill_opponent_on_win", "count": 1}],
    ),
    "ST-33": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # HerculesKabuterimon
    "ST-34": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # SaberLeomon
    "ST-40": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # Pukumon
    "ST-45": (  # Bakemon
        "Send opponent's Digimon offline when Duel ends in a tie.",
        [{"kind": "opponent_digimon_offline_on_tie"}],
    ),
    "BO-17": ("Score 300 points when Digivolving to this Digimon.", _SCORE_300),  # Magnadramon
    # MetalEtemon: misprint "Digivolving this Digimon" (oddity metaletemon-broken-mechanic).
    "BO-27": ("Score 300 when Digivolving this Digimon.", _SCORE_300),
    "BO-34": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # MarineAngemon
    "BO-35": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # MetalSeadramon
    "BO-40": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # SkullMammothmon
    "BO-41": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # Boltmon
    "BO-42": ("Score 300 when Digivolving to this Digimon.", _SCORE_300),  # Piedmon
}

# ---------------------------------------------------------------------------------------------
# Structure decks and the substitutions that make them playable.
# ---------------------------------------------------------------------------------------------

DECKS: Sequence[JsonDict] = (
    {
        "id": "starter-1",
        "file": "starter-set-battle-deck-hand-1.md",
        "printed_name": "Starter Set - Battle Deck Hand #1",
        "substitutions": {"ST-50": "ST-53", "ST-51": "ST-54", "ST-55": "ST-57"},
    },
    {
        "id": "starter-2",
        "file": "starter-set-battle-deck-hand-2.md",
        "printed_name": "Starter Set - Battle Deck Hand #2",
        "substitutions": {"ST-49": "ST-52"},
    },
)
DECK_SIZE = 30


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


def read_front_matter(path: Path) -> tuple[JsonDict, str]:
    """Return (front matter mapping, Markdown body) of a Jekyll file."""
    text = path.read_text(encoding="utf-8")
    parts = text.split("---\n", 2)
    if len(parts) != 3 or parts[0] != "":
        raise ConversionError(f"{path}: no YAML front matter between '---' lines")
    data = yaml.safe_load(parts[1])
    if not isinstance(data, dict):
        raise ConversionError(f"{path}: front matter is not a mapping")
    return data, parts[2]


def serial_key(serial: str) -> tuple[int, int]:
    """Sort key: Starter Set first, then Booster Set 1, each by number."""
    m = SERIAL_RE.match(serial)
    if not m:
        raise ConversionError(f"unexpected serial {serial!r}")
    return SET_ORDER.index(m.group(1)), int(m.group(2))


def _one_line(text: str) -> str:
    """Collapse Markdown/HTML to one plain line."""
    text = re.sub(r"<a [^>]*>(.*?)</a>", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return " ".join(text.split())


def read_source_commits(source_md: Path) -> tuple[list[str], dict[str, str]]:
    """Parse SOURCE.md: the commit hashes in order, and repository path -> commit.

    The per-commit sections list repository paths; the ``cards/...`` file added afterwards is
    recorded in prose ("was added afterwards from the same repository (commit `...`)").
    """
    text = source_md.read_text(encoding="utf-8")
    commits: list[str] = []
    by_path: dict[str, str] = {}
    for m in re.finditer(
        r"^### `([0-9a-f]{40})` \(\d+ files\)\n+(.*?)(?=\n#|\Z)", text, re.M | re.S
    ):
        commit = m.group(1)
        commits.append(commit)
        for path in re.findall(r"`(_upper_deck_[a-z_]+/[^`]+\.md)`", m.group(2)):
            by_path[path] = commit
    for m in re.finditer(
        r"`cards/([^`]+\.md)` was added afterwards from the same repository\s*\(commit\s*"
        r"`([0-9a-f]{40})`\)",
        text,
    ):
        by_path[f"_upper_deck_cards/{m.group(1)}"] = m.group(2)
        if m.group(2) not in commits:
            commits.append(m.group(2))
    if not commits:
        raise ConversionError(f"{source_md}: no commit sections found")
    return commits, by_path


def read_oddities(oddities_dir: Path) -> dict[str, list[str]]:
    """Return serial -> one-line notes quoting each oddity file that names the serial."""
    notes: dict[str, list[str]] = {}
    for path in sorted(oddities_dir.glob("*.md")):
        data, body = read_front_matter(path)
        for serial in data.get("affected_cards") or []:
            note = (
                f"Oddity ({data['oddity_type']}, {REPOSITORY} "
                f"_upper_deck_oddities/{path.name}): {_one_line(body)}"
            )
            notes.setdefault(serial, []).append(note)
    return notes


# ---------------------------------------------------------------------------------------------
# Converting one card
# ---------------------------------------------------------------------------------------------


def _level_word(word: str) -> str | None:
    for level in LEVELS:
        if word.strip().upper() == level.upper():
            return level
    return None


def convert_requirement(serial: str, req: Mapping[str, Any]) -> JsonDict:
    """Convert one printed digivolution-requirement alternative; raise if not understood."""
    kind = req.get("type")
    c1, c2, c3 = req.get("criteria1"), req.get("criteria2"), req.get("criteria3")
    if set(req) != {"type", "criteria1", "criteria2", "criteria3"}:
        raise ConversionError(f"{serial}: unexpected requirement fields {sorted(req)}")
    if c3 is not None:
        raise ConversionError(f"{serial}: requirement has criteria3 {c3!r}: {dict(req)}")
    if not isinstance(c1, str) or not c1.strip():
        raise ConversionError(f"{serial}: requirement without criteria1: {dict(req)}")
    if kind == "Tribute":
        m = TRIBUTE_COST_RE.match(c2 or "")
        if not m or _level_word(c1):
            raise ConversionError(f"{serial}: cannot parse Tribute requirement {dict(req)}")
        return {"kind": "tribute", "from": c1, "offline": int(m.group(1))}
    if kind == "Standard":
        if c2 != "Digivice" or _level_word(c1):
            raise ConversionError(f"{serial}: cannot parse Standard requirement {dict(req)}")
        return {"kind": "digivice", "from": c1}
    if kind == "DNA":
        partners: list[JsonDict] = []
        for word in (c1, c2):
            if not isinstance(word, str) or not word.strip():
                raise ConversionError(f"{serial}: DNA requirement needs two partners {dict(req)}")
            level = _level_word(word)
            partners.append({"level": level} if level else {"name": word})
        return {"kind": "dna", "partners": partners}
    raise ConversionError(f"{serial}: unknown requirement type {kind!r}: {dict(req)}")


def _unsupported(text: str | None) -> JsonDict:
    return {
        "supported": False,
        "unsupported_reason": f"effect text not in the effect vocabulary: {text}",
    }


def _require(serial: str, data: Mapping[str, Any], field: str, allowed: Iterable[Any]) -> Any:
    value = data.get(field)
    allowed = tuple(allowed)
    if value not in allowed:
        raise ConversionError(f"{serial}: {field}={value!r}, expected one of {allowed}")
    return value


def convert_digimon(data: Mapping[str, Any], set_name: str) -> JsonDict:
    """Convert the front matter of a Digimon card."""
    serial = data["serial_code"]
    level = _require(serial, data, "level", LEVELS)
    battle_type = _require(serial, data, "battle_type", BATTLE_TYPES)
    power: JsonDict = {}
    attacks: JsonDict = {}
    for colour in BATTLE_TYPES:
        value = data.get(f"attack_{colour.lower()}_power")
        name = data.get(f"attack_{colour.lower()}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConversionError(f"{serial}: bad attack_{colour.lower()}_power {value!r}")
        if not isinstance(name, str) or not name:
            raise ConversionError(f"{serial}: bad attack_{colour.lower()} {name!r}")
        power[colour] = value
        attacks[colour] = name
    ability = data.get("special_ability")
    abilities = [] if ability is None else [a.strip() for a in str(ability).split(",")]
    for a in abilities:
        if a not in ABILITIES:
            raise ConversionError(f"{serial}: unknown special ability {a!r}")
    score: JsonDict = {}
    for lv in LEVELS:
        value = data.get(f"score_{lv.lower()}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ConversionError(f"{serial}: bad score_{lv.lower()} {value!r}")
        score[lv] = value
    raw_reqs = data.get("digivolution_requirements")
    if level == "Rookie":
        if raw_reqs:
            raise ConversionError(f"{serial}: Rookie with digivolution requirements {raw_reqs!r}")
        reqs: list[JsonDict] = []
    else:
        if not raw_reqs or not isinstance(raw_reqs, list):
            raise ConversionError(f"{serial}: {level} without digivolution requirements")
        reqs = [convert_requirement(serial, r) for r in raw_reqs]

    text = data.get("special_effect")
    support: JsonDict = {"supported": True, "unsupported_reason": None}
    effects: list[JsonDict] = []
    if text is not None:
        row = DIGIMON_EFFECT_TABLE.get(serial)
        if row is None:
            support = _unsupported(text)
        else:
            expected, row_effects = row
            if text != expected:
                raise ConversionError(
                    f"{serial}: printed text changed; table has {expected!r}, data has {text!r}"
                )
            effects = json.loads(json.dumps(row_effects))
    elif serial in DIGIMON_EFFECT_TABLE:
        raise ConversionError(f"{serial}: table has an effect but the card has no text")

    return {
        "serial": serial,
        "name": data["name"],
        "kind": "digimon",
        "set": set_name,
        "rarity": data["rarity"],
        "level": level,
        "battle_type": battle_type,
        "power": power,
        "attacks": attacks,
        "special_abilities": abilities,
        "score": score,
        "digivolve_requirements": reqs,
        "effects": effects,
        "text": text,
        "description": data.get("digimon_description"),
        "digimon_type": data.get("digimon_type"),
        **support,
    }


def convert_power_option(data: Mapping[str, Any], set_name: str) -> JsonDict:
    """Convert the front matter of a Power Option card."""
    serial = data["serial_code"]
    option_type = _require(serial, data, "power_option_type", ("POWER BLAST", "DIGIVOLVE"))
    text = data.get("special_effect")
    restriction_texts = list(data.get("power_option_restrictions") or [])
    if not isinstance(text, str) or not text:
        raise ConversionError(f"{serial}: Power Option without printed text")
    for field in ("level", "battle_type", "digivolution_requirements", "special_ability"):
        if data.get(field) is not None:
            raise ConversionError(f"{serial}: Power Option has Digimon field {field}")
    card: JsonDict = {
        "serial": serial,
        "name": data["name"],
        "kind": "power_option",
        "set": set_name,
        "rarity": data["rarity"],
        "option_type": option_type,
        "text": text,
        "restriction_texts": restriction_texts,
        "effects": [],
        "use_requirements": [],
        "restrictions": [],
    }
    row = POWER_OPTION_TABLE.get(serial)
    if row is None:
        card.update(_unsupported(text))
        return card
    if text != row["text"]:
        raise ConversionError(
            f"{serial}: printed text changed; table has {row['text']!r}, data has {text!r}"
        )
    if restriction_texts != row["restriction_texts"]:
        raise ConversionError(
            f"{serial}: printed restrictions changed; table has {row['restriction_texts']!r}, "
            f"data has {restriction_texts!r}"
        )
    tags = []
    for rt in restriction_texts:
        if rt in RESTRICTION_TAGS:
            if RESTRICTION_TAGS[rt] not in tags:
                tags.append(RESTRICTION_TAGS[rt])
        elif rt not in DESCRIPTIVE_RESTRICTIONS:
            raise ConversionError(f"{serial}: restriction text not understood: {rt!r}")
    if sorted(tags) != sorted(row["restrictions"]):
        raise ConversionError(f"{serial}: restriction tags {tags} != table {row['restrictions']}")
    card["effects"] = json.loads(json.dumps(row["effects"]))
    card["use_requirements"] = json.loads(json.dumps(row["use_requirements"]))
    card["restrictions"] = list(row["restrictions"])
    card.update({"supported": True, "unsupported_reason": None})
    return card


def convert_card(data: Mapping[str, Any], notes: Sequence[str] = ()) -> JsonDict:
    """Convert one card's front matter to the card-set card form."""
    serial = data.get("serial_code")
    if not isinstance(serial, str):
        raise ConversionError(f"card without serial_code: {data.get('name')!r}")
    prefix = serial_key(serial)[0]
    set_name = SETS[SET_ORDER[prefix]][0]
    if data.get("set") != set_name:
        raise ConversionError(f"{serial}: set {data.get('set')!r}, expected {set_name!r}")
    if data.get("card_id", serial) != serial:
        raise ConversionError(f"{serial}: card_id {data.get('card_id')!r} differs from serial")
    card_type = data.get("card_type")
    if card_type == "Digimon":
        card = convert_digimon(data, set_name)
    elif card_type == "Power Option":
        card = convert_power_option(data, set_name)
    else:
        raise ConversionError(f"{serial}: unknown card_type {card_type!r}")
    if notes:
        card["notes"] = list(notes)
    return card


# ---------------------------------------------------------------------------------------------
# Card set and decks
# ---------------------------------------------------------------------------------------------


def _missing_reason(serial: str, printed_in: Sequence[str]) -> str:
    reason = (
        "Power Option whose card file could not be found in the stored copy of "
        f"{REPOSITORY} (file names are <name-slug>-<serial>.md and the folder listing was cut "
        "off before them), so its name and text are unknown"
    )
    if printed_in:
        reason += (
            "; printed in "
            + " and ".join(printed_in)
            + ", replaced in the shipped deck (see its substitutions)"
        )
    return reason


def build_card_set(src: Path) -> tuple[JsonDict, dict[str, JsonDict]]:
    """Return (card set, deck id -> deck) converted from the saved source tree ``src``."""
    commits, commit_by_path = read_source_commits(src / "SOURCE.md")
    notes = read_oddities(src / "oddities")

    cards: list[JsonDict] = []
    for path in sorted((src / "cards").glob("*.md")):
        data, _body = read_front_matter(path)
        serial = data.get("serial_code")
        repo_path = f"_upper_deck_cards/{path.name}"
        if data.get("slug") and f"{data['slug']}.md" != path.name:
            raise ConversionError(f"{path}: slug {data['slug']!r} does not match file name")
        if repo_path not in commit_by_path:
            raise ConversionError(f"{path}: no commit recorded in SOURCE.md for {repo_path}")
        cards.append(convert_card(data, notes.get(serial, ())))
    cards.sort(key=lambda c: serial_key(c["serial"]))
    serials = [c["serial"] for c in cards]
    if len(set(serials)) != len(serials):
        raise ConversionError("duplicate serials in cards/")

    expected = [f"{p}-{n:02d}" for p in SET_ORDER for n in range(1, SETS[p][1] + 1)]
    extra = sorted(set(serials) - set(expected), key=serial_key)
    if extra:
        raise ConversionError(f"cards outside ST-01..ST-62/BO-01..BO-54: {extra}")
    missing_serials = [s for s in expected if s not in set(serials)]
    source_text = (src / "SOURCE.md").read_text(encoding="utf-8")
    for s in missing_serials:
        if s not in source_text:
            raise ConversionError(f"{s} is missing from cards/ but SOURCE.md does not mention it")

    raw_decks: dict[str, JsonDict] = {}
    for spec in DECKS:
        data, _ = read_front_matter(src / "decks" / spec["file"])
        if data.get("name") != spec["printed_name"]:
            raise ConversionError(f"{spec['file']}: name {data.get('name')!r} changed")
        raw_decks[spec["id"]] = data
    printed_in = {
        s: [spec["printed_name"] for spec in DECKS if s in raw_decks[spec["id"]]["cards"]]
        for s in missing_serials
    }
    missing = [{"serial": s, "reason": _missing_reason(s, printed_in[s])} for s in missing_serials]

    deck_paths = [f"_upper_deck_decks/{spec['file']}" for spec in DECKS]
    card_set: JsonDict = {
        "format": CARD_SET_FORMAT,
        "id": CARD_SET_ID,
        "name": CARD_SET_NAME,
        "source": {
            "repository": REPOSITORY,
            "paths": [
                "_upper_deck_cards/<name-slug>-<serial>.md "
                f"({len(cards)} files: Starter Set ST-01..ST-62 and Booster Set 1 BO-01..BO-54, "
                "less the serials under 'missing'; holo-chase ST-xxS variants not used)",
                *deck_paths,
                "_upper_deck_oddities/<slug>.md (card notes)",
            ],
            "commits": commits,
            "collected": COLLECTED,
            "converted_by": CONVERTED_BY,
            "notes": (
                "Converted from the YAML front matter of the site's Jekyll card pages; field "
                "values are kept as printed (including misprints, quoted in each card's "
                "'notes'). Effects are mapped to the closed effect vocabulary by explicit "
                "per-serial tables in the converter. The shipped decks are playable "
                "reconstructions of the two Starter Set structure decks with recorded "
                "substitutions for cards listed under 'missing'."
            ),
        },
        "missing": missing,
        "cards": cards,
    }

    by_serial = {c["serial"]: c for c in cards}
    decks = {
        spec["id"]: build_deck(
            spec, raw_decks[spec["id"]], by_serial, missing_serials, commit_by_path
        )
        for spec in DECKS
    }
    return card_set, decks


def build_deck(
    spec: Mapping[str, Any],
    raw: Mapping[str, Any],
    by_serial: Mapping[str, JsonDict],
    missing_serials: Sequence[str],
    commit_by_path: Mapping[str, str],
) -> JsonDict:
    """Build one playable deck from the printed list, applying the recorded substitutions."""
    printed = list(raw["cards"])
    if len(printed) != DECK_SIZE or len(set(printed)) != DECK_SIZE:
        raise ConversionError(f"{spec['file']}: expected {DECK_SIZE} distinct serials")
    subs: Mapping[str, str] = spec["substitutions"]
    for serial in printed:
        if serial not in by_serial and serial not in subs:
            raise ConversionError(f"{spec['id']}: {serial} unknown and has no substitution")
    substitutions = []
    for old, new in subs.items():
        if old not in printed or old not in missing_serials:
            raise ConversionError(f"{spec['id']}: substitution for {old}, not a missing card")
        card = by_serial.get(new)
        if (
            card is None
            or card["kind"] != "power_option"
            or card["set"] != "Starter Set"
            or not card["supported"]
        ):
            raise ConversionError(f"{spec['id']}: {new} is not a supported Starter Power Option")
        if new in printed:
            raise ConversionError(f"{spec['id']}: {new} is already in the printed deck")
        substitutions.append(
            {
                "printed": old,
                "used": new,
                "reason": (
                    f"{old}'s name and text are not in any source reachable here (see card set "
                    "'missing'); replaced by a known Starter Set Power Option not already in "
                    f"this deck ({new} {card['name']})"
                ),
            }
        )
    used = sorted((subs.get(s, s) for s in printed), key=serial_key)
    if len(set(used)) != DECK_SIZE:
        raise ConversionError(f"{spec['id']}: substitutions made duplicate serials")
    if not any(by_serial[s].get("level") == "Rookie" for s in used):
        raise ConversionError(f"{spec['id']}: no Rookie")
    path = f"_upper_deck_decks/{spec['file']}"
    if path not in commit_by_path:
        raise ConversionError(f"no commit recorded in SOURCE.md for {path}")
    return {
        "format": DECK_FORMAT,
        "id": spec["id"],
        "name": f"{spec['printed_name']} (playable reconstruction)",
        "card_set": CARD_SET_ID,
        "cards": used,
        "printed_cards": printed,
        "substitutions": substitutions,
        "source": {
            "repository": REPOSITORY,
            "path": path,
            "commit": commit_by_path[path],
            "collected": COLLECTED,
            "converted_by": CONVERTED_BY,
        },
    }


def dump_json(obj: Any) -> str:
    """Serialise as shipped: 2-space indent, key order kept, UTF-8, trailing newline."""
    return json.dumps(obj, indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def write_outputs(src: Path, out: Path) -> list[Path]:
    """Convert ``src`` and write the card set and decks under ``out``; return written paths."""
    card_set, decks = build_card_set(src)
    written = []
    (out / "decks").mkdir(parents=True, exist_ok=True)
    target = out / "upper-deck.cardset.json"
    target.write_text(dump_json(card_set), encoding="utf-8", newline="\n")
    written.append(target)
    for deck_id, deck in decks.items():
        target = out / "decks" / f"{deck_id}.deck.json"
        target.write_text(dump_json(deck), encoding="utf-8", newline="\n")
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=Path, help="saved source tree (…/digibattle/upper-deck)")
    parser.add_argument("out", type=Path, help="output data directory (oracle/data)")
    args = parser.parse_args(argv)
    try:
        written = write_outputs(args.src, args.out)
    except ConversionError as exc:
        print(f"convert_upper_deck: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

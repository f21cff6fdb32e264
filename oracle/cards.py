"""Digi-Battle card model, card sets and decks.

Cards are frozen values identified by their serial (``"ST-01"``). A :class:`CardSet` maps
serials to cards; a :class:`Deck` is 30 serials of one card set. Both are read from the
project's JSON data (``oracle/data``), whose format is ``schemas/card-set.schema.json`` and
``schemas/deck.schema.json``.

Rule sources: DB-A.0 (30-card deck), DB-A.1 (a Rookie to start), DB-A.4 (Battle Type and power
chart), DB-A.5 (no duplicates in a custom deck), DB-B.3 (Digivolve Requirements), DB-C.2 (Power
Option Use Requirements), DB-C.5 (SCORE chart).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.errors import IllegalActionError, InvalidInputError, UnsupportedError

LEVELS: tuple[str, ...] = ("Rookie", "Champion", "Ultimate", "Mega")
"""Digivolve levels in order (DB-B.3, DB-C.5)."""

BATTLE_TYPES: tuple[str, ...] = ("Red", "Green", "Yellow")
"""The three Battle Types (DB-A.4)."""

ABILITIES: tuple[str, ...] = ("Fly", "Swim", "Dig")
"""Special Abilities printed on Digimon and checked by some Power Options."""

EFFECT_KINDS: frozenset[str] = frozenset(
    {
        # Power Option effects
        "add_power", "multiply_power", "divide_opponent_power", "grant_ability",
        "mill_opponent_on_loss", "double_score_on_win", "downgrade_champion", "digivice",
        "ultra_digivolve",
        # Digimon special effects
        "score_on_digivolve", "opponent_digimon_offline_on_tie", "mill_opponent_on_win",
    }
)
"""The closed effect vocabulary. A card whose text needs anything else is unsupported."""

USE_REQUIREMENT_KINDS: frozenset[str] = frozenset(
    {"discard_from_hand", "online_to_offline", "own_ability", "discard_rest_of_hand"}
)
RESTRICTIONS: frozenset[str] = frozenset(
    {"digivolve_phase_only", "not_with_rookie_showing", "not_after_opponent_passes",
     "once_per_duel"}
)


def level_index(level: str) -> int:
    """Position of ``level`` in :data:`LEVELS` (Rookie = 0 … Mega = 3)."""
    return LEVELS.index(level)


@dataclass(frozen=True, slots=True)
class Condition:
    """When an effect applies (checked from the card owner's point of view).

    Exactly one field is set: the opponent's Battle Type is one of ``opponent_battle_type``,
    the opponent has Special Ability ``opponent_ability``, or (``opponent_higher_level``) the
    opponent's Digimon is of a higher Digivolve level.
    """

    opponent_battle_type: tuple[str, ...] = ()
    opponent_ability: str | None = None
    opponent_higher_level: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """One entry of the effect vocabulary (:data:`EFFECT_KINDS`); unused fields stay default."""

    kind: str
    amount: int = 0
    factor: int = 1
    divisor: int = 1
    ability: str | None = None
    count: int = 0
    points: int = 0
    battle_types: tuple[str, ...] = ()
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class UseRequirement:
    """A Power Option Use Requirement (DB-C.2): ``kind`` in :data:`USE_REQUIREMENT_KINDS`."""

    kind: str
    count: int = 0
    ability: str | None = None


@dataclass(frozen=True, slots=True)
class Partner:
    """A DNA Digivolve partner: a Digimon ``name`` or any Digimon of ``level`` (DB-B.3)."""

    name: str | None = None
    level: str | None = None

    def matches(self, card: DigimonCard) -> bool:
        """True when ``card`` is this partner (by name, or by level for a level word)."""
        if self.name is not None:
            return card.name == self.name
        return card.level == self.level


@dataclass(frozen=True, slots=True)
class Requirement:
    """One printed Digivolve Requirement option (DB-B.3); any one option is enough.

    ``kind`` is ``"tribute"`` (digivolve from ``source`` by sending ``offline`` cards
    Offline), ``"digivice"`` (digivolve from ``source`` with a DIGIVICE of the new Digimon's
    Battle Type) or ``"dna"`` (the two ``partners``: one on the Duel Zone, one from hand).
    """

    kind: str
    source: str | None = None
    offline: int = 0
    partners: tuple[Partner, ...] = ()


@dataclass(frozen=True, slots=True)
class DigimonCard:
    """A Digimon card (DB-A.4, DB-B.3, DB-C.5). ``power`` maps an opponent's Battle Type to
    this card's Digimon Power; ``score`` maps a defeated Digimon's level to points."""

    serial: str
    name: str
    level: str
    battle_type: str
    power: Mapping[str, int]
    score: Mapping[str, int]
    special_abilities: tuple[str, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str | None = None
    supported: bool = True
    unsupported_reason: str | None = None
    kind: str = field(default="digimon", init=False)
    level_index: int = field(default=0, init=False)
    """0 for a Rookie … 3 for a Mega (derived from ``level``)."""
    # Derived once from ``requirements`` (the card is frozen, so they never go stale; they
    # are left out of ``==`` and ``repr``): what :meth:`names` looks up on the hot path.
    _named: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    _named_levels: frozenset[str] = field(
        default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "level_index", LEVELS.index(self.level))
        # A requirement names ``base`` by its ``source`` name, or through a DNA partner that
        # matches it (Partner.matches: by name, or by level when the partner has no name).
        object.__setattr__(self, "_named", frozenset(
            [r.source for r in self.requirements if r.source is not None]
            + [p.name for r in self.requirements for p in r.partners if p.name is not None]))
        object.__setattr__(self, "_named_levels", frozenset(
            p.level for r in self.requirements for p in r.partners
            if p.name is None and p.level is not None))

    def names(self, base: DigimonCard) -> bool:
        """True when one of this card's requirements names ``base`` (DB-B.0): a requirement's
        source is ``base``'s name, or a DNA partner matches ``base`` (:meth:`Partner.matches`).
        """
        return base.name in self._named or base.level in self._named_levels


@dataclass(frozen=True, slots=True)
class PowerOptionCard:
    """A Power Option card (DB-C.1, DB-C.2): ``option_type`` is ``"POWER BLAST"`` or
    ``"DIGIVOLVE"``."""

    serial: str
    name: str
    option_type: str
    effects: tuple[Effect, ...] = ()
    use_requirements: tuple[UseRequirement, ...] = ()
    restrictions: tuple[str, ...] = ()
    text: str | None = None
    supported: bool = True
    unsupported_reason: str | None = None
    kind: str = field(default="power_option", init=False)
    # The kinds of ``effects``, derived once (the card is frozen; left out of ``==``/``repr``).
    _effect_kinds: frozenset[str] = field(
        default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_effect_kinds", frozenset(e.kind for e in self.effects))

    def has_effect(self, kind: str) -> bool:
        """True when one of the card's effects is of ``kind``."""
        return kind in self._effect_kinds


Card = DigimonCard | PowerOptionCard


@dataclass(frozen=True)
class CardSet:
    """Cards by serial, with the set's ID and its raw JSON (kept for traces and protocol)."""

    id: str
    cards: Mapping[str, Card]
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def __getitem__(self, serial: str) -> Card:
        return self.cards[serial]

    def __contains__(self, serial: object) -> bool:
        return serial in self.cards


@dataclass(frozen=True)
class Deck:
    """A deck: ``cards`` is the tuple of serials (30 for the Arena rules, DB-A.0)."""

    id: str
    name: str
    cards: tuple[str, ...]
    substitutions: tuple[Mapping[str, str], ...] = ()
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)


# --------------------------------------------------------------------------------------------
# Loading. Structural validation against the JSON Schemas happens first (oracle.validation);
# the checks here are the semantic ones the schema cannot express.


def _req(d: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in d:
        raise InvalidInputError(f"{path}.{key}", "required field is missing")
    return d[key]


def _condition(d: Mapping[str, Any] | None) -> Condition | None:
    if d is None:
        return None
    return Condition(
        opponent_battle_type=tuple(d.get("opponent_battle_type", ())),
        opponent_ability=d.get("opponent_ability"),
        opponent_higher_level=bool(d.get("opponent_higher_level", False)),
    )


def _effect(d: Mapping[str, Any], path: str) -> Effect:
    kind = _req(d, "kind", path)
    if kind not in EFFECT_KINDS:
        raise InvalidInputError(f"{path}.kind", f"unknown effect kind {kind!r}")
    return Effect(
        kind=kind,
        amount=int(d.get("amount", 0)),
        factor=int(d.get("factor", 1)),
        divisor=int(d.get("divisor", 1)),
        ability=d.get("ability"),
        count=int(d.get("count", 0)),
        points=int(d.get("points", 0)),
        battle_types=tuple(d.get("battle_types", ())),
        when=_condition(d.get("when")),
    )


def card_from_json(d: Mapping[str, Any], path: str = "$") -> Card:
    """Build a card from its JSON object (``schemas/card.schema.json``).

    :raises InvalidInputError: a field is missing or has an impossible value; ``path`` names it.
    """
    if not isinstance(d, Mapping):
        raise InvalidInputError(path, f"expected an object, found {type(d).__name__}")
    kind = _req(d, "kind", path)
    serial = _req(d, "serial", path)
    name = _req(d, "name", path)
    effects = tuple(
        _effect(e, f"{path}.effects[{i}]") for i, e in enumerate(d.get("effects", ()))
    )
    supported = bool(d.get("supported", True))
    reason = d.get("unsupported_reason")
    if kind == "digimon":
        level = _req(d, "level", path)
        if level not in LEVELS:
            raise InvalidInputError(f"{path}.level", f"expected one of {LEVELS}, found {level!r}")
        btype = _req(d, "battle_type", path)
        if btype not in BATTLE_TYPES:
            raise InvalidInputError(
                f"{path}.battle_type", f"expected one of {BATTLE_TYPES}, found {btype!r}"
            )
        power = _req(d, "power", path)
        score = _req(d, "score", path)
        for t in BATTLE_TYPES:
            if not isinstance(power.get(t), int) or isinstance(power.get(t), bool):
                raise InvalidInputError(f"{path}.power.{t}", "expected an integer Digimon Power")
        for lv in LEVELS:
            if not isinstance(score.get(lv), int) or isinstance(score.get(lv), bool):
                raise InvalidInputError(f"{path}.score.{lv}", "expected an integer score")
        reqs = []
        for i, r in enumerate(d.get("digivolve_requirements", ())):
            rpath = f"{path}.digivolve_requirements[{i}]"
            rk = _req(r, "kind", rpath)
            if rk == "tribute":
                reqs.append(Requirement("tribute", source=_req(r, "from", rpath),
                                        offline=int(_req(r, "offline", rpath))))
            elif rk == "digivice":
                reqs.append(Requirement("digivice", source=_req(r, "from", rpath)))
            elif rk == "dna":
                parts = _req(r, "partners", rpath)
                if len(parts) != 2:
                    raise InvalidInputError(f"{rpath}.partners", "expected exactly 2 partners")
                reqs.append(Requirement("dna", partners=tuple(
                    Partner(name=p.get("name"), level=p.get("level")) for p in parts)))
            else:
                raise InvalidInputError(f"{rpath}.kind", f"unknown requirement kind {rk!r}")
        if level != "Rookie" and not reqs:
            raise InvalidInputError(
                f"{path}.digivolve_requirements", f"a {level} needs at least one requirement"
            )
        return DigimonCard(
            serial=serial, name=name, level=level, battle_type=btype,
            power={t: power[t] for t in BATTLE_TYPES}, score={lv: score[lv] for lv in LEVELS},
            special_abilities=tuple(d.get("special_abilities", ())), requirements=tuple(reqs),
            effects=effects, text=d.get("text"), supported=supported, unsupported_reason=reason,
        )
    if kind == "power_option":
        otype = _req(d, "option_type", path)
        if otype not in ("POWER BLAST", "DIGIVOLVE"):
            raise InvalidInputError(f"{path}.option_type", f"unknown option type {otype!r}")
        ureqs = []
        for i, u in enumerate(d.get("use_requirements", ())):
            upath = f"{path}.use_requirements[{i}]"
            uk = _req(u, "kind", upath)
            if uk not in USE_REQUIREMENT_KINDS:
                raise InvalidInputError(f"{upath}.kind", f"unknown use requirement {uk!r}")
            ureqs.append(UseRequirement(uk, count=int(u.get("count", 0)), ability=u.get("ability")))
        restr = tuple(d.get("restrictions", ()))
        for i, r in enumerate(restr):
            if r not in RESTRICTIONS:
                raise InvalidInputError(f"{path}.restrictions[{i}]", f"unknown restriction {r!r}")
        return PowerOptionCard(
            serial=serial, name=name, option_type=otype, effects=effects,
            use_requirements=tuple(ureqs), restrictions=restr, text=d.get("text"),
            supported=supported, unsupported_reason=reason,
        )
    raise InvalidInputError(f"{path}.kind", f"expected 'digimon' or 'power_option', found {kind!r}")


def card_set_from_json(d: Mapping[str, Any]) -> CardSet:
    """Build a :class:`CardSet` from its JSON document.

    :raises InvalidInputError: with the JSON path of the first problem found.
    """
    from oracle.validation import validate

    validate(d, "card-set")
    cards: dict[str, Card] = {}
    for i, c in enumerate(d["cards"]):
        card = card_from_json(c, f"$.cards[{i}]")
        if card.serial in cards:
            raise InvalidInputError(f"$.cards[{i}].serial", f"duplicate serial {card.serial}")
        cards[card.serial] = card
    return CardSet(id=d["id"], cards=cards, raw=d)


def deck_from_json(d: Mapping[str, Any]) -> Deck:
    """Build a :class:`Deck` from its JSON document (not yet checked against a card set).

    :raises InvalidInputError: with the JSON path of the first problem found.
    """
    from oracle.validation import validate

    validate(d, "deck")
    return Deck(
        id=d["id"], name=d.get("name", d["id"]), cards=tuple(d["cards"]),
        substitutions=tuple(d.get("substitutions", ())), raw=d,
    )


def check_deck(deck: Deck | Sequence[str], card_set: CardSet, *, path: str = "$") -> None:
    """Check that a deck is playable under the Arena rules with ``card_set``.

    :raises IllegalActionError: ``DB-A.0`` (not 30 cards), ``DB-A.5`` (duplicates),
        ``DB-A.1`` (no Rookie to start with).
    :raises InvalidInputError: a serial that is not in the card set (path ``$.cards[i]``).
    :raises UnsupportedError: a card whose effect is outside the effect vocabulary.
    """
    serials = deck.cards if isinstance(deck, Deck) else tuple(deck)
    for i, s in enumerate(serials):
        if s not in card_set:
            raise InvalidInputError(f"{path}.cards[{i}]", f"unknown card {s!r} in {card_set.id}")
        card = card_set[s]
        if not card.supported:
            raise UnsupportedError(s, f"{card.name}: {card.unsupported_reason}")
    if len(serials) != 30:
        raise IllegalActionError("DB-A.0", f"a deck needs 30 cards, this one has {len(serials)}")
    dupes = sorted({s for s in serials if serials.count(s) > 1})
    if dupes:
        raise IllegalActionError("DB-A.5", f"a deck may not hold duplicates: {', '.join(dupes)}")
    if not any(isinstance(card_set[s], DigimonCard) and card_set[s].level == "Rookie"
               for s in serials):
        raise IllegalActionError("DB-A.1", "a deck needs at least one Rookie to start with")


def load_json(path: str | Path, schema: str | None = None) -> Any:
    """Read a JSON file through the input layer (:func:`oracle.inputs.read_json`: a regular
    file within the size limit, UTF-8, bounded nesting and numbers; validated against
    ``schema`` when one is named).

    :raises InvalidInputError: unreadable or special file, not UTF-8, invalid JSON, or not
        valid under ``schema``.
    """
    from oracle.inputs import read_json

    return read_json(path, schema)


def _data_dir() -> Path:
    return Path(__file__).parent / "data"


_DEFAULT_SET: CardSet | None = None


def default_card_set() -> CardSet:
    """The shipped Upper Deck Starter Set + Booster 1 card set (loaded once)."""
    global _DEFAULT_SET
    if _DEFAULT_SET is None:
        _DEFAULT_SET = card_set_from_json(load_json(_data_dir() / "upper-deck.cardset.json"))
    return _DEFAULT_SET


def default_decks() -> tuple[Deck, Deck]:
    """The two shipped Starter structure decks (with their recorded substitutions)."""
    d = _data_dir() / "decks"
    return (deck_from_json(load_json(d / "starter-1.deck.json")),
            deck_from_json(load_json(d / "starter-2.deck.json")))

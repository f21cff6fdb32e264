"""DCG card model, the closed effect vocabulary, and card-set / deck loading.

The default card set ``dcg-real`` (``oracle/data/dcg/cards.json``, converted from
``tools/raw/dcg/cards.json`` by ``tools/convert_dcg.py``) holds REAL Digimon Card Game
cards under their real numbers, names, stats and complete printed texts. Each card is a frozen
:class:`Card`; its whole text is a tuple of frozen :class:`Effect` from a small closed
vocabulary (timings x actions x conditions below), or the card is marked unsupported
(``supported`` False, ``unsupported`` the reason) and refused in a deck. Anything outside the
vocabulary is refused with :class:`~oracle.errors.InvalidInputError` when the set is loaded,
so the rules never meet an effect they cannot process. The nine INVENTED test-only cards
(``oracle/data/dcg/test-only-cards.json``, IDs ``X-nn``) are only in the card set
``dcg-real+test-only`` (:func:`load_test_only_cards`).

Deck rules (CR4.2 "Deck construction"): a main deck of exactly 50 cards, a Digi-Egg deck of
0-5 cards, at most 4 copies of a card number in each. A deck that breaks them raises
:class:`DeckConstructionError`: an illegal deck, refused like the Digi-Battle deck rules
(``"kind": "illegal"``, clause ``CR4.2 Deck construction``), which also names the part of the
deck at fault. A malformed deck (a missing field, an unknown card) is invalid input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from oracle.errors import IllegalActionError, InvalidInputError, UnsupportedError
from oracle.inputs import read_json, shipped_name

__all__ = [
    "ACTIONS",
    "KINDS",
    "TARGETED",
    "TIMINGS",
    "UNTIL",
    "DECK_CONSTRUCTION",
    "Card",
    "CardSet",
    "CardTables",
    "DeckConstructionError",
    "DeckList",
    "DigivolveCondition",
    "Effect",
    "CONDITIONS",
    "REAL_SET",
    "TEST_ONLY_SET",
    "card_set_from_json",
    "deck_from_json",
    "load_cards",
    "load_deck",
    "load_test_only_cards",
]

#: Card kinds (CR4.2 "Card types").
KINDS = ("digi-egg", "digimon", "tamer", "option")
#: Effect timings of the closed vocabulary.
TIMINGS = (
    "start_of_your_turn",  # [Start of Your Turn]  (DCG-6-2-1-1)
    "start_of_your_main_phase",  # [Start of Your Main Phase]
    "end_of_your_turn",  # [End of Your Turn]  (DCG-6-6)
    "on_play",  # [On Play]
    "when_attacking",  # [When Attacking]
    "main",  # [Main]: an activated effect (DCG-6-5-1-6) or an Option's use (DCG-6-5-1-3)
    "your_turn",  # [Your Turn]: a continuous effect
    "opponents_turn",  # [Opponent's Turn]: a continuous effect
    "security",  # [Security]: resolves when revealed by a security check (CR4.2 Security checks)
    "when_digivolving",  # [When Digivolving]: triggers when the card is digivolved onto
    "when_blocked",  # "When this Digimon is blocked" (CR4.2 Blocking; MetalGreymon ST1-09)
    "always",  # a keyword that is always on: <Blocker>, <Security Attack +n>
)
#: Effect actions of the closed vocabulary. ``dp``: a continuous DP modifier (``scope``
#: "self", "your_digimon" or "your_black_digimon"); ``play_self``: [Security] "play this card
#: without paying its memory cost"; ``hatch`` / ``move``: BT1-089's [Main] (CR4.2 Hatching,
#: Moving) paid by suspending the card (``cost: "suspend_self"``).
#: The ST-1/ST-2 vocabulary (issue 25): ``blocker`` (<Blocker>, CR4.2 Blocking),
#: ``security_attack`` (<Security Attack +value>, ``per_sources``: for every that many
#: digivolution cards), ``unsuspend_self``; the targeted actions (``target`` says whose
#: Digimon are chosen, ``count``/``up_to``/``max_dp``/``max_level``/``target_condition`` which
#: and how many): ``dp_boost`` (+value DP ``until``), ``delete``, ``bounce`` (to its owner's
#: hand, the digivolution cards trashed), ``trash_sources`` (the bottom ``value`` digivolution
#: cards), ``no_attack_block`` (can't attack or block ``until``), ``play_source`` (play a
#: Digimon digivolution card of one of your Digimon without paying its cost); and the
#: untargeted ``security_dp`` (your Security Digimon get +value DP ``until``),
#: ``security_attack_all`` (your Digimon gain <Security Attack +value> ``until``),
#: ``activate_main`` ([Security] "Activate this card's [Main] effect").
ACTIONS = ("gain_memory", "lose_memory", "set_memory_if_at_most", "turn_end_threshold", "dp",
           "play_self", "hatch", "move",
           "blocker", "security_attack", "unsuspend_self", "dp_boost", "delete", "bounce",
           "trash_sources", "no_attack_block", "play_source", "security_dp",
           "security_attack_all", "activate_main")
#: The actions that choose Digimon (``target``: ``"your_digimon"`` or ``"opponent_digimon"``).
TARGETED = frozenset(("dp_boost", "delete", "bounce", "trash_sources", "no_attack_block",
                      "play_source"))
#: How long a lasting effect lasts (CR4.2 durations): ``turn`` to the end of this turn,
#: ``opponents_next_turn`` / ``your_next_turn`` to the end of that turn (the owner's
#: opponent's next turn, the owner's next turn).
UNTIL = ("turn", "opponents_next_turn", "your_next_turn")
TARGET_CONDITIONS = ("no_sources",)
#: Conditions an effect may carry ("If ...", "While ...", "when battling ..."), each read by
#: :func:`oracle.dcg.effects.condition_holds`.
CONDITIONS = (
    "self_4_sources",  # this Digimon has 4 or more digivolution cards (ST1-01)
    "battling_digimon_without_sources",  # battling an opponent's Digimon with none (ST2-01)
    "opponent_has_digimon_without_sources",  # ST2-12
    "you_have_tamer",  # LM-008
    "self_text_has_angoramon",  # this Digimon has [Angoramon] in its text (LM-008)
    "you_have_level_5_green_digimon",  # a level 5 or higher green Digimon in play (BT1-089)
)
SCOPES = ("self", "your_digimon", "your_black_digimon")
#: The default card set (real cards) and the real cards plus the test-only ones.
REAL_SET = "dcg-real"
TEST_ONLY_SET = "dcg-real+test-only"

DECK_SIZE = 50
MAX_EGGS = 5
MAX_COPIES = 4

_DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "dcg"

#: The clause of the deck rules (a rule outside chapter 6, cited by its CR4.2 title).
DECK_CONSTRUCTION = "CR4.2 Deck construction"


class DeckConstructionError(IllegalActionError, InvalidInputError):
    """A deck that breaks CR4.2 "Deck construction" (50 main cards, 0-5 Digi-Eggs, at most 4
    copies, Digi-Eggs only in the Digi-Egg deck).

    It is an :class:`~oracle.errors.IllegalActionError` (``clause`` is
    :data:`DECK_CONSTRUCTION`; a driver refuses it as ``illegal``, as Digi-Battle refuses a
    deck under DB-A.0) that also carries the ``path`` of the deck part at fault, so callers
    that catch :class:`~oracle.errors.InvalidInputError` still see where it is.
    """

    def __init__(self, path: str, reason: str) -> None:
        # Not the cooperative chain: the two bases take different arguments.
        self.clause = DECK_CONSTRUCTION
        self.path = path
        self.reason = reason
        Exception.__init__(self, f"[{DECK_CONSTRUCTION}] {path}: {reason}")

    def moved(self, path: str) -> DeckConstructionError:
        """The same error at ``path`` (e.g. under ``$.decks[1]``)."""
        return DeckConstructionError(path, self.reason)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: ``timing`` and ``action`` from the vocabulary, an amount ``value``.

    ``at_most`` is the memory gate of ``set_memory_if_at_most`` ("if you have 2 or less
    memory, set it to 3"); ``delayed`` is pending processing created when the effect
    resolves ("at the end of the turn, lose 3 memory", CR4.2 "Pending processing") as an
    ``(action, value)`` pair. ``inherited``: an inherited effect (it works while the card is
    a digivolution card under the top card, CR4.2 Inherited effects); ``condition`` one of
    :data:`CONDITIONS` or None; ``scope`` of a ``dp`` effect; ``cost`` ``"suspend_self"`` for
    an activated effect paid by suspending its card. The ST-1/ST-2 fields (see
    :data:`ACTIONS`): ``target`` (``your_digimon`` / ``opponent_digimon``: whose battle-area
    Digimon a targeted action chooses), ``count`` and ``up_to`` (how many: exactly, or 0 to
    ``count``), ``max_dp`` / ``max_level`` / ``target_condition`` (which may be chosen),
    ``until`` (one of :data:`UNTIL`) and ``per_sources``.
    """

    timing: str
    action: str
    value: int
    once_per_turn: bool = False
    at_most: int | None = None
    delayed: tuple[str, int] | None = None
    inherited: bool = False
    condition: str | None = None
    scope: str = "self"
    cost: str | None = None
    target: str | None = None
    count: int = 1
    up_to: bool = False
    max_dp: int | None = None
    max_level: int | None = None
    target_condition: str | None = None
    until: str | None = None
    per_sources: int | None = None


@dataclass(frozen=True, slots=True)
class DigivolveCondition:
    """A digivolve requirement: from a card of ``level`` and ``color``, paying ``cost``."""

    level: int
    color: str
    cost: int


@dataclass(frozen=True, slots=True)
class Card:
    """A card. ``dp`` is None for cards without DP (Digi-Eggs, Tamers, Options).

    ``play_cost`` is the play cost of a Digimon/Tamer or the use cost of an Option.
    ``colors`` are lower-case (``("red",)``); ``text``, ``inherited_text`` and
    ``security_text`` are the printed texts; ``supported`` False (with the reason in
    ``unsupported``) for a card whose text the oracle does not implement.
    """

    id: str
    name: str
    kind: str
    colors: tuple[str, ...]
    level: int | None = None
    dp: int | None = None
    play_cost: int | None = None
    digivolve: tuple[DigivolveCondition, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""
    inherited_text: str = ""
    security_text: str = ""
    supported: bool = True
    unsupported: str = ""

    @property
    def is_digimon(self) -> bool:
        """True for a Digimon card (the only kind that can attack and battle)."""
        return self.kind == "digimon"

    @property
    def color(self) -> str:
        """The first colour (the only one of every shipped card)."""
        return self.colors[0]


@dataclass(frozen=True)
class CardSet:
    """A named, closed set of cards keyed by card ID."""

    name: str
    cards: Mapping[str, Card]

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    @cached_property
    def tables(self) -> CardTables:
        """The facts of this set's cards that the main phase's legal actions read, worked
        out once (see :class:`CardTables`)."""
        return CardTables(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards


class CardTables:
    """Per-card facts of a card set, worked out once from its (immutable) card definitions
    for the main phase's legal actions (DCG-6-5-1):

    - ``play_costs[card]``: the play cost of a Digimon or Tamer card (DCG-6-5-1-1; CR4.2
      Costs, a missing cost is 0); ``options[card]``: an Option card's (use cost, colours)
      (DCG-6-5-1-3, CR4.2 Using Option cards);
    - ``digivolve_onto[top][card]``: CR4.2 Digivolving: the cheapest digivolve cost of the
      Digimon card ``card`` onto a card ``top`` (level N-1 of a matching colour,
      DCG-6-5-1-2); only the pairs where it can digivolve, only Digimon cards (a Tamer
      printing conditions never digivolves);
    - ``digimon``: the Digimon cards (DCG-6-5-1-5: the only ones that attack or are
      attacked); ``main_effects[card]``: the indices of the card's [Main] effects
      (DCG-6-5-1-6; whether one can be activated is decided in play);
    - ``triggers[timing]``: the cards with an effect (not inherited) of that timing (CR4.2
      "Triggered effects": only they trigger); ``thresholds[card]``: the highest turn-end
      threshold (DCG-6-1-4-1, QA2449) the card's own effects set, for the cards that set one;
      ``dp_cards``: the cards with a DP modifier, own or inherited (CR4.2 DP);
      ``inherited_triggers[timing]``: the cards with an inherited effect of that timing
      (CR4.2 Inherited effects); ``security_attack_cards``: the cards with a <Security Attack>
      of their own or inherited; ``blockers``: the cards with <Blocker> (CR4.2 Blocking).
    """

    __slots__ = ("play_costs", "options", "digivolve_onto", "digimon", "main_effects",
                 "triggers", "thresholds", "dp_cards", "inherited_triggers",
                 "security_attack_cards", "blockers")

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.play_costs = {cid: card.play_cost or 0 for cid, card in cards.items()
                           if card.kind in ("digimon", "tamer")}
        self.options = {cid: (card.play_cost or 0, card.colors) for cid, card in cards.items()
                        if card.kind == "option"}
        self.digivolve_onto: dict[str, dict[str, int]] = {}
        for tid, top in cards.items():
            onto: dict[str, int] = {}
            for cid, card in cards.items():
                if card.kind != "digimon":
                    continue
                best = None
                for cond in card.digivolve:
                    if top.level == cond.level and cond.color in top.colors \
                            and (best is None or cond.cost < best):
                        best = cond.cost
                if best is not None:
                    onto[cid] = best
            if onto:
                self.digivolve_onto[tid] = onto
        self.digimon = frozenset(cid for cid, card in cards.items() if card.kind == "digimon")
        self.main_effects: dict[str, tuple[int, ...]] = {
            cid: tuple(i for i, e in enumerate(card.effects) if e.timing == "main")
            for cid, card in cards.items()}
        self.triggers: dict[str, frozenset[str]] = {
            timing: frozenset(cid for cid, card in cards.items() if any(
                e.timing == timing and not e.inherited for e in card.effects))
            for timing in TIMINGS}
        self.inherited_triggers: dict[str, frozenset[str]] = {
            timing: frozenset(cid for cid, card in cards.items() if any(
                e.timing == timing and e.inherited for e in card.effects))
            for timing in TIMINGS}
        self.dp_cards = frozenset(cid for cid, card in cards.items()
                                  if any(e.action == "dp" for e in card.effects))
        self.security_attack_cards = frozenset(
            cid for cid, card in cards.items()
            if any(e.action == "security_attack" for e in card.effects))
        self.blockers = frozenset(cid for cid, card in cards.items() if any(
            e.action == "blocker" and not e.inherited for e in card.effects))
        self.thresholds: dict[str, int] = {}
        for cid, card in cards.items():
            for e in card.effects:
                if e.action == "turn_end_threshold" and not e.inherited:
                    self.thresholds[cid] = max(e.value, self.thresholds.get(cid, e.value))


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck: ``main`` (50 card IDs) and ``eggs`` (0-5 Digi-Egg card IDs)."""

    name: str
    main: tuple[str, ...]
    eggs: tuple[str, ...]


def _need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str) -> Any:
    """Return ``d[key]`` checked against ``kind`` or raise InvalidInputError at ``path``."""
    if key not in d:
        raise InvalidInputError(f"{path}.{key}", "missing")
    value = d[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise InvalidInputError(f"{path}.{key}", f"expected {kind}, found {value!r}")
    return value


def _effect_from_json(d: Any, path: str) -> Effect:
    """Parse one effect of the closed vocabulary; raise InvalidInputError otherwise."""
    if not isinstance(d, dict):
        raise InvalidInputError(path, "expected an object")
    timing = _need(d, "timing", str, path)
    action = _need(d, "action", str, path)
    if timing not in TIMINGS:
        raise InvalidInputError(f"{path}.timing", f"unknown timing {timing!r}")
    if action not in ACTIONS:
        raise InvalidInputError(f"{path}.action", f"unknown action {action!r}")
    value = _need(d, "value", int, path)
    # What ties fields to the action (at_most exactly on set_memory_if_at_most, target exactly
    # on TARGETED, until exactly on the lasting actions, the timing of turn_end_threshold, dp,
    # play_self, activate_main, the keywords, hatch/move as a [Main] paid by suspend_self) is
    # said by schemas/dcg/card-set.schema.json, checked by card_set_from_json before this runs.
    at_most = d.get("at_most")
    condition = d.get("condition")
    if condition is not None and condition not in CONDITIONS:
        raise InvalidInputError(f"{path}.condition", f"unknown condition {condition!r}")
    scope = d.get("scope", "self")
    if scope not in SCOPES:
        raise InvalidInputError(f"{path}.scope", f"unknown scope {scope!r}")
    cost = d.get("cost")
    if cost not in (None, "suspend_self"):
        raise InvalidInputError(f"{path}.cost", f"unknown cost {cost!r}")
    inherited = d.get("inherited", False)
    if not isinstance(inherited, bool):
        raise InvalidInputError(f"{path}.inherited", f"expected a boolean, found {inherited!r}")
    target = d.get("target")
    if target not in (None, "your_digimon", "opponent_digimon"):
        raise InvalidInputError(f"{path}.target", f"unknown target {target!r}")
    until = d.get("until")
    if until is not None and until not in UNTIL:
        raise InvalidInputError(f"{path}.until", f"unknown duration {until!r}")
    target_condition = d.get("target_condition")
    if target_condition is not None and target_condition not in TARGET_CONDITIONS:
        raise InvalidInputError(f"{path}.target_condition",
                                f"unknown target condition {target_condition!r}")
    extra: dict[str, Any] = {}
    for key in ("count", "max_dp", "max_level", "per_sources"):
        if key in d:
            extra[key] = _need(d, key, int, path)
    if "up_to" in d:
        extra["up_to"] = _need(d, "up_to", bool, path)
    delayed = None
    if "then_at_end_of_turn" in d:
        then = d["then_at_end_of_turn"]
        sub = f"{path}.then_at_end_of_turn"
        if not isinstance(then, dict):
            raise InvalidInputError(sub, "expected an object")
        t_action = _need(then, "action", str, sub)
        if t_action not in ("gain_memory", "lose_memory"):
            raise InvalidInputError(f"{sub}.action", f"unsupported delayed action {t_action!r}")
        delayed = (t_action, _need(then, "value", int, sub))
    return Effect(
        timing=timing,
        action=action,
        value=value,
        once_per_turn=bool(d.get("once_per_turn", False)),
        at_most=at_most,
        delayed=delayed,
        inherited=inherited,
        condition=condition,
        scope=scope,
        cost=cost,
        target=target,
        until=until,
        target_condition=target_condition,
        **extra,
    )


def _card_from_json(d: Any, path: str) -> Card:
    """Parse one card; raise InvalidInputError with the JSON path of the first problem."""
    if not isinstance(d, dict):
        raise InvalidInputError(path, "expected an object")
    kind = _need(d, "kind", str, path)
    if kind not in KINDS:
        raise InvalidInputError(f"{path}.kind", f"expected one of {KINDS}, found {kind!r}")
    dp = d.get("dp")
    # A Digimon's DP and a non-Digi-Egg's play cost (integers, never null) are the schema's;
    # DP on another kind stays here, so that a vector's set-up (itself schema-checked) may
    # embed such a document and expect it refused (features/dcg/turn_flow.feature).
    if kind != "digimon" and dp is not None:
        raise InvalidInputError(f"{path}.dp", "only Digimon have DP in this card set")
    colors = _need(d, "colors", list, path)
    if not colors or not all(isinstance(c, str) and c for c in colors):
        raise InvalidInputError(f"{path}.colors", "expected a non-empty list of colour names")
    supported = d.get("supported", True)
    if not isinstance(supported, bool):
        raise InvalidInputError(f"{path}.supported", f"expected a boolean, found {supported!r}")
    if not supported and not isinstance(d.get("unsupported"), str):
        raise InvalidInputError(f"{path}.unsupported", "an unsupported card says why")
    play_cost = d.get("play_cost")
    conds = []
    for i, c in enumerate(d.get("digivolve", [])):
        sub = f"{path}.digivolve[{i}]"
        conds.append(
            DigivolveCondition(
                level=_need(c, "level", int, sub),
                color=_need(c, "color", str, sub),
                cost=_need(c, "cost", int, sub),
            )
        )
    effects = tuple(
        _effect_from_json(e, f"{path}.effects[{i}]") for i, e in enumerate(d.get("effects", []))
    )
    return Card(
        id=_need(d, "id", str, path),
        name=_need(d, "name", str, path),
        kind=kind,
        colors=tuple(colors),
        level=d.get("level"),
        dp=dp,
        play_cost=play_cost,
        digivolve=tuple(conds),
        effects=effects,
        text=d.get("text", ""),
        inherited_text=d.get("inherited_text", ""),
        security_text=d.get("security_text", ""),
        supported=supported,
        unsupported=d.get("unsupported", "") if not supported else "",
    )


def card_set_from_json(d: Mapping[str, Any]) -> CardSet:
    """Build a :class:`CardSet` from its JSON form ``{"name", "cards": [...]}``.

    The document is checked against ``schemas/dcg/card-set.schema.json`` first (every field
    typed and bounded, and which fields each card kind and effect action needs or forbids),
    then for what the schema does not say: unique card IDs, no DP on a card that is not a
    Digimon, a reason on an unsupported card.

    :raises InvalidInputError: on any malformed card or effect outside the vocabulary, at
        its JSON path (``$.cards[3].dp``).
    """
    from oracle.validation import validate

    validate(d, "dcg/card-set")
    cards = _need(d, "cards", list, "$")
    out: dict[str, Card] = {}
    for i, c in enumerate(cards):
        card = _card_from_json(c, f"$.cards[{i}]")
        if card.id in out:
            raise InvalidInputError(f"$.cards[{i}].id", f"duplicate card id {card.id!r}")
        out[card.id] = card
    return CardSet(name=str(d.get("name", "")), cards=out)


def _expand(entries: Any, path: str) -> list[str]:
    """Expand ``[{"id", "count"}]`` into a flat list of IDs."""
    if not isinstance(entries, list):
        raise InvalidInputError(path, "expected a list")
    out: list[str] = []
    for i, e in enumerate(entries):
        sub = f"{path}[{i}]"
        if not isinstance(e, dict):
            raise InvalidInputError(sub, "expected {id, count}")
        out.extend([_need(e, "id", str, sub)] * _need(e, "count", int, sub))
    return out


def check_deck(deck: DeckList, cards: CardSet, path: str = "$") -> None:
    """CR4.2 "Deck construction": 50 main cards, 0-5 Digi-Eggs, at most 4 of a number.

    :raises InvalidInputError: a card that is not in ``cards`` (malformed input).
    :raises UnsupportedError: a card whose text the oracle does not implement (``what`` names
        the card and the deck part, ``reason`` says why; clause ``CR4.2 Deck construction``).
    :raises DeckConstructionError: a deck the rules forbid (``CR4.2 Deck construction``),
        naming the offending part of the deck (``<path>.deck`` or ``<path>.eggs``).
    """
    for part, ids in (("deck", deck.main), ("eggs", deck.eggs)):
        for cid in sorted(set(ids)):
            if cid not in cards:
                raise InvalidInputError(f"{path}.{part}", f"unknown card {cid!r}")
    for part, ids in (("deck", deck.main), ("eggs", deck.eggs)):
        for cid in sorted(set(ids)):
            if not cards[cid].supported:
                raise UnsupportedError(
                    f"card {cid} {cards[cid].name} in {path}.{part}",
                    f"not supported by the dcg oracle: {cards[cid].unsupported}",
                    DECK_CONSTRUCTION)
    if len(deck.main) != DECK_SIZE:
        raise DeckConstructionError(
            f"{path}.deck", f"a main deck holds {DECK_SIZE} cards, this one {len(deck.main)}")
    if len(deck.eggs) > MAX_EGGS:
        raise DeckConstructionError(
            f"{path}.eggs", f"a Digi-Egg deck holds 0-{MAX_EGGS} cards, this one "
                            f"{len(deck.eggs)}")
    for part, ids, eggs in (("deck", deck.main, False), ("eggs", deck.eggs, True)):
        for cid in sorted(set(ids)):
            if ids.count(cid) > MAX_COPIES:
                raise DeckConstructionError(
                    f"{path}.{part}", f"{ids.count(cid)} copies of {cid}; at most {MAX_COPIES}")
            if (cards[cid].kind == "digi-egg") != eggs:
                raise DeckConstructionError(
                    f"{path}.{part}", f"{cid} is a {cards[cid].kind} card: "
                    + ("only Digi-Eggs go in the Digi-Egg deck" if eggs
                       else "Digi-Eggs go in the Digi-Egg deck"))


def deck_from_json(d: Mapping[str, Any], cards: CardSet) -> DeckList:
    """Build and check a :class:`DeckList` from ``{"name", "deck": [...], "eggs": [...]}``.

    :raises InvalidInputError: on a malformed deck.
    :raises DeckConstructionError: on an illegal one (see :func:`check_deck`).
    """
    from oracle.validation import validate

    validate(d, "dcg/deck")
    deck = DeckList(
        name=str(d.get("name", "")),
        main=tuple(_expand(d.get("deck"), "$.deck")),
        eggs=tuple(_expand(d.get("eggs", []), "$.eggs")),
    )
    check_deck(deck, cards)
    return deck


_CACHE: dict[str, Any] = {}


def load_cards() -> CardSet:
    """Load (once) the default card set ``dcg-real``: the shipped REAL cards
    (``oracle/data/dcg/cards.json``)."""
    if "cards" not in _CACHE:
        _CACHE["cards"] = card_set_from_json(read_json(_DATA_DIR / "cards.json"))
    return _CACHE["cards"]


def load_test_only_cards() -> CardSet:
    """Load (once) ``dcg-real+test-only``: the real cards plus the nine INVENTED test-only
    cards of ``oracle/data/dcg/test-only-cards.json`` (for scenarios no real card reaches)."""
    if "test" not in _CACHE:
        extra = card_set_from_json(read_json(_DATA_DIR / "test-only-cards.json"))
        _CACHE["test"] = CardSet(TEST_ONLY_SET, {**load_cards().cards, **extra.cards})
    return _CACHE["test"]


def shipped_card_set(name: str) -> CardSet | None:
    """The shipped card set called ``name`` (:data:`REAL_SET` or :data:`TEST_ONLY_SET`), or
    None."""
    if name == REAL_SET:
        return load_cards()
    if name == TEST_ONLY_SET:
        return load_test_only_cards()
    return None


def load_deck(name: str, cards: CardSet | None = None) -> DeckList:
    """Load a shipped deck ``oracle/data/dcg/decks/<name>.json`` (e.g. ``"red-memory"``).

    ``name`` is a name, never a path: it is looked up among :func:`shipped_deck_names`, so
    ``"../x"`` or ``"/abs/x"`` reads nothing.

    :raises InvalidInputError: (path ``$.decks``) not a plain name, or no such deck.
    :raises DeckConstructionError: if it is illegal.
    """
    shipped_name(name, "$.decks", "shipped DCG deck")
    if name not in shipped_deck_names():
        raise InvalidInputError("$.decks", f"no shipped DCG deck named {name!r} (shipped: "
                                           f"{', '.join(shipped_deck_names())})")
    cards = cards or load_cards()
    key = f"deck:{name}"
    hit = _CACHE.get(key)  # (the card set, its deck): decks are immutable values
    if hit is None or hit[0] is not cards:
        hit = _CACHE[key] = (cards, deck_from_json(read_json(_DATA_DIR / "decks" /
                                                             f"{name}.json"), cards))
    return hit[1]  # type: ignore[no-any-return]


def shipped_deck_names() -> Sequence[str]:
    """Names of the shipped DCG decks, sorted (listed once)."""
    if "names" not in _CACHE:
        _CACHE["names"] = tuple(sorted(p.stem for p in (_DATA_DIR / "decks").glob("*.json")))
    return _CACHE["names"]  # type: ignore[no-any-return]

"""DCG value types: config, game, state, actions and events, with their JSON forms.

Everything here is immutable and holds tuples; states are never changed in place. The parts
of a state, actions and events are ``NamedTuple``s, as in the Digi-Battle ruleset (cheap to
build: a frozen dataclass sets each field through ``object.__setattr__``, about four times
the cost); :class:`State` is a frozen dataclass (its ``game`` is not compared) built by a
constructor that sets its slots directly. The state JSON contract (``ruleset: "dcg"``) is
documented on :class:`State`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from oracle.dcg.cards import CardSet, DeckList, check_deck, load_cards, load_deck
from oracle.dcg.restricted import check_restricted, load_restricted_list, parse_format_date
from oracle.dcg.variants import resolve_variants
from oracle.errors import InvalidInputError

__all__ = [
    "Action",
    "Attack",
    "Chance",
    "Choice",
    "DcgConfig",
    "Event",
    "Game",
    "Lasting",
    "Pending",
    "PlayerState",
    "Stack",
    "State",
    "action_from_json",
    "make_game",
]

PHASES = ("setup", "unsuspend", "draw", "breeding", "main", "game_over")
STEPS = (
    "shuffle", "first_player", "mulligan", "mulligan_shuffle",  # setup
    "start_of_turn", "unsuspend",  # unsuspend phase (DCG-6-2)
    "draw",  # draw phase (DCG-6-3)
    "breeding", "breeding_done",  # breeding phase (DCG-6-4)
    "start_of_main", "main",  # main phase (DCG-6-5)
    "end_of_turn",  # end of turn, in whatever phase it began (DCG-6-6)
    "over",
)


# --------------------------------------------------------------------------- config, game


@dataclass(frozen=True)
class DcgConfig:
    """What a game is made of: two decks (shipped names or :class:`DeckList`), the card set
    (None: the shipped REAL card set ``dcg-real``), the variant readings (ambiguity ID ->
    reading) and the format date (ISO ``YYYY-MM-DD``) whose official restricted list the
    decks must keep (None: the newest list, :func:`oracle.dcg.restricted.newest_date`).
    """

    decks: tuple[str | DeckList, str | DeckList] = ("red-memory", "blue-tempo")
    variants: Mapping[str, str] = field(default_factory=dict)
    cards: CardSet | None = None
    format_date: str | None = None


@dataclass(frozen=True)
class Game:
    """The fixed facts of one game: card set, both deck lists, the variant readings and the
    format date the decks were checked against (the official restricted list in force then)."""

    cards: CardSet
    decks: tuple[DeckList, DeckList]
    variants: tuple[tuple[str, str], ...]
    format_date: str = ""

    def variant(self, amb_id: str) -> str:
        """Return the reading chosen for ambiguity ``amb_id``."""
        return dict(self.variants)[amb_id]


def make_game(config: DcgConfig) -> Game:
    """Resolve a :class:`DcgConfig` into a :class:`Game` (decks loaded and checked: CR4.2
    Deck construction, then the official restricted list in force on the format date).

    :raises InvalidInputError: for an unknown deck, an illegal deck (a
        :class:`~oracle.dcg.cards.DeckConstructionError`, clause ``CR4.2 Deck construction``),
        a malformed format date (``$.format_date``) or an unknown variant.
    :raises UnsupportedError: a card the oracle does not implement, or a ``banned_pair`` card
        of the list (see :mod:`oracle.dcg.restricted`).
    """
    cards = config.cards or load_cards()
    date = (load_restricted_list().newest if config.format_date is None
            else parse_format_date(config.format_date))
    decks: list[DeckList] = []
    for i, d in enumerate(config.decks):
        deck = load_deck(d, cards) if isinstance(d, str) else d
        check_deck(deck, cards, f"$.decks[{i}]")
        decks.append(deck)
    if len(decks) != 2:
        raise InvalidInputError("$.decks", "expected two decks")
    for i, deck in enumerate(decks):
        check_restricted(deck, date, f"$.decks[{i}]")
    return Game(cards=cards, decks=(decks[0], decks[1]), variants=resolve_variants(config.variants),
                format_date=date)


# --------------------------------------------------------------------------- state parts


class Stack(NamedTuple):
    """A card pile in the battle or breeding area: ``cards`` bottom..top, ``id`` unique."""

    id: int
    cards: tuple[str, ...]
    suspended: bool = False
    played_this_turn: bool = False

    @property
    def top(self) -> str:
        """The card ID on top (the card the stack is)."""
        return self.cards[-1]

    @property
    def played(self) -> bool:
        """Alias of ``played_this_turn`` (the working copy's name)."""
        return self.played_this_turn

    def to_json(self) -> dict[str, Any]:
        """``{"id", "cards": [bottom..top], "suspended", "played_this_turn"}``."""
        return {
            "id": self.id,
            "cards": list(self.cards),
            "suspended": self.suspended,
            "played_this_turn": self.played_this_turn,
        }


class Pending(NamedTuple):
    """An effect waiting to resolve: effect ``effect`` of ``card`` controlled by ``player``,
    from stack ``source`` (None for an Option or a gone card). ``delayed`` marks pending
    processing (the effect's "at the end of the turn" part, CR4.2 "Pending processing").
    """

    player: int
    card: str
    effect: int
    source: int | None
    timing: str
    delayed: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"player", "card", "effect", "source", "timing", "delayed"}``."""
        return {
            "player": self.player,
            "card": self.card,
            "effect": self.effect,
            "source": self.source,
            "timing": self.timing,
            "delayed": self.delayed,
        }


#: Where an attack stands (CR4.2 Attacking): ``declared`` ([When Attacking] effects waiting;
#: the block timing is next), ``blocking`` (the defender decides whether to block),
#: ``blocked`` (blocked: "when blocked" effects waiting, then the battle), ``checking`` (the
#: security checks, ``checks`` of them still to come).
ATTACK_STAGES = ("declared", "blocking", "blocked", "checking")


class Attack(NamedTuple):
    """An attack in progress: ``attacker`` stack id, ``target`` ``"player"`` or a stack id;
    ``stage`` one of :data:`ATTACK_STAGES` and ``checks`` the security checks still due."""

    player: int
    attacker: int
    target: int | str
    stage: str = "declared"
    checks: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"player", "attacker", "target"}``, plus ``"stage"`` and ``"checks"`` after the
        [When Attacking] timing (absent: ``declared``, 0)."""
        out: dict[str, Any] = {"player": self.player, "attacker": self.attacker,
                               "target": self.target}
        if self.stage != "declared":
            out["stage"] = self.stage
            out["checks"] = self.checks
        return out


class Choice(NamedTuple):
    """A decision due inside an effect or an attack: ``player`` decides. ``kind`` ``targets``
    (effect ``effect`` of ``card``, from stack ``source`` or None, whose targets are chosen,
    CR4.2 "Choosing"), or ``block`` (CR4.2 Blocking: whether, and with which <Blocker>, to
    block the attack in progress; ``card``/``effect``/``source`` None)."""

    player: int
    kind: str
    card: str | None = None
    effect: int | None = None
    source: int | None = None
    timing: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"player", "kind", "card", "effect", "source", "timing"}``."""
        return {"player": self.player, "kind": self.kind, "card": self.card,
                "effect": self.effect, "source": self.source, "timing": self.timing}


class Lasting(NamedTuple):
    """An effect with a duration (CR4.2 durations), made by a resolved effect of ``card``
    and controlled by ``player``: ``kind`` ``dp`` (+``value`` DP to stack ``stack``),
    ``security_attack`` (stack ``stack`` gains <Security Attack +value>), ``no_attack_block``
    (stack ``stack`` can't attack or block), ``security_dp`` (``player``'s Security Digimon
    get +``value`` DP; ``stack`` None). It ends with turn ``until`` (at that turn's end)."""

    player: int
    kind: str
    value: int
    stack: int | None
    until: int
    card: str

    def to_json(self) -> dict[str, Any]:
        """``{"player", "kind", "value", "stack", "until", "card"}``."""
        return {"player": self.player, "kind": self.kind, "value": self.value,
                "stack": self.stack, "until": self.until, "card": self.card}


class Chance(NamedTuple):
    """The chance outcome due: ``first_player`` (rock-paper-scissors) or a ``shuffle``."""

    kind: str
    player: int | None = None
    deck: str | None = None
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "first_player"}`` or ``{"kind": "shuffle", "player", "deck", "cards"}``."""
        if self.kind == "first_player":
            return {"kind": "first_player"}
        return {"kind": self.kind, "player": self.player, "deck": self.deck,
                "cards": list(self.cards)}


class PlayerState(NamedTuple):
    """One player's zones. ``deck``, ``egg_deck`` and ``security`` are top first."""

    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    egg_deck: tuple[str, ...] = ()
    breeding_area: Stack | None = None
    battle_area: tuple[Stack, ...] = ()
    security: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    mulliganed: bool = False
    mulligan_decided: bool = False
    once_per_turn_used: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The per-player object of the state JSON."""
        return {
            "hand": list(self.hand),
            "deck": list(self.deck),
            "egg_deck": list(self.egg_deck),
            "breeding_area": None if self.breeding_area is None else self.breeding_area.to_json(),
            "battle_area": [s.to_json() for s in self.battle_area],
            "security": list(self.security),
            "trash": list(self.trash),
            "mulliganed": self.mulliganed,
            "mulligan_decided": self.mulligan_decided,
            "once_per_turn_used": list(self.once_per_turn_used),
        }

    def all_cards(self) -> list[str]:
        """Every card ID this player has in any zone (for card-conservation checks)."""
        out = [*self.hand, *self.deck, *self.egg_deck, *self.security, *self.trash]
        if self.breeding_area is not None:
            out.extend(self.breeding_area.cards)
        for s in self.battle_area:
            out.extend(s.cards)
        return out


@dataclass(frozen=True, slots=True)
class State:
    """A DCG game state (``ruleset: "dcg"``).

    ``memory`` is the shared gauge from the turn player's side: positive = on the turn
    player's side, negative = on the opponent's side, always within -10..10 (CR4.2 Memory).
    ``to_move`` is 0, 1, ``"chance"`` or None (game over). ``pending`` lists effects waiting
    to resolve; ``delayed`` holds pending processing due at end of turn; ``attack`` is an
    attack in progress; ``resume_step`` is the step where the current end of turn began
    (6-6-4 resumes there). ``choice`` is a decision due inside an effect or an attack
    (its ``player`` is to move) and ``lasting`` the effects with a duration; the JSON form
    leaves both out while there are none. ``game`` (the card set, decks and variants) is not
    compared.
    """

    turn: int
    turn_player: int
    first_player: int | None
    phase: str
    step: str
    memory: int
    to_move: int | str | None
    chance: Chance | None
    pending: tuple[Pending, ...]
    delayed: tuple[Pending, ...]
    attack: Attack | None
    resume_step: str | None
    winner: int | None
    reason: str | None
    next_id: int
    players: tuple[PlayerState, PlayerState]
    variants: tuple[tuple[str, str], ...]
    choice: Choice | None
    lasting: tuple[Lasting, ...]
    game: Game = field(compare=False, repr=False)

    def player_memory(self, player: int) -> int:
        """Memory as ``player`` reads it (positive = on their side)."""
        return self.memory if player == self.turn_player else -self.memory

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.phase == "game_over"

    def to_json(self, player_json: Callable[[PlayerState], Any] | None = None,
                variants_json: Any = None) -> dict[str, Any]:
        """The state as the JSON contract object (see module and class docs).

        :param player_json: what stands for each player's part (default: its JSON form,
            :meth:`PlayerState.to_json`); an encoder passes a function giving the part
            already encoded.
        :param variants_json: what stands for the readings' map (default: a new ``dict`` of
            them); an encoder passes the map already encoded (the same in every state of a
            game).
        """
        out = {
            "ruleset": "dcg",
            "turn": self.turn,
            "turn_player": self.turn_player,
            "first_player": self.first_player,
            "phase": self.phase,
            "step": self.step,
            "memory": self.memory,
            "to_move": self.to_move,
            "chance": None if self.chance is None else self.chance.to_json(),
            "pending": [p.to_json() for p in self.pending],
            "delayed": [p.to_json() for p in self.delayed],
            "attack": None if self.attack is None else self.attack.to_json(),
            "resume_step": self.resume_step,
            "winner": self.winner,
            "reason": self.reason,
            "next_id": self.next_id,
            "variants": dict(self.variants) if variants_json is None else variants_json,
            "players": [p.to_json() for p in self.players] if player_json is None
            else [player_json(p) for p in self.players],
        }
        if self.choice is not None:
            out["choice"] = self.choice.to_json()
        if self.lasting:
            out["lasting"] = [x.to_json() for x in self.lasting]
        return out


def _fast_init(cls: type) -> None:
    """Give the frozen slots dataclass ``cls`` an ``__init__`` that sets each slot through
    its descriptor: the same instance, at about half the cost of the generated one (which
    calls ``object.__setattr__`` per field). Every field is required, as in :class:`State`.
    """
    import dataclasses

    names = [f.name for f in dataclasses.fields(cls)]
    setters = [f"_s_{n}" for n in names]
    body = "".join(f"        _s_{n}(self, {n})\n" for n in names)
    code = (f"def make({', '.join(setters)}):\n"
            f"    def __init__(self, {', '.join(names)}):\n{body}"
            f"    return __init__\n")
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # noqa: S102 - a constructor made from the class's own fields
    init = namespace["make"](*(cls.__dict__[n].__set__ for n in names))
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]


_fast_init(State)


# --------------------------------------------------------------------------- actions, events

#: Action types the rules implement.
ACTION_TYPES = (
    "choose_first", "shuffle", "mulligan", "keep", "resolve",
    "hatch", "move", "do_nothing",
    "play", "digivolve", "use_option", "attack", "activate", "pass", "choose",
)
#: Action types chapter 6 names that this ruleset refuses as unsupported, with the clause.
UNSUPPORTED_ACTIONS = {
    "digixros": "DCG-6-5-1-1",
    "assembly": "DCG-6-5-1-1",
    "dna_digivolve": "DCG-6-5-1-2",
    "burst_digivolve": "DCG-6-5-1-2",
    "app_fusion": "DCG-6-5-1-2",
    "link": "DCG-6-5-1-4",
}


class Action(NamedTuple):
    """An action. JSON: ``{"type", "player"?, ...}`` with only the fields the type uses:

    ``choose_first`` winner · ``shuffle`` player, deck, order · ``mulligan``/``keep``/
    ``hatch``/``move``/``do_nothing``/``pass`` player · ``resolve`` player, index ·
    ``play``/``use_option`` player, card · ``digivolve`` player, card, target (stack id) ·
    ``attack`` player, attacker, target ("player" or stack id) · ``activate`` player,
    source, effect · ``choose`` player, targets (stack ids; empty: none, or no block), card
    (Kaiser Nail ST2-15: the digivolution card played) · unsupported types (``link``,
    ``digixros``, ...) player, card?, target?.
    """

    type: str
    player: int | None = None
    card: str | None = None
    target: int | str | None = None
    attacker: int | None = None
    source: int | None = None
    effect: int | None = None
    index: int | None = None
    winner: int | None = None
    deck: str | None = None
    order: tuple[str, ...] | None = None
    targets: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The action's JSON object (fields that are None are left out)."""
        out: dict[str, Any] = {"type": self.type}
        for name in ("player", "card", "target", "attacker", "source", "effect", "index",
                     "winner", "deck"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.order is not None:
            out["order"] = list(self.order)
        if self.targets is not None:
            out["targets"] = list(self.targets)
        return out

    def sort_key(self) -> tuple[Any, ...]:
        """A total order used to sort legal actions deterministically."""
        return (
            self.type, -1 if self.player is None else self.player, self.card or "",
            str(self.target), -1 if self.attacker is None else self.attacker,
            -1 if self.source is None else self.source, self.effect or 0, self.index or 0,
            self.targets or (),
        )


_FIELDS: dict[str, tuple[str, ...]] = {
    "choose_first": ("winner",),
    "shuffle": ("player", "deck", "order"),
    "mulligan": ("player",), "keep": ("player",), "pass": ("player",),
    "hatch": ("player",), "move": ("player",), "do_nothing": ("player",),
    "resolve": ("player", "index"),
    "play": ("player", "card"), "use_option": ("player", "card"),
    "digivolve": ("player", "card", "target"),
    "attack": ("player", "attacker", "target"),
    "activate": ("player", "source", "effect"),
    "choose": ("player", "targets", "card"),
}
_OPTIONAL = {"activate": ("effect",), "choose": ("card",)}


def _check_field(name: str, value: Any) -> Any:
    """Type-check one action field; raise InvalidInputError at ``$.<name>``."""
    path = f"$.{name}"
    if name in ("player", "winner"):
        if value not in (0, 1) or isinstance(value, bool):
            raise InvalidInputError(path, f"expected 0 or 1, found {value!r}")
    elif name in ("attacker", "source", "effect", "index"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidInputError(path, f"expected an integer >= 0, found {value!r}")
    elif name == "card":
        if not isinstance(value, str) or not value:
            raise InvalidInputError(path, f"expected a card ID string, found {value!r}")
    elif name == "deck":
        if value not in ("deck", "egg_deck"):
            raise InvalidInputError(path, f"expected 'deck' or 'egg_deck', found {value!r}")
    elif name == "targets":
        if not isinstance(value, list) or not all(
                isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in value):
            raise InvalidInputError(path, "expected a list of stack ids")
        return tuple(value)
    elif name == "order":
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise InvalidInputError(path, "expected a list of card IDs")
        return tuple(value)
    elif name == "target":
        ok = value == "player" or (isinstance(value, int) and not isinstance(value, bool)
                                   and value >= 0)
        if not ok:
            raise InvalidInputError(path, f"expected 'player' or a stack id, found {value!r}")
    return value


def action_from_json(d: Any) -> Action:
    """Parse an action's JSON object.

    :raises InvalidInputError: for a non-object, an unknown type (``$.type``), a missing or
        ill-typed field (``$.card``, ...) or an unexpected field.
    """
    if not isinstance(d, Mapping):
        raise InvalidInputError("$", "expected an object")
    kind = d.get("type")
    if not isinstance(kind, str):
        raise InvalidInputError("$.type", f"expected a string, found {kind!r}")
    if kind in UNSUPPORTED_ACTIONS:
        allowed: tuple[str, ...] = ("player", "card", "target")
        required: tuple[str, ...] = ("player",)
    elif kind in _FIELDS:
        allowed = _FIELDS[kind]
        required = tuple(f for f in allowed if f not in _OPTIONAL.get(kind, ()))
    else:
        raise InvalidInputError("$.type", f"unknown DCG action type {kind!r}")
    kwargs: dict[str, Any] = {}
    for name in required:
        if name not in d:
            raise InvalidInputError(f"$.{name}", "missing")
    for name, value in d.items():
        if name == "type":
            continue
        if name not in allowed:
            raise InvalidInputError(f"$.{name}", f"unexpected field for {kind!r}")
        kwargs[name] = _check_field(name, value)
    return Action(type=kind, **kwargs)


class Event(NamedTuple):
    """Something that happened. JSON: ``{"type", "clause", "player", **details}``; the clause
    is a ``DCG-6-…`` ID or a Comprehensive Rules title such as ``"CR4.2 Memory"``.
    """

    type: str
    clause: str
    player: int | None = None
    details: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"type", "clause", "player", ...details}``."""
        out: dict[str, Any] = {"type": self.type, "clause": self.clause, "player": self.player}
        for k, v in self.details:
            out[k] = list(v) if isinstance(v, tuple) else v
        return out

    def get(self, key: str, default: Any = None) -> Any:
        """Return the detail ``key``."""
        for k, v in self.details:
            if k == key:
                return v
        return default

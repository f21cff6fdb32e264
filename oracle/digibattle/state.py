"""Values of the Digi-Battle ruleset: the game's fixed facts, states, actions and events.

States, player states and actions are immutable ``NamedTuple``s (cheap to copy with
``_replace``, hashable, compared by value); nothing here knows the rules. The JSON forms are
the contract (``schemas/state.schema.json``, ``action.schema.json``, ``event.schema.json``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from oracle import variants as _variants
from oracle.cards import CardSet, Deck, check_deck, default_card_set, default_decks
from oracle.digibattle.power import digimon_power
from oracle.errors import InvalidInputError
from oracle.inputs import canonical_json

RULESET = "digibattle"
CHANCE = "chance"
MAX_TARGET = 1000


@dataclass(frozen=True, eq=False)
class Game:
    """What is fixed for a whole game: card set, decks, target score and variant readings.

    :param card_set: the cards both decks are drawn from.
    :param decks: the two decks, as tuples of 30 serials (seat 0 then seat 1).
    :param target: points that win the game (DB-C.9), 1 … 1000.
    :param variants: ambiguity ID → reading; missing IDs take their default.
    :param max_duels: a referee's safeguard, not a rule: when set, the game stops undecided
        (``winner`` null, ``end_reason`` ``"duel_limit"``) before Duel ``max_duels + 1``.
    :raises InvalidInputError: bad target or variant map.
    :raises IllegalActionError: a deck that breaks DB-A.0, DB-A.1 or DB-A.5.
    """

    card_set: CardSet
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    target: int = MAX_TARGET
    variants: Mapping[str, str] = field(default_factory=dict)
    max_duels: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or not 1 <= self.target <= MAX_TARGET:
            raise InvalidInputError(
                "$.target", f"DB-C.9: target must be 1 … {MAX_TARGET} points, got {self.target!r}"
            )
        object.__setattr__(self, "variants", _variants.resolve(self.variants, RULESET))
        object.__setattr__(self, "decks", (tuple(self.decks[0]), tuple(self.decks[1])))
        for seat, deck in enumerate(self.decks):
            check_deck(deck, self.card_set, path=f"$.decks[{seat}]")
        v = self.variants
        # Variant readings looked up on the hot path, resolved once.
        self.__dict__.update(
            pay_source=v["DB-AMB-1"], short_pay=v["DB-AMB-2"], recycle=v["DB-AMB-3"],
            dna=v["DB-AMB-4"], partner_fate=v["DB-AMB-5"], pass_final=v["DB-AMB-6"] == "final",
            end_check=v["DB-AMB-7"], rookie_change=v["DB-AMB-8"], support_timing=v["DB-AMB-9"],
            chart_row=v["DB-AMB-10"], max_tribute=3 if v["DB-AMB-11"] == "1-3" else 2,
            from_hand=v["DB-AMB-12"] == "from-hand",
            unfulfilled_ok=v["DB-AMB-13"] == "no-effect", digi_duel=v["DB-AMB-14"],
            modifier_order=v["DB-AMB-15"], exact_zero_recycle=v["DB-AMB-16"] == "recycle",
            condition_timing=v["DB-AMB-17"], rookie_restriction=v["DB-AMB-18"],
            battle_starter=v["DB-AMB-19"], bakemon_reach=v["DB-AMB-22"],
            once_scope=v["DB-AMB-26"], support_bound=v["DB-AMB-27"] == "bound",
            committed_on_pass=v["DB-AMB-28"], score_first=v["DB-AMB-23"] == "score-first",
            recycle_after_duel=v["DB-AMB-21"] == "after-duel", run_out=v["DB-AMB-24"] == "run-out",
            regroup_order=v["DB-AMB-25"],
        )
        # Tables the rules modules derive from this game's fixed facts (card set and
        # readings), each filled on first use. A speed-up only: every entry is a pure function
        # of those facts, which never change for the game, so it cannot go stale.
        self.__dict__["derived"] = {}
        self.__dict__["cards"] = self.card_set.cards  # (the card set's cards, looked up often)

    @classmethod
    def default(
        cls, *, target: int = MAX_TARGET, variants: Mapping[str, str] | None = None,
        decks: Sequence[Deck] | None = None, card_set: CardSet | None = None,
        max_duels: int | None = None,
    ) -> Game:
        """A game with the shipped card set and the two Starter decks (or ``decks``)."""
        ds = tuple(decks) if decks is not None else default_decks()
        return cls(card_set or default_card_set(), (ds[0].cards, ds[1].cards), target,
                   dict(variants or {}), max_duels)

    def to_json(self) -> dict[str, Any]:
        """``{"ruleset", "card_set", "decks", "target", "variants"}`` (card set by ID)."""
        return {"ruleset": RULESET, "card_set": {"id": self.card_set.id},
                "decks": [list(d) for d in self.decks], "target": self.target,
                "variants": dict(self.variants), "max_duels": self.max_duels}


_SETUP_CARD_SETS: dict[str, CardSet] = {}


def game_from_setup(setup: Mapping[str, Any]) -> Game:
    """The :class:`Game` of a driver setup (see :mod:`oracle.driver`).

    Shape: ``{"ruleset": "digibattle", "decks": [[30 serials], [30 serials]], "card_set":
    {"id"} | {"id", "cards": [...]}?, "target": 1 … 1000?, "variants": {...}?, "max_duels":
    n?}``; a card set given by ``id`` alone is the shipped one, an embedded one is parsed once
    and cached (by its whole JSON, not its ID).

    :raises InvalidInputError: a malformed card set, target or variant map.
    :raises IllegalActionError: a deck that breaks DB-A.0, DB-A.1 or DB-A.5.
    """
    from oracle.cards import card_set_from_json

    cs_json = setup.get("card_set")
    if cs_json is not None and not isinstance(cs_json, Mapping):
        raise InvalidInputError("$.card_set", "expected a card-set object")
    if cs_json is None or cs_json.get("id") == default_card_set().id and "cards" not in cs_json:
        card_set = default_card_set()
    elif "cards" not in cs_json:
        raise InvalidInputError("$.card_set.id", f"unknown card set {str(cs_json.get('id'))[:40]!r}"
                                f": only {default_card_set().id!r} is shipped; embed the cards "
                                "of any other")
    else:
        # Keyed by the whole card set (the SHA-256 of its canonical JSON): two card sets
        # with the same ID and serials but other card facts are two card sets.
        try:
            key = hashlib.sha256(canonical_json(cs_json)).hexdigest()
        except (TypeError, ValueError):  # (not JSON: parsed, not kept)
            key = ""
        cached = _SETUP_CARD_SETS.get(key) if key else None
        if cached is None:
            try:
                cached = card_set_from_json(cs_json)
            except InvalidInputError as e:
                raise InvalidInputError("$.card_set" + e.path[1:], e.reason) from None
            if key:
                _SETUP_CARD_SETS[key] = cached
        card_set = cached
    decks = setup.get("decks")
    if not isinstance(decks, list | tuple) or len(decks) != 2 or not all(
            isinstance(d, list | tuple) for d in decks):
        raise InvalidInputError("$.decks", "expected two decks (lists of serials)")
    return Game(card_set, (tuple(decks[0]), tuple(decks[1])), setup.get("target", MAX_TARGET),
                dict(setup.get("variants") or {}), setup.get("max_duels"))


def default_setup() -> dict[str, Any]:
    """The JSON setup of the shipped default game: the two Starter decks (seat 0 plays
    ``starter-1``), the shipped card set by ``id``, target 1000, default readings."""
    return {"ruleset": RULESET, "card_set": {"id": default_card_set().id},
            "decks": [list(d.cards) for d in default_decks()], "target": MAX_TARGET,
            "variants": {}}


class PlayerState(NamedTuple):
    """One side of the table. Zones hold serials.

    ``online`` is top first; ``duel_zone`` is bottom first (the Rookie at index 0, the
    Digimon showing last); ``power_port`` is in play order; ``deck`` holds the cards not yet
    dealt (set-up only).
    """

    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    online: tuple[str, ...] = ()
    offline: tuple[str, ...] = ()
    duel_zone: tuple[str, ...] = ()
    digivolve_zone: tuple[str, ...] = ()
    power_port: tuple[str, ...] = ()
    score: int = 0
    passed: bool = False
    digivolved: bool = False
    pending_rookie: str | None = None
    acted: bool = False

    def to_json(self) -> dict[str, Any]:
        """The per-player object of the state JSON."""
        return _player_json(self)

    def zones(self) -> tuple[tuple[str, ...], ...]:
        """Every zone's cards (pending Rookie included), for card-conservation checks."""
        extra = (self.pending_rookie,) if self.pending_rookie else ()
        return (self.deck, self.hand, self.online, self.offline, self.duel_zone,
                self.digivolve_zone, self.power_port, extra)


class Play(NamedTuple):
    """A Power Option played this Duel: who, which card, and whether its condition held when
    played (used only under the DB-AMB-17 ``on-play`` reading)."""

    player: int
    card: str
    held: bool = True


class State(NamedTuple):
    """A Digi-Battle position: everything a referee sees. See docs/ARCHITECTURE.md."""

    game: Game
    players: tuple[PlayerState, PlayerState]
    phase: str = "setup"
    step: str = "choose_rookie"
    to_move: int | str | None = 0
    chance: tuple[Any, ...] | None = None  # ("coin_toss",) or ("shuffle", player, cards)
    duel: int = 1
    first_player: int | None = None
    coin_toss_winner: int | None = None
    last_duel_winner: int | None = None
    winner: int | None = None
    end_reason: str | None = None
    plays: tuple[Play, ...] = ()
    resume: tuple[Any, ...] | None = None  # what continues after a recycle shuffle

    def to_json(self, player_json: Callable[[PlayerState], Any] | None = None,
                variants_json: Any = None) -> dict[str, Any]:
        """The state in its JSON form (``schemas/state.schema.json``).

        :param player_json: what stands for each player's part (default: its JSON form,
            :meth:`PlayerState.to_json`); an encoder passes a function giving the part
            already encoded.
        :param variants_json: what stands for the readings' map (default: a new ``dict`` of
            them); an encoder passes the map already encoded (the same in every state of a
            game).
        """
        powers = None
        first, second = self.players
        if first.duel_zone and second.duel_zone:  # (both have a Digimon in play)
            powers = [digimon_power(self, 0), digimon_power(self, 1)]
        chance = None
        if self.chance is not None:
            chance = ({"kind": "coin_toss"} if self.chance[0] == "coin_toss" else
                      {"kind": "shuffle", "player": self.chance[1], "cards": list(self.chance[2])})
        return {
            "ruleset": RULESET,
            "target": self.game.target,
            "variants": dict(self.game.variants) if variants_json is None
            else variants_json,
            "phase": self.phase,
            "step": self.step,
            "to_move": self.to_move,
            "chance": chance,
            "duel": self.duel,
            "first_player": self.first_player,
            "coin_toss_winner": self.coin_toss_winner,
            "last_duel_winner": self.last_duel_winner,
            "digimon_power": powers,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "plays": [{"player": p.player, "card": p.card, "held": p.held} for p in self.plays],
            "resume": _resume_json(self.resume),
            "players": [(player_json or _player_json)(p) for p in self.players],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any], game: Game) -> State:
        """Rebuild a state from its JSON form for ``game``.

        :raises InvalidInputError: a missing or mistyped field, or a card serial that is not
            in the game's card set, with its JSON path.
        """
        from oracle.validation import validate

        validate(d, "state")
        if game is not None:  # (the invariants' round trip rebuilds a state without one)
            _check_serials(d, game)
            _check_conservation(d, game)
            _check_resume(d)
        ch = d.get("chance")
        chance = None
        if ch is not None:
            chance = (("coin_toss",) if ch["kind"] == "coin_toss"
                      else ("shuffle", ch["player"], tuple(ch["cards"])))
        players = tuple(
            PlayerState(
                deck=tuple(p.get("deck", ())), hand=tuple(p["hand"]), online=tuple(p["online"]),
                offline=tuple(p["offline"]), duel_zone=tuple(p["duel_zone"]),
                digivolve_zone=tuple(p["digivolve_zone"]), power_port=tuple(p["power_port"]),
                score=p["score"], passed=p["passed"], digivolved=p["digivolved"],
                pending_rookie=p.get("pending_rookie"), acted=p.get("acted", False),
            )
            for p in d["players"]
        )
        return cls(
            game=game, players=players,  # type: ignore[arg-type]
            phase=d["phase"], step=d["step"], to_move=d["to_move"], chance=chance,
            duel=d["duel"], first_player=d.get("first_player"),
            coin_toss_winner=d.get("coin_toss_winner"),
            last_duel_winner=d.get("last_duel_winner"), winner=d.get("winner"),
            end_reason=d.get("end_reason"),
            plays=tuple(Play(x["player"], x["card"], x.get("held", True))
                        for x in d.get("plays", ())),
            resume=_resume_from_json(d.get("resume")),
        )

    def is_terminal(self) -> bool:
        """True when the game is over (``phase == "game_over"``)."""
        return self.phase == "game_over"

    def card(self, serial: str) -> Any:
        """The card with ``serial`` in this game's card set."""
        return self.game.card_set.cards[serial]


_ZONES = ("deck", "hand", "online", "offline", "duel_zone", "digivolve_zone", "power_port")
#: The most cards a hand holds: DB-A.2 deals 10, DB-D.1 restores the hand to 10.
HAND_SIZE = 10


def _check_serials(d: Mapping[str, Any], game: Game) -> None:
    """Every card a schema-valid state names is in ``game``'s card set (DB-A.0: the cards
    played are the set's): the rules look each one up.

    :raises InvalidInputError: the JSON path of the first unknown serial."""
    cards = game.card_set.cards

    def check(path: str, serial: Any) -> None:
        if serial not in cards:
            raise InvalidInputError(path, f"card {str(serial)[:40]!r} is not in the game's "
                                    f"card set {game.card_set.id!r}")

    for i, p in enumerate(d["players"]):
        for zone in _ZONES:
            for j, serial in enumerate(p.get(zone, ())):
                check(f"$.players[{i}].{zone}[{j}]", serial)
        if p.get("pending_rookie") is not None:
            check(f"$.players[{i}].pending_rookie", p["pending_rookie"])
    ch = d.get("chance")
    if ch is not None and ch.get("kind") == "shuffle":
        for j, serial in enumerate(ch["cards"]):
            check(f"$.chance.cards[{j}]", serial)
    for j, x in enumerate(d.get("plays", ())):
        check(f"$.plays[{j}].card", x["card"])
    for j, t in enumerate(((d.get("resume") or {}).get("then")) or ()):
        for k, serial in enumerate(t["cards"]):
            check(f"$.resume.then[{j}].cards[{k}]", serial)


def _check_conservation(d: Mapping[str, Any], game: Game) -> None:
    """DB-A.0 (each player plays a 30-card deck) with DB-A.2, DB-D.2 and DB-D.3 (cards only
    move between their owner's zones: dealt, drawn, played, sent Offline, recycled Online;
    no rule takes a card out of the game or gives it to the other player): in every
    position each player's zones hold exactly the 30 cards of their deck (as many copies of
    each card as the deck has). With them the two zones whose size the rules bound: the
    hand is dealt 10 cards (DB-A.2) and only ever restored to 10 (DB-D.1), never more; the
    deck (cards not yet dealt) is empty once the set-up is over, since the deal that ends it
    takes every card (DB-A.2). A position that breaks one of these is no position of this
    game, and the rules say nothing of it.

    :raises InvalidInputError: the path of the first player (or zone) that differs."""
    dealt = d["phase"] != "setup"
    for i, p in enumerate(d["players"]):
        if len(p["hand"]) > HAND_SIZE:
            raise InvalidInputError(
                f"$.players[{i}].hand", f"DB-D.1: player {i} holds {len(p['hand'])} cards: a "
                "hand is dealt 10 (DB-A.2) and only ever restored to 10, never more")
        if dealt and p.get("deck"):
            raise InvalidInputError(
                f"$.players[{i}].deck", f"DB-A.2: player {i} has cards not yet dealt after "
                "the set-up: the deal that ends it takes every card of the deck")
        held = Counter(c for zone in _ZONES for c in p.get(zone, ()))
        if p.get("pending_rookie") is not None:
            held[p["pending_rookie"]] += 1
        deck = Counter(game.decks[i])
        if held != deck:
            missing = sorted((deck - held).elements())
            extra = sorted((held - deck).elements())
            raise InvalidInputError(
                f"$.players[{i}]", f"DB-A.0: player {i}'s zones do not hold exactly the "
                f"{len(game.decks[i])} cards of their deck (missing {missing}, extra "
                f"{extra}): cards never leave their owner's zones")


def _check_resume(d: Mapping[str, Any]) -> None:
    """DB-D.3: a player whose Online deck reaches zero recycles "before play resumes", so
    play resumes where the recycle stopped it: a recycle's resume point names the
    position's own phase and step (the recycle is asked at the end of an action, after which
    nothing moves the phase or step until play resumes). A resume point naming another is no
    position of this game.

    :raises InvalidInputError: ``$.resume.phase`` or ``$.resume.step`` when it differs."""
    r = d.get("resume")
    if r is None:
        return
    for key in ("phase", "step"):
        if r[key] != d[key]:
            raise InvalidInputError(
                f"$.resume.{key}", f"DB-D.3: the recycle would resume play at {key} "
                f"{r[key]!r}, not where it stopped ({d[key]!r}): play resumes where the "
                "recycle stopped it")


def _player_json(p: PlayerState) -> dict[str, Any]:
    return {
        "deck": list(p.deck), "hand": list(p.hand), "online": list(p.online),
        "offline": list(p.offline), "duel_zone": list(p.duel_zone),
        "digivolve_zone": list(p.digivolve_zone), "power_port": list(p.power_port),
        "score": p.score, "passed": p.passed, "digivolved": p.digivolved,
        "pending_rookie": p.pending_rookie, "acted": p.acted,
    }


def _resume_json(r: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if r is None:
        return None
    phase, step, to_move, owed_player, owed_draw, owed_pay, then = r
    return {"phase": phase, "step": step, "to_move": to_move, "owed_player": owed_player,
            "owed_draw": owed_draw, "owed_payment": owed_pay,
            "then": [{"player": p, "cards": list(c)} for p, c in then] if then else None}


def _resume_from_json(d: Mapping[str, Any] | None) -> tuple[Any, ...] | None:
    if d is None:
        return None
    then = d.get("then")
    return (d["phase"], d["step"], d["to_move"], d.get("owed_player"), d.get("owed_draw", 0),
            d.get("owed_payment", 0),
            [[t["player"], list(t["cards"])] for t in then] if then else None)


# ------------------------------------------------------------------------------------------
# Actions

ACTION_TYPES: tuple[str, ...] = (
    "choose_rookie", "shuffle", "coin_toss", "prepare", "change_rookie", "ready", "digivolve",
    "pass", "play_option", "discard", "draw",
)
"""Every action type, in the canonical order ``legal_actions`` lists them."""

METHODS = ("tribute", "digivice", "dna", "ultra")


class Action(NamedTuple):
    """One move. Unused fields stay at their defaults and are left out of the JSON form.

    - ``choose_rookie(player, card)`` — DB-A.1
    - ``shuffle(player, order)`` — chance: the new order, top first (DB-A.2, DB-D.2, DB-D.3)
    - ``coin_toss(winner)`` — chance (DB-B.1)
    - ``prepare(player, card[, support])`` — face down on the Digivolve Zone (DB-B.0, DB-D.5)
    - ``change_rookie(player, card)`` — DB-D.4
    - ``ready(player)`` — done preparing
    - ``digivolve(player, card, method[, support, payment, source])`` — DB-B.2, DB-B.3
    - ``pass(player)`` — DB-B.5 (Digivolve phase) or DB-C.3 (Battle phase)
    - ``play_option(player, card[, discard, target])`` — DB-C.1, DB-C.2
    - ``discard(player, card)`` and ``draw(player)`` — DB-D.1
    """

    type: str
    player: int | None = None
    card: str | None = None
    method: str | None = None
    support: str | None = None
    payment: tuple[str, ...] = ()
    source: str | None = None
    discard: tuple[str, ...] = ()
    target: int | None = None
    order: tuple[str, ...] = ()
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"type": ..., "player": ..., ...}`` without unset fields."""
        (type_, player, card, method, support, payment, source, discard, target, order,
         winner) = self
        d: dict[str, Any] = {"type": type_}
        # (the key order of the JSON form: player, card, method, support, source, target,
        # winner, then the lists payment, discard, order)
        if player is not None:
            d["player"] = player
        if card is not None:
            d["card"] = card
        if method is not None:
            d["method"] = method
        if support is not None:
            d["support"] = support
        if source is not None:
            d["source"] = source
        if target is not None:
            d["target"] = target
        if winner is not None:
            d["winner"] = winner
        if payment:
            d["payment"] = list(payment)
        if discard:
            d["discard"] = list(discard)
        if order:
            d["order"] = list(order)
        return d

    def __str__(self) -> str:
        parts = [self.type if self.player is None else f"p{self.player} {self.type}"]
        if self.card:
            parts.append(self.card)
        for k in ("method", "support", "source", "target", "winner"):
            v = getattr(self, k)
            if v is not None:
                parts.append(f"{k}={v}")
        for k in ("payment", "discard"):
            if getattr(self, k):
                parts.append(f"{k}={','.join(getattr(self, k))}")
        if self.order:
            parts.append(f"order=[{len(self.order)} cards]")
        return " ".join(parts)


@lru_cache(maxsize=1 << 14, typed=True)
def shared_action(type_: str, player: int | None = None, card: str | None = None,
                  method: str | None = None, support: str | None = None,
                  payment: tuple[str, ...] = (), source: str | None = None,
                  discard: tuple[str, ...] = (), target: int | None = None) -> Action:
    """``Action(type_, player, card, ...)``, built once per distinct value and then shared.

    A speed-up only: actions are immutable values compared by value, so returning the same
    object for equal arguments cannot be told from building a new one, and the legal-action
    lists rebuild the same few actions (one ``prepare`` per card in hand, each way to play a
    Power Option, ...) at almost every step. The cache is bounded (least recently used go).
    """
    return Action(type_, player, card, method, support, payment, source, discard, target)


PASS = (Action("pass", 0), Action("pass", 1))
"""``pass`` of player 0 and of player 1, built once (see :func:`shared_action`)."""
READY = (Action("ready", 0), Action("ready", 1))
"""``ready`` of player 0 and of player 1, built once (see :func:`shared_action`)."""


_FIELDS = {
    "player": int, "card": str, "method": str, "support": str, "source": str, "target": int,
    "winner": int, "payment": list, "discard": list, "order": list,
}


def action_from_json(d: Any, path: str = "$") -> Action:
    """Parse an action's JSON form.

    :raises InvalidInputError: not an object, unknown type or field, wrong field type.
    """
    if not isinstance(d, Mapping):
        raise InvalidInputError(path, f"an action must be an object, found {type(d).__name__}")
    t = d.get("type")
    if t not in ACTION_TYPES:
        raise InvalidInputError(f"{path}.type", f"unknown action type {t!r}")
    kw: dict[str, Any] = {}
    for k, v in d.items():
        if k == "type":
            continue
        typ = _FIELDS.get(k)
        if typ is None:
            raise InvalidInputError(f"{path}.{k}", f"unknown field for action {t!r}")
        if v is None:
            continue
        if typ is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise InvalidInputError(f"{path}.{k}", f"expected an integer, found {v!r}")
        if typ is str and not isinstance(v, str):
            raise InvalidInputError(f"{path}.{k}", f"expected a string, found {v!r}")
        if typ is list:
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise InvalidInputError(f"{path}.{k}", "expected an array of card serials")
            v = tuple(v)
        kw[k] = v
    if kw.get("player") not in (None, 0, 1):
        raise InvalidInputError(f"{path}.player", f"expected 0 or 1, found {kw['player']!r}")
    return Action(t, **kw)


class Event(NamedTuple):
    """Something that happened, with the clause that caused it.

    ``data`` holds event-specific fields (e.g. ``points``, ``cards``).
    """

    type: str
    clause: str
    player: int | None = None
    data: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"type", "clause", "player", ...data}``."""
        d: dict[str, Any] = {"type": self.type, "clause": self.clause, "player": self.player}
        if self.data:
            d.update(self.data)
        return d

"""What the differential random games need to know about each ruleset.

:mod:`digiconform.verifier.differential` plays, shrinks and explains random games the same way for
every ruleset; the ruleset-specific parts live here, one :class:`GameHooks` per ruleset:

- the setups drawn (decks in either seat; a target for Digi-Battle), and the smaller setups the
  shrinker may try;
- how to pick a chance outcome (a coin toss or rock-paper-scissors winner, a shuffle order);
- *probes*: actions that are most likely illegal where they are sent, so that refusals (and
  the clause they cite) are compared too;
- the action types the shrinker weighs;
- which state fields each event type changes, most specific event first (to name the clause a
  state divergence breaks) and each action type's home clause (for a refusal with no event).

Clause IDs: ``docs/rules/CLAUSES.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

#: ``pick(n)`` -> an integer in ``range(n)``; ``permute(items)`` -> the items in some order.
Pick = Callable[[int], int]
Permute = Callable[[list[str]], list[str]]


@dataclass(frozen=True)
class GameHooks:
    """The ruleset-specific parts of the differential games (see the module docstring).

    :param ruleset: the ruleset name (``digibattle``, ``dcg``).
    :param new_game: ``new_game(game) -> state`` of the ruleset.
    :param legal_actions: ``legal_actions(state) -> tuple[Action, ...]``.
    :param apply: ``apply(state, action) -> (state, events)``.
    :param action_from_json: action JSON -> ``Action``.
    :param draw_setup: ``draw_setup(draw, readings) -> setup`` (a driver setup JSON drawn
        with ``draw``: :class:`~digiconform.verifier.differential.Draw`, ``pick(n)`` and
        ``sample(items)``).
    :param shrink_setups: ``shrink_setups(setup) -> [setup, ...]``: the setup itself first,
        then smaller variants worth trying while shrinking (e.g. lower targets).
    :param chance: ``chance(state, pick, permute) -> Action``: an outcome of the chance node.
    :param probes: ``probes(state, legal) -> [action JSON]``: likely-illegal actions for the
        player to move.
    :param chance_probes: ``chance_probes(state) -> [action JSON]``: wrong answers at a chance
        node.
    :param action_types: the action types the shrinker weighs.
    :param event_fields: ``(event type, state fields it changes)``, most specific first.
    :param specific: events before this one in ``event_fields`` are *specific*: the shrinker
        reproduces them whatever action caused them.
    :param home_clause: action type -> the clause a refusal of it cites when nothing else
        does.
    :param unexplained: ``(field, clause)``: when ``field`` differs and none of the oracle's
        events at that step changes it, the implementation did something the rules did not
        call for there, and ``clause`` is the rule that says when it may happen (e.g. a turn
        ending early: the turn-end condition).
    :param consequences: ``(field, cause)``: an :attr:`unexplained` ``field`` that follows
        from ``cause`` (a game won on a score the oracle does not give); when ``cause``
        differs too and one of the oracle's events at that step changes it, that event's
        rule is the one broken, not the rule of ``field``.
    :param leaves_at: event type -> the ``(phase, step)`` it leaves the game in: when the
        implementation's phase and step differ and are those an event of the step left the
        game in, it stopped there, and the next event that changes the phase names the
        clause (a new Duel begun, DB-D.6, and its Digivolve phase not skipped, DB-B.6).
    :param setup_clause: the clause of a set-up refused with no clause named (deck
        construction: DB-A.0, "CR4.2 Deck construction").
    :param check_state: ``check_state(state)`` raises (an exception naming the clause) when
        ``state`` breaks a rule invariant that holds in every position of the game; None
        when the ruleset has no such checks. Used on a state taken over from an
        implementation before the oracle plays on from it.
    :param turn_ends: event types that end a turn: one step may end a turn and play on into
        the next (a DCG pass ending turn 3, turn 4's start-of-turn processing ending it at
        once, DCG-6-2-1-2). When the implementation's ``turn`` differs, the events of the
        turn it stands in name the clause (the turns before it ended as the rules say);
        when it ended more turns than the oracle, the :attr:`turn_fields` follow from what
        made it end (memory), not from the oracle's turn end.
    :param turn_fields: the fields a turn's end changes (see :attr:`turn_ends`).
    :param turn_cause: the field a turn's end follows from (DCG: ``memory``, DCG-6-1-4-1):
        when the implementation ended more turns than the oracle in one step, the first
        event of the action's own turn that changes it names the clause.
    :param turn_condition: the clause of the turn-end condition (DCG-6-1-4-1): when one side
        ended a turn of the step that the other did not (:attr:`turn_ends`) with the memory
        gauge at the same position on both (equal memory seen from two turn players:
        opposite values), the two judged the condition itself otherwise, whichever phase
        applied it (a main-phase pass, DCG-6-6-1, or start-of-turn processing, DCG-6-2-1-2).
    :param opponent_fields: ``(event type, fields)``: fields an event changes for its
        player's opponent (a DCG security check is the attacker's event; the security and
        trash it changes are the defender's).
    :param field_clauses: ``(field, clause, unless)``: a differing ``field`` is ``clause``'s
        whatever the events of the step, unless a field or an oracle event type in
        ``unless`` differs or occurs there too (a Digimon Power computed wrongly from the
        same cards is the power rule's, DB-A.4, not the rule of the move that showed it;
        a Power Option's condition judged wrongly, ``held``, is DB-C.2's).
    :param starts: ``(event type, field)`` pairs: an event that starts a round with the
        player ``field`` names before the step (Digi-Battle: ``duel_started``, DB-D.6, with
        the ``first_player`` the last Duel's end decided; ``battle_started``, DB-C.1, with
        the player ``to_move`` where it occurs). A state divergence at a step with
        that event which the oracle reproduces when ``field`` names the other player is that
        event's rule's, whatever field showed it first (the wrong player Digivolving first
        and passing by force shows as a ``passed`` flag, the wrong one to move as
        ``to_move``).
    :param card_keys: the keys under which an event names the cards it moves (Digi-Battle:
        ``cards``, ``online_to_offline``, ...). A card that lies elsewhere in the
        implementation's state than in the oracle's was last moved, in the oracle's step, by
        the last event naming it that changes that zone; the first such event of the step
        (in the order they happened) names the clause: what the oracle did later in the
        step follows from it (an Online deck run out by a Use Requirement paid from it,
        DB-C.2, is cleaned up under DB-D.3; an engine that did not pay broke DB-C.2).
        Empty: the events are ranked as :attr:`event_fields` says.
    :param gauge_limit: ``(limit, clause)``: the :attr:`turn_cause` gauge never goes past
        ``limit`` either way, by the rule ``clause`` (DCG: 10, ``CR4.2 Memory``); used by
        :func:`~digiconform.verifier.differential.gauge_hypotheses`. None: no such gauge.
    :param end_begins: event types that begin a turn's end, before effects waiting there
        are resolved and the turn ends (:attr:`turn_ends`; DCG: ``end_of_turn``,
        DCG-6-6-1/2).
    :param moves: ``(event type, "from>to ...")``: the card moves each event type makes,
        from zone to zone of the player whose zone it is (the event's player, or the
        opponent for :attr:`opponent_fields`), whether or not the event names the cards (a
        draw gives only a count; an event that skips a move, the move it skips). A card that
        lies elsewhere in the implementation's state
        than in the oracle's is followed through them
        (:func:`~digiconform.verifier.differential._card_mover`). The oracle's events are
        not changed for it (they are in the state hashes): the table reads them.
    :param flow_fields: the game-flow fields (the phase, who wins) whose change, made by the
        implementation where no oracle event of the step makes it, is named by the rule that
        governs that change in the oracle's own play
        (:func:`~digiconform.verifier.differential.flow_transitions`).
    :param object_keys: the keys under which an event names the objects (by ``id``, one or a
        list) it acts on (DCG: ``stack``, ``stacks``): a field of that object left otherwise
        than the oracle left it, by an action that names it, is that event's rule
        (:func:`~digiconform.verifier.differential._object_clause`).
    :param start_phases: the phases of a turn's start-of-turn processing (DCG: ``unsuspend``,
        DCG-6-2-1): a turn an :attr:`end_begins` event ends in one of them was cut short
        there, and what the rules then skip for its player (DCG-6-2-1-2) is
        :attr:`unexplained`'s, whatever the step does for the other player
        (:func:`~digiconform.verifier.differential._unexplained`).
    :param opens: ``(phase, step, clause)``: ``clause`` says who makes the first decision
        when the game enters ``(phase, step)`` (Digi-Battle: the Digivolve phase's reveal,
        DB-B.2 "The first player turns the Digivolve Zone card face up"). A step that enters
        it, where the oracle with the other player to move there (and the forced actions
        after) gives the implementation's answer, broke ``clause``, whatever action led
        there (a coin toss, the Regroup's last ``ready``) and whatever field showed it (the
        wrong player passing by force shows as a ``passed`` flag).
    :param phases: ``(phase, clause)``, the phases of a turn in their order (DCG-6-1-2),
        each with the clause of that phase's own rule (DCG: the Breeding phase, DCG-6-4-1):
        a phase the oracle entered in the step, where the implementation stands in a later
        phase of the same turn, was skipped, and that phase's rule is the one broken, not
        the rule of the action whose step reached it (a cost that ended the turn).
    :param mistimed: context managers within each of which the oracle reads each triggered
        effect's timing otherwise than it names it: for both players, or for the other one
        (DCG: a [Start of Your Turn] effect triggered at the start of its owner's opponent's
        turn too): a step whose answer there (or after the forced actions that follow) is the
        implementation's, where the oracle's own answer is not, is the
        :attr:`trigger_clause`'s (CR4.2 Triggered effects: an effect triggers when its
        condition, its timing, is met), whatever field showed it.
    :param trigger_clause: see :attr:`mistimed`.
    :param event_clauses: ``(step, event type, clause, field)``: an event the oracle emits,
        under a clause it shares with other steps, in a step taken from the state ``step``
        (the state's ``step`` before the action) is ``clause``'s there, when the oracle's
        state before the step is known and ``field`` (if not empty) differs
        (:func:`~digiconform.verifier.differential.in_step`).
    """

    ruleset: str
    new_game: Callable[[Any], Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    action_from_json: Callable[[Any], Any]
    draw_setup: Callable[[Any, Mapping[str, str]], dict[str, Any]]
    shrink_setups: Callable[[Mapping[str, Any]], list[dict[str, Any]]]
    chance: Callable[[Any, Pick, Permute], Any]
    probes: Callable[[Any, Sequence[Any]], list[Mapping[str, Any]]]
    chance_probes: Callable[[Any], list[Mapping[str, Any]]]
    action_types: tuple[str, ...]
    event_fields: tuple[tuple[str, frozenset[str]], ...]
    specific: str
    home_clause: Mapping[str, str]
    unexplained: tuple[tuple[str, str], ...] = ()
    consequences: tuple[tuple[str, str], ...] = ()
    check_state: Callable[[Any], None] | None = None
    turn_ends: frozenset[str] = frozenset()
    turn_fields: frozenset[str] = frozenset()
    field_clauses: tuple[tuple[str, str, frozenset[str]], ...] = ()
    setup_clause: str | None = None
    leaves_at: Mapping[str, tuple[str, str]] | None = None
    turn_cause: str = ""
    turn_condition: str = ""
    starts: tuple[tuple[str, str], ...] = ()
    card_keys: tuple[str, ...] = ()
    opponent_fields: tuple[tuple[str, frozenset[str]], ...] = ()
    gauge_limit: tuple[int, str] | None = None
    end_begins: frozenset[str] = frozenset()
    start_phases: frozenset[str] = frozenset()
    event_clauses: tuple[tuple[str, str, str, str], ...] = ()
    moves: tuple[tuple[str, str], ...] = ()
    flow_fields: tuple[str, ...] = ()
    object_keys: tuple[str, ...] = ()
    opens: tuple[tuple[str, str, str], ...] = ()
    phases: tuple[tuple[str, str], ...] = ()
    mistimed: tuple[Callable[[], Any], ...] = ()
    trigger_clause: str = ""

    @property
    def moves_of(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """Event type -> its card moves ``(from zone, to zone)`` (:attr:`moves`)."""
        out: dict[str, list[tuple[str, str]]] = {}
        for ev, spec in self.moves:
            for pair in spec.split():
                a, b = pair.split(">")
                out.setdefault(ev, []).append((a, b))
        return {k: tuple(v) for k, v in out.items()}

    @property
    def move_zones(self) -> frozenset[str]:
        """Every zone a card moves from or to in :attr:`moves`."""
        return frozenset(z for pairs in self.moves_of.values() for p in pairs for z in p)

    @property
    def priority(self) -> dict[str, int]:
        """Event type -> rank in :attr:`event_fields` (0 = most specific)."""
        return {name: i for i, (name, _) in enumerate(self.event_fields)}

    def is_specific(self, event_type: str) -> bool:
        """Is ``event_type`` worth reproducing whatever action caused it?"""
        pr = self.priority
        return pr.get(event_type, 999) < pr[self.specific]

    def is_over(self, state: Any) -> bool:
        """The game has ended (nobody is to move)."""
        return state.to_move is None


def _last_answer(legal_actions: Callable[[Any], tuple[Any, ...]]
                 ) -> Callable[[Any], tuple[Any, ...]]:
    """``legal_actions`` remembering its last answer: the lockstep game asks for the legal
    actions of one position twice (to choose, and to compare the implementation's list).
    States are immutable values, so the same object has the same answer."""
    last: list[Any] = [None, ()]

    def legal(state: Any) -> tuple[Any, ...]:
        if state is not last[0]:
            last[1] = legal_actions(state)
            last[0] = state
        return last[1]  # type: ignore[no-any-return]

    return legal


def _fields(table: Sequence[tuple[str, str]]) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((name, frozenset(fields.split())) for name, fields in table)


def hooks(ruleset: str) -> GameHooks:
    """The hooks of ``ruleset``.

    :raises InvalidInputError: an unknown ruleset (path ``$.ruleset``).
    """
    from oracle.errors import InvalidInputError

    if ruleset == "digibattle":
        return _digibattle()
    if ruleset == "dcg":
        return _dcg()
    raise InvalidInputError("$.ruleset", f"no random games for ruleset {ruleset!r}")


# ---------------------------------------------------------------------------------------------
# Digi-Battle

TARGETS = (1000, 100, 300, 600)
"""Round target scores drawn (DB-C.9); lower targets end games sooner."""

ODD_TARGETS = (101, 199, 301, 401, 499, 601, 701, 901)
"""Targets one point above or below a multiple of 100: every score of the shipped cards is a
multiple of 100, so only these tell an engine that ends the game at target - 1 (or at
target + 1) from a correct one."""


def db_setup(target: int = 1000, swap: bool = False,
             variants: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A Digi-Battle setup with the bundled card set and the two Starter decks."""
    decks = [list(d) for d in _starter_decks()]
    if swap:
        decks.reverse()
    return {"ruleset": "digibattle", "card_set": {"id": _card_set_id()},
            "decks": decks, "target": target, "variants": dict(variants or {})}


@cache
def _starter_decks() -> tuple[tuple[str, ...], ...]:
    from oracle import rulesets

    return tuple(tuple(d) for d in rulesets.get("digibattle").default_setup()["decks"])


@cache
def _card_set_id() -> str:
    from oracle import rulesets

    return str(rulesets.get("digibattle").default_setup()["card_set"]["id"])


#: One game in ``BUILT_DECKS`` is played with two decks built from the whole bundled card
#: set (:func:`built_deck`), the others with the two Starter decks.
BUILT_DECKS = 3


#: The decks the random games draw from (``verify --deck``/``--deck-file``), or None: each
#: ruleset's own choice (below). Set with :func:`drawing_decks`.
DECKS: dict[str, tuple[Any, ...]] = {}


@contextmanager
def drawing_decks(ruleset: str, decks: Sequence[Any]) -> Iterator[None]:
    """Within the block, the random games of ``ruleset`` draw each seat's deck from
    ``decks`` (Digi-Battle: lists of serials; dcg: shipped deck names or deck objects), in
    place of the default choice; an empty ``decks`` keeps the default."""
    before = DECKS.get(ruleset)
    if decks:
        DECKS[ruleset] = tuple(decks)
    try:
        yield
    finally:
        if before is None:
            DECKS.pop(ruleset, None)
        else:
            DECKS[ruleset] = before


def _chosen_decks(ruleset: str, draw: Any) -> list[Any] | None:
    """Two decks drawn from :data:`DECKS` (seat 0, seat 1), or None when none were given."""
    decks = DECKS.get(ruleset)
    if not decks:
        return None
    return [decks[draw.pick(len(decks))], decks[draw.pick(len(decks))]]


def _db_draw_setup(draw: Any, readings: Mapping[str, str]) -> dict[str, Any]:
    """The two Starter decks (either seat first), or in part of the games (``BUILT_DECKS``)
    two decks built from the whole card set (:func:`built_deck`), so that the booster Power
    Options and most DNA and DIGIVICE Digivolves come up too. DB-C.9 allows any agreed
    target (1 … 1000): round ones, ones next to a multiple of 100, and any other value."""
    kind = draw.pick(3)
    target = (draw.sample(TARGETS) if kind == 0 else draw.sample(ODD_TARGETS) if kind == 1
              else 1 + draw.pick(1000))
    swap = draw.pick(2) == 1
    setup = db_setup(target, swap, readings)
    chosen = _chosen_decks("digibattle", draw)
    if chosen is not None:
        setup["decks"] = [list(d) for d in chosen]
    elif draw.pick(BUILT_DECKS) == BUILT_DECKS - 1:
        setup["decks"] = [built_deck(draw.pick, draw.permute),
                          built_deck(draw.pick, draw.permute)]
    return setup


def built_deck(pick: Pick, permute: Permute, size: int = 30) -> list[str]:
    """A legal deck (``size`` distinct supported cards with a Rookie, DB-A.0, DB-A.1, DB-A.5)
    of the bundled card set, drawn with ``pick`` and ``permute`` along Digivolve families: two to
    four Rookies, then (in a drawn order) Digimon whose Digivolve Requirements (DB-B.3:
    tribute or DIGIVICE from a name in the deck, DNA partners by name or level in it) the
    deck already meets, up to about 18 Digimon, four to ten Power Options, the rest at
    random. Returns the serials, sorted."""
    cards = _db_card_set().cards
    order = permute(list(_supported_serials()))
    rookies = [s for s in order if getattr(cards[s], "level", None) == "Rookie"]
    deck = rookies[:2 + pick(3)]
    have = set(deck)
    digimon_max = 14 + pick(7)
    grown = True
    while grown and len(deck) < digimon_max:
        grown = False
        names = {cards[s].name for s in deck}
        levels = {getattr(cards[s], "level", None) for s in deck}
        for s in order:
            c = cards[s]
            if s in have or c.kind != "digimon" or c.level == "Rookie" \
                    or not _meets(c, names, levels):
                continue
            deck.append(s)
            have.add(s)
            names.add(c.name)
            levels.add(c.level)
            grown = True
            if len(deck) >= digimon_max:
                break
    options = [s for s in order if cards[s].kind == "power_option"]
    deck += options[:4 + pick(7)]
    have = set(deck)
    deck += [s for s in order if s not in have][:size - len(deck)]
    return sorted(deck[:size])


@cache
def _supported_serials() -> tuple[str, ...]:
    """The bundled card set's supported cards' serials, sorted (what :func:`built_deck`
    draws from)."""
    return tuple(sorted(s for s, c in _db_card_set().cards.items() if c.supported))


def _meets(card: Any, names: set[str], levels: set[Any]) -> bool:
    """Can ``card`` Digivolve from a deck holding ``names`` (and Digimon of ``levels``)?"""
    for r in card.requirements:
        if r.kind == "dna":
            if all(p.name in names if p.name else p.level in levels for p in r.partners):
                return True
        elif r.source in names:
            return True
    return False


@cache
def _db_card_set() -> Any:
    """The bundled card set (the card model, through the ruleset's ``game_from_setup``)."""
    from oracle import rulesets

    return rulesets.get("digibattle").game_from_setup(db_setup()).card_set


def _db_shrink_setups(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    target = int(setup.get("target", 1000))
    lower = sorted({t for t in (*TARGETS, *ODD_TARGETS) if t < target}
                   | ({target - 100} if target > 100 else set()))
    return [dict(setup)] + [{**setup, "target": t} for t in lower]


def _db_chance(state: Any, pick: Pick, permute: Permute) -> Any:
    from oracle import rulesets

    due = state.chance  # ("coin_toss",) or ("shuffle", player, sorted cards)
    action = rulesets.get("digibattle").action_from_json
    if due[0] == "coin_toss":
        return action({"type": "coin_toss", "winner": pick(2)})
    return action({"type": "shuffle", "player": due[1], "order": permute(list(due[2]))})


def _db_probes(state: Any, acts: Sequence[Any]) -> list[Mapping[str, Any]]:
    """Actions that are (most likely) illegal here, each checking a refusal clause."""
    p = state.to_move
    me = state.players[p]
    hand = set(me.hand)
    not_in_hand = next((s for s in sorted(state.game.card_set.cards) if s not in hand), "ST-01")
    return [
        {**acts[0].to_json(), "player": 1 - p},            # not your turn
        {"type": "coin_toss", "winner": 0},                # no chance due
        {"type": "pass", "player": p},
        {"type": "draw", "player": p},
        {"type": "ready", "player": p},
        {"type": "play_option", "player": p, "card": not_in_hand},
        {"type": "prepare", "player": p, "card": not_in_hand},
        {"type": "digivolve", "player": p, "card": not_in_hand, "method": "tribute"},
    ]


def _db_chance_probes(state: Any) -> list[Mapping[str, Any]]:
    due = state.chance
    out: list[Mapping[str, Any]] = [{"type": "pass", "player": 0}]
    if due[0] == "coin_toss":
        out.append({"type": "shuffle", "player": 0, "order": []})
    else:
        out.append({"type": "coin_toss", "winner": 1})
        out.append({"type": "shuffle", "player": due[1], "order": list(due[2])[1:]})
    return out


_DB_EVENT_FIELDS = _fields((
    ("use_it_or_lose_it", "digivolve_zone offline passed"),
    ("online_exhausted", "online offline duel_zone power_port digivolve_zone to_move "
                         "chance step resume hand pending_rookie"),
    ("recycled", "online offline to_move chance hand resume"),
    ("game_won", "phase step winner to_move end_reason"),
    ("game_stopped", "phase step winner to_move end_reason"),
    # A skipped Digivolve phase explains the phase change better than the Battle's start
    # (or a tie of the Battle that follows it in the same step).
    ("digivolve_phase_skipped", "phase step"),
    ("duel_tied", "score duel_zone offline power_port first_player to_move winner phase "
                  "last_duel_winner"),
    # Who is to move when a new Duel starts is DB-D.6's (the last Duel's winner, or after a
    # tie the player who went first), not the rule of the Regroup move that ended the Duel
    # before it, nor of the forced passes after it.
    ("duel_started", "duel to_move phase step"),
    ("rookie_changed", "duel_zone offline pending_rookie"),
    ("downgraded", "duel_zone offline digimon_power"),
    ("hand_sent_offline", "hand offline"),
    ("payment_forgiven", "online offline"),
    ("milled", "online offline"),
    ("next_first_player", "first_player to_move"),
    ("points_scored", "score"),
    ("duel_won", "first_player last_duel_winner score"),
    ("digimon_sent_offline", "duel_zone offline"),
    ("power_options_offline", "power_port offline duel_zone"),
    ("coin_toss", "first_player coin_toss_winner to_move"),
    ("digivolved", "duel_zone digivolve_zone digivolved hand digimon_power"),
    ("support_placed", "power_port hand"),
    ("payment", "online offline hand"),
    ("effect_void", "power_port hand digimon_power"),
    ("use_requirement", "hand offline online"),
    ("option_played", "power_port hand digimon_power plays to_move"),
    ("passed", "passed to_move phase step"),
    ("prepared", "digivolve_zone hand power_port to_move step"),
    ("rookie_change_set", "pending_rookie hand"),
    ("drew", "hand online to_move step"),
    ("discarded", "hand offline"),
    ("dealt", "hand online deck"),
    ("rookie_chosen", "duel_zone deck to_move"),
    ("battle_started", "phase step to_move passed"),
))


#: The card moves of each Digi-Battle event (GameHooks.moves), read from the oracle's events:
#: the zones each one takes cards from and puts them in, for its player.
_DB_MOVES: tuple[tuple[str, str], ...] = (
    ("rookie_chosen", "deck>duel_zone"),
    ("dealt", "deck>hand deck>online"),
    ("prepared", "hand>digivolve_zone"),
    ("rookie_change_set", "hand>pending_rookie"),
    ("rookie_changed", "duel_zone>offline pending_rookie>duel_zone"),
    ("digivolved", "digivolve_zone>duel_zone"),
    ("payment", "online>offline hand>offline"),
    ("support_placed", "hand>power_port"),
    ("hand_sent_offline", "hand>offline"),
    ("use_it_or_lose_it", "digivolve_zone>offline"),
    ("option_played", "hand>power_port"),
    ("use_requirement", "hand>offline online>offline"),
    ("downgraded", "duel_zone>offline"),
    ("milled", "online>offline"),
    ("digimon_sent_offline", "duel_zone>offline"),
    ("power_options_offline", "power_port>offline"),
    ("discarded", "hand>offline"),
    ("drew", "online>hand"),
    ("online_exhausted", "duel_zone>offline digivolve_zone>offline power_port>offline "
                         "pending_rookie>offline"),
    ("recycled", "offline>online"),
)

#: The card moves of each DCG event (GameHooks.moves), read from the oracle's events (a
#: security check's zones are the defender's: GameHooks.opponent_fields).
_DCG_MOVES: tuple[tuple[str, str], ...] = (
    ("drew", "deck>hand"),
    # (the move a skipped draw leaves out: it moves no card, an engine that draws there does)
    ("draw_skipped", "deck>hand"),
    ("mulligan", "hand>deck"),
    ("security_set", "deck>security"),
    ("hatched", "egg_deck>breeding_area"),
    ("moved", "breeding_area>battle_area"),
    ("played", "hand>battle_area security>battle_area"),
    ("digivolved", "hand>battle_area"),
    ("option_used", "hand>trash"),
    ("security_check", "security>trash"),
    ("deleted", "battle_area>trash"),
    ("returned_to_hand", "battle_area>hand battle_area>trash"),
    ("sources_trashed", "battle_area>trash"),
)


def _db_check_state(state: Any) -> None:
    """The Digi-Battle rule invariants of every position (``strategies.invariants``
    ``check_state``, derived from the rule texts: cards conserved, DB-A.0; a Rookie at the
    bottom of each Duel Zone, DB-A.1/C.6; hand sizes, DB-D.1; the target, DB-C.9; an empty
    Online deck recycled, DB-D.3). Raises their ``InvariantViolation`` (with ``clause``)."""
    try:
        from strategies.invariants import check_state
    except ImportError:  # pragma: no cover - shipped with digiconform
        return
    check_state(state, moves=False)


@cache
def _digibattle() -> GameHooks:
    from oracle import rulesets

    db = rulesets.get("digibattle")
    return GameHooks(
        "digibattle", db.new_game, _last_answer(db.legal_actions), db.apply, db.action_from_json,
        _db_draw_setup, _db_shrink_setups, _db_chance, _db_probes, _db_chance_probes,
        ("choose_rookie", "prepare", "ready", "change_rookie", "digivolve", "pass",
         "play_option", "discard", "draw"),
        _DB_EVENT_FIELDS, "points_scored", dict(db.home_clauses),
        # A game ended (or not) where no oracle event ends it: DB-C.9 says when it is won.
        unexplained=(("winner", "DB-C.9"), ("end_reason", "DB-C.9")),
        # ... unless it was won on a wrong score: the scoring rule is broken (DB-C.5).
        consequences=tuple((f, "score") for f in ("winner", "end_reason", "phase", "step",
                                                 "to_move")),
        check_state=_db_check_state, setup_clause="DB-A.0",
        leaves_at={"duel_started": ("digivolve", "reveal")},
        starts=(("duel_started", "first_player"), ("battle_started", "to_move")),
        # DB-B.2: "The first player turns the Digivolve Zone card face up" -- the reveal's
        # first decision is the Duel's first player's, whatever step entered it (the coin
        # toss, DB-B.1; a new Duel, DB-D.6, which names the first player, not the order)
        opens=(("digivolve", "reveal", "DB-B.2"),),
        card_keys=("card", "cards", "online_to_offline", "discarded", "sent_offline",
                   "offline", "support"),
        moves=_DB_MOVES, flow_fields=("phase", "step", "winner"),
        field_clauses=(
            ("held", "DB-C.2", frozenset()),
            ("digimon_power", "DB-A.4", frozenset({
                "duel_zone", "plays", "power_port", "digivolve_zone", "phase",
                "option_played", "effect_void", "downgraded"})),
        ))


# ---------------------------------------------------------------------------------------------
# Digimon Card Game (chapter 6)


def dcg_setup(swap: bool = False, variants: Mapping[str, str] | None = None
              ) -> dict[str, Any]:
    """A ``dcg`` setup: the shipped REAL card set and the two shipped decks (by name;
    ``digiconform vectors export`` writes them out for other engines)."""
    from oracle import rulesets

    setup = rulesets.get("dcg").default_setup()
    if swap:
        setup["decks"].reverse()
    setup["variants"] = dict(variants or {})
    return setup


def dcg_test_only_setup(swap: bool = False, variants: Mapping[str, str] | None = None
                        ) -> dict[str, Any]:
    """A ``dcg`` setup on the card set ``dcg-real+test-only``: the shipped real decks, each
    with four cards of one number (red-memory's Monodramon BT1-009, blue-tempo's Gomamon
    ST2-02) replaced by four of the INVENTED test-only Drain Testmon X-01 ("[Start of Your
    Turn] Lose 2 memory"). No real card loses memory at the start of a turn, so only such
    decks let random games reach an end of turn before the unsuspend (DCG-6-2-1-2; about one
    game in five) and its postponement (DCG-6-6-4, DCG-AMB-1). The decks are written out as
    deck objects; ``digiconform vectors export`` writes the card set."""
    import orjson

    setup = orjson.loads(_test_only_setup())  # (a fresh copy of the named setup)
    if swap:
        setup["decks"].reverse()
    setup["variants"] = dict(variants or {})
    return setup


@cache
def _test_only_setup() -> bytes:
    """The ``dcg`` named setup ``test-only``, encoded (built once: its decks are written out
    from the shipped ones)."""
    import orjson

    from oracle import rulesets

    return orjson.dumps(rulesets.get("dcg").named_setups["test-only"]())


def _dcg_draw_setup(draw: Any, readings: Mapping[str, str]) -> dict[str, Any]:
    """A third of the games each: the shipped real decks red-memory and blue-tempo,
    :func:`dcg_test_only_setup`, and the ST-1 deck against the ST-2 deck (the named setup
    ``starters``: every card of the two starter sets); either seat first. With ``verify
    --deck``/``--deck-file`` (:func:`drawing_decks`), two of the decks named, drawn."""
    chosen = _chosen_decks("dcg", draw)
    if chosen is not None:
        setup = dcg_setup(False, readings)
        setup["decks"] = chosen
        return setup
    kind = draw.pick(6)
    if kind >= 4:
        from oracle import rulesets

        setup = rulesets.get("dcg").named_setups["starters"]()
        if kind == 5:
            setup["decks"].reverse()
        setup["variants"] = dict(readings or {})
        return setup
    if kind >= 2:
        return dcg_test_only_setup(kind == 3, readings)
    return dcg_setup(kind == 1, readings)


def _dcg_shrink_setups(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [dict(setup)]


def _dcg_chance(state: Any, pick: Pick, permute: Permute) -> Any:
    from oracle import rulesets

    due = state.chance.to_json()
    action = rulesets.get("dcg").action_from_json
    if due["kind"] == "first_player":
        return action({"type": "choose_first", "winner": pick(2)})
    return action({"type": "shuffle", "player": due["player"], "deck": due["deck"],
                   "order": permute(list(due["cards"]))})


def _dcg_probes(state: Any, acts: Sequence[Any]) -> list[Mapping[str, Any]]:
    """Likely-illegal DCG actions, each checking a refusal clause: the other player acting
    (DCG-6-1-1), a breeding action outside the Breeding phase (DCG-6-4-1), a card not in hand
    played (DCG-6-5-1-1), an attack or an activation by a stack that is not there
    (DCG-6-5-1-5/6), an action the ruleset does not support (DCG-6-5-1-1/-4), a chance
    answer with no chance due."""
    p = state.to_move
    me = state.players[p]
    hand = set(me.hand)
    not_in_hand = next((c for c in sorted(state.game.cards.cards) if c not in hand), "ST1-01")
    return [
        {**acts[0].to_json(), "player": 1 - p},
        {"type": "choose_first", "winner": 0},
        {"type": "pass", "player": p},
        {"type": "hatch", "player": p},
        {"type": "do_nothing", "player": p},
        {"type": "play", "player": p, "card": not_in_hand},
        {"type": "attack", "player": p, "attacker": 999, "target": "player"},
        {"type": "digixros", "player": p},
        {"type": "link", "player": p},
    ]


def _dcg_chance_probes(state: Any) -> list[Mapping[str, Any]]:
    due = state.chance
    out: list[Mapping[str, Any]] = [{"type": "pass", "player": 0}]
    if due.kind == "first_player":
        out.append({"type": "shuffle", "player": 0, "deck": "deck", "order": []})
    else:
        out.append({"type": "choose_first", "winner": 1})
        out.append({"type": "shuffle", "player": due.player, "deck": due.deck,
                    "order": list(due.cards)[1:]})
    return out


_DCG_EVENT_FIELDS = _fields((
    ("game_over", "phase step winner reason to_move"),
    ("end_of_turn_postponed", "phase step resume_step to_move memory pending"),
    ("end_of_turn", "turn turn_player phase step pending to_move"),
    ("turn_ended", "turn turn_player phase step to_move resume_step once_per_turn_used "
                   "pending delayed played_this_turn"),
    # the set-up's end (CR4.2 Game setup) begins turn 1: the first turn, its number and
    # memory are its doing, before the first turn's own events at the same step
    ("game_started", "turn turn_player memory phase step to_move"),
    # (a skipped draw changes nothing of the hand or deck; an engine that draws there shows
    # it in the hand, while a deck that alone differs is the set-up's, security_set)
    ("draw_skipped", "hand phase step to_move"),
    ("effect_lost", "pending delayed memory"),
    ("delayed", "delayed"),
    ("deleted", "battle_area trash cards"),
    # an effect's targets chosen (CR4.2 Triggered effects / the choose answer), and what it
    # did to them: back to the hand, digivolution cards trashed, a duration begun
    ("returned_to_hand", "battle_area hand trash cards"),
    ("sources_trashed", "battle_area cards trash"),
    ("lasting", "lasting"),
    ("chosen", "choice pending"),
    # the block timing (CR4.2 Blocking): the blocker suspended, the attack redirected
    ("blocked", "attack target suspended choice"),
    ("block_declined", "attack stage choice"),
    # a security check, one card at a time (<Security Attack +n>: the attack's checks)
    ("security_check", "security trash battle_area attack checks"),
    ("battle", "battle_area trash"),
    ("start_of_turn", "phase step pending to_move"),
    ("unsuspended", "suspended"),
    ("memory", "memory"),
    ("triggered", "pending"),
    ("resolved", "pending memory once_per_turn_used choice"),
    ("hatched", "breeding_area egg_deck"),
    ("moved", "breeding_area battle_area"),
    ("digivolved", "battle_area cards hand memory"),
    ("played", "battle_area hand memory played_this_turn"),
    ("option_used", "hand trash memory"),
    ("activated", "once_per_turn_used memory pending"),
    ("attack_declared", "attack suspended choice"),
    ("attack_ended", "attack phase step to_move"),
    ("drew", "hand deck"),
    ("passed", "memory phase step to_move"),
    ("mulligan", "hand deck mulliganed mulligan_decided"),
    ("kept", "mulligan_decided to_move step"),
    ("security_set", "security deck"),
    ("shuffled", "deck egg_deck chance to_move step"),
    ("first_player", "first_player turn_player to_move"),
    ("main_phase", "phase step to_move"),
    ("did_nothing", "phase step to_move"),
))



@cache
def _dcg() -> GameHooks:
    import json

    from oracle import rulesets
    from oracle.resources import schemas_dir

    dcg = rulesets.get("dcg")
    # the gauge's limit from the language-neutral contract (the state schema's memory bound),
    # not from oracle/dcg: the verifier reaches the oracle only through the driver (layering)
    limit = json.loads((schemas_dir() / "dcg" / "state.schema.json").read_text(
        encoding="utf-8"))["$defs"]["memory"]["maximum"]
    return GameHooks(
        "dcg", dcg.new_game, _last_answer(dcg.legal_actions), dcg.apply, dcg.action_from_json,
        _dcg_draw_setup, _dcg_shrink_setups, _dcg_chance, _dcg_probes, _dcg_chance_probes,
        ("resolve", "keep", "mulligan", "hatch", "move", "do_nothing", "play", "digivolve",
         "use_option", "attack", "activate", "pass"),
        _DCG_EVENT_FIELDS, "memory", dict(dcg.home_clauses),
        # A turn passed to the other player when the rules did not end it: the turn-end
        # condition; cards unsuspended when the rules skipped unsuspending: the turn ended
        # during start-of-turn processing; a winner where the rules end no game: the
        # victory conditions (a loss at a draw that the deck still allowed).
        (("turn_player", "DCG-6-1-4-1"), ("suspended", "DCG-6-2-1-2"),
         ("winner", "CR4.2 Victory conditions")),
        turn_ends=frozenset({"turn_ended"}),
        turn_fields=frozenset({"turn", "turn_player", "to_move", "phase", "step"}),
        turn_cause="memory", turn_condition="DCG-6-1-4-1",
        setup_clause="CR4.2 Deck construction",
        opponent_fields=(("security_check", frozenset({"security", "trash"})),),
        # (a security card the engine left in the security, checked by the oracle: the
        # security check's, CR4.2 Security checks, not the rule of the battle it led to)
        card_keys=("card", "cards"), moves=_DCG_MOVES, object_keys=("stack", "stacks"),
        gauge_limit=(limit, "CR4.2 Memory"), end_begins=frozenset({"end_of_turn"}),
        start_phases=frozenset({"unsuspend"}),
        # DCG-6-1-2: the phases of a turn in order, each with its own rule (a phase entered
        # and skipped by the engine breaks that phase's rule: DCG-6-4-1, exactly one
        # breeding action, also when the breeding area is occupied)
        phases=(("unsuspend", "DCG-6-2-1"), ("draw", "DCG-6-3-1"),
                ("breeding", "DCG-6-4-1"), ("main", "DCG-6-5-1")),
        # (the oracle reading triggered effects' timings for another player: CR4.2
        # Triggered effects, rulesets.dcg_timings_read_for)
        mistimed=(partial(rulesets.dcg_timings_read_for, "both"),
                  partial(rulesets.dcg_timings_read_for, "other")),
        trigger_clause="CR4.2 Triggered effects",
        # The oracle emits the Main phase's beginning under the order of the phases
        # (DCG-6-1-2) and a mulligan's redraw under the set-up's draw it repeats (CR4.2
        # Game setup). Taken from the Breeding phase, the phase ends because its one action
        # was taken (DCG-6-4-1: exactly one of hatch, move, do nothing; the oracle refuses
        # a second one under it); taken from a mulligan, the 5 cards drawn again are the
        # mulligan's (docs/rules/DCG-CONTEXT.md 1.3, step 4: "return the whole hand,
        # shuffle, and draw 5 again") where the hand differs (a redraw that ends the set-up
        # changes the deck too: a deck that differs with the hand alike is the security's,
        # CR4.2 Game setup). (The reshuffle keeps the set-up's clause: a set-up that does not
        # finish after it shows in the step and phase the shuffle changes.)
        event_clauses=(("breeding", "main_phase", "DCG-6-4-1", ""),
                       ("mulligan_shuffle", "drew", "CR4.2 Mulligan", "hand")))
